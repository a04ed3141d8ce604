//! Lists of positions as GNU's `set_fields` reads them (`cut -f 1,3-5,7-`,
//! `numfmt --field`): ranges `N`, `N-`, `-M`, `N-M` separated by commas
//! or blanks, sorted and merged, optionally complemented.
//!
//! Invariants: the result is sorted by `lo`, ranges do not overlap, every
//! `lo >= 1` and `lo <= hi`; an open end is `u64::MAX`. Parsing never
//! panics; every refusal is a [`RangeError`] worded as GNU words it.
//! Checked by `ranges::tests`.

use std::fmt;

use super::quote_escaped;

/// One inclusive range of 1-based positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// The first position.
    pub lo: u64,
    /// The last position (`u64::MAX`: to the end).
    pub hi: u64,
}

/// Why a list was refused; `pos` says whether the list counts byte or
/// character positions (the wording differs from a field list).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RangeError {
    /// A position 0 or an empty item.
    NumberedFromOne { pos: bool },
    /// `1-2-3`, `--2`.
    BadRange { pos: bool },
    /// A lone `-`.
    NoEndpoint,
    /// `3-1`.
    Decreasing,
    /// A number beyond `u64`.
    TooLarge { pos: bool, num: String },
    /// A character that is neither digit, `-`, `,` nor blank; the rest of
    /// the list from it.
    Invalid { pos: bool, rest: String },
}

impl fmt::Display for RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NumberedFromOne { pos: true } => {
                f.write_str("byte/character positions are numbered from 1")
            }
            Self::NumberedFromOne { pos: false } => f.write_str("fields are numbered from 1"),
            Self::BadRange { pos: true } => f.write_str("invalid byte or character range"),
            Self::BadRange { pos: false } => f.write_str("invalid field range"),
            Self::NoEndpoint => f.write_str("invalid range with no endpoint: -"),
            Self::Decreasing => f.write_str("invalid decreasing range"),
            Self::TooLarge { pos: true, num } => write!(
                f,
                "byte/character offset {} is too large",
                quote_escaped(num)
            ),
            Self::TooLarge { pos: false, num } => {
                write!(f, "field number {} is too large", quote_escaped(num))
            }
            Self::Invalid { pos: true, rest } => {
                write!(f, "invalid byte/character position {}", quote_escaped(rest))
            }
            Self::Invalid { pos: false, rest } => {
                write!(f, "invalid field value {}", quote_escaped(rest))
            }
        }
    }
}

/// Parses `list` as GNU `set_fields` does; `pos` selects the byte and
/// character wording of errors. The result is sorted and merged.
pub fn parse_list(list: &str, pos: bool) -> Result<Vec<Range>, RangeError> {
    let bytes = list.as_bytes();
    let mut ranges = Vec::new();
    let (mut lhs, mut rhs, mut dash) = (false, false, false);
    let (mut initial, mut value) = (1u64, 0u64);
    let mut num_start: Option<usize> = None;
    let mut i = 0;
    loop {
        let c = bytes.get(i).copied();
        match c {
            Some(b'-') => {
                num_start = None;
                if dash {
                    return Err(RangeError::BadRange { pos });
                }
                dash = true;
                if lhs && value == 0 {
                    return Err(RangeError::NumberedFromOne { pos });
                }
                initial = if lhs { value } else { 1 };
                value = 0;
            }
            None | Some(b',' | b' ' | b'\t') => {
                num_start = None;
                if dash {
                    dash = false;
                    if !lhs && !rhs {
                        return Err(RangeError::NoEndpoint);
                    }
                    if !rhs {
                        ranges.push(Range {
                            lo: initial,
                            hi: u64::MAX,
                        });
                    } else {
                        if value < initial {
                            return Err(RangeError::Decreasing);
                        }
                        ranges.push(Range {
                            lo: initial,
                            hi: value,
                        });
                    }
                } else {
                    if value == 0 {
                        return Err(RangeError::NumberedFromOne { pos });
                    }
                    ranges.push(Range {
                        lo: value,
                        hi: value,
                    });
                }
                value = 0;
                if c.is_none() {
                    break;
                }
                lhs = false;
                rhs = false;
            }
            Some(d @ b'0'..=b'9') => {
                let start = *num_start.get_or_insert(i);
                if dash {
                    rhs = true;
                } else {
                    lhs = true;
                }
                match value
                    .checked_mul(10)
                    .and_then(|v| v.checked_add(u64::from(d - b'0')))
                {
                    Some(v) if v != u64::MAX => value = v,
                    _ => {
                        let tail = bytes.get(start..).unwrap_or(&[]);
                        let len = tail.iter().take_while(|b| b.is_ascii_digit()).count();
                        let num = String::from_utf8_lossy(tail.get(..len).unwrap_or(&[])).into();
                        return Err(RangeError::TooLarge { pos, num });
                    }
                }
            }
            Some(_) => {
                let rest = list.get(i..).unwrap_or("").to_string();
                return Err(RangeError::Invalid { pos, rest });
            }
        }
        i += 1;
    }
    ranges.sort_by_key(|r| r.lo);
    let mut merged: Vec<Range> = Vec::with_capacity(ranges.len());
    for r in ranges {
        match merged.last_mut() {
            Some(last) if r.lo <= last.hi => last.hi = last.hi.max(r.hi),
            _ => merged.push(r),
        }
    }
    Ok(merged)
}

