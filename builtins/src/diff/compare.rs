//! The edit script, computed as GNU diff computes it, so that among the
//! many minimal scripts the same one comes out (a moved block is deleted
//! where it was and inserted where it goes, not the other way round):
//!
//! 1. `discard_confusing_lines`: lines with no match in the other file are
//!    changes for certain and are left out of the search, as are runs of
//!    lines with very many matches between such lines;
//! 2. Myers' O(ND) search from both ends at once (`diag`), splitting at
//!    the middle snake and recursing (`compareseq`);
//! 3. `shift_boundaries`: each run of changes slides back as far as
//!    merging allows, then aligns with a run in the other file.
//!
//! This is an implementation of the published algorithms (Myers 1986;
//! the discarding and shifting passes as GNU documents them), in linear
//! space. It has none of GNU's speed heuristics: they only act past an
//! edit cost of thousands of lines, where the script stays minimal here.

/// One change: `del` lines of the first file from `a`, replaced by `ins`
/// lines of the second from `b` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    pub a: usize,
    pub del: usize,
    pub b: usize,
    pub ins: usize,
}

/// The changes turning `ea` into `eb`, in order; `tick` is called as the
/// search goes (it stops a long one by returning an error).
pub fn changes<E>(
    ea: &[u32],
    eb: &[u32],
    tick: &mut dyn FnMut() -> Result<(), E>,
) -> Result<Vec<Change>, E> {
    // `changed` arrays with a 0 sentinel at each end (index 0 and n + 1),
    // as GNU's have at -1 and n.
    let mut ca = vec![false; ea.len() + 2];
    let mut cb = vec![false; eb.len() + 2];
    let (ka, ia) = undiscarded(ea, eb, &mut ca);
    let (kb, ib) = undiscarded(eb, ea, &mut cb);
    let mut s = Search {
        xv: &ka,
        yv: &kb,
        fd: vec![0; ka.len() + kb.len() + 3],
        bd: vec![0; ka.len() + kb.len() + 3],
        off: kb.len() as isize + 1,
        cx: vec![false; ka.len()],
        cy: vec![false; kb.len()],
    };
    s.compareseq(0, ka.len(), 0, kb.len(), tick)?;
    for (k, &c) in s.cx.iter().enumerate() {
        if c && let Some(&i) = ia.get(k) {
            set(&mut ca, i + 1, true);
        }
    }
    for (k, &c) in s.cy.iter().enumerate() {
        if c && let Some(&j) = ib.get(k) {
            set(&mut cb, j + 1, true);
        }
    }
    shift_boundaries(&mut ca, &cb, ea);
    shift_boundaries(&mut cb, &ca, eb);
    Ok(script(&ca, &cb, ea.len(), eb.len()))
}

