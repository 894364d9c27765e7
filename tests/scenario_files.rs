//! A scenario file from outside the built-in list (a publisher's or a modder's variant) plays
//! through the same contract as a built-in scenario, for every ruleset: `Match::from_scenario_file`
//! checks it like the built-in data, its saved string carries the file so it replays exactly
//! where the file is not at hand, and a broken file is refused naming the file, before any game.
use napoleonic::games::bailen::Bailen;
use napoleonic::games::bloody_monday::BloodyMonday;
use napoleonic::games::muskets::battle::{scenario::Scenario as BattleScenario, Battle};
use napoleonic::games::{scenario_file_of, ErrorKind, GameError, Match, Rules};
use serde_json::{json, Value};

mod common;
use common::Pick;

/// Start a game of the file, play `moves` random choices, save, load: the loaded game has the
/// same history and position; the saved string holds the file, not a built-in id.
fn plays_and_replays<R: Rules>(file_name: &str, text: &str, want_id: &str, moves: usize, seed: u64)
where
    R::Event: PartialEq,
{
    let mut m = Match::<R>::from_scenario_file(file_name, text, R::Options::default(), seed).expect("a valid variant");
    assert_eq!(m.state().scenario_id(), want_id);
    let mut pick = Pick(seed * 2654435761 + 1);
    for _ in 0..moves {
        let Some(p) = m.prompt() else { break };
        let n = pick.next(p.actions.len());
        m.apply_index(n).unwrap();
    }
    assert!(m.choices().len() > 10, "{}: only {} choices", R::RULESET, m.choices().len());
    let saved = m.export();
    let record = napoleonic::core::record::Record::decode(&saved).unwrap();
    let (name, carried) = scenario_file_of(&record.scenario).expect("the string carries the file");
    assert_eq!((name, carried), (file_name, text));
    let loaded = Match::<R>::import(&saved).expect("the variant's saved game loads");
    assert_eq!(loaded.history().unwrap(), m.history().unwrap(), "{}: same history", R::RULESET);
    assert_eq!(loaded.prompt(), m.prompt());
    assert_eq!(loaded.export(), saved);
}

/// A broken file is refused as a bad setup naming the file.
fn refused<R: Rules>(file_name: &str, text: &str, must: &str) {
    match Match::<R>::from_scenario_file(file_name, text, R::Options::default(), 1) {
        Ok(_) => panic!("{}: a broken file was accepted", R::RULESET),
        Err(e) => {
            assert_eq!(e.kind(), ErrorKind::BadSetup, "{e:?}");
            let text = e.to_string();
            assert!(text.contains(&format!("{file_name}: ")) && text.contains(must), "{}: {text}", R::RULESET);
        }
    }
}

fn edited(file: &str, edit: impl FnOnce(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(file).unwrap();
    edit(&mut v);
    serde_json::to_string_pretty(&v).unwrap()
}

const BAILEN: &str = include_str!("../scenarios/bailen.json");
const BLOODY_MONDAY: &str = include_str!("../scenarios/bloody_monday.json");

#[test]
fn a_bailen_variant_plays_saves_and_replays() {
    let text = edited(BAILEN, |v| {
        v["id"] = json!("bailen-publisher");
        v["title"] = json!("Bailén 1808 (printed board)");
    });
    plays_and_replays::<Bailen>("publisher.json", &text, "bailen-publisher", 400, 3);
    // The built-in id names one file only.
    refused::<Bailen>("copy.json", BAILEN, "is the built-in scenario's id");
    refused::<Bailen>("x.json", "[]", "not a Bailén scenario");
}

#[test]
fn a_bloody_monday_variant_plays_saves_and_replays() {
    let text = edited(BLOODY_MONDAY, |v| v["id"] = json!("borodino-modded"));
    plays_and_replays::<BloodyMonday>("modded.json", &text, "borodino-modded", 400, 4);
    refused::<BloodyMonday>("bad.json", "{\"id\": 3}", "");
}

#[test]
fn a_field_battle_variant_plays_saves_and_replays() {
    let mut data = BattleScenario::built_in_data("arapiles").unwrap();
    data.name = "Arapiles, as a club plays it".into();
    let text = serde_json::to_string_pretty(&data).unwrap();
    plays_and_replays::<Battle>("club-arapiles.json", &text, "arapiles", 120, 5);
    refused::<Battle>("club.json", "{\"id\": \"x\",\n \"name\": 3}", "line 2");
}

/// A saved game of a file whose text was damaged after it was saved (here: by hand, in a
/// string rebuilt around a broken file) is refused as a bad setup naming the file.
#[test]
fn a_saved_variant_with_a_broken_file_is_refused() {
    let text = edited(BAILEN, |v| v["id"] = json!("bailen-publisher"));
    let m = Match::<Bailen>::from_scenario_file("publisher.json", &text, Default::default(), 3).unwrap();
    let mut record = napoleonic::core::record::Record::decode(&m.export()).unwrap();
    record.scenario = record.scenario.replace("\"counters\"", "\"counterz\"");
    match Match::<Bailen>::import(&record.encode()) {
        Err(GameError::Setup(why)) => assert!(why.starts_with("publisher.json: "), "{why}"),
        other => panic!("{:?}", other.map(|m| m.export())),
    }
}
