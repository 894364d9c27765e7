//! Field Battle examples through the public API: the derived set-up values of the six battle
//! scenarios, a scripted Assault, Withdraw and Pursuit with the 9.2.q split, Reinforce with a
//! Flank Attack and a new CiC, the private-options view, is_legal and export/import.
use napoleonic::games::muskets::battle::scenario::{CuData, ForceData};
use napoleonic::games::muskets::battle::setup::{Position, Setup};
use napoleonic::games::muskets::battle::*;
use napoleonic::games::{Match, Rules};

mod common;
use common::muskets::*;

/// SR 9.2.h, l, m.1 and ER 1.7/4.4: each battle's command, CiC, hand size and BEP agree with
/// the values the data file derives (scenarios/check_muskets_battles.py recomputes them).
#[test]
fn derived_values_of_the_six_battles() {
    let json: serde_json::Value = serde_json::from_str(include_str!("../scenarios/muskets_battles.json")).unwrap();
    for (k, id) in SCENARIO_IDS.iter().enumerate() {
        let mut m = Match::<Battle>::new(id, Options::default(), 1).unwrap();
        // Play to the end of Planning (all choices: first legal action, but never EndPlanning
        // before a chit is taken is irrelevant here).
        while m.state().view(Side::Imperial).step != "planning" {
            m.apply_index(0).unwrap();
        }
        for side in Side::BOTH {
            let d = &json["scenarios"][k]["sides"][side.to_string()]["derived"];
            let v = m.state().view(side);
            let b = m.state();
            assert_eq!(v.own.bep, d["bep"].as_i64().unwrap() as i16, "{id} {side} BEP");
            let cmd = if v.own.command == Command::Unified { "unified" } else { "joint" };
            assert_eq!(cmd, d["command"].as_str().unwrap(), "{id} {side} command");
            let cic_name = match v.own.cic {
                Counter::Hq(h) => b.scenario().hqs[h as usize].leader.name.clone(),
                Counter::Cu(u) => b.scenario().cus[u as usize].leader.name.clone(),
            };
            assert_eq!(cic_name, d["cic"].as_str().unwrap(), "{id} {side} CiC");
            assert_eq!(v.own.hand_limit as i64, d["option_chits"].as_i64().unwrap(), "{id} {side} chits");
        }
    }
}

/// Medina de Rioseco in Combat Resolution: the three Imperial and three Spanish line CUs
/// deployed face up, these hands, `turn` to play (the attacker when None).
fn medina_deployed(hands: Vec<(Side, Vec<OptionKind>)>, turn: Option<Side>) -> Position {
    Position {
        placements: vec![
            place("Garde Imperial", Section::Left),
            place("ID Mouton", Section::Centre),
            place("ID Merlé", Section::Right),
            place("ID Portago", Section::Left),
            place("ID Cagigal", Section::Centre),
            place("ID Zayas", Section::Right),
        ],
        hands,
        bep: vec![],
        occ_passed: vec![],
        terrain: vec![],
        outflank_allowed: vec![],
        round: None,
        turn,
    }
}

fn medina_position(hands: Vec<(Side, Vec<OptionKind>)>, dice: Vec<u8>) -> Battle {
    let setup = Setup {
        scenario: "medina-de-rioseco".into(),
        dice,
        position: Some(medina_deployed(hands, None)),
        ..Setup::default()
    };
    Battle::from_setup(&setup).expect("setup")
}

