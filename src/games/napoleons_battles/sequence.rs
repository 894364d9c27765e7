//! The sequence of play (Play Sequence (1), (2)): ten steps a player turn, both player turns
//! mirrored, as a state machine of decision points; the automatic steps run in `run`.
use super::action::{Action, Event, Formation, GeneralId, MoveAllowed, Order, Roll, Side, Step, Template, UnitId};
use super::melee::Combat;
use super::movement::inches;
use super::scenario::{Arm, Scenario};
use super::{NapoleonsBattles, Outcome, OutcomeDetail, UnitState};
use crate::core::dice::Dice;
use crate::core::outcome::Level;
use crate::core::plane::{ahead, bearing, Facing, Point};
use crate::games::{GameError, Prompt};
use serde::Serialize;
use std::sync::Arc;

/// Where the turn stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, tsify::Tsify)]
#[tsify(type_prefix = "Nb")]
#[serde(tag = "phase")]
pub enum Phase {
    /// Step 1; `reforming` a rallied unit's free change (D6).
    Rally { tried: u128, reforming: Option<UnitId> },
    Movement,
    /// A move ended in contact with `unit`, which may evade `by`.
    Evasion { unit: UnitId, by: UnitId, resume: Resume },
    CavalryReaction,
    CounterReaction,
    DefensiveFire,
    OffensiveFire,
    /// Step 8 (`last`: the contacts of steps 9 and 10, fought at the end of step 10: b.5);
    /// `fought`: units whose combat has been fought to its end this step.
    Melee { last: bool, fought: u128 },
    /// After a round: `combat.deciding` may withdraw units.
    Withdrawal { combat: Combat, last: bool, fought: u128 },
    /// Step 9: a recalled unit decides.
    Pursuit { unit: UnitId },
    /// Step 10: pursuers that made contact (a set of units).
    CounterPursuit { pursuers: u128 },
    /// D44: the other side fires at `target`, which just made a recall or reaction move;
    /// `fired`: the units that have; then the step goes on.
    FireAtCavalry { target: UnitId, fired: u128, resume: Resume },
    Over,
}

/// Where the sequence goes on after fire at a cavalry unit that just moved (D44).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, tsify::Tsify)]
#[tsify(type_prefix = "Nb")]
pub enum Resume {
    Movement,
    CavalryReaction,
    CounterReaction,
    NextPursuit,
    CounterPursuit { pursuers: u128 },
}

fn bit(u: UnitId) -> u128 {
    1u128 << u
}

impl NapoleonsBattles {
    /// A new game of a scenario: the first player's turn 1 begins.
    pub(crate) fn start(scen: Arc<Scenario>, options: super::Options, dice: Dice) -> NapoleonsBattles {
        let units = scen
            .units
            .iter()
            .map(|u| UnitState {
                figures: u.figures,
                formation: u.formation,
                front: u.front,
                facing: u.facing,
                order: Order::Formed,
                reaction_marker: false,
                spent: 0,
                moved: false,
                moved_this_turn: false,
                charged: false,
                reacted: false,
                reformed: false,
                spent_before_contact: 0,
                fired: false,
                losses: 0,
                allowed: MoveAllowed::Full,
                in_command: true,
                victorious: false,
            })
            .collect();
        let generals = scen.generals.iter().map(|g| g.at).collect();
        let n = scen.generals.len();
        let first = scen.first_player;
        let mut g = NapoleonsBattles {
            scen,
            options,
            dice,
            turn: 1,
            phasing: first,
            phase: Phase::Rally { tried: 0, reforming: None },
            units,
            generals,
            general_in_command: vec![true; n],
            ridden: vec![0; n],
            outcome: None,
            opening: Arc::new(Vec::new()),
            square_barred: (None, Vec::new()),
            prompt_cache: Default::default(),
        };
        let mut ev = vec![Event::TurnBegins { turn: 1, side: first }];
        g.begin_player_turn(&mut ev);
        g.run(&mut ev);
        g.opening = Arc::new(ev);
        g
    }

    /// The start of a player turn: per-turn marks cleared.
    pub(crate) fn begin_player_turn(&mut self, ev: &mut Vec<Event>) {
        for s in self.units.iter_mut() {
            s.moved_this_turn = false;
            s.charged = false;
            s.reacted = false;
            s.victorious = false;
        }
        self.begin_step(Step::Rally, ev);
        self.phase = Phase::Rally { tried: 0, reforming: None };
    }

    /// Each step is one phase for losses (D47).
    fn begin_step(&mut self, step: Step, ev: &mut Vec<Event>) {
        for s in self.units.iter_mut() {
            s.losses = 0;
            s.fired = false;
        }
        let side = match step {
            Step::CavalryReaction | Step::DefensiveFire | Step::CounterPursuit => self.phasing.other(),
            _ => self.phasing,
        };
        ev.push(Event::StepBegins { step, side });
    }

    /// Routed units a general touches, not yet tried this step (Rally rout troops (1); D5).
    fn rallyable(&self, tried: u128) -> Vec<UnitId> {
        self.side_units(self.phasing)
            .filter(|&u| self.unit(u).order == Order::Routed && tried & bit(u) == 0)
            .filter(|&u| {
                let chain = self.chain_of(u);
                self.generals_touching(u).any(|g| !self.options.rally_own_chain || chain.contains(&g))
            })
            .collect()
    }

