//! Searching one input and printing what it selects: prefixes, context
//! groups, `-o`, `-c`/`-l`/`-L` listings and colours.

use std::collections::VecDeque;
use std::io::BufRead;

use regex_automata::hybrid;
use sandbash_interpreter::memory::Charge;

use crate::common::headed::ReadFail;
use crate::common::input::read_line_within;
use crate::common::sys::{Out, Res, io_msg, settle};

use super::config::{BinaryMode, Config, Listing, State, Streams, report};
use super::pattern::{only_matches, only_matches_back};
use crate::common::backref::{GAVE_UP_MSG, Gave, RunWatch};
use crate::common::sys::Fail;

/// `-T`'s number width for input of unknown size, the digits of the
/// largest offset, as GNU grep pads for a pipe.
pub(super) const STREAM_WIDTH: usize = 19;

pub(super) struct Printer<'a> {
    pub(super) cfg: &'a Config,
    pub(super) name: &'a str,
    pub(super) with_name: bool,
    /// `-T`: the width numbers are padded to, GNU's digits of the file
    /// size (19, the widest offset, for a stream).
    pub(super) width: usize,
}

impl Printer<'_> {
    fn prefix(&self, out: &mut Out<'_>, lineno: u64, offset: u64, sep: u8) -> Res<()> {
        let w = if self.cfg.initial_tab { self.width } else { 0 };
        let c = self.cfg.color;
        if self.with_name {
            paint(out, c, FN_COLOR, self.name.as_bytes(), true)?;
            if self.cfg.null_after_name {
                out.put(b"\0")?;
            } else {
                paint(out, c, SE_COLOR, &[sep], false)?;
            }
        }
        if self.cfg.line_numbers {
            paint(out, c, LN_COLOR, format!("{lineno:>w$}").as_bytes(), false)?;
            paint(out, c, SE_COLOR, &[sep], false)?;
        }
        if self.cfg.byte_offset {
            paint(out, c, LN_COLOR, format!("{offset:>w$}").as_bytes(), false)?;
            paint(out, c, SE_COLOR, &[sep], false)?;
        }
        Ok(())
    }

    /// The prefix and, with `-T` after a non-empty prefix, the tab GNU
    /// puts before a non-empty text.
    fn head(&self, out: &mut Out<'_>, lineno: u64, offset: u64, sep: u8, empty: bool) -> Res<()> {
        self.prefix(out, lineno, offset, sep)?;
        if self.cfg.initial_tab
            && !empty
            && (self.with_name || self.cfg.line_numbers || self.cfg.byte_offset)
        {
            out.put(b"\t")?;
        }
        Ok(())
    }

    fn line(&self, out: &mut Out<'_>, l: &Line, sep: u8) -> Res<()> {
        self.head(out, l.no, l.offset, sep, l.text.is_empty())?;
        // GNU colours the matches of every line it prints.
        let spans = match (&self.cfg.re, &self.cfg.back) {
            _ if !self.cfg.color => None,
            (Some(re), _) => Some(only_matches(re, None, &l.text)),
            // A line the backtracker gives up on is printed plain.
            (None, Some(back)) => only_matches_back(back, &l.text, &|| false).ok(),
            (None, None) => None,
        };
        match spans {
            Some(spans) => {
                let mut at = 0;
                for (a, b) in spans {
                    out.put(l.text.get(at..a).unwrap_or_default())?;
                    paint(
                        out,
                        true,
                        MT_COLOR,
                        l.text.get(a..b).unwrap_or_default(),
                        false,
                    )?;
                    at = b;
                }
                out.put(l.text.get(at..).unwrap_or_default())?;
            }
            _ => out.put(&l.text)?,
        }
        out.put(&[self.cfg.eol])
    }

    /// A context line: printed, except under `-o`, where GNU still counts
    /// it as output for the group separators.
    fn context(&self, out: &mut Out<'_>, l: &Line) -> Res<()> {
        if self.cfg.only_matching {
            return Ok(());
        }
        self.line(out, l, b'-')
    }
}

pub(super) struct Line {
    pub(super) no: u64,
    pub(super) offset: u64,
    pub(super) text: Vec<u8>,
}

