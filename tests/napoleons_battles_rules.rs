//! Napoleon's Battles: the summary's examples and rules through the public API (checklist
//! items cited as NB-n, nb-gaps.md readings as Dn).
use napoleonic::core::odds::Distribution;
use napoleonic::games::napoleons_battles::fire::fire_hits;
use napoleonic::games::napoleons_battles::melee::{round_losses, tie_losses};
use napoleonic::games::napoleons_battles::odds::Result as Roll;
use napoleonic::games::napoleons_battles::scenario::{Quality, Rating};
use napoleonic::games::napoleons_battles::{Action, NapoleonsBattles, Setup, Side};
use napoleonic::games::{GameError, Rules};

fn setup(json: &str) -> NapoleonsBattles {
    let s: Setup = serde_json::from_str(json).expect("setup json");
    NapoleonsBattles::from_setup(&s).expect("valid setup")
}

fn chance<O: PartialEq>(d: &Distribution<O>, pred: impl FnMut(&O) -> bool) -> (u64, u64) {
    d.chance(pred)
}

#[test]
fn nb_17_to_21_a_rating_reads_span_quality_response_and_combat() {
    let r = Rating::parse("3\"G(6)+1").expect("the summary's example");
    assert_eq!((r.span, r.quality, r.response, r.combat), (300, Quality::Good, 6, 1));
    let r = Rating::parse("8.5\"P(4)-1").expect("a decimal span, a minus");
    assert_eq!((r.span, r.quality, r.response, r.combat), (850, Quality::Poor, 4, -1));
    assert!(Rating::parse("3G(6)+1").unwrap_err().contains("span"));
    assert!(Rating::parse("3\"X(6)+1").unwrap_err().contains("quality"));
    assert!(Rating::parse("3\"G(11)+1").unwrap_err().contains("response"));
}

#[test]
fn nb_79_to_82_hits_of_a_fire() {
    // Against target number 4: 0-4 no hit, 5-7 one, 8-10 two (NB-81).
    let hits: Vec<u8> = (0..=10).map(|t| fire_hits(t, 4, false)).collect();
    assert_eq!(hits, vec![0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2]);
    // Against 5: 6-9 one, 10 two.
    assert_eq!((0..=10).map(|t| fire_hits(t, 5, false)).collect::<Vec<_>>(), vec![0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2]);
    // Against 6 or more two hits are impossible.
    assert!((0..=10).all(|t| fire_hits(t, 6, false) < 2));
    // Unlimbered artillery: 1 hit only at twice its number, never 2 (NB-82).
    assert_eq!((0..=10).map(|t| fire_hits(t, 4, true)).collect::<Vec<_>>(), vec![0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1]);
}

#[test]
fn nb_93_to_98_melee_losses_and_the_tie_table() {
    // The difference is the loser's hits, capped at its rout number (NB-93, NB-94).
    assert_eq!(round_losses(8, 3, 0, 0, 4, 4), (0, 4));
    assert_eq!(round_losses(3, 5, 0, 0, 4, 4), (2, 0));
    // Ties by the cumulative modifiers of both sides (D29).
    assert_eq!(tie_losses(-1), 0);
    assert_eq!(tie_losses(0), 1);
    assert_eq!(tie_losses(1), 1);
    assert_eq!(tie_losses(2), 2);
    assert_eq!(tie_losses(4), 2);
    assert_eq!(tie_losses(5), 3);
    // D29's example: cavalry at +2 against a square at +3, tied: each side loses 3.
    assert_eq!(round_losses(6, 6, 2, 3, 5, 5), (3, 3));
}

