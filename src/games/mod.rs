//! The contract every ruleset fulfils, and the generic match (undo, export/import) built on it.
//!
//! A game is a state machine of decision points. At each point exactly one side decides:
//! `prompt()` names that side, the rulebook step, and the typed legal actions; `apply()` checks
//! and performs one of them and returns the events the page animates and logs.
pub mod bailen;
pub mod bloody_monday;
pub mod catalogue;
pub mod muskets;
pub mod napoleons_battles;

/// The registry of rulesets: one line each, the Cargo feature that builds it in, a name and the
/// ruleset's type. Everything that serves every ruleset (the catalogue, the wasm handles, the
/// conformance harness) expands it with a macro of its own: `for_each_ruleset!(m)` calls
/// `m! { #[cfg(...)] Name => Type, ... }`, and each expansion keeps the `cfg` on what it makes
/// of the line. Adding a ruleset is one line here and its feature in Cargo.toml (and its adapter
/// in the page). A build of one feature is a module of that ruleset alone: what no enabled line
/// reaches is left out by the linker (the Bailén module alone: 807,139 bytes, 255,672 brotli'd,
/// against 2,631,165 and 710,933 for all four).
#[macro_export]
macro_rules! for_each_ruleset {
    ($m:ident) => {
        $m! {
            #[cfg(feature = "bailen")] Bailen => $crate::games::bailen::Bailen,
            #[cfg(feature = "muskets")] MusketsBattle => $crate::games::muskets::battle::Battle,
            #[cfg(feature = "bloody-monday")] BloodyMonday => $crate::games::bloody_monday::BloodyMonday,
            #[cfg(feature = "napoleons-battles")] NapoleonsBattles => $crate::games::napoleons_battles::NapoleonsBattles,
        }
    };
}

use crate::core::record::{Choices, Record, RecordError, RECORD_VERSION};
use serde::{de::DeserializeOwned, Serialize};
use tsify::Tsify;
use std::fmt::{Debug, Display};

/// What a ruleset offers at a decision point: the listed legal actions and, for actions that
/// are not a finite list, templates whose concrete fillings `Rules::check_filled` accepts.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object)]
pub struct Prompt<Side, Step, Action, Template = NoTemplate> {
    /// Who decides now.
    pub side: Side,
    /// What is being decided, named after the rulebook step.
    pub step: Step,
    /// Every listed legal action, in a fixed order (format-1 saved games store indices into
    /// this list, so the order is kept).
    pub actions: Vec<Action>,
    /// Bounded templates of further legal actions ("move this stand up to 6 inches, wheel at
    /// most 45 degrees"); the player fills one in as an `Action`.
    pub templates: Vec<Template>,
}

/// The template type of a ruleset whose prompts list every legal action: it has no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum NoTemplate {}

/// The prompt of a position, computed at most once. A clone starts empty and a ruleset empties
/// it before it changes its position, so a stale prompt is never seen. Random playouts ask for
/// the prompt and then apply one of its actions: with the cache, the legality check of `apply`
/// costs a lookup instead of a second computation of every legal action.
/// The list of a forgotten prompt is kept, emptied, for the next one (`spare_actions`): random
/// playouts then list their actions without allocating.
#[derive(Debug)]
pub(crate) struct PromptCache<S, T, A, X = NoTemplate>(std::cell::OnceCell<Option<Prompt<S, T, A, X>>>, std::cell::RefCell<Vec<A>>);

impl<S, T, A, X> Default for PromptCache<S, T, A, X> {
    fn default() -> Self {
        PromptCache(std::cell::OnceCell::new(), std::cell::RefCell::new(Vec::new()))
    }
}

impl<S, T, A, X> Clone for PromptCache<S, T, A, X> {
    fn clone(&self) -> Self {
        PromptCache::default()
    }
}

