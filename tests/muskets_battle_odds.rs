//! Field Battle odds: every action whose roll decides its result has odds, and the odds are
//! exact: playing the action with every face of its dice gives each result as often as the
//! distribution says.
use napoleonic::games::muskets::battle::*;
use napoleonic::games::Rules;

mod common;
use common::muskets::{place, troop};
use common::Pick;
use napoleonic::games::muskets::battle::setup::{Placement, Position, Setup};

/// What the events say the roll decided, in the odds' terms.
fn observed(kind: &Roll, side: Side, ev: &[Event]) -> Option<Roll> {
    let succeeded = |what: &str| {
        ev.iter().find_map(|e| match e {
            Event::RollSucceeded { what: w, .. } if w == what => Some(true),
            Event::RollFailed { what: w, .. } if w == what => Some(false),
            _ => None,
        })
    };
    // Leaders lost in the casualty checks after an unmodified 10 (SR 12.1.a.3).
    let lost = ev.iter().filter(|e| matches!(e, Event::LeaderCasualty { side: s, .. } if *s == side)).count();
    Some(match kind {
        Roll::Pass { .. } => Roll::Pass {
            clean: ev.iter().find_map(|e| if let Event::Passed { clean, .. } = e { Some(*clean) } else { None })?,
            leaders_lost: lost as u8,
        },
        Roll::AnotherOption { .. } => Roll::AnotherOption { granted: succeeded("play another option")?, leader_lost: lost > 0 },
        Roll::Continue { .. } => Roll::Continue { granted: succeeded("continue")?, leader_lost: lost > 0 },
        Roll::Reinforce { .. } => Roll::Reinforce { arrives: ev.iter().find_map(|e| if let Event::Reinforced { arrived, .. } = e { Some(*arrived) } else { None })? },
        Roll::Withdraw { .. } => Roll::Withdraw {
            good_order: succeeded("withdraw in good order")?,
            pursuit_percent: ev.iter().find_map(|e| if let Event::PursuitResolved { percent, .. } = e { Some(*percent) } else { None }),
        },
        Roll::Bombardment { .. } => {
            let (hits, ten) = ev.iter().find_map(|e| match e {
                Event::RollTotal { purpose: RollPurpose::Bombardment, total, roll, .. } => Some((*total >= 8, *roll == 10)),
                _ => None,
            })?;
            Roll::Bombardment { hits, leader_hit: hits && ten }
        }
        Roll::Rally { .. } => Roll::Rally { sp: ev.iter().map(|e| if let Event::Rallied { sp, .. } = e { u16::from(*sp) } else { 0 }).sum() },
        Roll::Engagement { .. } => {
            let winner = ev.iter().find_map(|e| match e {
                Event::Engagement { winner, .. } => Some(*winner),
                Event::AutomaticVictory { side, .. } => Some(Some(*side)),
                _ => None,
            })?;
            // The SP shattered in a check: the Shattered events right after it.
            let shattered_after = |i: usize| -> u16 { ev[i + 1..].iter().map_while(|e| if let Event::Shattered { sp, .. } = e { Some(u16::from(*sp)) } else { None }).sum() };
            // The loser's morale check.
            let loser_shattered = match winner {
                Some(w) => ev.iter().position(|e| matches!(e, Event::MoraleChecked { side: s, .. } if *s != w)).map_or(0, shattered_after),
                None => 0,
            };
            // ER 3.4.b: each British cavalry CU's check.
            let british_shattered = (0..ev.len()).filter(|&i| matches!(ev[i], Event::RollTotal { purpose: RollPurpose::BritishCavalry { .. }, .. })).map(shattered_after).sum();
            Roll::Engagement {
                winner,
                loser_shattered,
                british_shattered,
                guard_broken: ev.iter().any(|e| matches!(e, Event::SectionShattered { .. })),
                battle_ends: ev.iter().find_map(|e| if let Event::BattleEnds { winner, reason } = e { Some(End { winner: *winner, reason: *reason }) } else { None }),
                pursuit_percent: ev.iter().find_map(|e| if let Event::PursuitResolved { percent, .. } = e { Some(*percent) } else { None }),
            }
        }
        Roll::CavalryCharge { .. } => {
            let superiority = ev.iter().any(|e| matches!(e, Event::CavalrySuperiority { .. }));
            // The charging CU's check is the second morale check.
            let second = ev.iter().enumerate().filter(|(_, e)| matches!(e, Event::MoraleChecked { .. })).nth(1);
            let charger_shattered = second.is_some_and(|(i, _)| ev[i..].iter().any(|e| matches!(e, Event::Shattered { .. })));
            let shattered_after = |i: usize| -> u16 { ev[i + 1..].iter().map_while(|e| if let Event::Shattered { sp, .. } = e { Some(u16::from(*sp)) } else { None }).sum() };
            // ER 3.4.b: each British cavalry CU's check after a won superiority.
            let british_shattered = (0..ev.len()).filter(|&i| matches!(ev[i], Event::RollTotal { purpose: RollPurpose::BritishCavalry { .. }, .. })).map(shattered_after).sum();
            let _ = side;
            Roll::CavalryCharge {
                superiority,
                charger_shattered,
                british_shattered,
                battle_ends: ev.iter().find_map(|e| if let Event::BattleEnds { winner, reason } = e { Some(End { winner: *winner, reason: *reason }) } else { None }),
                pursuit_percent: ev.iter().find_map(|e| if let Event::PursuitResolved { percent, .. } = e { Some(*percent) } else { None }),
            }
        }
        Roll::MoraleCheck { .. } => Roll::MoraleCheck {
            shattered: ev.iter().map(|e| if let Event::Shattered { side: s, sp, .. } = e { if *s != side { u16::from(*sp) } else { 0 } } else { 0 }).sum(),
        },
        Roll::OperationalControl { .. } => Roll::OperationalControl {
            passed: ev.iter().find_map(|e| match e {
                Event::OperationalControl { side: s, passed, .. } if *s == side => Some(*passed),
                _ => None,
            })?,
        },
    })
}

