//! The strategic map of the Age of Muskets I campaign: `scenarios/muskets_campaign_map.json`,
//! a STAND-IN authored from real geography (the rulebook refers to the printed map but does not
//! contain it; see `scenarios/README.md`).
//!
//! The file is untrusted input: `CampaignMap::from_json` checks its size and nesting before
//! reading it, reads every field by hand so that an error names the file, the zone (or border)
//! and the field, validates the values and the graph, and never panics. The geometry (shared
//! edges, non-overlapping polygons) is checked by `scenarios/check_muskets_campaign_map.py`;
//! here the polygons are only checked to be closed rings of points on the map.
use crate::core::bounded::parse_json_within;
use serde_json::{Map, Value};
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::OnceLock;

/// The file name used in the errors about the built-in map.
pub const FILE_NAME: &str = "muskets_campaign_map.json";
/// The built-in file, packed by build.rs (inflated when first read).
const BUILT_IN: crate::core::packed::Packed = crate::packed!("muskets_campaign_map.json");
/// Bounds for the untrusted text: the built-in file is about 400 KB and nested 6 levels.
const MAX_BYTES: usize = 4 * 1024 * 1024;
const MAX_DEPTH: usize = 16;

/// The index of a zone in `CampaignMap::zones`.
pub type ZoneId = usize;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terrain {
    Clear,
    Rough,
    Forest,
    Swamp,
    MountainPass,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Locality {
    None,
    Town,
    TownWithCastle,
    DefensibleCity,
    /// A Fortress and its breach modifier, subtracted from the breach roll (SR 9.4.g.3).
    Fortress { breach_modifier: u8 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Country {
    Spain,
    Portugal,
    France,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Climate {
    North,
    Central,
    South,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RiverKind {
    Major,
    Minor,
}

/// The 15 regions of the map (the 13 Spanish regions, Portugal and France).
pub const REGIONS: [(&str, Country); 15] = [
    ("Galicia", Country::Spain),
    ("Asturias", Country::Spain),
    ("León", Country::Spain),
    ("Castilla la Vieja", Country::Spain),
    ("Castilla la Nueva", Country::Spain),
    ("Extremadura", Country::Spain),
    ("Andalucía", Country::Spain),
    ("Murcia", Country::Spain),
    ("Valencia", Country::Spain),
    ("Aragón", Country::Spain),
    ("Catalonia", Country::Spain),
    ("Navarre", Country::Spain),
    ("Basque Country", Country::Spain),
    ("Portugal", Country::Portugal),
    ("France", Country::France),
];

#[derive(Clone, Debug)]
pub struct Zone {
    pub id: String,
    pub name: String,
    pub aliases: Vec<String>,
    pub label: (i32, i32),
    pub polygon: Vec<(i32, i32)>,
    pub terrain: Terrain,
    pub locality: Locality,
    pub port: bool,
    pub coastal: bool,
    pub coast_index: Option<u16>,
    pub country: Country,
    /// An index into `REGIONS`.
    pub region: usize,
    pub climate: Climate,
    /// The ER 2.1 Guerrilla region (a `REGIONS` index: the region in Spain, Portugal in
    /// Portugal), or None in France.
    pub guerrilla_region: Option<usize>,
    pub forage: u8,
    pub vp_per_turn: u8,
    pub ebro_navigable: bool,
    pub spanish_city: bool,
    pub lisboa_lines: bool,
    pub gibraltar_naval_base: bool,
    pub bordeaux_arrow: bool,
    pub off_map: bool,
}

#[derive(Clone, Debug)]
pub struct Border {
    pub a: ZoneId,
    pub b: ZoneId,
    /// False for a mountain border (SR 8.2.a.2).
    pub adjacent: bool,
    pub river: Option<(String, RiverKind)>,
    pub bridge: bool,
    pub east_coast_drought: bool,
    pub length: u32,
}

/// The validated map.
#[derive(Debug)]
pub struct CampaignMap {
    pub width: i32,
    pub height: i32,
    pub zones: Vec<Zone>,
    pub borders: Vec<Border>,
    by_id: HashMap<String, ZoneId>,
    by_pair: HashMap<(ZoneId, ZoneId), usize>,
    neighbours: Vec<Vec<ZoneId>>,
}

impl CampaignMap {
    /// The built-in map, read and validated once.
    pub fn built_in() -> Result<&'static CampaignMap, String> {
        static MAP: OnceLock<Result<CampaignMap, String>> = OnceLock::new();
        MAP.get_or_init(|| CampaignMap::from_json(FILE_NAME, &BUILT_IN.text())).as_ref().map_err(|e| e.clone())
    }

    /// Read and validate a map file. `file` names it in the errors.
    pub fn from_json(file: &str, text: &str) -> Result<CampaignMap, String> {
        let root: Value = parse_json_within(text, file, MAX_BYTES, MAX_DEPTH)?;
        let top = root.as_object().ok_or_else(|| format!("{file}: the top level is not an object"))?;
        let at = |what: &str| format!("{file}: {what}");
        let map = obj(top, "map", &at("top level"))?;
        let width = int(map, "width", &at("map"), 1, 100_000)? as i32;
        let height = int(map, "height", &at("map"), 1, 100_000)? as i32;

        // zones
        let zone_values = arr(top, "zones", &at("top level"))?;
        let mut zones = Vec::with_capacity(zone_values.len());
        let mut by_id = HashMap::new();
        let mut raw_adjacent = Vec::with_capacity(zone_values.len());
        for (i, v) in zone_values.iter().enumerate() {
            let o = v.as_object().ok_or_else(|| format!("{file}: zones[{i}] is not an object"))?;
            let id = string(o, "id", &format!("{file}: zones[{i}]"))?;
            let here = format!("{file}: zone '{id}' (zones[{i}])");
            let zone = read_zone(o, id.clone(), &here, width, height)?;
            if by_id.insert(id.clone(), i).is_some() {
                return Err(format!("{here}: field 'id': '{id}' is used by an earlier zone"));
            }
            raw_adjacent.push(strings(o, "adjacent", &here)?);
            zones.push(zone);
        }
        if zones.is_empty() {
            return Err(at("field 'zones' is empty"));
        }

        // borders
        let border_values = arr(top, "borders", &at("top level"))?;
        let mut borders = Vec::with_capacity(border_values.len());
        let mut by_pair = HashMap::new();
        for (k, v) in border_values.iter().enumerate() {
            let o = v.as_object().ok_or_else(|| format!("{file}: borders[{k}] is not an object"))?;
            let first = format!("{file}: borders[{k}]");
            let a_id = string(o, "a", &first)?;
            let b_id = string(o, "b", &first)?;
            let here = format!("{file}: border '{a_id}'-'{b_id}' (borders[{k}])");
            let zone_of = |f: &str, id: &str| {
                by_id.get(id).copied().ok_or_else(|| format!("{here}: field '{f}': no zone '{id}'"))
            };
            let (a, b) = (zone_of("a", &a_id)?, zone_of("b", &b_id)?);
            if a == b {
                return Err(format!("{here}: a zone cannot border itself"));
            }
            let adjacent = boolean(o, "adjacent", &here)?;
            let mountain = boolean(o, "mountain", &here)?;
            if adjacent == mountain {
                return Err(format!("{here}: field 'adjacent' must be the opposite of 'mountain'"));
            }
            let river = match (opt_string(o, "river", &here)?, opt_string(o, "river_kind", &here)?) {
                (None, None) => None,
                (Some(name), Some(kind)) => Some((name, match kind.as_str() {
                    "major" => RiverKind::Major,
                    "minor" => RiverKind::Minor,
                    other => return Err(format!("{here}: field 'river_kind': '{other}' is not major or minor")),
                })),
                _ => return Err(format!("{here}: fields 'river' and 'river_kind' must both be null or both be set")),
            };
            let bridge = boolean(o, "bridge", &here)?;
            if bridge && (river.is_none() || mountain) {
                return Err(format!("{here}: field 'bridge': a bridge needs a river and no mountain"));
            }
            let east_coast_drought = boolean(o, "east_coast_drought", &here)?;
            if east_coast_drought && river.is_none() {
                return Err(format!("{here}: field 'east_coast_drought': there is no river"));
            }
            let length = int(o, "length", &here, 0, 1_000_000)? as u32;
            let key = (a.min(b), a.max(b));
            if by_pair.insert(key, borders.len()).is_some() {
                return Err(format!("{here}: the two zones already have a border"));
            }
            borders.push(Border { a, b, adjacent, river, bridge, east_coast_drought, length });
        }

        // adjacency: each zone's list is exactly its non-mountain borders (hence symmetric)
        let mut neighbours = vec![Vec::new(); zones.len()];
        for bd in &borders {
            if bd.adjacent {
                neighbours[bd.a].push(bd.b);
                neighbours[bd.b].push(bd.a);
            }
        }
        for (i, listed) in raw_adjacent.iter().enumerate() {
            let here = format!("{file}: zone '{}' (zones[{i}])", zones[i].id);
            let mut ids = HashSet::new();
            for n in listed {
                let j = *by_id.get(n.as_str()).ok_or_else(|| format!("{here}: field 'adjacent': no zone '{n}'"))?;
                if !ids.insert(j) {
                    return Err(format!("{here}: field 'adjacent': '{n}' is listed twice"));
                }
                if !neighbours[i].contains(&j) {
                    return Err(format!("{here}: field 'adjacent': '{n}' is listed but no open border joins them"));
                }
            }
            if let Some(&j) = neighbours[i].iter().find(|j| !ids.contains(j)) {
                return Err(format!("{here}: field 'adjacent': '{}' is missing (they share an open border)", zones[j].id));
            }
            neighbours[i].sort_unstable();
        }

        // the whole map
        let mut seen = vec![false; zones.len()];
        let mut queue = VecDeque::from([0]);
        seen[0] = true;
        while let Some(u) = queue.pop_front() {
            for &v in &neighbours[u] {
                if !seen[v] {
                    seen[v] = true;
                    queue.push_back(v);
                }
            }
        }
        if let Some(i) = seen.iter().position(|s| !s) {
            return Err(format!("{file}: zone '{}' cannot be reached from zone '{}'", zones[i].id, zones[0].id));
        }
        let mut coast: Vec<u16> = zones.iter().filter_map(|z| z.coast_index).collect();
        coast.sort_unstable();
        if coast.iter().enumerate().any(|(k, &c)| usize::from(c) != k + 1) {
            return Err(at("the coast_index values of the coastal zones must be 1, 2, ... without gaps or repeats"));
        }
        let counts = [
            ("lisboa_lines", "the Lines of Torres Vedras", zones.iter().filter(|z| z.lisboa_lines).count()),
            ("gibraltar_naval_base", "Gibraltar's Naval Base", zones.iter().filter(|z| z.gibraltar_naval_base).count()),
            ("bordeaux_arrow", "the 'To Bourdeaux' arrow zone", zones.iter().filter(|z| z.bordeaux_arrow).count()),
        ];
        for (flag, name, n) in counts {
            if n != 1 {
                return Err(at(&format!("special '{flag}' ({name}) must be on exactly one zone, not {n}")));
            }
        }
        Ok(CampaignMap { width, height, zones, borders, by_id, by_pair, neighbours })
    }

    /// The zone with this id.
    pub fn zone_id(&self, id: &str) -> Option<ZoneId> {
        self.by_id.get(id).copied()
    }

    /// The zone a scenario names: by id, by name (with or without its bracket), or by alias.
    pub fn find(&self, place: &str) -> Option<ZoneId> {
        let p = place.trim();
        self.zone_id(p).or_else(|| {
            self.zones.iter().position(|z| {
                z.name == p || z.name.split(" (").next() == Some(p) || z.aliases.iter().any(|a| a == p)
            })
        })
    }

    /// The zones adjacent to `z` (across a border that is not mountain), sorted.
    pub fn neighbours(&self, z: ZoneId) -> &[ZoneId] {
        self.neighbours.get(z).map(Vec::as_slice).unwrap_or(&[])
    }

    pub fn adjacent(&self, a: ZoneId, b: ZoneId) -> bool {
        self.border(a, b).is_some_and(|bd| bd.adjacent)
    }

    /// The border between two zones, mountain borders included.
    pub fn border(&self, a: ZoneId, b: ZoneId) -> Option<&Border> {
        self.by_pair.get(&(a.min(b), a.max(b))).and_then(|&k| self.borders.get(k))
    }

    /// The number of moves from `a` to `b` over adjacent zones (None if unreachable).
    pub fn distance(&self, a: ZoneId, b: ZoneId) -> Option<usize> {
        let mut dist = vec![usize::MAX; self.zones.len()];
        *dist.get_mut(a)? = 0;
        let mut queue = VecDeque::from([a]);
        while let Some(u) = queue.pop_front() {
            if u == b {
                return Some(dist[u]);
            }
            for &v in self.neighbours(u) {
                if dist[v] == usize::MAX {
                    dist[v] = dist[u] + 1;
                    queue.push_back(v);
                }
            }
        }
        None
    }
}

// ------------------------------------------------------------------ reading fields

fn field<'a>(o: &'a Map<String, Value>, f: &str, here: &str) -> Result<&'a Value, String> {
    o.get(f).ok_or_else(|| format!("{here}: field '{f}' is missing"))
}

fn obj<'a>(o: &'a Map<String, Value>, f: &str, here: &str) -> Result<&'a Map<String, Value>, String> {
    field(o, f, here)?.as_object().ok_or_else(|| format!("{here}: field '{f}' is not an object"))
}

