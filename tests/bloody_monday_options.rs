//! Bloody Monday's optional rules (9.1-9.12), Last Blood (10.0) and the initiative actions 6.1
//! and 6.3, each as a small explicit position (the public `Setup`) played through
//! `Match<BloodyMonday>`. Every test checks the behaviour with the option and, where the option
//! is a switch, without it, so that a broken or ignored switch fails. Checklist items of
//! `bm-checklist.md` are cited "BM-n", readings of `bm-gaps.md` §D "Dn".
use napoleonic::games::bloody_monday::setup::{AreaSide, Placement};
use napoleonic::games::bloody_monday::{
    Action, BlockId, BloodyMonday, Event, Ignored, ImpulseKind, Options, RollPurpose, Scenario, Side, Step,
    Victory, LAST_BLOOD,
};
use napoleonic::games::{Match, Rules};

mod common;
use common::bm::*;

// ------------------------------------------------------------------------------ helpers

/// Play the rest of the active player's impulse with the "end" choices; returns the events.
fn finish_impulse(m: &mut Match<BloodyMonday>) -> Vec<Event> {
    let side = m.state().active();
    let mut ev = Vec::new();
    while let Some(p) = m.prompt() {
        if p.side != side || matches!(p.step, Step::Impulse { .. }) {
            break;
        }
        let a = match p.step {
            Step::ActivateLeaders { .. } => Action::EndActivation,
            Step::Movement { .. } => Action::EndMovement,
            Step::Inspiration => Action::EndInspiration,
            Step::ChooseBattle { .. } => Action::EndBattles,
            Step::CavalryRaid => Action::EndImpulse,
            _ => panic!("unexpected step {:?}", p.step),
        };
        ev.extend(act(m, a));
    }
    ev
}

/// 7.0 pass without moving anything and without resolving a battle.
fn pass(m: &mut Match<BloodyMonday>) -> Vec<Event> {
    let mut ev = act(m, Action::Pass);
    loop {
        let a = match m.prompt().map(|p| p.step) {
            Some(Step::Movement { .. }) => Action::EndMovement,
            Some(Step::ChooseBattle { .. }) => Action::EndBattles,
            _ => return ev,
        };
        ev.extend(act(m, a));
    }
}

/// Start moving `b` and enter `path`, leaving the unit in mid-move when it can go on.
fn steps(m: &mut Match<BloodyMonday>, b: &str, path: &[u8]) {
    act(m, Action::Move { block: id(b) });
    for &to in path {
        act(m, Action::StepTo { block: id(b), to });
    }
}

fn reduced(ev: &[Event], b: &str) -> bool {
    ev.iter().any(|e| matches!(e, Event::Reduced { block: Some(x), .. } if *x == id(b)))
}

fn mobility() -> Options {
    Options { mobility: true, ..Options::default() }
}

// ------------------------------------------------------------------------------ 9.3 Mobility

/// The MP `unit` starts its move with, ordered by `leader` in their shared area.
fn unit_mp(options: Options, active: Side, leader: &str, unit: &str, area: u8) -> u8 {
    let mut m = start(with(position(active, vec![at(leader, area), at(unit, area)]), options));
    tactical(&mut m, &[leader]);
    act(&mut m, Action::Move { block: id(unit) });
    match step(&m) {
        Step::UnitMove { mp, .. } => mp,
        s => panic!("{unit} is not moving: {s:?}"),
    }
}

/// 9.3 (BM-199): light cavalry (cossacks too) 6 MP, jagers 4, militia 2; line infantry and
/// heavy cavalry unchanged. Without the option every unit has its printed 2.1 MP.
#[test]
fn mobility_9_3_movement_allowances_bm199() {
    let cases = [
        (Side::French, "F42", "F43", 24, 6, 5), // red light cavalry
        (Side::French, "F42", "F47", 24, 5, 5), // heavy cavalry
        (Side::Russian, "R49", "R50", 87, 6, 5), // cossacks
        (Side::Russian, "R12", "R19", 107, 4, 3), // jagers
        (Side::Russian, "R12", "R59", 107, 2, 3), // militia
        (Side::Russian, "R12", "R13", 107, 3, 3), // line infantry
    ];
    for (side, leader, unit, area, on, off) in cases {
        assert_eq!(unit_mp(mobility(), side, leader, unit, area), on, "{unit} with 9.3");
        assert_eq!(unit_mp(Options::default(), side, leader, unit, area), off, "{unit} without 9.3");
    }
}

/// 9.3 (BM-199, D21): Murat has 6 MP, so moving before his activation he keeps 5 to spend;
/// other leaders keep 5 MP.
#[test]
fn mobility_9_3_murat_has_6_mp_bm199() {
    for (options, murat) in [(mobility(), 6), (Options::default(), 5)] {
        let mut m = start(with(position(Side::French, vec![at("F42", 24), at("F09", 31)]), options));
        act(&mut m, Action::Tactical);
        act(&mut m, Action::Move { block: id("F42") });
        assert_eq!(step(&m), Step::LeaderMove { leader: id("F42"), mp: murat });
        act(&mut m, Action::Activate { block: id("F42") });
        act(&mut m, Action::Move { block: id("F09") });
        assert_eq!(step(&m), Step::LeaderMove { leader: id("F09"), mp: 5 }, "Davout is not Murat");
    }
}

/// 9.3 (BM-199): light cavalry reaches a sixth green area only with the option.
#[test]
fn mobility_9_3_light_cavalry_enters_a_sixth_area_only_with_the_option_bm199() {
    let path = [26, 25, 21, 23, 20];
    for on in [true, false] {
        let opts = if on { mobility() } else { Options::default() };
        let mut m = start(with(position(Side::French, vec![at("F42", 24), at("F43", 24)]), opts));
        tactical(&mut m, &["F42"]);
        steps(&mut m, "F43", &path);
        let sixth = Action::StepTo { block: id("F43"), to: 31 };
        assert_eq!(offered(&m, &sixth), on, "9.3 {on}");
        if on {
            act(&mut m, sixth);
            assert_eq!(area_of(&m, "F43"), Some(31));
        } else {
            assert!(m.apply(&sixth).is_err(), "5 MP are spent");
            assert_eq!(area_of(&m, "F43"), Some(20));
        }
    }
}

