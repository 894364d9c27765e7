//! Sequence of Play as a state machine: Game Setup, Determine Initiative, and the seven steps
//! of a turn. Automatic steps run in `run`; decision steps wait in `phase` for an action.
use super::action::{Action, Event, RollPurpose, Side, Step, UnitId};
use super::combat::{Fight, FightKind};
use super::scenario::{side_index, Deploy, Kind, Scenario, TOWN};
use super::{Bailen, Options, Place, Unit};
use crate::core::dice::Dice;
use crate::core::hex::Hex;
use crate::games::{GameError, Prompt};
use std::sync::Arc;

/// Where the sequence of play stands. Context lives in `TurnState`; the phase is the tag.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Phase {
    /// Game Setup, deployment stage 0 (Venegas), 1 (the French), 2 (Reding and Coupigny);
    /// `lifts`: counters picked up to be placed again in this stage (`Options::confirm_deployment`).
    Deployment { stage: u8, lifts: u8 },
    RoundStart,
    ChooseFirst { winner: Side, totals: [u8; 2] },
    TurnStart,
    /// Reinforcements entering one at a time (queue in TurnState).
    Reinforcements,
    WaterCarrierRoll,
    PlaceWaterCarrier { leader: Option<UnitId> },
    ActivateLeader,
    Movement,
    MoveCounter { unit: UnitId },
    Recovery { next: u8 },
    Reaction,
    CombatStart,
    Desertion { next: u8 },
    CombatAllowanceRoll,
    Combat,
    Fight,
    Advance,
    Chained { unit: UnitId },
    Pursuit,
    Reorganization,
    TurnEnd,
    /// A roll waits for its owner's NAC History Joker decision.
    Joker { side: Side, purpose: RollPurpose, dice: Vec<u8>, cont: Cont },
    Over,
}

/// What a roll was for, so the game can resume once it is final.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cont {
    InitiativeFrench,
    InitiativeSpanish { french: u8 },
    Arrival,
    MovementAllowance { leader: UnitId },
    CombatAllowance,
    Shot,
    Desertion { unit: UnitId },
    HeatRecovery { unit: UnitId },
    HeatReorganize { leader: UnitId, unit: UnitId },
    WaterCarrier,
}

/// The active turn's counters and pending procedures.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct TurnState {
    pub leader: Option<UnitId>,
    pub allowance: u8,
    pub moved: u8,
    pub formation_moved: u8,
    pub combat_left: Option<u8>,
    pub pursuits_left: u8,
    /// Leaders that have made their reorganization attempt this turn.
    pub reorganized: Vec<UnitId>,
    pub fight: Option<Fight>,
    /// Hexes vacated by defenders, waiting for an advance after combat.
    pub vacated: Vec<(Hex, FightKind)>,
    /// Reinforcements still to enter this turn.
    pub entering: Vec<UnitId>,
    /// The kind of the last fight, to return to its step after advances.
    pub last_kind: Option<FightKind>,
    /// Cavalry that has pursued this turn (each of the 2 pursuits is a different unit, A24a).
    pub pursuers: Vec<UnitId>,
}

/// Who deploys in each stage of Game Setup.
pub(crate) const DEPLOY_STAGES: [(Side, &[Deploy]); 3] = [
    (Side::Spanish, &[Deploy::V]),
    (Side::French, &[Deploy::French]),
    (Side::Spanish, &[Deploy::R, Deploy::C]),
];

/// The actions of a step's `choices`, then the action that closes it (`end`), in one allocation.
pub(crate) fn with_end<T>(choices: Vec<T>, action: impl FnMut(T) -> Action, end: Action) -> Vec<Action> {
    let mut acts = Vec::with_capacity(choices.len() + 1);
    acts.extend(choices.into_iter().map(action));
    acts.push(end);
    acts
}

fn illegal(why: impl Into<String>) -> GameError {
    GameError::Illegal(why.into())
}

impl Bailen {
    /// A new game at Game Setup.
    pub(crate) fn start(scen: Arc<Scenario>, options: Options, dice: Dice) -> Bailen {
        let n = scen.counters.len();
        let tables = super::tables::Tables::of(&scen);
        let mut g = Bailen {
            board: vec![0; scen.grid.len()],
            derived: super::Derived::empty(&tables),
            tables,
            search_buffers: Default::default(),
            units: vec![
                Unit {
                    place: Place::Reserve,
                    disorganised: false,
                    moved: false,
                    activated: false,
                    attacks_left: 0,
                    reacted: false,
                };
                n
            ],
            scen,
            joker: super::joker::JokerState::new(options.joker),
            options,
            dice,
            round: 1,
            first: None,
            last_first: None,
            active: None,
            phase: Phase::Deployment { stage: 0, lifts: 0 },
            turn: TurnState::default(),
            arrived: [false; 2],
            outcome: None,
            opening: Arc::new(Vec::new()),
            prompt_cache: crate::games::PromptCache::default(),
            quiet: false,
            unread: Vec::new(),
        };
        if g.options.historical_deployment {
            // Game Setup: "place the troops according to the reference sheet instead".
            for u in 0..n {
                let c = &g.scen.counters[u];
                if let (Some(h), Some(f)) = (c.historical, c.formation) {
                    if g.scen.formations[f as usize].deploy != Deploy::Reinforcement {
                        g.place_unit(u as UnitId, h);
                    }
                }
            }
        }
        let mut ev = Vec::new();
        g.run(&mut ev);
        g.opening = Arc::new(ev);
        g
    }

