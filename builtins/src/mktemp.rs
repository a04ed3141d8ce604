//! `mktemp`: create a file (mode 0600) or directory (0700) with a unique
//! name made from a template whose last run of at least three `X`s is
//! replaced by random letters and digits ([`crate::common::rand`]).
//!
//! Where, as GNU: without a template, or with `-p DIR`/`--tmpdir` or
//! `-t`, the template is put in a directory: `-p`'s, else `TMPDIR`, else
//! `/tmp` (`-t` prefers `TMPDIR` to `-p`); otherwise the template is a
//! path of its own. A name already taken is drawn again, at most
//! [`ATTEMPTS`] times.

use sandbash_vfs::{FileSystem, FsErrorKind, WriteMode};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::quote;
use crate::common::rand::Rng;
use crate::common::sys::{Res, Sys};

/// The `mktemp` utility: `-d -u -q -p -t --tmpdir --suffix`.
pub struct Mktemp;

/// The options of `mktemp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Directory,
    DryRun,
    Quiet,
    Suffix,
    TmpdirP,
    Tmpdir,
    T,
}

/// Names drawn before giving up.
pub const ATTEMPTS: u32 = 1000;

const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

impl Command for Mktemp {
    const NAME: &'static str = "mktemp";
    const HELP: Help = Help {
        usage: &["[OPTION]... [TEMPLATE]"],
        about: "Create a temporary file or directory, safely, and print its name.\nTEMPLATE must contain at least 3 consecutive 'X's in last component.\nIf TEMPLATE is not specified, use tmp.XXXXXXXXXX, and --tmpdir is implied.\nFiles are created u+rw, and directories u+rwx, minus umask restrictions.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('d', &["directory"], Key::Directory, "create a directory, not a file"),
        Flag::new('u', &["dry-run"], Key::DryRun, "do not create anything; merely print a name (unsafe)"),
        Flag::new('q', &["quiet"], Key::Quiet, "suppress diagnostics about file/dir-creation failure"),
        Flag::long(&["suffix"], Key::Suffix, "append SUFF to TEMPLATE; SUFF must not contain a slash.\n  This option is implied if TEMPLATE does not end in X").value("SUFF"),
        Flag::new('p', &[], Key::TmpdirP, "interpret TEMPLATE relative to DIR; if DIR is not\n  specified, use $TMPDIR if set, else /tmp.").value("DIR"),
        Flag::long(&["tmpdir"], Key::Tmpdir, "like -p, the directory optional").optional("DIR"),
        Flag::new('t', &[], Key::T, "interpret TEMPLATE as a single file name component,\n  relative to a directory: $TMPDIR, if set; else the\n  directory specified via -p; else /tmp [deprecated]"),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let quiet = p.has(Key::Quiet);
        if p.operands.len() > 1 {
            sys.diag.usage("too many templates");
            return Ok(1);
        }
        let given = p.operands.first();
        let mut template = given.cloned().unwrap_or_else(|| "tmp.XXXXXXXXXX".into());
        let dir_arg = p
            .opts
            .iter()
            .rev()
            .find(|g| matches!(g.key, Key::TmpdirP | Key::Tmpdir))
            .map(|g| g.value.clone().unwrap_or_default());
        let env_tmp = sys
            .env
            .iter()
            .rev()
            .find(|(k, _)| k == "TMPDIR")
            .map(|(_, v)| v.clone())
            .filter(|v| !v.is_empty());
        let deprecated_t = p.has(Key::T);
        let use_dir = deprecated_t || dir_arg.is_some() || given.is_none();
        // The suffix: --suffix, else what follows the last X.
        let suffix = match p.last(Key::Suffix) {
            Some(s) => {
                if !template.ends_with('X') {
                    sys.diag.error(format_args!(
                        "with --suffix, template {} must end in X",
                        quote(&template)
                    ));
                    return Ok(1);
                }
                if s.contains('/') {
                    sys.diag.error(format_args!(
                        "invalid suffix {}, contains directory separator",
                        quote(s)
                    ));
                    return Ok(1);
                }
                s.to_owned()
            }
            None => {
                let cut = template.rfind('X').map_or(template.len(), |i| i + 1);
                let s = template.get(cut..).unwrap_or("").to_owned();
                template.truncate(cut);
                s
            }
        };
        let xs = template.len() - template.trim_end_matches('X').len();
        let full_template = format!("{template}{suffix}");
        if xs < 3 {
            sys.diag.error(format_args!(
                "too few X's in template {}",
                quote(&full_template)
            ));
            return Ok(1);
        }
        if use_dir {
            let nonempty = |d: &Option<String>| d.clone().filter(|d| !d.is_empty());
            let dir = if deprecated_t {
                if template.contains('/') {
                    sys.diag.error(format_args!(
                        "invalid template, {}, contains directory separator",
                        quote(&full_template)
                    ));
                    return Ok(1);
                }
                env_tmp.or_else(|| nonempty(&dir_arg))
            } else {
                if template.starts_with('/') {
                    sys.diag.error(format_args!(
                        "invalid template, {}; with --tmpdir, it may not be absolute",
                        quote(&full_template)
                    ));
                    return Ok(1);
                }
                nonempty(&dir_arg).or(env_tmp)
            }
            .unwrap_or_else(|| "/tmp".into());
            let sep = if dir.ends_with('/') { "" } else { "/" };
            template = format!("{dir}{sep}{template}");
        }
        let stem_len = template.len() - xs;
        let stem = template.get(..stem_len).unwrap_or("").to_owned();
        let dirmode = p.has(Key::Directory);
        let what = if dirmode { "directory" } else { "file" };
        let mut rng = Rng::new();
        let mut last_err = FsErrorKind::AlreadyExists;
        for _ in 0..ATTEMPTS {
            sys.tick.tick()?;
            let mut name = stem.clone();
            for _ in 0..xs {
                let i = usize::try_from(rng.below(LETTERS.len() as u64)).unwrap_or(0);
                name.push(char::from(*LETTERS.get(i).unwrap_or(&b'x')));
            }
            name.push_str(&suffix);
            let made = match sys.resolve(&name) {
                Err(e) => Err(e.kind),
                Ok(_) if p.has(Key::DryRun) => Ok(()),
                Ok(abs) => create(sys.fs, &abs, dirmode),
            };
            match made {
                Ok(()) => {
                    sys.out.str(&name)?;
                    sys.out.put(b"\n")?;
                    return Ok(0);
                }
                Err(FsErrorKind::AlreadyExists) => {}
                Err(e) => {
                    last_err = e;
                    break;
                }
            }
        }
        if !quiet {
            sys.diag.error(format_args!(
                "failed to create {what} via template {}: {last_err}",
                quote(&format!("{template}{suffix}"))
            ));
        }
        Ok(1)
    }
}

