//! The ARRAY language of `tr`, parsed as GNU's `build_spec_list` does:
//! backslash and octal escapes first (an escaped character never starts a
//! construct), then `[:class:]`, `[=c=]`, `[c*n]` / `[c*]`, `c1-c2`
//! ranges and plain characters.
//!
//! Invariants: parsing never panics and never expands anything (a
//! `[c*n]` is one [`Elem::Repeat`] whatever `n`, so `[x*18446744073709551614]`
//! costs nothing); [`runs`] yields an element's characters as
//! (character, count) runs, at most 256 per element, so pairing two
//! arrays takes time proportional to their text, not their length.
//! Checked by `sets::tests`.

use std::fmt;

use crate::common::quote_escaped;

/// A character class of the C locale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Alnum,
    Alpha,
    Blank,
    Cntrl,
    Digit,
    Graph,
    Lower,
    Print,
    Punct,
    Space,
    Upper,
    Xdigit,
}

impl Class {
    fn named(name: &[u8]) -> Option<Self> {
        Some(match name {
            b"alnum" => Self::Alnum,
            b"alpha" => Self::Alpha,
            b"blank" => Self::Blank,
            b"cntrl" => Self::Cntrl,
            b"digit" => Self::Digit,
            b"graph" => Self::Graph,
            b"lower" => Self::Lower,
            b"print" => Self::Print,
            b"punct" => Self::Punct,
            b"space" => Self::Space,
            b"upper" => Self::Upper,
            b"xdigit" => Self::Xdigit,
            _ => return None,
        })
    }

    /// Whether byte `b` is in the class (C locale).
    pub fn has(self, b: u8) -> bool {
        match self {
            Self::Alnum => b.is_ascii_alphanumeric(),
            Self::Alpha => b.is_ascii_alphabetic(),
            Self::Blank => b == b' ' || b == b'\t',
            Self::Cntrl => b.is_ascii_control(),
            Self::Digit => b.is_ascii_digit(),
            Self::Graph => b.is_ascii_graphic(),
            Self::Lower => b.is_ascii_lowercase(),
            Self::Print => b.is_ascii_graphic() || b == b' ',
            Self::Punct => b.is_ascii_punctuation(),
            Self::Space => matches!(b, b' ' | 9..=13),
            Self::Upper => b.is_ascii_uppercase(),
            Self::Xdigit => b.is_ascii_hexdigit(),
        }
    }

    /// `[:upper:]` or `[:lower:]`, the classes that pair for case mapping.
    pub fn is_case(self) -> bool {
        matches!(self, Self::Upper | Self::Lower)
    }
}

/// One element of an array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    /// A character.
    Char(u8),
    /// `c1-c2`, `c1 <= c2`.
    Range(u8, u8),
    /// `[:name:]`.
    Class(Class),
    /// `[=c=]`: in the C locale, `c` alone.
    Equiv(u8),
    /// `[c*n]`; `n == 0` is `[c*]`, as many as needed (GNU reads a zero
    /// count the same way).
    Repeat(u8, u64),
}

impl Elem {
    /// The number of characters it stands for, `fill` for `[c*]`.
    pub fn len(self, fill: u64) -> u64 {
        match self {
            Self::Char(_) | Self::Equiv(_) => 1,
            Self::Range(a, b) => u64::from(b - a) + 1,
            Self::Class(c) => (0..=255u8).filter(|&b| c.has(b)).count() as u64,
            Self::Repeat(_, 0) => fill,
            Self::Repeat(_, n) => n,
        }
    }

    /// Whether byte `b` is one of its characters.
    pub fn has(self, b: u8) -> bool {
        match self {
            Self::Char(c) | Self::Equiv(c) | Self::Repeat(c, _) => b == c,
            Self::Range(lo, hi) => (lo..=hi).contains(&b),
            Self::Class(c) => c.has(b),
        }
    }

