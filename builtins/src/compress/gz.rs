//! gzip (1.12): the member framing (header, CRC-32, length, concatenated
//! members, trailing garbage) is written here over flate2's raw DEFLATE
//! (`miniz_oxide`), so that each failure gets gzip's own wording.

use std::io::{self, BufRead, Read, Write};

use flate2::{Compress, Compression, Crc, Decompress, FlushCompress, FlushDecompress, Status};

use super::driver::{Opts, buffered, take};
use super::{DecodeError, Decoded, Encoder, Format, Key, Meta, Msg};
use crate::common::flags::{Flag, OptError};
use crate::common::sys::{Res, Sys};

/// gzip's options.
pub const FLAGS: &[Flag<Key>] = &[
    Flag::new(
        'c',
        &["stdout", "to-stdout"],
        Key::Stdout,
        "write on standard output, keep original files unchanged",
    ),
    Flag::new(
        'd',
        &["decompress", "uncompress"],
        Key::Decompress,
        "decompress",
    ),
    Flag::new(
        'f',
        &["force"],
        Key::Force,
        "force overwrite of output file and compress links",
    ),
    Flag::new('k', &["keep"], Key::Keep, "keep (don't delete) input files"),
    Flag::new('l', &["list"], Key::List, "list compressed file contents"),
    Flag::new('L', &["license"], Key::License, "display software license"),
    Flag::new(
        'n',
        &["no-name"],
        Key::NoName,
        "do not save or restore the original name and timestamp",
    ),
    Flag::new(
        'N',
        &["name"],
        Key::Name,
        "save or restore the original name and timestamp",
    ),
    Flag::new('q', &["quiet"], Key::Quiet, "suppress all warnings"),
    Flag::new(
        'r',
        &["recursive"],
        Key::Recursive,
        "operate recursively on directories",
    ),
    Flag::long(
        &["rsyncable"],
        Key::Rsyncable,
        "make rsync-friendly archive",
    ),
    Flag::new(
        'S',
        &["suffix"],
        Key::Suffix,
        "use suffix SUF on compressed files",
    )
    .value("SUF"),
    Flag::long(
        &["synchronous"],
        Key::Synchronous,
        "synchronous output (safer if system crashes, but slower)",
    ),
    Flag::new('t', &["test"], Key::Test, "test compressed file integrity"),
    Flag::new('v', &["verbose"], Key::Verbose, "verbose mode"),
    Flag::new('1', &["fast"], Key::Fast, "compress faster"),
    Flag::new('2', &[], Key::Level(2), ""),
    Flag::new('3', &[], Key::Level(3), ""),
    Flag::new('4', &[], Key::Level(4), ""),
    Flag::new('5', &[], Key::Level(5), ""),
    Flag::new('6', &[], Key::Level(6), ""),
    Flag::new('7', &[], Key::Level(7), ""),
    Flag::new('8', &[], Key::Level(8), ""),
    Flag::new('9', &["best"], Key::Best, "compress better"),
];

const MAGIC: [u8; 2] = [0x1f, 0x8b];
const FHCRC: u8 = 2;
const FEXTRA: u8 = 4;
const FNAME: u8 = 8;
const FCOMMENT: u8 = 16;
/// The longest stored name kept (the rest is skipped).
const NAME_MAX: usize = 1024;

/// The gzip format.
pub struct Gz;

/// A member header as read.
#[derive(Default)]
pub struct Header {
    pub name: Option<String>,
    pub mtime: u32,
    /// Bytes the header took.
    pub len: u64,
}

/// One gzip member written as it comes: the header at once, the DEFLATE
/// of each write as it is made (64 KiB of output at a time), the CRC-32
/// and length at [`Encoder::finish`].
pub struct GzWriter<W: Write> {
    w: W,
    c: Compress,
    crc: Crc,
    outb: Vec<u8>,
}

impl<W: Write> GzWriter<W> {
    /// Writes the member header (the level's XFL, `meta`'s name and
    /// mtime) and starts the DEFLATE stream at `level`.
    pub fn new(mut w: W, level: u8, meta: &Meta) -> io::Result<Self> {
        let mut head = vec![0x1f, 0x8b, 8];
        let name = meta.name.as_deref().filter(|n| !n.is_empty());
        head.push(if name.is_some() { FNAME } else { 0 });
        head.extend_from_slice(&meta.mtime.to_le_bytes());
        head.push(match level {
            9 => 2,
            1 => 4,
            _ => 0,
        });
        head.push(3);
        if let Some(n) = name {
            head.extend(
                sandbash_interpreter::bytes::encode(n)
                    .iter()
                    .filter(|&&b| b != 0),
            );
            head.push(0);
        }
        w.write_all(&head)?;
        Ok(Self {
            w,
            c: Compress::new(Compression::new(u32::from(level)), false),
            crc: Crc::new(),
            outb: vec![0u8; 64 * 1024],
        })
    }

