//! `tree`: list directories as a tree, in the format of tree 2.x.
//!
//! Lines are drawn in ASCII (`|-- `, `` `-- ``) in the C locale and with
//! box-drawing characters when `LC_ALL`/`LC_CTYPE`/`LANG` names UTF-8, as
//! tree does. Entries are sorted bytewise; hidden names need `-a`;
//! symlinks are shown with their target and not followed (unless `-l`,
//! which stops at a directory the walk is already inside). The walk uses
//! an explicit stack, so depth costs no recursion. The report counts the
//! roots among the directories, as tree 2 does.

use sandbash_vfs::{DirEntry, FileKind, FileSystem};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::fsutil::join;
use crate::common::glob;
use crate::common::locale::utf8_locale;
use crate::common::sys::{Res, Sys};
use std::collections::HashSet;

use crate::common::walk::real_path;

/// The `tree` utility: `-a -d -f -F -I -L -l --noreport --dirsfirst`.
pub struct Tree;

/// The options of `tree`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    All,
    DirsOnly,
    FullPath,
    Classify,
    Ignore,
    Level,
    Follow,
    NoReport,
    DirsFirst,
    NoColor,
    Color,
}

struct Opts {
    all: bool,
    dirs_only: bool,
    full: bool,
    classify: bool,
    ignore: Vec<String>,
    level: Option<usize>,
    follow: bool,
    dirs_first: bool,
    lines: Lines,
    utf8: bool,
}

/// The four pieces a tree is drawn with.
#[derive(Clone, Copy)]
struct Lines {
    tee: &'static str,
    last: &'static str,
    bar: &'static str,
    blank: &'static str,
}

const ASCII: Lines = Lines {
    tee: "|-- ",
    last: "`-- ",
    bar: "|   ",
    blank: "    ",
};

const UNICODE: Lines = Lines {
    tee: "\u{251c}\u{2500}\u{2500} ",
    last: "\u{2514}\u{2500}\u{2500} ",
    bar: "\u{2502}   ",
    blank: "    ",
};

impl Command for Tree {
    const NAME: &'static str = "tree";
    const HELP: Help = Help {
        usage: &["[-adfFl] [-L level] [-I pattern] [--noreport] [--dirsfirst] [directory ...]"],
        about: "List contents of directories in a tree-like format.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('a', &[], Key::All, "All files are listed."),
        Flag::new('d', &[], Key::DirsOnly, "List directories only."),
        Flag::new(
            'f',
            &[],
            Key::FullPath,
            "Print the full path prefix for each file.",
        ),
        Flag::new(
            'F',
            &[],
            Key::Classify,
            "Appends '/', '=', '*', '@', '|' or '>' as per ls -F.",
        ),
        Flag::new(
            'I',
            &[],
            Key::Ignore,
            "Do not list files that match the given pattern.",
        )
        .value("pattern"),
        Flag::new('L', &[], Key::Level, "Descend only level directories deep.").value("level"),
        Flag::new(
            'l',
            &[],
            Key::Follow,
            "Follow symbolic links like directories.",
        ),
        Flag::long(
            &["noreport"],
            Key::NoReport,
            "Turn off file/directory count at end of tree listing.",
        ),
        Flag::long(
            &["dirsfirst"],
            Key::DirsFirst,
            "List directories before files.",
        ),
        Flag::new(
            'n',
            &[],
            Key::NoColor,
            "Turn colorization off always (-C overrides).",
        ),
        Flag::new(
            'C',
            &[],
            Key::Color,
            "Turn colorization on always (accepted; no colour is drawn).",
        ),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let mut level = None;
        if let Some(v) = p.last(Key::Level) {
            match v.parse::<usize>() {
                Ok(n) if n > 0 => level = Some(n),
                _ => {
                    sys.diag
                        .raw(b"tree: Invalid level, must be greater than 0.\n");
                    return Ok(1);
                }
            }
        }
        let o = Opts {
            all: p.has(Key::All),
            dirs_only: p.has(Key::DirsOnly),
            full: p.has(Key::FullPath),
            classify: p.has(Key::Classify),
            ignore: p
                .all(Key::Ignore)
                .flat_map(|s| s.split('|'))
                .map(str::to_owned)
                .collect(),
            level,
            follow: p.has(Key::Follow),
            dirs_first: p.has(Key::DirsFirst),
            lines: if utf8_locale(sys.env) { UNICODE } else { ASCII },
            utf8: utf8_locale(sys.env),
        };
        let roots = if p.operands.is_empty() {
            vec![".".to_owned()]
        } else {
            p.operands.clone()
        };
        let (mut dirs, mut files) = (0u64, 0u64);
        let mut status = 0;
        for root in &roots {
            sys.tick.tick()?;
            let fs: &dyn FileSystem = sys.fs;
            let abs = sys.resolve(root).ok();
            let is_dir = abs
                .as_deref()
                .is_some_and(|a| fs.metadata(a).is_ok_and(|m| m.is_dir()));
            if !is_dir {
                let exists = abs
                    .as_deref()
                    .is_some_and(|a| fs.symlink_metadata(a).is_ok());
                sys.out.str(&format!("{root}  [error opening dir]\n"))?;
                if exists {
                    files += 1;
                } else {
                    status = 2;
                }
                continue;
            }
            let top = if o.classify && !root.ends_with('/') {
                format!("{root}/")
            } else {
                root.clone()
            };
            sys.out.str(&top)?;
            sys.out.put(b"\n")?;
            let (d, f) = walk(sys, &o, root, abs.as_deref().unwrap_or("/"))?;
            // tree 2 counts a root among the directories when it lists
            // something under it.
            if d + f > 0 {
                dirs += 1;
            }
            dirs += d;
            files += f;
        }
        if !p.has(Key::NoReport) {
            let plural =
                |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
            let mut report = format!("\n{}", plural(dirs, "directory", "directories"));
            if !o.dirs_only {
                report.push_str(", ");
                report.push_str(&plural(files, "file", "files"));
            }
            report.push('\n');
            sys.out.str(&report)?;
        }
        Ok(status)
    }
}

