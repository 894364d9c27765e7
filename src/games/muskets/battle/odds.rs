//! The exact odds of every roll a player's action triggers, as one `Distribution` of typed
//! results (core/odds.rs). The odds use only what the deciding side may know: where the
//! enemy's Operational Control result is still secret (SR 9.2.n) they assume it passed, and
//! say so.
use super::action::{Action, Counter, CuId, Modifier, OptionKind, Section, Side, Terrain};
use super::engagement::Cause;
use super::scenario::Arm;
use super::sequence::{Charge, Engage, Phase};
use super::Battle;
use crate::core::odds::{Distribution, OddsError};
use serde::Serialize;
use tsify::Tsify;

/// What a roll decides, as the odds list it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
#[serde(tag = "roll", rename_all = "snake_case")]
pub enum Roll {
    /// SR 9.2.o.2: every roller within his Initiative keeps the chits; otherwise one is
    /// discarded. `leaders_lost`: rollers whose unmodified 10 is followed by a 9 or 10 on the
    /// casualty check (SR 12.1.a.3), the roll that follows on its own.
    Pass { clean: bool, leaders_lost: u8 },
    /// SR 9.2.o.1.b.i: the CiC's roll to play another option (and the casualty check after
    /// an unmodified 10, SR 12.1.a.3).
    AnotherOption { granted: bool, leader_lost: bool },
    /// SR 9.2.o.1.b.ii: the Section Commander's roll to continue (and the casualty check
    /// after an unmodified 10, SR 12.1.a.3).
    Continue { granted: bool, leader_lost: bool },
    /// BOE 3.a: the force leader's roll.
    Reinforce { arrives: bool },
    /// BOE 1: the CiC withdraws in good order (the pursuit 3 columns left) or not (2 right);
    /// with the Pursuit Table roll that follows as the battle ends (SR 9.2.p, the G8 stand-in):
    /// the percent read, None when the pursuit is not played.
    Withdraw { good_order: bool, pursuit_percent: Option<u16> },
    /// Bombardment (G9 stand-in): 8 or more hits; `leader_hit`: it hits with an unmodified 10,
    /// so a leader of the target section is drawn at random and hit if one remains there after
    /// the loss (SR 12.1.a.2).
    Bombardment { hits: bool, leader_hit: bool },
    /// A rally (SR 9.2.o.1.b.iii) or a Recover (BOE 4): the shattered SP that rally.
    Rally { sp: u16 },
    /// An engagement (G9 stand-in): who wins, None for a tie; an Automatic Victory at 8:1 is
    /// certain. With the roll that follows on its own: the SP of the loser's checking CU that
    /// shatter in its morale check after its losses (0 on a tie, an Automatic Victory, or a CU
    /// the losses eliminate).
    Engagement { winner: Option<Side>, loser_shattered: u16 },
    /// A Cavalry Charge (BOE, D55): the charge wins Cavalry Superiority, or the infantry holds
    /// and the charging cavalry checks (and shatters or not).
    CavalryCharge { superiority: bool, charger_shattered: bool },
    /// The morale check of the bombarded CU after its loss: the SP that shatter.
    MoraleCheck { shattered: u16 },
    /// SR 9.2.n: the side's own Operational Control Check at the end of Planning.
    OperationalControl { passed: bool },
}

/// The odds of an action: the exact distribution of what its roll decides, and what they
/// assume of the enemy's secrets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct Odds {
    /// (Named in full for TypeScript: the type prefix would otherwise rename the shared type.)
    #[tsify(type = "Distribution<BattleRoll>")]
    pub distribution: Distribution<Roll>,
    /// The enemy's Operational Control modifier the odds assume while it is secret (SR 9.2.n:
    /// +1, a passed check, the case to fear); None when it is known or plays no part.
    pub enemy_occ_assumed: Option<i8>,
    /// The weights are rounded to 10^15 cases (`core::odds::ROUNDED_DENOMINATOR`): the exact
    /// odds need more than JavaScript's 2^53 (a Recover of 16 or more CUs, BOE 4).
    pub rounded: bool,
}

impl Odds {
    fn of(distribution: Distribution<Roll>) -> Odds {
        Odds { distribution, enemy_occ_assumed: None, rounded: false }
    }
}

