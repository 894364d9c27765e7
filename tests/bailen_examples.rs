//! Every worked example of the Bailén 1808 rulebook (`000_3f644e8b29cbfc61.txt`), and the
//! cheap checklist items (`bailen-checklist.md`, cited "BC-n"), as positions built with the
//! public `Setup` on hexes of the real scenario map and driven through the public API.
//!
//! Readings follow `bailen-gaps.md` §4 (cited "An"). Where the stand-in map cannot hold the
//! example's exact picture, the comment says what is tested instead.
use napoleonic::core::hex::Hex;
use napoleonic::core::record::{Choices, Record};
use napoleonic::games::bailen::setup::{Placement, SetupStep};
use napoleonic::games::bailen::{
    Action, AttackOdds, Bailen, CombatResult, Event, JokerMode, Options, Place, RollPurpose, Scenario, Setup,
    Side, Step, UnitId, Victory, DEFAULT_SCENARIO,
};
use napoleonic::core::outcome::Level;
use napoleonic::games::{GameError, Match, Rules};
use std::collections::BTreeSet;

// ------------------------------------------------------------------------------------ helpers

fn hex(label: &str) -> Hex {
    Hex::from_label(label).unwrap()
}

/// The counter with this scenario id ("F25", "S20").
fn id(counter: &str) -> UnitId {
    Scenario::built_in(DEFAULT_SCENARIO)
        .unwrap()
        .unit_by_id(counter)
        .unwrap_or_else(|| panic!("no counter {counter}"))
}

/// The scenario id of a counter.
fn cid(u: UnitId) -> String {
    Scenario::built_in(DEFAULT_SCENARIO).unwrap().counters[u as usize]
        .id
        .clone()
}

fn placement(unit: &str, at: &str) -> Placement {
    Placement {
        unit: unit.into(),
        hex: at.into(),
        disorganised: false,
        moved: false,
        activated: false,
    }
}

/// Three leaders a side, far in opposite corners: they keep the surrender ratio sane and are
/// more than 5 hexes from every test position, so they give no melee bonus.
const GARRISON: [(&str, &str); 6] = [
    ("F01", "0101"),
    ("F11", "0301"),
    ("F28", "0501"),
    ("S01", "0135"),
    ("S16", "0335"),
    ("S39", "0535"),
];

/// A position: `units` on their hexes plus the garrison leaders not placed by the test. The
/// Joker is out of play unless a test gives it to someone (so no roll stops for it).
fn position(active: Side, step: SetupStep, units: &[(&str, &str)]) -> Setup {
    let mut s = bare(active, step, units);
    for (u, h) in GARRISON {
        if !s.units.iter().any(|p| p.unit == u) {
            s.units.push(placement(u, h));
        }
    }
    s
}

/// A position with exactly `units` on the map.
fn bare(active: Side, step: SetupStep, units: &[(&str, &str)]) -> Setup {
    Setup {
        active,
        step,
        joker: None,
        units: units.iter().map(|(u, h)| placement(u, h)).collect(),
        ..Setup::default()
    }
}

fn disorganise(s: &mut Setup, unit: &str) {
    s.units
        .iter_mut()
        .find(|p| p.unit == unit)
        .unwrap()
        .disorganised = true;
}

/// The French reorganization step with a disorganised unit next to Dupont, so that the step
/// waits for the French to end their turn.
fn pending_reorganization() -> Setup {
    let mut s = position(
        Side::French,
        SetupStep::Reorganization,
        &[("F02", "0102"), ("F32", "1617")],
    );
    disorganise(&mut s, "F02");
    s
}

fn start(s: &Setup) -> Bailen {
    let g = Bailen::from_setup(s).unwrap_or_else(|e| panic!("setup refused: {e}"));
    assert_eq!(g.outcome(), None, "the position is already decided");
    g
}

fn act(g: &mut Bailen, a: Action) -> Vec<Event> {
    let before = g.prompt();
    g.apply(&a)
        .unwrap_or_else(|e| panic!("{a:?} refused: {e}; prompt was {before:?}"))
}

fn actions(g: &Bailen) -> Vec<Action> {
    g.prompt().map(|p| p.actions).unwrap_or_default()
}

fn step(g: &Bailen) -> Step {
    g.prompt().expect("a decision").step
}

fn movement(leader: &str, allowance: u8) -> SetupStep {
    SetupStep::Movement {
        leader: leader.into(),
        allowance,
    }
}

/// Where `unit` may move now (labels), asked by selecting it on a copy of the game.
fn destinations(g: &Bailen, unit: &str) -> BTreeSet<String> {
    let mut probe = g.clone();
    act(&mut probe, Action::SelectMover { unit: id(unit) });
    actions(&probe)
        .into_iter()
        .filter_map(|a| match a {
            Action::MoveTo { to, .. } => Some(to.label()),
            _ => None,
        })
        .collect()
}

/// Select `unit` and move it to `to`; returns the events of the move.
fn move_to(g: &mut Bailen, unit: &str, to: &str) -> Vec<Event> {
    act(g, Action::SelectMover { unit: id(unit) });
    act(
        g,
        Action::MoveTo {
            unit: id(unit),
            to: hex(to),
        },
    )
}

/// The targets `unit` is offered now (counter ids), in the current Attack actions.
fn targets(g: &Bailen, unit: &str) -> BTreeSet<String> {
    actions(g)
        .into_iter()
        .filter_map(|a| match a {
            Action::Attack { unit: u, target } if u == id(unit) => Some(cid(target)),
            _ => None,
        })
        .collect()
}

fn place(g: &Bailen, unit: &str) -> Place {
    g.view(Side::French).units[id(unit) as usize].place
}

fn at(g: &Bailen, unit: &str) -> String {
    match place(g, unit) {
        Place::OnMap(h) => h.label(),
        other => format!("{other:?}"),
    }
}

fn is_disorganised(g: &Bailen, unit: &str) -> bool {
    g.view(Side::French).units[id(unit) as usize].disorganised
}

fn rolls(events: &[Event]) -> Vec<(Side, RollPurpose, u8)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Rolled {
                side,
                purpose,
                value,
            } => Some((*side, *purpose, *value)),
            _ => None,
        })
        .collect()
}

fn resolved(events: &[Event]) -> Vec<(String, String, u8, u8, CombatResult)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::AttackResolved {
                unit,
                target,
                total,
                defence,
                result,
            } => Some((cid(*unit), cid(*target), *total, *defence, *result)),
            _ => None,
        })
        .collect()
}

