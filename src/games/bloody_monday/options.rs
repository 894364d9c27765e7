//! 9.0 Optional rules, each a separate switch (the default game is the basic rules).
use crate::games::GameError;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// The twelve optional rules 9.1-9.12. Last Blood (10.0) switches all of them on.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
#[serde(default)]
pub struct Options {
    /// 9.1 Russian jagers: skirmish or ambush; jagers set up with the infantry.
    pub jagers: bool,
    /// 9.2 Grand Battery salvo before the first impulse.
    pub grand_battery: bool,
    /// 9.3 Mobility: Murat and light cavalry 6 MP, jagers 4, militia 2.
    pub mobility: bool,
    /// 9.4 First Sabre of the Empire: Murat orders and inspires cavalry of any colour.
    pub first_sabre: bool,
    /// 9.5 Cossacks: Platov orders only cossacks; cossacks are not cavalry for 5.3.5.
    pub cossacks: bool,
    /// 9.6 Steadfast units: a shield ignores the first hit.
    pub steadfast: bool,
    /// 9.7 Exhausted tactical leaders may be activated (range 0).
    pub exhausted_leaders: bool,
    /// 9.8 General Offensive.
    pub general_offensive: bool,
    /// 9.9 Advanced combat in yellow and red areas.
    pub advanced_combat: bool,
    /// 9.10 Battle fatigue in the Final Phase.
    pub battle_fatigue: bool,
    /// 9.11 Barclay/Bagration command limit.
    pub command_limit: bool,
    /// 9.12 Extreme command limit (includes 9.11).
    pub extreme_command_limit: bool,
}

impl Options {
    /// Every optional rule (Last Blood).
    pub fn all() -> Options {
        Options::from_bits(0x0FFF)
    }
    /// The optional rules 9.1 to 9.n, as the rulebook recommends adding them (9.0).
    pub fn up_to(n: u8) -> Options {
        Options::from_bits((1u16 << n.min(12)) - 1)
    }
    pub(crate) fn bits(&self) -> u16 {
        [
            self.jagers,
            self.grand_battery,
            self.mobility,
            self.first_sabre,
            self.cossacks,
            self.steadfast,
            self.exhausted_leaders,
            self.general_offensive,
            self.advanced_combat,
            self.battle_fatigue,
            self.command_limit,
            self.extreme_command_limit,
        ]
        .iter()
        .enumerate()
        .fold(0, |acc, (i, &b)| acc | ((b as u16) << i))
    }
    pub(crate) fn from_bits(bits: u16) -> Options {
        let b = |i: u16| bits & (1 << i) != 0;
        Options {
            jagers: b(0),
            grand_battery: b(1),
            mobility: b(2),
            first_sabre: b(3),
            cossacks: b(4),
            steadfast: b(5),
            exhausted_leaders: b(6),
            general_offensive: b(7),
            advanced_combat: b(8),
            battle_fatigue: b(9),
            command_limit: b(10),
            extreme_command_limit: b(11),
        }
    }
    pub(crate) fn encode(&self) -> Vec<u8> {
        self.bits().to_le_bytes().to_vec()
    }
    pub(crate) fn decode(bytes: &[u8]) -> Result<Options, GameError> {
        let [lo, hi] = bytes else {
            return Err(GameError::Options(format!(
                "Bloody Monday options are 2 bytes, found {}",
                bytes.len()
            )));
        };
        let bits = u16::from_le_bytes([*lo, *hi]);
        if bits & !0x0FFF != 0 {
            return Err(GameError::Options(format!("unknown option bits {bits:#06x}")));
        }
        Ok(Options::from_bits(bits))
    }
    /// 9.11 is in force (9.12 includes it).
    pub fn command_limit_on(&self) -> bool {
        self.command_limit || self.extreme_command_limit
    }
    /// A selection that skips an earlier rule (9.0 advises using them in order).
    pub fn out_of_order(&self) -> bool {
        let b = self.bits();
        b & (b + 1) != 0
    }
}
