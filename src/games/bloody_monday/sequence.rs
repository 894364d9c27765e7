//! Sequence of Play as a state machine: [Setup] and 9.2, then each turn's Logistics Phase
//! (3.0, skipped on turn 1), Impulse Phase (4.0-7.0) and Final Phase (8.0). Automatic steps
//! run in `run`; decision steps wait in `phase` for an action. Pending hits (5.3.6) are
//! assigned before anything else goes on.
use super::action::{Action, BlockId, Event, ImpulseKind, Side, Step};
use super::movement::Purpose;
use super::scenario::{side_index, Kind, Scenario};
use super::{BlockState, BloodyMonday, Loc, Options};
use crate::core::dice::Dice;
use crate::games::{GameError, Prompt};
use std::sync::Arc;

/// Where the sequence of play stands.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Phase {
    /// 9.2: the French declare the salvo.
    GrandBattery,
    /// Start of the Impulse Phase (first impulse: the disk holder, D10).
    ImpulsePhaseStart,
    /// 4.1 isolation check, then the choice.
    ImpulseStart,
    /// 4.0 choose Tactical / Initiative / Pass.
    Choice,
    /// 5.1 activate leaders.
    Activation,
    LeaderMove { leader: BlockId, mp: u8 },
    /// 5.2 (and 6.2, 6.3, 7.0) choose a unit to move.
    Movement,
    UnitMove { block: BlockId, mp: u8, stepped: bool },
    /// 5.2.2
    Inspiration,
    /// 5.3 choose a battle.
    Battles,
    /// A battle in progress (`BloodyMonday::battle`).
    Battle,
    /// 6.3 offer of a cavalry raid after a tactical action.
    RaidOffer,
    /// 6.1 the number of reinforcements called with the disk.
    ImpulseReinforce,
    /// 5.4 deactivation and the next impulse.
    ImpulseEnd,
    /// 8.0
    Final,
    TurnStart,
    /// 3.0 one player's Logistics.
    Logistics { side: Side, stage: LogStage },
    /// 3.1 the CinC moves before activation.
    CinCMove { side: Side, mp: u8 },
    LogisticsEnd,
    Over,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LogStage {
    Decide,
    Reinforce,
    Leaders,
    Artillery,
    Combat,
}

/// The Logistics Phase in progress.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct LogState {
    pub lp: u8,
    pub budget: u8,
    pub activated: [bool; 2],
}

/// The impulse in progress.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Impulse {
    pub kind: ImpulseKind,
    /// 2.6.3: leaders that may be activated (CinC strength, 4 under 9.8).
    pub leader_cap: u8,
    /// 5.3.1: artillery units firing into one battle.
    pub art_cap: u8,
    /// 6.2: caps on new and current battles (tactical: one each a leader, D12).
    pub fixed_cap: u8,
    pub leaders: Vec<BlockId>,
    pub inspired: Vec<BlockId>,
    /// Blocks under orders (5.1).
    pub ordered: u128,
    pub moved: u8,
    pub limit: Option<u8>,
    pub contested_start: u128,
    pub new_battles: u128,
    pub resolved: u128,
    pub current_resolved: u8,
}

impl Default for Impulse {
    fn default() -> Self {
        Impulse {
            kind: ImpulseKind::Pass,
            leader_cap: 0,
            art_cap: 0,
            fixed_cap: 0,
            leaders: Vec::new(),
            inspired: Vec::new(),
            ordered: 0,
            moved: 0,
            limit: None,
            contested_start: 0,
            new_battles: 0,
            resolved: 0,
            current_resolved: 0,
        }
    }
}

impl Impulse {
    /// Most new battles that may be started.
    pub fn new_cap(&self) -> u8 {
        match self.kind {
            ImpulseKind::Tactical | ImpulseKind::GeneralOffensive => self.leaders.len() as u8,
            ImpulseKind::InitiativeMovement => self.fixed_cap,
            _ => 0,
        }
    }
    /// Most current battles that may be resolved.
    pub fn current_cap(&self) -> u8 {
        match self.kind {
            ImpulseKind::Tactical | ImpulseKind::GeneralOffensive => self.leaders.len() as u8,
            ImpulseKind::InitiativeMovement => self.fixed_cap,
            // 7.0 one current battle; D13 whatever the CinC's strength.
            ImpulseKind::Pass => 1,
            _ => 0,
        }
    }
}

