//! `expr`: evaluate an expression given as separate arguments, as GNU
//! expr does: `|`, `&`, the comparisons, `+ - * / %` on arbitrary-precision
//! integers, `STRING : REGEX` (a basic regex anchored at the start),
//! `match`, `substr`, `index`, `length`, `+ TOKEN` and parentheses.
//!
//! Exit status: 0 when the result is neither empty nor 0, 1 when it is, 2
//! for an invalid expression, 3 for another error (GNU's).
//!
//! Invariant: nesting is bounded (each level of parentheses or unary
//! keyword costs a frame; past [`MAX_DEPTH`] the expression is refused),
//! so no argument list can exhaust the stack. Checked by
//! `expr::tests::deep_nesting_is_refused`.

use std::borrow::Cow;
use std::cmp::Ordering;

use num_bigint::BigInt;
use regex::bytes::RegexBuilder;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::regex_tr;
use crate::common::sys::{Res, Sys};

/// The `expr` utility.
pub struct Expr;

/// Deepest nesting of parentheses and unary keywords.
pub const MAX_DEPTH: usize = 200;

/// The longest integer, in digits, arithmetic accepts (GNU's are bounded
/// by memory; this bounds the work of one multiplication).
const MAX_DIGITS: usize = 100_000;

impl Command for Expr {
    const NAME: &'static str = "expr";
    const HELP: Help = Help {
        usage: &["EXPRESSION", "OPTION"],
        about: "",
        after: "Print the value of EXPRESSION to standard output.  Operators, lowest
precedence first:

  ARG1 | ARG2       ARG1 if it is neither null nor 0, otherwise ARG2
  ARG1 & ARG2       ARG1 if neither argument is null or 0, otherwise 0
  ARG1 < ARG2       ARG1 is less than ARG2 (also <=, =, ==, !=, >=, >)
  ARG1 + ARG2       arithmetic sum of ARG1 and ARG2 (also -)
  ARG1 * ARG2       arithmetic product of ARG1 and ARG2 (also /, %)
  STRING : REGEXP   anchored pattern match of REGEXP in STRING
  match STRING REGEXP        same as STRING : REGEXP
  substr STRING POS LENGTH   substring of STRING, POS counted from 1
  index STRING CHARS         index in STRING where any CHARS is found, or 0
  length STRING              length of STRING
  + TOKEN                    interpret TOKEN as a string
  ( EXPRESSION )             value of EXPRESSION

Exit status is 0 if EXPRESSION is neither null nor 0, 1 if EXPRESSION is
null or 0, 2 if EXPRESSION is syntactically invalid, and 3 if an error
occurred.",
    };
    type Key = ();
    const FLAGS: &'static [Flag<()>] = &[];
    const SYNTAX: Syntax = Syntax::GNU.status(2);

    /// Only a first `--help`, `--version` or `--` is an option: `expr -1 +
    /// 2` and `expr a - b` are expressions.
    fn prepare(args: &[String]) -> Cow<'_, [String]> {
        match args.first().map(String::as_str) {
            Some("--help" | "--version") if args.len() == 1 => Cow::Borrowed(args),
            Some("--") => Cow::Owned(args.to_vec()),
            _ => {
                let mut v = Vec::with_capacity(args.len() + 1);
                v.push("--".to_owned());
                v.extend_from_slice(args);
                Cow::Owned(v)
            }
        }
    }

    fn main(sys: &mut Sys<'_>, p: Args<()>) -> Res<i32> {
        if p.operands.is_empty() {
            sys.diag.error("missing operand");
            sys.diag.try_help();
            return Ok(2);
        }
        let mut ev = Eval {
            args: &p.operands,
            pos: 0,
            depth: 0,
        };
        let r = ev.or().and_then(|v| match ev.args.get(ev.pos) {
            None => Ok(v),
            Some(extra) => Err(Error::Syntax(format!(
                "syntax error: unexpected argument {}",
                quote(extra)
            ))),
        });
        match r {
            Ok(v) => {
                let null = v.is_null();
                sys.out.str(&v.text())?;
                sys.out.put(b"\n")?;
                Ok(i32::from(null))
            }
            Err(Error::Syntax(m)) => {
                sys.diag.error(m);
                Ok(2)
            }
            Err(Error::Other(m)) => {
                sys.diag.error(m);
                Ok(3)
            }
        }
    }
}

