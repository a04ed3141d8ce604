//! Printing edited YAML documents that keeps the source's comments and
//! layout (`yq -i`, and any program that prints each document whole):
//! when every document comes back with the same shape (the same keys in
//! the same order, the same sequence lengths) except for keys removed
//! from or added at the end of block mappings, the changed scalar values
//! are written over the old ones in the original text, removed entries
//! take their lines with them and new entries are inserted after each
//! mapping's last line, so comments, quoting of the untouched
//! values, flow collections and indentation stay as they were (yq keeps
//! them too, as it edits YAML nodes). Anything else (a mapping emptied,
//! keys reordered, sequences resized, aliases, tags, block scalars,
//! empty values) is printed whole by [`super::yaml_out`].

use jaq_json::Val;
use saphyr_parser::{Event, Parser, ScalarStyle};

use super::yaml_out;

/// A path step: a key or an index.
#[derive(Clone, PartialEq)]
enum Step {
    Key(Val),
    Index(usize),
}

/// Where a scalar value sits in the text.
struct Spot {
    doc: usize,
    path: Vec<Step>,
    start: usize,
    end: usize,
    flow: bool,
}

/// Where a block mapping's entries go: new keys are added as lines at
/// `col` after its last entry's line.
struct MapInfo {
    doc: usize,
    path: Vec<Step>,
    col: usize,
    insert_at: usize,
    /// Each key with the start of its line, when the key starts the line.
    keys: Vec<(Val, Option<usize>)>,
}

enum Frame {
    Seq {
        next: usize,
        flow: bool,
        last_end: usize,
    },
    Map {
        key: Option<Val>,
        flow: bool,
        last_end: usize,
        col: Option<usize>,
        keys: Vec<(Val, Option<usize>)>,
    },
}

impl Frame {
    fn last_end(&mut self) -> &mut usize {
        match self {
            Frame::Seq { last_end, .. } | Frame::Map { last_end, .. } => last_end,
        }
    }
}

/// What a document's text tells: its scalars and its block mappings.
struct Layout {
    spots: Vec<Spot>,
    maps: Vec<MapInfo>,
}

