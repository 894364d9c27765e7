//! The checks a Bloody Monday scenario file must pass before it is played: the built-in data
//! and a publisher's or a modder's variant alike (what `scenarios/check_bloody_monday.py`
//! checks, and every constraint the rulebook puts on a set-up). Each error names the file,
//! the unit (area or block) and the field; all errors are reported together.
//!
//! The rulebook's own facts are checked as it states them: 111 areas (1), the victory areas
//! and the flèches (1.1), the armies and their block counts ([Armies]), the leaders' start
//! areas ([Units]), the reserves ([Reserve]), the designations using up every block left
//! after the reserve (FAQ-1, FAQ-2), stacking at setup (1.2, D14), 9.12 at setup, the lines of
//! communication at the start (4.1.1), the unit types' values (2.1-2.6, 9.3, 10.0) and the
//! Grand Battery (9.2). Map data the rulebook leaves open (colours, adjacency) is checked for
//! consistency only.
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// [Armies]: (side, colour) -> (army, blocks with its tactical leader, the leader's name).
const ARMIES: [(&str, &str, &str, usize, Option<&str>); 12] = [
    ("french", "blue", "Imperial Guard", 7, Some("Bessi")),
    ("french", "orange", "1st Corps", 9, Some("Davout")),
    ("french", "yellow", "3rd Corps", 6, Some("Ney")),
    ("french", "green", "4th Corps", 8, Some("Eug")),
    ("french", "brown", "5th Corps", 5, Some("Poniatowski")),
    ("french", "pink", "8th Corps", 5, Some("Junot")),
    ("french", "red", "Cavalry Reserve", 12, Some("Murat")),
    ("russian", "red", "Russian Guard", 10, Some("Lavrov")),
    ("russian", "yellow", "1st Army", 20, Some("Barclay")),
    ("russian", "lightblue", "2nd Army", 17, Some("Bagration")),
    ("russian", "brown", "Cossacks", 10, Some("Platov")),
    ("russian", "white", "Militia", 4, None),
];

/// Unit types: (type, category, setup group, MP 2.1, MP with 9.3, counts on the morale track 2.3b).
const TYPES: [(&str, &str, Option<&str>, u64, u64, bool); 10] = [
    ("line_infantry", "infantry", Some("infantry"), 3, 3, true),
    ("jager", "infantry", Some("jager"), 3, 4, false),
    ("militia", "infantry", Some("infantry"), 3, 2, false),
    ("light_cavalry", "cavalry", Some("cavalry"), 5, 6, true),
    ("cossack", "cavalry", Some("cavalry"), 5, 6, false),
    ("heavy_cavalry", "cavalry", Some("cavalry"), 5, 5, true),
    ("foot_artillery", "artillery", Some("artillery"), 3, 3, true),
    ("horse_artillery", "artillery", Some("artillery"), 5, 5, true),
    ("tactical_leader", "leader", None, 5, 5, true),
    ("commander_in_chief", "leader", None, 5, 5, true),
];

/// 1.1 the six single victory areas and the flèches; 3.3 their names in the Russian order.
const VICTORY_AREAS: [u64; 6] = [19, 41, 55, 62, 69, 107];
const FLECHES: [u64; 3] = [57, 58, 59];
const RUSSIAN_ORDER: [&str; 6] = ["Tatarinovo", "Gorki", "Utitsa", "Great Redoubt", "Shevardino", "Borodino"];
/// [Reserve]: (side, count, colour, category or type, candidates).
const RESERVE_DRAWS: [(&str, u64, &str, &str, usize); 6] = [
    ("french", 1, "blue", "artillery", 2),
    ("french", 1, "red", "heavy_cavalry", 6),
    ("russian", 1, "red", "artillery", 5),
    ("russian", 1, "yellow", "artillery", 4),
    ("russian", 1, "yellow", "cavalry", 3),
    ("russian", 3, "brown", "cossack", 9),
];
/// 9.2 the Grand Battery areas.
const GRAND_BATTERY: [u64; 4] = [16, 28, 31, 32];
/// The drawing space of the map.
const BOARD: (f64, f64) = (1000.0, 700.0);

struct Checks {
    file: String,
    errors: Vec<String>,
}

impl Checks {
    fn fail(&mut self, unit: &str, field: &str, why: impl std::fmt::Display) {
        let at = if field.is_empty() { unit.to_string() } else { format!("{unit}.{field}") };
        self.errors.push(format!("{}: {at}: {why}", self.file));
    }
    fn check(&mut self, ok: bool, unit: &str, field: &str, why: impl std::fmt::Display) {
        if !ok {
            self.fail(unit, field, why);
        }
    }
}