fn labels(hexes: &[Hex]) -> Vec<String> {
    hexes.iter().map(|h| h.label()).collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn attack(unit: &str, target: &str) -> Action {
    Action::Attack {
        unit: id(unit),
        target: id(target),
    }
}

/// The odds of an attack action (the engine's `odds`, an attack's).
fn attack_odds(g: &Bailen, a: &Action) -> Option<AttackOdds> {
    g.odds(a).map(|o| o.attack().cloned().unwrap_or_else(|| panic!("not an attack's odds: {o:?}")))
}

/// Sixths of (no effect, disorganise, eliminate) and the attack/defence numbers.
fn sixths(g: &Bailen, a: &Action) -> (u64, u64, u64, u8, u8) {
    let o = attack_odds(g, a).unwrap_or_else(|| panic!("no odds for {a:?}"));
    (
        o.sixths(CombatResult::NoEffect),
        o.sixths(CombatResult::Disorganise),
        o.sixths(CombatResult::Eliminate),
        o.numbers.attack,
        o.numbers.defence,
    )
}

// ------------------------------------------------------------------ Who Wins the Game?

/// "if the French have 27 counters on the board, the Spanish will surrender if they are left
/// with 13 counters or fewer" (BC-44, BC-45, A3, A4).
#[test]
fn example_surrender_27_against_13() {
    let french: Vec<(String, String)> = (1..=27)
        .map(|i| {
            let u = format!("F{i:02}");
            let h = if u == "F08" {
                "1617".to_string()
            } else {
                format!("{:02}{:02}", 10 + (i - 1) % 9, 6 + 2 * ((i - 1) / 9))
            };
            (u, h)
        })
        .collect();
    let spanish = |n: usize| -> Vec<(String, String)> {
        (1..=n)
            .map(|i| {
                let u = format!("S{i:02}");
                let h = if u == "S07" {
                    "1616".to_string()
                } else {
                    format!("{:02}30", 9 + i)
                };
                (u, h)
            })
            .collect()
    };
    let build = |n: usize, step: SetupStep, dice: &[u8]| {
        let all: Vec<(String, String)> = french.iter().cloned().chain(spanish(n)).collect();
        let refs: Vec<(&str, &str)> = all.iter().map(|(u, h)| (u.as_str(), h.as_str())).collect();
        Setup {
            dice: dice.to_vec(),
            ..bare(Side::French, step, &refs)
        }
    };

    // 27 against 13: the Spanish have surrendered, so such a position is no game to start.
    let e = Bailen::from_setup(&build(13, SetupStep::TurnStart, &[])).err().expect("27 against 13 is a surrender");
    let e = e.to_string();
    assert!(e.contains("the Spanish surrender at once") && e.contains("French 27, Spanish 13"), "{e}");

    // 27 against 14: the game goes on...
    let mut g = start(&build(14, SetupStep::Combat { activations: 5 }, &[5]));
    assert_eq!(g.view(Side::French).on_board, [27, 14]);
    // The page shows the threshold: the Spanish surrender at 13 or fewer, the French at 6.
    assert_eq!(g.view(Side::French).surrenders_at, [Some(6), Some(13)]);
    // ...until the French eliminate one more Spanish counter: 3 + 5 = 8 beats the militia's 6
    // by 2, and the Spanish surrender at once.
    let ev = act(&mut g, attack("F08", "S07"));
    assert!(ev.contains(&Event::Eliminated { unit: id("S07") }));
    let o = g.outcome().expect("the Spanish surrender at 13");
    assert_eq!(
        (o.winner, o.detail.victory, o.detail.on_board),
        (Some(Side::French), Victory::Surrender, [27, 13])
    );
    assert_eq!(o.level, Level::Decisive, "a surrender is the total victory");
    assert!(ev.iter().any(|e| matches!(e, Event::GameOver { .. })));
    assert_eq!(g.prompt(), None);
    assert_eq!(g.apply(&Action::EndCombat), Err(GameError::GameOver));
}

/// "France has five units in the Royal Road's victory hexagons, but one of them belongs to
/// Vedel's formation and, in addition, a Spanish unit is still holding out in Bailén, so the
/// strategic victory requirements are not met. The game continues." (BC-48..BC-52, A6)
#[test]
fn example_strategic_victory_not_met_with_vedel_unit_and_spanish_in_bailen() {
    let stars = ["3030", "3031", "3032", "3033", "3034"];
    let build = |fifth: &str, spanish_at: &str| {
        let units = [
            ("F02", stars[0]),
            ("F03", stars[1]),
            ("F04", stars[2]),
            ("F05", stars[3]),
            (fifth, stars[4]),
            ("S20", spanish_at),
        ];
        Setup {
            round: 12,
            arrived: vec![Side::French, Side::Spanish],
            ..position(Side::Spanish, SetupStep::TurnStart, &units)
        }
    };
    // F46 is Vedel's; 2827 is a town hex of Bailén (not a star hex).
    let g = start(&build("F46", "2827"));
    let s = g.view(Side::Spanish).strategic;
    assert_eq!(
        (s.french_on_stars, s.spanish_in_town_or_stars, s.met),
        (4, 1, false)
    );
    assert!(g.prompt().is_some(), "the game continues");

    // Either condition alone still fails.
    let g = start(&build("F06", "2827"));
    let s = g.view(Side::Spanish).strategic;
    assert_eq!(
        (s.french_on_stars, s.spanish_in_town_or_stars, s.met),
        (5, 1, false)
    );
    let g = start(&build("F46", "2825"));
    let s = g.view(Side::Spanish).strategic;
    assert_eq!(
        (s.french_on_stars, s.spanish_in_town_or_stars, s.met),
        (4, 0, false)
    );

    // Five non-Vedel counters on stars and no Spanish in Bailén: France has won, so the
    // position is refused as a game to play...
    let e = Bailen::from_setup(&build("F06", "2825")).err().expect("strategic victory").to_string();
    assert!(e.contains("strategic victory"), "{e}");
    // ...and France wins the moment a fifth counter reaches the stars.
    let mut units = vec![("F02", stars[0]), ("F03", stars[1]), ("F04", stars[2]), ("F05", stars[3]), ("F06", "3134"), ("S20", "2825")];
    units.push(("F01", "3020"));
    let mut g = start(&Setup {
        round: 12,
        arrived: vec![Side::French, Side::Spanish],
        dice: vec![6],
        ..position(Side::French, SetupStep::Movement { leader: "F01".into(), allowance: 7 }, &units)
    });
    act(&mut g, Action::SelectMover { unit: id("F06") });
    act(&mut g, Action::MoveTo { unit: id("F06"), to: hex(stars[4]) });
    let o = g.outcome().expect("strategic victory");
    assert_eq!((o.winner, o.detail.victory, o.level), (Some(Side::French), Victory::Strategic, Level::Decisive));
}

// ------------------------------------------------------------------ Movement of Troops

/// "the Spanish player activates Venegas. With a roll of 3, they may move 9 units. At least 5
/// of these units must belong to Venegas's formation." (BC-72, BC-80, BC-81, BC-89, A9)
#[test]
fn example_venegas_moves_nine_with_five_of_his_formation() {
    let venegas = ["S02", "S03", "S04", "S05", "S06", "S07", "S08"];
    let reding = ["S20", "S21", "S22", "S23", "S24", "S27"];
    // French counters far away, so that 16 Spanish are not more than twice the French.
    let mut units = vec![
        ("F32", "1008"),
        ("F33", "1108"),
        ("F34", "1208"),
        ("F35", "1308"),
        ("F36", "1408"),
        ("F37", "1508"),
    ];
    for (i, u) in venegas.iter().enumerate() {
        units.push((
            *u,
            ["3424", "3524", "3624", "3724", "3824", "3425", "3525"][i],
        ));
    }
    for (i, u) in reding.iter().enumerate() {
        units.push((*u, ["2224", "2324", "2424", "2524", "2624", "2225"][i]));
    }
    let mut g = start(&Setup {
        round: 2,
        dice: vec![3],
        ..position(Side::Spanish, SetupStep::TurnStart, &units)
    });
    assert_eq!(step(&g), Step::ActivateLeader);
    let ev = act(&mut g, Action::ActivateLeader { leader: id("S01") });
    assert_eq!(
        rolls(&ev),
        vec![(Side::Spanish, RollPurpose::MovementAllowance, 3)]
    );
    assert!(ev.contains(&Event::LeaderActivated {
        leader: id("S01"),
        allowance: 9
    }));
    assert_eq!(
        step(&g),
        Step::Movement {
            leader: id("S01"),
            allowance: 9,
            moved: 0,
            formation_moved: 0
        }
    );
    assert!(
        actions(&g).contains(&Action::EndMovement),
        "moving nothing is allowed"
    );

    // A9(d): the quota is a condition on the final tally, so another formation may move first.
    assert!(actions(&g).contains(&Action::SelectMover { unit: id("S20") }));
    for (u, to) in [
        ("S20", "2223"),
        ("S21", "2323"),
        ("S22", "2423"),
        ("S23", "2523"),
    ] {
        move_to(&mut g, u, to);
        // More others than Venegas's have moved: movement cannot end yet.
        assert!(!actions(&g).contains(&Action::EndMovement));
    }
    // 4 others moved, 5 moves left: every remaining move must be Venegas's.
    let offered: BTreeSet<String> = actions(&g)
        .into_iter()
        .filter_map(|a| match a {
            Action::SelectMover { unit } => Some(cid(unit)),
            _ => None,
        })
        .collect();
    assert!(
        !offered.contains("S24") && !offered.contains("S27"),
        "a fifth other counter: {offered:?}"
    );
    assert!(offered.contains("S02") && offered.contains("S01"));
    for (u, to) in [
        ("S02", "3423"),
        ("S03", "3523"),
        ("S04", "3623"),
        ("S05", "3723"),
    ] {
        move_to(&mut g, u, to);
    }
    assert!(
        actions(&g).contains(&Action::EndMovement),
        "4 of 8 are Venegas's"
    );
    move_to(&mut g, "S06", "3823");
    assert_eq!(
        step(&g),
        Step::Movement {
            leader: id("S01"),
            allowance: 9,
            moved: 9,
            formation_moved: 5
        }
    );
    assert_eq!(
        actions(&g),
        vec![Action::EndMovement],
        "9 counters have moved"
    );
}

/// "Spanish line infantry has 4 movement points, but if it makes its full movement along the
/// Royal Road following its path, it can travel up to 8 hexagons." (BC-91, BC-97; A11)
#[test]
fn example_line_infantry_covers_eight_hexes_on_the_royal_road() {
    let mut g = start(&position(
        Side::Spanish,
        movement("S16", 7),
        &[("S20", "3010")],
    ));
    let d = destinations(&g, "S20");
    assert!(d.contains("3018"), "8 road hexes at ½ MP");
    assert!(!d.contains("3019"), "a ninth road hex is out of reach");
    // Back over the bridge: 3004 is road and river, so it costs 1, not ½ (BC-92).
    assert!(d.contains("3003") && !d.contains("3002"));
    // Off the road the same infantry goes 4 hexes.
    assert!(d.contains("3410") && !d.contains("3510"));
    let ev = move_to(&mut g, "S20", "3018");
    let path = ev.iter().find_map(|e| match e {
        Event::Moved { path, .. } => Some(labels(path)),
        _ => None,
    });
    let road: Vec<String> = (10..=18).map(|r| format!("30{r:02}")).collect();
    assert_eq!(path, Some(road));
}

/// "French light cavalry spends 2 movement points entering the town, another 2 to enter the
/// hill, 1 more to descend to open terrain, and another 2 to enter the olive grove. They would
/// have 1 more movement point to spend, but they decide to stay there." (BC-84, BC-90, BC-93,
/// BC-94, BC-98)
///
/// The stand-in map has no town next to a hill next to open ground next to a grove, so each
/// cost is measured with the light cavalry's 8 MP along a straight line, where the hex 8 steps
/// away has no other path of 8 steps: a building (the farm at 0720) costs 2, hills 2, a grove
/// 2, open ground 1; and the unit may stop with MP left over.
#[test]
fn example_light_cavalry_town_hill_open_grove_costs_seven() {
    let units = [
        ("F25", "3409"),
        ("F26", "3517"),
        ("F27", "0719"),
        ("F32", "3309"),
        ("S20", "0733"),
        ("S21", "0933"),
    ];
    let g = start(&position(Side::French, movement("F11", 7), &units));
    // Olive grove: 2 a hex for cavalry, so 4 grove hexes deep (3410-3413) and not 5.
    let d = destinations(&g, "F25");
    assert!(["3410", "3411", "3412", "3413"]
        .iter()
        .all(|h| d.contains(*h)));
    assert!(!d.contains("3414"));
    // ...and 1 a hex for infantry (BC-94): the line infantry crosses 4 grove hexes with 4 MP.
    assert!(destinations(&g, "F32").contains("3313"));
    // Hill: 2 a hex, 4 hills deep (3518-3521) and no further.
    let d = destinations(&g, "F26");
    assert!(d.contains("3521") && !d.contains("3522"));
    // Building: the farm 0720 (2) and six open hexes (1 each) make 8: 0726 but not 0727.
    let d = destinations(&g, "F27");
    assert!(d.contains("0726") && !d.contains("0727"));
    // Open ground: 1 a hex, 8 hexes the other way.
    assert!(d.contains("0711"));
    // 2 + 5 = 7 MP to 0725: the cavalry may stop there with 1 MP unspent.
    let mut g = g;
    move_to(&mut g, "F27", "0725");
    assert_eq!(at(&g, "F27"), "0725");
    assert!(
        !actions(&g).contains(&Action::SelectMover { unit: id("F27") }),
        "its move is over"
    );
}

/// "Spanish militiamen cross through wheat fields and loose trees, but this does not affect
/// their movement." (BC-7, BC-99)
#[test]
fn example_militia_ignore_wheat_and_trees() {
    // 2330 is wheat; within 4 hexes there is only wheat, scrub, a minor road and open ground.
    let g = start(&position(
        Side::Spanish,
        movement("S01", 7),
        &[("S07", "2330")],
    ));
    let d = destinations(&g, "S07");
    let grid = Scenario::built_in(DEFAULT_SCENARIO).unwrap().grid.clone();
    let within4: BTreeSet<String> = grid
        .hexes()
        .filter(|&h| (1..=4).contains(&h.distance(hex("2330"))))
        .map(|h| h.label())
        .collect();
    assert_eq!(d, within4, "every hex within 4, and no further");
    assert!(
        d.contains("2629") && d.contains("1930"),
        "wheat and scrub cost 1"
    );
}

/// "Example A: the Spanish unit must stop its movement upon entering the enemy unit's ZoC."
/// (BC-102..BC-105, BC-109)
#[test]
fn example_zoc_stops_the_spanish_unit() {
    let mut g = start(&position(
        Side::Spanish,
        movement("S16", 7),
        &[("S20", "1616"), ("F32", "1619")],
    ));
    let d = destinations(&g, "S20");
    // The hexes of the ZoC on the near side can be entered...
    assert!(d.contains("1618") && d.contains("1519") && d.contains("1719"));
    // ...but not passed through: the hexes behind the French unit are out of reach, though 4
    // hexes away like 1612, which is reachable.
    for behind in ["1520", "1620", "1720"] {
        assert!(
            !d.contains(behind),
            "{behind} is only reachable through the ZoC"
        );
    }
    assert!(d.contains("1612"));
    let ev = move_to(&mut g, "S20", "1618");
    assert!(ev.iter().any(
        |e| matches!(e, Event::Moved { path, .. } if labels(path) == ["1616", "1617", "1618"])
    ));

    // A counter that starts in the ZoC leaves it at no extra cost (BC-104).
    let g = start(&position(
        Side::Spanish,
        movement("S16", 7),
        &[("S21", "1618"), ("F32", "1619")],
    ));
    let d = destinations(&g, "S21");
    assert!(d.contains("1614"), "4 hexes straight away from the enemy");
    // ...but stops on the next ZoC hex it enters, even of the same enemy (BC-105): 1719 can be
    // entered, 1621 behind the enemy (3 hexes away, only reachable through ZoC hexes) cannot.
    assert!(d.contains("1719"));
    assert!(!d.contains("1621"));
}

/// "Example B: the two French cavalry units cancel out the ZoC of the Spanish militiamen, and
/// the French infantry troop can move through those hexagons." (BC-106, BC-107)
#[test]
fn example_two_cavalry_cancel_the_militia_zoc() {
    // Militia at 1718; the cavalry at 1717 and 1719; the infantry at 1517, 2 hexes from it.
    let two = [
        ("S27", "1718"),
        ("F18", "1717"),
        ("F19", "1719"),
        ("F32", "1517"),
    ];
    let g = start(&position(Side::French, movement("F28", 7), &two));
    let d = destinations(&g, "F32");
    for beyond in ["1818", "1819", "1918"] {
        assert!(d.contains(beyond), "{beyond}: through the cancelled ZoC");
    }
    // With one cavalry only, the militia's ZoC stops the infantry again.
    let one = [
        ("S27", "1718"),
        ("F18", "1717"),
        ("F19", "1710"),
        ("F32", "1517"),
    ];
    let g = start(&position(Side::French, movement("F28", 7), &one));
    let d = destinations(&g, "F32");
    for beyond in ["1818", "1819", "1918"] {
        assert!(
            !d.contains(beyond),
            "{beyond}: the militia's ZoC stops the infantry"
        );
    }
}

/// "unit A reorganizes, but unit B cannot, since it is in the ZoC of an enemy unit."
/// (BC-73, BC-110, BC-111)
#[test]
fn example_unit_in_zoc_does_not_recover() {
    let mut s = position(
        Side::Spanish,
        movement("S16", 7),
        &[("S20", "1616"), ("S21", "1819"), ("F32", "1820")],
    );
    disorganise(&mut s, "S20");
    disorganise(&mut s, "S21");
    s.dice = vec![1];
    let mut g = start(&s);
    // Disorganised counters cannot move (BC-88).
    assert!(!actions(&g).contains(&Action::SelectMover { unit: id("S20") }));
    let ev = act(&mut g, Action::EndMovement);
    assert!(ev.contains(&Event::Recovered { unit: id("S20") }));
    assert!(!ev.contains(&Event::Recovered { unit: id("S21") }));
    assert!(!is_disorganised(&g, "S20"));
    assert!(is_disorganised(&g, "S21"));
}

// ------------------------------------------------------------------ Reaction artillery

/// "those 3 French artillery pieces can carry out reaction fire. Artillery A will fight in
/// melee against the adjacent enemy. The other 2 artillery pieces will fire at range."
/// (BC-113..BC-118, A14, A17f)
#[test]
fn example_reaction_artillery_melee_then_range() {
    let units = [
        ("F09", "1617"),
        ("F10", "1915"),
        ("F42", "1816"),
        ("S20", "1616"),
        ("S21", "1912"),
    ];
    let mut g = start(&Setup {
        dice: vec![4, 5, 3, 2],
        ..position(Side::Spanish, SetupStep::Reaction, &units)
    });
    let p = g.prompt().unwrap();
    assert_eq!((p.side, p.step), (Side::French, Step::ReactionFire));
    // A has an organised enemy adjacent: it may only fight it, in melee.
    assert_eq!(targets(&g, "F09"), set(&["S20"]));
    // B and C fire at range.
    assert!(targets(&g, "F10").contains("S21"));
    assert!(targets(&g, "F42").contains("S21"));

    act(&mut g, attack("F09", "S20"));
    // Two attacks: the second may only go to the adjacent enemy too.
    assert_eq!(
        step(&g),
        Step::SecondTarget {
            unit: id("F09"),
            first: id("S20")
        }
    );
    assert_eq!(
        actions(&g),
        vec![
            Action::SecondAttack {
                unit: id("F09"),
                target: id("S20")
            },
            Action::SingleAttack { unit: id("F09") }
        ]
    );
    let ev = act(&mut g, Action::SingleAttack { unit: id("F09") });
    assert!(ev.contains(&Event::AttackDeclared {
        unit: id("F09"),
        target: id("S20"),
        supporter: None,
        melee: true
    }));
    // The infantry (MF 4) is faster than the guns (MF 3): it may retreat tactically (A17f).
    assert_eq!(g.prompt().unwrap().side, Side::Spanish);
    assert_eq!(
        step(&g),
        Step::TacticalRetreat {
            defender: id("S20")
        }
    );
    let ev = act(&mut g, Action::StandFast { unit: id("S20") });
    assert_eq!(
        resolved(&ev),
        vec![("F09".into(), "S20".into(), 6, 6, CombatResult::NoEffect)]
    );

    act(&mut g, attack("F10", "S21"));
    let ev = act(&mut g, Action::SingleAttack { unit: id("F10") });
    assert!(ev.contains(&Event::AttackDeclared {
        unit: id("F10"),
        target: id("S21"),
        supporter: None,
        melee: false
    }));
    assert_eq!(
        resolved(&ev),
        vec![("F10".into(), "S21".into(), 7, 6, CombatResult::Disorganise)]
    );
    // Disorganised at range: it stays where it is (BC-161).
    assert_eq!(at(&g, "S21"), "1912");

    act(&mut g, attack("F42", "S21"));
    let ev = act(&mut g, Action::SingleAttack { unit: id("F42") });
    assert_eq!(
        resolved(&ev),
        vec![("F42".into(), "S21".into(), 5, 6, CombatResult::NoEffect)]
    );
    // All three have fired; the Spanish combat step follows (its roll was 2).
    assert_eq!(
        step(&g),
        Step::Combat {
            activations_left: 6
        }
    );
    // No advance after reaction fire, and the guns did not move (BC-119).
    assert_eq!(
        (at(&g, "F09"), at(&g, "F10"), at(&g, "F42")),
        ("1617".into(), "1915".into(), "1816".into())
    );
}

// ------------------------------------------------------------------ Combat

/// "with a roll of 3, the Spanish player activates 7 units to fight... Cavalry A can only
/// attack the adjacent French infantry. Artillery B can fire up to 2 times each... (B2 cannot
/// fire at the elite infantry at 2425 because Barbou blocks its Line of Sight). Infantry C
/// cannot be activated to fight because they are disorganized." (BC-121..BC-130, BC-136)
#[test]
fn example_combat_roll_of_3_gives_7_activations() {
    let units = [
        ("S35", "1616"), // cavalry A
        ("F32", "1617"),
        ("F33", "1614"),
        ("S30", "2421"), // artillery B1
        ("S31", "2429"), // artillery B2
        ("F29", "2425"), // elite infantry
        ("F28", "2427"), // Barbou
        ("S22", "1321"), // infantry C, disorganised
        ("F34", "1322"),
    ];
    let mut s = position(Side::Spanish, movement("S16", 7), &units);
    disorganise(&mut s, "S22");
    s.dice = vec![3];
    let mut g = start(&s);
    let ev = act(&mut g, Action::EndMovement);
    assert_eq!(
        rolls(&ev),
        vec![(Side::Spanish, RollPurpose::CombatAllowance, 3)]
    );
    assert!(ev.contains(&Event::CombatAllowance { activations: 7 }));
    assert_eq!(
        step(&g),
        Step::Combat {
            activations_left: 7
        }
    );
    assert_eq!(g.view(Side::Spanish).combat_activations_left, Some(7));

    assert_eq!(
        targets(&g, "S35"),
        set(&["F32"]),
        "in the infantry's ZoC, only the infantry"
    );
    let b1 = targets(&g, "S30");
    let b2 = targets(&g, "S31");
    assert!(b1.contains("F29"), "B1 sees 2425");
    assert!(
        b2.contains("F28") && !b2.contains("F29"),
        "Barbou blocks B2's line to 2425: {b2:?}"
    );
    assert!(
        targets(&g, "S22").is_empty(),
        "disorganised infantry cannot fight"
    );

    // Each gun fires twice: the second target is declared before any die.
    act(&mut g, attack("S30", "F29"));
    assert_eq!(
        step(&g),
        Step::SecondTarget {
            unit: id("S30"),
            first: id("F29")
        }
    );
    assert!(actions(&g).contains(&Action::SecondAttack {
        unit: id("S30"),
        target: id("F29")
    }));
    assert!(actions(&g).contains(&Action::SingleAttack { unit: id("S30") }));
    assert_eq!(g.view(Side::Spanish).combat_activations_left, Some(6));
}

/// "the Spanish artillery unit is in the ZoC of the French infantry, so it cannot attack any
/// other unit." (BC-127, BC-131, BC-160)
#[test]
fn example_artillery_in_zoc_attacks_only_that_infantry() {
    let g = start(&position(
        Side::Spanish,
        SetupStep::Combat { activations: 5 },
        &[("S30", "1616"), ("F32", "1617"), ("F33", "1613")],
    ));
    assert_eq!(targets(&g, "S30"), set(&["F32"]));
    // The same gun out of the ZoC can fire at F33 (range 3, clear line).
    let g = start(&position(
        Side::Spanish,
        SetupStep::Combat { activations: 5 },
        &[("S30", "1616"), ("F32", "1627"), ("F33", "1613")],
    ));
    assert!(targets(&g, "S30").contains("F33"));
}

/// "the Spanish militiamen at C attack, but since the cavalry's movement is greater, it
/// performs a tactical retreat to avoid receiving the attack. It could not retreat to the
/// hexagon in the ZoC of the other militiaman hidden in the olive grove." (BC-132..BC-135)
#[test]
fn example_tactical_retreat_of_cavalry() {
    let units = [("S27", "1421"), ("F18", "1422"), ("S28", "1224")]; // 1224: olive grove
    let mut g = start(&position(
        Side::Spanish,
        SetupStep::Combat { activations: 5 },
        &units,
    ));
    assert!(
        attack_odds(&g, &attack("S27", "F18"))
            .unwrap()
            .tactical_retreat_possible
    );
    act(&mut g, attack("S27", "F18"));
    let p = g.prompt().unwrap();
    assert_eq!(
        (p.side, p.step.clone()),
        (
            Side::French,
            Step::TacticalRetreat {
                defender: id("F18")
            }
        )
    );
    let options: BTreeSet<(String, String)> = p
        .actions
        .iter()
        .filter_map(|a| match a {
            Action::TacticalRetreat { via, to, .. } => Some((via.label(), to.label())),
            _ => None,
        })
        .collect();
    let expected: BTreeSet<(String, String)> = [
        ("1523", "1623"),
        ("1523", "1524"),
        ("1423", "1524"),
        ("1423", "1424"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    // 1223 and 1324 are 2 hexes away too, but next to the militiaman in the grove.
    assert_eq!(options, expected);
    assert!(p.actions.contains(&Action::StandFast { unit: id("F18") }));
    let ev = act(
        &mut g,
        Action::TacticalRetreat {
            unit: id("F18"),
            via: hex("1423"),
            to: hex("1424"),
        },
    );
    assert!(ev.contains(&Event::AttackLost {
        unit: id("S27"),
        target: id("F18")
    }));
    assert!(rolls(&ev).is_empty(), "no die for a lost attack");
    assert_eq!(at(&g, "F18"), "1424");
    assert!(is_disorganised(&g, "F18"));
    // The militia counts as activated.
    let v = g.view(Side::Spanish);
    assert!(v.units[id("S27") as usize].activated);
    assert_eq!(v.combat_activations_left, Some(4));
}

/// "artillery piece A can reach enemy unit 2 because friendly units do not block LoS. It
/// cannot see the infantry at 3 due to the hill. Artillery piece B, with a range of up to 18,
/// cannot reach the French troops at 1, 2, or 3 because hills or the olive grove block its LoS.
/// It can bombard the French cavalry at 4" (BC-136..BC-141)
#[test]
fn example_line_of_sight_blocked_by_hill_and_enemy() {
    let units = [
        ("S32", "2019"), // artillery A (range 12)
        ("S30", "2309"), // artillery B (range 18)
        ("S20", "2017"), // a friend between A and 2
        ("F34", "2517"), // 1: A sees it past the farm at 2417 (farms do not block, A18a)
        ("F32", "2015"), // 2
        ("F33", "2024"), // 3: behind the hills 2021-2022
        ("F18", "2809"), // 4: the cavalry
        ("F35", "1718"), // an enemy in the way of...
        ("F36", "1617"), // ...this one
    ];
    let g = start(&position(
        Side::Spanish,
        SetupStep::Combat { activations: 5 },
        &units,
    ));
    let a = targets(&g, "S32");
    assert!(a.contains("F32"), "friends do not block");
    assert!(!a.contains("F33"), "the hill blocks");
    assert!(a.contains("F34"), "a farm is not a town");
    assert!(a.contains("F35") && !a.contains("F36"), "enemy units block");
    assert!(!a.contains("F18"), "4 is beyond range 12");
    let b = targets(&g, "S30");
    assert!(
        !b.contains("F34") && !b.contains("F32") && !b.contains("F33"),
        "groves and hills block B: {b:?}"
    );
    assert!(b.contains("F18"));
}

// ------------------------------------------------------------------ Resolving a combat

/// "Spanish infantry attacks French infantry and rolls a 5 on the die. The 5 added to the
/// combat factor of 3 results in 8, exceeding the enemy defense by 2 points. The French unit
/// is eliminated from the game." (BC-142..BC-145, BC-154)
#[test]
fn example_infantry_rolls_5_eliminates() {
    let units = [("S20", "1616"), ("F32", "1617")];
    let mut g = start(&Setup {
        dice: vec![5],
        ..position(Side::Spanish, SetupStep::Combat { activations: 5 }, &units)
    });
    // 1-3 nothing, 4 disorganises (7 = 6 + 1), 5-6 eliminate.
    assert_eq!(sixths(&g, &attack("S20", "F32")), (3, 1, 2, 3, 6));
    let ev = act(&mut g, attack("S20", "F32"));
    assert_eq!(
        rolls(&ev),
        vec![(
            Side::Spanish,
            RollPurpose::Attack {
                attacker: id("S20"),
                target: id("F32")
            },
            5
        )]
    );
    assert_eq!(
        resolved(&ev),
        vec![("S20".into(), "F32".into(), 8, 6, CombatResult::Eliminate)]
    );
    assert_eq!(place(&g, "F32"), Place::Eliminated);
}

/// "the Spanish militia that was also adjacent now advances into the empty hexagon and, since
/// it ends up adjacent to the French cavalry, could activate to attack it." (BC-147, BC-148,
/// A20a)
#[test]
fn example_militia_advances_and_attacks() {
    let units = [
        ("S20", "1616"),
        ("S27", "1517"),
        ("F32", "1617"),
        ("F18", "1718"),
    ];
    let mut g = start(&Setup {
        dice: vec![5, 6],
        ..position(Side::Spanish, SetupStep::Combat { activations: 5 }, &units)
    });
    act(&mut g, attack("S20", "F32"));
    assert_eq!(step(&g), Step::Advance { hex: hex("1617") });
    let a = actions(&g);
    assert!(a.contains(&Action::Advance {
        unit: id("S27"),
        to: hex("1617")
    }));
    assert!(a.contains(&Action::Advance {
        unit: id("S20"),
        to: hex("1617")
    }));
    act(
        &mut g,
        Action::Advance {
            unit: id("S27"),
            to: hex("1617"),
        },
    );
    assert_eq!(at(&g, "S27"), "1617");
    assert_eq!(step(&g), Step::ChainedAttack { unit: id("S27") });
    assert_eq!(
        actions(&g),
        vec![attack("S27", "F18"), Action::NoChainedAttack]
    );
    act(&mut g, attack("S27", "F18"));
    // The chained attack uses a second activation.
    assert_eq!(g.view(Side::Spanish).combat_activations_left, Some(3));
    // The cavalry (MF 7) may retreat tactically before the militia's (MF 4) attack; it stands.
    assert_eq!(
        step(&g),
        Step::TacticalRetreat {
            defender: id("F18")
        }
    );
    let ev = act(&mut g, Action::StandFast { unit: id("F18") });
    assert_eq!(
        resolved(&ev),
        vec![("S27".into(), "F18".into(), 8, 6, CombatResult::Eliminate)]
    );
}

/// "here the French defense is only exceeded by 1, so it must retreat 2 hexagons and end up
/// disorganized. It decides to do so as shown, passing over the allied cavalry. It cannot
/// retreat to the hexagons marked with an X because they are in enemy ZoC. The attacking
/// Spanish infantry could now advance into the empty hexagon, but since it has already been
/// activated for this combat, it could not attack the French cavalry." (BC-144, BC-147..BC-153)
#[test]
fn example_retreat_passes_over_friendly_cavalry_not_into_zoc() {
    let units = [
        ("S20", "1616"),
        ("F32", "1617"),
        ("F18", "1618"),
        ("S21", "1819"),
        ("F33", "1920"),
    ];
    let mut g = start(&Setup {
        dice: vec![4],
        ..position(Side::Spanish, SetupStep::Combat { activations: 5 }, &units)
    });
    let ev = act(&mut g, attack("S20", "F32"));
    assert_eq!(
        resolved(&ev),
        vec![("S20".into(), "F32".into(), 7, 6, CombatResult::Disorganise)]
    );
    let p = g.prompt().unwrap();
    assert_eq!(
        (p.side, p.step.clone()),
        (Side::French, Step::Retreat { unit: id("F32") })
    );
    let options: BTreeSet<(String, String)> = p
        .actions
        .iter()
        .filter_map(|a| match a {
            Action::Retreat { via, to, .. } => Some((via.label(), to.label())),
            _ => None,
        })
        .collect();
    let expected: BTreeSet<(String, String)> = [
        ("1518", "1418"),
        ("1518", "1519"),
        ("1618", "1519"),
        ("1618", "1619"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    // 1818 and 1719 are 2 hexes away but in the ZoC of the Spanish unit at 1819: the Xs.
    assert_eq!(options, expected);
    let ev = act(
        &mut g,
        Action::Retreat {
            unit: id("F32"),
            via: hex("1618"),
            to: hex("1619"),
        },
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Retreated { path, .. } if labels(path) == ["1618", "1619"])));
    assert_eq!(at(&g, "F32"), "1619");
    assert!(is_disorganised(&g, "F32"));
    // The attacker may advance, but not attack the cavalry it is now next to.
    assert!(actions(&g).contains(&Action::Advance {
        unit: id("S20"),
        to: hex("1617")
    }));
    act(
        &mut g,
        Action::Advance {
            unit: id("S20"),
            to: hex("1617"),
        },
    );
    assert_eq!(at(&g, "S20"), "1617");
    assert_eq!(
        step(&g),
        Step::Combat {
            activations_left: 4
        }
    );
    assert!(targets(&g, "S20").is_empty());
}

// ------------------------------------------------------------------ Reinforcements

/// "we are in round 12 and the Spanish player rolls a die. They roll a 3, but since they add
/// +3 (because 3 rounds have passed from round 9 to round 12), they get a total of 6, and the
/// Spanish reinforcements under Castaños's command finally arrive." (BC-71, BC-173, BC-176)
#[test]
fn example_reinforcements_round_12_roll_3() {
    // The French end their turn in round 12; the Spanish turn begins with the arrival roll.
    let build = |round: u8, die: u8| Setup {
        round,
        first: Some(Side::French),
        // Vedel can have arrived only from the French turn of round 11.
        arrived: if round >= 11 { vec![Side::French] } else { vec![] },
        dice: vec![die],
        ..pending_reorganization()
    };
    let mut g = start(&build(12, 3));
    let ev = act(&mut g, Action::EndTurn);
    assert!(ev.contains(&Event::TurnBegins {
        side: Side::Spanish,
        round: 12
    }));
    assert_eq!(
        rolls(&ev),
        vec![(Side::Spanish, RollPurpose::ReinforcementArrival, 3)]
    );
    assert!(ev.contains(&Event::ReinforcementsArrive {
        side: Side::Spanish
    }));
    assert!(g.view(Side::Spanish).arrived[1]);
    // Castaños enters first, at 3001.
    assert_eq!(
        step(&g),
        Step::Reinforcement {
            unit: id("S60"),
            entry: hex("3001")
        }
    );

    // 2 + 3 = 5 is not enough; in round 9, 5 + 0 is not either, 6 + 0 is.
    for (round, die, arrives) in [(12, 2, false), (9, 5, false), (9, 6, true), (14, 1, true)] {
        let mut g = start(&build(round, die));
        let ev = act(&mut g, Action::EndTurn);
        assert_eq!(
            ev.contains(&Event::ReinforcementsArrive {
                side: Side::Spanish
            }),
            arrives,
            "round {round} die {die}"
        );
        assert_eq!(g.view(Side::Spanish).arrived[1], arrives);
    }
    // Before round 9 there is no roll at all.
    let mut g = start(&build(8, 6));
    let ev = act(&mut g, Action::EndTurn);
    assert!(rolls(&ev).is_empty());
}

/// "after a successful roll, Vedel's French reinforcements enter, one at a time, through
/// hexagon 3035, respecting all movement rules." (BC-174, BC-177..BC-179, A25)
#[test]
fn example_vedel_enters_at_3035() {
    let mut g = start(&Setup {
        round: 11,
        dice: vec![5],
        ..position(Side::French, SetupStep::TurnStart, &[("S20", "1616")])
    });
    assert!(g.view(Side::French).arrived[0]);
    assert_eq!(
        step(&g),
        Step::Reinforcement {
            unit: id("F45"),
            entry: hex("3035")
        }
    );
    let enter: BTreeSet<String> = actions(&g)
        .into_iter()
        .filter_map(|a| match a {
            Action::Enter { to, .. } => Some(to.label()),
            _ => None,
        })
        .collect();
    // Vedel (MF 8): 3035-3030 at ½, the town 3029-3026 at 1 (road and building), 3025-3024 at ½.
    assert!(enter.contains("3035") && enter.contains("3024") && !enter.contains("3023"));
    let ev = act(
        &mut g,
        Action::Enter {
            unit: id("F45"),
            to: hex("3033"),
        },
    );
    let path = ev.iter().find_map(|e| match e {
        Event::Entered { path, .. } => Some(labels(path)),
        _ => None,
    });
    assert_eq!(
        path,
        Some(vec!["3035".into(), "3034".into(), "3033".into()])
    );
    // The next unit enters only now, and passes over Vedel but cannot stop on him.
    assert_eq!(
        step(&g),
        Step::Reinforcement {
            unit: id("F46"),
            entry: hex("3035")
        }
    );
    let enter: BTreeSet<String> = actions(&g)
        .into_iter()
        .filter_map(|a| match a {
            Action::Enter { to, .. } => Some(to.label()),
            _ => None,
        })
        .collect();
    // Elite infantry (MF 4): 3035-3030 cost 3, the town hex 3029 costs 1 more.
    assert!(enter.contains("3029") && !enter.contains("3028") && !enter.contains("3033"));
    act(
        &mut g,
        Action::Enter {
            unit: id("F46"),
            to: hex("3029"),
        },
    );
    assert_eq!(at(&g, "F46"), "3029");
}

// ------------------------------------------------------------------ Optional rules

/// "The die is rolled and a 4 comes up, which added to the infantry's combat factor of 3, plus
/// 1 for the artillery's combined attack, makes 8, eliminating the French troop. Afterward...
/// the artillery... fires alone against the cavalry... Roll the die and get a 6, for a total
/// of 8! But... the cavalry only becomes disorganized... Had it fired against the French
/// artillery, it would have eliminated it with that 8." (BC-182..BC-189)
#[test]
fn example_combined_attack_infantry_and_artillery() {
    // S21, next to the French guns, keeps the combat step open to the end.
    let units = [
        ("S20", "1616"),
        ("S32", "1614"),
        ("F32", "1617"),
        ("F18", "1911"),
        ("F42", "1711"),
        ("S21", "1710"),
    ];
    let mut s = position(Side::Spanish, SetupStep::Combat { activations: 5 }, &units);
    s.options.combined_attacks = true;
    s.dice = vec![4, 6];
    let mut g = start(&s);
    act(&mut g, attack("S20", "F32"));
    assert_eq!(
        step(&g),
        Step::Support {
            attacker: id("S20"),
            target: id("F32")
        }
    );
    let support = Action::Support {
        supporter: id("S32"),
    };
    assert!(actions(&g).contains(&support));
    // 3 + 1: a 3 disorganises, 4-6 eliminate.
    assert_eq!(sixths(&g, &support), (2, 1, 3, 4, 6));
    let ev = act(&mut g, support);
    assert!(ev.contains(&Event::AttackDeclared {
        unit: id("S20"),
        target: id("F32"),
        supporter: Some(id("S32")),
        melee: true
    }));
    assert_eq!(
        resolved(&ev),
        vec![("S20".into(), "F32".into(), 8, 6, CombatResult::Eliminate)]
    );
    // Both are activated.
    assert_eq!(g.view(Side::Spanish).combat_activations_left, Some(3));
    act(&mut g, Action::NoAdvance);

    // The gun's other attack, alone, at range.
    assert_eq!(
        g.view(Side::Spanish).units[id("S32") as usize].attacks_left,
        1
    );
    let odds_cav = attack_odds(&g, &attack("S32", "F18")).unwrap();
    assert!(odds_cav.numbers.capped);
    assert_eq!((odds_cav.sixths(CombatResult::Disorganise), odds_cav.sixths(CombatResult::Eliminate)), (2, 0));
    // Against the French guns (DF 5) an 8 would eliminate.
    let odds_guns = attack_odds(&g, &attack("S32", "F42")).unwrap();
    assert!(!odds_guns.numbers.capped);
    assert_eq!(
        (
            odds_guns.sixths(CombatResult::NoEffect),
            odds_guns.sixths(CombatResult::Disorganise),
            odds_guns.sixths(CombatResult::Eliminate)
        ),
        (3, 1, 2)
    );
    let ev = act(&mut g, attack("S32", "F18"));
    assert_eq!(
        resolved(&ev),
        vec![("S32".into(), "F18".into(), 8, 6, CombatResult::Disorganise)]
    );
    assert!(is_disorganised(&g, "F18"));
    assert_eq!(at(&g, "F18"), "1911", "no retreat after fire at range");
    // The activation did not cost a third counter.
    assert_eq!(g.view(Side::Spanish).combat_activations_left, Some(3));
}

/// "When a counter is on a hill or building hexagon, it adds 1 to its defense factor... the
/// infantry shown would have a defense factor of 7" (BC-191, A33)
#[test]
fn example_cover_on_hill() {
    let units = [
        ("S20", "1619"),
        ("F32", "1620"),
        ("S21", "2825"),
        ("F33", "2826"),
        ("S22", "1616"),
        ("F34", "1617"),
    ];
    let mut s = position(Side::Spanish, SetupStep::Combat { activations: 5 }, &units);
    s.options.cover = true;
    let g = start(&s);
    // Hill 1620: defence 7, so a 5 disorganises and only a 6 eliminates.
    assert_eq!(sixths(&g, &attack("S20", "F32")), (4, 1, 1, 3, 7));
    // Town 2826 (a building): the same.
    assert_eq!(sixths(&g, &attack("S21", "F33")), (4, 1, 1, 3, 7));
    // Open ground: no cover.
    assert_eq!(sixths(&g, &attack("S22", "F34")), (3, 1, 2, 3, 6));
    // Without the option the hill gives nothing.
    s.options.cover = false;
    let g = start(&s);
    assert_eq!(sixths(&g, &attack("S20", "F32")), (3, 1, 2, 3, 6));
}

/// "French cavalry cannot attack the adjacent Spanish infantry because it is protected by the
/// olive grove." (BC-192, A34)
#[test]
fn example_protection_against_cavalry_in_olive_grove() {
    let units = [("S27", "1123"), ("F18", "1222"), ("F32", "1022")];
    let mut s = position(Side::French, SetupStep::Combat { activations: 5 }, &units);
    s.options.protection_against_cavalry = true;
    let g = start(&s);
    assert!(
        targets(&g, "F18").is_empty(),
        "the cavalry cannot attack into the grove"
    );
    assert_eq!(targets(&g, "F32"), set(&["S27"]), "infantry can");
    s.options.protection_against_cavalry = false;
    let g = start(&s);
    assert_eq!(targets(&g, "F18"), set(&["S27"]));

    // Nor in pursuit (BC-192).
    let mut s = position(
        Side::French,
        SetupStep::Pursuit,
        &[("S27", "1123"), ("F19", "1420")],
    );
    disorganise(&mut s, "S27");
    s.options.protection_against_cavalry = true;
    let g = start(&s);
    assert!(!actions(&g)
        .iter()
        .any(|a| matches!(a, Action::Pursue { .. })));
    s.options.protection_against_cavalry = false;
    let g = start(&s);
    assert!(actions(&g)
        .iter()
        .any(|a| matches!(a, Action::Pursue { unit, .. } if *unit == id("F19"))));
}

/// "this way, infantry would have 5 movement points via road instead of 4." (BC-193, A27)
#[test]
fn example_roads_give_five_movement() {
    // 1027 is on the Camino de Jaén (row 27, a minor road).
    let mut s = position(Side::Spanish, movement("S16", 7), &[("S20", "1027")]);
    s.options.roads = true;
    let g = start(&s);
    let d = destinations(&g, "S20");
    assert!(
        d.contains("1527") && d.contains("0527"),
        "5 hexes along the road"
    );
    assert!(
        !d.contains("1526") && !d.contains("1528"),
        "5 hexes off the road need 5 MP"
    );
    assert!(d.contains("1427"));
    s.options.roads = false;
    let g = start(&s);
    let d = destinations(&g, "S20");
    assert!(!d.contains("1527") && d.contains("1427"));
}

/// "the two French Swiss units are [at most] 2 hexagons from a Spanish Swiss unit. Right at the
/// start of the combat phase, a die is rolled for each French unit. Unit B rolls a 5, so it
/// deserts. Unit A, with a 4, stays." (BC-196..BC-199, A28)
#[test]
fn example_swiss_desertion_5_deserts_4_stays() {
    // A = F05 (next to S25 and 2 from S26), B = F06 (2 from S25).
    // S20 and F32 keep the combat step open.
    let units = [
        ("F05", "1618"),
        ("F06", "1721"),
        ("S25", "1619"),
        ("S26", "1616"),
        ("S20", "1421"),
        ("F32", "1420"),
    ];
    let mut s = position(Side::Spanish, movement("S16", 7), &units);
    s.options.swiss = true;
    s.dice = vec![4, 5, 2];
    let mut g = start(&s);
    let ev = act(&mut g, Action::EndMovement);
    assert_eq!(
        rolls(&ev),
        vec![
            (Side::Spanish, RollPurpose::Desertion { unit: id("F05") }, 4),
            (Side::Spanish, RollPurpose::Desertion { unit: id("F06") }, 5),
            (Side::Spanish, RollPurpose::CombatAllowance, 2),
        ],
        "one roll per French Swiss unit, even near two Spanish Swiss"
    );
    assert!(ev.contains(&Event::Deserted { unit: id("F06") }));
    assert_eq!(place(&g, "F06"), Place::Deserted);
    assert_eq!(at(&g, "F05"), "1618");
    // Free: no activation used (4 + 2).
    assert_eq!(g.view(Side::Spanish).combat_activations_left, Some(6));
    // Swiss never fight Swiss (BC-195): S25 is next to F05 and cannot attack it.
    assert!(targets(&g, "S25").is_empty());
    assert!(targets(&g, "S26").is_empty());
}

/// "María Bellido is next to Coupigny in hexagon 2329. Her benefit extends to a range of 10
/// hexagons. The militiamen, at 1227, are out of range, so they suffer the heat penalty.
/// Obviously, María does not share water with the French." (BC-200..BC-203, A29)
#[test]
fn example_maria_bellido_range_10() {
    let units = [("S39", "2330"), ("S49", "1227"), ("S50", "1327")];
    let mut s = Setup {
        round: 10,
        water_carrier: Some("2329".into()),
        ..position(Side::Spanish, movement("S39", 7), &units)
    };
    s.options.stifling_heat = true;
    let g = start(&s);
    assert!(g.view(Side::Spanish).hot);
    let reach = |unit: &str, from: &str| {
        destinations(&g, unit)
            .iter()
            .map(|h| hex(h).distance(hex(from)))
            .max()
            .unwrap()
    };
    assert_eq!(reach("S49", "1227"), 3, "11 hexes from María: MF 4 - 1");
    assert_eq!(reach("S50", "1327"), 4, "10 hexes from María: no heat");
    // The page outlines her range from the engine's list: 1327 is in it, 1227 is not.
    let watered = g.view(Side::Spanish).watered_hexes;
    assert!(watered.iter().any(|h| h.label() == "1327"));
    assert!(!watered.iter().any(|h| h.label() == "1227"));

    // The French next to her still suffer.
    let units = [("F28", "2031"), ("F32", "2131"), ("S39", "2330")];
    let mut s = Setup {
        round: 10,
        water_carrier: Some("2329".into()),
        ..position(Side::French, movement("F28", 7), &units)
    };
    s.options.stifling_heat = true;
    let g = start(&s);
    let d = destinations(&g, "F32");
    assert_eq!(
        d.iter().map(|h| hex(h).distance(hex("2131"))).max(),
        Some(3),
        "3 hexes from María, MF 4 - 1"
    );

    // Recovery in the heat: a 4-6 is needed unless watered (BC-201).
    let units = [("S39", "2330"), ("S43", "1127"), ("S51", "2331")];
    let mut s = Setup {
        round: 10,
        water_carrier: Some("2329".into()),
        dice: vec![3, 1],
        ..position(Side::Spanish, movement("S39", 7), &units)
    };
    s.options.stifling_heat = true;
    disorganise(&mut s, "S43");
    disorganise(&mut s, "S51");
    let mut g = start(&s);
    let ev = act(&mut g, Action::EndMovement);
    assert_eq!(
        rolls(&ev)[0],
        (
            Side::Spanish,
            RollPurpose::HeatReorganization { unit: id("S43") },
            3
        )
    );
    assert!(ev.contains(&Event::StaysDisorganised { unit: id("S43") }));
    assert!(ev.contains(&Event::Recovered { unit: id("S51") }));
    assert!(!rolls(&ev)
        .iter()
        .any(|r| r.1 == RollPurpose::HeatReorganization { unit: id("S51") }));
}

// ------------------------------------------------------------------ checklist items

/// BC-146: a disorganised unit that would be disorganised again is eliminated.
#[test]
fn disorganised_twice_is_eliminated() {
    let mut s = position(
        Side::Spanish,
        SetupStep::Combat { activations: 5 },
        &[("S20", "1616"), ("F32", "1617")],
    );
    disorganise(&mut s, "F32");
    s.dice = vec![4];
    let mut g = start(&s);
    assert_eq!(sixths(&g, &attack("S20", "F32")), (3, 0, 3, 3, 6));
    let ev = act(&mut g, attack("S20", "F32"));
    assert_eq!(
        resolved(&ev),
        vec![("S20".into(), "F32".into(), 7, 6, CombatResult::Eliminate)]
    );
    assert_eq!(place(&g, "F32"), Place::Eliminated);
}

/// BC-162..BC-164: artillery alone at range only disorganises organised non-artillery, but
/// eliminates artillery and already disorganised units; two shots at one target eliminate.
#[test]
fn artillery_at_range_disorganises_infantry_but_eliminates_artillery() {
    let units = [
        ("S30", "1613"),
        ("F32", "1617"),
        ("F42", "1913"),
        ("F33", "1310"),
    ];
    let mut s = position(Side::Spanish, SetupStep::Combat { activations: 5 }, &units);
    disorganise(&mut s, "F33");
    s.dice = vec![4, 4];
    let mut g = start(&s);
    // 12-pounder, CF 3.
    assert_eq!(sixths(&g, &attack("S30", "F32")), (3, 3, 0, 3, 6));
    assert_eq!(sixths(&g, &attack("S30", "F42")), (2, 1, 3, 3, 5));
    assert_eq!(sixths(&g, &attack("S30", "F33")), (3, 0, 3, 3, 6));
    act(&mut g, attack("S30", "F32"));
    let ev = act(
        &mut g,
        Action::SecondAttack {
            unit: id("S30"),
            target: id("F32"),
        },
    );
    assert_eq!(
        resolved(&ev),
        vec![
            ("S30".into(), "F32".into(), 7, 6, CombatResult::Disorganise),
            ("S30".into(), "F32".into(), 7, 6, CombatResult::Eliminate),
        ]
    );
    assert_eq!(place(&g, "F32"), Place::Eliminated);

    // With Combined Attacks the two dice are rolled together (BC-190): same result.
    s.options.combined_attacks = true;
    let mut g = start(&s);
    act(&mut g, attack("S30", "F32"));
    // Nobody can support, so both shots resolve at once, on two dice rolled together.
    let ev = act(
        &mut g,
        Action::SecondAttack {
            unit: id("S30"),
            target: id("F32"),
        },
    );
    assert_eq!(rolls(&ev).len(), 2);
    assert_eq!(
        resolved(&ev).iter().map(|r| r.4).collect::<Vec<_>>(),
        [CombatResult::Disorganise, CombatResult::Eliminate]
    );
}

/// BC-156, BC-157, A22: a leader gives +1 in melee to units of his formation within 5 hexes,
/// never at range, never to another formation, never to himself.
#[test]
fn leader_gives_plus_one_in_melee_within_five_hexes() {
    let with_reding = |reding: &str| {
        let units = [
            ("S16", reding),
            ("S20", "1616"),
            ("F32", "1617"),
            ("S02", "1718"),
            ("F33", "1719"),
            ("S32", "1614"),
        ];
        start(&position(
            Side::Spanish,
            SetupStep::Combat { activations: 5 },
            &units,
        ))
    };
    let g = with_reding("1611"); // 5 from 1616
    assert_eq!(attack_odds(&g, &attack("S20", "F32")).unwrap().numbers.attack, 4);
    assert_eq!(
        attack_odds(&g, &attack("S02", "F33")).unwrap().numbers.attack,
        3,
        "Venegas's unit"
    );
    assert_eq!(
        attack_odds(&g, &attack("S32", "F32")).unwrap().numbers.attack,
        2,
        "no bonus at range"
    );
    let g = with_reding("1610"); // 6 from 1616
    assert_eq!(attack_odds(&g, &attack("S20", "F32")).unwrap().numbers.attack, 3);
    // The leader's own attack.
    let g = start(&position(
        Side::Spanish,
        SetupStep::Combat { activations: 5 },
        &[("S16", "1616"), ("F32", "1617")],
    ));
    assert_eq!(attack_odds(&g, &attack("S16", "F32")).unwrap().numbers.attack, 2);
}

/// A22(d): in a combined attack the leader's +1 applies only if the principal fights in melee.
#[test]
fn leader_bonus_in_a_combined_attack_needs_the_principal_in_melee() {
    // The gun (Reding's, Reding 3 hexes away) fires at range; Venegas's infantry supports in
    // melee. Attack = gun CF 2 + 1 support, no leader bonus.
    let units = [
        ("S16", "1611"),
        ("S32", "1614"),
        ("S02", "1616"),
        ("F32", "1617"),
    ];
    let mut s = position(Side::Spanish, SetupStep::Combat { activations: 5 }, &units);
    s.options.combined_attacks = true;
    let mut g = start(&s);
    act(&mut g, attack("S32", "F32"));
    act(&mut g, Action::SingleAttack { unit: id("S32") });
    assert_eq!(
        step(&g),
        Step::Support {
            attacker: id("S32"),
            target: id("F32")
        }
    );
    let o = attack_odds(
        &g, &Action::Support {
            supporter: id("S02"),
        })
        .unwrap();
    assert!(o.numbers.melee && !o.numbers.capped);
    assert_eq!(o.numbers.attack, 3);
}

/// BC-100, BC-101: artillery that moved cannot fight, and a moving gun cannot enter an enemy ZoC.
#[test]
fn moved_artillery_cannot_fight() {
    let mut s = position(
        Side::Spanish,
        SetupStep::Combat { activations: 5 },
        &[("S32", "1614"), ("F32", "1617")],
    );
    let g = start(&s);
    assert!(targets(&g, "S32").contains("F32"));
    s.units.iter_mut().find(|p| p.unit == "S32").unwrap().moved = true;
    let g = start(&s);
    assert!(targets(&g, "S32").is_empty());
    // Nor may it support a combined attack (A26b): S20's attack goes straight to the die.
    s.units.push(placement("S20", "1616"));
    s.options.combined_attacks = true;
    s.dice = vec![1];
    let mut g = start(&s);
    let ev = act(&mut g, attack("S20", "F32"));
    assert_eq!(resolved(&ev).len(), 1, "no Support step was offered");

    let g = start(&position(
        Side::Spanish,
        movement("S16", 7),
        &[("S32", "1614"), ("F32", "1617")],
    ));
    let d = destinations(&g, "S32");
    assert!(!d.is_empty());
    for h in &d {
        assert!(hex(h).distance(hex("1617")) >= 2, "{h} is in the enemy ZoC");
    }
    assert!(d.contains("1615"), "2 hexes from the enemy is allowed");
}

/// BC-158, A23: each leader reorganises one unit of his formation within 5 hexes, even in an
/// enemy ZoC.
#[test]
fn leader_reorganises_a_unit_in_enemy_zoc() {
    let units = [
        ("S16", "1611"),
        ("S20", "1616"), // Reding's, 5 away, next to the French
        ("F32", "1617"),
        ("S21", "1622"), // Reding's, too far
        ("S22", "1612"), // Reding's, 1 away
        ("S02", "1613"), // Venegas's
    ];
    let mut s = position(Side::Spanish, SetupStep::Reorganization, &units);
    for u in ["S20", "S21", "S22", "S02"] {
        disorganise(&mut s, u);
    }
    let mut g = start(&s);
    let offered: BTreeSet<(String, String)> = actions(&g)
        .into_iter()
        .filter_map(|a| match a {
            Action::Reorganize { leader, unit } => Some((cid(leader), cid(unit))),
            _ => None,
        })
        .collect();
    assert!(offered.contains(&("S16".into(), "S20".into())));
    assert!(offered.contains(&("S16".into(), "S22".into())));
    assert!(
        !offered.iter().any(|(_, u)| u == "S21" || u == "S02"),
        "{offered:?}"
    );
    let ev = act(
        &mut g,
        Action::Reorganize {
            leader: id("S16"),
            unit: id("S20"),
        },
    );
    assert!(ev.contains(&Event::Reorganised { unit: id("S20") }));
    assert!(!is_disorganised(&g, "S20"));
    // One unit per leader.
    assert!(!actions(&g)
        .iter()
        .any(|a| matches!(a, Action::Reorganize { leader, .. } if *leader == id("S16"))));
}

/// BC-165..BC-172: pursuit of disorganised foot artillery eliminates it with no die; horse
/// artillery is rolled for; a cavalry unit pursues once (A24a).
#[test]
fn pursuit_eliminates_disorganised_foot_artillery_without_a_roll() {
    let units = [
        ("S35", "1616"),
        ("S36", "1516"),
        ("F42", "1619"),
        ("F12", "1913"),
    ];
    let mut s = position(Side::Spanish, SetupStep::Pursuit, &units);
    disorganise(&mut s, "F42");
    disorganise(&mut s, "F12");
    s.dice = vec![6];
    let mut g = start(&s);
    assert_eq!(step(&g), Step::Pursuit { pursuits_left: 2 });
    let pursue = Action::Pursue {
        unit: id("S35"),
        target: id("F42"),
        to: hex("1618"),
    };
    assert!(actions(&g).contains(&pursue));
    assert!(attack_odds(&g, &pursue).unwrap().numbers.automatic);
    let ev = act(&mut g, pursue);
    assert!(rolls(&ev).is_empty(), "no die");
    assert_eq!(
        resolved(&ev),
        vec![("S35".into(), "F42".into(), 0, 5, CombatResult::Eliminate)]
    );
    assert_eq!(place(&g, "F42"), Place::Eliminated);
    if matches!(step(&g), Step::Advance { .. }) {
        act(&mut g, Action::NoAdvance);
    }
    assert_eq!(step(&g), Step::Pursuit { pursuits_left: 1 });
    // Up to 2 cavalry *units*: S35 has pursued already, even if it is free of ZoC again.
    assert!(!actions(&g)
        .iter()
        .any(|a| matches!(a, Action::Pursue { unit, .. } if *unit == id("S35"))));
    // Disorganised horse artillery is rolled for.
    let to = actions(&g)
        .into_iter()
        .find_map(|a| match a {
            Action::Pursue { unit, target, to } if unit == id("S36") && target == id("F12") => {
                Some(to)
            }
            _ => None,
        })
        .expect("S36 may pursue the horse guns");
    let ev = act(
        &mut g,
        Action::Pursue {
            unit: id("S36"),
            target: id("F12"),
            to,
        },
    );
    assert_eq!(rolls(&ev).len(), 1);
    assert_eq!(
        resolved(&ev),
        vec![("S36".into(), "F12".into(), 10, 5, CombatResult::Eliminate)]
    );
}

/// BC-171: the Spanish Garrochistas and Lanceros add +1 in pursuit; other cavalry does not.
#[test]
fn spanish_light_cavalry_gets_plus_one_in_pursuit() {
    let units = [("S38", "1616"), ("S35", "1516"), ("F32", "1619")];
    let mut s = position(Side::Spanish, SetupStep::Pursuit, &units);
    disorganise(&mut s, "F32");
    let g = start(&s);
    let odds = |unit: &str, to: &str| {
        attack_odds(&g, &Action::Pursue {
            unit: id(unit),
            target: id("F32"),
            to: hex(to),
        })
        .unwrap()
    };
    assert_eq!(
        odds("S38", "1618").numbers.attack,
        4,
        "light cavalry CF 3 + 1"
    );
    assert_eq!(
        odds("S35", "1519").numbers.attack,
        4,
        "regular cavalry CF 4, no bonus"
    );
    // French light cavalry: no bonus.
    let mut s = position(
        Side::French,
        SetupStep::Pursuit,
        &[("F25", "1616"), ("S20", "1619")],
    );
    disorganise(&mut s, "S20");
    let g = start(&s);
    let o = attack_odds(
        &g, &Action::Pursue {
            unit: id("F25"),
            target: id("S20"),
            to: hex("1618"),
        })
        .unwrap();
    assert_eq!(o.numbers.attack, 3);
}

/// BC-65..BC-67: initiative is d6 + 1 a leader on the board; a tie goes to the player who did
/// not play first in the previous round.
#[test]
fn initiative_tie_goes_to_the_player_who_did_not_have_it() {
    // Round 4 ends (the second player's reorganization has nothing to do), round 5 begins.
    let round_4 = |first: Side, dice: &[u8]| {
        let second = first.other();
        let units = [
            ("F01", "0101"),
            ("F11", "0301"),
            ("F28", "0501"),
            ("S01", "0135"),
            ("S16", "0335"),
            ("F32", "1617"),
            ("S20", "1620"),
        ];
        start(&Setup {
            round: 4,
            first: Some(first),
            dice: dice.to_vec(),
            ..bare(second, SetupStep::Reorganization, &units)
        })
    };
    // French 2 + 3 leaders = 5, Spanish 3 + 2 leaders = 5: a tie.
    let g = round_4(Side::French, &[2, 3]);
    let v = g.view(Side::French);
    assert_eq!(
        (v.round, v.first, v.active),
        (5, Some(Side::Spanish), Some(Side::Spanish))
    );
    let g = round_4(Side::Spanish, &[2, 3]);
    let v = g.view(Side::French);
    assert_eq!(
        (v.round, v.first, v.active),
        (5, Some(Side::French), Some(Side::French))
    );
    // The same from a position set up at the start of round 5, the French having played first
    // in round 4.
    let units = [
        ("F01", "0101"),
        ("F11", "0301"),
        ("F28", "0501"),
        ("S01", "0135"),
        ("S16", "0335"),
    ];
    let g = start(&Setup {
        round: 5,
        first: Some(Side::French),
        dice: vec![2, 3],
        ..bare(Side::French, SetupStep::RoundStart, &units)
    });
    let v = g.view(Side::French);
    assert_eq!((v.round, v.first), (5, Some(Side::Spanish)));
    // No tie: the higher total chooses.
    let g = round_4(Side::French, &[3, 3]);
    let p = g.prompt().unwrap();
    assert_eq!(
        (p.side, p.step),
        (
            Side::French,
            Step::ChooseFirstPlayer {
                french_total: 6,
                spanish_total: 5
            }
        )
    );
    assert_eq!(
        p.actions,
        vec![
            Action::FirstPlayer { side: Side::French },
            Action::FirstPlayer {
                side: Side::Spanish
            }
        ]
    );
}

/// BC-211: in the Strategic mode an unused Joker passes to the French when Castaños arrives.
#[test]
fn joker_strategic_passes_to_the_french_when_castanos_arrives() {
    let mut g = start(&Setup {
        round: 10,
        first: Some(Side::French),
        joker: Some(Side::Spanish),
        dice: vec![5],
        ..pending_reorganization()
    });
    let ev = act(&mut g, Action::EndTurn);
    assert_eq!(
        rolls(&ev),
        vec![(Side::Spanish, RollPurpose::ReinforcementArrival, 5)]
    );
    // The Spanish may reroll their own arrival roll (BC-180)...
    let p = g.prompt().unwrap();
    assert_eq!(
        (p.side, p.step),
        (
            Side::Spanish,
            Step::Joker {
                purpose: RollPurpose::ReinforcementArrival,
                dice: vec![5]
            }
        )
    );
    // ...they keep it: 5 + 1 = 6, Castaños arrives, and the card goes to the French.
    let ev = act(&mut g, Action::KeepRoll);
    assert!(ev.contains(&Event::ReinforcementsArrive {
        side: Side::Spanish
    }));
    assert!(ev.contains(&Event::JokerPassed { to: Side::French }));
    assert_eq!(g.view(Side::French).joker_holder, Some(Side::French));
    assert_eq!(g.view(Side::French).joker_mode, JokerMode::Strategic);
}

/// BC-215, BC-216: Tempt Fate passes the card on every use, and each player uses it at most
/// once a round.
#[test]
fn tempt_fate_once_per_round() {
    let units = [("S20", "1616"), ("F09", "1619")];
    let mut s = Setup {
        round: 3,
        joker: Some(Side::Spanish),
        dice: vec![2, 5, 3, 4, 1],
        ..position(Side::Spanish, SetupStep::TurnStart, &units)
    };
    s.options.joker = JokerMode::TemptFate;
    let mut g = start(&s);
    act(&mut g, Action::ActivateLeader { leader: id("S16") });
    assert_eq!(
        step(&g),
        Step::Joker {
            purpose: RollPurpose::MovementAllowance,
            dice: vec![2]
        }
    );
    let ev = act(&mut g, Action::UseJoker { die: 0 });
    assert!(ev.contains(&Event::JokerUsed {
        side: Side::Spanish,
        die: 0,
        new_value: 5
    }));
    assert!(ev.contains(&Event::JokerPassed { to: Side::French }));
    assert!(ev.contains(&Event::LeaderActivated {
        leader: id("S16"),
        allowance: 11
    }));
    // The French use it on their reaction fire.
    act(&mut g, Action::EndMovement);
    act(&mut g, attack("F09", "S20"));
    act(&mut g, Action::SingleAttack { unit: id("F09") });
    let p = g.prompt().unwrap();
    assert_eq!(p.side, Side::French);
    assert!(matches!(p.step, Step::Joker { .. }));
    let ev = act(&mut g, Action::UseJoker { die: 0 });
    assert!(ev.contains(&Event::JokerPassed { to: Side::Spanish }));
    // Back with the Spanish, but they used it this round: the combat roll stands at once.
    assert!(rolls(&ev).contains(&(Side::Spanish, RollPurpose::CombatAllowance, 1)));
    assert_eq!(g.view(Side::Spanish).joker_holder, Some(Side::Spanish));
    assert!(ev.contains(&Event::CombatAllowance { activations: 5 }));
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::JokerUsed {
            side: Side::Spanish,
            ..
        }
    )));
}

