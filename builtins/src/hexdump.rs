//! `hexdump`: display bytes through format strings, as util-linux 2.38.1
//! `hexdump` does.
//!
//! Every display is a list of format strings (`-e`, `-f`, or those `-b
//! -c -C -d -o -x` and the default add); each format string is a list of
//! format units `[reps][/bytes] "text %conv..."`, read as BSD hexdump
//! reads them ([`parse_fs`]) and split into one conversion each
//! ([`rewrite`]). The input, all operands concatenated after `-s` and up
//! to `-n`, is read a block at a time (the largest format string's byte
//! count); every format string prints from the block's start. A block
//! equal to the one before prints `*` once (not with `-v`); the bytes
//! past the end of the input print as blanks of the conversion's width;
//! `%_A` prints the end address once the input is done. Only two blocks
//! are ever held. `-L` is accepted; colours are never shown (`%_L` is
//! refused, as util-linux refuses it without colours).

use std::io::Read;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::num::parse_count_based;
use crate::common::sys::{Res, Sys, hold, io_msg};

/// The options of `hexdump`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Octal1,
    Char1,
    Canonical,
    Dec2,
    Octal2,
    Hex2,
    Color,
    Format,
    FormatFile,
    Length,
    Skip,
    NoSqueeze,
    Version,
}

/// `hexdump`.
pub struct Hexdump;

impl Command for Hexdump {
    const NAME: &'static str = "hexdump";
    const HELP: Help = Help {
        usage: &["[options] <file>..."],
        about: "Display file contents in hexadecimal, decimal, octal, or ascii.",
        after: "Arguments:\n <length> and <offset> arguments may be followed by the suffixes for\n   GiB, TiB, PiB, EiB, ZiB, and YiB (the \"iB\" is optional)",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'b',
            &["one-byte-octal"],
            Key::Octal1,
            "one-byte octal display",
        ),
        Flag::new(
            'c',
            &["one-byte-char"],
            Key::Char1,
            "one-byte character display",
        ),
        Flag::new(
            'C',
            &["canonical"],
            Key::Canonical,
            "canonical hex+ASCII display",
        ),
        Flag::new(
            'd',
            &["two-bytes-decimal"],
            Key::Dec2,
            "two-byte decimal display",
        ),
        Flag::new(
            'o',
            &["two-bytes-octal"],
            Key::Octal2,
            "two-byte octal display",
        ),
        Flag::new(
            'x',
            &["two-bytes-hex"],
            Key::Hex2,
            "two-byte hexadecimal display",
        ),
        Flag::new(
            'L',
            &["color"],
            Key::Color,
            "interpret color formatting specifiers\n  colors are enabled by default",
        )
        .optional("mode"),
        Flag::new(
            'e',
            &["format"],
            Key::Format,
            "format string to be used for displaying data",
        )
        .value("format"),
        Flag::new(
            'f',
            &["format-file"],
            Key::FormatFile,
            "file that contains format strings",
        )
        .value("file"),
        Flag::new(
            'n',
            &["length"],
            Key::Length,
            "interpret only length bytes of input",
        )
        .value("length"),
        Flag::new(
            's',
            &["skip"],
            Key::Skip,
            "skip offset bytes from the beginning",
        )
        .value("offset"),
        Flag::new(
            'v',
            &["no-squeezing"],
            Key::NoSqueeze,
            "output identical lines",
        ),
        Flag::new('V', &[], Key::Version, "display version"),
    ];
    const SYNTAX: crate::common::flags::Syntax = crate::common::flags::Syntax {
        help_short: Some('h'),
        ..crate::common::flags::Syntax::GNU
    };

    fn version() -> String {
        "hexdump from util-linux 2.38.1\n".into()
    }

    /// util-linux's own layout.
    fn help() -> String {
        HELP_TEXT.to_owned()
    }

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        run(sys, &p)
    }
}

const HELP_TEXT: &str = "
Usage:
 hexdump [options] <file>...

Display file contents in hexadecimal, decimal, octal, or ascii.

Options:
 -b, --one-byte-octal      one-byte octal display
 -c, --one-byte-char       one-byte character display
 -C, --canonical           canonical hex+ASCII display
 -d, --two-bytes-decimal   two-byte decimal display
 -o, --two-bytes-octal     two-byte octal display
 -x, --two-bytes-hex       two-byte hexadecimal display
 -L, --color[=<mode>]      interpret color formatting specifiers
                             colors are enabled by default
 -e, --format <format>     format string to be used for displaying data
 -f, --format-file <file>  file that contains format strings
 -n, --length <length>     interpret only length bytes of input
 -s, --skip <offset>       skip offset bytes from the beginning
 -v, --no-squeezing        output identical lines

 -h, --help                display this help
 -V, --version             display version

