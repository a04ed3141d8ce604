//! `mv`: move (rename) files.

use sandbash_interpreter::{Utility, UtilityContext};
use sandbash_vfs::FsErrorKind;

use crate::common::fsutil::is_within;
use crate::common::opts::{self, HasArg, Parse, Spec};
use crate::common::quote;
use crate::common::sys::{Res, Sys};
use crate::common::target::{Pair, Resolved, for_each_pair};
use crate::cp::{Copier, CopyOpts};

/// The `mv` utility: `-f -n -u -v -T -t DIR`; `-i` is accepted (never
/// asks). Across mounts (`Invalid cross-device link`) it copies, keeping
/// modes and times, then removes the source.
pub struct Mv;

const SPEC: Spec = Spec::new(
    "fnuvTt:ib",
    &[
        ("force", HasArg::No, "f"),
        ("no-clobber", HasArg::No, "n"),
        ("update", HasArg::Optional, "u"),
        ("verbose", HasArg::No, "v"),
        ("no-target-directory", HasArg::No, "T"),
        ("target-directory", HasArg::Yes, "t"),
        ("interactive", HasArg::No, "i"),
    ],
    "mv [OPTION]... [-T] SOURCE DEST
  or:  mv [OPTION]... SOURCE... DIRECTORY
  or:  mv [OPTION]... -t DIRECTORY SOURCE...
Rename SOURCE to DEST, or move SOURCE(s) to DIRECTORY.

  -f, --force                  do not prompt before overwriting
  -i, --interactive            accepted; the sandbox never prompts
  -n, --no-clobber             do not overwrite an existing file
  -t, --target-directory=DIRECTORY  move all SOURCE arguments into DIRECTORY
  -T, --no-target-directory    treat DEST as a normal file
  -u, --update                 move only when the SOURCE file is newer
  -v, --verbose                explain what is being done
      --help        display this help and exit
      --version     output version information and exit
",
);

impl Utility for Mv {
    fn name(&self) -> &'static str {
        "mv"
    }

    fn run(&self, ctx: &mut UtilityContext<'_>) -> i32 {
        let mut sys = Sys::new("mv", ctx);
        let r = main(&mut sys);
        sys.finish(r)
    }
}

fn main(sys: &mut Sys<'_>) -> Res<i32> {
    let args = sys.args;
    let p = match opts::parse(sys, &SPEC, args)? {
        Parse::Run(p) => p,
        Parse::Exit(s) => return Ok(s),
    };
    let mut f = Flags::default();
    for (k, _) in &p.opts {
        match *k {
            "f" | "i" => f.no_clobber = false,
            "n" => f.no_clobber = true,
            "u" => f.update = true,
            "v" => f.verbose = true,
            _ => {}
        }
    }
    for_each_pair(sys, &p, "move", |sys, pair, abs| {
        move_one(sys, f, pair, abs)
    })
}

/// The options that change how each source is moved.
#[derive(Clone, Copy, Default)]
struct Flags {
    no_clobber: bool,
    update: bool,
    verbose: bool,
}

