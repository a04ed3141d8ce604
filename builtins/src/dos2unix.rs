//! `dos2unix` and `unix2dos` (dos2unix 7.4): line-break conversion of
//! files in place (the default), into a new file (`-n IN OUT`) or from
//! standard input to standard output.
//!
//! As dos2unix does: a file holding a binary symbol (a control character
//! other than TAB, LF, FF and CR) is skipped unless `-f`; symbolic links
//! and non-regular files are skipped with a message; the Unicode byte
//! order mark is removed by `dos2unix` and kept by `unix2dos` unless `-b`,
//! `-r` or `-m` say otherwise. A file converted in place is written only
//! when its conversion is complete, so a skipped file is left untouched.

mod info;

use std::marker::PhantomData;

use sandbash_vfs::FileKind;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, OptError, Syntax};
use crate::common::input::open_input;
use crate::common::sys::{Res, Sys, hold};

const BOM: &[u8] = b"\xef\xbb\xbf";

/// Which way lines are converted.
pub trait Direction: Send + Sync + 'static {
    const NAME: &'static str;
    /// `Unix` or `DOS`, in the messages.
    const TARGET: &'static str;
    const TO_UNIX: bool;
}

/// `dos2unix`.
pub struct ToUnix;
/// `unix2dos`.
pub struct ToDos;

impl Direction for ToUnix {
    const NAME: &'static str = "dos2unix";
    const TARGET: &'static str = "Unix";
    const TO_UNIX: bool = true;
}

impl Direction for ToDos {
    const NAME: &'static str = "unix2dos";
    const TARGET: &'static str = "DOS";
    const TO_UNIX: bool = false;
}

/// The utility converting in direction `D`.
pub struct Convert<D: Direction>(pub PhantomData<D>);

/// The options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    KeepBom,
    ConvMode,
    Force,
    KeepDate,
    AddBom,
    NewFile,
    OldFile,
    Quiet,
    RemoveBom,
    Safe,
    Verbose,
    Follow,
    Replace,
    Skip,
    AddNewline,
    Seven,
    Info,
}

/// What a conversion does with line breaks and the BOM.
#[derive(Clone, Copy)]
struct Mode {
    to_unix: bool,
    /// `-c mac`: CR is the line break on the other side.
    mac: bool,
    /// `-c 7bit`: bytes above 0x7f become spaces.
    seven: bool,
    bom: Bom,
    force: bool,
    /// `-l`: each converted line break is written twice (a line break
    /// already in the target form stays single).
    twice: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bom {
    Keep,
    Remove,
    Add,
}

/// Why a conversion stopped.
enum Stop {
    /// A binary symbol at this line.
    Binary(u8, u64),
}

/// Converts a stream chunk by chunk, carrying what spans chunks.
struct Converter {
    mode: Mode,
    /// The input's first bytes, until the BOM question is settled.
    start: Option<Vec<u8>>,
    /// The previous input byte was a CR not yet written (dos2unix).
    cr: bool,
    /// The previous byte written (unix2dos: was the LF already preceded
    /// by a CR?).
    last: u8,
    line: u64,
    /// `-v`: the line breaks of the kind converted seen in the input (LF;
    /// CR for dos2unix in Mac mode), and how many were converted.
    seen: u64,
    converted: u64,
    /// The input began with a UTF-8 BOM / the output does.
    had_bom: bool,
    wrote_bom: bool,
}

impl Converter {
    fn new(mode: Mode) -> Self {
        Self {
            mode,
            start: Some(Vec::new()),
            cr: false,
            last: 0,
            line: 1,
            seen: 0,
            converted: 0,
            had_bom: false,
            wrote_bom: false,
        }
    }

    fn feed(&mut self, data: &[u8], out: &mut Vec<u8>) -> Result<(), Stop> {
        let data = match self.start.take() {
            Some(mut head) => {
                head.extend_from_slice(data);
                if head.len() < BOM.len() && BOM.starts_with(&head) {
                    self.start = Some(head);
                    return Ok(());
                }
                let had = head.starts_with(BOM);
                let body = if had { head.split_off(BOM.len()) } else { head };
                self.had_bom = had;
                if self.mode.bom == Bom::Add || (had && self.mode.bom == Bom::Keep) {
                    out.extend_from_slice(BOM);
                    self.wrote_bom = true;
                }
                return self.convert(&body, out);
            }
            None => data,
        };
        self.convert(data, out)
    }

