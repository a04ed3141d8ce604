//! `strings`: print the runs of printable characters in files, as GNU
//! binutils 2.40 `strings` does (which scans the whole file by default).
//!
//! A run is printed when it reaches `-n` characters (4 by default): its
//! first `n - 1` characters wait in a buffer charged to the memory budget,
//! the rest stream straight to the output, so a run of any length costs
//! at most `n` bytes. Printable is ASCII 32-126 and TAB; `-w` adds the
//! other white space, `-e S` the bytes from 128; `-e b/l/B/L`
//! read 16- and 32-bit characters. `--unicode` is not supported.

use std::borrow::Cow;
use std::io::Read;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, OptError, Syntax};
use crate::common::input::open_file;
use crate::common::sys::{Res, Sys, hold};
use sandbash_vfs::FsErrorKind;

/// The options of `strings`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    All,
    Data,
    Name,
    Min,
    Radix,
    Octal,
    Space,
    Target,
    Encoding,
    Sep,
    Version,
}

/// `strings`.
pub struct Strings;

const USAGE: &str = "Usage: strings [option(s)] [file(s)]
 Display printable strings in [file(s)] (stdin by default)
 The options are:
  -a - --all                Scan the entire file, not just the data section [default]
  -d --data                 Only scan the data sections in the file
  -f --print-file-name      Print the name of the file before each string
  -n <number>               Locate & print any sequence of at least <number>
    --bytes=<number>         displayable characters.  (The default is 4).
  -t --radix={o,d,x}        Print the location of the string in base 8, 10 or 16
  -w --include-all-whitespace Include all whitespace as valid string characters
  -o                        An alias for --radix=o
  -T --target=<BFDNAME>     Specify the binary file format
  -e --encoding={s,S,b,l,B,L} Select character size and endianness:
                            s = 7-bit, S = 8-bit, {b,l} = 16-bit, {B,L} = 32-bit
  --unicode={default|show|invalid|hex|escape|highlight}
  -U {d|s|i|x|e|h}          Specify how to treat UTF-8 encoded unicode characters
  -s --output-separator=<string> String used to separate strings in output.
  @<file>                   Read options from <file>
  -h --help                 Display this information
  -v -V --version           Print the program's version number
strings: supported targets: binary
Report bugs to <https://sourceware.org/bugzilla/>
";

impl Command for Strings {
    const NAME: &'static str = "strings";
    const HELP: Help = Help {
        usage: &["[option(s)] [file(s)]"],
        about: "Display printable strings in [file(s)] (stdin by default)",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('a', &["all"], Key::All, "scan the entire file"),
        Flag::new('d', &["data"], Key::Data, "only scan the data sections"),
        Flag::new('f', &["print-file-name"], Key::Name, "print the file name"),
        Flag::new('n', &["bytes"], Key::Min, "minimum length").value("NUMBER"),
        Flag::new(
            't',
            &["radix"],
            Key::Radix,
            "print offsets in base 8, 10 or 16",
        )
        .value("RADIX"),
        Flag::new('o', &[], Key::Octal, "an alias for --radix=o"),
        Flag::new(
            'w',
            &["include-all-whitespace"],
            Key::Space,
            "include all whitespace",
        ),
        Flag::new('T', &["target"], Key::Target, "binary file format").value("BFDNAME"),
        Flag::new('e', &["encoding"], Key::Encoding, "character size").value("ENC"),
        Flag::new('s', &["output-separator"], Key::Sep, "output separator").value("STRING"),
        Flag::new('v', &[], Key::Version, "print the version"),
        Flag::new('V', &[], Key::Version, "print the version"),
    ];
    const SYNTAX: Syntax = Syntax {
        help_short: Some('h'),
        ..Syntax::GNU
    };

    /// `-12` is `-n 12` (binutils' digit options).
    fn prepare(args: &[String]) -> Cow<'_, [String]> {
        crate::common::flags::rewrite_numeric_options(args, "bytes", |r| {
            r.bytes().all(|b| b.is_ascii_digit())
        })
    }

    fn usage_error(sys: &mut Sys<'_>, err: &OptError) -> i32 {
        sys.diag.error(err);
        sys.diag.raw(USAGE.as_bytes());
        1
    }

    fn help() -> String {
        USAGE.to_owned()
    }

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        run(sys, &p)
    }
}

/// How the offsets are printed (`-t`).
#[derive(Clone, Copy)]
enum Radix {
    Dec,
    Oct,
    Hex,
}

