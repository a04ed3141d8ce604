//! [`MemoryFs`]: the in-memory tree backend.
//!
//! The tree is an arena of inodes behind one `RwLock`: directories map names
//! (sorted bytewise) to inode numbers, files hold their content in an
//! `Arc<Vec<u8>>` (so `copy` and open readers share it; a later write copies
//! on demand), symlinks hold their target text. Inode numbers are never
//! reused, so a writer whose file was removed meanwhile just discards its
//! writes. Every walk (lookup, recursive removal, height, snapshot) is
//! iterative.

use std::collections::{BTreeMap, HashMap};
use std::io::{self, Read, Write};
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::limits::{FsLimits, FsUsage};
use crate::{
    DirEntry, FileKind, FileReader, FileSystem, FileWriter, FsError, FsErrorKind, FsResult,
    Metadata, WriteMode, path,
};

/// Most symlinks followed while resolving one path (Linux `MAXSYMLINKS`).
pub const MAX_SYMLINK_HOPS: u32 = 40;

/// Default permission bits of a new regular file.
pub const DEFAULT_FILE_MODE: u32 = 0o644;
/// Default permission bits of a new directory.
pub const DEFAULT_DIR_MODE: u32 = 0o755;
const SYMLINK_MODE: u32 = 0o777;

type Ino = u64;
const ROOT: Ino = 0;

#[derive(Clone, Debug)]
enum Data {
    File(Arc<Vec<u8>>),
    Dir(BTreeMap<String, Ino>),
    Symlink(String),
}

#[derive(Clone, Debug)]
struct Node {
    data: Data,
    mode: u32,
    mtime: SystemTime,
}

impl Node {
    fn new(data: Data, mode: u32) -> Self {
        Self {
            data,
            mode,
            mtime: SystemTime::now(),
        }
    }

    fn stored_bytes(&self) -> u64 {
        match &self.data {
            Data::File(c) => c.len() as u64,
            Data::Symlink(t) => t.len() as u64,
            Data::Dir(_) => 0,
        }
    }

