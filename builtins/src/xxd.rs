//! `xxd`: a hex dump, or its reverse, as vim's xxd 2022-01-14 makes it.
//!
//! xxd reads its own command line: options before the operands, each
//! matched on its first two characters (`-ps` is `-p`, `--cols` is
//! `-cols` is `-c`), values attached or in the next word and read as C's
//! `strtol` reads them (`0x10`); anything else starting with `-` prints the
//! usage on standard error with status 1. The operands are `[infile
//! [outfile]]`, `-` meaning the standard stream.
//!
//! The dump streams a line at a time; `-a` holds back one line of zeros
//! (the `*` logic of xxd's `xxdline`, kept exactly). `-r` streams too when
//! it writes to standard output (a forward jump writes zeros, a backward
//! one is `Sorry, cannot seek backwards.`, status 5, as on a pipe); into
//! an outfile it patches the file as xxd does, holding the file's bytes
//! charged to the memory budget.

use std::borrow::Cow;
use std::io::{BufRead, BufReader, Write};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::input::{Input, open_input};
use crate::common::sys::{Fail, Res, Sys, hold, io_msg};
use sandbash_vfs::WriteMode;

/// `xxd`.
pub struct Xxd;

const USAGE: &str = "Usage:
       xxd [options] [infile [outfile]]
    or
       xxd -r [-s [-]offset] [-c cols] [-ps] [infile [outfile]]
Options:
    -a          toggle autoskip: A single '*' replaces nul-lines. Default off.
    -b          binary digit dump (incompatible with -ps,-i,-r). Default hex.
    -C          capitalize variable names in C include file style (-i).
    -c cols     format <cols> octets per line. Default 16 (-i: 12, -ps: 30).
    -E          show characters in EBCDIC. Default ASCII.
    -e          little-endian dump (incompatible with -ps,-i,-r).
    -g bytes    number of octets per group in normal output. Default 2 (-e: 4).
    -h          print this summary.
    -i          output in C include file style.
    -l len      stop after <len> octets.
    -n name     set the variable name used in C include output (-i).
    -o off      add <off> to the displayed file position.
    -ps         output in postscript plain hexdump style.
    -r          reverse operation: convert (or patch) hexdump into binary.
    -r -s off   revert with <off> added to file positions found in hexdump.
    -d          show offset in decimal instead of hex.
    -s [+][-]seek  start at <seek> bytes abs. (or +: rel.) infile offset.
    -u          use upper case hex letters.
    -v          show version: \"xxd 2022-01-14 by Juergen Weigert et al.\".
";

const VERSION: &str = "xxd 2022-01-14 by Juergen Weigert et al.\n";

/// What `-E` shows for each byte read as EBCDIC: xxd's `etoa64` table
/// (bytes below 64 are `.`), then its printable test, applied.
#[rustfmt::skip]
const EBCDIC: &[u8; 256] = b"................................................................\
\x20...........<(+|&.........!$*);~-/.........,%_>?.........`:#@'=\"\
.abcdefghi.......jklmnopqr^.......stuvwxyz...[...............]..\
{ABCDEFGHI......}JKLMNOPQR......\\.STUVWXYZ......0123456789......";

/// The widest line (`-c`) of the dumps with an ASCII column.
const MAX_COLS: i64 = 256;

impl Command for Xxd {
    const NAME: &'static str = "xxd";
    const HELP: Help = Help {
        usage: &["[options] [infile [outfile]]"],
        about: "Make a hex dump or do the reverse.",
        after: "",
    };
    type Key = ();
    /// None: xxd reads its words itself ([`parse`]).
    const FLAGS: &'static [Flag<()>] = &[];

    /// Every word goes to [`parse`], `--help` and `--version` included
    /// (xxd reads them as `-h` and `-v`).
    fn prepare(args: &[String]) -> Cow<'_, [String]> {
        let mut words = Vec::with_capacity(args.len() + 1);
        words.push("--".to_string());
        words.extend(args.iter().cloned());
        Cow::Owned(words)
    }

    fn main(sys: &mut Sys<'_>, p: Args<()>) -> Res<i32> {
        match parse(&p.operands) {
            Ok(o) => run(sys, &o),
            Err(Stop::Usage) => {
                sys.diag.raw(USAGE.as_bytes());
                Ok(1)
            }
            Err(Stop::Version) => {
                sys.diag.raw(VERSION.as_bytes());
                Ok(0)
            }
        }
    }
}

