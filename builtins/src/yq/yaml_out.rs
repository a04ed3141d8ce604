//! Writing YAML as yq v4 prints it (go-yaml v3's emitter): block style,
//! sequences indented under their key, `- ` items with the item's content
//! at the next indentation, `{}`/`[]` for empty collections, and each
//! string in the first style that can carry it: plain, then single
//! quoted, then double quoted; strings with line breaks in literal style
//! (`|`, `|-`, `|+`). A string that would read back as another type
//! (`"true"`, `"1"`, `""`) is double quoted, as go-yaml forces it.
//!
//! The scalar analysis is go-yaml's (libyaml's `analyze_scalar` and
//! `select_scalar_style`), with lines never folded (go-yaml v3's default
//! width is unlimited). Nesting is bounded by the reader and by the
//! evaluation's memory, and the writer recurses once per level on the
//! evaluation thread's large stack.

use jaq_json::{Num, Val};

use super::yaml_in::resolve;

/// The text of a number as yq prints it in YAML.
pub fn num_text(n: &Num) -> String {
    match n {
        Num::Int(i) => i.to_string(),
        Num::BigInt(i) => i.to_string(),
        Num::Dec(s) => s.to_string(),
        Num::Float(f) if f.is_nan() => ".nan".into(),
        Num::Float(f) if f.is_infinite() => {
            if *f > 0.0 {
                ".inf".into()
            } else {
                "-.inf".into()
            }
        }
        Num::Float(f) => crate::jq::write::fmt_double(*f),
    }
}

/// A string value's text (invalid UTF-8 replaced).
pub fn str_text(b: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(b)
}

/// A value as flat text (XML, props, CSV, TOML keys): scalars bare,
/// null empty, collections as compact JSON.
pub fn scalar_text(v: &Val) -> String {
    match v {
        Val::Null => String::new(),
        Val::Bool(b) => b.to_string(),
        Val::Num(n) => num_text(n),
        Val::TStr(s) | Val::BStr(s) => str_text(s).into_owned(),
        other => other.to_string(),
    }
}

/// Writes one document's value; `unwrap` prints a top-level string as
/// its bare text (yq's default `--unwrapScalar`).
pub fn write_doc(out: &mut Vec<u8>, v: &Val, indent: usize, unwrap: bool) {
    let indent = indent.max(1);
    match v {
        Val::TStr(s) | Val::BStr(s) if unwrap => {
            out.extend_from_slice(s);
            out.push(b'\n');
        }
        Val::Obj(o) if !o.is_empty() => write_map(out, v, 0, indent, false),
        Val::Arr(a) if !a.is_empty() => write_seq(out, v, 0, indent, false),
        _ => {
            scalar(out, v, 0, indent, false);
            out.push(b'\n');
        }
    }
}

fn pad(out: &mut Vec<u8>, n: usize) {
    out.extend(std::iter::repeat_n(b' ', n));
}

/// A block mapping at column `col`; `inline` when its first key follows
/// a `- ` already written.
fn write_map(out: &mut Vec<u8>, v: &Val, col: usize, indent: usize, inline: bool) {
    let Val::Obj(o) = v else { return };
    for (i, (k, val)) in o.iter().enumerate() {
        if i > 0 || !inline {
            pad(out, col);
        }
        match k {
            Val::TStr(s) | Val::BStr(s) => string(out, &str_text(s), col, indent, true),
            other => scalar(out, other, col, indent, true),
        }
        out.push(b':');
        value(out, val, col, indent);
    }
}

/// A block sequence at column `col`.
fn write_seq(out: &mut Vec<u8>, v: &Val, col: usize, indent: usize, inline: bool) {
    let Val::Arr(a) = v else { return };
    for (i, item) in a.iter().enumerate() {
        if i > 0 || !inline {
            pad(out, col);
        }
        out.push(b'-');
        let inner = col + indent;
        match item {
            Val::Obj(o) if !o.is_empty() => {
                pad(out, indent.saturating_sub(1).max(1));
                write_map(out, item, inner, indent, true);
            }
            Val::Arr(x) if !x.is_empty() => {
                pad(out, indent.saturating_sub(1).max(1));
                write_seq(out, item, inner, indent, true);
            }
            _ => {
                out.push(b' ');
                scalar(out, item, col, indent, false);
                out.push(b'\n');
            }
        }
    }
}

