//! TOML in (the `toml` crate's parser, tables in document order) and
//! out: a table's plain keys first (`key = value`, arrays and inline
//! tables inline), then its sub-tables as `[a.b]` sections (a section
//! header only where the table has plain keys or is empty) and arrays of
//! tables as `[[a.b]]`. TOML has no null: null values are left out.
//! Dates and times are read as their text.

use jaq_json::{Map, Num, Rc, Val};
use sandbash_interpreter::memory::Charge;

use super::yaml_out::{num_text, scalar_text, str_text};

/// Deepest nesting of TOML values converted.
const MAX_DEPTH: usize = 1_000;

/// Parses a TOML document; `Err(None)` when the memory budget refuses.
pub fn parse(text: &str, charge: &mut Charge) -> Result<Val, Option<String>> {
    // The parser recurses over nested inline arrays and tables: refuse
    // deep bracket nesting before it sees the text.
    let mut depth = 0usize;
    for b in text.bytes() {
        match b {
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(Some(format!("toml: nested deeper than {MAX_DEPTH}")));
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    if !charge.grow(text.len() as u64 * 4) {
        return Err(None);
    }
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        Some(format!(
            "toml: {}",
            e.message().lines().next().unwrap_or("invalid TOML")
        ))
    })?;
    Ok(convert(toml::Value::Table(table)))
}

fn convert(v: toml::Value) -> Val {
    match v {
        toml::Value::String(s) => Val::utf8_str(s.into_bytes()),
        toml::Value::Integer(i) => Val::Num(Num::Int(isize::try_from(i).unwrap_or(isize::MAX))),
        toml::Value::Float(f) => Val::Num(Num::Float(f)),
        toml::Value::Boolean(b) => Val::Bool(b),
        toml::Value::Datetime(d) => Val::utf8_str(d.to_string().into_bytes()),
        toml::Value::Array(a) => Val::Arr(Rc::new(a.into_iter().map(convert).collect())),
        toml::Value::Table(t) => {
            let mut m = Map::default();
            for (k, v) in t {
                m.insert(Val::utf8_str(k.into_bytes()), convert(v));
            }
            Val::obj(m)
        }
    }
}

fn key(out: &mut String, k: &str) {
    if !k.is_empty()
        && k.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        out.push_str(k);
    } else {
        string(out, k);
    }
}

fn string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{:04X}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn inline(out: &mut String, v: &Val, depth: usize) {
    if depth > MAX_DEPTH {
        out.push_str("\"\"");
        return;
    }
    match v {
        Val::Null => out.push_str("\"\""),
        Val::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Val::Num(Num::Float(f)) if f.is_nan() => out.push_str("nan"),
        Val::Num(Num::Float(f)) if f.is_infinite() => {
            out.push_str(if *f > 0.0 { "inf" } else { "-inf" })
        }
        Val::Num(n) => out.push_str(&num_text(n)),
        Val::TStr(s) | Val::BStr(s) => string(out, &str_text(s)),
        Val::Arr(a) => {
            out.push('[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                inline(out, x, depth + 1);
            }
            out.push(']');
        }
        Val::Obj(o) => {
            if o.is_empty() {
                out.push_str("{}");
                return;
            }
            out.push_str("{ ");
            let mut first = true;
            for (k, x) in o.iter() {
                if matches!(x, Val::Null) {
                    continue;
                }
                if !first {
                    out.push_str(", ");
                }
                first = false;
                key(out, &scalar_text(k));
                out.push_str(" = ");
                inline(out, x, depth + 1);
            }
            out.push_str(" }");
        }
    }
}

fn is_table_array(v: &Val) -> bool {
    matches!(v, Val::Arr(a) if !a.is_empty() && a.iter().all(|x| matches!(x, Val::Obj(_))))
}

/// Writes a value as a TOML document.
pub fn write(out: &mut Vec<u8>, v: &Val) {
    let mut s = String::new();
    match v {
        Val::Obj(_) => table(&mut s, v, &mut Vec::new(), false, 0),
        // A scalar result prints bare, as yq unwraps scalars.
        Val::TStr(t) | Val::BStr(t) => {
            s.push_str(&str_text(t));
            s.push('\n');
        }
        other => {
            inline(&mut s, other, 0);
            s.push('\n');
        }
    }
    out.extend_from_slice(s.as_bytes());
}

fn path_text(path: &[String]) -> String {
    let mut s = String::new();
    for (i, p) in path.iter().enumerate() {
        if i > 0 {
            s.push('.');
        }
        key(&mut s, p);
    }
    s
}

fn table(out: &mut String, v: &Val, path: &mut Vec<String>, array_item: bool, depth: usize) {
    let Val::Obj(o) = v else { return };
    if depth > MAX_DEPTH {
        return;
    }
    let plain: Vec<_> = o
        .iter()
        .filter(|(_, x)| !matches!(x, Val::Obj(_) | Val::Null) && !is_table_array(x))
        .collect();
    if !path.is_empty() {
        if array_item {
            out.push_str(&format!("[[{}]]\n", path_text(path)));
        } else if !plain.is_empty() || o.is_empty() {
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&format!("[{}]\n", path_text(path)));
        }
    }
    for (k, x) in &plain {
        key(out, &scalar_text(k));
        out.push_str(" = ");
        inline(out, x, 0);
        out.push('\n');
    }
    for (k, x) in o.iter() {
        if matches!(x, Val::Obj(_)) {
            path.push(scalar_text(k));
            table(out, x, path, false, depth + 1);
            path.pop();
        }
    }
    for (k, x) in o.iter() {
        if let Val::Arr(a) = x
            && is_table_array(x)
        {
            path.push(scalar_text(k));
            for item in a.iter() {
                table(out, item, path, true, depth + 1);
            }
            path.pop();
        }
    }
}
