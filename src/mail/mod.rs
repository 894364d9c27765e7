//! Play by email: a mailed string that the receiver can trust without a server.
//!
//! Each side's keys come from its passphrase (Argon2id, then HKDF-SHA-256: an Ed25519 signing
//! key and an XChaCha20-Poly1305 key); every entry of the history is signed by its sender, and
//! the string as a whole by the last sender. The dice of each turn come from a seed neither side
//! could foresee or choose: both sides committed to a hash chain in the opening exchange and
//! each turn reveals the sender's next link (commit-reveal). A side's chain secret travels
//! sealed to its own key in every string it sends, so a player can continue on any machine
//! with the passphrase and the latest string. The protocol, the format and the threat model
//! are in docs/mail.md.
//!
//! Only rulesets whose facts are all public are served (Bailén, Napoleon's Battles): a ruleset
//! with hidden facts (`Rules::HIDDEN_FACTS`) is refused, its facts not being sealed yet.
//! Hot-seat and solo saved strings (`core::record`) are untouched by this module.
mod crypto;
mod wire;

pub use crypto::{Kdf, CHAIN_LEN};
pub use wire::MAIL_VERSION;

use crate::games::{check_offered, check_rules_version, GameError, GameEvent, HistoryEntry, Prompt, Rules, Search};
use crypto::{Bytes32, Keys};
use std::fmt;
use wire::{Body, Entry, Header, Transcript};

