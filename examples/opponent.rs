//! The computer opponent's strength and speed, per ruleset: matches against a uniformly random
//! player and against the one-ply greedy player, sides alternated, and the time per decision.
//! One line per ruleset:
//!   RULESET vs-random W/N vs-greedy W/N move-ms P50 P95
//!
//!   cargo run --release --example opponent -- [GAMES] [ITERATIONS] [RULESET...]
//!
//! ROLLOUT_DEPTH=N sets the rollout depth; TRACE=1 prints each game's end on stderr; COMPUTER=greedy puts the greedy player in the
//! computer's seat, to calibrate the figures (how often greedy beats random, and itself).
use napoleonic::games::bailen::{self, Bailen};
use napoleonic::games::bloody_monday::{self, BloodyMonday};
use napoleonic::games::muskets::battle::{Battle, SCENARIO_IDS};
use napoleonic::games::napoleons_battles::{self, NapoleonsBattles};
use napoleonic::games::{Rules, Search};
use napoleonic::opponent::{choose, greedy, Settings};
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::time::Instant;

/// Who plays the other side.
#[derive(Clone, Copy)]
enum Rival {
    Random,
    Greedy,
}

/// Play one game; true if the computer's side won. Decision times go to `times`.
fn play<R: Search>(mut state: R, computer: R::Side, rival: Rival, settings: &Settings, seed: u64, times: &mut Vec<f64>) -> bool {
    // The random player's own generator (not the game's dice).
    let mut pick = Pcg64Mcg::seed_from_u64(seed ^ 0x9E37_79B9_7F4A_7C15);
    let mut n = 0u64;
    while let Some(p) = state.prompt() {
        let a = if p.side == computer {
            let t = Instant::now();
            let a = if std::env::var("COMPUTER").as_deref() == Ok("greedy") {
                greedy(&state, seed ^ n)
            } else {
                choose(&state, &Settings { seed: seed ^ n, ..settings.clone() }, |_| false).map(|t| t.action)
            };
            if p.actions.len() > 1 {
                times.push(t.elapsed().as_secs_f64() * 1000.0);
            }
            a
        } else {
            match rival {
                Rival::Random => Some(p.actions[(pick.next_u32() as usize) % p.actions.len()].clone()),
                Rival::Greedy => greedy(&state, seed ^ n),
            }
        };
        let Some(a) = a else { break };
        if std::env::var("TRACE").as_deref() == Ok("2") {
            eprintln!("  {} {:?}: {}", if p.side == computer { "computer" } else { "rival" }, p.step, state.describe(&a));
        }
        if state.apply(&a).is_err() {
            break;
        }
        n += 1;
    }
    let me = R::SIDES.iter().position(|&s| s == computer).unwrap_or(0);
    if std::env::var("TRACE").is_ok() {
        // One line a game: the computer's seat, the decisions made and its return (none: cut).
        eprintln!("game seed {seed} seat {me} decisions {n} return {:?}", state.returns().map(|r| r[me]));
    }
    state.returns().is_some_and(|r| r[me] > 0.0)
}

fn measure<R: Search>(name: &str, games: usize, settings: &Settings, new: impl Fn(usize) -> R) {
    let mut times = Vec::new();
    let mut wins = [0usize; 2];
    for (k, rival) in [Rival::Random, Rival::Greedy].into_iter().enumerate() {
        for g in 0..games {
            let computer = R::SIDES[g % R::SIDES.len()];
            if play(new(g), computer, rival, settings, 1_000 * k as u64 + g as u64, &mut times) {
                wins[k] += 1;
            }
        }
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times.get(((times.len() as f64 - 1.0) * q) as usize).copied().unwrap_or(0.0);
    println!("{name} vs-random {}/{games} vs-greedy {}/{games} move-ms {:.1} {:.1}", wins[0], wins[1], at(0.5), at(0.95));
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games = args.first().and_then(|s| s.parse().ok()).unwrap_or(20);
    let iterations = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(Settings::default().iterations);
    let only: Vec<&str> = args.iter().skip(2).map(String::as_str).collect();
    let want = |r: &str| only.is_empty() || only.contains(&r);
    let rollout_depth = std::env::var("ROLLOUT_DEPTH").ok().and_then(|s| s.parse().ok()).unwrap_or(Settings::default().rollout_depth);
    let settings = Settings { iterations, rollout_depth, ..Settings::default() };
    if want("muskets-battle") {
        measure("muskets-battle", games, &settings, |g| Battle::new_game(SCENARIO_IDS[g % SCENARIO_IDS.len()], &Default::default(), g as u64).unwrap());
    }
    if want("bloody-monday") {
        measure("bloody-monday", games, &settings, |g| BloodyMonday::new_game(bloody_monday::BORODINO, &Default::default(), g as u64).unwrap());
    }
    if want("bailen") {
        measure("bailen", games, &settings, |g| Bailen::new_game(bailen::DEFAULT_SCENARIO, &Default::default(), g as u64).unwrap());
    }
    if want("napoleons-battles") {
        let ids = napoleons_battles::scenario::built_in();
        measure("napoleons-battles", games, &settings, |g| NapoleonsBattles::new_game(&ids[g % ids.len()].id, &Default::default(), g as u64).unwrap());
    }
}
