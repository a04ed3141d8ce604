//! The charsets `iconv` converts between, written out by hand as glibc
//! 2.36 defines them: Unicode's UTF-8/16/32 (with glibc's BOM rules),
//! ISO-8859-1, ISO-8859-15, WINDOWS-1252 (five bytes undefined, unlike
//! WHATWG's table) and ASCII. `encoding_rs` was considered and left out:
//! it decodes ISO-8859-1 as WINDOWS-1252, maps the five undefined
//! WINDOWS-1252 bytes to C1 controls, and has no UTF-16/32 encoders, so
//! none of the charsets here would be glibc's through it.
//!
//! Every decoder reads one character at a time from a byte slice and
//! says how many bytes it took, so that the caller can carry an
//! incomplete character across chunks and report byte positions.

/// A charset, after its name was looked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charset {
    Utf8,
    /// UTF-16 in one byte order, no BOM handling.
    Utf16(Endian),
    /// `UTF-16`: a leading BOM chooses the order when decoding (little
    /// endian without one); encoding writes a little-endian BOM first.
    Utf16Bom,
    Utf32(Endian),
    /// `UTF-32`: as `UTF-16`, with four-byte units.
    Utf32Bom,
    /// `UCS-2`: two-byte units, no surrogates, no BOM handling.
    Ucs2(Endian),
    /// `UCS-4`, `WCHAR_T`: four-byte units up to 0x7fffffff.
    Ucs4(Endian),
    Latin1,
    Latin9,
    Cp1252,
    Ascii,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endian {
    Little,
    Big,
}

/// Every name `iconv -l` lists and `-f`/`-t` accept, in glibc's listing
/// order, with the charset it names.
pub const NAMES: &[(&str, Charset)] = &[
    ("ANSI_X3.4-1968", Charset::Ascii),
    ("ANSI_X3.4-1986", Charset::Ascii),
    ("ANSI_X3.4", Charset::Ascii),
    ("ASCII", Charset::Ascii),
    ("CP367", Charset::Ascii),
    ("CP819", Charset::Latin1),
    ("CP1252", Charset::Cp1252),
    ("CSASCII", Charset::Ascii),
    ("CSISOLATIN1", Charset::Latin1),
    ("IBM367", Charset::Ascii),
    ("IBM819", Charset::Latin1),
    ("ISO-8859-1", Charset::Latin1),
    ("ISO-8859-15", Charset::Latin9),
    ("ISO-IR-100", Charset::Latin1),
    ("ISO-IR-203", Charset::Latin9),
    ("ISO646-US", Charset::Ascii),
    ("ISO8859-1", Charset::Latin1),
    ("ISO8859-15", Charset::Latin9),
    ("ISO88591", Charset::Latin1),
    ("ISO885915", Charset::Latin9),
    ("ISO_8859-1", Charset::Latin1),
    ("ISO_8859-1:1987", Charset::Latin1),
    ("ISO_8859-15", Charset::Latin9),
    ("ISO_8859-15:1998", Charset::Latin9),
    ("L1", Charset::Latin1),
    ("LATIN-9", Charset::Latin9),
    ("LATIN1", Charset::Latin1),
    ("LATIN9", Charset::Latin9),
    ("MS-ANSI", Charset::Cp1252),
    ("UCS-2", Charset::Ucs2(Endian::Little)),
    ("UCS-2BE", Charset::Ucs2(Endian::Big)),
    ("UCS-2LE", Charset::Ucs2(Endian::Little)),
    ("UCS-4", Charset::Ucs4(Endian::Big)),
    ("UCS-4BE", Charset::Ucs4(Endian::Big)),
    ("UCS-4LE", Charset::Ucs4(Endian::Little)),
    ("UCS2", Charset::Ucs2(Endian::Little)),
    ("UCS4", Charset::Ucs4(Endian::Big)),
    ("US-ASCII", Charset::Ascii),
    ("US", Charset::Ascii),
    ("UTF-8", Charset::Utf8),
    ("UTF-16", Charset::Utf16Bom),
    ("UTF-16BE", Charset::Utf16(Endian::Big)),
    ("UTF-16LE", Charset::Utf16(Endian::Little)),
    ("UTF-32", Charset::Utf32Bom),
    ("UTF-32BE", Charset::Utf32(Endian::Big)),
    ("UTF-32LE", Charset::Utf32(Endian::Little)),
    ("UTF8", Charset::Utf8),
    ("UTF16", Charset::Utf16Bom),
    ("UTF16BE", Charset::Utf16(Endian::Big)),
    ("UTF16LE", Charset::Utf16(Endian::Little)),
    ("UTF32", Charset::Utf32Bom),
    ("UTF32BE", Charset::Utf32(Endian::Big)),
    ("UTF32LE", Charset::Utf32(Endian::Little)),
    ("WCHAR_T", Charset::Ucs4(Endian::Little)),
    ("WINDOWS-1252", Charset::Cp1252),
];

