//! [`HostFs`]: a host directory confined with `cap-std`.
//!
//! The directory is opened once, with ambient authority, in
//! [`HostFs::open`]; every later access goes through that `cap_std::fs::Dir`
//! handle, so `..`, absolute symlinks and symlinks leading out of the
//! directory cannot reach anything outside it: `cap-std` refuses them, and
//! the refusal is reported as `PermissionDenied` (or `NotFound`).
//!
//! Symlinks are created and read verbatim (`symlink_contents`,
//! `read_link_contents`): their text is for the [`crate::Vfs`], which
//! resolves it itself in sandbox terms. When `cap-std` follows one (a
//! backend used on its own), only targets staying inside the directory work.

mod quota;

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use cap_std::fs::{Dir, MetadataExt, OpenOptions};

use crate::{
    DirEntry, FileKind, FileReader, FileSystem, FileWriter, FsError, FsErrorKind, FsLimits,
    FsResult, FsUsage, Metadata, WriteMode, path,
};
use quota::{Quota, QuotaWriter, entry_bytes, height, subtree};

/// A host directory seen as a filesystem, confined with `cap-std`.
///
/// Mode bits, mtimes and errors are the host's. Opened with
/// [`HostFs::open_with_limits`], the mount also enforces [`FsLimits`] on
/// what the sandbox adds (see `quota.rs`); opened with [`HostFs::open`],
/// only the host's disk and quotas bound it. A write replaces content in
/// place, so a host-level failure in the middle of `write` may leave a
/// partial file.
#[derive(Debug)]
pub struct HostFs {
    dir: Dir,
    read_only: bool,
    quota: Option<Arc<Quota>>,
}

/// Maps a host I/O error to the errno-like kind.
pub fn io_error_kind(e: &io::Error) -> FsErrorKind {
    #[cfg(target_os = "linux")]
    if let Some(code) = e.raw_os_error() {
        match code {
            1 | 13 => return FsErrorKind::PermissionDenied, // EPERM, EACCES
            2 => return FsErrorKind::NotFound,              // ENOENT
            16 => return FsErrorKind::Busy,                 // EBUSY
            17 => return FsErrorKind::AlreadyExists,        // EEXIST
            18 => return FsErrorKind::CrossDevice,          // EXDEV
            20 => return FsErrorKind::NotADirectory,        // ENOTDIR
            21 => return FsErrorKind::IsADirectory,         // EISDIR
            22 => return FsErrorKind::InvalidInput,         // EINVAL
            27 => return FsErrorKind::FileTooLarge,         // EFBIG
            28 | 122 => return FsErrorKind::NoSpace,        // ENOSPC, EDQUOT
            30 => return FsErrorKind::ReadOnly,             // EROFS
            36 => return FsErrorKind::NameTooLong,          // ENAMETOOLONG
            39 => return FsErrorKind::DirectoryNotEmpty,    // ENOTEMPTY
            40 => return FsErrorKind::TooManyLinks,         // ELOOP
            _ => {}
        }
    }
    use io::ErrorKind as K;
    match e.kind() {
        K::NotFound => FsErrorKind::NotFound,
        K::PermissionDenied => FsErrorKind::PermissionDenied,
        K::AlreadyExists => FsErrorKind::AlreadyExists,
        K::NotADirectory => FsErrorKind::NotADirectory,
        K::IsADirectory => FsErrorKind::IsADirectory,
        K::DirectoryNotEmpty => FsErrorKind::DirectoryNotEmpty,
        K::ReadOnlyFilesystem => FsErrorKind::ReadOnly,
        K::StorageFull | K::QuotaExceeded => FsErrorKind::NoSpace,
        K::FileTooLarge => FsErrorKind::FileTooLarge,
        K::InvalidFilename => FsErrorKind::NameTooLong,
        K::CrossesDevices => FsErrorKind::CrossDevice,
        K::ResourceBusy => FsErrorKind::Busy,
        K::InvalidInput => FsErrorKind::InvalidInput,
        _ => FsErrorKind::Io,
    }
}