    /// Runs `data` through the compressor, writing what comes out; with
    /// `Finish`, until the stream's end.
    fn pump(&mut self, data: &[u8], flush: FlushCompress) -> io::Result<()> {
        let finish = matches!(flush, FlushCompress::Finish);
        let mut pos = 0;
        loop {
            let (bi, bo) = (self.c.total_in(), self.c.total_out());
            let st = self
                .c
                .compress(data.get(pos..).unwrap_or(&[]), &mut self.outb, flush)
                .map_err(io::Error::other)?;
            pos += (self.c.total_in() - bi) as usize;
            let made = (self.c.total_out() - bo) as usize;
            self.w.write_all(self.outb.get(..made).unwrap_or(&[]))?;
            if st == Status::StreamEnd {
                return Ok(());
            }
            if !finish && pos >= data.len() && made < self.outb.len() {
                return Ok(());
            }
        }
    }
}

impl<W: Write> Write for GzWriter<W> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.crc.update(data);
        self.pump(data, FlushCompress::None)?;
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }
}

impl<W: Write> Encoder for GzWriter<W> {
    fn finish(mut self: Box<Self>) -> io::Result<()> {
        self.pump(&[], FlushCompress::Finish)?;
        let (sum, amount) = (self.crc.sum(), self.crc.amount());
        self.w.write_all(&sum.to_le_bytes())?;
        self.w.write_all(&amount.to_le_bytes())?;
        self.w.flush()
    }
}

impl Format for Gz {
    const SUFFIX: &'static str = ".gz";
    const LEVEL: u8 = 6;
    const DIAG: Option<&'static str> = Some("gzip");
    const STDIN: &'static str = "stdin";
    const GZIP: bool = true;

    fn memory(_: &Opts) -> u64 {
        // The deflate state (~300 KiB for miniz_oxide) and two 64 KiB buffers.
        512 * 1024
    }

