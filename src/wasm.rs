//! The only file that knows wasm-bindgen: thin handles over the registry of rulesets.
//!
//! Every value reaching the engine is measured first (`core::bounded`: size and depth, so no
//! input can overflow the stack) and read with serde; every value leaving it is a plain JS
//! object. Every error is a `js_sys::Error` whose message is the engine's precise text, with a
//! `kind` the page can act on (`ErrorKind`) and, for a saved game that does not replay, the
//! `choice` where it stopped. Nothing here panics on input.
//!
//! Each registered ruleset gets a typed class (`BailenGame`, `MusketsBattleGame`,
//! `BloodyMondayGame`) whose methods carry that ruleset's generated TypeScript types, for the
//! page; `Game` serves any ruleset by name, for scripts. Both forward to one implementation,
//! `Handle`, written once for every ruleset.
use crate::core::bounded;
use crate::games::catalogue::{self, Catalogued};
use crate::games::{ErrorKind, GameError, Match, Rules, Search};
use crate::mail::{self, MailError, MailGame, Settings};
use serde::{de::DeserializeOwned, Serialize};
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// A refusal as a JS `Error` with `kind` (and `choice` for a replay failure).
fn refusal(kind: ErrorKind, message: &str, choice: Option<usize>) -> JsValue {
    let e = js_sys::Error::new(message);
    let kind = serde_json::to_value(kind).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
    // Setting a property on a fresh Error object cannot fail.
    let _ = js_sys::Reflect::set(&e, &JsValue::from_str("kind"), &JsValue::from_str(&kind));
    let choice = choice.map_or(JsValue::NULL, |c| JsValue::from_f64(c as f64));
    let _ = js_sys::Reflect::set(&e, &JsValue::from_str("choice"), &choice);
    e.into()
}

fn game_error(e: GameError) -> JsValue {
    refusal(e.kind(), &e.to_string(), e.choice())
}

fn bad_input(message: String) -> JsValue {
    refusal(ErrorKind::BadInput, &message, None)
}

/// `check`'s answer: legal or not, and the engine's words for it.
#[derive(Serialize)]
struct Check {
    legal: bool,
    text: String,
}

fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    let ser = serde_wasm_bindgen::Serializer::json_compatible();
    value.serialize(&ser).map_err(|e| bad_input(e.to_string()))
}

/// The nesting depth of a JS value's arrays and objects, walked without recursion and giving up
/// (None) after `MAX_NODES` values: JSON.stringify itself fails on values nested a few
/// thousand levels deep, so the depth is measured first to say precisely what is wrong.
fn js_depth(value: &JsValue) -> Option<usize> {
    const MAX_NODES: usize = 1 << 18;
    let mut stack = vec![(value.clone(), 0usize)];
    let (mut deepest, mut seen) = (0, 0);
    while let Some((v, depth)) = stack.pop() {
        seen += 1;
        if seen > MAX_NODES {
            return None;
        }
        if v.is_object() {
            let depth = depth + 1;
            deepest = deepest.max(depth);
            let children = if js_sys::Array::is_array(&v) {
                js_sys::Array::from(&v)
            } else {
                js_sys::Object::values(&js_sys::Object::from(v))
            };
            stack.extend(children.iter().map(|c| (c, depth)));
        }
    }
    Some(deepest)
}

/// Read a JS value as a `T`: measured, to JSON text in JS, measured again, then read by serde.
fn from_js<T: DeserializeOwned>(value: &JsValue, what: &str) -> Result<T, JsValue> {
    if value.is_undefined() {
        return Err(bad_input(format!("bad {what}: nothing was given")));
    }
    match js_depth(value) {
        None => return Err(bad_input(format!("bad {what}: it holds more than 262,144 values"))),
        Some(depth) if depth > bounded::MAX_JSON_DEPTH => {
            return Err(bad_input(format!(
                "bad {what}: it is nested {depth} levels deep; at most {} are allowed",
                bounded::MAX_JSON_DEPTH
            )))
        }
        Some(_) => {}
    }
    let text = js_sys::JSON::stringify(value)
        .map_err(|_| bad_input(format!("bad {what}: it cannot be written as JSON (too deep, or cyclic)")))?;
    let text = String::from(text);
    bounded::parse_json(&text, "it").map_err(|e| bad_input(format!("bad {what}: {e}")))
}

/// Options: missing or null means the ruleset's defaults.
fn options_from_js<T: DeserializeOwned + Default>(value: &JsValue) -> Result<T, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(T::default());
    }
    from_js(value, "options")
}

/// What a game handle does, written once for every ruleset.
trait Handle {
    fn ruleset(&self) -> &'static str;
    fn export_string(&self) -> String;
    fn scenario(&self) -> Result<JsValue, JsValue>;
    fn prompt(&self) -> Result<JsValue, JsValue>;
    fn apply(&mut self, action: &JsValue) -> Result<JsValue, JsValue>;
    fn apply_index(&mut self, index: u32) -> Result<JsValue, JsValue>;
    fn is_legal(&self, action: &JsValue) -> bool;
    fn check(&self, action: &JsValue) -> Result<JsValue, JsValue>;
    fn describe(&self, action: &JsValue) -> Result<String, JsValue>;
    fn view(&self, side: &str) -> Result<JsValue, JsValue>;
    fn odds(&self, action: &JsValue) -> Result<JsValue, JsValue>;
    fn outcome(&self) -> Result<JsValue, JsValue>;
    fn returns(&self) -> Result<JsValue, JsValue>;
    fn heuristic(&self, side: &str) -> Result<f64, JsValue>;
    fn think(&self, iterations: u32, seed: u32) -> Result<JsValue, JsValue>;
    fn thinker(&self, iterations: u32, seed: u32) -> Result<Box<dyn Thinking>, JsValue>;
    fn history(&self, viewer: Option<String>) -> Result<JsValue, JsValue>;
    fn can_undo(&self) -> bool;
    fn undo(&mut self) -> Result<(), JsValue>;
    fn choice_count(&self) -> u32;
    fn replay_to(&self, n: u32) -> Result<Box<dyn Handle>, JsValue>;
    /// The play-by-email methods, if this is a mail game.
    fn mail(&self) -> Option<&dyn MailOps> {
        None
    }
    fn mail_mut(&mut self) -> Option<&mut dyn MailOps> {
        None
    }
}

/// The scenario data a ruleset's board is drawn from.
pub trait DrawnScenario {
    fn scenario_js(&self) -> Result<JsValue, JsValue>;
}