/// The scalar values of the documents of `text`, or `None` when a
/// document is not plain (aliases, tags, block scalars, empty values).
fn spots(text: &str) -> Option<Layout> {
    let offsets: Option<Vec<usize>> =
        (!text.is_ascii()).then(|| text.char_indices().map(|(i, _)| i).collect());
    let byte = |ci: usize| -> Option<usize> {
        match &offsets {
            None => Some(ci),
            Some(o) => o.get(ci).copied().or((ci == o.len()).then_some(text.len())),
        }
    };
    let mut out = Vec::new();
    let mut maps = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    let mut path: Vec<Step> = Vec::new();
    let mut docs = 0usize;
    for ev in Parser::new_from_str(text) {
        let (ev, span) = ev.ok()?;
        // The step of a node that starts here, or None for a key.
        let place = |stack: &mut Vec<Frame>, v: Option<&Val>| -> Option<Option<Step>> {
            match stack.last_mut() {
                None => Some(None),
                Some(Frame::Seq { next, .. }) => {
                    *next += 1;
                    Some(Some(Step::Index(*next - 1)))
                }
                Some(Frame::Map { key, .. }) => match key.take() {
                    None => {
                        *key = Some(v?.clone());
                        None
                    }
                    Some(k) => Some(Some(Step::Key(k))),
                },
            }
        };
        let flow_here = stack.last().is_some_and(|f| match f {
            Frame::Seq { flow, .. } | Frame::Map { flow, .. } => *flow,
        });
        match ev {
            Event::DocumentStart(_) => docs += 1,
            Event::Alias(_) => return None,
            Event::Scalar(value, style, _anchor, tag) => {
                // An anchor stays in the text before the value; with no
                // alias (refused above) nothing else shares the value.
                if tag.is_some() {
                    return None;
                }
                if matches!(style, ScalarStyle::Literal | ScalarStyle::Folded) {
                    return None;
                }
                let key_val = Val::utf8_str(value.as_bytes().to_vec());
                match place(&mut stack, Some(&key_val)) {
                    None => {
                        if let Some(Frame::Map { col, keys, .. }) = stack.last_mut() {
                            if col.is_none() {
                                *col = Some(span.start.col());
                            }
                            let at = byte(span.start.index())?;
                            let line = text.get(..at)?.rfind('\n').map_or(0, |i| i + 1);
                            let alone = text.get(line..at)?.bytes().all(|c| c == b' ');
                            keys.push((key_val.clone(), alone.then_some(line)));
                        }
                    }
                    Some(step) => {
                        let mut start = byte(span.start.index())?;
                        let mut end = byte(span.end.index())?;
                        // The span starts at the anchor (`&name value`).
                        if let Some(seg) = text.get(start..end).filter(|g| g.starts_with('&')) {
                            let name = seg.find(char::is_whitespace)?;
                            let gap = seg.get(name..)?.len() - seg.get(name..)?.trim_start().len();
                            start += name + gap;
                        }
                        // A quoted scalar's span can run on past its
                        // closing quote: end it there.
                        if let Some(q @ (b'"' | b'\'')) = text.as_bytes().get(start).copied() {
                            end = start + 1 + quoted_len(text.get(start + 1..)?, q)?;
                        }
                        if end <= start {
                            return None;
                        }
                        if let Some(f) = stack.last_mut() {
                            *f.last_end() = end;
                        }
                        let mut p = path.clone();
                        p.extend(step);
                        out.push(Spot {
                            doc: docs.saturating_sub(1),
                            path: p,
                            start,
                            end,
                            flow: flow_here,
                        });
                    }
                }
            }
            Event::SequenceStart(anchor, ref tag) | Event::MappingStart(anchor, ref tag) => {
                if anchor != 0 || tag.is_some() {
                    return None;
                }
                let is_seq = text
                    .get(byte(span.start.index())?..)
                    .is_some_and(|r| r.starts_with('['))
                    || flow_here;
                let is_map_flow = text
                    .get(byte(span.start.index())?..)
                    .is_some_and(|r| r.starts_with('{'))
                    || flow_here;
                // A collection used as a key: not a plain document.
                let step = place(&mut stack, None)?;
                path.extend(step);
                if stack.len() > super::yaml_in::MAX_DEPTH {
                    return None;
                }
                let at = byte(span.start.index())?;
                stack.push(if matches!(ev, Event::SequenceStart(..)) {
                    Frame::Seq {
                        next: 0,
                        flow: is_seq,
                        last_end: at,
                    }
                } else {
                    Frame::Map {
                        key: None,
                        flow: is_map_flow,
                        last_end: at,
                        col: None,
                        keys: Vec::new(),
                    }
                });
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let mut frame = stack.pop()?;
                let end = match frame {
                    Frame::Seq { flow: true, .. } | Frame::Map { flow: true, .. } => {
                        byte(span.end.index())?
                    }
                    _ => *frame.last_end(),
                };
                if let Frame::Map {
                    flow: false,
                    col: Some(col),
                    keys,
                    ..
                } = frame
                {
                    let insert_at = text
                        .get(end..)
                        .and_then(|r| r.find('\n'))
                        .map_or(text.len(), |i| end + i + 1);
                    maps.push(MapInfo {
                        doc: docs.saturating_sub(1),
                        path: path.clone(),
                        col,
                        insert_at,
                        keys,
                    });
                }
                if let Some(parent) = stack.last_mut() {
                    let le = parent.last_end();
                    *le = (*le).max(end);
                }
                if !stack.is_empty() {
                    path.pop();
                }
            }
            _ => {}
        }
    }
    Some(Layout { spots: out, maps })
}

/// The length of a quoted scalar's body and closing quote `q`, from just
/// after its opening quote.
fn quoted_len(rest: &str, q: u8) -> Option<usize> {
    let b = rest.as_bytes();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if q == b'"' && c == b'\\' {
            i += 2;
            continue;
        }
        if c == q {
            if q == b'\'' && b.get(i + 1) == Some(&b'\'') {
                i += 2;
                continue;
            }
            return Some(i + 1);
        }
        i += 1;
    }
    None
}

