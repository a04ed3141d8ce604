//! `date -d STRING`: the phrases GNU's `parse_datetime` reads, as items in
//! any order: `@EPOCH[.FRAC]`, calendar dates (`2024-01-31`, `01/31/2024`,
//! `31 Jan 2024`, `January 31, 2024`, `20240131`), times (`14:07[:09[.N]]`,
//! `3pm`, `T14:07:09Z`), zones (`UTC`, `Z`, `+0530`, `EST`, and a signed
//! number right after a time), `TZ="Zone"` in front, weekdays (`monday`,
//! `next friday`), and relative items (`3 days ago`, `+1 month`, `next
//! hour`, `yesterday`, `tomorrow`, `now`).
//!
//! [`resolve`] then works as GNU does: the date and time replace those of
//! now (a date without a time is midnight), a weekday moves the day
//! forward to it, relative years, months and days are added to the
//! calendar fields and normalised (`2024-01-31 +1 month` is March 2), and
//! relative hours, minutes and seconds are added to the instant.
//!
//! Invariant: any string parses or is refused without panicking, with
//! every number checked before it is used; absurd values are refused as
//! an invalid date. Checked by `date::tests` and the `utils` fuzz target.

use jiff::civil::{Date, DateTime, Time};
use jiff::tz::{Offset, TimeZone};
use jiff::{Span, Timestamp};

use super::zone;

/// One lexical piece of a date string.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    /// Digits: the value and how many digits were written.
    Num(i64, usize),
    /// A word, lower-cased, trailing dot dropped.
    Word(String),
    Sign(i64),
    Colon,
    Slash,
    Dot,
    Comma,
    At,
}

fn lex(s: &str) -> Option<Vec<Tok>> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        match c {
            b' ' | b'\t' | b'\n' => i += 1,
            b'0'..=b'9' => {
                let start = i;
                let mut v: i64 = 0;
                while let Some(d) = b.get(i).filter(|d| d.is_ascii_digit()) {
                    v = v.checked_mul(10)?.checked_add(i64::from(d - b'0'))?;
                    i += 1;
                }
                out.push(Tok::Num(v, i - start));
            }
            b'a'..=b'z' | b'A'..=b'Z' => {
                let start = i;
                while b
                    .get(i)
                    .is_some_and(|d| d.is_ascii_alphabetic() || *d == b'.')
                {
                    i += 1;
                }
                let w = s.get(start..i)?.to_ascii_lowercase();
                out.push(Tok::Word(w.trim_end_matches('.').replace('.', "")));
            }
            b'+' => {
                out.push(Tok::Sign(1));
                i += 1;
            }
            b'-' => {
                out.push(Tok::Sign(-1));
                i += 1;
            }
            b':' => {
                out.push(Tok::Colon);
                i += 1;
            }
            b'/' => {
                out.push(Tok::Slash);
                i += 1;
            }
            b'.' => {
                out.push(Tok::Dot);
                i += 1;
            }
            b',' => {
                out.push(Tok::Comma);
                i += 1;
            }
            b'@' => {
                out.push(Tok::At);
                i += 1;
            }
            b'(' => {
                // A parenthesised comment, as GNU allows.
                while b.get(i).is_some_and(|d| *d != b')') {
                    i += 1;
                }
                i += 1;
            }
            _ => return None,
        }
    }
    Some(out)
}

/// The relative items, summed.
#[derive(Clone, Copy, Debug, Default)]
struct Rel {
    years: i64,
    months: i64,
    days: i64,
    hours: i64,
    minutes: i64,
    seconds: i64,
    nanos: i64,
}

/// What a date string says.
#[derive(Debug, Default)]
pub struct Parsed {
    epoch: Option<(i64, i64)>,
    /// Year (when given), month, day.
    date: Option<(Option<i64>, i64, i64)>,
    /// Hour, minute, second, nanosecond.
    time: Option<(i64, i64, i64, i64)>,
    /// A fixed offset in seconds given in the string.
    offset: Option<i64>,
    /// The zone of `TZ="..."` in front.
    zone: Option<TimeZone>,
    /// Ordinal and weekday (0 = Sunday).
    weekday: Option<(i64, i64)>,
    rel: Rel,
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];
const WEEKDAYS: [&str; 7] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

fn month_of(w: &str) -> Option<i64> {
    let full = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    let i = full
        .iter()
        .position(|f| *f == w)
        .or_else(|| MONTHS.iter().position(|m| *m == w))
        .or_else(|| (w == "sept").then_some(8))?;
    Some(i as i64 + 1)
}

