//! `cp`: copy files and directories.

use sandbash_vfs::{FileKind, FsErrorKind, Metadata, Times};

use std::io::Read;

use crate::common::backup::{self, Backup, make_backup};
use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::fsutil::{copy_file, is_within, join};
use crate::common::input::yesno;
use crate::common::quote;
use crate::common::sys::{Diag, Out, Res, Sys, Ticker};
use crate::common::target::for_each_pair;
use crate::common::walk::real_path;
use crate::common::walk::{Ancestors, Enter};

/// The `cp` utility: `-r -R -a -p -f -i -n -u -v -T -t DIR -P -d -L -H`,
/// `--preserve[=LIST]`, `--parents`, `-b`/`--backup[=CONTROL]`/`-S`; `-s`
/// makes symlinks; `-l` copies (the VFS has no hard links, and a copy
/// gives the agent the file it asked for). `-i` asks on standard error
/// and reads the answer from standard input, as GNU.
pub struct Cp;

/// The options of `cp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Archive,
    NoDereference,
    Force,
    Interactive,
    CmdlineDereference,
    Link,
    Dereference,
    NoClobber,
    Preserve,
    NoPreserve,
    Recursive,
    SymbolicLink,
    TargetDirectory,
    NoTargetDirectory,
    Update,
    Verbose,
    OneFileSystem,
    Parents,
    Backup,
    BackupControl,
    Suffix,
}

impl Command for Cp {
    const NAME: &'static str = "cp";
    const HELP: Help = Help {
        usage: &[
            "[OPTION]... [-T] SOURCE DEST",
            "[OPTION]... SOURCE... DIRECTORY",
            "[OPTION]... -t DIRECTORY SOURCE...",
        ],
        about: "Copy SOURCE to DEST, or multiple SOURCE(s) to DIRECTORY.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'a',
            &["archive"],
            Key::Archive,
            "same as -dR --preserve=all",
        ),
        Flag::new(
            'd',
            &[],
            Key::NoDereference,
            "same as --no-dereference --preserve=links",
        ),
        Flag::new(
            'f',
            &["force"],
            Key::Force,
            "remove a destination that cannot be opened",
        ),
        Flag::new(
            'i',
            &["interactive"],
            Key::Interactive,
            "prompt before overwrite",
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
        Flag::long(
            &["parents"],
            Key::Parents,
            "use full source file name under DIRECTORY",
        ),
        Flag::new(
            'S',
            &["suffix"],
            Key::Suffix,
            "override the usual backup suffix",
        )
        .value("SUFFIX"),
        Flag::new(
            'H',
            &[],
            Key::CmdlineDereference,
            "follow command-line symbolic links in SOURCE",
        ),
        Flag::new(
            'l',
            &["link"],
            Key::Link,
            "copy instead (no hard links in the sandbox)",
        ),
        Flag::new(
            'L',
            &["dereference"],
            Key::Dereference,
            "always follow symbolic links in SOURCE",
        ),
        Flag::long(&["no-preserve"], Key::NoPreserve, "").value("ATTR_LIST"),
        Flag::new(
            'n',
            &["no-clobber"],
            Key::NoClobber,
            "do not overwrite an existing file",
        ),
        Flag::new(
            'p',
            &[],
            Key::Preserve,
            "same as --preserve=mode,ownership,timestamps",
        ),
        Flag::long(
            &["preserve"],
            Key::Preserve,
            "preserve the specified attributes",
        )
        .optional("ATTR_LIST"),
        Flag::new('r', &[], Key::Recursive, ""),
        Flag::new(
            'R',
            &["recursive"],
            Key::Recursive,
            "copy directories recursively",
        ),
        Flag::new(
            's',
            &["symbolic-link"],
            Key::SymbolicLink,
            "make symbolic links instead of copying",
        ),
        Flag::new(
            't',
            &["target-directory"],
            Key::TargetDirectory,
            "copy all SOURCE arguments into DIRECTORY",
        )
        .value("DIRECTORY"),
        Flag::new(
            'T',
            &["no-target-directory"],
            Key::NoTargetDirectory,
            "treat DEST as a normal file",
        ),
        Flag::new(
            'P',
            &["no-dereference"],
            Key::NoDereference,
            "never follow symbolic links in SOURCE",
        ),
        // `-u` takes no value, `--update` an optional one: the short letter
        // finds this unlisted entry first.
        Flag::new('u', &[], Key::Update, ""),
        Flag::new(
            'u',
            &["update"],
            Key::Update,
            "copy only when the SOURCE file is newer",
        )
        .optional("UPDATE"),
        Flag::new(
            'v',
            &["verbose"],
            Key::Verbose,
            "explain what is being done",
        ),
        Flag::new('x', &["one-file-system"], Key::OneFileSystem, ""),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }
}

