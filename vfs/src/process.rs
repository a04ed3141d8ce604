//! [`ProcessFs`]: a filesystem as one shell process sees it, with its
//! `umask` and its `ulimit -f`.
//!
//! A backend knows nothing of processes: it creates files with
//! [`crate::DEFAULT_FILE_MODE`] and directories with
//! [`crate::DEFAULT_DIR_MODE`] (what umask 022 gives). The interpreter wraps
//! the sandbox's [`FileSystem`] in a `ProcessFs` for every command it runs
//! (redirections, utilities, builtins), so every file and directory
//! created through the shell gets `0666 & !umask` / `0777 & !umask` (a
//! copy `SOURCE_MODE & !umask`), as `open(2)`/`mkdir(2)` give them under a
//! real kernel, and no write makes a file larger than the file-size limit.
//!
//! Invariants: an operation on a path that existed before is passed through
//! unchanged (its mode is kept); a refused write changes nothing (the
//! checks come before the call); the mode is set right after the backend
//! created the entry, before anything is written through a streaming
//! writer.

use std::io::Write;
use std::sync::Arc;
use std::time::SystemTime;

use crate::{
    DirEntry, FileReader, FileSystem, FileWriter, FsError, FsErrorKind, FsResult, Metadata, Space,
    Times, WriteMode,
};

/// A view of `inner` with a creation mask and a largest file size.
pub struct ProcessFs {
    inner: Arc<dyn FileSystem>,
    umask: u32,
    max_file_size: Option<u64>,
}

impl ProcessFs {
    /// `inner` as a process with `umask` (only its `0o777` bits count) and
    /// files of at most `max_file_size` bytes (`None`: no limit of its own)
    /// sees it.
    pub fn new(inner: Arc<dyn FileSystem>, umask: u32, max_file_size: Option<u64>) -> Self {
        Self {
            inner,
            umask: umask & 0o777,
            max_file_size,
        }
    }

    /// True when a new file or directory needs a mode other than the
    /// backends' defaults, which are what umask 022 gives: with 022 (the
    /// usual case) creating costs no extra lookups.
    fn masks(&self) -> bool {
        self.umask != 0o022
    }

    /// True when nothing exists at `path` (symlinks followed: writing
    /// through a dangling link creates its target).
    fn missing(&self, path: &str) -> bool {
        matches!(self.inner.metadata(path), Err(e) if e.kind == FsErrorKind::NotFound)
    }

    /// The file-size limit that applies to `path`: none for a device
    /// (`/dev/null`), as `RLIMIT_FSIZE` binds regular files only.
    fn limit_for(&self, path: &str) -> Option<u64> {
        let max = self.max_file_size?;
        match self.inner.metadata(path) {
            Ok(m) if !m.is_file() => None,
            _ => Some(max),
        }
    }

    /// Refuses a file that would grow past the limit.
    fn check_size(&self, path: &str, size: u64) -> FsResult<()> {
        match self.limit_for(path) {
            Some(max) if size > max => Err(FsError::new(FsErrorKind::FileTooLarge, path)),
            _ => Ok(()),
        }
    }

    /// Gives a just-created file its masked mode. Best effort: the file
    /// exists and holds what was written either way, and a backend that
    /// keeps no modes must not turn a done write into a failed one.
    fn created(&self, path: &str, mode: u32) {
        let _ = self.inner.set_mode(path, mode & !self.umask & 0o7777);
    }

    fn size_of(&self, path: &str) -> u64 {
        self.inner.metadata(path).map(|m| m.size).unwrap_or(0)
    }
}

/// A writer that refuses bytes past the file-size limit, as `write(2)`
/// fails with `EFBIG`.
struct Bounded {
    inner: FileWriter,
    path: String,
    written: u64,
    max: u64,
}

impl Write for Bounded {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let room = self.max.saturating_sub(self.written);
        if room == 0 && !buf.is_empty() {
            return Err(FsError::new(FsErrorKind::FileTooLarge, self.path.clone()).into());
        }
        let take = usize::try_from(room).unwrap_or(usize::MAX).min(buf.len());
        let n = self.inner.write(buf.get(..take).unwrap_or(buf))?;
        self.written = self.written.saturating_add(n as u64);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

impl FileSystem for ProcessFs {
    fn metadata(&self, path: &str) -> FsResult<Metadata> {
        self.inner.metadata(path)
    }

