//! GNU `date`'s FORMAT: glibc `strftime` conversions in the C locale with
//! GNU's flags (`-` no padding, `_` spaces, `0` zeros, `^` upper case, `#`
//! swapped case), a field width (`%10A`), `%N` with a precision (`%3N`)
//! and the `%:z` family.
//!
//! Invariant: every input formats without panicking; an unknown
//! conversion is written as it was given (`%Q`), a lone `%` at the end as
//! `%`. Checked by the `date` utility's tests (`sandbash-builtins`).

use std::fmt::Write as _;

use jiff::Zoned;

use super::{DAYS_LONG as DAYS, MONTHS_LONG as MONTHS};

/// The widest field a width may ask for (GNU pads to any width; the cap
/// keeps one directive from asking for gigabytes).
const MAX_WIDTH: usize = 4096;

/// A moment to format: the time in its zone and the zone's abbreviation.
pub struct Moment<'a> {
    /// The date and time, with its offset.
    pub zoned: &'a Zoned,
    /// The zone's abbreviation (`UTC`, `EDT`, `IST`).
    pub abbrev: &'a str,
}

/// How a conversion pads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pad {
    /// The conversion's own padding.
    Default,
    /// `-`: none.
    None,
    /// `_`: spaces.
    Space,
    /// `0`: zeros.
    Zero,
}

/// The text of one conversion before padding, and how it pads by default.
enum Field {
    /// A number padded to `width` with `pad` (`'0'` or `' '`).
    Num { value: i64, width: usize, pad: char },
    /// Text, padded with spaces.
    Text(String),
}

fn weekday_index(z: &Zoned) -> usize {
    usize::try_from(z.weekday().to_sunday_zero_offset()).unwrap_or(0)
}

fn month_name(z: &Zoned) -> &'static str {
    let m = usize::try_from(z.month() - 1).unwrap_or(0);
    MONTHS.get(m).copied().unwrap_or("")
}

fn day_name(z: &Zoned) -> &'static str {
    DAYS.get(weekday_index(z)).copied().unwrap_or("")
}

fn hour12(h: i8) -> i64 {
    match i64::from(h) % 12 {
        0 => 12,
        x => x,
    }
}

/// `%U` (first Sunday starts week 1) or `%W` (first Monday).
fn week_number(z: &Zoned, monday_first: bool) -> i64 {
    let yday = i64::from(z.day_of_year()) - 1;
    let wday = weekday_index(z) as i64;
    let wday = if monday_first { (wday + 6) % 7 } else { wday };
    (yday + 7 - wday) / 7
}

/// The offset as `+hhmm` with `colons` colons (`%z`, `%:z`, `%::z`), or the
/// shortest exact form (`%:::z`).
fn offset_text(z: &Zoned, colons: usize) -> String {
    let secs = z.offset().seconds();
    let sign = if secs < 0 { '-' } else { '+' };
    let a = secs.unsigned_abs();
    let (h, m, s) = (a / 3600, a / 60 % 60, a % 60);
    match colons {
        0 => format!("{sign}{h:02}{m:02}"),
        1 => format!("{sign}{h:02}:{m:02}"),
        2 => format!("{sign}{h:02}:{m:02}:{s:02}"),
        _ if s != 0 => format!("{sign}{h:02}:{m:02}:{s:02}"),
        _ if m != 0 => format!("{sign}{h:02}:{m:02}"),
        _ => format!("{sign}{h:02}"),
    }
}

/// glibc's `strftime` for the other utilities (awk's `strftime`, find's
/// `%Tk`): the moment `secs`.`nanos` after the epoch in the zone a `TZ`
/// value selects (UTC when `None`), formatted with `fmt` as `date +FMT`
/// would, except that the conversions only GNU date knows (`%q`, `%N`,
/// the `%:z` family) are written as given, as glibc writes them.
/// Out-of-range moments are clamped to jiff's range.
pub fn strftime(fmt: &str, secs: i64, nanos: u32, tz: Option<&str>) -> String {
    let fmt = glibc_only(fmt);
    let ts = jiff::Timestamp::new(
        secs.clamp(
            jiff::Timestamp::MIN.as_second() + 1,
            jiff::Timestamp::MAX.as_second() - 1,
        ),
        i32::try_from(nanos.min(999_999_999)).unwrap_or(0),
    )
    .unwrap_or(jiff::Timestamp::UNIX_EPOCH);
    let (zone, shown) = super::zone::from_tz(tz);
    let abbrev = shown.unwrap_or_else(|| super::zone::abbreviation(&zone, ts));
    let zoned = ts.to_zoned(zone);
    let mut out = String::new();
    format(
        &Moment {
            zoned: &zoned,
            abbrev: &abbrev,
        },
        &fmt,
        &mut out,
    );
    out
}

