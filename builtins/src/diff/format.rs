//! The three output formats of GNU diff for one pair of files: normal
//! (`2c2`), unified (`-u`, `@@ -1,2 +1,2 @@`) and context (`-c`,
//! `***************`), each with GNU's line ranges and its
//! `\ No newline at end of file` marker.

use super::compare::Change;
use super::lines::Text;

/// Which format, with its context lines.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Style {
    Normal,
    Unified(usize),
    Context(usize),
}

const NO_NEWLINE: &[u8] = b"\\ No newline at end of file\n";

fn line(out: &mut Vec<u8>, prefix: &[u8], t: &Text<'_>, i: usize) {
    out.extend_from_slice(prefix);
    out.extend_from_slice(t.lines.get(i).copied().unwrap_or(&[]));
    out.push(b'\n');
    if t.incomplete && i + 1 == t.lines.len() {
        out.extend_from_slice(NO_NEWLINE);
    }
}

/// `N` or `A,B` for the normal and context formats: 1-based, an empty range names
/// the line before it.
fn normal_range(start: usize, count: usize) -> String {
    match count {
        0 => start.to_string(),
        1 => (start + 1).to_string(),
        n => format!("{},{}", start + 1, start + n),
    }
}

/// The normal format.
pub fn normal(out: &mut Vec<u8>, a: &Text<'_>, b: &Text<'_>, changes: &[Change]) {
    for c in changes {
        let cmd = match (c.del, c.ins) {
            (0, _) => 'a',
            (_, 0) => 'd',
            _ => 'c',
        };
        out.extend_from_slice(
            format!(
                "{}{cmd}{}\n",
                normal_range(c.a, c.del),
                normal_range(c.b, c.ins)
            )
            .as_bytes(),
        );
        for i in c.a..c.a + c.del {
            line(out, b"< ", a, i);
        }
        if c.del > 0 && c.ins > 0 {
            out.extend_from_slice(b"---\n");
        }
        for j in c.b..c.b + c.ins {
            line(out, b"> ", b, j);
        }
    }
}

/// Changes grouped into hunks: those less than `2 * ctx + 1` unchanged
/// lines apart share one.
fn hunks(changes: &[Change], ctx: usize) -> Vec<&[Change]> {
    let mut out = Vec::new();
    let mut from = 0;
    for i in 1..=changes.len() {
        let split = match (changes.get(i - 1), changes.get(i)) {
            (Some(p), Some(n)) => n.a - (p.a + p.del) > 2 * ctx,
            _ => true,
        };
        if split {
            if let Some(h) = changes.get(from..i) {
                out.push(h);
            }
            from = i;
        }
    }
    out
}

/// The lines a hunk covers in each file: `(a_start, a_len, b_start, b_len)`.
fn extent(h: &[Change], ctx: usize, na: usize, nb: usize) -> (usize, usize, usize, usize) {
    let (Some(first), Some(last)) = (h.first(), h.last()) else {
        return (0, 0, 0, 0);
    };
    let before = ctx.min(first.a).min(first.b);
    let a0 = first.a - before;
    let b0 = first.b - before;
    let after_a = na - (last.a + last.del);
    let after_b = nb - (last.b + last.ins);
    let after = ctx.min(after_a).min(after_b);
    let a1 = last.a + last.del + after;
    let b1 = last.b + last.ins + after;
    (a0, a1 - a0, b0, b1 - b0)
}

fn unified_range(start: usize, count: usize) -> String {
    match count {
        0 => format!("{start},0"),
        1 => (start + 1).to_string(),
        n => format!("{},{n}", start + 1),
    }
}

/// The unified format's hunks (the headers are the caller's).
pub fn unified(out: &mut Vec<u8>, a: &Text<'_>, b: &Text<'_>, changes: &[Change], ctx: usize) {
    let (na, nb) = (a.lines.len(), b.lines.len());
    for h in hunks(changes, ctx) {
        let (a0, al, b0, bl) = extent(h, ctx, na, nb);
        out.extend_from_slice(
            format!(
                "@@ -{} +{} @@\n",
                unified_range(a0, al),
                unified_range(b0, bl)
            )
            .as_bytes(),
        );
        let mut i = a0;
        for c in h {
            while i < c.a {
                line(out, b" ", a, i);
                i += 1;
            }
            for k in c.a..c.a + c.del {
                line(out, b"-", a, k);
            }
            for k in c.b..c.b + c.ins {
                line(out, b"+", b, k);
            }
            i = c.a + c.del;
        }
        while i < a0 + al {
            line(out, b" ", a, i);
            i += 1;
        }
    }
}

