//! `xargs`: build and run command lines from standard input.
//!
//! Invariants:
//! - Streaming: items are read one at a time and a command runs as soon
//!   as its line is full (`-n`, `-L`, `-s`), so `yes | xargs -n1 | head`
//!   ends at once; the pending line is bounded by `-s` (default 131072
//!   bytes, at most 2093634), so memory is bounded whatever the input.
//! - Every read loop and every command checks cancellation.
//! - Commands run through the shell's runner with standard input empty
//!   (`/dev/null`), or xargs' own standard input with `-a FILE`.
//! - Exit statuses as GNU findutils: 123 when a command exited 1-125 (or
//!   above 128), 124 when one exited 255 (xargs stops), 125 when one was
//!   killed (in the sandbox: by a closed pipe, status 141), 126/127 when
//!   one could not be run, 1 for xargs' own errors.
//! - `-P N` runs up to N commands at once, each on a thread of its own
//!   with a runner forked from the shell's (same sandbox, limits, memory
//!   budget, cancellation); N is capped at the session's job limit
//!   (`max_jobs`), and so is `-P 0`, so `-P 10000` starts no more threads
//!   than a script's background jobs could. Each command's output is
//!   kept until it ends and then written whole (GNU's may interleave).
//!   Commands that read xargs' standard input (`-a`) run one at a time.
//!   `--process-slot-var` gives each running command its slot number.
//! - `-p` and `-o` need a terminal, which the sandbox never has: they
//!   fail as GNU does without one.

use std::io::{BufRead, BufReader, Read};

use std::sync::mpsc;

use sandbash_interpreter::bytes::decode_vec;
use sandbash_interpreter::cancel::POLL_SLICE;
use sandbash_interpreter::io::Capture;
use sandbash_interpreter::shell::THREAD_STACK;
use sandbash_interpreter::{NotRun, STATUS_BROKEN_PIPE};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::input::open_input;
use crate::common::sys::{Res, Sys};

/// The `xargs` utility.
pub struct Xargs;

/// The options of `xargs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Null,
    ArgFile,
    Delimiter,
    EofUpper,
    EofLower,
    ReplaceUpper,
    ReplaceLower,
    MaxLinesUpper,
    MaxLinesLower,
    MaxArgs,
    OpenTty,
    Interactive,
    NoRunIfEmpty,
    MaxChars,
    ShowLimits,
    Verbose,
    Exit,
    MaxProcs,
    SlotVar,
}

/// GNU's default and largest `-s` on this machine.
const DEFAULT_MAX_CHARS: u64 = 131_072;
const LARGEST_MAX_CHARS: u64 = 2_093_634;

impl Command for Xargs {
    const NAME: &'static str = "xargs";
    const HELP: Help = Help {
        usage: &["[OPTION]... COMMAND [INITIAL-ARGS]..."],
        about: "Run COMMAND with arguments INITIAL-ARGS and more arguments read from input.",
        after: "Mandatory and optional arguments to long options are also
mandatory or optional for the corresponding short option.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            '0',
            &["null"],
            Key::Null,
            "items are separated by a null, not whitespace; disables quote and backslash processing and logical EOF processing",
        ),
        Flag::new('a', &["arg-file"], Key::ArgFile, "read arguments from FILE, not standard input").value("FILE"),
        Flag::new('d', &["delimiter"], Key::Delimiter, "items in input stream are separated by CHARACTER, not by whitespace; disables quote and backslash processing and logical EOF processing").value("CHARACTER"),
        Flag::new('E', &[], Key::EofUpper, "set logical EOF string; if END occurs as a line of input, the rest of the input is ignored (ignored if -0 or -d was specified)").value("END"),
        Flag::new('e', &["eof"], Key::EofLower, "equivalent to -E END if END is specified; otherwise, there is no end-of-file string").optional("END"),
        Flag::new('I', &[], Key::ReplaceUpper, "same as --replace=R").value("R"),
        Flag::new('i', &["replace"], Key::ReplaceLower, "replace R in INITIAL-ARGS with names read from standard input, split at newlines; if R is unspecified, assume {}").optional("R"),
        Flag::new('L', &["max-lines"], Key::MaxLinesUpper, "use at most MAX-LINES non-blank input lines per command line").value("MAX-LINES"),
        Flag::new('l', &[], Key::MaxLinesLower, "similar to -L but defaults to at most one non-blank input line if MAX-LINES is not specified").optional("MAX-LINES"),
        Flag::new('n', &["max-args"], Key::MaxArgs, "use at most MAX-ARGS arguments per command line").value("MAX-ARGS"),
        Flag::new('o', &["open-tty"], Key::OpenTty, "Reopen stdin as /dev/tty in the child process before executing the command; useful to run an interactive application."),
        Flag::new('P', &["max-procs"], Key::MaxProcs, "run at most MAX-PROCS processes at a time").value("MAX-PROCS"),
        Flag::new('p', &["interactive"], Key::Interactive, "prompt before running commands"),
        Flag::long(&["process-slot-var"], Key::SlotVar, "set environment variable VAR in child processes").value("VAR"),
        Flag::new('r', &["no-run-if-empty"], Key::NoRunIfEmpty, "if there are no arguments, then do not run COMMAND; if this option is not given, COMMAND will be run at least once"),
        Flag::new('s', &["max-chars"], Key::MaxChars, "limit length of command line to MAX-CHARS").value("MAX-CHARS"),
        Flag::long(&["show-limits"], Key::ShowLimits, "show limits on command-line length"),
        Flag::new('t', &["verbose"], Key::Verbose, "print commands before executing them"),
        Flag::new('x', &["exit"], Key::Exit, "exit if the size (see -s) is exceeded"),
    ];
    const SYNTAX: Syntax = Syntax::GNU.stop_at_operand();

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }
}

