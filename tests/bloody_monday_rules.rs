//! Checklist items (`bm-checklist.md`, cited "BM-n") that the engine enforced without a test
//! asserting them (docs/checklist-bloody-monday.md, "done (untested)"): small positions built
//! with the public `Setup`, driven through the public API, with scripted dice. Readings follow
//! `bm-gaps.md` §D (cited "Dn"). Each test is named after its rule and item.
use napoleonic::games::bloody_monday::setup::{AreaSide, Placement, SetupStep};
use napoleonic::games::bloody_monday::{
    Action, BloodyMonday, Event, Ignored, ImpulseKind, Options, RollPurpose, Scenario, Setup, Side, Step, Victory, BORODINO,
};
use napoleonic::games::Rules;

mod common;
use common::bm::*;

// ------------------------------------------------------------------------------ helpers

/// The common position (both CinCs, the French disk) with these dice first.
fn position(active: Side, blocks: Vec<Placement>, dice: Vec<u8>) -> Setup {
    with_dice(common::bm::position(active, blocks), dice)
}

fn ignored_by_terrain(ev: &[Event]) -> u8 {
    ev.iter().map(|e| if let Event::HitsIgnored { hits, why: Ignored::DefenceBonus, .. } = e { *hits } else { 0 }).sum()
}

// ------------------------------------------------------------------------------ 5.3.1 artillery

/// 5.3.1 supporting artillery (BM-80, 93(d), 149, 150, 152, 153). Napoleon at 2 stars lets
/// two guns fire into one battle. The Davout's 1st Corps artillery (3) rolls three TF dice
/// (4, 3, 6: two hits), drops to 2 and takes a red cube; Ney's artillery fires across the
/// Kolocha with its full two dice; the third activated gun may not fire (the CinC's cap); the
/// Russian gun next door does nothing. In the second battle Ney's gun fires again (it stays
/// active) with its one die left, and is then exhausted (pawn) and offered no more.
#[test]
fn supporting_artillery_fires_its_strength_in_tf_dice_bm80_93d_149_150_152_153() {
    let dice = [vec![4, 3, 6, 6, 1], vec![1; 5], vec![6], vec![1; 40]].concat();
    let blocks = vec![
        weak("F01", 21, 2),
        at("F09", 20),
        at("F16", 20),
        at("F17", 20),
        at("F10", 20),
        at("F18", 16),
        at("F23", 16),
        at("F19", 16),
        at("R13", 43),
        at("R14", 54),
        shown("R46", 47),
    ];
    let mut m = start(position(Side::French, blocks, dice));
    act(&mut m, Action::Tactical);
    act(&mut m, Action::Activate { block: id("F09") });
    act(&mut m, Action::Activate { block: id("F18") });
    if matches!(step(&m), Step::ActivateLeaders { .. }) {
        act(&mut m, Action::EndActivation);
    }
    for gun in ["F16", "F17", "F23"] {
        act(&mut m, Action::Activate { block: id(gun) });
    }
    walk(&mut m, "F10", &[43]);
    walk(&mut m, "F19", &[54]);
    to_battles(&mut m);
    act(&mut m, Action::ResolveBattle { area: 43 });
    assert_eq!(step(&m), Step::ArtilleryFire { area: 43, fired: 0, cap: 2 }, "BM-93(d): the cap is Napoleon's 2 stars");
    let fire = |g: &str| Action::FireArtillery { artillery: id(g) };
    for g in ["F16", "F17", "F23"] {
        assert!(offered(&m, &fire(g)), "BM-149: activated {g} is adjacent");
    }
    assert!(!offered(&m, &fire("R46")), "BM-153: the defender's artillery does not fire");
    let ev = act(&mut m, fire("F16"));
    assert!(ev.iter().any(|e| matches!(e, Event::Rolled { side: Side::French, purpose: RollPurpose::ArtilleryFire { artillery, area: 43 }, dice, hits: 2 }
        if *artillery == id("F16") && dice == &vec![4, 3, 6])), "BM-150: 3 dice, TF (4-6): {ev:?}");
    assert_eq!(strength(&m, "F16"), 2, "BM-152: a level lost");
    assert!(m.state().block_state(id("F16")).red && m.state().block_state(id("F16")).activated, "BM-149/152: red cube, still active");
    assert_eq!(strength(&m, "R13"), 2, "the two hits");
    assert_eq!(step(&m), Step::ArtilleryFire { area: 43, fired: 1, cap: 2 });
    // 54-16 and 43-16 cross the Kolocha: the artillery fires its full strength anyway.
    let ev = act(&mut m, fire("F23"));
    assert_eq!(rolls(&ev)[0], (Side::French, 2, 1), "BM-150: not halved across the Kolocha");
    assert_eq!(strength(&m, "F23"), 1);
    assert_eq!(strength(&m, "F17"), 2, "BM-93(d): the third gun did not fire");
    assert!(!m.state().block_state(id("F17")).red);
    assert!(!ev.iter().any(|e| matches!(e, Event::Rolled { purpose: RollPurpose::ArtilleryFire { artillery, .. }, .. } if *artillery == id("F17"))));
    // The battle went on by itself (no more guns may fire): the next battle is chosen.
    assert!(matches!(step(&m), Step::ChooseBattle { .. }), "{:?}", step(&m));
    act(&mut m, Action::ResolveBattle { area: 54 });
    assert_eq!(m.prompt().unwrap().actions, vec![fire("F23"), Action::EndArtillery], "BM-152: Ney's gun fires again; the others are not adjacent");
    let ev = act(&mut m, fire("F23"));
    assert_eq!(rolls(&ev)[0], (Side::French, 1, 1));
    assert_eq!(strength(&m, "F23"), 0, "BM-80: the pawn level, exhausted");
    assert_eq!(strength(&m, "R14"), 3);
}

/// BM-80: an exhausted gun (pawn) cannot be activated to fire until restored.
#[test]
fn exhausted_artillery_cannot_be_activated_bm80() {
    let mut m = start(position(Side::French, vec![at("F09", 20), weak("F16", 20, 0), at("F17", 20), at("R13", 43)], vec![]));
    tactical(&mut m, &["F09"]);
    assert!(offered(&m, &Action::Activate { block: id("F17") }));
    assert!(!offered(&m, &Action::Activate { block: id("F16") }));
}

