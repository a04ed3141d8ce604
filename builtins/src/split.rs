//! `split`: split a file into pieces, as GNU coreutils 9 does.
//!
//! Streams: `-l`, `-b`, `-C` and `-n r/N` read the input once and write
//! each piece as it goes, holding at most one line of `-C` (charged to the
//! memory budget). `-n N` and `-n l/N` need the input's size, known for a
//! file of the VFS; standard input is refused as GNU refuses a pipe
//! (`cannot determine file size`). Every piece is a VFS file, so the VFS
//! limits (entries, bytes) bound how many a run can make: the write that
//! fails is reported and split stops with status 1.
//!
//! `--filter=COMMAND` runs `sh -c COMMAND` through the runner for each
//! piece, with `FILE` set to its name and the piece as its standard input
//! (held whole, charged to the memory budget, as the runner runs a command
//! to its end); a failing filter ends split with its status, as in GNU.
//!
//! Names: PREFIX (default `x`) and a suffix of `-a` letters (`-d`/`-x`:
//! digits), then `--additional-suffix`. Without `-a` the suffix widens as
//! GNU's does: after `xyz` comes `xzaaa`, after `x89` comes `x9000`.

use std::io::{BufRead, BufReader, Write};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::input::{Input, open_input};
use crate::common::num::parse_count;
use crate::common::quote;
use crate::common::sys::{Fail, Res, Sys, hold, io_msg};
use sandbash_vfs::{FileWriter, WriteMode};

/// The `split` utility.
pub struct Split;

/// The options of `split`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    SuffixLen,
    AddSuffix,
    Bytes,
    LineBytes,
    Digits,
    NumericFrom,
    Hex,
    HexFrom,
    Elide,
    Lines,
    Chunks,
    Sep,
    Unbuffered,
    Verbose,
    Filter,
}

/// How the input is cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Lines(u64),
    Bytes(u64),
    LineBytes(u64),
    /// `-n [K/]N`: N byte chunks; K alone to stdout.
    Chunks(Option<u64>, u64),
    /// `-n l/[K/]N`.
    LineChunks(Option<u64>, u64),
    /// `-n r/[K/]N`.
    RoundRobin(Option<u64>, u64),
}

/// The output file names.
struct Names {
    prefix: String,
    alphabet: &'static [u8],
    digits: Vec<usize>,
    auto: bool,
    extra: String,
    started: bool,
}

impl Names {
    fn name(&self) -> String {
        let mut s = self.prefix.clone();
        for &d in &self.digits {
            s.push(char::from(self.alphabet.get(d).copied().unwrap_or(b'a')));
        }
        s.push_str(&self.extra);
        s
    }

    /// The next name; `None` once the suffixes are exhausted.
    fn next(&mut self) -> Option<String> {
        if !self.started {
            self.started = true;
            return Some(self.name());
        }
        let last = self.alphabet.len() - 1;
        let mut i = self.digits.len();
        while i > 0 {
            i -= 1;
            let d = self.digits.get_mut(i)?;
            *d += 1;
            if self.auto && i == 0 && *d == last {
                self.prefix
                    .push(char::from(self.alphabet.get(last).copied().unwrap_or(b'z')));
                let n = self.digits.len() + 1;
                self.digits = vec![0; n];
                return Some(self.name());
            }
            if *d <= last {
                return Some(self.name());
            }
            *d = 0;
        }
        None
    }
}

/// One piece being written: a VFS file, or (`--filter`) the bytes that
/// become the filter command's standard input when the piece ends. The
/// runner runs a command to its end, so a filter's piece is held whole,
/// charged to the memory budget.
enum Piece {
    File(std::io::BufWriter<FileWriter>),
    Filter(Vec<u8>, sandbash_interpreter::memory::Charge),
}

impl Piece {
    fn write_all(&mut self, b: &[u8]) -> Result<(), Stop> {
        match self {
            Piece::File(w) => w.write_all(b).map_err(Stop::Io),
            Piece::Filter(v, charge) => {
                hold(charge, (v.len() + b.len()) as u64)?;
                v.extend_from_slice(b);
                Ok(())
            }
        }
    }
}

/// `--filter=COMMAND`: what runs each piece.
struct Filter<'s> {
    command: String,
    runner: &'s mut dyn sandbash_interpreter::CommandRunner,
    env: &'s [(String, String)],
    memory: &'s std::sync::Arc<sandbash_interpreter::memory::MemoryBudget>,
}

