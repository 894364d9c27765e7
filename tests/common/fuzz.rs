//! The bodies of the fuzz targets, shared by cargo-fuzz (fuzz/fuzz_targets/, nightly) and by a
//! plain `cargo test` that replays the committed corpus and pseudo-random bytes
//! (tests/fuzz_replay.rs). Each returns Err with a description of a broken contract; the
//! fuzz targets turn that into a crash. The first byte of an input chooses the ruleset.
//!
//! - `import`: arbitrary bytes as a saved string (or sealed into the current envelope, so
//!   that the fuzzer gets past the checksum): refused precisely or loaded into a position that
//!   keeps the prompt invariants and exports and imports back to itself.
//! - `apply`: arbitrary bytes as a game and a sequence of steps, each "apply listed action k",
//!   "apply a mutant of listed action k" or "apply this JSON text as an action" (read through
//!   `core::bounded::parse_json`); after each, a refusal has changed nothing and the prompt
//!   invariants hold; at the end the choices replay through `Match` to the same position.
#![allow(dead_code)]
use super::conformance::{check_prompt, check_refused, fingerprint, json, mutate, type_tag, Conformant, Rng};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use napoleonic::core::bounded::parse_json;
use napoleonic::games::bailen::Bailen;
use napoleonic::games::bloody_monday::BloodyMonday;
use napoleonic::games::muskets::battle::Battle;
use napoleonic::games::napoleons_battles::NapoleonsBattles;
use napoleonic::games::{Match, Rules};

/// The rulesets the targets cover, chosen by an input's first byte (modulo their number).
pub const RULESETS: [&str; 4] = [Bailen::RULESET, Battle::RULESET, BloodyMonday::RULESET, NapoleonsBattles::RULESET];

/// The `import` target.
pub fn import(data: &[u8]) -> Result<(), String> {
    let Some((&k, rest)) = data.split_first() else { return Ok(()) };
    match k as usize % RULESETS.len() {
        0 => import_as::<Bailen>(rest),
        1 => import_as::<Battle>(rest),
        2 => import_as::<BloodyMonday>(rest),
        _ => import_as::<NapoleonsBattles>(rest),
    }
}

/// The `apply` target.
pub fn apply(data: &[u8]) -> Result<(), String> {
    let Some((&k, rest)) = data.split_first() else { return Ok(()) };
    match k as usize % RULESETS.len() {
        0 => apply_as::<Bailen>(rest),
        1 => apply_as::<Battle>(rest),
        2 => apply_as::<BloodyMonday>(rest),
        _ => apply_as::<NapoleonsBattles>(rest),
    }
}

/// An input read front to back; past its end every read gives None.
pub struct Bytes<'a>(&'a [u8]);

impl<'a> Bytes<'a> {
    pub fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }
    pub fn u16(&mut self) -> Option<u16> {
        Some(u16::from_le_bytes([self.byte()?, self.byte().unwrap_or(0)]))
    }
    /// Up to `n` bytes (fewer at the end).
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        let (head, rest) = self.0.split_at(n.min(self.0.len()));
        self.0 = rest;
        head
    }
}

/// CRC-32 (IEEE, as zlib) for sealing bytes into the saved-game envelope of format 1.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 != 0 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// Bytes sealed as a saved string: base64url of the bytes and their CRC-32, as format 1 writes
/// a record (a later format reads such strings as a format-1 string or refuses them).
pub fn seal(body: &[u8]) -> String {
    let mut bytes = body.to_vec();
    bytes.extend_from_slice(&crc32(body).to_le_bytes());
    URL_SAFE_NO_PAD.encode(bytes)
}

fn import_as<R: Conformant>(data: &[u8]) -> Result<(), String> {
    let Some((&mode, rest)) = data.split_first() else { return Ok(()) };
    let saved = if mode % 2 == 0 { String::from_utf8_lossy(rest).into_owned() } else { seal(rest) };
    let Ok(m) = Match::<R>::import(&saved) else { return Ok(()) };
    // Loaded: a position like any other, which saves and loads back to itself.
    check_prompt(m.state()).map_err(|e| format!("imported {saved}: {e}"))?;
    let again = m.export();
    let back = Match::<R>::import(&again).map_err(|e| format!("{saved} loaded but its export {again} does not: {e}"))?;
    if back.export() != again || fingerprint(back.state()) != fingerprint(m.state()) {
        return Err(format!("{saved} loaded, but export -> import gives another game"));
    }
    let history = m.history().map_err(|e| format!("{saved} loaded but has no history: {e}"))?;
    if history.len() != m.choices().len() + 1 {
        return Err(format!("{saved}: {} history entries for {} choices", history.len(), m.choices().len()));
    }
    Ok(())
}

