//! [`MemoryFs`]: the in-memory tree backend.
//!
//! The tree is an arena of inodes behind one `RwLock`: directories map names
//! (sorted bytewise) to inode numbers, files hold their content in an
//! `Arc<Vec<u8>>` (so `copy` and open readers share it; a later write copies
//! on demand), symlinks hold their target text. Inode numbers are never
//! reused, so a writer whose file was removed meanwhile just discards its
//! writes. Every walk (lookup, recursive removal, height, snapshot) is
//! iterative.

use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::SystemTime;

use crate::limits::{FsLimits, FsUsage};
use crate::{
    DirEntry, FileKind, FileReader, FileSystem, FileWriter, FsErrorKind, FsResult, Metadata, Times,
    WriteMode, path,
};

mod budget;
mod edit;
mod node;
mod snapshot;
mod stream;
mod tree;

use node::{Data, Node, err};
use stream::{MemReader, MemWriter};
use tree::Tree;

/// Most symlinks followed while resolving one path (Linux `MAXSYMLINKS`).
pub const MAX_SYMLINK_HOPS: u32 = 40;

/// Default permission bits of a new regular file.
pub const DEFAULT_FILE_MODE: u32 = 0o644;
/// Default permission bits of a new directory.
pub const DEFAULT_DIR_MODE: u32 = 0o755;
/// Permission bits of a symlink, which are never consulted.
const SYMLINK_MODE: u32 = 0o777;

/// The in-memory tree backend: files, directories and symlinks with mode
/// bits and modification times, bounded by [`FsLimits`].
///
/// Shareable between threads; cloning a `MemoryFs` would be ambiguous, so it
/// is not `Clone`: share it through an `Arc`.
#[derive(Debug)]
pub struct MemoryFs {
    tree: Arc<RwLock<Tree>>,
}

impl Default for MemoryFs {
    fn default() -> Self {
        Self::new()
    }
}

impl MemoryFs {
    /// An empty tree (just `/`) with the default (normal) limits.
    pub fn new() -> Self {
        Self::with_limits(FsLimits::default())
    }

    /// An empty tree bounded by `limits`.
    pub fn with_limits(limits: FsLimits) -> Self {
        Self {
            tree: Arc::new(RwLock::new(Tree::new(limits))),
        }
    }

    /// The bounds this tree enforces.
    pub fn limits(&self) -> FsLimits {
        self.read_tree().limits
    }

    /// Changes the bounds; what is already stored stays even if over them.
    pub fn set_limits(&self, limits: FsLimits) {
        self.write_tree().limits = limits;
    }

    /// What is stored now, as counted against the limits.
    pub fn usage(&self) -> FsUsage {
        let t = self.read_tree();
        FsUsage {
            bytes: t.bytes,
            entries: t.entries,
        }
    }

    fn read_tree(&self) -> RwLockReadGuard<'_, Tree> {
        self.tree.read().unwrap_or_else(|e| e.into_inner())
    }

    fn write_tree(&self) -> RwLockWriteGuard<'_, Tree> {
        self.tree.write().unwrap_or_else(|e| e.into_inner())
    }

    /// Serializes the whole tree (content, modes, mtimes, symlinks) into a
    /// self-contained versioned binary image; see [`MemoryFs::restore`].
    pub fn snapshot(&self) -> Vec<u8> {
        snapshot::encode(&self.read_tree())
    }

    /// Rebuilds a tree from [`MemoryFs::snapshot`] bytes, with the default
    /// limits. Corrupt or hostile bytes give `InvalidInput`; an image over
    /// the limits gives the limit's error.
    pub fn restore(bytes: &[u8]) -> FsResult<MemoryFs> {
        Self::restore_with_limits(bytes, FsLimits::default())
    }

    /// Like [`MemoryFs::restore`], bounded by `limits`.
    pub fn restore_with_limits(bytes: &[u8], limits: FsLimits) -> FsResult<MemoryFs> {
        let tree = snapshot::decode(bytes, limits)?;
        Ok(Self {
            tree: Arc::new(RwLock::new(tree)),
        })
    }
}

/// Normalizes a caller's path before it reaches the tree.
fn norm(p: &str) -> FsResult<String> {
    path::normalize(p)
}

impl FileSystem for MemoryFs {
    fn space(&self, _path: &str) -> Option<crate::Space> {
        Some(crate::Space {
            usage: self.usage(),
            limits: self.limits(),
            mount: "/".into(),
        })
    }

    fn metadata(&self, path: &str) -> FsResult<Metadata> {
        let p = norm(path)?;
        let t = self.read_tree();
        let ino = t.locate_ino(&p, true)?;
        t.metadata_of(ino, &p)
    }

    fn symlink_metadata(&self, path: &str) -> FsResult<Metadata> {
        let p = norm(path)?;
        let t = self.read_tree();
        let ino = t.locate_ino(&p, false)?;
        t.metadata_of(ino, &p)
    }

    fn read(&self, path: &str) -> FsResult<Vec<u8>> {
        let p = norm(path)?;
        let t = self.read_tree();
        let ino = t.locate_ino(&p, true)?;
        Ok(t.file_content(ino, &p)?.as_ref().clone())
    }

    fn open_read(&self, path: &str) -> FsResult<FileReader> {
        let p = norm(path)?;
        let t = self.read_tree();
        let ino = t.locate_ino(&p, true)?;
        let content = t.file_content(ino, &p)?;
        Ok(Box::new(MemReader { content, pos: 0 }))
    }

