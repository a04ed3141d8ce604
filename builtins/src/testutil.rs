//! Test helpers (some used only by a few utilities): a small in-memory filesystem and a harness that drives a
//! utility with byte buffers as its streams.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::io::{Cursor, Read, Write};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use sandbash_interpreter::memory::MemoryBudget;
use sandbash_interpreter::{Cancel, CommandRunner, Limits, NotRun, Utility, UtilityContext};

use crate::common::command::{AsUtility, Command};
use sandbash_vfs::{
    DirEntry, FileKind, FileReader, FileSystem, FileWriter, FsError, FsErrorKind, FsResult,
    Metadata, WriteMode, path,
};

#[derive(Clone, Debug)]
enum Node {
    File {
        data: Vec<u8>,
        mode: u32,
        mtime: SystemTime,
    },
    Dir {
        mode: u32,
        mtime: SystemTime,
    },
    Link {
        target: String,
    },
}

type Tree = BTreeMap<String, Node>;

/// A minimal in-memory filesystem for unit tests.
#[derive(Clone)]
pub struct TestFs {
    tree: Arc<Mutex<Tree>>,
}

fn err<T>(kind: FsErrorKind, p: &str) -> FsResult<T> {
    Err(FsError::new(kind, p))
}

fn parent_of(p: &str) -> String {
    path::split_parent(p).map_or("/".to_string(), |(a, _)| a.to_string())
}

impl TestFs {
    /// An empty tree with `/`, `/workspace` and `/tmp`.
    pub fn new() -> Self {
        let fs = Self {
            tree: Arc::new(Mutex::new(Tree::new())),
        };
        let now = SystemTime::now();
        {
            let mut t = fs.tree.lock().unwrap();
            for d in ["/", "/workspace", "/tmp"] {
                t.insert(
                    d.into(),
                    Node::Dir {
                        mode: 0o755,
                        mtime: now,
                    },
                );
            }
        }
        fs
    }

    /// Adds a file (and its parents), relative paths under `/workspace`.
    pub fn file(&self, p: &str, data: &[u8]) -> &Self {
        let p = path::resolve("/workspace", p).unwrap();
        self.create_dir(&parent_of(&p), true).unwrap();
        self.write(&p, data).unwrap();
        self
    }

    /// Adds a directory (and its parents).
    pub fn dir(&self, p: &str) -> &Self {
        let p = path::resolve("/workspace", p).unwrap();
        self.create_dir(&p, true).unwrap();
        self
    }

    /// Reads a file as a string.
    pub fn text(&self, p: &str) -> String {
        let p = path::resolve("/workspace", p).unwrap();
        String::from_utf8(self.read(&p).unwrap()).unwrap()
    }

    /// True when the path exists (without following a final symlink).
    pub fn has(&self, p: &str) -> bool {
        let p = path::resolve("/workspace", p).unwrap();
        self.symlink_metadata(&p).is_ok()
    }

    /// Resolves symlinks in `p` (the last one too when `follow`).
    fn real(&self, t: &Tree, p: &str, follow: bool) -> FsResult<String> {
        let mut cur = p.to_string();
        for _ in 0..40 {
            let comps: Vec<&str> = path::components(&cur).collect();
            let mut acc = String::new();
            let mut redirected = None;
            for (i, c) in comps.iter().enumerate() {
                acc.push('/');
                acc.push_str(c);
                let last = i + 1 == comps.len();
                match t.get(&acc) {
                    Some(Node::Link { target }) if !last || follow => {
                        let base = parent_of(&acc);
                        let mut np = path::resolve(&base, target)?;
                        for rest in comps.iter().skip(i + 1) {
                            np.push('/');
                            np.push_str(rest);
                        }
                        redirected = Some(path::normalize(&np)?);
                        break;
                    }
                    Some(Node::File { .. }) if !last => return err(FsErrorKind::NotADirectory, p),
                    None if !last => return err(FsErrorKind::NotFound, p),
                    _ => {}
                }
            }
            match redirected {
                Some(np) => cur = np,
                None => return Ok(if cur.is_empty() { "/".into() } else { cur }),
            }
        }
        err(FsErrorKind::TooManyLinks, p)
    }