impl<S, T, A, X> PromptCache<S, T, A, X> {
    /// The cached prompt, computed by `f` the first time.
    pub(crate) fn get_or(&self, f: impl FnOnce() -> Option<Prompt<S, T, A, X>>) -> &Option<Prompt<S, T, A, X>> {
        self.0.get_or_init(f)
    }
    /// The cached prompt if it has been computed.
    pub(crate) fn peek(&self) -> Option<&Option<Prompt<S, T, A, X>>> {
        self.0.get()
    }
    /// Forget the prompt: the position is about to change.
    pub(crate) fn clear(&mut self) {
        if let Some(Some(p)) = self.0.take() {
            self.recycle(p.actions);
        }
    }
    /// Keep the list of a prompt that is dropped, emptied, for `spare_actions`.
    pub(crate) fn recycle(&self, mut actions: Vec<A>) {
        if let Ok(mut spare) = self.1.try_borrow_mut() {
            if actions.capacity() > spare.capacity() {
                actions.clear();
                *spare = actions;
            }
        }
    }
    /// An empty list with room for `n` actions, from a forgotten prompt's if there is one.
    pub(crate) fn spare_actions(&self, n: usize) -> Vec<A> {
        let mut v = self.1.try_borrow_mut().map(|mut s| std::mem::take(&mut *s)).unwrap_or_default();
        v.reserve(n);
        v
    }
}

impl<S: PartialEq, T: PartialEq + std::fmt::Debug, A: PartialEq, X: PartialEq> PromptCache<S, T, A, X> {
    /// The prompt invariants every ruleset keeps (for tests): a cached prompt is the position's
    /// `fresh` one; a game not `over` waits for a decision with at least one legal action
    /// (`phase` names where it stands otherwise); a game over asks nothing.
    pub(crate) fn check(&self, fresh: Option<Prompt<S, T, A, X>>, over: bool, phase: &dyn std::fmt::Debug) -> Result<(), String> {
        if self.peek().is_some_and(|cached| *cached != fresh) {
            return Err("the cached prompt differs from the position's".into());
        }
        match (over, fresh) {
            (false, None) => Err(format!("no decision in phase {phase:?}")),
            (false, Some(p)) if p.actions.is_empty() && p.templates.is_empty() => {
                Err(format!("no legal action at step {:?}", p.step))
            }
            (true, Some(_)) => Err("a prompt after the game ended".into()),
            _ => Ok(()),
        }
    }
}

/// One step of a game's history: who chose which action, and what happened.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object)]
pub struct HistoryEntry<Side, Action, Event> {
    /// Who decided (None for the opening entry).
    pub side: Option<Side>,
    pub action: Option<Action>,
    pub description: Option<String>,
    pub events: Vec<Event>,
}

/// Why an action, a setup or a saved game was refused. Refusing never changes the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum GameError {
    /// The action is not legal now; the text says why.
    Illegal(String),
    /// The game is over.
    GameOver,
    /// A setup or scenario was refused; names the file, unit and field where it can.
    Setup(String),
    /// The options could not be read.
    Options(String),
    /// A saved string could not be read.
    Record(String),
    /// A saved string was read but its choices do not replay: at this choice, for this reason.
    Replay { choice: usize, reason: String },
    /// Nothing to undo.
    NothingToUndo,
}

/// What kind of refusal an error is, for the page to act on (the text stays the precise one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorKind {
    /// The action is not legal now (or is not an action of this ruleset).
    IllegalAction,
    /// The game is over: nothing more can be played.
    GameOver,
    /// A setup, scenario file or option set was refused.
    BadSetup,
    /// A saved string cannot be read.
    BadSavedString,
    /// A saved string was read but does not replay (at `choice`).
    ReplayFailure,
    /// Nothing to undo.
    NothingToUndo,
    /// A value given to the engine is not of the expected shape (too deep, too large, not JSON).
    BadInput,
    /// A play-by-email refusal: a mail string, a passphrase or a turn (`mail::MailError`).
    Mail,
}

impl GameError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            GameError::Illegal(_) => ErrorKind::IllegalAction,
            GameError::GameOver => ErrorKind::GameOver,
            GameError::Setup(_) | GameError::Options(_) => ErrorKind::BadSetup,
            GameError::Record(_) => ErrorKind::BadSavedString,
            GameError::Replay { .. } => ErrorKind::ReplayFailure,
            GameError::NothingToUndo => ErrorKind::NothingToUndo,
        }
    }
    /// The 0-based choice at which a saved game stopped replaying.
    pub fn choice(&self) -> Option<usize> {
        match self {
            GameError::Replay { choice, .. } => Some(*choice),
            _ => None,
        }
    }
}

