//! The Field Battle's static data. `scenarios/muskets_battles.json` (troop values, chits,
//! pursuit table, the six battle scenarios) is read once; a battle is first a plain
//! `BattleData` description (what the campaign will hand over when a Field Battle starts) and
//! only `Scenario::from_data` turns it into the validated, shared data a game points to.
use super::action::{CuId, HqId, Section, Side, Terrain};

/// The exclusive rules a battle may put in force (`BattleData.exclusive_rules`).
pub const EXCLUSIVE_RULES: [&str; 8] = ["ER 1.7", "ER 3.1.b", "ER 3.1.d", "ER 3.4.b", "ER 3.10", "ER 4.4", "ER 4.5.c", "ER 4.9"];
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};
use tsify::Tsify;

/// The built-in file, packed by build.rs (inflated when first read).
const BUILT_IN: crate::core::packed::Packed = crate::packed!("muskets_battles.json");

/// The built-in battle scenarios, in printed order (D.1-D.6).
pub const SCENARIO_IDS: [&str; 6] = ["medina-de-rioseco", "medellin", "sagunto", "ocana", "arapiles", "vitoria"];

// ------------------------------------------------------------------ the file (untrusted)

#[derive(Deserialize)]
struct File {
    nationalities: Vec<NationalityFile>,
    battle_terrain: TerrainFile,
    troop_types: Vec<TroopTypeFile>,
    battle_options: OptionsFile,
    pursuit_table: PursuitFile,
    scenarios: Vec<ScenarioFile>,
    leader_notation: LeaderNotationFile,
}

#[derive(Deserialize)]
struct NationalityFile {
    id: String,
    sides: Vec<Side>,
}

#[derive(Deserialize)]
struct TerrainFile {
    types: Vec<TerrainTypeFile>,
}
#[derive(Deserialize)]
struct TerrainTypeFile {
    id: String,
    layouts: Option<u8>,
}

#[derive(Deserialize)]
struct LeaderNotationFile {
    cu_leader_ocn: u8,
    hq_leader_without_ocn: OcnFile,
}
#[derive(Deserialize)]
struct OcnFile {
    ocn: u8,
}

#[derive(Deserialize)]
struct TroopTypeFile {
    id: String,
    abbr: String,
    nationality: Option<String>,
    arm: String,
    quality: Option<String>,
    national_type: bool,
    morale: Option<u8>,
    tactical: Option<i8>,
    #[serde(default)]
    generic_aliases: Vec<String>,
    #[serde(default)]
    aliases: Vec<String>,
    defending: Option<ValuesFile>,
}

#[derive(Deserialize)]
struct ValuesFile {
    morale: u8,
    tactical: i8,
}

#[derive(Deserialize)]
struct OptionsFile {
    options: Vec<OptionFile>,
}
#[derive(Deserialize)]
struct OptionFile {
    id: String,
    count: u8,
}

#[derive(Deserialize)]
struct PursuitFile {
    results_percent: Vec<Vec<u16>>,
    base_column: BandsFile,
}
#[derive(Deserialize)]
struct BandsFile {
    bands: Vec<BandFile>,
}
#[derive(Deserialize)]
struct BandFile {
    min: u16,
    max: u16,
    column: String,
}

#[derive(Deserialize)]
struct ScenarioFile {
    id: String,
    name: String,
    zone_type: String,
    attacker: Side,
    fixed_terrain: Vec<FixedTerrainFile>,
    terrain_choice: TerrainChoiceFile,
    outflank: OutflankFile,
    loc: HashMap<String, serde_json::Value>,
    special_rules: Vec<SpecialRuleFile>,
    exclusive_rules: Vec<String>,
    sides: HashMap<String, SideFile>,
}
#[derive(Deserialize)]
struct FixedTerrainFile {
    side: Side,
    section: String,
    #[serde(rename = "type")]
    kind: String,
}
#[derive(Deserialize)]
struct TerrainChoiceFile {
    rolls: bool,
    wellington_extra_layout: Option<SideRef>,
    defender_deploys_second: Option<SideRef>,
}
#[derive(Deserialize)]
#[allow(dead_code)]
struct SideRef {
    side: Side,
}
#[derive(Deserialize)]
struct OutflankFile {
    mode: String,
    holder: Option<Side>,
}
#[derive(Deserialize)]
struct SpecialRuleFile {
    data: SpecialDataFile,
}
#[derive(Deserialize)]
struct SpecialDataFile {
    combat_bonus: Option<CombatBonusFile>,
    troop_value_override: Option<OverrideFile>,
}
#[derive(Deserialize)]
struct CombatBonusFile {
    counter: String,
    side: Side,
    modifier: i8,
}
#[derive(Deserialize)]
struct OverrideFile {
    side: Side,
    arm: String,
    morale: u8,
    tactical: i8,
}
#[derive(Deserialize)]
struct SideFile {
    hqs: Vec<HqFile>,
}
#[derive(Deserialize)]
struct HqFile {
    name: String,
    size: String,
    leader: LeaderFile,
    cus: Vec<CuFile>,
}
#[derive(Deserialize)]
struct LeaderFile {
    name: Option<String>,
    ocn: Option<u8>,
    morale_modifier: i8,
    initiative: u8,
    tactical: i8,
}
#[derive(Deserialize)]
struct CuFile {
    counter: String,
    arm: String,
    nationality: String,
    leader: LeaderFile,
    sp: Vec<SpFile>,
}
#[derive(Deserialize)]
struct SpFile {
    #[serde(rename = "type")]
    token: String,
    count: u8,
}

// ------------------------------------------------------------------ plain description

/// A leader's values (SR III.1.D.4: OCN / Morale Modifier (Initiative) Tactical Modifier).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct LeaderData {
    pub name: String,
    /// None: a CU leader (OCN 11, SR 9.2.n.1) or an HQ leader printed without one (stand-in).
    #[serde(default)]
    pub ocn: Option<u8>,
    pub morale_modifier: i8,
    pub initiative: u8,
    pub tactical: i8,
}

/// SP of one troop type in a CU.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct SpData {
    /// A troop type id of the Troop Value Chart ("Fr-Vet", "Gd", "VetPt", "Art"...).
    pub troop: String,
    pub count: u8,
    /// Shattered SP among them (SR 12.3: a CU may arrive partly shattered).
    #[serde(default)]
    pub shattered: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct CuData {
    pub name: String,
    /// "infantry", "cavalry" or "artillery".
    pub arm: String,
    pub nationality: String,
    pub leader: LeaderData,
    /// SR 12.1.b.2: the CU arrives with a Leader Loss marker.
    #[serde(default)]
    pub leader_lost: bool,
    pub sp: Vec<SpData>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct HqData {
    pub name: String,
    /// "XXX", "XXXX" or "XXXXX" (SR III.1.B.1).
    pub size: String,
    pub leader: LeaderData,
    #[serde(default)]
    pub leader_lost: bool,
    pub cus: Vec<CuData>,
}

/// One side's troops in the battle zone: HQs with their CUs, and CUs with no HQ present.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct SideData {
    pub side: Side,
    pub hqs: Vec<HqData>,
    #[serde(default)]
    pub cus: Vec<CuData>,
}

