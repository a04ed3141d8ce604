//! Calendar arithmetic in UTC (the sandbox has no time zones): formatting
//! for `ls -l` and parsing for `touch -d` / `touch -t`.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// English month abbreviations, January first.
pub const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// A broken-down UTC time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Civil {
    /// Year, e.g. 2024.
    pub year: i64,
    /// Month 1..=12.
    pub month: u32,
    /// Day of month 1..=31.
    pub day: u32,
    /// Hour 0..=23.
    pub hour: u32,
    /// Minute 0..=59.
    pub min: u32,
    /// Second 0..=60.
    pub sec: u32,
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's algorithm).
pub fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day count since 1970-01-01.
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// Seconds since the epoch (negative before it).
pub fn epoch_secs(t: SystemTime) -> i64 {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => i64::try_from(d.as_secs()).unwrap_or(i64::MAX),
        Err(e) => -i64::try_from(e.duration().as_secs()).unwrap_or(i64::MAX),
    }
}

/// The time `secs` seconds after the epoch.
pub fn from_epoch(secs: i64) -> SystemTime {
    if secs >= 0 {
        UNIX_EPOCH + Duration::from_secs(secs.unsigned_abs())
    } else {
        UNIX_EPOCH - Duration::from_secs(secs.unsigned_abs())
    }
}

/// Breaks a time down in UTC.
pub fn civil(t: SystemTime) -> Civil {
    let s = epoch_secs(t);
    let days = s.div_euclid(86_400);
    let rem = s.rem_euclid(86_400) as u32;
    let (year, month, day) = civil_from_days(days);
    Civil {
        year,
        month,
        day,
        hour: rem / 3600,
        min: rem / 60 % 60,
        sec: rem % 60,
    }
}

/// The nanoseconds past the second of `t`.
pub fn subsec_nanos(t: SystemTime) -> u32 {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => d.subsec_nanos(),
        Err(e) => {
            let n = e.duration().subsec_nanos();
            if n == 0 { 0 } else { 1_000_000_000 - n }
        }
    }
}

/// `YYYY-MM-DD HH:MM:SS.NNNNNNNNN +0000`, as `stat` and `ls --full-time`
/// print times.
pub fn full_iso(t: SystemTime) -> String {
    let c = civil(t);
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}:{:02}.{:09} +0000",
        c.year,
        c.month,
        c.day,
        c.hour,
        c.min,
        c.sec,
        subsec_nanos(t)
    )
}

/// Seconds since the epoch of a broken-down UTC time.
pub fn to_epoch(c: &Civil) -> i64 {
    days_from_civil(c.year, c.month, c.day) * 86_400
        + i64::from(c.hour) * 3600
        + i64::from(c.min) * 60
        + i64::from(c.sec)
}

/// `ls -l` date: `Mon DD HH:MM` for times within the last six months (and
/// not in the future), `Mon DD  YYYY` otherwise.
pub fn ls_date(t: SystemTime, now: SystemTime) -> String {
    let c = civil(t);
    let month = MONTHS
        .get(c.month.saturating_sub(1) as usize)
        .copied()
        .unwrap_or("???");
    let age = epoch_secs(now) - epoch_secs(t);
    let six_months = 31_556_952 / 2;
    if (0..six_months).contains(&age) || (age < 0 && age > -60) {
        format!("{month} {:>2} {:02}:{:02}", c.day, c.hour, c.min)
    } else {
        format!("{month} {:>2}  {}", c.day, c.year)
    }
}

fn num(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn valid(c: &Civil) -> bool {
    let dim = match c.month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 => {
            let leap = (c.year % 4 == 0 && c.year % 100 != 0) || c.year % 400 == 0;
            if leap { 29 } else { 28 }
        }
        _ => return false,
    };
    (1..=dim).contains(&c.day) && c.hour < 24 && c.min < 60 && c.sec <= 60
}

