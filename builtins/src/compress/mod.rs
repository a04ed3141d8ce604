//! The compressors: `gzip`/`gunzip`/`zcat`, `bzip2`/`bunzip2`/`bzcat` and
//! `xz`/`unxz`/`xzcat`, one generic [`Tool`] over a [`Variant`] (the name
//! invoked, its default mode and option table) and a [`Format`] (the codec
//! and the wording of its messages, which differ from tool to tool).
//!
//! Invariants shared by the three:
//! - Streaming: input is read and output written in fixed chunks through
//!   the codecs' own bounded state; the only memory held is the codec's
//!   (window, block, dictionary), charged to the budget before it runs
//!   ([`Format::memory`]).
//! - Cancellation: every read of compressed or plain input checks the
//!   run's cancel signal ([`Ticking`]), so an endless stdin stops.
//! - A file is replaced only on success: the output is written beside the
//!   input, removed again when the codec fails, and the input removed
//!   (unless `-k`) once the output is complete.

mod bz;
mod driver;
mod gz;
mod xz;

#[cfg(test)]
mod tests;

use std::io::{self, Read, Write};
use std::marker::PhantomData;

use sandbash_interpreter::Cancel;
use sandbash_interpreter::memory::Charge;

pub use bz::Bz;
pub use driver::Opts;
pub use gz::Gz;
pub use xz::Xz;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, OptError, Syntax};
use crate::common::sys::{Res, Sys};

/// The options of all three tools (each [`Variant`] lists its own).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Stdout,
    Decompress,
    Compress,
    Force,
    Keep,
    List,
    NoName,
    Name,
    Quiet,
    Recursive,
    Suffix,
    Test,
    Verbose,
    Level(u8),
    Fast,
    Best,
    Small,
    Extreme,
    Threads,
    Format,
    Check,
    Rsyncable,
    Synchronous,
    License,
    Memlimit,
}

/// Why decoding stopped.
#[derive(Debug)]
pub enum DecodeError {
    /// The input does not start as this format.
    NotFormat,
    /// The input ends inside a stream.
    Truncated,
    /// A check failed (CRC, length): the data is corrupt.
    Crc,
    /// The stream is malformed; the text says how (gzip's wording).
    Corrupt(&'static str),
    /// A feature of the format this codec does not handle.
    Unsupported(String),
    /// Reading or writing failed (a closed pipe, cancellation).
    Io(io::Error),
    /// The memory budget refused what the stream needs (xz's dictionary).
    Memory,
}

impl From<io::Error> for DecodeError {
    fn from(e: io::Error) -> Self {
        Self::Io(e)
    }
}

/// How a decoding that completed ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Decoded {
    Ok,
    /// Bytes after the last stream were ignored (a warning).
    TrailingGarbage,
}

/// A compressor being written to (see [`Format::writer`]).
pub trait Encoder: Write {
    /// Ends the stream (its last block, its trailer) and flushes it out.
    fn finish(self: Box<Self>) -> io::Result<()>;
}

