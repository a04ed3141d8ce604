//! `file`: determine a file's type by its content, in the words and MIME
//! types of file 5.x.
//!
//! Recognised: empty files, directories, symlinks (not followed unless
//! `-L`), character devices; gzip, bzip2, xz, zip, tar, PNG, GIF, JPEG,
//! PDF and ELF by their magic bytes; scripts by their `#!` line; JSON
//! (an object or array that parses, nesting bounded), XML and HTML; and
//! text by encoding (ASCII, UTF-8 with or without BOM, ISO-8859,
//! extended ASCII), line terminators, very long lines and escape
//! sequences; anything else is `data`. At most [`HEAD`] bytes are read,
//! except that gzip's trailer (the original size) is reached by reading
//! on, with cancellation checked.

use std::io::Read;

use sandbash_vfs::{FileKind, FileSystem};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::sys::{Res, Sys, Ticker};
use crate::common::time::civil;

/// The `file` utility: `-b -i -L -h -N -F -0 -E --mime --mime-type --mime-encoding`.
pub struct File;

/// The options of `file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Brief,
    Mime,
    MimeType,
    MimeEncoding,
    Deref,
    NoDeref,
    NoPad,
    Separator,
    Null,
    Ignored,
}

/// How much of a file is examined.
pub const HEAD: usize = 1 << 20;
/// The deepest JSON nesting examined before the text is taken as text.
const JSON_DEPTH: usize = 256;
/// Lines longer than this are "very long".
const LONG_LINE: usize = 300;

/// What a file is: its description, MIME type and charset.
#[derive(Debug, PartialEq, Eq)]
pub struct Kind {
    /// The words `file` prints.
    pub text: String,
    /// The MIME type.
    pub mime: &'static str,
    /// The MIME charset.
    pub charset: &'static str,
}

impl Command for File {
    const NAME: &'static str = "file";
    const HELP: Help = Help {
        usage: &["[OPTION...] [FILE...]"],
        about: "Determine type of FILEs.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'b',
            &["brief"],
            Key::Brief,
            "do not prepend filenames to output lines",
        ),
        Flag::new(
            'i',
            &["mime"],
            Key::Mime,
            "output MIME type strings (--mime-type and\n  --mime-encoding)",
        ),
        Flag::long(&["mime-type"], Key::MimeType, "output the MIME type"),
        Flag::long(
            &["mime-encoding"],
            Key::MimeEncoding,
            "output the MIME encoding",
        ),
        Flag::new('L', &["dereference"], Key::Deref, "follow symlinks"),
        Flag::new(
            'h',
            &["no-dereference"],
            Key::NoDeref,
            "don't follow symlinks (default)",
        ),
        Flag::new('N', &["no-pad"], Key::NoPad, "do not pad output"),
        Flag::new(
            'F',
            &["separator"],
            Key::Separator,
            "use string as separator instead of `:'",
        )
        .value("STRING"),
        Flag::new(
            '0',
            &["print0"],
            Key::Null,
            "terminate filenames with ASCII NUL",
        ),
        Flag::new('z', &["uncompress"], Key::Ignored, "(accepted)"),
        Flag::new('s', &["special-files"], Key::Ignored, "(accepted)"),
        Flag::new('E', &[], Key::Ignored, "(accepted)"),
        Flag::new('k', &["keep-going"], Key::Ignored, "(accepted)"),
        Flag::new('r', &["raw"], Key::Ignored, "(accepted)"),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        if p.operands.is_empty() {
            sys.diag.raw(b"Usage: file [-bcCdEhikLlNnprsSvzZ0] [--apple] [--extension] [--mime-encoding]\n            [--mime-type] [-e <testname>] [-F <separator>]  [-f <namefile>]\n            [-m <magicfiles>] [-P <parameter=value>] [--exclude-quiet]\n            <file> ...\n       file -C [-m <magicfiles>]\n       file [--help]\n");
            return Ok(1);
        }
        let mut follow = false;
        for (k, _) in p.each() {
            match k {
                Key::Deref => follow = true,
                Key::NoDeref => follow = false,
                _ => {}
            }
        }
        let sep = p.last(Key::Separator).unwrap_or(":").to_owned();
        let width = p
            .operands
            .iter()
            .map(|o| shown_name(o).len())
            .max()
            .unwrap_or(0);
        for op in &p.operands {
            sys.tick.tick()?;
            let kind = classify(sys, op, follow)?;
            let body = if p.has(Key::Mime) {
                format!("{}; charset={}", kind.mime, kind.charset)
            } else if p.has(Key::MimeType) {
                kind.mime.to_owned()
            } else if p.has(Key::MimeEncoding) {
                kind.charset.to_owned()
            } else {
                kind.text
            };
            let mut line = String::new();
            if !p.has(Key::Brief) {
                let name = shown_name(op);
                line.push_str(name);
                if p.has(Key::Null) {
                    line.push('\0');
                } else {
                    line.push_str(&sep);
                }
                if !p.has(Key::NoPad) {
                    for _ in name.len()..width {
                        line.push(' ');
                    }
                }
                line.push(' ');
            }
            line.push_str(&body);
            line.push('\n');
            sys.out.str(&line)?;
        }
        Ok(0)
    }
}

