//! Every worked example of the Bloody Monday rulebook (`004_055a24714bfff972.txt`) that the
//! engine can show, and cheap checklist items (`bm-checklist.md`, cited "BM-n"), as positions
//! built with the public `Setup` on the scenario's map and driven through the public API.
//! Readings follow `bm-gaps.md` §D (cited "Dn"). Test names follow the examples.
use napoleonic::core::outcome::Level;
use napoleonic::games::bloody_monday::setup::{AreaSide, Placement, SetupStep};
use napoleonic::games::bloody_monday::{
    Action, BlockId, BlockView, BloodyMonday, Event, Options, Scenario, Setup, Side, Step, Victory, LAST_BLOOD,
};
use napoleonic::games::{Match, Rules};

mod common;
use common::bm::*;

// ------------------------------------------------------------------------------ helpers

fn to_battles_after_activation(m: &mut Match<BloodyMonday>) {
    if matches!(step(m), Step::ActivateLeaders { .. }) {
        act(m, Action::EndActivation);
    }
}

// ------------------------------------------------------------------------------ 1.2 terrain

/// 1.2.3 example (E1, D50): into 42 costs 2 MP; into 54, across the Kolocha into a new battle,
/// 3 MP and a light-blue cube.
#[test]
fn kolocha_example_42_costs_2_and_54_costs_3_with_a_blue_cube() {
    let mut m = start(position(Side::French, vec![at("F09", 12), at("F18", 12), at("F10", 12), at("F11", 12), at("R19", 42), at("R40", 54)]));
    let g = m.state();
    assert_eq!(g.entry_cost_between(Side::French, 12, 42), Some(2));
    assert_eq!(g.entry_cost_between(Side::French, 12, 54), Some(3));
    // Two leaders: one new battle each (5.1).
    tactical(&mut m, &["F09", "F18"]);
    walk(&mut m, "F10", &[54]);
    walk(&mut m, "F11", &[42]);
    assert!(m.state().block_state(id("F10")).blue, "across the Kolocha into a new battle");
    assert!(!m.state().block_state(id("F11")).blue);
}

/// 5.2 example (E16): cavalry attacking Gorki across the Kolocha spends 4 of its 5 MP.
#[test]
fn cavalry_attacks_gorki_across_the_kolocha_for_4_mp() {
    let m = start(position(Side::French, vec![at("F43", 42), at("R13", 69)]));
    assert_eq!(m.state().entry_cost_between(Side::French, 42, 69), Some(4));
}

/// 1.2 stacking per player: a red area holds one unit a side (BM-50, BM-51); the CinC does
/// not count (D14).
#[test]
fn stacking_limits_per_player_and_the_cinc_does_not_count() {
    let mut m = start(position(Side::French, vec![at("F09", 31), at("F10", 31), at("F11", 20), at("F12", 59), at("R33", 57)]));
    tactical(&mut m, &["F09"]);
    act(&mut m, Action::Move { block: id("F10") });
    assert!(!offered(&m, &Action::StepTo { block: id("F10"), to: 59 }), "59 is red and holds F12 already");
    assert!(offered(&m, &Action::StepTo { block: id("F10"), to: 57 }), "57 holds one Russian: the French may still enter");
}

/// FAQ-3: support units cannot engage, but they can disengage (BM-140).
#[test]
fn faq_support_units_cannot_engage() {
    let mut m = start(position(Side::French, vec![at("F09", 31), at("F16", 31), at("R33", 57)]));
    tactical(&mut m, &["F09"]);
    act(&mut m, Action::Move { block: id("F16") });
    assert!(!offered(&m, &Action::StepTo { block: id("F16"), to: 57 }));
    let err = m.apply(&Action::StepTo { block: id("F16"), to: 57 }).unwrap_err().to_string();
    assert!(err.contains("support units cannot engage"), "{err}");
}

// ------------------------------------------------------------------------------ 2 units