/// A scripted Assault (G9 stand-in): Mouton (+1 OCC, +1 Tactical, +1 Fr-Vet) rolls 7 = 10;
/// Cagigal (+1 OCC, 0, +1 Sp-Vet) rolls 3 = 5; the Spanish lose ceil(5/2) = 3 SP and check
/// morale at +1 (lost by 5): 5 + 1 = 6 holds Sp-Vet (6) and shatters Sp-Rec (4); they lose
/// 1 BEP. Then Withdraw: 3 + 4 + 5 (Imperial BEP) - 3 (Spanish) = 9 <= Blake's 14, pursuit 3
/// columns left. Pursuit: 100% BEP = P6, +2 (2 Cav against 1), +3 (Lasalle), -3 = P8; roll 5
/// = 70% of 2 = 1 SP, Cav first. SR 9.2.q: loser 40% of 3 = 1 definitive + the pursuit loss.
#[test]
fn assault_withdraw_pursuit_and_the_split_of_losses() {
    let mut b = medina_position(
        vec![(Side::Imperial, vec![OptionKind::Assault]), (Side::Allied, vec![OptionKind::Withdraw])],
        vec![7, 3, 5, 3, 4, 5],
    );
    assert_eq!(b.view(Side::Allied).own.bep, 4);
    apply(&mut b, Action::Assault { from: Section::Centre, target: Section::Centre });
    let mouton = cu(&b, "ID Mouton");
    let cagigal = cu(&b, "ID Cagigal");
    let (fr_vet, sp_vet) = (troop(&b, "Fr-Vet"), troop(&b, "Sp-Vet"));
    apply(&mut b, Action::CheckWith { cu: mouton, troop: fr_vet });
    let odds = b.odds(&Action::CheckWith { cu: cagigal, troop: troop(&b, "Sp-Vet") }).expect("odds");
    // Two engagement dice and the loser's morale die that follows on its own.
    assert_eq!(odds.distribution.denominator % 100, 0);
    // +3 against +2 (the Imperial check, secret yet, taken as passed: it did pass): the
    // attacker wins on ra >= rd (55 of 100), a tie on ra + 1 = rd (9), the defender 36.
    assert_eq!(odds.enemy_occ_assumed, Some(1));
    let d = &odds.distribution;
    let w = |winner: Option<Side>| -> u64 {
        d.outcomes.iter().filter(|o| matches!(o.outcome, Roll::Engagement { winner: x, .. } if x == winner)).map(|o| o.weight).sum::<u64>() * 100 / d.denominator
    };
    assert_eq!((w(Some(Side::Imperial)), w(None), w(Some(Side::Allied))), (55, 9, 36));
    let ev = apply(&mut b, Action::CheckWith { cu: cagigal, troop: sp_vet });
    assert!(ev.contains(&Event::Engagement {
        attacker: Side::Imperial,
        from: Section::Centre,
        target: Section::Centre,
        attacker_roll: 7,
        attacker_total: 10,
        attacker_modifiers: vec![
            Modifier::new(ModifierCause::OperationalControl, 1),
            Modifier::new(ModifierCause::CommanderTactical, 1),
            Modifier::new(ModifierCause::TroopTactical, 1),
        ],
        defender_roll: 3,
        defender_total: 5,
        defender_modifiers: vec![Modifier::new(ModifierCause::OperationalControl, 1), Modifier::new(ModifierCause::TroopTactical, 1)],
        winner: Some(Side::Imperial)
    }), "{ev:?}");
    let v = b.view(Side::Allied);
    assert_eq!(v.own.bep, 3);
    let c = v.own.counters.iter().find(|c| c.counter == Counter::Cu(cagigal)).unwrap();
    let vet = c.sp.iter().find(|s| s.troop == troop(&b, "Sp-Vet")).unwrap();
    let rec = c.sp.iter().find(|s| s.troop == troop(&b, "Sp-Rec")).unwrap();
    assert_eq!((vet.fresh, vet.shattered, rec.fresh, rec.shattered), (2, 0, 0, 1));
    apply(&mut b, Action::EndTurn);
    let ev = apply(&mut b, Action::Withdraw);
    let withdraw = vec![Modifier::new(ModifierCause::EnemyEndurance, 5), Modifier::new(ModifierCause::OwnEndurance, -3)];
    assert!(ev.contains(&Event::RollTotal { side: Side::Allied, purpose: RollPurpose::Withdraw, roll: 7, modifiers: withdraw, total: 9 }), "{ev:?}");
    let shifts = vec![
        Modifier::new(ModifierCause::WinnerCavalry, 2),
        Modifier::new(ModifierCause::CavalryCommander, 3),
        Modifier::new(ModifierCause::Withdraw, -3),
    ];
    assert!(ev.contains(&Event::PursuitResolved { side: Side::Imperial, base_column: 6, shifts, column: 8, roll: 5, percent: 70, losses: 1 }), "{ev:?}");
    let o = b.outcome().expect("over");
    assert_eq!(o.winner, Some(Side::Imperial));
    assert_eq!(o.detail.must_retreat, Some(Side::Allied));
    let allied = &o.detail.sides[1];
    assert_eq!((allied.losses.combat, allied.losses.pursuit), (3, 1));
    assert_eq!((allied.casualties, allied.definitive, allied.stragglers), (4, 2, 2));
    let imperial = &o.detail.sides[0];
    assert_eq!((imperial.casualties, imperial.definitive), (0, 0));
}

