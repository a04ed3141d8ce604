//! awk's `printf` and `sprintf`: `%c %d %i %o %x %X %u %e %E %f %F %g
//! %G %s %%` with flags, width, precision and `*`. Widths and precisions
//! are checked against the room the memory budget leaves before any
//! padding is made.

use crate::common::fmtfloat::{self, FloatSpec};

use super::value::{Value, push_num};

/// Why a format could not be applied.
#[derive(Debug, PartialEq, Eq)]
pub enum FmtErr {
    /// The result would not fit in the memory left.
    Memory,
    /// More conversions than arguments.
    NotEnoughArgs,
}

/// `%.6g`, the default `CONVFMT` and `OFMT`.
pub fn g6(n: f64) -> String {
    fmtfloat::format(
        &FloatSpec {
            flags: String::new(),
            width: None,
            precision: Some(6),
            conv: 'g',
        },
        n,
    )
}

/// Formats one number with a `CONVFMT`-like format.
pub fn format_num(out: &mut Vec<u8>, fmt: &[u8], n: f64) {
    if sprintf(out, fmt, &[Value::Num(n)], b"%.6g", 1 << 20).is_err() {
        out.extend_from_slice(g6(n).as_bytes());
    }
}

/// One conversion's flags, width and precision.
#[derive(Default)]
struct Spec {
    minus: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    prec: Option<usize>,
}

impl Spec {
    fn flags(&self) -> String {
        let mut f = String::new();
        for (on, c) in [
            (self.minus, '-'),
            (self.plus, '+'),
            (self.space, ' '),
            (self.alt, '#'),
            (self.zero, '0'),
        ] {
            if on {
                f.push(c);
            }
        }
        f
    }
}

fn pad(out: &mut Vec<u8>, body: &[u8], sp: &Spec, zero_ok: bool, sign_len: usize) {
    let len = body.len();
    if len >= sp.width {
        out.extend_from_slice(body);
        return;
    }
    let fill = sp.width - len;
    if sp.minus {
        out.extend_from_slice(body);
        out.resize(out.len() + fill, b' ');
    } else if sp.zero && zero_ok {
        let (sign, digits) = body.split_at(sign_len.min(len));
        out.extend_from_slice(sign);
        out.resize(out.len() + fill, b'0');
        out.extend_from_slice(digits);
    } else {
        out.resize(out.len() + fill, b' ');
        out.extend_from_slice(body);
    }
}

fn int_body(v: f64, conv: u8, sp: &Spec) -> (Vec<u8>, usize) {
    if !v.is_finite() {
        let s = if v.is_nan() {
            "nan"
        } else if v > 0.0 {
            "inf"
        } else {
            "-inf"
        };
        return (s.as_bytes().to_vec(), 0);
    }
    let t = v.trunc();
    let (neg, digits) = match conv {
        b'd' | b'i' => {
            let neg = t < 0.0;
            let a = t.abs();
            let d = if a < 9.2e18 {
                (a as u64).to_string()
            } else {
                format!("{a:.0}")
            };
            (neg, d)
        }
        _ => {
            let u = if t < 0.0 {
                (t as i64) as u64
            } else if t < 1.8e19 {
                t as u64
            } else {
                u64::MAX
            };
            let d = match conv {
                b'o' => format!("{u:o}"),
                b'x' => format!("{u:x}"),
                b'X' => format!("{u:X}"),
                _ => u.to_string(),
            };
            (false, d)
        }
    };
    let mut digits = digits.into_bytes();
    if let Some(p) = sp.prec {
        if p == 0 && t == 0.0 {
            digits.clear();
        } else if digits.len() < p {
            let mut z = vec![b'0'; p - digits.len()];
            z.extend_from_slice(&digits);
            digits = z;
        }
    }
    let mut prefix: Vec<u8> = Vec::new();
    if neg {
        prefix.push(b'-');
    } else if matches!(conv, b'd' | b'i') && sp.plus {
        prefix.push(b'+');
    } else if matches!(conv, b'd' | b'i') && sp.space {
        prefix.push(b' ');
    }
    if sp.alt && t != 0.0 {
        match conv {
            b'x' => prefix.extend_from_slice(b"0x"),
            b'X' => prefix.extend_from_slice(b"0X"),
            b'o' if digits.first() != Some(&b'0') => prefix.push(b'0'),
            _ => {}
        }
    }
    let n = prefix.len();
    prefix.extend_from_slice(&digits);
    (prefix, n)
}