fn map(p: &str) -> impl Fn(io::Error) -> FsError + '_ {
    move |e| FsError::new(io_error_kind(&e), p)
}

fn err(kind: FsErrorKind, p: &str) -> FsError {
    FsError::new(kind, p)
}

/// The host-relative path for a sandbox path (`.` for `/`).
fn rel(p: &str) -> FsResult<(String, PathBuf)> {
    let n = path::normalize(p)?;
    let r = n.trim_start_matches('/');
    let pb = if r.is_empty() {
        PathBuf::from(".")
    } else {
        PathBuf::from(r)
    };
    Ok((n, pb))
}

fn convert(m: &cap_std::fs::Metadata) -> Metadata {
    let ft = m.file_type();
    let kind = if ft.is_dir() {
        FileKind::Dir
    } else if ft.is_file() {
        FileKind::File
    } else if ft.is_symlink() {
        FileKind::Symlink
    } else {
        FileKind::CharDevice
    };
    Metadata {
        kind,
        size: if kind == FileKind::Dir { 0 } else { m.len() },
        mode: m.mode() & 0o7777,
        mtime: m.modified().map(|t| t.into_std()).unwrap_or(UNIX_EPOCH),
        atime: m.accessed().map(|t| t.into_std()).unwrap_or(UNIX_EPOCH),
        nlink: m.nlink(),
    }
}

impl HostFs {
    /// Opens the host directory `host_path` (the only use of ambient
    /// authority) as a read-write backend.
    pub fn open(host_path: impl AsRef<std::path::Path>) -> FsResult<HostFs> {
        let hp = host_path.as_ref();
        let dir = Dir::open_ambient_dir(hp, cap_std::ambient_authority())
            .map_err(|e| FsError::new(io_error_kind(&e), hp.to_string_lossy()))?;
        Ok(HostFs {
            dir,
            read_only: false,
            quota: None,
        })
    }

    /// Opens the host directory `host_path` as a read-write backend that
    /// refuses what would take it past `limits`: its total bytes and
    /// entries (measured now, then counted), file size and depth, with the
    /// errors a [`crate::MemoryFs`] gives.
    pub fn open_with_limits(
        host_path: impl AsRef<std::path::Path>,
        limits: FsLimits,
    ) -> FsResult<HostFs> {
        let mut fs = Self::open(host_path)?;
        fs.quota = Some(Arc::new(Quota::measure(&fs.dir, limits)));
        Ok(fs)
    }

    /// What the mount holds as counted against its limits; `None` when it
    /// has none.
    pub fn usage(&self) -> Option<FsUsage> {
        self.quota.as_ref().map(|q| q.usage())
    }

    /// Opens the host directory `host_path` as a read-only backend: every
    /// write fails with `ReadOnly`.
    pub fn open_read_only(host_path: impl AsRef<std::path::Path>) -> FsResult<HostFs> {
        let mut fs = Self::open(host_path)?;
        fs.read_only = true;
        Ok(fs)
    }

    /// True if opened with [`HostFs::open_read_only`].
    pub fn is_read_only(&self) -> bool {
        self.read_only
    }

    fn writable(&self, p: &str) -> FsResult<()> {
        if self.read_only {
            Err(err(FsErrorKind::ReadOnly, p))
        } else {
            Ok(())
        }
    }

    /// The bytes `r` counts for (0 for a directory), or `None` when
    /// nothing is there.
    fn present(&self, r: &Path) -> Option<u64> {
        self.dir.metadata(r).ok().map(|m| entry_bytes(&m))
    }