fn weekday_of(w: &str) -> Option<i64> {
    let full = [
        "sunday",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
    ];
    let alias = match w {
        "tues" => Some(2),
        "wednes" => Some(3),
        "thur" | "thurs" => Some(4),
        _ => None,
    };
    let i = full
        .iter()
        .position(|f| *f == w)
        .or_else(|| WEEKDAYS.iter().position(|d| *d == w))
        .or(alias)?;
    Some(i as i64)
}

/// A relative unit's size: (field, multiplier).
#[derive(Clone, Copy)]
enum Unit {
    Year,
    Month,
    Day(i64),
    Hour,
    Minute,
    Second,
}

fn unit_of(w: &str) -> Option<Unit> {
    let w = w.strip_suffix('s').filter(|s| !s.is_empty()).unwrap_or(w);
    Some(match w {
        "year" => Unit::Year,
        "month" => Unit::Month,
        "fortnight" => Unit::Day(14),
        "week" => Unit::Day(7),
        "day" => Unit::Day(1),
        "hour" => Unit::Hour,
        "minute" | "min" => Unit::Minute,
        "second" | "sec" => Unit::Second,
        _ => return None,
    })
}

/// Ordinal words as numbers (`next` is 1, `last` -1, `this` 0).
fn ordinal_of(w: &str) -> Option<i64> {
    Some(match w {
        "last" => -1,
        "this" => 0,
        "next" | "first" => 1,
        "third" => 3,
        "fourth" => 4,
        "fifth" => 5,
        "sixth" => 6,
        "seventh" => 7,
        "eighth" => 8,
        "ninth" => 9,
        "tenth" => 10,
        "eleventh" => 11,
        "twelfth" => 12,
        _ => return None,
    })
}

/// Zone abbreviations GNU knows, as offsets in hours (`z`, `utc`...).
fn named_offset(w: &str) -> Option<i64> {
    let h = match w {
        "z" | "utc" | "ut" | "gmt" | "wet" => 0,
        "bst" | "west" | "cet" | "met" | "mewt" => 1,
        "cest" | "mest" | "eet" => 2,
        "eest" | "msk" => 3,
        "ast" | "edt" => -4,
        "est" | "cdt" => -5,
        "cst" | "mdt" => -6,
        "mst" | "pdt" => -7,
        "pst" | "akdt" => -8,
        "akst" | "hdt" => -9,
        "hst" => -10,
        "jst" => 9,
        _ => return None,
    };
    Some(h * 3600)
}

/// Nanoseconds from the digits of a fraction (`5` is half a second).
fn fraction(value: i64, digits: usize) -> i64 {
    let mut v = value;
    let mut d = digits;
    while d > 9 {
        v /= 10;
        d -= 1;
    }
    while d < 9 {
        v = v.saturating_mul(10);
        d += 1;
    }
    v
}

struct Reader {
    toks: Vec<Tok>,
    pos: usize,
    p: Parsed,
}

impl Reader {
    fn peek(&self, k: usize) -> Option<&Tok> {
        self.toks.get(self.pos + k)
    }

    fn num(&self, k: usize) -> Option<(i64, usize)> {
        match self.peek(k) {
            Some(Tok::Num(v, l)) => Some((*v, *l)),
            _ => None,
        }
    }

    fn word(&self, k: usize) -> Option<&str> {
        match self.peek(k) {
            Some(Tok::Word(w)) => Some(w.as_str()),
            _ => None,
        }
    }

    fn set_date(&mut self, y: Option<i64>, m: i64, d: i64) -> Option<()> {
        if self.p.date.is_some() {
            return None;
        }
        // Two-digit years as POSIX reads them.
        let y = y.map(|y| match y {
            0..=68 => y + 2000,
            69..=99 => y + 1900,
            _ => y,
        });
        self.p.date = Some((y, m, d));
        Some(())
    }

    fn add_rel(&mut self, n: i64, unit: Unit) -> Option<()> {
        // `ago` negates the item it follows.
        let n = if self.word(0) == Some("ago") {
            self.pos += 1;
            n.checked_neg()?
        } else {
            n
        };
        let r = &mut self.p.rel;
        match unit {
            Unit::Year => r.years = r.years.checked_add(n)?,
            Unit::Month => r.months = r.months.checked_add(n)?,
            Unit::Day(k) => r.days = r.days.checked_add(n.checked_mul(k)?)?,
            Unit::Hour => r.hours = r.hours.checked_add(n)?,
            Unit::Minute => r.minutes = r.minutes.checked_add(n)?,
            Unit::Second => r.seconds = r.seconds.checked_add(n)?,
        }
        Some(())
    }

