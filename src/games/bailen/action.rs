//! Bailén's decision points (steps), actions and events, as the page and saved games see them.
use crate::core::hex::Hex;
use serde::{Deserialize, Serialize};
use tsify::Tsify;
use std::fmt;

/// A counter's index in the scenario's counter list.
pub type UnitId = u8;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
pub enum Side {
    French,
    Spanish,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::French => Side::Spanish,
            Side::Spanish => Side::French,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::French => "French",
            Side::Spanish => "Spanish",
        })
    }
}

/// What a die is rolled for (shown with the die, and used by the NAC History Joker).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
#[serde(tag = "purpose")]
pub enum RollPurpose {
    /// Determine Initiative: one die each, +1 per leader on the board.
    Initiative,
    /// Reinforcements: the arrival roll.
    ReinforcementArrival,
    /// Movement: 6 + d6 counters may move.
    MovementAllowance,
    /// Combat: 4 + d6 counters may fight.
    CombatAllowance,
    /// One attack's die (attacker's roll).
    Attack { attacker: UnitId, target: UnitId },
    /// Swiss Troops: desertion roll for a French Swiss counter.
    Desertion { unit: UnitId },
    /// Stifling Heat: a unit's roll to reorganize (4-6).
    HeatReorganization { unit: UnitId },
    /// Stifling Heat: which leader María Bellido joins.
    WaterCarrier,
}

/// The step of the rulebook being decided now.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
#[serde(tag = "step")]
pub enum Step {
    /// Game Setup: place the next counter of this formation on one of its deployment hexes.
    /// `lifts_left`: with `Options::confirm_deployment`, how many more placed counters of this
    /// step may still be lifted to be placed again (None without the option).
    Deployment { formation: String, unit: UnitId, lifts_left: Option<u8> },
    /// Game Setup (with `Options::confirm_deployment`): every counter of this step is placed;
    /// confirm the deployment, or lift a placed counter to place it again (`lifts_left` more).
    ConfirmDeployment { placed: u8, lifts_left: u8 },
    /// Determine Initiative: the winner of the roll chooses who plays first this round.
    ChooseFirstPlayer { french_total: u8, spanish_total: u8 },
    /// NAC History Joker: keep this roll or reroll one die with the Joker.
    Joker { purpose: RollPurpose, dice: Vec<u8> },
    /// Reinforcements: the next arriving counter enters from the road's edge hex.
    Reinforcement { unit: UnitId, entry: Hex },
    /// Stifling Heat: place María Bellido next to the rolled leader (or in Bailén).
    PlaceWaterCarrier,
    /// Movement: declare the leader to activate.
    ActivateLeader,
    /// Movement: choose a counter to move, or end movement.
    Movement { leader: UnitId, allowance: u8, moved: u8, formation_moved: u8 },
    /// Movement: choose where the selected counter goes.
    MoveCounter { unit: UnitId },
    /// Reaction Artillery of the Inactive Player.
    ReactionFire,
    /// Combat: choose an attacker and target, or end combat.
    Combat { activations_left: u8 },
    /// Combat: a counter with two attacks declares its second target.
    SecondTarget { unit: UnitId, first: UnitId },
    /// Combined Attacks (optional): choose a supporting counter for this attack, or none.
    Support { attacker: UnitId, target: UnitId },
    /// Tactical Retreat: the defender may retreat two hexes instead of being attacked.
    TacticalRetreat { defender: UnitId },
    /// Retreats: the defender chooses its two-hex retreat.
    Retreat { unit: UnitId },
    /// Advance after combat: one adjacent counter may enter the vacated hex.
    Advance { hex: Hex },
    /// Advance after combat: the advanced counter may attack an enemy now adjacent.
    ChainedAttack { unit: UnitId },
    /// Cavalry Pursuit: up to two cavalry counters pursue.
    Pursuit { pursuits_left: u8 },
    /// Reorganization by leaders.
    Reorganization,
}

/// A legal action. Serialised with a "type" tag; hexes as their four-digit labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
#[serde(tag = "type")]
pub enum Action {
    Deploy { unit: UnitId, to: Hex },
    /// Game Setup (with `Options::confirm_deployment`): pick up a counter placed in this
    /// deployment step; it is placed again before the step is confirmed.
    LiftDeployed { unit: UnitId },
    /// Game Setup (with `Options::confirm_deployment`): the step's placements are final.
    ConfirmDeployment,
    FirstPlayer { side: Side },
    /// Reroll die `die` (0-based index into the prompt's dice) with the Joker.
    UseJoker { die: u8 },
    KeepRoll,
    Enter { unit: UnitId, to: Hex },
    PlaceWaterCarrier { to: Hex },
    ActivateLeader { leader: UnitId },
    SelectMover { unit: UnitId },
    MoveTo { unit: UnitId, to: Hex },
    CancelMove { unit: UnitId },
    EndMovement,
    /// Reaction fire or a combat activation: `unit` attacks `target` (its first attack).
    Attack { unit: UnitId, target: UnitId },
    /// The second attack of a two-attack counter.
    SecondAttack { unit: UnitId, target: UnitId },
    SingleAttack { unit: UnitId },
    Support { supporter: UnitId },
    NoSupport,
    EndReaction,
    EndCombat,
    TacticalRetreat { unit: UnitId, via: Hex, to: Hex },
    StandFast { unit: UnitId },
    Retreat { unit: UnitId, via: Hex, to: Hex },
    Advance { unit: UnitId, to: Hex },
    NoAdvance,
    NoChainedAttack,
    Pursue { unit: UnitId, target: UnitId, to: Hex },
    EndPursuit,
    Reorganize { leader: UnitId, unit: UnitId },
    EndTurn,
}