fn arr<'a>(o: &'a Map<String, Value>, f: &str, here: &str) -> Result<&'a Vec<Value>, String> {
    field(o, f, here)?.as_array().ok_or_else(|| format!("{here}: field '{f}' is not an array"))
}

fn string(o: &Map<String, Value>, f: &str, here: &str) -> Result<String, String> {
    field(o, f, here)?.as_str().map(str::to_string).ok_or_else(|| format!("{here}: field '{f}' is not a string"))
}

fn opt_string(o: &Map<String, Value>, f: &str, here: &str) -> Result<Option<String>, String> {
    match field(o, f, here)? {
        Value::Null => Ok(None),
        Value::String(s) => Ok(Some(s.clone())),
        _ => Err(format!("{here}: field '{f}' is neither a string nor null")),
    }
}

fn strings(o: &Map<String, Value>, f: &str, here: &str) -> Result<Vec<String>, String> {
    arr(o, f, here)?
        .iter()
        .enumerate()
        .map(|(k, v)| v.as_str().map(str::to_string).ok_or_else(|| format!("{here}: field '{f}'[{k}] is not a string")))
        .collect()
}

fn boolean(o: &Map<String, Value>, f: &str, here: &str) -> Result<bool, String> {
    field(o, f, here)?.as_bool().ok_or_else(|| format!("{here}: field '{f}' is not true or false"))
}