    /// The unit's chain of command: its Division commander and his superiors.
    fn chain_of(&self, u: UnitId) -> Vec<usize> {
        let mut out = vec![self.scen.units[usize::from(u)].general];
        while let Some(s) = out.last().and_then(|&g| self.scen.generals[g].superior) {
            if out.contains(&s) {
                break;
            }
            out.push(s);
        }
        out
    }

    /// The finite moves listed for `u` (b.9): charges of each reachable enemy, an advance
    /// straight ahead, a fall back, wheels of 45 degrees, facing the nearest enemy.
    fn listed_moves(&self, u: UnitId, budget: i32, reaction: bool) -> Vec<Action> {
        let board = self.board();
        self.listed_moves_on(&board, u, budget, reaction)
    }

    fn listed_moves_on(&self, board: &super::movement::Board, u: UnitId, budget: i32, reaction: bool) -> Vec<Action> {
        let mut out = Vec::new();
        let s = self.unit(u);
        let mk = |to: Point, facing: Facing| if reaction { Action::ReactionMove { unit: u, to, facing } } else { Action::Move { unit: u, to, facing } };
        for t in self.side_units(self.side_of(u).other()) {
            let (ru, rt) = (self.rect(u), self.rect(t));
            if super::near(&ru, &rt, i64::from(budget) + 100) && ru.within(&rt, i64::from(budget) + 100) {
                let (to, facing) = self.contact_position(u, t);
                if self.measure_move_on(board, u, to, facing, budget).is_ok_and(|m| m.contacts.contains(&t)) {
                    out.push(if reaction { Action::ReactionCharge { unit: u, target: t } } else { Action::Charge { unit: u, target: t } });
                }
            }
        }
        let mut tries = vec![
            (ahead(s.front, s.facing, i64::from(budget), 0), s.facing),
            (ahead(s.front, s.facing, i64::from(budget) / 2, 0), s.facing),
            (ahead(s.front, s.facing, -i64::from(budget) / 4, 0), s.facing),
            (s.front, s.facing.turned(90)),
            (s.front, s.facing.turned(-90)),
        ];
        // Face the enemy whose centre is nearest (a candidate, not a rule: centres suffice).
        let c = self.rect(u).centre();
        if let Some(e) = self.side_units(self.side_of(u).other()).min_by_key(|&e| self.rect(e).centre().dist2(c)) {
            let face = bearing(c, self.rect(e).centre());
            if face != s.facing {
                tries.push((s.front, face));
            }
        }
        for (to, facing) in tries {
            if self.measure_move_on(board, u, to, facing, budget).is_ok_and(|m| m.contacts.is_empty()) {
                let a = mk(to, facing);
                if !out.contains(&a) {
                    out.push(a);
                }
            }
        }
        out
    }

    /// Generals' listed rides: to touch each unit of his own command out of his span, and to
    /// his superior's side.
    fn listed_rides(&self, g: usize) -> Vec<Action> {
        let mut out = Vec::new();
        let gid = g as GeneralId;
        let reach = i64::from(self.span(g)).max(super::TOUCH);
        let me = self.generals[g];
        let mut targets: Vec<Point> = self
            .side_units(self.phasing)
            .filter(|&u| self.scen.units[usize::from(u)].general == g && !crate::core::plane::point_polygon_within(me, &self.rect(u).corners(), reach))
            .map(|u| self.touch_point(u))
            .collect();
        if let Some(sup) = self.scen.generals[g].superior {
            let p = self.generals[sup];
            let me = self.generals[g];
            targets.push(me.midpoint(p));
        }
        for to in targets {
            let to = Point::new(to.x.clamp(0, self.scen.width), to.y.clamp(0, self.scen.height));
            if self.check_general_move(g, to).is_ok() && to != self.generals[g] {
                let a = Action::MoveGeneral { general: gid, to };
                if !out.contains(&a) {
                    out.push(a);
                }
            }
        }
        out
    }

