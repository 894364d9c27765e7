//! Field Battle input: actions naming counters, troop types or forces that do not exist are
//! refused precisely and change nothing (no panic in apply, describe, odds or is_legal); a
//! battle-data file from outside the built-in list goes through the same validation as the
//! built-in data, and each broken file is refused with a message naming the file, the unit and
//! the field.
use napoleonic::games::muskets::battle::scenario::{CuData, HqData, LeaderData, SpData, TerrainPlacement};
use napoleonic::games::muskets::battle::*;
use napoleonic::games::{GameError, Rules};

mod common;
use common::muskets::*;
use common::Pick;

/// Every action variant, with ids out of range wherever it names one.
fn every_variant_out_of_range() -> Vec<Action> {
    use Action::*;
    let (s, t) = (Section::Centre, Section::Left);
    let bad_hq = Counter::Hq(200);
    let bad_cu = Counter::Cu(250);
    vec![
        PlaceTerrain { section: s, terrain: Terrain::Hills },
        EndTerrain,
        Deploy { counter: bad_hq, section: s },
        Deploy { counter: bad_cu, section: s },
        Fortify { section: s },
        TakeChit { option: OptionKind::Assault },
        EndPlanning,
        KeepHand,
        NewHand,
        Reserve { from: s, to: t },
        Outflank { end: Section::FlankLeft, from: s },
        Assault { from: s, target: s },
        Pin { from: s, target: s },
        Bombard { from: s, target: s },
        CavalryCharge { from: s, target: s },
        Withdraw,
        Recover,
        Reinforce { force: 200 },
        Pass,
        TryAnother,
        Continue,
        Rally { leader: bad_hq, cu: 0 },
        Rally { leader: Counter::Cu(0), cu: 250 },
        EndTurn,
        Discard { option: OptionKind::Pin },
        Move { counter: bad_cu },
        EndMove,
        Command { leader: bad_hq },
        Command { leader: bad_cu },
        CheckWith { cu: 250, troop: 0 },
        CheckWith { cu: 0, troop: 255 },
        FlankEnd { end: Section::FlankRight },
        NoFlankAttack,
        Regroup { cu: 250, to: s },
        EndRegroup,
    ]
}

fn names_an_id(a: &Action) -> bool {
    matches!(
        a,
        Action::Deploy { .. } | Action::Reinforce { .. } | Action::Rally { .. } | Action::Move { .. } | Action::Command { .. } | Action::CheckWith { .. } | Action::Regroup { .. }
    )
}

/// What both sides see and what is asked: the state as far as anyone can tell.
fn snapshot(b: &Battle) -> String {
    serde_json::to_string(&(b.view(Side::Imperial), b.view(Side::Allied), b.prompt())).unwrap()
}

/// The brief's case, then every variant at many positions of random battles.
#[test]
fn actions_with_ids_that_do_not_exist_are_refused_and_change_nothing() {
    let mut b = Battle::new_game("medina-de-rioseco", &Options::default(), 1).unwrap();
    let before = snapshot(&b);
    let command = Action::Command { leader: Counter::Hq(200) };
    match b.apply(&command) {
        Err(GameError::Illegal(why)) => assert!(why.contains("HQ #200 does not exist") && why.contains("HQs"), "{why}"),
        other => panic!("{other:?}"),
    }
    assert!(b.describe(&command).contains("no such counter"), "{}", b.describe(&command));
    assert_eq!(b.odds(&command), None);
    assert!(!b.is_legal(&command));
    assert_eq!(snapshot(&b), before);

    let mut positions = 0;
    for (g, scenario) in SCENARIO_IDS.iter().enumerate() {
        let mut b = Battle::new_game(scenario, &Options::default(), g as u64).unwrap();
        let mut pick = Pick(0x5eed + g as u64);
        let mut n = 0;
        while let Some(p) = b.prompt() {
            if n % 4 == 0 {
                positions += 1;
                for a in every_variant_out_of_range() {
                    let before = snapshot(&b);
                    let description = b.describe(&a);
                    assert!(!description.is_empty());
                    assert!(!b.is_legal(&a) || !names_an_id(&a), "{a:?} is legal with an id out of range");
                    let legal = b.is_legal(&a);
                    if !legal {
                        assert_eq!(b.odds(&a), None, "{a:?}");
                    }
                    let mut probe = b.clone();
                    match probe.apply(&a) {
                        Ok(_) => assert!(legal, "{a:?} applied but is not legal"),
                        Err(GameError::Illegal(why)) => {
                            assert!(!legal, "{a:?} is legal but refused: {why}");
                            if names_an_id(&a) {
                                assert!(why.contains("does not exist"), "{a:?}: {why}");
                            } else {
                                assert!(why.contains("is not a legal action at step"), "{a:?}: {why}");
                            }
                            assert_eq!(snapshot(&probe), before, "{a:?} was refused but changed the battle");
                        }
                        Err(e) => panic!("{a:?}: {e}"),
                    }
                }
            }
            let a = p.actions[pick.next(p.actions.len())].clone();
            b.apply(&a).unwrap();
            n += 1;
        }
        // And once the battle is over.
        for a in every_variant_out_of_range() {
            assert_eq!(b.clone().apply(&a).unwrap_err(), GameError::GameOver);
            assert!(!b.is_legal(&a));
            assert_eq!(b.odds(&a), None);
            let _ = b.describe(&a);
        }
    }
    assert!(positions > 60, "{positions} positions");
}