/// Where pieces go.
struct Out<'s> {
    names: Names,
    verbose: bool,
    elide: bool,
    current: Option<(String, Piece)>,
    filter: Option<Filter<'s>>,
    /// The output buffer of each piece (small when all are open at once).
    buf_size: usize,
    fs: &'s dyn sandbash_vfs::FileSystem,
    cwd: &'s str,
}

/// Why writing the pieces stopped.
enum Stop {
    Fail(Fail),
    /// Reported already: status 1.
    Error,
    /// A write to a piece failed (the caller names the piece).
    Io(std::io::Error),
    /// A filter failed: reported already, split exits with this status.
    Status(i32),
}

impl From<Fail> for Stop {
    fn from(f: Fail) -> Self {
        Stop::Fail(f)
    }
}

impl Out<'_> {
    /// Starts the next piece.
    fn open(
        &mut self,
        sys_out: &mut crate::common::sys::Out<'_>,
        diag: &mut crate::common::sys::Diag<'_>,
    ) -> Result<(), Stop> {
        self.close(sys_out, diag)?;
        let Some(name) = self.names.next() else {
            diag.error("output file suffixes exhausted");
            return Err(Stop::Error);
        };
        if let Some(f) = &self.filter {
            if self.verbose {
                sys_out.fmt(format_args!("executing with FILE={name}\n"))?;
            }
            let charge = sandbash_interpreter::memory::Charge::on(f.memory);
            self.current = Some((name, Piece::Filter(Vec::new(), charge)));
            return Ok(());
        }
        if self.verbose {
            sys_out.fmt(format_args!("creating file {}\n", quote(&name)))?;
        }
        let w = sandbash_vfs::path::resolve(self.cwd, &name)
            .and_then(|p| self.fs.open_write(&p, WriteMode::Truncate));
        match w {
            Ok(w) => {
                let w = std::io::BufWriter::with_capacity(self.buf_size, w);
                self.current = Some((name, Piece::File(w)));
                Ok(())
            }
            Err(e) => {
                diag.error(format_args!("{name}: {}", e.kind));
                Err(Stop::Error)
            }
        }
    }

    fn write(&mut self, diag: &mut crate::common::sys::Diag<'_>, b: &[u8]) -> Result<(), Stop> {
        if let Some((name, w)) = self.current.as_mut() {
            return named(diag, name, w.write_all(b));
        }
        Ok(())
    }

    fn close(
        &mut self,
        sys_out: &mut crate::common::sys::Out<'_>,
        diag: &mut crate::common::sys::Diag<'_>,
    ) -> Result<(), Stop> {
        match self.current.take() {
            Some((name, piece)) => self.finish(sys_out, diag, &name, piece),
            None => Ok(()),
        }
    }

    /// Ends a piece: flushes its file, or runs the filter on it with
    /// `FILE` set to its name (GNU's `sh -c COMMAND`); a filter that fails
    /// ends split with its status, as GNU's does.
    fn finish(
        &mut self,
        sys_out: &mut crate::common::sys::Out<'_>,
        diag: &mut crate::common::sys::Diag<'_>,
        name: &str,
        piece: Piece,
    ) -> Result<(), Stop> {
        match piece {
            Piece::File(mut w) => named(diag, name, w.flush().map_err(Stop::Io)),
            Piece::Filter(data, charge) => {
                let Some(f) = self.filter.as_mut() else {
                    return Ok(());
                };
                let argv = ["sh".to_string(), "-c".to_string(), f.command.clone()];
                let mut env: Vec<(String, String)> =
                    f.env.iter().filter(|(k, _)| k != "FILE").cloned().collect();
                env.push(("FILE".into(), name.to_string()));
                sys_out.flush()?;
                let mut input: &[u8] = &data;
                let mut err = diag.writer();
                let r = f
                    .runner
                    .run_command(&argv, &env, &mut input, sys_out.writer(), &mut err);
                drop(charge);
                let status = match r {
                    Ok(s) => s,
                    Err(e) => e.status,
                };
                if status == 0 {
                    return Ok(());
                }
                let how = if status > 128 {
                    format!(
                        "signal {} from",
                        crate::common::wrap::signal_name(status - 128)
                    )
                } else {
                    format!("exit {status} from")
                };
                diag.error(format_args!(
                    "with FILE={name}, {how} command: {}",
                    f.command
                ));
                Err(Stop::Status(status))
            }
        }
    }
}

