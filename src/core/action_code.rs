//! The compact encoding of a game's actions in a saved string: the actions themselves, never
//! their positions in a list of legal actions.
//!
//! Each ruleset's actions are serde values (an enum tagged by `"type"`, with fields). The record
//! stores the sequence of their JSON values in a small binary form that is independent of the
//! ruleset's code: the first time an object of a given shape (its `"type"` tag and its field
//! names) appears, the shape is written out in full and numbered; later objects of that shape
//! name the number and give only their field values. Strings are likewise written once and then
//! referred to by number. Numbers are variable-length integers. The record then compresses the
//! whole with DEFLATE.
//!
//! # Encoding, format 2 of the record
//!
//! Every value starts with a header byte: its kind in the top 3 bits and a payload in the low 5
//! bits; a payload of 31 or more is written as 31 followed by an unsigned LEB128 of
//! `payload - 31`.
//!
//! | kind | value | payload, then |
//! |---|---|---|
//! | 0 | unsigned integer | the integer |
//! | 1 | negative integer | `-(n + 1)` |
//! | 2 | string seen before | its number (in order of first appearance) |
//! | 3 | new string | its length in bytes, then UTF-8 |
//! | 4 | object of a known shape | the shape's number, then the field values in shape order |
//! | 5 | object of a new shape | the number of fields (the tag excluded); then the tag (a string value, or `null` when the object has no string `"type"`), the field names (string values), and the field values |
//! | 6 | array | the number of items, then the items |
//! | 7 | other | 0 null, 1 false, 2 true, 3 a float (8 bytes, IEEE 754 little-endian) |
//!
//! The decoder refuses more than 32 levels of nesting and counts larger than the bytes left, so
//! no input can make it recurse deeply or reserve much memory.
use serde_json::{Map, Number, Value};

/// The deepest nesting of arrays and objects an action may have.
pub const MAX_DEPTH: usize = 32;

const UINT: u8 = 0;
const NEG: u8 = 1;
const STR_REF: u8 = 2;
const STR_NEW: u8 = 3;
const OBJ_REF: u8 = 4;
const OBJ_NEW: u8 = 5;
const ARRAY: u8 = 6;
const OTHER: u8 = 7;

/// The tag field of an action object.
const TAG: &str = "type";

/// An object's shape: its tag (if a string) and its other field names, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Shape {
    tag: Option<String>,
    keys: Vec<String>,
}

fn shape_of(map: &Map<String, Value>) -> Shape {
    let tag = map.get(TAG).and_then(Value::as_str).map(str::to_string);
    let keys = map.keys().filter(|k| !(tag.is_some() && k.as_str() == TAG)).cloned().collect();
    Shape { tag, keys }
}

/// Writes a sequence of values.
#[derive(Default)]
pub struct Encoder {
    out: Vec<u8>,
    shapes: Vec<Shape>,
    strings: Vec<String>,
}

fn put_leb(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8 & 0x7F) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

impl Encoder {
    fn header(&mut self, kind: u8, payload: u64) {
        if payload < 31 {
            self.out.push(kind << 5 | payload as u8);
        } else {
            self.out.push(kind << 5 | 31);
            put_leb(&mut self.out, payload - 31);
        }
    }

    fn string(&mut self, s: &str) {
        match self.strings.iter().position(|t| t == s) {
            Some(i) => self.header(STR_REF, i as u64),
            None => {
                self.header(STR_NEW, s.len() as u64);
                self.out.extend_from_slice(s.as_bytes());
                self.strings.push(s.to_string());
            }
        }
    }

