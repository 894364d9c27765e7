//! Napoleon's Battles (rulebook summary `../shared/seeds/003_d82571bdf20ab2ec.txt`): brigades of
//! miniatures on a table measured in inches, generals rated `3"G(6)+1`, command spans, formations
//! and facing, arcs of fire, d10 fire and melee, rout and cavalry pursuit.
//!
//! The table is continuous: positions are exact integers (`core::plane`), a move is the
//! concrete filling of a template ("move this brigade, 5.5 inches of allowance left") that
//! `check_filled` measures, and the prompt also lists a finite set of moves (b.9 of nb-gaps.md)
//! for the computer and the keyboard. The summary prints no chart: every number it does not
//! give is a labelled stand-in in `scenarios/napoleons_battles.json` (nb-gaps.md).
pub mod action;
pub mod command;
pub mod fire;
pub mod losses;
pub mod melee;
pub mod movement;
pub mod odds;
pub mod options;
pub mod scenario;
pub mod search;
pub mod sequence;
pub mod setup;

pub use action::{Action, Event, Formation, MoveAllowed, Order, Side, Step, Template, UnitId};
pub use options::Options;
pub use scenario::{Arm, Scenario, MEDINA_DE_RIOSECO};
pub use setup::Setup;

use crate::core::dice::Dice;
use crate::core::outcome;
use crate::core::plane::{Facing, Point, Rect};
use crate::games::{GameError, Prompt, PromptCache, Rules};
use serde::Serialize;
use std::sync::Arc;
use tsify::Tsify;

pub const RULESET: &str = "napoleons-battles";
pub const DEFAULT_SCENARIO: &str = MEDINA_DE_RIOSECO;

/// A unit's changing state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(type_prefix = "Nb")]
pub struct UnitState {
    pub figures: u8,
    pub formation: Formation,
    /// Centre of the front edge.
    pub front: Point,
    pub facing: Facing,
    pub order: Order,
    pub reaction_marker: bool,
    /// Allowance spent in this movement step (hundredths).
    pub spent: i32,
    /// Moved, turned or changed formation in this movement step (D16, D46).
    pub moved: bool,
    /// Moved at any time this player turn (artillery move and fire, D13).
    pub moved_this_turn: bool,
    /// Moved into contact this turn: an attacker (the −2 of Fire Principle (2), bounces D41).
    pub charged: bool,
    /// Made a reaction move in step 4 (step 5 may only contact such cavalry).
    pub reacted: bool,
    /// Changed formation in this movement step (D13: at most once).
    pub reformed: bool,
    /// Allowance spent by its moves so far, kept for when a target it reaches evades (D52).
    pub spent_before_contact: i32,
    pub fired: bool,
    /// Hits taken in this phase (D47).
    pub losses: u8,
    /// How it may move this turn (Command control).
    pub allowed: MoveAllowed,
    pub in_command: bool,
    /// Won a melee this step by routing, dispersing or eliminating an enemy (cavalry pursuit).
    pub victorious: bool,
}

/// The state of play.
#[derive(Clone, Debug)]
pub struct NapoleonsBattles {
    pub(crate) scen: Arc<Scenario>,
    pub(crate) options: Options,
    pub(crate) dice: Dice,
    /// Game turn, from 1.
    pub(crate) turn: u8,
    /// The phasing player.
    pub(crate) phasing: Side,
    pub(crate) phase: sequence::Phase,
    pub(crate) units: Vec<UnitState>,
    pub(crate) generals: Vec<Point>,
    /// Generals in command this player turn.
    pub(crate) general_in_command: Vec<bool>,
    /// How far each general has ridden in this movement step (hundredths; a.6: 24").
    pub(crate) ridden: Vec<i32>,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) opening: Arc<Vec<Event>>,
    /// D53: for each cavalry unit that has begun moving in the current step, the enemy infantry
    /// that another enemy was already within 1" of when it began (they may not try an emergency
    /// square against it). Kept with the step it belongs to.
    pub(crate) square_barred: (Option<(u8, Side, std::mem::Discriminant<sequence::Phase>)>, Vec<(UnitId, Vec<UnitId>)>),
    pub(crate) prompt_cache: PromptCache<Side, Step, Action, Template>,
}

/// How the battle ended (b.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(type_prefix = "Nb")]
pub struct OutcomeDetail {
    pub why: String,
    /// Units routed, dispersed or eliminated, French then Allied.
    pub broken_units: [u8; 2],
}

pub type Outcome = outcome::Outcome<Side, OutcomeDetail>;

/// The number of bases of a unit of `figures` (a.3: at most 8).
pub fn bases(per_base: u8, figures: u8) -> u8 {
    figures.div_ceil(per_base.max(1)).clamp(1, 8)
}