/// Moves one source; false when it failed (reported).
fn move_one(sys: &mut Sys<'_>, f: Flags, pair: &Pair, abs: &Resolved) -> Res<bool> {
    let (src, dst, sa, da) = (&pair.src, &pair.dst, &abs.src, &abs.dst);
    let smd = match sys.fs.symlink_metadata(sa) {
        Ok(m) => m,
        Err(e) => {
            sys.diag
                .error(format_args!("cannot stat {}: {}", quote(src), e.kind));
            return Ok(false);
        }
    };
    if sa == da {
        sys.diag.error(format_args!(
            "{} and {} are the same file",
            quote(src),
            quote(dst)
        ));
        return Ok(false);
    }
    if smd.is_dir() && is_within(sa, da) {
        sys.diag.error(format_args!(
            "cannot move {} to a subdirectory of itself, {}",
            quote(src),
            quote(dst)
        ));
        return Ok(false);
    }
    if let Ok(dmd) = sys.fs.symlink_metadata(da) {
        if f.no_clobber || (f.update && dmd.mtime >= smd.mtime) {
            return Ok(true);
        }
        if dmd.is_dir() && !smd.is_dir() {
            sys.diag.error(format_args!(
                "cannot overwrite directory {} with non-directory",
                quote(dst)
            ));
            return Ok(false);
        }
        if !dmd.is_dir() && smd.is_dir() {
            sys.diag.error(format_args!(
                "cannot overwrite non-directory {} with directory {}",
                quote(dst),
                quote(src)
            ));
            return Ok(false);
        }
    }
    match sys.fs.rename(sa, da) {
        Ok(()) => {}
        Err(e) if e.kind == FsErrorKind::CrossDevice => {
            // Copy everything across, then remove the source.
            let opts = CopyOpts {
                recursive: true,
                preserve: true,
                ..CopyOpts::default()
            };
            if smd.is_dir() && sys.fs.symlink_metadata(da).is_ok() {
                let _ = sys.fs.remove_dir(da, false);
            }
            if !Copier::new(sys, opts).copy(sa, src, da, dst, true)? {
                return Ok(false);
            }
            let removed = if smd.is_dir() {
                sys.fs.remove_dir(sa, true)
            } else {
                sys.fs.remove_file(sa)
            };
            if let Err(e) = removed {
                sys.diag
                    .error(format_args!("cannot remove {}: {}", quote(src), e.kind));
                return Ok(false);
            }
        }
        Err(e) => {
            sys.diag.error(format_args!(
                "cannot move {} to {}: {}",
                quote(src),
                quote(dst),
                e.kind
            ));
            return Ok(false);
        }
    }
    if f.verbose {
        sys.out
            .fmt(format_args!("renamed {} -> {}\n", quote(src), quote(dst)))?;
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::Mv;
    use crate::testutil::*;

    #[test]
    fn moves() {
        let fs = TestFs::new();
        fs.file("a", b"A").file("b", b"B").dir("d");
        let o = run(&Mv, &["-v", "a", "c"], b"", &fs);
        assert_eq!(o.out, "renamed 'a' -> 'c'\n");
        assert!(!fs.has("a"));
        assert_eq!(fs.text("c"), "A");
        run(&Mv, &["b", "c", "d"], b"", &fs);
        assert_eq!(fs.text("d/b"), "B");
        assert_eq!(fs.text("d/c"), "A");
        fs.file("x", b"X").file("y", b"Y");
        run(&Mv, &["-n", "x", "y"], b"", &fs);
        assert_eq!(fs.text("y"), "Y");
        run(&Mv, &["-t", "d", "x"], b"", &fs);
        assert_eq!(fs.text("d/x"), "X");
        run(&Mv, &["d", "e"], b"", &fs);
        assert_eq!(fs.text("e/x"), "X");
    }

    #[test]
    fn errors() {
        let fs = TestFs::new();
        fs.file("f", b"").file("d/g", b"");
        let o = run(&Mv, &["nope", "x"], b"", &fs);
        assert_eq!(
            (o.err.as_str(), o.status),
            ("mv: cannot stat 'nope': No such file or directory\n", 1)
        );
        let o = run(&Mv, &["f", "f"], b"", &fs);
        assert_eq!(o.err, "mv: 'f' and 'f' are the same file\n");
        let o = run(&Mv, &["d", "d/sub"], b"", &fs);
        assert_eq!(
            o.err,
            "mv: cannot move 'd' to a subdirectory of itself, 'd/sub'\n"
        );
        let o = run(&Mv, &["-T", "d", "f"], b"", &fs);
        assert_eq!(
            o.err,
            "mv: cannot overwrite non-directory 'f' with directory 'd'\n"
        );
        let o = run(&Mv, &[], b"", &fs);
        assert_eq!(
            o.err,
            "mv: missing file operand\nTry 'mv --help' for more information.\n"
        );
    }
}
