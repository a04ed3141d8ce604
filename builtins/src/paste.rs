//! `paste`: merge lines of files.
//!
//! Parallel mode reads one line from each operand in turn and writes the
//! output line at once; serial mode (`-s`) writes each operand's lines as
//! it reads them. Either way only one line per operand is held, read
//! within the run's memory budget. Every `-` operand reads the one
//! standard input, so `paste - - -` takes its lines three at a time.
//! Where delimiters go, including those held back after a file that
//! ended, follows GNU's `paste_parallel` and `paste_serial`.

use std::io::{BufRead, BufReader};

use sandbash_interpreter::bytes::encode;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::headed::ReadFail;
use crate::common::input::{open_file, or_stdin, read_line_within};
use sandbash_interpreter::memory::{Charge, MemoryBudget};
use sandbash_vfs::FileReader;

use crate::common::sys::{Diag, Res, Sys, Ticker, io_msg};

/// The `paste` utility: `-d LIST -s -z`.
pub struct Paste;

/// The options of `paste`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Delims,
    Serial,
    Zero,
}

impl Command for Paste {
    const NAME: &'static str = "paste";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: "Write lines consisting of the sequentially corresponding lines from
each FILE, separated by TABs, to standard output.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'd',
            &["delimiters"],
            Key::Delims,
            "reuse characters from LIST instead of TABs",
        )
        .value("LIST"),
        Flag::new(
            's',
            &["serial"],
            Key::Serial,
            "paste one file at a time instead of in parallel",
        ),
        Flag::new(
            'z',
            &["zero-terminated"],
            Key::Zero,
            "line delimiter is NUL, not newline",
        ),
    ];

    fn main(sys: &mut Sys<'_>, args: Args<Key>) -> Res<i32> {
        let delims = match args.last(Key::Delims) {
            None => vec![Some(b'\t')],
            Some(list) => match delimiters(&encode(list)) {
                Some(d) => d,
                None => {
                    sys.diag.error(format_args!(
                        "delimiter list ends with an unescaped backslash: {list}"
                    ));
                    return Ok(1);
                }
            },
        };
        let eol = if args.has(Key::Zero) { 0 } else { b'\n' };
        let serial_mode = args.has(Key::Serial);
        let ops = or_stdin(args.operands);
        if serial_mode {
            serial(sys, &ops, &delims, eol)
        } else {
            parallel(sys, &ops, &delims, eol)
        }
    }
}

/// The delimiter list with its escapes read (`\0` is no delimiter at
/// all); `None` when it ends with a lone backslash. An empty list is one
/// empty delimiter.
fn delimiters(list: &[u8]) -> Option<Vec<Option<u8>>> {
    let mut out = Vec::new();
    let mut it = list.iter();
    while let Some(&c) = it.next() {
        if c != b'\\' {
            out.push(Some(c));
            continue;
        }
        out.push(match *it.next()? {
            b'0' => None,
            b'b' => Some(8),
            b'f' => Some(12),
            b'n' => Some(b'\n'),
            b'r' => Some(b'\r'),
            b't' => Some(b'\t'),
            b'v' => Some(11),
            other => Some(other),
        });
    }
    if out.is_empty() {
        out.push(None);
    }
    Some(out)
}

/// What reading a line needs, borrowed apart from standard input.
struct Reading<'a, 'c> {
    tick: &'a mut Ticker<'c>,
    diag: &'a mut Diag<'c>,
    memory: &'a MemoryBudget,
    charge: Charge,
    buf: &'a mut Vec<u8>,
    eol: u8,
}

/// Reads the next line of `r` into `buf` (terminator dropped); false at
/// its end or on a read error (reported, status set).
fn next_line(
    rd: &mut Reading<'_, '_>,
    r: &mut dyn BufRead,
    op: &str,
    status: &mut i32,
) -> Res<bool> {
    rd.tick.tick()?;
    let buf = &mut *rd.buf;
    match read_line_within(r, buf, rd.eol, &mut rd.charge, rd.memory) {
        Ok(false) => Ok(false),
        Ok(true) => {
            if buf.last() == Some(&rd.eol) {
                buf.pop();
            }
            Ok(true)
        }
        Err(ReadFail::Stop(f)) => Err(f),
        Err(ReadFail::Read(e)) => {
            rd.diag.error(format_args!("{op}: {}", io_msg(&e)));
            *status = 1;
            Ok(false)
        }
    }
}

/// `paste -s`: each operand's lines joined into one output line.
fn serial(sys: &mut Sys<'_>, ops: &[String], delims: &[Option<u8>], eol: u8) -> Res<i32> {
    let mut status = 0;
    let mut buf = Vec::new();
    let mut rd = Reading {
        tick: &mut sys.tick,
        diag: &mut sys.diag,
        memory: sys.memory,
        charge: Charge::on(sys.memory),
        buf: &mut buf,
        eol,
    };
    let out = &mut sys.out;
    let mut stdin = BufReader::new(&mut *sys.stdin);
    for op in ops {
        let mut file;
        let r: &mut dyn BufRead = if sandbash_interpreter::UtilityContext::is_stdin(op) {
            &mut stdin
        } else {
            match open_file(sys.fs, sys.cwd, op) {
                Ok(i) => {
                    file = BufReader::with_capacity(64 * 1024, i);
                    &mut file
                }
                Err(e) => {
                    rd.diag.fs(op, &e);
                    status = 1;
                    continue;
                }
            }
        };
        let mut k = 0usize;
        let mut first = true;
        while next_line(&mut rd, r, op, &mut status)? {
            if !first {
                if let Some(Some(d)) = delims.get(k) {
                    out.put(&[*d])?;
                }
                k = (k + 1) % delims.len().max(1);
            }
            first = false;
            out.put(rd.buf)?;
        }
        out.put(&[eol])?;
    }
    Ok(status)
}