// ------------------------------------------------------------------------------ control

/// [Contested] BM-14: entering an enemy-held area does not take it; the area stays with the
/// side that last held it alone, through the battle while both sides remain. BM-16: passing
/// through an empty area takes it, for a support unit too, without stopping (D45).
#[test]
fn control_stays_with_the_holder_and_passing_through_takes_an_empty_area_bm14_bm16() {
    let mut m = start(position(Side::French, vec![at("F09", 20), at("F10", 20), at("F16", 20), at("R13", 43)], vec![1; 40]));
    tactical(&mut m, &["F09"]);
    walk(&mut m, "F10", &[43]);
    assert_eq!(m.state().controller(43), Some(Side::Russian), "BM-14: entering does not take control");
    to_battles(&mut m);
    act(&mut m, Action::ResolveBattle { area: 43 });
    // All dice 1: nobody hit; both sides remain and the Russians keep the area.
    assert_eq!(m.state().controller(43), Some(Side::Russian), "BM-14: contested, still Russian");
    assert_eq!(m.state().block_state(id("R13")).area(), Some(42));
    assert_eq!(m.state().block_state(id("F10")).area(), Some(42));

    // BM-16: French artillery through empty Russian 47 and on to 56, both taken.
    let mut m = start(position(Side::French, vec![at("F09", 43), at("F16", 43)], vec![]));
    assert_eq!(m.state().controller(47), Some(Side::Russian));
    tactical(&mut m, &["F09"]);
    let ev = walk(&mut m, "F16", &[47, 56]);
    assert!(ev.contains(&Event::ControlChanged { area: 47, side: Side::French }), "{ev:?}");
    assert_eq!(m.state().controller(47), Some(Side::French), "taken in passing");
    assert_eq!(m.state().controller(56), Some(Side::French));
    assert_eq!(strength(&m, "F16"), 3, "BM-229: moving does not reduce it");
}

// ------------------------------------------------------------------------------ initiative

/// [Initiative] BM-30: the French hold the disk at the start and play the first impulse of
/// turn 1 (with 9.2, the French salvo comes first).
#[test]
fn the_french_start_with_the_disk_and_the_first_impulse_bm30() {
    for seed in 0..5 {
        let g = BloodyMonday::new_game(BORODINO, &Options::default(), seed).unwrap();
        assert_eq!(g.initiative(), Side::French);
        let p = g.prompt().unwrap();
        assert_eq!((p.side, p.step), (Side::French, Step::Impulse { impulse: 1 }));
        let g = BloodyMonday::new_game(BORODINO, &Options { grand_battery: true, ..Options::default() }, seed).unwrap();
        assert_eq!(g.prompt().unwrap().side, Side::French);
        assert_eq!(g.initiative(), Side::French);
    }
}

/// [SoP] BM-42 (D10): on turns 2-4 the disk holder plays the first impulse, after Logistics.
#[test]
fn the_disk_holder_plays_the_first_impulse_of_later_turns_bm42() {
    for holder in [Side::French, Side::Russian] {
        let mut s = position(Side::French, vec![at("F10", 31), at("R13", 57)], vec![]);
        s.turn = 2;
        s.step = SetupStep::Logistics;
        s.initiative = holder;
        let mut m = start(s);
        let mut ev = Vec::new();
        while step(&m) == Step::Logistics {
            ev.extend(act(&mut m, Action::Decline));
        }
        assert!(ev.contains(&Event::ImpulsePhaseBegins { first: holder }), "{ev:?}");
        let p = m.prompt().unwrap();
        assert_eq!((p.side, p.step), (holder, Step::Impulse { impulse: 1 }));
    }
}

// ------------------------------------------------------------------------------ victory

/// [Win B] BM-34: controlling the six single victory areas and all three flèches wins at once.
#[test]
fn all_seven_victory_areas_win_at_once_bm34() {
    let mut s = position(Side::French, vec![at("F09", 31), at("F10", 31), at("R01", 100)], vec![]);
    for a in [41, 55, 62, 69, 107, 57, 58] {
        s.control.push(AreaSide { area: a, side: Side::French });
    }
    let mut m = start(s);
    assert_eq!(m.state().controller(59), Some(Side::Russian));
    assert!(m.state().outcome().is_none(), "six of seven: the game goes on");
    tactical(&mut m, &["F09"]);
    let ev = walk(&mut m, "F10", &[59]);
    let o = m.state().outcome().expect("the game is over");
    assert_eq!((o.winner, o.detail.victory), (Some(Side::French), Victory::AllVictoryAreas));
    assert!(ev.iter().any(|e| matches!(e, Event::GameOver { .. })));
    assert!(m.prompt().is_none());
}

// ------------------------------------------------------------------------------ 1.2 terrain

/// Resolve the current battle in `area` (F10 revealed there against R13, `control` holding
/// it), all dice sixes; the events of the battle.
fn current_battle(area: u8, control: Side) -> Vec<Event> {
    let mut s = position(Side::French, vec![at("F09", 31), shown("F10", area), at("R13", area)], vec![6; 40]);
    s.control.push(AreaSide { area, side: control });
    let mut m = start(s);
    tactical(&mut m, &["F09"]);
    to_battles(&mut m);
    act(&mut m, Action::ResolveBattle { area })
}

/// 1.2.1 BM-53 (D3): the yellow bonus (1) whoever controls the area; the red bonus (2) only
/// when the defender controls it.
#[test]
fn the_red_bonus_only_for_a_defender_in_control_bm53() {
    assert_eq!(ignored_by_terrain(&current_battle(57, Side::Russian)), 2, "red, Russian");
    assert_eq!(ignored_by_terrain(&current_battle(57, Side::French)), 0, "red, held by the attacker");
    assert_eq!(ignored_by_terrain(&current_battle(44, Side::French)), 1, "yellow, held by the attacker");
    assert_eq!(ignored_by_terrain(&current_battle(44, Side::Russian)), 1, "yellow, Russian");
    assert_eq!(ignored_by_terrain(&current_battle(43, Side::Russian)), 0, "green");
}