/// A25(d): a reinforcement leader may be declared from the turn after his arrival.
#[test]
fn castanos_is_not_declared_in_his_arrival_turn() {
    // Enough counters on both sides that 21 arrivals cause no surrender.
    let french: Vec<(String, String)> = (2..=22)
        .filter(|i| *i != 11)
        .map(|i| (format!("F{i:02}"), format!("{:02}08", 8 + i)))
        .collect();
    let spanish: Vec<(String, String)> = (20..=29)
        .map(|i| (format!("S{i}"), format!("{:02}24", i - 8)))
        .collect();
    let all: Vec<(&str, &str)> = french
        .iter()
        .chain(spanish.iter())
        .map(|(u, h)| (u.as_str(), h.as_str()))
        .collect();
    let mut g = start(&Setup {
        round: 14,
        dice: vec![1],
        ..position(Side::Spanish, SetupStep::TurnStart, &all)
    });
    while let Step::Reinforcement { unit, .. } = step(&g) {
        let first = actions(&g)[0];
        assert!(matches!(first, Action::Enter { unit: u, .. } if u == unit));
        act(&mut g, first);
    }
    assert!(
        matches!(place(&g, "S60"), Place::OnMap(_)),
        "Castaños is on the map"
    );
    assert_eq!(g.outcome(), None);
    assert_eq!(step(&g), Step::ActivateLeader);
    assert!(!actions(&g).contains(&Action::ActivateLeader { leader: id("S60") }));
    assert!(actions(&g).contains(&Action::ActivateLeader { leader: id("S16") }));
}