    fn meta(node: &Node) -> Metadata {
        match node {
            Node::File { data, mode, mtime } => Metadata {
                kind: FileKind::File,
                size: data.len() as u64,
                mode: *mode,
                mtime: *mtime,
                atime: *mtime,
                nlink: 1,
            },
            Node::Dir { mode, mtime } => Metadata {
                kind: FileKind::Dir,
                size: 0,
                mode: *mode,
                mtime: *mtime,
                atime: *mtime,
                nlink: 2,
            },
            Node::Link { target } => Metadata {
                kind: FileKind::Symlink,
                size: target.len() as u64,
                mode: 0o777,
                mtime: SystemTime::UNIX_EPOCH,
                atime: SystemTime::UNIX_EPOCH,
                nlink: 1,
            },
        }
    }

    fn check_parent(t: &Tree, p: &str) -> FsResult<()> {
        match t.get(&parent_of(p)) {
            Some(Node::Dir { .. }) => Ok(()),
            Some(_) => err(FsErrorKind::NotADirectory, p),
            None => err(FsErrorKind::NotFound, p),
        }
    }

    fn children(t: &Tree, p: &str) -> Vec<String> {
        let prefix = if p == "/" {
            "/".to_string()
        } else {
            format!("{p}/")
        };
        t.keys()
            .filter(|k| {
                k.starts_with(&prefix) && k.len() > prefix.len() && !k[prefix.len()..].contains('/')
            })
            .cloned()
            .collect()
    }

    fn put_file(&self, p: &str, f: impl FnOnce(&mut Vec<u8>)) -> FsResult<()> {
        let mut t = self.tree.lock().unwrap();
        let p = self.real(&t, p, true)?;
        Self::check_parent(&t, &p)?;
        match t.get_mut(&p) {
            Some(Node::File { data, mtime, .. }) => {
                f(data);
                *mtime = SystemTime::now();
                Ok(())
            }
            Some(_) => err(FsErrorKind::IsADirectory, &p),
            None => {
                let mut data = Vec::new();
                f(&mut data);
                t.insert(
                    p,
                    Node::File {
                        data,
                        mode: 0o644,
                        mtime: SystemTime::now(),
                    },
                );
                Ok(())
            }
        }
    }
}

struct TestWriter {
    fs: TestFs,
    path: String,
}

