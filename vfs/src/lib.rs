//! The virtual filesystem of a sandbash sandbox.
//!
//! Nothing here knows about shells. A [`FileSystem`] is one backend: an
//! in-memory tree ([`MemoryFs`]), a host directory confined with `cap-std`
//! ([`HostFs`]), or a copy-on-write [`OverlayFs`] of a read-only lower layer
//! under an in-memory upper one. A [`Vfs`] is the mount table a sandbox
//! sees: it normalizes every path, resolves symlinks across mounts (at most
//! 40 hops), dispatches to the backend with the longest matching mount
//! prefix, and serves the devices under `/dev` (`null`, `zero`, `urandom`,
//! and the `stdin`/`stdout`/`stderr`/`fd` entries the interpreter maps to
//! its own descriptors, see [`device_fd`]). [`Vfs::sandbox`] builds the
//! default layout: an in-memory root with `/workspace` (the given backend),
//! `/tmp`, `/home/agent` and `/dev`, and nothing of the host.
//!
//! [`MemoryFs`] is bounded by [`FsLimits`] (total bytes, entries, file size,
//! depth) and can be saved and restored with [`MemoryFs::snapshot`] /
//! [`MemoryFs::restore`]. A [`HostFs`] opened with
//! [`HostFs::open_with_limits`] enforces the same bounds on what the sandbox
//! adds, counting from what the directory held when mounted.
//!
//! Invariants every backend keeps:
//! - paths it receives are absolute, normalized, relative to its own root,
//!   and contain no NUL byte;
//! - an operation that fails leaves the previous state intact (a write that
//!   would exceed a [`FsLimits`] bound changes nothing);
//! - a write that returned `Ok` is visible to every later read.

#![warn(missing_docs)]

mod error;
mod host;
mod limits;
mod memory;
mod overlay;
pub mod path;
mod process;
mod vfs;

pub use error::{FsError, FsErrorKind, FsResult};
pub use host::{HostFs, io_error_kind};
pub use limits::{FsLimits, FsUsage};
pub use memory::{DEFAULT_DIR_MODE, DEFAULT_FILE_MODE, MAX_SYMLINK_HOPS, MemoryFs};
pub use overlay::OverlayFs;
pub use process::ProcessFs;
pub use vfs::{DEVICE_MODE, Vfs, device_fd};

use std::io::{Read, Write};
use std::time::SystemTime;

/// What kind of object a path names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileKind {
    /// A regular file.
    File,
    /// A directory.
    Dir,
    /// A symbolic link (only reported by [`FileSystem::symlink_metadata`]).
    Symlink,
    /// A character device such as `/dev/null`.
    CharDevice,
}

/// What `stat` tells about a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Metadata {
    /// The kind of object.
    pub kind: FileKind,
    /// Size in bytes (0 for directories and devices; target length for symlinks).
    pub size: u64,
    /// Permission bits (`0o755`...), without the file-type bits.
    pub mode: u32,
    /// Last modification time.
    pub mtime: SystemTime,
    /// Last access time: set at creation and by [`FileSystem::set_times`]
    /// (`touch -a`); reading does not update it, as on a `noatime` mount.
    pub atime: SystemTime,
    /// Link count; directories may report 2 + subdirectories, or 1.
    pub nlink: u64,
}

impl Metadata {
    /// True for directories.
    pub fn is_dir(&self) -> bool {
        self.kind == FileKind::Dir
    }
    /// True for regular files.
    pub fn is_file(&self) -> bool {
        self.kind == FileKind::File
    }
    /// True for symbolic links.
    pub fn is_symlink(&self) -> bool {
        self.kind == FileKind::Symlink
    }
}

/// The times [`FileSystem::set_times`] changes; `None` leaves one as is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Times {
    /// The new access time.
    pub atime: Option<SystemTime>,
    /// The new modification time.
    pub mtime: Option<SystemTime>,
}

/// One entry of a directory listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirEntry {
    /// The entry's file name (one path component).
    pub name: String,
    /// The entry's kind, symlinks not followed.
    pub kind: FileKind,
}

/// How [`FileSystem::open_write`] opens a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteMode {
    /// Create or truncate (`>`).
    Truncate,
    /// Create or append (`>>`).
    Append,
    /// Create; fail with `File exists` if it exists (`set -o noclobber`, `mktemp`).
    CreateNew,
    /// Open for read and write without truncating, creating it if missing (`<>`).
    Update,
}