    fn writer<'w>(
        o: &Opts,
        w: Box<dyn Write + 'w>,
        meta: &Meta,
    ) -> io::Result<Box<dyn Encoder + 'w>> {
        Ok(Box::new(GzWriter::new(w, o.level_or(Self::LEVEL), meta)?))
    }

    fn decompress(
        o: &Opts,
        r: &mut dyn Read,
        w: &mut dyn Write,
        _: &mut sandbash_interpreter::memory::Charge,
    ) -> Result<Decoded, DecodeError> {
        let mut r = buffered(r);
        let first = r.fill_buf()?;
        let gzip = first.starts_with(&MAGIC) || first == [0x1f];
        if !gzip {
            if o.force && o.stdout && !o.test {
                super::copy(&mut r, w)?;
                return Ok(Decoded::Ok);
            }
            if first.is_empty() {
                return Err(DecodeError::Truncated);
            }
            return Err(DecodeError::NotFormat);
        }
        let mut members = 0u64;
        loop {
            if members > 0 {
                let buf = r.fill_buf()?;
                if buf.is_empty() {
                    return Ok(Decoded::Ok);
                }
                if !buf.starts_with(&MAGIC) {
                    // Trailing zeros (tape padding) are ignored silently.
                    loop {
                        let buf = r.fill_buf()?;
                        if buf.is_empty() {
                            return Ok(Decoded::Ok);
                        }
                        if buf.iter().any(|&b| b != 0) {
                            return Ok(Decoded::TrailingGarbage);
                        }
                        let k = buf.len();
                        r.consume(k);
                    }
                }
            }
            header(&mut r)?;
            member(&mut r, w)?;
            members += 1;
        }
    }

    fn list(sys: &mut Sys<'_>, o: &Opts, operands: &[String]) -> Res<i32> {
        list(sys, o, operands)
    }

    fn validate(sys: &mut Sys<'_>, o: &Opts) -> Option<i32> {
        // gzip's MAX_SUFFIX is 30.
        let s = o.suffix.as_deref()?;
        if s.is_empty() || s.len() > 30 {
            sys.diag.error(format_args!("invalid suffix '{s}'"));
            return Some(1);
        }
        None
    }

    fn strip(o: &Opts, name: &str) -> Option<String> {
        const TABLE: &[(&str, &str)] = &[
            (".gz", ""),
            (".GZ", ""),
            ("-gz", ""),
            (".z", ""),
            (".Z", ""),
            ("-z", ""),
            ("_z", ""),
            (".tgz", ".tar"),
            (".taz", ".tar"),
        ];
        super::strip_suffix(name, o.suffix.as_deref(), TABLE)
    }

    fn usage_error(sys: &mut Sys<'_>, err: &OptError) -> i32 {
        sys.diag.error(err);
        sys.diag.raw(b"Try `gzip --help' for more information.\n");
        1
    }

    fn msg(sys: &mut Sys<'_>, o: &Opts, m: Msg<'_>) -> i32 {
        // -q silences the warnings (not the errors, nor "already exists").
        if o.quiet {
            match m {
                Msg::HasSuffix(_) | Msg::UnknownSuffix(_) => return 0,
                Msg::Directory(_) | Msg::NotRegular(_) | Msg::Trailing(_) => return 2,
                _ => {}
            }
        }
        let n = sys.diag.name;
        // The whole text written to standard error, and the status.
        let (text, status) = match m {
            Msg::Open(op, e) | Msg::Create(op, e) => (format!("{n}: {op}: {}\n", e.kind), 1),
            Msg::Exists { output, .. } => (
                format!("{n}: {output} already exists;\tnot overwritten\n"),
                2,
            ),
            Msg::HasSuffix(op) => (
                format!("{n}: {op} already has .gz suffix -- unchanged\n"),
                0,
            ),
            Msg::UnknownSuffix(op) => (format!("{n}: {op}: unknown suffix -- ignored\n"), 2),
            Msg::Symlink(op) => (format!("{n}: {op}: Too many levels of symbolic links\n"), 1),
            Msg::List => (String::new(), 0),
            Msg::Directory(op) => (format!("{n}: {op} is a directory -- ignored\n"), 2),
            Msg::NotRegular(op) => (
                format!("{n}: {op} is not a directory or a regular file - ignored\n"),
                2,
            ),
            Msg::Decode { input, err, .. } => {
                let what = match err {
                    DecodeError::NotFormat => "not in gzip format".to_string(),
                    DecodeError::Truncated => "unexpected end of file".to_string(),
                    DecodeError::Crc => "invalid compressed data--crc error".to_string(),
                    DecodeError::Corrupt(s) => format!("invalid compressed data--{s}"),
                    DecodeError::Unsupported(s) => s.clone(),
                    DecodeError::Io(e) => crate::common::sys::io_msg(e),
                    DecodeError::Memory => "memory exhausted".to_string(),
                };
                (format!("\n{n}: {input}: {what}\n"), 1)
            }
            Msg::Trailing(op) => (
                format!("\n{n}: {op}: decompression OK, trailing garbage ignored\n"),
                2,
            ),
            Msg::TestOk(op, _) if op == Self::STDIN => (" OK\n".to_string(), 0),
            Msg::TestOk(op, _) => (format!("{op}:\t OK\n"), 0),
            Msg::Done {
                input,
                output,
                sizes,
            } => {
                let r = ratio(
                    sizes.plain as i64 - (sizes.packed as i64 - sizes.overhead as i64),
                    sizes.plain as i64,
                );
                (format!("{input}:\t{r} -- replaced with {output}\n"), 0)
            }
        };
        sys.diag.raw(text.as_bytes());
        status
    }
}