/// Why a mail string, a passphrase or a move was refused. Turn and choice numbers count from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MailError {
    /// Nothing but whitespace.
    Empty,
    /// A character that is not base64url (0-based position in the text as given).
    BadCharacter { position: usize, character: char },
    /// Not a play-by-email string (a hot-seat saved game, or something else).
    NotAMailString,
    /// A mail format this build does not read.
    UnsupportedVersion { found: u16 },
    /// An edit after sending: a signature, a link or the shape of the contents does not hold.
    Changed(String),
    /// The string is of another ruleset.
    WrongRuleset { found: String, expected: &'static str },
    /// The rules version differs (the engine's words).
    Rules(String),
    /// The ruleset hides facts from one side, which play by email does not seal yet.
    HiddenFacts { ruleset: &'static str },
    /// The string's Argon2 parameters are below the floor.
    WeakKdf { found: Kdf, floor: Kdf },
    /// The string's Argon2 parameters are beyond what a page may be asked to spend.
    CostlyKdf { found: Kdf },
    /// The key derivation failed (parameters Argon2 refuses).
    Kdf(String),
    /// The system's random source failed.
    Random(String),
    /// The scenario or options do not make a game.
    Setup(String),
    /// A string of another game than the one held.
    OtherGame,
    /// The string holds fewer turns than the history held.
    Older { held: usize, found: usize },
    /// The string's history differs from the held one from this turn (0: the opening exchange).
    Fork { turn: u32 },
    /// A turn sent by the side whose turn it was not.
    WrongSide { turn: u32 },
    /// An entry whose signature is not its sender's (0: an opening entry).
    BadSignature { turn: u32 },
    /// A reveal that does not hash to the sender's previous reveal (or its anchor).
    BadReveal { turn: u32 },
    /// A side has revealed its whole chain.
    ChainExhausted,
    /// A choice of a turn that the rules refuse.
    Illegal { turn: u32, choice: usize, reason: String },
    /// The turn goes on after the rules handed over to the other side (after choice `choice`).
    TurnOverrun { turn: u32, choice: usize },
    /// The turn stops while the rules still ask its sender.
    TurnUnfinished { turn: u32 },
    /// A turn after the end of the game.
    AfterEnd { turn: u32 },
    /// A turn without any choice where its sender had to decide.
    EmptyTurn { turn: u32 },
    /// The passphrase does not unlock this side's keys.
    WrongPassphrase,
    /// The keys are needed (to play or send) and are not unlocked.
    Locked,
    /// Not the local side's turn.
    NotYourTurn,
    /// `send` during the local turn, while the rules still ask the local side.
    TurnNotFinished,
    /// A choice after the local turn ended (the rules hand over): it is to be sent.
    TurnOver,
    /// Nothing new to send: the opponent is to answer.
    NothingToSend,
    /// A string that cannot be answered (it is not an opening) or a side that is not the game's.
    Opening(String),
    /// A move or undo refused by the engine.
    Game(GameError),
}

impl MailError {
    fn changed(why: &str) -> Self {
        MailError::Changed(why.to_string())
    }
}

impl fmt::Display for MailError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let turn = |t: &u32| if *t == 0 { "the opening exchange".to_string() } else { format!("turn {t}") };
        match self {
            MailError::Empty => write!(f, "The game string is empty: paste the whole string you received."),
            MailError::BadCharacter { position, character } => write!(
                f,
                "The game string cannot contain {character:?} where it does (character {}): it was damaged while being copied.",
                position + 1
            ),
            MailError::NotAMailString => write!(f, "This is not a play-by-email game string."),
            MailError::UnsupportedVersion { found } => write!(
                f,
                "This game string uses mail format {found}; this program reads format {MAIL_VERSION}: update the program."
            ),
            MailError::Changed(why) => write!(f, "This string was changed after it was sent ({why})."),
            MailError::WrongRuleset { found, expected } => {
                write!(f, "This game string is a game of '{found}', not of '{expected}'.")
            }
            MailError::Rules(why) => write!(f, "This game string cannot be played here: {why}."),
            MailError::HiddenFacts { ruleset } => write!(
                f,
                "Play by email does not support {ruleset} yet: its sides keep facts hidden from each other, and sealed hidden facts are not supported yet."
            ),
            MailError::WeakKdf { found, floor } => write!(
                f,
                "This game string protects passphrases too weakly (Argon2id m={} KiB, t={}, p={}; at least m={}, t={}, p={} is required).",
                found.memory_kib, found.passes, found.lanes, floor.memory_kib, floor.passes, floor.lanes
            ),
            MailError::CostlyKdf { found } => write!(
                f,
                "This game string asks for a passphrase check too costly to run (Argon2id m={} KiB, t={}, p={}).",
                found.memory_kib, found.passes, found.lanes
            ),
            MailError::Kdf(why) => write!(f, "The passphrase could not be turned into keys: {why}."),
            MailError::Random(why) => write!(f, "This device gave no random numbers: {why}."),
            MailError::Setup(why) => write!(f, "This game cannot be set up: {why}."),
            MailError::OtherGame => write!(f, "This string belongs to another game than the one you have."),
            MailError::Older { held, found } => write!(
                f,
                "This turn answers an older turn than the one you have (it holds {found} entries, you have {held})."
            ),
            MailError::Fork { turn: t } => {
                write!(f, "This string does not follow the game you have (it forks at {}).", turn(t))
            }
            MailError::WrongSide { turn: t } => {
                write!(f, "This string was not sent by the right side: {} is the other side's.", turn(t))
            }
            MailError::BadSignature { turn: t } => write!(
                f,
                "This string was changed after it was sent (the signature of {} is not its sender's).",
                turn(t)
            ),
            MailError::BadReveal { turn: t } => write!(
                f,
                "The dice of {} do not follow from what its sender committed to: the string was forged.",
                turn(t)
            ),
            MailError::ChainExhausted => write!(
                f,
                "A side has played the {} turns a mail game allows.",
                CHAIN_LEN - 1
            ),
            MailError::Illegal { turn, choice, reason } => {
                write!(f, "Choice {choice} of turn {turn} is not legal: {reason}.")
            }
            MailError::TurnOverrun { turn, choice } => write!(
                f,
                "Turn {turn} goes on after choice {choice}, where the rules hand over to the other side."
            ),
            MailError::TurnUnfinished { turn } => {
                write!(f, "Turn {turn} stops while the rules still ask its side to decide.")
            }
            MailError::AfterEnd { turn } => write!(f, "Turn {turn} comes after the end of the game."),
            MailError::EmptyTurn { turn } => write!(f, "Turn {turn} holds no choice, though its side had to decide."),
            MailError::WrongPassphrase => write!(f, "This passphrase does not unlock your side of this game."),
            MailError::Locked => write!(f, "Enter your passphrase first: your keys are needed to play and send."),
            MailError::NotYourTurn => write!(f, "It is not your turn: wait for your opponent's string."),
            MailError::TurnNotFinished => {
                write!(f, "Your turn is not finished: the rules still ask you to decide.")
            }
            MailError::TurnOver => write!(f, "Your turn is over: send it to your opponent."),
            MailError::NothingToSend => write!(f, "There is nothing new to send: your opponent is to answer."),
            MailError::Opening(why) => write!(f, "{why}."),
            MailError::Game(e) => write!(f, "{e}."),
        }
    }
}
impl std::error::Error for MailError {}

/// The Argon2 parameters games are made with and the floor below which a string is refused.
/// Both are `Kdf::PRODUCTION` by default; only tests lower them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub kdf: Kdf,
    pub floor: Kdf,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { kdf: Kdf::PRODUCTION, floor: Kdf::PRODUCTION }
    }
}

impl Settings {
    /// Cheap Argon2 for tests: protects nothing.
    pub fn insecure_for_tests() -> Self {
        Settings { kdf: Kdf::INSECURE_FOR_TESTS, floor: Kdf::INSECURE_FOR_TESTS }
    }
}

/// One turn of the history, as replayed.
#[derive(Clone, Debug)]
pub struct Turn<R: Rules> {
    /// From 1.
    pub number: u32,
    pub side: R::Side,
    /// The sender's chain link revealed by this turn.
    pub reveal: [u8; 32],
    /// The seed the state was reseeded with before the turn's first choice.
    pub seed: u64,
    pub actions: Vec<R::Action>,
    /// What happened, choice by choice (turn 1 starts with the opening events).
    pub history: Vec<HistoryEntry<R::Side, R::Action, R::Event>>,
}

