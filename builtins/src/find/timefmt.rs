//! The times of `-printf`'s `%t`, `%a`, `%c` and `%Tk`/`%Ak`/`%Ck`:
//! `strftime` conversions in the C locale and UTC (the sandbox has no time
//! zones), with GNU find's own `@` (seconds since the epoch), `+`
//! (`YYYY-MM-DD+HH:MM:SS`) and the ten fraction digits it adds to seconds
//! (`%T@`, `%TS`, `%TT`, `%T+`, `%t`).

use std::time::{SystemTime, UNIX_EPOCH};

use crate::common::time::{civil, epoch_secs};
use crate::date::format::strftime;

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

/// One `%Tk` conversion: find's own `@`, `+`, `S` and `T` (with the
/// fraction), the others as `date +%k` formats them (in UTC); an unknown
/// `k` gives `%k`, as `strftime` does.
pub fn conv(t: SystemTime, k: char) -> String {
    let c = civil(t);
    let secs = epoch_secs(t);
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
        'S' => format!("{:02}.{}", c.sec, fraction(t)),
        'T' => format!("{:02}:{:02}:{:02}.{}", c.hour, c.min, c.sec, fraction(t)),
        'x' => strftime("%D", secs, 0, None),
        _ => {
            let mut fmt = String::from("%");
            fmt.push(k);
            strftime(&fmt, secs, 0, None)
        }
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
