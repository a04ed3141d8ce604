//! Backslash escapes: those of the format string and those `%b` (and
//! `echo -e`) expands in its argument, which differ only in how octal
//! escapes are spelled and in `\c`.

/// The result of expanding `%b`-style escapes: the bytes, whether a `\c`
/// cut them short, and diagnostics (`missing hex digit for \x`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expanded {
    /// The expanded bytes, up to a `\c`.
    pub bytes: Vec<u8>,
    /// Whether a `\c` ended the text (and all further output).
    pub stopped: bool,
    /// Diagnostics, without the `printf: ` prefix.
    pub errors: Vec<String>,
}

/// Expands the escapes `printf %b` (and `echo -e`) understand: `\a \b \e
/// \E \f \n \r \t \v \\`, `\0NNN` and `\NNN` octal, `\xHH`, `\uHHHH`,
/// `\UHHHHHHHH`, and `\c`, which ends the text. Any other backslash is
/// kept.
pub fn expand_escapes(s: &str) -> Expanded {
    expand_escapes_in(s, true)
}

/// [`expand_escapes`] in a UTF-8 locale (`utf8`) or not (`\u00e9` then
/// stays an escape: see `crate::escapes::push_unicode`).
pub fn expand_escapes_in(s: &str, utf8: bool) -> Expanded {
    let mut e = Expanded::default();
    let raw = crate::bytes::encode(s);
    let b: &[u8] = &raw;
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if c != b'\\' {
            e.bytes.push(c);
            i += 1;
            continue;
        }
        match b.get(i + 1) {
            Some(b'c') => {
                e.stopped = true;
                return e;
            }
            Some(b'0') => {
                let (v, n) = octal(b, i + 2, 3);
                e.bytes.push((v & 0xff) as u8);
                i += 2 + n;
            }
            Some(b'1'..=b'7') => {
                let (v, n) = octal(b, i + 1, 3);
                e.bytes.push((v & 0xff) as u8);
                i += 1 + n;
            }
            _ => i += common_escape(b, i, &mut e.bytes, &mut e.errors, utf8),
        }
    }
    e
}

/// Reads up to `max` octal digits at `b[at..]`: their value and count.
pub(super) fn octal(b: &[u8], at: usize, max: usize) -> (u32, usize) {
    let mut v = 0u32;
    let mut n = 0;
    while n < max {
        match b.get(at + n) {
            Some(&d @ b'0'..=b'7') => v = v * 8 + u32::from(d - b'0'),
            _ => break,
        }
        n += 1;
    }
    (v, n)
}

/// Reads up to `max` hex digits at `b[at..]`: their value and count.
fn hex(b: &[u8], at: usize, max: usize) -> (u32, usize) {
    let mut v = 0u32;
    let mut n = 0;
    while n < max {
        match b.get(at + n).and_then(|d| char::from(*d).to_digit(16)) {
            Some(d) => v = v.wrapping_mul(16).wrapping_add(d),
            None => break,
        }
        n += 1;
    }
    (v, n)
}

/// Encodes a code point the way bash does, UTF-8's scheme extended to
/// any 31-bit value (surrogates included).
fn push_code_point(out: &mut Vec<u8>, cp: u32) {
    if let Some(c) = char::from_u32(cp) {
        let mut buf = [0u8; 4];
        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        return;
    }
    // Surrogates and values past U+10FFFF, as the plain UTF-8 algorithm
    // writes them.
    let cont = |shift: u32| 0x80 | ((cp >> shift) & 0x3f) as u8;
    if cp < 0x1_0000 {
        out.extend_from_slice(&[0xe0 | (cp >> 12) as u8, cont(6), cont(0)]);
    } else if cp < 0x20_0000 {
        out.extend_from_slice(&[0xf0 | (cp >> 18) as u8, cont(12), cont(6), cont(0)]);
    } else if cp < 0x400_0000 {
        out.extend_from_slice(&[
            0xf8 | (cp >> 24) as u8,
            cont(18),
            cont(12),
            cont(6),
            cont(0),
        ]);
    } else {
        out.extend_from_slice(&[
            0xfc | ((cp >> 30) & 0x01) as u8,
            cont(24),
            cont(18),
            cont(12),
            cont(6),
            cont(0),
        ]);
    }
}

/// The escapes the format and `%b` share: one escape at `b[at]` (a
/// backslash), written to `out`; returns the bytes consumed.
pub(super) fn common_escape(
    b: &[u8],
    at: usize,
    out: &mut Vec<u8>,
    errors: &mut Vec<String>,
    utf8: bool,
) -> usize {
    let Some(&c) = b.get(at + 1) else {
        out.push(b'\\');
        return 1;
    };
    let simple = match c {
        b'a' => Some(0x07),
        b'b' => Some(0x08),
        b'e' | b'E' => Some(0x1b),
        b'f' => Some(0x0c),
        b'n' => Some(b'\n'),
        b'r' => Some(b'\r'),
        b't' => Some(b'\t'),
        b'v' => Some(0x0b),
        b'\\' => Some(b'\\'),
        _ => None,
    };
    if let Some(s) = simple {
        out.push(s);
        return 2;
    }
    let (max, what) = match c {
        b'x' => (2, None),
        b'u' => (4, Some("\\u")),
        b'U' => (8, Some("\\U")),
        _ => {
            // Not an escape: the backslash stands for itself and the next
            // character is read normally (it may start a `%` directive).
            out.push(b'\\');
            return 1;
        }
    };
    let (v, n) = hex(b, at + 2, max);
    if n == 0 {
        match what {
            None => errors.push("missing hex digit for \\x".to_string()),
            Some(esc) => errors.push(format!("missing unicode digit for {esc}")),
        }
        out.push(b'\\');
        out.push(c);
        return 2;
    }
    match what {
        None => out.push((v & 0xff) as u8),
        Some(_) => crate::escapes::push_unicode(out, v, utf8, push_code_point),
    }
    2 + n
}