/// A ruleset's prompt.
pub type MailPrompt<R> = Prompt<<R as Rules>::Side, <R as Rules>::Step, <R as Rules>::Action, <R as Rules>::Template>;

/// The local side's unsent turn.
#[derive(Clone, Debug)]
struct Pending<R: Rules> {
    turn: Turn<R>,
    /// States before each undoable choice since the last die roll, with the number of choices.
    undo: Vec<(R, usize)>,
}

/// A verified, replayed history.
#[derive(Clone, Debug)]
struct Replayed<R: Rules> {
    transcript: Transcript,
    publics: [Option<Bytes32>; 2],
    anchors: [Option<Bytes32>; 2],
    /// The latest reveal of each side (its anchor before its first turn).
    latest: [Bytes32; 2],
    /// How many links each side has revealed.
    revealed: [u32; 2],
    start_seed: Option<u64>,
    state: Option<R>,
    turns: Vec<Turn<R>>,
}

/// A play-by-email game seen from one side: the verified history, the replayed state, and the
/// local side's keys once unlocked.
#[derive(Clone)]
pub struct MailGame<R: Rules + Search> {
    local: u8,
    settings: Settings,
    held: Replayed<R>,
    keys: Option<(Keys, Bytes32)>,
    pending: Option<Pending<R>>,
    last_sent: Option<String>,
}

/// The index of `side` in `Search::SIDES`.
fn side_index<R: Search>(side: R::Side) -> Result<u8, MailError> {
    R::SIDES
        .iter()
        .position(|s| *s == side)
        .and_then(|i| u8::try_from(i).ok())
        .ok_or_else(|| MailError::Opening(format!("{side:?} is not a side of {}", R::RULESET)))
}

fn side_of<R: Search>(index: u8) -> Result<R::Side, MailError> {
    R::SIDES.get(usize::from(index)).copied().ok_or_else(|| MailError::changed("a side is unknown"))
}

/// Play by email serves only two-sided rulesets without hidden facts.
fn check_ruleset<R: Search>() -> Result<(), MailError> {
    if R::HIDDEN_FACTS {
        return Err(MailError::HiddenFacts { ruleset: R::RULESET });
    }
    if R::SIDES.len() != 2 {
        return Err(MailError::Setup(format!("{} does not have two sides", R::RULESET)));
    }
    Ok(())
}

fn check_kdf(kdf: &Kdf, floor: &Kdf) -> Result<(), MailError> {
    if !kdf.at_least(floor) {
        return Err(MailError::WeakKdf { found: *kdf, floor: *floor });
    }
    if !Kdf::CEILING.at_least(kdf) {
        return Err(MailError::CostlyKdf { found: *kdf });
    }
    Ok(())
}

/// The side index whose turn `number` is: the opener plays the odd turns.
fn side_of_turn(opener: u8, number: u32) -> u8 {
    if number % 2 == 1 { opener } else { 1 - opener }
}

/// Read a string and check everything a receiver can check without a passphrase: the envelope
/// signature, every entry's link and signature, every reveal against its chain, and every
/// choice replayed through the rules, each turn ending where the rules hand over.
fn check_string<R: Rules + Search>(s: &str, settings: &Settings) -> Result<Replayed<R>, MailError> {
    check_ruleset::<R>()?;
    let unchecked = wire::decode(s)?;
    let t = unchecked.transcript;
    // The envelope is signed by the sender of the last entry, with the key of its opening entry.
    let last = t.entries.last().ok_or_else(|| MailError::changed("it holds no entry"))?;
    let sender_key = t
        .entries
        .iter()
        .take(2)
        .find(|e| e.side == last.side)
        .and_then(|e| match e.body {
            Body::Opening { public, .. } => Some(public),
            Body::Turn { .. } => None,
        })
        .ok_or_else(|| MailError::changed("its sender is unknown"))?;
    if !crypto::verify(&sender_key, &unchecked.digest, &unchecked.signature) {
        return Err(MailError::changed("its signature does not match its contents"));
    }
    replay(t, settings)
}

