//! One conformance harness for every ruleset (tests/common/conformance.rs says what each game is
//! held to): 1,000 random games a ruleset, over its scenarios and options.
//!
//! A new ruleset is covered by one `impl Conformant` (tests/common/conformance.rs) and one line
//! a scenario below.
use napoleonic::games::bailen::{self, Bailen};
use napoleonic::games::bloody_monday::{self, BloodyMonday};
use napoleonic::games::muskets::battle::{Battle, SCENARIO_IDS};
use napoleonic::games::napoleons_battles::{self, NapoleonsBattles};
use napoleonic::games::Rules;

mod common;
use common::conformance::{conformance, Conformant};

/// The number of games of a run: `n` in an optimised build (`cargo test --release`, about 30 s
/// of CPU for all the runs), a tenth of it in a debug build (ten times slower), or
/// CONFORMANCE_GAMES (for a quick or a long run).
fn games(n: usize) -> usize {
    let default = if cfg!(debug_assertions) { n.div_ceil(10) } else { n };
    std::env::var("CONFORMANCE_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// Each line: test name, ruleset, scenario, options, number of games, first dice seed.
macro_rules! conformance_runs {
    ($($(#[$attr:meta])* $name:ident: $rules:ty, $scenario:expr, $options:expr, $games:expr, $seed:expr;)*) => {
        $(
            #[test]
            $(#[$attr])*
            fn $name() {
                let games = games($games);
                let t = std::time::Instant::now();
                let tally = conformance::<$rules>($scenario, $options, games, $seed);
                eprintln!("{} {}: {:?} in {:.1} s", <$rules>::RULESET, $scenario, tally, t.elapsed().as_secs_f64());
                assert_eq!(tally.games, games);
                // Not vacuous: mutants were read as actions and refused, records and undo checked.
                assert!(tally.refused > 0 && tally.record_checks > 0 && tally.undos > 0 && tally.listed_indices > 0, "{tally:?}");
                assert!(tally.hidden_checks > 0 && tally.hidden_actions > 0, "{tally:?}");
            }
        )*
        /// (ruleset, scenario, games) of every run above.
        const RUNS: &[(&str, &str, usize)] = &[$((<$rules>::RULESET, $scenario, $games)),*];
    };
}


conformance_runs! {
    bailen_default_options: Bailen, bailen::DEFAULT_SCENARIO, bailen::Options::default(), 500, 1_000;
    bailen_every_option: Bailen, bailen::DEFAULT_SCENARIO, bailen::Options::all(), 500, 2_000;
    // Only Game Setup's confirmation (lifts and re-placements, limited to keep games finite);
    // `Options::all()` above has it too.
    bailen_confirm_deployment: Bailen, bailen::DEFAULT_SCENARIO, bailen::Options { confirm_deployment: true, ..Default::default() }, 100, 2_500;
    muskets_battle_medina_de_rioseco: Battle, SCENARIO_IDS[0], Default::default(), 167, 3_000;
    muskets_battle_medellin: Battle, SCENARIO_IDS[1], Default::default(), 167, 4_000;
    muskets_battle_sagunto: Battle, SCENARIO_IDS[2], Default::default(), 167, 5_000;
    muskets_battle_ocana: Battle, SCENARIO_IDS[3], Default::default(), 167, 6_000;
    muskets_battle_arapiles: Battle, SCENARIO_IDS[4], Default::default(), 166, 7_000;
    muskets_battle_vitoria: Battle, SCENARIO_IDS[5], Default::default(), 166, 8_000;
    bloody_monday_borodino: BloodyMonday, bloody_monday::BORODINO, Default::default(), 500, 9_000;
    bloody_monday_last_blood: BloodyMonday, bloody_monday::LAST_BLOOD, Default::default(), 500, 10_000;
    napoleons_battles_medina_de_rioseco: NapoleonsBattles, "medina-de-rioseco", Default::default(), 1_000, 11_000;
    napoleons_battles_bailen_table: NapoleonsBattles, "bailen-table", napoleons_battles::Options::all(), 1_000, 12_000;
}

/// Every ruleset plays 1,000 games a run, and every one of its built-in scenarios at least 100.
#[test]
fn every_ruleset_and_scenario_is_covered() {
    fn covered<R: Conformant>() {
        let games: usize = RUNS.iter().filter(|r| r.0 == R::RULESET).map(|r| r.2).sum();
        assert!(games >= 1000, "{}: {games} games a run", R::RULESET);
        for scenario in R::SCENARIOS {
            let games: usize = RUNS.iter().filter(|r| r.0 == R::RULESET && r.1 == *scenario).map(|r| r.2).sum();
            assert!(games >= 100, "{} {scenario}: {games} games a run", R::RULESET);
        }
    }
    covered::<Bailen>();
    covered::<Battle>();
    covered::<BloodyMonday>();
    covered::<NapoleonsBattles>();
}

/// Found by this harness: refusing an unlisted Command or Rally whose leader is no counter of
/// the battle panics (index out of bounds in `Battle::leader`, called by `describe_action` for
/// the refusal's message) instead of returning an error. The mutants are the harness's own.
#[test]
fn muskets_battle_refuses_a_leader_that_is_no_counter() {
    use common::conformance::{check_refused, fingerprint};
    use napoleonic::games::muskets::battle::Action;
    for (seed, text) in [
        (1, r#"{"type":"Command","leader":{"kind":"cu","id":255}}"#),
        (2, r#"{"type":"Command","leader":{"kind":"hq","id":200}}"#),
        (3, r#"{"type":"Rally","leader":{"kind":"hq","id":23},"cu":1}"#),
    ] {
        let mut battle = Battle::new_game(SCENARIO_IDS[0], &Default::default(), seed).expect("new battle");
        let action: Action = serde_json::from_str(text).expect("an action");
        let before = fingerprint(&battle);
        check_refused(&mut battle, &action, &before).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}
