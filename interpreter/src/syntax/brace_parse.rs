//! Finding brace expressions (`{a,b}`, `{1..5}`) in a word's raw text, as
//! bash's `brace_expand` does: one pass pairs every unquoted `{` with its
//! `}` and notes which pairs hold a comma at their own level, then a
//! descent builds the tree `braces.rs` expands; a `{` that opens no valid
//! expression is text.
//!
//! Invariant: time linear in the word, nesting bounded by the parse depth,
//! checked by `tests/hostile/parser/nested_braces_in_word.sh` and
//! `deep_brace_expansion.sh` (history: `fuzz/FINDINGS.md` F1, F6).

use crate::braces::{Member as M, Piece as T};

/// Why a word's braces could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum BraceError {
    /// Brace expressions nested deeper than the parser's depth limit.
    TooDeep,
}

/// One `{ ... }` pair found by the scan.
#[derive(Clone, Copy)]
struct Pair {
    close: usize,
    /// Byte offsets of the commas at this pair's own level are found
    /// again in the descent; the scan only needs to know whether any exist.
    has_comma: bool,
}

/// The brace structure of a word: `pairs[i]` is set when byte `i` is an
/// unquoted `{` with a matching `}`.
struct Scan {
    pairs: Vec<Option<Pair>>,
    /// `active[i]` is false for bytes inside quotes, escapes and `$`
    /// expansions, where braces and commas are text.
    active: Vec<bool>,
}

/// Parses `word` into its brace tree. `Ok(None)` when the word holds no
/// brace expression at all.
pub(crate) fn parse(word: &str, max_depth: u32) -> Result<Option<Vec<T>>, BraceError> {
    let scan = scan(word.as_bytes());
    if !scan.pairs.iter().flatten().any(|p| p.has_comma) && !word.contains("..") {
        return Ok(None);
    }
    let mut parser = Parser {
        text: word,
        scan: &scan,
        max_depth,
    };
    let tree = parser.sequence(0, word.len(), 0)?;
    if tree.iter().any(|t| matches!(t, T::Expr(_))) {
        Ok(Some(tree))
    } else {
        Ok(None)
    }
}

/// Marks quoted and expansion bytes inactive and pairs the active braces.
fn scan(b: &[u8]) -> Scan {
    let mut active = vec![true; b.len()];
    let mut i = 0;
    while i < b.len() {
        let end = match b.get(i) {
            Some(b'\\') => i + 2,
            Some(b'\'') => find_byte(b, i + 1, b'\'') + 1,
            Some(b'"') => skip_double_quoted(b, i + 1),
            Some(b'`') => skip_backquoted(b, i + 1),
            Some(b'$') => match b.get(i + 1) {
                Some(b'{') => skip_nested(b, i + 2, b'{', b'}'),
                Some(b'(') => skip_nested(b, i + 2, b'(', b')'),
                Some(b'\'') => skip_ansi_c(b, i + 2),
                Some(b'"') => skip_double_quoted(b, i + 2),
                _ => i + 1,
            },
            _ => i + 1,
        };
        let end = end.min(b.len());
        if end > i + 1 || matches!(b.get(i), Some(b'$')) {
            for a in active.iter_mut().take(end).skip(i) {
                *a = false;
            }
        }
        i = end.max(i + 1);
    }
    let mut pairs = vec![None; b.len()];
    let mut open: Vec<(usize, bool)> = Vec::new();
    for (i, &c) in b.iter().enumerate() {
        if !active.get(i).copied().unwrap_or(false) {
            continue;
        }
        match c {
            b'{' => open.push((i, false)),
            b'}' => {
                if let Some((o, has_comma)) = open.pop()
                    && let Some(slot) = pairs.get_mut(o)
                {
                    *slot = Some(Pair {
                        close: i,
                        has_comma,
                    });
                }
            }
            b',' => {
                if let Some(top) = open.last_mut() {
                    top.1 = true;
                }
            }
            _ => {}
        }
    }
    Scan { pairs, active }
}

fn find_byte(b: &[u8], from: usize, want: u8) -> usize {
    b.get(from..)
        .and_then(|rest| rest.iter().position(|&c| c == want))
        .map_or(b.len(), |p| from + p)
}

/// The offset just past the `"` closing a double-quoted string whose body
/// starts at `i`.
fn skip_double_quoted(b: &[u8], mut i: usize) -> usize {
    while let Some(&c) = b.get(i) {
        match c {
            b'\\' => i += 2,
            b'"' => return i + 1,
            b'`' => i = skip_backquoted(b, i + 1),
            b'$' if b.get(i + 1) == Some(&b'(') => i = skip_nested(b, i + 2, b'(', b')'),
            b'$' if b.get(i + 1) == Some(&b'{') => i = skip_nested(b, i + 2, b'{', b'}'),
            _ => i += 1,
        }
    }
    b.len()
}