/// Check and replay a transcript whose envelope is verified.
fn replay<R: Rules + Search>(t: Transcript, settings: &Settings) -> Result<Replayed<R>, MailError> {
    let h = &t.header;
    if h.ruleset != R::RULESET {
        return Err(MailError::WrongRuleset { found: h.ruleset.clone(), expected: R::RULESET });
    }
    check_rules_version::<R>(h.rules_version).map_err(|e| MailError::Rules(e.to_string()))?;
    check_kdf(&h.kdf, &settings.floor)?;
    if h.opener > 1 {
        return Err(MailError::changed("the opening side is unknown"));
    }
    let options = R::decode_options(&h.options).map_err(|e| MailError::Setup(e.to_string()))?;
    let mut r = Replayed {
        transcript: Transcript { header: h.clone(), entries: Vec::new() },
        publics: [None; 2],
        anchors: [None; 2],
        latest: [[0; 32]; 2],
        revealed: [0; 2],
        start_seed: None,
        state: None,
        turns: Vec::new(),
    };
    let mut tip = h.hash();
    for (i, e) in t.entries.iter().enumerate() {
        let turn_no = if i < 2 { 0 } else { e.number };
        if e.prev != tip {
            return Err(MailError::changed("its turns are not linked to each other"));
        }
        let side = usize::from(e.side.min(1));
        match (&e.body, i) {
            (Body::Opening { public, anchor }, 0 | 1) => {
                let expected = if i == 0 { h.opener } else { 1 - h.opener };
                if e.side != expected || e.number != 0 {
                    return Err(MailError::changed("its opening entries are out of order"));
                }
                if !crypto::valid_public(public) {
                    return Err(MailError::changed("a public key is not a key"));
                }
                r.publics[side] = Some(*public);
                r.anchors[side] = Some(*anchor);
                r.latest[side] = *anchor;
            }
            (Body::Turn { .. }, n) if n >= 2 => {
                let expected = u32::try_from(n - 1).unwrap_or(u32::MAX);
                if e.number != expected {
                    return Err(MailError::changed("its turns are out of order"));
                }
                if e.side != side_of_turn(h.opener, e.number) {
                    return Err(MailError::WrongSide { turn: e.number });
                }
            }
            _ => return Err(MailError::changed("an entry is out of place")),
        }
        let public = r.publics[side].ok_or_else(|| MailError::changed("its sender is unknown"))?;
        let hash = e.hash();
        if !crypto::verify(&public, &hash, &e.signature) {
            return Err(MailError::BadSignature { turn: turn_no });
        }
        if let Body::Turn { reveal, count, actions } = &e.body {
            let turn = replay_turn::<R>(&mut r, h, &options, e, *reveal, *count, actions)?;
            r.turns.push(turn);
        }
        r.transcript.entries.push(e.clone());
        tip = hash;
    }
    Ok(r)
}

/// Check a turn's reveal and replay its choices into `r`.
fn replay_turn<R: Rules + Search>(
    r: &mut Replayed<R>,
    h: &Header,
    options: &R::Options,
    e: &Entry,
    reveal: Bytes32,
    count: u32,
    code: &[u8],
) -> Result<Turn<R>, MailError> {
    let number = e.number;
    let side = usize::from(e.side);
    // Commit-reveal: the j-th reveal is c_{N-j}, which hashes to the one before (or the anchor).
    if crypto::chain_step(&reveal) != r.latest[side] {
        return Err(MailError::BadReveal { turn: number });
    }
    if r.revealed[side] + 1 >= CHAIN_LEN {
        return Err(MailError::ChainExhausted);
    }
    r.revealed[side] += 1;
    r.latest[side] = reveal;
    let mut history = Vec::new();
    if number == 1 {
        let seed = crypto::start_seed(&h.game_id, &r.latest);
        let state = R::new_game(&h.scenario, options, seed).map_err(|e| MailError::Setup(e.to_string()))?;
        history.push(HistoryEntry { side: None, action: None, description: None, events: state.opening_events() });
        r.start_seed = Some(seed);
        r.state = Some(state);
    }
    let seed = crypto::turn_seed(&h.game_id, number, &r.latest);
    let state = r.state.as_mut().ok_or_else(|| MailError::changed("a turn comes before the game starts"))?;
    *state = state.reseeded(seed);
    let turn_side = side_of::<R>(e.side)?;
    let actions = R::decode_actions(code, count as usize)
        .map_err(|(n, reason)| MailError::Illegal { turn: number, choice: n + 1, reason })?;
    match state.prompt_ref().map(|p| p.side) {
        None => return Err(MailError::AfterEnd { turn: number }),
        // The opener's first turn when the answerer moves first: it only reveals.
        Some(s) if s != turn_side && number == 1 && actions.is_empty() => {}
        Some(s) if s != turn_side => return Err(MailError::TurnOverrun { turn: number, choice: 0 }),
        Some(_) if actions.is_empty() => return Err(MailError::EmptyTurn { turn: number }),
        Some(_) => {}
    }
    for (n, a) in actions.iter().enumerate() {
        if state.prompt_ref().map(|p| p.side) != Some(turn_side) {
            return Err(MailError::TurnOverrun { turn: number, choice: n });
        }
        let illegal = |reason: String| MailError::Illegal { turn: number, choice: n + 1, reason };
        if !state.action_is_public(a) {
            return Err(illegal("it is a secret choice, which play by email does not seal yet".into()));
        }
        check_offered(state, a).map_err(|e| illegal(e.to_string()))?;
        let description = Some(state.describe(a));
        let events = state.apply(a).map_err(|e| illegal(e.to_string()))?;
        history.push(HistoryEntry { side: Some(turn_side), action: Some(a.clone()), description, events });
    }
    if !actions.is_empty() && state.prompt_ref().map(|p| p.side) == Some(turn_side) {
        return Err(MailError::TurnUnfinished { turn: number });
    }
    Ok(Turn { number, side: turn_side, reveal, seed, actions, history })
}

