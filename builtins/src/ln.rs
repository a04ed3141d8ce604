//! `ln`: make links. Symbolic links are stored by the VFS
//! (`FileSystem::symlink`); the VFS has no hard links, so a hard link is
//! refused with `Operation not permitted` after the checks GNU makes
//! first (the source must exist, the destination must not).
//!
//! Destinations as GNU: `ln TARGET` links in the working directory,
//! `ln TARGET... DIR` (or `-t DIR`) links into DIR under each target's
//! last component, `-T` or a non-directory last operand links onto it;
//! with `-n` a symlink to a directory is a plain destination.

use sandbash_vfs::{FileKind, FileSystem, FsErrorKind, path};

use crate::common::canon::{Canon, Need, canonicalize, relative};
use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::fsutil::{base_name, join};
use crate::common::quote;
use crate::common::sys::{Res, Sys};

/// Why a hard link fails: the `EPERM` text, and what to do instead.
const HARD_LINKS_REFUSED: &str =
    "Operation not permitted (the sandbox has no hard links; use ln -s)";

/// The `ln` utility: `-s -f -n -r -v -T -t -b -S -L -P -i`.
pub struct Ln;

/// The options of `ln`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Backup,
    BackupSimple,
    Directory,
    Force,
    Interactive,
    Logical,
    NoDeref,
    Physical,
    Relative,
    Symbolic,
    Suffix,
    TargetDir,
    NoTargetDir,
    Verbose,
}

struct Opts {
    symbolic: bool,
    force: bool,
    no_deref: bool,
    relative: bool,
    verbose: bool,
    backup: Option<String>,
}

impl Command for Ln {
    const NAME: &'static str = "ln";
    const HELP: Help = Help {
        usage: &[
            "[OPTION]... [-T] TARGET LINK_NAME",
            "[OPTION]... TARGET",
            "[OPTION]... TARGET... DIRECTORY",
            "[OPTION]... -t DIRECTORY TARGET...",
        ],
        about: "In the 1st form, create a link to TARGET with the name LINK_NAME.\nIn the 2nd form, create a link to TARGET in the current directory.\nIn the 3rd and 4th forms, create links to each TARGET in DIRECTORY.\nCreate hard links by default, symbolic links with --symbolic.\nThe sandbox's filesystem has no hard links: only symbolic links can be made.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::long(
            &["backup"],
            Key::Backup,
            "make a backup of each existing destination file",
        )
        .optional("CONTROL"),
        Flag::new(
            'b',
            &[],
            Key::BackupSimple,
            "like --backup but does not accept an argument",
        ),
        Flag::new(
            'd',
            &["directory"],
            Key::Directory,
            "allow the superuser to attempt to hard link\n  directories (refused)",
        ),
        Flag::new('F', &[], Key::Directory, ""),
        Flag::new(
            'f',
            &["force"],
            Key::Force,
            "remove existing destination files",
        ),
        Flag::new(
            'i',
            &["interactive"],
            Key::Interactive,
            "prompt whether to remove destinations",
        ),
        Flag::new(
            'L',
            &["logical"],
            Key::Logical,
            "dereference TARGETs that are symbolic links",
        ),
        Flag::new(
            'n',
            &["no-dereference"],
            Key::NoDeref,
            "treat LINK_NAME as a normal file if\n  it is a symbolic link to a directory",
        ),
        Flag::new(
            'P',
            &["physical"],
            Key::Physical,
            "make hard links directly to symbolic links",
        ),
        Flag::new(
            'r',
            &["relative"],
            Key::Relative,
            "with -s, create links relative to link location",
        ),
        Flag::new(
            's',
            &["symbolic"],
            Key::Symbolic,
            "make symbolic links instead of hard links",
        ),
        Flag::new(
            'S',
            &["suffix"],
            Key::Suffix,
            "override the usual backup suffix",
        )
        .value("SUFFIX"),
        Flag::new(
            't',
            &["target-directory"],
            Key::TargetDir,
            "specify the DIRECTORY in which to create\n  the links",
        )
        .value("DIRECTORY"),
        Flag::new(
            'T',
            &["no-target-directory"],
            Key::NoTargetDir,
            "treat LINK_NAME as a normal file always",
        ),
        Flag::new(
            'v',
            &["verbose"],
            Key::Verbose,
            "print name of each linked file",
        ),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let backup = (p.has(Key::Backup) || p.has(Key::BackupSimple) || p.has(Key::Suffix))
            .then(|| p.last(Key::Suffix).unwrap_or("~").to_owned());
        let o = Opts {
            symbolic: p.has(Key::Symbolic),
            force: p.has(Key::Force),
            no_deref: p.has(Key::NoDeref),
            relative: p.has(Key::Relative),
            verbose: p.has(Key::Verbose),
            backup,
        };
        if o.relative && !o.symbolic {
            sys.diag.error("cannot do --relative without --symbolic");
            return Ok(1);
        }
        let Some(pairs) = plan(sys, &o, &p) else {
            return Ok(1);
        };
        let mut status = 0;
        for (target, link) in pairs {
            sys.tick.tick()?;
            if !link_one(sys, &o, &target, &link) {
                status = 1;
            }
        }
        Ok(status)
    }
}