// ------------------------------------------------------------------ the game contract

/// Undo goes back one choice at a time, but never past a die roll (Match::undo).
#[test]
fn undo_goes_back_to_the_last_die_roll() {
    let options = Options {
        joker: JokerMode::Off,
        ..Options::default()
    };
    let mut m = Match::<Bailen>::new("bailen-1808", options, 11).unwrap();
    let (p0, v0) = (m.prompt(), m.state().view(Side::French));
    m.apply_index(0).unwrap();
    m.apply_index(3).unwrap();
    assert_eq!(m.choices().len(), 2);
    m.undo().unwrap();
    m.undo().unwrap();
    assert_eq!((m.prompt(), m.state().view(Side::French)), (p0, v0));
    assert!(m.choices().is_empty());
    assert_eq!(m.undo(), Err(GameError::NothingToUndo));
    // Deploy everything; the last deployment starts round 1 with the initiative rolls.
    loop {
        let ev = m.apply_index(0).unwrap();
        if ev.iter().any(|e| matches!(e, Event::Rolled { .. })) {
            break;
        }
        assert!(m.can_undo());
    }
    assert!(!m.can_undo());
    assert_eq!(m.undo(), Err(GameError::NothingToUndo));
    // A choice without a die can be undone, back to just after the roll and no further.
    let after_roll = (m.prompt(), m.choices().len());
    let ev = m.apply_index(0).unwrap();
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Rolled { .. })),
        "{ev:?}"
    );
    m.undo().unwrap();
    assert_eq!((m.prompt(), m.choices().len()), after_roll);
    assert_eq!(m.undo(), Err(GameError::NothingToUndo));
}

