//! `iconv` (glibc 2.36 in the C locale): converts text from one charset
//! (`-f`) to another (`-t`), file operands in turn or standard input, to
//! standard output or the `-o` file.
//!
//! As glibc does:
//! - a missing `-f`/`-t` (or an empty name) is the C locale's charset,
//!   ASCII; an unknown name fails with `failed to start conversion
//!   processing` before any input is read;
//! - `//TRANSLIT` on the target writes a character the target lacks as
//!   the C locale's transliteration ([`translit`]), or `?`; `//IGNORE`
//!   drops invalid input and unconvertible characters, then reports an
//!   illegal input sequence at the end of the file (status 1), unless the
//!   file saw a transliteration; `-c` drops them silently (status 0, but
//!   1 for a file it dropped something from and wrote nothing for);
//! - otherwise the first invalid or unconvertible character stops the
//!   whole run with `illegal input sequence at position N` (N counted in
//!   bytes from the start of its file), and a file ending inside a
//!   character with `incomplete character or shift sequence at end of
//!   buffer`: status 1, the output converted until then written;
//! - a file that cannot be opened is reported and skipped (status 1);
//! - the `-o` file is created only when the first output byte is written.
//!
//! Unlike glibc, which reads each file whole, input is converted chunk
//! by chunk, carrying an incomplete character from one chunk to the
//! next; the output and messages are the same.

pub mod codec;
pub mod sbcs;
#[cfg(test)]
mod tests;
pub mod translit;

use std::io::{ErrorKind, Read, Write};

use sandbash_vfs::path::resolve;
use sandbash_vfs::{FileSystem, FileWriter, FsError, FsErrorKind, WriteMode};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, OptError, Syntax};
use crate::common::input::open_input;
use crate::common::sys::{Diag, Out, Res, Sys, io_msg};
use codec::{Charset, Dec, Decoder, Encoder};

/// The options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    From,
    To,
    List,
    Omit,
    Output,
    Silent,
    Verbose,
    Help,
    Usage,
    Version,
}

/// `iconv`.
pub struct Iconv;

const HELP_TEXT: &str = "Usage: iconv [OPTION...] [FILE...]
Convert encoding of given files from one encoding to another.

 Input/Output format specification:
  -f, --from-code=NAME       encoding of original text
  -t, --to-code=NAME         encoding for output

 Information:
  -l, --list                 list all known coded character sets

 Output control:
  -c                         omit invalid characters from output
  -o, --output=FILE          output file
  -s, --silent               suppress warnings
      --verbose              print progress information

  -?, --help                 Give this help list
      --usage                Give a short usage message
  -V, --version              Print program version

Mandatory or optional arguments to long options are also mandatory or optional
for any corresponding short options.

For bug reporting instructions, please see:
<http://www.debian.org/Bugs/>.
";

const USAGE_TEXT: &str = "Usage: iconv [-lcs?V] [-f NAME] [-t NAME] [-o FILE] [--from-code=NAME]
            [--to-code=NAME] [--list] [--output=FILE] [--silent] [--verbose]
            [--help] [--usage] [--version] [FILE...]
";

impl Command for Iconv {
    const NAME: &'static str = "iconv";
    const HELP: Help = Help {
        usage: &["[OPTION...] [FILE...]"],
        about: "Convert encoding of given files from one encoding to another.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('f', &["from-code"], Key::From, "encoding of original text").value("NAME"),
        Flag::new('t', &["to-code"], Key::To, "encoding for output").value("NAME"),
        Flag::new(
            'l',
            &["list"],
            Key::List,
            "list all known coded character sets",
        ),
        Flag::new('c', &[], Key::Omit, "omit invalid characters from output"),
        Flag::new('o', &["output"], Key::Output, "output file").value("FILE"),
        Flag::new('s', &["silent"], Key::Silent, "suppress warnings"),
        Flag::long(&["verbose"], Key::Verbose, "print progress information"),
        Flag::new('?', &[], Key::Help, "Give this help list"),
        Flag::long(&["usage"], Key::Usage, "Give a short usage message"),
        Flag::new('V', &[], Key::Version, "Print program version"),
    ];
    /// argp's usage status.
    const SYNTAX: Syntax = Syntax::GNU.status(64);

    fn help() -> String {
        HELP_TEXT.into()
    }

