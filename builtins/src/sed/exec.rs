//! The sed executor: runs a parsed program over a stream of lines with a
//! pattern space, a hold space, the append queue and the range states of
//! the addresses. Pattern and hold space are charged to the run's memory
//! budget before they grow, and the command loop checks the run's
//! cancellation, so `:a;ba` and `:a;N;ba` end on the run's limits.

use std::io::{BufReader, Read, Write};
use std::sync::Arc;

use regex::bytes::CaptureLocations;
use sandbash_interpreter::memory::{Charge, MemoryBudget};
use sandbash_vfs::{FileReader, FileSystem, WriteMode};

use super::input::Lines;
use super::parse::{Addr, Addr2, Cmd, Jump, Kind, Program, Subst, TextKind};
use super::replace::{self, Caser, Piece};
use super::rx::Engine;
use crate::common::backref::{GAVE_UP_MSG, Gave, RunWatch};
use crate::common::headed::ReadFail;
use crate::common::input::{open_input, read_line_within};
use crate::common::sys::{Diag, Fail, Out, Ticker, hold, io_msg, settle};

/// Why the executor stopped before the end of its input.
#[derive(Debug)]
pub enum Stop {
    /// The utility must stop (write error, cancellation, memory).
    Fail(Fail),
    /// A fatal sed error: the message (without `sed: `) and exit status.
    Fatal(String, i32),
}

impl From<Fail> for Stop {
    fn from(f: Fail) -> Self {
        Stop::Fail(f)
    }
}

/// The executor's result type.
pub type ExRes<T> = Result<T, Stop>;

/// Settings from the command line.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// `-n` (or `#n`).
    pub quiet: bool,
    /// The line delimiter (`-z`: NUL).
    pub eol: u8,
    /// `-l N`: the wrap width of `l` (0: never).
    pub wrap: u64,
    /// `-u`: flush the output after every cycle.
    pub unbuffered: bool,
}

/// The streams and services a run uses.
pub struct Io<'s, 'c> {
    /// Standard output.
    pub out: &'s mut Out<'c>,
    /// Standard error.
    pub diag: &'s mut Diag<'c>,
    /// The cancellation ticker.
    pub tick: &'s mut Ticker<'c>,
    /// The filesystem.
    pub fs: &'c dyn FileSystem,
    /// The working directory.
    pub cwd: &'c str,
}

/// Where an output goes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Dest {
    /// The main output: standard output, or the file edited in place.
    Main,
    /// `w FILE` number N.
    W(usize),
}

/// What a `w` file writes to.
enum WTarget {
    Stdout,
    Stderr,
    File(std::io::BufWriter<sandbash_vfs::FileWriter>),
}

/// Output targets: 0 is standard output, 1 standard error, 2 the file
/// edited in place, then the `w` files. Each remembers whether the last
/// line written to it lacked its end of line.
const T_STDOUT: usize = 0;
const T_STDERR: usize = 1;
const T_INPLACE: usize = 2;

/// Something queued for the end of the cycle.
enum Queued {
    /// The text of the `a` command at this index.
    Text(usize),
    /// `r FILE`.
    File(String),
    /// A line read by `R` (with its end of line).
    Line(Vec<u8>),
}

/// How a cycle ended.
enum End {
    /// The end of the script: autoprint.
    Cycle,
    /// `d`, `c`, `D` without a newline: no autoprint.
    Delete,
    /// `D` with a newline: start again without reading.
    Restart,
    /// `q`.
    Quit(i32),
    /// `Q`.
    QuitSilent(i32),
    /// `n` or `N` with no line left: autoprint, and this stream is over.
    Eof,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Range {
    Inactive,
    /// Active, up to a line number when the end is one.
    Active(Option<u64>),
}

/// The state of a run, kept across the streams of `-s` and `-i`.
pub struct Exec<'p> {
    prog: &'p Program,
    set: Settings,
    ps: Vec<u8>,
    hs: Vec<u8>,
    /// The pattern space's last line had its end of line (a line read
    /// without one is written without one). The hold space has its own
    /// flag, which `x`, `g` and `h` carry along, as in GNU sed.
    chomped: bool,
    hs_chomped: bool,
    queue: Vec<Queued>,
    queued_bytes: u64,
    range: Vec<Range>,
    replaced: bool,
    last_re: Option<usize>,
    line_no: u64,
    /// Pattern space, hold space and queue, charged together.
    charge: Charge,
    line: Vec<u8>,
    line_charge: Charge,
    missing: Vec<bool>,
    wfiles: Vec<WTarget>,
    rfiles: Vec<(String, Option<BufReader<FileReader>>)>,
    inplace: Option<std::io::BufWriter<sandbash_vfs::FileWriter>>,
    inplace_name: String,
    locs: Vec<Option<CaptureLocations>>,
    memory: Arc<MemoryBudget>,
}

