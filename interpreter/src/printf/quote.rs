//! `%q`: quoting a string so the shell reads it back unchanged.

use std::fmt::Write as _;

/// Quotes `s` for reuse as shell input, as `printf %q` does: `''` when
/// empty, `$'...'` when it holds control characters, else backslashes
/// before the characters the shell would interpret.
pub fn quote(s: &str) -> String {
    if s.is_empty() {
        return "''".to_string();
    }
    if s.chars().any(char::is_control) {
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
                c if c.is_control() => {
                    let mut buf = [0u8; 4];
                    for byte in c.encode_utf8(&mut buf).bytes() {
                        let _ = write!(r, "\\{byte:03o}");
                    }
                }
                c => r.push(c),
            }
        }
        r.push('\'');
        return r;
    }
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