/// How input is split into items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Split {
    /// Blanks and newlines, with quotes and backslashes (the default).
    Quoted,
    /// One byte ends each item (`-0`, `-d`).
    Delim(u8),
}

/// The settings the command line gives.
#[derive(Debug)]
struct Settings {
    split: Split,
    eof: Option<String>,
    replace: Option<String>,
    max_lines: Option<u64>,
    max_args: Option<u64>,
    max_chars: u64,
    no_run_if_empty: bool,
    verbose: bool,
    exit_on_size: bool,
    arg_file: Option<String>,
    slot_var: Option<String>,
    /// `-P`: 0 for as many as possible.
    max_procs: u64,
}

/// Why parsing the options stopped: the status to exit with.
struct Stop(i32);

/// Parses a count option: `invalid number` / `should be >= 1` as GNU.
fn count(sys: &mut Sys<'_>, v: &str, opt: char, min: i64) -> Result<u64, Stop> {
    let t = v.trim_start();
    let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        sys.diag
            .error(format_args!("invalid number \"{v}\" for -{opt} option"));
        sys.diag.try_help();
        return Err(Stop(1));
    }
    let negative = t.starts_with('-') && digits.bytes().any(|b| b != b'0');
    let n: u64 = digits.parse().unwrap_or(u64::MAX);
    if negative || (n as i128) < i128::from(min) {
        let shown = if negative {
            format!("-{digits}")
        } else {
            n.to_string()
        };
        sys.diag.error(format_args!(
            "value {shown} for -{opt} option should be >= {min}"
        ));
        sys.diag.try_help();
        return Err(Stop(1));
    }
    Ok(n)
}

/// The byte `-d` names: one character or a C escape.
fn delimiter(spec: &str) -> Option<u8> {
    let b = spec.as_bytes();
    match b {
        [c] => Some(*c),
        [b'\\', rest @ ..] => match rest {
            [] => Some(b'\\'),
            [c] => match c {
                b'a' => Some(7),
                b'b' => Some(8),
                b'f' => Some(12),
                b'n' => Some(b'\n'),
                b'r' => Some(b'\r'),
                b't' => Some(b'\t'),
                b'v' => Some(11),
                b'\\' => Some(b'\\'),
                b'0'..=b'7' => Some(c - b'0'),
                _ => None,
            },
            [b'x', hex @ ..] => {
                let s = std::str::from_utf8(hex).ok()?;
                u8::from_str_radix(s, 16).ok()
            }
            oct if oct.iter().all(|c| (b'0'..=b'7').contains(c)) => {
                let s = std::str::from_utf8(oct).ok()?;
                u8::from_str_radix(s, 8).ok()
            }
            _ => None,
        },
        _ => {
            // One multi-byte character is still one character to GNU,
            // but not one byte: refuse it as GNU does in the C locale.
            None
        }
    }
}

