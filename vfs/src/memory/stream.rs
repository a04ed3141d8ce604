//! Streaming access to a file: a reader over the content as it was at
//! open, and a writer that stores each `write` as it comes.

use std::io::{self, Read, Write};
use std::sync::{Arc, RwLock};

use super::node::Ino;
use super::tree::Tree;

/// Streams a file's content as it was when opened.
pub(super) struct MemReader {
    pub(super) content: Arc<Vec<u8>>,
    pub(super) pos: usize,
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
pub(super) struct MemWriter {
    pub(super) tree: Arc<RwLock<Tree>>,
    pub(super) ino: Ino,
    pub(super) pos: u64,
    pub(super) append: bool,
    pub(super) path: String,
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
