//! Bloody Monday's static data, read from `scenarios/bloody_monday.json` and validated once:
//! the 111 areas (colour, neighbours, Kolocha borders, victory areas, start control, the 9.11
//! line, setup designations), the 115 blocks (type, colour, levels, dots, shield, MP) and the
//! reserve rules. The mutable game state points to it.
use super::action::{BlockId, Side};
use crate::core::graph::Graph;
use serde::Deserialize;
use std::sync::{Arc, OnceLock};

/// The built-in file, packed by build.rs (inflated when first read).
const BUILT_IN: crate::core::packed::Packed = crate::packed!("bloody_monday.json");

/// Scenario id of the full battle.
pub const BORODINO: &str = "borodino";
/// Scenario id of Last Blood (10.0): all optional rules and victory points.
pub const LAST_BLOOD: &str = "last-blood";

// ---- The file as written (untrusted) ----

#[derive(Deserialize)]
struct FileIn {
    id: String,
    schema_version: u32,
    areas: Vec<AreaIn>,
    blocks: Vec<BlockIn>,
    leaders: Vec<LeaderIn>,
    reserve: ReserveSidesIn,
    reinforcements: ReinforcementsIn,
    grand_battery: GrandBatteryIn,
    victory: VictoryIn,
}

#[derive(Deserialize)]
struct AreaIn {
    id: u16,
    name: Option<String>,
    colour: Terrain,
    neighbours: Vec<u16>,
    kolocha_borders: Vec<u16>,
    victory: bool,
    fleche: bool,
    start_side: Side,
    command_line_side: Part,
    designations: Vec<DesignationIn>,
    #[serde(rename = "leader_designations")]
    _leader_designations: Vec<String>,
}

#[derive(Deserialize)]
struct DesignationIn {
    side: Side,
    colour: Colour,
    group: Group,
}

#[derive(Deserialize)]
struct BlockIn {
    id: String,
    code: String,
    side: Side,
    name: String,
    colour: Option<Colour>,
    #[serde(rename = "type")]
    kind: Kind,
    setup_group: Option<Group>,
    levels: Vec<u8>,
    firepower: Vec<Dot>,
    shield: Option<Shield>,
    mp: u8,
    mp_mobility: u8,
    counts_for_morale: bool,
    setup: SetupIn,
    reserve: bool,
    last_blood_points: u8,
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum SetupIn {
    Area { area: u16 },
    Designation,
    Reserve,
}

#[derive(Deserialize)]
struct LeaderIn {
    id: String,
    command_colour: Option<Colour>,
    command_part: Option<Part>,
}

#[derive(Deserialize)]
struct ReserveSidesIn {
    french: ReserveIn,
    russian: ReserveIn,
}

#[derive(Deserialize)]
struct ReserveIn {
    size: usize,
    fixed: Vec<String>,
    draws: Vec<DrawIn>,
}

#[derive(Deserialize)]
struct DrawIn {
    count: usize,
    from: Vec<String>,
}

#[derive(Deserialize)]
struct ReinforcementsIn {
    russian: Vec<u16>,
    french: Vec<u16>,
}

#[derive(Deserialize)]
struct GrandBatteryIn {
    areas: Vec<u16>,
    dice_per_artillery: u8,
}

#[derive(Deserialize)]
struct VictoryIn {
    areas: Vec<u16>,
    fleches: Vec<u16>,
}

// ---- Typed values ----

/// Area colour (1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize, tsify::Tsify)]
#[tsify(type_prefix = "Bm")]
#[serde(rename_all = "lowercase")]
pub enum Terrain {
    Green,
    Yellow,
    Red,
}

impl Terrain {
    /// 1.2: MP to enter.
    pub fn mp(self) -> u8 {
        match self {
            Terrain::Green => 1,
            _ => 2,
        }
    }
    /// 1.2: units per player.
    pub fn stacking(self) -> usize {
        match self {
            Terrain::Green => 4,
            Terrain::Yellow => 2,
            Terrain::Red => 1,
        }
    }
    /// 1.2.1: hits the defender ignores (red only if he controls the area).
    pub fn defence_bonus(self, defender_controls: bool) -> u8 {
        match self {
            Terrain::Green => 0,
            Terrain::Yellow => 1,
            Terrain::Red => {
                if defender_controls {
                    2
                } else {
                    0
                }
            }
        }
    }
}

/// The part of the board for 9.11/9.12.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize, tsify::Tsify)]
#[tsify(type_prefix = "Bm")]
#[serde(rename_all = "lowercase")]
pub enum Part {
    North,
    South,
}

/// Corps colour; meaningful only with the side (BM-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize, tsify::Tsify)]
#[tsify(type_prefix = "Bm")]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Blue,
    Orange,
    Yellow,
    Green,
    Brown,
    Pink,
    Red,
    Lightblue,
    White,
}

