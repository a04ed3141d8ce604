//! `jq`: the JSON processor, jq 1.7's command line over the jaq crates.
//!
//! jaq (a maintained jq clone in Rust) parses, compiles and evaluates the
//! jq language; sandbash supplies the rest as jq 1.7 does it: the
//! command line ([`opts`]), reading JSON ([`json`]), printing it
//! ([`write`]), the messages ([`messages`]), `try`/`catch`
//! ([`catch`]) and what keeps a program within the run's limits
//! ([`program`], [`natives`], and [`sized`] for the builtins whose result
//! can be many times their input); [`regex`] lists capture groups as jq
//! does.
//!
//! Evaluation runs on a thread of its own with a large, known stack
//! ([`run`]): jaq recurses as jq programs do, and the guards measure the
//! stack against that thread's base. The utility's own thread does the
//! I/O that thread asks for (reading the VFS and standard input, writing
//! the output), so the evaluation never touches the context's streams.
//!
//! Known differences from jq 1.7: `-C` prints without colours; `-L`
//! and modules are not supported; `--stream` reads each value whole
//! before its events ([`stream`]); arithmetic on integers stays exact
//! beyond 2^53 and 64 bits (jq rounds to a double, and `0 * -1` is its
//! `-0`); an object indexed with a number (`{} | .[0]`) gives null (jq:
//! an error) and a fractional array index or slice bound is an error (jq
//! truncates it); regexes are the `regex` crate's syntax, not
//! Oniguruma's, and an invalid one is worded by that crate; `strptime`
//! needs a date in its format (jq fills in 1900-01-00); a division of
//! two literals by zero (`1 / 0`) fails when it runs, with status 5 (jq
//! refuses it when compiling); a syntax error names the unexpected token
//! as bison would for the common cases only. `--seq` writes RS (0x1e)
//! before each output and reads RS as a separator; `--unbuffered` and
//! `-b` are accepted and change nothing.
//!
//! The conformance cases in `tests/conformance/cases/jq/` were recorded
//! with the jq 1.6 on the reference machine; where 1.7 differs (number
//! literals kept as written, `No more inputs`, status 5 for malformed
//! input, the usage hint's address...) the case says so on its first
//! lines and its expectations were written from jq 1.7's documented
//! behaviour.

pub mod catch;
pub mod json;
pub mod messages;
pub mod natives;
pub mod opts;
pub mod paths;
pub mod program;
pub mod regex;
pub mod run;
pub mod sized;
pub mod stream;
pub mod write;

#[cfg(test)]
mod tests;

use std::io::Read;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use sandbash_interpreter::Cancel;
use sandbash_vfs::{FileReader, FileSystem};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, OptError, Syntax};
use crate::common::input::{Input, open_input};
use crate::common::sys::{Fail, Res, Sys, io_msg};

use opts::{Opts, Parsed};
use run::{Reply, Req, WorkerEnd};

/// The `jq` utility.
pub struct Jq;

impl Command for Jq {
    const NAME: &'static str = "jq";
    const HELP: Help = Help {
        usage: &["[OPTIONS] FILTER [FILES...]"],
        about: "",
        after: "",
    };
    type Key = opts::Key;
    const FLAGS: &'static [Flag<opts::Key>] = opts::FLAGS;
    const SYNTAX: Syntax = opts::SYNTAX;

    fn help() -> String {
        opts::HELP.to_owned()
    }

    fn version() -> String {
        opts::VERSION.to_owned()
    }

    fn usage_error(sys: &mut Sys<'_>, err: &OptError) -> i32 {
        sys.diag.raw(opts::usage_error(err).as_bytes());
        2
    }

    fn main(sys: &mut Sys<'_>, args: Args<opts::Key>) -> Res<i32> {
        main(sys, args)
    }
}

fn main(sys: &mut Sys<'_>, args: Args<opts::Key>) -> Res<i32> {
    let opts = match opts::from_args(args) {
        Parsed::Run(o) => o,
        Parsed::Usage(msg) => {
            sys.diag.raw(msg.as_bytes());
            return Ok(2);
        }
    };
    let opts = match load_files(sys, opts) {
        Ok(o) => o,
        Err(status) => return Ok(status),
    };
    serve(sys, &opts)
}

/// Reads the program file (`-f`) and the `--slurpfile`/`--rawfile`
/// contents through the VFS; `Err` is the status to exit with. jq words
/// a file it cannot open `Could not open FILE: REASON`, after `jq: ` for
/// the program and after `jq: Bad JSON in --slurpfile NAME FILE: ` for
/// the files of named arguments (a `--slurpfile` that is not JSON gets
/// the same prefix before the parse error).
fn load_files(sys: &mut Sys<'_>, mut opts: Opts) -> Result<Opts, i32> {
    let mut charge = sys.charge();
    let mut read = |sys: &mut Sys<'_>, name: &str| -> Result<Vec<u8>, Option<String>> {
        let mut input = open_input(sys.stdin, sys.fs, sys.cwd, name)
            .map_err(|e| Some(format!("Could not open {name}: {}", e.kind)))?;
        let mut data = Vec::new();
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            match input.read(&mut buf) {
                Ok(0) => return Ok(data),
                Ok(n) => {
                    if !charge.grow(n as u64) {
                        sys.memory.breach();
                        sys.diag.error("error: memory exhausted");
                        return Err(None);
                    }
                    data.extend_from_slice(buf.get(..n).unwrap_or_default());
                }
                Err(e) => return Err(Some(format!("Could not read {name}: {}", io_msg(&e)))),
            }
        }
    };
    if let Some(file) = opts.program_file.take() {
        match read(sys, &file) {
            Ok(text) => opts.program = String::from_utf8_lossy(&text).into_owned(),
            Err(msg) => {
                if let Some(m) = msg {
                    sys.diag.error(m);
                }
                return Err(2);
            }
        }
    }
    for slot in &mut opts.file_args {
        let which = if slot.3 { "slurpfile" } else { "rawfile" };
        let checked = read(sys, &slot.1).and_then(|text| {
            if slot.3 {
                json::check_texts(&text).map_err(Some)?;
            }
            Ok(text)
        });
        match checked {
            Ok(text) => slot.2 = text,
            Err(msg) => {
                if let Some(m) = msg {
                    sys.diag.error(format_args!(
                        "Bad JSON in --{which} {} {}: {m}",
                        slot.0, slot.1
                    ));
                }
                return Err(2);
            }
        }
    }
    Ok(opts)
}