/// How a tree is copied (shared with `mv`'s cross-mount fallback).
#[derive(Clone, Default)]
pub(crate) struct CopyOpts {
    pub recursive: bool,
    /// Follow symlinks below the command line.
    pub deref: bool,
    /// Follow symlinks named on the command line.
    pub deref_cmdline: bool,
    pub preserve: bool,
    pub no_clobber: bool,
    pub update: bool,
    pub verbose: bool,
    pub symlink: bool,
    /// `-i`: ask before replacing a file.
    pub interactive: bool,
    /// `-b`, `--backup`, `-S`.
    pub backup: Option<Backup>,
}

/// The parts of the context a copy needs.
pub(crate) struct Copier<'s, 'c> {
    pub fs: &'c dyn sandbash_vfs::FileSystem,
    pub stdin: &'s mut dyn Read,
    pub cwd: &'c str,
    pub out: &'s mut Out<'c>,
    pub diag: &'s mut Diag<'c>,
    pub tick: &'s mut Ticker<'c>,
    pub opts: CopyOpts,
    /// The source directories being copied, for loop detection when
    /// symlinks are followed.
    pub ancestors: Ancestors,
}

impl<'s, 'c> Copier<'s, 'c> {
    /// A copier working through `sys`'s filesystem, output, diagnostics
    /// and ticker.
    pub fn new(sys: &'s mut Sys<'c>, opts: CopyOpts) -> Self {
        Self {
            fs: sys.fs,
            stdin: &mut *sys.stdin,
            cwd: sys.cwd,
            out: &mut sys.out,
            diag: &mut sys.diag,
            tick: &mut sys.tick,
            opts,
            ancestors: Ancestors::new(),
        }
    }

