//! Guards for the builtins whose result can be many times the size of
//! their input: each is sized against the memory budget before jaq
//! builds it.
//!
//! jaq's natives build their whole result before any of sandbash's
//! guards sees it: `explode` turns each byte into an array cell, `split`
//! and `/` make a value per piece, a global `match` an object per match,
//! `indices` a cell per occurrence, the escapes (`@html`, `@uri`...) up
//! to six bytes per byte, and `+` joins strings and arrays in one go.
//! Here each of them is preceded by a native that counts what the
//! result will hold (one cheap pass: a byte count, a substring search,
//! a regex pass without captures) and either charges it to the current
//! input's hold or stops the run with the memory limit. jaq's own
//! natives keep their names with a `__sb_` prefix ([`RENAMED`]) and the
//! definitions in [`PRE_DEFS`] put the guard in front of them.

use jaq_core::box_iter::box_once;
use jaq_core::native::{Filter, Fun, bome, v};
use jaq_core::{RunPtr, ValXs};
use jaq_json::Val;
use regex_bites::bytes::RegexBuilder;

use super::natives::{CELL, Ctl, Halt, JqData, LEVEL, ctl, halt_error};

/// Bytes a string value takes besides its text (jaq's pieces and
/// matches share their text with the string they come from).
const STR: u64 = 64;

/// Bytes one regex match object takes (`offset`, `length`, `string`,
/// `name`, and the `captures` that `match` adds).
const MATCH: u64 = 1024;

/// jaq's natives that sandbash puts a guard in front of, and the names
/// they keep.
pub const RENAMED: &[(&str, &str)] = &[
    ("explode", "__sb_explode"),
    ("matches", "__sb_matches"),
    ("split_matches", "__sb_split_matches"),
    ("split_", "__sb_split_"),
    ("indices", "__sb_indices"),
    ("escape_html", "__sb_escape_html"),
    ("encode_uri", "__sb_encode_uri"),
    ("encode_base64", "__sb_encode_base64"),
    ("escape_sh", "__sb_escape_sh"),
];

/// The guarded definitions, ahead of jaq's (whose definitions call
/// them). The factor given to `__sb_grow` is the most bytes the escape
/// writes per input byte.
pub const PRE_DEFS: &str = r#"
def explode: __sb_explode_room | __sb_explode;
def matches($re; $flags): __sb_matchable | __sb_re_room($re; $flags; 0) | __sb_matches($re; $flags);
def split_matches($re; $flags): __sb_matchable | __sb_re_room($re; $flags; 2) | __sb_split_matches($re; $flags);
def split_($re; $flags): __sb_matchable | __sb_re_room($re; $flags; 1) | __sb_split_($re; $flags);
def indices($i): __sb_indices_room($i) | __sb_indices($i);
def escape_html: __sb_grow(6) | __sb_escape_html;
def encode_uri: __sb_grow(3) | __sb_encode_uri;
def encode_base64: __sb_grow(2) | __sb_encode_base64;
def escape_sh: __sb_grow(4) | __sb_escape_sh;
"#;

/// The guards, and `+` and `/` with their results sized.
pub fn funs() -> Vec<Fun<JqData>> {
    let runs: [Filter<RunPtr<JqData>>; 7] = [
        ("__sb_add", v(2), |mut cv| {
            let r = cv.0.pop_var();
            let l = cv.0.pop_var();
            if let (Val::Num(_), Val::Num(_)) = (&l, &r) {
                return bome(l + r);
            }
            let ctl = ctl(&cv.0);
            let r = match (&l, r) {
                // yq appends a lone value to an array.
                (Val::Arr(_), r) if ctl.yq_add && !matches!(r, Val::Arr(_) | Val::Null) => {
                    Val::Arr(std::rc::Rc::new(vec![r]))
                }
                (_, r) => r,
            };
            guarded(ctl.room_for(sum_size(&l, &r)), || bome(l + r))
        }),
        ("__sb_div", v(2), |mut cv| {
            let r = cv.0.pop_var();
            let l = cv.0.pop_var();
            div(ctl(&cv.0), l, r, true)
        }),
        // The prelude's `/` (jaq defines `nan` as `0 / 0` and `infinite`
        // as `1 / 0`), which jq's zero check must not stop.
        ("__sb_div_raw", v(2), |mut cv| {
            let r = cv.0.pop_var();
            let l = cv.0.pop_var();
            div(ctl(&cv.0), l, r, false)
        }),
        ("__sb_explode_room", v(0), |cv| {
            let size = text(&cv.1).map_or(0, |s| LEVEL + chars(s) * CELL);
            pass(ctl(&cv.0).hold(size), cv.1)
        }),
        ("__sb_re_room", v(3), |mut cv| {
            let kind = cv.0.pop_var();
            let flags = cv.0.pop_var();
            let re = cv.0.pop_var();
            let ctl = ctl(&cv.0);
            let r = regex_size(ctl, &cv.1, &re, &flags, &kind).and_then(|n| ctl.hold(n));
            pass(r, cv.1)
        }),
        ("__sb_indices_room", v(1), |mut cv| {
            let i = cv.0.pop_var();
            let ctl = ctl(&cv.0);
            let r = match (text(&cv.1), text(&i)) {
                (Some(s), Some(sub)) if !sub.is_empty() => {
                    ctl.hold(LEVEL + occurrences(ctl, s, sub) * CELL)
                }
                _ => Ok(()),
            };
            pass(r, cv.1)
        }),
        ("__sb_grow", v(1), |mut cv| {
            let factor = cv.0.pop_var();
            let factor = match factor {
                Val::Num(n) => n.as_isize().unwrap_or(1).max(1) as u64,
                _ => 1,
            };
            let size = text(&cv.1).map_or(0, |s| STR + s.len() as u64 * factor);
            pass(ctl(&cv.0).room_for(size), cv.1)
        }),
    ];
    runs.into_iter()
        .map(|f| jaq_core::native::run::<JqData>(f))
        .collect()
}

