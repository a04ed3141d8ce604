//! `install`: copy files and set their mode (0755 unless `-m`), or make
//! directories with `-d`. Owners (`-o`, `-g`) are validated and recorded
//! nowhere, as `chown` ([`crate::common::ident`]); `-s` (strip) is
//! accepted and changes nothing, there being no binaries to strip.

use sandbash_vfs::{FileSystem, path};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::fsutil::copy_file;
use crate::common::ident;
use crate::common::mode::parse_mode;
use crate::common::quote;
use crate::common::sys::{Res, Sys};
use crate::common::target::for_each_pair;

/// The `install` utility: `-d -D -m -t -T -v -C -p -o -g -c -s`.
pub struct Install;

/// The options of `install`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Ignored,
    Compare,
    Directory,
    Leading,
    Group,
    Mode,
    Owner,
    Preserve,
    Strip,
    TargetDir,
    NoTargetDir,
    Verbose,
}

impl Command for Install {
    const NAME: &'static str = "install";
    const HELP: Help = Help {
        usage: &[
            "[OPTION]... [-T] SOURCE DEST",
            "[OPTION]... SOURCE... DIRECTORY",
            "[OPTION]... -t DIRECTORY SOURCE...",
            "[OPTION]... -d DIRECTORY...",
        ],
        about: "In the first three forms, copy SOURCE to DEST or multiple SOURCE(s) to\nthe existing DIRECTORY, while setting permission modes and owner/group.\nIn the 4th form, create all components of the given DIRECTORY(ies).",
        after: "Owners and groups are checked and recorded nowhere: the sandbox's filesystem\nkeeps no owners. -s changes nothing.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::long(&["backup"], Key::Ignored, "(accepted)").optional("CONTROL"),
        Flag::new('b', &[], Key::Ignored, "(accepted)"),
        Flag::new('c', &[], Key::Ignored, "(ignored)"),
        Flag::new(
            'C',
            &["compare"],
            Key::Compare,
            "compare content of source and destination files, and\n  if no change to content, ownership, and permissions,\n  do not modify the destination at all",
        ),
        Flag::new(
            'd',
            &["directory"],
            Key::Directory,
            "treat all arguments as directory names; create all\n  components of the specified directories",
        ),
        Flag::new(
            'D',
            &[],
            Key::Leading,
            "create all leading components of DEST except the last,\n  or all components of --target-directory,\n  then copy SOURCE to DEST",
        ),
        Flag::new(
            'g',
            &["group"],
            Key::Group,
            "set group ownership, instead of process' current group",
        )
        .value("GROUP"),
        Flag::new(
            'm',
            &["mode"],
            Key::Mode,
            "set permission mode (as in chmod), instead of rwxr-xr-x",
        )
        .value("MODE"),
        Flag::new(
            'o',
            &["owner"],
            Key::Owner,
            "set ownership (super-user only)",
        )
        .value("OWNER"),
        Flag::new(
            'p',
            &["preserve-timestamps"],
            Key::Preserve,
            "apply access/modification times of SOURCE files\n  to corresponding destination files",
        ),
        Flag::new(
            's',
            &["strip"],
            Key::Strip,
            "strip symbol tables (changes nothing)",
        ),
        Flag::long(&["strip-program"], Key::Ignored, "(accepted)").value("PROGRAM"),
        Flag::new('S', &["suffix"], Key::Ignored, "(accepted)").value("SUFFIX"),
        Flag::new(
            't',
            &["target-directory"],
            Key::TargetDir,
            "copy all SOURCE arguments into DIRECTORY",
        )
        .value("DIRECTORY"),
        Flag::new(
            'T',
            &["no-target-directory"],
            Key::NoTargetDir,
            "treat DEST as a normal file",
        ),
        Flag::new(
            'v',
            &["verbose"],
            Key::Verbose,
            "print the name of each created file or directory",
        ),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let verbose = p.has(Key::Verbose);
        let mode_text = p.last(Key::Mode);
        let mode = match mode_text {
            None => 0o755,
            Some(m) => match parse_mode(m, 0o755, false) {
                Some(v) => v,
                None => {
                    sys.diag.error(format_args!("invalid mode {}", quote(m)));
                    return Ok(1);
                }
            },
        };
        for (key, what) in [(Key::Owner, "user"), (Key::Group, "group")] {
            if let Some(v) = p.last(key)
                && ident::lookup(sys.env, v).is_none()
            {
                sys.diag.error(format_args!("invalid {what} {}", quote(v)));
                return Ok(1);
            }
        }
        if p.has(Key::Directory) {
            if p.operands.is_empty() {
                sys.diag.usage("missing file operand");
                return Ok(1);
            }
            let mut status = 0;
            for d in &p.operands {
                sys.tick.tick()?;
                if !make_dirs(sys, d, verbose)? {
                    status = 1;
                    continue;
                }
                if let Ok(abs) = sys.resolve(d) {
                    let _ = sys.fs.set_mode(&abs, mode);
                }
            }
            return Ok(status);
        }
        let leading = p.has(Key::Leading);
        let target = p.last(Key::TargetDir);
        if leading
            && let Some(t) = target
            && !make_dirs(sys, t, verbose)?
        {
            return Ok(1);
        }
        let compare = p.has(Key::Compare);
        let preserve = p.has(Key::Preserve);
        for_each_pair(
            sys,
            &p.operands,
            target,
            p.has(Key::NoTargetDir),
            "install",
            |sys, pair, abs| {
                let fs: &dyn FileSystem = sys.fs;
                let src_md = match fs.metadata(&abs.src) {
                    Ok(m) => m,
                    Err(e) => {
                        sys.diag.error(format_args!(
                            "cannot stat {}: {}",
                            quote(&pair.src),
                            e.kind
                        ));
                        return Ok(false);
                    }
                };
                if src_md.is_dir() {
                    sys.diag
                        .error(format_args!("omitting directory {}", quote(&pair.src)));
                    return Ok(false);
                }
                if leading
                    && target.is_none()
                    && let Some((parent, _)) = path::split_parent(&abs.dst)
                    && !fs.metadata(parent).is_ok_and(|m| m.is_dir())
                {
                    let shown = pair
                        .dst
                        .rfind('/')
                        .map_or("", |i| pair.dst.get(..i).unwrap_or(""));
                    if !shown.is_empty() && !make_dirs(sys, shown, verbose)? {
                        return Ok(false);
                    }
                }
                let existing = fs.metadata(&abs.dst).ok();
                if let Some(m) = &existing {
                    if m.is_dir() {
                        sys.diag.error(format_args!(
                            "cannot overwrite directory {} with non-directory",
                            quote(&pair.dst)
                        ));
                        return Ok(false);
                    }
                    if compare
                        && m.mode & 0o7777 == mode
                        && m.size == src_md.size
                        && fs.read(&abs.src).ok() == fs.read(&abs.dst).ok()
                    {
                        return Ok(true);
                    }
                }
                if existing.is_some() {
                    let _ = fs.remove_file(&abs.dst);
                    if verbose {
                        sys.out.str(&format!("removed {}\n", quote(&pair.dst)))?;
                    }
                }
                if let Err(e) = copy_file(fs, &abs.src, &abs.dst) {
                    sys.diag.error(format_args!(
                        "cannot create regular file {}: {}",
                        quote(&pair.dst),
                        e.kind
                    ));
                    return Ok(false);
                }
                let _ = fs.set_mode(&abs.dst, mode);
                if preserve {
                    let _ = fs.set_mtime(&abs.dst, src_md.mtime);
                }
                if verbose {
                    sys.out
                        .str(&format!("{} -> {}\n", quote(&pair.src), quote(&pair.dst)))?;
                }
                Ok(true)
            },
        )
    }
}

