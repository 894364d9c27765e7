//! Napoleon's Battles' static data, read from `scenarios/napoleons_battles.json` and validated
//! once: the table and its terrain pieces, the unit types (the stand-in "Information Chart" and
//! "information cards" of nb-gaps.md a.3-a.8), the generals with their `3"G(6)+1` ratings and
//! chains of command, and the units with their start positions. The summary prints none of
//! these numbers: every value the text does not give is a labelled stand-in (`source`).
//!
//! Lengths are integers in hundredths of an inch (a 0.75" base depth is 75), facings compass
//! bearings in whole degrees, so loading involves no floating point.
use super::action::{Formation, Side};
use crate::core::plane::{anticlockwise, Facing, Point, Rect, INCH};
use crate::games::GameError;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// The built-in file, packed by build.rs (inflated when first read).
const BUILT_IN: crate::core::packed::Packed = crate::packed!("napoleons_battles.json");

/// Scenario id of the first battle: Medina de Rioseco, 14 July 1808 (nb-gaps.md c).
pub const MEDINA_DE_RIOSECO: &str = "medina-de-rioseco";

// ---- The file as written (untrusted) ----

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileIn {
    schema_version: u32,
    unit_types: HashMap<String, UnitTypeIn>,
    scenarios: Vec<ScenarioIn>,
}

/// A unit type: one card of the stand-in Information Chart.
#[derive(Clone, Debug, Deserialize, Serialize, tsify::Tsify)]
#[tsify(type_prefix = "Nb", hashmap_as_object)]
#[serde(deny_unknown_fields)]
pub struct UnitTypeIn {
    pub source: String,
    pub name: String,
    pub arm: Arm,
    /// Horse or foot, for artillery (Command control (2), Fire Principle (2)).
    #[serde(default)]
    pub horse: bool,
    /// Nationality, for the recall modifiers (Cavalry Pursuit (1)).
    pub nation: Nation,
    /// Base frontage, depth (hundredths) and figures per base (a.3).
    pub base: BaseIn,
    /// Movement allowances in hundredths per formation (a.4); only the formations of the arm.
    pub move_allowance: HashMap<Formation, i32>,
    /// CG FM: inches (hundredths) a formation change costs (Movement (2)).
    pub change_formation: i32,
    /// Cost ratios as [allowance, distance]: 2/1 is [2, 1] (Movement (1), (2)).
    pub rough: [i32; 2],
    /// RGH for unlimbered artillery (a.4), when it differs.
    #[serde(default)]
    pub rough_unlimbered: Option<[i32; 2]>,
    #[serde(default)]
    pub square: Option<[i32; 2]>,
    pub backward_sideways: [i32; 2],
    /// Fire modifier (infantry) from the card (Fire Principle (2)); artillery takes its calibre's.
    #[serde(default)]
    pub fire: Option<i8>,
    /// Infantry range (hundredths; a.7: the depth of the infantry template).
    #[serde(default)]
    pub range: Option<i32>,
    pub target_number: u8,
    /// The target number when limbered (artillery, a.7).
    #[serde(default)]
    pub target_number_limbered: Option<u8>,
    /// Melee modifiers (Melee Combat (2), (4)).
    pub melee: MeleeIn,
    pub disorder: u8,
    pub rout: u8,
    pub response: u8,
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, tsify::Tsify)]
#[tsify(type_prefix = "Nb", hashmap_as_object)]
#[serde(deny_unknown_fields)]
pub struct BaseIn {
    pub width: i32,
    pub depth: i32,
    /// Depth when limbered (artillery).
    #[serde(default)]
    pub depth_limbered: Option<i32>,
    pub figures: u8,
}