    /// A time starting at the current token (`HH:MM[:SS[.N]]`, `Npm`),
    /// then any zone right after it.
    fn time(&mut self) -> Option<()> {
        let (h, _) = self.num(0)?;
        let mut m = 0;
        let mut s = 0;
        let mut ns = 0;
        if self.peek(1) == Some(&Tok::Colon) {
            m = self.num(2)?.0;
            self.pos += 3;
            if self.peek(0) == Some(&Tok::Colon) {
                s = self.num(1)?.0;
                self.pos += 2;
                if matches!(self.peek(0), Some(Tok::Dot | Tok::Comma)) {
                    let (f, l) = self.num(1)?;
                    ns = fraction(f, l);
                    self.pos += 2;
                }
            }
        } else {
            self.pos += 1;
        }
        let mut h = h;
        match self.word(0) {
            Some("am" | "a") => {
                if !(1..=12).contains(&h) {
                    return None;
                }
                h %= 12;
                self.pos += 1;
            }
            Some("pm" | "p") => {
                if !(1..=12).contains(&h) {
                    return None;
                }
                h = h % 12 + 12;
                self.pos += 1;
            }
            _ => {}
        }
        if self.p.time.is_some() {
            return None;
        }
        self.p.time = Some((h, m, s, ns));
        self.zone_after_time()
    }

    /// A zone after a time: a name, or a signed number (`+05`, `+0530`,
    /// `-08:00`), which GNU reads as a zone here, not a relative item.
    fn zone_after_time(&mut self) -> Option<()> {
        if let Some(w) = self.word(0)
            && let Some(off) = named_offset(w)
        {
            self.pos += 1;
            self.p.offset = Some(off);
            if let Some(Tok::Sign(_)) = self.peek(0)
                && self.word(2).and_then(unit_of).is_none()
            {
                return self.signed_offset(off);
            }
            return Some(());
        }
        if let Some(Tok::Sign(_)) = self.peek(0)
            && self.num(1).is_some()
        {
            return self.signed_offset(0);
        }
        Some(())
    }

    fn signed_offset(&mut self, base: i64) -> Option<()> {
        let Some(Tok::Sign(sign)) = self.peek(0).cloned() else {
            return Some(());
        };
        let (v, len) = self.num(1)?;
        self.pos += 2;
        let secs = if self.peek(0) == Some(&Tok::Colon) {
            let (m, _) = self.num(1)?;
            self.pos += 2;
            v.checked_mul(3600)?.checked_add(m.checked_mul(60)?)?
        } else if len <= 2 {
            v.checked_mul(3600)?
        } else {
            (v / 100).checked_mul(3600)?.checked_add((v % 100) * 60)?
        };
        if secs > 24 * 3600 {
            return None;
        }
        self.p.offset = Some(base + sign * secs);
        Some(())
    }

    fn item(&mut self) -> Option<()> {
        let t = self.peek(0)?.clone();
        match t {
            Tok::At => {
                let (sign, k) = match self.peek(1) {
                    Some(Tok::Sign(s)) => (*s, 2),
                    _ => (1, 1),
                };
                let (v, _) = self.num(k)?;
                self.pos += k + 1;
                let mut ns = 0;
                if matches!(self.peek(0), Some(Tok::Dot | Tok::Comma)) {
                    let (f, l) = self.num(1)?;
                    ns = fraction(f, l);
                    self.pos += 2;
                }
                if self.p.epoch.is_some() {
                    return None;
                }
                let (secs, ns) = if sign < 0 && ns > 0 {
                    (-v - 1, 1_000_000_000 - ns)
                } else {
                    (sign * v, ns)
                };
                self.p.epoch = Some((secs, ns));
                Some(())
            }
            Tok::Num(v, len) => self.number(v, len),
            Tok::Sign(sign) => {
                let (v, _) = self.num(1)?;
                let unit = self.word(2).and_then(unit_of)?;
                self.pos += 3;
                self.add_rel(sign * v, unit)
            }
            Tok::Word(w) => self.word_item(&w),
            Tok::Comma => {
                self.pos += 1;
                Some(())
            }
            Tok::Colon | Tok::Slash | Tok::Dot => None,
        }
    }