/// Whether `operand` is a directory to link into.
fn dir_dest(sys: &Sys<'_>, o: &Opts, operand: &str) -> bool {
    let Ok(abs) = sys.resolve(operand) else {
        return false;
    };
    if o.no_deref
        && sys
            .fs
            .symlink_metadata(&abs)
            .is_ok_and(|m| m.kind == FileKind::Symlink)
    {
        return false;
    }
    sys.fs.metadata(&abs).is_ok_and(|m| m.is_dir())
}

fn into(dir: &str, target: &str) -> (String, String) {
    (target.to_owned(), join(dir, base_name(target)))
}

/// The (target, link name) pairs; usage errors reported, giving `None`.
fn plan(sys: &mut Sys<'_>, o: &Opts, p: &Args<Key>) -> Option<Vec<(String, String)>> {
    let ops = &p.operands;
    if let Some(dir) = p.last(Key::TargetDir) {
        if p.has(Key::NoTargetDir) {
            sys.diag
                .usage("cannot combine --target-directory and --no-target-directory");
            return None;
        }
        let exists = sys.resolve(dir).map(|a| sys.fs.metadata(&a));
        match exists {
            Ok(Ok(m)) if m.is_dir() => {}
            Ok(Ok(_)) => {
                sys.diag
                    .error(format_args!("target {} is not a directory", quote(dir)));
                return None;
            }
            Ok(Err(e)) => {
                sys.diag
                    .error(format_args!("failed to access {}: {}", quote(dir), e.kind));
                return None;
            }
            Err(e) => {
                sys.diag.error(format_args!("{}: {}", quote(dir), e.kind));
                return None;
            }
        }
        if ops.is_empty() {
            sys.diag.usage("missing file operand");
            return None;
        }
        return Some(ops.iter().map(|t| into(dir, t)).collect());
    }
    let no_target = p.has(Key::NoTargetDir);
    match ops.as_slice() {
        [] => {
            sys.diag.usage("missing file operand");
            None
        }
        [one] if !no_target => Some(vec![into(".", one)]),
        [one] => {
            sys.diag.usage(format_args!(
                "missing destination file operand after {}",
                quote(one)
            ));
            None
        }
        [t, l] => {
            if !no_target && dir_dest(sys, o, l) {
                Some(vec![into(l, t)])
            } else {
                Some(vec![(t.clone(), l.clone())])
            }
        }
        [targets @ .., dir] => {
            if no_target {
                let extra = ops.get(2).map_or("", String::as_str);
                sys.diag
                    .usage(format_args!("extra operand {}", quote(extra)));
                return None;
            }
            if !dir_dest(sys, o, dir) {
                match sys.resolve(dir).map(|a| sys.fs.metadata(&a)) {
                    Ok(Ok(_)) => sys.diag.error(format_args!(
                        "target {}: {}",
                        quote(dir),
                        FsErrorKind::NotADirectory
                    )),
                    Ok(Err(e)) => sys
                        .diag
                        .error(format_args!("target {}: {}", quote(dir), e.kind)),
                    Err(e) => sys
                        .diag
                        .error(format_args!("target {}: {}", quote(dir), e.kind)),
                }
                return None;
            }
            Some(targets.iter().map(|t| into(dir, t)).collect())
        }
    }
}