/// One d10 against a need: succeeding on `need` of 10 faces (held within 0..=10).
fn d10_within(need: i16, f: impl Fn(bool) -> Roll) -> Distribution<Roll> {
    Distribution::die(10, |d| f(i16::from(d) <= need))
}

/// A roll against a leader's Initiative `need`: (within it, the leader lost), the casualty
/// check's die following an unmodified 10, where 9 or 10 makes him a casualty (SR 12.1.a.3).
fn initiative_with_casualty(need: i16) -> Distribution<(bool, bool)> {
    let mut weights: Vec<((bool, bool), u64)> = (1..10i16).map(|d| ((d <= need, false), 10)).collect();
    weights.push(((10 <= need, false), 8));
    weights.push(((10 <= need, true), 2));
    Distribution::from_weights(weights).unwrap_or_else(|_| Distribution::certain((false, false)))
}

impl Battle {
    /// The exact odds of a legal action that rolls dice (None for an illegal action or one
    /// that rolls none).
    pub(crate) fn action_odds(&self, a: &Action) -> Option<Odds> {
        let p = self.current_prompt()?;
        if !p.actions.contains(a) {
            return None;
        }
        let side = p.side;
        let init = |c: Counter| i16::from(self.leader(c).initiative);
        let odds = match (&self.phase, a) {
            (_, Action::Pass) => {
                // SR 9.2.o.2: every roller (each Joint Leader) rolls against his Initiative.
                // Each may be lost after an unmodified 10 (SR 12.1.a.3).
                let mut d = Distribution::certain((true, 0u8));
                for c in self.rollers(side) {
                    let one = initiative_with_casualty(init(c));
                    d = d.combine(&one, |(clean, lost), (ok, l)| (*clean && *ok, lost + u8::from(*l))).ok()?;
                }
                d.map(|(clean, lost)| Roll::Pass { clean: *clean, leaders_lost: *lost })
            }
            (_, Action::TryAnother) => {
                initiative_with_casualty(init(self.side(side).cic)).map(|(ok, lost)| Roll::AnotherOption { granted: *ok, leader_lost: *lost })
            }
            (Phase::FollowUp { last, .. }, Action::Continue) => {
                let need = self.section_commander(side, last.from).map_or(0, init);
                initiative_with_casualty(need).map(|(ok, lost)| Roll::Continue { granted: *ok, leader_lost: *lost })
            }
            (_, Action::Reinforce { force }) => {
                let f = self.scen.forces.get(*force as usize)?;
                let need = init(f.leader) - Modifier::sum(&self.reinforce_modifiers(side));
                d10_within(need, |ok| Roll::Reinforce { arrives: ok })
            }
            (_, Action::Withdraw) => {
                // BOE 1: 2d10 + enemy BEP - own BEP against the CiC's OCN.
                let need = i16::from(self.leader(self.side(side).cic).ocn) - Modifier::sum(&self.withdraw_modifiers(side));
                let one = Distribution::die(10, u8::from);
                let order = one.combine(&one, |a, b| i16::from(*a) + i16::from(*b) <= need).ok()?;
                let mut weights = Vec::new();
                for w in &order.outcomes {
                    let good_order = w.outcome;
                    let pursuit = self.pursuit_odds(side.other(), if good_order { -3 } else { 2 })?;
                    let k = 10 / pursuit.denominator;
                    for p in &pursuit.outcomes {
                        weights.push((Roll::Withdraw { good_order, pursuit_percent: p.outcome }, w.weight * p.weight * k));
                    }
                }
                Distribution::from_weights(weights).ok()?
            }
            (_, Action::Bombard { from, .. }) => {
                let m = Modifier::sum(&self.bombard_modifiers(side, *from));
                Distribution::die(10, |d| {
                    let hits = i16::from(d) + m >= 8;
                    Roll::Bombardment { hits, leader_hit: hits && d == 10 }
                })
            }
            (_, Action::Rally { cu, .. }) => self.rally_odds(side, *cu),
            (_, Action::Recover) => {
                // BOE 4: one roll per CU with shattered SP; the SP rallied add up (past 15 CUs
                // the cases exceed 2^53 and the odds are rounded).
                let (mut d, mut rounded) = (Distribution::certain(0u16), false);
                for u in self.shattered_cus(side).collect::<Vec<_>>() {
                    let one = self.rally_odds(side, u).map(|r| if let Roll::Rally { sp } = r { *sp } else { 0 });
                    let (next, r) = d.combine_or_round(&one, |a, b| a + b).ok()?;
                    (d, rounded) = (next, rounded || r);
                }
                return Some(Odds { distribution: d.map(|sp| Roll::Rally { sp: *sp }), enemy_occ_assumed: None, rounded });
            }
            (Phase::Bombard { side: firing, play, .. }, Action::CheckWith { cu, troop }) => self.bombarded_odds(firing.other(), *cu, *troop, play.target)?,
            (Phase::Planning { side, mid: false }, Action::EndPlanning) if *side == self.scen.defender() => self.occ_odds(*side).ok()?,
            _ => return self.combat_odds(side, a),
        };
        Some(Odds::of(odds))
    }