fn settings(sys: &mut Sys<'_>, p: &Args<Key>) -> Result<Settings, Stop> {
    let mut s = Settings {
        split: Split::Quoted,
        eof: None,
        replace: None,
        max_lines: None,
        max_args: None,
        max_chars: DEFAULT_MAX_CHARS,
        no_run_if_empty: false,
        verbose: false,
        exit_on_size: false,
        arg_file: None,
        slot_var: None,
        max_procs: 1,
    };
    for (k, v) in p.each() {
        match k {
            Key::Null => s.split = Split::Delim(0),
            Key::Delimiter => match delimiter(v) {
                Some(d) => s.split = Split::Delim(d),
                None => {
                    sys.diag.error(format_args!(
                        "Invalid input delimiter specification {v}: the delimiter must be either a single character or an escape sequence starting with \\."
                    ));
                    return Err(Stop(1));
                }
            },
            Key::ArgFile => s.arg_file = Some(v.to_owned()),
            Key::EofUpper => s.eof = Some(v.to_owned()),
            Key::EofLower => s.eof = (!v.is_empty()).then(|| v.to_owned()),
            Key::ReplaceUpper | Key::ReplaceLower => {
                if s.max_args.take().is_some() {
                    sys.diag.error("warning: options --max-args and --replace/-I/-i are mutually exclusive, ignoring previous --max-args value");
                }
                if s.max_lines.take().is_some() {
                    sys.diag.error("warning: options --max-lines and --replace/-I/-i are mutually exclusive, ignoring previous --max-lines value");
                }
                let r = if k == Key::ReplaceLower && v.is_empty() {
                    "{}"
                } else {
                    v
                };
                s.replace = Some(r.to_owned());
                s.exit_on_size = true;
            }
            Key::MaxLinesUpper | Key::MaxLinesLower => {
                let n = if k == Key::MaxLinesLower && v.is_empty() {
                    1
                } else {
                    count(sys, v, if k == Key::MaxLinesUpper { 'L' } else { 'l' }, 1)?
                };
                if s.max_args.take().is_some() {
                    sys.diag.error("warning: options --max-args and -L are mutually exclusive, ignoring previous --max-args value");
                }
                s.max_lines = Some(n);
            }
            Key::MaxArgs => {
                let n = count(sys, v, 'n', 1)?;
                if s.max_lines.take().is_some() {
                    sys.diag.error("warning: options --max-lines and --max-args/-n are mutually exclusive, ignoring previous --max-lines value");
                }
                // After `-I`, `-n` does not take effect (as GNU).
                if s.replace.is_none() {
                    s.max_args = Some(n);
                }
            }
            Key::MaxChars => {
                let mut n = count(sys, v, 's', 0)?;
                if n < 1 {
                    sys.diag
                        .error(format_args!("value {n} for -s option should be >= 1"));
                    n = 1;
                }
                if n > LARGEST_MAX_CHARS {
                    sys.diag.error(format_args!(
                        "value {n} for -s option should be <= {LARGEST_MAX_CHARS}"
                    ));
                    n = LARGEST_MAX_CHARS;
                }
                s.max_chars = n;
            }
            Key::MaxProcs => s.max_procs = count(sys, v, 'P', 0)?,
            Key::SlotVar => {
                if v.is_empty() || v.contains('=') {
                    sys.diag.error(format_args!(
                        "option --process-slot-var may not contain '=' or be empty"
                    ));
                    return Err(Stop(1));
                }
                s.slot_var = Some(v.to_owned());
            }
            Key::Interactive | Key::OpenTty => {
                sys.diag
                    .error("failed to open /dev/tty for reading: No such device or address");
                return Err(Stop(1));
            }
            Key::NoRunIfEmpty => s.no_run_if_empty = true,
            Key::Verbose => s.verbose = true,
            Key::Exit => s.exit_on_size = true,
            Key::ShowLimits => {}
        }
    }
    if s.split != Split::Quoted {
        s.eof = None;
    }
    if s.replace.is_some() {
        s.max_lines = Some(1);
    }
    Ok(s)
}

/// What the reader gives.
enum Event {
    /// One item.
    Item(Vec<u8>),
    /// The end of a logical input line (for `-L`), after its last item.
    LineEnd,
    /// An error already reported; xargs exits 1 after running what it read.
    Error,
}

/// Reads items from the input one at a time.
struct Reader<R> {
    r: R,
    split: Split,
    /// `-I`: blanks do not end items, only newlines do.
    whole_lines: bool,
    eof: Option<Vec<u8>>,
    /// Longest item: past it the line can never fit (`-s`).
    max_item: usize,
    done: bool,
    nul_warned: bool,
    pending_line_end: bool,
}