    /// Its last character (what GNU repeats to extend ARRAY2).
    pub fn last(self) -> u8 {
        match self {
            Self::Char(c) | Self::Equiv(c) | Self::Repeat(c, _) => c,
            Self::Range(_, hi) => hi,
            Self::Class(c) => (0..=255u8).rev().find(|&b| c.has(b)).unwrap_or(0),
        }
    }
}

/// The characters of `elems` in order as (character, count) runs, `fill`
/// standing for `[c*]`; runs of count 0 are left out.
pub fn runs(elems: &[Elem], fill: u64) -> impl Iterator<Item = (u8, u64)> + '_ {
    elems.iter().flat_map(move |&e| {
        let v: Vec<(u8, u64)> = match e {
            Elem::Char(c) | Elem::Equiv(c) => vec![(c, 1)],
            Elem::Repeat(c, 0) => vec![(c, fill)],
            Elem::Repeat(c, n) => vec![(c, n)],
            Elem::Range(lo, hi) => (lo..=hi).map(|b| (b, 1)).collect(),
            Elem::Class(cl) => (0..=255u8).filter(|&b| cl.has(b)).map(|b| (b, 1)).collect(),
        };
        v.into_iter().filter(|r| r.1 > 0)
    })
}

/// Why an array was refused, worded as GNU `tr` words it (without a
/// `Try` line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetError {
    /// `[::]`.
    MissingClass,
    /// `[==]`.
    MissingEquiv,
    /// `[:foo:]`.
    BadClass(String),
    /// `[=ab=]`.
    EquivNotSingle(String),
    /// `[c*09]`, `[c*1a]`.
    BadRepeat(String),
    /// `z-a`, with both endpoints printable.
    Reverse(String, String),
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MissingClass => f.write_str("missing character class name '[::]'"),
            Self::MissingEquiv => f.write_str("missing equivalence class character '[==]'"),
            Self::BadClass(s) => write!(f, "invalid character class {}", quote_escaped(s)),
            Self::EquivNotSingle(s) => {
                write!(
                    f,
                    "{s}: equivalence class operand must be a single character"
                )
            }
            Self::BadRepeat(s) => {
                write!(
                    f,
                    "invalid repeat count {} in [c*n] construct",
                    quote_escaped(s)
                )
            }
            Self::Reverse(a, b) => write!(
                f,
                "range-endpoints of '{a}-{b}' are in reverse collating sequence order"
            ),
        }
    }
}

/// A character as GNU's `make_printable_char` shows it.
pub fn printable(c: u8) -> String {
    match c {
        b'\\' => "\\\\".into(),
        7 => "\\a".into(),
        8 => "\\b".into(),
        12 => "\\f".into(),
        b'\n' => "\\n".into(),
        b'\r' => "\\r".into(),
        b'\t' => "\\t".into(),
        11 => "\\v".into(),
        c if c.is_ascii_graphic() || c == b' ' => char::from(c).to_string(),
        c => format!("\\{c:03o}"),
    }
}

fn printable_str(s: &[u8]) -> String {
    s.iter().map(|&c| printable(c)).collect()
}

/// A byte of the unescaped array and whether it came from an escape.
type Unit = (u8, bool);

/// Reads the escapes of `s`; warnings GNU prints on the way are pushed
/// to `warn`.
fn unescape(s: &[u8], warn: &mut Vec<String>) -> Vec<Unit> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while let Some(&c) = s.get(i) {
        if c != b'\\' {
            out.push((c, false));
            i += 1;
            continue;
        }
        let Some(&n) = s.get(i + 1) else {
            warn.push("warning: an unescaped backslash at end of string is not portable".into());
            out.push((b'\\', true));
            break;
        };
        i += 2;
        let v = match n {
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'v' => 11,
            b'0'..=b'7' => {
                let mut v = u32::from(n - b'0');
                if let Some(&d @ b'0'..=b'7') = s.get(i) {
                    v = v * 8 + u32::from(d - b'0');
                    i += 1;
                    if let Some(&e @ b'0'..=b'7') = s.get(i) {
                        if v * 8 + u32::from(e - b'0') < 256 {
                            v = v * 8 + u32::from(e - b'0');
                            i += 1;
                        } else {
                            warn.push(format!(
                                "warning: the ambiguous octal escape \\{}{}{} is being\n\tinterpreted as the 2-byte sequence \\0{}{}, {}",
                                char::from(n),
                                char::from(d),
                                char::from(e),
                                char::from(n),
                                char::from(d),
                                char::from(e)
                            ));
                        }
                    }
                }
                u8::try_from(v).unwrap_or(0)
            }
            other => other,
        };
        out.push((v, true));
    }
    out
}