Arguments:
 <length> and <offset> arguments may be followed by the suffixes for
   GiB, TiB, PiB, EiB, ZiB, and YiB (the \"iB\" is optional)

For more details see hexdump(1).
";

/// What a conversion prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Literal text only.
    Text,
    /// `%_a` / `%_A`: the address, in `d`, `o` or `x`.
    Address(u8),
    /// `%c`.
    Char,
    /// `%d %i`.
    Int(u8),
    /// `%o %u %x %X`.
    Uint(u8),
    /// `%e %E %f %g %G`.
    Float(u8),
    /// `%s`.
    Str,
    /// `%_c`.
    CChar,
    /// `%_p`.
    Printable,
    /// `%_u`.
    Named,
}

/// One conversion with the text before it.
#[derive(Clone, Debug)]
struct Pr {
    text: Vec<u8>,
    flags: String,
    width: Option<usize>,
    prec: Option<usize>,
    kind: Kind,
    bcnt: usize,
    /// Text after the conversion (only for the last, text-only pr).
    nospace: bool,
}

/// A format unit: `reps` times its conversions.
#[derive(Clone, Debug)]
struct Fu {
    reps: usize,
    setrep: bool,
    bcnt: usize,
    fmt: Vec<u8>,
    prs: Vec<Pr>,
    /// Holds `%_A`: printed only at the end, and stops the rest of its
    /// format string on every block.
    ignore: bool,
}

/// Why a format was refused (the message after `hexdump: `).
type Bad = String;

/// Splits one format string into format units (BSD `add`).
fn parse_fs(fmt: &[u8]) -> Result<Vec<Fu>, Bad> {
    let bad = || format!("bad format {{{}}}", String::from_utf8_lossy(fmt));
    let mut fus = Vec::new();
    let mut i = 0usize;
    let at = |i: usize| fmt.get(i).copied().unwrap_or(0);
    loop {
        while at(i).is_ascii_whitespace() {
            i += 1;
        }
        if at(i) == 0 {
            break;
        }
        let mut fu = Fu {
            reps: 1,
            setrep: false,
            bcnt: 0,
            fmt: Vec::new(),
            prs: Vec::new(),
            ignore: false,
        };
        if at(i).is_ascii_digit() {
            let s = i;
            while at(i).is_ascii_digit() {
                i += 1;
            }
            if !at(i).is_ascii_whitespace() && at(i) != b'/' {
                return Err(bad());
            }
            fu.reps = atoi(fmt.get(s..i).unwrap_or(&[]));
            if fu.reps > i32::MAX as usize {
                return Err(bad());
            }
            fu.setrep = true;
            i += 1;
            while at(i).is_ascii_whitespace() {
                i += 1;
            }
            // The slash may have been the character after the digits.
            if fmt.get(i - 1) == Some(&b'/') && at(i) != b'/' {
                i -= 1;
            }
        }
        if at(i) == b'/' {
            i += 1;
            while at(i).is_ascii_whitespace() {
                i += 1;
            }
        }
        if at(i).is_ascii_digit() {
            let s = i;
            while at(i).is_ascii_digit() {
                i += 1;
            }
            if !at(i).is_ascii_whitespace() {
                return Err(bad());
            }
            fu.bcnt = atoi(fmt.get(s..i).unwrap_or(&[]));
            if fu.bcnt > i32::MAX as usize {
                return Err(bad());
            }
            i += 1;
            while at(i).is_ascii_whitespace() {
                i += 1;
            }
        }
        if at(i) != b'"' {
            return Err(bad());
        }
        i += 1;
        let s = i;
        while at(i) != b'"' {
            if i >= fmt.len() {
                return Err(bad());
            }
            i += 1;
        }
        fu.fmt = escape(fmt.get(s..i).unwrap_or(&[]));
        i += 1;
        fus.push(fu);
    }
    Ok(fus)
}

fn atoi(d: &[u8]) -> usize {
    d.iter().fold(0usize, |n, &c| {
        n.saturating_mul(10).saturating_add(usize::from(c - b'0'))
    })
}

/// The backslash escapes of a format's text.
fn escape(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut it = s.iter();
    while let Some(&c) = it.next() {
        if c != b'\\' {
            out.push(c);
            continue;
        }
        match it.next() {
            None => out.push(b'\\'),
            Some(b'a') => out.push(7),
            Some(b'b') => out.push(8),
            Some(b'f') => out.push(12),
            Some(b'n') => out.push(b'\n'),
            Some(b'r') => out.push(b'\r'),
            Some(b't') => out.push(b'\t'),
            Some(b'v') => out.push(11),
            Some(&o) => out.push(o),
        }
    }
    out
}