/// GNU's quoting of an argument in a message.
fn quote(s: &str) -> String {
    crate::common::quote(s)
}

/// Why evaluation stopped.
enum Error {
    /// An invalid expression (status 2).
    Syntax(String),
    /// Anything else (status 3), e.g. division by zero.
    Other(String),
}

/// A value: a string, or an integer it was computed as.
#[derive(Clone, Debug)]
enum Val {
    Str(String),
    Int(BigInt),
}

/// Whether `s` reads as an integer: an optional `-` and digits.
fn integer(s: &str) -> Option<BigInt> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > MAX_DIGITS
    {
        return None;
    }
    s.parse().ok()
}

impl Val {
    fn text(&self) -> Cow<'_, str> {
        match self {
            Val::Str(s) => Cow::Borrowed(s),
            Val::Int(i) => Cow::Owned(i.to_string()),
        }
    }

    fn int(&self) -> Option<BigInt> {
        match self {
            Val::Int(i) => Some(i.clone()),
            Val::Str(s) => integer(s),
        }
    }

    /// Empty, or an integer equal to 0 (`0`, `-0`, `00`).
    fn is_null(&self) -> bool {
        match self {
            Val::Int(i) => *i == BigInt::from(0),
            Val::Str(s) => s.is_empty() || integer(s).is_some_and(|i| i == BigInt::from(0)),
        }
    }
}

struct Eval<'a> {
    args: &'a [String],
    pos: usize,
    depth: usize,
}

impl Eval<'_> {
    fn peek(&self) -> Option<&str> {
        self.args.get(self.pos).map(String::as_str)
    }

    fn take(&mut self, op: &str) -> bool {
        if self.peek() == Some(op) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// The argument just consumed, for messages.
    fn last(&self) -> &str {
        self.pos
            .checked_sub(1)
            .and_then(|i| self.args.get(i))
            .map_or("", String::as_str)
    }

    fn deeper(&mut self) -> Result<(), Error> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Error::Other(format!(
                "expression nesting too deep (over {MAX_DEPTH} levels)"
            )));
        }
        Ok(())
    }

    fn or(&mut self) -> Result<Val, Error> {
        let mut l = self.and()?;
        while self.take("|") {
            let r = self.and()?;
            l = if !l.is_null() {
                l
            } else if !r.is_null() {
                r
            } else {
                Val::Int(BigInt::from(0))
            };
        }
        Ok(l)
    }

    fn and(&mut self) -> Result<Val, Error> {
        let mut l = self.compare()?;
        while self.take("&") {
            let r = self.compare()?;
            if l.is_null() || r.is_null() {
                l = Val::Int(BigInt::from(0));
            }
        }
        Ok(l)
    }

    fn compare(&mut self) -> Result<Val, Error> {
        let mut l = self.sum()?;
        while let Some(op) = self.peek() {
            let test: fn(Ordering) -> bool = match op {
                "<" => |o| o == Ordering::Less,
                "<=" => |o| o != Ordering::Greater,
                "=" | "==" => |o| o == Ordering::Equal,
                "!=" => |o| o != Ordering::Equal,
                ">=" => |o| o != Ordering::Less,
                ">" => |o| o == Ordering::Greater,
                _ => break,
            };
            self.pos += 1;
            let r = self.sum()?;
            let ord = match (l.int(), r.int()) {
                (Some(a), Some(b)) => a.cmp(&b),
                _ => l.text().as_bytes().cmp(r.text().as_bytes()),
            };
            l = Val::Int(BigInt::from(i32::from(test(ord))));
        }
        Ok(l)
    }

    fn sum(&mut self) -> Result<Val, Error> {
        let mut l = self.product()?;
        loop {
            let add = match self.peek() {
                Some("+") => true,
                Some("-") => false,
                _ => break,
            };
            self.pos += 1;
            let r = self.product()?;
            let (a, b) = numbers(&l, &r)?;
            l = Val::Int(if add { a + b } else { a - b });
        }
        Ok(l)
    }

    fn product(&mut self) -> Result<Val, Error> {
        let mut l = self.matching()?;
        while let Some(o @ ("*" | "/" | "%")) = self.peek() {
            let op = o.to_owned();
            self.pos += 1;
            let r = self.matching()?;
            let (a, b) = numbers(&l, &r)?;
            if op != "*" && b == BigInt::from(0) {
                return Err(Error::Syntax("division by zero".into()));
            }
            if op == "*" && a.bits().saturating_add(b.bits()) > (MAX_DIGITS as u64) * 4 {
                return Err(Error::Other("result too large".into()));
            }
            // C's truncating division and remainder, as GNU's.
            l = Val::Int(match op.as_str() {
                "*" => a * b,
                "/" => a / b,
                _ => a % b,
            });
        }
        Ok(l)
    }

    fn matching(&mut self) -> Result<Val, Error> {
        let mut l = self.primary()?;
        while self.take(":") {
            let r = self.primary()?;
            l = regex_match(&l.text(), &r.text())?;
        }
        Ok(l)
    }

    /// An operand for a keyword or `:`: the next primary.
    fn primary(&mut self) -> Result<Val, Error> {
        let Some(tok) = self.peek().map(str::to_owned) else {
            return Err(match self.pos {
                0 => Error::Syntax("syntax error: missing argument".into()),
                _ => Error::Syntax(format!(
                    "syntax error: missing argument after {}",
                    quote(self.last())
                )),
            });
        };
        self.pos += 1;
        self.deeper()?;
        let v = match tok.as_str() {
            "+" => match self.peek().map(str::to_owned) {
                Some(t) => {
                    self.pos += 1;
                    Val::Str(t)
                }
                None => {
                    return Err(Error::Syntax(
                        "syntax error: missing argument after '+'".into(),
                    ));
                }
            },
            "(" => {
                let v = self.or()?;
                if !self.take(")") {
                    return Err(Error::Syntax(match self.peek() {
                        Some(t) => format!("syntax error: expecting ')' instead of {}", quote(t)),
                        None => format!("syntax error: expecting ')' after {}", quote(self.last())),
                    }));
                }
                v
            }
            "length" => {
                let s = self.primary()?;
                Val::Int(BigInt::from(s.text().len()))
            }
            "match" => {
                let s = self.primary()?;
                let re = self.primary()?;
                regex_match(&s.text(), &re.text())?
            }
            "index" => {
                let s = self.primary()?;
                let chars = self.primary()?;
                let set = chars.text();
                let at = s
                    .text()
                    .bytes()
                    .position(|b| set.as_bytes().contains(&b))
                    .map_or(0, |i| i + 1);
                Val::Int(BigInt::from(at))
            }
            "substr" => {
                let s = self.primary()?;
                let pos = self.primary()?;
                let len = self.primary()?;
                Val::Str(substr(&s.text(), &pos.text(), &len.text()))
            }
            _ => Val::Str(tok),
        };
        self.depth -= 1;
        Ok(v)
    }
}