/// Whether `c` is a blank in the C locale's `isspace`.
fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

impl<R: BufRead> Reader<R> {
    fn byte(&mut self) -> Res<Option<u8>> {
        let buf = match self.r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => return self.byte(),
            Err(_) => return Ok(None),
        };
        let Some(&c) = buf.first() else {
            return Ok(None);
        };
        self.r.consume(1);
        Ok(Some(c))
    }

    fn next(&mut self, sys: &mut Sys<'_>) -> Res<Option<Event>> {
        if self.pending_line_end {
            self.pending_line_end = false;
            return Ok(Some(Event::LineEnd));
        }
        if self.done {
            return Ok(None);
        }
        let item = match self.split {
            Split::Delim(d) => self.delimited(sys, d)?,
            Split::Quoted => self.quoted(sys)?,
        };
        let Some(item) = item else {
            self.done = true;
            return Ok(None);
        };
        let Event::Item(bytes) = &item else {
            self.done = true;
            return Ok(Some(item));
        };
        if bytes.len() > self.max_item {
            sys.diag.error("argument line too long");
            self.done = true;
            return Ok(Some(Event::Error));
        }
        if self.eof.as_deref() == Some(bytes.as_slice()) {
            self.done = true;
            self.pending_line_end = false;
            return Ok(None);
        }
        Ok(Some(item))
    }

    /// `-0`/`-d`: each item ends at the delimiter, and is a line.
    fn delimited(&mut self, sys: &mut Sys<'_>, d: u8) -> Res<Option<Event>> {
        let mut item = Vec::new();
        loop {
            sys.tick.tick()?;
            match self.byte()? {
                None if item.is_empty() => return Ok(None),
                None => break,
                Some(c) if c == d => break,
                Some(c) => {
                    if item.len() > self.max_item {
                        continue;
                    }
                    item.push(c);
                }
            }
        }
        self.pending_line_end = true;
        Ok(Some(Event::Item(item)))
    }

    /// The default split, as GNU's `read_line`: blanks and newlines end
    /// items, `'`/`"` quote (not across a newline), `\` escapes one byte;
    /// a newline ends a logical line unless a blank came before it.
    fn quoted(&mut self, sys: &mut Sys<'_>) -> Res<Option<Event>> {
        #[derive(PartialEq)]
        enum St {
            Space,
            Norm,
            Quote(u8),
            Backslash,
        }
        let mut st = St::Space;
        let mut item = Vec::new();
        let mut seen = false;
        let mut prev = 0u8;
        loop {
            sys.tick.tick()?;
            let Some(c) = self.byte()? else {
                if let St::Quote(q) = st {
                    let which = if q == b'"' { "double" } else { "single" };
                    sys.diag.error(format_args!(
                        "unmatched {which} quote; by default quotes are special to xargs unless you use the -0 option"
                    ));
                    return Ok(Some(Event::Error));
                }
                if item.is_empty() && !seen {
                    return Ok(None);
                }
                return Ok(Some(Event::Item(item)));
            };
            if c == 0 && !self.nul_warned {
                self.nul_warned = true;
                sys.diag.error("WARNING: a NUL character occurred in the input.  It cannot be passed through in the argument list.  Did you mean to use the --null option?");
            }
            let before = prev;
            prev = c;
            match st {
                St::Space if is_space(c) => continue,
                St::Space | St::Norm => {
                    st = St::Norm;
                    if c == b'\n' {
                        if !matches!(before, b' ' | b'\t') {
                            self.pending_line_end = true;
                        }
                        if item.is_empty() && !seen {
                            st = St::Space;
                            self.pending_line_end = false;
                            continue;
                        }
                        return Ok(Some(Event::Item(item)));
                    }
                    seen = true;
                    if !self.whole_lines && is_space(c) {
                        return Ok(Some(Event::Item(item)));
                    }
                    match c {
                        b'\\' => st = St::Backslash,
                        b'\'' | b'"' => st = St::Quote(c),
                        _ => push(&mut item, c, self.max_item),
                    }
                }
                St::Quote(q) => {
                    if c == b'\n' {
                        let which = if q == b'"' { "double" } else { "single" };
                        sys.diag.error(format_args!(
                            "unmatched {which} quote; by default quotes are special to xargs unless you use the -0 option"
                        ));
                        return Ok(Some(Event::Error));
                    }
                    if c == q {
                        st = St::Norm;
                    } else {
                        push(&mut item, c, self.max_item);
                    }
                }
                St::Backslash => {
                    st = St::Norm;
                    push(&mut item, c, self.max_item);
                }
            }
        }
    }
}