fn s(v: &Value, k: &str) -> Option<String> {
    v.get(k).and_then(Value::as_str).map(str::to_string)
}
fn n(v: &Value, k: &str) -> Option<u64> {
    v.get(k).and_then(Value::as_u64)
}
fn b(v: &Value, k: &str) -> bool {
    v.get(k).and_then(Value::as_bool).unwrap_or(false)
}
fn list<'a>(v: &'a Value, k: &str) -> &'a [Value] {
    v.get(k).and_then(Value::as_array).map_or(&[], Vec::as_slice)
}
fn nums(v: &Value, k: &str) -> Vec<u64> {
    list(v, k).iter().filter_map(Value::as_u64).collect()
}
fn strs(v: &Value, k: &str) -> Vec<String> {
    list(v, k).iter().filter_map(|x| x.as_str().map(str::to_string)).collect()
}

/// Connected pieces of `nodes` under `nbr`.
fn components(nodes: &BTreeSet<u64>, nbr: &BTreeMap<u64, BTreeSet<u64>>) -> Vec<BTreeSet<u64>> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for &start in nodes {
        if !seen.insert(start) {
            continue;
        }
        let mut comp = BTreeSet::from([start]);
        let mut q = VecDeque::from([start]);
        while let Some(u) = q.pop_front() {
            for &w in nbr.get(&u).into_iter().flatten() {
                if nodes.contains(&w) && seen.insert(w) {
                    comp.insert(w);
                    q.push_back(w);
                }
            }
        }
        out.push(comp);
    }
    out
}

/// Is point `p` inside polygon `poly` (even-odd rule)? Drawing data only, never a rule.
fn inside(p: (f64, f64), poly: &[(f64, f64)]) -> bool {
    let mut c = false;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        if (a.1 > p.1) != (b.1 > p.1) && p.0 < a.0 + (p.1 - a.1) * (b.0 - a.0) / (b.1 - a.1) {
            c = !c;
        }
    }
    c
}

/// Check a scenario file's raw JSON; every error, named by file, unit and field.
pub(crate) fn check_scenario(file: &str, d: &Value) -> Result<(), String> {
    let mut c = Checks { file: file.to_string(), errors: Vec::new() };
    check_areas(&mut c, d);
    check_blocks(&mut c, d);
    check_setup(&mut c, d);
    if c.errors.is_empty() {
        Ok(())
    } else {
        Err(c.errors.join("\n"))
    }
}

fn areas_by_id(d: &Value) -> BTreeMap<u64, &Value> {
    list(d, "areas").iter().filter_map(|a| Some((n(a, "id")?, a))).collect()
}

