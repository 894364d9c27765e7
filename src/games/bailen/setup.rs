//! Public setup: any position from a plain description (counters on hexes, round, step,
//! options, scripted dice), validated into a game. Rulebook examples are tests through it.
use super::action::{Side, UnitId};
use super::combat::FightKind;
use super::scenario::{side_index, Deploy, Kind, Scenario, DEFAULT_SCENARIO};
use super::sequence::{Phase, TurnState};
use super::victory::Victory;
use super::{Bailen, Options, Place};
use crate::core::dice::Dice;
use crate::core::hex::Hex;
use crate::games::GameError;
use serde::{Deserialize, Serialize};

/// A counter placed on the map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, tsify::Tsify)]
#[tsify(type_prefix = "Bailen")]
pub struct Placement {
    /// Counter id ("F12") or name.
    pub unit: String,
    /// Four-digit hex label.
    pub hex: String,
    #[serde(default)]
    pub disorganised: bool,
    /// Moved this turn (artillery that moved cannot fight).
    #[serde(default)]
    pub moved: bool,
    /// Already activated to fight this turn.
    #[serde(default)]
    pub activated: bool,
}

/// The step the position starts at.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, tsify::Tsify)]
#[tsify(type_prefix = "Bailen")]
#[serde(tag = "step")]
pub enum SetupStep {
    /// Determine Initiative of `round`.
    RoundStart,
    /// The start of the active player's turn (reinforcements first).
    #[default]
    TurnStart,
    /// Movement with `leader` activated and `allowance` counters (its roll already made).
    Movement { leader: String, allowance: u8 },
    /// Reaction Artillery of the Inactive Player.
    Reaction,
    /// Combat with `activations` left (the 4 + d6 already rolled).
    Combat { activations: u8 },
    /// Cavalry Pursuit.
    Pursuit,
    /// Reorganization by leaders.
    Reorganization,
}

/// A plain, public description of a Bailén position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, tsify::Tsify)]
#[tsify(type_prefix = "Bailen")]
#[serde(default)]
pub struct Setup {
    pub scenario: String,
    pub options: Options,
    pub round: u8,
    /// The player whose turn it is.
    pub active: Side,
    /// Who played first this round (default: the active player). At `RoundStart`, the round
    /// just finished: an initiative tie then goes to the other player.
    pub first: Option<Side>,
    pub step: SetupStep,
    pub units: Vec<Placement>,
    /// Sides whose reinforcements have arrived (their unplaced counters count as lost).
    pub arrived: Vec<Side>,
    /// Who holds the Joker (default: the Spanish, unless the mode is Off).
    pub joker: Option<Side>,
    /// María Bellido's hex, if on the map.
    pub water_carrier: Option<String>,
    /// Dice to roll first, in order, then the seeded stream.
    pub dice: Vec<u8>,
    pub seed: u64,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            scenario: DEFAULT_SCENARIO.to_string(),
            options: Options::default(),
            round: 1,
            active: Side::French,
            first: None,
            step: SetupStep::default(),
            units: Vec::new(),
            arrived: Vec::new(),
            joker: Some(Side::Spanish),
            water_carrier: None,
            dice: Vec::new(),
            seed: 0,
        }
    }
}

