//! A file's text as diff sees it: its lines (kept as written, for
//! printing), whether the last one lacks its newline, and one
//! equivalence number per line under the `-i -w -b -E -Z` rules, so that
//! the comparison itself only compares integers.

use std::borrow::Cow;
use std::collections::HashMap;

/// A fast hasher with a per-process random seed (foldhash, already in
/// the tree through hashbrown): SipHash was a third of diff's time on
/// large files, and a seeded hash keeps crafted lines from colliding.
type Fast = foldhash::fast::RandomState;

/// How lines are compared.
#[derive(Clone, Copy, Default)]
pub struct Fold {
    pub case: bool,
    pub all_space: bool,
    pub space_change: bool,
    pub tab_expansion: bool,
    pub trailing_space: bool,
    pub strip_cr: bool,
}

/// A file split into lines.
pub struct Text<'d> {
    pub lines: Vec<&'d [u8]>,
    /// The last line has no newline.
    pub incomplete: bool,
}

impl<'d> Text<'d> {
    /// Splits `data`; with `strip_cr`, a CR before each newline is dropped
    /// from the line itself.
    pub fn new(data: &'d [u8], strip_cr: bool) -> Self {
        let mut lines: Vec<&[u8]> = Vec::with_capacity(data.len() / 32 + 1);
        let mut start = 0usize;
        for nl in memchr::memchr_iter(b'\n', data) {
            lines.push(data.get(start..nl).unwrap_or(&[]));
            start = nl + 1;
        }
        let incomplete = start < data.len();
        if incomplete {
            lines.push(data.get(start..).unwrap_or(&[]));
        }
        if strip_cr {
            let n = lines.len();
            for (i, l) in lines.iter_mut().enumerate() {
                if (i + 1 < n || !incomplete) && l.last() == Some(&b'\r') {
                    *l = l.get(..l.len() - 1).unwrap_or(&[]);
                }
            }
        }
        Self { lines, incomplete }
    }
}

impl Fold {
    /// Whether lines compare as they are (no `-i -w -b -E -Z`).
    fn plain(self) -> bool {
        !(self.case
            || self.all_space
            || self.space_change
            || self.tab_expansion
            || self.trailing_space)
    }
}

/// The key two lines share when they compare equal, into `out` (cleared
/// first; reused from line to line).
fn key(line: &[u8], fold: Fold, out: &mut Vec<u8>) {
    out.clear();
    let mut col = 0usize;
    let mut pending_space = false;
    for &b in line {
        let b = if fold.case { b.to_ascii_lowercase() } else { b };
        let blank = matches!(b, b' ' | b'\t' | b'\x0b' | b'\x0c' | b'\r');
        if fold.all_space && blank {
            continue;
        }
        if fold.space_change && blank {
            pending_space = true;
            continue;
        }
        if pending_space {
            out.push(b' ');
            pending_space = false;
        }
        if fold.tab_expansion && b == b'\t' {
            let next = (col / 8 + 1) * 8;
            out.extend(std::iter::repeat_n(b' ', next - col));
            col = next;
            continue;
        }
        out.push(b);
        col += 1;
    }
    if fold.trailing_space {
        while out
            .last()
            .is_some_and(|c| matches!(c, b' ' | b'\t' | b'\x0b' | b'\x0c' | b'\r'))
        {
            out.pop();
        }
    }
}

/// Equivalence numbers for the lines of both texts: equal lines (under
/// `fold`) share a number; a last line without its newline never equals
/// one with it. Numbers are dense, from 0, in order of first appearance.
///
/// Without folding a line is its own key (borrowed, nothing copied);
/// with folding the key is built in one reused buffer and copied only
/// when it is new.
///
/// Only lines `ends.0 .. len - ends.1` of each text are numbered (the
/// middle that [`identical_ends`] leaves; `(0, 0)` for all of them).
pub fn classes<'d>(
    a: &Text<'d>,
    b: &Text<'d>,
    fold: Fold,
    ends: (usize, usize),
) -> (Vec<u32>, Vec<u32>) {
    let plain = fold.plain();
    let (pre, suf) = ends;
    // Room for one text's lines: the other's mostly repeat them (sizing
    // for both doubled the table, its page faults and its cache misses).
    let room = a.lines.len().max(b.lines.len()).saturating_sub(pre + suf);
    let mut ids: HashMap<Cow<'d, [u8]>, u32, Fast> =
        HashMap::with_capacity_and_hasher(room, Fast::default());
    // Last lines without their newline (one per file at most).
    let mut incomplete: Vec<(Vec<u8>, u32)> = Vec::new();
    let mut next = 0u32;
    let mut buf = Vec::new();
    let mut number = |t: &Text<'d>| -> Vec<u32> {
        let n = t.lines.len();
        let end = n.saturating_sub(suf).max(pre);
        let mut out = Vec::with_capacity(end.saturating_sub(pre));
        let middle = t.lines.get(pre..end).unwrap_or(&[]);
        for (i, &l) in (pre..).zip(middle) {
            let id = if t.incomplete && i + 1 == n {
                key(l, fold, &mut buf);
                match incomplete.iter().find(|(k, _)| *k == buf) {
                    Some(&(_, id)) => id,
                    None => {
                        incomplete.push((buf.clone(), next));
                        next += 1;
                        next - 1
                    }
                }
            } else if plain {
                *ids.entry(Cow::Borrowed(l)).or_insert_with(|| {
                    next += 1;
                    next - 1
                })
            } else {
                key(l, fold, &mut buf);
                match ids.get(buf.as_slice()) {
                    Some(&id) => id,
                    None => {
                        ids.insert(Cow::Owned(buf.clone()), next);
                        next += 1;
                        next - 1
                    }
                }
            };
            out.push(id);
        }
        out
    };
    let ea = number(a);
    let eb = number(b);
    (ea, eb)
}