/// 1.2.2 BM-56: leaving an area with enemy units costs +1 MP; the unit may go on, and engage
/// elsewhere (6.2 lets it start a new battle without orders).
#[test]
fn disengaging_costs_one_more_mp_and_the_unit_may_go_on_bm56() {
    let mut m = start(position(Side::French, vec![shown("F15", 43), at("R13", 43), at("R14", 57)], vec![]));
    assert_eq!(m.state().entry_cost_between(Side::French, 43, 20), Some(2), "green 1 + disengage 1");
    act(&mut m, Action::InitiativeMovement);
    act(&mut m, Action::Move { block: id("F15") });
    assert_eq!(step(&m), Step::UnitMove { block: id("F15"), mp: 5 });
    act(&mut m, Action::StepTo { block: id("F15"), to: 20 });
    assert_eq!(step(&m), Step::UnitMove { block: id("F15"), mp: 3 });
    assert_eq!(m.state().entry_cost_between(Side::French, 20, 57), Some(3), "red 2 + engage 1");
    let ev = act(&mut m, Action::StepTo { block: id("F15"), to: 57 });
    assert!(ev.iter().any(|e| matches!(e, Event::Engaged { area: 57, .. })), "{ev:?}");
    assert!(matches!(step(&m), Step::Movement { .. }), "engaging ends the move");
}

/// 1.2.3 BM-60: crossing the Kolocha into an area contested at the start of the impulse gives
/// no light-blue cube (into a new battle it does).
#[test]
fn no_blue_cube_into_a_battle_already_going_on_bm60() {
    let mut m = start(position(Side::French, vec![at("F19", 16), at("F20", 16), shown("F10", 54), at("R14", 54), at("R13", 43)], vec![]));
    act(&mut m, Action::InitiativeMovement);
    let ev = walk(&mut m, "F19", &[54]);
    assert!(ev.contains(&Event::Engaged { side: Side::French, area: 54, blue_cube: false }), "{ev:?}");
    assert!(!m.state().block_state(id("F19")).blue);
    let ev = walk(&mut m, "F20", &[43]);
    assert!(ev.contains(&Event::Engaged { side: Side::French, area: 43, blue_cube: true }), "a new battle: {ev:?}");
}

// ------------------------------------------------------------------------------ 3.0 logistics

/// 3.1 BM-99: a CinC in a contested area is not activated there; he may move out first, but
/// with every way out blocked by the enemy he cannot be activated at all.
#[test]
fn a_cinc_who_cannot_disengage_cannot_be_activated_bm99() {
    let logistics = |blocks: Vec<Placement>| {
        let mut s = position(Side::French, blocks, vec![]);
        s.turn = 2;
        s.step = SetupStep::Logistics;
        s.initiative = Side::Russian; // the French choose first
        start(s)
    };
    let mut m = logistics(vec![shown("F01", 43), at("R13", 43)]);
    let napoleon = id("F01");
    assert_eq!(m.prompt().unwrap().side, Side::French);
    assert!(!offered(&m, &Action::Activate { block: napoleon }), "contested");
    act(&mut m, Action::Move { block: napoleon });
    act(&mut m, Action::StepTo { block: napoleon, to: 20 });
    assert!(offered(&m, &Action::Activate { block: napoleon }), "out in a controlled, uncontested area");
    // Every neighbour of 43 (16, 20, 46, 47, 54, 57) holds Russians: only Decline is left.
    // The French are still asked (finding 7: declining by itself would tell where a
    // concealed CinC stands).
    let russians = [("R13", 43), ("R14", 16), ("R15", 20), ("R16", 46), ("R17", 47), ("R18", 54), ("R33", 57)];
    let mut blocks: Vec<Placement> = russians.iter().map(|&(b, a)| at(b, a)).collect();
    blocks.push(shown("F01", 43));
    let mut m = logistics(blocks);
    let p = m.prompt().unwrap();
    assert_eq!((p.side, p.actions.clone()), (Side::French, vec![Action::Decline]), "only Decline");
    let ev = act(&mut m, Action::Decline);
    assert!(ev.contains(&Event::CinCDeclined { side: Side::French }));
}

/// 3.4 BM-114 and 3.5a BM-115: one LP a step for artillery and tactical leaders, exhausted ones
/// included, up to the maximum; each stage has the full LP (D7).
#[test]
fn artillery_and_leaders_restore_one_lp_a_step_bm114_bm115() {
    let mut s = position(Side::French, vec![weak("F09", 21, 0), weak("F16", 21, 0), at("R13", 57)], vec![]);
    s.turn = 2;
    s.step = SetupStep::Logistics;
    s.initiative = Side::Russian;
    let mut m = start(s);
    act(&mut m, Action::Activate { block: id("F01") });
    // LP 5: Napoleon 4 + Shevardino.
    for (stage, b) in [(Step::RestoreLeaders { budget: 5 }, "F09"), (Step::RestoreArtillery { budget: 5 }, "F16")] {
        assert_eq!(step(&m), stage);
        for k in 1..=3u8 {
            let ev = act(&mut m, Action::Restore { block: id(b) });
            assert!(ev.contains(&Event::Restored { side: Side::French, cost: Some(1) }));
            assert_eq!(strength(&m, b), k, "{b}: one level a step from the pawn");
        }
        assert!(!offered(&m, &Action::Restore { block: id(b) }), "{b} at its maximum");
        assert!(matches!(step(&m), Step::RestoreLeaders { budget: 2 } | Step::RestoreArtillery { budget: 2 }));
        act(&mut m, Action::EndRestore);
    }
}

// ------------------------------------------------------------------------------ 5.0 tactical

/// 5.1 BM-130 (D12): one activated leader, one new battle: a second new battle is refused
/// (joining the first is not); with two leaders it is allowed.
#[test]
fn one_new_battle_for_each_activated_leader_bm130() {
    for leaders in [1, 2] {
        let mut m = start(position(Side::French, vec![at("F09", 20), at("F18", 20), at("F10", 20), at("F11", 20), at("R13", 43), at("R14", 57)], vec![]));
        act(&mut m, Action::Tactical);
        act(&mut m, Action::Activate { block: id("F09") });
        if leaders == 2 {
            act(&mut m, Action::Activate { block: id("F18") });
        }
        if matches!(step(&m), Step::ActivateLeaders { .. }) {
            act(&mut m, Action::EndActivation);
        }
        walk(&mut m, "F10", &[43]);
        act(&mut m, Action::Move { block: id("F11") });
        assert!(offered(&m, &Action::StepTo { block: id("F11"), to: 43 }), "joining the same battle");
        assert_eq!(offered(&m, &Action::StepTo { block: id("F11"), to: 57 }), leaders == 2, "a second new battle with {leaders} leader(s)");
    }
}

