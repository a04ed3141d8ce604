//! `rmdir`: remove empty directories; with `-p`, then each parent named
//! in the operand, stopping at the first that fails.

use sandbash_vfs::{FileSystem, FsErrorKind};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::quote;
use crate::common::sys::{Res, Sys};

/// The `rmdir` utility: `-p -v --ignore-fail-on-non-empty`.
pub struct Rmdir;

/// The options of `rmdir`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    IgnoreNonEmpty,
    Parents,
    Verbose,
}

impl Command for Rmdir {
    const NAME: &'static str = "rmdir";
    const HELP: Help = Help {
        usage: &["[OPTION]... DIRECTORY..."],
        about: "Remove the DIRECTORY(ies), if they are empty.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::long(
            &["ignore-fail-on-non-empty"],
            Key::IgnoreNonEmpty,
            "ignore each failure to remove a non-empty directory",
        ),
        Flag::new(
            'p',
            &["parents"],
            Key::Parents,
            "remove DIRECTORY and its ancestors;\n  e.g., 'rmdir -p a/b' is similar to 'rmdir a/b a'",
        ),
        Flag::new(
            'v',
            &["verbose"],
            Key::Verbose,
            "output a diagnostic for every directory processed",
        ),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        if p.operands.is_empty() {
            sys.diag.usage("missing operand");
            return Ok(1);
        }
        let ignore = p.has(Key::IgnoreNonEmpty);
        let mut status = 0;
        for op in &p.operands {
            sys.tick.tick()?;
            let mut name = op.trim_end_matches('/').to_owned();
            if name.is_empty() {
                name = op.clone();
            }
            let mut first = true;
            loop {
                sys.tick.tick()?;
                if p.has(Key::Verbose) {
                    sys.out
                        .str(&format!("rmdir: removing directory, {}\n", quote(&name)))?;
                }
                match remove(sys, &name) {
                    Ok(()) => {}
                    Err(FsErrorKind::DirectoryNotEmpty) if ignore => break,
                    Err(e) => {
                        let what = if first { "" } else { "directory " };
                        sys.diag
                            .error(format_args!("failed to remove {what}{}: {e}", quote(&name)));
                        status = 1;
                        break;
                    }
                }
                first = false;
                if !p.has(Key::Parents) {
                    break;
                }
                match name.rfind('/') {
                    Some(i) => {
                        name.truncate(i);
                        let t = name.trim_end_matches('/').len();
                        name.truncate(t);
                        if name.is_empty() {
                            break;
                        }
                    }
                    None => break,
                }
            }
        }
        Ok(status)
    }
}

fn remove(sys: &Sys<'_>, name: &str) -> Result<(), FsErrorKind> {
    let last = name.rsplit('/').next().unwrap_or(name);
    if last == "." {
        return Err(FsErrorKind::InvalidInput);
    }
    let abs = sys.resolve(name).map_err(|e| e.kind)?;
    let fs: &dyn FileSystem = sys.fs;
    let md = fs.symlink_metadata(&abs).map_err(|e| e.kind)?;
    if !md.is_dir() {
        return Err(FsErrorKind::NotADirectory);
    }
    if last == ".." || abs == sys.cwd || abs == "/" {
        let empty = fs.read_dir(&abs).map_err(|e| e.kind)?.is_empty();
        return Err(if empty {
            FsErrorKind::Busy
        } else {
            FsErrorKind::DirectoryNotEmpty
        });
    }
    fs.remove_dir(&abs, false).map_err(|e| e.kind)
}

#[cfg(test)]
mod tests {
    use super::Rmdir;
    use crate::testutil::*;

    #[test]
    fn parents_and_errors() {
        let fs = TestFs::new();
        fs.dir("a/b/c").dir("x/y").file("x/f", b"");
        let o = run(&Rmdir, &["-pv", "a/b/c/"], b"", &fs);
        assert_eq!(
            o.out,
            "rmdir: removing directory, 'a/b/c'\nrmdir: removing directory, 'a/b'\nrmdir: removing directory, 'a'\n"
        );
        assert!(!fs.has("/workspace/a"));
        let o = run(&Rmdir, &["-p", "x/y"], b"", &fs);
        assert_eq!(
            (o.status, o.err.as_str()),
            (
                1,
                "rmdir: failed to remove directory 'x': Directory not empty\n"
            )
        );
        let o = run(&Rmdir, &["x/f", "nosuch"], b"", &fs);
        assert_eq!(
            o.err,
            "rmdir: failed to remove 'x/f': Not a directory\nrmdir: failed to remove 'nosuch': No such file or directory\n"
        );
        fs.dir("x/z");
        let o = run(
            &Rmdir,
            &["--ignore-fail-on-non-empty", "-p", "x/z"],
            b"",
            &fs,
        );
        assert_eq!((o.status, o.err.as_str()), (0, ""));
    }
}
