//! Bloody Monday's decision points (steps), actions and events, as the page and saved games
//! see them. Events carry only what both players may know: a concealed block is never named
//! (its side and area are), so the log can be shown to either player.
use serde::{Deserialize, Serialize};
use std::fmt;
use tsify::Tsify;

/// A block's index in the scenario's block list (F01 = 0 ... R62 = 114).
pub type BlockId = u8;
/// An area number as printed on the board, 1-111.
pub type AreaId = u8;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
pub enum Side {
    #[serde(alias = "french")]
    French,
    #[serde(alias = "russian")]
    Russian,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::French => Side::Russian,
            Side::Russian => Side::French,
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::French => "French",
            Side::Russian => "Russian",
        })
    }
}

/// The four impulse actions (4.0, 6.0, 7.0) plus the cavalry raid that follows a tactical one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
pub enum ImpulseKind {
    /// 5.0 Tactical Action (with `general_offensive`, 9.8).
    Tactical,
    /// 9.8 General Offensive: a tactical action with the CinC at strength 4.
    GeneralOffensive,
    /// 6.1 Calling in reinforcements.
    Reinforcements,
    /// 6.2 Special initiative movement and battle.
    InitiativeMovement,
    /// 6.3 Cavalry raid (after a tactical action).
    CavalryRaid,
    /// 7.0 Pass.
    Pass,
}

/// What a die roll is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
#[serde(tag = "purpose")]
pub enum RollPurpose {
    /// 5.3.1 Artillery fire into `area` by `artillery` (TF, one die per level).
    ArtilleryFire { artillery: BlockId, area: AreaId },
    /// 9.2 Grand Battery salvo (4 TF dice). The gun is named only in the French view: the
    /// salvo reveals no block (`event_for`).
    Salvo { artillery: Option<BlockId>, area: AreaId },
    /// 5.3.4 Ground combat: all of `side`'s units in `area` (or one 9.9 step of them).
    GroundCombat { area: AreaId },
    /// 5.3.5 The combined attack's first roll.
    CombinedAttack { area: AreaId },
    /// 9.1 A jager's ambush.
    Ambush { jager: BlockId, area: AreaId },
}

/// The rulebook step being decided now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
#[serde(tag = "step")]
pub enum Step {
    /// 9.2 Grand Battery salvo: choose each gun's target, then fire.
    GrandBattery,
    /// 3.1 Activate the Commander-in-Chief (move first if wished) or not.
    Logistics,
    /// 3.1 The CinC moves before his activation (`mp` left, one kept for the reveal).
    CinCMove { cinc: BlockId, mp: u8 },
    /// 3.3 / 6.1 How many reinforcements to call (drawn at random, placed in order).
    Reinforcements { lp: u8, max: u8 },
    /// 3.5a Restore tactical leader steps (1 LP each).
    RestoreLeaders { budget: u8 },
    /// 3.4 Restore artillery steps (1 LP each).
    RestoreArtillery { budget: u8 },
    /// 3.5b Restore combat unit steps (by the colour of the dot restored).
    RestoreCombat { budget: u8 },
    /// BM-116: what the other side sees of `RestoreCombat`. The LP left would give away the
    /// colour of the dots restored on concealed blocks.
    ConcealedRestoreCombat,
    /// What the other side sees of `Reinforcements`: neither the LP, which come from the
    /// strength of a CinC who may be concealed, nor the most that may be called, which counts
    /// the room in the victory areas and so tells whether a concealed block there is the CinC
    /// (who takes no room: 3.3).
    ConcealedReinforcements,
    /// 4.0 Choose the impulse action.
    Impulse { impulse: u16 },
    /// 5.1 Activate tactical leaders (each may move first).
    ActivateLeaders { activated: u8, cap: u8 },
    /// 5.1 A leader moves before activating (`mp` left, one kept for the activation).
    LeaderMove { leader: BlockId, mp: u8 },
    /// 5.2 / 6.2 / 6.3 / 7.0 Choose a unit to move (or an artillery unit to activate).
    Movement { kind: ImpulseKind, moved: u8, limit: Option<u8> },
    /// 5.2 The chosen unit moves area by area.
    UnitMove { block: BlockId, mp: u8 },
    /// [Setup] fog (BM-8): what the other side sees of `UnitMove`: a block of the active side
    /// in `area` is moving. Which block, and its MP left, stay with its owner.
    ConcealedUnitMove { area: AreaId },
    /// BM-8: what the other side sees of `LeaderMove`: a concealed block in `area` moves
    /// before its activation (the leader is named when he is revealed).
    ConcealedLeaderMove { area: AreaId },
    /// 5.2.2 Inspiration.
    Inspiration,
    /// 5.3 Choose the next battle (new battles first).
    ChooseBattle { new_left: u8, current_left: u8 },
    /// 5.3.1 Artillery fire into the battle area.
    ArtilleryFire { area: AreaId, fired: u8, cap: u8 },
    /// 5.3.2 / 6.4 The defender may spend the initiative disk to retreat.
    DefenderRetreat { area: AreaId },
    /// 6.4 Each retreating unit chooses its adjacent friendly area.
    Retreat { area: AreaId },
    /// 9.1 A Russian jager at full strength: skirmish, ambush or stay.
    Jager { area: AreaId, jager: BlockId },
    /// 5.3.5 The side that may make a combined attack decides.
    CombinedAttack { area: AreaId },
    /// 5.3.6 Assign the next hit among equally strong units.
    AssignHit { area: AreaId, hits_left: u8 },
    /// 6.3 After a tactical action the disk holder may raid with cavalry.
    CavalryRaid,
}