    fn write(&self, path: &str, data: &[u8]) -> FsResult<()> {
        let p = norm(path)?;
        self.write_tree()
            .replace_content(&p, Arc::new(data.to_vec()), None)
    }

    fn append(&self, path: &str, data: &[u8]) -> FsResult<()> {
        let p = norm(path)?;
        let mut t = self.write_tree();
        let slot = t.locate_create(&p)?;
        match slot.existing {
            Some(ino) => {
                t.write_at(ino, 0, true, data, &p)?;
                Ok(())
            }
            None => {
                let node = Node::new(Data::File(Arc::new(data.to_vec())), DEFAULT_FILE_MODE);
                t.insert(&slot.parent, &slot.name, node, &p)?;
                Ok(())
            }
        }
    }

    fn open_write(&self, path: &str, mode: WriteMode) -> FsResult<FileWriter> {
        let p = norm(path)?;
        let mut t = self.write_tree();
        let (ino, _) = t.file_for_write(&p, mode == WriteMode::CreateNew)?;
        if mode == WriteMode::Truncate {
            t.set_len_and_edit(ino, 0, &p, |c| c.clear())?;
        }
        Ok(Box::new(MemWriter {
            tree: Arc::clone(&self.tree),
            ino,
            pos: 0,
            append: mode == WriteMode::Append,
            path: p,
        }))
    }

    fn truncate(&self, path: &str, len: u64) -> FsResult<()> {
        let p = norm(path)?;
        let mut t = self.write_tree();
        let ino = t.locate_ino(&p, true)?;
        let n = usize::try_from(len).map_err(|_| err(FsErrorKind::FileTooLarge, &p))?;
        t.set_len_and_edit(ino, len, &p, |c| c.resize(n, 0))
    }

    fn create_dir(&self, path: &str, recursive: bool) -> FsResult<()> {
        let p = norm(path)?;
        self.write_tree().create_dir(&p, recursive)
    }

    fn read_dir(&self, path: &str) -> FsResult<Vec<DirEntry>> {
        let p = norm(path)?;
        let t = self.read_tree();
        let ino = t.locate_ino(&p, true)?;
        let children = t.children(ino, &p)?;
        Ok(children
            .iter()
            .map(|(name, i)| DirEntry {
                name: name.clone(),
                kind: t.nodes.get(i).map(Node::kind).unwrap_or(FileKind::File),
            })
            .collect())
    }

    fn remove_file(&self, path: &str) -> FsResult<()> {
        let p = norm(path)?;
        self.write_tree().remove_file(&p)
    }

    fn remove_dir(&self, path: &str, recursive: bool) -> FsResult<()> {
        let p = norm(path)?;
        self.write_tree().remove_dir(&p, recursive)
    }

    fn rename(&self, from: &str, to: &str) -> FsResult<()> {
        let f = norm(from)?;
        let t = norm(to)?;
        self.write_tree().rename(&f, &t)
    }

    fn copy(&self, from: &str, to: &str) -> FsResult<()> {
        let f = norm(from)?;
        let to = norm(to)?;
        let mut t = self.write_tree();
        let ino = t.locate_ino(&f, true)?;
        let content = t.file_content(ino, &f)?;
        let mode = t.node(ino, &f)?.mode;
        t.replace_content(&to, content, Some(mode))
    }

    fn symlink(&self, target: &str, link: &str) -> FsResult<()> {
        if target.contains('\0') {
            return Err(err(FsErrorKind::InvalidInput, link));
        }
        let p = norm(link)?;
        let mut t = self.write_tree();
        let slot = t.locate_parent(&p).map_err(|e| {
            if e.kind == FsErrorKind::Busy {
                err(FsErrorKind::AlreadyExists, &p)
            } else {
                e
            }
        })?;
        if slot.existing.is_some() {
            return Err(err(FsErrorKind::AlreadyExists, &p));
        }
        let node = Node::new(Data::Symlink(target.to_string()), SYMLINK_MODE);
        t.insert(&slot.parent, &slot.name, node, &p)?;
        Ok(())
    }

    fn read_link(&self, path: &str) -> FsResult<String> {
        let p = norm(path)?;
        let t = self.read_tree();
        let ino = t.locate_ino(&p, false)?;
        match &t.node(ino, &p)?.data {
            Data::Symlink(target) => Ok(target.clone()),
            _ => Err(err(FsErrorKind::InvalidInput, &p)),
        }
    }

    fn set_mode(&self, path: &str, mode: u32) -> FsResult<()> {
        let p = norm(path)?;
        let mut t = self.write_tree();
        let ino = t.locate_ino(&p, true)?;
        t.node_mut(ino, &p)?.mode = mode & 0o7777;
        Ok(())
    }

    fn set_mtime(&self, path: &str, mtime: SystemTime) -> FsResult<()> {
        let p = norm(path)?;
        let mut t = self.write_tree();
        let ino = t.locate_ino(&p, true)?;
        t.node_mut(ino, &p)?.mtime = mtime;
        Ok(())
    }

    fn set_times(&self, path: &str, times: Times, follow: bool) -> FsResult<()> {
        let p = norm(path)?;
        let mut t = self.write_tree();
        let ino = t.locate_ino(&p, follow)?;
        let node = t.node_mut(ino, &p)?;
        if let Some(a) = times.atime {
            node.atime = a;
        }
        if let Some(m) = times.mtime {
            node.mtime = m;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