    /// Copies `src` (absolute, shown as `src_shown`) to `dst`; false when
    /// something failed (already reported).
    pub fn copy(
        &mut self,
        src: &str,
        src_shown: &str,
        dst: &str,
        dst_shown: &str,
        top: bool,
    ) -> Res<bool> {
        self.tick.tick()?;
        let follow = self.opts.deref || (top && self.opts.deref_cmdline);
        let md = if follow {
            self.fs.metadata(src)
        } else {
            self.fs.symlink_metadata(src)
        };
        let md = match md {
            Ok(m) => m,
            Err(e) => {
                self.diag
                    .error(format_args!("cannot stat {}: {}", quote(src_shown), e.kind));
                return Ok(false);
            }
        };
        // `f/` names a directory: a file there is ENOTDIR, as GNU's stat sees.
        if top && src_shown.ends_with('/') && !self.fs.metadata(src).is_ok_and(|m| m.is_dir()) {
            self.diag.error(format_args!(
                "cannot stat {}: {}",
                quote(src_shown),
                FsErrorKind::NotADirectory
            ));
            return Ok(false);
        }
        let dst_md = self.fs.symlink_metadata(dst).ok();
        match md.kind {
            FileKind::Dir => {
                if !self.opts.recursive {
                    self.diag.error(format_args!(
                        "-r not specified; omitting directory {}",
                        quote(src_shown)
                    ));
                    return Ok(false);
                }
                if let Enter::Loop = self.ancestors.enter(self.fs, src) {
                    // Only a followed symlink leads back into a directory
                    // being copied.
                    self.diag.error(format_args!(
                        "cannot copy cyclic symbolic link {}",
                        quote(src_shown)
                    ));
                    return Ok(false);
                }
                let r = self.copy_dir(src, src_shown, dst, dst_shown, &md, dst_md.as_ref());
                self.ancestors.leave();
                r
            }
            _ => {
                let same = src == dst
                    || dst_md.as_ref().is_some_and(|d| !d.is_dir())
                        && real_path(self.fs, src).ok() == real_path(self.fs, dst).ok()
                        && !(md.is_symlink() && dst_md.as_ref().is_some_and(|d| d.is_symlink()));
                if same {
                    self.diag.error(format_args!(
                        "{} and {} are the same file",
                        quote(src_shown),
                        quote(dst_shown)
                    ));
                    return Ok(false);
                }
                if let Some(d) = &dst_md {
                    if d.is_dir() {
                        self.diag.error(format_args!(
                            "cannot overwrite directory {} with non-directory",
                            quote(dst_shown)
                        ));
                        return Ok(false);
                    }
                    if self.opts.no_clobber {
                        return Ok(true);
                    }
                    if self.opts.update && d.mtime >= md.mtime {
                        return Ok(true);
                    }
                    if self.opts.interactive {
                        self.out.flush()?;
                        self.diag.raw(
                            format!("{}: overwrite {}? ", self.diag.name, quote(dst_shown))
                                .as_bytes(),
                        );
                        if !yesno(self.stdin, self.tick)? {
                            return Ok(true);
                        }
                    }
                }
                let mut backed_up = None;
                if let (Some(b), Some(_)) = (&self.opts.backup, &dst_md) {
                    match make_backup(self.fs, b, dst, dst_shown, self.tick) {
                        Ok(name) => backed_up = Some(name),
                        Err(e) => {
                            self.diag.error(format_args!(
                                "cannot backup {}: {}",
                                quote(dst_shown),
                                e.kind
                            ));
                            return Ok(false);
                        }
                    }
                }
                let dst_md = if backed_up.is_some() { None } else { dst_md };
                if self.opts.symlink && !src_shown.starts_with('/') && !self.in_cwd(dst) {
                    self.diag.error(format_args!(
                        "{}: can make relative symbolic links only in current directory",
                        dst_shown
                    ));
                    return Ok(false);
                }
                let result = if self.opts.symlink {
                    if dst_md.is_some() {
                        let _ = self.fs.remove_file(dst);
                    }
                    self.fs.symlink(src_shown, dst)
                } else if md.is_symlink() {
                    match self.fs.read_link(src) {
                        Ok(target) => {
                            if dst_md.is_some() {
                                let _ = self.fs.remove_file(dst);
                            }
                            self.fs.symlink(&target, dst)
                        }
                        Err(e) => Err(e),
                    }
                } else {
                    if dst_md.as_ref().is_some_and(|d| d.is_symlink()) {
                        let _ = self.fs.remove_file(dst);
                    }
                    copy_file(self.fs, src, dst)
                };
                if let Err(e) = result {
                    let what = if md.is_symlink() || self.opts.symlink {
                        "cannot create symbolic link"
                    } else {
                        "cannot create regular file"
                    };
                    let kind = if e.kind == FsErrorKind::InvalidInput {
                        FsErrorKind::NotFound
                    } else {
                        e.kind
                    };
                    self.diag
                        .error(format_args!("{what} {}: {kind}", quote(dst_shown)));
                    return Ok(false);
                }
                if self.opts.preserve && !md.is_symlink() {
                    let _ = self.fs.set_mode(dst, md.mode);
                    let _ = self.fs.set_times(dst, kept_times(&md), true);
                }
                if self.opts.verbose {
                    self.out
                        .fmt(format_args!("{} -> {}", quote(src_shown), quote(dst_shown)))?;
                    if let Some(b) = backed_up {
                        self.out.fmt(format_args!(" (backup: {})", quote(&b)))?;
                    }
                    self.out.str("\n")?;
                }
                Ok(true)
            }
        }
    }

    /// Whether the absolute `path`'s directory is the working directory
    /// (where `cp -s` may make relative links).
    fn in_cwd(&self, path: &str) -> bool {
        let parent = match path.rfind('/') {
            Some(0) => "/",
            Some(i) => path.get(..i).unwrap_or(""),
            None => return true,
        };
        parent == self.cwd || real_path(self.fs, parent).ok() == real_path(self.fs, self.cwd).ok()
    }

