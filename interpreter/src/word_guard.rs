//! Texts that brush-parser's word parser must not see.
//!
//! Its PEG grammar backtracks, and a few shapes make it exponential: an
//! unclosed `$((((` in a here-document body (fuzz F12), `${a[` nested and
//! closed by `}` before `]` (F10), and a word starting `NAME[` with
//! `${NAME[` nested inside, which its assignment-word rule re-parses at
//! every level (F13: six levels take 2.5 s, seven about 40). Each check
//! here is one linear pass over the text, run before the parser sees it.

/// Whether a here-document body holds a `$(` that is never closed. One
/// pass with a stack of open `$(` and their inner parens; quotes are
/// skipped inside `$( )` only (in the body itself they are plain text),
/// backslashes escape. An odd `)` (a `case` pattern) closes early, which
/// can only make this answer `false` and leave the body to brush-parser.
pub(crate) fn has_unclosed_paren_subst(text: &str) -> bool {
    let b = text.as_bytes();
    // For each open `$(`, the inner `(` not yet closed.
    let mut stack: Vec<u32> = Vec::new();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        match c {
            b'\\' => i += 1,
            b'$' if b.get(i + 1) == Some(&b'(') => {
                stack.push(0);
                i += 1;
            }
            b'(' => {
                if let Some(top) = stack.last_mut() {
                    *top += 1;
                }
            }
            b')' => match stack.last_mut() {
                Some(0) => {
                    stack.pop();
                }
                Some(top) => *top -= 1,
                None => {}
            },
            b'\'' | b'"' if !stack.is_empty() => i = closing_quote(b, i),
            // A comment inside `$( )` runs to the end of its line.
            b'#' if !stack.is_empty()
                && (i == 0
                    || b.get(i - 1)
                        .is_some_and(|p| p.is_ascii_whitespace() || *p == b'(' || *p == b';')) =>
            {
                i += b
                    .get(i..)
                    .unwrap_or_default()
                    .iter()
                    .take_while(|c| **c != b'\n')
                    .count();
            }
            _ => {}
        }
        i += 1;
    }
    !stack.is_empty()
}

/// The index of the quote closing the one at `b[open]` (`b.len()` or past
/// when there is none); backslashes escape inside `"` only.
fn closing_quote(b: &[u8], open: usize) -> usize {
    let quote = b.get(open).copied();
    let mut i = open + 1;
    while let Some(&q) = b.get(i) {
        if Some(q) == quote {
            break;
        }
        if q == b'\\' && quote == Some(b'"') {
            i += 1;
        }
        i += 1;
    }
    i
}

/// Whether a here-document body holds a `${` that is never closed (bash's
/// `bad substitution: no closing `}'`). brush-parser backtracks
/// exponentially over nested unclosed `${` (fuzz F15: a 217-byte body
/// took over 10 s). One pass: outside `${ }` quotes are plain text, as in
/// the body; inside, `'...'` and `"..."` hide a `}`, as bash reads them,
/// and backslashes escape.
pub(crate) fn has_unclosed_brace_subst(text: &str) -> bool {
    let b = text.as_bytes();
    let mut open: u32 = 0;
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        match c {
            b'\\' => i += 1,
            b'$' if b.get(i + 1) == Some(&b'{') => {
                open += 1;
                i += 1;
            }
            b'}' if open > 0 => open -= 1,
            b'\'' | b'"' if open > 0 => {
                i = closing_quote(b, i);
                if b.get(i).is_none() {
                    return true;
                }
            }
            _ => {}
        }
        i += 1;
    }
    open > 0
}

/// An open `${`: whether its subscript is still open, and the `[` it
/// holds beyond its own.
struct Open {
    subscript: bool,
    brackets: u32,
}

impl Open {
    /// Reads the `${` at `b[i]`; gives it and how far to step so that the
    /// caller's next step lands after the name (its own `[` is counted
    /// when the caller reaches it).
    fn read(b: &[u8], i: usize) -> (Self, usize) {
        // `${#a[` and `${!a[` have a subscript too.
        let pre = usize::from(matches!(b.get(i + 2), Some(b'#' | b'!')));
        let name = name_len(b, i + 2 + pre);
        let subscript = name > 0 && b.get(i + 2 + pre + name) == Some(&b'[');
        let open = Self {
            subscript,
            brackets: 0,
        };
        (open, 1 + pre + name)
    }

    fn bracket(&mut self) {
        if self.subscript {
            self.brackets += 1;
        }
    }

    fn close_bracket(&mut self) {
        if self.subscript {
            if self.brackets <= 1 {
                self.subscript = false;
            }
            self.brackets = self.brackets.saturating_sub(1);
        }
    }
}

/// The length of the shell name at `b[at..]`.
fn name_len(b: &[u8], at: usize) -> usize {
    b.get(at..)
        .unwrap_or_default()
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
        .count()
}