/// Whether `u[i]` is the unescaped byte `c`.
fn at(u: &[Unit], i: usize, c: u8) -> bool {
    u.get(i) == Some(&(c, false))
}

/// Where the unescaped `delim` `]` pair closing a `[:` or `[=` starting
/// its operand at `start` is.
fn closing(u: &[Unit], start: usize, delim: u8) -> Option<usize> {
    (start..u.len().saturating_sub(1)).find(|&i| at(u, i, delim) && at(u, i + 1, b']'))
}

/// Whether `u[i..]` starts `*digits]` (so `[:*3]` is a repeat of `:`).
fn star_digits_close(u: &[Unit], i: usize) -> bool {
    if !at(u, i, b'*') {
        return false;
    }
    let mut j = i + 1;
    while u.get(j).is_some_and(|&(c, e)| !e && c.is_ascii_digit()) {
        j += 1;
    }
    at(u, j, b']')
}

/// `[c*n]` starting at `u[start]` (the `c`): the repeat and the index of
/// its `]`; `Ok(None)` when it is not one.
fn bracketed_repeat(u: &[Unit], start: usize) -> Result<Option<(Elem, usize)>, SetError> {
    let Some(&(c, _)) = u.get(start) else {
        return Ok(None);
    };
    if !at(u, start + 1, b'*') {
        return Ok(None);
    }
    let mut i = start + 2;
    while let Some(&(b, esc)) = u.get(i) {
        if esc {
            return Ok(None);
        }
        if b == b']' {
            let digits: Vec<u8> = u
                .get(start + 2..i)
                .unwrap_or(&[])
                .iter()
                .map(|p| p.0)
                .collect();
            if digits.is_empty() {
                return Ok(Some((Elem::Repeat(c, 0), i)));
            }
            let radix = if digits.first() == Some(&b'0') { 8 } else { 10 };
            let n = std::str::from_utf8(&digits)
                .ok()
                .filter(|s| s.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|s| u64::from_str_radix(s, radix).ok())
                .filter(|&n| n != u64::MAX);
            return match n {
                Some(n) => Ok(Some((Elem::Repeat(c, n), i))),
                None => Err(SetError::BadRepeat(printable_str(&digits))),
            };
        }
        i += 1;
    }
    Ok(None)
}