impl Write for TestWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.fs.append(&self.path, buf)?;
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl FileSystem for TestFs {
    fn metadata(&self, p: &str) -> FsResult<Metadata> {
        let t = self.tree.lock().unwrap();
        let r = self.real(&t, p, true)?;
        t.get(&r)
            .map(Self::meta)
            .ok_or(FsError::new(FsErrorKind::NotFound, p))
    }
    fn symlink_metadata(&self, p: &str) -> FsResult<Metadata> {
        let t = self.tree.lock().unwrap();
        let r = self.real(&t, p, false)?;
        t.get(&r)
            .map(Self::meta)
            .ok_or(FsError::new(FsErrorKind::NotFound, p))
    }
    fn read(&self, p: &str) -> FsResult<Vec<u8>> {
        let t = self.tree.lock().unwrap();
        let r = self.real(&t, p, true)?;
        match t.get(&r) {
            Some(Node::File { data, .. }) => Ok(data.clone()),
            Some(_) => err(FsErrorKind::IsADirectory, p),
            None => err(FsErrorKind::NotFound, p),
        }
    }
    fn open_read(&self, p: &str) -> FsResult<FileReader> {
        Ok(Box::new(Cursor::new(self.read(p)?)))
    }
    fn write(&self, p: &str, data: &[u8]) -> FsResult<()> {
        self.put_file(p, |d| *d = data.to_vec())
    }
    fn append(&self, p: &str, data: &[u8]) -> FsResult<()> {
        self.put_file(p, |d| d.extend_from_slice(data))
    }
    fn open_write(&self, p: &str, mode: WriteMode) -> FsResult<FileWriter> {
        match mode {
            WriteMode::Truncate => self.write(p, b"")?,
            WriteMode::CreateNew => {
                if self.symlink_metadata(p).is_ok() {
                    return err(FsErrorKind::AlreadyExists, p);
                }
                self.write(p, b"")?;
            }
            WriteMode::Append | WriteMode::Update => self.append(p, b"")?,
        }
        let t = self.tree.lock().unwrap();
        let path = self.real(&t, p, true)?;
        Ok(Box::new(TestWriter {
            fs: self.clone(),
            path,
        }))
    }
    fn truncate(&self, p: &str, len: u64) -> FsResult<()> {
        self.put_file(p, |d| d.resize(len as usize, 0))
    }
    fn create_dir(&self, p: &str, recursive: bool) -> FsResult<()> {
        let mut t = self.tree.lock().unwrap();
        if recursive {
            let mut acc = String::new();
            for c in path::components(p) {
                acc.push('/');
                acc.push_str(c);
                let r = self.real(&t, &acc, true)?;
                match t.get(&r) {
                    Some(Node::Dir { .. }) => {}
                    Some(_) => return err(FsErrorKind::NotADirectory, p),
                    None => {
                        t.insert(
                            r,
                            Node::Dir {
                                mode: 0o755,
                                mtime: SystemTime::now(),
                            },
                        );
                    }
                }
            }
            return Ok(());
        }
        let r = self.real(&t, p, false)?;
        if t.contains_key(&r) {
            return err(FsErrorKind::AlreadyExists, p);
        }
        Self::check_parent(&t, &r)?;
        t.insert(
            r,
            Node::Dir {
                mode: 0o755,
                mtime: SystemTime::now(),
            },
        );
        Ok(())
    }
    fn read_dir(&self, p: &str) -> FsResult<Vec<DirEntry>> {
        let t = self.tree.lock().unwrap();
        let r = self.real(&t, p, true)?;
        match t.get(&r) {
            Some(Node::Dir { .. }) => {}
            Some(_) => return err(FsErrorKind::NotADirectory, p),
            None => return err(FsErrorKind::NotFound, p),
        }
        Ok(Self::children(&t, &r)
            .into_iter()
            .map(|k| {
                let kind = Self::meta(&t[&k]).kind;
                DirEntry {
                    name: k.rsplit('/').next().unwrap().to_string(),
                    kind,
                }
            })
            .collect())
    }
    fn remove_file(&self, p: &str) -> FsResult<()> {
        let mut t = self.tree.lock().unwrap();
        let r = self.real(&t, p, false)?;
        match t.get(&r) {
            Some(Node::Dir { .. }) => err(FsErrorKind::IsADirectory, p),
            Some(_) => {
                t.remove(&r);
                Ok(())
            }
            None => err(FsErrorKind::NotFound, p),
        }
    }
    fn remove_dir(&self, p: &str, recursive: bool) -> FsResult<()> {
        let mut t = self.tree.lock().unwrap();
        let r = self.real(&t, p, false)?;
        match t.get(&r) {
            Some(Node::Dir { .. }) => {}
            Some(_) => return err(FsErrorKind::NotADirectory, p),
            None => return err(FsErrorKind::NotFound, p),
        }
        let kids = Self::children(&t, &r);
        if !kids.is_empty() && !recursive {
            return err(FsErrorKind::DirectoryNotEmpty, p);
        }
        let prefix = format!("{r}/");
        t.retain(|k, _| k != &r && !k.starts_with(&prefix));
        Ok(())
    }
    fn rename(&self, from: &str, to: &str) -> FsResult<()> {
        let mut t = self.tree.lock().unwrap();
        let f = self.real(&t, from, false)?;
        let to_r = self.real(&t, to, false)?;
        if !t.contains_key(&f) {
            return err(FsErrorKind::NotFound, from);
        }
        Self::check_parent(&t, &to_r)?;
        if to_r.starts_with(&format!("{f}/")) {
            return err(FsErrorKind::InvalidInput, to);
        }
        if let Some(Node::Dir { .. }) = t.get(&to_r)
            && !Self::children(&t, &to_r).is_empty()
        {
            return err(FsErrorKind::DirectoryNotEmpty, to);
        }
        let prefix = format!("{f}/");
        let moved: Vec<(String, Node)> = t
            .iter()
            .filter(|(k, _)| **k == f || k.starts_with(&prefix))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        t.retain(|k, _| *k != f && !k.starts_with(&prefix));
        t.remove(&to_r);
        for (k, v) in moved {
            t.insert(format!("{to_r}{}", &k[f.len()..]), v);
        }
        Ok(())
    }
    fn copy(&self, from: &str, to: &str) -> FsResult<()> {
        let data = self.read(from)?;
        let mode = self.metadata(from)?.mode;
        self.write(to, &data)?;
        self.set_mode(to, mode)
    }
    fn symlink(&self, target: &str, link: &str) -> FsResult<()> {
        let mut t = self.tree.lock().unwrap();
        let r = self.real(&t, link, false)?;
        if t.contains_key(&r) {
            return err(FsErrorKind::AlreadyExists, link);
        }
        Self::check_parent(&t, &r)?;
        t.insert(
            r,
            Node::Link {
                target: target.into(),
            },
        );
        Ok(())
    }
    fn read_link(&self, p: &str) -> FsResult<String> {
        let t = self.tree.lock().unwrap();
        let r = self.real(&t, p, false)?;
        match t.get(&r) {
            Some(Node::Link { target }) => Ok(target.clone()),
            Some(_) => err(FsErrorKind::InvalidInput, p),
            None => err(FsErrorKind::NotFound, p),
        }
    }
    fn set_mode(&self, p: &str, m: u32) -> FsResult<()> {
        let mut t = self.tree.lock().unwrap();
        let r = self.real(&t, p, true)?;
        match t.get_mut(&r) {
            Some(Node::File { mode, .. }) | Some(Node::Dir { mode, .. }) => {
                *mode = m;
                Ok(())
            }
            _ => err(FsErrorKind::NotFound, p),
        }
    }
    fn set_mtime(&self, p: &str, when: SystemTime) -> FsResult<()> {
        let mut t = self.tree.lock().unwrap();
        let r = self.real(&t, p, true)?;
        match t.get_mut(&r) {
            Some(Node::File { mtime, .. }) | Some(Node::Dir { mtime, .. }) => {
                *mtime = when;
                Ok(())
            }
            _ => err(FsErrorKind::NotFound, p),
        }
    }
}