/// The kind of output.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Normal,
    Bits,
    Little,
    Plain,
    Include,
}

/// The command line, read.
#[derive(Debug)]
struct Opts {
    kind: Kind,
    autoskip: bool,
    upper: bool,
    capitalize: bool,
    ebcdic: bool,
    decimal: bool,
    revert: bool,
    cols: i64,
    group: i64,
    length: i64,
    display: u64,
    seek: i64,
    relseek: bool,
    negseek: bool,
    name: Option<String>,
    infile: Option<String>,
    outfile: Option<String>,
}

enum Stop {
    Usage,
    Version,
}

/// C's `strtol(s, NULL, 0)`: the number at the start of `s`, clamped to
/// `i64`; 0 when there is none.
pub fn strtol(s: &str) -> i64 {
    let (n, _) = crate::common::num::c_strtol(s);
    i64::try_from(n).unwrap_or(if n < 0 { i64::MIN } else { i64::MAX })
}

/// Reads xxd's words: options, then `[infile [outfile]]`.
fn parse(words: &[String]) -> Result<Opts, Stop> {
    let mut o = Opts {
        kind: Kind::Normal,
        autoskip: false,
        upper: false,
        capitalize: false,
        ebcdic: false,
        decimal: false,
        revert: false,
        cols: 0,
        group: -1,
        length: -1,
        display: 0,
        seek: 0,
        relseek: true,
        negseek: false,
        name: None,
        infile: None,
        outfile: None,
    };
    let mut i = 0;
    // The value of an option: attached unless the rest spells the long
    // name, else the next word.
    let value = |i: &mut usize, rest: &str, long: &str| -> Result<String, Stop> {
        if !rest.is_empty() && !rest.starts_with(long) {
            return Ok(rest.to_owned());
        }
        *i += 1;
        words.get(*i).cloned().ok_or(Stop::Usage)
    };
    while let Some(w) = words.get(i) {
        let pp = match w.strip_prefix('-') {
            Some(r) if r.starts_with('-') && r.len() > 1 => r,
            _ => w.as_str(),
        };
        let (head, rest) = if pp.len() >= 2 && pp.is_char_boundary(2) {
            pp.split_at(2)
        } else {
            (pp, "")
        };
        match head {
            "-a" => o.autoskip = !o.autoskip,
            "-b" => o.kind = Kind::Bits,
            "-e" => o.kind = Kind::Little,
            "-u" => o.upper = true,
            "-p" => o.kind = Kind::Plain,
            "-i" => o.kind = Kind::Include,
            "-C" => o.capitalize = true,
            "-d" => o.decimal = true,
            "-r" => o.revert = true,
            "-E" => o.ebcdic = true,
            "-v" => return Err(Stop::Version),
            "-c" => {
                if rest.starts_with("apitalize") {
                    o.capitalize = true;
                } else {
                    o.cols = strtol(&value(&mut i, rest, "ols")?);
                }
            }
            "-g" => o.group = strtol(&value(&mut i, rest, "roup")?),
            "-o" => o.display = strtol(&value(&mut i, rest, "ffset")?) as u64,
            "-l" => o.length = strtol(&value(&mut i, rest, "en")?),
            "-n" => o.name = Some(value(&mut i, rest, "ame")?),
            "-s" => {
                let v = if !rest.is_empty() && !rest.starts_with("kip") && !rest.starts_with("eek")
                {
                    rest.to_owned()
                } else {
                    i += 1;
                    words.get(i).cloned().ok_or(Stop::Usage)?
                };
                o.relseek = v.starts_with('+');
                let v = v.strip_prefix('+').unwrap_or(&v);
                o.negseek = v.starts_with('-');
                o.seek = strtol(v.strip_prefix('-').unwrap_or(v));
            }
            _ if pp == "--" => {
                i += 1;
                break;
            }
            _ if pp.starts_with('-') && pp.len() > 1 => return Err(Stop::Usage),
            _ => break,
        }
        i += 1;
    }
    let rest = words.get(i..).unwrap_or(&[]);
    if rest.len() > 2 {
        return Err(Stop::Usage);
    }
    o.infile = rest.first().filter(|s| *s != "-").cloned();
    o.outfile = rest.get(1).filter(|s| *s != "-").cloned();
    Ok(o)
}

