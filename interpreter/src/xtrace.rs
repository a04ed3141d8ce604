//! `set -x`: the trace lines bash writes before running a command.
//!
//! Each line is `PS4` expanded (as in double quotes, with tracing off
//! meanwhile), its first character repeated once more per `$( )`, `eval`
//! and `source` level the command runs in, then the traced text. Lines go
//! to the descriptor `BASH_XTRACEFD` names when it is open for writing,
//! else to stderr. Words are quoted as bash's `xtrace_print_word_list`
//! quotes them: single quotes around a word holding a shell
//! metacharacter, `''` for an empty word.

use crate::io::Fd;
use crate::shell::Shell;

/// Whether bash's `sh_contains_shell_metas` holds: the word needs quotes
/// to be read back as itself.
fn has_shell_metas(s: &str) -> bool {
    let mut prev: Option<char> = None;
    for (i, c) in s.char_indices() {
        let meta = match c {
            ' ' | '\t' | '\n' | '\'' | '"' | '\\' | '|' | '&' | ';' | '(' | ')' | '<' | '>'
            | '!' | '{' | '}' | '*' | '[' | '?' | ']' | '^' | '$' | '`' => true,
            '~' => i == 0 || matches!(prev, Some('=' | ':')),
            '#' => i == 0,
            _ => false,
        };
        if meta {
            return true;
        }
        prev = Some(c);
    }
    false
}

/// A traced word: `''` when empty, single-quoted when it holds a shell
/// metacharacter, `$'...'` when it holds a character the locale cannot
/// print (`utf8`: a UTF-8 locale, else C), else as it is.
pub(crate) fn quote_word(s: &str, utf8: bool) -> String {
    if s.is_empty() {
        "''".into()
    } else if has_shell_metas(s) {
        crate::expand::single_quote(s)
    } else if s.chars().any(|c| !printable(c, utf8)) {
        ansi_c_quote(s, utf8)
    } else {
        s.to_owned()
    }
}

/// A traced assignment's value: nothing when empty, else as a word.
pub(crate) fn quote_value(s: &str, utf8: bool) -> String {
    if s.is_empty() {
        String::new()
    } else {
        quote_word(s, utf8)
    }
}

fn printable(c: char, utf8: bool) -> bool {
    if c.is_ascii() {
        !c.is_ascii_control()
    } else {
        // U+10FF80 and up stand for raw bytes (`bytes.rs`).
        utf8 && !c.is_control() && u32::from(c) < 0x10_FF80
    }
}

/// Bash's `ansic_quote`: `$'...'` with C escapes and octal bytes.
fn ansi_c_quote(s: &str, utf8: bool) -> String {
    let mut out = String::from("$'");
    for c in s.chars() {
        match c {
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\x1b' => out.push_str("\\E"),
            '\x0c' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\x0b' => out.push_str("\\v"),
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            c if printable(c, utf8) => out.push(c),
            c => {
                for b in crate::bytes::encode(&c.to_string()).iter() {
                    out.push_str(&format!("\\{b:03o}"));
                }
            }
        }
    }
    out.push('\'');
    out
}

impl Shell {
    /// Writes one trace line for `text` (`+ cmd`).
    pub(crate) fn trace(&mut self, text: &str) {
        let ps4 = self.expanded_ps4();
        let mut line = String::with_capacity(ps4.len() + text.len() + 8);
        if let Some(first) = ps4.chars().next() {
            for _ in 0..self.xtrace_level.min(64) {
                line.push(first);
            }
        }
        line.push_str(&ps4);
        line.push_str(text);
        line.push('\n');
        let fd = self
            .vars
            .get_str("BASH_XTRACEFD")
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|n| matches!(self.fds.get(*n), Some(Fd::Out(_))))
            .unwrap_or(2);
        if let Some(out) = self.fds.output(fd) {
            let _ = std::io::Write::write_all(&mut &out, &crate::bytes::encode(&line));
        }
    }

    /// `PS4` expanded as in double quotes; `+ ` when unset.
    fn expanded_ps4(&mut self) -> String {
        let Some(raw) = self.vars.get_str("PS4").map(str::to_owned) else {
            return "+ ".into();
        };
        if !raw.contains(['$', '`', '\\']) {
            return raw;
        }
        self.expand_in_prompt(raw)
    }

    /// A prompt string's parameters, command substitutions and arithmetic
    /// expanded as in double quotes (bash's `promptvars`), the status kept
    /// and nothing traced; `text` itself when it does not parse.
    pub(crate) fn expand_in_prompt(&mut self, text: String) -> String {
        if !text.contains(['$', '`', '\\']) {
            return text;
        }
        let quoted = format!("\"{}\"", text.replace('"', "\\\""));
        let Ok(word) = crate::syntax::parser::word(&quoted, self.limits.max_parse_depth) else {
            return text;
        };
        let saved = std::mem::replace(&mut self.opts.xtrace, false);
        let status = self.last_status;
        let r = self.expand_string(&word);
        self.last_status = status;
        self.opts.xtrace = saved;
        r.unwrap_or(text)
    }

    /// Traces one binary test of `[[ ]]` as bash does: the operands
    /// expanded and unquoted, a pattern's quoted characters escaped.
    pub(crate) fn trace_test_binary(
        &mut self,
        bang: &str,
        p: &brush_parser::ast::BinaryPredicate,
        written: &str,
        left: &str,
        r: &crate::ast::Word,
    ) -> Result<(), crate::shell::Flow> {
        use brush_parser::ast::BinaryPredicate as B;
        let right = match p {
            B::StringExactlyMatchesPattern | B::StringDoesNotExactlyMatchPattern => {
                let mut out = String::new();
                for piece in self.expand_pattern(r)? {
                    match piece {
                        crate::pattern::PatternPiece::Pattern(t) => out.push_str(&t),
                        crate::pattern::PatternPiece::Literal(t) => {
                            for c in t.chars() {
                                out.push('\\');
                                out.push(c);
                            }
                        }
                    }
                }
                out
            }
            _ => self.expand_string(r)?,
        };
        let (left, right) = (test_operand(left), test_operand(&right));
        self.trace(&format!("[[ {bang}{left} {written} {right} ]]"));
        Ok(())
    }

    /// Runs `f` one trace level deeper (`eval`, `source`).
    pub(crate) fn trace_nested<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        self.xtrace_level = self.xtrace_level.saturating_add(1);
        let r = f(self);
        self.xtrace_level = self.xtrace_level.saturating_sub(1);
        r
    }
}

/// An operand of `[[ ]]` as bash traces it: as it is, but `''` when
/// empty.
pub(crate) fn test_operand(s: &str) -> &str {
    if s.is_empty() { "''" } else { s }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_as_bash() {
        let q = |s| quote_word(s, false);
        assert_eq!(q(""), "''");
        assert_eq!(q("abc"), "abc");
        assert_eq!(q("a b"), "'a b'");
        assert_eq!(q("it's"), r"'it'\''s'");
        assert_eq!(q("^"), "'^'");
        assert_eq!(q("%"), "%");
        assert_eq!(q("~a"), "'~a'");
        assert_eq!(q("a~"), "a~");
        assert_eq!(q("x=~"), "'x=~'");
        assert_eq!(q("#a"), "'#a'");
        assert_eq!(q("a#"), "a#");
        assert_eq!(q("a=b"), "a=b");
        assert_eq!(q("é"), r"$'\303\251'");
        assert_eq!(q("a\x01"), r"$'a\001'");
        assert_eq!(quote_word("é", true), "é");
        assert_eq!(quote_value("", false), "");
        assert_eq!(quote_value("two words", false), "'two words'");
    }
}
