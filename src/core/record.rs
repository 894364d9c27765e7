//! The saved-game string: a versioned, checksummed binary envelope in base64url.
//!
//! A record holds what is needed to replay a game: format version, ruleset name, the version of
//! that ruleset's rules code, scenario, ruleset-encoded options, seed, and the actions chosen,
//! each as the action itself (format 2) or, in strings of format 1, as its index in the list of
//! legal actions at that point. Import replays the actions, so dice cannot be edited without
//! the replay failing.
//!
//! # Format version 2 (written by `encode`)
//!
//! | field | encoding |
//! |---|---|
//! | magic | the two bytes `b"NW"` |
//! | version | u16, little-endian: 2 |
//! | payload | raw DEFLATE (RFC 1951) of the fields below, at most 16 MiB once inflated |
//! | checksum | CRC-32 (IEEE 802.3, as in zlib) of every byte before it, u32 LE |
//!
//! The payload, in order: ruleset (length + UTF-8), rules version (varint), scenario (length +
//! UTF-8: a built-in id, or the whole text of a scenario file or setup), options (length +
//! bytes), seed (u64 LE), the number of actions (varint), then the rest of the payload: the
//! actions in the ruleset's own compact code (`Rules::encode_actions`; by default the shared
//! value code of `core::action_code`).
//!
//! # Format version 1 (still read)
//!
//! The bytes, in order:
//!
//! | field | encoding |
//! |---|---|
//! | magic | the two bytes `b"NW"` |
//! | version | u16, little-endian |
//! | ruleset | length (LEB128 varint) + UTF-8 bytes |
//! | scenario | length (LEB128 varint) + UTF-8 bytes |
//! | options | length (LEB128 varint) + bytes |
//! | seed | u64, little-endian, 8 bytes |
//! | choices | count (LEB128 varint), then each choice as a LEB128 varint |
//! | checksum | CRC-32 (IEEE 802.3, reflected, as in zlib) of every byte before it, u32 LE |
//!
//! Every varint is an unsigned LEB128 of at most 5 bytes holding a u32. The bytes are written
//! as base64url without padding (RFC 4648 §5).
//!
//! Format 1 has no rules version: its strings are read as rules version 1 of their ruleset.
//!
//! `decode` checks, in order: empty input, characters, length, base64 decoding, magic,
//! version, checksum, then the fields, then that nothing follows them. A version this build does
//! not read is reported as such only when the checksum holds (the trailer is the same in every
//! version); otherwise the string is damaged, whatever its version bytes say.
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;

/// Current format version written by `encode`.
pub const RECORD_VERSION: u16 = 2;
/// The first format: choices as indices into the lists of legal actions.
pub const FORMAT_1: u16 = 1;
/// The most bytes a format-2 payload may inflate to.
const MAX_PAYLOAD: usize = 16 << 20;

/// The two bytes every saved game starts with.
const MAGIC: [u8; 2] = *b"NW";

/// A saved game: everything needed to replay it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Format version the record was read from (`encode` always writes `RECORD_VERSION`).
    pub version: u16,
    /// Ruleset name ("bailen", ...).
    pub ruleset: String,
    /// The version of the ruleset's rules code that wrote the record (1 for format 1).
    pub rules_version: u16,
    /// Scenario id within the ruleset.
    pub scenario: String,
    /// Ruleset-encoded options.
    pub options: Vec<u8>,
    /// Seed of the dice stream.
    pub seed: u64,
    /// The choices made, in order.
    pub choices: Choices,
}

/// The choices of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choices {
    /// Format 1: the index of the chosen action in the prompt's list of legal actions.
    Indices(Vec<u32>),
    /// Format 2: the actions themselves, `count` of them in the ruleset's compact code.
    Actions { count: u32, code: Vec<u8> },
}