/// Where the output goes: standard output or the outfile.
enum Sink<'a, 'c> {
    Out(&'a mut crate::common::sys::Out<'c>),
    File(std::io::BufWriter<sandbash_vfs::FileWriter>),
}

impl Sink<'_, '_> {
    fn put(&mut self, b: &[u8]) -> Res<()> {
        match self {
            Self::Out(o) => o.put(b),
            Self::File(f) => f.write_all(b).map_err(Fail::Write),
        }
    }

    fn flush(&mut self) -> Res<()> {
        match self {
            Self::Out(o) => o.flush(),
            Self::File(f) => f.flush().map_err(Fail::Write),
        }
    }
}

fn run(sys: &mut Sys<'_>, o: &Opts) -> Res<i32> {
    let mut cols = o.cols;
    if cols == 0 {
        cols = match o.kind {
            Kind::Plain => 30,
            Kind::Include => 12,
            Kind::Bits => 6,
            Kind::Normal | Kind::Little => 16,
        };
    }
    let mut group = o.group;
    if group < 0 {
        group = match o.kind {
            Kind::Bits => 1,
            Kind::Normal => 2,
            Kind::Little => 4,
            Kind::Plain | Kind::Include => 0,
        };
    }
    let dumps = matches!(o.kind, Kind::Normal | Kind::Bits | Kind::Little);
    if (o.kind == Kind::Plain && cols < 0)
        || (o.kind != Kind::Plain && cols < 1)
        || (dumps && cols > MAX_COLS)
    {
        sys.diag
            .error(format_args!("invalid number of columns (max. {MAX_COLS})."));
        return Ok(1);
    }
    if group < 1 || group > cols {
        group = cols;
    } else if o.kind == Kind::Little && (group & (group - 1)) != 0 {
        sys.diag
            .error("number of octets per group must be a power of 2 with -e.");
        return Ok(1);
    }
    let insize = match &o.infile {
        Some(f) => sys
            .resolve(f)
            .and_then(|p| sys.fs.metadata(&p))
            .ok()
            .map(|m| m.size),
        None => None,
    };
    let inop = o.infile.clone().unwrap_or_else(|| "-".into());
    let input = match open_input(&mut *sys.stdin, sys.fs, sys.cwd, &inop) {
        Ok(i) => i,
        // xxd opens a directory and fails on reading it, unnamed.
        Err(e) if e.kind == sandbash_vfs::FsErrorKind::IsADirectory => {
            sys.diag.error(e.kind);
            return Ok(2);
        }
        Err(e) => {
            sys.diag.fs(&inop, &e);
            return Ok(2);
        }
    };
    let mut r = BufReader::with_capacity(64 * 1024, input);
    if o.revert {
        if o.kind == Kind::Include {
            sys.diag.error("Sorry, cannot revert this type of hexdump");
            return Ok(255);
        }
        let base = if o.negseek {
            o.seek.wrapping_neg()
        } else {
            o.seek
        };
        let plain = o.kind == Kind::Plain;
        return match &o.outfile {
            None => {
                let mut w = StreamOut {
                    out: &mut sys.out,
                    cancel: sys.tick.cancel,
                };
                let status = revert(&mut r, &mut w, cols, plain, base, sys.tick.cancel)?;
                if status == 5 {
                    sys.out.flush()?;
                    sys.diag.error("Sorry, cannot seek backwards.");
                }
                Ok(status)
            }
            Some(f) => {
                let path = match sandbash_vfs::path::resolve(sys.cwd, f) {
                    Ok(p) => p,
                    Err(e) => {
                        sys.diag.fs(f, &e);
                        return Ok(3);
                    }
                };
                let mut data = Vec::new();
                if let Ok(mut old) = sys.fs.open_read(&path) {
                    let mut charge = sandbash_interpreter::memory::Charge::on(sys.memory);
                    if crate::common::input::read_all_within(
                        &mut old,
                        &mut data,
                        &mut charge,
                        sys.memory,
                        sys.tick.cancel,
                    )
                    .is_err()
                    {
                        return Err(Fail::Memory);
                    }
                }
                let mut w = PatchOut {
                    data,
                    charge: sandbash_interpreter::memory::Charge::on(sys.memory),
                };
                let status = revert(&mut r, &mut w, cols, plain, base, sys.tick.cancel)?;
                if let Err(e) = sys.fs.write(&path, &w.data) {
                    sys.diag.fs(f, &e);
                    return Ok(3);
                }
                Ok(status)
            }
        };
    }
    // Seek: a file by its size, standard input by reading past.
    let mut seekoff = o.seek;
    if o.seek != 0 || o.negseek || !o.relseek {
        let target = match insize {
            Some(size) if o.negseek && !o.relseek => i64::try_from(size)
                .unwrap_or(i64::MAX)
                .saturating_sub(o.seek),
            Some(_) if o.negseek => o.seek.saturating_neg(),
            Some(_) => o.seek,
            None if o.negseek => -1,
            None => o.seek,
        };
        if target < 0 {
            sys.diag.error("Sorry, cannot seek.");
            return Ok(4);
        }
        let mut left = target;
        while left > 0 {
            sys.tick.check()?;
            let avail = match r.fill_buf() {
                Ok(b) => b.len(),
                Err(e) => {
                    sys.diag.error(format_args!("{inop}: {}", io_msg(&e)));
                    return Ok(2);
                }
            };
            if avail == 0 {
                if insize.is_none() {
                    sys.diag.error("Sorry, cannot seek.");
                    return Ok(4);
                }
                break;
            }
            let k = usize::try_from(left).unwrap_or(usize::MAX).min(avail);
            r.consume(k);
            left -= k as i64;
        }
        seekoff = target;
    }
    let mut sink = match &o.outfile {
        None => Sink::Out(&mut sys.out),
        Some(f) => {
            let opened = sandbash_vfs::path::resolve(sys.cwd, f)
                .and_then(|p| sys.fs.open_write(&p, WriteMode::Truncate));
            match opened {
                Ok(w) => Sink::File(std::io::BufWriter::new(w)),
                Err(e) => {
                    sys.diag.fs(f, &e);
                    return Ok(3);
                }
            }
        }
    };
    let hex: &[u8; 16] = if o.upper {
        b"0123456789ABCDEF"
    } else {
        b"0123456789abcdef"
    };
    let mut bytes = Bytes {
        r: &mut r,
        left: o.length,
    };
    let tick = &mut sys.tick;
    let status = match o.kind {
        Kind::Include => {
            let name = o.name.as_deref().or(o.infile.as_deref());
            include(&mut bytes, &mut sink, tick, name, cols, o)
        }
        Kind::Plain => {
            let mut p = cols;
            let mut any = false;
            loop {
                tick.tick()?;
                let Some(e) = bytes.next() else { break };
                any = true;
                sink.put(&[hex[usize::from(e >> 4)], hex[usize::from(e & 15)]])?;
                p -= 1;
                if p == 0 {
                    sink.put(b"\n")?;
                    p = cols;
                }
            }
            if any && p < cols {
                sink.put(b"\n")?;
            }
            Ok(())
        }
        _ => dump(&mut bytes, &mut sink, tick, o, hex, cols, group, seekoff),
    };
    status?;
    sink.flush()?;
    if bytes.failed() {
        return Ok(2);
    }
    Ok(0)
}