/// A battle in progress (5.3).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Battle {
    pub area: u8,
    pub attacker: Side,
    pub new: bool,
    pub stage: BStage,
    pub fired: Vec<BlockId>,
    /// 1.2.1 hits the defender may still ignore in this battle (D4).
    pub bonus_left: u8,
    /// Blocks that have already rolled (9.1 ambush).
    pub acted: u128,
    /// Jagers already asked (9.1).
    pub asked: u128,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BStage {
    Artillery,
    RetreatOffer,
    Retreating,
    Reveal,
    Jagers,
    Combat,
    CombinedOffer(Side),
    CombinedSecond(Side),
    Advanced(u8),
    End,
}

/// Hits waiting to be assigned by their owner (5.3.6).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct HitJob {
    pub owner: Side,
    pub area: u8,
    pub hits: u8,
}

pub(crate) fn illegal(why: impl Into<String>) -> GameError {
    GameError::Illegal(why.into())
}

/// The bit of area or block `i` (taken modulo 128) in a 128-bit set, from a table: a variable
/// 128-bit shift is a library call in wasm (and the compiler turns a shift of 64-bit halves
/// back into one), and these sets are tested in every prompt.
#[inline]
pub(crate) fn bit(i: u8) -> u128 {
    BITS[usize::from(i & 127)]
}

/// The bits below `k` (every bit from 128 on).
#[inline]
pub(crate) fn below(k: u8) -> u128 {
    if k >= 128 {
        u128::MAX
    } else {
        BITS[usize::from(k)] - 1
    }
}

const BITS: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

impl BloodyMonday {
    /// A new game: the random setup, then 9.2 or the first impulse.
    pub(crate) fn start(scen: Arc<Scenario>, id: &str, last_blood: bool, options: Options, dice: Dice) -> BloodyMonday {
        let mut g = BloodyMonday::empty(scen, id, last_blood, options, dice);
        let mut ev = Vec::new();
        g.random_setup(&mut ev);
        g.phase = if g.options.grand_battery { Phase::GrandBattery } else { Phase::ImpulsePhaseStart };
        g.run(&mut ev);
        g.opening = Arc::new(ev);
        g.initial_knowledge(true);
        g
    }

    /// All blocks out of play, control as at the start, turn 1, French initiative.
    pub(crate) fn empty(scen: Arc<Scenario>, id: &str, last_blood: bool, options: Options, dice: Dice) -> BloodyMonday {
        let control = scen.areas.iter().map(|a| a.start).collect();
        let n = scen.areas.len();
        BloodyMonday {
            blocks: vec![BlockState::new(Loc::OutOfPlay); scen.blocks.len()],
            control,
            occ: vec![[0; 2]; n],
            stk: vec![[0; 2]; n],
            lost: [0; 2],
            scen,
            scenario_id: id.to_string(),
            last_blood,
            options,
            dice,
            iso_areas: [0; 2],
            turn: 1,
            impulse_no: 0,
            active: Side::French,
            initiative: Side::French,
            passes: 0,
            phase: Phase::ImpulsePhaseStart,
            imp: Impulse::default(),
            battle: None,
            hits: Vec::new(),
            log: LogState::default(),
            salvo: Vec::new(),
            outcome: None,
            opening: Arc::new(Vec::new()),
            knowledge: Default::default(),
            prompt_cache: Default::default(),
        }
    }

    // ------------------------------------------------------------------ prompts