    /// Copies the directory `src` (whose metadata is `md`) to `dst` (whose
    /// metadata is `dst_md` when it exists), entries and all.
    fn copy_dir(
        &mut self,
        src: &str,
        src_shown: &str,
        dst: &str,
        dst_shown: &str,
        md: &Metadata,
        dst_md: Option<&Metadata>,
    ) -> Res<bool> {
        if is_within(src, dst) {
            self.diag.error(format_args!(
                "cannot copy a directory, {}, into itself, {}",
                quote(src_shown),
                quote(dst_shown)
            ));
            return Ok(false);
        }
        match dst_md {
            Some(d) if !d.is_dir() => {
                self.diag.error(format_args!(
                    "cannot overwrite non-directory {} with directory {}",
                    quote(dst_shown),
                    quote(src_shown)
                ));
                return Ok(false);
            }
            Some(_) => {}
            None => {
                if let Err(e) = self.fs.create_dir(dst, false) {
                    self.diag.error(format_args!(
                        "cannot create directory {}: {}",
                        quote(dst_shown),
                        e.kind
                    ));
                    return Ok(false);
                }
                // A new directory gets the source's mode less the umask
                // (all of it with -p, below).
                let _ = self.fs.set_mode(dst, md.mode & !self.fs.umask());
                if self.opts.verbose {
                    self.out.fmt(format_args!(
                        "{} -> {}\n",
                        quote(src_shown),
                        quote(dst_shown)
                    ))?;
                }
            }
        }
        let entries = match self.fs.read_dir(src) {
            Ok(e) => e,
            Err(e) => {
                self.diag.error(format_args!(
                    "cannot access {}: {}",
                    quote(src_shown),
                    e.kind
                ));
                return Ok(false);
            }
        };
        let mut ok = true;
        for ent in entries {
            ok &= self.copy(
                &join(src, &ent.name),
                &join(src_shown, &ent.name),
                &join(dst, &ent.name),
                &join(dst_shown, &ent.name),
                false,
            )?;
        }
        if self.opts.preserve {
            let _ = self.fs.set_mode(dst, md.mode);
            let _ = self.fs.set_times(dst, kept_times(md), true);
        }
        Ok(ok)
    }
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let mut o = CopyOpts {
        deref: true,
        deref_cmdline: true,
        ..CopyOpts::default()
    };
    let mut explicit_deref = false;
    o.backup = match backup::from_args(
        &mut sys.diag,
        sys.env,
        &p,
        [Key::Backup, Key::BackupControl, Key::Suffix],
    ) {
        Ok(b) => b,
        Err(backup::BadControl) => return Ok(1),
    };
    for (k, _) in p.each() {
        match k {
            Key::Interactive => {
                o.interactive = true;
                o.no_clobber = false;
            }
            Key::Recursive => o.recursive = true,
            Key::Archive => {
                o.recursive = true;
                o.preserve = true;
                (o.deref, o.deref_cmdline) = (false, false);
                explicit_deref = true;
            }
            Key::Preserve => o.preserve = true,
            Key::NoPreserve => o.preserve = false,
            Key::Force => {
                o.no_clobber = false;
                o.interactive = false;
            }
            Key::NoClobber => {
                o.no_clobber = true;
                o.interactive = false;
            }
            Key::Update => o.update = true,
            Key::Verbose => o.verbose = true,
            Key::NoDereference => {
                (o.deref, o.deref_cmdline) = (false, false);
                explicit_deref = true;
            }
            Key::Dereference => {
                (o.deref, o.deref_cmdline) = (true, true);
                explicit_deref = true;
            }
            Key::CmdlineDereference => {
                (o.deref, o.deref_cmdline) = (false, true);
                explicit_deref = true;
            }
            Key::SymbolicLink => o.symlink = true,
            // `-t` and `-T` are read by `for_each_pair`; the rest change
            // nothing in the sandbox.
            Key::TargetDirectory
            | Key::NoTargetDirectory
            | Key::Link
            | Key::OneFileSystem
            | Key::Parents
            | Key::Backup
            | Key::BackupControl
            | Key::Suffix => {}
        }
    }
    if o.recursive && !explicit_deref {
        (o.deref, o.deref_cmdline) = (false, false);
    }
    let target_dir = p.last(Key::TargetDirectory);
    let no_target_dir = p.has(Key::NoTargetDirectory);
    if p.has(Key::Parents) {
        return with_parents(sys, &p.operands, target_dir, o);
    }
    for_each_pair(
        sys,
        &p.operands,
        target_dir,
        no_target_dir,
        "stat",
        |sys, pair, abs| {
            Copier::new(sys, o.clone()).copy(&abs.src, &pair.src, &abs.dst, &pair.dst, true)
        },
    )
}