/// 9.3 (BM-199): a jager enters a fourth area and militia a third only as the option allows.
#[test]
fn mobility_9_3_jagers_go_further_and_militia_less_far_bm199() {
    for on in [true, false] {
        let opts = if on { mobility() } else { Options::default() };
        let mut m = start(with(position(Side::Russian, vec![at("R12", 107), at("R19", 107), at("R59", 107)]), opts));
        tactical(&mut m, &["R12"]);
        steps(&mut m, "R19", &[88, 97, 98]);
        assert_eq!(offered(&m, &Action::StepTo { block: id("R19"), to: 105 }), on, "jager 4th area, 9.3 {on}");
        // A concealed block waits for its Stop even with no MP left (BM-8).
        act(&mut m, Action::Stop { block: id("R19") });
        steps(&mut m, "R59", &[88, 97]);
        assert_eq!(offered(&m, &Action::StepTo { block: id("R59"), to: 98 }), !on, "militia 3rd area, 9.3 {on}");
    }
}

// ------------------------------------------------------------------------------ 9.4 First Sabre

fn first_sabre_position(on: bool) -> Match<BloodyMonday> {
    // Murat (red, 3 stars) in 24; orange light cavalry and infantry adjacent in 27, the blue
    // Guard heavy cavalry adjacent in 26, yellow light cavalry two areas away in 21, red light
    // cavalry adjacent in 30.
    let blocks = vec![at("F42", 24), at("F15", 27), at("F10", 27), at("F06", 26), at("F22", 21), at("F43", 30)];
    let opts = Options { first_sabre: on, ..Options::default() };
    let mut m = start(with(position(Side::French, blocks), opts));
    tactical(&mut m, &["F42"]);
    m
}

/// 9.4 (BM-200): an activated Murat orders cavalry of any colour within his tactical range
/// (never infantry of another colour); without the option only his red cavalry.
#[test]
fn first_sabre_9_4_murat_orders_cavalry_of_any_colour_bm200() {
    let m = first_sabre_position(true);
    for b in ["F15", "F06", "F22", "F43"] {
        assert!(is_ordered(&m, b), "{b} with 9.4");
        assert!(offered(&m, &Action::Move { block: id(b) }), "{b} may move");
    }
    assert!(!is_ordered(&m, "F10"), "orange infantry outside his area");
    let m = first_sabre_position(false);
    assert!(is_ordered(&m, "F43"));
    for b in ["F15", "F06", "F22", "F10"] {
        assert!(!is_ordered(&m, b), "{b} without 9.4");
        assert!(!offered(&m, &Action::Move { block: id(b) }));
    }
}

/// 9.4 (BM-200, D15): Murat inspires one adjacent cavalry unit of any colour, still only one;
/// without the option only his own colour.
#[test]
fn first_sabre_9_4_murat_inspires_one_adjacent_cavalry_of_any_colour_bm200() {
    let inspire = |b: &str| Action::Inspire { leader: id("F42"), block: id(b) };
    let mut m = first_sabre_position(true);
    act(&mut m, Action::EndMovement);
    assert_eq!(step(&m), Step::Inspiration);
    for b in ["F15", "F06", "F43"] {
        assert!(offered(&m, &inspire(b)), "{b}");
    }
    assert!(!offered(&m, &inspire("F22")), "not adjacent");
    assert!(!offered(&m, &inspire("F10")), "infantry of another colour");
    act(&mut m, inspire("F15"));
    assert!(m.state().block_state(id("F15")).yellow);
    assert!(!offered(&m, &inspire("F06")) && !offered(&m, &inspire("F43")), "only one");
    let mut m = first_sabre_position(false);
    act(&mut m, Action::EndMovement);
    assert!(offered(&m, &inspire("F43")));
    assert!(!offered(&m, &inspire("F15")) && !offered(&m, &inspire("F06")));
}

// ------------------------------------------------------------------------------ 9.5 Cossacks

fn platov_position(on: bool) -> Match<BloodyMonday> {
    // Platov in 87 with a cossack, militia and yellow light cavalry; a cossack and militia in 88.
    let blocks = vec![at("R49", 87), at("R50", 87), at("R59", 87), at("R25", 87), at("R51", 88), at("R60", 88)];
    let opts = Options { cossacks: on, ..Options::default() };
    let mut m = start(with(position(Side::Russian, blocks), opts));
    tactical(&mut m, &["R49"]);
    m
}

/// 9.5 (BM-201): Platov orders only cossacks, even in his own area; without the option he
/// orders anything in his area and militia in range (5.1).
#[test]
fn cossacks_9_5_platov_orders_only_cossacks_even_in_his_area_bm201() {
    let m = platov_position(true);
    let mut got = ordered(&m);
    got.sort();
    assert_eq!(got, vec![id("R50"), id("R51")]);
    assert!(!offered(&m, &Action::Move { block: id("R59") }) && !offered(&m, &Action::Move { block: id("R25") }));
    let m = platov_position(false);
    for b in ["R50", "R51", "R59", "R25", "R60"] {
        assert!(is_ordered(&m, b), "{b} without 9.5");
    }
}

/// 9.5 (BM-201): Platov inspires only cossacks; without the option militia too (5.2.2).
#[test]
fn cossacks_9_5_platov_inspires_only_cossacks_bm201() {
    let inspire = |b: &str| Action::Inspire { leader: id("R49"), block: id(b) };
    for on in [true, false] {
        let mut m = platov_position(on);
        act(&mut m, Action::EndMovement);
        assert!(offered(&m, &inspire("R51")));
        assert_eq!(offered(&m, &inspire("R60")), !on, "militia, 9.5 {on}");
    }
}

