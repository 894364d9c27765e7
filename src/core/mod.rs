pub mod action_code;
pub mod bounded;
pub mod dice;
pub mod graph;
pub mod hex;
pub mod odds;
pub mod outcome;
pub mod record;