fn shown_name(op: &str) -> &str {
    if op == "-" { "/dev/stdin" } else { op }
}

fn kind(text: impl Into<String>, mime: &'static str, charset: &'static str) -> Kind {
    Kind {
        text: text.into(),
        mime,
        charset,
    }
}

/// Classifies one operand.
fn classify(sys: &mut Sys<'_>, op: &str, follow: bool) -> Res<Kind> {
    let fs: &dyn FileSystem = sys.fs;
    let cannot = |e: &dyn std::fmt::Display| {
        kind(
            format!("cannot open `{op}' ({e})"),
            "application/x-not-regular-file",
            "binary",
        )
    };
    if op == "-" {
        let mut head = Vec::new();
        read_head(&sys.tick, &mut *sys.stdin, &mut head)?;
        return Ok(by_content(&head, None));
    }
    let abs = match sys.resolve(op) {
        Ok(a) => a,
        Err(e) => return Ok(cannot(&e.kind)),
    };
    let md = match if follow {
        fs.metadata(&abs)
    } else {
        fs.symlink_metadata(&abs)
    } {
        Ok(m) => m,
        Err(e) => return Ok(cannot(&e.kind)),
    };
    match md.kind {
        FileKind::Dir => return Ok(kind("directory", "inode/directory", "binary")),
        FileKind::Symlink => {
            let t = fs.read_link(&abs).unwrap_or_default();
            let text = if fs.metadata(&abs).is_ok() {
                format!("symbolic link to {t}")
            } else {
                format!("broken symbolic link to {t}")
            };
            return Ok(kind(text, "inode/symlink", "binary"));
        }
        FileKind::CharDevice => {
            let (maj, min) = match abs.as_str() {
                "/dev/null" => (1, 3),
                "/dev/zero" => (1, 5),
                "/dev/urandom" => (1, 9),
                _ => (0, 0),
            };
            return Ok(kind(
                format!("character special ({maj}/{min})"),
                "inode/chardevice",
                "binary",
            ));
        }
        FileKind::File => {}
    }
    if md.size == 0 {
        return Ok(kind("empty", "inode/x-empty", "binary"));
    }
    let mut reader = match fs.open_read(&abs) {
        Ok(r) => r,
        Err(e) => return Ok(cannot(&e.kind)),
    };
    let mut head = Vec::new();
    read_head(&sys.tick, &mut reader, &mut head)?;
    let gzip_size = if head.starts_with(b"\x1f\x8b") {
        Some(gzip_trailer(&sys.tick, &mut reader, &head)?)
    } else {
        None
    };
    Ok(by_content(&head, gzip_size))
}

/// Reads up to [`HEAD`] bytes.
fn read_head(tick: &Ticker<'_>, r: &mut dyn Read, head: &mut Vec<u8>) -> Res<()> {
    let mut buf = vec![0u8; 64 * 1024];
    while head.len() < HEAD {
        tick.check()?;
        let want = buf.len().min(HEAD - head.len());
        match r.read(buf.get_mut(..want).unwrap_or(&mut [])) {
            Ok(0) | Err(_) => break,
            Ok(n) => head.extend_from_slice(buf.get(..n).unwrap_or(&[])),
        }
    }
    Ok(())
}

