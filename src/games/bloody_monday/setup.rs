//! [Setup] the random setup by designation and the reserves; and public positions: any
//! position from a plain description (blocks in areas, strengths, control, turn, step,
//! options, scripted dice), validated into a game. Rulebook examples are tests through it.
use super::action::Side;
use super::scenario::{side_index, Group, Kind, Scenario, BORODINO, LAST_BLOOD};
use super::sequence::{bit, LogStage, Phase};
use super::{BloodyMonday, Loc, Options};
use crate::core::dice::Dice;
use crate::games::GameError;
use serde::{Deserialize, Serialize};

impl BloodyMonday {
    /// [Setup]: leaders in their areas; the reserve drawn first (BM-27); then one random
    /// block of the designation's colour and group for each designation (FAQ-1; 9.1 jagers
    /// with the infantry).
    pub(crate) fn random_setup(&mut self, ev: &mut Vec<super::Event>) {
        let scen = self.scen.clone();
        for (i, b) in scen.blocks.iter().enumerate() {
            if let Some(a) = b.start_area {
                self.blocks[i].loc = Loc::Area(a);
            }
        }
        for s in 0..2 {
            for &b in &scen.reserve_fixed[s] {
                self.blocks[b as usize].loc = Loc::Reserve;
            }
            for d in &scen.reserve_draws[s] {
                let mut from = d.from.clone();
                for _ in 0..d.count {
                    if from.is_empty() {
                        break;
                    }
                    let k = self.dice.roll(from.len() as u8) as usize - 1;
                    let b = from.remove(k.min(from.len() - 1));
                    self.blocks[b as usize].loc = Loc::Reserve;
                }
            }
        }
        let mut placed = [0u8; 2];
        for (ai, area) in scen.areas.iter().enumerate() {
            for &(side, colour, group) in &area.designations {
                let merged = self.options.jagers && side == Side::Russian && matches!(group, Group::Jager | Group::Infantry);
                let pool: Vec<usize> = scen
                    .blocks
                    .iter()
                    .enumerate()
                    .filter(|(i, b)| {
                        self.blocks[*i].loc == Loc::OutOfPlay
                            && b.side == side
                            && b.colour == Some(colour)
                            && b.start_area.is_none()
                            && match (b.group, merged) {
                                (Some(Group::Jager | Group::Infantry), true) => true,
                                (g, _) => g == Some(group),
                            }
                    })
                    .map(|(i, _)| i)
                    .collect();
                if pool.is_empty() {
                    continue;
                }
                let k = self.dice.roll(pool.len() as u8) as usize - 1;
                self.blocks[pool[k.min(pool.len() - 1)]].loc = Loc::Area(ai as u8);
                placed[side_index(side)] += 1;
            }
        }
        self.recount();
        ev.push(super::Event::SetupDrawn { french_placed: placed[0], russian_placed: placed[1] });
    }
}

/// A block placed by a setup.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, tsify::Tsify)]
#[tsify(type_prefix = "Bm")]
#[serde(default)]
pub struct Placement {
    /// Block id ("F09"), code ("F-DAV") or name.
    pub block: String,
    /// Area number 1-111, or None for the reserve.
    pub area: Option<u8>,
    /// Current strength (one of the block's levels); full strength if None.
    pub strength: Option<u8>,
    pub revealed: bool,
    pub isolated: bool,
    /// Light-blue Kolocha cube.
    pub blue: bool,
    /// Yellow inspiration cube.
    pub yellow: bool,
}

/// An area's controller.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, tsify::Tsify)]
#[tsify(type_prefix = "Bm")]
pub struct AreaSide {
    pub area: u8,
    pub side: Side,
}

/// The step the position starts at.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, tsify::Tsify)]
#[tsify(type_prefix = "Bm")]
#[serde(tag = "step")]
pub enum SetupStep {
    /// The start of the active player's impulse (the isolation check runs first).
    #[default]
    Impulse,
    /// The active player's choice of impulse action, with the isolation flags as given.
    Choice,
    /// The start of the turn's Logistics Phase (turns 2-4).
    Logistics,
    /// 9.2 the Grand Battery salvo.
    GrandBattery,
}

/// A plain, public description of a Bloody Monday position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, tsify::Tsify)]
#[tsify(type_prefix = "Bm")]
#[serde(default)]
pub struct Setup {
    /// "borodino" or "last-blood" (Last Blood forces every optional rule and scores points).
    pub scenario: String,
    pub options: Options,
    /// Play the normal random setup instead of `blocks` (with `dice` and `seed`).
    pub random: bool,
    pub turn: u8,
    pub active: Side,
    /// Holder of the initiative disk.
    pub initiative: Side,
    pub step: SetupStep,
    /// Blocks on the map or in the reserve. Blocks not listed are out of play.
    pub blocks: Vec<Placement>,
    /// Blocks already destroyed (on the morale track or in the box).
    pub destroyed: Vec<String>,
    /// Areas whose control differs from the start line (sole occupants control anyway).
    pub control: Vec<AreaSide>,
    /// Victory areas with a white cube.
    pub isolated_areas: Vec<AreaSide>,
    /// Dice to roll first, in order (random draws use them too), then the seeded stream.
    pub dice: Vec<u8>,
    pub seed: u64,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            scenario: BORODINO.to_string(),
            options: Options::default(),
            random: false,
            turn: 1,
            active: Side::French,
            initiative: Side::French,
            step: SetupStep::default(),
            blocks: Vec::new(),
            destroyed: Vec::new(),
            control: Vec::new(),
            isolated_areas: Vec::new(),
            dice: Vec::new(),
            seed: 0,
        }
    }
}

