//! `od`: dump bytes in octal, decimal, hexadecimal, floating point or
//! characters, as GNU coreutils 9 does.
//!
//! The operands form one stream read a block (`-w`, 16 bytes by default)
//! at a time; only the current and the previous block are held (their
//! bytes charged to the memory budget: `-w` may ask for a huge block).
//! A block equal to the one before is written as `*` once (unless `-v`),
//! so `od /dev/zero` prints almost nothing and runs until the run's clock
//! stops it; the read loop checks cancellation every block.
//!
//! Every type given (`-t`, the traditional letters) prints one line per
//! block; the fields of all the lines are aligned by spreading each
//! type's spare width over its fields, as GNU's `pad_width` does. A last
//! short block is zero-filled up to the least common multiple of the
//! types' sizes and its missing fields left out. Floats print the
//! shortest text that reads back the same, at least `FLT_DIG`/`DBL_DIG`
//! digits, as GNU's `ftoastr` does. Long doubles (`-t fL`, `f16`) are
//! x86-64's 80-bit format in 16 bytes, converted exactly with big
//! integers (see `long_double_text`).
//!
//! Without the modern options (`-A -j -N -S -t -v -w --endian`), a last
//! operand that reads as an offset is one (`od file +10`: octal, `0x`
//! hexadecimal, `b` times 512), as GNU reads it; `--traditional` labels
//! are not supported.

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::input::{Input, open_input, or_stdin};
use crate::common::num::parse_count_based;
use crate::common::quote;
use crate::common::sys::{Res, Sys, hold, io_msg};

/// The `od` utility.
pub struct Od;

/// The options of `od`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Radix,
    Endian,
    Skip,
    Count,
    Format,
    Verbose,
    Width,
    A,
    B,
    C,
    D,
    F,
    I,
    L,
    O,
    S,
    X,
    Strings,
    StringsLong,
    Traditional,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Named,
    Char,
    Signed,
    Unsigned,
    Octal,
    Hex,
    Float,
}

/// One output type: what it prints, on how many bytes, how wide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Spec {
    kind: Kind,
    size: usize,
    width: usize,
    pad: usize,
    trailer: bool,
}

fn int_width(kind: Kind, size: usize) -> usize {
    let i = match size {
        1 => 0,
        2 => 1,
        4 => 2,
        _ => 3,
    };
    let table: [usize; 4] = match kind {
        Kind::Signed => [4, 6, 11, 20],
        Kind::Unsigned => [3, 5, 10, 20],
        Kind::Octal => [3, 6, 11, 22],
        _ => [2, 4, 8, 16],
    };
    table.get(i).copied().unwrap_or(20)
}

/// Parses one `-t` string (several types may follow each other).
fn parse_types(s: &str, out: &mut Vec<Spec>) -> Result<(), String> {
    let b = s.as_bytes();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        i += 1;
        let (kind, size) = match c {
            b'a' => (Kind::Named, 1),
            b'c' => (Kind::Char, 1),
            b'd' | b'o' | b'u' | b'x' | b'f' => {
                let kind = match c {
                    b'd' => Kind::Signed,
                    b'o' => Kind::Octal,
                    b'u' => Kind::Unsigned,
                    b'x' => Kind::Hex,
                    _ => Kind::Float,
                };
                let float = kind == Kind::Float;
                let size: u64 = match b.get(i) {
                    Some(b'C') if !float => {
                        i += 1;
                        1
                    }
                    Some(b'S') if !float => {
                        i += 1;
                        2
                    }
                    Some(b'I') if !float => {
                        i += 1;
                        4
                    }
                    Some(b'L') if !float => {
                        i += 1;
                        8
                    }
                    Some(b'F') if float => {
                        i += 1;
                        4
                    }
                    Some(b'D') if float => {
                        i += 1;
                        8
                    }
                    Some(b'L') if float => {
                        i += 1;
                        16
                    }
                    Some(d) if d.is_ascii_digit() => {
                        let mut n: u64 = 0;
                        while let Some(d) = b.get(i).filter(|d| d.is_ascii_digit()) {
                            n = n.saturating_mul(10).saturating_add(u64::from(d - b'0'));
                            i += 1;
                        }
                        n
                    }
                    _ => {
                        if float {
                            8
                        } else {
                            4
                        }
                    }
                };
                let ok = if float {
                    matches!(size, 4 | 8 | 16)
                } else {
                    matches!(size, 1 | 2 | 4 | 8)
                };
                if !ok {
                    return Err(format!(
                        "invalid type string {};\nthis system doesn't provide a {size}-byte {} type",
                        quote(s),
                        if float { "floating point" } else { "integral" }
                    ));
                }
                (kind, size as usize)
            }
            _ => {
                return Err(format!(
                    "invalid character '{}' in type string {}",
                    c as char,
                    quote(s)
                ));
            }
        };
        let trailer = b.get(i) == Some(&b'z');
        if trailer {
            i += 1;
        }
        let width = match kind {
            Kind::Named | Kind::Char => 3,
            Kind::Float if size == 4 => 15,
            Kind::Float if size == 16 => 29,
            Kind::Float => 24,
            _ => int_width(kind, size),
        };
        out.push(Spec {
            kind,
            size,
            width,
            pad: 0,
            trailer,
        });
    }
    Ok(())
}