impl<'p> Exec<'p> {
    /// A run of `prog`; opens (truncating) the files its `w` commands
    /// name, as GNU sed does before reading any input.
    pub fn new(
        prog: &'p Program,
        set: Settings,
        io: &mut Io<'_, '_>,
        memory: &Arc<MemoryBudget>,
    ) -> ExRes<Self> {
        let mut wfiles = Vec::with_capacity(prog.wfiles.len());
        for name in &prog.wfiles {
            let t = match name.as_str() {
                "/dev/stdout" => WTarget::Stdout,
                "/dev/stderr" => WTarget::Stderr,
                _ => match io.fs.open_write(
                    &sandbash_vfs::path::resolve(io.cwd, name).map_err(|e| {
                        Stop::Fatal(format!("couldn't open file {name}: {}", e.kind), 4)
                    })?,
                    WriteMode::Truncate,
                ) {
                    Ok(w) => WTarget::File(std::io::BufWriter::new(w)),
                    Err(e) => {
                        return Err(Stop::Fatal(
                            format!("couldn't open file {name}: {}", e.kind),
                            4,
                        ));
                    }
                },
            };
            wfiles.push(t);
        }
        Ok(Self {
            prog,
            set,
            ps: Vec::new(),
            hs: Vec::new(),
            chomped: true,
            hs_chomped: true,
            queue: Vec::new(),
            queued_bytes: 0,
            range: vec![Range::Inactive; prog.cmds.len()],
            replaced: false,
            last_re: None,
            line_no: 0,
            charge: Charge::on(memory),
            line: Vec::new(),
            line_charge: Charge::on(memory),
            missing: vec![false; 3 + prog.wfiles.len()],
            wfiles,
            rfiles: Vec::new(),
            inplace: None,
            inplace_name: String::new(),
            locs: prog.regexes.iter().map(|_| None).collect(),
            memory: Arc::clone(memory),
        })
    }

    /// Sends the main output to `w` (a file edited in place, shown as
    /// `name` in messages) until [`Exec::take_inplace`].
    pub fn set_inplace(&mut self, w: sandbash_vfs::FileWriter, name: &str) {
        self.inplace = Some(std::io::BufWriter::with_capacity(32 * 1024, w));
        self.inplace_name = name.to_string();
        if let Some(m) = self.missing.get_mut(T_INPLACE) {
            *m = false;
        }
    }

    /// Ends in-place output: flushes the file; an error is fatal.
    pub fn take_inplace(&mut self) -> ExRes<()> {
        if let Some(mut w) = self.inplace.take() {
            w.flush().map_err(|e| {
                Stop::Fatal(
                    format!("couldn't flush {}: {}", self.inplace_name, io_msg(&e)),
                    4,
                )
            })?;
        }
        Ok(())
    }

    /// Flushes the `w` files at the end of the run.
    pub fn finish(&mut self) -> ExRes<()> {
        for (i, t) in self.wfiles.iter_mut().enumerate() {
            if let WTarget::File(w) = t
                && let Err(e) = w.flush()
            {
                let name = self.prog.wfiles.get(i).cloned().unwrap_or_default();
                return Err(Stop::Fatal(
                    format!("couldn't flush {name}: {}", io_msg(&e)),
                    4,
                ));
            }
        }
        Ok(())
    }