/// Creates `dir` and its missing parents (0755), saying each with `-v`.
/// False (reported) when one cannot be made.
fn make_dirs(sys: &mut Sys<'_>, dir: &str, verbose: bool) -> Res<bool> {
    let fs: &dyn FileSystem = sys.fs;
    let mut shown = String::new();
    if dir.starts_with('/') {
        shown.push('/');
    }
    for comp in dir.split('/').filter(|c| !c.is_empty()) {
        sys.tick.tick()?;
        if !shown.is_empty() && !shown.ends_with('/') {
            shown.push('/');
        }
        shown.push_str(comp);
        let Ok(abs) = sys.resolve(&shown) else {
            sys.diag.error(format_args!(
                "cannot create directory {}: File name too long",
                quote(&shown)
            ));
            return Ok(false);
        };
        match fs.metadata(&abs) {
            Ok(m) if m.is_dir() => continue,
            Ok(_) => {
                sys.diag.error(format_args!(
                    "cannot create directory {}: File exists",
                    quote(&shown)
                ));
                return Ok(false);
            }
            Err(_) => {}
        }
        if let Err(e) = fs.create_dir(&abs, false) {
            sys.diag.error(format_args!(
                "cannot create directory {}: {}",
                quote(&shown),
                e.kind
            ));
            return Ok(false);
        }
        let _ = fs.set_mode(&abs, 0o755);
        if verbose {
            sys.out
                .str(&format!("install: creating directory {}\n", quote(&shown)))?;
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::Install;
    use crate::testutil::*;
    use sandbash_vfs::FileSystem;

    #[test]
    fn copies_and_makes_dirs() {
        let fs = TestFs::new();
        fs.file("s", b"hi\n").dir("dir");
        let o = run(&Install, &["-v", "s", "d1"], b"", &fs);
        assert_eq!(o.out, "'s' -> 'd1'\n");
        assert_eq!(fs.metadata("/workspace/d1").unwrap().mode & 0o777, 0o755);
        let o = run(&Install, &["-m", "644", "-Dv", "s", "x/y/z"], b"", &fs);
        assert_eq!(
            o.out,
            "install: creating directory 'x'\ninstall: creating directory 'x/y'\n's' -> 'x/y/z'\n"
        );
        assert_eq!(fs.metadata("/workspace/x/y/z").unwrap().mode & 0o777, 0o644);
        let o = run(&Install, &["-dv", "-m", "700", "a/b"], b"", &fs);
        assert_eq!(
            o.out,
            "install: creating directory 'a'\ninstall: creating directory 'a/b'\n"
        );
        assert_eq!(fs.metadata("/workspace/a/b").unwrap().mode & 0o777, 0o700);
        let o = run(&Install, &["-vt", "dir", "s"], b"", &fs);
        assert_eq!(o.out, "'s' -> 'dir/s'\n");
        let o = run(&Install, &["-v", "s", "dir"], b"", &fs);
        assert_eq!(o.out, "removed 'dir/s'\n's' -> 'dir/s'\n");
    }

    #[test]
    fn errors() {
        let fs = TestFs::new();
        fs.file("s", b"").dir("dir");
        let o = run(&Install, &["nosuch", "q"], b"", &fs);
        assert_eq!(
            o.err,
            "install: cannot stat 'nosuch': No such file or directory\n"
        );
        let o = run(&Install, &["-m", "bad", "s", "q"], b"", &fs);
        assert_eq!(o.err, "install: invalid mode 'bad'\n");
        let o = run(&Install, &["-T", "s", "dir"], b"", &fs);
        assert_eq!(
            o.err,
            "install: cannot overwrite directory 'dir' with non-directory\n"
        );
        let o = run(&Install, &["dir", "q"], b"", &fs);
        assert_eq!(o.err, "install: omitting directory 'dir'\n");
        let o = run(&Install, &["-o", "nobodyx", "s", "q"], b"", &fs);
        assert_eq!(o.err, "install: invalid user 'nobodyx'\n");
    }
}