/// A force in an adjacent zone that a Reinforce option may bring in (BOE 3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct ForceData {
    pub side: Side,
    /// It stands in the zone holding the enemy's LoC marker (BOE 3.b Flank Attack).
    #[serde(default)]
    pub from_enemy_loc_zone: bool,
    /// An HQ with its stacked CUs (and smaller HQs), or a lone CU in `cus`.
    pub hqs: Vec<HqData>,
    #[serde(default)]
    pub cus: Vec<CuData>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct TerrainPlacement {
    pub side: Side,
    pub section: Section,
    pub terrain: Terrain,
}

/// A plain, public description of a Field Battle: what the campaign hands over, or a battle
/// scenario read from the data file. `Scenario::from_data` validates it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct BattleData {
    pub id: String,
    pub name: String,
    /// The side that declared the attack (SR 9.2.k).
    pub attacker: Side,
    /// "clear", "rough" (alias "broken"), "mountain_pass" or "forest" (SR 9.2.i.4).
    pub zone_type: String,
    /// Roll for battle terrain (SR 9.2.i); false when the terrain is fixed (battle scenarios).
    pub terrain_rolls: bool,
    #[serde(default)]
    pub fixed_terrain: Vec<TerrainPlacement>,
    /// The attacker entered by Forced March: no attacker terrain roll (SR 9.2.i.5).
    #[serde(default)]
    pub forced_march: bool,
    /// "normal", "roll_off", "forbidden" or "forced" (SR 9.2.j; D19).
    pub outflank_mode: String,
    /// For "forced" and "forbidden": the side holding the option.
    #[serde(default)]
    pub outflank_holder: Option<Side>,
    /// Sides with an LoC marker at the start of the battle (SR 9.2.l.2).
    pub loc: Vec<Side>,
    /// Sides with a Field Fortification marker in the zone (SR 9.2.k.8).
    #[serde(default)]
    pub field_fortification: Vec<Side>,
    /// Sides whose loser would retreat across a river into the first zone (SR 9.2.p.1).
    #[serde(default)]
    pub retreat_over_river: Vec<Side>,
    /// Other BEP modifiers, per side (not the guerrilla level, which has its own field).
    #[serde(default)]
    pub bep_modifier: Vec<(Side, i16)>,
    /// ER 2.1.c: the Guerrilla Activity Level of the Region of the battle zone (0-5): -1 BEP
    /// per level for the Imperials (c.4) and +1 per level to an Imperial force's Reinforce
    /// roll (c.3).
    #[serde(default)]
    pub guerrilla_level: u8,
    /// Scenario combat bonuses (BS3: CD Boussard +1).
    #[serde(default)]
    pub combat_bonus: Vec<(String, i8)>,
    /// Scenario troop values (BS5: Imperial cavalry (5)+1): side, arm, morale, tactical.
    #[serde(default)]
    pub troop_overrides: Vec<(Side, String, u8, i8)>,
    /// Exclusive rules in force ("ER 1.7", "ER 3.1.b", "ER 3.1.d" (a battle in the Lisboa zone
    /// with the Lines in effect), "ER 3.4.b", "ER 3.10", "ER 4.4", "ER 4.5.c", "ER 4.9").
    #[serde(default)]
    pub exclusive_rules: Vec<String>,
    pub sides: Vec<SideData>,
    #[serde(default)]
    pub adjacent_forces: Vec<ForceData>,
}

