//! Random games per second natively for every ruleset, the same games `benchRandom` plays in
//! wasm (bench/wasm-rulesets.mjs prints both and the ratio).
//!   cargo run --profile bench --example bench_rulesets -- [GAMES] [SEED] [RULESET] [REPEATS]
//! GAMES 0 (or absent) takes each ruleset's default: about a second of play. The figure is the
//! best of REPEATS timed runs (default 3) after one untimed run, so that another process on the
//! machine skews it less.
use napoleonic::games::random_games;
use std::time::Instant;

/// Games per ruleset for about a second natively.
pub const DEFAULT_GAMES: [(&str, u32); 4] = [("bailen", 60), ("muskets-battle", 6000), ("bloody-monday", 600), ("napoleons-battles", 10)];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games = args.first().and_then(|a| a.parse::<u32>().ok()).unwrap_or(0);
    let seed = args.get(1).and_then(|a| a.parse::<u32>().ok()).unwrap_or(1);
    let only = args.get(2).filter(|r| r.as_str() != "all");
    let repeats = args.get(3).and_then(|a| a.parse::<u32>().ok()).unwrap_or(3).max(1);
    for (ruleset, default_games) in DEFAULT_GAMES {
        if only.is_some_and(|o| o != ruleset) {
            continue;
        }
        let games = if games > 0 { games } else { default_games };
        let _ = random_games(ruleset, games, seed); // warm up
        let mut best = f64::MAX;
        let mut result = Ok(0);
        for _ in 0..repeats {
            let t = Instant::now();
            result = random_games(ruleset, games, seed);
            best = best.min(t.elapsed().as_secs_f64());
        }
        match result {
            Ok(actions) => println!(
                "native ruleset={ruleset} games={games} seed={seed} actions={actions} seconds={best:.3} games_per_s={:.1}",
                games as f64 / best
            ),
            Err(e) => println!("native ruleset={ruleset} error={e}"),
        }
    }
}