/// The last four bytes of the file (gzip's size modulo 2^32), reading on
/// past the head.
fn gzip_trailer(tick: &Ticker<'_>, r: &mut dyn Read, head: &[u8]) -> Res<u32> {
    let mut last: Vec<u8> = head
        .get(head.len().saturating_sub(4)..)
        .unwrap_or(&[])
        .to_vec();
    let mut buf = vec![0u8; 64 * 1024];
    if head.len() >= HEAD {
        loop {
            tick.check()?;
            match r.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    last.extend_from_slice(buf.get(..n).unwrap_or(&[]));
                    let cut = last.len().saturating_sub(4);
                    last.drain(..cut);
                }
            }
        }
    }
    let b: [u8; 4] = last
        .get(..4)
        .and_then(|s| s.try_into().ok())
        .unwrap_or([0; 4]);
    Ok(u32::from_le_bytes(b))
}

fn u16le(b: &[u8], at: usize) -> u16 {
    b.get(at..at + 2)
        .and_then(|s| s.try_into().ok())
        .map_or(0, u16::from_le_bytes)
}

fn u16be(b: &[u8], at: usize) -> u16 {
    b.get(at..at + 2)
        .and_then(|s| s.try_into().ok())
        .map_or(0, u16::from_be_bytes)
}

fn u32be(b: &[u8], at: usize) -> u32 {
    b.get(at..at + 4)
        .and_then(|s| s.try_into().ok())
        .map_or(0, u32::from_be_bytes)
}

fn u32le(b: &[u8], at: usize) -> u32 {
    b.get(at..at + 4)
        .and_then(|s| s.try_into().ok())
        .map_or(0, u32::from_le_bytes)
}

/// Classifies by content (the first [`HEAD`] bytes).
pub fn by_content(h: &[u8], gzip_size: Option<u32>) -> Kind {
    if h.is_empty() {
        return kind("empty", "inode/x-empty", "binary");
    }
    if let Some(k) = magic(h, gzip_size) {
        return k;
    }
    text_kind(h)
}

const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

fn ctime(secs: u32) -> String {
    let t = crate::common::time::from_epoch(i64::from(secs));
    let c = civil(t);
    let day = DAYS
        .get((secs / 86_400 % 7) as usize)
        .copied()
        .unwrap_or("Thu");
    let mon = MONTHS
        .get(c.month.saturating_sub(1) as usize)
        .copied()
        .unwrap_or("Jan");
    format!(
        "{day} {mon} {:2} {:02}:{:02}:{:02} {}",
        c.day, c.hour, c.min, c.sec, c.year
    )
}

