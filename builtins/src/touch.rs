//! `touch`: change file timestamps, creating missing files.

use std::time::SystemTime;

use sandbash_vfs::{FsErrorKind, WriteMode};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::quote;
use crate::common::sys::{Res, Sys};
use crate::common::time::{parse_date, parse_touch_stamp};

/// The `touch` utility: `-c`, `-d DATE`, `-t STAMP`, `-r FILE`; `-a`, `-m`,
/// `-h` and `--time` are accepted (the VFS keeps one time, the mtime).
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
            "accepted (only the modification time is kept)",
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
        Flag::new('h', &["no-dereference"], Key::NoDereference, "accepted"),
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

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let now = SystemTime::now();
    let mut when = now;
    for (k, val) in p.each() {
        match k {
            Key::Date => match parse_date(val, now) {
                Some(t) => when = t,
                None => {
                    sys.diag
                        .error(format_args!("invalid date format {}", quote(val)));
                    return Ok(1);
                }
            },
            Key::Stamp => match parse_touch_stamp(val, now) {
                Some(t) => when = t,
                None => {
                    sys.diag
                        .error(format_args!("invalid date format {}", quote(val)));
                    return Ok(1);
                }
            },
            Key::Reference => {
                let md = sys.resolve(val).and_then(|p| sys.fs.metadata(&p));
                match md {
                    Ok(m) => when = m.mtime,
                    Err(e) => {
                        sys.diag.error(format_args!(
                            "failed to get attributes of {}: {}",
                            quote(val),
                            e.kind
                        ));
                        return Ok(1);
                    }
                }
            }
            // The VFS keeps one time, the modification time.
            Key::NoCreate
            | Key::AccessTime
            | Key::Force
            | Key::NoDereference
            | Key::ModificationTime
            | Key::Time => {}
        }
    }
    let no_create = p.has(Key::NoCreate);
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
        let full = match sys.resolve(op) {
            Ok(f) => f,
            Err(e) => {
                sys.diag
                    .error(format_args!("cannot touch {}: {}", quote(op), e.kind));
                status = 1;
                continue;
            }
        };
        if sys.fs.metadata(&full).is_err() {
            if no_create {
                continue;
            }
            match sys.fs.open_write(&full, WriteMode::CreateNew) {
                Ok(w) => drop(w),
                Err(e) if e.kind == FsErrorKind::AlreadyExists => {}
                Err(e) => {
                    sys.diag
                        .error(format_args!("cannot touch {}: {}", quote(op), e.kind));
                    status = 1;
                    continue;
                }
            }
        }
        if let Err(e) = sys.fs.set_mtime(&full, when) {
            sys.diag
                .error(format_args!("setting times of {}: {}", quote(op), e.kind));
            status = 1;
        }
    }
    Ok(status)
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
}
