//! Odds of every roll an action triggers (Dice): an attack's die, Determine Initiative, the
//! movement and combat allowances, the arrival of reinforcements, Swiss desertion, Stifling
//! Heat's reorganisation roll and María Bellido's roll, and the NAC History Joker's reroll of
//! any of them.
//!
//! The odds are the engine's own: the action is played on a copy whose first roll waits (as if
//! its roller held a Joker), then every face of that die is kept on a copy in turn and what the
//! rules made of it is read back. The real game and its dice are never touched, and the first
//! roll's identity is settled before any die is drawn, so no future die is seen.
use super::action::{Action, Event, RollPurpose, Side, UnitId};
use super::combat::AttackOdds;
use super::joker::JokerState;
use super::sequence::{Cont, Phase};
use super::{Bailen, JokerMode};
use crate::core::dice::Dice;
use crate::core::odds::Distribution;
use crate::games::Rules;
use serde::Serialize;
use tsify::Tsify;

/// What an action's dice can do: an attack's result, or the result of another roll.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
#[serde(tag = "kind")]
pub enum Odds {
    /// One attack's die (Resolving a Combat), with the numbers behind it.
    Attack(AttackOdds),
    /// Any other roll: initiative, allowances, arrival, desertion, reorganisation, water.
    Roll(RollOdds),
}

/// The TypeScript name of Bailén's odds (the page's registry names each ruleset's types): the
/// `Odds` enum is generated as `BailenOdds` by its `type_prefix`.
pub type BailenOdds = Odds;

impl Odds {
    /// The attack odds, if these are an attack's.
    pub fn attack(&self) -> Option<&AttackOdds> {
        match self {
            Odds::Attack(a) => Some(a),
            Odds::Roll(_) => None,
        }
    }
    /// The roll odds, if these are not an attack's.
    pub fn roll(&self) -> Option<&RollOdds> {
        match self {
            Odds::Roll(r) => Some(r),
            Odds::Attack(_) => None,
        }
    }
}

/// The first roll an action triggers (later rolls wait for this one's result or for a
/// decision): who rolls, what for, and the exact distribution of what comes of it.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
pub struct RollOdds {
    pub side: Side,
    pub purpose: RollPurpose,
    /// The equally likely cases of the dice thrown: 6 for one die, 36 when both initiative
    /// dice are thrown one after the other with no decision between them.
    pub cases: u64,
    pub distribution: Distribution<RollResult>,
}

/// What one roll decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
#[serde(tag = "result")]
pub enum RollResult {
    /// Determine Initiative: `winner` chooses who plays first (the higher total), or on a tie
    /// (`tie`) plays first as the player who did not have it last round; no winner: a tie in
    /// round 1, rolled again (A8).
    Initiative { winner: Option<Side>, tie: bool },
    /// Reinforcements: the formation arrives this turn, or not yet.
    Reinforcements { arrive: bool },
    /// Movement: how many counters may move (6 + die).
    MovementAllowance { counters: u8 },
    /// Combat: how many counters may fight (4 + die).
    CombatAllowance { activations: u8 },
    /// Swiss Troops: the French Swiss unit deserts (5-6).
    Desertion { deserts: bool },
    /// Stifling Heat: the unit reorganises (4-6).
    Reorganisation { reorganised: bool },
    /// Stifling Heat: María Bellido is placed next to `leader` (none: in Bailén's buildings),
    /// or not placed this turn.
    WaterCarrier { placed: bool, leader: Option<UnitId> },
}

impl Bailen {
    /// The odds of `a`: an attack's from the position (even before its die is due), otherwise
    /// the first roll the action triggers. None if the action is not legal or rolls nothing.
    pub(crate) fn odds_of(&self, a: &Action) -> Option<Odds> {
        if let Some(o) = self.attack_odds(a) {
            return Some(Odds::Attack(o));
        }
        if !self.legal(a) {
            return None;
        }
        let (paused, die) = match (a, &self.phase) {
            // The NAC History Joker rerolls die `die` of the roll waiting now.
            (Action::UseJoker { die }, Phase::Joker { .. }) => (self.clone(), *die as usize),
            _ => (self.paused_at_first_roll(a)?, 0),
        };
        let Phase::Joker { side, purpose, dice, cont } = paused.phase.clone() else { return None };
        if die >= dice.len() {
            return None;
        }
        match purpose {
            RollPurpose::Attack { .. } => paused.shot_odds(&dice, die).map(Odds::Attack),
            _ => paused.roll_odds(side, purpose, die, cont).map(Odds::Roll),
        }
    }