/// Looks a charset name up, case-insensitively (`utf-8`, `latin1`).
pub fn lookup(name: &str) -> Option<Charset> {
    NAMES
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|&(_, c)| c)
}

/// What decoding the start of a byte slice gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dec {
    /// A character, from this many bytes.
    Char(u32, usize),
    /// A BOM that only chose the byte order, from this many bytes.
    Bom(usize),
    /// An invalid sequence; skipping this many bytes resumes (`-c`).
    Illegal(usize),
    /// The slice ends inside a character.
    Incomplete,
}

/// The WINDOWS-1252 characters of bytes 0x80 to 0x9f; 0 is undefined.
const CP1252_HIGH: [u16; 32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
    0x0152, 0, 0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC,
    0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
];

/// The bytes where ISO-8859-15 differs from ISO-8859-1, with their characters.
const LATIN9_DIFF: [(u8, u32); 8] = [
    (0xA4, 0x20AC),
    (0xA6, 0x0160),
    (0xA8, 0x0161),
    (0xB4, 0x017D),
    (0xB8, 0x017E),
    (0xBC, 0x0152),
    (0xBD, 0x0153),
    (0xBE, 0x0178),
];

/// A decoder: the charset, and whether the byte order of a `UTF-16` or
/// `UTF-32` stream is still to be chosen (only at the very start of the
/// input, as glibc looks for the BOM on its first call only).
pub struct Decoder {
    cs: Charset,
    order: Option<Endian>,
}

impl Decoder {
    pub fn new(cs: Charset) -> Self {
        Self { cs, order: None }
    }

    /// Starts a new file: glibc looks for a BOM at the start of each.
    pub fn reset(&mut self) {
        self.order = None;
    }

    /// Decodes the character at the start of `b` (not empty).
    pub fn next(&mut self, b: &[u8]) -> Dec {
        let Some(&first) = b.first() else {
            return Dec::Incomplete;
        };
        match self.cs {
            Charset::Utf8 => utf8(b),
            Charset::Ascii if first < 0x80 => Dec::Char(first.into(), 1),
            Charset::Ascii => Dec::Illegal(1),
            Charset::Latin1 => Dec::Char(first.into(), 1),
            Charset::Latin9 => {
                let c = LATIN9_DIFF
                    .iter()
                    .find(|(byte, _)| *byte == first)
                    .map_or(first.into(), |&(_, c)| c);
                Dec::Char(c, 1)
            }
            Charset::Cp1252 => match first {
                0x80..=0x9f => match CP1252_HIGH.get(usize::from(first - 0x80)) {
                    Some(&c) if c != 0 => Dec::Char(c.into(), 1),
                    _ => Dec::Illegal(1),
                },
                _ => Dec::Char(first.into(), 1),
            },
            Charset::Utf16(e) => utf16(b, e),
            Charset::Utf32(e) => utf32(b, e, 0x10ffff),
            Charset::Ucs2(e) => match unit16(b, e) {
                None => Dec::Incomplete,
                Some(0xd800..=0xdfff) => Dec::Illegal(2),
                Some(c) => Dec::Char(c, 2),
            },
            Charset::Ucs4(e) => utf32(b, e, 0x7fff_ffff),
            Charset::Utf16Bom => {
                if let Some(e) = self.order {
                    return utf16(b, e);
                }
                match b.get(..2) {
                    None => Dec::Incomplete,
                    Some(u) => {
                        let (e, bom) = match u {
                            [0xff, 0xfe] => (Endian::Little, true),
                            [0xfe, 0xff] => (Endian::Big, true),
                            _ => (Endian::Little, false),
                        };
                        self.order = Some(e);
                        if bom { Dec::Bom(2) } else { utf16(b, e) }
                    }
                }
            }
            Charset::Utf32Bom => {
                if let Some(e) = self.order {
                    return utf32(b, e, 0x10ffff);
                }
                match b.get(..4) {
                    None => Dec::Incomplete,
                    Some(u) => {
                        let (e, bom) = match u {
                            [0xff, 0xfe, 0, 0] => (Endian::Little, true),
                            [0, 0, 0xfe, 0xff] => (Endian::Big, true),
                            _ => (Endian::Little, false),
                        };
                        self.order = Some(e);
                        if bom {
                            Dec::Bom(4)
                        } else {
                            utf32(b, e, 0x10ffff)
                        }
                    }
                }
            }
        }
    }
}