const NAMES: [&str; 33] = [
    "nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs", "ht", "nl", "vt", "ff", "cr",
    "so", "si", "dle", "dc1", "dc2", "dc3", "dc4", "nak", "syn", "etb", "can", "em", "sub", "esc",
    "fs", "gs", "rs", "us", "sp",
];

/// `-t a`: the ASCII name of the low seven bits.
fn named(b: u8) -> String {
    let c = b & 0x7f;
    match c {
        127 => "del".into(),
        _ => NAMES
            .get(usize::from(c))
            .map_or_else(|| (c as char).to_string(), |n| (*n).to_string()),
    }
}

/// `-t c`: the character, its C escape, or three octal digits.
fn charf(b: u8) -> String {
    match b {
        0 => "\\0".into(),
        7 => "\\a".into(),
        8 => "\\b".into(),
        b'\t' => "\\t".into(),
        b'\n' => "\\n".into(),
        11 => "\\v".into(),
        12 => "\\f".into(),
        b'\r' => "\\r".into(),
        32..=126 => (b as char).to_string(),
        _ => format!("{b:03o}"),
    }
}

/// Formats a float as `%.*g` with the least precision (at least `dig`,
/// or 1 below the smallest normal) that reads back the same: `sci` is
/// Rust's shortest round-trip text in `{:e}` form.
fn shortest_g(sci: &str, negative: bool, dig: usize, tiny: bool) -> String {
    let (mant, exp) = sci.split_once('e').unwrap_or((sci, "0"));
    let mant = mant.trim_start_matches('-');
    let exp: i64 = exp.parse().unwrap_or(0);
    let digits: String = mant.chars().filter(char::is_ascii_digit).collect();
    let digits = digits.trim_end_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    let n = digits.len();
    let p = if tiny { n.max(1) } else { n.max(dig) } as i64;
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    if exp < -4 || exp >= p {
        out.push_str(digits.get(..1).unwrap_or("0"));
        if n > 1 {
            out.push('.');
            out.push_str(digits.get(1..).unwrap_or(""));
        }
        out.push_str(&format!(
            "e{}{:02}",
            if exp < 0 { '-' } else { '+' },
            exp.unsigned_abs()
        ));
    } else if exp >= 0 {
        let int_len = (exp + 1) as usize;
        if n <= int_len {
            out.push_str(digits);
            out.extend(std::iter::repeat_n('0', int_len - n));
        } else {
            out.push_str(digits.get(..int_len).unwrap_or(""));
            out.push('.');
            out.push_str(digits.get(int_len..).unwrap_or(""));
        }
    } else {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', (-exp - 1) as usize));
        out.push_str(digits);
    }
    out
}

fn float_text(bits: u64, size: usize) -> String {
    if size == 4 {
        let x = f32::from_bits(bits as u32);
        if x.is_nan() {
            return if x.is_sign_negative() { "-nan" } else { "nan" }.into();
        }
        if x.is_infinite() {
            return if x < 0.0 { "-inf" } else { "inf" }.into();
        }
        shortest_g(
            &format!("{x:e}"),
            x.is_sign_negative(),
            6,
            x.abs() < f32::MIN_POSITIVE,
        )
    } else {
        let x = f64::from_bits(bits);
        if x.is_nan() {
            return if x.is_sign_negative() { "-nan" } else { "nan" }.into();
        }
        if x.is_infinite() {
            return if x < 0.0 { "-inf" } else { "inf" }.into();
        }
        shortest_g(
            &format!("{x:e}"),
            x.is_sign_negative(),
            15,
            x.abs() < f64::MIN_POSITIVE,
        )
    }
}

/// A `-t fL` field: the x86-64 `long double` in the first 10 of its 16
/// bytes (little-endian: a 64-bit significand with an explicit integer
/// bit, then sign and a 15-bit exponent), printed as GNU's `ftoastr`
/// does: `%.*Lg` with the fewest digits from 18 (`LDBL_DIG`) to 21 that
/// read back to the same value. Forms the x87 rejects (an exponent with
/// the integer bit clear: unnormals, pseudo-infinities) print as `nan`,
/// as glibc does. Exact: big integers, no `f64` rounding.
fn long_double_text(le: &[u8; 16]) -> String {
    let mut m_bytes = [0u8; 8];
    m_bytes.copy_from_slice(le.get(..8).unwrap_or(&[0; 8]));
    let m = u64::from_le_bytes(m_bytes);
    let se = u16::from_le_bytes([le[8], le[9]]);
    let neg = se & 0x8000 != 0;
    let exp = i64::from(se & 0x7fff);
    let sign = if neg { "-" } else { "" };
    let int_bit = m >> 63 == 1;
    if exp == 0x7fff {
        if int_bit && m << 1 == 0 {
            return format!("{sign}inf");
        }
        return format!("{sign}nan");
    }
    if exp != 0 && !int_bit {
        return format!("{sign}nan");
    }
    if m == 0 {
        return format!("{sign}0");
    }
    // value = m * 2^k
    let k = if exp == 0 {
        1 - 16383 - 63
    } else {
        exp - 16383 - 63
    };
    // Gaps to the neighbours: below is half as wide at a power of two.
    let lower_half = m == 1 << 63 && exp > 1;
    // Below the smallest normal, `ftoastr` starts from one digit.
    let first = if exp == 0 { 1 } else { 18 };
    for prec in first..=21u32 {
        let (digits, e10) = decimal_digits(m, k, prec);
        if prec == 21 || reads_back(&digits, e10, prec, m, k, lower_half) {
            return format!("{sign}{}", g_format(&digits, e10, prec));
        }
    }
    String::new()
}

