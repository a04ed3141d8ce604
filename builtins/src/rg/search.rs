//! Searching one input line by line and printing what ripgrep's standard
//! printer prints (or handing lines to the JSON printer).
//!
//! Input is read into a buffer of 64 KiB that grows only for a longer
//! line (charged to the memory budget), as ripgrep's line buffer is; each
//! fill is checked for a NUL byte, which is how ripgrep finds binary data
//! and what its `found "\0" byte around offset N` reports. A named file
//! among at most ten named files is checked in its first 64 KiB only, as
//! ripgrep does when it memory-maps such files.

use std::collections::VecDeque;
use std::io::{self, Read};
use std::sync::Arc;

use sandbash_interpreter::memory::{Charge, MemoryBudget};

use super::json::{self, FileJson};
use super::multiline::{self, Group};
use super::opts::{BinaryMode, Config, Mode, message, os_error};
use crate::common::headed::ReadFail;
use crate::common::input::read_all_within;
use crate::common::sys::{Diag, Out, Res, Sys, Ticker, io_msg, settle};

/// The parts of [`Sys`] a search writes to, borrowed apart from stdin.
pub struct Io<'s, 'c> {
    pub out: &'s mut Out<'c>,
    pub diag: &'s mut Diag<'c>,
    pub tick: &'s mut Ticker<'c>,
    pub memory: &'s Arc<MemoryBudget>,
}

/// ripgrep's line buffer capacity.
const CAPACITY: usize = 64 * 1024;

/// State of the whole run.
pub struct State {
    pub matched: bool,
    pub error: bool,
    /// `-q` found a match: stop.
    pub quit: bool,
    pub with_filename: bool,
    /// Named files are checked in their first 64 KiB only (see above).
    pub mmap: bool,
    /// Inputs searched.
    pub searched: u64,
    /// Some line was printed (for `--` separators and headings).
    printed: bool,
    file_seq: u64,
    /// The file and line number of the last line printed.
    last: Option<(u64, u64)>,
    pub totals: json::Totals,
    /// `--stats`.
    pub stats: Stats,
}

/// What `--stats` reports.
#[derive(Default)]
pub struct Stats {
    pub matches: u64,
    pub lines: u64,
    pub with_match: u64,
    pub bytes_searched: u64,
    pub printed: u64,
}

impl State {
    pub fn new(cfg: &Config) -> Self {
        let _ = cfg;
        Self {
            matched: false,
            error: false,
            quit: false,
            with_filename: false,
            mmap: false,
            searched: 0,
            printed: false,
            file_seq: 0,
            last: None,
            totals: json::Totals::default(),
            stats: Stats::default(),
        }
    }

    /// Reports a trouble (unless `--no-messages`); the status becomes 2.
    pub fn fail(&mut self, sys: &mut Sys<'_>, cfg: &Config, msg: &str) {
        self.error = true;
        if !cfg.no_messages {
            message(sys, msg);
        }
    }

    /// Reports a read error on `name` (unless `--no-messages`).
    fn read_error(&mut self, io: &mut Io<'_, '_>, cfg: &Config, name: &str, e: &io::Error) {
        self.error = true;
        if !cfg.no_messages {
            let _ = io
                .diag
                .writer()
                .write_all(format!("{name}: {}\n", io_msg(e)).as_bytes());
        }
    }

    /// `--files`: one path.
    pub fn print_path(&mut self, out: &mut Out<'_>, cfg: &Config, shown: &str) -> Res<()> {
        self.matched = true;
        out.str(shown)?;
        out.put(if cfg.null { b"\0" } else { b"\n" })
    }

    /// The summary (`--json`) and the exit status.
    pub fn end(&mut self, sys: &mut Sys<'_>, cfg: &Config) -> Res<i32> {
        if cfg.mode == Mode::Json {
            json::summary(&mut sys.out, &self.totals)?;
        } else if cfg.stats && !cfg.files {
            // The times are always zero: sandbash does not time searches.
            let s = &self.stats;
            sys.out.fmt(format_args!(
                "\n{} matches\n{} matched lines\n{} files contained matches\n{} files searched\n{} bytes printed\n{} bytes searched\n0.000000 seconds spent searching\n0.000000 seconds\n",
                s.matches, s.lines, s.with_match, self.searched, s.printed, s.bytes_searched
            ))?;
        }
        Ok(if self.quit {
            0
        } else if self.error {
            2
        } else if self.matched {
            0
        } else {
            1
        })
    }
}