impl Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameError::Illegal(why) => write!(f, "illegal action: {why}"),
            GameError::GameOver => write!(f, "the game is over"),
            GameError::Setup(why) => write!(f, "bad setup: {why}"),
            GameError::Options(why) => write!(f, "bad options: {why}"),
            GameError::Record(why) => write!(f, "bad saved game: {why}"),
            GameError::Replay { choice, reason } => {
                write!(f, "saved game does not replay at choice {choice}: {reason}")
            }
            GameError::NothingToUndo => write!(f, "nothing to undo"),
        }
    }
}
impl std::error::Error for GameError {}

impl From<RecordError> for GameError {
    fn from(e: RecordError) -> Self {
        GameError::Record(e.to_string())
    }
}

/// An event reports what happened; some close the undo window (a die rolled, something hidden
/// revealed).
pub trait GameEvent: Clone + Debug + Serialize {
    fn closes_undo(&self) -> bool;
}

/// One ruleset's state machine. The state is small and cheap to clone; static data lives in a
/// shared scenario the state points to.
pub trait Rules: Clone + Sized {
    /// The ruleset's name in saved games ("bailen", ...).
    const RULESET: &'static str;
    /// The version of this ruleset's rules code, written in every saved game. Bump it when a
    /// change makes an existing game play differently (a rule fixed, the dice drawn otherwise,
    /// an action renamed), and say what changed in `RULES_CHANGES`: a saved game of an older
    /// version is then refused with that text instead of silently replaying another game.
    const RULES_VERSION: u16 = 1;
    /// What changed at each rules version after the first: (version, what changed).
    const RULES_CHANGES: &'static [(u16, &'static str)] = &[];
    type Side: Copy + Debug + PartialEq + Serialize + DeserializeOwned + 'static;
    type Step: Clone + Debug + PartialEq + Serialize;
    type Action: Clone + Debug + PartialEq + Display + Serialize + DeserializeOwned;
    /// The templates a prompt may offer for actions that are not a finite list (`NoTemplate`
    /// for a ruleset that lists every action).
    type Template: Clone + Debug + PartialEq + Serialize;
    type Event: GameEvent;
    type View: Serialize;
    type Odds: Serialize;
    type Outcome: Clone + Debug + PartialEq + Serialize;
    type Options: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned;

    /// A new game of a built-in scenario.
    fn new_scenario_game(scenario: &str, options: &Self::Options, seed: u64) -> Result<Self, GameError>;
    /// A new game: a built-in scenario, or a public setup description (JSON, as saved by a game
    /// started from a setup, so that such games save and replay like any other).
    fn new_game(scenario: &str, options: &Self::Options, seed: u64) -> Result<Self, GameError> {
        if let Some((file_name, text)) = scenario_file_of(scenario) {
            return Self::from_scenario_file(file_name, text, options, seed);
        }
        if scenario.starts_with('{') {
            let setup: Self::Setup = serde_json::from_str(scenario)
                .map_err(|e| GameError::Setup(format!("setup description: {e}")))?;
            return Self::from_setup(&setup);
        }
        Self::new_scenario_game(scenario, options, seed)
    }
    /// A new game of a scenario file from outside the built-in list (a publisher's or a
    /// modder's variant), through the validation the built-in data passes; errors name
    /// `file_name`, the unit and the field. A ruleset without scenario files keeps the default.
    fn from_scenario_file(file_name: &str, text: &str, options: &Self::Options, seed: u64) -> Result<Self, GameError> {
        let _ = (text, options, seed);
        Err(GameError::Setup(format!("{file_name}: {} takes no scenario files", Self::RULESET)))
    }
    /// The scenario id this game was started from.
    fn scenario_id(&self) -> &str;
    /// A public setup description of a position: pieces placed, step, options, scripted dice.
    type Setup: Serialize + DeserializeOwned;
    /// Validate a setup into a game; errors name the unit and the field.
    fn from_setup(setup: &Self::Setup) -> Result<Self, GameError>;
    /// The options and seed a setup carries.
    fn setup_options(setup: &Self::Setup) -> (Self::Options, u64);
    /// The (scenario, options, seed) that `new_game` turns back into the setup's position.
    fn setup_scenario(setup: &Self::Setup) -> Result<(String, Self::Options, u64), GameError> {
        let json = serde_json::to_string(setup).map_err(|e| GameError::Setup(e.to_string()))?;
        let (options, seed) = Self::setup_options(setup);
        Ok((json, options, seed))
    }
    fn options(&self) -> &Self::Options;
    /// The actions of a game in the saved string's compact code, and back (`decode_actions`
    /// fails with the 0-based number of the action it cannot read and why). The default is
    /// each action's serde value in the shared value code of `core::action_code`, which suits
    /// any ruleset; a ruleset whose games are long may write a denser code of its own.
    fn encode_actions(actions: &[Self::Action]) -> Vec<u8> {
        let mut code = crate::core::action_code::Encoder::default();
        for a in actions {
            // Actions are plain data: serialising one cannot fail.
            code.value(&serde_json::to_value(a).unwrap_or_default());
        }
        code.finish()
    }
    fn decode_actions(code: &[u8], count: usize) -> Result<Vec<Self::Action>, (usize, String)> {
        let mut d = crate::core::action_code::Decoder::new(code);
        let mut out = Vec::with_capacity(count.min(code.len()));
        for n in 0..count {
            let value = d.value().map_err(|e| (n, format!("the saved action cannot be read: {e}")))?;
            let action = serde_json::from_value(value.clone())
                .map_err(|e| (n, format!("{value} is not an action of {}: {e}", Self::RULESET)))?;
            out.push(action);
        }
        if d.remaining() > 0 {
            return Err((count, format!("{} unexpected bytes follow the last action", d.remaining())));
        }
        Ok(out)
    }
    /// Options as compact bytes for the saved string, and back.
    fn encode_options(options: &Self::Options) -> Vec<u8>;
    fn decode_options(bytes: &[u8]) -> Result<Self::Options, GameError>;

    /// What `viewer` may see of an event: None hides it, or a copy with the secrets removed.
    /// Rulesets without hidden information keep the default (everything).
    fn event_for(&self, event: &Self::Event, viewer: Self::Side) -> Option<Self::Event> {
        let _ = viewer;
        Some(event.clone())
    }
    /// Does this ruleset keep facts of one side hidden from the other (fog of war, secret
    /// choices)? Play by email (`crate::mail`) does not seal such facts yet and refuses it.
    const HIDDEN_FACTS: bool = false;
    /// May the other side learn which action was chosen (in the history)? Default: yes.
    fn action_is_public(&self, action: &Self::Action) -> bool {
        let _ = action;
        true
    }
    /// A sentence describing an action, for logs and lists.
    fn describe(&self, action: &Self::Action) -> String {
        action.to_string()
    }
    /// Events of the automatic steps that ran when the game was created (e.g. the first
    /// initiative rolls after a historical deployment).
    fn opening_events(&self) -> Vec<Self::Event> {
        Vec::new()
    }
    /// Who decides now, what, and the legal actions, borrowed from the ruleset's
    /// `PromptCache` (computed once per position). None once the game is over. Search and
    /// random play read it here, without copying the list.
    fn prompt_ref(&self) -> Option<&Prompt<Self::Side, Self::Step, Self::Action, Self::Template>>;
    /// `prompt_ref`, as an owned copy.
    fn prompt(&self) -> Option<Prompt<Self::Side, Self::Step, Self::Action, Self::Template>> {
        self.prompt_ref().cloned()
    }
    /// Validate and perform one action. On error the state is unchanged.
    fn apply(&mut self, action: &Self::Action) -> Result<Vec<Self::Event>, GameError>;
    /// Perform the `index`-th action the prompt lists (search and random play choose by
    /// position in the list they read): a ruleset may skip looking the action up in its own
    /// list. An index past the list is refused and changes nothing.
    fn apply_listed(&mut self, index: usize) -> Result<Vec<Self::Event>, GameError> {
        let action = listed(self.prompt_ref(), index)?.clone();
        self.apply(&action)
    }
    /// `apply_listed` for search and random play, which read no events: a ruleset may skip
    /// what only the events need (the path a move traced). The position it leaves is the same.
    fn play_listed(&mut self, index: usize) -> Result<(), GameError> {
        self.apply_listed(index).map(|_| ())
    }
    /// Continuous actions: Ok if `action` is a concrete filling of one of the prompt's templates
    /// within its bounds (a destination and facing for "move up to 6 inches"), else the precise
    /// reason it is not ("the move costs 6.4 inches, 6 are left"). A ruleset whose prompts list
    /// every legal action keeps the default: nothing outside the list is legal.
    fn check_filled(&self, action: &Self::Action) -> Result<(), GameError> {
        Err(GameError::Illegal(format!("{action} is not offered now")))
    }
    /// What a filling `check_filled` accepts would spend and leave, in the player's words, for
    /// the page to show while a piece is dragged ("3.20\" of 6.00\", 2.80\" left"). None by
    /// default, and for anything that is not such a filling.
    fn filled_note(&self, _action: &Self::Action) -> Option<String> {
        None
    }
    /// Is this action legal now? Agrees with membership in `prompt().actions`, or with
    /// `check_filled` for the filling of a template.
    fn is_legal(&self, action: &Self::Action) -> bool {
        self.prompt().is_some_and(|p| p.actions.contains(action)) || self.check_filled(action).is_ok()
    }
    /// Everything `side` may see and nothing more.
    fn view(&self, side: Self::Side) -> Self::View;
    /// The exact distribution of outcomes of an action decided by dice, if it is one.
    fn odds(&self, action: &Self::Action) -> Option<Self::Odds>;
    /// Winner and level of victory, or None while the game goes on.
    fn outcome(&self) -> Option<Self::Outcome>;
}

