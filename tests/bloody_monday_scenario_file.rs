//! A Bloody Monday scenario file from outside the built-in list goes through the same checks
//! as the built-in data: the built-in file as a "variant" plays; each broken copy is refused
//! with a message naming the file, the unit (area or block) and the field.
use napoleonic::games::bloody_monday::{BloodyMonday, Options, Side};
use napoleonic::games::{GameError, Rules};
use serde_json::{json, Value};

const FILE: &str = include_str!("../scenarios/bloody_monday.json");

fn variant(change: impl FnOnce(&mut Value)) -> Result<BloodyMonday, String> {
    let mut d: Value = serde_json::from_str(FILE).unwrap();
    change(&mut d);
    BloodyMonday::from_scenario_file("variant.json", &d.to_string(), &Options::default(), 1).map_err(|e| match e {
        GameError::Setup(m) => m,
        other => panic!("not a setup error: {other:?}"),
    })
}

/// The refusal names the file, the unit and the field, and gives the rule.
fn refused(change: impl FnOnce(&mut Value), unit_field: &str, why: &str) {
    let err = match variant(change) {
        Ok(_) => panic!("accepted; expected a refusal at {unit_field}"),
        Err(e) => e,
    };
    let at = format!("variant.json: {unit_field}");
    assert!(
        err.lines().any(|l| l.starts_with(&at) && l.contains(why)),
        "no error at {unit_field} saying '{why}' in:\n{err}"
    );
}

fn area(d: &mut Value, id: usize) -> &mut Value {
    &mut d["areas"][id - 1]
}

fn block<'a>(d: &'a mut Value, id: &str) -> &'a mut Value {
    let k = d["blocks"].as_array().unwrap().iter().position(|b| b["id"] == id).unwrap();
    &mut d["blocks"][k]
}

#[test]
fn the_built_in_file_as_a_variant_plays() {
    let g = variant(|_| {}).expect("the built-in data passes");
    assert_eq!(g.scenario_id(), "bloody-monday-1812", "the id the file gives");
    assert_eq!(g.prompt().map(|p| p.side), Some(Side::French));
    let errors = |t: &str| BloodyMonday::from_scenario_file("bad.json", t, &Options::default(), 1).err();
    assert!(matches!(errors("{"), Some(GameError::Setup(m)) if m.starts_with("bad.json: ")));
}

/// FAQ-2: every block is placed, once: a designation too many or too few is refused.
#[test]
fn a_designation_too_many_or_too_few_is_refused_faq2() {
    refused(|d| area(d, 42)["designations"] = json!([]), "designations (russian yellow jager).count", "FAQ-2");
    refused(
        |d| area(d, 53)["designations"] = json!([{ "side": "russian", "colour": "lightblue", "group": "infantry" }]),
        "designations (russian lightblue infantry).count",
        "FAQ-2",
    );
    refused(|d| area(d, 53)["designations"] = json!([{ "side": "russian", "colour": "blue", "group": "infantry" }]), "area 53.designations[0]", "no russian army is blue");
    refused(|d| area(d, 53)["designations"] = json!([{ "side": "russian", "colour": "yellow", "group": "guns" }]), "area 53.designations[0]", "FAQ-1");
    refused(|d| area(d, 10)["designations"] = json!([{ "side": "russian", "colour": "red", "group": "cavalry" }]), "area 10.designations[0]", "start line");
}

/// 1.2 stacking at setup, 9.12 at setup, 4.1.1 lines of communication, 9.2 the Grand Battery.
#[test]
fn setup_constraints_of_the_rulebook_are_checked() {
    // 45 is red (one unit): a second designation there is over the limit.
    refused(
        |d| {
            let extra = json!({ "side": "russian", "colour": "yellow", "group": "artillery" });
            area(d, 45)["designations"].as_array_mut().unwrap().push(extra);
        },
        "area 45.designations",
        "stacking limit",
    );
    // 48 is south of the white line: a yellow (1st Army) designation there breaks 9.12.
    refused(|d| area(d, 48)["designations"][0]["colour"] = json!("yellow"), "area 48.designations[0]", "9.12");
    refused(|d| area(d, 16)["designations"] = json!([]), "area 16.designations", "Grand Battery");
    refused(|d| d["grand_battery"]["dice_per_artillery"] = json!(3), "grand_battery.dice_per_artillery", "9.2");
}