    /// The next counter to deploy in this stage, if any: the first of the stage's counters
    /// (`Tables::deployers`) still in reserve.
    fn next_to_deploy(&self, stage: u8) -> Option<UnitId> {
        let stage = self.tables.deployers.get(usize::from(stage))?;
        stage.iter().copied().find(|&u| self.units[u as usize].place == Place::Reserve)
    }

    /// Game Setup (rulebook: "Game Setup"; `Options::confirm_deployment`): has counter `u` been
    /// placed in this deployment step, by the side, rather than from the reference sheet?
    fn placed_this_step(&self, u: UnitId) -> bool {
        self.units[u as usize].hex().is_some() && !(self.options.historical_deployment && self.counter(u).historical.is_some())
    }

    /// The counters of `stage` the side may lift to place again: those it placed in this step,
    /// while the stage's lifts are fewer than its counters (a limit that keeps every game
    /// finite: a stage of n counters takes at most 3n + 1 actions). Empty without the option.
    fn liftable(&self, stage: u8, lifts: u8) -> Vec<UnitId> {
        let Some(units) = self.tables.deployers.get(usize::from(stage)) else { return Vec::new() };
        if !self.options.confirm_deployment || usize::from(lifts) >= units.len() {
            return Vec::new();
        }
        let mut out = Vec::with_capacity(units.len());
        out.extend(units.iter().copied().filter(|&u| self.placed_this_step(u)));
        out
    }

    /// The lifts `stage` still allows after `lifts` (one per counter of the stage).
    fn lifts_left(&self, stage: u8, lifts: u8) -> u8 {
        let n = self.tables.deployers.get(usize::from(stage)).map_or(0, Vec::len);
        n.saturating_sub(usize::from(lifts)).min(255) as u8
    }

    /// Does `stage`, all its counters placed, wait for the side to confirm it? Game Setup: each
    /// side deploys "in the hexagons they wish", and the next "afterward": a step ends when its
    /// side is done, which the confirmation says. Only with the option, and only when the side placed some of them itself (historical deployment places
    /// them all from the reference sheet, with nothing to confirm).
    fn awaits_confirmation(&self, stage: u8) -> bool {
        self.options.confirm_deployment
            && self.tables.deployers.get(usize::from(stage)).is_some_and(|us| us.iter().any(|&u| self.placed_this_step(u)))
    }

    /// The phase after deployment stage `stage`.
    fn after_deployment(stage: u8) -> Phase {
        if stage < 2 { Phase::Deployment { stage: stage + 1, lifts: 0 } } else { Phase::RoundStart }
    }

    /// A Deploy to each empty hex of the counter's deployment zone, in grid order
    /// (`Tables::deploy`), with room for `more` actions after them.
    fn deploy_actions(&self, u: UnitId, more: usize) -> Vec<Action> {
        let Some(zone) = self.counter(u).formation.and_then(|f| self.tables.deploy.get(f as usize)) else { return self.prompt_cache.spare_actions(more) };
        let (board, hexes) = (&self.board[..], &self.tables.hexes[..]);
        let mut out = self.prompt_cache.spare_actions(zone.len() + more);
        for &i in zone {
            let i = usize::from(i);
            if let (Some(0), Some(&to)) = (board.get(i), hexes.get(i)) {
                out.push(Action::Deploy { unit: u, to });
            }
        }
        out
    }

    // ---------------------------------------------------------------- prompts

