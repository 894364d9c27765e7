//! Whole random games of Bloody Monday: no panic, no step without a legal action, stacking
//! limits, block counts and strengths within their levels hold after every action, and
//! export -> import gives the same game. BM_PLAYOUTS sets the number of games (default 1000).
use napoleonic::games::bloody_monday::{BloodyMonday, Options, Side, BORODINO, LAST_BLOOD};
use napoleonic::games::{Match, Rules};

mod common;
use common::Pick;

fn options_for(k: u64) -> Options {
    match k % 4 {
        0 => Options::default(),
        1 => Options::all(),
        2 => Options::up_to((k % 13) as u8),
        _ => {
            let mut o = Options::default();
            let bits = (k.wrapping_mul(2654435761) >> 7) as u16;
            o.jagers = bits & 1 != 0;
            o.grand_battery = bits & 2 != 0;
            o.mobility = bits & 4 != 0;
            o.first_sabre = bits & 8 != 0;
            o.cossacks = bits & 16 != 0;
            o.steadfast = bits & 32 != 0;
            o.exhausted_leaders = bits & 64 != 0;
            o.general_offensive = bits & 128 != 0;
            o.advanced_combat = bits & 256 != 0;
            o.battle_fatigue = bits & 512 != 0;
            o.command_limit = bits & 1024 != 0;
            o.extreme_command_limit = bits & 2048 != 0;
            o
        }
    }
}

fn play(seed: u64, check_records: bool) -> (usize, Match<BloodyMonday>) {
    let scenario = if seed % 7 == 3 { LAST_BLOOD } else { BORODINO };
    let mut m = Match::<BloodyMonday>::new(scenario, options_for(seed), seed).expect("new game");
    let mut pick = Pick(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut steps = 0;
    let total = m.state().scenario().blocks.len();
    while let Some(p) = m.prompt() {
        assert!(!p.actions.is_empty(), "seed {seed}: no legal action at {:?}", p.step);
        m.state().check_invariants().unwrap_or_else(|e| panic!("seed {seed} step {steps}: {e}"));
        let i = pick.next(p.actions.len());
        m.apply_index(i).unwrap_or_else(|e| panic!("seed {seed} step {steps}: {:?} failed: {e}", p.actions[i]));
        steps += 1;
        assert!(steps < 50_000, "seed {seed}: game does not end");
        if check_records && pick.next(61) == 0 {
            let saved = m.export();
            let back = Match::<BloodyMonday>::import(&saved).unwrap_or_else(|e| panic!("seed {seed}: import failed: {e}"));
            for side in [Side::French, Side::Russian] {
                assert_eq!(back.state().view(side), m.state().view(side), "seed {seed}: import differs");
            }
            assert_eq!(back.prompt(), m.prompt(), "seed {seed}: prompt differs after import");
        }
    }
    let view = m.state().view(Side::French);
    let on_map: usize = view.areas.iter().map(|a| a.blocks.len()).sum();
    assert_eq!(on_map + view.reserve_counts.iter().map(|&c| c as usize).sum::<usize>() + view.destroyed.len(), total, "seed {seed}: blocks lost");
    assert!(m.state().outcome().is_some(), "seed {seed}: no prompt but no outcome");
    (steps, m)
}

#[test]
fn a_thousand_random_games_keep_every_invariant() {
    let games: u64 = std::env::var("BM_PLAYOUTS").ok().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let mut longest = 0;
    let mut total = 0;
    let mut results = std::collections::BTreeMap::new();
    for seed in 0..games {
        let (steps, m) = play(seed, seed % 10 == 0);
        longest = longest.max(steps);
        total += steps;
        let o = m.state().outcome().expect("outcome");
        *results.entry(format!("{:?} {:?}", o.winner, o.detail.victory)).or_insert(0) += 1;
    }
    eprintln!("{games} games, {total} actions, longest {longest}; results {results:?}");
}
