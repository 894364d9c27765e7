//! Napoleon's Battles: scripted tests of the checklist items (shared/rules/nb-checklist.md,
//! cited NB-n; readings of nb-gaps.md cited Dn, a.n, b.n), each built from the rules summary:
//! a position from a setup, the actions a player would take, and the rule's consequence in the
//! events, the prompt or the exact odds. Positions are "arenas": the scenario's table and
//! terrain with only the units a test names (the others are removed).
use napoleonic::core::plane::{Facing, Point};
use napoleonic::games::napoleons_battles::action::Roll;
use napoleonic::games::napoleons_battles::odds::Result as Outcome;
use napoleonic::games::napoleons_battles::scenario::Calibre;
use napoleonic::games::napoleons_battles::{Action, Event, Formation, NapoleonsBattles, Order, Setup, Side, Step, UnitId};
use napoleonic::games::Rules;

const RIOSECO: [&str; 24] = [
    "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "S11",
    "S12", "S13",
];
const BAILEN: [&str; 23] = [
    "B-F1", "B-F2", "B-F3", "B-F4", "B-F5", "B-F6", "B-F7", "B-F8", "B-F9", "B-F10", "B-F11", "B-S1", "B-S2", "B-S3", "B-S4", "B-S5", "B-S6",
    "B-S7", "B-S8", "B-S9", "B-S10", "B-S11", "B-S12",
];
// Rioseco's unit ids.
const F1: UnitId = 0;
const F2: UnitId = 1;
const F4: UnitId = 3;
const F5: UnitId = 4;
const F6: UnitId = 5;
const F8: UnitId = 7;
const F11: UnitId = 10;
const S1: UnitId = 11;
const S2: UnitId = 12;
const S4: UnitId = 14;
const S6: UnitId = 16;
const S7: UnitId = 17;
const S12: UnitId = 22;
const S13: UnitId = 23;

fn setup(json: &str) -> NapoleonsBattles {
    let s: Setup = serde_json::from_str(json).expect("setup json");
    NapoleonsBattles::from_setup(&s).expect("valid setup")
}

/// The scenario's table with only `units` on it; `fields` are the setup's other fields.
fn arena(scenario: &str, fields: &str, units: &str) -> NapoleonsBattles {
    let ids: &[&str] = if scenario == "bailen-table" { &BAILEN } else { &RIOSECO };
    let placed: Vec<serde_json::Value> = serde_json::from_str(units).expect("units json");
    let named: Vec<&str> = placed.iter().map(|p| p["id"].as_str().expect("id")).collect();
    let removed: Vec<&str> = ids.iter().copied().filter(|i| !named.contains(i)).collect();
    let json = format!(r#"{{"scenario": "{scenario}", {fields}, "units": {units}, "removed": {}}}"#, serde_json::to_string(&removed).unwrap());
    setup(&json)
}

/// One unit of an arena: its front point (hundredths), its facing (degrees) and any other
/// fields of the setup (`, "order": "Disordered"`).
fn unit_at(id: &str, x: i32, y: i32, facing: u16, extra: &str) -> String {
    format!(r#"{{"id": "{id}", "front": {{"x": {x}, "y": {y}}}, "facing": {facing} {extra}}}"#)
}

/// The units of an arena as the setup's list.
fn units(placed: &[String]) -> String {
    format!("[{}]", placed.join(", "))
}

fn rioseco(fields: &str, units: &str) -> NapoleonsBattles {
    arena("medina-de-rioseco", fields, units)
}

fn actions(g: &NapoleonsBattles) -> Vec<Action> {
    g.prompt().expect("prompt").actions
}

fn step(g: &NapoleonsBattles) -> (Side, Step) {
    let p = g.prompt().expect("prompt");
    (p.side, p.step)
}

/// The (die, total, modifier) of the fire in `ev`.
fn fire_roll(ev: &[Event]) -> (u8, i8, i8) {
    ev.iter()
        .find_map(|e| match e {
            Event::Rolled { roll: Roll::Fire { modifier, .. }, die, total } => Some((*die, *total, *modifier)),
            _ => None,
        })
        .expect("a fire roll")
}

/// The melee modifiers of the first round in `ev`, French then Allied.
fn melee_modifiers(ev: &[Event]) -> (i8, i8) {
    let m: Vec<i8> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { roll: Roll::Melee { modifier, .. }, .. } => Some(*modifier),
            _ => None,
        })
        .take(2)
        .collect();
    (m[0], m[1])
}

fn count(ev: &[Event], pred: impl Fn(&Event) -> bool) -> usize {
    ev.iter().filter(|e| pred(e)).count()
}

fn hits_on(ev: &[Event], u: UnitId) -> u8 {
    ev.iter().filter_map(|e| if let Event::Hits { unit, hits, .. } = e { (*unit == u).then_some(*hits) } else { None }).sum()
}

// ---------------------------------------------------------------------------------------------
// The sequence of play (NB-1 ... NB-16)

#[test]
fn nb_1_to_16_a_game_turn_is_the_ten_steps_of_each_player_in_order() {
    // The scenario's start: nobody is in contact and nobody routed, so each step is declined.
    let mut g = setup(r#"{"scenario": "medina-de-rioseco", "step": "Rally", "seed": 5}"#);
    let mut seen = Vec::new();
    let mut events = Vec::new();
    while seen.len() < 15 {
        let (side, st) = step(&g);
        seen.push((side, st));
        let end = match st {
            Step::Rally => Action::EndRally,
            Step::Movement => Action::EndMovement,
            Step::CavalryReaction | Step::CounterReaction | Step::CounterPursuit => Action::EndReaction,
            Step::DefensiveFire | Step::OffensiveFire | Step::FireAtCavalry { .. } => Action::EndFire,
            other => panic!("unexpected step {other:?}"),
        };
        events.extend(g.apply(&end).expect("declining a step"));
    }
    use Side::{Allied as A, French as F};
    let turn = |first: Side, second: Side| {
        vec![
            (first, Step::Rally),            // 1
            (first, Step::Movement),         // 3 (2, command control, is rolled as 1 ends)
            (second, Step::CavalryReaction), // 4
            (first, Step::CounterReaction),  // 5
            (second, Step::DefensiveFire),   // 6
            (first, Step::OffensiveFire),    // 7
            (second, Step::CounterPursuit),  // 10 (8 and 9 have nothing to fight or recall)
        ]
    };
    let mut want = turn(F, A);
    want.extend(turn(A, F));
    want.push((F, Step::Rally));
    assert_eq!(seen, want);
    // The second player turn of turn 1 follows the first; then turn 2 begins with the French.
    let turns: Vec<(u8, Side)> = events.iter().filter_map(|e| if let Event::TurnBegins { turn, side } = e { Some((*turn, *side)) } else { None }).collect();
    assert_eq!(turns, vec![(1, A), (2, F)]);
    assert_eq!(g.turn(), 2);
    // The melee (8) and pursuit (9) steps are passed through in their place: pursuit before
    // the counter-pursuit of step 10, after offensive fire.
    let steps: Vec<(Step, Side)> = events.iter().filter_map(|e| if let Event::StepBegins { step, side } = e { Some((*step, *side)) } else { None }).collect();
    let at = |s: Step, side: Side| steps.iter().position(|x| *x == (s, side)).unwrap_or_else(|| panic!("{s:?} of {side:?} in {steps:?}"));
    assert!(at(Step::DefensiveFire, A) < at(Step::OffensiveFire, F));
    assert!(at(Step::OffensiveFire, F) < at(Step::Pursuit { unit: 0 }, F));
    assert!(at(Step::Pursuit { unit: 0 }, F) < at(Step::CounterPursuit, A));
    // Step 2 is the phasing player's: command rolls of turn 1's Allied player turn were made
    // (Blake is out of Cuesta's span, c.5) after its rally and before its movement.
    let initiative = events.iter().position(|e| matches!(e, Event::Rolled { roll: Roll::Initiative { general: Some(_), .. }, .. }));
    assert!(initiative.is_some(), "Blake's initiative roll");
}

/// F2 (French line, column) facing two Spanish lines 2" west of it, S4 (6 bases) and S1.
const FACING_LINES: &str = r#"[
    {"id": "F2", "front": {"x": 6000, "y": 3000}, "facing": 270},
    {"id": "S4", "front": {"x": 5800, "y": 2700}, "facing": 90},
    {"id": "S1", "front": {"x": 5800, "y": 3300}, "facing": 90}]"#;

