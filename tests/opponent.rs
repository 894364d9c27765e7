//! The computer opponent (`napoleonic::opponent`, ISMCTS over `games::Search`) for every ruleset:
//! it chooses a listed action, the same one for the same seed, and the same one in two positions
//! that differ only in what its side cannot see (the other side's concealed blocks, hidden hand
//! and face-down counters). Its strength is measured, not tested: `cargo run --release --example
//! opponent`.
use napoleonic::games::bailen::{self, Bailen};
use napoleonic::games::bloody_monday::{self, BloodyMonday};
use napoleonic::games::muskets::battle::{Battle, SCENARIO_IDS};
use napoleonic::games::{Rules, Search};
use napoleonic::opponent::{choose, Settings};

mod common;
use common::Pick;

/// Positions of a random game, every `every` actions, up to `count` of them.
fn positions<R: Search>(mut state: R, seed: u64, every: usize, count: usize) -> Vec<R> {
    let mut out = Vec::new();
    let mut pick = Pick(seed * 7919 + 3);
    let mut n = 0;
    while let Some(p) = state.prompt() {
        if n % every == 0 && p.actions.len() > 1 {
            out.push(state.clone());
            if out.len() == count {
                break;
            }
        }
        let a = p.actions[pick.next(p.actions.len())].clone();
        state.apply(&a).unwrap();
        n += 1;
    }
    out
}

/// At each position: the choice is listed, repeatable, and blind to the other side's secrets.
fn blind_to_hidden_facts<R: Search>(positions: &[R], settings: &Settings) -> usize {
    let mut differing = 0;
    for (k, s) in positions.iter().enumerate() {
        let me = s.to_move().unwrap();
        let settings = Settings { seed: settings.seed + k as u64, ..settings.clone() };
        let thought = choose(s, &settings, |_| false).unwrap();
        assert!(s.prompt().unwrap().actions.contains(&thought.action), "{}: an unlisted choice", R::RULESET);
        // Another real position that differs only in what `me` cannot see.
        let twin = s.determinize(me, 1_000 + k as u64);
        if serde_json::to_string(&twin.view(other::<R>(me))).ok() != serde_json::to_string(&s.view(other::<R>(me))).ok() {
            differing += 1;
        }
        let again = choose(&twin, &settings, |_| false).unwrap();
        assert_eq!(again.action, thought.action, "{}: position {k}: the choice depends on what {me:?} cannot see", R::RULESET);
        assert_eq!(again.root.len(), thought.root.len());
    }
    differing
}

/// The other side of a two-sided game.
fn other<R: Search>(side: R::Side) -> R::Side {
    R::SIDES.iter().copied().find(|&s| s != side).unwrap_or(side)
}

#[test]
fn bloody_monday_choices_are_blind_to_concealed_blocks() {
    let start = BloodyMonday::new_game(bloody_monday::BORODINO, &Default::default(), 8).unwrap();
    let ps = positions(start, 8, 37, 6);
    let differing = blind_to_hidden_facts(&ps, &Settings { iterations: 40, rollout_depth: 20, ..Settings::default() });
    // Not vacuous: the other worlds really held other facts (the other side's view differs).
    assert!(differing > 0, "no position had hidden facts to redraw");
}

#[test]
fn field_battle_choices_are_blind_to_the_hidden_hand_and_counters() {
    let mut differing = 0;
    for (g, id) in SCENARIO_IDS.iter().enumerate().take(3) {
        let start = Battle::new_game(id, &Default::default(), 20 + g as u64).unwrap();
        let ps = positions(start, g as u64, 5, 4);
        differing += blind_to_hidden_facts(&ps, &Settings { iterations: 60, ..Settings::default() });
    }
    assert!(differing > 0, "no position had hidden facts to redraw");
}

#[test]
fn bailen_choices_are_listed_and_repeatable() {
    let start = Bailen::new_game(bailen::DEFAULT_SCENARIO, &Default::default(), 4).unwrap();
    let ps = positions(start, 4, 97, 4);
    blind_to_hidden_facts(&ps, &Settings { iterations: 30, rollout_depth: 20, ..Settings::default() });
}
