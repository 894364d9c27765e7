//! A digest of many random Bailén games: every prompt (side, step, legal actions in order),
//! every action's events and every final position, hashed. Speed work must leave it unchanged.
//!   cargo run --release --example bailen_digest -- [GAMES]
//! Games alternate between every option and none; every third game plays on from a clone at
//! some steps (a clone starts with empty caches), and some steps ask `is_legal` and `odds`.
use napoleonic::games::bailen::{self, Bailen, Options};
use napoleonic::games::Rules;

/// FNV-1a, 64 bits: the same on every machine and Rust version.
struct Fnv(u64);

impl Fnv {
    fn add(&mut self, s: &str) {
        for b in s.bytes().chain([0xff]) {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x100_0000_01b3);
        }
    }
}

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(600);
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    let mut actions = 0u64;
    for g in 0..games {
        let options = if g % 2 == 0 { Options::all() } else { Options::default() };
        let mut s = Bailen::new_game(bailen::DEFAULT_SCENARIO, &options, g + 1).expect("game");
        let mut x = (g + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut n = 0u64;
        loop {
            let Some(p) = s.prompt() else { break };
            h.add(&format!("{:?} {:?} {:?}", p.side, p.step, p.actions));
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let a = p.actions[(x % p.actions.len() as u64) as usize];
            if n % 5 == 0 {
                h.add(&format!("{} {:?}", s.is_legal(&a), s.odds(&a)));
            }
            if g % 3 == 0 && n % 7 == 3 {
                s = s.clone();
            }
            let ev = s.apply(&a).expect("legal");
            h.add(&format!("{ev:?}"));
            n += 1;
        }
        h.add(&format!("{:?} {:?}", s.view(bailen::Side::French), s.outcome()));
        actions += n;
    }
    println!("bailen digest games={games} actions={actions} digest={:016x}", h.0);
}