impl DrawnScenario for crate::games::bailen::Bailen {
    fn scenario_js(&self) -> Result<JsValue, JsValue> {
        to_js(self.scenario_data())
    }
}
impl DrawnScenario for crate::games::muskets::battle::Battle {
    fn scenario_js(&self) -> Result<JsValue, JsValue> {
        to_js(self.scenario())
    }
}
impl DrawnScenario for crate::games::napoleons_battles::NapoleonsBattles {
    fn scenario_js(&self) -> Result<JsValue, JsValue> {
        to_js(self.scenario())
    }
}
impl DrawnScenario for crate::games::bloody_monday::BloodyMonday {
    fn scenario_js(&self) -> Result<JsValue, JsValue> {
        to_js(self.scenario_data())
    }
}

fn side_from<R: Rules>(side: &str, what: &str) -> Result<R::Side, JsValue> {
    serde_json::from_value(serde_json::Value::String(side.to_string()))
        .map_err(|_| bad_input(format!("bad {what}: '{side}' is not a side of {}", R::RULESET)))
}

/// `check` on a position: legal or not, in the engine's words.
fn check_in<R: Rules>(state: &R, action: &JsValue) -> Result<JsValue, JsValue> {
    let action: R::Action = from_js(action, "action")?;
    let listed = state.prompt().is_some_and(|p| p.actions.contains(&action));
    let check = match state.check_filled(&action) {
        _ if listed => Check { legal: true, text: state.describe(&action) },
        Ok(()) => Check { legal: true, text: state.filled_note(&action).unwrap_or_else(|| state.describe(&action)) },
        Err(GameError::Illegal(why)) => Check { legal: false, text: why },
        Err(other) => Check { legal: false, text: other.to_string() },
    };
    to_js(&check)
}

/// The questions every handle answers of the position it stands at (`position()`): legality,
/// descriptions, views, odds, outcome and the search's scores.
macro_rules! position_reads {
    () => {
        fn ruleset(&self) -> &'static str {
            R::RULESET
        }
        fn is_legal(&self, action: &JsValue) -> bool {
            self.position().is_ok_and(|s| from_js::<R::Action>(action, "action").is_ok_and(|a| s.is_legal(&a)))
        }
        fn check(&self, action: &JsValue) -> Result<JsValue, JsValue> {
            check_in(self.position()?, action)
        }
        fn describe(&self, action: &JsValue) -> Result<String, JsValue> {
            let action: R::Action = from_js(action, "action")?;
            Ok(self.position()?.describe(&action))
        }
        fn view(&self, side: &str) -> Result<JsValue, JsValue> {
            to_js(&self.position()?.view(side_from::<R>(side, "side")?))
        }
        fn odds(&self, action: &JsValue) -> Result<JsValue, JsValue> {
            let action: R::Action = from_js(action, "action")?;
            to_js(&self.position()?.odds(&action))
        }
        fn outcome(&self) -> Result<JsValue, JsValue> {
            to_js(&self.position()?.outcome())
        }
        fn returns(&self) -> Result<JsValue, JsValue> {
            to_js(&self.position()?.returns())
        }
        fn heuristic(&self, side: &str) -> Result<f64, JsValue> {
            Ok(self.position()?.heuristic(side_from::<R>(side, "side")?))
        }
    };
}

impl<R: Catalogued + DrawnScenario + 'static> Match<R> {
    /// The position `position_reads!` answers of.
    fn position(&self) -> Result<&R, JsValue> {
        Ok(self.state())
    }
}

impl<R: Catalogued + DrawnScenario + 'static> Handle for Match<R> {
    fn export_string(&self) -> String {
        self.export()
    }
    fn scenario(&self) -> Result<JsValue, JsValue> {
        self.state().scenario_js()
    }
    fn prompt(&self) -> Result<JsValue, JsValue> {
        to_js(&Match::prompt(self))
    }
    fn apply(&mut self, action: &JsValue) -> Result<JsValue, JsValue> {
        let action: R::Action = from_js(action, "action")?;
        to_js(&self.apply_seen(&action).map_err(game_error)?)
    }
    fn apply_index(&mut self, index: u32) -> Result<JsValue, JsValue> {
        to_js(&self.apply_index_seen(index as usize).map_err(game_error)?)
    }
    position_reads!();
    fn think(&self, iterations: u32, seed: u32) -> Result<JsValue, JsValue> {
        to_js(&crate::opponent::choose(self.state(), &search_settings(iterations, seed), |_| false).map(|t| t.action))
    }
    fn thinker(&self, iterations: u32, seed: u32) -> Result<Box<dyn Thinking>, JsValue> {
        // The search keeps a copy of the position and draws every world it plays from what the
        // deciding side may know (`Ismcts` determinizes); its generator is its own, seeded here.
        match crate::opponent::Ismcts::new(self.state(), &search_settings(iterations, seed)) {
            Some(search) => Ok(Box::new(search)),
            None => Err(game_error(GameError::GameOver)),
        }
    }
    fn history(&self, viewer: Option<String>) -> Result<JsValue, JsValue> {
        let viewer = match viewer {
            Some(v) => Some(side_from::<R>(&v, "viewer")?),
            None => Match::prompt(self).map(|p| p.side),
        };
        to_js(&self.history_for(viewer).map_err(game_error)?)
    }
    fn can_undo(&self) -> bool {
        Match::can_undo(self)
    }
    fn undo(&mut self) -> Result<(), JsValue> {
        Match::undo(self).map_err(game_error)
    }
    fn choice_count(&self) -> u32 {
        self.choices().len() as u32
    }
    fn replay_to(&self, n: u32) -> Result<Box<dyn Handle>, JsValue> {
        Ok(Box::new(self.replay_prefix(n as usize).map_err(game_error)?))
    }
}

// ---- play by email (mail::MailGame) --------------------------------------------------------

/// A mail refusal: the engine's player-readable words, kind `mail` (a refused move keeps its own kind).
fn mail_error(e: MailError) -> JsValue {
    match e {
        MailError::Game(g) => game_error(g),
        other => refusal(ErrorKind::Mail, &other.to_string(), None),
    }
}

fn mail_refusal(message: &str) -> JsValue {
    refusal(ErrorKind::Mail, message, None)
}

fn not_started() -> JsValue {
    mail_refusal("The game has not started yet: the opening exchange is not finished")
}

/// Where a mail game stands, for the page (`mailStatus`).
#[derive(Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object)]
pub struct MailStatus {
    /// The local side (the engine's name).
    pub side: String,
    /// The side that opened the game.
    pub opener: String,
    /// The game id in hex (as `mailPeek` gives it).
    pub game: String,
    /// Entries of the history held: 1 until the opening is answered.
    pub entries: u32,
    /// Turns received or sent (the unsent one not counted).
    pub turns: u32,
    /// Whether the opener's first turn has set the game up (a board to draw).
    pub started: bool,
    /// Whether the local side's passphrase has unlocked its keys here.
    pub unlocked: bool,
    /// The local side may choose now.
    pub my_turn: bool,
    /// The next turn is the local side's (unlocked or not).
    pub next_is_mine: bool,
    /// The local turn is played to its end: send it.
    pub to_send: bool,
    /// The game is over.
    pub over: bool,
}

