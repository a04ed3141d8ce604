//! bzip2 (1.0.8) over the `bzip2` crate's pure-Rust libbzip2 port, with
//! bzip2's own (long) messages.

use std::io::{self, BufRead, Read, Write};

use bzip2::Compression;
use bzip2::read::MultiBzDecoder;
use bzip2::write::BzEncoder;

use super::driver::{Opts, buffered};
use super::{DecodeError, Decoded, Encoder, Format, Key, Meta, Msg};
use crate::common::flags::{Flag, OptError};
use crate::common::sys::Sys;

/// bzip2's options.
pub const FLAGS: &[Flag<Key>] = &[
    Flag::new('c', &["stdout"], Key::Stdout, "output to standard out"),
    Flag::new('d', &["decompress"], Key::Decompress, "force decompression"),
    Flag::new('z', &["compress"], Key::Compress, "force compression"),
    Flag::new('k', &["keep"], Key::Keep, "keep (don't delete) input files"),
    Flag::new(
        'f',
        &["force"],
        Key::Force,
        "overwrite existing output files",
    ),
    Flag::new('t', &["test"], Key::Test, "test compressed file integrity"),
    Flag::new(
        'q',
        &["quiet"],
        Key::Quiet,
        "suppress noncritical error messages",
    ),
    Flag::new('v', &["verbose"], Key::Verbose, "be verbose"),
    Flag::new(
        'L',
        &["license"],
        Key::License,
        "display software version & license",
    ),
    Flag::new(
        's',
        &["small"],
        Key::Small,
        "use less memory (at most 2500k)",
    ),
    Flag::new('1', &["fast"], Key::Fast, "set block size to 100k"),
    Flag::new('2', &[], Key::Level(2), ""),
    Flag::new('3', &[], Key::Level(3), ""),
    Flag::new('4', &[], Key::Level(4), ""),
    Flag::new('5', &[], Key::Level(5), ""),
    Flag::new('6', &[], Key::Level(6), ""),
    Flag::new('7', &[], Key::Level(7), ""),
    Flag::new('8', &[], Key::Level(8), ""),
    Flag::new('9', &["best"], Key::Best, "set block size to 900k"),
];

const RECOVER: &str = "\nYou can use the `bzip2recover' program to attempt to recover\ndata from undamaged sections of corrupted files.\n\n";

/// The suffixes bunzip2 strips, and what replaces them.
const BZ_SUFFIXES: &[(&str, &str)] = &[
    (".bz2", ""),
    (".bz", ""),
    (".tbz2", ".tar"),
    (".tbz", ".tar"),
];

impl<W: Write> Encoder for BzEncoder<W> {
    fn finish(self: Box<Self>) -> io::Result<()> {
        BzEncoder::finish(*self).map(drop)
    }
}

/// The bzip2 format.
pub struct Bz;

impl Format for Bz {
    const SUFFIX: &'static str = ".bz2";
    const LEVEL: u8 = 9;
    const DIAG: Option<&'static str> = None;
    const STDIN: &'static str = "(stdin)";
    const FLUSH_BEFORE_MESSAGE: bool = false;
    const DASH_IS_STDIN: bool = false;

    fn memory(o: &Opts) -> u64 {
        // libbzip2: 400k + 8 x block size to compress, 100k + 4 x block
        // size to decompress.
        let block = u64::from(o.level_or(Self::LEVEL).max(1)) * 100_000;
        if o.decompress || o.test {
            100_000 + 4 * 900_000 + 128 * 1024
        } else {
            400_000 + 8 * block + 128 * 1024
        }
    }

