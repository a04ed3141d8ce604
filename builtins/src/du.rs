//! `du`: estimate file space usage.
//!
//! Sizes are [`crate::common::usage`]'s: whole 4 KiB blocks on disk, or
//! the apparent size. Each object is counted once, by its real path (the
//! VFS has no inode numbers): a file named twice, or met again through a
//! followed symlink, adds nothing the second time. An operand's real path
//! is resolved once; an entry's is its directory's joined with its name
//! (resolved again only for a symlink followed with `-L`), so a deep walk
//! costs no repeated resolution. Directories are walked
//! with an explicit stack (post-order, no recursion); with `-L`, a
//! directory the walk is already inside is a loop, reported and skipped.

use std::collections::HashSet;

use sandbash_vfs::{DirEntry, FileKind, FileSystem, Metadata};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::fsutil::join;
use crate::common::glob;
use crate::common::num::{human_size, human_size_si, parse_count};
use crate::common::quote;
use crate::common::sys::{Res, Sys};
use crate::common::usage::{apparent_size, disk_bytes};
use crate::common::walk::{Ancestors, Enter, real_path};

/// The `du` utility.
pub struct Du;

/// The options of `du`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Null,
    All,
    Apparent,
    BlockSize,
    Bytes,
    Total,
    DerefArgs,
    MaxDepth,
    Human,
    Inodes,
    Kilo,
    Deref,
    CountLinks,
    Mega,
    NoDeref,
    SeparateDirs,
    Si,
    Summarize,
    Threshold,
    OneFs,
    Exclude,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Unit {
    Blocks(u64),
    Human,
    Si,
}

struct Opts {
    all: bool,
    apparent: bool,
    unit: Unit,
    inodes: bool,
    deref: bool,
    deref_args: bool,
    count_links: bool,
    separate: bool,
    max_depth: Option<usize>,
    threshold: i128,
    one_fs: bool,
    excludes: Vec<String>,
    end: u8,
}

impl Command for Du {
    const NAME: &'static str = "du";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: "Summarize device usage of the set of FILEs, recursively for directories.",
        after: "Sizes are counted in whole 4 KiB blocks (a directory takes one), as on a disk.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('0', &["null"], Key::Null, "end each output line with NUL, not newline"),
        Flag::new('a', &["all"], Key::All, "write counts for all files, not just directories"),
        Flag::long(&["apparent-size"], Key::Apparent, "print apparent sizes rather than device usage"),
        Flag::new('B', &["block-size"], Key::BlockSize, "scale sizes by SIZE before printing them").value("SIZE"),
        Flag::new('b', &["bytes"], Key::Bytes, "equivalent to '--apparent-size --block-size=1'"),
        Flag::new('c', &["total"], Key::Total, "produce a grand total"),
        Flag::new('D', &["dereference-args"], Key::DerefArgs, "dereference only symlinks that are listed on the\n  command line"),
        Flag::new('d', &["max-depth"], Key::MaxDepth, "print the total for a directory only if it is N or\n  fewer levels below the command line argument").value("N"),
        Flag::new('H', &[], Key::DerefArgs, "equivalent to --dereference-args (-D)"),
        Flag::new('h', &["human-readable"], Key::Human, "print sizes in human readable format (e.g., 1K 234M 2G)"),
        Flag::long(&["inodes"], Key::Inodes, "list inode usage information instead of block usage"),
        Flag::new('k', &[], Key::Kilo, "like --block-size=1K"),
        Flag::new('L', &["dereference"], Key::Deref, "dereference all symbolic links"),
        Flag::new('l', &["count-links"], Key::CountLinks, "count sizes many times if hard linked"),
        Flag::new('m', &[], Key::Mega, "like --block-size=1M"),
        Flag::new('P', &["no-dereference"], Key::NoDeref, "don't follow any symbolic links (this is the default)"),
        Flag::new('S', &["separate-dirs"], Key::SeparateDirs, "for directories do not include size of subdirectories"),
        Flag::long(&["si"], Key::Si, "like -h, but use powers of 1000 not 1024"),
        Flag::new('s', &["summarize"], Key::Summarize, "display only a total for each argument"),
        Flag::new('t', &["threshold"], Key::Threshold, "exclude entries smaller than SIZE if positive,\n  or entries greater than SIZE if negative").value("SIZE"),
        Flag::new('x', &["one-file-system"], Key::OneFs, "skip directories on different file systems"),
        Flag::long(&["exclude"], Key::Exclude, "exclude files that match PATTERN").value("PATTERN"),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let Some(o) = options(sys, &p) else {
            return Ok(1);
        };
        let ops = if p.operands.is_empty() {
            vec![".".to_owned()]
        } else {
            p.operands.clone()
        };
        let mut walk = Walk {
            o: &o,
            seen: HashSet::new(),
            status: 0,
            grand: 0,
        };
        for op in &ops {
            sys.tick.tick()?;
            walk.operand(sys, op)?;
        }
        if p.has(Key::Total) {
            let g = walk.grand;
            walk.line(sys, g, "total")?;
        }
        Ok(walk.status)
    }
}

