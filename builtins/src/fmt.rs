//! `fmt`: simple optimal text formatter, a port of GNU coreutils' `fmt.c`.
//!
//! Paragraphs (lines with the same prefix and indentation, not blank) are
//! broken into words and refilled by GNU's cost model: each line is
//! charged for its distance from the goal width (`-g`, 93% of `-w` by
//! default), for raggedness against the next line, with bonuses for
//! breaking after a sentence or punctuation and penalties for widows and
//! orphans; the cheapest paragraph is found by dynamic programming from
//! the end. A word ending in `.?!` (then closing quotes or brackets)
//! followed by end of line or two spaces ends a sentence and keeps two
//! spaces after it.
//!
//! Streams: as in GNU, a paragraph is held only up to 1000 words or 5000
//! bytes; past that, the best break near the end is written out and the
//! rest carried on, so memory stays bounded whatever the input.

use std::borrow::Cow;
use std::io::{BufRead, BufReader};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, OptError};
use crate::common::input::{open_input, or_stdin};
use crate::common::num::dec_to_int;
use crate::common::quote;
use crate::common::sys::{Fail, Out, Res, Sys, Ticker, io_msg};

/// The `fmt` utility: `-c -p -s -t -u -w -g`, the obsolete `-WIDTH`.
pub struct Fmt;

/// The options of `fmt`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Crown,
    Prefix,
    Split,
    Tagged,
    Uniform,
    Width,
    Goal,
}

const MAXWORDS: usize = 1000;
const MAXCHARS: usize = 5000;
const TABWIDTH: i64 = 8;
const DEF_INDENT: i64 = 3;
const EOF: i32 = -1;

type Cost = i64;
const MAXCOST: Cost = i64::MAX;

const fn equiv(n: i64) -> Cost {
    n * n
}
const fn short_cost(n: i64) -> Cost {
    equiv(n * 10)
}
const fn ragged_cost(n: i64) -> Cost {
    short_cost(n) / 2
}
const LINE_COST: Cost = equiv(70);
const fn widow_cost(n: i64) -> Cost {
    equiv(200) / (n + 2)
}
const fn orphan_cost(n: i64) -> Cost {
    equiv(150) / (n + 2)
}
const SENTENCE_BONUS: Cost = equiv(50);
const NOBREAK_COST: Cost = equiv(600);
const PAREN_BONUS: Cost = equiv(40);
const PUNCT_BONUS: Cost = equiv(40);
const LINE_CREDIT: Cost = equiv(3);

#[derive(Clone, Copy, Default, Debug)]
struct Word {
    start: usize,
    length: i64,
    space: i64,
    paren: bool,
    period: bool,
    punct: bool,
    fin: bool,
    line_length: i64,
    best_cost: Cost,
    next_break: usize,
}

/// The formatter's state, named as in GNU's `fmt.c`.
struct Fmt1<'r, 'o, 'c, 't> {
    r: &'r mut dyn BufRead,
    out: &'o mut Out<'c>,
    tick: &'t mut Ticker<'c>,
    read_err: Option<std::io::Error>,
    crown: bool,
    tagged: bool,
    split: bool,
    uniform: bool,
    prefix: Vec<u8>,
    prefix_full_length: i64,
    prefix_lead_space: i64,
    prefix_length: i64,
    max_width: i64,
    goal_width: i64,
    parabuf: Vec<u8>,
    word: Vec<Word>,
    /// Index of the word being read (GNU's `word_limit`).
    limit: usize,
    tabs: bool,
    prefix_indent: i64,
    first_indent: i64,
    other_indent: i64,
    in_column: i64,
    out_column: i64,
    next_char: i32,
    next_prefix_indent: i64,
    last_line_length: i64,
}

impl Fmt1<'_, '_, '_, '_> {
    fn getc(&mut self) -> i32 {
        loop {
            match self.r.fill_buf() {
                Ok(b) => {
                    let Some(&c) = b.first() else { return EOF };
                    self.r.consume(1);
                    return i32::from(c);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.read_err = Some(e);
                    return EOF;
                }
            }
        }
    }

    fn putc(&mut self, c: u8) -> Res<()> {
        self.out.put(&[c])
    }

    fn get_space(&mut self, mut c: i32) -> i32 {
        loop {
            if c == i32::from(b' ') {
                self.in_column += 1;
            } else if c == i32::from(b'\t') {
                self.tabs = true;
                self.in_column = (self.in_column / TABWIDTH + 1) * TABWIDTH;
            } else {
                return c;
            }
            c = self.getc();
        }
    }