    pub(crate) fn current_prompt(&self) -> Option<Prompt<Side, Step, Action>> {
        let active = self.active.unwrap_or(Side::French);
        let (side, step, actions) = match &self.phase {
            Phase::Over => return None,
            Phase::Deployment { stage, lifts } => {
                let side = DEPLOY_STAGES[*stage as usize].0;
                // Game Setup with `confirm_deployment`: before the step is confirmed the side may
                // pick up any counter it placed in it, and place it again on a hex the rules allow.
                let lift = self.liftable(*stage, *lifts);
                let lift = lift.iter().map(|&u| Action::LiftDeployed { unit: u });
                match self.next_to_deploy(*stage) {
                    Some(u) => {
                        let f = self.counter(u).formation.map(|f| self.scen.formations[f as usize].name.clone());
                        let mut acts = self.deploy_actions(u, lift.len());
                        acts.extend(lift);
                        let lifts_left = self.options.confirm_deployment.then(|| self.lifts_left(*stage, *lifts));
                        (side, Step::Deployment { formation: f.unwrap_or_default(), unit: u, lifts_left }, acts)
                    }
                    None if self.awaits_confirmation(*stage) => {
                        let placed = self.tables.deployers.get(usize::from(*stage)).map_or(0, Vec::len);
                        let step = Step::ConfirmDeployment { placed: placed.min(255) as u8, lifts_left: self.lifts_left(*stage, *lifts) };
                        let mut acts: Vec<Action> = lift.collect();
                        acts.push(Action::ConfirmDeployment);
                        (side, step, acts)
                    }
                    None => return None,
                }
            }
            Phase::ChooseFirst { winner, totals } => (
                *winner,
                Step::ChooseFirstPlayer { french_total: totals[0], spanish_total: totals[1] },
                vec![Action::FirstPlayer { side: *winner }, Action::FirstPlayer { side: winner.other() }],
            ),
            Phase::Joker { side, purpose, dice, .. } => {
                let mut acts: Vec<Action> = (0..dice.len()).map(|d| Action::UseJoker { die: d as u8 }).collect();
                acts.push(Action::KeepRoll);
                (*side, Step::Joker { purpose: *purpose, dice: dice.clone() }, acts)
            }
            Phase::Reinforcements => {
                let u = *self.turn.entering.first()?;
                let acts = self.entry_destinations(u).into_iter().map(|to| Action::Enter { unit: u, to }).collect();
                (active, Step::Reinforcement { unit: u, entry: self.entry_hex(active) }, acts)
            }
            Phase::PlaceWaterCarrier { leader } => {
                let acts = self.water_carrier_hexes(*leader).into_iter().map(|to| Action::PlaceWaterCarrier { to }).collect();
                (Side::Spanish, Step::PlaceWaterCarrier, acts)
            }
            Phase::ActivateLeader => {
                let acts = self.declarable_leaders(active).map(|l| Action::ActivateLeader { leader: l }).collect();
                (active, Step::ActivateLeader, acts)
            }
            Phase::Movement => {
                let t = &self.turn;
                let mut acts = self.movers();
                if self.may_end_movement() {
                    acts.push(Action::EndMovement);
                }
                let leader = t.leader.unwrap_or(0);
                (active, Step::Movement { leader, allowance: t.allowance, moved: t.moved, formation_moved: t.formation_moved }, acts)
            }
            Phase::MoveCounter { unit } => {
                let mut acts = self.move_actions(*unit);
                acts.push(Action::CancelMove { unit: *unit });
                (active, Step::MoveCounter { unit: *unit }, acts)
            }
            Phase::Reaction => {
                let mut acts = self.reaction_attacks();
                acts.push(Action::EndReaction);
                (active.other(), Step::ReactionFire, acts)
            }
            Phase::Combat => {
                let mut acts = self.combat_attacks();
                acts.push(Action::EndCombat);
                (active, Step::Combat { activations_left: self.turn.combat_left.unwrap_or(0) }, acts)
            }
            Phase::Fight => return self.fight_prompt(),
            Phase::Advance => {
                let (hex, _) = *self.turn.vacated.first()?;
                let acts = with_end(self.advancers(hex), |u| Action::Advance { unit: u, to: hex }, Action::NoAdvance);
                (active, Step::Advance { hex }, acts)
            }
            Phase::Chained { unit } => {
                let acts = with_end(self.targets(*unit, FightKind::Chained), |t| Action::Attack { unit: *unit, target: t }, Action::NoChainedAttack);
                (active, Step::ChainedAttack { unit: *unit }, acts)
            }
            Phase::Pursuit => {
                let mut acts = self.pursuits();
                acts.push(Action::EndPursuit);
                (active, Step::Pursuit { pursuits_left: self.turn.pursuits_left }, acts)
            }
            Phase::Reorganization => {
                let mut acts = self.reorganizations();
                acts.push(Action::EndTurn);
                (active, Step::Reorganization, acts)
            }
            // Automatic phases never wait; `run` moves past them.
            _ => return None,
        };
        Some(Prompt { side, step, actions, templates: Vec::new() })
    }

    pub(crate) fn legal(&self, a: &Action) -> bool {
        self.cached_prompt().as_ref().is_some_and(|p| p.actions.contains(a))
    }

    /// The prompt of this position, computed once (`perform` and `run` empty the cache before
    /// they change the position; a clone starts empty).
    pub(crate) fn cached_prompt(&self) -> &Option<Prompt<Side, Step, Action>> {
        self.prompt_cache.get_or(|| self.current_prompt())
    }

    // ---------------------------------------------------------------- actions

    /// Is `a` legal here? The precise refusal if not.
    pub(crate) fn check(&self, a: &Action) -> Result<(), GameError> {
        let prompt = self.cached_prompt().as_ref().ok_or(GameError::GameOver)?;
        if prompt.actions.contains(a) {
            Ok(())
        } else {
            Err(illegal(format!("'{}' is not a legal action at step {:?}", self.describe_action(a), prompt.step)))
        }
    }

