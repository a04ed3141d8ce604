//! [`Quota`]: the [`FsLimits`] of a host directory.
//!
//! The host's disk and quotas bound a host directory, not the sandbox, so
//! a mount with finite limits counts what it holds: it measures the tree
//! once when opened, then every change the sandbox makes through it.
//! A change is *reserved* before it is made (refused when it would cross a
//! bound) and *settled* after, from what the host then reports, so two
//! threads of one session can never both use the last free byte, and a
//! failed or partial write gives back what it did not use.
//!
//! The counts are this mount's view: changes made by the host itself or by
//! another mount of the same directory are seen only by the next mount.
//! Content already over a bound when mounted stays readable and may shrink.

use std::io::{self, Write};
use std::sync::{Arc, Mutex, MutexGuard};

use cap_std::fs::Dir;

use crate::{FsError, FsErrorKind, FsLimits, FsResult, FsUsage};

/// How many entries the opening measurement visits at most: past this the
/// tree counts as full (its entries are over any real `max_entries`), so
/// that mounting a huge directory stays quick.
const MEASURE_MAX_ENTRIES: u64 = 10_000_000;

/// A mount's limits and what it holds.
#[derive(Debug)]
pub(crate) struct Quota {
    limits: FsLimits,
    used: Mutex<FsUsage>,
}

/// The size an entry adds: a file's or a symlink's length (a symlink's is
/// its target's), nothing for a directory.
pub(crate) fn entry_bytes(m: &cap_std::fs::Metadata) -> u64 {
    if m.is_dir() { 0 } else { m.len() }
}

impl Quota {
    /// Measures the tree under `dir` (an explicit stack: no recursion,
    /// symlinks not followed) for a mount with `limits`.
    pub(crate) fn measure(dir: &Dir, limits: FsLimits) -> Self {
        let quota = Self {
            limits,
            used: Mutex::new(FsUsage::default()),
        };
        let (bytes, entries) = subtree(dir, None);
        quota.settle(0, bytes, 0, entries);
        quota
    }

    fn used(&self) -> MutexGuard<'_, FsUsage> {
        self.used.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// What the mount holds now.
    pub(crate) fn limits(&self) -> FsLimits {
        self.limits
    }

    pub(crate) fn usage(&self) -> FsUsage {
        *self.used()
    }

    /// Refuses an entry deeper than `max_depth` (path components of `p`).
    pub(crate) fn check_depth(&self, p: &str, extra: u64) -> FsResult<()> {
        let depth = p.split('/').filter(|c| !c.is_empty()).count() as u64;
        if depth.saturating_add(extra) > self.limits.max_depth {
            return Err(FsError::new(FsErrorKind::NameTooLong, p));
        }
        Ok(())
    }

    /// Refuses a file longer than `max_file_size`.
    pub(crate) fn check_file_size(&self, len: u64, p: &str) -> FsResult<()> {
        if len > self.limits.max_file_size {
            return Err(FsError::new(FsErrorKind::FileTooLarge, p));
        }
        Ok(())
    }

    /// Takes `bytes` and `entries` more, or refuses with `NoSpace` and takes
    /// nothing. Asking for nothing always succeeds, even over the bounds.
    pub(crate) fn reserve(&self, bytes: u64, entries: u64, p: &str) -> FsResult<()> {
        let mut used = self.used();
        let b = used.bytes.saturating_add(bytes);
        let e = used.entries.saturating_add(entries);
        if (bytes > 0 && b > self.limits.max_total_bytes)
            || (entries > 0 && e > self.limits.max_entries)
        {
            return Err(FsError::new(FsErrorKind::NoSpace, p));
        }
        used.bytes = b;
        used.entries = e;
        Ok(())
    }

    /// Replaces a reservation (or an old size) by what is really there:
    /// `bytes` and `entries` were counted, `now_bytes` and `now_entries`
    /// are.
    pub(crate) fn settle(&self, bytes: u64, now_bytes: u64, entries: u64, now_entries: u64) {
        let mut used = self.used();
        used.bytes = used.bytes.saturating_sub(bytes).saturating_add(now_bytes);
        used.entries = used
            .entries
            .saturating_sub(entries)
            .saturating_add(now_entries);
    }
}

