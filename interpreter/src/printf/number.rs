//! Numeric arguments read the way bash's `printf` reads them: C's
//! `strtoumax` and `strtod` syntax (`0x1f`, `017`, `1e3`, `0x1p-2`, `inf`),
//! or `'c` for a character code.

/// The value of an integer argument and what to report about it.
pub(super) struct Parsed<T> {
    pub(super) value: T,
    /// The argument had characters left over (bash: "invalid number").
    pub(super) invalid: bool,
    /// The value was out of range and clamped.
    pub(super) range: bool,
}

fn is_c_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// Parses like C's `strtoumax(s, &end, 0)`: the magnitude (saturated),
/// whether it was negative, the bytes consumed (0 if no number), and
/// whether it overflowed.
fn strtou(s: &[u8]) -> (u64, bool, usize, bool) {
    let mut i = 0;
    while s.get(i).is_some_and(|b| is_c_space(*b)) {
        i += 1;
    }
    let mut neg = false;
    if let Some(&c @ (b'+' | b'-')) = s.get(i) {
        neg = c == b'-';
        i += 1;
    }
    let mut base = 10u64;
    if s.get(i) == Some(&b'0') {
        if matches!(s.get(i + 1), Some(b'x' | b'X'))
            && s.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
        {
            base = 16;
            i += 2;
        } else {
            base = 8;
        }
    }
    let start = i;
    let mut v: u64 = 0;
    let mut overflow = false;
    while let Some(d) = s.get(i).and_then(|c| char::from(*c).to_digit(base as u32)) {
        match v
            .checked_mul(base)
            .and_then(|x| x.checked_add(u64::from(d)))
        {
            Some(x) => v = x,
            None => overflow = true,
        }
        i += 1;
    }
    if i == start {
        return (0, false, 0, false);
    }
    if overflow {
        v = u64::MAX;
    }
    (v, neg, i, overflow)
}

/// The character code of a `'c` or `"c` argument: in a UTF-8 locale
/// (`utf8`) the character's, in the C locale its first byte's (`'é` is
/// 195), as bash's `mbtowc` gives.
fn char_code(arg: &str, utf8: bool) -> Option<i64> {
    let rest = arg.strip_prefix(['\'', '"'])?;
    if !utf8 {
        let first = crate::bytes::encode(rest).first().copied();
        return Some(first.map_or(0, i64::from));
    }
    Some(rest.chars().next().map_or(0, |c| i64::from(u32::from(c))))
}

pub(super) fn parse_signed(arg: &str, utf8: bool) -> Parsed<i64> {
    if let Some(v) = char_code(arg, utf8) {
        return Parsed {
            value: v,
            invalid: false,
            range: false,
        };
    }
    let b = arg.as_bytes();
    let (mag, neg, used, overflow) = strtou(b);
    let (value, range) = match (neg, i64::try_from(mag)) {
        _ if overflow => (if neg { i64::MIN } else { i64::MAX }, true),
        (false, Ok(v)) => (v, false),
        (false, Err(_)) => (i64::MAX, true),
        (true, _) if mag <= 1 << 63 => ((mag as i64).wrapping_neg(), false),
        (true, _) => (i64::MIN, true),
    };
    Parsed {
        value,
        invalid: used < b.len(),
        range,
    }
}

pub(super) fn parse_unsigned(arg: &str, utf8: bool) -> Parsed<u64> {
    if let Some(v) = char_code(arg, utf8) {
        return Parsed {
            value: v as u64,
            invalid: false,
            range: false,
        };
    }
    let b = arg.as_bytes();
    let (mag, neg, used, overflow) = strtou(b);
    Parsed {
        value: if neg && !overflow {
            mag.wrapping_neg()
        } else {
            mag
        },
        invalid: used < b.len(),
        range: overflow,
    }
}