/// One side of a context hunk: the lines `start..start + len` of `t`,
/// changed ones marked `! ` when the change has both sides, else `only`;
/// `side` gives a change's start, length and whether the other side has
/// lines.
fn context_side(
    out: &mut Vec<u8>,
    t: &Text<'_>,
    h: &[Change],
    start: usize,
    len: usize,
    side: impl Fn(&Change) -> (usize, usize, bool),
    only: &[u8],
) {
    let mut i = start;
    for c in h {
        let (at, n, both) = side(c);
        while i < at {
            line(out, b"  ", t, i);
            i += 1;
        }
        let mark: &[u8] = if both { b"! " } else { only };
        for k in at..at + n {
            line(out, mark, t, k);
        }
        i = at + n;
    }
    while i < start + len {
        line(out, b"  ", t, i);
        i += 1;
    }
}

/// The context format's hunks (the headers are the caller's).
pub fn context(out: &mut Vec<u8>, a: &Text<'_>, b: &Text<'_>, changes: &[Change], ctx: usize) {
    let (na, nb) = (a.lines.len(), b.lines.len());
    for h in hunks(changes, ctx) {
        let (a0, al, b0, bl) = extent(h, ctx, na, nb);
        out.extend_from_slice(b"***************\n");
        out.extend_from_slice(format!("*** {} ****\n", normal_range(a0, al)).as_bytes());
        if h.iter().any(|c| c.del > 0) {
            context_side(out, a, h, a0, al, |c| (c.a, c.del, c.ins > 0), b"- ");
        }
        out.extend_from_slice(format!("--- {} ----\n", normal_range(b0, bl)).as_bytes());
        if h.iter().any(|c| c.ins > 0) {
            context_side(out, b, h, b0, bl, |c| (c.b, c.ins, c.del > 0), b"+ ");
        }
    }
}

/// Side-by-side (`-y`) geometry: each half's width and where the right
/// half starts, as GNU computes them from the total `width`.
fn halves(width: usize) -> (usize, usize) {
    const TAB: usize = 8;
    const GUTTER: usize = 3;
    let off = (width + TAB + GUTTER) / (2 * TAB) * TAB;
    let half = off.saturating_sub(GUTTER).min(width.saturating_sub(off));
    (half, if half > 0 { off } else { width })
}

/// Tabs, then spaces, from column `from` to `to`.
fn tab_to(out: &mut Vec<u8>, mut from: usize, to: usize) -> usize {
    let mut tab = from + 8 - from % 8;
    while tab <= to {
        out.push(b'\t');
        from = tab;
        tab += 8;
    }
    while from < to {
        out.push(b' ');
        from += 1;
    }
    to
}

/// One half: the line's characters that fit in `bound` columns (a tab
/// only when its whole stop fits); gives the column reached.
fn half(out: &mut Vec<u8>, text: &[u8], bound: usize) -> usize {
    let (mut inp, mut outp) = (0usize, 0usize);
    for &c in text {
        match c {
            b'\t' => {
                let spaces = 8 - inp % 8;
                if inp == outp && outp + spaces < bound {
                    outp += spaces;
                    out.push(c);
                }
                inp += spaces;
            }
            b'\r' => {
                out.push(c);
                inp = 0;
                outp = 0;
            }
            _ => {
                if inp < bound {
                    outp = inp + 1;
                    out.push(c);
                }
                inp += 1;
            }
        }
    }
    outp
}

/// The side-by-side format over the whole files.
pub fn side_by_side(
    out: &mut Vec<u8>,
    a: &Text<'_>,
    b: &Text<'_>,
    changes: &[Change],
    width: usize,
    suppress_common: bool,
) {
    let (hw, c2o) = halves(width);
    let line = |out: &mut Vec<u8>, l: Option<&[u8]>, sep: u8, r: Option<&[u8]>| {
        let mut col = 0;
        if let Some(l) = l {
            col = half(out, l, hw);
        }
        if sep != b' ' {
            col = tab_to(out, col, (hw + c2o - 1) / 2) + 1;
            out.push(sep);
        }
        if let Some(r) = r
            && !r.is_empty()
        {
            let _ = tab_to(out, col, c2o);
            half(out, r, hw);
        }
        out.push(b'\n');
    };
    let (mut i, mut j) = (0usize, 0usize);
    let common = |out: &mut Vec<u8>, i: usize, j: usize| {
        if !suppress_common {
            line(out, a.lines.get(i).copied(), b' ', b.lines.get(j).copied());
        }
    };
    for c in changes {
        while i < c.a {
            common(out, i, j);
            i += 1;
            j += 1;
        }
        let pairs = c.del.min(c.ins);
        for k in 0..pairs {
            line(
                out,
                a.lines.get(c.a + k).copied(),
                b'|',
                b.lines.get(c.b + k).copied(),
            );
        }
        for k in pairs..c.del {
            line(out, a.lines.get(c.a + k).copied(), b'<', None);
        }
        for k in pairs..c.ins {
            line(out, None, b'>', b.lines.get(c.b + k).copied());
        }
        i = c.a + c.del;
        j = c.b + c.ins;
    }
    while i < a.lines.len() {
        common(out, i, j);
        i += 1;
        j += 1;
    }
}