/// The positions `ranges` (sorted and merged) leaves out, as ranges.
pub fn complement(ranges: &[Range]) -> Vec<Range> {
    let mut out = Vec::new();
    let mut next = 1u64;
    for r in ranges {
        if r.lo > next {
            out.push(Range {
                lo: next,
                hi: r.lo - 1,
            });
        }
        if r.hi == u64::MAX {
            return out;
        }
        next = r.hi + 1;
    }
    out.push(Range {
        lo: next,
        hi: u64::MAX,
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(lo: u64, hi: u64) -> Range {
        Range { lo, hi }
    }

    #[test]
    fn forms_sorted_and_merged() {
        assert_eq!(parse_list("3", false), Ok(vec![r(3, 3)]));
        assert_eq!(parse_list("-3", false), Ok(vec![r(1, 3)]));
        assert_eq!(parse_list("3-", false), Ok(vec![r(3, u64::MAX)]));
        assert_eq!(
            parse_list("5-7,1-2,6,2-3", true),
            Ok(vec![r(1, 3), r(5, 7)])
        );
        assert_eq!(parse_list("1 4", true), Ok(vec![r(1, 1), r(4, 4)]));
        assert_eq!(parse_list("1-2,3-4", true), Ok(vec![r(1, 2), r(3, 4)]));
    }

    #[test]
    fn errors_as_gnu() {
        let e = |l: &str, p| parse_list(l, p).unwrap_err().to_string();
        assert_eq!(e("0", true), "byte/character positions are numbered from 1");
        assert_eq!(e("1,,2", false), "fields are numbered from 1");
        assert_eq!(e("0-2", false), "fields are numbered from 1");
        assert_eq!(e("-", false), "invalid range with no endpoint: -");
        assert_eq!(e("3-1", false), "invalid decreasing range");
        assert_eq!(e("-0", false), "invalid decreasing range");
        assert_eq!(e("1-2-3", false), "invalid field range");
        assert_eq!(e("--2", true), "invalid byte or character range");
        assert_eq!(e("1-a", false), "invalid field value 'a'");
        assert_eq!(e("a-1", true), "invalid byte/character position 'a-1'");
        assert_eq!(
            e("1-99999999999999999999", false),
            "field number '99999999999999999999' is too large"
        );
        assert_eq!(
            e("18446744073709551615", true),
            "byte/character offset '18446744073709551615' is too large"
        );
    }

    #[test]
    fn complements() {
        assert_eq!(complement(&[r(2, 4)]), vec![r(1, 1), r(5, u64::MAX)]);
        assert_eq!(complement(&[r(1, u64::MAX)]), vec![]);
        assert_eq!(
            complement(&[r(1, 1), r(3, 3)]),
            vec![r(2, 2), r(4, u64::MAX)]
        );
    }
}