    pub(crate) fn current_prompt(&self) -> Option<Prompt<Side, Step, Action>> {
        if self.outcome.is_some() {
            return None;
        }
        if let Some(job) = self.hits.first() {
            let cands = self.hit_candidates(job);
            let actions = cands.into_iter().map(|b| Action::AssignHit { block: b }).collect();
            return Some(Prompt { side: job.owner, step: Step::AssignHit { area: job.area + 1, hits_left: job.hits }, actions, templates: Vec::new() });
        }
        let active = self.active;
        let (side, step, actions) = match &self.phase {
            Phase::GrandBattery => (Side::French, Step::GrandBattery, self.salvo_actions()),
            Phase::Choice => (active, Step::Impulse { impulse: self.impulse_no }, self.choice_actions()),
            Phase::Activation => {
                let mut acts = self.activation_actions();
                if !self.imp.leaders.is_empty() {
                    acts.push(Action::EndActivation);
                }
                (active, Step::ActivateLeaders { activated: self.imp.leaders.len() as u8, cap: self.imp.leader_cap }, acts)
            }
            Phase::LeaderMove { leader, mp } => {
                let mut acts: Vec<Action> = self
                    .legal_steps(*leader, *mp, Purpose::LeaderActivation)
                    .into_iter()
                    .map(|to| Action::StepTo { block: *leader, to: to + 1 })
                    .collect();
                acts.push(Action::Activate { block: *leader });
                (active, Step::LeaderMove { leader: *leader, mp: *mp }, acts)
            }
            Phase::Movement => {
                let mut acts = self.movement_actions();
                acts.push(Action::EndMovement);
                (active, Step::Movement { kind: self.imp.kind, moved: self.imp.moved, limit: self.imp.limit }, acts)
            }
            Phase::UnitMove { block, mp, .. } => (active, Step::UnitMove { block: *block, mp: *mp }, self.unit_move_actions(*block, *mp)),
            Phase::Inspiration => {
                let mut acts = self.inspiration_actions();
                acts.push(Action::EndInspiration);
                (active, Step::Inspiration, acts)
            }
            Phase::Battles => {
                let (acts, new_left, current_left) = self.battle_choice();
                (active, Step::ChooseBattle { new_left, current_left }, acts)
            }
            Phase::Battle => return self.battle_prompt(),
            Phase::RaidOffer => (active, Step::CavalryRaid, vec![Action::CavalryRaid, Action::EndImpulse]),
            Phase::ImpulseReinforce => {
                let lp = self.logistic_value(active);
                let max = self.reinforcement_max(active, lp);
                (active, Step::Reinforcements { lp, max }, (0..=max).map(|count| Action::Reinforce { count }).collect())
            }
            Phase::Logistics { side, stage } => return Some(self.logistics_prompt(*side, *stage)),
            Phase::CinCMove { side, mp } => {
                let c = self.scen.cinc[side_index(*side)];
                let mut acts: Vec<Action> = self
                    .legal_steps(c, *mp, Purpose::Logistics)
                    .into_iter()
                    .map(|to| Action::StepTo { block: c, to: to + 1 })
                    .collect();
                if self.may_activate_cinc_here(*side) {
                    acts.push(Action::Activate { block: c });
                }
                (*side, Step::CinCMove { cinc: c, mp: *mp }, acts)
            }
            _ => return None,
        };
        Some(Prompt { side, step, actions, templates: Vec::new() })
    }

    // ------------------------------------------------------------------ actions

    /// Check an action against the legal list, then perform it and run the automatic steps.
    /// Nothing is changed when the action is refused.
    pub(crate) fn perform(&mut self, a: &Action, ev: &mut Vec<Event>) -> Result<(), GameError> {
        let prompt = self.prompt_cache.get_or(|| self.current_prompt()).as_ref().ok_or(GameError::GameOver)?;
        if !prompt.actions.contains(a) {
            return Err(illegal(format!(
                "'{}' is not legal at step {:?}{}",
                self.describe(a),
                prompt.step,
                self.why_not(a)
            )));
        }
        self.prompt_cache.clear(); // the position changes now
        if !self.hits.is_empty() {
            if let Action::AssignHit { block } = a {
                self.assign_one_hit(*block, ev);
            }
            self.run(ev);
            return Ok(());
        }
        let active = self.active;
        match (self.phase.clone(), a) {
            (Phase::GrandBattery, Action::Salvo { artillery, target }) => {
                self.salvo.push((*artillery, target - 1));
            }
            (Phase::GrandBattery, Action::EndSalvo) => self.fire_salvo(ev),
            (Phase::Choice, a) => self.choose_impulse(a, ev),
            (Phase::Activation, Action::Activate { block }) => self.activate_leader(*block, ev),
            (Phase::Activation, Action::Move { block }) => {
                self.phase = Phase::LeaderMove { leader: *block, mp: self.mp(*block) };
            }
            (Phase::Activation, Action::EndActivation) => self.phase = Phase::Movement,
            (Phase::LeaderMove { leader, mp }, Action::StepTo { to, .. }) => {
                let cost = self.step(leader, to - 1, Purpose::LeaderActivation, ev);
                self.phase = Phase::LeaderMove { leader, mp: mp.saturating_sub(cost) };
            }
            (Phase::LeaderMove { leader, .. }, Action::Activate { .. }) => self.activate_leader(leader, ev),
            (Phase::Movement, Action::Move { block }) => {
                self.phase = Phase::UnitMove { block: *block, mp: self.mp(*block), stepped: false };
            }
            (Phase::Movement, Action::Activate { block }) => self.activate_artillery(*block, ev),
            (Phase::Movement, Action::EndMovement) => self.end_movement(),
            (Phase::UnitMove { block, mp, stepped }, Action::StepTo { to, .. }) => {
                if !stepped {
                    self.blocks[block as usize].moved = true;
                    self.imp.moved += 1;
                }
                let cost = self.step(block, to - 1, self.unit_purpose(), ev);
                let mp = mp.saturating_sub(cost);
                let engaged = self.contested(to - 1);
                // Engaging ends the move (public). A concealed block that has no MP left waits
                // for its Stop like any other (BM-8): ending the move by itself would tell the
                // opponent how far the block could go, so its MP and type.
                let concealed = !self.blocks[block as usize].revealed;
                if engaged || (!concealed && self.unit_move_actions(block, mp).iter().all(|x| matches!(x, Action::Stop { .. }))) {
                    self.phase = Phase::Movement;
                } else {
                    self.phase = Phase::UnitMove { block, mp, stepped: true };
                }
            }
            (Phase::UnitMove { .. }, Action::Activate { block }) => {
                self.activate_artillery(*block, ev);
                self.phase = Phase::Movement;
            }
            (Phase::UnitMove { .. }, Action::Stop { .. }) => self.phase = Phase::Movement,
            (Phase::Inspiration, Action::Inspire { leader, block }) => self.inspire(*leader, *block, ev),
            (Phase::Inspiration, Action::EndInspiration) => self.phase = Phase::Battles,
            (Phase::Battles, Action::ResolveBattle { area }) => self.start_battle(area - 1, ev),
            (Phase::Battles, Action::EndBattles) => self.end_battles(),
            (Phase::Battle, a) => self.battle_action(a, ev),
            (Phase::RaidOffer, Action::CavalryRaid) => self.start_raid(ev),
            (Phase::RaidOffer, Action::EndImpulse) => self.phase = Phase::ImpulseEnd,
            (Phase::ImpulseReinforce, Action::Reinforce { count }) => {
                self.place_reinforcements(active, *count, ev);
                self.phase = Phase::ImpulseEnd;
            }
            (Phase::Logistics { side, stage }, a) => self.logistics_action(side, stage, a, ev),
            (Phase::CinCMove { side, mp }, Action::StepTo { to, .. }) => {
                let c = self.scen.cinc[side_index(side)];
                let cost = self.step(c, to - 1, Purpose::Logistics, ev);
                self.phase = Phase::CinCMove { side, mp: mp.saturating_sub(cost) };
            }
            (Phase::CinCMove { side, .. }, Action::Activate { .. }) => self.activate_cinc(side, ev),
            (_, a) => return Err(illegal(format!("'{}' does not belong to this step", self.describe(a)))),
        }
        self.run(ev);
        Ok(())
    }

