//! awk values: numbers, strings, strnums (strings from input, which
//! compare as numbers when they look like one) and the uninitialized
//! value; the conversions between them (number to string through
//! `CONVFMT`/`OFMT`, integral values as integers).

use std::rc::Rc;

use super::format;

/// An awk string: bytes, shared (values are copied often, changed never).
pub type Str = Rc<[u8]>;

/// One awk value.
#[derive(Clone, Debug, Default)]
pub enum Value {
    /// Never assigned: `""` as a string, 0 as a number.
    #[default]
    Uninit,
    /// A number.
    Num(f64),
    /// A string constant or the result of a string operation.
    Str(Str),
    /// A string from input (fields, `getline`, `ARGV`, `ENVIRON`, `-v`):
    /// numeric when it looks like a number.
    StrNum(Str),
}

impl Value {
    /// A string value from bytes.
    pub fn str(b: &[u8]) -> Self {
        Value::Str(Rc::from(b))
    }

    /// A strnum value from bytes.
    pub fn strnum(b: &[u8]) -> Self {
        Value::StrNum(Rc::from(b))
    }

    /// The bytes this value holds as a string, when it is one (no
    /// conversion).
    pub fn as_bytes(&self) -> Option<&[u8]> {
        match self {
            Value::Str(s) | Value::StrNum(s) => Some(s),
            Value::Uninit => Some(b""),
            Value::Num(_) => None,
        }
    }

    /// The value as a number.
    pub fn num(&self) -> f64 {
        match self {
            Value::Uninit => 0.0,
            Value::Num(n) => *n,
            Value::Str(s) | Value::StrNum(s) => parse_prefix(s),
        }
    }

    /// True when comparisons treat this value as a number.
    pub fn numeric(&self) -> Option<f64> {
        match self {
            Value::Uninit => Some(0.0),
            Value::Num(n) => Some(*n),
            Value::StrNum(s) => looks_numeric(s),
            Value::Str(_) => None,
        }
    }

    /// The value as a condition.
    pub fn truthy(&self) -> bool {
        match self {
            Value::Uninit => false,
            Value::Num(n) => *n != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::StrNum(s) => match looks_numeric(s) {
                Some(n) => n != 0.0,
                None => !s.is_empty(),
            },
        }
    }

    /// Bytes this value holds, for the memory budget.
    pub fn cost(&self) -> u64 {
        match self {
            Value::Str(s) | Value::StrNum(s) => s.len() as u64,
            _ => 0,
        }
    }
}

/// Length of the number at the start of `s` (after `skip` leading
/// blanks): sign, digits, fraction, exponent, like `strtod` in the C
/// locale without hex, infinities and NaNs.
fn number_end(s: &[u8], start: usize) -> usize {
    let mut i = start;
    if matches!(s.get(i), Some(b'+' | b'-')) {
        i += 1;
    }
    let int_start = i;
    while s.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    let mut digits = i - int_start;
    if s.get(i) == Some(&b'.') {
        let f = i + 1;
        let mut j = f;
        while s.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        digits += j - f;
        if digits > 0 {
            i = j;
        }
    }
    if digits == 0 {
        return start;
    }
    if matches!(s.get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        if matches!(s.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        let e = j;
        while s.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        if j > e {
            i = j;
        }
    }
    i
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

fn to_f64(s: &[u8]) -> f64 {
    // The common case first: plain decimal integers.
    if s.len() < 16 && !s.is_empty() && s.iter().all(u8::is_ascii_digit) {
        let mut v: u64 = 0;
        for &d in s {
            v = v * 10 + u64::from(d - b'0');
        }
        return v as f64;
    }
    std::str::from_utf8(s)
        .ok()
        .and_then(|t| t.parse::<f64>().ok())
        .unwrap_or(0.0)
}

/// The number a string starts with (0 when none), as awk converts strings.
pub fn parse_prefix(s: &[u8]) -> f64 {
    let start = s.iter().position(|&b| !is_blank(b)).unwrap_or(s.len());
    let end = number_end(s, start);
    s.get(start..end).map_or(0.0, to_f64)
}

/// The number a whole string spells (blanks around allowed), if it does:
/// what makes a strnum numeric.
pub fn looks_numeric(s: &[u8]) -> Option<f64> {
    let start = s.iter().position(|&b| !is_blank(b))?;
    let end = number_end(s, start);
    if end == start || !s.get(end..)?.iter().all(|&b| is_blank(b)) {
        return None;
    }
    s.get(start..end).map(to_f64)
}

/// Appends a number as awk prints it: integral values as integers, others
/// through `fmt` (`CONVFMT` or `OFMT`).
pub fn push_num(out: &mut Vec<u8>, n: f64, fmt: &[u8]) {
    if n == n.trunc() && n.abs() < 9.2e18 {
        let i = n as i64;
        if i == 0 && n.is_sign_negative() {
            out.extend_from_slice(b"-0");
        } else {
            out.extend_from_slice(i.to_string().as_bytes());
        }
    } else if fmt == b"%.6g" {
        out.extend_from_slice(format::g6(n).as_bytes());
    } else {
        format::format_num(out, fmt, n);
    }
}

/// A number as a string (see [`push_num`]).
pub fn num_to_str(n: f64, fmt: &[u8]) -> Str {
    let mut v = Vec::new();
    push_num(&mut v, n, fmt);
    Rc::from(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions() {
        assert_eq!(parse_prefix(b"  12abc"), 12.0);
        assert_eq!(parse_prefix(b"-1.5e2x"), -150.0);
        assert_eq!(parse_prefix(b".5"), 0.5);
        assert_eq!(parse_prefix(b"e5"), 0.0);
        assert_eq!(parse_prefix(b"1e"), 1.0);
        assert_eq!(looks_numeric(b" 12 "), Some(12.0));
        assert_eq!(looks_numeric(b"12a"), None);
        assert_eq!(looks_numeric(b""), None);
        assert_eq!(looks_numeric(b"."), None);
        assert_eq!(&*num_to_str(3.0, b"%.6g"), b"3");
        assert_eq!(&*num_to_str(0.1, b"%.6g"), b"0.1");
        assert_eq!(&*num_to_str(1e20, b"%.6g"), b"1e+20");
        assert_eq!(&*num_to_str(2.34567, b"%.2f"), b"2.35");
    }
}