/// `m * 2^k` rounded (half to even) to `prec` significant digits: the
/// digits and the decimal exponent of the first.
fn decimal_digits(m: u64, k: i64, prec: u32) -> (num_bigint::BigUint, i64) {
    use num_bigint::BigUint;
    // Exact value as num/den.
    let (mut num, mut den) = (BigUint::from(m), BigUint::from(1u8));
    if k >= 0 {
        num <<= k as usize;
    } else {
        den <<= (-k) as usize;
    }
    // Estimate the decimal exponent, then correct it exactly.
    let est = ((m as f64).log10() + k as f64 * std::f64::consts::LOG10_2).floor() as i64;
    let mut e10 = est;
    let ten = BigUint::from(10u8);
    let pow = |e: i64| ten.pow(e.unsigned_abs() as u32);
    let ge = |e: i64| -> bool {
        // value >= 10^e
        if e >= 0 {
            num >= &den * pow(e)
        } else {
            &num * pow(e) >= den
        }
    };
    while !ge(e10) {
        e10 -= 1;
    }
    while ge(e10 + 1) {
        e10 += 1;
    }
    // scaled = value * 10^(prec-1-e10)
    let shift = i64::from(prec) - 1 - e10;
    let (sn, sd) = if shift >= 0 {
        (&num * pow(shift), den.clone())
    } else {
        (num.clone(), &den * pow(shift))
    };
    let q = &sn / &sd;
    let r = &sn - &q * &sd;
    let twice = &r << 1usize;
    let mut q = if twice > sd || (twice == sd && &q % 2u8 == BigUint::from(1u8)) {
        q + 1u8
    } else {
        q
    };
    if q == pow(i64::from(prec)) {
        q /= 10u8;
        e10 += 1;
    }
    (q, e10)
}

/// Whether `digits * 10^(e10 - prec + 1)` rounds back to `m * 2^k`.
fn reads_back(
    digits: &num_bigint::BigUint,
    e10: i64,
    prec: u32,
    m: u64,
    k: i64,
    lower_half: bool,
) -> bool {
    use num_bigint::BigUint;
    let q = e10 - i64::from(prec) + 1;
    let ten = BigUint::from(10u8);
    // Scale both by 2^(2 - k) (when k < 2) and 10^(-q) (when q < 0) into
    // integers, keeping quarter-gaps exact.
    let a2 = (2 - k).max(0) as usize;
    let b10 = (-q).max(0) as u32;
    let mut dec = digits.clone() << a2;
    if q > 0 {
        dec *= ten.pow(q as u32);
    }
    let mut bin = BigUint::from(m) << ((k + a2 as i64) as usize);
    let scale10 = ten.pow(b10);
    bin *= &scale10;
    // A gap of 2^k, scaled: 2^(k + a2) * 10^b10; half of it, a quarter.
    let gap = (BigUint::from(1u8) << ((k + a2 as i64) as usize)) * &scale10;
    let half_up = &gap >> 1usize;
    let half_down = if lower_half {
        &gap >> 2usize
    } else {
        half_up.clone()
    };
    let even = m.is_multiple_of(2);
    if dec >= bin {
        let d = &dec - &bin;
        d < half_up || (d == half_up && even)
    } else {
        let d = &bin - &dec;
        d < half_down || (d == half_down && even)
    }
}

/// `%.{prec}g` of `digits` (exactly `prec` of them) times 10^(e10 - prec + 1).
fn g_format(digits: &num_bigint::BigUint, e10: i64, prec: u32) -> String {
    let ds = digits.to_string();
    if e10 < -4 || e10 >= i64::from(prec) {
        let (first, rest) = ds.split_at(1.min(ds.len()));
        let rest = rest.trim_end_matches('0');
        let mant = if rest.is_empty() {
            first.to_string()
        } else {
            format!("{first}.{rest}")
        };
        let es = if e10 < 0 { '-' } else { '+' };
        format!("{mant}e{es}{:02}", e10.unsigned_abs())
    } else if e10 >= 0 {
        let split = (e10 + 1) as usize;
        let (int, frac) = ds.split_at(split.min(ds.len()));
        let frac = frac.trim_end_matches('0');
        if frac.is_empty() {
            int.to_string()
        } else {
            format!("{int}.{frac}")
        }
    } else {
        let zeros = "0".repeat((-e10 - 1) as usize);
        let frac = format!("{zeros}{ds}");
        format!("0.{}", frac.trim_end_matches('0'))
    }
}

