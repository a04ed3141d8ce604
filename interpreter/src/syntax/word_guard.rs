//! Shapes of words and here-document bodies that bash refuses when it
//! expands them, found before the word is split into pieces: an unclosed
//! `$((`, `${` or subscript is bash's `bad substitution` at expansion, and
//! more than six `$`-pieces nested inside double quotes is `maximum nesting
//! depth exceeded`. Each check is one linear pass over the text.
//!
//! Invariant: every word and body the resolver reads passes these checks
//! first, so the word reader (`word/`) only sees closed expansions, checked
//! by `tests/conformance/cases/heredoc/unclosed_command_subst.sh`,
//! `unclosed_brace_subst.sh`, `errors/unclosed_subscript.sh` and this
//! module's tests (history: `fuzz/FINDINGS.md` F10, F12, F15, F16, F20).

/// Whether a here-document body holds a `$(` that is never closed. One
/// pass with a stack of open `$(` and their inner parens; quotes are
/// skipped inside `$( )` only (in the body itself they are plain text),
/// backslashes escape. An odd `)` (a `case` pattern) closes early, which
/// can only make this answer `false` and leave the body to brush-parser.
///
/// `whole`: where the `$( )`s the lexer read as commands start and end
/// (`word::read_whole`), each passed over as closed.
pub(crate) fn has_unclosed_paren_subst(text: &str, whole: &[(usize, usize)]) -> bool {
    let b = text.as_bytes();
    // For each open `$(`, the inner `(` not yet closed.
    let mut stack: Vec<u32> = Vec::new();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if let Some(end) = read_whole_end(whole, i) {
            i = end;
            continue;
        }
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
                i += line_rest(b, i);
            }
            _ => {}
        }
        i += 1;
    }
    !stack.is_empty()
}

/// The end of the `$( )` read as commands that starts at `at`, if one does.
fn read_whole_end(whole: &[(usize, usize)], at: usize) -> Option<usize> {
    let i = whole.binary_search_by_key(&at, |(start, _)| *start).ok()?;
    whole.get(i).map(|(_, end)| *end).filter(|end| *end > at)
}

/// How many bytes from `b[at]` to the end of its line (a comment's length).
fn line_rest(b: &[u8], at: usize) -> usize {
    b.get(at..)
        .unwrap_or_default()
        .iter()
        .take_while(|c| **c != b'\n')
        .count()
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

/// How [`dollar_nesting`] reads quotes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Quoting {
    /// As in a script: quotes group text.
    Shell,
    /// As in a here-document body: quotes are plain characters.
    Literal,
}

/// How deep `${`, `$(` and `$[` may nest when each is opened inside
/// double quotes (or at a here-document body's top level, which brush
/// reads as double-quoted). brush-parser parses such a piece twice (its
/// quoted-text rule first looks ahead over the whole piece, then the piece
/// is parsed for real), so the time doubles per level: `${v:-"x` nested 14
/// deep takes 7.5 ms in a 100-byte word, 6 deep over 100 KB 0.13 s (fuzz
/// F20). `"$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")"` is 3.
pub(crate) const MAX_QUOTED_DOLLAR_NESTING: usize = 6;

/// What [`dollar_nesting`] found in a word or here-document body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DollarNesting {
    /// The closer the outermost construct left open at the end waits for
    /// (`}`, `)`, `]` or a backquote), and where that construct starts.
    pub unclosed: Option<(u8, usize)>,
    /// The most `$`-constructs opened inside double quotes that were open
    /// at once (see [`MAX_QUOTED_DOLLAR_NESTING`]).
    pub quoted_depth: usize,
}

impl DollarNesting {
    /// bash's message for an expansion left open, as bash 5.2 words it:
    /// the whole text after `no closing `}'`, the text from the backquote
    /// on after `no closing "`"`.
    pub(crate) fn unclosed_message(&self, text: &str) -> Option<String> {
        let (closer, shown) = match self.unclosed? {
            (b'`', at) => ("\"`\"".to_owned(), text.get(at..).unwrap_or(text)),
            (c, _) => (format!("`{}'", char::from(c)), text),
        };
        Some(format!("bad substitution: no closing {closer} in {shown}"))
    }
}

