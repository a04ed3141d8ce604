//! Printing values as jq 1.7 prints them: its indentation, its string
//! escapes, its number formats, `--sort-keys` and `--ascii-output`.
//!
//! Text goes to a [`Sink`]: a buffer that may be drained to the output
//! as it fills and that refuses to grow past a cap. A value's text can
//! be far larger than the value (an array holding one long string many
//! times holds it once), so nothing prints into memory without a cap:
//! the output drains as it goes, `tojson` and the like stop at the
//! memory left, messages cut at a few bytes.
//!
//! Containers nested deeper than [`MAX_PRINT_DEPTH`] print as jq's
//! `<stripped: exceeds max depth>`; the recursion is bounded by that depth.

use jaq_json::{Num, Val};

/// Depth past which jq prints `<stripped: exceeds max depth>`.
pub const MAX_PRINT_DEPTH: usize = 256;

/// Buffered bytes at which a draining sink hands its buffer on.
const DRAIN_AT: usize = 32 * 1024;

/// What a draining sink hands its full buffer to: it empties the
/// buffer, and says whether the output still takes text.
pub type Drain<'a> = &'a mut dyn FnMut(&mut Vec<u8>) -> bool;

/// Where printed text goes.
pub struct Sink<'a> {
    buf: &'a mut Vec<u8>,
    cap: usize,
    drain: Option<Drain<'a>>,
    over: bool,
}

impl<'a> Sink<'a> {
    /// A sink appending to `buf`, which never holds more than `cap`
    /// bytes: past that, the text is cut and [`Sink::over`] is set.
    pub fn capped(buf: &'a mut Vec<u8>, cap: usize) -> Self {
        Self {
            buf,
            cap,
            drain: None,
            over: false,
        }
    }

    /// A sink that calls `drain` with its buffer whenever the buffer
    /// fills (the callee empties it); `drain` returning false stops the
    /// text (the output was refused).
    pub fn draining(buf: &'a mut Vec<u8>, drain: Drain<'a>) -> Self {
        Self {
            buf,
            cap: usize::MAX,
            drain: Some(drain),
            over: false,
        }
    }

    /// Whether text was cut (the cap reached, or the output refused).
    pub fn over(&self) -> bool {
        self.over
    }

    fn put(&mut self, b: &[u8]) {
        if self.over {
            return;
        }
        let len = self.buf.len();
        if len + b.len() > DRAIN_AT
            && let Some(drain) = self.drain.as_mut()
        {
            if !drain(self.buf) {
                self.over = true;
                return;
            }
            self.buf.clear();
        }
        let len = self.buf.len();
        if b.len() > self.cap.saturating_sub(len) {
            // Keep what fits, so that a cut message shows its head.
            let room = self.cap.saturating_sub(len);
            self.buf
                .extend_from_slice(b.get(..room).unwrap_or_default());
            self.over = true;
            return;
        }
        if self.buf.capacity() - len < b.len() {
            // Grow by doubling, but never past the cap: the cap bounds
            // the memory, not just the length.
            let want = (self.buf.capacity() * 2).max(len + b.len()).max(64);
            self.buf.reserve_exact(want.min(self.cap) - len);
        }
        self.buf.extend_from_slice(b);
    }

    fn push(&mut self, c: u8) {
        self.put(&[c]);
    }
}

/// How values are laid out.
#[derive(Clone, Debug)]
pub struct Style {
    /// Indentation unit: `None` for compact output, else the text of one
    /// level (spaces or a tab).
    pub indent: Option<String>,
    /// `--sort-keys`.
    pub sort_keys: bool,
    /// `--ascii-output`: non-ASCII characters as `\uXXXX`.
    pub ascii: bool,
}

impl Style {
    /// `-c` output, as `tojson` writes.
    pub fn compact() -> Self {
        Self {
            indent: None,
            sort_keys: false,
            ascii: false,
        }
    }
}

/// Writes `v` printed in `style` to `out`.
pub fn write_val(out: &mut Sink<'_>, v: &Val, style: &Style) {
    write_at(out, v, style, 0);
}

/// `v` as compact JSON text (`tojson`), or `None` when the text would be
/// longer than `cap` bytes.
pub fn to_json_capped(v: &Val, cap: usize) -> Option<Vec<u8>> {
    let mut buf = Vec::new();
    let mut sink = Sink::capped(&mut buf, cap);
    write_val(&mut sink, v, &Style::compact());
    (!sink.over()).then_some(buf)
}

