//! Shell text is bytes; our strings are UTF-8. This module is the one
//! lossless bridge between them.
//!
//! Bash words, variables and file contents are arbitrary bytes, while the
//! interpreter keeps text in Rust `String`s so that patterns, lengths and
//! slicing work per character as bash's UTF-8 locale does. Bytes that are
//! not UTF-8 (`$'\xff'`, a `$( )` capturing binary output, a script file
//! in Latin-1) would be lost to U+FFFD by a lossy conversion, and a
//! script that round-trips them (`x=$(printf '\xff'); printf %s "$x"`)
//! would write three bytes where bash writes one.
//!
//! So each byte that is not part of valid UTF-8 becomes one stand-in
//! character, `U+10FF00 + byte` (the top of the last private-use plane,
//! which text does not use), and [`encode`] turns the stand-ins back into
//! their bytes wherever text leaves the shell (output, here-documents,
//! arguments written out). To keep the mapping lossless in both
//! directions, a real U+10FF80..U+10FFFF in the input is treated as the
//! four bytes it is made of, so it comes back out unchanged too.
//!
//! An invalid byte then counts as one character (`${#x}` is 1), as in
//! bash, and compares equal only to the same byte.

use std::borrow::Cow;

/// The stand-in for byte `b` (0x80..=0xFF) is `STAND_IN_BASE + b`.
const STAND_IN_BASE: u32 = 0x10_FF00;

/// The first byte of every UTF-8 sequence in U+100000..U+10FFFF: text
/// without it holds no stand-in, the fast path of both directions.
const PLANE_16_LEAD: u8 = 0xF4;

/// Whether `c` stands for a raw byte.
fn stand_in_byte(c: char) -> Option<u8> {
    let v = u32::from(c).checked_sub(STAND_IN_BASE)?;
    u8::try_from(v).ok().filter(|b| *b >= 0x80)
}

/// Whether `c` stands for a raw byte that is not valid UTF-8.
pub fn is_stand_in(c: char) -> bool {
    stand_in_byte(c).is_some()
}

/// The stand-in character for a byte that is not valid UTF-8 here.
fn stand_in(b: u8) -> char {
    // 0x10FF80..=0x10FFFF are all valid scalar values.
    char::from_u32(STAND_IN_BASE + u32::from(b)).unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// Shell text for `bytes`: valid UTF-8 as it is, every other byte as its
/// stand-in.
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) if !bytes.contains(&PLANE_16_LEAD) => Cow::Borrowed(s),
        _ => Cow::Owned(decode_slow(bytes)),
    }
}

/// [`decode`] for owned bytes, without a copy when they are plain UTF-8.
pub fn decode_vec(bytes: Vec<u8>) -> String {
    if bytes.contains(&PLANE_16_LEAD) {
        return decode_slow(&bytes);
    }
    match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => decode_slow(e.as_bytes()),
    }
}

fn decode_slow(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + bytes.len() / 2);
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if stand_in_byte(c).is_some() {
                // A real character from the stand-in range: keep its
                // bytes, so that encoding gives them back unchanged.
                let mut buf = [0u8; 4];
                out.extend(c.encode_utf8(&mut buf).bytes().map(stand_in));
            } else {
                out.push(c);
            }
        }
        out.extend(chunk.invalid().iter().map(|b| stand_in(*b)));
    }
    out
}

/// How many bytes `text` stands for (a stand-in character is one).
pub fn byte_len(text: &str) -> usize {
    text.chars()
        .map(|c| {
            if (STAND_IN_BASE..=STAND_IN_BASE + 0xFF).contains(&u32::from(c)) {
                1
            } else {
                c.len_utf8()
            }
        })
        .sum()
}

/// The bytes shell text stands for: UTF-8, with every stand-in turned back
/// into its byte.
pub fn encode(text: &str) -> Cow<'_, [u8]> {
    if !text.as_bytes().contains(&PLANE_16_LEAD) {
        return Cow::Borrowed(text.as_bytes());
    }
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        push_char(&mut out, c);
    }
    Cow::Owned(out)
}

/// [`encode`] for owned text, without a copy when it holds no stand-in.
pub fn encode_vec(text: String) -> Vec<u8> {
    match encode(&text) {
        Cow::Borrowed(_) => text.into_bytes(),
        Cow::Owned(b) => b,
    }
}

