//! `cmp`: compare two files byte by byte, as GNU diffutils 3.8 does.
//!
//! Both inputs stream through 64 KiB buffers: nothing but the two buffers
//! is held, so `yes | cmp - f` ends as soon as a byte differs or `f` ends.
//! Byte numbers count from 1 after the skipped prefix; line numbers count
//! the newlines of the compared bytes before the first difference. Usage
//! errors are worded as diffutils words them (`cmp: Try 'cmp --help'...`)
//! and, like every trouble, give status 2; `-s` also silences the errors
//! about files.

use std::io::{BufRead, BufReader};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, OptError, Syntax};
use crate::common::input::{Input, open_two};
use crate::common::num::parse_count_based;
use crate::common::quote;
use crate::common::sys::{Diag, Out, Res, Sys, Ticker, io_msg};
use sandbash_interpreter::UtilityContext;

/// The options of `cmp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Bytes,
    Ignore,
    Verbose,
    Limit,
    Silent,
    Version,
}

/// `cmp`.
pub struct Cmp;

impl Command for Cmp {
    const NAME: &'static str = "cmp";
    const HELP: Help = Help {
        usage: &["[OPTION]... FILE1 [FILE2 [SKIP1 [SKIP2]]]"],
        about: "Compare two files byte by byte.\n\nThe optional SKIP1 and SKIP2 specify the number of bytes to skip\nat the beginning of each file (zero by default).",
        after: "SKIP values may be followed by the following multiplicative suffixes:\nkB 1000, K 1024, MB 1,000,000, M 1,048,576,\nGB 1,000,000,000, G 1,073,741,824, and so on for T, P, E, Z, Y.\n\nIf a FILE is '-' or missing, read standard input.\nExit status is 0 if inputs are the same, 1 if different, 2 if trouble.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('b', &["print-bytes"], Key::Bytes, "print differing bytes"),
        Flag::new(
            'i',
            &["ignore-initial"],
            Key::Ignore,
            "skip first SKIP bytes of both inputs\n  (SKIP1:SKIP2 skips SKIP1 bytes of FILE1 and SKIP2 of FILE2)",
        )
        .value("SKIP"),
        Flag::new(
            'l',
            &["verbose"],
            Key::Verbose,
            "output byte numbers and differing byte values",
        ),
        Flag::new('n', &["bytes"], Key::Limit, "compare at most LIMIT bytes").value("LIMIT"),
        Flag::new(
            's',
            &["quiet", "silent"],
            Key::Silent,
            "suppress all normal output",
        ),
        Flag::new('v', &[], Key::Version, "output version information and exit"),
    ];
    const SYNTAX: Syntax = Syntax::GNU.status(2);

    fn usage_error(sys: &mut Sys<'_>, err: &OptError) -> i32 {
        try_help(sys, err)
    }

    /// diffutils' own text (two lines for `-i`), which the table cannot
    /// render.
    fn help() -> String {
        HELP_TEXT.to_owned()
    }

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        run(sys, &p)
    }
}

const HELP_TEXT: &str = "Usage: cmp [OPTION]... FILE1 [FILE2 [SKIP1 [SKIP2]]]
Compare two files byte by byte.

The optional SKIP1 and SKIP2 specify the number of bytes to skip
at the beginning of each file (zero by default).

Mandatory arguments to long options are mandatory for short options too.
  -b, --print-bytes          print differing bytes
  -i, --ignore-initial=SKIP         skip first SKIP bytes of both inputs
  -i, --ignore-initial=SKIP1:SKIP2  skip first SKIP1 bytes of FILE1 and
                                      first SKIP2 bytes of FILE2
  -l, --verbose              output byte numbers and differing byte values
  -n, --bytes=LIMIT          compare at most LIMIT bytes
  -s, --quiet, --silent      suppress all normal output
      --help                 display this help and exit
  -v, --version              output version information and exit

SKIP values may be followed by the following multiplicative suffixes:
kB 1000, K 1024, MB 1,000,000, M 1,048,576,
GB 1,000,000,000, G 1,073,741,824, and so on for T, P, E, Z, Y.

If a FILE is '-' or missing, read standard input.
Exit status is 0 if inputs are the same, 1 if different, 2 if trouble.
";

/// Prints `cmp: MSG` and the diffutils `cmp: Try...` line; status 2.
fn try_help(sys: &mut Sys<'_>, msg: impl std::fmt::Display) -> i32 {
    sys.diag.error(msg);
    sys.diag.error("Try 'cmp --help' for more information.");
    2
}

