//! Brace expansion (`{a,b}`, `{1..10..2}`, `{01..10}`, `{a..e}`) over the
//! trees `brace_parse.rs` builds.

/// A piece of a word holding brace expressions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// Text taken as it is.
    Text(String),
    /// `{...}`: its alternatives.
    Expr(Vec<Member>),
}

/// One alternative of a brace expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Member {
    /// `{start..end[..increment]}` of integers, each written at least
    /// `width` characters wide with leading zeros (0: as is).
    Numbers {
        /// First value.
        start: i64,
        /// Last value (reached only if the steps land on it).
        end: i64,
        /// Step; its sign is ignored.
        increment: i64,
        /// Zero-padded width, sign included.
        width: usize,
    },
    /// `{a..e[..increment]}` of letters.
    Chars {
        /// First letter.
        start: char,
        /// Last letter.
        end: char,
        /// Step; its sign is ignored.
        increment: i64,
    },
    /// A list item: a word that may hold expressions itself.
    Child(Vec<Piece>),
}

use Member as M;
use Piece as T;

use crate::cancel::{Cancel, StopReason};

fn seq_len(start: i64, end: i64, step: i64) -> u64 {
    let step = step.unsigned_abs().max(1);
    start.abs_diff(end) / step + 1
}

fn member_count(m: &M) -> u64 {
    match m {
        M::Numbers {
            start,
            end,
            increment,
            ..
        } => seq_len(*start, *end, *increment),
        M::Chars {
            start,
            end,
            increment,
        } => seq_len(
            i64::from(u32::from(*start)),
            i64::from(u32::from(*end)),
            *increment,
        ),
        M::Child(c) => count(c),
    }
}

/// How many words a brace tree expands to (saturating).
pub fn count(tree: &[T]) -> u64 {
    tree.iter().fold(1u64, |acc, item| {
        let n = match item {
            T::Text(_) => 1,
            T::Expr(members) => members
                .iter()
                .fold(0u64, |a, m| a.saturating_add(member_count(m))),
        };
        acc.saturating_mul(n)
    })
}

fn push_seq(out: &mut Vec<String>, start: i64, end: i64, step: i64, f: impl Fn(i64) -> String) {
    let step = i64::try_from(step.unsigned_abs().max(1)).unwrap_or(i64::MAX);
    let mut v = start;
    loop {
        out.push(f(v));
        if v == end {
            break;
        }
        let next = if start <= end {
            v.checked_add(step)
        } else {
            v.checked_sub(step)
        };
        match next {
            Some(n) if (start <= end && n <= end) || (start > end && n >= end) => v = n,
            _ => break,
        }
    }
}

fn alternatives(members: &[M], limit: u64) -> Vec<String> {
    let mut out = Vec::new();
    for m in members {
        match m {
            M::Numbers {
                start,
                end,
                increment,
                width,
            } => push_seq(&mut out, *start, *end, *increment, |v| {
                format!("{v:0width$}", width = *width)
            }),
            M::Chars {
                start,
                end,
                increment,
            } => push_seq(
                &mut out,
                i64::from(u32::from(*start)),
                i64::from(u32::from(*end)),
                *increment,
                |v| {
                    u32::try_from(v)
                        .ok()
                        .and_then(char::from_u32)
                        .map(String::from)
                        .unwrap_or_default()
                },
            ),
            M::Child(c) => out.extend(expand(c, limit).unwrap_or_default()),
        }
    }
    out
}

/// Expands a brace tree into its words, in bash's order; `None` when it
/// would give more than `limit` words.
pub fn expand(tree: &[T], limit: u64) -> Option<Vec<String>> {
    expand_checked(tree, limit, u64::MAX, &Cancel::new()).ok()
}

/// Why [`expand_checked`] gave no words.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// More words or bytes than allowed.
    TooBig,
    /// The run was cancelled or passed its deadline meanwhile.
    Stopped(StopReason),
}

/// What one word costs beyond its text, in bytes: its `String` in a
/// `Vec` (24) and the allocator's block for a short text (32), plus the
/// copy the expansion's result list holds. Measured: `echo {1..500000}`
/// peaked at ~50 MB over the process's base when words were counted at
/// 16 bytes each.
pub const WORD_COST: u64 = 64;

/// Words built between two looks at the cancel signal: a product of
/// sequences can reach a million words, and the deadline must hold while
/// they are built.
const CHECK_EVERY: usize = 4096;

