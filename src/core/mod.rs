pub mod dice;
pub mod hex;
pub mod record;