struct Opts {
    min: usize,
    names: bool,
    radix: Option<Radix>,
    space: bool,
    eight_bit: bool,
    /// `-e b/l/B/L`: the character size and whether it is big-endian.
    wide: Option<(usize, bool)>,
    sep: Vec<u8>,
}

/// Parses `-n` as binutils does: `strtoul` with base prefixes, the value
/// cut to an unsigned int; `None` when junk follows the digits.
fn min_length(s: &str) -> Option<u32> {
    let (n, rest) = crate::common::num::c_strtol(s);
    // strtoul saturates past its range and wraps a negative number; the
    // cast to unsigned int then cuts it.
    let max = i128::from(u64::MAX);
    let v = if n > max || n < -max {
        u64::MAX
    } else {
        n as u64
    };
    rest.is_empty().then_some(v as u32)
}

fn run(sys: &mut Sys<'_>, p: &Args<Key>) -> Res<i32> {
    let mut o = Opts {
        min: 4,
        names: false,
        radix: None,
        space: false,
        eight_bit: false,
        wide: None,
        sep: b"\n".to_vec(),
    };
    for (k, v) in p.each() {
        match k {
            Key::All | Key::Data | Key::Target => {}
            Key::Name => o.names = true,
            Key::Space => o.space = true,
            Key::Octal => o.radix = Some(Radix::Oct),
            Key::Version => {
                sys.out.put(b"GNU strings (sandbash) 0.1.0\n")?;
                return Ok(0);
            }
            Key::Sep => o.sep = sandbash_interpreter::bytes::encode(v).into_owned(),
            Key::Min => match min_length(v) {
                Some(0) => {
                    sys.diag.error("invalid minimum string length 0");
                    return Ok(1);
                }
                Some(n) => o.min = usize::try_from(n).unwrap_or(usize::MAX),
                None => {
                    sys.diag.error(format_args!("invalid integer argument {v}"));
                    return Ok(1);
                }
            },
            Key::Radix => {
                o.radix = Some(match v {
                    "d" => Radix::Dec,
                    "o" => Radix::Oct,
                    "x" => Radix::Hex,
                    _ => return Ok(usage(sys)),
                });
            }
            Key::Encoding => match v {
                "s" => o.eight_bit = false,
                "S" => o.eight_bit = true,
                "b" => o.wide = Some((2, true)),
                "l" => o.wide = Some((2, false)),
                "B" => o.wide = Some((4, true)),
                "L" => o.wide = Some((4, false)),
                _ => return Ok(usage(sys)),
            },
        }
    }
    if p.operands.is_empty() {
        let mut stdin = &mut *sys.stdin;
        return scan(
            sys_parts(&mut sys.out, &sys.tick, sys.memory),
            &mut stdin,
            "{standard input}",
            &o,
        )
        .map(|r| r.map_or(1, |()| 0));
    }
    let mut status = 0;
    for op in &p.operands {
        if op == "-" {
            return Ok(usage(sys));
        }
        let shown = sandbash_interpreter::bytes::encode(op).into_owned();
        let shown = String::from_utf8_lossy(&shown).into_owned();
        match sys.resolve(op).and_then(|path| sys.fs.metadata(&path)) {
            Ok(md) if md.is_dir() => {
                sys.diag
                    .error(format_args!("Warning: '{shown}' is a directory"));
                status = 1;
                continue;
            }
            Err(e) if e.kind == FsErrorKind::NotFound => {
                sys.diag.error(format_args!("'{shown}': No such file"));
                status = 1;
                continue;
            }
            _ => {}
        }
        let mut r = match open_file(sys.fs, sys.cwd, op) {
            Ok(r) => r,
            Err(e) => {
                sys.diag.error(format_args!("{shown}: {}", e.kind));
                status = 1;
                continue;
            }
        };
        if scan(
            sys_parts(&mut sys.out, &sys.tick, sys.memory),
            &mut r,
            op,
            &o,
        )?
        .is_err()
        {
            sys.out.flush()?;
            sys.diag.error(format_args!("{shown}: read error"));
            status = 1;
        }
    }
    Ok(status)
}

/// Prints the usage on standard error; status 1 (binutils' answer to a bad
/// `-t` or `-e` value).
fn usage(sys: &mut Sys<'_>) -> i32 {
    sys.diag.raw(USAGE.as_bytes());
    1
}

