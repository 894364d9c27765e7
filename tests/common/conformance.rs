//! The conformance harness: the contract of `games::Rules` and `games::Match` checked on random
//! games of any ruleset (tests/conformance.rs), and the pieces the fuzz targets share
//! (tests/common/fuzz.rs, fuzz/fuzz_targets/).
//!
//! What every game is held to:
//! - no panic, no dead end (a game not over always offers a legal action), no endless game;
//! - the prompt invariants: the prompt is stable, names one of the ruleset's sides, and exists
//!   exactly while there is no outcome; the ruleset's own `check_invariants` holds;
//! - `is_legal` agrees with membership in the listed actions, for the listed ones and for
//!   mutated ones (a number nudged, a field swapped in from another action, the "type" tag
//!   changed, a field dropped); an unlisted action is refused by `apply` and changes nothing
//!   (the views of every side, the prompt and the outcome, compared through serde_json);
//! - every listed action survives a serde_json round trip and is accepted by `apply`;
//! - at sampled points, through `Match`: the replayed match is the same position as the plain
//!   state; export -> import gives the same saved string, position, prompt and history; the
//!   history holds the actions chosen and the events `apply` returned; undo returns exactly the
//!   earlier state (prompt, views, saved string, `can_undo`);
//! - hidden facts stay hidden: at sampled points, for each side, a state that differs only in
//!   what that side cannot see (`Search::determinize`) gives that side the same view, and when
//!   it decides, the same prompt, descriptions and odds of every listed action; the same action
//!   applied in both (with one dice stream) gives it the same events and view, unless a die or
//!   a reveal decides them (an event that closes undo), where the hidden facts may rightly count.
#![allow(dead_code)]
use napoleonic::games::{bailen, bloody_monday, muskets, GameError, GameEvent, Match, Prompt, Rules, Search};
use serde::Serialize;
use serde_json::Value;

/// What the harness must know of a ruleset beyond `Rules`. One impl a ruleset: the list to
/// extend for a new ruleset (with its scenarios in tests/conformance.rs and the fuzz dispatch in
/// tests/common/fuzz.rs). Its sides are `games::Search::SIDES`.
pub trait Conformant: Search {
    /// Its built-in scenarios.
    const SCENARIOS: &'static [&'static str];
    /// A random game longer than this many actions is an endless game.
    const MAX_ACTIONS: usize;
    /// The ruleset's own position invariants (`check_invariants`).
    fn invariants(&self) -> Result<(), String>;
}

impl Conformant for bailen::Bailen {
    const SCENARIOS: &'static [&'static str] = &[bailen::DEFAULT_SCENARIO];
    const MAX_ACTIONS: usize = 20_000;
    fn invariants(&self) -> Result<(), String> {
        self.check_invariants()
    }
}

impl Conformant for muskets::battle::Battle {
    const SCENARIOS: &'static [&'static str] = &muskets::battle::SCENARIO_IDS;
    const MAX_ACTIONS: usize = 20_000;
    fn invariants(&self) -> Result<(), String> {
        self.check_invariants()
    }
}

impl Conformant for napoleonic::games::napoleons_battles::NapoleonsBattles {
    const SCENARIOS: &'static [&'static str] = &["medina-de-rioseco", "bailen-table"];
    const MAX_ACTIONS: usize = 20_000;
    fn invariants(&self) -> Result<(), String> {
        self.check_invariants()
    }
}

impl Conformant for bloody_monday::BloodyMonday {
    const SCENARIOS: &'static [&'static str] = &[bloody_monday::BORODINO, bloody_monday::LAST_BLOOD];
    const MAX_ACTIONS: usize = 50_000;
    fn invariants(&self) -> Result<(), String> {
        self.check_invariants()
    }
}

/// The harness's own chooser (splitmix64), never the game's dice.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5DEE_CE66_D1CE_4E5B)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A choice among `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
    /// True once in `n` on average.
    pub fn one_in(&mut self, n: u64) -> bool {
        self.next_u64() % n.max(1) == 0
    }
}

pub type PromptOf<R> = Prompt<<R as Rules>::Side, <R as Rules>::Step, <R as Rules>::Action, <R as Rules>::Template>;

