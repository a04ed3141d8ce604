//! The formatting engine of the `printf` builtin, with bash's semantics.
//!
//! [`format`] expands a format string against arguments the way bash's
//! `printf` does: the format is reused while arguments remain, missing
//! arguments read as empty or zero, numeric arguments accept C syntax
//! (`0x1f`, `017`, `'c`), and a bad argument is reported but does not stop
//! the output. The conversions are `%d %i %o %u %x %X %c %s %b %q %f %F %e
//! %E %g %G %a %A %%` with the flags `-+ #0`, a width and a precision
//! (either may be `*`); C length modifiers (`l`, `h`, ...) are accepted and
//! ignored. Escapes in the format are bash's (`\n`, `\t`, `\NNN`, `\xHH`,
//! `\uHHHH`, `\UHHHHHHHH`, ...); `%b` expands echo-style escapes in its
//! argument, where `\c` stops all output. `%(...)T` is not supported.
//!
//! Floating-point conversions use `f64` where bash uses `long double`, so
//! they can differ from bash in digits beyond the 17th significant one
//! (and `%a` prints the `f64` value in `long double`'s `0x8p-3` style).
//!
//! Widths and precisions above [`MAX_FIELD_WIDTH`] are an error, so a
//! format cannot make the shell allocate without bound.

use std::fmt::Write as _;

/// Largest width or precision accepted; larger ones stop `printf` with an
/// error instead of allocating the field.
pub const MAX_FIELD_WIDTH: usize = 1 << 20;

/// What a `printf` call produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PrintfOutput {
    /// The bytes written (escapes can produce any byte).
    pub output: Vec<u8>,
    /// Diagnostics in order, each as bash prints it after its
    /// `bash: line N: ` prefix, e.g. `printf: abc: invalid number`.
    pub errors: Vec<String>,
    /// The exit status: 1 after an invalid argument or format, else 0.
    pub status: i32,
    /// Whether a `\c` in a `%b` argument stopped the output.
    pub stop: bool,
}

impl PrintfOutput {
    fn error(&mut self, msg: String) {
        self.errors.push(format!("printf: {msg}"));
        self.status = 1;
    }

    fn warning(&mut self, msg: String) {
        self.errors.push(format!("printf: warning: {msg}"));
    }
}

/// Formats `args` with `fmt` as bash's `printf` builtin does.
pub fn format(fmt: &str, args: &[String]) -> PrintfOutput {
    let mut p = Printer {
        fmt: fmt.as_bytes(),
        args,
        next: 0,
        out: PrintfOutput::default(),
    };
    p.run();
    p.out
}

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
    let mut e = Expanded::default();
    let b = s.as_bytes();
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
            _ => i += common_escape(b, i, &mut e.bytes, &mut e.errors),
        }
    }
    e
}

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

/// Reads up to `max` octal digits at `b[at..]`: their value and count.
fn octal(b: &[u8], at: usize, max: usize) -> (u32, usize) {
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
fn common_escape(b: &[u8], at: usize, out: &mut Vec<u8>, errors: &mut Vec<String>) -> usize {
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
        Some(_) => push_code_point(out, v),
    }
    2 + n
}

/// The flags, width and precision of one conversion.
#[derive(Clone, Copy, Default)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    precision: Option<usize>,
}

/// Pads `body` to the field width with spaces.
fn pad(out: &mut Vec<u8>, body: &[u8], spec: &Spec) {
    let fill = spec.width.saturating_sub(body.len());
    if !spec.left {
        out.resize(out.len() + fill, b' ');
    }
    out.extend_from_slice(body);
    if spec.left {
        out.resize(out.len() + fill, b' ');
    }
}

/// Pads a number: `sign` (and prefix) first, then zeros when the `0` flag
/// applies, then `digits`.
fn pad_number(out: &mut Vec<u8>, sign: &str, digits: &str, spec: &Spec, zero_ok: bool) {
    let len = sign.len() + digits.len();
    if spec.zero && !spec.left && zero_ok && spec.width > len {
        out.extend_from_slice(sign.as_bytes());
        out.resize(out.len() + (spec.width - len), b'0');
        out.extend_from_slice(digits.as_bytes());
    } else {
        let body = format!("{sign}{digits}");
        pad(out, body.as_bytes(), spec);
    }
}

/// The value of an integer argument and what to report about it.
struct Parsed<T> {
    value: T,
    /// The argument had characters left over (bash: "invalid number").
    invalid: bool,
    /// The value was out of range and clamped.
    range: bool,
}

fn is_c_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// Parses like C's `strtoumax(s, &end, 0)`: the magnitude (saturated),
/// whether it was negative, the bytes consumed (0 if no number), and
/// whether it overflowed.
fn strtou(s: &[u8]) -> (u64, bool, usize, bool) {
    let mut i = 0;
    while s.get(i).is_some_and(|b| is_c_space(*b)) {
        i += 1;
    }
    let mut neg = false;
    if let Some(&c @ (b'+' | b'-')) = s.get(i) {
        neg = c == b'-';
        i += 1;
    }
    let mut base = 10u64;
    if s.get(i) == Some(&b'0') {
        if matches!(s.get(i + 1), Some(b'x' | b'X'))
            && s.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
        {
            base = 16;
            i += 2;
        } else {
            base = 8;
        }
    }
    let start = i;
    let mut v: u64 = 0;
    let mut overflow = false;
    while let Some(d) = s.get(i).and_then(|c| char::from(*c).to_digit(base as u32)) {
        match v
            .checked_mul(base)
            .and_then(|x| x.checked_add(u64::from(d)))
        {
            Some(x) => v = x,
            None => overflow = true,
        }
        i += 1;
    }
    if i == start {
        return (0, false, 0, false);
    }
    if overflow {
        v = u64::MAX;
    }
    (v, neg, i, overflow)
}

/// The character code of a `'c` or `"c` argument.
fn char_code(arg: &str) -> Option<i64> {
    let rest = arg.strip_prefix(['\'', '"'])?;
    Some(rest.chars().next().map_or(0, |c| i64::from(u32::from(c))))
}