/// Appends `fmt` applied to `args` to `out`; numbers shown by `%s` go
/// through `convfmt`. Fails when the output would pass `room` bytes.
pub fn sprintf(
    out: &mut Vec<u8>,
    fmt: &[u8],
    args: &[Value],
    convfmt: &[u8],
    room: usize,
) -> Result<(), FmtErr> {
    let mut next = 0usize;
    let arg = |next: &mut usize| -> Result<&Value, FmtErr> {
        let v = args.get(*next).ok_or(FmtErr::NotEnoughArgs)?;
        *next += 1;
        Ok(v)
    };
    let mut i = 0;
    let start_len = out.len();
    while let Some(&c) = fmt.get(i) {
        if out.len() - start_len > room {
            return Err(FmtErr::Memory);
        }
        if c != b'%' {
            let end = fmt
                .get(i..)
                .and_then(|r| r.iter().position(|&b| b == b'%'))
                .map_or(fmt.len(), |p| i + p);
            out.extend_from_slice(fmt.get(i..end).unwrap_or(&[]));
            i = end;
            continue;
        }
        let spec_start = i;
        i += 1;
        let mut sp = Spec::default();
        while let Some(&f) = fmt.get(i) {
            match f {
                b'-' => sp.minus = true,
                b'+' => sp.plus = true,
                b' ' => sp.space = true,
                b'#' => sp.alt = true,
                b'0' => sp.zero = true,
                _ => break,
            }
            i += 1;
        }
        let number = |i: &mut usize, next: &mut usize| -> Result<Option<f64>, FmtErr> {
            if fmt.get(*i) == Some(&b'*') {
                *i += 1;
                return Ok(Some(arg(next)?.num()));
            }
            let mut v: Option<f64> = None;
            while let Some(d) = fmt.get(*i).filter(|d| d.is_ascii_digit()) {
                v = Some(v.unwrap_or(0.0) * 10.0 + f64::from(d - b'0'));
                *i += 1;
            }
            Ok(v)
        };
        if let Some(w) = number(&mut i, &mut next)? {
            if w < 0.0 {
                sp.minus = true;
            }
            let w = w.abs();
            if w > room as f64 {
                return Err(FmtErr::Memory);
            }
            sp.width = w as usize;
        }
        if fmt.get(i) == Some(&b'.') {
            i += 1;
            let p = number(&mut i, &mut next)?.unwrap_or(0.0);
            if p > room as f64 {
                return Err(FmtErr::Memory);
            }
            sp.prec = (p >= 0.0).then_some(p as usize);
        }
        // C length modifiers mean nothing here.
        while matches!(
            fmt.get(i),
            Some(b'h' | b'l' | b'L' | b'q' | b'j' | b'z' | b't')
        ) {
            i += 1;
        }
        let Some(&conv) = fmt.get(i) else {
            out.extend_from_slice(fmt.get(spec_start..).unwrap_or(&[]));
            break;
        };
        i += 1;
        match conv {
            b'%' => out.push(b'%'),
            b'c' => {
                let v = arg(&mut next)?;
                let body: Vec<u8> = match v {
                    Value::Num(n) => vec![(*n as i64 & 0xff) as u8],
                    other => match other.as_bytes() {
                        Some(b) => b.iter().take(1).copied().collect(),
                        None => Vec::new(),
                    },
                };
                pad(out, &body, &sp, false, 0);
            }
            b'd' | b'i' | b'o' | b'x' | b'X' | b'u' => {
                let v = arg(&mut next)?.num();
                let (body, sign) = int_body(v, conv, &sp);
                pad(out, &body, &sp, sp.prec.is_none() && v.is_finite(), sign);
            }
            b'e' | b'E' | b'f' | b'F' | b'g' | b'G' => {
                let v = arg(&mut next)?.num();
                let s = fmtfloat::format(
                    &FloatSpec {
                        flags: sp.flags(),
                        width: Some(sp.width),
                        precision: sp.prec,
                        conv: if conv == b'F' { 'f' } else { char::from(conv) },
                    },
                    v,
                );
                out.extend_from_slice(s.as_bytes());
            }
            b's' => {
                let v = arg(&mut next)?;
                let mut tmp = Vec::new();
                let bytes: &[u8] = match v {
                    Value::Num(n) => {
                        push_num(&mut tmp, *n, convfmt);
                        &tmp
                    }
                    other => other.as_bytes().unwrap_or(&[]),
                };
                let body = match sp.prec {
                    Some(p) => bytes.get(..p.min(bytes.len())).unwrap_or(bytes),
                    None => bytes,
                };
                pad(out, body, &sp, false, 0);
            }
            _ => out.extend_from_slice(fmt.get(spec_start..i).unwrap_or(&[])),
        }
    }
    if out.len() - start_len > room {
        return Err(FmtErr::Memory);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(fmt: &str, args: &[Value]) -> String {
        let mut out = Vec::new();
        sprintf(&mut out, fmt.as_bytes(), args, b"%.6g", 1 << 20).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn conversions() {
        let n = Value::Num;
        assert_eq!(
            f("%d|%5d|%-5d|%05d", &[n(3.9), n(-42.0), n(7.0), n(-3.0)]),
            "3|  -42|7    |-0003"
        );
        assert_eq!(
            f(
                "%x %X %o %#x %#o",
                &[n(255.0), n(255.0), n(8.0), n(255.0), n(8.0)]
            ),
            "ff FF 10 0xff 010"
        );
        assert_eq!(f("%.3d|%+d|% d", &[n(5.0), n(5.0), n(5.0)]), "005|+5| 5");
        assert_eq!(
            f("%5.2f|%e|%g", &[n(2.34567), n(1234.5), n(0.0001)]),
            " 2.35|1.234500e+03|0.0001"
        );
        assert_eq!(
            f(
                "%s|%5s|%-5s|%.2s",
                &[
                    Value::str(b"abc"),
                    Value::str(b"ab"),
                    Value::str(b"ab"),
                    Value::str(b"abc")
                ]
            ),
            "abc|   ab|ab   |ab"
        );
        assert_eq!(f("%c%c", &[n(65.0), Value::str(b"hello")]), "Ah");
        assert_eq!(
            f(
                "%*d|%-*d|%.*f",
                &[n(4.0), n(1.0), n(3.0), n(2.0), n(1.0), n(2.5)]
            ),
            "   1|2  |2.5"
        );
        assert_eq!(f("100%%", &[]), "100%");
        assert_eq!(f("%s", &[n(0.1)]), "0.1");
        assert_eq!(f("%i", &[Value::str(b"12abc")]), "12");
        let mut out = Vec::new();
        assert_eq!(
            sprintf(&mut out, b"%d %d", &[n(1.0)], b"%.6g", 100),
            Err(FmtErr::NotEnoughArgs)
        );
        assert_eq!(
            sprintf(&mut out, b"%*d", &[n(2e9), n(1.0)], b"%.6g", 1000),
            Err(FmtErr::Memory)
        );
        assert_eq!(
            sprintf(&mut out, b"%1000000000s", &[n(1.0)], b"%.6g", 1000),
            Err(FmtErr::Memory)
        );
    }
}
