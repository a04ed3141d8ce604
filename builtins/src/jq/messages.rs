//! jq's wording for the errors jaq raises.
//!
//! jaq's errors reach sandbash only as text (`cannot index 1 with "a"`);
//! the values in them are jaq's compact JSON, read back here with
//! sandbash's parser to name their types and print them as jq does
//! (`Cannot index number with "a"`, `number (1) and string ("a") cannot
//! be added`). Text not recognised is kept as jaq wrote it.

use jaq_json::Val;

use super::json::{Parser, Step};
use super::natives::type_name;
use super::write;

/// The message jq prints for an error whose value is `v` (the argument
/// of `error`, or jaq's message as a string), and whether it is a string.
pub fn error_text(v: &Val) -> (String, bool) {
    match v {
        Val::TStr(s) | Val::BStr(s) => (translate(&String::from_utf8_lossy(s)), true),
        other => {
            let (mut text, cut) = write::json_head(other, MAX_VALUE_TEXT);
            if cut {
                text.extend_from_slice(b"...");
            }
            (lossy(&text), false)
        }
    }
}

/// Longest text of a value an error message shows: jq prints it whole,
/// but the text of a value can be far larger than the value.
const MAX_VALUE_TEXT: usize = 1 << 20;

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A value as jq shows it inside a message: its JSON, cut to 11 bytes
/// and `...` when longer than 14.
pub fn dump_trunc(v: &Val) -> String {
    let (j, cut) = write::json_head(v, 15);
    if cut || j.len() > 14 {
        let mut s = lossy(j.get(..11).unwrap_or(&j));
        s.push_str("...");
        s
    } else {
        lossy(&j)
    }
}

/// `type (value)` as jq's messages show an operand.
pub fn typed(v: &Val) -> String {
    format!("{} ({})", type_name(v), dump_trunc(v))
}

/// Reads one JSON value at the start of `s`; the value and the rest.
fn value_prefix(s: &str) -> Option<(Val, &str)> {
    let mut p = Parser::new();
    for (i, &c) in s.as_bytes().iter().enumerate() {
        match p.feed(c) {
            Ok(Step::More) => {}
            Ok(Step::Value(v)) => {
                // A literal ends at the byte after it (the delimiter).
                let end = if matches!(c, b' ' | b'\t' | b'\n' | b'\r') {
                    i
                } else {
                    i + 1
                };
                return Some((v, s.get(end..)?));
            }
            Err(_) => return None,
        }
    }
    match p.finish() {
        Ok(Some(v)) => Some((v, "")),
        _ => None,
    }
}

/// jaq's message `msg` in jq 1.7's words, or as it is when not
/// recognised.
pub fn translate(msg: &str) -> String {
    translate_known(msg).unwrap_or_else(|| msg.to_string())
}

fn translate_known(msg: &str) -> Option<String> {
    if let Some(rest) = msg.strip_prefix("cannot index ") {
        let (l, rest) = value_prefix(rest)?;
        let (r, rest) = value_prefix(rest.strip_prefix(" with ")?)?;
        if !rest.is_empty() {
            return None;
        }
        return Some(match &r {
            Val::TStr(k) => format!(
                "Cannot index {} with \"{}\"",
                type_name(&l),
                String::from_utf8_lossy(k)
            ),
            _ => format!("Cannot index {} with {}", type_name(&l), type_name(&r)),
        });
    }
    if let Some(rest) = msg.strip_prefix("cannot use ") {
        let (v, rest) = value_prefix(rest)?;
        let what = rest.strip_prefix(" as ")?;
        return Some(match what {
            "iterable (array or object)" => format!("Cannot iterate over {}", typed(&v)),
            _ => format!("{} cannot be used as {what}", typed(&v)),
        });
    }
    if let Some(rest) = msg.strip_prefix("cannot calculate ") {
        let (l, rest) = value_prefix(rest)?;
        let rest = rest.strip_prefix(' ')?;
        let (op, rest) = rest.split_once(' ')?;
        let (r, rest) = value_prefix(rest)?;
        if !rest.is_empty() {
            return None;
        }
        let verb = match op {
            "+" => "added",
            "-" => "subtracted",
            "*" => "multiplied",
            "/" => "divided",
            "%" => "divided",
            _ => return None,
        };
        return Some(format!("{} and {} cannot be {verb}", typed(&l), typed(&r)));
    }
    if let Some(v) = msg.strip_suffix(" has no length") {
        let (v, rest) = value_prefix(v)?;
        return rest
            .is_empty()
            .then(|| format!("{} has no length", typed(&v)));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(msg: &str) -> String {
        error_text(&Val::utf8_str(msg.as_bytes().to_vec())).0
    }

    #[test]
    fn jaq_errors_in_jq_words() {
        assert_eq!(
            t("cannot index 1 with \"a\""),
            "Cannot index number with \"a\""
        );
        assert_eq!(
            t("cannot index {} with 0"),
            "Cannot index object with number"
        );
        assert_eq!(
            t("cannot use 5 as iterable (array or object)"),
            "Cannot iterate over number (5)"
        );
        assert_eq!(
            t("cannot calculate {\"aaaaaaaaaaaa\":1} + 1"),
            "object ({\"aaaaaaaaa...) and number (1) cannot be added"
        );
        assert_eq!(t("true has no length"), "boolean (true) has no length");
        assert_eq!(t("boom"), "boom");
    }
}
