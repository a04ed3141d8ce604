//! `readlink`: print a symlink's target, or with `-f`/`-e`/`-m` the
//! canonical name ([`crate::common::canon`]). Failures are silent (status
//! 1) unless `-v`; `-n` is ignored with several operands, as GNU.

use sandbash_vfs::{FileKind, FsErrorKind};

use crate::common::canon::{Canon, Need, canonicalize};
use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::sys::{Res, Sys};

/// The `readlink` utility: `-f -e -m -n -q -s -v -z`.
pub struct Readlink;

/// The options of `readlink`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Canonicalize,
    Existing,
    Missing,
    NoNewline,
    Quiet,
    Verbose,
    Zero,
}

impl Command for Readlink {
    const NAME: &'static str = "readlink";
    const HELP: Help = Help {
        usage: &["[OPTION]... FILE..."],
        about: "Print value of a symbolic link or canonical file name",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'f',
            &["canonicalize"],
            Key::Canonicalize,
            "canonicalize by following every symlink in\n  every component of the given name recursively;\n  all but the last component must exist",
        ),
        Flag::new(
            'e',
            &["canonicalize-existing"],
            Key::Existing,
            "canonicalize by following every symlink in\n  every component of the given name recursively,\n  all components must exist",
        ),
        Flag::new(
            'm',
            &["canonicalize-missing"],
            Key::Missing,
            "canonicalize by following every symlink in\n  every component of the given name recursively,\n  without requirements on components existence",
        ),
        Flag::new(
            'n',
            &["no-newline"],
            Key::NoNewline,
            "do not output the trailing delimiter",
        ),
        Flag::new('q', &["quiet"], Key::Quiet, ""),
        Flag::new(
            's',
            &["silent"],
            Key::Quiet,
            "suppress most error messages (on by default)",
        ),
        Flag::new('v', &["verbose"], Key::Verbose, "report error messages"),
        Flag::new(
            'z',
            &["zero"],
            Key::Zero,
            "end each output line with NUL, not newline",
        ),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let mut need = None;
        let mut verbose = false;
        for (k, _) in p.each() {
            match k {
                Key::Canonicalize => need = Some(Need::AllButLast),
                Key::Existing => need = Some(Need::All),
                Key::Missing => need = Some(Need::Nothing),
                Key::Verbose => verbose = true,
                Key::Quiet => verbose = false,
                Key::NoNewline | Key::Zero => {}
            }
        }
        if p.operands.is_empty() {
            sys.diag.usage("missing operand");
            return Ok(1);
        }
        let mut no_newline = p.has(Key::NoNewline);
        if no_newline && p.operands.len() > 1 {
            sys.diag
                .error("ignoring --no-newline with multiple arguments");
            no_newline = false;
        }
        let end: &[u8] = if p.has(Key::Zero) { b"\0" } else { b"\n" };
        let mut status = 0;
        for op in &p.operands {
            sys.tick.tick()?;
            let got = match need {
                Some(n) => canonicalize(sys.fs, sys.cwd, op, Canon::new(n)),
                None => read_target(sys, op),
            };
            match got {
                Ok(t) => {
                    sys.out.str(&t)?;
                    if !no_newline {
                        sys.out.put(end)?;
                    }
                }
                Err(e) => {
                    if verbose {
                        sys.diag.error(format_args!("{op}: {e}"));
                    }
                    status = 1;
                }
            }
        }
        Ok(status)
    }
}

/// The target text of the symlink `op`; `EINVAL` for anything else (a
/// trailing slash follows the link, so names a directory).
fn read_target(sys: &Sys<'_>, op: &str) -> Result<String, FsErrorKind> {
    let abs = sys.resolve(op).map_err(|e| e.kind)?;
    let m = sys.fs.symlink_metadata(&abs).map_err(|e| e.kind)?;
    if m.kind != FileKind::Symlink || op.ends_with('/') {
        if op.ends_with('/') {
            sys.fs.metadata(&abs).map_err(|e| e.kind)?;
        }
        return Err(FsErrorKind::InvalidInput);
    }
    sys.fs.read_link(&abs).map_err(|e| e.kind)
}

#[cfg(test)]
mod tests {
    use super::Readlink;
    use crate::testutil::*;
    use sandbash_vfs::FileSystem;

    #[test]
    fn targets_and_canonical() {
        let fs = TestFs::new();
        fs.file("real", b"").dir("d");
        fs.symlink("real", "/workspace/l1").unwrap();
        fs.symlink("l1", "/workspace/l2").unwrap();
        fs.symlink("d", "/workspace/ld").unwrap();
        let o = run(&Readlink, &["l2", "-f", "l2"], b"", &fs);
        assert_eq!(o.out, "/workspace/real\n/workspace/real\n");
        let o = run(&Readlink, &["l2"], b"", &fs);
        assert_eq!(o.out, "l1\n");
        let o = run(&Readlink, &["-n", "l2"], b"", &fs);
        assert_eq!(o.out, "l1");
        let o = run(&Readlink, &["ld/", "real"], b"", &fs);
        assert_eq!((o.out.as_str(), o.err.as_str(), o.status), ("", "", 1));
        let o = run(&Readlink, &["-v", "real", "nosuch"], b"", &fs);
        assert_eq!(
            o.err,
            "readlink: real: Invalid argument\nreadlink: nosuch: No such file or directory\n"
        );
        let o = run(&Readlink, &["-z", "l1", "l2"], b"", &fs);
        assert_eq!(o.out, "real\0l1\0");
    }
}
