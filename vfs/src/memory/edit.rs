//! Changes to the tree: inserting, writing, replacing, creating
//! directories, removing and renaming, each checked against the limits
//! before anything changes.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::SystemTime;

use super::node::{Data, Ino, Node, Pos, ROOT, Slot, err};
use super::tree::Tree;
use super::{DEFAULT_DIR_MODE, DEFAULT_FILE_MODE};
use crate::{FsErrorKind, FsResult, path};

impl Tree {
    /// Adds `node` as `name` in the directory at `parent`; limits checked.
    pub(super) fn insert(
        &mut self,
        parent: &Pos,
        name: &str,
        node: Node,
        p: &str,
    ) -> FsResult<Ino> {
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
        if node.is_dir() {
            pnode.subdirs += 1;
        }
        pnode.mtime = now;
        self.next += 1;
        self.nodes.insert(ino, node);
        self.entries += 1;
        self.bytes = self.bytes.saturating_add(extra);
        Ok(ino)
    }

    /// Removes the node `ino` and everything below it (iteratively).
    pub(super) fn drop_subtree(&mut self, ino: Ino) {
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
    pub(super) fn height(&self, ino: Ino) -> u64 {
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
    pub(super) fn set_len_and_edit(
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
    pub(super) fn write_at(
        &mut self,
        ino: Ino,
        pos: u64,
        append: bool,
        buf: &[u8],
        p: &str,
    ) -> FsResult<u64> {
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
    pub(super) fn file_for_write(&mut self, path: &str, exclusive: bool) -> FsResult<(Ino, bool)> {
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
    pub(super) fn replace_content(
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

    pub(super) fn create_dir_one(&mut self, path: &str) -> FsResult<()> {
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

    pub(super) fn create_dir(&mut self, path: &str, recursive: bool) -> FsResult<()> {
        if !recursive {
            if path == "/" {
                return Err(err(FsErrorKind::AlreadyExists, path));
            }
            return self.create_dir_one(path);
        }
        let mut prefix = String::new();
        let comps: Vec<&str> = path::components(path).collect();
        let n = comps.len();
        // Depth of the deepest directory that exists so far (symlinks
        // resolved), which the new ones hang below.
        let mut depth = 0;
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
                    depth = pos.depth();
                }
                Err(e) if e.kind == FsErrorKind::NotFound => {
                    // A dangling symlink here cannot be made a directory.
                    if let Ok(pos) = self.locate(&prefix, false)
                        && pos.ino() != ROOT
                    {
                        return Err(err(FsErrorKind::AlreadyExists, path));
                    }
                    // Everything from here down is missing. Check the
                    // bounds for all of it before making the first, so a
                    // refusal leaves the tree as it was.
                    let missing = (n - i) as u64;
                    self.check_new_entries(depth.saturating_add(missing), missing, path)?;
                    self.create_dir_one(&prefix)
                        .map_err(|e| err(e.kind, path))?;
                    depth += 1;
                }
                Err(e) => return Err(err(e.kind, path)),
            }
        }
        Ok(())
    }

    pub(super) fn remove_entry(&mut self, slot: &Slot, ino: Ino, p: &str) -> FsResult<()> {
        let now = SystemTime::now();
        let was_dir = self.nodes.get(&ino).is_some_and(Node::is_dir);
        let pnode = self.node_mut(slot.parent.ino(), p)?;
        if let Data::Dir(c) = &mut pnode.data {
            c.remove(&slot.name);
        }
        if was_dir {
            pnode.subdirs = pnode.subdirs.saturating_sub(1);
        }
        pnode.mtime = now;
        self.drop_subtree(ino);
        Ok(())
    }

    pub(super) fn remove_file(&mut self, path: &str) -> FsResult<()> {
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

    pub(super) fn remove_dir(&mut self, path: &str, recursive: bool) -> FsResult<()> {
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

    pub(super) fn rename(&mut self, from: &str, to: &str) -> FsResult<()> {
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
        let dirs = |t: &Self, i: Ino| u64::from(t.nodes.get(&i).is_some_and(Node::is_dir));
        if let Some(t) = tslot.existing {
            self.children_mut(tslot.parent.ino(), to)?
                .remove(&tslot.name);
            let gone = dirs(self, t);
            let tparent = self.node_mut(tslot.parent.ino(), to)?;
            tparent.subdirs = tparent.subdirs.saturating_sub(gone);
            self.drop_subtree(t);
        }
        let now = SystemTime::now();
        let moved = dirs(self, fino);
        self.children_mut(fslot.parent.ino(), from)?
            .remove(&fslot.name);
        let fparent = self.node_mut(fslot.parent.ino(), from)?;
        fparent.mtime = now;
        fparent.subdirs = fparent.subdirs.saturating_sub(moved);
        self.children_mut(tslot.parent.ino(), to)?
            .insert(tslot.name.clone(), fino);
        let tparent = self.node_mut(tslot.parent.ino(), to)?;
        tparent.mtime = now;
        tparent.subdirs += moved;
        Ok(())
    }
}