/// The map: adjacency both ways, the Kolocha, the victory areas, the drawing.
#[test]
fn map_errors_name_the_area_and_the_field() {
    refused(|d| area(d, 1)["neighbours"].as_array_mut().unwrap().push(json!(100)), "area 1.neighbours", "does not list 1 back");
    refused(|d| area(d, 1)["neighbours"].as_array_mut().unwrap().push(json!(1)), "area 1.neighbours", "not another area");
    refused(|d| area(d, 41)["kolocha_borders"] = json!([45]), "area 69.kolocha_borders", "does not list 69 back");
    refused(|d| area(d, 19)["victory"] = json!(false), "area 19.victory", "1.1");
    refused(|d| area(d, 20)["colour"] = json!("blue"), "area 20.colour", "1.2");
    refused(|d| area(d, 5)["label"] = json!([999.0, 1.0]), "area 5.label", "inside");
    refused(|d| d["reinforcements"]["french"] = json!([19, 41, 55, 62, 69, 107]), "reinforcements.french", "3.3");
    refused(|d| d["areas"].as_array_mut().unwrap().truncate(110), "areas", "111 areas");
}

/// The blocks: types, levels, dots, shields, MP, morale, Last Blood points, the armies.
#[test]
fn block_errors_name_the_block_and_the_field() {
    refused(|d| block(d, "F10")["levels"] = json!([4, 4, 2, 1]), "blocks[9] (F10).levels", "strictly decreasing");
    refused(|d| block(d, "F10")["mp"] = json!(5), "blocks[9] (F10).mp", "2.1");
    refused(|d| block(d, "F10")["type"] = json!("grenadier"), "blocks[9] (F10).type", "not a unit type");
    refused(|d| block(d, "F47")["shield"] = Value::Null, "blocks[46] (F47).shield", "2.5.2");
    refused(|d| block(d, "F10")["firepower"] = json!(["red", "red"]), "blocks[9] (F10).firepower", "2.2");
    refused(|d| block(d, "F10")["counts_for_morale"] = json!(false), "blocks[9] (F10).counts_for_morale", "2.3b");
    refused(|d| block(d, "F10")["last_blood_points"] = json!(3), "blocks[9] (F10).last_blood_points", "10.0");
    refused(|d| block(d, "F10")["colour"] = json!("green"), "french 1st Corps (orange).blocks", "[Armies]");
    refused(|d| block(d, "F01")["levels"] = json!([3, 2, 0]), "blocks[0] (F01).levels", "Napoleon has 4 stars");
}

/// [Reserve] and [Units]: the reserves of the text, the leaders' start areas.
#[test]
fn reserve_and_leader_errors_are_refused() {
    refused(|d| d["reserve"]["french"]["size"] = json!(8), "reserve.french.size", "[Reserve]");
    refused(|d| d["reserve"]["russian"]["draws"][0]["count"] = json!(2), "reserve.russian.size", "7 units");
    refused(|d| d["reserve"]["french"]["draws"][0]["from"] = json!(["F07"]), "reserve.french.draws[0].from", "[Reserve]");
    refused(
        |d| {
            block(d, "F09")["setup"] = json!({ "kind": "area", "area": 41 });
        },
        "block F09.setup.area",
        "start line",
    );
    refused(
        |d| {
            block(d, "F01")["setup"] = json!({ "kind": "area", "area": 23 });
        },
        "block Napoleon.setup.area",
        "area 21",
    );
    refused(|d| block(d, "F12")["setup"] = json!({ "kind": "reserve" }), "block F12.setup.kind", "designation");
}