/// What a string says of itself before it is checked: for a page to pick the ruleset's engine
/// and the held game it belongs to. Nothing here is trusted until `answer`, `load` or `receive`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Peek {
    pub ruleset: String,
    /// The game id in hex.
    pub game: String,
    /// Entries: 1 for an opening to answer.
    pub entries: usize,
    /// The index in `Search::SIDES` of the sender of the last entry.
    pub sender: u8,
}

/// Read a string's ruleset, game and sender without checking it (see `Peek`).
pub fn peek(s: &str) -> Result<Peek, MailError> {
    let t = wire::decode(s)?.transcript;
    let sender = t.entries.last().map(|e| e.side).ok_or_else(|| MailError::changed("it holds no entry"))?;
    let game = t.header.game_id.iter().map(|b| format!("{b:02x}")).collect();
    Ok(Peek { ruleset: t.header.ruleset, game, entries: t.entries.len(), sender })
}

impl<R: Rules + Search> MailGame<R> {
    /// Open a new game as `side`: the first string (to `send`) holds this side's public key and
    /// dice anchor only.
    pub fn new(side: R::Side, passphrase: &str, scenario: &str, options: R::Options, settings: Settings) -> Result<Self, MailError> {
        check_ruleset::<R>()?;
        let local = side_index::<R>(side)?;
        check_kdf(&settings.kdf, &settings.floor)?;
        R::new_game(scenario, &options, 0).map_err(|e| MailError::Setup(e.to_string()))?;
        let mut game_id = [0u8; 16];
        game_id.copy_from_slice(&crypto::random32()?[..16]);
        let header = Header {
            ruleset: R::RULESET.to_string(),
            rules_version: R::RULES_VERSION,
            scenario: scenario.to_string(),
            options: R::encode_options(&options),
            game_id,
            kdf: settings.kdf,
            opener: local,
        };
        let transcript = Transcript { header, entries: Vec::new() };
        let mut game = MailGame {
            local,
            settings,
            held: replay(transcript, &settings)?,
            keys: None,
            pending: None,
            last_sent: None,
        };
        game.add_opening(passphrase)?;
        Ok(game)
    }

    /// Answer an opening string: this side is the one the opener did not take.
    pub fn answer(opening: &str, passphrase: &str, settings: Settings) -> Result<Self, MailError> {
        let held = check_string::<R>(opening, &settings)?;
        if held.transcript.entries.len() != 1 {
            return Err(MailError::Opening(
                "This string is not an opening to answer: the game has already begun (open it with your side instead)".into(),
            ));
        }
        let local = 1 - held.transcript.header.opener;
        let mut game = MailGame { local, settings, held, keys: None, pending: None, last_sent: None };
        game.add_opening(passphrase)?;
        Ok(game)
    }

    /// This side's opening entry: keys from the passphrase, a fresh dice secret and its anchor.
    fn add_opening(&mut self, passphrase: &str) -> Result<(), MailError> {
        let h = &self.held.transcript.header;
        let keys = crypto::derive_keys(passphrase, &h.game_id, self.local, &h.kdf)?;
        let secret = crypto::random32()?;
        let anchor = crypto::chain_value(&secret, CHAIN_LEN);
        let mut entry = Entry {
            side: self.local,
            number: 0,
            prev: self.held.transcript.tip(),
            body: Body::Opening { public: keys.public(), anchor },
            sealed: keys.seal(&secret, &h.game_id, self.local)?,
            signature: [0; 64],
        };
        entry.signature = keys.sign(&entry.hash());
        let side = usize::from(self.local);
        self.held.publics[side] = Some(keys.public());
        self.held.anchors[side] = Some(anchor);
        self.held.latest[side] = anchor;
        self.held.transcript.entries.push(entry);
        self.keys = Some((keys, secret));
        self.last_sent = Some(self.encode()?);
        Ok(())
    }

    /// Open the latest string of a game as `side` on any machine: everything is checked and
    /// replayed; with the passphrase the side's keys are unlocked to play on.
    pub fn load(string: &str, side: R::Side, passphrase: Option<&str>, settings: Settings) -> Result<Self, MailError> {
        let local = side_index::<R>(side)?;
        let held = check_string::<R>(string, &settings)?;
        let mut game = MailGame { local, settings, held, keys: None, pending: None, last_sent: None };
        if let Some(p) = passphrase {
            game.unlock(p)?;
        }
        Ok(game)
    }