/// Whether the comment at the start of `rest` (up to its newline) holds
/// nothing brush-parser would parse as structure: no `$`, backquote or
/// double quote, and no `(` left unclosed.
/// When it does, `code_until` is set to the end of its line (`at` is where
/// it starts), so that a `#` later on that line is not looked at again and
/// the caller's pass stays linear.
fn plain_comment(rest: &[u8], code_until: &mut usize, at: usize) -> bool {
    let line = rest.iter().take_while(|c| **c != b'\n').count();
    let mut parens = 0i64;
    let mut plain = true;
    for &c in rest.get(..line).unwrap_or_default() {
        match c {
            b'$' | b'`' | b'"' => plain = false,
            b'(' => parens += 1,
            b')' => parens -= 1,
            _ => {}
        }
    }
    if !plain || parens > 0 {
        *code_until = at.saturating_add(line);
        return false;
    }
    true
}

/// Reads `text` as bash finds the end of each expansion (its
/// `parse_matched_pair`): one pass with a stack of open `"`, `${`, `$(`,
/// `$[` and backquotes, quotes and backslashes taken as bash takes them
/// inside each (single quotes and `"` quote inside `${ }` and `$( )` even
/// in a here-document; a `#` starting a word in `$( )` comments to the end
/// of the line). brush-parser backtracks exponentially over a here-document
/// body whose `${v:` are left open behind double quotes (fuzz F20:
/// `${v:"[` sixteen times, then sixteen `}`: 0.4 s, each level ×2); bash
/// refuses such a text as a bad substitution, so the caller does so before
/// brush sees it, and refuses closed nesting deeper than
/// [`MAX_QUOTED_DOLLAR_NESTING`].
///
/// The `$( )`s in `whole` (as for [`has_unclosed_paren_subst`]), those
/// holding a case arm or a here-document, are passed over as closed.
pub(crate) fn dollar_nesting(
    text: &str,
    quoting: Quoting,
    whole: &[(usize, usize)],
) -> DollarNesting {
    /// An open construct.
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Frame {
        Dq,
        /// A backquote, and where it is.
        Backquote(usize),
        /// `${` (`close` `}`), `$(` (`)`) or `$[` (`]`): the inner
        /// `open` not yet closed, whether it was opened inside double
        /// quotes, and whether it holds commands (`$(` but not `$((`).
        Dollar {
            open: u8,
            close: u8,
            inner: u32,
            quoted: bool,
            commands: bool,
        },
    }
    let b = text.as_bytes();
    let mut stack: Vec<Frame> = Vec::new();
    // The `Dollar` frames on the stack with `quoted` set.
    let mut quoted_open = 0usize;
    let mut quoted_depth = 0usize;
    // Up to here a comment was found to hold work for brush-parser: its
    // text is read as code (see `plain_comment`).
    let mut code_until = 0usize;
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if let Some(end) = read_whole_end(whole, i) {
            i = end;
            continue;
        }
        let top = stack.last().copied();
        // Where bash reads text as double-quoted: inside `"`, and at the
        // top of a here-document body, whose quotes are plain characters.
        let dq_like = match top {
            Some(Frame::Dq) => true,
            None => quoting == Quoting::Literal,
            _ => false,
        };
        if let Some(Frame::Backquote(_)) = top {
            match c {
                b'\\' => i += 1,
                b'`' => {
                    stack.pop();
                }
                _ => {}
            }
            i += 1;
            continue;
        }
        match c {
            b'\\' => i += 1,
            b'$' if matches!(b.get(i + 1), Some(b'{' | b'(' | b'[')) => {
                let (open, close) = match b.get(i + 1) {
                    Some(b'{') => (b'{', b'}'),
                    Some(b'(') => (b'(', b')'),
                    _ => (b'[', b']'),
                };
                stack.push(Frame::Dollar {
                    open,
                    close,
                    inner: 0,
                    quoted: dq_like,
                    commands: open == b'(' && b.get(i + 2) != Some(&b'('),
                });
                if dq_like {
                    quoted_open += 1;
                    quoted_depth = quoted_depth.max(quoted_open);
                }
                i += 1;
            }
            b'`' => stack.push(Frame::Backquote(i)),
            b'"' if top == Some(Frame::Dq) => {
                stack.pop();
            }
            // A `"` at the top of a body is a plain character.
            b'"' if !dq_like => stack.push(Frame::Dq),
            // Single quotes quote outside double quotes (in `${ }` and
            // `$( )` too); `$'...'` honours backslashes.
            b'\'' if !dq_like => {
                let ansi = i > 0 && b.get(i - 1) == Some(&b'$');
                i += 1;
                while let Some(&q) = b.get(i) {
                    if q == b'\'' {
                        break;
                    }
                    if ansi && q == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            // A comment in `$( )` (not in `$((`, which holds arithmetic),
            // skipped as bash skips it, unless brush-parser, which knows no
            // comments there, would find work in it: an expansion, a
            // double quote, or a `(` left open (each doubles its time: a
            // body's `$( #` and 22 `(` took 1.5 s).
            b'#' if matches!(top, Some(Frame::Dollar { commands: true, .. }))
                && i.checked_sub(1)
                    .and_then(|p| b.get(p))
                    .is_some_and(|p| p.is_ascii_whitespace() || matches!(p, b'(' | b';'))
                && i >= code_until
                && plain_comment(b.get(i..).unwrap_or_default(), &mut code_until, i) =>
            {
                i += line_rest(b, i);
            }
            _ => {
                if let Some(Frame::Dollar {
                    open,
                    close,
                    inner,
                    quoted,
                    ..
                }) = stack.last_mut()
                {
                    if c == *close && *inner == 0 {
                        if *quoted {
                            quoted_open = quoted_open.saturating_sub(1);
                        }
                        stack.pop();
                    } else if c == *close {
                        *inner -= 1;
                    } else if c == *open && *open != b'{' {
                        *inner = inner.saturating_add(1);
                    }
                }
            }
        }
        i += 1;
    }
    let unclosed = stack.iter().find_map(|f| match f {
        Frame::Dq => None,
        Frame::Backquote(at) => Some((b'`', *at)),
        Frame::Dollar { close, .. } => Some((*close, 0)),
    });
    DollarNesting {
        unclosed,
        quoted_depth,
    }
}

#[cfg(test)]
mod tests {
    use super::Quoting;
    use super::has_unclosed_paren_subst as unclosed_paren;
    use super::has_unclosed_subscript as unclosed;

    #[test]
    fn finds_expansions_left_open_behind_double_quotes() {
        use super::{MAX_QUOTED_DOLLAR_NESTING as MAX, dollar_nesting};
        let open = |t: &str, q| dollar_nesting(t, q, &[]).unclosed.map(|(c, _)| c);
        // F20: `${v:"[` repeated, then as many `}`: every `}` is quoted, so
        // the outer `${` never closes (bash: no closing `}'), though
        // F15's check, pairing the quotes, sees the braces balanced.
        let f20 = format!("{}{}", "${v:\"[".repeat(16), "}".repeat(16));
        assert!(!super::has_unclosed_brace_subst(&f20));
        assert_eq!(open(&f20, Quoting::Literal), Some(b'}'));
        assert_eq!(open(&format!("x{f20}"), Quoting::Shell), Some(b'}'));
        assert_eq!(open("a `echo ${x}", Quoting::Literal), Some(b'`'));
        // bash shows the text from the backquote on.
        let bq = dollar_nesting("a `echo", Quoting::Literal, &[]).unclosed_message("a `echo");
        assert_eq!(
            bq.as_deref(),
            Some("bad substitution: no closing \"`\" in `echo")
        );
        assert_eq!(open("$(echo \"$(date)\"", Quoting::Literal), Some(b')'));
        // A comment brush-parser would read as code is read as code.
        assert_eq!(open("$( #((((\n)", Quoting::Literal), Some(b')'));
        // Ordinary texts, quotes and comments as bash reads them.
        for t in [
            "it's \"${x:-\"}\"}\" $(echo ')') ${x:-'}'} `echo }`",
            "${x:-{a} $(( (1+2) )) $[1+1] \\${ \\$(",
            "$(\n# don't (see below)\necho hi\n)",
            "\"$(dirname \"$(readlink -f \"${BASH_SOURCE[0]}\")\")\"",
        ] {
            assert_eq!(open(t, Quoting::Literal), None, "{t}");
        }
        assert_eq!(open("'${' \"}\" $'\\'${'", Quoting::Shell), None);
        // Closed nesting through double quotes is measured, not refused here.
        let deep = |n: usize| format!("{}x{}", "${v:-\"".repeat(n), "\"}".repeat(n));
        let d = dollar_nesting(&deep(MAX), Quoting::Shell, &[]);
        assert_eq!((d.unclosed, d.quoted_depth), (None, MAX - 1));
        assert_eq!(
            dollar_nesting(&deep(MAX + 2), Quoting::Shell, &[]).quoted_depth,
            MAX + 1
        );
        assert_eq!(
            dollar_nesting(&deep(MAX + 1), Quoting::Literal, &[]).quoted_depth,
            MAX + 1
        );
        // Unquoted nesting is cheap for brush-parser and not counted.
        let plain = format!("{}x{}", "${v:-".repeat(20), "}".repeat(20));
        assert_eq!(dollar_nesting(&plain, Quoting::Shell, &[]).quoted_depth, 0);
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
            |t| unclosed_paren(t, &crate::syntax::word::read_whole(t, 100)),
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
                "$(cat <<E\ndon't ) (\nE\n)",
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