    /// Perform one legal action (see `check`) on this scratch state, then run automatic steps.
    pub(crate) fn perform(&mut self, a: &Action, ev: &mut Vec<Event>) -> Result<(), GameError> {
        self.prompt_cache.clear(); // the position changes now
        let active = self.active.unwrap_or(Side::French);
        match (self.phase.clone(), a) {
            (Phase::Deployment { .. }, Action::Deploy { unit, to }) => {
                // Game Setup: one counter per underlined hex of its formation's letter.
                self.place_unit(*unit, *to);
                ev.push(Event::Deployed { unit: *unit, to: *to });
            }
            (Phase::Deployment { stage, lifts }, Action::LiftDeployed { unit }) => {
                // Game Setup: the counter is unplaced again; it is the next to place.
                if let Some(from) = self.units[*unit as usize].hex() {
                    self.remove_from_board(*unit);
                    self.units[*unit as usize].place = Place::Reserve;
                    ev.push(Event::Lifted { unit: *unit, from });
                }
                self.phase = Phase::Deployment { stage, lifts: lifts.saturating_add(1) };
            }
            (Phase::Deployment { stage, .. }, Action::ConfirmDeployment) => {
                // Game Setup: only the confirmation hands the deployment to the next step.
                ev.push(Event::DeploymentConfirmed { side: DEPLOY_STAGES[stage as usize].0 });
                self.phase = Self::after_deployment(stage);
            }
            (Phase::ChooseFirst { .. }, Action::FirstPlayer { side }) => {
                self.set_first(*side, ev);
            }
            (Phase::Joker { side, mut dice, cont, .. }, Action::UseJoker { die }) => {
                let new_value = self.dice.d6();
                dice[*die as usize] = new_value;
                ev.push(Event::JokerUsed { side, die: *die, new_value });
                self.joker_used(side, ev);
                self.resume(cont, &dice, ev);
            }
            (Phase::Joker { dice, cont, .. }, Action::KeepRoll) => {
                self.resume(cont, &dice, ev);
            }
            (Phase::Reinforcements, Action::Enter { unit, to }) => {
                // Reinforcements: enter at the road's edge hex, spending movement points.
                let path = self.traced(|g| g.entry_path(*unit, *to));
                self.place_unit(*unit, *to);
                self.units[*unit as usize].moved = true;
                self.turn.entering.remove(0);
                ev.push(Event::Entered { unit: *unit, path });
            }
            (Phase::PlaceWaterCarrier { .. }, Action::PlaceWaterCarrier { to }) => {
                if let Some(w) = self.scen.water_carrier {
                    self.place_unit(w, *to);
                }
                ev.push(Event::WaterCarrierPlaced { to: *to });
                self.phase = Phase::ActivateLeader;
            }
            (Phase::ActivateLeader, Action::ActivateLeader { leader }) => {
                // Movement: declare the leader, then roll 6 + d6.
                self.turn.leader = Some(*leader);
                self.request_roll(active, RollPurpose::MovementAllowance, 1, Cont::MovementAllowance { leader: *leader }, ev);
            }
            (Phase::Movement, Action::SelectMover { unit }) => {
                self.phase = Phase::MoveCounter { unit: *unit };
            }
            (Phase::Movement, Action::EndMovement) => {
                self.phase = Phase::Recovery { next: 0 };
            }
            (Phase::MoveCounter { .. }, Action::CancelMove { .. }) => {
                self.phase = Phase::Movement;
            }
            (Phase::MoveCounter { unit }, Action::MoveTo { to, .. }) => {
                let path = self.traced(|g| g.move_path(unit, *to));
                self.place_unit(unit, *to);
                self.units[unit as usize].moved = true;
                self.turn.moved += 1;
                if self.in_leader_formation(unit) {
                    self.turn.formation_moved += 1;
                }
                ev.push(Event::Moved { unit, path });
                self.phase = Phase::Movement;
            }
            (Phase::Reaction, Action::Attack { unit, target }) => {
                self.start_fight(FightKind::Reaction, *unit, *target);
            }
            (Phase::Reaction, Action::EndReaction) => {
                self.phase = Phase::CombatStart;
            }
            (Phase::Combat, Action::Attack { unit, target }) => {
                self.start_fight(FightKind::Combat, *unit, *target);
            }
            (Phase::Combat, Action::EndCombat) => {
                self.turn.pursuits_left = 2;
                self.phase = Phase::Pursuit;
            }
            (Phase::Fight, a) => self.fight_action(a, ev),
            (Phase::Advance, Action::Advance { unit, to }) => {
                self.advance_after_combat(*unit, *to, ev);
            }
            (Phase::Advance, Action::NoAdvance) => {
                self.turn.vacated.remove(0);
                self.after_advance();
            }
            (Phase::Chained { .. }, Action::Attack { unit, target }) => {
                self.start_fight(FightKind::Chained, *unit, *target);
            }
            (Phase::Chained { .. }, Action::NoChainedAttack) => {
                self.after_advance();
            }
            (Phase::Pursuit, Action::Pursue { unit, target, to }) => {
                self.pursue(*unit, *target, *to, ev);
            }
            (Phase::Pursuit, Action::EndPursuit) => {
                self.phase = Phase::Reorganization;
            }
            (Phase::Reorganization, Action::Reorganize { leader, unit }) => {
                self.turn.reorganized.push(*leader);
                if self.heat() && !self.watered(*unit) {
                    self.request_roll(active, RollPurpose::HeatReorganization { unit: *unit }, 1, Cont::HeatReorganize { leader: *leader, unit: *unit }, ev);
                } else {
                    self.units[*unit as usize].disorganised = false;
                    ev.push(Event::Reorganised { unit: *unit });
                }
            }
            (Phase::Reorganization, Action::EndTurn) => {
                self.phase = Phase::TurnEnd;
            }
            (_, a) => return Err(illegal(format!("'{}' does not belong to this step", self.describe_action(a)))),
        }
        self.run(ev);
        Ok(())
    }