    fn kind(&self) -> FileKind {
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
struct Pos {
    chain: Vec<Ino>,
    names: Vec<String>,
}

impl Pos {
    fn root() -> Self {
        Self {
            chain: vec![ROOT],
            names: Vec::new(),
        }
    }

    fn ino(&self) -> Ino {
        self.chain.last().copied().unwrap_or(ROOT)
    }

    fn depth(&self) -> u64 {
        self.names.len() as u64
    }
}

/// Where a name to create or replace lives.
struct Slot {
    parent: Pos,
    name: String,
    existing: Option<Ino>,
}

fn err(kind: FsErrorKind, path: &str) -> FsError {
    FsError::new(kind, path)
}

fn push_components(pending: &mut Vec<String>, path: &str) {
    for c in path.split('/').rev() {
        if !c.is_empty() && c != "." {
            pending.push(c.to_string());
        }
    }
}

#[derive(Debug)]
struct Tree {
    nodes: HashMap<Ino, Node>,
    next: Ino,
    bytes: u64,
    entries: u64,
    limits: FsLimits,
}

impl Tree {
    fn new(limits: FsLimits) -> Self {
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

    fn node(&self, ino: Ino, p: &str) -> FsResult<&Node> {
        self.nodes
            .get(&ino)
            .ok_or_else(|| err(FsErrorKind::NotFound, p))
    }

    fn node_mut(&mut self, ino: Ino, p: &str) -> FsResult<&mut Node> {
        self.nodes
            .get_mut(&ino)
            .ok_or_else(|| err(FsErrorKind::NotFound, p))
    }

    fn children(&self, ino: Ino, p: &str) -> FsResult<&BTreeMap<String, Ino>> {
        match &self.node(ino, p)?.data {
            Data::Dir(c) => Ok(c),
            _ => Err(err(FsErrorKind::NotADirectory, p)),
        }
    }

    fn children_mut(&mut self, ino: Ino, p: &str) -> FsResult<&mut BTreeMap<String, Ino>> {
        match &mut self.node_mut(ino, p)?.data {
            Data::Dir(c) => Ok(c),
            _ => Err(err(FsErrorKind::NotADirectory, p)),
        }
    }

    /// Walks `rel` from `start` (from the root if `rel` is absolute),
    /// following symlinks in every component, and in the last one too when
    /// `follow_last`.
    fn walk_from(
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

    fn locate(&self, path: &str, follow_last: bool) -> FsResult<Pos> {
        let mut hops = 0;
        self.walk_from(Pos::root(), path, follow_last, &mut hops, path)
    }

    fn locate_ino(&self, path: &str, follow_last: bool) -> FsResult<Ino> {
        Ok(self.locate(path, follow_last)?.ino())
    }

    /// The parent directory and name of `path`, the last component not followed.
    fn locate_parent(&self, path: &str) -> FsResult<Slot> {
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
    fn locate_create(&self, path: &str) -> FsResult<Slot> {
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

    fn metadata_of(&self, ino: Ino, p: &str) -> FsResult<Metadata> {
        let node = self.node(ino, p)?;
        let nlink = match &node.data {
            Data::Dir(c) => {
                2 + c
                    .values()
                    .filter(|i| matches!(self.nodes.get(i).map(|n| &n.data), Some(Data::Dir(_))))
                    .count() as u64
            }
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
            nlink,
        })
    }

    fn check_new_entry(&self, depth: u64, extra_bytes: u64, p: &str) -> FsResult<()> {
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

    fn check_resize(&self, old_len: u64, new_len: u64, p: &str) -> FsResult<()> {
        if new_len > self.limits.max_file_size {
            return Err(err(FsErrorKind::FileTooLarge, p));
        }
        let total = self.bytes.saturating_sub(old_len).saturating_add(new_len);
        if new_len > old_len && total > self.limits.max_total_bytes {
            return Err(err(FsErrorKind::NoSpace, p));
        }
        Ok(())
    }

    /// Adds `node` as `name` in the directory at `parent`; limits checked.
    fn insert(&mut self, parent: &Pos, name: &str, node: Node, p: &str) -> FsResult<Ino> {
        let extra = node.stored_bytes();
        if let Data::File(c) = &node.data
            && c.len() as u64 > self.limits.max_file_size
        {
            return Err(err(FsErrorKind::FileTooLarge, p));
        }
        self.check_new_entry(parent.depth() + 1, extra, p)?;
        let ino = self.next;
        let now = SystemTime::now();
        let pnode = self.node_mut(parent.ino(), p)?;
        let Data::Dir(children) = &mut pnode.data else {
            return Err(err(FsErrorKind::NotADirectory, p));
        };
        if children.contains_key(name) {
            return Err(err(FsErrorKind::AlreadyExists, p));
        }
        children.insert(name.to_string(), ino);
        pnode.mtime = now;
        self.next += 1;
        self.nodes.insert(ino, node);
        self.entries += 1;
        self.bytes = self.bytes.saturating_add(extra);
        Ok(ino)
    }

    /// Removes the node `ino` and everything below it (iteratively).
    fn drop_subtree(&mut self, ino: Ino) {
        let mut stack = vec![ino];
        while let Some(i) = stack.pop() {
            if let Some(node) = self.nodes.remove(&i) {
                self.bytes = self.bytes.saturating_sub(node.stored_bytes());
                if i != ROOT {
                    self.entries = self.entries.saturating_sub(1);
                }
                if let Data::Dir(c) = node.data {
                    stack.extend(c.into_values());
                }
            }
        }
    }

    /// Levels in the subtree at `ino` (1 for a file or an empty directory).
    fn height(&self, ino: Ino) -> u64 {
        let mut max = 0;
        let mut stack = vec![(ino, 1u64)];
        while let Some((i, d)) = stack.pop() {
            max = max.max(d);
            if let Some(Node {
                data: Data::Dir(c), ..
            }) = self.nodes.get(&i)
            {
                stack.extend(c.values().map(|&ch| (ch, d + 1)));
            }
        }
        max
    }

    /// Replaces a file's content through `f`, which gets the old content and
    /// returns the new length it will produce; limits are checked first.
    fn set_len_and_edit(
        &mut self,
        ino: Ino,
        new_len: u64,
        p: &str,
        edit: impl FnOnce(&mut Vec<u8>),
    ) -> FsResult<()> {
        let old_len = match &self.node(ino, p)?.data {
            Data::File(c) => c.len() as u64,
            Data::Dir(_) => return Err(err(FsErrorKind::IsADirectory, p)),
            Data::Symlink(_) => return Err(err(FsErrorKind::InvalidInput, p)),
        };
        self.check_resize(old_len, new_len, p)?;
        let node = self.node_mut(ino, p)?;
        if let Data::File(c) = &mut node.data {
            edit(Arc::make_mut(c));
        }
        node.mtime = SystemTime::now();
        self.bytes = self.bytes.saturating_sub(old_len).saturating_add(new_len);
        Ok(())
    }

    /// Writes `buf` at `pos` (or at the end when `append`), zero-filling a
    /// gap; returns the position after the write.
    fn write_at(&mut self, ino: Ino, pos: u64, append: bool, buf: &[u8], p: &str) -> FsResult<u64> {
        let len = match &self.node(ino, p)?.data {
            Data::File(c) => c.len() as u64,
            Data::Dir(_) => return Err(err(FsErrorKind::IsADirectory, p)),
            Data::Symlink(_) => return Err(err(FsErrorKind::InvalidInput, p)),
        };
        let start = if append { len } else { pos };
        let end = start
            .checked_add(buf.len() as u64)
            .ok_or_else(|| err(FsErrorKind::FileTooLarge, p))?;
        let new_len = len.max(end);
        let start_us = usize::try_from(start).map_err(|_| err(FsErrorKind::FileTooLarge, p))?;
        let new_len_us = usize::try_from(new_len).map_err(|_| err(FsErrorKind::FileTooLarge, p))?;
        self.set_len_and_edit(ino, new_len, p, |c| {
            if c.len() < new_len_us {
                c.resize(new_len_us, 0);
            }
            if let Some(dst) = c.get_mut(start_us..start_us + buf.len()) {
                dst.copy_from_slice(buf);
            }
        })?;
        Ok(end)
    }

    /// Finds or creates (following a final symlink) the regular file at `path`.
    fn file_for_write(&mut self, path: &str, exclusive: bool) -> FsResult<(Ino, bool)> {
        if exclusive {
            let slot = self.locate_parent(path)?;
            if slot.existing.is_some() {
                return Err(err(FsErrorKind::AlreadyExists, path));
            }
            let ino = self.insert(
                &slot.parent,
                &slot.name,
                Node::new(Data::File(Arc::new(Vec::new())), DEFAULT_FILE_MODE),
                path,
            )?;
            return Ok((ino, true));
        }
        let slot = self.locate_create(path)?;
        match slot.existing {
            Some(ino) => match &self.node(ino, path)?.data {
                Data::File(_) => Ok((ino, false)),
                Data::Dir(_) => Err(err(FsErrorKind::IsADirectory, path)),
                Data::Symlink(_) => Err(err(FsErrorKind::TooManyLinks, path)),
            },
            None => {
                let ino = self.insert(
                    &slot.parent,
                    &slot.name,
                    Node::new(Data::File(Arc::new(Vec::new())), DEFAULT_FILE_MODE),
                    path,
                )?;
                Ok((ino, true))
            }
        }
    }

    /// Replaces (or creates) the file at `path` with `content`, atomically.
    fn replace_content(
        &mut self,
        path: &str,
        content: Arc<Vec<u8>>,
        mode: Option<u32>,
    ) -> FsResult<()> {
        let slot = self.locate_create(path)?;
        let new_len = content.len() as u64;
        match slot.existing {
            Some(ino) => {
                let old_len = match &self.node(ino, path)?.data {
                    Data::File(c) => c.len() as u64,
                    Data::Dir(_) => return Err(err(FsErrorKind::IsADirectory, path)),
                    Data::Symlink(_) => return Err(err(FsErrorKind::TooManyLinks, path)),
                };
                self.check_resize(old_len, new_len, path)?;
                let node = self.node_mut(ino, path)?;
                node.data = Data::File(content);
                node.mtime = SystemTime::now();
                if let Some(m) = mode {
                    node.mode = m;
                }
                self.bytes = self.bytes.saturating_sub(old_len).saturating_add(new_len);
                Ok(())
            }
            None => {
                let node = Node::new(Data::File(content), mode.unwrap_or(DEFAULT_FILE_MODE));
                self.insert(&slot.parent, &slot.name, node, path)?;
                Ok(())
            }
        }
    }

    fn create_dir_one(&mut self, path: &str) -> FsResult<()> {
        let slot = self.locate_parent(path)?;
        if slot.existing.is_some() {
            return Err(err(FsErrorKind::AlreadyExists, path));
        }
        self.insert(
            &slot.parent,
            &slot.name,
            Node::new(Data::Dir(BTreeMap::new()), DEFAULT_DIR_MODE),
            path,
        )?;
        Ok(())
    }

    fn create_dir(&mut self, path: &str, recursive: bool) -> FsResult<()> {
        if !recursive {
            if path == "/" {
                return Err(err(FsErrorKind::AlreadyExists, path));
            }
            return self.create_dir_one(path);
        }
        let mut prefix = String::new();
        let comps: Vec<&str> = path::components(path).collect();
        let n = comps.len();
        for (i, c) in comps.into_iter().enumerate() {
            prefix.push('/');
            prefix.push_str(c);
            match self.locate(&prefix, true) {
                Ok(pos) => {
                    if !matches!(self.node(pos.ino(), path)?.data, Data::Dir(_)) {
                        let kind = if i + 1 == n {
                            FsErrorKind::AlreadyExists
                        } else {
                            FsErrorKind::NotADirectory
                        };
                        return Err(err(kind, path));
                    }
                }
                Err(e) if e.kind == FsErrorKind::NotFound => {
                    // A dangling symlink here cannot be made a directory.
                    if let Ok(pos) = self.locate(&prefix, false)
                        && pos.ino() != ROOT
                    {
                        return Err(err(FsErrorKind::AlreadyExists, path));
                    }
                    self.create_dir_one(&prefix)
                        .map_err(|e| err(e.kind, path))?;
                }
                Err(e) => return Err(err(e.kind, path)),
            }
        }
        Ok(())
    }

    fn remove_entry(&mut self, slot: &Slot, ino: Ino, p: &str) -> FsResult<()> {
        let now = SystemTime::now();
        let pnode = self.node_mut(slot.parent.ino(), p)?;
        if let Data::Dir(c) = &mut pnode.data {
            c.remove(&slot.name);
        }
        pnode.mtime = now;
        self.drop_subtree(ino);
        Ok(())
    }

    fn remove_file(&mut self, path: &str) -> FsResult<()> {
        if path == "/" {
            return Err(err(FsErrorKind::IsADirectory, path));
        }
        let slot = self.locate_parent(path)?;
        let ino = slot
            .existing
            .ok_or_else(|| err(FsErrorKind::NotFound, path))?;
        if matches!(self.node(ino, path)?.data, Data::Dir(_)) {
            return Err(err(FsErrorKind::IsADirectory, path));
        }
        self.remove_entry(&slot, ino, path)
    }

    fn remove_dir(&mut self, path: &str, recursive: bool) -> FsResult<()> {
        let slot = self.locate_parent(path)?;
        let ino = slot
            .existing
            .ok_or_else(|| err(FsErrorKind::NotFound, path))?;
        match &self.node(ino, path)?.data {
            Data::Dir(c) => {
                if !recursive && !c.is_empty() {
                    return Err(err(FsErrorKind::DirectoryNotEmpty, path));
                }
            }
            _ => return Err(err(FsErrorKind::NotADirectory, path)),
        }
        self.remove_entry(&slot, ino, path)
    }

    fn rename(&mut self, from: &str, to: &str) -> FsResult<()> {
        if from == "/" || to == "/" {
            return Err(err(FsErrorKind::Busy, from));
        }
        let fslot = self.locate_parent(from)?;
        let fino = fslot
            .existing
            .ok_or_else(|| err(FsErrorKind::NotFound, from))?;
        let tslot = self.locate_parent(to).map_err(|e| err(e.kind, to))?;
        if tslot.existing == Some(fino) {
            return Ok(());
        }
        let from_is_dir = matches!(self.node(fino, from)?.data, Data::Dir(_));
        if from_is_dir && tslot.parent.chain.contains(&fino) {
            return Err(err(FsErrorKind::InvalidInput, from));
        }
        if let Some(t) = tslot.existing {
            match &self.node(t, to)?.data {
                Data::Dir(c) => {
                    if !from_is_dir {
                        return Err(err(FsErrorKind::IsADirectory, to));
                    }
                    if !c.is_empty() {
                        return Err(err(FsErrorKind::DirectoryNotEmpty, to));
                    }
                }
                _ => {
                    if from_is_dir {
                        return Err(err(FsErrorKind::NotADirectory, to));
                    }
                }
            }
        }
        let height = if from_is_dir && self.limits.max_depth != u64::MAX {
            self.height(fino)
        } else {
            1
        };
        if tslot.parent.depth().saturating_add(height) > self.limits.max_depth {
            return Err(err(FsErrorKind::NameTooLong, to));
        }
        // Everything checked: apply.
        if let Some(t) = tslot.existing {
            self.children_mut(tslot.parent.ino(), to)?
                .remove(&tslot.name);
            self.drop_subtree(t);
        }
        let now = SystemTime::now();
        self.children_mut(fslot.parent.ino(), from)?
            .remove(&fslot.name);
        self.node_mut(fslot.parent.ino(), from)?.mtime = now;
        self.children_mut(tslot.parent.ino(), to)?
            .insert(tslot.name.clone(), fino);
        self.node_mut(tslot.parent.ino(), to)?.mtime = now;
        Ok(())
    }

    fn file_content(&self, ino: Ino, p: &str) -> FsResult<Arc<Vec<u8>>> {
        match &self.node(ino, p)?.data {
            Data::File(c) => Ok(Arc::clone(c)),
            Data::Dir(_) => Err(err(FsErrorKind::IsADirectory, p)),
            Data::Symlink(_) => Err(err(FsErrorKind::TooManyLinks, p)),
        }
    }
}

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

fn norm(p: &str) -> FsResult<String> {
    path::normalize(p)
}

impl FileSystem for MemoryFs {
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
}

/// Streams a file's content as it was when opened.
struct MemReader {
    content: Arc<Vec<u8>>,
    pos: usize,
}

impl Read for MemReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let rest = self.content.get(self.pos..).unwrap_or(&[]);
        let n = rest.len().min(buf.len());
        if let (Some(dst), Some(src)) = (buf.get_mut(..n), rest.get(..n)) {
            dst.copy_from_slice(src);
        }
        self.pos += n;
        Ok(n)
    }
}

/// Stores every `write` into the file at once.
struct MemWriter {
    tree: Arc<RwLock<Tree>>,
    ino: Ino,
    pos: u64,
    append: bool,
    path: String,
}

impl Write for MemWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        let mut t = self.tree.write().unwrap_or_else(|e| e.into_inner());
        if !t.nodes.contains_key(&self.ino) {
            // The file was removed: its content is unreachable, discard.
            return Ok(buf.len());
        }
        self.pos = t.write_at(self.ino, self.pos, self.append, buf, &self.path)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Seconds and nanoseconds relative to the Unix epoch (negative before it).
fn time_to_parts(t: SystemTime) -> (i64, u32) {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => (
            i64::try_from(d.as_secs()).unwrap_or(i64::MAX),
            d.subsec_nanos(),
        ),
        Err(e) => {
            let d = e.duration();
            let secs = i64::try_from(d.as_secs()).unwrap_or(i64::MAX);
            if d.subsec_nanos() == 0 {
                (-secs, 0)
            } else {
                (-secs - 1, 1_000_000_000 - d.subsec_nanos())
            }
        }
    }
}

fn time_from_parts(secs: i64, nanos: u32) -> Option<SystemTime> {
    if nanos >= 1_000_000_000 {
        return None;
    }
    if secs >= 0 {
        UNIX_EPOCH.checked_add(Duration::new(secs.unsigned_abs(), nanos))
    } else {
        UNIX_EPOCH
            .checked_sub(Duration::from_secs(secs.unsigned_abs()))?
            .checked_add(Duration::from_nanos(u64::from(nanos)))
    }
}

mod snapshot {
    //! Snapshot image, version 1 (all integers little-endian):
    //!
    //! ```text
    //! magic  "SBVFSNAP" | version u16 = 1 | count u64
    //! count records, the root first, every parent before its children:
    //!   parent u64 (u64::MAX for the root) | name_len u16 | name
    //!   kind u8 (0 file, 1 dir, 2 symlink) | mode u32 | secs i64 | nanos u32
    //!   file: len u64 | bytes      symlink: len u32 | bytes      dir: -
    //! ```

    use super::*;
    use std::collections::{HashSet, VecDeque};

    const MAGIC: &[u8; 8] = b"SBVFSNAP";
    const VERSION: u16 = 1;
    const MIN_RECORD: usize = 8 + 2 + 1 + 4 + 8 + 4;

    pub(super) fn encode(t: &Tree) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + t.bytes as usize / 2);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(t.nodes.len() as u64).to_le_bytes());
        let mut queue: VecDeque<(Ino, u64, &str)> = VecDeque::new();
        queue.push_back((ROOT, u64::MAX, ""));
        let mut index: u64 = 0;
        while let Some((ino, parent, name)) = queue.pop_front() {
            let Some(node) = t.nodes.get(&ino) else {
                continue;
            };
            out.extend_from_slice(&parent.to_le_bytes());
            out.extend_from_slice(&(name.len() as u16).to_le_bytes());
            out.extend_from_slice(name.as_bytes());
            let kind: u8 = match node.data {
                Data::File(_) => 0,
                Data::Dir(_) => 1,
                Data::Symlink(_) => 2,
            };
            out.push(kind);
            out.extend_from_slice(&node.mode.to_le_bytes());
            let (secs, nanos) = time_to_parts(node.mtime);
            out.extend_from_slice(&secs.to_le_bytes());
            out.extend_from_slice(&nanos.to_le_bytes());
            match &node.data {
                Data::File(c) => {
                    out.extend_from_slice(&(c.len() as u64).to_le_bytes());
                    out.extend_from_slice(c);
                }
                Data::Symlink(s) => {
                    out.extend_from_slice(&(s.len() as u32).to_le_bytes());
                    out.extend_from_slice(s.as_bytes());
                }
                Data::Dir(c) => {
                    for (n, &ch) in c {
                        queue.push_back((ch, index, n.as_str()));
                    }
                }
            }
            index += 1;
        }
        out
    }

