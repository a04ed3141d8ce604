//! `comm`: compare two sorted files line by line.
//!
//! Merges the two inputs as GNU's `compare_files` does, holding only the
//! current line of each file and the two before it (for the order
//! checks), read and charged within the run's memory budget. Lines are
//! compared byte by byte (the C locale's collation). The order check
//! warns once per file (`file N is not in sorted order`) once a line
//! could not be paired, or at once with `--check-order`, where it is
//! fatal; a warning makes the final status 1 with `input is not in
//! sorted order`.

use std::io::BufReader;

use sandbash_interpreter::bytes::encode;
use sandbash_interpreter::memory::Charge;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::headed::ReadFail;
use crate::common::input::{Input, open_two, read_line_within};
use crate::common::quote_escaped;
use crate::common::sys::{Res, Sys, io_msg, settle};

/// The `comm` utility: `-1 -2 -3 --check-order --nocheck-order
/// --output-delimiter --total -z`.
pub struct Comm;

/// The options of `comm`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    No1,
    No2,
    No3,
    CheckOrder,
    NoCheckOrder,
    OutputDelim,
    Total,
    Zero,
}

/// Whether input order is checked.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Check {
    /// After the first unpairable line, warning once per file.
    Default,
    /// Always, and a disorder is fatal.
    Enabled,
    Disabled,
}

impl Command for Comm {
    const NAME: &'static str = "comm";
    const HELP: Help = Help {
        usage: &["[OPTION]... FILE1 FILE2"],
        about: "Compare sorted files FILE1 and FILE2 line by line.

When FILE1 or FILE2 (not both) is -, read standard input.

With no options, produce three-column output.  Column one contains
lines unique to FILE1, column two contains lines unique to FILE2,
and column three contains lines common to both files.",
        after: "Note, comparisons honor the rules specified by 'LC_COLLATE'.

Examples:
  comm -12 file1 file2  Print only lines present in both file1 and file2.
  comm -3 file1 file2  Print lines in file1 not in file2, and vice versa.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            '1',
            &[],
            Key::No1,
            "suppress column 1 (lines unique to FILE1)",
        ),
        Flag::new(
            '2',
            &[],
            Key::No2,
            "suppress column 2 (lines unique to FILE2)",
        ),
        Flag::new(
            '3',
            &[],
            Key::No3,
            "suppress column 3 (lines that appear in both files)",
        ),
        Flag::long(
            &["check-order"],
            Key::CheckOrder,
            "check that the input is correctly sorted, even\n  if all input lines are pairable",
        ),
        Flag::long(
            &["nocheck-order"],
            Key::NoCheckOrder,
            "do not check that the input is correctly sorted",
        ),
        Flag::long(
            &["output-delimiter"],
            Key::OutputDelim,
            "separate columns with STR",
        )
        .value("STR"),
        Flag::long(&["total"], Key::Total, "output a summary"),
        Flag::new(
            'z',
            &["zero-terminated"],
            Key::Zero,
            "line delimiter is NUL, not newline",
        ),
    ];

    fn main(sys: &mut Sys<'_>, args: Args<Key>) -> Res<i32> {
        let mut show = [true; 3];
        let mut check = Check::Default;
        let mut sep: Option<Vec<u8>> = None;
        let (mut total, mut eol) = (false, b'\n');
        for (k, v) in args.each() {
            match k {
                Key::No1 => show[0] = false,
                Key::No2 => show[1] = false,
                Key::No3 => show[2] = false,
                Key::CheckOrder => check = Check::Enabled,
                Key::NoCheckOrder => check = Check::Disabled,
                Key::OutputDelim => {
                    // GNU reads an empty delimiter as a NUL byte.
                    let b = encode(v).into_owned();
                    let b = if b.is_empty() { vec![0] } else { b };
                    if sep.as_ref().is_some_and(|s| *s != b) {
                        sys.diag.error("multiple output delimiters specified");
                        return Ok(1);
                    }
                    sep = Some(b);
                }
                Key::Total => total = true,
                Key::Zero => eol = 0,
            }
        }
        let ops = &args.operands;
        if let Some(extra) = ops.get(2) {
            sys.diag
                .usage(format_args!("extra operand {}", quote_escaped(extra)));
            return Ok(1);
        }
        let (Some(a), Some(b)) = (ops.first(), ops.get(1)) else {
            match ops.first() {
                None => sys.diag.usage("missing operand"),
                Some(a) => sys
                    .diag
                    .usage(format_args!("missing operand after {}", quote_escaped(a))),
            }
            return Ok(1);
        };
        let o = Opts {
            show,
            check,
            sep: sep.unwrap_or_else(|| vec![b'\t']),
            total,
            eol,
        };
        compare(sys, &o, [a, b])
    }
}

