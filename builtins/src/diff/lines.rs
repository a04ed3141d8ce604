//! A file's text as diff sees it: its lines (kept as written, for
//! printing), whether the last one lacks its newline, and one
//! equivalence number per line under the `-i -w -b -E -Z` rules, so that
//! the comparison itself only compares integers.

use std::collections::HashMap;

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
        let mut lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
        let incomplete = !data.is_empty() && data.last() != Some(&b'\n');
        if !incomplete {
            lines.pop();
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

/// The key two lines share when they compare equal.
fn key(line: &[u8], fold: Fold) -> Vec<u8> {
    let mut out = Vec::with_capacity(line.len());
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
    out
}

/// Equivalence numbers for the lines of both texts: equal lines (under
/// `fold`) share a number; a last line without its newline never equals
/// one with it.
pub fn classes(a: &Text<'_>, b: &Text<'_>, fold: Fold) -> (Vec<u32>, Vec<u32>) {
    let mut ids: HashMap<(Vec<u8>, bool), u32> = HashMap::new();
    let mut number = |t: &Text<'_>| -> Vec<u32> {
        let n = t.lines.len();
        t.lines
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let last_incomplete = t.incomplete && i + 1 == n;
                let next = ids.len() as u32;
                *ids.entry((key(l, fold), last_incomplete)).or_insert(next)
            })
            .collect()
    };
    let ea = number(a);
    let eb = number(b);
    (ea, eb)
}

/// Whether a line is blank for `-B` (empty, or only white space under
/// the folding rules).
pub fn is_blank(line: &[u8]) -> bool {
    line.iter()
        .all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c'))
        && line.is_empty()
}
