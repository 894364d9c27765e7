//! Legality agrees with the prompt, and refusing never changes the game.
//!
//! Along random playouts of Bailén, at every decision point, for candidate actions (every legal
//! action, and mutations of them: other unit ids, other hexes, other dice, other sides, other
//! kinds of action): `is_legal(a)` equals `prompt().actions.contains(a)`; a legal action
//! applies; an illegal one returns an error and leaves `view()` and `prompt()` unchanged; and
//! `odds()` never panics.
use napoleonic::core::hex::Hex;
use napoleonic::games::bailen::{Action, Bailen, JokerMode, Options, Side};
use napoleonic::games::{GameError, Rules};
use proptest::prelude::*;

/// A small deterministic generator (not the game's dice).
struct Pick(u64);
impl Pick {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn chance(&mut self, n: u64) -> bool {
        self.below(n) == 0
    }
}

fn options_for(bits: u8, joker: u8) -> Options {
    let b = |i: u8| (bits >> i) & 1 == 1;
    Options {
        combined_attacks: b(0),
        cover: b(1),
        protection_against_cavalry: b(2),
        roads: b(3),
        swiss: b(4),
        stifling_heat: b(5),
        historical_deployment: b(6),
        confirm_deployment: b(7),
        joker: match joker % 3 {
            0 => JokerMode::Strategic,
            1 => JokerMode::TemptFate,
            _ => JokerMode::Off,
        },
    }
}

/// Another unit id: a neighbour id, any counter, or one that does not exist.
fn other_unit(u: u8, p: &mut Pick) -> u8 {
    match p.below(4) {
        0 => u.wrapping_add(1),
        1 => u.wrapping_sub(1),
        2 => p.below(148) as u8,
        _ => 148 + p.below(108) as u8,
    }
}

/// Another hex: a neighbour, any hex of the map, or one off the map.
fn other_hex(h: Hex, p: &mut Pick) -> Hex {
    match p.below(4) {
        0 | 1 => h.neighbours()[p.below(6) as usize],
        2 => Hex::from_label(&format!("{:02}{:02}", 1 + p.below(40), 1 + p.below(35))).unwrap(),
        _ => Hex::from_label(&format!("{:02}{:02}", 41 + p.below(50), 36 + p.below(50))).unwrap(),
    }
}

/// One mutation of a legal action.
fn mutate(a: &Action, p: &mut Pick) -> Action {
    use Action::*;
    let pick_field = p.chance(2);
    match *a {
        Deploy { unit, to } if pick_field => Deploy {
            unit: other_unit(unit, p),
            to,
        },
        Deploy { unit, to } => Deploy {
            unit,
            to: other_hex(to, p),
        },
        LiftDeployed { unit } => LiftDeployed { unit: other_unit(unit, p) },
        FirstPlayer { side } => FirstPlayer { side: side.other() },
        UseJoker { die } => UseJoker {
            die: die + 1 + p.below(3) as u8,
        },
        Enter { unit, to } if pick_field => Enter {
            unit: other_unit(unit, p),
            to,
        },
        Enter { unit, to } => Enter {
            unit,
            to: other_hex(to, p),
        },
        PlaceWaterCarrier { to } => PlaceWaterCarrier {
            to: other_hex(to, p),
        },
        ActivateLeader { leader } => ActivateLeader {
            leader: other_unit(leader, p),
        },
        SelectMover { unit } => SelectMover {
            unit: other_unit(unit, p),
        },
        MoveTo { unit, to } if pick_field => MoveTo {
            unit: other_unit(unit, p),
            to,
        },
        MoveTo { unit, to } => MoveTo {
            unit,
            to: other_hex(to, p),
        },
        CancelMove { unit } => CancelMove {
            unit: other_unit(unit, p),
        },
        Attack { unit, target } if pick_field => Attack {
            unit: other_unit(unit, p),
            target,
        },
        Attack { unit, target } => Attack {
            unit,
            target: other_unit(target, p),
        },
        SecondAttack { unit, target } if pick_field => SecondAttack {
            unit: other_unit(unit, p),
            target,
        },
        SecondAttack { unit, target } => SecondAttack {
            unit,
            target: other_unit(target, p),
        },
        SingleAttack { unit } => SingleAttack {
            unit: other_unit(unit, p),
        },
        Support { supporter } => Support {
            supporter: other_unit(supporter, p),
        },
        TacticalRetreat { unit, via, to } => match p.below(3) {
            0 => TacticalRetreat {
                unit: other_unit(unit, p),
                via,
                to,
            },
            1 => TacticalRetreat {
                unit,
                via: other_hex(via, p),
                to,
            },
            _ => TacticalRetreat {
                unit,
                via,
                to: other_hex(to, p),
            },
        },
        StandFast { unit } => StandFast {
            unit: other_unit(unit, p),
        },
        Retreat { unit, via, to } => match p.below(4) {
            0 => Retreat {
                unit: other_unit(unit, p),
                via,
                to,
            },
            1 => Retreat {
                unit,
                via: other_hex(via, p),
                to,
            },
            2 => TacticalRetreat { unit, via, to },
            _ => Retreat {
                unit,
                via,
                to: other_hex(to, p),
            },
        },
        Advance { unit, to } if pick_field => Advance {
            unit: other_unit(unit, p),
            to,
        },
        Advance { unit, to } => Advance {
            unit,
            to: other_hex(to, p),
        },
        Pursue { unit, target, to } => match p.below(3) {
            0 => Pursue {
                unit: other_unit(unit, p),
                target,
                to,
            },
            1 => Pursue {
                unit,
                target: other_unit(target, p),
                to,
            },
            _ => Pursue {
                unit,
                target,
                to: other_hex(to, p),
            },
        },
        Reorganize { leader, unit } if pick_field => Reorganize {
            leader: other_unit(leader, p),
            unit,
        },
        Reorganize { leader, unit } => Reorganize {
            leader,
            unit: other_unit(unit, p),
        },
        // Actions without fields: another kind of action altogether.
        _ => any_action(p),
    }
}

