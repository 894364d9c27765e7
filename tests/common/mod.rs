//! Helpers shared by the integration tests (each test file that needs them says `mod common;`).
#![allow(dead_code)]
pub mod bm;
pub mod muskets;