impl Opts {
    /// A name as printed: as is in a UTF-8 locale; in the C locale with
    /// spaces, backslashes and control characters escaped, as tree does.
    fn name(&self, n: &str) -> String {
        if self.utf8 {
            return n.to_owned();
        }
        let mut out = String::with_capacity(n.len());
        for c in n.chars() {
            match c {
                ' ' => out.push_str("\\ "),
                '\\' => out.push_str("\\\\"),
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                c if c.is_ascii_control() || !c.is_ascii() => {
                    let mut buf = [0; 4];
                    for b in c.encode_utf8(&mut buf).bytes() {
                        out.push_str(&format!("\\{b:03o}"));
                    }
                }
                c => out.push(c),
            }
        }
        out
    }
}

/// One directory being listed: its entries, the next one, the prefix its
/// lines start with.
struct Level {
    shown: String,
    abs: String,
    entries: Vec<(DirEntry, bool)>,
    next: usize,
    prefix: String,
}

/// Lists below `root`; gives the directories and files counted.
fn walk(sys: &mut Sys<'_>, o: &Opts, root: &str, abs: &str) -> Res<(u64, u64)> {
    let fs: &dyn FileSystem = sys.fs;
    let (mut dirs, mut files) = (0u64, 0u64);
    // With -l, every directory listed, by real path: one met again (a
    // loop, or a second link to it) is not followed, as tree does.
    let mut visited: HashSet<String> = HashSet::new();
    if o.follow {
        visited.insert(real_path(fs, abs).unwrap_or_else(|_| abs.to_owned()));
    }
    let mut stack = vec![Level {
        shown: root.to_owned(),
        abs: abs.to_owned(),
        entries: list(fs, o, abs),
        next: 0,
        prefix: String::new(),
    }];
    while let Some(top) = stack.last_mut() {
        sys.tick.tick()?;
        let Some((entry, is_dir)) = top.entries.get(top.next).cloned() else {
            stack.pop();
            continue;
        };
        top.next += 1;
        let last = top.next == top.entries.len();
        let shown = join(&top.shown, &entry.name);
        let cabs = join(&top.abs, &entry.name);
        let mut line = top.prefix.clone();
        line.push_str(if last { o.lines.last } else { o.lines.tee });
        line.push_str(&o.name(if o.full { &shown } else { &entry.name }));
        let mut descend = is_dir && entry.kind == FileKind::Dir;
        if entry.kind == FileKind::Symlink {
            let target = fs.read_link(&cabs).unwrap_or_default();
            // The link's name carries no mark; its target the target's.
            line.push_str(" -> ");
            line.push_str(&o.name(&target));
            if o.classify {
                line.push_str(mark(fs, &cabs, true));
            }
            if o.follow && is_dir {
                let real = real_path(fs, &cabs).unwrap_or_else(|_| cabs.clone());
                if visited.insert(real) {
                    descend = true;
                } else {
                    line.push_str("  [recursive, not followed]");
                }
            }
        } else if o.classify {
            line.push_str(mark(fs, &cabs, false));
        }
        if is_dir {
            dirs += 1;
        } else {
            files += 1;
        }
        line.push('\n');
        sys.out.str(&line)?;
        let depth = stack.len();
        if descend && o.level.is_none_or(|l| depth < l) {
            let prefix = format!(
                "{}{}",
                stack.last().map_or("", |t| t.prefix.as_str()),
                if last { o.lines.blank } else { o.lines.bar }
            );
            if entry.kind == FileKind::Dir && o.follow {
                visited.insert(real_path(fs, &cabs).unwrap_or_else(|_| cabs.clone()));
            }
            stack.push(Level {
                shown,
                entries: list(fs, o, &cabs),
                abs: cabs,
                next: 0,
                prefix,
            });
        }
    }
    Ok((dirs, files))
}