    fn writer<'w>(o: &Opts, w: Box<dyn Write + 'w>, _: &Meta) -> io::Result<Box<dyn Encoder + 'w>> {
        let level = u32::from(o.level_or(Self::LEVEL).clamp(1, 9));
        Ok(Box::new(BzEncoder::new(w, Compression::new(level))))
    }

    fn validate(sys: &mut Sys<'_>, o: &Opts) -> Option<i32> {
        // bzcat is -c already: `bzcat -t` is refused the same way.
        if o.stdout && o.test {
            sys.diag.error("-c and -t cannot be used together.");
            return Some(1);
        }
        None
    }

    fn decompress(
        o: &Opts,
        r: &mut dyn Read,
        w: &mut dyn Write,
        _: &mut sandbash_interpreter::memory::Charge,
    ) -> Result<Decoded, DecodeError> {
        let mut r = buffered(r);
        let head = r.fill_buf()?;
        if head.is_empty() {
            return Err(DecodeError::Truncated);
        }
        let magic = head.starts_with(b"BZh") && matches!(head.get(3), Some(b'1'..=b'9'));
        if !magic {
            if head.len() < 4 && b"BZh".starts_with(head.get(..3.min(head.len())).unwrap_or(&[])) {
                return Err(DecodeError::Truncated);
            }
            // bzip2 -dcf copies what is not bzip2 data as it is.
            if o.force && o.stdout {
                super::copy(&mut r, w)?;
                return Ok(Decoded::Ok);
            }
            return Err(DecodeError::NotFormat);
        }
        let mut d = MultiBzDecoder::new(r);
        // A chunk is written only once the next read succeeds, so a block
        // failing its CRC is (mostly) not written, as bzip2 discards it.
        let mut held: Vec<u8> = Vec::new();
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let n = match d.read(&mut buf) {
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    let err = match e.kind() {
                        io::ErrorKind::UnexpectedEof => DecodeError::Truncated,
                        io::ErrorKind::InvalidInput | io::ErrorKind::InvalidData => {
                            match e.get_ref().and_then(|i| i.downcast_ref::<bzip2::Error>()) {
                                // The first stream's magic was checked
                                // above: this is what follows the last one.
                                Some(bzip2::Error::DataMagic) => {
                                    w.write_all(&held)?;
                                    return Ok(Decoded::TrailingGarbage);
                                }
                                _ => DecodeError::Crc,
                            }
                        }
                        _ => DecodeError::Io(e),
                    };
                    // A cut stream keeps what decoded; a CRC failure
                    // drops the failing block's last chunk.
                    if matches!(err, DecodeError::Truncated) {
                        w.write_all(&held)?;
                    }
                    return Err(err);
                }
            };
            w.write_all(&held)?;
            held.clear();
            if n == 0 {
                return Ok(Decoded::Ok);
            }
            held.extend_from_slice(buf.get(..n).unwrap_or(&[]));
        }
    }

    fn guessed(_: &Opts, name: &str) -> bool {
        super::strip_suffix(name, None, BZ_SUFFIXES).is_none()
    }

    fn strip(_: &Opts, name: &str) -> Option<String> {
        super::strip_suffix(name, None, BZ_SUFFIXES).or_else(|| Some(format!("{name}.out")))
    }

    fn usage_error(sys: &mut Sys<'_>, err: &OptError) -> i32 {
        let word = match err {
            OptError::InvalidShort(c, _) | OptError::ShortNeedsArgument(c) => format!("-{c}"),
            OptError::Unrecognized(w) => w.clone(),
            OptError::Ambiguous(w, _) => format!("--{w}"),
            OptError::NoArgument(w) | OptError::LongNeedsArgument(w) => format!("--{w}"),
        };
        let n = sys.diag.name;
        sys.diag.error(format_args!("Bad flag `{word}'"));
        sys.diag.raw(usage(n).as_bytes());
        1
    }

    fn msg(sys: &mut Sys<'_>, o: &Opts, m: Msg<'_>) -> i32 {
        let one_line = match &m {
            Msg::Open(op, e) => {
                let what = if o.test { "input" } else { "input file" };
                Some((format!("Can't open {what} {op}: {}.", e.kind), 1))
            }
            Msg::Create(op, e) => Some((format!("Can't create output file {op}: {}.", e.kind), 1)),
            Msg::Exists { output, .. } => {
                Some((format!("Output file {output} already exists."), 1))
            }
            Msg::HasSuffix(op) => Some((format!("Input file {op} already has .bz2 suffix."), 1)),
            Msg::UnknownSuffix(op) => Some((
                format!("Can't guess original name for {op} -- using {op}.out"),
                1,
            )),
            Msg::Directory(op) => Some((format!("Input file {op} is a directory."), 1)),
            Msg::List => Some(("Bad flag `-l'".to_string(), 1)),
            Msg::NotRegular(op) | Msg::Symlink(op) => {
                Some((format!("Input file {op} is not a normal file."), 1))
            }
            _ => None,
        };
        if let Some((text, status)) = one_line {
            sys.diag.error(text);
            return status;
        }
        match m {
            Msg::Decode {
                input,
                output,
                test,
                err,
            } => {
                let n = sys.diag.name;
                // bzip2 prints errno here: a pipe leaves ENOTTY, a file 0.
                let errno = if input == Self::STDIN {
                    "Inappropriate ioctl for device"
                } else {
                    "Success"
                };
                if test && o.verbose {
                    let what = match err {
                        DecodeError::NotFormat => "bad magic number (file not created by bzip2)",
                        DecodeError::Truncated => "file ends unexpectedly",
                        _ => "data integrity (CRC) error in data",
                    };
                    sys.diag
                        .raw(format!("{}{what}\n{RECOVER}", verbose_head(input)).as_bytes());
                    return 2;
                }
                let text = match (err, test) {
                    (DecodeError::NotFormat, false) => {
                        format!("{n}: {input} is not a bzip2 file.\n")
                    }
                    (DecodeError::NotFormat, true) => format!(
                        "{n}: {input}: bad magic number (file not created by bzip2)\n{RECOVER}"
                    ),
                    (DecodeError::Truncated, true) => {
                        format!("{n}: {input}: file ends unexpectedly\n{RECOVER}")
                    }
                    (DecodeError::Truncated, false) => format!(
                        "\n{n}: Compressed file ends unexpectedly;\n\tperhaps it is corrupted?  *Possible* reason follows.\n{n}: {errno}\n\tInput file = {input}, output file = {output}\n\nIt is possible that the compressed file(s) have become corrupted.\nYou can use the -tvv option to test integrity of such files.\n{RECOVER}"
                    ),
                    (DecodeError::Io(e), _) => {
                        format!("{n}: {input}: {}\n", crate::common::sys::io_msg(e))
                    }
                    (_, true) => {
                        format!("{n}: {input}: data integrity (CRC) error in data\n{RECOVER}")
                    }
                    (_, false) => format!(
                        "\n{n}: Data integrity error when decompressing.\n\tInput file = {input}, output file = {output}\n\nIt is possible that the compressed file(s) have become corrupted.\nYou can use the -tvv option to test integrity of such files.\n{RECOVER}"
                    ),
                };
                sys.diag.raw(text.as_bytes());
                2
            }
            Msg::Trailing(op) => {
                sys.diag.raw(b"\n");
                sys.diag
                    .error(format_args!("{op}: trailing garbage after EOF ignored"));
                0
            }
            Msg::TestOk(op, _) => {
                sys.diag.raw(format!("{}ok\n", verbose_head(op)).as_bytes());
                0
            }
            Msg::Done { input, sizes, .. } => {
                let text = if sizes.decompress {
                    "done".to_string()
                } else if sizes.plain == 0 {
                    " no data compressed.".to_string()
                } else {
                    let (i, p) = (sizes.plain as f64, sizes.packed as f64);
                    format!(
                        "{:6.3}:1, {:6.3} bits/byte, {:5.2}% saved, {} in, {} out.",
                        i / p,
                        8.0 * p / i,
                        100.0 * (1.0 - p / i),
                        sizes.plain,
                        sizes.packed
                    )
                };
                sys.diag
                    .raw(format!("{}{text}\n", verbose_head(input)).as_bytes());
                0
            }
            // Worded above.
            _ => 1,
        }
    }
}

