//! Helpers shared by the integration tests (each test file that needs them says `mod common;`).
#![allow(dead_code)]
pub mod bm;
pub mod conformance;
pub mod fuzz;
pub mod muskets;

/// A small deterministic generator for choosing actions in random games (not the game's dice):
/// the same xorshift as `games::random_playout`.
pub struct Pick(pub u64);

impl Pick {
    /// A choice among `n`.
    pub fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
