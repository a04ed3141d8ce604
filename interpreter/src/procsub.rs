//! Process substitution: `<(list)` and `>(list)`.
//!
//! The list runs as a subshell on a thread of its own, like a background
//! job (counted against `max_jobs`; `$!` and `wait` see it), joined to
//! the shell by a bounded pipe (`pipe.rs`) whose other end the shell opens
//! at the highest free descriptor from 63 down, as bash does ([`Fds::free_high`];
//! `{var}>f` takes from 10 up in the same table). The word
//! becomes `/dev/fd/N`: redirections dup that descriptor, and utilities and
//! builtins open it through the view of the filesystem [`FdFs`] gives
//! them, which maps `/dev/fd/N` to the shell's descriptors. The command
//! that expanded the word closes the descriptor when it ends (see
//! [`Shell::close_procsubs`]): the reader of a `>( )` then sees end-of-file,
//! and the writer of a `<( )` a broken pipe, which ends it.

use std::io::{Read, Write};
use std::sync::Arc;

use sandbash_vfs::{
    DirEntry, FileReader, FileSystem, FileWriter, FsError, FsErrorKind, FsResult, Metadata, Space,
    Times, WriteMode,
};

use crate::ast::List;
use crate::io::{Fd, Fds, Input, Output};
use crate::memory::{Charge, MemoryBudget};
use crate::shell::{Exec, Flow, Shell};

impl Shell {
    /// Starts `<(body)` (`write` false) or `>(body)` and gives the path
    /// that names its descriptor.
    pub(crate) fn process_subst(&mut self, write: bool, body: &Arc<List>) -> Result<String, Flow> {
        let Some(n) = self.fds.free_high() else {
            self.error("process substitution: Too many open files");
            return Err(Flow::Fatal(1));
        };
        let (r, w) = crate::pipe::pipe(self.run.cancel.clone());
        let mut child = self.subshell();
        // The list holds only its own end, not the shell's other
        // substitutions' ends, so each reader sees end-of-file on time.
        child.close_procsubs(0);
        // Traced one level deeper, as a `$( )` body is (bash's `++`).
        child.xtrace_level = child.xtrace_level.saturating_add(1);
        let mine = if write {
            child.fds.set(0, Some(Fd::In(Input::pipe(r))));
            Fd::Out(Output::pipe(w))
        } else {
            child.fds.set(1, Some(Fd::Out(Output::pipe(w))));
            Fd::In(Input::pipe(r))
        };
        let body = Arc::clone(body);
        if self
            .spawn_child(child, None, move |c| c.exec_list(&body))
            .is_none()
        {
            return Err(Flow::Fatal(1));
        }
        self.fds.set(n, Some(mine));
        self.procsub_fds.push(n);
        Ok(format!("/dev/fd/{n}"))
    }

    /// `coproc NAME command`: starts the command as a job reading one pipe
    /// and writing another, whose other ends stay open in the shell, at
    /// descriptors from 63 down, named by `NAME[0]` and `NAME[1]`.
    pub(crate) fn exec_coproc(
        &mut self,
        name: &str,
        body: &Arc<crate::ast::Command>,
        text: &Arc<str>,
    ) -> Exec {
        if !crate::builtin::valid_name(name) {
            self.error(&format!("`{name}': not a valid identifier"));
            return Ok(1);
        }
        // The name's earlier coprocess loses its descriptors (bash keeps
        // one coprocess per name), so a loop of them cannot run out.
        if let Some(i) = self.coproc_fds.iter().position(|(n, ..)| n == name) {
            let (_, r, w) = self.coproc_fds.swap_remove(i);
            self.fds.set(r, None);
            if let Some(w) = w {
                self.fds.set(w, None);
            }
        }
        let Some(rfd) = self.fds.free_high() else {
            self.error("coproc: Too many open files");
            return Ok(1);
        };
        let (to_child, child_in) = {
            let (r, w) = crate::pipe::pipe(self.run.cancel.clone());
            (w, r)
        };
        let (from_child, child_out) = crate::pipe::pipe(self.run.cancel.clone());
        let mut child = self.subshell();
        child.close_procsubs(0);
        child.fds.set(0, Some(Fd::In(Input::pipe(child_in))));
        child.fds.set(1, Some(Fd::Out(Output::pipe(child_out))));
        let body = Arc::clone(body);
        let Some(pid) = self.spawn_child(child, Some(Arc::clone(text)), move |c| {
            c.exec_command(&body)
        }) else {
            return Ok(1);
        };
        self.fds.set(rfd, Some(Fd::In(Input::pipe(from_child))));
        let wfd = self.fds.free_high();
        if let Some(w) = wfd {
            self.fds.set(w, Some(Fd::Out(Output::pipe(to_child))));
        }
        // Entries whose descriptors the script closed are forgotten.
        let fds = &self.fds;
        self.coproc_fds
            .retain(|(_, r, w)| fds.get(*r).is_some() || w.is_some_and(|w| fds.get(w).is_some()));
        self.coproc_fds.push((name.to_owned(), rfd, wfd));
        let vars = Arc::make_mut(&mut self.vars);
        let set = vars
            .unset(name)
            .and_then(|()| vars.set_index(name, 0, rfd.to_string()))
            .and_then(|()| match wfd {
                Some(w) => vars.set_index(name, 1, w.to_string()),
                None => Ok(()),
            })
            .and_then(|()| vars.set(&format!("{name}_PID"), pid.to_string()));
        if let Err(e) = set {
            self.error(&e.to_string());
            return Ok(1);
        }
        Ok(0)
    }

