//! Applying redirections to a shell's descriptor table.

use sandbash_vfs::{FileKind, WriteMode};

use crate::ast::{HereDoc, Redirect, RedirectKind, Word};
use crate::io::{Fd, Input, Output};
use crate::shell::{Exec, Flow, Shell};

/// A redirection that failed: the message to print (status 1).
pub(crate) enum RedirError {
    Msg(String),
    Flow(Flow),
}

impl From<Flow> for RedirError {
    fn from(f: Flow) -> Self {
        RedirError::Flow(f)
    }
}

impl Shell {
    /// Runs `f` with `redirects` applied, then restores the descriptors
    /// they changed (and only those: an `exec 3>file` that `f` runs
    /// stays, as in bash).
    pub(crate) fn with_redirects(
        &mut self,
        redirects: &[Redirect],
        f: impl FnOnce(&mut Self) -> Exec,
    ) -> Exec {
        if redirects.is_empty() {
            return f(self);
        }
        let saved = self.fds.clone();
        let named = match self.apply_redirects(redirects) {
            Ok(named) => named,
            Err(e) => {
                self.fds = saved;
                return match e {
                    RedirError::Msg(m) => {
                        self.error(&m);
                        self.last_status = 1;
                        Ok(1)
                    }
                    RedirError::Flow(fl) => Err(fl),
                };
            }
        };
        let changed = self.fds.changed_from(&saved);
        let r = f(self);
        // A `{var}` descriptor outlives the command (bash's default, with
        // `varredir_close` off): the script closes it with `{var}>&-`.
        for n in changed.into_iter().filter(|n| !named.contains(n)) {
            self.fds.set(n, saved.get(n).cloned());
        }
        r
    }

    /// Applies `redirects` in order; returns the descriptors `{var}`
    /// redirections opened (they outlive the command; a `{var}>&-` that
    /// closes one is undone after it, as bash's undo list does).
    pub(crate) fn apply_redirects(
        &mut self,
        redirects: &[Redirect],
    ) -> Result<Vec<usize>, RedirError> {
        let mut named = Vec::new();
        for r in redirects {
            match &r.var {
                Some(var) => {
                    if let Some(n) = self.apply_named(r, var)? {
                        named.push(n);
                    }
                }
                None => self.apply_redirect(r, None)?,
            }
        }
        Ok(named)
    }

    /// A `{var}` redirection: `{var}>&-` closes the descriptor `$var`
    /// names; any other opens the lowest free descriptor from 10 and
    /// stores its number in `var`. Returns the descriptor opened.
    fn apply_named(&mut self, r: &Redirect, var: &str) -> Result<Option<usize>, RedirError> {
        if let RedirectKind::DupInput(w) | RedirectKind::DupOutput(w) = &r.kind
            && self.one_word(w, &r.text)? == "-"
        {
            let Some(value) = self.value_of_ref(var)? else {
                return Err(RedirError::Msg(format!("{var}: ambiguous redirect")));
            };
            // A value that names no descriptor closes nothing, as in bash.
            let n = value.trim().parse::<usize>().ok();
            if let Some(n) = n {
                self.fds.set(n, None);
            }
            return Ok(None);
        }
        let cap = self.rlimits.fd_cap();
        let Some(n) = self.fds.first_free(crate::io::FIRST_NAMED_FD, cap) else {
            return Err(RedirError::Msg(format!(
                "{var}: cannot allocate file descriptor"
            )));
        };
        self.apply_redirect(r, Some(n))?;
        if let Err(m) = self.assign_ref(var, n.to_string()) {
            self.fds.set(n, None);
            self.error(&m);
            return Err(RedirError::Msg(format!(
                "{var}: cannot assign fd to variable"
            )));
        }
        Ok(Some(n))
    }

    /// A redirection operand fully expanded (splitting and globbing
    /// included), which must give exactly one word.
    fn one_word(&mut self, w: &Word, text: &str) -> Result<String, RedirError> {
        let mut fields = Vec::new();
        self.expand_word_into(w, &mut fields)?;
        match <[String; 1]>::try_from(fields) {
            Ok([s]) => Ok(s),
            Err(_) => Err(RedirError::Msg(format!("{text}: ambiguous redirect"))),
        }
    }