impl Choices {
    pub fn len(&self) -> usize {
        match self {
            Choices::Indices(v) => v.len(),
            Choices::Actions { count, .. } => *count as usize,
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Every way a saved string can be bad, precisely.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Nothing but whitespace.
    Empty,
    /// A character that is not base64url, at this position of the string (0-based, counted in
    /// characters of the string as given, surrounding whitespace included).
    BadCharacter {
        /// 0-based character position in the string as given.
        position: usize,
        /// The offending character.
        character: char,
    },
    /// The last character is base64url but cannot end this string (its unused bits are not
    /// zero): the text was cut or edited.
    BadEnding,
    /// The string's length cannot be base64.
    BadLength(usize),
    /// The data does not start with the saved-game magic bytes.
    BadMagic,
    /// A version this build cannot read (newer or retired).
    UnsupportedVersion {
        /// The version in the string.
        found: u16,
        /// The version this build reads.
        supported: u16,
    },
    /// The data ends while reading this field.
    Truncated {
        /// The field, in words ("choice list").
        field: &'static str,
    },
    /// A text field is not UTF-8.
    BadText {
        /// The field, in words ("ruleset name").
        field: &'static str,
    },
    /// A number does not fit.
    Overflow {
        /// The field, in words ("choice list").
        field: &'static str,
    },
    /// The checksum does not match: the string was edited or damaged.
    ChecksumMismatch,
    /// The compressed payload does not inflate (or inflates beyond the limit).
    BadPayload,
    /// This many bytes follow the last field.
    TrailingBytes(usize),
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::Empty => {
                write!(f, "The saved game is empty: paste the whole saved-game text.")
            }
            RecordError::BadCharacter { position, character } => write!(
                f,
                "The saved game cannot contain {character:?} where it does (character {} of \
                 the text): it was probably changed or damaged while being copied.",
                position + 1
            ),
            RecordError::BadEnding => write!(
                f,
                "The saved game is damaged: it does not end the way a saved game ends (it was \
                 probably cut short or edited)."
            ),
            RecordError::BadLength(n) => write!(
                f,
                "The saved game is {n} characters long, which no saved game can be: part of it \
                 is probably missing."
            ),
            RecordError::BadMagic => write!(
                f,
                "This is not a saved game: it does not start the way every saved game starts."
            ),
            RecordError::UnsupportedVersion { found, supported } if found > supported => write!(
                f,
                "This saved game was made by a newer version of the program (format {found}); \
                 this version reads format {supported}. Update the program to load it."
            ),
            RecordError::UnsupportedVersion { found, supported } => write!(
                f,
                "This saved game uses format {found}, which this version of the program no \
                 longer reads (it reads format {supported})."
            ),
            RecordError::Truncated { field } => {
                write!(f, "The saved game is damaged: it ends in the middle of the {field}.")
            }
            RecordError::BadText { field } => {
                write!(f, "The saved game is damaged: the {field} is not valid text.")
            }
            RecordError::Overflow { field } => {
                write!(f, "The saved game is damaged: a number in the {field} is too large.")
            }
            RecordError::ChecksumMismatch => write!(
                f,
                "The saved game is damaged or was edited: its checksum does not match its \
                 contents."
            ),
            RecordError::BadPayload => write!(
                f,
                "The saved game is damaged: its compressed contents cannot be read."
            ),
            RecordError::TrailingBytes(n) => write!(
                f,
                "The saved game is damaged: {n} unexpected byte{} follow{} the choice list.",
                if *n == 1 { "" } else { "s" },
                if *n == 1 { "s" } else { "" }
            ),
        }
    }
}
impl std::error::Error for RecordError {}

/// Field names used in errors (they complete "it ends in the middle of the ...").
mod field {
    pub const MAGIC: &str = "header";
    pub const VERSION: &str = "format version";
    pub const CHECKSUM: &str = "checksum";
    pub const RULESET: &str = "ruleset name";
    pub const SCENARIO: &str = "scenario name";
    pub const OPTIONS: &str = "options";
    pub const SEED: &str = "seed";
    pub const CHOICE_COUNT: &str = "number of choices";
    pub const CHOICES: &str = "choice list";
    pub const RULES_VERSION: &str = "rules version";
    pub const ACTION_COUNT: &str = "number of actions";
}

/// CRC-32 (IEEE 802.3 / zlib / PNG), by the crc32fast crate.
fn crc32(bytes: &[u8]) -> u32 {
    crc32fast::hash(bytes)
}

/// The text of a base64url string without its surrounding whitespace, or why it is not one:
/// None when nothing is left, else the first character that is not base64url (RFC 4648 §5) and
/// its 0-based position in `s` as given. Shared by saved games and mailed games.
pub(crate) fn base64url_text(s: &str) -> Result<&str, Option<(usize, char)>> {
    let trimmed = s.trim();
    if trimmed.is_empty() {
        return Err(None);
    }
    let lead = s[..s.len() - s.trim_start().len()].chars().count();
    match trimmed.chars().enumerate().find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '-' || c == '_')) {
        Some((i, c)) => Err(Some((lead + i, c))),
        None => Ok(trimmed),
    }
}

