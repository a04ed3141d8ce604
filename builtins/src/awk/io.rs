//! awk's input side: record separators (`RS` a character, `""` for
//! paragraphs, or a regex), field separators (`FS` `" "`, a character, a
//! regex, `""` for characters) and the sources records are read from
//! (standard input, VFS files, the captured output of a command). Records
//! are read as they are needed, never whole files, each within the room
//! the memory budget leaves.

use std::io::{BufRead, BufReader, Cursor};
use std::rc::Rc;

use sandbash_interpreter::memory::{Charge, MemoryBudget};
use sandbash_vfs::FileReader;

use super::regex::{Rx, compile};
use crate::common::headed::ReadFail;
use crate::common::input::{read_line, read_line_within};
use crate::common::sys::{Fail, settle};

/// How records are separated.
pub enum Rs {
    /// One byte (newline by default).
    Char(u8),
    /// `RS = ""`: blank lines.
    Para,
    /// A regex (an `RS` of more than one character).
    Regex(Rc<Rx>),
}

impl Rs {
    /// The separator `RS` holds.
    pub fn from(rs: &[u8]) -> Result<(Rs, u64), String> {
        Ok(match rs {
            [] => (Rs::Para, 0),
            [c] => (Rs::Char(*c), 0),
            _ => {
                let rx = compile(rs)?;
                let cost = rx.cost;
                (Rs::Regex(rx), cost)
            }
        })
    }
}

/// How fields are separated.
pub enum Fs {
    /// `" "`: runs of blanks and newlines, ignoring those at the ends.
    Space,
    /// One byte, literally.
    Char(u8),
    /// `""`: every byte is a field.
    Each,
    /// A regex.
    Regex(Rc<Rx>),
}

impl Fs {
    /// The separator `FS` holds; in paragraph mode a newline separates
    /// fields too.
    pub fn from(fs: &[u8], para: bool) -> Result<Fs, String> {
        Ok(match (fs, para) {
            (b" ", _) => Fs::Space,
            ([], _) => Fs::Each,
            ([c], false) if *c != b'\\' => Fs::Char(*c),
            ([c], true) => {
                let mut p = Vec::new();
                if b".[]()*+?{}|^$\\".contains(c) {
                    p.push(b'\\');
                }
                p.push(*c);
                p.extend_from_slice(b"|\n");
                Fs::Regex(compile(&p)?)
            }
            (_, false) => Fs::Regex(compile(fs)?),
            (_, true) => {
                let mut p = b"(".to_vec();
                p.extend_from_slice(fs);
                p.extend_from_slice(b")|\n");
                Fs::Regex(compile(&p)?)
            }
        })
    }
}

/// Splits `rec` into field ranges by `fs` (`out` is cleared first).
pub fn split(rec: &[u8], fs: &Fs, out: &mut Vec<(usize, usize)>) {
    out.clear();
    match fs {
        Fs::Space => {
            let mut i = 0;
            let n = rec.len();
            let blank = |b: u8| b == b' ' || b == b'\t' || b == b'\n';
            while i < n {
                while rec.get(i).is_some_and(|&b| blank(b)) {
                    i += 1;
                }
                if i >= n {
                    break;
                }
                let s = i;
                while rec.get(i).is_some_and(|&b| !blank(b)) {
                    i += 1;
                }
                out.push((s, i));
            }
        }
        Fs::Char(c) => {
            if rec.is_empty() {
                return;
            }
            let mut s = 0;
            for (i, &b) in rec.iter().enumerate() {
                if b == *c {
                    out.push((s, i));
                    s = i + 1;
                }
            }
            out.push((s, rec.len()));
        }
        Fs::Each => out.extend((0..rec.len()).map(|i| (i, i + 1))),
        Fs::Regex(rx) => {
            if rec.is_empty() {
                return;
            }
            let mut s = 0;
            let mut pos = 0;
            while pos <= rec.len() {
                let Some(m) = rx.re.find_at(rec, pos) else {
                    break;
                };
                if m.start() == m.end() {
                    pos = m.end() + 1;
                    continue;
                }
                out.push((s, m.start()));
                s = m.end();
                pos = m.end();
            }
            out.push((s, rec.len()));
        }
    }
}