    /// Runs the program over one stream; `Some(code)` when `q` or `Q`
    /// ended the whole run.
    pub fn run_stream(&mut self, io: &mut Io<'_, '_>, input: &mut Lines<'_>) -> ExRes<Option<i32>> {
        self.line_no = 0;
        for (r, c) in self.range.iter_mut().zip(&self.prog.cmds) {
            *r = if c.a1 == Some(Addr::Zero) {
                Range::Active(None)
            } else {
                Range::Inactive
            };
        }
        let mut reuse = false;
        loop {
            // An empty script runs no command: the cycle itself checks.
            io.tick.tick()?;
            if !reuse {
                let Some(had_eol) = self.read_line(io, input)? else {
                    return Ok(None);
                };
                self.chomped = had_eol;
                std::mem::swap(&mut self.ps, &mut self.line);
                std::mem::swap(&mut self.charge, &mut self.line_charge);
                self.rebalance()?;
                self.replaced = false;
            }
            reuse = false;
            let end = self.cycle(io, input)?;
            match end {
                End::Cycle | End::Eof | End::Quit(_) => {
                    if !self.set.quiet {
                        self.emit_ps(io, Dest::Main)?;
                    }
                }
                End::Delete | End::QuitSilent(_) => {}
                End::Restart => reuse = true,
            }
            if !matches!(end, End::QuitSilent(_)) {
                self.flush_queue(io)?;
            }
            if self.set.unbuffered {
                io.out.flush()?;
            }
            self.trim()?;
            match end {
                End::Quit(c) | End::QuitSilent(c) => return Ok(Some(c)),
                End::Eof => return Ok(None),
                _ => {}
            }
        }
    }

    /// After the swap of the line buffer into the pattern space: the
    /// pattern space's charge must cover the hold space and queue too.
    fn rebalance(&mut self) -> ExRes<()> {
        // `charge` held the line buffer only; move the rest onto it.
        let total = self.held();
        let line = self.line.capacity() as u64;
        settle(&mut self.line_charge, line)?;
        settle(&mut self.charge, total)?;
        Ok(())
    }

    fn held(&self) -> u64 {
        let queue = (self.queue.capacity() * std::mem::size_of::<Queued>()) as u64;
        (self.ps.capacity() + self.hs.capacity()) as u64 + queue + self.queued_bytes
    }

    /// Queues `q` (holding `bytes` of its own) for the end of the cycle,
    /// charged first: a loop of `a` commands must not grow the queue
    /// past the budget.
    fn enqueue(&mut self, q: Queued, bytes: u64) -> ExRes<()> {
        let (len, cap) = (self.queue.len(), self.queue.capacity());
        let mut total = self.held() + bytes;
        if len == cap {
            let more = cap.max(4);
            total += (more * std::mem::size_of::<Queued>()) as u64;
            hold(&mut self.charge, total)?;
            self.queue.reserve_exact(more);
        } else {
            hold(&mut self.charge, total)?;
        }
        self.queued_bytes += bytes;
        self.queue.push(q);
        Ok(())
    }

    /// Gives back what big buffers no longer use.
    fn trim(&mut self) -> ExRes<()> {
        for v in [&mut self.ps, &mut self.hs] {
            if v.capacity() > 64 * 1024 && v.capacity() / 4 > v.len() {
                v.shrink_to(v.len() * 2);
            }
        }
        if self.queue.capacity() > 1024 {
            self.queue.shrink_to(16);
        }
        let total = self.held();
        settle(&mut self.charge, total)?;
        Ok(())
    }

    /// Reads the next line into `self.line`; whether it had its end of
    /// line, `None` at the end.
    fn read_line(&mut self, io: &mut Io<'_, '_>, input: &mut Lines<'_>) -> ExRes<Option<bool>> {
        let r = input.read(io.diag, &mut self.line, &mut self.line_charge)?;
        if r.is_some() {
            self.line_no += 1;
        }
        Ok(r)
    }

    /// Makes room for `extra` more bytes in the pattern space (`hold`:
    /// the hold space), charged before the allocation.
    fn grow(&mut self, hold_space: bool, extra: usize) -> ExRes<()> {
        let (len, cap) = if hold_space {
            (self.hs.len(), self.hs.capacity())
        } else {
            (self.ps.len(), self.ps.capacity())
        };
        let need = len.saturating_add(extra);
        if need <= cap {
            return Ok(());
        }
        let new_cap = need.max(cap.saturating_mul(2));
        let total = self.held() - cap as u64 + new_cap as u64;
        hold(&mut self.charge, total)?;
        let v = if hold_space {
            &mut self.hs
        } else {
            &mut self.ps
        };
        v.reserve_exact(new_cap - len);
        Ok(())
    }