/// 5.3 BM-147 (FAQ-4, FAQ-6): a current battle may be left unresolved.
#[test]
fn a_current_battle_may_be_skipped_bm147() {
    let mut m = start(position(Side::French, vec![at("F09", 31), shown("F10", 43), at("R13", 43)], vec![]));
    tactical(&mut m, &["F09"]);
    to_battles(&mut m);
    assert!(matches!(step(&m), Step::ChooseBattle { current_left: 1, .. }), "{:?}", step(&m));
    assert!(offered(&m, &Action::ResolveBattle { area: 43 }));
    let ev = act(&mut m, Action::EndBattles);
    assert!(!ev.iter().any(|e| matches!(e, Event::BattleBegins { .. } | Event::Rolled { .. })), "{ev:?}");
    assert!(!matches!(step(&m), Step::ChooseBattle { .. }), "the battles are over");
    assert!(m.state().view(Side::French).areas[42].contested);
}

/// 5.3.5 BM-160: the defender may make the combined attack: Russian infantry and cavalry
/// against French infantry alone in a green area. The Russians roll first.
#[test]
fn the_defender_may_make_the_combined_attack_bm160() {
    let mut m = start(position(Side::French, vec![at("F09", 31), shown("F10", 43), at("R13", 43), at("R25", 43)], vec![1; 40]));
    tactical(&mut m, &["F09"]);
    to_battles(&mut m);
    act(&mut m, Action::ResolveBattle { area: 43 });
    let p = m.prompt().unwrap();
    assert_eq!((p.side, p.step), (Side::Russian, Step::CombinedAttack { area: 43 }));
    let ev = act(&mut m, Action::CombinedAttack);
    let r: Vec<(Side, usize)> = rolls(&ev).into_iter().map(|(s, n, _)| (s, n)).collect();
    assert_eq!(r, vec![(Side::Russian, 4 + 3), (Side::French, 4)]);
    assert!(matches!(ev.iter().find(|e| matches!(e, Event::Rolled { .. })), Some(Event::Rolled { purpose: RollPurpose::CombinedAttack { area: 43 }, .. })));
}

/// 5.3.6.1 BM-165 (E20): hits beyond what destroys every enemy unit in the area are lost.
#[test]
fn surplus_hits_are_lost_bm165() {
    let mut m = start(position(Side::French, vec![at("F09", 31), shown("F10", 43), weak("R19", 43, 1)], vec![6; 40]));
    tactical(&mut m, &["F09"]);
    to_battles(&mut m);
    let ev = act(&mut m, Action::ResolveBattle { area: 43 });
    assert_eq!(rolls(&ev)[0], (Side::French, 4, 4), "four hits on one jager at strength 1");
    let destroyed: Vec<&Event> = ev.iter().filter(|e| matches!(e, Event::Destroyed { .. })).collect();
    assert_eq!(destroyed.len(), 1, "{destroyed:?}");
    assert!(matches!(destroyed[0], Event::Destroyed { block, area: 43, .. } if *block == id("R19")));
    assert!(ev.contains(&Event::BattleEnds { area: 43, control: Side::French, contested: false }), "{ev:?}");
    assert!(m.prompt().is_some_and(|p| !matches!(p.step, Step::AssignHit { .. })));
}

/// 5.4 BM-172: at deactivation leaders drop a level, artillery does not (only firing reduces
/// it). BM-229: moving a support unit does not reduce it either.
#[test]
fn only_leaders_drop_a_level_at_deactivation_bm172_bm229() {
    let mut m = start(position(Side::French, vec![at("F09", 31), at("F16", 31), at("F17", 31)], vec![]));
    tactical(&mut m, &["F09"]);
    act(&mut m, Action::Activate { block: id("F16") });
    walk(&mut m, "F17", &[27]);
    let mut ev = to_battles(&mut m);
    while m.prompt().unwrap().side == Side::French {
        let last = m.prompt().unwrap().actions.last().unwrap().clone();
        ev.extend(act(&mut m, last));
    }
    assert!(ev.contains(&Event::Reduced { side: Side::French, block: Some(id("F09")) }), "{ev:?}");
    assert_eq!(strength(&m, "F09"), 2);
    assert_eq!(strength(&m, "F16"), 3, "activated, not fired: not reduced");
    assert_eq!(strength(&m, "F17"), 2, "moved: not reduced");
    assert!(!m.state().block_state(id("F16")).activated);
}

// ------------------------------------------------------------------------------ 6.2 and 7.0

/// 6.2 BM-178 (FAQ-10a, BM-227; BM-229): support units move in a 6.2 action but do not
/// activate: no gun may be activated, and no leader inspires (no Inspiration step). The
/// moves reduce nothing. The CinC and leaders may move (BM-228, BM-231).
#[test]
fn support_units_move_but_do_not_activate_in_6_2_bm178_bm227_bm228_bm229() {
    let mut m = start(position(Side::French, vec![at("F09", 31), at("F16", 31), at("F10", 31), at("R13", 57)], vec![1; 40]));
    act(&mut m, Action::InitiativeMovement);
    assert!(offered(&m, &Action::Move { block: id("F01") }), "FAQ-10b (BM-228): the CinC may move");
    assert!(offered(&m, &Action::Move { block: id("F09") }), "FAQ-12 (BM-231): a leader moves without activation");
    assert!(offered(&m, &Action::Move { block: id("F16") }));
    assert!(!offered(&m, &Action::Activate { block: id("F16") }));
    act(&mut m, Action::Move { block: id("F16") });
    assert!(!m.prompt().unwrap().actions.iter().any(|a| matches!(a, Action::Activate { .. })));
    act(&mut m, Action::StepTo { block: id("F16"), to: 27 });
    act(&mut m, Action::Stop { block: id("F16") });
    walk(&mut m, "F10", &[57]);
    // Davout (in 31, next to 57) could inspire F10 in a tactical action: not here.
    act(&mut m, Action::EndMovement);
    assert!(matches!(step(&m), Step::ChooseBattle { .. }), "no Inspiration: {:?}", step(&m));
    assert_eq!(strength(&m, "F16"), 3);
    assert_eq!(strength(&m, "F09"), 3);
}

