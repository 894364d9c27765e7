//! Exact odds of every roll a player triggers (b.10): a fire's hits, a rally, a melee's first
//! round. Every test is one d10 against a number, or two d10s.
use super::action::{Action, Order};
use super::fire::fire_hits;
use super::melee::round_losses;
use super::NapoleonsBattles;
use crate::core::odds::Distribution;
use crate::games::Rules;
use serde::Serialize;
use tsify::Tsify;

/// What a roll may bring.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(type_prefix = "Nb")]
#[serde(tag = "kind")]
pub enum Result {
    /// Hits on the target of a fire.
    Hits { hits: u8 },
    Rallied { success: bool },
    /// Losses of the first round of a melee, French then Allied.
    Round { french: u8, allied: u8 },
}

pub type Odds = Distribution<Result>;

impl NapoleonsBattles {
    pub(crate) fn odds_of(&self, a: &Action) -> Option<Odds> {
        let listed = self.prompt().is_some_and(|p| p.actions.contains(a));
        if !listed {
            return None;
        }
        match *a {
            Action::Fire { unit, target } => {
                let f = self.check_fire(unit, target).ok()?;
                Some(Distribution::die(10, |d| Result::Hits { hits: fire_hits((d as i8 + f.modifier).clamp(0, 10), f.target_number, f.unlimbered_target) }))
            }
            Action::Rally { unit } => {
                let q = self.generals_touching(unit).map(|g| self.scen.generals[g].rating.quality.rally_modifier()).max().unwrap_or(0);
                let need = self.response(unit) as i8 + q;
                Some(Distribution::die(10, |d| Result::Rallied { success: (d as i8) <= need }))
            }
            Action::Fight { unit } => {
                let group = self.combat_groups().into_iter().find(|g| g[0] == unit)?; // listed: still open
                let c = super::melee::Combat { members: group, broke_enemy: [false; 2], rounds: 0, deciding: self.phasing, ended: false, withdrawn: 0 };
                let [f, al] = self.round_modifiers(&c)?;
                if self.unit(f.unit).order == Order::Gone {
                    return None;
                }
                let (rf, ra) = (self.rout_number(f.unit), self.rout_number(al.unit));
                let df = Distribution::die(10, |d| d);
                let da = Distribution::die(10, |d| d);
                df.combine(&da, |&x, &y| {
                    let (lf, la) = round_losses((x as i8 + f.modifier).clamp(0, 10), (y as i8 + al.modifier).clamp(0, 10), f.modifier, al.modifier, rf, ra);
                    Result::Round { french: lf, allied: la }
                })
                .ok()
            }
            _ => None,
        }
    }
}
