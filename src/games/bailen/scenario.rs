//! Bailén's static data: the board, the counter mix and the formations, read from
//! `scenarios/bailen.json` and validated once. The mutable game state points to it.
use super::action::{Side, UnitId};
use crate::core::hex::{Grid, Hex};
use serde::{Deserialize, Serialize};
use tsify::Tsify;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, OnceLock};

/// The id of the built-in scenario.
pub const DEFAULT_SCENARIO: &str = "bailen-1808";
const BUILT_IN: &str = include_str!("../../../scenarios/bailen.json");

// ---- The file as written (plain description, untrusted) ----

#[derive(Clone, Debug, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
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
pub struct PlaceFile {
    pub name: String,
    pub hex: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
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
            .get_or_init(|| Scenario::from_json(BUILT_IN, "scenarios/bailen.json").map(Arc::new))
            .clone()
    }

    /// Parse and validate a scenario file. Errors name the file, the item and the field.
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
        Ok(Scenario {
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
        })
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
