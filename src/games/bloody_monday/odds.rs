//! Exact odds of every action that makes dice roll, in the shared `Distribution` type, and
//! computed from the deciding side's view only ([Setup] fog of war): a battle's dice (5.3.1
//! artillery, 5.3.4 ground combat, 5.3.5, 9.1 ambush, 9.9), the 9.2 salvo and the random draw
//! of reinforcements (3.3, 6.1). Enemy blocks that side cannot see are counted, never valued.
use super::action::{Action, AreaId, BlockId, Side};
use super::fog::{BlockView, View};
use super::scenario::Kind;
use super::sequence::{BStage, Phase};
use super::{BloodyMonday, Loc};
use crate::core::odds::{Distribution, OddsError};
use serde::Serialize;
use std::collections::HashMap;
use tsify::Tsify;

/// The dice of a battle as `viewer` can count them (5.3). Each distribution is the number of
/// hits rolled by the dice as the units stand now; the hits each side takes are the other
/// side's, less the defence bonus on the defender's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
pub struct BattleOdds {
    pub area: AreaId,
    pub attacker: Side,
    /// The side the odds were computed for (the one deciding).
    pub viewer: Side,
    /// Hits from the attacker's ground-combat dice that `viewer` can see.
    #[tsify(type = "Distribution<number>")]
    pub attacker_hits: Distribution<u32>,
    /// Hits from the attacker's artillery that may still fire into the area (5.3.1: TF, one
    /// die a level, the strongest guns first, up to the cap).
    #[tsify(type = "Distribution<number>")]
    pub artillery_hits: Distribution<u32>,
    /// Hits from the defender's ground-combat dice that `viewer` can see.
    #[tsify(type = "Distribution<number>")]
    pub defender_hits: Distribution<u32>,
    /// Hits the defender ignores (1.2.1; what is left of it in a battle under way, D4).
    pub defence_bonus: u8,
    /// Blocks of each side in the area that `viewer` cannot see (their dice are not counted).
    pub hidden_attackers: u8,
    pub hidden_defenders: u8,
    /// True when `viewer` sees every block in the area, so the distributions are complete.
    pub exact: bool,
}

/// The 9.2 salvo into one area: the guns declared at it and their hits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
pub struct SalvoTarget {
    pub area: AreaId,
    pub guns: u8,
    /// Hits rolled (4 TF dice a gun).
    #[tsify(type = "Distribution<number>")]
    pub hits: Distribution<u32>,
    /// 1.2.1 one defence bonus a target area.
    pub defence_bonus: u8,
    /// Hits the Russians must take after the bonus.
    #[tsify(type = "Distribution<number>")]
    pub net_hits: Distribution<u32>,
}

/// One reinforcement placed: which block, in which area (3.3: in order, the first with room).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
pub struct Arrival {
    pub block: BlockId,
    pub area: AreaId,
}

/// The exact odds of an action decided by dice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
#[serde(tag = "kind")]
pub enum Odds {
    /// A battle resolved now or fought on after this decision (5.3).
    Battle { battle: BattleOdds },
    /// 5.3.1 this gun fires (TF, one die a level), and the battle that follows.
    ArtilleryFire {
        artillery: BlockId,
        #[tsify(type = "Distribution<number>")]
        hits: Distribution<u32>,
        battle: BattleOdds,
    },
    /// 9.1 the jager fires first with its normal dice, and the battle that follows.
    Ambush {
        jager: BlockId,
        #[tsify(type = "Distribution<number>")]
        hits: Distribution<u32>,
        battle: BattleOdds,
    },
    /// 9.2 the Grand Battery salvo, target by target.
    Salvo { targets: Vec<SalvoTarget> },
    /// 3.3 / 6.1 the blocks drawn at random from the reserve and where they are placed.
    Reinforcements {
        #[tsify(type = "Distribution<BmArrival[]>")]
        arrivals: Distribution<Vec<Arrival>>,
    },
}

/// Hits of dice needing `need` or more on a d6 (2.2).
fn hits_of(needs: impl IntoIterator<Item = u8>) -> Result<Distribution<u32>, OddsError> {
    Distribution::successes(needs.into_iter().map(|n| (7u8.saturating_sub(n.clamp(1, 7)), 6)))
}

