//! Bailén 1808 (rulebook `000_3f644e8b29cbfc61.txt`): hex and counter, one counter a hex.
//!
//! The files follow the rulebook's chapters: `scenario` (board and counters), `sequence`
//! (Sequence of Play as a state machine of named steps), `movement` (Movement of Troops,
//! terrain, ZoC), `combat` (Combat, Resolving a Combat, retreats, pursuit), `victory`
//! (Who Wins the Game?) and `joker` (The NAC History Joker card).
pub mod action;
mod combat;
mod joker;
mod movement;
mod odds;
mod saved;
mod search;
pub mod scenario;
mod sequence;
pub mod setup;
mod tables;
mod victory;

pub use action::{Action, CombatResult, Event, RollPurpose, Side, Step, UnitId};
pub use scenario::{Kind, Scenario, DEFAULT_SCENARIO};
pub use setup::Setup;
pub use combat::{AttackOdds, ShotNumbers};
pub use odds::{BailenOdds, Odds, RollOdds, RollResult};
pub use victory::{BailenOutcome, Outcome, OutcomeDetail, Victory};

use crate::core::dice::Dice;
use crate::core::hex::Hex;
use crate::games::{GameError, Prompt, PromptCache, Rules};
use serde::{Deserialize, Serialize};
use tsify::Tsify;
use std::sync::Arc;

pub const RULESET: &str = "bailen";

/// The NAC History Joker's two modes, and a house "off" setting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
pub enum JokerMode {
    #[default]
    Strategic,
    TemptFate,
    /// Not in the rulebook (A30f): a house option that removes the card.
    Off,
}

/// Game options, agreed at the start (Optional Rules; the Joker mode; historical deployment).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
#[serde(default)]
pub struct Options {
    pub combined_attacks: bool,
    pub cover: bool,
    pub protection_against_cavalry: bool,
    pub roads: bool,
    pub swiss: bool,
    pub stifling_heat: bool,
    pub historical_deployment: bool,
    /// Game Setup: a side may lift and place again any counter it placed in its deployment
    /// step, and the step ends only when the side confirms it. Off in every game saved before
    /// the option existed (their strings have no bit for it), so they replay exactly.
    pub confirm_deployment: bool,
    pub joker: JokerMode,
}

impl Options {
    pub fn all() -> Options {
        Options {
            combined_attacks: true,
            cover: true,
            protection_against_cavalry: true,
            roads: true,
            swiss: true,
            stifling_heat: true,
            historical_deployment: false,
            confirm_deployment: true,
            joker: JokerMode::Strategic,
        }
    }
    fn to_bits(&self) -> u8 {
        [
            self.combined_attacks,
            self.cover,
            self.protection_against_cavalry,
            self.roads,
            self.swiss,
            self.stifling_heat,
            self.historical_deployment,
            self.confirm_deployment,
        ]
        .iter()
        .enumerate()
        .fold(0, |acc, (i, &b)| acc | ((b as u8) << i))
    }
}

/// Where a counter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// Off the map: not yet deployed, or a reinforcement not yet entered.
    Reserve,
    OnMap(Hex),
    Eliminated,
    /// Swiss Troops: deserted and removed.
    Deserted,
}

/// A counter's mutable state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    pub place: Place,
    pub disorganised: bool,
    /// Moved this turn (movement step or entry).
    pub moved: bool,
    /// Activated to fight this round (Combat).
    pub activated: bool,
    /// Attacks still available to an activated counter (a supporter may keep one).
    pub attacks_left: u8,
    /// Fired in this reaction phase.
    pub reacted: bool,
}

impl Unit {
    pub fn hex(&self) -> Option<Hex> {
        match self.place {
            Place::OnMap(h) => Some(h),
            _ => None,
        }
    }
}