/// FUZZ_SKIP_TYPES="ruleset:Type,...": offered actions of these types are not applied, to fuzz
/// past a crash already found and reported (scripts/fuzz.sh passes it through; unset, nothing
/// is skipped).
fn skipped<R: Rules>(action: &R::Action) -> bool {
    static SKIP: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let skip = SKIP.get_or_init(|| {
        std::env::var("FUZZ_SKIP_TYPES").unwrap_or_default().split(',').filter(|s| !s.is_empty()).map(str::to_string).collect()
    });
    !skip.is_empty()
        && type_tag(&json(action)).is_some_and(|t| skip.iter().any(|s| *s == format!("{}:{t}", R::RULESET)))
}

/// Steps of the `apply` target, chosen by a byte.
const LISTED_BELOW: u8 = 160;
const MUTANT_BELOW: u8 = 224;

fn apply_as<R: Conformant>(data: &[u8]) -> Result<(), String> {
    let mut input = Bytes(data);
    let scenario = R::SCENARIOS[input.byte().unwrap_or(0) as usize % R::SCENARIOS.len()];
    let options_len = R::encode_options(&R::Options::default()).len();
    let options = R::decode_options(input.take(options_len)).unwrap_or_default();
    let seed = input.u16().unwrap_or(0) as u64;
    let Ok(mut state) = R::new_game(scenario, &options, seed) else { return Ok(()) };
    let mut choices = Vec::new();
    let mut types: Vec<String> = Vec::new();
    let mut steps = 0;
    while let Some(op) = input.byte() {
        let n = steps;
        steps += 1;
        let at = |e: String| format!("{} {scenario} {options:?} seed {seed}, step {n}: {e}", R::RULESET);
        let Some(prompt) = check_prompt(&state).map_err(at)? else { break };
        let offered = if op < LISTED_BELOW {
            let i = input.u16().unwrap_or(0) as usize % prompt.actions.len();
            let action = &prompt.actions[i];
            state.apply(action).map_err(|e| at(format!("the listed action {action:?} was refused: {e}")))?;
            choices.push(i);
            continue;
        } else if op < MUTANT_BELOW {
            let listed: Vec<_> = prompt.actions.iter().map(json).collect();
            for v in &listed {
                if let Some(t) = type_tag(v).filter(|t| !types.contains(t)) {
                    types.push(t);
                }
            }
            let k = input.u16().unwrap_or(0) as usize % listed.len();
            let mut rng = Rng::new(u64::from(input.u16().unwrap_or(0)) << 16 | op as u64);
            let v = mutate(&listed[k], &listed, &types, &mut rng);
            serde_json::from_value::<R::Action>(v).ok()
        } else {
            let len = input.u16().unwrap_or(0) as usize % 512;
            let text = String::from_utf8_lossy(input.take(len)).into_owned();
            parse_json::<R::Action>(&text, "the action").ok()
        };
        let Some(action) = offered.filter(|a| !skipped::<R>(a)) else { continue };
        match prompt.actions.iter().position(|a| *a == action) {
            Some(i) => {
                if !state.is_legal(&action) {
                    return Err(at(format!("is_legal says no to the listed action {action:?}")));
                }
                state.apply(&action).map_err(|e| at(format!("the listed action {action:?} was refused: {e}")))?;
                choices.push(i);
            }
            None if state.check_filled(&action).is_ok() => {
                // A legal filling of a template (a move anywhere within reach): legal, and left
                // unplayed so that the choices replay by their indices.
                if !state.is_legal(&action) {
                    return Err(at(format!("is_legal says no to {action:?}, a filling check_filled accepts")));
                }
            }
            None => {
                let before = fingerprint(&state);
                check_refused(&mut state, &action, &before).map_err(at)?;
            }
        }
    }
    check_prompt(&state).map_err(|e| format!("{} {scenario} seed {seed} at the end: {e}", R::RULESET))?;
    // The same choices through `Match`: the same position, and a saved string that loads back.
    let mut m = Match::<R>::new(scenario, options.clone(), seed).map_err(|e| format!("Match::new: {e}"))?;
    for (n, &c) in choices.iter().enumerate() {
        m.apply_index(c).map_err(|e| format!("Match replay of choice {n}: {e}"))?;
    }
    let here = fingerprint(&state);
    if fingerprint(m.state()) != here {
        return Err(format!("{} {scenario} seed {seed}: Match replay reached another position", R::RULESET));
    }
    let back = Match::<R>::import(&m.export()).map_err(|e| format!("import of its own export: {e}"))?;
    if fingerprint(back.state()) != here {
        return Err(format!("{} {scenario} seed {seed}: export -> import gives another position", R::RULESET));
    }
    Ok(())
}
