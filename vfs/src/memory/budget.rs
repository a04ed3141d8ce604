//! The limits checks every change runs before it touches the tree, so a
//! refused change leaves nothing behind.

use super::node::err;
use super::tree::Tree;
use crate::{FsErrorKind, FsResult};

impl Tree {
    /// Whether one more entry, `depth` levels down and storing
    /// `extra_bytes`, fits.
    pub(super) fn check_new_entry(&self, depth: u64, extra_bytes: u64, p: &str) -> FsResult<()> {
        if depth > self.limits.max_depth {
            return Err(err(FsErrorKind::NameTooLong, p));
        }
        if self.entries.saturating_add(1) > self.limits.max_entries {
            return Err(err(FsErrorKind::NoSpace, p));
        }
        if self.bytes.saturating_add(extra_bytes) > self.limits.max_total_bytes {
            return Err(err(FsErrorKind::NoSpace, p));
        }
        Ok(())
    }

    /// Whether `count` new empty entries fit, the deepest at `depth` (a
    /// recursive `create_dir` checks all its directories before making
    /// the first).
    pub(super) fn check_new_entries(&self, depth: u64, count: u64, p: &str) -> FsResult<()> {
        if depth > self.limits.max_depth {
            return Err(err(FsErrorKind::NameTooLong, p));
        }
        if self.entries.saturating_add(count) > self.limits.max_entries {
            return Err(err(FsErrorKind::NoSpace, p));
        }
        Ok(())
    }

    /// Whether a file may go from `old_len` to `new_len` bytes; shrinking
    /// is allowed even when the tree is already over its total.
    pub(super) fn check_resize(&self, old_len: u64, new_len: u64, p: &str) -> FsResult<()> {
        if new_len > self.limits.max_file_size {
            return Err(err(FsErrorKind::FileTooLarge, p));
        }
        let total = self.bytes.saturating_sub(old_len).saturating_add(new_len);
        if new_len > old_len && total > self.limits.max_total_bytes {
            return Err(err(FsErrorKind::NoSpace, p));
        }
        Ok(())
    }
}