    fn number(&mut self, v: i64, len: usize) -> Option<()> {
        // ISO date: YYYY-MM-DD, then an optional `T` and time.
        if let (Some(Tok::Sign(-1)), Some((m, _)), Some(Tok::Sign(-1)), Some((d, _))) =
            (self.peek(1), self.num(2), self.peek(3), self.num(4))
        {
            self.pos += 5;
            self.set_date(Some(v), m, d)?;
            if self.word(0) == Some("t") && self.num(1).is_some() {
                self.pos += 1;
                return self.time();
            }
            if let Some(w) = self.word(0)
                && let Some(rest) = w.strip_prefix('t')
                && rest.is_empty()
            {
                self.pos += 1;
            }
            return Some(());
        }
        // US date: MM/DD[/YYYY].
        if self.peek(1) == Some(&Tok::Slash) {
            let (d, _) = self.num(2)?;
            self.pos += 3;
            let y = if self.peek(0) == Some(&Tok::Slash) {
                let (y, _) = self.num(1)?;
                self.pos += 2;
                Some(y)
            } else {
                None
            };
            return self.set_date(y, v, d);
        }
        if self.peek(1) == Some(&Tok::Colon)
            || matches!(self.word(1), Some("am" | "pm" | "a" | "p"))
        {
            return self.time();
        }
        // `5 Mar [2024]`.
        if let Some(m) = self.word(1).and_then(month_of) {
            self.pos += 2;
            let y = self.num(0).map(|(y, _)| y);
            if y.is_some() {
                self.pos += 1;
            }
            return self.set_date(y, m, v);
        }
        // `3 days`, `1 hour ago`.
        if let Some(unit) = self.word(1).and_then(unit_of) {
            self.pos += 2;
            return self.add_rel(v, unit);
        }
        self.pos += 1;
        if len == 8 && self.p.date.is_none() {
            return self.set_date(Some(v / 10000), v / 100 % 100, v % 100);
        }
        if self.p.date.is_some() && self.p.time.is_none() && len <= 4 {
            self.p.time = Some((v / 100, v % 100, 0, 0));
            return self.zone_after_time();
        }
        if let Some((None, m, d)) = self.p.date
            && len >= 3
        {
            self.p.date = Some((Some(v), m, d));
            return Some(());
        }
        None
    }

    fn word_item(&mut self, w: &str) -> Option<()> {
        self.pos += 1;
        match w {
            "now" | "today" => return Some(()),
            "yesterday" => return self.add_rel(-1, Unit::Day(1)),
            "tomorrow" => return self.add_rel(1, Unit::Day(1)),
            _ => {}
        }
        if let Some(m) = month_of(w) {
            // `March 5[,] [2024]`.
            let (d, _) = self.num(0)?;
            self.pos += 1;
            if self.peek(0) == Some(&Tok::Comma) {
                self.pos += 1;
            }
            let y = match self.num(0) {
                Some((y, _)) if self.peek(1) != Some(&Tok::Colon) => {
                    self.pos += 1;
                    Some(y)
                }
                _ => None,
            };
            return self.set_date(y, m, d);
        }
        if let Some(wd) = weekday_of(w) {
            if self.p.weekday.is_some() {
                return None;
            }
            self.p.weekday = Some((0, wd));
            return Some(());
        }
        if let Some(n) = ordinal_of(w) {
            let next = self.word(0)?.to_owned();
            self.pos += 1;
            if let Some(wd) = weekday_of(&next) {
                if self.p.weekday.is_some() {
                    return None;
                }
                self.p.weekday = Some((n, wd));
                return Some(());
            }
            return self.add_rel(n, unit_of(&next)?);
        }
        if let Some(unit) = unit_of(w) {
            return self.add_rel(1, unit);
        }
        if let Some(off) = named_offset(w) {
            self.p.offset = Some(off);
            if let Some(Tok::Sign(_)) = self.peek(0)
                && self.num(1).is_some()
                && self.word(2).and_then(unit_of).is_none()
            {
                return self.signed_offset(off);
            }
            return Some(());
        }
        None
    }
}

/// Reads a date string; `None` when GNU would call it invalid.
pub fn parse(s: &str) -> Option<Parsed> {
    let mut rest = s.trim_start();
    let mut zone = None;
    if let Some(after) = rest.strip_prefix("TZ=\"") {
        let end = after.find('"')?;
        zone = Some(zone::named(after.get(..end)?)?);
        rest = after.get(end + 1..)?;
    }
    let toks = lex(rest)?;
    let mut r = Reader {
        toks,
        pos: 0,
        p: Parsed {
            zone,
            ..Parsed::default()
        },
    };
    // An empty string (comments aside) is today at midnight, as in GNU.
    if r.toks.is_empty() {
        r.p.time = Some((0, 0, 0, 0));
    }
    while r.pos < r.toks.len() {
        r.item()?;
    }
    Some(r.p)
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        _ => 28,
    }
}

