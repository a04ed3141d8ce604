//! `date`: print the date and time, now or as `-d`/`-f`/`-r` give it, in
//! the zone `TZ` names (UTC when unset: the sandbox has no host zone), in
//! GNU's formats. Setting the clock (`-s`, `MMDDhhmm`) is refused.
//!
//! [`parse`] reads `-d` strings, [`format`] writes FORMAT, [`zone`] looks
//! zones up in the bundled database.

pub mod parse;

pub use sandbash_interpreter::time::{format, zone};

use jiff::Timestamp;
use jiff::tz::TimeZone;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::lines::for_each_line;
use crate::common::sys::{Out, Res, Sys};

/// The `date` utility.
pub struct Date;

/// The options of `date`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Date,
    Debug,
    File,
    Iso,
    RfcEmail,
    Rfc3339,
    Reference,
    Set,
    Utc,
}

impl Command for Date {
    const NAME: &'static str = "date";
    const HELP: Help = Help {
        usage: &["[OPTION]... [+FORMAT]"],
        about: "Display the date and time in the given FORMAT.
The clock of the sandbox cannot be set; without TZ the zone is UTC.",
        after: "FORMAT controls the output as in GNU date: %a %A %b %B %c %C %d %D %e %F
%g %G %h %H %I %j %k %l %m %M %n %N %p %P %q %r %R %s %S %t %T %u %U %V
%w %W %x %X %y %Y %z %:z %::z %:::z %Z %%, with the flags - _ 0 ^ # and
a field width.  DATE STRING takes @EPOCH, ISO and common calendar forms,
times, zones, weekdays and relative items such as '3 days ago',
'next monday', 'tomorrow', '2024-01-31 +1 month'.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('d', &["date"], Key::Date, "display time described by STRING, not 'now'")
            .value("STRING"),
        Flag::long(&["debug"], Key::Debug, "accepted"),
        Flag::new('f', &["file"], Key::File, "like --date; once for each line of DATEFILE")
            .value("DATEFILE"),
        Flag::new(
            'I',
            &["iso-8601"],
            Key::Iso,
            "output date/time in ISO 8601 format.\nFMT='date' for date only (the default),\n'hours', 'minutes', 'seconds', or 'ns'",
        )
        .optional("FMT"),
        Flag::new('R', &["rfc-email"], Key::RfcEmail, "output date and time in RFC 5322 format"),
        Flag::long(
            &["rfc-3339"],
            Key::Rfc3339,
            "output date/time in RFC 3339 format.\nFMT='date', 'seconds', or 'ns'",
        )
        .value("FMT"),
        Flag::new('r', &["reference"], Key::Reference, "display the last modification time of FILE")
            .value("FILE"),
        Flag::new('s', &["set"], Key::Set, "refused: the sandbox's clock cannot be set")
            .value("STRING"),
        Flag::new('u', &["utc", "universal"], Key::Utc, "print or set Coordinated Universal Time (UTC)"),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }
}

/// Where the dates come from.
enum Source {
    Now,
    String(String),
    File(String),
    Reference(String),
}

/// Picks `word` among `choices` as `argmatch` does (a unique prefix).
fn argmatch<'a>(word: &str, choices: &[&'a str]) -> Option<&'a str> {
    if let Some(c) = choices.iter().find(|c| **c == word) {
        return Some(c);
    }
    let hits: Vec<&&str> = choices
        .iter()
        .filter(|c| !word.is_empty() && c.starts_with(word))
        .collect();
    match hits.as_slice() {
        [one] => Some(one),
        _ => None,
    }
}