/// A unit's footprint by formation (a.3).
pub fn footprint(t: &scenario::UnitTypeIn, figures: u8, formation: Formation, front: Point, facing: Facing) -> Rect {
    let n = i32::from(bases(t.base.figures, figures));
    let (w, d) = (t.base.width, t.base.depth);
    let (width, depth) = match formation {
        Formation::Line => (n * w, d),
        Formation::Column | Formation::Square => {
            let across = n.min(2);
            (across * w, (n + across - 1) / across * d)
        }
        Formation::MarchColumn => (w, n * d),
        Formation::Limbered => (w, t.base.depth_limbered.unwrap_or(2 * d)),
        Formation::Unlimbered => (w, d),
    };
    Rect { front, facing, width, depth }
}

impl NapoleonsBattles {
    pub fn scenario(&self) -> &Scenario {
        &self.scen
    }
    pub fn unit(&self, u: UnitId) -> &UnitState {
        &self.units[usize::from(u)]
    }
    pub fn turn(&self) -> u8 {
        self.turn
    }
    pub fn phasing(&self) -> Side {
        self.phasing
    }
    pub(crate) fn side_of(&self, u: UnitId) -> Side {
        self.scen.units[usize::from(u)].side
    }
    pub(crate) fn card(&self, u: UnitId) -> &scenario::UnitTypeIn {
        &self.scen.types[self.scen.units[usize::from(u)].type_index].1
    }
    pub(crate) fn arm(&self, u: UnitId) -> Arm {
        self.card(u).arm
    }
    pub(crate) fn bases_of(&self, u: UnitId) -> u8 {
        bases(self.card(u).base.figures, self.unit(u).figures)
    }
    /// The footprint where the unit stands.
    pub fn rect(&self, u: UnitId) -> Rect {
        let s = self.unit(u);
        self.rect_at(u, s.formation, s.front, s.facing)
    }
    pub(crate) fn rect_at(&self, u: UnitId, formation: Formation, front: Point, facing: Facing) -> Rect {
        footprint(self.card(u), self.unit(u).figures, formation, front, facing)
    }
    /// Units still on the table (not dispersed or eliminated).
    pub(crate) fn on_table(&self) -> impl Iterator<Item = UnitId> + '_ {
        (0..self.units.len() as u8).filter(move |&u| self.unit(u).order != Order::Gone)
    }
    pub(crate) fn side_units(&self, side: Side) -> impl Iterator<Item = UnitId> + '_ {
        self.on_table().filter(move |&u| self.side_of(u) == side)
    }
    pub(crate) fn unit_count(&self) -> u8 {
        self.units.len() as u8
    }
    /// Is the centre of `u`'s footprint inside a terrain piece of `kind`?
    pub(crate) fn in_terrain(&self, u: UnitId, pred: impl Fn(scenario::TerrainKind) -> bool) -> bool {
        let c = self.rect(u).centre();
        self.scen.terrain.iter().any(|p| pred(p.kind) && p.contains(c))
    }
    /// Enemy units in combat contact with `u` (b.2: touching along at least half a base).
    pub(crate) fn contacts(&self, u: UnitId) -> Vec<UnitId> {
        let r = self.rect(u);
        let side = self.side_of(u);
        self.side_units(side.other()).filter(|&e| near(&r, &self.rect(e), 2) && in_contact(&r, &self.rect(e))).collect()
    }
    pub(crate) fn in_contact_with_enemy(&self, u: UnitId) -> bool {
        let r = self.rect(u);
        let side = self.side_of(u);
        self.side_units(side.other()).any(|e| near(&r, &self.rect(e), 2) && in_contact(&r, &self.rect(e)))
    }
    /// Is an enemy combat unit within `hundredths` of `u`'s footprint `r`?
    pub(crate) fn enemy_within(&self, u: UnitId, r: &Rect, hundredths: i64) -> bool {
        let side = self.side_of(u);
        self.side_units(side.other()).any(|e| near(r, &self.rect(e), hundredths) && r.within(&self.rect(e), hundredths))
    }
    /// The first unit other than `u` whose footprint `r` would overlap.
    pub(crate) fn overlapping(&self, u: UnitId, r: &Rect) -> Option<UnitId> {
        self.on_table().filter(|&o| o != u).find(|&o| {
            let other = self.rect(o);
            near(r, &other, 0) && r.overlaps(&other)
        })
    }
    /// The effective disorder number: +1 in town (Disorder).
    pub(crate) fn disorder_number(&self, u: UnitId) -> u8 {
        let town = self.in_terrain(u, |k| k == scenario::TerrainKind::Town);
        self.card(u).disorder + u8::from(town)
    }
    /// The effective rout number: +1 with six or more bases (Rout; D48).
    pub(crate) fn rout_number(&self, u: UnitId) -> u8 {
        self.card(u).rout + u8::from(self.bases_of(u) >= 6)
    }
    pub(crate) fn response(&self, u: UnitId) -> u8 {
        self.scen.units[usize::from(u)].response
    }
    /// Generals touching `u` (b.2: within half an inch of its footprint).
    pub(crate) fn generals_touching(&self, u: UnitId) -> impl Iterator<Item = usize> + '_ {
        let r = self.rect(u);
        let side = self.side_of(u);
        (0..self.generals.len()).filter(move |&g| {
            self.scen.generals[g].side == side && crate::core::plane::point_polygon_within(self.generals[g], &r.corners(), TOUCH)
        })
    }
    /// Does general `g` touch any combat unit (his span is then 0: Command control (2))?
    pub(crate) fn general_attached(&self, g: usize) -> bool {
        let side = self.scen.generals[g].side;
        self.side_units(side).any(|u| crate::core::plane::point_polygon_within(self.generals[g], &self.rect(u).corners(), TOUCH))
    }
    /// Units routed, dispersed or eliminated (b.7).
    pub(crate) fn broken_units(&self, side: Side) -> u8 {
        self.units.iter().enumerate().filter(|(i, s)| self.scen.units[*i].side == side && matches!(s.order, Order::Routed | Order::Gone)).count() as u8
    }
    /// Check the state's invariants (for tests): no two footprints overlap, all on the table.
    /// Moves never end overlapping (OVERLAP_EPS), but a footprint rebuilt after losses (a.3:
    /// fewer bases, the same front point) has its corners rounded again, which may tilt an edge
    /// touching a neighbour by a hundredth or two: that drift is allowed here, no more.
    pub fn check_invariants(&self) -> Result<(), String> {
        const REBUILT_DRIFT: i64 = 2;
        let live: Vec<UnitId> = self.on_table().collect();
        for (i, &a) in live.iter().enumerate() {
            let ra = self.rect(a);
            if !ra.on_table(self.scen.width, self.scen.height) {
                return Err(format!("unit {a} is off the table"));
            }
            for &b in &live[i + 1..] {
                if crate::core::plane::convex_overlap_by(&ra.corners(), &self.rect(b).corners(), crate::core::plane::OVERLAP_EPS + REBUILT_DRIFT) {
                    return Err(format!("units {a} and {b} overlap"));
                }
            }
        }
        Ok(())
    }
}

