//! Fog of war and legality: two games that differ only in the enemy's concealed blocks give
//! identical views (and odds) to the other side; `is_legal` agrees with the legal list along
//! random games, legal actions apply, and refused actions change nothing.
use napoleonic::games::bloody_monday::setup::Placement;
use napoleonic::games::bloody_monday::{Action, BloodyMonday, Options, Setup, Side, BORODINO};
use napoleonic::games::{Match, Rules};

fn at(block: &str, area: u8) -> Placement {
    Placement { block: block.into(), area: Some(area), ..Placement::default() }
}

fn position(russians: &[(&str, u8, Option<u8>)], reserve: &[&str]) -> Setup {
    let mut blocks = vec![at("F01", 21), at("R01", 69), at("F09", 31), at("F10", 31), at("F11", 31)];
    for &(b, a, s) in russians {
        blocks.push(Placement { strength: s, ..at(b, a) });
    }
    for r in reserve {
        blocks.push(Placement { block: (*r).into(), area: None, ..Placement::default() });
    }
    Setup { blocks, dice: vec![4; 30], ..Setup::default() }
}

#[test]
fn hidden_enemy_blocks_give_identical_views() {
    // The same areas hold different Russian blocks, of other types and strengths, and the
    // reserves differ: the French must see exactly the same thing.
    let a = position(&[("R33", 57, None), ("R13", 58, Some(2)), ("R46", 47, None)], &["R50", "R02"]);
    let b = position(&[("R45", 57, Some(3)), ("R32", 58, None), ("R59", 47, Some(1))], &["R07", "R25"]);
    let mut ga = Match::<BloodyMonday>::from_setup(&a).unwrap();
    let mut gb = Match::<BloodyMonday>::from_setup(&b).unwrap();
    assert_eq!(ga.state().view(Side::French), gb.state().view(Side::French));
    assert_ne!(ga.state().view(Side::Russian), gb.state().view(Side::Russian));
    // The French play the same actions in both: a tactical action that engages 57.
    for act in [
        Action::Tactical,
        Action::Activate { block: 8 },
        Action::Move { block: 9 },
        Action::StepTo { block: 9, to: 57 },
    ] {
        let ea = ga.apply(&act).unwrap();
        let eb = gb.apply(&act).unwrap();
        assert_eq!(ea, eb, "events of {act:?} leak nothing");
        assert_eq!(ga.state().view(Side::French), gb.state().view(Side::French), "after {act:?}");
    }
    // Odds of the coming battle are computed from the French view only.
    let resolve = Action::ResolveBattle { area: 57 };
    while ga.prompt().is_some_and(|p| !p.actions.contains(&resolve)) {
        let a = ga.prompt().unwrap().actions.last().unwrap().clone();
        ga.apply(&a).unwrap();
        gb.apply(&a).unwrap();
    }
    assert_eq!(ga.state().odds(&resolve), gb.state().odds(&resolve));
    let o = ga.state().odds(&resolve).unwrap();
    assert_eq!(o.hidden_defenders, 1);
    assert!(!o.defender_exact);
    assert!((o.attacker_hits.iter().sum::<f64>() - 1.0).abs() < 1e-9);
}

#[test]
fn the_random_setup_is_hidden_from_the_enemy() {
    // Seeds 1 and 2 draw different Russian blocks; the French view differs only in French
    // blocks, so compare the Russian part of the French view (only "hidden" entries).
    for seed in 0..20u64 {
        let g = BloodyMonday::new_game(BORODINO, &Options::default(), seed).unwrap();
        let v = g.view(Side::French);
        for area in &v.areas {
            for b in &area.blocks {
                if let napoleonic::games::bloody_monday::BlockView::Known { side, .. } = b {
                    assert_eq!(*side, Side::French, "seed {seed}: a Russian block is known at the start");
                }
            }
        }
        assert!(v.reserve.iter().all(|&b| b < 53));
        assert_eq!(v.reserve_counts, [7, 7]);
    }
}

struct Pick(u64);
impl Pick {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn is_legal_agrees_with_the_legal_list_and_refusals_change_nothing() {
    let games: u64 = std::env::var("BM_LEGALITY_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(40);
    for seed in 0..games {
        let options = if seed % 2 == 0 { Options::all() } else { Options::default() };
        let mut g = BloodyMonday::new_game(BORODINO, &options, seed).unwrap();
        let mut pick = Pick(seed * 7919 + 1);
        while let Some(p) = g.prompt() {
            for a in &p.actions {
                assert!(g.is_legal(a));
            }
            // Probe some actions that are not offered: the same kinds with other values.
            let probes = [
                Action::Move { block: pick.next(120) as u8 },
                Action::StepTo { block: pick.next(115) as u8, to: pick.next(115) as u8 },
                Action::Activate { block: pick.next(115) as u8 },
                Action::ResolveBattle { area: pick.next(115) as u8 },
                Action::AssignHit { block: pick.next(115) as u8 },
                Action::Reinforce { count: pick.next(10) as u8 },
                Action::EndBattles,
                Action::Pass,
            ];
            for a in probes {
                let legal = p.actions.contains(&a);
                assert_eq!(g.is_legal(&a), legal);
                if !legal {
                    let before_f = g.view(Side::French);
                    let before_r = g.view(Side::Russian);
                    let mut copy = g.clone();
                    assert!(copy.apply(&a).is_err());
                    assert_eq!(copy.view(Side::French), before_f);
                    assert_eq!(copy.view(Side::Russian), before_r);
                    assert_eq!(copy.prompt(), g.prompt());
                }
            }
            let a = p.actions[pick.next(p.actions.len())].clone();
            let _ = g.odds(&a);
            g.apply(&a).unwrap();
        }
    }
}
