//! Rules engines for four Napoleonic board wargames.
//!
//! `core` holds game-agnostic pieces (dice, hex geometry, the saved-game record);
//! `games` holds the shared contract and one module per ruleset; `wasm` is the thin
//! browser handle.
pub mod core;
pub mod opponent;
pub mod games;
pub mod mail;
pub mod wasm;
