//! GNU number parsing: counts with multiplier suffixes (`head -c 1K`),
//! durations (`sleep 1.5m`) and human-readable sizes (`ls -h`).

/// Parses a count like GNU `xstrtoumax` with the suffixes `head` and `tail`
/// accept: `b` (512), `K`/`k`/`KiB` (1024), `kB`/`KB` (1000), `M`/`MiB`,
/// `MB`, and so on up to `Y`. Values too large saturate at `u64::MAX`.
/// Returns `None` for anything that is not such a count.
pub fn parse_count(s: &str) -> Option<u64> {
    let digits_end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let (digits, suffix) = s.split_at(digits_end);
    if digits.is_empty() {
        return None;
    }
    let mut n: u64 = 0;
    for b in digits.bytes() {
        n = n.saturating_mul(10).saturating_add(u64::from(b - b'0'));
    }
    let mult = suffix_multiplier(suffix)?;
    Some(n.saturating_mul(mult))
}

/// Parses a count like [`parse_count`] but as `xdectoumax` with
/// `UINTMAX_MAX` does for `head`/`tail`: a value (digits times multiplier)
/// past `u64::MAX` is [`IntErr::Overflow`] rather than saturated.
pub fn parse_count_checked(s: &str) -> Result<u64, IntErr> {
    let digits_end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let (digits, suffix) = s.split_at(digits_end);
    if digits.is_empty() {
        return Err(IntErr::Invalid);
    }
    let mult = suffix_multiplier_checked(suffix).ok_or(IntErr::Invalid)?;
    let mut n: u64 = 0;
    for b in digits.bytes() {
        n = n
            .checked_mul(10)
            .and_then(|n| n.checked_add(u64::from(b - b'0')))
            .ok_or(IntErr::Overflow)?;
    }
    mult.and_then(|m| n.checked_mul(m)).ok_or(IntErr::Overflow)
}

/// Parses a count like [`parse_count`] but with C's base prefixes, as
/// `xstrtoumax` with base 0 reads `od -j 0x10` or `od -N 010`: `0x`/`0X`
/// hexadecimal, a leading `0` octal. `None` for anything else.
pub fn parse_count_based(s: &str) -> Option<u64> {
    let (radix, body) = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        (16, h)
    } else if s.len() > 1
        && s.starts_with('0')
        && s.as_bytes().get(1).is_some_and(u8::is_ascii_digit)
    {
        (8, s.get(1..).unwrap_or(""))
    } else {
        return parse_count(s);
    };
    let end = body
        .find(|c: char| !c.is_digit(radix))
        .unwrap_or(body.len());
    let (digits, suffix) = body.split_at(end);
    if digits.is_empty() {
        return None;
    }
    let mut n: u64 = 0;
    for c in digits.chars() {
        n = n
            .saturating_mul(u64::from(radix))
            .saturating_add(u64::from(c.to_digit(radix).unwrap_or(0)));
    }
    Some(n.saturating_mul(suffix_multiplier(suffix)?))
}

/// C's `strtol(s, &end, 0)`: leading blanks, a sign, a `0x` (hex) or
/// `0` (octal) prefix, then digits up to the first other character.
/// Gives the value (its magnitude saturating just past `u64::MAX`, so a
/// caller can clamp as `strtol` or wrap as `strtoul`) and the rest of `s`
/// after the number (all of `s` when there is no number, as `end`).
pub fn c_strtol(s: &str) -> (i128, &str) {
    let t = s.trim_start_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r']);
    let (neg, t) = match t.as_bytes().first() {
        Some(b'-') => (true, t.get(1..).unwrap_or("")),
        Some(b'+') => (false, t.get(1..).unwrap_or("")),
        _ => (false, t),
    };
    let hex = t
        .strip_prefix("0x")
        .or_else(|| t.strip_prefix("0X"))
        .filter(|h| h.as_bytes().first().is_some_and(u8::is_ascii_hexdigit));
    let (radix, digits) = match hex {
        Some(h) => (16, h),
        None if t.starts_with('0') => (8, t),
        None => (10, t),
    };
    let end = digits
        .find(|c: char| !c.is_digit(radix))
        .unwrap_or(digits.len());
    if end == 0 {
        return (0, s);
    }
    let cap = i128::from(u64::MAX) + 1;
    let mut n: i128 = 0;
    for c in digits.get(..end).unwrap_or("").chars() {
        n = (n * i128::from(radix) + i128::from(c.to_digit(radix).unwrap_or(0))).min(cap);
    }
    (if neg { -n } else { n }, digits.get(end..).unwrap_or(""))
}