/// A skip value: a count with C base prefixes and size suffixes, no
/// larger than a file offset (`off_t`) can be.
fn skip_value(s: &str) -> Option<u64> {
    parse_count_based(s).filter(|&n| i64::try_from(n).is_ok())
}

/// What `-l`/`-s` ask for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    First,
    All,
    Status,
}

fn run(sys: &mut Sys<'_>, p: &Args<Key>) -> Res<i32> {
    let mut skip = [0u64; 2];
    let mut limit: Option<u64> = None;
    let (mut verbose, mut silent, mut bytes) = (false, false, false);
    for (k, v) in p.each() {
        match k {
            Key::Bytes => bytes = true,
            Key::Verbose => verbose = true,
            Key::Silent => silent = true,
            Key::Version => {
                sys.out.put(<Cmp as Command>::version().as_bytes())?;
                return Ok(0);
            }
            Key::Limit => match skip_value(v) {
                Some(n) => limit = Some(limit.map_or(n, |l| l.min(n))),
                None => {
                    return Ok(try_help(
                        sys,
                        format_args!("invalid --bytes value {}", quote(v)),
                    ));
                }
            },
            Key::Ignore => {
                // diffutils quotes the part it failed on: all of VALUE for
                // SKIP1, what follows the colon for SKIP2.
                let (a, b) = match v.split_once(':') {
                    Some((a, b)) => (skip_value(a), skip_value(b).ok_or(b)),
                    None => (skip_value(v), skip_value(v).ok_or(v)),
                };
                match (a, b) {
                    (Some(a), Ok(b)) => skip = [a, b],
                    (None, _) => {
                        return Ok(try_help(
                            sys,
                            format_args!("invalid --ignore-initial value {}", quote(v)),
                        ));
                    }
                    (_, Err(part)) => {
                        return Ok(try_help(
                            sys,
                            format_args!("invalid --ignore-initial value {}", quote(part)),
                        ));
                    }
                }
            }
        }
    }
    if verbose && silent {
        return Ok(try_help(sys, "options -l and -s are incompatible"));
    }
    let mode = if silent {
        Mode::Status
    } else if verbose {
        Mode::All
    } else {
        Mode::First
    };
    let ops = &p.operands;
    let Some(first) = ops.first() else {
        let last = sys.args.last().map_or("cmp", String::as_str).to_owned();
        return Ok(try_help(
            sys,
            format_args!("missing operand after {}", quote(&last)),
        ));
    };
    let second = ops.get(1).map_or("-", String::as_str);
    for (i, s) in ops.iter().skip(2).take(2).enumerate() {
        match (skip_value(s), skip.get_mut(i)) {
            (Some(n), Some(slot)) => *slot = n,
            _ => {
                return Ok(try_help(
                    sys,
                    format_args!("invalid --ignore-initial value {}", quote(s)),
                ));
            }
        }
    }
    if let Some(extra) = ops.get(4) {
        return Ok(try_help(
            sys,
            format_args!("extra operand {}", quote(extra)),
        ));
    }
    let names = [first.clone(), second.to_owned()];
    // The same file at the same position is equal to itself.
    let same = if UtilityContext::is_stdin(&names[0]) || UtilityContext::is_stdin(&names[1]) {
        names[0] == names[1]
    } else {
        matches!((sys.resolve(&names[0]), sys.resolve(&names[1])), (Ok(a), Ok(b)) if a == b)
    };
    if same && skip[0] == skip[1] {
        // Still report a missing file or a directory as GNU does.
        if let Err(e) = open_two(&mut *sys.stdin, sys.fs, sys.cwd, [&names[0], &names[1]]) {
            if !silent {
                sys.diag.fs(&e.0, &e.1);
            }
            return Ok(2);
        }
        return Ok(0);
    }
    // Regular files' sizes bound the width of `-l`'s byte numbers.
    let mut max = limit.unwrap_or(u64::MAX);
    for (n, s) in names.iter().zip(skip) {
        if UtilityContext::is_stdin(n) {
            continue;
        }
        if let Ok(md) = sys.resolve(n).and_then(|p| sys.fs.metadata(&p))
            && md.is_file()
        {
            max = max.min(md.size.saturating_sub(s));
        }
    }
    let mut width = 1usize;
    let mut m = max;
    while m >= 10 {
        m /= 10;
        width += 1;
    }
    let [a, b] = match open_two(&mut *sys.stdin, sys.fs, sys.cwd, [&names[0], &names[1]]) {
        Ok(x) => x,
        Err((op, e)) => {
            if !silent {
                sys.diag.fs(&op, &e);
            }
            return Ok(2);
        }
    };
    let mut ins = [
        BufReader::with_capacity(64 * 1024, a),
        BufReader::with_capacity(64 * 1024, b),
    ];
    for (i, r) in ins.iter_mut().enumerate() {
        if let Err(e) = discard(&sys.tick, r, skip.get(i).copied().unwrap_or(0))? {
            if !silent {
                sys.diag
                    .error(format_args!("{}: {}", names.get(i).map_or("", |s| s), e));
            }
            return Ok(2);
        }
    }
    let opts = Opts {
        mode,
        bytes,
        width,
        limit,
    };
    let mut io = Io {
        tick: &sys.tick,
        out: &mut sys.out,
        diag: &mut sys.diag,
    };
    compare(&mut io, &mut ins, &names, &opts)
}