    /// Append one value.
    pub fn value(&mut self, v: &Value) {
        match v {
            Value::Null => self.header(OTHER, 0),
            Value::Bool(b) => self.header(OTHER, 1 + u64::from(*b)),
            Value::Number(n) => {
                if let Some(u) = n.as_u64() {
                    self.header(UINT, u);
                } else if let Some(i) = n.as_i64() {
                    // i < 0 here: -(i + 1) fits in u64.
                    self.header(NEG, (-(i + 1)) as u64);
                } else {
                    self.header(OTHER, 3);
                    self.out.extend_from_slice(&n.as_f64().unwrap_or(0.0).to_le_bytes());
                }
            }
            Value::String(s) => self.string(s),
            Value::Array(items) => {
                self.header(ARRAY, items.len() as u64);
                for item in items {
                    self.value(item);
                }
            }
            Value::Object(map) => {
                let shape = shape_of(map);
                match self.shapes.iter().position(|s| *s == shape) {
                    Some(i) => self.header(OBJ_REF, i as u64),
                    None => {
                        self.header(OBJ_NEW, shape.keys.len() as u64);
                        match &shape.tag {
                            Some(t) => self.string(t),
                            None => self.header(OTHER, 0),
                        }
                        for k in &shape.keys {
                            self.string(k);
                        }
                        self.shapes.push(shape.clone());
                    }
                }
                for k in &shape.keys {
                    self.value(&map[k.as_str()]);
                }
            }
        }
    }

    /// The bytes written so far.
    pub fn finish(self) -> Vec<u8> {
        self.out
    }
}

/// Why a stream of values could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// The bytes end in the middle of a value.
    Truncated,
    /// A number that does not fit, a reference to a string or shape never written, text that is
    /// not UTF-8, or a header of no known kind: the words say which.
    Bad(&'static str),
    /// Arrays and objects nested deeper than `MAX_DEPTH`.
    TooDeep,
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DecodeError::Truncated => write!(f, "it ends in the middle of an action"),
            DecodeError::Bad(what) => write!(f, "an action holds {what}"),
            DecodeError::TooDeep => write!(f, "an action is nested more than {MAX_DEPTH} levels deep"),
        }
    }
}

/// Reads a sequence of values written by `Encoder`.
pub struct Decoder<'a> {
    bytes: &'a [u8],
    shapes: Vec<Shape>,
    strings: Vec<String>,
}

