//! `touch`: change file timestamps, creating missing files.

use std::time::SystemTime;

use sandbash_vfs::{FsErrorKind, Times, WriteMode};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::quote;
use crate::common::sys::{Res, Sys};
use crate::common::time::parse_touch_stamp;

/// The `touch` utility: `-c`, `-d DATE`, `-t STAMP`, `-r FILE`, `-a`, `-m`,
/// `--time=WORD`, and `-h` (a symlink's own times).
/// Dates are UTC; `-d` knows ISO dates, `@EPOCH`, `now`, `yesterday`,
/// `tomorrow` and `N units ago`.
pub struct Touch;

/// The options of `touch`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    AccessTime,
    NoCreate,
    Date,
    Force,
    NoDereference,
    ModificationTime,
    Reference,
    Stamp,
    Time,
}

impl Command for Touch {
    const NAME: &'static str = "touch";
    const HELP: Help = Help {
        usage: &["[OPTION]... FILE..."],
        about: "Update the modification time of each FILE to the current time.

A FILE argument that does not exist is created empty, unless -c is supplied.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'a',
            &[],
            Key::AccessTime,
            "change only the access time (the sandbox keeps none: no time changes)",
        ),
        Flag::new(
            'c',
            &["no-create"],
            Key::NoCreate,
            "do not create any files",
        ),
        Flag::new(
            'd',
            &["date"],
            Key::Date,
            "parse STRING and use it instead of current time",
        )
        .value("STRING"),
        Flag::new('f', &[], Key::Force, ""),
        Flag::new('h', &["no-dereference"], Key::NoDereference, ""),
        Flag::new(
            'm',
            &[],
            Key::ModificationTime,
            "change only the modification time",
        ),
        Flag::new(
            'r',
            &["reference"],
            Key::Reference,
            "use this file's time instead of current time",
        )
        .value("FILE"),
        Flag::new(
            't',
            &[],
            Key::Stamp,
            "use [[CC]YY]MMDDhhmm[.ss] instead of current time",
        )
        .value("STAMP"),
        Flag::long(&["time"], Key::Time, "").value("WORD"),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }
}