/// What a mail string says of itself before it is checked (`mailPeek`).
#[derive(Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object)]
pub struct MailPeek {
    pub ruleset: String,
    /// The game id in hex.
    pub game: String,
    /// Entries of its history: 1 for an opening to answer.
    pub entries: u32,
    /// The index (in the catalogue's side order) of the side that sent it.
    pub sender: u32,
}

/// The ruleset, game and sender of a play-by-email string, read before anything is checked
/// (a page picks the engine module and its held game by it); the precise refusal if it is not one.
#[wasm_bindgen(js_name = mailPeek, unchecked_return_type = "MailPeek")]
pub fn mail_peek(string: &str) -> Result<JsValue, JsValue> {
    let p = mail::peek(string).map_err(mail_error)?;
    to_js(&MailPeek { ruleset: p.ruleset, game: p.game, entries: p.entries as u32, sender: u32::from(p.sender) })
}

/// The play-by-email methods of a typed class holding a mail game.
trait MailOps {
    fn receive(&mut self, string: &str) -> Result<u32, JsValue>;
    fn unlock(&mut self, passphrase: &str) -> Result<(), JsValue>;
    fn send(&mut self) -> Result<String, JsValue>;
    fn latest(&self) -> String;
    fn summary(&self) -> Option<String>;
    fn news(&self) -> Result<JsValue, JsValue>;
    fn fingerprint(&self, side: &str) -> Result<Option<String>, JsValue>;
    fn status(&self) -> Result<JsValue, JsValue>;
    fn is_my_turn(&self) -> bool;
}

/// A mail game and the latest string of its history (the last received or sent).
struct MailHandle<R: Rules + Search> {
    game: MailGame<R>,
    latest: String,
}

/// An earlier position of a mail game, to look at (the log's replay): read-only.
struct MailPosition<R: Rules + Search> {
    game: MailGame<R>,
    state: R,
    choices: usize,
}

fn side_name<R: Rules>(side: R::Side) -> String {
    match serde_json::to_value(side) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}

fn read_only() -> JsValue {
    mail_refusal("This is an earlier position of the game: it cannot be played")
}

fn no_computer() -> JsValue {
    mail_refusal("The computer does not play in a game by email")
}

/// The read-only methods of `Handle` for the mail handles: `position_reads!`, no computer, and
/// the scenario (drawn before the opening exchange is done too).
macro_rules! position_methods {
    () => {
        position_reads!();
        fn think(&self, _iterations: u32, _seed: u32) -> Result<JsValue, JsValue> {
            Err(no_computer())
        }
        fn thinker(&self, _iterations: u32, _seed: u32) -> Result<Box<dyn Thinking>, JsValue> {
            Err(no_computer())
        }
        fn scenario(&self) -> Result<JsValue, JsValue> {
            match self.game.state() {
                Some(s) => s.scenario_js(),
                // Before the game starts: the scenario as it will be set up, to draw its map.
                None => {
                    let (scenario, options) = self.game.scenario();
                    let options = R::decode_options(options).map_err(game_error)?;
                    R::new_game(scenario, &options, 0).map_err(game_error)?.scenario_js()
                }
            }
        }
    };
}

impl<R: Catalogued + DrawnScenario + 'static> MailHandle<R> {
    fn new(game: MailGame<R>, latest: String) -> Box<dyn Handle> {
        Box::new(MailHandle { game, latest })
    }
    fn position(&self) -> Result<&R, JsValue> {
        self.game.state().ok_or_else(not_started)
    }
}

impl<R: Catalogued + DrawnScenario + 'static> MailPosition<R> {
    fn position(&self) -> Result<&R, JsValue> {
        Ok(&self.state)
    }
}

fn mail_replay<R: Catalogued + DrawnScenario + 'static>(game: &MailGame<R>, n: u32) -> Result<Box<dyn Handle>, JsValue> {
    let choices = (n as usize).min(game.choice_count());
    let state = game.position_after(choices).map_err(mail_error)?;
    Ok(Box::new(MailPosition { game: game.clone(), state, choices }))
}

impl<R: Catalogued + DrawnScenario + 'static> Handle for MailHandle<R> {
    position_methods!();
    fn export_string(&self) -> String {
        self.latest.clone()
    }
    fn prompt(&self) -> Result<JsValue, JsValue> {
        to_js(&self.game.prompt())
    }
    fn apply(&mut self, action: &JsValue) -> Result<JsValue, JsValue> {
        let action: R::Action = from_js(action, "action")?;
        to_js(&self.game.apply(&action).map_err(mail_error)?)
    }
    fn apply_index(&mut self, index: u32) -> Result<JsValue, JsValue> {
        to_js(&self.game.apply_listed(index as usize).map_err(mail_error)?)
    }
    fn history(&self, _viewer: Option<String>) -> Result<JsValue, JsValue> {
        // Every fact of a mail game is public (`Rules::HIDDEN_FACTS` is refused).
        to_js(&self.game.history())
    }
    fn can_undo(&self) -> bool {
        self.game.can_undo()
    }
    fn undo(&mut self) -> Result<(), JsValue> {
        self.game.undo().map_err(mail_error)
    }
    fn choice_count(&self) -> u32 {
        self.game.choice_count() as u32
    }
    fn replay_to(&self, n: u32) -> Result<Box<dyn Handle>, JsValue> {
        mail_replay(&self.game, n)
    }
    fn mail(&self) -> Option<&dyn MailOps> {
        Some(self)
    }
    fn mail_mut(&mut self) -> Option<&mut dyn MailOps> {
        Some(self)
    }
}

impl<R: Catalogued + DrawnScenario + 'static> Handle for MailPosition<R> {
    position_methods!();
    fn export_string(&self) -> String {
        String::new()
    }
    fn prompt(&self) -> Result<JsValue, JsValue> {
        to_js(&self.state.prompt())
    }
    fn apply(&mut self, _action: &JsValue) -> Result<JsValue, JsValue> {
        Err(read_only())
    }
    fn apply_index(&mut self, _index: u32) -> Result<JsValue, JsValue> {
        Err(read_only())
    }
    fn history(&self, _viewer: Option<String>) -> Result<JsValue, JsValue> {
        let mut h = self.game.history();
        h.truncate(self.choices + 1);
        to_js(&h)
    }
    fn can_undo(&self) -> bool {
        false
    }
    fn undo(&mut self) -> Result<(), JsValue> {
        Err(read_only())
    }
    fn choice_count(&self) -> u32 {
        self.choices as u32
    }
    fn replay_to(&self, n: u32) -> Result<Box<dyn Handle>, JsValue> {
        mail_replay(&self.game, n)
    }
}

