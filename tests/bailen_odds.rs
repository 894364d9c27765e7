//! Exact odds of every roll a Bailén player's action triggers, checked against the rulebook's
//! numbers (not against the engine's own odds code) and against what the roll then does in play.
//! Asking for odds never touches the game's dice.
use napoleonic::games::bailen::setup::{Placement, SetupStep};
use napoleonic::games::bailen::{Action, Bailen, CombatResult, Event, JokerMode, Odds, Options, RollPurpose, RollResult, Scenario, Setup, Side, UnitId};
use napoleonic::games::Rules;

fn placement(unit: &str, hex: &str) -> Placement {
    Placement { unit: unit.into(), hex: hex.into(), disorganised: false, moved: false, activated: false }
}

fn id(unit: &str) -> UnitId {
    Scenario::built_in("bailen-1808").expect("scenario").unit_by_id(unit).expect("counter")
}

/// Leaders on the map (three a side) and `units`.
fn position(active: Side, step: SetupStep, units: &[(&str, &str)]) -> Setup {
    let mut all: Vec<Placement> = units.iter().map(|(u, h)| placement(u, h)).collect();
    for (u, h) in [("F01", "0101"), ("F11", "0301"), ("F28", "0501"), ("S01", "0135"), ("S16", "0335"), ("S39", "0535")] {
        if !all.iter().any(|p| p.unit == u) {
            all.push(placement(u, h));
        }
    }
    Setup { active, step, units: all, joker: None, ..Setup::default() }
}

/// The French reorganization step with F02 disorganised next to Dupont: it waits for the French.
fn pending(units: &[(&str, &str)]) -> Setup {
    let mut all = vec![("F02", "0102")];
    all.extend_from_slice(units);
    let mut s = position(Side::French, SetupStep::Reorganization, &all);
    s.units.iter_mut().filter(|p| p.unit == "F02").for_each(|p| p.disorganised = true);
    s
}

fn start(s: &Setup) -> Bailen {
    Bailen::from_setup(s).unwrap_or_else(|e| panic!("setup refused: {e}"))
}

/// The odds of a roll that is not an attack: (cases, [(result, weight in cases)]).
fn roll(g: &Bailen, a: &Action) -> (Side, RollPurpose, u64, Vec<(RollResult, u64)>) {
    let o = g.odds(a).unwrap_or_else(|| panic!("no odds for {a:?}"));
    let r = o.roll().unwrap_or_else(|| panic!("not a roll's odds: {o:?}")).clone();
    let d = &r.distribution;
    let w: Vec<(RollResult, u64)> = d.outcomes.iter().map(|w| (w.outcome, w.weight * r.cases / d.denominator)).collect();
    assert_eq!(w.iter().map(|x| x.1).sum::<u64>(), r.cases, "the weights cover every case");
    (r.side, r.purpose, r.cases, w)
}

fn weight(w: &[(RollResult, u64)], r: RollResult) -> u64 {
    w.iter().find(|x| x.0 == r).map_or(0, |x| x.1)
}

