//! What the VFS does not store but `ls`, `stat` and `du` print: sizes as
//! a disk filesystem with 4 KiB blocks would report them (a directory is
//! 4096 bytes and one block, a file takes whole blocks, a symlink's target
//! lives in its inode), inode numbers, and the device a path is on.
//!
//! Inode numbers are derived from the absolute path (FNV-1a), so they are
//! stable within a run and differ between paths; a renamed file gets a
//! new one, which no script can tell from a copy anyway.

use sandbash_vfs::{FileKind, Metadata};

/// The block size the sizes are counted in.
pub const BLOCK: u64 = 4096;

/// The size `ls -l`, `stat %s` and `du --apparent-size` show.
pub fn apparent_size(md: &Metadata) -> u64 {
    if md.is_dir() { BLOCK } else { md.size }
}

/// The bytes the object occupies on the imagined disk.
pub fn disk_bytes(md: &Metadata) -> u64 {
    match md.kind {
        FileKind::Dir => BLOCK,
        FileKind::File => md.size.div_ceil(BLOCK).saturating_mul(BLOCK),
        _ => 0,
    }
}

/// [`disk_bytes`] in 512-byte units (`stat %b`).
pub fn blocks_512(md: &Metadata) -> u64 {
    disk_bytes(md) / 512
}

/// The inode number of the absolute path `abs`.
pub fn inode(abs: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in abs.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    // Small, positive, and never 0 or the root's 2.
    (h % 100_000_000) + 1000
}

/// The device number (major, minor) of the mount `mount`.
pub fn device(mount: &str) -> (u32, u32) {
    match mount {
        "/workspace" => (0, 41),
        "/dev" => (0, 6),
        _ => (0, 40),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stable_and_distinct_inodes() {
        assert_eq!(inode("/workspace/a"), inode("/workspace/a"));
        assert_ne!(inode("/workspace/a"), inode("/workspace/b"));
        assert!(inode("/") >= 1000);
    }
}