impl<'a> Decoder<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Decoder { bytes, shapes: Vec::new(), strings: Vec::new() }
    }

    /// Bytes not read yet.
    pub fn remaining(&self) -> usize {
        self.bytes.len()
    }

    fn byte(&mut self) -> Result<u8, DecodeError> {
        let (&b, rest) = self.bytes.split_first().ok_or(DecodeError::Truncated)?;
        self.bytes = rest;
        Ok(b)
    }

    fn leb(&mut self) -> Result<u64, DecodeError> {
        let mut v: u64 = 0;
        for i in 0..10 {
            let b = self.byte()?;
            if i == 9 && b > 1 {
                return Err(DecodeError::Bad("a number too large"));
            }
            v |= u64::from(b & 0x7F) << (7 * i);
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(DecodeError::Bad("a number too large"))
    }

    fn header(&mut self) -> Result<(u8, u64), DecodeError> {
        let b = self.byte()?;
        let (kind, small) = (b >> 5, u64::from(b & 31));
        let payload = if small == 31 { self.leb()?.checked_add(31).ok_or(DecodeError::Bad("a number too large"))? } else { small };
        Ok((kind, payload))
    }

    /// A count that must be backed by at least one byte per item.
    fn count(&self, n: u64) -> Result<usize, DecodeError> {
        usize::try_from(n).ok().filter(|&n| n <= self.bytes.len()).ok_or(DecodeError::Truncated)
    }

    fn string_from(&mut self, kind: u8, payload: u64) -> Result<String, DecodeError> {
        match kind {
            STR_REF => usize::try_from(payload)
                .ok()
                .and_then(|i| self.strings.get(i))
                .cloned()
                .ok_or(DecodeError::Bad("a reference to a text never written")),
            STR_NEW => {
                let n = usize::try_from(payload).ok().filter(|&n| n <= self.bytes.len()).ok_or(DecodeError::Truncated)?;
                let (text, rest) = self.bytes.split_at(n);
                self.bytes = rest;
                let s = std::str::from_utf8(text).map_err(|_| DecodeError::Bad("text that is not UTF-8"))?.to_string();
                self.strings.push(s.clone());
                Ok(s)
            }
            _ => Err(DecodeError::Bad("a field name that is not text")),
        }
    }

    fn string(&mut self) -> Result<String, DecodeError> {
        let (kind, payload) = self.header()?;
        self.string_from(kind, payload)
    }

    /// Read the next value.
    pub fn value(&mut self) -> Result<Value, DecodeError> {
        self.value_at(0)
    }

    fn value_at(&mut self, depth: usize) -> Result<Value, DecodeError> {
        let (kind, payload) = self.header()?;
        Ok(match kind {
            UINT => Value::Number(payload.into()),
            NEG => {
                let n = i64::try_from(payload).map_err(|_| DecodeError::Bad("a number too large"))?;
                Value::Number((-n - 1).into())
            }
            STR_REF | STR_NEW => Value::String(self.string_from(kind, payload)?),
            ARRAY => {
                if depth >= MAX_DEPTH {
                    return Err(DecodeError::TooDeep);
                }
                let n = self.count(payload)?;
                let mut items = Vec::with_capacity(n);
                for _ in 0..n {
                    items.push(self.value_at(depth + 1)?);
                }
                Value::Array(items)
            }
            OBJ_REF | OBJ_NEW => {
                if depth >= MAX_DEPTH {
                    return Err(DecodeError::TooDeep);
                }
                let shape = if kind == OBJ_REF {
                    usize::try_from(payload)
                        .ok()
                        .and_then(|i| self.shapes.get(i))
                        .cloned()
                        .ok_or(DecodeError::Bad("a reference to an action shape never written"))?
                } else {
                    let n = self.count(payload)?;
                    let tag = match self.header()? {
                        (OTHER, 0) => None,
                        (k, p) => Some(self.string_from(k, p)?),
                    };
                    let mut keys = Vec::with_capacity(n);
                    for _ in 0..n {
                        keys.push(self.string()?);
                    }
                    let shape = Shape { tag, keys };
                    self.shapes.push(shape.clone());
                    shape
                };
                let mut map = Map::new();
                if let Some(t) = &shape.tag {
                    map.insert(TAG.to_string(), Value::String(t.clone()));
                }
                for k in shape.keys {
                    let v = self.value_at(depth + 1)?;
                    map.insert(k, v);
                }
                Value::Object(map)
            }
            _ => match payload {
                0 => Value::Null,
                1 => Value::Bool(false),
                2 => Value::Bool(true),
                3 => {
                    let mut b = [0u8; 8];
                    for x in &mut b {
                        *x = self.byte()?;
                    }
                    Number::from_f64(f64::from_le_bytes(b)).map(Value::Number).ok_or(DecodeError::Bad("a number that is not finite"))?
                }
                _ => return Err(DecodeError::Bad("a value of no known kind")),
            },
        })
    }
}

/// A stream of bits, most significant first, for a ruleset's own dense action code.
#[derive(Default)]
pub struct BitWriter {
    out: Vec<u8>,
    /// Bits not yet written out, in the low `pending` bits.
    acc: u32,
    pending: u32,
}

impl BitWriter {
    /// Write the low `width` bits of `value` (width at most 24).
    pub fn bits(&mut self, width: u32, value: u32) {
        debug_assert!(width <= 24);
        let mask = if width == 0 { 0 } else { u32::MAX >> (32 - width) };
        self.acc = (self.acc << width) | (value & mask);
        self.pending += width;
        while self.pending >= 8 {
            self.pending -= 8;
            self.out.push((self.acc >> self.pending) as u8);
        }
        self.acc &= (1 << self.pending) - 1;
    }

    pub fn bit(&mut self, b: bool) {
        self.bits(1, u32::from(b));
    }

    /// The bytes, the last one padded with zero bits.
    pub fn finish(mut self) -> Vec<u8> {
        if self.pending > 0 {
            let pad = 8 - self.pending;
            self.bits(pad, 0);
        }
        self.out
    }
}

/// Reads what `BitWriter` wrote.
pub struct BitReader<'a> {
    bytes: &'a [u8],
    /// The next bit to read, counted from the start.
    at: usize,
}

