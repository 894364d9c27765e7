//! The Field Battle's decision points (steps), actions and events, as the page and saved games
//! see them. The generated TypeScript names carry a `Battle` prefix (`BattleSide`,
//! `BattleAction`, ...) so they never clash with Bailén's.
use serde::{Deserialize, Serialize};
use std::fmt;
use tsify::Tsify;

/// A counter's index: HQs and CUs are numbered separately, both sides together.
pub type CuId = u8;
pub type HqId = u8;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub enum Side {
    Imperial,
    Allied,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Imperial => Side::Allied,
            Side::Allied => Side::Imperial,
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
    pub const BOTH: [Side; 2] = [Side::Imperial, Side::Allied];
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Imperial => "Imperial",
            Side::Allied => "Allied",
        })
    }
}

/// A section of one side's half of the Battle Display (SR 9.2.f): the three Battle Line
/// Sections, the Reserve and the two Flanking sections.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
#[serde(rename_all = "snake_case")]
pub enum Section {
    Left,
    Centre,
    Right,
    Reserve,
    FlankLeft,
    FlankRight,
}

impl Section {
    pub const ALL: [Section; 6] =
        [Section::Left, Section::Centre, Section::Right, Section::Reserve, Section::FlankLeft, Section::FlankRight];
    pub const LINE: [Section; 3] = [Section::Left, Section::Centre, Section::Right];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn is_line(self) -> bool {
        matches!(self, Section::Left | Section::Centre | Section::Right)
    }
    pub fn is_flank(self) -> bool {
        matches!(self, Section::FlankLeft | Section::FlankRight)
    }
    /// SR 9.2.o: Left faces the enemy Right, Centre faces Centre; a Flanking section faces the
    /// enemy Flanking section at the same end of the field.
    pub fn opposite(self) -> Section {
        match self {
            Section::Left => Section::Right,
            Section::Right => Section::Left,
            Section::Centre => Section::Centre,
            Section::Reserve => Section::Reserve,
            Section::FlankLeft => Section::FlankRight,
            Section::FlankRight => Section::FlankLeft,
        }
    }
    pub fn from_id(s: &str) -> Option<Section> {
        Some(match s {
            "left" => Section::Left,
            "centre" => Section::Centre,
            "right" => Section::Right,
            "reserve" => Section::Reserve,
            "flank_left" => Section::FlankLeft,
            "flank_right" => Section::FlankRight,
            _ => return None,
        })
    }
}

impl fmt::Display for Section {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Section::Left => "Left",
            Section::Centre => "Centre",
            Section::Right => "Right",
            Section::Reserve => "Reserve",
            Section::FlankLeft => "left Flanking section",
            Section::FlankRight => "right Flanking section",
        })
    }
}

/// Battle terrain layouts (SR 9.2.i.3). A section without one is clear.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Hills,
    Woods,
    Village,
}

impl Terrain {
    pub const ALL: [Terrain; 3] = [Terrain::Hills, Terrain::Woods, Terrain::Village];
    pub fn from_id(s: &str) -> Option<Terrain> {
        Some(match s {
            "hills" => Terrain::Hills,
            "woods" => Terrain::Woods,
            "village" => Terrain::Village,
            _ => return None,
        })
    }
}

/// The nine Battle Option chits (SR 9.2.m.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
#[serde(rename_all = "snake_case")]
pub enum OptionKind {
    Reserve,
    Outflank,
    Assault,
    Pin,
    Bombardment,
    CavalryCharge,
    Withdraw,
    Recover,
    Reinforce,
}

impl OptionKind {
    pub const ALL: [OptionKind; 9] = [
        OptionKind::Reserve,
        OptionKind::Outflank,
        OptionKind::Assault,
        OptionKind::Pin,
        OptionKind::Bombardment,
        OptionKind::CavalryCharge,
        OptionKind::Withdraw,
        OptionKind::Recover,
        OptionKind::Reinforce,
    ];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn from_id(s: &str) -> Option<OptionKind> {
        OptionKind::ALL.iter().copied().find(|o| o.id() == s)
    }
    pub fn id(self) -> &'static str {
        match self {
            OptionKind::Reserve => "reserve",
            OptionKind::Outflank => "outflank",
            OptionKind::Assault => "assault",
            OptionKind::Pin => "pin",
            OptionKind::Bombardment => "bombardment",
            OptionKind::CavalryCharge => "cavalry_charge",
            OptionKind::Withdraw => "withdraw",
            OptionKind::Recover => "recover",
            OptionKind::Reinforce => "reinforce",
        }
    }
    /// Attack options are placed between sections and may be continued (SR 9.2.o.1.a-b).
    pub fn is_attack(self) -> bool {
        matches!(self, OptionKind::Outflank | OptionKind::Assault | OptionKind::Pin | OptionKind::CavalryCharge)
    }
}