/// Splits each unit's text into conversions (BSD `rewrite`), sizes them,
/// and repeats a last unit without a count to fill the block.
fn rewrite(fss: &mut [Vec<Fu>]) -> Result<usize, Bad> {
    for fs in fss.iter_mut() {
        for fu in fs.iter_mut() {
            let f = fu.fmt.clone();
            let at = |i: usize| f.get(i).copied().unwrap_or(0);
            let mut i = 0usize;
            let mut nconv = 0;
            while i < f.len() {
                let start = i;
                while i < f.len() && at(i) != b'%' {
                    i += 1;
                }
                if i >= f.len() {
                    fu.prs.push(text_pr(f.get(start..).unwrap_or(&[])));
                    break;
                }
                let text = f.get(start..i).unwrap_or(&[]).to_vec();
                // %% is text.
                if at(i + 1) == b'%' {
                    let mut t = text;
                    t.push(b'%');
                    fu.prs.push(text_pr(&t));
                    i += 2;
                    continue;
                }
                i += 1;
                let fstart = i;
                while b"#-+ 0".contains(&at(i)) && at(i) != 0 {
                    i += 1;
                }
                let flags = String::from_utf8_lossy(f.get(fstart..i).unwrap_or(&[])).into_owned();
                let wstart = i;
                while at(i).is_ascii_digit() {
                    i += 1;
                }
                let width = (i > wstart).then(|| atoi(f.get(wstart..i).unwrap_or(&[])));
                let mut prec = None;
                if at(i) == b'.' {
                    i += 1;
                    let ps = i;
                    while at(i).is_ascii_digit() {
                        i += 1;
                    }
                    // `%.s`: a point without digits is no precision.
                    if i > ps {
                        prec = Some(atoi(f.get(ps..i).unwrap_or(&[])));
                    }
                }
                let c = at(i);
                let conv_name = |n: usize| {
                    String::from_utf8_lossy(f.get(i..(i + n).min(f.len())).unwrap_or(&[]))
                        .into_owned()
                };
                let badcnt =
                    |n: usize| format!("bad byte count for conversion character {}", conv_name(n));
                let int_size = |b: usize| match b {
                    0 | 4 => Ok(4),
                    1 | 2 | 8 => Ok(b),
                    _ => Err(badcnt(1)),
                };
                let (kind, bcnt, len) = match c {
                    b'c' => match fu.bcnt {
                        0 | 1 => (Kind::Char, 1, 1),
                        _ => return Err(badcnt(1)),
                    },
                    b'd' | b'i' => (Kind::Int(c), int_size(fu.bcnt)?, 1),
                    b'o' | b'u' | b'x' | b'X' => (Kind::Uint(c), int_size(fu.bcnt)?, 1),
                    b'e' | b'E' | b'f' | b'g' | b'G' => match fu.bcnt {
                        0 | 8 => (Kind::Float(c), 8, 1),
                        4 => (Kind::Float(c), 4, 1),
                        _ => return Err(badcnt(1)),
                    },
                    b's' => {
                        let n = if fu.bcnt != 0 {
                            fu.bcnt
                        } else if let Some(p) = prec {
                            p
                        } else {
                            return Err("%s requires a precision or a byte count".into());
                        };
                        (Kind::Str, n, 1)
                    }
                    b'_' => match at(i + 1) {
                        b'A' | b'a' => {
                            if at(i + 1) == b'A' {
                                fu.ignore = true;
                            }
                            match at(i + 2) {
                                r @ (b'd' | b'o' | b'x') => (Kind::Address(r), 0, 3),
                                _ => {
                                    return Err(format!(
                                        "bad conversion character %{}",
                                        conv_name(3)
                                    ));
                                }
                            }
                        }
                        b'c' | b'p' | b'u' => {
                            let k = match at(i + 1) {
                                b'c' => Kind::CChar,
                                b'p' => Kind::Printable,
                                _ => Kind::Named,
                            };
                            match fu.bcnt {
                                0 | 1 => (k, 1, 2),
                                _ => return Err(badcnt(2)),
                            }
                        }
                        _ => return Err(format!("bad conversion character %{}", conv_name(2))),
                    },
                    _ => return Err(format!("bad conversion character %{}", conv_name(1))),
                };
                i += len;
                if fu.bcnt != 0 {
                    nconv += 1;
                    if nconv > 1 {
                        return Err("byte count with multiple conversion characters".into());
                    }
                }
                fu.prs.push(Pr {
                    text,
                    flags,
                    width,
                    prec,
                    kind,
                    bcnt,
                    nospace: false,
                });
            }
            if fu.bcnt == 0 {
                fu.bcnt = fu.prs.iter().map(|p| p.bcnt).sum();
            }
        }
    }
    let sizes: Vec<usize> = fss
        .iter()
        .map(|fs| {
            fs.iter()
                .map(|fu| fu.bcnt.saturating_mul(fu.reps))
                .fold(0usize, usize::saturating_add)
        })
        .collect();
    let block = sizes.iter().copied().max().unwrap_or(0);
    for (fs, size) in fss.iter_mut().zip(sizes) {
        let n = fs.len();
        for (k, fu) in fs.iter_mut().enumerate() {
            if k + 1 == n && size < block && !fu.setrep && fu.bcnt != 0 {
                fu.reps += (block - size) / fu.bcnt;
            }
            if fu.reps > 1
                && let Some(last) = fu.prs.last_mut()
                && last.kind == Kind::Text
                && last.text.last().is_some_and(u8::is_ascii_whitespace)
            {
                last.nospace = true;
            }
        }
    }
    Ok(block)
}