    fn symlink_metadata(&self, path: &str) -> FsResult<Metadata> {
        self.inner.symlink_metadata(path)
    }

    fn read(&self, path: &str) -> FsResult<Vec<u8>> {
        self.inner.read(path)
    }

    fn open_read(&self, path: &str) -> FsResult<FileReader> {
        self.inner.open_read(path)
    }

    fn write(&self, path: &str, data: &[u8]) -> FsResult<()> {
        self.check_size(path, data.len() as u64)?;
        let new = self.masks() && self.missing(path);
        self.inner.write(path, data)?;
        if new {
            self.created(path, 0o666);
        }
        Ok(())
    }

    fn append(&self, path: &str, data: &[u8]) -> FsResult<()> {
        if self.max_file_size.is_some() {
            self.check_size(path, self.size_of(path).saturating_add(data.len() as u64))?;
        }
        let new = self.masks() && self.missing(path);
        self.inner.append(path, data)?;
        if new {
            self.created(path, 0o666);
        }
        Ok(())
    }

    fn open_write(&self, path: &str, mode: WriteMode) -> FsResult<FileWriter> {
        let new = self.masks() && self.missing(path);
        let start = match (mode, self.max_file_size) {
            (WriteMode::Append, Some(_)) => self.size_of(path),
            _ => 0,
        };
        let w = self.inner.open_write(path, mode)?;
        if new {
            self.created(path, 0o666);
        }
        Ok(match self.limit_for(path) {
            Some(max) => Box::new(Bounded {
                inner: w,
                path: path.to_owned(),
                written: start,
                max,
            }),
            None => w,
        })
    }

    fn truncate(&self, path: &str, len: u64) -> FsResult<()> {
        self.check_size(path, len)?;
        self.inner.truncate(path, len)
    }

    fn create_dir(&self, path: &str, recursive: bool) -> FsResult<()> {
        // The directories this call creates, outermost first: `mkdir -p`
        // gives the parents it makes u+wx on top of the mask, as GNU does.
        if !self.masks() {
            return self.inner.create_dir(path, recursive);
        }
        let mut made = Vec::new();
        if recursive {
            let mut p = path;
            while self.missing(p) {
                made.push(p.to_owned());
                match p.rfind('/') {
                    Some(0) | None => break,
                    Some(i) => p = p.get(..i).unwrap_or("/"),
                }
                if made.len() > 4096 {
                    break;
                }
            }
            made.reverse();
        } else if self.missing(path) {
            made.push(path.to_owned());
        }
        self.inner.create_dir(path, recursive)?;
        let last = made.len().saturating_sub(1);
        for (i, d) in made.iter().enumerate() {
            let mode = if i == last {
                0o777 & !self.umask
            } else {
                (0o777 & !self.umask) | 0o300
            };
            let _ = self.inner.set_mode(d, mode);
        }
        Ok(())
    }

    fn read_dir(&self, path: &str) -> FsResult<Vec<DirEntry>> {
        self.inner.read_dir(path)
    }

    fn remove_file(&self, path: &str) -> FsResult<()> {
        self.inner.remove_file(path)
    }

    fn remove_dir(&self, path: &str, recursive: bool) -> FsResult<()> {
        self.inner.remove_dir(path, recursive)
    }

    fn rename(&self, from: &str, to: &str) -> FsResult<()> {
        self.inner.rename(from, to)
    }

    fn copy(&self, from: &str, to: &str) -> FsResult<()> {
        if self.max_file_size.is_some() {
            self.check_size(to, self.size_of(from))?;
        }
        let new = self.missing(to);
        self.inner.copy(from, to)?;
        if new {
            let mode = self.inner.metadata(to).map(|m| m.mode).unwrap_or(0o666);
            self.created(to, mode);
        }
        Ok(())
    }

    fn symlink(&self, target: &str, link: &str) -> FsResult<()> {
        self.inner.symlink(target, link)
    }

    fn read_link(&self, path: &str) -> FsResult<String> {
        self.inner.read_link(path)
    }

    fn set_mode(&self, path: &str, mode: u32) -> FsResult<()> {
        self.inner.set_mode(path, mode)
    }

    fn set_mtime(&self, path: &str, mtime: SystemTime) -> FsResult<()> {
        self.inner.set_mtime(path, mtime)
    }