/// An illegal action is refused with a reason and changes nothing.
#[test]
fn illegal_action_is_refused_and_changes_nothing() {
    let units = [("S20", "1616"), ("F32", "1617"), ("F33", "1620")];
    let mut g = start(&Setup {
        dice: vec![6],
        ..position(Side::Spanish, SetupStep::Combat { activations: 5 }, &units)
    });
    let (p, v) = (g.prompt(), g.view(Side::Spanish));
    for bad in [
        attack("S20", "F33"), // not adjacent
        attack("F32", "S20"), // not their turn
        Action::EndTurn,      // another step
        Action::MoveTo {
            unit: id("S20"),
            to: hex("1615"),
        }, // another step
        Action::Attack {
            unit: 250,
            target: 251,
        }, // no such counters
    ] {
        assert!(!g.is_legal(&bad));
        match g.apply(&bad) {
            Err(GameError::Illegal(why)) => assert!(!why.is_empty()),
            other => panic!("{bad:?} gave {other:?}"),
        }
        assert_eq!((g.prompt(), g.view(Side::Spanish)), (p.clone(), v.clone()));
    }
    assert!(g.is_legal(&attack("S20", "F32")));
    act(&mut g, attack("S20", "F32"));

    // Through a Match too: refused, and no choice recorded.
    let mut m = Match::<Bailen>::new("bailen-1808", Options::default(), 3).unwrap();
    let before = m.prompt();
    assert!(matches!(
        m.apply(&Action::EndCombat),
        Err(GameError::Illegal(_))
    ));
    assert!(matches!(m.apply_index(9999), Err(GameError::Illegal(_))));
    assert_eq!((m.prompt(), m.choices().len()), (before, 0));
}

