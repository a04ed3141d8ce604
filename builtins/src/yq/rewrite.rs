//! Turning yq's spellings that jq's grammar lacks into jq, as text
//! before the program is compiled (string literals are left alone):
//!
//! - `env(NAME)` and `strenv(NAME)` take a bare name: `env("NAME")`.
//! - `.a.0` (yq's index after a dot) is jq's `.a[0]`.
//! - `.a[]` is `.a[]?`: yq splats a missing value (null) or a scalar to
//!   nothing where jq raises an error.
//! - `EXPR as $x ireduce (INIT; UPDATE)` is jq's
//!   `reduce EXPR as $x (INIT; UPDATE)`.
//! - Under `eval-all`, where `.` is the stream of every document of every
//!   file: a leading `. as $x ireduce` reduces over all documents
//!   (`$__yq_all[]`), and `select(fileIndex == N)` / `select(fi == N)`
//!   are the documents of file N (`$__yq_files[N][]`); such a program
//!   then runs once ([`eval_all`] says so).

/// Byte ranges of `code` outside string literals, as a mask.
fn code_mask(code: &str) -> Vec<bool> {
    let b = code.as_bytes();
    let mut mask = vec![true; b.len()];
    let mut in_str = false;
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if in_str {
            if let Some(m) = mask.get_mut(i) {
                *m = false;
            }
            if c == b'\\' {
                if let Some(m) = mask.get_mut(i + 1) {
                    *m = false;
                }
                i += 2;
                continue;
            }
            if c == b'"' {
                in_str = false;
            }
        } else if c == b'"' {
            in_str = true;
            if let Some(m) = mask.get_mut(i) {
                *m = false;
            }
        }
        i += 1;
    }
    mask
}

fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Where the whole word `w` next stands in code (outside strings) from `from`.
fn find_word(code: &str, mask: &[bool], w: &str, from: usize) -> Option<usize> {
    let b = code.as_bytes();
    let mut start = from;
    while let Some(off) = code.get(start..).and_then(|r| r.find(w)) {
        let i = start + off;
        let before = i == 0 || b.get(i - 1).is_some_and(|&c| !is_word(c) && c != b'$');
        let after = b.get(i + w.len()).is_none_or(|&c| !is_word(c));
        if before && after && mask.get(i).copied().unwrap_or(false) {
            return Some(i);
        }
        start = i + w.len();
    }
    None
}

/// `env(NAME)` and `strenv(NAME)` with the name quoted.
pub fn quote_env_names(code: &str) -> String {
    let mask = code_mask(code);
    let mut out = String::with_capacity(code.len() + 8);
    let mut last = 0;
    let mut i = 0;
    while i < code.len() {
        let hit = ["strenv(", "env("].into_iter().find_map(|h| {
            let w = h.trim_end_matches('(');
            (find_word(code, &mask, w, i) == Some(i) && code.get(i..)?.starts_with(h)).then_some(h)
        });
        if let Some(h) = hit {
            let after = code.get(i + h.len()..).unwrap_or("");
            let n = after.bytes().take_while(|&c| is_word(c)).count();
            let name_ok = n > 0
                && after.as_bytes().get(n) == Some(&b')')
                && !after.as_bytes().first().is_some_and(u8::is_ascii_digit);
            if name_ok {
                out.push_str(code.get(last..i + h.len()).unwrap_or(""));
                out.push('"');
                out.push_str(after.get(..n).unwrap_or(""));
                out.push('"');
                i += h.len() + n;
                last = i;
                continue;
            }
        }
        i += code
            .get(i..)
            .and_then(|r| r.chars().next())
            .map_or(1, char::len_utf8);
    }
    out.push_str(code.get(last..).unwrap_or(""));
    out
}

