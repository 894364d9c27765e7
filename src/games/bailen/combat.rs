//! Combat, Resolving a Combat, Reaction Artillery, Cavalry Pursuit and Combined Attacks.
//!
//! One activation is a `Fight`: a principal counter declares one or two shots (targets named
//! before any die is rolled), optional supporters, then each shot is resolved in turn: tactical
//! retreat, the die, the result, the defender's retreat. Vacated hexes queue an advance.
use super::action::{Action, CombatResult, Event, RollPurpose, Side, Step, UnitId};
use super::scenario::{Kind, BUILDING, HILL, OLIVE};
use super::sequence::{with_end, Cont, Phase};
use super::scenario::side_index;
use super::tables::NONE;
use super::{cell, Bailen, Place};
use crate::core::hex::{line_of_sight, Hex};
use crate::core::odds::Distribution;
use crate::games::Prompt;
use serde::Serialize;
use tsify::Tsify;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) enum FightKind {
    /// Reaction Artillery of the Inactive Player.
    Reaction,
    /// An activation of step 5.
    Combat,
    /// The attack of a counter that advanced after combat.
    Chained,
    /// Cavalry Pursuit (step 6).
    Pursuit,
}

/// An attacker as `may_attack` sees it: its hex, the fight, and what its neighbours tell.
struct Attacker {
    unit: UnitId,
    hex: Hex,
    kind: FightKind,
    /// In an enemy ZoC.
    in_zoc: bool,
    /// Reaction fire with an organized enemy adjacent.
    organised_adjacent: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shot {
    pub target: UnitId,
    pub supporter: Option<UnitId>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum FightStage {
    SecondTarget,
    Support(usize),
    Resolve,
    TacticalRetreat,
    Retreat { unit: UnitId, from: Hex },
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Fight {
    pub kind: FightKind,
    pub unit: UnitId,
    pub shots: Vec<Shot>,
    pub next: usize,
    pub stage: FightStage,
    /// Dice rolled together for a concentrated two-shot fire, not yet used.
    pub dice: Vec<u8>,
    /// The current shot's defender declined a tactical retreat.
    pub stood: bool,
    /// The current shot has been announced.
    pub announced: bool,
}

impl Fight {
    fn new(kind: FightKind, unit: UnitId, target: UnitId, stage: FightStage) -> Fight {
        Fight { kind, unit, shots: vec![Shot { target, supporter: None }], next: 0, stage, dice: Vec::new(), stood: false, announced: false }
    }
    /// On to the next declared shot.
    fn next_shot(&mut self) {
        self.next += 1;
        self.stood = false;
        self.announced = false;
        self.stage = FightStage::Resolve;
    }
}

/// The numbers of one attack before the die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
pub struct ShotNumbers {
    pub melee: bool,
    /// Combat factor plus modifiers (leader, combined, pursuit).
    pub attack: u8,
    /// Defence factor (disorganised side, cover).
    pub defence: u8,
    /// Artillery alone at range against organised non-artillery: at most disorganise.
    pub capped: bool,
    pub target_disorganised: bool,
    /// Pursuit of disorganised foot artillery: eliminated with no roll.
    pub automatic: bool,
}

/// The exact odds of one attack: the distribution of its result over the six faces of the die.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
pub struct AttackOdds {
    pub numbers: ShotNumbers,
    /// Every result, the impossible ones with weight 0, in the order eliminate, disorganise,
    /// no effect.
    pub distribution: Distribution<CombatResult>,
    /// The defender may avoid this melee by a tactical retreat.
    pub tactical_retreat_possible: bool,
}

impl AttackOdds {
    /// The odds of an attack with these numbers (Resolving a Combat, one die).
    pub(crate) fn of(numbers: ShotNumbers, tactical_retreat_possible: bool) -> AttackOdds {
        let all = [CombatResult::Eliminate, CombatResult::Disorganise, CombatResult::NoEffect];
        let faces = (1..=6).map(|die| (combat_result(&numbers, die), 1));
        // Listing every result first with weight 0 keeps the order fixed for the page.
        let distribution = Distribution::from_weights(all.into_iter().map(|r| (r, 0)).chain(faces))
            .unwrap_or_else(|_| Distribution::certain(CombatResult::NoEffect));
        AttackOdds { numbers, distribution, tactical_retreat_possible }
    }
    /// How many of the die's six faces give `result`.
    pub fn sixths(&self, result: CombatResult) -> u64 {
        self.distribution.weight_of(&result) * 6 / self.distribution.denominator.max(1)
    }
}

/// The result of `total` against `n` (Resolving a Combat).
pub fn combat_result(n: &ShotNumbers, die: u8) -> CombatResult {
    if n.automatic {
        return CombatResult::Eliminate;
    }
    let total = n.attack + die;
    let r = if total <= n.defence {
        CombatResult::NoEffect
    } else if total == n.defence + 1 || n.capped {
        CombatResult::Disorganise
    } else {
        CombatResult::Eliminate
    };
    // A disorganized unit that would be disorganized again is eliminated instead.
    if r == CombatResult::Disorganise && n.target_disorganised {
        CombatResult::Eliminate
    } else {
        r
    }
}

/// The enemy counters an artillery piece may attack from one hex when only its range and the
/// lines of sight limit it (Ranged Combat with Artillery): in counter order, for the hex and
/// the enemy's army counters on the board (`Derived::army_version`), which are all a line of
/// sight depends on besides the terrain (friends do not block it); those out of range do not
/// matter (`Derived::army_changes_since`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Ranged {
    key: Option<(Hex, u32)>,
    targets: Vec<UnitId>,
}

impl Bailen {
    // ---------------------------------------------------------------- who may attack whom

    /// May `unit` attack `target` in a fight of this kind, ignoring activation counts?
    fn can_attack(&self, unit: UnitId, target: UnitId, kind: FightKind) -> bool {
        self.within_attack_range(unit, target) && self.attacker(unit, kind).is_some_and(|a| self.may_attack(&a, target))
    }

    /// Are both on the map, and `target` adjacent to `unit` or, for artillery, within its range?
    /// No attack reaches farther (`may_attack`); a cheap test before the others.
    fn within_attack_range(&self, unit: UnitId, target: UnitId) -> bool {
        match (self.units[unit as usize].hex(), self.units[target as usize].hex()) {
            (Some(uh), Some(th)) => {
                let (c, d) = (self.counter(unit), uh.distance(th));
                d <= 1 || (c.kind.is_artillery() && d <= u16::from(c.range))
            }
            _ => false,
        }
    }

    /// What of the attacker `may_attack` reads: None if `unit` cannot attack at all now.
    fn attacker(&self, unit: UnitId, kind: FightKind) -> Option<Attacker> {
        let u = &self.units[unit as usize];
        let uh = u.hex()?;
        let uc = self.counter(unit);
        if u.disorganised || self.is_water_carrier(unit) {
            return None;
        }
        // Movement Effects for Combat: artillery that moved cannot fight this turn.
        if uc.kind.is_artillery() && u.moved && matches!(kind, FightKind::Combat | FightKind::Chained) {
            return None;
        }
        // Reaction: with organized enemies adjacent, fight one of them and not at range.
        let organised_adjacent = kind == FightKind::Reaction
            && self.around(uh).into_iter().flatten().any(|j| {
                self.enemy_on(uc.side, j) && self.board.get(j).is_some_and(|&b| b > 0 && !self.units[usize::from(b - 1)].disorganised)
            });
        Some(Attacker {
            unit,
            hex: uh,
            kind,
            in_zoc: self.in_enemy_zoc(uc.side, uh),
            organised_adjacent,
        })
    }

    /// The grid indices of the six hexes around `h` (`Hex::neighbours` order), None off the
    /// board.
    fn around(&self, h: Hex) -> [Option<usize>; 6] {
        match self.scen.grid.index(h).and_then(|i| self.tables.nbr.get(i)) {
            Some(n) => n.map(|j| (j != NONE).then_some(usize::from(j))),
            None => self.scen.grid.neighbour_indices_of(h),
        }
    }

    /// May the attacker `a` attack `target` (the rest of `can_attack`)?
    fn may_attack(&self, a: &Attacker, target: UnitId) -> bool {
        let t = &self.units[target as usize];
        let Some(th) = t.hex() else { return false };
        let (uc, tc) = (self.counter(a.unit), self.counter(target));
        if uc.side == tc.side || self.is_water_carrier(target) {
            return false;
        }
        // Swiss Troops: Swiss never fight Swiss.
        if self.options.swiss && uc.swiss && tc.swiss {
            return false;
        }
        // Protection Against Cavalry: infantry in an olive grove.
        if self.options.protection_against_cavalry && uc.kind.is_cavalry() && tc.kind.is_infantry() && self.scen.has(th, OLIVE) {
            return false;
        }
        let adjacent = a.hex.is_adjacent(th);
        if a.kind == FightKind::Reaction {
            if a.organised_adjacent {
                return adjacent && !t.disorganised;
            }
            return adjacent || self.in_range_and_sight(a.unit, a.hex, th);
        }
        if adjacent {
            return true;
        }
        // A unit in an enemy ZoC may attack only the units whose ZoC it is in.
        if a.in_zoc || a.kind == FightKind::Chained {
            return false;
        }
        self.in_range_and_sight(a.unit, a.hex, th)
    }

    /// Only in Ranged Combat with Artillery: range and Line of Sight.
    fn in_range_and_sight(&self, unit: UnitId, from: Hex, to: Hex) -> bool {
        let c = self.counter(unit);
        let d = from.distance(to);
        c.kind.is_artillery() && (2..=u16::from(c.range)).contains(&d) && self.line_of_sight_clear(c.side, from, to)
    }

    /// Line of Sight from `from` to `to` for a piece of `side`.
    fn line_of_sight_clear(&self, side: Side, from: Hex, to: Hex) -> bool {
        // Enemy units, town, olive grove and hill hexes between block; friends do not.
        let blocking = cell::ARMY[side_index(side.other())] | cell::SIGHT_BLOCKING;
        let (grid, cells, los) = (&self.scen.grid, &self.derived.cell, &self.tables.los);
        let blocks = |i: usize| cells.get(i).is_some_and(|&f| f & blocking != 0);
        match (los.line(from, to), grid.index(from)) {
            // The hexes between, from the table of lines (the same as `line_of_sight`).
            (Some((cell, p, first, second)), Some(i)) => {
                let (columns, rows) = (i32::from(grid.columns), i32::from(grid.rows));
                let (c0, r0) = (i as i32 / rows, i as i32 % rows);
                let e = los.extents[p].get(cell).copied().unwrap_or([0; 4]);
                let on_board = c0 + i32::from(e[0]) >= 0
                    && c0 + i32::from(e[1]) < columns
                    && r0 + i32::from(e[2]) >= 0
                    && r0 + i32::from(e[3]) < rows;
                if on_board {
                    // Every hex between is on the board: by grid index.
                    let steps = &los.index_steps[p];
                    let clear = |trace: std::ops::Range<usize>| {
                        steps.get(trace).is_some_and(|s| s.iter().all(|&k| !blocks((i as i32 + k) as usize)))
                    };
                    clear(first) || (!second.is_empty() && clear(second))
                } else {
                    // Off the board nothing blocks.
                    let offsets = &los.columns_rows[p];
                    let clear = |trace: std::ops::Range<usize>| {
                        offsets.get(trace).is_some_and(|s| {
                            s.iter().all(|&(dc, dr)| {
                                let (c, r) = (c0 + i32::from(dc), r0 + i32::from(dr));
                                !(0..columns).contains(&c) || !(0..rows).contains(&r) || !blocks((c * rows + r) as usize)
                            })
                        })
                    };
                    clear(first) || (!second.is_empty() && clear(second))
                }
            }
            _ => line_of_sight(from, to, |h| grid.index(h).is_some_and(blocks)),
        }
    }

    /// Enemy counters `unit` may attack in a fight of this kind. Only artillery out of enemy
    /// ZoC looks beyond its six neighbours.
    pub(crate) fn targets(&self, unit: UnitId, kind: FightKind) -> Vec<UnitId> {
        let mut out = Vec::with_capacity(8);
        self.each_target(unit, kind, |t| out.push(t));
        out
    }

    /// `f` on each of `targets`, in the same order.
    fn each_target(&self, unit: UnitId, kind: FightKind, mut f: impl FnMut(UnitId)) {
        let c = self.counter(unit);
        let beyond = c.kind.is_artillery() && kind != FightKind::Chained;
        // Any other attack is on an adjacent enemy army counter: none without an enemy's ZoC.
        if !beyond && self.units[unit as usize].hex().is_none_or(|h| !self.in_enemy_zoc(c.side, h)) {
            return;
        }
        let Some(a) = self.attacker(unit, kind) else { return };
        if beyond {
            // Only adjacent enemies for a piece in an enemy ZoC in step 5, or with an organized
            // enemy adjacent in reaction (`may_attack`); otherwise the targets at range.
            let adjacent_only = match kind {
                FightKind::Reaction => a.organised_adjacent,
                _ => a.in_zoc,
            };
            if !adjacent_only {
                return self.each_ranged_target(&a, f);
            }
            for (t, th) in self.army_on_map(c.side.other()) {
                if th.distance(a.hex) <= c.range as u16 && self.may_attack(&a, t) {
                    f(t);
                }
            }
        } else {
            for j in self.around(a.hex).into_iter().flatten() {
                match self.board.get(j) {
                    Some(&b) if b > 0 && self.may_attack(&a, b - 1) => f(b - 1),
                    _ => {}
                }
            }
        }
    }

    /// `f` on each enemy army counter within range of the artillery piece `a` that it may
    /// attack, in counter order, when neither an enemy ZoC (step 5) nor an organized adjacent
    /// enemy (reaction) keeps it to its neighbours: then `may_attack` is the same for both
    /// kinds of fight and depends only on the piece's hex and the enemy's counters, so the
    /// list is kept (`Ranged`) until either changes.
    fn each_ranged_target(&self, a: &Attacker, mut f: impl FnMut(UnitId)) {
        let c = self.counter(a.unit);
        let enemy = c.side.other();
        let scan = |f: &mut dyn FnMut(UnitId)| {
            for (t, th) in self.army_on_map(enemy) {
                if th.distance(a.hex) <= c.range as u16 && self.may_attack(a, t) {
                    f(t);
                }
            }
        };
        let Ok(mut memo) = self.search_buffers.ranged.try_borrow_mut() else { return scan(&mut f) };
        if memo.len() != self.units.len() {
            *memo = vec![Ranged::default(); self.units.len()];
        }
        let Some(m) = memo.get_mut(a.unit as usize) else { return scan(&mut f) };
        let e = side_index(enemy);
        let now = self.derived.army_version[e];
        // The list holds while no enemy army counter came or went within range: a target is
        // within range, and so is every hex of a line of sight to it.
        let (hexes, range) = (&self.tables.hexes, u16::from(c.range));
        let holds = match m.key {
            Some((h, v)) if h == a.hex => {
                v == now
                    || self.derived.army_changes_since(e, v).is_some_and(|mut changed| {
                        changed.all(|j| hexes.get(j).is_none_or(|&x| x.distance(a.hex) > range))
                    })
            }
            _ => false,
        };
        if !holds {
            m.targets.clear();
            scan(&mut |t| m.targets.push(t));
        }
        m.key = Some((a.hex, now));
        m.targets.iter().for_each(|&t| f(t));
    }

    /// Reaction Artillery of the Inactive Player: each organized artillery piece once.
    pub(crate) fn reaction_attacks(&self) -> Vec<Action> {
        let inactive = self.active.unwrap_or(Side::French).other();
        let mut acts = self.prompt_cache.spare_actions(32);
        for (u, _) in self.army_on_map(inactive) {
            let unit = &self.units[u as usize];
            if self.counter(u).kind.is_artillery() && !unit.reacted && !unit.disorganised {
                self.each_target(u, FightKind::Reaction, |t| acts.push(Action::Attack { unit: u, target: t }));
            }
        }
        acts
    }

    /// Attacks available in step 5: counters not yet activated while activations remain, and
    /// activated supporters that kept an attack.
    pub(crate) fn combat_attacks(&self) -> Vec<Action> {
        let active = self.active.unwrap_or(Side::French);
        let left = self.turn.combat_left.unwrap_or(0);
        let mut acts = self.prompt_cache.spare_actions(32);
        for (u, _) in self.army_on_map(active) {
            if self.attacks_available(u, left) == 0 {
                continue;
            }
            self.each_target(u, FightKind::Combat, |t| acts.push(Action::Attack { unit: u, target: t }));
        }
        acts
    }

    /// How many attacks `u` could make now in step 5 given `left` activations.
    fn attacks_available(&self, u: UnitId, left: u8) -> u8 {
        let unit = &self.units[u as usize];
        if unit.disorganised || self.is_water_carrier(u) {
            0
        } else if unit.activated {
            unit.attacks_left
        } else if left > 0 {
            self.counter(u).attacks
        } else {
            0
        }
    }

    // ---------------------------------------------------------------- the fight

    pub(crate) fn start_fight(&mut self, kind: FightKind, unit: UnitId, target: UnitId) {
        let available = match kind {
            FightKind::Reaction => {
                self.units[unit as usize].reacted = true;
                self.counter(unit).attacks
            }
            FightKind::Pursuit => 1,
            FightKind::Combat | FightKind::Chained => {
                let n = self.attacks_available(unit, self.turn.combat_left.unwrap_or(0));
                let u = &mut self.units[unit as usize];
                if !u.activated {
                    u.activated = true;
                    if let Some(l) = self.turn.combat_left.as_mut() {
                        *l = l.saturating_sub(1);
                    }
                }
                self.units[unit as usize].attacks_left = 0;
                n
            }
        };
        self.turn.last_kind = Some(kind);
        let stage = if available >= 2 { FightStage::SecondTarget } else { FightStage::Resolve };
        self.turn.fight = Some(Fight::new(kind, unit, target, stage));
        if available < 2 {
            self.after_declaration();
        }
        self.phase = Phase::Fight;
    }

    /// Targets are declared: offer supporters (Combined Attacks), then resolve.
    fn after_declaration(&mut self) {
        let Some(f) = self.turn.fight.as_mut() else { return };
        f.stage = if self.options.combined_attacks && matches!(f.kind, FightKind::Combat | FightKind::Chained) {
            FightStage::Support(0)
        } else {
            FightStage::Resolve
        };
    }

    /// Counters that may support `shot` of the current fight (Combined Attacks).
    fn supporters(&self, f: &Fight, shot: usize) -> Vec<UnitId> {
        let target = f.shots[shot].target;
        let left = self.turn.combat_left.unwrap_or(0);
        let active = self.active.unwrap_or(Side::French);
        self.army_on_map(active)
            .map(|(u, _)| u)
            .filter(|&u| u != f.unit && self.attacks_available(u, left) > 0 && self.can_attack(u, target, FightKind::Combat))
            .collect()
    }

    pub(crate) fn fight_prompt(&self) -> Option<Prompt<Side, Step, Action>> {
        let f = self.turn.fight.as_ref()?;
        let active = self.active.unwrap_or(Side::French);
        let attacker = self.side_of(f.unit);
        match &f.stage {
            FightStage::SecondTarget => {
                let kind = f.kind;
                let acts = with_end(self.targets(f.unit, kind), |t| Action::SecondAttack { unit: f.unit, target: t }, Action::SingleAttack { unit: f.unit });
                Some(Prompt { side: attacker, step: Step::SecondTarget { unit: f.unit, first: f.shots[0].target }, actions: acts, templates: Vec::new() })
            }
            FightStage::Support(i) => {
                let acts = with_end(self.supporters(f, *i), |s| Action::Support { supporter: s }, Action::NoSupport);
                Some(Prompt { side: active, step: Step::Support { attacker: f.unit, target: f.shots[*i].target }, actions: acts, templates: Vec::new() })
            }
            FightStage::TacticalRetreat => {
                let shot = f.shots[f.next];
                let t = shot.target;
                let from = self.units[f.unit as usize].hex()?;
                let acts = with_end(self.retreat_options(t, from), |(via, to)| Action::TacticalRetreat { unit: t, via, to }, Action::StandFast { unit: t });
                Some(Prompt { side: self.side_of(t), step: Step::TacticalRetreat { defender: t }, actions: acts, templates: Vec::new() })
            }
            FightStage::Retreat { unit, from } => {
                let acts = self
                    .retreat_options(*unit, *from)
                    .into_iter()
                    .map(|(via, to)| Action::Retreat { unit: *unit, via, to })
                    .collect();
                Some(Prompt { side: self.side_of(*unit), step: Step::Retreat { unit: *unit }, actions: acts, templates: Vec::new() })
            }
            FightStage::Resolve => None,
        }
    }

    pub(crate) fn fight_action(&mut self, a: &Action, ev: &mut Vec<Event>) {
        let Some(mut f) = self.turn.fight.clone() else { return };
        match (f.stage.clone(), a) {
            (FightStage::SecondTarget, Action::SecondAttack { target, .. }) => {
                f.shots.push(Shot { target: *target, supporter: None });
                self.turn.fight = Some(f);
                self.after_declaration();
            }
            (FightStage::SecondTarget, Action::SingleAttack { .. }) => {
                self.turn.fight = Some(f);
                self.after_declaration();
            }
            (FightStage::Support(i), Action::Support { supporter }) => {
                // Combined Attacks: the supporter is activated and uses one of its attacks.
                let s = &mut self.units[*supporter as usize];
                if s.activated {
                    s.attacks_left = s.attacks_left.saturating_sub(1);
                } else {
                    s.activated = true;
                    s.attacks_left = self.scen.counters[*supporter as usize].attacks - 1;
                    if let Some(l) = self.turn.combat_left.as_mut() {
                        *l = l.saturating_sub(1);
                    }
                }
                f.shots[i].supporter = Some(*supporter);
                f.stage = if i + 1 < f.shots.len() { FightStage::Support(i + 1) } else { FightStage::Resolve };
                self.turn.fight = Some(f);
            }
            (FightStage::Support(i), Action::NoSupport) => {
                f.stage = if i + 1 < f.shots.len() { FightStage::Support(i + 1) } else { FightStage::Resolve };
                self.turn.fight = Some(f);
            }
            (FightStage::TacticalRetreat, Action::TacticalRetreat { unit, via, to }) => {
                // Tactical Retreat: two hexes, disorganized; the attack is lost.
                let from = self.units[*unit as usize].hex();
                self.place_unit(*unit, *to);
                self.units[*unit as usize].disorganised = true;
                ev.push(Event::TacticalRetreated { unit: *unit, path: vec![*via, *to] });
                ev.push(Event::Disorganised { unit: *unit });
                if let (Some(h), true) = (from, f.kind != FightKind::Reaction) {
                    self.turn.vacated.push((h, f.kind));
                }
                ev.push(Event::AttackLost { unit: f.unit, target: *unit });
                f.next_shot();
                self.turn.fight = Some(f);
            }
            (FightStage::TacticalRetreat, Action::StandFast { .. }) => {
                f.stood = true;
                f.stage = FightStage::Resolve;
                self.turn.fight = Some(f);
            }
            (FightStage::Retreat { .. }, Action::Retreat { unit, via, to }) => {
                self.place_unit(*unit, *to);
                ev.push(Event::Retreated { unit: *unit, path: vec![*via, *to] });
                f.next_shot();
                self.turn.fight = Some(f);
            }
            _ => {}
        }
    }

    /// Resolve automatically as far as possible. Returns false when a decision is needed.
    pub(crate) fn fight_step(&mut self, ev: &mut Vec<Event>) -> bool {
        let Some(mut f) = self.turn.fight.clone() else {
            self.phase = Phase::Advance;
            return true;
        };
        if let FightStage::Support(i) = f.stage {
            // The prompt offers the supporters, then no support.
            if !self.wait_for_choice() {
                f.stage = if i + 1 < f.shots.len() { FightStage::Support(i + 1) } else { FightStage::Resolve };
                self.turn.fight = Some(f);
                return true;
            }
            return false;
        }
        if f.stage != FightStage::Resolve {
            return false;
        }
        if f.next >= f.shots.len() {
            // The activation is over: advance after combat, then back to the step.
            self.turn.fight = None;
            self.phase = Phase::Advance;
            return true;
        }
        let shot = f.shots[f.next];
        let attacker_side = self.side_of(f.unit);
        // The declared target must still be there and attackable (A16).
        let still = match f.kind {
            FightKind::Pursuit => self.units[shot.target as usize].hex().is_some_and(|th| {
                self.units[f.unit as usize].hex().is_some_and(|uh| uh.is_adjacent(th))
            }),
            // The principal's activation is already spent: check the attack itself.
            k => self.can_attack(f.unit, shot.target, k),
        };
        if !still {
            ev.push(Event::AttackLost { unit: f.unit, target: shot.target });
            f.next_shot();
            f.dice.clear();
            self.turn.fight = Some(f);
            return true;
        }
        let numbers = self.shot_numbers(f.unit, shot.target, shot.supporter, f.kind, None);
        if !f.announced {
            f.announced = true;
            ev.push(Event::AttackDeclared { unit: f.unit, target: shot.target, supporter: shot.supporter, melee: numbers.melee });
        }
        // Tactical retreat: the defender's choice, before the die is rolled.
        if numbers.melee && !f.stood && self.tactical_retreat_possible(&f, shot) {
            f.stage = FightStage::TacticalRetreat;
            self.turn.fight = Some(f);
            return false;
        }
        if numbers.automatic {
            // Pursuit: disorganized foot artillery is eliminated with no roll.
            self.turn.fight = Some(f);
            self.shot_rolled(&[0], ev);
            return true;
        }
        if !f.dice.is_empty() {
            let d = f.dice.remove(0);
            self.turn.fight = Some(f);
            self.shot_rolled(&[d], ev);
            return true;
        }
        // Concentrated fire (Combined Attacks with Artillery Support): two shots of one piece
        // at one target at range are rolled together.
        let together = self.options.combined_attacks
            && !numbers.melee
            && f.next + 1 < f.shots.len()
            && f.shots[f.next + 1].target == shot.target
            && self.counter(f.unit).kind.is_artillery();
        self.turn.fight = Some(f.clone());
        let purpose = RollPurpose::Attack { attacker: f.unit, target: shot.target };
        self.request_roll(attacker_side, purpose, if together { 2 } else { 1 }, Cont::Shot, ev);
        true
    }

    fn tactical_retreat_possible(&self, f: &Fight, shot: Shot) -> bool {
        let t = &self.units[shot.target as usize];
        if t.disorganised {
            return false;
        }
        let mf = self.counter(shot.target).mf;
        // Greater than the movement factor of the attacking unit(s).
        let faster = mf > self.counter(f.unit).mf && shot.supporter.is_none_or(|s| mf > self.counter(s).mf);
        faster
            && self.units[f.unit as usize].hex().is_some_and(|from| !self.retreat_options(shot.target, from).is_empty())
    }

    /// The die (or two dice rolled together) of the current shot is final.
    pub(crate) fn shot_rolled(&mut self, dice: &[u8], ev: &mut Vec<Event>) {
        let Some(mut f) = self.turn.fight.clone() else { return };
        let shot = f.shots[f.next];
        if dice.len() > 1 {
            f.dice = dice[1..].to_vec();
        }
        let die = dice.first().copied().unwrap_or(1);
        let n = self.shot_numbers(f.unit, shot.target, shot.supporter, f.kind, None);
        let result = combat_result(&n, die);
        ev.push(Event::AttackResolved {
            unit: f.unit,
            target: shot.target,
            total: if n.automatic { 0 } else { n.attack + die },
            defence: n.defence,
            result,
        });
        let from = self.units[shot.target as usize].hex();
        match result {
            CombatResult::NoEffect => f.next_shot(),
            CombatResult::Eliminate => {
                self.eliminate(shot.target, ev);
                if let (Some(h), true) = (from, f.kind != FightKind::Reaction) {
                    self.turn.vacated.push((h, f.kind));
                }
                f.next_shot();
            }
            CombatResult::Disorganise => {
                self.units[shot.target as usize].disorganised = true;
                ev.push(Event::Disorganised { unit: shot.target });
                if n.melee {
                    // Retreats: two hexes away from the attacker, or eliminated if impossible.
                    let attacker_hex = self.units[f.unit as usize].hex().unwrap_or(from.unwrap_or(Hex::new(0, 0)));
                    if self.retreat_options(shot.target, attacker_hex).is_empty() {
                        ev.push(Event::NoRetreatPossible { unit: shot.target });
                        self.eliminate(shot.target, ev);
                        f.next_shot();
                    } else {
                        f.stage = FightStage::Retreat { unit: shot.target, from: attacker_hex };
                    }
                    if let (Some(h), true) = (from, f.kind != FightKind::Reaction) {
                        self.turn.vacated.push((h, f.kind));
                    }
                } else {
                    f.next_shot();
                }
            }
        }
        if f.next >= f.shots.len() || f.shots.get(f.next).is_some_and(|s| s.target != shot.target) {
            f.dice.clear();
        }
        self.turn.fight = Some(f);
        self.phase = Phase::Fight;
    }

    pub(crate) fn eliminate(&mut self, u: UnitId, ev: &mut Vec<Event>) {
        self.remove_from_board(u);
        self.units[u as usize].place = Place::Eliminated;
        ev.push(Event::Eliminated { unit: u });
    }

    /// Attack factor, defence and flags of one attack (Resolving a Combat).
    /// `at` puts the attacker on another hex (a pursuit's destination) for the odds.
    pub(crate) fn shot_numbers(&self, unit: UnitId, target: UnitId, supporter: Option<UnitId>, kind: FightKind, at: Option<Hex>) -> ShotNumbers {
        let uc = self.counter(unit);
        let tc = self.counter(target);
        let uh = at.or(self.units[unit as usize].hex()).unwrap_or(Hex::new(0, 0));
        let th = self.units[target as usize].hex().unwrap_or(Hex::new(0, 0));
        let sh = supporter.and_then(|s| self.units[s as usize].hex());
        let melee = uh.is_adjacent(th) || sh.is_some_and(|s| s.is_adjacent(th));
        let mut attack = uc.cf;
        // Leaders: +1 in melee to units of their formation within command range. In a combined
        // attack only if the principal itself fights in melee (A22d).
        if uh.is_adjacent(th) && uc.kind != Kind::Leader {
            if let Some(f) = uc.formation {
                let l = self.scen.leader_of(f);
                if let Some(lh) = self.units[l as usize].hex() {
                    if lh.distance(uh) <= self.counter(l).command as u16 {
                        attack += 1;
                    }
                }
            }
        }
        // Combined Attacks: the supporter adds +1.
        if supporter.is_some() {
            attack += 1;
        }
        // Spanish Garrochistas and Lanceros: +1 in pursuit.
        if kind == FightKind::Pursuit && uc.pursuit_bonus {
            attack += 1;
        }
        let t = &self.units[target as usize];
        let mut defence = if t.disorganised { tc.df_disorganised } else { tc.df };
        // Cover: hills and buildings add 1 to the defence.
        if self.options.cover && self.scen.has(th, HILL | BUILDING) {
            defence += 1;
        }
        let all_artillery = uc.kind.is_artillery() && supporter.is_none_or(|s| self.counter(s).kind.is_artillery());
        ShotNumbers {
            melee,
            attack,
            defence,
            capped: all_artillery && !melee && !t.disorganised && !tc.kind.is_artillery(),
            target_disorganised: t.disorganised,
            automatic: kind == FightKind::Pursuit && t.disorganised && tc.kind == Kind::Artillery,
        }
    }

    // ---------------------------------------------------------------- retreats and advance

    /// Retreats: every (via, to) two-hex path from `u`'s hex, each step farther from `from`
    /// (the attacker), through friends or empty hexes, ending on an empty hex that is not in
    /// an enemy ZoC. Off-map hexes are never legal.
    pub(crate) fn retreat_options(&self, u: UnitId, from: Hex) -> Vec<(Hex, Hex)> {
        let Some(start) = self.units[u as usize].hex() else { return Vec::new() };
        let side = self.side_of(u);
        let d0 = start.distance(from);
        let mut out = Vec::new();
        for via in start.neighbours() {
            if !self.scen.grid.contains(via) || via.distance(from) != d0 + 1 {
                continue;
            }
            if self.unit_at(via).is_some_and(|o| self.side_of(o) != side) {
                continue;
            }
            for to in via.neighbours() {
                if !self.scen.grid.contains(to) || to.distance(from) != d0 + 2 || out.contains(&(via, to)) {
                    continue;
                }
                if self.unit_at(to).is_none() && !self.in_enemy_zoc(side, to) {
                    out.push((via, to));
                }
            }
        }
        out
    }

    /// Advance after combat: organized non-artillery counters of the attacker adjacent to `hex`.
    pub(crate) fn advancers(&self, hex: Hex) -> Vec<UnitId> {
        let active = self.active.unwrap_or(Side::French);
        hex.neighbours()
            .into_iter()
            .filter_map(|n| self.unit_at(n))
            .filter(|&u| {
                let c = self.counter(u);
                c.side == active && !self.is_water_carrier(u) && !c.kind.is_artillery() && !self.units[u as usize].disorganised
            })
            .collect()
    }

    pub(crate) fn advance_after_combat(&mut self, unit: UnitId, to: Hex, ev: &mut Vec<Event>) {
        let (_, kind) = self.turn.vacated.remove(0);
        let active = self.active.unwrap_or(Side::French);
        let was_in_zoc = self.units[unit as usize].hex().is_some_and(|h| self.in_enemy_zoc(active, h));
        self.place_unit(unit, to);
        ev.push(Event::Advanced { unit, to });
        // If it had not fought and was not in an enemy ZoC, it may attack now (one activation).
        let may_chain = matches!(kind, FightKind::Combat | FightKind::Chained)
            && !self.units[unit as usize].activated
            && !was_in_zoc
            && self.turn.combat_left.unwrap_or(0) > 0;
        self.phase = if may_chain { Phase::Chained { unit } } else { Phase::Advance };
    }

    /// After an advance decision: next vacated hex, or back to the step the fight came from.
    pub(crate) fn after_advance(&mut self) {
        self.phase = if !self.turn.vacated.is_empty() {
            Phase::Advance
        } else {
            match self.turn.last_kind {
                Some(FightKind::Reaction) => Phase::Reaction,
                Some(FightKind::Pursuit) => Phase::Pursuit,
                _ => Phase::Combat,
            }
        };
    }

    // ---------------------------------------------------------------- pursuit

    /// Cavalry Pursuit: organized cavalry not in an enemy ZoC, against disorganized enemies or
    /// any enemy artillery, moving under the movement rules to end adjacent.
    pub(crate) fn pursuits(&self) -> Vec<Action> {
        if self.turn.pursuits_left == 0 {
            return Vec::new();
        }
        let active = self.active.unwrap_or(Side::French);
        let (t, grid) = (&*self.tables, &self.scen.grid);
        // Each target with its road distance (`Tables::cost_bound`).
        let targets: Vec<(UnitId, Hex, u8)> = self
            .army_on_map(active.other())
            .filter(|&(t, _)| self.units[t as usize].disorganised || self.counter(t).kind.is_artillery())
            // A pursuer ends next to its target: on an empty hex.
            .filter(|&(_, th)| grid.neighbour_indices_of(th).into_iter().flatten().any(|i| self.board[i] == 0))
            .map(|(u, th)| (u, th, t.road_distance_of(grid, th)))
            .collect();
        if targets.is_empty() {
            return Vec::new();
        }
        let mut acts = self.prompt_cache.spare_actions(8);
        // One pursuer's targets within its reach, and their hexes.
        let (mut mine, mut around) = (Vec::with_capacity(targets.len()), Vec::with_capacity(targets.len()));
        for (u, h) in self.army_on_map(active) {
            // "Up to 2 cavalry units": a unit that has pursued does not pursue again (A24a).
            if !self.counter(u).kind.is_cavalry()
                || self.units[u as usize].disorganised
                || self.in_enemy_zoc(active, h)
                || self.turn.pursuers.contains(&u)
            {
                continue;
            }
            // A step costs at least half a point, so farther targets are out of reach; and no
            // hex next to a target whose cost bound exceeds the move's is reached either.
            let reach = self.movement_halves(u) as u16 + 1;
            let (s, farthest) = (grid.index(h).unwrap_or(usize::MAX), self.farthest_move_halves(u));
            mine.clear();
            around.clear();
            for &(target, th, road) in &targets {
                if th.distance(h) <= reach && t.cost_bound(s, th, road) <= farthest && self.pursuit_target_allowed(u, target) {
                    mine.push(target);
                    around.push((th, road));
                }
            }
            if mine.is_empty() {
                continue;
            }
            // Its destinations next to each target, in grid order (the search needs to be
            // right only there).
            self.each_destination_next_to(u, &around, |k, to| {
                if let Some(&target) = mine.get(k) {
                    acts.push(Action::Pursue { unit: u, target, to });
                }
            });
        }
        acts
    }

    fn pursuit_target_allowed(&self, u: UnitId, t: UnitId) -> bool {
        let (uc, tc) = (self.counter(u), self.counter(t));
        let th = self.units[t as usize].hex();
        !(self.options.protection_against_cavalry && tc.kind.is_infantry() && th.is_some_and(|h| self.scen.has(h, OLIVE)))
            && !(self.options.swiss && uc.swiss && tc.swiss)
    }

    pub(crate) fn pursue(&mut self, unit: UnitId, target: UnitId, to: Hex, ev: &mut Vec<Event>) {
        let path = self.traced(|g| match g.units[target as usize].hex() {
            Some(th) => g.move_path_next_to(unit, th, to),
            None => g.move_path(unit, to),
        });
        self.place_unit(unit, to);
        ev.push(Event::Moved { unit, path });
        self.turn.pursuits_left = self.turn.pursuits_left.saturating_sub(1);
        self.turn.pursuers.push(unit);
        self.turn.last_kind = Some(FightKind::Pursuit);
        self.turn.fight = Some(Fight::new(FightKind::Pursuit, unit, target, FightStage::Resolve));
        self.phase = Phase::Fight;
    }

    // ---------------------------------------------------------------- odds

    /// The exact odds of an attack action, from the current position.
    pub(crate) fn attack_odds(&self, a: &Action) -> Option<AttackOdds> {
        let (unit, target, supporter, kind, at) = match a {
            Action::Attack { unit, target } => {
                let kind = match self.phase {
                    Phase::Reaction => FightKind::Reaction,
                    Phase::Chained { .. } => FightKind::Chained,
                    _ => FightKind::Combat,
                };
                (*unit, *target, None, kind, None)
            }
            Action::SecondAttack { unit, target } => (*unit, *target, None, self.turn.fight.as_ref()?.kind, None),
            Action::Support { supporter } => {
                let f = self.turn.fight.as_ref()?;
                let FightStage::Support(i) = f.stage else { return None };
                (f.unit, f.shots[i].target, Some(*supporter), f.kind, None)
            }
            Action::Pursue { unit, target, to } => (*unit, *target, None, FightKind::Pursuit, Some(*to)),
            _ => return None,
        };
        // Any action may be asked about: unknown counters have no odds (and must not panic).
        let known = |u: UnitId| (u as usize) < self.units.len();
        if !known(unit) || !known(target) || supporter.is_some_and(|s| !known(s)) {
            return None;
        }
        let numbers = self.shot_numbers(unit, target, supporter, kind, at);
        let t = &self.units[target as usize];
        // Tactical Retreat: faster than the attacking unit(s), the supporter included (A17b).
        let mf = self.counter(target).mf;
        let tactical = numbers.melee
            && !t.disorganised
            && mf > self.counter(unit).mf
            && supporter.is_none_or(|s| mf > self.counter(s).mf)
            && self.units[unit as usize].hex().or(at).is_some_and(|h| !self.retreat_options(target, at.unwrap_or(h)).is_empty());
        Some(AttackOdds::of(numbers, tactical))
    }
}