/// 7.0 BM-184: a pass moves one unit of any type without orders (the CinC may be chosen),
/// may not engage, and activates no support unit.
#[test]
fn a_pass_moves_one_unit_without_engaging_bm184() {
    let mut m = start(position(Side::French, vec![at("F09", 31), at("F16", 31), at("F10", 31), at("R13", 57)], vec![]));
    act(&mut m, Action::Pass);
    assert_eq!(step(&m), Step::Movement { kind: ImpulseKind::Pass, moved: 0, limit: Some(1) });
    assert!(offered(&m, &Action::Move { block: id("F01") }), "the CinC may move");
    assert!(offered(&m, &Action::Move { block: id("F09") }), "a leader may move");
    assert!(!offered(&m, &Action::Activate { block: id("F16") }), "no activation");
    act(&mut m, Action::Move { block: id("F10") });
    assert!(!offered(&m, &Action::StepTo { block: id("F10"), to: 57 }), "no engaging");
    assert!(offered(&m, &Action::StepTo { block: id("F10"), to: 27 }));
    act(&mut m, Action::StepTo { block: id("F10"), to: 27 });
    act(&mut m, Action::Stop { block: id("F10") });
    assert_ne!(m.prompt().unwrap().side, Side::French, "one unit only: the impulse is over");
}

// ------------------------------------------------------------------------------ 9.9

/// 9.9 BM-210: hits land between steps, so a unit reduced by the jagers fires with what is
/// left: F10 (4) loses two levels to the jager's two sixes and rolls two dice, not four.
#[test]
fn advanced_combat_reduced_units_fire_less_bm210() {
    let mut s = position(Side::French, vec![at("F09", 31), shown("F10", 44), at("R19", 44)], [vec![6, 6], vec![1; 40]].concat());
    s.options = Options { advanced_combat: true, ..Options::default() };
    let mut m = start(s);
    tactical(&mut m, &["F09"]);
    to_battles(&mut m);
    let ev = act(&mut m, Action::ResolveBattle { area: 44 });
    assert_eq!(rolls(&ev), vec![(Side::Russian, 2, 2), (Side::French, 2, 0)]);
    assert_eq!(strength(&m, "F10"), 2);
}

// ------------------------------------------------------------------------------ front matter

/// [Setup] BM-9: revealing a block shows the opponent its identity and current strength, with
/// an event; concealing it hides them again. Davout (2 of 3) is activated: the
/// `LeaderActivated` event names him with his range, and the Russian view holds him Known at
/// strength 2. At 5.4 he drops to 1 and stands up again: the Russians no longer see him.
#[test]
fn revealing_shows_identity_and_strength_and_concealing_hides_them_bm9() {
    let mut m = start(position(Side::French, vec![weak("F09", 31, 2), at("F10", 31), at("R13", 57)], vec![]));
    assert_eq!(seen(&m, Side::Russian, "F09"), None, "concealed at the start");
    assert_eq!(seen(&m, Side::French, "F09"), Some(2), "the owner knows it");
    act(&mut m, Action::Tactical);
    let ev = act(&mut m, Action::Activate { block: id("F09") });
    assert!(ev.contains(&Event::LeaderActivated { leader: id("F09"), area: 31, range: 2 }), "{ev:?}");
    assert_eq!(seen(&m, Side::Russian, "F09"), Some(2), "revealed: identity and strength");
    assert_eq!(seen(&m, Side::Russian, "F10"), None, "only the leader");
    finish_impulse(&mut m);
    assert_eq!(strength(&m, "F09"), 1);
    assert_eq!(seen(&m, Side::Russian, "F09"), None, "concealed again at 5.4");
}

/// [Units] BM-20: every unit starts at full strength (its top level), in the random setup and
/// in a position that does not give a strength.
#[test]
fn every_unit_starts_at_full_strength_bm20() {
    let scen = Scenario::shared().unwrap();
    for seed in 0..3 {
        let g = BloodyMonday::new_game(BORODINO, &Options::default(), seed).unwrap();
        for b in 0..scen.blocks.len() {
            let b = b as napoleonic::games::bloody_monday::BlockId;
            assert_eq!(g.block_state(b).level, 0, "{} (seed {seed})", scen.block(b).name);
            assert_eq!(g.strength(b), scen.block(b).max_strength());
        }
    }
    let m = start(position(Side::French, vec![at("F10", 31), reserve("F11"), at("R13", 57)], vec![]));
    for b in ["F10", "F11", "R13", "F01", "R01"] {
        assert_eq!(m.state().block_state(id(b)).level, 0, "{b}");
    }
    assert_eq!(strength(&m, "F01"), 4);
}

// ------------------------------------------------------------------------------ 3.0 and 4.1

/// 3.x BM-118 (D44): only units on the map are restored; a destroyed unit never comes back and
/// the CinC never restores his own stars. Napoleon at 2 stars, Davout at 2, the 2nd Division
/// at 2 on the map, the 1st Division destroyed, the 3rd Division damaged in the reserve.
#[test]
fn only_units_on_the_map_are_restored_never_the_cinc_bm118() {
    let mut s = position(
        Side::French,
        vec![weak("F01", 21, 2), weak("F09", 21, 2), weak("F11", 21, 2), Placement { strength: Some(2), ..reserve("F12") }, at("R13", 57)],
        vec![],
    );
    s.turn = 2;
    s.step = SetupStep::Logistics;
    s.initiative = Side::Russian;
    s.destroyed = vec!["F10".into()];
    let mut m = start(s);
    act(&mut m, Action::Activate { block: id("F01") });
    act(&mut m, Action::Reinforce { count: 0 }); // F12 stays in the reserve
    let never = ["F01", "F10", "F12"];
    for stage in 0..3 {
        let p = m.prompt().unwrap();
        assert!(matches!(p.step, Step::RestoreLeaders { .. } | Step::RestoreArtillery { .. } | Step::RestoreCombat { .. }), "{:?}", p.step);
        for b in never {
            assert!(!offered(&m, &Action::Restore { block: id(b) }), "{b} at stage {stage}");
        }
        match stage {
            0 => assert!(offered(&m, &Action::Restore { block: id("F09") }), "the leader on the map"),
            2 => assert!(offered(&m, &Action::Restore { block: id("F11") }), "the division on the map"),
            _ => {}
        }
        act(&mut m, Action::EndRestore);
    }
    assert_eq!(strength(&m, "F01"), 2);
    assert_eq!(strength(&m, "F12"), 2);
    assert!(destroyed(&m, "F10"));
}