    fn convert(&mut self, data: &[u8], out: &mut Vec<u8>) -> Result<(), Stop> {
        for &b in data {
            if b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c) && !self.mode.force {
                return Err(Stop::Binary(b, self.line));
            }
            if b == b'\n' {
                self.line += 1;
            }
            let b = if self.mode.seven && b > 0x7f { b' ' } else { b };
            if b == if self.mode.to_unix && self.mode.mac {
                b'\r'
            } else {
                b'\n'
            } {
                self.seen += 1;
            }
            if self.mode.to_unix {
                if self.cr {
                    self.cr = false;
                    if b == b'\n' {
                        // CR LF: the DOS break, kept as it is in Mac mode.
                        if self.mode.mac {
                            out.extend_from_slice(b"\r\n");
                        } else {
                            self.breaks(b"\n", out);
                        }
                        continue;
                    }
                    self.lone_cr(out);
                }
                if b == b'\r' {
                    self.cr = true;
                } else {
                    out.push(b);
                }
            } else if b == b'\n' && self.last != b'\r' {
                // A Unix break: CR LF, or CR in Mac mode; a CR LF stays.
                self.breaks(if self.mode.mac { b"\r" } else { b"\r\n" }, out);
                self.last = b'\n';
            } else {
                out.push(b);
                self.last = b;
            }
        }
        Ok(())
    }

    /// A converted line break, twice with `-l`.
    fn breaks(&mut self, eol: &[u8], out: &mut Vec<u8>) {
        self.converted += 1;
        out.extend_from_slice(eol);
        if self.mode.twice {
            out.extend_from_slice(eol);
        }
    }

    /// A CR not followed by LF (dos2unix): the Mac break in Mac mode,
    /// else kept.
    fn lone_cr(&mut self, out: &mut Vec<u8>) {
        if self.mode.mac {
            self.breaks(b"\n", out);
        } else {
            out.push(b'\r');
        }
    }

    /// `-v`'s account of a finished conversion of `name`.
    fn report(&self, sys: &mut Sys<'_>, name: &str) {
        if self.had_bom {
            sys.diag
                .error(format_args!("Input file {name} has UTF-8 BOM."));
        }
        if self.wrote_bom {
            sys.diag.error("Writing UTF-8 BOM.");
        }
        sys.diag.error(format_args!(
            "Converted {} out of {} line breaks.",
            self.converted, self.seen
        ));
    }

    fn finish(&mut self, out: &mut Vec<u8>) -> Result<(), Stop> {
        if let Some(head) = self.start.take() {
            if self.mode.bom == Bom::Add {
                out.extend_from_slice(BOM);
                self.wrote_bom = true;
            }
            self.convert(&head, out)?;
        }
        if self.cr {
            self.cr = false;
            self.lone_cr(out);
        }
        Ok(())
    }
}

impl<D: Direction> Command for Convert<D> {
    const NAME: &'static str = D::NAME;
    const HELP: Help = Help {
        usage: &["[options] [file ...] [-n infile outfile ...]"],
        about: "Convert line breaks of text files (in place, or from standard input to standard output).",
        after: "",
    };
    type Key = Key;
    /// `-h` and `-V` as well.
    const SYNTAX: Syntax = Syntax {
        help_short: Some('h'),
        version_short: Some('V'),
        ..Syntax::GNU
    };

