//! Bounded input: JSON text that comes from outside the engine (the page, a mailed setup, a
//! fuzzer) is measured before it is read.
//!
//! serde's derived deserializers recurse once per level of nesting, and in WebAssembly the stack
//! is small: an action object nested a few thousand levels deep used to overflow it and trap the
//! whole instance ("memory access out of bounds"). `parse_json` first checks the text's size and
//! its nesting depth with a flat scan (no recursion, constant memory), and only then hands it to
//! serde_json, so that a hostile text is refused with a precise message and the instance lives on.
use serde::de::DeserializeOwned;

/// The longest JSON text accepted, in bytes: far above any action, options or setup (a full
/// Bloody Monday setup is a few tens of KiB).
pub const MAX_JSON_BYTES: usize = 256 * 1024;

/// The deepest nesting accepted: every action, option set and setup of every ruleset is nested
/// fewer than 8 levels; 32 leaves room and keeps serde's recursion shallow.
pub const MAX_JSON_DEPTH: usize = 32;

/// Read `text` as a `T` after checking it is at most `MAX_JSON_BYTES` long and nested at most
/// `MAX_JSON_DEPTH` levels. `what` names the input in the errors ("the action", "the setup").
pub fn parse_json<T: DeserializeOwned>(text: &str, what: &str) -> Result<T, String> {
    parse_json_within(text, what, MAX_JSON_BYTES, MAX_JSON_DEPTH)
}

/// `parse_json` with explicit bounds.
pub fn parse_json_within<T: DeserializeOwned>(
    text: &str,
    what: &str,
    max_bytes: usize,
    max_depth: usize,
) -> Result<T, String> {
    check_json_bounds(text, what, max_bytes, max_depth)?;
    serde_json::from_str(text).map_err(|e| format!("{what} is not valid: {e}"))
}

/// Check the size of `text` and the nesting depth of its arrays and objects, without reading
/// it: brackets inside strings (escapes included) do not count. Malformed text that is within
/// the bounds passes, for serde_json to describe.
pub fn check_json_bounds(text: &str, what: &str, max_bytes: usize, max_depth: usize) -> Result<(), String> {
    if text.len() > max_bytes {
        return Err(format!(
            "{what} is {} bytes long; at most {max_bytes} are allowed",
            text.len()
        ));
    }
    let depth = nesting_depth(text);
    if depth > max_depth {
        return Err(format!(
            "{what} is nested {depth} levels deep; at most {max_depth} are allowed"
        ));
    }
    Ok(())
}

