//! Game Setup with the `confirm_deployment` option (rulebook `000_3f644e8b29cbfc61.txt`, "Game
//! Setup"; issue 15 item 7): a side may pick up any counter it placed in its deployment step and
//! place it again, and only its confirmation hands the deployment over. Without the option the
//! steps are exactly as before (tests/golden.rs holds the saved games).
use napoleonic::games::bailen::{Action, Bailen, Event, JokerMode, Options, Place, Side, Step, UnitId};
use napoleonic::games::{GameError, Match, Rules};
use napoleonic::opponent::{choose, Settings};

fn confirming() -> Options {
    Options { confirm_deployment: true, joker: JokerMode::Off, ..Options::default() }
}

fn prompt(m: &Match<Bailen>) -> (Side, Step, Vec<Action>) {
    let p = m.prompt().expect("a prompt");
    (p.side, p.step, p.actions)
}

fn lifts(actions: &[Action]) -> Vec<UnitId> {
    actions.iter().filter_map(|a| match a { Action::LiftDeployed { unit } => Some(*unit), _ => None }).collect()
}

fn deploys(actions: &[Action]) -> Vec<Action> {
    actions.iter().copied().filter(|a| matches!(a, Action::Deploy { .. })).collect()
}

/// Place the rest of this step with each counter's first legal hex; the number placed.
fn place_rest(m: &mut Match<Bailen>) -> usize {
    let mut n = 0;
    while let (_, Step::Deployment { .. }, acts) = prompt(m) {
        m.apply(&deploys(&acts)[0]).unwrap();
        n += 1;
    }
    n
}

#[test]
fn a_placed_counter_is_lifted_placed_elsewhere_and_the_step_ends_only_when_confirmed() {
    let mut m = Match::<Bailen>::new("bailen-1808", confirming(), 7).unwrap();
    let (side, step, acts) = prompt(&m);
    let Step::Deployment { unit: first, lifts_left, .. } = step else { panic!("{step:?}") };
    assert_eq!(lifts_left, Some(15), "Venegas's 15 counters: 15 lifts in this step");
    assert_eq!(side, Side::Spanish);
    assert!(lifts(&acts).is_empty(), "nothing placed yet, nothing to lift");
    let Action::Deploy { to: at, .. } = acts[0] else { panic!() };
    m.apply(&acts[0]).unwrap();

    // The next counter's placements, then the lift of the one just placed.
    let (_, step, acts) = prompt(&m);
    assert!(matches!(step, Step::Deployment { unit, .. } if unit != first));
    assert_eq!(lifts(&acts), vec![first]);
    let ev = m.apply(&Action::LiftDeployed { unit: first }).unwrap();
    assert_eq!(ev, vec![Event::Lifted { unit: first, from: at }]);
    assert_eq!(m.state().unit(first).place, Place::Reserve, "lifted: unplaced again");
    assert_eq!(m.state().unit_at(at), None);

    // It is the next to place, on any hex of its zone, its old one included.
    let (_, step, acts) = prompt(&m);
    assert!(matches!(step, Step::Deployment { unit, .. } if unit == first), "{step:?}");
    let hexes = deploys(&acts);
    assert!(hexes.contains(&Action::Deploy { unit: first, to: at }));
    let elsewhere = *hexes.iter().find(|a| !matches!(a, Action::Deploy { to, .. } if *to == at)).expect("another hex");
    let Action::Deploy { to: there, .. } = elsewhere else { panic!() };
    m.apply(&elsewhere).unwrap();
    assert_eq!(m.state().unit(first).place, Place::OnMap(there));

    // All placed: the Spanish confirm (or lift), the French are not asked yet.
    let placed = 1 + place_rest(&mut m);
    let (side, step, acts) = prompt(&m);
    assert_eq!(side, Side::Spanish);
    assert_eq!(step, Step::ConfirmDeployment { placed: placed as u8, lifts_left: placed as u8 - 1 });
    assert_eq!(acts.last(), Some(&Action::ConfirmDeployment), "confirmation last, after the lifts");
    assert_eq!(lifts(&acts).len(), placed, "every counter of the step may be lifted");
    assert_eq!(deploys(&acts).len(), 0);

    // A lift at the confirmation: no confirming until it is placed again.
    let last = *lifts(&acts).last().unwrap();
    m.apply(&Action::LiftDeployed { unit: last }).unwrap();
    let (side, step, acts) = prompt(&m);
    assert_eq!(side, Side::Spanish);
    assert!(matches!(step, Step::Deployment { unit, .. } if unit == last));
    assert!(!acts.contains(&Action::ConfirmDeployment));
    assert!(matches!(m.apply(&Action::ConfirmDeployment), Err(GameError::Illegal(_))));
    m.apply(&deploys(&acts)[0]).unwrap();

    let ev = m.apply(&Action::ConfirmDeployment).unwrap();
    assert_eq!(ev, vec![Event::DeploymentConfirmed { side: Side::Spanish }]);
    let (side, step, acts) = prompt(&m);
    assert_eq!(side, Side::French, "only the confirmation hands the deployment over");
    assert!(matches!(step, Step::Deployment { .. }));
    assert!(lifts(&acts).is_empty(), "the Spanish placements are final: the French lift none");

    // The saved game replays to the same position and history.
    let again = Match::<Bailen>::import(&m.export()).unwrap();
    assert_eq!(again.history().unwrap(), m.history().unwrap());
    assert_eq!(again.prompt(), m.prompt());
}