/// A legal action. Serialised with a "type" tag; areas by their printed number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
#[serde(tag = "type")]
pub enum Action {
    /// 9.2: `artillery` fires its salvo at `target`.
    Salvo { artillery: BlockId, target: AreaId },
    EndSalvo,
    /// 3.1 Do not activate the CinC.
    Decline,
    /// Start moving this block (the CinC or a leader before activation, or a unit).
    Move { block: BlockId },
    /// The moving block enters an adjacent area.
    StepTo { block: BlockId, to: AreaId },
    /// The moving block stops.
    Stop { block: BlockId },
    /// Activate a CinC (3.1), tactical leader (5.1) or artillery unit (5.2.1) where it is.
    Activate { block: BlockId },
    /// Call this many reinforcements.
    Reinforce { count: u8 },
    /// Restore one step of this block.
    Restore { block: BlockId },
    EndRestore,
    /// 4.0 the impulse actions.
    Tactical,
    GeneralOffensive,
    CallReinforcements,
    InitiativeMovement,
    Pass,
    EndActivation,
    EndMovement,
    Inspire { leader: BlockId, block: BlockId },
    EndInspiration,
    ResolveBattle { area: AreaId },
    EndBattles,
    FireArtillery { artillery: BlockId },
    EndArtillery,
    /// 6.4: spend the disk and retreat from this battle.
    Retreat,
    StandFast,
    RetreatTo { block: BlockId, to: AreaId },
    Skirmish { jager: BlockId, to: AreaId },
    Ambush { jager: BlockId },
    HoldPosition { jager: BlockId },
    CombinedAttack,
    NoCombinedAttack,
    AssignHit { block: BlockId },
    CavalryRaid,
    EndImpulse,
}

/// Why hits were ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
pub enum Ignored {
    /// 1.2.1 Terrain defence bonus.
    DefenceBonus,
    /// 9.6 A steadfast unit's shield.
    Shield,
}

/// A revealed block and its current strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
pub struct Shown {
    pub block: BlockId,
    pub strength: u8,
}

