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

fn suffix_multiplier(suffix: &str) -> Option<u64> {
    if suffix.is_empty() {
        return Some(1);
    }
    if suffix == "b" {
        return Some(512);
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
    Some(base.checked_pow(power).unwrap_or(u64::MAX))
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