/// 2.6.1 example (E6): foot artillery enters a friendly uncontested yellow area (2 MP) and
/// activates there (+1 MP); two yellow areas are out of reach.
#[test]
fn foot_artillery_moves_into_yellow_and_activates() {
    let mut m = start(position(Side::French, vec![at("F32", 32), at("F36", 32)]));
    tactical(&mut m, &["F32"]);
    act(&mut m, Action::Move { block: id("F36") });
    act(&mut m, Action::StepTo { block: id("F36"), to: 35 });
    assert_eq!(step(&m), Step::UnitMove { block: id("F36"), mp: 1 });
    assert!(!offered(&m, &Action::StepTo { block: id("F36"), to: 34 }), "a second yellow area costs 2");
    act(&mut m, Action::Activate { block: id("F36") });
    assert!(m.state().block_state(id("F36")).activated);
    assert!(m.state().block_state(id("F36")).revealed, "5.2.1 activating reveals the block");
}

/// 2.6.2 example (E8): a leader crosses two friendly uncontested yellow areas (2+2) and
/// activates in the last (+1).
#[test]
fn leader_moves_two_yellow_areas_and_activates() {
    let mut m = start(position(Side::French, vec![at("F32", 33)]));
    act(&mut m, Action::Tactical);
    act(&mut m, Action::Move { block: id("F32") });
    act(&mut m, Action::StepTo { block: id("F32"), to: 34 });
    act(&mut m, Action::StepTo { block: id("F32"), to: 35 });
    assert_eq!(step(&m), Step::LeaderMove { leader: id("F32"), mp: 1 });
    let ev = act(&mut m, Action::Activate { block: id("F32") });
    assert!(ev.iter().any(|e| matches!(e, Event::LeaderActivated { area: 35, range: 2, .. })));
}

/// 2.6.1 / 2.6.2 examples (E5, E7): an artillery unit with k cannonballs fires k times, a
/// leader with k stars is activated k times (each drops one level); at 0 they are exhausted.
#[test]
fn artillery_fires_and_leaders_activate_as_often_as_their_levels() {
    let s = Scenario::shared().unwrap();
    assert_eq!(s.block(id("F16")).levels, vec![3, 2, 1, 0]);
    assert_eq!(s.block(id("F17")).levels, vec![2, 1, 0]);
    // Junot (1 star) once: after the impulse he is exhausted and cannot be activated.
    let mut m = start(position(Side::French, vec![at("F37", 30), at("F09", 31)]));
    tactical(&mut m, &["F37"]);
    while m.prompt().is_some_and(|p| p.side == Side::French && !matches!(p.step, Step::Impulse { .. })) {
        let p = m.prompt().unwrap();
        let a = p.actions.iter().find(|a| matches!(a, Action::EndMovement | Action::EndBattles | Action::EndImpulse | Action::EndInspiration)).cloned().unwrap_or(p.actions[0].clone());
        act(&mut m, a);
    }
    assert_eq!(strength(&m, "F37"), 0);
    act(&mut m, Action::Pass);
    act(&mut m, Action::EndMovement);
    // French impulse again: Junot may not be activated (basic rules), Davout may.
    assert!(matches!(step(&m), Step::Impulse { .. }));
    act(&mut m, Action::Tactical);
    assert!(!offered(&m, &Action::Activate { block: id("F37") }));
    assert!(offered(&m, &Action::Activate { block: id("F09") }));
}

// ------------------------------------------------------------------------------ 3 logistics

fn logistics(blocks: Vec<Placement>) -> Setup {
    Setup { turn: 2, step: SetupStep::Logistics, ..position(Side::French, blocks) }
}

/// 3.2 example (E10): Napoleon is revealed in Shevardino (1 MP); LP = 4 stars + Shevardino and
/// Borodino = 6; at the end of the phase he has 3 stars and is concealed.
#[test]
fn napoleon_logistic_value_is_6_and_he_drops_to_3_stars() {
    let mut s = logistics(vec![at("F10", 41)]);
    s.control.push(AreaSide { area: 41, side: Side::French });
    let mut m = start(s);
    // 3.0 the player without the initiative (the Russians) chooses first.
    assert_eq!(m.prompt().unwrap().side, Side::Russian);
    act(&mut m, Action::Decline);
    act(&mut m, Action::Move { block: id("F01") });
    act(&mut m, Action::StepTo { block: id("F01"), to: 23 });
    act(&mut m, Action::StepTo { block: id("F01"), to: 19 });
    let ev = act(&mut m, Action::Activate { block: id("F01") });
    assert!(ev.iter().any(|e| matches!(e, Event::CinCActivated { area: 19, lp: 6, .. })), "{ev:?}");
    while m.prompt().is_some_and(|p| p.side == Side::French && !matches!(p.step, Step::Impulse { .. })) {
        let p = m.prompt().unwrap();
        let a = p.actions.iter().find(|a| matches!(a, Action::EndRestore | Action::Reinforce { count: 0 })).cloned().unwrap_or(p.actions[0].clone());
        act(&mut m, a);
    }
    assert_eq!(strength(&m, "F01"), 3);
    assert!(!m.state().block_state(id("F01")).revealed);
    // Kutuzov declined and keeps his 3 stars (3.1).
    assert_eq!(strength(&m, "R01"), 3);
}

