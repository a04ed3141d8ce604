//! `ls`: list directory contents.

use std::cmp::Ordering;
use std::time::SystemTime;

use sandbash_vfs::{DirEntry, FileKind, Metadata};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::fsutil::join;
use crate::common::num::human_size;
use crate::common::sys::{Res, Sys};
use crate::common::time::ls_date;
use crate::common::walk::{Ancestors, Enter};

/// The `ls` utility: `-l -a -A -1 -R -d -h -t -r -S -U -F -p -g -o -G -n -L`;
/// one name per line (standard output is never a terminal), C-locale
/// order. In `-l` output every file belongs to `agent agent`, directories
/// show size 4096 and dates are UTC.
pub struct Ls;

/// The options of `ls`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    All,
    AlmostAll,
    Directory,
    Classify,
    NoOwner,
    NoGroup,
    HumanReadable,
    Long,
    Dereference,
    NumericUidGid,
    NoGroupInfo,
    Slash,
    Reverse,
    Recursive,
    SortSize,
    Sort,
    GroupDirectoriesFirst,
    SortTime,
    NoSort,
    SortVersion,
    OnePerLine,
    DereferenceCommandLine,
    Columns,
    Across,
    Commas,
    ChangeTime,
    AccessTime,
    Inode,
    Color,
    IndicatorStyle,
    FullTime,
    Time,
}

