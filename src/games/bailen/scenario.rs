//! Bailén's static data: the board, the counter mix and the formations, read from
//! `scenarios/bailen.json` and validated once. The mutable game state points to it.
use super::action::{Side, UnitId};
use crate::core::hex::{Grid, Hex};
use serde::{Deserialize, Serialize};
use tsify::Tsify;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::sync::{Arc, OnceLock};

/// The id of the built-in scenario.
pub const DEFAULT_SCENARIO: &str = "bailen-1808";
/// The built-in file, packed by build.rs (inflated when first read).
const BUILT_IN: crate::core::packed::Packed = crate::packed!("bailen.json");

// ---- The file as written (plain description, untrusted) ----

#[derive(Clone, Debug, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    pub id: String,
    pub title: String,
    #[serde(default)]
    pub notes: Vec<String>,
    pub map: MapFile,
    pub classes: BTreeMap<String, ClassFile>,
    pub formations: Vec<FormationFile>,
    pub counters: Vec<CounterFile>,
}

#[derive(Clone, Debug, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    pub columns: i16,
    pub rows: i16,
    #[serde(default)]
    pub stand_in: String,
    pub hill: Vec<String>,
    pub olive_grove: Vec<String>,
    pub river: Vec<String>,
    pub building: Vec<String>,
    pub town: Vec<String>,
    #[serde(default)]
    pub farms: Vec<String>,
    pub royal_road: Vec<String>,
    #[serde(default)]
    pub minor_roads: Vec<Vec<String>>,
    pub stars: Vec<String>,
    pub deployment: BTreeMap<String, Vec<String>>,
    pub entry: BTreeMap<String, String>,
    #[serde(default)]
    pub places: Vec<PlaceFile>,
    #[serde(default)]
    pub decorative: BTreeMap<String, Vec<String>>,
}