/// A game of Bailén 1808. Static data is shared; the rest is small and cheap to clone.
#[derive(Clone, Debug)]
pub struct Bailen {
    pub(crate) scen: Arc<Scenario>,
    pub(crate) options: Options,
    pub(crate) dice: Dice,
    pub(crate) round: u8,
    /// Who plays first this round, and who did last round (initiative ties).
    pub(crate) first: Option<Side>,
    pub(crate) last_first: Option<Side>,
    /// The active player (None before the first turn).
    pub(crate) active: Option<Side>,
    pub(crate) units: Vec<Unit>,
    /// Occupant of each grid hex: unit id + 1, or 0.
    pub(crate) board: Vec<u8>,
    /// Counts kept in step with `board` (zones of control, victory tallies).
    pub(crate) derived: Derived,
    /// The scenario's precomputed tables (shared).
    pub(crate) tables: Arc<tables::Tables>,
    /// Buffers for the movement searches (not part of the position).
    pub(crate) search_buffers: movement::SearchBuffers,
    pub(crate) phase: sequence::Phase,
    pub(crate) turn: sequence::TurnState,
    pub(crate) joker: joker::JokerState,
    /// Reinforcements arrived: [French (Vedel), Spanish (Castaños)].
    pub(crate) arrived: [bool; 2],
    pub(crate) outcome: Option<Outcome>,
    /// Events of the automatic steps run at creation (shared: cloning stays cheap).
    pub(crate) opening: Arc<Vec<Event>>,
    pub(crate) prompt_cache: PromptCache<Side, Step, Action>,
    /// Set while `Rules::play_listed` plays an action for search or random play, which read
    /// no events: a move's path is then not traced. Not part of the position.
    pub(crate) quiet: bool,
    /// The events `play_listed` writes and drops, kept for its next action. Not part of the
    /// position (a clone starts without).
    pub(crate) unread: Vec<Event>,
}

impl Bailen {
    pub fn scenario(&self) -> &Scenario {
        &self.scen
    }
    /// The scenario file, for drawing.
    pub fn scenario_data(&self) -> &scenario::ScenarioFile {
        &self.scen.file
    }
    pub fn round(&self) -> u8 {
        self.round
    }
    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[id as usize]
    }
    pub fn unit_at(&self, h: Hex) -> Option<UnitId> {
        match self.scen.grid.index(h) {
            Some(i) if self.board[i] > 0 => Some(self.board[i] - 1),
            _ => None,
        }
    }
    pub(crate) fn side_of(&self, u: UnitId) -> Side {
        self.scen.counters[u as usize].side
    }
    pub(crate) fn counter(&self, u: UnitId) -> &scenario::Counter {
        &self.scen.counters[u as usize]
    }
    pub(crate) fn is_water_carrier(&self, u: UnitId) -> bool {
        self.scen.water_carrier == Some(u)
    }
    pub(crate) fn place_unit(&mut self, u: UnitId, h: Hex) {
        self.remove_from_board(u);
        if let Some(i) = self.scen.grid.index(h) {
            self.board[i] = u + 1;
            self.derived.count(&self.scen, &self.tables, u, i, 1);
        }
        self.units[u as usize].place = Place::OnMap(h);
    }
    pub(crate) fn remove_from_board(&mut self, u: UnitId) {
        if let Some(h) = self.units[u as usize].hex() {
            if let Some(i) = self.scen.grid.index(h) {
                if self.board[i] == u + 1 {
                    self.board[i] = 0;
                    self.derived.count(&self.scen, &self.tables, u, i, -1);
                }
            }
        }
    }
    /// Army counters of `side` on the map (María Bellido is not an army counter, A3).
    pub fn on_board(&self, side: Side) -> usize {
        usize::from(self.derived.on_board[scenario::side_index(side)])
    }
    /// Army counters of `side` on the map with their hexes, in counter order.
    pub(crate) fn army_on_map(&self, side: Side) -> impl Iterator<Item = (UnitId, Hex)> + '_ {
        self.tables.army[scenario::side_index(side)]
            .iter()
            .filter_map(move |&u| self.units.get(u as usize).and_then(|x| x.hex()).map(|h| (u, h)))
    }
    /// Is a hot round of Stifling Heat (R8-R13) in force?
    pub(crate) fn heat(&self) -> bool {
        self.options.stifling_heat && (8..=13).contains(&self.round)
    }
    /// María Bellido's water: a Spanish counter within her range ignores the heat.
    pub(crate) fn watered(&self, u: UnitId) -> bool {
        if self.side_of(u) != Side::Spanish {
            return false;
        }
        let Some(w) = self.scen.water_carrier else { return false };
        match (self.units[w as usize].hex(), self.units[u as usize].hex()) {
            (Some(m), Some(h)) => m.distance(h) <= self.counter(w).water_range as u16,
            _ => false,
        }
    }
    /// The hexes María Bellido's water reaches (the same test as `watered`).
    pub(crate) fn watered_hexes(&self) -> Vec<Hex> {
        let Some(w) = self.scen.water_carrier else { return Vec::new() };
        let Some(m) = self.units[w as usize].hex() else { return Vec::new() };
        let range = self.counter(w).water_range as u16;
        self.scen.grid.hexes().filter(|h| h.distance(m) <= range).collect()
    }
    /// A sentence for an action, with counter names.
    pub fn describe_action(&self, a: &Action) -> String {
        let name = |u: &UnitId| {
            self.scen.counters.get(*u as usize).map(|c| c.name.clone()).unwrap_or(format!("#{u}"))
        };
        use Action::*;
        match a {
            Deploy { unit, to } => format!("Deploy {} at {}", name(unit), to.label()),
            LiftDeployed { unit } => format!("Lift {} to place it again", name(unit)),
            Enter { unit, to } => format!("{} enters and moves to {}", name(unit), to.label()),
            ActivateLeader { leader } => format!("Activate {}", name(leader)),
            SelectMover { unit } => format!("Move {}", name(unit)),
            MoveTo { unit, to } => format!("{} moves to {}", name(unit), to.label()),
            CancelMove { unit } => format!("Do not move {}", name(unit)),
            Attack { unit, target } => format!("{} attacks {}", name(unit), name(target)),
            SecondAttack { unit, target } => {
                format!("{}'s second attack at {}", name(unit), name(target))
            }
            SingleAttack { unit } => format!("{} makes one attack only", name(unit)),
            Support { supporter } => format!("{} supports the attack (+1)", name(supporter)),
            TacticalRetreat { unit, to, .. } => {
                format!("{} makes a tactical retreat to {}", name(unit), to.label())
            }
            StandFast { unit } => format!("{} stands and is attacked", name(unit)),
            Retreat { unit, via, to } => {
                format!("{} retreats via {} to {}", name(unit), via.label(), to.label())
            }
            Advance { unit, to } => format!("{} advances into {}", name(unit), to.label()),
            Pursue { unit, target, to } => {
                format!("{} pursues {} from {}", name(unit), name(target), to.label())
            }
            Reorganize { leader, unit } => format!("{} reorganizes {}", name(leader), name(unit)),
            other => {
                let s = other.to_string();
                let mut c = s.chars();
                c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
            }
        }
    }
}

