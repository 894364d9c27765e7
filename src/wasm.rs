//! The only file that knows wasm-bindgen: a thin `Game` handle over the rulesets.
//!
//! Every value crossing the boundary is a plain JS object converted with serde; every error is
//! a `js_sys::Error` whose message is the engine's precise text. Nothing here panics on input.
use crate::games::bailen::{self, Bailen};
use crate::games::muskets::battle::{self as muskets_battle, Battle};
use crate::games::bloody_monday::{self, BloodyMonday};
use crate::games::{Match, Rules};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// One game in progress, of any ruleset.
#[derive(Clone)]
enum AnyMatch {
    Bailen(Match<Bailen>),
    MusketsBattle(Match<Battle>),
    BloodyMonday(Match<BloodyMonday>),
}

/// Run `$body` with `$m` bound to the inner match, whatever its ruleset.
macro_rules! each {
    ($self:expr, $m:ident => $body:expr) => {
        match &$self.inner {
            AnyMatch::Bailen($m) => $body,
            AnyMatch::MusketsBattle($m) => $body,
            AnyMatch::BloodyMonday($m) => $body,
        }
    };
}
macro_rules! each_mut {
    ($self:expr, $m:ident => $body:expr) => {
        match &mut $self.inner {
            AnyMatch::Bailen($m) => $body,
            AnyMatch::MusketsBattle($m) => $body,
            AnyMatch::BloodyMonday($m) => $body,
        }
    };
}

fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    let ser = serde_wasm_bindgen::Serializer::json_compatible();
    value.serialize(&ser).map_err(js_error)
}

fn from_js<T: serde::de::DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&format!("bad {what}: {e}")))
}

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
/** A four-digit hex label such as "2425". */
export type Hex = string;
/** A counter's index in the scenario's counter list. */
export type UnitId = number;
export type BailenPrompt = Prompt<Side, Step, Action>;
export type BailenHistoryEntry = HistoryEntry<Side, Action, Event>;
/** Age of Muskets, Field Battle ("muskets-battle"): cast prompt(), view(), ... to these. */
export type MusketsBattlePrompt = Prompt<BattleSide, BattleStep, BattleAction>;
export type MusketsBattleHistoryEntry = HistoryEntry<BattleSide, BattleAction, BattleEvent>;
/** Field Battle counter indices: HQs and CUs are numbered separately. */
export type BattleCuId = number;
export type BattleHqId = number;
/** Bloody Monday block and area numbers. */
export type BmBlockId = number;
export type BmAreaId = number;
"#;

/// A game handle for the page.
#[wasm_bindgen]
pub struct Game {
    inner: AnyMatch,
}

#[wasm_bindgen]
impl Game {
    /// Start a new game: `ruleset` ("bailen"), a built-in `scenario` id, the ruleset's options
    /// object (missing fields take their defaults) and a seed for the dice.
    #[wasm_bindgen(constructor)]
    pub fn new(ruleset: &str, scenario: &str, #[wasm_bindgen(unchecked_param_type = "Partial<Options> | undefined")] options: JsValue, seed: u32) -> Result<Game, JsError> {
        match ruleset {
            bailen::RULESET => {
                let options: bailen::Options = if options.is_undefined() || options.is_null() {
                    bailen::Options::default()
                } else {
                    from_js(options, "options")?
                };
                let m = Match::<Bailen>::new(scenario, options, seed as u64).map_err(js_error)?;
                Ok(Game { inner: AnyMatch::Bailen(m) })
            }
            muskets_battle::RULESET => {
                let options: muskets_battle::Options = if options.is_undefined() || options.is_null() {
                    muskets_battle::Options::default()
                } else {
                    from_js(options, "options")?
                };
                let m = Match::<Battle>::new(scenario, options, seed as u64).map_err(js_error)?;
                Ok(Game { inner: AnyMatch::MusketsBattle(m) })
            }
            bloody_monday::RULESET => {
                let options: bloody_monday::Options = if options.is_undefined() || options.is_null() {
                    bloody_monday::Options::default()
                } else {
                    from_js(options, "options")?
                };
                let m = Match::<BloodyMonday>::new(scenario, options, seed as u64).map_err(js_error)?;
                Ok(Game { inner: AnyMatch::BloodyMonday(m) })
            }
            other => Err(JsError::new(&format!("unknown ruleset '{other}'"))),
        }
    }

