//! The evaluation thread: reads the inputs it asks the utility's thread
//! for, runs the filter on each, prints the outputs and works out jq's
//! exit status.
//!
//! Everything it holds is charged to the run's memory budget where it
//! can grow with the input: the value being parsed, the queue of parsed
//! values, a slurped array, the output waiting to be sent.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender};

use jaq_core::{Ctx, Vars};
use jaq_json::{Map, Rc, Val};
use sandbash_interpreter::Cancel;
use sandbash_interpreter::memory::{Charge, MemoryBudget};

use super::json::{Parser, Step, VAL_OVERHEAD};
use super::messages;
use super::natives::{Ctl, Env, Halt, InputIter, parse_one, shallow_size};
use super::opts::{ArgVal, Opts};
use super::program::{self, Filter};
use super::write::{self, Style};

/// Stack of the evaluation thread for a run with `memory_limit` bytes:
/// three times the limit (at least 256 MiB, at most 4 GiB), so that a
/// value nested as deep as the budget lets the program build (each level
/// charged [`super::natives::LEVEL`] bytes and more) can still be
/// dropped or compared by jaq's recursion. Only what is used is
/// committed (and the guards charge what they see used).
pub fn worker_stack(memory_limit: u64) -> usize {
    let want = memory_limit.saturating_mul(3).clamp(256 << 20, 4 << 30);
    usize::try_from(want).unwrap_or(256 << 20)
}

/// Stack the guards let jq recursion use; the rest is headroom for what
/// runs between two guards (jaq's recursion over a value's depth, which
/// the input parser bounds, and over the program's nesting, which
/// [`program::check_text`] bounds).
pub const GUARD_STACK: usize = 64 << 20;

/// Output sent to the utility's thread in pieces of about this size.
const OUT_CHUNK: usize = 32 * 1024;

/// Longest text of an uncaught error's message: jaq's messages hold
/// whole values.
const ERROR_TEXT_MAX: usize = 1 << 20;

/// Input bytes fed to the parser before the values they completed are
/// run (jq reads its input a line, at most this long, at a time, and
/// reports errors at the line it has read up to).
const SEGMENT: usize = 64 * 1024;

/// A request of the evaluation thread.
pub enum Req {
    /// The next chunk of input.
    Read,
    /// Bytes for standard output.
    Out(Vec<u8>),
    /// Bytes for standard error.
    Err(Vec<u8>),
}

/// The answer to [`Req::Read`].
pub enum Reply {
    /// Input bytes.
    Data(Vec<u8>),
    /// A new input starts (its name in messages).
    File(String),
    /// No more input; whether an operand could not be read.
    Eof {
        /// An operand could not be opened or read.
        failed: bool,
    },
}

/// How the evaluation ended.
pub enum WorkerEnd {
    /// jq's exit status.
    Status(i32),
    /// The run was cancelled.
    Cancelled,
    /// The memory budget was exceeded.
    Memory,
}

/// What the evaluation thread starts with.
pub struct Setup<'s> {
    /// The command line.
    pub opts: &'s Opts,
    /// The exported environment.
    pub env: &'s [(String, String)],
    /// The run's cancellation signal.
    pub cancel: &'s Cancel,
    /// Set by the utility's thread when the output was refused.
    pub out_failed: &'s AtomicBool,
    /// The run's memory budget.
    pub budget: Arc<MemoryBudget>,
    /// Requests to the utility's thread.
    pub req: SyncSender<Req>,
    /// Its answers to [`Req::Read`].
    pub reply: Receiver<Reply>,
}

/// The channel to the utility's thread, with the output buffered.
struct Io {
    req: SyncSender<Req>,
    reply: Receiver<Reply>,
    out: RefCell<Vec<u8>>,
    out_charge: RefCell<Charge>,
}

impl Io {
    fn flush(&self) {
        let buf = std::mem::take(&mut *self.out.borrow_mut());
        if !buf.is_empty() {
            let _ = self.req.send(Req::Out(buf));
        }
        self.out_charge.borrow_mut().shrink(u64::MAX);
    }

