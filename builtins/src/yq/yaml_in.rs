//! Reading YAML: saphyr-parser's events built into jaq values.
//!
//! The tree is built without recursion (an explicit stack of open
//! collections), at most [`MAX_DEPTH`] levels deep. Anchors are resolved
//! as they are read: an alias shares the anchored value (jaq's values are
//! reference-counted), but every alias is charged to the memory budget
//! for the full size of what it stands for, so an alias bomb (each level
//! repeating the one before ten times) stops with the memory limit while
//! it is still small. Merge keys (`<<: *base`, `<<: [*a, *b]`) are
//! applied: the merged keys come first, keys written in the mapping
//! itself override them in place.
//!
//! Plain scalars are resolved as go-yaml v3 (yq's parser) does: `null`,
//! `~` and nothing are null, `true`/`false` (three spellings) booleans,
//! decimal, `0x`, `0o` and `0b` integers, floats and `.inf`/`.nan`
//! numbers; anything else, and every quoted scalar, is a string. Tags
//! `!!str`, `!!int`, `!!float`, `!!bool` and `!!null` force the type.
//! Comments and the styles of the source are not kept (see the module
//! documentation of [`super`]).

use std::collections::HashMap;

use jaq_json::{Map, Num, Rc, Val};
use sandbash_interpreter::memory::Charge;
use saphyr_parser::{Event, Parser, ScalarStyle, ScanError};

/// Deepest nesting of collections accepted in a document.
pub const MAX_DEPTH: usize = 10_000;

/// Bytes a node is charged for beyond its text.
pub const NODE: u64 = 48;

/// Why reading stopped.
#[derive(Debug)]
pub enum InErr {
    /// The text is not YAML: yq's message after `yaml: `.
    Syntax(String),
    /// The memory budget refused the values (or the alias expansion).
    Memory,
}

/// An open collection.
enum Frame {
    Seq {
        items: Vec<Val>,
        anchor: usize,
        size: u64,
    },
    Map {
        map: Map,
        key: Option<Val>,
        anchor: usize,
        size: u64,
        /// Keys that came from a merge (`<<`), which later keys override.
        merged: Vec<Val>,
    },
}

/// A message for a scanner error, worded as go-yaml words it.
fn syntax(e: &ScanError) -> InErr {
    let info = e.info();
    let info = info
        .split_once(", ")
        .filter(|(a, _)| a.starts_with("while "))
        .map_or(info, |(_, b)| b);
    let info = match info {
        "expected ',' or ']'" => "did not find expected ',' or ']'",
        other => other,
    };
    InErr::Syntax(format!("line {}: {info}", e.marker().line().max(1)))
}

/// Parses every document of `text`.
pub fn parse_docs(
    text: &str,
    charge: &mut Charge,
    cancel: &sandbash_interpreter::Cancel,
) -> Result<Vec<Val>, InErr> {
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        parse_inner(text, charge, cancel)
    }));
    run.unwrap_or_else(|_| Err(InErr::Syntax("line 1: invalid YAML".into())))
}

