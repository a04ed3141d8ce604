//! `seq`: print a sequence of numbers.

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::fmtfloat::{self, FloatSpec};
use crate::common::sys::{Res, Sys};

/// The `seq` utility: `FIRST`, `FIRST LAST`, `FIRST INCR LAST`, `-s SEP`,
/// `-w`, `-f FORMAT` (one `%e`/`%f`/`%g` directive). Integers are exact up
/// to 128 bits; output streams, so `seq 1 1000000000 | head -1` ends at once.
pub struct Seq;

/// The options of `seq`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Format,
    Separator,
    EqualWidth,
}

impl Command for Seq {
    const NAME: &'static str = "seq";
    const HELP: Help = Help {
        usage: &[
            "[OPTION]... LAST",
            "[OPTION]... FIRST LAST",
            "[OPTION]... FIRST INCREMENT LAST",
        ],
        about: "Print numbers from FIRST to LAST, in steps of INCREMENT.",
        after: "If FIRST or INCREMENT is omitted, it defaults to 1.  That is, an
omitted INCREMENT defaults to 1 even when LAST is smaller than FIRST.
The sequence of numbers ends when the sum of the current number and
INCREMENT would become greater than LAST.
FIRST, INCREMENT, and LAST are interpreted as floating point values.
FORMAT must be suitable for printing one argument of type 'double';
it defaults to %.PRECf if FIRST, INCREMENT, and LAST are all fixed point
decimal numbers with maximum precision PREC, and to %g otherwise.
",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'f',
            &["format"],
            Key::Format,
            "use printf style floating-point FORMAT",
        )
        .value("FORMAT"),
        Flag::new(
            's',
            &["separator"],
            Key::Separator,
            "use STRING to separate numbers (default: \\n)",
        )
        .value("STRING"),
        Flag::new(
            'w',
            &["equal-width"],
            Key::EqualWidth,
            "equalize width by padding with leading zeroes",
        ),
    ];
    const SYNTAX: Syntax = Syntax::GNU.negative_numbers();

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }
}

/// A parsed operand.
#[derive(Clone, Copy, Debug)]
struct Operand {
    value: f64,
    /// The exact value when the operand is an integer that fits.
    int: Option<i128>,
    /// Digits after the point, net of the exponent (never negative).
    precision: usize,
}

