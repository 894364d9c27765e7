//! Field Battle positions for the tests: counters found by name, battle data built from the
//! printed scenarios, actions applied through the public `Rules` API.
use napoleonic::games::muskets::battle::scenario::{CuData, ForceData, HqData, LeaderData, SpData};
use napoleonic::games::muskets::battle::setup::Placement;
use napoleonic::games::muskets::battle::*;
use napoleonic::games::Rules;

/// The scenario's index of a troop type ("Vet", "Sp-Ln", ...).
pub fn troop(b: &Battle, id: &str) -> u8 {
    b.scenario().troops.iter().position(|t| t.id == id).expect("troop type") as u8
}

pub fn cu(b: &Battle, name: &str) -> CuId {
    match b.counter_by_name(name) {
        Some(Counter::Cu(u)) => u,
        other => panic!("{name}: {other:?}"),
    }
}

pub fn hq(b: &Battle, name: &str) -> HqId {
    match b.counter_by_name(name) {
        Some(Counter::Hq(h)) => h,
        other => panic!("{name}: {other:?}"),
    }
}

/// A counter deployed face up in a section.
pub fn place(counter: &str, section: Section) -> Placement {
    Placement { counter: counter.into(), section, revealed: true }
}

pub fn apply(b: &mut Battle, a: Action) -> Vec<Event> {
    b.apply(&a).unwrap_or_else(|e| panic!("{a:?}: {e}; prompt {:?}", b.prompt()))
}

/// A printed battle scenario's data, to change for a test.
pub fn data(id: &str) -> BattleData {
    Scenario::built_in_data(id).unwrap()
}

/// A Spanish infantry division with no HQ.
pub fn lone_cu(name: &str, sp: &[(&str, u8)]) -> CuData {
    CuData {
        name: name.into(),
        arm: "infantry".into(),
        nationality: "Spanish".into(),
        leader: LeaderData { name: name.into(), ocn: None, morale_modifier: 0, initiative: 6, tactical: 1 },
        leader_lost: false,
        sp: sp.iter().map(|&(t, n)| SpData { troop: t.into(), count: n, shattered: 0 }).collect(),
    }
}

/// Medellín with two Spanish forces next door: a lone division standing where the French have
/// their LoC, and a larger army HQ with one division.
pub fn medellin_with_forces() -> BattleData {
    let mut d = data("medellin");
    d.id = "medellin-reinforced".into();
    d.adjacent_forces = vec![
        ForceData { side: Side::Allied, from_enemy_loc_zone: true, hqs: vec![], cus: vec![lone_cu("ID Flank", &[("Sp-Vet", 3)])] },
        ForceData {
            side: Side::Allied,
            from_enemy_loc_zone: false,
            hqs: vec![HqData {
                name: "Ejército del Centro".into(),
                size: "XXXXX".into(),
                leader: LeaderData { name: "Castaños".into(), ocn: Some(13), morale_modifier: -1, initiative: 6, tactical: 1 },
                leader_lost: false,
                cus: vec![lone_cu("ID Reserva", &[("Sp-Ln", 4)])],
            }],
            cus: vec![],
        },
    ];
    d
}