/// Reads and drops `n` bytes of `r` (fewer at its end).
fn discard(tick: &Ticker<'_>, r: &mut BufReader<Input<'_>>, mut n: u64) -> Res<Result<(), String>> {
    while n > 0 {
        tick.check()?;
        let avail = match r.fill_buf() {
            Ok(b) => b.len(),
            Err(e) => return Ok(Err(io_msg(&e))),
        };
        if avail == 0 {
            break;
        }
        let k = usize::try_from(n).unwrap_or(usize::MAX).min(avail);
        r.consume(k);
        n -= k as u64;
    }
    Ok(Ok(()))
}

/// The parts of [`Sys`] the comparison writes through, borrowed apart
/// from the standard input the readers hold.
struct Io<'a, 'c> {
    tick: &'a Ticker<'c>,
    out: &'a mut Out<'c>,
    diag: &'a mut Diag<'c>,
}

struct Opts {
    mode: Mode,
    bytes: bool,
    width: usize,
    limit: Option<u64>,
}

/// A byte as `cat -v` shows it (`^I`, `M-^?`), as `cmp -b` prints it.
fn show(c: u8) -> String {
    let mut s = String::new();
    let mut c = c;
    if c >= 0x80 {
        s.push_str("M-");
        c -= 0x80;
    }
    if c < 0x20 {
        s.push('^');
        s.push(char::from(c + 0x40));
    } else if c == 0x7f {
        s.push_str("^?");
    } else {
        s.push(char::from(c));
    }
    s
}