/// Counts that follow from the board, kept in step with it by `place_unit` and
/// `remove_from_board` so that the rules read them instead of scanning the counters.
#[derive(Clone, Debug)]
pub(crate) struct Derived {
    /// Per grid index, the army counters of [French, Spanish] on the six hexes around it: the
    /// hex is in that side's zone of control when its count is not 0.
    pub zoc: Vec<[u8; 2]>,
    /// Per grid index, what stands on and around the hex as `cell` bits (who is on it, whose
    /// ZoC it is in, and its terrain that blocks a line of sight), for the hot loops.
    pub cell: Vec<u8>,
    /// Army counters of [French, Spanish] on the board.
    pub on_board: [u8; 2],
    /// French counters not of Vedel's formation on star hexes (Who Wins the Game?).
    pub french_on_stars: u8,
    /// Spanish army counters on star hexes or in Bailén.
    pub spanish_in_town_or_stars: u8,
    /// Changes with every counter placed or removed (searches of the same board are reused).
    pub version: u32,
    /// Per side ([French, Spanish]), changes with every army counter of that side placed or
    /// removed: a line of sight, which only the enemy's army counters block besides the
    /// terrain, is the same while the enemy's version is.
    pub army_version: [u32; 2],
    /// Per side, the grid index of each of its last `RECENT_CHANGES` army counters placed or
    /// removed, the change that made version `v` at `v % RECENT_CHANGES`
    /// (`army_changes_since`).
    pub recent: [[u16; RECENT_CHANGES]; 2],
}

/// Changes of each side's army counters that `Derived::recent` remembers.
pub(crate) const RECENT_CHANGES: usize = 32;

impl PartialEq for Derived {
    /// The same counts (whatever the versions).
    fn eq(&self, o: &Derived) -> bool {
        (&self.zoc, &self.cell, self.on_board, self.french_on_stars, self.spanish_in_town_or_stars)
            == (&o.zoc, &o.cell, o.on_board, o.french_on_stars, o.spanish_in_town_or_stars)
    }
}

