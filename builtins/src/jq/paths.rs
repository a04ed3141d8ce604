//! `setpath` and `delpaths` as jq 1.7 has them, which assignments and
//! updates are rewritten into (see [`super::program`]): `null` becomes
//! the object or array a key needs, an array grows with nulls up to an
//! index past its end (sized against the memory budget first), and a
//! slice can be replaced.
//!
//! Both walk the path with a loop over an explicit stack, whatever its
//! length, taking each container out of its parent on the way down so
//! that a value held once is changed in place.

use jaq_core::Error;
use jaq_json::{Map, Num, Rc, Val};

use super::natives::CELL;
use super::natives::type_name;

/// Room check for padding an array: `Err` when `bytes` would not fit.
pub type Room<'a> = &'a dyn Fn(u64) -> bool;

fn err(msg: String) -> Error<Val> {
    Error::str(msg)
}

fn index_err(v: &Val, k: &Val) -> Error<Val> {
    match k {
        Val::TStr(s) => err(format!(
            "Cannot index {} with \"{}\"",
            type_name(v),
            String::from_utf8_lossy(s)
        )),
        _ => err(format!(
            "Cannot index {} with {}",
            type_name(v),
            type_name(k)
        )),
    }
}

fn num_index(n: &Num) -> Option<i64> {
    match n {
        Num::Int(i) => Some(*i as i64),
        Num::Float(f) => Some(f.floor() as i64),
        Num::Dec(s) => s.parse::<f64>().ok().map(|f| f.floor() as i64),
        Num::BigInt(_) => None,
    }
}

/// A slice key `{"start": ..., "end": ...}` resolved against `len`.
fn slice_bounds(k: &Map, len: usize) -> Option<(usize, usize)> {
    let bound = |name: &str, default: usize| -> Option<usize> {
        match k.get(&Val::utf8_str(name.as_bytes().to_vec())) {
            None | Some(Val::Null) => Some(default),
            Some(Val::Num(n)) => {
                let i = num_index(n)?;
                let i = if i < 0 { i + len as i64 } else { i };
                Some(i.clamp(0, len as i64) as usize)
            }
            Some(_) => None,
        }
    };
    let start = bound("start", 0)?;
    let end = bound("end", len)?.max(start);
    Some((start, end))
}

/// One step down: where the child sits in its parent.
enum Slot {
    Key(Map, Val),
    Index(Vec<Val>, usize),
    /// What is left of an array whose slice at `start` was taken out, to be
    /// put back.
    Slice(Vec<Val>, usize),
}

/// `v | setpath(path; x)`.
pub fn setpath(v: Val, path: &[Val], x: Val, room: Room<'_>) -> Result<Val, Error<Val>> {
    let mut stack: Vec<Slot> = Vec::with_capacity(path.len().min(1024));
    let mut cur = v;
    let last = path.len().saturating_sub(1);
    let mut replacement = Some(x);
    for (depth, k) in path.iter().enumerate() {
        match (cur, k) {
            (c @ (Val::Obj(_) | Val::Null), Val::TStr(_)) => {
                let mut m = match c {
                    Val::Obj(m) => Rc::unwrap_or_clone(m),
                    _ => Map::default(),
                };
                let child = match m.get_mut(k) {
                    Some(slot) => std::mem::take(slot),
                    None => Val::Null,
                };
                stack.push(Slot::Key(m, k.clone()));
                cur = child;
            }
            (c @ (Val::Arr(_) | Val::Null), Val::Num(n)) => {
                let mut a = match c {
                    Val::Arr(a) => Rc::unwrap_or_clone(a),
                    _ => Vec::new(),
                };
                let Some(mut i) = num_index(n) else {
                    return Err(err("Array index too large".into()));
                };
                if i < 0 {
                    i += a.len() as i64;
                    if i < 0 {
                        return Err(err("Out of bounds negative array index".into()));
                    }
                }
                let i = i as usize;
                if i >= a.len() {
                    let grow = (i - a.len() + 1) as u64;
                    if !room(grow.saturating_mul(CELL)) {
                        return Err(err("memory exhausted".into()));
                    }
                    a.resize(i + 1, Val::Null);
                }
                let child = a.get_mut(i).map(std::mem::take).unwrap_or_default();
                stack.push(Slot::Index(a, i));
                cur = child;
            }
            (c @ (Val::Arr(_) | Val::Null), Val::Obj(bounds)) => {
                let mut a = match c {
                    Val::Arr(a) => Rc::unwrap_or_clone(a),
                    _ => Vec::new(),
                };
                let Some((start, end)) = slice_bounds(bounds, a.len()) else {
                    return Err(err(
                        "Start and end indices of an array slice must be numbers".into(),
                    ));
                };
                if depth != last {
                    // `.[1:3][0] = x`: the path goes on inside the slice,
                    // which is put back in place on the way up.
                    let part: Vec<Val> = a.drain(start..end).collect();
                    stack.push(Slot::Slice(a, start));
                    cur = Val::Arr(Rc::new(part));
                    continue;
                }
                let Some(Val::Arr(new)) = replacement.take() else {
                    return Err(err(
                        "A slice of an array can only be assigned another array".into(),
                    ));
                };
                a.splice(start..end, new.iter().cloned());
                cur = Val::Arr(Rc::new(a));
                break;
            }
            (c, k) => return Err(index_err(&c, k)),
        }
    }
    if let Some(x) = replacement {
        cur = x;
    }
    rebuild(stack, cur)
}