fn compare(
    sys: &mut Io<'_, '_>,
    ins: &mut [BufReader<Input<'_>>; 2],
    names: &[String; 2],
    o: &Opts,
) -> Res<i32> {
    let mut pos: u64 = 0; // bytes compared equal or listed so far
    let mut line: u64 = 1;
    let mut differ = false;
    loop {
        sys.tick.check()?;
        let room = o.limit.map_or(u64::MAX, |l| l - pos.min(l));
        if room == 0 {
            break;
        }
        let [ra, rb] = ins;
        let fa = match ra.fill_buf() {
            Ok(b) => b,
            Err(e) => return read_fail(sys, &names[0], &e, o),
        };
        let fb = match rb.fill_buf() {
            Ok(b) => b,
            Err(e) => return read_fail(sys, &names[1], &e, o),
        };
        let n = fa
            .len()
            .min(fb.len())
            .min(usize::try_from(room).unwrap_or(usize::MAX));
        if n == 0 {
            if fa.is_empty() != fb.is_empty() {
                let short = if fa.is_empty() { &names[0] } else { &names[1] };
                if o.mode != Mode::Status {
                    sys.out.flush()?;
                    if pos == 0 {
                        sys.diag
                            .error(format_args!("EOF on {short} which is empty"));
                    } else if o.mode == Mode::All {
                        sys.diag
                            .error(format_args!("EOF on {short} after byte {pos}"));
                    } else {
                        sys.diag.error(format_args!(
                            "EOF on {short} after byte {pos}, in line {line}"
                        ));
                    }
                }
                return Ok(1);
            }
            break;
        }
        let (ca, cb) = (fa.get(..n).unwrap_or(&[]), fb.get(..n).unwrap_or(&[]));
        if o.mode != Mode::All {
            // Equal chunks (the common case) are found by one memcmp; the
            // byte-by-byte search runs only on a chunk known to differ.
            if ca != cb
                && let Some(i) = ca.iter().zip(cb).position(|(x, y)| x != y)
            {
                if o.mode == Mode::Status {
                    return Ok(1);
                }
                let head = ca.get(..i).unwrap_or(&[]);
                line += memchr::memchr_iter(b'\n', head).count() as u64;
                let at = pos + i as u64 + 1;
                let (x, y) = (
                    ca.get(i).copied().unwrap_or(0),
                    cb.get(i).copied().unwrap_or(0),
                );
                sys.out.str(&names[0])?;
                sys.out.put(b" ")?;
                sys.out.str(&names[1])?;
                if o.bytes {
                    sys.out.fmt(format_args!(
                        " differ: byte {at}, line {line} is {x:3o} {} {y:3o} {}\n",
                        show(x),
                        show(y)
                    ))?;
                } else {
                    sys.out
                        .fmt(format_args!(" differ: char {at}, line {line}\n"))?;
                }
                return Ok(1);
            }
            line += memchr::memchr_iter(b'\n', ca).count() as u64;
        } else {
            for (i, (&x, &y)) in ca.iter().zip(cb).enumerate() {
                if x != y {
                    differ = true;
                    let at = pos + i as u64 + 1;
                    let w = o.width;
                    if o.bytes {
                        sys.out.fmt(format_args!(
                            "{at:>w$} {x:3o} {:<4} {y:3o} {}\n",
                            show(x),
                            show(y)
                        ))?;
                    } else {
                        sys.out.fmt(format_args!("{at:>w$} {x:3o} {y:3o}\n"))?;
                    }
                }
            }
        }
        pos += n as u64;
        ra.consume(n);
        rb.consume(n);
    }
    Ok(i32::from(differ))
}

fn read_fail(sys: &mut Io<'_, '_>, name: &str, e: &std::io::Error, o: &Opts) -> Res<i32> {
    if o.mode != Mode::Status {
        sys.out.flush()?;
        sys.diag.error(format_args!("{name}: {}", io_msg(e)));
    }
    Ok(2)
}

#[cfg(test)]
mod tests {
    use super::Cmp;
    use crate::testutil::{TestFs, run};

    fn fs() -> TestFs {
        let fs = TestFs::new();
        fs.file("/workspace/a", b"abc\nxyz")
            .file("/workspace/b", b"abc\nxyZ")
            .file("/workspace/c", b"abc");
        fs
    }

    #[test]
    fn first_difference_and_line() {
        let o = run(&Cmp, &["a", "b"], b"", &fs());
        assert_eq!(o.out, "a b differ: char 7, line 2\n");
        assert_eq!(o.status, 1);
        let o = run(&Cmp, &["a", "a"], b"", &fs());
        assert_eq!((o.status, o.out.as_str()), (0, ""));
    }

    #[test]
    fn verbose_and_bytes() {
        let o = run(&Cmp, &["-lb", "a", "b"], b"", &fs());
        assert_eq!(o.out, "7 172 z    132 Z\n");
        let o = run(&Cmp, &["-b", "a", "b"], b"", &fs());
        assert_eq!(o.out, "a b differ: byte 7, line 2 is 172 z 132 Z\n");
    }

    #[test]
    fn eof_and_skips() {
        let o = run(&Cmp, &["c", "a"], b"", &fs());
        assert_eq!(o.err, "cmp: EOF on c after byte 3, in line 1\n");
        assert_eq!(o.status, 1);
        let o = run(&Cmp, &["-n", "3", "c", "a"], b"", &fs());
        assert_eq!(o.status, 0);
        let o = run(&Cmp, &["a", "-", "4", "0"], b"xyz", &fs());
        assert_eq!(o.status, 0);
        let o = run(&Cmp, &["-i", "4:0", "a", "-"], b"xyz", &fs());
        assert_eq!(o.status, 0);
    }

    #[test]
    fn usage_errors() {
        let o = run(&Cmp, &[], b"", &fs());
        assert_eq!(
            o.err,
            "cmp: missing operand after 'cmp'\ncmp: Try 'cmp --help' for more information.\n"
        );
        assert_eq!(o.status, 2);
        let o = run(&Cmp, &["-ls", "a", "b"], b"", &fs());
        assert_eq!(o.status, 2);
        let o = run(&Cmp, &["-s", "a", "nope"], b"", &fs());
        assert_eq!((o.status, o.err.as_str()), (2, ""));
    }
}
