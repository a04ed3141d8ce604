//! Pathname expansion (`*.txt`, `dir/*/c`, `**/x`) over the sandbox VFS.
//!
//! Why it looks like this: bash matches a pattern one path segment at a
//! time (so `*` never crosses a `/`), lists only directories whose segment
//! has glob chars, and checks the plain segments for existence only at the
//! end. We do the same, iteratively (no recursion on directory depth), and
//! every expansion is bounded: by the number of results, by the number of
//! directory entries it may visit, by a depth limit for `**`, and by the
//! run's [`Cancel`] signal. Results are sorted bytewise (bash in the C
//! locale); what to do with an empty result (nullglob, failglob, keep the
//! word) is the caller's business.

use sandbash_vfs::{FileKind, FileSystem, path};
use thiserror::Error;

use crate::cancel::{Cancel, StopReason};
use crate::pattern::{
    Pattern, PatternError, PatternOptions, PatternPiece, has_glob_chars, literal_text,
};

/// Directory entries one expansion may visit before giving up.
pub const MAX_ENTRIES_VISITED: u64 = 1_000_000;
/// Deepest directory level `**` descends to below its starting directory.
pub const MAX_GLOBSTAR_DEPTH: usize = 64;

/// The shell options that affect pathname expansion, and its result bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GlobOptions {
    /// `shopt -s dotglob`: `*` also matches names starting with `.`.
    pub dotglob: bool,
    /// `shopt -s nocaseglob`: match names case-insensitively.
    pub nocaseglob: bool,
    /// `shopt -s extglob`: extended patterns are active.
    pub extglob: bool,
    /// `shopt -s globstar`: a `**` segment matches any depth of directories.
    pub globstar: bool,
    /// Most paths one word may expand to.
    pub max_results: usize,
    /// `shopt -s globskipdots` (bash's default): `.` and `..` are never
    /// matched; when off, a segment starting with `.` matches them too.
    pub skipdots: bool,
}

impl Default for GlobOptions {
    fn default() -> Self {
        Self {
            dotglob: false,
            nocaseglob: false,
            extglob: false,
            globstar: false,
            max_results: 100_000,
            skipdots: true,
        }
    }
}

/// Why an expansion stopped without a result.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum GlobError {
    /// More than `max_results` paths matched.
    #[error("pathname expansion: more than {0} matches")]
    TooManyResults(usize),
    /// More than [`MAX_ENTRIES_VISITED`] directory entries were examined.
    #[error("pathname expansion: too many directory entries examined")]
    TooMuchWork,
    /// The run was cancelled or timed out.
    #[error("pathname expansion stopped: {0:?}")]
    Stopped(StopReason),
    /// A segment's pattern could not be compiled.
    #[error(transparent)]
    Pattern(#[from] PatternError),
}