/// 4.1.1 BM-123: a unit in its CinC's area always has a line of communication, even when that
/// area is contested and held by the enemy (no friendly path at all). A French unit alone in
/// 58, cut off by Russian areas, is isolated in the same check.
#[test]
fn a_unit_with_its_cinc_always_has_a_line_of_communication_bm123() {
    let m = start(position(Side::French, vec![shown("F01", 43), shown("F10", 43), at("R13", 43), at("F12", 58)], vec![]));
    assert_eq!(m.state().controller(43), Some(Side::Russian));
    assert!(!m.state().block_state(id("F10")).isolated, "with Napoleon: linked");
    assert!(!m.state().block_state(id("F01")).isolated);
    assert!(m.state().block_state(id("F12")).isolated, "the check ran: 58 is cut off");
}

// ------------------------------------------------------------------------------ 5.1 leaders

/// 5.1 BM-129: leaders activate one at a time, against the stacking of that moment. While
/// Davout moves, only his steps and his activation are offered; once he stands in red 19
/// (stacking 1), Ney may no longer enter it, though he could before.
#[test]
fn leaders_activate_one_at_a_time_against_the_stacking_of_the_moment_bm129() {
    let blocks = || vec![at("F09", 20), at("F18", 20), at("R13", 57)];
    let mut m = start(position(Side::French, blocks(), vec![]));
    act(&mut m, Action::Tactical);
    act(&mut m, Action::Move { block: id("F18") });
    assert!(offered(&m, &Action::StepTo { block: id("F18"), to: 19 }), "19 is empty");

    let mut m = start(position(Side::French, blocks(), vec![]));
    act(&mut m, Action::Tactical);
    act(&mut m, Action::Move { block: id("F09") });
    act(&mut m, Action::StepTo { block: id("F09"), to: 19 });
    let p = m.prompt().unwrap();
    assert!(matches!(p.step, Step::LeaderMove { leader, .. } if leader == id("F09")));
    assert!(
        p.actions.iter().all(|a| matches!(a, Action::StepTo { block, .. } | Action::Activate { block } if *block == id("F09"))),
        "one leader at a time: {:?}",
        p.actions
    );
    act(&mut m, Action::Activate { block: id("F09") });
    act(&mut m, Action::Move { block: id("F18") });
    assert!(!offered(&m, &Action::StepTo { block: id("F18"), to: 19 }), "19 is full now");
    assert!(offered(&m, &Action::StepTo { block: id("F18"), to: 16 }));
}

/// 5.1 BM-132 (D38): a leader moved by another leader's order is not activated and loses no
/// strength; each unit moves once; an activated leader is not moved by another's order.
#[test]
fn a_leader_moved_by_order_is_not_activated_and_moves_once_bm132() {
    let mut m = start(position(Side::French, vec![at("F09", 20), at("F18", 20), at("F10", 20), at("R13", 57)], vec![]));
    tactical(&mut m, &["F09"]);
    assert!(is_ordered(&m, "F18"), "Ney stands in Davout's area");
    assert!(!offered(&m, &Action::Move { block: id("F09") }), "D38: the activated leader is not moved");
    walk(&mut m, "F18", &[23]);
    assert!(!offered(&m, &Action::Move { block: id("F18") }), "once only");
    assert!(!offered(&m, &Action::Activate { block: id("F18") }));
    assert!(!m.state().block_state(id("F18")).activated);
    let ev = finish_impulse(&mut m);
    assert!(!ev.contains(&Event::Reduced { side: Side::French, block: Some(id("F18")) }), "{ev:?}");
    assert_eq!(strength(&m, "F18"), 3, "Ney keeps his strength");
    assert_eq!(strength(&m, "F09"), 2, "Davout, activated, drops a level");
    assert_eq!(area_of(&m, "F18"), Some(23));
}

/// 5.1 BM-133 (D37): a leader activated in the CinC's area may order the CinC to move, with no
/// activation and no loss; a leader activated elsewhere does not order him.
#[test]
fn a_leader_in_the_cincs_area_orders_the_cinc_bm133() {
    let mut m = start(position(Side::French, vec![at("F09", 21), at("F18", 20), at("R13", 57)], vec![]));
    tactical(&mut m, &["F18"]);
    assert!(!is_ordered(&m, "F01"), "Ney is not in Napoleon's area");
    let mut m = start(position(Side::French, vec![at("F09", 21), at("F18", 20), at("R13", 57)], vec![]));
    tactical(&mut m, &["F09"]);
    assert!(is_ordered(&m, "F01"));
    assert!(offered(&m, &Action::Move { block: id("F01") }));
    walk(&mut m, "F01", &[23]);
    assert_eq!(area_of(&m, "F01"), Some(23));
    finish_impulse(&mut m);
    assert_eq!(strength(&m, "F01"), 4, "no loss");
    assert!(!m.state().block_state(id("F01")).activated);
}

// ------------------------------------------------------------------------------ cubes

/// 5.2.2 BM-144 (D46): a yellow cube goes when that unit's battle ends; on a unit that fights
/// no battle it stays until deactivation (5.4). Davout inspires the 1st Division fighting in
/// 57, Ney the 10th Division resting in 27.
#[test]
fn a_yellow_cube_lasts_to_the_end_of_its_battle_or_of_the_impulse_bm144() {
    let mut m = start(position(Side::French, vec![at("F09", 31), at("F18", 31), shown("F10", 57), at("R13", 57), at("F19", 27)], vec![1; 40]));
    tactical(&mut m, &["F09", "F18"]);
    act(&mut m, Action::EndMovement);
    act(&mut m, Action::Inspire { leader: id("F09"), block: id("F10") });
    act(&mut m, Action::Inspire { leader: id("F18"), block: id("F19") });
    assert!(m.state().block_state(id("F10")).yellow && m.state().block_state(id("F19")).yellow);
    act(&mut m, Action::ResolveBattle { area: 57 });
    assert!(!m.state().block_state(id("F10")).yellow, "its battle is over");
    assert!(m.state().block_state(id("F19")).yellow, "no battle: until 5.4");
    assert!(m.state().view(Side::French).areas[56].contested, "the battle is drawn");
    finish_impulse(&mut m);
    assert!(!m.state().block_state(id("F19")).yellow, "removed at deactivation");
}

