//! Napoleon's Battles random games: how they end, how long they are, what they cost.
//!   cargo run --release --example nb_stats -- [GAMES]
use napoleonic::games::napoleons_battles::{scenario, NapoleonsBattles, Options};
use napoleonic::games::Rules;
use std::collections::BTreeMap;
use std::time::Instant;

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    for s in scenario::built_in() {
        let t = Instant::now();
        let mut ends: BTreeMap<String, u32> = BTreeMap::new();
        let mut actions = 0u64;
        let mut steps: BTreeMap<String, (u64, f64)> = BTreeMap::new();
        for seed in 0..games {
            let mut g = NapoleonsBattles::new_game(&s.id, &Options::default(), seed).expect("game");
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            loop {
                let t0 = Instant::now();
                let Some(p) = g.prompt() else { break };
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let a = p.actions[(x % p.actions.len() as u64) as usize];
                let before = g.clone();
                let ev = g.apply(&a).expect("legal");
                if let Err(e) = g.check_invariants() {
                    if before.check_invariants().is_ok() {
                        println!("seed {seed}: {e} after {a:?}\n  step {:?}\n  events {ev:?}", p.step);
                    }
                }
                let name = format!("{:?}", p.step).split([' ', '{']).next().unwrap_or("?").to_string();
                let e = steps.entry(name).or_default();
                e.0 += 1;
                e.1 += t0.elapsed().as_secs_f64();
                actions += 1;
            }
            let o = g.outcome().expect("outcome");
            *ends.entry(format!("{:?} {:?} ({}) turn {}", o.winner, o.level, o.detail.why, g.turn())).or_default() += 1;
        }
        println!("{}: {games} games, {actions} actions, {:.3} s", s.id, t.elapsed().as_secs_f64());
        for (k, v) in ends {
            println!("  {v:3} {k}");
        }
        for (k, (n, t)) in steps {
            println!("  {k:16} {n:7} actions {:9.1} us each", t / n as f64 * 1e6);
        }
    }
}
