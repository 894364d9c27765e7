//! Napoleon's Battles: whole random games of every scenario end, with no dead end, no overlap
//! and no panic; saved games replay to the same position.
use napoleonic::games::napoleons_battles::{scenario, NapoleonsBattles, Options};
use napoleonic::games::{random_playout, Match, Rules};

#[test]
fn random_games_of_every_scenario_end_without_a_dead_end() {
    for s in scenario::built_in() {
        for seed in 0..12u64 {
            let mut g = NapoleonsBattles::new_game(&s.id, &Options::default(), seed).expect("new game");
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut n = 0;
            while let Some(p) = g.prompt() {
                assert!(!p.actions.is_empty(), "{} seed {seed}: no action at {:?}", s.id, p.step);
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let a = p.actions[(x % p.actions.len() as u64) as usize];
                g.apply(&a).unwrap_or_else(|e| panic!("{} seed {seed}: {a:?} refused: {e}", s.id));
                g.check_invariants().unwrap_or_else(|e| panic!("{} seed {seed} after {a:?}: {e}", s.id));
                n += 1;
                assert!(n < 20_000, "{} seed {seed}: endless game", s.id);
            }
            assert!(g.outcome().is_some(), "{} seed {seed}: ended without an outcome", s.id);
        }
    }
}

#[test]
fn a_saved_random_game_replays_to_the_same_position() {
    let mut m: Match<NapoleonsBattles> = Match::new(scenario::MEDINA_DE_RIOSECO, Options::default(), 7).expect("match");
    let mut state = m.state().clone();
    random_playout(&mut state, 7, 300).expect("playout");
    let mut m2: Match<NapoleonsBattles> = Match::new(scenario::MEDINA_DE_RIOSECO, Options::default(), 7).expect("match");
    let mut x = 7u64.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for _ in 0..300 {
        let Some(p) = m2.prompt() else { break };
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let a = p.actions[(x % p.actions.len() as u64) as usize];
        m2.apply(&a).expect("legal");
    }
    m = Match::import(&m2.export()).expect("import");
    assert_eq!(format!("{:?}", m.state().view(napoleonic::games::napoleons_battles::Side::French)), format!("{:?}", m2.state().view(napoleonic::games::napoleons_battles::Side::French)));
    assert_eq!(format!("{:?}", state.view(napoleonic::games::napoleons_battles::Side::French)), format!("{:?}", m2.state().view(napoleonic::games::napoleons_battles::Side::French)));
}
