//! Whole random Field Battles of the six battle scenarios: no panic, no step without a legal
//! action, SP never negative and accounted for, Battle Endurance never rising, losses split
//! into stragglers + definitive = casualties, and export -> import gives the same game.
use napoleonic::games::muskets::battle::{Battle, Options, Side, SCENARIO_IDS};
use napoleonic::games::{Match, Rules};

mod common;
use common::Pick;

fn play(scenario: &str, seed: u64, options: Options, check_records: bool) -> (usize, Match<Battle>) {
    let mut m = Match::<Battle>::new(scenario, options, seed).expect("new game");
    let mut pick = Pick(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut steps = 0;
    let mut bep = [i16::MAX; 2];
    while let Some(p) = m.prompt() {
        assert!(!p.actions.is_empty(), "{scenario} seed {seed}: no legal action at {:?}", p.step);
        m.state().check_invariants().unwrap_or_else(|e| panic!("{scenario} seed {seed} step {steps}: {e}"));
        let i = pick.next(p.actions.len());
        m.apply_index(i).unwrap_or_else(|e| panic!("{scenario} seed {seed} step {steps}: {:?} failed: {e}", p.actions[i]));
        steps += 1;
        assert!(steps < 20_000, "{scenario} seed {seed}: battle does not end");
        // Battle Endurance never rises once counted (reinforcements aside: none here).
        for s in Side::BOTH {
            let v = m.state().view(s);
            if v.own.bep_start > 0 {
                assert!(v.own.bep <= bep[s.index()], "{scenario} seed {seed}: {s} BEP rose");
                bep[s.index()] = v.own.bep;
            }
        }
        if check_records && pick.next(53) == 0 {
            let saved = m.export();
            let back = Match::<Battle>::import(&saved).unwrap_or_else(|e| panic!("{scenario} seed {seed}: import failed: {e}"));
            for s in Side::BOTH {
                assert_eq!(back.state().view(s), m.state().view(s), "{scenario} seed {seed}: import differs");
            }
            assert_eq!(back.prompt(), m.prompt(), "{scenario} seed {seed}: prompt differs after import");
        }
    }
    m.state().check_invariants().unwrap_or_else(|e| panic!("{scenario} seed {seed} at the end: {e}"));
    assert!(m.state().outcome().is_some(), "{scenario} seed {seed}: no prompt but no outcome");
    (steps, m)
}

#[test]
fn random_battles_of_every_scenario_keep_every_invariant() {
    // Issue 5: each battle scenario plays to its end in at least 1,000 random games a run
    // (MUSKETS_PLAYOUTS sets the number per scenario).
    let n: u64 = std::env::var("MUSKETS_PLAYOUTS").ok().and_then(|s| s.parse().ok()).unwrap_or(1000);
    for id in SCENARIO_IDS {
        let (mut longest, mut total, mut wins, mut rounds) = (0, 0, [0usize; 3], 0u64);
        for seed in 0..n {
            let options = Options { terrain_rolls: seed % 4 == 1, no_pursuit: seed % 7 == 3, lisboa_lines: seed % 5 == 2 };
            let (steps, m) = play(id, seed, options, seed % 10 == 0);
            longest = longest.max(steps);
            total += steps;
            let o = m.state().outcome().expect("outcome");
            rounds += o.detail.rounds as u64;
            wins[match o.winner {
                Some(Side::Imperial) => 0,
                Some(Side::Allied) => 1,
                None => 2,
            }] += 1;
        }
        eprintln!("{id}: {n} battles, mean {} / longest {longest} actions, mean {:.1} rounds, Imperial/Allied/draw {wins:?}", total / n.max(1) as usize, rounds as f64 / n.max(1) as f64);
    }
}