/// Setup designation group (FAQ-1: light and heavy cavalry together, foot and horse artillery
/// together).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Group {
    Jager,
    Infantry,
    Cavalry,
    Artillery,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize, tsify::Tsify)]
#[tsify(type_prefix = "Bm")]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    LineInfantry,
    Jager,
    Militia,
    LightCavalry,
    HeavyCavalry,
    Cossack,
    FootArtillery,
    HorseArtillery,
    TacticalLeader,
    CommanderInChief,
}

impl Kind {
    pub fn is_infantry(self) -> bool {
        matches!(self, Kind::LineInfantry | Kind::Jager | Kind::Militia)
    }
    /// Cossacks are cavalry (2.5.2), except for combined attacks under 9.5.
    pub fn is_cavalry(self) -> bool {
        matches!(self, Kind::LightCavalry | Kind::HeavyCavalry | Kind::Cossack)
    }
    /// 2.4: combat units are priority targets.
    pub fn is_combat(self) -> bool {
        self.is_infantry() || self.is_cavalry()
    }
    /// 2.5.3: artillery, tactical leaders and CinCs are support units (secondary targets).
    pub fn is_support(self) -> bool {
        !self.is_combat()
    }
    pub fn is_artillery(self) -> bool {
        matches!(self, Kind::FootArtillery | Kind::HorseArtillery)
    }
    pub fn is_leader(self) -> bool {
        self == Kind::TacticalLeader
    }
}

/// Dot (firepower) colour, 2.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize, tsify::Tsify)]
#[tsify(type_prefix = "Bm")]
#[serde(rename_all = "lowercase")]
pub enum Dot {
    Black,
    White,
    Red,
    Blue,
}