/// The game after `a` with the next die scripted to `die` (the consequence the odds promise).
fn after(s: &Setup, a: &Action, dice: &[u8]) -> (Bailen, Vec<Event>) {
    let mut g = start(&Setup { dice: dice.to_vec(), ..s.clone() });
    let ev = g.apply(a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
    (g, ev)
}

#[test]
fn the_movement_allowance_is_six_plus_a_die() {
    // Movement: "Roll one die and add 6 points": 7 to 12 counters, each 1 in 6.
    let s = position(Side::French, SetupStep::TurnStart, &[("F02", "1610")]);
    let g = start(&s);
    let a = Action::ActivateLeader { leader: id("F01") };
    let (side, purpose, cases, w) = roll(&g, &a);
    assert_eq!((side, purpose, cases), (Side::French, RollPurpose::MovementAllowance, 6));
    for counters in 7..=12 {
        assert_eq!(weight(&w, RollResult::MovementAllowance { counters }), 1, "{counters}");
    }
    // What a face promises is what the game does.
    for die in 1..=6u8 {
        let (_, ev) = after(&s, &a, &[die]);
        assert!(ev.contains(&Event::LeaderActivated { leader: id("F01"), allowance: 6 + die }));
    }
    // A move rolls nothing: no odds.
    assert_eq!(g.odds(&Action::EndTurn), None);
}

#[test]
fn the_combat_allowance_follows_the_end_of_reaction() {
    // Combat: "Roll one die, add 4": 5 to 10. Ending reaction fire (no Swiss) rolls it.
    let s = position(Side::Spanish, SetupStep::Reaction, &[("F42", "1610"), ("S20", "1614")]);
    let g = start(&s);
    let p = g.prompt().expect("prompt");
    assert!(p.actions.contains(&Action::EndReaction), "the French guns may react: {p:?}");
    let (side, purpose, _, w) = roll(&g, &Action::EndReaction);
    assert_eq!((side, purpose), (Side::Spanish, RollPurpose::CombatAllowance));
    assert_eq!((5..=10).map(|activations| weight(&w, RollResult::CombatAllowance { activations })).collect::<Vec<_>>(), vec![1; 6]);
}

#[test]
fn initiative_is_both_dice_plus_the_leaders_on_the_board() {
    // The French end round 3 (the Spanish played first): both initiative dice follow. Three
    // French leaders against two Spanish: the French win on f + 3 > s + 2, the Spanish on
    // s + 2 > f + 3, a tie goes to the French, who did not play first in round 3.
    let mut s = pending(&[("S20", "1620")]);
    s.units.retain(|p| p.unit != "S39");
    s.round = 3;
    s.first = Some(Side::Spanish);
    let g = start(&s);
    let (side, purpose, cases, w) = roll(&g, &Action::EndTurn);
    assert_eq!((side, purpose, cases), (Side::French, RollPurpose::Initiative, 36));
    let count = |p: &dyn Fn(u8, u8) -> bool| (1..=6u8).flat_map(|f| (1..=6u8).map(move |s| (f, s))).filter(|&(f, s)| p(f, s)).count() as u64;
    let french = count(&|f, s| f + 3 > s + 2);
    let spanish = count(&|f, s| s + 2 > f + 3);
    let ties = count(&|f, s| f + 3 == s + 2);
    assert_eq!(weight(&w, RollResult::Initiative { winner: Some(Side::French), tie: false }), french);
    assert_eq!(weight(&w, RollResult::Initiative { winner: Some(Side::Spanish), tie: false }), spanish);
    assert_eq!(weight(&w, RollResult::Initiative { winner: Some(Side::French), tie: true }), ties);
    assert_eq!((french, spanish, ties), (21, 10, 5));
    // The game really goes that way: 1 and 6 is 4 against 8, the Spanish choose.
    let (g2, _) = after(&s, &Action::EndTurn, &[1, 6]);
    assert_eq!(g2.prompt().map(|p| p.side), Some(Side::Spanish));
}

#[test]
fn round_one_ties_are_rolled_again() {
    // Game Setup ends with the last counter deployed: the first initiative of the game, where a
    // tie is rolled again (A8). Equal leaders: 6 ties in 36.
    let g = Bailen::new_scenario_game("bailen-1808", &Options { joker: JokerMode::Off, ..Options::default() }, 3).expect("game");
    let mut g = g;
    // Deploy until one counter is left.
    loop {
        let p = g.prompt().expect("deployment");
        let last = {
            let mut probe = g.clone();
            probe.apply(&p.actions[0]).expect("deploy");
            !matches!(probe.prompt().map(|q| q.step), Some(napoleonic::games::bailen::Step::Deployment { .. }))
        };
        if last {
            let (_, purpose, cases, w) = roll(&g, &p.actions[0]);
            assert_eq!((purpose, cases), (RollPurpose::Initiative, 36));
            assert_eq!(weight(&w, RollResult::Initiative { winner: None, tie: true }), 6);
            assert_eq!(weight(&w, RollResult::Initiative { winner: Some(Side::French), tie: false }), 15);
            break;
        }
        g.apply(&p.actions[0]).expect("deploy");
    }
}

#[test]
fn reinforcements_swiss_desertion_and_the_heat() {
    // Reinforcements: Castaños in round 12 needs 6 - 3 = 3 or more: 4 in 6.
    let mut s = pending(&[("S20", "1620")]);
    s.round = 12;
    s.first = Some(Side::French);
    let g = start(&s);
    let (side, purpose, _, w) = roll(&g, &Action::EndTurn);
    assert_eq!((side, purpose), (Side::Spanish, RollPurpose::ReinforcementArrival));
    assert_eq!(weight(&w, RollResult::Reinforcements { arrive: true }), 4);

    // Swiss Troops: a French Swiss within 2 hexes of a Spanish Swiss deserts on 5-6.
    let swiss = |side: Side| -> Vec<String> {
        let scen = Scenario::built_in("bailen-1808").expect("scenario");
        scen.counters.iter().filter(|c| c.swiss && c.side == side).map(|c| c.id.clone()).collect()
    };
    let (fs, ss) = (swiss(Side::French), swiss(Side::Spanish));
    let mut s = position(Side::Spanish, SetupStep::Movement { leader: "S16".into(), allowance: 7 }, &[(&fs[0], "1610"), (&ss[0], "1612")]);
    s.options.swiss = true;
    let g = start(&s);
    let a = Action::EndMovement;
    let (_, purpose, _, w) = roll(&g, &a);
    assert_eq!(purpose, RollPurpose::Desertion { unit: id(&fs[0]) });
    assert_eq!(weight(&w, RollResult::Desertion { deserts: true }), 2);
    let (g5, ev) = after(&s, &a, &[5]);
    assert!(ev.contains(&Event::Deserted { unit: id(&fs[0]) }), "{ev:?}");
    drop(g5);

    // Stifling Heat: a leader's reorganisation needs 4-6 in round 10: 3 in 6.
    let mut s = position(Side::French, SetupStep::Reorganization, &[("F02", "0102"), ("S20", "1620")]);
    s.units.iter_mut().filter(|p| p.unit == "F02").for_each(|p| p.disorganised = true);
    s.round = 10;
    s.options.stifling_heat = true;
    let g = start(&s);
    let a = Action::Reorganize { leader: id("F01"), unit: id("F02") };
    let (_, purpose, _, w) = roll(&g, &a);
    assert_eq!(purpose, RollPurpose::HeatReorganization { unit: id("F02") });
    assert_eq!(weight(&w, RollResult::Reorganisation { reorganised: true }), 3);
    // Out of the heat, reorganising rolls nothing.
    s.round = 5;
    assert_eq!(start(&s).odds(&a), None);
}

#[test]
fn the_joker_reroll_has_the_odds_of_the_die_it_replaces() {
    // The Spanish hold the Joker: their movement roll waits for it.
    let s = Setup { joker: Some(Side::Spanish), dice: vec![1], ..position(Side::Spanish, SetupStep::TurnStart, &[("S20", "1620")]) };
    let mut g = start(&s);
    g.apply(&Action::ActivateLeader { leader: id("S16") }).expect("activate");
    let (_, purpose, _, w) = roll(&g, &Action::UseJoker { die: 0 });
    assert_eq!(purpose, RollPurpose::MovementAllowance);
    assert_eq!(weight(&w, RollResult::MovementAllowance { counters: 12 }), 1);
    // Keeping the 1 rolls nothing more: 7 counters for sure, no odds.
    assert_eq!(g.odds(&Action::KeepRoll), None);

    // An attack's die under the Joker: the attack's own odds. Line infantry 3 + 1 (Reding
    // within 5) against line infantry 6: 5 and 6 eliminate... 3 + 1 + die > 6 on 3+.
    let s = Setup {
        joker: Some(Side::Spanish),
        dice: vec![1],
        ..position(Side::Spanish, SetupStep::Combat { activations: 5 }, &[("F32", "1611"), ("S21", "1612")])
    };
    let mut g = start(&s);
    g.apply(&Action::Attack { unit: id("S21"), target: id("F32") }).expect("attack");
    let o = g.odds(&Action::UseJoker { die: 0 }).expect("odds");
    let Odds::Attack(a) = o else { panic!("not an attack's odds: {o:?}") };
    assert_eq!((a.numbers.attack, a.numbers.defence), (3, 6));
    assert_eq!((a.sixths(CombatResult::NoEffect), a.sixths(CombatResult::Disorganise), a.sixths(CombatResult::Eliminate)), (3, 1, 2));
}

#[test]
fn asking_for_odds_never_touches_the_dice() {
    let s = position(Side::French, SetupStep::TurnStart, &[("F02", "1610")]);
    let (mut a, mut b) = (start(&s), start(&s));
    for act in a.prompt().expect("prompt").actions {
        let _ = a.odds(&act);
    }
    let act = Action::ActivateLeader { leader: id("F01") };
    assert_eq!(a.apply(&act), b.apply(&act), "the same roll with or without odds asked");
}