/// Appends `c` unless the item is already too long to ever fit (it is
/// refused later), so a endless line never grows memory.
fn push(item: &mut Vec<u8>, c: u8, max: usize) {
    if item.len() <= max {
        item.push(c);
    }
}

/// The bytes an argument takes on the command line (with its NUL).
fn size(arg: &str) -> u64 {
    arg.len() as u64 + 1
}

/// An argument as `execve` would pass it: cut at its first NUL.
fn arg_of(mut bytes: Vec<u8>) -> String {
    if let Some(i) = bytes.iter().position(|&b| b == 0) {
        bytes.truncate(i);
    }
    decode_vec(bytes)
}

/// `-t`: the command as a shell would read it back.
fn trace_word(s: &str) -> String {
    let plain = !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_@%+=:,./-".contains(&b));
    if plain {
        s.to_owned()
    } else {
        crate::common::quote(s)
    }
}

/// How running one command ended.
enum Ran {
    Go,
    /// xargs stops with this status.
    Stop(i32),
}

/// A command that ended on a thread of its own (`-P`).
struct Done {
    slot: usize,
    name: String,
    result: Result<i32, NotRun>,
    /// The signal that ended the command, if one did.
    signal: Option<i32>,
    out: Vec<u8>,
    err: Vec<u8>,
}

/// The commands `-P N` runs at once, each on a thread of its own with a
/// runner forked from xargs' ([`sandbash_interpreter::CommandRunner::fork`]):
/// the same sandbox, limits, memory budget and cancellation. A command's
/// output is kept (charged to the memory budget, bounded by the output
/// limit) and written when it ends, so outputs never interleave within a
/// command. At most `max` run at once; every thread is joined before
/// xargs returns.
struct Pool {
    max: usize,
    busy: Vec<bool>,
    running: usize,
    handles: Vec<std::thread::JoinHandle<()>>,
    tx: mpsc::Sender<Done>,
    rx: mpsc::Receiver<Done>,
}

impl Drop for Pool {
    fn drop(&mut self) {
        // The threads obey the run's cancellation, so they end.
        for h in self.handles.drain(..) {
            let _ = h.join();
        }
    }
}

struct Run<'s> {
    s: &'s Settings,
    env: Vec<(String, String)>,
    /// 123 once a command failed.
    failed: bool,
    pool: Option<Pool>,
}

