//! Bloody Monday, Borodino 1812 (rulebook `004_055a24714bfff972.txt`): blocks in 111 areas
//! with fog of war, impulses, the initiative disk, logistics and artillery support.
//!
//! The files follow the rulebook: `scenario` (the board and the blocks), `setup` ([Setup],
//! the random draws by designation and the reserve; public positions for tests), `sequence`
//! (Sequence of Play as a state machine), `logistics` (3.0), `impulse` (4.0-7.0: isolation,
//! tactical action, initiative actions, pass), `movement` (1.2, 5.2), `battle` (5.3, 6.4, 9.1,
//! 9.2, 9.9, 9.10), `morale` (the morale track and victory, 8.0, 10.0), `fog` (what each side
//! may see), `odds` (exact odds from the deciding side's view) and `options` (9.0).
pub mod action;
mod battle;
mod checks;
pub mod fog;
mod impulse;
mod logistics;
pub mod morale;
mod movement;
pub mod odds;
pub mod options;
pub mod scenario;
mod search;
mod sequence;
pub mod setup;

pub use action::{Action, AreaId, BlockId, Event, Ignored, ImpulseKind, RollPurpose, Shown, Side, Step};
pub use fog::{AreaView, BlockView, View};
pub use odds::{Arrival, BattleOdds, Odds, SalvoTarget};
pub use morale::{Detail, Outcome, Victory};
pub use options::Options;
pub use scenario::{Kind, Scenario, BORODINO, LAST_BLOOD};
pub use setup::Setup;

use crate::core::dice::Dice;
use crate::games::{GameError, Prompt, Rules};
use scenario::side_index;
use sequence::{Battle, HitJob, Impulse, LogState, Phase};
use std::sync::Arc;

pub const RULESET: &str = "bloody-monday";

/// Where a block is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, tsify::Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
#[serde(tag = "at", content = "area")]
pub enum Loc {
    /// In an area (index = number - 1).
    Area(u8),
    /// In the reinforcement pool (3.3).
    Reserve,
    /// Destroyed: on the morale track or in the box (2.3b).
    Destroyed,
    /// Not part of this position (a test setup that leaves it out).
    OutOfPlay,
}

/// A block's mutable state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockState {
    pub loc: Loc,
    /// Index into the block's levels (0 = full strength).
    pub level: u8,
    /// Laid down so the opponent sees it.
    pub revealed: bool,
    /// White cube (4.1).
    pub isolated: bool,
    /// Light-blue cube: crossed the Kolocha into a new battle (1.2.3).
    pub blue: bool,
    /// Yellow cube: inspired (5.2.2).
    pub yellow: bool,
    /// Red cube: artillery that fired (5.3.1).
    pub red: bool,
    /// Moved in this action (each unit moves once, D38).
    pub moved: bool,
    /// Activated (leader, artillery) this impulse, or the CinC this Logistics Phase.
    pub activated: bool,
    /// 9.7: activated while exhausted (no reduction at 5.4).
    pub exhausted_activation: bool,
    /// 9.6: the shield has ignored its hit in this battle.
    pub shield_used: bool,
}

impl BlockState {
    pub(crate) const fn new(loc: Loc) -> BlockState {
        BlockState {
            loc,
            level: 0,
            revealed: false,
            isolated: false,
            blue: false,
            yellow: false,
            red: false,
            moved: false,
            activated: false,
            exhausted_activation: false,
            shield_used: false,
        }
    }
    pub fn area(&self) -> Option<u8> {
        match self.loc {
            Loc::Area(a) => Some(a),
            _ => None,
        }
    }
}

/// A game of Bloody Monday. Static data is shared; the rest is small and cheap to clone.
#[derive(Clone, Debug)]
pub struct BloodyMonday {
    pub(crate) scen: Arc<Scenario>,
    pub(crate) scenario_id: String,
    pub(crate) last_blood: bool,
    pub(crate) options: Options,
    pub(crate) dice: Dice,
    pub(crate) blocks: Vec<BlockState>,
    /// Who controls each area (index = number - 1).
    pub(crate) control: Vec<Side>,
    /// Blocks in each area per side [French, Russian], and those counting for stacking.
    pub(crate) occ: Vec<[u8; 2]>,
    /// Counting units destroyed [French, Russian] (the morale tracks).
    pub(crate) lost: [u8; 2],
    pub(crate) stk: Vec<[u8; 2]>,
    /// Victory areas marked isolated (white cubes), per side.
    pub(crate) iso_areas: [u128; 2],
    pub(crate) turn: u8,
    pub(crate) impulse_no: u16,
    pub(crate) active: Side,
    /// Holder of the initiative disk.
    pub(crate) initiative: Side,
    /// Consecutive passes.
    pub(crate) passes: u8,
    pub(crate) phase: Phase,
    pub(crate) imp: Impulse,
    pub(crate) battle: Option<Battle>,
    pub(crate) hits: Vec<HitJob>,
    pub(crate) log: LogState,
    /// 9.2 declared salvoes (artillery, target area).
    pub(crate) salvo: Vec<(BlockId, u8)>,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) opening: Arc<Vec<Event>>,
    /// What each side knows of the other's concealed blocks (`search`).
    pub(crate) knowledge: Arc<search::Knowledge>,
    pub(crate) prompt_cache: crate::games::PromptCache<Side, Step, Action>,
}