    /// Closes the descriptors of the process substitutions started since
    /// `mark` (a length of `procsub_fds`): the command that made them
    /// has ended.
    pub(crate) fn close_procsubs(&mut self, mark: usize) {
        if mark >= self.procsub_fds.len() {
            return;
        }
        let opened = self.procsub_fds.split_off(mark);
        for n in opened {
            self.fds.set(n, None);
        }
    }
}

/// A shell's view of the filesystem with `/dev/fd/N`, `/dev/stdin`,
/// `/dev/stdout` and `/dev/stderr` opening the shell's descriptors (as
/// they stood when the view was made), as the kernel's `/dev/fd` does.
pub(crate) struct FdFs {
    inner: Arc<dyn FileSystem>,
    fds: Fds,
    /// What a whole-file `read` of a descriptor (which may stream
    /// forever) is charged to while it reads; a refusal ends the read
    /// with `FileTooLarge` and leaves the budget breached, so the run
    /// stops at its next check.
    memory: Arc<MemoryBudget>,
}

impl FdFs {
    pub(crate) fn new(inner: Arc<dyn FileSystem>, fds: Fds, memory: Arc<MemoryBudget>) -> Self {
        Self { inner, fds, memory }
    }

    fn fd(&self, path: &str) -> Option<&Fd> {
        let n = sandbash_vfs::device_fd(path)?;
        self.fds.get(usize::try_from(n).ok()?)
    }

    /// For a `/dev/fd/N` path whose descriptor is closed: bash's error
    /// (the kernel's `/dev/fd` has no entry for it).
    fn closed(path: &str) -> Option<FsError> {
        let n = sandbash_vfs::device_fd(path)?;
        (n > 2).then(|| FsError::new(FsErrorKind::NotFound, path))
    }
}

/// An input descriptor read as a file.
struct FdReader(Input);

impl Read for FdReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        (&self.0).read(buf)
    }
}

/// An output descriptor written as a file.
struct FdWriter(Output);

impl Write for FdWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        (&self.0).write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        (&self.0).flush()
    }
}

fn bad_fd(path: &str) -> FsError {
    FsError::new(FsErrorKind::PermissionDenied, path)
}

