//! Golden saved strings: every ruleset, complete games and mid-game positions, in every format
//! the program has written. Each must import to the same history forever. A change that breaks
//! one must bump the ruleset's `RULES_VERSION` (with `RULES_CHANGES` saying why), and then the
//! old strings are refused with that text, which these tests also hold.
//!
//! tests/golden/v1/: format 1 (choices as indices), written before format 2 existed.
//! tests/golden/v2/: format 2 (the actions themselves). `NAME.txt` is the string and
//! `NAME.history.jsonl` the history it replays to (one `Match::history()` entry a line).
//! A mid-game string of hidden information also has `NAME.history-seen.jsonl`: the history as
//! the side deciding next may see it, which is all the wasm boundary gives (tests/node/api.mjs).
//! Regenerate v2 only deliberately: `cargo test --test golden -- --ignored write_golden_v2`.
use napoleonic::core::record::{Record, FORMAT_1, RECORD_VERSION};
use napoleonic::games::napoleons_battles::{self, NapoleonsBattles};
use napoleonic::games::{bailen, bloody_monday, muskets::battle, GameError, Match, Rules};
use std::path::Path;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden");

fn history_lines<R: Rules>(m: &Match<R>) -> Vec<String> {
    m.history()
        .expect("history")
        .iter()
        .map(|e| serde_json::to_string(e).expect("history entry serialises"))
        .collect()
}

/// The history as `viewer` may see it, one entry a line.
fn seen_lines<R: Rules>(m: &Match<R>, viewer: Option<R::Side>) -> Vec<String> {
    m.history_for(viewer)
        .expect("history")
        .iter()
        .map(|e| serde_json::to_string(e).expect("history entry serialises"))
        .collect()
}