impl Dot {
    /// Lowest face that hits (2.2), one lower when inspired (5.2.2).
    pub fn hits_on(self, inspired: bool) -> u8 {
        let base = match self {
            Dot::Black => 6,
            Dot::White => 5,
            Dot::Red => 4,
            Dot::Blue => 3,
        };
        if inspired {
            base - 1
        } else {
            base
        }
    }
    /// 3.5b: LP to restore a dot of this colour.
    pub fn restore_cost(self) -> u8 {
        match self {
            Dot::Black => 1,
            Dot::White => 2,
            Dot::Red => 3,
            Dot::Blue => 4,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize, tsify::Tsify)]
#[tsify(type_prefix = "Bm")]
#[serde(rename_all = "lowercase")]
pub enum Shield {
    Silver,
    Gold,
}

/// One area, validated. `idx` = id - 1.
#[derive(Clone, Debug)]
pub struct Area {
    pub id: u8,
    pub name: Option<String>,
    pub terrain: Terrain,
    pub victory: bool,
    pub fleche: bool,
    pub start: Side,
    pub part: Part,
    pub designations: Vec<(Side, Colour, Group)>,
}

/// One block, validated.
#[derive(Clone, Debug)]
pub struct Block {
    pub id: String,
    pub code: String,
    pub name: String,
    pub side: Side,
    pub colour: Option<Colour>,
    pub kind: Kind,
    pub group: Option<Group>,
    /// Every level from the top down (2.3a, D22); support units end with 0 (exhausted).
    pub levels: Vec<u8>,
    /// Combat units: one dot per strength point, bottom to top (D23). Support: their one die.
    pub dots: Vec<Dot>,
    pub shield: Option<Shield>,
    pub mp: u8,
    pub mp_mobility: u8,
    pub counts_for_morale: bool,
    /// Start area of a leader or CinC placed by name.
    pub start_area: Option<u8>,
    /// Always in the reserve.
    pub fixed_reserve: bool,
    pub last_blood_points: u8,
    /// Leaders: the colour they command; CinCs: None.
    pub command_colour: Option<Colour>,
    /// 9.11: Barclay's and Bagration's part of the board.
    pub command_part: Option<Part>,
}

impl Block {
    pub fn max_strength(&self) -> u8 {
        self.levels.first().copied().unwrap_or(0)
    }
    /// The strength at level index `level` (0 = top).
    pub fn strength_at(&self, level: u8) -> u8 {
        self.levels.get(level as usize).copied().unwrap_or(0)
    }
    pub fn lowest_level(&self) -> u8 {
        (self.levels.len().max(1) - 1) as u8
    }
}

/// A random reserve draw: `count` of `from`.
#[derive(Clone, Debug)]
pub struct Draw {
    pub count: usize,
    pub from: Vec<BlockId>,
}

/// The validated scenario shared by every state.
#[derive(Debug)]
pub struct Scenario {
    pub id: String,
    pub areas: Vec<Area>,
    pub graph: Graph,
    pub blocks: Vec<Block>,
    /// [French, Russian] CinC.
    pub cinc: [BlockId; 2],
    /// [French, Russian] fixed reserve blocks and random draws.
    pub reserve_fixed: [Vec<BlockId>; 2],
    pub reserve_draws: [Vec<Draw>; 2],
    /// 3.3: reinforcement order (area indices), [French, Russian].
    pub reinforcement_order: [Vec<u8>; 2],
    /// 9.2: the Grand Battery areas (indices) and dice per artillery.
    pub grand_battery: Vec<u8>,
    pub salvo_dice: u8,
    /// The six single victory areas and the flèches (indices).
    pub victory_areas: Vec<u8>,
    pub fleches: Vec<u8>,
    /// Each side's block ids, [French, Russian] (each side's blocks are listed together).
    pub side_range: [std::ops::Range<BlockId>; 2],
    /// The file as JSON, for drawing.
    pub file: serde_json::Value,
}

pub(crate) fn side_index(s: Side) -> usize {
    match s {
        Side::French => 0,
        Side::Russian => 1,
    }
}

impl Scenario {
    /// The built-in data (parsed and validated once).
    pub fn shared() -> Result<Arc<Scenario>, String> {
        static CELL: OnceLock<Result<Arc<Scenario>, String>> = OnceLock::new();
        CELL.get_or_init(|| Scenario::parse(&BUILT_IN.text()).map(Arc::new)).clone()
    }

    pub fn area(&self, idx: u8) -> &Area {
        &self.areas[idx as usize]
    }
    pub fn block(&self, b: BlockId) -> &Block {
        &self.blocks[b as usize]
    }
    /// A block by id ("F09"), code ("F-DAV") or exact name.
    pub fn block_by_name(&self, s: &str) -> Option<BlockId> {
        self.blocks
            .iter()
            .position(|b| b.id == s || b.code == s || b.name == s)
            .map(|i| i as BlockId)
    }
    /// Area index of area number `id` (1-111).
    pub fn area_index(&self, id: u8) -> Option<u8> {
        (1..=self.areas.len() as u16).contains(&(id as u16)).then(|| id - 1)
    }
    pub fn kolocha(&self, a: u8, b: u8) -> bool {
        self.graph.edge_flag(a as usize, b as usize).unwrap_or(false)
    }
    pub fn adjacent(&self, a: u8, b: u8) -> bool {
        self.graph.adjacent(a as usize, b as usize)
    }
    pub fn neighbours(&self, a: u8) -> impl Iterator<Item = u8> + '_ {
        self.graph.neighbours(a as usize).map(|b| b as u8)
    }