/// `  NAME: ` padded as bzip2 pads names (to 7 columns, "(stdin)").
fn verbose_head(name: &str) -> String {
    let pad = 7usize.saturating_sub(name.len());
    format!("  {name}: {}", " ".repeat(pad))
}

/// bzip2's usage text for the name invoked (after a bad flag, and for
/// `--help`).
pub fn usage(name: &str) -> String {
    USAGE.replace("{n}", name)
}

/// bzip2's usage text, printed after a bad flag.
const USAGE: &str = "bzip2, a block-sorting file compressor.  Version 1.0.8, 13-Jul-2019.

   usage: {n} [flags and input files in any order]

   -h --help           print this message
   -d --decompress     force decompression
   -z --compress       force compression
   -k --keep           keep (don't delete) input files
   -f --force          overwrite existing output files
   -t --test           test compressed file integrity
   -c --stdout         output to standard out
   -q --quiet          suppress noncritical error messages
   -v --verbose        be verbose (a 2nd -v gives more)
   -L --license        display software version & license
   -V --version        display software version & license
   -s --small          use less memory (at most 2500k)
   -1 .. -9            set block size to 100k .. 900k
   --fast              alias for -1
   --best              alias for -9

   If invoked as `bzip2', default action is to compress.
              as `bunzip2',  default action is to decompress.
              as `bzcat', default action is to decompress to stdout.

   If no file names are given, bzip2 compresses or decompresses
   from standard input to standard output.  You can combine
   short flags, so `-v -4' means the same as -v4 or -4v, &c.

";