/// `cp --parents SOURCE... DIRECTORY`: each source goes to
/// `DIRECTORY/SOURCE`, the directories between made as needed (and, with
/// `-v`, listed as GNU lists them: `a -> d/a`, unquoted).
fn with_parents(
    sys: &mut Sys<'_>,
    operands: &[String],
    target_dir: Option<&str>,
    o: CopyOpts,
) -> Res<i32> {
    let (srcs, dir) = match (target_dir, operands) {
        (Some(d), srcs) if !srcs.is_empty() => (srcs, d),
        (None, [srcs @ .., d]) if !srcs.is_empty() => (srcs, d.as_str()),
        (_, []) => {
            sys.diag.usage("missing file operand");
            return Ok(1);
        }
        (_, [one]) => {
            sys.diag.usage(format_args!(
                "missing destination file operand after {}",
                quote(one)
            ));
            return Ok(1);
        }
        _ => return Ok(1),
    };
    let dir_abs = sys.resolve(dir).unwrap_or_default();
    if !sys.fs.metadata(&dir_abs).is_ok_and(|m| m.is_dir()) {
        sys.diag
            .usage("with --parents, the destination must be a directory");
        return Ok(1);
    }
    let mut status = 0;
    for src in srcs {
        sys.tick.check()?;
        let rel = src.trim_start_matches('/');
        let mut made = dir.trim_end_matches('/').to_string();
        let mut made_abs = dir_abs.clone();
        let mut src_prefix = if src.starts_with('/') {
            String::from("/")
        } else {
            String::new()
        };
        let parts: Vec<&str> = rel.split('/').filter(|c| !c.is_empty()).collect();
        let mut ok = true;
        for part in parts.iter().take(parts.len().saturating_sub(1)) {
            sys.tick.tick()?;
            src_prefix = if src_prefix.is_empty() || src_prefix == "/" {
                format!("{src_prefix}{part}")
            } else {
                format!("{src_prefix}/{part}")
            };
            made = join(&made, part);
            made_abs = join(&made_abs, part);
            if sys.fs.metadata(&made_abs).is_ok_and(|m| m.is_dir()) {
                continue;
            }
            if let Err(e) = sys.fs.create_dir(&made_abs, false) {
                sys.diag.error(format_args!(
                    "cannot make directory {}: {}",
                    quote(&made),
                    e.kind
                ));
                ok = false;
                break;
            }
            if o.verbose {
                sys.out.fmt(format_args!("{src_prefix} -> {made}\n"))?;
            }
        }
        if ok {
            let dst = join(&made, parts.last().copied().unwrap_or(""));
            let (Ok(sa), Ok(da)) = (sys.resolve(src), sys.resolve(&dst)) else {
                status = 1;
                continue;
            };
            ok = Copier::new(sys, o.clone()).copy(&sa, src, &da, &dst, true)?;
        }
        if !ok {
            status = 1;
        }
    }
    Ok(status)
}

/// The times `-p` keeps: access and modification.
fn kept_times(md: &Metadata) -> Times {
    Times {
        atime: Some(md.atime),
        mtime: Some(md.mtime),
    }
}

#[cfg(test)]
mod tests {
    use super::Cp;
    use crate::testutil::*;
    use sandbash_vfs::FileSystem;

    #[test]
    fn copies_files() {
        let fs = TestFs::new();
        fs.file("a", b"A").dir("d");
        let o = run(&Cp, &["a", "b"], b"", &fs);
        assert_eq!(o.status, 0);
        assert_eq!(fs.text("b"), "A");
        let o = run(&Cp, &["-v", "a", "b", "d"], b"", &fs);
        assert_eq!(o.out, "'a' -> 'd/a'\n'b' -> 'd/b'\n");
        assert_eq!(fs.text("d/b"), "A");
        fs.file("c", b"C");
        run(&Cp, &["-n", "c", "a"], b"", &fs);
        assert_eq!(fs.text("a"), "A");
        run(&Cp, &["-t", "d", "c"], b"", &fs);
        assert_eq!(fs.text("d/c"), "C");
    }

    #[test]
    fn backups_prompts_and_parents() {
        let fs = TestFs::new();
        fs.file("a", b"new").file("b", b"old");
        let o = run(&Cp, &["-bv", "a", "b"], b"", &fs);
        assert_eq!(o.out, "'a' -> 'b' (backup: 'b~')\n");
        assert_eq!((fs.text("b"), fs.text("b~")), ("new".into(), "old".into()));
        run(&Cp, &["--backup=t", "a", "b"], b"", &fs);
        assert_eq!(fs.text("b.~1~"), "new");
        let o = run(&Cp, &["--backup=bogus", "a", "b"], b"", &fs);
        assert!(o.err.starts_with("cp: invalid argument 'bogus' for 'backup type'\nValid arguments are:\n  - 'none', 'off'\n"));
        fs.file("c", b"keep");
        let o = run(&Cp, &["-i", "a", "c"], b"n\n", &fs);
        assert_eq!((o.err.as_str(), o.status), ("cp: overwrite 'c'? ", 0));
        assert_eq!(fs.text("c"), "keep");
        run(&Cp, &["-i", "a", "c"], b"yes\n", &fs);
        assert_eq!(fs.text("c"), "new");
        fs.file("p/q/f", b"x").dir("d");
        let o = run(&Cp, &["-v", "--parents", "p/q/f", "d"], b"", &fs);
        assert_eq!(o.out, "p -> d/p\np/q -> d/p/q\n'p/q/f' -> 'd/p/q/f'\n");
        let o = run(&Cp, &["--parents", "p/q/f", "a"], b"", &fs);
        assert_eq!(o.status, 1);
        assert!(
            o.err
                .starts_with("cp: with --parents, the destination must be a directory\n")
        );
    }

