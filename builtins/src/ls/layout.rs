//! Placing names: one per line, columns (`-C`), across (`-x`), commas (`-m`).

use crate::common::sys::{Res, Sys, Ticker};

use super::config::{Config, Entry, Format};
use super::long::{inode, print_long};
use super::names::{indicator, quote_name};
use super::sizes::{block_count, disk_bytes};

pub(super) fn print_entries(sys: &mut Sys<'_>, cfg: &Config, entries: &[Entry]) -> Res<()> {
    if entries.is_empty() {
        return Ok(());
    }
    if cfg.long {
        return print_long(sys, cfg, entries);
    }
    let commas = cfg.format == Format::Commas;
    let inos: Vec<String> = entries.iter().map(|e| inode(&e.path).to_string()).collect();
    let blks: Vec<String> = entries
        .iter()
        .map(|e| block_count(cfg, disk_bytes(&e.md)))
        .collect();
    let widest = |v: &[String]| {
        if commas {
            0
        } else {
            v.iter().map(String::len).max().unwrap_or(0)
        }
    };
    let (ino_w, blk_w) = (widest(&inos), widest(&blks));
    let mut texts = Vec::with_capacity(entries.len());
    for (i, e) in entries.iter().enumerate() {
        sys.tick.tick()?;
        let mut t = String::new();
        if cfg.inode {
            t.push_str(&format!(
                "{:>ino_w$} ",
                inos.get(i).map_or("", String::as_str)
            ));
        }
        if cfg.blocks {
            t.push_str(&format!(
                "{:>blk_w$} ",
                blks.get(i).map_or("", String::as_str)
            ));
        }
        if cfg.context {
            t.push_str("? ");
        }
        t.push_str(&quote_name(cfg, &e.name));
        t.push_str(indicator(cfg, &e.md));
        texts.push(t);
    }
    let lens: Vec<usize> = texts.iter().map(|t| t.chars().count()).collect();
    let mut out = String::new();
    match cfg.format {
        Format::Commas => commas_layout(cfg.width, &texts, &lens, &mut out),
        Format::Columns => grid_layout(
            cfg.width,
            &texts,
            &lens,
            true,
            cfg.tab,
            &mut sys.tick,
            &mut out,
        )?,
        Format::Across => grid_layout(
            cfg.width,
            &texts,
            &lens,
            false,
            cfg.tab,
            &mut sys.tick,
            &mut out,
        )?,
        _ => {
            for t in &texts {
                out.push_str(t);
                out.push(cfg.eol);
            }
        }
    }
    sys.out.str(&out)
}

/// `-m`: names joined by `, `, a line broken before a name that would
/// reach the width (GNU's `print_with_separator`).
pub(super) fn commas_layout(width: usize, texts: &[String], lens: &[usize], out: &mut String) {
    let mut pos = 0usize;
    for (i, (t, &len)) in texts.iter().zip(lens).enumerate() {
        if i > 0 {
            out.push(',');
            if width == usize::MAX || pos.saturating_add(len).saturating_add(2) < width {
                out.push(' ');
                pos += 2;
            } else {
                out.push('\n');
                pos = 0;
            }
        }
        out.push_str(t);
        pos = pos.saturating_add(len);
    }
    out.push('\n');
}

/// GNU's column fitting (`calculate_columns`): the most columns whose
/// line, each column as wide as its widest name plus two, stays under the
/// width. `by_columns` fills down (`-C`), else across (`-x`). GNU sizes
/// every candidate at once (memory quadratic in the names); here one
/// candidate at a time from the most columns down, the first that fits
/// wins, each given up as soon as its line reaches the width, and the
/// ticker checked between candidates.
pub(super) fn column_widths(
    width: usize,
    lens: &[usize],
    by_columns: bool,
    tick: &mut Ticker<'_>,
) -> Res<Vec<usize>> {
    let n = lens.len().max(1);
    let max_cols = (width / 3).clamp(1, n);
    for c in (1..=max_cols).rev() {
        tick.tick()?;
        let rows = n.div_ceil(c).max(1);
        let mut cols = vec![3usize; c];
        let mut line = c.saturating_mul(3);
        let mut fits = true;
        for (f, &len) in lens.iter().enumerate() {
            let idx = if by_columns { f / rows } else { f % c };
            let real = len + if idx + 1 == c { 0 } else { 2 };
            if let Some(w) = cols.get_mut(idx)
                && *w < real
            {
                line += real - *w;
                *w = real;
                if line >= width {
                    fits = false;
                    break;
                }
            }
        }
        if fits || c == 1 {
            return Ok(cols);
        }
    }
    Ok(vec![0])
}

/// GNU's `indent`: tabs (every 8 columns) where they fit, then spaces;
/// only spaces on a line without a width limit (`-w 0`).
pub(super) fn indent(mut from: usize, to: usize, tab: usize, out: &mut String) {
    while from < to {
        if tab > 0 && to / tab > (from + 1) / tab {
            out.push('\t');
            from += tab - from % tab;
        } else {
            out.push(' ');
            from += 1;
        }
    }
}

/// `-C` (down the columns) and `-x` (across the lines).
pub(super) fn grid_layout(
    width: usize,
    texts: &[String],
    lens: &[usize],
    by_columns: bool,
    tab: usize,
    tick: &mut Ticker<'_>,
    out: &mut String,
) -> Res<()> {
    let tab = if width == usize::MAX { 0 } else { tab };
    let n = texts.len();
    let widths = column_widths(width, lens, by_columns, tick)?;
    let cols = widths.len().max(1);
    let w = |c: usize| widths.get(c).copied().unwrap_or(0);
    let text = |f: usize| texts.get(f).map_or("", String::as_str);
    let len = |f: usize| lens.get(f).copied().unwrap_or(0);
    if by_columns {
        let rows = n.div_ceil(cols);
        for row in 0..rows {
            let (mut col, mut f, mut pos) = (0usize, row, 0usize);
            loop {
                out.push_str(text(f));
                let max = w(col);
                let here = len(f);
                col += 1;
                f += rows;
                if f >= n {
                    break;
                }
                indent(pos + here, pos + max, tab, out);
                pos += max;
            }
            out.push('\n');
        }
    } else {
        let mut pos = 0usize;
        for f in 0..n {
            let col = f % cols;
            if f > 0 {
                if col == 0 {
                    out.push('\n');
                    pos = 0;
                } else {
                    let max = w(col - 1);
                    indent(pos + len(f - 1), pos + max, tab, out);
                    pos += max;
                }
            }
            out.push_str(text(f));
        }
        out.push('\n');
    }
    Ok(())
}