impl BloodyMonday {
    /// A new game of a scenario file from outside the built-in list (a publisher's or a
    /// modder's variant of `scenarios/bloody_monday.json`), played as the full battle. The file
    /// goes through every check the built-in data passes; errors name `file_name`, the area or
    /// block and the field. The game's scenario id is the file's `id`.
    pub fn from_scenario_file(file_name: &str, text: &str, options: &Options, seed: u64) -> Result<Self, GameError> {
        let scen = Scenario::parse_file(file_name, text).map_err(GameError::Setup)?;
        let id = scen.id.clone();
        Ok(BloodyMonday::start(Arc::new(scen), &id, false, options.clone(), Dice::seeded(seed)))
    }

    pub fn scenario(&self) -> &Scenario {
        &self.scen
    }
    /// The scenario file, for drawing.
    pub fn scenario_data(&self) -> &serde_json::Value {
        &self.scen.file
    }
    pub fn turn(&self) -> u8 {
        self.turn
    }
    pub fn active(&self) -> Side {
        self.active
    }
    pub fn initiative(&self) -> Side {
        self.initiative
    }
    pub fn block_state(&self, b: BlockId) -> &BlockState {
        &self.blocks[b as usize]
    }
    /// Who controls area number `area`.
    pub fn controller(&self, area: AreaId) -> Option<Side> {
        self.control.get((area as usize).wrapping_sub(1)).copied()
    }
    /// Current strength of a block (its level's value).
    pub fn strength(&self, b: BlockId) -> u8 {
        self.scen.block(b).strength_at(self.blocks[b as usize].level)
    }
    pub(crate) fn side_of(&self, b: BlockId) -> Side {
        self.scen.blocks[b as usize].side
    }
    pub(crate) fn kind(&self, b: BlockId) -> Kind {
        self.scen.blocks[b as usize].kind
    }
    pub(crate) fn area_of(&self, b: BlockId) -> Option<u8> {
        self.blocks[b as usize].area()
    }
    pub(crate) fn all_blocks(&self) -> impl Iterator<Item = BlockId> {
        0..self.blocks.len() as BlockId
    }
    /// `side`'s block ids (the scenario lists each side's blocks together).
    pub(crate) fn side_blocks(&self, side: Side) -> impl Iterator<Item = BlockId> {
        let r = &self.scen.side_range[side.index()];
        r.start..r.end
    }
    /// `side`'s blocks in area index `a`.
    pub(crate) fn units_in(&self, a: u8, side: Side) -> impl Iterator<Item = BlockId> + '_ {
        self.blocks
            .iter()
            .enumerate()
            .filter(move |(i, s)| s.loc == Loc::Area(a) && self.scen.blocks[*i].side == side)
            .map(|(i, _)| i as BlockId)
    }
    pub(crate) fn has_units(&self, a: u8, side: Side) -> bool {
        self.occ[a as usize][side.index()] > 0
    }
    /// Move a block, keeping the occupancy counts.
    pub(crate) fn set_loc(&mut self, b: BlockId, loc: Loc) {
        let side = self.side_of(b).index();
        let counts = self.kind(b) != Kind::CommanderInChief;
        if let Loc::Area(a) = self.blocks[b as usize].loc {
            self.occ[a as usize][side] -= 1;
            self.stk[a as usize][side] -= counts as u8;
        }
        if loc == Loc::Destroyed && self.blocks[b as usize].loc != Loc::Destroyed && self.scen.blocks[b as usize].counts_for_morale {
            self.lost[side] += 1;
        }
        if let Loc::Area(a) = loc {
            self.occ[a as usize][side] += 1;
            self.stk[a as usize][side] += counts as u8;
        }
        self.blocks[b as usize].loc = loc;
    }
    /// Recount occupancy after blocks were placed directly (setup).
    pub(crate) fn recount(&mut self) {
        let n = self.scen.areas.len();
        self.occ = vec![[0; 2]; n];
        self.stk = vec![[0; 2]; n];
        self.lost = [0; 2];
        for (i, s) in self.blocks.iter().enumerate() {
            if s.loc == Loc::Destroyed && self.scen.blocks[i].counts_for_morale {
                self.lost[self.scen.blocks[i].side.index()] += 1;
            }
            if let Loc::Area(a) = s.loc {
                let blk = &self.scen.blocks[i];
                self.occ[a as usize][blk.side.index()] += 1;
                self.stk[a as usize][blk.side.index()] += (blk.kind != Kind::CommanderInChief) as u8;
            }
        }
    }
    pub(crate) fn contested(&self, a: u8) -> bool {
        self.has_units(a, Side::French) && self.has_units(a, Side::Russian)
    }
    /// 1.2 / 3.3: units counting towards stacking (the CinC does not, D14).
    pub(crate) fn stack_count(&self, a: u8, side: Side) -> usize {
        self.stk[a as usize][side.index()] as usize
    }
    pub(crate) fn room(&self, a: u8, side: Side) -> usize {
        self.scen.area(a).terrain.stacking().saturating_sub(self.stack_count(a, side))
    }
    /// The CinC's current strength (0 if exhausted or not on the map).
    pub(crate) fn cinc_strength(&self, side: Side) -> u8 {
        let c = self.scen.cinc[side_index(side)];
        if self.area_of(c).is_some() {
            self.strength(c)
        } else {
            0
        }
    }
    pub(crate) fn cinc_area(&self, side: Side) -> Option<u8> {
        self.area_of(self.scen.cinc[side_index(side)])
    }
    /// [Control] one side alone in an area controls it.
    pub(crate) fn update_control(&mut self, a: u8, ev: &mut Vec<Event>) {
        let f = self.has_units(a, Side::French);
        let r = self.has_units(a, Side::Russian);
        let alone = match (f, r) {
            (true, false) => Some(Side::French),
            (false, true) => Some(Side::Russian),
            _ => None,
        };
        if let Some(s) = alone {
            if self.control[a as usize] != s {
                self.control[a as usize] = s;
                ev.push(Event::ControlChanged { area: a + 1, side: s });
            }
        }
    }
    /// 2.3b A block is destroyed: to the morale track (if it counts) or the box.
    pub(crate) fn destroy(&mut self, b: BlockId, ev: &mut Vec<Event>) {
        let Some(a) = self.area_of(b) else { return };
        self.set_loc(b, Loc::Destroyed);
        let s = &mut self.blocks[b as usize];
        s.revealed = true;
        s.blue = false;
        s.yellow = false;
        s.red = false;
        s.activated = false;
        s.isolated = false;
        ev.push(Event::Destroyed { block: b, area: a + 1, counts: self.scen.block(b).counts_for_morale });
        self.update_control(a, ev);
    }
    /// Units of `side` destroyed that count on the morale track.
    pub fn morale_losses(&self, side: Side) -> u8 {
        self.lost[side.index()]
    }
    /// Movement allowance (2.1; 9.3 Mobility).
    pub(crate) fn mp(&self, b: BlockId) -> u8 {
        let blk = self.scen.block(b);
        if self.options.mobility {
            blk.mp_mobility
        } else {
            blk.mp
        }
    }
    /// A sentence for an action, with block names.
    pub fn describe(&self, a: &Action) -> String {
        let name = |b: &BlockId| {
            self.scen.blocks.get(*b as usize).map(|x| x.name.clone()).unwrap_or(format!("#{b}"))
        };
        use Action::*;
        match a {
            Salvo { artillery, target } => format!("{} fires its salvo at area {target}", name(artillery)),
            Move { block } => format!("Move {}", name(block)),
            StepTo { block, to } => format!("{} enters area {to}", name(block)),
            Stop { block } => format!("{} stops", name(block)),
            Activate { block } => format!("Activate {}", name(block)),
            Restore { block } => format!("Restore a step of {}", name(block)),
            Inspire { leader, block } => format!("{} inspires {}", name(leader), name(block)),
            FireArtillery { artillery } => format!("{} fires", name(artillery)),
            RetreatTo { block, to } => format!("{} retreats to area {to}", name(block)),
            Skirmish { jager, to } => format!("{} skirmishes back to area {to}", name(jager)),
            Ambush { jager } => format!("{} ambushes", name(jager)),
            HoldPosition { jager } => format!("{} holds its ground", name(jager)),
            AssignHit { block } => format!("{} takes the hit", name(block)),
            other => {
                let s = other.to_string();
                let mut c = s.chars();
                c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
            }
        }
    }

    /// Check the position's invariants: stacking, block counts, strengths within their levels,
    /// control of sole occupants, and a decision with a legal action. For tests; never fails
    /// in play.
    pub fn check_invariants(&self) -> Result<(), String> {
        if self.blocks.len() != self.scen.blocks.len() {
            return Err("block count changed".into());
        }
        for (i, s) in self.blocks.iter().enumerate() {
            let blk = &self.scen.blocks[i];
            if s.level as usize >= blk.levels.len() {
                return Err(format!("{} at level {} of {}", blk.id, s.level, blk.levels.len()));
            }
        }
        let mut copy = self.clone();
        copy.recount();
        if copy.occ != self.occ || copy.stk != self.stk || copy.lost != self.lost {
            return Err("occupancy counts out of step with the blocks".into());
        }
        for a in 0..self.scen.areas.len() as u8 {
            for side in [Side::French, Side::Russian] {
                if self.stack_count(a, side) > self.scen.area(a).terrain.stacking() {
                    return Err(format!("area {}: {side} over the stacking limit", a + 1));
                }
                if self.has_units(a, side) && !self.has_units(a, side.other()) && self.control[a as usize] != side {
                    return Err(format!("area {}: {side} alone but not in control", a + 1));
                }
            }
        }
        self.prompt_cache.check(self.current_prompt(), self.outcome.is_some(), &self.phase)
    }
}