#[derive(Clone, Debug, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
#[serde(deny_unknown_fields)]
pub struct PlaceFile {
    pub name: String,
    pub hex: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
#[serde(deny_unknown_fields)]
pub struct ClassFile {
    pub kind: Kind,
    pub cf: u8,
    pub attacks: u8,
    pub mf: u8,
    pub df: u8,
    pub df_disorganised: u8,
    pub range: u8,
    #[serde(default)]
    pub command: u8,
    #[serde(default)]
    pub water_range: u8,
    #[serde(default)]
    pub source: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
#[serde(deny_unknown_fields)]
pub struct FormationFile {
    pub name: String,
    pub side: Side,
    pub colour: String,
    pub leader: String,
    pub deploy: String,
    #[serde(default)]
    pub stand_in: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
#[serde(deny_unknown_fields)]
pub struct CounterFile {
    pub id: String,
    pub name: String,
    pub side: Side,
    pub class: String,
    pub formation: Option<String>,
    #[serde(default)]
    pub swiss: bool,
    #[serde(default)]
    pub pursuit_bonus: bool,
    #[serde(default)]
    pub historical: Option<String>,
}

/// The unit types of "Unit Types in Detail".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Leader,
    EliteInfantry,
    LineInfantry,
    Militia,
    Artillery,
    HorseArtillery,
    Cuirassier,
    RegularCavalry,
    LightCavalry,
    WaterCarrier,
}

impl Kind {
    pub fn is_artillery(self) -> bool {
        matches!(self, Kind::Artillery | Kind::HorseArtillery)
    }
    pub fn is_cavalry(self) -> bool {
        matches!(self, Kind::Cuirassier | Kind::RegularCavalry | Kind::LightCavalry)
    }
    /// "Infantry troops" of Protection Against Cavalry: line, elite and militia.
    pub fn is_infantry(self) -> bool {
        matches!(self, Kind::EliteInfantry | Kind::LineInfantry | Kind::Militia)
    }
    /// Olive groves cost 2 for "cavalry or horse artillery units".
    pub fn slowed_by_groves(self) -> bool {
        self.is_cavalry() || self == Kind::HorseArtillery
    }
}

// ---- The validated scenario ----

/// Where a formation starts: a deployment zone letter or off map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Deploy {
    French,
    V,
    R,
    C,
    Reinforcement,
}

impl Deploy {
    fn bit(self) -> u8 {
        match self {
            Deploy::French => 1,
            Deploy::V => 2,
            Deploy::R => 4,
            Deploy::C => 8,
            Deploy::Reinforcement => 0,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Formation {
    pub name: String,
    pub side: Side,
    pub leader: UnitId,
    pub deploy: Deploy,
}

#[derive(Clone, Debug)]
pub struct Counter {
    pub id: String,
    pub name: String,
    pub side: Side,
    pub kind: Kind,
    pub cf: u8,
    pub attacks: u8,
    pub mf: u8,
    pub df: u8,
    pub df_disorganised: u8,
    pub range: u8,
    pub command: u8,
    pub water_range: u8,
    pub formation: Option<u8>,
    pub swiss: bool,
    pub pursuit_bonus: bool,
    pub historical: Option<Hex>,
}

pub const HILL: u8 = 1;
pub const OLIVE: u8 = 2;
pub const RIVER: u8 = 4;
pub const BUILDING: u8 = 8;
pub const TOWN: u8 = 16;
pub const STAR: u8 = 32;
pub const ROAD: u8 = 64;

#[derive(Debug)]
pub struct Scenario {
    pub id: String,
    pub grid: Grid,
    /// Terrain flags per grid index.
    pub terrain: Vec<u8>,
    /// Per grid index, bit i set when the Royal Road runs to `neighbours()[i]`.
    pub road_dirs: Vec<u8>,
    /// Per grid index, bit i set when a minor road runs to `neighbours()[i]`.
    pub minor_dirs: Vec<u8>,
    /// Per grid index, deployment letters (Deploy::bit).
    pub deploy: Vec<u8>,
    /// Royal Road edge hexes where reinforcements enter: [French (Vedel), Spanish (Castaños)].
    pub entry: [Hex; 2],
    pub counters: Vec<Counter>,
    pub formations: Vec<Formation>,
    pub water_carrier: Option<UnitId>,
    /// The file as read, for the page to draw.
    pub file: ScenarioFile,
}

pub fn side_index(side: Side) -> usize {
    match side {
        Side::French => 0,
        Side::Spanish => 1,
    }
}

impl Scenario {
    /// The built-in scenario with this id.
    pub fn built_in(id: &str) -> Result<Arc<Scenario>, String> {
        static CACHE: OnceLock<Result<Arc<Scenario>, String>> = OnceLock::new();
        if id != DEFAULT_SCENARIO {
            return Err(format!("unknown Bailén scenario '{id}' (known: {DEFAULT_SCENARIO})"));
        }
        CACHE
            .get_or_init(|| Scenario::check_built_in_json(&BUILT_IN.text(), "scenarios/bailen.json").map(Arc::new))
            .clone()
    }

    /// Parse and validate the built-in file: the rulebook's constraints and the stand-in's own
    /// conventions (those of scenarios/check_bailen.py).
    pub fn check_built_in_json(text: &str, file: &str) -> Result<Scenario, String> {
        let scen = Scenario::from_json(text, file)?;
        scen.check_built_in(file)?;
        Ok(scen)
    }

    /// Parse and validate a scenario file against the rulebook. Errors name the file, the item
    /// and the field.
    pub fn from_json(text: &str, file: &str) -> Result<Scenario, String> {
        let raw: ScenarioFile =
            serde_json::from_str(text).map_err(|e| format!("{file}: not a Bailén scenario: {e}"))?;
        Scenario::from_file(raw, file)
    }

    pub fn from_file(raw: ScenarioFile, file: &str) -> Result<Scenario, String> {
        let grid = Grid::new(raw.map.columns, raw.map.rows);
        if raw.map.columns < 1 || raw.map.rows < 1 || raw.map.columns > 99 || raw.map.rows > 99 {
            return Err(format!("{file}: map.columns/rows must be 1-99"));
        }
        let hex = |field: &str, label: &str| -> Result<Hex, String> {
            let h = Hex::from_label(label)
                .map_err(|e| format!("{file}: map.{field}: bad hex '{label}': {e}"))?;
            if !grid.contains(h) {
                return Err(format!("{file}: {field}: hex {label} is off the map"));
            }
            Ok(h)
        };
        let n = grid.len();
        let mut terrain = vec![0u8; n];
        let mut mark = |field: &str, list: &[String], flag: u8| -> Result<(), String> {
            for l in list {
                let h = hex(field, l)?;
                let i = grid.index(h).ok_or_else(|| format!("{file}: {field}: {l} off map"))?;
                terrain[i] |= flag;
            }
            Ok(())
        };
        mark("hill", &raw.map.hill, HILL)?;
        mark("olive_grove", &raw.map.olive_grove, OLIVE)?;
        mark("river", &raw.map.river, RIVER)?;
        mark("building", &raw.map.building, BUILDING)?;
        mark("town", &raw.map.town, TOWN | BUILDING)?;
        mark("farms", &raw.map.farms, BUILDING)?;
        mark("royal_road", &raw.map.royal_road, ROAD)?;
        mark("stars", &raw.map.stars, STAR)?;

        // Roads are paths: each consecutive pair must be adjacent.
        let path_dirs = |field: &str, path: &[String], dirs: &mut Vec<u8>| -> Result<(), String> {
            let hexes: Vec<Hex> = path.iter().map(|l| hex(field, l)).collect::<Result<_, _>>()?;
            for w in hexes.windows(2) {
                let (a, b) = (w[0], w[1]);
                let da = a.neighbours().iter().position(|&x| x == b).ok_or_else(|| {
                    format!("{file}: {field}: {} and {} are not adjacent", a.label(), b.label())
                })?;
                let db = b.neighbours().iter().position(|&x| x == a).unwrap_or(0);
                if let (Some(ia), Some(ib)) = (grid.index(a), grid.index(b)) {
                    dirs[ia] |= 1 << da;
                    dirs[ib] |= 1 << db;
                }
            }
            Ok(())
        };
        let mut road_dirs = vec![0u8; n];
        path_dirs("royal_road", &raw.map.royal_road, &mut road_dirs)?;
        let mut minor_dirs = vec![0u8; n];
        for (k, road) in raw.map.minor_roads.iter().enumerate() {
            path_dirs(&format!("minor_roads[{k}]"), road, &mut minor_dirs)?;
        }
        for l in &raw.map.stars {
            let i = grid.index(hex("stars", l)?).unwrap_or(0);
            if terrain[i] & ROAD == 0 {
                return Err(format!("{file}: stars: {l} is not on the Royal Road"));
            }
        }

        let mut deploy = vec![0u8; n];
        for (letter, list) in &raw.map.deployment {
            let bit = match letter.as_str() {
                "French" => Deploy::French.bit(),
                "V" => Deploy::V.bit(),
                "R" => Deploy::R.bit(),
                "C" => Deploy::C.bit(),
                other => return Err(format!("{file}: map.deployment: unknown zone '{other}'")),
            };
            for l in list {
                let i = grid.index(hex("deployment", l)?).unwrap_or(0);
                deploy[i] |= bit;
            }
        }
        for (i, d) in deploy.iter().enumerate() {
            if d & 1 != 0 && d & !1 != 0 {
                return Err(format!(
                    "{file}: map.deployment: {} is in both French and Spanish zones",
                    grid.hex(i).label()
                ));
            }
        }

        let entry_of = |who: &str| -> Result<Hex, String> {
            let l = raw
                .map
                .entry
                .get(who)
                .ok_or_else(|| format!("{file}: map.entry: missing '{who}'"))?;
            let h = hex("entry", l)?;
            if terrain[grid.index(h).unwrap_or(0)] & ROAD == 0 {
                return Err(format!("{file}: map.entry: {who}'s hex {l} is not on the Royal Road"));
            }
            Ok(h)
        };
        let entry = [entry_of("Vedel")?, entry_of("Castaños")?];

        // Counters.
        let mut counters = Vec::with_capacity(raw.counters.len());
        let mut ids = HashSet::new();
        let formation_index: HashMap<&str, u8> = raw
            .formations
            .iter()
            .enumerate()
            .map(|(i, f)| (f.name.as_str(), i as u8))
            .collect();
        if raw.counters.len() > 250 {
            return Err(format!("{file}: too many counters ({})", raw.counters.len()));
        }
        let mut water_carrier = None;
        for (i, c) in raw.counters.iter().enumerate() {
            let at = format!("{file}: counter {} ({})", c.id, c.name);
            if !ids.insert(c.id.clone()) {
                return Err(format!("{at}: duplicate id"));
            }
            let class = raw
                .classes
                .get(&c.class)
                .ok_or_else(|| format!("{at}: class '{}' is not defined", c.class))?;
            let formation = match &c.formation {
                None => None,
                Some(name) => Some(*formation_index.get(name.as_str()).ok_or_else(|| {
                    format!("{at}: formation '{name}' is not defined")
                })?),
            };
            if class.kind == Kind::WaterCarrier {
                if water_carrier.is_some() {
                    return Err(format!("{at}: a second water carrier"));
                }
                water_carrier = Some(i as UnitId);
            } else if formation.is_none() {
                return Err(format!("{at}: formation is missing"));
            }
            if let Some(f) = formation {
                if raw.formations[f as usize].side != c.side {
                    return Err(format!("{at}: formation {} is of the other side", raw.formations[f as usize].name));
                }
            }
            if class.attacks == 0 && class.kind != Kind::WaterCarrier || class.attacks > 2 {
                return Err(format!("{at}: class {}: attacks must be 1 or 2", c.class));
            }
            if class.kind != Kind::WaterCarrier && (class.range < 1 || class.mf < 1) {
                return Err(format!("{at}: class {}: range and mf must be at least 1", c.class));
            }
            let historical = match &c.historical {
                None => None,
                Some(l) => Some(hex(&format!("counter {} historical", c.id), l)?),
            };
            counters.push(Counter {
                id: c.id.clone(),
                name: c.name.clone(),
                side: c.side,
                kind: class.kind,
                cf: class.cf,
                attacks: class.attacks,
                mf: class.mf,
                df: class.df,
                df_disorganised: class.df_disorganised,
                range: class.range,
                command: class.command,
                water_range: class.water_range,
                formation,
                swiss: c.swiss,
                pursuit_bonus: c.pursuit_bonus,
                historical,
            });
        }

        // Formations.
        let mut formations = Vec::new();
        for f in &raw.formations {
            let at = format!("{file}: formation {}", f.name);
            let leader = counters
                .iter()
                .position(|c| c.id == f.leader)
                .ok_or_else(|| format!("{at}: leader '{}' is not a counter", f.leader))?;
            if counters[leader].kind != Kind::Leader {
                return Err(format!("{at}: leader '{}' is not a leader counter", f.leader));
            }
            let deploy = match f.deploy.as_str() {
                "French" => Deploy::French,
                "V" => Deploy::V,
                "R" => Deploy::R,
                "C" => Deploy::C,
                "reinforcement" => Deploy::Reinforcement,
                other => return Err(format!("{at}: deploy '{other}' unknown")),
            };
            formations.push(Formation { name: f.name.clone(), side: f.side, leader: leader as UnitId, deploy });
        }
        for (i, f) in formations.iter().enumerate() {
            let leaders = counters
                .iter()
                .filter(|c| c.kind == Kind::Leader && c.formation == Some(i as u8))
                .count();
            if leaders != 1 {
                return Err(format!("{file}: formation {} has {leaders} leader counters, not 1", f.name));
            }
        }
        // The counter mix (The Counters): exact per side and type.
        use Kind::*;
        let mix: [(Side, &[(Kind, usize)]); 2] = [
            (
                Side::French,
                &[
                    (Leader, 4),
                    (EliteInfantry, 10),
                    (LineInfantry, 22),
                    (Artillery, 7),
                    (HorseArtillery, 6),
                    (Cuirassier, 3),
                    (RegularCavalry, 11),
                    (LightCavalry, 4),
                ],
            ),
            (
                Side::Spanish,
                &[
                    (Leader, 4),
                    (EliteInfantry, 10),
                    (LineInfantry, 23),
                    (Militia, 11),
                    (Artillery, 4),
                    (HorseArtillery, 10),
                    (RegularCavalry, 14),
                    (LightCavalry, 4),
                    (WaterCarrier, 1),
                ],
            ),
        ];
        for (side, wanted) in mix {
            let total: usize = wanted.iter().map(|w| w.1).sum();
            let have = counters.iter().filter(|c| c.side == side).count();
            if have != total {
                return Err(format!("{file}: the {side} army must have {total} counters, not {have}"));
            }
            for &(kind, count) in wanted {
                let have = counters.iter().filter(|c| c.side == side && c.kind == kind).count();
                if have != count {
                    return Err(format!("{file}: the {side} army must have {count} {kind:?}, not {have}"));
                }
            }
        }
        // Historical deployment: unique hexes, inside the formation's zone.
        let mut used = HashSet::new();
        for c in &counters {
            if let (Some(h), Some(f)) = (c.historical, c.formation) {
                let d = formations[f as usize].deploy;
                let i = grid.index(h).unwrap_or(0);
                if d == Deploy::Reinforcement || deploy[i] & d.bit() == 0 {
                    return Err(format!(
                        "{file}: counter {}: historical hex {} is not in its deployment zone",
                        c.id,
                        h.label()
                    ));
                }
                if !used.insert(h) {
                    return Err(format!("{file}: counter {}: historical hex {} used twice", c.id, h.label()));
                }
            }
        }
        let scen = Scenario {
            id: raw.id.clone(),
            grid,
            terrain,
            road_dirs,
            minor_dirs,
            deploy,
            entry,
            counters,
            formations,
            water_carrier,
            file: raw,
        };
        scen.check_rulebook(file)?;
        Ok(scen)
    }

    pub fn idx(&self, h: Hex) -> usize {
        self.grid.index(h).unwrap_or(usize::MAX)
    }
    pub fn has(&self, h: Hex, flag: u8) -> bool {
        self.grid.index(h).is_some_and(|i| self.terrain[i] & flag != 0)
    }
    /// May a counter of this formation deploy on `h` (Game Setup: lettered/underlined hexes)?
    pub fn may_deploy(&self, formation: u8, h: Hex) -> bool {
        let bit = self.formations[formation as usize].deploy.bit();
        bit != 0 && self.grid.index(h).is_some_and(|i| self.deploy[i] & bit != 0)
    }
    /// Is the step `from` -> `to` along the Royal Road's path?
    pub fn road_step(&self, from: Hex, to: Hex) -> bool {
        Self::dir_step(&self.road_dirs, &self.grid, from, to)
    }
    /// Is the step `from` -> `to` along a minor road's path?
    pub fn minor_road_step(&self, from: Hex, to: Hex) -> bool {
        Self::dir_step(&self.minor_dirs, &self.grid, from, to)
    }
    fn dir_step(dirs: &[u8], grid: &Grid, from: Hex, to: Hex) -> bool {
        match (grid.index(from), from.neighbours().iter().position(|&x| x == to)) {
            (Some(i), Some(d)) => dirs[i] & (1 << d) != 0,
            _ => false,
        }
    }
    pub fn leader_of(&self, formation: u8) -> UnitId {
        self.formations[formation as usize].leader
    }
    pub fn formation_named(&self, name: &str) -> Option<u8> {
        self.formations.iter().position(|f| f.name == name).map(|i| i as u8)
    }
    pub fn unit_by_id(&self, id: &str) -> Option<UnitId> {
        self.counters.iter().position(|c| c.id == id || c.name == id).map(|i| i as UnitId)
    }
}

// ---- Validation beyond the parse: the rulebook's constraints, and the built-in file's own ----

/// The eight formations of the rulebook (Game Setup, Counters with Special Effects): name,
/// side, where they start.
const FORMATIONS: [(&str, Side, Deploy); 8] = [
    ("Dupont", Side::French, Deploy::French),
    ("Fresia", Side::French, Deploy::French),
    ("Barbou", Side::French, Deploy::French),
    ("Vedel", Side::French, Deploy::Reinforcement),
    ("Venegas", Side::Spanish, Deploy::V),
    ("Reding", Side::Spanish, Deploy::R),
    ("Coupigny", Side::Spanish, Deploy::C),
    ("Castaños", Side::Spanish, Deploy::Reinforcement),
];

/// A name compared without its accents ("Frésia" and "Fresia" are one general).
fn folded(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            'á' => 'a',
            'é' => 'e',
            'í' => 'i',
            'ó' => 'o',
            'ú' => 'u',
            other => other,
        })
        .collect()
}

/// A "#rrggbb" colour as its three channels.
fn rgb(colour: &str) -> Option<[i32; 3]> {
    let hex = colour.strip_prefix('#').filter(|h| h.len() == 6 && h.chars().all(|c| c.is_ascii_hexdigit()))?;
    let ch = |i: usize| hex.get(i..i + 2).and_then(|s| i32::from_str_radix(s, 16).ok());
    Some([ch(0)?, ch(2)?, ch(4)?])
}

impl Scenario {
    fn hexes_of(&self, labels: &[String]) -> BTreeSet<Hex> {
        labels.iter().filter_map(|l| Hex::from_label(l).ok()).collect()
    }
    fn zone(&self, d: Deploy) -> BTreeSet<Hex> {
        self.grid.hexes().filter(|&h| self.grid.index(h).is_some_and(|i| self.deploy[i] & d.bit() != 0)).collect()
    }
    fn on_edge(&self, h: Hex) -> bool {
        let (c, r) = h.column_row();
        c == 1 || r == 1 || c == self.grid_columns() || r == self.grid_rows()
    }
    fn grid_columns(&self) -> i16 {
        self.file.map.columns
    }
    fn grid_rows(&self) -> i16 {
        self.file.map.rows
    }
    /// Counters of the formations that deploy on the map (not the reinforcements).
    fn deploying(&self) -> impl Iterator<Item = &Counter> + '_ {
        self.counters.iter().filter(|c| c.formation.is_some_and(|f| self.formations[f as usize].deploy != Deploy::Reinforcement))
    }