/// Everything a refusal must leave unchanged: the view of every side, the prompt and the
/// outcome, as JSON.
pub fn fingerprint<R: Conformant>(state: &R) -> String {
    // Straight to text: through serde_json::Value costs five times as much.
    let views: Vec<String> = R::SIDES.iter().map(|&s| text(&state.view(s))).collect();
    text(&(views, state.prompt(), state.outcome()))
}

pub fn text<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("serialises to JSON")
}

pub fn json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("serialises to JSON")
}

/// The prompt invariants, and the ruleset's own: returns the prompt (None once the game is over).
pub fn check_prompt<R: Conformant>(state: &R) -> Result<Option<PromptOf<R>>, String> {
    let prompt = check_prompt_only(state)?;
    state.invariants()?;
    Ok(prompt)
}

/// The prompt invariants alone (the ruleset's own invariants cost more: the random games check
/// them at one step in four).
pub fn check_prompt_only<R: Conformant>(state: &R) -> Result<Option<PromptOf<R>>, String> {
    let prompt = state.prompt();
    if prompt != state.prompt() {
        return Err("prompt() gives two different answers for one position".into());
    }
    match (&prompt, state.outcome()) {
        (None, None) => return Err("a dead end: no prompt and no outcome".into()),
        (Some(p), Some(o)) => return Err(format!("a prompt at step {:?} after the outcome {o:?}", p.step)),
        (Some(p), None) if p.actions.is_empty() => {
            return Err(format!("a dead end: no legal action at step {:?}", p.step))
        }
        (Some(p), None) if !R::SIDES.contains(&p.side) => {
            return Err(format!("the prompt names {:?}, not one of the sides {:?}", p.side, R::SIDES))
        }
        _ => {}
    }
    Ok(prompt)
}

/// Offer `action` (not listed in the prompt) to the state: `is_legal` must say no, `apply` must
/// refuse it, and the position must not change. `before` is the position's fingerprint.
pub fn check_refused<R: Conformant>(state: &mut R, action: &R::Action, before: &str) -> Result<GameError, String> {
    let e = offer_unlisted(state, action)?;
    if fingerprint(state) != before {
        return Err(format!("refusing {action:?} ({e}) changed the position"));
    }
    Ok(e)
}

/// `check_refused` without the comparison of the position, for several actions offered in a
/// row and compared once.
pub fn offer_unlisted<R: Conformant>(state: &mut R, action: &R::Action) -> Result<GameError, String> {
    if guarded(|| format!("is_legal({action:?})"), || state.is_legal(action))? {
        return Err(format!("is_legal says yes to {action:?}, which the prompt does not list"));
    }
    guarded(|| format!("odds({action:?})"), || drop(state.odds(action)))?;
    match guarded(|| format!("apply({action:?}), which the prompt does not list"), || state.apply(action))? {
        Ok(events) => Err(format!("apply accepted {action:?}, which the prompt does not list: {events:?}")),
        Err(e) => Ok(e),
    }
}

/// Run `f`, turning a panic into an error that says what was being done (in tests; a fuzz
/// target aborts on the panic itself, which is how libFuzzer records a crash).
pub fn guarded<T>(what: impl FnOnce() -> String, f: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|payload| {
        let message = payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        format!("panic in {}: {message}", what())
    })
}

/// A mutant of an action's JSON: a number (or a digit string such as a hex label) nudged, a
/// field swapped in from another action, the "type" tag changed, a field dropped, or a field
/// given a value of another kind. `others` are other actions' JSON; `types` known type tags.
pub fn mutate(action: &Value, others: &[Value], types: &[String], rng: &mut Rng) -> Value {
    let mut v = action.clone();
    for _ in 0..8 {
        if match rng.below(6) {
            0 => nudge_number(&mut v, rng),
            1 => nudge_digits(&mut v, rng),
            2 => swap_field(&mut v, others, rng),
            3 => change_type(&mut v, types, rng),
            4 => drop_field(&mut v, rng),
            _ => retype_field(&mut v, rng),
        } {
            break;
        }
    }
    v
}

/// JSON pointers to every leaf (numbers, strings, bools, nulls) under `v`.
fn leaves(v: &Value, path: &mut String, out: &mut Vec<String>) {
    match v {
        Value::Object(map) => {
            for (k, x) in map {
                let len = path.len();
                path.push('/');
                path.push_str(&k.replace('~', "~0").replace('/', "~1"));
                leaves(x, path, out);
                path.truncate(len);
            }
        }
        Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                let len = path.len();
                path.push_str(&format!("/{i}"));
                leaves(x, path, out);
                path.truncate(len);
            }
        }
        _ => out.push(path.clone()),
    }
}

