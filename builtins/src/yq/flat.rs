//! The flat formats: Java properties (`a.b.0 = value`, one leaf a line)
//! and CSV/TSV (an array of arrays is rows; an array of objects is a
//! header row of the first object's keys, then one row each). Fields
//! are quoted as Go's CSV writer quotes them. Reading: CSV/TSV become an
//! array of objects keyed by the header row (scalars typed as YAML plain
//! scalars), properties a nested mapping.

use jaq_json::{Map, Rc, Val};

use super::yaml_in::resolve;
use super::yaml_out::scalar_text;

/// Writes leaves as `path = value` lines.
pub fn write_props(out: &mut Vec<u8>, v: &Val, _unwrap: bool) {
    let mut path = Vec::new();
    props(out, v, &mut path);
}

fn props(out: &mut Vec<u8>, v: &Val, path: &mut Vec<String>) {
    if path.len() > 10_000 {
        return;
    }
    match v {
        Val::Obj(o) => {
            for (k, x) in o.iter() {
                path.push(scalar_text(k));
                props(out, x, path);
                path.pop();
            }
        }
        Val::Arr(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(i.to_string());
                props(out, x, path);
                path.pop();
            }
        }
        leaf => {
            out.extend_from_slice(path.join(".").as_bytes());
            out.extend_from_slice(b" = ");
            out.extend_from_slice(scalar_text(leaf).as_bytes());
            out.push(b'\n');
        }
    }
}

/// Reads `key = value` (or `key: value`, `key=value`) lines into a
/// nested mapping; `#` and `!` start comments.
pub fn parse_props(text: &str) -> Result<Val, String> {
    let mut root = Val::obj(Map::default());
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with('!') {
            continue;
        }
        let cut = line.find(['=', ':']).unwrap_or(line.len());
        let k = line.get(..cut).unwrap_or("").trim();
        let v = line.get(cut + 1..).unwrap_or("").trim();
        let parts: Vec<&str> = k.split('.').collect();
        if parts.len() > MAX_KEY_DEPTH {
            return Err(format!(
                "properties: key nested deeper than {MAX_KEY_DEPTH}"
            ));
        }
        insert(&mut root, &parts, Val::utf8_str(v.as_bytes().to_vec()));
    }
    Ok(arrays(root, 0))
}

/// Most dot-separated parts of a properties key.
const MAX_KEY_DEPTH: usize = 1_000;

/// Mappings whose keys are `0`, `1`, ... in order become sequences, as
/// yq reads `a.0 = x`.
fn arrays(v: Val, depth: usize) -> Val {
    let Val::Obj(o) = v else { return v };
    if depth > MAX_KEY_DEPTH {
        return Val::Obj(o);
    }
    let indexed = !o.is_empty()
        && o.keys()
            .enumerate()
            .all(|(i, k)| matches!(k, Val::TStr(s) if s.as_ref() == i.to_string().as_bytes()));
    let items = o
        .iter()
        .map(|(k, x)| (k.clone(), arrays(x.clone(), depth + 1)));
    if indexed {
        Val::Arr(Rc::new(items.map(|(_, x)| x).collect()))
    } else {
        Val::obj(items.collect())
    }
}

fn insert(node: &mut Val, parts: &[&str], v: Val) {
    let Some((first, rest)) = parts.split_first() else {
        *node = v;
        return;
    };
    if !matches!(node, Val::Obj(_)) {
        *node = Val::obj(Map::default());
    }
    if let Val::Obj(o) = node {
        let m = Rc::make_mut(o);
        let k = Val::utf8_str(first.as_bytes().to_vec());
        let child = m.entry(k).or_insert(Val::Null);
        insert(child, rest, v);
    }
}

fn field(out: &mut Vec<u8>, s: &str, sep: u8) {
    let needs = !s.is_empty()
        && (s == "\\."
            || s.bytes()
                .any(|b| b == sep || b == b'"' || b == b'\r' || b == b'\n')
            || s.starts_with([' ', '\t']));
    if needs {
        out.push(b'"');
        out.extend_from_slice(s.replace('"', "\"\"").as_bytes());
        out.push(b'"');
    } else {
        out.extend_from_slice(s.as_bytes());
    }
}

fn row(out: &mut Vec<u8>, cells: impl Iterator<Item = String>, sep: u8) {
    for (i, c) in cells.enumerate() {
        if i > 0 {
            out.push(sep);
        }
        field(out, &c, sep);
    }
    out.push(b'\n');
}

/// Writes an array of rows (arrays or objects) as CSV/TSV.
pub fn write_csv(out: &mut Vec<u8>, v: &Val, sep: u8) {
    let Val::Arr(rows) = v else {
        row(out, std::iter::once(scalar_text(v)), sep);
        return;
    };
    if let Some(Val::Obj(first)) = rows.first() {
        let keys: Vec<Val> = first.keys().cloned().collect();
        row(out, keys.iter().map(scalar_text), sep);
        for r in rows.iter() {
            if let Val::Obj(o) = r {
                row(
                    out,
                    keys.iter()
                        .map(|k| o.get(k).map(scalar_text).unwrap_or_default()),
                    sep,
                );
            }
        }
        return;
    }
    let all_scalars = rows.iter().all(|r| !matches!(r, Val::Arr(_) | Val::Obj(_)));
    if all_scalars {
        row(out, rows.iter().map(scalar_text), sep);
        return;
    }
    for r in rows.iter() {
        match r {
            Val::Arr(cells) => row(out, cells.iter().map(scalar_text), sep),
            other => row(out, std::iter::once(scalar_text(other)), sep),
        }
    }
}

/// Splits CSV text into records (quoted fields may hold separators,
/// quotes and newlines).
fn records(text: &str, sep: u8) -> Result<Vec<Vec<String>>, String> {
    let sep = sep as char;
    let mut recs = Vec::new();
    let mut rec = Vec::new();
    let mut cur = String::new();
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    let mut any = false;
    while let Some(c) = chars.next() {
        any = true;
        if quoted {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    cur.push('"');
                    chars.next();
                } else {
                    quoted = false;
                }
            } else {
                cur.push(c);
            }
        } else if c == '"' && cur.is_empty() {
            quoted = true;
        } else if c == sep {
            rec.push(std::mem::take(&mut cur));
        } else if c == '\n' {
            if cur.ends_with('\r') {
                cur.pop();
            }
            rec.push(std::mem::take(&mut cur));
            recs.push(std::mem::take(&mut rec));
            any = false;
        } else {
            cur.push(c);
        }
    }
    if quoted {
        return Err("csv: extraneous or missing \" in quoted-field".into());
    }
    if any {
        rec.push(cur);
        recs.push(rec);
    }
    Ok(recs)
}

/// Reads CSV/TSV with a header row into an array of objects.
pub fn parse_csv(text: &str, sep: u8) -> Result<Val, String> {
    let recs = records(text, sep)?;
    let mut it = recs.into_iter();
    let Some(header) = it.next() else {
        return Ok(Val::Arr(Rc::new(Vec::new())));
    };
    let mut rows = Vec::new();
    for r in it {
        let mut m = Map::default();
        for (i, h) in header.iter().enumerate() {
            let cell = r.get(i).cloned().unwrap_or_default();
            let v = resolve(&cell)
                .filter(|v| !matches!(v, Val::Null))
                .unwrap_or_else(|| Val::utf8_str(cell.into_bytes()));
            m.insert(Val::utf8_str(h.clone().into_bytes()), v);
        }
        rows.push(Val::obj(m));
    }
    Ok(Val::Arr(Rc::new(rows)))
}
