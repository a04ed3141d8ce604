//! xz (XZ Utils 5.4) over `lzma-rust2`: the .xz format (multi-stream,
//! CRC64 checked) and the legacy .lzma format (`--format=lzma`).
//!
//! Memory: the encoder's dictionary is capped at 8 MiB (xz's `-6`; `-7`
//! to `-9` then compress as `-6` does with their other settings) and
//! halved until the encoder fits the memory budget's room (a small
//! budget compresses less well rather than not at all); the match finder
//! is charged up front (about 12 bytes per dictionary byte).
//! The decoder's dictionary is read from the first block header (or the
//! .lzma header) and charged before the decoder allocates it, and the
//! decoder's own limit is set to that charge, so a header claiming
//! gigabytes stops the run on its memory limit instead.

use std::io::{self, BufRead, Read, Write};

use lzma_rust2::{LzmaOptions, LzmaReader, LzmaWriter, XzOptions, XzReader, XzWriter};

use super::driver::{Opts, buffered};
use super::{DecodeError, Decoded, Encoder, Format, Key, Meta, Msg};
use crate::common::flags::{Flag, OptError};
use crate::common::sys::{Res, Sys, hold};
use sandbash_interpreter::memory::Charge;

/// xz's options.
pub const FLAGS: &[Flag<Key>] = &[
    Flag::new('z', &["compress"], Key::Compress, "force compression"),
    Flag::new(
        'd',
        &["decompress", "uncompress"],
        Key::Decompress,
        "force decompression",
    ),
    Flag::new('t', &["test"], Key::Test, "test compressed file integrity"),
    Flag::new(
        'l',
        &["list"],
        Key::List,
        "list information about .xz files",
    ),
    Flag::new('k', &["keep"], Key::Keep, "keep (don't delete) input files"),
    Flag::new(
        'f',
        &["force"],
        Key::Force,
        "force overwrite of output file and (de)compress links",
    ),
    Flag::new(
        'c',
        &["stdout", "to-stdout"],
        Key::Stdout,
        "write to standard output and don't delete input files",
    ),
    Flag::new('0', &[], Key::Level(0), "compression preset; default is 6"),
    Flag::new('1', &["fast"], Key::Fast, ""),
    Flag::new('2', &[], Key::Level(2), ""),
    Flag::new('3', &[], Key::Level(3), ""),
    Flag::new('4', &[], Key::Level(4), ""),
    Flag::new('5', &[], Key::Level(5), ""),
    Flag::new('6', &[], Key::Level(6), ""),
    Flag::new('7', &[], Key::Level(7), ""),
    Flag::new('8', &[], Key::Level(8), ""),
    Flag::new('9', &["best"], Key::Best, ""),
    Flag::new(
        'e',
        &["extreme"],
        Key::Extreme,
        "try to improve compression ratio by using more CPU time",
    ),
    Flag::new('T', &["threads"], Key::Threads, "use at most NUM threads").value("NUM"),
    Flag::new(
        'F',
        &["format"],
        Key::Format,
        "file format to encode or decode",
    )
    .value("FMT"),
    Flag::new('C', &["check"], Key::Check, "integrity check type").value("CHECK"),
    Flag::new(
        'S',
        &["suffix"],
        Key::Suffix,
        "use the suffix '.SUF' on compressed files",
    )
    .value(".SUF"),
    Flag::long(
        &["memlimit", "memory"],
        Key::Memlimit,
        "set memory usage limit",
    )
    .value("LIMIT"),
    Flag::new('q', &["quiet"], Key::Quiet, "suppress warnings"),
    Flag::new('v', &["verbose"], Key::Verbose, "be verbose"),
];

const XZ_MAGIC: &[u8] = b"\xfd7zXZ\x00";
/// The largest dictionary the encoder uses (xz -6's).
const DICT_MAX: u32 = 8 << 20;

/// The xz format.
pub struct Xz;

fn lzma_format(o: &Opts) -> bool {
    matches!(o.format.as_deref(), Some("lzma" | "alone"))
}