impl fmt::Display for OptionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OptionKind::Reserve => "Reserve",
            OptionKind::Outflank => "Outflank",
            OptionKind::Assault => "Assault",
            OptionKind::Pin => "Pin",
            OptionKind::Bombardment => "Bombardment",
            OptionKind::CavalryCharge => "Cavalry Charge",
            OptionKind::Withdraw => "Withdraw",
            OptionKind::Recover => "Recover",
            OptionKind::Reinforce => "Reinforce",
        })
    }
}

/// A counter on the display, or the leader commanding it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
#[serde(tag = "kind", content = "id", rename_all = "snake_case")]
pub enum Counter {
    Hq(HqId),
    Cu(CuId),
}

impl fmt::Display for Counter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Counter::Hq(i) => write!(f, "HQ #{i}"),
            Counter::Cu(i) => write!(f, "CU #{i}"),
        }
    }
}

/// Unified or Joint Command (SR 9.2.h.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
#[serde(rename_all = "snake_case")]
pub enum Command {
    Unified,
    Joint,
}

/// What a die is rolled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
#[serde(tag = "purpose")]
pub enum RollPurpose {
    /// SR 9.2.i.4: 1d10 against the CiC's (or a Joint Leader's) Initiative for a layout.
    TerrainChoice { leader: Counter },
    /// SR 9.2.j.1: the Initiatives tie; each side rolls, higher wins.
    OutflankTie,
    /// SR 9.2.j.2: the secret roll to be allowed the Outflank chit.
    Outflank,
    /// SR 9.2.n: one die of the Operational Control Check (2d10) of a leader.
    OperationalControl { leader: Counter },
    /// SR 9.2.o.2: the pass roll of a leader.
    Pass { leader: Counter },
    /// SR 9.2.o.1.b.i: the CiC's roll to play another option.
    AnotherOption { leader: Counter },
    /// SR 9.2.o.1.b.ii: the Section Commander's roll to continue.
    Continue { leader: Counter },
    /// SR 9.2.o.1.b.iii / BOE 4: a rally or Recover roll for a CU.
    Rally { cu: CuId },
    /// SR 12.1.a.3: after an unmodified 10 against Initiative, 9-10 makes him a casualty.
    LeaderCasualty { leader: Counter },
    /// An engagement die (G9 stand-in).
    Engagement,
    /// A morale check of a CU.
    Morale { cu: CuId },
    /// Bombardment (stand-in) and, on an unmodified 10, which leader is hit (SR 12.1.a.2).
    Bombardment,
    BombardmentLeader,
    /// BOE 1: the Withdraw 2d10.
    Withdraw,
    /// SR 9.2.p: the Pursuit Table die.
    Pursuit,
    /// BOE 3.a: the Reinforce roll for an adjacent force.
    Reinforce { force: u8 },
    /// ER 3.4.b: the British cavalry's extra morale check (1d10+4).
    BritishCavalry { cu: CuId },
    /// SR 12.1.b.5: which remaining option a CiC casualty discards (D31: at random).
    RandomDiscard,
}