/// 5.3.7 BM-167: when the battle is over, the yellow and light-blue cubes in that area go. Ney
/// orders the 10th Division across the Kolocha from 16 into 43 (blue) and inspires it
/// (yellow); all dice 1, both sides stay.
#[test]
fn a_battle_ends_with_its_yellow_and_blue_cubes_removed_bm167() {
    let mut m = start(position(Side::French, vec![at("F18", 20), at("F19", 16), at("R13", 43)], vec![1; 40]));
    tactical(&mut m, &["F18"]);
    walk(&mut m, "F19", &[43]);
    act(&mut m, Action::EndMovement);
    act(&mut m, Action::Inspire { leader: id("F18"), block: id("F19") });
    let s = *m.state().block_state(id("F19"));
    assert!(s.blue && s.yellow, "{s:?}");
    let ev = act(&mut m, Action::ResolveBattle { area: 43 });
    assert!(ev.iter().any(|e| matches!(e, Event::BattleEnds { area: 43, contested: true, .. })), "{ev:?}");
    let s = *m.state().block_state(id("F19"));
    assert!(!s.blue && !s.yellow, "{s:?}");
    assert_eq!(area_of(&m, "F19"), Some(43));
}

// ------------------------------------------------------------------------------ 5.3 reveal

/// 5.3.3 BM-155: when the defender stands, all units of both sides in the area are revealed at
/// once, before any die: each side's `Revealed` event lists its blocks with their strengths.
#[test]
fn both_sides_reveal_when_the_defender_stands_bm155() {
    let mut m = start(position(Side::French, vec![at("F09", 20), at("F10", 20), at("R13", 43), weak("R14", 43, 2)], vec![1; 40]));
    tactical(&mut m, &["F09"]);
    walk(&mut m, "F10", &[43]);
    to_battles(&mut m);
    assert_eq!((seen(&m, Side::French, "R13"), seen(&m, Side::Russian, "F10")), (None, None), "concealed before the battle");
    let ev = act(&mut m, Action::ResolveBattle { area: 43 });
    let first_roll = ev.iter().position(|e| matches!(e, Event::Rolled { .. })).expect("a roll");
    let shown: Vec<(Side, Vec<(u8, u8)>)> = ev[..first_roll]
        .iter()
        .filter_map(|e| match e {
            Event::Revealed { side, area: 43, blocks } => Some((*side, blocks.iter().map(|s| (s.block, s.strength)).collect())),
            _ => None,
        })
        .collect();
    assert!(shown.contains(&(Side::Russian, vec![(id("R13"), 4), (id("R14"), 2)])), "{shown:?}");
    assert!(shown.contains(&(Side::French, vec![(id("F10"), 4)])), "{shown:?}");
    assert_eq!(seen(&m, Side::Russian, "F10"), Some(4), "the attacker stays revealed (not in control)");
}

/// 5.3.7 BM-168: when one side is wiped out, the other (now in control) conceals its units.
#[test]
fn the_side_left_alone_conceals_its_units_bm168() {
    let mut m = start(position(Side::French, vec![at("F09", 31), shown("F10", 43), weak("R19", 43, 1)], vec![6; 40]));
    tactical(&mut m, &["F09"]);
    to_battles(&mut m);
    assert_eq!(seen(&m, Side::Russian, "F10"), Some(4));
    let ev = act(&mut m, Action::ResolveBattle { area: 43 });
    assert!(destroyed(&m, "R19"));
    assert!(ev.contains(&Event::Concealed { side: Side::French, area: 43 }), "{ev:?}");
    assert_eq!(m.state().controller(43), Some(Side::French));
    assert!(!m.state().block_state(id("F10")).revealed);
    assert_eq!(seen(&m, Side::Russian, "F10"), None);
}

/// 5.3.7 BM-169: a battle that leaves both sides in the area: the controller conceals his
/// units, the other player's stay revealed, and the area is a current battle for later
/// impulses (the Russians may resolve it in theirs).
#[test]
fn a_drawn_battle_stays_current_and_only_the_controller_conceals_bm169() {
    let mut m = start(position(Side::French, vec![at("F09", 31), shown("F10", 43), at("R13", 43)], vec![1; 40]));
    tactical(&mut m, &["F09"]);
    to_battles(&mut m);
    let ev = act(&mut m, Action::ResolveBattle { area: 43 });
    assert!(ev.contains(&Event::Concealed { side: Side::Russian, area: 43 }), "{ev:?}");
    assert!(ev.contains(&Event::BattleEnds { area: 43, control: Side::Russian, contested: true }));
    assert_eq!(seen(&m, Side::French, "R13"), None, "the controller conceals");
    assert_eq!(seen(&m, Side::Russian, "F10"), Some(4), "the other side stays revealed");
    finish_impulse(&mut m);
    assert_eq!(m.prompt().unwrap().side, Side::Russian);
    act(&mut m, Action::Pass);
    act(&mut m, Action::EndMovement);
    assert!(matches!(step(&m), Step::ChooseBattle { current_left: 1, .. }));
    assert!(offered(&m, &Action::ResolveBattle { area: 43 }), "a current battle now");
    assert_eq!(seen(&m, Side::Russian, "F10"), Some(4), "still revealed");
}