    // ---------------------------------------------------------------- dice

    /// Roll `n` dice for `side`; the NAC History Joker may be offered before the roll stands.
    pub(crate) fn request_roll(&mut self, side: Side, purpose: RollPurpose, n: usize, cont: Cont, ev: &mut Vec<Event>) {
        let dice: Vec<u8> = (0..n).map(|_| self.dice.d6()).collect();
        for &value in &dice {
            ev.push(Event::Rolled { side, purpose, value });
        }
        if self.joker_usable(side) {
            self.phase = Phase::Joker { side, purpose, dice, cont };
        } else {
            self.resume(cont, &dice, ev);
        }
    }

    /// A roll is final: carry on with what it was for.
    fn resume(&mut self, cont: Cont, dice: &[u8], ev: &mut Vec<Event>) {
        let d = dice.first().copied().unwrap_or(1);
        let active = self.active.unwrap_or(Side::French);
        match cont {
            Cont::InitiativeFrench => {
                // Determine Initiative: die + 1 per leader on the board.
                let total = d + self.leaders_on_map(Side::French).count() as u8;
                self.phase = Phase::RoundStart;
                self.request_roll(Side::Spanish, RollPurpose::Initiative, 1, Cont::InitiativeSpanish { french: total }, ev);
            }
            Cont::InitiativeSpanish { french } => {
                let spanish = d + self.leaders_on_map(Side::Spanish).count() as u8;
                if french == spanish {
                    ev.push(Event::InitiativeTie { round: self.round });
                    match self.last_first {
                        // "In case of a tie, initiative passes to the player who did not have it
                        // in the previous round."
                        Some(prev) => self.set_first(prev.other(), ev),
                        // Round 1 has no previous round: roll again (A8).
                        None => self.phase = Phase::RoundStart,
                    }
                } else {
                    let winner = if french > spanish { Side::French } else { Side::Spanish };
                    self.phase = Phase::ChooseFirst { winner, totals: [french, spanish] };
                }
            }
            Cont::Arrival => {
                // Reinforcements: Castaños on 6 from R9, Vedel on 5-6 from R11, +1 a round after.
                let (start, need) = if active == Side::Spanish { (9, 6) } else { (11, 5) };
                let total = d + (self.round - start);
                if total >= need {
                    self.arrived[side_index(active)] = true;
                    ev.push(Event::ReinforcementsArrive { side: active });
                    if active == Side::Spanish {
                        self.castanos_arrived(ev);
                    }
                    self.turn.entering = self.reserve_of(active);
                }
                self.phase = Phase::Reinforcements;
            }
            Cont::MovementAllowance { leader } => {
                let allowance = 6 + d;
                self.turn.allowance = allowance;
                ev.push(Event::LeaderActivated { leader, allowance });
                self.phase = Phase::Movement;
            }
            Cont::CombatAllowance => {
                let n = 4 + d;
                self.turn.combat_left = Some(n);
                ev.push(Event::CombatAllowance { activations: n });
                self.phase = Phase::Combat;
            }
            Cont::Shot => self.shot_rolled(dice, ev),
            Cont::Desertion { unit } => {
                // Swiss desertions: 5 or 6 and the French Swiss unit leaves the battle.
                if d >= 5 {
                    self.remove_from_board(unit);
                    self.units[unit as usize].place = Place::Deserted;
                    ev.push(Event::Deserted { unit });
                }
                self.phase = Phase::Desertion { next: unit + 1 };
            }
            Cont::HeatRecovery { unit } => {
                // Stifling Heat: reorganizing needs 4, 5 or 6.
                if d >= 4 {
                    self.units[unit as usize].disorganised = false;
                    ev.push(Event::Recovered { unit });
                } else {
                    ev.push(Event::StaysDisorganised { unit });
                }
                self.phase = Phase::Recovery { next: unit + 1 };
            }
            Cont::HeatReorganize { unit, .. } => {
                if d >= 4 {
                    self.units[unit as usize].disorganised = false;
                    ev.push(Event::Reorganised { unit });
                } else {
                    ev.push(Event::StaysDisorganised { unit });
                }
                self.phase = Phase::Reorganization;
            }
            Cont::WaterCarrier => {
                // María Bellido: 1-2 Coupigny, 3-4 Venegas, 5-6 Reding.
                let name = match d {
                    1 | 2 => "Coupigny",
                    3 | 4 => "Venegas",
                    _ => "Reding",
                };
                let rolled = self.scen.formation_named(name).map(|f| self.scen.leader_of(f));
                let alive = |g: &Bailen, l: Option<UnitId>| l.filter(|&l| g.units[l as usize].hex().is_some());
                let leader = match alive(self, rolled) {
                    Some(l) => Some(l),
                    // "If one of those leaders has been eliminated ... with Castaños, if he is in the game."
                    None => alive(self, self.scen.formation_named("Castaños").map(|f| self.scen.leader_of(f))),
                };
                if leader.is_none() && self.french_in_town() {
                    ev.push(Event::WaterCarrierNotPlaced);
                    self.phase = Phase::ActivateLeader;
                } else if self.water_carrier_hexes(leader).is_empty() {
                    // No empty hex for her: not placed this turn (A29e).
                    ev.push(Event::WaterCarrierNotPlaced);
                    self.phase = Phase::ActivateLeader;
                } else {
                    self.phase = Phase::PlaceWaterCarrier { leader };
                }
            }
        }
    }