    fn cycle(&mut self, io: &mut Io<'_, '_>, input: &mut Lines<'_>) -> ExRes<End> {
        let cmds = &self.prog.cmds;
        let mut pc = 0;
        while let Some(cmd) = cmds.get(pc) {
            io.tick.tick()?;
            pc += 1;
            if !self.selected(io, input, pc - 1, cmd)? {
                if let Kind::Block(to) = cmd.kind {
                    pc = to;
                }
                continue;
            }
            match &cmd.kind {
                Kind::Block(_) | Kind::Nop => {}
                Kind::LineNo => {
                    let s = format!("{}\n", self.line_no);
                    self.emit(io, Dest::Main, s.as_bytes())?;
                }
                Kind::Text(TextKind::Append, _) => self.enqueue(Queued::Text(pc - 1), 0)?,
                Kind::Text(TextKind::Insert, t) => self.emit(io, Dest::Main, t)?,
                Kind::Text(TextKind::Change, t) => {
                    let in_range = cmd.a2.is_some()
                        && !cmd.negate
                        && self.range.get(pc - 1) != Some(&Range::Inactive);
                    if !in_range {
                        self.emit(io, Dest::Main, t)?;
                    }
                    return Ok(End::Delete);
                }
                Kind::Branch(j, to) => {
                    let go = match j {
                        Jump::Always => true,
                        Jump::IfSub => std::mem::take(&mut self.replaced),
                        Jump::UnlessSub => !std::mem::take(&mut self.replaced),
                    };
                    if go {
                        pc = *to;
                    }
                }
                Kind::Delete => return Ok(End::Delete),
                Kind::DeleteFirst => {
                    let eol = self.set.eol;
                    match self.ps.iter().position(|&b| b == eol) {
                        None => return Ok(End::Delete),
                        Some(i) => {
                            self.ps.drain(..=i);
                            return Ok(End::Restart);
                        }
                    }
                }
                Kind::Get => self.copy_space(false, false)?,
                Kind::GetAppend => self.copy_space(false, true)?,
                Kind::Hold => self.copy_space(true, false)?,
                Kind::HoldAppend => self.copy_space(true, true)?,
                Kind::Exchange => {
                    std::mem::swap(&mut self.ps, &mut self.hs);
                    std::mem::swap(&mut self.chomped, &mut self.hs_chomped);
                }
                Kind::Zap => self.ps.clear(),
                Kind::List(n) => {
                    let width = n.unwrap_or(self.set.wrap);
                    let text = list(&self.ps, width);
                    self.emit(io, Dest::Main, &text)?;
                }
                Kind::Next => {
                    let Some(had_eol) = self.read_line(io, input)? else {
                        return Ok(End::Eof);
                    };
                    if !self.set.quiet {
                        self.emit_ps(io, Dest::Main)?;
                    }
                    self.flush_queue(io)?;
                    self.chomped = had_eol;
                    std::mem::swap(&mut self.ps, &mut self.line);
                    std::mem::swap(&mut self.charge, &mut self.line_charge);
                    self.rebalance()?;
                }
                Kind::NextAppend => {
                    let Some(had_eol) = self.read_line(io, input)? else {
                        return Ok(End::Eof);
                    };
                    self.chomped = had_eol;
                    self.flush_queue(io)?;
                    self.grow(false, self.line.len() + 1)?;
                    self.ps.push(self.set.eol);
                    self.ps.extend_from_slice(&self.line);
                }
                Kind::Print => self.emit_ps(io, Dest::Main)?,
                Kind::PrintFirst => self.emit_first(io, Dest::Main)?,
                Kind::Quit(c) => return Ok(End::Quit(*c)),
                Kind::QuitSilent(c) => return Ok(End::QuitSilent(*c)),
                Kind::ReadFile(name) => {
                    self.enqueue(Queued::File(name.clone()), name.len() as u64)?;
                }
                Kind::ReadLine(name) => self.read_r_line(io, name)?,
                Kind::Subst(s) => self.subst(io, s)?,
                Kind::Translate(map) => {
                    for b in self.ps.iter_mut() {
                        *b = map.get(usize::from(*b)).copied().unwrap_or(*b);
                    }
                }
                Kind::Write(w) => self.emit_ps(io, Dest::W(*w))?,
                Kind::WriteFirst(w) => self.emit_first(io, Dest::W(*w))?,
                Kind::FileName => {
                    let s = format!("{}\n", input.name);
                    self.emit(io, Dest::Main, s.as_bytes())?;
                }
            }
        }
        Ok(End::Cycle)
    }