#[test]
fn lifts_are_limited_to_the_number_of_counters_of_the_step() {
    let mut m = Match::<Bailen>::new("bailen-1808", confirming(), 3).unwrap();
    let n = place_rest(&mut m);
    for k in 0..n {
        let (_, step, acts) = prompt(&m);
        assert_eq!(step, Step::ConfirmDeployment { placed: n as u8, lifts_left: (n - k) as u8 });
        m.apply(&Action::LiftDeployed { unit: lifts(&acts)[0] }).unwrap();
        place_rest(&mut m);
    }
    let (_, step, acts) = prompt(&m);
    assert_eq!(step, Step::ConfirmDeployment { placed: n as u8, lifts_left: 0 });
    assert_eq!(acts, vec![Action::ConfirmDeployment], "no lift left: only the confirmation");
}

#[test]
fn the_three_steps_are_confirmed_and_lifting_rolls_no_die_so_undo_reaches_back() {
    let mut m = Match::<Bailen>::new("bailen-1808", confirming(), 11).unwrap();
    for side in [Side::Spanish, Side::French, Side::Spanish] {
        place_rest(&mut m);
        let (s, step, acts) = prompt(&m);
        assert_eq!(s, side);
        assert!(matches!(step, Step::ConfirmDeployment { .. }));
        // Lift and place again, then undo both: back to the confirmation.
        let before = m.prompt();
        m.apply(&Action::LiftDeployed { unit: lifts(&acts)[0] }).unwrap();
        place_rest(&mut m);
        assert!(m.can_undo());
        m.undo().unwrap();
        m.undo().unwrap();
        assert_eq!(m.prompt(), before);
        let ev = m.apply(&Action::ConfirmDeployment).unwrap();
        assert!(ev.contains(&Event::DeploymentConfirmed { side }));
        if side == Side::Spanish && m.prompt().is_some_and(|p| matches!(p.step, Step::Deployment { .. })) {
            // The first confirmation rolled nothing: it can be undone.
            assert!(m.can_undo());
        }
    }
    // The last confirmation starts round 1 with the initiative roll: undo stops there.
    assert!(m.history().unwrap().iter().flat_map(|h| &h.events).any(|e| matches!(e, Event::Rolled { .. })));
    assert!(!m.can_undo());
    assert_eq!(m.state().on_board(Side::French) + m.state().on_board(Side::Spanish), 103);
}

#[test]
fn historical_deployment_has_nothing_to_confirm() {
    let options = Options { historical_deployment: true, ..confirming() };
    let m = Match::<Bailen>::new("bailen-1808", options, 5).unwrap();
    let (_, step, _) = prompt(&m);
    assert!(!matches!(step, Step::Deployment { .. } | Step::ConfirmDeployment { .. }), "{step:?}");
    assert_eq!(m.state().on_board(Side::French) + m.state().on_board(Side::Spanish), 103);
}

#[test]
fn without_the_option_deployment_is_as_before_no_lift_no_confirmation() {
    let options = Options { joker: JokerMode::Off, ..Options::default() };
    assert!(!options.confirm_deployment, "off unless asked for");
    let mut m = Match::<Bailen>::new("bailen-1808", options, 11).unwrap();
    let mut sides = Vec::new();
    while let (side, Step::Deployment { unit, lifts_left, .. }, acts) = prompt(&m) {
        assert_eq!(lifts_left, None);
        assert!(acts.iter().all(|a| matches!(a, Action::Deploy { unit: u, .. } if *u == unit)), "only the counter's placements");
        sides.push(side);
        m.apply_index(0).unwrap();
    }
    assert_eq!(sides.len(), 103);
    assert_eq!((sides[14], sides[15], sides[58], sides[59]), (Side::Spanish, Side::French, Side::French, Side::Spanish));
    assert!(!m.can_undo(), "the last placement rolled the initiative at once");
}

#[test]
fn the_option_is_a_bit_of_the_saved_options_absent_from_older_strings() {
    let old = Bailen::encode_options(&Options::default());
    assert_eq!(old[0] & 0x80, 0);
    assert!(!Bailen::decode_options(&old).unwrap().confirm_deployment);
    let new = Bailen::encode_options(&confirming());
    assert_eq!(new[0] & 0x80, 0x80);
    assert_eq!(Bailen::decode_options(&new).unwrap(), confirming());
}

#[test]
fn random_deployments_with_lifts_end() {
    // A random player lifts most of the time it may: the limit still ends each step.
    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    for seed in 0..20 {
        let mut m = Match::<Bailen>::new("bailen-1808", confirming(), seed).unwrap();
        let mut n = 0;
        while m.prompt().is_some_and(|p| matches!(p.step, Step::Deployment { .. } | Step::ConfirmDeployment { .. })) {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let k = m.prompt().unwrap().actions.len();
            m.apply_index((rng % k as u64) as usize).unwrap();
            n += 1;
            assert!(n <= 3 * 103 + 3, "deployment took over 3n + 1 actions a step");
        }
        assert_eq!(m.state().on_board(Side::French) + m.state().on_board(Side::Spanish), 103);
    }
}

#[test]
fn the_computer_places_and_confirms_rather_than_lifting() {
    let mut m = Match::<Bailen>::new("bailen-1808", confirming(), 13).unwrap();
    let settings = Settings { iterations: 300, ..Settings::default() };
    let mut lifted = 0;
    let mut n = 0;
    while m.prompt().is_some_and(|p| p.side == Side::Spanish && matches!(p.step, Step::Deployment { .. } | Step::ConfirmDeployment { .. })) {
        let a = choose(m.state(), &settings, |_| false).expect("a choice").action;
        lifted += usize::from(matches!(a, Action::LiftDeployed { .. }));
        m.apply(&a).unwrap();
        n += 1;
    }
    assert!(lifted <= 2 && n <= 15 + 2 * lifted + 1, "Venegas's step took {n} choices, {lifted} lifts");
    assert_eq!(m.prompt().map(|p| p.side), Some(Side::French));
}