/// 3.3 example (E11, D51): 9 LP, 7 in reserve; four to Tatarinovo, Gorki is full, the fifth
/// to Utitsa, no other eligible area, two stay in the reserve.
#[test]
fn russian_reinforcements_fill_tatarinovo_then_utitsa() {
    let mut blocks = vec![at("R13", 69), at("R14", 69), at("R59", 62), at("F10", 55), at("R33", 55)];
    for r in ["R02", "R07", "R28", "R25", "R50", "R51", "R52"] {
        blocks.push(Placement { block: r.into(), area: None, ..Placement::default() });
    }
    let mut s = logistics(blocks);
    s.isolated_areas.push(AreaSide { area: 41, side: Side::Russian });
    s.initiative = Side::Russian; // the French choose first
    let mut m = start(s);
    act(&mut m, Action::Decline);
    let ev = act(&mut m, Action::Activate { block: id("R01") });
    assert!(ev.iter().any(|e| matches!(e, Event::CinCActivated { lp: 9, .. })), "Kutuzov 3 + 6 victory areas");
    assert_eq!(step(&m), Step::Reinforcements { lp: 9, max: 5 });
    let ev = act(&mut m, Action::Reinforce { count: 5 });
    let placed: Vec<u8> = ev.iter().filter_map(|e| if let Event::ReinforcementPlaced { area, .. } = e { Some(*area) } else { None }).collect();
    assert_eq!(placed, vec![107, 107, 107, 107, 62]);
    assert_eq!(m.state().view(Side::Russian).reserve.len(), 2);
}

/// 3.5a and 3.4: nothing to restore, but each stage waits for its end (BM-116: skipping it
/// would tell the opponent that no leader or gun is damaged).
fn end_restoring_leaders_and_artillery(m: &mut Match<BloodyMonday>) {
    assert!(matches!(step(m), Step::RestoreLeaders { .. }));
    act(m, Action::EndRestore);
    assert!(matches!(step(m), Step::RestoreArtillery { .. }));
    act(m, Action::EndRestore);
}

/// 3.5b example (E12): two LP restore the Life Guard Jagers to full strength (white dot).
#[test]
fn life_guard_jagers_restore_for_two_points() {
    let mut s = logistics(vec![weak("R03", 107, 2)]);
    s.initiative = Side::Russian;
    let mut m = start(s);
    act(&mut m, Action::Decline);
    act(&mut m, Action::Activate { block: id("R01") });
    end_restoring_leaders_and_artillery(&mut m);
    assert_eq!(step(&m), Step::RestoreCombat { budget: 9 });
    let ev = act(&mut m, Action::Restore { block: id("R03") });
    assert!(ev.contains(&Event::Restored { side: Side::Russian, cost: Some(2) }));
    assert_eq!(strength(&m, "R03"), 3);
}

