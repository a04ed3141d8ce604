//! Size and shape bounds for in-memory filesystems.

/// Bounds a [`crate::MemoryFs`] enforces on everything it stores.
///
/// - more than `max_total_bytes` of file content and symlink targets, or
///   more than `max_entries` files, directories and symlinks (the root not
///   counted) → [`crate::FsErrorKind::NoSpace`];
/// - a file longer than `max_file_size` → [`crate::FsErrorKind::FileTooLarge`];
/// - an entry more than `max_depth` components below the root (also through
///   `rename` of a deep directory) → [`crate::FsErrorKind::NameTooLong`], as
///   the depth bound is a bound on path shape, not on capacity.
///
/// A write that would cross a bound fails whole and changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FsLimits {
    /// Total bytes of file content and symlink targets.
    pub max_total_bytes: u64,
    /// Number of files, directories and symlinks (the root excluded).
    pub max_entries: u64,
    /// Largest single file, in bytes.
    pub max_file_size: u64,
    /// Deepest entry, in path components below the root.
    pub max_depth: u64,
}

impl FsLimits {
    /// The normal profile: 1 GB in total, 100 000 entries, 256 MB per file,
    /// 128 levels deep. Same as [`FsLimits::default`].
    pub const fn normal() -> Self {
        Self {
            max_total_bytes: 1 << 30,
            max_entries: 100_000,
            max_file_size: 256 << 20,
            max_depth: 128,
        }
    }

    /// The strict profile: 100 MB in total, 10 000 entries, 10 MB per file,
    /// 64 levels deep.
    pub const fn strict() -> Self {
        Self {
            max_total_bytes: 100 << 20,
            max_entries: 10_000,
            max_file_size: 10 << 20,
            max_depth: 64,
        }
    }

    /// No bounds at all (every field `u64::MAX`); for trusted callers and tests.
    pub const fn unlimited() -> Self {
        Self {
            max_total_bytes: u64::MAX,
            max_entries: u64::MAX,
            max_file_size: u64::MAX,
            max_depth: u64::MAX,
        }
    }
}

impl Default for FsLimits {
    fn default() -> Self {
        Self::normal()
    }
}

/// What a [`crate::MemoryFs`] currently holds, as counted against its [`FsLimits`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FsUsage {
    /// Bytes of file content and symlink targets.
    pub bytes: u64,
    /// Files, directories and symlinks, the root excluded.
    pub entries: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profiles() {
        let d = FsLimits::default();
        assert_eq!(d.max_total_bytes, 1 << 30);
        assert_eq!(d.max_entries, 100_000);
        assert_eq!(d.max_file_size, 256 << 20);
        assert_eq!(d.max_depth, 128);
        let s = FsLimits::strict();
        assert_eq!(s.max_total_bytes, 100 << 20);
        assert_eq!(s.max_entries, 10_000);
        assert_eq!(s.max_file_size, 10 << 20);
        assert_eq!(s.max_depth, 64);
        assert_eq!(FsLimits::unlimited().max_depth, u64::MAX);
    }
}
