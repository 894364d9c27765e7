//! Age of Muskets Vol. I: *Tomb for an Empire* (rulebook `002_638eac295c9d147c.txt`).
//!
//! `battle` is the Field Battle (Series Rule 9.2) as a sub-game of its own: the campaign calls
//! it when a Field Battle starts, and it stands alone for the six battle scenarios D.1-D.6.
pub mod battle;

/// The operational campaign (CS1-CS18); so far its strategic map.
pub mod campaign;
