//! Native twin of the wasm `benchRandomGames(games, seed)`: plays exactly the same random games
//! of Bailén (game g uses seed + g for both the dice and the choices, `Options::all()` unless
//! `--default`) and prints games/s and actions/s, so scripts/bench.sh can compare the two.
//!
//!   cargo run --release --example bench_native -- [GAMES] [SEED] [--default] [--warmup N]
//!
//! The last line is machine-readable:
//!   native games=G seed=S actions=A seconds=T games_per_s=X actions_per_s=Y
//! The action total must equal what `benchRandomGames(G, S)` returns in wasm (same games).
use napoleonic::games::bailen::{self, Bailen, Options};
use napoleonic::games::{random_playout, Rules};
use std::time::Instant;

/// The games `benchRandomGames` plays: the seed arithmetic is u32, as in src/wasm.rs.
fn play(games: u32, seed: u32, options: &Options) -> u64 {
    let mut actions = 0u64;
    for g in 0..games {
        let s = seed.wrapping_add(g) as u64;
        let mut state = Bailen::new_game(bailen::DEFAULT_SCENARIO, options, s).expect("new game");
        actions += random_playout(&mut state, s, 100_000).expect("random playout") as u64;
    }
    actions
}

fn main() {
    let mut positional = Vec::new();
    let mut options = Options::all();
    let mut warmup: u32 = 20;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--default" => options = Options::default(),
            "--warmup" => warmup = args.next().and_then(|v| v.parse().ok()).expect("--warmup N"),
            "-h" | "--help" => {
                eprintln!("usage: bench_native [GAMES=1000] [SEED=1] [--default] [--warmup N=20]");
                return;
            }
            _ => positional.push(a.parse::<u32>().unwrap_or_else(|_| panic!("not a number: {a}"))),
        }
    }
    let games = positional.first().copied().unwrap_or(1000);
    let seed = positional.get(1).copied().unwrap_or(1);

    // Warm up (scenario parse, caches, allocator) on other seeds than the measured games.
    play(warmup, seed.wrapping_add(1_000_000), &options);

    let t = Instant::now();
    let actions = play(games, seed, &options);
    let secs = t.elapsed().as_secs_f64();
    println!(
        "native games={games} seed={seed} actions={actions} seconds={secs:.3} games_per_s={:.1} actions_per_s={:.0}",
        games as f64 / secs,
        actions as f64 / secs
    );
}