/// A corrupt saved string gives a precise error, never a game.
#[test]
fn corrupt_saved_string_gives_a_precise_error() {
    let msg = |r: Result<Match<Bailen>, GameError>| match r {
        Err(e) => e,
        Ok(_) => panic!("a corrupt string was accepted"),
    };
    assert!(matches!(msg(Match::import("")), GameError::Record(m) if m.contains("empty")));
    assert!(
        matches!(msg(Match::import("NW!!")), GameError::Record(m) if m.contains("'!'") && m.contains("character 3"))
    );

    let mut m = Match::<Bailen>::new("bailen-1808", Options::default(), 5).unwrap();
    for _ in 0..5 {
        m.apply_index(0).unwrap();
    }
    let saved = m.export();
    assert!(Match::<Bailen>::import(&saved).is_ok());
    // One character changed: the checksum catches it.
    let mut chars: Vec<char> = saved.chars().collect();
    let i = chars.len() / 2;
    chars[i] = if chars[i] == 'A' { 'B' } else { 'A' };
    let tampered: String = chars.into_iter().collect();
    assert!(
        matches!(msg(Match::import(&tampered)), GameError::Record(m) if m.contains("checksum"))
    );
    // A choice that is not offered at that point: the replay names it.
    // An action that is not legal at that point: the replay names the choice and the reason.
    let with = |extra: Action| {
        let mut record = Record::decode(&saved).unwrap();
        let mut actions = m.choices().to_vec();
        actions.push(extra);
        record.choices = Choices::Actions { count: actions.len() as u32, code: Bailen::encode_actions(&actions) };
        record.encode()
    };
    match msg(Match::import(&with(Action::EndMovement))) {
        GameError::Replay { choice, reason } => {
            assert_eq!(choice, 5);
            assert!(reason.starts_with("illegal action"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    // An action the code cannot read (one more announced than written).
    let mut record = Record::decode(&saved).unwrap();
    if let Choices::Actions { count, .. } = &mut record.choices {
        *count += 40;
    }
    match msg(Match::import(&record.encode())) {
        GameError::Replay { choice, reason } => {
            assert!(choice >= 5, "{choice}");
            assert!(reason.contains("cannot be read"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    // Another ruleset's record.
    let mut record = Record::decode(&saved).unwrap();
    record.ruleset = "bloody_monday".into();
    assert!(
        matches!(msg(Match::import(&record.encode())), GameError::Record(m) if m.contains("bloody_monday"))
    );
}

// ------------------------------------------------------------------ more checklist items

/// Play "passive" choices (keep rolls, end steps, first offered otherwise) until `done` says
/// stop; returns every event. Fails after 400 choices.
fn drive(g: &mut Bailen, done: impl Fn(&Bailen, &[Event]) -> bool) -> Vec<Event> {
    let mut all = Vec::new();
    for _ in 0..400 {
        if done(g, &all) {
            return all;
        }
        let a = actions(g);
        let passive = [
            Action::KeepRoll,
            Action::EndMovement,
            Action::EndReaction,
            Action::EndCombat,
            Action::EndPursuit,
            Action::EndTurn,
            Action::NoAdvance,
            Action::NoChainedAttack,
            Action::NoSupport,
        ];
        let choice = passive
            .iter()
            .find(|p| a.contains(p))
            .cloned()
            .unwrap_or_else(|| a[0]);
        all.extend(act(g, choice));
    }
    panic!("drive did not finish");
}

/// BC-152: a defender that must retreat and cannot is eliminated.
#[test]
fn no_possible_retreat_eliminates() {
    // Every hex 2 away from the attacker is in the ZoC of S21 or S22.
    let units = [
        ("S20", "1616"),
        ("F32", "1617"),
        ("S21", "1819"),
        ("S22", "1519"),
    ];
    let mut g = start(&Setup {
        dice: vec![4],
        ..position(Side::Spanish, SetupStep::Combat { activations: 5 }, &units)
    });
    let ev = act(&mut g, attack("S20", "F32"));
    assert_eq!(
        resolved(&ev),
        vec![("S20".into(), "F32".into(), 7, 6, CombatResult::Disorganise)]
    );
    assert!(ev.contains(&Event::NoRetreatPossible { unit: id("F32") }));
    assert!(ev.contains(&Event::Eliminated { unit: id("F32") }));
    assert_eq!(place(&g, "F32"), Place::Eliminated);
}

/// BC-46, A5: a side that has lost all four leaders surrenders; a reinforcement leader still
/// to come is not lost.
#[test]
fn losing_all_four_leaders_is_a_surrender() {
    let units = [
        ("F01", "0101"),
        ("F11", "0301"),
        ("S20", "1616"),
        ("S21", "1716"),
        ("S22", "1816"),
    ];
    let s = Setup {
        round: 14,
        arrived: vec![Side::French, Side::Spanish],
        ..bare(Side::French, SetupStep::TurnStart, &units)
    };
    // No Spanish leader left: the Spanish have surrendered, so the position is refused.
    let e = Bailen::from_setup(&s).err().expect("no Spanish leader left").to_string();
    assert!(e.contains("the Spanish have lost all their leaders"), "{e}");
    // The last leader lost in play ends the game: Castaños (S60) falls to a French attack.
    let mut units = units.to_vec();
    units.push(("S60", "0102"));
    units.push(("F02", "0202"));
    let mut last = Setup {
        round: 14,
        arrived: vec![Side::French, Side::Spanish],
        dice: vec![6],
        ..bare(Side::French, SetupStep::Combat { activations: 5 }, &units)
    };
    disorganise(&mut last, "S60");
    let mut g = start(&last);
    act(&mut g, attack("F02", "S60"));
    act(&mut g, Action::SingleAttack { unit: id("F02") });
    let o = g.outcome().expect("no Spanish leader left");
    assert_eq!(
        (o.winner, o.detail.victory, o.level),
        (Some(Side::French), Victory::AllLeadersLost, Level::Decisive)
    );
    // Castaños has not arrived yet: he is not lost (nor has Vedel, before round 11).
    let g = start(&Setup {
        arrived: vec![],
        round: 8,
        ..s
    });
    assert_eq!(g.outcome(), None);
}

/// BC-47, BC-51, A7: after round 15 Spain wins (no French strategic victory) and the side with
/// more counters on the board has a partial victory.
#[test]
fn after_round_15_spain_wins_and_the_larger_army_a_partial_victory() {
    let build = |extra: &[(&'static str, &'static str)]| {
        let mut units = vec![("F32", "1610"), ("S20", "1620")];
        units.extend_from_slice(extra);
        Setup {
            round: 15,
            first: Some(Side::French),
            arrived: vec![Side::French, Side::Spanish],
            ..position(Side::Spanish, SetupStep::Reorganization, &units)
        }
    };
    // The Spanish end round 15 (nothing to reorganise): the game is over.
    let g = Bailen::from_setup(&build(&[("S21", "1622")])).unwrap();
    let o = g.outcome().expect("the game ends after round 15");
    assert_eq!(
        (o.winner, o.detail.victory, o.detail.partial, o.detail.round, o.detail.on_board),
        (
            Some(Side::Spanish),
            Victory::StrategicDefence,
            Some(Side::Spanish),
            15,
            [4, 5]
        )
    );
    let g = Bailen::from_setup(&build(&[("F33", "1608")])).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.detail.partial), (Some(Side::Spanish), Some(Side::French)));
    assert_eq!(o.level, Level::Marginal, "Spain wins on time while the French have the partial victory");
    let g = Bailen::from_setup(&build(&[])).unwrap();
    assert_eq!(
        g.outcome().unwrap().detail.partial,
        None,
        "equal counts: no partial victory"
    );
    assert_eq!(g.outcome().unwrap().level, Level::Marginal);
    let g = Bailen::from_setup(&build(&[("S21", "1622")])).unwrap();
    assert_eq!(g.outcome().unwrap().level, Level::Substantive, "Spain's strategic and partial victories together");
    assert_eq!(g.outcome().unwrap().returns(&[Side::French, Side::Spanish]), vec![-0.75, 0.75]);
}

/// BC-110, BC-112: a counter recovered in step 3 may fight in step 5 of the same turn.
#[test]
fn recovered_artillery_fires_in_the_same_turn() {
    let mut s = position(
        Side::Spanish,
        movement("S16", 7),
        &[("S30", "1613"), ("F32", "1617")],
    );
    disorganise(&mut s, "S30");
    s.dice = vec![2];
    let mut g = start(&s);
    let ev = act(&mut g, Action::EndMovement);
    assert!(ev.contains(&Event::Recovered { unit: id("S30") }));
    assert!(targets(&g, "S30").contains("F32"));
}

/// A8: in round 1 there is no previous round, so a tied initiative is rolled again.
#[test]
fn round_1_initiative_tie_is_rolled_again() {
    let g = start(&Setup {
        dice: vec![3, 3, 4, 2],
        ..position(Side::French, SetupStep::RoundStart, &[])
    });
    let p = g.prompt().unwrap();
    assert_eq!(
        (p.side, p.step),
        (
            Side::French,
            Step::ChooseFirstPlayer {
                french_total: 7,
                spanish_total: 5
            }
        )
    );
}

/// BC-204, BC-205, A29: María Bellido joins the rolled leader; if he is gone (and Castaños is
/// not on the map) she goes to a building of Bailén, unless a French counter is in the town.
#[test]
fn maria_goes_to_bailen_when_the_rolled_leader_is_gone() {
    // Coupigny (1-2) has been eliminated; Venegas (3-4) is at 2424.
    let build = |die: u8, french_at: &'static str| {
        let units = [
            ("F01", "0101"),
            ("F11", "0301"),
            ("F32", french_at),
            ("S01", "2424"),
            ("S16", "0335"),
            ("S20", "1620"),
        ];
        let mut s = Setup {
            round: 8,
            dice: vec![die],
            ..bare(Side::Spanish, SetupStep::TurnStart, &units)
        };
        s.options.stifling_heat = true;
        start(&s)
    };
    let hexes = |g: &Bailen| -> BTreeSet<String> {
        actions(g)
            .into_iter()
            .filter_map(|a| match a {
                Action::PlaceWaterCarrier { to } => Some(to.label()),
                _ => None,
            })
            .collect()
    };
    let g = build(1, "1610");
    assert_eq!(step(&g), Step::PlaceWaterCarrier);
    let town: BTreeSet<String> = Scenario::built_in(DEFAULT_SCENARIO)
        .unwrap()
        .file
        .map
        .town
        .iter()
        .cloned()
        .collect();
    assert_eq!(hexes(&g), town);
    // A French counter in the town: she is not placed this turn.
    let g = build(2, "2927");
    assert_eq!(step(&g), Step::ActivateLeader);
    // A 3 gives Venegas: the empty hexes next to him.
    let g = build(3, "1610");
    let next_to_venegas: BTreeSet<String> =
        hex("2424").neighbours().iter().map(|h| h.label()).collect();
    assert_eq!(hexes(&g), next_to_venegas);
}

/// BC-210, BC-212..BC-214, A30d: in the Strategic mode a card the French receive in round 12 or
/// later must be used in that very round, or it is lost.
#[test]
fn french_joker_received_in_round_12_is_lost_at_the_end_of_that_round() {
    let mut g = start(&Setup {
        round: 12,
        joker: Some(Side::Spanish),
        dice: vec![1, 1, 3, 2, 1, 2, 2, 3, 4],
        ..position(
            Side::Spanish,
            SetupStep::TurnStart,
            &[("F32", "1610"), ("S20", "1620")],
        )
    });
    // The Spanish reroll their arrival roll (1 + 3, then 1 + 3: Castaños does not come)...
    assert_eq!(
        step(&g),
        Step::Joker {
            purpose: RollPurpose::ReinforcementArrival,
            dice: vec![1]
        }
    );
    let ev = act(&mut g, Action::UseJoker { die: 0 });
    assert!(ev.contains(&Event::JokerPassed { to: Side::French }));
    assert!(!ev.contains(&Event::ReinforcementsArrive {
        side: Side::Spanish
    }));
    // ...the French may use it on their first roll of round 12 (Vedel's arrival)...
    drive(&mut g, |g, _| {
        matches!(g.prompt().map(|p| p.step), Some(Step::Joker { .. }))
    });
    let p = g.prompt().unwrap();
    assert_eq!(
        (p.side, p.step),
        (
            Side::French,
            Step::Joker {
                purpose: RollPurpose::ReinforcementArrival,
                dice: vec![1]
            }
        )
    );
    // ...and if they keep every roll, the card is gone when round 12 ends.
    let ev = drive(&mut g, |_, ev| {
        ev.iter()
            .any(|e| matches!(e, Event::RoundBegins { round: 13 }))
    });
    assert!(ev.contains(&Event::JokerDiscarded));
    assert_eq!(g.view(Side::French).joker_holder, None);
}

/// BC-55..BC-62: deployment runs Venegas, then the three French formations, then Reding and
/// Coupigny; each counter goes on an empty hex of its formation's letter; Vedel and Castaños
/// stay off the map.
#[test]
fn deployment_follows_the_letters_and_the_order() {
    let scen = Scenario::built_in(DEFAULT_SCENARIO).unwrap();
    let zone = |letter: &str| -> BTreeSet<String> {
        scen.file.map.deployment[letter].iter().cloned().collect()
    };
    let letter = |formation: &str| match formation {
        "Venegas" => "V",
        "Reding" => "R",
        "Coupigny" => "C",
        _ => "French",
    };
    let options = Options {
        joker: JokerMode::Off,
        ..Options::default()
    };
    let mut m = Match::<Bailen>::new("bailen-1808", options, 9).unwrap();
    let mut order: Vec<(Side, String)> = Vec::new();
    let mut occupied: BTreeSet<String> = BTreeSet::new();
    while let Some(p) = m.prompt() {
        let Step::Deployment { formation, unit, .. } = p.step.clone() else {
            break;
        };
        assert_ne!(formation, "Vedel");
        assert_ne!(formation, "Castaños");
        let offered: BTreeSet<String> = p
            .actions
            .iter()
            .map(|a| match a {
                Action::Deploy { unit: u, to } if *u == unit => to.label(),
                other => panic!("{other:?} at deployment"),
            })
            .collect();
        let expected: BTreeSet<String> = zone(letter(&formation))
            .difference(&occupied)
            .cloned()
            .collect();
        assert_eq!(offered, expected, "{formation}");
        if order.last().map(|(_, f)| f) != Some(&formation) {
            order.push((p.side, formation.clone()));
        }
        // Spread the counters: take a different offered hex each time.
        let i = (occupied.len() * 7) % p.actions.len();
        if let Action::Deploy { to, .. } = &p.actions[i] {
            occupied.insert(to.label());
        }
        m.apply_index(i).unwrap();
    }
    let order: Vec<(Side, &str)> = order.iter().map(|(s, f)| (*s, f.as_str())).collect();
    assert_eq!(
        order,
        [
            (Side::Spanish, "Venegas"),
            (Side::French, "Dupont"),
            (Side::French, "Fresia"),
            (Side::French, "Barbou"),
            (Side::Spanish, "Reding"),
            (Side::Spanish, "Coupigny"),
        ]
    );
    let v = m.state().view(Side::French);
    assert_eq!(v.on_board, [44, 59]);
    assert_eq!(place(m.state(), "F45"), Place::Reserve);
    assert_eq!(place(m.state(), "S60"), Place::Reserve);
}

/// BC-126, A16: a two-attack counter names both targets first; when the first attack makes the
/// target retreat out of reach, the second is lost.
#[test]
fn second_attack_on_a_retreated_target_is_lost() {
    // S17 is Reding's elite infantry (2 attacks).
    let units = [("S17", "1616"), ("F32", "1617")];
    let mut g = start(&Setup {
        dice: vec![4, 6],
        ..position(Side::Spanish, SetupStep::Combat { activations: 5 }, &units)
    });
    act(&mut g, attack("S17", "F32"));
    assert_eq!(
        step(&g),
        Step::SecondTarget {
            unit: id("S17"),
            first: id("F32")
        }
    );
    let ev = act(
        &mut g,
        Action::SecondAttack {
            unit: id("S17"),
            target: id("F32"),
        },
    );
    // 3 + 4 = 7 against 6: disorganised, and the French choose the retreat.
    assert_eq!(
        resolved(&ev),
        vec![("S17".into(), "F32".into(), 7, 6, CombatResult::Disorganise)]
    );
    let retreat = actions(&g)
        .into_iter()
        .find(|a| matches!(a, Action::Retreat { .. }))
        .unwrap();
    let ev = act(&mut g, retreat);
    assert!(ev.contains(&Event::AttackLost {
        unit: id("S17"),
        target: id("F32")
    }));
    assert!(rolls(&ev).is_empty(), "the second die is never rolled");
    assert!(is_disorganised(&g, "F32"));
    assert!(matches!(place(&g, "F32"), Place::OnMap(_)));
}

/// BC-132, A17b: against a combined melee attack the defender must be faster than *each*
/// attacker to retreat tactically; the odds say so too.
#[test]
fn tactical_retreat_needs_to_outpace_every_attacker() {
    // Militia (MF 4) attacks the French cavalry (MF 7); Spanish regular cavalry (MF 7) supports.
    let units = [("S27", "1421"), ("F18", "1422"), ("S35", "1523")];
    let mut s = position(Side::Spanish, SetupStep::Combat { activations: 5 }, &units);
    s.options.combined_attacks = true;
    s.dice = vec![1];
    let mut g = start(&s);
    assert!(
        attack_odds(&g, &attack("S27", "F18"))
            .unwrap()
            .tactical_retreat_possible
    );
    act(&mut g, attack("S27", "F18"));
    let support = Action::Support {
        supporter: id("S35"),
    };
    assert!(!attack_odds(&g, &support).unwrap().tactical_retreat_possible);
    let ev = act(&mut g, support);
    assert!(
        !matches!(step(&g), Step::TacticalRetreat { .. }),
        "the cavalry is not faster than its supporter"
    );
    assert_eq!(resolved(&ev).len(), 1, "the die is rolled at once");
}

/// Setup: a bad position is refused with the unit and the field named.
#[test]
fn setup_refuses_bad_positions_with_the_unit_and_field() {
    let err = |s: Setup| match Bailen::from_setup(&s) {
        Err(GameError::Setup(why)) => why,
        other => panic!("accepted or wrong error: {:?}", other.map(|_| ())),
    };
    let why = err(bare(Side::French, SetupStep::TurnStart, &[("F99", "1616")]));
    assert!(why.contains("F99"), "{why}");
    let why = err(bare(Side::French, SetupStep::TurnStart, &[("F32", "4136")]));
    assert!(why.contains("F32") && why.contains("4136"), "{why}");
    let why = err(bare(
        Side::French,
        SetupStep::TurnStart,
        &[("F32", "1616"), ("S20", "1616")],
    ));
    assert!(why.contains("S20") && why.contains("1616"), "{why}");
    let why = err(Setup {
        dice: vec![7],
        ..bare(Side::French, SetupStep::TurnStart, &[])
    });
    assert!(why.contains('7'), "{why}");
    let why = err(position(Side::French, movement("S16", 7), &[]));
    assert!(why.contains("S16"), "{why}");
}