/// Where the new time comes from.
enum Source {
    Now,
    Date(String),
    Stamp(String),
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let now = SystemTime::now();
    let mut source = Source::Now;
    let mut reference: Option<String> = None;
    let mut atime = false;
    let mut mtime = false;
    for (k, val) in p.each() {
        match k {
            // GNU: the last -d wins, but -d with -t, or -r with -t, is two
            // sources; -d with -r reads the date relative to the file.
            Key::Date => {
                if matches!(source, Source::Stamp(_)) {
                    return Ok(two_sources(sys));
                }
                source = Source::Date(val.into());
            }
            Key::Stamp => {
                if matches!(source, Source::Date(_)) || reference.is_some() {
                    return Ok(two_sources(sys));
                }
                source = Source::Stamp(val.into());
            }
            Key::Reference => {
                if matches!(source, Source::Stamp(_)) {
                    return Ok(two_sources(sys));
                }
                reference = Some(val.into());
            }
            Key::AccessTime => atime = true,
            Key::ModificationTime => mtime = true,
            Key::Time => match time_word(val) {
                Some(true) => atime = true,
                Some(false) => mtime = true,
                None => {
                    sys.diag.error(format_args!(
                        "invalid argument {} for '--time'\nValid arguments are:\n  - 'atime', 'access', 'use'\n  - 'mtime', 'modify'",
                        quote(val)
                    ));
                    sys.diag.try_help();
                    return Ok(1);
                }
            },
            Key::NoCreate | Key::Force | Key::NoDereference => {}
        }
    }
    // The times the new ones are read from: now, or the reference's own
    // access and modification times (`-r`, each for its own time).
    let mut bases = (now, now);
    if let Some(r) = &reference {
        let md = sys.resolve(r).and_then(|p| sys.fs.metadata(&p));
        match md {
            Ok(m) => bases = (m.atime, m.mtime),
            Err(e) => {
                sys.diag.error(format_args!(
                    "failed to get attributes of {}: {}",
                    quote(r),
                    e.kind
                ));
                return Ok(1);
            }
        }
    }
    let tz = sys
        .env
        .iter()
        .rev()
        .find(|(k, _)| k == "TZ")
        .map(|(_, v)| v.clone());
    let mut times = [now; 2];
    for (slot, base) in times.iter_mut().zip([bases.0, bases.1]) {
        *slot = match &source {
            Source::Now => base,
            Source::Date(d) => match crate::date::parse_relative(d, base, tz.as_deref()) {
                Some(t) => t,
                None => {
                    sys.diag
                        .error(format_args!("invalid date format {}", quote(d)));
                    return Ok(1);
                }
            },
            Source::Stamp(t) => {
                match parse_touch_stamp(t, now).and_then(|u| local(u, tz.as_deref())) {
                    Some(t) => t,
                    None => {
                        sys.diag
                            .error(format_args!("invalid date format {}", quote(t)));
                        return Ok(1);
                    }
                }
            }
        };
    }
    // `-a` or `-m` alone changes only that time; neither, or both, both.
    let both = atime == mtime;
    let set = Times {
        atime: (atime || both).then_some(times[0]),
        mtime: (mtime || both).then_some(times[1]),
    };
    let no_create = p.has(Key::NoCreate);
    let no_deref = p.has(Key::NoDereference);
    if p.operands.is_empty() {
        sys.diag.usage("missing file operand");
        return Ok(1);
    }
    let mut status = 0;
    for op in &p.operands {
        sys.tick.check()?;
        if op == "-" {
            continue;
        }
        if op.is_empty() {
            sys.diag.error("cannot touch '': No such file or directory");
            status = 1;
            continue;
        }
        let full = match sys.resolve(op) {
            Ok(f) => f,
            Err(e) => {
                sys.diag
                    .error(format_args!("cannot touch {}: {}", quote(op), e.kind));
                status = 1;
                continue;
            }
        };
        let exists = if no_deref {
            sys.fs.symlink_metadata(&full).is_ok()
        } else {
            sys.fs.metadata(&full).is_ok()
        };
        if !exists {
            if no_create {
                continue;
            }
            // -h never creates: GNU fails to set the times of nothing.
            if no_deref {
                sys.diag.error(format_args!(
                    "setting times of {}: No such file or directory",
                    quote(op)
                ));
                status = 1;
                continue;
            }
            // A trailing slash names a directory: no file is made.
            if op.ends_with('/') {
                let kind = match sys.fs.symlink_metadata(full.trim_end_matches('/')) {
                    Ok(_) => "Not a directory",
                    Err(_) => "No such file or directory",
                };
                sys.diag
                    .error(format_args!("setting times of {}: {kind}", quote(op)));
                status = 1;
                continue;
            }
            // `Update` creates the file, through a dangling symlink too
            // (GNU creates what the link names), and keeps any content.
            match sys.fs.open_write(&full, WriteMode::Update) {
                Ok(w) => drop(w),
                Err(e) if e.kind == FsErrorKind::AlreadyExists => {}
                Err(e) => {
                    sys.diag
                        .error(format_args!("cannot touch {}: {}", quote(op), e.kind));
                    status = 1;
                    continue;
                }
            }
        } else if op.ends_with('/') && !sys.fs.metadata(&full).is_ok_and(|m| m.is_dir()) {
            sys.diag.error(format_args!(
                "setting times of {}: Not a directory",
                quote(op)
            ));
            status = 1;
            continue;
        }
        if let Err(e) = sys.fs.set_times(&full, set, !no_deref) {
            sys.diag
                .error(format_args!("setting times of {}: {}", quote(op), e.kind));
            status = 1;
        }
    }
    Ok(status)
}

/// The instant whose local wall-clock time (in `TZ`) is what the UTC
/// instant `utc` shows: `-t` stamps are local times.
fn local(utc: SystemTime, tz_value: Option<&str>) -> Option<SystemTime> {
    let (tz, _) = crate::date::zone::from_tz(tz_value);
    let wall = jiff::Timestamp::try_from(utc)
        .ok()?
        .to_zoned(jiff::tz::TimeZone::UTC)
        .datetime();
    let z = wall.to_zoned(tz).ok()?;
    Some(SystemTime::from(z.timestamp()))
}

/// `--time=WORD` as argmatch reads it (a prefix naming one meaning is
/// enough): `Some(true)` for the access time, `Some(false)` for the
/// modification time.
fn time_word(w: &str) -> Option<bool> {
    const WORDS: [(&str, bool); 5] = [
        ("atime", true),
        ("access", true),
        ("use", true),
        ("mtime", false),
        ("modify", false),
    ];
    if let Some((_, v)) = WORDS.iter().find(|(n, _)| *n == w) {
        return Some(*v);
    }
    let mut hits = WORDS
        .iter()
        .filter(|(n, _)| !w.is_empty() && n.starts_with(w))
        .map(|(_, v)| *v);
    let first = hits.next()?;
    hits.all(|v| v == first).then_some(first)
}

/// `-t` with `-d` or `-r`: GNU's usage error.
fn two_sources(sys: &mut Sys<'_>) -> i32 {
    sys.diag
        .usage("cannot specify times from more than one source");
    1
}

#[cfg(test)]
mod tests {
    use super::Touch;
    use crate::common::time::civil;
    use crate::testutil::*;
    use sandbash_vfs::FileSystem;