    fn usage_error(sys: &mut Sys<'_>, err: &OptError) -> i32 {
        sys.diag.error(err);
        sys.diag
            .raw(b"Try `iconv --help' or `iconv --usage' for more information.\n");
        64
    }

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        if p.has(Key::Help) {
            sys.out.str(HELP_TEXT)?;
            return Ok(0);
        }
        if p.has(Key::Usage) {
            sys.out.str(USAGE_TEXT)?;
            return Ok(0);
        }
        if p.has(Key::Version) {
            sys.out.str(&Self::version())?;
            return Ok(0);
        }
        if p.has(Key::List) {
            for (name, _) in codec::NAMES {
                sys.out.str(name)?;
                sys.out.put(b"//\n")?;
            }
            return Ok(0);
        }
        let from = Spec::parse(p.last(Key::From).unwrap_or(""));
        let to = Spec::parse(p.last(Key::To).unwrap_or(""));
        let (Some(src), Some(dst)) = (from.charset, to.charset) else {
            let errno = if from.slash || to.slash {
                ": No such file or directory"
            } else {
                ""
            };
            sys.diag
                .error(format_args!("failed to start conversion processing{errno}"));
            return Ok(1);
        };
        let mut conv = Converter::new(src, dst, &to, p.has(Key::Omit));
        let mut sink = Sink {
            path: p.last(Key::Output).map(str::to_owned),
            file: None,
        };
        // glibc names each file operand, but not standard input alone.
        let verbose = p.has(Key::Verbose) && !p.operands.is_empty();
        let operands = if p.operands.is_empty() {
            vec!["-".to_owned()]
        } else {
            p.operands.clone()
        };
        let mut status = 0;
        let mut stdin_read = false;
        for op in &operands {
            // glibc closes standard input after reading it once.
            if op == "-" && std::mem::replace(&mut stdin_read, true) {
                sys.out.flush()?;
                sys.diag
                    .error("error while reading the input: Bad file descriptor");
                sink.close(&mut io(sys))?;
                return Ok(1);
            }
            if verbose {
                sys.diag.raw(format!("{op}:\n").as_bytes());
            }
            match convert_file(sys, &mut conv, &mut sink, op)? {
                FileEnd::Done => {}
                FileEnd::Failed => status = 1,
                FileEnd::Stop => {
                    sink.close(&mut io(sys))?;
                    return Ok(1);
                }
            }
        }
        if !sink.close(&mut io(sys))? {
            return Ok(1);
        }
        Ok(status)
    }
}

/// A `-f`/`-t` argument: `NAME[//SUFFIX...]`, the suffixes
/// `TRANSLIT` and `IGNORE` (any case, also comma-separated) meaning
/// something on the target only; others are ignored.
struct Spec {
    charset: Option<Charset>,
    /// The name had a `/` (glibc then fails with its `errno` text).
    slash: bool,
    translit: bool,
    ignore: bool,
}

impl Spec {
    fn parse(arg: &str) -> Self {
        // `NAME/` is `NAME`, and `/` the locale's charset, as in glibc.
        let (name, rest) = arg.split_once('/').unwrap_or((arg, ""));
        let parts = rest.strip_prefix('/').unwrap_or(rest).split("//");
        let (mut translit, mut ignore) = (false, false);
        for word in parts.flat_map(|s| s.split(',')) {
            if word.eq_ignore_ascii_case("TRANSLIT") {
                translit = true;
            } else if word.eq_ignore_ascii_case("IGNORE") {
                ignore = true;
            }
        }
        let charset = if rest.starts_with(|c| c != '/') {
            // `NAME/JUNK`.
            None
        } else if name.is_empty() {
            Some(Charset::Ascii)
        } else {
            codec::lookup(name)
        };
        Self {
            charset,
            slash: arg.contains('/'),
            translit,
            ignore,
        }
    }
}

/// The output parts of `sys`.
fn io<'a, 'c>(sys: &'a mut Sys<'c>) -> Io<'a, 'c> {
    Io {
        out: &mut sys.out,
        diag: &mut sys.diag,
        fs: sys.fs,
        cwd: sys.cwd,
    }
}

/// Why converting stopped.
#[derive(Debug, PartialEq, Eq)]
enum Stop {
    /// Invalid or unconvertible input at this byte of the file.
    Illegal(u64),
    /// The file ended inside a character.
    Incomplete,
}

/// The conversion state, kept across chunks; a new file starts afresh
/// (a `UTF-16` BOM read or written at the start of each).
struct Converter {
    dec: Decoder,
    enc: Encoder,
    translit: bool,
    ignore: bool,
    /// `-c`.
    omit: bool,
    /// The start of a character the last chunk ended inside.
    carry: Vec<u8>,
    /// The file offset of the next byte to decode (the carry's first).
    pos: u64,
    /// Something was dropped by `-c` or `//IGNORE` in this file.
    skipped: bool,
    /// Something was written for this file.
    emitted: bool,
    /// A character the target lacks was dropped in this file.
    dropped_char: bool,
    /// A character was transliterated in this file.
    translated: bool,
}

