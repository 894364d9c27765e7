//! Whole random games of Bailén: no panic, no step without a legal action, one counter a hex,
//! counters conserved, and export -> import gives the same game at random points.
use napoleonic::games::bailen::{Bailen, JokerMode, Options, Place};
use napoleonic::games::{Match, Rules};

mod common;
use common::Pick;

fn options_for(k: u64) -> Options {
    let b = |i: u64| (k >> i) & 1 == 1;
    Options {
        combined_attacks: b(0),
        cover: b(1),
        protection_against_cavalry: b(2),
        roads: b(3),
        swiss: b(4),
        stifling_heat: b(5),
        historical_deployment: b(6),
        confirm_deployment: b(7),
        joker: match k % 3 {
            0 => JokerMode::Strategic,
            1 => JokerMode::TemptFate,
            _ => JokerMode::Off,
        },
    }
}

/// Prefer ending steps less often than acting, so games see many moves and fights.
fn choose(pick: &mut Pick, n: usize) -> usize {
    pick.next(n)
}

fn play(seed: u64, options: Options, check_records: bool) -> (usize, Match<Bailen>) {
    let mut m = Match::<Bailen>::new("bailen-1808", options, seed).expect("new game");
    let mut pick = Pick(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let total = m.state().scenario().counters.len();
    let mut eliminated_before = 0;
    let mut steps = 0;
    while let Some(p) = m.prompt() {
        assert!(!p.actions.is_empty(), "seed {seed}: no legal action at {:?}", p.step);
        m.state().check_invariants().unwrap_or_else(|e| panic!("seed {seed} step {steps}: {e}"));
        let i = choose(&mut pick, p.actions.len());
        m.apply_index(i).unwrap_or_else(|e| panic!("seed {seed} step {steps}: {:?} failed: {e}", p.actions[i]));
        steps += 1;
        assert!(steps < 20_000, "seed {seed}: game does not end");
        // Counters conserved: every counter is somewhere, and losses never come back.
        let view = m.state().view(napoleonic::games::bailen::Side::French);
        assert_eq!(view.units.len(), total);
        let gone = view.units.iter().filter(|u| matches!(u.place, Place::Eliminated | Place::Deserted)).count();
        assert!(gone >= eliminated_before, "seed {seed}: an eliminated counter came back");
        eliminated_before = gone;
        if check_records && pick.next(97) == 0 {
            let saved = m.export();
            let back = Match::<Bailen>::import(&saved).unwrap_or_else(|e| panic!("seed {seed}: import failed: {e}"));
            assert_eq!(back.state().view(napoleonic::games::bailen::Side::French), view, "seed {seed}: import differs");
            assert_eq!(back.prompt(), m.prompt(), "seed {seed}: prompt differs after import");
        }
    }
    assert!(m.state().outcome().is_some(), "seed {seed}: no prompt but no outcome");
    (steps, m)
}

#[test]
fn a_thousand_random_games_keep_every_invariant() {
    let games: u64 = std::env::var("BAILEN_PLAYOUTS").ok().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let mut longest = 0;
    let mut winners = [0usize; 2];
    for seed in 0..games {
        let (steps, m) = play(seed, options_for(seed), seed % 10 == 0);
        longest = longest.max(steps);
        if let Some(w) = m.state().outcome().and_then(|o| o.winner) {
            winners[w as usize] += 1;
        }
    }
    eprintln!("{games} games, longest {longest} actions, wins French/Spanish {winners:?}");
}

#[test]
fn a_complete_game_saves_in_under_4_kb() {
    let (_, m) = play(7, Options::all(), false);
    let saved = m.export();
    eprintln!("complete game: {} choices, {} characters", m.choices().len(), saved.len());
    assert!(saved.len() < 4096, "saved string is {} bytes", saved.len());
}

/// Search and random play (`Rules::play_listed`) do not trace a move's path for its event; the
/// games they play are the same: position after position, the same prompt, view and outcome,
/// while `apply_listed` reports each move with its path.
#[test]
fn play_listed_plays_the_same_game_as_apply_listed() {
    use napoleonic::games::bailen::{Event, Side};
    let mut traced = 0;
    for seed in 1..=6u64 {
        let options = options_for(seed * 37);
        let mut reported = Bailen::new_game("bailen-1808", &options, seed).expect("new game");
        let mut quiet = reported.clone();
        let mut pick = Pick(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        while let Some(p) = reported.prompt() {
            assert_eq!(Some(&p), quiet.prompt_ref(), "seed {seed}: the prompts differ");
            let i = choose(&mut pick, p.actions.len());
            let events = reported.apply_listed(i).expect("a listed action");
            traced += events.iter().filter(|e| matches!(e, Event::Moved { path, .. } if path.len() > 1)).count();
            quiet.play_listed(i).expect("a listed action");
            for side in [Side::French, Side::Spanish] {
                assert_eq!(reported.view(side), quiet.view(side), "seed {seed}: the positions differ after {:?}", p.actions[i]);
            }
        }
        assert!(quiet.prompt_ref().is_none(), "seed {seed}: one game ended, the other did not");
        assert_eq!(reported.outcome(), quiet.outcome());
    }
    assert!(traced > 100, "the reported games traced {traced} paths");
}
