//! Where a random game's time goes, by decision step (prompt + apply), natively.
//!   cargo run --release --example step_profile -- [GAMES]
use napoleonic::games::bailen::{self, Bailen, Options};
use napoleonic::games::Rules;
use std::collections::BTreeMap;
use std::time::Instant;

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(20);
    let mut by_step: BTreeMap<String, (u64, f64)> = BTreeMap::new();
    for g in 0..games {
        let mut s = Bailen::new_game(bailen::DEFAULT_SCENARIO, &Options::all(), g).expect("game");
        let mut x = g.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        loop {
            let t = Instant::now();
            let Some(p) = s.prompt() else { break };
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let a = p.actions[(x % p.actions.len() as u64) as usize];
            s.apply(&a).expect("legal");
            let name = format!("{:?}", p.step).split([' ', '{']).next().unwrap_or("?").to_string();
            let e = by_step.entry(name).or_default();
            e.0 += 1;
            e.1 += t.elapsed().as_secs_f64();
        }
    }
    let total: f64 = by_step.values().map(|v| v.1).sum();
    for (k, (n, t)) in &by_step {
        println!("{k:20} {n:8} actions {:8.1} us each {:5.1}%", t / *n as f64 * 1e6, t / total * 100.0);
    }
    println!("total {:.3} s for {games} games", total);
}