impl Derived {
    /// The counts of an empty board (its cells hold only their terrain, `Tables::terrain_cell`).
    pub(crate) fn empty(t: &tables::Tables) -> Derived {
        Derived {
            zoc: vec![[0; 2]; t.terrain_cell.len()],
            cell: t.terrain_cell.clone(),
            on_board: [0; 2],
            french_on_stars: 0,
            spanish_in_town_or_stars: 0,
            version: 0,
            army_version: [0; 2],
            recent: [[0; RECENT_CHANGES]; 2],
        }
    }

    /// Counter `u` arrives on (`by` 1) or leaves (`by` -1) grid index `i`. María Bellido is not
    /// an army counter and counts for nothing.
    fn count(&mut self, scen: &Scenario, t: &tables::Tables, u: UnitId, i: usize, by: i8) {
        let Some(c) = scen.counters.get(u as usize) else { return };
        self.version = self.version.wrapping_add(1);
        let s = scenario::side_index(c.side);
        let mark = |f: &mut u8, bit: u8, on: bool| *f = if on { *f | bit } else { *f & !bit };
        let Some(here) = self.cell.get_mut(i) else { return };
        mark(here, cell::ON[s], by > 0);
        if scen.water_carrier == Some(u) {
            return;
        }
        mark(here, cell::ARMY[s], by > 0);
        self.army_version[s] = self.army_version[s].wrapping_add(1);
        if let Some(r) = self.recent[s].get_mut(self.army_version[s] as usize % RECENT_CHANGES) {
            *r = i as u16;
        }
        let add = |x: &mut u8| *x = x.wrapping_add_signed(by);
        if let Some(around) = t.nbr.get(i) {
            for &j in around {
                let j = usize::from(j);
                if let (Some(z), Some(f)) = (self.zoc.get_mut(j), self.cell.get_mut(j)) {
                    add(&mut z[s]);
                    mark(f, cell::ZOC[s], z[s] > 0);
                }
            }
        }
        add(&mut self.on_board[s]);
        let v = t.victory_hex.get(i).copied().unwrap_or(0);
        match c.side {
            Side::French if v & 1 != 0 && c.formation != t.vedel => add(&mut self.french_on_stars),
            Side::Spanish if v & 2 != 0 => add(&mut self.spanish_in_town_or_stars),
            _ => {}
        }
    }

    /// The grid indices where army counters of side `s` were placed or removed since its
    /// version `since`, if `recent` still holds them all.
    pub(crate) fn army_changes_since(&self, s: usize, since: u32) -> Option<impl Iterator<Item = usize> + '_> {
        let n = self.army_version.get(s)?.wrapping_sub(since);
        let recent = self.recent.get(s)?;
        (n as usize <= RECENT_CHANGES).then(|| {
            (1..=n).filter_map(move |k| recent.get(since.wrapping_add(k) as usize % RECENT_CHANGES).map(|&i| usize::from(i)))
        })
    }

    /// The counts of `g`'s board, from scratch.
    fn of(g: &Bailen) -> Derived {
        let mut d = Derived::empty(&g.tables);
        for (i, &b) in g.board.iter().enumerate() {
            if b > 0 {
                d.count(&g.scen, &g.tables, b - 1, i, 1);
            }
        }
        d
    }
}

/// The bits of `Derived::cell`, by side index ([French, Spanish]).
pub(crate) mod cell {
    /// A counter of that side stands on the hex (María Bellido is Spanish).
    pub const ON: [u8; 2] = [1, 2];
    /// An army counter of that side stands on the hex (María Bellido is not one, A3).
    pub const ARMY: [u8; 2] = [4, 8];
    /// The hex is in that side's zone of control.
    pub const ZOC: [u8; 2] = [16, 32];
    /// Town, olive grove or hill: the terrain blocks a line of sight (Ranged Combat).
    pub const SIGHT_BLOCKING: u8 = 64;
}

/// One counter as every player sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
pub struct UnitView {
    pub id: UnitId,
    pub place: Place,
    pub disorganised: bool,
    pub moved: bool,
    pub activated: bool,
    pub attacks_left: u8,
}

