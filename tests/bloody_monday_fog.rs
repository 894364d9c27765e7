//! Fog of war and legality: two games that differ only in the enemy's concealed blocks give
//! identical views (and odds) to the other side; `is_legal` agrees with the legal list along
//! random games, legal actions apply, and refused actions change nothing.
use napoleonic::games::bloody_monday::setup::{Placement, SetupStep};
use napoleonic::games::bloody_monday::{Action, BlockId, BlockView, BloodyMonday, Event, Odds, Options, RollPurpose, Scenario, Setup, Side, Step, View, BORODINO};
use napoleonic::games::{Match, Rules};

mod common;
use common::Pick;

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
        Action::EndActivation,
        Action::Move { block: 9 },
        Action::StepTo { block: 9, to: 57 },
    ] {
        let ea = ga.apply(&act).unwrap();
        let eb = gb.apply(&act).unwrap();
        assert_eq!(ea, eb, "events of {act:?} leak nothing");
        assert_eq!(ga.state().view(Side::French), gb.state().view(Side::French), "after {act:?}");
        // BM-8: while the French block moves, the Russians see a block moving in its area,
        // not which one nor its MP (the mover's own prompt names it).
        if let Some(Step::UnitMove { block, .. }) = ga.prompt().map(|p| p.step) {
            let area = ga.state().block_state(block).area().unwrap() + 1;
            assert_eq!(ga.state().view(Side::Russian).step, Some(Step::ConcealedUnitMove { area }), "after {act:?}");
            assert_eq!(ga.state().view(Side::French).step, ga.prompt().map(|p| p.step));
        }
    }
    // Odds of the coming battle are computed from the French view only.
    let resolve = Action::ResolveBattle { area: 57 };
    while ga.prompt().is_some_and(|p| !p.actions.contains(&resolve)) {
        let a = ga.prompt().unwrap().actions.last().unwrap().clone();
        ga.apply(&a).unwrap();
        gb.apply(&a).unwrap();
    }
    assert_eq!(ga.state().odds(&resolve), gb.state().odds(&resolve));
    let Some(Odds::Battle { battle: o }) = ga.state().odds(&resolve) else { panic!("battle odds") };
    assert_eq!(o.hidden_defenders, 1);
    assert!(!o.exact);
    assert_eq!(o.attacker_hits.outcomes.iter().map(|w| w.weight).sum::<u64>(), o.attacker_hits.denominator);
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

// ------------------------------------------------------------------------------ the other way round

fn id(name: &str) -> BlockId {
    Scenario::shared().unwrap().block_by_name(name).unwrap_or_else(|| panic!("no block {name}"))
}

fn weak(block: &str, area: u8, strength: u8) -> Placement {
    Placement { strength: Some(strength), ..at(block, area) }
}

/// A position with both CinCs at their start areas, the French to play, dice all sixes.
fn with_cincs(blocks: Vec<Placement>) -> Setup {
    let mut blocks = blocks;
    blocks.push(at("F01", 21));
    blocks.push(at("R01", 69));
    Setup { blocks, dice: vec![6; 60], ..Setup::default() }
}

fn start(s: &Setup) -> Match<BloodyMonday> {
    Match::<BloodyMonday>::from_setup(s).unwrap_or_else(|e| panic!("setup: {e}"))
}

fn act(m: &mut Match<BloodyMonday>, a: Action) -> Vec<Event> {
    m.apply(&a).unwrap_or_else(|e| panic!("{a:?}: {e}; prompt {:?}", m.prompt()))
}

/// Apply `x` to `a` and `y` to `b` (the same choice on different concealed blocks); the
/// events as `viewer` sees them must be equal, and so must `viewer`'s views afterwards.
fn same_for(viewer: Side, a: &mut Match<BloodyMonday>, x: Action, b: &mut Match<BloodyMonday>, y: Action) -> View {
    let ea: Vec<Event> = act(a, x.clone()).iter().filter_map(|e| a.state().event_for(e, viewer)).collect();
    let eb: Vec<Event> = act(b, y.clone()).iter().filter_map(|e| b.state().event_for(e, viewer)).collect();
    assert_eq!(ea, eb, "{viewer} sees the events of {x:?} / {y:?} alike");
    let v = a.state().view(viewer);
    assert_eq!(v, b.state().view(viewer), "{viewer} sees the same after {x:?} / {y:?}");
    v
}