fn magic(h: &[u8], gzip_size: Option<u32>) -> Option<Kind> {
    if h.starts_with(b"\x1f\x8b") {
        let flags = h.get(3).copied().unwrap_or(0);
        let mut t = String::from("gzip compressed data");
        if flags & 0x08 != 0 {
            let mut at = 10usize;
            if flags & 0x04 != 0 {
                at += 2 + usize::from(u16le(h, 10));
            }
            let name: Vec<u8> = h
                .get(at..)
                .unwrap_or(&[])
                .iter()
                .take_while(|b| **b != 0)
                .take(256)
                .copied()
                .collect();
            t.push_str(&format!(", was \"{}\"", String::from_utf8_lossy(&name)));
        }
        let mtime = u32le(h, 4);
        if mtime != 0 {
            t.push_str(&format!(", last modified: {}", ctime(mtime)));
        }
        match h.get(8) {
            Some(2) => t.push_str(", max compression"),
            Some(4) => t.push_str(", max speed"),
            _ => {}
        }
        if h.get(9) == Some(&3) {
            t.push_str(", from Unix");
        }
        if let Some(n) = gzip_size {
            t.push_str(&format!(", original size modulo 2^32 {n}"));
        }
        return Some(kind(t, "application/gzip", "binary"));
    }
    if h.starts_with(b"BZh") && h.get(3).is_some_and(|c| (b'1'..=b'9').contains(c)) {
        let k = h.get(3).copied().unwrap_or(b'9') - b'0';
        return Some(kind(
            format!("bzip2 compressed data, block size = {k}00k"),
            "application/x-bzip2",
            "binary",
        ));
    }
    if h.starts_with(b"\xfd7zXZ\0") {
        return Some(kind(
            "XZ compressed data, checksum CRC64",
            "application/x-xz",
            "binary",
        ));
    }
    if h.starts_with(b"PK\x03\x04") && h.len() >= 30 {
        let ver = u16le(h, 4);
        let method = match u16le(h, 8) {
            0 => "store".to_owned(),
            8 => "deflate".to_owned(),
            12 => "bzip2".to_owned(),
            14 => "lzma".to_owned(),
            m => m.to_string(),
        };
        return Some(kind(
            format!(
                "Zip archive data, at least v{}.{} to extract, compression method={method}",
                ver / 10,
                ver % 10
            ),
            "application/zip",
            "binary",
        ));
    }
    if h.get(257..265) == Some(b"ustar  \0") && tar_checksum_ok(h) {
        return Some(kind(
            "POSIX tar archive (GNU)",
            "application/x-tar",
            "binary",
        ));
    }
    if h.get(257..263) == Some(b"ustar\0") && tar_checksum_ok(h) {
        return Some(kind("POSIX tar archive", "application/x-tar", "binary"));
    }
    if h.starts_with(b"\x89PNG\r\n\x1a\n") {
        let mut t = String::from("PNG image data");
        if h.get(12..16) == Some(b"IHDR") {
            let (w, hh) = (u32be(h, 16), u32be(h, 20));
            let depth = h.get(24).copied().unwrap_or(0);
            let color = match h.get(25) {
                Some(0) => "grayscale",
                Some(2) => "RGB",
                Some(3) => "colormap",
                Some(4) => "gray+alpha",
                Some(6) => "RGBA",
                _ => "unknown",
            };
            let lace = if h.get(28) == Some(&1) {
                "interlaced"
            } else {
                "non-interlaced"
            };
            t.push_str(&format!(", {w} x {hh}, {depth}-bit/color {color}, {lace}"));
        }
        return Some(kind(t, "image/png", "binary"));
    }
    if h.starts_with(b"GIF87a") || h.starts_with(b"GIF89a") {
        let v = String::from_utf8_lossy(h.get(3..6).unwrap_or(b"89a")).into_owned();
        return Some(kind(
            format!(
                "GIF image data, version {v}, {} x {}",
                u16le(h, 6),
                u16le(h, 8)
            ),
            "image/gif",
            "binary",
        ));
    }
    if h.starts_with(b"\xff\xd8\xff") {
        return Some(kind(jpeg(h), "image/jpeg", "binary"));
    }
    if h.starts_with(b"%PDF-") {
        let v: String = h
            .get(5..)
            .unwrap_or(&[])
            .iter()
            .take_while(|c| c.is_ascii_digit() || **c == b'.')
            .map(|c| char::from(*c))
            .collect();
        let charset = text_kind(h).charset;
        return Some(kind(
            format!("PDF document, version {v}"),
            "application/pdf",
            charset,
        ));
    }
    if h.starts_with(b"\x7fELF") {
        return Some(elf(h));
    }
    None
}

/// Whether the first 512-byte tar header's checksum field (octal, at
/// 148) is the sum of its bytes with that field taken as spaces.
fn tar_checksum_ok(h: &[u8]) -> bool {
    let Some(block) = h.get(..512) else {
        return false;
    };
    let field = block.get(148..156).unwrap_or(&[]);
    let digits: String = field
        .iter()
        .skip_while(|b| **b == b' ')
        .take_while(|b| (b'0'..=b'7').contains(b))
        .map(|b| char::from(*b))
        .collect();
    let Ok(want) = u32::from_str_radix(&digits, 8) else {
        return false;
    };
    let sum: u32 = block
        .iter()
        .enumerate()
        .map(|(i, b)| {
            if (148..156).contains(&i) {
                32
            } else {
                u32::from(*b)
            }
        })
        .sum();
    sum == want
}