    fn err(&self, text: Vec<u8>) {
        self.flush();
        let _ = self.req.send(Req::Err(text));
    }

    fn read(&self) -> Reply {
        self.flush();
        if self.req.send(Req::Read).is_err() {
            return Reply::Eof { failed: false };
        }
        self.reply.recv().unwrap_or(Reply::Eof { failed: false })
    }
}

/// A failure reading input.
enum ReadErr {
    /// Invalid JSON: jq's message.
    Parse(String),
    /// The memory budget refused the input.
    Memory,
}

/// The input values, parsed as they arrive.
struct Reader<'s> {
    io: &'s Io,
    ctl: &'s Ctl<'s>,
    parser: Parser,
    raw: bool,
    chunk: Vec<u8>,
    pos: usize,
    eof: bool,
    /// An operand could not be read.
    failed: bool,
    queue: VecDeque<(Val, u64)>,
    /// Raw mode: the line being read.
    line: Vec<u8>,
    /// Newlines read in the current input, as jq counts for `(at F:N)`.
    newlines: u64,
    /// The current input's name, once one was opened.
    name: Option<String>,
    charge: Charge,
    /// Bytes charged for the queued values.
    queued: u64,
    error: bool,
    /// The last byte fed was a newline.
    last_newline: bool,
    /// Some input was read (jq names no position before).
    got_data: bool,
    /// The error that ended the input, reported after the values before it.
    pending: Option<ReadErr>,
    /// `--stream`: the values are given as their events.
    stream: bool,
    /// The events of the value being streamed.
    events: Option<super::stream::Events>,
}