/// [`expand`] bounded in bytes too (`max_bytes`: the words' text and
/// [`WORD_COST`] for each) and stopping when `cancel` says so.
pub fn expand_checked(
    tree: &[T],
    limit: u64,
    max_bytes: u64,
    cancel: &Cancel,
) -> Result<Vec<String>, Refused> {
    if count(tree) > limit {
        return Err(Refused::TooBig);
    }
    let mut acc = vec![String::new()];
    // The text `acc` holds.
    let mut bytes = 0u64;
    for item in tree {
        match item {
            T::Text(t) => {
                let grow = (acc.len() as u64).saturating_mul(t.len() as u64);
                bytes = bytes.saturating_add(grow);
                if bytes > max_bytes {
                    return Err(Refused::TooBig);
                }
                acc.iter_mut().for_each(|w| w.push_str(t));
            }
            T::Expr(members) => {
                let alts = alternatives(members, limit);
                // At most `limit` words: `count` said so above.
                let mut next = Vec::with_capacity(acc.len().saturating_mul(alts.len()));
                bytes = 0;
                for w in &acc {
                    for a in &alts {
                        let len = w.len() + a.len();
                        bytes = bytes.saturating_add(len as u64 + WORD_COST);
                        if bytes > max_bytes {
                            return Err(Refused::TooBig);
                        }
                        if next.len() % CHECK_EVERY == CHECK_EVERY - 1
                            && let Some(r) = cancel.check()
                        {
                            return Err(Refused::Stopped(r));
                        }
                        let mut s = String::with_capacity(len);
                        s.push_str(w);
                        s.push_str(a);
                        next.push(s);
                    }
                }
                acc = next;
            }
        }
    }
    Ok(acc)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exp(text: &str) -> Vec<String> {
        expand(&tree(text), 1000).unwrap()
    }

    #[test]
    fn expands_lists_and_sequences() {
        assert_eq!(exp("a{b,c}d"), ["abd", "acd"]);
        assert_eq!(exp("{1..3}"), ["1", "2", "3"]);
        assert_eq!(exp("{3..1}"), ["3", "2", "1"]);
        assert_eq!(exp("{1..10..4}"), ["1", "5", "9"]);
        assert_eq!(exp("{a..c}"), ["a", "b", "c"]);
        assert_eq!(exp("{a,b}{1,2}"), ["a1", "a2", "b1", "b2"]);
        assert_eq!(exp("{05..01..2}"), ["05", "03", "01"]);
        assert_eq!(exp("{-05..-3}"), ["-05", "-04", "-03"]);
        assert_eq!(exp("{-1..02}"), ["-1", "00", "01", "02"]);
        assert_eq!(exp("{-010..-8}"), ["-010", "-009", "-008"]);
    }

    #[test]
    fn refuses_huge_expansions() {
        let tree = tree("{1..99999999}");
        assert!(expand(&tree, 1000).is_none());
        assert_eq!(count(&tree), 99_999_999);
    }

    fn tree(text: &str) -> Vec<T> {
        crate::syntax::brace_parse::parse(text, 200)
            .unwrap()
            .unwrap()
    }

    #[test]
    fn bounds_the_bytes_of_the_words() {
        // 10 000 words of ~1 KB: within the word limit, not the byte limit.
        let long = "x".repeat(1000);
        let t = tree(&format!("{{0..9999}}{long}"));
        let cancel = Cancel::new();
        assert_eq!(
            expand_checked(&t, 1_000_000, 1 << 20, &cancel),
            Err(Refused::TooBig)
        );
        assert_eq!(
            expand_checked(&t, 1_000_000, 64 << 20, &cancel).map(|w| w.len()),
            Ok(10_000)
        );
        // Text before the expression is counted too.
        let t = tree(&format!("{long}{{0..9999}}"));
        assert_eq!(
            expand_checked(&t, 1_000_000, 1 << 20, &cancel),
            Err(Refused::TooBig)
        );
    }

    #[test]
    fn stops_when_cancelled() {
        let t = tree("{a..z}{a..z}{a..z}");
        let cancel = Cancel::new();
        cancel.cancel();
        assert_eq!(
            expand_checked(&t, 1_000_000, u64::MAX, &cancel),
            Err(Refused::Stopped(StopReason::Cancelled))
        );
        // Small expansions finish before the first look at the signal.
        let t = tree("{a..c}");
        assert_eq!(
            expand_checked(&t, 1_000_000, u64::MAX, &cancel).map(|w| w.len()),
            Ok(3)
        );
    }
}
