//! Backslash escapes: `$'...'` quoting and `echo -e`.

/// Decodes the escapes of `$'...'` text.
pub fn ansi_c(s: &str) -> String {
    decode(s, false).0
}

/// Decodes `echo -e` escapes; the flag is true when `\c` asked to stop
/// all further output.
pub fn echo(s: &str) -> (String, bool) {
    decode(s, true)
}

fn decode(s: &str, echo_mode: bool) -> (String, bool) {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(e) = chars.next() else {
            out.push('\\');
            break;
        };
        match e {
            'a' => out.push('\x07'),
            'b' => out.push('\x08'),
            'e' | 'E' => out.push('\x1b'),
            'f' => out.push('\x0c'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'v' => out.push('\x0b'),
            '\\' => out.push('\\'),
            '\'' if !echo_mode => out.push('\''),
            '"' if !echo_mode => out.push('"'),
            '?' if !echo_mode => out.push('?'),
            'c' if echo_mode => return (out, true),
            'c' => {
                // `\cX`: control character.
                match chars.next() {
                    Some(x) => out.push(char::from((x as u8) & 0x1f)),
                    None => out.push_str("\\c"),
                }
            }
            'x' => {
                let mut v = 0u32;
                let mut n = 0;
                while n < 2 {
                    match chars.peek().and_then(|c| c.to_digit(16)) {
                        Some(d) => {
                            v = v * 16 + d;
                            chars.next();
                            n += 1;
                        }
                        None => break,
                    }
                }
                if n == 0 {
                    out.push_str("\\x");
                } else {
                    push_byte(&mut out, v);
                }
            }
            'u' | 'U' => {
                let max = if e == 'u' { 4 } else { 8 };
                let mut v = 0u32;
                let mut n = 0;
                while n < max {
                    match chars.peek().and_then(|c| c.to_digit(16)) {
                        Some(d) => {
                            v = v.wrapping_mul(16).wrapping_add(d);
                            chars.next();
                            n += 1;
                        }
                        None => break,
                    }
                }
                if n == 0 {
                    out.push('\\');
                    out.push(e);
                } else {
                    out.push(char::from_u32(v).unwrap_or('\u{fffd}'));
                }
            }
            '0'..='7' => {
                // `$'\NNN'` takes up to three octal digits; `echo -e '\0NNN'`
                // takes a leading 0 and up to three more.
                let mut v = e.to_digit(8).unwrap_or(0);
                let max = if echo_mode && e == '0' { 3 } else { 2 };
                if echo_mode && e != '0' {
                    out.push('\\');
                    out.push(e);
                    continue;
                }
                for _ in 0..max {
                    match chars.peek().and_then(|c| c.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                push_byte(&mut out, v & 0xff);
            }
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
    (out, false)
}

/// Bytes above 0x7f cannot stand alone in a `String`; they become the
/// Unicode scalar of the same value (Latin-1), a lossless stand-in.
fn push_byte(out: &mut String, v: u32) {
    out.push(char::from_u32(v).unwrap_or('\u{fffd}'));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_ansi_c() {
        assert_eq!(ansi_c(r"a\nb\tc"), "a\nb\tc");
        assert_eq!(ansi_c(r"\x41\101\u00e9"), "AAé");
        assert_eq!(ansi_c(r"\'\\"), "'\\");
    }

    #[test]
    fn echo_stops_at_backslash_c() {
        assert_eq!(echo(r"ab\cde"), ("ab".to_string(), true));
        assert_eq!(echo(r"\0101"), ("A".to_string(), false));
        assert_eq!(echo(r"\q"), ("\\q".to_string(), false));
    }
}