/// A change [`patch`] can write into the text.
enum Change {
    /// A scalar value changed.
    Set(Vec<Step>, Val),
    /// A key was added at the end of the mapping at the path.
    Add(Vec<Step>, Val, Val),
    /// A key was removed from the mapping at the path.
    Del(Vec<Step>, Val),
}

/// The changes from `old` to `new` (scalars set, keys added at the end
/// of a mapping), or `None` when the shape changed otherwise.
fn diff(old: &Val, new: &Val, path: &mut Vec<Step>, out: &mut Vec<Change>) -> Option<()> {
    if path.len() > super::yaml_in::MAX_DEPTH {
        return None;
    }
    match (old, new) {
        (Val::Obj(a), Val::Obj(b)) => {
            // The old keys in order, less removed ones, then new ones.
            let mut kept = 0;
            for (k, x) in a.iter() {
                match b.get_index(kept) {
                    Some((bk, y)) if bk == k => {
                        path.push(Step::Key(k.clone()));
                        diff(x, y, path, out)?;
                        path.pop();
                        kept += 1;
                    }
                    _ if b.contains_key(k) => return None,
                    _ => out.push(Change::Del(path.clone(), k.clone())),
                }
            }
            if kept == 0 && !a.is_empty() {
                return None;
            }
            for (k, v) in b.iter().skip(kept) {
                if a.contains_key(k) {
                    return None;
                }
                out.push(Change::Add(path.clone(), k.clone(), v.clone()));
            }
            Some(())
        }
        (Val::Arr(a), Val::Arr(b)) => {
            if a.len() != b.len() {
                return None;
            }
            for (i, (x, y)) in a.iter().zip(b.iter()).enumerate() {
                path.push(Step::Index(i));
                diff(x, y, path, out)?;
                path.pop();
            }
            Some(())
        }
        (Val::Obj(_) | Val::Arr(_), _) | (_, Val::Obj(_) | Val::Arr(_)) => None,
        (a, b) => {
            if a != b || std::mem::discriminant(a) != std::mem::discriminant(b) {
                out.push(Change::Set(path.clone(), b.clone()));
            }
            Some(())
        }
    }
}

/// `text` (YAML documents that read as `olds`) with the scalar values
/// that `news` (one result per document) changed written over, or
/// `None` to print the results whole.
pub fn patch(text: &str, olds: &[Val], news: &[Val]) -> Option<String> {
    if olds.len() != news.len() {
        return None;
    }
    let mut changes = Vec::new();
    for (d, (old, new)) in olds.iter().zip(news).enumerate() {
        let mut c = Vec::new();
        diff(old, new, &mut Vec::new(), &mut c)?;
        changes.extend(c.into_iter().map(|c| (d, c)));
    }
    let layout = spots(text)?;
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for (doc, change) in changes {
        match change {
            Change::Set(path, v) => {
                let spot = layout
                    .spots
                    .iter()
                    .find(|s| s.doc == doc && s.path == path)?;
                edits.push((
                    spot.start,
                    spot.end,
                    yaml_out::inline_scalar(&v, spot.flow)?,
                ));
            }
            Change::Add(path, k, v) => {
                let m = layout
                    .maps
                    .iter()
                    .find(|m| m.doc == doc && m.path == path)?;
                let mut t = String::new();
                if m.insert_at == text.len() && !text.ends_with('\n') {
                    t.push('\n');
                }
                t.push_str(&yaml_out::block_entry(&k, &v, m.col, 2));
                edits.push((m.insert_at, m.insert_at, t));
            }
            Change::Del(path, k) => {
                let m = layout
                    .maps
                    .iter()
                    .find(|m| m.doc == doc && m.path == path)?;
                let i = m.keys.iter().position(|e| e.0 == k)?;
                let start = m.keys.get(i)?.1?;
                let end = match m.keys.get(i + 1) {
                    Some(next) => next.1?,
                    None => m.insert_at,
                };
                edits.push((start, end, String::new()));
            }
        }
    }
    edits.sort_by_key(|e| e.0);
    let mut out = String::with_capacity(text.len() + 16);
    let mut last = 0;
    for (start, end, t) in edits {
        if start < last {
            return None;
        }
        out.push_str(text.get(last..start)?);
        out.push_str(&t);
        last = end;
    }
    out.push_str(text.get(last..)?);
    Some(out)
}