/// 3.5b example (E13, D23): the 5th Infantry Division from minimum to three steps costs 7
/// LP, to maximum 11; with 9 LP the other 2 go elsewhere (one white step).
#[test]
fn fifth_infantry_division_restores_7_then_needs_4_more() {
    let mut s = logistics(vec![weak("F14", 21, 1), weak("F13", 21, 1)]);
    // LP 9: Napoleon 4 + Shevardino, Borodino, the Great Redoubt, Utitsa and Gorki.
    for a in [41, 55, 62, 69] {
        s.control.push(AreaSide { area: a, side: Side::French });
    }
    s.blocks.retain(|p| p.block != "R01");
    s.blocks.push(at("R01", 107));
    let mut m = start(s);
    act(&mut m, Action::Decline);
    act(&mut m, Action::Activate { block: id("F01") });
    end_restoring_leaders_and_artillery(&mut m);
    assert_eq!(step(&m), Step::RestoreCombat { budget: 9 });
    let costs: Vec<Event> = [act(&mut m, Action::Restore { block: id("F14") }), act(&mut m, Action::Restore { block: id("F14") })].concat();
    assert_eq!(costs, vec![Event::Restored { side: Side::French, cost: Some(3) }, Event::Restored { side: Side::French, cost: Some(4) }]);
    assert_eq!(strength(&m, "F14"), 3);
    assert_eq!(step(&m), Step::RestoreCombat { budget: 2 });
    assert!(!offered(&m, &Action::Restore { block: id("F14") }), "the last blue dot costs 4: 11 in all");
    assert!(offered(&m, &Action::Restore { block: id("F13") }), "one white step for the remaining 2");
}

// ------------------------------------------------------------------------------ 4 isolation

/// 4.1.1 example (E14): Bagration and two yellow infantry are isolated; Bagration may still
/// be activated but orders only the block in his own area; moving to 71 reconnects them at
/// the next Russian check, and the white cubes stay until then.
#[test]
fn bagration_isolated_commands_only_his_own_area() {
    let mut s = position(Side::Russian, vec![at("R32", 72), at("R13", 72), at("R14", 68), at("R01", 107)]);
    for a in [46, 53, 55, 67, 71, 70, 80, 81] {
        s.control.push(AreaSide { area: a, side: Side::French });
    }
    let mut m = start(s);
    let v = m.state().view(Side::Russian);
    let iso = |v: &napoleonic::games::bloody_monday::View, b: &str| {
        v.areas.iter().flat_map(|a| &a.blocks).any(|x| matches!(x, BlockView::Known { block, isolated: true, .. } if *block == id(b)))
    };
    assert!(iso(&v, "R32") && iso(&v, "R13") && iso(&v, "R14"));
    act(&mut m, Action::Tactical);
    act(&mut m, Action::Activate { block: id("R32") });
    to_battles_after_activation(&mut m);
    assert!(offered(&m, &Action::Move { block: id("R13") }), "in his area: any colour");
    assert!(!offered(&m, &Action::Move { block: id("R14") }), "yellow, outside his area");
    // He could instead have moved to 71 before activating, reconnecting with Kutuzov.
    assert!(iso(&m.state().view(Side::Russian), "R14"), "white cubes stay until the next check");
}

// ------------------------------------------------------------------------------ 5 tactical

/// 5.1 example (E15): Napoleon's 4 stars allow at most 4 leaders a impulse.
#[test]
fn napoleon_allows_four_leaders() {
    let leaders = [("F09", 31), ("F18", 20), ("F24", 7), ("F32", 37), ("F42", 24), ("F37", 30)];
    let mut m = start(position(Side::French, leaders.iter().map(|&(l, a)| at(l, a)).collect()));
    act(&mut m, Action::Tactical);
    for (l, _) in &leaders[..3] {
        act(&mut m, Action::Activate { block: id(l) });
    }
    assert_eq!(step(&m), Step::ActivateLeaders { activated: 3, cap: 4 });
    act(&mut m, Action::Activate { block: id("F42") });
    // The fourth ends the activation step: nobody else may be activated.
    assert!(!matches!(step(&m), Step::ActivateLeaders { .. }));
    assert!(m.apply(&Action::Activate { block: id("F37") }).is_err());
    assert_eq!(m.state().view(Side::French).impulse_state.map(|i| i.leaders.len()), Some(4));
}

/// 5.2.2 example (E17): Murat inspires the 1st Light Cavalry Division (adjacent, red).
#[test]
fn murat_inspires_the_first_light_cavalry_division() {
    let mut m = start(position(Side::French, vec![at("F42", 24), at("F43", 27), at("F10", 27)]));
    tactical(&mut m, &["F42"]);
    act(&mut m, Action::EndMovement);
    assert!(offered(&m, &Action::Inspire { leader: id("F42"), block: id("F43") }));
    assert!(!offered(&m, &Action::Inspire { leader: id("F42"), block: id("F10") }), "orange");
    act(&mut m, Action::Inspire { leader: id("F42"), block: id("F43") });
    assert!(m.state().block_state(id("F43")).yellow);
}