/// Write `NAME.history-seen.jsonl` where the deciding side sees less than the whole history.
fn write_seen<R: Rules>(dir: &Path, stem: &str, m: &Match<R>) {
    let seen = seen_lines(m, m.prompt().map(|p| p.side));
    if seen != history_lines(m) {
        std::fs::write(dir.join(format!("{stem}.history-seen.jsonl")), seen.join("\n") + "\n").expect("write");
        eprintln!("{stem}: the deciding side's history written");
    }
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every golden string of `format` for ruleset `R` imports to its recorded history (or, when
/// the ruleset's rules changed since the string was written, is refused saying so).
fn check_format<R: Rules>(format: &str, expected_version: u16) -> usize {
    let dir = Path::new(DIR).join(format);
    let mut checked = 0;
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("golden dir")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.starts_with(R::RULESET) && n.ends_with(".txt"))
        .collect();
    names.sort();
    for name in names {
        let saved = read(&dir.join(&name));
        let record = Record::decode(&saved).unwrap_or_else(|e| panic!("{format}/{name}: {e}"));
        assert_eq!(record.version, expected_version, "{format}/{name}");
        let stem = name.trim_end_matches(".txt");
        let expected: Vec<String> = read(&dir.join(format!("{stem}.history.jsonl"))).lines().map(str::to_string).collect();
        match Match::<R>::import(&saved) {
            Ok(m) => {
                assert_eq!(record.rules_version, R::RULES_VERSION, "{format}/{name} loaded under other rules");
                let got = history_lines(&m);
                assert_eq!(got.len(), expected.len(), "{format}/{name}: number of history entries");
                for (n, (g, e)) in got.iter().zip(&expected).enumerate() {
                    assert_eq!(g, e, "{format}/{name}: history entry {n} differs");
                }
                let seen = dir.join(format!("{stem}.history-seen.jsonl"));
                if seen.exists() {
                    let viewer = m.prompt().map(|p| p.side);
                    let expected: Vec<String> = read(&seen).lines().map(str::to_string).collect();
                    assert_eq!(seen_lines(&m, viewer), expected, "{format}/{name}: the history as the deciding side sees it");
                }
                // Saving it again writes the current format, which replays the same.
                let again = Match::<R>::import(&m.export()).expect("re-export imports");
                assert_eq!(history_lines(&again), got, "{format}/{name}: re-exported");
                if format != "v1" {
                    assert_eq!(m.export(), saved.trim(), "{format}/{name}: the format-2 string is written the same");
                }
            }
            Err(GameError::Record(why)) if record.rules_version < R::RULES_VERSION => {
                assert!(why.contains("cannot be replayed faithfully"), "{format}/{name}: {why}");
                for (v, what) in R::RULES_CHANGES {
                    if *v > record.rules_version {
                        assert!(why.contains(what), "{format}/{name}: the refusal names what changed: {why}");
                    }
                }
            }
            Err(e) => panic!("{format}/{name}: {e}"),
        }
        checked += 1;
    }
    checked
}

fn check_all<R: Rules>() {
    assert!(check_format::<R>("v1", FORMAT_1) >= 2, "{}: at least two format-1 strings", R::RULESET);
    assert!(check_format::<R>("v2", RECORD_VERSION) >= 2, "{}: at least two format-2 strings", R::RULESET);
}

#[test]
fn bailen_golden_strings_replay_forever() {
    check_all::<bailen::Bailen>();
}

#[test]
fn muskets_battle_golden_strings_replay_forever() {
    check_all::<battle::Battle>();
}

#[test]
fn bloody_monday_golden_strings_replay_forever() {
    check_all::<bloody_monday::BloodyMonday>();
}

/// Napoleon's Battles came after format 1: its golden strings are all format 2.
#[test]
fn napoleons_battles_golden_strings_replay_forever() {
    assert!(check_format::<NapoleonsBattles>("v2", RECORD_VERSION) >= 2, "napoleons-battles: at least two format-2 strings");
}

/// A complete random Bailén game saves in under 4 KB of base64url.
#[test]
fn a_complete_bailen_game_saves_in_under_4_kb() {
    let saved = read(&Path::new(DIR).join("v2/bailen-complete.txt"));
    let m = Match::<bailen::Bailen>::import(&saved).expect("imports");
    assert!(m.prompt().is_none(), "the golden game is complete");
    assert!(saved.trim().len() < 4096, "{} characters", saved.trim().len());
    // And so do 40 more random complete games with every option (the longest of 300 seen
    // had 1,253 actions).
    for seed in 0..40 {
        let m = play::<bailen::Bailen>(bailen::DEFAULT_SCENARIO, bailen::Options::all(), 1_000 + seed, None);
        let s = m.export();
        assert!(s.len() < 4096, "seed {seed}: {} actions in {} characters", m.choices().len(), s.len());
        assert_eq!(Match::<bailen::Bailen>::import(&s).expect("imports").choices(), m.choices());
    }
}

/// Play the golden game: random listed actions from a small generator of its own.
fn play<R: Rules>(scenario: &str, options: R::Options, seed: u64, stop: Option<usize>) -> Match<R> {
    let mut m = Match::<R>::new(scenario, options, seed).expect("new game");
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut n = 0;
    while let Some(p) = m.prompt() {
        if stop.is_some_and(|s| n >= s) {
            break;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        m.apply_index((x % p.actions.len() as u64) as usize).expect("listed action");
        n += 1;
    }
    m
}

fn write<R: Rules>(name: &str, m: &Match<R>) {
    let dir = Path::new(DIR).join("v2");
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join(format!("{name}.txt")), m.export() + "\n").expect("write");
    std::fs::write(dir.join(format!("{name}.history.jsonl")), history_lines(m).join("\n") + "\n").expect("write");
    write_seen(&dir, name, m);
    eprintln!("{name}: {} actions, {} characters", m.choices().len(), m.export().len());
}

/// After a deliberate change to the shape of events (not to play), rewrite the expected
/// histories: refuses unless every entry keeps its side, its action and its description.
fn accept_event_shapes<R: Rules>(format: &str) {
    let dir = Path::new(DIR).join(format);
    for entry in std::fs::read_dir(&dir).expect("dir").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !(name.starts_with(R::RULESET) && name.ends_with(".txt")) {
            continue;
        }
        let Ok(m) = Match::<R>::import(&read(&entry.path())) else { continue };
        let stem = name.trim_end_matches(".txt");
        let path = dir.join(format!("{stem}.history.jsonl"));
        let old: Vec<serde_json::Value> = read(&path).lines().map(|l| serde_json::from_str(l).expect("json")).collect();
        let new = history_lines(&m);
        assert_eq!(old.len(), new.len(), "{name}");
        let mut changed = 0;
        for (o, n) in old.iter().zip(&new) {
            let n: serde_json::Value = serde_json::from_str(n).expect("json");
            for key in ["side", "action", "description"] {
                assert_eq!(o[key], n[key], "{name}: the play changed, not only the events' shape");
            }
            changed += usize::from(*o != n);
        }
        std::fs::write(&path, new.join("\n") + "\n").expect("write");
        eprintln!("{format}/{name}: {changed} entries rewritten");
    }
}