#[test]
fn rioseco_c5_blake_is_out_of_command_and_his_divisions_roll() {
    // Blake is 25.8" from Cuesta, beyond his 8" span (c.5): out of command, like his divisions.
    let g = setup(r#"{"scenario": "medina-de-rioseco", "phasing": "Allied", "step": "Movement", "seed": 3}"#);
    let v = g.view(Side::Allied);
    let status = |id: &str| v.generals.iter().find(|x| x.id == id).map(|x| x.in_command).expect("general");
    assert!(status("cuesta"));
    assert!(!status("blake"));
    assert!(!status("maceda") && !status("cagigal") && !status("portago"));
    // The option "Blake's own army" puts Blake and, through him, his divisions in command.
    let g = setup(r#"{"scenario": "medina-de-rioseco", "phasing": "Allied", "step": "Movement", "seed": 3, "options": {"blakes_own_army": true}}"#);
    let v = g.view(Side::Allied);
    assert!(v.generals.iter().find(|x| x.id == "blake").is_some_and(|x| x.in_command));
}

#[test]
fn nb_26_a_good_general_touching_a_routed_unit_rallies_it_on_1_to_6() {
    // S2 (Spanish regulars, response 5) routed; Blake (G) touches its rear edge.
    let g = setup(
        r#"{"scenario": "medina-de-rioseco", "phasing": "Allied", "step": "Rally",
            "units": [{"id": "S2", "order": "Routed"}],
            "generals": [{"id": "blake", "at": {"x": 4500, "y": 750}}]}"#,
    );
    let rally = Action::Rally { unit: 12 };
    let p = g.prompt().expect("prompt");
    assert!(p.actions.contains(&rally), "{:?}", p.actions);
    let odds = g.odds(&rally).expect("odds");
    assert_eq!(chance(&odds, |r| *r == Roll::Rallied { success: true }), (3, 5)); // 6 in 10
    // With no general touching it, it cannot try (NB-23).
    let g = setup(r#"{"scenario": "medina-de-rioseco", "phasing": "Allied", "step": "Rally", "units": [{"id": "S2", "order": "Routed"}]}"#);
    assert!(!g.prompt().expect("prompt").actions.contains(&rally));
    // A rally rolled: 6 succeeds and the unit is disordered (NB-27).
    let mut g = setup(
        r#"{"scenario": "medina-de-rioseco", "phasing": "Allied", "step": "Rally", "dice": [6],
            "units": [{"id": "S2", "order": "Routed"}],
            "generals": [{"id": "blake", "at": {"x": 4500, "y": 750}}]}"#,
    );
    g.apply(&rally).expect("rally");
    assert_eq!(g.unit(12).order, napoleonic::games::napoleons_battles::Order::Disordered);
}

#[test]
fn a_move_beyond_the_allowance_is_refused_with_its_cost_and_changes_nothing() {
    let mut g = setup(r#"{"scenario": "medina-de-rioseco", "step": "Movement"}"#);
    let before = format!("{:?}", g.view(Side::French));
    // F1 (provisional infantry in column, 8") 12" straight ahead (west).
    let a = Action::Move { unit: 0, to: napoleonic::core::plane::Point::new(4600, 800), facing: g.unit(0).facing };
    match g.apply(&a) {
        Err(GameError::Illegal(why)) => assert!(why.contains("costs") && why.contains("8.00 are left"), "{why}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(before, format!("{:?}", g.view(Side::French)));
    assert_eq!(g.filled_note(&a), None, "a refused filling has no note");
    // 5" is within the allowance: while it is dragged the engine says what it spends and leaves.
    let a = Action::Move { unit: 0, to: napoleonic::core::plane::Point::new(5300, 800), facing: g.unit(0).facing };
    assert_eq!(g.filled_note(&a).as_deref(), Some("5.00\" of 8.00\", 3.00\" left"));
    g.apply(&a).expect("a 5 inch advance");
    assert_eq!(g.unit(0).spent, 500);
    // And 2" more: the footprint's centre crosses the páramo's steep east face (rough, 3:2);
    // the note is what the move will spend.
    let b = Action::Move { unit: 0, to: napoleonic::core::plane::Point::new(5100, 800), facing: g.unit(0).facing };
    assert_eq!(g.filled_note(&b).as_deref(), Some("3.00\" of 3.00\", 0.00\" left"));
    g.apply(&b).expect("the rest of the allowance");
    assert_eq!(g.unit(0).spent, 800);
}

#[test]
fn nb_53_no_formation_change_within_1_inch_of_the_enemy_and_nb_55_road_column_forms_column_first() {
    // F6 (chasseurs, column) half an inch from S13.
    let g = setup(
        r#"{"scenario": "medina-de-rioseco", "step": "Movement",
            "units": [{"id": "F6", "front": {"x": 2600, "y": 3000}, "facing": 270},
                      {"id": "S13", "front": {"x": 2550, "y": 3000}, "facing": 90}]}"#,
    );
    let p = g.prompt().expect("prompt");
    assert!(!p.actions.iter().any(|a| matches!(a, Action::ChangeFormation { unit: 5, .. })));
    // F4 in road column may form column and nothing else.
    let g = setup(r#"{"scenario": "medina-de-rioseco", "step": "Movement", "units": [{"id": "F4", "formation": "MCH_COL"}]}"#);
    let changes: Vec<Action> = g.prompt().expect("prompt").actions.into_iter().filter(|a| matches!(a, Action::ChangeFormation { unit: 3, .. })).collect();
    assert_eq!(changes, vec![Action::ChangeFormation { unit: 3, formation: napoleonic::games::napoleons_battles::Formation::Column }]);
}

#[test]
fn a_setup_with_overlapping_units_is_refused_naming_them() {
    let s: Setup = serde_json::from_str(r#"{"scenario": "medina-de-rioseco", "step": "Movement", "units": [{"id": "F1", "front": {"x": 5800, "y": 1300}}]}"#).expect("json");
    match NapoleonsBattles::from_setup(&s) {
        Err(GameError::Setup(why)) => assert!(why.contains("overlap"), "{why}"),
        other => panic!("{:?}", other.map(|_| ())),
    }
}

#[test]
fn a_broken_scenario_file_is_refused_naming_the_item_and_field() {
    let text = include_str!("../scenarios/napoleons_battles.json");
    let broken = text.replacen("\"14\\\"G(6)+1\"", "\"14\\\"Q(6)+1\"", 1);
    assert_ne!(broken, text);
    match NapoleonsBattles::from_scenario_file("variant.json", &broken, &Default::default(), 1) {
        Err(GameError::Setup(why)) => {
            assert!(why.contains("variant.json") && why.contains("bessieres") && why.contains("rating"), "{why}")
        }
        other => panic!("{:?}", other.map(|_| ())),
    }
    let built = NapoleonsBattles::from_scenario_file("copy.json", text, &Default::default(), 1).expect("the built-in file");
    assert_eq!(built.scenario_id(), "medina-de-rioseco");
}

#[test]
fn no_floating_point_or_trigonometry_in_the_rules_or_the_plane() {
    // Replays must agree bit for bit natively and in every browser (search.rs's heuristic, an
    // estimate for the computer opponent, is the one place a float may appear).
    let files = [
        ("plane", include_str!("../src/core/plane.rs")),
        ("action", include_str!("../src/games/napoleons_battles/action.rs")),
        ("command", include_str!("../src/games/napoleons_battles/command.rs")),
        ("fire", include_str!("../src/games/napoleons_battles/fire.rs")),
        ("losses", include_str!("../src/games/napoleons_battles/losses.rs")),
        ("melee", include_str!("../src/games/napoleons_battles/melee.rs")),
        ("movement", include_str!("../src/games/napoleons_battles/movement.rs")),
        ("odds", include_str!("../src/games/napoleons_battles/odds.rs")),
        ("scenario", include_str!("../src/games/napoleons_battles/scenario.rs")),
        ("sequence", include_str!("../src/games/napoleons_battles/sequence.rs")),
        ("setup", include_str!("../src/games/napoleons_battles/setup.rs")),
    ];
    for (name, text) in files {
        let code: String = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
        for word in ["f32", "f64", ".sin(", ".cos(", ".atan", ".sqrt(", "tan("] {
            assert!(!code.contains(word), "{name} uses {word}");
        }
    }
}

#[test]
fn d44_cavalry_that_made_a_reaction_move_may_be_fired_at() {
    use napoleonic::core::plane::{Facing, Point};
    use napoleonic::games::napoleons_battles::Step;
    // Step 4 of the French turn: S13 (Spanish line cavalry, a reaction marker) rides 2.5" east,
    // into the fire template of F2 (French line in column, facing west).
    let mut g = setup(
        r#"{"scenario": "medina-de-rioseco", "step": "CavalryReaction",
            "units": [{"id": "S13", "front": {"x": 5300, "y": 1300}, "facing": 90, "reaction_marker": true}]}"#,
    );
    let p = g.prompt().expect("prompt");
    assert_eq!((p.side, p.step), (Side::Allied, Step::CavalryReaction));
    g.apply(&Action::ReactionMove { unit: 23, to: Point::new(5550, 1300), facing: Facing::degrees(90) }).expect("a reaction move of 2.5\"");
    assert!(!g.unit(23).reaction_marker, "the marker is used");
    let p = g.prompt().expect("prompt");
    assert_eq!((p.side, p.step), (Side::French, Step::FireAtCavalry { target: 23 }));
    // F8's guns on San Cristóbal have it in their wedge; F2's template holds F8 itself, nearer
    // than the target, which blocks F2's line of sight (Line of Sight: friendly units block).
    assert!(p.actions.contains(&Action::Fire { unit: 7, target: 23 }), "{:?}", p.actions);
    assert!(!p.actions.contains(&Action::Fire { unit: 1, target: 23 }), "{:?}", p.actions);
    // Declining goes back to the reaction step.
    g.apply(&Action::EndFire).expect("end");
    assert_eq!(g.prompt().expect("prompt").step, Step::CavalryReaction);
}

#[test]
fn nb_156_159_infantry_in_line_charged_by_cavalry_forms_emergency_square_and_keeps_the_contact() {
    use napoleonic::games::napoleons_battles::Formation;
    // F6 (chasseurs) 2" from S1 (Spanish light infantry in line, response 5); a 1 rolled.
    let mut g = setup(
        r#"{"scenario": "medina-de-rioseco", "step": "Movement", "dice": [1, 1],
            "units": [{"id": "F6", "front": {"x": 4800, "y": 2350}, "facing": 270, "allowed": "Full"}]}"#,
    );
    let charge = Action::Charge { unit: 5, target: 11 };
    assert!(g.prompt().expect("prompt").actions.contains(&charge));
    let ev = g.apply(&charge).expect("the charge");
    assert!(ev.iter().any(|e| matches!(e, napoleonic::games::napoleons_battles::Event::Rolled { roll: napoleonic::games::napoleons_battles::action::Roll::EmergencySquare { unit: 11, need: 5 }, .. })), "{ev:?}");
    assert_eq!(g.unit(11).formation, Formation::Square);
    g.check_invariants().expect("no overlap");
    let view = g.view(Side::French);
    assert_eq!(view.units[11].state.formation, Formation::Square);
    // Still in contact: the melee step will fight it (SQ VS CV against cavalry alone).
    let near = napoleonic::games::napoleons_battles::in_contact(&g.rect(5), &g.rect(11));
    assert!(near, "the square keeps the contact");
}
