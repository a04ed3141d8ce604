//! Filesystem helpers shared by `cp`, `mv`, `rm` and `ls`.

use std::io::{Read, Write};

use sandbash_vfs::{FileSystem, FsError, FsErrorKind, FsResult, WriteMode};

/// Joins a directory path and an entry name with one `/`.
pub fn join(dir: &str, name: &str) -> String {
    if dir.ends_with('/') {
        format!("{dir}{name}")
    } else {
        format!("{dir}/{name}")
    }
}

/// The last component of an operand as written (`a/b/` gives `b`).
pub fn base_name(operand: &str) -> &str {
    let t = operand.trim_end_matches('/');
    if t.is_empty() {
        return "/";
    }
    t.rsplit('/').next().unwrap_or(t)
}

/// True when `path` exists (following symlinks).
pub fn exists(fs: &dyn FileSystem, path: &str) -> bool {
    fs.metadata(path).is_ok()
}

/// True when `path` is a directory (following symlinks).
pub fn is_dir(fs: &dyn FileSystem, path: &str) -> bool {
    fs.metadata(path).is_ok_and(|m| m.is_dir())
}

/// True when the normalized path `inner` is `outer` or below it.
pub fn is_within(outer: &str, inner: &str) -> bool {
    outer == "/" || inner == outer || inner.starts_with(&format!("{outer}/"))
}

/// Copies one regular file's content and mode: `FileSystem::copy`, falling
/// back to a streamed copy when the backend refuses (across mounts).
pub fn copy_file(fs: &dyn FileSystem, from: &str, to: &str) -> FsResult<()> {
    match fs.copy(from, to) {
        Err(e) if matches!(e.kind, FsErrorKind::CrossDevice | FsErrorKind::Io) => {
            stream_copy(fs, from, to)
        }
        r => r,
    }
}

fn stream_copy(fs: &dyn FileSystem, from: &str, to: &str) -> FsResult<()> {
    let md = fs.metadata(from)?;
    let mut r = fs.open_read(from)?;
    let mut w = fs.open_write(to, WriteMode::Truncate)?;
    let mut buf = vec![0u8; 64 * 1024];
    let io_err = |to: &str| FsError::new(FsErrorKind::Io, to);
    loop {
        let n = r.read(&mut buf).map_err(|_| io_err(from))?;
        if n == 0 {
            break;
        }
        w.write_all(buf.get(..n).unwrap_or(&[]))
            .map_err(|_| io_err(to))?;
    }
    w.flush().map_err(|_| io_err(to))?;
    drop(w);
    let _ = fs.set_mode(to, md.mode);
    Ok(())
}