    /// Start from a plain description of a position (for Bailén, a `Setup` object: counters
    /// on hexes, round, step, options, scripted dice). The saved string of such a game carries
    /// the description, so it replays too.
    #[wasm_bindgen(js_name = fromSetup)]
    pub fn from_setup(ruleset: &str, setup: JsValue) -> Result<Game, JsError> {
        match ruleset {
            bailen::RULESET => {
                let setup: bailen::Setup = from_js(setup, "setup")?;
                let m = Match::<Bailen>::from_setup(&setup).map_err(js_error)?;
                Ok(Game { inner: AnyMatch::Bailen(m) })
            }
            muskets_battle::RULESET => {
                let setup: muskets_battle::Setup = from_js(setup, "setup")?;
                let m = Match::<Battle>::from_setup(&setup).map_err(js_error)?;
                Ok(Game { inner: AnyMatch::MusketsBattle(m) })
            }
            bloody_monday::RULESET => {
                let setup: bloody_monday::Setup = from_js(setup, "setup")?;
                let m = Match::<BloodyMonday>::from_setup(&setup).map_err(js_error)?;
                Ok(Game { inner: AnyMatch::BloodyMonday(m) })
            }
            other => Err(JsError::new(&format!("unknown ruleset '{other}'"))),
        }
    }

    /// Load a saved-game string; the engine's precise error if it is bad.
    #[wasm_bindgen(js_name = importString)]
    pub fn import_string(saved: &str) -> Result<Game, JsError> {
        let record = crate::core::record::Record::decode(saved).map_err(js_error)?;
        match record.ruleset.as_str() {
            bailen::RULESET => Ok(Game {
                inner: AnyMatch::Bailen(Match::from_record(record).map_err(js_error)?),
            }),
            muskets_battle::RULESET => Ok(Game {
                inner: AnyMatch::MusketsBattle(Match::from_record(record).map_err(js_error)?),
            }),
            bloody_monday::RULESET => Ok(Game {
                inner: AnyMatch::BloodyMonday(Match::from_record(record).map_err(js_error)?),
            }),
            other => Err(JsError::new(&format!(
                "bad saved game: it is for an unknown ruleset '{other}'"
            ))),
        }
    }

    /// The saved-game string of this game.
    #[wasm_bindgen(js_name = exportString)]
    pub fn export_string(&self) -> String {
        each!(self, m => m.export())
    }

    /// The ruleset's name.
    pub fn ruleset(&self) -> String {
        match &self.inner {
            AnyMatch::Bailen(_) => bailen::RULESET.to_string(),
            AnyMatch::MusketsBattle(_) => muskets_battle::RULESET.to_string(),
            AnyMatch::BloodyMonday(_) => bloody_monday::RULESET.to_string(),
        }
    }

    /// The static scenario data for drawing: Bailén's `ScenarioFile` (map, counters,
    /// formations), or the Field Battle's `BattleScenario` (HQs, CUs, leaders, troop values).
    #[wasm_bindgen(unchecked_return_type = "ScenarioFile")]
    pub fn scenario(&self) -> Result<JsValue, JsError> {
        match &self.inner {
            AnyMatch::Bailen(m) => to_js(m.state().scenario_data()),
            AnyMatch::MusketsBattle(m) => to_js(m.state().scenario()),
            AnyMatch::BloodyMonday(m) => to_js(m.state().scenario_data()),
        }
    }

    /// `{ side, step, actions }` or null when the game is over.
    #[wasm_bindgen(unchecked_return_type = "BailenPrompt | null")]
    pub fn prompt(&self) -> Result<JsValue, JsError> {
        each!(self, m => to_js(&m.prompt()))
    }

    /// Apply an action object; returns the events.
    #[wasm_bindgen(unchecked_return_type = "Event[]")]
    pub fn apply(&mut self, #[wasm_bindgen(unchecked_param_type = "Action")] action: JsValue) -> Result<JsValue, JsError> {
        each_mut!(self, m => {
            let action = from_js(action, "action")?;
            let events = m.apply_seen(&action).map_err(js_error)?;
            to_js(&events)
        })
    }

    /// Apply the `index`-th legal action of the prompt; returns the events.
    #[wasm_bindgen(js_name = applyIndex, unchecked_return_type = "Event[]")]
    pub fn apply_index(&mut self, index: u32) -> Result<JsValue, JsError> {
        each_mut!(self, m => to_js(&m.apply_index_seen(index as usize).map_err(js_error)?))
    }