impl NapoleonsBattles {
    /// Perform a listed action on the state itself, with no copy: `perform` refuses (should a
    /// listed action ever be refused) before it changes anything.
    fn perform_in_place(&mut self, action: &Action) -> Result<Vec<Event>, GameError> {
        let mut ev = Vec::new();
        self.perform(action, &mut ev)?;
        self.run(&mut ev);
        Ok(ev)
    }
}

/// b.2: a general touches within half an inch; contact needs half a base of shared edge.
pub const TOUCH: i64 = 50;
pub const CONTACT_LENGTH: i64 = 50;

/// May two footprints be within `margin` of each other? A quick filter before an exact test:
/// false only when they are surely farther apart. First the circles about their front centres
/// that hold them (no corner computed), then their bounding boxes.
pub(crate) fn near(a: &Rect, b: &Rect, margin: i64) -> bool {
    use crate::core::plane::{mul, Bounds};
    let reach = a.reach() + b.reach() + margin.max(0);
    if a.front.dist2(b.front) > mul(reach, reach) {
        return false;
    }
    !Bounds::of(&a.corners()).apart(&Bounds::of(&b.corners()), margin.min(i64::from(i32::MAX)) as i32)
}

/// Combat contact between two footprints (b.2).
pub fn in_contact(a: &Rect, b: &Rect) -> bool {
    a.within(b, 1) && a.contact_length(b) >= CONTACT_LENGTH
}

/// Everything on the table: Napoleon's Battles has no hidden information (b.10).
#[derive(Clone, Debug, Serialize, Tsify)]
#[tsify(type_prefix = "Nb")]
pub struct View {
    pub turn: u8,
    pub turns: u8,
    pub phasing: Side,
    pub step: Option<Step>,
    pub units: Vec<UnitView>,
    pub generals: Vec<GeneralView>,
    pub outcome: Option<Outcome>,
}

#[derive(Clone, Debug, Serialize, Tsify)]
#[tsify(type_prefix = "Nb")]
pub struct UnitView {
    pub id: String,
    pub side: Side,
    pub state: UnitState,
    pub bases: u8,
    pub footprint: [Point; 4],
    /// Its fire templates where it stands (a.9), empty when it may not fire.
    pub arcs: Vec<Vec<Point>>,
}