impl Run<'_> {
    fn exec(&mut self, sys: &mut Sys<'_>, argv: &[String], stdin_passes: bool) -> Res<Ran> {
        sys.tick.check()?;
        let name = argv.first().cloned().unwrap_or_default();
        if self.s.verbose {
            sys.out.flush()?;
            let line: Vec<String> = argv.iter().map(|a| trace_word(a)).collect();
            sys.diag
                .raw(&sandbash_interpreter::bytes::encode(&line.join(" ")));
            sys.diag.raw(b"\n");
        }
        // Commands that share xargs' standard input (`-a`) run one at a time.
        if !stdin_passes
            && self.pool.is_some()
            && let Some(ran) = self.spawn(sys, argv)?
        {
            return Ok(ran);
        }
        let mut empty = std::io::empty();
        let stdin: &mut dyn Read = if stdin_passes {
            &mut *sys.stdin
        } else {
            &mut empty
        };
        let r = sys
            .runner
            .run_command(argv, &self.env, stdin, sys.out.writer(), sys.diag.writer());
        sys.out.flush()?;
        let signal = sys.runner.signalled();
        self.judge(sys, &name, r, signal)
    }

    /// What a command's end means for xargs; `signal` is the one that
    /// ended it, if one did.
    fn judge(
        &mut self,
        sys: &mut Sys<'_>,
        name: &str,
        r: Result<i32, NotRun>,
        signal: Option<i32>,
    ) -> Res<Ran> {
        match r {
            Err(e) => {
                sys.diag.error(format_args!("{name}: {}", e.reason));
                Ok(Ran::Stop(e.status))
            }
            Ok(0) => Ok(Ran::Go),
            Ok(_) if signal.is_some() => {
                let n = signal.unwrap_or(0);
                sys.diag
                    .error(format_args!("{name}: terminated by signal {n}"));
                Ok(Ran::Stop(125))
            }
            Ok(255) => {
                sys.diag
                    .error(format_args!("{name}: exited with status 255; aborting"));
                Ok(Ran::Stop(124))
            }
            Ok(STATUS_BROKEN_PIPE) => {
                sys.diag
                    .error(format_args!("{name}: terminated by signal 13"));
                Ok(Ran::Stop(125))
            }
            Ok(_) => {
                sys.tick.check()?;
                self.failed = true;
                Ok(Ran::Go)
            }
        }
    }

    /// Starts `argv` on a thread once a place is free; `None` when no
    /// thread could be had (it then runs here).
    fn spawn(&mut self, sys: &mut Sys<'_>, argv: &[String]) -> Res<Option<Ran>> {
        loop {
            let Some(pool) = self.pool.as_ref() else {
                return Ok(None);
            };
            if pool.running < pool.max {
                break;
            }
            if let Ran::Stop(st) = self.wait_one(sys)? {
                return self.wait_all(sys).map(|_| Some(Ran::Stop(st)));
            }
        }
        let Some(mut runner) = sys.runner.fork() else {
            return Ok(None);
        };
        let Some(pool) = self.pool.as_mut() else {
            return Ok(None);
        };
        let slot = pool.busy.iter().position(|b| !b).unwrap_or(pool.busy.len());
        let mut env = self.env.clone();
        if let Some(var) = &self.s.slot_var {
            env.retain(|(k, _)| k != var);
            env.push((var.clone(), slot.to_string()));
        }
        let argv = argv.to_vec();
        let name = argv.first().cloned().unwrap_or_default();
        let tx = pool.tx.clone();
        let limit = usize::try_from(sys.limits.max_output).unwrap_or(usize::MAX);
        let (out_charge, err_charge) = (sys.charge(), sys.charge());
        let spawned = std::thread::Builder::new()
            .name("sandbash-xargs".into())
            .stack_size(THREAD_STACK)
            .spawn(move || {
                let mut out = Capture::charged(limit, out_charge);
                let mut err = Capture::charged(limit, err_charge);
                let result =
                    runner.run_command(&argv, &env, &mut std::io::empty(), &mut out, &mut err);
                let signal = runner.signalled();
                drop(runner);
                let _ = tx.send(Done {
                    slot,
                    name,
                    result,
                    signal,
                    out: out.take(),
                    err: err.take(),
                });
            });
        let Ok(handle) = spawned else {
            return Ok(None);
        };
        pool.handles.push(handle);
        match pool.busy.get_mut(slot) {
            Some(b) => *b = true,
            None => pool.busy.push(true),
        }
        pool.running += 1;
        Ok(Some(Ran::Go))
    }

    /// Waits for one running command to end and passes on its output.
    fn wait_one(&mut self, sys: &mut Sys<'_>) -> Res<Ran> {
        let Some(pool) = self.pool.as_mut() else {
            return Ok(Ran::Go);
        };
        if pool.running == 0 {
            return Ok(Ran::Go);
        }
        let done = loop {
            match pool.rx.recv_timeout(POLL_SLICE) {
                Ok(d) => break d,
                Err(mpsc::RecvTimeoutError::Timeout) => sys.tick.check()?,
                Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(Ran::Go),
            }
        };
        pool.running -= 1;
        if let Some(b) = pool.busy.get_mut(done.slot) {
            *b = false;
        }
        sys.out.put(&done.out)?;
        sys.out.flush()?;
        sys.diag.raw(&done.err);
        self.judge(sys, &done.name, done.result, done.signal)
    }

    /// Waits for every running command; the first stop among them.
    fn wait_all(&mut self, sys: &mut Sys<'_>) -> Res<Ran> {
        let mut first = Ran::Go;
        while self.pool.as_ref().is_some_and(|p| p.running > 0) {
            if let (Ran::Stop(st), Ran::Go) = (self.wait_one(sys)?, &first) {
                first = Ran::Stop(st);
            }
        }
        Ok(first)
    }
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let s = match settings(sys, &p) {
        Ok(s) => s,
        Err(Stop(status)) => return Ok(status),
    };
    let base: Vec<String> = if p.operands.is_empty() {
        vec!["echo".to_owned()]
    } else {
        p.operands.clone()
    };
    let base_size: u64 = base.iter().map(|a| size(a)).sum();
    if base_size > s.max_chars {
        sys.diag
            .error("cannot fit single argument within argument list size limit");
        return Ok(1);
    }
    let mut env = sys.env.to_vec();
    if let Some(var) = &s.slot_var {
        env.retain(|(k, _)| k != var);
        env.push((var.clone(), "0".to_owned()));
    }
    // `-P 0` is as many as the sandbox lets a session run at once, and so
    // is any larger number.
    let cap = sys.limits.max_jobs.max(1) as u64;
    let procs = if s.max_procs == 0 {
        cap
    } else {
        s.max_procs.min(cap)
    };
    let pool = (procs > 1).then(|| {
        let (tx, rx) = mpsc::channel();
        Pool {
            max: usize::try_from(procs).unwrap_or(1),
            busy: Vec::new(),
            running: 0,
            handles: Vec::new(),
            tx,
            rx,
        }
    });
    let mut run = Run {
        s: &s,
        env,
        failed: false,
        pool,
    };
    let max_item = usize::try_from(s.max_chars.saturating_sub(base_size)).unwrap_or(usize::MAX);
    let status = match s.arg_file.clone() {
        Some(file) => {
            let fs = sys.fs;
            let cwd = sys.cwd;
            let mut none = std::io::empty();
            let input = match open_input(&mut none, fs, cwd, &file) {
                Ok(i) => i,
                Err(e) => {
                    sys.diag.error(format_args!(
                        "Cannot open input file {}: {}",
                        crate::common::quote(&file),
                        e.kind
                    ));
                    return Ok(1);
                }
            };
            let reader = reader(BufReader::new(input), &s, max_item);
            drive(sys, &mut run, reader, &base, base_size, true)?
        }
        None => {
            // The items come from standard input, which the commands then
            // do not get: read it through a buffer owned here.
            // `Empty` is zero-sized: leaking its box allocates nothing.
            let empty: &'static mut std::io::Empty = Box::leak(Box::new(std::io::empty()));
            let stdin = std::mem::replace(&mut sys.stdin, empty);
            let reader = reader(BufReader::new(StdinReader(stdin)), &s, max_item);
            drive(sys, &mut run, reader, &base, base_size, false)?
        }
    };
    Ok(status)
}