/// The whole position. Bailén has no hidden information: both sides see the same.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
pub struct View {
    pub round: u8,
    /// "05:00" for round 1 ... "19:00" for round 15.
    pub time: String,
    pub hot: bool,
    pub first: Option<Side>,
    pub active: Option<Side>,
    pub units: Vec<UnitView>,
    pub on_board: [usize; 2],
    /// Each side ([French, Spanish]) surrenders once its counters on the board fall to this
    /// number or fewer: the rival then has more than double.
    pub surrenders_at: [Option<usize>; 2],
    pub joker_holder: Option<Side>,
    pub joker_mode: JokerMode,
    pub arrived: [bool; 2],
    /// Chance (in sixths) that each side's reinforcements arrive on its next roll.
    pub arrival_sixths: [u8; 2],
    pub movement_allowance: Option<u8>,
    pub moved: u8,
    pub combat_activations_left: Option<u8>,
    pub pursuits_left: u8,
    pub strategic: victory::StrategicStatus,
    /// Stifling Heat: the hexes within María Bellido's water range while she is on the map
    /// (Spanish counters there ignore the heat); empty otherwise.
    pub watered_hexes: Vec<Hex>,
    pub options: Options,
    #[tsify(type = "BailenOutcome | null")]
    pub outcome: Option<BailenOutcome>,
}

impl Rules for Bailen {
    const RULESET: &'static str = RULESET;
    type Side = Side;
    type Step = Step;
    type Action = Action;
    type Template = crate::games::NoTemplate;
    type Event = Event;
    type View = View;
    type Odds = Odds;
    type Outcome = Outcome;
    type Options = Options;
    type Setup = Setup;