    fn get_prefix(&mut self) -> i32 {
        self.in_column = 0;
        let first = self.getc();
        let mut c = self.get_space(first);
        if self.prefix_length == 0 {
            self.next_prefix_indent = self.prefix_lead_space.min(self.in_column);
        } else {
            self.next_prefix_indent = self.in_column;
            for i in 0..self.prefix.len() {
                let pc = self.prefix.get(i).copied().map_or(EOF, i32::from);
                if c != pc {
                    return c;
                }
                self.in_column += 1;
                c = self.getc();
            }
            c = self.get_space(c);
        }
        c
    }

    fn set_other_indent(&mut self, same_paragraph: bool) {
        if self.split {
            self.other_indent = self.first_indent;
        } else if self.crown {
            self.other_indent = if same_paragraph {
                self.in_column
            } else {
                self.first_indent
            };
        } else if self.tagged {
            if same_paragraph && self.in_column != self.first_indent {
                self.other_indent = self.in_column;
            } else if self.other_indent == self.first_indent {
                self.other_indent = if self.first_indent == 0 {
                    DEF_INDENT
                } else {
                    0
                };
            }
        } else {
            self.other_indent = self.first_indent;
        }
    }

    fn same_para(&self, c: i32) -> bool {
        self.next_prefix_indent == self.prefix_indent
            && self.in_column >= self.next_prefix_indent + self.prefix_full_length
            && c != i32::from(b'\n')
            && c != EOF
    }

    fn put_space(&mut self, space: i64) -> Res<()> {
        let space_target = self.out_column + space;
        if self.tabs {
            let tab_target = space_target / TABWIDTH * TABWIDTH;
            if self.out_column + 1 < tab_target {
                while self.out_column < tab_target {
                    self.putc(b'\t')?;
                    self.out_column = (self.out_column / TABWIDTH + 1) * TABWIDTH;
                }
            }
        }
        while self.out_column < space_target {
            self.putc(b' ')?;
            self.out_column += 1;
        }
        Ok(())
    }

    fn copy_rest(&mut self, mut c: i32) -> Res<i32> {
        self.out_column = 0;
        if self.in_column > self.next_prefix_indent || (c != i32::from(b'\n') && c != EOF) {
            self.put_space(self.next_prefix_indent)?;
            let mut i = 0;
            while self.out_column != self.in_column {
                let Some(&b) = self.prefix.get(i) else { break };
                self.putc(b)?;
                i += 1;
                self.out_column += 1;
            }
            if c != EOF && c != i32::from(b'\n') {
                self.put_space(self.in_column - self.out_column)?;
            }
            // A last line of blanks without its newline still gets one.
            if c == EOF && self.in_column >= self.next_prefix_indent + self.prefix_length {
                self.putc(b'\n')?;
            }
            while c != i32::from(b'\n') && c != EOF {
                self.putc(c as u8)?;
                c = self.getc();
            }
        }
        Ok(c)
    }

    fn check_punctuation(&mut self, wi: usize) {
        let Some(w) = self.word.get(wi).copied() else {
            return;
        };
        let text = self
            .parabuf
            .get(w.start..w.start + w.length as usize)
            .unwrap_or(&[]);
        let first = text.first().copied().unwrap_or(0);
        let mut fin = text.len().saturating_sub(1);
        let last = text.get(fin).copied().unwrap_or(0);
        // GNU tests these with `strchr`, which also finds the string's
        // terminating NUL: a NUL byte counts as an opening, a closing and
        // a period character alike.
        let paren = first == 0 || b"(['`\"".contains(&first);
        let punct = last.is_ascii_punctuation();
        while fin > 0
            && text
                .get(fin)
                .is_some_and(|&c| c == 0 || b")]'\"".contains(&c))
        {
            fin -= 1;
        }
        let period = text
            .get(fin)
            .is_some_and(|&c| c == 0 || b".?!".contains(&c));
        if let Some(w) = self.word.get_mut(wi) {
            w.paren = paren;
            w.punct = punct;
            w.period = period;
        }
    }