fn check_areas(c: &mut Checks, d: &Value) {
    let areas = list(d, "areas");
    let a = areas_by_id(d);
    // 1: 111 areas numbered 1 to 111.
    c.check(areas.len() == 111, "areas", "", format!("the board has 111 areas (1), not {}", areas.len()));
    c.check(a.keys().copied().eq(1..=areas.len() as u64), "areas", "id", "areas are numbered 1, 2, ... in order, once each (1)");
    let nbr: BTreeMap<u64, BTreeSet<u64>> = a.iter().map(|(&i, x)| (i, nums(x, "neighbours").into_iter().collect())).collect();
    let kol: BTreeMap<u64, BTreeSet<u64>> = a.iter().map(|(&i, x)| (i, nums(x, "kolocha_borders").into_iter().collect())).collect();
    for (&i, x) in &a {
        let unit = format!("area {i}");
        c.check(matches!(s(x, "colour").as_deref(), Some("green" | "yellow" | "red")), &unit, "colour", "green, yellow or red (1.2)");
        let ns = nums(x, "neighbours");
        c.check(ns.len() == nbr[&i].len(), &unit, "neighbours", "a neighbour listed twice");
        for j in &ns {
            if *j == i || !a.contains_key(j) {
                c.fail(&unit, "neighbours", format!("{j} is not another area"));
            } else if !nbr[j].contains(&i) {
                c.fail(&unit, "neighbours", format!("{j} does not list {i} back"));
            }
        }
        for j in &kol[&i] {
            c.check(nbr[&i].contains(j), &unit, "kolocha_borders", format!("{j} is not a neighbour"));
            c.check(kol.get(j).is_some_and(|k| k.contains(&i)), &unit, "kolocha_borders", format!("{j} does not list {i} back"));
        }
        let bank = s(x, "bank");
        c.check(matches!(bank.as_deref(), Some("west" | "east")), &unit, "bank", "west or east of the Kolocha");
        for j in &nbr[&i] {
            if let Some(o) = a.get(j) {
                // 1.2.3 the Kolocha splits the map: a border crosses it exactly when the bank changes.
                if (s(o, "bank") != bank) != kol[&i].contains(j) {
                    c.fail(&unit, "kolocha_borders", format!("the border with {j} must be a Kolocha border exactly when the bank changes"));
                }
            }
        }
        c.check(matches!(s(x, "start_side").as_deref(), Some("french" | "russian")), &unit, "start_side", "french or russian");
        c.check(matches!(s(x, "command_line_side").as_deref(), Some("north" | "south")), &unit, "command_line_side", "north or south of the white line (9.11)");
        // 1.1 the victory areas and the flèches, named as in 3.3.
        let victory = VICTORY_AREAS.contains(&i) || FLECHES.contains(&i);
        c.check(b(x, "victory") == victory, &unit, "victory", if victory { "a victory area (1.1)" } else { "not a victory area (1.1)" });
        c.check(b(x, "fleche") == FLECHES.contains(&i), &unit, "fleche", "the flèches are 57, 58 and 59 (1.1)");
        let name = s(x, "victory_name");
        if FLECHES.contains(&i) {
            c.check(name.as_deref() == Some("Flèches"), &unit, "victory_name", "'Flèches'");
        } else if VICTORY_AREAS.contains(&i) {
            c.check(name.as_deref().is_some_and(|n| RUSSIAN_ORDER.contains(&n)), &unit, "victory_name", "one of the six names of 3.3");
        } else {
            c.check(name.is_none(), &unit, "victory_name", "only victory areas have one");
        }
        // The drawing: a polygon inside the board with its number circle inside it.
        let poly: Vec<(f64, f64)> = list(x, "polygon")
            .iter()
            .filter_map(|p| Some((p.get(0)?.as_f64()?, p.get(1)?.as_f64()?)))
            .collect();
        if poly.len() < 3 || poly.len() != list(x, "polygon").len() {
            c.fail(&unit, "polygon", "at least three [x, y] points");
        } else {
            c.check(poly.iter().all(|p| (0.0..=BOARD.0).contains(&p.0) && (0.0..=BOARD.1).contains(&p.1)), &unit, "polygon", "inside the 1000 x 700 board");
            let label = x.get("label").and_then(|l| Some((l.get(0)?.as_f64()?, l.get(1)?.as_f64()?)));
            c.check(label.is_some_and(|l| inside(l, &poly)), &unit, "label", "the number circle lies inside the area's polygon (9.11 reads the part from it)");
        }
    }
    let all: BTreeSet<u64> = a.keys().copied().collect();
    c.check(components(&all, &nbr).len() == 1, "areas", "neighbours", "the board is one connected map");
    let names: BTreeMap<String, u64> = a.iter().filter_map(|(&i, x)| Some((s(x, "victory_name")?, i))).collect();
    let v = d.get("victory").unwrap_or(&Value::Null);
    let mut va = nums(v, "areas");
    va.sort_unstable();
    c.check(va == VICTORY_AREAS, "victory", "areas", "19, 41, 55, 62, 69 and 107 (1.1)");
    let mut fl = nums(v, "fleches");
    fl.sort_unstable();
    c.check(fl == FLECHES, "victory", "fleches", "57, 58 and 59 (1.1)");
    // 3.3 the order of reinforcement areas, and its reverse for the French.
    let order: Vec<Option<u64>> = RUSSIAN_ORDER.iter().map(|n| names.get(*n).copied()).collect();
    let r = d.get("reinforcements").unwrap_or(&Value::Null);
    c.check(nums(r, "russian").into_iter().map(Some).eq(order.iter().copied()), "reinforcements", "russian", "Tatarinovo, Gorki, Utitsa, Great Redoubt, Shevardino, Borodino (3.3)");
    c.check(nums(r, "french").into_iter().map(Some).eq(order.iter().rev().copied()), "reinforcements", "french", "the Russian order reversed (3.3)");
    // 4.1.1 each side's start areas are one region; the 9.11 parts are one region each.
    for (key, values) in [("start_side", ["french", "russian"]), ("command_line_side", ["north", "south"])] {
        for val in values {
            let part: BTreeSet<u64> = a.iter().filter(|(_, x)| s(x, key).as_deref() == Some(val)).map(|(&i, _)| i).collect();
            c.check(!part.is_empty() && components(&part, &nbr).len() == 1, "areas", key, format!("the {val} areas form one connected region"));
        }
    }
    // 9.2 four Grand Battery areas, 4 TF dice a gun.
    let gb = d.get("grand_battery").unwrap_or(&Value::Null);
    c.check(nums(gb, "areas") == GRAND_BATTERY, "grand_battery", "areas", "16, 28, 31 and 32 (9.2)");
    c.check(n(gb, "dice_per_artillery") == Some(4), "grand_battery", "dice_per_artillery", "4 TF dice a gun (9.2)");
}