fn jpeg(h: &[u8]) -> String {
    let mut t = String::from("JPEG image data");
    if h.get(6..11) == Some(b"JFIF\0") {
        let len = u16be(h, 4);
        let (maj, min) = (
            h.get(11).copied().unwrap_or(1),
            h.get(12).copied().unwrap_or(1),
        );
        let units = match h.get(13) {
            Some(1) => "resolution (DPI)",
            Some(2) => "resolution (DPCM)",
            _ => "aspect ratio",
        };
        t.push_str(&format!(
            ", JFIF standard {maj}.{min:02}, {units}, density {}x{}, segment length {len}",
            u16be(h, 14),
            u16be(h, 16)
        ));
    }
    // The first frame header: baseline or progressive, size, components.
    let mut at = 2usize;
    while let (Some(0xff), Some(&m)) = (h.get(at), h.get(at + 1)) {
        let len = usize::from(u16be(h, at + 2));
        if matches!(m, 0xc0..=0xc2) {
            let p = h.get(at + 4).copied().unwrap_or(8);
            let (hh, w) = (u16be(h, at + 5), u16be(h, at + 7));
            let n = h.get(at + 9).copied().unwrap_or(0);
            let mode = if m == 0xc2 { "progressive" } else { "baseline" };
            t.push_str(&format!(
                ", {mode}, precision {p}, {w}x{hh}, components {n}"
            ));
            break;
        }
        if len < 2 {
            break;
        }
        at += 2 + len;
    }
    t
}

