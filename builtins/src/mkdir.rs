//! `mkdir`: make directories.

use sandbash_vfs::{FsErrorKind, path};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::mode::parse_mode_masked;
use crate::common::quote;
use crate::common::sys::{Res, Sys};

/// The `mkdir` utility: `-p`, `-m MODE` (octal or symbolic), `-v`.
pub struct Mkdir;

/// The options of `mkdir`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Mode,
    Parents,
    Verbose,
    Context,
}

impl Command for Mkdir {
    const NAME: &'static str = "mkdir";
    const HELP: Help = Help {
        usage: &["[OPTION]... DIRECTORY..."],
        about: "Create the DIRECTORY(ies), if they do not already exist.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'm',
            &["mode"],
            Key::Mode,
            "set file mode (as in chmod), not a=rwx - umask",
        )
        .value("MODE"),
        Flag::new(
            'p',
            &["parents"],
            Key::Parents,
            "no error if existing, make parent directories as needed",
        ),
        Flag::new(
            'v',
            &["verbose"],
            Key::Verbose,
            "print a message for each created directory",
        ),
        Flag::new('Z', &[], Key::Context, "accepted and ignored"),
        Flag::long(&["context"], Key::Context, "").optional("CTX"),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let parents = p.has(Key::Parents);
    let verbose = p.has(Key::Verbose);
    let mode = match p.last(Key::Mode) {
        Some(m) => match parse_mode_masked(m, 0o777, true, sys.fs.umask()) {
            Some(v) => Some(v),
            None => {
                sys.diag.error(format_args!("invalid mode {}", quote(m)));
                return Ok(1);
            }
        },
        None => None,
    };
    if p.operands.is_empty() {
        sys.diag.usage("missing operand");
        return Ok(1);
    }
    let mut status = 0;
    for op in &p.operands {
        sys.tick.check()?;
        let full = match sys.resolve(op) {
            Ok(f) => f,
            Err(e) => {
                sys.diag.error(format_args!(
                    "cannot create directory {}: {}",
                    quote(op),
                    e.kind
                ));
                status = 1;
                continue;
            }
        };
        if parents {
            // Create each missing component, naming it as the user wrote it.
            let mut shown = String::new();
            if op.starts_with('/') {
                shown.push('/');
            }
            let comps: Vec<&str> = op.split('/').filter(|c| !c.is_empty()).collect();
            let mut failed = false;
            for (i, c) in comps.iter().enumerate() {
                if i > 0 {
                    shown.push('/');
                }
                shown.push_str(c);
                if *c == "." || *c == ".." {
                    continue;
                }
                let abs = match path::resolve(sys.cwd, &shown) {
                    Ok(a) => a,
                    Err(e) => {
                        sys.diag.error(format_args!(
                            "cannot create directory {}: {}",
                            quote(&shown),
                            e.kind
                        ));
                        failed = true;
                        break;
                    }
                };
                match sys.fs.metadata(&abs) {
                    Ok(m) if m.is_dir() => continue,
                    Ok(_) => {
                        sys.diag.error(format_args!(
                            "cannot create directory {}: {}",
                            quote(&shown),
                            FsErrorKind::NotADirectory
                        ));
                        failed = true;
                        break;
                    }
                    Err(_) => {}
                }
                match sys.fs.create_dir(&abs, false) {
                    Ok(()) => {
                        // A parent GNU makes keeps u+wx whatever the
                        // umask, so the rest can be made inside it.
                        if i + 1 < comps.len() {
                            let m = 0o777 & !sys.fs.umask() | 0o300;
                            let _ = sys.fs.set_mode(&abs, m);
                        }
                        if verbose {
                            sys.out.fmt(format_args!(
                                "mkdir: created directory {}\n",
                                quote(&shown)
                            ))?;
                        }
                    }
                    Err(e) if e.kind == FsErrorKind::AlreadyExists => {}
                    Err(e) => {
                        sys.diag.error(format_args!(
                            "cannot create directory {}: {}",
                            quote(&shown),
                            e.kind
                        ));
                        failed = true;
                        break;
                    }
                }
            }
            if failed {
                status = 1;
                continue;
            }
        } else {
            if let Err(e) = sys.fs.create_dir(&full, false) {
                sys.diag.error(format_args!(
                    "cannot create directory {}: {}",
                    quote(op),
                    e.kind
                ));
                status = 1;
                continue;
            }
            if verbose {
                sys.out
                    .fmt(format_args!("mkdir: created directory {}\n", quote(op)))?;
            }
        }
        if let Some(m) = mode
            && let Err(e) = sys.fs.set_mode(&full, m)
        {
            sys.diag.error(format_args!(
                "cannot set permissions of {}: {}",
                quote(op),
                e.kind
            ));
            status = 1;
        }
    }
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::Mkdir;
    use crate::testutil::*;
    use sandbash_vfs::FileSystem;

    #[test]
    fn creates() {
        let fs = TestFs::new();
        let o = run(&Mkdir, &["a", "/tmp/b"], b"", &fs);
        assert_eq!(o.status, 0);
        assert!(fs.metadata("/workspace/a").unwrap().is_dir());
        assert!(fs.metadata("/tmp/b").unwrap().is_dir());
        let o = run(&Mkdir, &["-pv", "x/y/z"], b"", &fs);
        assert_eq!(
            o.out,
            "mkdir: created directory 'x'\nmkdir: created directory 'x/y'\nmkdir: created directory 'x/y/z'\n"
        );
        let o = run(&Mkdir, &["-p", "x/y"], b"", &fs);
        assert_eq!((o.status, o.err.as_str()), (0, ""));
        let o = run(&Mkdir, &["-m", "700", "m"], b"", &fs);
        assert_eq!(o.status, 0);
        assert_eq!(fs.metadata("/workspace/m").unwrap().mode, 0o700);
        let o = run(&Mkdir, &["-v", "v"], b"", &fs);
        assert_eq!(o.out, "mkdir: created directory 'v'\n");
    }

    #[test]
    fn errors() {
        let fs = TestFs::new();
        fs.file("f", b"");
        fs.dir("a");
        let o = run(&Mkdir, &["a"], b"", &fs);
        assert_eq!(o.err, "mkdir: cannot create directory 'a': File exists\n");
        assert_eq!(o.status, 1);
        let o = run(&Mkdir, &["q/r"], b"", &fs);
        assert_eq!(
            o.err,
            "mkdir: cannot create directory 'q/r': No such file or directory\n"
        );
        let o = run(&Mkdir, &["-p", "f/x"], b"", &fs);
        assert_eq!(
            o.err,
            "mkdir: cannot create directory 'f': Not a directory\n"
        );
        let o = run(&Mkdir, &[], b"", &fs);
        assert_eq!(
            o.err,
            "mkdir: missing operand\nTry 'mkdir --help' for more information.\n"
        );
        let o = run(&Mkdir, &["-m", "zz", "n"], b"", &fs);
        assert_eq!(o.err, "mkdir: invalid mode 'zz'\n");
    }
}
