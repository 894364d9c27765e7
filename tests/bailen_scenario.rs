//! The built-in scenario validates, and a broken scenario file gets a precise error that names
//! the file, the item and the field (never a panic).
use napoleonic::games::bailen::Scenario;
use serde_json::Value;

const FILE: &str = include_str!("../scenarios/bailen.json");

fn broken(edit: impl FnOnce(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(FILE).expect("json");
    edit(&mut v);
    match Scenario::from_json(&v.to_string(), "bailen.json") {
        Ok(_) => panic!("a broken scenario was accepted"),
        Err(e) => e,
    }
}

#[test]
fn the_built_in_scenario_is_valid_and_complete() {
    let s = Scenario::from_json(FILE, "bailen.json").expect("valid");
    assert_eq!(s.counters.len(), 148);
    assert_eq!(s.formations.len(), 8);
    assert_eq!(s.entry[1].label(), "3001", "Castaños enters at 3001");
    assert_eq!(s.entry[0].label(), "3035", "Vedel enters at 3035");
}

#[test]
fn a_wrong_counter_mix_is_refused() {
    let e = broken(|v| {
        let counters = v["counters"].as_array_mut().expect("counters");
        counters.pop();
    });
    assert!(e.contains("must have 81 counters, not 80"), "{e}");
}

#[test]
fn an_unknown_class_names_the_counter_and_field() {
    let e = broken(|v| v["counters"][3]["class"] = Value::from("dragoons"));
    assert!(e.starts_with("bailen.json: counter F04"), "{e}");
    assert!(e.contains("class 'dragoons' is not defined"), "{e}");
}

#[test]
fn a_bad_hex_label_names_the_field() {
    let e = broken(|v| v["map"]["hill"][0] = Value::from("99x9"));
    assert!(e.contains("map.hill") && e.contains("99x9"), "{e}");
    let e = broken(|v| v["map"]["olive_grove"][0] = Value::from("4136"));
    assert!(e.contains("olive_grove") && e.contains("off the map"), "{e}");
}

#[test]
fn a_broken_royal_road_is_refused() {
    let e = broken(|v| {
        let road = v["map"]["royal_road"].as_array_mut().expect("road");
        road.remove(10);
    });
    assert!(e.contains("royal_road") && e.contains("are not adjacent"), "{e}");
}

#[test]
fn a_formation_without_its_leader_is_refused() {
    let e = broken(|v| v["formations"][0]["leader"] = Value::from("F02"));
    assert!(e.contains("formation") && e.contains("is not a leader counter"), "{e}");
}

#[test]
fn not_json_at_all_is_refused() {
    let e = Scenario::from_json("{\"id\": 3", "bailen.json").err().expect("refused");
    assert!(e.starts_with("bailen.json: not a Bailén scenario"), "{e}");
}