    /// Unlock the local side's keys with its passphrase (precise refusal if it is not the one),
    /// and open its sealed dice secret.
    pub fn unlock(&mut self, passphrase: &str) -> Result<(), MailError> {
        let h = &self.held.transcript.header;
        let side = usize::from(self.local);
        let public = self.held.publics[side].ok_or_else(|| {
            MailError::Opening("Your side has not answered the opening yet: answer it instead".into())
        })?;
        let keys = crypto::derive_keys(passphrase, &h.game_id, self.local, &h.kdf)?;
        if keys.public() != public {
            return Err(MailError::WrongPassphrase);
        }
        // The latest sealed secret of the local side (every entry it sends carries one).
        let sealed = self
            .held
            .transcript
            .entries
            .iter()
            .rev()
            .find(|e| e.side == self.local)
            .map(|e| e.sealed)
            .ok_or(MailError::WrongPassphrase)?;
        let secret = keys
            .unseal(&sealed, &h.game_id, self.local)
            .ok_or_else(|| MailError::changed("your sealed dice secret does not open"))?;
        if Some(crypto::chain_value(&secret, CHAIN_LEN)) != self.held.anchors[side] {
            return Err(MailError::changed("your sealed dice secret is not the one you committed to"));
        }
        self.keys = Some((keys, secret));
        self.begin_turn()
    }

    /// Take in the opponent's string, against the history held: it must extend it. Returns
    /// the number of new entries (0 for the same string again).
    pub fn receive(&mut self, string: &str) -> Result<usize, MailError> {
        let found = check_string::<R>(string, &self.settings)?;
        let (held, new) = (&self.held.transcript, &found.transcript);
        if held.header != new.header {
            return Err(MailError::OtherGame);
        }
        for (a, b) in held.entries.iter().zip(&new.entries) {
            if a != b {
                return Err(MailError::Fork { turn: a.number });
            }
        }
        if new.entries.len() < held.entries.len() {
            return Err(MailError::Older { held: held.entries.len(), found: new.entries.len() });
        }
        let added = new.entries.len() - held.entries.len();
        if added > 0 {
            self.held = found;
            self.pending = None;
            self.last_sent = None;
            if self.keys.is_some() {
                self.begin_turn()?;
            }
        }
        Ok(added)
    }

    /// The number the next turn will have.
    fn next_turn(&self) -> u32 {
        u32::try_from(self.held.turns.len() + 1).unwrap_or(u32::MAX)
    }

    /// Start the local turn if it is the local side's: reveal its next link and reseed.
    fn begin_turn(&mut self) -> Result<(), MailError> {
        let Some((_, secret)) = &self.keys else { return Ok(()) };
        let h = &self.held.transcript.header;
        let number = self.next_turn();
        let opening_done = self.held.transcript.entries.len() >= 2;
        let over = self.held.state.as_ref().is_some_and(|s| s.prompt_ref().is_none());
        if self.pending.is_some() || !opening_done || over || side_of_turn(h.opener, number) != self.local {
            return Ok(());
        }
        let side = usize::from(self.local);
        let j = self.held.revealed[side] + 1;
        if j >= CHAIN_LEN {
            return Err(MailError::ChainExhausted);
        }
        let reveal = crypto::chain_value(secret, CHAIN_LEN - j);
        let mut latest = self.held.latest;
        latest[side] = reveal;
        let mut history = Vec::new();
        if number == 1 {
            let options = R::decode_options(&h.options).map_err(|e| MailError::Setup(e.to_string()))?;
            let start = crypto::start_seed(&h.game_id, &latest);
            let state = R::new_game(&h.scenario, &options, start).map_err(|e| MailError::Setup(e.to_string()))?;
            history.push(HistoryEntry { side: None, action: None, description: None, events: state.opening_events() });
            self.held.start_seed = Some(start);
            self.held.state = Some(state);
        }
        let seed = crypto::turn_seed(&h.game_id, number, &latest);
        let state = self.held.state.as_mut().ok_or_else(|| MailError::changed("the game has not started"))?;
        *state = state.reseeded(seed);
        let turn = Turn { number, side: side_of::<R>(self.local)?, reveal, seed, actions: Vec::new(), history };
        self.pending = Some(Pending { turn, undo: Vec::new() });
        Ok(())
    }

    /// Whether the local side's keys are unlocked (by its passphrase).
    pub fn is_unlocked(&self) -> bool {
        self.keys.is_some()
    }

    /// The side that opened the game.
    pub fn opener(&self) -> R::Side {
        R::SIDES[usize::from(self.held.transcript.header.opener.min(1))]
    }

    /// The entries of the history held (with the local side's sent ones).
    pub fn entries(&self) -> usize {
        self.held.transcript.entries.len()
    }

