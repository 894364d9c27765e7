//! Validation of Bailén scenario files and setups: each rulebook constraint (and each check of
//! scenarios/check_bailen.py) refuses a broken file with a message that names the file, the
//! counter or item, and the field; a variant file that keeps the rules plays; a setup that
//! starts with the game already decided, or that the sequence of play cannot reach, is refused.
use napoleonic::games::bailen::setup::{Placement, SetupStep};
use napoleonic::games::bailen::{Bailen, JokerMode, Options, Scenario, Setup, Side};
use napoleonic::games::{GameError, Rules};
use serde_json::{json, Value};

const FILE: &str = include_str!("../scenarios/bailen.json");

fn edited(edit: impl FnOnce(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(FILE).expect("json");
    edit(&mut v);
    v.to_string()
}

/// The error of a broken file (as a variant through the public constructor, so that the
/// built-in stand-in's own conventions do not apply).
fn refused(edit: impl FnOnce(&mut Value)) -> String {
    let text = edited(|v| {
        v["id"] = json!("bailen-variant");
        edit(v)
    });
    match Bailen::from_scenario_file("variant.json", &text, &Options::default(), 1) {
        Ok(_) => panic!("a broken scenario was accepted"),
        Err(GameError::Setup(e)) => {
            assert!(e.starts_with("variant.json: "), "the error names the file: {e}");
            e
        }
        Err(e) => panic!("not a setup error: {e:?}"),
    }
}

fn counter_index(v: &Value, id: &str) -> usize {
    v["counters"].as_array().and_then(|c| c.iter().position(|c| c["id"] == id)).expect("counter")
}

fn set_counter(v: &mut Value, id: &str, field: &str, value: Value) {
    let i = counter_index(v, id);
    v["counters"][i][field] = value;
}

fn list(v: &mut Value, path: &[&str]) -> Vec<Value> {
    let mut x = &*v;
    for p in path {
        x = &x[*p];
    }
    x.as_array().cloned().unwrap_or_default()
}

#[test]
fn a_variant_that_keeps_the_rules_plays() {
    // A publisher's file: its own id, title and notes, no STAND-IN labels, another colour for
    // Dupont, a farm less: none of the built-in stand-in's conventions, all of the rulebook.
    let text = edited(|v| {
        v["id"] = json!("bailen-publisher");
        v["title"] = json!("Bailén 1808 (printed board)");
        v["notes"] = json!([]);
        v["map"]["stand_in"] = json!("");
        v["formations"][0]["colour"] = json!("#ffffff");
        v["formations"][0]["stand_in"] = json!("");
    });
    let g = Bailen::from_scenario_file("publisher.json", &text, &Options::all(), 5).expect("a valid variant");
    assert_eq!(g.scenario_id(), "bailen-publisher");
    assert!(g.prompt().is_some(), "deployment begins");
    // Its id may not be the built-in one: a saved game would replay on the wrong file.
    let e = Bailen::from_scenario_file("copy.json", FILE, &Options::default(), 5).err().expect("refused");
    assert!(e.to_string().contains("copy.json: id: 'bailen-1808' is the built-in scenario's id"), "{e}");
    // And the built-in file passes its own stricter checks too (the game starts).
    assert!(Bailen::new_scenario_game("bailen-1808", &Options::default(), 1).is_ok());
    // Not JSON, or an unknown field: the parse names the file and the field.
    let e = Bailen::from_scenario_file("x.json", "[]", &Options::default(), 1).err().expect("refused").to_string();
    assert!(e.contains("x.json: not a Bailén scenario"), "{e}");
}

#[test]
fn an_army_that_opens_with_a_surrender_is_refused() {
    // Barbou's troops moved into Vedel's reinforcement: 28 French against 59 Spanish on the map.
    let e = refused(|v| {
        for i in 0..v["counters"].as_array().map_or(0, |c| c.len()) {
            let c = &mut v["counters"][i];
            if c["formation"] == "Barbou" && c["class"] != "leader" {
                c["formation"] = json!("Vedel");
                c["historical"] = Value::Null;
            }
        }
    });
    assert!(e.contains("formations: the deployed armies (French 28, Spanish 59 counters) open with a surrender"), "{e}");
}

/// Each edit breaks one rule; the error names the item and the field, and says why.
#[test]
fn every_rulebook_constraint_refuses_a_broken_file() {
    type Edit = Box<dyn FnOnce(&mut Value)>;
    let cases: Vec<(&str, Edit, &[&str])> = vec![
        ("unknown field", Box::new(|v| v["counters"][0]["morale"] = json!(3)), &["unknown field `morale`"]),
        ("empty title", Box::new(|v| v["title"] = json!(" ")), &["id and title"]),
        ("a hex listed twice", Box::new(|v| {
            let h = v["map"]["hill"][0].clone();
            v["map"]["hill"].as_array_mut().map(|a| a.push(h));
        }), &["map.hill", "listed twice"]),
        ("a place off the map", Box::new(|v| v["map"]["places"][0]["hex"] = json!("4150")), &["map.places[0]", "off the map"]),
        ("Bailén outside the town", Box::new(|v| {
            let i = list(v, &["map", "places"]).iter().position(|p| p["name"] == "Bailén").expect("Bailén");
            v["map"]["places"][i]["hex"] = json!("0101");
        }), &["map.places", "(Bailén)", "not a town hex"]),
        ("a hill in a grove", Box::new(|v| {
            let h = v["map"]["olive_grove"][0].clone();
            v["map"]["hill"].as_array_mut().map(|a| a.push(h));
        }), &["map.hill and map.olive_grove", "is both"]),
        ("a town hex that is no building", Box::new(|v| {
            let t = v["map"]["town"][0].clone();
            v["map"]["building"].as_array_mut().map(|a| a.retain(|h| *h != t));
        }), &["map.building", "is missing"]),
        ("a building that is neither", Box::new(|v| { v["map"]["building"].as_array_mut().map(|a| a.push(json!("0101"))); }), &["map.building", "0101", "neither"]),
        ("Bailén in two pieces", Box::new(|v| {
            v["map"]["town"].as_array_mut().map(|a| a.push(json!("0120")));
            v["map"]["building"].as_array_mut().map(|a| a.push(json!("0120")));
        }), &["map.town", "0120", "apart from the rest of Bailén"]),
        ("entries swapped", Box::new(|v| v["map"]["entry"] = json!({"Castaños": "3035", "Vedel": "3001"})), &["map.entry.Castaños", "3001"]),
        ("an entry key unknown", Box::new(|v| v["map"]["entry"]["Murat"] = json!("3001")), &["map.entry", "exactly Castaños and Vedel"]),
        ("four stars", Box::new(|v| v["map"]["stars"] = json!(["3032", "3033", "3034", "3035"])), &["map.stars", "France needs 5"]),
        ("a star off the stretch", Box::new(|v| {
            v["map"]["stars"].as_array_mut().map(|a| a.retain(|h| *h != "3030"));
        }), &["map.stars", "from its entrance to Bailén"]),
        ("a minor road on the Royal Road", Box::new(|v| v["map"]["minor_roads"][0] = json!(["2905", "3005"])), &["map.minor_roads[0]", "3005 is a Royal Road hex"]),
        ("wheat on a hill", Box::new(|v| {
            let h = v["map"]["hill"][0].clone();
            v["map"]["decorative"]["wheat"].as_array_mut().map(|a| a.push(h));
        }), &["map.decorative.wheat", "terrain or a road"]),
        ("a zone letter unknown", Box::new(|v| v["map"]["deployment"]["X"] = json!(["1010"])), &["map.deployment", "unknown zone 'X'"]),
        ("three letters", Box::new(|v| {
            let h = json!("3419");
            v["map"]["deployment"]["R"].as_array_mut().map(|a| a.push(h.clone()));
            v["map"]["deployment"]["C"].as_array_mut().map(|a| a.push(h));
        }), &["map.deployment", "all three letters"]),
        ("an entry in a zone", Box::new(|v| { v["map"]["deployment"]["C"].as_array_mut().map(|a| a.push(json!("3035"))); }), &["map.deployment", "Vedel's entry hex 3035"]),
        ("the French deploy in Bailén", Box::new(|v| {
            let t = v["map"]["town"][0].clone();
            for z in ["R", "V", "C"] {
                v["map"]["deployment"][z].as_array_mut().map(|a| a.retain(|h| *h != t));
            }
            v["map"]["deployment"]["French"].as_array_mut().map(|a| a.push(t));
        }), &["map.deployment.French", "in Bailén or on a star hex"]),
        ("Reding's hexes all Venegas's too", Box::new(|v| {
            // Venegas deploys first and may take any V hex: Reding must fit in the rest.
            let (r, c) = (list(v, &["map", "deployment", "R"]), list(v, &["map", "deployment", "C"]));
            let shared: Vec<Value> = r.into_iter().filter(|h| !c.contains(h)).collect();
            v["map"]["deployment"]["V"].as_array_mut().map(|a| a.extend(shared.into_iter().filter(|h| !a.contains(h)).collect::<Vec<_>>()));
        }), &["map.deployment", "cannot hold every deploying counter"]),
        ("a formation renamed", Box::new(|v| v["formations"][1]["name"] = json!("Murat")), &["formation"]),
        ("Vedel not aquamarine", Box::new(|v| v["formations"][3]["colour"] = json!("#ff0000")), &["formation Vedel", "not aquamarine"]),
        ("two formations one colour", Box::new(|v| v["formations"][1]["colour"] = json!("#F5F5F5")), &["formation Fresia", "another formation's"]),
        ("a colour that is no colour", Box::new(|v| v["formations"][2]["colour"] = json!("purple")), &["formation Barbou", "not #rrggbb"]),
        ("a counter name twice", Box::new(|v| set_counter(v, "F03", "name", json!("Marins de la Garde"))), &["counter F03", "name"]),
        ("a leader's command", Box::new(|v| v["classes"]["leader"]["command"] = json!(4)), &["counter F01 (Dupont)", "class", "command factor is 5"]),
        ("elite with one attack", Box::new(|v| v["classes"]["elite_infantry"]["attacks"] = json!(1)), &["counter F02", "class", "elite infantry"]),
        ("line infantry that runs", Box::new(|v| v["classes"]["line_infantry"]["mf"] = json!(5)), &["class", "line infantry", "4 movement points"]),
        ("short 12-pounders", Box::new(|v| v["classes"]["spanish_artillery_12pdr"]["range"] = json!(12)), &["class", "12-pounders"]),
        ("long French light pieces", Box::new(|v| v["classes"]["french_horse_artillery"]["range"] = json!(12)), &["class", "French light pieces"]),
        ("infantry at range", Box::new(|v| v["classes"]["militia"]["range"] = json!(2)), &["class", "only artillery fires at range"]),
        ("slow light cavalry", Box::new(|v| v["classes"]["regular_cavalry"]["mf"] = json!(9)), &["class", "regular cavalry fights harder and moves slower"]),
        ("soft cuirassiers", Box::new(|v| v["classes"]["cuirassier"]["df"] = json!(6)), &["class", "cuirassiers"]),
        ("slow horse artillery", Box::new(|v| v["classes"]["spanish_horse_artillery"]["mf"] = json!(3)), &["class", "horse artillery moves more"]),
        ("a thirsty water carrier", Box::new(|v| v["classes"]["water_carrier"]["water_range"] = json!(5)), &["María Bellido", "class", "water range 10"]),
        ("a Swiss gun", Box::new(|v| {
            let i = list(v, &["counters"]).iter().position(|c| c["class"] == "french_artillery").expect("gun");
            v["counters"][i]["swiss"] = json!(true);
        }), &["swiss", "Swiss counters are infantry"]),
        ("a French pursuit bonus", Box::new(|v| {
            let i = list(v, &["counters"]).iter().position(|c| c["class"] == "light_cavalry" && c["side"] == "French").expect("chasseurs");
            v["counters"][i]["pursuit_bonus"] = json!(true);
        }), &["pursuit_bonus", "Spanish light cavalry"]),
        ("a reinforcement with a deployment hex", Box::new(|v| set_counter(v, "F45", "historical", json!("1212"))), &["counter F45", "historical hex 1212 is not in its deployment zone"]),
        ("a deploying counter without one", Box::new(|v| set_counter(v, "F02", "historical", Value::Null)), &["counter F02", "historical", "needs its historical hex"]),
        ("a historical hex in the wrong zone", Box::new(|v| set_counter(v, "S02", "historical", json!("1810"))), &["counter S02", "historical hex 1810 is not in its deployment zone"]),
        ("a counter of no class", Box::new(|v| set_counter(v, "F04", "class", json!("dragoons"))), &["counter F04", "class 'dragoons' is not defined"]),
    ];
    let mut failures = Vec::new();
    for (name, edit, words) in cases {
        let e = refused(edit);
        if !words.iter().all(|w| e.contains(w)) {
            failures.push(format!("{name}: {e} (wanted {words:?})"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_built_in_conventions_hold_only_for_the_built_in_file() {
    // The stand-in's own checks (check_bailen.py): a variant may move Reding's 12-pounders off
    // Cerro Valentín, but the built-in file may not. The public parse applies the rulebook only.
    let text = edited(|v| {
        let cs = list(v, &["counters"]);
        let gun = cs.iter().position(|c| c["class"] == "spanish_artillery_12pdr" && c["formation"] == "Reding").expect("gun");
        let foot = cs.iter().position(|c| c["class"] == "line_infantry" && c["formation"] == "Reding").expect("foot");
        let (a, b) = (cs[gun]["historical"].clone(), cs[foot]["historical"].clone());
        v["counters"][gun]["historical"] = b;
        v["counters"][foot]["historical"] = a;
    });
    assert!(Scenario::from_json(&text, "bailen.json").is_ok(), "a rulebook-valid file");
    let e = Scenario::check_built_in_json(&text, "bailen.json").err().expect("the convention is broken");
    assert!(e.contains("Reding's 12-pounders on Cerro Valentín"), "{e}");
    assert!(Scenario::check_built_in_json(FILE, "bailen.json").is_ok());
}

// ------------------------------------------------------------------ setups

fn placement(unit: &str, hex: &str) -> Placement {
    Placement { unit: unit.into(), hex: hex.into(), disorganised: false, moved: false, activated: false }
}

fn setup(units: &[(&str, &str)]) -> Setup {
    Setup { units: units.iter().map(|(u, h)| placement(u, h)).collect(), joker: None, ..Setup::default() }
}

fn setup_error(s: &Setup) -> String {
    match Bailen::from_setup(s) {
        Ok(_) => panic!("the setup was accepted: {s:?}"),
        Err(e) => e.to_string(),
    }
}

/// Leaders of both sides on the map, so that no one has lost all leaders.
const LEADERS: [(&str, &str); 6] = [("F01", "0101"), ("F11", "0301"), ("F28", "0501"), ("S01", "0135"), ("S16", "0335"), ("S39", "0535")];

#[test]
fn a_setup_already_decided_is_refused() {
    // Who Wins the Game?: 7 Spanish against 3 French counters is a French surrender.
    let mut units = vec![("F01", "0101")];
    units.extend([("S01", "0135"), ("S16", "0335"), ("S39", "0535"), ("S20", "1620"), ("S21", "1720"), ("S22", "1820"), ("S23", "1920")]);
    units.extend([("F11", "0301"), ("F28", "0501")]);
    let e = setup_error(&setup(&units));
    assert!(e.contains("units: the position is already won: the French surrender at once") && e.contains("French 3, Spanish 7"), "{e}");
    // One more French counter: 7 is not more than double 4, the game goes on.
    units.push(("F02", "1610"));
    let g = Bailen::from_setup(&setup(&units)).expect("a game to play");
    assert_eq!(g.outcome(), None);
}

#[test]
fn a_setup_the_sequence_of_play_cannot_reach_is_refused() {
    let base = || setup(&LEADERS);
    // Reinforcements stay off the map until they arrive.
    let mut s = base();
    s.units.push(placement("F46", "1212"));
    let e = setup_error(&s);
    assert!(e.contains("units[6] (F46)") && e.contains("a reinforcement of the French side"), "{e}");
    // ...and arrive from round 9 (Castaños) and round 11 (Vedel) only.
    let e = setup_error(&Setup { round: 10, arrived: vec![Side::French], ..base() });
    assert!(e.contains("arrived: the French reinforcements cannot have arrived by round 10"), "{e}");
    let e = setup_error(&Setup { round: 9, step: SetupStep::RoundStart, arrived: vec![Side::Spanish], ..base() });
    assert!(e.contains("arrived: the Spanish"), "{e}");
    assert!(Bailen::from_setup(&Setup { round: 9, active: Side::Spanish, arrived: vec![Side::Spanish], ..base() }).is_ok());
    // María Bellido only under Stifling Heat, in its hot rounds.
    let e = setup_error(&Setup { water_carrier: Some("2020".into()), round: 10, ..base() });
    assert!(e.contains("water_carrier: María Bellido at 2020 needs the Stifling Heat option"), "{e}");
    let mut heat = Options::default();
    heat.stifling_heat = true;
    let e = setup_error(&Setup { water_carrier: Some("2020".into()), round: 14, options: heat.clone(), ..base() });
    assert!(e.contains("water_carrier"), "{e}");
    assert!(Bailen::from_setup(&Setup { water_carrier: Some("2020".into()), round: 10, options: heat, ..base() }).is_ok());
    // The allowances are 6 + a die and 4 + a die.
    let e = setup_error(&Setup { step: SetupStep::Movement { leader: "F01".into(), allowance: 13 }, ..base() });
    assert!(e.contains("step.allowance: 13 is not 6 + a die"), "{e}");
    let e = setup_error(&Setup { step: SetupStep::Combat { activations: 11 }, ..base() });
    assert!(e.contains("step.activations: 11"), "{e}");
    // The Strategic Joker passes to the French when Castaños arrives.
    let e = setup_error(&Setup { round: 10, arrived: vec![Side::Spanish], joker: Some(Side::Spanish), ..base() });
    assert!(e.contains("joker: in the Strategic option"), "{e}");
    let tempt = Options { joker: JokerMode::TemptFate, ..Options::default() };
    assert!(Bailen::from_setup(&Setup { round: 10, arrived: vec![Side::Spanish], joker: Some(Side::Spanish), options: tempt, ..base() }).is_ok());
}