/// Makes one link; reports failures and gives whether it succeeded.
fn link_one(sys: &mut Sys<'_>, o: &Opts, target: &str, link: &str) -> bool {
    let kind = if o.symbolic { "symbolic" } else { "hard" };
    let fail = |sys: &mut Sys<'_>, e: FsErrorKind| {
        if o.symbolic && (target.is_empty() || e == FsErrorKind::NameTooLong) {
            sys.diag.error(format_args!(
                "failed to create {kind} link {} -> {}: {e}",
                quote(link),
                quote(target)
            ));
        } else if o.symbolic || e == FsErrorKind::AlreadyExists {
            sys.diag.error(format_args!(
                "failed to create {kind} link {}: {e}",
                quote(link)
            ));
        } else {
            sys.diag.error(format_args!(
                "failed to create {kind} link {} => {}: {e}",
                quote(link),
                quote(target)
            ));
        }
        false
    };
    let Ok(abs) = sys.resolve(link) else {
        return fail(sys, FsErrorKind::NameTooLong);
    };
    if !o.symbolic {
        let src = sys.resolve(target).map(|a| sys.fs.metadata(&a));
        match src {
            Ok(Ok(m)) if m.is_dir() => {
                sys.diag.error(format_args!(
                    "{}: hard link not allowed for directory",
                    quote(target)
                ));
                return false;
            }
            Ok(Ok(_)) => {}
            Ok(Err(e)) | Err(e) => {
                sys.diag.error(format_args!(
                    "failed to access {}: {}",
                    quote(target),
                    e.kind
                ));
                return false;
            }
        }
    }
    let existing = sys.fs.symlink_metadata(&abs).ok();
    if let Some(m) = &existing {
        if m.kind == FileKind::Dir && (o.force || o.backup.is_some()) {
            sys.diag
                .error(format_args!("{link}: cannot overwrite directory"));
            return false;
        }
        if !o.force && o.backup.is_none() {
            return fail(sys, FsErrorKind::AlreadyExists);
        }
    }
    if !o.symbolic {
        // Checked as GNU checks, then refused: the VFS stores no hard links.
        sys.diag.error(format_args!(
            "failed to create hard link {} => {}: {HARD_LINKS_REFUSED}",
            quote(link),
            quote(target)
        ));
        return false;
    }
    let text = if o.relative {
        relative_target(sys, target, &abs)
    } else {
        target.to_owned()
    };
    if text.is_empty() {
        return fail(sys, FsErrorKind::NotFound);
    }
    if existing.is_some() {
        let gone = match &o.backup {
            Some(suffix) => sys.fs.rename(&abs, &format!("{abs}{suffix}")),
            None => sys.fs.remove_file(&abs),
        };
        if let Err(e) = gone {
            return fail(sys, e.kind);
        }
    }
    if let Err(e) = sys.fs.symlink(&text, &abs) {
        return fail(sys, e.kind);
    }
    if o.verbose {
        let _ = sys
            .out
            .str(&format!("{} -> {}\n", quote(link), quote(&text)));
    }
    true
}

/// `target` relative to the directory the link `link_abs` is in, both
/// canonicalized without needing to exist (`ln -r`).
fn relative_target(sys: &Sys<'_>, target: &str, link_abs: &str) -> String {
    let fs: &dyn FileSystem = sys.fs;
    let how = Canon::new(Need::Nothing);
    let dir = path::split_parent(link_abs).map_or("/", |(d, _)| d);
    let t = canonicalize(fs, sys.cwd, target, how).unwrap_or_else(|_| target.to_owned());
    let d = canonicalize(fs, sys.cwd, dir, how).unwrap_or_else(|_| dir.to_owned());
    relative(&t, &d)
}

#[cfg(test)]
mod tests {
    use super::Ln;
    use crate::testutil::*;
    use sandbash_vfs::FileSystem;

    #[test]
    fn symbolic_links() {
        let fs = TestFs::new();
        fs.file("a", b"x").dir("d").dir("e");
        let o = run(&Ln, &["-sv", "a", "l1"], b"", &fs);
        assert_eq!((o.out.as_str(), o.status), ("'l1' -> 'a'\n", 0));
        assert_eq!(fs.read_link("/workspace/l1").unwrap(), "a");
        let o = run(&Ln, &["-s", "x", "l1"], b"", &fs);
        assert_eq!(
            o.err,
            "ln: failed to create symbolic link 'l1': File exists\n"
        );
        let o = run(&Ln, &["-sf", "b", "l1"], b"", &fs);
        assert_eq!(o.status, 0);
        assert_eq!(fs.read_link("/workspace/l1").unwrap(), "b");
        run(&Ln, &["-s", "a", "d"], b"", &fs);
        assert_eq!(fs.read_link("/workspace/d/a").unwrap(), "a");
        run(&Ln, &["-sr", "a", "e/x"], b"", &fs);
        assert_eq!(fs.read_link("/workspace/e/x").unwrap(), "../a");
        run(&Ln, &["-s", "-t", "e", "/p/q"], b"", &fs);
        assert_eq!(fs.read_link("/workspace/e/q").unwrap(), "/p/q");
        run(&Ln, &["-s", "d", "ld"], b"", &fs);
        let o = run(&Ln, &["-snf", "e", "ld"], b"", &fs);
        assert_eq!(o.status, 0);
        assert_eq!(fs.read_link("/workspace/ld").unwrap(), "e");
    }

    #[test]
    fn hard_links_and_errors() {
        let fs = TestFs::new();
        fs.file("a", b"x");
        let o = run(&Ln, &["a", "h"], b"", &fs);
        assert_eq!(
            (o.status, o.err.as_str()),
            (
                1,
                "ln: failed to create hard link 'h' => 'a': Operation not permitted \
                 (the sandbox has no hard links; use ln -s)\n"
            )
        );
        let o = run(&Ln, &["nosuch", "h"], b"", &fs);
        assert_eq!(
            o.err,
            "ln: failed to access 'nosuch': No such file or directory\n"
        );
        let o = run(&Ln, &[], b"", &fs);
        assert!(o.err.starts_with("ln: missing file operand\n"));
        let o = run(&Ln, &["-s", "a", "b", "c"], b"", &fs);
        assert_eq!(o.err, "ln: target 'c': No such file or directory\n");
        let o = run(&Ln, &["-sT", "a", "b", "c"], b"", &fs);
        assert!(o.err.starts_with("ln: extra operand 'c'\n"));
    }
}
