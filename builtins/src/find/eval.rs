//! Evaluating a parsed expression on one file.
//!
//! The VFS keeps access and modification times; the status-change time
//! is the modification time; every file belongs to `agent` (uid and gid
//! 1000), as `ls -l` shows; a file's inode number is a hash of its real
//! path (the VFS has none), so `-inum`, `-samefile` and `%i` agree with
//! each other.

use std::io::Write;
use std::time::SystemTime;

use sandbash_interpreter::bytes::encode;
use sandbash_vfs::{FileKind, FileSystem, FileWriter, Metadata};

use super::args::{self, Cmp, perm_test};
use super::exec::{self, Batch};
use super::parse::{Expr, Prim};
use super::print;
use crate::common::glob;
use crate::common::sys::{Res, Sys};
use crate::common::time::epoch_secs;
use crate::common::walk::real_path;

/// One file as the walk meets it.
pub struct Entry<'a> {
    /// The path as printed (`./a/b`).
    pub path: &'a str,
    /// The absolute VFS path.
    pub abs: &'a str,
    /// The starting point it was found under, as given.
    pub start: &'a str,
    /// Levels below the starting point.
    pub depth: usize,
    /// What the walk sees: the link's target when it follows links.
    pub md: Metadata,
    /// The entry itself is a symbolic link.
    pub is_link: bool,
    /// `md` is the target of that link.
    pub followed: bool,
}

impl Entry<'_> {
    /// Size as GNU find reports it (directories are 4096 bytes, as `ls -l`
    /// shows them).
    pub fn size(&self) -> u64 {
        if self.md.is_dir() { 4096 } else { self.md.size }
    }

    /// 512-byte blocks, as a filesystem with 4 KiB blocks would allocate.
    pub fn blocks512(&self) -> u64 {
        if self.md.is_symlink() {
            0
        } else {
            self.size().div_ceil(4096) * 8
        }
    }

    /// Splits the printed path as GNU's `%h` and `%f` do: the last
    /// component keeps one trailing slash (`a//` gives `a/`), and the
    /// leading part loses the slash before it; a lone name leads with `.`.
    fn split(&self) -> (&str, &str) {
        let p = self.path;
        let t = p.trim_end_matches('/');
        let end = (t.len() + 1).min(p.len());
        if t.is_empty() {
            return (p.get(..p.len().saturating_sub(1)).unwrap_or(""), "/");
        }
        match t.rfind('/') {
            Some(i) => (p.get(..i).unwrap_or(""), p.get(i + 1..end).unwrap_or("")),
            // GNU's own quirk: a one-character name keeps itself as its
            // leading part (`a/` gives `a`), a longer one gives `.`.
            None if end > t.len() && t.len() == 1 => (
                p.get(..p.len() - 1).unwrap_or(""),
                p.get(..end).unwrap_or(""),
            ),
            None if end > t.len() => (".", p.get(..end).unwrap_or("")),
            None => (".", p),
        }
    }

    /// The last component as printed (`%f`; `a/` for a starting point `a//`).
    pub fn base(&self) -> &str {
        self.split().1
    }

    /// The leading directories (`%h`): `.` when there are none.
    pub fn dir(&self) -> &str {
        self.split().0
    }

    /// The name `-name` matches: the last component without trailing slashes.
    pub fn match_name(&self) -> &str {
        let t = self.path.trim_end_matches('/');
        if t.is_empty() {
            return "/";
        }
        t.rsplit('/').next().unwrap_or(t)
    }

    /// The path below the starting point (`%P`).
    pub fn rel(&self) -> &str {
        if self.depth == 0 {
            return "";
        }
        let rest = self.path.get(self.start.len()..).unwrap_or("");
        rest.strip_prefix('/').unwrap_or(rest)
    }

    /// `%y`: the type letter of what the walk sees.
    pub fn type_char(&self) -> char {
        kind_char(self.md.kind)
    }

    /// `%Y`: the type after following a link: `N` when it leads nowhere,
    /// `L` when it loops.
    pub fn follow_type(&self, fs: &dyn FileSystem) -> char {
        if !self.is_link || self.followed {
            return self.type_char();
        }
        match fs.metadata(self.abs) {
            Ok(m) => kind_char(m.kind),
            Err(e) if e.kind == sandbash_vfs::FsErrorKind::TooManyLinks => 'L',
            Err(e) if e.kind == sandbash_vfs::FsErrorKind::NotFound => 'N',
            Err(_) => '?',
        }
    }

    /// What names the object `md` describes: its real path.
    pub fn identity(&self, fs: &dyn FileSystem) -> String {
        if self.followed || !self.is_link {
            return real_path(fs, self.abs).unwrap_or_else(|_| self.abs.to_string());
        }
        // The link itself: its directory's real path and its own name.
        match sandbash_vfs::path::split_parent(self.abs) {
            Some((dir, name)) => {
                let d = real_path(fs, dir).unwrap_or_else(|_| dir.to_string());
                crate::common::fsutil::join(&d, name)
            }
            None => self.abs.to_string(),
        }
    }

    /// A stand-in inode number: a hash of [`Entry::identity`].
    pub fn inode(&self, fs: &dyn FileSystem) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in self.identity(fs).bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        // Eight digits, like the inodes of a real filesystem.
        10_000_000 + h % 90_000_000
    }
}