/// Hits of `n` TF dice (4, 5 or 6 hit: 5.3.1, 9.2).
fn tf_hits(n: usize) -> Result<Distribution<u32>, OddsError> {
    hits_of(std::iter::repeat_n(4, n))
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Equally likely distributions mixed into one (a uniform random pick, then each).
fn mixture<O: PartialEq + Clone>(parts: &[Distribution<O>]) -> Result<Distribution<O>, OddsError> {
    let mut l: u64 = 1;
    for p in parts {
        l = (l / gcd(l, p.denominator)).checked_mul(p.denominator).ok_or(OddsError::TooFine)?;
    }
    let mut weights = Vec::new();
    for p in parts {
        let k = l / p.denominator;
        for w in &p.outcomes {
            weights.push((w.outcome.clone(), w.weight.checked_mul(k).ok_or(OddsError::TooFine)?));
        }
    }
    Distribution::from_weights(weights)
}

/// A reserve draw in progress: the blocks still in the pool, those placed (sorted), draws left.
type DrawState = (Vec<BlockId>, Vec<Arrival>, u8);

impl BloodyMonday {
    /// The exact odds of `a` for the side deciding now, None when no die decides it.
    pub(crate) fn action_odds(&self, a: &Action) -> Option<Odds> {
        let viewer = self.current_prompt()?.side;
        match (&self.phase, a) {
            (Phase::GrandBattery, Action::Salvo { artillery, target }) => {
                let mut declared = self.salvo.clone();
                // An area number from input: only areas of the map (no index without a check).
                let t = target.checked_sub(1).filter(|&t| usize::from(t) < self.control.len())?;
                declared.push((*artillery, t));
                self.salvo_odds(&declared)
            }
            (Phase::GrandBattery, Action::EndSalvo) if !self.salvo.is_empty() => self.salvo_odds(&self.salvo),
            (_, Action::Reinforce { count }) if *count > 0 => self.reinforcement_odds(viewer, *count),
            (_, Action::ResolveBattle { area }) => Some(Odds::Battle { battle: self.battle_odds(viewer, *area)? }),
            (Phase::Battle, _) => self.battle_step_odds(viewer, a),
            _ => None,
        }
    }

    /// Odds of a decision inside the battle under way: those after which dice roll.
    fn battle_step_odds(&self, viewer: Side, a: &Action) -> Option<Odds> {
        let bt = self.battle.as_ref()?;
        let area = bt.area + 1;
        match a {
            // Block numbers from input: only a gun that may fire, only a block of the game.
            Action::FireArtillery { artillery } if !self.artillery_candidates(bt).contains(artillery) => None,
            Action::Ambush { jager } if usize::from(*jager) >= self.blocks.len() => None,
            Action::FireArtillery { artillery } => Some(Odds::ArtilleryFire {
                artillery: *artillery,
                hits: tf_hits(self.strength(*artillery) as usize).ok()?,
                battle: self.battle_odds(viewer, area)?,
            }),
            Action::Ambush { jager } => Some(Odds::Ambush {
                jager: *jager,
                hits: hits_of(self.hit_numbers(*jager)).ok()?,
                battle: self.battle_odds(viewer, area)?,
            }),
            // After these the battle goes on to its dice (5.3.3-5.3.5, 9.1).
            Action::EndArtillery
            | Action::StandFast
            | Action::HoldPosition { .. }
            | Action::Skirmish { .. }
            | Action::CombinedAttack
            | Action::NoCombinedAttack => Some(Odds::Battle { battle: self.battle_odds(viewer, area)? }),
            // A hit assigned while the battle's dice are still ahead (after artillery fire, a
            // combined attack's first roll or a 9.9 step). Whether they roll at once or after
            // another decision is not asked of the position, which could tell of hidden blocks.
            Action::AssignHit { .. } if bt.stage != BStage::End => Some(Odds::Battle { battle: self.battle_odds(viewer, area)? }),
            _ => None,
        }
    }

    /// The dice of the battle in area number `area` as `viewer` sees them.
    pub(crate) fn battle_odds(&self, viewer: Side, area: AreaId) -> Option<BattleOdds> {
        let attacker = self.active;
        let view = self.view_for(viewer);
        battle_odds_from_view(self, &view, attacker, area, self.imp.art_cap).ok()
    }

    /// 9.2 each declared gun rolls `salvo_dice` TF dice; one defence bonus a target area.
    fn salvo_odds(&self, declared: &[(BlockId, u8)]) -> Option<Odds> {
        let mut targets: Vec<SalvoTarget> = Vec::new();
        for &(_, t) in declared {
            if targets.iter().any(|x| x.area == t + 1) {
                continue;
            }
            let guns = declared.iter().filter(|&&(_, x)| x == t).count();
            let hits = tf_hits(guns * self.scen.salvo_dice as usize).ok()?;
            let bonus = self.scen.area(t).terrain.defence_bonus(self.control[t as usize] == Side::Russian);
            let net_hits = hits.map(|h| h.saturating_sub(u32::from(bonus)));
            targets.push(SalvoTarget { area: t + 1, guns: guns as u8, hits, defence_bonus: bonus, net_hits });
        }
        Some(Odds::Salvo { targets })
    }

    /// 3.3 / 6.1 `count` draws from `side`'s reserve, each placed in the first area of the
    /// reinforcement order that may take it (a block that fits nowhere stays in the reserve).
    fn reinforcement_odds(&self, side: Side, count: u8) -> Option<Odds> {
        let pool: Vec<BlockId> = self.side_blocks(side).filter(|&b| self.blocks[b as usize].loc == Loc::Reserve).collect();
        let arrivals = self.draws(side, (pool, Vec::new(), count), &mut HashMap::new()).ok()?;
        Some(Odds::Reinforcements { arrivals })
    }

    /// The draws from `state` on; equal states (the same pool and placements) are followed once.
    fn draws(&self, side: Side, state: DrawState, memo: &mut HashMap<DrawState, Distribution<Vec<Arrival>>>) -> Result<Distribution<Vec<Arrival>>, OddsError> {
        let (pool, placed, left) = &state;
        if *left == 0 || pool.is_empty() {
            return Ok(Distribution::certain(placed.clone()));
        }
        if let Some(d) = memo.get(&state) {
            return Ok(d.clone());
        }
        let order = &self.scen.reinforcement_order[side.index()];
        let mut parts = Vec::with_capacity(pool.len());
        for (k, &b) in pool.iter().enumerate() {
            let fits = order.iter().copied().find(|&a| {
                let here = placed.iter().filter(|p| p.area == a + 1).count();
                self.reinforcement_area_ok(side, a, Some(b)) && self.room(a, side) > here
            });
            let next = match fits {
                Some(a) => {
                    let rest: Vec<BlockId> = pool.iter().enumerate().filter(|&(i, _)| i != k).map(|(_, &x)| x).collect();
                    let mut now = placed.clone();
                    now.push(Arrival { block: b, area: a + 1 });
                    now.sort();
                    (rest, now, left - 1)
                }
                // No area may take it: it stays in the reserve and the draw is spent.
                None => (pool.clone(), placed.clone(), left - 1),
            };
            parts.push(self.draws(side, next, memo)?);
        }
        let d = mixture(&parts)?;
        memo.insert(state, d.clone());
        Ok(d)
    }
}

/// Battle odds from what `viewer` sees in `view` (and the public block data of the scenario).
fn battle_odds_from_view(g: &BloodyMonday, view: &View, attacker: Side, area: AreaId, art_cap: u8) -> Result<BattleOdds, OddsError> {
    let av = view.areas.get((area as usize).wrapping_sub(1)).ok_or(OddsError::Empty)?;
    let scen = g.scenario();
    // 2.2 a combat unit rolls its first dots (half, rounded up, with a light-blue cube, D6),
    // one better inspired (5.2.2); a support unit its one die (2.3a).
    let needs = |b: BlockId, strength: u8, blue: bool, yellow: bool| -> Vec<u8> {
        let blk = scen.block(b);
        if blk.kind.is_combat() {
            let n = if blue { (strength as usize).div_ceil(2) } else { strength as usize };
            blk.dots.iter().take(n).map(|d| d.hits_on(yellow)).collect()
        } else {
            blk.dots.iter().take(1).map(|d| d.hits_on(false)).collect()
        }
    };
    let mut dice: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
    let mut hidden = [0u8; 2];
    for v in &av.blocks {
        match v {
            BlockView::Known { block, side, strength, blue, yellow, .. } => {
                dice[(*side != attacker) as usize].extend(needs(*block, *strength, *blue, *yellow))
            }
            BlockView::Hidden { side, .. } => hidden[(*side != attacker) as usize] += 1,
        }
    }
    // 5.3.1 artillery that may fire: the attacker's activated guns adjacent, best first.
    let mut guns: Vec<u8> = Vec::new();
    for other in &view.areas {
        if !scen.adjacent(other.area - 1, area - 1) {
            continue;
        }
        for v in &other.blocks {
            if let BlockView::Known { block, side, strength, activated, .. } = v {
                let fired = view.battle.as_ref().is_some_and(|b| b.artillery_fired.contains(block));
                if *side == attacker && *activated && *strength > 0 && !fired && matches!(scen.block(*block).kind, Kind::FootArtillery | Kind::HorseArtillery) {
                    guns.push(*strength);
                }
            }
        }
    }
    guns.sort_unstable_by(|a, b| b.cmp(a));
    let already = view.battle.as_ref().map_or(0, |b| b.artillery_fired.len()) as u8;
    let art_dice: usize = guns.iter().take(art_cap.saturating_sub(already) as usize).map(|&s| s as usize).sum();
    let defender = attacker.other();
    let bonus = match &view.battle {
        Some(b) if b.area == area => b.defence_bonus_left,
        _ => scen.area(area - 1).terrain.defence_bonus(av.control == defender),
    };
    Ok(BattleOdds {
        area,
        attacker,
        viewer: view.viewer,
        attacker_hits: hits_of(dice[0].iter().copied())?,
        artillery_hits: tf_hits(art_dice)?,
        defender_hits: hits_of(dice[1].iter().copied())?,
        defence_bonus: bonus,
        hidden_attackers: hidden[0],
        hidden_defenders: hidden[1],
        exact: hidden == [0, 0],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mixture_weighs_its_parts_equally() {
        let a = Distribution::die(2, |f| f);
        let b = Distribution::certain(1u8);
        let m = mixture(&[a, b]).unwrap();
        assert_eq!((m.denominator, m.weight_of(&1), m.weight_of(&2)), (4, 3, 1));
    }

    #[test]
    fn dots_hit_by_their_colour() {
        // A black (6) and a blue (3+) dot: P(0) = 5/6 * 2/6 = 10/36.
        let d = hits_of([6, 3]).unwrap();
        assert_eq!(d.chance(|&h| h == 0), (5, 18));
        assert_eq!(tf_hits(4).unwrap().weight_of(&4) * 16, tf_hits(4).unwrap().denominator);
    }
}
