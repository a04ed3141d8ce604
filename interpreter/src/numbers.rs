//! Numbers read from text the way the C library reads them, for the
//! variables bash reads with `atoi` (`COLUMNS` in `select`, `OPTERR`).

/// C's `atoi`: leading blanks, a sign, digits; 0 when there are none;
/// past `i64` it saturates (C's is undefined there).
pub(crate) fn atoi(s: &str) -> i64 {
    let s = s.trim_start_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
    let (neg, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, s.get(1..).unwrap_or("")),
        Some(b'+') => (false, s.get(1..).unwrap_or("")),
        _ => (false, s),
    };
    let mut n: i64 = 0;
    for c in digits.bytes().take_while(u8::is_ascii_digit) {
        n = n.saturating_mul(10).saturating_add(i64::from(c - b'0'));
    }
    if neg { -n } else { n }
}

#[cfg(test)]
mod tests {
    use super::atoi;

    #[test]
    fn atoi_reads_a_leading_number() {
        assert_eq!(atoi(" 40abc"), 40);
        assert_eq!(atoi("x"), 0);
        assert_eq!(atoi("-7"), -7);
        assert_eq!(atoi("99999999999999999999999"), i64::MAX);
    }
}