impl Reader<'_> {
    fn settle(&mut self) -> Result<(), ReadErr> {
        let want = self
            .parser
            .held()
            .saturating_add(self.queued)
            .saturating_add(self.chunk.capacity() as u64)
            .saturating_add(self.line.capacity() as u64);
        crate::common::sys::settle(&mut self.charge, want).map_err(|_| ReadErr::Memory)
    }

    fn next(&mut self) -> Option<Result<Val, ReadErr>> {
        loop {
            if let Some(events) = &mut self.events {
                match events.next() {
                    Some(e) => return Some(Ok(e)),
                    None => self.events = None,
                }
            }
            if let Some((v, size)) = self.queue.pop_front() {
                self.queued = self.queued.saturating_sub(size);
                if self.stream {
                    self.events = Some(super::stream::Events::new(v));
                    continue;
                }
                return Some(Ok(v));
            }
            if self.error {
                return self.pending.take().map(Err);
            }
            if self.pos >= self.chunk.len() {
                if self.eof {
                    return None;
                }
                match self.io.read() {
                    Reply::Data(d) => {
                        self.got_data = true;
                        self.chunk = d;
                        self.pos = 0;
                        if let Err(e) = self.settle() {
                            self.error = true;
                            return Some(Err(e));
                        }
                    }
                    Reply::File(name) => {
                        *self.ctl.filename.borrow_mut() = Val::utf8_str(name.clone());
                        self.name = Some(name);
                        self.newlines = 0;
                        self.ctl.line.set(0);
                    }
                    Reply::Eof { failed } => {
                        self.failed = failed;
                        self.eof = true;
                        self.chunk = Vec::new();
                        if let Err(e) = self.finish() {
                            self.error = true;
                            return Some(Err(e));
                        }
                    }
                }
                continue;
            }
            if let Err(e) = self.segment() {
                // The values read before the error still run, as in jq.
                self.error = true;
                self.pending = Some(e);
            }
        }
    }

    /// Feeds the bytes up to the next newline (at most [`SEGMENT`]).
    fn segment(&mut self) -> Result<(), ReadErr> {
        let rest = self.chunk.get(self.pos..).unwrap_or_default();
        let len = rest
            .iter()
            .take(SEGMENT)
            .position(|&c| c == b'\n')
            .map_or(rest.len().min(SEGMENT), |i| i + 1);
        let seg = rest.get(..len).unwrap_or_default();
        self.pos += len;
        if let Some(&c) = seg.last() {
            self.last_newline = c == b'\n';
        }
        let mut found = Vec::new();
        let mut failed = None;
        if self.raw {
            for &c in seg {
                if c == b'\n' {
                    self.newlines += 1;
                    let line = std::mem::take(&mut self.line);
                    let size = VAL_OVERHEAD + line.len() as u64;
                    found.push((Val::utf8_str(line), size));
                } else {
                    self.line.push(c);
                }
            }
        } else {
            for &c in seg {
                if c == b'\n' {
                    self.newlines += 1;
                }
                let held = self.parser.held();
                match self.parser.feed(c) {
                    Ok(Step::More) => {}
                    Ok(Step::Value(v)) => found.push((v, held.max(VAL_OVERHEAD))),
                    Err(e) => {
                        failed = Some(ReadErr::Parse(e.0));
                        break;
                    }
                }
            }
        }
        self.ctl.line.set(self.newlines);
        for (v, size) in found {
            self.queued = self.queued.saturating_add(size);
            self.queue.push_back((v, size));
        }
        match failed {
            Some(e) => Err(e),
            None => self.settle(),
        }
    }

    fn finish(&mut self) -> Result<(), ReadErr> {
        if self.raw {
            if !self.line.is_empty() {
                let line = std::mem::take(&mut self.line);
                let size = VAL_OVERHEAD + line.len() as u64;
                self.queued += size;
                self.queue.push_back((Val::utf8_str(line), size));
            }
            return Ok(());
        }
        match self.parser.finish() {
            Ok(Some(v)) => {
                self.queue.push_back((v, VAL_OVERHEAD));
                Ok(())
            }
            Ok(None) => Ok(()),
            Err(e) => Err(ReadErr::Parse(e.0)),
        }
    }

    /// Whether the input read so far ends with a newline.
    fn ended_with_newline(&self) -> bool {
        self.line.is_empty() && self.last_newline
    }

    /// Where an error is reported: `<stdin>:N`, or `<unknown>` before
    /// any input.
    fn position(&self) -> String {
        match &self.name {
            Some(n) if self.got_data => format!("{n}:{}", self.newlines),
            _ => "<unknown>".into(),
        }
    }
}

/// Runs jq as `setup` says; the end of the evaluation.
pub fn worker(setup: Setup<'_>) -> WorkerEnd {
    let Setup {
        opts,
        env,
        cancel,
        out_failed,
        budget,
        req,
        reply,
    } = setup;
    let io = Io {
        req,
        reply,
        out: RefCell::new(Vec::new()),
        out_charge: RefCell::new(Charge::on(&budget)),
    };
    let marker = 0u8;
    let ctl = Ctl {
        cancel,
        out_failed,
        budget: budget.clone(),
        stack_base: std::ptr::addr_of!(marker) as usize,
        stack_limit: GUARD_STACK,
        halted: Cell::new(None),
        ticks: Cell::new(0),
        env: env_object(env),
        stderr: RefCell::new(Vec::new()),
        filename: RefCell::new(Val::Null),
        line: Cell::new(0),
        hold: RefCell::new(Charge::on(&budget)),
        stack_charge: RefCell::new(Charge::on(&budget)),
        yq_add: false,
    };
    let end = evaluate(opts, &io, &ctl);
    io.flush();
    end
}

/// `$ENV`: the names and values as jq reads them, raw bytes (the
/// shell's stand-ins turned back) that are not UTF-8 becoming U+FFFD.
fn env_object(env: &[(String, String)]) -> Val {
    let text = |s: &str| {
        let bytes = sandbash_interpreter::bytes::encode(s);
        Val::utf8_str(String::from_utf8_lossy(&bytes).into_owned().into_bytes())
    };
    let mut m = Map::default();
    for (k, v) in env {
        m.insert(text(k), text(v));
    }
    Val::obj(m)
}