    #[test]
    fn creates_and_sets_times() {
        let fs = TestFs::new();
        fs.file("keep", b"data");
        let o = run(&Touch, &["new", "keep"], b"", &fs);
        assert_eq!(o.status, 0);
        assert!(fs.has("new"));
        assert_eq!(fs.text("keep"), "data");
        run(&Touch, &["-d", "2021-03-04 05:06:07", "keep"], b"", &fs);
        let c = civil(fs.metadata("/workspace/keep").unwrap().mtime);
        assert_eq!(
            (c.year, c.month, c.day, c.hour, c.min, c.sec),
            (2021, 3, 4, 5, 6, 7)
        );
        run(&Touch, &["-t", "199912312359.30", "new"], b"", &fs);
        let c = civil(fs.metadata("/workspace/new").unwrap().mtime);
        assert_eq!((c.year, c.month, c.day, c.sec), (1999, 12, 31, 30));
        run(&Touch, &["-r", "keep", "new"], b"", &fs);
        assert_eq!(
            fs.metadata("/workspace/new").unwrap().mtime,
            fs.metadata("/workspace/keep").unwrap().mtime
        );
        let o = run(&Touch, &["-c", "absent"], b"", &fs);
        assert_eq!(o.status, 0);
        assert!(!fs.has("absent"));
    }

    #[test]
    fn errors() {
        let fs = TestFs::new();
        let o = run(&Touch, &["-d", "garbage", "x"], b"", &fs);
        assert_eq!(
            (o.err.as_str(), o.status),
            ("touch: invalid date format 'garbage'\n", 1)
        );
        let o = run(&Touch, &["no/such"], b"", &fs);
        assert_eq!(
            o.err,
            "touch: cannot touch 'no/such': No such file or directory\n"
        );
        let o = run(&Touch, &[], b"", &fs);
        assert_eq!(
            o.err,
            "touch: missing file operand\nTry 'touch --help' for more information.\n"
        );
        let o = run(&Touch, &["-r", "nope", "x"], b"", &fs);
        assert_eq!(
            o.err,
            "touch: failed to get attributes of 'nope': No such file or directory\n"
        );
    }

    fn mtime_secs(fs: &TestFs, p: &str) -> i64 {
        crate::common::time::epoch_secs(fs.metadata(p).unwrap().mtime)
    }

    /// `-d` reads `date -d` strings, relative to `-r`'s time when given.
    #[test]
    fn dates_relative_to_reference() {
        let fs = TestFs::new();
        let o = run(&Touch, &["-d", "2020-01-15 10:00", "r"], b"", &fs);
        assert_eq!(o.status, 0);
        run(&Touch, &["-r", "r", "-d", "yesterday", "a"], b"", &fs);
        assert_eq!(mtime_secs(&fs, "/workspace/a"), 1_579_082_400 - 86_400);
        run(&Touch, &["-d", "2020-03-04 +1 day", "b"], b"", &fs);
        assert_eq!(mtime_secs(&fs, "/workspace/b"), 1_583_366_400);
    }

    /// `-t` is local time in `TZ`; `-t` with `-d` or `-r` is an error.
    #[test]
    fn stamps_and_sources() {
        let fs = TestFs::new();
        let o = run(&Touch, &["-t", "202006011200", "-d", "now", "a"], b"", &fs);
        assert_eq!(
            (o.err.as_str(), o.status),
            (
                "touch: cannot specify times from more than one source\nTry 'touch --help' for more information.\n",
                1
            )
        );
        run(&Touch, &["-t", "202006011200", "u"], b"", &fs);
        assert_eq!(mtime_secs(&fs, "/workspace/u"), 1_591_012_800);
    }

    /// `-a` alone changes no time (the VFS keeps none) but creates; a
    /// trailing slash on a missing name creates nothing.
    #[test]
    fn access_only_and_trailing_slash() {
        let fs = TestFs::new();
        run(&Touch, &["-d", "2020-01-01", "f"], b"", &fs);
        run(&Touch, &["-a", "-d", "2021-01-01", "f", "g"], b"", &fs);
        assert_eq!(mtime_secs(&fs, "/workspace/f"), 1_577_836_800);
        assert!(fs.has("g"));
        let o = run(&Touch, &["new/"], b"", &fs);
        assert_eq!(
            (o.err.as_str(), o.status),
            (
                "touch: setting times of 'new/': No such file or directory\n",
                1
            )
        );
        let o = run(&Touch, &["f/"], b"", &fs);
        assert_eq!(o.err, "touch: setting times of 'f/': Not a directory\n");
    }

    /// `-h` never creates; `--time` takes argmatch prefixes; an empty
    /// name is no file.
    #[test]
    fn no_dereference_time_words_and_empty_names() {
        let fs = TestFs::new();
        let o = run(&Touch, &["-h", "x"], b"", &fs);
        assert_eq!(
            (o.err.as_str(), o.status),
            (
                "touch: setting times of 'x': No such file or directory\n",
                1
            )
        );
        assert!(!fs.has("x"));
        assert_eq!(super::time_word("m"), Some(false));
        assert_eq!(super::time_word("a"), Some(true));
        assert_eq!(super::time_word("z"), None);
        let o = run(&Touch, &[""], b"", &fs);
        assert_eq!(o.err, "touch: cannot touch '': No such file or directory\n");
    }
}