    /// A rally roll of one CU (BOE 4 modifiers): the shattered SP of the types whose Morale
    /// Value the total does not exceed.
    fn rally_odds(&self, side: Side, u: CuId) -> Distribution<Roll> {
        let m = Modifier::sum(&self.rally_modifiers(u));
        let sp = self.cus.get(u as usize).map(|c| c.sp.clone()).unwrap_or_default();
        Distribution::die(10, |d| {
            let total = i16::from(d) + m;
            let rallied = sp.iter().filter(|s| s.shattered > 0 && total <= i16::from(self.troop_values(side, s.troop, false).0)).map(|s| u16::from(s.shattered)).sum();
            Roll::Rally { sp: rallied }
        })
    }

    /// The fresh SP of a CU that shatter on a morale check total, each type against its Morale
    /// Value (`defending`: the type used as the modifier in defence, ER 3.10).
    fn shattered_by(&self, side: Side, sp: &[super::Sp], total: i16, only: Option<Arm>, defending: Option<u8>) -> u16 {
        sp.iter()
            .filter(|x| x.fresh > 0 && self.arm(x.troop) != Arm::Artillery && only.is_none_or(|o| o == self.arm(x.troop)))
            .filter(|x| total > i16::from(self.troop_values(side, x.troop, defending == Some(x.troop)).0))
            .map(|x| u16::from(x.fresh))
            .sum()
    }

    /// The morale die's modifiers for a CU in a section: its leader's Morale Modifier, -1 in
    /// Woods (SR 9.2.i.7.i), and `extra`.
    fn morale_modifier(&self, side: Side, u: CuId, s: Section, extra: i16) -> i16 {
        let woods = if self.side(side).terrain[s.index()] == Some(Terrain::Woods) { -1 } else { 0 };
        i16::from(self.leader(Counter::Cu(u)).morale_modifier) + woods + extra
    }

    /// The bombarded CU loses 1 SP of the named type, then checks morale.
    fn bombarded_odds(&self, def: Side, u: CuId, troop: u8, s: Section) -> Option<Distribution<Roll>> {
        let mut after = self.clone();
        after.take_losses(def, u, troop, s, 1, Cause::Combat, &mut Vec::new());
        if after.total_sp(u) == 0 {
            return Some(Distribution::certain(Roll::MoraleCheck { shattered: 0 }));
        }
        let sp = after.cus.get(u as usize)?.sp.clone();
        let m = after.morale_modifier(def, u, s, 0);
        Some(Distribution::die(10, |d| Roll::MoraleCheck { shattered: after.shattered_by(def, &sp, i16::from(d) + m, None, Some(troop)) }))
    }

    /// SR 9.2.p: the percent the winner `w` reads on the Pursuit Table with its d10, once the
    /// loser's withdrawal shifts the column by `withdraw_shift`; None when pursuit is not played.
    fn pursuit_odds(&self, w: Side, withdraw_shift: i8) -> Option<Distribution<Option<u16>>> {
        if self.options.no_pursuit {
            return Some(Distribution::certain(None));
        }
        let mut at = self.clone();
        at.side_mut(w.other()).withdraw_shift = withdraw_shift;
        let (_, _, column) = at.pursuit_column(w);
        Some(Distribution::die(10, |d| Some(Battle::pursuit_percent(d, column))))
    }