    /// Every constraint the rulebook puts on a scenario (a variant's too), and the consistency
    /// of the file's lists. Errors name the file, the item and the field.
    fn check_rulebook(&self, file: &str) -> Result<(), String> {
        let raw = &self.file;
        let m = &raw.map;
        if raw.id.trim().is_empty() || raw.title.trim().is_empty() {
            return Err(format!("{file}: id and title must not be empty"));
        }
        // Every hex list names each hex once, and every label is a hex of the map.
        let mut lists: Vec<(String, &Vec<String>)> = vec![
            ("map.hill".into(), &m.hill),
            ("map.olive_grove".into(), &m.olive_grove),
            ("map.river".into(), &m.river),
            ("map.building".into(), &m.building),
            ("map.town".into(), &m.town),
            ("map.farms".into(), &m.farms),
            ("map.royal_road".into(), &m.royal_road),
            ("map.stars".into(), &m.stars),
        ];
        lists.extend(m.minor_roads.iter().enumerate().map(|(i, r)| (format!("map.minor_roads[{i}]"), r)));
        lists.extend(m.deployment.iter().map(|(k, v)| (format!("map.deployment.{k}"), v)));
        lists.extend(m.decorative.iter().map(|(k, v)| (format!("map.decorative.{k}"), v)));
        for (field, list) in &lists {
            let mut seen = HashSet::new();
            for l in list.iter() {
                let h = Hex::from_label(l).map_err(|e| format!("{file}: {field}: bad hex '{l}': {e}"))?;
                if !self.grid.contains(h) {
                    return Err(format!("{file}: {field}: hex {l} is off the map"));
                }
                if !seen.insert(h) {
                    return Err(format!("{file}: {field}: hex {l} is listed twice"));
                }
            }
        }
        let mut place_names = HashSet::new();
        for (i, p) in m.places.iter().enumerate() {
            let h = Hex::from_label(&p.hex).map_err(|e| format!("{file}: map.places[{i}] ({}): bad hex '{}': {e}", p.name, p.hex))?;
            if !self.grid.contains(h) {
                return Err(format!("{file}: map.places[{i}] ({}): hex {} is off the map", p.name, p.hex));
            }
            if p.name.trim().is_empty() || !place_names.insert(p.name.as_str()) {
                return Err(format!("{file}: map.places[{i}]: the name '{}' is empty or used twice", p.name));
            }
            // The Board: Bailén is the town ("the hexagons that comprise the town of Bailén").
            if p.name == "Bailén" && !self.has(h, TOWN) {
                return Err(format!("{file}: map.places[{i}] (Bailén): hex {} is not a town hex", p.hex));
            }
        }

        // The Board: each hex is of one terrain type; buildings are Bailén's houses or farms.
        let terrain: [(&str, &Vec<String>); 4] =
            [("hill", &m.hill), ("olive_grove", &m.olive_grove), ("river", &m.river), ("building", &m.building)];
        for (i, (a, la)) in terrain.iter().enumerate() {
            let sa = self.hexes_of(la);
            for (b, lb) in terrain.iter().skip(i + 1) {
                if let Some(h) = self.hexes_of(lb).iter().find(|h| sa.contains(h)) {
                    return Err(format!("{file}: map.{a} and map.{b}: hex {} is both", h.label()));
                }
            }
        }
        let (town, farms, building) = (self.hexes_of(&m.town), self.hexes_of(&m.farms), self.hexes_of(&m.building));
        if let Some(h) = town.iter().find(|h| farms.contains(h)) {
            return Err(format!("{file}: map.town and map.farms: hex {} is both", h.label()));
        }
        if let Some(h) = town.union(&farms).find(|h| !building.contains(h)) {
            return Err(format!("{file}: map.building: town or farm hex {} is missing", h.label()));
        }
        if let Some(h) = building.iter().find(|h| !town.contains(h) && !farms.contains(h)) {
            return Err(format!("{file}: map.building: hex {} is neither a town hex nor a farm", h.label()));
        }
        // Bailén is one town, and the Royal Road crosses it.
        let town_list: Vec<Hex> = m.town.iter().filter_map(|l| Hex::from_label(l).ok()).collect();
        let Some(&first_town) = town_list.first() else {
            return Err(format!("{file}: map.town: Bailén has no hex"));
        };
        let mut reached = BTreeSet::from([first_town]);
        let mut stack = vec![first_town];
        while let Some(h) = stack.pop() {
            for n in h.neighbours() {
                if town.contains(&n) && reached.insert(n) {
                    stack.push(n);
                }
            }
        }
        if let Some(h) = town_list.iter().find(|h| !reached.contains(h)) {
            return Err(format!("{file}: map.town: hex {} is apart from the rest of Bailén", h.label()));
        }

        // The Royal Road: one path, Castaños's entry 3001 at its start, Vedel's 3035 at its end,
        // both on the board's edge (Reinforcements: "Hexagon number 3001 counts as the first").
        let road: Vec<Hex> = m.royal_road.iter().filter_map(|l| Hex::from_label(l).ok()).collect();
        let (Some(&start), Some(&end)) = (road.first(), road.last()) else {
            return Err(format!("{file}: map.royal_road: the road needs at least two hexes"));
        };
        let keys: Vec<&str> = m.entry.keys().map(String::as_str).collect();
        if keys != ["Castaños", "Vedel"] {
            return Err(format!("{file}: map.entry: the keys must be exactly Castaños and Vedel, not {keys:?}"));
        }
        for (who, at, label) in [("Castaños", start, "3001"), ("Vedel", end, "3035")] {
            let given = m.entry.get(who).map(String::as_str).unwrap_or("");
            if given != label || at.label() != label {
                return Err(format!(
                    "{file}: map.entry.{who}: the rulebook's entry hex is {label}, and it must end the Royal Road (given {given}, road end {})",
                    at.label()
                ));
            }
            if !self.on_edge(at) {
                return Err(format!("{file}: map.entry.{who}: hex {label} is not on the board's edge"));
            }
        }
        if !road.iter().any(|h| town.contains(h)) {
            return Err(format!("{file}: map.royal_road: the road does not cross Bailén"));
        }
        // Who Wins the Game?: the star hexes are "the stretch that connects the Royal Road right at
        // its entrance to Bailén with the edge of the board" toward La Carolina (Vedel's entry).
        let stars = self.hexes_of(&m.stars);
        if stars.len() < 5 {
            return Err(format!("{file}: map.stars: {} star hexes, but France needs 5 counters on them", stars.len()));
        }
        let entrance = road.iter().position(|h| town.contains(h)).unwrap_or(0);
        let stretch: BTreeSet<Hex> = road[entrance..].iter().copied().collect();
        if stars != stretch {
            let odd = road[entrance..].iter().find(|h| !stars.contains(h)).or(stars.iter().find(|h| !stretch.contains(h)));
            return Err(format!(
                "{file}: map.stars: the stars must be the Royal Road from its entrance to Bailén ({}) to the edge at 3035 (hex {} differs)",
                road[entrance].label(),
                odd.map(|h| h.label()).unwrap_or_default()
            ));
        }
        for (i, r) in m.minor_roads.iter().enumerate() {
            let hexes = self.hexes_of(r);
            if r.len() < 2 {
                return Err(format!("{file}: map.minor_roads[{i}]: a road needs at least two hexes"));
            }
            if let Some(h) = hexes.iter().find(|h| stretch.contains(h) || road.contains(h)) {
                return Err(format!("{file}: map.minor_roads[{i}]: hex {} is a Royal Road hex", h.label()));
            }
            let ends = [r.first(), r.last()].into_iter().flatten().filter_map(|l| Hex::from_label(l).ok());
            if !ends.clone().any(|e| self.on_edge(e) || road.iter().any(|h| h.distance(e) <= 1)) {
                return Err(format!("{file}: map.minor_roads[{i}]: neither end meets the Royal Road or the board's edge"));
            }
        }
        // Decorative features "have no impact on the game": only on clear hexes, off the roads.
        for (k, list) in &m.decorative {
            if k != "wheat" && k != "scrub" {
                return Err(format!("{file}: map.decorative.{k}: only wheat and scrub are decorative"));
            }
            for h in self.hexes_of(list) {
                let minor = m.minor_roads.iter().any(|r| r.contains(&h.label()));
                if self.has(h, HILL | OLIVE | RIVER | BUILDING | ROAD) || minor {
                    return Err(format!("{file}: map.decorative.{k}: hex {} has terrain or a road", h.label()));
                }
            }
        }
        if let (Some(w), Some(s)) = (m.decorative.get("wheat"), m.decorative.get("scrub")) {
            if let Some(h) = self.hexes_of(w).intersection(&self.hexes_of(s)).next() {
                return Err(format!("{file}: map.decorative: hex {} is both wheat and scrub", h.label()));
            }
        }

        // Game Setup: the French zone and the lettered Spanish hexes V, R, C ("sometimes ...
        // two letters", never three), the entries in no zone, Bailén and the stars Spanish side.
        let dep_keys: Vec<&str> = m.deployment.keys().map(String::as_str).collect();
        if dep_keys != ["C", "French", "R", "V"] {
            return Err(format!("{file}: map.deployment: the zones must be exactly French, V, R and C, not {dep_keys:?}"));
        }
        let (french, v, r, c) = (self.zone(Deploy::French), self.zone(Deploy::V), self.zone(Deploy::R), self.zone(Deploy::C));
        if let Some(h) = v.iter().find(|h| r.contains(h) && c.contains(h)) {
            return Err(format!("{file}: map.deployment: hex {} carries all three letters V, R and C", h.label()));
        }
        for (who, h) in [("Castaños", start), ("Vedel", end)] {
            if french.contains(&h) || v.contains(&h) || r.contains(&h) || c.contains(&h) {
                return Err(format!("{file}: map.deployment: {who}'s entry hex {} is in a deployment zone", h.label()));
            }
        }
        if let Some(h) = french.iter().find(|h| self.has(**h, TOWN | STAR)) {
            return Err(format!(
                "{file}: map.deployment.French: hex {} is in Bailén or on a star hex, on the Spanish side of the board",
                h.label()
            ));
        }

        self.check_counters(file)?;

        // Every counter of a deploying formation must find a hex (Game Setup), whatever hexes
        // Venegas took first (Hall's condition for the lettered zones).
        let size = |d: Deploy| self.deploying().filter(|k| k.formation.is_some_and(|f| self.formations[f as usize].deploy == d)).count();
        let (nf, nv, nr, nc) = (size(Deploy::French), size(Deploy::V), size(Deploy::R), size(Deploy::C));
        let u = |a: &BTreeSet<Hex>, b: &BTreeSet<Hex>| a.union(b).count();
        let minus = |a: &BTreeSet<Hex>| a.difference(&v).count();
        let rc: BTreeSet<Hex> = r.union(&c).copied().collect();
        let fits = french.len() >= nf
            && v.len() >= nv
            && r.len() >= nr
            && c.len() >= nc
            && u(&v, &r) >= nv + nr
            && u(&v, &c) >= nv + nc
            && u(&r, &c) >= nr + nc
            && v.union(&rc).count() >= nv + nr + nc
            && minus(&r) >= nr
            && minus(&c) >= nc
            && minus(&rc) >= nr + nc;
        if !fits {
            return Err(format!(
                "{file}: map.deployment: the zones cannot hold every deploying counter (French {nf} on {}, Venegas {nv} on V {}, Reding {nr} on R {}, Coupigny {nc} on C {}, Reding and Coupigny after any V hexes Venegas took)",
                french.len(),
                v.len(),
                r.len(),
                c.len()
            ));
        }
        // Who Wins the Game?: the battle must not open with a surrender ("more than double the
        // counters on the board").
        let on = |side: Side| self.deploying().filter(|k| k.side == side).count();
        let (fr, sp) = (on(Side::French), on(Side::Spanish));
        if fr > 2 * sp || sp > 2 * fr {
            return Err(format!(
                "{file}: formations: the deployed armies (French {fr}, Spanish {sp} counters) open with a surrender: one has more than double the other"
            ));
        }
        Ok(())
    }