/// A French attack from 8 into 42 (green) held by Russian infantry and a cossack, with these
/// French units; returns the match after the battle starts and its events.
fn cossack_battle(on: bool, french: &[&str]) -> (Match<BloodyMonday>, Vec<Event>) {
    let blocks = vec![at("F09", 8), at("F10", 8), at("F15", 8), at("R13", 42), at("R50", 42)];
    let mut s = with(position(Side::French, blocks), Options { cossacks: on, ..Options::default() });
    s.dice = vec![1; 40];
    let mut m = start(s);
    tactical(&mut m, &["F09"]);
    for b in french {
        walk(&mut m, b, &[42]);
    }
    to_battles(&mut m);
    let ev = act(&mut m, Action::ResolveBattle { area: 42 });
    (m, ev)
}

/// 9.5 (BM-202, D49): cossacks are not cavalry for making a combined attack (5.3.5).
#[test]
fn cossacks_9_5_do_not_make_a_combined_attack_bm202() {
    let (m, _) = cossack_battle(false, &["F10"]);
    assert_eq!(step(&m), Step::CombinedAttack { area: 42 });
    assert_eq!(m.prompt().unwrap().side, Side::Russian, "infantry and cossacks combine without 9.5");
    let (m, ev) = cossack_battle(true, &["F10"]);
    assert!(m.prompt().is_none_or(|p| !matches!(p.step, Step::CombinedAttack { .. })));
    assert_eq!(rolls(&ev), vec![(Side::French, 4, 0), (Side::Russian, 7, 0)], "both roll together");
}

/// 9.5 (BM-202, D49): cossacks are not cavalry for preventing a combined attack either.
#[test]
fn cossacks_9_5_do_not_prevent_a_combined_attack_bm202() {
    let (m, ev) = cossack_battle(false, &["F10", "F15"]);
    assert!(m.prompt().is_none_or(|p| !matches!(p.step, Step::CombinedAttack { .. })), "both sides qualify");
    assert_eq!(rolls(&ev).len(), 2);
    let (m, _) = cossack_battle(true, &["F10", "F15"]);
    assert_eq!(step(&m), Step::CombinedAttack { area: 42 });
    assert_eq!(m.prompt().unwrap().side, Side::French);
}

// ------------------------------------------------------------------------------ 9.7 exhausted leaders

fn junot_position(on: bool) -> Match<BloodyMonday> {
    // Napoleon at 2 stars (2 leaders); Davout fresh in 31; Junot exhausted in 30 with a pink and
    // an orange infantry; a pink infantry adjacent in 24; Ney in 20.
    let blocks = vec![
        weak("F01", 21, 2),
        at("F09", 31),
        weak("F37", 30, 0),
        at("F38", 30),
        at("F10", 30),
        at("F39", 24),
        at("F18", 20),
    ];
    start(with(position(Side::French, blocks), Options { exhausted_leaders: on, ..Options::default() }))
}

/// 9.7 (BM-205, BM-206): an exhausted leader may be activated only after a non-exhausted one,
/// with range 0 (units of any colour in his area only), and counts towards the CinC's limit.
/// Without the option he is never offered (5.1).
#[test]
fn exhausted_leader_9_7_activated_with_range_0_bm205_bm206() {
    let mut m = junot_position(true);
    act(&mut m, Action::Tactical);
    assert!(!offered(&m, &Action::Activate { block: id("F37") }), "a non-exhausted leader first");
    act(&mut m, Action::Activate { block: id("F09") });
    assert!(offered(&m, &Action::Activate { block: id("F37") }));
    let ev = act(&mut m, Action::Activate { block: id("F37") });
    assert!(ev.iter().any(|e| matches!(e, Event::LeaderActivated { leader, area: 30, range: 0 } if *leader == id("F37"))), "{ev:?}");
    assert!(is_ordered(&m, "F38") && is_ordered(&m, "F10"), "any colour in his own area");
    assert!(!is_ordered(&m, "F39"), "range 0: not the adjacent pink infantry");
    assert_eq!(m.state().view(Side::French).impulse_state.unwrap().leaders.len(), 2);
    assert!(m.apply(&Action::Activate { block: id("F18") }).is_err(), "Napoleon's 2 stars: Junot counted");

    let mut m = junot_position(false);
    act(&mut m, Action::Tactical);
    act(&mut m, Action::Activate { block: id("F09") });
    assert!(!offered(&m, &Action::Activate { block: id("F37") }));
    assert!(m.apply(&Action::Activate { block: id("F37") }).is_err());
}

/// 9.7 (BM-207, D31): the exhausted leader inspires as usual and does not drop a level at 5.4,
/// while the fresh leader does.
#[test]
fn exhausted_leader_9_7_not_reduced_at_deactivation_bm207() {
    let mut m = junot_position(true);
    tactical(&mut m, &["F09", "F37"]);
    act(&mut m, Action::EndMovement);
    assert!(offered(&m, &Action::Inspire { leader: id("F37"), block: id("F39") }), "D31 inspires as usual");
    let ev = finish_impulse(&mut m);
    assert!(reduced(&ev, "F09"), "Davout drops a level");
    assert!(!reduced(&ev, "F37"), "9.7 the exhausted leader is not reduced: {ev:?}");
    assert_eq!((strength(&m, "F09"), strength(&m, "F37")), (2, 0));
    assert!(!m.state().block_state(id("F37")).activated);
}

// ------------------------------------------------------------------------------ 9.10 fatigue