#[test]
#[ignore = "rewrites the expected histories: run deliberately after changing an event's shape"]
fn accept_new_event_shapes() {
    for format in ["v1", "v2"] {
        accept_event_shapes::<bailen::Bailen>(format);
        accept_event_shapes::<battle::Battle>(format);
        accept_event_shapes::<bloody_monday::BloodyMonday>(format);
        if format == "v2" {
            accept_event_shapes::<NapoleonsBattles>(format);
        }
    }
}

/// The deciding side's histories of the golden strings there are (the strings unchanged).
fn write_seen_all<R: Rules>() {
    let dir = Path::new(DIR).join("v2");
    for entry in std::fs::read_dir(&dir).expect("dir").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with(R::RULESET) && name.ends_with(".txt") {
            if let Ok(m) = Match::<R>::import(&read(&entry.path())) {
                write_seen(&dir, name.trim_end_matches(".txt"), &m);
            }
        }
    }
}

#[test]
#[ignore = "writes the deciding side's histories of the golden strings: run deliberately"]
fn write_golden_seen_histories() {
    write_seen_all::<bailen::Bailen>();
    write_seen_all::<battle::Battle>();
    write_seen_all::<bloody_monday::BloodyMonday>();
    write_seen_all::<NapoleonsBattles>();
}

#[test]
#[ignore = "writes the golden files: run deliberately"]
fn write_golden_v2() {
    write("bailen-complete", &play::<bailen::Bailen>(bailen::DEFAULT_SCENARIO, bailen::Options::all(), 21, None));
    write("bailen-mid", &play::<bailen::Bailen>(bailen::DEFAULT_SCENARIO, Default::default(), 22, Some(200)));
    write("muskets-battle-ocana-complete", &play::<battle::Battle>("ocana", Default::default(), 23, None));
    write("muskets-battle-arapiles-mid", &play::<battle::Battle>("arapiles", Default::default(), 24, Some(50)));
    write("bloody-monday-borodino-complete", &play::<bloody_monday::BloodyMonday>(bloody_monday::BORODINO, Default::default(), 25, None));
    write("bloody-monday-last-blood-mid", &play::<bloody_monday::BloodyMonday>(bloody_monday::LAST_BLOOD, Default::default(), 26, Some(150)));
    write_golden_napoleons_battles();
}

/// Napoleon's Battles' golden strings (added after the others: written on their own).
#[test]
#[ignore = "writes the golden files: run deliberately"]
fn write_golden_napoleons_battles() {
    write("napoleons-battles-medina-de-rioseco-complete", &play::<NapoleonsBattles>("medina-de-rioseco", Default::default(), 27, None));
    write("napoleons-battles-bailen-table-mid", &play::<NapoleonsBattles>("bailen-table", napoleons_battles::Options::all(), 28, Some(300)));
}