/// The parts of [`Sys`] a scan uses.
struct Parts<'a, 'c> {
    out: &'a mut crate::common::sys::Out<'c>,
    tick: &'a crate::common::sys::Ticker<'c>,
    memory: &'a std::sync::Arc<sandbash_interpreter::memory::MemoryBudget>,
}

fn sys_parts<'a, 'c>(
    out: &'a mut crate::common::sys::Out<'c>,
    tick: &'a crate::common::sys::Ticker<'c>,
    memory: &'a std::sync::Arc<sandbash_interpreter::memory::MemoryBudget>,
) -> Parts<'a, 'c> {
    Parts { out, tick, memory }
}

/// Whether `c` belongs to a string.
fn graphic(c: u8, o: &Opts) -> bool {
    c == b'\t'
        || (0x20..0x7f).contains(&c)
        || (o.eight_bit && c >= 0x80)
        || (o.space && matches!(c, b'\n' | b'\r' | 0x0b | 0x0c))
}

/// Scans one input; `Ok(Err(()))` when reading failed.
fn scan(s: Parts<'_, '_>, r: &mut dyn Read, name: &str, o: &Opts) -> Res<Result<(), ()>> {
    if let Some((size, big)) = o.wide {
        return scan_wide(s, r, name, o, size, big);
    }
    let mut charge = sandbash_interpreter::memory::Charge::on(s.memory);
    let mut pending: Vec<u8> = Vec::new();
    let mut printing = false;
    let mut offset: u64 = 0;
    let mut start: u64 = 0;
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        s.tick.check()?;
        let n = match r.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return Ok(Err(())),
        };
        let chunk = buf.get(..n).unwrap_or(&[]);
        // Printing runs are written a stretch at a time.
        let mut from: Option<usize> = None;
        for (i, &c) in chunk.iter().enumerate() {
            let at = offset + i as u64;
            if graphic(c, o) {
                if printing {
                    if from.is_none() {
                        from = Some(i);
                    }
                    continue;
                }
                if pending.is_empty() {
                    start = at;
                }
                if pending.len() == pending.capacity() {
                    pending.reserve(pending.len().max(64).min(o.min));
                    hold(&mut charge, pending.capacity() as u64)?;
                }
                pending.push(c);
                if pending.len() >= o.min {
                    header(s.out, name, start, o)?;
                    s.out.put(&pending)?;
                    pending.clear();
                    printing = true;
                }
            } else {
                if printing {
                    if let Some(f) = from.take() {
                        s.out.put(chunk.get(f..i).unwrap_or(&[]))?;
                    }
                    s.out.put(&o.sep)?;
                    printing = false;
                }
                pending.clear();
            }
        }
        if let Some(f) = from {
            s.out.put(chunk.get(f..).unwrap_or(&[]))?;
        }
        offset += n as u64;
    }
    if printing {
        s.out.put(&o.sep)?;
    }
    Ok(Ok(()))
}

/// The input byte by byte, with the bytes of a character put back.
struct Src<'r> {
    r: std::io::BufReader<&'r mut dyn Read>,
    back: std::collections::VecDeque<u8>,
    failed: bool,
}

impl Src<'_> {
    fn byte(&mut self) -> Option<u8> {
        if let Some(b) = self.back.pop_front() {
            return Some(b);
        }
        let b = match std::io::BufRead::fill_buf(&mut self.r) {
            Ok(buf) => *buf.first()?,
            Err(_) => {
                self.failed = true;
                return None;
            }
        };
        std::io::BufRead::consume(&mut self.r, 1);
        Some(b)
    }
}

