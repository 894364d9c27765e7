//! The search extension for Bailén: sides, returns, the heuristic, reseeding, determinization.
mod common;

use common::Pick;
use napoleonic::games::bailen::setup::{Placement, SetupStep};
use napoleonic::games::bailen::{Bailen, Event, Options, Setup, Side};
use napoleonic::games::{Rules, Search};

fn rolls(ev: &[Event]) -> Vec<u8> {
    ev.iter().filter_map(|e| if let Event::Rolled { value, .. } = e { Some(*value) } else { None }).collect()
}

/// Play the same choices on `g` and return the dice rolled.
fn dice_of(mut g: Bailen, choices: usize, seed: u64) -> Vec<u8> {
    let mut pick = Pick(seed | 1);
    let mut out = Vec::new();
    for _ in 0..choices {
        let Some(p) = g.prompt() else { break };
        let a = p.actions[pick.next(p.actions.len())];
        out.extend(rolls(&g.apply(&a).expect("legal")));
    }
    out
}

#[test]
fn sides_returns_and_the_heuristic() {
    assert_eq!(Bailen::SIDES, &[Side::French, Side::Spanish]);
    let mut g = Bailen::new_scenario_game("bailen-1808", &Options::all(), 11).expect("game");
    let mut pick = Pick(7);
    while let Some(p) = g.prompt() {
        assert_eq!(g.to_move(), Some(p.side));
        assert_eq!(g.returns(), None);
        for side in [Side::French, Side::Spanish] {
            let h = g.heuristic(side);
            assert!((-1.0..=1.0).contains(&h), "heuristic {h}");
        }
        assert!((g.heuristic(Side::French) + g.heuristic(Side::Spanish)).abs() < 1e-9, "zero-sum");
        let a = p.actions[pick.next(p.actions.len())];
        g.apply(&a).expect("legal");
    }
    let o = g.outcome().expect("over");
    let r = g.returns().expect("returns at the end");
    let w = o.winner.expect("Bailén always has a winner");
    let s = o.level.score();
    assert_eq!(r, if w == Side::French { vec![s, -s] } else { vec![-s, s] });
    assert_eq!(g.heuristic(w), s, "at the end the heuristic is the score");
    assert_eq!(g.to_move(), None);
}

#[test]
fn the_heuristic_sees_counters_and_the_stars() {
    let place = |u: &str, h: &str| Placement { unit: u.into(), hex: h.into(), disorganised: false, moved: false, activated: false };
    let leaders = [("F01", "0101"), ("F11", "0301"), ("F28", "0501"), ("S01", "0135"), ("S16", "0335"), ("S39", "0535")];
    let build = |extra: &[(&str, &str)]| {
        let units = leaders.iter().chain(extra).map(|(u, h)| place(u, h)).collect();
        Bailen::from_setup(&Setup { units, joker: None, round: 5, step: SetupStep::TurnStart, ..Setup::default() }).expect("setup")
    };
    let even = build(&[]);
    let more_french = build(&[("F02", "1610"), ("F03", "1710")]);
    assert!(more_french.heuristic(Side::French) > even.heuristic(Side::French));
    let on_stars = build(&[("F02", "3030"), ("F03", "3031")]);
    assert!(on_stars.heuristic(Side::French) > more_french.heuristic(Side::French), "two counters on the stars count more");
}

#[test]
fn reseeded_and_determinized_states_see_the_same_and_roll_other_dice() {
    // A position with scripted dice: the real future is 1, 1, 1, ...
    let place = |u: &str, h: &str| Placement { unit: u.into(), hex: h.into(), disorganised: false, moved: false, activated: false };
    let units = [("F01", "0101"), ("F11", "0301"), ("F28", "0501"), ("F02", "1610"), ("S01", "0135"), ("S16", "0335"), ("S39", "0535"), ("S20", "1620")];
    let s = Setup {
        units: units.iter().map(|(u, h)| place(u, h)).collect(),
        joker: None,
        dice: vec![1; 40],
        ..Setup::default()
    };
    let g = Bailen::from_setup(&s).expect("setup");
    let real = dice_of(g.clone(), 60, 3);
    assert!(real.len() >= 5 && real.iter().all(|&d| d == 1), "the real dice: {real:?}");
    for viewer in [Side::French, Side::Spanish] {
        let d = g.determinize(viewer, 99);
        // No hidden information: both sides see exactly what they saw.
        assert_eq!(d.view(Side::French), g.view(Side::French));
        assert_eq!(d.view(Side::Spanish), g.view(Side::Spanish));
        assert_eq!(d.prompt(), g.prompt());
        // The same seed gives the same draw; the future dice are not the real ones.
        let future = dice_of(d.clone(), 60, 3);
        assert_eq!(future, dice_of(g.determinize(viewer, 99), 60, 3));
        assert_ne!(future, real, "a determinization must not know the real dice");
    }
    let r = g.reseeded(5);
    assert_eq!(r.view(Side::French), g.view(Side::French));
    assert_ne!(dice_of(r, 60, 3), real, "scripted rolls are dropped");
}