/// Whether `text` holds a `${NAME[` whose `]` does not come before the
/// `}` that closes it (or before the end): bash's `bad substitution`.
/// One pass with a stack of open `${`; backslashes escape, quotes are not
/// tracked (a `]` or `}` in quotes inside `${ }` is rare and only makes
/// this answer `false`, leaving the word to brush-parser).
pub(crate) fn has_unclosed_subscript(text: &str) -> bool {
    let b = text.as_bytes();
    let mut stack: Vec<Open> = Vec::new();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        match c {
            b'\\' => i += 1,
            b'$' if b.get(i + 1) == Some(&b'{') => {
                let (open, step) = Open::read(b, i);
                stack.push(open);
                i += step;
            }
            b'[' => stack.last_mut().map_or((), Open::bracket),
            b']' => stack.last_mut().map_or((), Open::close_bracket),
            b'}' if stack.pop().is_some_and(|top| top.subscript) => return true,
            _ => {}
        }
        i += 1;
    }
    stack.iter().any(|o| o.subscript)
}

/// How deep subscripts may nest in a word: `${a[${b[${c[0]}]}]}` and
/// `a[${b[${c[0]}]}]` are 3. brush-parser's time grows 10-20 times per
/// level: `${a[` nested 5 deep takes 0.9 s, 6 deep 17 s, 7 deep 354 s
/// (fuzz F14); in a word starting `NAME[`, 5 levels took 0.13-0.87 s and
/// 4 levels 5.5 ms (F13). The parse of one command cannot be interrupted,
/// so the cost per word must stay small: 2048 three-level words take
/// about a second.
pub(crate) const MAX_NESTED_SUBSCRIPTS: usize = 3;

/// How [`nested_subscripts`] reads quotes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Quoting {
    /// As in a script: quotes group text.
    Shell,
    /// As in a here-document body: quotes are plain characters.
    Literal,
}