// ------------------------------------------------------------------ validated data

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
#[serde(rename_all = "snake_case")]
pub enum Arm {
    Infantry,
    Cavalry,
    Artillery,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub enum Quality {
    Vet,
    Ln,
    Rec,
}

/// A row of the Troop Value Chart (G3 stand-in, text values marked in the file).
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct TroopType {
    pub id: String,
    pub abbr: String,
    pub nationality: Option<String>,
    pub arm: Arm,
    pub quality: Option<Quality>,
    pub morale: u8,
    pub tactical: i8,
    /// ER 3.10: British Vet used as the modifier while defending.
    pub defending: Option<(u8, i8)>,
    /// SR 9.2.p.4 loss class: Guard/Vet before Ln before Rec.
    pub guard_or_vet: bool,
    /// The Ln type of the same nationality, for SR 10.2 (Rec only).
    pub upgrade_to: Option<u8>,
    #[serde(skip)]
    national: bool,
    #[serde(skip)]
    generic_aliases: Vec<String>,
    #[serde(skip)]
    aliases: Vec<String>,
}

/// The shared tables of the Field Battle.
#[derive(Debug)]
pub struct Tables {
    pub troops: Vec<TroopType>,
    /// SR 9.2.m.2 chit counts, in `OptionKind` order.
    pub chits: [u8; 9],
    /// Pursuit Table results in percent [roll-1][column-1] (G8 stand-in).
    pub pursuit: Vec<Vec<u16>>,
    /// (min %, max %, base column 1..10).
    pub bands: Vec<(u16, u16, u8)>,
    pub cu_ocn: u8,
    pub hq_ocn_stand_in: u8,
    /// Nationalities and the sides they fight for.
    pub nationalities: Vec<(String, Vec<Side>)>,
    /// Battle Terrain Layouts supplied (SR 9.2.i.2; G10 stand-in), in `Terrain::ALL` order.
    pub layouts: [u8; 3],
    battles: Vec<BattleData>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct Leader {
    pub name: String,
    pub ocn: u8,
    pub morale_modifier: i8,
    pub initiative: u8,
    pub tactical: i8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct Hq {
    pub name: String,
    pub side: Side,
    /// 3 = XXX, 4 = XXXX, 5 = XXXXX.
    pub size: u8,
    pub leader: Leader,
    pub leader_lost: bool,
    /// The reinforcement force it belongs to (None: in the battle from the start).
    pub force: Option<u8>,
    /// The larger HQ it came with, if any.
    pub cus: Vec<CuId>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct Cu {
    pub name: String,
    pub side: Side,
    pub hq: Option<HqId>,
    pub arm: Arm,
    pub nationality: String,
    pub leader: Leader,
    pub leader_lost: bool,
    /// (troop type index, SP, shattered SP) at the start.
    pub sp: Vec<(u8, u8, u8)>,
    pub force: Option<u8>,
    /// Scenario combat bonus (BS3 Boussard).
    pub combat_bonus: i8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct Force {
    pub side: Side,
    pub from_enemy_loc_zone: bool,
    pub hqs: Vec<HqId>,
    pub cus: Vec<CuId>,
    /// Whose Initiative the Reinforce roll uses (BOE 3.a).
    pub leader: crate::games::muskets::battle::action::Counter,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
#[serde(rename_all = "snake_case")]
pub enum OutflankMode {
    Normal,
    RollOff,
    Forbidden,
    Forced,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    Clear,
    Rough,
    MountainPass,
    Forest,
}

/// A validated battle. The game state points to it.
#[derive(Clone, Debug, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct Scenario {
    pub id: String,
    pub name: String,
    pub attacker: Side,
    pub zone: Zone,
    pub terrain_rolls: bool,
    pub fixed_terrain: Vec<TerrainPlacement>,
    pub forced_march: bool,
    pub outflank_mode: OutflankMode,
    pub outflank_holder: Option<Side>,
    pub loc: [bool; 2],
    pub field_fortification: [bool; 2],
    pub retreat_over_river: [bool; 2],
    pub bep_modifier: [i16; 2],
    /// ER 2.1.c.3-4.
    pub guerrilla_level: u8,
    /// (side, arm, morale, tactical).
    pub troop_overrides: Vec<(Side, Arm, u8, i8)>,
    pub er_1_7: bool,
    pub er_3_1_b: bool,
    /// ER 3.1.d: fought in the Lisboa zone with the Lines of Torres Vedras in effect.
    pub er_3_1_d: bool,
    pub er_3_4_b: bool,
    pub er_3_10: bool,
    pub er_4_4: bool,
    pub er_4_5_c: bool,
    pub er_4_9: bool,
    pub hqs: Vec<Hq>,
    pub cus: Vec<Cu>,
    pub forces: Vec<Force>,
    pub troops: Vec<TroopType>,
    pub chits: [u8; 9],
    /// Battle Terrain Layouts supplied for both sides (SR 9.2.i.2), in `Terrain::ALL` order.
    pub layouts: [u8; 3],
    #[serde(skip)]
    pub data: BattleData,
}

// ------------------------------------------------------------------ reading the file

fn tables() -> Result<&'static Tables, String> {
    static TABLES: OnceLock<Result<Tables, String>> = OnceLock::new();
    TABLES.get_or_init(|| read_tables(&BUILT_IN.text())).as_ref().map_err(|e| e.clone())
}

fn arm_of(s: &str) -> Option<Arm> {
    Some(match s {
        "infantry" => Arm::Infantry,
        "cavalry" => Arm::Cavalry,
        "artillery" => Arm::Artillery,
        _ => return None,
    })
}

fn read_tables(json: &str) -> Result<Tables, String> {
    let file: File = serde_json::from_str(json).map_err(|e| format!("muskets_battles.json: {e}"))?;
    let mut troops = Vec::new();
    for (i, t) in file.troop_types.iter().enumerate() {
        let at = format!("muskets_battles.json: troop_types[{i}] ({})", t.id);
        let arm = arm_of(&t.arm).ok_or_else(|| format!("{at}: arm '{}'", t.arm))?;
        let quality = match t.quality.as_deref() {
            None => None,
            Some("Vet") => Some(Quality::Vet),
            Some("Ln") => Some(Quality::Ln),
            Some("Rec") => Some(Quality::Rec),
            Some(q) => return Err(format!("{at}: quality '{q}'")),
        };
        if arm != Arm::Artillery && (t.morale.is_none() || t.tactical.is_none()) {
            return Err(format!("{at}: morale and tactical are required"));
        }
        // SR III.1.A.4-5: Morale Values 3..9; artillery has none.
        if arm == Arm::Artillery && (t.morale.is_some() || t.tactical.is_some()) {
            return Err(format!("{at}: morale/tactical: artillery has no Morale or Tactical Value (SR III.1.A.5)"));
        }
        if let Some(m) = t.morale.filter(|m| !(3..=9).contains(m)) {
            return Err(format!("{at}: morale: {m} is outside the Troop Value Chart's 3..9 (SR III.1.A.4)"));
        }
        if let Some(d) = t.defending.as_ref().filter(|d| !(3..=9).contains(&d.morale)) {
            return Err(format!("{at}: defending.morale: {} is outside 3..9", d.morale));
        }
        if file.troop_types[..i].iter().any(|u| u.id == t.id) {
            return Err(format!("{at}: id: '{}' is listed twice", t.id));
        }
        if let Some(n) = t.nationality.as_ref().filter(|n| !file.nationalities.iter().any(|x| &x.id == *n)) {
            return Err(format!("{at}: nationality: '{n}' is not a listed nationality"));
        }
        let guard_or_vet = quality == Some(Quality::Vet) || ["Gd", "Glc", "Ghc", "YG"].contains(&t.id.as_str());
        troops.push(TroopType {
            id: t.id.clone(),
            abbr: t.abbr.clone(),
            nationality: t.nationality.clone(),
            arm,
            quality,
            morale: t.morale.unwrap_or(0),
            tactical: t.tactical.unwrap_or(0),
            defending: t.defending.as_ref().map(|d| (d.morale, d.tactical)),
            guard_or_vet,
            upgrade_to: None,
            national: t.national_type,
            generic_aliases: t.generic_aliases.clone(),
            aliases: t.aliases.clone(),
        });
    }
    // SR 10.2: a Rec SP becomes the Ln type of its nationality, where one exists.
    for i in 0..troops.len() {
        if troops[i].quality == Some(Quality::Rec) {
            let n = troops[i].nationality.clone();
            troops[i].upgrade_to = troops
                .iter()
                .position(|t| t.nationality == n && t.quality == Some(Quality::Ln) && t.arm == Arm::Infantry)
                .map(|p| p as u8);
        }
    }
    // Abbreviations name one type: a national one, one per nationality for a generic one.
    for (i, t) in troops.iter().enumerate() {
        let clash = troops[..i].iter().find(|u| {
            let names = |x: &TroopType| -> Vec<String> { std::iter::once(x.abbr.clone()).chain(x.aliases.iter().cloned()).collect() };
            let national = (t.national || u.national) && names(t).iter().any(|a| names(u).contains(a) || (u.national && u.generic_aliases.contains(a)));
            let generic = !t.national && !u.national && t.nationality == u.nationality && t.abbr == u.abbr;
            national || generic
        });
        if let Some(u) = clash {
            return Err(format!("muskets_battles.json: troop_types ({} and {}): abbr: '{}' does not name one troop type", u.id, t.id, t.abbr));
        }
    }
    // SR 9.2.m.2: the nine options and the number of each chit.
    const PRINTED_CHITS: [u8; 9] = [6, 1, 5, 3, 2, 4, 1, 4, 4];
    let mut chits = [0u8; 9];
    let mut listed = [false; 9];
    for o in &file.battle_options.options {
        let k = super::action::OptionKind::from_id(&o.id)
            .ok_or_else(|| format!("muskets_battles.json: battle_options: option '{}'", o.id))?;
        if std::mem::replace(&mut listed[k.index()], true) {
            return Err(format!("muskets_battles.json: battle_options: option '{}' is listed twice", o.id));
        }
        chits[k.index()] = o.count;
    }
    if chits != PRINTED_CHITS {
        return Err(format!("muskets_battles.json: battle_options: chit counts {chits:?} are not SR 9.2.m.2's {PRINTED_CHITS:?} (in option order)"));
    }
    let mut layouts = [0u8; 3];
    for ty in &file.battle_terrain.types {
        match Terrain::from_id(&ty.id) {
            Some(t) => layouts[Terrain::ALL.iter().position(|&x| x == t).unwrap_or(0)] = ty.layouts.unwrap_or(0),
            None if ty.id == "clear" => {}
            None => return Err(format!("muskets_battles.json: battle_terrain.types: '{}' is not Village, Woods, Hills or clear (SR 9.2.i.3)", ty.id)),
        }
    }
    // SR 9.2.i.2, TfaE components: "8 terrain layouts for pitched battles".
    if layouts.iter().map(|&n| n as u16).sum::<u16>() != 8 {
        return Err(format!("muskets_battles.json: battle_terrain.types: {layouts:?} layouts, not the 8 supplied"));
    }
    let nationalities: Vec<(String, Vec<Side>)> = file.nationalities.iter().map(|n| (n.id.clone(), n.sides.clone())).collect();
    let pursuit = file.pursuit_table.results_percent.clone();
    if pursuit.len() != 10 || pursuit.iter().any(|r| r.len() != 10) {
        return Err("muskets_battles.json: pursuit_table.results_percent must be 10 x 10".into());
    }
    // G8 stand-in: results never fall as the column moves right or the die rises.
    for r in 0..10 {
        for c in 0..10 {
            let v = pursuit[r][c];
            if (c > 0 && pursuit[r][c - 1] > v) || (r > 0 && pursuit[r - 1][c] > v) {
                return Err(format!("muskets_battles.json: pursuit_table.results_percent[{r}][{c}]: {v} is below a result to its left or above"));
            }
        }
    }
    let mut bands = Vec::new();
    for b in &file.pursuit_table.base_column.bands {
        let c: u8 = b.column.trim_start_matches('P').parse().ok().filter(|c| (1..=10).contains(c)).ok_or_else(|| format!("muskets_battles.json: pursuit_table.base_column: column '{}' is not P1-P10", b.column))?;
        bands.push((b.min, b.max, c));
    }
    // The bands cover 0-100% without gap or overlap.
    let mut sorted = bands.clone();
    sorted.sort();
    let covers = sorted.first().is_some_and(|b| b.0 == 0) && sorted.last().is_some_and(|b| b.1 == 100) && sorted.windows(2).all(|w| w[0].1 + 1 == w[1].0) && sorted.iter().all(|b| b.0 <= b.1);
    if !covers {
        return Err("muskets_battles.json: pursuit_table.base_column.bands do not cover 0-100% without gap or overlap".into());
    }
    // SR 9.2.n.1: CU leaders have OCN 11.
    if file.leader_notation.cu_leader_ocn != 11 {
        return Err(format!("muskets_battles.json: leader_notation.cu_leader_ocn: {}, not SR 9.2.n.1's 11", file.leader_notation.cu_leader_ocn));
    }
    let mut battles = Vec::new();
    for s in &file.scenarios {
        let b = battle_from_file(s, &troops).map_err(|e| format!("muskets_battles.json: scenario {}: {e}", s.id))?;
        exclusive_rules_in_force(&b, &troops).map_err(|e| format!("muskets_battles.json: scenario {}: {e}", s.id))?;
        battles.push(b);
    }
    Ok(Tables {
        troops,
        chits,
        pursuit,
        bands,
        cu_ocn: file.leader_notation.cu_leader_ocn,
        hq_ocn_stand_in: file.leader_notation.hq_leader_without_ocn.ocn,
        nationalities,
        layouts,
        battles,
    })
}

/// Troop type resolution of the file: a national abbreviation names its own type; a generic one
/// (Vet, Ln, Rec, Cav) takes the CU's nationality.
fn resolve_token(troops: &[TroopType], token: &str, nationality: &str) -> Option<usize> {
    if let Some(i) = troops.iter().position(|t| t.national && (t.abbr == token || t.aliases.iter().any(|a| a == token))) {
        return Some(i);
    }
    troops.iter().position(|t| {
        t.nationality.as_deref() == Some(nationality)
            && ((!t.national && t.abbr == token) || t.generic_aliases.iter().any(|g| g == token))
    })
}

/// The exclusive rules a printed TfaE battle has in force (checked against the file, as
/// check_muskets_battles.py does): ER 1.7 and 4.9 always; ER 4.5.c with Imperial Guard SP,
/// ER 4.4 under King Joseph, ER 3.1.b with Wellington defending, ER 3.4.b with British cavalry,
/// ER 3.10 with British Vet infantry. A variant's `BattleData` may leave rules out.
fn exclusive_rules_in_force(b: &BattleData, troops: &[TroopType]) -> Result<(), String> {
    let has = |side: Side, ids: &[&str]| {
        b.sides.iter().filter(|s| s.side == side).flat_map(|s| s.hqs.iter().flat_map(|h| h.cus.iter()).chain(s.cus.iter())).any(|c| c.sp.iter().any(|x| ids.contains(&x.troop.as_str())))
    };
    let cic_named = |side: Side, f: fn(&str) -> bool| {
        let hqs: Vec<&HqData> = b.sides.iter().filter(|s| s.side == side).flat_map(|s| s.hqs.iter()).collect();
        let top = hqs.iter().filter_map(|h| size_of(&h.size)).max();
        hqs.iter().filter(|h| size_of(&h.size) == top).any(|h| f(&h.leader.name))
    };
    let _ = troops;
    let mut want = vec!["ER 1.7", "ER 4.9"];
    if has(Side::Imperial, &["Gd", "Glc", "Ghc"]) {
        want.push("ER 4.5.c");
    }
    if cic_named(Side::Imperial, super::command::is_joseph) {
        want.push("ER 4.4");
    }
    if b.attacker == Side::Imperial && cic_named(Side::Allied, super::command::is_wellington) {
        want.push("ER 3.1.b");
    }
    if has(Side::Allied, &["Br-Cav"]) {
        want.push("ER 3.4.b");
    }
    if has(Side::Allied, &["Br-Vet"]) {
        want.push("ER 3.10");
    }
    let mut got: Vec<&str> = b.exclusive_rules.iter().map(String::as_str).collect();
    got.sort();
    want.sort();
    if got != want {
        return Err(format!("exclusive_rules: {got:?}, but the printed battle has {want:?} in force"));
    }
    Ok(())
}

fn leader_from_file(l: &LeaderFile) -> LeaderData {
    LeaderData {
        // Artillery CUs are led by a generic 0(3)0 leader (SR III.1.A.5).
        name: l.name.clone().unwrap_or_else(|| "generic 0(3)0".into()),
        ocn: l.ocn,
        morale_modifier: l.morale_modifier,
        initiative: l.initiative,
        tactical: l.tactical,
    }
}

fn battle_from_file(s: &ScenarioFile, troops: &[TroopType]) -> Result<BattleData, String> {
    let id = match s.id.as_str() {
        "BS1" => SCENARIO_IDS[0],
        "BS2" => SCENARIO_IDS[1],
        "BS3" => SCENARIO_IDS[2],
        "BS4" => SCENARIO_IDS[3],
        "BS5" => SCENARIO_IDS[4],
        "BS6" => SCENARIO_IDS[5],
        other => return Err(format!("unknown battle scenario id '{other}'")),
    };
    let mut sides = Vec::new();
    for side in Side::BOTH {
        let sf = s.sides.get(&side.to_string()).ok_or_else(|| format!("sides.{side} missing"))?;
        let mut hqs = Vec::new();
        for h in &sf.hqs {
            let mut cus = Vec::new();
            for c in &h.cus {
                let mut sp = Vec::new();
                for t in &c.sp {
                    let i = resolve_token(troops, &t.token, &c.nationality)
                        .ok_or_else(|| format!("{}: SP token '{}' is no troop type", c.counter, t.token))?;
                    sp.push(SpData { troop: troops[i].id.clone(), count: t.count, shattered: 0 });
                }
                cus.push(CuData {
                    name: c.counter.clone(),
                    arm: c.arm.clone(),
                    nationality: c.nationality.clone(),
                    leader: leader_from_file(&c.leader),
                    leader_lost: false,
                    sp,
                });
            }
            hqs.push(HqData { name: h.name.clone(), size: h.size.clone(), leader: leader_from_file(&h.leader), leader_lost: false, cus });
        }
        sides.push(SideData { side, hqs, cus: Vec::new() });
    }
    let mut fixed = Vec::new();
    for t in &s.fixed_terrain {
        fixed.push(TerrainPlacement {
            side: t.side,
            section: Section::from_id(&t.section).ok_or_else(|| format!("fixed_terrain section '{}'", t.section))?,
            terrain: Terrain::from_id(&t.kind).ok_or_else(|| format!("fixed_terrain type '{}'", t.kind))?,
        });
    }
    let loc = Side::BOTH
        .into_iter()
        .filter(|side| s.loc.get(&side.to_string()).and_then(|v| v.as_bool()).unwrap_or(true))
        .collect();
    let mut combat_bonus = Vec::new();
    let mut troop_overrides = Vec::new();
    for r in &s.special_rules {
        if let Some(b) = &r.data.combat_bonus {
            let _ = b.side;
            combat_bonus.push((b.counter.clone(), b.modifier));
        }
        if let Some(o) = &r.data.troop_value_override {
            troop_overrides.push((o.side, o.arm.clone(), o.morale, o.tactical));
        }
    }
    let mut rules = s.exclusive_rules.clone();
    if s.terrain_choice.wellington_extra_layout.is_some() || s.terrain_choice.defender_deploys_second.is_some() {
        if !rules.iter().any(|r| r == "ER 3.1.b") {
            rules.push("ER 3.1.b".into());
        }
    }
    Ok(BattleData {
        id: id.to_string(),
        name: s.name.clone(),
        attacker: s.attacker,
        zone_type: s.zone_type.clone(),
        terrain_rolls: s.terrain_choice.rolls,
        fixed_terrain: fixed,
        forced_march: false,
        outflank_mode: s.outflank.mode.clone(),
        outflank_holder: s.outflank.holder,
        loc,
        field_fortification: Vec::new(),
        retreat_over_river: Vec::new(),
        bep_modifier: Vec::new(),
        guerrilla_level: 0,
        combat_bonus,
        troop_overrides,
        exclusive_rules: rules,
        sides,
        adjacent_forces: Vec::new(),
    })
}

impl Tables {
    pub fn get() -> Result<&'static Tables, String> {
        tables()
    }
    pub fn troop(&self, id: &str) -> Option<usize> {
        self.troops.iter().position(|t| t.id == id)
    }
}

/// Limits on one HQ of a set-up: SR 1.d, at most one artillery CU; and the engine's 250 HQs.
fn hq_limits(h: &HqData, before: usize, at: &str) -> Result<(), String> {
    if before >= 250 {
        return Err(format!("{at}: more than 250 HQs in one battle"));
    }
    let arts: Vec<&str> = h.cus.iter().filter(|c| c.arm == "artillery").map(|c| c.name.as_str()).collect();
    if arts.len() > 1 {
        return Err(format!("{at}: cus: {} artillery CUs ({}); no more than 1 may be assigned to an HQ (SR 1.d)", arts.len(), arts.join(", ")));
    }
    Ok(())
}

fn size_of(s: &str) -> Option<u8> {
    Some(match s {
        "XXX" => 3,
        "XXXX" => 4,
        "XXXXX" => 5,
        _ => return None,
    })
}

impl Scenario {
    /// A built-in battle scenario by id ("medina-de-rioseco" ... "vitoria").
    pub fn built_in(id: &str) -> Result<Arc<Scenario>, String> {
        static CACHE: OnceLock<Result<Vec<Arc<Scenario>>, String>> = OnceLock::new();
        let all = CACHE
            .get_or_init(|| {
                let t = tables()?;
                t.battles.iter().map(|b| Scenario::from_data(b).map(Arc::new)).collect()
            })
            .as_ref()
            .map_err(|e| e.clone())?;
        all.iter().find(|s| s.id == id).cloned().ok_or_else(|| {
            format!("unknown battle scenario '{id}'; the scenarios are {}", SCENARIO_IDS.join(", "))
        })
    }

    /// The plain description of a built-in scenario (to edit into a custom battle).
    pub fn built_in_data(id: &str) -> Result<BattleData, String> {
        Ok(Scenario::built_in(id)?.data.clone())
    }

    /// Validate a plain description. Errors name the side, the counter and the field.
    pub fn from_data(d: &BattleData) -> Result<Scenario, String> {
        let t = tables()?;
        let troop = |id: &str, at: &str| -> Result<u8, String> {
            t.troop(id).map(|i| i as u8).ok_or_else(|| format!("{at}: '{id}' is not a troop type of the Troop Value Chart"))
        };
        let leader = |l: &LeaderData, hq: bool, at: &str| -> Result<Leader, String> {
            if !(1..=10).contains(&l.initiative) {
                return Err(format!("{at}: leader {} has Initiative {}, not 1-10", l.name, l.initiative));
            }
            if l.ocn.is_some_and(|o| o > 40) {
                return Err(format!("{at}: leader {} has OCN {:?}", l.name, l.ocn));
            }
            Ok(Leader {
                name: l.name.clone(),
                ocn: l.ocn.unwrap_or(if hq { t.hq_ocn_stand_in } else { t.cu_ocn }),
                morale_modifier: l.morale_modifier,
                initiative: l.initiative,
                tactical: l.tactical,
            })
        };
        let mut hqs: Vec<Hq> = Vec::new();
        let mut cus: Vec<Cu> = Vec::new();
        let add_cu = |cus: &mut Vec<Cu>, c: &CuData, side: Side, hq: Option<HqId>, force: Option<u8>, at: &str| -> Result<CuId, String> {
            let at = format!("{at}, CU {}", c.name);
            let arm = arm_of(&c.arm).ok_or_else(|| format!("{at}: arm: '{}' is not infantry, cavalry or artillery", c.arm))?;
            // The nationality is one of the chart's and fights for this side.
            match t.nationalities.iter().find(|(n, _)| *n == c.nationality) {
                None => return Err(format!("{at}: nationality: '{}' is not a nationality of the game", c.nationality)),
                Some((_, sides)) if !sides.contains(&side) => {
                    return Err(format!("{at}: nationality: {} troops do not fight for the {side} side", c.nationality))
                }
                Some(_) => {}
            }
            let mut sp = Vec::new();
            for (k, s) in c.sp.iter().enumerate() {
                let at = format!("{at}: sp[{k}] ({})", s.troop);
                if s.count == 0 {
                    return Err(format!("{at}: count: 0 SP; leave the entry out"));
                }
                if s.shattered > s.count {
                    return Err(format!("{at}: shattered: {} shattered of {} SP", s.shattered, s.count));
                }
                let ty = troop(&s.troop, &at)?;
                if sp.iter().any(|x: &(u8, u8, u8)| x.0 == ty) {
                    return Err(format!("{at}: troop: {} is listed twice in the CU", s.troop));
                }
                let tt = &t.troops[ty as usize];
                // SR III.1.A: an artillery CU holds Art SP, a cavalry CU cavalry SP, an infantry
                // CU infantry (with at most attached artillery, ER 1.3).
                let fits = match arm {
                    Arm::Artillery => tt.arm == Arm::Artillery,
                    Arm::Cavalry => tt.arm == Arm::Cavalry,
                    Arm::Infantry => true,
                };
                if !fits {
                    return Err(format!("{at}: troop: {} SP ({:?}) do not fit a CU of arm {}", s.troop, tt.arm, c.arm));
                }
                // ER 1.3.e: the SP nationalities a CU may hold.
                if let Some(n) = tt.nationality.as_deref().filter(|_| tt.arm != Arm::Artillery) {
                    let allowed: &[&str] = match c.nationality.as_str() {
                        "French" => &[],
                        "German" => &["German", "Dutch"],
                        "Italian" => &["Italian", "Neapolitan"],
                        "British" => &["British", "Portuguese", "Neapolitan"],
                        other => &[other][..],
                    };
                    let ok = if c.nationality == "French" {
                        t.nationalities.iter().any(|(x, sides)| x == n && sides.contains(&Side::Imperial))
                    } else {
                        allowed.contains(&n)
                    };
                    if !ok {
                        return Err(format!("{at}: troop: {n} SP may not serve in a {} CU (ER 1.3.e)", c.nationality));
                    }
                }
                sp.push((ty, s.count, s.shattered));
            }
            if arm == Arm::Infantry && !sp.iter().any(|x| t.troops[x.0 as usize].arm == Arm::Infantry) {
                return Err(format!("{at}: sp: an infantry CU with no infantry SP"));
            }
            // The engine counts a CU's SP in one byte; no printed CU comes near it.
            if sp.iter().map(|x| x.1 as u32).sum::<u32>() > 255 {
                return Err(format!("{at}: sp: more than 255 SP in one CU"));
            }
            let of_nat = |nat: &str| -> u32 { sp.iter().filter(|x| t.troops[x.0 as usize].nationality.as_deref() == Some(nat)).map(|x| x.1 as u32).sum() };
            // ER 1.3.e.5: at most 3 Portuguese SP in a British infantry division.
            if c.nationality == "British" && c.name.starts_with("ID ") && of_nat("Portuguese") > 3 {
                return Err(format!("{at}: sp: {} Portuguese SP in a British ID; at most 3 (ER 1.3.e.5)", of_nat("Portuguese")));
            }
            // ER 3.3: the Light Division holds at most 4 British and 2 Portuguese SP, all Vet.
            if c.name.starts_with("Div. Ligera") {
                let all_vet = sp.iter().all(|x| t.troops[x.0 as usize].quality == Some(Quality::Vet));
                if of_nat("British") > 4 || of_nat("Portuguese") > 2 || !all_vet {
                    return Err(format!("{at}: sp: the Light Division holds at most 4 British and 2 Portuguese SP, all Vet (ER 3.3)"));
                }
            }
            // SR 9.2.n.1: a CU leader has no OCN of his own (11).
            if c.leader.ocn.is_some() {
                return Err(format!("{at}: leader.ocn: a CU leader has no printed OCN (SR 9.2.n.1: he rolls against 11)"));
            }
            if sp.iter().map(|x| x.1 as u32).sum::<u32>() == 0 {
                return Err(format!("{at}: a CU with no SP is eliminated (SR III.1.F.1)"));
            }
            if sp.iter().all(|x| x.2 == x.1) {
                return Err(format!("{at}: all its SP are shattered, and such a CU does not take part in a battle (SR 9.2.a, 12.3.c): leave it out"));
            }
            let bonus = d.combat_bonus.iter().filter(|(n, _)| *n == c.name).map(|(_, m)| *m).sum();
            if cus.len() >= 250 {
                return Err(format!("{at}: too many CUs"));
            }
            cus.push(Cu {
                name: c.name.clone(),
                side,
                hq,
                arm,
                nationality: c.nationality.clone(),
                leader: leader(&c.leader, false, &at)?,
                leader_lost: c.leader_lost,
                sp,
                force,
                combat_bonus: bonus,
            });
            Ok((cus.len() - 1) as CuId)
        };
        let mut seen = [false; 2];
        for sd in &d.sides {
            if seen[sd.side.index()] {
                return Err(format!("sides: {} is listed twice", sd.side));
            }
            seen[sd.side.index()] = true;
            for h in &sd.hqs {
                let at = format!("{} HQ {}", sd.side, h.name);
                hq_limits(h, hqs.len(), &at)?;
                let size = size_of(&h.size).ok_or_else(|| format!("{at}: size '{}' (XXX, XXXX or XXXXX)", h.size))?;
                let hid = hqs.len() as HqId;
                hqs.push(Hq { name: h.name.clone(), side: sd.side, size, leader: leader(&h.leader, true, &at)?, leader_lost: h.leader_lost, force: None, cus: Vec::new() });
                for c in &h.cus {
                    let cid = add_cu(&mut cus, c, sd.side, Some(hid), None, &at)?;
                    hqs[hid as usize].cus.push(cid);
                }
            }
            for c in &sd.cus {
                add_cu(&mut cus, c, sd.side, None, None, &format!("{} (no HQ)", sd.side))?;
            }
        }
        for side in Side::BOTH {
            if !seen[side.index()] {
                return Err(format!("sides: {side} is missing"));
            }
            let n = cus.iter().filter(|c| c.side == side && c.arm != Arm::Artillery).count();
            // SR 9.2.d (D16): a Field Battle needs at least 3 infantry/cavalry CUs a side.
            if n < 3 {
                return Err(format!("{side}: {n} infantry/cavalry CUs; a Field Battle needs at least 3 (SR 9.2.d), otherwise it is a Minor Combat"));
            }
        }
        let mut forces = Vec::new();
        for (fi, f) in d.adjacent_forces.iter().enumerate() {
            let at = format!("adjacent_forces[{fi}] ({})", f.side);
            let mut fh = Vec::new();
            let mut fc = Vec::new();
            for h in &f.hqs {
                hq_limits(h, hqs.len(), &format!("{at}, HQ {}", h.name))?;
                let size = size_of(&h.size).ok_or_else(|| format!("{at}: HQ {} size '{}'", h.name, h.size))?;
                let hid = hqs.len() as HqId;
                hqs.push(Hq { name: h.name.clone(), side: f.side, size, leader: leader(&h.leader, true, &at)?, leader_lost: h.leader_lost, force: Some(fi as u8), cus: Vec::new() });
                fh.push(hid);
                for c in &h.cus {
                    let cid = add_cu(&mut cus, c, f.side, Some(hid), Some(fi as u8), &at)?;
                    hqs[hid as usize].cus.push(cid);
                    fc.push(cid);
                }
            }
            for c in &f.cus {
                fc.push(add_cu(&mut cus, c, f.side, None, Some(fi as u8), &at)?);
            }
            if fc.is_empty() {
                return Err(format!("{at}: a force needs at least one CU (BOE 3)"));
            }
            // BOE 3: "a lone CU, an HQ and its subordinated CU stacked with it, or an HQ and
            // every CU and HQ of inferior size subordinated and stacked with it".
            if fh.is_empty() && fc.len() > 1 {
                return Err(format!("{at}: {} CUs without an HQ; a force without an HQ is a lone CU (BOE 3)", fc.len()));
            }
            if !fh.is_empty() && !f.cus.is_empty() {
                return Err(format!("{at}: CUs listed outside the force's HQs ({}); with an HQ a force holds only the CUs subordinated to its HQs (BOE 3)", f.cus[0].name));
            }
            let top = fh.iter().map(|&h| hqs[h as usize].size).max().unwrap_or(0);
            if fh.iter().filter(|&&h| hqs[h as usize].size == top).count() > 1 {
                return Err(format!("{at}: two HQs of the largest size; the other HQs of a force are of inferior size (BOE 3)"));
            }
            // BOE 3.a: the Force's Commanding Leader: its largest HQ's, else the lone CU's.
            let lead = fh
                .iter()
                .max_by_key(|&&h| hqs[h as usize].size)
                .map(|&h| super::action::Counter::Hq(h))
                .unwrap_or(super::action::Counter::Cu(fc[0]));
            forces.push(Force { side: f.side, from_enemy_loc_zone: f.from_enemy_loc_zone, hqs: fh, cus: fc, leader: lead });
        }
        if hqs.len() > 250 {
            return Err("too many HQs".into());
        }
        let zone = match d.zone_type.as_str() {
            "clear" => Zone::Clear,
            "rough" | "broken" => Zone::Rough,
            "mountain_pass" => Zone::MountainPass,
            "forest" => Zone::Forest,
            z => return Err(format!("zone_type '{z}' (clear, rough, broken, mountain_pass or forest)")),
        };
        let outflank_mode = match d.outflank_mode.as_str() {
            "normal" => OutflankMode::Normal,
            "roll_off" => OutflankMode::RollOff,
            "forbidden" => OutflankMode::Forbidden,
            "forced" => OutflankMode::Forced,
            m => return Err(format!("outflank_mode '{m}' (normal, roll_off, forbidden or forced)")),
        };
        if outflank_mode == OutflankMode::Forced && d.outflank_holder.is_none() {
            return Err("outflank_mode 'forced' needs an outflank_holder".into());
        }
        let mut per_side_terrain = [0u8; 2];
        for (i, p) in d.fixed_terrain.iter().enumerate() {
            if p.section == Section::Reserve {
                return Err(format!("fixed_terrain[{i}]: no layout goes in the Reserve (SR 9.2.i.2)"));
            }
            if d.fixed_terrain[..i].iter().any(|q| q.side == p.side && q.section == p.section) {
                return Err(format!("fixed_terrain[{i}]: two layouts on the {} {}", p.side, p.section));
            }
            // SR 9.2.i.6: "one in each Battle Line Section and one in a Flanking Section".
            if p.section.is_flank() && d.fixed_terrain[..i].iter().any(|q| q.side == p.side && q.section.is_flank()) {
                return Err(format!("fixed_terrain[{i}]: the {} have layouts in both Flanking sections; a side has one in a Flanking Section at most (SR 9.2.i.6)", p.side));
            }
            per_side_terrain[p.side.index()] += 1;
        }
        if per_side_terrain.iter().any(|&n| n > 4) {
            return Err("fixed_terrain: more than 4 layouts for a side (SR 9.2.i.6)".into());
        }
        // SR 9.2.i.2: "The available terrains are limited to those supplied with each game".
        for (k, ty) in Terrain::ALL.iter().enumerate() {
            let n = d.fixed_terrain.iter().filter(|p| p.terrain == *ty).count();
            if n > t.layouts[k] as usize {
                return Err(format!("fixed_terrain: {n} {ty:?} layouts, but only {} are supplied (SR 9.2.i.2, G10)", t.layouts[k]));
            }
        }
        // Positions and the campaign address counters by name, or by "name (leader)" where the
        // printed name is shared (BS6's two "ID Sp", Morillo's and Longa's): that must be unique.
        let names: Vec<(&str, &str)> = hqs.iter().map(|h| (h.name.as_str(), h.leader.name.as_str())).chain(cus.iter().map(|c| (c.name.as_str(), c.leader.name.as_str()))).collect();
        if let Some((i, (n, l))) = names.iter().enumerate().find(|(i, n)| names[..*i].contains(n)) {
            let what = if i < hqs.len() { "HQ" } else { "CU" };
            return Err(format!("{what} {n}: name: two counters of the battle are named '{n}' with the same leader {l}"));
        }
        // SR 9.2.k.4-5: every HQ but the CiC's with 2 or more CUs holds a Battle Line Section
        // of its own; there are 3.
        for side in Side::BOTH {
            let present: Vec<usize> = (0..hqs.len()).filter(|&h| hqs[h].side == side && hqs[h].force.is_none()).collect();
            let top = present.iter().map(|&h| hqs[h].size).max();
            let largest: Vec<usize> = present.iter().copied().filter(|&h| Some(hqs[h].size) == top).collect();
            let hq_sp = |h: usize| -> u32 { hqs[h].cus.iter().flat_map(|&u| cus[u as usize].sp.iter()).map(|x| x.1 as u32).sum() };
            let cic = largest.iter().copied().max_by_key(|&h| (hq_sp(h), std::cmp::Reverse(h)));
            if present.len() > 1 {
                let bound: Vec<&str> = present.iter().filter(|&&h| Some(h) != cic && hqs[h].cus.len() >= 2).map(|&h| hqs[h].name.as_str()).collect();
                if bound.len() > 3 {
                    return Err(format!("{side}: hqs: {} HQs besides the CiC's have 2 or more CUs ({}); each needs a Battle Line Section of its own and there are 3 (SR 9.2.k.4-5)", bound.len(), bound.join(", ")));
                }
            }
        }
        if let Some(r) = d.exclusive_rules.iter().find(|r| !EXCLUSIVE_RULES.contains(&r.as_str())) {
            return Err(format!("exclusive_rules: '{r}' is not one of the exclusive rules the battle knows ({})", EXCLUSIVE_RULES.join(", ")));
        }
        for (i, (_, _, m, _)) in d.troop_overrides.iter().enumerate() {
            if !(3..=9).contains(m) {
                return Err(format!("troop_overrides[{i}]: morale: {m} is outside the Troop Value Chart's 3..9"));
            }
        }
        // SR 9.2.j.1: who holds the outflank option follows from the commands; a holder given
        // with the normal procedure must be that side, and a roll-off needs equal Initiatives.
        if matches!(outflank_mode, OutflankMode::Normal | OutflankMode::RollOff) {
            let command = |side: Side| -> Option<u8> {
                let present: Vec<&Hq> = hqs.iter().filter(|h| h.side == side && h.force.is_none()).collect();
                let top = present.iter().map(|h| h.size).max()?;
                let largest: Vec<&&Hq> = present.iter().filter(|h| h.size == top).collect();
                // Unified Command: the CiC's Initiative; Joint Command: no option (None).
                (largest.len() == 1).then(|| largest[0].leader.initiative)
            };
            let computed = match (command(Side::Imperial), command(Side::Allied)) {
                (None, None) => Some(None),
                (None, Some(_)) => Some(Some(Side::Allied)),
                (Some(_), None) => Some(Some(Side::Imperial)),
                (Some(i), Some(a)) if i > a => Some(Some(Side::Imperial)),
                (Some(i), Some(a)) if a > i => Some(Some(Side::Allied)),
                _ => None, // a tie: a roll decides
            };
            if outflank_mode == OutflankMode::RollOff && computed.is_some() {
                return Err("outflank_mode: 'roll_off' but the CiCs' Initiatives do not tie (SR 9.2.j.1); use 'normal'".into());
            }
            if let (Some(h), Some(c)) = (d.outflank_holder, computed) {
                if c != Some(h) {
                    let who = c.map_or("no one (both sides under Joint Command)".to_string(), |s| s.to_string());
                    return Err(format!("outflank_holder: {h}, but SR 9.2.j.1 gives the outflank option to {who}"));
                }
            }
            if d.outflank_holder.is_some() && computed.is_none() {
                return Err("outflank_holder: the CiCs' Initiatives tie, so a roll decides the holder (SR 9.2.j.1)".into());
            }
        }
        let mut overrides = Vec::new();
        for (side, arm, m, tac) in &d.troop_overrides {
            overrides.push((*side, arm_of(arm).ok_or_else(|| format!("troop_overrides: arm '{arm}'"))?, *m, *tac));
        }
        for (n, _) in &d.combat_bonus {
            if !cus.iter().any(|c| &c.name == n) {
                return Err(format!("combat_bonus: no CU named '{n}'"));
            }
        }
        let er = |id: &str| d.exclusive_rules.iter().any(|r| r == id);
        let side_flags = |v: &[Side]| [v.contains(&Side::Imperial), v.contains(&Side::Allied)];
        // ER 2.1.b: level 3 from 1812, +1 in Galicia, Catalonia, Navarre and the Basque
        // Country (from 1809), +1 in Navarre while Mina is there (ER 2.4.b).
        if d.guerrilla_level > 5 {
            return Err(format!("guerrilla_level: {} is above 5, the highest the rules give (ER 2.1.b, 2.4.b)", d.guerrilla_level));
        }
        let mut bep_modifier = [0i16; 2];
        for (s, m) in &d.bep_modifier {
            bep_modifier[s.index()] += m;
        }
        Ok(Scenario {
            id: d.id.clone(),
            name: d.name.clone(),
            attacker: d.attacker,
            zone,
            terrain_rolls: d.terrain_rolls,
            fixed_terrain: d.fixed_terrain.clone(),
            forced_march: d.forced_march,
            outflank_mode,
            outflank_holder: d.outflank_holder,
            loc: side_flags(&d.loc),
            field_fortification: side_flags(&d.field_fortification),
            retreat_over_river: side_flags(&d.retreat_over_river),
            bep_modifier,
            guerrilla_level: d.guerrilla_level,
            troop_overrides: overrides,
            er_1_7: er("ER 1.7"),
            er_3_1_b: er("ER 3.1.b"),
            er_3_1_d: er("ER 3.1.d"),
            er_3_4_b: er("ER 3.4.b"),
            er_3_10: er("ER 3.10"),
            er_4_4: er("ER 4.4"),
            er_4_5_c: er("ER 4.5.c"),
            er_4_9: er("ER 4.9"),
            hqs,
            cus,
            forces,
            troops: t.troops.clone(),
            chits: t.chits,
            layouts: t.layouts,
            data: d.clone(),
        })
    }

    pub fn defender(&self) -> Side {
        self.attacker.other()
    }
}

#[doc(hidden)]
pub fn check_built_in() -> Result<(), String> {
    read_tables(&BUILT_IN.text()).map(|_| ())
}