/// One UTF-8 character, as glibc reads it: overlong forms and
/// surrogates are illegal, but the old five- and six-byte forms up to
/// 0x7fffffff are characters (that UTF-16 and UTF-32 cannot write).
fn utf8(b: &[u8]) -> Dec {
    let Some(&lead) = b.first() else {
        return Dec::Incomplete;
    };
    let (len, min, init) = match lead {
        0x00..=0x7f => return Dec::Char(lead.into(), 1),
        0xc2..=0xdf => (2, 0x80, u32::from(lead & 0x1f)),
        0xe0..=0xef => (3, 0x800, u32::from(lead & 0x0f)),
        0xf0..=0xf7 => (4, 0x10000, u32::from(lead & 0x07)),
        0xf8..=0xfb => (5, 0x20_0000, u32::from(lead & 0x03)),
        0xfc..=0xfd => (6, 0x400_0000, u32::from(lead & 0x01)),
        _ => return Dec::Illegal(1),
    };
    let mut c = init;
    for i in 1..len {
        match b.get(i) {
            None => return Dec::Incomplete,
            Some(&x) if x & 0xc0 == 0x80 => c = (c << 6) | u32::from(x & 0x3f),
            Some(_) => return Dec::Illegal(i),
        }
    }
    if c < min || (0xd800..0xe000).contains(&c) {
        return Dec::Illegal(len);
    }
    Dec::Char(c, len)
}

fn unit16(b: &[u8], e: Endian) -> Option<u32> {
    let u = [*b.first()?, *b.get(1)?];
    Some(match e {
        Endian::Little => u16::from_le_bytes(u),
        Endian::Big => u16::from_be_bytes(u),
    } as u32)
}

/// One UTF-16 character; a surrogate out of its pair is illegal.
fn utf16(b: &[u8], e: Endian) -> Dec {
    let Some(hi) = unit16(b, e) else {
        return Dec::Incomplete;
    };
    match hi {
        0xd800..=0xdbff => match b.get(2..).and_then(|r| unit16(r, e)) {
            None => Dec::Incomplete,
            Some(lo @ 0xdc00..=0xdfff) => {
                Dec::Char(0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00), 4)
            }
            Some(_) => Dec::Illegal(2),
        },
        0xdc00..=0xdfff => Dec::Illegal(2),
        c => Dec::Char(c, 2),
    }
}

/// One UTF-32 (or UCS-4) character; surrogates and values past `max`
/// are illegal.
fn utf32(b: &[u8], e: Endian, max: u32) -> Dec {
    let Some(u) = b.get(..4).and_then(|u| <[u8; 4]>::try_from(u).ok()) else {
        return Dec::Incomplete;
    };
    let c = match e {
        Endian::Little => u32::from_le_bytes(u),
        Endian::Big => u32::from_be_bytes(u),
    };
    if c > max || (0xd800..0xe000).contains(&c) {
        Dec::Illegal(4)
    } else {
        Dec::Char(c, 4)
    }
}

/// An encoder: the charset, and whether a `UTF-16`/`UTF-32` BOM is
/// still to be written (before the first character, so that empty
/// input gives empty output).
pub struct Encoder {
    cs: Charset,
    bom_due: bool,
}