/// Searches one input. Binary input (a NUL byte, when lines end in
/// newlines) is searched like text until the first line that would be
/// printed: then GNU grep 3.8 prints `grep: NAME: binary file matches` on
/// standard error and stops reading the file (status 0, a line matched).
pub(super) fn search(
    cfg: &Config,
    st: &mut State,
    s: &mut Streams<'_, '_>,
    r: &mut dyn BufRead,
    name: &str,
    width: usize,
) -> Res<()> {
    let detect = cfg.eol == b'\n' && cfg.binary != BinaryMode::Text;
    let mut binary = detect
        && match r.fill_buf() {
            Ok(b) => b.contains(&0),
            Err(_) => false,
        };
    if binary && cfg.binary == BinaryMode::WithoutMatch {
        return finish_listing(cfg, s.out, name, 0, st.with_names.unwrap_or(false));
    }
    let pr = Printer {
        cfg,
        name,
        with_name: st.with_names.unwrap_or(false),
        width,
    };
    let context = cfg.listing == Listing::Lines;
    let before_cap = if context { cfg.before } else { 0 };
    let after_n = if context { cfg.after } else { 0 };
    let separators = context && cfg.context_given;
    let mut before: VecDeque<Line> = VecDeque::new();
    let mut held: u64 = 0;
    let mut dfa_cache = cfg
        .longest
        .as_ref()
        .filter(|_| cfg.only_matching)
        .map(hybrid::dfa::DFA::create_cache);
    let mut after_left = 0usize;
    let mut last_printed: Option<u64> = None;
    let mut count: u64 = 0;
    let mut lineno: u64 = 0;
    let mut offset: u64 = 0;
    let mut buf = Vec::new();
    let mut line_charge = Charge::on(s.memory);
    let mut before_charge = Charge::on(s.memory);
    loop {
        s.tick.tick()?;
        match read_line_within(r, &mut buf, cfg.eol, &mut line_charge, s.memory) {
            Ok(true) => {}
            Ok(false) => break,
            Err(ReadFail::Stop(f)) => return Err(f),
            Err(ReadFail::Read(e)) => {
                report(cfg, st, s.diag, name, &io_msg(&e));
                break;
            }
        }
        lineno += 1;
        let line_off = offset;
        offset += buf.len() as u64;
        if buf.last() == Some(&cfg.eol) {
            buf.pop();
        }
        if !binary && detect && buf.contains(&0) {
            binary = true;
            if cfg.binary == BinaryMode::WithoutMatch {
                break;
            }
        }
        let reached_max = cfg.max_count.is_some_and(|m| count >= m);
        if reached_max {
            // Only trailing context remains.
            if after_left == 0 || binary {
                break;
            }
            after_left -= 1;
            let l = Line {
                no: lineno,
                offset: line_off,
                text: std::mem::take(&mut buf),
            };
            pr.context(s.out, &l)?;
            last_printed = Some(lineno);
            continue;
        }
        let (cancel, memory) = (s.tick.cancel, s.memory);
        let mut gave = None;
        let mut hit = |t: &[u8]| {
            let found = match (&cfg.re, &cfg.back) {
                (Some(re), _) => re.is_match(t),
                (None, Some(back)) => back
                    .is_match(t, &RunWatch::new(cancel, memory))
                    .unwrap_or_else(|g| {
                        gave.get_or_insert(g);
                        false
                    }),
                (None, None) => false,
            };
            found != cfg.invert
        };
        // In a binary file GNU ends lines at NUL bytes too: `-c` and `-v`
        // count the pieces.
        let selected_n: u64 = if binary {
            buf.split(|&b| b == 0).filter(|p| hit(p)).count() as u64
        } else {
            u64::from(hit(&buf))
        };
        if let Some(g) = gave {
            return gave_up(cfg, st, s, name, g);
        }
        let selected = selected_n > 0;
        if !selected {
            if after_left > 0 && !binary {
                after_left -= 1;
                let l = Line {
                    no: lineno,
                    offset: line_off,
                    text: std::mem::take(&mut buf),
                };
                pr.context(s.out, &l)?;
                last_printed = Some(lineno);
            } else if before_cap > 0 {
                let l = Line {
                    no: lineno,
                    offset: line_off,
                    text: std::mem::take(&mut buf),
                };
                held += held_bytes(&l);
                before.push_back(l);
                if before.len() > before_cap
                    && let Some(old) = before.pop_front()
                {
                    held = held.saturating_sub(held_bytes(&old));
                }
                // A running total: summing the kept lines anew for each
                // line would be quadratic under a huge -B.
                settle(&mut before_charge, held)?;
            }
            continue;
        }
        count = count.saturating_add(selected_n);
        if let Some(m) = cfg.max_count {
            count = count.min(m);
        }
        st.any_selected = true;
        match cfg.listing {
            Listing::Quiet => {
                st.done = true;
                return Ok(());
            }
            Listing::WithMatches => {
                print_name(cfg, s.out, name)?;
                return Ok(());
            }
            Listing::WithoutMatch => return Ok(()),
            Listing::Count => continue,
            Listing::Lines => {}
        }
        if binary {
            s.out.flush()?;
            s.diag.error(format_args!("{name}: binary file matches"));
            return Ok(());
        }
        // Group separator.
        let first_no = before.front().map_or(lineno, |l| l.no);
        if separators
            && st.printed_group
            && last_printed.is_none_or(|lp| first_no > lp + 1)
            && let Some(sep) = &cfg.group_sep
        {
            paint(s.out, cfg.color, SE_COLOR, sep.as_bytes(), true)?;
            s.out.put(b"\n")?;
        }
        for l in before.drain(..) {
            pr.context(s.out, &l)?;
        }
        held = 0;
        settle(&mut before_charge, 0)?;
        let cur = Line {
            no: lineno,
            offset: line_off,
            text: std::mem::take(&mut buf),
        };
        if cfg.only_matching {
            if !cfg.invert {
                let spans = match (&cfg.re, &cfg.back) {
                    (Some(re), _) => {
                        let dfa = cfg.longest.as_ref().zip(dfa_cache.as_mut());
                        only_matches(re, dfa, &cur.text)
                    }
                    (None, Some(back)) => {
                        let watch = RunWatch::new(s.tick.cancel, s.memory);
                        match only_matches_back(back, &cur.text, &watch) {
                            Ok(spans) => spans,
                            Err(g) => return gave_up(cfg, st, s, name, g),
                        }
                    }
                    (None, None) => Vec::new(),
                };
                for (a, b) in spans {
                    pr.head(s.out, cur.no, cur.offset + a as u64, b':', false)?;
                    paint(
                        s.out,
                        cfg.color,
                        MT_COLOR,
                        cur.text.get(a..b).unwrap_or_default(),
                        false,
                    )?;
                    s.out.put(&[cfg.eol])?;
                }
            }
        } else {
            pr.line(s.out, &cur, b':')?;
        }
        last_printed = Some(lineno);
        st.printed_group = true;
        after_left = after_n;
    }
    finish_listing(cfg, s.out, name, count, pr.with_name)
}