    /// The counters, their classes and their formations against the rulebook's text.
    fn check_counters(&self, file: &str) -> Result<(), String> {
        let raw = &self.file;
        // Formations: the eight generals, their sides and where they start; distinct colours,
        // Vedel's aquamarine ("Vedel's formation (aquamarine color)").
        if raw.formations.len() != FORMATIONS.len() {
            return Err(format!("{file}: formations: {} formations, the rulebook has 8", raw.formations.len()));
        }
        let mut colours = HashSet::new();
        for (f, (name, side, deploy)) in self.formations.iter().zip(FORMATIONS) {
            let at = format!("{file}: formation {}", f.name);
            if f.name != name || f.side != side || f.deploy != deploy {
                return Err(format!("{at}: expected {name} ({side}, deploying {deploy:?}) in this place of the list"));
            }
            let colour = raw.formations.iter().find(|x| x.name == f.name).map(|x| x.colour.as_str()).unwrap_or("");
            let Some(rgb) = rgb(colour) else {
                return Err(format!("{at}: colour '{colour}' is not #rrggbb"));
            };
            if !colours.insert(colour.to_ascii_lowercase()) {
                return Err(format!("{at}: colour {colour} is another formation's"));
            }
            let aqua = [0x7f, 0xff, 0xd4];
            if name == "Vedel" && rgb.iter().zip(aqua).map(|(a, b)| (a - b) * (a - b)).sum::<i32>() > 40 * 40 {
                return Err(format!("{at}: colour {colour} is not aquamarine (#7fffd4)"));
            }
            let leader = &self.counters[f.leader as usize];
            let fi = self.formation_named(&f.name);
            if leader.formation != fi || folded(&leader.name) != folded(&f.name) {
                return Err(format!("{at}: leader {} ({}) must be the general of this name in this formation", leader.id, leader.name));
            }
        }
        // Counters: names unique, and no name another counter's id (setups name either).
        let mut names = HashSet::new();
        let ids: HashSet<&str> = self.counters.iter().map(|c| c.id.as_str()).collect();
        for c in &self.counters {
            if c.name.trim().is_empty() || !names.insert(c.name.as_str()) || (ids.contains(c.name.as_str()) && c.name != c.id) {
                return Err(format!("{file}: counter {} ({}): name: empty, used twice, or another counter's id", c.id, c.name));
            }
        }
        for c in &self.counters {
            let at = format!("{file}: counter {} ({})", c.id, c.name);
            let wrong = |what: &str| Err(format!("{at}: class: {what} (The Counters, Unit Types in Detail)"));
            match (c.kind, c.side) {
                (Kind::Leader, _) if c.command != 5 => return wrong("a leader's command factor is 5"),
                (Kind::EliteInfantry, _) if (c.cf, c.attacks, c.df) != (3, 2, 7) => return wrong("elite infantry: 2 attacks of 3, defence 7"),
                (Kind::LineInfantry, _) if (c.cf, c.attacks, c.df, c.mf) != (3, 1, 6, 4) => {
                    return wrong("line infantry: 1 attack of 3, defence 6, 4 movement points")
                }
                (Kind::Militia, _) if (c.cf, c.attacks, c.df) != (2, 1, 6) => return wrong("militia: 1 attack of 2, defence 6"),
                (Kind::LightCavalry, _) if c.attacks != 1 => return wrong("light cavalry: only 1 attack"),
                (Kind::LightCavalry, Side::French) if c.mf != 8 => return wrong("French light cavalry: 8 movement points"),
                (Kind::Artillery, Side::Spanish) if (c.cf, c.attacks, c.range) != (3, 2, 18) => {
                    return wrong("the Spanish 12-pounders: 2 attacks of 3, range 18")
                }
                (Kind::HorseArtillery, Side::Spanish) | (Kind::Artillery, Side::French) if (c.cf, c.attacks, c.range) != (2, 2, 12) => {
                    return wrong("range-12 pieces: 2 attacks of 2")
                }
                (Kind::HorseArtillery, Side::French) if (c.attacks, c.range) != (1, 8) => {
                    return wrong("the French light pieces: 1 attack, range 8")
                }
                (Kind::Artillery, Side::French) | (Kind::RegularCavalry, Side::French) if c.df > 6 => {
                    return wrong("French artillery and regular cavalry defend at 6 or less (the combined-attack example)")
                }
                (Kind::WaterCarrier, _) if c.water_range != 10 || c.cf != 0 || c.mf != 0 || c.df != 0 || c.range != 0 => {
                    return wrong("María Bellido: water range 10, and no combat, movement, defence or range")
                }
                (Kind::WaterCarrier, _) if c.side != Side::Spanish || c.formation.is_some() || c.historical.is_some() => {
                    return Err(format!("{at}: María Bellido is Spanish, of no formation, with no deployment hex"))
                }
                (k, _) if !k.is_artillery() && k != Kind::WaterCarrier && c.range != 1 => {
                    return wrong("only artillery fires at range: range 1")
                }
                _ => {}
            }
            if c.swiss && !c.kind.is_infantry() {
                return Err(format!("{at}: swiss: Swiss counters are infantry"));
            }
            // Counters with Special Effects: "the 4 Spanish light cavalry units ... +1 in pursuit".
            if c.pursuit_bonus != (c.side == Side::Spanish && c.kind == Kind::LightCavalry) {
                return Err(format!("{at}: pursuit_bonus: exactly the 4 Spanish light cavalry (Garrochistas and Lanceros) have it"));
            }
            // Game Setup: reinforcements start off the map; the others have a historical hex.
            let deploys = c.formation.is_some_and(|f| self.formations[f as usize].deploy != Deploy::Reinforcement);
            if c.historical.is_some() != deploys && c.kind != Kind::WaterCarrier {
                return Err(format!(
                    "{at}: historical: {}",
                    if deploys { "every deploying counter needs its historical hex" } else { "a reinforcement starts off the map" }
                ));
            }
        }
        // Orders between the types (Unit Types in Detail), side by side.
        for side in [Side::French, Side::Spanish] {
            let of = |k: Kind| self.counters.iter().filter(move |c| c.side == side && c.kind == k);
            let (light, regular) = (of(Kind::LightCavalry), of(Kind::RegularCavalry));
            for l in light.clone() {
                for r in regular.clone() {
                    if r.cf <= l.cf || r.mf >= l.mf {
                        return Err(format!(
                            "{file}: counter {} ({}): class: regular cavalry fights harder and moves slower than light cavalry ({})",
                            r.id, r.name, l.id
                        ));
                    }
                }
            }
            for q in of(Kind::Cuirassier) {
                if let Some(r) = regular.clone().find(|r| q.cf != r.cf || q.df <= r.df) {
                    return Err(format!("{file}: counter {} ({}): class: cuirassiers attack as regular cavalry ({}) and defend better", q.id, q.name, r.id));
                }
            }
            for h in of(Kind::HorseArtillery) {
                if let Some(a) = of(Kind::Artillery).find(|a| h.mf <= a.mf) {
                    return Err(format!("{file}: counter {} ({}): class: horse artillery moves more than foot artillery ({})", h.id, h.name, a.id));
                }
            }
        }
        let slowest_cavalry = self.counters.iter().filter(|c| c.kind.is_cavalry()).map(|c| c.mf).min().unwrap_or(u8::MAX);
        if let Some(m) = self.counters.iter().find(|c| c.kind == Kind::Militia && c.mf >= slowest_cavalry) {
            return Err(format!("{file}: counter {} ({}): class: every cavalry out-moves the militia (the tactical-retreat example)", m.id, m.name));
        }
        Ok(())
    }

