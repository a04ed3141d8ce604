//! [`Vfs`]: the mount table a sandbox sees, with its `/dev` devices.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::io::{self, Read};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::memory::MAX_SYMLINK_HOPS;
use crate::{
    DirEntry, FileKind, FileReader, FileSystem, FileWriter, FsError, FsErrorKind, FsLimits,
    FsResult, MemoryFs, Metadata, Times, WriteMode, path,
};

/// Permission bits of every device node.
pub const DEVICE_MODE: u32 = 0o666;

/// The devices a [`Vfs`] serves itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Device {
    /// `/dev/null`.
    Null,
    /// `/dev/zero`.
    Zero,
    /// `/dev/urandom` and `/dev/random`.
    Random,
    /// `/dev/stdin`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`: the
    /// interpreter's own file descriptors.
    Fd(u32),
    /// `/dev/fd`.
    FdDir,
}

const DEV_ENTRIES: &[(&str, FileKind)] = &[
    ("fd", FileKind::Dir),
    ("null", FileKind::CharDevice),
    ("random", FileKind::CharDevice),
    ("stderr", FileKind::CharDevice),
    ("stdin", FileKind::CharDevice),
    ("stdout", FileKind::CharDevice),
    ("urandom", FileKind::CharDevice),
    ("zero", FileKind::CharDevice),
];

fn device(p: &str) -> Option<Device> {
    let rest = p.strip_prefix("/dev/")?;
    Some(match rest {
        "null" => Device::Null,
        "zero" => Device::Zero,
        "urandom" | "random" => Device::Random,
        "stdin" => Device::Fd(0),
        "stdout" => Device::Fd(1),
        "stderr" => Device::Fd(2),
        "fd" => Device::FdDir,
        _ => {
            let n = rest.strip_prefix("fd/")?;
            if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            Device::Fd(n.parse().ok()?)
        }
    })
}

/// The file descriptor a normalized path such as `/dev/stdout` or
/// `/dev/fd/3` stands for. The interpreter maps these paths to its own
/// descriptors before reaching the VFS; opening them through a [`Vfs`] fails.
pub fn device_fd(path: &str) -> Option<u32> {
    match device(path)? {
        Device::Fd(n) => Some(n),
        _ => None,
    }
}

fn err(kind: FsErrorKind, p: &str) -> FsError {
    FsError::new(kind, p)
}

/// One splitmix64 step: advances `state`, returns the next output.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

struct ZeroReader;

impl Read for ZeroReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        buf.fill(0);
        Ok(buf.len())
    }
}

struct RandomReader {
    state: u64,
}

impl Read for RandomReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        for chunk in buf.chunks_mut(8) {
            let v = splitmix64(&mut self.state).to_le_bytes();
            let n = chunk.len();
            if let Some(src) = v.get(..n) {
                chunk.copy_from_slice(src);
            }
        }
        Ok(buf.len())
    }
}

struct Mount {
    point: String,
    fs: Arc<dyn FileSystem>,
}

/// The mount table: dispatches every path to the backend with the longest
/// matching mount point (the backend sees the path relative to that point,
/// the point itself being its `/`), resolves symlinks itself across mounts,
/// and serves `/dev`.
///
/// Symlinks: every component of a path is checked with `symlink_metadata`;
/// a symlink's target is spliced in (absolute targets start again at the
/// VFS root, relative ones at the link's directory), at most
/// [`MAX_SYMLINK_HOPS`] times, else `TooManyLinks`. The last component is
/// followed too by the operations that follow links. Backends therefore
/// never see a symlink in a parent component.
///
/// Devices (kind `CharDevice`, mode `0o666`):
/// - `/dev/null`: reads empty, writes discarded;
/// - `/dev/zero`: `open_read` streams zeros forever, `read` of the whole
///   file fails with `FileTooLarge` instead of allocating forever; writes
///   discarded;
/// - `/dev/urandom` (and `/dev/random`): like `/dev/zero` but pseudo-random
///   bytes from a splitmix64 generator, seedable with
///   [`Vfs::set_random_seed`];
/// - `/dev/stdin`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` (and the
///   directory `/dev/fd`): listed and `stat`-able, but opening them through
///   the VFS fails with `PermissionDenied`; the interpreter maps them to its
///   own descriptors first (see [`device_fd`]).
///
/// Devices cannot be removed or renamed (`PermissionDenied` / `Busy`);
/// `chmod`/`touch` on them succeed and change nothing. Mount points (and
/// directories containing one) cannot be removed or renamed (`Busy`); a
/// rename between two mounts fails with `CrossDevice`.
pub struct Vfs {
    /// Sorted by decreasing point length; always holds `/`.
    mounts: RwLock<Vec<Mount>>,
    rng: Mutex<u64>,
    boot: SystemTime,
}

impl std::fmt::Debug for Vfs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Vfs")
            .field("mounts", &self.mount_points())
            .finish()
    }
}

fn join(parts: &[String]) -> String {
    if parts.is_empty() {
        return "/".to_string();
    }
    let mut s = String::new();
    for p in parts {
        s.push('/');
        s.push_str(p);
    }
    s
}