/// A piece's write error, named by the piece.
fn named(
    diag: &mut crate::common::sys::Diag<'_>,
    name: &str,
    r: Result<(), Stop>,
) -> Result<(), Stop> {
    match r {
        Err(Stop::Io(e)) => {
            diag.error(format_args!("{name}: {}", io_msg(&e)));
            Err(Stop::Error)
        }
        other => other,
    }
}

fn chunk_spec(v: &str) -> Result<Mode, String> {
    let (kind, rest) = match v.split_once('/') {
        Some(("l", r)) => ('l', r),
        Some(("r", r)) => ('r', r),
        _ => ('b', v),
    };
    let num = |s: &str, what: &str| -> Result<u64, String> {
        match parse_count(s) {
            Some(0) => Err(format!(
                "invalid {what}: {}: Numerical result out of range",
                quote(s)
            )),
            Some(n) => Ok(n),
            None => Err(format!("invalid {what}: {}", quote(s))),
        }
    };
    let (k, n) = match rest.split_once('/') {
        Some((k, n)) => {
            let n = num(n, "number of chunks")?;
            let kk = parse_count(k).ok_or_else(|| format!("invalid chunk number: {}", quote(k)))?;
            if kk == 0 || kk > n {
                return Err(format!(
                    "invalid chunk number: {}: Numerical result out of range",
                    quote(k)
                ));
            }
            (Some(kk), n)
        }
        None => (None, num(rest, "number of chunks")?),
    };
    Ok(match kind {
        'l' => Mode::LineChunks(k, n),
        'r' => Mode::RoundRobin(k, n),
        _ => Mode::Chunks(k, n),
    })
}

impl Command for Split {
    const NAME: &'static str = "split";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE [PREFIX]]"],
        about: "Output pieces of FILE to PREFIXaa, PREFIXab, ...;\ndefault size is 1000 lines, and default PREFIX is 'x'.\n\nWith no FILE, or when FILE is -, read standard input.",
        after: "The SIZE argument is an integer and optional unit (example: 10K is 10*1024).\nUnits are K,M,G,T,P,E,Z,Y (powers of 1024) or KB,MB,... (powers of 1000).\nBinary prefixes can be used, too: KiB=K, MiB=M, and so on.\n\nCHUNKS may be:\n  N       split into N files based on size of input\n  K/N     output Kth of N to stdout\n  l/N     split into N files without splitting lines/records\n  l/K/N   output Kth of N to stdout without splitting lines/records\n  r/N     like 'l' but use round robin distribution\n  r/K/N   likewise but only output Kth of N to stdout\n",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('a', &["suffix-length"], Key::SuffixLen, "generate suffixes of length N (default 2)").value("N"),
        Flag::long(&["additional-suffix"], Key::AddSuffix, "append an additional SUFFIX to file names").value("SUFFIX"),
        Flag::new('b', &["bytes"], Key::Bytes, "put SIZE bytes per output file").value("SIZE"),
        Flag::new('C', &["line-bytes"], Key::LineBytes, "put at most SIZE bytes of records per output file").value("SIZE"),
        Flag::new('d', &[], Key::Digits, "use numeric suffixes starting at 0, not alphabetic"),
        Flag::long(&["numeric-suffixes"], Key::NumericFrom, "same as -d, but allow setting the start value").optional("FROM"),
        Flag::new('x', &[], Key::Hex, "use hex suffixes starting at 0, not alphabetic"),
        Flag::long(&["hex-suffixes"], Key::HexFrom, "same as -x, but allow setting the start value").optional("FROM"),
        Flag::new('e', &["elide-empty-files"], Key::Elide, "do not generate empty output files with '-n'"),
        Flag::new('l', &["lines"], Key::Lines, "put NUMBER lines/records per output file").value("NUMBER"),
        Flag::new('n', &["number"], Key::Chunks, "generate CHUNKS output files; see explanation below").value("CHUNKS"),
        Flag::new('t', &["separator"], Key::Sep, "use SEP instead of newline as the record separator;\n  '\\0' (zero) specifies the NUL character").value("SEP"),
        Flag::new('u', &["unbuffered"], Key::Unbuffered, "immediately copy input to output with '-n r/...'"),
        Flag::long(&["filter"], Key::Filter, "write to shell COMMAND; file name is $FILE").value("COMMAND"),
        Flag::long(&["verbose"], Key::Verbose, "print a diagnostic just before each\n  output file is opened"),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        match run(sys, &p) {
            Ok(s) => Ok(s),
            Err(Stop::Fail(f)) => Err(f),
            Err(Stop::Error | Stop::Io(_)) => Ok(1),
            Err(Stop::Status(s)) => Ok(s),
        }
    }
}

