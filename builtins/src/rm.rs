//! `rm`: remove files or directories.

use sandbash_vfs::{FileKind, FsErrorKind};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::fsutil::{base_name, join};
use crate::common::quote;
use crate::common::sys::{Res, Sys};
use crate::common::walk::real_path;

/// The `rm` utility: `-f -r -R -d -v`, `-i`/`-I` accepted (never asks),
/// `--preserve-root` (default) / `--no-preserve-root`.
pub struct Rm;

/// The options of `rm`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Force,
    Interactive,
    Recursive,
    Dir,
    Verbose,
    NoPreserveRoot,
    PreserveRoot,
    OneFileSystem,
}

impl Command for Rm {
    const NAME: &'static str = "rm";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: "Remove (unlink) the FILE(s).",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'f',
            &["force"],
            Key::Force,
            "ignore nonexistent files and arguments, never prompt",
        ),
        // `-i` and `-I` take no value, `--interactive` an optional one: the
        // short letters find these unlisted entries first.
        Flag::new('i', &[], Key::Interactive, ""),
        Flag::new('I', &[], Key::Interactive, ""),
        Flag::new(
            'i',
            &["interactive"],
            Key::Interactive,
            "accepted; the sandbox never prompts",
        )
        .optional("WHEN"),
        Flag::new(
            'r',
            &["recursive"],
            Key::Recursive,
            "remove directories and their contents recursively",
        ),
        Flag::new('R', &[], Key::Recursive, ""),
        Flag::new('d', &["dir"], Key::Dir, "remove empty directories"),
        Flag::new(
            'v',
            &["verbose"],
            Key::Verbose,
            "explain what is being done",
        ),
        Flag::long(
            &["no-preserve-root"],
            Key::NoPreserveRoot,
            "do not treat '/' specially",
        ),
        Flag::long(
            &["preserve-root"],
            Key::PreserveRoot,
            "do not remove '/' (default)",
        )
        .optional("all"),
        Flag::long(&["one-file-system"], Key::OneFileSystem, ""),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }
}

struct Config {
    force: bool,
    recursive: bool,
    dir: bool,
    verbose: bool,
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let mut cfg = Config {
        force: false,
        recursive: false,
        dir: false,
        verbose: false,
    };
    let mut preserve_root = true;
    for (k, _) in p.each() {
        match k {
            Key::Force => cfg.force = true,
            Key::Interactive => cfg.force = false,
            Key::Recursive => cfg.recursive = true,
            Key::Dir => cfg.dir = true,
            Key::Verbose => cfg.verbose = true,
            Key::NoPreserveRoot => preserve_root = false,
            Key::PreserveRoot => preserve_root = true,
            Key::OneFileSystem => {}
        }
    }
    if p.operands.is_empty() {
        if cfg.force {
            return Ok(0);
        }
        sys.diag.usage("missing operand");
        return Ok(1);
    }
    let mut status = 0;
    for op in &p.operands {
        sys.tick.check()?;
        let base = base_name(op);
        if cfg.recursive && (base == "." || base == "..") {
            sys.diag.error(format_args!(
                "refusing to remove '.' or '..' directory: skipping {}",
                quote(op)
            ));
            status = 1;
            continue;
        }
        let full = match sys.resolve(op) {
            Ok(f) => f,
            Err(e) => {
                sys.diag
                    .error(format_args!("cannot remove {}: {}", quote(op), e.kind));
                status = 1;
                continue;
            }
        };
        if cfg.recursive && preserve_root && is_root(sys, op, &full) {
            if op == "/" {
                sys.diag
                    .error("it is dangerous to operate recursively on '/'");
            } else {
                sys.diag.error(format_args!(
                    "it is dangerous to operate recursively on {} (same as '/')",
                    quote(op)
                ));
            }
            sys.diag
                .error("use --no-preserve-root to override this failsafe");
            status = 1;
            continue;
        }
        let md = match sys.fs.symlink_metadata(&full) {
            Ok(m) => m,
            Err(e) => {
                if !(cfg.force && e.kind == FsErrorKind::NotFound) {
                    sys.diag
                        .error(format_args!("cannot remove {}: {}", quote(op), e.kind));
                    status = 1;
                }
                continue;
            }
        };
        if md.is_dir() {
            if cfg.recursive {
                if !remove_tree(sys, &cfg, &full, op)? {
                    status = 1;
                }
            } else if cfg.dir {
                match sys.fs.remove_dir(&full, false) {
                    Ok(()) => {
                        if cfg.verbose {
                            sys.out
                                .fmt(format_args!("removed directory {}\n", quote(op)))?;
                        }
                    }
                    Err(e) => {
                        sys.diag
                            .error(format_args!("cannot remove {}: {}", quote(op), e.kind));
                        status = 1;
                    }
                }
            } else {
                sys.diag.error(format_args!(
                    "cannot remove {}: {}",
                    quote(op),
                    FsErrorKind::IsADirectory
                ));
                status = 1;
            }
            continue;
        }
        match sys.fs.remove_file(&full) {
            Ok(()) => {
                if cfg.verbose {
                    sys.out.fmt(format_args!("removed {}\n", quote(op)))?;
                }
            }
            Err(e) => {
                sys.diag
                    .error(format_args!("cannot remove {}: {}", quote(op), e.kind));
                status = 1;
            }
        }
    }
    Ok(status)
}