fn text_pr(t: &[u8]) -> Pr {
    Pr {
        text: t.to_vec(),
        flags: String::new(),
        width: None,
        prec: None,
        kind: Kind::Text,
        bcnt: 0,
        nospace: false,
    }
}

/// What a conversion prints its value as.
enum Val<'a> {
    Int(i64),
    Uint(u64),
    Bytes(&'a [u8]),
    Float(f64),
}

/// C `printf` of one conversion: flags, width, precision.
fn cfmt(out: &mut Vec<u8>, pr: &Pr, conv: u8, v: Val<'_>) {
    let left = pr.flags.contains('-');
    let (sign, prefix, body): (&str, &str, Vec<u8>) = match v {
        Val::Bytes(b) => {
            let b = match (conv, pr.prec) {
                (b's', Some(p)) => b.get(..p.min(b.len())).unwrap_or(b),
                _ => b,
            };
            ("", "", b.to_vec())
        }
        Val::Float(x) => {
            let spec = crate::common::fmtfloat::FloatSpec {
                flags: pr.flags.clone(),
                width: pr.width,
                precision: pr.prec,
                conv: char::from(conv),
            };
            out.extend_from_slice(crate::common::fmtfloat::format(&spec, x).as_bytes());
            return;
        }
        Val::Int(n) => {
            let sign = if n < 0 {
                "-"
            } else if pr.flags.contains('+') {
                "+"
            } else if pr.flags.contains(' ') {
                " "
            } else {
                ""
            };
            (sign, "", digits(n.unsigned_abs(), conv, pr.prec))
        }
        Val::Uint(n) => {
            let mut d = digits(n, conv, pr.prec);
            let alt = pr.flags.contains('#');
            let prefix = match conv {
                b'x' if alt && n != 0 => "0x",
                b'X' if alt && n != 0 => "0X",
                b'o' if alt && d.first() != Some(&b'0') => {
                    d.insert(0, b'0');
                    ""
                }
                _ => "",
            };
            ("", prefix, d)
        }
    };
    let numeric = !matches!(conv, b's' | b'c');
    let len = sign.len() + prefix.len() + body.len();
    let pad = pr.width.unwrap_or(0).saturating_sub(len);
    let zero = numeric && pr.flags.contains('0') && !left && pr.prec.is_none();
    if !left && !zero {
        out.resize(out.len() + pad, b' ');
    }
    out.extend_from_slice(sign.as_bytes());
    out.extend_from_slice(prefix.as_bytes());
    if zero {
        out.resize(out.len() + pad, b'0');
    }
    out.extend_from_slice(&body);
    if left {
        out.resize(out.len() + pad, b' ');
    }
}

/// The digits of `n` in the conversion's base, at least `prec` of them.
fn digits(n: u64, conv: u8, prec: Option<usize>) -> Vec<u8> {
    let s = match conv {
        b'o' => format!("{n:o}"),
        b'x' => format!("{n:x}"),
        b'X' => format!("{n:X}"),
        _ => n.to_string(),
    };
    match prec {
        Some(0) if n == 0 => Vec::new(),
        Some(p) if p > s.len() => {
            let mut v = vec![b'0'; p - s.len()];
            v.extend_from_slice(s.as_bytes());
            v
        }
        _ => s.into_bytes(),
    }
}