    fn get_line(&mut self, mut c: i32) -> Res<i32> {
        loop {
            self.tick.tick()?;
            // Scan a word.
            let start = self.parabuf.len();
            self.ensure_word();
            if let Some(w) = self.word.get_mut(self.limit) {
                w.start = start;
            }
            loop {
                if self.parabuf.len() == MAXCHARS {
                    self.set_other_indent(true);
                    self.flush_paragraph()?;
                }
                self.parabuf.push(c as u8);
                c = self.getc();
                if c == EOF || (c as u8).is_ascii_whitespace() || c == 0x0b {
                    break;
                }
            }
            let wi = self.limit;
            let len = {
                let w = self.word.get(wi).copied().unwrap_or_default();
                (self.parabuf.len() - w.start) as i64
            };
            if let Some(w) = self.word.get_mut(wi) {
                w.length = len;
            }
            self.in_column += len;
            self.check_punctuation(wi);
            // Scan the space after it.
            let start_col = self.in_column;
            c = self.get_space(c);
            let space = self.in_column - start_col;
            let nl = c == i32::from(b'\n');
            let uniform = self.uniform;
            if let Some(w) = self.word.get_mut(wi) {
                w.space = space;
                w.fin = c == EOF || (w.period && (nl || w.space > 1));
                if nl || c == EOF || uniform {
                    w.space = if w.fin { 2 } else { 1 };
                }
            }
            if self.limit == MAXWORDS - 2 {
                self.set_other_indent(true);
                self.flush_paragraph()?;
            }
            self.limit += 1;
            if c == i32::from(b'\n') || c == EOF {
                break;
            }
        }
        Ok(self.get_prefix())
    }

    /// Makes `word[limit]` (and the sentinel after it) exist.
    fn ensure_word(&mut self) {
        while self.word.len() < self.limit + 2 {
            self.word.push(Word::default());
        }
    }

    fn get_paragraph(&mut self) -> Res<bool> {
        self.last_line_length = 0;
        let mut c = self.next_char;
        while c == i32::from(b'\n')
            || c == EOF
            || self.next_prefix_indent < self.prefix_lead_space
            || self.in_column < self.next_prefix_indent + self.prefix_full_length
        {
            self.tick.tick()?;
            c = self.copy_rest(c)?;
            if c == EOF {
                self.next_char = EOF;
                return Ok(false);
            }
            self.putc(b'\n')?;
            c = self.get_prefix();
        }
        self.prefix_indent = self.next_prefix_indent;
        self.first_indent = self.in_column;
        self.parabuf.clear();
        self.limit = 0;
        c = self.get_line(c)?;
        let sp = self.same_para(c);
        self.set_other_indent(sp);
        if self.split {
        } else if self.crown {
            if self.same_para(c) {
                loop {
                    c = self.get_line(c)?;
                    if !(self.same_para(c) && self.in_column == self.other_indent) {
                        break;
                    }
                }
            }
        } else if self.tagged {
            if self.same_para(c) && self.in_column != self.first_indent {
                loop {
                    c = self.get_line(c)?;
                    if !(self.same_para(c) && self.in_column == self.other_indent) {
                        break;
                    }
                }
            }
        } else {
            while self.same_para(c) && self.in_column == self.other_indent {
                c = self.get_line(c)?;
            }
        }
        if let Some(w) = self.limit.checked_sub(1).and_then(|i| self.word.get_mut(i)) {
            w.period = true;
            w.fin = true;
        }
        self.next_char = c;
        Ok(true)
    }

    fn w(&self, i: usize) -> Word {
        self.word.get(i).copied().unwrap_or_default()
    }

    fn line_cost(&self, next: usize, len: i64) -> Cost {
        if next == self.limit {
            return 0;
        }
        let mut cost = short_cost(self.goal_width - len);
        let nw = self.w(next);
        if nw.next_break != self.limit {
            cost += ragged_cost(len - nw.line_length);
        }
        cost
    }

    fn base_cost(&self, this: usize) -> Cost {
        let mut cost = LINE_COST;
        if this > 0 {
            let prev = self.w(this - 1);
            if prev.period {
                if prev.fin {
                    cost -= SENTENCE_BONUS;
                } else {
                    cost += NOBREAK_COST;
                }
            } else if prev.punct {
                cost -= PUNCT_BONUS;
            } else if this > 1 && self.w(this - 2).fin {
                cost += widow_cost(prev.length);
            }
        }
        let t = self.w(this);
        if t.paren {
            cost -= PAREN_BONUS;
        } else if t.fin {
            cost += orphan_cost(t.length);
        }
        cost
    }