/// Parses like C's `strtod`: the value, the bytes consumed (0 if none),
/// and whether it was out of range.
fn strtod(s: &[u8]) -> (f64, usize, bool) {
    let mut i = 0;
    while s.get(i).is_some_and(|b| is_c_space(*b)) {
        i += 1;
    }
    let mut neg = false;
    if let Some(&c @ (b'+' | b'-')) = s.get(i) {
        neg = c == b'-';
        i += 1;
    }
    let lower = |j: usize, n: usize| {
        s.get(j..j + n)
            .map(|w| w.to_ascii_lowercase())
            .unwrap_or_default()
    };
    let apply = |v: f64| if neg { -v } else { v };
    if lower(i, 3) == b"inf" {
        let n = if lower(i, 8) == b"infinity" { 8 } else { 3 };
        return (apply(f64::INFINITY), i + n, false);
    }
    if lower(i, 3) == b"nan" {
        let mut end = i + 3;
        if s.get(end) == Some(&b'(') {
            let mut j = end + 1;
            while s
                .get(j)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
            {
                j += 1;
            }
            if s.get(j) == Some(&b')') {
                end = j + 1;
            }
        }
        return (apply(f64::NAN), end, false);
    }
    if s.get(i) == Some(&b'0')
        && matches!(s.get(i + 1), Some(b'x' | b'X'))
        && let Some((v, end, range)) = hex_float(s, i + 2)
    {
        return (apply(v), end, range);
    }
    // Decimal: digits, an optional fraction, an optional exponent.
    let start = i;
    let mut digits = 0;
    let mut nonzero = false;
    while let Some(c) = s.get(i).filter(|c| c.is_ascii_digit()) {
        nonzero |= *c != b'0';
        digits += 1;
        i += 1;
    }
    if s.get(i) == Some(&b'.') {
        i += 1;
        while let Some(c) = s.get(i).filter(|c| c.is_ascii_digit()) {
            nonzero |= *c != b'0';
            digits += 1;
            i += 1;
        }
    }
    if digits == 0 {
        return (0.0, 0, false);
    }
    if matches!(s.get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        if matches!(s.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        if s.get(j).is_some_and(u8::is_ascii_digit) {
            while s.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
            i = j;
        }
    }
    let text = std::str::from_utf8(s.get(start..i).unwrap_or_default()).unwrap_or("0");
    let v: f64 = text.parse().unwrap_or(0.0);
    let range = v.is_infinite() || (v == 0.0 && nonzero);
    (apply(v), i, range)
}

/// The part of a hex float after `0x`: `None` if no hex digit follows.
fn hex_float(s: &[u8], mut i: usize) -> Option<(f64, usize, bool)> {
    let mut mant: u64 = 0;
    let mut exp: i64 = 0;
    let mut digits = 0;
    let mut seen_point = false;
    loop {
        match s.get(i) {
            Some(b'.') if !seen_point => seen_point = true,
            Some(c) if c.is_ascii_hexdigit() => {
                let d = u64::from(char::from(*c).to_digit(16).unwrap_or(0));
                if mant >> 60 == 0 {
                    mant = mant * 16 + d;
                    if seen_point {
                        exp -= 4;
                    }
                } else if !seen_point {
                    exp += 4;
                }
                digits += 1;
            }
            _ => break,
        }
        i += 1;
    }
    if digits == 0 {
        return None;
    }
    if matches!(s.get(i), Some(b'p' | b'P')) {
        let mut j = i + 1;
        let mut eneg = false;
        if let Some(&c @ (b'+' | b'-')) = s.get(j) {
            eneg = c == b'-';
            j += 1;
        }
        if s.get(j).is_some_and(u8::is_ascii_digit) {
            let mut e: i64 = 0;
            while let Some(c) = s.get(j).filter(|c| c.is_ascii_digit()) {
                e = (e * 10 + i64::from(c - b'0')).min(100_000);
                j += 1;
            }
            exp += if eneg { -e } else { e };
            i = j;
        }
    }
    let v = (mant as f64) * 2f64.powi(exp.clamp(-100_000, 100_000) as i32);
    let range = v.is_infinite() || (v == 0.0 && mant != 0);
    Some((v, i, range))
}

pub(super) fn parse_float(arg: &str, utf8: bool) -> Parsed<f64> {
    if let Some(v) = char_code(arg, utf8) {
        return Parsed {
            value: v as f64,
            invalid: false,
            range: false,
        };
    }
    let b = arg.as_bytes();
    let (value, used, range) = strtod(b);
    Parsed {
        value,
        invalid: used < b.len(),
        range,
    }
}

/// Bash's wording for an argument that is not (entirely) a number.
pub(super) fn invalid_number(arg: &str) -> String {
    let b = arg.as_bytes();
    if b.first() == Some(&b'0') && b.get(1).is_some_and(u8::is_ascii_digit) {
        format!("{arg}: invalid octal number")
    } else if b.first() == Some(&b'0') && b.get(1) == Some(&b'x') {
        format!("{arg}: invalid hex number")
    } else {
        format!("{arg}: invalid number")
    }
}