impl Rules for BloodyMonday {
    const RULESET: &'static str = RULESET;
    // Hidden units and blocks (fog of war) and secret choices.
    const HIDDEN_FACTS: bool = true;
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
        let last_blood = match scenario {
            BORODINO => false,
            LAST_BLOOD => true,
            other => {
                return Err(GameError::Setup(format!(
                    "unknown scenario '{other}' (use '{BORODINO}' or '{LAST_BLOOD}')"
                )))
            }
        };
        let scen = Scenario::shared().map_err(GameError::Setup)?;
        // 10.0 Last Blood is played with all the optional rules.
        let options = if last_blood { Options::all() } else { options.clone() };
        Ok(BloodyMonday::start(scen, scenario, last_blood, options, Dice::seeded(seed)))
    }
    fn from_scenario_file(file_name: &str, text: &str, options: &Self::Options, seed: u64) -> Result<Self, GameError> {
        // The inherent constructor: the file's checks and the game it starts.
        BloodyMonday::from_scenario_file(file_name, text, options, seed)
    }
    fn scenario_id(&self) -> &str {
        &self.scenario_id
    }
    fn from_setup(setup: &Setup) -> Result<Self, GameError> {
        BloodyMonday::from_setup(setup)
    }
    fn setup_options(setup: &Setup) -> (Options, u64) {
        (setup.options.clone(), setup.seed)
    }
    fn options(&self) -> &Options {
        &self.options
    }
    fn encode_options(o: &Options) -> Vec<u8> {
        o.encode()
    }
    fn decode_options(bytes: &[u8]) -> Result<Options, GameError> {
        Options::decode(bytes)
    }
    fn opening_events(&self) -> Vec<Event> {
        self.opening.as_ref().clone()
    }
    fn describe(&self, action: &Action) -> String {
        BloodyMonday::describe(self, action)
    }
    /// Actions that name a block which may be concealed stay secret in the other side's
    /// history (the events never name concealed blocks).
    fn action_is_public(&self, action: &Action) -> bool {
        !matches!(
            action,
            Action::Move { .. }
                | Action::Salvo { .. }
                | Action::StepTo { .. }
                | Action::Stop { .. }
                | Action::Restore { .. }
                | Action::AssignHit { .. }
                | Action::RetreatTo { .. }
                | Action::Inspire { .. }
        )
    }
    /// Events name no concealed block to the other side: the cost of a restored step (BM-116:
    /// it gives the colour of the dot restored) and the gun of a 9.2 salvo stay with the owner.
    fn event_for(&self, event: &Event, viewer: Side) -> Option<Event> {
        match event {
            Event::Restored { side, .. } if *side != viewer => Some(Event::Restored { side: *side, cost: None }),
            // 9.2 the guns of the Grand Battery fire without being revealed: which gun (and so
            // its strength) stays French.
            Event::Rolled { side, purpose: RollPurpose::Salvo { area, .. }, dice, hits } if *side != viewer => {
                Some(Event::Rolled { side: *side, purpose: RollPurpose::Salvo { artillery: None, area: *area }, dice: dice.clone(), hits: *hits })
            }
            e => Some(e.clone()),
        }
    }
    fn prompt_ref(&self) -> Option<&Prompt<Side, Step, Action>> {
        self.prompt_cache.get_or(|| self.current_prompt()).as_ref()
    }
    fn apply(&mut self, action: &Action) -> Result<Vec<Event>, GameError> {
        if self.outcome.is_some() {
            return Err(GameError::GameOver);
        }
        let mut events = Vec::new();
        let before = self.snapshot();
        self.perform(action, &mut events)?;
        self.learn(&before, &events);
        Ok(events)
    }
    fn view(&self, side: Side) -> View {
        self.view_for(side)
    }
    fn odds(&self, action: &Action) -> Option<Odds> {
        self.action_odds(action)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
}
