//! The Age of Muskets I operational campaign. So far only its strategic map (a STAND-IN, see
//! `scenarios/README.md`).
pub mod map;