/// An action of any kind, with random fields.
fn any_action(p: &mut Pick) -> Action {
    use Action::*;
    let u = p.below(150) as u8;
    let t = p.below(150) as u8;
    let h = Hex::from_label(&format!("{:02}{:02}", 1 + p.below(40), 1 + p.below(35))).unwrap();
    match p.below(30) {
        0 => Deploy { unit: u, to: h },
        1 => FirstPlayer {
            side: if p.chance(2) {
                Side::French
            } else {
                Side::Spanish
            },
        },
        2 => UseJoker {
            die: p.below(3) as u8,
        },
        3 => KeepRoll,
        4 => Enter { unit: u, to: h },
        5 => PlaceWaterCarrier { to: h },
        6 => ActivateLeader { leader: u },
        7 => SelectMover { unit: u },
        8 => MoveTo { unit: u, to: h },
        9 => CancelMove { unit: u },
        10 => EndMovement,
        11 => Attack { unit: u, target: t },
        12 => SecondAttack { unit: u, target: t },
        13 => SingleAttack { unit: u },
        14 => Support { supporter: u },
        15 => NoSupport,
        16 => EndReaction,
        17 => EndCombat,
        18 => TacticalRetreat {
            unit: u,
            via: h,
            to: h.neighbours()[0],
        },
        19 => StandFast { unit: u },
        20 => Retreat {
            unit: u,
            via: h,
            to: h.neighbours()[1],
        },
        21 => Advance { unit: u, to: h },
        22 => NoAdvance,
        23 => NoChainedAttack,
        24 => Pursue {
            unit: u,
            target: t,
            to: h,
        },
        25 => EndPursuit,
        26 => Reorganize { leader: u, unit: t },
        27 => EndTurn,
        28 => LiftDeployed { unit: u },
        29 => ConfirmDeployment,
        _ => KeepRoll,
    }
}

/// Check every claim at the current decision point for these candidates.
fn check_candidates(g: &Bailen, p: &mut Pick) -> Result<(), TestCaseError> {
    let Some(prompt) = g.prompt() else {
        return Ok(());
    };
    let view = g.view(prompt.side);
    let mut candidates: Vec<Action> = Vec::new();
    // A sample of the legal actions (all of them when few), and mutations of each.
    let n = prompt.actions.len() as u64;
    for _ in 0..n.min(6) {
        let a = &prompt.actions[p.below(n) as usize];
        candidates.push(*a);
        for _ in 0..3 {
            candidates.push(mutate(a, p));
        }
    }
    for _ in 0..4 {
        candidates.push(any_action(p));
    }
    for c in candidates {
        let offered = prompt.actions.contains(&c);
        prop_assert_eq!(
            g.is_legal(&c),
            offered,
            "is_legal disagrees with the prompt for {:?} at {:?}",
            c,
            prompt.step
        );
        // odds() answers for any action without panicking.
        let _ = g.odds(&c);
        let mut probe = g.clone();
        match probe.apply(&c) {
            Ok(_) => prop_assert!(
                offered,
                "{:?} applied but is not offered at {:?}",
                c,
                prompt.step
            ),
            Err(e) => {
                prop_assert!(
                    !offered,
                    "the offered {:?} was refused at {:?}: {}",
                    c,
                    prompt.step,
                    e
                );
                prop_assert!(
                    matches!(e, GameError::Illegal(ref why) if !why.is_empty()),
                    "{:?} gave {:?}",
                    c,
                    e
                );
                prop_assert_eq!(
                    &probe.view(prompt.side),
                    &view,
                    "a refused {:?} changed the view",
                    c
                );
                let after = probe.prompt();
                prop_assert_eq!(
                    after.as_ref(),
                    Some(&prompt),
                    "a refused {:?} changed the prompt",
                    c
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        // PROPTEST_CASES overrides the number of playouts.
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(32),
        max_shrink_iters: 0, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn is_legal_matches_the_prompt_and_refusals_change_nothing(
        seed in any::<u64>(),
        bits in any::<u8>(),
        joker in 0u8..3,
        actions in 0usize..1200,
    ) {
        let options = options_for(bits, joker);
        let mut g = Bailen::new_game("bailen-1808", &options, seed).unwrap();
        let mut p = Pick(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        for _ in 0..actions {
            let Some(prompt) = g.prompt() else { break };
            check_candidates(&g, &mut p)?;
            let a = prompt.actions[p.below(prompt.actions.len() as u64) as usize];
            g.apply(&a).map_err(|e| TestCaseError::fail(format!("legal {a:?} refused: {e}")))?;
        }
        check_candidates(&g, &mut p)?;
        if g.outcome().is_some() {
            prop_assert_eq!(g.apply(&Action::EndTurn), Err(GameError::GameOver));
        }
    }
}
