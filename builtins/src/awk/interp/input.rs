//! awk's input: the main input (files and assignments named on the
//! command line, or standard input) read record by record, and every form
//! of `getline`.

use super::*;

impl Interp<'_, '_, '_> {
    pub(super) fn read_from(
        &mut self,
        r: &mut Reader,
        into_rec: bool,
    ) -> R<Result<Option<Vec<u8>>, String>> {
        let memory = self.e.memory.clone();
        let res = if into_rec {
            // Read into the spare buffer so that `$0` stays what it was
            // at the end of the input.
            let mut buf = std::mem::take(&mut self.inbuf);
            let mut charge = std::mem::take(&mut self.inbuf_charge);
            let res = r.read(&mut self.e.stdin, &self.rs, &mut buf, &mut charge, &memory);
            if matches!(res, Ok(true)) {
                std::mem::swap(&mut buf, &mut self.rec);
                std::mem::swap(&mut charge, &mut self.rec_charge);
            }
            self.inbuf = buf;
            self.inbuf_charge = charge;
            res.map(|more| more.then(Vec::new))
        } else {
            let mut buf = Vec::new();
            let mut charge = Charge::on(&memory);
            r.read(&mut self.e.stdin, &self.rs, &mut buf, &mut charge, &memory)
                .map(|more| more.then_some(buf))
        };
        match res {
            Ok(x) => Ok(Ok(x)),
            Err(ReadFail::Stop(f)) => Err(Jump::Fail(f)),
            Err(ReadFail::Read(e)) => Ok(Err(io_msg(&e))),
        }
    }

    pub(super) fn is_assignment(arg: &[u8]) -> Option<(&[u8], &[u8])> {
        let eq = arg.iter().position(|&b| b == b'=')?;
        let (name, rest) = arg.split_at(eq);
        let first = *name.first()?;
        if !(first.is_ascii_alphabetic() || first == b'_')
            || !name.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_')
        {
            return None;
        }
        Some((name, rest.get(1..).unwrap_or(&[])))
    }

    /// A command-line `name=value` assignment (also `-v`).
    pub fn cmdline_assign(&mut self, name: &[u8], value: &[u8]) -> R<()> {
        let name = String::from_utf8_lossy(name).into_owned();
        let Some(slot) = self.prog.globals.iter().position(|g| *g == name) else {
            return Ok(());
        };
        let v = super::super::lex::unescape(value);
        self.set_var(Var::Global(slot as u32), Value::strnum(&v))
    }

    /// Opens the next input operand from `ARGV` (doing assignments on
    /// the way); false when there is none left.
    pub(super) fn open_next(&mut self) -> R<bool> {
        loop {
            let argc = self.get_var(Var::Global(p::ARGC))?.num();
            if (self.argi as f64) >= argc {
                if self.opened_any {
                    return Ok(false);
                }
                self.opened_any = true;
                self.main = Some(Reader::new(Source::Stdin));
                self.set_var(Var::Global(p::FNR), Value::Num(0.0))?;
                return Ok(true);
            }
            let i = self.argi;
            self.argi += 1;
            let id = self.array_id(Var::Global(p::ARGV))?;
            let key: Str = Rc::from(i.to_string().into_bytes());
            let Some(arg) = self.arr(id)?.map.get(&key).cloned() else {
                continue;
            };
            let arg = self.to_str(&arg);
            if arg.is_empty() {
                continue;
            }
            if let Some((name, value)) = Self::is_assignment(&arg) {
                self.cmdline_assign(name, value)?;
                continue;
            }
            self.opened_any = true;
            let text = sandbash_interpreter::bytes::decode(&arg).into_owned();
            let src = self.open_source(&text);
            match src {
                Ok(s) => {
                    self.main = Some(Reader::new(s));
                    self.set_var(Var::Global(p::FILENAME), Value::Str(arg.clone()))?;
                    self.set_var(Var::Global(p::FNR), Value::Num(0.0))?;
                    return Ok(true);
                }
                Err(e) => {
                    self.e.out.flush()?;
                    let shown = String::from_utf8_lossy(&arg).into_owned();
                    // gawk skips a directory with a warning; any other
                    // file it cannot open ends the run.
                    if e.kind == sandbash_vfs::FsErrorKind::IsADirectory {
                        self.e.diag.error(format_args!(
                            "warning: command line argument `{shown}' is a directory: skipped"
                        ));
                        continue;
                    }
                    self.e.diag.error(format_args!(
                        "fatal: cannot open file `{shown}' for reading: {}",
                        e.kind
                    ));
                    return Err(Jump::Abort(2));
                }
            }
        }
    }

    /// Opens an input operand: standard input for `-` and `/dev/stdin`,
    /// else a file of the VFS (not a directory).
    pub(super) fn open_source(&self, text: &str) -> sandbash_vfs::FsResult<Source> {
        if text == "-" || text == "/dev/stdin" {
            return Ok(Source::Stdin);
        }
        let path = sandbash_vfs::path::resolve(self.e.cwd, text)?;
        if self.e.fs.metadata(&path)?.is_dir() {
            return Err(sandbash_vfs::FsError::new(
                sandbash_vfs::FsErrorKind::IsADirectory,
                path,
            ));
        }
        let f = self.e.fs.open_read(&path)?;
        Ok(Source::File(BufReader::with_capacity(32 << 10, f)))
    }

    /// Reads the next record of the main input into `$0` (or returns it
    /// when `keep` is false); counts `NR` and `FNR`.
    pub(super) fn next_main(&mut self, into_rec: bool) -> R<Option<Option<Vec<u8>>>> {
        loop {
            self.e.tick.tick()?;
            if self.main_done {
                return Ok(None);
            }
            if self.main.is_none() && !self.open_next()? {
                self.main_done = true;
                return Ok(None);
            }
            let Some(mut r) = self.main.take() else {
                continue;
            };
            let got = self.read_from(&mut r, into_rec)?;
            match got {
                Ok(Some(b)) => {
                    self.main = Some(r);
                    for slot in [p::NR, p::FNR] {
                        if let Some(c) = self.globals.get_mut(slot as usize) {
                            let n = match c {
                                Cell::Val(v) => v.num() + 1.0,
                                Cell::Arr(_) => 1.0,
                            };
                            *c = Cell::Val(Value::Num(n));
                        }
                    }
                    if into_rec {
                        self.record_changed();
                        return Ok(Some(None));
                    }
                    return Ok(Some(Some(b)));
                }
                Ok(None) => {}
                Err(msg) => {
                    self.e
                        .diag
                        .error(format_args!("warning: error reading input: {msg}"));
                    self.status = 2;
                }
            }
        }
    }

    /// Skips the rest of the current input file (`nextfile`).
    pub fn skip_file(&mut self) {
        self.main = None;
    }

    pub(super) fn getline(&mut self, src: &GetSrc, lv: Option<&LVal>) -> R<Value> {
        self.e.tick.tick()?;
        match src {
            GetSrc::Main => {
                let got = self.next_main(lv.is_none())?;
                match (got, lv) {
                    (None, _) => Ok(Value::Num(0.0)),
                    (Some(Some(b)), Some(lv)) => {
                        self.assign(lv, Value::strnum(&b))?;
                        Ok(Value::Num(1.0))
                    }
                    (Some(_), _) => Ok(Value::Num(1.0)),
                }
            }
            GetSrc::File(f) | GetSrc::Cmd(f) => {
                let is_cmd = matches!(src, GetSrc::Cmd(_));
                let name = self.eval_str(f)?;
                let mut r = match self.readers.remove(&name[..]) {
                    Some(r) => r,
                    None => {
                        if is_cmd {
                            let mut out = Vec::new();
                            self.run_command(&name, b"", Some(&mut out))?;
                            let mut ch = Charge::on(&self.e.memory);
                            if !ch.grow(out.len() as u64) {
                                return Err(Jump::Fail(Fail::Memory));
                            }
                            Reader::new(Source::Bytes(std::io::Cursor::new(out), ch))
                        } else {
                            let text = sandbash_interpreter::bytes::decode(&name).into_owned();
                            match self.open_source(&text) {
                                Ok(src) => Reader::new(src),
                                Err(_) => return Ok(Value::Num(-1.0)),
                            }
                        }
                    }
                };
                let got = self.read_from(&mut r, lv.is_none())?;
                self.readers.insert(name.to_vec(), r);
                match got {
                    Ok(Some(b)) => {
                        if is_cmd {
                            let n = self.get_var(Var::Global(p::NR))?.num() + 1.0;
                            self.set_var(Var::Global(p::NR), Value::Num(n))?;
                        }
                        match lv {
                            Some(lv) => self.assign(lv, Value::strnum(&b))?,
                            None => self.record_changed(),
                        }
                        Ok(Value::Num(1.0))
                    }
                    Ok(None) => Ok(Value::Num(0.0)),
                    Err(_) => Ok(Value::Num(-1.0)),
                }
            }
        }
    }
}