/// The step of the rulebook being decided now.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
#[serde(tag = "step")]
pub enum Step {
    /// SR 9.2.i: place the battle terrain layouts won (`left` more may be placed).
    ChooseTerrain { left: u8 },
    /// ER 3.1.b.2: Wellington may place one extra layout.
    WellingtonLayout,
    /// SR 9.2.k: place this counter face down in a section.
    Deployment { counter: Counter },
    /// SR 9.2.k.8: place the Field Fortification on a Battle Line Section.
    FieldFortification,
    /// SR 9.2.m: choose Battle Option chits, secretly (`chosen` of at most `limit`).
    Planning { chosen: u8, limit: u8 },
    /// SR 9.2.m.4: a new CiC may discard the hand and choose again.
    NewCommanderHand { remaining: u8 },
    /// SR 9.2.o.1.a / o.2: play an option or try to pass.
    PlayOrPass { round: u16 },
    /// SR 9.2.o.1.b.i: the roll succeeded, another option must be played.
    MustPlay,
    /// SR 9.2.o.1.b: after an option: another, continue, rally, or let the enemy play.
    FollowUp { last: OptionKind, can_continue: bool },
    /// SR 9.2.o.2: the pass roll failed; discard one option unseen.
    Discard,
    /// BOE 2 / Outflank: choose the counters that move, one at a time.
    MoveGroup { option: OptionKind, from: Section, to: Section, moved: u8 },
    /// SR 9.2.h.2: name the Section Commander for this combat.
    SectionCommander { section: Section },
    /// The engagement's checking CU and troop type (G9 stand-in).
    CheckingUnit { section: Section, attacking: bool },
    /// BOE Cavalry Charge: the charging CU (attacker) or the infantry CU that checks (defender).
    ChargeUnit { section: Section, attacking: bool },
    /// Bombardment: the CU that takes the loss and checks morale.
    BombardedUnit { section: Section },
    /// BOE 3.a: place an arriving reinforcement.
    PlaceReinforcement { counter: Counter },
    /// BOE 3.b: the Flank Attack enters this end.
    FlankAttackEnd,
    /// BOE 3.c: reinforcements arrived (`force`); CUs of one HQ deployed apart may join up
    /// without a Reserve option (`moved` so far).
    Regroup { force: u8, moved: u8 },
}

/// A legal action. Serialised with a "type" tag.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
#[serde(tag = "type")]
pub enum Action {
    PlaceTerrain { section: Section, terrain: Terrain },
    EndTerrain,
    Deploy { counter: Counter, section: Section },
    Fortify { section: Section },
    TakeChit { option: OptionKind },
    EndPlanning,
    KeepHand,
    NewHand,
    /// BOE 2: move a group from `from` to `to`.
    Reserve { from: Section, to: Section },
    /// Outflank (stand-in): activate the Flanking section `end`, moving troops from `from`.
    Outflank { end: Section, from: Section },
    Assault { from: Section, target: Section },
    Pin { from: Section, target: Section },
    Bombard { from: Section, target: Section },
    CavalryCharge { from: Section, target: Section },
    Withdraw,
    Recover,
    Reinforce { force: u8 },
    Pass,
    TryAnother,
    Continue,
    Rally { leader: Counter, cu: CuId },
    EndTurn,
    Discard { option: OptionKind },
    Move { counter: Counter },
    EndMove,
    Command { leader: Counter },
    /// The checking CU and the troop type (index into the scenario's troop types) it uses.
    CheckWith { cu: CuId, troop: u8 },
    FlankEnd { end: Section },
    NoFlankAttack,
    /// BOE 3.c: move an unengaged CU into a section holding a CU of its HQ.
    Regroup { cu: CuId, to: Section },
    EndRegroup,
}

/// Why a die roll (or the Pursuit Table column) is modified, for the page to explain it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
#[serde(rename_all = "snake_case")]
pub enum ModifierCause {
    /// SR 9.2.n.2: the Operational Control Check (+1 passed, -2 failed).
    OperationalControl,
    /// The Section Commander's Tactical Modifier (SR 9.2.h.2).
    CommanderTactical,
    /// SR 12.1.b.4: the Section Commander was lost to bombardment.
    CommanderLost,
    /// The checking troop type's Tactical Value (ER 3.10: British Vet while defending).
    TroopTactical,
    /// BOE Cavalry Charge: the enemy won Cavalry Superiority over this section.
    CavalrySuperiority,
    /// Pin (G9 stand-in): -1 to both sides.
    Pin,
    /// A scenario's combat bonus (BS3).
    ScenarioBonus,
    /// SR 9.3.d.1.ii ratio bonus (G9 stand-in).
    Ratio,
    /// Outflank: +2 on the first engagement (G9 stand-in).
    Outflank,
    /// The defender's battle terrain (G9 stand-in).
    Hills,
    Woods,
    Village,
    /// SR 9.2.k.8.
    FieldFortification,
    /// ER 3.1.d: the Lines of Torres Vedras.
    LisboaLines,
    /// A morale check: the CU leader's Morale Modifier.
    LeaderMorale,
    /// A morale check after an engagement lost by 5 or more (G9 stand-in).
    HeavyDefeat,
    /// SR 9.2.i.7.i: -1 to morale checks inside a Wood.
    InWoods,
    /// SR 9.2.p.1 Pursuit Table column shifts: one left per round after the 2nd.
    Rounds,
    /// The winner's uncommitted cavalry is twice the loser's (+2).
    WinnerCavalry,
    /// The loser's uncommitted cavalry is twice the winner's (-3).
    LoserCavalry,
    /// The loser has no LoC (+4).
    NoLoc,
    /// The best winning cavalry commander's Tactical Modifier.
    CavalryCommander,
    /// The loser retreats over a river (+2).
    RiverRetreat,
    /// BOE 1: the loser's Withdraw (3 left, or 2 right).
    Withdraw,
    /// ER 2.1.c.3: +1 per Guerrilla level to an Imperial Reinforce roll.
    Guerrilla,
    /// BOE 4: +3 to a Recover or rally roll.
    Recover,
    /// Bombardment (G9 stand-in): + half the firing Art SP.
    Artillery,
    /// BOE 1: + the enemy's Battle Endurance left.
    EnemyEndurance,
    /// BOE 1: − the withdrawing side's Battle Endurance left.
    OwnEndurance,
    /// ER 3.4.b: the British cavalry's check is 1d10+4.
    BritishCavalry,
}