    struct Cursor<'a> {
        buf: &'a [u8],
    }

    fn bad() -> FsError {
        FsError::new(FsErrorKind::InvalidInput, "<snapshot>")
    }

    impl<'a> Cursor<'a> {
        fn take(&mut self, n: usize) -> FsResult<&'a [u8]> {
            if n > self.buf.len() {
                return Err(bad());
            }
            let (a, b) = self.buf.split_at(n);
            self.buf = b;
            Ok(a)
        }
        fn arr<const N: usize>(&mut self) -> FsResult<[u8; N]> {
            self.take(N)?.try_into().map_err(|_| bad())
        }
        fn u8(&mut self) -> FsResult<u8> {
            let [b] = self.arr::<1>()?;
            Ok(b)
        }
        fn u16(&mut self) -> FsResult<u16> {
            Ok(u16::from_le_bytes(self.arr()?))
        }
        fn u32(&mut self) -> FsResult<u32> {
            Ok(u32::from_le_bytes(self.arr()?))
        }
        fn u64(&mut self) -> FsResult<u64> {
            Ok(u64::from_le_bytes(self.arr()?))
        }
        fn i64(&mut self) -> FsResult<i64> {
            Ok(i64::from_le_bytes(self.arr()?))
        }
        fn len_u64(&mut self) -> FsResult<usize> {
            usize::try_from(self.u64()?).map_err(|_| bad())
        }
    }

    fn valid_name(name: &str) -> bool {
        !name.is_empty()
            && name.len() <= path::MAX_NAME
            && name != "."
            && name != ".."
            && !name.contains('/')
            && !name.contains('\0')
    }

    pub(super) fn decode(bytes: &[u8], limits: FsLimits) -> FsResult<Tree> {
        let mut c = Cursor { buf: bytes };
        if c.take(MAGIC.len())? != MAGIC {
            return Err(bad());
        }
        if c.u16()? != VERSION {
            return Err(bad());
        }
        let count = c.len_u64()?;
        if count == 0 || count.saturating_sub(1) > c.buf.len() / MIN_RECORD {
            return Err(bad());
        }
        let mut tree = Tree::new(limits);
        tree.nodes.clear();
        // depth of each record; whether it is a directory.
        let mut depth: Vec<u64> = Vec::new();
        let mut is_dir: Vec<bool> = Vec::new();
        let mut seen: HashSet<(u64, String)> = HashSet::new();
        for i in 0..count as u64 {
            let parent = c.u64()?;
            let name_len = usize::from(c.u16()?);
            let name = std::str::from_utf8(c.take(name_len)?).map_err(|_| bad())?;
            let kind = c.u8()?;
            let mode = c.u32()? & 0o7777;
            let secs = c.i64()?;
            let nanos = c.u32()?;
            let mtime = time_from_parts(secs, nanos).ok_or_else(bad)?;
            let data = match kind {
                0 => {
                    let len = c.len_u64()?;
                    Data::File(Arc::new(c.take(len)?.to_vec()))
                }
                1 => Data::Dir(BTreeMap::new()),
                2 => {
                    let len = usize::try_from(c.u32()?).map_err(|_| bad())?;
                    let s = std::str::from_utf8(c.take(len)?).map_err(|_| bad())?;
                    if s.contains('\0') {
                        return Err(bad());
                    }
                    Data::Symlink(s.to_string())
                }
                _ => return Err(bad()),
            };
            let node = Node { data, mode, mtime };
            if i == 0 {
                if parent != u64::MAX || !name.is_empty() || kind != 1 {
                    return Err(bad());
                }
                tree.nodes.insert(ROOT, node);
                depth.push(0);
                is_dir.push(true);
                continue;
            }
            let pidx = usize::try_from(parent).map_err(|_| bad())?;
            if parent >= i || !is_dir.get(pidx).copied().unwrap_or(false) {
                return Err(bad());
            }
            if !valid_name(name) || !seen.insert((parent, name.to_string())) {
                return Err(bad());
            }
            let d = depth.get(pidx).copied().ok_or_else(bad)? + 1;
            let p = "<snapshot>";
            if let Data::File(content) = &node.data
                && content.len() as u64 > limits.max_file_size
            {
                return Err(err(FsErrorKind::FileTooLarge, p));
            }
            tree.check_new_entry(d, node.stored_bytes(), p)?;
            tree.bytes = tree.bytes.saturating_add(node.stored_bytes());
            tree.entries += 1;
            depth.push(d);
            is_dir.push(kind == 1);
            tree.children_mut(parent, p)?.insert(name.to_string(), i);
            tree.nodes.insert(i, node);
        }
        if !c.buf.is_empty() {
            return Err(bad());
        }
        tree.next = count as u64;
        Ok(tree)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind<T>(r: FsResult<T>) -> FsErrorKind {
        match r {
            Ok(_) => panic!("expected an error"),
            Err(e) => e.kind,
        }
    }

    #[test]
    fn files_dirs_and_metadata() {
        let fs = MemoryFs::new();
        fs.create_dir("/a", false).unwrap();
        fs.write("/a/f", b"hello").unwrap();
        let m = fs.metadata("/a/f").unwrap();
        assert_eq!(m.kind, FileKind::File);
        assert_eq!(m.size, 5);
        assert_eq!(m.mode, 0o644);
        assert_eq!(m.nlink, 1);
        let d = fs.metadata("/a").unwrap();
        assert!(d.is_dir());
        assert_eq!(d.mode, 0o755);
        assert_eq!(fs.read("/a/f").unwrap(), b"hello");
        assert!(fs.metadata("/").unwrap().is_dir());
    }

    #[test]
    fn error_kinds() {
        let fs = MemoryFs::new();
        fs.write("/f", b"x").unwrap();
        fs.create_dir("/d", false).unwrap();
        fs.write("/d/g", b"y").unwrap();
        assert_eq!(kind(fs.read("/nope")), FsErrorKind::NotFound);
        assert_eq!(kind(fs.read("/f/x")), FsErrorKind::NotADirectory);
        assert_eq!(kind(fs.read("/d")), FsErrorKind::IsADirectory);
        assert_eq!(kind(fs.write("/d", b"")), FsErrorKind::IsADirectory);
        assert_eq!(kind(fs.write("/nope/x", b"")), FsErrorKind::NotFound);
        assert_eq!(kind(fs.create_dir("/f", false)), FsErrorKind::AlreadyExists);
        assert_eq!(kind(fs.create_dir("/d", false)), FsErrorKind::AlreadyExists);
        assert_eq!(kind(fs.create_dir("/f", true)), FsErrorKind::AlreadyExists);
        assert_eq!(
            kind(fs.create_dir("/f/x", true)),
            FsErrorKind::NotADirectory
        );
        assert_eq!(kind(fs.create_dir("/x/y", false)), FsErrorKind::NotFound);
        assert_eq!(
            kind(fs.remove_dir("/d", false)),
            FsErrorKind::DirectoryNotEmpty
        );
        assert_eq!(kind(fs.remove_dir("/f", false)), FsErrorKind::NotADirectory);
        assert_eq!(kind(fs.remove_file("/d")), FsErrorKind::IsADirectory);
        assert_eq!(kind(fs.remove_file("/nope")), FsErrorKind::NotFound);
        assert_eq!(kind(fs.read_dir("/f")), FsErrorKind::NotADirectory);
        assert_eq!(kind(fs.read_link("/f")), FsErrorKind::InvalidInput);
        assert_eq!(kind(fs.read("/a\0b")), FsErrorKind::InvalidInput);
        assert_eq!(
            kind(fs.open_write("/f", WriteMode::CreateNew)),
            FsErrorKind::AlreadyExists
        );
        assert_eq!(kind(fs.remove_dir("/", true)), FsErrorKind::Busy);
    }

    #[test]
    fn mkdir_p_and_remove() {
        let fs = MemoryFs::new();
        fs.create_dir("/a/b/c", true).unwrap();
        fs.create_dir("/a/b/c", true).unwrap();
        fs.write("/a/b/c/f", b"123").unwrap();
        assert_eq!(fs.usage().entries, 4);
        assert_eq!(fs.usage().bytes, 3);
        fs.remove_dir("/a", true).unwrap();
        assert_eq!(fs.usage(), FsUsage::default());
        assert_eq!(kind(fs.metadata("/a")), FsErrorKind::NotFound);
        fs.create_dir("/e", false).unwrap();
        fs.remove_dir("/e", false).unwrap();
    }

    #[test]
    fn read_dir_sorted_bytewise() {
        let fs = MemoryFs::new();
        for n in ["b", "a", "B", "é", "_", "a1"] {
            fs.write(&format!("/{n}"), b"").unwrap();
        }
        fs.create_dir("/dir", false).unwrap();
        fs.symlink("a", "/ln").unwrap();
        let names: Vec<String> = fs
            .read_dir("/")
            .unwrap()
            .into_iter()
            .map(|e| e.name)
            .collect();
        assert_eq!(names, ["B", "_", "a", "a1", "b", "dir", "ln", "é"]);
        let entries = fs.read_dir("/").unwrap();
        assert_eq!(entries[5].kind, FileKind::Dir);
        assert_eq!(entries[6].kind, FileKind::Symlink);
    }

    #[test]
    fn append_and_truncate() {
        let fs = MemoryFs::new();
        fs.append("/f", b"ab").unwrap();
        fs.append("/f", b"cd").unwrap();
        assert_eq!(fs.read("/f").unwrap(), b"abcd");
        fs.truncate("/f", 2).unwrap();
        assert_eq!(fs.read("/f").unwrap(), b"ab");
        fs.truncate("/f", 4).unwrap();
        assert_eq!(fs.read("/f").unwrap(), b"ab\0\0");
        assert_eq!(fs.usage().bytes, 4);
        assert_eq!(kind(fs.truncate("/nope", 1)), FsErrorKind::NotFound);
    }

    #[test]
    fn streaming_writer_stores_each_chunk() {
        let fs = MemoryFs::new();
        let mut w = fs.open_write("/log", WriteMode::Truncate).unwrap();
        w.write_all(b"one\n").unwrap();
        assert_eq!(fs.read("/log").unwrap(), b"one\n");
        w.write_all(b"two\n").unwrap();
        assert_eq!(fs.read("/log").unwrap(), b"one\ntwo\n");
        drop(w);
        let mut w = fs.open_write("/log", WriteMode::Append).unwrap();
        w.write_all(b"three\n").unwrap();
        assert_eq!(fs.read("/log").unwrap(), b"one\ntwo\nthree\n");
        let mut w = fs.open_write("/log", WriteMode::Update).unwrap();
        w.write_all(b"ONE").unwrap();
        assert_eq!(fs.read("/log").unwrap(), b"ONE\ntwo\nthree\n");
        let mut w = fs.open_write("/log", WriteMode::Truncate).unwrap();
        assert_eq!(fs.read("/log").unwrap(), b"");
        w.write_all(b"x").unwrap();
        let mut w2 = fs.open_write("/new", WriteMode::CreateNew).unwrap();
        w2.write_all(b"n").unwrap();
        assert_eq!(fs.read("/new").unwrap(), b"n");
        // A removed file's writer discards.
        fs.remove_file("/log").unwrap();
        w.write_all(b"lost").unwrap();
        assert_eq!(kind(fs.read("/log")), FsErrorKind::NotFound);
        assert_eq!(fs.usage().bytes, 1);
    }

    #[test]
    fn streaming_reader_sees_content_at_open() {
        let fs = MemoryFs::new();
        fs.write("/f", b"abcdef").unwrap();
        let mut r = fs.open_read("/f").unwrap();
        let mut buf = [0u8; 4];
        assert_eq!(r.read(&mut buf).unwrap(), 4);
        assert_eq!(&buf, b"abcd");
        fs.write("/f", b"zzzzzzzz").unwrap();
        let mut rest = Vec::new();
        r.read_to_end(&mut rest).unwrap();
        assert_eq!(rest, b"ef");
        assert_eq!(kind(fs.open_read("/")), FsErrorKind::IsADirectory);
    }

    #[test]
    fn rename_cases() {
        let fs = MemoryFs::new();
        fs.create_dir("/a/b", true).unwrap();
        fs.write("/a/b/f", b"1").unwrap();
        fs.write("/g", b"22").unwrap();
        fs.rename("/a", "/z").unwrap();
        assert_eq!(fs.read("/z/b/f").unwrap(), b"1");
        assert_eq!(kind(fs.rename("/z", "/z/b/c")), FsErrorKind::InvalidInput);
        assert_eq!(kind(fs.rename("/z", "/z/q")), FsErrorKind::InvalidInput);
        assert_eq!(kind(fs.rename("/g", "/z")), FsErrorKind::IsADirectory);
        assert_eq!(kind(fs.rename("/z", "/g")), FsErrorKind::NotADirectory);
        assert_eq!(kind(fs.rename("/nope", "/x")), FsErrorKind::NotFound);
        fs.create_dir("/empty", false).unwrap();
        fs.create_dir("/full/x", true).unwrap();
        assert_eq!(
            kind(fs.rename("/z", "/full")),
            FsErrorKind::DirectoryNotEmpty
        );
        fs.rename("/z", "/empty").unwrap();
        assert!(fs.metadata("/empty/b/f").is_ok());
        // Replace a file; bytes accounted.
        fs.write("/h", b"333").unwrap();
        let before = fs.usage();
        fs.rename("/g", "/h").unwrap();
        assert_eq!(fs.read("/h").unwrap(), b"22");
        assert_eq!(fs.usage().bytes, before.bytes - 3);
        assert_eq!(fs.usage().entries, before.entries - 1);
        fs.rename("/h", "/h").unwrap();
        assert_eq!(kind(fs.rename("/", "/x")), FsErrorKind::Busy);
    }

    #[test]
    fn copy_file_and_mode() {
        let fs = MemoryFs::new();
        fs.write("/a", b"data").unwrap();
        fs.set_mode("/a", 0o755).unwrap();
        fs.copy("/a", "/b").unwrap();
        assert_eq!(fs.read("/b").unwrap(), b"data");
        assert_eq!(fs.metadata("/b").unwrap().mode, 0o755);
        fs.append("/b", b"!").unwrap();
        assert_eq!(fs.read("/a").unwrap(), b"data");
        assert_eq!(fs.usage().bytes, 9);
        fs.create_dir("/d", false).unwrap();
        assert_eq!(kind(fs.copy("/d", "/e")), FsErrorKind::IsADirectory);
        assert_eq!(kind(fs.copy("/a", "/d")), FsErrorKind::IsADirectory);
    }

    #[test]
    fn symlinks_follow() {
        let fs = MemoryFs::new();
        fs.create_dir("/d/sub", true).unwrap();
        fs.write("/d/sub/f", b"x").unwrap();
        fs.symlink("sub", "/d/rel").unwrap();
        fs.symlink("/d/sub", "/abs").unwrap();
        fs.symlink("../d/sub/f", "/d/up").unwrap();
        assert_eq!(fs.read("/d/rel/f").unwrap(), b"x");
        assert_eq!(fs.read("/abs/f").unwrap(), b"x");
        assert_eq!(fs.read("/d/up").unwrap(), b"x");
        assert_eq!(fs.read_link("/d/rel").unwrap(), "sub");
        assert!(fs.symlink_metadata("/abs").unwrap().is_symlink());
        assert_eq!(fs.symlink_metadata("/abs").unwrap().size, 6);
        assert!(fs.metadata("/abs").unwrap().is_dir());
        // Writing through a dangling link creates the target.
        fs.symlink("new", "/d/dang").unwrap();
        fs.write("/d/dang", b"n").unwrap();
        assert_eq!(fs.read("/d/new").unwrap(), b"n");
        // Removing the link leaves the target.
        fs.remove_file("/abs").unwrap();
        assert!(fs.metadata("/d/sub").is_ok());
        assert_eq!(kind(fs.symlink("x", "/d/rel")), FsErrorKind::AlreadyExists);
        // mkdir -p through a link to a dir is fine.
        fs.create_dir("/d/rel", true).unwrap();
        assert_eq!(
            kind(fs.create_dir("/d/rel", false)),
            FsErrorKind::AlreadyExists
        );
        // remove_dir of a symlink: not a directory.
        assert_eq!(
            kind(fs.remove_dir("/d/rel", false)),
            FsErrorKind::NotADirectory
        );
    }

    #[test]
    fn symlink_loops() {
        let fs = MemoryFs::new();
        fs.symlink("/b", "/a").unwrap();
        fs.symlink("/a", "/b").unwrap();
        fs.symlink("self", "/self").unwrap();
        assert_eq!(kind(fs.read("/a")), FsErrorKind::TooManyLinks);
        assert_eq!(kind(fs.metadata("/self")), FsErrorKind::TooManyLinks);
        assert_eq!(kind(fs.write("/a", b"")), FsErrorKind::TooManyLinks);
        assert_eq!(kind(fs.read("/self/x")), FsErrorKind::TooManyLinks);
        assert!(fs.symlink_metadata("/a").is_ok());
        // Exactly 40 hops is fine.
        fs.write("/t0", b"end").unwrap();
        for i in 1..=40 {
            fs.symlink(&format!("t{}", i - 1), &format!("/t{i}"))
                .unwrap();
        }
        assert_eq!(fs.read("/t40").unwrap(), b"end");
        fs.symlink("t40", "/t41").unwrap();
        assert_eq!(kind(fs.read("/t41")), FsErrorKind::TooManyLinks);
    }

    #[test]
    fn modes_and_times() {
        let fs = MemoryFs::new();
        fs.write("/f", b"").unwrap();
        fs.set_mode("/f", 0o100755).unwrap();
        assert_eq!(fs.metadata("/f").unwrap().mode, 0o755);
        let t = UNIX_EPOCH + Duration::from_secs(1000);
        fs.set_mtime("/f", t).unwrap();
        assert_eq!(fs.metadata("/f").unwrap().mtime, t);
        fs.create_dir("/d/e", true).unwrap();
        assert_eq!(fs.metadata("/d").unwrap().nlink, 3);
    }

    #[test]
    fn limits_bytes_and_entries() {
        let fs = MemoryFs::with_limits(FsLimits {
            max_total_bytes: 10,
            max_entries: 3,
            max_file_size: 6,
            max_depth: 3,
        });
        fs.write("/a", b"123456").unwrap();
        assert_eq!(kind(fs.write("/a", b"1234567")), FsErrorKind::FileTooLarge);
        assert_eq!(fs.read("/a").unwrap(), b"123456");
        fs.write("/b", b"1234").unwrap();
        assert_eq!(kind(fs.append("/b", b"5")), FsErrorKind::NoSpace);
        assert_eq!(fs.read("/b").unwrap(), b"1234");
        assert_eq!(kind(fs.truncate("/b", 5)), FsErrorKind::NoSpace);
        fs.truncate("/b", 1).unwrap();
        assert_eq!(fs.usage().bytes, 7);
        fs.write("/a", b"").unwrap();
        assert_eq!(fs.usage().bytes, 1);
        fs.create_dir("/d", false).unwrap();
        assert_eq!(kind(fs.create_dir("/e", false)), FsErrorKind::NoSpace);
        assert_eq!(kind(fs.symlink("x", "/s")), FsErrorKind::NoSpace);
        fs.remove_file("/a").unwrap();
        assert_eq!(kind(fs.create_dir("/d/x/y", true)), FsErrorKind::NoSpace);
        fs.remove_dir("/d/x", false).unwrap();
        fs.remove_file("/b").unwrap();
        fs.create_dir("/d/x/y", true).unwrap();
        assert_eq!(
            kind(fs.create_dir("/d/x/y/z", false)),
            FsErrorKind::NameTooLong
        );
        assert_eq!(
            fs.usage(),
            FsUsage {
                bytes: 0,
                entries: 3
            }
        );
    }

    #[test]
    fn limits_streaming_rejects_whole_chunk() {
        let fs = MemoryFs::with_limits(FsLimits {
            max_total_bytes: 100,
            max_entries: 10,
            max_file_size: 5,
            max_depth: 10,
        });
        let mut w = fs.open_write("/f", WriteMode::Truncate).unwrap();
        w.write_all(b"abc").unwrap();
        assert!(w.write(b"def").is_err());
        assert_eq!(fs.read("/f").unwrap(), b"abc");
        w.write_all(b"de").unwrap();
        assert_eq!(fs.read("/f").unwrap(), b"abcde");
    }

    #[test]
    fn limits_depth_on_rename() {
        let fs = MemoryFs::with_limits(FsLimits {
            max_depth: 3,
            ..FsLimits::default()
        });
        fs.create_dir("/a/b", true).unwrap();
        fs.create_dir("/x/y", true).unwrap();
        assert_eq!(kind(fs.rename("/a", "/x/y/a")), FsErrorKind::NameTooLong);
        fs.rename("/a", "/x/a").unwrap();
        assert!(fs.metadata("/x/a/b").is_ok());
    }

    #[test]
    fn deep_tree_is_iterative() {
        let fs = MemoryFs::with_limits(FsLimits::unlimited());
        // Build 10 000 levels via renames (paths can't name them all).
        fs.create_dir("/d", false).unwrap();
        for _ in 0..10_000 {
            fs.create_dir("/n", false).unwrap();
            fs.rename("/d", "/n/d").unwrap();
            fs.rename("/n", "/d").unwrap();
        }
        assert_eq!(fs.usage().entries, 10_001);
        let snap = fs.snapshot();
        let restored = MemoryFs::restore_with_limits(&snap, FsLimits::unlimited()).unwrap();
        assert_eq!(restored.usage().entries, 10_001);
        fs.remove_dir("/d", true).unwrap();
        assert_eq!(fs.usage().entries, 0);
        drop(restored);
    }

    #[test]
    fn snapshot_roundtrip() {
        let fs = MemoryFs::new();
        fs.create_dir("/a/b", true).unwrap();
        fs.write("/a/b/f", b"content").unwrap();
        fs.set_mode("/a/b/f", 0o700).unwrap();
        let t = UNIX_EPOCH - Duration::new(5, 300);
        fs.set_mtime("/a/b/f", t).unwrap();
        fs.symlink("b/f", "/a/link").unwrap();
        fs.write("/empty", b"").unwrap();
        let snap = fs.snapshot();
        let r = MemoryFs::restore(&snap).unwrap();
        assert_eq!(r.read("/a/link").unwrap(), b"content");
        let m = r.metadata("/a/b/f").unwrap();
        assert_eq!(m.mode, 0o700);
        assert_eq!(m.mtime, t);
        assert_eq!(r.usage(), fs.usage());
        assert_eq!(r.read_dir("/").unwrap(), fs.read_dir("/").unwrap());
        r.write("/new", b"x").unwrap();
        assert_eq!(
            r.snapshot().len(),
            snap.len() + 8 + 2 + 3 + 1 + 4 + 12 + 8 + 1
        );
        // Too big for strict-ish limits.
        let small = FsLimits {
            max_entries: 2,
            ..FsLimits::default()
        };
        assert_eq!(
            MemoryFs::restore_with_limits(&snap, small)
                .unwrap_err()
                .kind,
            FsErrorKind::NoSpace
        );
    }

    #[test]
    fn snapshot_corrupt_never_panics() {
        let fs = MemoryFs::new();
        fs.create_dir("/a/b", true).unwrap();
        fs.write("/a/b/f", b"content").unwrap();
        fs.symlink("x", "/s").unwrap();
        let snap = fs.snapshot();
        for n in 0..snap.len() {
            assert!(MemoryFs::restore(&snap[..n]).is_err());
        }
        let mut seed = 0x1234_5678_9abc_def0u64;
        for i in 0..snap.len() {
            for _ in 0..8 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let mut bad = snap.clone();
                bad[i] = seed as u8;
                let _ = MemoryFs::restore(&bad);
            }
        }
        let mut huge = snap.clone();
        huge[10..18].copy_from_slice(&u64::MAX.to_le_bytes());
        assert!(MemoryFs::restore(&huge).is_err());
        assert!(MemoryFs::restore(b"").is_err());
        let mut extra = snap.clone();
        extra.push(0);
        assert!(MemoryFs::restore(&extra).is_err());
    }

    #[test]
    fn threads_share() {
        let fs = Arc::new(MemoryFs::new());
        let hs: Vec<_> = (0..4)
            .map(|i| {
                let fs = Arc::clone(&fs);
                std::thread::spawn(move || {
                    for j in 0..100 {
                        fs.append(&format!("/f{i}"), format!("{j}\n").as_bytes())
                            .unwrap();
                    }
                })
            })
            .collect();
        for h in hs {
            h.join().unwrap();
        }
        assert_eq!(fs.read_dir("/").unwrap().len(), 4);
    }
}