fn push_components(pending: &mut Vec<String>, p: &str) {
    for c in p.split('/').rev() {
        if !c.is_empty() && c != "." {
            pending.push(c.to_string());
        }
    }
}

impl Vfs {
    /// A VFS whose `/` is `root`, with the devices and nothing else mounted.
    /// The random generator starts from a per-process random seed.
    pub fn new(root: Arc<dyn FileSystem>) -> Self {
        let mut h = RandomState::new().build_hasher();
        h.write_u128(
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0),
        );
        Self {
            mounts: RwLock::new(vec![Mount {
                point: "/".to_string(),
                fs: root,
            }]),
            rng: Mutex::new(h.finish()),
            boot: SystemTime::now(),
        }
    }

    /// The default sandbox layout: `/` is a [`MemoryFs`] bounded by `limits`
    /// holding the directories `/workspace`, `/tmp` (mode `1777`),
    /// `/home/agent` and `/dev`; `workspace` is mounted at `/workspace`; the
    /// devices live under `/dev`. `/tmp` and `/home/agent` are plain
    /// directories of the root tree, so they share its `limits` budget and
    /// `mv /tmp/x /home/agent/` is a real rename. Nothing of the host exists
    /// anywhere except what `workspace` itself exposes.
    pub fn sandbox(workspace: Arc<dyn FileSystem>, limits: FsLimits) -> Vfs {
        Self::sandbox_on(Arc::new(MemoryFs::with_limits(limits)), workspace)
    }

    /// The sandbox layout over a given root tree (for instance one restored
    /// from a snapshot, with `/tmp` and `/home/agent` in it), with
    /// `workspace` mounted at `/workspace`. Missing directories are made.
    pub fn sandbox_on(root: Arc<MemoryFs>, workspace: Arc<dyn FileSystem>) -> Vfs {
        for d in ["/workspace", "/tmp", "/home/agent", "/dev"] {
            // Only fails under absurdly small limits; the VFS still works then.
            let _ = root.create_dir(d, true);
        }
        let _ = root.set_mode("/tmp", 0o1777);
        let vfs = Vfs::new(root);
        let _ = vfs.mount("/workspace", workspace);
        vfs
    }

    /// Mounts `fs` at `point` (normalized), replacing any mount already
    /// there. The point need not exist in the parent backend: it and its
    /// missing ancestors then show up as directories. Mounting at `/`
    /// replaces the root.
    pub fn mount(&self, point: &str, fs: Arc<dyn FileSystem>) -> FsResult<()> {
        let point = path::normalize(point)?;
        if point == "/dev" || point.starts_with("/dev/") {
            return Err(err(FsErrorKind::Busy, &point));
        }
        let mut mounts = self.mounts.write().unwrap_or_else(|e| e.into_inner());
        mounts.retain(|m| m.point != point);
        mounts.push(Mount { point, fs });
        mounts.sort_by(|a, b| {
            b.point
                .len()
                .cmp(&a.point.len())
                .then(a.point.cmp(&b.point))
        });
        Ok(())
    }

    /// Removes the mount at `point` and returns its backend. `/` cannot be
    /// unmounted (`Busy`); a point with no mount gives `InvalidInput`.
    pub fn unmount(&self, point: &str) -> FsResult<Arc<dyn FileSystem>> {
        let point = path::normalize(point)?;
        if point == "/" {
            return Err(err(FsErrorKind::Busy, &point));
        }
        let mut mounts = self.mounts.write().unwrap_or_else(|e| e.into_inner());
        let idx = mounts
            .iter()
            .position(|m| m.point == point)
            .ok_or_else(|| err(FsErrorKind::InvalidInput, &point))?;
        Ok(mounts.remove(idx).fs)
    }

    /// The mount points, longest first (always ending with `/`).
    pub fn mount_points(&self) -> Vec<String> {
        self.mounts
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .map(|m| m.point.clone())
            .collect()
    }

    /// Reseeds the generator behind `/dev/urandom`: the same seed gives the
    /// same bytes for the same sequence of opens.
    pub fn set_random_seed(&self, seed: u64) {
        *self.rng.lock().unwrap_or_else(|e| e.into_inner()) = seed;
    }

    /// Draws the next value from the VFS's generator (the one behind
    /// `/dev/urandom`).
    pub fn random_u64(&self) -> u64 {
        splitmix64(&mut self.rng.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// The backend serving the normalized `path` and the path relative to it.
    fn dispatch(&self, p: &str) -> (Arc<dyn FileSystem>, String, String) {
        let mounts = self.mounts.read().unwrap_or_else(|e| e.into_inner());
        for m in mounts.iter() {
            if m.point == "/" {
                return (Arc::clone(&m.fs), p.to_string(), m.point.clone());
            }
            if let Some(rest) = p.strip_prefix(m.point.as_str()) {
                if rest.is_empty() {
                    return (Arc::clone(&m.fs), "/".to_string(), m.point.clone());
                }
                if rest.starts_with('/') {
                    return (Arc::clone(&m.fs), rest.to_string(), m.point.clone());
                }
            }
        }
        // Unreachable while `/` is mounted; fall back to an empty tree.
        (Arc::new(MemoryFs::new()), p.to_string(), "/".to_string())
    }

    fn is_mount_point(&self, p: &str) -> bool {
        p != "/"
            && self
                .mounts
                .read()
                .unwrap_or_else(|e| e.into_inner())
                .iter()
                .any(|m| m.point == p)
    }

    /// True if a mount point other than `/` is `p` or lies below it.
    fn has_mount_at_or_under(&self, p: &str) -> bool {
        self.mounts
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .any(|m| m.point != "/" && is_at_or_under(&m.point, p))
    }

    /// True if `p` is a proper ancestor of some mount point.
    fn is_mount_ancestor(&self, p: &str) -> bool {
        self.mounts
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .any(|m| m.point != p && m.point != "/" && is_at_or_under(&m.point, p))
    }

    /// Normalizes `input` and resolves symlinks in every component (in the
    /// last one too when `follow_last`), across mounts.
    pub fn resolve(&self, input: &str, follow_last: bool) -> FsResult<String> {
        let norm = path::normalize(input)?;
        let mut pending = Vec::new();
        push_components(&mut pending, &norm);
        let mut done: Vec<String> = Vec::new();
        let mut hops = 0u32;
        while let Some(c) = pending.pop() {
            if c == ".." {
                done.pop();
                continue;
            }
            done.push(c);
            if pending.is_empty() && !follow_last {
                break;
            }
            let cur = join(&done);
            if cur == "/dev" || device(&cur).is_some() {
                continue;
            }
            let (fs, rel, _) = self.dispatch(&cur);
            match fs.symlink_metadata(&rel) {
                Ok(m) if m.kind == FileKind::Symlink => {
                    hops += 1;
                    if hops > MAX_SYMLINK_HOPS {
                        return Err(err(FsErrorKind::TooManyLinks, input));
                    }
                    let target = fs.read_link(&rel).map_err(|e| err(e.kind, input))?;
                    if target.is_empty() {
                        return Err(err(FsErrorKind::NotFound, input));
                    }
                    done.pop();
                    if target.starts_with('/') {
                        done.clear();
                    }
                    push_components(&mut pending, &target);
                }
                Ok(_) => {}
                Err(e) if e.kind == FsErrorKind::NotFound && self.is_mount_ancestor(&cur) => {}
                Err(e) if matches!(e.kind, FsErrorKind::NotFound | FsErrorKind::NotADirectory) => {
                    // Nothing below exists: the rest is taken lexically and
                    // the operation reports the error itself.
                    while let Some(c) = pending.pop() {
                        if c == ".." {
                            done.pop();
                        } else {
                            done.push(c);
                        }
                    }
                    break;
                }
                Err(e) => return Err(err(e.kind, input)),
            }
        }
        let out = join(&done);
        if out.len() > path::MAX_PATH {
            return Err(err(FsErrorKind::NameTooLong, input));
        }
        Ok(out)
    }

    fn device_metadata(&self, d: Device) -> Metadata {
        let (kind, mode, nlink) = match d {
            Device::FdDir => (FileKind::Dir, 0o555, 2),
            _ => (FileKind::CharDevice, DEVICE_MODE, 1),
        };
        Metadata {
            kind,
            size: 0,
            mode,
            mtime: self.boot,
            atime: self.boot,
            nlink,
        }
    }

    fn synthetic_dir(&self) -> Metadata {
        Metadata {
            kind: FileKind::Dir,
            size: 0,
            mode: 0o755,
            mtime: self.boot,
            atime: self.boot,
            nlink: 2,
        }
    }

    fn stat(&self, input: &str, follow: bool) -> FsResult<Metadata> {
        let p = self.resolve(input, follow)?;
        if let Some(d) = device(&p) {
            return Ok(self.device_metadata(d));
        }
        let (fs, rel, _) = self.dispatch(&p);
        let r = if follow {
            fs.metadata(&rel)
        } else {
            fs.symlink_metadata(&rel)
        };
        match r {
            Err(e)
                if e.kind == FsErrorKind::NotFound
                    && (p == "/dev" || self.is_mount_ancestor(&p)) =>
            {
                Ok(self.synthetic_dir())
            }
            r => r.map_err(|e| err(e.kind, input)),
        }
    }
}

fn is_at_or_under(p: &str, dir: &str) -> bool {
    if dir == "/" {
        return true;
    }
    match p.strip_prefix(dir) {
        Some(rest) => rest.is_empty() || rest.starts_with('/'),
        None => false,
    }
}

fn fd_error(p: &str) -> FsError {
    err(FsErrorKind::PermissionDenied, p)
}

impl FileSystem for Vfs {
    fn space(&self, path: &str) -> Option<crate::Space> {
        let p = self.resolve(path, true).ok()?;
        let (fs, rest, point) = self.dispatch(&p);
        let mut space = fs.space(&rest)?;
        space.mount = point;
        Some(space)
    }

    fn metadata(&self, path: &str) -> FsResult<Metadata> {
        self.stat(path, true)
    }

    fn symlink_metadata(&self, path: &str) -> FsResult<Metadata> {
        self.stat(path, false)
    }

    fn read(&self, path: &str) -> FsResult<Vec<u8>> {
        let p = self.resolve(path, true)?;
        match device(&p) {
            Some(Device::Null) => return Ok(Vec::new()),
            Some(Device::Zero | Device::Random) => {
                return Err(err(FsErrorKind::FileTooLarge, path));
            }
            Some(Device::Fd(_)) => return Err(fd_error(path)),
            Some(Device::FdDir) => return Err(err(FsErrorKind::IsADirectory, path)),
            None => {}
        }
        let (fs, rel, _) = self.dispatch(&p);
        fs.read(&rel).map_err(|e| err(e.kind, path))
    }

    fn open_read(&self, path: &str) -> FsResult<FileReader> {
        let p = self.resolve(path, true)?;
        match device(&p) {
            Some(Device::Null) => return Ok(Box::new(io::empty())),
            Some(Device::Zero) => return Ok(Box::new(ZeroReader)),
            Some(Device::Random) => {
                return Ok(Box::new(RandomReader {
                    state: self.random_u64(),
                }));
            }
            Some(Device::Fd(_)) => return Err(fd_error(path)),
            Some(Device::FdDir) => return Err(err(FsErrorKind::IsADirectory, path)),
            None => {}
        }
        let (fs, rel, _) = self.dispatch(&p);
        fs.open_read(&rel).map_err(|e| err(e.kind, path))
    }

    fn write(&self, path: &str, data: &[u8]) -> FsResult<()> {
        let p = self.resolve(path, true)?;
        match device(&p) {
            Some(Device::Null | Device::Zero | Device::Random) => return Ok(()),
            Some(Device::Fd(_)) => return Err(fd_error(path)),
            Some(Device::FdDir) => return Err(err(FsErrorKind::IsADirectory, path)),
            None => {}
        }
        let (fs, rel, _) = self.dispatch(&p);
        fs.write(&rel, data).map_err(|e| err(e.kind, path))
    }

    fn append(&self, path: &str, data: &[u8]) -> FsResult<()> {
        let p = self.resolve(path, true)?;
        match device(&p) {
            Some(Device::Null | Device::Zero | Device::Random) => return Ok(()),
            Some(Device::Fd(_)) => return Err(fd_error(path)),
            Some(Device::FdDir) => return Err(err(FsErrorKind::IsADirectory, path)),
            None => {}
        }
        let (fs, rel, _) = self.dispatch(&p);
        fs.append(&rel, data).map_err(|e| err(e.kind, path))
    }

    fn open_write(&self, path: &str, mode: WriteMode) -> FsResult<FileWriter> {
        let p = self.resolve(path, mode != WriteMode::CreateNew)?;
        match device(&p) {
            Some(_) if mode == WriteMode::CreateNew => {
                return Err(err(FsErrorKind::AlreadyExists, path));
            }
            Some(Device::Null | Device::Zero | Device::Random) => {
                return Ok(Box::new(io::sink()));
            }
            Some(Device::Fd(_)) => return Err(fd_error(path)),
            Some(Device::FdDir) => return Err(err(FsErrorKind::IsADirectory, path)),
            None => {}
        }
        let (fs, rel, _) = self.dispatch(&p);
        fs.open_write(&rel, mode).map_err(|e| err(e.kind, path))
    }

    fn truncate(&self, path: &str, len: u64) -> FsResult<()> {
        let p = self.resolve(path, true)?;
        match device(&p) {
            Some(Device::Null | Device::Zero | Device::Random) => return Ok(()),
            Some(Device::Fd(_)) => return Err(fd_error(path)),
            Some(Device::FdDir) => return Err(err(FsErrorKind::IsADirectory, path)),
            None => {}
        }
        let (fs, rel, _) = self.dispatch(&p);
        fs.truncate(&rel, len).map_err(|e| err(e.kind, path))
    }

    fn create_dir(&self, path: &str, recursive: bool) -> FsResult<()> {
        let p = self.resolve(path, recursive)?;
        let special_dir =
            p == "/" || p == "/dev" || device(&p) == Some(Device::FdDir) || self.is_mount_point(&p);
        if special_dir {
            return if recursive {
                Ok(())
            } else {
                Err(err(FsErrorKind::AlreadyExists, path))
            };
        }
        if device(&p).is_some() {
            return Err(err(FsErrorKind::AlreadyExists, path));
        }
        if p.starts_with("/dev/fd/") {
            return Err(err(FsErrorKind::PermissionDenied, path));
        }
        let (fs, rel, _) = self.dispatch(&p);
        fs.create_dir(&rel, recursive)
            .map_err(|e| err(e.kind, path))
    }

    fn read_dir(&self, path: &str) -> FsResult<Vec<DirEntry>> {
        let p = self.resolve(path, true)?;
        match device(&p) {
            Some(Device::FdDir) => {
                return Ok(["0", "1", "2"]
                    .iter()
                    .map(|n| DirEntry {
                        name: (*n).to_string(),
                        kind: FileKind::CharDevice,
                    })
                    .collect());
            }
            Some(_) => return Err(err(FsErrorKind::NotADirectory, path)),
            None => {}
        }
        let (fs, rel, _) = self.dispatch(&p);
        let mut entries = match fs.read_dir(&rel) {
            Ok(e) => e,
            Err(e)
                if e.kind == FsErrorKind::NotFound
                    && (p == "/dev" || self.is_mount_ancestor(&p)) =>
            {
                Vec::new()
            }
            Err(e) => return Err(err(e.kind, path)),
        };
        let mut extra: Vec<DirEntry> = Vec::new();
        if p == "/dev" {
            extra.extend(DEV_ENTRIES.iter().map(|(n, k)| DirEntry {
                name: (*n).to_string(),
                kind: *k,
            }));
        }
        for point in self.mount_points() {
            if point == "/" {
                continue;
            }
            if point == p || !is_at_or_under(&point, &p) {
                continue;
            }
            // The first component of the mount point below `p`.
            let below = point.get(p.len()..).unwrap_or("");
            if let Some(name) = path::components(below).next()
                && !extra.iter().any(|x| x.name == name)
            {
                extra.push(DirEntry {
                    name: name.to_string(),
                    kind: FileKind::Dir,
                });
            }
        }
        if !extra.is_empty() {
            entries.retain(|e| !extra.iter().any(|x| x.name == e.name));
            entries.extend(extra);
            entries.sort_by(|a, b| a.name.cmp(&b.name));
        }
        Ok(entries)
    }

    fn remove_file(&self, path: &str) -> FsResult<()> {
        let p = self.resolve(path, false)?;
        if p == "/dev" || self.is_mount_point(&p) {
            return Err(err(FsErrorKind::Busy, path));
        }
        if device(&p).is_some() {
            return Err(err(FsErrorKind::PermissionDenied, path));
        }
        let (fs, rel, _) = self.dispatch(&p);
        fs.remove_file(&rel).map_err(|e| err(e.kind, path))
    }

    fn remove_dir(&self, path: &str, recursive: bool) -> FsResult<()> {
        let p = self.resolve(path, false)?;
        if p == "/" || p == "/dev" || self.has_mount_at_or_under(&p) {
            return Err(err(FsErrorKind::Busy, path));
        }
        match device(&p) {
            Some(Device::FdDir) => return Err(err(FsErrorKind::Busy, path)),
            Some(_) => return Err(err(FsErrorKind::NotADirectory, path)),
            None => {}
        }
        let (fs, rel, _) = self.dispatch(&p);
        fs.remove_dir(&rel, recursive)
            .map_err(|e| err(e.kind, path))
    }

    fn rename(&self, from: &str, to: &str) -> FsResult<()> {
        let f = self.resolve(from, false)?;
        let t = self.resolve(to, false)?;
        let special = |p: &str| p == "/" || p == "/dev" || device(p).is_some();
        if special(&f) || self.has_mount_at_or_under(&f) {
            return Err(err(FsErrorKind::Busy, from));
        }
        if special(&t) || self.has_mount_at_or_under(&t) {
            return Err(err(FsErrorKind::Busy, to));
        }
        let (ffs, frel, fpoint) = self.dispatch(&f);
        let (_, trel, tpoint) = self.dispatch(&t);
        if fpoint != tpoint {
            return Err(err(FsErrorKind::CrossDevice, to));
        }
        ffs.rename(&frel, &trel).map_err(|e| {
            let p = if e.path == trel && trel != frel {
                to
            } else {
                from
            };
            err(e.kind, p)
        })
    }

    fn copy(&self, from: &str, to: &str) -> FsResult<()> {
        let f = self.resolve(from, true)?;
        let t = self.resolve(to, true)?;
        if device(&f).is_some() || device(&t).is_some() {
            let data = self.read(from)?;
            return self.write(to, &data);
        }
        let (ffs, frel, fpoint) = self.dispatch(&f);
        let (tfs, trel, tpoint) = self.dispatch(&t);
        if fpoint == tpoint {
            return ffs.copy(&frel, &trel).map_err(|e| {
                let p = if e.path == trel && trel != frel {
                    to
                } else {
                    from
                };
                err(e.kind, p)
            });
        }
        let meta = ffs.metadata(&frel).map_err(|e| err(e.kind, from))?;
        if meta.is_dir() {
            return Err(err(FsErrorKind::IsADirectory, from));
        }
        let data = ffs.read(&frel).map_err(|e| err(e.kind, from))?;
        tfs.write(&trel, &data).map_err(|e| err(e.kind, to))?;
        tfs.set_mode(&trel, meta.mode).map_err(|e| err(e.kind, to))
    }

    fn symlink(&self, target: &str, link: &str) -> FsResult<()> {
        let p = self.resolve(link, false)?;
        if p == "/" || p == "/dev" || device(&p).is_some() || self.is_mount_point(&p) {
            return Err(err(FsErrorKind::AlreadyExists, link));
        }
        let (fs, rel, _) = self.dispatch(&p);
        fs.symlink(target, &rel).map_err(|e| err(e.kind, link))
    }

    fn read_link(&self, path: &str) -> FsResult<String> {
        let p = self.resolve(path, false)?;
        if p == "/dev" || device(&p).is_some() {
            return Err(err(FsErrorKind::InvalidInput, path));
        }
        let (fs, rel, _) = self.dispatch(&p);
        fs.read_link(&rel).map_err(|e| err(e.kind, path))
    }

    fn set_mode(&self, path: &str, mode: u32) -> FsResult<()> {
        let p = self.resolve(path, true)?;
        if device(&p).is_some() {
            return Ok(());
        }
        let (fs, rel, _) = self.dispatch(&p);
        fs.set_mode(&rel, mode).map_err(|e| err(e.kind, path))
    }

    fn set_mtime(&self, path: &str, mtime: SystemTime) -> FsResult<()> {
        let p = self.resolve(path, true)?;
        if device(&p).is_some() {
            return Ok(());
        }
        let (fs, rel, _) = self.dispatch(&p);
        fs.set_mtime(&rel, mtime).map_err(|e| err(e.kind, path))
    }

    fn set_times(&self, path: &str, times: Times, follow: bool) -> FsResult<()> {
        let p = self.resolve(path, follow)?;
        if device(&p).is_some() {
            return Ok(());
        }
        let (fs, rel, _) = self.dispatch(&p);
        fs.set_times(&rel, times, follow)
            .map_err(|e| err(e.kind, path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn kind<T>(r: FsResult<T>) -> FsErrorKind {
        match r {
            Ok(_) => panic!("expected an error"),
            Err(e) => e.kind,
        }
    }

    fn sandbox() -> Vfs {
        Vfs::sandbox(Arc::new(MemoryFs::new()), FsLimits::default())
    }

    fn names(v: &Vfs, p: &str) -> Vec<String> {
        v.read_dir(p).unwrap().into_iter().map(|e| e.name).collect()
    }

    #[test]
    fn space_names_the_mount() {
        let v = sandbox();
        v.write("/workspace/f", b"abc").unwrap();
        let s = v.space("/workspace/f").unwrap();
        assert_eq!((s.mount.as_str(), s.usage.bytes), ("/workspace", 3));
        assert_eq!(s.limits, FsLimits::default());
        assert_eq!(v.space("/tmp").unwrap().mount, "/");
    }

    #[test]
    fn sandbox_layout() {
        let v = sandbox();
        assert_eq!(names(&v, "/"), ["dev", "home", "tmp", "workspace"]);
        assert_eq!(names(&v, "/home"), ["agent"]);
        assert_eq!(
            names(&v, "/dev"),
            [
                "fd", "null", "random", "stderr", "stdin", "stdout", "urandom", "zero"
            ]
        );
        assert_eq!(names(&v, "/dev/fd"), ["0", "1", "2"]);
        assert_eq!(v.metadata("/tmp").unwrap().mode, 0o1777);
        assert!(v.metadata("/workspace").unwrap().is_dir());
        assert_eq!(kind(v.metadata("/etc/passwd")), FsErrorKind::NotFound);
        assert_eq!(kind(v.metadata("/bin")), FsErrorKind::NotFound);
        assert_eq!(v.mount_points(), ["/workspace", "/"]);
    }

    #[test]
    fn mounts_dispatch_relative() {
        let ws = Arc::new(MemoryFs::new());
        let v = Vfs::sandbox(ws.clone(), FsLimits::default());
        v.write("/workspace/a.txt", b"hi").unwrap();
        assert_eq!(ws.read("/a.txt").unwrap(), b"hi");
        v.create_dir("/workspace/sub/deeper", true).unwrap();
        assert!(ws.metadata("/sub/deeper").unwrap().is_dir());
        assert_eq!(names(&v, "/workspace"), ["a.txt", "sub"]);
        // Longest prefix wins.
        let inner = Arc::new(MemoryFs::new());
        inner.write("/x", b"inner").unwrap();
        v.mount("/workspace/sub/m", inner).unwrap();
        assert_eq!(v.read("/workspace/sub/m/x").unwrap(), b"inner");
        assert_eq!(names(&v, "/workspace/sub"), ["deeper", "m"]);
        // Errors name the user's path.
        let e = v.read("/workspace/nope").unwrap_err();
        assert_eq!(e.path, "/workspace/nope");
        // A mount point whose parent is missing shows up as directories.
        v.mount("/mnt/data", Arc::new(MemoryFs::new())).unwrap();
        assert!(v.metadata("/mnt").unwrap().is_dir());
        assert_eq!(names(&v, "/mnt"), ["data"]);
        assert!(names(&v, "/").contains(&"mnt".to_string()));
        assert!(v.unmount("/mnt/data").is_ok());
        assert_eq!(kind(v.unmount("/mnt/data")), FsErrorKind::InvalidInput);
        assert_eq!(kind(v.unmount("/")), FsErrorKind::Busy);
    }

    #[test]
    fn busy_and_cross_device() {
        let v = sandbox();
        v.write("/tmp/f", b"x").unwrap();
        assert_eq!(
            kind(v.rename("/tmp/f", "/workspace/f")),
            FsErrorKind::CrossDevice
        );
        v.rename("/tmp/f", "/home/agent/f").unwrap();
        assert_eq!(v.read("/home/agent/f").unwrap(), b"x");
        assert_eq!(kind(v.remove_dir("/workspace", true)), FsErrorKind::Busy);
        assert_eq!(kind(v.remove_dir("/", true)), FsErrorKind::Busy);
        assert_eq!(kind(v.rename("/workspace", "/w2")), FsErrorKind::Busy);
        assert_eq!(
            kind(v.rename("/home/agent", "/workspace")),
            FsErrorKind::Busy
        );
        assert_eq!(kind(v.remove_file("/workspace")), FsErrorKind::Busy);
        assert_eq!(
            kind(v.remove_file("/dev/null")),
            FsErrorKind::PermissionDenied
        );
        assert_eq!(kind(v.remove_dir("/dev", true)), FsErrorKind::Busy);
        assert_eq!(kind(v.rename("/dev/null", "/tmp/n")), FsErrorKind::Busy);
        assert_eq!(kind(v.rename("/tmp/x", "/dev/zero")), FsErrorKind::Busy);
        assert_eq!(
            kind(v.remove_dir("/dev/null", false)),
            FsErrorKind::NotADirectory
        );
        assert_eq!(kind(v.remove_dir("/dev/fd", true)), FsErrorKind::Busy);
        v.create_dir("/dev/shm", false).unwrap();
        v.rename("/dev/shm", "/dev/shm2").unwrap();
        v.remove_dir("/dev/shm2", false).unwrap();
        assert_eq!(
            kind(v.create_dir("/workspace", false)),
            FsErrorKind::AlreadyExists
        );
        v.create_dir("/workspace", true).unwrap();
        v.create_dir("/dev", true).unwrap();
        // Copy across mounts works.
        v.set_mode("/home/agent/f", 0o755).unwrap();
        v.copy("/home/agent/f", "/workspace/g").unwrap();
        assert_eq!(v.read("/workspace/g").unwrap(), b"x");
        assert_eq!(v.metadata("/workspace/g").unwrap().mode, 0o755);
        v.copy("/workspace/g", "/workspace/h").unwrap();
        v.copy("/dev/null", "/tmp/empty").unwrap();
        assert_eq!(v.read("/tmp/empty").unwrap(), b"");
    }

    #[test]
    fn symlinks_across_mounts() {
        let v = sandbox();
        v.create_dir("/tmp/x", false).unwrap();
        v.write("/tmp/x/f", b"data").unwrap();
        v.symlink("/tmp/x", "/workspace/abs").unwrap();
        v.symlink("../tmp/x", "/workspace/rel").unwrap();
        assert_eq!(v.read("/workspace/abs/f").unwrap(), b"data");
        assert_eq!(v.read("/workspace/rel/f").unwrap(), b"data");
        assert!(v.metadata("/workspace/abs").unwrap().is_dir());
        assert!(v.symlink_metadata("/workspace/abs").unwrap().is_symlink());
        assert_eq!(v.read_link("/workspace/rel").unwrap(), "../tmp/x");
        assert_eq!(names(&v, "/workspace/abs"), ["f"]);
        // Writes through a link land in the target mount.
        v.write("/workspace/abs/g", b"new").unwrap();
        assert_eq!(v.read("/tmp/x/g").unwrap(), b"new");
        // A final symlink to a file, and a dangling one.
        v.symlink("/tmp/x/f", "/workspace/lf").unwrap();
        assert_eq!(v.read("/workspace/lf").unwrap(), b"data");
        v.symlink("/tmp/created", "/workspace/dang").unwrap();
        v.write("/workspace/dang", b"c").unwrap();
        assert_eq!(v.read("/tmp/created").unwrap(), b"c");
        // Removing the link keeps the target.
        v.remove_file("/workspace/lf").unwrap();
        assert!(v.metadata("/tmp/x/f").is_ok());
        // A link to a device.
        v.symlink("/dev/null", "/tmp/null").unwrap();
        v.write("/tmp/null", b"gone").unwrap();
        assert_eq!(v.read("/tmp/null").unwrap(), b"");
        // Loops.
        v.symlink("/tmp/l2", "/tmp/l1").unwrap();
        v.symlink("/tmp/l1", "/tmp/l2").unwrap();
        assert_eq!(kind(v.read("/tmp/l1")), FsErrorKind::TooManyLinks);
        assert_eq!(kind(v.read("/tmp/l1/x")), FsErrorKind::TooManyLinks);
        // rename moves the link, not its target.
        v.rename("/workspace/abs", "/workspace/abs2").unwrap();
        assert!(v.symlink_metadata("/workspace/abs2").unwrap().is_symlink());
        assert!(v.metadata("/tmp/x").unwrap().is_dir());
    }

    #[test]
    fn devices() {
        let v = sandbox();
        let m = v.metadata("/dev/null").unwrap();
        assert_eq!(m.kind, FileKind::CharDevice);
        assert_eq!(m.mode, 0o666);
        assert_eq!(v.read("/dev/null").unwrap(), b"");
        v.write("/dev/null", b"x").unwrap();
        v.append("/dev/null", b"x").unwrap();
        v.truncate("/dev/null", 0).unwrap();
        let mut w = v.open_write("/dev/null", WriteMode::Truncate).unwrap();
        w.write_all(b"discard").unwrap();
        assert_eq!(
            kind(v.open_write("/dev/null", WriteMode::CreateNew)),
            FsErrorKind::AlreadyExists
        );
        let mut buf = [1u8; 100];
        v.open_read("/dev/zero")
            .unwrap()
            .read_exact(&mut buf)
            .unwrap();
        assert!(buf.iter().all(|&b| b == 0));
        assert_eq!(kind(v.read("/dev/zero")), FsErrorKind::FileTooLarge);
        assert_eq!(kind(v.read("/dev/urandom")), FsErrorKind::FileTooLarge);
        assert_eq!(
            kind(v.open_read("/dev/stdin")),
            FsErrorKind::PermissionDenied
        );
        assert_eq!(
            kind(v.open_write("/dev/stdout", WriteMode::Append)),
            FsErrorKind::PermissionDenied
        );
        assert_eq!(
            kind(v.write("/dev/stderr", b"")),
            FsErrorKind::PermissionDenied
        );
        assert_eq!(kind(v.read("/dev/fd/3")), FsErrorKind::PermissionDenied);
        assert_eq!(
            v.metadata("/dev/stdout").unwrap().kind,
            FileKind::CharDevice
        );
        assert!(v.metadata("/dev/fd").unwrap().is_dir());
        assert_eq!(v.metadata("/dev/fd/0").unwrap().kind, FileKind::CharDevice);
        assert_eq!(kind(v.metadata("/dev/nope")), FsErrorKind::NotFound);
        assert_eq!(device_fd("/dev/stderr"), Some(2));
        assert_eq!(device_fd("/dev/fd/7"), Some(7));
        assert_eq!(device_fd("/dev/null"), None);
        assert_eq!(device_fd("/dev/fd/x"), None);
        v.set_mode("/dev/null", 0).unwrap();
        assert_eq!(v.metadata("/dev/null").unwrap().mode, 0o666);
        // Devices exist without a /dev directory in the root backend.
        let bare = Vfs::new(Arc::new(MemoryFs::new()));
        assert!(bare.metadata("/dev").unwrap().is_dir());
        assert_eq!(bare.read("/dev/null").unwrap(), b"");
        assert_eq!(names(&bare, "/dev").len(), 8);
    }

    #[test]
    fn urandom_is_seedable() {
        let v = sandbox();
        let draw = |v: &Vfs| {
            let mut buf = [0u8; 37];
            v.open_read("/dev/urandom")
                .unwrap()
                .read_exact(&mut buf)
                .unwrap();
            buf
        };
        v.set_random_seed(42);
        let a = draw(&v);
        let b = draw(&v);
        v.set_random_seed(42);
        assert_eq!(draw(&v), a);
        assert_ne!(a, b);
        assert!(a.iter().any(|&x| x != 0));
    }

    #[test]
    fn normalization_errors() {
        let v = sandbox();
        assert_eq!(kind(v.read("/tmp/a\0b")), FsErrorKind::InvalidInput);
        let long = format!("/tmp/{}", "x".repeat(300));
        assert_eq!(kind(v.write(&long, b"")), FsErrorKind::NameTooLong);
        v.write("/tmp/../tmp/./f", b"1").unwrap();
        assert_eq!(v.read("/tmp/f").unwrap(), b"1");
        assert_eq!(v.read("tmp/f").unwrap(), b"1");
    }

    #[test]
    fn streaming_write_through_vfs() {
        let v = sandbox();
        let mut w = v.open_write("/workspace/out", WriteMode::Truncate).unwrap();
        for i in 0..3 {
            w.write_all(format!("{i}\n").as_bytes()).unwrap();
            assert_eq!(v.read("/workspace/out").unwrap().len(), 2 * (i + 1));
        }
    }

    #[test]
    fn shared_limits_between_root_dirs() {
        let limits = FsLimits {
            max_total_bytes: 10,
            ..FsLimits::default()
        };
        let v = Vfs::sandbox(Arc::new(MemoryFs::new()), limits);
        v.write("/tmp/a", b"123456").unwrap();
        assert_eq!(
            kind(v.write("/home/agent/b", b"123456")),
            FsErrorKind::NoSpace
        );
        // The workspace has its own backend and budget.
        v.write("/workspace/b", b"123456").unwrap();
    }

    #[test]
    fn vfs_is_send_sync() {
        fn check<T: Send + Sync>() {}
        check::<Vfs>();
        check::<MemoryFs>();
    }
}
