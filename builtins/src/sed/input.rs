//! The lines sed reads: its input files one after the other as one stream
//! (or one file per stream with `-s` and `-i`), read a line at a time
//! within the run's memory budget, with the look-ahead that `$` needs.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read};
use std::sync::Arc;

use sandbash_interpreter::UtilityContext;
use sandbash_interpreter::memory::{Charge, MemoryBudget};
use sandbash_vfs::{FileReader, FileSystem};

use crate::common::headed::ReadFail;
use crate::common::input::{Input as Opened, open_input, read_line_within};
use crate::common::sys::{Diag, Fail, Res, io_msg};

/// The file being read.
enum Cur {
    Stdin,
    File(BufReader<FileReader>),
}

/// A stream of input lines over some operands.
pub struct Lines<'s> {
    stdin: &'s mut dyn BufRead,
    fs: &'s dyn FileSystem,
    cwd: &'s str,
    memory: Arc<MemoryBudget>,
    eol: u8,
    names: VecDeque<String>,
    cur: Option<(Cur, String)>,
    /// The name of the file the last line came from (`F`).
    pub name: String,
    /// An operand could not be read (exit status 2).
    pub bad: bool,
}

impl<'s> Lines<'s> {
    /// Lines of `names` in order (`-` is standard input).
    pub fn new(
        stdin: &'s mut dyn BufRead,
        fs: &'s dyn FileSystem,
        cwd: &'s str,
        memory: &Arc<MemoryBudget>,
        eol: u8,
        names: Vec<String>,
    ) -> Self {
        Self {
            stdin,
            fs,
            cwd,
            memory: Arc::clone(memory),
            eol,
            names: names.into(),
            cur: None,
            name: "-".into(),
            bad: false,
        }
    }

    /// Opens the next operand that can be opened; false when none is left.
    fn open_next(&mut self, diag: &mut Diag<'_>) -> bool {
        while let Some(name) = self.names.pop_front() {
            if UtilityContext::is_stdin(&name) {
                self.cur = Some((Cur::Stdin, "-".into()));
                return true;
            }
            // A file never reads standard input, so the reader does not
            // borrow it.
            let mut none: &[u8] = &[];
            let none: &mut dyn Read = &mut none;
            match open_input(none, self.fs, self.cwd, &name) {
                Ok(Opened::File(f)) => {
                    let r = BufReader::with_capacity(32 * 1024, f);
                    self.cur = Some((Cur::File(r), name));
                    return true;
                }
                Ok(Opened::Stdin(_)) => {}
                Err(e) => {
                    diag.error(format_args!("can't read {name}: {}", e.kind));
                    self.bad = true;
                }
            }
        }
        false
    }

    /// Reads the next line into `buf` without its end of line; whether it
    /// had one, or `None` at the end of the input.
    pub fn read(
        &mut self,
        diag: &mut Diag<'_>,
        buf: &mut Vec<u8>,
        charge: &mut Charge,
    ) -> Res<Option<bool>> {
        loop {
            if self.cur.is_none() && !self.open_next(diag) {
                return Ok(None);
            }
            let Some((cur, name)) = self.cur.as_mut() else {
                return Ok(None);
            };
            let r: &mut dyn BufRead = match cur {
                Cur::Stdin => &mut *self.stdin,
                Cur::File(f) => f,
            };
            match read_line_within(r, buf, self.eol, charge, &self.memory) {
                Ok(true) => {
                    let had_eol = buf.last() == Some(&self.eol);
                    if had_eol {
                        buf.pop();
                    }
                    self.name.clone_from(name);
                    return Ok(Some(had_eol));
                }
                Ok(false) => self.cur = None,
                Err(ReadFail::Stop(f)) => return Err(f),
                Err(ReadFail::Read(e)) => {
                    diag.error(format_args!("read error on {name}: {}", io_msg(&e)));
                    self.bad = true;
                    self.cur = None;
                }
            }
        }
    }

    /// True when no line is left (it opens the next operands to know).
    pub fn at_end(&mut self, diag: &mut Diag<'_>) -> Res<bool> {
        loop {
            if let Some((cur, _)) = self.cur.as_mut() {
                let r: &mut dyn BufRead = match cur {
                    Cur::Stdin => &mut *self.stdin,
                    Cur::File(f) => f,
                };
                match r.fill_buf() {
                    Ok(b) if !b.is_empty() => return Ok(false),
                    Ok(_) => {}
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(e) => {
                        if e.kind() == std::io::ErrorKind::OutOfMemory {
                            return Err(Fail::Memory);
                        }
                        diag.error(format_args!("read error: {}", io_msg(&e)));
                        self.bad = true;
                    }
                }
                self.cur = None;
            }
            if !self.open_next(diag) {
                return Ok(true);
            }
        }
    }
}