fn parse_signed(arg: &str) -> Parsed<i64> {
    if let Some(v) = char_code(arg) {
        return Parsed {
            value: v,
            invalid: false,
            range: false,
        };
    }
    let b = arg.as_bytes();
    let (mag, neg, used, overflow) = strtou(b);
    let (value, range) = match (neg, i64::try_from(mag)) {
        _ if overflow => (if neg { i64::MIN } else { i64::MAX }, true),
        (false, Ok(v)) => (v, false),
        (false, Err(_)) => (i64::MAX, true),
        (true, _) if mag <= 1 << 63 => ((mag as i64).wrapping_neg(), false),
        (true, _) => (i64::MIN, true),
    };
    Parsed {
        value,
        invalid: used < b.len(),
        range,
    }
}

fn parse_unsigned(arg: &str) -> Parsed<u64> {
    if let Some(v) = char_code(arg) {
        return Parsed {
            value: v as u64,
            invalid: false,
            range: false,
        };
    }
    let b = arg.as_bytes();
    let (mag, neg, used, overflow) = strtou(b);
    Parsed {
        value: if neg && !overflow {
            mag.wrapping_neg()
        } else {
            mag
        },
        invalid: used < b.len(),
        range: overflow,
    }
}

/// Parses like C's `strtod`: the value, the bytes consumed (0 if none),
/// and whether it was out of range.
fn strtod(s: &[u8]) -> (f64, usize, bool) {
    let mut i = 0;
    while s.get(i).is_some_and(|b| is_c_space(*b)) {
        i += 1;
    }
    let mut neg = false;
    if let Some(&c @ (b'+' | b'-')) = s.get(i) {
        neg = c == b'-';
        i += 1;
    }
    let lower = |j: usize, n: usize| {
        s.get(j..j + n)
            .map(|w| w.to_ascii_lowercase())
            .unwrap_or_default()
    };
    let apply = |v: f64| if neg { -v } else { v };
    if lower(i, 3) == b"inf" {
        let n = if lower(i, 8) == b"infinity" { 8 } else { 3 };
        return (apply(f64::INFINITY), i + n, false);
    }
    if lower(i, 3) == b"nan" {
        let mut end = i + 3;
        if s.get(end) == Some(&b'(') {
            let mut j = end + 1;
            while s
                .get(j)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
            {
                j += 1;
            }
            if s.get(j) == Some(&b')') {
                end = j + 1;
            }
        }
        return (apply(f64::NAN), end, false);
    }
    if s.get(i) == Some(&b'0')
        && matches!(s.get(i + 1), Some(b'x' | b'X'))
        && let Some((v, end, range)) = hex_float(s, i + 2)
    {
        return (apply(v), end, range);
    }
    // Decimal: digits, an optional fraction, an optional exponent.
    let start = i;
    let mut digits = 0;
    let mut nonzero = false;
    while let Some(c) = s.get(i).filter(|c| c.is_ascii_digit()) {
        nonzero |= *c != b'0';
        digits += 1;
        i += 1;
    }
    if s.get(i) == Some(&b'.') {
        i += 1;
        while let Some(c) = s.get(i).filter(|c| c.is_ascii_digit()) {
            nonzero |= *c != b'0';
            digits += 1;
            i += 1;
        }
    }
    if digits == 0 {
        return (0.0, 0, false);
    }
    if matches!(s.get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        if matches!(s.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        if s.get(j).is_some_and(u8::is_ascii_digit) {
            while s.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
            i = j;
        }
    }
    let text = std::str::from_utf8(s.get(start..i).unwrap_or_default()).unwrap_or("0");
    let v: f64 = text.parse().unwrap_or(0.0);
    let range = v.is_infinite() || (v == 0.0 && nonzero);
    (apply(v), i, range)
}

/// The part of a hex float after `0x`: `None` if no hex digit follows.
fn hex_float(s: &[u8], mut i: usize) -> Option<(f64, usize, bool)> {
    let mut mant: u64 = 0;
    let mut exp: i64 = 0;
    let mut digits = 0;
    let mut seen_point = false;
    loop {
        match s.get(i) {
            Some(b'.') if !seen_point => seen_point = true,
            Some(c) if c.is_ascii_hexdigit() => {
                let d = u64::from(char::from(*c).to_digit(16).unwrap_or(0));
                if mant >> 60 == 0 {
                    mant = mant * 16 + d;
                    if seen_point {
                        exp -= 4;
                    }
                } else if !seen_point {
                    exp += 4;
                }
                digits += 1;
            }
            _ => break,
        }
        i += 1;
    }
    if digits == 0 {
        return None;
    }
    if matches!(s.get(i), Some(b'p' | b'P')) {
        let mut j = i + 1;
        let mut eneg = false;
        if let Some(&c @ (b'+' | b'-')) = s.get(j) {
            eneg = c == b'-';
            j += 1;
        }
        if s.get(j).is_some_and(u8::is_ascii_digit) {
            let mut e: i64 = 0;
            while let Some(c) = s.get(j).filter(|c| c.is_ascii_digit()) {
                e = (e * 10 + i64::from(c - b'0')).min(100_000);
                j += 1;
            }
            exp += if eneg { -e } else { e };
            i = j;
        }
    }
    let v = (mant as f64) * 2f64.powi(exp.clamp(-100_000, 100_000) as i32);
    let range = v.is_infinite() || (v == 0.0 && mant != 0);
    Some((v, i, range))
}

fn parse_float(arg: &str) -> Parsed<f64> {
    if let Some(v) = char_code(arg) {
        return Parsed {
            value: v as f64,
            invalid: false,
            range: false,
        };
    }
    let b = arg.as_bytes();
    let (value, used, range) = strtod(b);
    Parsed {
        value,
        invalid: used < b.len(),
        range,
    }
}

/// Bash's wording for an argument that is not (entirely) a number.
fn invalid_number(arg: &str) -> String {
    let b = arg.as_bytes();
    if b.first() == Some(&b'0') && b.get(1).is_some_and(u8::is_ascii_digit) {
        format!("{arg}: invalid octal number")
    } else if b.first() == Some(&b'0') && b.get(1) == Some(&b'x') {
        format!("{arg}: invalid hex number")
    } else {
        format!("{arg}: invalid number")
    }
}

/// Formats a finite or infinite float for `%f %e %g %a` (lowercase; the
/// caller uppercases), without sign or padding; returns the digits and
/// whether they are a finite number (zero padding applies).
fn float_body(v: f64, conv: u8, spec: &Spec) -> (String, bool) {
    let a = v.abs();
    if a.is_nan() {
        return ("nan".into(), false);
    }
    if a.is_infinite() {
        return ("inf".into(), false);
    }
    let body = match conv {
        b'f' => {
            let p = spec.precision.unwrap_or(6);
            let mut s = format!("{a:.p$}");
            if spec.alt && p == 0 {
                s.push('.');
            }
            s
        }
        b'e' => exp_form(a, spec.precision.unwrap_or(6), spec.alt),
        b'g' => {
            let p = match spec.precision {
                Some(0) => 1,
                Some(p) => p,
                None => 6,
            };
            let x = decimal_exponent(a, p);
            let mut s = if x < -4 || x >= p as i64 {
                exp_form(a, p - 1, spec.alt)
            } else {
                let fp = (p as i64 - 1 - x).max(0) as usize;
                let mut s = format!("{a:.fp$}");
                if spec.alt && !s.contains('.') {
                    s.push('.');
                }
                s
            };
            if !spec.alt {
                s = strip_fraction_zeros(&s);
            }
            s
        }
        _ => hex_form(a, spec.precision, spec.alt),
    };
    (body, true)
}

/// The decimal exponent of `a` once rounded to `p` significant digits.
fn decimal_exponent(a: f64, p: usize) -> i64 {
    if a == 0.0 {
        return 0;
    }
    let prec = p.saturating_sub(1);
    let s = format!("{a:.prec$e}");
    s.rsplit_once('e')
        .and_then(|(_, e)| e.parse().ok())
        .unwrap_or(0)
}

/// `d.ddde+XX`.
fn exp_form(a: f64, p: usize, alt: bool) -> String {
    let s = format!("{a:.p$e}");
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i64 = exp.parse().unwrap_or(0);
    let dot = if alt && p == 0 { "." } else { "" };
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{mant}{dot}e{sign}{:02}", exp.abs())
}

/// Drops trailing zeros of a fraction (in front of an exponent, if any),
/// and the point if nothing is left after it, as `%g` does.
fn strip_fraction_zeros(s: &str) -> String {
    let (num, exp) = match s.find('e') {
        Some(i) => s.split_at(i),
        None => (s, ""),
    };
    if !num.contains('.') {
        return s.to_string();
    }
    let num = num.trim_end_matches('0').trim_end_matches('.');
    format!("{num}{exp}")
}

/// `%a` in the style of an x86 `long double`: the leading hex digit holds
/// the top four bits of a 64-bit mantissa, so 1 is `0x8p-3`.
fn hex_form(a: f64, precision: Option<usize>, alt: bool) -> String {
    if a == 0.0 {
        let frac = "0".repeat(precision.unwrap_or(0));
        let dot = if precision.unwrap_or(0) > 0 || alt {
            "."
        } else {
            ""
        };
        return format!("0x0{dot}{frac}p+0");
    }
    let bits = a.to_bits();
    let raw_exp = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1 << 52) - 1);
    let (mut m, mut e) = if raw_exp == 0 {
        (frac, -1074i64)
    } else {
        (frac | (1 << 52), raw_exp - 1075)
    };
    while m & (1 << 52) == 0 {
        m <<= 1;
        e -= 1;
    }
    let big = m << 11;
    let mut lead = big >> 60;
    let mut rest = big & ((1u64 << 60) - 1);
    let mut exp = e + 49;
    let digits = match precision {
        None => {
            let mut s = format!("{rest:015x}");
            while s.ends_with('0') {
                s.pop();
            }
            s
        }
        Some(p) if p >= 15 => format!("{rest:015x}{}", "0".repeat(p - 15)),
        Some(p) => {
            // Round the 60-bit fraction to p hex digits, half to even.
            let drop = 60 - 4 * p as u32;
            let keep = rest >> drop;
            let rem = rest & ((1u64 << drop) - 1);
            let half = 1u64 << (drop - 1);
            let mut keep = keep;
            if rem > half || (rem == half && keep & 1 == 1) {
                keep += 1;
            }
            if p == 0 {
                if keep > 0 {
                    lead += 1;
                }
                rest = 0;
            } else if keep >> (4 * p as u32) != 0 {
                lead += 1;
                rest = 0;
            } else {
                rest = keep;
            }
            if lead == 16 {
                lead = 1;
                exp += 4;
            }
            if p == 0 {
                String::new()
            } else {
                format!("{rest:0w$x}", w = p)
            }
        }
    };
    let dot = if !digits.is_empty() || alt { "." } else { "" };
    let sign = if exp < 0 { '-' } else { '+' };
    format!("0x{lead:x}{dot}{digits}p{sign}{}", exp.abs())
}

