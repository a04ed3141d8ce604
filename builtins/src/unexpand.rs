//! `unexpand`: convert blanks to tabs.
//!
//! Streams byte by byte as GNU's `unexpand.c` does, the operands forming
//! one stream. Blanks that may still become a tab are held as a count
//! (the first of them possibly a tab), never as a buffer of the gap
//! between stops, so a huge tab size costs nothing.

use std::borrow::Cow;

use crate::common::chunks::read_chunks;
use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::input::or_stdin;
use crate::common::sys::{Out, Res, Sys};
use crate::common::tabs::{TabStops, rewrite_digits};
use crate::expand::tab_stops;

/// The `unexpand` utility: `-a`, `--first-only`, `-t LIST`, `-N`.
pub struct Unexpand;

/// The options of `unexpand`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    All,
    FirstOnly,
    Tabs,
}

/// The per-line state of the conversion.
struct State {
    all: bool,
    convert: bool,
    column: u64,
    next_tab: u64,
    index: usize,
    one_blank_before_stop: bool,
    prev_blank: bool,
    /// Blanks held back: how many, and the first one.
    pending: u64,
    first: u8,
}

impl State {
    fn new(all: bool) -> Self {
        Self {
            all,
            convert: true,
            column: 0,
            next_tab: 0,
            index: 0,
            one_blank_before_stop: false,
            prev_blank: true,
            pending: 0,
            first: b' ',
        }
    }

    fn flush_pending(&mut self, out: &mut Vec<u8>) {
        if self.pending > 0 {
            if self.pending > 1 && self.one_blank_before_stop {
                self.first = b'\t';
            }
            out.push(self.first);
            for _ in 1..self.pending {
                out.push(b' ');
            }
            self.pending = 0;
            self.one_blank_before_stop = false;
            self.first = b' ';
        }
    }

    /// Handles one byte (`None` at the end of input), appending output.
    fn byte(&mut self, stops: &TabStops, c: Option<u8>, out: &mut Vec<u8>) {
        let mut c = c;
        if self.convert {
            let blank = matches!(c, Some(b' ' | b'\t'));
            if blank {
                match stops.next(self.column, &mut self.index) {
                    None => self.convert = false,
                    Some(next) => {
                        self.next_tab = next;
                        if c == Some(b'\t') {
                            self.column = next;
                            if self.pending > 0 {
                                self.first = b'\t';
                            }
                        } else {
                            self.column = self.column.saturating_add(1);
                            if !(self.prev_blank && self.column == next) {
                                if self.column == next {
                                    self.one_blank_before_stop = true;
                                }
                                if self.pending == 0 {
                                    self.first = b' ';
                                }
                                self.pending += 1;
                                self.prev_blank = true;
                                return;
                            }
                            self.first = b'\t';
                            c = Some(b'\t');
                        }
                        self.pending = u64::from(self.one_blank_before_stop);
                    }
                }
            } else if c == Some(8) {
                self.column = self.column.saturating_sub(1);
                self.next_tab = self.column;
                self.index = self.index.saturating_sub(1);
            } else {
                self.column = self.column.saturating_add(1);
            }
            self.flush_pending(out);
            self.prev_blank = blank;
            self.convert &= self.all || blank;
        }
        if let Some(c) = c {
            out.push(c);
            if c == b'\n' {
                *self = Self::new(self.all);
            }
        }
    }
}

impl Command for Unexpand {
    const NAME: &'static str = "unexpand";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: "Convert blanks in each FILE to tabs, writing to standard output.\n\nWith no FILE, or when FILE is -, read standard input.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('a', &["all"], Key::All, "convert all blanks, instead of just initial blanks"),
        Flag::long(&["first-only"], Key::FirstOnly, "convert only leading sequences of blanks (overrides -a)"),
        Flag::new('t', &["tabs"], Key::Tabs, "have tabs N characters apart instead of 8 (enables -a),\n  or use comma separated list of tab positions.\n  The last specified position can be prefixed with '/'\n  to specify a tab size to use after the last\n  explicitly specified tab stop.  Also a prefix of '+'\n  can be used to align remaining tab stops relative to\n  the last specified tab stop instead of the first column").value("LIST"),
    ];

    fn prepare(args: &[String]) -> Cow<'_, [String]> {
        rewrite_digits(args)
    }

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let Some(stops) = tab_stops(sys, &p, Key::Tabs) else {
            return Ok(1);
        };
        let all = (p.has(Key::All) || p.has(Key::Tabs)) && !p.has(Key::FirstOnly);
        let mut st = State::new(all);
        let mut status = 0;
        let mut buf = vec![0u8; 32 * 1024];
        let mut outb = Vec::with_capacity(64 * 1024);
        for op in or_stdin(p.operands) {
            let end = read_chunks(sys, &op, &mut buf, |out: &mut Out<'_>, chunk| {
                outb.clear();
                for &c in chunk {
                    st.byte(&stops, Some(c), &mut outb);
                }
                out.put(&outb)
            })?;
            if end.failed() {
                status = 1;
            }
        }
        outb.clear();
        st.byte(&stops, None, &mut outb);
        sys.out.put(&outb)?;
        Ok(status)
    }
}

#[cfg(test)]
mod tests {
    use super::Unexpand;
    use crate::testutil::*;

    #[test]
    fn blanks_to_tabs() {
        assert_eq!(
            run0(&Unexpand, &[], b"        a       b\n").out,
            "\ta       b\n"
        );
        assert_eq!(
            run0(&Unexpand, &["-a"], b"a       b       c\n").out,
            "a\tb\tc\n"
        );
        assert_eq!(run0(&Unexpand, &["-a"], b"abcdefg h\n").out, "abcdefg h\n");
        assert_eq!(run0(&Unexpand, &["-a"], b"a  b\n").out, "a  b\n");
        assert_eq!(run0(&Unexpand, &["-a"], b"abc     \n").out, "abc\t\n");
        assert_eq!(
            run0(&Unexpand, &["-t", "4"], b"ab  cd  ef\n").out,
            "ab\tcd\tef\n"
        );
        assert_eq!(
            run0(&Unexpand, &["-t4", "--first-only"], b"    a   b\n").out,
            "\ta   b\n"
        );
        assert_eq!(run0(&Unexpand, &["-t", "4"], b"\t    a\n").out, "\t\ta\n");
        assert_eq!(run0(&Unexpand, &[], b"        x").out, "\tx");
        assert_eq!(run0(&Unexpand, &[], b"   ").out, "   ");
    }

    #[test]
    fn errors() {
        let o = run0(&Unexpand, &["-t", "a"], b"");
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, "unexpand: tab size contains invalid character(s): 'a'\n")
        );
    }
}