impl BloodyMonday {
    /// Validate a setup into a game. Errors name the block and the field.
    pub fn from_setup(s: &Setup) -> Result<BloodyMonday, GameError> {
        let err = |m: String| GameError::Setup(m);
        let last_blood = match s.scenario.as_str() {
            BORODINO => false,
            LAST_BLOOD => true,
            other => return Err(err(format!("scenario: unknown '{other}'"))),
        };
        let scen = Scenario::shared().map_err(GameError::Setup)?;
        if !(1..=4).contains(&s.turn) {
            return Err(err(format!("turn must be 1-4, not {}", s.turn)));
        }
        if let Some(bad) = s.dice.iter().find(|&&d| !(1..=6).contains(&d)) {
            return Err(err(format!("dice: {bad} is not a face of a six-sided die")));
        }
        let options = if last_blood { Options::all() } else { s.options.clone() };
        let mut g = BloodyMonday::empty(scen.clone(), &s.scenario, last_blood, options, Dice::scripted(s.seed, &s.dice));
        let mut ev = Vec::new();
        if s.random {
            if !s.blocks.is_empty() {
                return Err(err("blocks: give either 'random' or the blocks, not both".into()));
            }
            g.random_setup(&mut ev);
        }
        let area_of = |n: u8, at: &str| scen.area_index(n).ok_or_else(|| err(format!("{at}: there is no area {n}")));
        for (k, p) in s.blocks.iter().enumerate() {
            let at = format!("blocks[{k}] ({})", p.block);
            let b = scen.block_by_name(&p.block).ok_or_else(|| err(format!("{at}: no such block")))?;
            if g.blocks[b as usize].loc != Loc::OutOfPlay {
                return Err(err(format!("{at}: placed twice")));
            }
            let blk = scen.block(b);
            let level = match p.strength {
                None => 0,
                Some(st) => blk.levels.iter().position(|&l| l == st).ok_or_else(|| {
                    err(format!("{at}.strength: {st} is not one of its levels {:?}", blk.levels))
                })? as u8,
            };
            let st = &mut g.blocks[b as usize];
            st.loc = match p.area {
                Some(n) => Loc::Area(area_of(n, &format!("{at}.area"))?),
                None => Loc::Reserve,
            };
            st.level = level;
            st.revealed = p.revealed;
            st.isolated = p.isolated;
            st.blue = p.blue;
            st.yellow = p.yellow;
        }
        for (k, name) in s.destroyed.iter().enumerate() {
            let b = scen.block_by_name(name).ok_or_else(|| err(format!("destroyed[{k}] ({name}): no such block")))?;
            if g.blocks[b as usize].loc != Loc::OutOfPlay {
                return Err(err(format!("destroyed[{k}] ({name}): already placed")));
            }
            g.blocks[b as usize].loc = Loc::Destroyed;
            g.blocks[b as usize].revealed = true;
        }
        for (k, c) in s.control.iter().enumerate() {
            let a = area_of(c.area, &format!("control[{k}]"))?;
            g.control[a as usize] = c.side;
        }
        for (k, c) in s.isolated_areas.iter().enumerate() {
            let a = area_of(c.area, &format!("isolated_areas[{k}]"))?;
            g.iso_areas[side_index(c.side)] |= bit(a);
        }
        g.recount();
        for a in 0..scen.areas.len() as u8 {
            for side in [Side::French, Side::Russian] {
                if g.stack_count(a, side) > scen.area(a).terrain.stacking() {
                    return Err(err(format!("area {}: more {side} units than its stacking limit", a + 1)));
                }
            }
            let mut quiet = Vec::new();
            g.update_control(a, &mut quiet);
        }
        for side in [Side::French, Side::Russian] {
            let c = scen.cinc[side_index(side)];
            if g.blocks[c as usize].loc == Loc::Reserve {
                return Err(err(format!("{}: a Commander-in-Chief cannot be in the reserve", scen.block(c).id)));
            }
        }
        let _ = Kind::CommanderInChief;
        g.turn = s.turn;
        g.active = s.active;
        g.initiative = s.initiative;
        g.phase = match s.step {
            SetupStep::Impulse => Phase::ImpulseStart,
            SetupStep::Choice => {
                g.impulse_no = 1;
                g.imp = super::sequence::Impulse { contested_start: g.contested_set(), ..Default::default() };
                Phase::Choice
            }
            SetupStep::Logistics => {
                if s.turn < 2 {
                    return Err(err("step: there is no Logistics Phase on turn 1 (3.0)".into()));
                }
                g.phase = Phase::TurnStart;
                let _ = LogStage::Decide;
                Phase::TurnStart
            }
            SetupStep::GrandBattery => Phase::GrandBattery,
        };
        g.run(&mut ev);
        g.opening = std::sync::Arc::new(ev);
        g.initial_knowledge(s.random);
        Ok(g)
    }
}
