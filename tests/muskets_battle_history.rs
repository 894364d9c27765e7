//! The history and the events returned to a player never carry the other side's secrets:
//! chits taken or discarded, face-down deployment, secret rolls, whether the outflank holder
//! may take the Outflank chit and the Operational Control result (Field Battle 9.2.j-9.2.n).
use napoleonic::games::muskets::battle::{Action, Battle, Event, Options, Side, SCENARIO_IDS};
use napoleonic::games::{Match, Rules};

fn secret_of_other(e: &Event, viewer: Side) -> bool {
    match e {
        Event::ChitTaken { side, option } | Event::Discarded { side, option } => *side != viewer && option.is_some(),
        Event::Deployed { side, counter, .. } => *side != viewer && counter.is_some(),
        Event::Rolled { side, secret: true, .. } => *side != viewer,
        // SR 9.2.j.2: whether the holder may take the Outflank chit; SR 9.2.n: the OCC result.
        Event::OutflankAllowed { side, .. } | Event::OperationalControl { side, .. } => *side != viewer,
        _ => false,
    }
}

#[test]
fn the_history_hides_the_other_sides_chits_deployment_and_secret_rolls() {
    for (k, id) in SCENARIO_IDS.iter().enumerate() {
        let mut m = Match::<Battle>::new(id, Options::default(), 40 + k as u64).expect("battle");
        let mut n = 0u64;
        let mut shown_to_actor_ok = true;
        while let Some(p) = m.prompt() {
            n += 1;
            let i = (n.wrapping_mul(2654435761) % p.actions.len() as u64) as usize;
            let actor = p.side;
            let seen = m.apply_index_seen(i).expect("legal");
            shown_to_actor_ok &= !seen.iter().any(|e| secret_of_other(e, actor));
        }
        assert!(shown_to_actor_ok, "{id}: apply returned the other side's secrets to the actor");
        for viewer in [Side::Imperial, Side::Allied] {
            let h = m.history_for(Some(viewer)).expect("history");
            for entry in &h {
                assert!(
                    !entry.events.iter().any(|e| secret_of_other(e, viewer)),
                    "{id}: a secret of the other side in {viewer:?}'s history: {:?}",
                    entry.events
                );
                if entry.side.is_some_and(|s| s != viewer) {
                    assert!(
                        !matches!(entry.action, Some(Action::TakeChit { .. } | Action::Discard { .. } | Action::Deploy { .. })),
                        "{id}: the other side's secret action shown: {:?}",
                        entry.action
                    );
                }
            }
        }
        // The full history (no viewer) still has everything, for the end of the game.
        let full = m.history().expect("history");
        assert!(full.iter().any(|e| e.events.iter().any(|e| secret_of_other(e, Side::Imperial) || secret_of_other(e, Side::Allied))));
        // CL-234/235, CL-254: the outflank permission (every battle scenario has a holder) and
        // both OCC results are there, and each side sees its own.
        let all: Vec<&Event> = full.iter().flat_map(|e| e.events.iter()).collect();
        let holder = all
            .iter()
            .find_map(|e| match e {
                Event::OutflankAllowed { side, .. } => Some(*side),
                _ => None,
            })
            .unwrap_or_else(|| panic!("{id}: no OutflankAllowed event"));
        let own = |viewer: Side, f: &dyn Fn(&Event) -> bool| {
            m.history_for(Some(viewer)).expect("history").iter().any(|h| h.events.iter().any(f))
        };
        assert!(own(holder, &|e| matches!(e, Event::OutflankAllowed { side, .. } if *side == holder)), "{id}: the holder's own outflank roll");
        for side in [Side::Imperial, Side::Allied] {
            assert!(all.iter().any(|e| matches!(e, Event::OperationalControl { side: s, .. } if *s == side)), "{id}: no {side} OCC");
            assert!(own(side, &|e| matches!(e, Event::OperationalControl { side: s, .. } if *s == side)), "{id}: {side} does not see its OCC");
        }
        assert!(m.state().outcome().is_some());
    }
}