/// FAQ-5 a new battle must be resolved; FAQ-4/6 a current one may be skipped.
#[test]
fn faq_new_battles_are_mandatory_current_ones_optional() {
    let mut m = start(position(Side::French, vec![at("F09", 31), at("F10", 31), at("F11", 57), at("R33", 57), at("R35", 59)]));
    tactical(&mut m, &["F09"]);
    walk(&mut m, "F10", &[59]);
    to_battles(&mut m);
    assert_eq!(m.prompt().unwrap().actions, vec![Action::ResolveBattle { area: 59 }], "only the new battle, no EndBattles");
}

fn combined_position(blue_infantry_only: bool) -> Match<BloodyMonday> {
    // Davout in 43 with infantry and cavalry; more infantry in 12 (across the Kolocha from 54).
    let mut blocks = vec![at("F09", 43), at("F10", 12), at("F15", 43), at("R33", 54), at("R35", 54)];
    if !blue_infantry_only {
        blocks.push(at("F11", 43));
    }
    let mut s = position(Side::French, blocks);
    for a in [43, 12] {
        s.control.push(AreaSide { area: a, side: Side::French });
    }
    s.initiative = Side::French;
    s.dice = vec![6; 40];
    let mut m = start(s);
    tactical(&mut m, &["F09"]);
    walk(&mut m, "F10", &[54]);
    if !blue_infantry_only {
        walk(&mut m, "F11", &[54]);
    }
    walk(&mut m, "F15", &[54]);
    to_battles(&mut m);
    act(&mut m, Action::ResolveBattle { area: 54 });
    m
}

/// 5.3.5 example (E18): two French infantry (one with a light-blue cube) and a cavalry unit
/// against two Russian infantry in a green area: the French roll everything first, the
/// blue-cubed infantry halved, and the hits apply before the Russians reply.
#[test]
fn combined_attack_example() {
    let mut m = combined_position(false);
    assert_eq!(step(&m), Step::CombinedAttack { area: 54 });
    assert_eq!(m.prompt().unwrap().side, Side::French);
    let ev = act(&mut m, Action::CombinedAttack);
    let r = rolls(&ev);
    // F10 halved: 2 dice; F11 4; F15 2 = 8 dice, all sixes.
    assert_eq!(r[0], (Side::French, 8, 8));
    let mut later = Vec::new();
    while let Some(Action::AssignHit { block }) = m.prompt().and_then(|p| p.actions.first().cloned()) {
        later.extend(act(&mut m, Action::AssignHit { block }));
    }
    assert!(rolls(&later).is_empty());
    assert!(destroyed(&m, "R33") && destroyed(&m, "R35"), "8 hits destroy both before they reply");
    assert_eq!(r.len(), 1, "nobody left to reply");
}

/// 5.3.5 second example (E19): the only infantry crossed the Kolocha (light-blue cube): no
/// combined attack; both roll together.
#[test]
fn no_combined_attack_when_the_infantry_has_a_blue_cube() {
    let mut m = combined_position(true);
    assert!(!matches!(m.prompt().map(|p| p.step), Some(Step::CombinedAttack { .. })));
    let _ = &mut m;
}