impl<R: Catalogued + DrawnScenario + 'static> MailOps for MailHandle<R> {
    fn receive(&mut self, string: &str) -> Result<u32, JsValue> {
        let added = self.game.receive(string).map_err(mail_error)?;
        if added > 0 {
            self.latest = string.trim().to_string();
        }
        Ok(added as u32)
    }
    fn unlock(&mut self, passphrase: &str) -> Result<(), JsValue> {
        self.game.unlock(passphrase).map_err(mail_error)
    }
    fn send(&mut self) -> Result<String, JsValue> {
        let s = self.game.send().map_err(mail_error)?;
        self.latest = s.clone();
        Ok(s)
    }
    fn latest(&self) -> String {
        self.latest.clone()
    }
    fn summary(&self) -> Option<String> {
        self.game.summary()
    }
    fn news(&self) -> Result<JsValue, JsValue> {
        to_js(&self.game.news())
    }
    fn fingerprint(&self, side: &str) -> Result<Option<String>, JsValue> {
        Ok(self.game.fingerprint(side_from::<R>(side, "side")?))
    }
    fn status(&self) -> Result<JsValue, JsValue> {
        let g = &self.game;
        to_js(&MailStatus {
            side: side_name::<R>(g.side()),
            opener: side_name::<R>(g.opener()),
            game: g.game_hex(),
            entries: g.entries() as u32,
            turns: g.turns().len() as u32,
            started: g.state().is_some(),
            unlocked: g.is_unlocked(),
            my_turn: g.is_my_turn(),
            next_is_mine: g.next_is_mine(),
            to_send: g.turn_to_send(),
            over: g.state().is_some_and(|s| s.prompt_ref().is_none()),
        })
    }
    fn is_my_turn(&self) -> bool {
        self.game.is_my_turn()
    }
}

/// Production Argon2 (`Settings::default()`) in every page and script.
fn mail_start<R: Catalogued + DrawnScenario + 'static>(side: &str, passphrase: &str, scenario: &str, options: &JsValue) -> Result<Box<dyn Handle>, JsValue> {
    let side = side_from::<R>(side, "side")?;
    let mut game = MailGame::<R>::new(side, passphrase, scenario, options_from_js(options)?, Settings::default()).map_err(mail_error)?;
    let first = game.send().map_err(mail_error)?;
    Ok(MailHandle::new(game, first))
}

fn mail_answer<R: Catalogued + DrawnScenario + 'static>(opening: &str, passphrase: &str) -> Result<Box<dyn Handle>, JsValue> {
    let mut game = MailGame::<R>::answer(opening, passphrase, Settings::default()).map_err(mail_error)?;
    let answer = game.send().map_err(mail_error)?;
    Ok(MailHandle::new(game, answer))
}

fn mail_load<R: Catalogued + DrawnScenario + 'static>(string: &str, side: &str, passphrase: Option<String>) -> Result<Box<dyn Handle>, JsValue> {
    let side = side_from::<R>(side, "side")?;
    let game = MailGame::<R>::load(string, side, passphrase.as_deref(), Settings::default()).map_err(mail_error)?;
    Ok(MailHandle::new(game, string.trim().to_string()))
}

fn not_mail() -> JsValue {
    mail_refusal("This game is not played by email")
}

/// The opponent's settings for `iterations` of search (at most 10,000,000) seeded by `seed`.
fn search_settings(iterations: u32, seed: u32) -> crate::opponent::Settings {
    crate::opponent::Settings { iterations: iterations.clamp(1, 10_000_000), seed: u64::from(seed), ..Default::default() }
}

/// A search in progress, written once for every ruleset (`opponent::Ismcts`): a page's worker
/// runs it a slice at a time, shows the progress and answers "move now" between slices.
trait Thinking {
    fn run(&mut self, iterations: u32) -> u32;
    fn iterations(&self) -> u32;
    fn finished(&self) -> bool;
    fn best(&self) -> Result<JsValue, JsValue>;
}

impl<R: Search> Thinking for crate::opponent::Ismcts<R> {
    fn run(&mut self, iterations: u32) -> u32 {
        crate::opponent::Ismcts::run(self, iterations)
    }
    fn iterations(&self) -> u32 {
        crate::opponent::Ismcts::iterations(self)
    }
    fn finished(&self) -> bool {
        crate::opponent::Ismcts::finished(self)
    }
    fn best(&self) -> Result<JsValue, JsValue> {
        to_js(&self.thought().map(|t| t.action))
    }
}

/// A thinker class over `Thinking`: the generic `Thinker` and one typed class per ruleset.
macro_rules! thinker_class {
    ($(#[$doc:meta])* $class:ident, best = $best:literal) => {
        $(#[$doc])*
        #[wasm_bindgen]
        pub struct $class {
            inner: Box<dyn Thinking>,
        }

        #[wasm_bindgen]
        impl $class {
            /// Think up to `iterations` more (never past the budget it was made with); returns
            /// the iterations done so far.
            pub fn run(&mut self, iterations: u32) -> u32 {
                self.inner.run(iterations)
            }
            /// The iterations done so far.
            pub fn iterations(&self) -> u32 {
                self.inner.iterations()
            }
            /// Whether the budget is used up (at once when there is only one legal action).
            pub fn finished(&self) -> bool {
                self.inner.finished()
            }
            /// The action chosen so far: the most visited of the position's legal actions (the
            /// first listed before any thinking).
            #[wasm_bindgen(unchecked_return_type = $best)]
            pub fn best(&self) -> Result<JsValue, JsValue> {
                self.inner.best()
            }
        }
    };
}

thinker_class!(
    /// The computer opponent thinking about one position of any ruleset (made by `Game.thinker`).
    Thinker, best = "object | null");

fn new_match<R: Catalogued + DrawnScenario + 'static>(scenario: &str, options: &JsValue, seed: u32) -> Result<Match<R>, JsValue> {
    Match::<R>::new(scenario, options_from_js(options)?, u64::from(seed)).map_err(game_error)
}

fn file_match<R: Catalogued + DrawnScenario + 'static>(file_name: &str, text: &str, options: &JsValue, seed: u32) -> Result<Match<R>, JsValue> {
    Match::<R>::from_scenario_file(file_name, text, options_from_js(options)?, u64::from(seed)).map_err(game_error)
}

fn setup_match<R: Catalogued + DrawnScenario + 'static>(setup: &JsValue) -> Result<Match<R>, JsValue> {
    let setup: R::Setup = from_js(setup, "setup")?;
    Match::<R>::from_setup(&setup).map_err(game_error)
}

fn import_match<R: Catalogued + DrawnScenario + 'static>(saved: &str) -> Result<Match<R>, JsValue> {
    Match::<R>::import(saved).map_err(game_error)
}

/// The ruleset a saved string is for (its precise error if it cannot be read).
#[wasm_bindgen(js_name = savedRuleset)]
pub fn saved_ruleset(saved: &str) -> Result<String, JsValue> {
    crate::core::record::Record::decode(saved).map(|r| r.ruleset).map_err(|e| game_error(e.into()))
}