fn elf(h: &[u8]) -> Kind {
    let bits = if h.get(4) == Some(&2) { "64" } else { "32" };
    let endian = if h.get(5) == Some(&2) { "MSB" } else { "LSB" };
    let etype = u16le(h, 16);
    let machine = match u16le(h, 18) {
        0x3e => "x86-64",
        0x03 => "Intel 80386",
        0xb7 => "ARM aarch64",
        0x28 => "ARM",
        0xf3 => "UCB RISC-V",
        _ => "unknown arch",
    };
    let (what, mime) = match etype {
        1 => ("relocatable", "application/x-object"),
        2 => ("executable", "application/x-executable"),
        3 => ("shared object", "application/x-sharedlib"),
        4 => ("core file", "application/x-coredump"),
        _ => ("unknown type", "application/octet-stream"),
    };
    kind(
        format!("ELF {bits}-bit {endian} {what}, {machine}, version 1 (SYSV)"),
        mime,
        "binary",
    )
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Enc {
    Ascii,
    Utf8,
    Latin1,
    Extended,
}

/// Whether `b` may appear in ASCII text (file's table: BEL to CR, ESC,
/// printable).
fn text_byte(b: u8) -> bool {
    matches!(b, 7..=13 | 27 | 0x20..=0x7e)
}

fn encoding(h: &[u8]) -> Option<Enc> {
    if h.iter().all(|&b| text_byte(b)) {
        return Some(Enc::Ascii);
    }
    // A multibyte character cut at the end of the head still counts.
    let utf8 = match std::str::from_utf8(h) {
        Ok(_) => true,
        Err(e) => e.error_len().is_none() && h.len() >= HEAD,
    };
    let ctrl_ok = |h: &[u8]| h.iter().all(|&b| b >= 0x80 || text_byte(b));
    if utf8 && ctrl_ok(h) {
        return Some(Enc::Utf8);
    }
    if !ctrl_ok(h) {
        return None;
    }
    if h.iter().all(|&b| !(0x80..0xa0).contains(&b)) {
        Some(Enc::Latin1)
    } else {
        Some(Enc::Extended)
    }
}

fn text_kind(h: &[u8]) -> Kind {
    let bom = h.starts_with(b"\xef\xbb\xbf");
    let body = if bom { h.get(3..).unwrap_or(&[]) } else { h };
    let Some(enc) = encoding(body) else {
        return kind("data", "application/octet-stream", "binary");
    };
    let (name, charset) = match (enc, bom) {
        (Enc::Ascii | Enc::Utf8, true) => ("Unicode text, UTF-8 (with BOM)", "utf-8"),
        (Enc::Ascii, false) => ("ASCII", "us-ascii"),
        (Enc::Utf8, false) => ("Unicode text, UTF-8", "utf-8"),
        (Enc::Latin1, _) => ("ISO-8859", "iso-8859-1"),
        (Enc::Extended, _) => ("Non-ISO extended-ASCII", "unknown-8bit"),
    };
    let mut text = format!("{name} text");
    let mut mime = "text/plain";
    let mut prefix = String::new();
    let mut executable = false;
    if let Some(rest) = body.strip_prefix(b"#!") {
        let line: Vec<u8> = rest.iter().take_while(|b| **b != b'\n').copied().collect();
        let line = String::from_utf8_lossy(&line)
            .trim()
            .trim_end_matches('\r')
            .to_owned();
        let mut words = line.split_whitespace();
        let interp = words.next().unwrap_or("");
        let base = interp.rsplit('/').next().unwrap_or(interp);
        let prog = if base == "env" {
            words.find(|w| !w.starts_with('-')).unwrap_or("")
        } else {
            base
        };
        let prog_base = prog.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
        executable = true;
        match prog_base {
            "bash" => (prefix, mime) = ("Bourne-Again shell script, ".into(), "text/x-shellscript"),
            "sh" | "dash" => (prefix, mime) = ("POSIX shell script, ".into(), "text/x-shellscript"),
            "zsh" => (prefix, mime) = ("Paul Falstad's zsh script, ".into(), "text/x-shellscript"),
            "python" => (prefix, mime) = ("Python script, ".into(), "text/x-script.python"),
            "ruby" => (prefix, mime) = ("Ruby script, ".into(), "text/x-ruby"),
            "perl" => {
                return with_lines(
                    body,
                    "Perl script text executable".into(),
                    "text/x-perl",
                    charset,
                );
            }
            "node" | "nodejs" => {
                return with_lines(
                    body,
                    format!("Node.js script executable, {name} text"),
                    "application/javascript",
                    charset,
                );
            }
            _ => prefix = format!("a {line} script, "),
        }
    } else if let Some(t) = markup(body) {
        (prefix, mime) = t;
    } else if is_json(body) {
        return kind("JSON text data", "application/json", charset);
    }
    text = format!("{prefix}{text}");
    if executable {
        text.push_str(" executable");
    }
    with_lines(body, text, mime, charset)
}

/// XML or HTML by the first tag.
fn markup(body: &[u8]) -> Option<(String, &'static str)> {
    let start = body.iter().position(|b| !b.is_ascii_whitespace())?;
    let rest = body.get(start..)?;
    let low: Vec<u8> = rest.iter().take(64).map(u8::to_ascii_lowercase).collect();
    if low.starts_with(b"<?xml") {
        let v = rest
            .windows(9)
            .position(|w| w == b"version=\"")
            .and_then(|i| {
                let s = rest.get(i + 9..)?;
                let end = s.iter().position(|b| *b == b'"')?;
                Some(String::from_utf8_lossy(s.get(..end)?).into_owned())
            })
            .unwrap_or_else(|| "1.0".into());
        return Some((format!("XML {v} document, "), "text/xml"));
    }
    for tag in [
        &b"<!doctype html"[..],
        b"<html",
        b"<head",
        b"<body",
        b"<title",
        b"<script",
        b"<style",
        b"<table",
        b"<h1",
    ] {
        if low.starts_with(tag) {
            return Some(("HTML document, ".into(), "text/html"));
        }
    }
    None
}

/// Adds the line terminator and long-line notes.
fn with_lines(body: &[u8], mut text: String, mime: &'static str, charset: &'static str) -> Kind {
    let (mut crlf, mut cr, mut lf, mut longest, mut cur) = (false, false, false, 0usize, 0usize);
    let mut i = 0;
    while let Some(&b) = body.get(i) {
        match b {
            b'\r' if body.get(i + 1) == Some(&b'\n') => {
                crlf = true;
                i += 1;
                longest = longest.max(cur);
                cur = 0;
            }
            b'\r' => {
                cr = true;
                longest = longest.max(cur);
                cur = 0;
            }
            b'\n' => {
                lf = true;
                longest = longest.max(cur);
                cur = 0;
            }
            _ => cur += 1,
        }
        i += 1;
    }
    longest = longest.max(cur);
    if longest > LONG_LINE {
        text.push_str(&format!(", with very long lines ({longest})"));
    }
    let kinds: Vec<&str> = [(crlf, "CRLF"), (cr, "CR"), (lf, "LF")]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, n)| *n)
        .collect();
    match kinds.as_slice() {
        [] => text.push_str(", with no line terminators"),
        ["LF"] => {}
        k => text.push_str(&format!(", with {} line terminators", k.join(", "))),
    }
    if body.contains(&27) {
        text.push_str(", with escape sequences");
    }
    kind(text, mime, charset)
}