/// The first `n` bytes (at most) of `v` as compact JSON text, and
/// whether the text was longer: for messages, which show only a head.
pub fn json_head(v: &Val, n: usize) -> (Vec<u8>, bool) {
    let mut buf = Vec::new();
    let mut sink = Sink::capped(&mut buf, n);
    write_val(&mut sink, v, &Style::compact());
    let cut = sink.over();
    (buf, cut)
}

fn newline(out: &mut Sink<'_>, style: &Style, depth: usize) {
    if let Some(unit) = &style.indent {
        out.push(b'\n');
        for _ in 0..depth {
            out.put(unit.as_bytes());
        }
    }
}

fn write_at(out: &mut Sink<'_>, v: &Val, style: &Style, depth: usize) {
    if depth > MAX_PRINT_DEPTH {
        out.put(b"<stripped: exceeds max depth>");
        return;
    }
    match v {
        Val::Null => out.put(b"null"),
        Val::Bool(b) => out.put(if *b { b"true" } else { b"false" }),
        Val::Num(n) => write_num(out, n),
        Val::TStr(s) | Val::BStr(s) => write_str(out, s, style.ascii),
        Val::Arr(a) => {
            if a.is_empty() {
                out.put(b"[]");
                return;
            }
            out.push(b'[');
            for (i, x) in a.iter().enumerate() {
                if out.over() {
                    return;
                }
                if i > 0 {
                    out.push(b',');
                }
                newline(out, style, depth + 1);
                write_at(out, x, style, depth + 1);
            }
            newline(out, style, depth);
            out.push(b']');
        }
        Val::Obj(o) => {
            if o.is_empty() {
                out.put(b"{}");
                return;
            }
            out.push(b'{');
            let mut entries: Vec<(&Val, &Val)> = o.iter().collect();
            if style.sort_keys {
                entries.sort_by(|a, b| cmp_keys(a.0, b.0));
            }
            for (i, (k, x)) in entries.into_iter().enumerate() {
                if out.over() {
                    return;
                }
                if i > 0 {
                    out.push(b',');
                }
                newline(out, style, depth + 1);
                match k {
                    Val::TStr(s) | Val::BStr(s) => write_str(out, s, style.ascii),
                    // jaq's keys are strings; anything else prints as
                    // the string of its (short) JSON text.
                    other => write_str(out, &json_head(other, 1024).0, style.ascii),
                }
                out.push(b':');
                if style.indent.is_some() {
                    out.push(b' ');
                }
                write_at(out, x, style, depth + 1);
            }
            newline(out, style, depth);
            out.push(b'}');
        }
    }
}

/// The order `--sort-keys` puts object keys in: by their bytes.
fn cmp_keys(a: &Val, b: &Val) -> std::cmp::Ordering {
    match (a, b) {
        (Val::TStr(x) | Val::BStr(x), Val::TStr(y) | Val::BStr(y)) => x.cmp(y),
        _ => json_head(a, 1024).0.cmp(&json_head(b, 1024).0),
    }
}