    /// Is this action legal now?
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(&self, #[wasm_bindgen(unchecked_param_type = "Action")] action: JsValue) -> bool {
        each!(self, m => match serde_wasm_bindgen::from_value(action) {
            Ok(a) => m.state().is_legal(&a),
            Err(_) => false,
        })
    }

    /// A sentence describing an action, for the log and the action list.
    pub fn describe(&self, #[wasm_bindgen(unchecked_param_type = "Action")] action: JsValue) -> Result<String, JsError> {
        each!(self, m => {
            let a = from_js(action, "action")?;
            Ok(m.state().describe(&a))
        })
    }

    /// What `side` may see ("French" or "Spanish"; Bailén has no hidden information; the Field
    /// Battle's sides are "Imperial" and "Allied", and the enemy's hand and hidden counters
    /// never leave the engine).
    #[wasm_bindgen(unchecked_return_type = "View")]
    pub fn view(&self, side: &str) -> Result<JsValue, JsError> {
        each!(self, m => {
            let side = from_js(JsValue::from_str(side), "side")?;
            to_js(&m.state().view(side))
        })
    }

    /// The exact odds of an action decided by dice, or null.
    #[wasm_bindgen(unchecked_return_type = "Odds | null")]
    pub fn odds(&self, #[wasm_bindgen(unchecked_param_type = "Action")] action: JsValue) -> Result<JsValue, JsError> {
        each!(self, m => {
            let a = from_js(action, "action")?;
            to_js(&m.state().odds(&a))
        })
    }

    /// The result once the game is over, or null.
    #[wasm_bindgen(unchecked_return_type = "BailenOutcome | BattleOutcome | BmOutcome | null")]
    pub fn outcome(&self) -> Result<JsValue, JsError> {
        each!(self, m => to_js(&m.state().outcome()))
    }

    /// The whole game so far as `viewer` may see it, rebuilt by replaying it: the opening
    /// entry, then one entry per choice with who chose, the action, its description and the
    /// events (for the log of an imported game). Without a viewer: as the side now deciding
    /// sees it (everything once the game is over).
    #[wasm_bindgen(unchecked_return_type = "BailenHistoryEntry[] | MusketsBattleHistoryEntry[]")]
    pub fn history(&self, viewer: Option<String>) -> Result<JsValue, JsError> {
        each!(self, m => {
            let viewer = match viewer {
                Some(v) => Some(from_js(JsValue::from_str(&v), "viewer")?),
                None => m.prompt().map(|p| p.side),
            };
            to_js(&m.history_for(viewer).map_err(js_error)?)
        })
    }

    #[wasm_bindgen(js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        each!(self, m => m.can_undo())
    }

    /// Undo the last choice if no die was rolled since.
    pub fn undo(&mut self) -> Result<(), JsError> {
        each_mut!(self, m => m.undo().map_err(js_error))
    }

    /// How many choices have been made.
    #[wasm_bindgen(js_name = choiceCount)]
    pub fn choice_count(&self) -> u32 {
        each!(self, m => m.choices().len() as u32)
    }

    /// A separate game handle at the position after the first `n` choices (for replaying the log).
    #[wasm_bindgen(js_name = replayTo)]
    pub fn replay_to(&self, n: u32) -> Result<Game, JsError> {
        Ok(Game {
            inner: match &self.inner {
                AnyMatch::Bailen(m) => {
                    AnyMatch::Bailen(m.replay_prefix(n as usize).map_err(js_error)?)
                }
                AnyMatch::MusketsBattle(m) => {
                    AnyMatch::MusketsBattle(m.replay_prefix(n as usize).map_err(js_error)?)
                }
                AnyMatch::BloodyMonday(m) => {
                    AnyMatch::BloodyMonday(m.replay_prefix(n as usize).map_err(js_error)?)
                }
            },
        })
    }
}


/// Benchmark helper: play `games` random games of `ruleset` inside wasm (the same games as
/// `games::random_games` natively) and return the total number of actions.
#[wasm_bindgen(js_name = benchRandom)]
pub fn bench_random(ruleset: &str, games: u32, seed: u32) -> Result<f64, JsError> {
    crate::games::random_games(ruleset, games, seed).map(|n| n as f64).map_err(js_error)
}

/// Benchmark helper: `benchRandom("bailen", games, seed)` (kept for scripts/bench.sh).
#[wasm_bindgen(js_name = benchRandomGames)]
pub fn bench_random_games(games: u32, seed: u32) -> Result<u32, JsError> {
    crate::games::random_games(bailen::RULESET, games, seed).map(|n| n as u32).map_err(js_error)
}