fn skip_backquoted(b: &[u8], i: usize) -> usize {
    skip_escaped_until(b, i, b'`')
}

fn skip_ansi_c(b: &[u8], i: usize) -> usize {
    skip_escaped_until(b, i, b'\'')
}

/// The offset just past the first unescaped `close` from `i`.
fn skip_escaped_until(b: &[u8], mut i: usize, close: u8) -> usize {
    while let Some(&c) = b.get(i) {
        if c == b'\\' {
            i += 2;
        } else if c == close {
            return i + 1;
        } else {
            i += 1;
        }
    }
    b.len()
}

/// The offset just past the `close` matching an `open` already consumed,
/// for `${ }` and `$( )` (quotes inside are skipped). Iterative: the
/// nesting count is a number, not a recursion.
fn skip_nested(b: &[u8], mut i: usize, open: u8, close: u8) -> usize {
    let mut depth = 1usize;
    while let Some(&c) = b.get(i) {
        if c == open {
            depth += 1;
        } else if c == close {
            depth -= 1;
            if depth == 0 {
                return i + 1;
            }
        }
        i = match c {
            b'\\' => i + 2,
            b'\'' if open == b'(' => find_byte(b, i + 1, b'\'') + 1,
            b'"' => skip_double_quoted(b, i + 1),
            b'`' => skip_backquoted(b, i + 1),
            _ => i + 1,
        };
    }
    b.len()
}

struct Parser<'a> {
    text: &'a str,
    scan: &'a Scan,
    max_depth: u32,
}

impl Parser<'_> {
    /// Text and expressions between `from` and `to` (exclusive).
    fn sequence(&mut self, from: usize, to: usize, depth: u32) -> Result<Vec<T>, BraceError> {
        let mut out = Vec::new();
        let mut text_start = from;
        let mut i = from;
        while i < to {
            if let Some(pair) = self.pair_at(i)
                && pair.close < to
                && let Some(expr) = self.expression(i, pair, depth)?
            {
                if text_start < i {
                    out.push(T::Text(self.slice(text_start, i)));
                }
                out.push(T::Expr(expr));
                i = pair.close + 1;
                text_start = i;
                continue;
            }
            i += 1;
        }
        if text_start < to || out.is_empty() {
            out.push(T::Text(self.slice(text_start, to)));
        }
        Ok(out)
    }

    fn pair_at(&self, i: usize) -> Option<Pair> {
        self.scan.pairs.get(i).copied().flatten()
    }

    /// The members of the expression opened at `open`, or `None` when it
    /// is neither a comma list nor a sequence (then its `{` is text).
    fn expression(
        &mut self,
        open: usize,
        pair: Pair,
        depth: u32,
    ) -> Result<Option<Vec<M>>, BraceError> {
        let inner = self.text.get(open + 1..pair.close).unwrap_or("");
        if !pair.has_comma {
            return Ok(sequence_member(inner).map(|m| vec![m]));
        }
        if depth >= self.max_depth {
            return Err(BraceError::TooDeep);
        }
        let mut members = Vec::new();
        let mut start = open + 1;
        let mut i = open + 1;
        while i <= pair.close {
            if i == pair.close || self.is_member_comma(i) {
                members.push(M::Child(self.sequence(start, i, depth + 1)?));
                start = i + 1;
                i += 1;
                continue;
            }
            // A nested pair is skipped whole: its commas are its own.
            i = match self.pair_at(i) {
                Some(p) if p.close < pair.close => p.close + 1,
                _ => i + 1,
            };
        }
        Ok(Some(members))
    }

    fn is_member_comma(&self, i: usize) -> bool {
        self.text.as_bytes().get(i) == Some(&b',')
            && self.scan.active.get(i).copied().unwrap_or(false)
    }

    fn slice(&self, from: usize, to: usize) -> String {
        self.text.get(from..to).unwrap_or("").to_owned()
    }
}

