//! `chmod`: change permission bits, kept by the VFS (`set_mode`), so
//! `[ -x ]`, `ls -l`, `stat` and running `./script.sh` see them.
//!
//! Modes are [`crate::common::mode::parse_mode`]'s: octal or symbolic
//! clauses (`u+x,go-w`, `a=rX`, `+t`). A mode written as an option
//! (`chmod -w f`) is a mode, as GNU reads it. With `-R`, directories are
//! walked with an explicit stack (no recursion), symlinks met in the walk
//! are left alone and named ones are followed.

use std::borrow::Cow;

use sandbash_vfs::{FileKind, FileSystem};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::fsutil::join;
use crate::common::mode::{parse_mode, parse_mode_masked, perm_string};
use crate::common::quote;
use crate::common::sys::{Res, Sys};

/// The `chmod` utility: `-c -f -v -R --reference`, modes.
pub struct Chmod;

/// The options of `chmod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Changes,
    Silent,
    Verbose,
    Recursive,
    Reference,
    NoPreserveRoot,
    PreserveRoot,
    /// A mode written as an option (`-w`), rewritten by `prepare`.
    ModeWord,
}

/// The long name `prepare` gives a mode written as an option.
const MODE_WORD: &str = "---mode=";

#[derive(Clone, Copy)]
struct Report {
    changes: bool,
    verbose: bool,
    silent: bool,
}

impl Command for Chmod {
    const NAME: &'static str = "chmod";
    const HELP: Help = Help {
        usage: &[
            "[OPTION]... MODE[,MODE]... FILE...",
            "[OPTION]... OCTAL-MODE FILE...",
            "[OPTION]... --reference=RFILE FILE...",
        ],
        about: "Change the mode of each FILE to MODE.\nWith --reference, change the mode of each FILE to that of RFILE.",
        after: "Each MODE is of the form '[ugoa]*([-+=]([rwxXst]*|[ugo]))+|[-+=][0-7]+'.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'c',
            &["changes"],
            Key::Changes,
            "like verbose but report only when a change is made",
        ),
        Flag::new(
            'f',
            &["silent", "quiet"],
            Key::Silent,
            "suppress most error messages",
        ),
        Flag::new(
            'v',
            &["verbose"],
            Key::Verbose,
            "output a diagnostic for every file processed",
        ),
        Flag::long(
            &["no-preserve-root"],
            Key::NoPreserveRoot,
            "do not treat '/' specially (the default)",
        ),
        Flag::long(
            &["preserve-root"],
            Key::PreserveRoot,
            "fail to operate recursively on '/'",
        ),
        Flag::long(
            &["reference"],
            Key::Reference,
            "use RFILE's mode instead of specifying MODE values",
        )
        .value("RFILE"),
        Flag::new(
            'R',
            &["recursive"],
            Key::Recursive,
            "change files and directories recursively",
        ),
        Flag::long(&["-mode"], Key::ModeWord, "").value("MODE"),
    ];

    fn prepare(args: &[String]) -> Cow<'_, [String]> {
        let mut ended = false;
        let mut out = Vec::with_capacity(args.len());
        for a in args {
            ended |= a == "--";
            let is_mode = !ended
                && a.len() > 1
                && a.starts_with('-')
                && !a.starts_with("--")
                && a.chars()
                    .skip(1)
                    .all(|c| "rwxXstugoa,+-=01234567".contains(c));
            if is_mode {
                out.push(format!("{MODE_WORD}{a}"));
            } else {
                out.push(a.clone());
            }
        }
        Cow::Owned(out)
    }

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let rep = Report {
            changes: p.has(Key::Changes),
            verbose: p.has(Key::Verbose),
            silent: p.has(Key::Silent),
        };
        let recursive = p.has(Key::Recursive);
        let mut ops = p.operands.iter();
        let mode: Spec = if let Some(r) = p.last(Key::Reference) {
            let md = sys.resolve(r).and_then(|a| sys.fs.metadata(&a));
            match md {
                Ok(m) => Spec::Fixed(m.mode & 0o7777),
                Err(e) => {
                    sys.diag.error(format_args!(
                        "failed to get attributes of {}: {}",
                        quote(r),
                        e.kind
                    ));
                    return Ok(1);
                }
            }
        } else if let Some(w) = p.all(Key::ModeWord).collect::<Vec<_>>().first() {
            Spec::Text((*w).to_owned())
        } else if let Some(m) = ops.next() {
            Spec::Text(m.clone())
        } else {
            sys.diag.usage("missing operand");
            return Ok(1);
        };
        let files: Vec<&String> = ops.collect();
        if files.is_empty() {
            match &mode {
                Spec::Text(m) => sys
                    .diag
                    .usage(format_args!("missing operand after {}", quote(m))),
                Spec::Fixed(_) => sys.diag.usage("missing operand"),
            }
            return Ok(1);
        }
        if let Spec::Text(m) = &mode
            && parse_mode(m, 0o644, false).is_none()
        {
            sys.diag.usage(format_args!("invalid mode: {}", quote(m)));
            return Ok(1);
        }
        let mut status = 0;
        for f in files {
            sys.tick.tick()?;
            if !change_tree(sys, &mode, rep, recursive, f)? {
                status = 1;
            }
        }
        Ok(status)
    }
}