fn suffix_multiplier(suffix: &str) -> Option<u64> {
    suffix_multiplier_checked(suffix).map(|m| m.unwrap_or(u64::MAX))
}

/// A multiplier suffix's value: `None` for an unknown suffix, `Some(None)`
/// for one past `u64::MAX` (`Z`, `Y`).
fn suffix_multiplier_checked(suffix: &str) -> Option<Option<u64>> {
    if suffix.is_empty() {
        return Some(Some(1));
    }
    if suffix == "b" {
        return Some(Some(512));
    }
    let mut chars = suffix.chars();
    let letter = chars.next()?;
    let power: u32 = match letter {
        'k' | 'K' => 1,
        'm' | 'M' => 2,
        'g' | 'G' => 3,
        't' | 'T' => 4,
        'p' | 'P' => 5,
        'e' | 'E' => 6,
        'z' | 'Z' => 7,
        'y' | 'Y' => 8,
        _ => return None,
    };
    let base: u64 = match chars.as_str() {
        "" | "iB" => 1024,
        "B" => 1000,
        _ => return None,
    };
    Some(base.checked_pow(power))
}

/// Why [`dec_to_int`] refused a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntErr {
    /// Not a decimal integer.
    Invalid,
    /// Too large for the type (`EOVERFLOW`).
    Overflow,
    /// Outside the allowed range (`ERANGE`).
    Range,
}

impl IntErr {
    /// What GNU appends to `invalid ...: 'ARG'`.
    pub fn suffix(self) -> &'static str {
        match self {
            Self::Invalid => "",
            Self::Overflow => ": Value too large for defined data type",
            Self::Range => ": Numerical result out of range",
        }
    }
}

/// Parses a decimal integer between `min` and `max` as gnulib's
/// `xdectoimax` does (leading blanks and a sign allowed, no suffix): a
/// value beyond `intmax_t` or out of range above `INT_MAX / 2` is an
/// overflow, another one out of range a range error (`nl -w 0`).
pub fn dec_to_int(s: &str, min: i64, max: i64) -> Result<i64, IntErr> {
    let t = s.trim_start_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r']);
    let (neg, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, t.get(1..).unwrap_or("")),
        Some(b'+') => (false, t.get(1..).unwrap_or("")),
        _ => (false, t),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(IntErr::Invalid);
    }
    let mut n: i128 = 0;
    for b in digits.bytes() {
        n = n * 10 + i128::from(b - b'0');
        if n > i128::from(i64::MAX) + 1 {
            return Err(IntErr::Overflow);
        }
    }
    let n = if neg { -n } else { n };
    let n = i64::try_from(n).map_err(|_| IntErr::Overflow)?;
    if n < min || n > max {
        return Err(if n > i64::from(i32::MAX / 2) {
            IntErr::Overflow
        } else {
            IntErr::Range
        });
    }
    Ok(n)
}