/// The page explains each roll: a scripted Pin against a Village whose defenders failed their
/// Operational Control Check. Mouton: 9 +1 OCC +1 Tactical +1 Fr-Vet -1 Pin = 11; Cagigal:
/// 2 -2 OCC +1 Sp-Vet -1 Pin +2 Village = 2. The difference of 9 is what was applied: the
/// Spanish lose ceil(9/2) = 5 halved by Pin = 2 SP and check morale with +1 for losing by 5 or
/// more: 3 + 1 = 4 (Cagigal's Morale Modifier is 0), so the Sp-Rec (Morale 4) hold.
#[test]
fn engagement_and_morale_modifiers_by_cause() {
    let setup = Setup {
        scenario: "medina-de-rioseco".into(),
        dice: vec![9, 2, 3],
        position: Some(Position {
            placements: vec![
                place("Garde Imperial", Section::Left),
                place("ID Mouton", Section::Centre),
                place("ID Merlé", Section::Right),
                place("ID Portago", Section::Left),
                place("ID Cagigal", Section::Centre),
                place("ID Zayas", Section::Right),
            ],
            hands: vec![(Side::Imperial, vec![OptionKind::Pin]), (Side::Allied, vec![OptionKind::Withdraw])],
            bep: vec![],
            occ_passed: vec![(Side::Allied, false)],
            terrain: vec![(Side::Allied, Section::Centre, Terrain::Village)],
            outflank_allowed: vec![],
            round: None,
            turn: None,
        }),
        ..Setup::default()
    };
    let mut m = Match::<Battle>::from_setup(&setup).unwrap();
    m.apply(&Action::Pin { from: Section::Centre, target: Section::Centre }).unwrap();
    let (mouton, cagigal) = (cu(m.state(), "ID Mouton"), cu(m.state(), "ID Cagigal"));
    let (fr_vet, sp_vet) = (troop(m.state(), "Fr-Vet"), troop(m.state(), "Sp-Vet"));
    m.apply(&Action::CheckWith { cu: mouton, troop: fr_vet }).unwrap();
    let before = m.state().view(Side::Allied).own.losses.combat;
    let ev = m.apply(&Action::CheckWith { cu: cagigal, troop: sp_vet }).unwrap();
    let causes = |l: &[Modifier]| l.iter().map(|x| (x.cause, x.value)).collect::<Vec<_>>();
    let Some(Event::Engagement { attacker_roll, attacker_total, attacker_modifiers, defender_roll, defender_total, defender_modifiers, winner, .. }) =
        ev.iter().find(|e| matches!(e, Event::Engagement { .. })).cloned()
    else {
        panic!("no engagement: {ev:?}")
    };
    use ModifierCause::*;
    assert_eq!(causes(&attacker_modifiers), vec![(OperationalControl, 1), (CommanderTactical, 1), (TroopTactical, 1), (Pin, -1)]);
    assert_eq!(causes(&defender_modifiers), vec![(OperationalControl, -2), (TroopTactical, 1), (Pin, -1), (Village, 2)]);
    assert!(attacker_modifiers.iter().all(|x| x.label == x.cause.label()));
    assert_eq!((attacker_roll, defender_roll), (9, 2));
    assert_eq!(attacker_roll as i16 + Modifier::sum(&attacker_modifiers), attacker_total);
    assert_eq!(defender_roll as i16 + Modifier::sum(&defender_modifiers), defender_total);
    assert_eq!((attacker_total, defender_total, winner), (11, 2, Some(Side::Imperial)));
    // The totals are the ones applied: a difference of 9 costs 2 SP under Pin.
    assert_eq!(m.state().view(Side::Allied).own.losses.combat - before, 2);
    let morale = ev.iter().find_map(|e| match e {
        Event::MoraleChecked { side: Side::Allied, cu, roll, modifiers, total } if *cu == cagigal => Some((*roll, causes(modifiers), *total)),
        _ => None,
    });
    assert_eq!(morale, Some((3, vec![(HeavyDefeat, 1)], 4)), "{ev:?}");
    assert!(!ev.iter().any(|e| matches!(e, Event::Shattered { .. })), "4 does not beat Sp-Rec's 4: {ev:?}");
}

/// SR 9.2.q.1.c: winner 20%, loser 40%, draw 20% each of combat casualties are definitive;
/// Automatic Victory and pursuit losses are; stragglers + definitive = casualties.
#[test]
fn definitive_shares_in_random_battles() {
    for (k, id) in SCENARIO_IDS.iter().enumerate() {
        for seed in 0..20u64 {
            let mut g = Battle::new_game(id, &Options::default(), seed * 7 + k as u64).unwrap();
            napoleonic::games::random_playout(&mut g, seed, 100_000).unwrap();
            let o = g.outcome().unwrap();
            for r in &o.detail.sides {
                let pct = if o.winner.is_some_and(|w| w != r.side) { 40 } else { 20 };
                let l = r.losses;
                assert_eq!(r.definitive, l.combat * pct / 100 + l.automatic + l.pursuit + l.pursuit_art);
                assert_eq!(r.stragglers + r.definitive, r.casualties);
            }
        }
    }
}

/// BOE 3: a Reinforce from the zone of the enemy LoC with no Outflank played is a Flank
/// Attack: the enemy loses its LoC and 2 BEP, the force enters a Flanking section (+1 BEP per
/// CU) and attacks as an Outflank. A larger HQ arriving names a new CiC (9.2.h.1.iii) who may
/// choose a new hand (9.2.m.4).
#[test]
fn reinforce_flank_attack_and_new_commander() {
    let setup = Setup {
        battle: Some(medellin_with_forces()),
        dice: vec![1, 9, 9, 5, 5, 1],
        position: Some(Position {
            placements: vec![],
            hands: vec![(Side::Allied, vec![OptionKind::Reinforce, OptionKind::Reinforce, OptionKind::Assault])],
            bep: vec![],
            occ_passed: vec![],
            terrain: vec![],
            outflank_allowed: vec![],
            round: None,
            turn: Some(Side::Allied),
        }),
        ..Setup::default()
    };
    let mut b = Battle::from_setup(&setup).expect("setup");
    let before = b.view(Side::Imperial).own.bep;
    apply(&mut b, Action::Reinforce { force: 0 });
    assert_eq!(b.prompt().unwrap().step, Step::FlankAttackEnd);
    apply(&mut b, Action::FlankEnd { end: Section::FlankLeft });
    let v = b.view(Side::Imperial);
    assert!(!v.own.loc, "the French LoC is removed");
    assert!(v.own.bep <= before - 2);
    assert_eq!(b.view(Side::Allied).own.bep_start, 8);
    // Play on until the second Reinforce can be tried.
    let mut m = Match::<Battle>::from_setup(&setup).unwrap();
    let mut guard = 0;
    while m.state().outcome().is_none() && guard < 500 {
        let p = m.prompt().unwrap();
        let i = p.actions.iter().position(|a| matches!(a, Action::Reinforce { force: 1 } | Action::NewHand)).unwrap_or(0);
        m.apply_index(i).unwrap();
        guard += 1;
    }
    assert!(m.state().outcome().is_some());
}