/// The deepest nesting of `[` and `{` in a JSON text, counting only brackets outside strings.
/// A closing bracket with nothing open is ignored (serde_json reports it).
pub fn nesting_depth(text: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    let (mut in_string, mut escaped) = (false, false);
    // JSON's structural characters are all ASCII, so bytes suffice: a UTF-8 continuation byte
    // is never mistaken for one.
    for &b in text.as_bytes() {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(tag = "type")]
    enum Action {
        Move { unit: u8, to: String },
        Pass,
    }

    fn nested(levels: usize) -> String {
        // {"type":"Move","unit":{"a":{"a":...}}}: the depth is levels.
        let mut s = String::from(r#"{"type":"Move","unit":"#);
        for _ in 1..levels {
            s.push_str(r#"{"a":"#);
        }
        s.push('1');
        for _ in 0..levels {
            s.push('}');
        }
        s
    }

    #[test]
    fn reads_a_plain_action() {
        let a: Action = parse_json(r#"{"type":"Move","unit":3,"to":"0412"}"#, "the action").unwrap();
        assert_eq!(a, Action::Move { unit: 3, to: "0412".into() });
        assert_eq!(parse_json::<Action>(r#"{"type":"Pass"}"#, "the action"), Ok(Action::Pass));
    }

    #[test]
    fn counts_levels_of_arrays_and_objects() {
        assert_eq!(nesting_depth("3"), 0);
        assert_eq!(nesting_depth(r#"{"type":"Pass"}"#), 1);
        assert_eq!(nesting_depth(r#"{"a":[1,{"b":[]}],"c":{}}"#), 4);
        assert_eq!(nesting_depth(&nested(5)), 5);
    }

    #[test]
    fn brackets_inside_strings_do_not_count() {
        assert_eq!(nesting_depth(r#"{"to":"[[[{{{"}"#), 1);
        // An escaped quote does not end the string; an escaped backslash does not escape it.
        assert_eq!(nesting_depth(r#"{"to":"\"[[[\"{{"}"#), 1);
        // The string ends after the escaped backslash: the object closes, then three arrays open.
        assert_eq!(nesting_depth(r#"{"to":"\\"}[[["#), 3);
        assert_eq!(nesting_depth(r#"["é{", "ü[\u0022["]"#), 1);
    }

    #[test]
    fn stray_closing_brackets_are_left_to_serde() {
        assert_eq!(nesting_depth("]]]}}{"), 1);
        let e = parse_json::<Action>("]]]", "the action").unwrap_err();
        assert!(e.starts_with("the action is not valid: "), "{e}");
    }

    #[test]
    fn thirty_two_levels_pass_the_bounds_and_thirty_three_do_not() {
        // Within the bounds the text reaches serde, which reports the bad field type.
        let e = parse_json::<Action>(&nested(32), "the action").unwrap_err();
        assert!(e.starts_with("the action is not valid: "), "{e}");
        assert_eq!(
            parse_json::<Action>(&nested(33), "the action"),
            Err("the action is nested 33 levels deep; at most 32 are allowed".into())
        );
    }

    #[test]
    fn five_thousand_levels_are_refused_precisely() {
        assert_eq!(
            parse_json::<Action>(&nested(5000), "the action"),
            Err("the action is nested 5000 levels deep; at most 32 are allowed".into())
        );
        let arrays = "[".repeat(5000) + &"]".repeat(5000);
        assert_eq!(
            parse_json::<serde_json::Value>(&arrays, "the options"),
            Err("the options is nested 5000 levels deep; at most 32 are allowed".into())
        );
    }

    #[test]
    fn a_million_levels_are_refused_by_size_and_scanned_without_recursion() {
        let deep = "[".repeat(1_000_000) + &"]".repeat(1_000_000);
        assert_eq!(
            parse_json::<serde_json::Value>(&deep, "the setup"),
            Err("the setup is 2000000 bytes long; at most 262144 are allowed".into())
        );
        // Past the size limit the depth scan is flat: a million levels on the test thread's
        // stack would overflow any recursive reader.
        assert_eq!(
            parse_json_within::<serde_json::Value>(&deep, "the setup", usize::MAX, 32),
            Err("the setup is nested 1000000 levels deep; at most 32 are allowed".into())
        );
        // Unclosed: a million openers and nothing else.
        assert_eq!(nesting_depth(&"{".repeat(1_000_000)), 1_000_000);
    }

    #[test]
    fn size_is_counted_in_bytes() {
        let long = format!(r#"{{"type":"Move","unit":1,"to":"{}"}}"#, "x".repeat(MAX_JSON_BYTES));
        let e = parse_json::<Action>(&long, "the action").unwrap_err();
        assert_eq!(e, format!("the action is {} bytes long; at most 262144 are allowed", long.len()));
        // Exactly at the limit is accepted by the bounds.
        let pad = MAX_JSON_BYTES - r#"{"type":"Pass","x":""}"#.len();
        let at_limit = format!(r#"{{"type":"Pass","x":"{}"}}"#, "y".repeat(pad));
        assert_eq!(at_limit.len(), MAX_JSON_BYTES);
        assert_eq!(parse_json::<Action>(&at_limit, "the action"), Ok(Action::Pass));
    }

    #[test]
    fn malformed_text_is_described_by_serde() {
        let e = parse_json::<Action>(r#"{"type":"Teleport"}"#, "the action").unwrap_err();
        assert!(e.starts_with("the action is not valid: unknown variant `Teleport`"), "{e}");
        let e = parse_json::<Action>(r#"{"type":"Move","unit":1,"to":"0412""#, "the action").unwrap_err();
        assert!(e.contains("EOF"), "{e}");
    }
}
