//! Line diffs for the failure reports of the corpus tests
//! (`conformance.rs`, `hostile.rs`), which include this file with
//! `#[path]`.

use std::fmt::Write as _;

/// Splits output into printable lines: control characters are escaped,
/// trailing spaces are shown as `␠`, and a missing final newline is its own
/// marker line.
pub fn display_lines(bytes: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(bytes);
    let mut lines: Vec<String> = text.split_terminator('\n').map(display_line).collect();
    if !text.is_empty() && !text.ends_with('\n') {
        lines.push("\\ (no newline at end)".to_string());
    }
    lines
}

fn display_line(line: &str) -> String {
    let body = line.trim_end_matches(' ');
    let mut shown: String = body
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_debug().to_string()
            } else {
                c.to_string()
            }
        })
        .collect();
    shown.extend(std::iter::repeat_n('␠', line.len() - body.len()));
    shown
}

/// A line diff in the style of `diff -u` without hunk headers: lines only in
/// `expected` start with `-`, lines only in `actual` with `+`, and up to two
/// unchanged lines of context are kept around each change.
pub fn diff(expected: &[String], actual: &[String], max_lines: usize) -> String {
    const CONTEXT: usize = 2;
    let ops = edit_script(expected, actual);
    // Keep a line if a change is within CONTEXT lines of it.
    let changed: Vec<bool> = ops.iter().map(|(tag, _)| *tag != ' ').collect();
    let mut out = String::new();
    let mut printed = 0;
    let mut skipped = false;
    for (i, (tag, line)) in ops.iter().enumerate() {
        let lo = i.saturating_sub(CONTEXT);
        let hi = (i + CONTEXT + 1).min(ops.len());
        if !changed[lo..hi].iter().any(|&c| c) {
            skipped = true;
            continue;
        }
        if skipped {
            out.push_str("    ...\n");
            skipped = false;
        }
        if printed == max_lines {
            out.push_str("    (diff truncated)\n");
            return out;
        }
        let _ = writeln!(out, "    {tag}{line}");
        printed += 1;
    }
    out
}

/// The shortest edit turning `a` into `b`, as tagged lines: `' '` kept,
/// `'-'` removed, `'+'` added. A longest-common-subsequence table; outputs
/// too large for it are shown as all removed then all added.
fn edit_script<'a>(a: &'a [String], b: &'a [String]) -> Vec<(char, &'a str)> {
    let (n, m) = (a.len(), b.len());
    if n.saturating_mul(m) > 4_000_000 {
        let removed = a.iter().map(|l| ('-', l.as_str()));
        return removed.chain(b.iter().map(|l| ('+', l.as_str()))).collect();
    }
    // lcs[i][j]: length of the LCS of a[i..] and b[j..].
    let mut lcs = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut ops = Vec::with_capacity(n + m);
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            ops.push((' ', a[i].as_str()));
            i += 1;
            j += 1;
        } else if i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1]) {
            ops.push(('-', a[i].as_str()));
            i += 1;
        } else {
            ops.push(('+', b[j].as_str()));
            j += 1;
        }
    }
    ops
}