/// BM-8: the Russians cannot tell which French block moves. An infantry division (3 MP) and
/// a light cavalry division (5 MP) leave the same area along the same path; the Russian view
/// shows only "a block moving in area n", also once the infantry has no MP left (it waits for
/// its Stop like the cavalry), and the Russian history is the same.
#[test]
fn the_opponent_sees_a_block_moving_not_which_one_bm8() {
    let s = with_cincs(vec![at("F09", 31), at("F10", 31), at("F15", 31), at("R13", 57)]);
    let (mut a, mut b) = (start(&s), start(&s));
    for m in [&mut a, &mut b] {
        act(m, Action::Tactical);
        act(m, Action::Activate { block: id("F09") });
        act(m, Action::EndActivation);
    }
    let (inf, cav) = (id("F10"), id("F15"));
    let v = same_for(Side::Russian, &mut a, Action::Move { block: inf }, &mut b, Action::Move { block: cav });
    assert_eq!(v.step, Some(Step::ConcealedUnitMove { area: 31 }));
    assert_eq!(a.prompt().unwrap().step, Step::UnitMove { block: inf, mp: 3 }, "the mover's own prompt names it");
    for to in [27, 23, 20] {
        let v = same_for(Side::Russian, &mut a, Action::StepTo { block: inf, to }, &mut b, Action::StepTo { block: cav, to });
        assert_eq!(v.step, Some(Step::ConcealedUnitMove { area: to }));
    }
    assert_eq!(a.prompt().unwrap().actions, vec![Action::Stop { block: inf }], "no MP left: only Stop");
    assert!(b.prompt().unwrap().actions.len() > 1, "the cavalry could go on");
    let v = same_for(Side::Russian, &mut a, Action::Stop { block: inf }, &mut b, Action::Stop { block: cav });
    assert!(matches!(v.step, Some(Step::Movement { moved: 1, .. })));
    assert_eq!(a.history_for(Some(Side::Russian)).unwrap(), b.history_for(Some(Side::Russian)).unwrap());
    assert_ne!(a.state().view(Side::French), b.state().view(Side::French));
}

/// BM-8: a leader moving before his activation (5.1) is not named to the enemy until the
/// activation reveals him.
#[test]
fn the_opponent_sees_a_leader_moving_not_which_one_bm8() {
    let s = with_cincs(vec![at("F09", 31), at("F18", 31), at("F10", 31), at("R13", 57)]);
    let (mut a, mut b) = (start(&s), start(&s));
    act(&mut a, Action::Tactical);
    act(&mut b, Action::Tactical);
    let (davout, ney) = (id("F09"), id("F18"));
    let v = same_for(Side::Russian, &mut a, Action::Move { block: davout }, &mut b, Action::Move { block: ney });
    assert_eq!(v.step, Some(Step::ConcealedLeaderMove { area: 31 }));
    let v = same_for(Side::Russian, &mut a, Action::StepTo { block: davout, to: 27 }, &mut b, Action::StepTo { block: ney, to: 27 });
    assert_eq!(v.step, Some(Step::ConcealedLeaderMove { area: 27 }));
    assert!(matches!(a.prompt().unwrap().step, Step::LeaderMove { leader, .. } if leader == davout));
}

/// BM-116: the Russians restore a step of a concealed unit; the French cannot tell the colour
/// of the dot restored (white, 2 LP, for the Life Guard Jagers; red, 3 LP, for the 2nd
/// Grenadiers): not from the event, the step, the LP left nor the stages offered.
#[test]
fn the_cost_of_a_restored_step_stays_with_its_owner_bm116() {
    let logistics = |unit: &str| {
        let mut s = with_cincs(vec![weak(unit, 107, 2), weak("R13", 107, 1)]);
        s.turn = 2;
        s.step = SetupStep::Logistics;
        s.initiative = Side::Russian; // the French choose first
        s
    };
    let (mut a, mut b) = (start(&logistics("R03")), start(&logistics("R36")));
    same_for(Side::French, &mut a, Action::Decline, &mut b, Action::Decline);
    same_for(Side::French, &mut a, Action::Activate { block: id("R01") }, &mut b, Action::Activate { block: id("R01") });
    // Leaders and artillery: nothing to restore, but each stage waits for its end.
    for _ in 0..2 {
        same_for(Side::French, &mut a, Action::EndRestore, &mut b, Action::EndRestore);
    }
    assert!(matches!(a.prompt().unwrap().step, Step::RestoreCombat { budget: 9 }));
    let ea = act(&mut a, Action::Restore { block: id("R03") });
    let eb = act(&mut b, Action::Restore { block: id("R36") });
    assert!(ea.contains(&Event::Restored { side: Side::Russian, cost: Some(2) }), "{ea:?}");
    assert!(eb.contains(&Event::Restored { side: Side::Russian, cost: Some(3) }), "{eb:?}");
    let seen: Vec<Event> = ea.iter().filter_map(|e| a.state().event_for(e, Side::French)).collect();
    assert_eq!(seen, vec![Event::Restored { side: Side::Russian, cost: None }]);
    let (va, vb) = (a.state().view(Side::French), b.state().view(Side::French));
    assert_eq!(va, vb);
    assert_eq!(va.step, Some(Step::ConcealedRestoreCombat));
    assert_eq!(va.logistics_budget, None);
    assert_eq!(a.state().view(Side::Russian).logistics_budget, Some(7));
    assert_eq!(b.state().view(Side::Russian).logistics_budget, Some(6));
    // R03 is at full strength again; R36 could take a third step. Neither ends by itself.
    same_for(Side::French, &mut a, Action::Restore { block: id("R13") }, &mut b, Action::Restore { block: id("R13") });
    same_for(Side::French, &mut a, Action::EndRestore, &mut b, Action::EndRestore);
    assert_eq!(a.history_for(Some(Side::French)).unwrap(), b.history_for(Some(Side::French)).unwrap());
}

