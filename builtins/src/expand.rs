//! `expand`: convert tabs to spaces.
//!
//! Streams byte by byte; the operands form one stream, so a line may run
//! on from one file into the next, as in GNU. A backspace moves the column
//! back one. The spaces of a tab are written in pieces
//! ([`crate::common::sys::Out::repeat`]), so a huge tab size costs only
//! output.

use std::borrow::Cow;

use crate::common::chunks::read_chunks;
use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::input::or_stdin;
use crate::common::sys::{Res, Sys};
use crate::common::tabs::{TabStops, rewrite_digits};

/// The `expand` utility: `-i`, `-t LIST`, the obsolete `-N`.
pub struct Expand;

/// The options of `expand`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Initial,
    Tabs,
}

/// Parses every `-t` into one set of stops, reporting GNU's error.
pub fn tab_stops<K: Copy + PartialEq>(sys: &mut Sys<'_>, p: &Args<K>, tabs: K) -> Option<TabStops> {
    let mut t = TabStops::default();
    for v in p.all(tabs) {
        if let Err(e) = t.parse(v) {
            sys.diag.error(e);
            return None;
        }
    }
    if let Err(e) = t.finish() {
        sys.diag.error(e);
        return None;
    }
    Some(t)
}

impl Command for Expand {
    const NAME: &'static str = "expand";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: "Convert tabs in each FILE to spaces, writing to standard output.\n\nWith no FILE, or when FILE is -, read standard input.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('i', &["initial"], Key::Initial, "do not convert tabs after non blanks"),
        Flag::new('t', &["tabs"], Key::Tabs, "have tabs N characters apart, not 8,\n  or use comma separated list of tab positions.\n  The last specified position can be prefixed with '/'\n  to specify a tab size to use after the last\n  explicitly specified tab stop.  Also a prefix of '+'\n  can be used to align remaining tab stops relative to\n  the last specified tab stop instead of the first column").value("LIST"),
    ];

    fn prepare(args: &[String]) -> Cow<'_, [String]> {
        rewrite_digits(args)
    }

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let Some(stops) = tab_stops(sys, &p, Key::Tabs) else {
            return Ok(1);
        };
        let all = !p.has(Key::Initial);
        let cancel = sys.tick.cancel;
        let mut column: u64 = 0;
        let mut index = 0usize;
        let mut convert = true;
        let mut status = 0;
        let mut buf = vec![0u8; 32 * 1024];
        let mut outb = Vec::with_capacity(64 * 1024);
        for op in or_stdin(p.operands) {
            let end = read_chunks(sys, &op, &mut buf, |out, chunk| {
                outb.clear();
                for &c in chunk {
                    let mut c = c;
                    if convert {
                        match c {
                            b'\t' => {
                                let next = stops.next(column, &mut index).unwrap_or(column + 1);
                                let spaces = next.saturating_sub(column).saturating_sub(1);
                                out.put(&outb)?;
                                outb.clear();
                                out.repeat(cancel, b' ', spaces)?;
                                column = next;
                                c = b' ';
                            }
                            8 => {
                                column = column.saturating_sub(1);
                                index = index.saturating_sub(1);
                            }
                            _ => column = column.saturating_add(1),
                        }
                        convert &= all || c == b' ' || c == b'\t';
                    }
                    outb.push(c);
                    if c == b'\n' {
                        column = 0;
                        index = 0;
                        convert = true;
                    }
                }
                out.put(&outb)
            })?;
            if end.failed() {
                status = 1;
            }
        }
        Ok(status)
    }
}

#[cfg(test)]
mod tests {
    use super::Expand;
    use crate::testutil::*;

    #[test]
    fn tabs_to_spaces() {
        assert_eq!(run0(&Expand, &[], b"a\tb\tc\n").out, "a       b       c\n");
        assert_eq!(
            run0(&Expand, &["-t", "4"], b"ab\x08\tc\n").out,
            "ab\x08   c\n"
        );
        assert_eq!(run0(&Expand, &["-i", "-t4"], b"\ta\tb\n").out, "    a\tb\n");
        assert_eq!(run0(&Expand, &["-3"], b"a\tb\n").out, "a  b\n");
        assert_eq!(
            run0(&Expand, &["-t", "2,5,9"], b"a\tb\tc\td\te\n").out,
            "a b  c   d e\n"
        );
        assert_eq!(run0(&Expand, &["-t", "2,/4"], b"a\tb\tc\n").out, "a b c\n");
        assert_eq!(
            run0(&Expand, &["-t", "4,+8"], b"a\tb\tc\n").out,
            "a   b       c\n"
        );
        assert_eq!(
            run0(&Expand, &["-t", "2", "-t", "5"], b"a\tb\tc\n").out,
            "a b  c\n"
        );
    }

    #[test]
    fn lines_run_across_files() {
        let fs = TestFs::new();
        fs.file("a", b"ab").file("b", b"\tc\n");
        assert_eq!(
            run(&Expand, &["-t4", "a", "nosuch", "b"], b"", &fs).out,
            "ab  c\n"
        );
    }

    #[test]
    fn errors() {
        let o = run0(&Expand, &["-t", "x"], b"");
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, "expand: tab size contains invalid character(s): 'x'\n")
        );
        let o = run0(&Expand, &["-t", "4,2"], b"");
        assert_eq!(o.err, "expand: tab sizes must be ascending\n");
    }
}
