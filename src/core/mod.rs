pub mod dice;
pub mod graph;
pub mod hex;
pub mod record;