/// How many d10 decide a result, in the order they are rolled (an engagement's are played
/// case by case, `every_case`).
fn dice_of(kind: &Roll, b: &Battle, side: Side) -> usize {
    let rollers = match b.view(side).own.command {
        Command::Joint => b.view(side).own.joint_leaders.len(),
        Command::Unified => 1,
    };
    match kind {
        Roll::Pass { .. } => rollers,
        Roll::CavalryCharge { .. } => 2,
        // The Withdraw 2d10 and the Pursuit Table die as the battle ends.
        Roll::Withdraw { .. } => 3,
        Roll::OperationalControl { .. } => 2 * rollers,
        Roll::Rally { .. } => 0, // Recover rolls per CU: counted by the caller
        _ => 1,
    }
}

/// Each result of an action played with every face of its dice: (result, cases) over the
/// cases returned, or None where there are too many dice to play (`budget`: the most plays).
fn played(b: &Battle, side: Side, a: &Action, kind: &Roll, budget: usize) -> Option<(Vec<(Roll, u64)>, u64)> {
    let mut tally: Vec<(Roll, u64)> = Vec::new();
    let mut count = |got: Roll, w: u64| match tally.iter_mut().find(|t| t.0 == got) {
        Some(t) => t.1 += w,
        None => tally.push((got, w)),
    };
    if let Roll::Engagement { .. } | Roll::CavalryCharge { .. } = kind {
        let (leaves, depth) = every_case(b, a, budget, |p| matches!(p, RollPurpose::Engagement | RollPurpose::Morale { .. } | RollPurpose::BritishCavalry { .. } | RollPurpose::Pursuit))?;
        for (script, ev) in &leaves {
            let got = observed(kind, side, ev).unwrap_or_else(|| panic!("{a:?} with {script:?}: no result in {ev:?}"));
            count(got, 10u64.pow((depth - script.len()) as u32));
        }
        return Some((tally, 10u64.pow(depth as u32)));
    }
    let n = match (kind, a) {
        (Roll::Rally { .. }, Action::Recover) => b.view(side).own.counters.iter().filter(|c| matches!(c.place, Place::Display(_)) && c.sp.iter().any(|s| s.shattered > 0)).count(),
        (Roll::Rally { .. }, _) => 1,
        _ => dice_of(kind, b, side),
    };
    if n > 3 {
        return None;
    }
    // A 10 on an Initiative roll is followed by the casualty check's die (SR 12.1.a.3):
    // each of its ten faces then counts a tenth of the 10.
    let casualty = matches!(kind, Roll::Pass { .. } | Roll::AnotherOption { .. } | Roll::Continue { .. });
    let mut scripts: Vec<(Vec<u8>, u64)> = vec![(Vec::new(), 1)];
    for _ in 0..n {
        let mut next = Vec::new();
        for (script, w) in &scripts {
            for x in 1..=10u8 {
                if x == 10 && casualty {
                    for c in 1..=10u8 {
                        next.push(([script.as_slice(), &[x, c]].concat(), *w));
                    }
                } else {
                    next.push(([script.as_slice(), &[x]].concat(), w * if casualty { 10 } else { 1 }));
                }
            }
        }
        scripts = next;
    }
    for (script, w) in &scripts {
        let mut probe = b.with_scripted_dice(9, script).unwrap();
        let ev = probe.apply(a).unwrap();
        let got = observed(kind, side, &ev).unwrap_or_else(|| panic!("{a:?} with {script:?}: no result in {ev:?}"));
        count(got, *w);
    }
    let cases = if casualty { 100u64.pow(n as u32) } else { 10u64.pow(n as u32) };
    Some((tally, cases))
}

