//! The mail string's bytes: the envelope (base64url, magic, version, DEFLATE, the sender's
//! signature) and the body (header and entries). Parsing never trusts a length or a count
//! beyond the bytes that are there. The layout is documented in docs/mail.md.
use super::crypto::{self, Bytes32, Kdf, Sealed, SEALED_LEN};
use super::MailError;
use crate::core::record::{base64url_text, put_bytes, put_varint};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;

/// The two bytes every mail string starts with.
pub const MAGIC: [u8; 2] = *b"NM";
/// The mail format this build writes and reads.
pub const MAIL_VERSION: u16 = 1;
/// The most bytes a body may inflate to.
const MAX_BODY: usize = 16 << 20;
/// Domain labels of the hashes that are signed.
const HEADER_LABEL: &[u8] = b"napoleonic-mail-v1/header";
const ENTRY_LABEL: &[u8] = b"napoleonic-mail-v1/entry";
const STRING_LABEL: &[u8] = b"napoleonic-mail-v1/string";

/// What a game is: fixed by the opener's first string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub ruleset: String,
    pub rules_version: u16,
    pub scenario: String,
    pub options: Vec<u8>,
    pub game_id: [u8; 16],
    pub kdf: Kdf,
    /// The index in `Search::SIDES` of the side that opened the game.
    pub opener: u8,
}

/// What an entry says: the two opening entries give a side's key and anchor; every later entry
/// is a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    Opening { public: Bytes32, anchor: Bytes32 },
    Turn { reveal: Bytes32, count: u32, actions: Vec<u8> },
}

/// One signed entry of the history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The index in `Search::SIDES` of the side that sent it.
    pub side: u8,
    /// 0 for the two opening entries, then the turn number from 1.
    pub number: u32,
    /// The hash of the previous entry (of the header for the first).
    pub prev: Bytes32,
    pub body: Body,
    /// The sender's dice secret, sealed to the sender alone.
    pub sealed: Sealed,
    /// Ed25519 signature of `hash()` by the sender.
    pub signature: [u8; 64],
}

/// A whole history: header and entries in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transcript {
    pub header: Header,
    pub entries: Vec<Entry>,
}

impl Header {
    fn write(&self, out: &mut Vec<u8>) {
        put_bytes(out, self.ruleset.as_bytes());
        put_varint(out, u32::from(self.rules_version));
        put_bytes(out, self.scenario.as_bytes());
        put_bytes(out, &self.options);
        out.extend_from_slice(&self.game_id);
        for v in [self.kdf.memory_kib, self.kdf.passes, self.kdf.lanes] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.push(self.opener);
    }

    /// SHA-256("napoleonic-mail-v1/header" || header bytes): the first entry's `prev`.
    pub fn hash(&self) -> Bytes32 {
        let mut b = Vec::new();
        self.write(&mut b);
        crypto::sha256(&[HEADER_LABEL, &b])
    }
}

impl Entry {
    /// The entry's bytes without its signature.
    fn write_unsigned(&self, out: &mut Vec<u8>) {
        out.push(self.side);
        put_varint(out, self.number);
        out.extend_from_slice(&self.prev);
        match &self.body {
            Body::Opening { public, anchor } => {
                out.push(0);
                out.extend_from_slice(public);
                out.extend_from_slice(anchor);
            }
            Body::Turn { reveal, count, actions } => {
                out.push(1);
                out.extend_from_slice(reveal);
                put_varint(out, *count);
                put_bytes(out, actions);
            }
        }
        out.extend_from_slice(&self.sealed);
    }

    /// SHA-256("napoleonic-mail-v1/entry" || entry bytes without the signature): what the
    /// sender signs, and the next entry's `prev`. Through `prev` it covers the header and every
    /// earlier entry.
    pub fn hash(&self) -> Bytes32 {
        let mut b = Vec::new();
        self.write_unsigned(&mut b);
        crypto::sha256(&[ENTRY_LABEL, &b])
    }
}

