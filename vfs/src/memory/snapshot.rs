//! Snapshot image, version 2 (all integers little-endian):
//!
//! ```text
//! magic  "SBVFSNAP" | version u16 = 2 | count u64
//! count records, the root first, every parent before its children:
//!   parent u64 (u64::MAX for the root) | name_len u16 | name
//!   kind u8 (0 file, 1 dir, 2 symlink) | mode u32
//!   mtime: secs i64 | nanos u32        atime: secs i64 | nanos u32
//!   file: len u64 | bytes      symlink: len u32 | bytes      dir: -
//! ```
//!
//! Version 1 images (no access time; it reads as the modification time)
//! still load: sessions saved before access times existed restore.
//! Invariant: both versions decode, checked by
//! `memory::tests::snapshot_v1_still_loads`.

use std::collections::{BTreeMap, HashSet, VecDeque};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::node::{Data, Ino, Node, ROOT, err};
use super::tree::Tree;
use crate::limits::FsLimits;
use crate::{FsError, FsErrorKind, FsResult, path};

const MAGIC: &[u8; 8] = b"SBVFSNAP";
const VERSION: u16 = 2;
/// The smallest record of a version-1 image (fewer bytes than version 2's).
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
        for t in [node.mtime, node.atime] {
            let (secs, nanos) = time_to_parts(t);
            out.extend_from_slice(&secs.to_le_bytes());
            out.extend_from_slice(&nanos.to_le_bytes());
        }
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
    let version = c.u16()?;
    if version != 1 && version != VERSION {
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
        let atime = if version == 1 {
            mtime
        } else {
            let secs = c.i64()?;
            let nanos = c.u32()?;
            time_from_parts(secs, nanos).ok_or_else(bad)?
        };
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
        let node = Node {
            data,
            mode,
            mtime,
            atime,
            subdirs: 0,
        };
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
        if node.is_dir() {
            tree.node_mut(parent, p)?.subdirs += 1;
        }
        tree.nodes.insert(i, node);
    }
    if !c.buf.is_empty() {
        return Err(bad());
    }
    tree.next = count as u64;
    Ok(tree)
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

/// The inverse of [`time_to_parts`]; `None` when out of range.
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