/// `$ARGS` and the named variables, in the order of `names`.
fn globals(opts: &Opts, ctl: &Ctl<'_>) -> (Vec<String>, Vec<Val>) {
    // An argument's raw bytes (the shell's stand-ins turned back), a
    // byte that is not UTF-8 becoming U+FFFD as jq reads it.
    let arg = |a: &ArgVal| match a {
        ArgVal::Str(s) => {
            let bytes = sandbash_interpreter::bytes::encode(s);
            Val::utf8_str(String::from_utf8_lossy(&bytes).into_owned().into_bytes())
        }
        ArgVal::Json(t) => parse_one(&sandbash_interpreter::bytes::encode(t)).unwrap_or(Val::Null),
    };
    let mut names = vec!["$ENV".to_string(), "$__prog_name".to_string()];
    let mut vals = vec![ctl.env.clone(), Val::utf8_str(b"jq".to_vec())];
    let mut named = Map::default();
    for (n, a) in &opts.named {
        let v = arg(a);
        named.insert(Val::utf8_str(n.clone()), v.clone());
        names.push(format!("${n}"));
        vals.push(v);
    }
    for (n, _file, data, slurp) in &opts.file_args {
        let v = if *slurp {
            let mut p = Parser::new();
            let mut items = Vec::new();
            for &c in data {
                if let Ok(Step::Value(v)) = p.feed(c) {
                    items.push(v);
                }
            }
            if let Ok(Some(v)) = p.finish() {
                items.push(v);
            }
            Val::Arr(Rc::new(items))
        } else {
            Val::utf8_str(data.clone())
        };
        named.insert(Val::utf8_str(n.clone()), v.clone());
        names.push(format!("${n}"));
        vals.push(v);
    }
    let positional: Vec<Val> = opts.positional.iter().map(arg).collect();
    let mut args = Map::default();
    args.insert(
        Val::utf8_str(b"positional".to_vec()),
        Val::Arr(Rc::new(positional)),
    );
    args.insert(Val::utf8_str(b"named".to_vec()), Val::obj(named));
    names.push("$ARGS".into());
    vals.push(Val::obj(args));
    (names, vals)
}

fn style(opts: &Opts) -> Style {
    let indent = if opts.compact || (opts.indent == 0 && !opts.tab) {
        None
    } else if opts.tab {
        Some("\t".to_string())
    } else {
        Some(" ".repeat(opts.indent))
    };
    Style {
        indent,
        sort_keys: opts.sort_keys,
        ascii: opts.ascii,
    }
}

/// The end of an evaluation stopped by a guard.
fn halted_end(h: Halt, ctl: &Ctl<'_>) -> Option<WorkerEnd> {
    match h {
        Halt::Memory => Some(WorkerEnd::Memory),
        Halt::Stopped if ctl.out_failed.load(Ordering::Relaxed) => Some(WorkerEnd::Status(1)),
        Halt::Stopped => Some(WorkerEnd::Cancelled),
        Halt::Depth => None,
    }
}