    /// A redirection's file name (see [`Shell::one_word`]).
    fn target(&mut self, w: &Word, text: &str) -> Result<String, RedirError> {
        let s = self.one_word(w, text)?;
        if s.is_empty() {
            return Err(RedirError::Msg(": No such file or directory".into()));
        }
        Ok(s)
    }

    fn special_dup(path: &str) -> Option<usize> {
        match path {
            "/dev/stdin" => Some(0),
            "/dev/stdout" => Some(1),
            "/dev/stderr" => Some(2),
            _ => path.strip_prefix("/dev/fd/").and_then(|n| n.parse().ok()),
        }
    }

    fn refuse_network(path: &str) -> Result<(), RedirError> {
        if path.starts_with("/dev/tcp/") || path.starts_with("/dev/udp/") {
            return Err(RedirError::Msg(format!(
                "{path}: network access is not available in the sandbox"
            )));
        }
        Ok(())
    }

    fn open_output(&mut self, path: &str, mode: WriteMode) -> Result<Output, RedirError> {
        Self::refuse_network(path)?;
        if let Some(n) = Self::special_dup(path) {
            return self
                .fds
                .output(n)
                .ok_or_else(|| RedirError::Msg(format!("{path}: Bad file descriptor")));
        }
        let abs = sandbash_vfs::path::resolve(&self.cwd, path)
            .map_err(|e| RedirError::Msg(format!("{path}: {}", e.kind)))?;
        if abs == "/dev/null" {
            return Ok(Output::Null);
        }
        if mode == WriteMode::Truncate
            && self.opts.noclobber
            && let Ok(m) = self.sys.fs.metadata(&abs)
            && m.kind == FileKind::File
        {
            return Err(RedirError::Msg(format!(
                "{path}: cannot overwrite existing file"
            )));
        }
        let w = self
            .fs()
            .open_write(&abs, mode)
            .map_err(|e| RedirError::Msg(format!("{path}: {}", e.kind)))?;
        Ok(Output::new(w))
    }

    fn open_input(&mut self, path: &str) -> Result<Input, RedirError> {
        Self::refuse_network(path)?;
        if let Some(n) = Self::special_dup(path) {
            return Ok(self.fds.input(n));
        }
        let abs = sandbash_vfs::path::resolve(&self.cwd, path)
            .map_err(|e| RedirError::Msg(format!("{path}: {}", e.kind)))?;
        let r = self
            .sys
            .fs
            .open_read(&abs)
            .map_err(|e| RedirError::Msg(format!("{path}: {}", e.kind)))?;
        match self.sys.fs.metadata(&abs) {
            Ok(m) if m.kind == FileKind::File => Ok(Input::file(r, m.size)),
            _ => Ok(Input::new(r)),
        }
    }

    fn dup(&mut self, fd: usize, w: &Word, text: &str, output: bool) -> Result<(), RedirError> {
        let s = self.one_word(w, text)?;
        if s == "-" {
            self.fds.set(fd, None);
            return Ok(());
        }
        let (num, close) = match s.strip_suffix('-') {
            Some(n) => (n, true),
            None => (s.as_str(), false),
        };
        match num.parse::<usize>() {
            Ok(src) => {
                let Some(d) = self.fds.get(src).cloned() else {
                    return Err(RedirError::Msg(format!("{src}: Bad file descriptor")));
                };
                self.fds.set(fd, Some(d));
                if close && src != fd {
                    self.fds.set(src, None);
                }
                Ok(())
            }
            Err(_) if output && fd == 1 => {
                // `>&file` means `&>file`.
                let o = self.open_output(&s, WriteMode::Truncate)?;
                self.fds.set(1, Some(Fd::Out(o.clone())));
                self.fds.set(2, Some(Fd::Out(o)));
                Ok(())
            }
            Err(_) => Err(RedirError::Msg(format!("{s}: ambiguous redirect"))),
        }
    }