const NAMES: [&str; 32] = [
    "nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs", "ht", "lf", "vt", "ff", "cr",
    "so", "si", "dle", "dc1", "dc2", "dc3", "dc4", "nak", "syn", "etb", "can", "em", "sub", "esc",
    "fs", "gs", "rs", "us",
];

/// Prints one conversion of `b` (the bytes from its position) at
/// `address`; `pad` prints blanks of its width instead (past the input).
fn print(out: &mut Vec<u8>, pr: &Pr, b: &[u8], address: u64, pad: bool, last: bool) {
    let mut text: &[u8] = &pr.text;
    if last && pr.nospace {
        text = text.get(..text.len().saturating_sub(1)).unwrap_or(&[]);
    }
    out.extend_from_slice(text);
    if pr.kind == Kind::Text {
        return;
    }
    if pad && !matches!(pr.kind, Kind::Address(_)) {
        let blank = Pr {
            flags: pr.flags.replace(['-', '0', '+', '#', ' '], ""),
            ..pr.clone()
        };
        cfmt(out, &blank, b's', Val::Bytes(b""));
        return;
    }
    let byte = b.first().copied().unwrap_or(0);
    let le = |n: usize| -> u64 {
        let mut v = 0u64;
        for (k, &x) in b.iter().take(n).enumerate() {
            v |= u64::from(x) << (8 * k);
        }
        v
    };
    match pr.kind {
        Kind::Text => {}
        Kind::Address(r) => cfmt(
            out,
            pr,
            if r == b'd' { b'u' } else { r },
            Val::Uint(address),
        ),
        Kind::Char => cfmt(out, pr, b'c', Val::Bytes(&[byte])),
        Kind::Int(c) => {
            let v = match pr.bcnt {
                1 => i64::from(byte as i8),
                2 => i64::from(le(2) as u16 as i16),
                4 => i64::from(le(4) as u32 as i32),
                _ => le(8) as i64,
            };
            cfmt(out, pr, if c == b'i' { b'd' } else { c }, Val::Int(v));
        }
        Kind::Uint(c) => {
            let v = match pr.bcnt {
                1 => u64::from(byte),
                n => le(n),
            };
            cfmt(out, pr, c, Val::Uint(v));
        }
        Kind::Float(c) => {
            let v = if pr.bcnt == 4 {
                f64::from(f32::from_bits(le(4) as u32))
            } else {
                f64::from_bits(le(8))
            };
            cfmt(out, pr, c, Val::Float(v));
        }
        Kind::Str => {
            let s = b.get(..pr.bcnt.min(b.len())).unwrap_or(&[]);
            let s = s.split(|&c| c == 0).next().unwrap_or(&[]);
            cfmt(out, pr, b's', Val::Bytes(s));
        }
        Kind::CChar => {
            let esc: Option<&str> = match byte {
                0 => Some("\\0"),
                7 => Some("\\a"),
                8 => Some("\\b"),
                12 => Some("\\f"),
                b'\n' => Some("\\n"),
                b'\r' => Some("\\r"),
                b'\t' => Some("\\t"),
                11 => Some("\\v"),
                _ => None,
            };
            match esc {
                Some(e) => cfmt(out, pr, b's', Val::Bytes(e.as_bytes())),
                None if (0x20..0x7f).contains(&byte) => cfmt(out, pr, b'c', Val::Bytes(&[byte])),
                None => cfmt(out, pr, b's', Val::Bytes(format!("{byte:03o}").as_bytes())),
            }
        }
        Kind::Printable => {
            let c = if (0x20..0x7f).contains(&byte) {
                byte
            } else {
                b'.'
            };
            cfmt(out, pr, b'c', Val::Bytes(&[c]));
        }
        Kind::Named => match byte {
            0..=0x1f => cfmt(
                out,
                pr,
                b's',
                Val::Bytes(
                    NAMES
                        .get(usize::from(byte))
                        .map_or(&b""[..], |s| s.as_bytes()),
                ),
            ),
            0x7f => cfmt(out, pr, b's', Val::Bytes(b"del")),
            0x20..=0x7e => cfmt(out, pr, b'c', Val::Bytes(&[byte])),
            _ => cfmt(out, pr, b'x', Val::Uint(u64::from(byte))),
        },
    }
}

/// The concatenated inputs, after `-s`, up to `-n`.
struct Feed<'a> {
    ops: Vec<String>,
    next: usize,
    cur: Cur,
    stdin: &'a mut dyn Read,
    left: Option<u64>,
    failed: usize,
}