/// 9.10 (BM-211, D5): in the Final Phase every unit without a shield in a contested area takes
/// one hit, the defence bonus ignored; shielded units (gold or silver, even with 9.6 off) and
/// units outside battles are untouched; a leader without a shield dies. Nothing without 9.10.
#[test]
fn battle_fatigue_9_10_in_the_final_phase_bm211() {
    for on in [true, false] {
        let blocks = vec![
            at("F10", 42),
            at("F11", 42),
            at("F09", 42),
            at("F16", 42),
            at("R13", 42),
            at("R36", 42),
            at("F19", 44),
            at("R40", 44),
            at("F12", 8),
        ];
        let mut m = start(with(position(Side::French, blocks), Options { battle_fatigue: on, ..Options::default() }));
        let mut ev = pass(&mut m);
        ev.extend(pass(&mut m));
        assert_eq!(m.state().turn(), 2, "the Final Phase ran");
        let fatigue: Vec<u8> = ev.iter().filter_map(|e| if let Event::Fatigue { area } = e { Some(*area) } else { None }).collect();
        let hit = on as u8;
        assert_eq!(fatigue, if on { vec![42, 44] } else { vec![] });
        assert_eq!(strength(&m, "F10"), 4 - hit, "no shield");
        assert_eq!(strength(&m, "R13"), 4 - hit, "no shield, both sides");
        assert_eq!(strength(&m, "F19"), 3 - hit, "yellow area: no defence bonus");
        assert_eq!(strength(&m, "R40"), 2 - hit, "the defender's yellow bonus is ignored");
        assert_eq!(destroyed(&m, "F09"), on, "a leader without a shield dies");
        assert_eq!((strength(&m, "F11"), strength(&m, "R36")), (4, 4), "silver shields");
        assert!(!destroyed(&m, "F16") && strength(&m, "F16") == 3, "gold shield");
        assert_eq!(strength(&m, "F12"), 4, "not in a battle");
    }
}

// ------------------------------------------------------------------------------ 9.11 / 9.12

fn barclay_position(options: Options) -> Match<BloodyMonday> {
    // Barclay (north) in 67; yellow infantry in 72 (south, adjacent), in 71 (north, adjacent)
    // and in 89 (north, reached within 3 only through 80 in the south since 79 is French).
    let mut s = position(Side::Russian, vec![at("R12", 67), at("R13", 72), at("R14", 71), at("R15", 89)]);
    s.control.push(AreaSide { area: 79, side: Side::French });
    s.options = options;
    start(s)
}

/// 9.11 (BM-212, BM-213, D32): Barclay may not cross the line and orders and inspires no unit
/// beyond it, nor through it; the units he orders may cross. Without the option he may.
#[test]
fn command_limit_9_11_barclay_stays_north_bm213() {
    for on in [true, false] {
        let mut m = barclay_position(Options { command_limit: on, ..Options::default() });
        act(&mut m, Action::Tactical);
        act(&mut m, Action::Move { block: id("R12") });
        for south in [72, 68, 80] {
            assert_eq!(offered(&m, &Action::StepTo { block: id("R12"), to: south }), !on, "Barclay into {south}, 9.11 {on}");
        }
        assert!(offered(&m, &Action::StepTo { block: id("R12"), to: 66 }));
        act(&mut m, Action::Activate { block: id("R12") });
        assert!(is_ordered(&m, "R14"));
        assert_eq!(is_ordered(&m, "R13"), !on, "beyond the line");
        assert_eq!(is_ordered(&m, "R15"), !on, "range path through the south");
        if matches!(step(&m), Step::ActivateLeaders { .. }) {
            act(&mut m, Action::EndActivation);
        }
        act(&mut m, Action::Move { block: id("R14") });
        assert!(offered(&m, &Action::StepTo { block: id("R14"), to: 72 }), "D32 his units may cross under 9.11");
        act(&mut m, Action::Stop { block: id("R14") });
        act(&mut m, Action::EndMovement);
        let inspire = |b: &str| Action::Inspire { leader: id("R12"), block: id(b) };
        assert!(offered(&m, &inspire("R14")));
        assert_eq!(offered(&m, &inspire("R13")), !on);
    }
}

/// 9.11 (BM-213): the same for Bagration in the south: he may not step north, nor order the
/// militia (any leader's, 5.1) just across the line.
#[test]
fn command_limit_9_11_bagration_stays_south_bm213() {
    for on in [true, false] {
        let mut s = position(Side::Russian, vec![at("R32", 72), at("R59", 71), at("R33", 68)]);
        s.options = Options { command_limit: on, ..Options::default() };
        let mut m = start(s);
        act(&mut m, Action::Tactical);
        act(&mut m, Action::Move { block: id("R32") });
        assert_eq!(offered(&m, &Action::StepTo { block: id("R32"), to: 71 }), !on, "north, 9.11 {on}");
        assert!(offered(&m, &Action::StepTo { block: id("R32"), to: 68 }));
        act(&mut m, Action::Activate { block: id("R32") });
        assert!(is_ordered(&m, "R33"));
        assert_eq!(is_ordered(&m, "R59"), !on, "militia beyond the line, 9.11 {on}");
    }
}

/// 9.12 (BM-214, D33): yellow units may not enter the south, light-blue ones the north.
#[test]
fn extreme_command_limit_9_12_moves_bm214() {
    for on in [true, false] {
        // 9.11 on in both: the difference is 9.12's alone.
        let opts = Options { command_limit: true, extreme_command_limit: on, ..Options::default() };
        let mut s = position(Side::Russian, vec![at("R12", 67), at("R14", 71), at("R32", 72), at("R33", 72), at("R04", 72)]);
        s.options = opts;
        let mut m = start(s);
        tactical(&mut m, &["R12", "R32"]);
        act(&mut m, Action::Move { block: id("R14") });
        assert_eq!(offered(&m, &Action::StepTo { block: id("R14"), to: 72 }), !on, "yellow into the south");
        assert!(offered(&m, &Action::StepTo { block: id("R14"), to: 66 }));
        act(&mut m, Action::Stop { block: id("R14") });
        act(&mut m, Action::Move { block: id("R33") });
        assert_eq!(offered(&m, &Action::StepTo { block: id("R33"), to: 71 }), !on, "light blue into the north");
        assert!(offered(&m, &Action::StepTo { block: id("R33"), to: 68 }));
        act(&mut m, Action::Stop { block: id("R33") });
        act(&mut m, Action::Move { block: id("R04") });
        assert!(offered(&m, &Action::StepTo { block: id("R04"), to: 71 }), "the red Guard is not 1st or 2nd Army");
    }
}