/// A mapping value after `key:`.
fn value(out: &mut Vec<u8>, v: &Val, col: usize, indent: usize) {
    match v {
        Val::Obj(o) if !o.is_empty() => {
            out.push(b'\n');
            write_map(out, v, col + indent, indent, false);
        }
        Val::Arr(a) if !a.is_empty() => {
            out.push(b'\n');
            write_seq(out, v, col + indent, indent, false);
        }
        _ => {
            out.push(b' ');
            scalar(out, v, col, indent, false);
            out.push(b'\n');
        }
    }
}

/// A scalar (or empty collection) in block context at column `col`.
fn scalar(out: &mut Vec<u8>, v: &Val, col: usize, indent: usize, key: bool) {
    match v {
        Val::Null => out.extend_from_slice(b"null"),
        Val::Bool(b) => out.extend_from_slice(if *b { b"true" } else { b"false" }),
        Val::Num(n) => out.extend_from_slice(num_text(n).as_bytes()),
        Val::TStr(s) | Val::BStr(s) => string(out, &str_text(s), col, indent, key),
        Val::Arr(_) => out.extend_from_slice(b"[]"),
        Val::Obj(_) => out.extend_from_slice(b"{}"),
    }
}

/// A scalar's text in place of another one in a line of YAML (`-i`
/// keeping the file's layout), or `None` when it needs lines of its own
/// (a multi-line string) or is not a scalar. In a flow collection, a
/// string holding `,[]{}` is quoted.
pub fn inline_scalar(v: &Val, flow: bool) -> Option<String> {
    let mut out = Vec::new();
    match v {
        Val::Arr(_) | Val::Obj(_) => return None,
        Val::TStr(t) | Val::BStr(t) => {
            let s = str_text(t);
            if s.contains(['\n', '\r']) {
                return None;
            }
            if flow && s.contains([',', '[', ']', '{', '}']) {
                let a = analyze(&s);
                if a.single_quoted {
                    out.push(b'\'');
                    out.extend_from_slice(s.replace('\'', "''").as_bytes());
                    out.push(b'\'');
                } else {
                    double_quoted(&mut out, &s);
                }
            } else {
                string(&mut out, &s, 0, 2, false);
            }
        }
        other => scalar(&mut out, other, 0, 2, false),
    }
    String::from_utf8(out).ok()
}

/// `key: value` as the lines of a block mapping entry at column `col`.
pub fn block_entry(k: &Val, v: &Val, col: usize, indent: usize) -> String {
    let mut m = jaq_json::Map::default();
    m.insert(k.clone(), v.clone());
    let mut out = Vec::new();
    write_map(&mut out, &Val::obj(m), col, indent, false);
    String::from_utf8_lossy(&out).into_owned()
}

/// How a string may be written (libyaml's scalar analysis).
#[derive(Default)]
struct Analysis {
    multiline: bool,
    block_plain: bool,
    single_quoted: bool,
    block: bool,
}