/// Writes a string with jq's escapes; invalid UTF-8 becomes U+FFFD.
pub fn write_str(out: &mut Sink<'_>, s: &[u8], ascii: bool) {
    out.push(b'"');
    for ch in String::from_utf8_lossy(s).chars() {
        if out.over() {
            return;
        }
        match ch {
            '"' => out.put(b"\\\""),
            '\\' => out.put(b"\\\\"),
            '\n' => out.put(b"\\n"),
            '\t' => out.put(b"\\t"),
            '\r' => out.put(b"\\r"),
            '\u{8}' => out.put(b"\\b"),
            '\u{c}' => out.put(b"\\f"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.put(format!("\\u{:04x}", c as u32).as_bytes());
            }
            c if ascii && !c.is_ascii() => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    out.put(format!("\\u{u:04x}").as_bytes());
                }
            }
            c => {
                let mut buf = [0; 4];
                out.put(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    out.push(b'"');
}

/// Writes a number as jq 1.7 does: integers and number literals as
/// given (literals in canonical decimal form), computed numbers in jq's
/// 17-significant-digit format.
pub fn write_num(out: &mut Sink<'_>, n: &Num) {
    match n {
        Num::Int(i) => out.put(i.to_string().as_bytes()),
        Num::BigInt(i) => out.put(i.to_string().as_bytes()),
        Num::Float(f) => out.put(fmt_double(*f).as_bytes()),
        Num::Dec(s) => out.put(canonical_literal(s).as_bytes()),
    }
}

/// A double as jq prints it: NaN as `null`, infinities as the largest
/// finite double, otherwise the shortest digits that read back the same,
/// in exponent form (`1e+17`, `1e-05`) when the decimal point would fall
/// more than 17 places out or 4 before the first digit.
pub fn fmt_double(f: f64) -> String {
    if f.is_nan() {
        return "null".into();
    }
    let f = if f.is_infinite() {
        f64::MAX.copysign(f)
    } else {
        f
    };
    if f == 0.0 {
        return if f.is_sign_negative() { "-0" } else { "0" }.into();
    }
    // Rust's `{:e}` gives the shortest round-tripping digits.
    let e = format!("{:e}", f.abs());
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let digits: String = mant.chars().filter(char::is_ascii_digit).collect();
    let exp: i64 = exp.parse().unwrap_or(0);
    let decpt = exp + 1;
    let nd = digits.len() as i64;
    let mut s = String::new();
    if f < 0.0 {
        s.push('-');
    }
    if decpt <= -4 || decpt > nd + 15 {
        let (first, rest) = digits.split_at(1);
        s.push_str(first);
        if !rest.is_empty() {
            s.push('.');
            s.push_str(rest);
        }
        let e = decpt - 1;
        s.push('e');
        s.push(if e < 0 { '-' } else { '+' });
        s.push_str(&format!("{:02}", e.abs()));
    } else if decpt <= 0 {
        s.push_str("0.");
        for _ in 0..-decpt {
            s.push('0');
        }
        s.push_str(&digits);
    } else if decpt >= nd {
        s.push_str(&digits);
        for _ in 0..decpt - nd {
            s.push('0');
        }
    } else {
        let (a, b) = digits.split_at(decpt as usize);
        s.push_str(a);
        s.push('.');
        s.push_str(b);
    }
    s
}

/// A number literal in the canonical form jq 1.7 (decNumber) prints:
/// `1.0` stays `1.0`, `1e2` is `1E+2`, `100e-2` is `1.00`, `1e-7` is
/// `1E-7`.
pub fn canonical_literal(lit: &str) -> String {
    let (neg, body) = match lit.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, lit.strip_prefix('+').unwrap_or(lit)),
    };
    let (mant, exp) = match body.find(['e', 'E']) {
        Some(i) => (
            body.get(..i).unwrap_or(""),
            body.get(i + 1..).unwrap_or("0"),
        ),
        None => (body, "0"),
    };
    let exp: i64 = match exp.parse::<i64>() {
        Ok(e) => e,
        // An exponent too large for decNumber: jq reads such a literal as
        // a double.
        Err(_) => return fmt_double(lit.parse().unwrap_or(f64::NAN)),
    };
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    let mut coef: String = format!("{int}{frac}");
    let exp = exp - frac.len() as i64;
    let trimmed = coef.trim_start_matches('0');
    coef = if trimmed.is_empty() {
        "0".into()
    } else {
        trimmed.into()
    };
    if lit.parse::<f64>().is_err() && !coef.chars().all(|c| c.is_ascii_digit()) {
        return lit.into();
    }
    let nd = coef.len() as i64;
    let adjusted = exp + nd - 1;
    let mut s = String::new();
    if neg {
        s.push('-');
    }
    if exp <= 0 && adjusted >= -6 {
        if exp == 0 {
            s.push_str(&coef);
        } else {
            let point = nd + exp;
            if point > 0 {
                let (a, b) = coef.split_at(point as usize);
                s.push_str(a);
                s.push('.');
                s.push_str(b);
            } else {
                s.push_str("0.");
                for _ in 0..-point {
                    s.push('0');
                }
                s.push_str(&coef);
            }
        }
    } else {
        let (a, b) = coef.split_at(1);
        s.push_str(a);
        if !b.is_empty() {
            s.push('.');
            s.push_str(b);
        }
        s.push('E');
        s.push(if adjusted < 0 { '-' } else { '+' });
        s.push_str(&adjusted.abs().to_string());
    }
    s
}