/// The input, byte by byte, stopping after `-l` bytes (`left < 0`: no
/// limit) or at a read error.
struct Bytes<'r, 'i> {
    r: &'r mut BufReader<Input<'i>>,
    left: i64,
}

impl Bytes<'_, '_> {
    fn next(&mut self) -> Option<u8> {
        if self.left == 0 {
            return None;
        }
        let b = *self.r.fill_buf().ok()?.first()?;
        self.r.consume(1);
        if self.left > 0 {
            self.left -= 1;
        }
        Some(b)
    }

    fn failed(&mut self) -> bool {
        self.left != 0 && self.r.fill_buf().is_err()
    }
}

/// `-i`: a C array, named after the file (or `-n`) when there is one.
fn include(
    bytes: &mut Bytes<'_, '_>,
    sink: &mut Sink<'_, '_>,
    tick: &mut crate::common::sys::Ticker<'_>,
    name: Option<&str>,
    cols: i64,
    o: &Opts,
) -> Res<()> {
    let var = name.map(|n| {
        let raw = sandbash_interpreter::bytes::encode(n);
        let mut v = Vec::with_capacity(raw.len() + 2);
        if raw.first().is_some_and(u8::is_ascii_digit) {
            v.extend_from_slice(b"__");
        }
        for &c in raw.iter() {
            v.push(if !c.is_ascii_alphanumeric() {
                b'_'
            } else if o.capitalize {
                c.to_ascii_uppercase()
            } else {
                c
            });
        }
        v
    });
    if let Some(v) = &var {
        sink.put(b"unsigned char ")?;
        sink.put(v)?;
        sink.put(b"[] = {\n")?;
    }
    let mut p: i64 = 0;
    loop {
        tick.tick()?;
        let Some(c) = bytes.next() else { break };
        let lead: &[u8] = if p % cols != 0 {
            b", "
        } else if p == 0 {
            b"  "
        } else {
            b",\n  "
        };
        sink.put(lead)?;
        let num = if o.upper {
            format!("0X{c:02X}")
        } else {
            format!("0x{c:02x}")
        };
        sink.put(num.as_bytes())?;
        p += 1;
    }
    if p != 0 {
        sink.put(b"\n")?;
    }
    if let Some(v) = &var {
        sink.put(b"};\nunsigned int ")?;
        sink.put(v)?;
        let len = if o.capitalize { "_LEN" } else { "_len" };
        sink.put(format!("{len} = {p};\n").as_bytes())?;
    }
    Ok(())
}

