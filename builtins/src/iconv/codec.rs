//! The charsets `iconv` converts between, as glibc 2.36 defines them:
//! Unicode's UTF-8/16/32 and UCS-2/4 (with glibc's BOM rules and its
//! reach up to 0x7fffffff), ISO-8859-1 and ASCII written out here, and
//! the single-byte tables of [`sbcs`] (ISO-8859-2 to 16, WINDOWS-125x,
//! KOI8, DOS and Mac code pages; WINDOWS-1252 with five bytes undefined,
//! unlike WHATWG's table). `encoding_rs` was considered and left out:
//! it decodes ISO-8859-1 as WINDOWS-1252, maps the five undefined
//! WINDOWS-1252 bytes to C1 controls, and has no UTF-16/32 encoders, so
//! none of the charsets here would be glibc's through it.
//!
//! Every decoder reads one character at a time from a byte slice and
//! says how many bytes it took, so that the caller can carry an
//! incomplete character across chunks and report byte positions.

use super::sbcs::{self, Sbcs};

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
    /// A single-byte charset of [`sbcs`]'s tables.
    Sbcs(&'static Sbcs),
    Ascii,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endian {
    Little,
    Big,
}

/// Every name `iconv -l` lists and `-f`/`-t` accept, in glibc's listing
/// order (recorded from the host's `iconv -l`), with the charset it names.
pub const NAMES: &[(&str, Charset)] = &[
    ("437", Charset::Sbcs(&sbcs::CP437)),
    ("850", Charset::Sbcs(&sbcs::CP850)),
    ("866", Charset::Sbcs(&sbcs::CP866)),
    ("8859_2", Charset::Sbcs(&sbcs::ISO_8859_2)),
    ("8859_3", Charset::Sbcs(&sbcs::ISO_8859_3)),
    ("8859_4", Charset::Sbcs(&sbcs::ISO_8859_4)),
    ("8859_5", Charset::Sbcs(&sbcs::ISO_8859_5)),
    ("8859_6", Charset::Sbcs(&sbcs::ISO_8859_6)),
    ("8859_7", Charset::Sbcs(&sbcs::ISO_8859_7)),
    ("8859_8", Charset::Sbcs(&sbcs::ISO_8859_8)),
    ("8859_9", Charset::Sbcs(&sbcs::ISO_8859_9)),
    ("ANSI_X3.4-1968", Charset::Ascii),
    ("ANSI_X3.4-1986", Charset::Ascii),
    ("ANSI_X3.4", Charset::Ascii),
    ("ARABIC", Charset::Sbcs(&sbcs::ISO_8859_6)),
    ("ASCII", Charset::Ascii),
    ("ASMO-708", Charset::Sbcs(&sbcs::ISO_8859_6)),
    ("BALTIC", Charset::Sbcs(&sbcs::ISO_8859_13)),
    ("CP367", Charset::Ascii),
    ("CP437", Charset::Sbcs(&sbcs::CP437)),
    ("CP813", Charset::Sbcs(&sbcs::ISO_8859_7)),
    ("CP819", Charset::Latin1),
    ("CP850", Charset::Sbcs(&sbcs::CP850)),
    ("CP866", Charset::Sbcs(&sbcs::CP866)),
    ("CP912", Charset::Sbcs(&sbcs::ISO_8859_2)),
    ("CP915", Charset::Sbcs(&sbcs::ISO_8859_5)),
    ("CP916", Charset::Sbcs(&sbcs::ISO_8859_8)),
    ("CP920", Charset::Sbcs(&sbcs::ISO_8859_9)),
    ("CP921", Charset::Sbcs(&sbcs::ISO_8859_13)),
    ("CP1089", Charset::Sbcs(&sbcs::ISO_8859_6)),
    ("CP1250", Charset::Sbcs(&sbcs::CP1250)),
    ("CP1251", Charset::Sbcs(&sbcs::CP1251)),
    ("CP1252", Charset::Sbcs(&sbcs::CP1252)),
    ("CP1253", Charset::Sbcs(&sbcs::CP1253)),
    ("CP1254", Charset::Sbcs(&sbcs::CP1254)),
    ("CP1257", Charset::Sbcs(&sbcs::CP1257)),
    ("CSASCII", Charset::Ascii),
    ("CSIBM866", Charset::Sbcs(&sbcs::CP866)),
    ("CSIBM921", Charset::Sbcs(&sbcs::ISO_8859_13)),
    ("CSISOLATIN1", Charset::Latin1),
    ("CSISOLATIN2", Charset::Sbcs(&sbcs::ISO_8859_2)),
    ("CSISOLATIN3", Charset::Sbcs(&sbcs::ISO_8859_3)),
    ("CSISOLATIN4", Charset::Sbcs(&sbcs::ISO_8859_4)),
    ("CSISOLATIN5", Charset::Sbcs(&sbcs::ISO_8859_9)),
    ("CSISOLATIN6", Charset::Sbcs(&sbcs::ISO_8859_10)),
    ("CSISOLATINARABIC", Charset::Sbcs(&sbcs::ISO_8859_6)),
    ("CSISOLATINCYRILLIC", Charset::Sbcs(&sbcs::ISO_8859_5)),
    ("CSISOLATINGREEK", Charset::Sbcs(&sbcs::ISO_8859_7)),
    ("CSISOLATINHEBREW", Charset::Sbcs(&sbcs::ISO_8859_8)),
    ("CSKOI8R", Charset::Sbcs(&sbcs::KOI8_R)),
    ("CSMACINTOSH", Charset::Sbcs(&sbcs::MACINTOSH)),
    ("CSPC8CODEPAGE437", Charset::Sbcs(&sbcs::CP437)),
    ("CSPC850MULTILINGUAL", Charset::Sbcs(&sbcs::CP850)),
    ("CYRILLIC", Charset::Sbcs(&sbcs::ISO_8859_5)),
    ("ECMA-114", Charset::Sbcs(&sbcs::ISO_8859_6)),
    ("ECMA-118", Charset::Sbcs(&sbcs::ISO_8859_7)),
    ("ECMA-128", Charset::Sbcs(&sbcs::ISO_8859_9)),
    ("ELOT_928", Charset::Sbcs(&sbcs::ISO_8859_7)),
    ("GREEK", Charset::Sbcs(&sbcs::ISO_8859_7)),
    ("GREEK8", Charset::Sbcs(&sbcs::ISO_8859_7)),
    ("HEBREW", Charset::Sbcs(&sbcs::ISO_8859_8)),
    ("HP-THAI8", Charset::Sbcs(&sbcs::ISO_8859_11)),
    ("HPTHAI8", Charset::Sbcs(&sbcs::ISO_8859_11)),
    ("IBM-921", Charset::Sbcs(&sbcs::ISO_8859_13)),
    ("IBM367", Charset::Ascii),
    ("IBM437", Charset::Sbcs(&sbcs::CP437)),
    ("IBM813", Charset::Sbcs(&sbcs::ISO_8859_7)),
    ("IBM819", Charset::Latin1),
    ("IBM850", Charset::Sbcs(&sbcs::CP850)),
    ("IBM866", Charset::Sbcs(&sbcs::CP866)),
    ("IBM912", Charset::Sbcs(&sbcs::ISO_8859_2)),
    ("IBM915", Charset::Sbcs(&sbcs::ISO_8859_5)),
    ("IBM916", Charset::Sbcs(&sbcs::ISO_8859_8)),
    ("IBM920", Charset::Sbcs(&sbcs::ISO_8859_9)),
    ("IBM921", Charset::Sbcs(&sbcs::ISO_8859_13)),
    ("IBM1089", Charset::Sbcs(&sbcs::ISO_8859_6)),
    ("ISO-8859-1", Charset::Latin1),
    ("ISO-8859-2", Charset::Sbcs(&sbcs::ISO_8859_2)),
    ("ISO-8859-3", Charset::Sbcs(&sbcs::ISO_8859_3)),
    ("ISO-8859-4", Charset::Sbcs(&sbcs::ISO_8859_4)),
    ("ISO-8859-5", Charset::Sbcs(&sbcs::ISO_8859_5)),
    ("ISO-8859-6", Charset::Sbcs(&sbcs::ISO_8859_6)),
    ("ISO-8859-7", Charset::Sbcs(&sbcs::ISO_8859_7)),
    ("ISO-8859-8", Charset::Sbcs(&sbcs::ISO_8859_8)),
    ("ISO-8859-9", Charset::Sbcs(&sbcs::ISO_8859_9)),
    ("ISO-8859-10", Charset::Sbcs(&sbcs::ISO_8859_10)),
    ("ISO-8859-11", Charset::Sbcs(&sbcs::ISO_8859_11)),
    ("ISO-8859-13", Charset::Sbcs(&sbcs::ISO_8859_13)),
    ("ISO-8859-14", Charset::Sbcs(&sbcs::ISO_8859_14)),
    ("ISO-8859-15", Charset::Sbcs(&sbcs::ISO_8859_15)),
    ("ISO-8859-16", Charset::Sbcs(&sbcs::ISO_8859_16)),
    ("ISO-CELTIC", Charset::Sbcs(&sbcs::ISO_8859_14)),
    ("ISO-IR-100", Charset::Latin1),
    ("ISO-IR-101", Charset::Sbcs(&sbcs::ISO_8859_2)),
    ("ISO-IR-109", Charset::Sbcs(&sbcs::ISO_8859_3)),
    ("ISO-IR-110", Charset::Sbcs(&sbcs::ISO_8859_4)),
    ("ISO-IR-126", Charset::Sbcs(&sbcs::ISO_8859_7)),
    ("ISO-IR-127", Charset::Sbcs(&sbcs::ISO_8859_6)),
    ("ISO-IR-138", Charset::Sbcs(&sbcs::ISO_8859_8)),
    ("ISO-IR-144", Charset::Sbcs(&sbcs::ISO_8859_5)),
    ("ISO-IR-148", Charset::Sbcs(&sbcs::ISO_8859_9)),
    ("ISO-IR-157", Charset::Sbcs(&sbcs::ISO_8859_10)),
    ("ISO-IR-179", Charset::Sbcs(&sbcs::ISO_8859_13)),
    ("ISO-IR-199", Charset::Sbcs(&sbcs::ISO_8859_14)),
    ("ISO-IR-203", Charset::Sbcs(&sbcs::ISO_8859_15)),
    ("ISO-IR-226", Charset::Sbcs(&sbcs::ISO_8859_16)),
    ("ISO646-US", Charset::Ascii),
    ("ISO8859-1", Charset::Latin1),
    ("ISO8859-2", Charset::Sbcs(&sbcs::ISO_8859_2)),
    ("ISO8859-3", Charset::Sbcs(&sbcs::ISO_8859_3)),
    ("ISO8859-4", Charset::Sbcs(&sbcs::ISO_8859_4)),
    ("ISO8859-5", Charset::Sbcs(&sbcs::ISO_8859_5)),
    ("ISO8859-6", Charset::Sbcs(&sbcs::ISO_8859_6)),
    ("ISO8859-7", Charset::Sbcs(&sbcs::ISO_8859_7)),
    ("ISO8859-8", Charset::Sbcs(&sbcs::ISO_8859_8)),
    ("ISO8859-9", Charset::Sbcs(&sbcs::ISO_8859_9)),
    ("ISO8859-10", Charset::Sbcs(&sbcs::ISO_8859_10)),
    ("ISO8859-11", Charset::Sbcs(&sbcs::ISO_8859_11)),
    ("ISO8859-13", Charset::Sbcs(&sbcs::ISO_8859_13)),
    ("ISO8859-14", Charset::Sbcs(&sbcs::ISO_8859_14)),
    ("ISO8859-15", Charset::Sbcs(&sbcs::ISO_8859_15)),
    ("ISO8859-16", Charset::Sbcs(&sbcs::ISO_8859_16)),
    ("ISO88591", Charset::Latin1),
    ("ISO88592", Charset::Sbcs(&sbcs::ISO_8859_2)),
    ("ISO88593", Charset::Sbcs(&sbcs::ISO_8859_3)),
    ("ISO88594", Charset::Sbcs(&sbcs::ISO_8859_4)),
    ("ISO88595", Charset::Sbcs(&sbcs::ISO_8859_5)),
    ("ISO88596", Charset::Sbcs(&sbcs::ISO_8859_6)),
    ("ISO88597", Charset::Sbcs(&sbcs::ISO_8859_7)),
    ("ISO88598", Charset::Sbcs(&sbcs::ISO_8859_8)),
    ("ISO88599", Charset::Sbcs(&sbcs::ISO_8859_9)),
    ("ISO885910", Charset::Sbcs(&sbcs::ISO_8859_10)),
    ("ISO885911", Charset::Sbcs(&sbcs::ISO_8859_11)),
    ("ISO885913", Charset::Sbcs(&sbcs::ISO_8859_13)),
    ("ISO885914", Charset::Sbcs(&sbcs::ISO_8859_14)),
    ("ISO885915", Charset::Sbcs(&sbcs::ISO_8859_15)),
    ("ISO885916", Charset::Sbcs(&sbcs::ISO_8859_16)),
    ("ISO_8859-1", Charset::Latin1),
    ("ISO_8859-1:1987", Charset::Latin1),
    ("ISO_8859-2", Charset::Sbcs(&sbcs::ISO_8859_2)),
    ("ISO_8859-2:1987", Charset::Sbcs(&sbcs::ISO_8859_2)),
    ("ISO_8859-3", Charset::Sbcs(&sbcs::ISO_8859_3)),
    ("ISO_8859-3:1988", Charset::Sbcs(&sbcs::ISO_8859_3)),
    ("ISO_8859-4", Charset::Sbcs(&sbcs::ISO_8859_4)),
    ("ISO_8859-4:1988", Charset::Sbcs(&sbcs::ISO_8859_4)),
    ("ISO_8859-5", Charset::Sbcs(&sbcs::ISO_8859_5)),
    ("ISO_8859-5:1988", Charset::Sbcs(&sbcs::ISO_8859_5)),
    ("ISO_8859-6", Charset::Sbcs(&sbcs::ISO_8859_6)),
    ("ISO_8859-6:1987", Charset::Sbcs(&sbcs::ISO_8859_6)),
    ("ISO_8859-7", Charset::Sbcs(&sbcs::ISO_8859_7)),
    ("ISO_8859-7:1987", Charset::Sbcs(&sbcs::ISO_8859_7)),
    ("ISO_8859-7:2003", Charset::Sbcs(&sbcs::ISO_8859_7)),
    ("ISO_8859-8", Charset::Sbcs(&sbcs::ISO_8859_8)),
    ("ISO_8859-8:1988", Charset::Sbcs(&sbcs::ISO_8859_8)),
    ("ISO_8859-9", Charset::Sbcs(&sbcs::ISO_8859_9)),
    ("ISO_8859-9:1989", Charset::Sbcs(&sbcs::ISO_8859_9)),
    ("ISO_8859-10", Charset::Sbcs(&sbcs::ISO_8859_10)),
    ("ISO_8859-10:1992", Charset::Sbcs(&sbcs::ISO_8859_10)),
    ("ISO_8859-14", Charset::Sbcs(&sbcs::ISO_8859_14)),
    ("ISO_8859-14:1998", Charset::Sbcs(&sbcs::ISO_8859_14)),
    ("ISO_8859-15", Charset::Sbcs(&sbcs::ISO_8859_15)),
    ("ISO_8859-15:1998", Charset::Sbcs(&sbcs::ISO_8859_15)),
    ("ISO_8859-16", Charset::Sbcs(&sbcs::ISO_8859_16)),
    ("ISO_8859-16:2001", Charset::Sbcs(&sbcs::ISO_8859_16)),
    ("KOI8-R", Charset::Sbcs(&sbcs::KOI8_R)),
    ("KOI8-U", Charset::Sbcs(&sbcs::KOI8_U)),
    ("KOI8R", Charset::Sbcs(&sbcs::KOI8_R)),
    ("KOI8U", Charset::Sbcs(&sbcs::KOI8_U)),
    ("L1", Charset::Latin1),
    ("L2", Charset::Sbcs(&sbcs::ISO_8859_2)),
    ("L3", Charset::Sbcs(&sbcs::ISO_8859_3)),
    ("L4", Charset::Sbcs(&sbcs::ISO_8859_4)),
    ("L5", Charset::Sbcs(&sbcs::ISO_8859_9)),
    ("L6", Charset::Sbcs(&sbcs::ISO_8859_10)),
    ("L7", Charset::Sbcs(&sbcs::ISO_8859_13)),
    ("L8", Charset::Sbcs(&sbcs::ISO_8859_14)),
    ("L10", Charset::Sbcs(&sbcs::ISO_8859_16)),
    ("LATIN-9", Charset::Sbcs(&sbcs::ISO_8859_15)),
    ("LATIN1", Charset::Latin1),
    ("LATIN2", Charset::Sbcs(&sbcs::ISO_8859_2)),
    ("LATIN3", Charset::Sbcs(&sbcs::ISO_8859_3)),
    ("LATIN4", Charset::Sbcs(&sbcs::ISO_8859_4)),
    ("LATIN5", Charset::Sbcs(&sbcs::ISO_8859_9)),
    ("LATIN6", Charset::Sbcs(&sbcs::ISO_8859_10)),
    ("LATIN7", Charset::Sbcs(&sbcs::ISO_8859_13)),
    ("LATIN8", Charset::Sbcs(&sbcs::ISO_8859_14)),
    ("LATIN9", Charset::Sbcs(&sbcs::ISO_8859_15)),
    ("LATIN10", Charset::Sbcs(&sbcs::ISO_8859_16)),
    ("MAC", Charset::Sbcs(&sbcs::MACINTOSH)),
    ("MACINTOSH", Charset::Sbcs(&sbcs::MACINTOSH)),
    ("MS-ANSI", Charset::Sbcs(&sbcs::CP1252)),
    ("MS-CYRL", Charset::Sbcs(&sbcs::CP1251)),
    ("MS-EE", Charset::Sbcs(&sbcs::CP1250)),
    ("MS-GREEK", Charset::Sbcs(&sbcs::CP1253)),
    ("MS-TURK", Charset::Sbcs(&sbcs::CP1254)),
    ("OSF00010002", Charset::Sbcs(&sbcs::ISO_8859_2)),
    ("OSF00010003", Charset::Sbcs(&sbcs::ISO_8859_3)),
    ("OSF00010004", Charset::Sbcs(&sbcs::ISO_8859_4)),
    ("OSF00010005", Charset::Sbcs(&sbcs::ISO_8859_5)),
    ("OSF00010006", Charset::Sbcs(&sbcs::ISO_8859_6)),
    ("OSF00010007", Charset::Sbcs(&sbcs::ISO_8859_7)),
    ("OSF00010008", Charset::Sbcs(&sbcs::ISO_8859_8)),
    ("OSF00010009", Charset::Sbcs(&sbcs::ISO_8859_9)),
    ("OSF0001000A", Charset::Sbcs(&sbcs::ISO_8859_10)),
    ("OSF100201B5", Charset::Sbcs(&sbcs::CP437)),
    ("OSF10020352", Charset::Sbcs(&sbcs::CP850)),
    ("THAI8", Charset::Sbcs(&sbcs::ISO_8859_11)),
    ("TS-5881", Charset::Sbcs(&sbcs::ISO_8859_9)),
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
    ("WINBALTRIM", Charset::Sbcs(&sbcs::CP1257)),
    ("WINDOWS-1250", Charset::Sbcs(&sbcs::CP1250)),
    ("WINDOWS-1251", Charset::Sbcs(&sbcs::CP1251)),
    ("WINDOWS-1252", Charset::Sbcs(&sbcs::CP1252)),
    ("WINDOWS-1253", Charset::Sbcs(&sbcs::CP1253)),
    ("WINDOWS-1254", Charset::Sbcs(&sbcs::CP1254)),
    ("WINDOWS-1257", Charset::Sbcs(&sbcs::CP1257)),
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

    /// Whether glibc drops this charset's invalid input without a word
    /// under `-c` and `//IGNORE` (its UCS-4 reader does).
    pub fn quiet_skips(&self) -> bool {
        matches!(self.cs, Charset::Ucs4(_))
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
            Charset::Sbcs(_) if first < 0x80 => Dec::Char(first.into(), 1),
            Charset::Sbcs(t) => match t.high.get(usize::from(first - 0x80)) {
                Some(&c) if c != 0 => Dec::Char(c.into(), 1),
                _ => Dec::Illegal(1),
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
            Charset::Sbcs(_) if c < 0x80 => byte(true, out, c),
            Charset::Sbcs(t) => match t.high.iter().position(|&h| h != 0 && u32::from(h) == c) {
                Some(i) => {
                    out.push(0x80 + i as u8);
                    true
                }
                None => false,
            },
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