fn parse_operand(s: &str) -> Option<Operand> {
    let t = s.trim_start();
    let body = t.strip_prefix(['+', '-']).unwrap_or(t);
    let lower = body.to_ascii_lowercase();
    if lower == "inf" || lower == "infinity" {
        let v: f64 = if t.starts_with('-') {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        return Some(Operand {
            value: v,
            int: None,
            precision: 0,
        });
    }
    if lower == "nan" {
        return Some(Operand {
            value: f64::NAN,
            int: None,
            precision: 0,
        });
    }
    // A hexadecimal integer, as strtold reads `0x0a`.
    if let Some(hex) = lower.strip_prefix("0x")
        && !hex.is_empty()
        && hex.bytes().all(|b| b.is_ascii_hexdigit())
    {
        let v = i128::from_str_radix(hex, 16).ok()?;
        let v = if t.starts_with('-') { -v } else { v };
        return Some(Operand {
            value: v as f64,
            int: Some(v),
            precision: 0,
        });
    }
    if body.is_empty()
        || !body
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'))
        || !body.starts_with(|c: char| c.is_ascii_digit() || c == '.')
    {
        return None;
    }
    let value: f64 = t.parse().ok()?;
    let (mant, exp) = match lower.split_once('e') {
        Some((m, e)) => (m, e.parse::<i64>().ok()?),
        None => (lower.as_str(), 0),
    };
    let frac = mant.split_once('.').map_or(0, |(_, f)| f.len()) as i64;
    let precision = usize::try_from((frac - exp).max(0)).unwrap_or(0);
    let int = if precision == 0 && value.abs() < 1e30 {
        if exp == 0 && !mant.contains('.') {
            t.parse::<i128>().ok()
        } else {
            Some(value as i128)
        }
    } else {
        None
    };
    Some(Operand {
        value,
        int,
        precision,
    })
}

/// A `-f` format: text before and after one float directive.
struct Format {
    before: String,
    spec: FloatSpec,
    after: String,
}

fn unescape_percent(s: &str) -> String {
    s.replace("%%", "%")
}

fn parse_format(f: &str) -> Result<Format, String> {
    let chars: Vec<char> = f.chars().collect();
    let mut i = 0;
    let mut found: Option<(usize, usize, FloatSpec)> = None;
    while let Some(&c) = chars.get(i) {
        if c != '%' {
            i += 1;
            continue;
        }
        if chars.get(i + 1) == Some(&'%') {
            i += 2;
            continue;
        }
        let start = i;
        i += 1;
        let mut spec = FloatSpec::default();
        while let Some(&fl) = chars.get(i) {
            if "-+ #0'".contains(fl) {
                if fl != '\'' {
                    spec.flags.push(fl);
                }
                i += 1;
            } else {
                break;
            }
        }
        let mut w = String::new();
        while let Some(&d) = chars.get(i).filter(|d| d.is_ascii_digit()) {
            w.push(d);
            i += 1;
        }
        if !w.is_empty() {
            spec.width = w.parse().ok();
        }
        if chars.get(i) == Some(&'.') {
            i += 1;
            let mut p = String::new();
            while let Some(&d) = chars.get(i).filter(|d| d.is_ascii_digit()) {
                p.push(d);
                i += 1;
            }
            spec.precision = Some(p.parse().unwrap_or(0));
        }
        let conv = chars.get(i).copied();
        match conv {
            Some(c @ ('e' | 'E' | 'f' | 'F' | 'g' | 'G' | 'a' | 'A')) => {
                spec.conv = match c {
                    'F' => 'f',
                    'a' => 'e',
                    'A' => 'E',
                    other => other,
                };
            }
            Some(c) => {
                let dir: String = chars
                    .get(start..=i)
                    .map(|s| s.iter().collect())
                    .unwrap_or_default();
                let _ = c;
                return Err(format!("format '{f}' has unknown {dir} directive"));
            }
            None => return Err(format!("format '{f}' ends in %")),
        }
        if found.is_some() {
            return Err(format!("format '{f}' has too many % directives"));
        }
        found = Some((start, i + 1, spec));
        i += 1;
    }
    let Some((s, e, spec)) = found else {
        return Err(format!("format '{f}' has no % directive"));
    };
    let before: String = chars
        .get(..s)
        .map(|x| x.iter().collect())
        .unwrap_or_default();
    let after: String = chars
        .get(e..)
        .map(|x| x.iter().collect())
        .unwrap_or_default();
    Ok(Format {
        before: unescape_percent(&before),
        spec,
        after: unescape_percent(&after),
    })
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let sep = p.last(Key::Separator).unwrap_or("\n").to_string();
    let equal_width = p.has(Key::EqualWidth);
    let format = match p.last(Key::Format) {
        Some(f) => {
            if equal_width {
                sys.diag
                    .usage("format string may not be specified when printing equal width strings");
                return Ok(1);
            }
            match parse_format(f) {
                Ok(f) => Some(f),
                Err(e) => {
                    sys.diag.error(e);
                    return Ok(1);
                }
            }
        }
        None => None,
    };
    let ops = &p.operands;
    if ops.is_empty() {
        sys.diag.usage("missing operand");
        return Ok(1);
    }
    if let Some(extra) = ops.get(3) {
        sys.diag.usage(format_args!("extra operand '{extra}'"));
        return Ok(1);
    }
    let mut parsed = Vec::with_capacity(3);
    for o in ops {
        match parse_operand(o) {
            Some(v) if v.value.is_nan() => {
                sys.diag
                    .usage(format_args!("invalid 'not-a-number' argument: '{o}'"));
                return Ok(1);
            }
            Some(v) => parsed.push(v),
            None => {
                sys.diag
                    .usage(format_args!("invalid floating point argument: '{o}'"));
                return Ok(1);
            }
        }
    }
    let one = Operand {
        value: 1.0,
        int: Some(1),
        precision: 0,
    };
    let (first, incr, last) = match parsed.as_slice() {
        [l] => (one, one, *l),
        [f, l] => (*f, one, *l),
        [f, i, l] => (*f, *i, *l),
        _ => return Ok(1),
    };
    if incr.value == 0.0 {
        let shown = ops.get(1).map_or("0", String::as_str);
        sys.diag
            .usage(format_args!("invalid Zero increment value: '{shown}'"));
        return Ok(1);
    }
    let precision = first.precision.max(incr.precision);
    let render = |v: f64| -> String {
        match &format {
            Some(f) => format!("{}{}{}", f.before, fmtfloat::format(&f.spec, v), f.after),
            None => format!("{v:.precision$}"),
        }
    };
    let width = if equal_width {
        render(first.value).len().max(render(last.value).len())
    } else {
        0
    };
    let pad = |s: String| -> String {
        if s.len() >= width {
            return s;
        }
        let zeros = "0".repeat(width - s.len());
        match s.strip_prefix('-') {
            Some(rest) => format!("-{zeros}{rest}"),
            None => format!("{zeros}{s}"),
        }
    };

    // Exact integer path.
    if format.is_none()
        && let (Some(f), Some(i)) = (first.int, incr.int)
    {
        let l = match last.int {
            Some(l) => Some(l),
            None if last.value == f64::INFINITY => Some(i128::MAX),
            None if last.value == f64::NEG_INFINITY => Some(i128::MIN),
            None => None,
        };
        if let Some(l) = l
            && precision == 0
        {
            if i == 1 && f >= 0 && width == 0 {
                return count_up(sys, f, l, &sep);
            }
            let mut x = f;
            let mut firstout = true;
            while (i > 0 && x <= l) || (i < 0 && x >= l) {
                sys.tick.tick()?;
                if !firstout {
                    sys.out.str(&sep)?;
                }
                firstout = false;
                if width > 0 {
                    sys.out.str(&pad(x.to_string()))?;
                } else {
                    sys.out.fmt(format_args!("{x}"))?;
                }
                x = match x.checked_add(i) {
                    Some(n) => n,
                    None => break,
                };
            }
            if !firstout {
                sys.out.str("\n")?;
            }
            return Ok(0);
        }
    }

    // Floating-point path: x = first + n * incr, as GNU does.
    let mut n: u64 = 0;
    let mut prev: Option<String> = None;
    let last_txt = render(last.value);
    loop {
        sys.tick.tick()?;
        let x = first.value + (n as f64) * incr.value;
        let past = if incr.value > 0.0 {
            x > last.value
        } else {
            x < last.value
        };
        let txt = render(x);
        if past && !(txt == last_txt && prev.as_deref() != Some(txt.as_str())) {
            break;
        }
        if prev.is_some() {
            sys.out.str(&sep)?;
        }
        let shown = if width > 0 {
            pad(txt.clone())
        } else {
            txt.clone()
        };
        sys.out.str(&shown)?;
        prev = Some(txt);
        if past || !x.is_finite() {
            break;
        }
        n += 1;
    }
    if prev.is_some() {
        sys.out.str("\n")?;
    }
    Ok(0)
}

/// `seq FIRST LAST` counting up by one from a non-negative FIRST: the
/// decimal text is incremented in place, as GNU's fast path does, rather
/// than formatted anew for every number.
fn count_up(sys: &mut Sys<'_>, first: i128, last: i128, sep: &str) -> Res<i32> {
    if first > last {
        return Ok(0);
    }
    let sep = sandbash_interpreter::bytes::encode(sep).into_owned();
    let mut digits = first.to_string().into_bytes();
    let mut x = first;
    let mut line = Vec::with_capacity(64);
    loop {
        sys.tick.tick()?;
        line.clear();
        line.extend_from_slice(&digits);
        if x == last {
            line.push(b'\n');
            sys.out.put(&line)?;
            return Ok(0);
        }
        line.extend_from_slice(&sep);
        sys.out.put(&line)?;
        x += 1;
        // Add one to the decimal text: trailing 9s become 0s.
        let mut carry = true;
        for d in digits.iter_mut().rev() {
            if *d == b'9' {
                *d = b'0';
            } else {
                *d += 1;
                carry = false;
                break;
            }
        }
        if carry {
            digits.insert(0, b'1');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Seq;
    use crate::testutil::*;

    fn s(args: &[&str]) -> String {
        run0(&Seq, args, b"").out
    }

    #[test]
    fn integers() {
        assert_eq!(s(&["3"]), "1\n2\n3\n");
        assert_eq!(s(&["2", "4"]), "2\n3\n4\n");
        assert_eq!(s(&["1", "3", "10"]), "1\n4\n7\n10\n");
        assert_eq!(s(&["3", "-1", "1"]), "3\n2\n1\n");
        assert_eq!(s(&["5", "1"]), "");
        assert_eq!(s(&["-2", "0"]), "-2\n-1\n0\n");
        assert_eq!(s(&["-s,", "3"]), "1,2,3\n");
        assert_eq!(s(&["-s", "", "3"]), "123\n");
        assert_eq!(s(&["-w", "8", "10"]), "08\n09\n10\n");
        assert_eq!(s(&["-w", "-1", "1"]), "-1\n00\n01\n");
        assert_eq!(s(&["1e2", "1e2", "3e2"]), "100\n200\n300\n");
        assert_eq!(
            s(&["12345678901234567890", "12345678901234567891"]),
            "12345678901234567890\n12345678901234567891\n"
        );
    }

    #[test]
    fn floats_and_formats() {
        assert_eq!(s(&["0", "0.5", "2"]), "0.0\n0.5\n1.0\n1.5\n2.0\n");
        assert_eq!(s(&["0", "0.1", "1"]).lines().last(), Some("1.0"));
        assert_eq!(s(&["1", "0.5", "3.25"]), "1.0\n1.5\n2.0\n2.5\n3.0\n");
        assert_eq!(s(&["-w", "1", "0.5", "2"]), "1.0\n1.5\n2.0\n");
        assert_eq!(s(&["-f", "x%05.1fy", "1", "2"]), "x001.0y\nx002.0y\n");
        assert_eq!(s(&["-f", "%g%%", "2"]), "1%\n2%\n");
        assert_eq!(s(&["-f", "%e", "1"]), "1.000000e+00\n");
    }

    #[test]
    fn errors() {
        let o = run0(&Seq, &["abc"], b"");
        assert_eq!(
            o.err,
            "seq: invalid floating point argument: 'abc'\nTry 'seq --help' for more information.\n"
        );
        assert_eq!(o.status, 1);
        let o = run0(&Seq, &["1", "0", "3"], b"");
        assert!(
            o.err
                .starts_with("seq: invalid Zero increment value: '0'\n")
        );
        let o = run0(&Seq, &[], b"");
        assert!(o.err.starts_with("seq: missing operand\n"));
        let o = run0(&Seq, &["1", "2", "3", "4"], b"");
        assert!(o.err.starts_with("seq: extra operand '4'\n"));
        let o = run0(&Seq, &["-f", "%d", "3"], b"");
        assert_eq!(o.err, "seq: format '%d' has unknown %d directive\n");
        let o = run0(&Seq, &["-f", "abc", "3"], b"");
        assert_eq!(o.err, "seq: format 'abc' has no % directive\n");
        let o = run0(&Seq, &["nan"], b"");
        assert!(
            o.err
                .starts_with("seq: invalid 'not-a-number' argument: 'nan'")
        );
    }

    #[test]
    fn streams_and_stops() {
        let (status, written) = run_closing(&Seq, &["1", "1000000000"], b"", 100);
        assert_eq!(status, 141);
        assert_eq!(written, 100);
        let (status, _) = run_closing(&Seq, &["inf"], b"", 10);
        assert_eq!(status, 141);
        let cancel = sandbash_interpreter::Cancel::new();
        cancel.cancel();
        let o = run_with(
            &Seq,
            &["1", "100000000"],
            &TestFs::new(),
            Harness {
                cancel,
                ..Harness::default()
            },
        );
        assert_eq!(o.status, 130);
    }
}