/// `ls -F`'s mark for `abs` (of the target when `through` a symlink).
fn mark(fs: &dyn FileSystem, abs: &str, through: bool) -> &'static str {
    let md = if through {
        fs.metadata(abs)
    } else {
        fs.symlink_metadata(abs)
    };
    match md {
        Ok(m) if m.is_dir() => "/",
        Ok(m) if m.kind == FileKind::File && m.mode & 0o111 != 0 => "*",
        Ok(m) if m.kind == FileKind::Symlink => "@",
        _ => "",
    }
}

/// The entries of `abs` to show, sorted, each with whether it is (or
/// links to) a directory.
fn list(fs: &dyn FileSystem, o: &Opts, abs: &str) -> Vec<(DirEntry, bool)> {
    let mut v: Vec<(DirEntry, bool)> = fs
        .read_dir(abs)
        .unwrap_or_default()
        .into_iter()
        .filter(|e| o.all || !e.name.starts_with('.'))
        .filter(|e| !o.ignore.iter().any(|p| glob::matches(p, &e.name)))
        .map(|e| {
            let dir = match e.kind {
                FileKind::Dir => true,
                FileKind::Symlink => fs.metadata(&join(abs, &e.name)).is_ok_and(|m| m.is_dir()),
                _ => false,
            };
            (e, dir)
        })
        .filter(|(_, dir)| !o.dirs_only || *dir)
        .collect();
    v.sort_by(|a, b| a.0.name.as_bytes().cmp(b.0.name.as_bytes()));
    if o.dirs_first {
        v.sort_by_key(|(_, dir)| !*dir);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::Tree;
    use crate::testutil::*;
    use sandbash_vfs::FileSystem;

    #[test]
    fn draws_the_tree() {
        let fs = TestFs::new();
        fs.file("a", b"")
            .file("B", b"")
            .file("d/e/g", b"")
            .file("d/f", b"");
        fs.file(".h", b"");
        fs.symlink("d", "/workspace/ld").unwrap();
        let o = run(&Tree, &[], b"", &fs);
        assert_eq!(
            o.out,
            ".\n|-- B\n|-- a\n|-- d\n|   |-- e\n|   |   `-- g\n|   `-- f\n`-- ld -> d\n\n4 directories, 4 files\n"
        );
        let o = run(&Tree, &["-d", "-L", "1", "--noreport"], b"", &fs);
        assert_eq!(o.out, ".\n|-- d\n`-- ld -> d\n");
        let o = run(&Tree, &["-fF", "-I", "B|a", "d"], b"", &fs);
        assert_eq!(
            o.out,
            "d/\n|-- d/e/\n|   `-- d/e/g\n`-- d/f\n\n2 directories, 2 files\n"
        );
        let env = vec![("LANG".into(), "C.UTF-8".into())];
        let h = Harness {
            env,
            ..Harness::default()
        };
        let o = run_with(&Tree, &["--noreport", "-L", "2", "d"], &fs, h);
        assert_eq!(
            o.out,
            "d\n\u{251c}\u{2500}\u{2500} e\n\u{2502}   \u{2514}\u{2500}\u{2500} g\n\u{2514}\u{2500}\u{2500} f\n"
        );
        let o = run(&Tree, &["nosuch"], b"", &fs);
        assert_eq!(
            (o.out.as_str(), o.status),
            ("nosuch  [error opening dir]\n\n0 directories, 0 files\n", 2)
        );
    }
}