/// The backtracker stopped on a line of `name`: a cancelled run stops,
/// and so does one whose memory budget refused the saved states;
/// past its step bound the file's search ends with an error (status 2),
/// as a read error would end it.
fn gave_up(cfg: &Config, st: &mut State, s: &mut Streams<'_, '_>, name: &str, g: Gave) -> Res<()> {
    match g {
        Gave::Stopped => Err(Fail::Cancelled),
        Gave::Memory => Err(Fail::Memory),
        Gave::Up => {
            s.out.flush()?;
            report(cfg, st, s.diag, name, GAVE_UP_MSG);
            Ok(())
        }
    }
}

/// The per-file output of `-c` and `-L` once the file is read.
pub(super) fn finish_listing(
    cfg: &Config,
    out: &mut Out<'_>,
    name: &str,
    count: u64,
    with_name: bool,
) -> Res<()> {
    match cfg.listing {
        Listing::Count => {
            if with_name {
                paint(out, cfg.color, FN_COLOR, name.as_bytes(), true)?;
                if cfg.null_after_name {
                    out.put(b"\0")?;
                } else {
                    paint(out, cfg.color, SE_COLOR, b":", false)?;
                }
            }
            out.fmt(format_args!("{count}\n"))
        }
        Listing::WithoutMatch if count == 0 => print_name(cfg, out, name),
        _ => Ok(()),
    }
}

/// What one line kept for `-B` holds.
pub(super) fn held_bytes(l: &Line) -> u64 {
    l.text.capacity() as u64 + std::mem::size_of::<Line>() as u64
}

/// GNU grep's default `GREP_COLORS`: file names, line and byte numbers,
/// separators, matches.
pub(super) const FN_COLOR: &str = "35";
pub(super) const LN_COLOR: &str = "32";
pub(super) const SE_COLOR: &str = "36";
pub(super) const MT_COLOR: &str = "01;31";

/// `text` in the SGR colour `code` (with GNU's erase-to-end-of-line) when
/// colouring; `as_str` writes it as a name (raw bytes restored).
pub(super) fn paint(
    out: &mut Out<'_>,
    color: bool,
    code: &str,
    text: &[u8],
    as_str: bool,
) -> Res<()> {
    if color {
        out.fmt(format_args!("\x1b[{code}m\x1b[K"))?;
    }
    match std::str::from_utf8(text) {
        Ok(t) if as_str => out.str(t)?,
        _ => out.put(text)?,
    }
    if color {
        out.put(b"\x1b[m\x1b[K")?;
    }
    Ok(())
}

pub(super) fn print_name(cfg: &Config, out: &mut Out<'_>, name: &str) -> Res<()> {
    paint(out, cfg.color, FN_COLOR, name.as_bytes(), true)?;
    out.put(if cfg.null_after_name { b"\0" } else { b"\n" })
}