struct Printer<'a> {
    fmt: &'a [u8],
    args: &'a [String],
    next: usize,
    out: PrintfOutput,
}

impl Printer<'_> {
    fn next_arg(&mut self) -> Option<&str> {
        let arg = self.args.get(self.next)?;
        self.next += 1;
        Some(arg)
    }

    fn run(&mut self) {
        loop {
            let before = self.next;
            if !self.pass() {
                return;
            }
            if self.next == before || self.next >= self.args.len() {
                return;
            }
        }
    }

    /// One pass over the format; false when output must stop.
    fn pass(&mut self) -> bool {
        let fmt = self.fmt;
        let mut i = 0;
        while let Some(&c) = fmt.get(i) {
            if c == b'\\' {
                i += self.format_escape(i);
                continue;
            }
            if c != b'%' {
                self.out.output.push(c);
                i += 1;
                continue;
            }
            match self.directive(i) {
                Some(len) => i += len,
                None => return false,
            }
        }
        true
    }

    /// An escape in the format itself.
    fn format_escape(&mut self, at: usize) -> usize {
        let b = self.fmt;
        match b.get(at + 1) {
            Some(b'0'..=b'7') => {
                let (v, n) = octal(b, at + 1, 3);
                self.out.output.push((v & 0xff) as u8);
                1 + n
            }
            Some(&c @ (b'"' | b'\'' | b'?')) => {
                self.out.output.push(c);
                2
            }
            _ => {
                let mut errors = Vec::new();
                let n = common_escape(b, at, &mut self.out.output, &mut errors);
                for e in errors {
                    self.out.errors.push(format!("printf: {e}"));
                }
                n
            }
        }
    }

    /// A number for `*`.
    fn star(&mut self) -> i64 {
        let Some(arg) = self.next_arg() else {
            return 0;
        };
        let arg = arg.to_string();
        let p = parse_signed(&arg);
        if p.invalid && !arg.is_empty() {
            self.out.error(invalid_number(&arg));
        } else if p.range {
            self.out
                .warning(format!("{arg}: Numerical result out of range"));
        }
        p.value
    }

    /// Reads decimal digits of a width or precision at `*i`.
    fn digits(&self, i: &mut usize) -> usize {
        let mut v: usize = 0;
        while let Some(d) = self.fmt.get(*i).filter(|d| d.is_ascii_digit()) {
            v = v.saturating_mul(10).saturating_add(usize::from(d - b'0'));
            *i += 1;
        }
        v
    }

    /// One `%` directive at `fmt[start]`; returns its length, or `None`
    /// when output must stop.
    fn directive(&mut self, start: usize) -> Option<usize> {
        let fmt = self.fmt;
        let mut i = start + 1;
        if fmt.get(i) == Some(&b'%') {
            self.out.output.push(b'%');
            return Some(2);
        }
        let mut spec = Spec::default();
        while let Some(&f) = fmt.get(i) {
            match f {
                b'-' => spec.left = true,
                b'+' => spec.plus = true,
                b' ' => spec.space = true,
                b'#' => spec.alt = true,
                b'0' => spec.zero = true,
                _ => break,
            }
            i += 1;
        }
        let width: usize;
        if fmt.get(i) == Some(&b'*') {
            i += 1;
            let w = self.star();
            if w < 0 {
                spec.left = true;
            }
            width = usize::try_from(w.unsigned_abs()).unwrap_or(usize::MAX);
        } else {
            width = self.digits(&mut i);
        }
        if fmt.get(i) == Some(&b'.') {
            i += 1;
            if fmt.get(i) == Some(&b'*') {
                i += 1;
                let p = self.star();
                spec.precision = usize::try_from(p).ok();
            } else {
                spec.precision = Some(self.digits(&mut i));
            }
        }
        while matches!(fmt.get(i), Some(b'h' | b'j' | b'l' | b'L' | b't' | b'z')) {
            i += 1;
        }
        let directive_text = |end: usize| {
            String::from_utf8_lossy(fmt.get(start..end).unwrap_or_default()).into_owned()
        };
        let Some(&conv) = fmt.get(i) else {
            self.out.error(format!(
                "`{}': missing format character",
                directive_text(fmt.len())
            ));
            return None;
        };
        i += 1;
        if width > MAX_FIELD_WIDTH || spec.precision.is_some_and(|p| p > MAX_FIELD_WIDTH) {
            self.out.error(format!(
                "`{}': field width or precision too large",
                directive_text(i)
            ));
            return None;
        }
        spec.width = width;
        match conv {
            b'd' | b'i' => self.signed(&spec),
            b'o' | b'u' | b'x' | b'X' => self.unsigned(conv, &spec),
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => self.float(conv, &spec),
            b'c' => {
                let byte = self
                    .next_arg()
                    .and_then(|a| a.as_bytes().first().copied())
                    .unwrap_or(0);
                pad(&mut self.out.output, &[byte], &spec);
            }
            b's' => {
                let arg = self.next_arg().unwrap_or("").as_bytes().to_vec();
                self.string(&arg, &spec);
            }
            b'q' => {
                let q = quote(self.next_arg().unwrap_or(""));
                self.string(q.as_bytes(), &spec);
            }
            b'b' => {
                let e = expand_escapes(self.next_arg().unwrap_or(""));
                for err in e.errors {
                    self.out.errors.push(format!("printf: {err}"));
                }
                self.string(&e.bytes, &spec);
                if e.stopped {
                    self.out.stop = true;
                    return None;
                }
            }
            b'(' => {
                self.out
                    .error("`%(...)T': time formats are not supported".to_string());
                return None;
            }
            _ => {
                let c = String::from_utf8_lossy(fmt.get(i - 1..i).unwrap_or_default()).into_owned();
                let c = if c == "\u{fffd}" {
                    // The whole character, not one byte of it.
                    let rest = std::str::from_utf8(fmt.get(i - 1..).unwrap_or_default())
                        .ok()
                        .and_then(|r| r.chars().next())
                        .map(String::from);
                    rest.unwrap_or(c)
                } else {
                    c
                };
                self.out.error(format!("`{c}': invalid format character"));
                return None;
            }
        }
        Some(i - start)
    }

    fn string(&mut self, s: &[u8], spec: &Spec) {
        let s = match spec.precision {
            Some(p) if p < s.len() => s.get(..p).unwrap_or(s),
            _ => s,
        };
        pad(&mut self.out.output, s, spec);
    }

    fn signed(&mut self, spec: &Spec) {
        let value = match self.next_arg().map(str::to_string) {
            None => 0,
            Some(arg) => {
                let p = parse_signed(&arg);
                if p.invalid && !arg.is_empty() {
                    self.out.error(invalid_number(&arg));
                } else if p.range {
                    self.out
                        .warning(format!("{arg}: Numerical result out of range"));
                }
                p.value
            }
        };
        let sign = if value < 0 {
            "-"
        } else if spec.plus {
            "+"
        } else if spec.space {
            " "
        } else {
            ""
        };
        let digits = with_precision(value.unsigned_abs().to_string(), value == 0, spec);
        pad_number(
            &mut self.out.output,
            sign,
            &digits,
            spec,
            spec.precision.is_none(),
        );
    }

    fn unsigned(&mut self, conv: u8, spec: &Spec) {
        let value = match self.next_arg().map(str::to_string) {
            None => 0,
            Some(arg) => {
                let p = parse_unsigned(&arg);
                if p.invalid && !arg.is_empty() {
                    self.out.error(invalid_number(&arg));
                } else if p.range {
                    self.out
                        .warning(format!("{arg}: Numerical result out of range"));
                }
                p.value
            }
        };
        let raw = match conv {
            b'o' => format!("{value:o}"),
            b'u' => value.to_string(),
            b'x' => format!("{value:x}"),
            _ => format!("{value:X}"),
        };
        let mut digits = with_precision(raw, value == 0, spec);
        let mut prefix = "";
        if spec.alt {
            match conv {
                b'o' if !digits.starts_with('0') => digits.insert(0, '0'),
                b'x' if value != 0 => prefix = "0x",
                b'X' if value != 0 => prefix = "0X",
                _ => {}
            }
        }
        pad_number(
            &mut self.out.output,
            prefix,
            &digits,
            spec,
            spec.precision.is_none(),
        );
    }

    fn float(&mut self, conv: u8, spec: &Spec) {
        let value = match self.next_arg().map(str::to_string) {
            None => 0.0,
            Some(arg) => {
                let p = parse_float(&arg);
                if p.invalid {
                    self.out.error(invalid_number(&arg));
                } else if p.range {
                    self.out
                        .warning(format!("{arg}: Numerical result out of range"));
                }
                p.value
            }
        };
        let (mut body, finite) = float_body(value, conv.to_ascii_lowercase(), spec);
        if conv.is_ascii_uppercase() {
            body = body.to_ascii_uppercase();
        }
        let sign = if value.is_sign_negative() {
            "-"
        } else if spec.plus {
            "+"
        } else if spec.space {
            " "
        } else {
            ""
        };
        pad_number(&mut self.out.output, sign, &body, spec, finite);
    }
}