fn pick_leaf(v: &Value, rng: &mut Rng, keep: impl Fn(&Value) -> bool) -> Option<String> {
    let mut all = Vec::new();
    leaves(v, &mut String::new(), &mut all);
    all.retain(|p| v.pointer(p).is_some_and(&keep));
    all.get(rng.below(all.len())).cloned()
}

fn nudge_number(v: &mut Value, rng: &mut Rng) -> bool {
    let Some(path) = pick_leaf(v, rng, Value::is_number) else { return false };
    let Some(slot) = v.pointer_mut(&path) else { return false };
    let n = slot.as_i64().unwrap_or(0);
    *slot = match rng.below(8) {
        0 | 1 => Value::from(n + 1),
        2 | 3 => Value::from(n - 1),
        4 => Value::from(n + 1 + rng.below(300) as i64),
        5 => Value::from(0),
        6 => Value::from(u32::MAX as u64 + 1),
        _ => Value::from(0.5),
    };
    true
}

fn nudge_digits(v: &mut Value, rng: &mut Rng) -> bool {
    let digits = |x: &Value| x.as_str().is_some_and(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()));
    let Some(path) = pick_leaf(v, rng, digits) else { return false };
    let Some(slot) = v.pointer_mut(&path) else { return false };
    let s = slot.as_str().unwrap_or("0").to_string();
    let n: i64 = s.parse().unwrap_or(0);
    let step = [1, -1, 100, -100, 101, 99][rng.below(6)];
    *slot = Value::from(format!("{:0width$}", (n + step).max(0), width = s.len()));
    true
}

fn swap_field(v: &mut Value, others: &[Value], rng: &mut Rng) -> bool {
    let Some(other) = others.get(rng.below(others.len())).and_then(Value::as_object) else { return false };
    let keys: Vec<&String> = other.keys().filter(|k| k.as_str() != "type").collect();
    let Some(&key) = keys.get(rng.below(keys.len())) else { return false };
    let Some(map) = v.as_object_mut() else { return false };
    map.insert(key.clone(), other[key].clone());
    true
}

fn change_type(v: &mut Value, types: &[String], rng: &mut Rng) -> bool {
    let Some(t) = types.get(rng.below(types.len())) else { return false };
    let Some(map) = v.as_object_mut() else { return false };
    map.insert("type".into(), Value::from(t.clone()));
    true
}

fn drop_field(v: &mut Value, rng: &mut Rng) -> bool {
    let Some(map) = v.as_object_mut() else { return false };
    let keys: Vec<String> = map.keys().cloned().collect();
    let Some(key) = keys.get(rng.below(keys.len())) else { return false };
    map.remove(key);
    true
}

fn retype_field(v: &mut Value, rng: &mut Rng) -> bool {
    let Some(path) = pick_leaf(v, rng, |_| true) else { return false };
    let Some(slot) = v.pointer_mut(&path) else { return false };
    *slot = match rng.below(5) {
        0 => Value::Null,
        1 => Value::from(-1),
        2 => Value::from(""),
        3 => Value::Array(vec![slot.clone()]),
        _ => Value::from(true),
    };
    true
}

/// The "type" tag of an action's JSON.
pub fn type_tag(v: &Value) -> Option<String> {
    v.get("type").and_then(Value::as_str).map(str::to_string)
}

/// Counts of what a conformance run checked, printed so that a vacuous run shows.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub games: usize,
    pub actions: usize,
    pub longest: usize,
    pub listed_checked: usize,
    /// Positions where `apply_listed` was compared with `apply`.
    pub listed_indices: usize,
    pub mutants: usize,
    pub mutants_read: usize,
    pub mutants_listed: usize,
    pub refused: usize,
    pub record_checks: usize,
    pub undos: usize,
    /// Positions compared with a state differing only in hidden facts, and actions applied in
    /// both whose events no die or reveal decided.
    pub hidden_checks: usize,
    pub hidden_actions: usize,
}

/// One random game's record as the plain state played it: the choices, the actions and the
/// events `apply` returned.
struct Played<R: Rules> {
    choices: Vec<usize>,
    actions: Vec<R::Action>,
    events: Vec<Vec<R::Event>>,
    opening: Vec<R::Event>,
}