/// Reads a member header (the magic included).
pub fn header(r: &mut dyn BufRead) -> Result<Header, DecodeError> {
    let fixed = take(r, 10)?;
    if fixed.get(..2) != Some(&MAGIC[..]) {
        return Err(DecodeError::NotFormat);
    }
    let method = fixed.get(2).copied().unwrap_or(0);
    if method != 8 {
        return Err(DecodeError::Unsupported(format!(
            "unknown method {method} -- not supported"
        )));
    }
    let flags = fixed.get(3).copied().unwrap_or(0);
    if flags & 0xe0 != 0 {
        return Err(DecodeError::Unsupported(format!(
            "has flags 0x{flags:x} -- not supported"
        )));
    }
    let mut h = Header {
        mtime: u32::from_le_bytes([
            fixed.get(4).copied().unwrap_or(0),
            fixed.get(5).copied().unwrap_or(0),
            fixed.get(6).copied().unwrap_or(0),
            fixed.get(7).copied().unwrap_or(0),
        ]),
        len: 10,
        name: None,
    };
    if flags & FEXTRA != 0 {
        let l = take(r, 2)?;
        let n = usize::from(u16::from_le_bytes([
            l.first().copied().unwrap_or(0),
            l.get(1).copied().unwrap_or(0),
        ]));
        take(r, n)?;
        h.len += 2 + n as u64;
    }
    if flags & FNAME != 0 {
        let (name, n) = zstring(r)?;
        h.len += n;
        // Only the last component, so `-N` never writes elsewhere.
        let base = name.rsplit(|&b| b == b'/').next().unwrap_or(&[]).to_vec();
        if !base.is_empty() && base != b"." && base != b".." {
            h.name = Some(sandbash_interpreter::bytes::decode(&base).into_owned());
        }
    }
    if flags & FCOMMENT != 0 {
        h.len += zstring(r)?.1;
    }
    if flags & FHCRC != 0 {
        take(r, 2)?;
        h.len += 2;
    }
    Ok(h)
}

/// A NUL-terminated string (its first [`NAME_MAX`] bytes) and the bytes
/// it took.
fn zstring(r: &mut dyn BufRead) -> Result<(Vec<u8>, u64), DecodeError> {
    let mut s = Vec::new();
    let mut n = 0u64;
    loop {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            return Err(DecodeError::Truncated);
        }
        match buf.iter().position(|&b| b == 0) {
            Some(i) => {
                let keep = i.min(NAME_MAX.saturating_sub(s.len()));
                s.extend_from_slice(buf.get(..keep).unwrap_or(&[]));
                r.consume(i + 1);
                return Ok((s, n + i as u64 + 1));
            }
            None => {
                let k = buf.len();
                let keep = k.min(NAME_MAX.saturating_sub(s.len()));
                s.extend_from_slice(buf.get(..keep).unwrap_or(&[]));
                r.consume(k);
                n += k as u64;
            }
        }
    }
}

/// Inflates one member's data and checks its trailer.
fn member(r: &mut dyn BufRead, w: &mut dyn Write) -> Result<(), DecodeError> {
    let mut d = Decompress::new(false);
    let mut crc = Crc::new();
    let mut outb = vec![0u8; 64 * 1024];
    let mut stalled = 0;
    loop {
        let inb = r.fill_buf()?;
        let eof = inb.is_empty();
        let (bi, bo) = (d.total_in(), d.total_out());
        let st = d
            .decompress(inb, &mut outb, FlushDecompress::None)
            .map_err(|_| DecodeError::Corrupt("format violated"))?;
        let used = (d.total_in() - bi) as usize;
        let made = (d.total_out() - bo) as usize;
        r.consume(used);
        let out = outb.get(..made).unwrap_or(&[]);
        crc.update(out);
        w.write_all(out)?;
        if st == Status::StreamEnd {
            break;
        }
        if used == 0 && made == 0 {
            stalled += 1;
            if eof || stalled > 2 {
                return Err(DecodeError::Truncated);
            }
        } else {
            stalled = 0;
        }
    }
    let t = take(r, 8)?;
    let word = |i: usize| {
        u32::from_le_bytes([
            t.get(i).copied().unwrap_or(0),
            t.get(i + 1).copied().unwrap_or(0),
            t.get(i + 2).copied().unwrap_or(0),
            t.get(i + 3).copied().unwrap_or(0),
        ])
    };
    if word(0) != crc.sum() {
        return Err(DecodeError::Crc);
    }
    if word(4) != crc.amount() {
        return Err(DecodeError::Corrupt("length error"));
    }
    Ok(())
}

/// The header of the file at `p` (for `-N`), `None` when it is not gzip.
pub fn stored_meta(sys: &mut Sys<'_>, p: &str) -> Option<Meta> {
    let mut f = sys.fs.open_read(p).ok()?;
    let mut r = buffered(&mut f);
    let h = header(&mut r).ok()?;
    Some(Meta {
        name: h.name,
        mtime: h.mtime,
        overhead: h.len + 8,
    })
}