/// Parses a `sleep` interval: a non-negative decimal (or `inf`) with an
/// optional `s`, `m`, `h` or `d` suffix, in seconds.
pub fn parse_duration(s: &str) -> Option<f64> {
    let (num, mult) = match s.chars().last()? {
        's' => (s.get(..s.len() - 1)?, 1.0),
        'm' => (s.get(..s.len() - 1)?, 60.0),
        'h' => (s.get(..s.len() - 1)?, 3600.0),
        'd' => (s.get(..s.len() - 1)?, 86400.0),
        _ => (s, 1.0),
    };
    let lower = num.to_ascii_lowercase();
    let v: f64 = if lower == "inf" || lower == "infinity" {
        f64::INFINITY
    } else {
        if num.is_empty()
            || !num
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'))
            || !num.chars().any(|c| c.is_ascii_digit())
        {
            return None;
        }
        num.parse().ok()?
    };
    if v.is_nan() || v < 0.0 {
        return None;
    }
    Some(v * mult)
}

/// Formats a size like GNU `ls -h` / `du -h`: powers of 1024, rounded up,
/// one decimal below 10 (`4.0K`, `12K`, `1.3M`).
pub fn human_size(n: u64) -> String {
    human(n, 1024.0, &['K', 'M', 'G', 'T', 'P', 'E', 'Z', 'Y'])
}

/// [`human_size`] in powers of 1000, as `--si` (`8.2k`, `21k`, `1.1M`).
pub fn human_size_si(n: u64) -> String {
    human(n, 1000.0, &['k', 'M', 'G', 'T', 'P', 'E', 'Z', 'Y'])
}

fn human(n: u64, base: f64, units: &[char]) -> String {
    if (n as f64) < base {
        return n.to_string();
    }
    let mut v = n as f64;
    let mut unit = 0usize;
    v /= base;
    while v >= base && unit + 1 < units.len() {
        v /= base;
        unit += 1;
    }
    let suffix = |u: usize| units.get(u).copied().unwrap_or('Y');
    if v < 10.0 {
        let t = (v * 10.0).ceil() / 10.0;
        if t < 10.0 {
            return format!("{t:.1}{}", suffix(unit));
        }
        return format!("10{}", suffix(unit));
    }
    let c = v.ceil();
    if c >= base && unit + 1 < units.len() {
        return format!("1.0{}", suffix(unit + 1));
    }
    format!("{c:.0}{}", suffix(unit))
}

#[cfg(test)]
mod tests {

    #[test]
    fn c_numbers() {
        use super::c_strtol;
        assert_eq!(c_strtol("0x10"), (16, ""));
        assert_eq!(c_strtol(" 010z"), (8, "z"));
        assert_eq!(c_strtol("-3"), (-3, ""));
        assert_eq!(c_strtol("0x"), (0, "x"));
        assert_eq!(c_strtol("zz"), (0, "zz"));
        assert_eq!(
            c_strtol("99999999999999999999999").0,
            i128::from(u64::MAX) + 1
        );
    }

    use super::*;

    #[test]
    fn counts_with_suffixes() {
        assert_eq!(parse_count("10"), Some(10));
        assert_eq!(parse_count("1K"), Some(1024));
        assert_eq!(parse_count("1kB"), Some(1000));
        assert_eq!(parse_count("2MiB"), Some(2 << 20));
        assert_eq!(parse_count("1b"), Some(512));
        assert_eq!(parse_count("abc"), None);
        assert_eq!(parse_count("1x"), None);
        assert_eq!(parse_count("99999999999999999999999"), Some(u64::MAX));
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("1.5"), Some(1.5));
        assert_eq!(parse_duration("2m"), Some(120.0));
        assert_eq!(parse_duration("1d"), Some(86400.0));
        assert_eq!(parse_duration("x"), None);
        assert_eq!(parse_duration("-1"), None);
        assert_eq!(parse_duration("inf"), Some(f64::INFINITY));
    }

    #[test]
    fn human_sizes() {
        assert_eq!(human_size(6), "6");
        assert_eq!(human_size(4096), "4.0K");
        assert_eq!(human_size(1025), "1.1K");
        assert_eq!(human_size(12 * 1024), "12K");
        assert_eq!(human_size(1_300_000), "1.3M");
        assert_eq!(human_size(1024 * 1024 - 1), "1.0M");
    }
}