fn bad_argument(sys: &mut Sys<'_>, value: &str, option: &str, choices: &[&str]) -> i32 {
    sys.diag
        .error(format_args!("invalid argument '{value}' for '--{option}'"));
    let mut list = String::from("Valid arguments are:\n");
    for c in choices {
        list.push_str(&format!("  - '{c}'\n"));
    }
    sys.diag.raw(list.as_bytes());
    sys.diag.try_help();
    1
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let mut source = Source::Now;
    let mut format: Option<String> = None;
    let mut formats = 0;
    let mut utc = false;
    for (k, v) in p.each() {
        match k {
            Key::Date => source = Source::String(v.to_owned()),
            Key::File => source = Source::File(v.to_owned()),
            Key::Reference => source = Source::Reference(v.to_owned()),
            Key::Set => {
                sys.diag.error("cannot set date: Operation not permitted");
                return Ok(1);
            }
            Key::Utc => utc = true,
            Key::Debug => {}
            Key::Iso => {
                const ISO: [&str; 5] = ["hours", "minutes", "date", "seconds", "ns"];
                let which = if v.is_empty() {
                    "date"
                } else {
                    match argmatch(v, &ISO) {
                        Some(w) => w,
                        None => return Ok(bad_argument(sys, v, "iso-8601", &ISO)),
                    }
                };
                formats += 1;
                format = Some(
                    match which {
                        "hours" => "%Y-%m-%dT%H%:z",
                        "minutes" => "%Y-%m-%dT%H:%M%:z",
                        "seconds" => "%Y-%m-%dT%H:%M:%S%:z",
                        "ns" => "%Y-%m-%dT%H:%M:%S,%N%:z",
                        _ => "%Y-%m-%d",
                    }
                    .to_owned(),
                );
            }
            Key::RfcEmail => {
                formats += 1;
                format = Some("%a, %d %b %Y %H:%M:%S %z".to_owned());
            }
            Key::Rfc3339 => {
                const RFC: [&str; 3] = ["date", "seconds", "ns"];
                let Some(which) = argmatch(v, &RFC) else {
                    return Ok(bad_argument(sys, v, "rfc-3339", &RFC));
                };
                formats += 1;
                format = Some(
                    match which {
                        "seconds" => "%Y-%m-%d %H:%M:%S%:z",
                        "ns" => "%Y-%m-%d %H:%M:%S.%N%:z",
                        _ => "%Y-%m-%d",
                    }
                    .to_owned(),
                );
            }
        }
    }
    let mut operands = p.operands.into_iter();
    if let Some(op) = operands.next() {
        match op.strip_prefix('+') {
            Some(f) => {
                formats += 1;
                format = Some(f.to_owned());
            }
            None if matches!(source, Source::Now) => {
                sys.diag.error("cannot set date: Operation not permitted");
                return Ok(1);
            }
            None => {
                sys.diag.error(format_args!(
                    "the argument '{op}' lacks a leading '+';\nwhen using an option to specify date(s), any non-option\nargument must be a format string beginning with '+'"
                ));
                sys.diag.try_help();
                return Ok(1);
            }
        }
        if let Some(extra) = operands.next() {
            sys.diag.error(format_args!("extra operand '{extra}'"));
            sys.diag.try_help();
            return Ok(1);
        }
    }
    if formats > 1 {
        sys.diag.error("multiple output formats specified");
        return Ok(1);
    }
    let format = format.unwrap_or_else(|| "%a %b %e %H:%M:%S %Z %Y".to_owned());
    let tz_value = if utc {
        Some("UTC0".to_owned())
    } else {
        sys.env
            .iter()
            .rev()
            .find(|(k, _)| k == "TZ")
            .map(|(_, v)| v.clone())
    };
    let (tz, shown) = zone::from_tz(tz_value.as_deref());
    let out = Printer {
        tz,
        shown,
        format,
        now: Timestamp::now(),
    };
    match source {
        Source::Now => {
            let now = out.now;
            out.print(&mut sys.out, now)?;
            Ok(0)
        }
        Source::String(s) => match out.read(&s) {
            Some(ts) => {
                out.print(&mut sys.out, ts)?;
                Ok(0)
            }
            None => {
                sys.diag.error(format_args!("invalid date '{s}'"));
                Ok(1)
            }
        },
        Source::Reference(f) => {
            let meta = sys.resolve(&f).and_then(|p| sys.fs.metadata(&p));
            match meta.ok().and_then(|m| Timestamp::try_from(m.mtime).ok()) {
                Some(ts) => {
                    out.print(&mut sys.out, ts)?;
                    Ok(0)
                }
                None => {
                    sys.diag
                        .error(format_args!("{f}: No such file or directory"));
                    Ok(1)
                }
            }
        }
        Source::File(f) => dates_from_file(sys, &out, &f),
    }
}

/// Reads a `date -d` STRING as `touch -d` does, relative to `base` (now,
/// or the `-r` file's time), in the zone of `TZ` (`tz_value`).
pub fn parse_relative(
    s: &str,
    base: std::time::SystemTime,
    tz_value: Option<&str>,
) -> Option<std::time::SystemTime> {
    let (tz, _) = zone::from_tz(tz_value);
    let p = parse::parse(s)?;
    let base = Timestamp::try_from(base).ok()?;
    let ts = parse::resolve(&p, base, &tz)?;
    Some(std::time::SystemTime::from(ts))
}

/// What every printed date shares.
struct Printer {
    tz: TimeZone,
    /// The abbreviation to show for a `TZ` that names no zone.
    shown: Option<String>,
    format: String,
    now: Timestamp,
}

impl Printer {
    fn read(&self, s: &str) -> Option<Timestamp> {
        let p = parse::parse(s)?;
        parse::resolve(&p, self.now, &self.tz)
    }

    fn print(&self, w: &mut Out<'_>, ts: Timestamp) -> Res<()> {
        let zoned = ts.to_zoned(self.tz.clone());
        let abbrev = match &self.shown {
            Some(s) => s.clone(),
            None => zone::abbreviation(&self.tz, ts),
        };
        let mut text = String::new();
        format::format(
            &format::Moment {
                zoned: &zoned,
                abbrev: &abbrev,
            },
            &self.format,
            &mut text,
        );
        text.push('\n');
        w.str(&text)
    }
}

/// `-f FILE`: one date per line; an invalid line is reported, the others
/// still printed.
fn dates_from_file(sys: &mut Sys<'_>, out: &Printer, file: &str) -> Res<i32> {
    let mut bad = false;
    let status = for_each_line(sys, vec![file.to_owned()], b'\n', |sink, line| {
        let text = String::from_utf8_lossy(line.text);
        match out.read(&text) {
            Some(ts) => out.print(sink.out, ts),
            None => {
                sink.diag.error(format_args!("invalid date '{text}'"));
                bad = true;
                Ok(())
            }
        }
    })?;
    Ok(if bad { 1 } else { status })
}

#[cfg(test)]
mod tests;