/// An array holding one string of `len` bytes `copies` times: its text
/// is many times the value's size.
#[cfg(test)]
pub fn shared(copies: usize, len: usize) -> Val {
    let s = Val::utf8_str(vec![b'a'; len]);
    Val::Arr(jaq_json::Rc::new(vec![s; copies]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles_like_jq() {
        let cases = [
            (3.0, "3"),
            (1.5e300, "1.5e+300"),
            (-1e-7, "-1e-07"),
            (0.1, "0.1"),
            (123456789.123, "123456789.123"),
            (1e17, "1e+17"),
            (1e16, "1e+16"),
            (5e-324, "5e-324"),
            (1e-4, "0.0001"),
            (1e-5, "1e-05"),
            (0.00012345, "0.00012345"),
            (1.0 / 3.0, "0.3333333333333333"),
            (2.0 / 3.0 * 1e20, "66666666666666660000"),
            (1e20, "1e+20"),
            (f64::INFINITY, "1.7976931348623157e+308"),
            (f64::NAN, "null"),
            (-0.0, "-0"),
            (0.30000000000000004, "0.30000000000000004"),
        ];
        for (f, want) in cases {
            assert_eq!(fmt_double(f), want, "{f}");
        }
    }

    #[test]
    fn literals_like_jq_1_7() {
        let cases = [
            ("1.0", "1.0"),
            ("1.000", "1.000"),
            ("100e-2", "1.00"),
            ("1e2", "1E+2"),
            ("1.5e3", "1.5E+3"),
            ("12e-1", "1.2"),
            ("0.0000001", "1E-7"),
            ("0.000001", "0.000001"),
            ("-0", "-0"),
            ("-1.50", "-1.50"),
            ("1e1000", "1E+1000"),
            ("0.1", "0.1"),
        ];
        for (lit, want) in cases {
            assert_eq!(canonical_literal(lit), want, "{lit}");
        }
    }

    fn text(f: impl FnOnce(&mut Sink<'_>)) -> String {
        let mut buf = Vec::new();
        f(&mut Sink::capped(&mut buf, usize::MAX));
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn strings_and_layout() {
        let s = text(|o| write_str(o, "\u{1}\u{7f}é😀\"\\/".as_bytes(), false));
        assert_eq!(s, "\"\\u0001\\u007fé😀\\\"\\\\/\"");
        let s = text(|o| write_str(o, "é😀".as_bytes(), true));
        assert_eq!(s, "\"\\u00e9\\ud83d\\ude00\"");
    }

    #[test]
    fn capped_text_stops_at_the_cap() {
        let v = shared(1000, 1000);
        assert!(to_json_capped(&v, 1_000_000).is_none());
        let small = to_json_capped(&shared(2, 3), 100).unwrap();
        assert_eq!(small, b"[\"aaa\",\"aaa\"]");
        let mut buf = Vec::new();
        let mut sink = Sink::capped(&mut buf, 10_000);
        write_val(&mut sink, &v, &Style::compact());
        assert!(sink.over());
        assert_eq!(buf.len(), 10_000);
        assert!(buf.capacity() <= 10_000, "the cap bounds the allocation");
    }

    #[test]
    fn message_heads_are_short() {
        let (head, cut) = json_head(&shared(1000, 1000), 11);
        assert_eq!(head, b"[\"aaaaaaaaa");
        assert!(cut);
        assert_eq!(json_head(&shared(1, 1), 11), (b"[\"a\"]".to_vec(), false));
    }

    #[test]
    fn draining_sink_hands_on_every_chunk() {
        let v = shared(100, 10_000);
        let mut total = 0;
        let mut biggest = 0;
        let mut drain = |b: &mut Vec<u8>| {
            total += b.len();
            biggest = biggest.max(b.len());
            true
        };
        let mut buf = Vec::new();
        let mut sink = Sink::draining(&mut buf, &mut drain);
        write_val(&mut sink, &v, &Style::compact());
        assert!(!sink.over());
        let rest = buf.len();
        assert_eq!(total + rest, 100 * 10_003 + 1);
        assert!(biggest <= DRAIN_AT);
    }

    #[test]
    fn refused_drain_stops_the_text() {
        let mut calls = 0;
        let mut drain = |_: &mut Vec<u8>| {
            calls += 1;
            false
        };
        let mut buf = Vec::new();
        let mut sink = Sink::draining(&mut buf, &mut drain);
        write_val(&mut sink, &shared(1000, 1000), &Style::compact());
        assert!(sink.over());
        assert_eq!(calls, 1);
    }
}