/// What happened, for the page to animate and log. Never names a concealed block.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
#[serde(tag = "event")]
pub enum Event {
    /// [Setup] the random draws of the reserve and the designations (not shown).
    SetupDrawn { french_placed: u8, russian_placed: u8 },
    TurnBegins { turn: u8 },
    LogisticsBegins { first: Side },
    ImpulsePhaseBegins { first: Side },
    ImpulseBegins { side: Side, impulse: u16 },
    /// 4.1 The isolation check: how many units and which victory areas are isolated.
    IsolationCheck { side: Side, isolated_units: u8, isolated_areas: Vec<AreaId> },
    ImpulseChosen { side: Side, kind: ImpulseKind },
    /// 6.0 The initiative disk is spent and passes.
    InitiativeSpent { by: Side, kind: ImpulseKind },
    /// A block moved one area (named only if it is revealed).
    Moved { side: Side, block: Option<BlockId>, from: AreaId, to: AreaId },
    /// 1.2.2 It engaged (with a light-blue cube when it crossed the Kolocha into a new battle).
    Engaged { side: Side, area: AreaId, blue_cube: bool },
    ControlChanged { area: AreaId, side: Side },
    /// A block revealed (activation, battle).
    Revealed { side: Side, area: AreaId, blocks: Vec<Shown> },
    /// The side's blocks in the area are concealed again.
    Concealed { side: Side, area: AreaId },
    LeaderActivated { leader: BlockId, area: AreaId, range: u8 },
    ArtilleryActivated { artillery: BlockId, area: AreaId },
    CinCActivated { cinc: BlockId, area: AreaId, lp: u8 },
    CinCDeclined { side: Side },
    Inspired { leader: BlockId, area: AreaId, block: Option<BlockId> },
    BattleBegins { area: AreaId, attacker: Side, new: bool },
    /// Dice rolled by `side`; `hits` of them hit.
    Rolled { side: Side, purpose: RollPurpose, dice: Vec<u8>, hits: u8 },
    HitsIgnored { side: Side, area: AreaId, hits: u8, why: Ignored },
    /// One hit taken (the block is named only if revealed).
    HitTaken { side: Side, area: AreaId, block: Option<BlockId> },
    /// A block destroyed: it goes to the morale track (`counts`) or the box.
    Destroyed { block: BlockId, area: AreaId, counts: bool },
    Retreated { side: Side, from: AreaId, to: AreaId, block: Option<BlockId> },
    NoRetreat { side: Side, area: AreaId },
    Skirmished { jager: BlockId, from: AreaId, to: AreaId },
    BattleEnds { area: AreaId, control: Side, contested: bool },
    ReinforcementPlaced { side: Side, area: AreaId },
    ReinforcementsLeft { side: Side, in_reserve: u8 },
    /// One step restored (BM-116: the cost, which gives the colour of the dot restored, only
    /// in the owner's view; `event_for` removes it for the other side).
    Restored { side: Side, cost: Option<u8> },
    /// 3.1 / 5.4 a support unit loses a level after activation.
    Reduced { side: Side, block: Option<BlockId> },
    Deactivated { side: Side },
    Passed { side: Side },
    /// 9.10 battle fatigue.
    Fatigue { area: AreaId },
    TurnEnds { turn: u8 },
    GameOver {
        #[tsify(type = "Outcome<BmSide, BmDetail>")]
        outcome: super::morale::Outcome,
    },
}

impl crate::games::GameEvent for Event {
    fn closes_undo(&self) -> bool {
        // A die rolled (every random draw is a roll too) or a hidden block revealed. An
        // isolation check too (4.1): its white cubes show the opponent which blocks and areas
        // have a line of communication to a Commander-in-Chief whose block may be concealed.
        matches!(
            self,
            Event::Rolled { .. }
                | Event::IsolationCheck { .. }
                | Event::Revealed { .. }
                | Event::SetupDrawn { .. }
                | Event::ReinforcementPlaced { .. }
                | Event::Destroyed { .. }
        )
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Action::*;
        match self {
            Salvo { artillery, target } => write!(f, "#{artillery} fires its salvo at area {target}"),
            EndSalvo => write!(f, "fire the salvo"),
            Decline => write!(f, "do not activate the Commander-in-Chief"),
            Move { block } => write!(f, "move #{block}"),
            StepTo { block, to } => write!(f, "#{block} enters area {to}"),
            Stop { block } => write!(f, "#{block} stops"),
            Activate { block } => write!(f, "activate #{block}"),
            Reinforce { count } => write!(f, "call {count} reinforcements"),
            Restore { block } => write!(f, "restore a step of #{block}"),
            EndRestore => write!(f, "end restoring"),
            Tactical => write!(f, "tactical action"),
            GeneralOffensive => write!(f, "general offensive"),
            CallReinforcements => write!(f, "spend the initiative: reinforcements"),
            InitiativeMovement => write!(f, "spend the initiative: movement and battle"),
            Pass => write!(f, "pass"),
            EndActivation => write!(f, "end leader activation"),
            EndMovement => write!(f, "end movement"),
            Inspire { leader, block } => write!(f, "#{leader} inspires #{block}"),
            EndInspiration => write!(f, "end inspiration"),
            ResolveBattle { area } => write!(f, "resolve the battle in area {area}"),
            EndBattles => write!(f, "no more battles"),
            FireArtillery { artillery } => write!(f, "#{artillery} fires"),
            EndArtillery => write!(f, "end artillery fire"),
            Retreat => write!(f, "spend the initiative: retreat"),
            StandFast => write!(f, "stand and fight"),
            RetreatTo { block, to } => write!(f, "#{block} retreats to area {to}"),
            Skirmish { jager, to } => write!(f, "#{jager} skirmishes back to area {to}"),
            Ambush { jager } => write!(f, "#{jager} ambushes"),
            HoldPosition { jager } => write!(f, "#{jager} holds"),
            CombinedAttack => write!(f, "combined attack"),
            NoCombinedAttack => write!(f, "no combined attack"),
            AssignHit { block } => write!(f, "#{block} takes the hit"),
            CavalryRaid => write!(f, "spend the initiative: cavalry raid"),
            EndImpulse => write!(f, "end the impulse"),
        }
    }
}