fn evaluate(opts: &Opts, io: &Io, ctl: &Ctl<'_>) -> WorkerEnd {
    let (names, vals) = globals(opts, ctl);
    let filter: Filter = match program::compile(&opts.program, &names) {
        Ok(f) => f,
        Err(e) => {
            let mut text = String::new();
            for line in &e.0 {
                text.push_str("jq: error: ");
                text.push_str(line);
                text.push('\n');
            }
            let n = e.0.len();
            text.push_str(&if n == 1 {
                "jq: 1 compile error\n".to_string()
            } else {
                format!("jq: {n} compile errors\n")
            });
            io.err(text.into_bytes());
            return WorkerEnd::Status(3);
        }
    };
    let reader = RefCell::new(Reader {
        io,
        ctl,
        parser: Parser::new(),
        raw: opts.raw_input,
        stream: opts.stream && !opts.raw_input,
        events: None,
        chunk: Vec::new(),
        pos: 0,
        eof: false,
        failed: false,
        queue: VecDeque::new(),
        line: Vec::new(),
        newlines: 0,
        name: None,
        charge: Charge::on(&ctl.budget),
        queued: 0,
        error: false,
        last_newline: false,
        got_data: false,
        pending: None,
    });
    let parse_failed = Cell::new(None::<String>);
    let memory_failed = Cell::new(false);
    let next_input = || -> Option<Val> {
        let r = reader.borrow_mut().next();
        match r {
            Some(Ok(v)) => Some(v),
            Some(Err(ReadErr::Parse(m))) => {
                parse_failed.set(Some(m));
                None
            }
            Some(Err(ReadErr::Memory)) => {
                memory_failed.set(true);
                ctl.budget.breach();
                None
            }
            None => None,
        }
    };
    let iter = std::iter::from_fn(|| {
        next_input().map(Ok).or_else(|| {
            parse_failed.take().map(Err).or_else(|| {
                memory_failed
                    .get()
                    .then(|| Err("memory exhausted".to_string()))
            })
        })
    });
    let inputs = jaq_std::input::RcIter::new(iter);
    let inputs: &InputIter<'_> = &inputs;
    let env = Env {
        lut: &filter.lut,
        inputs,
        ctl,
    };
    let style = style(opts);
    let mut st = State {
        status: 0,
        errors: false,
        last: None,
    };
    // As in jq, the status says how the last input went.
    let run = |input: Val, st: &mut State| -> Option<WorkerEnd> {
        st.errors = false;
        let ctx = Ctx::<super::natives::JqData>::new(&env, Vars::new(vals.clone()));
        for r in filter.id.run((ctx, input)) {
            flush_stderr(io, ctl);
            match r {
                Ok(v) => {
                    if opts.nul && matches!(&v, Val::TStr(b) | Val::BStr(b) if b.contains(&0)) {
                        let pos = reader.borrow().position();
                        io.err(
                            format!("jq: error (at {pos}): Cannot dump a string containing NUL with --raw-output0 option\n")
                                .into_bytes(),
                        );
                        st.errors = true;
                        break;
                    }
                    print(&v, opts, &style, io, ctl);
                    st.last = Some(!matches!(v, Val::Null | Val::Bool(false)));
                    if io.out.borrow().len() >= OUT_CHUNK {
                        io.flush();
                    }
                    if ctl.cancel.is_stopped() {
                        return Some(WorkerEnd::Cancelled);
                    }
                    if ctl.out_failed.load(Ordering::Relaxed) {
                        return Some(WorkerEnd::Status(1));
                    }
                }
                Err(exn) => {
                    let exn = match exn.get_err() {
                        Ok(e) => {
                            if let Some(h) = ctl.halted.get()
                                && let Some(end) = halted_end(h, ctl)
                            {
                                return Some(end);
                            }
                            ctl.halted.set(None);
                            let e = super::catch::error_value(e, ERROR_TEXT_MAX);
                            let (text, is_str) = messages::error_text(&e);
                            let pos = reader.borrow().position();
                            let line = if is_str {
                                format!("jq: error (at {pos}): {text}\n")
                            } else {
                                format!("jq: error (at {pos}) (not a string): {text}\n")
                            };
                            io.err(line.into_bytes());
                            st.errors = true;
                            break;
                        }
                        Err(exn) => exn,
                    };
                    if let Ok(code) = exn.get_halt() {
                        return Some(WorkerEnd::Status(code));
                    }
                    st.errors = true;
                    break;
                }
            }
        }
        flush_stderr(io, ctl);
        ctl.hold.borrow_mut().shrink(u64::MAX);
        None
    };
    if opts.null_input {
        if let Some(end) = run(Val::Null, &mut st) {
            return end;
        }
    } else if opts.slurp {
        let mut charge = Charge::on(&ctl.budget);
        let slurped = if opts.raw_input {
            let mut text = Vec::new();
            while let Some(v) = next_input() {
                if let Val::TStr(s) = v {
                    text.extend_from_slice(&s);
                    text.push(b'\n');
                }
                if crate::common::sys::settle(&mut charge, text.capacity() as u64).is_err() {
                    return WorkerEnd::Memory;
                }
            }
            // The last line keeps its newline only if the input had one.
            if !reader.borrow().ended_with_newline() {
                text.pop();
            }
            Val::utf8_str(text)
        } else {
            let mut items = Vec::new();
            while let Some(v) = next_input() {
                if !charge.grow(super::natives::CELL + shallow_size(&v)) {
                    ctl.budget.breach();
                    return WorkerEnd::Memory;
                }
                items.push(v);
            }
            Val::Arr(Rc::new(items))
        };
        if parse_failed_now(&parse_failed, io, &memory_failed) {
            return end_after_parse_error(&memory_failed);
        }
        if let Some(end) = run(slurped, &mut st) {
            return end;
        }
    } else {
        while let Some(v) = next_input() {
            if let Some(end) = run(v, &mut st) {
                return end;
            }
        }
    }
    if parse_failed_now(&parse_failed, io, &memory_failed) {
        return end_after_parse_error(&memory_failed);
    }
    let failed = reader.borrow().failed;
    st.status = if failed {
        2
    } else if st.errors {
        5
    } else if opts.exit_status {
        match st.last {
            None => 4,
            Some(true) => 0,
            Some(false) => 1,
        }
    } else {
        0
    };
    WorkerEnd::Status(st.status)
}