    /// The built-in file's own conventions (scenarios/check_bailen.py): the stand-in map, order of
    /// battle and historical deployment authored from bailen-gaps.md, labelled STAND-IN. A
    /// publisher's or modder's variant need not follow them.
    fn check_built_in(&self, file: &str) -> Result<(), String> {
        let raw = &self.file;
        let m = &raw.map;
        let fail = |what: String| Err(format!("{file}: {what} (built-in stand-in, bailen-gaps.md)"));
        if raw.id != DEFAULT_SCENARIO || raw.title != "Bailén 1808: La primera derrota de Napoleón" {
            return fail("id and title".into());
        }
        if !raw.notes.iter().any(|n| n.contains("STAND-IN") && n.to_lowercase().contains("map")) || !m.stand_in.contains("STAND-IN") {
            return fail("notes and map.stand_in must say the map is a STAND-IN".into());
        }
        if (m.columns, m.rows) != (40, 35) {
            return fail("map: 40 columns by 35 rows".into());
        }
        let road: Vec<Hex> = m.royal_road.iter().filter_map(|l| Hex::from_label(l).ok()).collect();
        let river = self.hexes_of(&m.river);
        let crossings: Vec<String> = road.iter().filter(|h| river.contains(h)).map(|h| h.label()).collect();
        if crossings != ["3004"] {
            return fail(format!("map.royal_road: crosses the river only at the bridge 3004, not {crossings:?}"));
        }
        if let Some(h) = road.iter().find(|h| self.has(**h, HILL | OLIVE) || (self.has(**h, BUILDING) && !self.has(**h, TOWN))) {
            return fail(format!("map.royal_road: hex {} is a hill, a grove or a farm", h.label()));
        }
        let river_rows: HashSet<i16> = river.iter().map(|h| h.column_row().1).collect();
        if river_rows.len() != 1 || river.len() != 40 {
            return fail("map.river: one row across the board".into());
        }
        let river_row = river_rows.into_iter().next().unwrap_or(0);
        let (french, spanish) = (
            self.zone(Deploy::French),
            [Deploy::V, Deploy::R, Deploy::C].iter().flat_map(|&d| self.zone(d)).collect::<BTreeSet<Hex>>(),
        );
        let rows = |z: &BTreeSet<Hex>| z.iter().map(|h| h.column_row().1).collect::<Vec<i16>>();
        let (fr, sr) = (rows(&french), rows(&spanish));
        let (fmax, smin) = (fr.iter().max().copied().unwrap_or(0), sr.iter().min().copied().unwrap_or(0));
        if fr.iter().chain(&sr).any(|&r| r <= river_row) || fmax >= smin - 1 {
            return fail("map.deployment: both armies beyond the Rumblar, the French zone wholly on the stream side with a gap".into());
        }
        for (k, c) in &raw.classes {
            if !c.source.contains("STAND-IN") || !c.source.contains("Text") {
                return fail(format!("class {k}: source says what is text and what is STAND-IN"));
            }
        }
        for f in &raw.formations {
            if !f.stand_in.contains("STAND-IN") {
                return fail(format!("formation {}: stand_in labelled STAND-IN", f.name));
            }
        }
        // Counters: ids F01.., S01.., ordered by side, formation (leader first), type; the
        // side-specific classes used by their side; the composition of bailen-gaps.md §3.
        let order = |k: Kind| k as usize;
        let mut last = (0usize, 0usize, 0usize);
        let mut n = [0usize; 2];
        for (i, c) in self.counters.iter().enumerate() {
            let s = side_index(c.side);
            n[s] += 1;
            let want = format!("{}{:02}", if s == 0 { "F" } else { "S" }, n[s]);
            let key = (s, c.formation.map_or(99, usize::from), order(c.kind));
            if c.id != want || key < last {
                return fail(format!("counter {}: ids run F01.., S01.. in side, formation, type order", c.id));
            }
            last = key;
            let class = &raw.counters[i].class;
            if (class.starts_with("french_") && c.side != Side::French) || (class.starts_with("spanish_") && c.side != Side::Spanish) {
                return fail(format!("counter {}: class {class} is the other side's", c.id));
            }
        }
        use Kind::*;
        let composition: [(&str, &[(Kind, usize)]); 8] = [
            ("Dupont", &[(Leader, 1), (EliteInfantry, 3), (LineInfantry, 4), (Artillery, 2)]),
            ("Fresia", &[(Leader, 1), (HorseArtillery, 4), (Cuirassier, 2), (RegularCavalry, 7), (LightCavalry, 3)]),
            ("Barbou", &[(Leader, 1), (EliteInfantry, 3), (LineInfantry, 10), (Artillery, 3)]),
            (
                "Vedel",
                &[(Leader, 1), (EliteInfantry, 4), (LineInfantry, 8), (Artillery, 2), (HorseArtillery, 2), (Cuirassier, 1), (RegularCavalry, 4), (LightCavalry, 1)],
            ),
            ("Venegas", &[(Leader, 1), (EliteInfantry, 2), (LineInfantry, 3), (Militia, 2), (HorseArtillery, 2), (RegularCavalry, 3), (LightCavalry, 2)]),
            (
                "Reding",
                &[(Leader, 1), (EliteInfantry, 3), (LineInfantry, 7), (Militia, 3), (Artillery, 2), (HorseArtillery, 3), (RegularCavalry, 3), (LightCavalry, 1)],
            ),
            (
                "Coupigny",
                &[(Leader, 1), (EliteInfantry, 3), (LineInfantry, 6), (Militia, 3), (Artillery, 2), (HorseArtillery, 2), (RegularCavalry, 3), (LightCavalry, 1)],
            ),
            ("Castaños", &[(Leader, 1), (EliteInfantry, 2), (LineInfantry, 7), (Militia, 3), (HorseArtillery, 3), (RegularCavalry, 5)]),
        ];
        for (name, kinds) in composition {
            let f = self.formation_named(name);
            let members: Vec<&Counter> = self.counters.iter().filter(|c| c.formation == f).collect();
            let total: usize = kinds.iter().map(|k| k.1).sum();
            if members.len() != total || kinds.iter().any(|&(k, n)| members.iter().filter(|c| c.kind == k).count() != n) {
                return fail(format!("formation {name}: composition as bailen-gaps.md §3"));
            }
        }
        let swiss = |side: Side| self.counters.iter().filter(|c| c.swiss && c.side == side).count();
        if swiss(Side::French) != 4 || swiss(Side::Spanish) != 2 || self.counters.iter().any(|c| c.swiss && c.kind != LineInfantry) {
            return fail("swiss: 4 French and 2 Spanish line infantry counters".into());
        }
        if let Some(c) = self.counters.iter().find(|c| c.pursuit_bonus && !(c.name.contains("Garrochistas") || c.name.contains("Lanceros"))) {
            return fail(format!("counter {}: the pursuit bonus is the Garrochistas' and Lanceros'", c.id));
        }
        if m.places.iter().filter(|p| p.name == "Bailén").count() != 1 {
            return fail("map.places: one place named Bailén".into());
        }
        // The historical deployment (gaps §1.10): armies at least 5 hexes apart, and the
        // formations where the accounts put them.
        let hist = |side: Side| self.deploying().filter(move |c| c.side == side).filter_map(|c| c.historical);
        let closest = hist(Side::French).flat_map(|f| hist(Side::Spanish).map(move |s| f.distance(s))).min().unwrap_or(u16::MAX);
        if closest < 5 {
            return fail(format!("historical: the armies start {closest} hexes apart, not 5 or more"));
        }
        let of = |name: &str| {
            let f = self.formation_named(name);
            self.counters.iter().filter(move |c| c.formation == f && c.historical.is_some())
        };
        let cr = |c: &Counter| c.historical.map(|h| h.column_row()).unwrap_or((0, 0));
        let twelve: HashSet<String> = of("Reding").filter(|c| c.kind == Artillery).filter_map(|c| c.historical.map(|h| h.label())).collect();
        let barbou_guns: HashSet<String> = of("Barbou").filter(|c| c.kind == Artillery).filter_map(|c| c.historical.map(|h| h.label())).collect();
        let rows_of = |name: &str| of(name).map(|c| cr(c).1).collect::<Vec<i16>>();
        let cols_of = |name: &str| of(name).map(|c| cr(c).0).collect::<Vec<i16>>();
        let (dupont, barbou) = (rows_of("Dupont"), rows_of("Barbou"));
        let fresia = cols_of("Fresia");
        let venegas: Vec<&Counter> = of("Venegas").filter(|c| c.kind != Militia).collect();
        let reding_front: Vec<i16> = of("Reding").filter(|c| cr(c).1 <= 22).map(|c| cr(c).0).collect();
        let checks = [
            (twelve == HashSet::from(["2920".to_string(), "3120".to_string()]) && of("Reding").filter(|c| c.kind == Artillery).all(|c| c.historical.is_some_and(|h| self.has(h, HILL))), "Reding's 12-pounders on Cerro Valentín (2920, 3120)"),
            (barbou_guns.contains("3009") && barbou_guns.contains("2909"), "Barbou's guns lead on 3009 and 2909"),
            (hist(Side::French).all(|h| (5..=9).contains(&h.column_row().1)), "the French in rows 05-09"),
            (dupont.iter().max() < barbou.iter().min(), "Dupont's reserve behind Barbou"),
            (fresia.iter().any(|&c| c < 25) && fresia.iter().any(|&c| c > 32) && !fresia.iter().any(|c| (25..=32).contains(c)), "Frésia's cavalry on both flanks"),
            (venegas.iter().filter(|c| c.historical.is_some_and(|h| self.has(h, HILL))).count() + 1 >= venegas.len(), "Venegas on the north hills"),
            (reding_front.iter().any(|&c| c < 30) && reding_front.iter().any(|&c| c > 30), "Reding astride the road"),
            (cols_of("Coupigny").iter().all(|&c| c < 30), "Coupigny south of the road"),
        ];
        if let Some((_, what)) = checks.iter().find(|(ok, _)| !ok) {
            return fail(format!("historical: {what}"));
        }
        for name in ["Venegas", "Reding", "Coupigny"] {
            let front = of(name).filter(|c| c.kind != Militia).map(|c| cr(c).1).min().unwrap_or(0);
            if of(name).any(|c| c.kind == Militia && cr(c).1 <= front + 1) {
                return fail(format!("historical: {name}'s militia in second line"));
            }
        }
        Ok(())
    }
}

impl super::Bailen {
    /// A new game of a scenario file from outside the built-in list (a publisher's or a
    /// modder's variant), through the validation the built-in data passes: the rulebook's
    /// constraints (not the built-in stand-in's own conventions). `file_name` names the file in
    /// the errors. Its id must not be a built-in scenario's, so that a saved game's scenario
    /// id never names two files.
    pub fn from_scenario_file(file_name: &str, text: &str, options: &super::Options, seed: u64) -> Result<super::Bailen, crate::games::GameError> {
        let scen = Scenario::from_json(text, file_name).map_err(crate::games::GameError::Setup)?;
        if scen.id == DEFAULT_SCENARIO {
            return Err(crate::games::GameError::Setup(format!(
                "{file_name}: id: '{}' is the built-in scenario's id; a variant needs its own",
                scen.id
            )));
        }
        Ok(super::Bailen::start(Arc::new(scen), options.clone(), crate::core::dice::Dice::seeded(seed)))
    }
}