/// 5.3.7 BM-170 (D18): an activated artillery unit stays revealed after the battle it
/// supported, until deactivation (5.4).
#[test]
fn activated_artillery_stays_revealed_until_the_end_of_the_impulse_bm170() {
    let mut m = start(position(Side::French, vec![at("F09", 20), at("F16", 20), shown("F10", 43), at("R13", 43)], vec![1; 40]));
    tactical(&mut m, &["F09"]);
    act(&mut m, Action::Activate { block: id("F16") });
    assert_eq!(seen(&m, Side::Russian, "F16"), Some(3), "revealed on activation");
    to_battles(&mut m);
    act(&mut m, Action::ResolveBattle { area: 43 });
    act(&mut m, Action::FireArtillery { artillery: id("F16") });
    assert!(!matches!(step(&m), Step::ArtilleryFire { .. } | Step::AssignHit { .. }), "{:?}", step(&m));
    assert!(!m.state().view(Side::French).areas[42].contested || area_of(&m, "R13") == Some(43));
    assert!(m.state().block_state(id("F16")).revealed, "after the battle");
    assert_eq!(seen(&m, Side::Russian, "F16"), Some(2));
    finish_impulse(&mut m);
    assert_eq!(seen(&m, Side::Russian, "F16"), None, "concealed at 5.4");
}

// ------------------------------------------------------------------------------ 7.0, 8.0, 10.0

/// 7.0 BM-185 (D13): a pass may resolve one current battle, even with the CinC exhausted, and
/// never with artillery fire; the second current battle is not offered.
#[test]
fn a_pass_resolves_one_current_battle_without_artillery_bm185() {
    let blocks = vec![weak("F01", 21, 0), at("F16", 20), shown("F10", 43), at("R13", 43), shown("F11", 57), at("R14", 57)];
    let mut m = start(position(Side::French, blocks, vec![1; 40]));
    assert!(!offered(&m, &Action::Tactical), "2.6.3: Napoleon exhausted");
    act(&mut m, Action::Pass);
    act(&mut m, Action::EndMovement);
    assert_eq!(step(&m), Step::ChooseBattle { new_left: 0, current_left: 1 });
    assert!(offered(&m, &Action::ResolveBattle { area: 57 }));
    let ev = act(&mut m, Action::ResolveBattle { area: 43 });
    assert!(ev.iter().any(|e| matches!(e, Event::BattleBegins { area: 43, .. })));
    assert!(!ev.iter().any(|e| matches!(e, Event::Rolled { purpose: RollPurpose::ArtilleryFire { .. }, .. })), "{ev:?}");
    assert!(ev.iter().any(|e| matches!(e, Event::BattleEnds { area: 43, .. })));
    assert_ne!(m.prompt().unwrap().side, Side::French, "one battle: the impulse is over");
    assert!(m.state().view(Side::French).areas[56].contested, "57 left as it was");
}

/// 8.0 BM-189: everything carries over into the next turn: contested areas, revealed and
/// concealed blocks, white cubes, strengths, the reserve and the disk holder.
#[test]
fn everything_carries_over_to_the_next_turn_bm189() {
    let mut s = position(
        Side::French,
        vec![shown("F10", 43), at("R13", 43), weak("F11", 31, 2), at("F12", 58), reserve("F13"), weak("R14", 69, 1)],
        vec![],
    );
    s.initiative = Side::Russian;
    let mut m = start(s);
    assert!(m.state().block_state(id("F12")).isolated);
    while m.state().turn() == 1 {
        pass(&mut m);
    }
    assert!(matches!(step(&m), Step::Logistics), "{:?}", step(&m));
    assert_eq!(m.state().initiative(), Side::Russian);
    assert!(m.state().view(Side::Russian).areas[42].contested);
    assert_eq!(m.state().controller(43), Some(Side::Russian));
    assert_eq!(seen(&m, Side::Russian, "F10"), Some(4), "still revealed");
    assert_eq!(seen(&m, Side::French, "R13"), None, "still concealed");
    assert!(m.state().block_state(id("F12")).isolated, "white cube");
    assert_eq!((strength(&m, "F11"), strength(&m, "R14")), (2, 1));
    assert_eq!(m.state().view(Side::French).reserve, vec![id("F13")]);
}

/// 10.0 BM-216: in Last Blood the immediate victories stand: the enemy CinC killed (BM-33),
/// all seven victory areas (BM-34), ten counting units lost (BM-35).
#[test]
fn last_blood_keeps_the_immediate_victory_conditions_bm216() {
    let base = || {
        let mut s = position(Side::French, vec![at("F10", 31), at("R13", 57)], vec![]);
        s.scenario = napoleonic::games::bloody_monday::LAST_BLOOD.to_string();
        s
    };
    let outcome = |s: Setup| start(s).state().outcome().map(|o| (o.winner, o.detail.victory));
    assert_eq!(outcome(base()), None);
    let mut s = base();
    s.blocks.retain(|p| p.block != "R01");
    s.destroyed = vec!["R01".into()];
    assert_eq!(outcome(s), Some((Some(Side::French), Victory::CommanderKilled)));
    let mut s = base();
    for a in [41, 55, 62, 69, 107, 57, 58, 59] {
        s.control.push(AreaSide { area: a, side: Side::French });
    }
    s.blocks.retain(|p| p.block != "R01" && p.block != "R13");
    s.blocks.push(at("R01", 100));
    assert_eq!(outcome(s), Some((Some(Side::French), Victory::AllVictoryAreas)));
    let mut s = base();
    s.destroyed = ["F11", "F12", "F13", "F14", "F19", "F20", "F21", "F24", "F25", "F26"].map(String::from).to_vec();
    assert_eq!(outcome(s.clone()), Some((Some(Side::Russian), Victory::Morale)));
    s.destroyed.pop();
    assert_eq!(outcome(s), None, "nine are not enough");
}

/// FAQ-13 BM-232 (D41): in a 6.2 action a tactical leader who moves uses 1 LP like any unit;
/// he is not activated and loses nothing.
#[test]
fn a_leader_moving_in_6_2_uses_one_lp_bm232() {
    let mut m = start(position(Side::French, vec![at("F09", 31), at("F10", 31), at("R13", 57)], vec![]));
    act(&mut m, Action::InitiativeMovement);
    let Step::Movement { moved: 0, limit: Some(lp), .. } = step(&m) else { panic!("{:?}", step(&m)) };
    walk(&mut m, "F09", &[27]);
    assert_eq!(step(&m), Step::Movement { kind: ImpulseKind::InitiativeMovement, moved: 1, limit: Some(lp) });
    assert!(!m.state().block_state(id("F09")).activated);
    finish_impulse(&mut m);
    assert_eq!(strength(&m, "F09"), 3);
}