/// xxd's `xxdline`: with `-a`, the second of a run of zero lines is held,
/// a longer run becomes `*`, and the run's last line is printed.
struct Lines {
    held: Vec<u8>,
    zero_seen: i32,
}

impl Lines {
    fn line(&mut self, sink: &mut Sink<'_, '_>, l: &[u8], nz: i32) -> Res<()> {
        if nz == 0 && self.zero_seen == 1 {
            self.held.clear();
            self.held.extend_from_slice(l);
        }
        let first = self.zero_seen == 0;
        if nz == 0 {
            self.zero_seen += 1;
        }
        if nz != 0 || first {
            if nz != 0 {
                if nz < 0 {
                    self.zero_seen -= 1;
                }
                if self.zero_seen == 2 {
                    sink.put(&self.held)?;
                }
                if self.zero_seen > 2 {
                    sink.put(b"*\n")?;
                }
            }
            if nz >= 0 || self.zero_seen > 0 {
                sink.put(l)?;
            }
            if nz != 0 {
                self.zero_seen = 0;
            }
        }
        Ok(())
    }
}

/// The hex (`-e` little-endian) or bits dump with its ASCII column.
#[allow(clippy::too_many_arguments)]
fn dump(
    bytes: &mut Bytes<'_, '_>,
    sink: &mut Sink<'_, '_>,
    tick: &mut crate::common::sys::Ticker<'_>,
    o: &Opts,
    hex: &[u8; 16],
    cols: i64,
    group: i64,
    seekoff: i64,
) -> Res<()> {
    let bits = o.kind == Kind::Bits;
    let grplen = if bits { 8 * group + 1 } else { 2 * group + 1 };
    let mut l: Vec<u8> = Vec::new();
    let mut lines = Lines {
        held: Vec::new(),
        zero_seen: 0,
    };
    let (mut p, mut n, mut c, mut addrlen, mut nonzero) = (0i64, 0i64, 0usize, 9usize, 0);
    let put = |l: &mut Vec<u8>, at: usize, b: u8| {
        if l.len() <= at {
            l.resize(at + 1, b' ');
        }
        if let Some(slot) = l.get_mut(at) {
            *slot = b;
        }
    };
    loop {
        tick.tick()?;
        let Some(e) = bytes.next() else { break };
        if p == 0 {
            let at = (n.wrapping_add(seekoff) as u64).wrapping_add(o.display);
            l.clear();
            if o.decimal {
                l.extend_from_slice(format!("{at:08}:").as_bytes());
            } else {
                l.extend_from_slice(format!("{at:08x}:").as_bytes());
            }
            addrlen = l.len();
        }
        let x = if o.kind == Kind::Little {
            p ^ (group - 1)
        } else {
            p
        };
        c = addrlen + 1 + usize::try_from(grplen * x / group).unwrap_or(0);
        if bits {
            for i in (0..8).rev() {
                put(&mut l, c, if e & (1 << i) != 0 { b'1' } else { b'0' });
                c += 1;
            }
        } else {
            put(&mut l, c, hex[usize::from(e >> 4)]);
            put(&mut l, c + 1, hex[usize::from(e & 15)]);
        }
        if e != 0 {
            nonzero += 1;
        }
        c = addrlen + 3 + usize::try_from((grplen * cols - 1) / group + p).unwrap_or(0);
        let shown = if o.ebcdic {
            EBCDIC[usize::from(e)]
        } else if (32..127).contains(&e) {
            e
        } else {
            b'.'
        };
        put(&mut l, c, shown);
        c += 1;
        n += 1;
        p += 1;
        if p == cols {
            l.truncate(c);
            l.push(b'\n');
            lines.line(sink, &l, if o.autoskip { nonzero } else { 1 })?;
            nonzero = 0;
            p = 0;
        }
    }
    if p != 0 {
        l.truncate(c);
        l.push(b'\n');
        lines.line(sink, &l, 1)?;
    } else if o.autoskip {
        lines.line(sink, &l, -1)?;
    }
    Ok(())
}

