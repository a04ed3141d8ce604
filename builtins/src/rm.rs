//! `rm`: remove files or directories.

use sandbash_interpreter::{Utility, UtilityContext};
use sandbash_vfs::{FileKind, FsErrorKind};

use crate::common::fsutil::{base_name, join};
use crate::common::opts::{self, HasArg, Parse, Spec};
use crate::common::quote;
use crate::common::sys::{Res, Sys};
use crate::common::walk::real_path;

/// The `rm` utility: `-f -r -R -d -v`, `-i`/`-I` accepted (never asks),
/// `--preserve-root` (default) / `--no-preserve-root`.
pub struct Rm;

const SPEC: Spec = Spec::new(
    "frRdviI",
    &[
        ("force", HasArg::No, "f"),
        ("recursive", HasArg::No, "r"),
        ("dir", HasArg::No, "d"),
        ("verbose", HasArg::No, "v"),
        ("interactive", HasArg::Optional, "i"),
        ("preserve-root", HasArg::Optional, "preserve-root"),
        ("no-preserve-root", HasArg::No, "no-preserve-root"),
        ("one-file-system", HasArg::No, "one-file-system"),
    ],
    "rm [OPTION]... [FILE]...
Remove (unlink) the FILE(s).

  -f, --force           ignore nonexistent files and arguments, never prompt
  -i, -I, --interactive accepted; the sandbox never prompts
  -r, -R, --recursive   remove directories and their contents recursively
  -d, --dir             remove empty directories
  -v, --verbose         explain what is being done
      --no-preserve-root  do not treat '/' specially
      --preserve-root   do not remove '/' (default)
      --help            display this help and exit
      --version         output version information and exit
",
);

impl Utility for Rm {
    fn name(&self) -> &'static str {
        "rm"
    }

    fn run(&self, ctx: &mut UtilityContext<'_>) -> i32 {
        let mut sys = Sys::new("rm", ctx);
        let r = main(&mut sys);
        sys.finish(r)
    }
}

struct Config {
    force: bool,
    recursive: bool,
    dir: bool,
    verbose: bool,
}

fn main(sys: &mut Sys<'_>) -> Res<i32> {
    let args = sys.args;
    let p = match opts::parse(sys, &SPEC, args)? {
        Parse::Run(p) => p,
        Parse::Exit(s) => return Ok(s),
    };
    let mut cfg = Config {
        force: false,
        recursive: false,
        dir: false,
        verbose: false,
    };
    let mut preserve_root = true;
    for (k, _) in &p.opts {
        match *k {
            "f" => cfg.force = true,
            "i" | "I" => cfg.force = false,
            "r" | "R" => cfg.recursive = true,
            "d" => cfg.dir = true,
            "v" => cfg.verbose = true,
            "no-preserve-root" => preserve_root = false,
            "preserve-root" => preserve_root = true,
            _ => {}
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