/// Expands one word's pattern into the paths it names, sorted bytewise.
///
/// Relative patterns give paths relative to `cwd` (`dir/*` → `dir/a`),
/// absolute ones absolute paths; a trailing `/` keeps only directories and
/// keeps the slash. Names starting with `.` match only when the segment
/// starts with a literal `.` or `dotglob` is set; `.` and `..` never match a
/// pattern. An empty `Vec` means nothing matched. A word without glob
/// chars is returned as itself (quote-removed), unchecked.
pub fn expand(
    fs: &dyn FileSystem,
    cwd: &str,
    pieces: &[PatternPiece],
    opts: GlobOptions,
    cancel: &Cancel,
) -> Result<Vec<String>, GlobError> {
    if !has_glob_chars(pieces, opts.extglob) {
        return Ok(vec![literal_text(pieces)]);
    }
    let mut segments = split_segments(pieces);
    let absolute = segments.len() > 1 && segments.first().is_some_and(|s| is_empty(s));
    if absolute && !segments.is_empty() {
        segments.remove(0);
    }
    let dir_only = segments.len() > 1 && segments.last().is_some_and(|s| is_empty(s));
    if dir_only {
        segments.pop();
    }
    // `**/**` names what `**` names; walking each copy would cost the
    // tree's size to the power of the copies, so a run of them is walked
    // once. A last `**` with another before it (in a run or not) differs
    // in one way, bash's: its base matches as `p`, not `p/`.
    let mut bare_base = false;
    if opts.globstar {
        let stars: Vec<bool> = segments.iter().map(|s| is_double_star(s)).collect();
        bare_base = stars.last() == Some(&true) && stars.iter().rev().skip(1).any(|&star| star);
        let mut i = 0usize;
        segments.retain(|_| {
            let repeated = stars.get(i..i + 2) == Some(&[true, true]);
            i += 1;
            !repeated
        });
    }
    let mut walker = Walker {
        fs,
        cwd,
        opts,
        cancel,
        visited: 0,
    };
    let root = if absolute { Cand::Root } else { Cand::Start };
    let mut cands = vec![root];
    // True while the paths built since the last listing are unverified.
    let mut unchecked = false;
    let last = segments.len().saturating_sub(1);
    for (i, seg) in segments.iter().enumerate() {
        let is_last = i == last;
        if !has_glob_chars(seg, opts.extglob) {
            let name = literal_text(seg);
            for c in &mut cands {
                *c = c.join(&name);
            }
            unchecked = true;
            continue;
        }
        unchecked = false;
        let mut next = Vec::new();
        if opts.globstar && is_double_star(seg) {
            for base in &cands {
                walker.globstar(base, is_last && !dir_only, bare_base, &mut next)?;
            }
        } else {
            let pattern = Pattern::compile(
                seg,
                PatternOptions {
                    extglob: opts.extglob,
                    nocase: opts.nocaseglob,
                },
            )?;
            let dot_ok = opts.dotglob || starts_with_dot(seg);
            let dots = !opts.skipdots && starts_with_dot(seg);
            for base in &cands {
                walker.list(base, &pattern, dot_ok, !is_last || dir_only, &mut next)?;
                if dots {
                    for d in [".", ".."] {
                        if pattern.is_match(d) && walker.read(base)?.is_some() {
                            next.push(base.join(d));
                        }
                    }
                }
            }
        }
        if is_last && next.len() > opts.max_results {
            return Err(GlobError::TooManyResults(opts.max_results));
        }
        // Different routes reach the same path (`**/a/**`): walking from
        // each copy again multiplies the work.
        next.sort_unstable();
        next.dedup();
        cands = next;
    }
    let mut out = Vec::new();
    for c in cands {
        let Cand::Path(p) = c else { continue };
        if unchecked || dir_only {
            walker.tick(1)?;
            let Ok(abs) = path::resolve(cwd, &p) else {
                continue;
            };
            let ok = if dir_only {
                fs.metadata(&abs).is_ok_and(|m| m.is_dir())
            } else {
                fs.symlink_metadata(&abs).is_ok()
            };
            if !ok {
                continue;
            }
        }
        out.push(if dir_only && !p.ends_with('/') {
            p + "/"
        } else {
            p
        });
        if out.len() > opts.max_results {
            return Err(GlobError::TooManyResults(opts.max_results));
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// A path being built: the start of a relative word, `/`, or a path.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Cand {
    Start,
    Root,
    Path(String),
}

impl Cand {
    fn join(&self, name: &str) -> Cand {
        Cand::Path(match self {
            Cand::Start => name.to_string(),
            Cand::Root => format!("/{name}"),
            Cand::Path(p) => format!("{p}/{name}"),
        })
    }

    fn as_dir(&self) -> &str {
        match self {
            Cand::Start => ".",
            Cand::Root => "/",
            Cand::Path(p) => p,
        }
    }
}

struct Walker<'a> {
    fs: &'a dyn FileSystem,
    cwd: &'a str,
    opts: GlobOptions,
    cancel: &'a Cancel,
    visited: u64,
}

impl Walker<'_> {
    fn tick(&mut self, n: u64) -> Result<(), GlobError> {
        self.visited = self.visited.saturating_add(n);
        if self.visited > MAX_ENTRIES_VISITED {
            return Err(GlobError::TooMuchWork);
        }
        Ok(())
    }

    /// Lists `dir`, or `None` if it is not a readable directory.
    fn read(&mut self, dir: &Cand) -> Result<Option<Vec<sandbash_vfs::DirEntry>>, GlobError> {
        if let Some(r) = self.cancel.check() {
            return Err(GlobError::Stopped(r));
        }
        let Ok(abs) = path::resolve(self.cwd, dir.as_dir()) else {
            return Ok(None);
        };
        let Ok(entries) = self.fs.read_dir(&abs) else {
            return Ok(None);
        };
        self.tick(entries.len() as u64 + 1)?;
        Ok(Some(entries))
    }

    /// Adds the entries of `base` that `pattern` matches.
    fn list(
        &mut self,
        base: &Cand,
        pattern: &Pattern,
        dot_ok: bool,
        dirs_only: bool,
        out: &mut Vec<Cand>,
    ) -> Result<(), GlobError> {
        let Some(entries) = self.read(base)? else {
            return Ok(());
        };
        for e in entries {
            if e.name == "." || e.name == ".." || (e.name.starts_with('.') && !dot_ok) {
                continue;
            }
            if dirs_only && !matches!(e.kind, FileKind::Dir | FileKind::Symlink) {
                continue;
            }
            if pattern.is_match(&e.name) {
                out.push(base.join(&e.name));
                if out.len() > MAX_ENTRIES_VISITED as usize {
                    return Err(GlobError::TooMuchWork);
                }
            }
        }
        Ok(())
    }

    /// `**`: `base` and every directory below it (symlinks not followed);
    /// as the last segment, every entry below it instead, plus `base/`
    /// (`base` when `bare_base`).
    fn globstar(
        &mut self,
        base: &Cand,
        last: bool,
        bare_base: bool,
        out: &mut Vec<Cand>,
    ) -> Result<(), GlobError> {
        let mut stack = vec![(base.clone(), 0usize)];
        while let Some((dir, depth)) = stack.pop() {
            if depth >= MAX_GLOBSTAR_DEPTH {
                continue;
            }
            let Some(entries) = self.read(&dir)? else {
                continue;
            };
            // The base itself counts only once it is known to be a
            // directory: a literal segment before `**` is joined unchecked.
            if depth == 0 {
                match (base, last) {
                    (Cand::Path(p), true) if bare_base => out.push(Cand::Path(p.clone())),
                    (Cand::Path(p), true) => out.push(Cand::Path(format!("{p}/"))),
                    (_, true) => {}
                    (_, false) => out.push(base.clone()),
                }
            }
            for e in entries {
                if e.name == "."
                    || e.name == ".."
                    || (e.name.starts_with('.') && !self.opts.dotglob)
                {
                    continue;
                }
                let child = dir.join(&e.name);
                let is_dir = e.kind == FileKind::Dir;
                if last || is_dir {
                    out.push(child.clone());
                    if last && out.len() > self.opts.max_results {
                        return Err(GlobError::TooManyResults(self.opts.max_results));
                    }
                }
                if is_dir {
                    stack.push((child, depth + 1));
                }
            }
        }
        Ok(())
    }
}