/// One case of an action's dice: the faces, the events.
type Case = (Vec<u8>, Vec<Event>);

/// The action played with every face of each die it rolls whose purpose counts, die after
/// die, as far as a die that counts is rolled: (the faces, the events) of each case, and the
/// most dice a case took (a case of fewer dice stands for 10 per die it did not take). None
/// past `budget` plays.
fn every_case(b: &Battle, a: &Action, budget: usize, counts: impl Fn(&RollPurpose) -> bool) -> Option<(Vec<Case>, usize)> {
    let (mut leaves, mut depth, mut runs) = (Vec::new(), 0, 0);
    let mut stack = vec![Vec::<u8>::new()];
    while let Some(script) = stack.pop() {
        runs += 1;
        if runs > budget {
            return None;
        }
        let mut probe = b.with_scripted_dice(9, &script).unwrap();
        let ev = probe.apply(a).unwrap();
        let more = ev.iter().filter_map(|e| if let Event::Rolled { purpose, .. } = e { Some(purpose) } else { None }).skip(script.len()).any(&counts);
        if more {
            stack.extend((1..=10u8).map(|x| [script.as_slice(), &[x]].concat()));
        } else {
            depth = depth.max(script.len());
            leaves.push((script, ev));
        }
    }
    Some((leaves, depth))
}

/// The odds of every action of the prompt that has them, checked against play; the results
/// played, by kind. `skip(kind)`: kinds checked enough already; `budget`: the most plays of
/// one action.
fn check_prompt(b: &Battle, scenario: &str, budget: usize, skip: impl Fn(&str) -> bool) -> Vec<(String, Vec<(Roll, u64)>)> {
    let mut out = Vec::new();
    let Some(p) = b.prompt() else { return out };
    for a in &p.actions {
        let Some(odds) = b.odds(a) else {
            // An action without odds decides nothing by dice: its own result needs no roll.
            let ev = b.clone().apply(a).unwrap();
            let decided = ev.iter().any(|e| {
                matches!(
                    e,
                    Event::Rolled {
                        purpose: RollPurpose::Pass { .. }
                            | RollPurpose::AnotherOption { .. }
                            | RollPurpose::Continue { .. }
                            | RollPurpose::Reinforce { .. }
                            | RollPurpose::Withdraw
                            | RollPurpose::Bombardment
                            | RollPurpose::Rally { .. }
                            | RollPurpose::Engagement
                            | RollPurpose::OperationalControl { .. },
                        ..
                    }
                )
            });
            assert!(!decided, "{scenario}: {a:?} rolled without odds: {ev:?}");
            continue;
        };
        let d = &odds.distribution;
        assert_eq!(d.outcomes.iter().map(|w| w.weight).sum::<u64>(), d.denominator, "{a:?}");
        let kind = &d.outcomes[0].outcome;
        let key = format!("{kind:?}").split([' ', '{']).next().unwrap().to_string();
        if skip(&key) || odds.enemy_occ_assumed.is_some_and(|m| m != b.view(p.side.other()).own.occ) {
            continue;
        }
        let Some((tally, cases)) = played(b, p.side, a, kind, budget) else { continue };
        for (r, k) in &tally {
            assert_eq!(u128::from(*k) * u128::from(d.denominator), u128::from(d.weight_of(r)) * u128::from(cases), "{scenario}: {a:?}: {r:?} came {k} in {cases}; odds {d:?}");
        }
        out.push((key, tally));
    }
    out
}