/// Both operands as integers, or GNU's `non-integer argument`.
fn numbers(l: &Val, r: &Val) -> Result<(BigInt, BigInt), Error> {
    match (l.int(), r.int()) {
        (Some(a), Some(b)) => Ok((a, b)),
        _ => Err(Error::Syntax("non-integer argument".into())),
    }
}

/// `substr`: bytes from 1-based `pos`, at most `len`; empty when either is
/// not a positive integer or `pos` is past the end.
fn substr(s: &str, pos: &str, len: &str) -> String {
    let (Ok(pos), Ok(len)) = (pos.parse::<u64>(), len.parse::<u64>()) else {
        return String::new();
    };
    if pos == 0 || len == 0 {
        return String::new();
    }
    let start = usize::try_from(pos - 1).unwrap_or(usize::MAX);
    let b = s.as_bytes();
    let Some(rest) = b.get(start..) else {
        return String::new();
    };
    let n = usize::try_from(len).unwrap_or(usize::MAX).min(rest.len());
    String::from_utf8_lossy(rest.get(..n).unwrap_or(rest)).into_owned()
}

/// `STRING : REGEX`: the first group's text when the regex has one (empty
/// without a match), else how many bytes matched at the start.
fn regex_match(s: &str, pat: &str) -> Result<Val, Error> {
    let translated = match regex_tr::bre(pat) {
        Err(e) if e.0 == regex_tr::BACKREF_REFUSED => return backref_match(s, pat),
        other => other.map_err(|e| Error::Syntax(e.to_string()))?,
    };
    let re = RegexBuilder::new(&format!("^(?:{translated})"))
        .unicode(false)
        .size_limit(1 << 22)
        .build()
        .map_err(|_| Error::Syntax("Invalid regular expression".into()))?;
    let hay = sandbash_interpreter::bytes::encode(s);
    let groups = re.captures_len() > 1;
    Ok(match re.captures(&hay) {
        Some(c) if groups => Val::Str(
            c.get(1)
                .map(|m| String::from_utf8_lossy(m.as_bytes()).into_owned())
                .unwrap_or_default(),
        ),
        Some(c) => Val::Int(BigInt::from(c.get(0).map_or(0, |m| m.len()))),
        None if groups => Val::Str(String::new()),
        None => Val::Int(BigInt::from(0)),
    })
}