/// Splits a word's pieces at every `/` (quoted or not; an escaped `\/` is a
/// separator too).
fn split_segments(pieces: &[PatternPiece]) -> Vec<Vec<PatternPiece>> {
    let mut segs: Vec<Vec<PatternPiece>> = vec![Vec::new()];
    fn push(segs: &mut [Vec<PatternPiece>], piece: PatternPiece) {
        if let Some(last) = segs.last_mut() {
            last.push(piece);
        }
    }
    for piece in pieces {
        match piece {
            PatternPiece::Literal(s) => {
                for (i, part) in s.split('/').enumerate() {
                    if i > 0 {
                        segs.push(Vec::new());
                    }
                    if !part.is_empty() {
                        push(&mut segs, PatternPiece::Literal(part.to_string()));
                    }
                }
            }
            PatternPiece::Pattern(s) => {
                let mut cur = String::new();
                let mut it = s.chars();
                while let Some(c) = it.next() {
                    match c {
                        '\\' => match it.next() {
                            Some('/') => {
                                if !cur.is_empty() {
                                    push(
                                        &mut segs,
                                        PatternPiece::Pattern(std::mem::take(&mut cur)),
                                    );
                                }
                                segs.push(Vec::new());
                            }
                            Some(n) => {
                                cur.push('\\');
                                cur.push(n);
                            }
                            None => cur.push('\\'),
                        },
                        '/' => {
                            if !cur.is_empty() {
                                push(&mut segs, PatternPiece::Pattern(std::mem::take(&mut cur)));
                            }
                            segs.push(Vec::new());
                        }
                        c => cur.push(c),
                    }
                }
                if !cur.is_empty() {
                    push(&mut segs, PatternPiece::Pattern(cur));
                }
            }
        }
    }
    segs
}