/// Reads the options; reports usage errors and gives `None`.
fn options(sys: &mut Sys<'_>, p: &Args<Key>) -> Option<Opts> {
    let mut o = Opts {
        all: false,
        apparent: false,
        unit: Unit::Blocks(1024),
        inodes: false,
        deref: false,
        deref_args: false,
        count_links: false,
        separate: false,
        max_depth: None,
        threshold: 0,
        one_fs: false,
        excludes: Vec::new(),
        end: b'\n',
    };
    let mut summarize = false;
    for (k, v) in p.each() {
        match k {
            Key::Null => o.end = 0,
            Key::All => o.all = true,
            Key::Apparent => o.apparent = true,
            Key::BlockSize => match parse_count(v).filter(|n| *n > 0) {
                Some(n) => o.unit = Unit::Blocks(n),
                None => {
                    sys.diag
                        .error(format_args!("invalid -B argument {}", quote(v)));
                    return None;
                }
            },
            Key::Bytes => {
                o.apparent = true;
                o.unit = Unit::Blocks(1);
            }
            Key::Total | Key::Exclude => {}
            Key::DerefArgs => o.deref_args = true,
            Key::MaxDepth => match v.parse::<usize>() {
                Ok(n) => o.max_depth = Some(n),
                Err(_) => {
                    sys.diag
                        .usage(format_args!("invalid maximum depth {}", quote(v)));
                    return None;
                }
            },
            Key::Human => o.unit = Unit::Human,
            Key::Si => o.unit = Unit::Si,
            Key::Inodes => o.inodes = true,
            Key::Kilo => o.unit = Unit::Blocks(1024),
            Key::Mega => o.unit = Unit::Blocks(1024 * 1024),
            Key::Deref => o.deref = true,
            Key::NoDeref => o.deref = false,
            Key::CountLinks => o.count_links = true,
            Key::SeparateDirs => o.separate = true,
            Key::Summarize => summarize = true,
            Key::Threshold => {
                let (neg, digits) = match v.strip_prefix('-') {
                    Some(d) => (true, d),
                    None => (false, v),
                };
                match parse_count(digits) {
                    Some(n) => o.threshold = if neg { -i128::from(n) } else { i128::from(n) },
                    None => {
                        sys.diag
                            .error(format_args!("invalid -t argument {}", quote(v)));
                        return None;
                    }
                }
            }
            Key::OneFs => o.one_fs = true,
        }
    }
    o.excludes = p.all(Key::Exclude).map(str::to_owned).collect();
    if summarize {
        if o.all {
            sys.diag.usage("cannot both summarize and show all entries");
            return None;
        }
        match o.max_depth {
            Some(d) if d != 0 => {
                sys.diag.usage(format_args!(
                    "warning: summarizing conflicts with --max-depth={d}"
                ));
                return None;
            }
            _ => o.max_depth = Some(0),
        }
    }
    Some(o)
}

/// One directory being summed.
struct Frame {
    shown: String,
    abs: String,
    /// Its path with every symlink resolved: the key it is counted by.
    real: String,
    depth: usize,
    total: u64,
    entries: Vec<DirEntry>,
    next: usize,
    entered: bool,
}

struct Walk<'o> {
    o: &'o Opts,
    seen: HashSet<String>,
    status: i32,
    grand: u64,
}