    /// Runs `op`, which leaves the file at `r` `len` bytes long, within the
    /// limits: refused before it runs when the result would not fit, and
    /// counted after from what is really there.
    fn resized<T>(
        &self,
        p: &str,
        r: &Path,
        len: u64,
        op: impl FnOnce() -> FsResult<T>,
    ) -> FsResult<T> {
        let Some(q) = &self.quota else {
            return op();
        };
        let before = self.present(r);
        q.check_file_size(len, p)?;
        if before.is_none() {
            q.check_depth(p, 0)?;
        }
        let old = before.unwrap_or(0);
        let grow = len.saturating_sub(old);
        q.reserve(grow, u64::from(before.is_none()), p)?;
        let result = op();
        let after = self.present(r);
        q.settle(
            old + grow,
            after.unwrap_or(0),
            1,
            u64::from(after.is_some()),
        );
        result
    }

    /// Runs `op`, which makes the directories `missing` (none there now),
    /// when they fit; counts those it made even when it fails midway.
    fn made<T>(&self, p: &str, missing: &[&Path], op: impl FnOnce() -> FsResult<T>) -> FsResult<T> {
        let Some(q) = &self.quota else {
            return op();
        };
        let n = missing.len() as u64;
        if n > 0 {
            q.check_depth(p, 0)?;
        }
        q.reserve(0, n, p)?;
        let result = op();
        if result.is_err() {
            let now = missing
                .iter()
                .filter(|m| self.dir.symlink_metadata(m).is_ok())
                .count() as u64;
            q.settle(0, 0, n, now);
        }
        result
    }

    /// Runs `op`, which removes (or replaces) what is at `r`, and stops
    /// counting what it removed.
    fn removed<T>(&self, r: &Path, op: impl FnOnce() -> FsResult<T>) -> FsResult<T> {
        let Some(q) = &self.quota else {
            return op();
        };
        let (bytes, entries) = subtree(&self.dir, Some(r));
        let result = op();
        let (now_bytes, now_entries) = if result.is_ok() {
            (0, 0)
        } else {
            // A recursive removal may stop midway.
            subtree(&self.dir, Some(r))
        };
        q.settle(bytes, now_bytes, entries, now_entries);
        result
    }

    fn open_with(&self, p: &str, r: &PathBuf, opts: &OpenOptions) -> FsResult<std::fs::File> {
        if let Ok(m) = self.dir.metadata(r)
            && m.is_dir()
        {
            return Err(err(FsErrorKind::IsADirectory, p));
        }
        Ok(self.dir.open_with(r, opts).map_err(map(p))?.into_std())
    }
}

impl FileSystem for HostFs {
    fn space(&self, _path: &str) -> Option<crate::Space> {
        let q = self.quota.as_ref()?;
        Some(crate::Space {
            usage: q.usage(),
            limits: q.limits(),
            mount: "/".into(),
        })
    }

    fn metadata(&self, path: &str) -> FsResult<Metadata> {
        let (p, r) = rel(path)?;
        self.dir.metadata(&r).map(|m| convert(&m)).map_err(map(&p))
    }

    fn symlink_metadata(&self, path: &str) -> FsResult<Metadata> {
        let (p, r) = rel(path)?;
        self.dir
            .symlink_metadata(&r)
            .map(|m| convert(&m))
            .map_err(map(&p))
    }

    fn read(&self, path: &str) -> FsResult<Vec<u8>> {
        let (p, r) = rel(path)?;
        self.dir.read(&r).map_err(map(&p))
    }

    fn open_read(&self, path: &str) -> FsResult<FileReader> {
        let (p, r) = rel(path)?;
        let mut opts = OpenOptions::new();
        opts.read(true);
        Ok(Box::new(self.open_with(&p, &r, &opts)?))
    }

    fn write(&self, path: &str, data: &[u8]) -> FsResult<()> {
        let (p, r) = rel(path)?;
        self.writable(&p)?;
        let mut opts = OpenOptions::new();
        opts.write(true).create(true).truncate(true);
        self.resized(&p, &r, data.len() as u64, || {
            let mut f = self.open_with(&p, &r, &opts)?;
            f.write_all(data).map_err(map(&p))
        })
    }