/// Runs the evaluation thread and serves its requests until it ends.
fn serve(sys: &mut Sys<'_>, opts: &Opts) -> Res<i32> {
    let out_failed = AtomicBool::new(false);
    let (req_tx, req_rx) = mpsc::sync_channel::<Req>(4);
    let (reply_tx, reply_rx) = mpsc::channel::<Reply>();
    let env: Vec<(String, String)> = sys.env.to_vec();
    let cancel = sys.tick.cancel;
    let budget = sys.memory.clone();
    let stack = run::worker_stack(budget.limit());
    let mut write_err: Option<std::io::Error> = None;
    let end = std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("jq".into())
            .stack_size(stack)
            .spawn_scoped(scope, {
                let out_failed = &out_failed;
                let env = &env;
                move || {
                    run::worker(run::Setup {
                        opts,
                        env,
                        cancel,
                        out_failed,
                        budget,
                        req: req_tx,
                        reply: reply_rx,
                    })
                }
            });
        let worker = match worker {
            Ok(w) => w,
            Err(_) => return WorkerEnd::Status(1),
        };
        let mut files = Files {
            names: &opts.files,
            stdin: &mut *sys.stdin,
            fs: sys.fs,
            cwd: sys.cwd,
            next: 0,
            cur: None,
            failed: false,
            msgs: Vec::new(),
        };
        for req in req_rx {
            match req {
                Req::Read => {
                    let reply = files.next_chunk(cancel);
                    if !files.msgs.is_empty() {
                        let _ = sys.out.flush();
                        sys.diag.raw(&std::mem::take(&mut files.msgs));
                    }
                    if reply_tx.send(reply).is_err() {
                        break;
                    }
                }
                Req::Out(bytes) => {
                    if write_err.is_none()
                        && let Err(Fail::Write(e)) = sys.out.put(&bytes)
                    {
                        out_failed.store(true, Ordering::Relaxed);
                        write_err = Some(e);
                    }
                }
                Req::Err(bytes) => {
                    let _ = sys.out.flush();
                    sys.diag.raw(&bytes);
                }
            }
        }
        worker.join().unwrap_or(WorkerEnd::Status(5))
    });
    if let Some(e) = write_err {
        return Err(Fail::Write(e));
    }
    match end {
        WorkerEnd::Status(s) => Ok(s),
        WorkerEnd::Cancelled => Err(Fail::Cancelled),
        WorkerEnd::Memory => Err(Fail::Memory),
    }
}

/// What is being read.
enum Cur {
    Stdin,
    File(FileReader),
}

/// The input operands, read in turn by the utility's thread.
struct Files<'s> {
    names: &'s [String],
    stdin: &'s mut dyn Read,
    fs: &'s dyn FileSystem,
    cwd: &'s str,
    next: usize,
    cur: Option<Cur>,
    /// Set after an operand could not be opened (exit status 2).
    failed: bool,
    /// Messages for standard error.
    msgs: Vec<u8>,
}

impl Files<'_> {
    /// The next chunk of input, opening operands in turn.
    fn next_chunk(&mut self, cancel: &Cancel) -> Reply {
        loop {
            if self.cur.is_none() {
                if self.names.is_empty() {
                    if self.next > 0 {
                        return Reply::Eof {
                            failed: self.failed,
                        };
                    }
                    self.next = 1;
                    self.cur = Some(Cur::Stdin);
                    return Reply::File("<stdin>".into());
                }
                let Some(name) = self.names.get(self.next) else {
                    return Reply::Eof {
                        failed: self.failed,
                    };
                };
                self.next += 1;
                match open_input(&mut *self.stdin, self.fs, self.cwd, name) {
                    Ok(Input::Stdin(_)) => {
                        self.cur = Some(Cur::Stdin);
                        return Reply::File("<stdin>".into());
                    }
                    Ok(Input::File(f)) => {
                        self.cur = Some(Cur::File(f));
                        return Reply::File(name.clone());
                    }
                    Err(e) => {
                        self.failed = true;
                        self.msgs.extend_from_slice(
                            format!("jq: error: Could not open file {name}: {}\n", e.kind)
                                .as_bytes(),
                        );
                        continue;
                    }
                }
            }
            if cancel.is_stopped() {
                return Reply::Eof {
                    failed: self.failed,
                };
            }
            let mut buf = vec![0u8; 64 * 1024];
            let r = match &mut self.cur {
                Some(Cur::Stdin) => self.stdin.read(&mut buf),
                Some(Cur::File(f)) => f.read(&mut buf),
                None => Ok(0),
            };
            match r {
                Ok(0) => self.cur = None,
                Ok(n) => {
                    buf.truncate(n);
                    return Reply::Data(buf);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.failed = true;
                    self.msgs.extend_from_slice(
                        format!("jq: error: Could not read input: {}\n", io_msg(&e)).as_bytes(),
                    );
                    self.cur = None;
                }
            }
        }
    }
}
