//! `zip` and `unzip` (Info-ZIP Zip 3.0 / UnZip 6.00 as Debian ships them)
//! over the VFS, through the `zip` crate (deflate through flate2's
//! pure-Rust backend, as gzip uses): create and update archives (`-r -j
//! -x -d -q -0..-9`, `-` for standard input), list (`unzip -l`), extract
//! (`-d -j -o -n -x -p -q`, member patterns), with Info-ZIP's messages and
//! exit statuses (12 nothing to do, 9 no archive, 11 no member matched).
//!
//! Archives are built and read in memory (charged to the budget); times
//! are the DOS times zip stores, in the session's time zone.

pub mod unzip_cmd;
pub mod zip_cmd;

/// A DOS date-time for `secs` in the zone of `TZ`.
pub(crate) fn dos_time(secs: i64, tz: Option<&str>) -> zip::DateTime {
    let f = |fmt: &str| {
        crate::date::format::strftime(fmt, secs, 0, tz)
            .parse::<u16>()
            .unwrap_or(0)
    };
    zip::DateTime::from_date_and_time(
        f("%Y"),
        f("%m") as u8,
        f("%d") as u8,
        f("%H") as u8,
        f("%M") as u8,
        f("%S") as u8,
    )
    .unwrap_or_default()
}

pub(crate) fn tz(sys: &crate::common::sys::Sys<'_>) -> Option<String> {
    sys.env
        .iter()
        .find(|(k, _)| k == "TZ")
        .map(|(_, v)| v.clone())
}
