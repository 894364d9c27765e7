//! The result the campaign receives (SR 9.2.q): losses by CU and troop type that add up to the
//! side's casualties, stragglers and definitive losses, agree with the SP lost in the events,
//! and carry the CU's nationality (ER 1.1.d stragglers, ER 3.3 British losses, ER 4.5 Guard).
use napoleonic::games::muskets::battle::{Battle, Event, Options, Side, SCENARIO_IDS};
use napoleonic::games::{Match, Rules};
use std::collections::BTreeMap;

fn finished(scenario: &str, seed: u64) -> Match<Battle> {
    let mut m = Match::<Battle>::new(scenario, Options::default(), seed).expect("new game");
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    while let Some(p) = m.prompt() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        m.apply_index((x % p.actions.len() as u64) as usize).expect("legal");
    }
    m
}

#[test]
fn losses_by_unit_add_up_and_agree_with_the_sp_lost_in_the_events() {
    let mut units_seen = 0;
    let mut split_seen = false;
    for id in SCENARIO_IDS {
        for seed in 0..12 {
            let m = finished(id, seed);
            let scen = m.state().scenario();
            // SP lost per (side, CU, troop type id) as the events tell it.
            let mut from_events: BTreeMap<(Side, u16, String), u16> = BTreeMap::new();
            for entry in m.history().expect("history") {
                for ev in entry.events {
                    if let Event::SpLost { side, cu, troop, sp } = ev {
                        *from_events.entry((side, cu as u16, scen.troops[troop as usize].id.clone())).or_default() += sp as u16;
                    }
                }
            }
            let outcome = m.state().outcome().expect("over");
            let mut from_result: BTreeMap<(Side, u16, String), u16> = BTreeMap::new();
            for r in &outcome.detail.sides {
                let total = |f: fn(&napoleonic::games::muskets::battle::UnitLoss) -> u16| r.by_unit.iter().map(f).sum::<u16>();
                assert_eq!(total(|u| u.casualties), r.casualties, "{id} seed {seed} {}: casualties", r.side);
                assert_eq!(total(|u| u.stragglers), r.stragglers, "{id} seed {seed} {}: stragglers", r.side);
                assert_eq!(total(|u| u.definitive), r.definitive, "{id} seed {seed} {}: definitive", r.side);
                for u in &r.by_unit {
                    let cu = &scen.cus[u.cu as usize];
                    assert_eq!(cu.side, r.side, "{id} seed {seed}: {} listed with the wrong side", u.name);
                    assert_eq!((&u.name, &u.nationality), (&cu.name, &cu.nationality), "{id} seed {seed}: CU {}", u.cu);
                    assert_eq!(u.stragglers + u.definitive, u.casualties, "{id} seed {seed}: {}", u.name);
                    split_seen |= u.stragglers > 0 && u.definitive > 0;
                    *from_result.entry((r.side, u.cu as u16, u.troop.clone())).or_default() += u.casualties;
                    units_seen += 1;
                }
            }
            assert_eq!(from_result, from_events, "{id} seed {seed}: losses by unit differ from the SP lost in the events");
        }
    }
    assert!(units_seen > 100, "too few losses to test ({units_seen})");
    assert!(split_seen, "no unit had both stragglers and definitive losses");
}
