//! Random Bloody Monday games for profiling (`cargo run --release --example bm_profile N`).
use napoleonic::games::bloody_monday::{BloodyMonday, Options, BORODINO};
use napoleonic::games::{random_playout, Rules};
fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(200);
    let t = std::time::Instant::now();
    let mut actions = 0;
    for seed in 0..n {
        let mut g = BloodyMonday::new_game(BORODINO, &Options::all(), seed).expect("game");
        actions += random_playout(&mut g, seed, 1_000_000).expect("playout");
    }
    let s = t.elapsed().as_secs_f64();
    println!("{n} games, {actions} actions, {:.0} games/s", n as f64 / s);
}