/// True when the operand `op` (at `full`) is the root directory itself: a
/// trailing slash follows a symlink to it, as GNU's failsafe compares the
/// directory the walk would start from with `/`.
fn is_root(sys: &Sys<'_>, op: &str, full: &str) -> bool {
    if op.ends_with('/') {
        real_path(sys.fs, full).is_ok_and(|r| r == "/")
    } else {
        full == "/"
    }
}

/// Removes a directory and everything below it; false when something failed.
fn remove_tree(sys: &mut Sys<'_>, cfg: &Config, full: &str, shown: &str) -> Res<bool> {
    sys.tick.check()?;
    let entries = match sys.fs.read_dir(full) {
        Ok(e) => e,
        Err(e) => {
            sys.diag
                .error(format_args!("cannot remove {}: {}", quote(shown), e.kind));
            return Ok(false);
        }
    };
    let mut ok = true;
    for ent in entries {
        let p = join(full, &ent.name);
        let s = join(shown, &ent.name);
        if ent.kind == FileKind::Dir {
            ok &= remove_tree(sys, cfg, &p, &s)?;
            continue;
        }
        sys.tick.tick()?;
        match sys.fs.remove_file(&p) {
            Ok(()) => {
                if cfg.verbose {
                    sys.out.fmt(format_args!("removed {}\n", quote(&s)))?;
                }
            }
            Err(e) => {
                sys.diag
                    .error(format_args!("cannot remove {}: {}", quote(&s), e.kind));
                ok = false;
            }
        }
    }
    if !ok {
        return Ok(false);
    }
    match sys.fs.remove_dir(full, false) {
        Ok(()) => {
            if cfg.verbose {
                sys.out
                    .fmt(format_args!("removed directory {}\n", quote(shown)))?;
            }
            Ok(true)
        }
        Err(e) => {
            sys.diag
                .error(format_args!("cannot remove {}: {}", quote(shown), e.kind));
            Ok(false)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rm;
    use crate::testutil::*;

    #[test]
    fn removes_files_and_trees() {
        let fs = TestFs::new();
        fs.file("f", b"")
            .file("d/a", b"")
            .file("d/s/b", b"")
            .dir("e");
        let o = run(&Rm, &["f"], b"", &fs);
        assert_eq!(o.status, 0);
        assert!(!fs.has("f"));
        let o = run(&Rm, &["-rv", "d"], b"", &fs);
        assert_eq!(
            o.out,
            "removed 'd/a'\nremoved 'd/s/b'\nremoved directory 'd/s'\nremoved directory 'd'\n"
        );
        assert!(!fs.has("d"));
        let o = run(&Rm, &["-d", "e"], b"", &fs);
        assert_eq!(o.status, 0);
        assert!(!fs.has("e"));
    }

    #[test]
    fn errors() {
        let fs = TestFs::new();
        fs.file("d/a", b"");
        let o = run(&Rm, &["x"], b"", &fs);
        assert_eq!(
            (o.err.as_str(), o.status),
            ("rm: cannot remove 'x': No such file or directory\n", 1)
        );
        let o = run(&Rm, &["-f", "x"], b"", &fs);
        assert_eq!((o.err.as_str(), o.status), ("", 0));
        let o = run(&Rm, &["d"], b"", &fs);
        assert_eq!(o.err, "rm: cannot remove 'd': Is a directory\n");
        let o = run(&Rm, &["-d", "d"], b"", &fs);
        assert_eq!(o.err, "rm: cannot remove 'd': Directory not empty\n");
        let o = run(&Rm, &["-rf", "/"], b"", &fs);
        assert_eq!(
            o.err,
            "rm: it is dangerous to operate recursively on '/'\nrm: use --no-preserve-root to override this failsafe\n"
        );
        assert_eq!(o.status, 1);
        let o = run(&Rm, &["-r", "."], b"", &fs);
        assert_eq!(
            o.err,
            "rm: refusing to remove '.' or '..' directory: skipping '.'\n"
        );
        let o = run(&Rm, &[], b"", &fs);
        assert_eq!(
            o.err,
            "rm: missing operand\nTry 'rm --help' for more information.\n"
        );
        assert!(fs.has("d/a"));
    }

    /// The failsafe sees through a symlink to `/` that a trailing slash
    /// follows; without the slash only the link goes.
    #[test]
    fn preserve_root_through_a_link() {
        use sandbash_vfs::FileSystem;

        let fs = TestFs::new();
        fs.file("d/a", b"");
        fs.symlink("..", "/workspace/up").unwrap();
        for op in ["/workspace/up/", "up//"] {
            let o = run(&Rm, &["-rf", op], b"", &fs);
            assert_eq!(
                (o.err, o.status),
                (
                    format!(
                        "rm: it is dangerous to operate recursively on '{op}' (same as '/')\n\
                         rm: use --no-preserve-root to override this failsafe\n"
                    ),
                    1
                )
            );
        }
        assert!(fs.has("d/a") && fs.has("up"));
        let o = run(&Rm, &["-rf", "up"], b"", &fs);
        assert_eq!((o.err.as_str(), o.status), ("", 0));
        assert!(fs.has("d/a") && !fs.has("up"));
    }
}