    /// dos2unix 7.4.3's help, less the options this one does not have
    /// (code pages, UTF-16, ownership, license).
    fn help() -> String {
        let (keep, remove) = if D::TO_UNIX {
            ("", " (default)")
        } else {
            (" (default)", "")
        };
        format!(
            "Usage: {} [options] [file ...] [-n infile outfile ...]
 -7                    convert 8 bit characters to 7 bit space
 -b, --keep-bom        keep Byte Order Mark{keep}
 -c, --convmode        conversion mode
   convmode            ascii, 7bit, iso, mac, default to ascii
 -f, --force           force conversion of binary files
 -h, --help            display this help text
 -i, --info[=FLAGS]    display file information
   file ...            files to analyze
 -k, --keepdate        keep output file date
 -l, --newline         add additional newline
 -m, --add-bom         add Byte Order Mark (default UTF-8)
 -n, --newfile         write to new file
   infile              original file in new-file mode
   outfile             output file in new-file mode
 -o, --oldfile         write to old file (default)
   file ...            files to convert in old-file mode
 -q, --quiet           quiet mode, suppress all warnings
 -r, --remove-bom      remove Byte Order Mark{remove}
 -s, --safe            skip binary files (default)
 -v,  --verbose        verbose operation
 -F, --follow-symlink  follow symbolic links and convert the targets
 -R, --replace-symlink replace symbolic links with converted files
                         (original target files remain unchanged)
 -S, --skip-symlink    keep symbolic links and targets unchanged (default)
 -V, --version         display version number
",
            D::NAME
        )
    }

    /// As dos2unix: an unknown option prints the help on standard output;
    /// a missing value is one line, without a pointer to the help.
    fn usage_error(sys: &mut Sys<'_>, err: &OptError) -> i32 {
        match err {
            OptError::ShortNeedsArgument(c) => sys
                .diag
                .error(format_args!("option '-{c}' requires an argument")),
            OptError::LongNeedsArgument(n) => sys
                .diag
                .error(format_args!("option '--{n}' requires an argument")),
            _ => {
                let _ = sys.out.str(&Self::help());
            }
        }
        1
    }
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('b', &["keep-bom"], Key::KeepBom, "keep Byte Order Mark"),
        Flag::new(
            'c',
            &["convmode"],
            Key::ConvMode,
            "conversion mode: ascii, 7bit, iso, mac, default to ascii",
        )
        .value("CONVMODE"),
        Flag::new(
            'f',
            &["force"],
            Key::Force,
            "force conversion of binary files",
        ),
        Flag::new('k', &["keepdate"], Key::KeepDate, "keep output file date"),
        Flag::new('l', &["newline"], Key::AddNewline, "add additional newline"),
        Flag::new(
            'i',
            &["info"],
            Key::Info,
            "display file information (FLAGS: d u m b t c h p 0)",
        )
        .optional("FLAGS"),
        Flag::new(
            '7',
            &[],
            Key::Seven,
            "convert 8 bit characters to 7 bit space",
        ),
        Flag::new(
            'm',
            &["add-bom"],
            Key::AddBom,
            "add Byte Order Mark (default UTF-8)",
        ),
        Flag::new(
            'n',
            &["newfile"],
            Key::NewFile,
            "write to new file: infile outfile pairs",
        ),
        Flag::new(
            'o',
            &["oldfile"],
            Key::OldFile,
            "write to old file (default)",
        ),
        Flag::new(
            'q',
            &["quiet"],
            Key::Quiet,
            "quiet mode, suppress all warnings",
        ),
        Flag::new(
            'r',
            &["remove-bom"],
            Key::RemoveBom,
            "remove Byte Order Mark",
        ),
        Flag::new('s', &["safe"], Key::Safe, "skip binary files (default)"),
        Flag::new('v', &["verbose"], Key::Verbose, "verbose operation"),
        Flag::new(
            'F',
            &["follow-symlink"],
            Key::Follow,
            "follow symbolic links and convert the targets",
        ),
        Flag::new(
            'R',
            &["replace-symlink"],
            Key::Replace,
            "replace symbolic links with converted files",
        ),
        Flag::new(
            'S',
            &["skip-symlink"],
            Key::Skip,
            "keep symbolic links and targets unchanged (default)",
        ),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        // Every option is checked first; then each operand is handled with
        // the options given before it, as dos2unix reads its command line
        // in order (`dos2unix a -q b` is quiet for b only).
        let all = match Settings::at::<D>(&p, usize::MAX) {
            Ok(s) => s,
            Err(v) => {
                sys.diag
                    .error(format_args!("invalid {v} conversion mode specified"));
                return Ok(1);
            }
        };
        if let Some(flags) = &all.info {
            let flags = match info::Flags::parse(flags) {
                Ok(f) => f,
                Err(c) => {
                    sys.diag
                        .error(format_args!("wrong flag '{c}' for option -i or --info"));
                    return Ok(1);
                }
            };
            let target = info::Target {
                to_unix: all.mode.to_unix,
                mac: all.mode.mac,
                force: all.mode.force,
            };
            return info::run(sys, flags, target, all.verbosity == 0, &p.operands);
        }
        if p.operands.is_empty() {
            return filter(sys, all.mode, all.verbosity);
        }
        let mut status = 0;
        let mut i = 0;
        while let Some(input) = p.operands.get(i) {
            sys.tick.check()?;
            let now = Settings::at::<D>(&p, i).unwrap_or_else(|_| all.clone());
            let output = if now.new_file {
                let Some(out) = p.operands.get(i + 1) else {
                    // An odd operand out: nothing to write it to.
                    sys.diag.error(format_args!(
                        "target of file {input} not specified in new-file mode"
                    ));
                    status = 1;
                    break;
                };
                i += 2;
                Some(out.as_str())
            } else {
                i += 1;
                None
            };
            let file = File {
                input,
                output,
                target: output.unwrap_or(input),
            };
            let s =
                convert_file::<D>(sys, now.mode, now.verbosity, now.keep_date, now.links, file)?;
            // Quiet mode returns zero whatever became of the files.
            if now.verbosity > 0 {
                status = status.max(s);
            }
        }
        Ok(status)
    }
}