#[test]
fn nb_10_defensive_fire_is_resolved_first_and_a_unit_it_disorders_does_not_fire() {
    // Step 7 alone: F2 may fire at either line.
    let g = rioseco(r#""step": "OffensiveFire""#, FACING_LINES);
    assert!(actions(&g).contains(&Action::Fire { unit: F2, target: S4 }), "{:?}", actions(&g));
    // Step 6 first: the Spanish fire, two hits each (10 against target number 4, NB-80).
    let mut g = rioseco(r#""step": "DefensiveFire", "dice": [10, 10]"#, FACING_LINES);
    assert_eq!(step(&g), (Side::Allied, Step::DefensiveFire));
    g.apply(&Action::Fire { unit: S4, target: F2 }).expect("S4 fires");
    g.apply(&Action::Fire { unit: S1, target: F2 }).expect("S1 fires");
    // Four hits in one phase reach F2's disorder number 3, not its rout number 5 (NB-134).
    assert_eq!((g.unit(F2).figures, g.unit(F2).order), (14, Order::Disordered));
    g.apply(&Action::EndFire).expect("end of defensive fire");
    assert_eq!(step(&g), (Side::French, Step::OffensiveFire));
    assert_eq!(actions(&g), vec![Action::EndFire], "disordered F2 may not fire (NB-75, NB-136)");
}

#[test]
fn nb_6_7_step_5_only_charges_cavalry_that_moved_in_step_4() {
    // Step 4 of the French turn: S13 (marker) rides 2" east; S12 (marker) and S6 stay. F6 holds
    // the marker it was given at the end of its own movement.
    let units = r#"[
        {"id": "S13", "front": {"x": 5800, "y": 3500}, "facing": 90, "reaction_marker": true},
        {"id": "S12", "front": {"x": 6200, "y": 4200}, "facing": 90, "reaction_marker": true},
        {"id": "S6", "front": {"x": 6500, "y": 3900}, "facing": 0},
        {"id": "F6", "front": {"x": 6600, "y": 3500}, "facing": 270, "reaction_marker": true}]"#;
    let mut g = rioseco(r#""step": "CavalryReaction""#, units);
    assert_eq!(step(&g), (Side::Allied, Step::CavalryReaction));
    g.apply(&Action::ReactionMove { unit: S13, to: Point::new(6000, 3500), facing: Facing::degrees(90) }).expect("S13 reacts");
    if matches!(step(&g).1, Step::FireAtCavalry { .. }) {
        g.apply(&Action::EndFire).expect("no fire");
    }
    g.apply(&Action::EndReaction).expect("end of step 4");
    assert_eq!(step(&g), (Side::French, Step::CounterReaction));
    // The only reaction left to the French is to contact S13: not S12, which did not move in
    // step 4, and not the infantry S6 a stride from F6.
    assert_eq!(actions(&g), vec![Action::ReactionCharge { unit: F6, target: S13 }, Action::EndReaction]);
    // A step-5 move that does not contact step-4 cavalry is refused.
    let wander = Action::ReactionMove { unit: F6, to: Point::new(6400, 3500), facing: Facing::degrees(270) };
    assert!(g.apply(&wander).is_err());
    let ev = g.apply(&Action::ReactionCharge { unit: F6, target: S13 }).expect("the counter-charge");
    assert!(ev.iter().any(|e| matches!(e, Event::Contact { unit: F6, target: S13 })), "{ev:?}");
    g.apply(&Action::EndReaction).expect("end of step 5");
    assert_eq!(step(&g), (Side::Allied, Step::DefensiveFire));
}

// ---------------------------------------------------------------------------------------------
// Fire (NB-62 ... NB-91)

/// The modifier of `firer`'s fire at `target` in a French step 7 (die 1).
fn fire_modifier(scenario: &str, units: &str, firer: UnitId, target: UnitId) -> i8 {
    let mut g = arena(scenario, r#""step": "OffensiveFire", "dice": [1]"#, units);
    let a = Action::Fire { unit: firer, target };
    assert!(actions(&g).contains(&a), "{a:?} not in {:?}", actions(&g));
    fire_roll(&g.apply(&a).expect("fire")).2
}

fn duel(firer: &str, extra: &str, target: &str, target_extra: &str) -> String {
    units(&[unit_at(firer, 6000, 3000, 270, extra), unit_at(target, 5800, 3000, 90, target_extra)])
}

#[test]
fn nb_83_87_88_the_card_fire_modifier_and_the_number_of_bases() {
    let m = |firer: &str, extra: &str| {
        let id = RIOSECO.iter().position(|x| *x == firer).unwrap() as UnitId;
        fire_modifier("medina-de-rioseco", &duel(firer, extra, "S4", ""), id, S4)
    };
    // The card's modifier (NB-83): line 0, Guard +1, provisionals −1; each of 4 or 5 bases.
    assert_eq!(m("F2", ""), 0);
    assert_eq!(m("F5", ""), 1);
    assert_eq!(m("F1", ""), -1);
    // 6 or 7 bases +1 (NB-87), and 8 counts as 6-7 (D26).
    assert_eq!(m("F2", r#", "figures": 24"#), 1);
    assert_eq!(m("F2", r#", "figures": 28"#), 1);
    assert_eq!(m("F2", r#", "figures": 32"#), 1);
    // 2 or 3 bases −1 (NB-88), and 1 counts as 2-3 (D26).
    assert_eq!(m("F2", r#", "figures": 12"#), -1);
    assert_eq!(m("F2", r#", "figures": 8"#), -1);
    assert_eq!(m("F2", r#", "figures": 4"#), -1);
    // The same fire factor in line as in column (NB-77).
    assert_eq!(m("F2", r#", "formation": "LIN", "figures": 12"#), -1);
}

#[test]
fn nb_85_plus_2_at_a_square_and_nb_91_the_sum_is_clamped_to_10() {
    let units = duel("F5", "", "S4", r#", "formation": "SQ""#);
    assert_eq!(fire_modifier("medina-de-rioseco", &units, F5, S4), 3, "Guard +1, square +2");
    // 10 + 3 is 10: two hits against target number 4 (NB-80).
    let mut g = rioseco(r#""step": "OffensiveFire", "dice": [10]"#, &units);
    let ev = g.apply(&Action::Fire { unit: F5, target: S4 }).expect("fire");
    assert_eq!(fire_roll(&ev), (10, 10, 3));
    assert_eq!(hits_on(&ev, S4), 2);
    // And a die of 1 at −2 is 0, not −1 (NB-78): no hit.
    let units = duel("F1", r#", "figures": 8"#, "S4", "");
    let mut g = rioseco(r#""step": "OffensiveFire", "dice": [1]"#, &units);
    let ev = g.apply(&Action::Fire { unit: F1, target: S4 }).expect("fire");
    assert_eq!(fire_roll(&ev), (1, 0, -2));
    assert_eq!(hits_on(&ev, S4), 0);
}

#[test]
fn nb_84_minus_2_at_a_target_in_cover() {
    // Bailén's southern olive grove: B-S3 (Spanish line, 4 bases) inside it, B-F3 east of it.
    let in_woods = r#"[{"id": "B-F3", "front": {"x": 5300, "y": 3000}, "facing": 270},
                       {"id": "B-S3", "front": {"x": 5100, "y": 3000}, "facing": 90}]"#;
    assert_eq!(fire_modifier("bailen-table", in_woods, 2, 13), -2);
    // The same fire in the open, south of the grove.
    let open = r#"[{"id": "B-F3", "front": {"x": 5300, "y": 4200}, "facing": 270},
                   {"id": "B-S3", "front": {"x": 5100, "y": 4200}, "facing": 90}]"#;
    assert_eq!(fire_modifier("bailen-table", open, 2, 13), 0);
}

#[test]
fn nb_86_minus_2_firing_unprotected_at_attacking_cavalry() {
    // The Spanish turn: S13 charged into F2's front; F2 fires in defensive fire.
    let fire = |f2: &str, charged: bool| {
        let placed = units(&[unit_at("F2", 6000, 3000, 270, f2), unit_at("S13", 6000, 3000, 90, &format!(r#", "charged": {charged}"#))]);
        let mut g = rioseco(r#""step": "DefensiveFire", "phasing": "Allied", "dice": [1]"#, &placed);
        let a = Action::Fire { unit: F2, target: S13 };
        assert!(actions(&g).contains(&a), "{:?}", actions(&g));
        fire_roll(&g.apply(&a).expect("fire")).2
    };
    assert_eq!(fire("", true), -2);
    // In square it is protected.
    assert_eq!(fire(r#", "formation": "SQ""#, true), 0);
    // Cavalry that did not charge is not attacking.
    assert_eq!(fire("", false), 0);
}

#[test]
fn nb_89_90_artillery_that_moved_fires_at_minus_2_horse_and_minus_3_foot() {
    // D27 reads the printed "+2"/"+3" as penalties. F8 (foot, 8lb) and F11 (horse, 4lb) 2"
    // from S4: both in their nearest band.
    let m = |gun: &str, id: UnitId, moved: bool| {
        let units = duel(gun, &format!(r#", "formation": "ULM", "moved": {moved}"#), "S4", "");
        fire_modifier("medina-de-rioseco", &units, id, S4)
    };
    let (foot, horse) = (m("F8", F8, false), m("F11", F11, false));
    assert_eq!((foot, horse), (2, 2), "8lb and 4lb within 3\" (a.8)");
    assert_eq!(m("F8", F8, true), foot - 3);
    assert_eq!(m("F11", F11, true), horse - 2);
}

#[test]
fn nb_75_76_disordered_or_road_column_units_do_not_fire() {
    let fires = |extra: &str| actions(&rioseco(r#""step": "OffensiveFire""#, &duel("F2", extra, "S4", ""))).contains(&Action::Fire { unit: F2, target: S4 });
    assert!(fires(""));
    assert!(!fires(r#", "order": "Disordered""#));
    assert!(!fires(r#", "formation": "MCH_COL""#));
    assert!(!fires(r#", "order": "Routed""#), "NB-143");
}

#[test]
fn nb_70_71_the_12lb_reaches_16_inches_and_the_6lb_13() {
    // Bailén's 12-pounders (B-S6) on open ground south of the groves, firing east.
    let at = |x: i32| {
        let placed = units(&[unit_at("B-S6", 3300, 4300, 90, ""), unit_at("B-F3", x, 4300, 270, "")]);
        arena("bailen-table", r#""step": "OffensiveFire", "phasing": "Allied", "dice": [1]"#, &placed)
    };
    let fire = Action::Fire { unit: 16, target: 2 };
    let mut g = at(3300 + 1590);
    assert!(actions(&g).contains(&fire), "15.9\" is in range");
    assert_eq!(fire_roll(&g.apply(&fire).unwrap()).2, -1, "the long band (a.8)");
    assert!(!actions(&at(3300 + 1610)).contains(&fire), "16.1\" is out of range");
    // The 6lb (no 6lb battery is in either scenario): its last band ends at 13".
    assert_eq!(Calibre::Six.max_range(), 1300);
    assert_eq!(Calibre::Twelve.max_range(), 1600);
}

#[test]
fn nb_66_the_artillery_dead_zone_below_a_hill() {
    // S7 (Spanish 8lb) on the páramo, 6" from its east base (x = 54"), firing east: the
    // ground below is unseen for 6" beyond the base, seen farther off, and the hill itself is seen.
    let at = |x: i32| {
        rioseco(r#""step": "OffensiveFire", "phasing": "Allied""#, &units(&[unit_at("S7", 4800, 1000, 90, ""), unit_at("F2", x, 1000, 270, "")]))
    };
    let fire = Action::Fire { unit: S7, target: F2 };
    assert!(!actions(&at(5700)).contains(&fire), "4\" below the base: dead");
    assert!(actions(&at(6100)).contains(&fire), "8\" below the base: seen");
    assert!(actions(&at(5100)).contains(&fire), "on the hill: seen");
}

#[test]
fn nb_67_artillery_does_not_fire_more_than_1_inch_into_woods() {
    // A French 8lb east of Bailén's southern grove (its east edge near x = 52.6" at y = 31").
    let at = |x: i32| {
        arena("bailen-table", r#""step": "OffensiveFire""#, &units(&[unit_at("B-F8", 5800, 3100, 270, ""), unit_at("B-S3", x, 3100, 90, "")]))
    };
    let fire = Action::Fire { unit: 7, target: 13 };
    assert!(actions(&at(5250)).contains(&fire), "just inside the edge");
    assert!(!actions(&at(4950)).contains(&fire), "3\" into the grove");
}

// ---------------------------------------------------------------------------------------------
// Melee (NB-92 ... NB-127)

/// `french` and `allied` placed front to front on the line x = 60" (French facing west); a
/// step 8 of the French turn with the dice given.
fn melee(dice: &str, units: &str) -> NapoleonsBattles {
    rioseco(&format!(r#""step": "Melee", "dice": {dice}"#), units)
}

fn front_to_front(french: &str, f_extra: &str, allied: &str, a_extra: &str) -> String {
    units(&[unit_at(french, 6000, 3000, 270, f_extra), unit_at(allied, 6000, 3000, 90, a_extra)])
}

/// The first round's modifiers of a combat of two units, French then Allied.
fn first_round(french: &str, f_extra: &str, allied: &str, a_extra: &str) -> (i8, i8) {
    let mut g = melee("[5, 5]", &front_to_front(french, f_extra, allied, a_extra));
    let fight = actions(&g).into_iter().find(|a| matches!(a, Action::Fight { .. })).expect("a combat to fight");
    melee_modifiers(&g.apply(&fight).expect("a round"))
}

#[test]
fn nb_102_113_114_119_the_card_modifier_by_formation() {
    // Infantry against infantry: column uses COL (F2: 2), line LIN (S4: 1).
    assert_eq!(first_round("F2", "", "S4", ""), (2, 1));
    // F2 in line uses LIN (1); S4 in column COL (1).
    assert_eq!(first_round("F2", r#", "formation": "LIN""#, "S4", r#", "formation": "COL""#), (1, 1));
    // S6 in column (COL 1) against F2 in column (2): 5 bases to 2 is not yet 3 to 1.
    assert_eq!(first_round("F2", "", "S6", "").1, 1);
    // Artillery uses ULM (S9 unlimbered: −1) or LIM (limbered: −4) (NB-119).
    assert_eq!(first_round("F2", "", "S9", "").1, -1);
    assert_eq!(first_round("F2", "", "S9", r#", "formation": "LIM""#).1, -4);
}

#[test]
fn nb_105_one_per_full_100_percent_advantage_in_bases_to_the_larger_side() {
    // F2 (column, COL 2) against S6 (2 bases, COL 1).
    assert_eq!(first_round("F2", r#", "figures": 12"#, "S6", ""), (2, 1), "3 bases to 2: 50%");
    assert_eq!(first_round("F2", r#", "figures": 16"#, "S6", ""), (3, 1), "4 to 2: +1");
    assert_eq!(first_round("F2", r#", "figures": 20"#, "S6", ""), (3, 1), "5 to 2: still +1");
    assert_eq!(first_round("F2", r#", "figures": 24"#, "S6", ""), (4, 1), "6 to 2: +2");
    // The smaller side gets nothing for being smaller, the larger side its bonus.
    assert_eq!(first_round("F2", r#", "figures": 8"#, "S6", r#", "figures": 16"#), (2, 2));
}

#[test]
fn nb_103_104_an_attached_general_adds_his_combat_modifier_and_disorder_costs_3() {
    assert_eq!(first_round("F2", r#", "order": "Disordered""#, "S4", "").0, -1);
    // Merle (6"G(6)+1) touching F2's flank.
    let mut g = rioseco(
        r#""step": "Melee", "dice": [5, 5], "generals": [{"id": "merle", "at": {"x": 6100, "y": 3130}}]"#,
        &front_to_front("F2", "", "S4", ""),
    );
    assert_eq!(melee_modifiers(&g.apply(&Action::Fight { unit: F2 }).expect("round")), (3, 1));
}

#[test]
fn nb_115_to_118_square_vs_cavalry_and_vs_other() {
    // S4 in square against cavalry alone: SQ VS CV (2); the cavalry against a square does not
    // use VS OT: F6 in column, COL 1 (NB-115, NB-118).
    assert_eq!(first_round("F6", "", "S4", r#", "formation": "SQ""#), (1, 2));
    // S4 in square against infantry: VS OT (−3) (NB-116).
    assert_eq!(first_round("F2", "", "S4", r#", "formation": "SQ""#), (2, -3));
    // S4 in line against cavalry: VS OT (−3); the cavalry against infantry in the open: VS OT (3)
    // (NB-117, NB-118).
    assert_eq!(first_round("F6", "", "S4", ""), (3, -3));
}

#[test]
fn nb_117_118_infantry_in_cover_is_not_caught_by_cavalry() {
    // Bailén's southern grove: B-S3 in line inside it, charged by B-F7 (dragoons, 2 bases).
    let units = r#"[{"id": "B-F7", "front": {"x": 5100, "y": 3000}, "facing": 270},
                    {"id": "B-S3", "front": {"x": 5100, "y": 3000}, "facing": 90}]"#;
    let mut g = arena("bailen-table", r#""step": "Melee", "dice": [5, 5]"#, units);
    // Cavalry COL 2 and no VS OT; the infantry LIN 1 (SP-REG) and no VS OT, +1 for its 4 bases
    // to 2 (NB-105).
    assert_eq!(melee_modifiers(&g.apply(&Action::Fight { unit: 6 }).expect("round")), (2, 2));
}

#[test]
fn nb_107_to_111_a_disordered_unit_withdraws_and_the_combat_ends_there() {
    // F2 against S4 (front) and S6 (on F2's south flank). S4 (6 bases) is the Allied modifying
    // unit; 8 bases to 5 gives no bonus.
    let units = r#"[
        {"id": "F2", "front": {"x": 6000, "y": 3000}, "facing": 270},
        {"id": "S4", "front": {"x": 6000, "y": 3000}, "facing": 90},
        {"id": "S6", "front": {"x": 6112, "y": 3100}, "facing": 180}]"#;
    // Round: F2 6 + 2 = 8, S4 4 + 1 = 5: three hits on S4, its disorder number (NB-93, NB-134).
    // Withdrawal: S4 9 + 5 − 3 → 10 against F2 1 + 6 = 7 (NB-108): no hits.
    let mut g = melee("[6, 4, 9, 1]", units);
    assert_eq!(actions(&g), vec![Action::Fight { unit: F2 }]);
    let ev = g.apply(&Action::Fight { unit: F2 }).expect("the combat");
    let withdrawal: Vec<(Side, u8, i8, i8)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { roll: Roll::Withdrawal { side, modifier }, die, total } => Some((*side, *die, *total, *modifier)),
            _ => None,
        })
        .collect();
    assert_eq!(withdrawal, vec![(Side::Allied, 9, 10, 2), (Side::French, 1, 7, 6)]);
    assert!(ev.iter().any(|e| matches!(e, Event::Withdrew { unit: S4 })), "{ev:?}");
    assert_eq!(hits_on(&ev, S4), 3, "no hits from a won withdrawal roll");
    // One round only: the withdrawal ends the combat although S6 still touches F2 (NB-111).
    assert_eq!(count(&ev, |e| matches!(e, Event::MeleeRound { .. })), 1, "{ev:?}");
    assert_eq!(g.unit(S6).figures, 6);
    // Withdrawal is unformed movement back (NB-110), out of contact: the whole unit moves 6"
    // (a.6), still facing the enemy.
    let moved = ev.iter().find_map(|e| if let Event::Moved { unit: S4, from, to, facing, .. } = e { Some((*from, *to, *facing)) } else { None }).expect("S4 fell back");
    assert!((moved.0.x - moved.1.x - 600).abs() <= 1 && moved.0.y == moved.1.y, "{moved:?}");
    assert_eq!(moved.2, g.unit(S4).facing, "it keeps facing F2");
    assert!(!napoleonic::games::napoleons_battles::in_contact(&g.rect(F2), &g.rect(S4)));
}

#[test]
fn nb_109_only_the_withdrawing_unit_takes_the_difference() {
    // As above, but the withdrawal roll is lost: S4 1 + 2 = 3 against F2 6 + 6 → 10: seven hits
    // on S4 alone, none on F2.
    let units = front_to_front("F2", "", "S4", "");
    let mut g = melee("[6, 4, 1, 6]", &units);
    let ev = g.apply(&Action::Fight { unit: F2 }).expect("the combat");
    assert_eq!(hits_on(&ev, S4), 3 + 7);
    assert_eq!(hits_on(&ev, F2), 1, "only the winner's one hit for routing S4 (NB-106)");
    assert_eq!(g.unit(S4).order, Order::Routed, "ten hits in one phase reach its rout number");
}

#[test]
fn nb_120_cavalry_that_breaks_nobody_is_disordered_and_bounces() {
    // F6 charged S4 (line). F6 5 + 3 = 8 against S4 8 − 3 = 5: three hits disorder S4, which
    // withdraws (9 + 2 against 1 + 6). F6 broke nobody: disordered, it bounces 6".
    let units = front_to_front("F6", r#", "charged": true"#, "S4", "");
    let mut g = melee("[5, 8, 9, 1]", &units);
    let ev = g.apply(&Action::Fight { unit: F6 }).expect("the combat");
    assert!(ev.iter().any(|e| matches!(e, Event::Withdrew { unit: S4 })), "{ev:?}");
    assert!(ev.iter().any(|e| matches!(e, Event::Bounced { unit: F6 })), "{ev:?}");
    assert_eq!(g.unit(F6).order, Order::Disordered);
    let back = ev.iter().find_map(|e| if let Event::Moved { unit: F6, from, to, .. } = e { Some(to.x - from.x) } else { None }).expect("F6 moved");
    // The whole unit falls back 6" (a.6), still facing S4.
    assert!((back - 600).abs() <= 1, "{back}");
    assert!(!napoleonic::games::napoleons_battles::in_contact(&g.rect(F6), &g.rect(S4)));
    // Disordered cavalry never recall (NB-121).
    assert_eq!(count(&ev, |e| matches!(e, Event::Rolled { roll: Roll::Recall { .. }, .. })), 0);
}

#[test]
fn nb_106_122_to_125_victorious_cavalry_roll_to_recall() {
    // F6 routs S4 in the first round: 10 + 3 against 1 − 3: the difference capped at S4's rout
    // number, 4 + 1 for six bases (NB-94, NB-142).
    let units = front_to_front("F6", r#", "charged": true"#, "S4", "");
    let play = |recall: u8| {
        let mut g = melee(&format!("[10, 1, {recall}]"), &units);
        let ev = g.apply(&Action::Fight { unit: F6 }).expect("the combat");
        (g, ev)
    };
    let (g, ev) = play(4);
    assert_eq!(hits_on(&ev, S4), 5);
    assert!(ev.iter().any(|e| matches!(e, Event::Routed { unit: S4 })));
    // The winner's one hit (NB-106).
    assert_eq!(hits_on(&ev, F6), 1);
    // French cavalry of response 6 recall on 1-4 (−2, NB-124, NB-125).
    let recall = ev.iter().find_map(|e| if let Event::Rolled { roll: Roll::Recall { unit: F6, need }, die, .. } = e { Some((*die, *need)) } else { None });
    assert_eq!(recall, Some((4, 4)));
    // Recalled: not disordered, and it may move or stay (NB-126).
    assert_eq!(g.unit(F6).order, Order::Formed);
    assert_eq!(step(&g), (Side::French, Step::Pursuit { unit: F6 }));
    assert!(actions(&g).contains(&Action::Stay { unit: F6 }));
    // A 5 fails: disordered (NB-127).
    let (g, ev) = play(5);
    assert!(ev.iter().any(|e| matches!(e, Event::Recalled { unit: F6, success: false })));
    assert_eq!(g.unit(F6).order, Order::Disordered);
}

#[test]
fn nb_124_spanish_cavalry_recall_at_minus_2() {
    // The Spanish turn: S12 (heavy cavalry, response 6 by card) routs F1 (provisionals, rout 4).
    let units = r#"[{"id": "F1", "front": {"x": 6000, "y": 3000}, "facing": 270},
                    {"id": "S12", "front": {"x": 6000, "y": 3000}, "facing": 90, "charged": true}]"#;
    let mut g = rioseco(r#""step": "Melee", "phasing": "Allied", "dice": [1, 10, 10]"#, units);
    let ev = g.apply(&Action::Fight { unit: F1 }).expect("the combat");
    assert!(ev.iter().any(|e| matches!(e, Event::Routed { unit: F1 })), "{ev:?}");
    let need = ev.iter().find_map(|e| if let Event::Rolled { roll: Roll::Recall { unit: S12, need }, .. } = e { Some(*need) } else { None });
    let response = g.scenario().units[usize::from(S12)].response as i8;
    assert_eq!(need, Some(response - 2));
}

// ---------------------------------------------------------------------------------------------
// Rally, rout, evasion, the emergency square

#[test]
fn nb_25_26_29_rally_by_the_touching_generals_quality() {
    let rally_odds = |general: &str, unit: &str, phasing: &str| {
        let (id, at) = match unit {
            "S2" => (S2, (4500, 750)),
            _ => (F2, (6100, 3130)),
        };
        let front = if unit == "S2" { "" } else { r#", "front": {"x": 6000, "y": 3000}, "facing": 270"# };
        let g = rioseco(
            &format!(r#""step": "Rally", "phasing": "{phasing}", "generals": [{{"id": "{general}", "at": {{"x": {}, "y": {}}}}}]"#, at.0, at.1),
            &format!(r#"[{{"id": "{unit}", "order": "Routed" {front}}}]"#),
        );
        g.odds(&Action::Rally { unit: id }).expect("a listed rally").chance(|r| *r == Outcome::Rallied { success: true })
    };
    // Response 5 with a Poor general: 1-4, 40% (NB-26); Average: 50%.
    assert_eq!(rally_odds("portago", "S2", "Allied"), (2, 5));
    assert_eq!(rally_odds("cagigal", "S2", "Allied"), (1, 2));
    // Response 6 with an Excellent general (+2): 80% (NB-25).
    assert_eq!(rally_odds("mouton", "F2", "French"), (4, 5));
    // A failed rally stays routed (NB-29).
    let mut g = rioseco(r#""step": "Rally", "phasing": "Allied", "dice": [7], "generals": [{"id": "blake", "at": {"x": 4500, "y": 750}}]"#, r#"[{"id": "S2", "order": "Routed"}]"#);
    let ev = g.apply(&Action::Rally { unit: S2 }).expect("rally");
    assert!(ev.iter().any(|e| matches!(e, Event::Rolled { roll: Roll::Rally { unit: S2, need: 6 }, die: 7, .. })), "{ev:?}");
    assert_eq!(g.unit(S2).order, Order::Routed);
    assert!(!actions(&g).contains(&Action::Rally { unit: S2 }), "one try a step");
}

#[test]
fn nb_141_142_the_rout_number_is_one_higher_at_six_bases() {
    // F2 and F4 each score two hits on S4 (two 10s) in one fire step: four hits.
    let play = |figures: u8| {
        let placed = units(&[
            unit_at("F2", 6000, 2700, 270, ""),
            unit_at("F4", 6000, 3300, 270, ""),
            unit_at("S4", 5800, 3000, 90, &format!(r#", "figures": {figures}"#)),
        ]);
        let mut g = rioseco(r#""step": "OffensiveFire", "dice": [10, 10]"#, &placed);
        g.apply(&Action::Fire { unit: F2, target: S4 }).expect("F2 fires");
        g.apply(&Action::Fire { unit: F4, target: S4 }).expect("F4 fires");
        g
    };
    // 28 figures (7 bases, 6 after the losses): rout number 4 + 1; four hits only disorder.
    let g = play(28);
    assert_eq!((g.unit(S4).figures, g.unit(S4).order), (24, Order::Disordered));
    // 20 figures (5 bases): rout number 4; the same four hits rout it (NB-141).
    assert_eq!(play(20).unit(S4).order, Order::Routed);
}

#[test]
fn nb_144_to_146_rout_moves_18_or_27_inches_and_a_later_one_costs_a_figure() {
    // The Spanish movement step: S4 (infantry) and S13 (cavalry) routed, on open ground.
    let units = r#"[{"id": "S4", "front": {"x": 6300, "y": 3000}, "facing": 90, "order": "Routed"},
                    {"id": "S13", "front": {"x": 6300, "y": 4200}, "facing": 90, "order": "Routed"}]"#;
    let mut g = rioseco(r#""step": "Movement", "phasing": "Allied""#, units);
    let acts = actions(&g);
    assert!(acts.contains(&Action::RoutMove { unit: S4 }) && acts.contains(&Action::RoutMove { unit: S13 }), "{acts:?}");
    let (f4, f13) = (g.unit(S4).figures, g.unit(S13).figures);
    // The whole unit moves: its footprint's centre goes 18" (27" for cavalry), within a
    // hundredth of rounding.
    let moved = |g: &NapoleonsBattles, u: UnitId, before: Point| g.rect(u).centre().distance(before);
    let (c4, c13) = (g.rect(S4).centre(), g.rect(S13).centre());
    let ev = g.apply(&Action::RoutMove { unit: S4 }).expect("S4 routs on");
    assert!(ev.iter().any(|e| matches!(e, Event::Moved { unit: S4, .. })), "{ev:?}");
    assert_eq!(g.unit(S4).figures, f4 - 1, "a later rout move costs a figure (NB-145)");
    assert!((moved(&g, S4, c4) - 1800).abs() <= 1, "{}", moved(&g, S4, c4));
    assert!(g.unit(S4).front.x < 6300, "toward the Spanish edge (west)");
    assert!(!actions(&g).contains(&Action::RoutMove { unit: S4 }), "once a step");
    g.apply(&Action::RoutMove { unit: S13 }).expect("S13 routs on");
    assert!((moved(&g, S13, c13) - 2700).abs() <= 1, "{}", moved(&g, S13, c13));
    assert_eq!(g.unit(S13).figures, f13 - 1);
    // Declining costs nothing (NB-146).
    let mut g = rioseco(r#""step": "Movement", "phasing": "Allied""#, units);
    g.apply(&Action::EndMovement).expect("end");
    assert_eq!(g.unit(S4).figures, f4);
}

#[test]
fn nb_150_152_153_evasion_from_infantry_and_from_cavalry() {
    let units = |mover: &str, marker: bool| {
        units(&[unit_at(mover, 6200, 3500, 270, r#", "allowed": "Full""#), unit_at("S13", 5800, 3500, 90, &format!(r#", "reaction_marker": {marker}"#))])
    };
    // Infantry charges inactive cavalry: the Spanish may evade (NB-150).
    let mut g = rioseco(r#""step": "Movement""#, &units("F2", false));
    g.apply(&Action::Charge { unit: F2, target: S13 }).expect("the charge");
    assert_eq!(step(&g), (Side::Allied, Step::Evasion { unit: S13, by: F2 }));
    let before = g.rect(S13).centre();
    g.apply(&Action::Evade { unit: S13 }).expect("evade");
    assert_eq!(step(&g).1, Step::Movement);
    assert!(g.rect(S13).centre().x < before.x, "away from F2");
    assert!(!napoleonic::games::napoleons_battles::in_contact(&g.rect(F2), &g.rect(S13)));
    // Cavalry charges cavalry without a marker: no evasion (NB-152); contact stands.
    let mut g = rioseco(r#""step": "Movement""#, &units("F6", false));
    g.apply(&Action::Charge { unit: F6, target: S13 }).expect("the charge");
    assert_eq!(step(&g).1, Step::Movement);
    assert!(napoleonic::games::napoleons_battles::in_contact(&g.rect(F6), &g.rect(S13)));
    // With a marker it may evade (NB-151) and the marker is gone (NB-153).
    let mut g = rioseco(r#""step": "Movement""#, &units("F6", true));
    g.apply(&Action::Charge { unit: F6, target: S13 }).expect("the charge");
    assert_eq!(step(&g), (Side::Allied, Step::Evasion { unit: S13, by: F6 }));
    g.apply(&Action::Evade { unit: S13 }).expect("evade");
    assert!(!g.unit(S13).reaction_marker);
}

#[test]
fn nb_158_already_within_1_inch_is_judged_when_the_cavalry_begins_to_move() {
    // D53: "an enemy already within 1"" is judged at the start of the cavalry's move. F6 steps
    // half an inch north first; then F2 comes within 1" of S1's flank; then F6 charges on: F2
    // was not there when F6 began, so S1 rolls (and a 1 forms the square).
    let fields = r#""step": "Movement", "dice": [1], "generals": [{"id": "lasalle", "at": {"x": 5200, "y": 2800}}]"#;
    let f6 = r#"{"id": "F6", "front": {"x": 4800, "y": 2350}, "facing": 270}"#;
    let s1 = r#"{"id": "S1"}"#;
    let (near, far) = (Point { x: 4680, y: 2000 }, Point { x: 4680, y: 1600 });
    let f2 = |at: Point| format!(r#"{{"id": "F2", "front": {{"x": {}, "y": {}}}, "facing": 270, "allowed": "Full"}}"#, at.x, at.y);
    let rolls = |ev: &[Event]| count(ev, |e| matches!(e, Event::Rolled { roll: Roll::EmergencySquare { unit: S1, .. }, .. }));
    let step_north = Action::Move { unit: F6, to: Point { x: 4800, y: 2400 }, facing: Facing::degrees(270) };
    let mut g = rioseco(fields, &format!("[{f6}, {s1}, {}]", f2(far)));
    g.apply(&step_north).expect("F6 steps north");
    g.apply(&Action::Move { unit: F2, to: near, facing: Facing::degrees(270) }).expect("F2 closes in");
    let ev = g.apply(&Action::Charge { unit: F6, target: S1 }).expect("the charge");
    assert_eq!(rolls(&ev), 1, "{ev:?}");
    assert_eq!(g.unit(S1).formation, Formation::Square);
    // The other way round: F2 within 1" when F6 began, gone by the contact: no roll.
    let mut g = rioseco(fields, &format!("[{f6}, {s1}, {}]", f2(near)));
    g.apply(&step_north).expect("F6 steps north");
    g.apply(&Action::Move { unit: F2, to: far, facing: Facing::degrees(270) }).expect("F2 draws off");
    let ev = g.apply(&Action::Charge { unit: F6, target: S1 }).expect("the charge");
    assert_eq!(rolls(&ev), 0, "{ev:?}");
    assert_eq!(g.unit(S1).formation, Formation::Line);
}

#[test]
fn nb_155_infantry_never_evades() {
    let units = r#"[{"id": "F2", "front": {"x": 6200, "y": 3500}, "facing": 270, "allowed": "Full"},
                    {"id": "S6", "front": {"x": 5800, "y": 3500}, "facing": 90}]"#;
    let mut g = rioseco(r#""step": "Movement""#, units);
    g.apply(&Action::Charge { unit: F2, target: S6 }).expect("the charge");
    assert_eq!(step(&g).1, Step::Movement);
    assert!(napoleonic::games::napoleons_battles::in_contact(&g.rect(F2), &g.rect(S6)));
}

#[test]
fn nb_157_158_the_emergency_square_roll_and_when_it_is_not_tried() {
    // F6 2" east of S1 (light infantry in line, response 5, Maceda (A) not touching); Lasalle
    // near enough for F6 to be in command (no initiative die).
    let fields = |dice: &str| format!(r#""step": "Movement", "dice": {dice}, "generals": [{{"id": "lasalle", "at": {{"x": 5200, "y": 2800}}}}]"#);
    let f6 = r#"{"id": "F6", "front": {"x": 4800, "y": 2350}, "facing": 270}"#;
    let s1 = r#"{"id": "S1"}"#;
    let mut g = rioseco(&fields("[6]"), &format!("[{f6}, {s1}]"));
    let ev = g.apply(&Action::Charge { unit: F6, target: S1 }).expect("the charge");
    assert!(ev.iter().any(|e| matches!(e, Event::Rolled { roll: Roll::EmergencySquare { unit: S1, need: 5 }, die: 6, .. })), "{ev:?}");
    assert_eq!(g.unit(S1).formation, Formation::Line, "6 is more than 5: no square");
    // F2 already within 1" of S1's flank before and at the charge: no roll (NB-158).
    let f2 = r#"{"id": "F2", "front": {"x": 4680, "y": 2000}, "facing": 270, "allowed": "Full"}"#;
    let mut g = rioseco(&fields("[1]"), &format!("[{f6}, {s1}, {f2}]"));
    let ev = g.apply(&Action::Charge { unit: F6, target: S1 }).expect("the charge");
    assert_eq!(count(&ev, |e| matches!(e, Event::Rolled { roll: Roll::EmergencySquare { .. }, .. })), 0, "{ev:?}");
    assert_eq!(g.unit(S1).formation, Formation::Line);
}

// ---------------------------------------------------------------------------------------------
// Line of sight (NB-63 ... NB-65, NB-73)

#[test]
fn nb_63_64_73_enemy_foot_and_horse_block_the_guns_friends_block_enemy_guns_do_not() {
    // F8 (French 8lb, unlimbered) 10" east of S4 on open ground, firing west; a third unit
    // halfway between, in the template nearer than the target.
    let fire = Action::Fire { unit: F8, target: S4 };
    let with = |between: &str| {
        let mut placed = vec![unit_at("F8", 7000, 4200, 270, ""), unit_at("S4", 6000, 4200, 90, "")];
        if !between.is_empty() {
            placed.push(between.to_string());
        }
        rioseco(r#""step": "OffensiveFire", "dice": [1]"#, &units(&placed))
    };
    assert!(actions(&with("")).contains(&fire), "a clear line");
    // Enemy infantry (S6) and cavalry (S13) block (NB-63).
    for blocker in [unit_at("S6", 6500, 4200, 90, ""), unit_at("S13", 6500, 4200, 90, "")] {
        let mut g = with(&blocker);
        assert!(!actions(&g).contains(&fire), "{blocker}");
        assert!(g.apply(&fire).is_err(), "refused");
    }
    // A friendly unit blocks too (D19).
    assert!(!actions(&with(&unit_at("F2", 6500, 4200, 270, ""))).contains(&fire));
    // Enemy artillery does not block (NB-64).
    assert!(actions(&with(&unit_at("S7", 6500, 4200, 90, ""))).contains(&fire));
}

#[test]
fn nb_65_a_town_blocks_the_line_of_sight_unless_the_target_is_in_it() {
    // Bailén's town (x 0-6", y 20-30"); B-S6 (Spanish 12lb) south of it firing north.
    let fire = Action::Fire { unit: 16, target: 2 };
    let at = |y: i32| {
        let placed = units(&[unit_at("B-S6", 300, 1700, 0, ""), unit_at("B-F3", 300, y, 180, "")]);
        arena("bailen-table", r#""step": "OffensiveFire", "phasing": "Allied", "dice": [1]"#, &placed)
    };
    assert!(!actions(&at(3200)).contains(&fire), "behind the town");
    assert!(actions(&at(2600)).contains(&fire), "a target in the town is seen");
    // The control: the same range with no town near the template (10" east, on the ridge).
    let placed = units(&[unit_at("B-S6", 1600, 1700, 0, ""), unit_at("B-F3", 1600, 3200, 180, "")]);
    let open = arena("bailen-table", r#""step": "OffensiveFire", "phasing": "Allied", "dice": [1]"#, &placed);
    assert!(actions(&open).contains(&fire), "15\" with no town between: seen");
}

// ---------------------------------------------------------------------------------------------
// Movement costs, reaction markers and disorder (NB-49, 50, 57, 58, 61, 137, 139)

#[test]
fn nb_49_50_backward_and_sideways_moves_cost_double() {
    // F2 (column, 8") facing west on open ground: 2" forward costs 2", backward or sideways 4"
    // (its card's ratio 2 for 1).
    let g = rioseco(r#""step": "Movement""#, &units(&[unit_at("F2", 6000, 4200, 270, r#", "allowed": "Full""#)]));
    let west = Facing::degrees(270);
    let cost = |x: i32, y: i32| g.filled_note(&Action::Move { unit: F2, to: Point { x, y }, facing: west }).expect("a legal move's note");
    assert!(cost(5800, 4200).starts_with("2.00\" of 8.00\""), "{}", cost(5800, 4200));
    assert!(cost(6200, 4200).starts_with("4.00\" of 8.00\""), "backward: {}", cost(6200, 4200));
    assert!(cost(6000, 4000).starts_with("4.00\" of 8.00\""), "sideways: {}", cost(6000, 4000));
    // 3" backward would cost 6", 5" backward 10": more than the allowance.
    assert!(g.check_filled(&Action::Move { unit: F2, to: Point { x: 6300, y: 4200 }, facing: west }).is_ok());
    assert!(g.check_filled(&Action::Move { unit: F2, to: Point { x: 6500, y: 4200 }, facing: west }).is_err());
}

#[test]
fn nb_137_a_disordered_unit_moves_at_half_speed() {
    let left = |extra: &str| {
        let g = rioseco(r#""step": "Movement""#, &units(&[unit_at("F2", 6000, 4200, 270, extra)]));
        g.prompt()
            .expect("prompt")
            .templates
            .iter()
            .find_map(|t| match t {
                napoleonic::games::napoleons_battles::action::Template::MoveUnit { unit: F2, left, .. } => Some(*left),
                _ => None,
            })
            .expect("F2 may move")
    };
    assert_eq!(left(r#", "allowed": "Full""#), 800);
    assert_eq!(left(r#", "allowed": "Full", "order": "Disordered""#), 400);
}

#[test]
fn nb_57_58_139_the_end_of_movement_marks_still_cavalry_and_steadies_still_troops() {
    // F6 in command (Lasalle by it) and still: a reaction marker (NB-57). F7 far from every
    // general, out of command: none; F6 again, having moved: none (NB-58). F2 disordered and
    // still: formed again (NB-139); F4 disordered and moved: still disordered.
    const F7: UnitId = 6;
    let play = |f6: &str, move_f6: bool| {
        let placed = units(&[
            unit_at("F6", 6000, 4200, 270, &format!(r#", "allowed": "Full"{f6}"#)),
            unit_at("F7", 1000, 4400, 270, r#", "allowed": "Full""#),
            unit_at("F2", 6600, 1200, 270, r#", "allowed": "Full", "order": "Disordered""#),
            unit_at("F4", 6000, 1200, 270, r#", "allowed": "Full", "order": "Disordered""#),
        ]);
        let mut g = rioseco(r#""step": "Movement", "generals": [{"id": "lasalle", "at": {"x": 6200, "y": 3600}}]"#, &placed);
        assert!(g.unit(F6).in_command, "F6 in Lasalle's span, Lasalle in Bessières's");
        assert!(!g.unit(F7).in_command, "F7 far from every general");
        g.apply(&Action::Move { unit: F4, to: Point { x: 5900, y: 1200 }, facing: Facing::degrees(270) }).expect("F4 moves 1\"");
        if move_f6 {
            g.apply(&Action::Move { unit: F6, to: Point { x: 5900, y: 4200 }, facing: Facing::degrees(270) }).expect("F6 moves 1\"");
        }
        let ev = g.apply(&Action::EndMovement).expect("the end of movement");
        (g, ev)
    };
    let (g, ev) = play("", false);
    assert!(g.unit(F6).reaction_marker && ev.iter().any(|e| matches!(e, Event::ReactionMarker { unit: F6, placed: true })));
    assert!(!g.unit(F7).reaction_marker, "out of command: no marker (NB-58)");
    assert_eq!(g.unit(F2).order, Order::Formed, "still for the step: disorder removed");
    assert!(ev.iter().any(|e| matches!(e, Event::Recovered { unit: F2 })));
    assert_eq!(g.unit(F4).order, Order::Disordered, "it moved: still disordered");
    let (g, _) = play("", true);
    assert!(!g.unit(F6).reaction_marker, "moved: no marker (NB-58)");
}

#[test]
fn nb_61_a_cavalry_unit_loses_its_marker_when_contacted() {
    // S13 (Spanish cavalry) with a marker; F2 charges it: the marker goes at the contact,
    // before S13 decides whether to evade.
    let placed = units(&[
        unit_at("F2", 6200, 3500, 270, r#", "allowed": "Full""#),
        unit_at("S13", 5800, 3500, 90, r#", "reaction_marker": true"#),
    ]);
    let mut g = rioseco(r#""step": "Movement""#, &placed);
    let ev = g.apply(&Action::Charge { unit: F2, target: S13 }).expect("the charge");
    assert!(ev.iter().any(|e| matches!(e, Event::ReactionMarker { unit: S13, placed: false })), "{ev:?}");
    assert!(!g.unit(S13).reaction_marker);
}

// ---------------------------------------------------------------------------------------------
// Command control (NB-34 ... NB-42)

/// The command each named unit gets in the French step 2, from the generals placed as given.
fn command_after_rally(dice: &str, generals: &str, placed: &[String]) -> (NapoleonsBattles, Vec<Event>) {
    let fields = format!(r#""step": "Rally", "dice": {dice}, "generals": {generals}"#);
    let mut g = rioseco(&fields, &units(placed));
    let ev = g.apply(&Action::EndRally).expect("step 1 declined: step 2 follows");
    (g, ev)
}

#[test]
fn nb_34_35_36_41_42_who_is_in_command() {
    use napoleonic::games::napoleons_battles::action::MoveAllowed;
    // Merle (6" span) at his place, in Bessières's 14". F2 3" from him: in command (NB-34).
    // F4 (Mouton's) as near Merle but 10" from Mouton: another chain never commands (NB-36).
    let gen = |id: &str, x: i32, y: i32| format!(r#"{{"id": "{id}", "at": {{"x": {x}, "y": {y}}}}}"#);
    let placed = [unit_at("F2", 5800, 1300, 270, ""), unit_at("F4", 5800, 1700, 270, "")];
    let (g, ev) = command_after_rally("[10]", &format!("[{}]", gen("mouton", 6450, 2750)), &placed);
    assert!(g.unit(F2).in_command && g.unit(F2).allowed == MoveAllowed::Full);
    assert!(!g.unit(F4).in_command, "Merle's span does not command Mouton's brigade");
    // Out of its own commander's span, F4 (line infantry) rolled against its own response, 6.
    assert!(ev.iter().any(|e| matches!(e, Event::Rolled { roll: Roll::Initiative { general: None, unit: Some(F4), need: 6 }, die: 10, .. })), "{ev:?}");
    assert_eq!(g.unit(F4).allowed, MoveAllowed::None, "infantry failing its initiative stays (NB-39)");
    // Merle touching F1 has span 0 (NB-41): F2 2" from F1 is out of command (NB-42)...
    let placed = [unit_at("F1", 5800, 800, 270, ""), unit_at("F2", 5800, 1300, 270, "")];
    let (g, _) = command_after_rally("[1]", &format!("[{}]", gen("merle", 6050, 800)), &placed);
    assert!(g.unit(F1).in_command, "the brigade he touches");
    assert!(!g.unit(F2).in_command, "span 0 reaches only what he touches");
    // ...but a general of its own chain touching it commands it (NB-35): Bessières at F2's rear.
    let (g, _) = command_after_rally("[1, 1]", &format!("[{}, {}]", gen("merle", 6050, 800), gen("bessieres", 6050, 1300)), &placed);
    assert!(g.unit(F2).in_command, "touched by the Overall commander of its chain");
}

#[test]
fn nb_38_39_40_an_out_of_command_commander_rolls_for_his_whole_command() {
    use napoleonic::games::napoleons_battles::action::MoveAllowed;
    // Merle (response 6) and Lasalle (response 8) both beyond Bessières's 14": each rolls once
    // for his command. F2 (infantry) and F6 (cavalry) within their spans.
    let generals = r#"[{"id": "merle", "at": {"x": 6100, "y": 100}}, {"id": "lasalle", "at": {"x": 7100, "y": 4000}}]"#;
    let placed = [unit_at("F2", 5800, 300, 270, ""), unit_at("F6", 6700, 4600, 270, "")];
    let roll = |dice: &str| {
        let (g, ev) = command_after_rally(dice, generals, &placed);
        let rolls: Vec<(Option<u8>, u8, u8)> = ev
            .iter()
            .filter_map(|e| match e {
                Event::Rolled { roll: Roll::Initiative { general, unit: None, need }, die, .. } => Some((*general, *need, *die)),
                _ => None,
            })
            .collect();
        (rolls, g.unit(F2).allowed, g.unit(F6).allowed)
    };
    // Successes: infantry half move, cavalry full (NB-39, NB-40).
    let (rolls, f2, f6) = roll("[6, 8]");
    assert_eq!(rolls, vec![(Some(1), 6, 6), (Some(3), 8, 8)], "d10 against each one's response (NB-38)");
    assert_eq!((f2, f6), (MoveAllowed::Half, MoveAllowed::Full));
    // Failures: infantry does not move, cavalry half.
    let (_, f2, f6) = roll("[7, 9]");
    assert_eq!((f2, f6), (MoveAllowed::None, MoveAllowed::Half));
}

// ---------------------------------------------------------------------------------------------
// Passing through friends (NB-56, NB-138, NB-147) and fire in contact (NB-68)

#[test]
fn nb_56_138_friends_are_passed_through_at_no_cost_and_a_disordered_mover_disorders_them() {
    // F2 (line, 6") west through F4 (line), which stands 1" ahead of it, on open ground.
    let play = |f2: &str| {
        let placed = units(&[
            unit_at("F2", 6000, 4200, 270, &format!(r#", "formation": "LIN", "allowed": "Full"{f2}"#)),
            unit_at("F4", 5900, 4200, 270, r#", "formation": "LIN""#),
        ]);
        rioseco(r#""step": "Movement""#, &placed)
    };
    let west = Facing::degrees(270);
    let through = Action::Move { unit: F2, to: Point { x: 5400, y: 4200 }, facing: west };
    let g = play("");
    // The same cost as on open ground: nothing for passing through (NB-56).
    assert!(g.filled_note(&through).expect("legal").starts_with("6.00\" of 6.00\""), "{:?}", g.filled_note(&through));
    // But it may not end on F4.
    assert!(g.check_filled(&Action::Move { unit: F2, to: Point { x: 5900, y: 4200 }, facing: west }).is_err());
    // Formed, it leaves F4 formed; disordered (half speed: 3"), it disorders F4 (NB-138).
    let mut g = play("");
    let ev = g.apply(&through).expect("F2 passes through F4");
    assert!(!ev.iter().any(|e| matches!(e, Event::Disordered { unit: F4 })) && g.unit(F4).order == Order::Formed);
    let mut g = play(r#", "order": "Disordered""#);
    let ev = g.apply(&Action::Move { unit: F2, to: Point { x: 5700, y: 4200 }, facing: west }).expect("F2 passes through F4");
    assert!(ev.iter().any(|e| matches!(e, Event::Disordered { unit: F4 })), "{ev:?}");
    assert_eq!(g.unit(F4).order, Order::Disordered);
}

#[test]
fn nb_147_a_routing_unit_disorders_the_friends_it_passes_through() {
    // S4 routs west 18" from x = 63"; S6 stands in its path at x = 55".
    let placed = units(&[unit_at("S4", 6300, 3000, 90, r#", "order": "Routed""#), unit_at("S6", 5500, 3000, 90, "")]);
    let mut g = rioseco(r#""step": "Movement", "phasing": "Allied""#, &placed);
    let ev = g.apply(&Action::RoutMove { unit: S4 }).expect("S4 routs on");
    assert!(ev.iter().any(|e| matches!(e, Event::Disordered { unit: S6 })), "{ev:?}");
    assert_eq!(g.unit(S6).order, Order::Disordered);
    assert!(g.unit(S4).front.x < 5500, "past S6");
}

#[test]
fn nb_68_a_unit_in_contact_fires_only_at_what_it_touches() {
    // F2 in line; S6 touches the middle of its front; S4 2" ahead and off to its left, in range.
    let f2 = unit_at("F2", 6000, 3000, 270, r#", "formation": "LIN""#);
    let s4 = unit_at("S4", 5800, 2500, 90, "");
    let touching = units(&[f2.clone(), unit_at("S6", 6000, 3000, 90, ""), s4.clone()]);
    let acts = actions(&rioseco(r#""step": "OffensiveFire""#, &touching));
    assert!(acts.contains(&Action::Fire { unit: F2, target: S6 }), "{acts:?}");
    assert!(!acts.contains(&Action::Fire { unit: F2, target: S4 }), "{acts:?}");
    // The control: without S6, F2 may fire at S4.
    let free = units(&[f2, s4]);
    let acts = actions(&rioseco(r#""step": "OffensiveFire""#, &free));
    assert!(acts.contains(&Action::Fire { unit: F2, target: S4 }), "{acts:?}");
}

// ---------------------------------------------------------------------------------------------
// Allowances, rough ground and formation changes (NB-43, 46, 51)

#[test]
fn nb_43_51_the_chart_allowance_by_formation_and_a_change_paid_from_it() {
    // F2 (French line infantry): COL 8", LIN 6", MCH COL 12"; CG FM 2" (a.4 stand-ins).
    let left = |g: &NapoleonsBattles| {
        g.prompt()
            .expect("prompt")
            .templates
            .iter()
            .find_map(|t| match t {
                napoleonic::games::napoleons_battles::action::Template::MoveUnit { unit: F2, left, formation } => Some((*formation, *left)),
                _ => None,
            })
            .expect("F2 may move")
    };
    let at = |f: &str| rioseco(r#""step": "Movement""#, &units(&[unit_at("F2", 6000, 4200, 270, &format!(r#", "allowed": "Full", "formation": "{f}""#))]));
    assert_eq!(left(&at("COL")), (Formation::Column, 800));
    assert_eq!(left(&at("LIN")), (Formation::Line, 600));
    assert_eq!(left(&at("MCH_COL")), (Formation::MarchColumn, 1200));
    // COL to LIN: 2" paid, and what is left is the lesser remainder: 6 − 2 = 4" (NB-51, D13).
    let mut g = at("COL");
    g.apply(&Action::ChangeFormation { unit: F2, formation: Formation::Line }).expect("to line");
    assert_eq!(left(&g), (Formation::Line, 400));
    // LIN to COL: 2" paid, 8 − 2 = 6" would be more than the line's 6 − 2 = 4": 4" left.
    let mut g = at("LIN");
    g.apply(&Action::ChangeFormation { unit: F2, formation: Formation::Column }).expect("to column");
    assert_eq!(left(&g), (Formation::Column, 400));
}

#[test]
fn nb_46_rough_ground_costs_its_ratio_for_each_inch_in_it() {
    // The páramo's steep east face is a 1" strip (x 53-54"). The cost is charged along the path
    // of the footprint's centre (a.5), 1.12" behind F2's front edge (a column 2.25" deep). F2
    // (RGH 2 for 1) goes 5" west, its centre from x = 57.12" to 52.12": 4" of open ground and 1"
    // of steep at 2 for 1: 6".
    let g = rioseco(r#""step": "Movement""#, &units(&[unit_at("F2", 5600, 1000, 270, r#", "allowed": "Full""#)]));
    let note = |x: i32| g.filled_note(&Action::Move { unit: F2, to: Point { x, y: 1000 }, facing: Facing::degrees(270) }).expect("legal");
    assert!(note(5100).starts_with("6.00\" of 8.00\""), "{}", note(5100));
    // 1" west, short of the strip: 1".
    assert!(note(5500).starts_with("1.00\" of 8.00\""), "{}", note(5500));
    // 4" west, the centre ending 0.88" into the strip: 3.12" + 2 × 0.88" = 4.88" (4.89" as the
    // cut is rounded to hundredths).
    let n = note(5200);
    assert!(n.starts_with("4.8"), "{n}");
}

#[test]
fn nb_154_unlimbered_horse_artillery_limbers_free_to_evade_at_its_limbered_allowance() {
    // The Spanish turn: S4 (infantry) charges F11 (French horse battery, unlimbered), 4" east,
    // south of the páramo with open ground behind F11.
    const F11_ID: UnitId = F11;
    let placed = units(&[unit_at("S4", 3600, 4500, 90, r#", "allowed": "Full""#), unit_at("F11", 4000, 4500, 270, r#", "formation": "ULM""#)]);
    let mut g = rioseco(r#""step": "Movement", "phasing": "Allied""#, &placed);
    g.apply(&Action::Charge { unit: S4, target: F11_ID }).expect("the charge");
    assert_eq!(step(&g), (Side::French, Step::Evasion { unit: F11_ID, by: S4 }));
    let before = g.rect(F11_ID).centre();
    let ev = g.apply(&Action::Evade { unit: F11_ID }).expect("evade");
    assert!(ev.iter().any(|e| matches!(e, Event::Formed { unit: F11_ID, formation: Formation::Limbered })), "{ev:?}");
    assert_eq!(g.unit(F11_ID).formation, Formation::Limbered);
    // Away from S4 (east), by its 14" limbered allowance, not its 2" unlimbered one.
    let moved = ev.iter().find_map(|e| if let Event::Moved { unit: F11_ID, from, to, .. } = e { Some(from.distance(*to)) } else { None }).expect("F11 moved");
    assert_eq!(moved, 1400, "{ev:?}");
    assert!(g.rect(F11_ID).centre().x > before.x);
    // Near the table's edge the whole 14" does not fit: it goes the farthest of 3/4 or 1/2.
    let placed = units(&[unit_at("S4", 5600, 3000, 90, r#", "allowed": "Full""#), unit_at("F11", 6000, 3000, 270, r#", "formation": "ULM""#)]);
    let mut g = rioseco(r#""step": "Movement", "phasing": "Allied""#, &placed);
    g.apply(&Action::Charge { unit: S4, target: F11_ID }).expect("the charge");
    let ev = g.apply(&Action::Evade { unit: F11_ID }).expect("evade");
    let moved = ev.iter().find_map(|e| if let Event::Moved { unit: F11_ID, from, to, .. } = e { Some(from.distance(*to)) } else { None }).expect("F11 moved");
    assert_eq!(moved, 1050);
}

// ---------------------------------------------------------------------------------------------
// Formations and their movement (NB-44, 47, 48, 54), rally (NB-28), command (NB-37), town (NB-135)

/// What `u` has left to move in this movement step, if it may move at all.
fn left_of(g: &NapoleonsBattles, u: UnitId) -> Option<i32> {
    g.prompt().expect("prompt").templates.iter().find_map(|t| match t {
        napoleonic::games::napoleons_battles::action::Template::MoveUnit { unit, left, .. } if *unit == u => Some(*left),
        _ => None,
    })
}

#[test]
fn nb_44_the_formations_each_arm_may_take() {
    // NB-44: infantry COL, LIN, MCH COL and SQ; cavalry COL, LIN, MCH COL (no square);
    // artillery LIM and ULM. Each unit alone on open ground, in command, nothing spent.
    let try_form = |id: &str, uid: UnitId, extra: &str, f: Formation| {
        let mut g = rioseco(r#""step": "Movement""#, &units(&[unit_at(id, 6000, 4200, 270, &format!(r#", "allowed": "Full"{extra}"#))]));
        g.apply(&Action::ChangeFormation { unit: uid, formation: f }).is_ok()
    };
    for f in [Formation::Line, Formation::MarchColumn, Formation::Square] {
        assert!(try_form("F2", F2, "", f), "infantry from column to {f:?}");
    }
    for f in [Formation::Limbered, Formation::Unlimbered] {
        assert!(!try_form("F2", F2, "", f), "infantry never {f:?}");
    }
    assert!(try_form("F6", F6, "", Formation::Line));
    assert!(try_form("F6", F6, "", Formation::MarchColumn));
    assert!(!try_form("F6", F6, "", Formation::Square), "cavalry never forms square");
    // Horse artillery (F11) unlimbered may limber, never take an infantry formation.
    assert!(try_form("F11", F11, r#", "formation": "ULM""#, Formation::Limbered));
    for f in [Formation::Column, Formation::Line, Formation::Square] {
        assert!(!try_form("F11", F11, r#", "formation": "ULM""#, f), "artillery never {f:?}");
    }
}

#[test]
fn nb_47_48_a_square_moves_at_its_sq_ratio_and_ratios_combine_as_d11() {
    // F2 (French line: LIN 6", SQ 2 for 1, backward 2 for 1) on open ground facing west.
    let game = |formation: &str, options: &str| {
        rioseco(
            &format!(r#""step": "Movement"{options}"#),
            &units(&[unit_at("F2", 6000, 4200, 270, &format!(r#", "allowed": "Full", "formation": "{formation}""#))]),
        )
    };
    let note = |g: &NapoleonsBattles, x: i32| g.filled_note(&Action::Move { unit: F2, to: Point { x, y: 4200 }, facing: Facing::degrees(270) }).expect("legal");
    // NB-47: the square moves with the line's allowance (D10), each inch at 2 for 1.
    let sq = game("SQ", "");
    assert_eq!(left_of(&sq, F2), Some(600));
    assert!(note(&sq, 5900).starts_with("2.00\" of 6.00\""), "{}", note(&sq, 5900));
    // The control: in line the same inch costs an inch.
    let lin = game("LIN", "");
    assert!(note(&lin, 5900).starts_with("1.00\" of 6.00\""), "{}", note(&lin, 5900));
    // NB-48 / D11: a square stepping back 1" has two ratios on the same inch (SQ 2 for 1,
    // backward 2 for 1): only the highest applies, 2"...
    assert!(note(&sq, 6100).starts_with("2.00\" of 6.00\""), "{}", note(&sq, 6100));
    // ...and with the option multiply_ratios they multiply: 4".
    let mul = game("SQ", r#", "options": {"multiply_ratios": true}"#);
    assert!(note(&mul, 6100).starts_with("4.00\" of 6.00\""), "{}", note(&mul, 6100));
    // A forward inch has one ratio: the option changes nothing there.
    assert!(note(&mul, 5900).starts_with("2.00\" of 6.00\""), "{}", note(&mul, 5900));
}

#[test]
fn nb_54_road_column_changes_only_to_column_taking_the_whole_turn() {
    let game = || rioseco(r#""step": "Movement""#, &units(&[unit_at("F2", 6000, 4200, 270, r#", "allowed": "Full", "formation": "MCH_COL""#)]));
    for f in [Formation::Line, Formation::Square] {
        assert!(game().apply(&Action::ChangeFormation { unit: F2, formation: f }).is_err(), "road column to {f:?}");
    }
    // To column: allowed, and it takes the whole turn: nothing is left to move.
    let mut g = game();
    assert_eq!(left_of(&g, F2), Some(1200));
    g.apply(&Action::ChangeFormation { unit: F2, formation: Formation::Column }).expect("road column to column");
    assert_eq!(g.unit(F2).formation, Formation::Column);
    assert_eq!(left_of(&g, F2).unwrap_or(0), 0);
    assert!(g.apply(&Action::Move { unit: F2, to: Point { x: 5900, y: 4200 }, facing: Facing::degrees(270) }).is_err(), "no move after it");
    // Having moved an inch first, the change is refused: it needs the whole turn.
    let mut g = game();
    g.apply(&Action::Move { unit: F2, to: Point { x: 5900, y: 4200 }, facing: Facing::degrees(270) }).expect("1\" along");
    assert!(g.apply(&Action::ChangeFormation { unit: F2, formation: Formation::Column }).is_err());
    // The control: a column's change to line costs only its CG FM (2" of 8").
    let mut g = rioseco(r#""step": "Movement""#, &units(&[unit_at("F2", 6000, 4200, 270, r#", "allowed": "Full""#)]));
    g.apply(&Action::ChangeFormation { unit: F2, formation: Formation::Line }).expect("column to line");
    assert!(left_of(&g, F2).unwrap() > 0);
}

#[test]
fn nb_28_a_rallied_unit_may_change_formation_and_facing_free() {
    // S2 (Spanish line, routed, at its place facing east) rallied by Blake touching it (a 1);
    // F2 stands just off its south flank: within 1" of the enemy, which a rallied unit ignores
    // (D6).
    let placed = units(&[r#"{"id": "S2", "order": "Routed"}"#.to_string(), unit_at("F2", 4600, 1300, 270, "")]);
    let fields = r#""step": "Rally", "phasing": "Allied", "dice": [1, 1, 1, 1, 1, 1], "generals": [{"id": "blake", "at": {"x": 4500, "y": 750}}]"#;
    let mut g = rioseco(fields, &placed);
    let ev = g.apply(&Action::Rally { unit: S2 }).expect("rally");
    assert!(ev.iter().any(|e| matches!(e, Event::Rallied { unit: S2 })), "{ev:?}");
    assert_eq!(g.unit(S2).formation, Formation::Line);
    let west = g.unit(S2).facing.reversed();
    let reform = Action::Reform { unit: S2, formation: Formation::Column, facing: west };
    assert!(actions(&g).contains(&reform), "{:?}", actions(&g));
    g.apply(&reform).expect("the free change");
    assert_eq!((g.unit(S2).formation, g.unit(S2).facing), (Formation::Column, west));
    assert_eq!(g.unit(S2).spent, 0, "free: nothing of the allowance spent");
    // The control: a formed S2 in its movement step, as near F2, may not change formation.
    let placed = units(&[r#"{"id": "S2", "allowed": "Full"}"#.to_string(), unit_at("F2", 4600, 1300, 270, "")]);
    let mut g = rioseco(r#""step": "Movement", "phasing": "Allied""#, &placed);
    assert!(g.apply(&Action::ChangeFormation { unit: S2, formation: Formation::Column }).is_err());
    // And 3" away it may.
    let placed = units(&[r#"{"id": "S2", "allowed": "Full"}"#.to_string(), unit_at("F2", 4600, 1600, 270, "")]);
    let mut g = rioseco(r#""step": "Movement", "phasing": "Allied""#, &placed);
    assert!(g.apply(&Action::ChangeFormation { unit: S2, formation: Formation::Column }).is_ok());
}

#[test]
fn nb_37_command_status_is_set_in_step_2_and_held_for_the_player_turn() {
    // F6 (cavalry) 6" from Lasalle in step 2: in command. In movement Lasalle rides 16" away;
    // F6 stays in command, so, still at the end of movement, it takes a reaction marker (NB-57).
    let play = |lasalle: (i32, i32), ride: bool| {
        let placed = units(&[unit_at("F6", 6000, 4200, 270, "")]);
        let fields = format!(r#""step": "Rally", "dice": [1, 1, 1, 1], "generals": [{{"id": "lasalle", "at": {{"x": {}, "y": {}}}}}]"#, lasalle.0, lasalle.1);
        let mut g = rioseco(&fields, &placed);
        g.apply(&Action::EndRally).expect("step 2 and into movement");
        let status = (g.unit(F6).in_command, g.unit(F6).allowed);
        if ride {
            g.apply(&Action::MoveGeneral { general: 3, to: Point { x: 6200, y: 2000 } }).expect("Lasalle rides off");
        }
        let held = (g.unit(F6).in_command, g.unit(F6).allowed);
        g.apply(&Action::EndMovement).expect("end of movement");
        (status, held, g.unit(F6).reaction_marker)
    };
    use napoleonic::games::napoleons_battles::action::MoveAllowed;
    let (status, held, marker) = play((6200, 3600), true);
    assert_eq!(status, (true, MoveAllowed::Full));
    assert_eq!(held, status, "the ride does not change the status set in step 2");
    assert!(marker, "in command for the whole player turn");
    // The control: Lasalle where he rode to from the start: F6 out of command, no marker.
    let (status, _, marker) = play((6200, 2000), false);
    assert!(!status.0);
    assert!(!marker);
}

#[test]
fn nb_135_the_disorder_number_is_one_higher_in_town() {
    // S6 (Spanish regulars, disorder 3) takes three hits of fire from F2 and F4 in one step.
    let play = |s6: (i32, i32), dice: &str| {
        let placed = units(&[
            unit_at("F2", s6.0 + 200, s6.1 - 200, 270, ""),
            unit_at("F4", s6.0 + 200, s6.1 + 200, 270, ""),
            unit_at("S6", s6.0, s6.1, 90, ""),
        ]);
        let mut g = rioseco(&format!(r#""step": "OffensiveFire", "dice": {dice}"#), &placed);
        let mut ev = g.apply(&Action::Fire { unit: F2, target: S6 }).expect("F2 fires");
        ev.extend(g.apply(&Action::Fire { unit: F4, target: S6 }).expect("F4 fires"));
        (g, ev)
    };
    // In Medina's town (x 0-5", y 15-24"): three hits are short of 3 + 1.
    let (g, ev) = play((400, 2000), "[10, 7]");
    assert_eq!(hits_on(&ev, S6), 3);
    assert_eq!(g.unit(S6).order, Order::Formed);
    // The control: the same three hits on open ground disorder it.
    let (g, ev) = play((6000, 3000), "[10, 5]");
    assert_eq!(hits_on(&ev, S6), 3);
    assert_eq!(g.unit(S6).order, Order::Disordered);
}

#[test]
fn nb_11_step_8_every_contact_on_the_table_is_fought() {
    // Two separate contacts: F2 against S4, F4 against S1. There is no way to end step 8 while
    // one is unfought, and the phasing player picks the order (b.5).
    let two = units(&[
        unit_at("F2", 6000, 3000, 270, ""),
        unit_at("S4", 6000, 3000, 90, ""),
        unit_at("F4", 6000, 4300, 270, ""),
        unit_at("S1", 6000, 4300, 90, ""),
    ]);
    let mut g = melee("[10, 1, 10, 1, 5, 5, 5, 5]", &two);
    assert_eq!(step(&g), (Side::French, Step::Melee));
    assert_eq!(actions(&g), vec![Action::Fight { unit: F2 }, Action::Fight { unit: F4 }]);
    assert!(g.apply(&Action::EndFire).is_err() && g.apply(&Action::EndMovement).is_err(), "no way out of step 8");
    g.apply(&Action::Fight { unit: F4 }).expect("the second combat first");
    assert_eq!(step(&g).1, Step::Melee);
    assert_eq!(actions(&g), vec![Action::Fight { unit: F2 }], "the other contact is still to fight");
    g.apply(&Action::Fight { unit: F2 }).expect("the first combat");
    assert_ne!(step(&g).1, Step::Melee, "both fought: step 8 is over");
    // The control: one contact, one combat.
    let one = units(&[unit_at("F2", 6000, 3000, 270, ""), unit_at("S4", 6000, 3000, 90, ""), unit_at("F4", 6000, 4300, 270, "")]);
    assert_eq!(actions(&melee("[5, 5]", &one)), vec![Action::Fight { unit: F2 }]);
}

#[test]
fn nb_99_100_101_the_modifying_unit_has_most_bases_takes_the_losses_and_advances() {
    // F2 (line, COL 2) and F1 (provisionals, COL 1) both against S4's front (6 bases). The
    // round: French 10 + m against 1 + 1: S4 routs; the winner's one hit (NB-106).
    const F1_ID: UnitId = F1;
    let play = |f2: u8, f1: u8| {
        let placed = units(&[
            unit_at("F2", 6000, 2800, 270, &format!(r#", "figures": {f2}"#)),
            unit_at("F1", 6000, 3200, 270, &format!(r#", "figures": {f1}"#)),
            unit_at("S4", 6000, 3000, 90, ""),
        ]);
        let mut g = melee("[10, 1, 5, 5, 5, 5]", &placed);
        let fight = actions(&g).into_iter().find(|a| matches!(a, Action::Fight { .. })).expect("the combat");
        let ev = g.apply(&fight).expect("the combat");
        (g, ev)
    };
    let advanced = |ev: &[Event], u: UnitId| ev.iter().any(|e| matches!(e, Event::Moved { unit, from, to, .. } if *unit == u && from.x - to.x == 200));
    // F2 5 bases, F1 2: F2 modifies (COL 2, NB-99), takes the hit (NB-100) and advances 2"
    // (NB-101); F1 neither.
    let (g, ev) = play(18, 8);
    assert!(ev.iter().any(|e| matches!(e, Event::Routed { unit: S4 })), "{ev:?}");
    assert_eq!(melee_modifiers(&ev).0, 2);
    assert_eq!((hits_on(&ev, F2), hits_on(&ev, F1_ID)), (1, 0));
    assert!(advanced(&ev, F2) && !advanced(&ev, F1_ID), "{ev:?}");
    assert_eq!(g.unit(F1_ID).front, Point { x: 6000, y: 3200 });
    // The control: F2 2 bases, F1 6: F1 modifies (COL 1), takes the hit and advances.
    let (g, ev) = play(8, 24);
    assert_eq!(melee_modifiers(&ev).0, 1);
    assert_eq!((hits_on(&ev, F2), hits_on(&ev, F1_ID)), (0, 1));
    assert!(advanced(&ev, F1_ID) && !advanced(&ev, F2), "{ev:?}");
    assert_eq!(g.unit(F2).front, Point { x: 6000, y: 2800 });
    // A lost round: 1 + m against 10 + 1. All the French losses fall on the modifying unit.
    let lose = |f2: u8, f1: u8| {
        let placed = units(&[
            unit_at("F2", 6000, 2800, 270, &format!(r#", "figures": {f2}"#)),
            unit_at("F1", 6000, 3200, 270, &format!(r#", "figures": {f1}"#)),
            unit_at("S4", 6000, 3000, 90, ""),
        ]);
        let mut g = melee("[1, 10, 5, 5, 5, 5, 5, 5]", &placed);
        let fight = actions(&g).into_iter().find(|a| matches!(a, Action::Fight { .. })).expect("the combat");
        let ev = g.apply(&fight).expect("the round");
        let round = ev.iter().find_map(|e| if let Event::MeleeRound { losses, .. } = e { Some(losses[0]) } else { None }).expect("a round");
        assert!(round > 0, "{ev:?}");
        (round, hits_on(&ev, F2), hits_on(&ev, F1_ID))
    };
    let (lost, f2, f1) = lose(18, 8);
    assert_eq!((f2, f1), (lost, 0));
    let (lost, f2, f1) = lose(8, 24);
    assert_eq!((f2, f1), (0, lost));
}

// ---------------------------------------------------------------------------------------------
// Attached artillery (NB-130 ... NB-133), voluntary withdrawal (NB-112), failed recall (NB-127)

const S7_ID: UnitId = S7;
const S9: UnitId = 19;

#[test]
fn nb_130_132_artillery_touching_a_unit_routed_by_combat_routs_with_it() {
    // F2 routs S4 (10 + 2 against 1 + 1). S9 (Spanish battery) stands against S4's rear.
    let play = |s9_x: i32| {
        let placed = units(&[unit_at("F2", 6000, 3000, 270, ""), unit_at("S4", 6000, 3000, 90, ""), unit_at("S9", s9_x, 3000, 90, "")]);
        let mut g = melee("[10, 1, 5, 5, 5, 5]", &placed);
        let ev = g.apply(&Action::Fight { unit: F2 }).expect("the combat");
        assert!(ev.iter().any(|e| matches!(e, Event::Routed { unit: S4 })), "{ev:?}");
        g
    };
    // Touching: attached (NB-130), routed with S4 (NB-132).
    assert_eq!(play(5925).unit(S9).order, Order::Routed);
    // The control: a quarter inch behind, not touching: it stands.
    assert_ne!(play(5900).unit(S9).order, Order::Routed);
}

#[test]
fn nb_131_artillery_is_not_attached_to_artillery() {
    // F2 routs S9 (battery) in combat; S7 (battery) touches S9's rear: not attached, it stands.
    // S9 at 6 figures (2 bases), so that its rout number's hits leave it on the table.
    let placed = units(&[unit_at("F2", 6000, 3000, 270, ""), unit_at("S9", 6000, 3000, 90, r#", "figures": 6"#), unit_at("S7", 5850, 3000, 90, "")]);
    let mut g = melee("[10, 1, 5, 5, 5, 5]", &placed);
    let ev = g.apply(&Action::Fight { unit: F2 }).expect("the combat");
    assert!(ev.iter().any(|e| matches!(e, Event::Routed { unit: S9 })), "{ev:?}");
    assert_ne!(g.unit(S7_ID).order, Order::Routed);
    // The control is NB-130's: the same battery touching infantry routs with it.
}

#[test]
fn nb_133_artillery_with_a_square_is_sheltering() {
    // S9 (Spanish battery) touching S4's south flank, F2 5" straight ahead of S9 (step 6 of
    // the French turn: the Spanish fire).
    let play = |s4: &str, s9_y: i32| {
        let placed = units(&[unit_at("S4", 6000, 3000, 90, s4), unit_at("S9", 6000, s9_y, 90, ""), unit_at("F2", 6500, s9_y, 270, "")]);
        rioseco(r#""step": "DefensiveFire""#, &placed)
    };
    let fires = |g: &NapoleonsBattles| actions(g).iter().any(|a| matches!(a, Action::Fire { unit: S9, .. }));
    // S4 in square (2" wide): S9 against it shelters and does not fire (D45).
    let g = play(r#", "formation": "SQ""#, 3150);
    assert!(!fires(&g), "{:?}", actions(&g));
    // The control: S4 in line (6" wide), S9 against its flank: an ordinary battery that fires.
    let g = play("", 3350);
    assert!(fires(&g), "{:?}", actions(&g));
    // And the same square with S9 a quarter inch off: not sheltering, it fires.
    let g = play(r#", "formation": "SQ""#, 3175);
    assert!(fires(&g), "{:?}", actions(&g));
}

#[test]
fn nb_112_a_unit_may_voluntarily_withdraw_phasing_side_first() {
    // F2 against S4, a first round that disorders nobody (5 + 2 against 5 + 1).
    let start = || {
        let mut g = melee("[5, 5, 9, 1, 5, 5, 5, 5]", &front_to_front("F2", "", "S4", ""));
        let ev = g.apply(&Action::Fight { unit: F2 }).expect("a round");
        assert_eq!(count(&ev, |e| matches!(e, Event::MeleeRound { .. })), 1);
        g
    };
    let mut g = start();
    // The phasing (French) side decides first (D37).
    assert_eq!(step(&g), (Side::French, Step::Withdrawal { combat: F2 }));
    assert_eq!(actions(&g), vec![Action::Withdraw { unit: F2 }, Action::FightOn]);
    g.apply(&Action::FightOn).expect("the French fight on");
    assert_eq!(step(&g), (Side::Allied, Step::Withdrawal { combat: F2 }));
    assert_eq!(actions(&g), vec![Action::Withdraw { unit: S4 }, Action::FightOn]);
    let ev = g.apply(&Action::Withdraw { unit: S4 }).expect("S4 withdraws");
    assert!(ev.iter().any(|e| matches!(e, Event::Rolled { roll: Roll::Withdrawal { .. }, .. })), "{ev:?}");
    assert!(ev.iter().any(|e| matches!(e, Event::Withdrew { unit: S4 })), "{ev:?}");
    // Its part in the combat is over: out of contact, no second round.
    assert!(!napoleonic::games::napoleons_battles::in_contact(&g.rect(F2), &g.rect(S4)));
    assert_eq!(count(&ev, |e| matches!(e, Event::MeleeRound { .. })), 0);
    assert_ne!(step(&g).1, Step::Melee);
    // The control: both fight on, and a second round is fought.
    let mut g = start();
    g.apply(&Action::FightOn).expect("French fight on");
    let ev = g.apply(&Action::FightOn).expect("Allied fight on");
    assert_eq!(count(&ev, |e| matches!(e, Event::MeleeRound { .. })), 1, "{ev:?}");
    assert!(!ev.iter().any(|e| matches!(e, Event::Withdrew { .. })));
}

#[test]
fn nb_127_a_failed_recall_is_disordered_and_must_attack_the_closest_enemy() {
    // F6 routs S4 (10 + 3 against 1 − 3) and rolls to recall (French response 6: 1-4). S13 and
    // S12 (cavalry) stand at different distances behind.
    const S12_ID: UnitId = S12;
    const S13_ID: UnitId = S13;
    let play = |recall: u8, s13: (i32, i32), s12: (i32, i32)| {
        let placed = units(&[
            unit_at("F6", 6000, 3000, 270, r#", "charged": true"#),
            unit_at("S4", 6000, 3000, 90, ""),
            unit_at("S13", s13.0, s13.1, 90, ""),
            unit_at("S12", s12.0, s12.1, 90, ""),
        ]);
        let mut g = melee(&format!("[10, 1, {recall}, 5, 5, 5, 5]"), &placed);
        let ev = g.apply(&Action::Fight { unit: F6 }).expect("the combat");
        assert!(ev.iter().any(|e| matches!(e, Event::Routed { unit: S4 })), "{ev:?}");
        (g, ev)
    };
    let contact = |ev: &[Event], t: UnitId| ev.iter().any(|e| matches!(e, Event::Contact { unit: F6, target } if *target == t));
    // A 5 fails: disordered, F6 charges S13, the closer (straight ahead, 8" off).
    let (g, ev) = play(5, (5200, 3000), (4800, 4400));
    assert!(ev.iter().any(|e| matches!(e, Event::Recalled { unit: F6, success: false })));
    assert_eq!(g.unit(F6).order, Order::Disordered);
    assert!(contact(&ev, S13_ID) && !contact(&ev, S12_ID), "{ev:?}");
    // With S12 the closer, S12 is attacked.
    let (_, ev) = play(5, (4800, 4400), (5200, 3000));
    assert!(contact(&ev, S12_ID) && !contact(&ev, S13_ID), "{ev:?}");
    // The control: a 4 recalls: formed, no attack, the pursuit is the player's choice.
    let (g, ev) = play(4, (5200, 3000), (4800, 4400));
    assert_eq!(g.unit(F6).order, Order::Formed);
    assert!(!contact(&ev, S13_ID) && !contact(&ev, S12_ID));
    assert_eq!(step(&g), (Side::French, Step::Pursuit { unit: F6 }));
}

/// F6 (charged) routs S4 in front of it at x = 60" (10 + 3 against 1 − 3), then rolls `recall`
/// to recall (1-4 recalls); `others` stand about.
fn f6_routs_s4(recall: u8, others: &[String]) -> (NapoleonsBattles, Vec<Event>) {
    let mut placed = vec![unit_at("F6", 6000, 3000, 270, r#", "charged": true"#), unit_at("S4", 6000, 3000, 90, "")];
    placed.extend(others.iter().cloned());
    let mut g = melee(&format!("[10, 1, {recall}, 5, 5, 5, 5, 5, 5]"), &units(&placed));
    let ev = g.apply(&Action::Fight { unit: F6 }).expect("the combat");
    assert!(ev.iter().any(|e| matches!(e, Event::Routed { unit: S4 })), "{ev:?}");
    (g, ev)
}

#[test]
fn nb_128_a_marked_enemy_may_counter_charge_a_pursuer() {
    // F6 fails its recall (5) and charges S13, 5" ahead; S12 (Spanish heavy cavalry) stands
    // 5" south of where F6 ends. In step 10, S12 with a marker may counter-charge F6.
    let play = |marker: bool| {
        let others = [unit_at("S13", 5500, 3000, 90, ""), unit_at("S12", 5650, 3600, 180, &format!(r#", "reaction_marker": {marker}"#))];
        let (g, ev) = f6_routs_s4(5, &others);
        assert!(ev.iter().any(|e| matches!(e, Event::Contact { unit: F6, target: S13 })), "{ev:?}");
        g
    };
    let mut g = play(true);
    assert_eq!(step(&g), (Side::Allied, Step::CounterPursuit));
    let charge = Action::ReactionCharge { unit: S12, target: F6 };
    assert!(actions(&g).contains(&charge), "{:?}", actions(&g));
    let ev = g.apply(&charge).expect("the counter-charge");
    assert!(ev.iter().any(|e| matches!(e, Event::Contact { unit: S12, target: F6 })), "{ev:?}");
    // The control: without a marker S12 may not.
    let g = play(false);
    assert_eq!(step(&g), (Side::Allied, Step::CounterPursuit));
    assert_eq!(actions(&g), vec![Action::EndReaction]);
}

#[test]
fn nb_129_any_unit_may_fire_at_cavalry_after_its_recall_move() {
    // F6 recalls (4) and moves 1" on; S1 (Spanish light infantry) stands behind F6's rear,
    // facing it, 2.5" from it after the move (in its 3" range).
    let play = |s1: &str| f6_routs_s4(4, &[unit_at("S1", 6450, 3000, 270, s1)]);
    let (mut g, _) = play("");
    assert_eq!(step(&g), (Side::French, Step::Pursuit { unit: F6 }));
    g.apply(&Action::Move { unit: F6, to: Point { x: 5900, y: 3000 }, facing: Facing::degrees(270) }).expect("the recall move");
    assert_eq!(step(&g), (Side::Allied, Step::FireAtCavalry { target: F6 }));
    assert!(actions(&g).contains(&Action::Fire { unit: S1, target: F6 }), "{:?}", actions(&g));
    // The controls: staying put is no move, and no fire is offered...
    let (mut g, _) = play("");
    g.apply(&Action::Stay { unit: F6 }).expect("F6 stays");
    assert_eq!(step(&g), (Side::Allied, Step::CounterPursuit));
    // ...nor after the move when S1 could not fire (disordered).
    let (mut g, _) = play(r#", "order": "Disordered""#);
    g.apply(&Action::Move { unit: F6, to: Point { x: 5900, y: 3000 }, facing: Facing::degrees(270) }).expect("the recall move");
    assert_eq!(step(&g), (Side::Allied, Step::CounterPursuit));
}

// ---------------------------------------------------------------------------------------------
// Unformed movement (NB-149, 159 ... 165)

/// S4 (routed) routs on in the Spanish movement step, from its front at (63", y) facing
/// `facing`, with `others` on the table; its footprint after the move, or None if dispersed.
fn rout_on(y: i32, facing: u16, others: &[String]) -> (NapoleonsBattles, Vec<Event>) {
    let mut placed = vec![unit_at("S4", 6300, y, facing, r#", "order": "Routed""#)];
    placed.extend(others.iter().cloned());
    let mut g = rioseco(r#""step": "Movement", "phasing": "Allied""#, &units(&placed));
    let ev = g.apply(&Action::RoutMove { unit: S4 }).expect("S4 routs on");
    (g, ev)
}

#[test]
fn nb_161_the_first_inch_of_unformed_movement_is_straight_back() {
    // Facing east (away from its own west edge): straight back is west, 18" in all.
    let (g, _) = rout_on(3000, 90, &[]);
    let c0 = rioseco(r#""step": "Movement", "phasing": "Allied""#, &units(&[unit_at("S4", 6300, 3000, 90, r#", "order": "Routed""#)])).rect(S4).centre();
    let c1 = g.rect(S4).centre();
    assert_eq!(c1.y, c0.y);
    assert!((c0.x - c1.x - 1800).abs() <= 1, "{c0:?} {c1:?}");
    // Facing south (0°, toward +y): its first inch is straight back toward −y, then 17" west.
    let start = rioseco(r#""step": "Movement", "phasing": "Allied""#, &units(&[unit_at("S4", 6300, 3000, 0, r#", "order": "Routed""#)])).rect(S4).centre();
    let (g, _) = rout_on(3000, 0, &[]);
    let end = g.rect(S4).centre();
    assert!((start.y - end.y - 100).abs() <= 1, "{start:?} {end:?}");
    assert!((start.x - end.x - 1700).abs() <= 1, "{start:?} {end:?}");
    // Facing west (toward its edge): back is east, so the net move west is 16".
    let start = rioseco(r#""step": "Movement", "phasing": "Allied""#, &units(&[unit_at("S4", 6300, 3000, 270, r#", "order": "Routed""#)])).rect(S4).centre();
    let (g, _) = rout_on(3000, 270, &[]);
    let end = g.rect(S4).centre();
    assert!((start.x - end.x - 1600).abs() <= 1 && start.y == end.y, "{start:?} {end:?}");
}

#[test]
fn nb_149_164_rout_movement_never_ends_within_1_inch_of_an_enemy() {
    // S4's straight rout ends with its front near x = 44" on y = 30", facing west; F2 stands
    // half an inch beyond that end, facing it.
    let (g, _) = rout_on(3000, 90, &[]);
    let straight = g.unit(S4).front;
    assert_eq!(straight.y, 3000);
    let f2 = unit_at("F2", straight.x - 50, 3000, 90, "");
    let (g, ev) = rout_on(3000, 90, &[f2]);
    if g.unit(S4).order == Order::Gone {
        assert!(ev.iter().any(|e| matches!(e, Event::Removed { unit: S4, .. })));
    } else {
        assert_ne!(g.unit(S4).front, straight, "not the straight end");
        assert!(!g.rect(S4).dist2(&g.rect(F2)).within(100), "more than 1\" from F2: {:?} {:?}", g.rect(S4), g.rect(F2));
    }
}

#[test]
fn nb_162_unformed_movement_passes_only_through_gaps_of_2_inches() {
    // F2 and F4 (columns, 2.25" wide... their footprints from the engine) stand across S4's
    // path at x = 55", leaving a gap centred on y = 30".
    let pair = |gap: i32| {
        let probe = rioseco(r#""step": "Movement", "phasing": "Allied""#, &units(&[unit_at("F2", 5500, 3000, 90, "")]));
        let w = probe.rect(F2).width;
        let off = gap / 2 + w / 2;
        [unit_at("F2", 5500, 3000 - off, 90, ""), unit_at("F4", 5500, 3000 + off, 90, "")]
    };
    // A 3" gap: through it, straight.
    let (g, _) = rout_on(3000, 90, &pair(300));
    assert_eq!(g.unit(S4).front.y, 3000, "{:?}", g.unit(S4));
    assert!(g.unit(S4).front.x < 5400);
    // A 1.5" gap: not through it; it goes round (slid aside) or is dispersed.
    let (g, _) = rout_on(3000, 90, &pair(150));
    assert!(g.unit(S4).order == Order::Gone || g.unit(S4).front.y != 3000, "{:?}", g.unit(S4));
}

#[test]
fn nb_159_a_formed_emergency_square_counts_for_the_melee_that_follows() {
    // F6 charges S1 (light infantry in line, response 5); a 1 forms the square, a 6 does not.
    let play = |die: u8| {
        let fields = format!(r#""step": "Movement", "dice": [{die}, 5, 5, 5, 5, 5, 5], "generals": [{{"id": "lasalle", "at": {{"x": 5200, "y": 2800}}}}]"#);
        let mut g = rioseco(&fields, r#"[{"id": "F6", "front": {"x": 4800, "y": 2350}, "facing": 270}, {"id": "S1"}]"#);
        g.apply(&Action::Charge { unit: F6, target: S1 }).expect("the charge");
        while step(&g).1 != Step::Melee {
            let end = match step(&g).1 {
                Step::Movement => Action::EndMovement,
                Step::CavalryReaction | Step::CounterReaction => Action::EndReaction,
                Step::DefensiveFire | Step::OffensiveFire | Step::FireAtCavalry { .. } => Action::EndFire,
                other => panic!("unexpected {other:?}"),
            };
            g.apply(&end).expect("declined");
        }
        let formation = g.unit(S1).formation;
        (formation, melee_modifiers(&g.apply(&Action::Fight { unit: S1.min(F6) }).expect("the combat")))
    };
    // In square against cavalry alone: SQ VS CV (2); F6 against a square, COL (1).
    assert_eq!(play(1), (Formation::Square, (1, 2)));
    // The control: still in line, caught in the open: VS OT both ways (3, −3).
    assert_eq!(play(6), (Formation::Line, (3, -3)));
}

// ---------------------------------------------------------------------------------------------
// Artillery formation changes (NB-52), the fire template (NB-72)

fn battery(formation: &str) -> NapoleonsBattles {
    rioseco(r#""step": "Movement""#, &units(&[unit_at("F8", 6000, 4200, 270, &format!(r#", "allowed": "Full", "formation": "{formation}""#))]))
}

#[test]
fn nb_52_an_unlimbered_foot_battery_limbers_paid_from_its_lim_allowance() {
    // F8 (French foot battery: LIM 8", ULM 1", CG FM 3"), D13: limbering is paid out of the
    // LIM allowance (8" − 3"); what is left is the lesser remainder (README: a battery that
    // limbers has 0" left that step).
    let mut g = battery("ULM");
    assert!(actions(&g).contains(&Action::ChangeFormation { unit: F8, formation: Formation::Limbered }), "{:?}", actions(&g));
    g.apply(&Action::ChangeFormation { unit: F8, formation: Formation::Limbered }).expect("F8 limbers from its LIM allowance");
    assert_eq!(g.unit(F8).formation, Formation::Limbered);
    assert_eq!(left_of(&g, F8).unwrap_or(0), 0);
    // The horse battery (ULM 2", CG FM 2") limbers, as NB-154's evasion shows.
    let mut g = rioseco(r#""step": "Movement""#, &units(&[unit_at("F11", 6000, 4200, 270, r#", "allowed": "Full", "formation": "ULM""#)]));
    g.apply(&Action::ChangeFormation { unit: F11, formation: Formation::Limbered }).expect("F11 limbers");
}

#[test]
fn nb_52_unlimbering_is_paid_from_the_lim_allowance() {
    // F8 limbered (LIM 8", CG FM 3"): after 2" of movement (6" of LIM left) it may unlimber,
    // and is left nothing to manhandle (the lesser remainder, D13).
    let mut g = battery("LIM");
    g.apply(&Action::Move { unit: F8, to: Point { x: 5800, y: 4200 }, facing: Facing::degrees(270) }).expect("2\" limbered");
    g.apply(&Action::ChangeFormation { unit: F8, formation: Formation::Unlimbered }).expect("3\" of the 6\" left");
    assert_eq!(g.unit(F8).formation, Formation::Unlimbered);
    assert_eq!(left_of(&g, F8).unwrap_or(0), 0);
    // The control: after 6" (2" of LIM left, short of the 3") it may not.
    let mut g = battery("LIM");
    g.apply(&Action::Move { unit: F8, to: Point { x: 5400, y: 4200 }, facing: Facing::degrees(270) }).expect("6\" limbered");
    assert!(g.apply(&Action::ChangeFormation { unit: F8, formation: Formation::Unlimbered }).is_err());
}

#[test]
fn nb_72_the_target_must_be_inside_the_firers_template() {
    // F2 (infantry, 3") and F8 (foot battery) facing west; S4 2" straight ahead of each is a
    // target, the same S4 2" behind is not.
    let fires = |firer: &str, id: UnitId, s4_x: i32, s4_facing: u16| {
        let g = rioseco(r#""step": "OffensiveFire""#, &units(&[unit_at(firer, 6000, 3000, 270, ""), unit_at("S4", s4_x, 3000, s4_facing, "")]));
        actions(&g).contains(&Action::Fire { unit: id, target: S4 })
    };
    assert!(fires("F2", F2, 5800, 90), "ahead: in the infantry template");
    let behind = |firer: &str, id: UnitId| {
        let probe = rioseco(r#""step": "OffensiveFire""#, &units(&[unit_at(firer, 6000, 3000, 270, "")]));
        let rear = 6000 + probe.rect(id).depth;
        fires(firer, id, rear + 200, 270)
    };
    assert!(!behind("F2", F2), "behind: outside it");
    assert!(fires("F8", F8, 5800, 90), "ahead: in the artillery template");
    assert!(!behind("F8", F8), "behind: outside it");
}

/// Decline every step until `want` comes up for `side` (at most 40 steps).
fn decline_until(g: &mut NapoleonsBattles, side: Side, want: Step) {
    for _ in 0..40 {
        if step(g) == (side, want) {
            return;
        }
        let end = match step(g).1 {
            Step::Rally => Action::EndRally,
            Step::Movement => Action::EndMovement,
            Step::CavalryReaction | Step::CounterReaction | Step::CounterPursuit => Action::EndReaction,
            Step::DefensiveFire | Step::OffensiveFire | Step::FireAtCavalry { .. } => Action::EndFire,
            other => panic!("unexpected step {other:?}"),
        };
        g.apply(&end).expect("declining a step");
    }
    panic!("{want:?} of {side:?} never came");
}

#[test]
fn nb_60_a_unit_that_moved_does_not_react_before_its_next_movement() {
    // The Spanish turn: S12 and S13 (cavalry at their places, by the Castilian commander, in
    // command). S13 moves 1" in its movement step; S12 stands. The whole scenario, so that the
    // turns run on (an arena's removed units count as broken at the end of a player turn).
    let mut g = setup(r#"{"scenario": "medina-de-rioseco", "step": "Rally", "phasing": "Allied", "seed": 5}"#);
    decline_until(&mut g, Side::Allied, Step::Movement);
    assert!(g.unit(S12).in_command && g.unit(S13).in_command, "both in command (NB-57)");
    g.apply(&Action::Move { unit: S13, to: Point { x: 2800, y: 3750 }, facing: Facing::degrees(90) }).expect("S13 moves 1\"");
    // Through the rest of the Spanish turn and the French turn to the French step 4, the
    // Spanish reaction step.
    g.apply(&Action::EndMovement).expect("end of movement");
    decline_until(&mut g, Side::French, Step::Movement);
    g.apply(&Action::EndMovement).expect("French movement declined");
    assert_eq!(step(&g), (Side::Allied, Step::CavalryReaction));
    let react = |u: UnitId, x: i32| Action::ReactionMove { unit: u, to: Point { x, y: 3750 }, facing: Facing::degrees(90) };
    // S13 moved: it may not react; the control, S12 which stood, may.
    assert!(g.check_filled(&react(S13, 2800)).is_err());
    assert!(g.check_filled(&react(S12, 3250)).is_ok());
}

// ---------------------------------------------------------------------------------------------
// A corps commander (NB-32): Rioseco has none, so a variant of its file makes Mouton one.

/// Rioseco with a French Wing commander ("wing", `wing_span`, at `wing`, under Bessières) and
/// Mouton a Corps commander under `mouton_superior`; Bessières, Mouton and the Wing placed as
/// given. Whether F4 (Mouton's brigade, 1.75" from him) is in command after step 2.
fn corps_in_command(bessieres: (i32, i32), wing: (i32, i32), wing_span: &str, mouton_superior: &str) -> bool {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/napoleons_battles.json")).expect("scenario file");
    let mut file: serde_json::Value = serde_json::from_str(&text).expect("json");
    let scenarios = file["scenarios"].as_array().expect("scenarios").clone();
    let mut rioseco = scenarios.into_iter().find(|s| s["id"] == "medina-de-rioseco").expect("rioseco");
    let generals = rioseco["generals"].as_array_mut().expect("generals");
    for g in generals.iter_mut() {
        match g["id"].as_str() {
            Some("bessieres") => g["at"] = serde_json::json!([bessieres.0, bessieres.1]),
            Some("mouton") => {
                g["at"] = serde_json::json!([6500, 3000]);
                g["level"] = serde_json::json!("corps");
                g["superior"] = serde_json::json!(mouton_superior);
            }
            _ => {}
        }
    }
    generals.push(serde_json::json!({
        "id": "wing", "name": "A French Wing commander (test)", "side": "French", "level": "wing",
        "rating": format!("{wing_span}\"G(6)+1"), "at": [wing.0, wing.1], "superior": "bessieres", "source": "test"
    }));
    file["scenarios"] = serde_json::json!([rioseco]);
    let mut g = NapoleonsBattles::from_scenario_file("corps.json", &file.to_string(), &Default::default(), 1).expect("the variant loads");
    assert_eq!(step(&g), (Side::French, Step::Rally));
    g.apply(&Action::EndRally).expect("step 2");
    g.unit(F4).in_command
}

#[test]
fn nb_32_a_corps_commander_is_in_command_in_the_overalls_span_or_an_in_command_wings() {
    // D7: the Overall commander's span, or an in-command Wing commander's.
    // Bessières (14") 12" from Mouton: in command though his Wing is far off.
    assert!(corps_in_command((6500, 1800), (6500, 4700), "10", "wing"));
    // Bessières 20" off; the Wing (10") 10" from Mouton and 10" from Bessières, so in command:
    // Mouton is in command through him.
    assert!(corps_in_command((6500, 1000), (6500, 2000), "10", "wing"));
    // The controls: the same Wing with a span of 8" does not reach Mouton...
    assert!(!corps_in_command((6500, 1000), (6500, 2000), "8", "wing"));
    // ...and a Wing 5" from Mouton but himself 20" from Bessières (out of command) does not count.
    assert!(!corps_in_command((6500, 1000), (7000, 3000), "10", "wing"));
}

// ---------------------------------------------------------------------------------------------
// The recall example by nationality (NB-125), on a variant of Rioseco's file.

/// The recall number of S12 (heavy cavalry, response 6) when its card's nation is `nation`:
/// a Rioseco variant with the Spanish moving first and only S12 (16 figures) against F1 (4
/// figures) front to front; the first seed whose melee routs F1 gives the roll's need.
fn recall_need(nation: &str) -> i8 {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/napoleons_battles.json")).expect("scenario file");
    let mut file: serde_json::Value = serde_json::from_str(&text).expect("json");
    file["unit_types"]["SP-HV-CAV"]["nation"] = serde_json::json!(nation);
    let scenarios = file["scenarios"].as_array().expect("scenarios").clone();
    let mut rioseco = scenarios.into_iter().find(|s| s["id"] == "medina-de-rioseco").expect("rioseco");
    rioseco["first_player"] = serde_json::json!("Allied");
    let mut kept: Vec<serde_json::Value> = rioseco["units"].as_array().expect("units").iter().filter(|u| u["id"] == "F1" || u["id"] == "S12").cloned().collect();
    for u in kept.iter_mut() {
        let (figures, facing) = if u["id"] == "F1" { (4, 270) } else { (16, 90) };
        u["figures"] = serde_json::json!(figures);
        u["front"] = serde_json::json!([6000, 3000]);
        u["facing"] = serde_json::json!(facing);
    }
    rioseco["units"] = serde_json::json!(kept);
    file["scenarios"] = serde_json::json!([rioseco]);
    let text = file.to_string();
    for seed in 1..200 {
        let mut g = NapoleonsBattles::from_scenario_file("recall.json", &text, &Default::default(), seed).expect("the variant loads");
        let (f1, s12) = (0 as UnitId, 1 as UnitId);
        assert_eq!(g.scenario().units[usize::from(s12)].id, "S12");
        decline_until(&mut g, Side::Allied, Step::Melee);
        let ev = g.apply(&Action::Fight { unit: f1 }).expect("the combat");
        if let Some(need) = ev.iter().find_map(|e| if let Event::Rolled { roll: Roll::Recall { unit, need }, .. } = e { (*unit == s12).then_some(*need) } else { None }) {
            return need;
        }
    }
    panic!("no seed routed F1 with S12 formed");
}

#[test]
fn nb_125_recall_with_response_6_french_40_british_20_austrian_50_percent() {
    // Response 6: British 1-2 (−4), Austrian 1-5 (−1), and French, Spanish and the rest 1-4 (−2).
    assert_eq!(recall_need("british"), 2);
    assert_eq!(recall_need("austrian"), 5);
    assert_eq!(recall_need("french"), 4);
    assert_eq!(recall_need("spanish"), 4);
}

#[test]
fn nb_160_unformed_distance_is_the_path_of_the_footprints_centre() {
    // D54: "from any convenient spot" is read as the footprint's centre travelling a path no
    // longer than the distance. S13 (cavalry, routed, facing 0°) routs 27": its centre goes 1"
    // straight back, then 26" toward the Spanish (west) edge: 27" of path in all.
    let placed = |x: i32| units(&[unit_at("S13", x, 3000, 0, r#", "order": "Routed""#)]);
    let mut g = rioseco(r#""step": "Movement", "phasing": "Allied""#, &placed(6300));
    let c0 = g.rect(S13).centre();
    g.apply(&Action::RoutMove { unit: S13 }).expect("S13 routs on");
    let c1 = g.rect(S13).centre();
    assert!((c0.y - c1.y - 100).abs() <= 1, "{c0:?} {c1:?}");
    assert!((c0.x - c1.x - 2600).abs() <= 1, "{c0:?} {c1:?}");
    // Infantry (S4) the same way: 1" + 17" = 18".
    let mut g = rioseco(r#""step": "Movement", "phasing": "Allied""#, &units(&[unit_at("S4", 6300, 3000, 0, r#", "order": "Routed""#)]));
    let c0 = g.rect(S4).centre();
    g.apply(&Action::RoutMove { unit: S4 }).expect("S4 routs on");
    let c1 = g.rect(S4).centre();
    assert!((c0.y - c1.y - 100).abs() <= 1 && (c0.x - c1.x - 1700).abs() <= 1, "{c0:?} {c1:?}");
}

#[test]
fn nb_165_evasion_is_not_unformed_movement() {
    // Only bounce, rout and withdrawal are unformed (NB-120, 144, 107 show each falling back);
    // evasion is formed: no first inch straight back. S13 (cavalry, facing 0°, its centre on
    // y = 35") is charged by F2 from the east and evades straight away, west, its full 12"
    // column allowance, its y unchanged; an unformed move would first have gone 1" straight
    // back (toward −y, NB-161).
    let placed = units(&[unit_at("F2", 6200, 3500, 270, r#", "allowed": "Full""#), unit_at("S13", 5800, 3550, 0, "")]);
    let mut g = rioseco(r#""step": "Movement""#, &placed);
    assert_eq!(g.rect(S13).centre().y, 3500);
    g.apply(&Action::Charge { unit: F2, target: S13 }).expect("the charge");
    assert_eq!(step(&g), (Side::Allied, Step::Evasion { unit: S13, by: F2 }));
    let ev = g.apply(&Action::Evade { unit: S13 }).expect("evade");
    let (from, to) = ev.iter().find_map(|e| if let Event::Moved { unit: S13, from, to, .. } = e { Some((*from, *to)) } else { None }).expect("S13 evaded");
    assert_eq!(from.y, to.y, "{from:?} {to:?}");
    assert_eq!(from.x - to.x, 1200);
    assert_eq!(g.unit(S13).order, Order::Formed);
    // The control: routed, the same S13 shifts its first inch straight back.
    let mut g = rioseco(r#""step": "Movement", "phasing": "Allied""#, &units(&[unit_at("S13", 5800, 3550, 0, r#", "order": "Routed""#)]));
    g.apply(&Action::RoutMove { unit: S13 }).expect("S13 routs on");
    assert!((g.rect(S13).centre().y - 3400).abs() <= 1, "{:?}", g.rect(S13));
}
