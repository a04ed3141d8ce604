//! The tree itself and the read-only walks over it: lookups (following
//! symlinks, at most [`MAX_SYMLINK_HOPS`] of them) and metadata.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use super::node::{Data, Ino, Node, Pos, ROOT, Slot, err, push_components};
use super::{DEFAULT_DIR_MODE, MAX_SYMLINK_HOPS};
use crate::limits::FsLimits;
use crate::{FsErrorKind, FsResult, Metadata, path};

/// An arena of inodes, the root at [`ROOT`], with the totals counted
/// against its limits.
#[derive(Debug)]
pub(super) struct Tree {
    pub(super) nodes: HashMap<Ino, Node>,
    pub(super) next: Ino,
    pub(super) bytes: u64,
    pub(super) entries: u64,
    pub(super) limits: FsLimits,
}

impl Tree {
    pub(super) fn new(limits: FsLimits) -> Self {
        let mut nodes = HashMap::new();
        nodes.insert(
            ROOT,
            Node::new(Data::Dir(BTreeMap::new()), DEFAULT_DIR_MODE),
        );
        Self {
            nodes,
            next: ROOT + 1,
            bytes: 0,
            entries: 0,
            limits,
        }
    }

    pub(super) fn node(&self, ino: Ino, p: &str) -> FsResult<&Node> {
        self.nodes
            .get(&ino)
            .ok_or_else(|| err(FsErrorKind::NotFound, p))
    }

    pub(super) fn node_mut(&mut self, ino: Ino, p: &str) -> FsResult<&mut Node> {
        self.nodes
            .get_mut(&ino)
            .ok_or_else(|| err(FsErrorKind::NotFound, p))
    }

    pub(super) fn children(&self, ino: Ino, p: &str) -> FsResult<&BTreeMap<String, Ino>> {
        match &self.node(ino, p)?.data {
            Data::Dir(c) => Ok(c),
            _ => Err(err(FsErrorKind::NotADirectory, p)),
        }
    }

    pub(super) fn children_mut(
        &mut self,
        ino: Ino,
        p: &str,
    ) -> FsResult<&mut BTreeMap<String, Ino>> {
        match &mut self.node_mut(ino, p)?.data {
            Data::Dir(c) => Ok(c),
            _ => Err(err(FsErrorKind::NotADirectory, p)),
        }
    }

    /// Walks `rel` from `start` (from the root if `rel` is absolute),
    /// following symlinks in every component, and in the last one too when
    /// `follow_last`.
    pub(super) fn walk_from(
        &self,
        start: Pos,
        rel: &str,
        follow_last: bool,
        hops: &mut u32,
        p: &str,
    ) -> FsResult<Pos> {
        let mut pos = if rel.starts_with('/') {
            Pos::root()
        } else {
            start
        };
        let mut pending = Vec::new();
        push_components(&mut pending, rel);
        while let Some(comp) = pending.pop() {
            if comp == ".." {
                if pos.chain.len() > 1 {
                    pos.chain.pop();
                    pos.names.pop();
                }
                continue;
            }
            let child = *self
                .children(pos.ino(), p)?
                .get(&comp)
                .ok_or_else(|| err(FsErrorKind::NotFound, p))?;
            if let Data::Symlink(target) = &self.node(child, p)?.data
                && (!pending.is_empty() || follow_last)
            {
                *hops += 1;
                if *hops > MAX_SYMLINK_HOPS {
                    return Err(err(FsErrorKind::TooManyLinks, p));
                }
                if target.is_empty() {
                    return Err(err(FsErrorKind::NotFound, p));
                }
                if target.starts_with('/') {
                    pos = Pos::root();
                }
                push_components(&mut pending, target);
                continue;
            }
            pos.chain.push(child);
            pos.names.push(comp);
        }
        Ok(pos)
    }

    pub(super) fn locate(&self, path: &str, follow_last: bool) -> FsResult<Pos> {
        let mut hops = 0;
        self.walk_from(Pos::root(), path, follow_last, &mut hops, path)
    }

    pub(super) fn locate_ino(&self, path: &str, follow_last: bool) -> FsResult<Ino> {
        Ok(self.locate(path, follow_last)?.ino())
    }

    /// The parent directory and name of `path`, the last component not followed.
    pub(super) fn locate_parent(&self, path: &str) -> FsResult<Slot> {
        let Some((parent, name)) = path::split_parent(path) else {
            return Err(err(FsErrorKind::Busy, path));
        };
        let parent_pos = self.locate(parent, true)?;
        let existing = self.children(parent_pos.ino(), path)?.get(name).copied();
        Ok(Slot {
            parent: parent_pos,
            name: name.to_string(),
            existing,
        })
    }

    /// Like [`Tree::locate_parent`], but a symlink in the last component is
    /// followed (a dangling one names the file to create).
    pub(super) fn locate_create(&self, path: &str) -> FsResult<Slot> {
        let mut hops = 0;
        let mut start = Pos::root();
        let mut cur = path.to_string();
        loop {
            let trimmed = cur.trim_end_matches('/');
            let (par, name) = match trimmed.rsplit_once('/') {
                Some((par, name)) => (if par.is_empty() { "/" } else { par }, name),
                None => ("", trimmed),
            };
            if name.is_empty() || name == "." || name == ".." {
                // Names an existing directory (or nothing).
                self.walk_from(start, &cur, true, &mut hops, path)?;
                return Err(err(FsErrorKind::IsADirectory, path));
            }
            let parent = self.walk_from(start, par, true, &mut hops, path)?;
            let existing = self.children(parent.ino(), path)?.get(name).copied();
            if let Some(child) = existing
                && let Data::Symlink(target) = &self.node(child, path)?.data
            {
                hops += 1;
                if hops > MAX_SYMLINK_HOPS {
                    return Err(err(FsErrorKind::TooManyLinks, path));
                }
                if target.is_empty() {
                    return Err(err(FsErrorKind::NotFound, path));
                }
                cur = target.clone();
                start = parent;
                continue;
            }
            return Ok(Slot {
                parent,
                name: name.to_string(),
                existing,
            });
        }
    }

    pub(super) fn metadata_of(&self, ino: Ino, p: &str) -> FsResult<Metadata> {
        let node = self.node(ino, p)?;
        let nlink = match &node.data {
            Data::Dir(_) => 2 + node.subdirs,
            _ => 1,
        };
        let size = match &node.data {
            Data::Dir(_) => 0,
            _ => node.stored_bytes(),
        };
        Ok(Metadata {
            kind: node.kind(),
            size,
            mode: node.mode,
            mtime: node.mtime,
            atime: node.atime,
            nlink,
        })
    }

    pub(super) fn file_content(&self, ino: Ino, p: &str) -> FsResult<Arc<Vec<u8>>> {
        match &self.node(ino, p)?.data {
            Data::File(c) => Ok(Arc::clone(c)),
            Data::Dir(_) => Err(err(FsErrorKind::IsADirectory, p)),
            Data::Symlink(_) => Err(err(FsErrorKind::TooManyLinks, p)),
        }
    }
}