/// BM-151/233: artillery hits before the reveal are assigned unseen. With two equally strong
/// Russian divisions (a tie) or two unequal ones (no choice) the French see the same: the
/// Russians are asked for each hit either way.
#[test]
fn artillery_hits_before_the_reveal_give_nothing_away_bm151() {
    let position = |second: &str| with_cincs(vec![at("F09", 20), at("F16", 20), at("F10", 20), at("R13", 43), at(second, 43)]);
    let (mut a, mut b) = (start(&position("R14")), start(&position("R15")));
    for m in [&mut a, &mut b] {
        act(m, Action::Tactical);
        act(m, Action::Activate { block: id("F09") });
        act(m, Action::EndActivation);
        act(m, Action::Activate { block: id("F16") });
        act(m, Action::Move { block: id("F10") });
        act(m, Action::StepTo { block: id("F10"), to: 43 });
        if matches!(m.prompt().unwrap().step, Step::Movement { .. }) {
            act(m, Action::EndMovement);
        }
        if m.prompt().unwrap().step == Step::Inspiration {
            act(m, Action::EndInspiration);
        }
        act(m, Action::ResolveBattle { area: 43 });
    }
    let fire = Action::FireArtillery { artillery: id("F16") };
    let v = same_for(Side::French, &mut a, fire.clone(), &mut b, fire);
    assert_eq!(v.step, Some(Step::AssignHit { area: 43, hits_left: 3 }));
    assert_eq!(v.deciding, Some(Side::Russian));
    // R14 and R13 tie at 4; R15 (3) does not: the Russians choose anyway.
    assert_eq!(a.prompt().unwrap().actions.len(), 2);
    assert_eq!(b.prompt().unwrap().actions, vec![Action::AssignHit { block: id("R13") }]);
    let mut n = 0;
    loop {
        let (x, y) = (a.prompt().unwrap().actions[0].clone(), b.prompt().unwrap().actions[0].clone());
        n += 1;
        if n == 3 {
            assert_eq!(a.history_for(Some(Side::French)).unwrap(), b.history_for(Some(Side::French)).unwrap());
            // Two hits taken so far, each a level off one division.
            assert_eq!(a.state().strength(id("R13")) + a.state().strength(id("R14")), 8 - 2);
            assert_eq!(b.state().strength(id("R13")) + b.state().strength(id("R15")), 7 - 2);
            // The last hit: then both reveal (5.3.3), which differs.
            act(&mut a, x);
            act(&mut b, y);
            break;
        }
        let v = same_for(Side::French, &mut a, x, &mut b, y);
        assert_eq!(v.step, Some(Step::AssignHit { area: 43, hits_left: 3 - n }));
    }
}