/// Appends the bytes `c` stands for to `out`: for bytes built piece by
/// piece (escapes giving single bytes among characters), then decoded.
pub fn push_char(out: &mut Vec<u8>, c: char) {
    match stand_in_byte(c) {
        Some(b) => out.push(b),
        None => out.extend_from_slice(c.encode_utf8(&mut [0u8; 4]).as_bytes()),
    }
}

/// Text as a single-byte locale (`LC_ALL=C`) sees it: one character per
/// byte. ASCII stays; every other byte becomes its stand-in, so `é` is two
/// characters, and patterns, lengths and slices over the result work per
/// byte as bash's do there. [`from_byte_chars`] turns it back.
pub fn byte_chars(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for b in encode(text).iter() {
        if b.is_ascii() {
            out.push(char::from(*b));
        } else {
            out.push(stand_in(*b));
        }
    }
    Cow::Owned(out)
}

/// Shell text for the result of [`byte_chars`]: the bytes it stands for,
/// decoded again (a slice that kept both bytes of `é` is `é`; a lone byte
/// stays a stand-in).
pub fn from_byte_chars(text: &str) -> String {
    match encode(text) {
        Cow::Borrowed(_) => text.to_owned(),
        Cow::Owned(b) => decode_vec(b),
    }
}

/// How much of a script bash samples to decide it is a binary file.
const BINARY_SAMPLE: usize = 80;

/// Whether bash refuses `script` as a binary file ("cannot execute binary
/// file"): a NUL in its first line, within the first 80 bytes.
pub fn is_binary_script(script: &[u8]) -> bool {
    script
        .iter()
        .take(BINARY_SAMPLE)
        .take_while(|b| **b != b'\n')
        .any(|b| *b == 0)
}

/// A script's text as bash reads it: NUL bytes are dropped.
pub fn without_nuls(script: &str) -> Cow<'_, str> {
    if script.contains('\0') {
        Cow::Owned(script.replace('\0', ""))
    } else {
        Cow::Borrowed(script)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn byte_chars_round_trip() {
        use super::{byte_chars, from_byte_chars};
        for t in ["abc", "héllo", "\u{10FF80}", "x\u{10FFA9}y", "😀"] {
            let b = byte_chars(t);
            assert_eq!(b.chars().count(), super::encode(t).len(), "{t:?}");
            assert_eq!(from_byte_chars(&b), t, "{t:?}");
        }
        let e: String = byte_chars("é").chars().take(1).collect();
        assert_eq!(super::encode(&from_byte_chars(&e)).as_ref(), b"\xc3");
    }

    use super::*;

    #[test]
    fn byte_len_counts_stand_ins_as_one() {
        assert_eq!(byte_len("h\u{e9}"), 3);
        assert_eq!(byte_len(&decode(b"a\xff")), 2);
    }

    #[test]
    fn utf8_passes_through_borrowed() {
        assert!(matches!(decode("héllo".as_bytes()), Cow::Borrowed("héllo")));
        assert!(matches!(encode("héllo"), Cow::Borrowed(b) if b == "héllo".as_bytes()));
    }

    #[test]
    fn invalid_bytes_round_trip_one_char_each() {
        let raw = b"a\xff\xfe b\xc3";
        let text = decode(raw);
        assert_eq!(text.chars().count(), 6);
        assert_eq!(&*encode(&text), raw);
        assert_eq!(decode_vec(raw.to_vec()), text);
    }

    #[test]
    fn real_stand_in_range_chars_round_trip() {
        let raw = "x\u{10FF80}y\u{10FFFF}".as_bytes();
        let text = decode(raw);
        assert_eq!(&*encode(&text), raw);
        // Its four bytes, not one stand-in.
        assert_eq!(text.chars().count(), 10);
    }

    #[test]
    fn binary_scripts_have_a_nul_in_the_first_line() {
        assert!(is_binary_script(b"echo a\0b\necho c\n"));
        assert!(!is_binary_script(b"echo a\necho b\0c\n"));
        assert!(!is_binary_script(
            &[b'x'; 100].iter().chain(b"\0").copied().collect::<Vec<_>>()
        ));
        assert_eq!(without_nuls("a\0b\0"), "ab");
    }

    #[test]
    fn every_byte_pair_round_trips() {
        for a in 0..=255u8 {
            for b in [0x00, 0x41, 0x80, 0xbf, 0xc3, 0xf4, 0xff] {
                let raw = [a, b, 0xa9];
                assert_eq!(&*encode(&decode(&raw)), &raw[..]);
            }
        }
    }
}