fn is_empty(seg: &[PatternPiece]) -> bool {
    seg.iter().all(|p| match p {
        PatternPiece::Literal(s) | PatternPiece::Pattern(s) => s.is_empty(),
    })
}

fn is_double_star(seg: &[PatternPiece]) -> bool {
    let mut text = String::new();
    for p in seg {
        match p {
            PatternPiece::Pattern(s) => text.push_str(s),
            PatternPiece::Literal(s) if s.is_empty() => {}
            PatternPiece::Literal(_) => return false,
        }
    }
    text == "**"
}

/// True when the segment's first char is a literal `.`.
fn starts_with_dot(seg: &[PatternPiece]) -> bool {
    for p in seg {
        match p {
            PatternPiece::Literal(s) if s.is_empty() => {}
            PatternPiece::Pattern(s) if s.is_empty() => {}
            PatternPiece::Literal(s) => return s.starts_with('.'),
            PatternPiece::Pattern(s) => return s.starts_with('.') || s.starts_with("\\."),
        }
    }
    false
}

/// A minimal in-memory [`FileSystem`] for this crate's unit tests.
#[cfg(test)]
pub(crate) mod test_fs {
    use sandbash_vfs::{
        DirEntry, FileKind, FileReader, FileSystem, FileWriter, FsError, FsErrorKind, FsResult,
        Metadata, WriteMode, path,
    };
    use std::collections::BTreeMap;
    use std::sync::Mutex;
    use std::time::SystemTime;

    #[derive(Clone)]
    struct Node {
        kind: FileKind,
        target: String,
        size: u64,
        mode: u32,
        mtime: SystemTime,
    }

    /// A tree of path → node; symlinks are followed in every component.
    #[derive(Default)]
    pub(crate) struct TestFs {
        nodes: Mutex<BTreeMap<String, Node>>,
    }

    impl TestFs {
        /// `a/b/` makes directories, `a/b` a file, `l -> t` a symlink.
        pub(crate) fn new(paths: &[&str]) -> Self {
            let fs = TestFs::default();
            fs.nodes.lock().unwrap().insert(
                "/".into(),
                Node {
                    kind: FileKind::Dir,
                    target: String::new(),
                    size: 0,
                    mode: 0o755,
                    mtime: SystemTime::UNIX_EPOCH,
                },
            );
            for p in paths {
                fs.add(p);
            }
            fs
        }

