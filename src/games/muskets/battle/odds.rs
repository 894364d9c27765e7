//! The exact odds of every roll a player's action triggers, as one `Distribution` of typed
//! results (core/odds.rs). The odds use only what the deciding side may know: where the
//! enemy's Operational Control result is still secret (SR 9.2.n) they assume it passed, and
//! say so.
use super::action::{Action, Counter, CuId, EndReason, Event, Modifier, OptionKind, RollPurpose, Section, Side};
use super::engagement::{Cause, FollowDice, Margin};
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
    /// certain. With the rolls and consequences that follow on their own: the SP of the
    /// loser's checking CU that shatter in its morale check after its losses (0 on a tie, an
    /// Automatic Victory, or a CU the losses eliminate); the SP that shatter in ER 3.4.b's
    /// British cavalry checks after an Allied win (one die per British cavalry CU of the
    /// winning section); `guard_broken`: ER 4.5.c, the Guard was the Imperials' checking type
    /// and they lost, so its whole section shatters and the battle ends; how the battle ends,
    /// if it does (SR 9.2.l: a side's Battle Endurance exhausted, or ER 4.5.c); and the
    /// Pursuit Table roll that follows as it ends (SR 9.2.p, the G8 stand-in): the percent the
    /// battle's winner reads, None when no pursuit is played.
    Engagement { winner: Option<Side>, loser_shattered: u16, british_shattered: u16, guard_broken: bool, battle_ends: Option<End>, pursuit_percent: Option<u16> },
    /// A Cavalry Charge (BOE, D55): the charge wins Cavalry Superiority, or the infantry holds
    /// and the charging cavalry checks (and shatters or not). With the rolls that follow on
    /// their own: the SP of British cavalry that shatter in their checks after a won
    /// superiority (ER 3.4.b), how the battle ends if it does, and the Pursuit Table's percent
    /// then (SR 9.2.p).
    CavalryCharge { superiority: bool, charger_shattered: bool, british_shattered: u16, battle_ends: Option<End>, pursuit_percent: Option<u16> },
    /// The morale check of the bombarded CU after its loss: the SP that shatter.
    MoraleCheck { shattered: u16 },
    /// SR 9.2.n: the side's own Operational Control Check at the end of Planning.
    OperationalControl { passed: bool },
}