    /// SR 9.2.n for the side's own check: 2d10 per roller + the modifiers against his OCN.
    fn occ_odds(&self, side: Side) -> Result<Distribution<Roll>, OddsError> {
        let m = self.occ_modifier(side);
        let one = Distribution::die(10, u8::from);
        let two = one.combine(&one, |a, b| i16::from(*a) + i16::from(*b))?;
        let mut passed = Distribution::certain(true);
        for l in self.rollers(side) {
            let ocn = i16::from(self.leader(l).ocn);
            let each = two.map(|t| t + m <= ocn);
            passed = passed.combine(&each, |a, b| *a && *b)?;
        }
        Ok(passed.map(|p| Roll::OperationalControl { passed: *p }))
    }

    /// An action that names the last choice of a combat (a commander, a checking unit), or plays
    /// an option whose choices are all forced: the combat's odds once every choice is made.
    fn combat_odds(&self, side: Side, a: &Action) -> Option<Odds> {
        if !matches!(self.phase, Phase::Engage(_) | Phase::Charge(_) | Phase::Turn { .. } | Phase::Group { .. } | Phase::Regroup { .. } | Phase::FlankEnd { .. }) {
            return None;
        }
        let mut probe = self.clone();
        probe.prompt_cache.clear();
        let mut ev = Vec::new();
        probe.perform_checked(a, &mut ev);
        if probe.dice != self.dice {
            return None; // it rolled: not a choice that only leads to a combat
        }
        // The choices the battle makes alone (a single candidate) are made.
        for _ in 0..16 {
            match probe.phase.clone() {
                Phase::Engage(e) => match probe.engage_prompt(&e) {
                    Some(p) if p.actions.len() == 1 => probe.engage_action(*e, &p.actions[0], &mut ev),
                    Some(_) => return None,
                    None => return self.engagement_odds(side, &e),
                },
                Phase::Charge(c) => match probe.charge_prompt(&c) {
                    Some(p) if p.actions.len() == 1 => probe.charge_action(*c, &p.actions[0], &mut ev),
                    Some(_) => return None,
                    None => return self.charge_odds(&probe, &c).map(Odds::of),
                },
                _ => return None,
            }
        }
        None
    }

    /// The engagement's winner over the two d10 (or an Automatic Victory), the modifiers as
    /// `viewer` knows them: the enemy's secret Operational Control result taken as passed.
    fn engagement_odds(&self, viewer: Side, e: &Engage) -> Option<Odds> {
        let (att, def) = (e.side, e.side.other());
        let (sa, sd) = (u32::from(self.section_strength(att, e.play.from)), u32::from(self.section_strength(def, e.play.target)));
        if sa > 0 && sd > 0 && (sa >= 8 * sd || sd >= 8 * sa) {
            let winner = if sa >= 8 * sd { att } else { def };
            return Some(Odds::of(Distribution::certain(Roll::Engagement { winner: Some(winner), loser_shattered: 0 })));
        }
        let foe = viewer.other();
        let mut known = self.clone();
        let assumed = (!self.side(foe).occ_revealed).then_some(1i8);
        if let Some(m) = assumed {
            known.side_mut(foe).occ = m;
        }
        let (ma, md) = known.engagement_modifiers(e);
        let (ma, md) = (Modifier::sum(&ma), Modifier::sum(&md));
        let one = Distribution::die(10, i16::from);
        // The two engagement dice give the winner and the margin; the loser's morale die then
        // follows on its own (the margin sets its losses and its Heavy Defeat modifier).
        let margins = one.combine(&one, |ra, rd| (ra + ma) - (rd + md)).ok()?;
        let mut checks: Vec<(i16, Distribution<u16>)> = Vec::new();
        let mut weights: Vec<(Roll, u64)> = Vec::new();
        for w in &margins.outcomes {
            let margin = w.outcome;
            let winner = match margin.cmp(&0) {
                std::cmp::Ordering::Greater => Some(att),
                std::cmp::Ordering::Less => Some(def),
                std::cmp::Ordering::Equal => None,
            };
            let Some(won) = winner else {
                weights.push((Roll::Engagement { winner: None, loser_shattered: 0 }, w.weight * 10));
                continue;
            };
            let check = match checks.iter().find(|c| c.0 == margin) {
                Some(c) => c.1.clone(),
                None => {
                    let c = known.loser_check_odds(e, won.other(), margin.unsigned_abs())?;
                    checks.push((margin, c.clone()));
                    c
                }
            };
            // Each face of the morale die over 10: the check's weights are tenths.
            let k = 10 / check.denominator;
            for c in &check.outcomes {
                weights.push((Roll::Engagement { winner, loser_shattered: c.outcome }, w.weight * c.weight * k));
            }
        }
        let d = Distribution::from_weights(weights).ok()?;
        Some(Odds { distribution: d, enemy_occ_assumed: assumed, rounded: false })
    }