fn kind_char(k: FileKind) -> char {
    match k {
        FileKind::File => 'f',
        FileKind::Dir => 'd',
        FileKind::Symlink => 'l',
        FileKind::CharDevice => 'c',
    }
}

/// Where a `-fprint`-like action writes.
pub enum Sink {
    /// `/dev/stdout`: find's own standard output.
    Stdout,
    /// `/dev/stderr`.
    Stderr,
    /// A file opened (truncated) before the walk.
    File(FileWriter),
}

/// The state of a walk that actions change.
pub struct Ctx<'s, 'c> {
    /// The utility's streams, filesystem and runner.
    pub sys: &'s mut Sys<'c>,
    /// The exit status so far.
    pub status: i32,
    /// `-prune` was true for the current file.
    pub prune: bool,
    /// `-quit` was reached.
    pub quit: bool,
    /// The files of `-fprint` and friends.
    pub sinks: Vec<Sink>,
    /// The names collected by each `-exec ... {} +`.
    pub batches: Vec<Batch>,
    /// When the run started (`-ls` dates).
    pub now: SystemTime,
}

impl Ctx<'_, '_> {
    /// Writes bytes to standard output or a sink.
    pub fn write(&mut self, sink: Option<usize>, b: &[u8]) -> Res<()> {
        match sink.and_then(|i| self.sinks.get_mut(i)) {
            None | Some(Sink::Stdout) => self.sys.out.put(b),
            Some(Sink::Stderr) => {
                self.sys.diag.raw(b);
                Ok(())
            }
            Some(Sink::File(w)) => {
                // A sink that fails is reported once at the end by the
                // status; the walk goes on, as GNU's does.
                if w.write_all(b).is_err() {
                    self.status = 1;
                }
                Ok(())
            }
        }
    }
}