/// How a roll ends the battle: its winner (None for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct End {
    pub winner: Option<Side>,
    pub reason: EndReason,
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
                    let mut at = self.clone();
                    at.side_mut(side).withdraw_shift = if good_order { -3 } else { 2 };
                    let pursuit = at.pursuit_odds(Some(side.other()));
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

    /// The bombarded CU loses 1 SP of the named type, then checks morale.
    fn bombarded_odds(&self, def: Side, u: CuId, troop: u8, s: Section) -> Option<Distribution<Roll>> {
        let mut after = self.clone();
        after.take_losses(def, u, troop, s, 1, Cause::Combat, &mut Vec::new());
        if after.total_sp(u) == 0 {
            return Some(Distribution::certain(Roll::MoraleCheck { shattered: 0 }));
        }
        let sp = after.cus.get(u as usize)?.sp.clone();
        let m = Modifier::sum(&after.morale_modifiers(def, u, &[]));
        Some(Distribution::die(10, |d| Roll::MoraleCheck { shattered: after.shattered_by(def, &sp, i16::from(d) + m, None, Some(troop)) }))
    }

    /// SR 9.2.p: the percent the battle's winner reads on the Pursuit Table with its d10 in
    /// the column this battle gives it; None when there is no winner or pursuit is not played.
    fn pursuit_odds(&self, winner: Option<Side>) -> Distribution<Option<u16>> {
        match winner {
            Some(w) if !self.options.no_pursuit => {
                let (_, _, column) = self.pursuit_column(w);
                Distribution::die(10, |d| Some(Battle::pursuit_percent(d, column)))
            }
            _ => Distribution::certain(None),
        }
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
                    None => return probe.engagement_odds(side, &e),
                },
                Phase::Charge(c) => match probe.charge_prompt(&c) {
                    Some(p) if p.actions.len() == 1 => probe.charge_action(*c, &p.actions[0], &mut ev),
                    Some(_) => return None,
                    None => return Self::charge_odds(&probe, &c),
                },
                _ => return None,
            }
        }
        None
    }

    /// The engagement's winner over the two d10 (or an Automatic Victory), the modifiers as
    /// `viewer` knows them: the enemy's secret Operational Control result taken as passed.
    /// For each winner and difference, what follows is played with every case of its dice
    /// (`follow_on`); then the Pursuit Table roll if the battle ends.
    fn engagement_odds(&self, viewer: Side, e: &Engage) -> Option<Odds> {
        let (att, def) = (e.side, e.side.other());
        let foe = viewer.other();
        let mut known = self.clone();
        known.prompt_cache.clear();
        let assumed = (!self.side(foe).occ_revealed).then_some(1i8);
        if let Some(m) = assumed {
            known.side_mut(foe).occ = m;
        }
        // Each case: (winner, its weight over the two dice's 100 cases, the follow-on cases).
        let mut cases: Vec<(Option<Side>, u64, Vec<FollowOn>)> = Vec::new();
        if let Some((winner, loser, s)) = known.automatic_victor(e) {
            let mut after = known.clone();
            after.automatic_victory(winner, loser, s, &mut Vec::new());
            cases.push((Some(winner), 100, vec![FollowOn::of(&after, 0, 1, 0, 0, false)]));
        } else {
            let (ma, md) = known.engagement_modifiers(e);
            let (ma, md) = (Modifier::sum(&ma), Modifier::sum(&md));
            let one = Distribution::die(10, i16::from);
            // The two engagement dice give the winner and the margin; what follows depends on
            // nothing else.
            let margins = one.combine(&one, |ra, rd| (ra + ma) - (rd + md)).ok()?;
            // What follows depends on the winner and what the difference decides (`Margin`):
            // played once for each.
            let k = 100 / margins.denominator;
            let pin = e.play.option == OptionKind::Pin;
            let mut decided: Vec<((Option<Side>, Margin), u64)> = Vec::new();
            for w in &margins.outcomes {
                let winner = match w.outcome.cmp(&0) {
                    std::cmp::Ordering::Greater => Some(att),
                    std::cmp::Ordering::Less => Some(def),
                    std::cmp::Ordering::Equal => None,
                };
                let key = (winner, Margin::of(w.outcome.unsigned_abs(), pin));
                match decided.iter_mut().find(|d| d.0 == key) {
                    Some(d) => d.1 += w.weight * k,
                    None => decided.push((key, w.weight * k)),
                }
            }
            for ((winner, margin), w) in decided {
                cases.push((winner, w, known.follow_on(e, winner, margin)));
            }
        }
        let cases: Vec<(u64, FollowOn, Option<Side>)> = cases.into_iter().flat_map(|(winner, w, follow)| follow.into_iter().map(move |f| (w, f, winner))).collect();
        let (d, rounded) = weigh(&cases, |winner, f, pursuit_percent| Roll::Engagement {
            winner: *winner,
            loser_shattered: f.loser_shattered,
            british_shattered: f.british_shattered,
            guard_broken: f.guard_broken,
            battle_ends: f.ends,
            pursuit_percent,
        })?;
        Some(Odds { distribution: d, enemy_occ_assumed: assumed, rounded })
    }

    /// Every case of the dice `play` rolls through a `Path`, each die taking one face of each
    /// set of faces that decide alike, case after case through the tree of dice: `f` on the
    /// battle after it, what `play` returned, the path and how many of its dice's cases give it.
    fn every_case<T>(&self, play: impl Fn(&mut Battle, &mut Path) -> T, mut f: impl FnMut(&Battle, T, &Path, u64)) {
        let mut take: Vec<usize> = Vec::new();
        loop {
            let mut after = self.clone();
            let mut path = Path { take, met: Vec::new() };
            let r = play(&mut after, &mut path);
            let mut cases = 1u64;
            for ((_, alike), &k) in path.met.iter().zip(&path.take) {
                let Some(c) = alike.get(k) else { return };
                cases *= c.faces;
            }
            f(&after, r, &path, cases);
            // The next case: the deepest die with a set of faces not yet played.
            take = std::mem::take(&mut path.take);
            loop {
                let Some(k) = take.pop() else { return };
                if path.met.get(take.len()).is_some_and(|m| k + 1 < m.1.len()) {
                    take.push(k + 1);
                    break;
                }
            }
        }
    }

    /// What follows an engagement's two dice, won by `winner` by `margin`: the battle's own
    /// `engagement_aftermath` played once per case of its follow-on dice (the loser's morale
    /// check, ER 3.4.b's British cavalry checks), each die taking one face of each set of faces
    /// that decide alike, case after case through the tree of dice.
    fn follow_on(&self, e: &Engage, winner: Option<Side>, margin: Margin) -> Vec<FollowOn> {
        let mut out = Vec::new();
        let play = |b: &mut Battle, path: &mut Path| b.engagement_aftermath(e, winner, margin, path, &mut Vec::new());
        self.every_case(play, |after, guard_broken, path, cases| {
            let loser_shattered = path.shattered(|p| matches!(p, RollPurpose::Morale { .. }));
            let british_shattered = path.shattered(|p| matches!(p, RollPurpose::BritishCavalry { .. }));
            out.push(FollowOn::of(after, path.met.len() as u32, cases, loser_shattered, british_shattered, guard_broken));
        });
        out
    }

    /// BOE Cavalry Charge (D55): the infantry's morale check, then, if it holds, the charging
    /// CU's check of its cavalry SP.
    /// The engine's own checks of the charge (`charge_aftermath`) played with every case of
    /// their dice, then the Pursuit Table roll if the battle ends (ER 3.4.b's British cavalry
    /// checks can cost the last BEP).
    fn charge_odds(at: &Battle, c: &Charge) -> Option<Odds> {
        let a = c.att?;
        let mut cases: Vec<(u64, FollowOn, bool)> = Vec::new();
        let play = |b: &mut Battle, path: &mut Path| b.charge_aftermath(c, path, &mut Vec::new());
        at.every_case(play, |after, superiority, path, n| {
            let charger = path.shattered(|p| *p == RollPurpose::Morale { cu: a });
            let british = path.shattered(|p| matches!(p, RollPurpose::BritishCavalry { .. }));
            let f = FollowOn::of(after, path.met.len() as u32, n, charger, british, false);
            cases.push((1, f, superiority.unwrap_or(false)));
        });
        let (d, rounded) = weigh(&cases, |superiority, f, pursuit_percent| Roll::CavalryCharge {
            superiority: *superiority,
            charger_shattered: f.loser_shattered > 0,
            british_shattered: f.british_shattered,
            battle_ends: f.ends,
            pursuit_percent,
        })?;
        Some(Odds { distribution: d, enemy_occ_assumed: None, rounded })
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

/// One case of an engagement's follow-on dice: how many of its dice's cases give it, and what
/// it decides.
struct FollowOn {
    /// The follow-on dice rolled, and how many of their 10^dice cases give this case.
    dice: u32,
    cases: u64,
    loser_shattered: u16,
    british_shattered: u16,
    guard_broken: bool,
    ends: Option<End>,
    /// The Pursuit Table roll as the battle ends (SR 9.2.p).
    pursuit: Distribution<Option<u16>>,
}

impl FollowOn {
    fn of(after: &Battle, dice: u32, cases: u64, loser_shattered: u16, british_shattered: u16, guard_broken: bool) -> FollowOn {
        let ends = match after.phase {
            Phase::End { winner, reason } => Some(End { winner, reason }),
            _ => None,
        };
        let pursuit = ends.map_or(Distribution::certain(None), |e| after.pursuit_odds(e.winner));
        FollowOn { dice, cases, loser_shattered, british_shattered, guard_broken, ends, pursuit }
    }
}

/// The distribution of `cases` (each: its weight before its follow-on dice, what they
/// decided, and what `roll` needs besides), over one denominator for every case: 10 per
/// follow-on die of the longest case, and 10 for the Pursuit Table die.
fn weigh<W>(cases: &[(u64, FollowOn, W)], roll: impl Fn(&W, &FollowOn, Option<u16>) -> Roll) -> Option<(Distribution<Roll>, bool)> {
    let most = cases.iter().map(|c| c.1.dice).max().unwrap_or(0);
    let mut weights: Vec<(Roll, u128)> = Vec::new();
    for (w, f, extra) in cases {
        let scale = u128::from(*w) * u128::from(f.cases) * 10u128.pow(most - f.dice);
        let k = 10 / f.pursuit.denominator;
        for p in &f.pursuit.outcomes {
            weights.push((roll(extra, f, p.outcome), scale * u128::from(p.weight * k)));
        }
    }
    Distribution::from_wide_weights(weights).ok()
}

/// The faces `every_case` gives the follow-on dice along one path through them.
struct Path {
    /// The set of faces taken at each die of the path (the first where not given).
    take: Vec<usize>,
    /// Each die met: its purpose and its sets of faces that decide alike.
    met: Vec<(RollPurpose, Vec<Alike>)>,
}

/// Faces of a die that decide alike: one of them, how many, and the SP they shatter.
#[derive(Clone, Copy)]
struct Alike {
    face: u8,
    faces: u64,
    sp: u16,
}

impl Path {
    /// The SP shattered along the path by the dice of purposes `of`.
    fn shattered(&self, of: impl Fn(&RollPurpose) -> bool) -> u16 {
        self.met.iter().zip(&self.take).filter(|((p, _), _)| of(p)).filter_map(|((_, alike), &k)| alike.get(k)).map(|c| c.sp).sum()
    }
}

impl FollowDice for Path {
    fn roll(&mut self, _: &mut Battle, _: Side, purpose: RollPurpose, effects: [u16; 10], _: &mut Vec<Event>) -> u8 {
        let mut alike: Vec<Alike> = Vec::new();
        for (face, sp) in (1..=10u8).zip(effects) {
            match alike.iter_mut().find(|c| c.sp == sp) {
                Some(c) => c.faces += 1,
                None => alike.push(Alike { face, faces: 1, sp }),
            }
        }
        let i = self.met.len();
        if i == self.take.len() {
            self.take.push(0);
        }
        let face = alike.get(self.take[i]).map_or(1, |c| c.face);
        self.met.push((purpose, alike));
        face
    }
}
