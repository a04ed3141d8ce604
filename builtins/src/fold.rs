//! `fold`: wrap input lines to a width, as GNU's `fold.c` does in the C
//! locale.
//!
//! Streams byte by byte, holding only the line being cut: at most a
//! width's worth of columns, though backspaces and carriage returns (which
//! move the column back) can make it longer, so its bytes are charged to
//! the run's memory budget. Columns: a tab moves to the next multiple of
//! 8, a backspace back one, a carriage return to 0; with `-b` every byte
//! is one column. Each file is folded on its own.

use std::borrow::Cow;

use crate::common::chunks::read_chunks;
use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::input::or_stdin;
use crate::common::num::dec_to_int;
use crate::common::quote;
use crate::common::sys::{Out, Res, Sys, hold};
use sandbash_interpreter::memory::Charge;

/// The `fold` utility: `-b`, `-s`, `-w WIDTH`, the obsolete `-N`.
pub struct Fold;

/// The options of `fold`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Bytes,
    Spaces,
    Width,
}

/// The line being cut.
struct Folder {
    width: u64,
    bytes: bool,
    spaces: bool,
    line: Vec<u8>,
    column: u64,
    charge: Charge,
}

impl Folder {
    fn adjust(&self, column: u64, c: u8) -> u64 {
        if self.bytes {
            return column + 1;
        }
        match c {
            8 => column.saturating_sub(1),
            b'\r' => 0,
            b'\t' => column + 8 - column % 8,
            _ => column + 1,
        }
    }

    fn byte(&mut self, out: &mut Vec<u8>, c: u8) -> Res<()> {
        if c == b'\n' {
            out.extend_from_slice(&self.line);
            out.push(b'\n');
            self.line.clear();
            self.column = 0;
            return Ok(());
        }
        loop {
            self.column = self.adjust(self.column, c);
            if self.column <= self.width {
                break;
            }
            if self.spaces
                && let Some(blank) = self.line.iter().rposition(|&b| b == b' ' || b == b'\t')
            {
                let end = blank + 1;
                out.extend_from_slice(self.line.get(..end).unwrap_or(&[]));
                out.push(b'\n');
                self.line.drain(..end);
                self.column = self.line.iter().fold(0, |col, &b| self.adjust(col, b));
                continue;
            }
            if self.line.is_empty() {
                break;
            }
            out.extend_from_slice(&self.line);
            out.push(b'\n');
            self.line.clear();
            self.column = 0;
        }
        self.line.push(c);
        hold(&mut self.charge, self.line.capacity() as u64)
    }
}

impl Command for Fold {
    const NAME: &'static str = "fold";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: "Wrap input lines in each FILE, writing to standard output.\n\nWith no FILE, or when FILE is -, read standard input.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'b',
            &["bytes"],
            Key::Bytes,
            "count bytes rather than columns",
        ),
        Flag::new('s', &["spaces"], Key::Spaces, "break at spaces"),
        Flag::new(
            'w',
            &["width"],
            Key::Width,
            "use WIDTH columns instead of 80",
        )
        .value("WIDTH"),
    ];

    /// The obsolete `fold -5` is `fold -w 5`.
    fn prepare(args: &[String]) -> Cow<'_, [String]> {
        let digit = |a: &String| {
            a.len() > 1 && a.starts_with('-') && a.bytes().skip(1).all(|b| b.is_ascii_digit())
        };
        if !args.iter().take_while(|a| *a != "--").any(digit) {
            return Cow::Borrowed(args);
        }
        let mut out = Vec::with_capacity(args.len());
        let mut done = false;
        for a in args {
            done |= a == "--";
            if !done && digit(a) {
                out.push(format!("--width={}", a.get(1..).unwrap_or("")));
            } else {
                out.push(a.clone());
            }
        }
        Cow::Owned(out)
    }

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let mut width = 80;
        if let Some(w) = p.last(Key::Width) {
            match dec_to_int(w, 1, i64::MAX - 9) {
                Ok(n) => width = n as u64,
                Err(e) => {
                    sys.diag.error(format_args!(
                        "invalid number of columns: {}{}",
                        quote(w),
                        e.suffix()
                    ));
                    return Ok(1);
                }
            }
        }
        let mut f = Folder {
            width,
            bytes: p.has(Key::Bytes),
            spaces: p.has(Key::Spaces),
            line: Vec::new(),
            column: 0,
            charge: sys.charge(),
        };
        let mut status = 0;
        let mut buf = vec![0u8; 32 * 1024];
        let mut outb = Vec::with_capacity(64 * 1024);
        for op in or_stdin(p.operands) {
            let end = read_chunks(sys, &op, &mut buf, |out: &mut Out<'_>, chunk| {
                outb.clear();
                for &c in chunk {
                    f.byte(&mut outb, c)?;
                }
                out.put(&outb)
            })?;
            if end.failed() {
                status = 1;
            }
            sys.out.put(&f.line)?;
            f.line.clear();
            f.column = 0;
        }
        Ok(status)
    }
}

#[cfg(test)]
mod tests {
    use super::Fold;
    use crate::testutil::*;

    #[test]
    fn wraps() {
        assert_eq!(
            run0(&Fold, &["-w", "3"], b"abcdefghij\n").out,
            "abc\ndef\nghi\nj\n"
        );
        assert_eq!(run0(&Fold, &["-2"], b"abcdef\n").out, "ab\ncd\nef\n");
        assert_eq!(run0(&Fold, &["-w", "4"], b"abcdef").out, "abcd\nef");
        assert_eq!(
            run0(&Fold, &["-w", "4"], b"abc\x08defgh\n").out,
            "abc\x08de\nfgh\n"
        );
        assert_eq!(
            run0(&Fold, &["-w", "5"], b"abcd\refghij\n").out,
            "abcd\refghi\nj\n"
        );
        assert_eq!(
            run0(&Fold, &["-w", "10"], b"a\tbcdefghij\n").out,
            "a\tbc\ndefghij\n"
        );
        assert_eq!(
            run0(&Fold, &["-b", "-w", "4"], b"a\tbcdefghij\n").out,
            "a\tbc\ndefg\nhij\n"
        );
    }

    #[test]
    fn spaces() {
        assert_eq!(
            run0(&Fold, &["-s", "-w", "10"], b"the quick brown fox jumps\n").out,
            "the quick \nbrown fox \njumps\n"
        );
        assert_eq!(
            run0(&Fold, &["-s", "-w", "5"], b"a verylongwordhere b\n").out,
            "a \nveryl\nongwo\nrdher\ne b\n"
        );
    }

    #[test]
    fn errors() {
        let o = run0(&Fold, &["-w", "0"], b"");
        assert_eq!(
            o.err,
            "fold: invalid number of columns: '0': Numerical result out of range\n"
        );
        let o = run0(&Fold, &["-w", "x"], b"");
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, "fold: invalid number of columns: 'x'\n")
        );
    }
}