/// Parses a `touch -t` stamp `[[CC]YY]MMDDhhmm[.ss]` (UTC); `now` gives
/// the year when it is omitted.
pub fn parse_touch_stamp(s: &str, now: SystemTime) -> Option<SystemTime> {
    let (main, sec) = match s.split_once('.') {
        Some((m, ss)) if ss.len() == 2 => (m, num(ss)?),
        Some(_) => return None,
        None => (s, 0),
    };
    if !main.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (year, rest) = match main.len() {
        8 => (civil(now).year, main),
        10 => {
            let yy = i64::from(num(main.get(..2)?)?);
            (if yy < 69 { 2000 + yy } else { 1900 + yy }, main.get(2..)?)
        }
        12 => (i64::from(num(main.get(..4)?)?), main.get(4..)?),
        _ => return None,
    };
    let c = Civil {
        year,
        month: num(rest.get(0..2)?)?,
        day: num(rest.get(2..4)?)?,
        hour: num(rest.get(4..6)?)?,
        min: num(rest.get(6..8)?)?,
        sec,
    };
    valid(&c).then(|| from_epoch(to_epoch(&c)))
}

/// Parses the `touch -d` forms supported here: `now`, `today`,
/// `yesterday`, `tomorrow`, `@EPOCH`, `YYYY-MM-DD`, and
/// `YYYY-MM-DD[ T]HH:MM[:SS]` with an optional trailing `Z`/`UTC`, and
/// `N (second|minute|hour|day|week)s ago` (all UTC).
pub fn parse_date(s: &str, now: SystemTime) -> Option<SystemTime> {
    let s = s.trim();
    let now_s = epoch_secs(now);
    match s {
        "now" | "today" | "" => return Some(now),
        "yesterday" => return Some(from_epoch(now_s - 86_400)),
        "tomorrow" => return Some(from_epoch(now_s + 86_400)),
        _ => {}
    }
    if let Some(e) = s.strip_prefix('@') {
        let (int, _) = e.split_once('.').unwrap_or((e, ""));
        return int.parse::<i64>().ok().map(from_epoch);
    }
    let words: Vec<&str> = s.split_whitespace().collect();
    if let [n, unit, "ago"] = words.as_slice() {
        let n: i64 = n.parse().ok()?;
        let secs = match unit.trim_end_matches('s') {
            "second" | "sec" => 1,
            "minute" | "min" => 60,
            "hour" => 3600,
            "day" => 86_400,
            "week" => 604_800,
            _ => return None,
        };
        return Some(from_epoch(now_s - n.checked_mul(secs)?));
    }
    let s = s
        .strip_suffix(" UTC")
        .or_else(|| s.strip_suffix('Z'))
        .unwrap_or(s);
    let (date, time) = match s.split_once(['T', ' ']) {
        Some((d, t)) => (d, Some(t.trim())),
        None => (s, None),
    };
    let mut dp = date.split('-');
    let year = i64::from(num(dp.next()?)?);
    let month = num(dp.next()?)?;
    let day = num(dp.next()?)?;
    if dp.next().is_some() {
        return None;
    }
    let (hour, min, sec) = match time {
        None => (0, 0, 0),
        Some(t) => {
            let t = t.split_once('.').map_or(t, |(a, _)| a);
            let mut tp = t.split(':');
            let h = num(tp.next()?)?;
            let m = num(tp.next()?)?;
            let sec = match tp.next() {
                Some(x) => num(x)?,
                None => 0,
            };
            if tp.next().is_some() {
                return None;
            }
            (h, m, sec)
        }
    };
    let c = Civil {
        year,
        month,
        day,
        hour,
        min,
        sec,
    };
    valid(&c).then(|| from_epoch(to_epoch(&c)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        let t = parse_date("2024-02-29 13:05:09", SystemTime::now()).unwrap();
        let c = civil(t);
        assert_eq!(
            (c.year, c.month, c.day, c.hour, c.min, c.sec),
            (2024, 2, 29, 13, 5, 9)
        );
        assert!(parse_date("2023-02-29", SystemTime::now()).is_none());
        assert!(parse_date("garbage", SystemTime::now()).is_none());
    }

    #[test]
    fn stamps_and_ls_dates() {
        let now = parse_date("2024-06-01 00:00", UNIX_EPOCH).unwrap();
        let t = parse_touch_stamp("202401021530.45", now).unwrap();
        assert_eq!(ls_date(t, now), "Jan  2 15:30");
        let old = parse_touch_stamp("202001021530", now).unwrap();
        assert_eq!(ls_date(old, now), "Jan  2  2020");
        assert!(parse_touch_stamp("2024010215", now).is_none());
    }
}