/// Parses one array; GNU's warnings met on the way go to `warn`.
pub fn parse(s: &[u8], warn: &mut Vec<String>) -> Result<Vec<Elem>, SetError> {
    let u = unescape(s, warn);
    let mut elems = Vec::new();
    let mut i = 0;
    while let Some(&(c, esc)) = u.get(i) {
        if c == b'[' && !esc {
            if let Some(d @ (b':' | b'=')) = u.get(i + 1).filter(|p| !p.1).map(|p| p.0)
                && let Some(close) = closing(&u, i + 2, d)
            {
                let opnd: Vec<u8> = u
                    .get(i + 2..close)
                    .unwrap_or(&[])
                    .iter()
                    .map(|p| p.0)
                    .collect();
                let elem = match (d, opnd.as_slice()) {
                    (b':', []) => return Err(SetError::MissingClass),
                    (_, []) => return Err(SetError::MissingEquiv),
                    (b':', name) => Class::named(name).map(Elem::Class),
                    (_, &[one]) => Some(Elem::Equiv(one)),
                    _ => None,
                };
                match elem {
                    Some(e) => {
                        elems.push(e);
                        i = close + 2;
                        continue;
                    }
                    None if star_digits_close(&u, i + 2) => {}
                    None if d == b':' => return Err(SetError::BadClass(printable_str(&opnd))),
                    None => return Err(SetError::EquivNotSingle(printable_str(&opnd))),
                }
            }
            if let Some((e, close)) = bracketed_repeat(&u, i + 1)? {
                elems.push(e);
                i = close + 1;
                continue;
            }
        }
        if at(&u, i + 1, b'-')
            && let Some(&(hi, _)) = u.get(i + 2)
        {
            if hi < c {
                return Err(SetError::Reverse(printable(c), printable(hi)));
            }
            elems.push(Elem::Range(c, hi));
            i += 3;
            continue;
        }
        elems.push(Elem::Char(c));
        i += 1;
    }
    Ok(elems)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Result<Vec<Elem>, SetError> {
        parse(s.as_bytes(), &mut Vec::new())
    }

    #[test]
    fn constructs() {
        assert_eq!(
            p("a-c[:digit:][=e=][x*3][y*]"),
            Ok(vec![
                Elem::Range(b'a', b'c'),
                Elem::Class(Class::Digit),
                Elem::Equiv(b'e'),
                Elem::Repeat(b'x', 3),
                Elem::Repeat(b'y', 0)
            ])
        );
        assert_eq!(p("[1*010]"), Ok(vec![Elem::Repeat(b'1', 8)]));
        assert_eq!(p("[:*3]"), Ok(vec![Elem::Repeat(b':', 3)]));
        assert_eq!(p("a-"), Ok(vec![Elem::Char(b'a'), Elem::Char(b'-')]));
        assert_eq!(
            p("a\\-z"),
            Ok(vec![Elem::Char(b'a'), Elem::Char(b'-'), Elem::Char(b'z')])
        );
        assert_eq!(p("\\141-c"), Ok(vec![Elem::Range(b'a', b'c')]));
        assert_eq!(
            p("\\012\\t\\\\"),
            Ok(vec![Elem::Char(10), Elem::Char(9), Elem::Char(b'\\')])
        );
        assert_eq!(
            p("[:a"),
            Ok(vec![Elem::Char(b'['), Elem::Char(b':'), Elem::Char(b'a')])
        );
        assert_eq!(
            p("[x*18446744073709551614]"),
            Ok(vec![Elem::Repeat(b'x', u64::MAX - 1)])
        );
    }

    #[test]
    fn errors() {
        let e = |s: &str| p(s).unwrap_err().to_string();
        assert_eq!(e("[:foo:]"), "invalid character class 'foo'");
        assert_eq!(e("[::]"), "missing character class name '[::]'");
        assert_eq!(e("[==]"), "missing equivalence class character '[==]'");
        assert_eq!(
            e("[=ab=]"),
            "ab: equivalence class operand must be a single character"
        );
        assert_eq!(e("[b*09]"), "invalid repeat count '09' in [c*n] construct");
        assert_eq!(e("[b*1a]"), "invalid repeat count '1a' in [c*n] construct");
        assert_eq!(
            e("z-a"),
            "range-endpoints of 'z-a' are in reverse collating sequence order"
        );
    }

    #[test]
    fn warnings() {
        let mut w = Vec::new();
        assert_eq!(
            parse(b"\\400", &mut w),
            Ok(vec![Elem::Char(b' '), Elem::Char(b'0')])
        );
        assert!(w[0].contains("ambiguous octal escape \\400"));
        let mut w = Vec::new();
        assert_eq!(parse(b"\\", &mut w), Ok(vec![Elem::Char(b'\\')]));
        assert_eq!(w.len(), 1);
    }

    #[test]
    fn runs_are_compact() {
        let e = [
            Elem::Repeat(b'x', u64::MAX - 1),
            Elem::Range(b'a', b'c'),
            Elem::Repeat(b'y', 0),
        ];
        let r: Vec<_> = runs(&e, 0).collect();
        assert_eq!(
            r,
            vec![(b'x', u64::MAX - 1), (b'a', 1), (b'b', 1), (b'c', 1)]
        );
        assert_eq!(runs(&[Elem::Class(Class::Upper)], 0).count(), 26);
    }
}