enum Spec {
    Text(String),
    Fixed(u32),
}

/// Changes `operand` and, with `-R`, everything below it; false when
/// anything failed.
fn change_tree(
    sys: &mut Sys<'_>,
    mode: &Spec,
    rep: Report,
    recursive: bool,
    operand: &str,
) -> Res<bool> {
    let mut ok = true;
    let mut stack = vec![(operand.to_owned(), true)];
    while let Some((shown, named)) = stack.pop() {
        sys.tick.tick()?;
        let abs = match sys.resolve(&shown) {
            Ok(a) => a,
            Err(e) => {
                ok = false;
                if !rep.silent {
                    sys.diag
                        .error(format_args!("cannot access {}: {}", quote(&shown), e.kind));
                }
                continue;
            }
        };
        let fs: &dyn FileSystem = sys.fs;
        if !named
            && fs
                .symlink_metadata(&abs)
                .is_ok_and(|m| m.kind == FileKind::Symlink)
        {
            continue;
        }
        let md = match fs.metadata(&abs) {
            Ok(m) => m,
            Err(e) => {
                ok = false;
                if !rep.silent {
                    sys.diag
                        .error(format_args!("cannot access {}: {}", quote(&shown), e.kind));
                }
                if rep.verbose {
                    sys.out
                        .str(&format!("{} could not be accessed\n", quote(&shown)))?;
                }
                continue;
            }
        };
        let old = md.mode & 0o7777;
        let new = match mode {
            Spec::Fixed(m) => *m,
            Spec::Text(t) => parse_mode_masked(t, old, md.is_dir(), fs.umask()).unwrap_or(old),
        };
        if new != old
            && let Err(e) = fs.set_mode(&abs, new)
        {
            ok = false;
            if !rep.silent {
                sys.diag.error(format_args!(
                    "changing permissions of {}: {}",
                    quote(&shown),
                    e.kind
                ));
            }
        } else if rep.verbose || (rep.changes && new != old) {
            let text = if new == old {
                format!(
                    "mode of {} retained as {old:04o} ({})\n",
                    quote(&shown),
                    perm_string(old)
                )
            } else {
                format!(
                    "mode of {} changed from {old:04o} ({}) to {new:04o} ({})\n",
                    quote(&shown),
                    perm_string(old),
                    perm_string(new)
                )
            };
            sys.out.str(&text)?;
        }
        if recursive && md.is_dir() {
            match fs.read_dir(&abs) {
                Ok(entries) => {
                    for e in entries.iter().rev() {
                        stack.push((join(&shown, &e.name), false));
                    }
                }
                Err(e) => {
                    ok = false;
                    if !rep.silent {
                        sys.diag.error(format_args!(
                            "cannot read directory {}: {}",
                            quote(&shown),
                            e.kind
                        ));
                    }
                }
            }
        }
    }
    Ok(ok)
}

#[cfg(test)]
mod tests {
    use super::Chmod;
    use crate::testutil::*;
    use sandbash_vfs::FileSystem;

    fn mode(fs: &TestFs, p: &str) -> u32 {
        fs.metadata(p).unwrap().mode & 0o7777
    }

    #[test]
    fn octal_symbolic_and_option_modes() {
        let fs = TestFs::new();
        fs.file("f", b"");
        fs.set_mode("/workspace/f", 0o644).unwrap();
        let o = run(&Chmod, &["-v", "755", "f"], b"", &fs);
        assert_eq!(
            o.out,
            "mode of 'f' changed from 0644 (rw-r--r--) to 0755 (rwxr-xr-x)\n"
        );
        run(&Chmod, &["go-rx,u-w", "f"], b"", &fs);
        assert_eq!(mode(&fs, "/workspace/f"), 0o500);
        run(&Chmod, &["-x", "f"], b"", &fs);
        assert_eq!(mode(&fs, "/workspace/f"), 0o400);
        let o = run(&Chmod, &["-c", "400", "f"], b"", &fs);
        assert_eq!(o.out, "");
        let o = run(&Chmod, &["-v", "u=r", "f"], b"", &fs);
        assert_eq!(o.out, "mode of 'f' retained as 0400 (r--------)\n");
    }

    #[test]
    fn recursive_and_errors() {
        let fs = TestFs::new();
        fs.file("d/e/f", b"");
        let o = run(&Chmod, &["-R", "a=rX", "d"], b"", &fs);
        assert_eq!(o.status, 0);
        assert_eq!(mode(&fs, "/workspace/d/e"), 0o555);
        assert_eq!(mode(&fs, "/workspace/d/e/f"), 0o444);
        let o = run(&Chmod, &["bogus", "d"], b"", &fs);
        assert_eq!(
            o.err,
            "chmod: invalid mode: 'bogus'\nTry 'chmod --help' for more information.\n"
        );
        let o = run(&Chmod, &["755"], b"", &fs);
        assert!(o.err.starts_with("chmod: missing operand after '755'\n"));
        let o = run(&Chmod, &["755", "nofile"], b"", &fs);
        assert_eq!(
            (o.status, o.err.as_str()),
            (
                1,
                "chmod: cannot access 'nofile': No such file or directory\n"
            )
        );
        let o = run(&Chmod, &["-f", "755", "nofile"], b"", &fs);
        assert_eq!((o.status, o.err.as_str()), (1, ""));
    }
}
