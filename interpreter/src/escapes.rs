//! Backslash escapes: `$'...'` quoting and `echo -e`.
//!
//! Escapes give bytes (`\xff`, `\351`) as well as characters (`\u00e9`):
//! the result is built as bytes and then decoded (`crate::bytes`), so
//! `\xc3\xa9` is `é` and a lone `\xff` stays one raw byte.

use crate::bytes::{decode_vec, push_char};

thread_local! {
    /// Whether the text being parsed on this thread decodes `$'\u…'` for
    /// a UTF-8 locale: bash decodes `$'...'` when it reads the command,
    /// in the locale of that moment (see [`parsing_in`]).
    static PARSE_UTF8: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// Runs `parse` with `$'...'` decoded in a UTF-8 locale (`utf8`) or not:
/// the shell reads each command in the locale its variables name then.
pub(crate) fn parsing_in<T>(utf8: bool, parse: impl FnOnce() -> T) -> T {
    let old = PARSE_UTF8.with(|c| c.replace(utf8));
    let r = parse();
    PARSE_UTF8.with(|c| c.set(old));
    r
}

/// Whether the text being read now decodes `$'\u…'` for a UTF-8 locale.
pub(crate) fn parsing_utf8() -> bool {
    PARSE_UTF8.with(std::cell::Cell::get)
}

/// Decodes the escapes of `$'...'` text, in the locale the text is read
/// in (UTF-8 unless [`parsing_in`] says otherwise).
///
/// A NUL ends the text, as in bash, whose strings cannot hold one
/// (`$'a\0b'` is `a`).
pub fn ansi_c(s: &str) -> String {
    ansi_c_in(s, PARSE_UTF8.with(std::cell::Cell::get))
}

/// [`ansi_c`] in a UTF-8 locale (`utf8`) or not (`\u00e9` is then written
/// back as the escape: see [`push_unicode`]); `${v@E}` decodes in the
/// locale of the moment.
pub fn ansi_c_in(s: &str, utf8: bool) -> String {
    let mut text = decode(s, false, utf8).0;
    if let Some(nul) = text.find('\0') {
        text.truncate(nul);
    }
    text
}

/// Decodes `echo -e` escapes in a locale whose character set is UTF-8
/// (`utf8`) or not (the C locale: see [`push_unicode`]); the flag is true
/// when `\c` asked to stop all further output.
pub fn echo_in(s: &str, utf8: bool) -> (String, bool) {
    decode(s, true, utf8)
}

/// Writes the character a `\u`/`\U` escape names. Outside a UTF-8
/// locale only ASCII has a byte: any other character is written back as
/// the escape, `\u00E9` (four hex digits) or `\U0001F600` (eight), as
/// bash's `u32tocesc` does when the locale cannot encode it.
pub(crate) fn push_unicode(
    out: &mut Vec<u8>,
    cp: u32,
    utf8: bool,
    encode: impl FnOnce(&mut Vec<u8>, u32),
) {
    if utf8 {
        encode(out, cp);
    } else if cp <= 0x7f {
        out.push(cp as u8);
    } else if cp <= 0xffff {
        out.extend_from_slice(format!("\\u{cp:04X}").as_bytes());
    } else {
        out.extend_from_slice(format!("\\U{cp:08X}").as_bytes());
    }
}

fn decode(s: &str, echo_mode: bool, utf8: bool) -> (String, bool) {
    let mut out: Vec<u8> = Vec::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            push_char(&mut out, c);
            continue;
        }
        let Some(e) = chars.next() else {
            push_char(&mut out, '\\');
            break;
        };
        match e {
            'a' => push_char(&mut out, '\x07'),
            'b' => push_char(&mut out, '\x08'),
            'e' | 'E' => push_char(&mut out, '\x1b'),
            'f' => push_char(&mut out, '\x0c'),
            'n' => push_char(&mut out, '\n'),
            'r' => push_char(&mut out, '\r'),
            't' => push_char(&mut out, '\t'),
            'v' => push_char(&mut out, '\x0b'),
            '\\' => push_char(&mut out, '\\'),
            '\'' if !echo_mode => push_char(&mut out, '\''),
            '"' if !echo_mode => push_char(&mut out, '"'),
            '?' if !echo_mode => push_char(&mut out, '?'),
            'c' if echo_mode => return (decode_vec(out), true),
            'c' => {
                // `\cX`: control character.
                match chars.next() {
                    Some(x) => out.push((x as u8) & 0x1f),
                    None => out.extend_from_slice(b"\\c"),
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
                    out.extend_from_slice(b"\\x");
                } else {
                    out.push((v & 0xff) as u8);
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
                    push_char(&mut out, '\\');
                    push_char(&mut out, e);
                } else {
                    push_unicode(&mut out, v, utf8, |out, v| {
                        push_char(out, char::from_u32(v).unwrap_or('\u{fffd}'))
                    });
                }
            }
            '0'..='7' => {
                // `$'\NNN'` takes up to three octal digits; `echo -e '\0NNN'`
                // takes a leading 0 and up to three more.
                let mut v = e.to_digit(8).unwrap_or(0);
                let max = if echo_mode && e == '0' { 3 } else { 2 };
                if echo_mode && e != '0' {
                    push_char(&mut out, '\\');
                    push_char(&mut out, e);
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
                out.push((v & 0xff) as u8);
            }
            other => {
                push_char(&mut out, '\\');
                push_char(&mut out, other);
            }
        }
    }
    (decode_vec(out), false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_ansi_c() {
        assert_eq!(ansi_c(r"a\nb\tc"), "a\nb\tc");
        assert_eq!(ansi_c(r"\x41\101\u00e9"), "AAé");
        assert_eq!(ansi_c(r"\'\\"), "'\\");
        assert_eq!(ansi_c(r"\xc3\xa9|\351"), "é|\u{10ffe9}");
        assert_eq!(ansi_c(r"a\0b"), "a");
        assert_eq!(ansi_c(r"a\x00b"), "a");
    }

    #[test]
    fn echo_stops_at_backslash_c() {
        assert_eq!(echo_in(r"ab\cde", true), ("ab".to_string(), true));
        assert_eq!(echo_in(r"\0101", true), ("A".to_string(), false));
        assert_eq!(echo_in(r"\q", true), ("\\q".to_string(), false));
    }

    #[test]
    fn unicode_escapes_outside_utf8_stay_escapes() {
        assert_eq!(echo_in(r"\u00e9\u41", false).0, r"\u00E9A");
        assert_eq!(echo_in(r"\U1F600", false).0, r"\U0001F600");
        assert_eq!(echo_in(r"\u00e9", true).0, "é");
    }
}