/// 5.3.6.1 example (E20): six French hits and four Russian. The Russians put four hits on
/// their two infantry (one a jager), then one each on the artillery and the leader; the French
/// two each on their infantry. The jager goes to the box, the other three to the track.
#[test]
fn damage_distribution_example() {
    let mut s = position(
        Side::French,
        vec![
            Placement { yellow: true, ..at("F03", 54) },
            at("F10", 54),
            Placement { blue: true, ..at("F43", 54) },
            at("F09", 54),
            weak("R40", 54, 2),
            weak("R33", 54, 2),
            at("R46", 54),
            at("R32", 54),
        ],
    );
    s.control.push(AreaSide { area: 54, side: Side::Russian });
    s.blocks.retain(|p| p.block != "F09");
    s.blocks.push(at("F02", 16));
    // French: Old Guard inspired (QF: 3+) 6,6,6,1; F10 6,6,6,1; cavalry halved 1,1.
    // Russians: jager 6,6; R33 6,6; artillery 1; Bagration 1.
    s.dice = vec![6, 6, 6, 1, 6, 6, 6, 1, 1, 1, 6, 6, 6, 6, 1, 1];
    let mut m = start(s);
    tactical(&mut m, &["F02"]);
    to_battles(&mut m);
    let ev = act(&mut m, Action::ResolveBattle { area: 54 });
    let r = rolls(&ev);
    assert_eq!(r[0], (Side::French, 10, 6));
    assert_eq!(r[1], (Side::Russian, 6, 4));
    // FAQ-9 the inactive (Russian) player assigns first; priority targets first.
    let p = m.prompt().unwrap();
    assert_eq!(p.side, Side::Russian);
    assert_eq!(p.actions, vec![Action::AssignHit { block: id("R33") }, Action::AssignHit { block: id("R40") }]);
    assign(&mut m, &[]);
    for b in ["R40", "R33", "R46", "R32"] {
        assert!(destroyed(&m, b), "{b}");
    }
    assert_eq!(m.state().morale_losses(Side::Russian), 3, "the jager goes to the box");
    assert_eq!((strength(&m, "F03"), strength(&m, "F10"), strength(&m, "F43")), (2, 2, 3));
}

/// 9.6 example (E25): with steadfast units the Russians absorb the first hit with an
/// infantry's silver shield and the sixth with the artillery's gold shield, saving both
/// support units.
#[test]
fn steadfast_units_example() {
    let mut s = position(
        Side::French,
        vec![at("F02", 16), at("F10", 54), weak("R39", 54, 2), weak("R33", 54, 2), at("R46", 54), at("R32", 54)],
    );
    s.options = Options { steadfast: true, ..Options::default() };
    s.control.push(AreaSide { area: 54, side: Side::Russian });
    // F10: 6,6,6,6 = 4 hits; no: we need 6 hits: add a second French unit.
    s.blocks.push(at("F11", 54));
    s.dice = vec![6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1];
    let mut m = start(s);
    tactical(&mut m, &["F02"]);
    to_battles(&mut m);
    let ev = act(&mut m, Action::ResolveBattle { area: 54 });
    assert_eq!(rolls(&ev)[0].2, 6);
    assign(&mut m, &["R39", "R46"]);
    assert!(destroyed(&m, "R39") && destroyed(&m, "R33"));
    assert!(!destroyed(&m, "R46") && !destroyed(&m, "R32"), "the gold shield saves both");
}

/// 6.4 the defender with the disk retreats after artillery fire; the disk passes; the
/// attacker controls the area (BM-181..183).
#[test]
fn defender_retreat_spends_the_disk() {
    let mut s = position(Side::French, vec![at("F09", 31), at("F10", 31), at("R33", 57), at("R34", 58)]);
    s.initiative = Side::Russian;
    let mut m = start(s);
    tactical(&mut m, &["F09"]);
    walk(&mut m, "F10", &[57]);
    to_battles(&mut m);
    act(&mut m, Action::ResolveBattle { area: 57 });
    assert_eq!(step(&m), Step::DefenderRetreat { area: 57 });
    act(&mut m, Action::Retreat);
    assert_eq!(m.state().initiative(), Side::French);
    // 58 (red) already holds a Russian: no room; 47 is Russian and empty.
    assert!(!offered(&m, &Action::RetreatTo { block: id("R33"), to: 58 }));
    act(&mut m, Action::RetreatTo { block: id("R33"), to: 47 });
    assert_eq!(m.state().controller(57), Some(Side::French));
    assert_eq!(area_of(&m, "R33"), Some(47));
}

// ------------------------------------------------------------------------------ 6 initiative

/// 6.2 example (E21): a 3-star CinC allows 3 new and 3 current battles; LP units move.
#[test]
fn initiative_movement_caps_follow_the_cinc() {
    let mut s = position(Side::Russian, vec![at("R13", 71)]);
    s.initiative = Side::Russian;
    let mut m = start(s);
    act(&mut m, Action::InitiativeMovement);
    let v = m.state().view(Side::Russian);
    let imp = v.impulse_state.expect("impulse");
    assert_eq!((imp.new_battle_cap, imp.current_battles_left), (3, 3));
    assert_eq!(imp.move_limit, Some(9), "Kutuzov 3 + 6 victory areas");
    assert_eq!(m.state().initiative(), Side::French, "6.0 the disk passes");
}

