//! The readings of nb-gaps.md §d that are genuine forks, as options (b.10); the suggested
//! reading is each option's default (off).
use crate::games::GameError;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Nb")]
#[serde(default)]
pub struct Options {
    /// D5: only a general of the unit's own chain of command may rally it (default: any).
    pub rally_own_chain: bool,
    /// D11: ratios that apply to the same inch multiply (default: only the highest applies).
    pub multiply_ratios: bool,
    /// D18: the 1" woods limit binds infantry fire as well as artillery fire.
    pub woods_limit_infantry: bool,
    /// D27: "+2 horse arty move and fire, +3 foot arty move and fire" read literally as bonuses
    /// (default: the penalties −2 and −3).
    pub literal_move_and_fire: bool,
    /// D36: the withdrawal roll adds (own response − enemy response) instead of the raw number.
    pub relative_withdrawal: bool,
    /// b.4: a unit is also dispersed at 25% or less of its starting figures.
    pub quarter_dispersal: bool,
    /// c.6 "Blake's own army": Blake commands the Army of Galicia as an Overall commander.
    pub blakes_own_army: bool,
}

const FLAGS: u16 = 7;

impl Options {
    pub(crate) fn bits(&self) -> u16 {
        [
            self.rally_own_chain,
            self.multiply_ratios,
            self.woods_limit_infantry,
            self.literal_move_and_fire,
            self.relative_withdrawal,
            self.quarter_dispersal,
            self.blakes_own_army,
        ]
        .iter()
        .enumerate()
        .fold(0, |acc, (i, &b)| acc | (u16::from(b) << i))
    }
    pub(crate) fn from_bits(bits: u16) -> Options {
        let b = |i: u16| bits & (1 << i) != 0;
        Options {
            rally_own_chain: b(0),
            multiply_ratios: b(1),
            woods_limit_infantry: b(2),
            literal_move_and_fire: b(3),
            relative_withdrawal: b(4),
            quarter_dispersal: b(5),
            blakes_own_army: b(6),
        }
    }
    /// Every option on.
    pub fn all() -> Options {
        Options::from_bits((1 << FLAGS) - 1)
    }
    pub(crate) fn encode(&self) -> Vec<u8> {
        self.bits().to_le_bytes().to_vec()
    }
    pub(crate) fn decode(bytes: &[u8]) -> Result<Options, GameError> {
        let [lo, hi] = bytes else {
            return Err(GameError::Options(format!("Napoleon's Battles options are 2 bytes, found {}", bytes.len())));
        };
        let bits = u16::from_le_bytes([*lo, *hi]);
        if bits >> FLAGS != 0 {
            return Err(GameError::Options(format!("unknown option bits {bits:#06x}")));
        }
        Ok(Options::from_bits(bits))
    }
}