/// GNU's `discard_confusing_lines` for one file: marks the lines left
/// out as changed in `changed` and gives the kept lines' numbers with
/// their indexes.
fn undiscarded(own: &[u32], other: &[u32], changed: &mut [bool]) -> (Vec<u32>, Vec<usize>) {
    // Class numbers are dense (see `lines::classes`): a table, not a map.
    let top = own
        .iter()
        .chain(other)
        .copied()
        .max()
        .map_or(0, |m| m as usize + 1);
    let mut counts = vec![0usize; top];
    for &e in other {
        if let Some(c) = counts.get_mut(e as usize) {
            *c += 1;
        }
    }
    let end = own.len();
    let mut many = 5usize;
    let mut tem = end / 64;
    loop {
        tem >>= 2;
        if tem == 0 {
            break;
        }
        many *= 2;
    }
    let mut d: Vec<u8> = own
        .iter()
        .map(|&e| match counts.get(e as usize).copied().unwrap_or(0) {
            0 => 1,
            n if n > many => 2,
            _ => 0,
        })
        .collect();
    let get = |d: &[u8], i: usize| d.get(i).copied().unwrap_or(0);
    let mut i = 0usize;
    while i < end {
        if get(&d, i) == 2 {
            d[i] = 0;
        } else if get(&d, i) != 0 {
            let mut provisional = 0usize;
            let mut j = i;
            while j < end {
                match get(&d, j) {
                    0 => break,
                    2 => provisional += 1,
                    _ => {}
                }
                j += 1;
            }
            while j > i && get(&d, j - 1) == 2 {
                j -= 1;
                d[j] = 0;
                provisional -= 1;
            }
            let length = j - i;
            if provisional * 4 > length {
                while j > i {
                    j -= 1;
                    if get(&d, j) == 2 {
                        d[j] = 0;
                    }
                }
            } else {
                let mut minimum = 1usize;
                let mut tem = length >> 2;
                loop {
                    tem >>= 2;
                    if tem == 0 {
                        break;
                    }
                    minimum <<= 1;
                }
                minimum += 1;
                let mut jj: isize = 0;
                let mut consec = 0usize;
                while (jj as usize) < length {
                    let k = i + jj as usize;
                    if get(&d, k) != 2 {
                        consec = 0;
                    } else {
                        consec += 1;
                        if minimum == consec {
                            jj -= consec as isize;
                        } else if minimum < consec {
                            d[k] = 0;
                        }
                    }
                    jj += 1;
                }
                let mut consec = 0usize;
                for jj in 0..length {
                    let k = i + jj;
                    if jj >= 8 && get(&d, k) == 1 {
                        break;
                    }
                    match get(&d, k) {
                        2 => {
                            consec = 0;
                            d[k] = 0;
                        }
                        0 => consec = 0,
                        _ => consec += 1,
                    }
                    if consec == 3 {
                        break;
                    }
                }
                i += length - 1;
                let mut consec = 0usize;
                for jj in 0..length {
                    let k = i - jj;
                    if jj >= 8 && get(&d, k) == 1 {
                        break;
                    }
                    match get(&d, k) {
                        2 => {
                            consec = 0;
                            d[k] = 0;
                        }
                        0 => consec = 0,
                        _ => consec += 1,
                    }
                    if consec == 3 {
                        break;
                    }
                }
            }
        }
        i += 1;
    }
    let mut kept = Vec::with_capacity(end);
    let mut index = Vec::with_capacity(end);
    for (i, (&e, &x)) in own.iter().zip(&d).enumerate() {
        if x == 0 {
            kept.push(e);
            index.push(i);
        } else {
            set(changed, i + 1, true);
        }
    }
    (kept, index)
}

/// Myers' search over the kept lines.
struct Search<'v> {
    xv: &'v [u32],
    yv: &'v [u32],
    /// The furthest x reached on each diagonal `x - y`, forward and
    /// backward, indexed by diagonal + `off`.
    fd: Vec<isize>,
    bd: Vec<isize>,
    off: isize,
    cx: Vec<bool>,
    cy: Vec<bool>,
}