/// 9.12 (BM-214, D33): retreats skip forbidden areas; a unit whose only retreat areas are
/// forbidden is destroyed.
#[test]
fn extreme_command_limit_9_12_retreats_bm214() {
    for on in [true, false] {
        // 42 (north) holds yellow and light-blue infantry; 41 and 69 (north) and 54 and 55
        // (south) are Russian and empty, 41 is French.
        let mut s = position(Side::French, vec![at("F09", 8), at("F10", 8), at("R13", 42), at("R33", 42), at("R01", 107)]);
        s.control.push(AreaSide { area: 41, side: Side::French });
        s.initiative = Side::Russian;
        s.options = Options { command_limit: true, extreme_command_limit: on, ..Options::default() };
        let mut m = start(s);
        tactical(&mut m, &["F09"]);
        walk(&mut m, "F10", &[42]);
        to_battles(&mut m);
        act(&mut m, Action::ResolveBattle { area: 42 });
        act(&mut m, Action::Retreat);
        let to = |b: &str, a: u8| Action::RetreatTo { block: id(b), to: a };
        assert_eq!(offered(&m, &to("R13", 69)), true, "yellow north");
        assert_eq!(offered(&m, &to("R13", 55)), !on, "yellow south");
        assert_eq!(offered(&m, &to("R33", 55)), true, "light blue south");
        assert_eq!(offered(&m, &to("R33", 69)), !on, "light blue north");
        act(&mut m, to("R33", 55));
        assert_eq!(area_of(&m, "R33"), Some(55));
    }
    // With 41 and 69 French, the yellow unit has only southern areas: destroyed under 9.12.
    for on in [true, false] {
        let mut s = position(Side::French, vec![at("F09", 8), at("F10", 8), at("R13", 42), at("R01", 107)]);
        s.control.push(AreaSide { area: 41, side: Side::French });
        s.control.push(AreaSide { area: 69, side: Side::French });
        s.initiative = Side::Russian;
        s.options = Options { command_limit: true, extreme_command_limit: on, ..Options::default() };
        let mut m = start(s);
        tactical(&mut m, &["F09"]);
        walk(&mut m, "F10", &[42]);
        to_battles(&mut m);
        act(&mut m, Action::ResolveBattle { area: 42 });
        let ev = act(&mut m, Action::Retreat);
        if on {
            assert!(ev.iter().any(|e| matches!(e, Event::NoRetreat { side: Side::Russian, area: 42 })), "{ev:?}");
            assert!(destroyed(&m, "R13"));
        } else {
            assert!(offered(&m, &Action::RetreatTo { block: id("R13"), to: 54 }));
            assert!(!destroyed(&m, "R13"));
        }
    }
}

/// 9.12 (BM-214, D33) and 6.1: reinforcement placement skips victory areas in the part the
/// block may not enter (light blue skips Tatarinovo and Gorki, in the north).
#[test]
fn extreme_command_limit_9_12_reinforcements_bm214() {
    for on in [true, false] {
        let mut s = position(Side::Russian, vec![reserve("R33"), reserve("R13")]);
        s.initiative = Side::Russian;
        s.options = Options { command_limit: true, extreme_command_limit: on, ..Options::default() };
        let mut m = start(s);
        act(&mut m, Action::CallReinforcements);
        act(&mut m, Action::Reinforce { count: 2 });
        assert_eq!(area_of(&m, "R13"), Some(107), "yellow: Tatarinovo first");
        assert_eq!(area_of(&m, "R33"), Some(if on { 62 } else { 107 }), "light blue, 9.12 {on}");
    }
}

/// 9.12 (BM-214, D33): a 9.1 skirmish also skips forbidden areas: a light-blue jager in Gorki
/// (north) may fall back only into the Great Redoubt (south).
#[test]
fn extreme_command_limit_9_12_skirmish_bm214() {
    for on in [true, false] {
        let mut s = position(Side::French, vec![at("F09", 41), at("F15", 41), at("R40", 69), at("R13", 69), at("R01", 107)]);
        s.control.push(AreaSide { area: 41, side: Side::French });
        s.options = Options { jagers: true, command_limit: true, extreme_command_limit: on, ..Options::default() };
        let mut m = start(s);
        tactical(&mut m, &["F09"]);
        walk(&mut m, "F15", &[69]);
        to_battles(&mut m);
        act(&mut m, Action::ResolveBattle { area: 69 });
        assert_eq!(step(&m), Step::Jager { area: 69, jager: id("R40") });
        assert!(offered(&m, &Action::Skirmish { jager: id("R40"), to: 55 }));
        for north in [42, 52, 71] {
            assert_eq!(offered(&m, &Action::Skirmish { jager: id("R40"), to: north }), !on, "into {north}, 9.12 {on}");
        }
    }
}

// ------------------------------------------------------------------------------ 6.1 / 6.3

/// 6.1 (BM-175, D36, D40): the disk holder places up to LP reinforcements in the 3.3 order;
/// nothing is restored, and the CinC is neither revealed nor reduced; the disk passes.
#[test]
fn reinforcements_initiative_action_6_1_bm175() {
    let pool = ["R02", "R07", "R28", "R25", "R50", "R51", "R52", "R53", "R54", "R55", "R56"];
    let mut blocks: Vec<Placement> = pool.iter().map(|b| reserve(b)).collect();
    blocks.push(weak("R14", 71, 2));
    let mut s = position(Side::Russian, blocks);
    s.initiative = Side::Russian;
    let mut m = start(s);
    assert!(!offered(&m, &Action::CavalryRaid), "6.3 is not an impulse choice");
    let ev = act(&mut m, Action::CallReinforcements);
    assert!(ev.iter().any(|e| matches!(e, Event::InitiativeSpent { by: Side::Russian, kind: ImpulseKind::Reinforcements })));
    assert_eq!(m.state().initiative(), Side::French);
    // LP 9 = Kutuzov 3 + 6 victory areas; 11 in the pool, room for 11.
    assert_eq!(step(&m), Step::Reinforcements { lp: 9, max: 9 });
    assert!(!offered(&m, &Action::Reinforce { count: 10 }));
    let ev = act(&mut m, Action::Reinforce { count: 9 });
    let placed: Vec<u8> = ev.iter().filter_map(|e| if let Event::ReinforcementPlaced { area, .. } = e { Some(*area) } else { None }).collect();
    assert_eq!(placed, vec![107, 107, 107, 107, 69, 69, 62, 62, 55]);
    assert_eq!(m.state().view(Side::Russian).reserve.len(), 2);
    assert!(!ev.iter().any(|e| matches!(e, Event::CinCActivated { .. } | Event::Restored { .. } | Event::Revealed { .. })), "{ev:?}");
    assert!(!reduced(&ev, "R01"));
    assert_eq!(strength(&m, "R01"), 3);
    assert!(!m.state().block_state(id("R01")).revealed);
    assert_eq!(strength(&m, "R14"), 2, "no restoration");
    let p = m.prompt().unwrap();
    assert_eq!((p.side, matches!(p.step, Step::Impulse { .. })), (Side::French, true), "the impulse is over");
}

