//! Bloody Monday positions for the tests: blocks placed by name with the public `Setup`, and the
//! usual ways through an impulse, all through the public `Match` API.
use napoleonic::games::bloody_monday::setup::{Placement, SetupStep};
use napoleonic::games::bloody_monday::{Action, BlockId, BloodyMonday, Event, Loc, Options, Scenario, Setup, Side, Step};
use napoleonic::games::{Match, Rules};

pub fn id(name: &str) -> BlockId {
    Scenario::shared().unwrap().block_by_name(name).unwrap_or_else(|| panic!("no block {name}"))
}

pub fn at(block: &str, area: u8) -> Placement {
    Placement { block: block.into(), area: Some(area), ..Placement::default() }
}

pub fn weak(block: &str, area: u8, strength: u8) -> Placement {
    Placement { strength: Some(strength), ..at(block, area) }
}

/// A block in its side's reserve.
pub fn reserve(block: &str) -> Placement {
    Placement { block: block.into(), area: None, ..Placement::default() }
}

/// A block laid down (the side without control of a contested area keeps its units revealed).
pub fn shown(block: &str, area: u8) -> Placement {
    Placement { revealed: true, ..at(block, area) }
}

/// A position with both CinCs at their start areas (Napoleon 21, Kutuzov 69) unless placed,
/// the French holding the disk, in the Impulse Phase.
pub fn position(active: Side, blocks: Vec<Placement>) -> Setup {
    let mut blocks = blocks;
    for (c, a) in [("F01", 21), ("R01", 69)] {
        if !blocks.iter().any(|p| p.block == c) {
            blocks.push(at(c, a));
        }
    }
    Setup { active, initiative: Side::French, blocks, step: SetupStep::Impulse, ..Setup::default() }
}

/// The position with these optional rules.
pub fn with(mut s: Setup, options: Options) -> Setup {
    s.options = options;
    s
}

/// The position with these dice first (then the seeded stream).
pub fn with_dice(mut s: Setup, dice: Vec<u8>) -> Setup {
    s.dice = dice;
    s
}

pub fn start(s: Setup) -> Match<BloodyMonday> {
    Match::<BloodyMonday>::from_setup(&s).unwrap_or_else(|e| panic!("setup: {e}"))
}

pub fn act(m: &mut Match<BloodyMonday>, a: Action) -> Vec<Event> {
    m.apply(&a).unwrap_or_else(|e| panic!("{a:?}: {e}; prompt {:?}", m.prompt()))
}

pub fn offered(m: &Match<BloodyMonday>, a: &Action) -> bool {
    m.prompt().is_some_and(|p| p.actions.contains(a))
}

pub fn step(m: &Match<BloodyMonday>) -> Step {
    m.prompt().expect("a prompt").step
}

pub fn strength(m: &Match<BloodyMonday>, b: &str) -> u8 {
    m.state().strength(id(b))
}

/// The block's area number, None off the map.
pub fn area_of(m: &Match<BloodyMonday>, b: &str) -> Option<u8> {
    m.state().block_state(id(b)).area().map(|a| a + 1)
}

pub fn destroyed(m: &Match<BloodyMonday>, b: &str) -> bool {
    m.state().block_state(id(b)).loc == Loc::Destroyed
}

/// The blocks under orders in the active player's impulse (5.1).
pub fn ordered(m: &Match<BloodyMonday>) -> Vec<BlockId> {
    let side = m.state().active();
    m.state().view(side).impulse_state.map(|i| i.ordered).unwrap_or_default()
}

pub fn is_ordered(m: &Match<BloodyMonday>, b: &str) -> bool {
    ordered(m).contains(&id(b))
}

/// Choose the tactical action, activate these leaders where they stand, end activation.
pub fn tactical(m: &mut Match<BloodyMonday>, leaders: &[&str]) {
    act(m, Action::Tactical);
    for l in leaders {
        act(m, Action::Activate { block: id(l) });
    }
    if matches!(step(m), Step::ActivateLeaders { .. }) {
        act(m, Action::EndActivation);
    }
}

/// End activation, movement and inspiration, whichever are open, up to the battles.
pub fn to_battles(m: &mut Match<BloodyMonday>) -> Vec<Event> {
    let mut ev = Vec::new();
    loop {
        let a = match step(m) {
            Step::ActivateLeaders { .. } => Action::EndActivation,
            Step::Movement { .. } => Action::EndMovement,
            Step::Inspiration => Action::EndInspiration,
            _ => return ev,
        };
        ev.extend(act(m, a));
    }
}

/// Move block `b` along `path` (area numbers), then stop it if it may go on.
pub fn walk(m: &mut Match<BloodyMonday>, b: &str, path: &[u8]) -> Vec<Event> {
    let mut ev = act(m, Action::Move { block: id(b) });
    for &to in path {
        ev.extend(act(m, Action::StepTo { block: id(b), to }));
    }
    if m.prompt().is_some_and(|p| matches!(p.step, Step::UnitMove { .. })) {
        ev.extend(act(m, Action::Stop { block: id(b) }));
    }
    ev
}

/// Assign every pending hit to the first candidate offered, or to `prefer` when offered.
pub fn assign(m: &mut Match<BloodyMonday>, prefer: &[&str]) {
    while let Some(p) = m.prompt() {
        if !matches!(p.step, Step::AssignHit { .. }) {
            break;
        }
        let pick = p
            .actions
            .iter()
            .find(|a| prefer.iter().any(|n| **a == Action::AssignHit { block: id(n) }))
            .unwrap_or(&p.actions[0])
            .clone();
        act(m, pick);
    }
}

/// (side, dice rolled, hits) of each roll.
pub fn rolls(ev: &[Event]) -> Vec<(Side, usize, u8)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Rolled { side, dice, hits, .. } => Some((*side, dice.len(), *hits)),
            _ => None,
        })
        .collect()
}

/// What `viewer` sees of block `b`: its strength when known to him (his own block, or an
/// enemy block laid down), None when it stands concealed or is off the map.
pub fn seen(m: &Match<BloodyMonday>, viewer: Side, b: &str) -> Option<u8> {
    let b = id(b);
    m.state().view(viewer).areas.iter().flat_map(|a| a.blocks.iter()).find_map(|v| match v {
        napoleonic::games::bloody_monday::BlockView::Known { block, strength, .. } if *block == b => Some(*strength),
        _ => None,
    })
}

/// Finish the active player's impulse by taking the last action offered at each step (End…,
/// Decline, a Pass), as long as he decides; the events. Not for a step with a new battle.
pub fn finish_impulse(m: &mut Match<BloodyMonday>) -> Vec<Event> {
    let side = m.state().active();
    let mut ev = Vec::new();
    while let Some(p) = m.prompt() {
        if p.side != side || m.state().active() != side {
            break;
        }
        let last = p.actions.last().expect("an action").clone();
        ev.extend(act(m, last));
    }
    ev
}

/// The active player passes (7.0) and ends his impulse without moving or resolving anything.
pub fn pass(m: &mut Match<BloodyMonday>) -> Vec<Event> {
    let mut ev = act(m, Action::Pass);
    ev.extend(finish_impulse(m));
    ev
}