impl FileSystem for FdFs {
    fn metadata(&self, path: &str) -> FsResult<Metadata> {
        self.inner.metadata(path)
    }
    fn symlink_metadata(&self, path: &str) -> FsResult<Metadata> {
        self.inner.symlink_metadata(path)
    }
    fn read(&self, path: &str) -> FsResult<Vec<u8>> {
        if self.fd(path).is_none() {
            if let Some(e) = Self::closed(path) {
                return Err(e);
            }
            return self.inner.read(path);
        }
        let mut r = self.open_read(path)?;
        let mut data = Vec::new();
        let mut chunk = [0u8; 8192];
        // Held while the data is built; the caller's own accounting of
        // what it keeps takes over after.
        let mut charge = Charge::on(&self.memory);
        loop {
            let n = r
                .read(&mut chunk)
                .map_err(|_| FsError::new(FsErrorKind::Io, path))?;
            if n == 0 {
                return Ok(data);
            }
            // Room for the vector's doubling too.
            let wanted = ((data.len() + n) as u64).next_power_of_two();
            if wanted > charge.bytes() && !charge.grow(wanted - charge.bytes()) {
                return Err(FsError::new(FsErrorKind::FileTooLarge, path));
            }
            data.extend_from_slice(chunk.get(..n).unwrap_or_default());
        }
    }
    fn open_read(&self, path: &str) -> FsResult<FileReader> {
        match self.fd(path) {
            Some(Fd::In(i) | Fd::Both(i, _)) => Ok(Box::new(FdReader(i.clone()))),
            Some(Fd::Out(_)) => Err(bad_fd(path)),
            None => match Self::closed(path) {
                Some(e) => Err(e),
                None => self.inner.open_read(path),
            },
        }
    }
    fn write(&self, path: &str, data: &[u8]) -> FsResult<()> {
        match self.fd(path) {
            Some(_) => {
                let mut w = self.open_write(path, WriteMode::Truncate)?;
                w.write_all(data)
                    .map_err(|_| FsError::new(FsErrorKind::Io, path))
            }
            None => self.inner.write(path, data),
        }
    }
    fn append(&self, path: &str, data: &[u8]) -> FsResult<()> {
        match self.fd(path) {
            Some(_) => self.write(path, data),
            None => self.inner.append(path, data),
        }
    }
    fn open_write(&self, path: &str, mode: WriteMode) -> FsResult<FileWriter> {
        match self.fd(path) {
            Some(Fd::Out(o) | Fd::Both(_, o)) => Ok(Box::new(FdWriter(o.clone()))),
            Some(Fd::In(_)) => Err(bad_fd(path)),
            None => match Self::closed(path) {
                Some(e) => Err(e),
                None => self.inner.open_write(path, mode),
            },
        }
    }
    fn truncate(&self, path: &str, len: u64) -> FsResult<()> {
        match self.fd(path) {
            Some(_) => Ok(()),
            None => self.inner.truncate(path, len),
        }
    }
    fn create_dir(&self, path: &str, recursive: bool) -> FsResult<()> {
        self.inner.create_dir(path, recursive)
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
        self.inner.copy(from, to)
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
    fn set_mtime(&self, path: &str, mtime: std::time::SystemTime) -> FsResult<()> {
        self.inner.set_mtime(path, mtime)
    }
    fn set_times(&self, path: &str, times: Times, follow: bool) -> FsResult<()> {
        self.inner.set_times(path, times, follow)
    }
    fn space(&self, path: &str) -> Option<Space> {
        self.inner.space(path)
    }
    fn umask(&self) -> u32 {
        self.inner.umask()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fs_with(fds: Fds, max_memory: u64) -> FdFs {
        let vfs = sandbash_vfs::Vfs::sandbox(
            Arc::new(sandbash_vfs::MemoryFs::default()),
            sandbash_vfs::FsLimits::default(),
        );
        FdFs::new(Arc::new(vfs), fds, Arc::new(MemoryBudget::new(max_memory)))
    }

    #[test]
    fn high_descriptors_are_taken_from_63_down() {
        let mut fds = Fds::default();
        assert_eq!(fds.free_high(), Some(63));
        fds.set(63, Some(Fd::In(Input::bytes(b"x".to_vec()))));
        assert_eq!(fds.free_high(), Some(62));
        fds.set(64, Some(Fd::In(Input::Null)));
        assert!(
            fds.get(64).is_some(),
            "a script may open descriptors above 63"
        );
        assert_eq!(fds.free_high(), Some(62), "above HIGH_FD is not searched");
        // `{var}` takes from 10 up in the same table: never a number a
        // process substitution holds, and the reverse.
        let named = fds.first_free(crate::io::FIRST_NAMED_FD, usize::MAX);
        assert_eq!(named, Some(10));
        for n in 10..=61 {
            fds.set(n, Some(Fd::In(Input::Null)));
        }
        assert_eq!(fds.free_high(), Some(62));
        fds.set(62, Some(Fd::In(Input::Null)));
        assert_eq!(fds.free_high(), None);
        assert_eq!(
            fds.first_free(crate::io::FIRST_NAMED_FD, usize::MAX),
            Some(65)
        );
        fds.set(63, None);
        assert!(fds.get(63).is_none());
        assert_eq!(fds.free_high(), Some(63));
    }

    #[test]
    fn changed_from_names_the_descriptors_that_differ() {
        let mut before = Fds::default();
        before.set(1, Some(Fd::Out(Output::Null)));
        let shared = Input::bytes(Vec::new());
        before.set(3, Some(Fd::In(shared.clone())));
        let mut after = before.clone();
        assert!(after.changed_from(&before).is_empty());
        after.set(1, None);
        after.set(3, Some(Fd::In(Input::bytes(Vec::new()))));
        after.set(5, Some(Fd::In(shared)));
        after.set(62, Some(Fd::In(Input::Null)));
        assert_eq!(after.changed_from(&before), vec![1, 3, 5, 62]);
    }

    #[test]
    fn dev_fd_paths_open_the_descriptors() {
        let mut fds = Fds::default();
        fds.set(63, Some(Fd::In(Input::bytes(b"hello\n".to_vec()))));
        let fs = fs_with(fds, 1 << 20);
        assert_eq!(fs.read("/dev/fd/63").unwrap(), b"hello\n");
        assert_eq!(
            fs.read("/dev/fd/62").unwrap_err().kind,
            FsErrorKind::NotFound,
            "a closed descriptor has no entry, as in the kernel's /dev/fd"
        );
    }

    #[test]
    fn reading_a_whole_descriptor_is_bounded() {
        let mut fds = Fds::default();
        fds.set(63, Some(Fd::In(Input::new(std::io::repeat(b'y')))));
        let fs = fs_with(fds, 100_000);
        assert_eq!(
            fs.read("/dev/fd/63").unwrap_err().kind,
            FsErrorKind::FileTooLarge
        );
    }
}