/// The options in force at one point of the command line.
#[derive(Clone)]
struct Settings {
    mode: Mode,
    /// dos2unix's one verbosity knob: -q sets 0, -v 2, the last wins.
    verbosity: u8,
    keep_date: bool,
    new_file: bool,
    links: Key,
    info: Option<String>,
}

impl Settings {
    /// The options given before operand `before` (all of them with
    /// `usize::MAX`); `Err` carries an unknown conversion mode.
    fn at<D: Direction>(p: &Args<Key>, before: usize) -> Result<Settings, String> {
        let mut s = Settings {
            mode: Mode {
                to_unix: D::TO_UNIX,
                mac: false,
                seven: false,
                bom: if D::TO_UNIX { Bom::Remove } else { Bom::Keep },
                force: false,
                twice: false,
            },
            verbosity: 1,
            keep_date: false,
            new_file: false,
            links: Key::Skip,
            info: None,
        };
        for g in p.opts.iter().filter(|g| g.after_operands <= before) {
            let v = g.value.as_deref().unwrap_or("");
            let mode = &mut s.mode;
            match g.key {
                Key::KeepBom => mode.bom = Bom::Keep,
                Key::RemoveBom => mode.bom = Bom::Remove,
                Key::AddBom => mode.bom = Bom::Add,
                Key::ConvMode => match v {
                    "ascii" | "iso" => (mode.mac, mode.seven) = (false, false),
                    "7bit" => mode.seven = true,
                    "mac" => mode.mac = true,
                    _ => return Err(v.to_owned()),
                },
                Key::Force => mode.force = true,
                Key::Safe => mode.force = false,
                Key::KeepDate => s.keep_date = true,
                Key::NewFile => s.new_file = true,
                Key::OldFile => s.new_file = false,
                Key::Quiet => s.verbosity = 0,
                Key::AddNewline => mode.twice = true,
                Key::Seven => mode.seven = true,
                Key::Verbose => s.verbosity = 2,
                Key::Info => s.info = Some(v.to_owned()),
                k @ (Key::Follow | Key::Replace | Key::Skip) => s.links = k,
            }
        }
        Ok(s)
    }
}