/// What the main loop tracks for the exit status.
struct State {
    status: i32,
    /// The filter raised an error on the last input.
    errors: bool,
    /// Whether the last output was neither `null` nor `false`.
    last: Option<bool>,
}

/// Prints a parse error left by the reader; true if there was one.
fn parse_failed_now(
    parse_failed: &Cell<Option<String>>,
    io: &Io,
    memory_failed: &Cell<bool>,
) -> bool {
    if let Some(m) = parse_failed.take() {
        io.err(format!("jq: parse error: {m}\n").into_bytes());
        return true;
    }
    memory_failed.get()
}

fn end_after_parse_error(memory_failed: &Cell<bool>) -> WorkerEnd {
    // jq 1.7 exits 5 on malformed input (1.6 exited 4, the status -e
    // gives for no output).
    if memory_failed.get() {
        WorkerEnd::Memory
    } else {
        WorkerEnd::Status(5)
    }
}

fn flush_stderr(io: &Io, ctl: &Ctl<'_>) {
    let text = std::mem::take(&mut *ctl.stderr.borrow_mut());
    if !text.is_empty() {
        io.err(text);
    }
}

/// Prints one output value as the options say. The text goes out in
/// chunks as it is written: a value's text can be far larger than the
/// value.
fn print(v: &Val, opts: &Opts, style: &Style, io: &Io, ctl: &Ctl<'_>) {
    let mut out = std::mem::take(&mut *io.out.borrow_mut());
    if opts.seq {
        out.push(0x1e);
    }
    match v {
        Val::TStr(s) | Val::BStr(s) if opts.raw_out && !opts.ascii => {
            out.extend_from_slice(String::from_utf8_lossy(s).as_bytes());
        }
        _ => {
            let mut drain = |buf: &mut Vec<u8>| {
                let _ = io.req.send(Req::Out(std::mem::take(buf)));
                !ctl.cancel.is_stopped() && !ctl.out_failed.load(Ordering::Relaxed)
            };
            let mut sink = write::Sink::draining(&mut out, &mut drain);
            write::write_val(&mut sink, v, style);
        }
    }
    if opts.nul {
        out.push(0);
    } else if !opts.join {
        out.push(b'\n');
    }
    let cap = out.capacity() as u64;
    *io.out.borrow_mut() = out;
    let _ = crate::common::sys::settle(&mut io.out_charge.borrow_mut(), cap);
}