        pub(crate) fn add(&self, spec: &str) {
            let mut nodes = self.nodes.lock().unwrap();
            let (spec, target) = match spec.split_once(" -> ") {
                Some((a, b)) => (a, Some(b)),
                None => (spec, None),
            };
            let is_dir = spec.ends_with('/');
            let comps: Vec<&str> = spec.split('/').filter(|c| !c.is_empty()).collect();
            let mut cur = String::new();
            for (i, c) in comps.iter().enumerate() {
                cur.push('/');
                cur.push_str(c);
                let last = i + 1 == comps.len();
                let kind = if !last || is_dir {
                    FileKind::Dir
                } else if target.is_some() {
                    FileKind::Symlink
                } else {
                    FileKind::File
                };
                nodes.entry(cur.clone()).or_insert(Node {
                    kind,
                    target: target.unwrap_or("").to_string(),
                    size: 0,
                    mode: if kind == FileKind::Dir { 0o755 } else { 0o644 },
                    mtime: SystemTime::UNIX_EPOCH,
                });
            }
        }

        /// Sets the kind, size, mode and mtime (seconds after the epoch) of `path`.
        pub(crate) fn set(&self, path: &str, kind: FileKind, size: u64, mode: u32, secs: u64) {
            let mut nodes = self.nodes.lock().unwrap();
            let n = nodes.get_mut(path).unwrap();
            n.kind = kind;
            n.size = size;
            n.mode = mode;
            n.mtime = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(secs);
        }

        /// The real path of `path`, following symlinks in every component.
        fn real(&self, path: &str, follow_last: bool) -> Option<String> {
            let nodes = self.nodes.lock().unwrap();
            let mut real = "/".to_string();
            let mut todo: Vec<String> = path::components(path).map(String::from).collect();
            todo.reverse();
            let mut hops = 0;
            while let Some(c) = todo.pop() {
                let next = path::resolve(&real, &c).ok()?;
                let node = nodes.get(&next)?;
                if node.kind == FileKind::Symlink && (follow_last || !todo.is_empty()) {
                    hops += 1;
                    if hops > 8 {
                        return None;
                    }
                    let t = path::resolve(&real, &node.target).ok()?;
                    let mut more: Vec<String> = path::components(&t).map(String::from).collect();
                    more.reverse();
                    todo.extend(more);
                    real = "/".to_string();
                    continue;
                }
                real = next;
            }
            Some(real)
        }

        fn meta(&self, path: &str, follow: bool) -> FsResult<Metadata> {
            let real = self
                .real(path, follow)
                .ok_or_else(|| FsError::new(FsErrorKind::NotFound, path))?;
            let nodes = self.nodes.lock().unwrap();
            let n = nodes
                .get(&real)
                .ok_or_else(|| FsError::new(FsErrorKind::NotFound, path))?;
            Ok(Metadata {
                kind: n.kind,
                size: n.size,
                mode: n.mode,
                mtime: n.mtime,
                atime: n.mtime,
                nlink: 1,
            })
        }
    }

    fn unsupported<T>(p: &str) -> FsResult<T> {
        Err(FsError::new(FsErrorKind::Io, p))
    }