/// Random battles with adjacent forces: Reinforce, Flank Attacks and new CiCs keep every
/// invariant, and saved games replay.
#[test]
fn random_battles_with_reinforcements() {
    for seed in 0..150u64 {
        let setup = Setup { battle: Some(medellin_with_forces()), seed, options: Options { terrain_rolls: seed % 2 == 0, no_pursuit: false, lisboa_lines: seed % 3 == 0 }, ..Setup::default() };
        let mut m = Match::<Battle>::from_setup(&setup).unwrap();
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        while let Some(p) = m.prompt() {
            m.state().check_invariants().unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Prefer Reinforce when offered, to reach it often.
            let i = p.actions.iter().position(|a| matches!(a, Action::Reinforce { .. } | Action::TakeChit { option: OptionKind::Reinforce })).filter(|_| x % 3 == 0).unwrap_or((x % p.actions.len() as u64) as usize);
            m.apply_index(i).unwrap();
        }
        m.state().check_invariants().unwrap();
        let back = Match::<Battle>::import(&m.export()).unwrap();
        assert_eq!(back.state().view(Side::Allied), m.state().view(Side::Allied));
    }
}

/// Hidden information: two games that differ only in the Allied chits (same count), or only
/// in where two Imperial divisions were deployed face down, look the same to the other side.
#[test]
fn private_options_and_deployment_do_not_leak() {
    // Medellín: the Imperials defend and deploy first; the Allies attack and plan first.
    let deploy = |swap: bool| {
        let mut b = Battle::new_game("medellin", &Options::default(), 5).unwrap();
        let mut n = 0;
        while let Some(p) = b.prompt() {
            let Step::Deployment { counter } = p.step else { break };
            if p.side != Side::Imperial {
                break;
            }
            let want = match (n, swap) {
                (0, false) | (1, true) => Section::Left,
                (0, true) | (1, false) => Section::Right,
                _ => Section::Centre,
            };
            let a = p.actions.iter().find(|a| matches!(a, Action::Deploy { section, .. } if *section == want)).or(p.actions.first()).cloned().unwrap();
            let _ = counter;
            apply(&mut b, a);
            n += 1;
        }
        b
    };
    let (a, b) = (deploy(false), deploy(true));
    assert_ne!(a.view(Side::Imperial), b.view(Side::Imperial), "the Imperial deployments differ");
    assert_eq!(a.view(Side::Allied), b.view(Side::Allied), "the Allies see only flags");
    assert_eq!(a.prompt(), b.prompt());

    // Play both to the Allied planning with the same choices, then pick different chits.
    let to_planning = |mut b: Battle| {
        while !matches!(b.prompt().map(|p| p.step), Some(Step::Planning { .. })) {
            let p = b.prompt().unwrap();
            apply(&mut b, p.actions[0].clone());
        }
        b
    };
    let (mut a, mut b) = (to_planning(a), to_planning(b.clone()));
    let _ = &mut b;
    let mut b = to_planning(deploy(false));
    assert_eq!(a.prompt().unwrap().side, Side::Allied);
    for o in [OptionKind::Assault, OptionKind::Assault, OptionKind::Reserve] {
        apply(&mut a, Action::TakeChit { option: o });
    }
    for o in [OptionKind::Pin, OptionKind::Recover, OptionKind::Bombardment] {
        apply(&mut b, Action::TakeChit { option: o });
    }
    apply(&mut a, Action::EndPlanning);
    apply(&mut b, Action::EndPlanning);
    assert_ne!(a.view(Side::Allied), b.view(Side::Allied));
    assert_eq!(a.view(Side::Imperial), b.view(Side::Imperial), "the Imperials see only the count");
    assert_eq!(a.view(Side::Imperial).enemy.hand_count, 3);
}