    /// Applies one redirection to descriptor `named` when given (a
    /// `{var}` one), else to the one written before the operator.
    fn apply_redirect(&mut self, r: &Redirect, named: Option<usize>) -> Result<(), RedirError> {
        // `ulimit -n` below 10 leaves the descriptors from it unusable.
        let cap = self.rlimits.fd_cap();
        let fd_of = |default: i32| -> Result<usize, RedirError> {
            if let Some(n) = named {
                return Ok(n);
            }
            let n = r.fd.unwrap_or(default);
            usize::try_from(n)
                .ok()
                .filter(|n| *n <= crate::io::MAX_FD && *n < cap)
                .ok_or_else(|| RedirError::Msg(format!("{n}: Bad file descriptor")))
        };
        match &r.kind {
            RedirectKind::Read(w) => {
                let fd = fd_of(0)?;
                let path = self.target(w, &r.text)?;
                let i = self.open_input(&path)?;
                self.fds.set(fd, Some(Fd::In(i)));
            }
            RedirectKind::ReadWrite(w) => {
                let fd = fd_of(0)?;
                let path = self.target(w, &r.text)?;
                // Before the file is made: a network path names no file.
                Self::refuse_network(&path)?;
                let abs = sandbash_vfs::path::resolve(&self.cwd, &path)
                    .map_err(|e| RedirError::Msg(format!("{path}: {}", e.kind)))?;
                if self.sys.fs.metadata(&abs).is_err() {
                    self.fs()
                        .write(&abs, b"")
                        .map_err(|e| RedirError::Msg(format!("{path}: {}", e.kind)))?;
                }
                // One offset for reading and writing is a regular file's;
                // a device (`/dev/null`, `/dev/zero`, `/dev/stdout`) gets
                // its two sides opened apart, never read whole.
                let kind = self.sys.fs.metadata(&abs).map(|m| m.kind);
                let d = match kind {
                    Ok(FileKind::Dir) => {
                        return Err(RedirError::Msg(format!("{path}: Is a directory")));
                    }
                    Ok(FileKind::File) if Self::special_dup(&path).is_none() => {
                        Fd::read_write(self.fs(), abs.clone(), self.run.memory.clone())
                    }
                    _ => Fd::Both(
                        self.open_input(&path)?,
                        self.open_output(&path, WriteMode::Update)?,
                    ),
                };
                self.fds.set(fd, Some(d));
            }
            RedirectKind::Write(w) | RedirectKind::Clobber(w) | RedirectKind::Append(w) => {
                let fd = fd_of(1)?;
                let path = self.target(w, &r.text)?;
                let mode = match &r.kind {
                    RedirectKind::Append(_) => WriteMode::Append,
                    _ => WriteMode::Truncate,
                };
                let noclobber = self.opts.noclobber;
                if matches!(r.kind, RedirectKind::Clobber(_)) {
                    self.opts.noclobber = false;
                }
                let o = self.open_output(&path, mode);
                self.opts.noclobber = noclobber;
                self.fds.set(fd, Some(Fd::Out(o?)));
            }
            RedirectKind::OutputAndError(w, append) => {
                let path = self.target(w, &r.text)?;
                let mode = if *append {
                    WriteMode::Append
                } else {
                    WriteMode::Truncate
                };
                let o = self.open_output(&path, mode)?;
                self.fds.set(1, Some(Fd::Out(o.clone())));
                self.fds.set(2, Some(Fd::Out(o)));
            }
            RedirectKind::DupInput(w) => {
                let fd = fd_of(0)?;
                self.dup(fd, w, &r.text, false)?;
            }
            RedirectKind::DupOutput(w) => {
                let fd = fd_of(1)?;
                self.dup(fd, w, &r.text, true)?;
            }
            RedirectKind::HereDoc(doc) => {
                let fd = fd_of(0)?;
                let body = match doc {
                    HereDoc::Literal(s) => s.clone(),
                    HereDoc::Expanded(w) => self.expand_string(w)?,
                };
                self.fds.set(
                    fd,
                    Some(Fd::In(Input::bytes(crate::bytes::encode_vec(body)))),
                );
            }
            RedirectKind::HereString(w) => {
                let fd = fd_of(0)?;
                let mut s = self.expand_string(w)?;
                s.push('\n');
                self.fds
                    .set(fd, Some(Fd::In(Input::bytes(crate::bytes::encode_vec(s)))));
            }
        }
        Ok(())
    }
}