/// The text of one field holding `v` (the bytes as an unsigned integer).
fn field(spec: &Spec, v: u64) -> String {
    let bits = spec.size * 8;
    match spec.kind {
        Kind::Named => named(v as u8),
        Kind::Char => charf(v as u8),
        Kind::Unsigned => v.to_string(),
        Kind::Signed => {
            let shift = 64 - bits;
            (((v << shift) as i64) >> shift).to_string()
        }
        Kind::Octal => format!("{v:0w$o}", w = spec.width),
        Kind::Hex => format!("{v:0w$x}", w = spec.width),
        Kind::Float => float_text(v, spec.size),
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Everything the options decide.
struct Opts {
    specs: Vec<Spec>,
    radix: u8,
    big: bool,
    skip: u64,
    limit: Option<u64>,
    verbose: bool,
    per_line: usize,
    /// `-S`: the shortest string shown.
    strings: Option<u64>,
}

fn parse(sys: &mut Sys<'_>, p: &Args<Key>) -> Option<Opts> {
    let mut o = Opts {
        specs: Vec::new(),
        radix: b'o',
        big: false,
        skip: 0,
        limit: None,
        verbose: false,
        per_line: 16,
        strings: None,
    };
    let mut width: Option<u64> = None;
    for (k, v) in p.each() {
        let traditional = match k {
            Key::A => "a",
            Key::B => "o1",
            Key::C => "c",
            Key::D => "u2",
            Key::F => "fF",
            Key::I => "dI",
            Key::L => "dL",
            Key::O => "o2",
            Key::S => "d2",
            Key::X => "x2",
            _ => "",
        };
        let r = match k {
            _ if !traditional.is_empty() => parse_types(traditional, &mut o.specs),
            Key::Format => parse_types(v, &mut o.specs),
            Key::Radix => match v.as_bytes() {
                [c @ (b'd' | b'o' | b'x' | b'n')] => {
                    o.radix = *c;
                    Ok(())
                }
                _ => Err(format!(
                    "invalid output address radix '{v}'; it must be one character from [doxn]"
                )),
            },
            Key::Endian => match v {
                "big" => {
                    o.big = true;
                    Ok(())
                }
                "little" => {
                    o.big = false;
                    Ok(())
                }
                _ => Err(format!(
                    "invalid argument {} for '--endian'\nValid arguments are:\n  - 'little'\n  - 'big'\nTry 'od --help' for more information.",
                    quote(v)
                )),
            },
            Key::Skip => parse_count_based(v)
                .map(|n| o.skip = n)
                .ok_or_else(|| format!("invalid -j argument {}", quote(v))),
            Key::Count => parse_count_based(v)
                .map(|n| o.limit = Some(n))
                .ok_or_else(|| format!("invalid -N argument {}", quote(v))),
            Key::Verbose => {
                o.verbose = true;
                Ok(())
            }
            Key::Strings | Key::StringsLong => {
                if v.is_empty() {
                    o.strings = Some(3);
                    Ok(())
                } else {
                    parse_count_based(v)
                        .map(|n| o.strings = Some(n))
                        .ok_or_else(|| format!("invalid -S argument {}", quote(v)))
                }
            }
            Key::Width => {
                if v.is_empty() {
                    width = Some(32);
                    Ok(())
                } else {
                    parse_count_based(v)
                        .map(|n| width = Some(n))
                        .ok_or_else(|| format!("invalid -w argument {}", quote(v)))
                }
            }
            _ => Ok(()),
        };
        if let Err(e) = r {
            sys.diag.error(e);
            return None;
        }
    }
    if o.specs.is_empty() {
        let _ = parse_types("o2", &mut o.specs);
    }
    let lcm = o.specs.iter().fold(1, |l, s| l / gcd(l, s.size) * s.size);
    if let Some(w) = width {
        if w == 0 || w % lcm as u64 != 0 {
            sys.diag.error(format_args!(
                "warning: invalid width {w}; using {lcm} instead"
            ));
            o.per_line = lcm;
        } else {
            o.per_line = usize::try_from(w).unwrap_or(usize::MAX);
        }
    } else if 16 % lcm != 0 {
        o.per_line = lcm;
    }
    let per = o.per_line;
    let block = o
        .specs
        .iter()
        .map(|s| (s.width + 1).saturating_mul(per / s.size))
        .max()
        .unwrap_or(0);
    for s in &mut o.specs {
        s.pad = block.saturating_sub(s.width.saturating_mul(per / s.size));
    }
    Some(o)
}

impl Command for Od {
    const NAME: &'static str = "od";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: "Write an unambiguous representation, octal bytes by default,\nof FILE to standard output.  With more than one FILE argument,\nconcatenate them in the listed order to form the input.\n\nWith no FILE, or when FILE is -, read standard input.",
        after: "Traditional format specifications may be intermixed; they accumulate:
  -a   same as -t a,  select named characters, ignoring high-order bit
  -b   same as -t o1, select octal bytes
  -c   same as -t c,  select printable characters or backslash escapes
  -d   same as -t u2, select unsigned decimal 2-byte units
  -f   same as -t fF, select floats
  -i   same as -t dI, select decimal ints
  -l   same as -t dL, select decimal longs
  -o   same as -t o2, select octal 2-byte units
  -s   same as -t d2, select decimal 2-byte units
  -x   same as -t x2, select hexadecimal 2-byte units


TYPE is made up of one or more of these specifications:
  a          named character, ignoring high-order bit
  c          printable character or backslash escape
  d[SIZE]    signed decimal, SIZE bytes per integer
  f[SIZE]    floating point, SIZE bytes per float
  o[SIZE]    octal, SIZE bytes per integer
  u[SIZE]    unsigned decimal, SIZE bytes per integer
  x[SIZE]    hexadecimal, SIZE bytes per integer

SIZE is a number.  For TYPE in [doux], SIZE may also be C for
sizeof(char), S for sizeof(short), I for sizeof(int) or L for
sizeof(long).  If TYPE is f, SIZE may also be F for sizeof(float), D
for sizeof(double) or L for sizeof(long double).

Adding a z suffix to any type displays printable characters at the end of
each output line.


BYTES is hex with 0x or 0X prefix, and may have a multiplier suffix:
  b    512
  KB   1000
  K    1024
  MB   1000*1000
  M    1024*1024
and so on for G, T, P, E, Z, Y.
Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('A', &["address-radix"], Key::Radix, "output format for file offsets; RADIX is one\n  of [doxn], for Decimal, Octal, Hex or None").value("RADIX"),
        Flag::long(&["endian"], Key::Endian, "swap input bytes according the specified order").value("{big|little}"),
        Flag::new('j', &["skip-bytes"], Key::Skip, "skip BYTES input bytes first").value("BYTES"),
        Flag::new('N', &["read-bytes"], Key::Count, "limit dump to BYTES input bytes").value("BYTES"),
        Flag::new('t', &["format"], Key::Format, "select output format or formats").value("TYPE"),
        Flag::new('v', &["output-duplicates"], Key::Verbose, "do not use * to mark line suppression"),
        Flag::new('w', &["width"], Key::Width, "output BYTES bytes per output line;\n  32 is implied when BYTES is not specified").optional("BYTES"),
        Flag::new('S', &[], Key::Strings, "").value("BYTES"),
        Flag::long(&["strings"], Key::StringsLong, "output strings of at least BYTES graphic chars;\n  3 is implied when BYTES is not specified").optional("BYTES"),
        Flag::long(&["traditional"], Key::Traditional, "accept arguments in third form above"),
        Flag::new('a', &[], Key::A, ""),
        Flag::new('b', &[], Key::B, ""),
        Flag::new('c', &[], Key::C, ""),
        Flag::new('d', &[], Key::D, ""),
        Flag::new('f', &[], Key::F, ""),
        Flag::new('i', &[], Key::I, ""),
        Flag::new('l', &[], Key::L, ""),
        Flag::new('o', &[], Key::O, ""),
        Flag::new('s', &[], Key::S, ""),
        Flag::new('x', &[], Key::X, ""),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let Some(mut o) = parse(sys, &p) else {
            return Ok(1);
        };
        let mut operands = p.operands.clone();
        // Without the modern options, a last operand that reads as an
        // offset is one (`od file +10`, `od +10`), as in GNU.
        let modern = [
            Key::Radix,
            Key::Skip,
            Key::Count,
            Key::Strings,
            Key::StringsLong,
            Key::Format,
            Key::Verbose,
            Key::Width,
            Key::Endian,
        ]
        .iter()
        .any(|&k| p.has(k));
        if !modern {
            let offset = match operands.as_slice() {
                [one] if one.starts_with('+') => old_offset(one),
                [_, two]
                    if two.starts_with('+')
                        || two.as_bytes().first().is_some_and(u8::is_ascii_digit) =>
                {
                    old_offset(two)
                }
                _ => None,
            };
            if let Some(off) = offset {
                o.skip = off;
                operands.pop();
            }
        }
        match o.strings {
            Some(min) => strings(sys, &o, min, or_stdin(operands)),
            None => dump(sys, &o, or_stdin(operands)),
        }
    }
}

/// A traditional offset operand: `[+]OCTAL[b]` or `[+]0xHEX[b]`, `b`
/// multiplying by 512.
fn old_offset(s: &str) -> Option<u64> {
    let s = s.strip_prefix('+').unwrap_or(s);
    let (s, mult) = match s.strip_suffix('b') {
        Some(r) if !r.starts_with("0x") && !r.starts_with("0X") => (r, 512),
        _ => (s, 1),
    };
    let (digits, radix) = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => (h, 16),
        None => (s, 8),
    };
    if digits.is_empty() {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()?.checked_mul(mult)
}

/// Writes the address of `offset` as `-A` asks (nothing for `n`).
fn address(out: &mut Vec<u8>, radix: u8, offset: u64) {
    let s = match radix {
        b'd' => format!("{offset:07}"),
        b'x' => format!("{offset:06x}"),
        b'o' => format!("{offset:07o}"),
        _ => String::new(),
    };
    out.extend_from_slice(s.as_bytes());
}

fn address_width(radix: u8) -> usize {
    match radix {
        b'd' | b'o' => 7,
        b'x' => 6,
        _ => 0,
    }
}

/// The lines of one block of `n` bytes (zero-filled to `len`).
fn write_block(o: &Opts, out: &mut Vec<u8>, offset: u64, block: &[u8], n: usize) {
    let per = o.per_line;
    for (i, s) in o.specs.iter().enumerate() {
        if i == 0 {
            address(out, o.radix, offset);
        } else {
            out.extend(std::iter::repeat_n(b' ', address_width(o.radix)));
        }
        let fields = per / s.size;
        let blank = (per - n) / s.size;
        let mut pad_left = s.pad;
        for f in 0..fields.saturating_sub(blank) {
            let i = fields - f;
            let next_pad = s.pad * (i - 1) / fields;
            let w = pad_left - next_pad + s.width;
            let start = f * s.size;
            let bytes = block.get(start..start + s.size).unwrap_or(&[]);
            let v = if o.big {
                bytes.iter().fold(0u64, |a, &b| (a << 8) | u64::from(b))
            } else {
                bytes
                    .iter()
                    .rev()
                    .fold(0u64, |a, &b| (a << 8) | u64::from(b))
            };
            let text = if s.kind == Kind::Float && s.size == 16 {
                let mut le = [0u8; 16];
                for (d, b) in le.iter_mut().zip(bytes.iter()) {
                    *d = *b;
                }
                if o.big {
                    le.reverse();
                }
                long_double_text(&le)
            } else {
                field(s, v)
            };
            out.extend(std::iter::repeat_n(b' ', w.saturating_sub(text.len())));
            out.extend_from_slice(text.as_bytes());
            pad_left = next_pad;
        }
        if s.trailer {
            let pad = s.pad * blank / fields;
            out.extend(std::iter::repeat_n(b' ', blank * s.width + pad));
            out.extend_from_slice(b"  >");
            for &b in block.get(..n).unwrap_or(&[]) {
                out.push(if (32..127).contains(&b) { b } else { b'.' });
            }
            out.push(b'<');
        }
        out.push(b'\n');
    }
}

/// The operands read as one stream. Standard input is read through
/// `sys.stdin` at each read, so that `-` may be named more than once.
struct Stream {
    ops: std::vec::IntoIter<String>,
    /// The operand being read: `Some(None)` for standard input.
    input: Option<Option<sandbash_vfs::FileReader>>,
    opened_any: bool,
    status: i32,
}

impl Stream {
    /// Opens the first operand that can be opened, reporting the others,
    /// as GNU does before skipping or reading.
    fn new(sys: &mut Sys<'_>, ops: Vec<String>) -> Self {
        let mut s = Self {
            ops: ops.into_iter(),
            input: None,
            opened_any: false,
            status: 0,
        };
        s.open_next(sys);
        s
    }

    /// Opens the next operand that opens; false when none is left.
    fn open_next(&mut self, sys: &mut Sys<'_>) -> bool {
        for op in self.ops.by_ref() {
            match open_input(&mut std::io::empty(), sys.fs, sys.cwd, &op) {
                Ok(i) => {
                    self.input = Some(match i {
                        Input::File(f) => Some(f),
                        Input::Stdin(_) => None,
                    });
                    self.opened_any = true;
                    return true;
                }
                Err(e) => {
                    sys.diag.fs(&op, &e);
                    self.status = 1;
                }
            }
        }
        false
    }

    /// Fills `dst` as far as the operands go; fewer bytes only at the end.
    fn fill(&mut self, sys: &mut Sys<'_>, dst: &mut [u8]) -> Res<usize> {
        let mut n = 0;
        while n < dst.len() {
            sys.tick.tick()?;
            let Some(inp) = self.input.as_mut() else {
                if self.open_next(sys) {
                    continue;
                }
                break;
            };
            let part = dst.get_mut(n..).unwrap_or(&mut []);
            let got = match inp {
                Some(f) => std::io::Read::read(f, part),
                None => sys.stdin.read(part),
            };
            match got {
                Ok(0) => self.input = None,
                Ok(k) => n += k,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    sys.diag.error(format_args!("read error: {}", io_msg(&e)));
                    self.status = 1;
                    self.input = None;
                }
            }
        }
        Ok(n)
    }

    /// Reads and drops `n` bytes; false when the input ends first.
    fn skip(&mut self, sys: &mut Sys<'_>, mut n: u64) -> Res<bool> {
        let mut sink = [0u8; 8192];
        while n > 0 {
            let want = usize::try_from(n).unwrap_or(sink.len()).min(sink.len());
            let got = self.fill(sys, sink.get_mut(..want).unwrap_or(&mut []))?;
            if got == 0 {
                return Ok(false);
            }
            n -= got as u64;
        }
        Ok(true)
    }
}