#[test]
fn odds_are_given_for_every_deciding_roll_and_are_exact() {
    let mut checked = std::collections::BTreeMap::<String, u32>::new();
    for (g, scenario) in SCENARIO_IDS.iter().enumerate() {
        let mut b = Battle::new_game(scenario, &Options::default(), 40 + g as u64).unwrap();
        let mut pick = Pick(0xadd5 + g as u64);
        while let Some(p) = b.prompt() {
            for (key, _) in check_prompt(&b, scenario, 30_000, |key| checked.get(key).copied().unwrap_or(0) >= 6) {
                *checked.entry(key).or_default() += 1;
            }
            let a = p.actions[pick.next(p.actions.len())].clone();
            b.apply(&a).unwrap();
        }
    }
    println!("{checked:?}");
    for kind in ["Pass", "AnotherOption", "Continue", "Engagement", "OperationalControl", "Withdraw"] {
        assert!(checked.contains_key(kind), "no {kind} odds checked: {checked:?}");
    }
}

/// A position of a printed battle in Combat Resolution, with the pursuit played.
fn position(scenario: &str, placements: Vec<Placement>, hands: Vec<(Side, Vec<OptionKind>)>, bep: Vec<(Side, i16)>) -> Battle {
    let pos = Position { placements, hands, bep, occ_passed: vec![], terrain: vec![], outflank_allowed: vec![], round: None, turn: None };
    Battle::from_setup(&Setup { scenario: scenario.into(), position: Some(pos), ..Setup::default() }).expect("setup")
}

/// Play from the position to the first engagement, checking the odds of every prompt on the
/// way (choosing with `choose` among the actions); the engagement results played.
fn engagement_results(b: Battle, first: Action, choose: impl Fn(&Battle, &[Action]) -> Action) -> Vec<Roll> {
    results_until(b, "Engagement", first, choose, |e| matches!(e, Event::Engagement { .. }))
}

/// Play from the position until an event `done` says the roll was made, checking the odds of
/// every prompt on the way; the results of the odds of kind `kind` played.
fn results_until(mut b: Battle, kind: &str, first: Action, choose: impl Fn(&Battle, &[Action]) -> Action, done: impl Fn(&Event) -> bool) -> Vec<Roll> {
    let mut results = Vec::new();
    let mut next = Some(first);
    loop {
        for (key, tally) in check_prompt(&b, "position", 300_000, |_| false) {
            if key == kind {
                results.extend(tally.into_iter().map(|t| t.0));
            }
        }
        let p = b.prompt().unwrap_or_else(|| panic!("a roll of {kind} to come"));
        let a = next.take().unwrap_or_else(|| choose(&b, &p.actions));
        if b.apply(&a).unwrap().iter().any(&done) {
            return results;
        }
    }
}

/// ER 3.4.b after a Cavalry Charge, in the odds: Cotton (Br-Cav 3) charges Foy from the Allied
/// right with the Allies at 1 BEP. When Foy's check shatters all its SP (Cavalry Superiority) Cotton checks on
/// 1d10+4; shattered, the Allies lose their last BEP and the battle ends, with the pursuit.
/// Each appears in the odds checked against play, case by case.
#[test]
fn charge_odds_include_the_british_cavalry_check_and_the_end() {
    let pos = Position {
        placements: vec![place("ID Foy", Section::Left), place("CD Cotton", Section::Right)],
        hands: vec![(Side::Allied, vec![OptionKind::CavalryCharge])],
        bep: vec![(Side::Allied, 1)],
        occ_passed: vec![],
        terrain: vec![],
        outflank_allowed: vec![],
        round: None,
        turn: Some(Side::Allied),
    };
    let b = Battle::from_setup(&Setup { scenario: "arapiles".into(), position: Some(pos), ..Setup::default() }).expect("setup");
    // The Arapiles are Hills in both centres (BS5): no charge there; the Allied right faces
    // the Imperial left.
    let charge = b.prompt().and_then(|p| p.actions.into_iter().find(|a| matches!(a, Action::CavalryCharge { .. }))).expect("a charge to play");
    let results = results_until(b, "CavalryCharge", charge, |_, acts| acts[0].clone(), |e| matches!(e, Event::MoraleChecked { .. }));
    assert!(!results.is_empty(), "the charge's odds were checked");
    let reached = |f: &dyn Fn(&Roll) -> bool| results.iter().any(f);
    assert!(reached(&|r| matches!(r, Roll::CavalryCharge { superiority: true, british_shattered: 3, battle_ends: Some(_), pursuit_percent: Some(_), .. })), "{results:?}");
    assert!(reached(&|r| matches!(r, Roll::CavalryCharge { superiority: true, british_shattered: 0, battle_ends: None, .. })), "{results:?}");
    assert!(reached(&|r| matches!(r, Roll::CavalryCharge { superiority: false, british_shattered: 0, .. })), "{results:?}");
    // No British check without a won superiority.
    assert!(!reached(&|r| matches!(r, Roll::CavalryCharge { superiority: false, british_shattered: 1.., .. })), "{results:?}");
}