/// The conformance of `games` random games of `scenario` with `options` (game g uses dice seed
/// `seed + g`). Panics with the ruleset, scenario, seed and step of the first failure.
pub fn conformance<R: Conformant>(scenario: &str, options: R::Options, games: usize, seed: u64) -> Tally {
    let mut tally = Tally::default();
    for g in 0..games {
        let game_seed = seed.wrapping_add(g as u64);
        // The record checks replay the game through `Match` several times: one game in 32.
        let records = g % 32 == 0;
        if let Err(e) = play::<R>(scenario, &options, game_seed, records, &mut tally) {
            panic!("{} {scenario} {options:?} seed {game_seed}: {e}", R::RULESET);
        }
        tally.games += 1;
    }
    tally
}

/// One game of a `conformance` run again, as game `g` of a run from `first_seed` plays it (to
/// reproduce a failure the run reported).
pub fn replay_game<R: Conformant>(scenario: &str, options: R::Options, first_seed: u64, g: usize) -> Result<(), String> {
    let mut tally = Tally::default();
    play::<R>(scenario, &options, first_seed.wrapping_add(g as u64), g % 32 == 0, &mut tally)
}

fn play<R: Conformant>(scenario: &str, options: &R::Options, seed: u64, records: bool, tally: &mut Tally) -> Result<(), String> {
    let mut state = R::new_game(scenario, options, seed).map_err(|e| format!("new game: {e}"))?;
    let mut rng = Rng::new(seed.wrapping_mul(0x2545_F491_4F6C_DD1D));
    let mut played = Played::<R> { choices: Vec::new(), actions: Vec::new(), events: Vec::new(), opening: state.opening_events() };
    // Actions listed earlier in the game (now mostly illegal), and every type tag seen.
    let mut past: Vec<Value> = Vec::new();
    let mut types: Vec<String> = Vec::new();
    let mut next_record = if records { rng.below(16) } else { usize::MAX };
    let mut step = 0;
    loop {
        let at = |e: String| format!("step {step}: {e}");
        let prompt = if step % 4 == 0 { check_prompt(&state) } else { check_prompt_only(&state) };
        let Some(prompt) = prompt.map_err(at)? else { break };
        if step >= R::MAX_ACTIONS {
            return Err(format!("endless game: still going after {step} actions, at step {:?}", prompt.step));
        }
        if rng.one_in(16) {
            check_listed(&state, &prompt, &mut rng, &mut past, &mut types, tally).map_err(at)?;
        }
        if rng.one_in(48) {
            check_hidden_facts(&state, &prompt, &mut rng, tally).map_err(at)?;
        }
        if rng.one_in(32) {
            check_mutants(&mut state, &prompt, &mut rng, &past, &types, tally).map_err(at)?;
        }
        if step == next_record {
            check_records(scenario, options, seed, &state, &played, &mut rng, tally).map_err(at)?;
            // Points spread geometrically: replaying to them costs about twice the game.
            next_record = step + 1 + rng.below(4 * step.max(16));
        }
        let i = rng.below(prompt.actions.len());
        let action = &prompt.actions[i];
        if rng.one_in(32) {
            check_apply_listed(&state, &prompt, i, tally).map_err(at)?;
        }
        // Half the steps by position in the list, as search and random play choose.
        let events = if step % 2 == 0 {
            guarded(|| at(format!("apply({action:?})")), || state.apply(action))?
        } else {
            guarded(|| at(format!("apply_listed({i})")), || state.apply_listed(i))?
        }
        .map_err(|e| at(format!("the listed action {action:?} was refused: {e}")))?;
        if records {
            played.choices.push(i);
            played.actions.push(action.clone());
            played.events.push(events);
        }
        step += 1;
    }
    tally.actions += step;
    tally.longest = tally.longest.max(step);
    // The game is over: nothing is legal, everything is refused, and the record still holds.
    let before = fingerprint(&state);
    for a in past.iter().rev().take(4) {
        if let Ok(action) = serde_json::from_value::<R::Action>(a.clone()) {
            match check_refused(&mut state, &action, &before) {
                Ok(GameError::GameOver) => {}
                Ok(e) => return Err(format!("after the end, {action:?} was refused with '{e}', not 'the game is over'")),
                Err(e) => return Err(format!("after the end: {e}")),
            }
        }
    }
    if records {
        check_records(scenario, options, seed, &state, &played, &mut rng, tally).map_err(|e| format!("at the end: {e}"))?;
    }
    Ok(())
}

