//! The times of `-printf`'s `%t`, `%a`, `%c` and `%Tk`/`%Ak`/`%Ck`:
//! `strftime` conversions in the C locale and UTC (the sandbox has no time
//! zones), with GNU find's own `@` (seconds since the epoch), `+`
//! (`YYYY-MM-DD+HH:MM:SS`) and the ten fraction digits it adds to seconds
//! (`%T@`, `%TS`, `%TT`, `%T+`, `%t`).

use std::time::{SystemTime, UNIX_EPOCH};

use crate::common::time::{DAYS_LONG, MONTHS, MONTHS_LONG, civil, days_from_civil, epoch_secs};

const DAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
/// The conversion letters `%Tk` accepts.
pub const KNOWN: &str = "@+aAbBcCdDeFgGhHIjklmMnprRsStTuUVwWxXyYzZ";

/// The fraction GNU find prints after seconds: nanoseconds and a `0`.
fn fraction(t: SystemTime) -> String {
    let nanos = match t.duration_since(UNIX_EPOCH) {
        Ok(d) => d.subsec_nanos(),
        Err(e) => {
            let n = e.duration().subsec_nanos();
            if n == 0 { 0 } else { 1_000_000_000 - n }
        }
    };
    format!("{nanos:09}0")
}

/// `%t`: `Thu Jan  2 03:04:05.0000000000 2020`.
pub fn ctime(t: SystemTime) -> String {
    let c = civil(t);
    format!(
        "{} {} {:>2} {:02}:{:02}:{:02}.{} {}",
        conv(t, 'a'),
        conv(t, 'b'),
        c.day,
        c.hour,
        c.min,
        c.sec,
        fraction(t),
        c.year
    )
}

/// ISO 8601 week-based year and week number.
fn iso_week(year: i64, yday: i64, wday: i64) -> (i64, i64) {
    // Monday = 0.
    let wd = (wday + 6) % 7;
    let week = (yday - wd + 10) / 7;
    let leap = |y: i64| (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let weeks_in = |y: i64| {
        // A year has 53 weeks when it starts on a Thursday, or on a
        // Wednesday in a leap year.
        let jan1 = (days_from_civil(y, 1, 1) + 4).rem_euclid(7);
        if jan1 == 4 || (jan1 == 3 && leap(y)) {
            53
        } else {
            52
        }
    };
    if week < 1 {
        (year - 1, weeks_in(year - 1))
    } else if week > weeks_in(year) {
        (year + 1, 1)
    } else {
        (year, week)
    }
}

/// One `%Tk` conversion; an unknown `k` gives `%k`, as `strftime` does.
pub fn conv(t: SystemTime, k: char) -> String {
    let c = civil(t);
    let secs = epoch_secs(t);
    let days = secs.div_euclid(86_400);
    let wday = (days + 4).rem_euclid(7);
    let yday = days - days_from_civil(c.year, 1, 1);
    let month = c.month.saturating_sub(1) as usize;
    let h12 = if c.hour.is_multiple_of(12) {
        12
    } else {
        c.hour % 12
    };
    let ampm = if c.hour < 12 { "AM" } else { "PM" };
    let day_name = DAYS.get(wday as usize).copied().unwrap_or("?");
    let mon_name = MONTHS.get(month).copied().unwrap_or("?");
    match k {
        '@' => format!("{secs}.{}", fraction(t)),
        '+' => format!(
            "{:04}-{:02}-{:02}+{:02}:{:02}:{:02}.{}",
            c.year,
            c.month,
            c.day,
            c.hour,
            c.min,
            c.sec,
            fraction(t)
        ),
        'a' => day_name.into(),
        'A' => DAYS_LONG.get(wday as usize).copied().unwrap_or("?").into(),
        'b' | 'h' => mon_name.into(),
        'B' => MONTHS_LONG.get(month).copied().unwrap_or("?").into(),
        'c' => format!(
            "{day_name} {mon_name} {:>2} {:02}:{:02}:{:02} {}",
            c.day, c.hour, c.min, c.sec, c.year
        ),
        'C' => format!("{:02}", c.year.div_euclid(100)),
        'd' => format!("{:02}", c.day),
        'D' | 'x' => format!("{:02}/{:02}/{:02}", c.month, c.day, c.year.rem_euclid(100)),
        'e' => format!("{:>2}", c.day),
        'F' => format!("{:04}-{:02}-{:02}", c.year, c.month, c.day),
        'g' => format!("{:02}", iso_week(c.year, yday, wday).0.rem_euclid(100)),
        'G' => iso_week(c.year, yday, wday).0.to_string(),
        'H' => format!("{:02}", c.hour),
        'I' => format!("{h12:02}"),
        'j' => format!("{:03}", yday + 1),
        'k' => format!("{:>2}", c.hour),
        'l' => format!("{h12:>2}"),
        'm' => format!("{:02}", c.month),
        'M' => format!("{:02}", c.min),
        'n' => "\n".into(),
        'p' => ampm.into(),
        'r' => format!("{h12:02}:{:02}:{:02} {ampm}", c.min, c.sec),
        'R' => format!("{:02}:{:02}", c.hour, c.min),
        's' => secs.to_string(),
        'S' => format!("{:02}.{}", c.sec, fraction(t)),
        't' => "\t".into(),
        'T' => format!("{:02}:{:02}:{:02}.{}", c.hour, c.min, c.sec, fraction(t)),
        'u' => (if wday == 0 { 7 } else { wday }).to_string(),
        'U' => format!("{:02}", (yday + 7 - wday) / 7),
        'V' => format!("{:02}", iso_week(c.year, yday, wday).1),
        'w' => wday.to_string(),
        'W' => format!("{:02}", (yday + 7 - (wday + 6) % 7) / 7),
        'X' => format!("{:02}:{:02}:{:02}", c.hour, c.min, c.sec),
        'y' => format!("{:02}", c.year.rem_euclid(100)),
        'Y' => c.year.to_string(),
        'z' => "+0000".into(),
        'Z' => "UTC".into(),
        other => format!("%{other}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::time::from_epoch;
    use std::time::Duration;

    #[test]
    fn conversions() {
        // 2020-01-02 03:04:05.5 UTC, a Thursday.
        let t = from_epoch(1_577_934_245) + Duration::from_millis(500);
        assert_eq!(ctime(t), "Thu Jan  2 03:04:05.5000000000 2020");
        assert_eq!(conv(t, '@'), "1577934245.5000000000");
        assert_eq!(conv(t, '+'), "2020-01-02+03:04:05.5000000000");
        assert_eq!(conv(t, 'T'), "03:04:05.5000000000");
        assert_eq!(conv(t, 'k'), " 3");
        assert_eq!(conv(t, 'D'), "01/02/20");
        assert_eq!(conv(t, 'j'), "002");
        assert_eq!(conv(t, 'V'), "01");
        assert_eq!(conv(t, 'U'), "00");
        assert_eq!(conv(t, 'W'), "00");
        assert_eq!(conv(t, 'u'), "4");
        assert_eq!(conv(t, 'q'), "%q");
        // 2021-01-01 is a Friday in ISO week 53 of 2020.
        let t = from_epoch(1_609_459_200);
        assert_eq!((conv(t, 'G'), conv(t, 'V')), ("2020".into(), "53".into()));
    }
}