/// A runner that prints the command and its environment instead of running it.
pub struct EchoRunner;

impl CommandRunner for EchoRunner {
    fn run_command(
        &mut self,
        argv: &[String],
        env: &[(String, String)],
        stdin: &mut dyn Read,
        stdout: &mut dyn Write,
        _stderr: &mut dyn Write,
    ) -> Result<i32, NotRun> {
        let mut input = String::new();
        let _ = stdin.read_to_string(&mut input);
        let _ = writeln!(stdout, "run: {}", argv.join(" "));
        for (k, v) in env {
            let _ = writeln!(stdout, "{k}={v}");
        }
        if argv.first().map(String::as_str) == Some("missing") {
            Err(NotRun {
                status: 127,
                reason: "No such file or directory".to_owned(),
            })
        } else {
            Ok(3)
        }
    }

    fn has_program(&self, name: &str) -> bool {
        matches!(name, "cat" | "ls" | "true")
    }

    /// Only [`ECHO_JOB_PID`] is a running job.
    fn job_running(&self, pid: u32) -> bool {
        pid == ECHO_JOB_PID
    }

    /// As if a background job ran all along, so `tail -f` follows until
    /// the test cancels it.
    fn any_job_running(&self) -> bool {
        true
    }
}

/// The one background job [`EchoRunner`] reports running.
pub const ECHO_JOB_PID: u32 = 4242;

/// What a utility run produced.
#[derive(Debug)]
pub struct Outcome {
    /// Exit status.
    pub status: i32,
    /// Standard output, lossily decoded.
    pub out: String,
    /// Standard error, lossily decoded.
    pub err: String,
}

/// Options of a harness run.
pub struct Harness<'a> {
    /// Standard input.
    pub stdin: &'a [u8],
    /// Environment.
    pub env: Vec<(String, String)>,
    /// Limits.
    pub limits: Limits,
    /// Cancellation.
    pub cancel: Cancel,
    /// The memory budget; when `None`, a fresh one of `limits.max_memory`.
    pub memory: Option<Arc<MemoryBudget>>,
}

impl Default for Harness<'_> {
    fn default() -> Self {
        Self {
            stdin: b"",
            env: vec![
                ("HOME".into(), "/workspace".into()),
                ("PATH".into(), "/bin".into()),
            ],
            limits: Limits::normal(),
            cancel: Cancel::new(),
            memory: None,
        }
    }
}

/// Something the harness can run: every [`Command`], as its utility.
pub trait Runnable {
    /// The utility to run.
    fn utility(&self) -> Box<dyn Utility>;
}