    fn fmt_paragraph(&mut self) {
        self.ensure_word();
        let limit = self.limit;
        let saved = self.w(limit).length;
        if let Some(w) = self.word.get_mut(limit) {
            w.best_cost = 0;
            w.length = self.max_width;
        }
        for start in (0..limit).rev() {
            let mut best = MAXCOST;
            let mut len = if start == 0 {
                self.first_indent
            } else {
                self.other_indent
            };
            let mut w = start;
            len += self.w(w).length;
            let mut choice = (self.w(start).next_break, self.w(start).line_length);
            loop {
                w += 1;
                let mut wcost = self.line_cost(w, len).saturating_add(self.w(w).best_cost);
                if start == 0 && self.last_line_length > 0 {
                    wcost = wcost.saturating_add(ragged_cost(len - self.last_line_length));
                }
                if wcost < best {
                    best = wcost;
                    choice = (w, len);
                }
                if w == limit {
                    break;
                }
                len += self.w(w - 1).space + self.w(w).length;
                if len >= self.max_width {
                    break;
                }
            }
            let base = self.base_cost(start);
            if let Some(s) = self.word.get_mut(start) {
                s.next_break = choice.0;
                s.line_length = choice.1;
                s.best_cost = best.saturating_add(base);
            }
        }
        if let Some(w) = self.word.get_mut(limit) {
            w.length = saved;
        }
    }

    fn put_word(&mut self, w: Word) -> Res<()> {
        let end = w.start + w.length as usize;
        let text = self.parabuf.get(w.start..end).unwrap_or(&[]).to_vec();
        self.out.put(&text)?;
        self.out_column += w.length;
        Ok(())
    }

    fn put_line(&mut self, mut w: usize, indent: i64) -> Res<()> {
        self.out_column = 0;
        self.put_space(self.prefix_indent)?;
        let p = self.prefix.clone();
        self.out.put(&p)?;
        self.out_column += self.prefix_length;
        self.put_space(indent - self.out_column)?;
        let endline = self.w(w).next_break.saturating_sub(1);
        while w < endline {
            let word = self.w(w);
            self.put_word(word)?;
            self.put_space(word.space)?;
            w += 1;
        }
        let word = self.w(w);
        self.put_word(word)?;
        self.last_line_length = self.out_column;
        self.putc(b'\n')
    }

    fn put_paragraph(&mut self, finish: usize) -> Res<()> {
        self.put_line(0, self.first_indent)?;
        let mut w = self.w(0).next_break;
        while w != finish && w < self.limit {
            self.tick.tick()?;
            self.put_line(w, self.other_indent)?;
            let next = self.w(w).next_break;
            if next <= w {
                break;
            }
            w = next;
        }
        Ok(())
    }

    fn flush_paragraph(&mut self) -> Res<()> {
        if self.limit == 0 {
            let b = std::mem::take(&mut self.parabuf);
            return self.out.put(&b);
        }
        self.fmt_paragraph();
        let mut split_point = self.limit;
        let mut best_break = MAXCOST;
        let mut w = self.w(0).next_break;
        while w != self.limit && w < self.limit {
            let ww = self.w(w);
            let diff = ww.best_cost.saturating_sub(self.w(ww.next_break).best_cost);
            if diff < best_break {
                split_point = w;
                best_break = diff;
            }
            if best_break <= MAXCOST - LINE_CREDIT {
                best_break += LINE_CREDIT;
            }
            if ww.next_break <= w {
                break;
            }
            w = ww.next_break;
        }
        self.put_paragraph(split_point)?;
        let shift = self.w(split_point).start;
        self.parabuf.drain(..shift.min(self.parabuf.len()));
        let upto = (self.limit + 1).min(self.word.len());
        for i in split_point..upto {
            if let Some(x) = self.word.get_mut(i) {
                x.start = x.start.saturating_sub(shift);
                x.next_break = x.next_break.saturating_sub(split_point);
            }
        }
        self.word.drain(..split_point.min(self.word.len()));
        self.limit -= split_point;
        Ok(())
    }

    fn run(&mut self) -> Res<()> {
        self.tabs = false;
        self.other_indent = 0;
        self.next_char = self.get_prefix();
        while self.get_paragraph()? {
            self.fmt_paragraph();
            self.put_paragraph(self.limit)?;
        }
        Ok(())
    }
}