impl Converter {
    /// A conversion from `src` to `dst`, with the target's suffixes `to`
    /// and `-c` (`omit`).
    fn new(src: Charset, dst: Charset, to: &Spec, omit: bool) -> Self {
        Self {
            dec: Decoder::new(src),
            enc: Encoder::new(dst),
            translit: to.translit,
            ignore: to.ignore,
            omit,
            carry: Vec::new(),
            pos: 0,
            skipped: false,
            emitted: false,
            dropped_char: false,
            translated: false,
        }
    }

    /// Converts `chunk` (after the carry) into `out`.
    fn feed(&mut self, chunk: &[u8], out: &mut Vec<u8>) -> Result<(), Stop> {
        let joined;
        let data: &[u8] = if self.carry.is_empty() {
            chunk
        } else {
            let mut d = std::mem::take(&mut self.carry);
            d.extend_from_slice(chunk);
            joined = d;
            &joined
        };
        let start = out.len();
        let r = self.feed_data(data, out);
        self.emitted |= out.len() > start;
        r
    }

    fn feed_data(&mut self, data: &[u8], out: &mut Vec<u8>) -> Result<(), Stop> {
        let mut i = 0;
        while let Some(rest) = data.get(i..).filter(|r| !r.is_empty()) {
            let n = match self.dec.next(rest) {
                Dec::Char(c, n) => {
                    if !self.enc.put(c, out) {
                        self.unconvertible(c, out)?;
                    }
                    n
                }
                Dec::Bom(n) => n,
                Dec::Illegal(n) if self.dec.quiet_skips() && (self.omit || self.ignore) => n,
                Dec::Illegal(n) => {
                    self.drop_or_stop()?;
                    n
                }
                Dec::Incomplete => {
                    self.carry = rest.to_vec();
                    return Ok(());
                }
            };
            i += n;
            self.pos += n as u64;
        }
        Ok(())
    }

    /// A character the target lacks: transliterated, dropped or an error.
    fn unconvertible(&mut self, c: u32, out: &mut Vec<u8>) -> Result<(), Stop> {
        if self.translit {
            self.translated = true;
            let text = translit::TABLE
                .binary_search_by_key(&c, |&(k, _)| k)
                .ok()
                .and_then(|i| translit::TABLE.get(i))
                .map_or("?", |&(_, t)| t);
            for b in text.bytes() {
                self.enc.put(b.into(), out);
            }
            return Ok(());
        }
        self.drop_or_stop()?;
        self.dropped_char = true;
        Ok(())
    }

    fn drop_or_stop(&mut self) -> Result<(), Stop> {
        if self.omit || self.ignore {
            self.skipped = true;
            Ok(())
        } else {
            Err(Stop::Illegal(self.pos))
        }
    }

    /// Ends a file: an incomplete character, or `//IGNORE`'s report of
    /// what it dropped, stops the run; gives true when the file failed
    /// quietly (glibc's `-c` fails a file that it dropped something from
    /// and wrote nothing for). Resets the state for the next file.
    fn end_file(&mut self) -> Result<bool, Stop> {
        let incomplete = !self.carry.is_empty();
        let quiet_failure = self.omit && self.skipped && !self.emitted;
        // glibc is silent about what `-c` dropped, and about what
        // `//TRANSLIT//IGNORE` dropped in a file where it transliterated.
        let translated = std::mem::take(&mut self.translated);
        let skipped = self.skipped && self.ignore && !self.omit && !translated;
        let carried = self.carry.len() as u64;
        let len = self.pos + carried;
        self.carry.clear();
        self.pos = 0;
        self.skipped = false;
        self.emitted = false;
        let dropped_char = std::mem::take(&mut self.dropped_char);
        self.dec.reset();
        self.enc.reset();
        if incomplete && skipped && dropped_char {
            // glibc then reports the dropped character, at the incomplete
            // one (what its first step dropped, it forgets).
            Err(Stop::Illegal(len - carried))
        } else if incomplete {
            Err(Stop::Incomplete)
        } else if skipped {
            Err(Stop::Illegal(len))
        } else {
            Ok(quiet_failure)
        }
    }
}

/// How converting one file ended.
enum FileEnd {
    Done,
    /// It could not be opened (reported), or `-c` failed it quietly: go
    /// on with the next.
    Failed,
    /// The run stops (reported).
    Stop,
}