/// `.name.N` as `.name[N]`: a dot and digits right after a name, a
/// closing bracket or a quote (outside strings) index an array in yq.
pub fn dot_index(code: &str) -> String {
    let mask = code_mask(code);
    let b = code.as_bytes();
    let mut out = String::with_capacity(code.len() + 8);
    let mut last = 0;
    let mut i = 1;
    while i < b.len() {
        let prev = b.get(i - 1).copied().unwrap_or(b' ');
        let at_dot = b.get(i) == Some(&b'.') && mask.get(i).copied().unwrap_or(false);
        let after_path = prev.is_ascii_alphabetic() || prev == b'_' || prev == b']' || prev == b'"';
        if at_dot && after_path {
            let n = b
                .get(i + 1..)
                .unwrap_or_default()
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
            let ends = b.get(i + 1 + n).is_none_or(|&c| !is_word(c));
            // A name right before must itself be on a path (`.a`, `$x`), not
            // a keyword or a number's exponent.
            let mut j = i;
            while j > 0 && b.get(j - 1).is_some_and(|&c| is_word(c)) {
                j -= 1;
            }
            let on_path = !prev.is_ascii_alphanumeric() && prev != b'_'
                || matches!(b.get(j.wrapping_sub(1)), Some(b'.' | b'$'));
            if n > 0 && ends && on_path {
                out.push_str(code.get(last..i).unwrap_or(""));
                out.push('[');
                out.push_str(code.get(i + 1..i + 1 + n).unwrap_or(""));
                out.push(']');
                i += 1 + n;
                last = i;
                continue;
            }
        }
        i += 1;
    }
    out.push_str(code.get(last..).unwrap_or(""));
    out
}

/// Postfix `[]` (after a path: a name, `.`, `]`, `)` or a quote) as
/// `[]?`; an empty array literal (`= []`, `[] + .`) stays.
pub fn lenient_splat(code: &str) -> String {
    let mask = code_mask(code);
    let b = code.as_bytes();
    let mut out = String::with_capacity(code.len() + 8);
    let mut last = 0;
    for i in 1..b.len() {
        let is_splat = b.get(i) == Some(&b'[')
            && b.get(i + 1) == Some(&b']')
            && b.get(i + 2) != Some(&b'?')
            && mask.get(i).copied().unwrap_or(false)
            && b.get(i - 1)
                .is_some_and(|&p| is_word(p) || matches!(p, b'.' | b']' | b')' | b'"'));
        if is_splat {
            out.push_str(code.get(last..i + 2).unwrap_or(""));
            out.push('?');
            last = i + 2;
        }
    }
    out.push_str(code.get(last..).unwrap_or(""));
    out
}

/// Where the expression before position `end` starts: after the nearest
/// unmatched opening bracket, or `|`, `;` or `,` at its level.
fn segment_start(code: &str, mask: &[bool], end: usize) -> usize {
    let b = code.as_bytes();
    let mut depth = 0i32;
    let mut i = end;
    while i > 0 {
        i -= 1;
        if !mask.get(i).copied().unwrap_or(false) {
            continue;
        }
        match b.get(i) {
            Some(b')' | b']' | b'}') => depth += 1,
            Some(b'(' | b'[' | b'{') => {
                if depth == 0 {
                    return i + 1;
                }
                depth -= 1;
            }
            Some(b'|' | b';' | b',') if depth == 0 => return i + 1,
            _ => {}
        }
    }
    0
}

/// `EXPR as $x ireduce (I; U)` as `reduce EXPR as $x (I; U)`.
pub fn ireduce(code: &str) -> String {
    let mut code = code.to_string();
    // Each pass rewrites the first `ireduce`; bounded by their number.
    for _ in 0..64 {
        let mask = code_mask(&code);
        let Some(at) = find_word(&code, &mask, "ireduce", 0) else {
            break;
        };
        let Some(as_at) = code.get(..at).and_then(|pre| {
            let mut best = None;
            let mut from = 0;
            while let Some(i) = find_word(pre, &mask, "as", from) {
                best = Some(i);
                from = i + 2;
            }
            best
        }) else {
            break;
        };
        let start = segment_start(&code, &mask, as_at);
        let mut next = String::with_capacity(code.len() + 8);
        next.push_str(code.get(..start).unwrap_or(""));
        next.push_str(" reduce ");
        next.push_str(code.get(start..at).unwrap_or(""));
        next.push_str(code.get(at + "ireduce".len()..).unwrap_or(""));
        code = next;
    }
    code
}

