//! Napoleon's Battles' typed values: sides, formations, the steps of the sequence of play, the
//! actions (listed ones and the concrete fillings of the movement template), templates, events.
use crate::core::plane::{Facing, Point};
use serde::{Deserialize, Serialize};
use std::fmt;
use tsify::Tsify;

/// The two armies. The Allied side is whoever fights the French (Spanish at Rioseco).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Tsify)]
#[tsify(type_prefix = "Nb")]
pub enum Side {
    French,
    Allied,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::French => Side::Allied,
            Side::Allied => Side::French,
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Formations (Movement (1)): COL, LIN, MCH COL (road column), SQ for infantry; LIM and ULM for
/// artillery.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Tsify)]
#[tsify(type_prefix = "Nb")]
pub enum Formation {
    #[serde(rename = "COL")]
    Column,
    #[serde(rename = "LIN")]
    Line,
    #[serde(rename = "MCH_COL")]
    MarchColumn,
    #[serde(rename = "SQ")]
    Square,
    #[serde(rename = "LIM")]
    Limbered,
    #[serde(rename = "ULM")]
    Unlimbered,
}

impl fmt::Display for Formation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Formation::Column => "column",
            Formation::Line => "line",
            Formation::MarchColumn => "road column",
            Formation::Square => "square",
            Formation::Limbered => "limbered",
            Formation::Unlimbered => "unlimbered",
        })
    }
}

/// A unit (index into the scenario's units).
pub type UnitId = u8;
/// A general (index into the scenario's generals).
pub type GeneralId = u8;

/// The ten steps of a player turn (Play Sequence (1), (2)), named from the phasing player's
/// side: the side that decides is in the prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(type_prefix = "Nb")]
#[serde(tag = "step")]
pub enum Step {
    /// 1. Rally rout troops.
    Rally,
    /// 3. Movement (step 2, command control, is rolled automatically before it).
    Movement,
    /// 4. The other player's cavalry reaction movement.
    CavalryReaction,
    /// 5. The phasing player's cavalry reaction against cavalry that moved in step 4.
    CounterReaction,
    /// An enemy moves toward contact with a unit that may evade (Evasion movement).
    Evasion { unit: UnitId, by: UnitId },
    /// 6. The other player's defensive fire.
    DefensiveFire,
    /// 7. The phasing player's offensive fire.
    OffensiveFire,
    /// 8. Melee: which combat next.
    Melee,
    /// 8. Melee: after a round, a side may withdraw units voluntarily (Melee Combat (3)).
    Withdrawal { combat: UnitId },
    /// 9. The phasing player's cavalry pursuit: a recalled unit may move or fall back.
    Pursuit { unit: UnitId },
    /// 10. The other player's cavalry reaction to counter pursuit.
    CounterPursuit,
    /// Any unit may fire at cavalry that just made a recall or reaction move (Cavalry
    /// Pursuit (2); D44).
    FireAtCavalry { target: UnitId },
}

/// How far a unit may go and how it may change (the movement template of a prompt).
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(type_prefix = "Nb")]
#[serde(tag = "type")]
pub enum Template {
    /// Move `unit`'s front edge centre to any point, facing any way, for at most `left`
    /// hundredths of allowance (costs: terrain, backward and sideways, wheels).
    MoveUnit { unit: UnitId, left: i32, formation: Formation },
    /// Move a general anywhere within `reach` hundredths (b.6: 24").
    MoveGeneral { general: GeneralId, reach: i32 },
}