/// The 16- and 32-bit encodings, as binutils' `print_strings` reads them:
/// a character is `size` bytes in the given order, a string holds only
/// characters of value 0-255 that are printable; after a character that
/// is not, the search starts again one byte past that character's first.
fn scan_wide(
    s: Parts<'_, '_>,
    r: &mut dyn Read,
    name: &str,
    o: &Opts,
    size: usize,
    big: bool,
) -> Res<Result<(), ()>> {
    let mut src = Src {
        r: std::io::BufReader::with_capacity(64 * 1024, r),
        back: std::collections::VecDeque::new(),
        failed: false,
    };
    let narrow = Opts {
        eight_bit: false,
        sep: Vec::new(),
        ..*o
    };
    let mut charge = sandbash_interpreter::memory::Charge::on(s.memory);
    let mut pending: Vec<u8> = Vec::new();
    let mut address: u64 = 0;
    // One character: its value and bytes; `None` at the end of the input.
    let get = |src: &mut Src<'_>, address: &mut u64| -> Option<(u64, [u8; 4])> {
        let mut b = [0u8; 4];
        for slot in b.iter_mut().take(size) {
            *slot = src.byte()?;
        }
        *address += size as u64;
        let bytes = b.get(..size).unwrap_or(&[]);
        let v = if big {
            bytes.iter().fold(0u64, |v, &x| (v << 8) | u64::from(x))
        } else {
            bytes
                .iter()
                .rev()
                .fold(0u64, |v, &x| (v << 8) | u64::from(x))
        };
        Some((v, b))
    };
    let unget = |src: &mut Src<'_>, address: &mut u64, b: [u8; 4]| {
        for &x in b.get(1..size).unwrap_or(&[]).iter().rev() {
            src.back.push_front(x);
        }
        *address -= size as u64 - 1;
    };
    let ok = |v: u64| u8::try_from(v).is_ok_and(|c| graphic(c, &narrow));
    'outer: loop {
        s.tick.check()?;
        let start = address;
        pending.clear();
        while pending.len() < o.min {
            let Some((v, b)) = get(&mut src, &mut address) else {
                break 'outer;
            };
            if !ok(v) {
                unget(&mut src, &mut address, b);
                continue 'outer;
            }
            if pending.len() == pending.capacity() {
                pending.reserve(pending.len().max(64).min(o.min));
                hold(&mut charge, pending.capacity() as u64)?;
            }
            pending.push(v as u8);
        }
        header(s.out, name, start, o)?;
        s.out.put(&pending)?;
        loop {
            s.tick.check()?;
            let Some((v, b)) = get(&mut src, &mut address) else {
                break;
            };
            if !ok(v) {
                unget(&mut src, &mut address, b);
                break;
            }
            s.out.put(&[v as u8])?;
        }
        s.out.put(&o.sep)?;
    }
    Ok(if src.failed { Err(()) } else { Ok(()) })
}

/// The file name and offset before a string.
fn header(out: &mut crate::common::sys::Out<'_>, name: &str, start: u64, o: &Opts) -> Res<()> {
    if o.names {
        out.str(name)?;
        out.put(b": ")?;
    }
    match o.radix {
        Some(Radix::Dec) => out.fmt(format_args!("{start:7} ")),
        Some(Radix::Oct) => out.fmt(format_args!("{start:7o} ")),
        Some(Radix::Hex) => out.fmt(format_args!("{start:7x} ")),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::Strings;
    use crate::testutil::{TestFs, run, run0};

    #[test]
    fn runs_of_four() {
        let o = run0(&Strings, &[], b"ab\0abcd\0\x01hello world\xffxyz\0last");
        assert_eq!(o.out, "abcd\nhello world\nlast\n");
    }

    #[test]
    fn options() {
        let o = run0(&Strings, &["-n", "2", "-t", "x"], b"\0\0ab\0c\0def");
        assert_eq!(o.out, "      2 ab\n      7 def\n");
        let o = run0(&Strings, &["-3", "-s", ","], b"abc\ndefg");
        assert_eq!(o.out, "abc,defg,");
        let o = run0(&Strings, &["-w"], b"ab\ncd\0");
        assert_eq!(o.out, "ab\ncd\n");
        let o = run0(&Strings, &["-eS"], b"caf\xc3\xa9\0");
        assert_eq!(o.out.as_bytes(), "caf\u{e9}\n".as_bytes());
        let o = run0(&Strings, &["-el", "-td"], b"xh\0e\0l\0l\0o\0\x01");
        assert_eq!(o.out, "      1 hello\n");
        let o = run0(&Strings, &["-eb"], b"\0a\0b\0c\0d\x01\x00");
        assert_eq!(o.out, "abcd\n");
        let o = run0(&Strings, &["-n", "0"], b"");
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, "strings: invalid minimum string length 0\n")
        );
    }

    #[test]
    fn files() {
        let fs = TestFs::new();
        fs.file("/workspace/a", b"\0first\0").dir("/workspace/d");
        let o = run(&Strings, &["-f", "a", "nope", "d"], b"", &fs);
        assert_eq!(o.out, "a: first\n");
        assert_eq!(
            o.err,
            "strings: 'nope': No such file\nstrings: Warning: 'd' is a directory\n"
        );
        assert_eq!(o.status, 1);
    }
}