/// Searches the file at `abs`, shown as `shown`; `explicit` when it was
/// named on the command line.
pub fn search_file(
    sys: &mut Sys<'_>,
    cfg: &Config,
    st: &mut State,
    abs: &str,
    shown: &str,
    explicit: bool,
) -> Res<()> {
    let mut r = match sys.fs.open_read(abs) {
        Ok(r) => r,
        Err(e) => {
            st.fail(sys, cfg, &format!("{shown}: {}", os_error(e.kind)));
            return Ok(());
        }
    };
    search_reader(&mut io!(sys), cfg, st, &mut r, shown, explicit)
}

/// What the buffer gives next.
enum Next {
    /// A line: its absolute offset and its range in the buffer (the
    /// terminator included when there is one).
    Line(u64, usize, usize),
    Eof,
    /// A NUL byte in quit mode: stop, the file counts as unmatched.
    Quit,
}

/// ripgrep's line buffer over one input.
struct Source<'r> {
    r: &'r mut dyn Read,
    buf: Vec<u8>,
    start: usize,
    end: usize,
    /// The absolute offset of `buf[0]`.
    base: u64,
    eof: bool,
    mode: BinaryMode,
    first_only: bool,
    fills: u64,
    binary: Option<u64>,
    charge: Charge,
    error: Option<io::Error>,
}

