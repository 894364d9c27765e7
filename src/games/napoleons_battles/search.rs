//! The search extension: sides, returns, a heuristic, a fresh dice stream. Napoleon's Battles
//! hides nothing (b.10), so a determinization is the position itself with fresh dice.
use super::action::{Order, Side};
use super::NapoleonsBattles;
use crate::core::dice::Dice;
use crate::games::Search;

impl Search for NapoleonsBattles {
    const SIDES: &'static [Side] = &[Side::French, Side::Allied];

    fn returns(&self) -> Option<Vec<f64>> {
        self.outcome.as_ref().map(|o| o.returns(Self::SIDES))
    }

    /// The armies' strength left (figures of units not routed or gone) and how near each is to
    /// breaking (b.7).
    fn heuristic(&self, side: Side) -> f64 {
        if let Some(r) = self.returns() {
            return if side == Side::French { r[0] } else { r[1] };
        }
        let strength = |s: Side| {
            let (mut now, mut start) = (0u32, 0u32);
            for (i, u) in self.units.iter().enumerate() {
                if self.scen.units[i].side == s {
                    start += u32::from(self.scen.units[i].figures);
                    if matches!(u.order, Order::Formed | Order::Disordered) {
                        now += u32::from(u.figures);
                    }
                }
            }
            f64::from(now) / f64::from(start.max(1))
        };
        let breaking = |s: Side| f64::from(self.broken_units(s)) / f64::from(self.scen.side(s).break_at.max(1));
        let v = 0.5 * (strength(side) - strength(side.other())) + 0.5 * (breaking(side.other()) - breaking(side));
        v.clamp(-0.95, 0.95)
    }

    fn reseeded(&self, seed: u64) -> Self {
        let mut g = self.clone();
        g.dice = Dice::seeded(seed);
        g
    }

    fn determinize(&self, _viewer: Side, seed: u64) -> Self {
        self.reseeded(seed)
    }
}
