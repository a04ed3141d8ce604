//! `-U`: matches that may span lines. As ripgrep must, the whole input is
//! held (charged to the memory budget); the matches are found over it and
//! turned into groups of whole lines (overlapping line ranges merged),
//! which the line-by-line search then treats as matching lines.

use regex::bytes::Regex;

use crate::common::sys::{Res, Ticker};

/// Lines `first..=last` (1-based) that matches cover, at `start..end` in
/// the input, with the matches (absolute offsets).
pub struct Group {
    pub first: u64,
    pub last: u64,
    pub start: usize,
    pub end: usize,
    pub matches: Vec<(usize, usize)>,
    /// How many lines its matches start on: what `-c` counts under `-U`.
    pub starts: u64,
}

/// The groups of `data`, in order.
pub fn groups(re: &Regex, data: &[u8], tick: &mut Ticker<'_>) -> Res<Vec<Group>> {
    let mut out: Vec<Group> = Vec::new();
    // Newlines counted up to `seen`, to number lines incrementally.
    let (mut seen, mut lines_before) = (0usize, 0u64);
    let mut last_start = 0u64;
    for m in re.find_iter(data) {
        tick.tick()?;
        let (s, e) = (m.start(), m.end());
        let ls = memchr::memrchr(b'\n', data.get(..s).unwrap_or(&[])).map_or(0, |i| i + 1);
        let tail = if e > s { e - 1 } else { s };
        let le = memchr::memchr(b'\n', data.get(tail..).unwrap_or(&[]))
            .map_or(data.len(), |i| tail + i + 1);
        if ls > seen {
            lines_before +=
                memchr::memchr_iter(b'\n', data.get(seen..ls).unwrap_or(&[])).count() as u64;
            seen = ls;
        }
        let first = lines_before + 1;
        let inner = data.get(ls..le).unwrap_or(&[]);
        let inner = inner.strip_suffix(b"\n").unwrap_or(inner);
        let last = first + memchr::memchr_iter(b'\n', inner).count() as u64;
        match out.last_mut() {
            Some(g) if ls < g.end => {
                g.end = g.end.max(le);
                g.last = g.last.max(last);
                g.matches.push((s, e));
                if first != last_start {
                    g.starts += 1;
                }
            }
            _ => out.push(Group {
                first,
                last,
                start: ls,
                end: le,
                matches: vec![(s, e)],
                starts: 1,
            }),
        }
        last_start = first;
    }
    Ok(out)
}

/// Walks the groups as line numbers increase.
pub struct Cursor {
    groups: Vec<Group>,
    at: usize,
}

impl Cursor {
    pub fn new(groups: Vec<Group>) -> Self {
        Self { groups, at: 0 }
    }

    /// The group holding line `no` (numbers asked in increasing order).
    pub fn at(&mut self, no: u64) -> Option<&Group> {
        while self.groups.get(self.at).is_some_and(|g| g.last < no) {
            self.at += 1;
        }
        self.groups.get(self.at).filter(|g| g.first <= no)
    }
}