fn raid_position() -> Match<BloodyMonday> {
    // Kutuzov at 1 star; the Russians hold only Gorki and Tatarinovo: LP 3. Platov in 87;
    // cavalry: a cossack in 88, yellow light cavalry in 66 (with infantry), light-blue heavy
    // cavalry in 72, light-blue light cavalry in 69; yellow light cavalry in the battle in 42;
    // a French unit alone in 52.
    let blocks = vec![
        weak("R01", 69, 1),
        at("R49", 87),
        at("R50", 88),
        at("R25", 66),
        at("R13", 66),
        at("R45", 72),
        at("R44", 69),
        at("R26", 42),
        at("F11", 42),
        at("F10", 52),
    ];
    let mut s = position(Side::Russian, blocks);
    s.initiative = Side::Russian;
    for a in [41, 55, 62, 59] {
        s.control.push(AreaSide { area: a, side: Side::French });
    }
    let mut m = start(s);
    tactical(&mut m, &["R49"]);
    // The cossack moves in the tactical action (D24: it may raid as well).
    walk(&mut m, "R50", &[97]);
    to_battles(&mut m);
    act(&mut m, Action::EndBattles);
    m
}

/// 6.3 (BM-180, D24): after his tactical action the disk holder spends the disk; up to LP
/// cavalry units (cossacks included, infantry never, also units that moved in the tactical
/// action) move within their MP; none may start a new battle or disengage, though one may join
/// a current battle; no battle is resolved.
#[test]
fn cavalry_raid_6_3_bm180() {
    let mut m = raid_position();
    assert_eq!(step(&m), Step::CavalryRaid);
    let ev = act(&mut m, Action::CavalryRaid);
    assert!(ev.iter().any(|e| matches!(e, Event::InitiativeSpent { by: Side::Russian, kind: ImpulseKind::CavalryRaid })));
    assert_eq!(m.state().initiative(), Side::French);
    assert_eq!(step(&m), Step::Movement { kind: ImpulseKind::CavalryRaid, moved: 0, limit: Some(3) });
    for b in ["R50", "R25", "R45", "R44"] {
        assert!(offered(&m, &Action::Move { block: id(b) }), "{b} may raid");
    }
    assert!(!offered(&m, &Action::Move { block: id("R13") }), "infantry");
    assert!(!offered(&m, &Action::Move { block: id("R26") }), "no disengaging");
    let mut ev = Vec::new();
    ev.extend(act(&mut m, Action::Move { block: id("R25") }));
    assert!(!offered(&m, &Action::StepTo { block: id("R25"), to: 52 }), "no new battle");
    ev.extend(act(&mut m, Action::StepTo { block: id("R25"), to: 65 }));
    ev.extend(act(&mut m, Action::Stop { block: id("R25") }));
    ev.extend(act(&mut m, Action::Move { block: id("R44") }));
    ev.extend(act(&mut m, Action::StepTo { block: id("R44"), to: 42 }));
    assert_eq!(area_of(&m, "R44"), Some(42), "joins the current battle and stops");
    ev.extend(act(&mut m, Action::Move { block: id("R50") }));
    ev.extend(act(&mut m, Action::StepTo { block: id("R50"), to: 98 }));
    ev.extend(act(&mut m, Action::Stop { block: id("R50") }));
    // Three raiders (LP 3): the raid ends; the battle in 42 is not resolved.
    assert_eq!(area_of(&m, "R45"), Some(72));
    assert!(!ev.iter().any(|e| matches!(e, Event::BattleBegins { .. } | Event::Rolled { .. })), "{ev:?}");
    let p = m.prompt().unwrap();
    assert_eq!((p.side, matches!(p.step, Step::Impulse { .. })), (Side::French, true));
    assert!(m.state().view(Side::French).areas.iter().any(|a| a.area == 42 && a.contested));
}

/// 6.3 (BM-180): no raid without the disk.
#[test]
fn cavalry_raid_6_3_needs_the_disk_bm180() {
    let mut s = position(Side::Russian, vec![at("R49", 87), at("R50", 88)]);
    s.initiative = Side::French;
    let mut m = start(s);
    tactical(&mut m, &["R49"]);
    let ev = finish_impulse(&mut m);
    assert!(!ev.iter().any(|e| matches!(e, Event::InitiativeSpent { .. })));
    assert_eq!(m.prompt().unwrap().side, Side::French, "the impulse ended without a raid offer");
}

// ------------------------------------------------------------------------------ 9.1 jagers

fn jager_battle(on: bool) -> (Match<BloodyMonday>, Vec<Event>) {
    // Poniatowski's infantry (3) attacks the yellow Utitsa wood (44): a light-blue jager at full
    // strength (2) and infantry (3). Every die is a six.
    let blocks = vec![at("F32", 37), at("F33", 37), at("R40", 44), at("R33", 44)];
    let mut s = with(position(Side::French, blocks), Options { jagers: on, ..Options::default() });
    s.dice = vec![6; 40];
    let mut m = start(s);
    tactical(&mut m, &["F32"]);
    walk(&mut m, "F33", &[44]);
    to_battles(&mut m);
    let ev = act(&mut m, Action::ResolveBattle { area: 44 });
    (m, ev)
}