    /// `g`, `G`, `h`, `H`: copies the hold space into the pattern space
    /// (`to_hold`: the other way), replacing it or after an end of line.
    /// The copy's end carries the source's missing-newline flag.
    fn copy_space(&mut self, to_hold: bool, append: bool) -> ExRes<()> {
        let from_len = if to_hold {
            self.hs_chomped = self.chomped;
            self.ps.len()
        } else {
            self.chomped = self.hs_chomped;
            self.hs.len()
        };
        if !append {
            if to_hold {
                self.hs.clear();
            } else {
                self.ps.clear();
            }
        }
        self.grow(to_hold, from_len + usize::from(append))?;
        let (from, to) = if to_hold {
            (&self.ps, &mut self.hs)
        } else {
            (&self.hs, &mut self.ps)
        };
        if append {
            to.push(self.set.eol);
        }
        to.extend_from_slice(from);
        Ok(())
    }

    /// Whether command `i` applies to the current line.
    fn selected(
        &mut self,
        io: &mut Io<'_, '_>,
        input: &mut Lines<'_>,
        i: usize,
        cmd: &Cmd,
    ) -> ExRes<bool> {
        let Some(a1) = cmd.a1 else {
            return Ok(!cmd.negate);
        };
        let m = match cmd.a2 {
            None => self.match_a1(io, input, a1)?,
            Some(a2) => self.match_range(io, input, i, a1, a2)?,
        };
        Ok(m != cmd.negate)
    }

    fn match_a1(&mut self, io: &mut Io<'_, '_>, input: &mut Lines<'_>, a: Addr) -> ExRes<bool> {
        Ok(match a {
            Addr::Line(n) => self.line_no == n,
            Addr::Zero => false,
            Addr::Last => input.at_end(io.diag)?,
            Addr::Re(r) => self.re_match(io, r)?,
            Addr::Step(first, step) => {
                if step == 0 {
                    self.line_no == first
                } else {
                    self.line_no >= first && (self.line_no - first).is_multiple_of(step)
                }
            }
        })
    }

    fn match_range(
        &mut self,
        io: &mut Io<'_, '_>,
        input: &mut Lines<'_>,
        i: usize,
        a1: Addr,
        a2: Addr2,
    ) -> ExRes<bool> {
        let state = self.range.get(i).copied().unwrap_or(Range::Inactive);
        let l = self.line_no;
        let (next, matched) = match state {
            Range::Inactive => {
                if !self.match_a1(io, input, a1)? {
                    return Ok(false);
                }
                let next = match a2 {
                    Addr2::Line(n) if n > l => Range::Active(Some(n)),
                    Addr2::Plus(n) if n > 0 => Range::Active(Some(l.saturating_add(n))),
                    Addr2::Mult(n) if n > 0 => {
                        Range::Active(Some((l / n).saturating_add(1).saturating_mul(n)))
                    }
                    Addr2::Re(_) | Addr2::Last => Range::Active(None),
                    _ => Range::Inactive,
                };
                (next, true)
            }
            Range::Active(Some(end)) => {
                if l >= end {
                    (Range::Inactive, l == end)
                } else {
                    (state, true)
                }
            }
            Range::Active(None) => {
                let closes = match a2 {
                    Addr2::Re(r) => self.re_match(io, r)?,
                    Addr2::Last => input.at_end(io.diag)?,
                    _ => true,
                };
                (if closes { Range::Inactive } else { state }, true)
            }
        };
        if let Some(r) = self.range.get_mut(i) {
            *r = next;
        }
        Ok(matched)
    }

    /// The regex to use: the one given, or the last one used for `//`.
    fn regex(&mut self, r: Option<usize>) -> ExRes<usize> {
        match r.or(self.last_re) {
            Some(i) => {
                self.last_re = Some(i);
                Ok(i)
            }
            None => Err(Stop::Fatal(
                "-e expression #1, char 0: no previous regular expression".into(),
                1,
            )),
        }
    }

    fn re_match(&mut self, io: &Io<'_, '_>, r: Option<usize>) -> ExRes<bool> {
        let i = self.regex(r)?;
        let Some(rx) = self.prog.regexes.get(i) else {
            return Ok(false);
        };
        let watch = RunWatch::new(io.tick.cancel, &self.memory);
        rx.is_match(&self.ps, &watch).map_err(gave_up)
    }