/// go-yaml's `is_printable`: unlike libyaml's, it leaves out NEL and
/// everything past the Basic Multilingual Plane, so an emoji is written
/// double quoted as `\U0001F600`, as yq prints it.
fn is_printable(c: char) -> bool {
    matches!(c, '\n' | '\u{20}'..='\u{7E}' | '\u{A0}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}')
        && c != '\u{FEFF}'
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

fn is_blankz(c: Option<char>) -> bool {
    match c {
        None | Some('\0') | Some(' ') | Some('\t') => true,
        Some(c) => is_break(c),
    }
}

fn analyze(s: &str) -> Analysis {
    if s.is_empty() {
        return Analysis {
            multiline: false,
            block_plain: true,
            single_quoted: true,
            block: false,
        };
    }
    let mut block_ind = s.starts_with("---") || s.starts_with("...");
    let (mut leading_space, mut leading_break, mut trailing_space, mut trailing_break) =
        (false, false, false, false);
    let (mut break_space, mut space_break, mut special, mut line_breaks) =
        (false, false, false, false);
    let (mut prev_space, mut prev_break) = (false, false);
    let chars: Vec<char> = s.chars().collect();
    let mut preceded_ws = true;
    let n = chars.len();
    for (i, &c) in chars.iter().enumerate() {
        let followed_ws = is_blankz(chars.get(i + 1).copied());
        if i == 0 {
            if "#,[]{}&*!|>'\"%@`".contains(c) {
                block_ind = true;
            }
            if (c == '?' || c == ':') && followed_ws {
                block_ind = true;
            }
            if c == '-' && followed_ws {
                block_ind = true;
            }
        } else {
            if c == ':' && followed_ws {
                block_ind = true;
            }
            if c == '#' && preceded_ws {
                block_ind = true;
            }
        }
        if !is_printable(c) {
            special = true;
        }
        if is_break(c) {
            line_breaks = true;
        }
        if c == ' ' {
            if i == 0 {
                leading_space = true;
            }
            if i + 1 == n {
                trailing_space = true;
            }
            if prev_break {
                break_space = true;
            }
            prev_space = true;
            prev_break = false;
        } else if is_break(c) {
            if i == 0 {
                leading_break = true;
            }
            if i + 1 == n {
                trailing_break = true;
            }
            if prev_space {
                space_break = true;
            }
            prev_break = true;
            prev_space = false;
        } else {
            prev_space = false;
            prev_break = false;
        }
        preceded_ws = is_blankz(Some(c));
    }
    let mut a = Analysis {
        multiline: line_breaks,
        block_plain: true,
        single_quoted: true,
        block: true,
    };
    if leading_space || leading_break || trailing_space || trailing_break {
        a.block_plain = false;
    }
    if trailing_space {
        a.block = false;
    }
    if break_space {
        a.block_plain = false;
        a.single_quoted = false;
    }
    if space_break || special {
        a.block_plain = false;
        a.single_quoted = false;
        a.block = false;
    }
    if line_breaks {
        a.block_plain = false;
    }
    if block_ind {
        a.block_plain = false;
    }
    a
}

/// Looks like a YAML timestamp (`2001-12-14`...): yq keeps such a
/// scalar's `!!timestamp` tag and prints it plain.
fn timestamp_like(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 10
        && b.get(..4).is_some_and(|d| d.iter().all(u8::is_ascii_digit))
        && b.get(4) == Some(&b'-')
        && b.get(7) == Some(&b'-')
}

/// Writes a string in the style go-yaml picks for it.
fn string(out: &mut Vec<u8>, s: &str, col: usize, indent: usize, key: bool) {
    let a = analyze(s);
    let force = resolve(s).is_some() && !timestamp_like(s);
    let literal = s.contains('\n') && !key;
    if key && a.multiline {
        return double_quoted(out, s);
    }
    if literal {
        if a.block {
            return literal_block(out, s, col, indent);
        }
        return double_quoted(out, s);
    }
    if force {
        return double_quoted(out, s);
    }
    if a.block_plain && !(s.is_empty() && key) {
        out.extend_from_slice(s.as_bytes());
        return;
    }
    if a.single_quoted {
        out.push(b'\'');
        for c in s.chars() {
            if c == '\'' {
                out.extend_from_slice(b"''");
            } else {
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
        out.push(b'\'');
        return;
    }
    double_quoted(out, s);
}

fn double_quoted(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    for c in s.chars() {
        let esc: Option<&[u8]> = match c {
            '\0' => Some(b"\\0"),
            '\u{7}' => Some(b"\\a"),
            '\u{8}' => Some(b"\\b"),
            '\t' => Some(b"\\t"),
            '\n' => Some(b"\\n"),
            '\u{B}' => Some(b"\\v"),
            '\u{C}' => Some(b"\\f"),
            '\r' => Some(b"\\r"),
            '\u{1B}' => Some(b"\\e"),
            '"' => Some(b"\\\""),
            '\\' => Some(b"\\\\"),
            '\u{85}' => Some(b"\\N"),
            '\u{2028}' => Some(b"\\L"),
            '\u{2029}' => Some(b"\\P"),
            _ => None,
        };
        if let Some(e) = esc {
            out.extend_from_slice(e);
        } else if !is_printable(c) {
            let n = c as u32;
            let t = if n <= 0xFF {
                format!("\\x{n:02X}")
            } else if n <= 0xFFFF {
                format!("\\u{n:04X}")
            } else {
                format!("\\U{n:08X}")
            };
            out.extend_from_slice(t.as_bytes());
        } else {
            let mut buf = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        }
    }
    out.push(b'"');
}

/// A literal block scalar whose lines sit at `col + indent`.
fn literal_block(out: &mut Vec<u8>, s: &str, col: usize, indent: usize) {
    out.push(b'|');
    if s.starts_with([' ', '\n']) {
        out.extend_from_slice(indent.to_string().as_bytes());
    }
    let chomp = if !s.ends_with('\n') {
        "-"
    } else if s == "\n" || s.ends_with("\n\n") {
        "+"
    } else {
        ""
    };
    out.extend_from_slice(chomp.as_bytes());
    out.push(b'\n');
    let body = s.strip_suffix('\n').unwrap_or(s);
    for line in body.split('\n') {
        if !line.is_empty() {
            pad(out, col + indent);
            out.extend_from_slice(line.as_bytes());
        }
        out.push(b'\n');
    }
    // The caller ends the line: drop the last newline written.
    out.pop();
}