/// `gzip -l`: sizes from the file's size and the last trailer, as gzip
/// does (so a multi-member file shows the last member's length).
pub fn list(sys: &mut Sys<'_>, o: &Opts, operands: &[String]) -> Res<i32> {
    const W: usize = 19;
    let mut first = true;
    let mut status = 0;
    let (mut tin, mut tout, mut count, mut last_overhead) = (0u64, 0u64, 0u32, 0u64);
    let dash = ["-".to_string()];
    let ops = if operands.is_empty() {
        &dash[..]
    } else {
        operands
    };
    for op in ops {
        sys.tick.check()?;
        let stdin = sandbash_interpreter::UtilityContext::is_stdin(op);
        let (op, mut f, md): (String, Box<dyn Read + '_>, _) = if stdin {
            ("stdout".to_string(), Box::new(&mut *sys.stdin), None)
        } else {
            let (op, p) = match super::driver::find::<Gz>(sys, o, op, 0) {
                Ok((op, p, _)) => (op, p),
                Err((shown, e)) => {
                    status = 1;
                    sys.diag.error(format_args!("{shown}: {}", e.kind));
                    continue;
                }
            };
            let md = sys.fs.metadata(&p).ok();
            match sys.fs.open_read(&p) {
                Ok(f) => (op, Box::new(f), md),
                Err(e) => {
                    status = 1;
                    sys.diag.error(format_args!("{op}: {}", e.kind));
                    continue;
                }
            }
        };
        let op = op.as_str();
        let mut counted = super::Ticking::new(&mut f, sys.tick.cancel);
        let mut r = buffered(&mut counted);
        let h = match header(&mut r) {
            Ok(h) => h,
            Err(err) => {
                status = 1;
                drop(r);
                drop(f);
                Gz::msg(
                    sys,
                    o,
                    Msg::Decode {
                        input: op,
                        output: "",
                        test: false,
                        err: &err,
                    },
                );
                continue;
            }
        };
        // The last 8 bytes: CRC and length.
        let mut tail = [0u8; 8];
        loop {
            sys.tick.check()?;
            let buf = match r.fill_buf() {
                Ok(b) => b,
                Err(_) => break,
            };
            if buf.is_empty() {
                break;
            }
            let k = buf.len();
            let mut joined = tail.to_vec();
            joined.extend_from_slice(buf);
            let from = joined.len() - 8;
            tail.copy_from_slice(joined.get(from..).unwrap_or(&[0; 8]));
            r.consume(k);
        }
        drop(r);
        let csize = md.as_ref().map_or(counted.n, |m| m.size);
        drop(f);
        let crc = u32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
        let size = u64::from(u32::from_le_bytes([tail[4], tail[5], tail[6], tail[7]]));
        let shown = match &h.name {
            Some(n) if o.name => n.clone(),
            _ if stdin => op.to_string(),
            _ => default_name(o, op),
        };
        if first {
            first = false;
            if o.verbose {
                sys.out.put(b"method  crc     date  time  ")?;
            }
            if !o.quiet {
                sys.out.fmt(format_args!(
                    "{:>W$} {:>W$}  ratio uncompressed_name\n",
                    "compressed", "uncompressed"
                ))?;
            }
        }
        if o.verbose {
            let t = match &md {
                Some(m) if h.mtime == 0 => m.mtime,
                _ => crate::common::time::from_epoch(i64::from(h.mtime)),
            };
            let c = crate::common::time::civil(t);
            const MON: [&str; 12] = [
                "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
            ];
            let mon = MON
                .get((c.month as usize).wrapping_sub(1))
                .unwrap_or(&"???");
            sys.out.fmt(format_args!(
                "defla {crc:08x} {mon}{:3} {:02}:{:02} ",
                c.day, c.hour, c.min
            ))?;
        }
        let header_bytes = h.len + 8;
        sys.out.fmt(format_args!(
            "{:>W$} {:>W$} {} {}\n",
            csize,
            size,
            ratio(
                size as i64 - (csize as i64 - header_bytes as i64),
                size as i64
            ),
            shown
        ))?;
        last_overhead = header_bytes;
        tin += csize;
        tout += size;
        count += 1;
    }
    if count > 1 {
        if o.verbose {
            sys.out.put(b"                            ")?;
        }
        sys.out.fmt(format_args!(
            "{:>W$} {:>W$} {} (totals)\n",
            tin,
            tout,
            ratio(
                tout as i64 - (tin as i64 - last_overhead as i64),
                tout as i64
            ),
        ))?;
    }
    Ok(status)
}

fn default_name(o: &Opts, op: &str) -> String {
    Gz::strip(o, op).unwrap_or_else(|| op.to_string())
}

/// gzip's `%5.1f%%`.
fn ratio(num: i64, den: i64) -> String {
    let r = if den == 0 {
        0.0
    } else {
        100.0 * num as f64 / den as f64
    };
    format!("{r:5.1}%")
}
