//! Public positions: any position from a plain description (units on the table with their
//! figures, formation, front, facing and order; generals' positions; turn, phasing side and
//! step; options; scripted dice), validated into a game. Rulebook examples are tests through it.
use super::action::{Formation, MoveAllowed, Order, Side, UnitId};
use super::scenario;
use super::sequence::Phase;
use super::{NapoleonsBattles, Options};
use crate::core::dice::Dice;
use crate::core::plane::{Facing, Point};
use crate::games::GameError;
use serde::{Deserialize, Serialize};

/// A unit's place in a setup. Units of the scenario not listed keep their start position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, tsify::Tsify)]
#[tsify(type_prefix = "Nb")]
#[serde(deny_unknown_fields)]
pub struct UnitPlacement {
    pub id: String,
    #[serde(default)]
    pub figures: Option<u8>,
    #[serde(default)]
    pub formation: Option<Formation>,
    /// Centre of the front edge, hundredths of an inch.
    #[serde(default)]
    pub front: Option<Point>,
    /// Compass bearing in whole degrees.
    #[serde(default)]
    pub facing: Option<u16>,
    #[serde(default)]
    pub order: Option<Order>,
    #[serde(default)]
    pub reaction_marker: bool,
    /// Moved into contact this turn (an attacker).
    #[serde(default)]
    pub charged: bool,
    /// Moved this turn (artillery move and fire).
    #[serde(default)]
    pub moved: bool,
    /// How it may move this turn (Command control (2)); full if absent.
    #[serde(default)]
    pub allowed: Option<MoveAllowed>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, tsify::Tsify)]
#[tsify(type_prefix = "Nb")]
#[serde(deny_unknown_fields)]
pub struct GeneralPlacement {
    pub id: String,
    pub at: Point,
}

/// The step a setup starts at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, tsify::Tsify)]
#[tsify(type_prefix = "Nb")]
pub enum SetupStep {
    Rally,
    Movement,
    CavalryReaction,
    CounterReaction,
    DefensiveFire,
    OffensiveFire,
    Melee,
}

/// A plain description of a position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, tsify::Tsify)]
#[tsify(type_prefix = "Nb")]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub scenario: String,
    #[serde(default)]
    pub options: Options,
    #[serde(default)]
    pub seed: u64,
    /// Rolls the dice give first (d10 faces), then the seeded stream.
    #[serde(default)]
    pub dice: Vec<u8>,
    #[serde(default = "one")]
    pub turn: u8,
    #[serde(default)]
    pub phasing: Option<Side>,
    pub step: SetupStep,
    #[serde(default)]
    pub units: Vec<UnitPlacement>,
    /// Units of the scenario taken off the table.
    #[serde(default)]
    pub removed: Vec<String>,
    #[serde(default)]
    pub generals: Vec<GeneralPlacement>,
}

fn one() -> u8 {
    1
}

/// Validate a setup into a game; errors name the unit and the field.
pub fn build(s: &Setup) -> Result<NapoleonsBattles, GameError> {
    let bad = |why: String| GameError::Setup(format!("setup: {why}"));
    let scen = scenario::by_id(&s.scenario)?;
    let mut g = NapoleonsBattles::start(scen.clone(), s.options.clone(), Dice::scripted(s.seed, &s.dice));
    if s.turn == 0 || s.turn > scen.turns {
        return Err(bad(format!("turn: {} is not between 1 and {}", s.turn, scen.turns)));
    }
    g.turn = s.turn;
    g.phasing = s.phasing.unwrap_or(scen.first_player);
    let find = |id: &str| scen.units.iter().position(|u| u.id == id).ok_or_else(|| bad(format!("unit '{id}': no such unit in {}", scen.id)));
    for p in &s.units {
        let i = find(&p.id)?;
        let u = i as UnitId;
        let ty = scen.unit_type(&scen.units[i].unit_type);
        let st = &mut g.units[i];
        if let Some(f) = p.figures {
            if f == 0 || f > ty.base.figures.saturating_mul(8) {
                return Err(bad(format!("unit '{}': figures: {f} is not between 1 and {}", p.id, ty.base.figures.saturating_mul(8))));
            }
            st.figures = f;
        }
        if let Some(f) = p.formation {
            st.formation = f;
        }
        if let Some(at) = p.front {
            st.front = at;
        }
        if let Some(b) = p.facing {
            if b >= 360 {
                return Err(bad(format!("unit '{}': facing: {b} is not a bearing below 360", p.id)));
            }
            st.facing = Facing::degrees(b);
        }
        if let Some(o) = p.order {
            st.order = o;
        }
        st.reaction_marker = p.reaction_marker;
        st.charged = p.charged;
        st.moved_this_turn = p.moved;
        st.allowed = p.allowed.unwrap_or(MoveAllowed::Full);
        if !g.formations_of(u).contains(&g.unit(u).formation) {
            return Err(bad(format!("unit '{}': formation: a {} cannot be in {:?}", p.id, ty.name, g.unit(u).formation)));
        }
    }
    for id in &s.removed {
        let i = find(id)?;
        g.units[i].order = Order::Gone;
    }
    for p in &s.generals {
        let i = scen.generals.iter().position(|x| x.id == p.id).ok_or_else(|| bad(format!("general '{}': no such general", p.id)))?;
        g.generals[i] = p.at;
    }
    g.check_invariants().map_err(|e| bad(format!("units: {e}")))?;
    g.general_in_command = (0..g.generals.len()).map(|_| true).collect();
    let mut ev = Vec::new();
    g.phase = match s.step {
        SetupStep::Rally => Phase::Rally { tried: 0, reforming: None },
        SetupStep::Movement => {
            g.check_command_control(&mut ev);
            for p in &s.units {
                if let (Some(a), Ok(i)) = (p.allowed, find(&p.id)) {
                    g.units[i].allowed = a;
                }
            }
            Phase::Movement
        }
        SetupStep::CavalryReaction => Phase::CavalryReaction,
        SetupStep::CounterReaction => Phase::CounterReaction,
        SetupStep::DefensiveFire => Phase::DefensiveFire,
        SetupStep::OffensiveFire => Phase::OffensiveFire,
        SetupStep::Melee => Phase::Melee { last: false, fought: 0 },
    };
    g.prompt_cache.clear();
    g.run(&mut ev);
    Ok(g)
}