/// Creates the file (0600) or directory (0700) `abs`, failing with
/// `EEXIST` when the name is taken.
fn create(fs: &dyn FileSystem, abs: &str, dir: bool) -> Result<(), FsErrorKind> {
    if dir {
        if fs.symlink_metadata(abs).is_ok() {
            return Err(FsErrorKind::AlreadyExists);
        }
        fs.create_dir(abs, false).map_err(|e| e.kind)?;
        let _ = fs.set_mode(abs, 0o700);
    } else {
        drop(
            fs.open_write(abs, WriteMode::CreateNew)
                .map_err(|e| e.kind)?,
        );
        let _ = fs.set_mode(abs, 0o600);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Mktemp;
    use crate::testutil::*;
    use sandbash_vfs::FileSystem;

    #[test]
    fn creates_unique_names() {
        let fs = TestFs::new();
        let a = run(&Mktemp, &[], b"", &fs).out;
        let b = run(&Mktemp, &["-d"], b"", &fs).out;
        assert!(a.starts_with("/tmp/tmp.") && a.len() == "/tmp/tmp.XXXXXXXXXX\n".len());
        assert_ne!(a, b);
        assert!(fs.metadata(b.trim_end()).unwrap().is_dir());
        assert_eq!(fs.metadata(a.trim_end()).unwrap().mode & 0o777, 0o600);
        let o = run(&Mktemp, &["-p", ".", "--suffix=.txt", "dXXX"], b"", &fs);
        assert!(
            o.out.starts_with("./d") && o.out.ends_with(".txt\n"),
            "{}",
            o.out
        );
        let o = run(&Mktemp, &["-u", "uXXXX"], b"", &fs);
        assert!(!fs.has(&format!("/workspace/{}", o.out.trim_end())));
    }

    #[test]
    fn errors() {
        let o = run0(&Mktemp, &["-p", ".", "abXX"], b"");
        assert_eq!(o.err, "mktemp: too few X's in template 'abXX'\n");
        let o = run0(&Mktemp, &["-p", "nosuch"], b"");
        assert_eq!(
            o.err,
            "mktemp: failed to create file via template 'nosuch/tmp.XXXXXXXXXX': No such file or directory\n"
        );
        let o = run0(&Mktemp, &["a", "b"], b"");
        assert!(o.err.starts_with("mktemp: too many templates\n"));
        let o = run0(&Mktemp, &["-q", "-p", "nosuch"], b"");
        assert_eq!((o.status, o.err.as_str()), (1, ""));
    }
}