impl Command for Fmt {
    const NAME: &'static str = "fmt";
    const HELP: Help = Help {
        usage: &["[-WIDTH] [OPTION]... [FILE]..."],
        about: "Reformat each paragraph in the FILE(s), writing to standard output.\nThe option -WIDTH is an abbreviated form of --width=DIGITS.\n\nWith no FILE, or when FILE is -, read standard input.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('c', &["crown-margin"], Key::Crown, "preserve indentation of first two lines"),
        Flag::new('p', &["prefix"], Key::Prefix, "reformat only lines beginning with STRING,\n  reattaching the prefix to reformatted lines").value("STRING"),
        Flag::new('s', &["split-only"], Key::Split, "split long lines, but do not refill"),
        Flag::new('t', &["tagged-paragraph"], Key::Tagged, "indentation of first line different from second"),
        Flag::new('u', &["uniform-spacing"], Key::Uniform, "one space between words, two after sentences"),
        Flag::new('w', &["width"], Key::Width, "maximum line width (default of 75 columns)").value("WIDTH"),
        Flag::new('g', &["goal"], Key::Goal, "goal width (default of 93% of width)").value("WIDTH"),
    ];

    /// `fmt -72` (only as the first word) is `fmt -w 72`.
    fn prepare(args: &[String]) -> Cow<'_, [String]> {
        match args.first() {
            Some(a)
                if a.len() > 1
                    && a.starts_with('-')
                    && a.as_bytes().get(1).is_some_and(u8::is_ascii_digit) =>
            {
                let mut v = args.to_vec();
                if let Some(f) = v.first_mut() {
                    *f = format!("--width={}", a.get(1..).unwrap_or(""));
                }
                Cow::Owned(v)
            }
            _ => Cow::Borrowed(args),
        }
    }

    /// A digit option past the first word gets GNU's own explanation.
    fn usage_error(sys: &mut Sys<'_>, err: &OptError) -> i32 {
        match err {
            OptError::InvalidShort(c, _) if c.is_ascii_digit() => sys.diag.error(format_args!(
                "invalid option -- {c}; -WIDTH is recognized only when it is the first\noption; use -w N instead"
            )),
            _ => sys.diag.error(err),
        }
        sys.diag.try_help();
        1
    }

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let width = |v: &str, max: i64| {
            dec_to_int(v, 0, max).map_err(|e| format!("invalid width: {}{}", quote(v), e.suffix()))
        };
        let mut max_width = 75;
        let w_opt = p.last(Key::Width);
        if let Some(v) = w_opt {
            match width(v, (MAXCHARS / 2) as i64) {
                Ok(n) => max_width = n,
                Err(e) => {
                    sys.diag.error(e);
                    return Ok(1);
                }
            }
        }
        let goal_width = match p.last(Key::Goal) {
            Some(v) => match width(v, max_width) {
                Ok(n) => {
                    if w_opt.is_none() {
                        max_width = n + 10;
                    }
                    n
                }
                Err(e) => {
                    sys.diag.error(e);
                    return Ok(1);
                }
            },
            None => max_width * (2 * (100 - 7) + 1) / 200,
        };
        let (prefix, lead, full) = match p.last(Key::Prefix) {
            None => (Vec::new(), 0, 0),
            Some(s) => {
                let b = sandbash_interpreter::bytes::encode(s).into_owned();
                let lead = b.iter().take_while(|&&c| c == b' ').count();
                let rest = b.get(lead..).unwrap_or(&[]).to_vec();
                let full = rest.len();
                let trimmed_len = rest.iter().rposition(|&c| c != b' ').map_or(0, |i| i + 1);
                (
                    rest.get(..trimmed_len).unwrap_or(&[]).to_vec(),
                    lead as i64,
                    full as i64,
                )
            }
        };
        let mut status = 0;
        for op in or_stdin(p.operands.clone()) {
            let input = match open_input(&mut *sys.stdin, sys.fs, sys.cwd, &op) {
                Ok(i) => i,
                Err(e) => {
                    sys.diag.error(format_args!(
                        "cannot open {} for reading: {}",
                        quote(&op),
                        e.kind
                    ));
                    status = 1;
                    continue;
                }
            };
            let mut r = BufReader::with_capacity(64 * 1024, input);
            let mut f = Fmt1 {
                r: &mut r,
                out: &mut sys.out,
                tick: &mut sys.tick,
                read_err: None,
                crown: p.has(Key::Crown),
                tagged: p.has(Key::Tagged),
                split: p.has(Key::Split),
                uniform: p.has(Key::Uniform),
                prefix_length: prefix.len() as i64,
                prefix: prefix.clone(),
                prefix_full_length: full,
                prefix_lead_space: lead,
                max_width,
                goal_width,
                parabuf: Vec::with_capacity(MAXCHARS),
                word: Vec::new(),
                limit: 0,
                tabs: false,
                prefix_indent: 0,
                first_indent: 0,
                other_indent: 0,
                in_column: 0,
                out_column: 0,
                next_char: EOF,
                next_prefix_indent: 0,
                last_line_length: 0,
            };
            f.run()?;
            if let Some(e) = f.read_err.take() {
                sys.diag
                    .error(format_args!("{op}: read error: {}", io_msg(&e)));
                status = 1;
            }
        }
        let _ = Fail::Cancelled;
        Ok(status)
    }
}