    fn subst(&mut self, io: &mut Io<'_, '_>, s: &Subst) -> ExRes<()> {
        let i = self.regex(s.re)?;
        let Some(rx) = self.prog.regexes.get(i) else {
            return Ok(());
        };
        let mut locs = match &rx.engine {
            Engine::Auto(re) => Some(
                self.locs
                    .get_mut(i)
                    .and_then(Option::take)
                    .unwrap_or_else(|| re.capture_locations()),
            ),
            Engine::Back(_) => None,
        };
        let base = self.held();
        let room = Room {
            charge: &mut self.charge,
            base,
            memory: &self.memory,
        };
        let out = substitute(&self.ps, rx, locs.as_mut(), s, room, io.tick);
        if let Some(slot) = self.locs.get_mut(i) {
            *slot = locs;
        }
        let Some(out) = out? else {
            return Ok(());
        };
        self.ps = out;
        self.replaced = true;
        let total = self.held();
        settle(&mut self.charge, total)?;
        if s.print {
            self.emit_ps(io, Dest::Main)?;
        }
        if let Some(w) = s.write {
            self.emit_ps(io, Dest::W(w))?;
        }
        Ok(())
    }

    fn read_r_line(&mut self, io: &mut Io<'_, '_>, name: &str) -> ExRes<()> {
        let idx = match self.rfiles.iter().position(|(n, _)| n == name) {
            Some(i) => i,
            None => {
                let mut none: &[u8] = &[];
                let r = match open_input(&mut none, io.fs, io.cwd, name) {
                    Ok(crate::common::input::Input::File(f)) => Some(BufReader::new(f)),
                    _ => None,
                };
                self.rfiles.push((name.to_string(), r));
                self.rfiles.len() - 1
            }
        };
        let Some((_, Some(r))) = self.rfiles.get_mut(idx) else {
            return Ok(());
        };
        let mut line = Vec::new();
        let mut charge = Charge::on(&self.memory);
        match read_line_within(r, &mut line, self.set.eol, &mut charge, &self.memory) {
            Ok(true) => {
                if line.last() != Some(&self.set.eol) {
                    line.push(self.set.eol);
                }
                // The queue's charge takes the line over.
                drop(charge);
                let bytes = line.capacity() as u64;
                self.enqueue(Queued::Line(line), bytes)?;
            }
            Ok(false) => {}
            Err(ReadFail::Stop(f)) => return Err(f.into()),
            Err(ReadFail::Read(_)) => {}
        }
        Ok(())
    }

    /// Writes `data` to `dest`, first ending a line left without its end
    /// of line there.
    fn emit(&mut self, io: &mut Io<'_, '_>, dest: Dest, data: &[u8]) -> ExRes<()> {
        let t = self.target(dest);
        if self.missing.get(t) == Some(&true) {
            self.write_raw(io, t, &[self.set.eol])?;
            if let Some(m) = self.missing.get_mut(t) {
                *m = false;
            }
        }
        self.write_raw(io, t, data)
    }

    /// Writes the pattern space as a line (without its end of line when
    /// the last input line had none).
    fn emit_ps(&mut self, io: &mut Io<'_, '_>, dest: Dest) -> ExRes<()> {
        let ps = std::mem::take(&mut self.ps);
        let r = self.emit_line(io, dest, &ps);
        self.ps = ps;
        r
    }

    fn emit_line(&mut self, io: &mut Io<'_, '_>, dest: Dest, data: &[u8]) -> ExRes<()> {
        self.emit(io, dest, data)?;
        let t = self.target(dest);
        if self.chomped {
            self.write_raw(io, t, &[self.set.eol])
        } else {
            if let Some(m) = self.missing.get_mut(t) {
                *m = true;
            }
            Ok(())
        }
    }

    /// `P` and `W`: the pattern space up to its first end of line.
    fn emit_first(&mut self, io: &mut Io<'_, '_>, dest: Dest) -> ExRes<()> {
        let eol = self.set.eol;
        let ps = std::mem::take(&mut self.ps);
        let r = match ps.iter().position(|&b| b == eol) {
            Some(i) => self.emit(io, dest, ps.get(..=i).unwrap_or(&ps)),
            None => self.emit_line(io, dest, &ps),
        };
        self.ps = ps;
        r
    }

    fn target(&self, dest: Dest) -> usize {
        match dest {
            Dest::Main if self.inplace.is_some() => T_INPLACE,
            Dest::Main => T_STDOUT,
            Dest::W(i) => match self.wfiles.get(i) {
                Some(WTarget::Stdout) => T_STDOUT,
                Some(WTarget::Stderr) => T_STDERR,
                _ => 3 + i,
            },
        }
    }