impl Encoder {
    pub fn new(cs: Charset) -> Self {
        Self {
            cs,
            bom_due: matches!(cs, Charset::Utf16Bom | Charset::Utf32Bom),
        }
    }

    /// Starts a new file: glibc writes a BOM at the start of each.
    pub fn reset(&mut self) {
        *self = Self::new(self.cs);
    }

    /// Appends `c` to `out`; false when the charset has no such character.
    pub fn put(&mut self, c: u32, out: &mut Vec<u8>) -> bool {
        let byte = |ok: bool, out: &mut Vec<u8>, b: u32| {
            if ok {
                out.push(b as u8);
            }
            ok
        };
        match self.cs {
            Charset::Utf8 => utf8_put(c, out),
            Charset::Ascii => byte(c < 0x80, out, c),
            Charset::Latin1 => byte(c < 0x100, out, c),
            Charset::Latin9 => {
                if let Some(&(b, _)) = LATIN9_DIFF.iter().find(|(_, ch)| *ch == c) {
                    out.push(b);
                    true
                } else {
                    let replaced = LATIN9_DIFF.iter().any(|(b, _)| u32::from(*b) == c);
                    byte(c < 0x100 && !replaced, out, c)
                }
            }
            Charset::Cp1252 => {
                if let Some(i) = CP1252_HIGH
                    .iter()
                    .position(|&h| h != 0 && u32::from(h) == c)
                {
                    out.push(0x80 + i as u8);
                    true
                } else {
                    byte(c < 0x80 || (0xa0..0x100).contains(&c), out, c)
                }
            }
            Charset::Utf16(e) => utf16_put(c, e, out),
            Charset::Utf32(e) => utf32_put(c, e, out),
            Charset::Ucs2(e) => c < 0x10000 && utf16_put(c, e, out),
            Charset::Ucs4(e) => {
                let ok = c <= 0x7fff_ffff && !(0xd800..0xe000).contains(&c);
                if ok {
                    put32(c, e, out);
                }
                ok
            }
            Charset::Utf16Bom => {
                if self.bom_due {
                    self.bom_due = false;
                    utf16_put(0xfeff, Endian::Little, out);
                }
                utf16_put(c, Endian::Little, out)
            }
            Charset::Utf32Bom => {
                if self.bom_due {
                    self.bom_due = false;
                    utf32_put(0xfeff, Endian::Little, out);
                }
                utf32_put(c, Endian::Little, out)
            }
        }
    }
}

fn utf16_put(c: u32, e: Endian, out: &mut Vec<u8>) -> bool {
    let Some(ch) = char::from_u32(c) else {
        return false;
    };
    let mut units = [0u16; 2];
    for u in ch.encode_utf16(&mut units) {
        out.extend_from_slice(&match e {
            Endian::Little => u.to_le_bytes(),
            Endian::Big => u.to_be_bytes(),
        });
    }
    true
}

fn utf32_put(c: u32, e: Endian, out: &mut Vec<u8>) -> bool {
    if char::from_u32(c).is_none() {
        return false;
    }
    put32(c, e, out);
    true
}

fn put32(c: u32, e: Endian, out: &mut Vec<u8>) {
    out.extend_from_slice(&match e {
        Endian::Little => c.to_le_bytes(),
        Endian::Big => c.to_be_bytes(),
    });
}

/// UTF-8 in glibc's reach: up to six bytes for values up to 0x7fffffff.
fn utf8_put(c: u32, out: &mut Vec<u8>) -> bool {
    if c > 0x7fff_ffff || (0xd800..0xe000).contains(&c) {
        return false;
    }
    let (len, lead) = match c {
        0..0x80 => {
            out.push(c as u8);
            return true;
        }
        0x80..0x800 => (2, 0xc0),
        0x800..0x1_0000 => (3, 0xe0),
        0x1_0000..0x20_0000 => (4, 0xf0),
        0x20_0000..0x400_0000 => (5, 0xf8),
        _ => (6, 0xfc),
    };
    out.push(lead | (c >> (6 * (len - 1))) as u8);
    for i in (0..len - 1).rev() {
        out.push(0x80 | ((c >> (6 * i)) & 0x3f) as u8);
    }
    true
}