/// Standard input to standard output; a binary symbol stops the output
/// where it is found.
fn filter(sys: &mut Sys<'_>, mode: Mode, verbosity: u8) -> Res<i32> {
    let quiet = verbosity == 0;
    let mut conv = Converter::new(mode);
    let mut input = match open_input(&mut *sys.stdin, sys.fs, sys.cwd, "-") {
        Ok(i) => i,
        Err(_) => return Ok(2),
    };
    let mut buf = vec![0u8; 64 * 1024];
    let mut out = Vec::with_capacity(128 * 1024);
    loop {
        sys.tick.check()?;
        let n = match std::io::Read::read(&mut input, &mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return Ok(2),
        };
        let r = conv.convert_chunk(buf.get(..n).unwrap_or(&[]), &mut out);
        sys.out.put(&out)?;
        out.clear();
        if let Err(Stop::Binary(b, line)) = r {
            sys.out.flush()?;
            if !quiet {
                sys.diag
                    .error(format_args!("Binary symbol 0x{b:02X} found at line {line}"));
                sys.diag.error("Skipping binary file stdin");
            }
            return Ok(i32::from(!quiet));
        }
    }
    let _ = conv.finish(&mut out);
    sys.out.put(&out)?;
    if verbosity > 1 {
        conv.report(sys, "stdin");
    }
    Ok(0)
}

impl Converter {
    fn convert_chunk(&mut self, data: &[u8], out: &mut Vec<u8>) -> Result<(), Stop> {
        self.feed(data, out)
    }
}

/// One file to convert: in place, or into `output`.
struct File<'a> {
    input: &'a str,
    output: Option<&'a str>,
    /// Where the result goes (`output`, else `input`).
    target: &'a str,
}