impl Command for Ls {
    const NAME: &'static str = "ls";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: "List information about the FILEs (the current directory by default).
Sort entries alphabetically if none of -tSU nor --sort is specified.",
        after: "Exit status:
 0  if OK,
 1  if minor problems (e.g., cannot access subdirectory),
 2  if serious trouble (e.g., cannot access command-line argument).",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'a',
            &["all"],
            Key::All,
            "do not ignore entries starting with .",
        ),
        Flag::new(
            'A',
            &["almost-all"],
            Key::AlmostAll,
            "do not list implied . and ..",
        ),
        Flag::new(
            'd',
            &["directory"],
            Key::Directory,
            "list directories themselves, not their contents",
        ),
        // `-F` takes no value, `--classify` an optional one: the short
        // letter finds this unlisted entry first.
        Flag::new('F', &[], Key::Classify, ""),
        Flag::new(
            'F',
            &["classify"],
            Key::Classify,
            "append indicator (one of */@|) to entries",
        )
        .optional("WHEN"),
        Flag::new('g', &[], Key::NoOwner, "like -l, but do not list owner"),
        Flag::new(
            'h',
            &["human-readable"],
            Key::HumanReadable,
            "with -l, print sizes like 1K 234M 2G etc.",
        ),
        Flag::new('l', &[], Key::Long, "use a long listing format"),
        Flag::new(
            'L',
            &["dereference"],
            Key::Dereference,
            "show information for the file symlinks point to",
        ),
        Flag::new(
            'n',
            &["numeric-uid-gid"],
            Key::NumericUidGid,
            "like -l, but list numeric user and group IDs",
        ),
        Flag::new(
            'G',
            &["no-group"],
            Key::NoGroup,
            "in a long listing, don't print group names",
        ),
        Flag::new(
            'o',
            &[],
            Key::NoGroupInfo,
            "like -l, but do not list group information",
        ),
        Flag::new('p', &[], Key::Slash, "append / indicator to directories"),
        Flag::new(
            'R',
            &["recursive"],
            Key::Recursive,
            "list subdirectories recursively",
        ),
        Flag::new(
            'r',
            &["reverse"],
            Key::Reverse,
            "reverse order while sorting",
        ),
        Flag::new('S', &[], Key::SortSize, "sort by file size, largest first"),
        Flag::long(
            &["sort"],
            Key::Sort,
            "sort by WORD: none (-U), size (-S), time (-t),\n  version (-v)",
        )
        .value("WORD"),
        Flag::long(
            &["group-directories-first"],
            Key::GroupDirectoriesFirst,
            "group directories before files",
        ),
        Flag::new('t', &[], Key::SortTime, "sort by time, newest first"),
        Flag::new(
            'U',
            &[],
            Key::NoSort,
            "do not sort; list entries in directory order",
        ),
        Flag::new(
            'v',
            &[],
            Key::SortVersion,
            "natural sort of (version) numbers within text",
        ),
        Flag::new(
            '1',
            &[],
            Key::OnePerLine,
            "list one file per line (always the case here)",
        ),
        Flag::new(
            'H',
            &["dereference-command-line"],
            Key::DereferenceCommandLine,
            "",
        ),
        Flag::new('C', &[], Key::Columns, ""),
        Flag::new('x', &[], Key::Across, ""),
        Flag::new('m', &[], Key::Commas, ""),
        Flag::new('c', &[], Key::ChangeTime, ""),
        Flag::new('u', &[], Key::AccessTime, ""),
        Flag::long(&["indicator-style"], Key::IndicatorStyle, "").value("WORD"),
        Flag::new('i', &["inode"], Key::Inode, ""),
        Flag::long(&["color"], Key::Color, "").optional("WHEN"),
        Flag::long(&["full-time"], Key::FullTime, ""),
        Flag::long(&["time"], Key::Time, "").value("WORD"),
    ];
    const SYNTAX: Syntax = Syntax::GNU.status(2);

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum SortBy {
    Name,
    Time,
    Size,
    None,
    Version,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Hidden {
    Skip,
    AlmostAll,
    All,
}

struct Config {
    long: bool,
    hidden: Hidden,
    recursive: bool,
    directory: bool,
    human: bool,
    reverse: bool,
    sort: SortBy,
    classify: bool,
    slash: bool,
    owner: bool,
    group: bool,
    numeric: bool,
    deref: bool,
    dirs_first: bool,
    now: SystemTime,
}

struct Entry {
    /// The name shown.
    name: String,
    /// The absolute path.
    path: String,
    md: Metadata,
    target: Option<String>,
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let mut cfg = Config {
        long: false,
        hidden: Hidden::Skip,
        recursive: false,
        directory: false,
        human: false,
        reverse: false,
        sort: SortBy::Name,
        classify: false,
        slash: false,
        owner: true,
        group: true,
        numeric: false,
        deref: false,
        dirs_first: false,
        now: SystemTime::now(),
    };
    for (k, val) in p.each() {
        match k {
            Key::Long => cfg.long = true,
            Key::All => cfg.hidden = Hidden::All,
            Key::AlmostAll => cfg.hidden = Hidden::AlmostAll,
            Key::Recursive => cfg.recursive = true,
            Key::Directory => cfg.directory = true,
            Key::HumanReadable => cfg.human = true,
            Key::Reverse => cfg.reverse = true,
            Key::SortTime => cfg.sort = SortBy::Time,
            Key::SortSize => cfg.sort = SortBy::Size,
            Key::NoSort => cfg.sort = SortBy::None,
            Key::SortVersion => cfg.sort = SortBy::Version,
            Key::Classify => cfg.classify = true,
            Key::Slash => cfg.slash = true,
            Key::NoOwner => (cfg.long, cfg.owner) = (true, false),
            Key::NoGroupInfo => (cfg.long, cfg.group) = (true, false),
            Key::NoGroup => cfg.group = false,
            Key::NumericUidGid => (cfg.long, cfg.numeric) = (true, true),
            Key::Dereference => cfg.deref = true,
            Key::GroupDirectoriesFirst => cfg.dirs_first = true,
            Key::IndicatorStyle => match val {
                "classify" | "file-type" => cfg.classify = true,
                "slash" => cfg.slash = true,
                _ => {}
            },
            Key::Sort => {
                cfg.sort = match val {
                    "none" => SortBy::None,
                    "size" => SortBy::Size,
                    "time" => SortBy::Time,
                    "version" => SortBy::Version,
                    "name" => SortBy::Name,
                    _ => {
                        sys.diag.usage(format_args!("invalid argument '{val}' for '--sort'\nValid arguments are:\n  - 'none'\n  - 'time'\n  - 'size'\n  - 'extension'\n  - 'version'\n  - 'width'"));
                        return Ok(2);
                    }
                }
            }
            // `-H` is read below; one name per line is the only layout,
            // and the rest change nothing in this listing.
            Key::DereferenceCommandLine
            | Key::OnePerLine
            | Key::Columns
            | Key::Across
            | Key::Commas
            | Key::ChangeTime
            | Key::AccessTime
            | Key::Inode
            | Key::Color
            | Key::FullTime
            | Key::Time => {}
        }
    }
    let deref_cmdline = p.has(Key::DereferenceCommandLine);
    let mut operands = p.operands;
    let implicit = operands.is_empty();
    if implicit {
        operands.push(".".into());
    }
    let mut status = 0;
    let mut files = Vec::new();
    let mut dirs = Vec::new();
    for op in &operands {
        let path = match sys.resolve(op) {
            Ok(p) => p,
            Err(e) => {
                sys.diag
                    .error(format_args!("cannot access '{op}': {}", e.kind));
                status = 2;
                continue;
            }
        };
        // A trailing slash asks for what a symlink points to, as in POSIX
        // path resolution: a dangling one is not there.
        let lmd = if op.ends_with('/') {
            sys.fs.metadata(&path)
        } else {
            sys.fs.symlink_metadata(&path)
        };
        let lmd = match lmd {
            Ok(m) => m,
            Err(e) => {
                sys.diag
                    .error(format_args!("cannot access '{op}': {}", e.kind));
                status = 2;
                continue;
            }
        };
        let follow = cfg.deref || !(cfg.long || cfg.directory || cfg.classify);
        let md = if lmd.is_symlink() && (follow || deref_cmdline) {
            sys.fs.metadata(&path).unwrap_or(lmd)
        } else {
            lmd
        };
        let target = if md.is_symlink() {
            sys.fs.read_link(&path).ok()
        } else {
            None
        };
        let e = Entry {
            name: op.clone(),
            path,
            md,
            target,
        };
        if e.md.is_dir() && !cfg.directory {
            dirs.push(e);
        } else {
            files.push(e);
        }
    }
    sort_entries(&cfg, &mut files);
    sort_entries(&cfg, &mut dirs);
    let mut printed = false;
    if !files.is_empty() {
        print_entries(sys, &cfg, &files)?;
        printed = true;
    }
    let headers = operands.len() > 1 || cfg.recursive;
    let mut walk = Walk {
        printed,
        ancestors: Ancestors::new(),
    };
    for d in &dirs {
        let st = list_dir(sys, &cfg, &d.path, &d.name, headers, &mut walk, true)?;
        status = status.max(st);
    }
    Ok(status)
}

/// What listing one directory after another carries along.
struct Walk {
    /// Something was printed: the next directory's header needs a blank
    /// line before it.
    printed: bool,
    /// The directories being listed, for `-R`'s loop detection.
    ancestors: Ancestors,
}

fn list_dir(
    sys: &mut Sys<'_>,
    cfg: &Config,
    path: &str,
    shown: &str,
    header: bool,
    walk: &mut Walk,
    top: bool,
) -> Res<i32> {
    sys.tick.check()?;
    let listing = match sys.fs.read_dir(path) {
        Ok(l) => l,
        Err(e) => {
            sys.diag
                .error(format_args!("cannot open directory '{shown}': {}", e.kind));
            return Ok(if top { 2 } else { 1 });
        }
    };
    if cfg.recursive {
        if let Enter::Loop = walk.ancestors.enter(sys.fs, path) {
            // Only a followed symlink can lead back into a directory being
            // listed; GNU counts it a serious trouble.
            sys.diag.error(format_args!(
                "{shown}: not listing already-listed directory"
            ));
            return Ok(2);
        }
        let st = list_entries(sys, cfg, path, shown, header, walk, listing);
        walk.ancestors.leave();
        st
    } else {
        list_entries(sys, cfg, path, shown, header, walk, listing)
    }
}

/// Lists the entries of the directory `path` read in `listing`, then, with
/// `-R`, its subdirectories.
fn list_entries(
    sys: &mut Sys<'_>,
    cfg: &Config,
    path: &str,
    shown: &str,
    header: bool,
    walk: &mut Walk,
    listing: Vec<DirEntry>,
) -> Res<i32> {
    if walk.printed {
        sys.out.str("\n")?;
    }
    if header {
        sys.out.fmt(format_args!("{shown}:\n"))?;
    }
    walk.printed = true;
    let mut entries = Vec::new();
    if cfg.hidden == Hidden::All {
        for (name, p) in [(".", path.to_string()), ("..", parent(path))] {
            if let Ok(md) = sys.fs.metadata(&p) {
                entries.push(Entry {
                    name: name.into(),
                    path: p,
                    md,
                    target: None,
                });
            }
        }
    }
    let mut status = 0;
    for de in listing {
        if de.name.starts_with('.') && cfg.hidden == Hidden::Skip {
            continue;
        }
        let p = join(path, &de.name);
        let md = if cfg.deref {
            sys.fs.metadata(&p).or_else(|_| sys.fs.symlink_metadata(&p))
        } else {
            sys.fs.symlink_metadata(&p)
        };
        let md = match md {
            Ok(m) => m,
            Err(e) => {
                sys.diag.error(format_args!(
                    "cannot access '{}': {}",
                    join(shown, &de.name),
                    e.kind
                ));
                status = 1;
                continue;
            }
        };
        let target = if md.is_symlink() {
            sys.fs.read_link(&p).ok()
        } else {
            None
        };
        entries.push(Entry {
            name: de.name,
            path: p,
            md,
            target,
        });
    }
    sort_entries(cfg, &mut entries);
    if cfg.long {
        let blocks: u64 = entries.iter().map(|e| blocks_kib(&e.md)).sum();
        if cfg.human {
            sys.out
                .fmt(format_args!("total {}\n", human_size(blocks * 1024)))?;
        } else {
            sys.out.fmt(format_args!("total {blocks}\n"))?;
        }
    }
    print_entries(sys, cfg, &entries)?;
    if cfg.recursive {
        for e in &entries {
            if e.md.is_dir() && e.name != "." && e.name != ".." {
                let sub = join(shown, &e.name);
                let st = list_dir(sys, cfg, &e.path, &sub, true, walk, false)?;
                status = status.max(st);
            }
        }
    }
    Ok(status)
}

fn parent(path: &str) -> String {
    sandbash_vfs::path::split_parent(path).map_or("/".into(), |(p, _)| p.to_string())
}

fn blocks_kib(md: &Metadata) -> u64 {
    match md.kind {
        FileKind::Dir => 4,
        FileKind::File => md.size.div_ceil(4096) * 4,
        _ => 0,
    }
}

fn shown_size(md: &Metadata) -> u64 {
    if md.is_dir() { 4096 } else { md.size }
}

fn sort_entries(cfg: &Config, v: &mut [Entry]) {
    let by_name = |a: &Entry, b: &Entry| a.name.as_bytes().cmp(b.name.as_bytes());
    let cmp = |a: &Entry, b: &Entry| -> Ordering {
        let o = match cfg.sort {
            SortBy::Name => by_name(a, b),
            SortBy::None => Ordering::Equal,
            SortBy::Time => b.md.mtime.cmp(&a.md.mtime).then_with(|| by_name(a, b)),
            SortBy::Size => shown_size(&b.md)
                .cmp(&shown_size(&a.md))
                .then_with(|| by_name(a, b)),
            SortBy::Version => version_cmp(&a.name, &b.name).then_with(|| by_name(a, b)),
        };
        if cfg.reverse && cfg.sort != SortBy::None {
            o.reverse()
        } else {
            o
        }
    };
    v.sort_by(|a, b| {
        if cfg.dirs_first {
            let o = b.md.is_dir().cmp(&a.md.is_dir());
            if o != Ordering::Equal {
                return o;
            }
        }
        cmp(a, b)
    });
}

/// Natural order: runs of digits compare by value.
fn version_cmp(a: &str, b: &str) -> Ordering {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let (ca, cb) = (
            a.get(i).copied().unwrap_or(0),
            b.get(j).copied().unwrap_or(0),
        );
        if ca.is_ascii_digit() && cb.is_ascii_digit() {
            let si = i;
            while a.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            let sj = j;
            while b.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
            let na = trim_zeros(a.get(si..i).unwrap_or(&[]));
            let nb = trim_zeros(b.get(sj..j).unwrap_or(&[]));
            let o = na.len().cmp(&nb.len()).then_with(|| na.cmp(nb));
            if o != Ordering::Equal {
                return o;
            }
        } else {
            if ca != cb {
                return ca.cmp(&cb);
            }
            i += 1;
            j += 1;
        }
    }
    (a.len() - i).cmp(&(b.len() - j))
}