/// BM-15 [Contested]: in a contested area the side without control keeps its units revealed,
/// so a French block joining a battle already going on in a Russian-controlled area is laid
/// down; one entering a new battle stays concealed until the 5.3.3 reveal.
#[test]
fn a_block_joining_a_current_battle_without_control_is_revealed_bm15() {
    let mut s = with_cincs(vec![at("F09", 20), at("F11", 20), at("F15", 20), at("R13", 43), at("R14", 57)]);
    s.blocks.push(Placement { revealed: true, ..at("F10", 43) });
    let mut m = start(&s);
    assert_eq!(m.state().controller(43), Some(Side::Russian));
    act(&mut m, Action::Tactical);
    act(&mut m, Action::Activate { block: id("F09") });
    act(&mut m, Action::EndActivation);
    act(&mut m, Action::Move { block: id("F11") });
    let ev = act(&mut m, Action::StepTo { block: id("F11"), to: 43 });
    assert!(ev.iter().any(|e| matches!(e, Event::Revealed { side: Side::French, area: 43, blocks } if blocks.len() == 1 && blocks[0].block == id("F11"))), "{ev:?}");
    let known = |m: &Match<BloodyMonday>, area: u8, b: BlockId| {
        m.state().view(Side::Russian).areas[area as usize - 1].blocks.iter().any(|v| matches!(v, BlockView::Known { block, .. } if *block == b))
    };
    assert!(known(&m, 43, id("F11")), "the joiner is revealed like F10");
    // A new battle: the cavalry stays concealed.
    act(&mut m, Action::Move { block: id("F15") });
    let ev = act(&mut m, Action::StepTo { block: id("F15"), to: 57 });
    assert!(!ev.iter().any(|e| matches!(e, Event::Revealed { .. })), "{ev:?}");
    assert!(!known(&m, 57, id("F15")));
}

/// 9.2 (BM-197): the Grand Battery fires without revealing its guns. Whether the orange gun
/// in area 28 is the 1st Corps artillery I (3) or II (2), the Russians see the same salvo: the
/// roll names no gun, the declaration is not in their history, and their hits are assigned
/// unseen (two divisions: asked for each hit).
#[test]
fn the_grand_battery_fires_unseen_bm197() {
    let position = |gun: &str| {
        let mut s = with_cincs(vec![at(gun, 28), at("R13", 44), at("R14", 44)]);
        s.step = SetupStep::GrandBattery;
        s.options = Options { grand_battery: true, ..Options::default() };
        s
    };
    let (mut a, mut b) = (start(&position("F16")), start(&position("F17")));
    let salvo = |gun: &str| Action::Salvo { artillery: id(gun), target: 44 };
    let ev = act(&mut a, salvo("F16"));
    act(&mut b, salvo("F17"));
    let mine: Vec<Event> = ev.iter().filter_map(|e| a.state().event_for(e, Side::French)).collect();
    assert!(mine.iter().any(|e| matches!(e, Event::Rolled { purpose: RollPurpose::Salvo { artillery: Some(g), area: 44 }, .. } if *g == id("F16"))), "{mine:?}");
    let seen: Vec<Event> = ev.iter().filter_map(|e| a.state().event_for(e, Side::Russian)).collect();
    assert!(seen.iter().any(|e| matches!(e, Event::Rolled { purpose: RollPurpose::Salvo { artillery: None, area: 44 }, hits: 4, .. })), "{seen:?}");
    let v = a.state().view(Side::Russian);
    assert_eq!(v, b.state().view(Side::Russian));
    assert_eq!(v.step, Some(Step::AssignHit { area: 44, hits_left: 3 }), "yellow: one hit ignored");
    assert_eq!(a.history_for(Some(Side::Russian)).unwrap(), b.history_for(Some(Side::Russian)).unwrap());
    while a.prompt().is_some_and(|p| matches!(p.step, Step::AssignHit { .. })) {
        let x = a.prompt().unwrap().actions[0].clone();
        same_for(Side::Russian, &mut a, x.clone(), &mut b, x);
    }
    assert_eq!(a.history_for(Some(Side::Russian)).unwrap(), b.history_for(Some(Side::Russian)).unwrap());
}

// ------------------------------------------------------------------------------ finding 7

/// The French and Russian views and the Russian history are alike in `a` and `b`.
fn alike(a: &Match<BloodyMonday>, b: &Match<BloodyMonday>) {
    assert_eq!(a.state().view(Side::Russian), b.state().view(Side::Russian));
    assert_eq!(a.history_for(Some(Side::Russian)).unwrap(), b.history_for(Some(Side::Russian)).unwrap());
}