    fn append(&self, path: &str, data: &[u8]) -> FsResult<()> {
        let (p, r) = rel(path)?;
        self.writable(&p)?;
        let mut opts = OpenOptions::new();
        opts.append(true).create(true);
        let len = self
            .present(&r)
            .unwrap_or(0)
            .saturating_add(data.len() as u64);
        self.resized(&p, &r, len, || {
            let mut f = self.open_with(&p, &r, &opts)?;
            f.write_all(data).map_err(map(&p))
        })
    }

    fn open_write(&self, path: &str, mode: WriteMode) -> FsResult<FileWriter> {
        let (p, r) = rel(path)?;
        self.writable(&p)?;
        let mut opts = OpenOptions::new();
        match mode {
            WriteMode::Truncate => opts.write(true).create(true).truncate(true),
            WriteMode::Append => opts.append(true).create(true),
            WriteMode::CreateNew => opts.write(true).create_new(true),
            WriteMode::Update => opts.read(true).write(true).create(true),
        };
        let Some(q) = &self.quota else {
            return Ok(Box::new(self.open_with(&p, &r, &opts)?));
        };
        // Opening truncates or creates; what is written later is reserved
        // chunk by chunk.
        let old = self.present(&r).unwrap_or(0);
        let (pos, len) = match mode {
            WriteMode::Truncate | WriteMode::CreateNew => (0, 0),
            WriteMode::Append => (old, old),
            WriteMode::Update => (0, old),
        };
        let file = self.resized(&p, &r, len, || self.open_with(&p, &r, &opts))?;
        Ok(Box::new(QuotaWriter {
            file,
            quota: q.clone(),
            path: p,
            pos,
            len,
        }))
    }

    fn truncate(&self, path: &str, len: u64) -> FsResult<()> {
        let (p, r) = rel(path)?;
        self.writable(&p)?;
        let mut opts = OpenOptions::new();
        opts.write(true);
        let f = self.open_with(&p, &r, &opts)?;
        self.resized(&p, &r, len, || f.set_len(len).map_err(map(&p)))
    }

    fn create_dir(&self, path: &str, recursive: bool) -> FsResult<()> {
        let (p, r) = rel(path)?;
        self.writable(&p)?;
        if recursive {
            if let Ok(m) = self.dir.metadata(&r) {
                return if m.is_dir() {
                    Ok(())
                } else {
                    Err(err(FsErrorKind::AlreadyExists, &p))
                };
            }
            // Every missing directory is counted before the first is made.
            let missing: Vec<&Path> = r
                .ancestors()
                .take_while(|a| !a.as_os_str().is_empty() && self.dir.metadata(a).is_err())
                .collect();
            self.made(&p, &missing, || {
                self.dir.create_dir_all(&r).map_err(map(&p))
            })
        } else {
            if p == "/" {
                return Err(err(FsErrorKind::AlreadyExists, &p));
            }
            let missing: Vec<&Path> = Some(r.as_path())
                .filter(|r| self.dir.symlink_metadata(r).is_err())
                .into_iter()
                .collect();
            self.made(&p, &missing, || self.dir.create_dir(&r).map_err(map(&p)))
        }
    }

    fn read_dir(&self, path: &str) -> FsResult<Vec<DirEntry>> {
        let (p, r) = rel(path)?;
        let mut out = Vec::new();
        for entry in self.dir.read_dir(&r).map_err(map(&p))? {
            let entry = entry.map_err(map(&p))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let ft = entry.file_type().map_err(map(&p))?;
            let kind = if ft.is_dir() {
                FileKind::Dir
            } else if ft.is_symlink() {
                FileKind::Symlink
            } else if ft.is_file() {
                FileKind::File
            } else {
                FileKind::CharDevice
            };
            out.push(DirEntry { name, kind });
        }
        out.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(out)
    }

    fn remove_file(&self, path: &str) -> FsResult<()> {
        let (p, r) = rel(path)?;
        self.writable(&p)?;
        if let Ok(m) = self.dir.symlink_metadata(&r)
            && m.is_dir()
        {
            return Err(err(FsErrorKind::IsADirectory, &p));
        }
        self.removed(&r, || self.dir.remove_file(&r).map_err(map(&p)))
    }