/// `apply_listed(i)` is `apply` of the prompt's `i`-th action (the same position and events),
/// and an index past the list is refused and changes nothing.
fn check_apply_listed<R: Conformant>(state: &R, prompt: &PromptOf<R>, i: usize, tally: &mut Tally) -> Result<(), String> {
    let (mut by_action, mut by_index) = (state.clone(), state.clone());
    let a = by_action.apply(&prompt.actions[i]).map_err(|e| format!("apply: {e}"))?;
    let b = by_index.apply_listed(i).map_err(|e| format!("apply_listed({i}): {e}"))?;
    if text(&a) != text(&b) || fingerprint(&by_action) != fingerprint(&by_index) {
        return Err(format!("apply_listed({i}) differs from apply({:?})", prompt.actions[i]));
    }
    let before = fingerprint(state);
    let mut past = state.clone();
    let n = prompt.actions.len();
    match guarded(|| format!("apply_listed({n}) of {n} actions"), || past.apply_listed(n))? {
        Err(GameError::Illegal(_)) if fingerprint(&past) == before => {}
        Err(e) => return Err(format!("apply_listed({n}) of {n} actions: refused with '{e}', or the position changed")),
        Ok(_) => return Err(format!("apply_listed({n}) accepted an index past the {n} listed actions")),
    }
    tally.listed_indices += 1;
    Ok(())
}

/// Every listed action is legal and distinct; a few survive a serde_json round trip, can be
/// described, and have odds that do not panic.
fn check_listed<R: Conformant>(
    state: &R,
    prompt: &PromptOf<R>,
    rng: &mut Rng,
    past: &mut Vec<Value>,
    types: &mut Vec<String>,
    tally: &mut Tally,
) -> Result<(), String> {
    for (i, a) in prompt.actions.iter().enumerate() {
        if !state.is_legal(a) {
            return Err(format!("is_legal says no to the listed action {a:?}"));
        }
        if prompt.actions[..i].contains(a) {
            return Err(format!("{a:?} is listed twice at step {:?}", prompt.step));
        }
    }
    tally.listed_checked += prompt.actions.len();
    for _ in 0..3 {
        let a = &prompt.actions[rng.below(prompt.actions.len())];
        let v = json(a);
        let back: R::Action = serde_json::from_value(v.clone()).map_err(|e| format!("{a:?} does not read back from {v}: {e}"))?;
        if &back != a {
            return Err(format!("{a:?} reads back from {v} as {back:?}"));
        }
        let _ = (state.describe(a), state.odds(a));
        if let Some(t) = type_tag(&v) {
            if !types.contains(&t) {
                types.push(t);
            }
        }
        if past.len() < 64 {
            past.push(v);
        } else {
            let k = rng.below(past.len());
            past[k] = v;
        }
    }
    Ok(())
}

/// Mutants of listed actions, and actions listed earlier in the game: `is_legal` agrees with
/// the list, and an unlisted one is refused without changing anything.
fn check_mutants<R: Conformant>(
    state: &mut R,
    prompt: &PromptOf<R>,
    rng: &mut Rng,
    past: &[Value],
    types: &[String],
    tally: &mut Tally,
) -> Result<(), String> {
    let pristine = state.clone();
    let before = fingerprint(state);
    // A few listed actions to mutate and to take fields from, with the earlier ones.
    let listed: Vec<Value> = (0..3).map(|_| json(&prompt.actions[rng.below(prompt.actions.len())])).collect();
    let mut others = listed.clone();
    others.extend_from_slice(past);
    let mut offered = Vec::new();
    for k in 0..8 {
        let candidate = if k % 4 == 0 && !past.is_empty() {
            past[rng.below(past.len())].clone()
        } else {
            mutate(&listed[rng.below(listed.len())], &others, types, rng)
        };
        tally.mutants += 1;
        let Ok(action) = serde_json::from_value::<R::Action>(candidate.clone()) else { continue };
        tally.mutants_read += 1;
        let is_listed = prompt.actions.contains(&action);
        if is_listed {
            tally.mutants_listed += 1;
            if !state.is_legal(&action) {
                return Err(format!("is_legal says no to {candidate}, which the prompt lists"));
            }
            continue;
        }
        if state.check_filled(&action).is_ok() {
            // A legal filling of one of the prompt's templates (a move anywhere within reach):
            // is_legal says yes and apply accepts it (on a copy).
            tally.mutants_listed += 1;
            if !state.is_legal(&action) {
                return Err(format!("is_legal says no to {candidate}, a filling check_filled accepts"));
            }
            let mut probe = state.clone();
            guarded(|| format!("apply({candidate})"), || probe.apply(&action))?
                .map_err(|e| format!("apply refused {candidate}, a filling check_filled accepts: {e}"))?;
            continue;
        }
        offer_unlisted(state, &action).map_err(|e| format!("mutant {candidate}: {e}"))?;
        offered.push(action);
        tally.refused += 1;
    }
    // The refusals are compared once; if the position changed, find the refusal that did it.
    if !offered.is_empty() && fingerprint(state) != before {
        for action in &offered {
            let mut probe = pristine.clone();
            check_refused(&mut probe, action, &before)?;
        }
        return Err(format!("refusing {offered:?} in turn changed the position"));
    }
    Ok(())
}