/// Finding 7 (5.1): with Davout activated and Ney left exhausted (a) or fresh (b), the French
/// are asked to end the activation either way: ending it by itself would tell the Russians
/// that the other concealed leader is exhausted.
#[test]
fn ending_the_activation_does_not_tell_the_other_leaders_strength() {
    let position = |ney: u8| with_cincs(vec![at("F09", 31), Placement { strength: Some(ney), ..at("F18", 27) }, at("F10", 31), at("R13", 57)]);
    let (mut a, mut b) = (start(&position(0)), start(&position(3)));
    alike(&a, &b);
    same_for(Side::Russian, &mut a, Action::Tactical, &mut b, Action::Tactical);
    let v = same_for(Side::Russian, &mut a, Action::Activate { block: id("F09") }, &mut b, Action::Activate { block: id("F09") });
    assert!(matches!(v.step, Some(Step::ActivateLeaders { activated: 1, cap: 4 })), "{:?}", v.step);
    assert_eq!(a.prompt().unwrap().actions, vec![Action::EndActivation]);
    assert!(b.prompt().unwrap().actions.contains(&Action::Activate { block: id("F18") }));
    same_for(Side::Russian, &mut a, Action::EndActivation, &mut b, Action::EndActivation);
    alike(&a, &b);
}

/// Finding 7 (5.2): Davout activated in 31 orders the 1st Division in 27 (a); in (b) the
/// block in 27 is Ney's 10th Division, of another colour, so no unit of his can move. The
/// French are asked to end the movement either way.
#[test]
fn ending_the_movement_does_not_tell_whether_an_ordered_unit_can_move() {
    let position = |unit: &str| with_cincs(vec![at("F09", 31), at(unit, 27), at("R13", 57)]);
    let (mut a, mut b) = (start(&position("F10")), start(&position("F19")));
    alike(&a, &b);
    for x in [Action::Tactical, Action::Activate { block: id("F09") }, Action::EndActivation] {
        same_for(Side::Russian, &mut a, x.clone(), &mut b, x);
    }
    assert!(a.prompt().unwrap().actions.contains(&Action::Move { block: id("F10") }));
    assert_eq!(b.prompt().unwrap().actions, vec![Action::EndMovement]);
    let v = same_for(Side::Russian, &mut a, Action::EndMovement, &mut b, Action::EndMovement);
    assert_eq!(v.step, Some(Step::Inspiration));
}

/// Finding 7 (5.2.2): Davout's colour in the area next to him (a) or Ney's (b): in both the
/// French are asked for the inspiration.
#[test]
fn ending_the_inspiration_does_not_tell_the_colours_next_to_the_leader() {
    let position = |unit: &str| with_cincs(vec![at("F09", 31), at(unit, 27), at("R13", 57)]);
    let (mut a, mut b) = (start(&position("F10")), start(&position("F19")));
    for x in [Action::Tactical, Action::Activate { block: id("F09") }, Action::EndActivation, Action::EndMovement] {
        same_for(Side::Russian, &mut a, x.clone(), &mut b, x);
    }
    assert!(a.prompt().unwrap().actions.contains(&Action::Inspire { leader: id("F09"), block: id("F10") }));
    assert_eq!(b.prompt().unwrap().actions, vec![Action::EndInspiration]);
    same_for(Side::Russian, &mut a, Action::EndInspiration, &mut b, Action::EndInspiration);
    alike(&a, &b);
}

/// Finding 7 (3.1): Napoleon concealed in French-held, contested 43 with every way out held
/// by Russians (a), or at home in 21 (b; another French block takes his place in 43). The
/// French are asked in both, though in (a) Decline is all they may do.
#[test]
fn declining_the_cinc_does_not_tell_where_he_stands() {
    let position = |napoleon: u8, other: u8| {
        let mut blocks = vec![at("F10", 43), at("F01", napoleon), at("F11", other), at("R01", 69)];
        for (r, area) in [("R13", 43), ("R14", 16), ("R15", 20), ("R16", 46), ("R17", 47), ("R18", 54), ("R33", 57)] {
            blocks.push(Placement { revealed: area == 43, ..at(r, area) });
        }
        let mut s = Setup { blocks, turn: 2, step: SetupStep::Logistics, initiative: Side::Russian, ..Setup::default() };
        s.control.push(napoleonic::games::bloody_monday::setup::AreaSide { area: 43, side: Side::French });
        s
    };
    let (mut a, mut b) = (start(&position(43, 21)), start(&position(21, 43)));
    alike(&a, &b);
    assert_eq!(a.state().controller(43), Some(Side::French));
    assert_eq!(a.prompt().unwrap().actions, vec![Action::Decline], "(a) nothing else");
    assert!(b.prompt().unwrap().actions.contains(&Action::Activate { block: id("F01") }));
    same_for(Side::Russian, &mut a, Action::Decline, &mut b, Action::Decline);
    alike(&a, &b);
}