/// What a compressed file format does: codec, suffixes, messages.
pub trait Format: Send + Sync + 'static {
    /// The suffix compression adds.
    const SUFFIX: &'static str;
    /// The default compression level.
    const LEVEL: u8;
    /// The name in messages (gzip's scripts always say `gzip`); `None`
    /// for the name invoked.
    const DIAG: Option<&'static str>;
    /// Standard input in messages.
    const STDIN: &'static str;
    /// Whether the output is flushed before a decoding message (gzip
    /// writes as it goes; bzip2's stdio buffer is flushed at exit, after
    /// its messages).
    const FLUSH_BEFORE_MESSAGE: bool = true;
    /// Whether a `-` operand is standard input. bzip2 reads `-` as an
    /// empty cluster of options and skips it (`bzcat a.bz2 - b.bz2` reads
    /// two files); standard input is read only when no file is named.
    const DASH_IS_STDIN: bool = true;
    /// xz: a name without a known suffix is first read, so that data it
    /// does not recognize is reported as such rather than as the suffix.
    fn recognizes(_head: &[u8]) -> bool {
        true
    }

    /// The bytes charged to the memory budget while the codec runs.
    fn memory(o: &Opts) -> u64;
    /// A compressor writing into `w`: what is written to it goes out
    /// compressed, as it comes (nothing held beyond the codec's window);
    /// `name`/`mtime` describe the input file.
    fn writer<'w>(
        o: &Opts,
        w: Box<dyn Write + 'w>,
        meta: &Meta,
    ) -> io::Result<Box<dyn Encoder + 'w>>;
    /// Compresses `r` into `w`.
    fn compress(o: &Opts, r: &mut dyn Read, w: &mut dyn Write, meta: &Meta) -> io::Result<()> {
        let mut e = Self::writer(o, Box::new(w), meta)?;
        copy(r, &mut e)?;
        e.finish()
    }
    /// Decompresses `r` into `w` (all streams).
    /// `charge` takes what the stream's header says it needs beyond
    /// [`Format::memory`].
    fn decompress(
        o: &Opts,
        r: &mut dyn Read,
        w: &mut dyn Write,
        charge: &mut Charge,
    ) -> Result<Decoded, DecodeError>;
    /// Checks the options before any operand; the exit status when they
    /// are refused.
    fn validate(_sys: &mut Sys<'_>, _o: &Opts) -> Option<i32> {
        None
    }
    /// `-l`: lists the operands (gzip, xz); the default refuses.
    fn list(sys: &mut Sys<'_>, o: &Opts, _operands: &[String]) -> Res<i32> {
        Ok(Self::msg(sys, o, Msg::List))
    }
    /// The suffix in force (xz: `.lzma` for `--format=lzma`).
    fn suffix(_: &Opts) -> &'static str {
        Self::SUFFIX
    }
    /// The output name for decompressing `name`, `None` when its suffix is
    /// unknown.
    fn strip(o: &Opts, name: &str) -> Option<String>;
    /// bzip2: whether [`Format::strip`] guessed (`NAME.out`), which is
    /// said before going on.
    fn guessed(_o: &Opts, _name: &str) -> bool {
        false
    }
    /// The usage error, worded as the tool does; the exit status.
    fn usage_error(sys: &mut Sys<'_>, err: &OptError) -> i32;
    /// Messages for the file operations.
    fn msg(sys: &mut Sys<'_>, o: &Opts, m: Msg<'_>) -> i32;
    /// gzip: when the operand does not exist, decompressing tries it with
    /// the suffix (`gunzip f` takes `f.gz`), and its header is read for
    /// `-N` and `-v`.
    const GZIP: bool = false;
}

/// Metadata stored in a compressed header (gzip's name and time).
#[derive(Default)]
pub struct Meta {
    pub name: Option<String>,
    pub mtime: u32,
    /// Bytes of header and trailer around the compressed data (gzip's
    /// ratio subtracts them).
    pub overhead: u64,
}