#[cfg(test)]
mod tests {
    use super::Fmt;
    use crate::testutil::*;

    #[test]
    fn fills_paragraphs() {
        assert_eq!(run0(&Fmt, &[], b"one\ntwo\nthree\n").out, "one two three\n");
        assert_eq!(
            run0(&Fmt, &["-w", "20"], b"a b\nc\n\nd e\nf\n").out,
            "a b c\n\nd e f\n"
        );
        assert_eq!(
            run0(
                &Fmt,
                &["-w", "15"],
                b"the quick brown fox jumps over the lazy dog\n"
            )
            .out,
            "the quick\nbrown fox\njumps over the\nlazy dog\n"
        );
        assert_eq!(
            run0(&Fmt, &["-8"], b"aa bb cc dd ee ff\n").out,
            "aa bb\ncc dd\nee ff\n"
        );
        assert_eq!(run0(&Fmt, &[], b"a b c").out, "a b c\n");
        assert_eq!(
            run0(&Fmt, &["-u"], b"a    b  c.  D e\n").out,
            "a b c.  D e\n"
        );
        assert_eq!(
            run0(&Fmt, &["-s", "-w", "40"], b"short\nlines here\n").out,
            "short\nlines here\n"
        );
        assert_eq!(
            run0(
                &Fmt,
                &["-w", "12", "-p", "# "],
                b"# one two three\n# four five\nplain\n"
            )
            .out,
            "# one two\n# three\n# four five\nplain\n"
        );
        assert_eq!(
            run0(
                &Fmt,
                &["-w", "12"],
                b"  indented line one\n  indented two\n"
            )
            .out,
            "  indented\n  line one\n  indented\n  two\n"
        );
    }

    #[test]
    fn gnu_quirks() {
        // A NUL counts as an opening, closing and period character (GNU's
        // strchr finds the terminator): "\0" ends a sentence here.
        assert_eq!(
            run0(
                &Fmt,
                &["-w", "12"],
                b"b \0bE,\tx\t\0a\0;.\n,\x08a c\tE\x7f\nE \0\tb\r.bx\0\n\x08"
            )
            .out,
            "b \0bE,\tx\n\0a\0;.  ,\x08a\nc   E\x7f E \0\nb\r.bx\0 \x08\n"
        );
        // A last line of blanks without a newline gets one.
        assert_eq!(run0(&Fmt, &[], b"a\n ").out, "a\n\n");
    }

    #[test]
    fn long_input_streams() {
        let mut big = Vec::new();
        for i in 0..20000 {
            big.extend_from_slice(format!("w{i} ").as_bytes());
        }
        let o = run0(&Fmt, &[], &big);
        assert_eq!(o.status, 0);
        assert!(o.out.lines().all(|l| l.len() <= 75));
        assert_eq!(o.out.split_whitespace().count(), 20000);
    }

    #[test]
    fn errors() {
        let o = run0(&Fmt, &["-w", "x"], b"");
        assert_eq!((o.status, o.err.as_str()), (1, "fmt: invalid width: 'x'\n"));
        let o = run0(&Fmt, &["-s", "-8"], b"a\n");
        assert_eq!(
            (o.status, o.err.as_str()),
            (
                1,
                "fmt: invalid option -- 8; -WIDTH is recognized only when it is the first\noption; use -w N instead\nTry 'fmt --help' for more information.\n"
            )
        );
        let o = run0(&Fmt, &["nosuch"], b"");
        assert_eq!(
            o.err,
            "fmt: cannot open 'nosuch' for reading: No such file or directory\n"
        );
    }
}