    fn remove_dir(&self, path: &str, recursive: bool) -> FsResult<()> {
        let (p, r) = rel(path)?;
        self.writable(&p)?;
        if p == "/" {
            return Err(err(FsErrorKind::Busy, &p));
        }
        let m = self.dir.symlink_metadata(&r).map_err(map(&p))?;
        if !m.is_dir() {
            return Err(err(FsErrorKind::NotADirectory, &p));
        }
        self.removed(&r, || {
            if recursive {
                self.dir.remove_dir_all(&r).map_err(map(&p))
            } else {
                self.dir.remove_dir(&r).map_err(map(&p))
            }
        })
    }

    fn rename(&self, from: &str, to: &str) -> FsResult<()> {
        let (f, fr) = rel(from)?;
        let (t, tr) = rel(to)?;
        self.writable(&f)?;
        if f == "/" || t == "/" {
            return Err(err(FsErrorKind::Busy, &f));
        }
        if f != t && t.starts_with(&format!("{f}/")) {
            return Err(err(FsErrorKind::InvalidInput, &f));
        }
        if f == t {
            return self.dir.rename(&fr, &self.dir, &tr).map_err(map(&f));
        }
        if let Some(q) = &self.quota {
            q.check_depth(&t, height(&self.dir, &fr))?;
        }
        // What the rename replaces is gone once it is done.
        self.removed(&tr, || {
            self.dir.rename(&fr, &self.dir, &tr).map_err(map(&f))
        })
    }

    fn copy(&self, from: &str, to: &str) -> FsResult<()> {
        let (f, fr) = rel(from)?;
        let (t, tr) = rel(to)?;
        self.writable(&t)?;
        let m = self.dir.metadata(&fr).map_err(map(&f))?;
        if m.is_dir() {
            return Err(err(FsErrorKind::IsADirectory, &f));
        }
        if let Ok(tm) = self.dir.metadata(&tr)
            && tm.is_dir()
        {
            return Err(err(FsErrorKind::IsADirectory, &t));
        }
        self.resized(&t, &tr, m.len(), || {
            self.dir
                .copy(&fr, &self.dir, &tr)
                .map(|_| ())
                .map_err(map(&t))
        })
    }

    fn symlink(&self, target: &str, link: &str) -> FsResult<()> {
        let (p, r) = rel(link)?;
        self.writable(&p)?;
        if target.contains('\0') {
            return Err(err(FsErrorKind::InvalidInput, &p));
        }
        let Some(q) = &self.quota else {
            return self.dir.symlink_contents(target, &r).map_err(map(&p));
        };
        q.check_depth(&p, 0)?;
        let bytes = target.len() as u64;
        q.reserve(bytes, 1, &p)?;
        let result = self.dir.symlink_contents(target, &r).map_err(map(&p));
        if result.is_err() {
            q.settle(bytes, 0, 1, 0);
        }
        result
    }

    fn read_link(&self, path: &str) -> FsResult<String> {
        let (p, r) = rel(path)?;
        let m = self.dir.symlink_metadata(&r).map_err(map(&p))?;
        if !m.is_symlink() {
            return Err(err(FsErrorKind::InvalidInput, &p));
        }
        let t = self.dir.read_link_contents(&r).map_err(map(&p))?;
        Ok(t.to_string_lossy().into_owned())
    }

    fn set_mode(&self, path: &str, mode: u32) -> FsResult<()> {
        let (p, r) = rel(path)?;
        self.writable(&p)?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let perms = std::fs::Permissions::from_mode(mode & 0o7777);
            self.dir
                .set_permissions(&r, cap_std::fs::Permissions::from_std(perms))
                .map_err(map(&p))
        }
        #[cfg(not(unix))]
        {
            let _ = (r, mode);
            Ok(())
        }
    }

    fn set_mtime(&self, path: &str, mtime: SystemTime) -> FsResult<()> {
        let (p, r) = rel(path)?;
        self.writable(&p)?;
        // A read-only descriptor suffices for futimens; it also opens directories.
        let file = self.dir.open(&r).map_err(map(&p))?.into_std();
        file.set_modified(mtime).map_err(map(&p))
    }
}