fn int(o: &Map<String, Value>, f: &str, here: &str, lo: i64, hi: i64) -> Result<i64, String> {
    let v = field(o, f, here)?;
    let n = v.as_i64().ok_or_else(|| format!("{here}: field '{f}' is not an integer: {v}"))?;
    if n < lo || n > hi {
        return Err(format!("{here}: field '{f}': {n} is outside {lo}-{hi}"));
    }
    Ok(n)
}

fn point(v: &Value, what: &str, w: i32, h: i32) -> Result<(i32, i32), String> {
    let a = v.as_array().filter(|a| a.len() == 2).ok_or_else(|| format!("{what} is not an [x, y] pair"))?;
    let c = |k: usize, max: i32| -> Result<i32, String> {
        let n = a[k].as_i64().ok_or_else(|| format!("{what} has a coordinate that is not an integer"))?;
        if n < 0 || n > i64::from(max) {
            return Err(format!("{what}: {n} is off the map (0-{max})"));
        }
        Ok(n as i32)
    };
    Ok((c(0, w)?, c(1, h)?))
}

fn one_of<T: Copy>(o: &Map<String, Value>, f: &str, here: &str, table: &[(&str, T)]) -> Result<T, String> {
    let s = string(o, f, here)?;
    table.iter().find(|(k, _)| *k == s).map(|(_, t)| *t).ok_or_else(|| {
        let names: Vec<&str> = table.iter().map(|(k, _)| *k).collect();
        format!("{here}: field '{f}': '{s}' is not one of {}", names.join(", "))
    })
}