/// `N..M[..S]` (integers, optional sign) or `C..D[..S]` (ASCII letters).
/// Bounds that do not fit in 64 bits make it no sequence, as in bash.
fn sequence_member(inner: &str) -> Option<M> {
    // Three 64-bit numbers and two `..` at most; checking the length first
    // keeps nested non-expressions (`{{{…}}}`) linear.
    if inner.len() > 3 * 21 + 4 {
        return None;
    }
    let mut parts = inner.split("..");
    let start = parts.next()?;
    let end = parts.next()?;
    let increment = match parts.next() {
        Some(s) => number(s)?,
        None => 1,
    };
    if parts.next().is_some() {
        return None;
    }
    if let (Some(from), Some(to)) = (number(start), number(end)) {
        return Some(M::Numbers {
            start: from,
            end: to,
            increment,
            width: zero_pad_width(start, end),
        });
    }
    let (start, end) = (letter(start)?, letter(end)?);
    Some(M::Chars {
        start,
        end,
        increment,
    })
}

/// The width every number of a sequence is padded to with zeros, as
/// bash's `mkseq`: when either bound is written with a leading zero
/// (after a `-`), the longer bound's length, sign included; else 0.
fn zero_pad_width(start: &str, end: &str) -> usize {
    let padded = |s: &str| s.starts_with('0') || s.starts_with("-0");
    if padded(start) || padded(end) {
        start.len().max(end.len())
    } else {
        0
    }
}

fn number(s: &str) -> Option<i64> {
    let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn letter(s: &str) -> Option<char> {
    let mut chars = s.chars();
    let c = chars.next()?;
    (chars.next().is_none() && c.is_ascii_alphabetic()).then_some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(tree: &[T]) -> String {
        tree.iter()
            .map(|t| match t {
                T::Text(s) => format!("'{s}'"),
                T::Expr(ms) => format!(
                    "{{{}}}",
                    ms.iter()
                        .map(|m| match m {
                            M::Child(c) => render(c),
                            M::Numbers {
                                start,
                                end,
                                increment,
                                width,
                            } => format!("{start}..{end}..{increment}/{width}"),
                            M::Chars {
                                start,
                                end,
                                increment,
                            } => format!("{start}..{end}..{increment}"),
                        })
                        .collect::<Vec<_>>()
                        .join("|")
                ),
            })
            .collect()
    }

    fn p(s: &str) -> Option<String> {
        parse(s, 200).ok().flatten().map(|t| render(&t))
    }

    #[test]
    fn lists_and_sequences() {
        assert_eq!(p("a{b,c}d").as_deref(), Some("'a'{'b'|'c'}'d'"));
        assert_eq!(p("{1..3}").as_deref(), Some("{1..3..1/0}"));
        assert_eq!(p("{a..e..2}").as_deref(), Some("{a..e..2}"));
        assert_eq!(p("{-3..+3}").as_deref(), Some("{-3..3..1/0}"));
        assert_eq!(p("{01..10}").as_deref(), Some("{1..10..1/2}"));
        assert_eq!(p("{-05..3}").as_deref(), Some("{-5..3..1/3}"));
        assert_eq!(p("{0..3}").as_deref(), Some("{0..3..1/1}"));
        assert_eq!(p("{+01..3}").as_deref(), Some("{1..3..1/0}"));
        assert_eq!(p("x{,y}").as_deref(), Some("'x'{''|'y'}"));
        assert_eq!(p("{a,{b,c}}").as_deref(), Some("{'a'|{'b'|'c'}}"));
    }

    #[test]
    fn what_is_not_an_expression_stays_text() {
        assert_eq!(p("{a}"), None);
        assert_eq!(p("{}"), None);
        assert_eq!(p("'{a,b}'"), None);
        assert_eq!(p("\"{a,b}\""), None);
        assert_eq!(p("\\{a,b}"), None);
        assert_eq!(p("${a,b}"), None);
        assert_eq!(p("$(echo {a,b})"), None);
        assert_eq!(p("{1..99999999999999999999}"), None);
        assert_eq!(p("{a..5}"), None);
        // An invalid outer pair leaves a valid inner one.
        assert_eq!(p("{x{a,b}}").as_deref(), Some("'{x'{'a'|'b'}'}'"));
        assert_eq!(p("{{a,b}").as_deref(), Some("'{'{'a'|'b'}"));
    }

    #[test]
    fn quoted_commas_do_not_split() {
        assert_eq!(p("{'a,b',c}").as_deref(), Some("{''a,b''|'c'}"));
    }

    #[test]
    fn deep_nesting_is_linear_and_bounded() {
        let deep = format!("{}x{}", "{".repeat(100_000), "}".repeat(100_000));
        assert_eq!(p(&deep), None);
        let deep_lists = format!("{}x{}", "{a,".repeat(1000), "}".repeat(1000));
        assert!(matches!(parse(&deep_lists, 200), Err(BraceError::TooDeep)));
        let unclosed = format!("c{}at", "{".repeat(100_000));
        assert_eq!(p(&unclosed), None);
    }
}