/// 9.8 example (E27): Napoleon exhausted on turn 4: no tactical action, but a General
/// Offensive activates up to 4 leaders as if he had 4 stars.
#[test]
fn general_offensive_with_napoleon_exhausted() {
    let leaders = [("F09", 31), ("F18", 20), ("F24", 7), ("F32", 37), ("F42", 24)];
    let mut blocks: Vec<Placement> = leaders.iter().map(|&(l, a)| at(l, a)).collect();
    blocks.push(weak("F01", 21, 0));
    let mut s = position(Side::French, blocks);
    s.turn = 4;
    s.options = Options::up_to(8);
    let mut m = start(s);
    let p = m.prompt().unwrap();
    assert!(!p.actions.contains(&Action::Tactical));
    act(&mut m, Action::GeneralOffensive);
    for (l, _) in &leaders[..3] {
        act(&mut m, Action::Activate { block: id(l) });
    }
    assert_eq!(step(&m), Step::ActivateLeaders { activated: 3, cap: 4 });
    let imp = m.state().view(Side::French).impulse_state.expect("impulse");
    assert_eq!(imp.artillery_cap, 4);
}

// ------------------------------------------------------------------------------ 9 optional

/// [Units] setup example (E29): area 42 gets one of the six yellow jagers, 72 one of the two
/// light-blue cavalry (light or heavy, FAQ-1); 9.1 example (E22/E23): with Russian jagers,
/// Borodino may receive any of the three red infantry.
#[test]
fn setup_by_designation_examples() {
    let yellow_jagers: Vec<BlockId> = (19..=24).map(|i| id(&format!("R{i}"))).collect();
    let mut borodino = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let g = BloodyMonday::new_game("borodino", &Options::default(), seed).unwrap();
        let in_area = |a: u8| -> Vec<BlockId> { (0..115u8).filter(|&b| g.block_state(b).area() == Some(a - 1)).collect() };
        assert!(in_area(42).iter().any(|b| yellow_jagers.contains(b)));
        assert!(in_area(72).iter().any(|b| [id("R44"), id("R45")].contains(b)));
        assert!(in_area(41).contains(&id("R03")), "basic rules: the red jager designation is the LGJ");
        let g = BloodyMonday::new_game("borodino", &Options { jagers: true, ..Options::default() }, seed).unwrap();
        let b41: Vec<BlockId> = (0..115u8).filter(|&b| g.block_state(b).area() == Some(40)).collect();
        borodino.extend(b41);
    }
    assert!(borodino.len() >= 2, "9.1: any of the three red infantry");
}

/// 9.2 example (E24): the four Grand Battery guns fire 4 TF dice each (16 dice) at adjacent
/// Russian areas, without being reduced (D29).
#[test]
fn grand_battery_salvo_example() {
    let options = Options { grand_battery: true, ..Options::default() };
    let mut m = Match::<BloodyMonday>::new("borodino", options, 3).unwrap();
    assert_eq!(step(&m), Step::GrandBattery);
    let mut guns = 0;
    let mut levels = Vec::new();
    let mut ev = Vec::new();
    while let Some(Action::Salvo { artillery, target }) = m.prompt().unwrap().actions.iter().find(|a| matches!(a, Action::Salvo { .. })).cloned() {
        levels.push((artillery, strength(&m, &Scenario::shared().unwrap().block(artillery).id)));
        ev.extend(act(&mut m, Action::Salvo { artillery, target }));
        guns += 1;
    }
    assert_eq!(guns, 4, "the fourth declaration fires the salvo");
    let dice: usize = rolls(&ev).iter().map(|r| r.1).sum();
    assert_eq!(dice, 16);
    for (b, s) in levels {
        assert_eq!(m.state().strength(b), s);
    }
}