/// Reads and writes the whole dump.
fn dump(sys: &mut Sys<'_>, o: &Opts, ops: Vec<String>) -> Res<i32> {
    let per = o.per_line;
    let mut charge = sys.charge();
    hold(&mut charge, (per as u64).saturating_mul(2))?;
    let mut cur = vec![0u8; per];
    let mut prev = vec![0u8; per];
    let lcm = o.specs.iter().fold(1, |l, s| l / gcd(l, s.size) * s.size);
    let mut input = Stream::new(sys, ops);
    if !input.opened_any {
        return Ok(input.status);
    }
    if !input.skip(sys, o.skip)? {
        sys.diag.error("cannot skip past end of combined input");
        return Ok(1);
    }
    let mut left = o.limit.unwrap_or(u64::MAX);
    let mut offset = o.skip;
    let mut first = true;
    let mut starred = false;
    let mut line = Vec::new();
    while left > 0 {
        let want = usize::try_from(left).unwrap_or(per).min(per);
        let n = input.fill(sys, cur.get_mut(..want).unwrap_or(&mut []))?;
        if n == 0 {
            break;
        }
        left -= n as u64;
        if n == per && !first && !o.verbose && cur == prev {
            if !starred {
                sys.out.put(b"*\n")?;
                starred = true;
            }
        } else {
            starred = false;
            // A short last block is zero-filled up to the types' common
            // size; its missing fields are left out.
            let len = (n.div_ceil(lcm) * lcm).min(per);
            for b in cur.get_mut(n..len).unwrap_or(&mut []) {
                *b = 0;
            }
            line.clear();
            write_block(o, &mut line, offset, &cur, n);
            sys.out.put(&line)?;
        }
        first = false;
        offset += n as u64;
        std::mem::swap(&mut cur, &mut prev);
        if n < want {
            break;
        }
    }
    if o.radix != b'n' {
        line.clear();
        address(&mut line, o.radix, offset);
        line.push(b'\n');
        sys.out.put(&line)?;
    }
    Ok(input.status)
}