/// The input being read.
enum Cur {
    None,
    Stdin,
    File(sandbash_vfs::FileReader),
}

impl Feed<'_> {
    /// Fills `buf` as far as the inputs (and `-n`) go; gives how many
    /// bytes. A file that cannot be opened or read is reported and passed.
    fn fill(
        &mut self,
        f: &Files<'_>,
        diag: &mut crate::common::sys::Diag<'_>,
        buf: &mut [u8],
    ) -> usize {
        let want = match self.left {
            Some(l) => usize::try_from(l).unwrap_or(usize::MAX).min(buf.len()),
            None => buf.len(),
        };
        let mut n = 0;
        while n < want {
            if matches!(self.cur, Cur::None) {
                let Some(op) = self.ops.get(self.next).cloned() else {
                    break;
                };
                self.next += 1;
                if op.is_empty() {
                    self.cur = Cur::Stdin;
                } else {
                    match crate::common::input::open_file(f.fs, f.cwd, &op) {
                        Ok(r) => self.cur = Cur::File(r),
                        Err(e) => {
                            diag.fs(&op, &e);
                            // util-linux opens a directory and fails only on
                            // reading it, which it reports without failing.
                            if e.kind != sandbash_vfs::FsErrorKind::IsADirectory {
                                self.failed += 1;
                            }
                            continue;
                        }
                    }
                }
            }
            let dst = buf.get_mut(n..want).unwrap_or(&mut []);
            let got = match &mut self.cur {
                Cur::None => Ok(0),
                Cur::Stdin => self.stdin.read(dst),
                Cur::File(r) => r.read(dst),
            };
            match got {
                Ok(0) => self.cur = Cur::None,
                Ok(k) => n += k,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    let op = self
                        .ops
                        .get(self.next.saturating_sub(1))
                        .cloned()
                        .unwrap_or_default();
                    diag.error(format_args!("{op}: {}", io_msg(&e)));
                    self.failed += 1;
                    self.cur = Cur::None;
                }
            }
        }
        if let Some(l) = self.left.as_mut() {
            *l -= n as u64;
        }
        n
    }
}

struct Files<'a> {
    fs: &'a dyn sandbash_vfs::FileSystem,
    cwd: &'a str,
}

/// A size argument: digits (or `0x` hex) with util-linux's suffixes;
/// `Err(true)` when it is too large (`ERANGE`), `Err(false)` when it is
/// no size.
fn size_arg(s: &str) -> Result<u64, bool> {
    match parse_count_based(s) {
        Some(u64::MAX) => Err(true),
        Some(n) => Ok(n),
        None => Err(false),
    }
}

/// util-linux's `strtosize_or_err` message.
fn size_error(what: &str, v: &str, range: bool) -> String {
    let why = if range {
        "Numerical result out of range"
    } else {
        "Invalid argument"
    };
    format!("failed to parse {what}: '{v}': {why}")
}