/// The record checks, through `Match`, at the plain state's position.
fn check_records<R: Conformant>(
    scenario: &str,
    options: &R::Options,
    seed: u64,
    state: &R,
    played: &Played<R>,
    rng: &mut Rng,
    tally: &mut Tally,
) -> Result<(), String> {
    tally.record_checks += 1;
    let mut m = Match::<R>::new(scenario, options.clone(), seed).map_err(|e| format!("Match::new: {e}"))?;
    for (n, &c) in played.choices.iter().enumerate() {
        m.apply_index(c).map_err(|e| format!("Match replay of choice {n}: {e}"))?;
    }
    let here = fingerprint(state);
    if fingerprint(m.state()) != here {
        return Err("the match replaying the same choices reached another position".into());
    }
    // History: one entry per choice after the opening, with the actions and events of the play.
    let history = m.history().map_err(|e| format!("history: {e}"))?;
    if history.len() != played.choices.len() + 1 {
        return Err(format!("history has {} entries for {} choices", history.len(), played.choices.len()));
    }
    if text(&history[0].events) != text(&played.opening) {
        return Err("the history's opening events are not the game's".into());
    }
    for (n, entry) in history.iter().skip(1).enumerate() {
        if entry.action.as_ref() != Some(&played.actions[n]) {
            return Err(format!("history entry {} holds {:?}, not {:?}", n + 1, entry.action, played.actions[n]));
        }
        if text(&entry.events) != text(&played.events[n]) {
            return Err(format!("history entry {} holds other events than apply returned", n + 1));
        }
    }
    // Export -> import: the same string, position, prompt and history.
    let saved = m.export();
    let back = Match::<R>::import(&saved).map_err(|e| format!("import of its own export: {e}"))?;
    if back.export() != saved {
        return Err("export -> import -> export gives another string".into());
    }
    if fingerprint(back.state()) != here || back.prompt() != m.prompt() {
        return Err("export -> import gives another position or prompt".into());
    }
    if text(&back.history().map_err(|e| format!("history after import: {e}"))?) != text(&history) {
        return Err("export -> import gives another history".into());
    }
    let Some(prompt) = m.prompt() else { return check_over_match(&mut m) };
    // A choice out of range and an unlisted action are refused and change nothing.
    if m.apply_index(prompt.actions.len()).is_ok() || m.export() != saved {
        return Err(format!("apply_index({}) was accepted or changed the saved string", prompt.actions.len()));
    }
    // Undo: up to three choices forward, then back one by one, each exactly as before.
    let mut earlier: Vec<(String, String, bool)> = Vec::new();
    for _ in 0..3 {
        let Some(p) = m.prompt() else { break };
        let snapshot = (fingerprint(m.state()), m.export(), m.can_undo());
        let events = m.apply_index(rng.below(p.actions.len())).map_err(|e| format!("Match::apply_index: {e}"))?;
        let closes = events.iter().any(GameEvent::closes_undo);
        if m.can_undo() == closes {
            return Err(format!("can_undo is {} after events that {} the undo window", m.can_undo(), if closes { "close" } else { "keep" }));
        }
        if closes {
            earlier.clear();
        } else {
            earlier.push(snapshot);
        }
    }
    while let Some((position, saved, could_undo)) = earlier.pop() {
        m.undo().map_err(|e| format!("undo: {e}"))?;
        tally.undos += 1;
        if fingerprint(m.state()) != position || m.export() != saved || m.can_undo() != could_undo {
            return Err("undo did not return exactly the earlier position, saved string and can_undo".into());
        }
    }
    if !m.can_undo() {
        let (position, saved) = (fingerprint(m.state()), m.export());
        if m.undo() != Err(GameError::NothingToUndo) || fingerprint(m.state()) != position || m.export() != saved {
            return Err("undo with nothing to undo did something".into());
        }
    }
    Ok(())
}