    fn new_scenario_game(scenario: &str, options: &Options, seed: u64) -> Result<Self, GameError> {
        let scen = Scenario::built_in(scenario).map_err(GameError::Setup)?;
        Ok(Bailen::start(scen, options.clone(), Dice::seeded(seed)))
    }
    fn from_scenario_file(file_name: &str, text: &str, options: &Self::Options, seed: u64) -> Result<Self, GameError> {
        // The inherent constructor: the file's checks and the game it starts.
        Bailen::from_scenario_file(file_name, text, options, seed)
    }
    fn scenario_id(&self) -> &str {
        &self.scen.id
    }
    fn from_setup(setup: &Setup) -> Result<Self, GameError> {
        Bailen::from_setup(setup)
    }
    fn setup_options(setup: &Setup) -> (Options, u64) {
        (setup.options.clone(), setup.seed)
    }
    fn options(&self) -> &Options {
        &self.options
    }
    fn encode_actions(actions: &[Action]) -> Vec<u8> {
        saved::encode(actions)
    }
    fn decode_actions(code: &[u8], count: usize) -> Result<Vec<Action>, (usize, String)> {
        saved::decode(code, count)
    }
    fn encode_options(o: &Options) -> Vec<u8> {
        let joker = match o.joker {
            JokerMode::Strategic => 0,
            JokerMode::TemptFate => 1,
            JokerMode::Off => 2,
        };
        vec![o.to_bits(), joker]
    }
    fn decode_options(bytes: &[u8]) -> Result<Options, GameError> {
        let [bits, joker] = bytes else {
            return Err(GameError::Options(format!(
                "Bailén options are 2 bytes, found {}",
                bytes.len()
            )));
        };
        // Bit 7 (confirm_deployment) was refused before the option existed: no older string has it.
        let b = |i: u8| bits & (1 << i) != 0;
        Ok(Options {
            combined_attacks: b(0),
            cover: b(1),
            protection_against_cavalry: b(2),
            roads: b(3),
            swiss: b(4),
            stifling_heat: b(5),
            historical_deployment: b(6),
            confirm_deployment: b(7),
            joker: match joker {
                0 => JokerMode::Strategic,
                1 => JokerMode::TemptFate,
                2 => JokerMode::Off,
                x => return Err(GameError::Options(format!("unknown Joker mode {x}"))),
            },
        })
    }
    fn prompt_ref(&self) -> Option<&Prompt<Side, Step, Action>> {
        self.cached_prompt().as_ref()
    }
    fn apply(&mut self, action: &Action) -> Result<Vec<Event>, GameError> {
        if self.outcome.is_some() {
            return Err(GameError::GameOver);
        }
        // `check` refuses an action not in the prompt, and `perform` refuses one that belongs to
        // no step before it changes anything: the position changes in place, with no copy.
        self.check(action)?;
        // Room for the events of most actions at once.
        let mut events = Vec::with_capacity(8);
        self.perform(action, &mut events)?;
        Ok(events)
    }
    fn apply_listed(&mut self, index: usize) -> Result<Vec<Event>, GameError> {
        if self.outcome.is_some() {
            return Err(GameError::GameOver);
        }
        // A listed action needs no `check`.
        let action = *crate::games::listed(self.cached_prompt().as_ref(), index)?;
        let mut events = Vec::with_capacity(8);
        self.perform(&action, &mut events)?;
        Ok(events)
    }
    fn play_listed(&mut self, index: usize) -> Result<(), GameError> {
        if self.outcome.is_some() {
            return Err(GameError::GameOver);
        }
        let action = *crate::games::listed(self.cached_prompt().as_ref(), index)?;
        let mut unread = std::mem::take(&mut self.unread);
        self.quiet = true;
        let done = self.perform(&action, &mut unread);
        self.quiet = false;
        unread.clear();
        self.unread = unread;
        done
    }
    fn is_legal(&self, action: &Action) -> bool {
        self.legal(action)
    }
    fn view(&self, _side: Side) -> View {
        self.public_view()
    }
    fn odds(&self, action: &Action) -> Option<Odds> {
        self.odds_of(action)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
    fn describe(&self, action: &Action) -> String {
        self.describe_action(action)
    }
    fn opening_events(&self) -> Vec<Event> {
        self.opening.as_ref().clone()
    }
}

impl Bailen {
    fn public_view(&self) -> View {
        let t = &self.turn;
        let in_movement = matches!(self.phase, sequence::Phase::Movement | sequence::Phase::MoveCounter { .. });
        let arrival = |side: Side| -> u8 {
            let (start, need) = if side == Side::Spanish { (9i16, 6i16) } else { (11, 5) };
            let next_round = self.round as i16;
            let bonus = (next_round - start).max(0);
            (7 - (need - bonus).clamp(1, 7)) as u8
        };
        View {
            round: self.round,
            time: format!("{:02}:00", 4 + self.round as u16),
            hot: self.heat(),
            first: self.first,
            active: self.active,
            units: self
                .units
                .iter()
                .enumerate()
                .map(|(i, u)| UnitView {
                    id: i as UnitId,
                    place: u.place,
                    disorganised: u.disorganised,
                    moved: u.moved,
                    activated: u.activated,
                    attacks_left: u.attacks_left,
                })
                .collect(),
            on_board: [self.on_board(Side::French), self.on_board(Side::Spanish)],
            surrenders_at: [Side::French, Side::Spanish].map(|side| {
                let rival = self.on_board(side.other());
                rival.checked_sub(1).map(|r| r / 2)
            }),
            joker_holder: self.joker.holder,
            joker_mode: self.joker.mode,
            arrived: self.arrived,
            arrival_sixths: [arrival(Side::French), arrival(Side::Spanish)],
            movement_allowance: in_movement.then_some(t.allowance),
            moved: t.moved,
            combat_activations_left: t.combat_left,
            pursuits_left: t.pursuits_left,
            strategic: self.strategic_status(),
            watered_hexes: self.watered_hexes(),
            options: self.options.clone(),
            outcome: self.outcome.clone(),
        }
    }
}

impl Bailen {
    /// Check the position's invariants (one counter a hex, board and counters agree, the
    /// decision point has a legal action). For tests and debugging; never fails in play.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut seen = 0;
        for (i, u) in self.units.iter().enumerate() {
            if let Place::OnMap(h) = u.place {
                seen += 1;
                let Some(idx) = self.scen.grid.index(h) else {
                    return Err(format!("counter {i} is off the grid at {h:?}"));
                };
                if self.board[idx] != i as u8 + 1 {
                    return Err(format!("counter {i} at {} but the board holds {}", h.label(), self.board[idx]));
                }
            }
            if u.disorganised && self.is_water_carrier(i as UnitId) {
                return Err("María Bellido is disorganised".into());
            }
        }
        let occupied = self.board.iter().filter(|&&b| b != 0).count();
        if occupied != seen {
            return Err(format!("{occupied} occupied hexes for {seen} counters on the map"));
        }
        if self.derived != Derived::of(self) {
            return Err("the zones of control or victory counts differ from the board's".into());
        }
        self.prompt_cache.check(self.current_prompt(), self.outcome.is_some(), &self.phase)
    }
}