fn parse_inner(
    text: &str,
    charge: &mut Charge,
    cancel: &sandbash_interpreter::Cancel,
) -> Result<Vec<Val>, InErr> {
    let mut docs = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    let mut anchors: HashMap<usize, (Val, u64)> = HashMap::new();
    let mut in_doc = false;
    let mut doc_val: Option<Val> = None;
    let mut events = 0u32;
    for ev in Parser::new_from_str(text) {
        events = events.wrapping_add(1);
        if events.is_multiple_of(1024) && cancel.is_stopped() {
            return Err(InErr::Memory);
        }
        let (ev, _span) = ev.map_err(|e| syntax(&e))?;
        let done: Option<(Val, u64, usize)> = match ev {
            Event::StreamStart | Event::StreamEnd | Event::Nothing => None,
            Event::DocumentStart(_) => {
                in_doc = true;
                doc_val = None;
                None
            }
            Event::DocumentEnd => {
                if in_doc {
                    docs.push(doc_val.take().unwrap_or(Val::Null));
                }
                in_doc = false;
                None
            }
            Event::Alias(id) => {
                let (v, size) = anchors
                    .get(&id)
                    .cloned()
                    .ok_or_else(|| InErr::Syntax("line 1: unknown anchor referenced".into()))?;
                if !charge.grow(size) {
                    return Err(InErr::Memory);
                }
                Some((v, size, 0))
            }
            Event::Scalar(value, style, anchor, tag) => {
                let size = NODE + value.len() as u64;
                if !charge.grow(size) {
                    return Err(InErr::Memory);
                }
                let tag = tag.as_ref().map(|t| {
                    if t.handle == "!!" || t.handle == "tag:yaml.org,2002:" {
                        t.suffix.as_str()
                    } else {
                        ""
                    }
                });
                let v = if style == ScalarStyle::Plain {
                    scalar(&value, tag.unwrap_or(""))
                } else {
                    match tag {
                        Some(t @ ("int" | "float" | "bool" | "null")) => scalar(&value, t),
                        _ => Val::utf8_str(value.as_bytes().to_vec()),
                    }
                };
                Some((v, size, anchor))
            }
            Event::SequenceStart(anchor, _) => {
                open(
                    &mut stack,
                    charge,
                    Frame::Seq {
                        items: Vec::new(),
                        anchor,
                        size: NODE,
                    },
                )?;
                None
            }
            Event::MappingStart(anchor, _) => {
                open(
                    &mut stack,
                    charge,
                    Frame::Map {
                        map: Map::default(),
                        key: None,
                        anchor,
                        size: NODE,
                        merged: Vec::new(),
                    },
                )?;
                None
            }
            Event::SequenceEnd => match stack.pop() {
                Some(Frame::Seq {
                    items,
                    anchor,
                    size,
                }) => Some((Val::Arr(Rc::new(items)), size, anchor)),
                _ => return Err(InErr::Syntax("line 1: unbalanced sequence".into())),
            },
            Event::MappingEnd => match stack.pop() {
                Some(Frame::Map {
                    map, anchor, size, ..
                }) => Some((Val::obj(map), size, anchor)),
                _ => return Err(InErr::Syntax("line 1: unbalanced mapping".into())),
            },
        };
        let Some((v, size, anchor)) = done else {
            continue;
        };
        if anchor != 0 {
            anchors.insert(anchor, (v.clone(), size));
        }
        match stack.last_mut() {
            None => doc_val = Some(v),
            Some(Frame::Seq { items, size: s, .. }) => {
                items.push(v);
                *s = s.saturating_add(size);
            }
            Some(Frame::Map {
                map,
                key,
                size: s,
                merged,
                ..
            }) => {
                *s = s.saturating_add(size);
                match key.take() {
                    None => *key = Some(key_of(v)),
                    Some(k) => {
                        if matches!(&k, Val::TStr(b) if &***b == b"<<") {
                            merge(map, merged, v);
                        } else {
                            merged.retain(|m| m != &k);
                            map.insert(k, v);
                        }
                    }
                }
            }
        }
    }
    if in_doc {
        docs.push(doc_val.take().unwrap_or(Val::Null));
    }
    Ok(docs)
}

/// Opens a collection, within the depth limit and the memory budget.
fn open(stack: &mut Vec<Frame>, charge: &mut Charge, frame: Frame) -> Result<(), InErr> {
    if stack.len() >= MAX_DEPTH {
        return Err(InErr::Syntax(format!(
            "line 1: nesting deeper than {MAX_DEPTH} levels"
        )));
    }
    if !charge.grow(NODE) {
        return Err(InErr::Memory);
    }
    stack.push(frame);
    Ok(())
}

/// Applies a merge key's value: a mapping or a sequence of mappings
/// (the first to give a key wins); keys already in the mapping stay.
fn merge(map: &mut Map, merged: &mut Vec<Val>, v: Val) {
    let sources: Vec<Val> = match v {
        Val::Arr(a) => a.iter().cloned().collect(),
        other => vec![other],
    };
    for src in sources {
        if let Val::Obj(o) = src {
            for (k, val) in o.iter() {
                if !map.contains_key(k) {
                    map.insert(k.clone(), val.clone());
                    merged.push(k.clone());
                }
            }
        }
    }
}

