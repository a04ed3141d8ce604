//! `-i[FLAGS]` / `--info[=FLAGS]`: what dos2unix 7.4 prints about each
//! file instead of converting it: its DOS, Unix and Mac line breaks, its
//! byte order mark, whether it is text or binary, and its name.
//!
//! A line is `  %6u` per count, `  %-8s` for the BOM, `  %-6s` for text
//! or binary, then the name, after two spaces only when a field came
//! before it. The input is read a chunk at a time (never held whole).

use sandbash_vfs::FileKind;

use crate::common::input::open_input;
use crate::common::sys::{Res, Sys};

use super::BOM;

/// The flags after `-i`.
#[derive(Clone, Copy, Default)]
pub struct Flags {
    dos: bool,
    unix: bool,
    mac: bool,
    bom: bool,
    text: bool,
    /// `c`: only the files the conversion would change.
    changed_only: bool,
    /// `h`: a header line first.
    header: bool,
    /// `p`: names without their directories.
    no_path: bool,
    /// `0`: lines end with NUL.
    nul: bool,
}

impl Flags {
    /// Reads the flags; `Err` names the first unknown one. Without any of
    /// `d u m b t c`, every field is printed.
    pub fn parse(s: &str) -> Result<Flags, char> {
        let mut f = Flags::default();
        for c in s.chars() {
            match c {
                'd' => f.dos = true,
                'u' => f.unix = true,
                'm' => f.mac = true,
                'b' => f.bom = true,
                't' => f.text = true,
                'c' => f.changed_only = true,
                'h' => f.header = true,
                'p' => f.no_path = true,
                '0' => f.nul = true,
                other => return Err(other),
            }
        }
        if !(f.dos || f.unix || f.mac || f.bom || f.text || f.changed_only) {
            (f.dos, f.unix, f.mac, f.bom, f.text) = (true, true, true, true, true);
        }
        Ok(f)
    }
}

/// What the conversion would look at.
#[derive(Clone, Copy)]
pub struct Target {
    /// dos2unix (else unix2dos).
    pub to_unix: bool,
    /// `-c mac`.
    pub mac: bool,
    /// `-f`: binary files are converted too.
    pub force: bool,
}

/// The counts of one input.
#[derive(Default)]
struct Counts {
    dos: u64,
    unix: u64,
    mac: u64,
    bom: bool,
    binary: bool,
}

/// Counts line breaks chunk by chunk: a CR waits for the next byte.
#[derive(Default)]
struct Counter {
    counts: Counts,
    head: Vec<u8>,
    started: bool,
    cr: bool,
}

impl Counter {
    fn feed(&mut self, data: &[u8]) {
        if !self.started {
            self.head.extend_from_slice(data);
            if self.head.len() < BOM.len() && BOM.starts_with(&self.head) {
                return;
            }
            self.started = true;
            let head = std::mem::take(&mut self.head);
            let body = match head.strip_prefix(BOM) {
                Some(rest) => {
                    self.counts.bom = true;
                    rest
                }
                None => &head[..],
            };
            self.count(body);
            return;
        }
        self.count(data);
    }

    fn count(&mut self, data: &[u8]) {
        for &b in data {
            if self.cr {
                self.cr = false;
                if b == b'\n' {
                    self.counts.dos += 1;
                    continue;
                }
                self.counts.mac += 1;
            }
            match b {
                b'\r' => self.cr = true,
                b'\n' => self.counts.unix += 1,
                b'\t' | 0x0c => {}
                b if b < 0x20 => self.counts.binary = true,
                _ => {}
            }
        }
    }

    fn finish(mut self) -> Counts {
        if !self.started {
            let head = std::mem::take(&mut self.head);
            self.started = true;
            self.count(&head);
        }
        if self.cr {
            self.counts.mac += 1;
        }
        self.counts
    }
}