/// Append `v` as an unsigned LEB128 varint (in its shortest form).
pub(crate) fn put_varint(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push((v as u8 & 0x7F) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Append `bytes` with a varint length prefix. Lengths beyond u32 cannot be saved (and cannot
/// occur on the 32-bit WebAssembly target); they are cut at u32::MAX bytes.
pub(crate) fn put_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    let len = u32::try_from(bytes.len()).unwrap_or(u32::MAX);
    put_varint(out, len);
    out.extend_from_slice(&bytes[..len as usize]);
}

/// A cursor over the fields of a checked buffer.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, field: &'static str) -> Result<&'a [u8], RecordError> {
        if n > self.bytes.len() {
            return Err(RecordError::Truncated { field });
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    /// An unsigned LEB128 varint of at most 5 bytes that fits in a u32.
    fn varint(&mut self, field: &'static str) -> Result<u32, RecordError> {
        let mut value: u32 = 0;
        for i in 0..5 {
            let byte = *self.take(1, field)?.first().ok_or(RecordError::Truncated { field })?;
            let bits = u32::from(byte & 0x7F);
            // The fifth byte holds bits 28..32: only its low four bits fit.
            if i == 4 && (byte & 0x70 != 0) {
                return Err(RecordError::Overflow { field });
            }
            value |= bits << (7 * i);
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(RecordError::Overflow { field })
    }

    fn bytes(&mut self, field: &'static str) -> Result<&'a [u8], RecordError> {
        let len = self.varint(field)?;
        self.take(len as usize, field)
    }

    fn text(&mut self, field: &'static str) -> Result<String, RecordError> {
        let b = self.bytes(field)?;
        std::str::from_utf8(b).map(str::to_string).map_err(|_| RecordError::BadText { field })
    }

    fn u64_le(&mut self, field: &'static str) -> Result<u64, RecordError> {
        let b = self.take(8, field)?;
        let arr: [u8; 8] = b.try_into().map_err(|_| RecordError::Truncated { field })?;
        Ok(u64::from_le_bytes(arr))
    }
}

impl Record {
    /// The binary envelope (before base64), checksum included: format 2 for a record of actions,
    /// format 1 for a record of indices (kept so that format-1 strings can still be made for
    /// tests and golden files).
    fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(&MAGIC);
        match &self.choices {
            Choices::Indices(choices) => {
                out.extend_from_slice(&FORMAT_1.to_le_bytes());
                put_bytes(&mut out, self.ruleset.as_bytes());
                put_bytes(&mut out, self.scenario.as_bytes());
                put_bytes(&mut out, &self.options);
                out.extend_from_slice(&self.seed.to_le_bytes());
                put_varint(&mut out, u32::try_from(choices.len()).unwrap_or(u32::MAX));
                for &c in choices.iter().take(u32::MAX as usize) {
                    put_varint(&mut out, c);
                }
            }
            Choices::Actions { count, code } => {
                out.extend_from_slice(&RECORD_VERSION.to_le_bytes());
                let mut payload = Vec::new();
                put_bytes(&mut payload, self.ruleset.as_bytes());
                put_varint(&mut payload, u32::from(self.rules_version));
                put_bytes(&mut payload, self.scenario.as_bytes());
                put_bytes(&mut payload, &self.options);
                payload.extend_from_slice(&self.seed.to_le_bytes());
                put_varint(&mut payload, *count);
                payload.extend_from_slice(code);
                out.extend_from_slice(&miniz_oxide::deflate::compress_to_vec(&payload, 10));
            }
        }
        let crc = crc32(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// Encode to a compact base64url string (no padding): format 2 for a record of actions.
    pub fn encode(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.to_bytes())
    }

    /// Decode a string produced by `encode` (surrounding whitespace is ignored).
    pub fn decode(s: &str) -> Result<Record, RecordError> {
        let trimmed = base64url_text(s).map_err(|bad| match bad {
            None => RecordError::Empty,
            Some((position, character)) => RecordError::BadCharacter { position, character },
        })?;
        let lead = s[..s.len() - s.trim_start().len()].chars().count();
        // All ASCII from here: byte offsets are character offsets.
        if trimmed.len() % 4 == 1 {
            return Err(RecordError::BadLength(trimmed.len()));
        }
        let bytes = URL_SAFE_NO_PAD.decode(trimmed).map_err(|e| match e {
            base64::DecodeError::InvalidByte(at, b) => {
                RecordError::BadCharacter { position: lead + at, character: char::from(b) }
            }
            base64::DecodeError::InvalidLastSymbol(..) => RecordError::BadEnding,
            base64::DecodeError::InvalidLength(_) | base64::DecodeError::InvalidPadding => {
                RecordError::BadLength(trimmed.len())
            }
        })?;
        Record::from_bytes(&bytes)
    }

    /// Read the binary envelope.
    fn from_bytes(bytes: &[u8]) -> Result<Record, RecordError> {
        // Magic.
        if bytes.len() < MAGIC.len() {
            return Err(if MAGIC.starts_with(bytes) {
                RecordError::Truncated { field: field::MAGIC }
            } else {
                RecordError::BadMagic
            });
        }
        if bytes[..2] != MAGIC {
            return Err(RecordError::BadMagic);
        }
        let version = match bytes.get(2..4) {
            Some(&[lo, hi]) => u16::from_le_bytes([lo, hi]),
            _ => return Err(RecordError::Truncated { field: field::VERSION }),
        };
        // Checksum over everything before the last four bytes: every version ends with it, so
        // a string whose version bytes were damaged says "damaged", not "newer".
        if bytes.len() < 8 {
            return Err(RecordError::Truncated { field: field::CHECKSUM });
        }
        let (body, tail) = bytes.split_at(bytes.len() - 4);
        let stored = match *tail {
            [a, b, c, d] => u32::from_le_bytes([a, b, c, d]),
            _ => return Err(RecordError::Truncated { field: field::CHECKSUM }),
        };
        if crc32(body) != stored {
            return Err(RecordError::ChecksumMismatch);
        }
        match version {
            FORMAT_1 => Self::from_format_1(&body[4..]),
            RECORD_VERSION => Self::from_format_2(&body[4..]),
            found => Err(RecordError::UnsupportedVersion { found, supported: RECORD_VERSION }),
        }
    }

    fn from_format_1(fields: &[u8]) -> Result<Record, RecordError> {
        let mut r = Reader { bytes: fields };
        let ruleset = r.text(field::RULESET)?;
        let scenario = r.text(field::SCENARIO)?;
        let options = r.bytes(field::OPTIONS)?.to_vec();
        let seed = r.u64_le(field::SEED)?;
        let count = r.varint(field::CHOICE_COUNT)? as usize;
        // Each choice takes at least one byte: never reserve more than what is there.
        let mut choices = Vec::with_capacity(count.min(r.bytes.len()));
        for _ in 0..count {
            choices.push(r.varint(field::CHOICES)?);
        }
        if !r.bytes.is_empty() {
            return Err(RecordError::TrailingBytes(r.bytes.len()));
        }
        Ok(Record { version: FORMAT_1, ruleset, rules_version: 1, scenario, options, seed, choices: Choices::Indices(choices) })
    }

    fn from_format_2(deflated: &[u8]) -> Result<Record, RecordError> {
        let payload = miniz_oxide::inflate::decompress_to_vec_with_limit(deflated, MAX_PAYLOAD)
            .map_err(|_| RecordError::BadPayload)?;
        let mut r = Reader { bytes: &payload };
        let ruleset = r.text(field::RULESET)?;
        let rules_version = u16::try_from(r.varint(field::RULES_VERSION)?)
            .map_err(|_| RecordError::Overflow { field: field::RULES_VERSION })?;
        let scenario = r.text(field::SCENARIO)?;
        let options = r.bytes(field::OPTIONS)?.to_vec();
        let seed = r.u64_le(field::SEED)?;
        let count = r.varint(field::ACTION_COUNT)?;
        let code = r.bytes.to_vec();
        Ok(Record { version: RECORD_VERSION, ruleset, rules_version, scenario, options, seed, choices: Choices::Actions { count, code } })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

    /// A format-1 record (choices as indices).
    fn record(choices: Vec<u32>) -> Record {
        Record {
            version: FORMAT_1,
            ruleset: "bailen".into(),
            rules_version: 1,
            scenario: "historical".into(),
            options: vec![1, 0, 3],
            seed: 0xDEAD_BEEF_0123_4567,
            choices: Choices::Indices(choices),
        }
    }

    /// These values in the shared value code.
    fn coded(actions: Vec<serde_json::Value>) -> Choices {
        let mut e = crate::core::action_code::Encoder::default();
        for a in &actions {
            e.value(a);
        }
        Choices::Actions { count: actions.len() as u32, code: e.finish() }
    }

    /// A format-2 record of these actions.
    fn record2(actions: Vec<serde_json::Value>) -> Record {
        Record {
            version: RECORD_VERSION,
            ruleset: "bailen".into(),
            rules_version: 3,
            scenario: "bailen-1808".into(),
            options: vec![0x7F, 1],
            seed: 0xDEAD_BEEF_0123_4567,
            choices: coded(actions),
        }
    }

    /// Seal raw bytes (without checksum) into a string, as a different writer would.
    fn seal(mut body: Vec<u8>) -> String {
        let crc = crc32(&body);
        body.extend_from_slice(&crc.to_le_bytes());
        URL_SAFE_NO_PAD.encode(body)
    }

    /// A record's bytes without the checksum.
    fn body(r: &Record) -> Vec<u8> {
        let mut b = r.to_bytes();
        b.truncate(b.len() - 4);
        b
    }

    #[test]
    fn crc32_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    #[test]
    fn varint_layout() {
        let mut out = Vec::new();
        for v in [0, 127, 128, 300, u32::MAX] {
            put_varint(&mut out, v);
        }
        assert_eq!(out, [0, 0x7F, 0x80, 0x01, 0xAC, 0x02, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]);
        let mut r = Reader { bytes: &out };
        for v in [0, 127, 128, 300, u32::MAX] {
            assert_eq!(r.varint("x"), Ok(v));
        }
        assert!(r.bytes.is_empty());
    }

    #[test]
    fn byte_layout() {
        let r = Record {
            version: FORMAT_1,
            ruleset: "ab".into(),
            rules_version: 1,
            scenario: "c".into(),
            options: vec![9],
            seed: 0x0102_0304_0506_0708,
            choices: Choices::Indices(vec![5, 200]),
        };
        let b = r.to_bytes();
        let expected_body: Vec<u8> = vec![
            b'N', b'W', 1, 0, // magic, version 1 LE
            2, b'a', b'b', 1, b'c', 1, 9, // ruleset, scenario, options
            8, 7, 6, 5, 4, 3, 2, 1, // seed LE
            2, 5, 0xC8, 0x01, // two choices
        ];
        assert_eq!(&b[..b.len() - 4], &expected_body[..]);
        assert_eq!(b[b.len() - 4..], crc32(&expected_body).to_le_bytes());
        assert!(r.encode().starts_with("TlcB"));
    }

    #[test]
    fn round_trip_empty_choices() {
        let r = record(vec![]);
        let s = r.encode();
        assert_eq!(Record::decode(&s), Ok(r.clone()));
        let empty = Record {
            version: FORMAT_1,
            ruleset: String::new(),
            rules_version: 1,
            scenario: String::new(),
            options: vec![],
            seed: 0,
            choices: Choices::Indices(vec![]),
        };
        assert_eq!(Record::decode(&empty.encode()), Ok(empty));
    }

    #[test]
    fn round_trip_many_and_large_choices() {
        let choices: Vec<u32> =
            (0..5_000u32).map(|i| i.wrapping_mul(2_654_435_761) >> (i % 32)).collect();
        let r = record(choices);
        assert_eq!(Record::decode(&r.encode()), Ok(r));
        let r = record(vec![u32::MAX, 0, 127, 128, 16_383, 16_384, u32::MAX - 1, 1 << 28]);
        assert_eq!(Record::decode(&r.encode()), Ok(r));
        let mut r = record(vec![3; 10]);
        r.ruleset = "règles ünïcode ☃".into();
        r.seed = u64::MAX;
        r.options = (0..=255).collect();
        assert_eq!(Record::decode(&r.encode()), Ok(r));
    }

    #[test]
    fn version_field_is_what_was_read() {
        let mut r = record(vec![1, 2]);
        r.version = 0;
        let back = Record::decode(&r.encode()).expect("decodes");
        assert_eq!(back.version, FORMAT_1);
        let mut r = record2(vec![]);
        r.version = 0;
        assert_eq!(Record::decode(&r.encode()).expect("decodes").version, RECORD_VERSION);
    }

    #[test]
    fn surrounding_whitespace_is_ignored() {
        let r = record(vec![1, 2, 3]);
        let s = format!("  \n\t{}\r\n ", r.encode());
        assert_eq!(Record::decode(&s), Ok(r));
    }

    #[test]
    fn compact() {
        let r = Record {
            version: FORMAT_1,
            ruleset: "bailen".into(),
            rules_version: 1,
            scenario: "historical".into(),
            options: vec![0, 1],
            seed: 12345,
            choices: Choices::Indices((0..1_500).map(|i| i % 128).collect()),
        };
        let s = r.encode();
        // One byte a choice below 128, 39 bytes of envelope here: 1,539 bytes. Base64 adds a
        // third, so 2,052 characters (a budget of 1,600 characters would need < 0.8 bytes a
        // choice, which this layout cannot give).
        assert_eq!(r.to_bytes().len(), 1_539);
        assert!(s.len() <= 2_052, "{} characters", s.len());
        assert!(s.bytes().all(|b| ALPHABET.contains(&b)));
    }

    #[test]
    fn every_prefix_fails() {
        let s = record((0..40).map(|i| i * 37).collect()).encode();
        for n in 0..s.len() {
            assert!(Record::decode(&s[..n]).is_err(), "prefix of {n} characters decoded");
        }
        assert_eq!(Record::decode(""), Err(RecordError::Empty));
        assert_eq!(Record::decode(" \n "), Err(RecordError::Empty));
    }

    #[test]
    fn every_single_character_change_fails() {
        let s = record(vec![0, 1, 2, 300, 70_000, u32::MAX]).encode();
        let bytes = s.as_bytes();
        for i in 0..bytes.len() {
            for &c in ALPHABET {
                if c == bytes[i] {
                    continue;
                }
                let mut changed = bytes.to_vec();
                changed[i] = c;
                let changed = String::from_utf8(changed).expect("ascii");
                match Record::decode(&changed) {
                    Err(
                        RecordError::ChecksumMismatch
                        | RecordError::BadMagic
                        | RecordError::UnsupportedVersion { .. },
                    ) => {}
                    // The last character also carries unused bits that must be zero.
                    Err(RecordError::BadEnding) if i == s.len() - 1 => {}
                    other => panic!("changing character {i} to {} gave {other:?}", c as char),
                }
            }
        }
    }

    #[test]
    fn bad_characters_report_position() {
        let mut s = record(vec![1]).encode();
        s.replace_range(7..8, "!");
        assert_eq!(
            Record::decode(&s),
            Err(RecordError::BadCharacter { position: 7, character: '!' })
        );
        // Positions count characters of the string as given, leading whitespace included.
        let s2 = format!("  {s}");
        assert_eq!(
            Record::decode(&s2),
            Err(RecordError::BadCharacter { position: 9, character: '!' })
        );
        // Padding and the standard alphabet's extra characters are not base64url.
        let mut s3 = record(vec![1]).encode();
        s3.push('=');
        assert!(matches!(
            Record::decode(&s3),
            Err(RecordError::BadCharacter { character: '=', .. })
        ));
        assert_eq!(
            Record::decode("TlcB+AAA"),
            Err(RecordError::BadCharacter { position: 4, character: '+' })
        );
        assert_eq!(
            Record::decode("Tl é"),
            Err(RecordError::BadCharacter { position: 2, character: ' ' })
        );
        assert_eq!(
            Record::decode("Tlé"),
            Err(RecordError::BadCharacter { position: 2, character: 'é' })
        );
        let msg = RecordError::BadCharacter { position: 7, character: '!' }.to_string();
        assert!(msg.contains("'!'") && msg.contains("character 8"), "{msg}");
    }

    #[test]
    fn bad_length() {
        assert_eq!(Record::decode("TlcBA"), Err(RecordError::BadLength(5)));
        assert_eq!(Record::decode("A"), Err(RecordError::BadLength(1)));
    }

    #[test]
    fn bad_magic() {
        assert_eq!(Record::decode("AAAAAAAAAAAAAAAAAAAAAAAAAAAA"), Err(RecordError::BadMagic));
        assert_eq!(Record::decode("QQ"), Err(RecordError::BadMagic)); // one byte, "A"
        assert_eq!(Record::decode("Tg"), Err(RecordError::Truncated { field: "header" })); // "N"
        assert_eq!(Record::decode("TlcB"), Err(RecordError::Truncated { field: "format version" }));
    }

    #[test]
    fn unsupported_version_is_reported_only_when_the_string_is_intact() {
        let mut b = body(&record(vec![4, 5]));
        b[2..4].copy_from_slice(&3u16.to_le_bytes());
        let newer = seal(b.clone());
        let err = Record::decode(&newer).expect_err("version 3");
        assert_eq!(err, RecordError::UnsupportedVersion { found: 3, supported: RECORD_VERSION });
        assert!(err.to_string().contains("newer"), "{err}");
        // With a bad checksum the string is damaged, whatever its version bytes say.
        let mut broken = b;
        broken.extend_from_slice(&[0, 0, 0, 0]);
        let broken = URL_SAFE_NO_PAD.encode(broken);
        assert_eq!(Record::decode(&broken), Err(RecordError::ChecksumMismatch));
        let err = RecordError::ChecksumMismatch.to_string();
        assert!(err.contains("damaged") && !err.contains("newer"), "{err}");
        // A real string whose version bytes were hit: damaged, not newer.
        let mut hit = record2(vec![serde_json::json!({"type": "KeepRoll"})]).to_bytes();
        hit[3] = 0x40;
        assert_eq!(Record::decode(&URL_SAFE_NO_PAD.encode(&hit)), Err(RecordError::ChecksumMismatch));
        let mut old = body(&record(vec![]));
        old[2..4].copy_from_slice(&0u16.to_le_bytes());
        let err = Record::decode(&seal(old)).expect_err("version 0");
        assert_eq!(err, RecordError::UnsupportedVersion { found: 0, supported: RECORD_VERSION });
        assert!(err.to_string().contains("no longer"), "{err}");
    }

    #[test]
    fn format_2_round_trips_actions_and_the_rules_version() {
        use serde_json::json;
        let actions: Vec<_> = (0..700u32)
            .map(|i| json!({"type": "Deploy", "unit": i % 90, "to": format!("{:04}", 3000 + i % 40)}))
            .chain([json!({"type": "EndMovement"}), json!({"type": "Command", "leader": {"kind": "hq", "id": 2}})])
            .collect();
        let r = record2(actions);
        let s = r.encode();
        assert!(s.starts_with("TlcC"), "{}", &s[..8]);
        assert_eq!(Record::decode(&s), Ok(r.clone()));
        // 702 actions in well under 2 KB: the shapes and texts are written once, then DEFLATE.
        assert!(s.len() < 2_000, "{} characters", s.len());
        // A scenario file carried whole is compressed too.
        let mut big = r;
        big.scenario = "{\"counters\": [".to_string() + &"{\"name\": \"Line infantry\"},".repeat(500) + "]}";
        let s = big.encode();
        assert!(s.len() < 3_000, "{} characters", s.len());
        assert_eq!(Record::decode(&s), Ok(big));
    }

    #[test]
    fn format_2_damage_is_precise() {
        // A payload that is not DEFLATE data.
        let mut b = vec![b'N', b'W', 2, 0];
        b.extend_from_slice(&[0xFF; 12]);
        assert_eq!(Record::decode(&seal(b)), Err(RecordError::BadPayload));
        // Valid DEFLATE of fields that end early.
        let sealed = |payload: &[u8]| {
            let mut b = vec![b'N', b'W', 2, 0];
            b.extend_from_slice(&miniz_oxide::deflate::compress_to_vec(payload, 6));
            seal(b)
        };
        assert_eq!(Record::decode(&sealed(&[])), Err(RecordError::Truncated { field: "ruleset name" }));
        assert_eq!(Record::decode(&sealed(&[0, 0x80])), Err(RecordError::Truncated { field: "rules version" }));
        assert_eq!(Record::decode(&sealed(&[0, 0xFF, 0xFF, 0x0F])), Err(RecordError::Overflow { field: "rules version" }));
        let mut p = vec![0, 1, 0, 0];
        p.extend_from_slice(&[0; 8]);
        assert_eq!(Record::decode(&sealed(&p)), Err(RecordError::Truncated { field: "number of actions" }));
        p.extend_from_slice(&[2, 0xAA]);
        assert_eq!(Record::decode(&sealed(&p)).map(|r| r.choices), Ok(Choices::Actions { count: 2, code: vec![0xAA] }));
    }

    #[test]
    fn checksum_mismatch() {
        let mut b = record(vec![1, 2, 3]).to_bytes();
        let n = b.len();
        b[n - 6] ^= 1; // a choice
        assert_eq!(Record::decode(&URL_SAFE_NO_PAD.encode(&b)), Err(RecordError::ChecksumMismatch));
        // Too short to hold a checksum.
        assert_eq!(
            Record::decode(&URL_SAFE_NO_PAD.encode(b"NW\x01\x00\x00")),
            Err(RecordError::Truncated { field: "checksum" })
        );
    }

    #[test]
    fn field_errors_with_a_valid_checksum() {
        let header = |rest: &[u8]| {
            let mut b = vec![b'N', b'W', 1, 0];
            b.extend_from_slice(rest);
            seal(b)
        };
        assert_eq!(
            Record::decode(&header(&[])),
            Err(RecordError::Truncated { field: "ruleset name" })
        );
        assert_eq!(
            Record::decode(&header(&[5, b'a'])),
            Err(RecordError::Truncated { field: "ruleset name" })
        );
        assert_eq!(
            Record::decode(&header(&[1, 0xFF])),
            Err(RecordError::BadText { field: "ruleset name" })
        );
        assert_eq!(
            Record::decode(&header(&[0, 2, 0xC3, 0x28])),
            Err(RecordError::BadText { field: "scenario name" })
        );
        assert_eq!(
            Record::decode(&header(&[0x80, 0x80, 0x80, 0x80, 0x80, 0x01])),
            Err(RecordError::Overflow { field: "ruleset name" })
        );
        assert_eq!(
            Record::decode(&header(&[0xFF, 0xFF, 0xFF, 0xFF, 0x1F])),
            Err(RecordError::Overflow { field: "ruleset name" })
        );
        assert_eq!(
            Record::decode(&header(&[0xFF, 0xFF, 0xFF, 0xFF, 0x0F])),
            Err(RecordError::Truncated { field: "ruleset name" })
        );
        assert_eq!(
            Record::decode(&header(&[0, 0, 3, 1])),
            Err(RecordError::Truncated { field: "options" })
        );
        assert_eq!(
            Record::decode(&header(&[0, 0, 0, 1, 2, 3])),
            Err(RecordError::Truncated { field: "seed" })
        );
        let seed = [0u8; 8];
        let with_seed = |rest: &[u8]| {
            let mut b = vec![0, 0, 0];
            b.extend_from_slice(&seed);
            b.extend_from_slice(rest);
            header(&b)
        };
        assert_eq!(
            Record::decode(&with_seed(&[])),
            Err(RecordError::Truncated { field: "number of choices" })
        );
        let err = Record::decode(&with_seed(&[3, 1, 2])).expect_err("short");
        assert_eq!(err, RecordError::Truncated { field: "choice list" });
        assert_eq!(
            err.to_string(),
            "The saved game is damaged: it ends in the middle of the choice list."
        );
        // A huge count with no data must not reserve memory for it.
        assert_eq!(
            Record::decode(&with_seed(&[0xFF, 0xFF, 0xFF, 0xFF, 0x0F])),
            Err(RecordError::Truncated { field: "choice list" })
        );
        assert_eq!(
            Record::decode(&with_seed(&[1, 0x80, 0x80, 0x80, 0x80, 0x10])),
            Err(RecordError::Overflow { field: "choice list" })
        );
        assert_eq!(Record::decode(&with_seed(&[1, 7, 0, 0])), Err(RecordError::TrailingBytes(2)));
        let ok = Record::decode(&with_seed(&[1, 7])).expect("valid");
        assert_eq!(ok.choices, Choices::Indices(vec![7]));
    }

    #[test]
    fn messages_are_sentences() {
        let all = [
            RecordError::Empty,
            RecordError::BadCharacter { position: 0, character: '\n' },
            RecordError::BadLength(5),
            RecordError::BadMagic,
            RecordError::UnsupportedVersion { found: 9, supported: 1 },
            RecordError::UnsupportedVersion { found: 0, supported: 1 },
            RecordError::Truncated { field: "seed" },
            RecordError::BadText { field: "scenario name" },
            RecordError::Overflow { field: "choice list" },
            RecordError::ChecksumMismatch,
            RecordError::BadPayload,
            RecordError::TrailingBytes(1),
            RecordError::TrailingBytes(3),
        ];
        for e in all {
            let m = e.to_string();
            assert!(m.chars().next().is_some_and(char::is_uppercase), "{m}");
            assert!(m.ends_with('.'), "{m}");
        }
        assert_eq!(
            RecordError::TrailingBytes(1).to_string(),
            "The saved game is damaged: 1 unexpected byte follows the choice list."
        );
    }

    proptest! {
        #[test]
        fn arbitrary_strings_never_panic(s in "\\PC{0,200}") {
            let _ = Record::decode(&s);
        }

        #[test]
        fn arbitrary_base64url_never_panics(s in "[A-Za-z0-9_-]{0,120}") {
            let _ = Record::decode(&s);
        }

        #[test]
        fn arbitrary_bytes_with_valid_header_never_panic(rest in proptest::collection::vec(any::<u8>(), 0..80)) {
            let mut b = vec![b'N', b'W', 1, 0];
            b.extend_from_slice(&rest);
            let _ = Record::decode(&seal(b));
        }

        #[test]
        fn arbitrary_format_2_payloads_never_panic(payload in proptest::collection::vec(any::<u8>(), 0..120)) {
            let mut b = vec![b'N', b'W', 2, 0];
            b.extend_from_slice(&miniz_oxide::deflate::compress_to_vec(&payload, 6));
            let _ = Record::decode(&seal(b));
        }

        #[test]
        fn round_trip_format_2(
            ruleset in "\\PC{0,20}",
            rules_version in any::<u16>(),
            scenario in "\\PC{0,40}",
            seed in any::<u64>(),
            units in proptest::collection::vec((any::<u8>(), "[a-z]{0,3}", any::<i32>()), 0..100),
        ) {
            let actions = units.into_iter().map(|(u, s, n)| serde_json::json!({"type": s.clone(), "unit": u, s: n})).collect();
            let r = Record { version: RECORD_VERSION, ruleset, rules_version, scenario, options: vec![1], seed, choices: coded(actions) };
            prop_assert_eq!(Record::decode(&r.encode()), Ok(r));
        }

        #[test]
        fn round_trip(
            ruleset in "\\PC{0,20}",
            scenario in "\\PC{0,20}",
            options in proptest::collection::vec(any::<u8>(), 0..40),
            seed in any::<u64>(),
            choices in proptest::collection::vec(any::<u32>(), 0..200),
        ) {
            let r = Record { version: FORMAT_1, ruleset, rules_version: 1, scenario, options, seed, choices: Choices::Indices(choices) };
            prop_assert_eq!(Record::decode(&r.encode()), Ok(r));
        }
    }
}