/// How a game started from a scenario file names it in its saved string: this prefix, the
/// file's name, a line break, then the file's whole text (so the string replays without the
/// file; DEFLATE keeps it short).
pub const SCENARIO_FILE_PREFIX: &str = "file:";

/// The scenario text of a game started from a scenario file.
pub fn scenario_file_text(file_name: &str, text: &str) -> String {
    format!("{SCENARIO_FILE_PREFIX}{}\n{text}", file_name.replace('\n', " "))
}

/// (file name, text) of a scenario written by `scenario_file_text`, None for a built-in id or a
/// setup description.
pub fn scenario_file_of(scenario: &str) -> Option<(&str, &str)> {
    scenario.strip_prefix(SCENARIO_FILE_PREFIX)?.split_once('\n')
}

/// What a computer opponent needs of every ruleset: the search extension of the contract. A
/// search is written once over it and sees only what its side may see (through `determinize`).
pub trait Search: Rules {
    /// Every side, in a fixed order: the order of `returns`.
    const SIDES: &'static [Self::Side];
    /// Who decides now, or None once the game is over.
    fn to_move(&self) -> Option<Self::Side> {
        self.prompt().map(|p| p.side)
    }
    /// Once the game is over, a score per side in [-1, 1], in the order of `SIDES`: the
    /// winner's level of victory, its negative for the loser, 0 for a draw.
    fn returns(&self) -> Option<Vec<f64>>;
    /// A cheap estimate in [-1, 1] of how well `side` stands in an unfinished position
    /// (1 = sure to win decisively).
    fn heuristic(&self, side: Self::Side) -> f64;
    /// The same position with a fresh dice stream drawn from `seed` (scripted rolls dropped),
    /// so that a search never sees the real future dice.
    fn reseeded(&self, seed: u64) -> Self;
    /// A complete state that agrees with everything `viewer` knows (its view, the events and
    /// history it was shown), with the other side's hidden facts drawn again from `seed` and a
    /// fresh dice stream. Two states `viewer` cannot tell apart give the same draw for a seed.
    fn determinize(&self, viewer: Self::Side, seed: u64) -> Self;
}