impl Search<'_> {
    fn x(&self, i: isize) -> Option<u32> {
        usize::try_from(i)
            .ok()
            .and_then(|i| self.xv.get(i).copied())
    }

    fn y(&self, i: isize) -> Option<u32> {
        usize::try_from(i)
            .ok()
            .and_then(|i| self.yv.get(i).copied())
    }

    fn f(&self, k: isize) -> isize {
        self.fd.get((k + self.off) as usize).copied().unwrap_or(-1)
    }

    fn b(&self, k: isize) -> isize {
        self.bd
            .get((k + self.off) as usize)
            .copied()
            .unwrap_or(isize::MAX)
    }

    fn set_f(&mut self, k: isize, v: isize) {
        if let Some(c) = self.fd.get_mut((k + self.off) as usize) {
            *c = v;
        }
    }

    fn set_b(&mut self, k: isize, v: isize) {
        if let Some(c) = self.bd.get_mut((k + self.off) as usize) {
            *c = v;
        }
    }

    /// The middle snake of the box: where the forward and backward
    /// searches meet.
    fn diag<E>(
        &mut self,
        xoff: isize,
        xlim: isize,
        yoff: isize,
        ylim: isize,
        tick: &mut dyn FnMut() -> Result<(), E>,
    ) -> Result<(isize, isize), E> {
        let dmin = xoff - ylim;
        let dmax = xlim - yoff;
        let fmid = xoff - yoff;
        let bmid = xlim - ylim;
        let (mut fmin, mut fmax, mut bmin, mut bmax) = (fmid, fmid, bmid, bmid);
        let odd = (fmid - bmid) & 1 != 0;
        self.set_f(fmid, xoff);
        self.set_b(bmid, xlim);
        loop {
            tick()?;
            if fmin > dmin {
                fmin -= 1;
                self.set_f(fmin - 1, -1);
            } else {
                fmin += 1;
            }
            if fmax < dmax {
                fmax += 1;
                self.set_f(fmax + 1, -1);
            } else {
                fmax -= 1;
            }
            let mut d = fmax;
            while d >= fmin {
                let (tlo, thi) = (self.f(d - 1), self.f(d + 1));
                let x0 = if tlo < thi { thi } else { tlo + 1 };
                let (mut x, mut y) = (x0, x0 - d);
                while x < xlim && y < ylim && self.x(x) == self.y(y) {
                    x += 1;
                    y += 1;
                }
                self.set_f(d, x);
                if odd && bmin <= d && d <= bmax && self.b(d) <= x {
                    return Ok((x, y));
                }
                d -= 2;
            }
            if bmin > dmin {
                bmin -= 1;
                self.set_b(bmin - 1, isize::MAX);
            } else {
                bmin += 1;
            }
            if bmax < dmax {
                bmax += 1;
                self.set_b(bmax + 1, isize::MAX);
            } else {
                bmax -= 1;
            }
            let mut d = bmax;
            while d >= bmin {
                let (tlo, thi) = (self.b(d - 1), self.b(d + 1));
                let x0 = if tlo < thi { tlo } else { thi - 1 };
                let (mut x, mut y) = (x0, x0 - d);
                while xoff < x && yoff < y && self.x(x - 1) == self.y(y - 1) {
                    x -= 1;
                    y -= 1;
                }
                self.set_b(d, x);
                if !odd && fmin <= d && d <= fmax && x <= self.f(d) {
                    return Ok((x, y));
                }
                d -= 2;
            }
        }
    }

    /// Marks the changes within the box, recursively (depth is bounded by
    /// the log of the edit cost's growth: each split halves the cost).
    fn compareseq<E>(
        &mut self,
        xoff: usize,
        xlim: usize,
        yoff: usize,
        ylim: usize,
        tick: &mut dyn FnMut() -> Result<(), E>,
    ) -> Result<(), E> {
        let (mut xoff, mut xlim, mut yoff, mut ylim) = (xoff, xlim, yoff, ylim);
        while xoff < xlim && yoff < ylim && self.xv.get(xoff) == self.yv.get(yoff) {
            xoff += 1;
            yoff += 1;
        }
        while xlim > xoff && ylim > yoff && self.xv.get(xlim - 1) == self.yv.get(ylim - 1) {
            xlim -= 1;
            ylim -= 1;
        }
        if xoff == xlim {
            for c in self.cy.iter_mut().take(ylim).skip(yoff) {
                *c = true;
            }
        } else if yoff == ylim {
            for c in self.cx.iter_mut().take(xlim).skip(xoff) {
                *c = true;
            }
        } else {
            let (xm, ym) = self.diag(
                xoff as isize,
                xlim as isize,
                yoff as isize,
                ylim as isize,
                tick,
            )?;
            let (xm, ym) = (xm.max(0) as usize, ym.max(0) as usize);
            self.compareseq(xoff, xm, yoff, ym, tick)?;
            self.compareseq(xm, xlim, ym, ylim, tick)?;
        }
        Ok(())
    }
}

fn at(v: &[bool], i: usize) -> bool {
    v.get(i).copied().unwrap_or(false)
}

