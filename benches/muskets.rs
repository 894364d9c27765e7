//! Benchmarks of the Age of Muskets Field Battle (run: `cargo bench --bench muskets`).
//!
//! Criterion measures whole random battles per scenario (throughput = battles) and
//! prompt+apply over one recorded battle (throughput = actions). Random battles choose with
//! the xorshift of `games::random_playout`, so a seed gives the same battle here and in wasm
//! (`benchRandom("muskets-battle", ...)`).
use criterion::{black_box, BenchmarkId, Criterion, Throughput};
use napoleonic::games::muskets::battle::{Battle, Options, SCENARIO_IDS};
use napoleonic::games::{random_playout, Rules};
use std::time::{Duration, Instant};

fn battle(id: &str, seed: u64) -> Battle {
    Battle::new_game(id, &Options::default(), seed).expect("new battle")
}

fn plain_pass() {
    // A quick figure criterion does not print: battles/s and actions/s over all six.
    let start = Instant::now();
    let (mut games, mut actions) = (0u64, 0usize);
    while start.elapsed() < Duration::from_secs(2) {
        let id = SCENARIO_IDS[games as usize % 6];
        let mut b = battle(id, games);
        actions += random_playout(&mut b, games, 100_000).expect("playout");
        games += 1;
    }
    let s = start.elapsed().as_secs_f64();
    eprintln!("random Field Battles (all six scenarios): {:.0} battles/s, {:.0} actions/s, {:.1} actions a battle", games as f64 / s, actions as f64 / s, actions as f64 / games as f64);
}

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("random_battles");
    g.throughput(Throughput::Elements(1));
    g.measurement_time(Duration::from_secs(4));
    for id in SCENARIO_IDS {
        let mut seed = 0u64;
        g.bench_with_input(BenchmarkId::from_parameter(id), id, |b, id| {
            b.iter(|| {
                seed += 1;
                let mut s = battle(id, seed);
                black_box(random_playout(&mut s, seed, 100_000).expect("playout"))
            })
        });
    }
    g.finish();

    // prompt()+apply() per action over one recorded Vitoria battle.
    let start = battle("vitoria", 7);
    let mut s = start.clone();
    let mut choices = Vec::new();
    let mut x = 7u64.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    while let Some(p) = s.prompt() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let i = (x % p.actions.len() as u64) as usize;
        s.apply(&p.actions[i]).expect("legal");
        choices.push(i);
    }
    let mut g = c.benchmark_group("prompt_apply");
    g.throughput(Throughput::Elements(choices.len() as u64));
    g.bench_function("recorded_vitoria", |b| {
        b.iter(|| {
            let mut s = start.clone();
            for &i in &choices {
                let p = s.prompt().expect("prompt");
                s.apply(&p.actions[i]).expect("legal");
            }
            black_box(s.outcome())
        })
    });
    g.finish();
}

fn main() {
    plain_pass();
    let mut c = Criterion::default().configure_from_args();
    benches(&mut c);
    c.final_summary();
}