/// `paste`: line N of every operand on output line N.
fn parallel(sys: &mut Sys<'_>, ops: &[String], delims: &[Option<u8>], eol: u8) -> Res<i32> {
    let mut status = 0;
    // Every `-` reads the one standard input; the files are opened first,
    // and one that cannot be is fatal, as in GNU.
    let mut files: Vec<Option<BufReader<FileReader>>> = Vec::with_capacity(ops.len());
    for op in ops {
        sys.tick.check()?;
        if sandbash_interpreter::UtilityContext::is_stdin(op) {
            files.push(None);
            continue;
        }
        match open_file(sys.fs, sys.cwd, op) {
            Ok(i) => files.push(Some(BufReader::with_capacity(64 * 1024, i))),
            Err(e) => {
                sys.diag.fs(op, &e);
                return Ok(1);
            }
        }
    }
    let mut open: Vec<bool> = vec![true; ops.len()];
    let mut files_open = ops.len();
    let mut buf = Vec::new();
    let mut rd = Reading {
        tick: &mut sys.tick,
        diag: &mut sys.diag,
        memory: sys.memory,
        charge: Charge::on(sys.memory),
        buf: &mut buf,
        eol,
    };
    let out = &mut sys.out;
    let mut stdin = BufReader::new(&mut *sys.stdin);
    let mut line = Vec::new();
    let mut saved = Vec::new();
    while files_open > 0 {
        line.clear();
        saved.clear();
        let mut k = 0usize;
        for (i, op) in ops.iter().enumerate() {
            if files_open == 0 {
                break;
            }
            let mut got = false;
            if open.get(i).copied().unwrap_or(false) {
                let r: &mut dyn BufRead = match files.get_mut(i) {
                    Some(Some(f)) => f,
                    _ => &mut stdin,
                };
                got = next_line(&mut rd, r, op, &mut status)?;
                if got {
                    line.append(&mut saved);
                    line.extend_from_slice(rd.buf);
                }
            }
            let last = i + 1 == ops.len();
            if !got {
                if let Some(o) = open.get_mut(i)
                    && *o
                {
                    *o = false;
                    files_open -= 1;
                }
                if last {
                    if files_open > 0 {
                        line.append(&mut saved);
                        line.push(eol);
                    }
                } else {
                    if let Some(Some(d)) = delims.get(k) {
                        saved.push(*d);
                    }
                    k = (k + 1) % delims.len().max(1);
                }
            } else if last {
                line.push(eol);
            } else {
                if let Some(Some(d)) = delims.get(k) {
                    line.push(*d);
                }
                k = (k + 1) % delims.len().max(1);
            }
        }
        out.put(&line)?;
    }
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::Paste;
    use crate::testutil::*;

    #[test]
    fn parallel_and_serial() {
        let fs = TestFs::new();
        fs.file("a", b"1\n2\n3\n").file("b", b"x\n").file("e", b"");
        let o = run(&Paste, &["a", "b"], b"", &fs);
        assert_eq!(o.out, "1\tx\n2\t\n3\t\n");
        let o = run(&Paste, &["e", "a"], b"", &fs);
        assert_eq!(o.out, "\t1\n\t2\n\t3\n");
        let o = run(&Paste, &["-d", ":;", "a", "b", "a"], b"", &fs);
        assert_eq!(o.out, "1:x;1\n2:;2\n3:;3\n");
        let o = run(&Paste, &["-s", "a", "b"], b"", &fs);
        assert_eq!(o.out, "1\t2\t3\nx\n");
        let o = run(&Paste, &["-s", "-d", ",+"], b"a\nb\nc\nd", &fs);
        assert_eq!(o.out, "a,b+c,d\n");
        let o = run(&Paste, &["-", "-", "-"], b"1\n2\n3\n4\n5\n", &fs);
        assert_eq!(o.out, "1\t2\t3\n4\t5\t\n");
        let o = run(&Paste, &["-d", "\\0", "a", "a"], b"", &fs);
        assert_eq!(o.out, "11\n22\n33\n");
        let o = run(&Paste, &["-z", "a", "b"], b"", &fs);
        assert_eq!(o.out, "1\n2\n3\n\tx\n\0");
    }

    #[test]
    fn errors() {
        let o = run0(&Paste, &["-d", "\\"], b"");
        assert_eq!(
            (o.status, o.err.as_str()),
            (
                1,
                "paste: delimiter list ends with an unescaped backslash: \\\n"
            )
        );
        let o = run0(&Paste, &["nosuch", "-"], b"x\n");
        assert_eq!((o.status, o.out.as_str()), (1, ""));
    }
}
