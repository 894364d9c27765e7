//! The fuzz targets on stable Rust: the bodies of fuzz/fuzz_targets/ (tests/common/fuzz.rs)
//! replayed on the committed corpus (fuzz/corpus/<target>/, crashes found by the fuzzer among
//! them) and on a few thousand pseudo-random inputs from a fixed seed. scripts/fuzz.sh runs the
//! same bodies coverage-guided under cargo-fuzz (nightly).
use std::path::PathBuf;

mod common;
use common::conformance::{guarded, Rng};
use common::fuzz;

fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("corpus entry").path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| (p.display().to_string(), std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))))
        .collect()
}

/// `n` inputs of up to `max_len` pseudo-random bytes, the first byte cycling through the rulesets.
fn random_inputs(n: usize, max_len: usize, seed: u64) -> impl Iterator<Item = Vec<u8>> {
    let mut rng = Rng::new(seed);
    (0..n).map(move |i| {
        let len = 1 + rng.below(max_len);
        let mut bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        bytes[0] = (i % fuzz::RULESETS.len()) as u8;
        bytes
    })
}

/// Run the target's body on every input; panics listing every input that failed.
fn run(target: &str, body: fn(&[u8]) -> Result<(), String>, inputs: impl Iterator<Item = (String, Vec<u8>)>) -> usize {
    let mut n = 0;
    let mut failed = Vec::new();
    for (name, bytes) in inputs {
        let outcome = guarded(|| format!("{target} on {name}"), || body(&bytes)).and_then(|r| r);
        if let Err(e) = outcome {
            failed.push(format!("{target} on {name} ({} bytes {:02x?}): {e}", bytes.len(), &bytes[..bytes.len().min(64)]));
        }
        n += 1;
    }
    assert!(failed.is_empty(), "{} of {n} inputs failed:\n{}", failed.len(), failed.join("\n"));
    n
}

#[test]
fn import_target_on_the_corpus() {
    let files = corpus("import");
    assert!(files.len() >= 3, "the import corpus has {} files", files.len());
    run("import", fuzz::import, files.into_iter());
}

#[test]
fn import_target_on_random_bytes() {
    let inputs = random_inputs(3000, 300, 11).enumerate().map(|(i, b)| (format!("random input {i}"), b));
    assert_eq!(run("import", fuzz::import, inputs), 3000);
}

#[test]
fn apply_target_on_the_corpus() {
    let files = corpus("apply");
    assert!(files.len() >= 3, "the apply corpus has {} files", files.len());
    run("apply", fuzz::apply, files.into_iter());
}

#[test]
fn apply_target_on_random_bytes() {
    let inputs = random_inputs(3000, 600, 12).enumerate().map(|(i, b)| (format!("random input {i}"), b));
    assert_eq!(run("apply", fuzz::apply, inputs), 3000);
}

/// A crash input of a target, kept in fuzz/regressions/<target>/ (not in the corpus the fuzzer
/// starts from, while the crash is open).
fn regression(target: &str, name: &str) -> Vec<(String, Vec<u8>)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions").join(target).join(name);
    vec![(path.display().to_string(), std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))]
}

/// Found by the fuzzers (and by tests/conformance.rs): a mutant Command whose leader is no
/// counter of the battle panics in `Battle::leader` when it is refused.
#[test]
fn apply_regression_muskets_battle_leader_that_is_no_counter() {
    run("apply", fuzz::apply, regression("apply", "muskets-battle-leader-no-counter").into_iter());
}

/// The sealing of fuzz inputs matches the saved-game envelope: a game's own saved string is
/// rebuilt from its bytes, so the `import` target's sealed mode reaches the replay.
#[test]
fn sealed_bytes_are_saved_strings() {
    use base64::Engine as _;
    use napoleonic::games::{bailen, Match};
    let mut m = Match::<bailen::Bailen>::new(bailen::DEFAULT_SCENARIO, bailen::Options::default(), 5).expect("new game");
    for _ in 0..5 {
        m.apply_index(0).expect("first listed action");
    }
    let saved = m.export();
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(&saved).expect("base64url");
    assert_eq!(
        fuzz::seal(&bytes[..bytes.len() - 4]),
        saved,
        "the saved-game envelope changed: update tests/common/fuzz.rs `seal` and the import corpus"
    );
}

/// Writes the seed corpus (fuzz/corpus/<target>/seed-*): for `import`, saved strings of random
/// games of every ruleset, as text and as sealed bytes; for `apply`, every scenario with random
/// steps of each kind. Run by hand: cargo test --test fuzz_replay -- --ignored write_seed_corpus
#[test]
#[ignore]
fn write_seed_corpus() {
    use common::conformance::Conformant;
    use napoleonic::games::{bailen::Bailen, bloody_monday::BloodyMonday, muskets::battle::Battle, napoleons_battles::NapoleonsBattles, Match};
    fn seeds<R: Conformant>(k: u8, rng: &mut Rng, import: &mut Vec<Vec<u8>>, apply: &mut Vec<Vec<u8>>) {
        use base64::Engine as _;
        let options = R::Options::default();
        for (s, scenario) in R::SCENARIOS.iter().enumerate() {
            let mut m = Match::<R>::new(scenario, options.clone(), rng.next_u64() % 1000).expect("new game");
            for _ in 0..rng.below(60) {
                let Some(p) = m.prompt() else { break };
                m.apply_index(rng.below(p.actions.len())).expect("listed action");
            }
            let saved = m.export();
            import.push([&[k, 0][..], saved.as_bytes()].concat());
            let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(&saved).expect("base64url");
            import.push([&[k, 1][..], &bytes[..bytes.len() - 4]].concat());
            let mut input = vec![k, s as u8];
            input.extend(R::encode_options(&options));
            input.extend((rng.next_u64() as u16).to_le_bytes());
            for _ in 0..40 + rng.below(80) {
                match rng.below(8) {
                    0..=4 => input.extend([rng.below(160) as u8, rng.next_u64() as u8, 0]),
                    5 | 6 => input.extend([160 + rng.below(64) as u8, rng.next_u64() as u8, 0, rng.next_u64() as u8, 0]),
                    _ => {
                        let text = br#"{"type":"EndTurn"}"#;
                        input.extend([224, text.len() as u8, 0]);
                        input.extend(text);
                    }
                }
            }
            apply.push(input);
        }
    }
    let (mut import, mut apply) = (Vec::new(), Vec::new());
    let mut rng = Rng::new(2024);
    seeds::<Bailen>(0, &mut rng, &mut import, &mut apply);
    seeds::<Battle>(1, &mut rng, &mut import, &mut apply);
    seeds::<BloodyMonday>(2, &mut rng, &mut import, &mut apply);
    seeds::<NapoleonsBattles>(3, &mut rng, &mut import, &mut apply);
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    for (target, inputs) in [("import", import), ("apply", apply)] {
        std::fs::create_dir_all(root.join(target)).expect("corpus dir");
        for (i, bytes) in inputs.iter().enumerate() {
            std::fs::write(root.join(target).join(format!("seed-{}-{i:02}", fuzz::RULESETS[bytes[0] as usize])), bytes).expect("write seed");
        }
    }
}