fn check_blocks(c: &mut Checks, d: &Value) {
    let blocks = list(d, "blocks");
    let mut ids = BTreeSet::new();
    let mut codes = BTreeSet::new();
    for (k, x) in blocks.iter().enumerate() {
        let id = s(x, "id").unwrap_or_default();
        let unit = format!("blocks[{k}] ({id})");
        c.check(ids.insert(id.clone()), &unit, "id", "listed twice");
        c.check(codes.insert(s(x, "code").unwrap_or_default()), &unit, "code", "used twice");
        let side = s(x, "side").unwrap_or_default();
        c.check(side == "french" || side == "russian", &unit, "side", "french or russian");
        let kind = s(x, "type").unwrap_or_default();
        let Some(&(_, category, group, mp, mp9, counts)) = TYPES.iter().find(|t| t.0 == kind) else {
            c.fail(&unit, "type", format!("'{kind}' is not a unit type of the rulebook"));
            continue;
        };
        c.check(s(x, "category").as_deref() == Some(category), &unit, "category", format!("{category} for a {kind}"));
        c.check(s(x, "setup_group").as_deref() == group, &unit, "setup_group", format!("{group:?} for a {kind} (FAQ-1)"));
        c.check(n(x, "mp") == Some(mp), &unit, "mp", format!("{mp} for a {kind} (2.1)"));
        let murat = s(x, "name").as_deref() == Some("Murat");
        c.check(n(x, "mp_mobility") == Some(if murat { 6 } else { mp9 }), &unit, "mp_mobility", "9.3 Mobility: Murat and light cavalry 6, jagers 4, militia 2, the rest unchanged");
        c.check(b(x, "counts_for_morale") == counts, &unit, "counts_for_morale", "jagers, militia and cossacks do not count, all others do (2.3b)");
        let colour = s(x, "colour");
        if matches!(kind.as_str(), "jager" | "militia" | "cossack") {
            c.check(side == "russian", &unit, "side", "jagers, militia and cossacks are Russian");
        }
        if kind == "cossack" {
            c.check(colour.as_deref() == Some("brown"), &unit, "colour", "cossacks are brown (2.3b)");
        }
        if kind == "militia" {
            c.check(colour.as_deref() == Some("white"), &unit, "colour", "militia are white");
        }
        if side == "russian" && colour.as_deref() == Some("brown") {
            c.check(kind == "cossack" || kind == "tactical_leader", &unit, "type", "the brown Russian blocks are cossacks and Platov");
        }
        if side == "russian" && colour.as_deref() == Some("white") {
            c.check(kind == "militia", &unit, "type", "the white blocks are militia");
        }
        if kind == "commander_in_chief" {
            c.check(colour.is_none() && x.get("corps").is_none_or(Value::is_null), &unit, "colour", "a Commander-in-Chief belongs to no corps");
        } else {
            c.check(colour.is_some(), &unit, "colour", "every block but a CinC has its corps colour");
        }
        // 2.3a levels, from the top down: combat units to 1, support units to 0 (exhausted).
        let levels = nums(x, "levels");
        let max = levels.first().copied().unwrap_or(0);
        let combat = category == "infantry" || category == "cavalry";
        let levels_ok = !levels.is_empty()
            && levels.windows(2).all(|w| w[0] > w[1])
            && (1..=4).contains(&max)
            && n(x, "max_strength") == Some(max)
            && if combat { levels.iter().copied().eq((1..=max).rev()) } else { levels.last() == Some(&0) };
        c.check(levels_ok, &unit, "levels", "max_strength first, 1 to 4 (four-sided blocks), strictly decreasing; combat units down to 1, support units to 0 (2.3a, D22)");
        // 2.2 one dot colour a strength point; a leader's red heart, artillery's black pawn.
        let fp = strs(x, "firepower");
        let fp_ok = fp.iter().all(|f| matches!(f.as_str(), "black" | "white" | "red" | "blue"))
            && match category {
                "leader" => fp == ["red"],
                "artillery" => fp == ["black"],
                _ => fp.len() as u64 == max,
            };
        c.check(fp_ok, &unit, "firepower", "one dot colour a strength point; leaders a red heart, artillery a black pawn (2.2, 2.3a)");
        // 2.5.2, 2.6.1 shields; 10.0 Last Blood points by shield.
        let shield = s(x, "shield");
        let shield_ok = match shield.as_deref() {
            None => kind != "heavy_cavalry" && category != "artillery",
            Some("silver") => combat,
            Some("gold") => category == "artillery",
            Some(_) => false,
        };
        c.check(shield_ok, &unit, "shield", "heavy cavalry silver (2.5.2), artillery gold (2.6.1), silver only on combat units, gold only on artillery");
        let points = if !counts { 1 } else { match shield.as_deref() { Some("gold") => 5, Some("silver") => 3, _ => 2 } };
        c.check(n(x, "last_blood_points") == Some(points), &unit, "last_blood_points", format!("{points} (10.0: gold 5, silver 3, none 2, jager, militia and cossack 1)"));
        if s(x, "name").as_deref() == Some("Napoleon") {
            c.check(levels == [4, 3, 2, 0], &unit, "levels", "Napoleon has 4 stars and is exhausted after three activations: 4, 3, 2, 0 (5.1, 9.8 example)");
        }
    }
    // [Armies] 53 French and 62 Russian blocks, by corps, each with its one tactical leader.
    for (side, count, prefix) in [("french", 53, "F"), ("russian", 62, "R")] {
        let mine: Vec<&Value> = blocks.iter().filter(|x| s(x, "side").as_deref() == Some(side)).collect();
        c.check(mine.len() == count, "blocks", "side", format!("{count} {side} blocks ([Armies]), not {}", mine.len()));
        let mut got: Vec<String> = mine.iter().filter_map(|x| s(x, "id")).collect();
        got.sort();
        c.check(got.iter().cloned().eq((1..=count).map(|k| format!("{prefix}{k:02}"))), "blocks", "id", format!("the {side} ids are {prefix}01 to {prefix}{count}"));
        let cincs = mine.iter().filter(|x| s(x, "type").as_deref() == Some("commander_in_chief")).count();
        c.check(cincs == 1, "blocks", "type", format!("one {side} Commander-in-Chief, not {cincs}"));
    }
    for (side, colour, army, count, leader) in ARMIES {
        let members: Vec<&Value> = blocks.iter().filter(|x| s(x, "side").as_deref() == Some(side) && s(x, "colour").as_deref() == Some(colour)).collect();
        let unit = format!("{side} {army} ({colour})");
        c.check(members.len() == count, &unit, "blocks", format!("{count} blocks ([Armies]), not {}", members.len()));
        let leaders: Vec<String> = members.iter().filter(|x| s(x, "type").as_deref() == Some("tactical_leader")).filter_map(|x| s(x, "name")).collect();
        match leader {
            Some(l) => c.check(leaders.len() == 1 && leaders[0].contains(l), &unit, "leader", format!("its one tactical leader is {l}... ([Armies]), not {leaders:?}")),
            None => c.check(leaders.is_empty(), &unit, "leader", "no tactical leader ([Armies])"),
        }
    }
    for x in blocks {
        let (side, colour) = (s(x, "side").unwrap_or_default(), s(x, "colour"));
        if let Some(col) = colour {
            if !ARMIES.iter().any(|a| a.0 == side && a.1 == col) {
                c.fail(&format!("block {}", s(x, "id").unwrap_or_default()), "colour", format!("no {side} army is {col} ([Armies])"));
            }
        }
    }
}

