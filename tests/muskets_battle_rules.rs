//! Field Battle rules one at a time: small explicit positions (a `Setup` with scripted dice),
//! actions through the public API, and an assertion that would fail if the rule were not
//! applied. Each test names its rule and the checklist item (shared/rules/aom-checklist.md,
//! CL-n) it covers; docs/checklist-muskets-battle.md lists them.
use napoleonic::games::muskets::battle::scenario::{CuData, LeaderData, SpData};
use napoleonic::games::muskets::battle::setup::{Placement, Position, Setup};
use napoleonic::games::muskets::battle::*;
use napoleonic::core::outcome::Level;
use napoleonic::games::{Match, Rules};

mod common;
use common::muskets::*;

// ------------------------------------------------------------------ helpers

/// A CU of a battle description, by name.
fn cu_data<'a>(d: &'a mut BattleData, name: &str) -> &'a mut CuData {
    d.sides
        .iter_mut()
        .flat_map(|s| s.hqs.iter_mut().flat_map(|h| h.cus.iter_mut()).chain(s.cus.iter_mut()))
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no CU {name}"))
}
/// SP as (troop type, count, shattered among them).
fn sp(list: &[(&str, u8, u8)]) -> Vec<SpData> {
    list.iter().map(|&(t, n, s)| SpData { troop: t.into(), count: n, shattered: s }).collect()
}
fn remove_cu(d: &mut BattleData, name: &str) {
    for s in &mut d.sides {
        s.cus.retain(|c| c.name != name);
        for h in &mut s.hqs {
            h.cus.retain(|c| c.name != name);
        }
    }
}
fn artillery(name: &str, n: u8) -> CuData {
    CuData {
        name: name.into(),
        arm: "artillery".into(),
        nationality: "Spanish".into(),
        leader: LeaderData { name: "generic 0(3)0".into(), ocn: None, morale_modifier: 0, initiative: 3, tactical: 0 },
        leader_lost: false,
        sp: sp(&[("Art", n, 0)]),
    }
}
fn position(placements: Vec<Placement>, hands: Vec<(Side, Vec<OptionKind>)>) -> Position {
    Position { placements, hands, bep: vec![], occ_passed: vec![], terrain: vec![], outflank_allowed: vec![], round: None, turn: None }
}
/// A battle in Combat Resolution (no pursuit unless asked: it would draw more dice).
fn battle(scenario: &str, custom: Option<BattleData>, pos: Position, dice: Vec<u8>) -> Battle {
    let setup = Setup {
        scenario: scenario.into(),
        battle: custom,
        dice,
        position: Some(pos),
        options: Options { no_pursuit: true, ..Options::default() },
        ..Setup::default()
    };
    Battle::from_setup(&setup).expect("setup")
}
/// A battle from its start (step h) with scripted dice.
fn start(scenario: &str, custom: Option<BattleData>, dice: Vec<u8>) -> Battle {
    Battle::from_setup(&Setup { scenario: scenario.into(), battle: custom, dice, ..Setup::default() }).expect("setup")
}
/// Deploy with the first legal choices until the first Planning step.
fn to_planning(b: Battle) -> Battle {
    to_planning_events(b).0
}
/// The same, with every event since the start.
fn to_planning_events(mut b: Battle) -> (Battle, Vec<Event>) {
    let mut ev = b.opening_events();
    while !matches!(b.prompt().map(|p| p.step), Some(Step::Planning { .. })) {
        let p = b.prompt().expect("a decision before planning");
        ev.extend(apply(&mut b, p.actions[0].clone()));
    }
    (b, ev)
}
/// (fresh, shattered) SP of one troop type in a CU, as its side sees it.
fn sp_of(b: &Battle, side: Side, name: &str, troop_id: &str) -> (u8, u8) {
    let c = b.counter_by_name(name).unwrap();
    let t = troop(b, troop_id);
    let v = b.view(side);
    let cv = v.own.counters.iter().find(|x| x.counter == c).unwrap_or_else(|| panic!("{name} is not {side}'s"));
    cv.sp.iter().find(|s| s.troop == t).map_or((0, 0), |s| (s.fresh, s.shattered))
}
/// The engagement in the events: (attacker total, defender total, winner).
/// The checking (or bombarded) CU and troop type, by the type's id.
fn check(b: &mut Battle, u: CuId, troop_id: &str) -> Vec<Event> {
    let t = troop(b, troop_id);
    apply(b, Action::CheckWith { cu: u, troop: t })
}
fn engagement(ev: &[Event]) -> (i16, i16, Option<Side>) {
    ev.iter()
        .find_map(|e| match e {
            Event::Engagement { attacker_total, defender_total, winner, .. } => Some((*attacker_total, *defender_total, *winner)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no engagement in {ev:?}"))
}
fn hand(b: &Battle, side: Side, o: OptionKind) -> u8 {
    b.view(side).own.hand.iter().find(|h| h.0 == o).map_or(0, |h| h.1)
}

// ------------------------------------------------------------------ 9.2.d, 12.3.c

/// CL-218, SR 9.2.d: a Field Battle needs at least 3 infantry/cavalry CUs on each side;
/// artillery does not count; with fewer the battle is refused (it is a Minor Combat).
#[test]
fn sr_9_2_d_fewer_than_three_infantry_cavalry_cus_a_side_is_no_field_battle() {
    // Medina: the Allies have Zayas, Maceda, Cagigal and Portago.
    let mut three = data("medina-de-rioseco");
    remove_cu(&mut three, "ID Maceda");
    assert!(Scenario::from_data(&three).is_ok(), "3 infantry/cavalry CUs fight a Field Battle");
    let mut two = three.clone();
    remove_cu(&mut two, "ID Portago");
    two.sides[1].hqs[1].cus.push(artillery("Art Galicia", 2));
    let e = Scenario::from_data(&two).unwrap_err();
    assert!(e.contains("Allied: 2 infantry/cavalry CUs") && e.contains("9.2.d") && e.contains("Minor Combat"), "{e}");
    let e = Battle::from_setup(&Setup { battle: Some(two), ..Setup::default() }).unwrap_err();
    assert!(e.to_string().contains("9.2.d"), "{e}");
    // The Imperials likewise (Garde, Mouton, Merlé, Lasalle).
    let mut imp = data("medina-de-rioseco");
    remove_cu(&mut imp, "CD Lasalle");
    remove_cu(&mut imp, "ID Merlé");
    let e = Scenario::from_data(&imp).unwrap_err();
    assert!(e.contains("Imperial: 2 infantry/cavalry CUs"), "{e}");
}

/// CL-216, SR 9.2.a and 12.3.c: every CU in the zone takes part except one whose SP are all
/// shattered; the campaign leaves it out (a `BattleData` listing one is refused by name) and it
/// counts neither for the BEP nor toward the 3 CUs of 9.2.d. A CU with some SP shattered takes
/// part (12.3.e): it deploys, adds its BEP point and keeps its shattered SP.
#[test]
fn sr_12_3_c_all_shattered_cus_take_no_part_in_a_field_battle() {
    let mut d = data("medina-de-rioseco");
    cu_data(&mut d, "ID Portago").sp = sp(&[("Sp-Vet", 4, 4), ("Sp-Rec", 2, 0)]);
    let mut b = start("", Some(d.clone()), vec![1]);
    let portago = cu(&b, "ID Portago");
    let mut deployed = Vec::new();
    while !matches!(b.prompt().map(|p| p.step), Some(Step::Planning { .. })) {
        let p = b.prompt().unwrap();
        if let Step::Deployment { counter } = p.step {
            deployed.push(counter);
        }
        apply(&mut b, p.actions[0].clone());
    }
    assert!(deployed.contains(&Counter::Cu(portago)), "a partly shattered CU deploys");
    assert_eq!(b.view(Side::Allied).own.bep_start, 4);
    assert_eq!(sp_of(&b, Side::Allied, "ID Portago", "Sp-Vet"), (0, 4));
    // All of Maceda's SP shattered: refused by name; left out, the Allies have 3 CUs and 3 BEP.
    cu_data(&mut d, "ID Maceda").sp = sp(&[("Sp-Vet", 2, 2)]);
    let e = Scenario::from_data(&d).unwrap_err();
    assert!(e.contains("ID Maceda") && e.contains("12.3.c"), "{e}");
    remove_cu(&mut d, "ID Maceda");
    let b = to_planning(start("", Some(d.clone()), vec![1]));
    assert_eq!(b.view(Side::Allied).own.bep_start, 3);
    // With Zayas left out too, two Allied CUs: no Field Battle.
    remove_cu(&mut d, "ID Zayas");
    let e = Scenario::from_data(&d).unwrap_err();
    assert!(e.contains("Allied: 2 infantry/cavalry CUs") && e.contains("9.2.d"), "{e}");
}

// ------------------------------------------------------------------ 9.2.j, n, l

/// CL-234, CL-235, SR 9.2.j: the higher CiC Initiative holds the outflank option (BS1: the
/// Imperials, the Spanish being under Joint Command; BS4: Areizaga's 5 beats José I's 4); its
/// secret 1d10 <= the CiC's Initiative allows the Outflank chit; the enemy sees who holds the
/// option but neither the roll nor its result.
#[test]
fn sr_9_2_j_outflank_holder_and_its_secret_roll() {
    for (id, holder, initiative) in [("medina-de-rioseco", Side::Imperial, 7u8), ("ocana", Side::Allied, 5)] {
        for (die, allowed) in [(initiative, true), (initiative + 1, false)] {
            let b = start(id, None, vec![die]);
            let opening = b.opening_events();
            assert!(opening.contains(&Event::OutflankHolder { side: Some(holder) }), "{id}: {opening:?}");
            assert!(opening.contains(&Event::Rolled { side: holder, purpose: RollPurpose::Outflank, value: die, secret: true }));
            assert!(opening.contains(&Event::OutflankAllowed { side: holder, allowed }), "{id} die {die}");
            let other = holder.other();
            assert_eq!(b.view(other).outflank_holder, Some(holder), "{id}: the holder is public (9.2.j.3)");
            assert_eq!(b.view(holder).own.outflank_allowed, allowed);
            let seen: Vec<Event> = opening.iter().filter_map(|e| e.seen_by(other)).collect();
            assert!(
                !seen.iter().any(|e| matches!(e, Event::OutflankAllowed { .. } | Event::Rolled { secret: true, .. })),
                "{id}: the enemy sees the outflank roll: {seen:?}"
            );
            // Planning: the chit is offered to the holder only, and only if allowed.
            let mut b = to_planning(b);
            for _ in 0..2 {
                let p = b.prompt().unwrap();
                let Step::Planning { .. } = p.step else { panic!("{id}: {:?}", p.step) };
                let offered = p.actions.contains(&Action::TakeChit { option: OptionKind::Outflank });
                assert_eq!(offered, p.side == holder && allowed, "{id} die {die}: {} offered Outflank", p.side);
                apply(&mut b, Action::EndPlanning);
            }
        }
    }
}

/// CL-254, CL-255, SR 9.2.n: the secret 2d10 against the OCN with the modifiers (defender -1,
/// Joint Command with HQs +2, Outflank +2, +1 per Assault, +1 per two Cavalry Charges); every
/// Joint Leader must pass; +1 passed, -2 failed; the result is the side's own.
#[test]
fn sr_9_2_n_operational_control_check_modifiers_and_result() {
    // BS1. Imperials (attacker, Bessières OCN 15). Allies (defender, Joint: Cuesta OCN 13,
    // Blake 14): -1 + 2 = +1.
    let run = |dice: Vec<u8>, chits: &[OptionKind]| -> (Battle, Vec<Event>) {
        let mut b = to_planning(start("medina-de-rioseco", None, dice));
        assert_eq!(b.prompt().unwrap().side, Side::Imperial);
        for &o in chits {
            apply(&mut b, Action::TakeChit { option: o });
        }
        apply(&mut b, Action::EndPlanning);
        let ev = apply(&mut b, Action::EndPlanning);
        (b, ev)
    };
    use OptionKind::*;
    // Outflank +2, 2 Assaults +2, 3 Cavalry Charges +1: +5.
    let chits = [Outflank, Assault, Assault, CavalryCharge, CavalryCharge, CavalryCharge];
    // 5+5+5 = 15 <= 15 passes. Cuesta 6+6+1 = 13 passes, Blake 7+7+1 = 15 > 14 fails.
    let (b, ev) = run(vec![7, 5, 5, 6, 6, 7, 7], &chits);
    assert!(ev.contains(&Event::OperationalControl { side: Side::Imperial, passed: true, modifier: 1 }), "{ev:?}");
    assert!(ev.contains(&Event::OperationalControl { side: Side::Allied, passed: false, modifier: -2 }), "{ev:?}");
    assert_eq!((b.view(Side::Imperial).own.occ, b.view(Side::Allied).own.occ), (1, -2));
    assert_eq!(b.view(Side::Imperial).enemy.occ, None, "hidden until the enemy's first engagement");
    for e in &ev {
        if let Event::OperationalControl { side, .. } | Event::Rolled { side, purpose: RollPurpose::OperationalControl { .. }, .. } = e {
            assert_eq!(e.seen_by(side.other()), None, "{e:?} shown to the enemy");
        }
    }
    // One pip more fails the Imperials (16 > 15); Blake's one less passes the Allies (14).
    let (b, ev) = run(vec![7, 5, 6, 6, 6, 7, 6], &chits);
    assert!(ev.contains(&Event::OperationalControl { side: Side::Imperial, passed: false, modifier: -2 }), "{ev:?}");
    assert!(ev.contains(&Event::OperationalControl { side: Side::Allied, passed: true, modifier: 1 }), "{ev:?}");
    assert_eq!(b.view(Side::Allied).own.occ, 1);
    // The same dice without the chits: 11 <= 15 passes.
    let (_, ev) = run(vec![7, 5, 6, 6, 6, 7, 6], &[Pin, Reserve]);
    assert!(ev.contains(&Event::OperationalControl { side: Side::Imperial, passed: true, modifier: 1 }), "{ev:?}");
    // Two Cavalry Charges alone: +1 (16 > 15 fails with 5+10).
    let (_, ev) = run(vec![7, 5, 10, 1, 1, 1, 1], &[CavalryCharge, CavalryCharge]);
    assert!(ev.contains(&Event::OperationalControl { side: Side::Imperial, passed: false, modifier: -2 }), "{ev:?}");
    let (_, ev) = run(vec![7, 5, 10, 1, 1, 1, 1], &[CavalryCharge]);
    assert!(ev.contains(&Event::OperationalControl { side: Side::Imperial, passed: true, modifier: 1 }), "{ev:?}");

    // Joint Command with no HQ: +5 (and -1 defending); the leaders of the 3 CUs with most SP
    // (Zayas, Cagigal, Portago) roll against the CU leaders' OCN 11: 3+4+4 = 11 passes, 12 fails.
    let no_hq = |dice: Vec<u8>| -> Vec<Event> {
        let mut d = data("medina-de-rioseco");
        let allied = &mut d.sides[1];
        allied.cus = allied.hqs.drain(..).flat_map(|h| h.cus).collect();
        let mut b = to_planning(start("", Some(d), dice));
        apply(&mut b, Action::EndPlanning);
        apply(&mut b, Action::EndPlanning)
    };
    let ev = no_hq(vec![7, 1, 1, 3, 4, 3, 4, 3, 4]);
    assert_eq!(ev.iter().filter(|e| matches!(e, Event::Rolled { side: Side::Allied, purpose: RollPurpose::OperationalControl { .. }, .. })).count(), 6);
    assert!(ev.contains(&Event::OperationalControl { side: Side::Allied, passed: true, modifier: 1 }), "{ev:?}");
    let ev = no_hq(vec![7, 1, 1, 3, 4, 3, 4, 3, 5]);
    assert!(ev.contains(&Event::OperationalControl { side: Side::Allied, passed: false, modifier: -2 }), "{ev:?}");
}

/// CL-247, CL-248, CL-393, CL-426, SR 9.2.l.2 and ER 1.7: +1 per infantry/cavalry CU, ER 1.7
/// +1 (British/French) and +3 with Napoleon as CiC, -2 without an LoC, and the campaign's
/// modifier (ER 2.1.c.4), on a custom BS1.
#[test]
fn sr_9_2_l_battle_endurance_napoleon_loc_and_campaign_modifier() {
    let bep = |d: BattleData| -> [i16; 2] {
        let b = to_planning(start("", Some(d), vec![1]));
        [b.view(Side::Imperial).own.bep_start, b.view(Side::Allied).own.bep_start]
    };
    let base = data("medina-de-rioseco");
    // 4 French CUs + 1 (ER 1.7); 4 Spanish CUs.
    assert_eq!(bep(base.clone()), [5, 4]);
    let mut napoleon = base.clone();
    napoleon.sides[0].hqs[0].leader.name = "Napoleon".into();
    assert_eq!(bep(napoleon.clone()), [8, 4], "Napoleon as CiC: +3");
    let mut no_er = napoleon.clone();
    no_er.exclusive_rules.retain(|r| r != "ER 1.7");
    assert_eq!(bep(no_er), [4, 4], "without ER 1.7 neither +1 nor +3");
    let mut no_loc = base.clone();
    no_loc.loc = vec![Side::Imperial];
    assert_eq!(bep(no_loc), [5, 2], "-2 without an LoC");
    let mut modified = base.clone();
    modified.bep_modifier = vec![(Side::Imperial, -2)];
    assert_eq!(bep(modified), [3, 4], "the campaign's modifier");
}

// ------------------------------------------------------------------ the battle scenarios

/// CL-514, CL-516, CL-517: BS3 forbids the Outflank chit to both sides (the Imperials still
/// hold the option); in BS5 (Imperials) and BS6 (Allies) the holder takes it at once (D19).
#[test]
fn bs3_forbids_and_bs5_bs6_force_the_outflank_chit() {
    for (id, holder, forced) in [("sagunto", Side::Imperial, false), ("arapiles", Side::Imperial, true), ("vitoria", Side::Allied, true)] {
        let (mut b, ev) = to_planning_events(start(id, None, vec![]));
        assert!(ev.contains(&Event::OutflankHolder { side: Some(holder) }), "{id}");
        assert!(ev.contains(&Event::OutflankAllowed { side: holder, allowed: forced }), "{id}");
        assert!(!ev.iter().any(|e| matches!(e, Event::Rolled { purpose: RollPurpose::Outflank, .. })), "{id}: no 9.2.j.2 roll");
        for _ in 0..2 {
            let p = b.prompt().unwrap();
            let Step::Planning { chosen, .. } = p.step else { panic!("{id}: {:?}", p.step) };
            let has = hand(&b, p.side, OptionKind::Outflank);
            if forced && p.side == holder {
                assert_eq!((has, chosen), (1, 1), "{id}: {} holds the forced Outflank chit", p.side);
            } else {
                assert_eq!((has, chosen), (0, 0), "{id}: {}", p.side);
            }
            assert!(!p.actions.contains(&Action::TakeChit { option: OptionKind::Outflank }), "{id}: a second Outflank chit");
            apply(&mut b, Action::EndPlanning);
        }
    }
}

/// CL-514, BS3 SR-a: CD Boussard gives +1 in any combat he takes part in.
#[test]
fn bs3_boussard_adds_one_to_the_combat_he_takes_part_in() {
    let run = |bonus: bool| -> i16 {
        let mut d = data("sagunto");
        if !bonus {
            d.combat_bonus.clear();
        }
        let mut pos = position(
            vec![place("ID Musnier", Section::Centre), place("CD Boussard", Section::Centre), place("ID Zayas", Section::Centre)],
            vec![(Side::Imperial, vec![OptionKind::Assault])],
        );
        pos.turn = Some(Side::Imperial);
        let mut b = battle("", Some(d), pos, vec![5, 5, 1]);
        apply(&mut b, Action::Assault { from: Section::Centre, target: Section::Centre });
        let musnier = cu(&b, "ID Musnier");
        apply(&mut b, Action::Command { leader: Counter::Cu(musnier) });
        let zayas = cu(&b, "ID Zayas");
        let ev = check(&mut b, zayas, "Sp-Vet");
        engagement(&ev).0
    };
    // 5 + OCC 1 + Musnier 0 + Fr-Vet 1 + 3:2 (5 SP against 3) 1 + Boussard 1.
    assert_eq!(run(true), 9);
    assert_eq!(run(false), 8);
}

/// CL-516, BS5 SR: the Imperial cavalry is (5)+1: an Imperial cavalry CU checking as the
/// defender adds +1, not the printed Fr-Cav +2.
#[test]
fn bs5_imperial_cavalry_fights_as_5_plus_1() {
    let run = |override_on: bool| -> (i16, i16) {
        let mut d = data("arapiles");
        if !override_on {
            d.troop_overrides.clear();
        }
        let pos = position(
            vec![place("CD Curto", Section::Left), place("ID Campbell", Section::Right)],
            vec![(Side::Allied, vec![OptionKind::Assault])],
        );
        let mut b = battle("", Some(d), Position { turn: Some(Side::Allied), ..pos }, vec![5, 5]);
        let ev = apply(&mut b, Action::Assault { from: Section::Right, target: Section::Left });
        let (a, d, _) = engagement(&ev);
        (a, d)
    };
    // Curto (no infantry in the section) checks with his cavalry: 5 + OCC 1 + Curto 1 + Cav.
    assert_eq!(run(true).1, 8);
    assert_eq!(run(false).1, 9);
    // Campbell: 5 + 1 + 1 + Br-Vet 2 (attacking: not ER 3.10's +3) + 3:1 (6 SP against 2) 3.
    assert_eq!(run(true).0, 12);
}

// ------------------------------------------------------------------ combat

fn medina(placements: Vec<Placement>, hands: Vec<(Side, Vec<OptionKind>)>, custom: impl FnOnce(&mut BattleData), bep: Vec<(Side, i16)>, dice: Vec<u8>) -> Battle {
    let mut d = data("medina-de-rioseco");
    custom(&mut d);
    let mut pos = position(placements, hands);
    pos.bep = bep;
    battle("", Some(d), pos, dice)
}

/// CL-249, SR 9.2.l: the side whose Battle Endurance reaches 0 loses at once; both at 0 in the
/// same combat is a draw.
#[test]
fn sr_9_2_l_a_side_at_zero_bep_loses_and_both_at_zero_is_a_draw() {
    // Mouton (Fr-Vet) against Cagigal (Sp-Vet), 2 SP each: 5+1+1+1 = 8 beats 5+1+0+1 = 7.
    let mut b = medina(
        vec![place("ID Mouton", Section::Centre), place("ID Cagigal", Section::Centre)],
        vec![(Side::Imperial, vec![OptionKind::Assault]), (Side::Allied, vec![OptionKind::Assault])],
        |d| {
            cu_data(d, "ID Mouton").sp = sp(&[("Fr-Vet", 2, 0)]);
            cu_data(d, "ID Cagigal").sp = sp(&[("Sp-Vet", 2, 0)]);
        },
        vec![(Side::Allied, 1)],
        vec![5, 5, 1],
    );
    let ev = apply(&mut b, Action::Assault { from: Section::Centre, target: Section::Centre });
    assert_eq!(engagement(&ev), (8, 7, Some(Side::Imperial)));
    assert!(ev.contains(&Event::BattleEnds { winner: Some(Side::Imperial), reason: EndReason::EnduranceExhausted }), "{ev:?}");
    let o = b.outcome().expect("over");
    assert_eq!((o.winner, o.detail.must_retreat), (Some(Side::Imperial), Some(Side::Allied)));
    assert_eq!(o.detail.sides[0].bep_left, 5);
    assert_eq!(o.level, Level::Decisive, "the enemy's endurance broken");
    assert_eq!(o.returns(&[Side::Imperial, Side::Allied]), vec![1.0, -1.0]);

    // 1 SP each and 1 BEP each: the loser's BEP and both CUs gone: both reach 0.
    let mut b = medina(
        vec![place("ID Mouton", Section::Centre), place("ID Cagigal", Section::Centre)],
        vec![(Side::Imperial, vec![OptionKind::Assault]), (Side::Allied, vec![OptionKind::Assault])],
        |d| {
            cu_data(d, "ID Mouton").sp = sp(&[("Fr-Vet", 1, 0)]);
            cu_data(d, "ID Cagigal").sp = sp(&[("Sp-Vet", 1, 0)]);
        },
        vec![(Side::Imperial, 1), (Side::Allied, 1)],
        vec![5, 5],
    );
    let ev = apply(&mut b, Action::Assault { from: Section::Centre, target: Section::Centre });
    assert_eq!(engagement(&ev), (8, 7, Some(Side::Imperial)));
    assert!(ev.contains(&Event::BattleEnds { winner: None, reason: EndReason::EnduranceExhausted }), "{ev:?}");
    let o = b.outcome().expect("over");
    assert_eq!((o.winner, o.detail.must_retreat), (None, None));
    assert!(o.detail.sides.iter().all(|s| s.bep_left <= 0));
    assert_eq!(o.level, Level::Draw);
}

/// CL-263, D21 / G9 step 8: both sides passed in a round with no options left: 25 points of
/// remaining BEP % decide, otherwise a draw. Passing keeps the chits on a clean roll (9.2.o.2).
#[test]
fn d21_battle_ends_when_both_sides_are_out_of_options() {
    // Recover chits cannot be played (no shattered SP): each side can only pass.
    let run = |bep: Vec<(Side, i16)>| -> (Battle, Vec<Event>) {
        let hands = vec![(Side::Imperial, vec![OptionKind::Recover]), (Side::Allied, vec![OptionKind::Recover])];
        // Bessières 7 passes cleanly; Cuesta (6) fails on 7: discard; Bessières fails on 8.
        let mut b = medina(vec![], hands, |_| {}, bep, vec![7, 7, 7, 8]);
        let mut ev = Vec::new();
        for _ in 0..3 {
            let p = b.prompt().expect("a pass");
            assert_eq!(p.actions, vec![Action::Pass], "{:?}", p.step);
            ev.extend(apply(&mut b, Action::Pass));
        }
        (b, ev)
    };
    let (b, ev) = run(vec![(Side::Allied, 3)]);
    assert!(ev.contains(&Event::Passed { side: Side::Imperial, clean: true }));
    assert!(ev.contains(&Event::Passed { side: Side::Allied, clean: false }));
    assert!(ev.contains(&Event::Discarded { side: Side::Allied, option: Some(OptionKind::Recover) }));
    assert!(ev.contains(&Event::RoundBegins { round: 2 }), "the Imperials still held a chit");
    let o = b.outcome().expect("over");
    // Imperials 100%, Allies 3/4 = 75%: 25 points.
    assert_eq!((o.winner, o.detail.reason, o.detail.rounds), (Some(Side::Imperial), EndReason::OptionsExhausted, 2));
    assert_eq!(o.level, Level::Marginal, "a win on points (G9 step 8)");
    // 80% against 75%: a draw.
    let (b, _) = run(vec![(Side::Imperial, 4), (Side::Allied, 3)]);
    let o = b.outcome().expect("over");
    assert_eq!((o.winner, o.detail.reason), (None, EndReason::OptionsExhausted));
    assert_eq!(o.level, Level::Draw);
}

/// CL-261, CL-263, SR 9.2.o.2: a clean pass keeps the chits, so two sides that only pass
/// prolong the battle, but every failed pass discards one (and an unmodified 10 risks the
/// leader): full hands run out and the battle ends (D21). In every battle scenario, with full
/// hands and nothing but passes.
#[test]
fn sr_9_2_o_2_sides_that_only_pass_run_out_of_options() {
    let mut longest = 0;
    for id in SCENARIO_IDS {
        for seed in 0..10u64 {
            let mut b = Battle::new_game(id, &Options::default(), seed).unwrap();
            while let Some(p) = b.prompt() {
                let a = if p.actions.contains(&Action::Pass) { Action::Pass } else { p.actions[0].clone() };
                apply(&mut b, a);
            }
            let o = b.outcome().unwrap();
            assert_eq!(o.detail.reason, EndReason::OptionsExhausted, "{id} seed {seed}");
            assert!(o.detail.sides.iter().all(|s| s.casualties == 0 && s.bep_left == s.bep_start), "{id} seed {seed}");
            longest = longest.max(o.detail.rounds);
        }
    }
    eprintln!("only passes: the longest battle lasts {longest} rounds");
    assert!(longest < 100, "{longest} rounds");
}

/// CL-358, BOE 2: nothing leaves an engaged section by a Reserve option; other sections, and
/// moves into the engaged section, stay open.
#[test]
fn boe_2_reserve_refused_from_an_engaged_section() {
    let mut b = medina(
        vec![
            place("ID Merlé", Section::Left),
            place("ID Mouton", Section::Centre),
            place("Garde Imperial", Section::Right),
            place("ID Portago", Section::Left),
            place("ID Cagigal", Section::Centre),
        ],
        vec![(Side::Imperial, vec![OptionKind::Assault, OptionKind::Reserve])],
        |_| {},
        vec![],
        vec![5, 5, 1, 1],
    );
    let (mouton, cagigal) = (cu(&b, "ID Mouton"), cu(&b, "ID Cagigal"));
    apply(&mut b, Action::Assault { from: Section::Centre, target: Section::Centre });
    check(&mut b, mouton, "Fr-Vet");
    let ev = check(&mut b, cagigal, "Sp-Vet");
    assert_eq!(engagement(&ev).2, Some(Side::Imperial));
    apply(&mut b, Action::TryAnother);
    let p = b.prompt().unwrap();
    assert_eq!(p.step, Step::MustPlay);
    assert!(b.view(Side::Imperial).own.sections[Section::Centre.index()].engaged);
    assert!(!p.actions.iter().any(|a| matches!(a, Action::Reserve { from: Section::Centre, .. })), "{:?}", p.actions);
    assert!(!b.is_legal(&Action::Reserve { from: Section::Centre, to: Section::Left }));
    assert!(p.actions.contains(&Action::Reserve { from: Section::Left, to: Section::Reserve }));
    assert!(p.actions.contains(&Action::Reserve { from: Section::Reserve, to: Section::Centre }));
}

/// CL-324, CL-328, CL-329, CL-367 (tie), SR 12.1: a bombardment's unmodified 10 hits a random
/// leader of the bombarded section; the Section Commander lost so fights at -1 without his
/// Tactical bonus; the CiC lost discards one remaining option at random (D31), unseen by the
/// enemy.
#[test]
fn sr_12_1_bombardment_ten_hits_a_leader_section_commander_and_cic_casualty() {
    // BS2, Allies attacking. Cuesta's HQ (the CiC) stands in the Allied centre with Henestrosa.
    let pos = position(
        vec![
            place("ID Villatte", Section::Centre),
            place("Art I", Section::Centre),
            place("Extremadura", Section::Centre),
            place("ID Henestrosa", Section::Centre),
        ],
        vec![
            (Side::Allied, vec![OptionKind::Assault, OptionKind::Assault, OptionKind::Pin, OptionKind::Recover]),
            (Side::Imperial, vec![OptionKind::Bombardment]),
        ],
    );
    let mut b = battle("medellin", None, pos, vec![5, 4, 10, 1, 1, 2, 5, 4]);
    let (villatte, henestrosa, cuesta) = (cu(&b, "ID Villatte"), cu(&b, "ID Henestrosa"), Counter::Hq(hq(&b, "Extremadura")));
    // 1. Cuesta commands the centre (the HQ leader there, 9.2.h.2.i): 5 + 1 + 1 + Sp-Vet 1 = 8
    // against 4 + 1 + Villatte 1 + Fr-Vet 1 + 3:2 (6 SP against 4) 1 = 8: a tie, 1 SP each, no
    // morale check, no BEP lost (G9 stand-in).
    let ev = apply(&mut b, Action::Assault { from: Section::Centre, target: Section::Centre });
    assert!(ev.contains(&Event::SectionCommander { side: Side::Allied, section: Section::Centre, leader: cuesta }), "{ev:?}");
    check(&mut b, henestrosa, "Sp-Vet");
    let ev = apply(&mut b, Action::Command { leader: Counter::Cu(villatte) });
    assert_eq!(engagement(&ev), (8, 8, None));
    assert_eq!(ev.iter().filter(|e| matches!(e, Event::SpLost { sp: 1, .. })).count(), 2, "{ev:?}");
    assert!(!ev.iter().any(|e| matches!(e, Event::Rolled { purpose: RollPurpose::Morale { .. }, .. } | Event::EnduranceLost { .. })), "{ev:?}");
    apply(&mut b, Action::EndTurn);
    // 2. Imperial Bombardment: 10 + 1 (2 Art SP) hits; Henestrosa loses the Rec SP and holds
    // (1 - 1); the 10 hits leader 1 of [Cuesta's HQ, Henestrosa]: the CiC and Section Commander.
    apply(&mut b, Action::Bombard { from: Section::Centre, target: Section::Centre });
    assert_eq!(b.prompt().unwrap().step, Step::BombardedUnit { section: Section::Centre });
    let ev = check(&mut b, henestrosa, "Sp-Rec");
    assert!(ev.contains(&Event::Rolled { side: Side::Imperial, purpose: RollPurpose::BombardmentLeader, value: 1, secret: false }), "{ev:?}");
    assert!(ev.contains(&Event::LeaderCasualty { side: Side::Allied, leader: cuesta }), "{ev:?}");
    // 12.1.b.5: the 2nd of [Assault, Pin, Recover] is discarded.
    assert!(ev.contains(&Event::Discarded { side: Side::Allied, option: Some(OptionKind::Pin) }), "{ev:?}");
    assert!(ev.iter().filter_map(|e| e.seen_by(Side::Imperial)).any(|e| e == Event::Discarded { side: Side::Allied, option: None }));
    assert_eq!((hand(&b, Side::Allied, OptionKind::Assault), hand(&b, Side::Allied, OptionKind::Pin), hand(&b, Side::Allied, OptionKind::Recover)), (1, 0, 1));
    let v = b.view(Side::Allied);
    let c = v.own.counters.iter().find(|c| c.counter == cuesta).unwrap();
    assert!(c.leader_lost && c.leader.initiative == 4, "12.1.b.3: 8/0(4)0 commands the HQ");
    assert!(v.own.sections[Section::Centre.index()].commander_lost);
    apply(&mut b, Action::EndTurn);
    // 3. Round 2: the Allied centre attacks again at -1 instead of the +1 Tactical bonus:
    // 5 + 1 - 1 + Sp-Vet 1 = 6.
    apply(&mut b, Action::Assault { from: Section::Centre, target: Section::Centre });
    check(&mut b, henestrosa, "Sp-Vet");
    let ev = apply(&mut b, Action::Command { leader: Counter::Cu(villatte) });
    assert_eq!(engagement(&ev).0, 6);
    // The lost leader is in the result.
    while b.outcome().is_none() {
        let p = b.prompt().unwrap();
        let a = p.actions.iter().find(|a| matches!(a, Action::Withdraw)).cloned().unwrap_or(p.actions[p.actions.len() - 1].clone());
        apply(&mut b, a);
    }
    assert!(b.outcome().unwrap().detail.sides[1].leaders_lost.contains(&"Cuesta".to_string()));
}

/// CL-325, SR 12.1.a.3: an unmodified 10 on an Initiative roll "as Commander in Chief or
/// Battle Section Commander" is followed by a second die, 9-10 a casualty; the Reinforce roll
/// is the arriving force's leader's, who is neither: no casualty check.
#[test]
fn sr_12_1_a_3_initiative_ten_risks_the_cic_but_not_a_reinforcing_leader() {
    let pos = Position {
        turn: Some(Side::Allied),
        ..position(vec![], vec![(Side::Allied, vec![OptionKind::Reinforce, OptionKind::Recover]), (Side::Imperial, vec![OptionKind::Recover])])
    };
    let mut b = battle("", Some(medellin_with_forces()), pos, vec![10, 10, 9, 1]);
    let ev = apply(&mut b, Action::Reinforce { force: 1 });
    assert!(ev.iter().any(|e| matches!(e, Event::Reinforced { side: Side::Allied, force: 1, arrived: false, .. })), "{ev:?}");
    assert!(ev.contains(&Event::Rolled { side: Side::Allied, purpose: RollPurpose::Reinforce { force: 1 }, value: 10, secret: false }), "{ev:?}");
    assert!(!ev.iter().any(|e| matches!(e, Event::Rolled { purpose: RollPurpose::LeaderCasualty { .. }, .. })), "{ev:?}");
    apply(&mut b, Action::EndTurn);
    // Victor passes on 10: it fails, then 9 makes him a casualty; his one chit is discarded.
    let ev = apply(&mut b, Action::Pass);
    let victor = Counter::Hq(hq(&b, "I Corps"));
    assert!(ev.contains(&Event::Rolled { side: Side::Imperial, purpose: RollPurpose::LeaderCasualty { leader: victor }, value: 9, secret: false }), "{ev:?}");
    assert!(ev.contains(&Event::LeaderCasualty { side: Side::Imperial, leader: victor }), "{ev:?}");
    assert_eq!(hand(&b, Side::Imperial, OptionKind::Recover), 0);
}

/// CL-487, ER 4.5.c: the Guard as the checking type: an Imperial defeat shatters every SP of
/// its section and loses the battle. Checking with another type, the battle goes on.
#[test]
fn er_4_5_c_the_guard_defeated_as_checking_unit_loses_the_battle() {
    let run = |guard: bool| -> (Battle, Vec<Event>) {
        let mut b = medina(
            vec![place("Garde Imperial", Section::Centre), place("ID Mouton", Section::Centre), place("ID Cagigal", Section::Centre)],
            vec![(Side::Imperial, vec![OptionKind::Assault, OptionKind::Assault]), (Side::Allied, vec![OptionKind::Assault])],
            |_| {},
            vec![],
            vec![3, 8, 5],
        );
        let (garde, mouton, cagigal) = (cu(&b, "Garde Imperial"), cu(&b, "ID Mouton"), cu(&b, "ID Cagigal"));
        apply(&mut b, Action::Assault { from: Section::Centre, target: Section::Centre });
        apply(&mut b, Action::Command { leader: Counter::Cu(garde) });
        if guard {
            check(&mut b, garde, "Gd");
        } else {
            check(&mut b, mouton, "Fr-Vet");
        }
        let ev = check(&mut b, cagigal, "Sp-Vet");
        (b, ev)
    };
    // 3 + OCC 1 + Dorsenne 1 + Gd 3 + 3:2 (9 SP against 6) 1 = 9 against 8 + 1 + 0 + 1 = 10.
    let (b, ev) = run(true);
    assert_eq!(engagement(&ev), (9, 10, Some(Side::Allied)));
    assert_eq!(sp_of(&b, Side::Imperial, "ID Mouton", "Fr-Ln"), (0, 4), "the whole section shatters");
    assert_eq!(sp_of(&b, Side::Imperial, "Garde Imperial", "Gd"), (0, 2));
    let o = b.outcome().expect("the battle is over");
    assert_eq!((o.winner, o.detail.reason), (Some(Side::Allied), EndReason::GuardBroken));
    // Mouton's Fr-Vet as the checking type: 3 + 1 + 1 + 1 + 1 = 7 loses, the battle goes on.
    let (b, ev) = run(false);
    assert_eq!(engagement(&ev), (7, 10, Some(Side::Allied)));
    assert!(b.outcome().is_none());
    assert_eq!(sp_of(&b, Side::Imperial, "Garde Imperial", "Gd"), (3, 0));
}

/// CL-367 (G9 stand-ins): Bombardment hits on 1d10 + half the Art SP >= 8; Outflank adds +2
/// to its first engagement only; 8:1 is an Automatic Victory with no roll, its losses
/// definitive.
#[test]
fn g9_bombardment_outflank_bonus_and_automatic_victory() {
    // Bombardment with 2 Art SP: 6 + 1 misses, 7 + 1 hits.
    for (die, hits) in [(6u8, false), (7, true)] {
        let pos = Position {
            turn: Some(Side::Imperial),
            ..position(
                vec![place("ID Villatte", Section::Centre), place("Art I", Section::Centre), place("ID Henestrosa", Section::Centre)],
                vec![(Side::Imperial, vec![OptionKind::Bombardment])],
            )
        };
        let mut b = battle("medellin", None, pos, vec![die, 1]);
        let ev = apply(&mut b, Action::Bombard { from: Section::Centre, target: Section::Centre });
        let step = b.prompt().unwrap().step;
        assert_eq!(matches!(step, Step::BombardedUnit { .. }), hits, "die {die}: {step:?}");
        if !hits {
            assert!(matches!(step, Step::FollowUp { .. }) && !ev.iter().any(|e| matches!(e, Event::SpLost { .. })));
        }
    }

    // Outflank from the Reserve into the right Flanking section, against the empty enemy
    // flank: the enemy Left (G10). 5 + 1 + Mouton 1 + Fr-Vet 1 + 2 = 10 against Portago
    // 5 + 1 + 0 + Sp-Vet 1 = 7; continued: 8, without the +2.
    let mut pos = position(
        vec![place("ID Merlé", Section::Centre), place("ID Portago", Section::Left), place("ID Cagigal", Section::Centre)],
        vec![(Side::Imperial, vec![OptionKind::Outflank])],
    );
    pos.outflank_allowed = vec![Side::Imperial];
    let mut b = battle("medina-de-rioseco", None, pos, vec![5, 5, 1, 1, 5, 5, 1]);
    let (mouton, portago) = (cu(&b, "ID Mouton"), cu(&b, "ID Portago"));
    apply(&mut b, Action::Outflank { end: Section::FlankRight, from: Section::Reserve });
    apply(&mut b, Action::Move { counter: Counter::Cu(mouton) });
    apply(&mut b, Action::EndMove);
    check(&mut b, mouton, "Fr-Vet");
    let ev = check(&mut b, portago, "Sp-Vet");
    assert!(ev.iter().any(|e| matches!(e, Event::Engagement { from: Section::FlankRight, target: Section::Left, .. })), "{ev:?}");
    assert_eq!(engagement(&ev), (10, 7, Some(Side::Imperial)));
    apply(&mut b, Action::Continue);
    check(&mut b, mouton, "Fr-Vet");
    let ev = check(&mut b, portago, "Sp-Vet");
    assert_eq!(engagement(&ev).0, 8);

    // 8:1: Mouton and Merlé (10 SP) against Maceda (1 SP): no die; Maceda's SP are lost for
    // good; the Allies lose 1 BEP for the defeat and 1 for the CU.
    let mut b = medina(
        vec![place("ID Mouton", Section::Centre), place("ID Merlé", Section::Centre), place("ID Maceda", Section::Centre)],
        vec![(Side::Imperial, vec![OptionKind::Assault])],
        |d| cu_data(d, "ID Maceda").sp = sp(&[("Sp-Vet", 1, 0)]),
        vec![],
        vec![],
    );
    let mouton = cu(&b, "ID Mouton");
    apply(&mut b, Action::Assault { from: Section::Centre, target: Section::Centre });
    apply(&mut b, Action::Command { leader: Counter::Cu(mouton) });
    let ev = check(&mut b, mouton, "Fr-Vet");
    assert!(ev.contains(&Event::AutomaticVictory { side: Side::Imperial, section: Section::Centre, sp: 1 }), "{ev:?}");
    assert!(!ev.iter().any(|e| matches!(e, Event::Rolled { .. })), "{ev:?}");
    let v = b.view(Side::Allied);
    assert_eq!((v.own.losses.automatic, v.own.losses.combat, v.own.bep), (1, 0, 2));
}

// ------------------------------------------------------------------ pursuit, experience

/// CL-265, SR 9.2.p.1 and BOE 1: the Pursuit Table column: the winner's BEP % (P6 at 100%),
/// -1 a round after the 2nd, +2 / -3 for double uncommitted cavalry, +4 for a loser without
/// LoC, + the cavalry commander's Tactical, +2 over a river, -3 / +2 for the Withdraw.
#[test]
fn sr_9_2_p_1_pursuit_column_shifts() {
    struct Case {
        round: u16,
        allied_loc: bool,
        river: bool,
        lasalle: (u8, i8),
        allied_cav: u8,
        withdraw_dice: [u8; 2],
        column: u8,
    }
    let cases = [
        // +2 cavalry, -3 Withdraw.
        Case { round: 1, allied_loc: true, river: false, lasalle: (4, 0), allied_cav: 1, withdraw_dice: [2, 2], column: 5 },
        // +2 for a failed Withdraw (20 + 5 - 4 > Blake's 14).
        Case { round: 1, allied_loc: true, river: false, lasalle: (4, 0), allied_cav: 1, withdraw_dice: [10, 10], column: 10 },
        // Round 4 -2, no LoC +4, river +2.
        Case { round: 4, allied_loc: false, river: true, lasalle: (4, 0), allied_cav: 1, withdraw_dice: [2, 2], column: 9 },
        // Loser's cavalry double -3, Lasalle's Tactical +3.
        Case { round: 1, allied_loc: true, river: false, lasalle: (1, 3), allied_cav: 4, withdraw_dice: [2, 2], column: 3 },
    ];
    for (k, c) in cases.iter().enumerate() {
        let mut d = data("medina-de-rioseco");
        // No Guard cavalry: Lasalle is the only Imperial cavalry.
        cu_data(&mut d, "Garde Imperial").sp = sp(&[("Gd", 4, 0)]);
        let l = cu_data(&mut d, "CD Lasalle");
        l.sp = sp(&[("Fr-Cav", c.lasalle.0, 0)]);
        l.leader.tactical = c.lasalle.1;
        cu_data(&mut d, "ID Zayas").sp = sp(&[("Sp-Rec", 6, 0), ("Sp-Cav", c.allied_cav, 0)]);
        if !c.allied_loc {
            d.loc = vec![Side::Imperial];
        }
        if c.river {
            d.retreat_over_river = vec![Side::Allied];
        }
        let mut pos = position(vec![], vec![(Side::Allied, vec![OptionKind::Withdraw])]);
        pos.round = Some(c.round);
        pos.turn = Some(Side::Allied);
        let setup = Setup { battle: Some(d), dice: vec![c.withdraw_dice[0], c.withdraw_dice[1], 1], position: Some(pos), ..Setup::default() };
        let mut b = Battle::from_setup(&setup).unwrap();
        let ev = apply(&mut b, Action::Withdraw);
        let column = ev.iter().find_map(|e| match e {
            Event::PursuitResolved { column, .. } => Some(*column),
            _ => None,
        });
        assert_eq!(column, Some(c.column), "case {k}: {ev:?}");
        // BOE 1: a withdrawal in good order (3 columns left) concedes a marginal win, a failed
        // one (2 right) a substantive one.
        let level = b.outcome().unwrap().level;
        assert_eq!(level, if c.withdraw_dice == [10, 10] { Level::Substantive } else { Level::Marginal }, "case {k}");
    }
}

/// CL-268, SR 9.2.p.3-4 (D22): pursuit losses are the % of the winner's uncommitted cavalry;
/// a Cav SP first (10%), then Gd/Vet, then Ln, then Rec at 2 SP a point, then Art equal to
/// half of them; all definitive (q.1.a), the Art counted apart.
#[test]
fn sr_9_2_p_4_pursuit_losses_in_order() {
    let mut d = data("medina-de-rioseco");
    cu_data(&mut d, "Garde Imperial").sp = sp(&[("Gd", 4, 0)]);
    let l = cu_data(&mut d, "CD Lasalle");
    l.sp = sp(&[("Fr-Cav", 30, 0)]);
    l.leader.tactical = 0;
    cu_data(&mut d, "ID Maceda").sp = sp(&[("Sp-Vet", 2, 0), ("Sp-Ln", 3, 0)]);
    d.sides[1].hqs[1].cus.push(artillery("Art Galicia", 4));
    // Allies: Cav 1, Vet 11, Ln 3, Rec 9, Art 4.
    let pos = Position { turn: Some(Side::Allied), ..position(vec![], vec![(Side::Allied, vec![OptionKind::Withdraw])]) };
    let mut b = Battle::from_setup(&Setup { battle: Some(d), dice: vec![2, 2, 10], position: Some(pos), ..Setup::default() }).unwrap();
    let ev = apply(&mut b, Action::Withdraw);
    // P6 + 2 (30 Cav against 1) - 3 (Withdraw) = P5; roll 10: 65% of 30 = 19 points: 1 Cav,
    // 11 Vet, 3 Ln, 4 points of Rec = 8 SP: 23 SP; + 11 Art wanted, 4 there.
    assert!(ev.iter().any(|e| matches!(e, Event::PursuitResolved { column: 5, roll: 10, percent: 65, losses: 27, .. })), "{ev:?}");
    let lost = |t: &str| -> u16 {
        let id = troop(&b, t);
        ev.iter().map(|e| match e {
            Event::SpLost { side: Side::Allied, troop, sp, .. } if *troop == id => *sp as u16,
            _ => 0,
        }).sum()
    };
    assert_eq!([lost("Sp-Cav"), lost("Sp-Vet"), lost("Sp-Ln"), lost("Sp-Rec"), lost("Art")], [1, 11, 3, 8, 4]);
    // The Cav SP goes first.
    let first = ev.iter().find_map(|e| match e {
        Event::SpLost { troop, .. } => Some(*troop),
        _ => None,
    });
    assert_eq!(first, Some(troop(&b, "Sp-Cav")));
    let r = &b.outcome().unwrap().detail.sides[1];
    assert_eq!((r.losses.pursuit, r.losses.pursuit_art, r.definitive, r.stragglers, r.sp_left), (23, 4, 27, 0, 1));
}

/// CL-275, SR 10.2: after the battle 20% (winner) / 10% (loser) of the unshattered Rec SP in
/// Battle Line Sections become Ln; the Reserve's and shattered Rec do not count.
#[test]
fn sr_10_2_recruits_become_line_after_the_battle() {
    let mut d = data("medina-de-rioseco");
    cu_data(&mut d, "ID Merlé").sp = sp(&[("Fr-Vet", 2, 0), ("Fr-Rec", 12, 2)]);
    cu_data(&mut d, "ID Zayas").sp = sp(&[("Sp-Rec", 10, 0), ("Sp-Cav", 1, 0)]);
    let pos = Position {
        turn: Some(Side::Allied),
        ..position(
            vec![
                place("Garde Imperial", Section::Left),
                place("ID Mouton", Section::Centre),
                place("ID Merlé", Section::Right),
                place("ID Zayas", Section::Left),
                place("ID Maceda", Section::Centre),
                place("ID Cagigal", Section::Right),
            ],
            vec![(Side::Allied, vec![OptionKind::Withdraw])],
        )
    };
    let mut b = battle("", Some(d), pos, vec![2, 2]);
    let ev = apply(&mut b, Action::Withdraw);
    // Imperials: 20% of Merlé's 10 unshattered Rec = 2. Allies: 10% of 11 (Zayas 10, Cagigal
    // 1) = 1; Portago's 2 Rec in the Reserve do not count.
    assert!(ev.contains(&Event::ExperienceGained { side: Side::Imperial, sp: 2 }), "{ev:?}");
    assert!(ev.contains(&Event::ExperienceGained { side: Side::Allied, sp: 1 }), "{ev:?}");
    assert_eq!(sp_of(&b, Side::Imperial, "ID Merlé", "Fr-Rec"), (8, 2));
    assert_eq!(sp_of(&b, Side::Imperial, "ID Merlé", "Fr-Ln"), (2, 0));
    assert_eq!(sp_of(&b, Side::Allied, "ID Zayas", "Sp-Rec"), (9, 0));
    assert_eq!(sp_of(&b, Side::Allied, "ID Zayas", "Sp-Ln"), (1, 0));
    assert_eq!(sp_of(&b, Side::Allied, "ID Portago", "Sp-Rec"), (2, 0));
    let o = b.outcome().unwrap();
    assert_eq!((o.detail.sides[0].rec_upgraded, o.detail.sides[1].rec_upgraded), (2, 1));
}

// ------------------------------------------------------------------ reinforcements

/// CL-360, BOE 3.a: a force that arrives spends 1 AP for each HQ in it (a lone CU none); the
/// result reports the HQs and the forces.
#[test]
fn boe_3_a_each_arriving_hq_spends_one_ap() {
    let pos = Position {
        turn: Some(Side::Allied),
        ..position(vec![], vec![(Side::Allied, vec![OptionKind::Reinforce, OptionKind::Reinforce, OptionKind::Withdraw])])
    };
    let mut m = Match::<Battle>::from_setup(&Setup {
        battle: Some(medellin_with_forces()),
        dice: vec![1, 1, 2, 2],
        position: Some(pos),
        options: Options { no_pursuit: true, ..Options::default() },
        ..Setup::default()
    })
    .unwrap();
    let centro = hq(m.state(), "Ejército del Centro");
    // Force 0, then force 1, then Withdraw; otherwise decline (the last choice: no Flank
    // Attack, end the turn, place in the Reserve); keep the hand.
    let prefer = [Action::Reinforce { force: 0 }, Action::Reinforce { force: 1 }, Action::KeepHand, Action::Withdraw];
    let mut guard = 0;
    while let Some(p) = m.prompt() {
        let i = prefer.iter().find_map(|a| p.actions.iter().position(|x| x == a)).unwrap_or(p.actions.len() - 1);
        m.apply_index(i).unwrap();
        guard += 1;
        assert!(guard < 100, "the battle does not end");
    }
    let o = m.state().outcome().unwrap();
    let allied = &o.detail.sides[1];
    assert_eq!(allied.forces_arrived, vec![0, 1]);
    assert_eq!(allied.ap_spent, vec![centro], "1 AP for the HQ; none for the lone CU");
    assert_eq!(o.detail.reason, EndReason::Withdraw);
}

// ------------------------------------------------------------------ deployment, terrain

/// The sections a Deployment prompt offers.
fn offered(b: &Battle) -> (Counter, Vec<Section>) {
    let p = b.prompt().expect("a deployment");
    let Step::Deployment { counter } = p.step else { panic!("{:?}", p.step) };
    let s = p.actions.iter().map(|a| match a {
        Action::Deploy { section, .. } => *section,
        other => panic!("{other:?}"),
    });
    (counter, s.collect())
}

/// CL-239, CL-240, CL-241, CL-242, CL-243, SR 9.2.k.2-6: every Battle Line Section must get an
/// infantry/cavalry CU (a CU may go to the Reserve only while the rest can still fill the
/// line); with several HQs a line section holds one HQ's CUs at deployment; a non-CiC HQ with
/// 2 CUs goes to a line section holding them and stays in the line; the CiC's HQ goes to the
/// Reserve and stays there.
#[test]
fn sr_9_2_k_deployment_constraints() {
    use Section::*;
    // BS1 Allies (defender, deploy first), Joint Command: Cuesta's Extremadura with Zayas and
    // Maceda, Blake's Galicia (the CiC: 12 SP against 9) with Cagigal and Portago.
    let mut d = data("medina-de-rioseco");
    let maceda = cu_data(&mut d, "ID Maceda").clone();
    remove_cu(&mut d, "ID Maceda");
    d.sides[1].hqs[0].cus.push(maceda);
    let name = |b: &Battle, c: Counter| b.view(Side::Allied).own.counters.iter().find(|x| x.counter == c).unwrap().name.clone();
    // Deploy the Allies by a script of (counter, sections offered, where it goes).
    let deploy = |script: Vec<(&str, Vec<Section>, Section)>| -> Battle {
        let mut b = start("", Some(d.clone()), vec![1]);
        for (who, sections, to) in script {
            let p = b.prompt().unwrap();
            assert_eq!(p.side, Side::Allied, "the defender deploys first (9.2.k)");
            let (c, s) = offered(&b);
            assert_eq!((name(&b, c).as_str(), &s), (who, &sections));
            for x in [Left, Centre, Right, Reserve] {
                assert_eq!(b.is_legal(&Action::Deploy { counter: c, section: x }), sections.contains(&x), "{who} to {x:?}");
            }
            apply(&mut b, Action::Deploy { counter: c, section: to });
        }
        b
    };
    deploy(vec![
        // k.3: the Reserve is open while the three others can fill the line.
        ("ID Zayas", vec![Left, Centre, Right, Reserve], Left),
        ("ID Maceda", vec![Left, Centre, Right, Reserve], Centre),
        // k.4: not with Extremadura's CUs (the left or the centre).
        ("ID Cagigal", vec![Right, Reserve], Reserve),
        // k.2: the right must be filled; k.4.
        ("ID Portago", vec![Right], Right),
        // k.5: Cuesta's HQ, 2 CUs in the battle, none of its sections holding 2: one of them.
        ("Ejército de Extremadura", vec![Left, Centre], Centre),
        // k.6: the CiC's HQ.
        ("Ejército de Galicia", vec![Reserve], Reserve),
    ]);
    let mut b = deploy(vec![
        ("ID Zayas", vec![Left, Centre, Right, Reserve], Left),
        ("ID Maceda", vec![Left, Centre, Right, Reserve], Left),
        // k.2: not the Reserve (two empty sections, one CU after this one), not the left.
        ("ID Cagigal", vec![Centre, Right], Centre),
        ("ID Portago", vec![Right], Right),
        // k.5: the section holding 2 of its CUs.
        ("Ejército de Extremadura", vec![Left], Left),
        ("Ejército de Galicia", vec![Reserve], Reserve),
    ]);
    assert_eq!(b.prompt().unwrap().side, Side::Imperial);
    // With one HQ (the Imperials) k.4 does not apply: Mouton may join the Garde.
    let (_, s) = offered(&b);
    assert_eq!(s, vec![Left, Centre, Right, Reserve]);
    let c = offered(&b).0;
    apply(&mut b, Action::Deploy { counter: c, section: Left });
    let (_, s) = offered(&b);
    assert!(s.contains(&Left), "{s:?}");

    // k.5 and k.6 hold throughout the battle; k.4 does not (a Reserve option mixes the HQs).
    let pos = Position {
        turn: Some(Side::Allied),
        ..position(
            vec![
                place("ID Zayas", Left),
                place("ID Maceda", Left),
                place("Ejército de Extremadura", Left),
                place("ID Cagigal", Centre),
                place("ID Portago", Right),
                place("ID Mouton", Centre),
            ],
            vec![(Side::Allied, vec![OptionKind::Reserve])],
        )
    };
    let b = battle("", Some(d.clone()), pos.clone(), vec![]);
    let plays = b.prompt().unwrap().actions;
    assert!(!plays.iter().any(|a| matches!(a, Action::Reserve { from: Reserve, .. })), "Blake's HQ alone in the Reserve cannot move: {plays:?}");
    let extremadura = Counter::Hq(hq(&b, "Ejército de Extremadura"));
    let moves = |to: Section| -> Vec<Action> {
        let mut b = battle("", Some(d.clone()), pos.clone(), vec![]);
        apply(&mut b, Action::Reserve { from: Left, to });
        b.prompt().unwrap().actions
    };
    let to_reserve = moves(Reserve);
    assert!(!to_reserve.contains(&Action::Move { counter: extremadura }), "k.5: {to_reserve:?}");
    assert!(to_reserve.contains(&Action::Move { counter: Counter::Cu(cu(&b, "ID Zayas")) }));
    let to_centre = moves(Centre);
    assert!(to_centre.contains(&Action::Move { counter: extremadura }), "to another line section: {to_centre:?}");
    assert!(to_centre.contains(&Action::Move { counter: Counter::Cu(cu(&b, "ID Maceda")) }), "k.4 ends with the deployment");
}

/// The first engagement the option `a` leads to, answering every commander and checking-unit
/// prompt with its first choice; all the events since `a`.
fn engage(b: &mut Battle, a: Action) -> Vec<Event> {
    let mut ev = apply(b, a);
    while !ev.iter().any(|e| matches!(e, Event::Engagement { .. })) {
        let p = b.prompt().expect("an engagement");
        assert!(matches!(p.step, Step::SectionCommander { .. } | Step::CheckingUnit { .. }), "{:?}", p.step);
        ev.extend(apply(b, p.actions[0].clone()));
    }
    ev
}
fn modifiers_of(ev: &[Event], attacker: bool) -> Vec<(ModifierCause, i8)> {
    ev.iter()
        .find_map(|e| match e {
            Event::Engagement { attacker_modifiers, defender_modifiers, .. } => {
                Some(if attacker { attacker_modifiers } else { defender_modifiers }.iter().map(|m| (m.cause, m.value)).collect())
            }
            _ => None,
        })
        .unwrap()
}

/// CL-245, SR 9.2.k.8: a side with a Field Fortification marker places it on a Battle Line
/// Section after the deployment; that section has +1 on its engagement rolls in defence only.
#[test]
fn sr_9_2_k_8_field_fortification_adds_one_in_defence() {
    let mut d = data("medina-de-rioseco");
    d.field_fortification = vec![Side::Allied];
    // Outflank roll 1; OCC 1+1 (Imperials) and 1+1 twice (Allies); then the engagements.
    let mut b = start("", Some(d), vec![1, 1, 1, 1, 1, 1, 1, 5, 5]);
    let mut prompted = 0;
    while !matches!(b.prompt().map(|p| p.step), Some(Step::Planning { .. })) {
        let p = b.prompt().unwrap();
        if p.step == Step::FieldFortification {
            prompted += 1;
            assert_eq!(p.side, Side::Allied, "only the side with the marker");
            assert_eq!(p.actions, Section::LINE.iter().map(|&s| Action::Fortify { section: s }).collect::<Vec<_>>());
            let ev = apply(&mut b, Action::Fortify { section: Section::Centre });
            assert!(ev.contains(&Event::Fortified { side: Side::Allied, section: Section::Centre }));
            continue;
        }
        apply(&mut b, p.actions[0].clone());
    }
    assert_eq!(prompted, 1);
    assert!(b.view(Side::Allied).own.sections[Section::Centre.index()].fortified);
    for _ in 0..2 {
        apply(&mut b, Action::TakeChit { option: OptionKind::Assault });
        apply(&mut b, Action::EndPlanning);
    }
    // The Imperial centre attacks the fortified Allied centre: +1 for the defender.
    let ev = engage(&mut b, Action::Assault { from: Section::Centre, target: Section::Centre });
    assert!(modifiers_of(&ev, false).contains(&(ModifierCause::FieldFortification, 1)), "{ev:?}");
    // Not against the unfortified left; not for the fortified centre when it attacks.
    let p = b.prompt().unwrap();
    assert_eq!(p.side, Side::Imperial);
    apply(&mut b, Action::EndTurn);
    let ev = engage(&mut b, Action::Assault { from: Section::Centre, target: Section::Centre });
    assert!(!modifiers_of(&ev, true).iter().chain(modifiers_of(&ev, false).iter()).any(|m| m.0 == ModifierCause::FieldFortification), "{ev:?}");
}

/// CL-227, CL-228, CL-229, SR 9.2.i.4-5: when terrain is rolled for, the defender rolls first,
/// 1d10 <= Initiative of every Joint Leader for one layout, plus its zone's extras; then the
/// attacker, unless it came by Forced March.
#[test]
fn sr_9_2_i_terrain_rolls_defender_first_joint_leaders_and_forced_march() {
    // BS1 as the campaign would hand it over: Allies (defender) under Joint Command, Cuesta
    // Initiative 6 then Blake 7; Bessières 7 for the Imperials.
    let run = |custom: &dyn Fn(&mut BattleData), dice: Vec<u8>| -> (Battle, Vec<Event>) {
        let mut d = data("medina-de-rioseco");
        d.terrain_rolls = true;
        custom(&mut d);
        let b = start("", Some(d), dice);
        let ev = b.opening_events();
        (b, ev)
    };
    let terrain_rolls = |ev: &[Event]| -> Vec<(Side, u8)> {
        ev.iter()
            .filter_map(|e| match e {
                Event::Rolled { side, purpose: RollPurpose::TerrainChoice { .. }, value, .. } => Some((*side, *value)),
                _ => None,
            })
            .collect()
    };
    // Both Joint Leaders pass (6 <= 6, 7 <= 7): the Allies choose one layout, on their side.
    let (mut b, ev) = run(&|_| {}, vec![6, 7, 8, 1]);
    assert_eq!(terrain_rolls(&ev), vec![(Side::Allied, 6), (Side::Allied, 7)]);
    assert!(ev.contains(&Event::TerrainWon { side: Side::Allied, layouts: 1 }), "{ev:?}");
    let p = b.prompt().unwrap();
    assert_eq!((p.side, p.step.clone()), (Side::Allied, Step::ChooseTerrain { left: 1 }));
    assert!(!p.actions.iter().any(|a| matches!(a, Action::PlaceTerrain { section: Section::Right, .. })), "the printed Hill holds the right");
    let ev = apply(&mut b, Action::PlaceTerrain { section: Section::Left, terrain: Terrain::Village });
    // Then the attacker: Bessières fails on 8.
    assert_eq!(terrain_rolls(&ev), vec![(Side::Imperial, 8)]);
    assert!(ev.contains(&Event::TerrainWon { side: Side::Imperial, layouts: 0 }), "{ev:?}");
    assert_eq!(b.view(Side::Imperial).enemy.sections[Section::Left.index()].terrain, Some(Terrain::Village));
    // Blake passes but Cuesta fails (7 > 6): no layout; Bessières passes on 7.
    let (b, ev) = run(&|_| {}, vec![7, 7, 7, 1]);
    assert!(ev.contains(&Event::TerrainWon { side: Side::Allied, layouts: 0 }), "{ev:?}");
    assert!(ev.contains(&Event::TerrainWon { side: Side::Imperial, layouts: 1 }), "{ev:?}");
    assert_eq!(b.prompt().unwrap().side, Side::Imperial);
    // A Forced March: the attacker does not roll.
    let (_, ev) = run(&|d| d.forced_march = true, vec![7, 7, 1]);
    assert_eq!(terrain_rolls(&ev), vec![(Side::Allied, 7), (Side::Allied, 7)]);
    assert!(ev.contains(&Event::TerrainWon { side: Side::Imperial, layouts: 0 }), "{ev:?}");
    // A Forest zone gives the defender a Woods even after a failed roll (i.4.iv); a Mountain
    // Pass two Hills (i.4.iii).
    let (b, ev) = run(&|d| d.zone_type = "forest".into(), vec![7, 7, 8, 1]);
    assert!(ev.contains(&Event::TerrainWon { side: Side::Allied, layouts: 1 }), "{ev:?}");
    let p = b.prompt().unwrap();
    assert!(p.actions.iter().all(|a| matches!(a, Action::PlaceTerrain { terrain: Terrain::Woods, .. } | Action::EndTerrain)), "{:?}", p.actions);
    let (b, ev) = run(&|d| d.zone_type = "mountain_pass".into(), vec![7, 7, 8, 1]);
    assert!(ev.contains(&Event::TerrainWon { side: Side::Allied, layouts: 2 }), "{ev:?}");
    let p = b.prompt().unwrap();
    assert!(p.actions.iter().all(|a| matches!(a, Action::PlaceTerrain { terrain: Terrain::Hills, .. } | Action::EndTerrain)), "{:?}", p.actions);
}

/// CL-231, CL-238, CL-448, ER 3.1.b: Wellington as CiC of the defending side places one extra
/// layout in a Battle Line Section of his choice, and his side deploys after the attacker.
#[test]
fn er_3_1_b_wellington_defending_extra_layout_and_deploys_last() {
    // BS5 Arapiles: the Imperials attack; the Allied centre holds the printed Hill.
    let (mut b, ev) = {
        let b = start("arapiles", None, vec![]);
        let ev = b.opening_events();
        (b, ev)
    };
    assert!(!ev.iter().any(|e| matches!(e, Event::Rolled { purpose: RollPurpose::TerrainChoice { .. }, .. })));
    let p = b.prompt().unwrap();
    assert_eq!((p.side, p.step.clone()), (Side::Allied, Step::WellingtonLayout));
    let sections: Vec<Section> = p.actions.iter().filter_map(|a| if let Action::PlaceTerrain { section, .. } = a { Some(*section) } else { None }).collect();
    assert!(sections.contains(&Section::Left) && sections.contains(&Section::Right), "{sections:?}");
    assert!(sections.iter().all(|&s| s == Section::Left || s == Section::Right), "a Battle Line Section without a layout: {sections:?}");
    assert!(p.actions.contains(&Action::EndTerrain), "it may be declined");
    apply(&mut b, Action::PlaceTerrain { section: Section::Left, terrain: Terrain::Woods });
    // The attacker deploys first, then Wellington's army.
    let mut order = Vec::new();
    while let Some(p) = b.prompt() {
        if !matches!(p.step, Step::Deployment { .. }) {
            break;
        }
        if order.last() != Some(&p.side) {
            order.push(p.side);
        }
        apply(&mut b, p.actions[0].clone());
    }
    assert_eq!(order, vec![Side::Imperial, Side::Allied]);
    assert_eq!(b.view(Side::Allied).own.sections[Section::Left.index()].terrain, Some(Terrain::Woods));
    // Without ER 3.1.b, or with another CiC: no extra layout, the defender deploys first.
    let mut no_er = data("arapiles");
    no_er.exclusive_rules.retain(|r| r != "ER 3.1.b");
    let mut other = data("arapiles");
    other.sides[1].hqs[0].leader.name = "Beresford".into();
    for d in [no_er, other] {
        let b = start("", Some(d), vec![]);
        let p = b.prompt().unwrap();
        assert_eq!(p.side, Side::Allied);
        assert!(matches!(p.step, Step::Deployment { .. }), "{:?}", p.step);
    }
    // BS6 Vitoria: Wellington attacks: no extra layout, the Imperials (defender) deploy first.
    let b = start("vitoria", None, vec![]);
    let p = b.prompt().unwrap();
    assert_eq!(p.side, Side::Imperial);
    assert!(matches!(p.step, Step::Deployment { .. }), "{:?}", p.step);
}

/// CL-232, SR 9.2.i.7.i: no Cavalry Charge against Woods; units in Woods stay hidden after the
/// deployment; a morale check inside a Wood has -1.
#[test]
fn sr_9_2_i_7_woods_no_charge_hidden_and_minus_one_to_morale() {
    use napoleonic::games::muskets::battle::scenario::TerrainPlacement;
    let pos = |woods: bool| {
        let mut p = position(
            vec![place("ID Mouton", Section::Centre), place("CD Lasalle", Section::Centre), place("ID Cagigal", Section::Centre)],
            vec![(Side::Imperial, vec![OptionKind::CavalryCharge, OptionKind::Assault])],
        );
        if woods {
            p.terrain = vec![(Side::Allied, Section::Centre, Terrain::Woods)];
        }
        p
    };
    let charge = Action::CavalryCharge { from: Section::Centre, target: Section::Centre };
    assert!(battle("medina-de-rioseco", None, pos(false), vec![]).is_legal(&charge));
    // Imperials 10 + 1 + 1 + 1 = 13 against Cagigal 1 + 1 + 1 + Woods 1 = 4: the morale check
    // 5 + 1 (lost by 5 or more) - 1 (Woods).
    let mut b = battle("medina-de-rioseco", None, pos(true), vec![10, 1, 5]);
    assert!(!b.is_legal(&charge));
    assert!(!b.prompt().unwrap().actions.contains(&charge));
    let ev = engage(&mut b, Action::Assault { from: Section::Centre, target: Section::Centre });
    assert!(modifiers_of(&ev, false).contains(&(ModifierCause::Woods, 1)), "{ev:?}");
    let cagigal = cu(&b, "ID Cagigal");
    let m = ev.iter().find_map(|e| match e {
        Event::MoraleChecked { cu, modifiers, total, .. } if *cu == cagigal => Some((modifiers.iter().map(|m| (m.cause, m.value)).collect::<Vec<_>>(), *total)),
        _ => None,
    });
    let (mods, total) = m.unwrap_or_else(|| panic!("{ev:?}"));
    assert!(mods.contains(&(ModifierCause::InWoods, -1)), "{mods:?}");
    assert_eq!(total, 5);
    // Deployed in Woods, counters stay face down after the deployment.
    let mut d = data("medina-de-rioseco");
    d.fixed_terrain.push(TerrainPlacement { side: Side::Allied, section: Section::Centre, terrain: Terrain::Woods });
    let b = to_planning(start("", Some(d), vec![1]));
    let enemy = b.view(Side::Imperial).enemy;
    assert!(enemy.sections[Section::Centre.index()].hidden_counters > 0, "{:?}", enemy.sections);
    assert_eq!(enemy.sections[Section::Left.index()].hidden_counters, 0);
    assert_eq!(b.view(Side::Allied).enemy.sections[Section::Centre.index()].hidden_counters, 0);
}

// ------------------------------------------------------------------ combat resolution

/// CL-258, CL-259, CL-260, CL-262, SR 9.2.o.1 and o.3: the attacker plays first; after an
/// option the player may try another (CiC Initiative), continue (Section Commander's
/// Initiative) or let the enemy play; then the defender's turn; both turns make a round; a
/// section may be used any number of times.
#[test]
fn sr_9_2_o_1_round_order_and_follow_ups() {
    // From the start: the attacker's turn opens round 1 (BS1 Imperials, BS2 Allies).
    for (id, attacker) in [("medina-de-rioseco", Side::Imperial), ("medellin", Side::Allied)] {
        let mut b = to_planning(start(id, None, vec![]));
        // (With empty hands both sides would be forced to pass and the battle would end.)
        let mut ev = Vec::new();
        for _ in 0..2 {
            apply(&mut b, Action::TakeChit { option: OptionKind::Assault });
            ev = apply(&mut b, Action::EndPlanning);
        }
        let k = ev.iter().position(|e| *e == Event::RoundBegins { round: 1 }).unwrap_or_else(|| panic!("{id}: {ev:?}"));
        assert_eq!(ev.get(k + 1), Some(&Event::TurnBegins { side: attacker }), "{id}");
        let p = b.prompt().unwrap();
        assert_eq!((p.side, p.step), (attacker, Step::PlayOrPass { round: 1 }), "{id}");
    }
    // BS1: Mouton (Fr-Vet 1, Fr-Ln 4) against Cagigal (Sp-Vet 5, Sp-Rec 1) in the centres.
    let mut b = medina(
        vec![place("ID Mouton", Section::Centre), place("ID Cagigal", Section::Centre)],
        vec![(Side::Imperial, vec![OptionKind::Assault; 3]), (Side::Allied, vec![OptionKind::Assault])],
        |_| {},
        vec![],
        vec![4, 5, 6, 5, 5, 8, 1, 1],
    );
    let mouton = Counter::Cu(cu(&b, "ID Mouton"));
    // 4 + 1 + 1 + 1 = 7 against 5 + 1 + 0 + 1 = 7: a tie, 1 SP each.
    let ev = engage(&mut b, Action::Assault { from: Section::Centre, target: Section::Centre });
    assert_eq!(engagement(&ev), (7, 7, None));
    let p = b.prompt().unwrap();
    assert_eq!((p.side, p.step.clone()), (Side::Imperial, Step::FollowUp { last: OptionKind::Assault, can_continue: true }));
    assert_eq!(p.actions, vec![Action::TryAnother, Action::Continue, Action::EndTurn]);
    // Continue: Mouton's Initiative 6 passes on 6; the same sections fight again (o.3).
    let ev = engage(&mut b, Action::Continue);
    assert!(ev.contains(&Event::Rolled { side: Side::Imperial, purpose: RollPurpose::Continue { leader: mouton }, value: 6, secret: false }), "{ev:?}");
    assert_eq!(engagement(&ev), (7, 7, None));
    assert_eq!(hand(&b, Side::Imperial, OptionKind::Assault), 2, "continuing plays no chit");
    // Another option: Bessières (7) fails on 8: the Allies' turn.
    let ev = apply(&mut b, Action::TryAnother);
    let bessieres = Counter::Hq(hq(&b, "II Corps"));
    assert!(ev.contains(&Event::Rolled { side: Side::Imperial, purpose: RollPurpose::AnotherOption { leader: bessieres }, value: 8, secret: false }), "{ev:?}");
    assert!(ev.contains(&Event::TurnBegins { side: Side::Allied }), "{ev:?}");
    assert!(!ev.iter().any(|e| matches!(e, Event::RoundBegins { .. })));
    let p = b.prompt().unwrap();
    assert_eq!((p.side, p.step), (Side::Allied, Step::PlayOrPass { round: 1 }));
    assert_eq!(hand(&b, Side::Imperial, OptionKind::Assault), 2);
    // The defender passes (Cuesta and Blake on 1): round 2, the attacker again.
    let ev = apply(&mut b, Action::Pass);
    let k = ev.iter().position(|e| *e == Event::RoundBegins { round: 2 }).unwrap_or_else(|| panic!("{ev:?}"));
    assert_eq!(ev.get(k + 1), Some(&Event::TurnBegins { side: Side::Imperial }));
    assert_eq!(b.prompt().unwrap().side, Side::Imperial);
    assert!(b.is_legal(&Action::Assault { from: Section::Centre, target: Section::Centre }), "a third time (o.3)");
}

/// CL-494, CL-341, CL-257, ER 4.9 and SR 12.3.c: a section holding only shattered SP is empty;
/// Imperial troops facing an empty enemy section may attack the adjacent enemy section or the
/// exposed flanking box; the Allies, or the Imperials without ER 4.9, only the section opposite.
#[test]
fn er_4_9_imperial_oblique_attacks_past_an_empty_section() {
    let setup = |d: &mut BattleData| {
        cu_data(d, "ID Mouton").sp = sp(&[("Fr-Vet", 2, 0)]);
        cu_data(d, "ID Portago").sp = sp(&[("Sp-Vet", 1, 1), ("Sp-Rec", 1, 0)]);
    };
    let hands = vec![(Side::Imperial, vec![OptionKind::Assault, OptionKind::Assault])];
    // The Imperial left faces the Allied right (Portago); Cagigal in the centre, Maceda in the
    // right flanking box.
    let placements = vec![
        place("ID Mouton", Section::Left),
        place("ID Portago", Section::Right),
        place("ID Cagigal", Section::Centre),
        place("ID Maceda", Section::FlankRight),
    ];
    // Mouton 1 + 1 + 1 + Fr-Vet 1 + 2:1 (2 SP against 1 fresh) 2 = 6 against Portago's Sp-Rec
    // 4 + 1 + 0 - 1 + the printed Hill 1 = 5: 1 SP each; Portago keeps one shattered Vet SP.
    let mut b = medina(placements, hands, setup, vec![], vec![1, 4, 5, 1]);
    let plays = b.prompt().unwrap().actions;
    assert!(plays.contains(&Action::Assault { from: Section::Left, target: Section::Right }));
    assert!(!plays.iter().any(|a| matches!(a, Action::Assault { from: Section::Left, target } if *target != Section::Right)), "{plays:?}");
    let ev = apply(&mut b, Action::Assault { from: Section::Left, target: Section::Right });
    assert_eq!(engagement(&ev), (6, 5, Some(Side::Imperial)));
    assert_eq!(sp_of(&b, Side::Allied, "ID Portago", "Sp-Vet"), (0, 1));
    assert_eq!(b.prompt().unwrap().step, Step::FollowUp { last: OptionKind::Assault, can_continue: false }, "the target is empty");
    // Another option (Bessières 7 on 1): the Allied right holds only shattered SP: the left
    // may attack the centre or the right flanking box, not the right.
    apply(&mut b, Action::TryAnother);
    let p = b.prompt().unwrap();
    assert_eq!(p.step, Step::MustPlay);
    let targets: Vec<Section> = p.actions.iter().filter_map(|a| if let Action::Assault { from: Section::Left, target } = a { Some(*target) } else { None }).collect();
    assert_eq!(targets, vec![Section::Centre, Section::FlankRight]);

    // An empty Allied right: the oblique attack from the start, and only with ER 4.9.
    let placements = || vec![place("ID Mouton", Section::Left), place("ID Cagigal", Section::Centre), place("ID Zayas", Section::Left)];
    let hands = || vec![(Side::Imperial, vec![OptionKind::Assault]), (Side::Allied, vec![OptionKind::Assault])];
    let b = medina(placements(), hands(), |_| {}, vec![], vec![]);
    assert_eq!(b.prompt().unwrap().actions, vec![Action::Assault { from: Section::Left, target: Section::Centre }, Action::Pass]);
    let b = medina(placements(), hands(), |d| d.exclusive_rules.retain(|r| r != "ER 4.9"), vec![], vec![]);
    assert_eq!(b.prompt().unwrap().actions, vec![Action::Pass]);
    // The Allied left (Zayas) faces the empty Imperial right: no oblique attack for the Allies.
    let mut pos = position(placements(), hands());
    pos.turn = Some(Side::Allied);
    let b = battle("medina-de-rioseco", None, pos, vec![]);
    assert_eq!(b.prompt().unwrap().actions, vec![Action::Pass]);
}

/// CL-469, ER 3.10: British Vet used as the combat modifier while defending is (8)+3, not
/// (6)+2; attacking it stays +2 (see bs5_imperial_cavalry_fights_as_5_plus_1).
#[test]
fn er_3_10_british_veterans_defending_add_three() {
    let run = |er_3_10: bool| -> Vec<(ModifierCause, i8)> {
        let mut d = data("arapiles");
        if !er_3_10 {
            d.exclusive_rules.retain(|r| r != "ER 3.10");
        }
        let pos = position(vec![place("ID Foy", Section::Centre), place("ID Campbell", Section::Centre)], vec![(Side::Imperial, vec![OptionKind::Assault])]);
        let mut b = battle("", Some(d), pos, vec![5, 5, 1]);
        let ev = engage(&mut b, Action::Assault { from: Section::Centre, target: Section::Centre });
        modifiers_of(&ev, false)
    };
    assert!(run(true).contains(&(ModifierCause::TroopTactical, 3)), "{:?}", run(true));
    assert!(run(false).contains(&(ModifierCause::TroopTactical, 2)), "{:?}", run(false));
}

/// CL-469, ER 3.10: "every time a force of British Veteran Infantry is used as a modifier to
/// resolve a combat while defending, its Morale and Tactical Values are: (8)+3, instead of the
/// usual (6)+2" -- the Morale Value too: the defending checking type's morale check after a
/// lost engagement, a Cavalry Charge or a Bombardment is against 8; attacking, against 6.
#[test]
fn er_3_10_british_veterans_defending_check_morale_against_eight() {
    let br_vet_check = |b: &Battle, ev: &[Event], name: &str| -> (i16, bool) {
        let u = cu(b, name);
        let total = ev.iter().find_map(|e| match e {
            Event::MoraleChecked { cu: c, total, .. } if *c == u => Some(*total),
            _ => None,
        });
        let shattered = ev.iter().any(|e| matches!(e, Event::Shattered { cu: c, troop: t, .. } if *c == u && *t == troop(b, "Br-Vet")));
        (total.unwrap_or_else(|| panic!("no morale check of {name} in {ev:?}")), shattered)
    };
    // Foy (4 Fr-Vet, 1 Ln) assaults Campbell (6 Br-Vet, -1) on the Allied centre's Hill:
    // 10 + OCC 1 + Foy 2 + Fr-Vet 1 = 14 against 1 + OCC 1 + Campbell 1 + Br-Vet 3 + Hill 1 = 7.
    // Campbell loses 4 SP and checks: 8 - 1 + 1 (lost by 5 or more) = 8, not above 8.
    let assault = |er_3_10: bool, morale_die: u8| -> (Battle, Vec<Event>) {
        let mut d = data("arapiles");
        if !er_3_10 {
            d.exclusive_rules.retain(|r| r != "ER 3.10");
        }
        let pos = position(vec![place("ID Foy", Section::Centre), place("ID Campbell", Section::Centre)], vec![(Side::Imperial, vec![OptionKind::Assault])]);
        let mut b = battle("", Some(d), pos, vec![10, 1, morale_die]);
        let ev = engage(&mut b, Action::Assault { from: Section::Centre, target: Section::Centre });
        (b, ev)
    };
    let (b, ev) = assault(true, 8);
    assert_eq!(engagement(&ev), (14, 7, Some(Side::Imperial)));
    assert_eq!(br_vet_check(&b, &ev, "ID Campbell"), (8, false), "8 is not above the defending Morale Value 8");
    assert_eq!(sp_of(&b, Side::Allied, "ID Campbell", "Br-Vet"), (2, 0));
    let (b, ev) = assault(true, 9);
    assert_eq!(br_vet_check(&b, &ev, "ID Campbell"), (9, true), "9 is above 8");
    let (b, ev) = assault(false, 8);
    assert_eq!(br_vet_check(&b, &ev, "ID Campbell"), (8, true), "without ER 3.10 the usual Morale Value 6");

    // Attacking, Campbell's Vets are the usual (6)+2: Campbell assaults Foy from the Allied
    // left and loses: 1 + 1 + 1 + 2 = 5 against 10 + 1 + 2 + 1 = 14; 7 - 1 + 1 = 7 > 6.
    let mut d = data("arapiles");
    d.fixed_terrain.clear();
    let pos = position(vec![place("ID Foy", Section::Right), place("ID Campbell", Section::Left)], vec![(Side::Allied, vec![OptionKind::Assault])]);
    let mut pos = pos;
    pos.turn = Some(Side::Allied);
    let mut b = battle("", Some(d), pos, vec![1, 10, 7]);
    let ev = engage(&mut b, Action::Assault { from: Section::Left, target: Section::Right });
    assert_eq!(engagement(&ev), (5, 14, Some(Side::Imperial)));
    assert_eq!(br_vet_check(&b, &ev, "ID Campbell"), (7, true), "attacking: Morale Value 6");

    // A Cavalry Charge of Curto (Imperial right) on Campbell (Allied left): Campbell checks
    // 8 - 1 = 7, holding against 8 (ER 3.10), shattering against 6 (and the charge wins
    // Cavalry Superiority).
    let charge = |er_3_10: bool| -> (Battle, Vec<Event>) {
        let mut d = data("arapiles");
        if !er_3_10 {
            d.exclusive_rules.retain(|r| r != "ER 3.10");
        }
        let pos = position(vec![place("CD Curto", Section::Right), place("ID Campbell", Section::Left)], vec![(Side::Imperial, vec![OptionKind::CavalryCharge])]);
        let mut b = battle("", Some(d), pos, vec![8, 1]);
        let ev = apply(&mut b, Action::CavalryCharge { from: Section::Right, target: Section::Left });
        (b, ev)
    };
    let (b, ev) = charge(true);
    assert_eq!(br_vet_check(&b, &ev, "ID Campbell"), (7, false));
    assert!(!ev.iter().any(|e| matches!(e, Event::CavalrySuperiority { .. })), "{ev:?}");
    let (b, ev) = charge(false);
    assert_eq!(br_vet_check(&b, &ev, "ID Campbell"), (7, true));
    assert!(ev.iter().any(|e| matches!(e, Event::CavalrySuperiority { .. })), "{ev:?}");
    // Pakenham (3 Br-Vet, 3 VetPt) names the type whose values are used.
    let pos = position(vec![place("CD Curto", Section::Right), place("ID Pakenham", Section::Left)], vec![(Side::Imperial, vec![OptionKind::CavalryCharge])]);
    let mut b = battle("arapiles", None, pos, vec![8, 1]);
    apply(&mut b, Action::CavalryCharge { from: Section::Right, target: Section::Left });
    let p = b.prompt().unwrap();
    let pakenham = cu(&b, "ID Pakenham");
    assert_eq!(p.step, Step::ChargeUnit { section: Section::Left, attacking: false });
    assert_eq!(p.actions, vec![Action::CheckWith { cu: pakenham, troop: troop(&b, "Br-Vet") }, Action::CheckWith { cu: pakenham, troop: troop(&b, "VetPt") }]);

    // A Bombardment by 4 French Art SP on the Imperial right: 6 + 2 = 8 hits Campbell, who
    // loses 1 SP and checks 8 - 1 = 7: held against 8, shattered against 6.
    let bombard = |er_3_10: bool| -> (Battle, Vec<Event>) {
        let mut d = data("arapiles");
        if !er_3_10 {
            d.exclusive_rules.retain(|r| r != "ER 3.10");
        }
        let mut art = artillery("Art Portugal", 4);
        art.nationality = "French".into();
        d.sides[0].hqs[0].cus.push(art);
        let pos = position(
            vec![place("ID Foy", Section::Right), place("Art Portugal", Section::Right), place("ID Campbell", Section::Left)],
            vec![(Side::Imperial, vec![OptionKind::Bombardment])],
        );
        let mut b = battle("", Some(d), pos, vec![6, 8]);
        let ev = apply(&mut b, Action::Bombard { from: Section::Right, target: Section::Left });
        (b, ev)
    };
    let (b, ev) = bombard(true);
    assert_eq!(br_vet_check(&b, &ev, "ID Campbell"), (7, false), "{ev:?}");
    assert_eq!(sp_of(&b, Side::Allied, "ID Campbell", "Br-Vet"), (5, 0));
    let (b, ev) = bombard(false);
    assert_eq!(br_vet_check(&b, &ev, "ID Campbell"), (7, true));
}

/// CL-462, ER 3.4.b: British cavalry in a combat the Allies win checks morale on 1d10+4 (its
/// CU all shattered costs the Allies a BEP); it is not the checking unit when anything else
/// can check.
#[test]
fn er_3_4_b_british_cavalry_checks_after_an_allied_win_and_does_not_check_the_combat() {
    // Foy (Fr-Vet) attacks Campbell and Cotton (Br-Cav 3) on the Allied centre's Hill:
    // 5 + 1 + 2 + 1 = 9 against 7 + 1 + 1 + 3 + 3:2 (9 SP against 5) 1 + Hill 1 = 14. Foy's
    // morale 1; Cotton's check 1d10 + 4.
    let run = |er: bool, check_die: u8| -> (Battle, Vec<Event>) {
        let mut d = data("arapiles");
        if !er {
            d.exclusive_rules.retain(|r| r != "ER 3.4.b");
        }
        let pos = position(
            vec![place("ID Foy", Section::Centre), place("ID Campbell", Section::Centre), place("CD Cotton", Section::Centre)],
            vec![(Side::Imperial, vec![OptionKind::Assault])],
        );
        let mut b = battle("", Some(d), pos, vec![5, 7, 1, check_die]);
        let ev = engage(&mut b, Action::Assault { from: Section::Centre, target: Section::Centre });
        (b, ev)
    };
    let (b, ev) = run(true, 3);
    assert_eq!(engagement(&ev), (9, 14, Some(Side::Allied)));
    let cotton = cu(&b, "CD Cotton");
    let purpose = RollPurpose::BritishCavalry { cu: cotton };
    assert!(ev.iter().any(|e| matches!(e, Event::RollTotal { purpose: p, roll: 3, total: 7, .. } if *p == purpose)), "{ev:?}");
    assert!(ev.contains(&Event::Shattered { side: Side::Allied, cu: cotton, troop: troop(&b, "Br-Cav"), sp: 3 }), "{ev:?}");
    assert_eq!(b.view(Side::Allied).own.bep, b.view(Side::Allied).own.bep_start - 1, "Cotton all shattered");
    let (b, ev) = run(true, 2);
    assert!(ev.iter().any(|e| matches!(e, Event::RollTotal { purpose: p, total: 6, .. } if *p == purpose)), "{ev:?}");
    assert_eq!(sp_of(&b, Side::Allied, "CD Cotton", "Br-Cav"), (3, 0), "6 is not more than the Morale Value 6");
    let (_, ev) = run(false, 3);
    assert!(!ev.iter().any(|e| matches!(e, Event::Rolled { purpose: RollPurpose::BritishCavalry { .. }, .. })), "{ev:?}");

    // Cotton and D'Urban (Portuguese cavalry) alone defend an Assault: D'Urban checks; without
    // ER 3.4.b the Allies choose.
    let choices = |er: bool| -> Vec<Action> {
        let mut d = data("arapiles");
        if !er {
            d.exclusive_rules.retain(|r| r != "ER 3.4.b");
        }
        let pos = position(
            vec![place("ID Foy", Section::Centre), place("CD Cotton", Section::Centre), place("CB Pt D'Urban", Section::Centre)],
            vec![(Side::Imperial, vec![OptionKind::Assault])],
        );
        let mut b = battle("", Some(d), pos, vec![5, 5, 1, 1]);
        let mut ev = apply(&mut b, Action::Assault { from: Section::Centre, target: Section::Centre });
        while !ev.iter().any(|e| matches!(e, Event::Engagement { .. })) {
            let p = b.prompt().unwrap();
            if let Step::CheckingUnit { attacking: false, .. } = p.step {
                return p.actions;
            }
            ev.extend(apply(&mut b, p.actions[0].clone()));
        }
        // Engaged without asking: D'Urban (CavPt, Tactical 0) checked, not Cotton (Br-Cav +1).
        let durban = cu(&b, "CB Pt D'Urban");
        assert!(ev.iter().any(|e| matches!(e, Event::SpLost { side: Side::Allied, cu, .. } if *cu == durban)), "{ev:?}");
        Vec::new()
    };
    let durban = |b: &Battle| cu(b, "CB Pt D'Urban");
    let b = battle("arapiles", None, position(vec![], vec![]), vec![]);
    let both = choices(false);
    assert_eq!(both.len(), 2, "{both:?}");
    assert!(both.contains(&Action::CheckWith { cu: durban(&b), troop: troop(&b, "CavPt") }));
    // With ER 3.4.b only D'Urban is left, so no choice is asked.
    assert_eq!(choices(true), Vec::<Action>::new());
}

// ------------------------------------------------------------------ rally, leaders

fn roll_total(ev: &[Event], u: CuId) -> Option<(u8, Vec<(ModifierCause, i8)>, i16)> {
    ev.iter().find_map(|e| match e {
        Event::RollTotal { purpose: RollPurpose::Rally { cu }, roll, modifiers, total, .. } if *cu == u => {
            Some((*roll, modifiers.iter().map(|m| (m.cause, m.value)).collect(), *total))
        }
        _ => None,
    })
}

/// CL-364, CL-323, CL-326, BOE 4 and SR 12.1.a.1/a.4: Recover rolls for every CU with shattered
/// SP, +3 and the CU leader's Morale Modifier against each shattered type's Morale Value; an
/// unmodified 10 on Recover costs the CU its leader; a rally (CiC anywhere, a Section
/// Commander in his section) rolls the same way and an unmodified 10 costs the rallying leader.
#[test]
fn boe_4_recover_and_rally_and_their_unmodified_ten() {
    let setup = |d: &mut BattleData| {
        cu_data(d, "ID Mouton").sp = sp(&[("Fr-Vet", 1, 0), ("Fr-Ln", 4, 4)]);
        cu_data(d, "ID Merlé").sp = sp(&[("Fr-Vet", 2, 0), ("Fr-Rec", 3, 3)]);
    };
    let placements = vec![place("ID Mouton", Section::Centre), place("ID Merlé", Section::Left), place("ID Cagigal", Section::Centre)];
    // Mouton 3 + 3 = 6 <= Fr-Ln 6 rallies; Merlé 3 + 3 = 6 > Fr-Rec 5 does not.
    let mut b = medina(placements.clone(), vec![(Side::Imperial, vec![OptionKind::Recover])], setup, vec![], vec![3, 3, 10]);
    let (mouton, merle) = (cu(&b, "ID Mouton"), cu(&b, "ID Merlé"));
    let ev = apply(&mut b, Action::Recover);
    assert_eq!(roll_total(&ev, mouton), Some((3, vec![(ModifierCause::Recover, 3)], 6)));
    assert_eq!(roll_total(&ev, merle).map(|r| r.2), Some(6));
    assert!(ev.contains(&Event::Rallied { side: Side::Imperial, cu: mouton, troop: troop(&b, "Fr-Ln"), sp: 4 }), "{ev:?}");
    assert_eq!(sp_of(&b, Side::Imperial, "ID Mouton", "Fr-Ln"), (4, 0));
    assert_eq!(sp_of(&b, Side::Imperial, "ID Merlé", "Fr-Rec"), (0, 3));
    assert!(!ev.iter().any(|e| matches!(e, Event::LeaderCasualty { .. })));
    // The follow-up offers a rally of Merlé by the CiC (anywhere) or by Merlé, the only leader
    // of the left; none of Mouton, who has nothing shattered.
    let bessieres = Counter::Hq(hq(&b, "II Corps"));
    let rallies: Vec<Action> = b.prompt().unwrap().actions.into_iter().filter(|a| matches!(a, Action::Rally { .. })).collect();
    assert_eq!(rallies, vec![Action::Rally { leader: bessieres, cu: merle }, Action::Rally { leader: Counter::Cu(merle), cu: merle }]);
    // The CiC rallies on an unmodified 10: nothing rallies and Bessières is a casualty.
    let ev = apply(&mut b, Action::Rally { leader: bessieres, cu: merle });
    assert_eq!(roll_total(&ev, merle).map(|r| r.2), Some(13));
    assert!(ev.contains(&Event::LeaderCasualty { side: Side::Imperial, leader: bessieres }), "{ev:?}");
    assert!(!ev.iter().any(|e| matches!(e, Event::LeaderCasualty { leader: Counter::Cu(_), .. })));
    assert!(ev.contains(&Event::TurnBegins { side: Side::Allied }), "a rally ends the turn: {ev:?}");

    // Recover on an unmodified 10 costs the CU's leader (Dorsenne -1(6)+1, Garde Imperial);
    // the interim 0(5)0 (D32) then leads it: Recover again 7 + 3 + 0 = 10 > Gd 9 (Dorsenne's
    // -1 would have rallied it).
    let mut b = medina(
        vec![place("Garde Imperial", Section::Centre), place("ID Cagigal", Section::Centre)],
        vec![(Side::Imperial, vec![OptionKind::Recover, OptionKind::Recover])],
        |d| cu_data(d, "Garde Imperial").sp = sp(&[("Gd", 3, 3), ("Glc", 1, 0)]),
        vec![],
        vec![10, 1, 7],
    );
    let garde = cu(&b, "Garde Imperial");
    let ev = apply(&mut b, Action::Recover);
    assert_eq!(roll_total(&ev, garde), Some((10, vec![(ModifierCause::Recover, 3), (ModifierCause::LeaderMorale, -1)], 12)));
    assert!(ev.contains(&Event::LeaderCasualty { side: Side::Imperial, leader: Counter::Cu(garde) }), "{ev:?}");
    let v = b.view(Side::Imperial);
    let c = v.own.counters.iter().find(|c| c.counter == Counter::Cu(garde)).unwrap();
    assert!(c.leader_lost);
    assert_eq!((c.leader.ocn, c.leader.morale_modifier, c.leader.initiative, c.leader.tactical), (11, 0, 5, 0), "D32: {:?}", c.leader);
    assert!(b.outcome().is_none());
    apply(&mut b, Action::TryAnother);
    let ev = apply(&mut b, Action::Recover);
    assert_eq!(roll_total(&ev, garde), Some((7, vec![(ModifierCause::Recover, 3)], 10)));
    assert_eq!(sp_of(&b, Side::Imperial, "Garde Imperial", "Gd"), (0, 3));
    assert!(!ev.iter().any(|e| matches!(e, Event::LeaderCasualty { .. })), "{ev:?}");
}

/// BOE 4: a Recover rolls for every CU with shattered SP, and its odds add them up; past 15
/// CUs the 10^n cases exceed JavaScript's 2^53 and the odds are rounded to 10^15 cases, still
/// summing to their denominator (`Odds::rounded` says so).
#[test]
fn boe_4_recover_odds_of_many_cus_are_rounded_past_2_53_cases() {
    let recover = |n: usize| {
        let names: Vec<String> = (0..n).map(|i| format!("Recover test {i}")).collect();
        let placements = names.iter().enumerate().map(|(i, m)| place(m, [Section::Left, Section::Centre, Section::Right][i % 3])).chain([place("ID Cagigal", Section::Centre)]).collect();
        let b = medina(
            placements,
            vec![(Side::Imperial, vec![OptionKind::Recover])],
            |d| {
                let mut template = cu_data(d, "ID Mouton").clone();
                // Each rallies its 2 shattered Fr-Ln on a roll of 1 to 3 (+3 Recover, within Morale 6): 3 in 10.
                template.sp = sp(&[("Fr-Ln", 3, 2)]);
                let imperial = d.sides.iter_mut().find(|s| s.side == Side::Imperial).expect("imperial");
                for m in &names {
                    imperial.cus.push(CuData { name: m.clone(), ..template.clone() });
                }
            },
            vec![],
            vec![],
        );
        b.odds(&Action::Recover).expect("a Recover has odds")
    };
    // 15 CUs: exact, none rallies 7^15 in 10^15.
    let o = recover(15);
    assert!(!o.rounded);
    let d = &o.distribution;
    assert_eq!(u128::from(d.weight_of(&Roll::Rally { sp: 0 })) * 10u128.pow(15), 7u128.pow(15) * u128::from(d.denominator));
    // 16 CUs: rounded, none rallies 7^16 / 10^16 to within one case of 10^15.
    let o = recover(16);
    assert!(o.rounded);
    let d = &o.distribution;
    assert_eq!(d.outcomes.iter().map(|w| w.weight).sum::<u64>(), d.denominator);
    let scale = 1_000_000_000_000_000 / d.denominator;
    let none = u128::from(d.weight_of(&Roll::Rally { sp: 0 }) * scale);
    assert!(none.abs_diff(7u128.pow(16) / 10) <= 1, "{none}");
    // All 16 rally (32 SP): 3^16 / 10^16, about 43,047 in 10^13, still listed.
    let all = d.weight_of(&Roll::Rally { sp: 32 }) * scale;
    assert!(all.abs_diff(3u64.pow(16) / 10) <= 1, "{all}");
}

/// CL-367 (Pin), G9 stand-in: Pin gives -1 to both sides' engagement rolls and halves the
/// loser's SP loss (rounded down); the winner loses nothing and a tie costs nothing.
#[test]
fn g9_pin_minus_one_to_both_and_half_losses() {
    let run = |dice: Vec<u8>| -> (Battle, Vec<Event>) {
        let mut b = medina(
            vec![place("ID Mouton", Section::Centre), place("ID Cagigal", Section::Centre)],
            vec![(Side::Imperial, vec![OptionKind::Pin])],
            |_| {},
            vec![],
            dice,
        );
        let ev = engage(&mut b, Action::Pin { from: Section::Centre, target: Section::Centre });
        (b, ev)
    };
    let lost = |ev: &[Event], side: Side| -> u16 {
        ev.iter().map(|e| if let Event::SpLost { side: s, sp, .. } = e { if *s == side { *sp as u16 } else { 0 } } else { 0 }).sum()
    };
    // 10 + 1 + 1 + 1 - 1 = 12 against 1 + 1 + 0 + 1 - 1 = 2: 5 SP halved to 2.
    let (_, ev) = run(vec![10, 1, 1]);
    assert!(modifiers_of(&ev, true).contains(&(ModifierCause::Pin, -1)) && modifiers_of(&ev, false).contains(&(ModifierCause::Pin, -1)), "{ev:?}");
    assert_eq!(engagement(&ev), (12, 2, Some(Side::Imperial)));
    assert_eq!((lost(&ev, Side::Allied), lost(&ev, Side::Imperial)), (2, 0));
    // By 2 (7 against 5): 1 halved to 0, and the winner loses nothing either.
    let (_, ev) = run(vec![5, 4, 1]);
    assert_eq!(engagement(&ev), (7, 5, Some(Side::Imperial)));
    assert_eq!((lost(&ev, Side::Allied), lost(&ev, Side::Imperial)), (0, 0));
    // A tie: nothing.
    let (_, ev) = run(vec![4, 5]);
    assert_eq!(engagement(&ev), (6, 6, None));
    assert_eq!((lost(&ev, Side::Allied), lost(&ev, Side::Imperial)), (0, 0));
}

/// CL-365, BOE Cavalry Charge (D55 stand-in): no engagement roll; the charged infantry CU
/// checks morale; all shattered, it loses 1 SP and the charge wins Cavalry Superiority (-2 on
/// that section's next engagement roll, and the charge may not be continued); otherwise the
/// charging cavalry checks its Cav SP. No Charge against a Hill.
#[test]
fn boe_cavalry_charge_superiority_or_the_cavalry_checks() {
    let run = |dice: Vec<u8>| -> (Battle, Vec<Event>) {
        let mut b = medina(
            vec![place("ID Mouton", Section::Centre), place("CD Lasalle", Section::Centre), place("ID Maceda", Section::Centre), place("ID Cagigal", Section::Centre)],
            vec![(Side::Imperial, vec![OptionKind::CavalryCharge, OptionKind::Assault])],
            |_| {},
            vec![],
            dice,
        );
        let mut ev = apply(&mut b, Action::CavalryCharge { from: Section::Centre, target: Section::Centre });
        while let Some(p) = b.prompt() {
            if !matches!(p.step, Step::SectionCommander { .. } | Step::ChargeUnit { .. }) {
                break;
            }
            let a = if let Step::ChargeUnit { attacking: false, .. } = p.step { Action::CheckWith { cu: cu(&b, "ID Maceda"), troop: troop(&b, "Sp-Vet") } } else { p.actions[0].clone() };
            ev.extend(apply(&mut b, a));
        }
        (b, ev)
    };
    // Maceda (Sp-Vet 2, -1): 10 - 1 = 9 > 6: all shattered; 1 SP lost; Superiority.
    let (mut b, ev) = run(vec![10, 1, 5, 5]);
    assert!(!ev.iter().any(|e| matches!(e, Event::Engagement { .. } | Event::Rolled { purpose: RollPurpose::Engagement, .. })), "{ev:?}");
    let maceda = cu(&b, "ID Maceda");
    assert!(ev.contains(&Event::Shattered { side: Side::Allied, cu: maceda, troop: troop(&b, "Sp-Vet"), sp: 2 }), "{ev:?}");
    assert_eq!(sp_of(&b, Side::Allied, "ID Maceda", "Sp-Vet"), (0, 1));
    assert!(ev.contains(&Event::CavalrySuperiority { side: Side::Imperial, section: Section::Centre }), "{ev:?}");
    assert!(b.view(Side::Allied).own.sections[Section::Centre.index()].cavalry_superiority);
    assert_eq!(b.prompt().unwrap().step, Step::FollowUp { last: OptionKind::CavalryCharge, can_continue: false });
    // Another option (1): the Assault on the centre; Cagigal's roll has -2, once.
    apply(&mut b, Action::TryAnother);
    let ev = engage(&mut b, Action::Assault { from: Section::Centre, target: Section::Centre });
    assert!(modifiers_of(&ev, false).contains(&(ModifierCause::CavalrySuperiority, -2)), "{ev:?}");
    assert!(!b.view(Side::Allied).own.sections[Section::Centre.index()].cavalry_superiority);
    // Maceda holds on 1: Lasalle checks his Cav SP only (8 - 3 = 5 <= 7), and may continue.
    let (b, ev) = run(vec![1, 8]);
    let lasalle = cu(&b, "CD Lasalle");
    assert!(ev.iter().any(|e| matches!(e, Event::MoraleChecked { cu, total: 5, .. } if *cu == lasalle)), "{ev:?}");
    assert!(!ev.iter().any(|e| matches!(e, Event::CavalrySuperiority { .. } | Event::SpLost { .. })), "{ev:?}");
    assert_eq!(b.prompt().unwrap().step, Step::FollowUp { last: OptionKind::CavalryCharge, can_continue: true });
    // The Allied right stands on BS1's Hill: no Charge there.
    let b = medina(
        vec![place("CD Lasalle", Section::Left), place("ID Mouton", Section::Left), place("ID Portago", Section::Right)],
        vec![(Side::Imperial, vec![OptionKind::CavalryCharge, OptionKind::Assault])],
        |_| {},
        vec![],
        vec![],
    );
    assert!(!b.is_legal(&Action::CavalryCharge { from: Section::Left, target: Section::Right }));
    assert!(b.is_legal(&Action::Assault { from: Section::Left, target: Section::Right }));
}

/// CL-224, CL-253, CL-243, SR 9.2.h.1.iii, m.4 and k.6: a Reinforce bringing a larger HQ makes
/// its leader CiC, his HQ in the Reserve; his side may discard its hand and choose as many new
/// chits as it held; an HQ of the same size changes nothing.
#[test]
fn sr_9_2_h_1_iii_a_larger_arriving_hq_gives_a_new_cic_who_may_redraw() {
    let arrive = |d: BattleData| -> (Battle, Vec<Event>) {
        let pos = Position {
            turn: Some(Side::Allied),
            ..position(vec![], vec![(Side::Allied, vec![OptionKind::Reinforce, OptionKind::Assault, OptionKind::Pin])])
        };
        let mut b = battle("", Some(d), pos, vec![1]);
        let mut ev = apply(&mut b, Action::Reinforce { force: 1 });
        while let Some(p) = b.prompt() {
            match p.step {
                Step::PlaceReinforcement { .. } => ev.extend(apply(&mut b, p.actions[0].clone())),
                Step::Regroup { .. } => ev.extend(apply(&mut b, Action::EndRegroup)),
                _ => break,
            }
        }
        (b, ev)
    };
    // Castaños' XXXXX against Cuesta's XXXX.
    let (mut b, ev) = arrive(medellin_with_forces());
    let centro = Counter::Hq(hq(&b, "Ejército del Centro"));
    assert!(ev.contains(&Event::NewCommanderInChief { side: Side::Allied, cic: centro }), "{ev:?}");
    let v = b.view(Side::Allied);
    assert_eq!((v.own.cic, v.own.command), (centro, Command::Unified));
    assert_eq!(v.own.counters.iter().find(|c| c.counter == centro).unwrap().place, Place::Display(Section::Reserve), "k.6");
    let p = b.prompt().unwrap();
    assert_eq!((p.side, p.step.clone()), (Side::Allied, Step::NewCommanderHand { remaining: 2 }));
    assert_eq!(p.actions, vec![Action::KeepHand, Action::NewHand]);
    let ev = apply(&mut b, Action::NewHand);
    assert!(ev.contains(&Event::Discarded { side: Side::Allied, option: None }));
    assert_eq!(b.prompt().unwrap().step, Step::Planning { chosen: 0, limit: 2 });
    apply(&mut b, Action::TakeChit { option: OptionKind::Withdraw });
    apply(&mut b, Action::TakeChit { option: OptionKind::Recover });
    assert_eq!(b.prompt().unwrap().actions, vec![Action::EndPlanning], "as many as were left");
    let ev = apply(&mut b, Action::EndPlanning);
    assert!(ev.contains(&Event::TurnBegins { side: Side::Imperial }), "{ev:?}");
    let h = |o| hand(&b, Side::Allied, o);
    assert_eq!((h(OptionKind::Assault), h(OptionKind::Pin), h(OptionKind::Withdraw), h(OptionKind::Recover)), (0, 0, 1, 1));
    // Keeping the hand.
    let (mut b, _) = arrive(medellin_with_forces());
    let ev = apply(&mut b, Action::KeepHand);
    assert_eq!((hand(&b, Side::Allied, OptionKind::Assault), hand(&b, Side::Allied, OptionKind::Pin)), (1, 1));
    assert!(ev.contains(&Event::TurnBegins { side: Side::Imperial }), "the choice ends the turn: {ev:?}");
    // An XXXX HQ is not larger than Cuesta's: Cuesta stays CiC, no new hand.
    let mut d = medellin_with_forces();
    d.adjacent_forces[1].hqs[0].size = "XXXX".into();
    let (b, ev) = arrive(d);
    assert!(!ev.iter().any(|e| matches!(e, Event::NewCommanderInChief { .. })), "{ev:?}");
    assert_eq!(b.view(Side::Allied).own.cic, Counter::Hq(hq(&b, "Extremadura")));
    assert!(matches!(b.prompt().unwrap().step, Step::FollowUp { .. }));
}

// ------------------------------------------------------------------ the sequence

/// CL-221, SR 9.2.g: the steps h (commanders), i (terrain), j (outflank), k (deployment,
/// reveal, Field Fortification), l (endurance), m (planning), n (OCC), o (combat), p
/// (pursuit) follow one another, each over before the next begins.
#[test]
fn sr_9_2_g_the_battle_steps_in_order() {
    let mut d = data("medina-de-rioseco");
    d.terrain_rolls = true;
    d.field_fortification = vec![Side::Imperial];
    for seed in 0..20u64 {
        let mut b = Battle::from_setup(&Setup { battle: Some(d.clone()), seed, dice: vec![1, 1, 1], ..Setup::default() }).unwrap();
        let mut ev = b.opening_events();
        // Both take a Withdraw chit; the attacker withdraws at once: the Allies pursue.
        let prefer = [Action::TakeChit { option: OptionKind::Withdraw }, Action::EndPlanning, Action::Withdraw];
        while let Some(p) = b.prompt() {
            let a = prefer.iter().find(|a| p.actions.contains(a)).cloned().unwrap_or(p.actions[0].clone());
            ev.extend(apply(&mut b, a));
        }
        let step = |e: &Event| -> Option<u8> {
            Some(match e {
                Event::CommandDetermined { .. } => 0,
                Event::TerrainWon { .. } | Event::TerrainPlaced { .. } => 1,
                Event::OutflankHolder { .. } | Event::OutflankAllowed { .. } => 2,
                Event::Deployed { .. } => 3,
                Event::Fortified { .. } => 4,
                Event::Endurance { .. } => 5,
                Event::ChitTaken { .. } | Event::PlanningDone { .. } => 6,
                Event::OperationalControl { .. } => 7,
                Event::RoundBegins { .. } | Event::OptionPlayed { .. } => 8,
                Event::PursuitResolved { .. } => 9,
                _ => return None,
            })
        };
        let steps: Vec<u8> = ev.iter().filter_map(step).collect();
        assert!(steps.windows(2).all(|w| w[0] <= w[1]), "seed {seed}: {steps:?}");
        for s in 0..=9u8 {
            assert!(steps.contains(&s), "seed {seed}: step {s} missing: {steps:?}");
        }
        // h before the terrain rolls (i.4: the CiC's Initiative); the defender's before the
        // attacker's.
        let won: Vec<Side> = ev.iter().filter_map(|e| if let Event::TerrainWon { side, .. } = e { Some(*side) } else { None }).collect();
        assert_eq!(won, vec![Side::Allied, Side::Imperial], "seed {seed}");
        assert_eq!(b.outcome().unwrap().winner, Some(Side::Allied));
    }
}

/// CL-226, CL-230, SR 9.2.i.2-6: a side places layouts on its own sections only, one per
/// section, at most one in a Flanking section, from the layouts supplied (G10: 2 Villages).
#[test]
fn sr_9_2_i_6_one_layout_a_section_one_flanking_and_only_those_supplied() {
    let mut d = data("medina-de-rioseco");
    d.terrain_rolls = true;
    d.zone_type = "rough".into();
    // Rough: the Allies pass (6, 7) and get 1 + 1 layouts; Bessières passes on 7.
    let mut b = start("", Some(d), vec![6, 7, 7, 1]);
    let sections = |b: &Battle| -> Vec<Section> {
        let mut v: Vec<Section> = b.prompt().unwrap().actions.iter().filter_map(|a| if let Action::PlaceTerrain { section, .. } = a { Some(*section) } else { None }).collect();
        v.dedup();
        v
    };
    assert_eq!(b.prompt().unwrap().step, Step::ChooseTerrain { left: 2 });
    assert_eq!(sections(&b), vec![Section::Left, Section::Centre, Section::FlankLeft, Section::FlankRight], "not the right (its Hill)");
    apply(&mut b, Action::PlaceTerrain { section: Section::FlankLeft, terrain: Terrain::Village });
    assert_eq!(sections(&b), vec![Section::Left, Section::Centre], "one Flanking section");
    apply(&mut b, Action::PlaceTerrain { section: Section::Left, terrain: Terrain::Village });
    // The Imperials: both Villages are on the display.
    let p = b.prompt().unwrap();
    assert_eq!((p.side, p.step.clone()), (Side::Imperial, Step::ChooseTerrain { left: 1 }));
    assert!(!p.actions.iter().any(|a| matches!(a, Action::PlaceTerrain { terrain: Terrain::Village, .. })), "{:?}", p.actions);
    assert!(p.actions.contains(&Action::PlaceTerrain { section: Section::Right, terrain: Terrain::Hills }));
    let v = b.view(Side::Imperial);
    assert_eq!(v.enemy.sections[Section::FlankLeft.index()].terrain, Some(Terrain::Village));
    assert_eq!(v.own.sections.iter().filter(|s| s.terrain.is_some()).count(), 0);
}