    /// The game id in hex (as `peek` gives it).
    pub fn game_hex(&self) -> String {
        self.game_id().iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Whether the next turn is the local side's (the opening exchanged, the game not over),
    /// whether or not its keys are unlocked.
    pub fn next_is_mine(&self) -> bool {
        if self.pending.is_some() {
            return true;
        }
        let over = self.held.state.as_ref().is_some_and(|s| s.prompt_ref().is_none());
        self.held.transcript.entries.len() >= 2
            && !over
            && side_of_turn(self.held.transcript.header.opener, self.next_turn()) == self.local
    }

    /// Whether the local turn is played to its end and waits to be sent.
    pub fn turn_to_send(&self) -> bool {
        self.pending.is_some() && !self.is_my_turn()
    }

    /// The whole history, choice by choice: every turn received or sent, then the unsent one.
    pub fn history(&self) -> Vec<HistoryEntry<R::Side, R::Action, R::Event>> {
        let pending = self.pending.iter().map(|p| &p.turn);
        self.held.turns.iter().chain(pending).flat_map(|t| t.history.iter().cloned()).collect()
    }

    /// Every choice so far (the unsent turn's included).
    pub fn choice_count(&self) -> usize {
        let pending = self.pending.iter().map(|p| &p.turn);
        self.held.turns.iter().chain(pending).map(|t| t.actions.len()).sum()
    }

    /// The position after the first `n` choices of the history, replayed with each turn's seed.
    pub fn position_after(&self, n: usize) -> Result<R, MailError> {
        let h = &self.held.transcript.header;
        let start = self.held.start_seed.ok_or_else(|| MailError::changed("the game has not started"))?;
        let options = R::decode_options(&h.options).map_err(|e| MailError::Setup(e.to_string()))?;
        let mut state = R::new_game(&h.scenario, &options, start).map_err(|e| MailError::Setup(e.to_string()))?;
        let mut left = n;
        let pending = self.pending.iter().map(|p| &p.turn);
        for t in self.held.turns.iter().chain(pending) {
            if left == 0 {
                break;
            }
            state = state.reseeded(t.seed);
            for a in t.actions.iter().take(left) {
                state.apply(a).map_err(MailError::Game)?;
                left -= 1;
            }
        }
        Ok(state)
    }

    /// The local side.
    pub fn side(&self) -> R::Side {
        R::SIDES[usize::from(self.local)]
    }

    /// The current position (with the local unsent turn's choices), or None before the
    /// opener's first turn has started the game.
    pub fn state(&self) -> Option<&R> {
        self.held.state.as_ref()
    }

    pub fn prompt(&self) -> Option<MailPrompt<R>> {
        self.state()?.prompt()
    }

    /// What the local side sees.
    pub fn view(&self) -> Option<R::View> {
        Some(self.state()?.view(self.side()))
    }

    /// Can the local side choose now (its turn, keys unlocked, the rules asking it)?
    pub fn is_my_turn(&self) -> bool {
        self.pending.is_some() && self.prompt().is_some_and(|p| p.side == self.side())
    }

    fn pending_mut(&mut self) -> Result<&mut Pending<R>, MailError> {
        if self.pending.is_none() {
            let number = self.next_turn();
            let mine = side_of_turn(self.held.transcript.header.opener, number) == self.local;
            return Err(if mine && self.keys.is_none() { MailError::Locked } else { MailError::NotYourTurn });
        }
        if !self.is_my_turn() {
            return Err(MailError::TurnOver);
        }
        self.pending.as_mut().ok_or(MailError::NotYourTurn)
    }

    /// Choose an action (listed, or a filling of a template) in the local turn.
    pub fn apply(&mut self, action: &R::Action) -> Result<Vec<R::Event>, MailError> {
        self.pending_mut()?;
        let state = self.held.state.as_ref().ok_or(MailError::NotYourTurn)?;
        check_offered(state, action).map_err(MailError::Game)?;
        self.perform(action.clone())
    }

    /// Choose the `index`-th listed action in the local turn.
    pub fn apply_listed(&mut self, index: usize) -> Result<Vec<R::Event>, MailError> {
        self.pending_mut()?;
        let state = self.held.state.as_ref().ok_or(MailError::NotYourTurn)?;
        let action = crate::games::listed(state.prompt_ref(), index).map_err(MailError::Game)?.clone();
        self.perform(action)
    }

    fn perform(&mut self, action: R::Action) -> Result<Vec<R::Event>, MailError> {
        let side = self.side();
        let (Some(state), Some(p)) = (self.held.state.as_mut(), self.pending.as_mut()) else {
            return Err(MailError::NotYourTurn);
        };
        let before = state.clone();
        let description = Some(state.describe(&action));
        let events = state.apply(&action).map_err(MailError::Game)?;
        if events.iter().any(GameEvent::closes_undo) {
            p.undo.clear();
        } else {
            p.undo.push((before, p.turn.actions.len()));
        }
        p.turn.actions.push(action.clone());
        p.turn.history.push(HistoryEntry { side: Some(side), action: Some(action), description, events: events.clone() });
        Ok(events)
    }

    pub fn can_undo(&self) -> bool {
        self.pending.as_ref().is_some_and(|p| !p.undo.is_empty())
    }

    /// Take back the last choice of the unsent turn, if no die was rolled since.
    pub fn undo(&mut self) -> Result<(), MailError> {
        let p = self.pending.as_mut().ok_or(MailError::Game(GameError::NothingToUndo))?;
        let (state, len) = p.undo.pop().ok_or(MailError::Game(GameError::NothingToUndo))?;
        p.turn.actions.truncate(len);
        // Turn 1's history starts with the opening entry.
        let keep = len + usize::from(p.turn.number == 1);
        p.turn.history.truncate(keep);
        self.held.state = Some(state);
        Ok(())
    }

    /// The string to mail: the finished local turn is signed and added to the history (or the
    /// local side's last string again, if nothing was played since).
    pub fn send(&mut self) -> Result<String, MailError> {
        let Some(p) = self.pending.take() else {
            return self.last_sent.clone().ok_or(MailError::NothingToSend);
        };
        let still_mine = self.prompt().is_some_and(|q| q.side == self.side());
        if still_mine {
            self.pending = Some(p);
            return Err(MailError::TurnNotFinished);
        }
        let Some((keys, secret)) = &self.keys else {
            self.pending = Some(p);
            return Err(MailError::Locked);
        };
        let h = &self.held.transcript.header;
        let sealed = keys.seal(secret, &h.game_id, self.local)?;
        let turn = p.turn;
        let mut entry = Entry {
            side: self.local,
            number: turn.number,
            prev: self.held.transcript.tip(),
            body: Body::Turn {
                reveal: turn.reveal,
                count: u32::try_from(turn.actions.len()).unwrap_or(u32::MAX),
                actions: R::encode_actions(&turn.actions),
            },
            sealed,
            signature: [0; 64],
        };
        entry.signature = keys.sign(&entry.hash());
        let side = usize::from(self.local);
        self.held.latest[side] = turn.reveal;
        self.held.revealed[side] += 1;
        self.held.transcript.entries.push(entry);
        self.held.turns.push(turn);
        let s = self.encode()?;
        self.last_sent = Some(s.clone());
        Ok(s)
    }

    fn encode(&self) -> Result<String, MailError> {
        let (keys, _) = self.keys.as_ref().ok_or(MailError::Locked)?;
        Ok(self.held.transcript.encode(|d| keys.sign(d)))
    }

    /// One line on the local side's last sent turn: its first and last choices and how many
    /// ("Turn 7, French: ...; ... (5 choices)"); the receiver sees every choice in `news`.
    pub fn summary(&self) -> Option<String> {
        let t = self.held.turns.iter().rev().find(|t| t.side == self.side())?;
        let said: Vec<&str> = t.history.iter().filter_map(|e| e.description.as_deref()).collect();
        let what = match said.as_slice() {
            [] => "starts the game (the other side moves first)".to_string(),
            [one] => (*one).to_string(),
            [first, second] => format!("{first}; {second}"),
            [first, .., last] => format!("{first}; … {last} ({} choices)", said.len()),
        };
        Some(format!("Turn {}, {:?}: {what}", t.number, t.side))
    }

    /// What happened since the local side's last turn, choice by choice (the opponent's turns
    /// just received), for the page to show step by step.
    pub fn news(&self) -> Vec<HistoryEntry<R::Side, R::Action, R::Event>> {
        let me = self.side();
        let from = self.held.turns.iter().rposition(|t| t.side == me).map_or(0, |i| i + 1);
        self.held.turns[from..].iter().flat_map(|t| t.history.iter().cloned()).collect()
    }

    /// Every turn received or sent, as replayed (the unsent turn is not among them).
    pub fn turns(&self) -> &[Turn<R>] {
        &self.held.turns
    }

    /// The seed the game was created with, once the opener's first turn has started it.
    pub fn start_seed(&self) -> Option<u64> {
        self.held.start_seed
    }

    pub fn game_id(&self) -> [u8; 16] {
        self.held.transcript.header.game_id
    }

    /// The scenario and encoded options of the game.
    pub fn scenario(&self) -> (&str, &[u8]) {
        let h = &self.held.transcript.header;
        (&h.scenario, &h.options)
    }

    /// The fingerprint of `side`'s public key once known: players who compare theirs by another
    /// channel rule out a man in the middle of the opening exchange.
    pub fn fingerprint(&self, side: R::Side) -> Option<String> {
        let i = side_index::<R>(side).ok()?;
        self.held.publics[usize::from(i)].as_ref().map(crypto::fingerprint)
    }

    /// The anchor (chain commitment) of `side` once known.
    pub fn anchor(&self, side: R::Side) -> Option<[u8; 32]> {
        self.held.anchors[usize::from(side_index::<R>(side).ok()?)]
    }
}

#[cfg(test)]
mod tests;