fn check_setup(c: &mut Checks, d: &Value) {
    let blocks = list(d, "blocks");
    let by_id: BTreeMap<String, &Value> = blocks.iter().filter_map(|x| Some((s(x, "id")?, x))).collect();
    let a = areas_by_id(d);
    let nbr: BTreeMap<u64, BTreeSet<u64>> = a.iter().map(|(&i, x)| (i, nums(x, "neighbours").into_iter().collect())).collect();
    let kind_of = |id: &str| by_id.get(id).and_then(|x| s(x, "type")).unwrap_or_default();
    // [Reserve] 7 units a side: the fixed ones and the random draws of the text.
    let res = d.get("reserve").unwrap_or(&Value::Null);
    let mut drawn: BTreeMap<(String, String, String), u64> = BTreeMap::new();
    let mut candidates = BTreeSet::new();
    for side in ["french", "russian"] {
        let r = res.get(side).unwrap_or(&Value::Null);
        let unit = format!("reserve.{side}");
        let fixed = strs(r, "fixed");
        let draws = list(r, "draws");
        let total = fixed.len() as u64 + draws.iter().filter_map(|x| n(x, "count")).sum::<u64>();
        c.check(n(r, "size") == Some(7) && total == 7, &unit, "size", format!("7 units ([Reserve]), not {total}"));
        let flagged: BTreeSet<String> = blocks.iter().filter(|x| s(x, "side").as_deref() == Some(side) && b(x, "reserve")).filter_map(|x| s(x, "id")).collect();
        c.check(fixed.iter().cloned().collect::<BTreeSet<_>>() == flagged, &unit, "fixed", "the fixed reserve is exactly the blocks flagged 'reserve'");
        let mut fixed_kinds: Vec<(String, String)> = fixed.iter().filter_map(|id| by_id.get(id)).map(|x| (s(x, "colour").unwrap_or_default(), s(x, "type").unwrap_or_default())).collect();
        fixed_kinds.sort();
        let want: Vec<(String, String)> = if side == "french" {
            let mut w = vec![("blue".into(), "heavy_cavalry".into()), ("blue".into(), "tactical_leader".into())];
            w.extend(std::iter::repeat_n(("blue".to_string(), "line_infantry".to_string()), 3));
            w.sort();
            w
        } else {
            vec![("red".into(), "tactical_leader".into())]
        };
        c.check(fixed_kinds == want, &unit, "fixed", if side == "french" { "Bessières, the blue cavalry and three blue infantry ([Reserve])" } else { "Lavrov ([Reserve])" });
        let text: Vec<_> = RESERVE_DRAWS.iter().filter(|t| t.0 == side).collect();
        c.check(draws.len() == text.len(), &unit, "draws", format!("{} random draws ([Reserve])", text.len()));
        for (k, (dr, t)) in draws.iter().zip(&text).enumerate() {
            let from = strs(dr, "from");
            let pool: BTreeSet<String> = blocks
                .iter()
                .filter(|x| s(x, "side").as_deref() == Some(side) && s(x, "colour").as_deref() == Some(t.2) && (s(x, "category").as_deref() == Some(t.3) || s(x, "type").as_deref() == Some(t.3)))
                .filter_map(|x| s(x, "id"))
                .collect();
            let ok = n(dr, "count") == Some(t.1) && pool.len() == t.4 && from.iter().cloned().collect::<BTreeSet<_>>() == pool && from.len() == pool.len();
            c.check(ok, &format!("{unit}.draws[{k}]"), "from", format!("{} of the {} {} {} ([Reserve])", t.1, t.4, t.2, t.3));
            for id in &from {
                c.check(!flagged.contains(id), &format!("{unit}.draws[{k}]"), "from", format!("{id} is in the fixed reserve too"));
                c.check(candidates.insert(id.clone()), &format!("{unit}.draws[{k}]"), "from", format!("{id} is a candidate of two draws"));
            }
            // The draw's count comes off its group's designations (FAQ-2).
            if let Some(x) = from.first().and_then(|id| by_id.get(id)) {
                let key = (side.to_string(), s(x, "colour").unwrap_or_default(), s(x, "setup_group").unwrap_or_default());
                *drawn.entry(key).or_default() += n(dr, "count").unwrap_or(0);
            }
        }
    }
    // [Units] leaders: on the map in their named areas, Bessières and Lavrov in the reserve.
    let leaders = list(d, "leaders");
    let leader_ids: BTreeSet<String> = leaders.iter().filter_map(|l| s(l, "id")).collect();
    let leader_blocks: BTreeSet<String> = blocks.iter().filter(|x| s(x, "category").as_deref() == Some("leader")).filter_map(|x| s(x, "id")).collect();
    c.check(leader_ids == leader_blocks, "leaders", "id", "the leaders list holds every leader block, once");
    let mut leader_area: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    for (&i, x) in &a {
        for l in strs(x, "leader_designations") {
            leader_area.entry(l).or_default().push(i);
        }
    }
    for x in blocks {
        let id = s(x, "id").unwrap_or_default();
        let unit = format!("block {id}");
        let setup = x.get("setup").unwrap_or(&Value::Null);
        let kind = s(setup, "kind").unwrap_or_default();
        let leader = s(x, "category").as_deref() == Some("leader");
        if b(x, "reserve") {
            c.check(kind == "reserve", &unit, "setup.kind", "'reserve' for a block of the fixed reserve");
        } else if leader {
            let at = n(setup, "area");
            c.check(kind == "area" && at.is_some_and(|i| a.contains_key(&i)), &unit, "setup.area", "a leader outside the reserve starts in a named area ([Units])");
            if let Some(i) = at {
                c.check(a.get(&i).and_then(|x| s(x, "start_side")) == s(x, "side"), &unit, "setup.area", format!("area {i} is not on his side of the start line"));
                c.check(leader_area.get(&id).is_some_and(|v| v == &[i]), &unit, "setup.area", format!("area {i} carries his designation, once (leader_designations)"));
            }
            if let Some(l) = leaders.iter().find(|l| s(l, "id").as_deref() == Some(&id)) {
                let same = s(l, "name") == s(x, "name") && s(l, "side") == s(x, "side") && n(l, "stars") == n(x, "max_strength") && nums(l, "levels") == nums(x, "levels") && s(l, "command_colour") == s(x, "colour") && n(l, "start_area") == at;
                c.check(same, &format!("leaders ({id})"), "", "agrees with its block (name, side, stars, levels, colour, start area)");
            }
        } else {
            c.check(kind == "designation", &unit, "setup.kind", "every other block is placed by designation ([Units])");
        }
    }
    for (l, v) in &leader_area {
        c.check(by_id.get(l).is_some_and(|x| s(x, "category").as_deref() == Some("leader") && !b(x, "reserve")), &format!("area {}", v.first().copied().unwrap_or(0)), "leader_designations", format!("{l} is not a leader who starts on the map"));
    }
    let named_at = |name: &str| blocks.iter().find(|x| s(x, "name").as_deref() == Some(name)).and_then(|x| n(x.get("setup")?, "area"));
    c.check(named_at("Napoleon") == Some(21), "block Napoleon", "setup.area", "Napoleon starts in area 21 ([Units])");
    c.check(named_at("Kutuzov") == Some(69), "block Kutuzov", "setup.area", "Kutuzov starts in area 69 ([Units])");
    let part = |name: &str| named_at(name).and_then(|i| a.get(&i)).and_then(|x| s(x, "command_line_side"));
    c.check(part("Barclay de Tolly").as_deref() == Some("north"), "block Barclay de Tolly", "setup.area", "Barclay starts north of the white line (9.11)");
    c.check(part("Bagration").as_deref() == Some("south"), "block Bagration", "setup.area", "Bagration starts south of the white line (9.11)");
    for l in leaders {
        let want = match s(l, "name").as_deref() {
            Some("Barclay de Tolly") => Some("north"),
            Some("Bagration") => Some("south"),
            _ => None,
        };
        c.check(s(l, "command_part").as_deref() == want, &format!("leaders ({})", s(l, "id").unwrap_or_default()), "command_part", format!("{want:?} (9.11)"));
    }
    // Designations: (side, colour, group) on their own side; their counts use up every block
    // left after the reserve (FAQ-2); stacking (1.2, the CinC exempt D14); 9.12.
    let mut count: BTreeMap<(String, String, String), u64> = BTreeMap::new();
    for (&i, x) in &a {
        let unit = format!("area {i}");
        let ds = list(x, "designations");
        for (k, dz) in ds.iter().enumerate() {
            let (side, colour, group) = (s(dz, "side").unwrap_or_default(), s(dz, "colour").unwrap_or_default(), s(dz, "group").unwrap_or_default());
            let field = format!("designations[{k}]");
            c.check(ARMIES.iter().any(|t| t.0 == side && t.1 == colour), &unit, &field, format!("no {side} army is {colour}"));
            c.check(matches!(group.as_str(), "jager" | "infantry" | "cavalry" | "artillery"), &unit, &field, format!("'{group}' is not jager, infantry, cavalry or artillery (FAQ-1)"));
            c.check(s(x, "start_side").as_deref() == Some(side.as_str()), &unit, &field, format!("a {side} designation on the other side of the start line"));
            // 9.12 at setup: the 1st Army north, the 2nd Army south.
            let p = s(x, "command_line_side").unwrap_or_default();
            if side == "russian" && ((colour == "yellow" && p != "north") || (colour == "lightblue" && p != "south")) {
                c.fail(&unit, &field, format!("a {colour} Russian designation in the {p} would break 9.12"));
            }
            *count.entry((side, colour, group)).or_default() += 1;
        }
        let leaders_here = strs(x, "leader_designations").iter().filter(|l| kind_of(l) != "commander_in_chief").count();
        let limit = match s(x, "colour").as_deref() {
            Some("green") => 4,
            Some("yellow") => 2,
            _ => 1,
        };
        c.check(ds.len() + leaders_here <= limit, &unit, "designations", format!("{} units set up, over the stacking limit {limit} (1.2; the CinC does not count)", ds.len() + leaders_here));
    }
    let mut groups: BTreeMap<(String, String, String), (u64, u64)> = BTreeMap::new();
    for x in blocks {
        if let (Some(side), Some(colour), Some(group)) = (s(x, "side"), s(x, "colour"), s(x, "setup_group")) {
            let e = groups.entry((side, colour, group)).or_default();
            e.0 += 1;
            e.1 += b(x, "reserve") as u64;
        }
    }
    let keys: BTreeSet<_> = groups.keys().chain(count.keys()).cloned().collect();
    for key in keys {
        let (blocks_n, fixed) = groups.get(&key).copied().unwrap_or((0, 0));
        let draws = drawn.get(&key).copied().unwrap_or(0);
        let des = count.get(&key).copied().unwrap_or(0);
        if des + fixed + draws != blocks_n {
            c.fail(
                &format!("designations ({} {} {})", key.0, key.1, key.2),
                "count",
                format!("{des} designations for {blocks_n} blocks, {} in the reserve: every block is placed, once (FAQ-2)", fixed + draws),
            );
        }
    }
    // 4.1.1 every set-up area has a line of communication to its CinC at the start.
    for (side, home) in [("french", 21u64), ("russian", 69)] {
        let own: BTreeSet<u64> = a.iter().filter(|(_, x)| s(x, "start_side").as_deref() == Some(side)).map(|(&i, _)| i).collect();
        let reach = components(&own, &nbr).into_iter().find(|comp| comp.contains(&home)).unwrap_or_default();
        for (&i, x) in &a {
            let used = !list(x, "designations").is_empty() || !list(x, "leader_designations").is_empty();
            if used && own.contains(&i) && !reach.contains(&i) {
                c.fail(&format!("area {i}"), "designations", format!("no {side} line of communication to the CinC at the start (4.1.1)"));
            }
        }
    }
    // 9.2 each Grand Battery area holds one French artillery designation, and the four guns
    // can fire at four different Russian-held areas.
    let mut targets: Vec<BTreeSet<u64>> = Vec::new();
    for i in GRAND_BATTERY {
        let x = a.get(&i);
        let guns = x.map_or(0, |x| list(x, "designations").iter().filter(|dz| s(dz, "side").as_deref() == Some("french") && s(dz, "group").as_deref() == Some("artillery")).count());
        c.check(guns == 1 && x.and_then(|x| s(x, "start_side")).as_deref() == Some("french"), &format!("area {i}"), "designations", "one French artillery designation in each Grand Battery area (9.2)");
        targets.push(
            nbr.get(&i)
                .into_iter()
                .flatten()
                .copied()
                .filter(|j| a.get(j).is_some_and(|y| s(y, "start_side").as_deref() == Some("russian") && list(y, "designations").iter().any(|dz| s(dz, "side").as_deref() == Some("russian"))))
                .collect(),
        );
    }
    fn matching(t: &[BTreeSet<u64>], used: &mut Vec<u64>) -> bool {
        let Some((first, rest)) = t.split_first() else { return true };
        first.iter().any(|x| {
            if used.contains(x) {
                return false;
            }
            used.push(*x);
            let ok = matching(rest, used);
            used.pop();
            ok
        })
    }
    c.check(matching(&targets, &mut Vec::new()), "grand_battery", "areas", "the four guns can fire at four different Russian-held areas (9.2: 'up to four areas')");
    // 3.2 example: the French start with 5 LP (Napoleon's 4 + Shevardino); 3.3 example: 9 Russian.
    let held = |side: &str| VICTORY_AREAS.iter().filter(|i| a.get(i).and_then(|x| s(x, "start_side")).as_deref() == Some(side)).count() as u64 + FLECHES.iter().all(|i| a.get(i).and_then(|x| s(x, "start_side")).as_deref() == Some(side)) as u64;
    let stars = |name: &str| blocks.iter().find(|x| s(x, "name").as_deref() == Some(name)).and_then(|x| n(x, "max_strength")).unwrap_or(0);
    c.check(stars("Napoleon") + held("french") == 5, "victory", "areas", "the French logistic value at the start is 5 (3.2 example: Napoleon's 4 and Shevardino)");
    c.check(stars("Kutuzov") + held("russian") == 9, "victory", "areas", "the Russian logistic value on turn 2 is 9 (3.3 example)");
}