impl ModifierCause {
    /// A readable label.
    pub fn label(self) -> &'static str {
        match self {
            ModifierCause::OperationalControl => "Operational Control Check",
            ModifierCause::CommanderTactical => "Section Commander's Tactical Modifier",
            ModifierCause::CommanderLost => "Section Commander lost to bombardment",
            ModifierCause::TroopTactical => "checking troop type's Tactical Value",
            ModifierCause::CavalrySuperiority => "enemy Cavalry Superiority",
            ModifierCause::Pin => "Pin",
            ModifierCause::ScenarioBonus => "scenario combat bonus",
            ModifierCause::Ratio => "strength ratio",
            ModifierCause::Outflank => "Outflank",
            ModifierCause::Hills => "defending on Hills",
            ModifierCause::Woods => "defending in Woods",
            ModifierCause::Village => "defending in a Village",
            ModifierCause::FieldFortification => "Field Fortification",
            ModifierCause::LisboaLines => "Lisboa Lines",
            ModifierCause::LeaderMorale => "leader's Morale Modifier",
            ModifierCause::HeavyDefeat => "engagement lost by 5 or more",
            ModifierCause::InWoods => "inside a Wood",
            ModifierCause::Rounds => "rounds after the 2nd",
            ModifierCause::WinnerCavalry => "winner's uncommitted cavalry twice the loser's",
            ModifierCause::LoserCavalry => "loser's uncommitted cavalry twice the winner's",
            ModifierCause::NoLoc => "loser without LoC",
            ModifierCause::CavalryCommander => "cavalry commander's Tactical Modifier",
            ModifierCause::RiverRetreat => "loser retreats over a river",
            ModifierCause::Withdraw => "loser's Withdraw",
            ModifierCause::Guerrilla => "Guerrilla level",
            ModifierCause::Recover => "Recover",
            ModifierCause::Artillery => "half the artillery SP",
            ModifierCause::EnemyEndurance => "enemy Battle Endurance left",
            ModifierCause::OwnEndurance => "own Battle Endurance left",
            ModifierCause::BritishCavalry => "British cavalry",
        }
    }
}

/// One modifier of a roll: its cause, a readable label and its value. The listed modifiers
/// of an event add up to the total modifier applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct Modifier {
    pub cause: ModifierCause,
    pub label: String,
    pub value: i8,
}

impl Modifier {
    pub fn new(cause: ModifierCause, value: i8) -> Modifier {
        Modifier { cause, label: cause.label().to_string(), value }
    }
    /// The sum of a list of modifiers.
    pub fn sum(list: &[Modifier]) -> i16 {
        list.iter().map(|m| m.value as i16).sum()
    }
}

/// Appends a modifier unless it is 0.
pub(crate) fn push_modifier(list: &mut Vec<Modifier>, cause: ModifierCause, value: i16) {
    if value != 0 {
        list.push(Modifier::new(cause, value.clamp(i8::MIN as i16, i8::MAX as i16) as i8));
    }
}