/// The encoder's options: the preset's, with the dictionary capped at
/// [`DICT_MAX`] and halved (down to 64 KiB) until the encoder fits half
/// the memory budget's room, so that a small budget still compresses,
/// less well (the stream stays valid for any decoder).
fn options(o: &Opts) -> LzmaOptions {
    let mut l = LzmaOptions::with_preset(u32::from(o.level_or(Xz::LEVEL).min(9)));
    l.dict_size = l.dict_size.min(DICT_MAX);
    while l.dict_size > 64 << 10 && encoder_memory(l.dict_size) > o.room / 2 {
        l.dict_size /= 2;
    }
    l
}

/// What the encoder holds for a dictionary of `dict` bytes: the window
/// and the match finder's tables (about 11.5 bytes a dictionary byte for
/// bt4), plus buffers.
fn encoder_memory(dict: u32) -> u64 {
    u64::from(dict) * 12 + (2 << 20)
}

impl<W: Write> Encoder for XzWriter<W> {
    fn finish(self: Box<Self>) -> io::Result<()> {
        XzWriter::finish(*self).map(drop)
    }
}

impl<W: Write> Encoder for LzmaWriter<W> {
    fn finish(self: Box<Self>) -> io::Result<()> {
        LzmaWriter::finish(*self).map(drop)
    }
}

impl Format for Xz {
    const SUFFIX: &'static str = ".xz";
    const LEVEL: u8 = 6;
    const DIAG: Option<&'static str> = None;
    const STDIN: &'static str = "(stdin)";

    fn memory(o: &Opts) -> u64 {
        if o.decompress || o.test {
            // The dictionary is charged per stream in `decompress`.
            256 * 1024
        } else {
            encoder_memory(options(o).dict_size)
        }
    }