    fn set_times(&self, path: &str, times: Times, follow: bool) -> FsResult<()> {
        self.inner.set_times(path, times, follow)
    }

    fn space(&self, path: &str) -> Option<Space> {
        self.inner.space(path)
    }

    fn umask(&self) -> u32 {
        self.umask
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MemoryFs;

    fn fs(umask: u32, max: Option<u64>) -> (Arc<MemoryFs>, ProcessFs) {
        let m = Arc::new(MemoryFs::new());
        (m.clone(), ProcessFs::new(m, umask, max))
    }

    #[test]
    fn new_files_and_directories_get_the_mask() {
        let (m, p) = fs(0o077, None);
        p.write("/f", b"x").unwrap();
        assert_eq!(m.metadata("/f").unwrap().mode, 0o600);
        p.append("/g", b"x").unwrap();
        assert_eq!(m.metadata("/g").unwrap().mode, 0o600);
        drop(p.open_write("/h", WriteMode::Truncate).unwrap());
        assert_eq!(m.metadata("/h").unwrap().mode, 0o600);
        p.create_dir("/d", false).unwrap();
        assert_eq!(m.metadata("/d").unwrap().mode, 0o700);
        p.create_dir("/a/b/c", true).unwrap();
        assert_eq!(m.metadata("/a").unwrap().mode, 0o700);
        assert_eq!(m.metadata("/a/b/c").unwrap().mode, 0o700);
    }

    #[test]
    fn mkdir_p_parents_keep_user_write_and_search() {
        let (m, p) = fs(0o777, None);
        p.create_dir("/a/b", true).unwrap();
        assert_eq!(m.metadata("/a").unwrap().mode, 0o300);
        assert_eq!(m.metadata("/a/b").unwrap().mode, 0);
    }

    #[test]
    fn umask_022_gives_the_backend_defaults() {
        let (m, p) = fs(0o022, None);
        p.write("/f", b"x").unwrap();
        p.create_dir("/a/b", true).unwrap();
        assert_eq!(m.metadata("/f").unwrap().mode, 0o644);
        assert_eq!(m.metadata("/a").unwrap().mode, 0o755);
        assert_eq!(m.metadata("/a/b").unwrap().mode, 0o755);
        m.write("/s", b"x").unwrap();
        m.set_mode("/s", 0o777).unwrap();
        p.copy("/s", "/t").unwrap();
        assert_eq!(m.metadata("/t").unwrap().mode, 0o755);
    }

    #[test]
    fn existing_files_keep_their_mode() {
        let (m, p) = fs(0o077, None);
        m.write("/f", b"x").unwrap();
        p.write("/f", b"y").unwrap();
        assert_eq!(m.metadata("/f").unwrap().mode, 0o644);
    }

    #[test]
    fn a_copy_gets_the_source_mode_masked() {
        let (m, p) = fs(0o027, None);
        m.write("/s", b"x").unwrap();
        m.set_mode("/s", 0o777).unwrap();
        p.copy("/s", "/t").unwrap();
        assert_eq!(m.metadata("/t").unwrap().mode, 0o750);
    }

    #[test]
    fn the_file_size_limit_spares_devices() {
        let m = Arc::new(MemoryFs::new());
        let vfs = crate::Vfs::sandbox(m, crate::FsLimits::unlimited());
        let p = ProcessFs::new(Arc::new(vfs), 0o022, Some(4));
        p.write("/dev/null", b"123456789").unwrap();
        let mut w = p.open_write("/dev/null", WriteMode::Append).unwrap();
        assert_eq!(w.write(b"123456789").unwrap(), 9);
        assert!(p.write("/tmp/f", b"123456789").is_err());
    }

    #[test]
    fn the_file_size_limit_refuses_larger_files() {
        let (m, p) = fs(0o022, Some(4));
        assert_eq!(
            p.write("/f", b"12345").unwrap_err().kind,
            FsErrorKind::FileTooLarge
        );
        assert!(m.metadata("/f").is_err());
        p.write("/f", b"1234").unwrap();
        assert!(p.append("/f", b"5").is_err());
        let mut w = p.open_write("/g", WriteMode::Truncate).unwrap();
        assert_eq!(w.write(b"123456").unwrap(), 4);
        assert!(w.write(b"5").is_err());
        drop(w);
        assert_eq!(m.read("/g").unwrap(), b"1234");
        assert!(p.truncate("/g", 9).is_err());
    }
}