fn trim_zeros(s: &[u8]) -> &[u8] {
    let k = s.iter().take_while(|&&c| c == b'0').count();
    s.get(k..).unwrap_or(&[])
}

/// `drwxr-xr-x` and friends.
pub fn mode_string(md: &Metadata) -> String {
    let mut s = String::with_capacity(10);
    s.push(match md.kind {
        FileKind::Dir => 'd',
        FileKind::Symlink => 'l',
        FileKind::CharDevice => 'c',
        FileKind::File => '-',
    });
    let m = if md.is_symlink() { 0o777 } else { md.mode };
    s.push_str(&crate::common::mode::perm_string(m));
    s
}

fn indicator(cfg: &Config, md: &Metadata) -> &'static str {
    match md.kind {
        FileKind::Dir if cfg.classify || cfg.slash => "/",
        FileKind::Symlink if cfg.classify && !cfg.long => "@",
        FileKind::File if cfg.classify && md.mode & 0o111 != 0 => "*",
        _ => "",
    }
}

fn print_entries(sys: &mut Sys<'_>, cfg: &Config, entries: &[Entry]) -> Res<()> {
    if !cfg.long {
        for e in entries {
            sys.tick.tick()?;
            sys.out
                .fmt(format_args!("{}{}\n", e.name, indicator(cfg, &e.md)))?;
        }
        return Ok(());
    }
    let (user, group) = if cfg.numeric {
        ("1000", "1000")
    } else {
        ("agent", "agent")
    };
    let sizes: Vec<String> = entries
        .iter()
        .map(|e| {
            let n = shown_size(&e.md);
            if cfg.human {
                human_size(n)
            } else {
                n.to_string()
            }
        })
        .collect();
    let nlink_w = entries
        .iter()
        .map(|e| e.md.nlink.to_string().len())
        .max()
        .unwrap_or(1);
    let size_w = sizes.iter().map(String::len).max().unwrap_or(1);
    for (e, size) in entries.iter().zip(&sizes) {
        sys.tick.tick()?;
        let mut line = format!("{} {:>nlink_w$} ", mode_string(&e.md), e.md.nlink);
        if cfg.owner {
            line.push_str(user);
            line.push(' ');
        }
        if cfg.group {
            line.push_str(group);
            line.push(' ');
        }
        line.push_str(&format!(
            "{size:>size_w$} {} {}",
            ls_date(e.md.mtime, cfg.now),
            e.name
        ));
        if let Some(t) = &e.target {
            line.push_str(" -> ");
            line.push_str(t);
        } else {
            line.push_str(indicator(cfg, &e.md));
        }
        line.push('\n');
        sys.out.str(&line)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Ls;
    use crate::testutil::*;
    use sandbash_vfs::FileSystem;
    use std::time::{Duration, SystemTime};

    fn fs() -> TestFs {
        let fs = TestFs::new();
        fs.file("b", b"hello\n")
            .file("a", b"x")
            .file(".hidden", b"")
            .file("d/inner", b"1234567890")
            .dir("d/sub");
        fs
    }

    #[test]
    fn names() {
        let fs = fs();
        assert_eq!(run(&Ls, &[], b"", &fs).out, "a\nb\nd\n");
        assert_eq!(run(&Ls, &["-a"], b"", &fs).out, ".\n..\n.hidden\na\nb\nd\n");
        assert_eq!(run(&Ls, &["-A"], b"", &fs).out, ".hidden\na\nb\nd\n");
        assert_eq!(run(&Ls, &["-r"], b"", &fs).out, "d\nb\na\n");
        assert_eq!(run(&Ls, &["-F"], b"", &fs).out, "a\nb\nd/\n");
        assert_eq!(run(&Ls, &["-d", "d"], b"", &fs).out, "d\n");
        assert_eq!(run(&Ls, &["d"], b"", &fs).out, "inner\nsub\n");
        assert_eq!(
            run(&Ls, &["-1", "b", "d", "a"], b"", &fs).out,
            "a\nb\n\nd:\ninner\nsub\n"
        );
    }

    #[test]
    fn recursive() {
        let fs = fs();
        assert_eq!(
            run(&Ls, &["-R"], b"", &fs).out,
            ".:\na\nb\nd\n\n./d:\ninner\nsub\n\n./d/sub:\n"
        );
    }

    /// Symlinks back into a directory being listed are reported, not
    /// followed again (GNU: status 2).
    #[test]
    fn recursive_loops() {
        let fs = TestFs::new();
        fs.file("d/f", b"").dir("d/s");
        fs.symlink("/workspace/d", "/workspace/d/a").unwrap();
        fs.symlink("..", "/workspace/d/s/up").unwrap();
        let o = run(&Ls, &["-RL", "d"], b"", &fs);
        assert_eq!(
            (o.out.as_str(), o.err.as_str(), o.status),
            (
                "d:\na\nf\ns\n\nd/s:\nup\n",
                "ls: d/a: not listing already-listed directory\n\
                 ls: d/s/up: not listing already-listed directory\n",
                2
            )
        );
        // Without -L the links are not followed.
        let o = run(&Ls, &["-R", "d"], b"", &fs);
        assert_eq!((o.out.as_str(), o.status), ("d:\na\nf\ns\n\nd/s:\nup\n", 0));
    }

    /// A trailing slash follows a symlink operand.
    #[test]
    fn trailing_slash_follows() {
        let fs = fs();
        fs.symlink("/nowhere", "/workspace/dangling").unwrap();
        fs.symlink("d", "/workspace/ld").unwrap();
        let o = run(&Ls, &["dangling/"], b"", &fs);
        assert_eq!(
            (o.err.as_str(), o.status),
            (
                "ls: cannot access 'dangling/': No such file or directory\n",
                2
            )
        );
        assert_eq!(run(&Ls, &["dangling"], b"", &fs).out, "dangling\n");
        assert_eq!(run(&Ls, &["-l", "ld/"], b"", &fs).out.lines().count(), 3);
        assert!(run(&Ls, &["-l", "ld"], b"", &fs).out.contains("ld -> d"));
    }

    #[test]
    fn sorting() {
        let fs = fs();
        let old = SystemTime::now() - Duration::from_secs(100);
        fs.set_mtime("/workspace/a", old).unwrap();
        fs.set_mtime("/workspace/d", old - Duration::from_secs(10))
            .unwrap();
        assert_eq!(run(&Ls, &["-t"], b"", &fs).out, "b\na\nd\n");
        assert_eq!(run(&Ls, &["-S"], b"", &fs).out, "d\nb\na\n");
        assert_eq!(run(&Ls, &["-Sr"], b"", &fs).out, "a\nb\nd\n");
    }

    #[test]
    fn long_format() {
        let fs = fs();
        let when = crate::common::time::parse_date("2020-01-02 03:04", SystemTime::now()).unwrap();
        for p in ["/workspace/a", "/workspace/b", "/workspace/d"] {
            fs.set_mtime(p, when).unwrap();
        }
        fs.set_mode("/workspace/a", 0o755).unwrap();
        let o = run(&Ls, &["-l"], b"", &fs);
        assert_eq!(
            o.out,
            "total 12\n\
             -rwxr-xr-x 1 agent agent    1 Jan  2  2020 a\n\
             -rw-r--r-- 1 agent agent    6 Jan  2  2020 b\n\
             drwxr-xr-x 2 agent agent 4096 Jan  2  2020 d\n"
        );
        let o = run(&Ls, &["-lh", "d"], b"", &fs);
        assert!(
            o.out
                .starts_with("total 8.0K\n-rw-r--r-- 1 agent agent   10 "),
            "{}",
            o.out
        );
        assert!(o.out.contains("drwxr-xr-x 2 agent agent 4.0K "));
        fs.symlink("b", "/workspace/ln").unwrap();
        let o = run(&Ls, &["-l", "ln"], b"", &fs);
        assert!(o.out.starts_with("lrwxrwxrwx 1 agent agent 1 "));
        assert!(o.out.ends_with(" ln -> b\n"));
        let o = run(&Ls, &["-g", "b"], b"", &fs);
        assert!(o.out.starts_with("-rw-r--r-- 1 agent 6 Jan  2  2020 b\n"));
    }

    #[test]
    fn recent_dates_show_time() {
        let fs = fs();
        let o = run(&Ls, &["-l", "b"], b"", &fs);
        let c = crate::common::time::civil(SystemTime::now());
        assert!(o.out.contains(&format!("{:02}:", c.hour)), "{}", o.out);
    }

    #[test]
    fn errors() {
        let fs = fs();
        let o = run(&Ls, &["nofile", "a"], b"", &fs);
        assert_eq!(o.out, "a\n");
        assert_eq!(
            o.err,
            "ls: cannot access 'nofile': No such file or directory\n"
        );
        assert_eq!(o.status, 2);
    }
}