    fn writer<'w>(o: &Opts, w: Box<dyn Write + 'w>, _: &Meta) -> io::Result<Box<dyn Encoder + 'w>> {
        let opts = options(o);
        if lzma_format(o) {
            Ok(Box::new(LzmaWriter::new_use_header(w, &opts, None)?))
        } else {
            let mut x = XzOptions::with_preset(6);
            x.lzma_options = opts;
            Ok(Box::new(XzWriter::new(w, x)?))
        }
    }

    fn decompress(
        o: &Opts,
        r: &mut dyn Read,
        w: &mut dyn Write,
        charge: &mut Charge,
    ) -> Result<Decoded, DecodeError> {
        let mut r = buffered(r);
        let head = r.fill_buf()?;
        let is_xz = !head.is_empty() && (head.starts_with(XZ_MAGIC) || XZ_MAGIC.starts_with(head));
        let as_xz = is_xz && !lzma_format(o);
        let as_lzma =
            !head.is_empty() && !is_xz && looks_lzma(head) && o.format.as_deref() != Some("xz");
        if !as_xz && !as_lzma {
            // xz -dcf copies what it does not recognize as it is (an
            // empty input too); -t still fails.
            if o.force && o.stdout && !o.test {
                super::copy(&mut r, w)?;
                return Ok(Decoded::Ok);
            }
            return Err(DecodeError::NotFormat);
        }
        // The dictionary the first stream declares is charged before the
        // decoder allocates it; the decoder refuses any larger one.
        let dict = if as_xz {
            xz_dict(head)
        } else {
            lzma_dict(head)
        };
        let need = u64::from(dict.unwrap_or(DICT_MAX)) + (1 << 20);
        if hold(charge, need).is_err() {
            return Err(DecodeError::Memory);
        }
        let limit_kb = u32::try_from(need >> 10).unwrap_or(u32::MAX);
        let result = if as_xz {
            let mut d = XzReader::new_mem_limit(Tail::new(r), true, limit_kb);
            let result = super::copy(&mut d, w);
            if let Err(e) = &result
                && let Some(short) = short_trailer(e, d.inner_mut())
            {
                return Err(if short {
                    DecodeError::Truncated
                } else {
                    DecodeError::Crc
                });
            }
            result
        } else {
            match LzmaReader::new_mem_limit(r, limit_kb, None) {
                Ok(mut d) => super::copy(&mut d, w),
                Err(e) => Err(e),
            }
        };
        match result {
            Ok(_) => Ok(Decoded::Ok),
            Err(e) => Err(match e.kind() {
                io::ErrorKind::UnexpectedEof => DecodeError::Truncated,
                io::ErrorKind::OutOfMemory => {
                    DecodeError::Unsupported("Memory usage limit reached".into())
                }
                io::ErrorKind::Unsupported => {
                    DecodeError::Unsupported("Unsupported options".into())
                }
                io::ErrorKind::InvalidData | io::ErrorKind::InvalidInput => DecodeError::Crc,
                _ => DecodeError::Io(e),
            }),
        }
    }

    fn list(sys: &mut Sys<'_>, o: &Opts, operands: &[String]) -> Res<i32> {
        list(sys, o, operands)
    }

    fn validate(sys: &mut Sys<'_>, o: &Opts) -> Option<i32> {
        if let Some(s) = o.suffix.as_deref()
            && (s.is_empty() || s.contains('/'))
        {
            sys.diag.error(format_args!("{s}: Invalid filename suffix"));
            return Some(1);
        }
        match o.format.as_deref() {
            None | Some("auto" | "xz" | "lzma" | "alone") => None,
            // Raw streams need a filter chain (`--lzma2=...`), which this
            // xz does not take.
            Some("raw") => {
                sys.diag.error("Unsupported filter chain or filter options");
                Some(1)
            }
            Some(f) => {
                sys.diag
                    .error(format_args!("{f}: Unknown file format type"));
                Some(1)
            }
        }
    }

    fn recognizes(head: &[u8]) -> bool {
        head.starts_with(XZ_MAGIC) || looks_lzma(head)
    }

    fn suffix(o: &Opts) -> &'static str {
        if lzma_format(o) {
            ".lzma"
        } else {
            Self::SUFFIX
        }
    }

    fn strip(o: &Opts, name: &str) -> Option<String> {
        const TABLE: &[(&str, &str)] = &[
            (".xz", ""),
            (".txz", ".tar"),
            (".lzma", ""),
            (".tlz", ".tar"),
        ];
        super::strip_suffix(name, o.suffix.as_deref(), TABLE)
    }

    fn usage_error(sys: &mut Sys<'_>, err: &OptError) -> i32 {
        sys.diag.error(err);
        let n = sys.diag.name;
        sys.diag
            .raw(format!("{n}: Try `{n} --help' for more information.\n").as_bytes());
        1
    }

    fn msg(sys: &mut Sys<'_>, _: &Opts, m: Msg<'_>) -> i32 {
        let (text, status) = match m {
            Msg::Open(op, e) | Msg::Create(op, e) => (format!("{op}: {}", e.kind), 1),
            Msg::Exists { output, .. } => (format!("{output}: File exists"), 1),
            Msg::HasSuffix(op) => (
                format!("{op}: File already has `{}' suffix, skipping", Self::SUFFIX),
                2,
            ),
            Msg::UnknownSuffix(op) => {
                (format!("{op}: Filename has an unknown suffix, skipping"), 2)
            }
            Msg::Directory(op) => (format!("{op}: Is a directory, skipping"), 2),
            Msg::Symlink(op) => (format!("{op}: Is a symbolic link, skipping"), 2),
            Msg::List => (
                "--list does not support reading from standard input".into(),
                1,
            ),
            Msg::NotRegular(op) => (format!("{op}: Not a regular file, skipping"), 2),
            Msg::Decode { input, err, .. } => {
                let what = match err {
                    DecodeError::NotFormat => "File format not recognized".to_string(),
                    DecodeError::Truncated => "Unexpected end of input".to_string(),
                    DecodeError::Crc | DecodeError::Corrupt(_) => {
                        "Compressed data is corrupt".to_string()
                    }
                    DecodeError::Unsupported(s) => s.clone(),
                    DecodeError::Io(e) => crate::common::sys::io_msg(e),
                    DecodeError::Memory => "Memory usage limit reached".to_string(),
                };
                (format!("{input}: {what}"), 1)
            }
            Msg::Trailing(op) => (format!("{op}: Compressed data is corrupt"), 1),
            Msg::TestOk(op, sizes)
            | Msg::Done {
                input: op, sizes, ..
            } => {
                sys.diag
                    .raw(format!("{op}: {}\n", summary(&sizes)).as_bytes());
                return 0;
            }
        };
        sys.diag.error(text);
        status
    }
}