/// The bytes and entries of the tree at `at` under `dir` (`None`: `dir`
/// itself, not counted), and of everything below it; symlinks are not
/// followed. Entries that vanish meanwhile are skipped.
pub(crate) fn subtree(dir: &Dir, at: Option<&std::path::Path>) -> (u64, u64) {
    let mut bytes = 0u64;
    let mut entries = 0u64;
    let mut stack: Vec<Dir> = Vec::new();
    match at {
        None => match dir.try_clone() {
            Ok(d) => stack.push(d),
            Err(_) => return (0, 0),
        },
        Some(p) => {
            let Ok(m) = dir.symlink_metadata(p) else {
                return (0, 0);
            };
            entries = 1;
            bytes = entry_bytes(&m);
            // `m` is not a symlink's, so this opens the directory itself.
            if m.is_dir()
                && let Ok(d) = dir.open_dir(p)
            {
                stack.push(d);
            }
        }
    }
    while let Some(d) = stack.pop() {
        let Ok(list) = d.entries() else { continue };
        for entry in list.flatten() {
            if entries >= MEASURE_MAX_ENTRIES {
                return (bytes, u64::MAX);
            }
            let Ok(m) = entry.metadata() else { continue };
            entries += 1;
            bytes = bytes.saturating_add(entry_bytes(&m));
            if m.is_dir()
                && let Ok(sub) = entry.open_dir()
            {
                stack.push(sub);
            }
        }
    }
    (bytes, entries)
}

/// The deepest level below the directory at `at` (0 for a file or an
/// empty directory), for a rename that moves a whole tree deeper.
pub(crate) fn height(dir: &Dir, at: &std::path::Path) -> u64 {
    if !dir.symlink_metadata(at).is_ok_and(|m| m.is_dir()) {
        return 0;
    }
    let Ok(d) = dir.open_dir(at) else {
        return 0;
    };
    let mut deepest = 0;
    let mut stack: Vec<(Dir, u64)> = vec![(d, 0)];
    while let Some((d, level)) = stack.pop() {
        let Ok(list) = d.entries() else { continue };
        for entry in list.flatten() {
            deepest = deepest.max(level + 1);
            if entry.file_type().is_ok_and(|t| t.is_dir())
                && let Ok(sub) = entry.open_dir()
            {
                stack.push((sub, level + 1));
            }
        }
    }
    deepest
}

/// A host file being written through a mount with limits: every chunk is
/// reserved before it is written, so a stream stops at the bound with
/// nothing of the refused chunk stored.
pub(crate) struct QuotaWriter {
    pub(crate) file: std::fs::File,
    pub(crate) quota: Arc<Quota>,
    pub(crate) path: String,
    /// Where the next byte goes and how long the file is.
    pub(crate) pos: u64,
    pub(crate) len: u64,
}