/// The byte offset of the first place in `text` where subscripts nest
/// deeper than [`MAX_NESTED_SUBSCRIPTS`]: `${NAME[` inside `${NAME[`, and
/// the subscript of a word that starts `NAME[` (which brush-parser tries
/// as an assignment). One pass that follows the quoting as bash does
/// (single quotes, double quotes, backslashes, in and out of `${ }`), so
/// that quotes can neither hide a nesting nor close one early (fuzz: a
/// `'` inside `"..."` once hid six levels).
pub(crate) fn nested_subscripts(text: &str, quoting: Quoting) -> Option<usize> {
    /// Where the scan is: inside double quotes, or inside a `${`.
    enum Ctx {
        Dq,
        Param(Open),
    }
    let b = text.as_bytes();
    // Inside a word that starts `NAME[`, until its `]`: the `[` open in it.
    let mut word_brackets: u32 = 0;
    // Twice the `${NAME[}` (closed before their `]`) met in that subscript.
    let mut broken: usize = 0;
    let mut stack: Vec<Ctx> = Vec::new();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        let in_dq = matches!(stack.last(), Some(Ctx::Dq));
        let quotes = quoting == Quoting::Shell;
        let word_start = i == 0
            || b.get(i - 1).is_some_and(|p| {
                matches!(p, b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'(' | b')')
            });
        match c {
            b'\\' => i += 1,
            b'\'' if quotes && !in_dq => {
                i += b
                    .get(i + 1..)
                    .unwrap_or_default()
                    .iter()
                    .take_while(|q| **q != b'\'')
                    .count()
                    + 1;
            }
            b'"' if quotes && in_dq => {
                stack.pop();
            }
            b'"' if quotes => stack.push(Ctx::Dq),
            b'$' if b.get(i + 1) == Some(&b'{') => {
                let (open, step) = Open::read(b, i);
                stack.push(Ctx::Param(open));
                i += step;
            }
            _ if word_start && stack.is_empty() && word_brackets == 0 => {
                let name = name_len(b, i);
                if name > 0 && b.get(i + name) == Some(&b'[') {
                    // The loop counts the `[` when it reaches it.
                    i += name - 1;
                }
            }
            b'[' => match stack.last_mut() {
                Some(Ctx::Param(top)) => top.bracket(),
                Some(Ctx::Dq) => {}
                None => word_brackets += 1,
            },
            b']' => match stack.last_mut() {
                Some(Ctx::Param(top)) => top.close_bracket(),
                Some(Ctx::Dq) => {}
                None => word_brackets = word_brackets.saturating_sub(1),
            },
            b'}' if matches!(stack.last(), Some(Ctx::Param(_))) => {
                if let Some(Ctx::Param(top)) = stack.pop()
                    && top.subscript
                    && word_brackets > 0
                {
                    // A `${NAME[}` in a word's subscript: brush-parser's
                    // subscript parser then reads its `[` as a bracket of
                    // the word's own and backtracks over each such one
                    // (fuzz F17: six take 90 s), so each counts as two
                    // levels (F18: `h[${a[${a[${}}}` took 4.7 ms a word).
                    broken += 2;
                    word_brackets = word_brackets.saturating_add(top.brackets);
                }
            }
            b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' if stack.is_empty() => {
                word_brackets = 0;
                broken = 0;
            }
            _ => {}
        }
        let params = stack
            .iter()
            .filter(|c| matches!(c, Ctx::Param(o) if o.subscript))
            .count();
        if usize::from(word_brackets > 0) + params + broken > MAX_NESTED_SUBSCRIPTS {
            return Some(i);
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::has_unclosed_paren_subst as unclosed_paren;
    use super::has_unclosed_subscript as unclosed;
    use super::{Quoting, nested_subscripts};

    fn nested_subscripts_sh(text: &str) -> Option<usize> {
        nested_subscripts(text, Quoting::Shell)
    }

    #[test]
    fn finds_deeply_nested_parameter_subscripts() {
        let deep = |n: usize| format!("echo \"{}1{}\"", "${a[".repeat(n), "]}".repeat(n));
        assert_eq!(nested_subscripts_sh(&deep(3)), None);
        assert!(nested_subscripts_sh(&deep(4)).is_some());
        assert_eq!(nested_subscripts_sh(&format!("echo '{}'", deep(6))), None);
        // In a here-document body quotes are plain text.
        let body = format!("it's {}\n", &deep(4)[5..]);
        assert_eq!(nested_subscripts_sh(&body), None);
        assert!(nested_subscripts(&body, Quoting::Literal).is_some());
    }

    #[test]
    fn finds_deeply_nested_subscripts_in_assignment_shaped_words() {
        let deep = |n: usize, close: &str| {
            let mut t = String::from("echo a[");
            for _ in 0..n {
                t.push_str("${a[");
            }
            t.push('1');
            for _ in 0..n {
                t.push_str(close);
            }
            t.push(']');
            t
        };
        assert_eq!(nested_subscripts_sh(&deep(2, "]}")), None);
        assert!(nested_subscripts_sh(&deep(3, "]}")).is_some());
        assert!(nested_subscripts_sh(&deep(3, "}")).is_some());
        // Not a word starting `NAME[`, quoted, or escaped: left alone.
        assert_eq!(
            nested_subscripts_sh(&deep(2, "]}").replace("echo a[", "echo x")),
            None
        );
        assert_eq!(
            nested_subscripts_sh(&format!("echo '{}'", deep(6, "]}"))),
            None
        );
        assert_eq!(
            nested_subscripts_sh("a[1]=2; b[${c[${d[1]}]}]=3 x[y]"),
            None
        );
    }

    #[test]
    fn counts_broken_parameter_subscripts_in_a_words_subscript() {
        // Each `${a[}` in a `NAME[` word's subscript counts two levels (F17, F18).
        let broken = |n: usize| format!("echo a[{}]", "${a[}".repeat(n));
        assert_eq!(nested_subscripts_sh(&broken(1)), None);
        assert!(nested_subscripts_sh(&broken(2)).is_some());
        assert!(nested_subscripts_sh("h[${a[${a[${}}}").is_some());
        assert!(nested_subscripts_sh("a[\"${a[}${a[}\"]").is_some());
        // Its leaked `[` keeps the word's subscript open past a `]`.
        assert!(nested_subscripts_sh("a[${a[}]${a[}]${a[}]").is_some());
        // Outside such a word they are left to expansion's bad substitution.
        assert_eq!(nested_subscripts_sh(&"${a[}".repeat(8)), None);
        assert_eq!(nested_subscripts_sh("a[${a[}] b[${a[}]"), None);
    }

    /// Checks that `check` finds every text of `unclosed` and none of `closed`.
    fn sorts(check: fn(&str) -> bool, unclosed: &[&str], closed: &[&str]) {
        for t in unclosed {
            assert!(check(t), "should be unclosed: {t}");
        }
        for t in closed {
            assert!(!check(t), "should be closed: {t}");
        }
    }

    #[test]
    fn finds_unclosed_brace_substitutions() {
        sorts(
            super::has_unclosed_brace_subst,
            &["a ${e+set\nb\n", "${a${b}", "${e+\"}", "x ${e+'}"],
            &[
                "a ${e+\"}\"} b",
                "a ${e+'}'} b",
                "a ${e-x\\}y} b",
                "it's ${x} \"",
                "\\${",
                "}}",
            ],
        );
    }

    #[test]
    fn finds_unclosed_paren_substitutions() {
        sorts(
            unclosed_paren,
            &["$(", " $((((((((", "a $(echo ( ) b", "$(( 1 + (2 )"],
            &[
                "$(echo)",
                "$((1 + (2)))",
                "( $(echo \\() )",
                "$(echo \"(\")",
                "$(echo '(')",
                "\\$(",
                "$(case a in a) echo;; esac)",
                "$( # a ( in a comment\necho hi\n)",
                "$(echo a#(b))",
            ],
        );
    }

    #[test]
    fn finds_subscripts_closed_by_a_brace_first() {
        for t in [
            "${a[}",
            "x${a[${a[}}",
            "${r[${a[}${m[${P[}$}}${}}",
            "${a[1",
            "${a[b[1]}",
            "${#a[}",
            "${!a[}",
        ] {
            assert!(unclosed(t), "{t}");
        }
        for t in [
            "${a[1]}",
            "${a[${b}]}",
            "${a[b[1]]}",
            "${a}${b}",
            "${#a[@]}",
            "\\${a[}",
            "${a}[",
            "$a[",
            "${!a[@]}",
        ] {
            assert!(!unclosed(t), "{t}");
        }
    }
}