/// Why a battle ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// SR 9.2.l: a side's Battle Endurance reached 0.
    EnduranceExhausted,
    /// BOE 1: a side played Withdraw.
    Withdraw,
    /// ER 4.5.c: the Imperial Guard lost its combat.
    GuardBroken,
    /// G9 stand-in: both sides passed in a round with no options left.
    OptionsExhausted,
}

/// What happened, for the page to animate and log. Events marked secret must be shown only to
/// their side: use `Event::seen_by`.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
#[serde(tag = "event")]
pub enum Event {
    /// A die was rolled. `secret` rolls (SR 0.d, 9.2.j.2, 9.2.n) belong to `side` alone.
    Rolled { side: Side, purpose: RollPurpose, value: u8, secret: bool },
    /// SR 9.2.h: the side's command and CiC.
    CommandDetermined { side: Side, command: Command, cic: Counter, joint_leaders: Vec<Counter> },
    /// SR 9.2.i: a side may place this many layouts.
    TerrainWon { side: Side, layouts: u8 },
    TerrainPlaced { side: Side, section: Section, terrain: Terrain },
    /// SR 9.2.j.1: this side holds the outflank option (None: no one).
    OutflankHolder { side: Option<Side> },
    /// SR 9.2.j.2 (secret): whether the holder may take the Outflank chit.
    OutflankAllowed { side: Side, allowed: bool },
    /// A counter placed face down. `counter` is None in what the other side sees.
    Deployed { side: Side, counter: Option<Counter>, section: Section },
    Fortified { side: Side, section: Section },
    /// SR 9.2.k.7 and later: a counter's identity is shown.
    Revealed { side: Side, counter: Counter },
    /// SR 9.2.l.
    Endurance { side: Side, bep: i16 },
    /// SR 9.2.m (secret but for the count).
    ChitTaken { side: Side, option: Option<OptionKind> },
    PlanningDone { side: Side, chits: u8 },
    /// SR 9.2.n (secret): +1 passed, -2 failed.
    OperationalControl { side: Side, passed: bool, modifier: i8 },
    RoundBegins { round: u16 },
    TurnBegins { side: Side },
    OptionPlayed { side: Side, option: OptionKind },
    Passed { side: Side, clean: bool },
    /// A chit discarded unplayed (option hidden from the enemy).
    Discarded { side: Side, option: Option<OptionKind> },
    RollSucceeded { side: Side, leader: Counter, what: String },
    RollFailed { side: Side, leader: Counter, what: String },
    /// A counter moved; `hidden` counters are shown to the enemy without their identity.
    Moved { side: Side, counter: Option<Counter>, from: Section, to: Section, hidden: bool },
    SectionCommander { side: Side, section: Section, leader: Counter },
    /// One engagement's totals (G9 stand-in).
    Engagement {
        attacker: Side,
        from: Section,
        target: Section,
        attacker_roll: u8,
        attacker_total: i16,
        /// The attacker's modifiers by cause; `attacker_roll` + their sum = `attacker_total`.
        attacker_modifiers: Vec<Modifier>,
        defender_roll: u8,
        defender_total: i16,
        /// The defender's modifiers by cause; `defender_roll` + their sum = `defender_total`.
        defender_modifiers: Vec<Modifier>,
        winner: Option<Side>,
    },
    /// A morale check: `roll` + the sum of `modifiers` = `total`; each troop type whose Morale
    /// Value is below the total shatters (`Shattered` events follow).
    MoraleChecked { side: Side, cu: CuId, roll: u8, modifiers: Vec<Modifier>, total: i16 },
    /// Another modified roll explained: a Recover or rally (per CU), a Bombardment, the
    /// Withdraw 2d10 (`roll` is their sum), the British cavalry's check: `roll` + the sum of
    /// `modifiers` = `total`. What it decided follows in other events.
    RollTotal { side: Side, purpose: RollPurpose, roll: u8, modifiers: Vec<Modifier>, total: i16 },
    AutomaticVictory { side: Side, section: Section, sp: u16 },
    SpLost { side: Side, cu: CuId, troop: u8, sp: u8 },
    Shattered { side: Side, cu: CuId, troop: u8, sp: u8 },
    Rallied { side: Side, cu: CuId, troop: u8, sp: u8 },
    CuEliminated { side: Side, cu: CuId },
    CavalrySuperiority { side: Side, section: Section },
    /// ER 4.5.c: the Guard broken, every SP of its section shatters (`Shattered` events follow).
    SectionShattered { side: Side, section: Section },
    EnduranceLost { side: Side, points: i16, left: i16 },
    LeaderCasualty { side: Side, leader: Counter },
    NewCommanderInChief { side: Side, cic: Counter },
    /// BOE 3.a: the Reinforce roll (with `modifiers` added to the die) against the force
    /// leader's Initiative.
    Reinforced { side: Side, force: u8, arrived: bool, modifiers: Vec<Modifier> },
    FlankAttack { side: Side, end: Section },
    BattleEnds { winner: Option<Side>, reason: EndReason },
    /// SR 9.2.p: `base_column` (the winner's BEP band) + the sum of `shifts` = `column`,
    /// held within 1-10.
    PursuitResolved { side: Side, base_column: u8, shifts: Vec<Modifier>, column: u8, roll: u8, percent: u16, losses: u16 },
    ExperienceGained { side: Side, sp: u16 },
    LossesCounted { side: Side, casualties: u16, stragglers: u16, definitive: u16 },
    GameOver { winner: Option<Side> },
}

