//! Bloody Monday's exact odds: every action after which dice roll (or reinforcements are drawn)
//! has odds, the dice that do roll are among the outcomes the odds give a chance, and the 9.2
//! salvo and the reserve draw are exact to the case.
use napoleonic::core::odds::Distribution;
use napoleonic::games::bloody_monday::{Action, Arrival, BloodyMonday, Event, Odds, Options, RollPurpose, Side, BORODINO, LAST_BLOOD};
use napoleonic::games::{Match, Rules};

mod common;
use common::Pick;

fn sums(d: &Distribution<u32>) -> bool {
    d.outcomes.iter().map(|w| w.weight).sum::<u64>() == d.denominator
}

/// The hits rolled with `purpose` in these events.
fn rolled(ev: &[Event], want: impl Fn(&RollPurpose) -> bool) -> Vec<u32> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Rolled { purpose, hits, .. } if want(purpose) => Some(u32::from(*hits)),
            _ => None,
        })
        .collect()
}

#[test]
fn every_roll_a_player_triggers_has_odds_and_the_roll_is_possible() {
    let mut with_odds = 0;
    for seed in 0..24u64 {
        let options = if seed % 2 == 0 { Options::all() } else { Options::default() };
        let scenario = if seed % 5 == 4 { LAST_BLOOD } else { BORODINO };
        let mut m = Match::<BloodyMonday>::new(scenario, options, seed).unwrap();
        let mut pick = Pick(seed * 7919 + 1);
        for _ in 0..3000 {
            let Some(p) = m.prompt() else { break };
            let a = p.actions[pick.next(p.actions.len())].clone();
            let odds = m.state().odds(&a);
            let ev = m.apply(&a).unwrap();
            let random = ev.iter().any(|e| matches!(e, Event::Rolled { .. } | Event::ReinforcementPlaced { .. }));
            assert!(!random || odds.is_some(), "seed {seed}: {a:?} rolled dice without odds: {ev:?}");
            let Some(o) = odds else { continue };
            with_odds += 1;
            match &o {
                Odds::Battle { battle } => {
                    assert!(sums(&battle.attacker_hits) && sums(&battle.defender_hits) && sums(&battle.artillery_hits));
                    assert_eq!(battle.viewer, p.side, "odds are the deciding side's");
                    assert_eq!(battle.exact, battle.hidden_attackers + battle.hidden_defenders == 0);
                }
                Odds::ArtilleryFire { hits, .. } => {
                    let got = rolled(&ev, |r| matches!(r, RollPurpose::ArtilleryFire { .. }));
                    assert_eq!(got.len(), 1);
                    assert!(hits.weight_of(&got[0]) > 0, "seed {seed}: {got:?} impossible by {hits:?}");
                }
                Odds::Ambush { hits, .. } => {
                    let got = rolled(&ev, |r| matches!(r, RollPurpose::Ambush { .. }));
                    assert!(hits.weight_of(&got[0]) > 0);
                }
                Odds::Salvo { targets } => {
                    assert!(targets.iter().all(|t| sums(&t.hits) && sums(&t.net_hits)));
                }
                Odds::Reinforcements { arrivals } => {
                    let placed = ev.iter().filter(|e| matches!(e, Event::ReinforcementPlaced { .. })).count();
                    assert!(arrivals.outcomes.iter().any(|w| w.weight > 0 && w.outcome.len() == placed), "seed {seed}: {placed} placed");
                }
            }
        }
    }
    assert!(with_odds > 500, "only {with_odds} actions had odds");
}