/// The `eval-all` form of a program that needs every document at once,
/// or `None` when it can run on each document in turn.
pub fn eval_all(code: &str) -> Option<String> {
    let mut out = code.to_string();
    let mut changed = false;
    let trimmed = out.trim_start();
    if let Some(rest) = trimmed.strip_prefix('.')
        && rest.trim_start().starts_with("as ")
        && find_word(&out, &code_mask(&out), "ireduce", 0).is_some()
    {
        out = format!("$__yq_all[]{rest}");
        changed = true;
    }
    for name in ["fileIndex", "fi"] {
        loop {
            let mask = code_mask(&out);
            let Some(sel) = find_word(&out, &mask, "select", 0).and_then(|s| {
                let mut from = s;
                let mut found = None;
                while let Some(i) = find_word(&out, &mask, "select", from) {
                    if let Some(n) = file_index_select(out.get(i..).unwrap_or(""), name) {
                        found = Some((i, n));
                        break;
                    }
                    from = i + 6;
                }
                found
            }) else {
                break;
            };
            let (i, (len, n)) = sel;
            out = format!(
                "{}($__yq_files[{n}][]){}",
                out.get(..i).unwrap_or(""),
                out.get(i + len..).unwrap_or("")
            );
            changed = true;
        }
    }
    changed.then_some(out)
}

/// `select(NAME == N)` at the start of `s`: its length and N.
fn file_index_select(s: &str, name: &str) -> Option<(usize, usize)> {
    let rest = s.strip_prefix("select")?.trim_start();
    let rest = rest.strip_prefix('(')?.trim_start();
    let rest = rest.strip_prefix(name)?.trim_start();
    let rest = rest.strip_prefix("==")?.trim_start();
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let n: usize = rest.get(..digits)?.parse().ok()?;
    let rest = rest.get(digits..)?.trim_start();
    let rest = rest.strip_prefix(')')?;
    Some((s.len() - rest.len(), n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn env_names_are_quoted_outside_strings() {
        assert_eq!(quote_env_names(".a = env(HOME)"), ".a = env(\"HOME\")");
        assert_eq!(
            quote_env_names("strenv(X) | \"env(Y)\""),
            "strenv(\"X\") | \"env(Y)\""
        );
        assert_eq!(quote_env_names("myenv(X)"), "myenv(X)");
    }

    #[test]
    fn dot_digits_index() {
        assert_eq!(dot_index(".a.0 = 1"), ".a[0] = 1");
        assert_eq!(dot_index(".a[1].2.b"), ".a[1][2].b");
        assert_eq!(dot_index("1.5 + .x"), "1.5 + .x");
        assert_eq!(dot_index("\".a.0\""), "\".a.0\"");
        assert_eq!(dot_index("$v.3"), "$v[3]");
    }

    #[test]
    fn splats_are_lenient_but_empty_arrays_stay() {
        assert_eq!(lenient_splat(".a[] | .b"), ".a[]? | .b");
        assert_eq!(lenient_splat(".[]"), ".[]?");
        assert_eq!(
            lenient_splat(".a = [] | [] + .b[]?"),
            ".a = [] | [] + .b[]?"
        );
        assert_eq!(lenient_splat("\"x[]\""), "\"x[]\"");
    }

    #[test]
    fn ireduce_becomes_reduce() {
        assert_eq!(
            ireduce(".[] as $x ireduce (0; . + $x)"),
            " reduce .[] as $x  (0; . + $x)"
        );
        assert_eq!(
            ireduce("{\"s\": (.[] as $x ireduce (0; . + $x))}"),
            "{\"s\": ( reduce .[] as $x  (0; . + $x))}"
        );
    }

    #[test]
    fn eval_all_idioms() {
        assert_eq!(
            eval_all(". as $item ireduce ({}; . * $item)").as_deref(),
            Some("$__yq_all[] as $item ireduce ({}; . * $item)")
        );
        assert_eq!(
            eval_all("select(fileIndex == 0) * select(fi==1)").as_deref(),
            Some("($__yq_files[0][]) * ($__yq_files[1][])")
        );
        assert_eq!(eval_all(".a"), None);
    }
}
