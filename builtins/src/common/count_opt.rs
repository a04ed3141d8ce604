//! The count options of `head` and `tail`: `-n NUM` and `-c NUM` with a
//! sign that changes their meaning, multiplier suffixes, and the obsolete
//! first argument `-NUM` (and, for `tail`, `+NUM`).

use crate::common::num::parse_count_checked;
use crate::common::sys::Diag;

/// A parsed `-n` or `-c` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// The count, multiplier applied.
    pub n: u64,
    /// Whether it counts bytes (`-c`) rather than lines (`-n`).
    pub bytes: bool,
    /// Whether it began with `-` (`head`: all but the last NUM).
    pub minus: bool,
    /// Whether it began with `+` (`tail`: start at the NUMth).
    pub plus: bool,
}

/// Parses the value of `-n` (`bytes` false) or `-c` (`bytes` true).
/// A bad count is reported as GNU does, quoting the value without a
/// leading `-`, and gives `None`.
pub fn parse_count_opt(diag: &mut Diag<'_>, value: &str, bytes: bool) -> Option<Count> {
    let (minus, rest) = match value.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, value),
    };
    // One sign only: `-+5` and `+-5` are not counts.
    let (plus, digits) = match rest.strip_prefix('+') {
        Some(d) if !minus => (true, d),
        _ => (false, rest),
    };
    let n = match parse_count_checked(digits) {
        Ok(n) => n,
        Err(e) => {
            let what = if bytes { "bytes" } else { "lines" };
            let why = e.suffix();
            diag.error(format_args!("invalid number of {what}: '{rest}'{why}"));
            return None;
        }
    };
    Some(Count {
        n,
        bytes,
        minus,
        plus,
    })
}

/// The options `head` and `tail` share; each utility's option enum wraps
/// these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shared {
    /// `-c NUM`.
    Bytes,
    /// `-n NUM`.
    Lines,
    /// `-q`.
    Quiet,
    /// `-v`.
    Verbose,
    /// `-z`.
    Zero,
}

/// The shared options once read: the last `-n`/`-c`, `-q`/`-v` and `-z`.
pub struct CountOpts {
    /// The last count given; 10 lines when none was.
    pub count: Count,
    /// `Some(false)` after `-q`, `Some(true)` after `-v` (the last wins).
    pub verbose: Option<bool>,
    /// The line delimiter: NUL with `-z`, else newline.
    pub eol: u8,
}

impl CountOpts {
    /// Reads the shared options from `opts` (each with its value, empty for
    /// a switch); `None` after reporting a bad count.
    pub fn from_opts<'a>(
        diag: &mut Diag<'_>,
        opts: impl Iterator<Item = (Shared, &'a str)>,
    ) -> Option<Self> {
        let mut o = CountOpts {
            count: Count {
                n: 10,
                bytes: false,
                minus: false,
                plus: false,
            },
            verbose: None,
            eol: b'\n',
        };
        for (k, v) in opts {
            match k {
                Shared::Lines | Shared::Bytes => {
                    o.count = parse_count_opt(diag, v, k == Shared::Bytes)?;
                }
                Shared::Quiet => o.verbose = Some(false),
                Shared::Verbose => o.verbose = Some(true),
                Shared::Zero => o.eol = 0,
            }
        }
        Some(o)
    }
}

/// Rewrites an obsolete first argument (`head -5`, `tail +3c`) as the
/// equivalent `-n`/`-c` option. `plus` says whether `+NUM` is obsolete
/// syntax too (it is for `tail`, where it keeps its `+`); `suffix` maps
/// what follows the digits to the option and a multiplier suffix for the
/// count, or `None` when the argument is not of the obsolete form.
pub fn rewrite_obsolete(
    args: &[String],
    plus: bool,
    suffix: impl Fn(&str) -> Option<(&'static str, &'static str)>,
) -> Vec<String> {
    let mut v = args.to_vec();
    let Some(first) = args.first() else {
        return v;
    };
    let (sign, body) = match (first.strip_prefix('-'), first.strip_prefix('+')) {
        (Some(b), _) => ("", b),
        (_, Some(b)) if plus => ("+", b),
        _ => return v,
    };
    if !body.starts_with(|c: char| c.is_ascii_digit()) {
        return v;
    }
    let digits_end = body
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(body.len());
    let (num, rest) = body.split_at(digits_end);
    let Some((flag, mult)) = suffix(rest) else {
        return v;
    };
    v.splice(0..1, [flag.to_string(), format!("{sign}{num}{mult}")]);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    fn lines_only(s: &str) -> Option<(&'static str, &'static str)> {
        (s.is_empty()).then_some(("-n", ""))
    }

    #[test]
    fn obsolete_forms() {
        assert_eq!(
            rewrite_obsolete(&args(&["-5", "f"]), false, lines_only),
            args(&["-n", "5", "f"])
        );
        assert_eq!(
            rewrite_obsolete(&args(&["+5"]), false, lines_only),
            args(&["+5"])
        );
        assert_eq!(
            rewrite_obsolete(&args(&["+5"]), true, lines_only),
            args(&["-n", "+5"])
        );
        assert_eq!(
            rewrite_obsolete(&args(&["-5x"]), true, lines_only),
            args(&["-5x"])
        );
        assert_eq!(
            rewrite_obsolete(&args(&["-n"]), true, lines_only),
            args(&["-n"])
        );
        assert!(rewrite_obsolete(&[], true, lines_only).is_empty());
    }

    #[test]
    fn count_values() {
        let mut err = Vec::new();
        {
            let mut diag = Diag::new("t", &mut err);
            let c = parse_count_opt(&mut diag, "-2K", true);
            assert_eq!(
                c,
                Some(Count {
                    n: 2048,
                    bytes: true,
                    minus: true,
                    plus: false
                })
            );
            let c = parse_count_opt(&mut diag, "+3", false);
            assert_eq!(c.map(|c| (c.n, c.plus, c.minus)), Some((3, true, false)));
            assert_eq!(parse_count_opt(&mut diag, "-+3", false), None);
            assert_eq!(parse_count_opt(&mut diag, "+x", false), None);
        }
        assert_eq!(
            String::from_utf8(err).unwrap(),
            "t: invalid number of lines: '+3'\nt: invalid number of lines: '+x'\n"
        );
    }
}