fn convert_file(
    sys: &mut Sys<'_>,
    conv: &mut Converter,
    sink: &mut Sink,
    op: &str,
) -> Res<FileEnd> {
    let mut io = Io {
        out: &mut sys.out,
        diag: &mut sys.diag,
        fs: sys.fs,
        cwd: sys.cwd,
    };
    let mut input = match open_input(&mut *sys.stdin, sys.fs, sys.cwd, op) {
        Ok(i) => i,
        Err(e) if e.kind == FsErrorKind::IsADirectory => {
            sink.flush(&mut io)?;
            io.diag
                .error("error while reading the input: Is a directory");
            return Ok(FileEnd::Stop);
        }
        Err(e) => {
            sink.flush(&mut io)?;
            io.diag
                .error(format_args!("cannot open input file `{op}': {}", e.kind));
            return Ok(FileEnd::Failed);
        }
    };
    let mut buf = vec![0u8; 32 * 1024];
    let mut out = Vec::with_capacity(64 * 1024);
    loop {
        sys.tick.check()?;
        let n = match input.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => {
                sink.flush(&mut io)?;
                io.diag.error(format_args!(
                    "error while reading the input: {}",
                    io_msg(&e)
                ));
                return Ok(FileEnd::Stop);
            }
        };
        out.clear();
        let r = conv.feed(buf.get(..n).unwrap_or(&[]), &mut out);
        if !sink.write(&mut io, &out)? {
            return Ok(FileEnd::Stop);
        }
        if let Err(stop) = r {
            report(&mut io, sink, stop)?;
            return Ok(FileEnd::Stop);
        }
    }
    match conv.end_file() {
        Ok(false) => Ok(FileEnd::Done),
        Ok(true) => Ok(FileEnd::Failed),
        Err(stop) => {
            report(&mut io, sink, stop)?;
            Ok(FileEnd::Stop)
        }
    }
}

fn report(io: &mut Io<'_, '_>, sink: &mut Sink, stop: Stop) -> Res<()> {
    sink.flush(io)?;
    match stop {
        Stop::Illegal(at) => io
            .diag
            .error(format_args!("illegal input sequence at position {at}")),
        Stop::Incomplete => io
            .diag
            .error("incomplete character or shift sequence at end of buffer"),
    }
    Ok(())
}

/// Where the output goes: standard output, or the `-o` file, opened
/// (truncated) when the first byte is written.
struct Sink {
    path: Option<String>,
    file: Option<FileWriter>,
}

/// The parts of [`Sys`] the output needs, borrowed apart from the input.
struct Io<'a, 'c> {
    out: &'a mut Out<'c>,
    diag: &'a mut Diag<'c>,
    fs: &'c dyn FileSystem,
    cwd: &'c str,
}

impl Sink {
    /// Writes `b`; false when the `-o` file failed (reported).
    fn write(&mut self, io: &mut Io<'_, '_>, b: &[u8]) -> Res<bool> {
        let Some(path) = &self.path else {
            io.out.put(b)?;
            return Ok(true);
        };
        if b.is_empty() {
            return Ok(true);
        }
        if self.file.is_none() {
            let opened = if path.is_empty() {
                Err(FsError::new(FsErrorKind::NotFound, ""))
            } else {
                resolve(io.cwd, path).and_then(|f| io.fs.open_write(&f, WriteMode::Truncate))
            };
            match opened {
                Ok(w) => self.file = Some(w),
                Err(e) => {
                    io.out.flush()?;
                    io.diag
                        .error(format_args!("cannot open output file: {}", e.kind));
                    self.path = None;
                    return Ok(false);
                }
            }
        }
        if let Some(w) = &mut self.file
            && let Err(e) = w.write_all(b)
        {
            io.diag
                .error(format_args!("unable to write output: {}", io_msg(&e)));
            self.file = None;
            return Ok(false);
        }
        Ok(true)
    }

    /// Flushes what was written, before a message.
    fn flush(&mut self, io: &mut Io<'_, '_>) -> Res<()> {
        match &mut self.file {
            Some(w) => {
                let _ = w.flush();
                Ok(())
            }
            None => io.out.flush(),
        }
    }

    /// Closes the `-o` file; false when that failed (reported).
    fn close(&mut self, io: &mut Io<'_, '_>) -> Res<bool> {
        if let Some(mut w) = self.file.take()
            && let Err(e) = w.flush()
        {
            io.diag
                .error(format_args!("unable to write output: {}", io_msg(&e)));
            return Ok(false);
        }
        Ok(true)
    }
}