/// A game being played: the current state, what is needed to undo, and what the saved string
/// holds (how the game started and every action chosen, as the actions themselves).
#[derive(Clone, Debug)]
pub struct Match<R: Rules> {
    state: R,
    /// The scenario id or text, the encoded options and the seed the game started from.
    scenario: String,
    options: Vec<u8>,
    seed: u64,
    /// Every action chosen, in order.
    actions: Vec<R::Action>,
    /// States before each undoable choice since the last die roll or reveal, with the number
    /// of actions at that time.
    undo: Vec<(R, usize)>,
}

impl<R: Rules> Match<R> {
    pub fn new(scenario: &str, options: R::Options, seed: u64) -> Result<Self, GameError> {
        let state = R::new_game(scenario, &options, seed)?;
        Ok(Match {
            state,
            scenario: scenario.to_string(),
            options: R::encode_options(&options),
            seed,
            actions: Vec::new(),
            undo: Vec::new(),
        })
    }

    /// A match from a scenario file from outside the built-in list (`Rules::from_scenario_file`);
    /// its saved string carries the file, so it replays where the file is not at hand.
    pub fn from_scenario_file(file_name: &str, text: &str, options: R::Options, seed: u64) -> Result<Self, GameError> {
        Match::new(&scenario_file_text(file_name, text), options, seed)
    }