/// [`regex_match`] for a pattern with back-references (`\\(a\\)\\1`):
/// the backtracker's longest match at the start. Past its step bound
/// the match is an error (status 3).
fn backref_match(s: &str, pat: &str) -> Result<Val, Error> {
    use crate::common::backref::{Backtrack, Flags, GAVE_UP_MSG};
    let translated = regex_tr::bre_refs(pat, 0).map_err(|e| Error::Syntax(e.to_string()))?;
    let src = format!("^(?:{})", regex_tr::bytes_escaped(&translated));
    let back = Backtrack::new(&src, Flags::default()).map_err(|e| Error::Syntax(e.to_string()))?;
    let hay = sandbash_interpreter::bytes::encode(s);
    let found = back
        .find_at(&hay, 0, &|| false)
        .map_err(|_| Error::Other(GAVE_UP_MSG.into()))?;
    let span = |i: usize| found.as_ref().and_then(|g| g.get(i).copied().flatten());
    Ok(if back.groups() > 1 {
        let text = span(1).and_then(|(a, b)| hay.get(a..b)).unwrap_or_default();
        Val::Str(String::from_utf8_lossy(text).into_owned())
    } else {
        Val::Int(BigInt::from(span(0).map_or(0, |(a, b)| b - a)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::run0;

    fn e(args: &[&str]) -> (i32, String, String) {
        let o = run0(&Expr, args, b"");
        (o.status, o.out, o.err)
    }

    #[test]
    fn arithmetic_and_comparisons() {
        assert_eq!(e(&["2", "+", "3", "*", "4"]).1, "14\n");
        assert_eq!(e(&["-7", "/", "2"]).1, "-3\n");
        assert_eq!(e(&["-7", "%", "3"]).1, "-1\n");
        assert_eq!(
            e(&["9223372036854775807", "+", "1"]).1,
            "9223372036854775808\n"
        );
        assert_eq!(e(&["10", "<", "9a"]).1, "1\n");
        assert_eq!(e(&["5", "-", "5"]).0, 1);
    }

    #[test]
    fn strings_and_regexes() {
        assert_eq!(e(&["foo.txt", ":", "\\(.*\\)\\.txt"]).1, "foo\n");
        assert_eq!(e(&["abab", ":", "\\(ab\\)\\1"]).1, "ab\n");
        assert_eq!(e(&["aab", ":", "\\(a\\)\\1b"]).1, "a\n");
        assert_eq!(e(&["xx", ":", "\\(.\\)\\1"]).1, "x\n");
        assert_eq!(e(&["abc", ":", "\\(a\\)\\1"]).1, "\n");
        assert_eq!(e(&["abcdef", ":", "b"]).1, "0\n");
        assert_eq!(e(&["substr", "hello", "2", "3"]).1, "ell\n");
        assert_eq!(e(&["index", "hello", "lo"]).1, "3\n");
        assert_eq!(e(&["length", "+", "length"]).1, "6\n");
    }

    #[test]
    fn errors_and_statuses() {
        assert_eq!(
            e(&["1", "/", "0"]),
            (2, String::new(), "expr: division by zero\n".into())
        );
        assert_eq!(
            e(&["1", "2"]).2,
            "expr: syntax error: unexpected argument '2'\n"
        );
        assert_eq!(e(&["a", "+", "1"]).0, 2);
        assert_eq!(e(&[]).0, 2);
    }

    #[test]
    fn deep_nesting_is_refused() {
        let mut args = vec!["("; 100_000];
        args.push("1");
        let (status, _, err) = e(&args);
        assert_eq!(status, 3, "{err}");
        let big = "9".repeat(200_000);
        assert_eq!(e(&[&big, "*", &big]).0, 2);
    }
}