/// 9.1 (BM-191, BM-192, D28): a full-strength jager in a yellow area may skirmish: one hit,
/// cancelled by the defence bonus (which is then used up), and back to an adjacent Russian
/// area; without the option it simply fights.
#[test]
fn jagers_9_1_skirmish_bm192() {
    let (mut m, _) = jager_battle(true);
    assert_eq!(step(&m), Step::Jager { area: 44, jager: id("R40") });
    let sk = |to: u8| Action::Skirmish { jager: id("R40"), to };
    assert!(offered(&m, &sk(48)) && offered(&m, &sk(49)));
    assert!(!offered(&m, &sk(37)) && !offered(&m, &sk(32)), "French areas");
    let ev = act(&mut m, sk(48));
    assert!(ev.iter().any(|e| matches!(e, Event::HitsIgnored { side: Side::Russian, hits: 1, why: Ignored::DefenceBonus, .. })));
    assert_eq!((area_of(&m, "R40"), strength(&m, "R40")), (Some(48), 2));
    // The bonus is spent: three French hits destroy the 3-step infantry.
    assert_eq!(rolls(&ev), vec![(Side::French, 3, 3), (Side::Russian, 3, 3)]);
    assert!(destroyed(&m, "R33"));

    let (mut m, ev) = jager_battle(false);
    assert!(m.prompt().is_none_or(|p| !matches!(p.step, Step::Jager { .. })));
    assert_eq!(rolls(&ev), vec![(Side::French, 3, 3), (Side::Russian, 5, 5)], "the jager fights with the rest");
    assert!(ev.iter().any(|e| matches!(e, Event::HitsIgnored { side: Side::Russian, hits: 1, why: Ignored::DefenceBonus, .. })));
    // Two hits left: the infantry (3) takes the first, then the owner chooses between equals.
    while let Some(Step::AssignHit { .. }) = m.prompt().map(|p| p.step) {
        act(&mut m, Action::AssignHit { block: id("R33") });
    }
    assert_eq!((area_of(&m, "R40"), strength(&m, "R33")), (Some(44), 1));
}

/// 9.1 (BM-191): only a jager at full strength, and only in a yellow or red area, is asked.
#[test]
fn jagers_9_1_only_at_full_strength_in_yellow_or_red_bm191() {
    for (jager, area, from, asked) in [(at("R40", 44), 44, 37, true), (weak("R40", 44, 1), 44, 37, false), (at("R40", 42), 42, 8, false)] {
        let blocks = vec![at("F09", from), at("F10", from), jager, at("R33", area)];
        let mut s = with(position(Side::French, blocks), Options { jagers: true, ..Options::default() });
        s.dice = vec![1; 40];
        let mut m = start(s);
        tactical(&mut m, &["F09"]);
        walk(&mut m, "F10", &[area]);
        to_battles(&mut m);
        act(&mut m, Action::ResolveBattle { area });
        assert_eq!(m.prompt().is_some_and(|p| matches!(p.step, Step::Jager { .. })), asked, "jager in {area}");
    }
}

/// 9.1 (BM-193, D27): an ambushing jager rolls its dice before every other unit, its hits
/// applied at once, and does not roll again.
#[test]
fn jagers_9_1_ambush_bm193() {
    let (mut m, _) = jager_battle(true);
    let ev = act(&mut m, Action::Ambush { jager: id("R40") });
    assert!(matches!(ev.iter().find(|e| matches!(e, Event::Rolled { .. })), Some(Event::Rolled { purpose: RollPurpose::Ambush { .. }, .. })));
    // Ambush 2 hits: the French infantry (3) rolls 1 die; the Russians only their infantry.
    assert_eq!(rolls(&ev), vec![(Side::Russian, 2, 2), (Side::French, 1, 1), (Side::Russian, 3, 3)]);
    assert!(destroyed(&m, "F33"));
}

// ------------------------------------------------------------------------------ 9.2, 9.6, 9.8, 9.9 switched off

/// 9.2 (BM-195): the Grand Battery salvo is offered only with the option.
#[test]
fn grand_battery_9_2_only_with_the_option_bm195() {
    let m = Match::<BloodyMonday>::new("borodino", Options::default(), 3).unwrap();
    assert!(matches!(step(&m), Step::Impulse { .. }));
    let m = Match::<BloodyMonday>::new("borodino", Options { grand_battery: true, ..Options::default() }, 3).unwrap();
    assert_eq!(step(&m), Step::GrandBattery);
}

/// 9.6 (BM-203, D30): a shield ignores its unit's first hit of the battle, and only the first;
/// without the option the hit is taken.
#[test]
fn steadfast_9_6_shield_ignores_the_first_hit_bm203() {
    for on in [true, false] {
        let mut s = with(position(Side::French, vec![at("F09", 8), at("F10", 8), at("R36", 42)]), Options { steadfast: on, ..Options::default() });
        s.dice = vec![6; 20];
        let mut m = start(s);
        tactical(&mut m, &["F09"]);
        walk(&mut m, "F10", &[42]);
        to_battles(&mut m);
        let ev = act(&mut m, Action::ResolveBattle { area: 42 });
        let shields = ev.iter().filter(|e| matches!(e, Event::HitsIgnored { why: Ignored::Shield, .. })).count();
        if on {
            assert_eq!(shields, 1, "once per battle");
            assert_eq!(strength(&m, "R36"), 1, "4 hits, the first ignored");
        } else {
            assert_eq!(shields, 0);
            assert!(destroyed(&m, "R36"));
        }
    }
}

/// 9.8 (BM-208): the General Offensive is offered to the disk holder only with the option,
/// spends the disk and sets the caps to 4.
#[test]
fn general_offensive_9_8_only_with_the_option_bm208() {
    for on in [true, false] {
        let mut s = position(Side::French, vec![at("F09", 31), weak("F01", 21, 2)]);
        s.options = Options { general_offensive: on, ..Options::default() };
        let mut m = start(s);
        assert_eq!(offered(&m, &Action::GeneralOffensive), on);
        if on {
            act(&mut m, Action::GeneralOffensive);
            assert_eq!(m.state().initiative(), Side::Russian);
            assert_eq!(step(&m), Step::ActivateLeaders { activated: 0, cap: 4 });
        }
    }
}