impl Write for QuotaWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let end = self.pos.saturating_add(buf.len() as u64);
        let grow = end.saturating_sub(self.len);
        self.quota.check_file_size(end, &self.path)?;
        self.quota.reserve(grow, 0, &self.path)?;
        match self.file.write(buf) {
            Ok(n) => {
                let written_end = self.pos.saturating_add(n as u64);
                let grown = written_end.saturating_sub(self.len);
                self.quota.settle(grow, grown, 0, 0);
                self.pos = written_end;
                self.len = self.len.max(written_end);
                Ok(n)
            }
            Err(e) => {
                self.quota.settle(grow, 0, 0, 0);
                Err(e)
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

#[cfg(test)]
#[cfg(target_os = "linux")]
mod tests {
    use std::io::Write as _;

    use crate::host::tests::TempDir;
    use crate::{FileSystem, FsErrorKind, FsLimits, FsResult, FsUsage, HostFs, WriteMode};

    fn kind<T>(r: FsResult<T>) -> FsErrorKind {
        match r {
            Ok(_) => panic!("expected an error"),
            Err(e) => e.kind,
        }
    }

    fn limits(bytes: u64, entries: u64) -> FsLimits {
        FsLimits {
            max_total_bytes: bytes,
            max_entries: entries,
            max_file_size: 60,
            max_depth: 4,
        }
    }

    fn usage(fs: &HostFs) -> FsUsage {
        fs.usage().expect("a mount with limits")
    }

    fn used(bytes: u64, entries: u64) -> FsUsage {
        FsUsage { bytes, entries }
    }

    #[test]
    fn measures_what_is_there_when_mounted() {
        let t = TempDir::new("quota-measure");
        std::fs::create_dir_all(t.0.join("d/e")).unwrap();
        std::fs::write(t.0.join("d/e/f"), b"12345").unwrap();
        std::os::unix::fs::symlink("d/e/f", t.0.join("l")).unwrap();
        let fs = HostFs::open_with_limits(&t.0, limits(100, 10)).unwrap();
        // d, d/e, d/e/f, l; five bytes of content and five of link target.
        assert_eq!(usage(&fs), used(10, 4));
        assert_eq!(HostFs::open(&t.0).unwrap().usage(), None);
    }

    #[test]
    fn refuses_what_does_not_fit_and_frees_what_is_removed() {
        let t = TempDir::new("quota-bytes");
        let fs = HostFs::open_with_limits(&t.0, limits(100, 10)).unwrap();
        fs.write("/a", &[b'a'; 50]).unwrap();
        assert_eq!(kind(fs.write("/b", &[b'b'; 51])), FsErrorKind::NoSpace);
        assert!(!t.0.join("b").exists(), "a refused write leaves no file");
        assert_eq!(kind(fs.write("/b", &[b'b'; 61])), FsErrorKind::FileTooLarge);
        fs.write("/b", &[b'b'; 40]).unwrap();
        assert_eq!(kind(fs.append("/b", &[b'b'; 11])), FsErrorKind::NoSpace);
        assert_eq!(std::fs::read(t.0.join("b")).unwrap().len(), 40);
        // Replacing a file counts its new length only.
        fs.write("/a", &[b'a'; 40]).unwrap();
        fs.write("/b", &[b'b'; 60]).unwrap();
        assert_eq!(usage(&fs), used(100, 2));
        assert_eq!(kind(fs.copy("/a", "/c")), FsErrorKind::NoSpace);
        fs.remove_file("/b").unwrap();
        fs.copy("/a", "/c").unwrap();
        fs.truncate("/c", 5).unwrap();
        assert_eq!(usage(&fs), used(45, 2));
        assert_eq!(kind(fs.truncate("/c", 61)), FsErrorKind::FileTooLarge);
    }

    #[test]
    fn streams_stop_at_the_bound_with_the_refused_chunk_unwritten() {
        let t = TempDir::new("quota-stream");
        let fs = HostFs::open_with_limits(&t.0, limits(100, 10)).unwrap();
        fs.write("/x", &[b'x'; 50]).unwrap();
        let mut w = fs.open_write("/s", WriteMode::Truncate).unwrap();
        w.write_all(&[b's'; 30]).unwrap();
        let e = w.write_all(&[b's'; 30]).unwrap_err();
        assert!(e.to_string().contains("No space left on device"), "{e}");
        drop(w);
        assert_eq!(std::fs::read(t.0.join("s")).unwrap().len(), 30);
        assert_eq!(usage(&fs), used(80, 2));
        // Appending grows from the old end; truncating frees the old bytes.
        let mut w = fs.open_write("/s", WriteMode::Append).unwrap();
        w.write_all(&[b's'; 20]).unwrap();
        assert!(w.write_all(b"!").is_err());
        drop(w);
        let mut w = fs.open_write("/s", WriteMode::Truncate).unwrap();
        w.write_all(&[b's'; 10]).unwrap();
        drop(w);
        assert_eq!(usage(&fs), used(60, 2));
        let mut w = fs.open_write("/x", WriteMode::Update).unwrap();
        w.write_all(&[b'y'; 60]).unwrap();
        assert!(w.write_all(b"!").is_err(), "past max_file_size");
        drop(w);
        assert_eq!(usage(&fs), used(70, 2));
    }

    #[test]
    fn counts_entries_and_depth() {
        let t = TempDir::new("quota-entries");
        let fs = HostFs::open_with_limits(&t.0, limits(100, 3)).unwrap();
        // Four levels fit the depth, not the entries: nothing is made.
        assert_eq!(kind(fs.create_dir("/a/b/c/d", true)), FsErrorKind::NoSpace);
        assert!(!t.0.join("a").exists());
        fs.create_dir("/a/b", true).unwrap();
        fs.create_dir("/a/b", true).unwrap();
        assert_eq!(kind(fs.create_dir("/a", false)), FsErrorKind::AlreadyExists);
        assert_eq!(usage(&fs), used(0, 2));
        fs.symlink("target", "/l").unwrap();
        assert_eq!(usage(&fs), used(6, 3));
        assert_eq!(kind(fs.write("/f", b"")), FsErrorKind::NoSpace);
        assert_eq!(kind(fs.symlink("t", "/m")), FsErrorKind::NoSpace);
        fs.remove_dir("/a", true).unwrap();
        assert_eq!(usage(&fs), used(6, 1));
        fs.remove_file("/l").unwrap();
        fs.create_dir("/a/b/c", true).unwrap();
        assert_eq!(usage(&fs), used(0, 3));
        assert_eq!(
            kind(fs.create_dir("/a/b/c/d/e", true)),
            FsErrorKind::NameTooLong
        );
        fs.remove_dir("/a", true).unwrap();
        assert_eq!(usage(&fs), used(0, 0));
    }

    #[test]
    fn a_rename_frees_what_it_replaces() {
        let t = TempDir::new("quota-rename");
        let fs = HostFs::open_with_limits(&t.0, limits(100, 10)).unwrap();
        fs.write("/a", &[b'a'; 30]).unwrap();
        fs.write("/b", &[b'b'; 40]).unwrap();
        fs.rename("/a", "/b").unwrap();
        assert_eq!(usage(&fs), used(30, 1));
        fs.rename("/b", "/b").unwrap();
        assert_eq!(usage(&fs), used(30, 1));
        fs.create_dir("/d/e/f", true).unwrap();
        // /d's tree is two levels high: under /g/h it would end 5 deep.
        fs.create_dir("/g/h", true).unwrap();
        assert_eq!(kind(fs.rename("/d", "/g/h/d")), FsErrorKind::NameTooLong);
        fs.rename("/d", "/g/d").unwrap();
        assert_eq!(usage(&fs), used(30, 6));
    }
}