fn check_over_match<R: Conformant>(m: &mut Match<R>) -> Result<(), String> {
    let saved = m.export();
    match m.apply_index(0) {
        Err(GameError::GameOver) => {}
        Err(e) => return Err(format!("a finished match refused a choice with '{e}', not 'the game is over'")),
        Ok(_) => return Err("a finished match accepted a choice".into()),
    }
    if m.export() != saved {
        return Err("a refused choice after the end changed the saved string".into());
    }
    Ok(())
}

/// For each side, a state that differs from `state` only in what that side cannot see (drawn by
/// `determinize`) must show it the same things: its view; when it decides, the prompt, the
/// description and the odds of every listed action; and after one of its actions applied in
/// both (from one dice stream), the same events and view, unless a die or a reveal decided them.
/// Where two texts of the real and the drawn state first differ, with what surrounds it.
fn difference(real: &str, drawn: &str) -> String {
    let at = real.bytes().zip(drawn.bytes()).position(|(x, y)| x != y).unwrap_or(real.len().min(drawn.len()));
    let near = |t: &str| t.get(at.saturating_sub(160)..(at + 80).min(t.len())).unwrap_or("").to_string();
    format!("at byte {at}, real ...{}... drawn ...{}...", near(real), near(drawn))
}

fn check_hidden_facts<R: Conformant>(state: &R, prompt: &PromptOf<R>, rng: &mut Rng, tally: &mut Tally) -> Result<(), String> {
    for &viewer in R::SIDES {
        let other = state.determinize(viewer, rng.next_u64());
        let seen = |s: &R| text(&s.view(viewer));
        let (a, b) = (seen(state), seen(&other));
        if a != b {
            return Err(format!("{viewer:?} sees a different view of a state that differs only in what it cannot see: {}", difference(&a, &b)));
        }
        tally.hidden_checks += 1;
        if prompt.side != viewer {
            continue;
        }
        if other.prompt().as_ref() != Some(prompt) {
            return Err(format!("{viewer:?} is offered another prompt in a state that differs only in what it cannot see"));
        }
        for a in &prompt.actions {
            if state.describe(a) != other.describe(a) || text(&state.odds(a)) != text(&other.odds(a)) {
                return Err(format!("the description or odds of {a:?} tell {viewer:?} what it cannot see"));
            }
        }
        // One of its actions in both, with one dice stream.
        let a = &prompt.actions[rng.below(prompt.actions.len())];
        let dice = rng.next_u64();
        let (mut real, mut drawn) = (state.reseeded(dice), other.reseeded(dice));
        let (Ok(ev_real), Ok(ev_drawn)) = (real.apply(a), drawn.apply(a)) else {
            return Err(format!("{a:?} is refused in one of two states {viewer:?} cannot tell apart"));
        };
        if ev_real.iter().chain(&ev_drawn).any(GameEvent::closes_undo) {
            continue;
        }
        let shown = |s: &R, ev: &[R::Event]| text(&ev.iter().filter_map(|e| s.event_for(e, viewer)).collect::<Vec<_>>());
        let (events_real, events_drawn) = (shown(&real, &ev_real), shown(&drawn, &ev_drawn));
        if events_real != events_drawn {
            return Err(format!("after {a:?}, {viewer:?} is shown events that tell what it cannot see: {}", difference(&events_real, &events_drawn)));
        }
        if seen(&real) != seen(&drawn) {
            return Err(format!("after {a:?}, {viewer:?} sees a view that tells what it cannot see: {}", difference(&seen(&real), &seen(&drawn))));
        }
        tally.hidden_actions += 1;
    }
    Ok(())
}