    /// The loser's morale check after an engagement lost by `diff` (SR 9.2, G9 stand-in): its
    /// checking CU loses half the margin (at least 1; a Pin half that), then, if it stands,
    /// checks morale with +1 for a Heavy Defeat (a margin of 5 or more), a defending type at
    /// its defending Morale Value (ER 3.10). The SP that shatter, over one d10.
    fn loser_check_odds(&self, e: &Engage, loser: Side, diff: u16) -> Option<Distribution<u16>> {
        let (checker, s) = if loser == e.side { (e.att, e.play.from) } else { (e.def, e.play.target) };
        let Some((cu, troop)) = checker else { return Some(Distribution::certain(0)) };
        let lose = super::engagement::loser_losses(diff, e.play.option == OptionKind::Pin);
        let mut after = self.clone();
        after.take_losses(loser, cu, troop, s, lose, Cause::Combat, &mut Vec::new());
        if after.cus.get(cu as usize)?.place == super::Place::Eliminated {
            return Some(Distribution::certain(0));
        }
        let sp = after.cus.get(cu as usize)?.sp.clone();
        let m = after.morale_modifier(loser, cu, s, i16::from(diff >= 5));
        let defending = (loser != e.side).then_some(troop);
        Some(Distribution::die(10, |d| after.shattered_by(loser, &sp, i16::from(d) + m, None, defending)))
    }

    /// BOE Cavalry Charge (D55): the infantry's morale check, then, if it holds, the charging
    /// CU's check of its cavalry SP.
    fn charge_odds(&self, at: &Battle, c: &Charge) -> Option<Distribution<Roll>> {
        let (att, def) = (c.side, c.side.other());
        let (a, (d, troop)) = (c.att?, c.def?);
        let def_sp = at.cus.get(d as usize)?.sp.clone();
        let att_sp = at.cus.get(a as usize)?.sp.clone();
        let fresh: u16 = def_sp.iter().filter(|x| at.arm(x.troop) != Arm::Artillery).map(|x| u16::from(x.fresh)).sum();
        let (md, ma) = (at.morale_modifier(def, d, c.play.target, 0), at.morale_modifier(att, a, c.play.from, 0));
        let one = Distribution::die(10, i16::from);
        one.combine(&one, |dd, da| {
            let superiority = at.shattered_by(def, &def_sp, dd + md, None, Some(troop)) == fresh;
            let charger_shattered = !superiority && at.shattered_by(att, &att_sp, da + ma, Some(Arm::Cavalry), None) > 0;
            Roll::CavalryCharge { superiority, charger_shattered }
        })
        .ok()
    }
}

/// The Operational Control Check's modifier for a side (SR 9.2.n.1).
impl Battle {
    pub(crate) fn occ_modifier(&self, side: Side) -> i16 {
        let st = self.side(side);
        let mut m: i16 = 0;
        if side == self.scen.defender() {
            m -= 1;
        }
        if st.command == super::action::Command::Joint {
            m += if self.present_hqs(side).is_empty() { 5 } else { 2 };
        }
        m += 2 * i16::from(st.hand[OptionKind::Outflank.index()] > 0);
        m += i16::from(st.hand[OptionKind::Assault.index()]);
        m += i16::from(st.hand[OptionKind::CavalryCharge.index()] / 2);
        m
    }
}