    /// A match from a public setup description of a position.
    pub fn from_setup(setup: &R::Setup) -> Result<Self, GameError> {
        let (scenario, options, seed) = R::setup_scenario(setup)?;
        Match::new(&scenario, options, seed)
    }

    pub fn state(&self) -> &R {
        &self.state
    }

    pub fn prompt(&self) -> Option<Prompt<R::Side, R::Step, R::Action, R::Template>> {
        self.state.prompt()
    }

    /// Apply an action given by value: one of the prompt's listed actions, or a concrete
    /// filling of one of its templates that the ruleset accepts.
    pub fn apply(&mut self, action: &R::Action) -> Result<Vec<R::Event>, GameError> {
        check_offered(&self.state, action)?;
        self.perform(action)
    }

    /// Apply the `index`-th legal action of the current prompt.
    pub fn apply_index(&mut self, index: usize) -> Result<Vec<R::Event>, GameError> {
        let action = listed(self.state.prompt_ref(), index)?.clone();
        self.perform(&action)
    }

    /// Perform a legal action, recording it and keeping the undo window.
    fn perform(&mut self, action: &R::Action) -> Result<Vec<R::Event>, GameError> {
        let before = self.state.clone();
        let events = self.state.apply(action)?;
        self.actions.push(action.clone());
        if events.iter().any(|e| e.closes_undo()) {
            self.undo.clear();
        } else {
            self.undo.push((before, self.actions.len() - 1));
        }
        Ok(events)
    }

    /// Apply the `index`-th legal action and return the events as the side that chose may see
    /// them (what the page shows to the player at the screen).
    pub fn apply_index_seen(&mut self, index: usize) -> Result<Vec<R::Event>, GameError> {
        let side = self.state.prompt().ok_or(GameError::GameOver)?.side;
        let events = self.apply_index(index)?;
        Ok(events.iter().filter_map(|e| self.state.event_for(e, side)).collect())
    }