/// 9.9 example (E28): in a yellow area the Russian jager fires first, then the infantry of
/// both sides, then the French heavy cavalry; the Russians ignore one hit (yellow).
#[test]
fn advanced_combat_example() {
    let mut s = position(Side::French, vec![at("F09", 37), at("F10", 37), at("F47", 37), at("R40", 44), at("R33", 44)]);
    s.options = Options { advanced_combat: true, ..Options::default() };
    s.dice = vec![1; 40];
    let mut m = start(s);
    tactical(&mut m, &["F09"]);
    walk(&mut m, "F10", &[44]);
    walk(&mut m, "F47", &[44]);
    to_battles(&mut m);
    let ev = act(&mut m, Action::ResolveBattle { area: 44 });
    let r = rolls(&ev);
    assert_eq!(r, vec![(Side::Russian, 2, 0), (Side::French, 4, 0), (Side::Russian, 3, 0), (Side::French, 4, 0)]);
}

// ------------------------------------------------------------------------------ victory

/// [Win A] killing the enemy CinC wins at once.
#[test]
fn killing_the_commander_in_chief_wins() {
    let mut s = position(Side::French, vec![at("F09", 31), at("F10", 31), at("R01", 57)]);
    s.dice = vec![6; 10];
    let mut m = start(s);
    tactical(&mut m, &["F09"]);
    walk(&mut m, "F10", &[57]);
    to_battles(&mut m);
    act(&mut m, Action::ResolveBattle { area: 57 });
    let o = m.state().outcome().expect("game over");
    assert_eq!((o.winner, o.detail.victory), (Some(Side::French), Victory::CommanderKilled));
    assert_eq!(o.level, Level::Decisive, "[Win] A wins immediately");
}

/// [Win C] ten counting units destroyed; militia, jagers and cossacks do not count (2.3b),
/// Platov does (E32).
#[test]
fn ten_counting_units_destroyed_wins_and_jagers_do_not_count() {
    let s = Scenario::shared().unwrap();
    assert!(!s.block(id("R40")).counts_for_morale && !s.block(id("R59")).counts_for_morale && !s.block(id("R50")).counts_for_morale);
    assert!(s.block(id("R49")).counts_for_morale, "Platov");
    let mut setup = position(Side::French, vec![at("F09", 31)]);
    setup.destroyed = ["R13", "R14", "R15", "R16", "R17", "R18", "R33", "R34", "R35", "R19", "R20", "R59"].map(String::from).to_vec();
    let m = start(setup.clone());
    assert!(m.state().outcome().is_none(), "9 counting units only");
    setup.destroyed.push("R38".into());
    let m = start(setup);
    assert_eq!(m.state().outcome().map(|o| o.detail.victory), Some(Victory::Morale));
}

/// 1.1 / 8.0: at the end of turn 4, 3 victory areas each with nobody holding all three
/// flèches is a draw; Last Blood (10.0) counts points instead (E34).
#[test]
fn end_of_turn_4_draw_rule_and_last_blood_points() {
    let mut s = position(Side::French, vec![at("F09", 31)]);
    s.turn = 4;
    for a in [41, 55, 62, 57] {
        s.control.push(AreaSide { area: a, side: Side::French });
    }
    let mut m = start(s.clone());
    act(&mut m, Action::Pass);
    act(&mut m, Action::EndMovement);
    act(&mut m, Action::Pass);
    act(&mut m, Action::EndMovement);
    let o = m.state().outcome().expect("end of turn 4");
    assert_eq!(o.detail.victory_areas, [4, 2]);
    assert_eq!((o.winner, o.level), (Some(Side::French), Level::Marginal), "8.0 more areas when turn 4 ends");
    // French 19, 41, 55 ... with 62 back to the Russians: 3-3 and split flèches.
    s.control.retain(|c| c.area != 62);
    let mut m = start(s.clone());
    act(&mut m, Action::Pass);
    act(&mut m, Action::EndMovement);
    act(&mut m, Action::Pass);
    act(&mut m, Action::EndMovement);
    let o = m.state().outcome().expect("end of turn 4");
    assert_eq!((o.winner, o.detail.victory, o.detail.victory_areas), (None, Victory::Draw, [3, 3]));
    assert_eq!(o.level, Level::Draw);
    // Last Blood: 2 an area, 3 for all flèches, kills by shield.
    s.scenario = LAST_BLOOD.into();
    s.destroyed = vec!["R46".into(), "R36".into(), "R33".into(), "R40".into()];
    let m = start(s);
    assert_eq!(m.state().last_blood_points(Side::French), 3 * 2 + 5 + 3 + 2 + 1);
    assert_eq!(m.state().last_blood_points(Side::Russian), 3 * 2);
}