    // ---------------------------------------------------------------- automatic steps

    /// Run automatic steps until a decision is needed or the game ends.
    pub(crate) fn run(&mut self, ev: &mut Vec<Event>) {
        self.prompt_cache.clear();
        loop {
            if self.outcome.is_none() && self.active.is_some() {
                if let Some(o) = self.check_victory() {
                    ev.push(Event::GameOver { outcome: o.clone() });
                    self.outcome = Some(o);
                    self.phase = Phase::Over;
                }
            }
            let active = self.active.unwrap_or(Side::French);
            match self.phase.clone() {
                Phase::Over | Phase::Joker { .. } | Phase::ChooseFirst { .. } => return,
                Phase::Deployment { stage, .. } => {
                    if self.next_to_deploy(stage).is_some() || self.awaits_confirmation(stage) {
                        return;
                    }
                    self.phase = Self::after_deployment(stage);
                }
                Phase::RoundStart => {
                    for u in self.units.iter_mut() {
                        u.activated = false;
                    }
                    self.request_roll(Side::French, RollPurpose::Initiative, 1, Cont::InitiativeFrench, ev);
                    // Avoid re-entering RoundStart before the Spanish roll resolves.
                    if self.phase == Phase::RoundStart {
                        continue;
                    }
                }
                Phase::TurnStart => {
                    for u in self.units.iter_mut() {
                        u.moved = false;
                        u.activated = false;
                        u.attacks_left = 0;
                        u.reacted = false;
                    }
                    self.turn = TurnState::default();
                    ev.push(Event::TurnBegins { side: active, round: self.round });
                    // Step 1: possible arrival of reinforcements.
                    let (start, idx) = if active == Side::Spanish { (9, 1) } else { (11, 0) };
                    if !self.arrived[idx] && self.round >= start {
                        self.phase = Phase::Reinforcements;
                        self.request_roll(active, RollPurpose::ReinforcementArrival, 1, Cont::Arrival, ev);
                    } else {
                        // A unit that could not enter tries again, with no new roll (A25c).
                        self.turn.entering = if self.arrived[idx] { self.reserve_of(active) } else { Vec::new() };
                        self.phase = Phase::Reinforcements;
                    }
                }
                Phase::Reinforcements => match self.turn.entering.first().copied() {
                    None => self.phase = Phase::WaterCarrierRoll,
                    Some(u) => {
                        // The prompt lists where it may enter (`entry_destinations`).
                        if self.offers_more_than(0) {
                            return;
                        }
                        ev.push(Event::CannotEnter { unit: u });
                        self.turn.entering.remove(0);
                    }
                },
                Phase::WaterCarrierRoll => {
                    // Stifling Heat: at the start of the Spanish movement step in hot rounds.
                    if active == Side::Spanish && self.heat() && self.scen.water_carrier.is_some() {
                        if let Some(w) = self.scen.water_carrier {
                            self.remove_from_board(w);
                            self.units[w as usize].place = Place::Reserve;
                        }
                        self.phase = Phase::ActivateLeader;
                        self.request_roll(Side::Spanish, RollPurpose::WaterCarrier, 1, Cont::WaterCarrier, ev);
                    } else {
                        self.phase = Phase::ActivateLeader;
                    }
                }
                Phase::PlaceWaterCarrier { .. } => return,
                Phase::ActivateLeader => {
                    if self.declarable_leaders(active).next().is_none() {
                        // No leader in play: nothing may move this turn (A5).
                        self.phase = Phase::Recovery { next: 0 };
                    } else {
                        return;
                    }
                }
                Phase::Movement | Phase::MoveCounter { .. } => return,
                Phase::Recovery { next } => {
                    // Step 3: recover own disorganized counters not in an enemy ZoC.
                    let found = (next as usize..self.units.len()).map(|u| u as UnitId).find(|&u| {
                        let unit = &self.units[u as usize];
                        self.side_of(u) == active
                            && unit.disorganised
                            && unit.hex().is_some_and(|h| !self.in_enemy_zoc(active, h))
                    });
                    match found {
                        None => self.phase = Phase::Reaction,
                        Some(u) => {
                            if self.heat() && !self.watered(u) {
                                self.phase = Phase::Recovery { next: u + 1 };
                                self.request_roll(active, RollPurpose::HeatReorganization { unit: u }, 1, Cont::HeatRecovery { unit: u }, ev);
                            } else {
                                self.units[u as usize].disorganised = false;
                                ev.push(Event::Recovered { unit: u });
                                self.phase = Phase::Recovery { next: u + 1 };
                            }
                        }
                    }
                }
                Phase::Reaction => {
                    if !self.wait_for_choice() {
                        self.phase = Phase::CombatStart;
                    } else {
                        return;
                    }
                }
                Phase::CombatStart => {
                    self.phase = if self.options.swiss && active == Side::Spanish {
                        Phase::Desertion { next: 0 }
                    } else {
                        Phase::CombatAllowanceRoll
                    };
                }
                Phase::Desertion { next } => {
                    // Swiss Troops: one roll for each French Swiss unit within 2 hexes of a Spanish Swiss unit.
                    match (next as usize..self.units.len()).map(|u| u as UnitId).find(|&u| self.may_desert(u)) {
                        None => self.phase = Phase::CombatAllowanceRoll,
                        Some(u) => {
                            self.phase = Phase::Desertion { next: u + 1 };
                            self.request_roll(Side::Spanish, RollPurpose::Desertion { unit: u }, 1, Cont::Desertion { unit: u }, ev);
                        }
                    }
                }
                Phase::CombatAllowanceRoll => {
                    // Step 5: 4 + d6 counters may fight.
                    self.phase = Phase::Combat;
                    self.request_roll(active, RollPurpose::CombatAllowance, 1, Cont::CombatAllowance, ev);
                }
                Phase::Combat => {
                    if !self.wait_for_choice() {
                        self.turn.pursuits_left = 2;
                        self.phase = Phase::Pursuit;
                    } else {
                        return;
                    }
                }
                Phase::Fight => {
                    if !self.fight_step(ev) {
                        return;
                    }
                }
                Phase::Advance => match self.turn.vacated.first().copied() {
                    None => self.after_advance(),
                    Some((hex, _)) => {
                        if self.unit_at(hex).is_some() || self.advancers(hex).is_empty() {
                            self.turn.vacated.remove(0);
                        } else {
                            return;
                        }
                    }
                },
                Phase::Chained { .. } => {
                    if !self.wait_for_choice() {
                        self.after_advance();
                    } else {
                        return;
                    }
                }
                Phase::Pursuit => {
                    if self.turn.pursuits_left == 0 || !self.wait_for_choice() {
                        self.phase = Phase::Reorganization;
                    } else {
                        return;
                    }
                }
                Phase::Reorganization => {
                    if !self.wait_for_choice() {
                        self.phase = Phase::TurnEnd;
                    } else {
                        return;
                    }
                }
                Phase::TurnEnd => self.end_turn(ev),
            }
        }
    }