fn run(sys: &mut Sys<'_>, p: &Args<Key>) -> Result<i32, Stop> {
    let mut mode: Option<Mode> = None;
    let mut suffix_len: Option<usize> = None;
    let mut alphabet: &'static [u8] = b"abcdefghijklmnopqrstuvwxyz";
    let mut start: Option<&str> = None;
    let mut eol = b'\n';
    macro_rules! fail {
        ($($t:tt)*) => {{
            sys.diag.error(format_args!($($t)*));
            return Err(Stop::Error);
        }};
    }
    for (k, v) in p.each() {
        let new_mode = match k {
            Key::Lines | Key::Bytes | Key::LineBytes => {
                let what = if k == Key::Lines { "lines" } else { "bytes" };
                let n = match parse_count(v) {
                    Some(0) => fail!(
                        "invalid number of {what}: {}: Numerical result out of range",
                        quote(v)
                    ),
                    Some(n) => n,
                    None => fail!("invalid number of {what}: {}", quote(v)),
                };
                Some(match k {
                    Key::Lines => Mode::Lines(n),
                    Key::Bytes => Mode::Bytes(n),
                    _ => Mode::LineBytes(n),
                })
            }
            Key::Chunks => match chunk_spec(v) {
                Ok(m) => Some(m),
                Err(e) => fail!("{e}"),
            },
            Key::SuffixLen => {
                match v.parse::<usize>() {
                    // `-a 0` is the default, widening as it goes.
                    Ok(n) => suffix_len = (n > 0).then_some(n),
                    Err(_) => fail!("invalid suffix length: {}", quote(v)),
                }
                None
            }
            Key::Digits | Key::NumericFrom => {
                alphabet = b"0123456789";
                start = (!v.is_empty()).then_some(v);
                None
            }
            Key::Hex | Key::HexFrom => {
                alphabet = b"0123456789abcdef";
                start = (!v.is_empty()).then_some(v);
                None
            }
            Key::Sep => {
                let b = sandbash_interpreter::bytes::encode(v);
                match b.as_ref() {
                    [c] => eol = *c,
                    b"\\0" => eol = 0,
                    [] => fail!("empty record separator"),
                    _ => fail!("multi-character separator {}", quote(v)),
                }
                None
            }
            _ => None,
        };
        if let Some(m) = new_mode {
            if mode.is_some_and(|old| std::mem::discriminant(&old) != std::mem::discriminant(&m)) {
                sys.diag.usage("cannot split in more than one way");
                return Err(Stop::Error);
            }
            mode = Some(m);
        }
    }
    if let Some(extra) = p.last(Key::AddSuffix)
        && extra.contains('/')
    {
        sys.diag.usage(format_args!(
            "invalid suffix {}, contains directory separator",
            quote(extra)
        ));
        return Err(Stop::Error);
    }
    if let Some(x) = p.operands.get(2) {
        sys.diag.usage(format_args!("extra operand {}", quote(x)));
        return Err(Stop::Error);
    }
    let mode = mode.unwrap_or(Mode::Lines(1000));
    if p.has(Key::Filter)
        && matches!(
            mode,
            Mode::Chunks(Some(_), _) | Mode::LineChunks(Some(_), _) | Mode::RoundRobin(Some(_), _)
        )
    {
        sys.diag
            .usage("--filter does not process a chunk extracted to stdout");
        return Err(Stop::Error);
    }
    let input_name = p.operands.first().map_or("-", String::as_str);
    let prefix = p.operands.get(1).map_or("x", String::as_str).to_string();
    let chunks = match mode {
        Mode::Chunks(_, n) | Mode::LineChunks(_, n) | Mode::RoundRobin(_, n) => Some(n),
        _ => None,
    };
    let auto = suffix_len.is_none() && chunks.is_none() && start.is_none();
    let mut len = suffix_len.unwrap_or(2);
    if let Some(n) = chunks
        && suffix_len.is_none()
    {
        let base = alphabet.len() as u64;
        let mut need = 1;
        let mut cap = base;
        while cap < n {
            cap = cap.saturating_mul(base);
            need += 1;
        }
        len = len.max(need);
    }
    let mut digits = vec![0usize; len];
    if let Some(s) = start {
        let radix = alphabet.len() as u32;
        let Ok(mut v) = u64::from_str_radix(s, radix) else {
            fail!("invalid start value for numerical suffix: {}", quote(s));
        };
        if suffix_len.is_none() && s.len() > len {
            len = s.len();
            digits = vec![0; len];
        }
        for d in digits.iter_mut().rev() {
            *d = (v % u64::from(radix)) as usize;
            v /= u64::from(radix);
        }
        if v > 0 {
            fail!("numerical suffix start value is too large for the suffix length");
        }
    }
    let names = Names {
        prefix,
        alphabet,
        digits,
        auto,
        extra: p.last(Key::AddSuffix).unwrap_or("").to_string(),
        started: false,
    };
    // The input and, for `-n`, its size.
    let size = if matches!(mode, Mode::Chunks(..) | Mode::LineChunks(..)) {
        if input_name == "-" {
            fail!("-: cannot determine file size");
        }
        match sys.resolve(input_name).and_then(|f| sys.fs.metadata(&f)) {
            Ok(m) => Some(m.size),
            Err(e) => fail!("cannot open {} for reading: {}", quote(input_name), e.kind),
        }
    } else {
        None
    };
    let input = match open_input(&mut *sys.stdin, sys.fs, sys.cwd, input_name) {
        Ok(i) => i,
        Err(e) => fail!("cannot open {} for reading: {}", quote(input_name), e.kind),
    };
    let mut r = BufReader::with_capacity(64 * 1024, input);
    let mut out = Out {
        names,
        verbose: p.has(Key::Verbose),
        elide: p.has(Key::Elide),
        current: None,
        filter: p.last(Key::Filter).map(|c| Filter {
            command: c.to_string(),
            runner: &mut *sys.runner,
            env: sys.env,
            memory: sys.memory,
        }),
        buf_size: 64 * 1024,
        fs: sys.fs,
        cwd: sys.cwd,
    };
    let mut io = Io {
        out: &mut sys.out,
        diag: &mut sys.diag,
        tick: &mut sys.tick,
        memory: sys.memory,
    };
    let res = cut(&mut io, &mut r, &mut out, mode, size.unwrap_or(0), eol);
    let closed = out.close(&mut sys.out, &mut sys.diag);
    res?;
    closed?;
    Ok(0)
}