/// `-S N`: every run of at least N printable bytes ended by a NUL, with
/// its address; the run being read is held, charged to the budget.
fn strings(sys: &mut Sys<'_>, o: &Opts, min: u64, ops: Vec<String>) -> Res<i32> {
    let mut input = Stream::new(sys, ops);
    if !input.opened_any {
        return Ok(input.status);
    }
    if !input.skip(sys, o.skip)? {
        sys.diag.error("cannot skip past end of combined input");
        return Ok(1);
    }
    let end = o.limit.map(|l| o.skip.saturating_add(l));
    let mut address = o.skip;
    let mut run: Vec<u8> = Vec::new();
    let mut charge = sys.charge();
    let mut byte = [0u8; 1];
    let mut line = Vec::new();
    loop {
        if end.is_some_and(|e| address >= e) {
            break;
        }
        if input.fill(sys, &mut byte)? == 0 {
            break;
        }
        address += 1;
        let c = byte[0];
        if c == 0 && run.len() as u64 >= min {
            line.clear();
            let start = address - run.len() as u64 - 1;
            if o.radix != b'n' {
                self::address(&mut line, o.radix, start);
                line.push(b' ');
            }
            line.extend_from_slice(&run);
            line.push(b'\n');
            sys.out.put(&line)?;
            run.clear();
        } else if (32..127).contains(&c) {
            run.push(c);
            hold(&mut charge, run.capacity() as u64)?;
        } else {
            run.clear();
        }
    }
    Ok(input.status)
}