impl Bailen {
    /// Validate a setup into a game. Errors name the unit and the field.
    pub fn from_setup(s: &Setup) -> Result<Bailen, GameError> {
        let scen = Scenario::built_in(&s.scenario).map_err(GameError::Setup)?;
        let err = |m: String| GameError::Setup(m);
        if !(1..=15).contains(&s.round) {
            return Err(err(format!("round must be 1-15, not {}", s.round)));
        }
        if let Some(bad) = s.dice.iter().find(|&&d| !(1..=6).contains(&d)) {
            return Err(err(format!("dice: {bad} is not a face of a six-sided die")));
        }
        let mut g = Bailen::start(scen.clone(), Options { historical_deployment: false, ..s.options.clone() }, Dice::scripted(s.seed, &s.dice));
        g.board.iter_mut().for_each(|b| *b = 0);
        for u in g.units.iter_mut() {
            u.place = Place::Reserve;
        }
        for (k, p) in s.units.iter().enumerate() {
            let at = format!("units[{k}] ({})", p.unit);
            let u = scen.unit_by_id(&p.unit).ok_or_else(|| err(format!("{at}: no such counter")))?;
            let h = Hex::from_label(&p.hex).map_err(|e| err(format!("{at}: hex: {e}")))?;
            if !scen.grid.contains(h) {
                return Err(err(format!("{at}: hex {} is off the map", p.hex)));
            }
            if g.unit_at(h).is_some() {
                return Err(err(format!("{at}: hex {} already holds a counter", p.hex)));
            }
            if g.units[u as usize].place != Place::Reserve {
                return Err(err(format!("{at}: placed twice")));
            }
            if g.is_water_carrier(u) {
                return Err(err(format!("{at}: place María Bellido with 'water_carrier'")));
            }
            g.place_unit(u, h);
            let unit = &mut g.units[u as usize];
            unit.disorganised = p.disorganised;
            unit.moved = p.moved;
            if p.activated {
                unit.activated = true;
            }
        }
        if let Some(l) = &s.water_carrier {
            let h = Hex::from_label(l).map_err(|e| err(format!("water_carrier: {e}")))?;
            let w = scen.water_carrier.ok_or_else(|| err("water_carrier: no such counter".into()))?;
            if !scen.grid.contains(h) || g.unit_at(h).is_some() {
                return Err(err(format!("water_carrier: hex {l} is off the map or occupied")));
            }
            g.place_unit(w, h);
        }
        for side in &s.arrived {
            // Reinforcements: Castaños may arrive from the Spanish turn of round 9, Vedel from
            // the French turn of round 11.
            let first_roll = if *side == Side::Spanish { 9 } else { 11 };
            if !turn_begun(s, *side, first_roll) {
                return Err(err(format!(
                    "arrived: the {side} reinforcements cannot have arrived by round {}: their first roll is in the {side} turn of round {first_roll}",
                    s.round
                )));
            }
            g.arrived[side_index(*side)] = true;
        }
        for (k, p) in s.units.iter().enumerate() {
            // Reinforcements: "Castaños's and Vedel's formations stay off the map" until they arrive.
            let Some(u) = scen.unit_by_id(&p.unit) else { continue };
            let c = &scen.counters[u as usize];
            let waiting = c.formation.is_some_and(|f| scen.formations[f as usize].deploy == Deploy::Reinforcement);
            if waiting && !g.arrived[side_index(c.side)] {
                return Err(err(format!(
                    "units[{k}] ({}): a reinforcement of the {} side, on the map before 'arrived' lists that side",
                    p.unit, c.side
                )));
            }
        }
        if let Some(l) = &s.water_carrier {
            // Stifling Heat: María Bellido is placed at the start of the Spanish movement in the
            // hot rounds (R8-R13) and only under that rule.
            if !s.options.stifling_heat || !(8..=13).contains(&s.round) || !turn_begun(s, Side::Spanish, 8) {
                return Err(err(format!(
                    "water_carrier: María Bellido at {l} needs the Stifling Heat option and a hot round (8-13) whose Spanish turn has begun"
                )));
            }
        }
        if s.options.joker == super::JokerMode::Strategic && s.joker == Some(Side::Spanish) && g.arrived[side_index(Side::Spanish)] {
            return Err(err("joker: in the Strategic option the card passes to the French when Castaños arrives, so the Spanish cannot hold it now".into()));
        }
        // Counters not placed: reinforcements still to come stay in reserve, the rest are lost.
        for u in 0..g.units.len() {
            let c = &scen.counters[u];
            let waiting = c.formation.is_some_and(|f| scen.formations[f as usize].deploy == Deploy::Reinforcement)
                && !g.arrived[side_index(c.side)];
            if g.units[u].place == Place::Reserve && !waiting && c.kind != Kind::WaterCarrier {
                g.units[u].place = Place::Eliminated;
            }
        }
        g.round = s.round;
        g.active = Some(s.active);
        g.first = Some(s.first.unwrap_or(s.active));
        // Determine Initiative: "In case of a tie, initiative ... passes to the player who did
        // not have it in the previous round". At RoundStart, `first` is that previous round's,
        // as in the engine's own state between rounds.
        g.last_first = match (s.round > 1, &s.step) {
            (false, _) => None,
            (true, SetupStep::RoundStart) => g.first,
            (true, _) => g.first.map(Side::other),
        };
        g.joker.holder = if g.joker.mode == super::JokerMode::Off { None } else { s.joker };
        g.turn = TurnState::default();
        g.phase = match &s.step {
            SetupStep::RoundStart => Phase::RoundStart,
            SetupStep::TurnStart => Phase::TurnStart,
            SetupStep::Movement { leader, allowance } => {
                let l = scen.unit_by_id(leader).ok_or_else(|| err(format!("step.leader: no counter '{leader}'")))?;
                if scen.counters[l as usize].kind != Kind::Leader || scen.counters[l as usize].side != s.active {
                    return Err(err(format!("step.leader: {leader} is not a leader of the active side")));
                }
                if g.units[l as usize].hex().is_none() {
                    return Err(err(format!("step.leader: {leader} is not on the map")));
                }
                // Movement: 6 + one die, 7 to 12 counters.
                if !(7..=12).contains(allowance) {
                    return Err(err(format!("step.allowance: {allowance} is not 6 + a die (7-12)")));
                }
                g.turn.leader = Some(l as UnitId);
                g.turn.allowance = *allowance;
                Phase::Movement
            }
            SetupStep::Reaction => Phase::Reaction,
            SetupStep::Combat { activations } => {
                // Combat: 4 + d6 counters may fight, so at most 10 activations are left.
                if *activations > 10 {
                    return Err(err(format!("step.activations: {activations} left, but 4 + a die is at most 10")));
                }
                g.turn.combat_left = Some(*activations);
                Phase::Combat
            }
            SetupStep::Pursuit => {
                g.turn.combat_left = Some(0);
                g.turn.pursuits_left = 2;
                g.turn.last_kind = Some(FightKind::Pursuit);
                Phase::Pursuit
            }
            SetupStep::Reorganization => Phase::Reorganization,
        };
        if matches!(s.step, SetupStep::Reaction) {
            g.turn.last_kind = Some(FightKind::Reaction);
        }
        g.outcome = None;
        // Who Wins the Game?: a position in which a side has already surrendered, or France
        // already holds the Royal Road and Bailén, is a game over, not a game to play.
        if let Some(o) = g.check_victory() {
            let [french, spanish] = o.detail.on_board;
            let winner = o.winner.unwrap_or(Side::French);
            let why = match o.detail.victory {
                Victory::Surrender => format!(
                    "the {} surrender at once: the {winner} have more than double their counters on the board (French {french}, Spanish {spanish})",
                    winner.other()
                ),
                Victory::AllLeadersLost => format!("the {} have lost all their leaders and surrender at once", winner.other()),
                Victory::Strategic => "France already holds the star hexes of the Royal Road with no Spaniard there or in Bailén (strategic victory)".to_string(),
                Victory::StrategicDefence => "the game is already over".to_string(),
            };
            return Err(err(format!("units: the position is already won: {why}")));
        }
        let mut ev = Vec::new();
        g.run(&mut ev);
        g.opening = std::sync::Arc::new(ev);
        Ok(g)
    }
}

/// Has `side` begun a turn in round `round` or later in the position `s` describes? At
/// `RoundStart`, `s.round` has not begun; within a round, the first player's turn has begun, and
/// the other's once it is active.
fn turn_begun(s: &Setup, side: Side, round: u8) -> bool {
    match s.round.cmp(&round) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Less => false,
        std::cmp::Ordering::Equal => {
            s.step != SetupStep::RoundStart && (s.active == side || s.first.unwrap_or(s.active) == side)
        }
    }
}