#[cfg(test)]
#[cfg(target_os = "linux")]
pub(crate) mod tests {
    use super::*;
    use std::io::Read;
    use std::sync::atomic::{AtomicU32, Ordering};

    /// A fresh directory under the system temp dir, removed on drop.
    pub(crate) struct TempDir(pub PathBuf);

    impl TempDir {
        pub(crate) fn new(tag: &str) -> Self {
            static N: AtomicU32 = AtomicU32::new(0);
            let p = std::env::temp_dir().join(format!(
                "sandbash-vfs-{tag}-{}-{}",
                std::process::id(),
                N.fetch_add(1, Ordering::Relaxed)
            ));
            let _ = std::fs::remove_dir_all(&p);
            std::fs::create_dir_all(&p).unwrap();
            TempDir(p)
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn kind<T>(r: FsResult<T>) -> FsErrorKind {
        match r {
            Ok(_) => panic!("expected an error"),
            Err(e) => e.kind,
        }
    }

    /// outer/{secret, inside/} with the backend at outer/inside.
    fn setup() -> (TempDir, HostFs) {
        let t = TempDir::new("host");
        std::fs::write(t.0.join("secret"), b"outside").unwrap();
        std::fs::create_dir(t.0.join("inside")).unwrap();
        let fs = HostFs::open(t.0.join("inside")).unwrap();
        (t, fs)
    }

    #[test]
    fn normal_operations() {
        let (t, fs) = setup();
        fs.write("/a.txt", b"hello").unwrap();
        assert_eq!(std::fs::read(t.0.join("inside/a.txt")).unwrap(), b"hello");
        fs.append("/a.txt", b" world").unwrap();
        assert_eq!(fs.read("/a.txt").unwrap(), b"hello world");
        let mut s = String::new();
        fs.open_read("/a.txt")
            .unwrap()
            .read_to_string(&mut s)
            .unwrap();
        assert_eq!(s, "hello world");
        fs.create_dir("/d/e", true).unwrap();
        fs.create_dir("/d/e", true).unwrap();
        fs.rename("/a.txt", "/d/b.txt").unwrap();
        let names: Vec<_> = fs
            .read_dir("/d")
            .unwrap()
            .into_iter()
            .map(|e| e.name)
            .collect();
        assert_eq!(names, ["b.txt", "e"]);
        let m = fs.metadata("/d/b.txt").unwrap();
        assert_eq!(m.kind, FileKind::File);
        assert_eq!(m.size, 11);
        assert!(fs.metadata("/").unwrap().is_dir());
        fs.copy("/d/b.txt", "/c.txt").unwrap();
        fs.truncate("/c.txt", 5).unwrap();
        assert_eq!(fs.read("/c.txt").unwrap(), b"hello");
        fs.set_mode("/c.txt", 0o755).unwrap();
        assert_eq!(fs.metadata("/c.txt").unwrap().mode, 0o755);
        let when = UNIX_EPOCH + std::time::Duration::from_secs(1_000_000);
        fs.set_mtime("/c.txt", when).unwrap();
        assert_eq!(fs.metadata("/c.txt").unwrap().mtime, when);
        fs.set_mtime("/d", when).unwrap();
        let mut w = fs.open_write("/w", WriteMode::Truncate).unwrap();
        w.write_all(b"1").unwrap();
        w.flush().unwrap();
        assert_eq!(fs.read("/w").unwrap(), b"1");
        assert_eq!(
            kind(fs.open_write("/w", WriteMode::CreateNew)),
            FsErrorKind::AlreadyExists
        );
        fs.symlink("c.txt", "/ln").unwrap();
        assert_eq!(fs.read_link("/ln").unwrap(), "c.txt");
        assert_eq!(fs.read("/ln").unwrap(), b"hello");
        assert!(fs.symlink_metadata("/ln").unwrap().is_symlink());
        fs.remove_file("/ln").unwrap();
        fs.remove_dir("/d", true).unwrap();
        assert_eq!(kind(fs.metadata("/d")), FsErrorKind::NotFound);
    }

    #[test]
    fn error_kinds() {
        let (_t, fs) = setup();
        fs.write("/f", b"x").unwrap();
        fs.create_dir("/d/sub", true).unwrap();
        assert_eq!(kind(fs.read("/nope")), FsErrorKind::NotFound);
        assert_eq!(kind(fs.read("/f/x")), FsErrorKind::NotADirectory);
        assert_eq!(kind(fs.read("/d")), FsErrorKind::IsADirectory);
        assert_eq!(kind(fs.open_read("/d")), FsErrorKind::IsADirectory);
        assert_eq!(kind(fs.write("/d", b"")), FsErrorKind::IsADirectory);
        assert_eq!(
            kind(fs.remove_dir("/d", false)),
            FsErrorKind::DirectoryNotEmpty
        );
        assert_eq!(kind(fs.remove_file("/d")), FsErrorKind::IsADirectory);
        assert_eq!(kind(fs.create_dir("/f", false)), FsErrorKind::AlreadyExists);
        assert_eq!(kind(fs.create_dir("/f", true)), FsErrorKind::AlreadyExists);
        assert_eq!(kind(fs.rename("/d", "/d/sub/x")), FsErrorKind::InvalidInput);
        assert_eq!(kind(fs.remove_dir("/", true)), FsErrorKind::Busy);
        assert_eq!(kind(fs.read_link("/f")), FsErrorKind::InvalidInput);
        assert_eq!(
            kind(HostFs::open("/definitely/not/here")),
            FsErrorKind::NotFound
        );
    }

    #[test]
    fn escapes_are_refused() {
        let (t, fs) = setup();
        // `..` is normalized away: it stays at the backend root.
        assert_eq!(kind(fs.read("/../secret")), FsErrorKind::NotFound);
        assert_eq!(kind(fs.read("../secret")), FsErrorKind::NotFound);
        // Absolute symlink to /etc/passwd.
        std::os::unix::fs::symlink("/etc/passwd", t.0.join("inside/passwd")).unwrap();
        let k = kind(fs.read("/passwd"));
        assert!(
            matches!(k, FsErrorKind::PermissionDenied | FsErrorKind::NotFound),
            "{k:?}"
        );
        assert!(fs.metadata("/passwd").is_err());
        assert!(fs.open_read("/passwd").is_err());
        assert!(fs.write("/passwd", b"pwned").is_err());
        // Relative symlinks pointing out.
        std::os::unix::fs::symlink("../secret", t.0.join("inside/up")).unwrap();
        std::os::unix::fs::symlink("../../outside", t.0.join("inside/up2")).unwrap();
        std::os::unix::fs::symlink("..", t.0.join("inside/parent")).unwrap();
        let k = kind(fs.read("/up"));
        assert!(
            matches!(k, FsErrorKind::PermissionDenied | FsErrorKind::NotFound),
            "{k:?}"
        );
        assert!(fs.read("/up2").is_err());
        assert!(fs.write("/up", b"pwned").is_err());
        assert!(fs.read("/parent/secret").is_err());
        assert!(fs.read_dir("/parent").is_err());
        assert!(fs.write("/parent/new", b"x").is_err());
        assert!(fs.create_dir("/parent/newdir", false).is_err());
        assert_eq!(std::fs::read(t.0.join("secret")).unwrap(), b"outside");
        assert!(!t.0.join("new").exists());
        assert!(!t.0.join("newdir").exists());
        // The links themselves are visible as symlinks with their text.
        assert!(fs.symlink_metadata("/passwd").unwrap().is_symlink());
        assert_eq!(fs.read_link("/passwd").unwrap(), "/etc/passwd");
        // Creating such links is harmless; following them still fails.
        fs.symlink("/etc", "/etc_link").unwrap();
        assert!(fs.read_dir("/etc_link").is_err());
        assert!(fs.read("/etc_link/passwd").is_err());
    }

    #[test]
    fn read_only() {
        let (t, _) = setup();
        std::fs::write(t.0.join("inside/f"), b"ro").unwrap();
        let fs = HostFs::open_read_only(t.0.join("inside")).unwrap();
        assert!(fs.is_read_only());
        assert_eq!(fs.read("/f").unwrap(), b"ro");
        assert_eq!(kind(fs.write("/f", b"x")), FsErrorKind::ReadOnly);
        assert_eq!(kind(fs.append("/f", b"x")), FsErrorKind::ReadOnly);
        assert_eq!(
            kind(fs.open_write("/g", WriteMode::Append)),
            FsErrorKind::ReadOnly
        );
        assert_eq!(kind(fs.remove_file("/f")), FsErrorKind::ReadOnly);
        assert_eq!(kind(fs.create_dir("/d", false)), FsErrorKind::ReadOnly);
        assert_eq!(kind(fs.rename("/f", "/g")), FsErrorKind::ReadOnly);
        assert_eq!(kind(fs.set_mode("/f", 0o777)), FsErrorKind::ReadOnly);
        assert_eq!(kind(fs.symlink("f", "/l")), FsErrorKind::ReadOnly);
        assert_eq!(kind(fs.truncate("/f", 0)), FsErrorKind::ReadOnly);
        assert_eq!(std::fs::read(t.0.join("inside/f")).unwrap(), b"ro");
    }

    #[test]
    fn under_a_vfs_symlinks_stay_in_the_sandbox() {
        let (t, _) = setup();
        std::os::unix::fs::symlink("/etc/passwd", t.0.join("inside/passwd")).unwrap();
        std::os::unix::fs::symlink("../../secret", t.0.join("inside/up")).unwrap();
        let host = std::sync::Arc::new(HostFs::open(t.0.join("inside")).unwrap());
        let v = crate::Vfs::sandbox(host, crate::FsLimits::default());
        // /etc/passwd in sandbox terms does not exist.
        assert_eq!(kind(v.read("/workspace/passwd")), FsErrorKind::NotFound);
        // ../../secret from /workspace is /secret in the sandbox: absent.
        assert_eq!(kind(v.read("/workspace/up")), FsErrorKind::NotFound);
        v.write("/tmp/x", b"tmp").unwrap();
        v.symlink("/tmp/x", "/workspace/tolink").unwrap();
        assert_eq!(v.read("/workspace/tolink").unwrap(), b"tmp");
        assert_eq!(v.read_link("/workspace/tolink").unwrap(), "/tmp/x");
        v.write("/workspace/real", b"r").unwrap();
        assert_eq!(std::fs::read(t.0.join("inside/real")).unwrap(), b"r");
    }

    #[test]
    fn errno_mapping() {
        let cases = [
            (2, FsErrorKind::NotFound),
            (20, FsErrorKind::NotADirectory),
            (21, FsErrorKind::IsADirectory),
            (39, FsErrorKind::DirectoryNotEmpty),
            (13, FsErrorKind::PermissionDenied),
            (1, FsErrorKind::PermissionDenied),
            (17, FsErrorKind::AlreadyExists),
            (28, FsErrorKind::NoSpace),
            (27, FsErrorKind::FileTooLarge),
            (36, FsErrorKind::NameTooLong),
            (40, FsErrorKind::TooManyLinks),
            (18, FsErrorKind::CrossDevice),
            (30, FsErrorKind::ReadOnly),
            (5, FsErrorKind::Io),
        ];
        for (code, k) in cases {
            assert_eq!(
                io_error_kind(&io::Error::from_raw_os_error(code)),
                k,
                "{code}"
            );
        }
        let e = io::Error::new(io::ErrorKind::PermissionDenied, "a path led outside");
        assert_eq!(io_error_kind(&e), FsErrorKind::PermissionDenied);
    }
}