#[cfg(test)]
mod tests {
    use super::{Od, shortest_g};
    use crate::testutil::*;

    #[test]
    fn default_and_types() {
        assert_eq!(
            run0(&Od, &[], b"abcdefgh").out,
            "0000000 061141 062143 063145 064147\n0000010\n"
        );
        assert_eq!(run0(&Od, &["-An", "-tx1"], b"abc").out, " 61 62 63\n");
        assert_eq!(run0(&Od, &["-An", "-tx2"], b"abc").out, " 6261 0063\n");
        assert_eq!(
            run0(&Od, &["-c"], b"a\tb\nc\0\x01\xff ").out,
            "0000000   a  \\t   b  \\n   c  \\0 001 377    \n0000011\n"
        );
        assert_eq!(
            run0(&Od, &["-a"], b"a\tb\nc\0\x01\x7f ").out,
            "0000000   a  ht   b  nl   c nul soh del  sp\n0000011\n"
        );
        assert_eq!(
            run0(&Od, &["-An", "-td1", "-td2", "-td4"], b"\xff\xfe\x80\x7f").out,
            "   -1   -2 -128  127\n      -257     32640\n          2139160319\n"
        );
        assert_eq!(
            run0(&Od, &["-tx1z"], b"Hello\n").out,
            "0000000 48 65 6c 6c 6f 0a                                >Hello.<\n0000006\n"
        );
        assert_eq!(
            run0(&Od, &["-An", "-tx1", "-w4"], b"abcdef").out,
            " 61 62 63 64\n 65 66\n"
        );
        assert_eq!(
            run0(&Od, &["-An", "--endian=big", "-tx2"], b"ab").out,
            " 6162\n"
        );
    }