/// Standard input taken out of [`Sys`] while xargs reads its items.
struct StdinReader<'a>(&'a mut dyn Read);

impl Read for StdinReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.0.read(buf)
    }
}

fn reader<R: BufRead>(r: R, s: &Settings, max_item: usize) -> Reader<R> {
    Reader {
        r,
        split: s.split,
        whole_lines: s.replace.is_some(),
        eof: s.eof.as_ref().map(|e| e.as_bytes().to_vec()),
        max_item,
        done: false,
        nul_warned: false,
        pending_line_end: false,
    }
}

/// Reads every item and runs the commands; gives xargs' status.
fn drive<R: BufRead>(
    sys: &mut Sys<'_>,
    run: &mut Run<'_>,
    mut reader: Reader<R>,
    base: &[String],
    base_size: u64,
    stdin_passes: bool,
) -> Res<i32> {
    let s = run.s;
    let mut args: Vec<String> = Vec::new();
    let mut line_size = base_size;
    let mut lines = 0u64;
    let mut ran_any = false;
    let mut error = false;
    loop {
        sys.tick.tick()?;
        let Some(ev) = reader.next(sys)? else {
            break;
        };
        let item = match ev {
            Event::Error => {
                error = true;
                break;
            }
            Event::LineEnd => {
                if !args.is_empty() || s.replace.is_some() {
                    lines += 1;
                }
                if s.max_lines.is_some_and(|m| lines >= m) && !args.is_empty() {
                    lines = 0;
                    ran_any = true;
                    if let Ran::Stop(st) = flush(sys, run, base, &mut args, stdin_passes)? {
                        return Ok(st);
                    }
                    line_size = base_size;
                }
                continue;
            }
            Event::Item(b) => arg_of(b),
        };
        if let Some(r) = &s.replace {
            let argv: Vec<String> = base.iter().map(|a| a.replace(r.as_str(), &item)).collect();
            let total: u64 = argv.iter().map(|a| size(a)).sum();
            if total > s.max_chars {
                sys.diag.error("argument line too long");
                error = true;
                break;
            }
            ran_any = true;
            lines = 0;
            if let Ran::Stop(st) = run.exec(sys, &argv, stdin_passes)? {
                return Ok(st);
            }
            continue;
        }
        let sz = size(&item);
        if line_size + sz > s.max_chars {
            if args.is_empty() {
                sys.diag.error("argument line too long");
                error = true;
                break;
            }
            if s.exit_on_size && (s.max_args.is_some() || s.max_lines.is_some()) {
                sys.diag.error("argument line too long");
                error = true;
                break;
            }
            ran_any = true;
            lines = 0;
            if let Ran::Stop(st) = flush(sys, run, base, &mut args, stdin_passes)? {
                return Ok(st);
            }
            line_size = base_size;
        }
        line_size += sz;
        args.push(item);
        if s.max_args.is_some_and(|m| args.len() as u64 >= m) {
            ran_any = true;
            lines = 0;
            if let Ran::Stop(st) = flush(sys, run, base, &mut args, stdin_passes)? {
                return Ok(st);
            }
            line_size = base_size;
        }
    }
    let last =
        !args.is_empty() || (!ran_any && !s.no_run_if_empty && s.replace.is_none() && !error);
    if last && let Ran::Stop(st) = flush(sys, run, base, &mut args, stdin_passes)? {
        return Ok(st);
    }
    if let Ran::Stop(st) = run.wait_all(sys)? {
        return Ok(st);
    }
    Ok(if error {
        1
    } else if run.failed {
        123
    } else {
        0
    })
}