/// 9.9 (BM-209): without the option the yellow-area battle of the 9.9 example is one
/// simultaneous exchange (with it, jagers, infantry and heavy cavalry fire in turn).
#[test]
fn advanced_combat_9_9_only_with_the_option_bm209() {
    for on in [true, false] {
        let mut s = position(Side::French, vec![at("F09", 37), at("F10", 37), at("F47", 37), at("R40", 44), at("R33", 44)]);
        s.options = Options { advanced_combat: on, ..Options::default() };
        s.dice = vec![1; 40];
        let mut m = start(s);
        tactical(&mut m, &["F09"]);
        walk(&mut m, "F10", &[44]);
        walk(&mut m, "F47", &[44]);
        to_battles(&mut m);
        let r = rolls(&act(&mut m, Action::ResolveBattle { area: 44 }));
        if on {
            assert_eq!(r, vec![(Side::Russian, 2, 0), (Side::French, 4, 0), (Side::Russian, 3, 0), (Side::French, 4, 0)]);
        } else {
            assert_eq!(r, vec![(Side::French, 8, 0), (Side::Russian, 5, 0)]);
        }
    }
}

// ------------------------------------------------------------------------------ 10.0 Last Blood

/// 10.0 (BM-215, BM-217, D34): Last Blood forces every optional rule, and the end of turn 4 is
/// decided by points, not areas: the French hold 4 victory areas to 2 but the Russians
/// destroyed a silver (3) and a gold (5) shield unit.
#[test]
fn last_blood_10_0_all_options_and_points_at_the_end_bm215_bm217() {
    let mut s = position(Side::French, vec![at("F09", 31)]);
    s.turn = 4;
    for a in [41, 55, 62, 57] {
        s.control.push(AreaSide { area: a, side: Side::French });
    }
    s.destroyed = vec!["F06".into(), "F16".into()];
    let mut m = start(s.clone());
    pass(&mut m);
    pass(&mut m);
    let o = m.state().outcome().expect("end of turn 4");
    assert_eq!((o.winner, o.detail.victory), (Some(Side::French), Victory::VictoryAreas), "the basic game counts areas");

    s.scenario = LAST_BLOOD.into();
    let mut m = start(s);
    assert_eq!(m.state().options(), &Options::all(), "Last Blood forces 9.1-9.12");
    pass(&mut m);
    pass(&mut m);
    let o = m.state().outcome().expect("end of turn 4");
    // French: 4 areas x 2 = 8; Russians: 2 areas x 2 + 3 + 5 = 12.
    assert_eq!((o.winner, o.detail.victory, o.detail.points), (Some(Side::Russian), Victory::Points, Some([8, 12])));
    assert_eq!(o.level, napoleonic::core::outcome::Level::Marginal, "10.0 points when turn 4 ends");
    assert_eq!(o.returns(&[Side::French, Side::Russian]), vec![-0.5, 0.5]);
}

// ------------------------------------------------------------------------------ random Last Blood games

/// 9.3, 9.11, 9.12, 6.3 along random Last Blood games (every option on): Barclay stays north
/// and Bagration south, no yellow Russian unit is ever in the south nor a light-blue one in the
/// north, every unit starts its move with its 9.3 allowance, and a raid moves only cavalry.
#[test]
fn last_blood_random_games_keep_the_optional_limits() {
    use napoleonic::games::bloody_monday::scenario::{Colour, Part};
    let scen = Scenario::shared().unwrap();
    let (barclay, bagration) = (id("R12"), id("R32"));
    for seed in 0..40u64 {
        let mut m = Match::<BloodyMonday>::new(LAST_BLOOD, Options::default(), seed).unwrap();
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut moves = 0;
        while let Some(p) = m.prompt() {
            let g = m.state();
            for b in 0..scen.blocks.len() as BlockId {
                let Some(a) = g.block_state(b).area() else { continue };
                let part = scen.area(a).part;
                let blk = scen.block(b);
                let wrong = match (blk.side, blk.colour) {
                    _ if b == barclay => part != Part::North,
                    _ if b == bagration => part != Part::South,
                    (Side::Russian, Some(Colour::Yellow)) => part == Part::South,
                    (Side::Russian, Some(Colour::Lightblue)) => part == Part::North,
                    _ => false,
                };
                assert!(!wrong, "seed {seed}: {} in area {} ({part:?})", blk.id, a + 1);
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let a = p.actions[(x % p.actions.len() as u64) as usize].clone();
            if let (Step::Movement { kind, .. }, Action::Move { block }) = (&p.step, &a) {
                if *kind == ImpulseKind::CavalryRaid {
                    assert!(scen.block(*block).kind.is_cavalry(), "seed {seed}: {} raids", scen.block(*block).id);
                }
            }
            m.apply(&a).unwrap();
            if let (Step::Movement { .. }, Action::Move { block }) = (&p.step, &a) {
                assert_eq!(step(&m), Step::UnitMove { block: *block, mp: scen.block(*block).mp_mobility }, "seed {seed}");
                moves += 1;
            }
        }
        assert!(moves > 0);
    }
}

/// 9.0 (BM-190): the optional rules are added in order. "Up to 9.n" switches on exactly 9.1 to
/// 9.n; the view flags a selection that skips an earlier rule as unbalanced, and only then.
#[test]
fn optional_rules_in_order_and_the_unbalanced_flag_bm190() {
    for n in 0..=12u8 {
        let o = Options::up_to(n);
        let m = start(with(position(Side::French, vec![]), o.clone()));
        let v = m.state().view(Side::French);
        assert!(!v.options_out_of_order, "up to 9.{n} is in order");
        assert_eq!(v.options, o);
        assert_eq!(o.grand_battery, n >= 2, "9.2 on exactly from 'up to 9.2'");
        assert_eq!(o.extreme_command_limit, n >= 12);
    }
    for skipped in [Options { cossacks: true, ..Options::default() }, Options { jagers: true, mobility: true, ..Options::default() }] {
        let m = start(with(position(Side::French, vec![]), skipped.clone()));
        assert!(m.state().view(Side::Russian).options_out_of_order, "{skipped:?} skips a rule");
    }
}