struct Opts {
    show: [bool; 3],
    check: Check,
    sep: Vec<u8>,
    total: bool,
    eol: u8,
}

/// One input: its reader, its current line and the two before it.
struct Side<'a> {
    r: BufReader<Input<'a>>,
    buf: Vec<u8>,
    read_charge: Charge,
    held: Charge,
    /// [current, previous, the one before].
    lines: [Option<Vec<u8>>; 3],
    warned: bool,
}

impl Side<'_> {
    /// Reads the next line, rotating the held ones.
    fn advance(
        &mut self,
        eol: u8,
        memory: &sandbash_interpreter::memory::MemoryBudget,
    ) -> Result<(), ReadFail> {
        self.lines.rotate_right(1);
        let more = read_line_within(
            &mut self.r,
            &mut self.buf,
            eol,
            &mut self.read_charge,
            memory,
        )?;
        let line = more.then(|| {
            let t = self.buf.strip_suffix(&[eol]).unwrap_or(&self.buf);
            t.to_vec()
        });
        self.lines[0] = line;
        let total: usize = self.lines.iter().flatten().map(Vec::len).sum();
        settle(&mut self.held, total as u64)?;
        Ok(())
    }
}

fn compare(sys: &mut Sys<'_>, o: &Opts, ops: [&String; 2]) -> Res<i32> {
    let inputs = match open_two(&mut *sys.stdin, sys.fs, sys.cwd, [ops[0], ops[1]]) {
        Ok(i) => i,
        Err((op, e)) => {
            sys.diag.fs(&op, &e);
            return Ok(1);
        }
    };
    let memory = sys.memory;
    let mut sides = inputs.map(|i| Side {
        r: BufReader::with_capacity(64 * 1024, i),
        buf: Vec::new(),
        read_charge: Charge::on(memory),
        held: Charge::on(memory),
        lines: [None, None, None],
        warned: false,
    });
    for (side, op) in sides.iter_mut().zip(ops) {
        if let Err(e) = side.advance(o.eol, memory) {
            return read_fail(sys, op, e);
        }
    }
    let mut totals = [0u64; 3];
    let mut unpairable = false;
    let mut line_out = Vec::new();
    loop {
        sys.tick.tick()?;
        let order = match (&sides[0].lines[0], &sides[1].lines[0]) {
            (None, None) => break,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (Some(_), None) => std::cmp::Ordering::Less,
            (Some(a), Some(b)) => a.cmp(b),
        };
        let (col, line) = match order {
            std::cmp::Ordering::Equal => (2, &sides[1].lines[0]),
            std::cmp::Ordering::Less => (0, &sides[0].lines[0]),
            std::cmp::Ordering::Greater => (1, &sides[1].lines[0]),
        };
        if col != 2 {
            unpairable = true;
        }
        totals[col] += 1;
        if o.show[col] {
            line_out.clear();
            for c in 0..col {
                if o.show[c] {
                    line_out.extend_from_slice(&o.sep);
                }
            }
            line_out.extend_from_slice(line.as_deref().unwrap_or(&[]));
            line_out.push(o.eol);
            sys.out.put(&line_out)?;
        }
        for (i, (side, op)) in sides.iter_mut().zip(ops).enumerate() {
            let step = match i {
                0 => order.is_le(),
                _ => order.is_ge(),
            };
            if !step {
                continue;
            }
            if let Err(e) = side.advance(o.eol, memory) {
                return read_fail(sys, op, e);
            }
            let checking = match o.check {
                Check::Disabled => false,
                Check::Enabled => true,
                Check::Default => unpairable,
            };
            if !checking || side.warned {
                continue;
            }
            let [cur, prev, before] = &side.lines;
            let pair = match (cur, prev, before) {
                (Some(c), Some(p), _) => Some((p, c)),
                (None, Some(p), Some(b)) => Some((b, p)),
                _ => None,
            };
            if let Some((p, c)) = pair
                && p > c
            {
                sys.diag
                    .error(format_args!("file {} is not in sorted order", i + 1));
                if o.check == Check::Enabled {
                    return Ok(1);
                }
                side.warned = true;
            }
        }
    }
    if o.total {
        sys.out.fmt(format_args!("{}", totals[0]))?;
        for n in [totals[1], totals[2]] {
            sys.out.put(&o.sep)?;
            sys.out.fmt(format_args!("{n}"))?;
        }
        sys.out.put(&o.sep)?;
        sys.out.put(b"total")?;
        sys.out.put(&[o.eol])?;
    }
    if sides.iter().any(|s| s.warned) {
        sys.out.flush()?;
        sys.diag.error("input is not in sorted order");
        return Ok(1);
    }
    Ok(0)
}