/// Where `-r` writes.
trait RevOut {
    /// Moves from `have` to `target` as xxd's `fseek` (and its zero fill
    /// on a pipe) does; `false` when the output cannot go there.
    fn seek(&mut self, target: i64, have: i64) -> Res<bool>;
    /// Writes `b` at `at`.
    fn put(&mut self, at: i64, b: u8) -> Res<()>;
}

/// Standard output, a stream: a forward jump writes zeros, a backward
/// one fails.
struct StreamOut<'a, 'c> {
    out: &'a mut crate::common::sys::Out<'c>,
    cancel: &'a sandbash_interpreter::Cancel,
}

impl RevOut for StreamOut<'_, '_> {
    fn seek(&mut self, target: i64, have: i64) -> Res<bool> {
        if target < have {
            return Ok(false);
        }
        self.out
            .repeat(self.cancel, 0, u64::try_from(target - have).unwrap_or(0))?;
        Ok(true)
    }

    fn put(&mut self, _at: i64, b: u8) -> Res<()> {
        self.out.put(&[b])
    }
}

/// An outfile, patched in memory: the bytes of the old file, overwritten
/// where the dump says, grown with zeros up to a written byte.
struct PatchOut {
    data: Vec<u8>,
    charge: sandbash_interpreter::memory::Charge,
}

impl RevOut for PatchOut {
    fn seek(&mut self, target: i64, _have: i64) -> Res<bool> {
        Ok(target >= 0)
    }

    fn put(&mut self, at: i64, b: u8) -> Res<()> {
        let at = usize::try_from(at).map_err(|_| Fail::Memory)?;
        if at >= self.data.len() {
            hold(&mut self.charge, at as u64 + 1)?;
            self.data.resize(at + 1, 0);
        }
        if let Some(slot) = self.data.get_mut(at) {
            *slot = b;
        }
        Ok(())
    }
}

fn hexval(c: u8) -> i32 {
    match c {
        b'0'..=b'9' => i32::from(c - b'0'),
        b'a'..=b'f' => i32::from(c - b'a' + 10),
        b'A'..=b'F' => i32::from(c - b'A' + 10),
        _ => -1,
    }
}

/// The next byte of `r`; `None` at its end or on a read error.
fn next(r: &mut BufReader<Input<'_>>) -> Option<u8> {
    let b = *r.fill_buf().ok()?.first()?;
    r.consume(1);
    Some(b)
}

/// Reads through the end of the line `c` is in; gives the last byte read.
fn skip_to_eol(r: &mut BufReader<Input<'_>>, mut c: u8) -> u8 {
    while c != b'\n' {
        match next(r) {
            Some(b) => c = b,
            None => break,
        }
    }
    c
}