impl Transcript {
    fn body_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.header.write(&mut out);
        put_varint(&mut out, u32::try_from(self.entries.len()).unwrap_or(u32::MAX));
        for e in &self.entries {
            e.write_unsigned(&mut out);
            out.extend_from_slice(&e.signature);
        }
        out
    }

    /// The `prev` of the next entry.
    pub fn tip(&self) -> Bytes32 {
        self.entries.last().map_or_else(|| self.header.hash(), Entry::hash)
    }

    /// The string, signed as a whole by `sign` (the sender of the last entry).
    pub fn encode(&self, sign: impl Fn(&Bytes32) -> [u8; 64]) -> String {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&MAIL_VERSION.to_le_bytes());
        out.extend_from_slice(&miniz_oxide::deflate::compress_to_vec(&self.body_bytes(), 10));
        let signature = sign(&crypto::sha256(&[STRING_LABEL, &out]));
        out.extend_from_slice(&signature);
        URL_SAFE_NO_PAD.encode(out)
    }
}

/// A string read but not yet checked beyond its shape: the transcript, the digest of the
/// signed envelope and its signature (checked by the caller, who knows the keys).
pub struct Unchecked {
    pub transcript: Transcript,
    pub digest: Bytes32,
    pub signature: [u8; 64],
}

/// Read a string's envelope and body. A damaged body reads as "changed after it was sent":
/// nothing a sender writes is ever malformed.
pub fn decode(s: &str) -> Result<Unchecked, MailError> {
    let trimmed = base64url_text(s).map_err(|bad| match bad {
        None => MailError::Empty,
        Some((position, character)) => MailError::BadCharacter { position, character },
    })?;
    // Strict base64url (RFC 4648 §5): no padding, no stray bits in the last character.
    let bytes = URL_SAFE_NO_PAD.decode(trimmed).map_err(|_| MailError::changed("it is not whole base64"))?;
    if bytes.len() < 4 || bytes[..2] != MAGIC {
        return Err(MailError::NotAMailString);
    }
    let version = u16::from_le_bytes([bytes[2], bytes[3]]);
    if version != MAIL_VERSION {
        return Err(MailError::UnsupportedVersion { found: version });
    }
    if bytes.len() < 4 + 64 {
        return Err(MailError::changed("it is too short"));
    }
    let (signed, sig) = bytes.split_at(bytes.len() - 64);
    let mut signature = [0u8; 64];
    signature.copy_from_slice(sig);
    let digest = crypto::sha256(&[STRING_LABEL, signed]);
    let body = miniz_oxide::inflate::decompress_to_vec_with_limit(&signed[4..], MAX_BODY)
        .map_err(|_| MailError::changed("its compressed contents cannot be read"))?;
    let transcript = read_body(&body)?;
    Ok(Unchecked { transcript, digest, signature })
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], MailError> {
        if n > self.bytes.len() {
            return Err(MailError::changed("it ends too early"));
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }
    fn array<const N: usize>(&mut self) -> Result<[u8; N], MailError> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }
    fn byte(&mut self) -> Result<u8, MailError> {
        Ok(self.array::<1>()?[0])
    }
    fn u32_le(&mut self) -> Result<u32, MailError> {
        Ok(u32::from_le_bytes(self.array()?))
    }
    /// An unsigned LEB128 varint of at most 5 bytes holding a u32, in its shortest form (so
    /// that every history has exactly one encoding).
    fn varint(&mut self) -> Result<u32, MailError> {
        let mut value: u64 = 0;
        for i in 0..5 {
            let byte = self.byte()?;
            value |= u64::from(byte & 0x7F) << (7 * i);
            if byte & 0x80 == 0 {
                if i > 0 && byte == 0 {
                    return Err(MailError::changed("a number is not in its shortest form"));
                }
                return u32::try_from(value).map_err(|_| MailError::changed("a number is too large"));
            }
        }
        Err(MailError::changed("a number is too long"))
    }
    fn bytes(&mut self) -> Result<&'a [u8], MailError> {
        let n = self.varint()? as usize;
        self.take(n)
    }
    fn text(&mut self) -> Result<String, MailError> {
        std::str::from_utf8(self.bytes()?)
            .map(str::to_string)
            .map_err(|_| MailError::changed("a name is not text"))
    }
}