/// `then()` if the guard `r` let the run go on, else the halt.
fn guarded<'a>(r: Result<(), Halt>, then: impl FnOnce() -> ValXs<'a, Val>) -> ValXs<'a, Val> {
    match r {
        Ok(()) => then(),
        Err(h) => bome(Err(halt_error(h))),
    }
}

/// A guard's output: its input, unchanged, if the guard passed.
fn pass<'a>(r: Result<(), Halt>, v: Val) -> ValXs<'a, Val> {
    guarded(r, || box_once(Ok(v)))
}

/// The bytes of a string value.
fn text(v: &Val) -> Option<&[u8]> {
    match v {
        Val::TStr(s) | Val::BStr(s) => Some(s),
        _ => None,
    }
}

/// Characters in UTF-8 text (bytes that do not continue a character).
fn chars(s: &[u8]) -> u64 {
    s.iter().filter(|&&b| b & 0xC0 != 0x80).count() as u64
}

/// Bytes `l + r` builds: the joined string, array or object.
fn sum_size(l: &Val, r: &Val) -> u64 {
    match (l, r) {
        (Val::TStr(a) | Val::BStr(a), Val::TStr(b) | Val::BStr(b)) => {
            STR + a.len() as u64 + b.len() as u64
        }
        (Val::Arr(a), Val::Arr(b)) => LEVEL + (a.len() + b.len()) as u64 * CELL,
        (Val::Obj(a), Val::Obj(b)) => LEVEL + 32 + (a.len() + b.len()) as u64 * CELL * 2,
        _ => 0,
    }
}

/// Occurrences of `sub` in `s`, overlapping ones too (as `indices`
/// finds them); the stop signals are checked along the way.
fn occurrences(ctl: &Ctl<'_>, s: &[u8], sub: &[u8]) -> u64 {
    let finder = memchr::memmem::Finder::new(sub);
    let mut at = 0;
    let mut n = 0u64;
    while let Some(i) = s.get(at..).and_then(|rest| finder.find(rest)) {
        n += 1;
        at += i + 1;
        if n.is_multiple_of(4096) && ctl.check(&Val::Null).is_err() {
            break;
        }
    }
    n
}

/// `l / r`: a string split sized first; with `checked`, a number
/// divided by zero is jq's error.
fn div<'a>(ctl: &Ctl<'_>, l: Val, r: Val, checked: bool) -> ValXs<'a, Val> {
    match (text(&l), text(&r)) {
        (Some(s), Some(sep)) => {
            let pieces = if sep.is_empty() {
                chars(s)
            } else {
                memchr::memmem::find_iter(s, sep).count() as u64 + 1
            };
            let size = LEVEL + pieces * (CELL + STR);
            guarded(ctl.hold(size), || bome(l / r))
        }
        _ if checked => bome(super::natives::div_nums(l, r)),
        _ => bome(l / r),
    }
}

/// Bytes a regex builtin builds over `v`: `kind` 0 for the matches
/// alone, 1 for the pieces between them, 2 for both. Matches are
/// counted only when the text is long enough for the count to matter;
/// a pattern or flags jaq will refuse are left for jaq to report.
fn regex_size(ctl: &Ctl<'_>, v: &Val, re: &Val, flags: &Val, kind: &Val) -> Result<u64, Halt> {
    let (Some(s), Some(re), Some(flags)) = (text(v), text(re), text(flags)) else {
        return Ok(0);
    };
    let (Ok(re), Ok(flags)) = (std::str::from_utf8(re), std::str::from_utf8(flags)) else {
        return Ok(0);
    };
    let kind = match kind {
        Val::Num(n) => n.as_isize().unwrap_or(0),
        _ => 0,
    };
    let mut builder = RegexBuilder::new(re);
    let mut global = false;
    for f in flags.chars() {
        match f {
            'g' => global = true,
            'n' => {}
            'i' => drop(builder.case_insensitive(true)),
            'm' => drop(builder.multi_line(true)),
            's' => drop(builder.dot_matches_new_line(true)),
            'l' => drop(builder.swap_greed(true)),
            'x' => drop(builder.ignore_whitespace(true)),
            'p' => drop(builder.multi_line(true).dot_matches_new_line(true)),
            _ => return Ok(0),
        }
    }
    let Ok(rx) = builder.build() else {
        return Ok(0);
    };
    let groups = rx.captures_len() as u64;
    let size = |count: u64| {
        let mut size = LEVEL;
        if kind != 1 {
            size += count * (LEVEL + groups * (CELL + MATCH));
        }
        if kind != 0 {
            size += (count + 1) * (CELL + STR);
        }
        size
    };
    let most = if global { s.len() as u64 + 1 } else { 1 };
    // Small enough in the worst case: not worth a pass over the text.
    if size(most) <= 64 * 1024 {
        return Ok(size(most));
    }
    let mut count = 0u64;
    for _ in rx.find_iter(s) {
        count += 1;
        if !global {
            break;
        }
        if count.is_multiple_of(1024) {
            ctl.check(&Val::Null)?;
            ctl.room_for(size(count))?;
        }
    }
    Ok(size(count))
}