/// A message about one operand; [`Format::msg`] words it and gives the
/// exit status it implies.
pub enum Msg<'a> {
    /// The input cannot be opened.
    Open(&'a str, &'a sandbash_vfs::FsError),
    /// The output exists and `-f` was not given.
    Exists { output: &'a str },
    /// Compressing a name that already has the suffix.
    HasSuffix(&'a str),
    /// Decompressing a name without a known suffix.
    UnknownSuffix(&'a str),
    /// The operand is a directory (without `-r`).
    Directory(&'a str),
    /// The operand is not a regular file.
    NotRegular(&'a str),
    /// `-l`, which only gzip lists.
    List,
    /// The operand is a symbolic link (in place, without `-f`).
    Symlink(&'a str),
    /// Decoding failed.
    Decode {
        input: &'a str,
        output: &'a str,
        test: bool,
        err: &'a DecodeError,
    },
    /// Decoding ended with trailing garbage.
    Trailing(&'a str),
    /// `-tv`: the input tested good.
    TestOk(&'a str, Sizes),
    /// `-v`: a file was (de)compressed in place.
    Done {
        input: &'a str,
        output: &'a str,
        sizes: Sizes,
    },
    /// The output cannot be written.
    Create(&'a str, &'a sandbash_vfs::FsError),
}

/// The sizes of one (de)compression, for the `-v` messages.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sizes {
    /// Uncompressed bytes.
    pub plain: u64,
    /// Compressed bytes.
    pub packed: u64,
    /// gzip's header and trailer bytes.
    pub overhead: u64,
    /// Whether this was decompression.
    pub decompress: bool,
}

/// A tool name and its defaults.
pub trait Variant: Send + Sync + 'static {
    const NAME: &'static str;
    const ABOUT: &'static str;
    const DECOMPRESS: bool;
    const STDOUT: bool;
    const FLAGS: &'static [Flag<Key>];
    type F: Format;
}

/// gzip's `--help` (GNU's text without its bug address).
const GZIP_HELP: &str = "Usage: gzip [OPTION]... [FILE]...
Compress or uncompress FILEs (by default, compress FILES in-place).

Mandatory arguments to long options are mandatory for short options too.

  -c, --stdout      write on standard output, keep original files unchanged
  -d, --decompress  decompress
  -f, --force       force overwrite of output file and compress links
  -h, --help        give this help
  -k, --keep        keep (don't delete) input files
  -l, --list        list compressed file contents
  -L, --license     display software license
  -n, --no-name     do not save or restore the original name and timestamp
  -N, --name        save or restore the original name and timestamp
  -q, --quiet       suppress all warnings
  -r, --recursive   operate recursively on directories
      --rsyncable   make rsync-friendly archive
  -S, --suffix=SUF  use suffix SUF on compressed files
      --synchronous synchronous output (safer if system crashes, but slower)
  -t, --test        test compressed file integrity
  -v, --verbose     verbose mode
  -V, --version     display version number
  -1, --fast        compress faster
  -9, --best        compress better

With no FILE, or when FILE is -, read standard input.
";

/// xz's `--help` (XZ Utils' short help without its addresses and `-H`).
const XZ_HELP: &str = "Usage: xz [OPTION]... [FILE]...
Compress or decompress FILEs in the .xz format.

  -z, --compress      force compression
  -d, --decompress    force decompression
  -t, --test          test compressed file integrity
  -l, --list          list information about .xz files
  -k, --keep          keep (don't delete) input files
  -f, --force         force overwrite of output file and (de)compress links
  -c, --stdout        write to standard output and don't delete input files
  -0 ... -9           compression preset; default is 6; take compressor *and*
                      decompressor memory usage into account before using 7-9!
  -e, --extreme       try to improve compression ratio by using more CPU time;
                      does not affect decompressor memory requirements
  -T, --threads=NUM   use at most NUM threads; the default is 1; set to 0
                      to use as many threads as there are processor cores
  -q, --quiet         suppress warnings; specify twice to suppress errors too
  -v, --verbose       be verbose; specify twice for even more verbose
  -h, --help          display this short help and exit
  -V, --version       display the version number and exit

With no FILE, or when FILE is -, read standard input.
";

/// The utility for variant `V`.
pub struct Tool<V: Variant>(PhantomData<V>);

impl<V: Variant> Command for Tool<V> {
    const NAME: &'static str = V::NAME;
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: V::ABOUT,
        after: "With no FILE, or when FILE is -, read standard input.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = V::FLAGS;
    /// All three take `-h` and `-V` as well.
    const SYNTAX: Syntax = Syntax {
        help_short: Some('h'),
        version_short: Some('V'),
        ..Syntax::GNU
    };

    fn help() -> String {
        match V::NAME {
            "gzip" => GZIP_HELP.to_string(),
            "xz" => XZ_HELP.to_string(),
            "bzip2" | "bunzip2" | "bzcat" => bz::usage(V::NAME),
            _ => crate::common::flags::render_help(V::NAME, &Self::HELP, V::FLAGS),
        }
    }

    fn usage_error(sys: &mut Sys<'_>, err: &OptError) -> i32 {
        if let Some(n) = V::F::DIAG {
            sys.diag.name = n;
        }
        V::F::usage_error(sys, err)
    }

    fn main(sys: &mut Sys<'_>, args: Args<Key>) -> Res<i32> {
        if let Some(n) = V::F::DIAG {
            sys.diag.name = n;
        }
        let mut o = Opts::parse::<V>(&args);
        o.room = sys.memory.room();
        if let Some(status) = V::F::validate(sys, &o) {
            return Ok(status);
        }
        driver::run::<V::F>(sys, &o, &args.operands)
    }
}

/// A reader that fails once the run is cancelled, so that a codec
/// looping over an endless input stops; the driver then reports the
/// cancellation, not a read error.
pub struct Ticking<'a, R> {
    pub inner: R,
    pub cancel: &'a Cancel,
    /// Bytes read.
    pub n: u64,
}

impl<'a, R> Ticking<'a, R> {
    pub fn new(inner: R, cancel: &'a Cancel) -> Self {
        Self {
            inner,
            cancel,
            n: 0,
        }
    }
}

impl<R: Read> Read for Ticking<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.cancel.is_stopped() {
            return Err(io::Error::other("cancelled"));
        }
        let k = self.inner.read(buf)?;
        self.n += k as u64;
        Ok(k)
    }
}

/// A writer that remembers its first error, so that a failed output
/// (a closed pipe) is told from a decoding error, and that fails once the
/// run is cancelled: a decompression bomb inflates much output from one
/// buffered read, so the reads alone would check too seldom.
pub struct Watched<'a> {
    pub inner: &'a mut dyn Write,
    pub failed: Option<io::Error>,
    /// Bytes written.
    pub n: u64,
    cancel: &'a Cancel,
}

impl<'a> Watched<'a> {
    pub fn new(inner: &'a mut dyn Write, cancel: &'a Cancel) -> Self {
        Self {
            inner,
            failed: None,
            n: 0,
            cancel,
        }
    }
}

impl Write for Watched<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.cancel.is_stopped() {
            return Err(io::Error::other("cancelled"));
        }
        match self.inner.write(buf) {
            Ok(n) => {
                self.n += n as u64;
                Ok(n)
            }
            Err(e) => {
                let copy = io::Error::new(e.kind(), e.to_string());
                self.failed.get_or_insert(e);
                Err(copy)
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// The name `name` decompresses to: its last component's suffix from
/// `-S SUF` (first) or `table` (suffix, replacement: `.tgz` gives `.tar`)
/// replaced; `None` when none matches or the name is the suffix alone.
pub fn strip_suffix(name: &str, user: Option<&str>, table: &[(&str, &str)]) -> Option<String> {
    let base = name.rsplit('/').next().unwrap_or("");
    let user = user.filter(|s| !s.is_empty()).map(|s| (s, ""));
    for (s, repl) in user.into_iter().chain(table.iter().copied()) {
        if base.len() > s.len() && base.ends_with(s) {
            return Some(format!("{}{repl}", name.get(..name.len() - s.len())?));
        }
    }
    None
}

/// Copies `r` to `w` in 64 KiB chunks.
pub fn copy(r: &mut dyn Read, w: &mut dyn Write) -> io::Result<u64> {
    let mut buf = vec![0u8; 64 * 1024];
    let mut n = 0u64;
    loop {
        let k = match r.read(&mut buf) {
            Ok(0) => return Ok(n),
            Ok(k) => k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        w.write_all(buf.get(..k).unwrap_or(&[]))?;
        n += k as u64;
    }
}

macro_rules! variant {
    ($ty:ident, $name:literal, $about:literal, $dec:expr, $out:expr, $flags:expr, $f:ty) => {
        #[doc = concat!("`", $name, "`.")]
        pub struct $ty;
        impl Variant for $ty {
            const NAME: &'static str = $name;
            const ABOUT: &'static str = $about;
            const DECOMPRESS: bool = $dec;
            const STDOUT: bool = $out;
            const FLAGS: &'static [Flag<Key>] = $flags;
            type F = $f;
        }
    };
}

variant!(
    Gzip,
    "gzip",
    "Compress or uncompress FILEs (by default, compress FILES in-place).",
    false,
    false,
    gz::FLAGS,
    Gz
);
variant!(
    Gunzip,
    "gunzip",
    "Uncompress FILEs (by default, in-place).",
    true,
    false,
    gz::FLAGS,
    Gz
);
variant!(
    Zcat,
    "zcat",
    "Uncompress FILEs to standard output.",
    true,
    true,
    gz::FLAGS,
    Gz
);
variant!(
    Bzip2,
    "bzip2",
    "A block-sorting file compressor.",
    false,
    false,
    bz::FLAGS,
    Bz
);
variant!(
    Bunzip2,
    "bunzip2",
    "A block-sorting file decompressor.",
    true,
    false,
    bz::FLAGS,
    Bz
);
variant!(
    Bzcat,
    "bzcat",
    "Decompress FILEs to standard output.",
    true,
    true,
    bz::FLAGS,
    Bz
);
variant!(
    XzV,
    "xz",
    "Compress or decompress FILEs in the .xz format.",
    false,
    false,
    xz::FLAGS,
    Xz
);
variant!(
    Unxz,
    "unxz",
    "Decompress FILEs in the .xz format.",
    true,
    false,
    xz::FLAGS,
    Xz
);
variant!(
    Xzcat,
    "xzcat",
    "Decompress FILEs to standard output.",
    true,
    true,
    xz::FLAGS,
    Xz
);
