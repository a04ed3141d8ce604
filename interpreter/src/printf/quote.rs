//! `%q`: quoting a string so the shell reads it back unchanged.

use std::fmt::Write as _;

/// Quotes `s` for reuse as shell input, as `printf %q` does: `''` when
/// empty, `$'...'` when it holds control characters, else backslashes
/// before the characters the shell would interpret.
pub fn quote(s: &str) -> String {
    quote_in(s, true)
}

/// [`quote`] in a UTF-8 locale (`utf8`) or not: in the C locale every
/// byte past ASCII is unprintable, so `é` is quoted as `$'\303\251'`.
pub fn quote_in(s: &str, utf8: bool) -> String {
    if s.is_empty() {
        return "''".to_string();
    }
    if needs_ansi_c(s, utf8) {
        return ansi_c_quote(s, utf8);
    }
    plain_quote(s)
}

/// Whether quoting `s` takes `$'...'`: it holds a character written as an
/// escape there.
pub fn needs_ansi_c(s: &str, utf8: bool) -> bool {
    s.chars().any(|c| unprintable(c, utf8))
}

/// Whether `c` is written as an escape inside `$'...'`: a control
/// character, a byte that is not valid UTF-8 (its stand-in, `bytes.rs`),
/// and in the C locale anything past ASCII.
fn unprintable(c: char, utf8: bool) -> bool {
    c.is_control() || (!utf8 && !c.is_ascii()) || crate::bytes::is_stand_in(c)
}

/// `s` in `$'...'`, unprintable characters as escapes or octal bytes.
pub fn ansi_c_quote(s: &str, utf8: bool) -> String {
    {
        let mut r = String::from("$'");
        for c in s.chars() {
            match c {
                '\x1b' => r.push_str("\\E"),
                '\x07' => r.push_str("\\a"),
                '\x08' => r.push_str("\\b"),
                '\x0c' => r.push_str("\\f"),
                '\n' => r.push_str("\\n"),
                '\r' => r.push_str("\\r"),
                '\t' => r.push_str("\\t"),
                '\x0b' => r.push_str("\\v"),
                '\\' | '\'' => {
                    r.push('\\');
                    r.push(c);
                }
                c if unprintable(c, utf8) => {
                    let mut bytes = Vec::with_capacity(4);
                    crate::bytes::push_char(&mut bytes, c);
                    for byte in bytes {
                        let _ = write!(r, "\\{byte:03o}");
                    }
                }
                c => r.push(c),
            }
        }
        r.push('\'');
        r
    }
}

/// `s` with a backslash before every character the shell would interpret.
fn plain_quote(s: &str) -> String {
    let mut r = String::with_capacity(s.len() + 4);
    let mut prev = None;
    for (i, c) in s.chars().enumerate() {
        match c {
            ' ' | '\t' | '\n' | '\'' | '"' | '\\' | '|' | '&' | ';' | '(' | ')' | '<' | '>'
            | '!' | '{' | '}' | '*' | '[' | '?' | ']' | '^' | '$' | '`' | ',' => r.push('\\'),
            '~' if i == 0 || prev == Some('=') || prev == Some(':') => r.push('\\'),
            '#' if i == 0 => r.push('\\'),
            _ => {}
        }
        r.push(c);
        prev = Some(c);
    }
    r
}
