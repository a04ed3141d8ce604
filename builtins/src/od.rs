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
//! refused: this build has no 80-bit float arithmetic.

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
                    matches!(size, 4 | 8)
                } else {
                    matches!(size, 1 | 2 | 4 | 8)
                };
                if !ok {
                    if float && size == 16 {
                        return Err(format!(
                            "invalid type string {};\nlong double (16-byte) floats are not supported",
                            quote(s)
                        ));
                    }
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
                    "invalid argument {} for '--endian'\nValid arguments are:\n  - 'big'\n  - 'little'\nUsage: od [OPTION]... [FILE]...\n  or:  od [-abcdfilosx]... [FILE] [[+]OFFSET[.][b]]\n  or:  od --traditional [OPTION]... [FILE] [[+]OFFSET[.][b] [+][LABEL][.][b]]\nTry 'od --help' for more information.",
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
        let Some(o) = parse(sys, &p) else {
            return Ok(1);
        };
        dump(sys, &o, or_stdin(p.operands))
    }
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
            let text = field(s, v);
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

/// Reads and writes the whole dump.
fn dump(sys: &mut Sys<'_>, o: &Opts, ops: Vec<String>) -> Res<i32> {
    let per = o.per_line;
    let mut charge = sys.charge();
    hold(&mut charge, (per as u64).saturating_mul(2))?;
    let mut cur = vec![0u8; per];
    let mut prev = vec![0u8; per];
    let lcm = o.specs.iter().fold(1, |l, s| l / gcd(l, s.size) * s.size);
    let mut status = 0;
    let mut ops = ops.into_iter();
    // Standard input is read through `sys.stdin` at each read, so that
    // `-` may be named more than once.
    let mut input: Option<Option<sandbash_vfs::FileReader>> = None;
    let mut opened_any = false;
    let mut skip = o.skip;
    let mut left = o.limit.unwrap_or(u64::MAX);
    let mut offset = o.skip;
    let mut first = true;
    let mut starred = false;
    let mut line = Vec::new();
    let mut exhausted = false;
    loop {
        // Fill a block (or what is left of the skip) from the operands.
        let want = if skip > 0 {
            usize::try_from(skip).unwrap_or(per).min(per)
        } else {
            usize::try_from(left).unwrap_or(per).min(per)
        };
        let mut n = 0;
        while n < want && !exhausted {
            sys.tick.tick()?;
            let Some(inp) = input.as_mut() else {
                match ops.next() {
                    None => exhausted = true,
                    Some(op) => match open_input(&mut std::io::empty(), sys.fs, sys.cwd, &op) {
                        Ok(i) => {
                            input = Some(match i {
                                Input::File(f) => Some(f),
                                Input::Stdin(_) => None,
                            });
                            opened_any = true;
                        }
                        Err(e) => {
                            sys.diag.fs(&op, &e);
                            status = 1;
                        }
                    },
                }
                continue;
            };
            let dst = cur.get_mut(n..want).unwrap_or(&mut []);
            let got = match inp {
                Some(f) => std::io::Read::read(f, dst),
                None => sys.stdin.read(dst),
            };
            match got {
                Ok(0) => input = None,
                Ok(k) => n += k,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    sys.diag.error(format_args!("read error: {}", io_msg(&e)));
                    status = 1;
                    input = None;
                }
            }
        }
        if !opened_any {
            return Ok(status);
        }
        if skip > 0 {
            skip -= n as u64;
            if skip > 0 && exhausted {
                sys.diag.error("cannot skip past end of combined input");
                return Ok(1);
            }
            if n == 0 && exhausted {
                break;
            }
            continue;
        }
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
            let len = n.div_ceil(lcm) * lcm;
            for b in cur.get_mut(n..len.min(per)).unwrap_or(&mut []) {
                *b = 0;
            }
            line.clear();
            write_block(o, &mut line, offset, &cur, len.min(per));
            sys.out.put(&line)?;
        }
        first = false;
        offset += n as u64;
        std::mem::swap(&mut cur, &mut prev);
        if n < want || left == 0 {
            break;
        }
    }
    if o.radix != b'n' {
        line.clear();
        address(&mut line, o.radix, offset);
        line.push(b'\n');
        sys.out.put(&line)?;
    }
    Ok(status)
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