/// What happened, for the page to animate and log.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
#[serde(tag = "event")]
pub enum Event {
    RoundBegins { round: u8 },
    /// A die was rolled (the value is final unless a Joker event follows).
    Rolled { side: Side, purpose: RollPurpose, value: u8 },
    JokerUsed { side: Side, die: u8, new_value: u8 },
    JokerPassed { to: Side },
    JokerDiscarded,
    InitiativeTie { round: u8 },
    FirstPlayer { side: Side, round: u8 },
    TurnBegins { side: Side, round: u8 },
    ReinforcementsArrive { side: Side },
    Deployed { unit: UnitId, to: Hex },
    /// A counter placed in this deployment step is picked up to be placed again.
    Lifted { unit: UnitId, from: Hex },
    /// The side's deployment step is final.
    DeploymentConfirmed { side: Side },
    Entered { unit: UnitId, path: Vec<Hex> },
    CannotEnter { unit: UnitId },
    WaterCarrierPlaced { to: Hex },
    WaterCarrierNotPlaced,
    LeaderActivated { leader: UnitId, allowance: u8 },
    Moved { unit: UnitId, path: Vec<Hex> },
    Recovered { unit: UnitId },
    CombatAllowance { activations: u8 },
    AttackDeclared { unit: UnitId, target: UnitId, supporter: Option<UnitId>, melee: bool },
    AttackResolved { unit: UnitId, target: UnitId, total: u8, defence: u8, result: CombatResult },
    AttackLost { unit: UnitId, target: UnitId },
    TacticalRetreated { unit: UnitId, path: Vec<Hex> },
    Disorganised { unit: UnitId },
    Eliminated { unit: UnitId },
    Retreated { unit: UnitId, path: Vec<Hex> },
    NoRetreatPossible { unit: UnitId },
    Advanced { unit: UnitId, to: Hex },
    Deserted { unit: UnitId },
    Reorganised { unit: UnitId },
    StaysDisorganised { unit: UnitId },
    GameOver {
        #[tsify(type = "BailenOutcome")]
        outcome: super::BailenOutcome,
    },
}

/// The result of one attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
pub enum CombatResult {
    NoEffect,
    /// Disorganised (and retreat two hexes if melee).
    Disorganise,
    Eliminate,
}

impl super::super::GameEvent for Event {
    fn closes_undo(&self) -> bool {
        // A die rolled, or rerolled with the Joker, cannot be taken back.
        matches!(self, Event::Rolled { .. } | Event::JokerUsed { .. })
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Action::*;
        match self {
            Deploy { unit, to } => write!(f, "deploy #{unit} at {}", to.label()),
            LiftDeployed { unit } => write!(f, "lift #{unit} to place it again"),
            ConfirmDeployment => write!(f, "confirm the deployment"),
            FirstPlayer { side } => write!(f, "{side} play first"),
            UseJoker { die } => write!(f, "use the Joker on die {}", die + 1),
            KeepRoll => write!(f, "keep the roll"),
            Enter { unit, to } => write!(f, "#{unit} enters to {}", to.label()),
            PlaceWaterCarrier { to } => write!(f, "place María Bellido at {}", to.label()),
            ActivateLeader { leader } => write!(f, "activate leader #{leader}"),
            SelectMover { unit } => write!(f, "select #{unit} to move"),
            MoveTo { unit, to } => write!(f, "move #{unit} to {}", to.label()),
            CancelMove { unit } => write!(f, "cancel the move of #{unit}"),
            EndMovement => write!(f, "end movement"),
            Attack { unit, target } => write!(f, "#{unit} attacks #{target}"),
            SecondAttack { unit, target } => write!(f, "#{unit}'s second attack at #{target}"),
            SingleAttack { unit } => write!(f, "#{unit} makes one attack only"),
            Support { supporter } => write!(f, "#{supporter} supports the attack"),
            NoSupport => write!(f, "no support"),
            EndReaction => write!(f, "end reaction fire"),
            EndCombat => write!(f, "end combat"),
            TacticalRetreat { unit, via, to } => {
                write!(f, "#{unit} retreats tactically via {} to {}", via.label(), to.label())
            }
            StandFast { unit } => write!(f, "#{unit} stands and fights"),
            Retreat { unit, via, to } => {
                write!(f, "#{unit} retreats via {} to {}", via.label(), to.label())
            }
            Advance { unit, to } => write!(f, "#{unit} advances to {}", to.label()),
            NoAdvance => write!(f, "no advance"),
            NoChainedAttack => write!(f, "no further attack"),
            Pursue { unit, target, to } => {
                write!(f, "#{unit} pursues #{target} from {}", to.label())
            }
            EndPursuit => write!(f, "end pursuit"),
            Reorganize { leader, unit } => write!(f, "#{leader} reorganizes #{unit}"),
            EndTurn => write!(f, "end turn"),
        }
    }
}