    /// Does this step offer a choice besides ending it (its last action)? If so its prompt,
    /// computed here to find out, is the one `prompt()` gives: the position waits as it is.
    pub(crate) fn wait_for_choice(&mut self) -> bool {
        self.offers_more_than(1)
    }

    /// Does this step's prompt list more than `n` actions? If so the prompt, computed here to
    /// find out, is the one `prompt()` gives: the position waits as it is.
    fn offers_more_than(&mut self, n: usize) -> bool {
        let prompt = self.current_prompt();
        if prompt.as_ref().is_some_and(|p| p.actions.len() > n) {
            self.prompt_cache.clear();
            self.prompt_cache.get_or(|| prompt);
            true
        } else {
            if let Some(p) = prompt {
                self.prompt_cache.recycle(p.actions);
            }
            false
        }
    }

    fn set_first(&mut self, side: Side, ev: &mut Vec<Event>) {
        self.first = Some(side);
        self.active = Some(side);
        ev.push(Event::FirstPlayer { side, round: self.round });
        self.phase = Phase::TurnStart;
    }

    fn end_turn(&mut self, ev: &mut Vec<Event>) {
        let active = self.active.unwrap_or(Side::French);
        if Some(active) == self.first {
            self.active = Some(active.other());
            self.phase = Phase::TurnStart;
            return;
        }
        // The round is over.
        self.joker_round_end(ev);
        if self.round == 13 {
            // Stifling Heat ends with R13: María Bellido leaves the map (A29d).
            if let Some(w) = self.scen.water_carrier {
                self.remove_from_board(w);
                self.units[w as usize].place = Place::Reserve;
            }
        }
        if self.round >= 15 {
            let o = self.final_outcome();
            ev.push(Event::GameOver { outcome: o.clone() });
            self.outcome = Some(o);
            self.phase = Phase::Over;
            return;
        }
        self.last_first = self.first;
        self.round += 1;
        ev.push(Event::RoundBegins { round: self.round });
        self.phase = Phase::RoundStart;
    }

    // ---------------------------------------------------------------- helpers