    #[test]
    fn copies_trees() {
        let fs = TestFs::new();
        fs.file("src/x", b"1").file("src/s/y", b"2");
        let o = run(&Cp, &["-r", "src", "dst"], b"", &fs);
        assert_eq!(o.status, 0, "{}", o.err);
        assert_eq!(fs.text("dst/s/y"), "2");
        let o = run(&Cp, &["-r", "src", "dst"], b"", &fs);
        assert_eq!(o.status, 0);
        assert_eq!(fs.text("dst/src/x"), "1");
        fs.symlink("x", "/workspace/src/ln").unwrap();
        let o = run(&Cp, &["-a", "src", "arch"], b"", &fs);
        assert_eq!(o.status, 0, "{}", o.err);
        assert_eq!(fs.read_link("/workspace/arch/ln").unwrap(), "x");
    }

    /// -L follows symlinks, but not back into a directory being copied.
    #[test]
    fn cyclic_links() {
        let fs = TestFs::new();
        fs.file("d/f", b"1").file("d/s/g", b"2");
        fs.symlink("/workspace/d", "/workspace/d/a").unwrap();
        fs.symlink("..", "/workspace/d/s/up").unwrap();
        let o = run(&Cp, &["-rL", "d", "c"], b"", &fs);
        assert_eq!(
            (o.err.as_str(), o.status),
            (
                "cp: cannot copy cyclic symbolic link 'd/a'\n\
                 cp: cannot copy cyclic symbolic link 'd/s/up'\n",
                1
            )
        );
        assert_eq!((fs.text("c/f"), fs.text("c/s/g")), ("1".into(), "2".into()));
        assert!(!fs.has("c/a") && !fs.has("c/s/up"));
        // Without -L the links are copied as links.
        let o = run(&Cp, &["-r", "d", "e"], b"", &fs);
        assert_eq!((o.err.as_str(), o.status), ("", 0));
        assert_eq!(fs.read_link("/workspace/e/s/up").unwrap(), "..");
    }

    #[test]
    fn preserves() {
        let fs = TestFs::new();
        fs.file("a", b"A");
        let old = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1000);
        fs.set_mtime("/workspace/a", old).unwrap();
        run(&Cp, &["-p", "a", "b"], b"", &fs);
        assert_eq!(fs.metadata("/workspace/b").unwrap().mtime, old);
    }

    #[test]
    fn errors() {
        let fs = TestFs::new();
        fs.file("a", b"A").file("d/f", b"");
        let o = run(&Cp, &["d", "e"], b"", &fs);
        assert_eq!(
            (o.err.as_str(), o.status),
            ("cp: -r not specified; omitting directory 'd'\n", 1)
        );
        let o = run(&Cp, &["-r", "d", "d/x"], b"", &fs);
        assert_eq!(
            o.err,
            "cp: cannot copy a directory, 'd', into itself, 'd/x'\n"
        );
        let o = run(&Cp, &["a", "a"], b"", &fs);
        assert_eq!(o.err, "cp: 'a' and 'a' are the same file\n");
        let o = run(&Cp, &["nope", "x"], b"", &fs);
        assert_eq!(o.err, "cp: cannot stat 'nope': No such file or directory\n");
        let o = run(&Cp, &["a", "a", "a"], b"", &fs);
        assert_eq!(o.err, "cp: target 'a' is not a directory\n");
        let o = run(&Cp, &["a"], b"", &fs);
        assert_eq!(
            o.err,
            "cp: missing destination file operand after 'a'\nTry 'cp --help' for more information.\n"
        );
        let o = run(&Cp, &["a", "no/dir/x"], b"", &fs);
        assert_eq!(
            o.err,
            "cp: cannot create regular file 'no/dir/x': No such file or directory\n"
        );
        let o = run(&Cp, &["-rT", "d", "a"], b"", &fs);
        assert_eq!(
            o.err,
            "cp: cannot overwrite non-directory 'a' with directory 'd'\n"
        );
    }
}