    fn write_raw(&mut self, io: &mut Io<'_, '_>, t: usize, data: &[u8]) -> ExRes<()> {
        match t {
            T_STDOUT => io.out.put(data)?,
            T_STDERR => io.diag.raw(data),
            T_INPLACE => {
                if let Some(w) = self.inplace.as_mut()
                    && let Err(e) = w.write_all(data)
                {
                    return Err(Stop::Fatal(
                        format!(
                            "couldn't write {} items to {}: {}",
                            data.len(),
                            self.inplace_name,
                            io_msg(&e)
                        ),
                        4,
                    ));
                }
            }
            _ => {
                let i = t - 3;
                if let Some(WTarget::File(w)) = self.wfiles.get_mut(i)
                    && let Err(e) = w.write_all(data)
                {
                    let name = self.prog.wfiles.get(i).cloned().unwrap_or_default();
                    return Err(Stop::Fatal(
                        format!(
                            "couldn't write {} items to {name}: {}",
                            data.len(),
                            io_msg(&e)
                        ),
                        4,
                    ));
                }
            }
        }
        Ok(())
    }

    /// Writes what `a`, `r` and `R` queued.
    fn flush_queue(&mut self, io: &mut Io<'_, '_>) -> ExRes<()> {
        let mut queue = std::mem::take(&mut self.queue);
        for q in &queue {
            match q {
                Queued::Text(i) => {
                    if let Some(Cmd {
                        kind: Kind::Text(_, t),
                        ..
                    }) = self.prog.cmds.get(*i)
                    {
                        self.emit(io, Dest::Main, t)?;
                    }
                }
                Queued::Line(l) => self.emit(io, Dest::Main, l)?,
                Queued::File(name) => self.copy_file(io, name)?,
            }
        }
        // The emptied queue keeps its (charged) room for the next cycle.
        queue.clear();
        self.queue = queue;
        self.queued_bytes = 0;
        Ok(())
    }

    /// `r FILE`: its bytes, in chunks; a file that cannot be read is
    /// skipped silently, as in GNU sed.
    fn copy_file(&mut self, io: &mut Io<'_, '_>, name: &str) -> ExRes<()> {
        let mut none: &[u8] = &[];
        let Ok(crate::common::input::Input::File(mut f)) =
            open_input(&mut none, io.fs, io.cwd, name)
        else {
            return Ok(());
        };
        let mut buf = vec![0u8; 32 * 1024];
        let mut first = true;
        loop {
            io.tick.check()?;
            let n = match f.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            let chunk = buf.get(..n).unwrap_or(&[]);
            if first {
                self.emit(io, Dest::Main, chunk)?;
                first = false;
            } else {
                let t = self.target(Dest::Main);
                self.write_raw(io, t, chunk)?;
            }
        }
        Ok(())
    }
}

/// Makes sure `out` can take `extra` more bytes, charging the growth
/// (on top of `base`) before allocating it.
fn reserve(out: &mut Vec<u8>, extra: usize, charge: &mut Charge, base: u64) -> Result<(), Fail> {
    let need = out.len().saturating_add(extra);
    if need <= out.capacity() {
        return Ok(());
    }
    let new_cap = need.max(out.capacity().saturating_mul(2)).max(64);
    hold(charge, base.saturating_add(new_cap as u64))?;
    out.reserve_exact(new_cap - out.len());
    Ok(())
}

/// What the result of `s` is charged to: `charge`, holding `base` bytes
/// besides it, and the run's budget `memory` (for the backtracker's
/// saved states).
struct Room<'a> {
    charge: &'a mut Charge,
    base: u64,
    memory: &'a Arc<MemoryBudget>,
}