/// xxd's `huntype`: hex text back into bytes. Returns the exit status (5
/// when the dump goes backwards on a stream).
fn revert(
    r: &mut BufReader<Input<'_>>,
    w: &mut dyn RevOut,
    cols: i64,
    plain: bool,
    base: i64,
    cancel: &sandbash_interpreter::Cancel,
) -> Res<i32> {
    let (mut n1, mut n2) = (-1i32, 0i32);
    let mut ign_garb = true;
    let mut p = cols;
    let (mut have, mut want) = (0i64, 0i64);
    let mut count = 0u32;
    while let Some(mut c) = next(r) {
        count = count.wrapping_add(1);
        if count.is_multiple_of(4096) && cancel.is_stopped() {
            return Err(Fail::Cancelled);
        }
        if c == b'\r' {
            continue;
        }
        if plain && matches!(c, b' ' | b'\n' | b'\t') {
            continue;
        }
        let n3 = n2;
        n2 = n1;
        n1 = hexval(c);
        if n1 == -1 && ign_garb {
            continue;
        }
        ign_garb = false;
        if !plain && p >= cols {
            if n1 < 0 {
                p = 0;
                continue;
            }
            want = want.wrapping_shl(4) | i64::from(n1);
            continue;
        }
        let target = base.wrapping_add(want);
        if target != have {
            if !w.seek(target, have)? {
                return Ok(5);
            }
            have = target;
        }
        if n2 >= 0 && n1 >= 0 {
            w.put(have, ((n2 << 4) | n1) as u8)?;
            have = have.wrapping_add(1);
            want = want.wrapping_add(1);
            n1 = -1;
            if !plain {
                p += 1;
                if p >= cols {
                    c = skip_to_eol(r, c);
                }
            }
        } else if n1 < 0 && n2 < 0 && n3 < 0 {
            c = skip_to_eol(r, c);
        }
        if c == b'\n' {
            if !plain {
                want = 0;
            }
            p = cols;
            ign_garb = true;
        }
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::{Xxd, strtol};
    use crate::testutil::{TestFs, run, run0};

    #[test]
    fn c_numbers() {
        assert_eq!(strtol("0x10"), 16);
        assert_eq!(strtol("010"), 8);
        assert_eq!(strtol("12ab"), 12);
        assert_eq!(strtol("-3"), -3);
        assert_eq!(strtol("zz"), 0);
    }

    #[test]
    fn dumps() {
        let o = run0(&Xxd, &[], b"hi\n");
        assert_eq!(
            o.out,
            "00000000: 6869 0a                                  hi.\n"
        );
        let o = run0(&Xxd, &["-ps", "-c", "2"], b"abc");
        assert_eq!(o.out, "6162\n63\n");
        let o = run0(&Xxd, &["-e"], b"abcde");
        assert_eq!(
            o.out,
            "00000000: 64636261       65                    abcde\n"
        );
        let o = run0(&Xxd, &["-E"], b"\xc1\x81\x40\x4b");
        assert_eq!(
            o.out,
            "00000000: c181 404b                                Aa .\n"
        );
        let o = run0(&Xxd, &["-i", "-u"], b"ab");
        assert_eq!(o.out, "  0X61, 0X62\n");
    }

    #[test]
    fn reverse() {
        let o = run0(&Xxd, &["-r", "-p"], b"6869\n0a");
        assert_eq!(o.out, "hi\n");
        let o = run0(&Xxd, &["-r"], b"00000010: 41\n00000000: 42\n");
        assert_eq!(o.status, 5);
        assert_eq!(o.err, "xxd: Sorry, cannot seek backwards.\n");
        let fs = TestFs::new();
        fs.file("/workspace/f", b"abcd");
        let o = run(&Xxd, &["-r", "-", "f"], b"00000001: 5859\n", &fs);
        assert_eq!(o.status, 0);
        assert_eq!(fs.text("/workspace/f"), "aXYd");
    }

    #[test]
    fn usage_and_errors() {
        let o = run0(&Xxd, &["-Z"], b"");
        assert_eq!(o.status, 1);
        assert!(o.err.starts_with("Usage:\n       xxd [options]"));
        let o = run0(&Xxd, &["-c", "300"], b"");
        assert_eq!(o.err, "xxd: invalid number of columns (max. 256).\n");
        let o = run0(&Xxd, &["-s", "10"], b"abc");
        assert_eq!(
            (o.status, o.err.as_str()),
            (4, "xxd: Sorry, cannot seek.\n")
        );
    }
}