fn read_fail(sys: &mut Sys<'_>, op: &str, e: ReadFail) -> Res<i32> {
    match e {
        ReadFail::Stop(f) => Err(f),
        ReadFail::Read(e) => {
            sys.diag.error(format_args!("{op}: {}", io_msg(&e)));
            Ok(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Comm;
    use crate::testutil::*;

    fn fs() -> TestFs {
        let fs = TestFs::new();
        fs.file("x", b"a\nb\nd\n").file("y", b"b\nc\nd\n");
        fs
    }

    #[test]
    fn columns() {
        let fs = fs();
        let o = run(&Comm, &["x", "y"], b"", &fs);
        assert_eq!(o.out, "a\n\t\tb\n\tc\n\t\td\n");
        let o = run(&Comm, &["-12", "x", "y"], b"", &fs);
        assert_eq!(o.out, "b\nd\n");
        let o = run(&Comm, &["-1", "x", "y"], b"", &fs);
        assert_eq!(o.out, "\tb\nc\n\td\n");
        let o = run(&Comm, &["--output-delimiter= | ", "x", "y"], b"", &fs);
        assert_eq!(o.out, "a\n |  | b\n | c\n |  | d\n");
        let o = run(&Comm, &["--total", "-3", "x", "y"], b"", &fs);
        assert_eq!(o.out, "a\n\tc\n1\t1\t2\ttotal\n");
        let o = run(&Comm, &["-", "y"], b"b\n", &fs);
        assert_eq!(o.out, "\t\tb\n\tc\n\td\n");
    }

    #[test]
    fn order_checks() {
        let fs = TestFs::new();
        fs.file("x", b"b\na\n").file("y", b"a\nb\n");
        let o = run(&Comm, &["x", "y"], b"", &fs);
        assert_eq!(o.out, "\ta\n\t\tb\na\n");
        assert_eq!(
            o.err,
            "comm: file 1 is not in sorted order\ncomm: input is not in sorted order\n"
        );
        assert_eq!(o.status, 1);
        let o = run(&Comm, &["--check-order", "x", "y"], b"", &fs);
        assert_eq!((o.out.as_str(), o.status), ("\ta\n\t\tb\n", 1));
        let o = run(&Comm, &["--nocheck-order", "x", "y"], b"", &fs);
        assert_eq!((o.err.as_str(), o.status), ("", 0));
    }

    #[test]
    fn errors() {
        let fs = fs();
        let o = run(&Comm, &["x"], b"", &fs);
        assert_eq!(
            o.err,
            "comm: missing operand after 'x'\nTry 'comm --help' for more information.\n"
        );
        let o = run(&Comm, &["x", "nosuch"], b"", &fs);
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, "comm: nosuch: No such file or directory\n")
        );
    }
}