/// `fmt` with the conversions glibc lacks escaped (`%q` becomes `%%q`).
fn glibc_only(fmt: &str) -> std::borrow::Cow<'_, str> {
    let b = fmt.as_bytes();
    let mut out = String::with_capacity(fmt.len());
    let mut changed = false;
    let mut i = 0;
    while let Some(rel) = fmt.get(i..).and_then(|r| r.find('%')) {
        let at = i + rel;
        out.push_str(fmt.get(i..at).unwrap_or(""));
        // The spec: flags, width, colons, then the conversion letter.
        let mut j = at + 1;
        while b
            .get(j)
            .is_some_and(|c| b"-_0^#".contains(c) || c.is_ascii_digit())
        {
            j += 1;
        }
        let colons = b.get(j) == Some(&b':');
        while b.get(j) == Some(&b':') {
            j += 1;
        }
        let end = (j + 1).min(fmt.len());
        if colons || matches!(b.get(j), Some(b'q' | b'N')) {
            out.push('%');
            changed = true;
        }
        match fmt.get(at..end) {
            Some(spec) => out.push_str(spec),
            // A multi-byte character follows: copy the `%` and go on.
            None => {
                out.push('%');
                i = at + 1;
                continue;
            }
        }
        i = end;
    }
    out.push_str(fmt.get(i..).unwrap_or(""));
    if changed {
        std::borrow::Cow::Owned(out)
    } else {
        std::borrow::Cow::Borrowed(fmt)
    }
}