    /// Cavalry that may react now (Cavalry Reaction Movement): with a marker, formed, on `side`.
    fn reactors(&self, side: Side) -> impl Iterator<Item = UnitId> + '_ {
        self.side_units(side).filter(|&u| self.unit(u).reaction_marker && self.unit(u).order == Order::Formed && !self.in_contact_with_enemy(u))
    }

    /// The reaction allowance: half the current formation's (a.6).
    pub(crate) fn reaction_budget(&self, u: UnitId) -> i32 {
        self.chart_allowance(u, self.unit(u).formation) / 2
    }

    pub(crate) fn current_prompt(&self) -> Option<Prompt<Side, Step, Action, Template>> {
        let (side, step, actions, templates) = match &self.phase {
            Phase::Over => return None,
            Phase::Rally { tried, reforming } => {
                if let Some(u) = *reforming {
                    let s = self.unit(u);
                    let mut acts = Vec::new();
                    let mut facings = vec![s.facing, s.facing.reversed()];
                    if let Some(e) = self.closest_enemy(u) {
                        facings.push(bearing(self.rect(u).centre(), self.rect(e).centre()));
                    }
                    for &f in self.formations_of(u) {
                        for &facing in &facings {
                            let r = self.rect_at(u, f, s.front, facing);
                            let ok = r.on_table(self.scen.width, self.scen.height) && self.overlapping(u, &r).is_none();
                            let a = Action::Reform { unit: u, formation: f, facing };
                            if ok && !acts.contains(&a) {
                                acts.push(a);
                            }
                        }
                    }
                    if !acts.contains(&Action::Reform { unit: u, formation: s.formation, facing: s.facing }) {
                        acts.insert(0, Action::Reform { unit: u, formation: s.formation, facing: s.facing });
                    }
                    (self.phasing, Step::Rally, acts, Vec::new())
                } else {
                    let mut acts: Vec<Action> = self.rallyable(*tried).into_iter().map(|unit| Action::Rally { unit }).collect();
                    acts.push(Action::EndRally);
                    (self.phasing, Step::Rally, acts, Vec::new())
                }
            }
            Phase::Movement => {
                let mut acts = Vec::new();
                let mut templates = Vec::new();
                let board = self.board();
                for u in self.side_units(self.phasing).collect::<Vec<_>>() {
                    if self.may_move(u) {
                        let left = self.left(u);
                        acts.extend(self.listed_moves_on(&board, u, left, false));
                        for &f in self.formations_of(u) {
                            if self.check_formation_change(u, f).is_ok() {
                                acts.push(Action::ChangeFormation { unit: u, formation: f });
                            }
                        }
                        templates.push(Template::MoveUnit { unit: u, left, formation: self.unit(u).formation });
                    } else if self.unit(u).order == Order::Routed && !self.unit(u).moved {
                        acts.push(Action::RoutMove { unit: u });
                    }
                }
                for g in 0..self.generals.len() {
                    if self.scen.generals[g].side == self.phasing {
                        acts.extend(self.listed_rides(g));
                        let reach = super::movement::GENERAL_RIDE - self.ridden[g];
                        if reach > 0 {
                            templates.push(Template::MoveGeneral { general: g as GeneralId, reach });
                        }
                    }
                }
                acts.push(Action::EndMovement);
                (self.phasing, Step::Movement, acts, templates)
            }
            Phase::Evasion { unit, by, .. } => (self.side_of(*unit), Step::Evasion { unit: *unit, by: *by }, vec![Action::Evade { unit: *unit }, Action::Stand { unit: *unit }], Vec::new()),
            Phase::CavalryReaction => {
                let side = self.phasing.other();
                let mut acts = Vec::new();
                let mut templates = Vec::new();
                for u in self.reactors(side).collect::<Vec<_>>() {
                    let b = self.reaction_budget(u);
                    acts.extend(self.listed_moves(u, b, true));
                    templates.push(Template::MoveUnit { unit: u, left: b, formation: self.unit(u).formation });
                }
                acts.push(Action::EndReaction);
                (side, Step::CavalryReaction, acts, templates)
            }
            Phase::CounterReaction => {
                // Step 5: only to contact enemy cavalry that moved in step 4.
                let mut acts = Vec::new();
                for u in self.reactors(self.phasing).collect::<Vec<_>>() {
                    for t in self.side_units(self.phasing.other()).filter(|&t| self.unit(t).reacted && self.arm(t) == Arm::Cavalry) {
                        if self.reaction_charge_ok(u, t).is_ok() {
                            acts.push(Action::ReactionCharge { unit: u, target: t });
                        }
                    }
                }
                acts.push(Action::EndReaction);
                (self.phasing, Step::CounterReaction, acts, Vec::new())
            }
            Phase::DefensiveFire | Phase::OffensiveFire => {
                let (side, step) = if self.phase == Phase::DefensiveFire { (self.phasing.other(), Step::DefensiveFire) } else { (self.phasing, Step::OffensiveFire) };
                let mut acts: Vec<Action> = self.fires(side).into_iter().map(|(unit, target)| Action::Fire { unit, target }).collect();
                acts.push(Action::EndFire);
                (side, step, acts, Vec::new())
            }
            Phase::Melee { fought, .. } => {
                let acts = self.open_combats(*fought).into_iter().map(|g| Action::Fight { unit: g[0] }).collect();
                (self.phasing, Step::Melee, acts, Vec::new())
            }
            Phase::Withdrawal { combat, .. } => {
                let side = combat.deciding;
                let mut acts: Vec<Action> = self.participants(combat, side).into_iter().map(|unit| Action::Withdraw { unit }).collect();
                acts.push(Action::FightOn);
                (side, Step::Withdrawal { combat: combat.members[0] }, acts, Vec::new())
            }
            Phase::Pursuit { unit } => {
                let b = self.chart_allowance(*unit, Formation::Column) / 2;
                let mut acts: Vec<Action> = self.listed_moves(*unit, b, false).into_iter().collect();
                acts.push(Action::Stay { unit: *unit });
                (self.phasing, Step::Pursuit { unit: *unit }, acts, vec![Template::MoveUnit { unit: *unit, left: b, formation: self.unit(*unit).formation }])
            }
            Phase::FireAtCavalry { target, fired, .. } => {
                let side = self.side_of(*target).other();
                let mut acts: Vec<Action> = self.fire_at_cavalry(*target, *fired).into_iter().map(|unit| Action::Fire { unit, target: *target }).collect();
                acts.push(Action::EndFire);
                (side, Step::FireAtCavalry { target: *target }, acts, Vec::new())
            }
            Phase::CounterPursuit { pursuers } => {
                let side = self.phasing.other();
                let mut acts = Vec::new();
                for u in self.reactors(side).collect::<Vec<_>>() {
                    for t in (0..self.unit_count()).filter(|&t| pursuers & bit(t) != 0 && self.unit(t).order != Order::Gone) {
                        if self.reaction_charge_ok(u, t).is_ok() {
                            acts.push(Action::ReactionCharge { unit: u, target: t });
                        }
                    }
                }
                acts.push(Action::EndReaction);
                (side, Step::CounterPursuit, acts, Vec::new())
            }
        };
        Some(Prompt { side, step, actions, templates })
    }

    fn reaction_charge_ok(&self, u: UnitId, t: UnitId) -> Result<super::movement::Measured, String> {
        let (to, facing) = self.contact_position(u, t);
        let m = self.measure_move(u, to, facing, self.reaction_budget(u))?;
        if m.contacts.contains(&t) { Ok(m) } else { Err("the charge does not reach its target".into()) }
    }

    /// Is `action` a legal filling of one of the prompt's templates? The precise refusal if not.
    pub(crate) fn check_template_filling(&self, action: &Action) -> Result<(), GameError> {
        let illegal = |why: String| Err(GameError::Illegal(why));
        let units = self.unit_count();
        match (&self.phase, *action) {
            (Phase::Movement, Action::Move { unit, to, facing }) if unit < units => {
                if self.side_of(unit) != self.phasing {
                    return illegal(format!("{} is not the phasing player's", self.scen.units[usize::from(unit)].id));
                }
                if !self.may_move(unit) {
                    return illegal(format!("{} may not move now ({})", self.scen.units[usize::from(unit)].id, self.why_not_moving(unit)));
                }
                self.measure_move(unit, to, facing, self.left(unit)).map(|_| ()).map_err(GameError::Illegal)
            }
            (Phase::CavalryReaction, Action::ReactionMove { unit, to, facing }) if unit < units => {
                if !self.reactors(self.phasing.other()).any(|u| u == unit) {
                    return illegal(format!("{} has no reaction marker to use", self.scen.units[usize::from(unit)].id));
                }
                self.measure_move(unit, to, facing, self.reaction_budget(unit)).map(|_| ()).map_err(GameError::Illegal)
            }
            (Phase::Pursuit { unit: p }, Action::Move { unit, to, facing }) if unit == *p => {
                let b = self.chart_allowance(unit, Formation::Column) / 2;
                self.measure_move(unit, to, facing, b).map(|_| ()).map_err(GameError::Illegal)
            }
            (Phase::Movement, Action::MoveGeneral { general, to }) if usize::from(general) < self.generals.len() => {
                self.check_general_move(usize::from(general), to).map_err(|r| GameError::Illegal(self.ride_refusal_text(r)))
            }
            (Phase::Over, _) => Err(GameError::GameOver),
            (_, a) => illegal(format!("'{}' is not a legal action now", self.describe_action(&a))),
        }
    }

    /// What a legal filling of a template spends and leaves, for the page while it is dragged:
    /// inches of the allowance (and the units it would contact), or of a general's 24" ride.
    pub(crate) fn template_filling_note(&self, action: &Action) -> Option<String> {
        self.check_template_filling(action).ok()?;
        let measured = |unit: UnitId, to: Point, facing: Facing, budget: i32| {
            let m = self.measure_move(unit, to, facing, budget).ok()?;
            let mut note = format!("{}\" of {}\", {}\" left", inches(m.cost), inches(budget), inches(budget - m.cost));
            if !m.contacts.is_empty() {
                let names: Vec<&str> = m.contacts.iter().map(|&t| self.scen.units[usize::from(t)].id.as_str()).collect();
                note += &format!("; contact with {}", names.join(", "));
            }
            Some(note)
        };
        match (&self.phase, *action) {
            (Phase::Movement, Action::Move { unit, to, facing }) => measured(unit, to, facing, self.left(unit)),
            (Phase::CavalryReaction, Action::ReactionMove { unit, to, facing }) => measured(unit, to, facing, self.reaction_budget(unit)),
            (Phase::Pursuit { .. }, Action::Move { unit, to, facing }) => measured(unit, to, facing, self.chart_allowance(unit, Formation::Column) / 2),
            (Phase::Movement, Action::MoveGeneral { general, to }) => {
                let g = usize::from(general);
                let d = self.generals[g].distance(to) as i32;
                let left = super::movement::GENERAL_RIDE - self.ridden[g];
                Some(format!("{}\" ridden, {}\" left of the general's 24\"", inches(d), inches(left - d)))
            }
            _ => None,
        }
    }

    fn why_not_moving(&self, u: UnitId) -> String {
        let s = self.unit(u);
        if matches!(s.order, Order::Routed | Order::Gone) {
            "it is routed or gone".into()
        } else if s.allowed == MoveAllowed::None {
            "it is out of command and failed its initiative".into()
        } else if self.in_contact_with_enemy(u) {
            "it is in combat contact".into()
        } else {
            format!("its allowance is spent: {} of {}", inches(s.spent), inches(self.allowance(u)))
        }
    }

    pub(crate) fn describe_action(&self, a: &Action) -> String {
        let name = |u: UnitId| self.scen.units.get(usize::from(u)).map_or(format!("unit {u}"), |d| format!("{} ({})", d.id, d.name));
        match *a {
            Action::Fire { unit, target } => format!("{} fires at {}", name(unit), name(target)),
            Action::Charge { unit, target } | Action::ReactionCharge { unit, target } => format!("{} charges {}", name(unit), name(target)),
            Action::Move { unit, to, facing } | Action::ReactionMove { unit, to, facing } => {
                format!("{} moves to ({}, {}) facing {}°", name(unit), inches(to.x), inches(to.y), facing.0 / 2)
            }
            Action::MoveGeneral { general, to } => {
                let g = self.scen.generals.get(usize::from(general)).map_or("a general".to_string(), |g| g.name.clone());
                format!("{g} rides to ({}, {})", inches(to.x), inches(to.y))
            }
            _ => a.to_string(),
        }
    }

    /// Perform one legal action (already checked). Every refusal comes before the first
    /// change to the state (the measure or check each arm begins with), so a refused action
    /// leaves it as it was, bar the prompt cache emptied: `apply` performs listed actions in
    /// place.
    pub(crate) fn perform(&mut self, a: &Action, ev: &mut Vec<Event>) -> Result<(), GameError> {
        self.prompt_cache.clear();
        let bad = || GameError::Illegal(format!("'{a}' is not a legal action now"));
        match (self.phase.clone(), *a) {
            (Phase::Rally { tried, .. }, Action::Rally { unit }) => {
                // d10 ≤ response + the general's quality modifier (Rally rout troops (1)).
                let chain = self.chain_of(unit);
                let q = self
                    .generals_touching(unit)
                    .filter(|g| !self.options.rally_own_chain || chain.contains(g))
                    .map(|g| self.scen.generals[g].rating.quality.rally_modifier())
                    .max()
                    .unwrap_or(0);
                let need = self.response(unit) as i8 + q;
                let die = self.dice.roll(10);
                ev.push(Event::Rolled { roll: Roll::Rally { unit, need }, die, total: die as i8 });
                let tried = tried | bit(unit);
                if (die as i8) <= need {
                    self.units[usize::from(unit)].order = Order::Disordered;
                    ev.push(Event::Rallied { unit });
                    self.phase = Phase::Rally { tried, reforming: Some(unit) };
                } else {
                    self.phase = Phase::Rally { tried, reforming: None };
                }
            }
            (Phase::Rally { tried, reforming: Some(u) }, Action::Reform { unit, formation, facing }) if unit == u => {
                let s = &mut self.units[usize::from(u)];
                if s.formation != formation {
                    ev.push(Event::Formed { unit, formation });
                }
                s.formation = formation;
                s.facing = facing;
                self.phase = Phase::Rally { tried, reforming: None };
            }
            (Phase::Rally { .. }, Action::EndRally) => {
                self.check_command_control(ev);
                self.begin_step(Step::Movement, ev);
                self.begin_movement(ev);
            }
            (Phase::Movement, Action::Move { unit, to, facing }) => {
                let m = self.measure_move(unit, to, facing, self.left(unit)).map_err(GameError::Illegal)?;
                self.move_with_evasion(unit, to, facing, &m, Resume::Movement, ev);
            }
            (Phase::Movement, Action::Charge { unit, target }) => {
                let (to, facing) = self.contact_position(unit, target);
                let m = self.measure_move(unit, to, facing, self.left(unit)).map_err(GameError::Illegal)?;
                self.move_with_evasion(unit, to, facing, &m, Resume::Movement, ev);
            }
            (Phase::Movement, Action::ChangeFormation { unit, formation }) => {
                let cost = self.check_formation_change(unit, formation).map_err(|r| GameError::Illegal(self.formation_refusal_text(r)))?;
                self.change_formation(unit, formation, cost, ev);
            }
            (Phase::Movement, Action::RoutMove { unit }) => {
                // Later rout movement costs a figure (Rout; D50).
                self.units[usize::from(unit)].moved = true;
                self.apply_hits_quiet(unit, 1, ev);
                if self.unit(unit).order == Order::Routed {
                    self.rout_move(unit, ev);
                }
            }
            (Phase::Movement, Action::MoveGeneral { general, to }) => {
                let g = usize::from(general);
                self.check_general_move(g, to).map_err(|r| GameError::Illegal(self.ride_refusal_text(r)))?;
                self.ridden[g] += self.generals[g].distance(to) as i32;
                self.generals[g] = to;
                ev.push(Event::GeneralMoved { general, to });
            }
            (Phase::Movement, Action::EndMovement) => self.end_movement(ev),
            (Phase::Evasion { unit, by, resume }, Action::Evade { unit: u }) if u == unit => {
                if self.evade(unit, by, ev) {
                    // The mover goes on with what it had left (D52).
                    let s = &mut self.units[usize::from(by)];
                    s.spent = s.spent_before_contact;
                    s.charged = false;
                }
                self.resume(resume, ev);
            }
            (Phase::Evasion { unit, resume, .. }, Action::Stand { unit: u }) if u == unit => {
                self.resume(resume, ev);
            }
            (Phase::CavalryReaction, Action::ReactionMove { unit, to, facing }) => {
                let m = self.measure_move(unit, to, facing, self.reaction_budget(unit)).map_err(GameError::Illegal)?;
                self.react(unit, to, facing, &m, Resume::CavalryReaction, ev);
                self.offer_fire_at_cavalry(unit, Resume::CavalryReaction, ev);
            }
            (Phase::CavalryReaction, Action::ReactionCharge { unit, target }) | (Phase::CounterReaction, Action::ReactionCharge { unit, target }) => {
                let resume = if self.phase == Phase::CavalryReaction { Resume::CavalryReaction } else { Resume::CounterReaction };
                let m = self.reaction_charge_ok(unit, target).map_err(GameError::Illegal)?;
                let (to, facing) = self.contact_position(unit, target);
                self.react(unit, to, facing, &m, resume, ev);
                self.offer_fire_at_cavalry(unit, resume, ev);
            }
            (Phase::CounterPursuit { pursuers }, Action::ReactionCharge { unit, target }) => {
                let m = self.reaction_charge_ok(unit, target).map_err(GameError::Illegal)?;
                let (to, facing) = self.contact_position(unit, target);
                self.phase = Phase::CounterPursuit { pursuers };
                self.react(unit, to, facing, &m, Resume::CounterPursuit { pursuers }, ev);
                self.offer_fire_at_cavalry(unit, Resume::CounterPursuit { pursuers }, ev);
            }
            (Phase::FireAtCavalry { target, fired, resume }, Action::Fire { unit, target: t }) if t == target => {
                if self.fire_at_cavalry(target, fired).contains(&unit) {
                    self.fire(unit, target, ev).map_err(GameError::Illegal)?;
                    let fired = fired | bit(unit);
                    if self.unit(target).order == Order::Gone || self.fire_at_cavalry(target, fired).is_empty() {
                        self.resume(resume, ev);
                    } else {
                        self.phase = Phase::FireAtCavalry { target, fired, resume };
                    }
                } else {
                    return Err(bad());
                }
            }
            (Phase::FireAtCavalry { resume, .. }, Action::EndFire) => self.resume(resume, ev),
            (Phase::CavalryReaction, Action::EndReaction) => {
                self.begin_step(Step::CounterReaction, ev);
                self.phase = Phase::CounterReaction;
            }
            (Phase::CounterReaction, Action::EndReaction) => {
                self.begin_step(Step::DefensiveFire, ev);
                self.phase = Phase::DefensiveFire;
            }
            (Phase::CounterPursuit { .. }, Action::EndReaction) => {
                self.phase = Phase::Melee { last: true, fought: 0 };
            }
            (Phase::DefensiveFire, Action::Fire { unit, target }) | (Phase::OffensiveFire, Action::Fire { unit, target }) => {
                self.fire(unit, target, ev).map_err(GameError::Illegal)?;
            }
            (Phase::DefensiveFire, Action::EndFire) => {
                self.begin_step(Step::OffensiveFire, ev);
                self.phase = Phase::OffensiveFire;
            }
            (Phase::OffensiveFire, Action::EndFire) => {
                self.begin_step(Step::Melee, ev);
                self.phase = Phase::Melee { last: false, fought: 0 };
            }
            (Phase::Melee { last, fought }, Action::Fight { unit }) => {
                let group = self.open_combats(fought).into_iter().find(|g| g[0] == unit).ok_or_else(bad)?;
                let fought = group.iter().fold(fought, |m, &u| m | bit(u));
                let mut c = Combat { members: group, broke_enemy: [false; 2], rounds: 0, deciding: self.phasing, ended: false, withdrawn: 0 };
                self.fight_round(&mut c, ev);
                self.after_round(c, last, fought, ev);
            }
            (Phase::Withdrawal { mut combat, last, fought }, Action::Withdraw { unit }) => {
                self.withdraw(&mut combat, unit, ev);
                self.after_round(combat, last, fought, ev);
            }
            (Phase::Withdrawal { mut combat, last, fought }, Action::FightOn) => {
                if combat.deciding == self.phasing {
                    combat.deciding = self.phasing.other();
                    self.phase = Phase::Withdrawal { combat, last, fought };
                } else {
                    combat.deciding = self.phasing;
                    self.fight_round(&mut combat, ev);
                    self.after_round(combat, last, fought, ev);
                }
            }
            (Phase::Pursuit { unit: p }, Action::Move { unit, .. }) | (Phase::Pursuit { unit: p }, Action::Charge { unit, .. }) if unit == p => {
                let (to, facing) = match *a {
                    Action::Charge { unit, target } => self.contact_position(unit, target),
                    Action::Move { to, facing, .. } => (to, facing),
                    _ => return Err(bad()),
                };
                let b = self.chart_allowance(unit, Formation::Column) / 2;
                let m = self.measure_move(unit, to, facing, b).map_err(GameError::Illegal)?;
                self.units[usize::from(unit)].victorious = false;
                if !self.move_with_evasion(unit, to, facing, &m, Resume::NextPursuit, ev) && !self.offer_fire_at_cavalry(unit, Resume::NextPursuit, ev) {
                    self.next_pursuit(ev);
                }
            }
            (Phase::Pursuit { unit: p }, Action::Stay { unit }) if unit == p => {
                self.units[usize::from(unit)].victorious = false;
                self.next_pursuit(ev);
            }
            _ => return Err(bad()),
        }
        Ok(())
    }

    /// Apply a figure lost by later rout movement (it may disperse the unit at its rout number).
    fn apply_hits_quiet(&mut self, u: UnitId, hits: u8, ev: &mut Vec<Event>) {
        self.apply_hits(u, hits, ev);
    }

    /// A formed move that may end in contact with a unit able to evade: the owner decides.
    fn move_with_evasion(&mut self, u: UnitId, to: Point, facing: Facing, m: &super::movement::Measured, resume: Resume, ev: &mut Vec<Event>) -> bool {
        let evader = m.contacts.iter().copied().find(|&t| self.may_evade(t, u));
        // A routed unit contacted is dispersed at once, with no melee (b.4).
        self.do_move(u, to, facing, m, ev);
        for &t in &m.contacts {
            if self.unit(t).order == Order::Routed {
                self.remove(t, "dispersed on contact while routed", ev);
            }
        }
        if let Some(t) = evader {
            if self.unit(t).order != Order::Gone {
                self.phase = Phase::Evasion { unit: t, by: u, resume };
                return true;
            }
        }
        false
    }

    /// Units of the other side that may fire at `target` now (D44): able to fire, not yet at
    /// it, with it in arc, range and sight.
    pub(crate) fn fire_at_cavalry(&self, target: UnitId, fired: u128) -> Vec<UnitId> {
        if self.unit(target).order == Order::Gone {
            return Vec::new();
        }
        let side = self.side_of(target).other();
        self.side_units(side)
            .filter(|&u| fired & bit(u) == 0 && self.may_fire_again(u, side) && self.check_fire(u, target).is_ok())
            .collect()
    }

    /// D44: after cavalry makes a recall or reaction move, the other side may fire at it.
    /// Returns whether a fire is offered (the step goes on after it, as `resume` says).
    fn offer_fire_at_cavalry(&mut self, unit: UnitId, resume: Resume, _ev: &mut Vec<Event>) -> bool {
        if matches!(self.phase, Phase::Evasion { .. }) || self.fire_at_cavalry(unit, 0).is_empty() {
            return false;
        }
        self.phase = Phase::FireAtCavalry { target: unit, fired: 0, resume };
        true
    }

    fn resume(&mut self, resume: Resume, ev: &mut Vec<Event>) {
        match resume {
            Resume::Movement => self.phase = Phase::Movement,
            Resume::CavalryReaction => self.phase = Phase::CavalryReaction,
            Resume::CounterReaction => self.phase = Phase::CounterReaction,
            Resume::CounterPursuit { pursuers } => self.phase = Phase::CounterPursuit { pursuers },
            Resume::NextPursuit => self.next_pursuit(ev),
        }
    }

    /// A reaction move uses up the marker (Cavalry Reaction Movement; D1).
    fn react(&mut self, u: UnitId, to: Point, facing: Facing, m: &super::movement::Measured, resume: Resume, ev: &mut Vec<Event>) {
        self.units[usize::from(u)].reaction_marker = false;
        self.units[usize::from(u)].reacted = true;
        ev.push(Event::ReactionMarker { unit: u, placed: false });
        self.move_with_evasion(u, to, facing, m, resume, ev);
    }

    /// Step 3 begins: the phasing side's markers are removed and its allowances renewed (b.5).
    fn begin_movement(&mut self, ev: &mut Vec<Event>) {
        let side = self.phasing;
        for u in self.side_units(side).collect::<Vec<_>>() {
            let s = &mut self.units[usize::from(u)];
            if s.reaction_marker {
                s.reaction_marker = false;
                ev.push(Event::ReactionMarker { unit: u, placed: false });
            }
            s.spent = 0;
            s.moved = false;
            s.reformed = false;
        }
        self.ridden.iter_mut().for_each(|r| *r = 0);
        self.phase = Phase::Movement;
    }

    /// The end of step 3: reaction markers on in-command cavalry that did not move (Cavalry
    /// Reaction Movement; D16), and disorder removed from units that stood still (Disorder; D46).
    fn end_movement(&mut self, ev: &mut Vec<Event>) {
        let side = self.phasing;
        for u in self.side_units(side).collect::<Vec<_>>() {
            let (moved, order, in_command) = (self.unit(u).moved, self.unit(u).order, self.unit(u).in_command);
            if self.arm(u) == Arm::Cavalry && in_command && !moved && order == Order::Formed && !self.in_contact_with_enemy(u) {
                self.units[usize::from(u)].reaction_marker = true;
                ev.push(Event::ReactionMarker { unit: u, placed: true });
            }
            if order == Order::Disordered && !moved {
                self.units[usize::from(u)].order = Order::Formed;
                ev.push(Event::Recovered { unit: u });
            }
        }
        // Markers of the other side stay for step 4; they were placed in its own movement step.
        self.begin_step(Step::CavalryReaction, ev);
        self.phase = Phase::CavalryReaction;
    }

    /// After a round: the combat ends, or the sides may withdraw before the next (D37).
    fn after_round(&mut self, combat: Combat, last: bool, fought: u128, ev: &mut Vec<Event>) {
        if self.combat_over(&combat) {
            self.end_combat(&combat, ev);
            self.phase = Phase::Melee { last, fought };
        } else {
            self.phase = Phase::Withdrawal { combat, last, fought };
        }
    }

    /// The combats still to fight this step: each is fought to its end once (b.5).
    pub(crate) fn open_combats(&self, fought: u128) -> Vec<Vec<UnitId>> {
        self.combat_groups().into_iter().filter(|g| g.iter().all(|&u| fought & bit(u) == 0)).collect()
    }

    /// Step 9: the next victorious phasing cavalry rolls its recall (Cavalry Pursuit (1)).
    fn next_pursuit(&mut self, ev: &mut Vec<Event>) {
        loop {
            let next = self.side_units(self.phasing).find(|&u| self.unit(u).victorious && self.unit(u).order == Order::Formed);
            let Some(u) = next else {
                // Step 10: pursuers that made contact may be counter-charged.
                let pursuers = self.side_units(self.phasing).filter(|&u| self.arm(u) == Arm::Cavalry && self.unit(u).charged && self.in_contact_with_enemy(u)).fold(0u128, |m, u| m | bit(u));
                self.begin_step(Step::CounterPursuit, ev);
                self.phase = Phase::CounterPursuit { pursuers };
                return;
            };
            let need = self.response(u) as i8 + self.recall_modifier(u);
            let die = self.dice.roll(10);
            ev.push(Event::Rolled { roll: Roll::Recall { unit: u, need }, die, total: die as i8 });
            let ok = (die as i8) <= need;
            ev.push(Event::Recalled { unit: u, success: ok });
            if ok {
                self.phase = Phase::Pursuit { unit: u };
                return;
            }
            // A failed recall: disordered, and it must attack the closest enemy (D43).
            self.units[usize::from(u)].victorious = false;
            self.disorder(u, ev);
            if let Some(t) = self.closest_enemy(u) {
                let (to, facing) = self.contact_position(u, t);
                let full = self.chart_allowance(u, Formation::Column);
                let moved = match self.measure_move(u, to, facing, full) {
                    Ok(m) => Some((to, facing, m)),
                    Err(_) => {
                        // Out of reach: it moves its full allowance toward the enemy and stops.
                        let s = self.unit(u).clone();
                        let head = bearing(s.front, to);
                        [full, full / 2, full / 4].into_iter().find_map(|d| {
                            let p = ahead(s.front, head, i64::from(d), 0);
                            self.measure_move(u, p, head, full).ok().map(|m| (p, head, m))
                        })
                    }
                };
                if let Some((to, facing, m)) = moved {
                    if self.move_with_evasion(u, to, facing, &m, Resume::NextPursuit, ev) || self.offer_fire_at_cavalry(u, Resume::NextPursuit, ev) {
                        return;
                    }
                }
            }
        }
    }

    /// Run the automatic steps until a decision is needed or the game ends.
    pub(crate) fn run(&mut self, ev: &mut Vec<Event>) {
        self.prompt_cache.clear();
        loop {
            match &self.phase {
                Phase::Over => return,
                Phase::Melee { last, fought } => {
                    let last = *last;
                    if !self.open_combats(*fought).is_empty() {
                        return;
                    }
                    if last {
                        self.end_player_turn(ev);
                    } else {
                        self.begin_step(Step::Pursuit { unit: 0 }, ev);
                        self.next_pursuit(ev);
                    }
                }
                Phase::Evasion { unit, resume, .. } if self.unit(*unit).order == Order::Gone => {
                    let resume = *resume;
                    self.resume(resume, ev);
                }
                _ => return,
            }
        }
    }

    /// After step 10: the other player's turn, or the end of the game turn (b.7).
    fn end_player_turn(&mut self, ev: &mut Vec<Event>) {
        if self.phasing == self.scen.first_player {
            self.phasing = self.phasing.other();
            ev.push(Event::TurnBegins { turn: self.turn, side: self.phasing });
            self.begin_player_turn(ev);
            return;
        }
        if let Some(o) = self.check_victory() {
            ev.push(Event::GameOver { winner: o.winner, why: o.detail.why.clone() });
            self.outcome = Some(o);
            self.phase = Phase::Over;
            return;
        }
        self.turn += 1;
        self.phasing = self.scen.first_player;
        ev.push(Event::TurnBegins { turn: self.turn, side: self.phasing });
        self.begin_player_turn(ev);
    }

    /// Victory (b.7, c.6): a side is broken at its number of units routed, dispersed or
    /// eliminated; one broken, the other wins decisively; both, a draw. At the turn limit the
    /// first player wins marginally if it holds every objective, else the second player.
    pub(crate) fn check_victory(&self) -> Option<Outcome> {
        let broken = [self.broken_units(Side::French), self.broken_units(Side::Allied)];
        let is_broken = |s: Side| broken[s.index()] >= self.scen.side(s).break_at;
        let detail = |why: String| OutcomeDetail { why, broken_units: broken };
        match (is_broken(Side::French), is_broken(Side::Allied)) {
            (true, true) => return Some(Outcome { winner: None, level: Level::Draw, detail: detail("both armies broke in the same turn".into()) }),
            (true, false) => return Some(Outcome { winner: Some(Side::Allied), level: Level::Decisive, detail: detail("the French army broke".into()) }),
            (false, true) => return Some(Outcome { winner: Some(Side::French), level: Level::Decisive, detail: detail("the Allied army broke".into()) }),
            _ => {}
        }
        if self.turn < self.scen.turns {
            return None;
        }
        let first = self.scen.first_player;
        let held = self.scen.terrain.iter().filter(|p| p.objective).all(|p| self.controls(first, p));
        let (winner, why) = if held { (first, "the first player holds the objectives at the end") } else { (first.other(), "the objectives were not taken by the end") };
        Some(Outcome { winner: Some(winner), level: Level::Marginal, detail: detail(why.into()) })
    }

    /// A side controls a piece when one of its non-routed units has its centre inside and no
    /// enemy non-routed unit does (b.7).
    fn controls(&self, side: Side, piece: &super::scenario::Piece) -> bool {
        let holds = |s: Side| self.side_units(s).any(|u| matches!(self.unit(u).order, Order::Formed | Order::Disordered) && piece.contains(self.rect(u).centre()));
        holds(side) && !holds(side.other())
    }
}