impl Source<'_> {
    fn next(&mut self, tick: &mut Ticker<'_>) -> Res<Next> {
        loop {
            let avail = self.buf.get(self.start..self.end).unwrap_or(&[]);
            if let Some(i) = memchr::memchr(b'\n', avail) {
                let a = self.start;
                self.start += i + 1;
                return Ok(Next::Line(self.base + a as u64, a, self.start));
            }
            if self.eof {
                if self.start < self.end {
                    let a = self.start;
                    self.start = self.end;
                    return Ok(Next::Line(self.base + a as u64, a, self.end));
                }
                return Ok(Next::Eof);
            }
            tick.tick()?;
            if self.fill()? {
                return Ok(Next::Quit);
            }
        }
    }

    /// Reads once more; true when quit-mode binary data was found.
    fn fill(&mut self) -> Res<bool> {
        self.buf.copy_within(self.start..self.end, 0);
        self.end -= self.start;
        self.base += self.start as u64;
        self.start = 0;
        if self.end == self.buf.len() {
            let want = self.buf.len().max(CAPACITY / 2) * 2;
            settle(&mut self.charge, want as u64)?;
            self.buf.resize(want, 0);
        }
        let old = self.end;
        let n = loop {
            let room = self.buf.get_mut(self.end..).unwrap_or(&mut []);
            match self.r.read(room) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.error = Some(e);
                    break 0;
                }
            }
        };
        if n == 0 {
            self.eof = true;
        }
        self.end += n;
        self.fills += 1;
        let check = self.mode != BinaryMode::Text && (!self.first_only || self.fills == 1);
        if check && self.binary.is_none() {
            let new = self.buf.get(old..self.end).unwrap_or(&[]);
            if let Some(i) = memchr::memchr(0, new) {
                self.binary = Some(self.base + (old + i) as u64);
                if self.mode == BinaryMode::Quit {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }
}

/// One line kept for `-B`.
struct Kept {
    no: u64,
    off: u64,
    text: Vec<u8>,
}

/// Searches `r`, shown as `name`.
pub fn search_reader(
    io: &mut Io<'_, '_>,
    cfg: &Config,
    st: &mut State,
    r: &mut dyn Read,
    name: &str,
    explicit: bool,
) -> Res<()> {
    st.file_seq += 1;
    st.searched += 1;
    let mode = cfg.binary_mode(explicit);
    // `-U`: the whole input, held, and its groups of matched lines.
    let mut held: Vec<u8> = Vec::new();
    let mut held_charge = Charge::on(io.memory);
    let mut groups: Option<multiline::Cursor> = None;
    if cfg.multiline {
        match read_all_within(r, &mut held, &mut held_charge, io.memory, io.tick.cancel) {
            Ok(()) => {}
            Err(ReadFail::Stop(f)) => return Err(f),
            Err(ReadFail::Read(e)) => {
                st.read_error(io, cfg, name, &e);
                return Ok(());
            }
        }
        groups = Some(multiline::Cursor::new(multiline::groups(
            &cfg.re, &held, io.tick,
        )?));
    }
    let mut whole: &[u8] = &held;
    let r: &mut dyn Read = if cfg.multiline { &mut whole } else { r };
    let mut src = Source {
        r,
        buf: Vec::new(),
        start: 0,
        end: 0,
        base: 0,
        eof: false,
        mode,
        first_only: explicit && st.mmap,
        fills: 0,
        binary: None,
        charge: Charge::on(io.memory),
        error: None,
    };
    let mut before: VecDeque<Kept> = VecDeque::new();
    let mut before_charge = Charge::on(io.memory);
    let mut fj = FileJson::new(name);
    let mut p = Printer {
        cfg,
        name,
        with_name: st.with_filename,
        headed: false,
        col: None,
    };
    let (mut lineno, mut count, mut nmatches, mut after_left) = (0u64, 0u64, 0u64, 0u64);
    let mut quit_binary = false;
    let mut binary_note = false;
    // Lines in matched groups (`-U`; the matching lines otherwise).
    let mut mlines = 0u64;
    // `-c` under `-U`: lines where matches start.
    let mut starts = 0u64;
    loop {
        if st.quit {
            break;
        }
        let (off, a, b) = match src.next(io.tick)? {
            Next::Line(off, a, b) => (off, a, b),
            Next::Eof => break,
            Next::Quit => {
                quit_binary = true;
                break;
            }
        };
        lineno += 1;
        let raw = src.buf.get(a..b).unwrap_or(&[]);
        let text = body(cfg, raw);
        // With `-U`, a line matches when a group holds it; the lines of
        // a group after its first continue it (`cont`).
        let (is_match, cont, group) = match groups.as_mut() {
            Some(c) => match c.at(lineno) {
                Some(g) if g.first == lineno => (true, false, Some(g)),
                Some(_) => (true, true, None),
                None => (false, false, None),
            },
            None => (cfg.re.is_match(text), false, None),
        };
        if cont && !cfg.invert {
            mlines += 1;
            if cfg.mode == Mode::Lines && !cfg.only_matching {
                p.line(io, st, &mut fj, lineno, off, raw, true)?;
            }
            after_left = cfg.after;
            continue;
        }
        if cfg.max_count.is_some_and(|m| count >= m) {
            if after_left == 0 || !matches!(cfg.mode, Mode::Lines | Mode::Json) {
                break;
            }
            after_left -= 1;
            p.line(io, st, &mut fj, lineno, off, raw, is_match != cfg.invert)?;
            continue;
        }
        let selected = is_match != cfg.invert;
        if !selected {
            if !matches!(cfg.mode, Mode::Lines | Mode::Json) {
                continue;
            }
            if after_left > 0 || cfg.passthru {
                after_left = after_left.saturating_sub(1);
                p.line(io, st, &mut fj, lineno, off, raw, false)?;
            } else if cfg.before > 0 {
                before.push_back(Kept {
                    no: lineno,
                    off,
                    text: raw.to_vec(),
                });
                if before.len() as u64 > cfg.before {
                    before.pop_front();
                }
                let held: usize = before.iter().map(|k| k.text.capacity() + 32).sum();
                settle(&mut before_charge, held as u64)?;
            }
            continue;
        }
        if let Some(at) = src
            .binary
            .filter(|_| cfg.mode == Mode::Lines && mode == BinaryMode::Convert)
        {
            count += 1;
            mlines += 1;
            nmatches += 1;
            binary_note = true;
            p.binary(io.out, st, at)?;
            break;
        }
        count += 1;
        mlines += 1;
        starts += group.filter(|_| !cfg.invert).map_or(1, |g| g.starts);
        // An inverted line counts as one match (`--count-matches -v`).
        nmatches += if cfg.invert {
            1
        } else if let Some(g) = group {
            g.matches.len() as u64
        } else {
            cfg.re.find_iter(text).count() as u64
        };
        match cfg.mode {
            Mode::Quiet => {
                st.quit = true;
                break;
            }
            Mode::WithMatches | Mode::WithoutMatch => break,
            Mode::Count | Mode::CountMatches => continue,
            Mode::Lines | Mode::Json => {}
        }
        for k in std::mem::take(&mut before) {
            p.line(io, st, &mut fj, k.no, k.off, &k.text, false)?;
        }
        settle(&mut before_charge, 0)?;
        match group.filter(|_| !cfg.invert) {
            Some(g) => p.group(io, st, &mut fj, lineno, &held, g)?,
            None => p.line(io, st, &mut fj, lineno, off, raw, true)?,
        }
        after_left = cfg.after;
    }
    if let Some(e) = src.error.take() {
        st.read_error(io, cfg, name, &e);
    }
    let found = count > 0 && !quit_binary;
    match cfg.mode {
        // `-U` counts matches, not lines.
        Mode::Count if found || (cfg.include_zero && !quit_binary) => {
            p.count(io.out, if cfg.multiline { starts } else { count })?
        }
        Mode::CountMatches if found || (cfg.include_zero && !quit_binary) => {
            p.count(io.out, nmatches)?
        }
        Mode::WithMatches if found => p.path(io.out)?,
        Mode::WithoutMatch if count == 0 && !quit_binary => {
            st.matched = true;
            p.path(io.out)?;
        }
        Mode::Json => {
            // ripgrep counts the bytes up to the binary data it found.
            let searched = src.binary.unwrap_or(src.base + src.end as u64);
            fj.end(
                io.out,
                &mut st.totals,
                searched,
                mlines,
                nmatches,
                src.binary,
            )?;
        }
        _ => {}
    }
    if found || (binary_note && count > 0) || (count > 0 && cfg.mode == Mode::Lines) {
        st.matched = true;
    }
    st.stats.matches += nmatches;
    st.stats.lines += mlines;
    st.stats.with_match += u64::from(count > 0);
    // ripgrep counts the bytes up to the binary data it found, none for
    // a file it gave up on.
    st.stats.bytes_searched += if quit_binary {
        0
    } else {
        src.binary.unwrap_or(src.base + src.end as u64)
    };
    Ok(())
}

/// The standard printer for one file. Each record is built whole, then
/// written, so that `--stats` can count the bytes printed.
struct Printer<'a> {
    cfg: &'a Config,
    name: &'a str,
    with_name: bool,
    /// `--heading`: the file's name line was printed.
    headed: bool,
    /// `-U`: the column shown on every line of the current group.
    col: Option<usize>,
}