// ------------------------------------------------------------------ battle-data files

const FILE: &str = "variant-battle.json";

fn from_file(d: &BattleData) -> Result<Battle, GameError> {
    Battle::from_scenario_file(FILE, &serde_json::to_string(d).unwrap(), &Options::default(), 7)
}

/// The file is refused and the message names the file and every word of `must`.
#[track_caller]
fn refused(d: &BattleData, must: &[&str]) {
    match from_file(d) {
        Err(GameError::Setup(why)) => {
            assert!(why.starts_with(&format!("{FILE}: ")), "{why}");
            for w in must {
                assert!(why.contains(w), "'{w}' missing from: {why}");
            }
        }
        Err(e) => panic!("{e:?}"),
        Ok(_) => panic!("accepted; expected {must:?}"),
    }
}

fn cu_mut<'a>(d: &'a mut BattleData, name: &str) -> &'a mut CuData {
    d.sides
        .iter_mut()
        .flat_map(|s| s.hqs.iter_mut().flat_map(|h| h.cus.iter_mut()).chain(s.cus.iter_mut()))
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no CU {name}"))
}

fn sp(t: &str, n: u8) -> SpData {
    SpData { troop: t.into(), count: n, shattered: 0 }
}

#[test]
fn a_variant_file_plays_like_the_built_in_battle() {
    let text = serde_json::to_string(&data("arapiles")).unwrap();
    let b = Battle::from_scenario_file(FILE, &text, &Options::default(), 7).unwrap();
    let built_in = Battle::new_game("arapiles", &Options::default(), 7).unwrap();
    assert_eq!(snapshot(&b), snapshot(&built_in));
    // A saved game of it replays from its setup.
    let setup = Battle::scenario_file_setup(FILE, &text, &Options::default(), 7).unwrap();
    let m = napoleonic::games::Match::<Battle>::from_setup(&setup).unwrap();
    assert_eq!(snapshot(m.state()), snapshot(&b));
    // Not JSON of a battle: the file and the place.
    match Battle::from_scenario_file(FILE, "{\"id\": \"x\",\n \"name\": 3}", &Options::default(), 7) {
        Err(GameError::Setup(why)) => assert!(why.starts_with(FILE) && why.contains("line 2"), "{why}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn broken_battle_files_are_refused_naming_file_unit_and_field() {
    // SR 9.2.i.6: one layout in a Flanking section at most.
    let mut d = data("arapiles");
    d.fixed_terrain.push(TerrainPlacement { side: Side::Imperial, section: Section::FlankLeft, terrain: Terrain::Village });
    assert!(from_file(&d).is_ok(), "one Flanking layout is allowed");
    d.fixed_terrain.push(TerrainPlacement { side: Side::Imperial, section: Section::FlankRight, terrain: Terrain::Woods });
    refused(&d, &["fixed_terrain[3]", "Imperial", "both Flanking sections", "9.2.i.6"]);
    // SR 9.2.i.2: only the layouts supplied (2 Woods).
    let mut d = data("arapiles");
    for (side, section) in [(Side::Imperial, Section::Left), (Side::Imperial, Section::Right), (Side::Allied, Section::Left)] {
        d.fixed_terrain.push(TerrainPlacement { side, section, terrain: Terrain::Woods });
    }
    refused(&d, &["fixed_terrain", "3 Woods", "2 are supplied"]);
    // A layout in the Reserve; two on one section.
    let mut d = data("arapiles");
    d.fixed_terrain.push(TerrainPlacement { side: Side::Allied, section: Section::Reserve, terrain: Terrain::Village });
    refused(&d, &["fixed_terrain[2]", "Reserve"]);
    let mut d = data("arapiles");
    d.fixed_terrain.push(TerrainPlacement { side: Side::Allied, section: Section::Centre, terrain: Terrain::Village });
    refused(&d, &["fixed_terrain[2]", "two layouts", "Allied", "Centre"]);

    // SP entries: none of a type, an unknown type, more shattered than there are.
    let mut d = data("arapiles");
    cu_mut(&mut d, "ID Campbell").sp.push(sp("Br-Ln", 0));
    refused(&d, &["Allied HQ British Army", "CU ID Campbell", "sp[1] (Br-Ln)", "count"]);
    let mut d = data("arapiles");
    cu_mut(&mut d, "ID Campbell").sp[0].troop = "Br-Grenadier".into();
    refused(&d, &["CU ID Campbell", "sp[0] (Br-Grenadier)", "not a troop type"]);
    let mut d = data("arapiles");
    cu_mut(&mut d, "ID Campbell").sp[0].shattered = 9;
    refused(&d, &["CU ID Campbell", "sp[0] (Br-Vet)", "shattered"]);
    let mut d = data("arapiles");
    cu_mut(&mut d, "ID Campbell").sp[0].troop = "Br-Vet".into();
    cu_mut(&mut d, "ID Campbell").sp.push(sp("Br-Vet", 1));
    refused(&d, &["CU ID Campbell", "sp[1] (Br-Vet)", "listed twice"]);
    let mut d = data("arapiles");
    cu_mut(&mut d, "ID Campbell").sp = vec![sp("Br-Vet", 200), sp("VetPt", 3), sp("Br-Ln", 60)];
    refused(&d, &["CU ID Campbell", "sp", "255"]);
    // SR III.1.A: the arm fits the SP.
    let mut d = data("arapiles");
    cu_mut(&mut d, "CD Cotton").sp.push(sp("Br-Vet", 1));
    refused(&d, &["CU CD Cotton", "sp[1] (Br-Vet)", "troop", "cavalry"]);
    let mut d = data("arapiles");
    cu_mut(&mut d, "ID Campbell").sp = vec![sp("Br-Cav", 2)];
    refused(&d, &["CU ID Campbell", "sp", "no infantry SP"]);
    let mut d = data("arapiles");
    cu_mut(&mut d, "ID Campbell").arm = "marines".into();
    refused(&d, &["CU ID Campbell", "arm", "marines"]);
    // Nationalities: known, of the side, and the SP a CU of that nationality may hold.
    let mut d = data("arapiles");
    cu_mut(&mut d, "ID Campbell").nationality = "Hanoverian".into();
    refused(&d, &["CU ID Campbell", "nationality", "Hanoverian"]);
    let mut d = data("arapiles");
    cu_mut(&mut d, "ID Foy").nationality = "Spanish".into();
    refused(&d, &["Imperial HQ", "CU ID Foy", "nationality", "Spanish troops do not fight for the Imperial side"]);
    let mut d = data("arapiles");
    cu_mut(&mut d, "ID Campbell").sp.push(sp("Sp-Ln", 1));
    refused(&d, &["CU ID Campbell", "sp[1] (Sp-Ln)", "Spanish SP may not serve in a British CU", "ER 1.3.e"]);
    let mut d = data("arapiles");
    cu_mut(&mut d, "ID Pakenham").sp[1].count = 4;
    refused(&d, &["CU ID Pakenham", "sp", "4 Portuguese SP", "ER 1.3.e.5"]);
    let mut d = data("arapiles");
    cu_mut(&mut d, "Div. Ligera Alten").sp.push(sp("RecPt", 1));
    refused(&d, &["CU Div. Ligera Alten", "sp", "Light Division", "ER 3.3"]);
    // Leaders: SR 9.2.n.1 (no OCN on a CU leader), Initiative 1-10.
    let mut d = data("arapiles");
    cu_mut(&mut d, "ID Campbell").leader.ocn = Some(12);
    refused(&d, &["CU ID Campbell", "leader.ocn", "9.2.n.1"]);
    let mut d = data("arapiles");
    cu_mut(&mut d, "ID Campbell").leader.initiative = 0;
    refused(&d, &["CU ID Campbell", "Initiative 0"]);
    // HQs: size, SR 1.d one artillery CU, SR 9.2.k.5 a Battle Line Section each.
    let mut d = data("arapiles");
    d.sides[1].hqs[0].size = "XX".into();
    refused(&d, &["Allied HQ British Army", "size 'XX'"]);
    let art = |name: &str| CuData {
        name: name.into(),
        arm: "artillery".into(),
        nationality: "British".into(),
        leader: LeaderData { name: "generic 0(3)0".into(), ocn: None, morale_modifier: 0, initiative: 3, tactical: 0 },
        leader_lost: false,
        sp: vec![sp("Art", 2)],
    };
    let mut d = data("arapiles");
    d.sides[1].hqs[0].cus.extend([art("Art I"), art("Art II")]);
    refused(&d, &["Allied HQ British Army", "cus", "2 artillery CUs (Art I, Art II)", "SR 1.d"]);
    let mut d = data("arapiles");
    let mut british = d.sides[1].hqs.remove(0);
    let cus = std::mem::take(&mut british.cus);
    for (i, pair) in cus.chunks(2).take(4).enumerate() {
        let leader = LeaderData { name: format!("General {i}"), ocn: Some(12), morale_modifier: 0, initiative: 5, tactical: 0 };
        d.sides[1].hqs.push(HqData { name: format!("Wing {i}"), size: "XXX".into(), leader, leader_lost: false, cus: pair.to_vec() });
    }
    d.sides[1].hqs.insert(0, HqData { cus: cus[8..].to_vec(), ..british });
    refused(&d, &["Allied", "hqs", "4 HQs besides the CiC's", "Wing 0", "9.2.k.4-5"]);
    // Two counters with one name and one leader; the printed BS6 pair differs by leader.
    let mut d = data("arapiles");
    let twin = cu_mut(&mut d, "ID Campbell").clone();
    d.sides[1].hqs[0].cus.push(twin);
    refused(&d, &["CU ID Campbell", "name", "same leader Campbell"]);
    assert!(from_file(&data("vitoria")).is_ok());
    // Scenario fields.
    let mut d = data("arapiles");
    d.exclusive_rules.push("ER 9.9".into());
    refused(&d, &["exclusive_rules", "'ER 9.9'"]);
    let mut d = data("arapiles");
    d.troop_overrides.push((Side::Imperial, "cavalry".into(), 12, 1));
    refused(&d, &["troop_overrides[1]", "morale", "12"]);
    // SR 9.2.j.1: Ocaña's option is Areizaga's (Initiative 5 against José I's 4).
    let mut d = data("ocana");
    d.outflank_holder = Some(Side::Imperial);
    refused(&d, &["outflank_holder", "Imperial", "9.2.j.1", "to Allied"]);
    let mut d = data("ocana");
    d.outflank_mode = "roll_off".into();
    d.outflank_holder = None;
    refused(&d, &["outflank_mode", "roll_off", "9.2.j.1"]);
    // Medellín's Initiatives tie: a roll decides, no holder may be named.
    let mut d = data("medellin");
    d.outflank_holder = Some(Side::Allied);
    refused(&d, &["outflank_holder", "tie", "9.2.j.1"]);
    let mut d = data("arapiles");
    d.zone_type = "swamp".into();
    refused(&d, &["zone_type 'swamp'"]);
    let mut d = data("arapiles");
    d.guerrilla_level = 6;
    refused(&d, &["guerrilla_level", "6"]);
    let mut d = data("arapiles");
    d.combat_bonus.push(("CD Nobody".into(), 1));
    refused(&d, &["combat_bonus", "CD Nobody"]);
    // SR 9.2.d: three infantry/cavalry CUs a side.
    let mut d = data("arapiles");
    d.sides[0].hqs[0].cus.truncate(2);
    refused(&d, &["Imperial", "2 infantry/cavalry CUs", "9.2.d"]);
}

/// The built-in file is checked like check_muskets_battles.py checks it: the printed
/// battles pass, and the exclusive rules a printed battle has in force are required of it.
#[test]
fn the_built_in_file_passes_its_checks() {
    napoleonic::games::muskets::battle::scenario::check_built_in().unwrap();
    for id in SCENARIO_IDS {
        assert!(from_file(&data(id)).is_ok(), "{id}");
    }
}