/// Every action of Napoleon's Battles. `Move` and `MoveGeneral` are the fillings of the
/// templates; the prompt also lists a finite set of them (b.9) for the computer and for play by
/// keyboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(type_prefix = "Nb")]
#[serde(tag = "type")]
pub enum Action {
    /// Step 1: try to rally a routed unit a general touches (Rally rout troops (1)).
    Rally { unit: UnitId },
    /// A rallied unit's free change of formation and facing (D6).
    Reform { unit: UnitId, formation: Formation, facing: Facing },
    EndRally,
    /// Move a unit's front edge centre to `to`, facing `facing` (formed movement).
    Move { unit: UnitId, to: Point, facing: Facing },
    /// Move into contact with an enemy, squared up to its nearest side (b.3 MoveToContact).
    Charge { unit: UnitId, target: UnitId },
    /// Change formation in place (Movement (2), CG FM).
    ChangeFormation { unit: UnitId, formation: Formation },
    /// A routed unit's later rout move: it loses one figure (Rout; D50).
    RoutMove { unit: UnitId },
    MoveGeneral { general: GeneralId, to: Point },
    EndMovement,
    /// Step 4/5/10: a cavalry reaction move or charge with a reaction marker.
    ReactionMove { unit: UnitId, to: Point, facing: Facing },
    ReactionCharge { unit: UnitId, target: UnitId },
    EndReaction,
    /// Evade the approaching enemy, or stand.
    Evade { unit: UnitId },
    Stand { unit: UnitId },
    /// Steps 6 and 7.
    Fire { unit: UnitId, target: UnitId },
    EndFire,
    /// Step 8: fight the combat that `unit` is in.
    Fight { unit: UnitId },
    /// After a round: withdraw a unit, or fight on.
    Withdraw { unit: UnitId },
    FightOn,
    /// Step 9: after a successful recall, move, charge again or stay.
    Stay { unit: UnitId },
    EndPursuit,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let inch = |v: i32| format!("{}.{:02}", v.div_euclid(100), v.rem_euclid(100));
        match self {
            Action::Rally { unit } => write!(f, "rally unit {unit}"),
            Action::Reform { unit, formation, facing } => write!(f, "unit {unit} reforms in {formation} facing {}°", facing.0 / 2),
            Action::EndRally => write!(f, "end the rally step"),
            Action::Move { unit, to, facing } => write!(f, "move unit {unit} to ({}, {}) facing {}°", inch(to.x), inch(to.y), facing.0 / 2),
            Action::Charge { unit, target } => write!(f, "unit {unit} charges unit {target}"),
            Action::ChangeFormation { unit, formation } => write!(f, "unit {unit} forms {formation}"),
            Action::RoutMove { unit } => write!(f, "unit {unit} routs on"),
            Action::MoveGeneral { general, to } => write!(f, "general {general} rides to ({}, {})", inch(to.x), inch(to.y)),
            Action::EndMovement => write!(f, "end movement"),
            Action::ReactionMove { unit, to, facing } => write!(f, "unit {unit} reacts to ({}, {}) facing {}°", inch(to.x), inch(to.y), facing.0 / 2),
            Action::ReactionCharge { unit, target } => write!(f, "unit {unit} counter-charges unit {target}"),
            Action::EndReaction => write!(f, "end reaction movement"),
            Action::Evade { unit } => write!(f, "unit {unit} evades"),
            Action::Stand { unit } => write!(f, "unit {unit} stands"),
            Action::Fire { unit, target } => write!(f, "unit {unit} fires at unit {target}"),
            Action::EndFire => write!(f, "end fire"),
            Action::Fight { unit } => write!(f, "fight the melee of unit {unit}"),
            Action::Withdraw { unit } => write!(f, "unit {unit} withdraws"),
            Action::FightOn => write!(f, "fight on"),
            Action::Stay { unit } => write!(f, "unit {unit} stays"),
            Action::EndPursuit => write!(f, "end pursuit"),
        }
    }
}

/// A unit's state of order (Disorder; Rout; b.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(type_prefix = "Nb")]
pub enum Order {
    Formed,
    Disordered,
    Routed,
    /// Removed: dispersed or eliminated (b.4).
    Gone,
}

/// What a roll was for, in the events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(type_prefix = "Nb")]
#[serde(tag = "kind")]
pub enum Roll {
    Rally { unit: UnitId, need: i8 },
    Initiative { general: Option<GeneralId>, unit: Option<UnitId>, need: u8 },
    Fire { unit: UnitId, target: UnitId, modifier: i8 },
    Melee { side: Side, modifier: i8 },
    Withdrawal { side: Side, modifier: i8 },
    Recall { unit: UnitId, need: i8 },
    EmergencySquare { unit: UnitId, need: i8 },
}

/// What happened, for the page to animate and the log to tell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(type_prefix = "Nb")]
#[serde(tag = "type")]
pub enum Event {
    TurnBegins { turn: u8, side: Side },
    StepBegins { step: Step, side: Side },
    Rolled { roll: Roll, die: u8, total: i8 },
    /// Command control (Command control (1), (2)): None = in command.
    Command { unit: UnitId, in_command: bool, moves: MoveAllowed },
    Rallied { unit: UnitId },
    Moved { unit: UnitId, from: Point, to: Point, facing: Facing, cost: i32 },
    Formed { unit: UnitId, formation: Formation },
    GeneralMoved { general: GeneralId, to: Point },
    ReactionMarker { unit: UnitId, placed: bool },
    Contact { unit: UnitId, target: UnitId },
    Hits { unit: UnitId, hits: u8, figures_left: u8 },
    Disordered { unit: UnitId },
    Recovered { unit: UnitId },
    Routed { unit: UnitId },
    /// Removed from play: dispersed, eliminated, or off its own edge (b.4).
    Removed { unit: UnitId, why: String },
    MeleeRound { attacker_total: i8, defender_total: i8, losses: [u8; 2] },
    Withdrew { unit: UnitId },
    Bounced { unit: UnitId },
    Recalled { unit: UnitId, success: bool },
    GameOver { winner: Option<Side>, why: String },
}

impl crate::games::GameEvent for Event {
    fn closes_undo(&self) -> bool {
        matches!(self, Event::Rolled { .. })
    }
}

/// How a unit out of command may move this turn (Command control (2)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(type_prefix = "Nb")]
pub enum MoveAllowed {
    Full,
    Half,
    None,
}
