//! The inodes of the tree and the handles used while walking it.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::SystemTime;

use crate::{FileKind, FsError, FsErrorKind};

/// An inode number; never reused while the tree lives.
pub(super) type Ino = u64;
/// The inode of `/`.
pub(super) const ROOT: Ino = 0;

/// What a node holds.
#[derive(Clone, Debug)]
pub(super) enum Data {
    File(Arc<Vec<u8>>),
    Dir(BTreeMap<String, Ino>),
    Symlink(String),
}

/// One inode: its content, permission bits and modification time.
#[derive(Clone, Debug)]
pub(super) struct Node {
    pub(super) data: Data,
    pub(super) mode: u32,
    pub(super) mtime: SystemTime,
    /// Last access time: creation or `set_times`, never reads.
    pub(super) atime: SystemTime,
    /// For a directory, how many of its children are directories: its
    /// `nlink` is 2 more. Kept as children come and go, since counting
    /// them on every `metadata` made filling a directory quadratic (fuzz
    /// F19: 10000 files in one directory took 4.5 s).
    pub(super) subdirs: u64,
}

impl Node {
    pub(super) fn new(data: Data, mode: u32) -> Self {
        let now = SystemTime::now();
        Self {
            data,
            mode,
            mtime: now,
            atime: now,
            subdirs: 0,
        }
    }

    pub(super) fn is_dir(&self) -> bool {
        matches!(self.data, Data::Dir(_))
    }

    pub(super) fn stored_bytes(&self) -> u64 {
        match &self.data {
            Data::File(c) => c.len() as u64,
            Data::Symlink(t) => t.len() as u64,
            Data::Dir(_) => 0,
        }
    }

    pub(super) fn kind(&self) -> FileKind {
        match &self.data {
            Data::File(_) => FileKind::File,
            Data::Dir(_) => FileKind::Dir,
            Data::Symlink(_) => FileKind::Symlink,
        }
    }
}

/// A position in the tree: the inodes from the root down to the current
/// node, and the names taken between them.
#[derive(Clone, Debug)]
pub(super) struct Pos {
    pub(super) chain: Vec<Ino>,
    pub(super) names: Vec<String>,
}

impl Pos {
    pub(super) fn root() -> Self {
        Self {
            chain: vec![ROOT],
            names: Vec::new(),
        }
    }

    pub(super) fn ino(&self) -> Ino {
        self.chain.last().copied().unwrap_or(ROOT)
    }

    pub(super) fn depth(&self) -> u64 {
        self.names.len() as u64
    }
}

/// Where a name to create or replace lives.
pub(super) struct Slot {
    pub(super) parent: Pos,
    pub(super) name: String,
    pub(super) existing: Option<Ino>,
}

/// An error of `kind` about `path`.
pub(super) fn err(kind: FsErrorKind, path: &str) -> FsError {
    FsError::new(kind, path)
}

/// Pushes the components of `path` so that popping yields them in order;
/// empty and `.` components are skipped.
pub(super) fn push_components(pending: &mut Vec<String>, path: &str) {
    for c in path.split('/').rev() {
        if !c.is_empty() && c != "." {
            pending.push(c.to_string());
        }
    }
}