/// A ruler on a table (core::plane): the distance between two shapes, each a point or a convex
/// footprint given by its corners (as a view gives them), in hundredths of an inch rounded
/// down. It is the measure of the rules' "within N inches", so a ruler agrees with the engine.
#[wasm_bindgen(js_name = tableDistance)]
pub fn table_distance(
    #[wasm_bindgen(unchecked_param_type = "Point[]")] a: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Point[]")] b: JsValue,
) -> Result<u32, JsValue> {
    const MAX_CORNERS: usize = 64;
    let shape = |v: &JsValue, what: &str| -> Result<Vec<crate::core::plane::Point>, JsValue> {
        let pts: Vec<crate::core::plane::Point> = from_js(v, what)?;
        if pts.is_empty() || pts.len() > MAX_CORNERS {
            return Err(bad_input(format!("bad {what}: a point or a footprint of at most {MAX_CORNERS} corners, not {}", pts.len())));
        }
        // A table is a few yards across: far beyond that the exact arithmetic is not needed.
        const FAR: u32 = 1_000_000;
        if let Some(p) = pts.iter().find(|p| p.x.unsigned_abs() > FAR || p.y.unsigned_abs() > FAR) {
            return Err(bad_input(format!("bad {what}: ({}, {}) is more than 10,000 inches off the table", p.x, p.y)));
        }
        Ok(pts)
    };
    let (a, b) = (shape(&a, "first shape")?, shape(&b, "second shape")?);
    let d = crate::core::plane::shape_dist2(&a, &b).ok_or_else(|| bad_input("bad shape: it is empty".into()))?;
    u32::try_from(d.hundredths()).map_err(|_| bad_input("the shapes are too far apart to measure".into()))
}

/// Every ruleset, its scenarios, options and sides.
#[wasm_bindgen(unchecked_return_type = "Catalogue")]
pub fn catalogue() -> Result<JsValue, JsValue> {
    to_js(&catalogue::catalogue())
}

/// A game of any ruleset by name, for scripts (the page uses the typed classes below).
#[wasm_bindgen]
pub struct Game {
    inner: Box<dyn Handle>,
}