/// 9.2: one gun's salvo is 4 TF dice; the target's defence bonus (red 2 if the Russians hold
/// it, yellow 1) comes off once per area; the hits rolled are possible.
#[test]
fn the_salvo_has_exact_odds() {
    let mut m = Match::<BloodyMonday>::new(BORODINO, Options { grand_battery: true, ..Options::default() }, 5).unwrap();
    let p = m.prompt().unwrap();
    let first = p.actions.iter().find(|a| matches!(a, Action::Salvo { .. })).cloned().expect("a salvo");
    let Some(Odds::Salvo { targets }) = m.state().odds(&first) else { panic!("salvo odds") };
    assert_eq!(targets.len(), 1);
    let t = &targets[0];
    assert_eq!((t.guns, t.hits.denominator, t.hits.weight_of(&4), t.hits.weight_of(&2)), (1, 16, 1, 6));
    // Net hits: the bonus comes off; P(0 net) = P(hits <= bonus).
    let (low, of) = t.hits.chance(|&h| h <= u32::from(t.defence_bonus));
    assert_eq!(t.net_hits.chance(|&h| h == 0), (low, of));
    assert_eq!(m.state().odds(&Action::EndSalvo), None, "nothing declared, no dice");
    m.apply(&first).unwrap();
    let Some(Odds::Salvo { targets }) = m.state().odds(&Action::EndSalvo) else { panic!("salvo odds") };
    assert_eq!(targets.len(), 1);
    let ev = m.apply(&Action::EndSalvo).unwrap();
    let got = rolled(&ev, |r| matches!(r, RollPurpose::Salvo { .. }));
    assert_eq!(got.len(), 1);
    assert!(targets[0].hits.weight_of(&got[0]) > 0);
}

/// 3.3 / 6.1: the reserve draw. One block of the seven, each 1 in 7, placed in the first
/// victory area of the order with room.
#[test]
fn the_reinforcement_draw_has_exact_odds() {
    let mut m = Match::<BloodyMonday>::new(BORODINO, Options::default(), 11).unwrap();
    m.apply(&Action::CallReinforcements).unwrap();
    let reserve = m.state().view(Side::French).reserve;
    assert_eq!(reserve.len(), 7);
    let Some(Odds::Reinforcements { arrivals }) = m.state().odds(&Action::Reinforce { count: 1 }) else { panic!("draw odds") };
    assert_eq!((arrivals.denominator, arrivals.outcomes.len()), (7, 7));
    assert!(arrivals.outcomes.iter().all(|w| w.weight == 1 && w.outcome.len() == 1 && reserve.contains(&w.outcome[0].block)));
    // Shevardino (red, stacking 1) is the only French victory area: a second block would
    // find no room and stay in the reserve, so two draws still place one block (D36).
    let Some(Odds::Reinforcements { arrivals: two }) = m.state().odds(&Action::Reinforce { count: 2 }) else { panic!() };
    assert_eq!(two, arrivals);
    let before: Vec<_> = m.state().view(Side::French).reserve;
    m.apply(&Action::Reinforce { count: 1 }).unwrap();
    let after = m.state().view(Side::French).reserve;
    let arrived: Vec<_> = before.iter().filter(|b| !after.contains(b)).copied().collect();
    let area = m.state().block_state(arrived[0]).area().unwrap() + 1;
    assert!(arrivals.weight_of(&vec![Arrival { block: arrived[0], area }]) > 0);
}

/// Found by the conformance harness (release, seed 9068): the odds of an unlisted
/// `FireArtillery` whose block number is past the blocks of the game panicked (index out of
/// bounds) instead of answering that no dice decide it. An unlisted action has no odds.
#[test]
fn an_unlisted_action_has_no_odds_and_never_panics() {
    let mut checked = 0;
    for seed in 0..12u64 {
        let mut m = Match::<BloodyMonday>::new(BORODINO, Options::default(), seed).unwrap();
        let mut pick = Pick(seed * 31 + 5);
        for _ in 0..3000 {
            let Some(p) = m.prompt() else { break };
            if let Some(Action::FireArtillery { .. }) = p.actions.iter().find(|a| matches!(a, Action::FireArtillery { .. })) {
                assert!(m.state().odds(&Action::FireArtillery { artillery: 157 }).is_none());
                assert!(m.state().odds(&Action::Ambush { jager: 200 }).is_none());
                checked += 1;
            }
            let a = p.actions[pick.next(p.actions.len())].clone();
            m.apply(&a).unwrap();
        }
    }
    assert!(checked > 0, "no artillery fire was offered");
}