/// The .lzma header's sanity checks (xz's `lzma_alone_decoder`): a
/// properties byte under 225 and a dictionary size of 2^n or 2^n + 2^(n-1).
/// The input of a multi-stream decode, remembering how many zero bytes
/// (stream padding) came just before the last byte read.
struct Tail<R> {
    inner: R,
    zeros: u64,
    before_last: u64,
}

impl<R: Read> Tail<R> {
    fn new(inner: R) -> Self {
        Tail {
            inner,
            zeros: 0,
            before_last: 0,
        }
    }
}

impl<R: Read> Read for Tail<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        for &b in buf.get(..n).unwrap_or(&[]) {
            self.before_last = self.zeros;
            self.zeros = if b == 0 { self.zeros + 1 } else { 0 };
        }
        Ok(n)
    }
}

/// What follows a complete stream that is neither padding nor another
/// stream: liblzma reads a 12-byte stream header first, so data shorter
/// than that ends 'unexpectedly' (`Some(true)`), a longer one or padding
/// that is no multiple of 4 is corrupt (`Some(false)`). `None` for any
/// other error. Reads at most 11 more bytes.
fn short_trailer<R: Read>(e: &io::Error, tail: &mut Tail<R>) -> Option<bool> {
    let msg = e.to_string();
    // How many header bytes the decoder took before it gave up.
    let taken = match msg.as_str() {
        "invalid data after stream" => 1,
        "invalid data after stream padding" => 6,
        "incomplete XZ magic bytes" => return Some(true),
        _ => return None,
    };
    if taken == 1 && !tail.before_last.is_multiple_of(4) {
        return Some(false);
    }
    let mut rest = [0u8; 11];
    let mut got = 0;
    while got < rest.len() {
        match tail.inner.read(rest.get_mut(got..).unwrap_or(&mut [])) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    Some(taken + got < 12)
}

fn looks_lzma(h: &[u8]) -> bool {
    let Some(&props) = h.first() else {
        return false;
    };
    if props >= 225 || h.len() < 13 {
        return false;
    }
    let d = u32::from_le_bytes([
        h.get(1).copied().unwrap_or(0),
        h.get(2).copied().unwrap_or(0),
        h.get(3).copied().unwrap_or(0),
        h.get(4).copied().unwrap_or(0),
    ]);
    if d == u32::MAX {
        return true;
    }
    let mut d2 = d.wrapping_sub(1);
    d2 |= d2 >> 2;
    d2 |= d2 >> 3;
    d2 |= d2 >> 4;
    d2 |= d2 >> 8;
    d2 |= d2 >> 16;
    d2 = d2.wrapping_add(1);
    d2 == d
}

/// xz's `-v` line: `COMPRESSED / UNCOMPRESSED = RATIO`.
fn summary(s: &super::Sizes) -> String {
    let ratio = if s.plain == 0 {
        "---".to_string()
    } else {
        let r = s.packed as f64 / s.plain as f64;
        if r > 9.999 {
            "> 9.999".to_string()
        } else {
            format!("= {r:.3}")
        }
    };
    let ratio = if s.plain == 0 {
        format!("= {ratio}")
    } else {
        ratio
    };
    format!("{} / {} {ratio}", nice(s.packed), nice(s.plain))
}

/// xz's `uint64_to_nicestr`: bytes below 10000, else one decimal in the
/// smallest binary unit that keeps at most five digits.
fn nice(v: u64) -> String {
    if v < 10000 {
        return format!("{v} B");
    }
    let mut d = v as f64;
    let mut unit = 0;
    loop {
        d /= 1024.0;
        unit += 1;
        if d <= 9999.9 || unit >= 4 {
            break;
        }
    }
    let name = ["B", "KiB", "MiB", "GiB", "TiB"]
        .get(unit)
        .copied()
        .unwrap_or("TiB");
    format!("{d:.1} {name}")
}

/// What `xz -l` reads from a file's stream footers and indexes.
#[derive(Default)]
struct Listing {
    streams: u64,
    blocks: u64,
    uncompressed: u64,
    /// The check types seen (bit N for check N).
    checks: u32,
}

/// A multibyte integer of the .xz index.
fn varint(b: &[u8], pos: &mut usize) -> Option<u64> {
    let mut v = 0u64;
    for i in 0..9 {
        let byte = *b.get(*pos)?;
        *pos += 1;
        v |= u64::from(byte & 0x7f) << (7 * i);
        if byte & 0x80 == 0 {
            return Some(v);
        }
    }
    None
}

/// Walks the streams from the end of `b`, as `xz -l` does; `Err` holds
/// xz's message.
fn walk(b: &[u8]) -> Result<Listing, &'static str> {
    const BAD: &str = "File format not recognized";
    if b.len() < 24 {
        return Err("Too small to be a valid .xz file");
    }
    let mut l = Listing::default();
    let mut end = b.len();
    while end > 0 {
        // Stream padding: groups of four zero bytes.
        while end >= 4 && b.get(end - 4..end) == Some(&[0u8; 4][..]) {
            end -= 4;
        }
        if end == 0 {
            break;
        }
        let foot = b.get(end.checked_sub(12).ok_or(BAD)?..end).ok_or(BAD)?;
        if foot.get(10..12) != Some(&b"YZ"[..]) {
            return Err(BAD);
        }
        let back = (u64::from(u32::from_le_bytes([foot[4], foot[5], foot[6], foot[7]])) + 1) * 4;
        let check = foot[9] & 0x0f;
        let back = usize::try_from(back).map_err(|_| BAD)?;
        let istart = end.checked_sub(12 + back).ok_or(BAD)?;
        let index = b.get(istart..end - 12).ok_or(BAD)?;
        if index.first() != Some(&0) {
            return Err("Compressed data is corrupt");
        }
        let mut pos = 1;
        let count = varint(index, &mut pos).ok_or(BAD)?;
        let mut blocks_size = 0u64;
        for _ in 0..count {
            let unpadded = varint(index, &mut pos).ok_or(BAD)?;
            let unc = varint(index, &mut pos).ok_or(BAD)?;
            blocks_size = blocks_size.saturating_add(unpadded.div_ceil(4) * 4);
            l.uncompressed = l.uncompressed.saturating_add(unc);
        }
        let total = usize::try_from(blocks_size)
            .ok()
            .and_then(|s| s.checked_add(24 + back))
            .ok_or(BAD)?;
        let start = end.checked_sub(total).ok_or(BAD)?;
        if b.get(start..start + 6) != Some(XZ_MAGIC) {
            return Err(BAD);
        }
        l.streams += 1;
        l.blocks += count;
        l.checks |= 1 << check;
        end = start;
    }
    Ok(l)
}