    /// `a` played on a copy that stops at its first roll, the die thrown and not yet used.
    fn paused_at_first_roll(&self, a: &Action) -> Option<Bailen> {
        // Who throws the first die is settled before any die is drawn: find out on a copy
        // with a dice stream of its own.
        let mut probe = self.clone();
        probe.dice = Dice::seeded(0);
        let events = probe.apply(a).ok()?;
        let side = events.iter().find_map(|e| match e {
            Event::Rolled { side, .. } => Some(*side),
            _ => None,
        })?;
        // Again, with that side holding a Joker it may always use, so the roll waits.
        let mut g = self.clone();
        g.dice = Dice::seeded(0);
        g.joker = JokerState { mode: JokerMode::TemptFate, holder: Some(side), received: g.round, used_in: [0, 0] };
        g.apply(a).ok()?;
        matches!(g.phase, Phase::Joker { .. }).then_some(g)
    }

    /// The odds of the shot die `die` of the waiting roll decides (concentrated fire rolls two
    /// dice: the first is the first shot's, which is resolved before the second is read).
    fn shot_odds(&self, dice: &[u8], die: usize) -> Option<AttackOdds> {
        let mut g = self.clone();
        for &d in dice.get(..die)? {
            g.shot_rolled(&[d], &mut Vec::new());
        }
        let f = g.turn.fight.as_ref()?;
        let shot = f.shots.get(f.next)?;
        // A target eliminated by the first shot takes no second one.
        g.units.get(shot.target as usize)?.hex()?;
        let numbers = g.shot_numbers(f.unit, shot.target, shot.supporter, f.kind, None);
        Some(AttackOdds::of(numbers, false))
    }

    /// Every face of die `die` of the waiting roll kept in turn, and what the rules made of it.
    /// The French initiative die is thrown with the Spanish one after it: 36 cases.
    fn roll_odds(&self, side: Side, purpose: RollPurpose, die: usize, cont: Cont) -> Option<RollOdds> {
        let pair = matches!(cont, Cont::InitiativeFrench);
        let seconds: &[u8] = if pair { &[1, 2, 3, 4, 5, 6] } else { &[0] };
        let mut weights = Vec::with_capacity(36);
        for face in 1..=6u8 {
            for &second in seconds {
                let mut g = self.clone();
                if let Phase::Joker { dice, .. } = &mut g.phase {
                    *dice.get_mut(die)? = face;
                }
                // The rolls that follow wait for no decision; the second initiative die is scripted.
                g.joker.holder = None;
                g.dice = Dice::scripted(0, if pair { std::slice::from_ref(&second) } else { &[] });
                let events = g.apply(&Action::KeepRoll).ok()?;
                weights.push((g.roll_result(purpose, &events)?, 1));
            }
        }
        let distribution = Distribution::from_weights(weights).ok()?;
        Some(RollOdds { side, purpose, cases: if pair { 36 } else { 6 }, distribution })
    }

    /// What a kept roll did, read from the events it caused (up to the next roll) and the step
    /// the game then waits at.
    fn roll_result(&self, purpose: RollPurpose, events: &[Event]) -> Option<RollResult> {
        // The consequences of this roll end where the next roll begins (the Spanish initiative
        // die belongs to the French one's result).
        let end = events
            .iter()
            .position(|e| match e {
                Event::Rolled { side, purpose: p, .. } => !(*p == RollPurpose::Initiative && *side == Side::Spanish),
                _ => false,
            })
            .unwrap_or(events.len());
        let window = &events[..end];
        let has = |f: &dyn Fn(&Event) -> bool| window.iter().any(f);
        Some(match purpose {
            RollPurpose::Initiative => match window.iter().position(|e| matches!(e, Event::InitiativeTie { .. })) {
                Some(i) => match window.get(i + 1) {
                    Some(Event::FirstPlayer { side, .. }) => RollResult::Initiative { winner: Some(*side), tie: true },
                    _ => RollResult::Initiative { winner: None, tie: true },
                },
                None => match self.phase {
                    Phase::ChooseFirst { winner, .. } => RollResult::Initiative { winner: Some(winner), tie: false },
                    _ => return None,
                },
            },
            RollPurpose::ReinforcementArrival => {
                RollResult::Reinforcements { arrive: has(&|e| matches!(e, Event::ReinforcementsArrive { .. })) }
            }
            RollPurpose::MovementAllowance => window.iter().find_map(|e| match e {
                Event::LeaderActivated { allowance, .. } => Some(RollResult::MovementAllowance { counters: *allowance }),
                _ => None,
            })?,
            RollPurpose::CombatAllowance => window.iter().find_map(|e| match e {
                Event::CombatAllowance { activations } => Some(RollResult::CombatAllowance { activations: *activations }),
                _ => None,
            })?,
            RollPurpose::Desertion { unit } => {
                RollResult::Desertion { deserts: has(&|e| *e == Event::Deserted { unit }) }
            }
            RollPurpose::HeatReorganization { unit } => RollResult::Reorganisation {
                reorganised: has(&|e| *e == Event::Recovered { unit } || *e == Event::Reorganised { unit }),
            },
            RollPurpose::WaterCarrier => match self.phase {
                Phase::PlaceWaterCarrier { leader } => RollResult::WaterCarrier { placed: true, leader },
                _ => RollResult::WaterCarrier { placed: false, leader: None },
            },
            RollPurpose::Attack { .. } => return None,
        })
    }
}
