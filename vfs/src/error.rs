//! Errors with errno-like kinds, so utilities can print GNU-style messages.

use thiserror::Error;

/// The errno-like kind of a filesystem error; `Display` gives the
/// `strerror` text GNU tools print (`No such file or directory`...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FsErrorKind {
    /// ENOENT
    NotFound,
    /// ENOTDIR
    NotADirectory,
    /// EISDIR
    IsADirectory,
    /// ENOTEMPTY
    DirectoryNotEmpty,
    /// EACCES / EPERM
    PermissionDenied,
    /// EEXIST
    AlreadyExists,
    /// ENOSPC: a total-bytes or entry-count limit.
    NoSpace,
    /// EFBIG: the largest-file limit.
    FileTooLarge,
    /// ENAMETOOLONG: a path over 4096 bytes or a component over 255.
    NameTooLong,
    /// ELOOP: more than 40 symlink hops.
    TooManyLinks,
    /// EINVAL: NUL in a path, renaming a directory into itself...
    InvalidInput,
    /// EROFS: a write to a read-only mount.
    ReadOnly,
    /// EXDEV: a rename across mounts (callers fall back to copy + remove).
    CrossDevice,
    /// EBUSY: removing a mount point.
    Busy,
    /// EIO: anything else a host backend reports.
    Io,
}

impl FsErrorKind {
    /// The `strerror` text for this kind.
    pub fn message(self) -> &'static str {
        match self {
            Self::NotFound => "No such file or directory",
            Self::NotADirectory => "Not a directory",
            Self::IsADirectory => "Is a directory",
            Self::DirectoryNotEmpty => "Directory not empty",
            Self::PermissionDenied => "Permission denied",
            Self::AlreadyExists => "File exists",
            Self::NoSpace => "No space left on device",
            Self::FileTooLarge => "File too large",
            Self::NameTooLong => "File name too long",
            Self::TooManyLinks => "Too many levels of symbolic links",
            Self::InvalidInput => "Invalid argument",
            Self::ReadOnly => "Read-only file system",
            Self::CrossDevice => "Invalid cross-device link",
            Self::Busy => "Device or resource busy",
            Self::Io => "Input/output error",
        }
    }
}

impl std::fmt::Display for FsErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

/// A filesystem error: its kind and the sandbox path it concerns. `Display`
/// is only the `strerror` text, so a utility can print
/// `cat: PATH: No such file or directory` with the path as the user wrote it.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{kind}")]
pub struct FsError {
    /// What went wrong.
    pub kind: FsErrorKind,
    /// The absolute sandbox path involved.
    pub path: String,
}

impl FsError {
    /// Builds an error of `kind` about `path`.
    pub fn new(kind: FsErrorKind, path: impl Into<String>) -> Self {
        Self {
            kind,
            path: path.into(),
        }
    }
}

impl From<FsError> for std::io::Error {
    fn from(e: FsError) -> Self {
        let kind = match e.kind {
            FsErrorKind::NotFound => std::io::ErrorKind::NotFound,
            FsErrorKind::PermissionDenied => std::io::ErrorKind::PermissionDenied,
            FsErrorKind::AlreadyExists => std::io::ErrorKind::AlreadyExists,
            FsErrorKind::InvalidInput => std::io::ErrorKind::InvalidInput,
            _ => std::io::ErrorKind::Other,
        };
        std::io::Error::new(kind, e)
    }
}

/// Result alias for filesystem operations.
pub type FsResult<T> = Result<T, FsError>;