    /// A more precise reason for common illegal actions.
    fn why_not(&self, a: &Action) -> String {
        let block = match a {
            Action::Move { block } | Action::StepTo { block, .. } | Action::Activate { block } | Action::Restore { block } | Action::AssignHit { block } => Some(*block),
            _ => None,
        };
        if let Some(b) = block {
            if b as usize >= self.blocks.len() {
                return format!(": there is no block #{b}");
            }
            if let Action::StepTo { to, .. } = a {
                if !(1..=self.scen.areas.len() as u8).contains(to) {
                    return format!(": there is no area {to}");
                }
                let t = to - 1;
                if let Some(from) = self.area_of(b) {
                    if !self.scen.adjacent(from, t) {
                        return format!(": area {to} is not adjacent to area {}", from + 1);
                    }
                    let side = self.side_of(b);
                    if self.kind(b) != Kind::CommanderInChief && self.room(t, side) == 0 {
                        return format!(": area {to} is at its stacking limit");
                    }
                    if self.has_units(t, side.other()) && self.kind(b).is_support() {
                        return ": support units cannot engage (FAQ-3)".into();
                    }
                }
            }
        }
        String::new()
    }

    // ------------------------------------------------------------------ automatic steps

    /// Run automatic steps until a decision is needed or the game ends.
    pub(crate) fn run(&mut self, ev: &mut Vec<Event>) {
        loop {
            if !self.hits.is_empty() {
                if self.process_hits(ev) {
                    return;
                }
                continue;
            }
            if self.outcome.is_none() {
                if let Some(o) = self.immediate_victory() {
                    self.finish(o, ev);
                }
            }
            match self.phase.clone() {
                Phase::Over => return,
                Phase::GrandBattery => {
                    if self.salvo_actions().len() > 1 {
                        return;
                    }
                    self.fire_salvo(ev);
                }
                Phase::ImpulsePhaseStart => {
                    for s in self.blocks.iter_mut() {
                        s.shield_used = false;
                    }
                    // D10: the disk holder plays the first impulse.
                    self.active = self.initiative;
                    self.passes = 0;
                    ev.push(Event::ImpulsePhaseBegins { first: self.active });
                    self.phase = Phase::ImpulseStart;
                }
                Phase::ImpulseStart => {
                    self.impulse_no += 1;
                    ev.push(Event::ImpulseBegins { side: self.active, impulse: self.impulse_no });
                    // 4.0 isolation check at the start of every impulse action.
                    self.isolation_check(self.active, ev);
                    self.imp = Impulse { contested_start: self.contested_set(), ..Impulse::default() };
                    self.phase = Phase::Choice;
                }
                Phase::Choice => return,
                Phase::Activation => {
                    // Finding 7: the step ends by itself only when that is public (the cap of
                    // leaders reached, or nothing to end it with). A player with leaders left
                    // who cannot activate (exhausted, hidden) says "done" like one who chooses
                    // to stop: skipping would tell the opponent their strengths.
                    let capped = self.imp.leaders.len() as u8 >= self.imp.leader_cap || self.imp.leaders.is_empty();
                    if capped && self.activation_actions().is_empty() {
                        self.phase = Phase::Movement;
                    } else {
                        return;
                    }
                }
                Phase::LeaderMove { .. } | Phase::UnitMove { .. } | Phase::CinCMove { .. } => return,
                Phase::Movement => {
                    // Finding 7: ends by itself only when the move limit (public) is reached.
                    // Whether an ordered unit can still move depends on hidden orders, types
                    // and MP; at the table the player just says "done moving".
                    let full = self.imp.limit.is_some_and(|l| self.imp.moved >= l);
                    if full && !self.any_movement_action() {
                        self.end_movement();
                    } else {
                        return;
                    }
                }
                Phase::Inspiration => {
                    // Finding 7: ends by itself only when every activated leader (public) has
                    // inspired. Whether one has a unit of his colour next to him is hidden.
                    let all_used = self.imp.leaders.iter().all(|l| self.imp.inspired.contains(l));
                    if all_used && self.inspiration_actions().is_empty() {
                        self.phase = Phase::Battles;
                    } else {
                        return;
                    }
                }
                Phase::Battles => {
                    let (acts, _, _) = self.battle_choice();
                    if acts.len() <= 1 && acts.first().is_none_or(|a| *a == Action::EndBattles) {
                        self.end_battles();
                    } else {
                        return;
                    }
                }
                Phase::Battle => {
                    if self.battle_run(ev) {
                        return;
                    }
                }
                Phase::RaidOffer => {
                    if self.initiative == self.active && self.outcome.is_none() {
                        return;
                    }
                    self.phase = Phase::ImpulseEnd;
                }
                Phase::ImpulseReinforce => return,
                Phase::ImpulseEnd => self.end_impulse(ev),
                Phase::Final => self.final_phase(ev),
                Phase::TurnStart => {
                    ev.push(Event::TurnBegins { turn: self.turn });
                    self.log = LogState::default();
                    // 3.0 the player without the initiative chooses first.
                    let first = self.initiative.other();
                    ev.push(Event::LogisticsBegins { first });
                    self.phase = Phase::Logistics { side: first, stage: LogStage::Decide };
                }
                Phase::Logistics { side, stage } => {
                    if self.logistics_auto(side, stage, ev) {
                        return;
                    }
                }
                Phase::LogisticsEnd => {
                    self.end_logistics(ev);
                    self.phase = Phase::ImpulsePhaseStart;
                }
            }
        }
    }

    /// Areas contested now, as a bit set of area indices.
    pub(crate) fn contested_set(&self) -> u128 {
        let mut set = 0u128;
        for (a, o) in self.occ.iter().enumerate() {
            if o[0] > 0 && o[1] > 0 {
                set |= bit(a as u8);
            }
        }
        set
    }

    /// The game is over.
    pub(crate) fn finish(&mut self, o: super::Outcome, ev: &mut Vec<Event>) {
        ev.push(Event::GameOver { outcome: o.clone() });
        self.outcome = Some(o);
        self.phase = Phase::Over;
        self.hits.clear();
    }

    /// 8.0 Final Phase: 9.10 fatigue, then the end of the game or the next turn.
    fn final_phase(&mut self, ev: &mut Vec<Event>) {
        if self.options.battle_fatigue {
            self.battle_fatigue(ev);
            if let Some(o) = self.immediate_victory() {
                self.finish(o, ev);
                return;
            }
        }
        ev.push(Event::TurnEnds { turn: self.turn });
        if self.turn >= 4 {
            let o = self.end_of_game();
            self.finish(o, ev);
        } else {
            self.turn += 1;
            self.phase = Phase::TurnStart;
        }
    }
}