/// A streaming reader over a file's content.
pub type FileReader = Box<dyn Read + Send>;
/// A streaming writer into a file: every `write` that returns `Ok` is stored.
pub type FileWriter = Box<dyn Write + Send>;

/// One filesystem backend. Object-safe and shareable between threads: a
/// session's foreground script, its pipeline stages and its background jobs
/// all use the same backend at once.
///
/// All paths are absolute and normalized (see [`path::normalize`]); backends
/// below a [`Vfs`] receive paths relative to their own mount point, with
/// symlinks in the parent directories already resolved by the [`Vfs`].
pub trait FileSystem: Send + Sync {
    /// `stat`: follows a symlink in the last component.
    fn metadata(&self, path: &str) -> FsResult<Metadata>;
    /// `lstat`: does not follow a symlink in the last component.
    fn symlink_metadata(&self, path: &str) -> FsResult<Metadata>;
    /// Reads a whole file.
    fn read(&self, path: &str) -> FsResult<Vec<u8>>;
    /// Opens a file for streaming reads.
    fn open_read(&self, path: &str) -> FsResult<FileReader>;
    /// Replaces (or creates) a file with `data`; on error the old content stays.
    fn write(&self, path: &str, data: &[u8]) -> FsResult<()>;
    /// Appends `data` to a file, creating it if missing.
    fn append(&self, path: &str, data: &[u8]) -> FsResult<()>;
    /// Opens a file for streaming writes in the given mode.
    fn open_write(&self, path: &str, mode: WriteMode) -> FsResult<FileWriter>;
    /// Truncates or extends a file to `len` bytes.
    fn truncate(&self, path: &str, len: u64) -> FsResult<()>;
    /// Creates a directory; with `recursive`, also its missing parents and no
    /// error if it already exists as a directory (`mkdir -p`).
    fn create_dir(&self, path: &str, recursive: bool) -> FsResult<()>;
    /// Lists a directory, sorted by name (bytewise), without `.` and `..`.
    fn read_dir(&self, path: &str) -> FsResult<Vec<DirEntry>>;
    /// Removes a file or symlink (never a directory).
    fn remove_file(&self, path: &str) -> FsResult<()>;
    /// Removes a directory: empty only, or with everything below it.
    fn remove_dir(&self, path: &str, recursive: bool) -> FsResult<()>;
    /// Renames atomically within this backend, replacing a file at `to`.
    fn rename(&self, from: &str, to: &str) -> FsResult<()>;
    /// Copies one file's content (and mode) to `to`.
    fn copy(&self, from: &str, to: &str) -> FsResult<()>;
    /// Creates a symlink at `link` whose target text is `target`.
    fn symlink(&self, target: &str, link: &str) -> FsResult<()>;
    /// Reads a symlink's target text.
    fn read_link(&self, path: &str) -> FsResult<String>;
    /// Sets permission bits.
    fn set_mode(&self, path: &str, mode: u32) -> FsResult<()>;
    /// Sets the modification time.
    fn set_mtime(&self, path: &str, mtime: SystemTime) -> FsResult<()>;

    /// Sets the access and/or modification time (`utimensat`): of what
    /// `path` names, or of a symlink itself when `follow` is false (`touch
    /// -h`). A backend without access times or link times sets what it
    /// keeps: the default sets the modification time of what a followed
    /// path names and refuses to change a link itself.
    fn set_times(&self, path: &str, times: Times, follow: bool) -> FsResult<()> {
        if !follow && self.symlink_metadata(path)?.is_symlink() {
            return Err(FsError::new(FsErrorKind::InvalidInput, path));
        }
        match times.mtime {
            Some(m) => self.set_mtime(path, m),
            None => Ok(()),
        }
    }

    /// What the filesystem holding `path` stores and may store (`df`,
    /// `stat %m`); `None` from a backend that does not count, the default.
    fn space(&self, path: &str) -> Option<Space> {
        let _ = path;
        None
    }

    /// The creation mask of the process this view of the filesystem
    /// belongs to (see [`ProcessFs`]): `chmod +r` and `cp -r` apply it as
    /// GNU's do. A bare backend answers 022, the mask its default modes
    /// stand for.
    fn umask(&self) -> u32 {
        0o022
    }
}

/// One filesystem's use and bounds, and where it is mounted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Space {
    /// What it stores now.
    pub usage: FsUsage,
    /// What it may store.
    pub limits: FsLimits,
    /// Its mount point in the sandbox (`/` for a backend on its own).
    pub mount: String,
}
