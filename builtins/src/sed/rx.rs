//! Regular expressions of a sed script: GNU escapes (`\t`, `\xHH`,
//! `\cX`...) turned into the bytes they stand for, then the POSIX
//! translation shared with `grep` ([`crate::common::regex_tr`]), compiled
//! as a byte regex in the C locale (`.` is any byte, newline included).

use regex::bytes::{Regex, RegexBuilder};

use crate::common::backref::{self, Backtrack, Gave, Watch};
use crate::common::regex_tr;

/// How a regex is matched.
#[derive(Debug)]
pub enum Engine {
    /// The `regex` crate's automaton (every regex without
    /// back-references).
    Auto(Regex),
    /// The bounded backtracker, for back-references (`\(a\)\1`).
    Back(Backtrack),
}

/// A compiled regex with the number of its groups.
#[derive(Debug)]
pub struct Rx {
    /// The compiled expression.
    pub engine: Engine,
    /// How many `\(...\)` groups it has (`\1`..`\9` may not go past them).
    pub groups: usize,
    /// What it was charged to the run's memory budget (an estimate).
    pub cost: u64,
}

/// The byte a GNU escape `\c`, `\d`, `\o`, `\x` or a letter escape stands
/// for, with how many bytes of `rest` (what follows the letter) it used;
/// `None` when `letter` starts no such escape.
pub fn escape_value(letter: u8, rest: &[u8]) -> Option<(u8, usize)> {
    let digits = |radix: u32, max: usize| -> Option<(u8, usize)> {
        let mut v: u32 = 0;
        let mut n = 0;
        while n < max {
            let Some(d) = rest.get(n).and_then(|&c| char::from(c).to_digit(radix)) else {
                break;
            };
            v = v * radix + d;
            n += 1;
        }
        // GNU keeps the value in a byte.
        (n > 0).then_some(((v & 0xff) as u8, n))
    };
    match letter {
        b'a' => Some((0x07, 0)),
        b'f' => Some((0x0c, 0)),
        b'n' => Some((b'\n', 0)),
        b'r' => Some((b'\r', 0)),
        b't' => Some((b'\t', 0)),
        b'v' => Some((0x0b, 0)),
        b'd' => digits(10, 3),
        b'o' => digits(8, 3),
        b'x' => digits(16, 2),
        b'c' => rest.first().map(|&c| (c.to_ascii_uppercase() ^ 0x40, 1)),
        _ => None,
    }
}

/// Replaces GNU's numeric and letter escapes in a regex by the bytes they
/// stand for; every other `\X` pair is kept for the POSIX translation.
fn convert_escapes(pat: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(pat.len());
    let mut i = 0;
    while let Some(&c) = pat.get(i) {
        if c != b'\\' {
            out.push(c);
            i += 1;
            continue;
        }
        let Some(&n) = pat.get(i + 1) else {
            out.push(c);
            break;
        };
        let rest = pat.get(i + 2..).unwrap_or(&[]);
        match escape_value(n, rest) {
            Some((b, used)) => {
                // A produced backslash must not start an escape.
                if b == b'\\' {
                    out.extend_from_slice(b"\\\\");
                } else {
                    out.push(b);
                }
                i += 2 + used;
            }
            None => {
                out.push(c);
                out.push(n);
                i += 2;
            }
        }
    }
    out
}

/// The smallest and largest compiled-program size tried: a regex is first
/// compiled under the small bound, and the bound doubles while it is too
/// big, so that what is charged follows what the regex needs.
const FIRST_LIMIT: usize = 16 << 10;
const LAST_LIMIT: usize = 8 << 20;

