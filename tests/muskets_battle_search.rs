//! The Field Battle's search extension: scores, heuristic, a fresh dice stream, and
//! determinization that agrees with everything the viewer knows and nothing more.
use napoleonic::games::muskets::battle::setup::{Placement, Position, Setup};
use napoleonic::games::muskets::battle::*;
use napoleonic::games::{Rules, Search};

mod common;
use common::Pick;

fn json<T: serde::Serialize>(x: &T) -> String {
    serde_json::to_string(x).unwrap()
}

/// Both sides' views and the prompt: everything anyone can tell of a battle.
fn seen(b: &Battle) -> String {
    json(&(b.view(Side::Imperial), b.view(Side::Allied), b.prompt()))
}

#[test]
fn determinized_battles_show_the_viewer_what_it_saw() {
    let mut positions = 0;
    for (g, scenario) in SCENARIO_IDS.iter().enumerate() {
        let mut b = Battle::new_game(scenario, &Options::default(), 100 + g as u64).unwrap();
        let mut pick = Pick(0xde7 + g as u64);
        let mut n = 0;
        while let Some(p) = b.prompt() {
            if n % 3 == 0 {
                for viewer in Side::BOTH {
                    for seed in [1u64, 2, 99] {
                        let d = b.determinize(viewer, seed);
                        assert_eq!(json(&d.view(viewer)), json(&b.view(viewer)), "{scenario}, choice {n}, {viewer}, seed {seed}");
                        d.check_invariants().unwrap();
                        // The drawn battle plays on.
                        let mut d2 = d.clone();
                        if let Some(q) = d2.prompt() {
                            d2.apply(&q.actions[0]).unwrap();
                        }
                    }
                    positions += 1;
                }
                let h = b.heuristic(p.side);
                assert!((-1.0..=1.0).contains(&h), "{h}");
            }
            let a = p.actions[pick.next(p.actions.len())].clone();
            b.apply(&a).unwrap();
            n += 1;
        }
        let r = b.returns().unwrap();
        let o = b.outcome().unwrap();
        assert_eq!(r, o.returns(Battle::SIDES));
        assert_eq!(b.heuristic(Side::Imperial), r[0]);
        assert!(r.iter().sum::<f64>().abs() < 1e-9);
    }
    assert!(positions > 100, "{positions}");
}

/// Medina in Combat Resolution: the Allies (seen by the Imperials) hold 3 chits and stand face
/// down; `variant` swaps two Allied divisions, changes the chits and the Allied OCC result.
fn medina(variant: bool) -> Battle {
    let hidden = |c: &str, s: Section| Placement { counter: c.into(), section: s, revealed: false };
    let (a, b) = if variant { ("ID Portago", "ID Cagigal") } else { ("ID Cagigal", "ID Portago") };
    let pos = Position {
        placements: vec![
            Placement { counter: "ID Mouton".into(), section: Section::Centre, revealed: true },
            Placement { counter: "ID Merlé".into(), section: Section::Left, revealed: true },
            Placement { counter: "CD Lasalle".into(), section: Section::Right, revealed: true },
            hidden(a, Section::Centre),
            hidden(b, Section::Left),
            hidden("ID Maceda", Section::Right),
        ],
        hands: vec![
            (Side::Imperial, vec![OptionKind::Assault, OptionKind::Pin]),
            (Side::Allied, if variant { vec![OptionKind::Reserve, OptionKind::Reserve, OptionKind::Recover] } else { vec![OptionKind::Assault, OptionKind::Pin, OptionKind::Withdraw] }),
        ],
        bep: vec![],
        occ_passed: vec![(Side::Allied, !variant)],
        terrain: vec![],
        outflank_allowed: vec![],
        round: None,
        turn: Some(Side::Imperial),
    };
    Battle::from_setup(&Setup { scenario: "medina-de-rioseco".into(), seed: 5, position: Some(pos), ..Setup::default() }).unwrap()
}

#[test]
fn battles_that_differ_only_in_the_enemys_secrets_determinize_alike() {
    let (one, two) = (medina(false), medina(true));
    assert_eq!(json(&one.view(Side::Imperial)), json(&two.view(Side::Imperial)), "the Imperials cannot tell them apart");
    assert_ne!(json(&one.view(Side::Allied)), json(&two.view(Side::Allied)), "they are different battles");
    for seed in 0..20 {
        let (d1, d2) = (one.determinize(Side::Imperial, seed), two.determinize(Side::Imperial, seed));
        assert_eq!(seen(&d1), seen(&d2), "seed {seed}");
    }
    // The Allies know their own secrets: their draws keep them.
    let d = one.determinize(Side::Allied, 3);
    assert_eq!(json(&d.view(Side::Allied)), json(&one.view(Side::Allied)));
}

#[test]
fn seeds_draw_different_secrets() {
    let b = medina(false);
    let drawn: std::collections::BTreeSet<String> = (0..30).map(|s| json(&b.determinize(Side::Imperial, s).view(Side::Allied))).collect();
    assert!(drawn.len() > 10, "only {} different Allied positions in 30 draws", drawn.len());
    // Hands and places both vary.
    let hands: std::collections::BTreeSet<String> = (0..30).map(|s| json(&b.determinize(Side::Imperial, s).view(Side::Allied).own.hand)).collect();
    let places: std::collections::BTreeSet<String> =
        (0..30).map(|s| json(&b.determinize(Side::Imperial, s).view(Side::Allied).own.counters.iter().map(|c| (c.counter, c.place)).collect::<Vec<_>>())).collect();
    assert!(hands.len() > 3 && places.len() > 1, "{} hands, {} deals", hands.len(), places.len());
    // The hand keeps its size; the Imperial side, seen by itself, is untouched.
    for s in 0..30 {
        let d = b.determinize(Side::Imperial, s);
        assert_eq!(d.view(Side::Allied).own.hand.iter().map(|h| h.1).sum::<u8>(), 3);
        assert_eq!(json(&d.view(Side::Imperial).own), json(&b.view(Side::Imperial).own));
    }
}

#[test]
fn reseeded_battles_roll_other_dice() {
    let b = medina(false);
    let rolls = |b: &Battle| {
        let mut b = b.clone();
        let ev = b.apply(&Action::Pass).unwrap();
        json(&ev)
    };
    let a = rolls(&b.reseeded(1));
    assert_eq!(a, rolls(&b.reseeded(1)), "one seed, one stream");
    assert!((2..12).any(|s| rolls(&b.reseeded(s)) != a), "the seed changes the dice");
    // Scripted dice are dropped: a battle with scripted faces reseeds to the same stream.
    let scripted = b.with_scripted_dice(0, &[10, 10, 10, 10]).unwrap();
    assert_ne!(rolls(&scripted), rolls(&b));
    assert_eq!(rolls(&scripted.reseeded(4)), rolls(&b.reseeded(4)));
}