impl<'a> BitReader<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        BitReader { bytes, at: 0 }
    }

    /// Read `width` bits (at most 24).
    pub fn bits(&mut self, width: u32) -> Result<u32, DecodeError> {
        let mut v = 0u32;
        for _ in 0..width {
            let byte = *self.bytes.get(self.at / 8).ok_or(DecodeError::Truncated)?;
            v = (v << 1) | u32::from((byte >> (7 - self.at % 8)) & 1);
            self.at += 1;
        }
        Ok(v)
    }

    pub fn bit(&mut self) -> Result<bool, DecodeError> {
        Ok(self.bits(1)? == 1)
    }

    /// Whether only the zero padding of the last byte is left.
    pub fn at_end(&self) -> bool {
        let rest_of_byte = (8 - self.at % 8) % 8;
        self.at + rest_of_byte >= self.bytes.len() * 8
            && self.bytes.get(self.at / 8).is_none_or(|b| b & (0xFF >> (self.at % 8)) == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn round_trip(values: &[Value]) -> Vec<u8> {
        let mut e = Encoder::default();
        for v in values {
            e.value(v);
        }
        let bytes = e.finish();
        let mut d = Decoder::new(&bytes);
        for v in values {
            assert_eq!(&d.value().unwrap(), v);
        }
        assert_eq!(d.remaining(), 0);
        bytes
    }

    #[test]
    fn values_round_trip() {
        round_trip(&[
            json!({"type": "Deploy", "unit": 67, "to": "3822"}),
            json!({"type": "Deploy", "unit": 68, "to": "3520"}),
            json!({"type": "EndMovement"}),
            json!({"type": "Command", "leader": {"kind": "hq", "id": 200}}),
            json!([1, -1, -300, 1u64 << 40, i64::MIN, u64::MAX, null, true, false, 2.5, "é"]),
            json!({"no tag": {"type": 3}}),
        ]);
    }

    #[test]
    fn a_repeated_shape_costs_only_its_values() {
        let first = json!({"type": "Deploy", "unit": 5, "to": "3822"});
        let again = json!({"type": "Deploy", "unit": 6, "to": "3822"});
        let one = round_trip(std::slice::from_ref(&first)).len();
        let two = round_trip(&[first, again]).len();
        // Shape number, unit, and the text "3822" by reference: three bytes.
        assert_eq!(two - one, 3);
    }

    #[test]
    fn bits_round_trip() {
        let mut w = BitWriter::default();
        let items = [(1, 1), (5, 17), (7, 99), (8, 255), (3, 0), (24, 0xAB_CDEF), (2, 2)];
        for (width, v) in items {
            w.bits(width, v);
        }
        let bytes = w.finish();
        assert_eq!(bytes.len(), (1 + 5 + 7 + 8 + 3 + 24 + 2usize).div_ceil(8));
        let mut r = BitReader::new(&bytes);
        for (width, v) in items {
            assert_eq!(r.bits(width), Ok(v));
        }
        assert!(r.at_end());
        assert_eq!(r.bits(8), Err(DecodeError::Truncated));
    }

    #[test]
    fn bad_input_is_refused_without_panic() {
        assert_eq!(Decoder::new(&[]).value(), Err(DecodeError::Truncated));
        assert_eq!(Decoder::new(&[STR_REF << 5]).value(), Err(DecodeError::Bad("a reference to a text never written")));
        assert_eq!(Decoder::new(&[OBJ_REF << 5 | 4]).value(), Err(DecodeError::Bad("a reference to an action shape never written")));
        assert_eq!(Decoder::new(&[OTHER << 5 | 9]).value(), Err(DecodeError::Bad("a value of no known kind")));
        // An array claiming a billion items in three bytes.
        assert_eq!(Decoder::new(&[ARRAY << 5 | 31, 0xFF, 0xFF, 0x7F]).value(), Err(DecodeError::Truncated));
        // 10,000 nested arrays.
        let deep = vec![ARRAY << 5 | 1; 10_000];
        assert_eq!(Decoder::new(&deep).value(), Err(DecodeError::TooDeep));
    }
}