/// Where records come from.
pub enum Source {
    /// The utility's standard input.
    Stdin,
    /// A file of the VFS.
    File(BufReader<FileReader>),
    /// What a command wrote, and the memory charge for it (released when
    /// the source is dropped).
    Bytes(Cursor<Vec<u8>>, #[allow(dead_code)] Charge),
}

/// An open input: its source and what a regex `RS` has read ahead.
pub struct Reader {
    /// The source.
    pub src: Source,
    pending: Vec<u8>,
    pending_charge: Option<Charge>,
    eof: bool,
}

impl Reader {
    /// A reader over `src`.
    pub fn new(src: Source) -> Self {
        Self {
            src,
            pending: Vec::new(),
            pending_charge: None,
            eof: false,
        }
    }

    /// Reads the next record into `rec` (its separator dropped); false
    /// at the end of the input.
    pub fn read(
        &mut self,
        stdin: &mut dyn BufRead,
        rs: &Rs,
        rec: &mut Vec<u8>,
        charge: &mut Charge,
        budget: &std::sync::Arc<MemoryBudget>,
    ) -> Result<bool, ReadFail> {
        let r: &mut dyn BufRead = match &mut self.src {
            Source::Stdin => stdin,
            Source::File(f) => f,
            Source::Bytes(c, _) => c,
        };
        match rs {
            Rs::Char(c) => {
                let more = read_line_within(r, rec, *c, charge, budget)?;
                if rec.last() == Some(c) {
                    rec.pop();
                }
                Ok(more)
            }
            Rs::Para => {
                // Leading newlines are skipped; the record ends at a blank line.
                loop {
                    let buf = r.fill_buf().map_err(ReadFail::Read)?;
                    if buf.is_empty() {
                        rec.clear();
                        return Ok(false);
                    }
                    let n = buf.iter().take_while(|&&b| b == b'\n').count();
                    let all = n == buf.len();
                    r.consume(n);
                    if !all {
                        break;
                    }
                }
                rec.clear();
                let mut line = Vec::new();
                loop {
                    let room = budget.room().saturating_add(charge.bytes());
                    let max = usize::try_from(room)
                        .unwrap_or(usize::MAX)
                        .saturating_sub(rec.len());
                    match read_line(r, &mut line, b'\n', max) {
                        Ok(false) => break,
                        Ok(true) => {}
                        Err(e) if e.kind() == std::io::ErrorKind::OutOfMemory => {
                            budget.breach();
                            return Err(ReadFail::Stop(Fail::Memory));
                        }
                        Err(e) => return Err(ReadFail::Read(e)),
                    }
                    if line == b"\n" {
                        loop {
                            let buf = r.fill_buf().map_err(ReadFail::Read)?;
                            let n = buf.iter().take_while(|&&b| b == b'\n').count();
                            let stop = n < buf.len() || buf.is_empty();
                            r.consume(n);
                            if stop {
                                break;
                            }
                        }
                        break;
                    }
                    rec.extend_from_slice(&line);
                    settle(charge, rec.capacity() as u64)?;
                }
                while rec.last() == Some(&b'\n') {
                    rec.pop();
                }
                Ok(true)
            }
            Rs::Regex(rx) => {
                let pc = self
                    .pending_charge
                    .get_or_insert_with(|| Charge::on(budget));
                loop {
                    let found = rx.re.find_iter(&self.pending).find(|m| {
                        m.start() < m.end() && (m.end() < self.pending.len() || self.eof)
                    });
                    if let Some(m) = found {
                        rec.clear();
                        rec.extend_from_slice(self.pending.get(..m.start()).unwrap_or(&[]));
                        settle(charge, rec.capacity() as u64)?;
                        self.pending.drain(..m.end());
                        return Ok(true);
                    }
                    if self.eof {
                        if self.pending.is_empty() {
                            rec.clear();
                            return Ok(false);
                        }
                        rec.clear();
                        rec.append(&mut self.pending);
                        settle(charge, rec.capacity() as u64)?;
                        return Ok(true);
                    }
                    // Read until what is pending doubles, so that a long
                    // stretch without a separator is scanned O(log n) times.
                    let target = (self.pending.len() * 2).max(64 << 10);
                    while self.pending.len() < target {
                        let buf = r.fill_buf().map_err(ReadFail::Read)?;
                        if buf.is_empty() {
                            self.eof = true;
                            break;
                        }
                        let n = buf.len();
                        if (self.pending.len() + n) as u64
                            > budget.room().saturating_add(pc.bytes())
                        {
                            budget.breach();
                            return Err(ReadFail::Stop(Fail::Memory));
                        }
                        self.pending.extend_from_slice(buf);
                        r.consume(n);
                        settle(pc, self.pending.capacity() as u64)?;
                    }
                }
            }
        }
    }
}