/// ER 3.4.b and SR 9.2.l/p in the odds: Foy (Fr-Vet) attacks Campbell (Br-Vet) and Cotton
/// (Br-Cav 3) with the Allies at 1 BEP: an Allied win has Cotton check on 1d10+4 (shattered,
/// the Allies' last BEP goes and the French win the battle), a French win ends the battle; the
/// pursuit follows. Each appears in the odds checked against play.
#[test]
fn engagement_odds_include_the_british_cavalry_check_the_end_and_the_pursuit() {
    let b = position(
        "arapiles",
        vec![place("ID Foy", Section::Centre), place("ID Campbell", Section::Centre), place("CD Cotton", Section::Centre)],
        vec![(Side::Imperial, vec![OptionKind::Assault])],
        vec![(Side::Allied, 1)],
    );
    let results = engagement_results(b, Action::Assault { from: Section::Centre, target: Section::Centre }, |_, acts| acts[0].clone());
    assert!(!results.is_empty(), "the engagement's odds were checked");
    let reached = |f: &dyn Fn(&Roll) -> bool| results.iter().any(f);
    assert!(reached(&|r| matches!(r, Roll::Engagement { winner: Some(Side::Allied), british_shattered: 3, .. })), "{results:?}");
    assert!(reached(&|r| matches!(r, Roll::Engagement { winner: Some(Side::Allied), british_shattered: 0, .. })), "{results:?}");
    // Cotton all shattered: the Allies' last BEP; the engagement's loser wins the battle.
    assert!(reached(&|r| matches!(r, Roll::Engagement { winner: Some(Side::Allied), battle_ends: Some(End { winner: Some(Side::Imperial), .. }), pursuit_percent: Some(_), .. })), "{results:?}");
    assert!(reached(&|r| matches!(r, Roll::Engagement { winner: Some(Side::Imperial), battle_ends: Some(End { winner: Some(Side::Imperial), reason: EndReason::EnduranceExhausted }), pursuit_percent: Some(_), .. })), "{results:?}");
    assert!(reached(&|r| matches!(r, Roll::Engagement { winner: Some(Side::Allied), battle_ends: None, pursuit_percent: None, .. })), "{results:?}");
    // Several percents of the Pursuit Table.
    let percents: std::collections::BTreeSet<u16> = results.iter().filter_map(|r| if let Roll::Engagement { pursuit_percent, .. } = r { *pursuit_percent } else { None }).collect();
    assert!(percents.len() > 1, "{percents:?}");
}

/// ER 4.5.c in the odds: the Garde Imperial (Gd) as the Imperials' checking type; an Imperial
/// defeat shatters its section and ends the battle, the pursuit follows.
#[test]
fn engagement_odds_include_the_guard_broken() {
    let b = position(
        "medina-de-rioseco",
        vec![place("Garde Imperial", Section::Centre), place("ID Mouton", Section::Centre), place("ID Cagigal", Section::Centre)],
        vec![(Side::Imperial, vec![OptionKind::Assault, OptionKind::Assault]), (Side::Allied, vec![OptionKind::Assault])],
        vec![],
    );
    let gd = troop(&b, "Gd");
    let guard = |_: &Battle, acts: &[Action]| acts.iter().find(|a| matches!(a, Action::CheckWith { troop, .. } if *troop == gd)).unwrap_or(&acts[0]).clone();
    let results = engagement_results(b, Action::Assault { from: Section::Centre, target: Section::Centre }, guard);
    let reached = |f: &dyn Fn(&Roll) -> bool| results.iter().any(f);
    assert!(
        reached(&|r| matches!(r, Roll::Engagement { winner: Some(Side::Allied), guard_broken: true, battle_ends: Some(End { winner: Some(Side::Allied), .. }), pursuit_percent: Some(_), .. })),
        "{results:?}"
    );
    assert!(reached(&|r| matches!(r, Roll::Engagement { winner: Some(Side::Imperial), guard_broken: false, battle_ends: None, .. })), "{results:?}");
    // Never broken in an Imperial win or a tie.
    assert!(!reached(&|r| matches!(r, Roll::Engagement { winner: Some(Side::Imperial) | None, guard_broken: true, .. })), "{results:?}");
}