impl crate::games::GameEvent for Event {
    fn closes_undo(&self) -> bool {
        // A die rolled or something hidden shown cannot be taken back.
        matches!(self, Event::Rolled { .. } | Event::Revealed { .. })
    }
}

impl Event {
    /// This event as `viewer` may see it: the other side's secrets are blanked or dropped.
    pub fn seen_by(&self, viewer: Side) -> Option<Event> {
        match self {
            Event::Rolled { side, secret: true, .. } if *side != viewer => None,
            Event::OutflankAllowed { side, .. } | Event::OperationalControl { side, .. } if *side != viewer => None,
            Event::Deployed { side, section, .. } if *side != viewer => {
                Some(Event::Deployed { side: *side, counter: None, section: *section })
            }
            Event::ChitTaken { side, .. } if *side != viewer => Some(Event::ChitTaken { side: *side, option: None }),
            Event::Discarded { side, .. } if *side != viewer => Some(Event::Discarded { side: *side, option: None }),
            Event::Moved { side, from, to, hidden: true, .. } if *side != viewer => {
                Some(Event::Moved { side: *side, counter: None, from: *from, to: *to, hidden: true })
            }
            e => Some(e.clone()),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Action::*;
        match self {
            PlaceTerrain { section, terrain } => write!(f, "place {terrain:?} on the {section}"),
            EndTerrain => write!(f, "place no more terrain"),
            Deploy { counter, section } => write!(f, "deploy {counter} in the {section}"),
            Fortify { section } => write!(f, "fortify the {section}"),
            TakeChit { option } => write!(f, "take a {option} chit"),
            EndPlanning => write!(f, "end planning"),
            KeepHand => write!(f, "keep the options in hand"),
            NewHand => write!(f, "discard the hand and choose again"),
            Reserve { from, to } => write!(f, "Reserve: move from the {from} to the {to}"),
            Outflank { end, from } => write!(f, "Outflank into the {end} from the {from}"),
            Assault { from, target } => write!(f, "Assault from the {from} against the enemy {target}"),
            Pin { from, target } => write!(f, "Pin from the {from} against the enemy {target}"),
            Bombard { from, target } => write!(f, "Bombardment from the {from} on the enemy {target}"),
            CavalryCharge { from, target } => write!(f, "Cavalry Charge from the {from} on the enemy {target}"),
            Withdraw => write!(f, "Withdraw"),
            Recover => write!(f, "Recover"),
            Reinforce { force } => write!(f, "Reinforce with force #{force}"),
            Pass => write!(f, "try to pass"),
            TryAnother => write!(f, "try to play another option"),
            Continue => write!(f, "try to continue the option"),
            Rally { leader, cu } => write!(f, "{leader} rallies CU #{cu}"),
            EndTurn => write!(f, "let the enemy play"),
            Discard { option } => write!(f, "discard a {option} chit"),
            Move { counter } => write!(f, "move {counter}"),
            EndMove => write!(f, "move no more"),
            Command { leader } => write!(f, "the leader of {leader} commands the section"),
            CheckWith { cu, troop } => write!(f, "CU #{cu} checks with troop type #{troop}"),
            FlankEnd { end } => write!(f, "the flank attack enters the {end}"),
            NoFlankAttack => write!(f, "no flank attack"),
            Regroup { cu, to } => write!(f, "regroup CU #{cu} into the {to}"),
            EndRegroup => write!(f, "regroup no more"),
        }
    }
}