fn read_zone(o: &Map<String, Value>, id: String, here: &str, w: i32, h: i32) -> Result<Zone, String> {
    if id.is_empty() {
        return Err(format!("{here}: field 'id' is empty"));
    }
    let name = string(o, "name", here)?;
    let aliases = strings(o, "aliases", here)?;
    let label = point(field(o, "label", here)?, &format!("{here}: field 'label'"), w, h)?;
    let ring = arr(o, "polygon", here)?;
    let polygon = ring
        .iter()
        .enumerate()
        .map(|(k, v)| point(v, &format!("{here}: field 'polygon'[{k}]"), w, h))
        .collect::<Result<Vec<_>, _>>()?;
    if polygon.len() < 4 || polygon.first() != polygon.last() {
        return Err(format!("{here}: field 'polygon' is not a closed ring (at least 3 points, the first repeated at the end)"));
    }
    let terrain = one_of(o, "terrain", here, &[
        ("Clear", Terrain::Clear),
        ("Rough", Terrain::Rough),
        ("Forest", Terrain::Forest),
        ("Swamp", Terrain::Swamp),
        ("Mountain Pass", Terrain::MountainPass),
    ])?;
    let kind = string(o, "locality", here)?;
    let breach = match field(o, "breach_modifier", here)? {
        Value::Null => None,
        _ => Some(int(o, "breach_modifier", here, 0, 3)? as u8),
    };
    let locality = match (kind.as_str(), breach) {
        ("Fortress", Some(b)) => Locality::Fortress { breach_modifier: b },
        ("Fortress", None) => return Err(format!("{here}: field 'breach_modifier': a Fortress needs one (0-3)")),
        (_, Some(_)) => return Err(format!("{here}: field 'breach_modifier': only a Fortress has one")),
        ("none", None) => Locality::None,
        ("Town", None) => Locality::Town,
        ("Town with Castle", None) => Locality::TownWithCastle,
        ("Defensible City", None) => Locality::DefensibleCity,
        (other, None) => {
            return Err(format!(
                "{here}: field 'locality': '{other}' is not one of none, Town, Town with Castle, Defensible City, Fortress"
            ))
        }
    };
    let port = boolean(o, "port", here)?;
    let coastal = boolean(o, "coastal", here)?;
    let coast_index = match field(o, "coast_index", here)? {
        Value::Null => None,
        _ => Some(int(o, "coast_index", here, 1, 10_000)? as u16),
    };
    if coastal != coast_index.is_some() {
        return Err(format!("{here}: field 'coast_index' must be set exactly on coastal zones"));
    }
    if port && !coastal {
        return Err(format!("{here}: field 'port': a PORT must be coastal"));
    }
    let regions: Vec<(&str, usize)> = REGIONS.iter().enumerate().map(|(k, (r, _))| (*r, k)).collect();
    let region = one_of(o, "region", here, &regions)?;
    let country = one_of(o, "country", here, &[("Spain", Country::Spain), ("Portugal", Country::Portugal), ("France", Country::France)])?;
    if REGIONS[region].1 != country {
        return Err(format!("{here}: field 'country': region {} is not in {country:?}", REGIONS[region].0));
    }
    let climate = one_of(o, "climate", here, &[("North", Climate::North), ("Central", Climate::Central), ("South", Climate::South)])?;
    let guerrilla_region = match opt_string(o, "guerrilla_region", here)? {
        None => None,
        Some(g) => Some(regions.iter().find(|(r, _)| *r == g).map(|(_, k)| *k).ok_or_else(|| {
            format!("{here}: field 'guerrilla_region': '{g}' is not a region")
        })?),
    };
    let want = match country {
        Country::France => None,
        Country::Portugal => regions.iter().find(|(r, _)| *r == "Portugal").map(|(_, k)| *k),
        Country::Spain => Some(region),
    };
    if guerrilla_region != want {
        return Err(format!("{here}: field 'guerrilla_region' must be the region in Spain, Portugal in Portugal, null in France"));
    }
    let forage = int(o, "forage", here, 1, 9)? as u8;
    let vp_per_turn = int(o, "vp_per_turn", here, 0, 2)? as u8;
    let ebro_navigable = boolean(o, "ebro_navigable", here)?;
    let spanish_city = boolean(o, "spanish_city", here)?;
    let special = obj(o, "special", here)?;
    let mut flags = [false; 4];
    for (key, v) in special {
        let k = ["lisboa_lines", "gibraltar_naval_base", "bordeaux_arrow", "off_map"]
            .iter()
            .position(|f| f == key)
            .ok_or_else(|| format!("{here}: field 'special': '{key}' is not a known flag"))?;
        flags[k] = v.as_bool().ok_or_else(|| format!("{here}: field 'special.{key}' is not true or false"))?;
    }
    if terrain == Terrain::MountainPass && locality != Locality::None {
        return Err(format!("{here}: field 'locality': a Mountain Pass holds no town or city"));
    }
    Ok(Zone {
        id,
        name,
        aliases,
        label,
        polygon,
        terrain,
        locality,
        port,
        coastal,
        coast_index,
        country,
        region,
        climate,
        guerrilla_region,
        forage,
        vp_per_turn,
        ebro_navigable,
        spanish_city,
        lisboa_lines: flags[0],
        gibraltar_naval_base: flags[1],
        bordeaux_arrow: flags[2],
        off_map: flags[3],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map() -> &'static CampaignMap {
        CampaignMap::built_in().expect("the built-in map is valid")
    }

    fn z(name: &str) -> ZoneId {
        map().find(name).unwrap_or_else(|| panic!("no zone {name}"))
    }

    #[test]
    fn built_in_map_loads() {
        let m = map();
        assert!((150..=250).contains(&m.zones.len()));
        assert!(m.borders.len() > m.zones.len());
        assert!(m.borders.iter().any(|b| !b.adjacent));
    }

    #[test]
    fn topology_hints_of_the_rules() {
        let m = map();
        assert!(m.adjacent(z("Somosierra"), z("Madrid")));
        assert_eq!(m.zones[z("Somosierra")].terrain, Terrain::MountainPass);
        assert!(m.border(z("Lisboa"), z("Setúbal")).is_none());
        let almaraz = m.border(z("Almaraz"), z("South of Tajo River in front of Almaraz")).expect("a border");
        assert!(almaraz.bridge && almaraz.adjacent);
        assert_eq!(almaraz.river.as_ref().map(|(n, k)| (n.as_str(), *k)), Some(("Tajo", RiverKind::Major)));
        assert!(m.adjacent(z("Mountain Pass north of Andújar"), z("Andújar")));
        assert_eq!(m.distance(z("Aranda"), z("Mountain Pass two zones South of Aranda de Duero")), Some(2));
        assert_eq!(m.zones[z("Madrid")].locality, Locality::Town);
        assert_eq!(m.zones[z("Madrid")].vp_per_turn, 2);
        assert!(matches!(m.zones[z("Gibraltar")].locality, Locality::Fortress { breach_modifier: 3 }));
        assert!(m.zones[z("Lisboa")].lisboa_lines && m.zones[z("Gibraltar")].gibraltar_naval_base);
        assert!(m.zones[z("Zaragoza")].ebro_navigable);
        let bordeaux = m.zones.iter().position(|q| q.bordeaux_arrow).expect("the arrow zone");
        assert!(m.zones[bordeaux].off_map && m.zones[bordeaux].country == Country::France);
        // adjacency is symmetric and mountains are not adjacent
        for (a, ns) in m.neighbours.iter().enumerate() {
            for &b in ns {
                assert!(m.neighbours(b).contains(&a));
                assert!(m.adjacent(a, b));
            }
        }
    }

    fn edited(f: impl FnOnce(&mut Value)) -> Result<CampaignMap, String> {
        let mut v: Value = serde_json::from_str(&BUILT_IN.text()).expect("json");
        f(&mut v);
        CampaignMap::from_json("edited.json", &v.to_string())
    }

    fn zone_mut<'a>(v: &'a mut Value, id: &str) -> &'a mut Value {
        v["zones"].as_array_mut().expect("zones").iter_mut().find(|q| q["id"] == id).expect("zone")
    }

    #[test]
    fn errors_name_the_file_the_zone_and_the_field() {
        let e = edited(|v| zone_mut(v, "madrid")["forage"] = Value::from(12)).unwrap_err();
        assert!(e.starts_with("edited.json: zone 'madrid'") && e.contains("field 'forage'") && e.contains("1-9"), "{e}");
        let e = edited(|v| {
            zone_mut(v, "madrid").as_object_mut().expect("object").remove("terrain");
        })
        .unwrap_err();
        assert!(e.contains("zone 'madrid'") && e.contains("field 'terrain' is missing"), "{e}");
        let e = edited(|v| zone_mut(v, "madrid")["terrain"] = Value::from("Hills")).unwrap_err();
        assert!(e.contains("field 'terrain': 'Hills' is not one of"), "{e}");
        let e = edited(|v| zone_mut(v, "badajoz")["breach_modifier"] = Value::Null).unwrap_err();
        assert!(e.contains("zone 'badajoz'") && e.contains("breach_modifier"), "{e}");
        let e = edited(|v| zone_mut(v, "madrid")["adjacent"].as_array_mut().expect("list").push(Value::from("lisboa"))).unwrap_err();
        assert!(e.contains("zone 'madrid'") && e.contains("'lisboa' is listed but no open border"), "{e}");
        let e = edited(|v| v["borders"][0]["a"] = Value::from("atlantis")).unwrap_err();
        assert!(e.contains("borders[0]") && e.contains("field 'a': no zone 'atlantis'"), "{e}");
        let e = edited(|v| {
            let flipped = !v["borders"][0]["mountain"].as_bool().unwrap_or(false);
            v["borders"][0]["mountain"] = Value::from(flipped);
        })
        .unwrap_err();
        assert!(e.contains("borders[0]") && e.contains("opposite of 'mountain'"), "{e}");
        let e = edited(|v| zone_mut(v, "madrid")["polygon"][0] = serde_json::json!([-5, 3])).unwrap_err();
        assert!(e.contains("zone 'madrid'") && e.contains("polygon"), "{e}");
        let e = edited(|v| zone_mut(v, "setubal")["special"]["lisboa_lines"] = Value::from(true)).unwrap_err();
        assert!(e.contains("lisboa_lines"), "{e}");
        let e = CampaignMap::from_json("x.json", "{").unwrap_err();
        assert!(e.starts_with("x.json"), "{e}");
        let e = CampaignMap::from_json("x.json", &"[".repeat(100)).unwrap_err();
        assert!(e.contains("nested"), "{e}");
    }

    #[test]
    fn a_disconnected_map_is_refused() {
        // cut every border of Cádiz: the zone can no longer be reached
        let e = edited(|v| {
            let b = v["borders"].as_array_mut().expect("borders");
            b.retain(|bd| bd["a"] != "cadiz" && bd["b"] != "cadiz");
            for q in v["zones"].as_array_mut().expect("zones") {
                if let Some(list) = q["adjacent"].as_array_mut() {
                    list.retain(|n| n != "cadiz");
                }
            }
            zone_mut(v, "cadiz")["adjacent"] = serde_json::json!([]);
        })
        .unwrap_err();
        assert!(e.contains("'cadiz' cannot be reached"), "{e}");
    }

    #[test]
    fn no_panic_on_truncated_or_garbled_input() {
        let text = BUILT_IN.text();
        let n = text.len();
        for k in 0..300 {
            let cut = k * n / 300;
            let cut = (cut..=n).find(|&c| text.is_char_boundary(c)).unwrap_or(n);
            let _ = CampaignMap::from_json("cut.json", &text[..cut]);
        }
        let mut v: Value = serde_json::from_str(&BUILT_IN.text()).expect("json");
        // every field of one zone and one border replaced by each odd value
        let odd = [Value::Null, Value::from(-1), Value::from(1e300), Value::from("x"), serde_json::json!([]), serde_json::json!({})];
        for key in v["zones"][3].as_object().expect("zone").keys().cloned().collect::<Vec<_>>() {
            for o in &odd {
                let mut w = v.clone();
                w["zones"][3][&key] = o.clone();
                let _ = CampaignMap::from_json("odd.json", &w.to_string());
            }
        }
        for key in v["borders"][3].as_object().expect("border").keys().cloned().collect::<Vec<_>>() {
            for o in &odd {
                let mut w = v.clone();
                w["borders"][3][&key] = o.clone();
                let _ = CampaignMap::from_json("odd.json", &w.to_string());
            }
        }
        v["zones"] = serde_json::json!([]);
        assert!(CampaignMap::from_json("empty.json", &v.to_string()).is_err());
    }
}