impl Walk<'_> {
    fn size(&self, md: &Metadata) -> u64 {
        if self.o.inodes {
            1
        } else if self.o.apparent {
            apparent_size(md)
        } else {
            disk_bytes(md)
        }
    }

    /// Whether the object whose real path is `key` was counted already
    /// (and marks it); directories are always tracked, other objects
    /// unless `-l`.
    fn counted(&mut self, key: String, md: &Metadata) -> bool {
        if self.o.count_links && md.kind != FileKind::Dir {
            return false;
        }
        !self.seen.insert(key)
    }

    /// The real path of `abs`, an entry `name` of the directory whose real
    /// path is `parent_real`: found by joining unless `-L` meets a
    /// symlink there, which is resolved.
    fn real_of(&self, fs: &dyn FileSystem, parent_real: &str, name: &str, abs: &str) -> String {
        let link = self.o.deref
            && fs
                .symlink_metadata(abs)
                .is_ok_and(|m| m.kind == FileKind::Symlink);
        if link {
            real_path(fs, abs).unwrap_or_else(|_| abs.to_owned())
        } else {
            join(parent_real, name)
        }
    }

    fn excluded(&self, shown: &str) -> bool {
        let base = shown.rsplit('/').next().unwrap_or(shown);
        self.o
            .excludes
            .iter()
            .any(|p| glob::matches(p, shown) || glob::matches(p, base))
    }

    fn line(&mut self, sys: &mut Sys<'_>, n: u64, name: &str) -> Res<()> {
        let t = self.o.threshold;
        let keep = if t >= 0 {
            i128::from(n) >= t
        } else {
            i128::from(n) <= -t
        };
        if !keep && name != "total" {
            return Ok(());
        }
        let text = if self.o.inodes {
            n.to_string()
        } else {
            match self.o.unit {
                Unit::Blocks(b) => n.div_ceil(b).to_string(),
                Unit::Human => human_size(n),
                Unit::Si => human_size_si(n),
            }
        };
        sys.out.str(&format!("{text}\t{name}"))?;
        sys.out.put(&[self.o.end])
    }

    fn stat(&self, fs: &dyn FileSystem, abs: &str, follow: bool) -> Result<Metadata, String> {
        let r = if follow {
            fs.metadata(abs)
        } else {
            fs.symlink_metadata(abs)
        };
        r.map_err(|e| e.kind.to_string())
    }

    fn operand(&mut self, sys: &mut Sys<'_>, op: &str) -> Res<()> {
        let fs: &dyn FileSystem = sys.fs;
        let abs = match sys.resolve(op) {
            Ok(a) => a,
            Err(e) => {
                sys.diag
                    .error(format_args!("cannot access {}: {}", quote(op), e.kind));
                self.status = 1;
                return Ok(());
            }
        };
        let md = match self.stat(fs, &abs, self.o.deref || self.o.deref_args) {
            Ok(m) => m,
            Err(e) => {
                sys.diag
                    .error(format_args!("cannot access {}: {e}", quote(op)));
                self.status = 1;
                return Ok(());
            }
        };
        let real = if md.kind == FileKind::Symlink {
            abs.clone()
        } else {
            real_path(fs, &abs).unwrap_or_else(|_| abs.clone())
        };
        if self.counted(real.clone(), &md) {
            return Ok(());
        }
        if !md.is_dir() {
            let n = self.size(&md);
            self.grand = self.grand.saturating_add(n);
            return self.line(sys, n, op);
        }
        let mount = |p: &str| fs.space(p).map(|s| s.mount);
        let top_mount = if self.o.one_fs { mount(&abs) } else { None };
        let mut ancestors = Ancestors::new();
        let mut stack = vec![Frame {
            shown: op.to_owned(),
            abs,
            real,
            depth: 0,
            total: self.size(&md),
            entries: Vec::new(),
            next: 0,
            entered: false,
        }];
        while let Some(top) = stack.last_mut() {
            sys.tick.tick()?;
            if !top.entered {
                top.entered = true;
                if self.o.deref
                    && let Enter::Loop = ancestors.enter_real(top.real.clone())
                {
                    sys.diag.error(format_args!(
                        "WARNING: Circular directory structure.\nThis almost certainly means that you have a corrupted file system.\nNOTIFY YOUR SYSTEM MANAGER.\nThe following directory is part of the cycle:\n  {}",
                        quote(&top.shown)
                    ));
                    self.status = 1;
                    stack.pop();
                    continue;
                }
                match fs.read_dir(&top.abs) {
                    Ok(e) => top.entries = e,
                    Err(e) => {
                        sys.diag.error(format_args!(
                            "cannot read directory {}: {}",
                            quote(&top.shown),
                            e.kind
                        ));
                        self.status = 1;
                    }
                }
            }
            let Some(entry) = top.entries.get(top.next).cloned() else {
                // Done with this directory: print it, pass its total up.
                let Some(done) = stack.pop() else { break };
                if self.o.deref {
                    ancestors.leave();
                }
                if self.o.max_depth.is_none_or(|m| done.depth <= m) {
                    self.line(sys, done.total, &done.shown)?;
                }
                match stack.last_mut() {
                    Some(parent) if !self.o.separate => {
                        parent.total = parent.total.saturating_add(done.total);
                    }
                    Some(_) => {}
                    None => self.grand = self.grand.saturating_add(done.total),
                }
                continue;
            };
            top.next += 1;
            let shown = join(&top.shown, &entry.name);
            let cabs = join(&top.abs, &entry.name);
            let depth = top.depth + 1;
            if self.excluded(&shown) {
                continue;
            }
            let cmd = match self.stat(fs, &cabs, self.o.deref) {
                Ok(m) => m,
                Err(e) => {
                    sys.diag
                        .error(format_args!("cannot access {}: {e}", quote(&shown)));
                    self.status = 1;
                    continue;
                }
            };
            let creal = self.real_of(fs, &top.real, &entry.name, &cabs);
            if self.counted(creal.clone(), &cmd) {
                continue;
            }
            if cmd.is_dir() && (top_mount.is_none() || mount(&cabs) == top_mount) {
                let total = self.size(&cmd);
                stack.push(Frame {
                    shown,
                    abs: cabs,
                    real: creal,
                    depth,
                    total,
                    entries: Vec::new(),
                    next: 0,
                    entered: false,
                });
                continue;
            }
            if cmd.is_dir() {
                continue;
            }
            let n = self.size(&cmd);
            if let Some(top) = stack.last_mut() {
                top.total = top.total.saturating_add(n);
            }
            if self.o.all && self.o.max_depth.is_none_or(|m| depth <= m) {
                self.line(sys, n, &shown)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Du;
    use crate::testutil::*;

    #[test]
    fn sizes_and_walk() {
        let fs = TestFs::new();
        fs.file("d/a", &[b'x'; 5000])
            .file("d/e/b", b"xy")
            .file("f", b"abc");
        let o = run(&Du, &["d"], b"", &fs);
        assert_eq!(o.out, "8\td/e\t\n".replace("\t\n", "\n") + "20\td\n");
        let o = run(&Du, &["-ab", "d"], b"", &fs);
        assert_eq!(o.out, "5000\td/a\n2\td/e/b\n4098\td/e\n13194\td\n");
        let o = run(&Du, &["-sbc", "d", "f", "f"], b"", &fs);
        assert_eq!(o.out, "13194\td\n3\tf\n13197\ttotal\n");
        let o = run(&Du, &["-d", "0", "-h", "d"], b"", &fs);
        assert_eq!(o.out, "20K\td\n");
        let o = run(&Du, &["-b", "-t", "-100", "-a", "d"], b"", &fs);
        assert_eq!(o.out, "2\td/e/b\n");
    }

    #[test]
    fn errors() {
        let fs = TestFs::new();
        fs.file("a", b"x");
        let o = run(&Du, &["-b", "nosuch", "a"], b"", &fs);
        assert_eq!((o.out.as_str(), o.status), ("1\ta\n", 1));
        assert_eq!(
            o.err,
            "du: cannot access 'nosuch': No such file or directory\n"
        );
        let o = run(&Du, &["-sa", "a"], b"", &fs);
        assert!(
            o.err
                .starts_with("du: cannot both summarize and show all entries\n")
        );
        let o = run(&Du, &["-d", "x", "a"], b"", &fs);
        assert!(o.err.starts_with("du: invalid maximum depth 'x'\n"));
    }
}