impl Printer<'_> {
    fn name_sep(&self, buf: &mut Vec<u8>, sep: u8) {
        buf.extend_from_slice(&sandbash_interpreter::bytes::encode(self.name));
        buf.push(if self.cfg.null { 0 } else { sep });
    }

    fn count(&self, out: &mut Out<'_>, n: u64) -> Res<()> {
        let mut buf = Vec::new();
        if self.with_name {
            self.name_sep(&mut buf, b':');
        }
        buf.extend_from_slice(n.to_string().as_bytes());
        buf.extend_from_slice(eol(self.cfg));
        out.put(&buf)
    }

    fn path(&self, out: &mut Out<'_>) -> Res<()> {
        out.str(self.name)?;
        out.put(if self.cfg.null { b"\0" } else { eol(self.cfg) })
    }

    fn binary(&self, out: &mut Out<'_>, st: &mut State, at: u64) -> Res<()> {
        let mut buf = Vec::new();
        if self.with_name {
            buf.extend_from_slice(&sandbash_interpreter::bytes::encode(self.name));
            buf.extend_from_slice(b": ");
        }
        buf.extend_from_slice(
            format!("binary file matches (found \"\\0\" byte around offset {at})\n").as_bytes(),
        );
        st.stats.printed += buf.len() as u64;
        out.put(&buf)
    }

    /// The fields before a line or a match: path, line number, column,
    /// byte offset, each followed by `sep`.
    fn prefix(&self, buf: &mut Vec<u8>, no: u64, col: Option<usize>, byte: u64, sep: u8) {
        if self.with_name && !self.cfg.heading {
            self.name_sep(buf, sep);
        }
        if self.cfg.line_number {
            buf.extend_from_slice(no.to_string().as_bytes());
            buf.push(sep);
        }
        if let Some(c) = col.filter(|_| self.cfg.column) {
            buf.extend_from_slice((c + 1).to_string().as_bytes());
            buf.push(sep);
        }
        if self.cfg.byte_offset {
            buf.extend_from_slice(byte.to_string().as_bytes());
            buf.push(sep);
        }
    }

    /// What comes before a record: the `--` separator after a gap, the
    /// `--heading` name line; then the record is the last printed.
    fn lead(&mut self, st: &mut State, buf: &mut Vec<u8>, no: u64) {
        let cfg = self.cfg;
        // With `--heading`, files are apart already: `--` only within one.
        let same_file = st.last.is_some_and(|(f, _)| f == st.file_seq);
        let gap = st.last != Some((st.file_seq, no.wrapping_sub(1))) && (!cfg.heading || same_file);
        if let Some(sep) = cfg
            .context_sep
            .as_ref()
            .filter(|_| cfg.context() && st.printed && gap)
        {
            buf.extend_from_slice(sep);
            buf.push(b'\n');
        }
        if cfg.heading && self.with_name && !self.headed {
            if st.printed {
                buf.push(b'\n');
            }
            buf.extend_from_slice(&sandbash_interpreter::bytes::encode(self.name));
            buf.push(if cfg.null { 0 } else { b'\n' });
            self.headed = true;
        }
        st.printed = true;
        st.last = Some((st.file_seq, no));
    }

    /// Prints the first line of a `-U` group: the line (the others follow
    /// as they come), each match's lines with `-o`, the whole group as
    /// one JSON `match`.
    fn group(
        &mut self,
        io: &mut Io<'_, '_>,
        st: &mut State,
        fj: &mut FileJson,
        no: u64,
        data: &[u8],
        g: &Group,
    ) -> Res<()> {
        let cfg = self.cfg;
        let block = data.get(g.start..g.end).unwrap_or(&[]);
        if cfg.mode == Mode::Json {
            let subs: Vec<(usize, usize)> = g
                .matches
                .iter()
                .map(|&(a, b)| (a - g.start, b - g.start))
                .collect();
            return fj.line(io.out, true, no, g.start as u64, block, &subs);
        }
        // ripgrep shows the group's first column on each of its lines.
        let col = g.matches.first().map_or(0, |&(a, _)| a - g.start);
        self.col = Some(col);
        if !cfg.only_matching {
            let line = match memchr::memchr(b'\n', block) {
                Some(i) => block.get(..=i).unwrap_or(block),
                None => block,
            };
            return self.line(io, st, fj, no, g.start as u64, line, true);
        }
        let mut buf = Vec::new();
        self.lead(st, &mut buf, no);
        for &(a, b) in &g.matches {
            let before = data.get(g.start..a).unwrap_or(&[]);
            let first = no + memchr::memchr_iter(b'\n', before).count() as u64;
            let pieces = data.get(a..b).unwrap_or(&[]).split(|&c| c == b'\n');
            for (n, piece) in (first..).zip(pieces) {
                io.tick.tick()?;
                self.prefix(&mut buf, n, Some(col), a as u64, b':');
                buf.extend_from_slice(omit(cfg, piece, 0, true));
                buf.push(b'\n');
                st.stats.printed += buf.len() as u64;
                io.out.put(&buf)?;
                buf.clear();
            }
        }
        st.last = Some((st.file_seq, g.last));
        Ok(())
    }

    /// Prints one line (a match when `hit`, else context).
    #[allow(clippy::too_many_arguments)]
    fn line(
        &mut self,
        io: &mut Io<'_, '_>,
        st: &mut State,
        fj: &mut FileJson,
        no: u64,
        off: u64,
        raw: &[u8],
        hit: bool,
    ) -> Res<()> {
        let cfg = self.cfg;
        let text = body(cfg, raw);
        // What is printed of the line: all but `\n` (`\r` stays).
        let shown = raw.strip_suffix(b"\n").unwrap_or(raw);
        if cfg.mode == Mode::Json {
            let subs: Vec<(usize, usize)> = if hit {
                cfg.re
                    .find_iter(text)
                    .map(|m| (m.start(), m.end()))
                    .collect()
            } else {
                Vec::new()
            };
            return fj.line(io.out, hit, no, off, raw, &subs);
        }
        let mut buf: Vec<u8> = Vec::new();
        self.lead(st, &mut buf, no);
        let sep = if hit { b':' } else { b'-' };
        let trim = |t: &[u8]| -> Vec<u8> {
            if cfg.trim {
                let n = t.iter().take_while(|b| b.is_ascii_whitespace()).count();
                t.get(n..).unwrap_or(&[]).to_vec()
            } else {
                t.to_vec()
            }
        };
        // An inverted line has no match to show: it is printed whole.
        if hit && !cfg.invert && (cfg.only_matching || cfg.vimgrep) {
            for m in cfg.re.find_iter(text) {
                io.tick.tick()?;
                self.prefix(&mut buf, no, Some(m.start()), off + m.start() as u64, sep);
                let piece = if cfg.vimgrep && !cfg.only_matching {
                    replaced(cfg, text)
                } else if let Some(rep) = &cfg.replace {
                    let mut dst = Vec::new();
                    if let Some(c) = cfg.re.captures_at(text, m.start()) {
                        c.expand(&sandbash_interpreter::bytes::encode(rep), &mut dst);
                    }
                    dst
                } else {
                    m.as_bytes().to_vec()
                };
                let piece = trim(&piece);
                buf.extend_from_slice(omit(cfg, &piece, 0, true));
                buf.extend_from_slice(eol(cfg));
                // A line with many matches is written piece by piece.
                st.stats.printed += buf.len() as u64;
                io.out.put(&buf)?;
                buf.clear();
            }
            return Ok(());
        }
        let col = if hit {
            self.col.or_else(|| cfg.re.find(text).map(|m| m.start()))
        } else {
            None
        };
        self.prefix(&mut buf, no, col, off, sep);
        let mut body = if hit {
            replaced(cfg, text)
        } else {
            text.to_vec()
        };
        body.extend_from_slice(shown.get(text.len()..).unwrap_or(&[]));
        let body = trim(&body);
        let term = usize::from(raw.len() > shown.len());
        buf.extend_from_slice(omit(cfg, &body, term, hit));
        // A line's own terminator is kept (its `\r` is in `body`); a last
        // line without one gets the configured one.
        buf.extend_from_slice(if term == 1 { b"\n" } else { eol(cfg) });
        st.stats.printed += buf.len() as u64;
        io.out.put(&buf)
    }
}