fn check_names(checks: u32) -> String {
    let names: Vec<String> = (0..16)
        .filter(|c| checks & (1 << c) != 0)
        .map(|c| match c {
            0 => "None".to_string(),
            1 => "CRC32".to_string(),
            4 => "CRC64".to_string(),
            10 => "SHA-256".to_string(),
            n => format!("Unknown-{n}"),
        })
        .collect();
    names.join(",")
}

fn list_ratio(packed: u64, plain: u64) -> String {
    if plain == 0 {
        return "---".into();
    }
    let r = packed as f64 / plain as f64;
    if r > 9.999 {
        "---".into()
    } else {
        format!("{r:.3}")
    }
}

/// `xz -l`: one line per file from its indexes, and totals for several.
fn list(sys: &mut Sys<'_>, o: &Opts, operands: &[String]) -> Res<i32> {
    if operands.is_empty()
        || operands
            .iter()
            .any(|op| sandbash_interpreter::UtilityContext::is_stdin(op))
    {
        return Ok(Xz::msg(sys, o, Msg::List));
    }
    let mut status = 0;
    let mut header = false;
    let mut total = Listing::default();
    let (mut packed, mut files) = (0u64, 0u64);
    for op in operands {
        sys.tick.check()?;
        let read = sys
            .resolve(op)
            .and_then(|p| sys.fs.metadata(&p).map(|m| (p, m)));
        let data = match read {
            Ok((_, m)) if m.is_dir() => {
                status = status.max(Xz::msg(sys, o, Msg::Directory(op)));
                continue;
            }
            Ok((p, m)) => {
                let mut charge = sys.charge();
                hold(&mut charge, m.size)?;
                sys.fs.read(&p)
            }
            Err(e) => Err(e),
        };
        let data = match data {
            Ok(d) => d,
            Err(e) => {
                status = 1;
                Xz::msg(sys, o, Msg::Open(op, &e));
                continue;
            }
        };
        let l = match walk(&data) {
            Ok(l) => l,
            Err(why) => {
                status = 1;
                sys.diag.error(format_args!("{op}: {why}"));
                continue;
            }
        };
        if !header {
            header = true;
            sys.out
                .put(b"Strms  Blocks   Compressed Uncompressed  Ratio  Check   Filename\n")?;
        }
        let size = data.len() as u64;
        sys.out.fmt(format_args!(
            "{:>5} {:>7}  {:>11}  {:>11}  {:>5}  {:<7} {op}\n",
            l.streams,
            l.blocks,
            nice(size),
            nice(l.uncompressed),
            list_ratio(size, l.uncompressed),
            check_names(l.checks),
        ))?;
        total.streams += l.streams;
        total.blocks += l.blocks;
        total.uncompressed += l.uncompressed;
        total.checks |= l.checks;
        packed += size;
        files += 1;
    }
    if files > 1 {
        sys.out.put(&[b'-'; 79])?;
        sys.out.fmt(format_args!(
            "\n{:>5} {:>7}  {:>11}  {:>11}  {:>5}  {:<7} {files} files\n",
            total.streams,
            total.blocks,
            nice(packed),
            nice(total.uncompressed),
            list_ratio(packed, total.uncompressed),
            check_names(total.checks),
        ))?;
    }
    Ok(status)
}

