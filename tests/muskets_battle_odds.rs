//! Field Battle odds: every action whose roll decides its result has odds, and the odds are
//! exact: playing the action with every face of its dice gives each result as often as the
//! distribution says.
use napoleonic::games::muskets::battle::*;
use napoleonic::games::Rules;

mod common;
use common::Pick;

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
            // The SP shattered in the loser's morale check: the Shattered events right after it.
            let loser_shattered = match winner {
                Some(w) => {
                    let check = ev.iter().position(|e| matches!(e, Event::MoraleChecked { side: s, .. } if *s != w));
                    check.map_or(0, |i| {
                        ev[i + 1..].iter().map_while(|e| if let Event::Shattered { sp, .. } = e { Some(u16::from(*sp)) } else { None }).sum()
                    })
                }
                None => 0,
            };
            Roll::Engagement { winner, loser_shattered }
        }
        Roll::CavalryCharge { .. } => {
            let superiority = ev.iter().any(|e| matches!(e, Event::CavalrySuperiority { .. }));
            // The charging CU's check is the second morale check.
            let second = ev.iter().enumerate().filter(|(_, e)| matches!(e, Event::MoraleChecked { .. })).nth(1);
            let charger_shattered = second.is_some_and(|(i, _)| ev[i..].iter().any(|e| matches!(e, Event::Shattered { .. })));
            let _ = side;
            Roll::CavalryCharge { superiority, charger_shattered }
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

/// How many d10 decide a result, in the order they are rolled.
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
        // The two engagement dice and the loser's morale die (unused after a tie).
        Roll::Engagement { .. } => 3,
        Roll::OperationalControl { .. } => 2 * rollers,
        Roll::Rally { .. } => 0, // Recover rolls per CU: counted by the caller
        _ => 1,
    }
}

#[test]
fn odds_are_given_for_every_deciding_roll_and_are_exact() {
    let mut checked = std::collections::BTreeMap::<String, u32>::new();
    for (g, scenario) in SCENARIO_IDS.iter().enumerate() {
        let mut b = Battle::new_game(scenario, &Options::default(), 40 + g as u64).unwrap();
        let mut pick = Pick(0xadd5 + g as u64);
        while let Some(p) = b.prompt() {
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
                if checked.get(&key).copied().unwrap_or(0) >= 6 || odds.enemy_occ_assumed.is_some_and(|m| m != b.view(p.side.other()).own.occ) {
                    continue;
                }
                let n = match (kind, a) {
                    (Roll::Rally { .. }, Action::Recover) => b.view(p.side).own.counters.iter().filter(|c| matches!(c.place, Place::Display(_)) && c.sp.iter().any(|s| s.shattered > 0)).count(),
                    (Roll::Rally { .. }, _) => 1,
                    _ => dice_of(kind, &b, p.side),
                };
                if n > 3 {
                    continue;
                }
                let mut tally: Vec<(Roll, u64)> = Vec::new();
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
                    let got = observed(kind, p.side, &ev).unwrap_or_else(|| panic!("{a:?} with {script:?}: no result in {ev:?}"));
                    match tally.iter_mut().find(|t| t.0 == got) {
                        Some(t) => t.1 += w,
                        None => tally.push((got, *w)),
                    }
                }
                let cases = if casualty { 100u64.pow(n as u32) } else { 10u64.pow(n as u32) };
                for (r, k) in &tally {
                    assert_eq!(k * d.denominator, d.weight_of(r) * cases, "{scenario}: {a:?}: {r:?} came {k} in {cases}; odds {d:?}");
                }
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