/// Formats `m` with `fmt` into `out`.
pub fn format(m: &Moment<'_>, fmt: &str, out: &mut String) {
    let z = m.zoned;
    let mut chars = fmt.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        // Flags, width, colons and E/O modifiers, kept as written for an
        // unknown conversion.
        let mut raw = String::from("%");
        let mut pad = Pad::Default;
        let mut upper = false;
        let mut swap = false;
        while let Some(&f) = chars.peek() {
            match f {
                '-' => pad = Pad::None,
                '_' => pad = Pad::Space,
                '0' => pad = Pad::Zero,
                '^' => upper = true,
                '#' => swap = true,
                _ => break,
            }
            raw.push(f);
            chars.next();
        }
        let mut width: Option<usize> = None;
        while let Some(&d) = chars.peek() {
            let Some(v) = d.to_digit(10) else { break };
            width = Some(
                width
                    .unwrap_or(0)
                    .saturating_mul(10)
                    .saturating_add(v as usize)
                    .min(MAX_WIDTH),
            );
            raw.push(d);
            chars.next();
        }
        let mut colons = 0;
        while chars.peek() == Some(&':') {
            colons += 1;
            raw.push(':');
            chars.next();
        }
        if matches!(chars.peek(), Some('E' | 'O')) {
            let mut ahead = chars.clone();
            ahead.next();
            if ahead.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                chars.next();
            }
        }
        let Some(conv) = chars.next() else {
            out.push_str(&raw);
            continue;
        };
        if colons > 0 && conv != 'z' {
            out.push_str(&raw);
            out.push(conv);
            continue;
        }
        let num = |value: i64, width: usize| Field::Num {
            value,
            width,
            pad: '0',
        };
        let spaced = |value: i64, width: usize| Field::Num {
            value,
            width,
            pad: ' ',
        };
        let field = match conv {
            '%' => Field::Text("%".into()),
            'n' => Field::Text("\n".into()),
            't' => Field::Text("\t".into()),
            'a' => Field::Text(day_name(z).get(..3).unwrap_or("").into()),
            'A' => Field::Text(day_name(z).into()),
            'b' | 'h' => Field::Text(month_name(z).get(..3).unwrap_or("").into()),
            'B' => Field::Text(month_name(z).into()),
            'c' => Field::Text(sub(m, "%a %b %e %H:%M:%S %Y")),
            'C' => num(i64::from(z.year()).div_euclid(100), 2),
            'd' => num(i64::from(z.day()), 2),
            'D' | 'x' => Field::Text(sub(m, "%m/%d/%y")),
            'e' => spaced(i64::from(z.day()), 2),
            'F' => Field::Text(format!("{:04}-{:02}-{:02}", z.year(), z.month(), z.day())),
            'g' => num(
                i64::from(z.date().iso_week_date().year()).rem_euclid(100),
                2,
            ),
            'G' => num(i64::from(z.date().iso_week_date().year()), 4),
            'H' => num(i64::from(z.hour()), 2),
            'I' => num(hour12(z.hour()), 2),
            'j' => num(i64::from(z.day_of_year()), 3),
            'k' => spaced(i64::from(z.hour()), 2),
            'l' => spaced(hour12(z.hour()), 2),
            'm' => num(i64::from(z.month()), 2),
            'M' => num(i64::from(z.minute()), 2),
            'N' => {
                let digits = format!("{:09}", z.subsec_nanosecond());
                let keep = width.unwrap_or(9).clamp(1, 9);
                width = None;
                Field::Text(digits.get(..keep).unwrap_or(&digits).into())
            }
            'p' => Field::Text(if z.hour() < 12 { "AM" } else { "PM" }.into()),
            'P' => Field::Text(if z.hour() < 12 { "am" } else { "pm" }.into()),
            'q' => num(i64::from((z.month() - 1) / 3 + 1), 1),
            'r' => Field::Text(sub(m, "%I:%M:%S %p")),
            'R' => Field::Text(sub(m, "%H:%M")),
            's' => num(z.timestamp().as_second(), 1),
            'S' => num(i64::from(z.second()), 2),
            'T' | 'X' => Field::Text(sub(m, "%H:%M:%S")),
            'u' => num(i64::from(z.weekday().to_monday_one_offset()), 1),
            'U' => num(week_number(z, false), 2),
            'V' => num(i64::from(z.date().iso_week_date().week()), 2),
            'w' => num(weekday_index(z) as i64, 1),
            'W' => num(week_number(z, true), 2),
            'y' => num(i64::from(z.year()).rem_euclid(100), 2),
            'Y' => num(i64::from(z.year()), 1),
            'z' => Field::Text(offset_text(z, colons)),
            'Z' => Field::Text(m.abbrev.into()),
            other => {
                out.push_str(&raw);
                out.push(other);
                continue;
            }
        };
        let mut text = match field {
            Field::Num {
                value,
                width: natural,
                pad: natural_pad,
            } => {
                let padc = match pad {
                    Pad::Default => natural_pad,
                    Pad::Zero => '0',
                    Pad::Space => ' ',
                    Pad::None => '\0',
                };
                let w = if pad == Pad::None {
                    0
                } else {
                    width.unwrap_or(natural)
                };
                let digits = value.unsigned_abs().to_string();
                let sign = if value < 0 { "-" } else { "" };
                let len = sign.len() + digits.len();
                let fill = w.saturating_sub(len);
                if padc == '0' {
                    format!("{sign}{}{digits}", "0".repeat(fill))
                } else {
                    format!("{}{sign}{digits}", " ".repeat(fill))
                }
            }
            Field::Text(t) => {
                let w = if pad == Pad::None {
                    0
                } else {
                    width.unwrap_or(0)
                };
                let fill = w.saturating_sub(t.chars().count());
                let padc = if pad == Pad::Zero { "0" } else { " " };
                format!("{}{t}", padc.repeat(fill))
            }
        };
        if swap {
            text = if matches!(conv, 'Z' | 'p') {
                text.to_ascii_lowercase()
            } else {
                text.to_ascii_uppercase()
            };
        } else if upper {
            text = text.to_ascii_uppercase();
        }
        let _ = write!(out, "{text}");
    }
}

/// `fmt` formatted on its own (for the composite conversions).
fn sub(m: &Moment<'_>, fmt: &str) -> String {
    let mut s = String::new();
    format(m, fmt, &mut s);
    s
}