/// `v | delpaths(paths)`: each path deleted, the last first, once.
pub fn delpaths(v: Val, paths: Vec<Val>) -> Result<Val, Error<Val>> {
    let mut paths = paths;
    paths.sort();
    paths.dedup_by(|a, b| a == b);
    let mut cur = v;
    for p in paths.iter().rev() {
        let Val::Arr(p) = p else {
            return Err(err(format!(
                "Path must be specified as an array, not {}",
                type_name(p)
            )));
        };
        cur = delpath(cur, p)?;
    }
    Ok(cur)
}

fn delpath(v: Val, path: &[Val]) -> Result<Val, Error<Val>> {
    let Some((last, init)) = path.split_last() else {
        return Ok(Val::Null);
    };
    let mut stack: Vec<Slot> = Vec::new();
    let mut cur = v;
    for k in init {
        match (cur, k) {
            (Val::Null, _) => return rebuild(stack, Val::Null),
            (Val::Obj(m), Val::TStr(_)) => {
                let mut m = Rc::unwrap_or_clone(m);
                let Some(slot) = m.get_mut(k) else {
                    return rebuild(stack, Val::obj(m));
                };
                let child = std::mem::take(slot);
                stack.push(Slot::Key(m, k.clone()));
                cur = child;
            }
            (Val::Arr(a), Val::Num(n)) => {
                let mut a = Rc::unwrap_or_clone(a);
                let i = num_index(n).unwrap_or(i64::MAX);
                let i = if i < 0 { i + a.len() as i64 } else { i };
                if i < 0 || i as u64 >= a.len() as u64 {
                    return rebuild(stack, Val::Arr(Rc::new(a)));
                }
                let i = i as usize;
                let child = a.get_mut(i).map(std::mem::take).unwrap_or_default();
                stack.push(Slot::Index(a, i));
                cur = child;
            }
            (c, k) => return Err(index_err(&c, k)),
        }
    }
    let cur = match (cur, last) {
        (Val::Null, _) => Val::Null,
        (Val::Obj(m), Val::TStr(_)) => {
            let mut m = Rc::unwrap_or_clone(m);
            m.shift_remove(last);
            Val::obj(m)
        }
        (Val::Arr(a), Val::Num(n)) => {
            let mut a = Rc::unwrap_or_clone(a);
            let i = num_index(n).unwrap_or(i64::MAX);
            let i = if i < 0 { i + a.len() as i64 } else { i };
            if i < 0 {
                return Err(err("Out of bounds negative array index".into()));
            }
            if (i as u64) < a.len() as u64 {
                a.remove(i as usize);
            }
            Val::Arr(Rc::new(a))
        }
        (Val::Arr(a), Val::Obj(bounds)) => {
            let mut a = Rc::unwrap_or_clone(a);
            let Some((start, end)) = slice_bounds(bounds, a.len()) else {
                return Err(err(
                    "Start and end indices of an array slice must be numbers".into(),
                ));
            };
            a.drain(start..end);
            Val::Arr(Rc::new(a))
        }
        // jq's words (`jv_dels`).
        (Val::Arr(_), k) => {
            return Err(err(format!(
                "Cannot delete {} element of array",
                type_name(k)
            )));
        }
        (Val::Obj(_), k) => {
            return Err(err(format!(
                "Cannot delete {} field of object",
                type_name(k)
            )));
        }
        (c, _) => {
            return Err(err(format!("Cannot delete fields from {}", type_name(&c))));
        }
    };
    rebuild(stack, cur)
}

/// Puts `cur` back into the containers taken apart on the way down.
fn rebuild(mut stack: Vec<Slot>, mut cur: Val) -> Result<Val, Error<Val>> {
    while let Some(slot) = stack.pop() {
        cur = match slot {
            Slot::Key(mut m, k) => {
                m.insert(k, cur);
                Val::obj(m)
            }
            Slot::Index(mut a, i) => {
                if let Some(s) = a.get_mut(i) {
                    *s = cur;
                }
                Val::Arr(Rc::new(a))
            }
            Slot::Slice(mut a, start) => {
                let Val::Arr(part) = cur else {
                    return Err(err(
                        "A slice of an array can only be assigned another array".into(),
                    ));
                };
                a.splice(start..start, part.iter().cloned());
                Val::Arr(Rc::new(a))
            }
        };
    }
    Ok(cur)
}