/// The parts of [`Sys`] the cutting uses, apart from standard input,
/// which the input may be borrowing.
struct Io<'a, 'c> {
    out: &'a mut crate::common::sys::Out<'c>,
    diag: &'a mut crate::common::sys::Diag<'c>,
    tick: &'a mut crate::common::sys::Ticker<'c>,
    memory: &'c std::sync::Arc<sandbash_interpreter::memory::MemoryBudget>,
}

/// Reads a block into `buf` (cleared), up to `max` bytes; 0 at the end.
/// What the reader has buffered (empty at the end of input), checking
/// cancellation first; a read error is reported.
fn fill<'r>(r: &'r mut BufReader<Input<'_>>, sys: &mut Io<'_, '_>) -> Result<&'r [u8], Stop> {
    sys.tick.check()?;
    r.fill_buf().map_err(|e| {
        sys.diag.error(format_args!("read error: {}", io_msg(&e)));
        Stop::Error
    })
}

/// Reads a block of at most `max` bytes; empty at the end of input.
fn read_some(
    r: &mut BufReader<Input<'_>>,
    sys: &mut Io<'_, '_>,
    max: usize,
) -> Result<Vec<u8>, Stop> {
    let avail = fill(r, sys)?;
    let n = avail.len().min(max);
    let v = avail.get(..n).unwrap_or(&[]).to_vec();
    r.consume(n);
    Ok(v)
}