/// Compiles `pat` (a BRE, or an ERE with `ere`) with the `I` and `M`
/// flags. The error is GNU's message.
pub fn compile(pat: &[u8], ere: bool, icase: bool, multiline: bool) -> Result<Rx, String> {
    let conv = convert_escapes(pat);
    let text = sandbash_interpreter::bytes::decode(&conv);
    let tr = if ere {
        regex_tr::ere(&text)
    } else {
        regex_tr::bre(&text)
    };
    let tr = match tr {
        Err(e) if e.0 == regex_tr::BACKREF_REFUSED => {
            return compile_back(&text, ere, icase, multiline);
        }
        other => other.map_err(|e| e.0)?,
    };
    let src = regex_tr::bytes_escaped(&tr);
    let mut limit = FIRST_LIMIT;
    loop {
        let built = RegexBuilder::new(&src)
            .unicode(false)
            .case_insensitive(icase)
            .multi_line(multiline)
            .dot_matches_new_line(true)
            .size_limit(limit)
            .dfa_size_limit(256 << 10)
            .build();
        match built {
            Ok(re) => {
                let groups = re.captures_len().saturating_sub(1);
                let cost = (limit / 2) as u64 + (16 << 10);
                return Ok(Rx {
                    engine: Engine::Auto(re),
                    groups,
                    cost,
                });
            }
            Err(regex::Error::CompiledTooBig(_)) if limit < LAST_LIMIT => limit *= 2,
            Err(regex::Error::CompiledTooBig(_)) => {
                return Err("Regular expression too big".into());
            }
            Err(regex::Error::Syntax(s)) => {
                let last = s.lines().last().unwrap_or("").trim().to_string();
                let last = last.strip_prefix("error: ").unwrap_or(&last).to_string();
                // glibc's words for what the regex crate also refuses.
                if last.contains("repetition count") || last.contains("repetition quantifier") {
                    return Err("Invalid content of \\{\\}".into());
                }
                return Err(last);
            }
            Err(_) => return Err("Invalid regular expression".into()),
        }
    }
}

/// [`compile`] for a regex with back-references: the backtracker.
fn compile_back(text: &str, ere: bool, icase: bool, multi_line: bool) -> Result<Rx, String> {
    let tr = if ere {
        regex_tr::ere_refs(text, 0)
    } else {
        regex_tr::bre_refs(text, 0)
    }
    .map_err(|e| e.0)?;
    let flags = backref::Flags {
        icase,
        multi_line,
        dot_nl: true,
    };
    let back = Backtrack::new(&regex_tr::bytes_escaped(&tr), flags).map_err(|e| e.0)?;
    let groups = back.groups().saturating_sub(1);
    let cost = back.heap_size().saturating_add(FIRST_LIMIT as u64);
    Ok(Rx {
        engine: Engine::Back(back),
        groups,
        cost,
    })
}

impl Rx {
    /// Whether `text` holds a match; `watch` is the run's stop signal
    /// and memory budget.
    pub fn is_match(&self, text: &[u8], watch: &dyn Watch) -> Result<bool, Gave> {
        match &self.engine {
            Engine::Auto(re) => Ok(re.is_match(text)),
            Engine::Back(b) => b.is_match(text, watch),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(p: &str, s: &[u8]) -> bool {
        compile(p.as_bytes(), false, false, false)
            .unwrap()
            .is_match(s, &|| false)
            .unwrap()
    }

    #[test]
    fn escapes_and_bytes() {
        assert!(m(r"a\tb", b"a\tb"));
        assert!(m(r"\x41", b"A"));
        assert!(m(r"\o101\d066", b"AB"));
        assert!(m(r"\cA", b"\x01"));
        assert!(m(r"[\t]", b"\t"));
        assert!(m(r"a\\t", b"a\\t"));
        assert!(m("a.b", b"a\nb"));
        assert!(m("a.b", b"a\xffb"));
        assert!(m("\u{e9}", "\u{e9}".as_bytes()));
        assert!(m(r"\w\+", b"abc"));
        assert!(!m(r"^b", b"a\nb"));
        let rx = compile(b"^b", false, false, true).unwrap();
        assert!(rx.is_match(b"a\nb", &|| false).unwrap());
        let rx = compile(b"A", false, true, false).unwrap();
        assert!(rx.is_match(b"a", &|| false).unwrap());
        assert_eq!(
            compile(br"\(a\)\(b\)", false, false, false).unwrap().groups,
            2
        );
        assert_eq!(
            compile(b"(a", true, false, false).unwrap_err(),
            "Unmatched ( or \\("
        );
    }

    #[test]
    fn back_references() {
        assert!(m(r"\(ab\)\1", b"xabab"));
        assert!(!m(r"\(ab\)\1", b"abba"));
        let rx = compile(br"\(a\)\(b\)\2\1", false, false, false).unwrap();
        assert_eq!(rx.groups, 2);
        assert!(matches!(rx.engine, Engine::Back(_)));
        let rx = compile(br"(A)\1", true, true, false).unwrap();
        assert!(rx.is_match(b"aA", &|| false).unwrap());
        assert_eq!(
            compile(br"\(a\)\2", false, false, false).unwrap_err(),
            "Invalid back reference"
        );
    }

    #[test]
    fn big_regexes_are_refused() {
        assert!(compile(b"(((a{1000}){1000}){1000})", true, false, false).is_err());
        let small = compile(b"abc", false, false, false).unwrap();
        let big = compile(b"a{2000}", true, false, false).unwrap();
        assert!(big.cost > small.cost);
    }
}