#[derive(Clone, Debug, Serialize, Tsify)]
#[tsify(type_prefix = "Nb")]
pub struct GeneralView {
    pub id: String,
    pub side: Side,
    pub at: Point,
    pub in_command: bool,
    /// Hundredths ridden in this movement step.
    pub ridden: i32,
    pub span: i32,
}

impl Rules for NapoleonsBattles {
    const RULESET: &'static str = RULESET;
    type Side = Side;
    type Step = Step;
    type Action = Action;
    type Template = Template;
    type Event = Event;
    type View = View;
    type Odds = odds::Odds;
    type Outcome = Outcome;
    type Options = Options;
    type Setup = Setup;
    const RULES_VERSION: u16 = 2;
    const RULES_CHANGES: &'static [(u16, &'static str)] = &[(
        2,
        "a.6: a withdrawal, bounce or rout moves the whole unit its 6\" or 9\" (it fell short by its own depth), footprints touch within exactly 0.02\" at any angle, D53's \"enemy already within 1\"\" is judged when the cavalry begins to move, and a foot battery pays for limbering out of its LIM allowance (D13: it could not limber before)",
    )];

    fn new_scenario_game(scenario: &str, options: &Options, seed: u64) -> Result<Self, GameError> {
        let scen = scenario::by_id(scenario)?;
        Ok(NapoleonsBattles::start(scen, options.clone(), Dice::seeded(seed)))
    }
    fn from_scenario_file(file_name: &str, text: &str, options: &Options, seed: u64) -> Result<Self, GameError> {
        let scens = scenario::parse_file(file_name, text)?;
        let scen = scens.first().cloned().ok_or_else(|| GameError::Setup(format!("{file_name}: no scenario")))?;
        Ok(NapoleonsBattles::start(scen, options.clone(), Dice::seeded(seed)))
    }
    fn scenario_id(&self) -> &str {
        &self.scen.id
    }
    fn from_setup(setup: &Setup) -> Result<Self, GameError> {
        setup::build(setup)
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
        self.describe_action(action)
    }
    fn prompt_ref(&self) -> Option<&Prompt<Side, Step, Action, Template>> {
        self.prompt_cache.get_or(|| self.current_prompt()).as_ref()
    }
    fn apply(&mut self, action: &Action) -> Result<Vec<Event>, GameError> {
        if self.outcome.is_some() {
            return Err(GameError::GameOver);
        }
        let listed = self.prompt_cache.get_or(|| self.current_prompt()).as_ref().is_some_and(|p| p.actions.contains(action));
        if listed {
            return self.perform_in_place(action);
        }
        self.check_filled(action)?;
        // A filling of a template, from a player: performed on a copy, kept only if it succeeds.
        let mut next = self.clone();
        let mut ev = Vec::new();
        next.perform(action, &mut ev)?;
        next.run(&mut ev);
        *self = next;
        Ok(ev)
    }
    fn apply_listed(&mut self, index: usize) -> Result<Vec<Event>, GameError> {
        if self.outcome.is_some() {
            return Err(GameError::GameOver);
        }
        // A listed action needs neither the lookup in the list nor `check_filled`.
        let action = *crate::games::listed(self.prompt_cache.get_or(|| self.current_prompt()).as_ref(), index)?;
        self.perform_in_place(&action)
    }
    fn check_filled(&self, action: &Action) -> Result<(), GameError> {
        self.check_template_filling(action)
    }
    fn filled_note(&self, action: &Action) -> Option<String> {
        self.template_filling_note(action)
    }
    fn view(&self, _side: Side) -> View {
        View {
            turn: self.turn,
            turns: self.scen.turns,
            phasing: self.phasing,
            step: self.prompt().map(|p| p.step),
            units: (0..self.unit_count())
                .map(|u| UnitView {
                    id: self.scen.units[usize::from(u)].id.clone(),
                    side: self.side_of(u),
                    state: self.unit(u).clone(),
                    bases: self.bases_of(u),
                    footprint: self.rect(u).corners(),
                    arcs: self.fire_arcs(u),
                })
                .collect(),
            generals: (0..self.generals.len())
                .map(|g| GeneralView {
                    id: self.scen.generals[g].id.clone(),
                    side: self.scen.generals[g].side,
                    at: self.generals[g],
                    in_command: self.general_in_command.get(g).copied().unwrap_or(false),
                    ridden: self.ridden.get(g).copied().unwrap_or(0),
                    span: self.span(g),
                })
                .collect(),
            outcome: self.outcome.clone(),
        }
    }
    fn odds(&self, action: &Action) -> Option<odds::Odds> {
        self.odds_of(action)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
}
