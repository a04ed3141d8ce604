//! Time zones from `TZ`, read from the zone database bundled into the
//! binary, never the host's: the sandbox's clock reads UTC unless the
//! script sets `TZ`.
//!
//! Invariant: no lookup touches the host filesystem (the database is
//! jiff's bundled copy, `TimeZoneDatabase::bundled`). Checked by
//! `date::tests::zones_come_from_the_bundled_database` (sandbash-builtins).

use std::sync::OnceLock;

use jiff::Timestamp;
use jiff::tz::{TimeZone, TimeZoneDatabase};

fn db() -> &'static TimeZoneDatabase {
    static DB: OnceLock<TimeZoneDatabase> = OnceLock::new();
    DB.get_or_init(TimeZoneDatabase::bundled)
}

/// The zone named `name`: an IANA name (`America/New_York`) or a POSIX TZ
/// string (`UTC0`, `EST5EDT,M3.2.0,M11.1.0`); `None` when it is neither.
pub fn named(name: &str) -> Option<TimeZone> {
    let name = name.strip_prefix(':').unwrap_or(name);
    if name.is_empty() {
        return Some(TimeZone::UTC);
    }
    if let Ok(tz) = db().get(name) {
        return Some(tz);
    }
    TimeZone::posix(name).ok()
}

/// The zone a `TZ` value selects and, for a value that names no zone, the
/// abbreviation glibc then shows (UTC under the name's leading letters).
pub fn from_tz(tz: Option<&str>) -> (TimeZone, Option<String>) {
    let Some(value) = tz else {
        return (TimeZone::UTC, None);
    };
    match named(value) {
        Some(z) => (z, None),
        None => {
            let letters: String = value
                .trim_start_matches(':')
                .chars()
                .take_while(char::is_ascii_alphabetic)
                .collect();
            let shown = if letters.len() >= 3 {
                letters
            } else {
                "UTC".into()
            };
            (TimeZone::UTC, Some(shown))
        }
    }
}

/// The abbreviation of `tz` at `ts` (`EDT`, `IST`, `UTC`); a zone whose
/// abbreviation is numeric shows it as glibc does (`+0530`-like `+0530`).
pub fn abbreviation(tz: &TimeZone, ts: Timestamp) -> String {
    tz.to_offset_info(ts).abbreviation().to_owned()
}
