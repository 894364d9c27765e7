//! Random games per second natively for every ruleset, the same games `benchRandom` plays in
//! wasm (bench/wasm-rulesets.mjs prints both and the ratio).
//!   cargo run --profile bench --example bench_rulesets -- [GAMES] [SEED]
use napoleonic::games::random_games;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u32>().unwrap_or(0));
    let games = args.next().filter(|&g| g > 0).unwrap_or(60);
    let seed = args.next().unwrap_or(1);
    for ruleset in ["bailen", "muskets-battle", "bloody-monday"] {
        let _ = random_games(ruleset, games.min(5), seed); // warm up
        let t = Instant::now();
        match random_games(ruleset, games, seed) {
            Ok(actions) => {
                let s = t.elapsed().as_secs_f64();
                println!(
                    "native ruleset={ruleset} games={games} seed={seed} actions={actions} seconds={s:.3} games_per_s={:.1}",
                    games as f64 / s
                );
            }
            Err(e) => println!("native ruleset={ruleset} error={e}"),
        }
    }
}