    /// Parse and validate the built-in scenario file.
    pub fn parse(text: &str) -> Result<Scenario, String> {
        Scenario::parse_file("bloody_monday.json", text)
    }

    /// Parse and validate a scenario file named `file` (the built-in one or a variant): every
    /// check of `checks`, then the typed reading. Errors name the file, the area or block and
    /// the field.
    pub fn parse_file(file: &str, text: &str) -> Result<Scenario, String> {
        let raw: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("{file}: {e}"))?;
        super::checks::check_scenario(file, &raw)?;
        Scenario::read(raw).map_err(|e| format!("{file}: {e}"))
    }

    fn read(raw: serde_json::Value) -> Result<Scenario, String> {
        let f: FileIn = serde_json::from_value(raw.clone()).map_err(|e| e.to_string())?;
        if f.schema_version != 1 {
            return Err(format!("schema_version: {} is not 1", f.schema_version));
        }
        let n = f.areas.len();
        if n == 0 || n > 120 {
            return Err(format!("areas: {n} areas"));
        }
        let area_idx = |id: u16, at: &str| -> Result<u8, String> {
            if id >= 1 && (id as usize) <= n {
                Ok((id - 1) as u8)
            } else {
                Err(format!("{at}: no area {id}"))
            }
        };
        let mut graph = Graph::new(n);
        let mut areas = Vec::with_capacity(n);
        for (i, a) in f.areas.iter().enumerate() {
            let at = format!("areas[{i}] (area {})", a.id);
            if a.id as usize != i + 1 {
                return Err(format!("{at}: areas must be listed in id order"));
            }
            for &nb in &a.neighbours {
                let j = area_idx(nb, &format!("{at}.neighbours"))?;
                let other = &f.areas[j as usize];
                if !other.neighbours.contains(&a.id) {
                    return Err(format!("{at}.neighbours: {nb} does not list {} back", a.id));
                }
                let k = a.kolocha_borders.contains(&nb);
                if k != other.kolocha_borders.contains(&a.id) {
                    return Err(format!("{at}.kolocha_borders: {nb} is not symmetric"));
                }
                graph.add_edge(i, j as usize, k);
            }
            for &k in &a.kolocha_borders {
                if !a.neighbours.contains(&k) {
                    return Err(format!("{at}.kolocha_borders: {k} is not a neighbour"));
                }
            }
            areas.push(Area {
                id: a.id as u8,
                name: a.name.clone(),
                terrain: a.colour,
                victory: a.victory,
                fleche: a.fleche,
                start: a.start_side,
                part: a.command_line_side,
                designations: a.designations.iter().map(|d| (d.side, d.colour, d.group)).collect(),
            });
        }
        let find = |id: &str| f.blocks.iter().position(|b| b.id == id).map(|i| i as BlockId);
        let mut blocks = Vec::with_capacity(f.blocks.len());
        for (i, b) in f.blocks.iter().enumerate() {
            let at = format!("blocks[{i}] ({})", b.id);
            if b.levels.is_empty() || b.levels.windows(2).any(|w| w[0] <= w[1]) {
                return Err(format!("{at}.levels: must be non-empty and strictly decreasing"));
            }
            let combat = b.kind.is_combat();
            if combat && (b.firepower.len() != b.levels[0] as usize || *b.levels.last().unwrap_or(&0) != 1) {
                return Err(format!("{at}.firepower: a combat unit needs one dot per strength point and levels down to 1"));
            }
            if !combat && (b.firepower.len() != 1 || *b.levels.last().unwrap_or(&1) != 0) {
                return Err(format!("{at}: a support unit has one die and ends at the exhausted level 0"));
            }
            let start_area = match b.setup {
                SetupIn::Area { area } => Some(area_idx(area, &format!("{at}.setup.area"))?),
                _ => None,
            };
            let leader = f.leaders.iter().find(|l| l.id == b.id);
            blocks.push(Block {
                id: b.id.clone(),
                code: b.code.clone(),
                name: b.name.clone(),
                side: b.side,
                colour: b.colour,
                kind: b.kind,
                group: b.setup_group,
                levels: b.levels.clone(),
                dots: b.firepower.clone(),
                shield: b.shield,
                mp: b.mp,
                mp_mobility: b.mp_mobility,
                counts_for_morale: b.counts_for_morale,
                start_area,
                fixed_reserve: b.reserve || matches!(b.setup, SetupIn::Reserve),
                last_blood_points: b.last_blood_points,
                command_colour: leader.and_then(|l| l.command_colour),
                command_part: leader.and_then(|l| l.command_part),
            });
        }
        if blocks.len() > 120 {
            return Err("blocks: more than 120 blocks".into());
        }
        let cinc_of = |side: Side| -> Result<BlockId, String> {
            let v: Vec<_> = blocks
                .iter()
                .enumerate()
                .filter(|(_, b)| b.side == side && b.kind == Kind::CommanderInChief)
                .map(|(i, _)| i as BlockId)
                .collect();
            match v[..] {
                [c] => Ok(c),
                _ => Err(format!("blocks: {side} needs exactly one commander_in_chief")),
            }
        };
        let cinc = [cinc_of(Side::French)?, cinc_of(Side::Russian)?];
        let mut reserve_fixed = [Vec::new(), Vec::new()];
        let mut reserve_draws = [Vec::new(), Vec::new()];
        for (s, r) in [(0usize, &f.reserve.french), (1, &f.reserve.russian)] {
            for id in &r.fixed {
                reserve_fixed[s].push(find(id).ok_or_else(|| format!("reserve.fixed: no block {id}"))?);
            }
            let mut total = r.fixed.len();
            for d in &r.draws {
                let from = d
                    .from
                    .iter()
                    .map(|id| find(id).ok_or_else(|| format!("reserve.draws: no block {id}")))
                    .collect::<Result<Vec<_>, _>>()?;
                if d.count > from.len() {
                    return Err("reserve.draws: count exceeds candidates".into());
                }
                total += d.count;
                reserve_draws[s].push(Draw { count: d.count, from });
            }
            if total != r.size {
                return Err(format!("reserve: size {} but {} units", r.size, total));
            }
        }
        let order = |v: &[u16]| v.iter().map(|&a| area_idx(a, "reinforcements")).collect::<Result<Vec<_>, _>>();
        let reinforcement_order = [order(&f.reinforcements.french)?, order(&f.reinforcements.russian)?];
        let grand_battery = order(&f.grand_battery.areas)?;
        let victory_areas = order(&f.victory.areas)?;
        let fleches = order(&f.victory.fleches)?;
        let range_of = |side: Side| -> Result<std::ops::Range<BlockId>, String> {
            let first = blocks.iter().position(|b| b.side == side).unwrap_or(0);
            let last = blocks.iter().rposition(|b| b.side == side).map_or(0, |i| i + 1);
            if blocks[first..last].iter().any(|b| b.side != side) {
                return Err(format!("blocks: the {side} blocks must be listed together"));
            }
            Ok(first as BlockId..last as BlockId)
        };
        let side_range = [range_of(Side::French)?, range_of(Side::Russian)?];
        Ok(Scenario {
            side_range,
            id: f.id,
            areas,
            graph,
            blocks,
            cinc,
            reserve_fixed,
            reserve_draws,
            reinforcement_order,
            grand_battery,
            salvo_dice: f.grand_battery.dice_per_artillery,
            victory_areas,
            fleches,
            file: raw,
        })
    }
}
