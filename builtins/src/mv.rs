//! `mv`: move (rename) files.

use sandbash_vfs::FsErrorKind;

use crate::common::backup::{self, Backup, make_backup};
use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::fsutil::is_within;
use crate::common::input::yesno;
use crate::common::quote;
use crate::common::sys::{Res, Sys};
use crate::common::target::{Pair, Resolved, for_each_pair};
use crate::cp::{Copier, CopyOpts};

/// The `mv` utility: `-f -i -n -u -v -T -t DIR`, `-b`/`--backup[=CONTROL]`
/// /`-S SUFFIX`; `-i` asks on standard error and reads the answer from
/// standard input, as GNU. Across mounts (`Invalid cross-device link`) it copies, keeping
/// modes and times, then removes the source.
pub struct Mv;

/// The options of `mv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Force,
    Interactive,
    NoClobber,
    TargetDirectory,
    NoTargetDirectory,
    Update,
    Verbose,
    Backup,
    BackupControl,
    Suffix,
}

impl Command for Mv {
    const NAME: &'static str = "mv";
    const HELP: Help = Help {
        usage: &[
            "[OPTION]... [-T] SOURCE DEST",
            "[OPTION]... SOURCE... DIRECTORY",
            "[OPTION]... -t DIRECTORY SOURCE...",
        ],
        about: "Rename SOURCE to DEST, or move SOURCE(s) to DIRECTORY.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'f',
            &["force"],
            Key::Force,
            "do not prompt before overwriting",
        ),
        Flag::new(
            'i',
            &["interactive"],
            Key::Interactive,
            "prompt before overwrite",
        ),
        Flag::new(
            'n',
            &["no-clobber"],
            Key::NoClobber,
            "do not overwrite an existing file",
        ),
        Flag::new(
            't',
            &["target-directory"],
            Key::TargetDirectory,
            "move all SOURCE arguments into DIRECTORY",
        )
        .value("DIRECTORY"),
        Flag::new(
            'T',
            &["no-target-directory"],
            Key::NoTargetDirectory,
            "treat DEST as a normal file",
        ),
        // `-u` takes no value, `--update` an optional one: the short letter
        // finds this unlisted entry first.
        Flag::new('u', &[], Key::Update, ""),
        Flag::new(
            'u',
            &["update"],
            Key::Update,
            "move only when the SOURCE file is newer",
        )
        .optional("UPDATE"),
        Flag::new(
            'v',
            &["verbose"],
            Key::Verbose,
            "explain what is being done",
        ),
        Flag::new(
            'b',
            &[],
            Key::Backup,
            "like --backup but does not accept an argument",
        ),
        Flag::long(
            &["backup"],
            Key::BackupControl,
            "make a backup of each existing destination file",
        )
        .optional("CONTROL"),
        Flag::new(
            'S',
            &["suffix"],
            Key::Suffix,
            "override the usual backup suffix",
        )
        .value("SUFFIX"),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let backup = match backup::from_args(
            &mut sys.diag,
            sys.env,
            &p,
            [Key::Backup, Key::BackupControl, Key::Suffix],
        ) {
            Ok(b) => b,
            Err(backup::BadControl) => return Ok(1),
        };
        let mut f = Flags {
            backup,
            ..Flags::default()
        };
        for (k, _) in p.each() {
            match k {
                Key::Force => (f.no_clobber, f.interactive) = (false, false),
                Key::Interactive => (f.no_clobber, f.interactive) = (false, true),
                Key::NoClobber => (f.no_clobber, f.interactive) = (true, false),
                Key::Update => f.update = true,
                Key::Verbose => f.verbose = true,
                // `-t` and `-T` are read by `for_each_pair`, the backup
                // options above.
                Key::TargetDirectory
                | Key::NoTargetDirectory
                | Key::Backup
                | Key::BackupControl
                | Key::Suffix => {}
            }
        }
        let target_dir = p.last(Key::TargetDirectory);
        let no_target_dir = p.has(Key::NoTargetDirectory);
        for_each_pair(
            sys,
            &p.operands,
            target_dir,
            no_target_dir,
            "move",
            |sys, pair, abs| move_one(sys, &f, pair, abs),
        )
    }
}

/// The options that change how each source is moved.
#[derive(Default)]
struct Flags {
    no_clobber: bool,
    update: bool,
    verbose: bool,
    interactive: bool,
    backup: Option<Backup>,
}

/// Moves one source; false when it failed (reported).
fn move_one(sys: &mut Sys<'_>, f: &Flags, pair: &Pair, abs: &Resolved) -> Res<bool> {
    let (src, dst, sa, da) = (&pair.src, &pair.dst, &abs.src, &abs.dst);
    let smd = match sys.fs.symlink_metadata(sa) {
        Ok(m) => m,
        Err(e) => {
            sys.diag
                .error(format_args!("cannot stat {}: {}", quote(src), e.kind));
            return Ok(false);
        }
    };
    // `f/` names a directory: a file there is ENOTDIR, as GNU's stat sees.
    if src.ends_with('/') && !sys.fs.metadata(sa).is_ok_and(|m| m.is_dir()) {
        sys.diag.error(format_args!(
            "cannot stat {}: {}",
            quote(src),
            FsErrorKind::NotADirectory
        ));
        return Ok(false);
    }
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
    let mut backed_up = None;
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
        if f.interactive {
            sys.out.flush()?;
            let prompt = format!("{}: overwrite {}? ", sys.diag.name, quote(dst));
            sys.diag.raw(prompt.as_bytes());
            if !yesno(sys.stdin, &mut sys.tick)? {
                return Ok(true);
            }
        }
        if let Some(b) = &f.backup {
            match make_backup(sys.fs, b, da, dst, &mut sys.tick) {
                Ok(name) => backed_up = Some(name),
                Err(e) => {
                    sys.diag
                        .error(format_args!("cannot backup {}: {}", quote(dst), e.kind));
                    return Ok(false);
                }
            }
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
            .fmt(format_args!("renamed {} -> {}", quote(src), quote(dst)))?;
        if let Some(b) = backed_up {
            sys.out.fmt(format_args!(" (backup: {})", quote(&b)))?;
        }
        sys.out.str("\n")?;
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::Mv;
    use crate::testutil::*;

    #[test]
    fn backups_and_prompts() {
        let fs = TestFs::new();
        fs.file("a", b"new").file("b", b"old").file("c", b"c");
        let o = run(&Mv, &["-v", "--backup", "a", "b"], b"", &fs);
        assert_eq!(o.out, "renamed 'a' -> 'b' (backup: 'b~')\n");
        assert_eq!(fs.text("b~"), "old");
        let o = run(&Mv, &["-i", "c", "b"], b"n\n", &fs);
        assert_eq!((o.err.as_str(), o.status), ("mv: overwrite 'b'? ", 0));
        assert_eq!(fs.text("b"), "new");
        run(&Mv, &["-i", "-S", ".old", "c", "b"], b"y\n", &fs);
        assert_eq!((fs.text("b"), fs.text("b.old")), ("c".into(), "new".into()));
    }

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