/// Runs the base command with the gathered arguments, and empties them.
fn flush(
    sys: &mut Sys<'_>,
    run: &mut Run<'_>,
    base: &[String],
    args: &mut Vec<String>,
    stdin_passes: bool,
) -> Res<Ran> {
    let mut argv = base.to_vec();
    argv.append(args);
    run.exec(sys, &argv, stdin_passes)
}

#[cfg(test)]
mod tests {
    use super::Xargs;
    use crate::testutil::*;

    #[test]
    fn builds_lines() {
        let o = run0(&Xargs, &["-n", "2", "cmd"], b"a b\nc");
        assert_eq!(
            o.out,
            "run: cmd a b\nHOME=/workspace\nPATH=/bin\nrun: cmd c\nHOME=/workspace\nPATH=/bin\n"
        );
        assert_eq!(o.status, 123);
    }

    #[test]
    fn quotes_and_errors() {
        let o = run0(&Xargs, &["-n1", "x"], b"'a b' \"c\" d\\ e");
        assert!(o.out.contains("run: x a b\n"));
        assert!(o.out.contains("run: x c\n"));
        assert!(o.out.contains("run: x d e\n"));
        let o = run0(&Xargs, &["x"], b"a 'b\n");
        assert_eq!(o.status, 1);
        assert!(o.err.contains("unmatched single quote"));
        let o = run0(&Xargs, &["-n", "0"], b"");
        assert_eq!(o.status, 1);
        assert!(
            o.err
                .starts_with("xargs: value 0 for -n option should be >= 1\n")
        );
        let o = run0(&Xargs, &["missing"], b"a");
        assert_eq!(
            (o.status, o.err.as_str()),
            (127, "xargs: missing: No such file or directory\n")
        );
        let o = run0(&Xargs, &["-p", "x"], b"a");
        assert_eq!(o.status, 1);
    }

    #[test]
    fn replace_and_delimiters() {
        let o = run0(&Xargs, &["-I", "{}", "x", "<{}>"], b"  a b  \nc\n");
        assert!(o.out.contains("run: x <a b  >\n"));
        assert!(o.out.contains("run: x <c>\n"));
        let o = run0(&Xargs, &["-0", "x"], b"a b\0c");
        assert!(o.out.contains("run: x a b c\n"));
        let o = run0(&Xargs, &["-d", "\\n", "-n1", "x"], b"a b\nc\n");
        assert!(o.out.contains("run: x a b\n"));
        let o = run0(&Xargs, &["-E", "STOP", "x"], b"a STOP b");
        assert!(o.out.contains("run: x a\n"));
        assert!(!o.out.contains(" b\n"));
        let o = run0(&Xargs, &["-r", "x"], b"");
        assert_eq!(o.out, "");
        let o = run0(&Xargs, &["-s", "5", "echo"], b"abcdefghij");
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, "xargs: argument line too long\n")
        );
    }
}