fn run(sys: &mut Sys<'_>, p: &Args<Key>) -> Res<i32> {
    let mut formats: Vec<Vec<u8>> = Vec::new();
    let mut length: Option<u64> = None;
    let mut skip: u64 = 0;
    let mut squeeze = true;
    let std_fmt = |f: &mut Vec<Vec<u8>>, body: &str| {
        f.push(b"\"%07.7_Ax\n\"".to_vec());
        f.push(format!("\"%07.7_ax \" {body}").into_bytes());
    };
    for (k, v) in p.each() {
        match k {
            Key::Octal1 => std_fmt(&mut formats, "16/1 \"%03o \" \"\\n\""),
            Key::Char1 => std_fmt(&mut formats, "16/1 \"%3_c \" \"\\n\""),
            Key::Canonical => {
                formats.push(b"\"%08.8_Ax\n\"".to_vec());
                formats.push(b"\"%08.8_ax  \" 8/1 \"%02x \" \"  \" 8/1 \"%02x \" ".to_vec());
                formats.push(b"\"  |\" 16/1 \"%_p\" \"|\\n\"".to_vec());
            }
            Key::Dec2 => std_fmt(&mut formats, "8/2 \"  %05u \" \"\\n\""),
            Key::Octal2 => std_fmt(&mut formats, "8/2 \" %06o \" \"\\n\""),
            Key::Hex2 => std_fmt(&mut formats, "8/2 \"   %04x \" \"\\n\""),
            Key::Color => {}
            Key::Version => {
                sys.out.put(<Hexdump as Command>::version().as_bytes())?;
                return Ok(0);
            }
            Key::Format => formats.push(sandbash_interpreter::bytes::encode(v).into_owned()),
            Key::FormatFile => {
                let text = match crate::common::input::open_file(sys.fs, sys.cwd, v) {
                    Ok(mut r) => {
                        let mut t = Vec::new();
                        let mut charge = sys.charge();
                        if crate::common::input::read_all_within(
                            &mut r,
                            &mut t,
                            &mut charge,
                            sys.memory,
                            sys.tick.cancel,
                        )
                        .is_err()
                        {
                            return Err(crate::common::sys::Fail::Memory);
                        }
                        t
                    }
                    Err(e) => {
                        sys.diag.fs(v, &e);
                        return Ok(1);
                    }
                };
                for line in text.split(|&c| c == b'\n') {
                    let t = line.trim_ascii_start();
                    if !t.is_empty() && t.first() != Some(&b'#') {
                        formats.push(line.to_vec());
                    }
                }
            }
            Key::Length => match size_arg(v) {
                Ok(n) => length = Some(n),
                Err(range) => {
                    sys.diag.error(size_error("length", v, range));
                    return Ok(1);
                }
            },
            Key::Skip => match size_arg(v) {
                Ok(n) => skip = n,
                Err(range) => {
                    sys.diag.error(size_error("offset", v, range));
                    return Ok(1);
                }
            },
            Key::NoSqueeze => squeeze = false,
        }
    }
    if formats.is_empty() {
        std_fmt(&mut formats, "8/2 \"%04x \" \"\\n\"");
    }
    let mut fss = Vec::with_capacity(formats.len());
    for f in &formats {
        match parse_fs(f) {
            Ok(fs) => fss.push(fs),
            Err(m) => {
                sys.diag.error(m);
                return Ok(1);
            }
        }
    }
    let block = match rewrite(&mut fss) {
        Ok(b) => b,
        Err(m) => {
            sys.diag.error(m);
            return Ok(1);
        }
    };
    // util-linux reads standard input only without operands: `-` is a
    // file name.
    let ops = if p.operands.is_empty() {
        vec![String::new()]
    } else {
        p.operands.clone()
    };
    let nops = ops.len();
    let files = Files {
        fs: sys.fs,
        cwd: sys.cwd,
    };
    let mut feed = Feed {
        ops,
        next: 0,
        cur: Cur::None,
        stdin: &mut *sys.stdin,
        left: None,
        failed: 0,
    };
    // Skip.
    let mut address: u64 = 0;
    let mut scratch = vec![0u8; 64 * 1024];
    while address < skip {
        sys.tick.check()?;
        let want = usize::try_from(skip - address)
            .unwrap_or(usize::MAX)
            .min(scratch.len());
        let n = feed.fill(
            &files,
            &mut sys.diag,
            scratch.get_mut(..want).unwrap_or(&mut []),
        );
        if n == 0 {
            break;
        }
        address += n as u64;
    }
    feed.left = length;
    // The two blocks a format asks for (`1000000/1 "%x"`) are charged
    // before they are made.
    let mut charge = sandbash_interpreter::memory::Charge::on(sys.memory);
    hold(&mut charge, (block as u64).saturating_mul(2))?;
    let mut cur = vec![0u8; block];
    let mut prev = vec![0u8; block];
    let mut line_charge = sandbash_interpreter::memory::Charge::on(sys.memory);
    let mut state = if squeeze {
        Squeeze::First
    } else {
        Squeeze::All
    };
    let mut eaddress: Option<u64> = None;
    let mut first = true;
    let mut line: Vec<u8> = Vec::new();
    let endfu: Option<Fu> = fss.iter().flatten().find(|fu| fu.ignore).cloned();
    // A display that reads nothing (only `%_A` and text) reads no block.
    loop {
        if block == 0 {
            break;
        }
        sys.tick.check()?;
        if !first {
            std::mem::swap(&mut cur, &mut prev);
            address += block as u64;
        }
        first = false;
        // Read a block, squeezing repeats.
        let got = loop {
            sys.tick.check()?;
            let n = feed.fill(&files, &mut sys.diag, &mut cur);
            if n < block {
                if n == 0 {
                    break None;
                }
                if let Some(rest) = cur.get_mut(n..) {
                    rest.fill(0);
                }
                eaddress = Some(address + n as u64);
                break Some(n);
            }
            if state == Squeeze::All || state == Squeeze::First || cur != prev {
                if state != Squeeze::All {
                    state = Squeeze::Wait;
                }
                break Some(n);
            }
            if state == Squeeze::Wait {
                sys.out.put(b"*\n")?;
            }
            state = Squeeze::Dup;
            address += block as u64;
        };
        let Some(n) = got else { break };
        let end = address + n as u64;
        for fs in &fss {
            line.clear();
            let mut pos = 0usize;
            let mut addr = address;
            'units: for fu in fs {
                if fu.ignore {
                    break 'units;
                }
                for rep in (1..=fu.reps).rev() {
                    sys.tick.tick()?;
                    if line.len() >= 64 * 1024 {
                        sys.out.put(&line)?;
                        line.clear();
                    }
                    for pr in &fu.prs {
                        let b = cur.get(pos..).unwrap_or(&[]);
                        let pad = eaddress.is_some() && addr >= end;
                        room(&mut line_charge, &line, pr)?;
                        print(&mut line, pr, b, addr, pad, rep == 1);
                        pos += pr.bcnt;
                        addr += pr.bcnt as u64;
                    }
                }
            }
            sys.out.put(&line)?;
        }
    }
    if let Some(endfu) = endfu {
        let e = match eaddress {
            Some(e) => Some(e),
            None if address == 0 => None,
            None => Some(address),
        };
        if let Some(e) = e {
            line.clear();
            for pr in &endfu.prs {
                if matches!(pr.kind, Kind::Address(_) | Kind::Text) {
                    room(&mut line_charge, &line, pr)?;
                    print(&mut line, pr, &[], e, false, false);
                }
            }
            sys.out.put(&line)?;
        }
    }
    sys.out.flush()?;
    Ok(status(&feed, nops, &mut sys.diag))
}