/// The LZMA2 dictionary size of the first block of an .xz stream, from
/// its block header's filter flags (`None` when they are not plain LZMA2
/// within the bytes at hand).
fn xz_dict(h: &[u8]) -> Option<u32> {
    // Stream header (12 bytes), block header size, block flags.
    let flags = *h.get(13)?;
    let mut pos = 14;
    let skip_varint = |pos: &mut usize| -> Option<()> {
        for _ in 0..9 {
            let b = *h.get(*pos)?;
            *pos += 1;
            if b & 0x80 == 0 {
                return Some(());
            }
        }
        None
    };
    if flags & 0x40 != 0 {
        skip_varint(&mut pos)?;
    }
    if flags & 0x80 != 0 {
        skip_varint(&mut pos)?;
    }
    // Filters before LZMA2 (BCJ, delta) are skipped.
    for _ in 0..=(flags & 3) {
        let id = *h.get(pos)?;
        let size = usize::from(*h.get(pos + 1)?);
        if id == 0x21 && size == 1 {
            let b = u32::from(*h.get(pos + 2)? & 0x3f);
            if b > 40 {
                return None;
            }
            if b == 40 {
                return Some(u32::MAX);
            }
            return Some((2 | (b & 1)) << (b / 2 + 11));
        }
        pos += 2 + size;
    }
    None
}

/// The dictionary size in a .lzma header.
fn lzma_dict(h: &[u8]) -> Option<u32> {
    Some(u32::from_le_bytes([
        *h.get(1)?,
        *h.get(2)?,
        *h.get(3)?,
        *h.get(4)?,
    ]))
}

/// [`xz_dict`], for the tests.
#[cfg(test)]
pub fn tests_xz_dict(h: &[u8]) -> Option<u32> {
    xz_dict(h)
}