/// GNU's `find_identical_ends`, in lines: how many leading and trailing
/// lines the two texts share byte for byte (a last line without its
/// newline equals only another such line), each less `horizon` lines
/// (the context of `-c`/`-u`, 0 otherwise), the trailing ones never
/// overlapping the leading ones.
///
/// GNU compares only the lines between the two: their equivalence
/// classes, the counts `discard_confusing_lines` makes, and the ends that
/// `shift_boundaries` may slide a change to are all of that middle part,
/// so the same middle must be handed to [`super::compare::changes`] for
/// the same hunks to come out (a run of `}` and blank lines inserted just
/// before the identical tail stays where GNU leaves it).
pub fn identical_ends(a: &Text<'_>, b: &Text<'_>, horizon: usize) -> (usize, usize) {
    let (na, nb) = (a.lines.len(), b.lines.len());
    let same = |i: usize, j: usize| {
        a.lines.get(i) == b.lines.get(j)
            && (a.incomplete && i + 1 == na) == (b.incomplete && j + 1 == nb)
    };
    let mut pre = 0usize;
    while pre < na && pre < nb && same(pre, pre) {
        pre += 1;
    }
    let pre = pre.saturating_sub(horizon);
    let mut suf = 0usize;
    while suf < na - pre && suf < nb - pre && same(na - 1 - suf, nb - 1 - suf) {
        suf += 1;
    }
    (pre, suf.saturating_sub(horizon))
}

/// Whether a line is blank for `-B` (empty, or only white space under
/// the folding rules).
pub fn is_blank(line: &[u8]) -> bool {
    line.iter()
        .all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c'))
        && line.is_empty()
}

#[cfg(test)]
mod tests {
    use super::{Fold, Text, classes, identical_ends};

    #[test]
    fn identical_ends_as_gnu_counts_them() {
        let a = Text::new(b"a\nb\nc\nd\ne\n", false);
        let b = Text::new(b"a\nb\nX\nd\ne\n", false);
        assert_eq!(identical_ends(&a, &b, 0), (2, 2));
        // The context is kept out of both ends.
        assert_eq!(identical_ends(&a, &b, 1), (1, 1));
        assert_eq!(identical_ends(&a, &b, 3), (0, 0));
        // The tail never overlaps the head: "x" twice against three times.
        let a = Text::new(b"x\nx\n", false);
        let b = Text::new(b"x\nx\nx\n", false);
        assert_eq!(identical_ends(&a, &b, 0), (2, 0));
        assert_eq!(identical_ends(&a, &b, 1), (1, 0));
        // A last line without its newline equals only another such line.
        let a = Text::new(b"p\nq", false);
        let b = Text::new(b"p\nq\n", false);
        assert_eq!(identical_ends(&a, &b, 0), (1, 0));
        let b = Text::new(b"r\nq", false);
        assert_eq!(identical_ends(&a, &b, 0), (0, 1));
    }

    #[test]
    fn classes_number_equal_lines_alike() {
        let a = Text::new(b"x\ny\nx\nz", false);
        let b = Text::new(b"y\nX\nz\n", false);
        // "z" without its newline is not "z" with it.
        assert_eq!(
            classes(&a, &b, Fold::default(), (0, 0)),
            (vec![0, 1, 0, 2], vec![1, 3, 4])
        );
        let fold = Fold {
            case: true,
            ..Fold::default()
        };
        assert_eq!(
            classes(&a, &b, fold, (0, 0)),
            (vec![0, 1, 0, 2], vec![1, 0, 3])
        );
        // Only the middle is numbered.
        let a = Text::new(b"s\nx\ny\nt\n", false);
        let b = Text::new(b"s\ny\nt\n", false);
        assert_eq!(
            classes(&a, &b, Fold::default(), (1, 1)),
            (vec![0, 1], vec![1])
        );
    }
}