/// The pattern space after `s`, or `None` when nothing was replaced. An
/// empty match right after the previous match is skipped, as in GNU sed
/// (`s/x*/-/g` on `abc` gives `-a-b-c-`).
fn substitute(
    ps: &[u8],
    rx: &super::rx::Rx,
    mut locs: Option<&mut CaptureLocations>,
    s: &Subst,
    room: Room<'_>,
    tick: &mut Ticker<'_>,
) -> ExRes<Option<Vec<u8>>> {
    let Room {
        charge,
        base,
        memory,
    } = room;
    let mut out: Vec<u8> = Vec::new();
    let mut pos = 0;
    let mut copied = 0;
    let mut count = 0u64;
    let mut done = false;
    let mut prev_end: Option<usize> = None;
    let groups = replace::max_group(&s.rep) > 0;
    // The backtracker's groups for the current match.
    let mut back_groups: Vec<Option<(usize, usize)>> = Vec::new();
    while pos <= ps.len() {
        tick.tick()?;
        // Without group references the faster search does: it needs no
        // capture positions (those need a slower engine on big spaces).
        let found = match (&rx.engine, locs.as_deref_mut()) {
            (Engine::Auto(re), Some(locs)) if groups => re
                .captures_read_at(locs, ps, pos)
                .map(|m| (m.start(), m.end())),
            (Engine::Auto(re), _) => re.find_at(ps, pos).map(|m| (m.start(), m.end())),
            (Engine::Back(b), _) => match b.find_at(ps, pos, &RunWatch::new(tick.cancel, memory)) {
                Ok(Some(g)) => {
                    back_groups = g;
                    back_groups.first().copied().flatten()
                }
                Ok(None) => None,
                Err(g) => return Err(gave_up(g)),
            },
        };
        let Some((ms, me)) = found else {
            break;
        };
        if ms == me && prev_end == Some(ms) {
            pos = ms + 1;
            continue;
        }
        count += 1;
        if count >= s.nth {
            let before = ps.get(copied..ms).unwrap_or(&[]);
            reserve(&mut out, before.len(), charge, base)?;
            out.extend_from_slice(before);
            let mut caser = Caser::default();
            for p in &s.rep {
                let piece: &[u8] = match p {
                    Piece::Lit(b) => b,
                    Piece::Group(0) if !groups => ps.get(ms..me).unwrap_or(&[]),
                    Piece::Group(n) => {
                        let span = match (&rx.engine, locs.as_deref()) {
                            (Engine::Back(_), _) => back_groups.get(*n).copied().flatten(),
                            (Engine::Auto(_), Some(locs)) => locs.get(*n),
                            (Engine::Auto(_), None) => None,
                        };
                        match span {
                            Some((a, b)) if groups => ps.get(a..b).unwrap_or(&[]),
                            _ => &[],
                        }
                    }
                    Piece::Case(op) => {
                        caser.op(*op);
                        continue;
                    }
                };
                reserve(&mut out, piece.len(), charge, base)?;
                caser.push(&mut out, piece);
            }
            copied = me;
            done = true;
            if !s.global {
                break;
            }
        }
        prev_end = Some(me);
        pos = if me == ms { me + 1 } else { me };
    }
    if !done {
        return Ok(None);
    }
    let rest = ps.get(copied..).unwrap_or(&[]);
    reserve(&mut out, rest.len(), charge, base)?;
    out.extend_from_slice(rest);
    Ok(Some(out))
}

/// The backtracker stopped: a cancelled run stops; past its bound sed
/// ends with an error, status 4 (GNU sed's for a failure inside sed).
fn gave_up(g: Gave) -> Stop {
    match g {
        Gave::Stopped => Stop::Fail(Fail::Cancelled),
        Gave::Memory => Stop::Fail(Fail::Memory),
        Gave::Up => Stop::Fatal(GAVE_UP_MSG.into(), 4),
    }
}

/// `l`: the pattern space unambiguously, wrapped at `width` (0: never).
fn list(ps: &[u8], width: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(ps.len() * 2 + 2);
    let mut col: u64 = 0;
    let mut esc = [0u8; 4];
    for &b in ps {
        let repr: &[u8] = match b {
            b'\\' => b"\\\\",
            0x07 => b"\\a",
            0x08 => b"\\b",
            0x0c => b"\\f",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x0b => b"\\v",
            0x20..=0x7e => {
                esc[0] = b;
                esc.get(..1).unwrap_or(&[])
            }
            _ => {
                esc = [
                    b'\\',
                    b'0' + (b >> 6),
                    b'0' + ((b >> 3) & 7),
                    b'0' + (b & 7),
                ];
                &esc
            }
        };
        let len = repr.len() as u64;
        if width > 0 && col + len > width - 1 {
            out.extend_from_slice(b"\\\n");
            col = 0;
        }
        out.extend_from_slice(repr);
        col += len;
    }
    out.extend_from_slice(b"$\n");
    out
}

#[cfg(test)]
mod tests {
    use super::list;

    #[test]
    fn list_escapes_and_wraps() {
        assert_eq!(list(b"a\tb\x01\\", 70), b"a\\tb\\001\\\\$\n");
        assert_eq!(list(b"abcd", 3), b"ab\\\ncd$\n");
        assert_eq!(list(b"abc", 1), b"\\\na\\\nb\\\nc$\n");
        assert_eq!(list(b"abc", 0), b"abc$\n");
    }
}