    #[test]
    fn long_doubles() {
        let ld = |m: u64, se: u16| {
            let mut b = [0u8; 16];
            b[..8].copy_from_slice(&m.to_le_bytes());
            b[8..10].copy_from_slice(&se.to_le_bytes());
            super::long_double_text(&b)
        };
        assert_eq!(ld(1 << 63, 0x3fff), "1");
        assert_eq!(ld(0xcccc_cccc_cccc_cccd, 0x3ffb), "0.1");
        assert_eq!(ld(1 << 63, 0xbfff), "-1");
        assert_eq!(ld(1 << 63, 0x7fff), "inf");
        assert_eq!(ld(0, 0x7fff), "nan", "pseudo-infinity");
        assert_eq!(ld(1, 0x4000), "nan", "unnormal");
        assert_eq!(ld(1, 0), "4e-4951", "smallest denormal");
        assert_eq!(ld(u64::MAX, 0x7ffe), "1.189731495357231765e+4932");
        assert_eq!(ld(0, 0x8000), "-0");
        let o = run0(
            &Od,
            &["-An", "-tfL"],
            b"\0\0\0\0\0\0\0\xa0\x05\x40\0\0\0\0\0\0",
        );
        assert_eq!(o.out, format!("{:>30}\n", "80"));
    }

    #[test]
    fn floats() {
        assert_eq!(
            run0(
                &Od,
                &["-tf4"],
                b"\0\0\xc0\x3f\xab\xaa\xaa\x3e\0\0\x80\x7f\0\0\xc0\x7f"
            )
            .out,
            "0000000             1.5      0.33333334             inf             nan\n0000020\n"
        );
        assert_eq!(shortest_g("1e30", false, 6, false), "1e+30");
        assert_eq!(shortest_g("1e2", false, 6, false), "100");
        assert_eq!(shortest_g("1e-45", false, 6, true), "1e-45");
        assert_eq!(
            shortest_g("1.23456789125e8", false, 15, false),
            "123456789.125"
        );
        assert_eq!(shortest_g("1.5e-3", true, 15, false), "-0.0015");
        assert_eq!(shortest_g("0e0", false, 15, true), "0");
    }

    #[test]
    fn skip_limit_and_duplicates() {
        assert_eq!(
            run0(&Od, &["-Ad", "-c", "-j2", "-N3"], b"abcdefghij").out,
            "0000002   c   d   e\n0000005\n"
        );
        assert_eq!(
            run0(&Od, &["-c", "-j", "0x6"], b"abcdefghij").out,
            "0000006   g   h   i   j\n0000012\n"
        );
        let zeros = [b'0'; 32];
        assert_eq!(
            run0(&Od, &["-c"], &zeros).out,
            "0000000   0   0   0   0   0   0   0   0   0   0   0   0   0   0   0   0\n*\n0000040\n"
        );
        let o = run0(&Od, &["-j", "5"], b"ab");
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, "od: cannot skip past end of combined input\n")
        );
    }

    #[test]
    fn traditional_offsets() {
        let fs = TestFs::new();
        fs.file("f", b"abcdefghijklmnopqrstuvwxyz");
        let o = run(&Od, &["-c", "f", "+10"], b"", &fs);
        assert!(o.out.starts_with("0000010   i   j"), "{}", o.out);
        let o = run(&Od, &["-c", "+3"], b"abcdef", &fs);
        assert_eq!(o.out, "0000003   d   e   f\n0000006\n");
        let o = run(&Od, &["-t", "c", "f", "10"], b"", &fs);
        assert_eq!(o.err, "od: 10: No such file or directory\n");
    }

    #[test]
    fn errors() {
        let o = run0(&Od, &["-A", "z"], b"");
        assert_eq!(
            o.err,
            "od: invalid output address radix 'z'; it must be one character from [doxn]\n"
        );
        let o = run0(&Od, &["-t", "q"], b"");
        assert_eq!(o.err, "od: invalid character 'q' in type string 'q'\n");
        let o = run0(&Od, &["-t", "d3"], b"");
        assert_eq!(
            o.err,
            "od: invalid type string 'd3';\nthis system doesn't provide a 3-byte integral type\n"
        );
        let o = run0(&Od, &["nosuch"], b"");
        assert_eq!((o.status, o.out.as_str()), (1, ""));
    }
}