    /// Apply an action given by value, returning the events as the side that chose may see them.
    pub fn apply_seen(&mut self, action: &R::Action) -> Result<Vec<R::Event>, GameError> {
        let side = self.state.prompt().ok_or(GameError::GameOver)?.side;
        let events = self.apply(action)?;
        Ok(events.iter().filter_map(|e| self.state.event_for(e, side)).collect())
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Back one choice, if no die was rolled and nothing hidden revealed since.
    pub fn undo(&mut self) -> Result<(), GameError> {
        let (state, len) = self.undo.pop().ok_or(GameError::NothingToUndo)?;
        self.state = state;
        self.actions.truncate(len);
        Ok(())
    }

    /// The actions chosen so far.
    pub fn choices(&self) -> &[R::Action] {
        &self.actions
    }

    /// The saved-game record of this game (format 2: the actions themselves).
    pub fn record(&self) -> Record {
        Record {
            version: RECORD_VERSION,
            ruleset: R::RULESET.to_string(),
            rules_version: R::RULES_VERSION,
            scenario: self.scenario.clone(),
            options: self.options.clone(),
            seed: self.seed,
            choices: Choices::Actions {
                count: u32::try_from(self.actions.len()).unwrap_or(u32::MAX),
                code: R::encode_actions(&self.actions),
            },
        }
    }

    /// The saved-game string.
    pub fn export(&self) -> String {
        self.record().encode()
    }

    /// Read a saved-game string and replay it. Every failure is precise and nothing is kept.
    pub fn import(saved: &str) -> Result<Self, GameError> {
        let record = Record::decode(saved)?;
        Self::from_record(record)
    }

    /// Check that a record is of this ruleset and of rules code this build plays.
    fn check_record(record: &Record) -> Result<(), GameError> {
        if record.ruleset != R::RULESET {
            return Err(GameError::Record(format!(
                "this saved game is for ruleset '{}', not '{}'",
                record.ruleset,
                R::RULESET
            )));
        }
        check_rules_version::<R>(record.rules_version)
    }

    pub fn from_record(record: Record) -> Result<Self, GameError> {
        Self::check_record(&record)?;
        let options = R::decode_options(&record.options)?;
        let mut m = Match::new(&record.scenario, options, record.seed)?;
        match &record.choices {
            // Format 1: indices into the lists of legal actions (the lists' order is kept).
            Choices::Indices(choices) => {
                for (n, &choice) in choices.iter().enumerate() {
                    m.apply_index(choice as usize)
                        .map_err(|e| GameError::Replay { choice: n, reason: e.to_string() })?;
                }
            }
            Choices::Actions { count, code } => {
                let actions = R::decode_actions(code, *count as usize)
                    .map_err(|(choice, reason)| GameError::Replay { choice, reason })?;
                for (n, action) in actions.iter().enumerate() {
                    m.apply(action).map_err(|e| GameError::Replay { choice: n, reason: e.to_string() })?;
                }
            }
        }
        Ok(m)
    }

    /// A fresh match at the start of this one (the same scenario, options and seed).
    fn restart(&self) -> Result<Self, GameError> {
        let options = R::decode_options(&self.options)?;
        Match::new(&self.scenario, options, self.seed)
    }

    /// The whole game so far, by replaying it: an opening entry with the events of the
    /// automatic steps at creation, then one entry per choice (who chose, what, and the events).
    /// Rebuilds the log of an imported game.
    pub fn history(&self) -> Result<Vec<HistoryEntry<R::Side, R::Action, R::Event>>, GameError> {
        self.history_for(None)
    }

    /// The history as `viewer` may see it (everything with None): the other side's secret
    /// events are hidden or stripped, and its secret actions left out.
    pub fn history_for(
        &self,
        viewer: Option<R::Side>,
    ) -> Result<Vec<HistoryEntry<R::Side, R::Action, R::Event>>, GameError> {
        let mut m = self.restart()?;
        let mut out = vec![HistoryEntry {
            side: None,
            action: None,
            description: None,
            events: m.state.opening_events(),
        }];
        for (n, a) in self.actions.iter().enumerate() {
            let replay = |e: GameError| GameError::Replay { choice: n, reason: e.to_string() };
            let prompt = m.state.prompt().ok_or(GameError::GameOver).map_err(replay)?;
            let shown = viewer.is_none_or(|v| v == prompt.side || m.state.action_is_public(a));
            let action = shown.then(|| a.clone());
            let description = action.as_ref().map(|a| m.state.describe(a));
            let events = m.apply(a).map_err(replay)?;
            let events = match viewer {
                Some(v) => events.iter().filter_map(|e| m.state.event_for(e, v)).collect(),
                None => events,
            };
            out.push(HistoryEntry { side: Some(prompt.side), action, description, events });
        }
        if let (Some(v), Some(first)) = (viewer, out.first_mut()) {
            first.events = first.events.iter().filter_map(|e| m.state.event_for(e, v)).collect();
        }
        Ok(out)
    }

    /// Replay the first `n` choices into a fresh match (for stepping back through the log).
    pub fn replay_prefix(&self, n: usize) -> Result<Self, GameError> {
        let mut m = self.restart()?;
        for (k, a) in self.actions.iter().take(n).enumerate() {
            m.apply(a).map_err(|e| GameError::Replay { choice: k, reason: e.to_string() })?;
        }
        Ok(m)
    }
}

/// Check that a saved game's rules version is the one this build plays: a newer one asks for an
/// update, an older one names what changed since (`Rules::RULES_CHANGES`).
pub(crate) fn check_rules_version<R: Rules>(found: u16) -> Result<(), GameError> {
    let plays = R::RULES_VERSION;
    if found > plays {
        return Err(GameError::Record(format!(
            "this saved game was made by a newer version of the {} rules (version {found}); \
             this program plays version {plays}: update the program to load it",
            R::RULESET
        )));
    }
    if found < plays {
        let changes: Vec<&str> = R::RULES_CHANGES
            .iter()
            .filter(|(v, _)| *v > found && *v <= plays)
            .map(|(_, what)| *what)
            .collect();
        return Err(GameError::Record(format!(
            "this saved game was played under version {found} of the {} rules and cannot be \
             replayed faithfully by version {plays}, which changed: {}",
            R::RULESET,
            if changes.is_empty() { "the rules code".to_string() } else { changes.join("; ") }
        )));
    }
    Ok(())
}

/// Refuse, as `Match::apply` does, an action that is neither listed by the prompt nor a filling
/// its templates accept, with the rules' own reason; the state is not touched.
pub(crate) fn check_offered<R: Rules>(state: &R, action: &R::Action) -> Result<(), GameError> {
    let prompt = state.prompt_ref().ok_or(GameError::GameOver)?;
    if !prompt.actions.contains(action) {
        if let Err(refusal) = state.check_filled(action) {
            // Ask the rules why, without touching the state.
            let mut probe = state.clone();
            return match probe.apply(action) {
                Err(e) => Err(e),
                Ok(_) => Err(refusal),
            };
        }
    }
    Ok(())
}

/// The `index`-th action a prompt lists, or the refusal of a game over or an index past the list.
pub(crate) fn listed<S, T, A, X>(prompt: Option<&Prompt<S, T, A, X>>, index: usize) -> Result<&A, GameError> {
    let prompt = prompt.ok_or(GameError::GameOver)?;
    prompt.actions.get(index).ok_or_else(|| GameError::Illegal(format!("choice {index} does not exist: only {} legal actions", prompt.actions.len())))
}

/// Play random legal actions until the game ends (or `max_actions`), for playout tests,
/// benchmarks and a future computer opponent's search. Returns the number of actions taken.
/// The choices come from their own small generator, never from the game's dice.
pub fn random_playout<R: Rules>(state: &mut R, seed: u64, max_actions: usize) -> Result<usize, GameError> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut n = 0;
    while n < max_actions {
        let Some(p) = state.prompt_ref() else { break };
        if p.actions.is_empty() {
            return Err(GameError::Illegal(format!("no legal action at {:?}", p.step)));
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let i = (x % p.actions.len() as u64) as usize;
        state.play_listed(i)?;
        n += 1;
    }
    Ok(n)
}

/// Play `games` random games of a built-in ruleset (game g uses seed + g for the dice and the
/// choices) and return the total number of actions: the same games natively and in wasm, so the
/// benchmarks can compare the two. Bailén with every option, the Field Battle's six scenarios in
/// turn, Bloody Monday's full battle.
pub fn random_games(ruleset: &str, games: u32, seed: u32) -> Result<u64, GameError> {
    fn play<R: Rules>(scenario: &str, options: &R::Options, seed: u32) -> Result<u64, GameError> {
        let mut state = R::new_game(scenario, options, seed as u64)?;
        Ok(random_playout(&mut state, seed as u64, 100_000)? as u64)
    }
    let mut actions = 0;
    for g in 0..games {
        let s = seed.wrapping_add(g);
        actions += match ruleset {
            #[cfg(feature = "bailen")]
            bailen::RULESET => play::<bailen::Bailen>(bailen::DEFAULT_SCENARIO, &bailen::Options::all(), s)?,
            #[cfg(feature = "muskets")]
            muskets::battle::RULESET => {
                let ids = muskets::battle::SCENARIO_IDS;
                play::<muskets::battle::Battle>(ids[g as usize % ids.len()], &Default::default(), s)?
            }
            #[cfg(feature = "bloody-monday")]
            bloody_monday::RULESET => {
                play::<bloody_monday::BloodyMonday>(bloody_monday::BORODINO, &Default::default(), s)?
            }
            #[cfg(feature = "napoleons-battles")]
            napoleons_battles::RULESET => {
                let ids = napoleons_battles::scenario::built_in();
                play::<napoleons_battles::NapoleonsBattles>(&ids[g as usize % ids.len().max(1)].id, &Default::default(), s)?
            }
            other => return Err(GameError::Setup(format!("unknown ruleset '{other}'"))),
        };
    }
    Ok(actions)
}