/// Evaluates `expr` on `e`. Recursion follows the expression's nesting,
/// which the parser bounds.
pub fn eval(expr: &Expr, e: &Entry<'_>, cx: &mut Ctx<'_, '_>) -> Res<bool> {
    match expr {
        Expr::And(v) => {
            for x in v {
                if !eval(x, e, cx)? || cx.quit {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        Expr::Or(v) => {
            for x in v {
                if eval(x, e, cx)? {
                    return Ok(true);
                }
                if cx.quit {
                    break;
                }
            }
            Ok(false)
        }
        Expr::List(v) => {
            let mut last = false;
            for x in v {
                last = eval(x, e, cx)?;
                if cx.quit {
                    break;
                }
            }
            Ok(last)
        }
        Expr::Not(x) => Ok(!eval(x, e, cx)?),
        Expr::Prim(p) => prim(p, e, cx),
    }
}

fn wild(pat: &str, s: &str, icase: bool) -> bool {
    if icase {
        glob::matches(&pat.to_lowercase(), &s.to_lowercase())
    } else {
        glob::matches(pat, s)
    }
}

fn prim(p: &Prim, e: &Entry<'_>, cx: &mut Ctx<'_, '_>) -> Res<bool> {
    let md = &e.md;
    let fs = cx.sys.fs;
    Ok(match p {
        Prim::Const(b) => *b,
        Prim::Name { pat, icase } => wild(pat, e.match_name(), *icase),
        Prim::Path { pat, icase } => wild(pat, e.path, *icase),
        Prim::LName { pat, icase } => {
            e.is_link && !e.followed && fs.read_link(e.abs).is_ok_and(|t| wild(pat, &t, *icase))
        }
        Prim::Regex(re) => re.is_match(e.path),
        Prim::Type(set) => args::kind_bit(md.kind) & set != 0,
        Prim::XType(set) => {
            let other = if e.followed {
                fs.symlink_metadata(e.abs).map(|m| m.kind)
            } else if e.is_link {
                fs.metadata(e.abs).map(|m| m.kind)
            } else {
                Ok(md.kind)
            };
            args::kind_bit(other.unwrap_or(FileKind::Symlink)) & set != 0
        }
        Prim::Size(cmp, n, unit) => cmp.test(e.size().div_ceil(*unit), *n),
        Prim::Empty => match md.kind {
            FileKind::File => md.size == 0,
            FileKind::Dir => fs.read_dir(e.abs).is_ok_and(|v| v.is_empty()),
            _ => false,
        },
        Prim::Newer { access, than } => (if *access { md.atime } else { md.mtime }) > *than,
        Prim::Age {
            access,
            cmp,
            n,
            unit,
            origin,
        } => {
            let t = if *access { md.atime } else { md.mtime };
            let frac = t
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0.0, |d| f64::from(d.subsec_nanos()) / 1e9);
            let age = ((origin - (epoch_secs(t) as f64 + frac)) / unit).floor();
            match cmp {
                Cmp::Lt => age < *n,
                Cmp::Eq => age == *n,
                Cmp::Gt => age > *n,
            }
        }
        Prim::Perm(kind, file, dir) => {
            let want = if md.is_dir() { *dir } else { *file };
            perm_test(*kind, md.mode, want)
        }
        Prim::Uid(cmp, n) | Prim::Gid(cmp, n) => cmp.test(1000, *n),
        Prim::Links(cmp, n) => cmp.test(md.nlink, *n),
        Prim::Inum(cmp, n) => cmp.test(e.inode(fs), *n),
        Prim::SameFile(real) => e.identity(fs) == *real,
        Prim::Access(bit) => md.mode & bit != 0,
        Prim::FsType(t) => t == "sandbash",
        Prim::Print(sink) => {
            let mut b = encode(e.path).into_owned();
            b.push(b'\n');
            cx.write(*sink, &b)?;
            true
        }
        Prim::Print0(sink) => {
            let mut b = encode(e.path).into_owned();
            b.push(0);
            cx.write(*sink, &b)?;
            true
        }
        Prim::Printf(fmt, sink) => {
            let mut b = Vec::new();
            print::render(fmt, e, fs, &mut b);
            cx.write(*sink, &b)?;
            true
        }
        Prim::Ls(sink) => {
            let mut b = encode(&print::ls_line(e, fs, cx.now)).into_owned();
            b.push(b'\n');
            cx.write(*sink, &b)?;
            true
        }
        Prim::Delete => delete(e, cx),
        Prim::Prune => {
            cx.prune = true;
            true
        }
        Prim::Quit => {
            cx.quit = true;
            true
        }
        Prim::Exec(x) => exec::exec(x, e, cx)?,
    })
}

/// `-delete`: removes the file, or the directory (empty by now, as
/// `-delete` implies `-depth`); `.` is left alone, as GNU does.
fn delete(e: &Entry<'_>, cx: &mut Ctx<'_, '_>) -> bool {
    if e.path == "." {
        return true;
    }
    let fs = cx.sys.fs;
    let r = match fs.symlink_metadata(e.abs) {
        Ok(m) if m.is_dir() => fs.remove_dir(e.abs, false),
        Ok(_) => fs.remove_file(e.abs),
        Err(err) => Err(err),
    };
    match r {
        Ok(()) => true,
        Err(err) => {
            cx.sys.diag.error(format_args!(
                "cannot delete {}: {}",
                crate::common::quote(e.path),
                err.kind
            ));
            cx.status = 1;
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry<'a>(path: &'a str, start: &'a str, depth: usize) -> Entry<'a> {
        Entry {
            path,
            abs: "/",
            start,
            depth,
            md: Metadata {
                kind: FileKind::File,
                size: 0,
                mode: 0o644,
                mtime: SystemTime::UNIX_EPOCH,
                atime: SystemTime::UNIX_EPOCH,
                nlink: 1,
            },
            is_link: false,
            followed: false,
        }
    }

    #[test]
    fn names() {
        let cases = [
            ("a/", "a/", 0, "a/", "a", "", "a"),
            ("a//", "a//", 0, "a/", "a/", "", "a"),
            ("x//y//z/", "x//y//z/", 0, "z/", "x//y/", "", "z"),
            ("top//", "top//", 0, "top/", ".", "", "top"),
            ("///tmp", "///tmp", 0, "tmp", "//", "", "tmp"),
            ("//", "//", 0, "/", "/", "", "/"),
            ("/", "/", 0, "/", "", "", "/"),
            ("a/b/up", "a/b/", 1, "up", "a/b", "up", "up"),
            ("a//b", "a//b", 0, "b", "a/", "", "b"),
            (".", ".", 0, ".", ".", "", "."),
            ("./x/y", ".", 2, "y", "./x", "x/y", "y"),
            ("/a", "/", 1, "a", "", "a", "a"),
        ];
        for (path, start, depth, base, dir, rel, name) in cases {
            let e = entry(path, start, depth);
            assert_eq!(
                (e.base(), e.dir(), e.rel(), e.match_name()),
                (base, dir, rel, name),
                "{path}"
            );
        }
    }
}