/// Whether `body` is a JSON object or array (nesting at most
/// [`JSON_DEPTH`]), nothing but blanks after it.
fn is_json(body: &[u8]) -> bool {
    let mut p = Json { s: body, i: 0 };
    p.ws();
    if !matches!(p.peek(), Some(b'{' | b'[')) {
        return false;
    }
    if !p.value(0) {
        return false;
    }
    p.ws();
    p.i >= body.len()
}

struct Json<'a> {
    s: &'a [u8],
    i: usize,
}

impl Json<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn value(&mut self, depth: usize) -> bool {
        if depth > JSON_DEPTH {
            return false;
        }
        self.ws();
        match self.peek() {
            Some(b'{') => {
                self.i += 1;
                if self.eat(b'}') {
                    return true;
                }
                loop {
                    self.ws();
                    if !self.string() || !self.eat(b':') || !self.value(depth + 1) {
                        return false;
                    }
                    if self.eat(b'}') {
                        return true;
                    }
                    if !self.eat(b',') {
                        return false;
                    }
                }
            }
            Some(b'[') => {
                self.i += 1;
                if self.eat(b']') {
                    return true;
                }
                loop {
                    if !self.value(depth + 1) {
                        return false;
                    }
                    if self.eat(b']') {
                        return true;
                    }
                    if !self.eat(b',') {
                        return false;
                    }
                }
            }
            Some(b'"') => self.string(),
            Some(b't') => self.word(b"true"),
            Some(b'f') => self.word(b"false"),
            Some(b'n') => self.word(b"null"),
            Some(c) if c == b'-' || c.is_ascii_digit() => {
                let start = self.i;
                while matches!(
                    self.peek(),
                    Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                ) {
                    self.i += 1;
                }
                self.i > start
            }
            _ => false,
        }
    }
    fn word(&mut self, w: &[u8]) -> bool {
        if self.s.get(self.i..self.i + w.len()) == Some(w) {
            self.i += w.len();
            true
        } else {
            false
        }
    }
    fn string(&mut self) -> bool {
        if self.peek() != Some(b'"') {
            return false;
        }
        self.i += 1;
        while let Some(c) = self.peek() {
            self.i += 1;
            match c {
                b'"' => return true,
                b'\\' => self.i += 1,
                c if c < 0x20 => return false,
                _ => {}
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::{File, by_content};
    use crate::testutil::*;

    fn t(b: &[u8]) -> String {
        by_content(b, None).text
    }

    #[test]
    fn text_kinds() {
        assert_eq!(t(b"hello\n"), "ASCII text");
        assert_eq!(t(b"hello"), "ASCII text, with no line terminators");
        assert_eq!(t(b"a\r\nb\r\n"), "ASCII text, with CRLF line terminators");
        assert_eq!(t(b"a\r\nb\n"), "ASCII text, with CRLF, LF line terminators");
        assert_eq!(t(b"a\rb\r"), "ASCII text, with CR line terminators");
        assert_eq!(t("caf\u{e9}\n".as_bytes()), "Unicode text, UTF-8 text");
        assert_eq!(t(b"caf\xe9\n"), "ISO-8859 text");
        assert_eq!(t(b"a\x80b\n"), "Non-ISO extended-ASCII text");
        assert_eq!(
            t(b"\xef\xbb\xbfhi\n"),
            "Unicode text, UTF-8 (with BOM) text"
        );
        assert_eq!(t(b"a\x1b[1mb\n"), "ASCII text, with escape sequences");
        assert_eq!(t(b"hello\0world\n"), "data");
        let long = [b"x".repeat(400), b"\r\n".to_vec()].concat();
        assert_eq!(
            t(&long),
            "ASCII text, with very long lines (400), with CRLF line terminators"
        );
    }

    #[test]
    fn scripts_and_markup() {
        assert_eq!(
            t(b"#!/bin/bash\necho\n"),
            "Bourne-Again shell script, ASCII text executable"
        );
        assert_eq!(
            t(b"#!/usr/bin/env python3\n"),
            "Python script, ASCII text executable"
        );
        assert_eq!(
            t(b"#!/usr/bin/env node\n1\n"),
            "Node.js script executable, ASCII text"
        );
        assert_eq!(t(b"#!/usr/bin/perl\n"), "Perl script text executable");
        assert_eq!(
            t(b"#!/bin/sh\r\necho\r\n"),
            "POSIX shell script, ASCII text executable, with CRLF line terminators"
        );
        assert_eq!(t(b"{\"a\": [1, 2]}\n"), "JSON text data");
        assert_eq!(t(b"{\"a\":1"), "ASCII text, with no line terminators");
        assert_eq!(t(b"1\n"), "ASCII text");
        assert_eq!(
            t(b"<?xml version=\"1.0\"?>\n<a/>\n"),
            "XML 1.0 document, ASCII text"
        );
        assert_eq!(
            t(b"<!DOCTYPE html>\n<html></html>\n"),
            "HTML document, ASCII text"
        );
        let deep = [b"[".repeat(100_000), b"]".repeat(100_000)].concat();
        assert_eq!(
            t(&deep),
            "ASCII text, with very long lines (200000), with no line terminators"
        );
    }

    #[test]
    fn binaries() {
        assert_eq!(
            by_content(b"\x1f\x8b\x08\0\0\0\0\0\0\x03xx", Some(3)).text,
            "gzip compressed data, from Unix, original size modulo 2^32 3"
        );
        assert_eq!(
            t(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x08\x08\x06\0\0\0"),
            "PNG image data, 16 x 8, 8-bit/color RGBA, non-interlaced"
        );
        assert_eq!(t(b"%PDF-1.4\n"), "PDF document, version 1.4");
        assert_eq!(t(b"PK\x03\x04"), "data");
        let mut tar = vec![0u8; 512];
        tar[..1].copy_from_slice(b"a");
        tar[257..265].copy_from_slice(b"ustar  \0");
        assert_eq!(t(&tar), "data");
        tar[148..156].copy_from_slice(b"        ");
        let sum: u32 = tar.iter().map(|b| u32::from(*b)).sum();
        tar[148..155].copy_from_slice(format!("{sum:06o}\0").as_bytes());
        assert_eq!(t(&tar), "POSIX tar archive (GNU)");
    }

    #[test]
    fn operands() {
        let fs = TestFs::new();
        fs.file("a", b"hi\n").file("empty", b"").dir("d");
        let o = run(&File, &["a", "empty", "d", "nosuch"], b"", &fs);
        assert_eq!(
            o.out,
            "a:      ASCII text\nempty:  empty\nd:      directory\nnosuch: cannot open `nosuch' (No such file or directory)\n"
        );
        let o = run(&File, &["-b", "--mime-type", "a"], b"", &fs);
        assert_eq!(o.out, "text/plain\n");
        let o = run(&File, &["-i", "-", "d"], b"{\"a\":1}\n", &fs);
        assert_eq!(
            o.out,
            "/dev/stdin: application/json; charset=us-ascii\nd:          inode/directory; charset=binary\n"
        );
        let o = run(&File, &[], b"", &fs);
        assert_eq!(o.status, 1);
    }
}
