//! [`OverlayFs`]: a read-only lower layer under an in-memory upper one.

use std::collections::{BTreeMap, HashSet};
use std::sync::{Arc, RwLock};
use std::time::SystemTime;

use crate::{
    DirEntry, FileKind, FileReader, FileSystem, FileWriter, FsError, FsErrorKind, FsLimits,
    FsResult, MemoryFs, Metadata, Times, WriteMode, path,
};

/// A copy-on-write view of a read-only `lower` filesystem: every change goes
/// to an in-memory `upper` [`MemoryFs`]; the lower layer is only ever read.
///
/// - An entry in the upper layer hides the lower one at the same path.
/// - Deleting something that exists below records a *whiteout* for its path,
///   which hides the lower entry and everything under it (also after a new
///   entry is created there: a re-created directory starts empty).
/// - Writing, appending, truncating, `chmod`/`touch` or opening for write a
///   lower file first copies it up (content, mode, mtime), with its parent
///   directories.
/// - `rename` of a lower entry copies it up (recursively for directories,
///   iteratively) and whiteouts the old path.
/// - `read_dir` merges both layers, sorted bytewise, upper entries winning.
///
/// Symlinks in parent components are expected to be resolved by the
/// [`crate::Vfs`] above; each layer follows its own symlinks otherwise.
/// Mutations are not serialized against each other: concurrent changes to
/// the same lower path race the way two processes would.
pub struct OverlayFs {
    lower: Arc<dyn FileSystem>,
    upper: MemoryFs,
    whiteouts: RwLock<HashSet<String>>,
}

impl std::fmt::Debug for OverlayFs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OverlayFs")
            .field("upper", &self.upper.usage())
            .field("whiteouts", &self.whiteouts())
            .finish()
    }
}

fn err(kind: FsErrorKind, p: &str) -> FsError {
    FsError::new(kind, p)
}

fn norm(p: &str) -> FsResult<String> {
    path::normalize(p)
}