impl<C: Command> Runnable for C {
    fn utility(&self) -> Box<dyn Utility> {
        Box::new(AsUtility::<C>::new())
    }
}

/// Runs `u` with `args` (the command name is added) on `fs`.
pub fn run_with(u: &dyn Runnable, args: &[&str], fs: &dyn FileSystem, h: Harness<'_>) -> Outcome {
    let u = u.utility();
    let mut argv = vec![u.name().to_string()];
    argv.extend(args.iter().map(|s| s.to_string()));
    let memory = h
        .memory
        .unwrap_or_else(|| Arc::new(MemoryBudget::new(h.limits.max_memory)));
    let mut stdin = h.stdin;
    let mut out = Vec::new();
    let mut err = Vec::new();
    let mut runner = EchoRunner;
    let mut ctx = UtilityContext {
        args: &argv,
        stdin: &mut stdin,
        stdin_file_size: None,
        stdout: &mut out,
        stderr: &mut err,
        fs,
        cwd: "/workspace",
        env: &h.env,
        cancel: &h.cancel,
        limits: &h.limits,
        memory: &memory,
        runner: &mut runner,
    };
    let status = u.run(&mut ctx);
    Outcome {
        status,
        out: String::from_utf8_lossy(&out).into_owned(),
        err: String::from_utf8_lossy(&err).into_owned(),
    }
}

/// Runs `u` with `args` and `stdin` on `fs`.
pub fn run(u: &dyn Runnable, args: &[&str], stdin: &[u8], fs: &dyn FileSystem) -> Outcome {
    run_with(
        u,
        args,
        fs,
        Harness {
            stdin,
            ..Harness::default()
        },
    )
}

/// Runs `u` on an empty filesystem.
pub fn run0(u: &dyn Runnable, args: &[&str], stdin: &[u8]) -> Outcome {
    run(u, args, stdin, &TestFs::new())
}

/// The lines `1\n` to `n\n`.
pub fn lines(n: usize) -> Vec<u8> {
    (1..=n)
        .map(|i| format!("{i}\n"))
        .collect::<String>()
        .into_bytes()
}

/// A writer that fails with `BrokenPipe` after `limit` bytes.
pub struct ClosingPipe {
    /// Bytes accepted so far.
    pub written: usize,
    /// Bytes accepted before the pipe "closes".
    pub limit: usize,
    /// The bytes accepted.
    pub data: Vec<u8>,
}

impl Write for ClosingPipe {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.written >= self.limit {
            return Err(std::io::Error::new(
                std::io::ErrorKind::BrokenPipe,
                "closed",
            ));
        }
        let n = buf.len().min(self.limit - self.written);
        self.written += n;
        self.data
            .extend_from_slice(buf.get(..n).unwrap_or_default());
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Runs `u` with a standard output that closes after `limit` bytes; returns
/// the status and bytes written.
pub fn run_closing(u: &dyn Runnable, args: &[&str], stdin: &[u8], limit: usize) -> (i32, usize) {
    let (status, out) = run_closing_data(u, args, stdin, limit);
    (status, out.len())
}

/// Like [`run_closing`], returning the bytes written.
pub fn run_closing_data(
    u: &dyn Runnable,
    args: &[&str],
    stdin: &[u8],
    limit: usize,
) -> (i32, Vec<u8>) {
    let fs = TestFs::new();
    let u = u.utility();
    let mut argv = vec![u.name().to_string()];
    argv.extend(args.iter().map(|s| s.to_string()));
    let mut stdin = stdin;
    let mut out = ClosingPipe {
        written: 0,
        limit,
        data: Vec::new(),
    };
    let mut err = Vec::new();
    let mut runner = EchoRunner;
    let env = Vec::new();
    let cancel = Cancel::new();
    let limits = Limits::normal();
    let mut ctx = UtilityContext {
        args: &argv,
        stdin: &mut stdin,
        stdin_file_size: None,
        stdout: &mut out,
        stderr: &mut err,
        fs: &fs,
        cwd: "/workspace",
        env: &env,
        cancel: &cancel,
        limits: &limits,
        memory: &Arc::new(MemoryBudget::new(limits.max_memory)),
        runner: &mut runner,
    };
    let status = u.run(&mut ctx);
    (status, out.data)
}