/// The card's melee modifiers: COL or LIM, LIN or ULM, VS OT, SQ VS CV.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, tsify::Tsify)]
#[tsify(type_prefix = "Nb", hashmap_as_object)]
#[serde(deny_unknown_fields)]
pub struct MeleeIn {
    pub column: i8,
    pub line: i8,
    #[serde(default)]
    pub vs_other: Option<i8>,
    #[serde(default)]
    pub square_vs_cavalry: Option<i8>,
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash, tsify::Tsify)]
#[tsify(type_prefix = "Nb")]
#[serde(rename_all = "snake_case")]
pub enum Arm {
    Infantry,
    Cavalry,
    Artillery,
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash, tsify::Tsify)]
#[tsify(type_prefix = "Nb")]
#[serde(rename_all = "snake_case")]
pub enum Nation {
    French,
    Spanish,
    British,
    Kgl,
    Portuguese,
    Austrian,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioIn {
    id: String,
    title: String,
    description: String,
    source: String,
    table: TableIn,
    turns: u8,
    start_time: String,
    first_player: Side,
    sides: Vec<SideIn>,
    terrain: Vec<TerrainIn>,
    generals: Vec<GeneralIn>,
    units: Vec<UnitIn>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TableIn {
    width: i32,
    height: i32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SideIn {
    side: Side,
    name: String,
    retreat_edge: Edge,
    /// The side is broken at this many units routed, dispersed or eliminated (b.7).
    break_at: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TerrainIn {
    name: String,
    kind: TerrainKind,
    #[serde(default)]
    level: u8,
    #[serde(default)]
    objective: bool,
    #[serde(default)]
    polygon: Vec<[i32; 2]>,
    /// A polyline (streams, roads, slopes): drawn `width` wide.
    #[serde(default)]
    line: Vec<[i32; 2]>,
    #[serde(default)]
    width: i32,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GeneralIn {
    id: String,
    name: String,
    side: Side,
    level: Level,
    rating: String,
    at: [i32; 2],
    superior: Option<String>,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitIn {
    id: String,
    name: String,
    side: Side,
    #[serde(rename = "type")]
    unit_type: String,
    figures: u8,
    formation: Formation,
    front: [i32; 2],
    facing: u16,
    general: String,
    /// Artillery: "4lb", "6lb", "8lb", "12lb" or "howitzer" (a.8).
    #[serde(default)]
    calibre: Option<Calibre>,
    /// Per-unit override of the card's response number (a.7).
    #[serde(default)]
    response: Option<u8>,
    source: String,
}

// ---- Validated data ----

/// A side of the table.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, tsify::Tsify)]
#[tsify(type_prefix = "Nb")]
#[serde(rename_all = "snake_case")]
pub enum Edge {
    North,
    East,
    South,
    West,
}

/// Terrain pieces (nb-gaps.md a.5).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash, tsify::Tsify)]
#[tsify(type_prefix = "Nb")]
#[serde(rename_all = "snake_case")]
pub enum TerrainKind {
    Town,
    Woods,
    Rough,
    Steep,
    Ravine,
    Enclosure,
    Stream,
    Road,
    Marsh,
    Hill,
    Bridge,
}

impl TerrainKind {
    /// Blocks line of sight (Line of Sight: Town).
    pub fn blocks_sight(self) -> bool {
        self == TerrainKind::Town
    }
    /// Cover: fire at a target in it is at −2 (Fire Principle (2); D24).
    pub fn is_cover(self) -> bool {
        matches!(self, TerrainKind::Town | TerrainKind::Woods | TerrainKind::Enclosure)
    }
    /// "Town, woods, etc." of Melee Combat (4) (D38).
    pub fn protects(self) -> bool {
        self.is_cover()
    }
}

/// Commanders' levels (Command control (1)).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, PartialOrd, Ord, tsify::Tsify)]
#[tsify(type_prefix = "Nb")]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Overall,
    Wing,
    Corps,
    Division,
}

/// A general's quality level (General (1); D4).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, tsify::Tsify)]
#[tsify(type_prefix = "Nb")]
pub enum Quality {
    Excellent,
    Good,
    Average,
    Poor,
}

impl Quality {
    /// The rally (and emergency square) modifier: Excellent +2, Good +1, Poor −1
    /// (Rally rout troops (1)); Average 0 (D4).
    pub fn rally_modifier(self) -> i8 {
        match self {
            Quality::Excellent => 2,
            Quality::Good => 1,
            Quality::Average => 0,
            Quality::Poor => -1,
        }
    }
}

/// A general's rating, as `3"G(6)+1`: command span 3", Good, response 6, combat +1 (General (1)).
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq, tsify::Tsify)]
#[tsify(type_prefix = "Nb")]
pub struct Rating {
    /// Command span in hundredths.
    pub span: i32,
    pub quality: Quality,
    pub response: u8,
    pub combat: i8,
}

impl Rating {
    /// Read `span"Q(response)±combat` (span in inches, one decimal allowed; D4: Q in E G A P).
    pub fn parse(s: &str) -> Result<Rating, String> {
        let bad = |why: &str| format!("rating {s:?}: {why} (a rating reads like 3\"G(6)+1)");
        let (span, rest) = s.split_once('"').ok_or_else(|| bad("no span in inches before '\"'"))?;
        let span = match span.split_once('.') {
            None => span.parse::<i32>().map(|i| i * INCH as i32),
            Some((i, d)) if d.len() == 1 => {
                i.parse::<i32>().and_then(|i| d.parse::<i32>().map(|d| i * INCH as i32 + d * 10))
            }
            Some(_) => return Err(bad("the span takes at most one decimal")),
        }
        .map_err(|_| bad("the span is not a number"))?;
        let mut chars = rest.chars();
        let quality = match chars.next() {
            Some('E') => Quality::Excellent,
            Some('G') => Quality::Good,
            Some('A') => Quality::Average,
            Some('P') => Quality::Poor,
            _ => return Err(bad("the quality is one of E, G, A, P")),
        };
        let rest = chars.as_str();
        let (response, combat) = rest
            .strip_prefix('(')
            .and_then(|r| r.split_once(')'))
            .ok_or_else(|| bad("no (response) after the quality"))?;
        let response: u8 = response.parse().map_err(|_| bad("the response is not a number"))?;
        if !(1..=10).contains(&response) {
            return Err(bad("the response is 1 to 10"));
        }
        let combat: i8 = match combat.strip_prefix('+') {
            Some(c) => c.parse(),
            None => combat.parse(),
        }
        .map_err(|_| bad("the combat modifier is a signed number such as +1"))?;
        Ok(Rating { span, quality, response, combat })
    }
}

/// Artillery calibres and the stand-in ranged artillery modifier chart (a.8).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash, tsify::Tsify)]
#[tsify(type_prefix = "Nb")]
#[serde(rename_all = "snake_case")]
pub enum Calibre {
    #[serde(rename = "4lb")]
    Light4,
    #[serde(rename = "6lb")]
    Six,
    #[serde(rename = "8lb")]
    Eight,
    #[serde(rename = "12lb")]
    Twelve,
    Howitzer,
}

impl Calibre {
    /// (upper bound of the band in hundredths, modifier), nearest band first; the last bound is
    /// the maximum range (6lb 13", 12lb 16": Fire Principle (1)).
    pub fn bands(self) -> &'static [(i32, i8)] {
        match self {
            Calibre::Light4 => &[(300, 2), (500, 1), (800, 0), (1000, -2)],
            Calibre::Six => &[(300, 2), (600, 1), (1000, 0), (1300, -2)],
            Calibre::Eight => &[(300, 2), (700, 1), (1100, 0), (1400, -2)],
            Calibre::Twelve => &[(300, 3), (800, 2), (1200, 1), (1600, -1)],
            Calibre::Howitzer => &[(300, 1), (1200, 0)],
        }
    }
    pub fn max_range(self) -> i32 {
        self.bands().last().map_or(0, |b| b.0)
    }
    /// The modifier at `range` hundredths, None beyond the maximum range.
    pub fn modifier_at(self, range: i64) -> Option<i8> {
        self.bands().iter().find(|b| range <= i64::from(b.0)).map(|b| b.1)
    }
}

/// A terrain piece as the rules use it: a polygon (bands of lines are made polygons at load).
#[derive(Clone, Debug, Serialize, tsify::Tsify)]
#[tsify(type_prefix = "Nb")]
pub struct Piece {
    pub name: String,
    pub kind: TerrainKind,
    pub level: u8,
    pub objective: bool,
    /// Anticlockwise polygons (one for an area, one per stretch of a band).
    pub polygons: Vec<Vec<Point>>,
    /// Each polygon's bounding box.
    #[serde(skip)]
    pub bounds: Vec<crate::core::plane::Bounds>,
    /// The line of a band (streams, roads, slopes), for drawing.
    pub line: Vec<Point>,
    pub width: i32,
    pub source: String,
}

impl Piece {
    pub fn contains(&self, p: Point) -> bool {
        self.polygons.iter().zip(&self.bounds).any(|(poly, b)| b.contains(p) && crate::core::plane::point_in_polygon(p, poly))
    }
}

#[derive(Clone, Debug, Serialize, tsify::Tsify)]
#[tsify(type_prefix = "Nb")]
pub struct General {
    pub id: String,
    pub name: String,
    pub side: Side,
    pub level: Level,
    pub rating: Rating,
    pub rating_text: String,
    pub at: Point,
    /// Index of the immediate superior (None for the Overall commander).
    pub superior: Option<usize>,
    pub source: String,
}

#[derive(Clone, Debug, Serialize, tsify::Tsify)]
#[tsify(type_prefix = "Nb")]
pub struct UnitData {
    pub id: String,
    pub name: String,
    pub side: Side,
    pub unit_type: String,
    /// Index of its type in `Scenario::types`.
    pub type_index: usize,
    pub figures: u8,
    pub formation: Formation,
    pub front: Point,
    pub facing: Facing,
    /// Index of its Division commander.
    pub general: usize,
    pub calibre: Option<Calibre>,
    pub response: u8,
    pub source: String,
}

#[derive(Clone, Debug, Serialize, tsify::Tsify)]
#[tsify(type_prefix = "Nb")]
pub struct SideData {
    pub side: Side,
    pub name: String,
    pub retreat_edge: Edge,
    pub break_at: u8,
}

/// One validated scenario with its unit types.
#[derive(Clone, Debug, Serialize, tsify::Tsify)]
#[tsify(type_prefix = "Nb")]
pub struct Scenario {
    pub id: String,
    pub title: String,
    pub description: String,
    pub source: String,
    pub width: i32,
    pub height: i32,
    pub turns: u8,
    pub start_time: String,
    pub first_player: Side,
    pub sides: Vec<SideData>,
    pub terrain: Vec<Piece>,
    pub generals: Vec<General>,
    pub units: Vec<UnitData>,
    /// The unit types the units use, by id.
    pub types: Vec<(String, UnitTypeIn)>,
}

impl Scenario {
    pub fn unit_type(&self, id: &str) -> &UnitTypeIn {
        // Validation checked every unit's type exists.
        &self.types.iter().find(|(t, _)| t == id).expect("validated unit type").1
    }
    pub fn side(&self, s: Side) -> &SideData {
        self.sides.iter().find(|d| d.side == s).expect("validated: both sides")
    }
}

fn point(p: [i32; 2]) -> Point {
    Point::new(p[0], p[1])
}

/// A polyline `width` wide as one quadrilateral per stretch.
fn band(line: &[Point], width: i32) -> Vec<Vec<Point>> {
    line.windows(2)
        .filter_map(|w| {
            let (a, b) = (w[0], w[1]);
            let len = a.distance(b);
            if len == 0 {
                return None;
            }
            let (dx, dy) = (i64::from(b.x - a.x), i64::from(b.y - a.y));
            let half = i64::from(width) / 2;
            // The unit normal times half the width, in exact integer arithmetic.
            let (nx, ny) = (-dy * half / len, dx * half / len);
            Some(anticlockwise(&[a.offset(nx, ny), a.offset(-nx, -ny), b.offset(-nx, -ny), b.offset(nx, ny)]))
        })
        .collect()
}

/// Read and validate a scenario file's text; errors name the file, the item and the field.
pub fn parse_file(file: &str, text: &str) -> Result<Vec<Arc<Scenario>>, GameError> {
    let bad = |why: String| GameError::Setup(format!("{file}: {why}"));
    let f: FileIn = crate::core::bounded::parse_json_within(text, "the scenario file", 4 * 1024 * 1024, 32).map_err(bad)?;
    if f.schema_version != 1 {
        return Err(bad(format!("schema_version {} is not 1", f.schema_version)));
    }
    let mut out = Vec::new();
    for s in &f.scenarios {
        out.push(Arc::new(validate(&f, s).map_err(|why| bad(format!("scenario '{}': {why}", s.id)))?));
    }
    if out.is_empty() {
        return Err(bad("no scenario".into()));
    }
    Ok(out)
}

fn validate(f: &FileIn, s: &ScenarioIn) -> Result<Scenario, String> {
    if s.table.width <= 0 || s.table.height <= 0 {
        return Err("table: width and height must be positive".into());
    }
    if s.turns == 0 {
        return Err("turns: at least one".into());
    }
    for side in [Side::French, Side::Allied] {
        if s.sides.iter().filter(|d| d.side == side).count() != 1 {
            return Err(format!("sides: {side:?} must appear exactly once"));
        }
    }
    let mut terrain = Vec::new();
    for (i, t) in s.terrain.iter().enumerate() {
        let poly: Vec<Point> = t.polygon.iter().copied().map(point).collect();
        let line: Vec<Point> = t.line.iter().copied().map(point).collect();
        let polygons = match (poly.len(), line.len()) {
            (0, 0) => return Err(format!("terrain {i} ('{}'): a polygon or a line is needed", t.name)),
            (n, 0) if n >= 3 => vec![anticlockwise(&poly)],
            (0, n) if n >= 2 && t.width > 0 => band(&line, t.width),
            (0, n) if n >= 2 => return Err(format!("terrain {i} ('{}'): width: a line needs a positive width", t.name)),
            _ => return Err(format!("terrain {i} ('{}'): polygon: at least 3 corners, or a line of at least 2 points", t.name)),
        };
        terrain.push(Piece {
            name: t.name.clone(),
            kind: t.kind,
            level: t.level,
            objective: t.objective,
            bounds: polygons.iter().map(|p| crate::core::plane::Bounds::of(p)).collect(),
            polygons,
            line,
            width: t.width,
            source: t.source.clone(),
        });
    }
    let mut generals = Vec::new();
    for g in &s.generals {
        let rating = Rating::parse(&g.rating).map_err(|e| format!("general '{}': rating: {e}", g.id))?;
        if generals.iter().any(|o: &General| o.id == g.id) {
            return Err(format!("general '{}': id used twice", g.id));
        }
        generals.push(General {
            id: g.id.clone(),
            name: g.name.clone(),
            side: g.side,
            level: g.level,
            rating,
            rating_text: g.rating.clone(),
            at: point(g.at),
            superior: None,
            source: g.source.clone(),
        });
    }
    for (i, g) in s.generals.iter().enumerate() {
        match (&g.superior, g.level) {
            (None, Level::Overall) => {}
            (None, _) => return Err(format!("general '{}': superior: only the Overall commander has none", g.id)),
            (Some(_), Level::Overall) => return Err(format!("general '{}': superior: the Overall commander has none", g.id)),
            (Some(sup), level) => {
                let j = generals.iter().position(|o| &o.id == sup).ok_or_else(|| format!("general '{}': superior: no general '{sup}'", g.id))?;
                if generals[j].side != g.side {
                    return Err(format!("general '{}': superior: '{sup}' is of the other side", g.id));
                }
                if generals[j].level >= level {
                    return Err(format!("general '{}': superior: '{sup}' is not of a higher level", g.id));
                }
                generals[i].superior = Some(j);
            }
        }
    }
    for side in [Side::French, Side::Allied] {
        if generals.iter().filter(|g| g.side == side && g.level == Level::Overall).count() != 1 {
            return Err(format!("generals: {side:?} needs exactly one Overall commander"));
        }
    }
    let mut types: Vec<(String, UnitTypeIn)> = Vec::new();
    let mut units = Vec::new();
    for u in &s.units {
        let ty = f.unit_types.get(&u.unit_type).ok_or_else(|| format!("unit '{}': type: no unit type '{}'", u.id, u.unit_type))?;
        let general = generals.iter().position(|g| g.id == u.general).ok_or_else(|| format!("unit '{}': general: no general '{}'", u.id, u.general))?;
        if generals[general].side != u.side {
            return Err(format!("unit '{}': general: '{}' is of the other side", u.id, u.general));
        }
        if units.iter().any(|o: &UnitData| o.id == u.id) {
            return Err(format!("unit '{}': id used twice", u.id));
        }
        if u.figures == 0 {
            return Err(format!("unit '{}': figures: at least one", u.id));
        }
        if !ty.move_allowance.contains_key(&u.formation) && !(u.formation == Formation::Square && ty.arm == Arm::Infantry) {
            return Err(format!("unit '{}': formation: a {} cannot be in {:?}", u.id, ty.name, u.formation));
        }
        if (ty.arm == Arm::Artillery) != u.calibre.is_some() {
            return Err(format!("unit '{}': calibre: artillery and only artillery has a calibre", u.id));
        }
        if u.facing >= 360 {
            return Err(format!("unit '{}': facing: a bearing below 360", u.id));
        }
        if !types.iter().any(|(t, _)| t == &u.unit_type) {
            types.push((u.unit_type.clone(), ty.clone()));
        }
        let type_index = types.iter().position(|(t, _)| t == &u.unit_type).unwrap_or(0);
        units.push(UnitData {
            id: u.id.clone(),
            name: u.name.clone(),
            side: u.side,
            unit_type: u.unit_type.clone(),
            type_index,
            figures: u.figures,
            formation: u.formation,
            front: point(u.front),
            facing: Facing::degrees(u.facing),
            general,
            calibre: u.calibre,
            response: u.response.unwrap_or(ty.response),
            source: u.source.clone(),
        });
    }
    let scenario = Scenario {
        id: s.id.clone(),
        title: s.title.clone(),
        description: s.description.clone(),
        source: s.source.clone(),
        width: s.table.width,
        height: s.table.height,
        turns: s.turns,
        start_time: s.start_time.clone(),
        first_player: s.first_player,
        sides: s.sides.iter().map(|d| SideData { side: d.side, name: d.name.clone(), retreat_edge: d.retreat_edge, break_at: d.break_at }).collect(),
        terrain,
        generals,
        units,
        types,
    };
    // Footprints: on the table, none overlapping (b.8).
    let rects: Vec<Rect> = scenario.units.iter().map(|u| super::footprint(&scenario.types[u.type_index].1, u.figures, u.formation, u.front, u.facing)).collect();
    for (i, r) in rects.iter().enumerate() {
        if !r.on_table(scenario.width, scenario.height) {
            return Err(format!("unit '{}': front: its footprint leaves the table", scenario.units[i].id));
        }
        for (j, o) in rects.iter().enumerate().skip(i + 1) {
            if r.overlaps(o) {
                return Err(format!("unit '{}': front: its footprint overlaps unit '{}'", scenario.units[i].id, scenario.units[j].id));
            }
        }
    }
    Ok(scenario)
}

/// The built-in scenarios, read once.
pub fn built_in() -> &'static [Arc<Scenario>] {
    static S: OnceLock<Vec<Arc<Scenario>>> = OnceLock::new();
    S.get_or_init(|| parse_file("scenarios/napoleons_battles.json", &BUILT_IN.text()).unwrap_or_default())
}

pub fn by_id(id: &str) -> Result<Arc<Scenario>, GameError> {
    built_in()
        .iter()
        .find(|s| s.id == id)
        .cloned()
        .ok_or_else(|| GameError::Setup(format!("unknown Napoleon's Battles scenario '{id}'")))
}