fn convert_file<D: Direction>(
    sys: &mut Sys<'_>,
    mode: Mode,
    verbosity: u8,
    keep_date: bool,
    links: Key,
    file: File<'_>,
) -> Res<i32> {
    let quiet = verbosity == 0;
    let name = file.input;
    let path = match sys.resolve(name) {
        Ok(p) => p,
        Err(e) => {
            if !quiet {
                sys.diag.error(format_args!("{name}: {}", e.kind));
            }
            return Ok(2);
        }
    };
    let md = match sys.fs.symlink_metadata(&path) {
        Ok(m) => m,
        Err(e) => {
            if !quiet {
                sys.diag.error(format_args!("{name}: {}", e.kind));
                sys.diag
                    .error(format_args!("Skipping {name}, not a regular file."));
            }
            return Ok(2);
        }
    };
    if md.kind == FileKind::Symlink && links == Key::Skip && file.output.is_none() {
        if !quiet {
            sys.diag
                .error(format_args!("Skipping symbolic link {name}."));
        }
        return Ok(0);
    }
    let md = match sys.fs.metadata(&path) {
        Ok(m) => m,
        Err(e) => {
            if !quiet {
                sys.diag.error(format_args!("{name}: {}", e.kind));
            }
            return Ok(2);
        }
    };
    if !md.is_file() {
        if !quiet {
            sys.diag
                .error(format_args!("Skipping {name}, not a regular file."));
        }
        return Ok(0);
    }
    let data = match sys.fs.read(&path) {
        Ok(d) => d,
        Err(e) => {
            if !quiet {
                sys.diag.error(format_args!("{name}: {}", e.kind));
            }
            return Ok(2);
        }
    };
    let mut charge = sys.charge();
    hold(&mut charge, (data.len() as u64).saturating_mul(2))?;
    let mut out = Vec::with_capacity(data.len() + data.len() / 8);
    let mut conv = Converter::new(mode);
    let r = conv
        .feed(&data, &mut out)
        .and_then(|()| conv.finish(&mut out));
    if let Err(Stop::Binary(b, line)) = r {
        if !quiet {
            sys.diag
                .error(format_args!("Binary symbol 0x{b:02X} found at line {line}"));
            sys.diag.error(format_args!("Skipping binary file {name}"));
        }
        return Ok(0);
    }
    if verbosity > 1 {
        conv.report(sys, name);
    }
    if !quiet {
        // unix2dos in Mac mode writes Mac line breaks, and says so.
        let target = if mode.mac && !mode.to_unix {
            "Mac"
        } else {
            D::TARGET
        };
        match file.output {
            Some(o) => sys.diag.error(format_args!(
                "converting file {name} to file {o} in {target} format..."
            )),
            None => sys
                .diag
                .error(format_args!("converting file {name} to {target} format...")),
        }
    }
    let dest = match sys.resolve(file.target) {
        Ok(p) => p,
        Err(e) => {
            if !quiet {
                sys.diag.error(format_args!("{}: {}", file.target, e.kind));
            }
            return Ok(2);
        }
    };
    // In place through a symlink with -R: the link is replaced by the
    // converted file; otherwise the target of the path is written.
    if file.output.is_none() && links == Key::Replace {
        let _ = sys.fs.remove_file(&dest);
    }
    let written = sys.fs.write(&dest, &out);
    if let Err(e) = written {
        if !quiet {
            sys.diag.error(format_args!("{}: {}", file.target, e.kind));
        }
        return Ok(2);
    }
    if keep_date {
        let _ = sys.fs.set_mtime(&dest, md.mtime);
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TestFs, run, run0};

    const D2U: Convert<ToUnix> = Convert(PhantomData);
    const U2D: Convert<ToDos> = Convert(PhantomData);

    fn bytes(o: &crate::testutil::Outcome) -> Vec<u8> {
        sandbash_interpreter::bytes::encode(&o.out).into_owned()
    }

    /// `-l` doubles converted breaks only; Mac mode keeps CR LF and
    /// converts the lone break (values from dos2unix 7.4.3).
    #[test]
    fn add_newline_and_mac_mode() {
        assert_eq!(bytes(&run0(&D2U, &["-l"], b"a\r\nb\n")), b"a\n\nb\n");
        assert_eq!(bytes(&run0(&D2U, &["-l"], b"a\r\r\n")), b"a\r\n\n");
        assert_eq!(
            bytes(&run0(&D2U, &["-c", "mac"], b"a\rb\r\nc\n")),
            b"a\nb\r\nc\n"
        );
        assert_eq!(
            bytes(&run0(&D2U, &["-c", "mac", "-l"], b"a\rb\r\n")),
            b"a\n\nb\r\n"
        );
        assert_eq!(bytes(&run0(&U2D, &["-l"], b"a\nb\r\n")), b"a\r\n\r\nb\r\n");
        assert_eq!(
            bytes(&run0(&U2D, &["-c", "mac", "-l"], b"a\rb\r\nc\n")),
            b"a\rb\r\nc\r\r"
        );
        assert_eq!(bytes(&run0(&U2D, &["-7"], b"\xe9\r\n")), b" \r\n");
    }

    /// `-v` accounts for the BOM and the breaks converted out of those
    /// seen (LF; CR for dos2unix in Mac mode); `-q` silences everything
    /// and returns zero whatever became of the files; the last of the two
    /// wins (dos2unix 7.4.3's wording and counts).
    #[test]
    fn verbose_and_quiet() {
        let r = run0(&D2U, &["-v"], b"a\r\nb\nc\r\n");
        assert_eq!(r.err, "dos2unix: Converted 2 out of 3 line breaks.\n");
        let r = run0(&D2U, &["-v", "-c", "mac"], b"a\rb\r\n");
        assert_eq!(r.err, "dos2unix: Converted 1 out of 2 line breaks.\n");
        let r = run0(&U2D, &["-v", "-c", "mac"], b"a\nb\r\n");
        assert_eq!(r.err, "unix2dos: Converted 1 out of 2 line breaks.\n");
        let fs = TestFs::new();
        fs.file("f", b"\xef\xbb\xbfa\n");
        let r = run(&U2D, &["-v", "f"], b"", &fs);
        assert_eq!(
            r.err,
            "unix2dos: Input file f has UTF-8 BOM.\nunix2dos: Writing UTF-8 BOM.\nunix2dos: Converted 1 out of 1 line breaks.\nunix2dos: converting file f to DOS format...\n"
        );
        let r = run(&U2D, &["-c", "mac", "f"], b"", &fs);
        assert_eq!(r.err, "unix2dos: converting file f to Mac format...\n");
        let r = run(&D2U, &["-v", "-q", "nosuch", "f"], b"", &fs);
        assert_eq!((r.status, r.err.as_str()), (0, ""));
        let r = run0(&D2U, &["-q"], b"a\0");
        assert_eq!((r.status, r.err.as_str()), (0, ""));
    }

    /// `-i`: the counts of DOS, Unix and Mac breaks, BOM, text/binary and
    /// name; `c` lists only what would change; flags select the fields
    /// (dos2unix 7.4.3's layout).
    #[test]
    fn info() {
        let fs = TestFs::new();
        fs.file("m", b"a\r\nb\nc\rd\r\n")
            .file("bom", b"\xef\xbb\xbfx\n")
            .file("bin", b"a\0\r\n");
        let r = run(&D2U, &["-i", "m", "bom", "bin"], b"", &fs);
        assert_eq!(
            r.out,
            "       2       1       1  no_bom    text    m\n       0       1       0  UTF-8     text    bom\n       1       0       0  no_bom    binary  bin\n"
        );
        let r = run(&D2U, &["-ihc", "m", "bom", "bin"], b"", &fs);
        assert_eq!(r.out, "FILE\nm\n");
        let r = run(&U2D, &["--info=du", "m", "bom"], b"", &fs);
        assert_eq!(r.out, "       2       1  m\n       0       1  bom\n");
        let r = run(&D2U, &["-i"], b"a\r\nb\n", &fs);
        assert_eq!(r.out, "       1       1       0  no_bom    text  \n");
        let r = run(&D2U, &["-ix", "m"], b"", &fs);
        assert_eq!(
            (r.status, r.err.as_str()),
            (1, "dos2unix: wrong flag 'x' for option -i or --info\n")
        );
        assert_eq!(fs.text("m"), "a\r\nb\nc\rd\r\n");
    }

    /// `-h`/`-V` are --help/--version; an unknown option prints the help on
    /// stdout (status 1); a missing value is one line without `Try`.
    #[test]
    fn usage_errors() {
        let r = run0(&D2U, &["--bogus"], b"");
        assert_eq!(r.status, 1);
        assert!(r.out.starts_with("Usage: dos2unix [options]"), "{}", r.out);
        assert_eq!(r.err, "");
        let r = run0(&U2D, &["-c"], b"");
        assert_eq!(
            (r.status, r.err.as_str()),
            (1, "unix2dos: option '-c' requires an argument\n")
        );
        assert!(
            run0(&U2D, &["-h"], b"")
                .out
                .contains("keep Byte Order Mark (default)")
        );
        assert_eq!(run0(&D2U, &["-V"], b"").out, "dos2unix (sandbash) 0.1.0\n");
    }

    /// An option applies to the files after it: `f -q g` is quiet for g
    /// only, `f -n a b -o g` converts f and g in place and a into b.
    #[test]
    fn options_apply_to_later_files() {
        let fs = TestFs::new();
        fs.file("f", b"1\r\n")
            .file("g", b"2\r\n")
            .file("a", b"3\r\n");
        let r = run(&D2U, &["f", "-q", "g"], b"", &fs);
        assert_eq!(r.err, "dos2unix: converting file f to Unix format...\n");
        fs.file("f", b"1\r\n").file("g", b"2\r\n");
        let r = run(&D2U, &["f", "-n", "a", "b", "-o", "g"], b"", &fs);
        assert_eq!(
            r.err,
            "dos2unix: converting file f to Unix format...\ndos2unix: converting file a to file b in Unix format...\ndos2unix: converting file g to Unix format...\n"
        );
        assert_eq!((fs.text("a"), fs.text("b")), ("3\r\n".into(), "3\n".into()));
        let r = run(&D2U, &["nosuch", "-q", "f"], b"", &fs);
        assert_eq!(r.status, 2);
    }

    /// `-n` with an input and no output name: the message, status 1.
    #[test]
    fn new_file_without_target() {
        let fs = TestFs::new();
        fs.file("a", b"1\r\n");
        let r = run(&D2U, &["-q", "-n", "a"], b"", &fs);
        assert_eq!(
            (r.status, r.err.as_str()),
            (
                1,
                "dos2unix: target of file a not specified in new-file mode\n"
            )
        );
        assert_eq!(fs.text("a"), "1\r\n");
    }
}
