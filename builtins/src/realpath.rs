//! `realpath`: print the resolved absolute (or relative) file name.
//!
//! Canonicalization is [`crate::common::canon`]. `--relative-to` and
//! `--relative-base` are canonicalized the same way; a name outside the
//! base is printed absolute, and a `--relative-to` outside the base drops
//! both, as GNU does.

use crate::common::canon::{Canon, Need, canonicalize, is_under, relative};
use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::sys::{Res, Sys};

/// The `realpath` utility: `-e -m -L -P -q -s -z --relative-to --relative-base`.
pub struct Realpath;

/// The options of `realpath`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Existing,
    Missing,
    Logical,
    Physical,
    Quiet,
    RelativeTo,
    RelativeBase,
    NoSymlinks,
    Zero,
}

impl Command for Realpath {
    const NAME: &'static str = "realpath";
    const HELP: Help = Help {
        usage: &["[OPTION]... FILE..."],
        about: "Print the resolved absolute file name;\nall but the last component must exist",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'e',
            &["canonicalize-existing"],
            Key::Existing,
            "all components of the path must exist",
        ),
        Flag::new(
            'm',
            &["canonicalize-missing"],
            Key::Missing,
            "no path components need exist or be a directory",
        ),
        Flag::new(
            'L',
            &["logical"],
            Key::Logical,
            "resolve '..' components before symlinks",
        ),
        Flag::new(
            'P',
            &["physical"],
            Key::Physical,
            "resolve symlinks as encountered (default)",
        ),
        Flag::new('q', &["quiet"], Key::Quiet, "suppress most error messages"),
        Flag::long(
            &["relative-to"],
            Key::RelativeTo,
            "print the resolved path relative to DIR",
        )
        .value("DIR"),
        Flag::long(
            &["relative-base"],
            Key::RelativeBase,
            "print absolute paths unless paths below DIR",
        )
        .value("DIR"),
        Flag::new(
            's',
            &["strip", "no-symlinks"],
            Key::NoSymlinks,
            "don't expand symlinks",
        ),
        Flag::new(
            'z',
            &["zero"],
            Key::Zero,
            "end each output line with NUL, not newline",
        ),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let mut how = Canon::new(Need::AllButLast);
        for (k, _) in p.each() {
            match k {
                Key::Existing => how.need = Need::All,
                Key::Missing => how.need = Need::Nothing,
                Key::Logical => how.logical = true,
                Key::Physical => how.logical = false,
                Key::NoSymlinks => {
                    how.follow = false;
                    how.logical = true;
                }
                _ => {}
            }
        }
        let quiet = p.has(Key::Quiet);
        let end: &[u8] = if p.has(Key::Zero) { b"\0" } else { b"\n" };
        if p.operands.is_empty() {
            sys.diag.usage("missing operand");
            return Ok(1);
        }
        let dir = |sys: &mut Sys<'_>, d: Option<&str>| -> Result<Option<String>, ()> {
            let Some(d) = d else { return Ok(None) };
            match canonicalize(sys.fs, sys.cwd, d, how) {
                Ok(c) => Ok(Some(c)),
                Err(e) => {
                    sys.diag.error(format_args!("{d}: {e}"));
                    Err(())
                }
            }
        };
        let Ok(mut to) = dir(sys, p.last(Key::RelativeTo)) else {
            return Ok(1);
        };
        let Ok(mut base) = dir(sys, p.last(Key::RelativeBase)) else {
            return Ok(1);
        };
        match (&to, &base) {
            (None, Some(b)) => to = Some(b.clone()),
            (Some(t), Some(b)) if !is_under(t, b) => (to, base) = (None, None),
            _ => {}
        }
        let mut status = 0;
        for op in &p.operands {
            sys.tick.tick()?;
            match canonicalize(sys.fs, sys.cwd, op, how) {
                Ok(c) => {
                    let shown = match (&to, &base) {
                        (_, Some(b)) if !is_under(&c, b) => c,
                        (Some(t), _) => relative(&c, t),
                        _ => c,
                    };
                    sys.out.str(&shown)?;
                    sys.out.put(end)?;
                }
                Err(e) => {
                    if !quiet {
                        sys.diag.error(format_args!("{op}: {e}"));
                    }
                    status = 1;
                }
            }
        }
        Ok(status)
    }
}

#[cfg(test)]
mod tests {
    use super::Realpath;
    use crate::testutil::*;
    use sandbash_vfs::FileSystem;

    #[test]
    fn resolves() {
        let fs = TestFs::new();
        fs.dir("a/b").dir("c").file("a/b/f", b"");
        fs.symlink("a/b/f", "/workspace/l").unwrap();
        let o = run(&Realpath, &["l", "a/./b/../b", "/"], b"", &fs);
        assert_eq!(o.out, "/workspace/a/b/f\n/workspace/a/b\n/\n");
        let o = run(&Realpath, &["--relative-to=c", "l"], b"", &fs);
        assert_eq!(o.out, "../a/b/f\n");
        let o = run(&Realpath, &["-s", "--relative-to=.", "l"], b"", &fs);
        assert_eq!(o.out, "l\n");
        let o = run(&Realpath, &["--relative-base=a", "a/b/f", "c"], b"", &fs);
        assert_eq!(o.out, "b/f\n/workspace/c\n");
        let o = run(&Realpath, &["-e", "a/nope", "a"], b"", &fs);
        assert_eq!((o.out.as_str(), o.status), ("/workspace/a\n", 1));
        assert_eq!(o.err, "realpath: a/nope: No such file or directory\n");
        let o = run(&Realpath, &["-qz", "x/y", "a"], b"", &fs);
        assert_eq!((o.out.as_str(), o.err.as_str()), ("/workspace/a\0", ""));
    }
}