    pub(crate) fn leaders_on_map(&self, side: Side) -> impl Iterator<Item = UnitId> + '_ {
        self.army_on_map(side).map(|(u, _)| u).filter(move |&u| self.counter(u).kind == Kind::Leader)
    }

    /// Off-map counters of the side's reinforcement formation, leader first.
    fn reserve_of(&self, side: Side) -> Vec<UnitId> {
        let mut v: Vec<UnitId> = (0..self.units.len())
            .map(|u| u as UnitId)
            .filter(|&u| {
                let c = self.counter(u);
                c.side == side
                    && self.units[u as usize].place == Place::Reserve
                    && c.formation.is_some_and(|f| self.scen.formations[f as usize].deploy == Deploy::Reinforcement)
            })
            .collect();
        v.sort_by_key(|&u| (self.counter(u).kind != Kind::Leader, u));
        v
    }

    pub(crate) fn entry_hex(&self, side: Side) -> Hex {
        self.scen.entry[side_index(side)]
    }

    fn in_leader_formation(&self, u: UnitId) -> bool {
        match self.turn.leader {
            Some(l) => self.counter(u).formation == self.counter(l).formation,
            None => false,
        }
    }

    /// A SelectMover for each counter that may still be selected to move. Movement: at most the
    /// allowance, and at least half from the activated leader's formation. The quota is a
    /// condition on the final tally, not on the order (A9d): a counter of another formation may
    /// move if, after it, others-moved <= formation-moved + min(allowance left, formation
    /// counters still able to move).
    fn movers(&self) -> Vec<Action> {
        let t = &self.turn;
        if t.moved >= t.allowance {
            return self.prompt_cache.spare_actions(1);
        }
        let active = self.active.unwrap_or(Side::French);
        let others_moved = t.moved - t.formation_moved;
        let needed = (others_moved + 1).saturating_sub(t.formation_moved);
        let others_ok = needed == 0
            || (needed < t.allowance - t.moved && self.formation_can_still_move(needed as usize));
        // `in_leader_formation`, with the leader's formation looked up once.
        let formation = t.leader.map(|l| self.counter(l).formation);
        let army = &self.tables.army[side_index(active)];
        // A SelectMover for each, with room for EndMovement.
        let mut out = self.prompt_cache.spare_actions(army.len() + 1);
        for &u in army {
            let unit = &self.units[u as usize];
            if unit.hex().is_some()
                && !unit.moved
                && !unit.disorganised
                && (others_ok || formation.is_some_and(|f| self.counter(u).formation == f))
            {
                out.push(Action::SelectMover { unit: u });
            }
        }
        out
    }

    /// Can at least `n` unmoved, organized counters of the activated formation still move
    /// (A9d)? Stops looking once `n` are found.
    fn formation_can_still_move(&self, n: usize) -> bool {
        let active = self.active.unwrap_or(Side::French);
        self.army_on_map(active)
            .map(|(u, _)| u)
            .filter(|&u| {
                let unit = &self.units[u as usize];
                !unit.moved && !unit.disorganised && self.in_leader_formation(u) && self.can_move(u)
            })
            .take(n)
            .count()
            >= n
    }

    /// "At least half must belong to the formation of the leader you activated": movement may
    /// end only when formation-moved >= others-moved (A9d), unless no counter of the formation
    /// can move any more (the quota can no longer be met; never leave the player stuck).
    fn may_end_movement(&self) -> bool {
        let t = &self.turn;
        t.moved - t.formation_moved <= t.formation_moved || !self.formation_can_still_move(1)
    }

    /// Leaders that may be declared in step 2: on the map, and not arrived this turn (A25d:
    /// an arriving leader "may be declared from the next turn"; entering set `moved`).
    fn declarable_leaders(&self, side: Side) -> impl Iterator<Item = UnitId> + '_ {
        self.leaders_on_map(side).filter(move |&l| !self.units[l as usize].moved)
    }

    fn french_in_town(&self) -> bool {
        self.army_on_map(Side::French).any(|(_, h)| self.scen.has(h, TOWN))
    }

    /// Empty hexes where María Bellido may be placed: next to `leader`, or in Bailén's
    /// buildings when no leader qualifies and no French counter is in the town.
    fn water_carrier_hexes(&self, leader: Option<UnitId>) -> Vec<Hex> {
        match leader {
            Some(l) => match self.units[l as usize].hex() {
                Some(h) => h.neighbours().into_iter().filter(|&n| self.scen.grid.contains(n) && self.unit_at(n).is_none()).collect(),
                None => Vec::new(),
            },
            None if self.french_in_town() => Vec::new(),
            None => self.scen.grid.hexes().filter(|&h| self.scen.has(h, TOWN) && self.unit_at(h).is_none()).collect(),
        }
    }

    fn may_desert(&self, u: UnitId) -> bool {
        let c = self.counter(u);
        let Some(h) = self.units[u as usize].hex() else { return false };
        c.side == Side::French
            && c.swiss
            && self
                .army_on_map(Side::Spanish)
                .any(|(s, sh)| self.counter(s).swiss && sh.distance(h) <= 2)
    }

    fn reorganizations(&self) -> Vec<Action> {
        // Reorganization of units by leaders: one unit of the formation within command range.
        let active = self.active.unwrap_or(Side::French);
        let mut acts = Vec::new();
        for l in self.leaders_on_map(active) {
            if self.turn.reorganized.contains(&l) {
                continue;
            }
            let (Some(lh), lf, range) = (self.units[l as usize].hex(), self.counter(l).formation, self.counter(l).command) else {
                continue;
            };
            for (u, h) in self.army_on_map(active) {
                if u != l && self.units[u as usize].disorganised && self.counter(u).formation == lf && h.distance(lh) <= range as u16 {
                    acts.push(Action::Reorganize { leader: l, unit: u });
                }
            }
        }
        acts
    }
}