    impl FileSystem for TestFs {
        fn metadata(&self, path: &str) -> FsResult<Metadata> {
            self.meta(path, true)
        }
        fn symlink_metadata(&self, path: &str) -> FsResult<Metadata> {
            self.meta(path, false)
        }
        fn read_dir(&self, path: &str) -> FsResult<Vec<DirEntry>> {
            let real = self
                .real(path, true)
                .ok_or_else(|| FsError::new(FsErrorKind::NotFound, path))?;
            let nodes = self.nodes.lock().unwrap();
            if nodes.get(&real).map(|n| n.kind) != Some(FileKind::Dir) {
                return Err(FsError::new(FsErrorKind::NotADirectory, path));
            }
            let prefix = if real == "/" {
                "/".to_string()
            } else {
                format!("{real}/")
            };
            Ok(nodes
                .iter()
                .filter_map(|(p, n)| {
                    let rest = p.strip_prefix(&prefix)?;
                    (!rest.is_empty() && !rest.contains('/')).then(|| DirEntry {
                        name: rest.to_string(),
                        kind: n.kind,
                    })
                })
                .collect())
        }
        fn read_link(&self, p: &str) -> FsResult<String> {
            let real = self
                .real(p, false)
                .ok_or_else(|| FsError::new(FsErrorKind::NotFound, p))?;
            let nodes = self.nodes.lock().unwrap();
            match nodes.get(&real) {
                Some(n) if n.kind == FileKind::Symlink => Ok(n.target.clone()),
                _ => Err(FsError::new(FsErrorKind::InvalidInput, p)),
            }
        }
        fn read(&self, p: &str) -> FsResult<Vec<u8>> {
            unsupported(p)
        }
        fn open_read(&self, p: &str) -> FsResult<FileReader> {
            unsupported(p)
        }
        fn write(&self, p: &str, _: &[u8]) -> FsResult<()> {
            unsupported(p)
        }
        fn append(&self, p: &str, _: &[u8]) -> FsResult<()> {
            unsupported(p)
        }
        fn open_write(&self, p: &str, _: WriteMode) -> FsResult<FileWriter> {
            unsupported(p)
        }
        fn truncate(&self, p: &str, _: u64) -> FsResult<()> {
            unsupported(p)
        }
        fn create_dir(&self, p: &str, _: bool) -> FsResult<()> {
            unsupported(p)
        }
        fn remove_file(&self, p: &str) -> FsResult<()> {
            unsupported(p)
        }
        fn remove_dir(&self, p: &str, _: bool) -> FsResult<()> {
            unsupported(p)
        }
        fn rename(&self, p: &str, _: &str) -> FsResult<()> {
            unsupported(p)
        }
        fn copy(&self, p: &str, _: &str) -> FsResult<()> {
            unsupported(p)
        }
        fn symlink(&self, _: &str, p: &str) -> FsResult<()> {
            unsupported(p)
        }
        fn set_mode(&self, p: &str, _: u32) -> FsResult<()> {
            unsupported(p)
        }
        fn set_mtime(&self, p: &str, _: std::time::SystemTime) -> FsResult<()> {
            unsupported(p)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::test_fs::TestFs;
    use super::*;

    fn tree() -> TestFs {
        TestFs::new(&[
            "/w/a.txt",
            "/w/b.txt",
            "/w/c.md",
            "/w/.hidden",
            "/w/.cfg/",
            "/w/Upper.TXT",
            "/w/dir/x",
            "/w/dir/y.txt",
            "/w/dir/sub/z",
            "/w/dir/sub/.dot",
            "/w/other/x",
            "/w/other/c",
            "/w/empty/",
            "/w/dir2/c",
            "/w/link -> dir",
            "/w/dangling -> nowhere",
            "/w/my dir/f",
            "/w/star*/q",
        ])
    }

    fn pp(s: &str) -> Vec<PatternPiece> {
        vec![PatternPiece::Pattern(s.into())]
    }

    fn run(fs: &TestFs, word: &str, opts: GlobOptions) -> Vec<String> {
        expand(fs, "/w", &pp(word), opts, &Cancel::new()).unwrap()
    }

    fn g(fs: &TestFs, word: &str) -> Vec<String> {
        run(fs, word, GlobOptions::default())
    }

    #[test]
    fn simple_star() {
        let fs = tree();
        assert_eq!(g(&fs, "*.txt"), ["a.txt", "b.txt"]);
        assert_eq!(g(&fs, "?.md"), ["c.md"]);
        assert_eq!(g(&fs, "[ab].txt"), ["a.txt", "b.txt"]);
        assert_eq!(g(&fs, "*.none"), Vec::<String>::new());
        assert_eq!(
            g(&fs, "*"),
            [
                "Upper.TXT",
                "a.txt",
                "b.txt",
                "c.md",
                "dangling",
                "dir",
                "dir2",
                "empty",
                "link",
                "my dir",
                "other",
                "star*"
            ]
        );
    }

    #[test]
    fn dotfiles() {
        let fs = tree();
        assert_eq!(g(&fs, ".*"), [".cfg", ".hidden"]);
        assert_eq!(g(&fs, "\\.h*"), [".hidden"]);
        let opts = GlobOptions {
            dotglob: true,
            ..GlobOptions::default()
        };
        let all = run(&fs, "*", opts);
        assert!(all.contains(&".hidden".to_string()));
        assert!(!all.contains(&".".to_string()));
        assert!(!all.contains(&"..".to_string()));
        assert_eq!(g(&fs, "[.]*"), Vec::<String>::new());
    }

    #[test]
    fn multi_segment() {
        let fs = tree();
        assert_eq!(g(&fs, "dir/*"), ["dir/sub", "dir/x", "dir/y.txt"]);
        assert_eq!(g(&fs, "*/x"), ["dir/x", "link/x", "other/x"]);
        assert_eq!(g(&fs, "*/c"), ["dir2/c", "other/c"]);
        assert_eq!(g(&fs, "*/*/z"), ["dir/sub/z", "link/sub/z"]);
        assert_eq!(g(&fs, "d*/s*/?"), ["dir/sub/z"]);
        assert_eq!(g(&fs, "*/nope"), Vec::<String>::new());
        assert_eq!(g(&fs, "nope/*"), Vec::<String>::new());
        assert_eq!(g(&fs, "a.txt/*"), Vec::<String>::new());
    }

    #[test]
    fn absolute_paths() {
        let fs = tree();
        assert_eq!(g(&fs, "/w/*.md"), ["/w/c.md"]);
        assert_eq!(g(&fs, "/*"), ["/w"]);
        assert_eq!(g(&fs, "/w/d*/x"), ["/w/dir/x"]);
    }

    #[test]
    fn trailing_slash_keeps_dirs() {
        let fs = tree();
        assert_eq!(
            g(&fs, "*/"),
            [
                "dir/", "dir2/", "empty/", "link/", "my dir/", "other/", "star*/"
            ]
        );
        assert_eq!(g(&fs, "dir/*/"), ["dir/sub/"]);
    }

    #[test]
    fn double_slash_is_kept() {
        let fs = tree();
        assert_eq!(g(&fs, "dir//x*"), ["dir//x"]);
    }

    #[test]
    fn quoting() {
        let fs = tree();
        let word = vec![
            PatternPiece::Literal("my dir".into()),
            PatternPiece::Pattern("/*".into()),
        ];
        let r = expand(&fs, "/w", &word, GlobOptions::default(), &Cancel::new()).unwrap();
        assert_eq!(r, ["my dir/f"]);
        let word = vec![
            PatternPiece::Literal("star*".into()),
            PatternPiece::Pattern("/?".into()),
        ];
        let r = expand(&fs, "/w", &word, GlobOptions::default(), &Cancel::new()).unwrap();
        assert_eq!(r, ["star*/q"]);
        let word = vec![PatternPiece::Literal("*.txt".into())];
        let r = expand(&fs, "/w", &word, GlobOptions::default(), &Cancel::new()).unwrap();
        assert_eq!(r, ["*.txt"]);
        assert_eq!(g(&fs, r"star\*/?"), ["star*/q"]);
        assert_eq!(g(&fs, r"dir\/*"), ["dir/sub", "dir/x", "dir/y.txt"]);
    }

    #[test]
    fn symlinks() {
        let fs = tree();
        assert_eq!(g(&fs, "dang*"), ["dangling"]);
        assert_eq!(g(&fs, "*/dangling"), Vec::<String>::new());
        assert_eq!(g(&fs, "li*/y.txt"), ["link/y.txt"]);
    }

    #[test]
    fn nocase_and_extglob() {
        let fs = tree();
        let opts = GlobOptions {
            nocaseglob: true,
            ..GlobOptions::default()
        };
        assert_eq!(run(&fs, "*.txt", opts), ["Upper.TXT", "a.txt", "b.txt"]);
        let opts = GlobOptions {
            extglob: true,
            ..GlobOptions::default()
        };
        assert_eq!(run(&fs, "*.@(md|txt)", opts), ["a.txt", "b.txt", "c.md"]);
        assert_eq!(run(&fs, "!(*.txt|*.md|*r*|*i*)", opts), ["empty"]);
    }

    #[test]
    fn globstar() {
        let fs = tree();
        let opts = GlobOptions {
            globstar: true,
            ..GlobOptions::default()
        };
        assert_eq!(
            run(&fs, "dir/**", opts),
            ["dir/", "dir/sub", "dir/sub/z", "dir/x", "dir/y.txt"]
        );
        assert_eq!(run(&fs, "dir/**/", opts), ["dir/", "dir/sub/"]);
        assert_eq!(
            run(&fs, "**/z", opts),
            ["dir/sub/z"],
            "symlinked dirs are not descended"
        );
        assert_eq!(run(&fs, "**/*.txt", opts), ["a.txt", "b.txt", "dir/y.txt"]);
        assert_eq!(run(&fs, "dir/**/x", opts), ["dir/x"]);
        // Without globstar `**` is `*`.
        assert_eq!(g(&fs, "dir/**"), ["dir/sub", "dir/x", "dir/y.txt"]);
    }

    #[test]
    fn limits_and_cancel() {
        let fs = tree();
        let opts = GlobOptions {
            max_results: 2,
            ..GlobOptions::default()
        };
        assert_eq!(
            expand(&fs, "/w", &pp("*"), opts, &Cancel::new()),
            Err(GlobError::TooManyResults(2))
        );
        assert_eq!(run(&fs, "*.txt", opts), ["a.txt", "b.txt"]);
        let c = Cancel::new();
        c.cancel();
        assert_eq!(
            expand(&fs, "/w", &pp("*"), GlobOptions::default(), &c),
            Err(GlobError::Stopped(StopReason::Cancelled))
        );
        let deep = "/w/".to_string() + &"d/".repeat(80) + "f";
        let fs2 = TestFs::new(&[&deep]);
        let opts = GlobOptions {
            globstar: true,
            ..GlobOptions::default()
        };
        let r = expand(&fs2, "/w", &pp("**/f"), opts, &Cancel::new()).unwrap();
        assert!(r.is_empty(), "deeper than the globstar bound");
        let r = expand(&fs2, "/w", &pp("**"), opts, &Cancel::new()).unwrap();
        assert_eq!(r.len(), MAX_GLOBSTAR_DEPTH);
    }

    #[test]
    fn many_intermediate_candidates_are_not_results() {
        let names: Vec<String> = (0..1200).map(|i| format!("/w/d{i}/")).collect();
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        let fs = TestFs::new(&refs);
        let opts = GlobOptions {
            max_results: 10,
            ..GlobOptions::default()
        };
        assert_eq!(
            expand(&fs, "/w", &pp("*/x"), opts, &Cancel::new()).unwrap(),
            Vec::<String>::new()
        );
    }

    #[test]
    fn no_glob_chars_returns_word() {
        let fs = tree();
        assert_eq!(g(&fs, r"plain\ name"), ["plain name"]);
    }

    #[test]
    fn pattern_errors_propagate() {
        let fs = tree();
        let opts = GlobOptions {
            extglob: true,
            ..GlobOptions::default()
        };
        let deep = "@(".repeat(100) + &")".repeat(100);
        assert!(matches!(
            expand(&fs, "/w", &pp(&deep), opts, &Cancel::new()),
            Err(GlobError::Pattern(PatternError::TooDeep))
        ));
    }
}