fn child_path(dir: &str, name: &str) -> String {
    if dir == "/" {
        format!("/{name}")
    } else {
        format!("{dir}/{name}")
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Layer {
    Upper,
    Lower,
}

impl OverlayFs {
    /// An overlay of `lower` with an empty upper layer under the default limits.
    pub fn new(lower: Arc<dyn FileSystem>) -> Self {
        Self::with_upper(lower, MemoryFs::new())
    }

    /// An overlay whose upper layer (what is changed) is bounded by `limits`.
    pub fn with_limits(lower: Arc<dyn FileSystem>, limits: FsLimits) -> Self {
        Self::with_upper(lower, MemoryFs::with_limits(limits))
    }

    /// An overlay with the given upper layer (for instance a restored snapshot).
    pub fn with_upper(lower: Arc<dyn FileSystem>, upper: MemoryFs) -> Self {
        Self {
            lower,
            upper,
            whiteouts: RwLock::new(HashSet::new()),
        }
    }

    /// Refuses a recursive `create_dir` whose directories would not all fit
    /// in the upper layer, before it makes the first: each component the
    /// upper layer lacks becomes an entry there (a new directory, or a
    /// lower one copied up), so a refused `mkdir -p` leaves nothing.
    fn check_upper_room(&self, comps: &[&str], p: &str) -> FsResult<()> {
        let limits = self.upper.limits();
        if comps.len() as u64 > limits.max_depth {
            return Err(err(FsErrorKind::NameTooLong, p));
        }
        let mut prefix = String::new();
        let mut needed = 0u64;
        for c in comps {
            prefix.push('/');
            prefix.push_str(c);
            if self.upper.symlink_metadata(&prefix).is_err() {
                needed += 1;
            }
        }
        if needed > 0 && self.upper.usage().entries.saturating_add(needed) > limits.max_entries {
            return Err(err(FsErrorKind::NoSpace, p));
        }
        Ok(())
    }

    /// The upper layer: everything written so far.
    pub fn upper(&self) -> &MemoryFs {
        &self.upper
    }

    /// The whiteouts (deleted lower paths), sorted.
    pub fn whiteouts(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .whiteouts
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .cloned()
            .collect();
        v.sort();
        v
    }

    /// True if `p` or one of its ancestors is whited out.
    fn hidden(&self, p: &str) -> bool {
        let w = self.whiteouts.read().unwrap_or_else(|e| e.into_inner());
        if w.is_empty() {
            return false;
        }
        let mut cur = p;
        while let Some((parent, _)) = path::split_parent(cur) {
            if w.contains(cur) {
                return true;
            }
            cur = parent;
        }
        false
    }

    fn whiteout(&self, p: &str) {
        let mut w = self.whiteouts.write().unwrap_or_else(|e| e.into_inner());
        let prefix = format!("{p}/");
        w.retain(|x| !x.starts_with(&prefix));
        w.insert(p.to_string());
    }

    fn in_upper(&self, p: &str) -> bool {
        self.upper.symlink_metadata(p).is_ok()
    }

    fn lower_visible(&self, p: &str) -> bool {
        !self.hidden(p) && self.lower.symlink_metadata(p).is_ok()
    }

    /// Which layer holds `p` (not following a final symlink).
    fn which(&self, p: &str) -> FsResult<Layer> {
        match self.upper.symlink_metadata(p) {
            Ok(_) => return Ok(Layer::Upper),
            Err(e) if !matches!(e.kind, FsErrorKind::NotFound | FsErrorKind::NotADirectory) => {
                return Err(err(e.kind, p));
            }
            Err(_) => {}
        }
        if self.hidden(p) {
            return Err(err(FsErrorKind::NotFound, p));
        }
        match self.lower.symlink_metadata(p) {
            Ok(_) => Ok(Layer::Lower),
            Err(e) => Err(err(e.kind, p)),
        }
    }

    fn stat(&self, p: &str, follow: bool) -> FsResult<Metadata> {
        let layer: &dyn FileSystem = match self.which(p)? {
            Layer::Upper => &self.upper,
            Layer::Lower => self.lower.as_ref(),
        };
        let r = if follow {
            layer.metadata(p)
        } else {
            layer.symlink_metadata(p)
        };
        r.map_err(|e| err(e.kind, p))
    }

    /// Makes sure `p` exists in the upper layer, copying it (not what is
    /// below it) and its missing ancestors up from the lower layer.
    fn copy_up(&self, p: &str) -> FsResult<()> {
        if self.which(p)? == Layer::Upper {
            return Ok(());
        }
        let mut prefix = String::new();
        let comps: Vec<&str> = path::components(p).collect();
        let n = comps.len();
        for (i, c) in comps.into_iter().enumerate() {
            prefix.push('/');
            prefix.push_str(c);
            if self.in_upper(&prefix) {
                continue;
            }
            let m = self
                .lower
                .symlink_metadata(&prefix)
                .map_err(|e| err(e.kind, p))?;
            if i + 1 < n && !m.is_dir() {
                return Err(err(FsErrorKind::NotADirectory, p));
            }
            match m.kind {
                FileKind::Dir => self.upper.create_dir(&prefix, false)?,
                FileKind::File => {
                    let data = self.lower.read(&prefix).map_err(|e| err(e.kind, p))?;
                    self.upper.write(&prefix, &data)?;
                }
                FileKind::Symlink => {
                    let t = self.lower.read_link(&prefix).map_err(|e| err(e.kind, p))?;
                    self.upper.symlink(&t, &prefix)?;
                    continue;
                }
                FileKind::CharDevice => return Err(err(FsErrorKind::PermissionDenied, p)),
            }
            self.upper.set_mode(&prefix, m.mode)?;
            let times = Times {
                atime: Some(m.atime),
                mtime: Some(m.mtime),
            };
            self.upper.set_times(&prefix, times, true)?;
        }
        Ok(())
    }

    /// Copies `p` and everything visible below it up (iteratively).
    fn copy_up_tree(&self, p: &str) -> FsResult<()> {
        self.copy_up(p)?;
        if self.hidden(p) {
            return Ok(());
        }
        match self.lower.symlink_metadata(p) {
            Ok(m) if m.is_dir() => {}
            _ => return Ok(()),
        }
        let mut stack = vec![p.to_string()];
        while let Some(dir) = stack.pop() {
            let entries = match self.lower.read_dir(&dir) {
                Ok(e) => e,
                Err(_) => continue,
            };
            for e in entries {
                let child = child_path(&dir, &e.name);
                if self.hidden(&child) {
                    continue;
                }
                match self.upper.symlink_metadata(&child) {
                    Ok(um) => {
                        if um.is_dir() && e.kind == FileKind::Dir {
                            stack.push(child);
                        }
                    }
                    Err(_) => {
                        self.copy_up(&child)?;
                        if e.kind == FileKind::Dir {
                            stack.push(child);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Checks that `p`'s parent is a directory in the merged view and makes
    /// it exist in the upper layer.
    fn prepare_parent(&self, p: &str) -> FsResult<()> {
        let Some((parent, _)) = path::split_parent(p) else {
            return Err(err(FsErrorKind::IsADirectory, p));
        };
        let m = self.stat(parent, true).map_err(|e| err(e.kind, p))?;
        if !m.is_dir() {
            return Err(err(FsErrorKind::NotADirectory, p));
        }
        self.copy_up(parent).map_err(|e| err(e.kind, p))
    }

    /// Prepares `p` for a write that keeps (`keep_content`) or replaces its
    /// content: copies a lower file up, or prepares the parent of a new one.
    fn prepare_write(&self, p: &str, keep_content: bool) -> FsResult<()> {
        match self.which(p) {
            Ok(Layer::Upper) => Ok(()),
            Ok(Layer::Lower) => {
                let m = self.lower.metadata(p).map_err(|e| err(e.kind, p))?;
                if m.is_dir() {
                    return Err(err(FsErrorKind::IsADirectory, p));
                }
                if keep_content {
                    self.copy_up(p)
                } else {
                    self.prepare_parent(p)?;
                    self.upper.write(p, b"")?;
                    self.upper.set_mode(p, m.mode)
                }
            }
            Err(e) if e.kind == FsErrorKind::NotFound => self.prepare_parent(p),
            Err(e) => Err(e),
        }
    }
}

impl FileSystem for OverlayFs {
    /// What the sandbox added (the upper layer) against its limits.
    fn space(&self, path: &str) -> Option<crate::Space> {
        self.upper.space(path)
    }

    fn metadata(&self, path: &str) -> FsResult<Metadata> {
        self.stat(&norm(path)?, true)
    }

    fn symlink_metadata(&self, path: &str) -> FsResult<Metadata> {
        self.stat(&norm(path)?, false)
    }

    fn read(&self, path: &str) -> FsResult<Vec<u8>> {
        let p = norm(path)?;
        match self.which(&p)? {
            Layer::Upper => self.upper.read(&p),
            Layer::Lower => self.lower.read(&p).map_err(|e| err(e.kind, &p)),
        }
    }

    fn open_read(&self, path: &str) -> FsResult<FileReader> {
        let p = norm(path)?;
        match self.which(&p)? {
            Layer::Upper => self.upper.open_read(&p),
            Layer::Lower => self.lower.open_read(&p).map_err(|e| err(e.kind, &p)),
        }
    }

    fn write(&self, path: &str, data: &[u8]) -> FsResult<()> {
        let p = norm(path)?;
        self.prepare_write(&p, false)?;
        self.upper.write(&p, data)
    }

    fn append(&self, path: &str, data: &[u8]) -> FsResult<()> {
        let p = norm(path)?;
        self.prepare_write(&p, true)?;
        self.upper.append(&p, data)
    }

    fn open_write(&self, path: &str, mode: WriteMode) -> FsResult<FileWriter> {
        let p = norm(path)?;
        match mode {
            WriteMode::CreateNew => {
                if self.which(&p).is_ok() {
                    return Err(err(FsErrorKind::AlreadyExists, &p));
                }
                self.prepare_parent(&p)?;
            }
            WriteMode::Truncate => self.prepare_write(&p, false)?,
            WriteMode::Append | WriteMode::Update => self.prepare_write(&p, true)?,
        }
        self.upper.open_write(&p, mode)
    }

    fn truncate(&self, path: &str, len: u64) -> FsResult<()> {
        let p = norm(path)?;
        self.which(&p)?;
        self.prepare_write(&p, true)?;
        self.upper.truncate(&p, len)
    }

    fn create_dir(&self, path: &str, recursive: bool) -> FsResult<()> {
        let p = norm(path)?;
        if !recursive {
            if p == "/" || self.which(&p).is_ok() {
                return Err(err(FsErrorKind::AlreadyExists, &p));
            }
            self.prepare_parent(&p)?;
            return self.upper.create_dir(&p, false);
        }
        let comps: Vec<&str> = path::components(&p).collect();
        let n = comps.len();
        self.check_upper_room(&comps, &p)?;
        let mut prefix = String::new();
        for (i, c) in comps.into_iter().enumerate() {
            prefix.push('/');
            prefix.push_str(c);
            match self.stat(&prefix, true) {
                Ok(m) if m.is_dir() => {}
                Ok(_) => {
                    let k = if i + 1 == n {
                        FsErrorKind::AlreadyExists
                    } else {
                        FsErrorKind::NotADirectory
                    };
                    return Err(err(k, &p));
                }
                Err(e) if e.kind == FsErrorKind::NotFound => {
                    self.prepare_parent(&prefix).map_err(|e| err(e.kind, &p))?;
                    self.upper
                        .create_dir(&prefix, false)
                        .map_err(|e| err(e.kind, &p))?;
                }
                Err(e) => return Err(err(e.kind, &p)),
            }
        }
        Ok(())
    }

    fn read_dir(&self, path: &str) -> FsResult<Vec<DirEntry>> {
        let p = norm(path)?;
        let mut merged: BTreeMap<String, FileKind> = BTreeMap::new();
        let mut found = false;
        match self.upper.read_dir(&p) {
            Ok(es) => {
                found = true;
                merged.extend(es.into_iter().map(|e| (e.name, e.kind)));
            }
            Err(e) if e.kind == FsErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
        if !self.hidden(&p) {
            match self.lower.read_dir(&p) {
                Ok(es) => {
                    found = true;
                    let w = self.whiteouts.read().unwrap_or_else(|e| e.into_inner());
                    for e in es {
                        if !merged.contains_key(&e.name) && !w.contains(&child_path(&p, &e.name)) {
                            merged.insert(e.name, e.kind);
                        }
                    }
                }
                Err(e) if !found => return Err(err(e.kind, &p)),
                Err(_) => {}
            }
        }
        if !found {
            return Err(err(FsErrorKind::NotFound, &p));
        }
        Ok(merged
            .into_iter()
            .map(|(name, kind)| DirEntry { name, kind })
            .collect())
    }

    fn remove_file(&self, path: &str) -> FsResult<()> {
        let p = norm(path)?;
        let m = self.stat(&p, false)?;
        if m.is_dir() {
            return Err(err(FsErrorKind::IsADirectory, &p));
        }
        let below = self.lower_visible(&p);
        if self.in_upper(&p) {
            self.upper.remove_file(&p)?;
        }
        if below {
            self.whiteout(&p);
        }
        Ok(())
    }

    fn remove_dir(&self, path: &str, recursive: bool) -> FsResult<()> {
        let p = norm(path)?;
        if p == "/" {
            return Err(err(FsErrorKind::Busy, &p));
        }
        let m = self.stat(&p, false)?;
        if !m.is_dir() {
            return Err(err(FsErrorKind::NotADirectory, &p));
        }
        if !recursive && !self.read_dir(&p)?.is_empty() {
            return Err(err(FsErrorKind::DirectoryNotEmpty, &p));
        }
        let below = self.lower_visible(&p);
        if self.in_upper(&p) {
            self.upper.remove_dir(&p, true)?;
        }
        if below {
            self.whiteout(&p);
        }
        Ok(())
    }

    fn rename(&self, from: &str, to: &str) -> FsResult<()> {
        let f = norm(from)?;
        let t = norm(to)?;
        if f == "/" || t == "/" {
            return Err(err(FsErrorKind::Busy, &f));
        }
        let fm = self.stat(&f, false)?;
        if f == t {
            return Ok(());
        }
        if fm.is_dir() && t.starts_with(&format!("{f}/")) {
            return Err(err(FsErrorKind::InvalidInput, &f));
        }
        match self.stat(&t, false) {
            Ok(tm) => {
                if fm.is_dir() {
                    if !tm.is_dir() {
                        return Err(err(FsErrorKind::NotADirectory, &t));
                    }
                    if !self.read_dir(&t)?.is_empty() {
                        return Err(err(FsErrorKind::DirectoryNotEmpty, &t));
                    }
                } else if tm.is_dir() {
                    return Err(err(FsErrorKind::IsADirectory, &t));
                }
            }
            Err(e) if e.kind == FsErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
        self.prepare_parent(&t)?;
        self.copy_up_tree(&f)?;
        let lower_from = self.lower_visible(&f);
        let lower_to = self.lower_visible(&t);
        self.upper.rename(&f, &t)?;
        if lower_from {
            self.whiteout(&f);
        }
        if lower_to {
            self.whiteout(&t);
        }
        Ok(())
    }

    fn copy(&self, from: &str, to: &str) -> FsResult<()> {
        let f = norm(from)?;
        let t = norm(to)?;
        let m = self.metadata(&f)?;
        if m.is_dir() {
            return Err(err(FsErrorKind::IsADirectory, &f));
        }
        if let Ok(tm) = self.metadata(&t)
            && tm.is_dir()
        {
            return Err(err(FsErrorKind::IsADirectory, &t));
        }
        let data = self.read(&f)?;
        self.write(&t, &data)?;
        self.upper.set_mode(&t, m.mode)
    }

    fn symlink(&self, target: &str, link: &str) -> FsResult<()> {
        let p = norm(link)?;
        if p == "/" || self.which(&p).is_ok() {
            return Err(err(FsErrorKind::AlreadyExists, &p));
        }
        self.prepare_parent(&p)?;
        self.upper.symlink(target, &p)
    }

    fn read_link(&self, path: &str) -> FsResult<String> {
        let p = norm(path)?;
        match self.which(&p)? {
            Layer::Upper => self.upper.read_link(&p),
            Layer::Lower => self.lower.read_link(&p).map_err(|e| err(e.kind, &p)),
        }
    }

    fn set_mode(&self, path: &str, mode: u32) -> FsResult<()> {
        let p = norm(path)?;
        self.copy_up(&p)?;
        self.upper.set_mode(&p, mode)
    }

    fn set_mtime(&self, path: &str, mtime: SystemTime) -> FsResult<()> {
        let p = norm(path)?;
        self.copy_up(&p)?;
        self.upper.set_mtime(&p, mtime)
    }

    fn set_times(&self, path: &str, times: Times, follow: bool) -> FsResult<()> {
        let p = norm(path)?;
        self.copy_up(&p)?;
        self.upper.set_times(&p, times, follow)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};

    fn kind<T>(r: FsResult<T>) -> FsErrorKind {
        match r {
            Ok(_) => panic!("expected an error"),
            Err(e) => e.kind,
        }
    }

    fn names(fs: &dyn FileSystem, p: &str) -> Vec<String> {
        fs.read_dir(p)
            .unwrap()
            .into_iter()
            .map(|e| e.name)
            .collect()
    }

    fn lower() -> Arc<MemoryFs> {
        let l = MemoryFs::new();
        l.create_dir("/d/sub", true).unwrap();
        l.write("/d/a", b"A").unwrap();
        l.write("/d/sub/b", b"B").unwrap();
        l.write("/top", b"T").unwrap();
        l.set_mode("/top", 0o755).unwrap();
        l.symlink("top", "/ln").unwrap();
        Arc::new(l)
    }

    /// A recursive `create_dir` that does not fit in the upper layer,
    /// copied-up lower directories included, makes nothing there.
    #[test]
    fn a_refused_mkdir_p_leaves_nothing_in_the_upper_layer() {
        let limits = FsLimits {
            max_entries: 3,
            ..FsLimits::default()
        };
        let o = OverlayFs::with_limits(lower(), limits);
        // d and d/sub are copied up, x, y and z are new: five entries.
        assert_eq!(
            kind(o.create_dir("/d/sub/x/y/z", true)),
            FsErrorKind::NoSpace
        );
        assert_eq!(o.upper.usage().entries, 0);
        assert!(o.metadata("/d/sub/x").is_err());
        o.create_dir("/d/sub/x", true).unwrap();
        assert_eq!(o.upper.usage().entries, 3);
        let shallow = OverlayFs::with_limits(
            lower(),
            FsLimits {
                max_depth: 3,
                ..FsLimits::default()
            },
        );
        assert_eq!(
            kind(shallow.create_dir("/d/sub/x/y", true)),
            FsErrorKind::NameTooLong
        );
        assert_eq!(shallow.upper.usage().entries, 0);
    }

    #[test]
    fn reads_fall_through() {
        let l = lower();
        let o = OverlayFs::new(l.clone());
        assert_eq!(o.read("/d/a").unwrap(), b"A");
        assert_eq!(names(&o, "/"), ["d", "ln", "top"]);
        assert_eq!(o.read_link("/ln").unwrap(), "top");
        assert_eq!(o.read("/ln").unwrap(), b"T");
        assert_eq!(o.metadata("/top").unwrap().mode, 0o755);
        let mut s = String::new();
        o.open_read("/d/sub/b")
            .unwrap()
            .read_to_string(&mut s)
            .unwrap();
        assert_eq!(s, "B");
        assert_eq!(kind(o.read("/nope")), FsErrorKind::NotFound);
        assert_eq!(kind(o.read("/top/x")), FsErrorKind::NotADirectory);
        assert_eq!(kind(o.read("/d")), FsErrorKind::IsADirectory);
    }

    #[test]
    fn writes_copy_up_and_never_reach_lower() {
        let l = lower();
        let before = l.snapshot();
        let o = OverlayFs::new(l.clone());
        o.append("/d/a", b"+").unwrap();
        assert_eq!(o.read("/d/a").unwrap(), b"A+");
        o.write("/top", b"new").unwrap();
        assert_eq!(o.metadata("/top").unwrap().mode, 0o755);
        o.write("/d/sub/c", b"C").unwrap();
        assert_eq!(names(&o, "/d/sub"), ["b", "c"]);
        let mut w = o.open_write("/d/sub/b", WriteMode::Append).unwrap();
        w.write_all(b"b").unwrap();
        assert_eq!(o.read("/d/sub/b").unwrap(), b"Bb");
        o.truncate("/d/sub/b", 1).unwrap();
        o.set_mode("/d/a", 0o600).unwrap();
        assert_eq!(o.metadata("/d/a").unwrap().mode, 0o600);
        o.create_dir("/d/new/deep", true).unwrap();
        o.symlink("a", "/d/l2").unwrap();
        assert_eq!(o.read("/d/l2").unwrap(), b"A+");
        assert_eq!(
            kind(o.open_write("/d/a", WriteMode::CreateNew)),
            FsErrorKind::AlreadyExists
        );
        assert_eq!(kind(o.create_dir("/d", false)), FsErrorKind::AlreadyExists);
        assert_eq!(kind(o.write("/d", b"")), FsErrorKind::IsADirectory);
        assert_eq!(kind(o.write("/nope/x", b"")), FsErrorKind::NotFound);
        assert_eq!(l.snapshot(), before);
        assert_eq!(l.read("/d/a").unwrap(), b"A");
    }

    #[test]
    fn whiteouts_hide_lower() {
        let l = lower();
        let before = l.snapshot();
        let o = OverlayFs::new(l.clone());
        o.remove_file("/d/a").unwrap();
        assert_eq!(kind(o.read("/d/a")), FsErrorKind::NotFound);
        assert_eq!(names(&o, "/d"), ["sub"]);
        assert_eq!(
            kind(o.remove_dir("/d", false)),
            FsErrorKind::DirectoryNotEmpty
        );
        o.remove_dir("/d", true).unwrap();
        assert_eq!(kind(o.metadata("/d/sub/b")), FsErrorKind::NotFound);
        assert_eq!(names(&o, "/"), ["ln", "top"]);
        assert_eq!(o.whiteouts(), ["/d"]);
        // Re-created directory starts empty.
        o.create_dir("/d", false).unwrap();
        assert!(names(&o, "/d").is_empty());
        o.write("/d/a", b"again").unwrap();
        assert_eq!(o.read("/d/a").unwrap(), b"again");
        o.remove_file("/ln").unwrap();
        assert!(o.metadata("/top").is_ok());
        assert_eq!(kind(o.remove_file("/d")), FsErrorKind::IsADirectory);
        assert_eq!(l.snapshot(), before);
    }

    #[test]
    fn rename_lower_entries() {
        let l = lower();
        let before = l.snapshot();
        let o = OverlayFs::new(l.clone());
        o.remove_file("/d/a").unwrap();
        o.rename("/d", "/e").unwrap();
        assert_eq!(kind(o.metadata("/d")), FsErrorKind::NotFound);
        assert_eq!(names(&o, "/e"), ["sub"]);
        assert_eq!(o.read("/e/sub/b").unwrap(), b"B");
        o.rename("/top", "/e/top").unwrap();
        assert_eq!(o.read("/e/top").unwrap(), b"T");
        assert_eq!(names(&o, "/"), ["e", "ln"]);
        assert_eq!(kind(o.rename("/e", "/e/sub/x")), FsErrorKind::InvalidInput);
        assert_eq!(kind(o.rename("/nope", "/x")), FsErrorKind::NotFound);
        // A file over a lower file.
        let o2 = OverlayFs::new(l.clone());
        o2.write("/new", b"N").unwrap();
        o2.rename("/new", "/top").unwrap();
        assert_eq!(o2.read("/top").unwrap(), b"N");
        assert_eq!(kind(o2.rename("/top", "/d")), FsErrorKind::IsADirectory);
        assert_eq!(kind(o2.rename("/d", "/top")), FsErrorKind::NotADirectory);
        o2.copy("/d/a", "/copy").unwrap();
        assert_eq!(o2.read("/copy").unwrap(), b"A");
        assert_eq!(l.snapshot(), before);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn host_lower_is_untouched() {
        use crate::HostFs;
        use crate::host::tests::TempDir;
        let t = TempDir::new("overlay");
        std::fs::create_dir(t.0.join("src")).unwrap();
        std::fs::write(t.0.join("src/main.rs"), b"fn main() {}").unwrap();
        std::fs::write(t.0.join("README"), b"readme").unwrap();
        let host = Arc::new(HostFs::open(&t.0).unwrap());
        let o = OverlayFs::new(host);
        assert_eq!(names(&o, "/"), ["README", "src"]);
        o.write("/src/main.rs", b"changed").unwrap();
        o.append("/README", b"!").unwrap();
        o.remove_file("/README").unwrap();
        o.write("/new.txt", b"n").unwrap();
        o.rename("/src", "/lib").unwrap();
        o.create_dir("/x/y", true).unwrap();
        assert_eq!(names(&o, "/"), ["lib", "new.txt", "x"]);
        assert_eq!(o.read("/lib/main.rs").unwrap(), b"changed");
        assert_eq!(
            std::fs::read(t.0.join("src/main.rs")).unwrap(),
            b"fn main() {}"
        );
        assert_eq!(std::fs::read(t.0.join("README")).unwrap(), b"readme");
        assert!(!t.0.join("new.txt").exists());
        assert!(!t.0.join("lib").exists());
        assert!(!t.0.join("x").exists());
        // Under a Vfs too.
        let v = crate::Vfs::sandbox(Arc::new(o), FsLimits::default());
        v.write("/workspace/lib/extra", b"e").unwrap();
        assert!(!t.0.join("src/extra").exists());
        assert_eq!(v.read("/workspace/lib/extra").unwrap(), b"e");
    }
}