/// Prints the information for each operand (standard input, unnamed,
/// when there is none); gives the exit status. Missing files and
/// non-regular ones are reported as the conversion reports them.
pub fn run(
    sys: &mut Sys<'_>,
    flags: Flags,
    target: Target,
    quiet: bool,
    operands: &[String],
) -> Res<i32> {
    let end = if flags.nul { '\0' } else { '\n' };
    if flags.header {
        let mut line = fields(flags, ["DOS", "UNIX", "MAC"], "BOM", "TXTBIN");
        line.push_str(if line.is_empty() { "FILE" } else { "  FILE" });
        line.push(end);
        sys.out.str(&line)?;
    }
    if operands.is_empty() {
        let counts = count(sys, "-")?;
        if let Ok(c) = counts {
            print(sys, flags, target, &c, "")?;
        }
        return Ok(0);
    }
    let mut status = 0;
    for op in operands {
        sys.tick.check()?;
        let kind = sys
            .resolve(op)
            .and_then(|p| sys.fs.metadata(&p).map(|m| m.kind));
        match kind {
            Ok(FileKind::File) => {}
            Ok(_) => {
                if !quiet {
                    sys.diag
                        .error(format_args!("Skipping {op}, not a regular file."));
                }
                continue;
            }
            Err(e) => {
                if !quiet {
                    sys.diag.error(format_args!("{op}: {}", e.kind));
                    sys.diag
                        .error(format_args!("Skipping {op}, not a regular file."));
                    status = 2;
                }
                continue;
            }
        }
        match count(sys, op)? {
            Ok(c) => {
                let shown = if flags.no_path {
                    op.rsplit('/').next().unwrap_or(op)
                } else {
                    op
                };
                print(sys, flags, target, &c, shown)?;
            }
            Err(msg) => {
                if !quiet {
                    sys.diag.error(format_args!("{op}: {msg}"));
                    status = 2;
                }
            }
        }
    }
    Ok(status)
}

/// The selected fields of a line (or of the header), without the name.
fn fields(flags: Flags, counts: [&str; 3], bom: &str, text: &str) -> String {
    let mut s = String::new();
    for (value, on) in counts.iter().zip([flags.dos, flags.unix, flags.mac]) {
        if on {
            s.push_str(&format!("  {value:>6}"));
        }
    }
    if flags.bom {
        s.push_str(&format!("  {bom:<8}"));
    }
    if flags.text {
        s.push_str(&format!("  {text:<6}"));
    }
    s
}

fn print(sys: &mut Sys<'_>, flags: Flags, target: Target, c: &Counts, name: &str) -> Res<()> {
    if flags.changed_only {
        let breaks = match (target.to_unix, target.mac) {
            (true, false) => c.dos,
            (true, true) => c.mac,
            (false, _) => c.unix,
        };
        if breaks == 0 || (c.binary && !target.force) {
            return Ok(());
        }
    }
    let (dos, unix, mac) = (c.dos.to_string(), c.unix.to_string(), c.mac.to_string());
    let mut line = fields(
        flags,
        [&dos, &unix, &mac],
        if c.bom { "UTF-8" } else { "no_bom" },
        if c.binary { "binary" } else { "text" },
    );
    // Standard input has no name, and no separator before it.
    if !line.is_empty() && !name.is_empty() {
        line.push_str("  ");
    }
    line.push_str(name);
    line.push(if flags.nul { '\0' } else { '\n' });
    sys.out.str(&line)
}

/// Counts `op` (`-`: standard input); `Err` carries a read error's text.
fn count(sys: &mut Sys<'_>, op: &str) -> Res<Result<Counts, String>> {
    let mut input = match open_input(&mut *sys.stdin, sys.fs, sys.cwd, op) {
        Ok(i) => i,
        Err(e) => return Ok(Err(e.kind.to_string())),
    };
    let mut counter = Counter::default();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        sys.tick.check()?;
        match std::io::Read::read(&mut input, &mut buf) {
            Ok(0) => break,
            Ok(n) => counter.feed(buf.get(..n).unwrap_or(&[])),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Ok(Err(crate::common::sys::io_msg(&e))),
        }
    }
    Ok(Ok(counter.finish()))
}