fn cut(
    sys: &mut Io<'_, '_>,
    r: &mut BufReader<Input<'_>>,
    out: &mut Out<'_>,
    mode: Mode,
    size: u64,
    eol: u8,
) -> Result<(), Stop> {
    match mode {
        Mode::Lines(n) | Mode::Bytes(n) => {
            let lines = matches!(mode, Mode::Lines(_));
            let mut left = 0u64; // units left in the current piece
            loop {
                let block = read_some(r, sys, 64 * 1024)?;
                if block.is_empty() {
                    return Ok(());
                }
                let mut rest = block.as_slice();
                while !rest.is_empty() {
                    if left == 0 {
                        out.open(sys.out, sys.diag)?;
                        left = n;
                    }
                    let take = if lines {
                        let mut end = rest.len();
                        for (i, &b) in rest.iter().enumerate() {
                            if b == eol {
                                left -= 1;
                                if left == 0 {
                                    end = i + 1;
                                    break;
                                }
                            }
                        }
                        end
                    } else {
                        let t = usize::try_from(left).unwrap_or(usize::MAX).min(rest.len());
                        left -= t as u64;
                        t
                    };
                    let (now, later) = rest.split_at(take);
                    out.write(sys.diag, now)?;
                    rest = later;
                }
            }
        }
        Mode::LineBytes(n) => {
            let mut used = 0u64;
            let mut started = false;
            let mut frag = Vec::new();
            let mut charge = sandbash_interpreter::memory::Charge::on(sys.memory);
            loop {
                // One line, or `n` bytes of a longer one.
                frag.clear();
                let cap = usize::try_from(n).unwrap_or(usize::MAX);
                loop {
                    let room = cap - frag.len();
                    if room == 0 || frag.last() == Some(&eol) {
                        break;
                    }
                    let avail = fill(r, sys)?;
                    if avail.is_empty() {
                        break;
                    }
                    let lim = avail.len().min(room);
                    let take = avail
                        .get(..lim)
                        .and_then(|a| a.iter().position(|&b| b == eol))
                        .map_or(lim, |i| i + 1);
                    frag.extend_from_slice(avail.get(..take).unwrap_or(&[]));
                    r.consume(take);
                    hold(&mut charge, frag.capacity() as u64)?;
                }
                if frag.is_empty() {
                    return Ok(());
                }
                let len = frag.len() as u64;
                if !started || used + len > n {
                    out.open(sys.out, sys.diag)?;
                    started = true;
                    used = 0;
                }
                out.write(sys.diag, &frag)?;
                used += len;
            }
        }
        Mode::Chunks(k, n) => {
            let per = (size / n).max(1);
            let mut written = 0u64;
            let mut chunk = 0u64;
            let mut pos = 0u64;
            loop {
                if written >= size {
                    break;
                }
                let block = read_some(r, sys, 64 * 1024)?;
                if block.is_empty() {
                    break;
                }
                let mut rest = block.as_slice();
                while !rest.is_empty() && written < size {
                    let this = written / per + 1;
                    let this = this.min(n);
                    let end = if this == n { size } else { this * per };
                    if this != chunk {
                        chunk = this;
                        if k.is_none() {
                            out.open(sys.out, sys.diag)?;
                        }
                    }
                    let t = usize::try_from(end - written)
                        .unwrap_or(usize::MAX)
                        .min(rest.len());
                    let (now, later) = rest.split_at(t);
                    match k {
                        None => out.write(sys.diag, now)?,
                        Some(k) if k == chunk => sys.out.put(now)?,
                        _ => {}
                    }
                    written += t as u64;
                    pos += t as u64;
                    rest = later;
                }
            }
            let _ = pos;
            if k.is_none() && !out.elide {
                while chunk < n {
                    chunk += 1;
                    out.open(sys.out, sys.diag)?;
                }
            }
            Ok(())
        }
        Mode::LineChunks(k, n) => {
            let per = size / n;
            let mut chunk_no = 1u64;
            let mut chunk_end: i128 = i128::from(per) - 1;
            let mut written: u64 = 0;
            let mut new_file = true;
            let mut opened = 0u64;
            let emit = |out: &mut Out<'_>,
                        sys: &mut Io<'_, '_>,
                        new: bool,
                        data: &[u8],
                        chunk_no: u64,
                        opened: &mut u64|
             -> Result<(), Stop> {
                match k {
                    Some(k) => {
                        if k == chunk_no {
                            sys.out.put(data)?;
                        }
                    }
                    None => {
                        if new && !(out.elide && data.is_empty()) {
                            out.open(sys.out, sys.diag)?;
                            *opened += 1;
                        }
                        out.write(sys.diag, data)?;
                    }
                }
                Ok(())
            };
            while written < size {
                let block = read_some(
                    r,
                    sys,
                    usize::try_from(size - written)
                        .unwrap_or(usize::MAX)
                        .min(64 * 1024),
                )?;
                if block.is_empty() {
                    break;
                }
                let mut bp = 0usize;
                let eob = block.len();
                while bp != eob {
                    let n_read = eob - bp;
                    let skip = (chunk_end - i128::from(written)).clamp(0, n_read as i128) as usize;
                    let found = block
                        .get(bp + skip..eob)
                        .and_then(|s| s.iter().position(|&b| b == eol));
                    let (out_end, mut next) = match found {
                        Some(i) => (bp + skip + i + 1, true),
                        None => (eob, false),
                    };
                    let data = block.get(bp..out_end).unwrap_or(&[]);
                    emit(out, sys, new_file, data, chunk_no, &mut opened)?;
                    written += data.len() as u64;
                    bp = out_end;
                    new_file = next;
                    while next || chunk_end < i128::from(written) {
                        if !next && bp == eob {
                            break;
                        }
                        chunk_no += 1;
                        if k.is_some_and(|k| chunk_no > k) {
                            return Ok(());
                        }
                        if chunk_no == n {
                            chunk_end = i128::from(size) - 1;
                        } else {
                            chunk_end += i128::from(per);
                        }
                        if chunk_end < i128::from(written) {
                            emit(out, sys, true, &[], chunk_no, &mut opened)?;
                        } else {
                            next = false;
                        }
                    }
                }
            }
            if k.is_none() && !out.elide {
                while opened < n {
                    out.open(sys.out, sys.diag)?;
                    opened += 1;
                }
            }
            Ok(())
        }
        Mode::RoundRobin(k, n) => {
            // Every piece is open at once, as in GNU; their writers are
            // created as names come, then fed line by line.
            // All N writers are held at once: each gets a small buffer,
            // charged with its entry, so a huge N stops on the budget (or
            // the VFS entry limit) rather than growing unseen.
            let mut writers: Vec<(String, Piece)> = Vec::new();
            let mut held = sandbash_interpreter::memory::Charge::on(sys.memory);
            out.buf_size = 4096;
            const PER_WRITER: u64 = 4096 + 128;
            if k.is_none() {
                let count = if out.elide { 0 } else { n };
                for _ in 0..count {
                    hold(&mut held, (writers.len() as u64 + 1) * PER_WRITER)?;
                    out.open(sys.out, sys.diag)?;
                    if let Some(w) = out.current.take() {
                        writers.push(w);
                    }
                }
            }
            let mut line_no = 0u64;
            let mut buf = Vec::new();
            let mut charge = sandbash_interpreter::memory::Charge::on(sys.memory);
            loop {
                sys.tick.tick()?;
                match crate::common::input::read_line_within(
                    r,
                    &mut buf,
                    eol,
                    &mut charge,
                    sys.memory,
                ) {
                    Ok(false) => break,
                    Ok(true) => {}
                    Err(crate::common::headed::ReadFail::Stop(f)) => return Err(Stop::Fail(f)),
                    Err(crate::common::headed::ReadFail::Read(e)) => {
                        sys.diag.error(format_args!("read error: {}", io_msg(&e)));
                        return Err(Stop::Error);
                    }
                }
                let target = line_no % n;
                line_no += 1;
                match k {
                    Some(k) => {
                        if target + 1 == k {
                            sys.out.put(&buf)?;
                        }
                    }
                    None => {
                        while writers.len() as u64 <= target {
                            hold(&mut held, (writers.len() as u64 + 1) * PER_WRITER)?;
                            out.open(sys.out, sys.diag)?;
                            if let Some(w) = out.current.take() {
                                writers.push(w);
                            }
                        }
                        if let Some((name, w)) = writers.get_mut(target as usize) {
                            named(sys.diag, name, w.write_all(&buf))?;
                        }
                    }
                }
            }
            for (name, w) in writers {
                out.finish(sys.out, sys.diag, &name, w)?;
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Split;
    use crate::testutil::*;

    fn files(fs: &TestFs, names: &[&str]) -> Vec<String> {
        names
            .iter()
            .map(|n| fs.text(&format!("/workspace/{n}")))
            .collect()
    }

    #[test]
    fn lines_bytes_and_line_bytes() {
        let fs = TestFs::new();
        let o = run(&Split, &["-l", "2"], b"1\n2\n3\n4\n5", &fs);
        assert_eq!(o.status, 0);
        assert_eq!(
            files(&fs, &["xaa", "xab", "xac"]),
            ["1\n2\n", "3\n4\n", "5"]
        );
        let fs = TestFs::new();
        run(&Split, &["-b", "4", "-", "p_"], b"abcdefghij", &fs);
        assert_eq!(
            files(&fs, &["p_aa", "p_ab", "p_ac"]),
            ["abcd", "efgh", "ij"]
        );
        let fs = TestFs::new();
        run(&Split, &["-C", "5"], b"aaa\nbb\ncccccc\nd\n", &fs);
        assert_eq!(
            files(&fs, &["xaa", "xab", "xac", "xad"]),
            ["aaa\n", "bb\n", "ccccc", "c\nd\n"]
        );
        let fs = TestFs::new();
        run(&Split, &["-l", "2", "-t", ";"], b"a;b;c;", &fs);
        assert_eq!(files(&fs, &["xaa", "xab"]), ["a;b;", "c;"]);
    }

    #[test]
    fn chunks() {
        let fs = TestFs::new();
        fs.file("in", b"abcdefghijk");
        run(&Split, &["-n", "3", "in"], b"", &fs);
        assert_eq!(files(&fs, &["xaa", "xab", "xac"]), ["abc", "def", "ghijk"]);
        let fs = TestFs::new();
        fs.file("in", b"1\n22\n333\n4444\n55555\n");
        run(&Split, &["-n", "l/4", "in"], b"", &fs);
        assert_eq!(
            files(&fs, &["xaa", "xab", "xac", "xad"]),
            ["1\n22\n", "333\n4444\n", "55555\n", ""]
        );
        assert_eq!(run(&Split, &["-n", "l/2/3", "in"], b"", &fs).out, "4444\n");
        assert_eq!(run(&Split, &["-n", "2/3", "in"], b"", &fs).out, "33\n444");
        assert_eq!(
            run(&Split, &["-n", "r/2/3", "in"], b"", &fs).out,
            "22\n55555\n"
        );
        let fs = TestFs::new();
        fs.file("in", b"1\n22\n333\n4444\n55555\n");
        run(&Split, &["-n", "r/3", "in"], b"", &fs);
        assert_eq!(
            files(&fs, &["xaa", "xab", "xac"]),
            ["1\n4444\n", "22\n55555\n", "333\n"]
        );
        let fs = TestFs::new();
        fs.file("in", b"ab");
        run(&Split, &["-n", "4", "-e", "in"], b"", &fs);
        assert_eq!(files(&fs, &["xaa", "xab"]), ["a", "b"]);
        assert!(!fs.has("/workspace/xac"));
    }

    #[test]
    fn names() {
        let fs = TestFs::new();
        let o = run(
            &Split,
            &["-l", "1", "-d", "--verbose", "--additional-suffix=.t"],
            b"1\n2\n",
            &fs,
        );
        assert_eq!(o.out, "creating file 'x00.t'\ncreating file 'x01.t'\n");
        let fs = TestFs::new();
        run(&Split, &["-l", "1", "--numeric-suffixes=5"], b"1\n2\n", &fs);
        assert!(fs.has("/workspace/x05") && fs.has("/workspace/x06"));
        let mut n = super::Names {
            prefix: "x".into(),
            alphabet: b"abcdefghijklmnopqrstuvwxyz",
            digits: vec![24, 25],
            auto: true,
            extra: String::new(),
            started: true,
        };
        assert_eq!(n.next().as_deref(), Some("xzaaa"));
        let fs = TestFs::new();
        let o = run(&Split, &["-l", "1", "-a", "1", "-d"], &lines(30), &fs);
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, "split: output file suffixes exhausted\n")
        );
    }

    #[test]
    fn filter_runs_each_piece() {
        let fs = TestFs::new();
        // The EchoRunner prints the command and its environment, reads
        // the piece, and exits 3: split stops at the first piece with it.
        let o = run(&Split, &["-l", "1", "--filter=wc -l"], b"a\nb\n", &fs);
        assert_eq!(o.status, 3);
        assert!(o.out.starts_with("run: sh -c wc -l\n"), "{}", o.out);
        assert!(o.out.contains("FILE=xaa\n"), "{}", o.out);
        assert_eq!(o.err, "split: with FILE=xaa, exit 3 from command: wc -l\n");
        assert!(!fs.has("xaa"));
        let o = run(&Split, &["-n", "r/1/2", "--filter=cat"], b"a\n", &fs);
        assert_eq!(o.status, 1);
        assert!(
            o.err
                .starts_with("split: --filter does not process a chunk extracted to stdout\n")
        );
    }

    #[test]
    fn errors() {
        let o = run0(&Split, &["-l", "0"], b"");
        assert_eq!(
            o.err,
            "split: invalid number of lines: '0': Numerical result out of range\n"
        );
        let o = run0(&Split, &["-n", "2"], b"abc");
        assert_eq!(o.err, "split: -: cannot determine file size\n");
        let o = run0(&Split, &["nosuch"], b"");
        assert_eq!(
            o.err,
            "split: cannot open 'nosuch' for reading: No such file or directory\n"
        );
        let o = run0(&Split, &["-l", "1", "-b", "2"], b"");
        assert_eq!(
            o.err,
            "split: cannot split in more than one way\nTry 'split --help' for more information.\n"
        );
    }
}
