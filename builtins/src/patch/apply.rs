//! Placing hunks in a file as GNU patch does: at the line the hunk names
//! shifted by the offset the previous hunk needed, else the nearest
//! position either way, first exactly, then ignoring up to `fuzz` context
//! lines at each end; never before the end of the previous hunk.

use super::parse::{Hunk, Kind};

/// Where a hunk fits: the file line (0-based) its first old line lands
/// on, and the fuzz it needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub at: usize,
    pub fuzz: usize,
}

/// The hunk's old lines (context and deletions).
fn old_lines(h: &Hunk) -> Vec<&[u8]> {
    h.lines
        .iter()
        .filter(|l| l.kind != Kind::Insert)
        .map(|l| l.text.as_slice())
        .collect()
}

/// Finds where `h` fits in `file` at or after `min`, near `expected`.
pub fn locate(
    file: &[Vec<u8>],
    h: &Hunk,
    expected: usize,
    min: usize,
    max_fuzz: usize,
) -> Option<Place> {
    let old = old_lines(h);
    let lead = h
        .lines
        .iter()
        .take_while(|l| l.kind == Kind::Context)
        .count();
    let trail = h
        .lines
        .iter()
        .rev()
        .take_while(|l| l.kind == Kind::Context)
        .count();
    for fuzz in 0..=max_fuzz {
        let front = fuzz.min(lead);
        let back = fuzz.min(trail);
        if fuzz > 0 && front == 0 && back == 0 {
            break;
        }
        let pattern = old
            .get(front..old.len().saturating_sub(back))
            .unwrap_or(&[]);
        let fits = |start: usize| -> bool {
            // `start` is where the untrimmed hunk begins.
            let p = start + front;
            p + pattern.len() <= file.len()
                && pattern
                    .iter()
                    .enumerate()
                    .all(|(k, l)| file.get(p + k).map(Vec::as_slice) == Some(*l))
        };
        if old.is_empty() {
            return (expected <= file.len()).then_some(Place {
                at: expected,
                fuzz: 0,
            });
        }
        let Some(last) = file.len().checked_sub(pattern.len() + front) else {
            continue;
        };
        if min > last {
            continue;
        }
        let span = last.max(expected) - min.min(expected);
        for d in 0..=span {
            let up = expected + d;
            if up >= min && up <= last && fits(up) {
                return Some(Place { at: up, fuzz });
            }
            if d > 0
                && let Some(down) = expected.checked_sub(d)
                && down >= min
                && down <= last
                && fits(down)
            {
                return Some(Place { at: down, fuzz });
            }
        }
    }
    None
}

/// The hunk's replacement for the `old_count` file lines at its place:
/// context lines are the file's own (fuzz may have let them differ).
pub fn replacement(file: &[Vec<u8>], h: &Hunk, at: usize) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut i = at;
    for l in &h.lines {
        match l.kind {
            Kind::Context => {
                out.push(file.get(i).cloned().unwrap_or_else(|| l.text.clone()));
                i += 1;
            }
            Kind::Delete => i += 1,
            Kind::Insert => out.push(l.text.clone()),
        }
    }
    out
}

/// How many file lines the hunk covers.
pub fn old_count(h: &Hunk) -> usize {
    h.lines.iter().filter(|l| l.kind != Kind::Insert).count()
}