/// A mapping key as a string (jq objects have string keys): scalars by
/// their text, collections as their compact JSON text.
fn key_of(v: Val) -> Val {
    match v {
        Val::TStr(_) => v,
        Val::BStr(b) => Val::TStr(b),
        Val::Null => Val::utf8_str(b"null".to_vec()),
        other => Val::utf8_str(other.to_string().into_bytes()),
    }
}

/// A plain scalar resolved as go-yaml v3 resolves it (`tag` the short
/// name of an explicit `!!` tag, or empty).
pub fn scalar(s: &str, tag: &str) -> Val {
    let text = || Val::utf8_str(s.as_bytes().to_vec());
    match tag {
        "str" | "binary" | "timestamp" => return text(),
        "null" => return Val::Null,
        _ => {}
    }
    match (tag, resolve(s)) {
        ("", Some(v)) => v,
        ("bool", Some(v @ Val::Bool(_))) => v,
        ("int" | "float", Some(v @ Val::Num(_))) => v,
        _ => text(),
    }
}

/// What a plain scalar means when it is not a string; `None` for a string.
pub fn resolve(s: &str) -> Option<Val> {
    match s {
        "" | "~" | "null" | "Null" | "NULL" => return Some(Val::Null),
        "true" | "True" | "TRUE" => return Some(Val::Bool(true)),
        "false" | "False" | "FALSE" => return Some(Val::Bool(false)),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            return Some(Val::Num(Num::Float(f64::INFINITY)));
        }
        "-.inf" | "-.Inf" | "-.INF" => return Some(Val::Num(Num::Float(f64::NEG_INFINITY))),
        ".nan" | ".NaN" | ".NAN" => return Some(Val::Num(Num::Float(f64::NAN))),
        _ => {}
    }
    let first = s.as_bytes().first()?;
    if !(first.is_ascii_digit() || matches!(first, b'-' | b'+' | b'.')) {
        return None;
    }
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let radix = |p: &str, r: u32| -> Option<Val> {
        let digits = body.strip_prefix(p)?.replace('_', "");
        let n = i64::from_str_radix(&digits, r).ok()?;
        let n = if neg { n.checked_neg()? } else { n };
        Some(Val::Num(Num::Int(isize::try_from(n).ok()?)))
    };
    if let Some(v) = radix("0x", 16)
        .or_else(|| radix("0o", 8))
        .or_else(|| radix("0b", 2))
    {
        return Some(v);
    }
    let plain: String = s.chars().filter(|&c| c != '_').collect();
    let body_plain = plain.trim_start_matches(['-', '+']);
    if body_plain.is_empty() || !body_plain.bytes().all(|b| b.is_ascii_digit()) {
        if is_float(&plain) {
            let lit = plain.strip_prefix('+').unwrap_or(&plain);
            return Some(match super::super::jq::json::parse_number(lit.as_bytes()) {
                Some(n) => Val::Num(n),
                None => Val::Num(Num::Float(lit.parse::<f64>().ok()?)),
            });
        }
        return None;
    }
    let lit = plain.strip_prefix('+').unwrap_or(&plain);
    super::super::jq::json::parse_number(lit.as_bytes()).map(Val::Num)
}

/// go-yaml's float syntax: `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`.
fn is_float(s: &str) -> bool {
    let b = s.strip_prefix(['-', '+']).unwrap_or(s);
    let (mant, exp) = match b.find(['e', 'E']) {
        Some(i) => (b.get(..i).unwrap_or(""), Some(b.get(i + 1..).unwrap_or(""))),
        None => (b, None),
    };
    let digits = |d: &str| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit());
    let mant_ok = match mant.split_once('.') {
        Some(("", f)) => digits(f),
        Some((i, f)) => digits(i) && (f.is_empty() || digits(f)),
        None => digits(mant),
    };
    let exp_ok = exp.is_none_or(|e| digits(e.strip_prefix(['-', '+']).unwrap_or(e)));
    mant_ok && exp_ok
}