/// The instant `p` names, read against `now` in zone `tz`.
pub fn resolve(p: &Parsed, now: Timestamp, tz: &TimeZone) -> Option<Timestamp> {
    let tz = p.zone.as_ref().unwrap_or(tz);
    let rel = p.rel;
    let base = if let Some((secs, ns)) = p.epoch {
        // `@N` stands alone, as in GNU.
        let r = &p.rel;
        let relative = [
            r.years, r.months, r.days, r.hours, r.minutes, r.seconds, r.nanos,
        ]
        .iter()
        .any(|v| *v != 0);
        if p.date.is_some() || p.time.is_some() || p.weekday.is_some() || relative {
            return None;
        }
        let ts = Timestamp::new(secs, i32::try_from(ns).ok()?).ok()?;
        let dt = tz.to_datetime(ts);
        (dt, Some(ts))
    } else {
        (tz.to_datetime(now), None)
    };
    let (mut dt, fixed) = base;
    let mut y = i64::from(dt.year());
    let mut mo = i64::from(dt.month());
    let mut d = i64::from(dt.day());
    let (mut h, mut mi, mut s, mut ns) = (
        i64::from(dt.hour()),
        i64::from(dt.minute()),
        i64::from(dt.second()),
        i64::from(dt.subsec_nanosecond()),
    );
    if let Some((yy, mm, dd)) = p.date {
        if let Some(yy) = yy {
            y = yy;
        }
        if !(1..=12).contains(&mm) || dd < 1 || dd > days_in_month(y, mm) {
            return None;
        }
        (mo, d) = (mm, dd);
    }
    if (p.date.is_some() || p.weekday.is_some()) && p.time.is_none() {
        (h, mi, s, ns) = (0, 0, 0, 0);
    }
    if let Some((hh, mm, ss, nn)) = p.time {
        if !(0..=23).contains(&hh) || !(0..=59).contains(&mm) || !(0..=60).contains(&ss) {
            return None;
        }
        (h, mi, s, ns) = (hh, mm, ss.min(59), nn);
    }
    if !(-9999..=9999).contains(&y) {
        return None;
    }
    // A weekday moves the day only when no calendar date was given.
    if let Some((ord, wd)) = p.weekday.filter(|_| p.date.is_none()) {
        let date = Date::new(i16::try_from(y).ok()?, i8::try_from(mo).ok()?, 1).ok()?;
        let date = date.checked_add(Span::new().days(d - 1)).ok()?;
        let cur = i64::from(date.weekday().to_sunday_zero_offset());
        let ahead = (wd - cur + 7) % 7;
        let extra = ord - i64::from(ord > 0 && cur != wd);
        d = d.checked_add(ahead)?.checked_add(extra.checked_mul(7)?)?;
    }
    // Relative calendar fields, normalised as mktime does.
    let months = y
        .checked_mul(12)?
        .checked_add(mo - 1)?
        .checked_add(rel.months)?
        .checked_add(rel.years.checked_mul(12)?)?;
    let (ny, nm) = (months.div_euclid(12), months.rem_euclid(12) + 1);
    let first = Date::new(i16::try_from(ny).ok()?, i8::try_from(nm).ok()?, 1).ok()?;
    let days = d.checked_sub(1)?.checked_add(rel.days)?;
    if days.abs() > 10_000 * 366 {
        return None;
    }
    let date = first.checked_add(Span::new().days(days)).ok()?;
    let time = Time::new(
        i8::try_from(h).ok()?,
        i8::try_from(mi).ok()?,
        i8::try_from(s).ok()?,
        i32::try_from(ns).ok()?,
    )
    .ok()?;
    dt = DateTime::from_parts(date, time);
    let ts = match (fixed, p.offset) {
        (Some(ts), _) => ts,
        (_, Some(off)) => {
            let off = Offset::from_seconds(i32::try_from(off).ok()?).ok()?;
            off.to_timestamp(dt).ok()?
        }
        _ => tz.to_ambiguous_zoned(dt).compatible().ok()?.timestamp(),
    };
    let secs = rel
        .hours
        .checked_mul(3600)?
        .checked_add(rel.minutes.checked_mul(60)?)?
        .checked_add(rel.seconds)?;
    if secs.abs() > 400_000_000_000 {
        return None;
    }
    ts.checked_add(Span::new().seconds(secs).nanoseconds(rel.nanos))
        .ok()
}