/// Charges what printing `pr` may grow `line` to (its field width and
/// precision are the user's: `%99999999999d` must meet the memory budget
/// before anything is allocated).
fn room(charge: &mut sandbash_interpreter::memory::Charge, line: &[u8], pr: &Pr) -> Res<()> {
    let need = (line.len() as u64)
        .saturating_add(pr.text.len() as u64)
        .saturating_add(pr.width.unwrap_or(0) as u64)
        .saturating_add(pr.prec.unwrap_or(0) as u64)
        .saturating_add(64);
    hold(charge, need)
}

fn status(feed: &Feed<'_>, nops: usize, diag: &mut crate::common::sys::Diag<'_>) -> i32 {
    if feed.failed > 0 && feed.failed >= nops {
        diag.error("all input file arguments failed");
    }
    i32::from(feed.failed > 0)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Squeeze {
    All,
    First,
    Wait,
    Dup,
}

#[cfg(test)]
mod tests {
    use super::Hexdump;
    use crate::testutil::{TestFs, run, run0};

    #[test]
    fn canonical() {
        let o = run0(&Hexdump, &["-C"], b"ab\n");
        assert_eq!(
            o.out,
            "00000000  61 62 0a                                          |ab.|\n00000003\n"
        );
        let o = run0(&Hexdump, &[], b"");
        assert_eq!(o.out, "");
    }

    #[test]
    fn formats() {
        let o = run0(
            &Hexdump,
            &["-e", "3/2 \"%d \" \"\\n\""],
            b"\x01\x00\x02\x00\xff\xff",
        );
        assert_eq!(o.out, "1 2 -1\n");
        let o = run0(&Hexdump, &["-e", "4/1 \"%_u \""], b"a\x01\x7f\x80");
        assert_eq!(o.out, "a soh del 80");
        let o = run0(&Hexdump, &["-e", "\"%s\""], b"");
        assert_eq!(o.err, "hexdump: %s requires a precision or a byte count\n");
        let o = run0(&Hexdump, &["-e", "/2 \"%x %x\""], b"ab");
        assert_eq!(
            o.err,
            "hexdump: byte count with multiple conversion characters\n"
        );
        let o = run0(&Hexdump, &["-e", "16/1\"%x\""], b"");
        assert_eq!(o.err, "hexdump: bad format {16/1\"%x\"}\n");
    }

    #[test]
    fn squeeze_and_files() {
        let o = run0(&Hexdump, &["-e", "4/1 \"%02x\" \"\\n\""], b"aaaaaaaaaaaab");
        assert_eq!(o.out, "61616161\n*\n62      \n");
        let fs = TestFs::new();
        fs.file("/workspace/a", b"ab").file("/workspace/b", b"cd");
        let o = run(&Hexdump, &["-C", "-s", "1", "a", "nope", "b"], b"", &fs);
        assert_eq!(
            o.out,
            "00000001  62 63 64                                          |bcd|\n00000004\n"
        );
        assert_eq!(o.status, 1);
    }
}