macro_rules! by_name {
    ($($(#[$cfg:meta])* $variant:ident => $ty:ty),* $(,)?) => {
        fn any_new(ruleset: &str, scenario: &str, options: &JsValue, seed: u32) -> Result<Box<dyn Handle>, JsValue> {
            $($(#[$cfg])* if ruleset == <$ty as Rules>::RULESET {
                return Ok(Box::new(new_match::<$ty>(scenario, options, seed)?));
            })*
            Err(refusal(ErrorKind::BadSetup, &format!("unknown ruleset '{ruleset}'"), None))
        }
        fn any_file(ruleset: &str, file_name: &str, text: &str, options: &JsValue, seed: u32) -> Result<Box<dyn Handle>, JsValue> {
            $($(#[$cfg])* if ruleset == <$ty as Rules>::RULESET {
                return Ok(Box::new(file_match::<$ty>(file_name, text, options, seed)?));
            })*
            Err(refusal(ErrorKind::BadSetup, &format!("unknown ruleset '{ruleset}'"), None))
        }
        fn any_setup(ruleset: &str, setup: &JsValue) -> Result<Box<dyn Handle>, JsValue> {
            $($(#[$cfg])* if ruleset == <$ty as Rules>::RULESET {
                return Ok(Box::new(setup_match::<$ty>(setup)?));
            })*
            Err(refusal(ErrorKind::BadSetup, &format!("unknown ruleset '{ruleset}'"), None))
        }
        fn any_import(saved: &str) -> Result<Box<dyn Handle>, JsValue> {
            let ruleset = saved_ruleset(saved)?;
            $($(#[$cfg])* if ruleset == <$ty as Rules>::RULESET {
                return Ok(Box::new(import_match::<$ty>(saved)?));
            })*
            Err(refusal(ErrorKind::BadSavedString, &format!("bad saved game: it is for an unknown ruleset '{ruleset}'"), None))
        }
    };
}
crate::for_each_ruleset!(by_name);

#[wasm_bindgen]
impl Game {
    /// Start a new game: `ruleset` ("bailen"), a built-in `scenario` id, the ruleset's options
    /// object (missing fields take their defaults) and a seed for the dice.
    #[wasm_bindgen(constructor)]
    pub fn new(ruleset: &str, scenario: &str, options: JsValue, seed: u32) -> Result<Game, JsValue> {
        Ok(Game { inner: any_new(ruleset, scenario, &options, seed)? })
    }
    /// Start a game of a scenario file from outside the built-in list (a publisher's or a
    /// modder's variant), checked like the built-in data; errors name `file_name`, the unit and
    /// the field. Its saved string carries the file.
    #[wasm_bindgen(js_name = fromScenarioFile)]
    pub fn from_scenario_file(ruleset: &str, file_name: &str, text: &str, options: JsValue, seed: u32) -> Result<Game, JsValue> {
        Ok(Game { inner: any_file(ruleset, file_name, text, &options, seed)? })
    }
    /// Start from a plain description of a position; its saved string carries the description.
    #[wasm_bindgen(js_name = fromSetup)]
    pub fn from_setup(ruleset: &str, setup: JsValue) -> Result<Game, JsValue> {
        Ok(Game { inner: any_setup(ruleset, &setup)? })
    }
    /// Load a saved-game string of any ruleset.
    #[wasm_bindgen(js_name = importString)]
    pub fn import_string(saved: &str) -> Result<Game, JsValue> {
        Ok(Game { inner: any_import(saved)? })
    }
    pub fn ruleset(&self) -> String {
        self.inner.ruleset().to_string()
    }
    #[wasm_bindgen(js_name = exportString)]
    pub fn export_string(&self) -> String {
        self.inner.export_string()
    }
    pub fn scenario(&self) -> Result<JsValue, JsValue> {
        self.inner.scenario()
    }
    pub fn prompt(&self) -> Result<JsValue, JsValue> {
        self.inner.prompt()
    }
    pub fn apply(&mut self, action: JsValue) -> Result<JsValue, JsValue> {
        self.inner.apply(&action)
    }
    #[wasm_bindgen(js_name = applyIndex)]
    pub fn apply_index(&mut self, index: u32) -> Result<JsValue, JsValue> {
        self.inner.apply_index(index)
    }
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(&self, action: JsValue) -> bool {
        self.inner.is_legal(&action)
    }
    /// Is `action` legal now, and in the engine's words why not, or what a legal filling of a
    /// template spends and leaves (the page shows it while a piece is dragged).
    #[wasm_bindgen(unchecked_return_type = "{ legal: boolean; text: string }")]
    pub fn check(&self, action: JsValue) -> Result<JsValue, JsValue> {
        self.inner.check(&action)
    }
    pub fn describe(&self, action: JsValue) -> Result<String, JsValue> {
        self.inner.describe(&action)
    }
    pub fn view(&self, side: &str) -> Result<JsValue, JsValue> {
        self.inner.view(side)
    }
    pub fn odds(&self, action: JsValue) -> Result<JsValue, JsValue> {
        self.inner.odds(&action)
    }
    pub fn outcome(&self) -> Result<JsValue, JsValue> {
        self.inner.outcome()
    }
    /// Once the game is over, a score per side in [-1, 1] in the catalogue's side order.
    pub fn returns(&self) -> Result<JsValue, JsValue> {
        self.inner.returns()
    }
    /// A cheap estimate in [-1, 1] of how well `side` stands.
    pub fn heuristic(&self, side: &str) -> Result<f64, JsValue> {
        self.inner.heuristic(side)
    }
    /// The computer opponent's choice for the side deciding now (ISMCTS over what that side may
    /// see, `iterations` of it, its own generator seeded by `seed`); null once the game is over.
    pub fn think(&self, iterations: u32, seed: u32) -> Result<JsValue, JsValue> {
        self.inner.think(iterations, seed)
    }
    /// The computer opponent for the side deciding now, thinking a slice at a time: a budget of
    /// `iterations`, its own generator seeded by `seed`, over only what that side may know. It
    /// keeps its own copy of the position. Refused (game-over) once the game is over.
    pub fn thinker(&self, iterations: u32, seed: u32) -> Result<Thinker, JsValue> {
        Ok(Thinker { inner: self.inner.thinker(iterations, seed)? })
    }
    pub fn history(&self, viewer: Option<String>) -> Result<JsValue, JsValue> {
        self.inner.history(viewer)
    }
    #[wasm_bindgen(js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        self.inner.can_undo()
    }
    pub fn undo(&mut self) -> Result<(), JsValue> {
        self.inner.undo()
    }
    #[wasm_bindgen(js_name = choiceCount)]
    pub fn choice_count(&self) -> u32 {
        self.inner.choice_count()
    }
    #[wasm_bindgen(js_name = replayTo)]
    pub fn replay_to(&self, n: u32) -> Result<Game, JsValue> {
        Ok(Game { inner: self.inner.replay_to(n)? })
    }
}

/// A typed class for one ruleset: the same methods as `Game`, with the ruleset's generated
/// TypeScript types.
macro_rules! typed_game {
    (
        $class:ident: $ty:ty,
        scenario = $scenario:literal, options = $options:literal, setup = $setup:literal,
        prompt = $prompt:literal, action = $action:literal, events = $events:literal,
        side = $side:literal, view = $view:literal, odds = $odds:literal,
        outcome = $outcome:literal, history = $history:literal, action_or_null = $action_or_null:literal,
        thinker = $thinker:ident $(,)?
    ) => {
        thinker_class!(
            /// The computer opponent thinking about one position of this ruleset (see `Game.thinker`).
            $thinker, best = $action_or_null);

        #[wasm_bindgen]
        pub struct $class {
            inner: Box<dyn Handle>,
        }

        #[wasm_bindgen]
        impl $class {
            #[wasm_bindgen(constructor)]
            pub fn new(scenario: &str, #[wasm_bindgen(unchecked_param_type = $options)] options: JsValue, seed: u32) -> Result<$class, JsValue> {
                Ok($class { inner: Box::new(new_match::<$ty>(scenario, &options, seed)?) })
            }
            /// A game of a scenario file from outside the built-in list (see `Game.fromScenarioFile`).
            #[wasm_bindgen(js_name = fromScenarioFile)]
            pub fn from_scenario_file(file_name: &str, text: &str, #[wasm_bindgen(unchecked_param_type = $options)] options: JsValue, seed: u32) -> Result<$class, JsValue> {
                Ok($class { inner: Box::new(file_match::<$ty>(file_name, text, &options, seed)?) })
            }
            #[wasm_bindgen(js_name = fromSetup)]
            pub fn from_setup(#[wasm_bindgen(unchecked_param_type = $setup)] setup: JsValue) -> Result<$class, JsValue> {
                Ok($class { inner: Box::new(setup_match::<$ty>(&setup)?) })
            }
            #[wasm_bindgen(js_name = importString)]
            pub fn import_string(saved: &str) -> Result<$class, JsValue> {
                Ok($class { inner: Box::new(import_match::<$ty>(saved)?) })
            }
            pub fn ruleset(&self) -> String {
                self.inner.ruleset().to_string()
            }
            #[wasm_bindgen(js_name = exportString)]
            pub fn export_string(&self) -> String {
                self.inner.export_string()
            }
            #[wasm_bindgen(unchecked_return_type = $scenario)]
            pub fn scenario(&self) -> Result<JsValue, JsValue> {
                self.inner.scenario()
            }
            #[wasm_bindgen(unchecked_return_type = $prompt)]
            pub fn prompt(&self) -> Result<JsValue, JsValue> {
                self.inner.prompt()
            }
            #[wasm_bindgen(unchecked_return_type = $events)]
            pub fn apply(&mut self, #[wasm_bindgen(unchecked_param_type = $action)] action: JsValue) -> Result<JsValue, JsValue> {
                self.inner.apply(&action)
            }
            #[wasm_bindgen(js_name = applyIndex, unchecked_return_type = $events)]
            pub fn apply_index(&mut self, index: u32) -> Result<JsValue, JsValue> {
                self.inner.apply_index(index)
            }
            #[wasm_bindgen(js_name = isLegal)]
            pub fn is_legal(&self, #[wasm_bindgen(unchecked_param_type = $action)] action: JsValue) -> bool {
                self.inner.is_legal(&action)
            }
            /// Is `action` legal now: the engine's refusal, or what a legal filling spends and leaves.
            #[wasm_bindgen(unchecked_return_type = "{ legal: boolean; text: string }")]
            pub fn check(&self, #[wasm_bindgen(unchecked_param_type = $action)] action: JsValue) -> Result<JsValue, JsValue> {
                self.inner.check(&action)
            }
            pub fn describe(&self, #[wasm_bindgen(unchecked_param_type = $action)] action: JsValue) -> Result<String, JsValue> {
                self.inner.describe(&action)
            }
            #[wasm_bindgen(unchecked_return_type = $view)]
            pub fn view(&self, #[wasm_bindgen(unchecked_param_type = $side)] side: &str) -> Result<JsValue, JsValue> {
                self.inner.view(side)
            }
            #[wasm_bindgen(unchecked_return_type = $odds)]
            pub fn odds(&self, #[wasm_bindgen(unchecked_param_type = $action)] action: JsValue) -> Result<JsValue, JsValue> {
                self.inner.odds(&action)
            }
            #[wasm_bindgen(unchecked_return_type = $outcome)]
            pub fn outcome(&self) -> Result<JsValue, JsValue> {
                self.inner.outcome()
            }
            /// Once the game is over, a score per side in [-1, 1] in the catalogue's side order.
            #[wasm_bindgen(unchecked_return_type = "number[] | null")]
            pub fn returns(&self) -> Result<JsValue, JsValue> {
                self.inner.returns()
            }
            /// A cheap estimate in [-1, 1] of how well `side` stands.
            pub fn heuristic(&self, #[wasm_bindgen(unchecked_param_type = $side)] side: &str) -> Result<f64, JsValue> {
                self.inner.heuristic(side)
            }
            /// The computer opponent's choice for the side deciding now (see `Game.think`).
            #[wasm_bindgen(unchecked_return_type = $action_or_null)]
            pub fn think(&self, iterations: u32, seed: u32) -> Result<JsValue, JsValue> {
                self.inner.think(iterations, seed)
            }
            /// The computer opponent thinking a slice at a time (see `Game.thinker`).
            pub fn thinker(&self, iterations: u32, seed: u32) -> Result<$thinker, JsValue> {
                Ok($thinker { inner: self.inner.thinker(iterations, seed)? })
            }
            #[wasm_bindgen(unchecked_return_type = $history)]
            pub fn history(&self, #[wasm_bindgen(unchecked_param_type = $side)] viewer: Option<String>) -> Result<JsValue, JsValue> {
                self.inner.history(viewer)
            }
            #[wasm_bindgen(js_name = canUndo)]
            pub fn can_undo(&self) -> bool {
                self.inner.can_undo()
            }
            pub fn undo(&mut self) -> Result<(), JsValue> {
                self.inner.undo()
            }
            #[wasm_bindgen(js_name = choiceCount)]
            pub fn choice_count(&self) -> u32 {
                self.inner.choice_count()
            }
            #[wasm_bindgen(js_name = replayTo)]
            pub fn replay_to(&self, n: u32) -> Result<$class, JsValue> {
                Ok($class { inner: self.inner.replay_to(n)? })
            }

            // Play by email (mail::MailGame, production Argon2): the same methods above play it.

            /// Open a game by email as `side`, keys from `passphrase` (this takes a moment:
            /// Argon2id); `mailString()` is the opening to send. Refused for a ruleset with
            /// hidden facts.
            #[wasm_bindgen(js_name = mailStart)]
            pub fn mail_start(#[wasm_bindgen(unchecked_param_type = $side)] side: &str, passphrase: &str, scenario: &str, #[wasm_bindgen(unchecked_param_type = $options)] options: JsValue) -> Result<$class, JsValue> {
                Ok($class { inner: mail_start::<$ty>(side, passphrase, scenario, &options)? })
            }
            /// Answer an opening string as the other side, keys from `passphrase`; `mailString()` is the answer to send.
            #[wasm_bindgen(js_name = mailAnswer)]
            pub fn mail_answer(opening: &str, passphrase: &str) -> Result<$class, JsValue> {
                Ok($class { inner: mail_answer::<$ty>(opening, passphrase)? })
            }
            /// Open the latest string of a mail game as `side` (checked and replayed); with the passphrase, unlocked.
            #[wasm_bindgen(js_name = mailLoad)]
            pub fn mail_load(string: &str, #[wasm_bindgen(unchecked_param_type = $side)] side: &str, passphrase: Option<String>) -> Result<$class, JsValue> {
                Ok($class { inner: mail_load::<$ty>(string, side, passphrase)? })
            }
            /// Whether this game is played by email.
            #[wasm_bindgen(js_name = isMail)]
            pub fn is_mail(&self) -> bool {
                self.inner.mail().is_some()
            }
            /// Take in the opponent's string: it must extend the history held. The number of new entries (0: the same string again).
            #[wasm_bindgen(js_name = mailReceive)]
            pub fn mail_receive(&mut self, string: &str) -> Result<u32, JsValue> {
                self.inner.mail_mut().ok_or_else(not_mail)?.receive(string)
            }
            /// Unlock this side's keys with its passphrase (this takes a moment: Argon2id).
            #[wasm_bindgen(js_name = mailUnlock)]
            pub fn mail_unlock(&mut self, passphrase: &str) -> Result<(), JsValue> {
                self.inner.mail_mut().ok_or_else(not_mail)?.unlock(passphrase)
            }
            /// The finished turn signed and added to the history: the string to mail (the last one again if nothing was played since).
            #[wasm_bindgen(js_name = mailSend)]
            pub fn mail_send(&mut self) -> Result<String, JsValue> {
                self.inner.mail_mut().ok_or_else(not_mail)?.send()
            }
            /// The latest string of the history held (received or sent): what a page keeps.
            #[wasm_bindgen(js_name = mailString)]
            pub fn mail_string(&self) -> Result<String, JsValue> {
                Ok(self.inner.mail().ok_or_else(not_mail)?.latest())
            }
            /// One line on this side's last sent turn.
            #[wasm_bindgen(js_name = mailSummary)]
            pub fn mail_summary(&self) -> Result<Option<String>, JsValue> {
                Ok(self.inner.mail().ok_or_else(not_mail)?.summary())
            }
            /// What happened since this side's last turn, choice by choice.
            #[wasm_bindgen(js_name = mailNews, unchecked_return_type = $history)]
            pub fn mail_news(&self) -> Result<JsValue, JsValue> {
                self.inner.mail().ok_or_else(not_mail)?.news()
            }
            /// The fingerprint of `side`'s public key once known (compare them by another channel).
            #[wasm_bindgen(js_name = mailFingerprint)]
            pub fn mail_fingerprint(&self, #[wasm_bindgen(unchecked_param_type = $side)] side: &str) -> Result<Option<String>, JsValue> {
                self.inner.mail().ok_or_else(not_mail)?.fingerprint(side)
            }
            /// Where the mail game stands.
            #[wasm_bindgen(js_name = mailStatus, unchecked_return_type = "MailStatus")]
            pub fn mail_status(&self) -> Result<JsValue, JsValue> {
                self.inner.mail().ok_or_else(not_mail)?.status()
            }
            /// Can this side choose now (its turn, unlocked, the rules asking it)? False for a game not by email.
            #[wasm_bindgen(js_name = isMyTurn)]
            pub fn is_my_turn(&self) -> bool {
                self.inner.mail().is_some_and(|m| m.is_my_turn())
            }
        }
    };
}

#[cfg(feature = "bailen")]
typed_game!(BailenGame: crate::games::bailen::Bailen,
    scenario = "BailenScenarioFile", options = "Partial<BailenOptions> | OptionValues | undefined", setup = "BailenSetup",
    prompt = "BailenPrompt | null", action = "BailenAction", events = "BailenEvent[]",
    side = "BailenSide", view = "BailenView", odds = "BailenOdds | null",
    outcome = "BailenOutcome | null", history = "BailenHistoryEntry[]",
    action_or_null = "BailenAction | null",
    thinker = BailenThinker);
#[cfg(feature = "muskets")]
typed_game!(MusketsBattleGame: crate::games::muskets::battle::Battle,
    scenario = "BattleScenario", options = "Partial<BattleOptions> | OptionValues | undefined", setup = "BattleSetup",
    prompt = "MusketsBattlePrompt | null", action = "BattleAction", events = "BattleEvent[]",
    side = "BattleSide", view = "BattleView", odds = "BattleOdds | null",
    outcome = "BattleOutcome | null", history = "MusketsBattleHistoryEntry[]",
    action_or_null = "BattleAction | null",
    thinker = MusketsBattleThinker);
#[cfg(feature = "bloody-monday")]
typed_game!(BloodyMondayGame: crate::games::bloody_monday::BloodyMonday,
    scenario = "BmScenarioFile", options = "Partial<BmOptions> | OptionValues | undefined", setup = "BmSetup",
    prompt = "BloodyMondayPrompt | null", action = "BmAction", events = "BmEvent[]",
    side = "BmSide", view = "BmView", odds = "BmOdds | null",
    outcome = "BmOutcome | null", history = "BloodyMondayHistoryEntry[]",
    action_or_null = "BmAction | null",
    thinker = BloodyMondayThinker);
#[cfg(feature = "napoleons-battles")]
typed_game!(NapoleonsBattlesGame: crate::games::napoleons_battles::NapoleonsBattles,
    scenario = "NbScenario", options = "Partial<NbOptions> | OptionValues | undefined", setup = "NbSetup",
    prompt = "NapoleonsBattlesPrompt | null", action = "NbAction", events = "NbEvent[]",
    side = "NbSide", view = "NbView", odds = "NbOdds | null",
    outcome = "NbOutcome | null", history = "NapoleonsBattlesHistoryEntry[]",
    action_or_null = "NbAction | null",
    thinker = NapoleonsBattlesThinker);

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
/** A refusal: the engine's precise message, what kind of refusal, and for a saved game that does not replay the 0-based choice where it stopped. */
export interface EngineError extends Error { kind: ErrorKind; choice: number | null }
/** Option values as a start screen's form gives them, by the catalogue's option names: the engine checks each. */
export type OptionValues = Record<string, boolean | string>;
/** Bailén: a four-digit hex label such as "2425". */
export type BailenHex = string;
/** Bailén: a counter's index in the scenario's counter list. */
export type BailenUnitId = number;
/** Bailén's outcome in the shape every ruleset shares. */
export type BailenOutcome = Outcome<BailenSide, BailenOutcomeDetail>;
/** The shared exact distribution, as Bailén's prefixed types name it. */
export type BailenDistribution<O> = Distribution<O>;
/** The template type of a ruleset whose prompts list every legal action: it has no value. */
export type NoTemplate = never;
export type BailenPrompt = Prompt<BailenSide, BailenStep, BailenAction, NoTemplate>;
export type BailenHistoryEntry = HistoryEntry<BailenSide, BailenAction, BailenEvent>;
export type MusketsBattlePrompt = Prompt<BattleSide, BattleStep, BattleAction, NoTemplate>;
export type MusketsBattleHistoryEntry = HistoryEntry<BattleSide, BattleAction, BattleEvent>;
/** Bloody Monday's outcome in the shape every ruleset shares. */
export type BmOutcome = Outcome<BmSide, BmDetail>;
/** The Field Battle's outcome: the shared shape with its BattleResult as the detail. */
export type BattleOutcome = Outcome<BattleSide, BattleBattleResult>;
/** The shared exact distribution, as Bloody Monday's prefixed types name it. */
export type BmDistribution<O> = Distribution<O>;
export type BloodyMondayPrompt = Prompt<BmSide, BmStep, BmAction, NoTemplate>;
export type BloodyMondayHistoryEntry = HistoryEntry<BmSide, BmAction, BmEvent>;
/** Napoleon's Battles: the shared table geometry (core::plane), as its prefixed types name it. */
export type NbPoint = Point;
export type NbFacing = Facing;
/** Napoleon's Battles: unit and general indices into the scenario's lists. */
export type NbUnitId = number;
export type NbGeneralId = number;
export type NbOutcome = Outcome<NbSide, NbOutcomeDetail>;
export type NbDistribution<O> = Distribution<O>;
export type NbOdds = Distribution<NbResult>;
export type NapoleonsBattlesPrompt = Prompt<NbSide, NbStep, NbAction, NbTemplate>;
export type NapoleonsBattlesHistoryEntry = HistoryEntry<NbSide, NbAction, NbEvent>;
/** Field Battle counter indices: HQs and CUs are numbered separately. */
export type BattleCuId = number;
export type BattleHqId = number;
/** Bloody Monday block and area numbers. */
export type BmBlockId = number;
export type BmAreaId = number;
/** Bloody Monday's scenario() is its scenario file (scenarios/bloody_monday.json) as read; these are the parts the page draws. */
export interface BmScenarioFile {
  title: string;
  map: {
    width: number;
    height: number;
    kolocha: [number, number][];
    command_line?: [number, number][];
    start_line?: [number, number][];
    decor?: { kind: string; name: string; points: [number, number][] }[];
    victory_areas: number[];
    fleches: number[];
  };
  areas: BmAreaFile[];
  blocks: BmBlockFile[];
  corps: { id: string; name: string; colour_hex: string; side: string }[];
  tracks: { turns: { first: number; last: number; labels: string[] }; morale: { cells: number[]; immediate_win_at: number } };
}
export interface BmAreaFile {
  id: number;
  name: string | null;
  colour: "green" | "yellow" | "red";
  victory: boolean;
  victory_name: string | null;
  fleche: boolean;
  label: [number, number];
  polygon: [number, number][];
}
export interface BmBlockFile {
  id: string;
  name: string;
  side: "french" | "russian";
  corps: string | null;
  type: string;
  category: string;
  levels: number[];
  max_strength: number;
  firepower: string[];
  shield: string | null;
}
"#;

/// Benchmark helper: play `games` random games of `ruleset` inside wasm (the same games as
/// `games::random_games` natively) and return the total number of actions.
#[wasm_bindgen(js_name = benchRandom)]
pub fn bench_random(ruleset: &str, games: u32, seed: u32) -> Result<f64, JsValue> {
    crate::games::random_games(ruleset, games, seed).map(|n| n as f64).map_err(game_error)
}

/// Benchmark helper: `benchRandom("bailen", games, seed)` (kept for scripts/bench.sh).
#[wasm_bindgen(js_name = benchRandomGames)]
pub fn bench_random_games(games: u32, seed: u32) -> Result<u32, JsValue> {
    crate::games::random_games(crate::games::bailen::RULESET, games, seed).map(|n| n as u32).map_err(game_error)
}