/// Applies an integer precision: at least that many digits, and none at
/// all for zero with precision 0.
fn with_precision(digits: String, zero: bool, spec: &Spec) -> String {
    match spec.precision {
        Some(0) if zero => String::new(),
        Some(p) if p > digits.len() => format!("{}{digits}", "0".repeat(p - digits.len())),
        _ => digits,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    /// Output as text (lossy), errors and status.
    fn run(fmt: &str, a: &[&str]) -> (String, Vec<String>, i32) {
        let o = format(fmt, &args(a));
        (
            String::from_utf8_lossy(&o.output).into_owned(),
            o.errors,
            o.status,
        )
    }

    fn out(fmt: &str, a: &[&str]) -> String {
        let (s, errors, status) = run(fmt, a);
        assert!(errors.is_empty(), "{fmt:?} {a:?}: {errors:?}");
        assert_eq!(status, 0);
        s
    }

    fn bytes(fmt: &str, a: &[&str]) -> Vec<u8> {
        format(fmt, &args(a)).output
    }

    #[test]
    fn reuse_and_missing_args() {
        assert_eq!(out("%s|", &["a", "b", "c"]), "a|b|c|");
        assert_eq!(out("%s %s|", &["a", "b", "c"]), "a b|c |");
        assert_eq!(out("x\n", &["a", "b"]), "x\n");
        assert_eq!(out("%s %d\n", &["a", "1", "b"]), "a 1\nb 0\n");
        assert_eq!(out("%d %d %d\n", &["1", "2"]), "1 2 0\n");
        assert_eq!(out("%s\n", &[]), "\n");
        assert_eq!(out("%d %s|\n", &[]), "0 |\n");
        assert_eq!(out("%q|%b|%s|%d|%f|", &[]), "''|||0|0.000000|");
        assert_eq!(
            out("%s %s %s\n", &["a", "b", "c", "d", "e"]),
            "a b c\nd e \n"
        );
        assert_eq!(out("", &["a"]), "");
        assert_eq!(out("x%%", &["a", "b"]), "x%");
        assert_eq!(bytes("%c|", &[]), b"\0|");
    }

    #[test]
    fn integers() {
        assert_eq!(
            out(
                "%5d|%-5d|%05d|%+d|% d|%x|%X|%#x|%#o|%o|%u\n",
                &[
                    "42", "42", "42", "42", "42", "255", "255", "255", "8", "8", "-1"
                ]
            ),
            "   42|42   |00042|+42| 42|ff|FF|0xff|010|10|18446744073709551615\n"
        );
        assert_eq!(
            out("%.3d|%8.3d|%-8.3x|%.0d|", &["5", "5", "255", "0"]),
            "005|     005|0ff     ||"
        );
        assert_eq!(
            out("%*d|%-*d|%.*d|", &["5", "1", "5", "2", "3", "4"]),
            "    1|2    |004|"
        );
        assert_eq!(out("%*d|%.*d|", &["-5", "1", "-5", "1"]), "1    |1|");
        assert_eq!(
            out(
                "%d|%d|%d|%d|%d|%d|%d|%d|",
                &["0x1f", "010", "+5", "-7", "'A", "\"B", " 12", ""]
            ),
            "31|8|5|-7|65|66|12|0|"
        );
        assert_eq!(
            out("%d|%d|%d|%d|", &["'", "'AB", "'é", "' "]),
            "0|65|233|32|"
        );
        assert_eq!(out("%d|%d|%d|", &["\t5", "\n5", "\x0b5"]), "5|5|5|");
        assert_eq!(
            out(
                "%ld|%hd|%lld|%jd|%zd|%td|%Ld\n",
                &["1", "2", "3", "5", "6", "7", "8"]
            ),
            "1|2|3|5|6|7|8\n"
        );
        assert_eq!(out("%qd|", &["4"]), "4d|");
        assert_eq!(
            out(
                "%#5.3x|%-#8o|%+.3d|% 05d|%-05d|%+05d",
                &["1", "8", "7", "42", "42", "42"]
            ),
            "0x001|010     |+007| 0042|42   |+0042"
        );
        assert_eq!(out("%#x|%#X|%#o|%#.0o", &["0", "0", "0", "0"]), "0|0|0|0");
        assert_eq!(
            out("%.3x|%#.3o|%#5x|%-#5o|", &["1", "1", "1", "1"]),
            "001|001|  0x1|01   |"
        );
        assert_eq!(
            out("%x|%o|%X", &["-1", "-8", "-255"]),
            "ffffffffffffffff|1777777777777777777770|FFFFFFFFFFFFFF01"
        );
        assert_eq!(
            out("%x|%x|", &["9223372036854775808", "-9223372036854775809"]),
            "8000000000000000|7fffffffffffffff|"
        );
        assert_eq!(
            out("%d|%d|", &["-9223372036854775808", "9223372036854775807"]),
            "-9223372036854775808|9223372036854775807|"
        );
        assert_eq!(
            out(
                "%d|%d|%d|%d",
                &["0x7fffffffffffffff", "-0x1", "077", "-077"]
            ),
            "9223372036854775807|-1|63|-63"
        );
        assert_eq!(
            out("%u|%u|%u|", &["-1", " -2", "+3"]),
            "18446744073709551615|18446744073709551614|3|"
        );
        assert_eq!(
            out("%-+5d|%- 5d|%+ d|%0-5d|", &["1", "1", "1", "1"]),
            "+1   | 1   |+1|1    |"
        );
        assert_eq!(out("%+x|% x|%+u|% o|", &["5", "5", "5", "5"]), "5|5|5|5|");
        assert_eq!(out("%.d|", &["5"]), "5|");
    }

    #[test]
    fn integer_errors() {
        assert_eq!(
            run("%d", &["abc"]),
            ("0".into(), vec!["printf: abc: invalid number".into()], 1)
        );
        assert_eq!(
            run("%d %d\n", &["12abc", "3"]),
            (
                "12 3\n".into(),
                vec!["printf: 12abc: invalid number".into()],
                1
            )
        );
        let (s, e, st) = run(
            "%d|",
            &["1e3", "3.5", " ", "-", "+", "0x", "08", "0b1", "12 "],
        );
        assert_eq!(s, "1|3|0|0|0|0|0|0|12|");
        assert_eq!(
            e,
            [
                "printf: 1e3: invalid number",
                "printf: 3.5: invalid number",
                "printf:  : invalid number",
                "printf: -: invalid number",
                "printf: +: invalid number",
                "printf: 0x: invalid hex number",
                "printf: 08: invalid octal number",
                "printf: 0b1: invalid number",
                "printf: 12 : invalid number",
            ]
        );
        assert_eq!(st, 1);
        let (s, e, _) = run("%d|", &["0X1g", "-08", "0xg", "019", " 08", "+-5", "--5"]);
        assert_eq!(s, "1|0|0|1|0|0|0|");
        assert_eq!(
            e,
            [
                "printf: 0X1g: invalid number",
                "printf: -08: invalid number",
                "printf: 0xg: invalid hex number",
                "printf: 019: invalid octal number",
                "printf:  08: invalid number",
                "printf: +-5: invalid number",
                "printf: --5: invalid number",
            ]
        );
        // Out of range is a warning: clamped, status 0.
        let (s, e, st) = run(
            "%i\n",
            &[
                "9223372036854775808",
                "-9223372036854775809",
                "0xffffffffffffffff",
            ],
        );
        assert_eq!(
            s,
            "9223372036854775807\n-9223372036854775808\n9223372036854775807\n"
        );
        assert_eq!(
            e,
            [
                "printf: warning: 9223372036854775808: Numerical result out of range",
                "printf: warning: -9223372036854775809: Numerical result out of range",
                "printf: warning: 0xffffffffffffffff: Numerical result out of range",
            ]
        );
        assert_eq!(st, 0);
        let (s, e, st) = run("%u\n", &["18446744073709551615", "18446744073709551616"]);
        assert_eq!(s, "18446744073709551615\n18446744073709551615\n");
        assert_eq!(
            e,
            ["printf: warning: 18446744073709551616: Numerical result out of range"]
        );
        assert_eq!(st, 0);
        assert_eq!(
            run("%*d|", &["abc", "1"]),
            ("1|".into(), vec!["printf: abc: invalid number".into()], 1)
        );
        let (s, e, _) = run("%x %o %u", &["-0", " 0x10", "1x"]);
        assert_eq!(
            (s.as_str(), e),
            ("0 20 1", vec!["printf: 1x: invalid number".to_string()])
        );
    }

    #[test]
    fn strings_and_chars() {
        assert_eq!(
            out("%5s|%-5s|%.2s|%5.1s|", &["ab", "ab", "abc", "abc"]),
            "   ab|ab   |ab|    a|"
        );
        assert_eq!(
            out("%.3s|%.10s|%.0s|%.s|", &["abcdef", "ab", "xyz", "abc"]),
            "abc|ab|||"
        );
        assert_eq!(
            out("%05s|%-05s|%+s|% s|%#s", &["ab", "ab", "ab", "ab", "ab"]),
            "   ab|ab   |ab|ab|ab"
        );
        assert_eq!(out("%010s|%-010d|", &["ab", "5"]), "        ab|5         |");
        assert_eq!(bytes("%c|%c|%c|%c", &["abc", "", "1", "é"]), b"a|\0|1|\xc3");
        assert_eq!(
            out("%5c|%-3c|%.3c|%lc|", &["a", "b", "abc", "ef"]),
            "    a|b  |a|e|"
        );
        assert_eq!(out("%c", &["'A"]), "'");
        assert_eq!(
            bytes("%.1s|%3s|%-3s|", &["é", "é", "é"]),
            b"\xc3| \xc3\xa9|\xc3\xa9 |"
        );
        assert_eq!(out("%s\n", &["\\n"]), "\\n\n");
        assert_eq!(out("%s", &["a", "b", "c\\n"]), "abc\\n");
    }

    #[test]
    fn floats() {
        assert_eq!(
            out(
                "%f|%.2f|%10.3f|%e|%E|%g|%G\n",
                &[
                    "3.14159",
                    "2.5",
                    "1",
                    "12345.678",
                    "0.000123",
                    "100000",
                    "1e-10"
                ]
            ),
            "3.141590|2.50|     1.000|1.234568e+04|1.230000E-04|100000|1E-10\n"
        );
        assert_eq!(
            out(
                "%.0f|%.0f|%.0f|%#.0f|%+f|% f|%010.2f|%-10.2f|",
                &["0.5", "1.5", "2.5", "1", "1", "1", "-3.14159", "2.5"]
            ),
            "0|2|2|1.|+1.000000| 1.000000|-000003.14|2.50      |"
        );
        assert_eq!(
            out("%f|%f|%f|%e", &["inf", "-inf", "nan", "0x10"]),
            "inf|-inf|nan|1.600000e+01"
        );
        assert_eq!(
            out("%f|%g|%e|", &["0x1.8p1", "infinity", "NaN"]),
            "3.000000|inf|nan|"
        );
        assert_eq!(
            out(
                "%g|%g|%g|%g|%g|%g|%#g|%.3g|%.0g|%g|%g|",
                &[
                    "0", "0.0001", "0.00001", "123456", "1234567", "1e100", "1", "3.14159", "25",
                    "-0", "100"
                ]
            ),
            "0|0.0001|1e-05|123456|1.23457e+06|1e+100|1.00000|3.14|2e+01|-0|100|"
        );
        assert_eq!(
            out("%e|%.0e|%#.0e|%E|%e|", &["0", "5", "5", "1e-300", "123"]),
            "0.000000e+00|5e+00|5.e+00|1.000000E-300|1.230000e+02|"
        );
        assert_eq!(
            out(
                "%5.1f|%-8.3e|%08.3f|%+.2e|% .1f|",
                &["3.14159", "1234.5", "-1.5", "1", "2"]
            ),
            "  3.1|1.234e+03|-001.500|+1.00e+00| 2.0|"
        );
        assert_eq!(
            out("%#g|%#.3g|%#e|%#f|", &["1.5", "2", "3", "4"]),
            "1.50000|2.00|3.000000e+00|4.000000|"
        );
        assert_eq!(out("%G|%E|%F|", &["1e-10", "inf", "nan"]), "1E-10|INF|NAN|");
        assert_eq!(
            out("%05f|%-05f|%+05.1f|%05e|", &["inf", "-inf", "nan", "1"]),
            "  inf|-inf | +nan|1.000000e+00|"
        );
        assert_eq!(
            out("%.f|%f|%f", &["2.7", "'A", " 1.5"]),
            "3|65.000000|1.500000"
        );
        assert_eq!(
            out("%f|%f|%f|%f|%f|", &["08", ".5", "-.5e1", "", "1e5"]),
            "8.000000|0.500000|-5.000000|0.000000|100000.000000|"
        );
        assert_eq!(
            out("%a|%a|%a|%A|%.2a|%a", &["0", "1", "0.5", "255", "1", "-2"]),
            "0x0p+0|0x8p-3|0x8p-4|0XF.FP+4|0x8.00p-3|-0x8p-2"
        );
    }

    #[test]
    fn float_errors() {
        let (s, e, st) = run(
            "%f|",
            &[
                "abc", "1.5 ", "1.5x", "0x", "1e", "1e+", ".", "0x1p", "infx", "nanx",
            ],
        );
        assert_eq!(
            s,
            "0.000000|1.500000|1.500000|0.000000|1.000000|1.000000|0.000000|1.000000|inf|nan|"
        );
        assert_eq!(
            e,
            [
                "printf: abc: invalid number",
                "printf: 1.5 : invalid number",
                "printf: 1.5x: invalid number",
                "printf: 0x: invalid hex number",
                "printf: 1e: invalid number",
                "printf: 1e+: invalid number",
                "printf: .: invalid number",
                "printf: 0x1p: invalid hex number",
                "printf: infx: invalid number",
                "printf: nanx: invalid number",
            ]
        );
        assert_eq!(st, 1);
        let (s, e, st) = run("%f|", &["1e5000", "-1e5000", "1e-5000"]);
        assert_eq!(s, "inf|-inf|0.000000|");
        assert_eq!(e.len(), 3);
        assert_eq!(
            e[0],
            "printf: warning: 1e5000: Numerical result out of range"
        );
        assert_eq!(st, 0);
    }

    #[test]
    fn format_escapes() {
        assert_eq!(
            bytes("\\101\\x41\\u00e9\\U0001F600\\e[0m\\a\\\"\\q\\n", &[]),
            b"AA\xc3\xa9\xf0\x9f\x98\x80\x1b[0m\x07\"\\q\n"
        );
        assert_eq!(
            bytes("a\\'b\\\"c\\?d\\\\e\\%%\\qf\\E\\e\\cg\\n", &[]),
            b"a'b\"c?d\\e\\%\\qf\x1b\x1b\\cg\n"
        );
        assert_eq!(bytes("\\1234\\18\\9", &[]), b"S4\x018\\9");
        assert_eq!(
            bytes("\\08|\\0101|\\400|\\x414|\\c|\\z", &[]),
            b"\x008|\x081|\x00|A4|\\c|\\z"
        );
        assert_eq!(bytes("x\\", &[]), b"x\\");
        assert_eq!(bytes("\\u00", &[]), b"\x00");
        assert_eq!(bytes("\\U0010FFFF", &[]), b"\xf4\x8f\xbf\xbf");
        let o = format("A\\x41\\x4\\xg|\\u41\\u|\\U41|", &[]);
        assert_eq!(o.output, b"AA\x04\\xg|A\\u|A|");
        assert_eq!(
            o.errors,
            [
                "printf: missing hex digit for \\x",
                "printf: missing unicode digit for \\u"
            ]
        );
        assert_eq!(o.status, 0);
    }

    #[test]
    fn b_conversion() {
        assert_eq!(
            bytes(
                "%b|",
                &[
                    "a\\tb", "\\0101", "\\101", "\\x41", "\\u00e9", "\\0", "\\08", "\\1018", "\\x4"
                ]
            ),
            b"a\tb|A|A|A|\xc3\xa9|\x00|\x008|A8|\x04|"
        );
        assert_eq!(
            bytes("%b", &["\\1234\\18\\9\\0\\00\\000\\0000"]),
            b"S4\x018\\9\0\0\0\0"
        );
        assert_eq!(
            bytes(
                "%b|",
                &["\\e", "\\E", "\\q", "\\\\", "a\\", "\\\"", "\\'", "\\?"]
            ),
            b"\x1b|\x1b|\\q|\\|a\\|\\\"|\\'|\\?|"
        );
        assert_eq!(bytes("%b", &["\\uD800"]), b"\xed\xa0\x80");
        assert_eq!(bytes("%b", &["\\U110000"]), b"\xf4\x90\x80\x80");
        assert_eq!(
            bytes("%5b|%-5b|%.1b|", &["a\\tb", "x", "yz"]),
            b"  a\tb|x    |y|"
        );
        let o = format("%b|", &["\\u".into(), "\\U".into(), "\\xZ".into()]);
        assert_eq!(o.output, b"\\u|\\U|\\xZ|");
        assert_eq!(
            o.errors,
            [
                "printf: missing unicode digit for \\u",
                "printf: missing unicode digit for \\U",
                "printf: missing hex digit for \\x",
            ]
        );
        // \c stops everything, after the field so far.
        let o = format("%b|%s|", &["a\\cb".into(), "after".into()]);
        assert_eq!(
            (o.output.as_slice(), o.stop, o.status),
            (&b"a"[..], true, 0)
        );
        let o = format("%5b|", &["a\\c".into()]);
        assert_eq!((o.output.as_slice(), o.stop), (&b"    a"[..], true));
        let e = expand_escapes("x\\ny\\cz");
        assert_eq!((e.bytes.as_slice(), e.stopped), (&b"x\ny"[..], true));
    }

    #[test]
    fn q_conversion() {
        let cases = [
            ("a b", "a\\ b"),
            ("", "''"),
            ("it's", "it\\'s"),
            ("a\tb", "$'a\\tb'"),
            ("a$b", "a\\$b"),
            ("~x", "\\~x"),
            ("x~", "x~"),
            ("#a", "\\#a"),
            ("a#", "a#"),
            ("a=b", "a=b"),
            ("*", "\\*"),
            ("é", "é"),
            ("\x01", "$'\\001'"),
            ("a\\b", "a\\\\b"),
            ("a  b", "a\\ \\ b"),
            ("x'y", "x\\'y"),
            ("a\tb\x01", "$'a\\tb\\001'"),
            ("a\"b", "a\\\"b"),
            ("`x`", "\\`x\\`"),
            ("$(x)", "\\$\\(x\\)"),
            ("a\\", "a\\\\"),
            ("\n", "$'\\n'"),
            ("résumé", "résumé"),
            ("[a]", "\\[a\\]"),
            ("{a}", "\\{a\\}"),
            ("a,b", "a\\,b"),
            ("!a", "\\!a"),
            ("^&;<>|?", "\\^\\&\\;\\<\\>\\|\\?"),
            ("@%+-./:", "@%+-./:"),
            ("~/x", "\\~/x"),
            ("a=~", "a=\\~"),
            ("a:~", "a:\\~"),
            ("\u{a0}", "\u{a0}"),
            ("\x7f", "$'\\177'"),
            ("\u{80}", "$'\\302\\200'"),
            ("\x1b[0m", "$'\\E[0m'"),
            ("\x07\x08\x0c\x0b\r", "$'\\a\\b\\f\\v\\r'"),
            ("a\nb c'", "$'a\\nb c\\''"),
        ];
        for (input, want) in cases {
            assert_eq!(quote(input), want, "{input:?}");
        }
        assert_eq!(
            out("%5q|%-6q|%.2q|%q|", &["a b", "x", "abc", ""]),
            " a\\ b|x     |ab|''|"
        );
    }

    #[test]
    fn format_errors_stop_output() {
        assert_eq!(
            run("%z\\n", &["1"]),
            (
                String::new(),
                vec!["printf: `\\': invalid format character".into()],
                1
            )
        );
        assert_eq!(
            run("%", &[]),
            (
                String::new(),
                vec!["printf: `%': missing format character".into()],
                1
            )
        );
        assert_eq!(
            run("abc%", &[]),
            (
                "abc".into(),
                vec!["printf: `%': missing format character".into()],
                1
            )
        );
        assert_eq!(
            run("%5", &["1"]),
            (
                String::new(),
                vec!["printf: `%5': missing format character".into()],
                1
            )
        );
        assert_eq!(
            run("a%5.", &["1"]),
            (
                "a".into(),
                vec!["printf: `%5.': missing format character".into()],
                1
            )
        );
        assert_eq!(run("%-", &[]).1, ["printf: `%-': missing format character"]);
        assert_eq!(
            run("%*", &["1"]).1,
            ["printf: `%*': missing format character"]
        );
        assert_eq!(
            run("ab%yc", &["1"]),
            (
                "ab".into(),
                vec!["printf: `y': invalid format character".into()],
                1
            )
        );
        assert_eq!(
            run("%d %y", &["1", "2"]),
            (
                "1 ".into(),
                vec!["printf: `y': invalid format character".into()],
                1
            )
        );
        assert_eq!(
            run("%%|%5%|", &[]),
            (
                "%|".into(),
                vec!["printf: `%': invalid format character".into()],
                1
            )
        );
        assert_eq!(
            run("%1$s", &["a"]).1,
            ["printf: `$': invalid format character"]
        );
        assert_eq!(run("%é", &[]).1, ["printf: `é': invalid format character"]);
    }

    #[test]
    fn widths_are_bounded() {
        let (s, e, st) = run("a%2147483647d|", &["1"]);
        assert_eq!((s.as_str(), st), ("a", 1));
        assert_eq!(
            e,
            ["printf: `%2147483647d': field width or precision too large"]
        );
        let (_, e, st) = run("%.99999999999999999999d|", &["1"]);
        assert_eq!(st, 1);
        assert_eq!(
            e,
            ["printf: `%.99999999999999999999d': field width or precision too large"]
        );
        let (s, _, st) = run("%*d|", &["99999999999", "1"]);
        assert_eq!((s.as_str(), st), ("", 1));
        let (s, _, st) = run("%.*f|", &["99999999", "1"]);
        assert_eq!((s.as_str(), st), ("", 1));
        let w = MAX_FIELD_WIDTH.to_string();
        assert_eq!(
            format(&format!("%{w}d"), &args(&["1"])).output.len(),
            MAX_FIELD_WIDTH
        );
    }
}