fn read_body(body: &[u8]) -> Result<Transcript, MailError> {
    let mut r = Reader { bytes: body };
    let ruleset = r.text()?;
    let rules_version = u16::try_from(r.varint()?).map_err(|_| MailError::changed("the rules version is too large"))?;
    let scenario = r.text()?;
    let options = r.bytes()?.to_vec();
    let game_id = r.array()?;
    let kdf = Kdf { memory_kib: r.u32_le()?, passes: r.u32_le()?, lanes: r.u32_le()? };
    let opener = r.byte()?;
    let header = Header { ruleset, rules_version, scenario, options, game_id, kdf, opener };
    let count = r.varint()? as usize;
    // Every entry takes more than 100 bytes: never reserve more than what is there.
    let mut entries = Vec::with_capacity(count.min(r.bytes.len() / 100));
    for _ in 0..count {
        let side = r.byte()?;
        let number = r.varint()?;
        let prev = r.array()?;
        let body = match r.byte()? {
            0 => Body::Opening { public: r.array()?, anchor: r.array()? },
            1 => {
                let reveal = r.array()?;
                let count = r.varint()?;
                let actions = r.bytes()?.to_vec();
                Body::Turn { reveal, count, actions }
            }
            _ => return Err(MailError::changed("an entry is of no known kind")),
        };
        let sealed = r.array::<SEALED_LEN>()?;
        let signature = r.array()?;
        entries.push(Entry { side, number, prev, body, sealed, signature });
    }
    if !r.bytes.is_empty() {
        return Err(MailError::changed("unexpected bytes follow the last turn"));
    }
    Ok(Transcript { header, entries })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Transcript {
        let header = Header {
            ruleset: "bailen".into(),
            rules_version: 1,
            scenario: "historical".into(),
            options: vec![1, 2],
            game_id: [9; 16],
            kdf: Kdf::PRODUCTION,
            opener: 1,
        };
        let prev = header.hash();
        let entries = vec![
            Entry { side: 1, number: 0, prev, body: Body::Opening { public: [1; 32], anchor: [2; 32] }, sealed: [3; SEALED_LEN], signature: [4; 64] },
            Entry { side: 0, number: 1, prev: [5; 32], body: Body::Turn { reveal: [6; 32], count: 300, actions: vec![7; 200] }, sealed: [8; SEALED_LEN], signature: [9; 64] },
        ];
        Transcript { header, entries }
    }

    #[test]
    fn body_round_trips() {
        let t = sample();
        let s = t.encode(|_| [0x55; 64]);
        let u = decode(&s).expect("reads");
        assert_eq!(u.transcript, t);
        assert_eq!(u.signature, [0x55; 64]);
    }

    #[test]
    fn envelope_refusals_are_precise() {
        assert_eq!(decode("  ").err(), Some(MailError::Empty));
        assert!(matches!(decode("ab=c"), Err(MailError::BadCharacter { position: 2, character: '=' })));
        let nw = URL_SAFE_NO_PAD.encode(b"NW\x02\x00rest");
        assert_eq!(decode(&nw).err(), Some(MailError::NotAMailString));
        let v2 = URL_SAFE_NO_PAD.encode([b'N', b'M', 2, 0, 1, 2, 3]);
        assert_eq!(decode(&v2).err(), Some(MailError::UnsupportedVersion { found: 2 }));
    }

    #[test]
    fn non_canonical_numbers_are_refused() {
        let mut r = Reader { bytes: &[0x81, 0x00] };
        assert!(r.varint().is_err());
        let mut r = Reader { bytes: &[0x81, 0x01] };
        assert_eq!(r.varint().ok(), Some(129));
    }
}
