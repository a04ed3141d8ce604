//! awk's regular expressions: POSIX EREs (bracket expressions, classes,
//! intervals) from regex literals and from strings used as regexes,
//! compiled with the shared GNU translation of `sed -E`
//! ([`crate::sed::rx::compile`]: bytes, `.` matches newline, a bounded
//! program size). awk's own escapes (`\/`, `\"`, octal `\ddd`) are turned
//! into the characters they stand for first.

use std::rc::Rc;

use regex::bytes::Regex;

/// A compiled regex and what it was charged.
pub struct Rx {
    /// The compiled expression.
    pub re: Regex,
    /// Its estimated size, for the memory budget.
    pub cost: u64,
}

impl std::fmt::Debug for Rx {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "/{}/", self.re.as_str())
    }
}

/// Characters a regex gives a meaning to, escaped when an escape makes one.
const SPECIAL: &[u8] = b".[]()*+?{}|^$\\";

/// Replaces awk's escapes that sed's do not know by the bytes they stand
/// for.
fn awk_escapes(pat: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(pat.len());
    let mut rest = pat;
    while let Some((&c, tail)) = rest.split_first() {
        rest = tail;
        if c != b'\\' {
            out.push(c);
            continue;
        }
        let octal = tail
            .iter()
            .take(3)
            .take_while(|b| (b'0'..=b'7').contains(b))
            .count();
        let made = match tail.first() {
            Some(&q @ (b'/' | b'"')) => Some((q, 1)),
            Some(_) if octal > 0 => {
                let v = tail
                    .iter()
                    .take(octal)
                    .fold(0u32, |v, d| v * 8 + u32::from(d - b'0'));
                Some(((v & 0xff) as u8, octal))
            }
            _ => None,
        };
        match made {
            Some((b, used)) => {
                if SPECIAL.contains(&b) {
                    out.push(b'\\');
                }
                out.push(b);
                rest = tail.get(used..).unwrap_or(&[]);
            }
            // Other escapes are sed's (and POSIX's) to read.
            None => {
                out.push(b'\\');
                if let Some((&n, after)) = tail.split_first() {
                    out.push(n);
                    rest = after;
                }
            }
        }
    }
    out
}

/// Compiles an awk ERE; the error is GNU's message.
pub fn compile(pat: &[u8]) -> Result<Rc<Rx>, String> {
    let conv = awk_escapes(pat);
    let rx = crate::sed::rx::compile(&conv, true, false, false)?;
    match rx.engine {
        crate::sed::rx::Engine::Auto(re) => Ok(Rc::new(Rx { re, cost: rx.cost })),
        // awk's EREs have no back-references; sed's backtracker is not
        // wired into awk's matching.
        crate::sed::rx::Engine::Back(_) => {
            Err("back-references (\\1...\\9) in a regex are not supported".to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(p: &str, s: &str) -> bool {
        compile(p.as_bytes()).unwrap().re.is_match(s.as_bytes())
    }

    #[test]
    fn eres() {
        assert!(m("^a+b$", "aab"));
        assert!(m("[[:digit:]]{2}", "x12"));
        assert!(!m("^[[:digit:]]{3}$", "12"));
        assert!(m(r"a\/b", "a/b"));
        assert!(m(r"\101", "A"));
        assert!(m(r"\056", "."));
        assert!(!m(r"\056", "x"));
        assert!(m("a.b", "a\nb"));
        assert!(m(r"\t", "\t"));
        assert!(m("(foo|bar)baz", "barbaz"));
        assert!(compile(b"(").is_err());
        assert!(compile(b"[a").is_err());
    }
}