/// The line terminator printed after records: `\r\n` under `--crlf`.
fn eol(cfg: &Config) -> &'static [u8] {
    if cfg.crlf { b"\r\n" } else { b"\n" }
}

/// The part of a line the regex sees: without its `\n`, and without
/// the `\r` before it under `--crlf`.
fn body<'l>(cfg: &Config, raw: &'l [u8]) -> &'l [u8] {
    let text = raw.strip_suffix(b"\n").unwrap_or(raw);
    if cfg.crlf {
        text.strip_suffix(b"\r").unwrap_or(text)
    } else {
        text
    }
}

/// `text`, or what `-M` prints instead when `text` and its terminator
/// (`term` bytes) are longer than the limit.
fn omit<'t>(cfg: &Config, text: &'t [u8], term: usize, hit: bool) -> &'t [u8] {
    match cfg.max_columns {
        Some(m) if (text.len() + term) as u64 > m => {
            if hit {
                b"[Omitted long matching line]"
            } else {
                b"[Omitted long context line]"
            }
        }
        _ => text,
    }
}

/// The line with `-r`'s replacement for every match (the line itself
/// without `-r`).
fn replaced(cfg: &Config, text: &[u8]) -> Vec<u8> {
    let Some(rep) = &cfg.replace else {
        return text.to_vec();
    };
    let rep = sandbash_interpreter::bytes::encode(rep);
    let mut dst = Vec::with_capacity(text.len());
    let mut last = 0;
    for c in cfg.re.captures_iter(text) {
        let Some(m) = c.get(0) else { continue };
        dst.extend_from_slice(text.get(last..m.start()).unwrap_or(&[]));
        c.expand(&rep, &mut dst);
        last = m.end();
    }
    dst.extend_from_slice(text.get(last..).unwrap_or(&[]));
    dst
}