/// is_legal agrees with the prompt, and a refused action changes nothing.
#[test]
fn is_legal_agrees_with_the_prompt() {
    let probes = |b: &Battle| -> Vec<Action> {
        let mut v = vec![Action::Pass, Action::EndTurn, Action::Withdraw, Action::Recover, Action::TryAnother, Action::Continue, Action::EndPlanning, Action::EndMove, Action::KeepHand];
        for o in OptionKind::ALL {
            v.push(Action::TakeChit { option: o });
            v.push(Action::Discard { option: o });
        }
        for from in Section::ALL {
            for target in Section::ALL {
                v.push(Action::Assault { from, target });
                v.push(Action::Reserve { from, to: target });
                v.push(Action::CavalryCharge { from, target });
            }
        }
        for u in 0..b.scenario().cus.len() as u8 {
            v.push(Action::Deploy { counter: Counter::Cu(u), section: Section::Reserve });
            v.push(Action::CheckWith { cu: u, troop: 0 });
            v.push(Action::Move { counter: Counter::Cu(u) });
        }
        v
    };
    for (k, id) in SCENARIO_IDS.iter().enumerate() {
        let mut b = Battle::new_game(id, &Options::default(), k as u64).unwrap();
        let mut x = (k as u64 + 1) * 0x2545_F491_4F6C_DD1D;
        while let Some(p) = b.prompt() {
            for a in probes(&b).into_iter().chain(p.actions.iter().cloned()) {
                let legal = p.actions.contains(&a);
                assert_eq!(b.is_legal(&a), legal, "{id}: {a:?}");
                if !legal {
                    let mut c = b.clone();
                    assert!(c.apply(&a).is_err());
                    assert_eq!(c.view(Side::Imperial), b.view(Side::Imperial));
                    assert_eq!(c.prompt(), b.prompt());
                }
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let a = p.actions[(x % p.actions.len() as u64) as usize].clone();
            b.apply(&a).unwrap();
        }
    }
}

/// A game from a public setup saves and replays like any other; a bad setup is refused
/// precisely.
#[test]
fn setups_save_and_replay_and_bad_ones_are_refused() {
    let setup = Setup { battle: Some(medellin_with_forces()), seed: 3, ..Setup::default() };
    let mut m = Match::<Battle>::from_setup(&setup).unwrap();
    for _ in 0..40 {
        if m.prompt().is_none() {
            break;
        }
        m.apply_index(0).unwrap();
    }
    let back = Match::<Battle>::import(&m.export()).unwrap();
    assert_eq!(back.state().view(Side::Allied), m.state().view(Side::Allied));
    let mut bad = medellin_with_forces();
    bad.sides[1].hqs[0].cus[0].sp[0].troop = "Xx-Vet".into();
    let e = Battle::from_setup(&Setup { battle: Some(bad), ..Setup::default() }).unwrap_err();
    assert!(e.to_string().contains("Xx-Vet"), "{e}");
    // BOE 3: a force is a lone CU, or HQs (one of them the largest) with their CUs.
    let mut bad = medellin_with_forces();
    bad.adjacent_forces[0].cus.push(lone_cu("ID Otra", &[("Sp-Ln", 2)]));
    let e = Battle::from_setup(&Setup { battle: Some(bad), ..Setup::default() }).unwrap_err();
    assert!(e.to_string().contains("adjacent_forces[0]") && e.to_string().contains("lone CU"), "{e}");
    let mut bad = medellin_with_forces();
    bad.adjacent_forces[1].cus.push(lone_cu("ID Suelta", &[("Sp-Ln", 2)]));
    let e = Battle::from_setup(&Setup { battle: Some(bad), ..Setup::default() }).unwrap_err();
    assert!(e.to_string().contains("ID Suelta"), "{e}");
    let mut bad = medellin_with_forces();
    let mut twin = bad.adjacent_forces[1].hqs[0].clone();
    twin.name = "Otro Ejército".into();
    twin.cus[0].name = "ID Gemela".into();
    bad.adjacent_forces[1].hqs.push(twin.clone());
    let e = Battle::from_setup(&Setup { battle: Some(bad.clone()), ..Setup::default() }).unwrap_err();
    assert!(e.to_string().contains("largest size"), "{e}");
    bad.adjacent_forces[1].hqs[1].size = "XXX".into();
    assert!(Battle::from_setup(&Setup { battle: Some(bad), ..Setup::default() }).is_ok(), "a smaller HQ may come along");
    // SR 9.2.a, 12.3.c: a CU whose SP are all shattered does not take part.
    let mut bad = medellin_with_forces();
    bad.adjacent_forces[0].cus[0].sp[0].shattered = 3;
    let e = Battle::from_setup(&Setup { battle: Some(bad.clone()), ..Setup::default() }).unwrap_err();
    assert!(e.to_string().contains("ID Flank") && e.to_string().contains("12.3.c"), "{e}");
    bad.adjacent_forces[0].cus[0].sp[0].shattered = 2;
    assert!(Battle::from_setup(&Setup { battle: Some(bad), ..Setup::default() }).is_ok(), "partly shattered CUs fight (12.3.e)");
    let e = Battle::new_game("waterloo", &Options::default(), 0).unwrap_err();
    assert!(e.to_string().contains("vitoria"), "{e}");
    let e = Battle::from_setup(&Setup { dice: vec![11], ..Setup::default() }).unwrap_err();
    assert!(e.to_string().contains("d10"), "{e}");
}

/// Medellín with the lone Spanish division next door, and the Extremadura army split: Trías
/// and Alburquerque on the Left, Henestrosa and Villalba in the Centre, Del Parque on the
/// Right, Portago and O'Donojú in the Reserve.
fn medellin_split_setup(hand: Vec<OptionKind>, dice: Vec<u8>) -> Setup {
    Setup {
        battle: Some(medellin_with_forces()),
        dice,
        position: Some(Position {
            placements: vec![
                place("ID Trías", Section::Left),
                place("ID Alburquerque", Section::Left),
                place("ID Henestrosa", Section::Centre),
                place("CB Villalba", Section::Centre),
                place("ID Del Parque", Section::Right),
                place("ID Villatte", Section::Left),
                place("ID Ruffin", Section::Centre),
                place("ID Ge Leval", Section::Right),
            ],
            hands: vec![(Side::Allied, hand)],
            bep: vec![],
            occ_passed: vec![],
            terrain: vec![],
            outflank_allowed: vec![],
            round: None,
            turn: Some(Side::Allied),
        }),
        ..Setup::default()
    }
}

/// BOE 3.c: the arrival of reinforcements lets CUs of one HQ deployed apart join up without a
/// Reserve option, "as long as the troops that move were unengaged". A Cavalry Charge from the
/// Allied Centre engages it (both morale checks roll 1 and hold); the CiC's roll of 1 allows
/// another option; the Reinforce roll of 1 brings the lone division, which declines the Flank
/// Attack and is placed in the Reserve. Then: Trías (Left) may join the engaged Centre, but
/// Henestrosa (Centre, engaged) may not leave; the lone division (no HQ) may not move; each
/// CU moves once; no chit is spent.
#[test]
fn reinforcements_allow_a_free_regroup() {
    let mut m = Match::<Battle>::from_setup(&medellin_split_setup(vec![OptionKind::CavalryCharge, OptionKind::Reinforce, OptionKind::Assault], vec![1, 1, 1, 1])).unwrap();
    let b = m.state();
    let (trias, henestrosa, villalba, flank, portago) = (cu(b, "ID Trías"), cu(b, "ID Henestrosa"), cu(b, "CB Villalba"), cu(b, "ID Flank"), cu(b, "ID Portago"));
    m.apply(&Action::CavalryCharge { from: Section::Centre, target: Section::Centre }).unwrap();
    while let Some(p) = m.prompt() {
        match p.step {
            Step::SectionCommander { .. } => m.apply(&p.actions[0]).unwrap(),
            Step::ChargeUnit { attacking: true, .. } => m.apply(&Action::CheckWith { cu: villalba, troop: troop(m.state(), "Sp-Cav") }).unwrap(),
            _ => break,
        };
    }
    assert!(m.state().view(Side::Allied).own.sections[Section::Centre.index()].engaged);
    m.apply(&Action::TryAnother).unwrap();
    m.apply(&Action::Reinforce { force: 0 }).unwrap();
    m.apply(&Action::NoFlankAttack).unwrap();
    m.apply(&Action::Deploy { counter: Counter::Cu(flank), section: Section::Reserve }).unwrap();
    let p = m.prompt().unwrap();
    assert_eq!(p.step, Step::Regroup { force: 0, moved: 0 });
    assert!(p.actions.contains(&Action::Regroup { cu: trias, to: Section::Centre }), "{:?}", p.actions);
    assert!(p.actions.contains(&Action::Regroup { cu: portago, to: Section::Right }));
    assert!(!p.actions.iter().any(|a| matches!(a, Action::Regroup { cu, .. } if *cu == henestrosa || *cu == villalba || *cu == flank)), "{:?}", p.actions);
    // A move not offered is refused precisely and changes nothing.
    let before = m.state().view(Side::Allied);
    let e = m.apply(&Action::Regroup { cu: henestrosa, to: Section::Left }).unwrap_err();
    assert!(e.to_string().contains("not a legal action"), "{e}");
    assert_eq!(m.state().view(Side::Allied), before);
    assert_eq!(m.state().describe(&Action::Regroup { cu: trias, to: Section::Centre }), "Regroup ID Trías into the Centre");
    let hand = before.own.hand.clone();
    m.apply(&Action::Regroup { cu: trias, to: Section::Centre }).unwrap();
    let p = m.prompt().unwrap();
    assert_eq!(p.step, Step::Regroup { force: 0, moved: 1 });
    assert!(!p.actions.iter().any(|a| matches!(a, Action::Regroup { cu, .. } if *cu == trias)), "each CU moves once");
    let v = m.state().view(Side::Allied);
    let at = |c: CuId| v.own.counters.iter().find(|x| x.counter == Counter::Cu(c)).unwrap().place;
    assert_eq!(at(trias), Place::Display(Section::Centre));
    assert_eq!(v.own.hand, hand, "no Reserve chit spent");
    m.apply(&Action::EndRegroup).unwrap();
    assert!(matches!(m.prompt().unwrap().step, Step::FollowUp { last: OptionKind::Recover, .. }), "{:?}", m.prompt());
}

/// ER 3.1.d in a Field Battle in the Lisboa zone with the Lines in effect (an option for a
/// standalone game; "ER 3.1.d" in the campaign's `BattleData`): every attack on Allied troops
/// takes -5 (D43: the attacker's engagement roll), no one may use Cavalry Charge (its chit is
/// not offered, nor accepted in a position), and the Allies cannot entrench (no Field
/// Fortification). Mouton's Assault as in the scripted example: 7 +3 -5 = 5 against Cagigal's
/// 3 +2 = 5, a tie instead of a win by 5.
#[test]
fn lisboa_lines_in_a_field_battle() {
    let lines = Options { lisboa_lines: true, ..Options::default() };
    let position = |hands: Vec<(Side, Vec<OptionKind>)>, turn: Side| medina_deployed(hands, Some(turn));
    // A position whose hand holds a Cavalry Charge is refused behind the Lines.
    let bad = Setup { options: lines.clone(), position: Some(position(vec![(Side::Imperial, vec![OptionKind::CavalryCharge])], Side::Imperial)), ..Setup::default() };
    let e = Battle::from_setup(&bad).unwrap_err();
    assert!(e.to_string().contains("Cavalry Charge") && e.to_string().contains("ER 3.1.d"), "{e}");
    let setup = Setup {
        options: lines.clone(),
        dice: vec![7, 3],
        position: Some(position(vec![(Side::Imperial, vec![OptionKind::Assault]), (Side::Allied, vec![OptionKind::Assault])], Side::Imperial)),
        ..Setup::default()
    };
    let mut m = Match::<Battle>::from_setup(&setup).unwrap();
    m.apply(&Action::Assault { from: Section::Centre, target: Section::Centre }).unwrap();
    let (mouton, cagigal) = (cu(m.state(), "ID Mouton"), cu(m.state(), "ID Cagigal"));
    m.apply(&Action::CheckWith { cu: mouton, troop: troop(m.state(), "Fr-Vet") }).unwrap();
    let ev = m.apply(&Action::CheckWith { cu: cagigal, troop: troop(m.state(), "Sp-Vet") }).unwrap();
    let eng = ev.iter().find_map(|e| match e {
        Event::Engagement { attacker_roll, attacker_total, attacker_modifiers, defender_total, winner, .. } => {
            Some((*attacker_roll, *attacker_total, attacker_modifiers.clone(), *defender_total, *winner))
        }
        _ => None,
    });
    let (roll, total, mods, def_total, winner) = eng.expect("an engagement");
    assert!(mods.contains(&Modifier::new(ModifierCause::LisboaLines, -5)), "{mods:?}");
    assert_eq!((roll, total, def_total, winner), (7, 5, 5, None));
    // The Allies attacking Imperial troops take no -5.
    m.apply(&Action::EndTurn).unwrap();
    m.apply(&Action::Assault { from: Section::Centre, target: Section::Centre }).unwrap();
    let mut ev = Vec::new();
    while let Some(p) = m.prompt() {
        if !matches!(p.step, Step::CheckingUnit { .. } | Step::SectionCommander { .. }) {
            break;
        }
        ev.extend(m.apply(&p.actions[0]).unwrap());
    }
    let mods = ev.iter().find_map(|e| match e {
        Event::Engagement { attacker: Side::Allied, attacker_modifiers, .. } => Some(attacker_modifiers.clone()),
        _ => None,
    });
    assert!(mods.is_some_and(|l| l.iter().all(|x| x.cause != ModifierCause::LisboaLines)));

    // Planning and entrenching, in a Medellín where the Allies hold a Field Fortification.
    let fortified = |lisboa_in_data: bool, options: Options| {
        let mut d = Scenario::built_in_data("medellin").unwrap();
        d.field_fortification = vec![Side::Imperial, Side::Allied];
        if lisboa_in_data {
            d.exclusive_rules.push("ER 3.1.d".into());
        }
        let mut m = Match::<Battle>::from_setup(&Setup { battle: Some(d), options, ..Setup::default() }).unwrap();
        let (mut allied_fortify, mut charge_offered) = (false, false);
        while m.state().view(Side::Imperial).step != "operational control" && m.prompt().is_some() {
            let p = m.prompt().unwrap();
            allied_fortify |= p.step == Step::FieldFortification && p.side == Side::Allied;
            charge_offered |= p.actions.contains(&Action::TakeChit { option: OptionKind::CavalryCharge });
            let i = p.actions.iter().position(|a| matches!(a, Action::TakeChit { .. })).unwrap_or(0);
            m.apply_index(i).unwrap();
            if m.state().view(Side::Imperial).round > 0 {
                break;
            }
        }
        (allied_fortify, charge_offered)
    };
    assert_eq!(fortified(false, Options::default()), (true, true));
    assert_eq!(fortified(true, Options::default()), (false, false), "the campaign's ER 3.1.d");
    assert_eq!(fortified(false, lines), (false, false), "the standalone option");
}

/// SR 9.2.h.1.iii and m.4 with a Flank Attack (BOE 3.b): when the force that enters as a Flank
/// Attack brings a larger HQ, its leader becomes CiC, the Outflank engagement is fought, and
/// then his side may discard its hand and choose again (the choice is not lost to the
/// engagement).
#[test]
fn a_new_cic_arriving_by_flank_attack_may_choose_a_new_hand() {
    let mut d = medellin_with_forces();
    d.adjacent_forces[1].from_enemy_loc_zone = true;
    let mut setup = medellin_split_setup(vec![OptionKind::Reinforce, OptionKind::Assault, OptionKind::Recover], vec![1]);
    setup.battle = Some(d);
    let mut m = Match::<Battle>::from_setup(&setup).unwrap();
    m.apply(&Action::Reinforce { force: 1 }).unwrap();
    m.apply(&Action::FlankEnd { end: Section::FlankLeft }).unwrap();
    let mut ev = Vec::new();
    while let Some(p) = m.prompt() {
        match p.step {
            Step::Regroup { .. } => ev.extend(m.apply(&Action::EndRegroup).unwrap()),
            Step::SectionCommander { .. } | Step::CheckingUnit { .. } => ev.extend(m.apply(&p.actions[0]).unwrap()),
            _ => break,
        };
    }
    assert!(ev.iter().any(|e| matches!(e, Event::Engagement { from: Section::FlankLeft, .. })), "the Flank Attack engaged: {ev:?}");
    let v = m.state().view(Side::Allied);
    let cic = v.own.counters.iter().find(|c| c.counter == v.own.cic).unwrap();
    assert_eq!(cic.name, "Ejército del Centro", "Castaños took over");
    let p = m.prompt().unwrap();
    assert_eq!((p.side, p.step), (Side::Allied, Step::NewCommanderHand { remaining: 2 }));
    m.apply(&Action::NewHand).unwrap();
    assert!(matches!(m.prompt().unwrap().step, Step::Planning { chosen: 0, limit: 2 }));
}

/// ER 2.1.c.3-4, a campaign value in `BattleData.guerrilla_level`: each level costs the
/// Imperials 1 BEP and adds 1 to an Imperial Reinforce roll. A lone French division (Initiative
/// 6) next door, the die 5: it arrives at level 0, not at level 2 (5 + 2 = 7 > 6).
#[test]
fn guerrilla_level_in_a_field_battle() {
    let battle = |level: u8| {
        let mut d = Scenario::built_in_data("medellin").unwrap();
        d.guerrilla_level = level;
        d.adjacent_forces = vec![ForceData { side: Side::Imperial, from_enemy_loc_zone: false, hqs: vec![], cus: vec![CuData { nationality: "French".into(), ..lone_cu("ID Lapisse", &[("Fr-Vet", 3)]) }] }];
        d
    };
    let setup = |level: u8| Setup {
        battle: Some(battle(level)),
        dice: vec![5],
        position: Some(Position {
            placements: vec![],
            hands: vec![(Side::Imperial, vec![OptionKind::Reinforce])],
            bep: vec![],
            occ_passed: vec![],
            terrain: vec![],
            outflank_allowed: vec![],
            round: None,
            turn: Some(Side::Imperial),
        }),
        ..Setup::default()
    };
    let (mut m0, mut m2) = (Match::<Battle>::from_setup(&setup(0)).unwrap(), Match::<Battle>::from_setup(&setup(2)).unwrap());
    assert_eq!(m2.state().view(Side::Imperial).own.bep_start, m0.state().view(Side::Imperial).own.bep_start - 2);
    assert_eq!(m2.state().view(Side::Allied).own.bep_start, m0.state().view(Side::Allied).own.bep_start);
    let odds = |m: &Match<Battle>| {
        let (n, d) = m.state().odds(&Action::Reinforce { force: 0 }).unwrap().distribution.chance(|r| *r == Roll::Reinforce { arrives: true });
        n * 10 / d
    };
    assert_eq!((odds(&m0), odds(&m2)), (6, 4));
    let e0 = m0.apply(&Action::Reinforce { force: 0 }).unwrap();
    let e2 = m2.apply(&Action::Reinforce { force: 0 }).unwrap();
    assert!(e0.contains(&Event::Reinforced { side: Side::Imperial, force: 0, arrived: true, modifiers: vec![] }), "{e0:?}");
    assert!(e2.contains(&Event::Reinforced { side: Side::Imperial, force: 0, arrived: false, modifiers: vec![Modifier::new(ModifierCause::Guerrilla, 2)] }), "{e2:?}");
    let e = Battle::from_setup(&Setup { battle: Some(battle(6)), ..Setup::default() }).unwrap_err();
    assert!(e.to_string().contains("guerrilla_level: 6"), "{e}");
}

/// In random battles every explained roll adds up: roll + the sum of its modifiers = its total
/// (engagements, morale checks, Recover/rally, Bombardment, Withdraw, British cavalry), and a
/// pursuit column is its base plus its shifts, within 1-10.
#[test]
fn every_explained_roll_adds_up() {
    let mut seen = [0u32; 3];
    for (k, id) in SCENARIO_IDS.iter().enumerate() {
        for seed in 0..15u64 {
            let mut m = Match::<Battle>::new(id, Options::default(), seed * 31 + k as u64).unwrap();
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut ev = m.state().opening_events();
            while let Some(p) = m.prompt() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                ev.extend(m.apply_index((x % p.actions.len() as u64) as usize).unwrap());
            }
            for e in &ev {
                match e {
                    Event::Engagement { attacker_roll, attacker_total, attacker_modifiers, defender_roll, defender_total, defender_modifiers, .. } => {
                        assert_eq!(*attacker_roll as i16 + Modifier::sum(attacker_modifiers), *attacker_total, "{e:?}");
                        assert_eq!(*defender_roll as i16 + Modifier::sum(defender_modifiers), *defender_total, "{e:?}");
                        seen[0] += 1;
                    }
                    Event::MoraleChecked { roll, modifiers, total, .. } | Event::RollTotal { roll, modifiers, total, .. } => {
                        assert_eq!(*roll as i16 + Modifier::sum(modifiers), *total, "{e:?}");
                        assert!(modifiers.iter().all(|x| x.value != 0 && x.label == x.cause.label()), "{e:?}");
                        seen[1] += 1;
                    }
                    Event::PursuitResolved { base_column, shifts, column, .. } => {
                        assert_eq!((*base_column as i16 + Modifier::sum(shifts)).clamp(1, 10), *column as i16, "{e:?}");
                        seen[2] += 1;
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}