/// GNU's `shift_boundaries` for one file (`changed`, 1-based with
/// sentinels) against the other's `other`.
fn shift_boundaries(changed: &mut [bool], other: &[bool], equivs: &[u32]) {
    let n = equivs.len();
    let eq = |i: usize| equivs.get(i.wrapping_sub(1)).copied();
    let i_end = n + 1;
    let mut i = 1usize;
    let mut j = 1usize;
    loop {
        while i < i_end && !at(changed, i) {
            while at(other, j) {
                j += 1;
            }
            j += 1;
            i += 1;
        }
        if i >= i_end {
            break;
        }
        let mut start = i;
        i += 1;
        while at(changed, i) {
            i += 1;
        }
        while at(other, j) {
            j += 1;
        }
        let mut corresponding;
        loop {
            let runlength = i - start;
            while start > 1 && eq(start - 1) == eq(i - 1) {
                start -= 1;
                i -= 1;
                set(changed, start, true);
                set(changed, i, false);
                while at(changed, start - 1) {
                    start -= 1;
                }
                j -= 1;
                while at(other, j) {
                    j -= 1;
                }
            }
            corresponding = if at(other, j - 1) { i } else { i_end };
            while i != i_end && eq(start) == eq(i) {
                set(changed, start, false);
                set(changed, i, true);
                start += 1;
                i += 1;
                while at(changed, i) {
                    i += 1;
                }
                j += 1;
                while at(other, j) {
                    j += 1;
                    corresponding = i;
                }
            }
            if runlength == i - start {
                break;
            }
        }
        while corresponding < i {
            start -= 1;
            i -= 1;
            set(changed, start, true);
            set(changed, i, false);
            j -= 1;
            while at(other, j) {
                j -= 1;
            }
        }
    }
}

fn set(v: &mut [bool], i: usize, x: bool) {
    if let Some(c) = v.get_mut(i) {
        *c = x;
    }
}

/// The runs of changes, walking both files together.
fn script(ca: &[bool], cb: &[bool], na: usize, nb: usize) -> Vec<Change> {
    let mut out = Vec::new();
    let (mut i, mut j) = (0usize, 0usize);
    while i < na || j < nb {
        if !at(ca, i + 1) && !at(cb, j + 1) && i < na && j < nb {
            i += 1;
            j += 1;
            continue;
        }
        let (a, b) = (i, j);
        while i < na && at(ca, i + 1) {
            i += 1;
        }
        while j < nb && at(cb, j + 1) {
            j += 1;
        }
        if i == a && j == b {
            // Only one side has lines left and they are unchanged: cannot
            // happen with a consistent script; stop rather than loop.
            break;
        }
        out.push(Change {
            a,
            del: i - a,
            b,
            ins: j - b,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Change, changes};

    fn run(a: &[u32], b: &[u32]) -> Vec<Change> {
        changes::<()>(a, b, &mut || Ok(())).unwrap_or_default()
    }

    fn ch(a: usize, del: usize, b: usize, ins: usize) -> Change {
        Change { a, del, b, ins }
    }

    #[test]
    fn scripts_as_gnu_makes_them() {
        assert_eq!(run(&[1, 2, 3], &[1, 2, 3]), vec![]);
        assert_eq!(run(&[], &[1]), vec![ch(0, 0, 0, 1)]);
        assert_eq!(run(&[1, 2], &[1, 3]), vec![ch(1, 1, 1, 1)]);
        // A moved block: deleted where it was, inserted where it goes.
        let a = [1, 2, 3, 4, 5, 6, 7, 8];
        let b = [1, 5, 6, 7, 2, 3, 4, 8];
        assert_eq!(run(&a, &b), vec![ch(1, 3, 1, 0), ch(7, 0, 4, 3)]);
        // With nothing to merge with, a change slides forward as far as
        // it can (GNU: `3d2`).
        assert_eq!(run(&[1, 9, 9, 2], &[1, 9, 2]), vec![ch(2, 1, 2, 0)]);
    }
}
