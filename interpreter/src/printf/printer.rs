//! The walk over the format string: literal text, escapes and `%`
//! directives, each directive taking its arguments in turn.

use super::escapes::{common_escape, expand_escapes_in, octal};
use super::float::float_body;
use super::number::{invalid_number, parse_float, parse_signed, parse_unsigned};
use super::quote::quote_in;
use super::spec::{Spec, pad, pad_number, with_precision};
use super::{MAX_FIELD_WIDTH, PrintfOutput};

/// One `printf` call in progress: the format, the arguments, the next
/// argument to use and what has been produced so far.
pub(super) struct Printer<'a> {
    fmt: &'a [u8],
    args: &'a [String],
    next: usize,
    out: PrintfOutput,
    /// Most bytes the output may hold.
    max: usize,
    /// Whether the locale is UTF-8 (how `\u` escapes are written).
    utf8: bool,
    /// What `%(fmt)T` reads; `None` refuses it.
    clock: Option<&'a super::Clock>,
}

impl<'a> Printer<'a> {
    /// A printer about to expand `fmt` against `args`, into at most `max`
    /// bytes.
    pub(super) fn new(fmt: &'a [u8], args: &'a [String], max: usize) -> Self {
        Printer {
            fmt,
            args,
            next: 0,
            out: PrintfOutput::default(),
            max,
            utf8: true,
            clock: None,
        }
    }

    /// The same printer with `%(fmt)T` reading `clock`.
    pub(super) fn with_clock(self, clock: Option<&'a super::Clock>) -> Self {
        Printer { clock, ..self }
    }

    /// The same printer in a UTF-8 locale (`utf8`) or not.
    pub(super) fn in_locale(self, utf8: bool) -> Self {
        Printer { utf8, ..self }
    }

    fn next_arg(&mut self) -> Option<&str> {
        let arg = self.args.get(self.next)?;
        self.next += 1;
        Some(arg)
    }

    /// Reuses the format while it consumes arguments and some remain, as
    /// bash does; returns what the call produced.
    pub(super) fn run(mut self) -> PrintfOutput {
        loop {
            let before = self.next;
            if !self.pass() {
                break;
            }
            if self.next == before || self.next >= self.args.len() {
                break;
            }
        }
        self.out
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
            // One directive adds at most a bounded field: checking after
            // each keeps the output near the bound.
            if self.out.output.len() > self.max {
                self.out.over_limit = true;
                return false;
            }
        }
        if self.out.output.len() > self.max {
            self.out.over_limit = true;
            return false;
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
                let n = common_escape(b, at, &mut self.out.output, &mut errors, self.utf8);
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
        let p = parse_signed(&arg, self.utf8);
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
                    .and_then(|a| crate::bytes::encode(a).first().copied())
                    .unwrap_or(0);
                pad(&mut self.out.output, &[byte], &spec);
            }
            b's' => {
                let arg = crate::bytes::encode(self.next_arg().unwrap_or("")).into_owned();
                self.string(&arg, &spec);
            }
            b'q' => {
                let utf8 = self.utf8;
                let q = quote_in(self.next_arg().unwrap_or(""), utf8);
                self.string(&crate::bytes::encode(&q), &spec);
            }
            // `%Q` (bash 5.2): the precision cuts the argument before it
            // is quoted; the width pads the quoted text.
            b'Q' => {
                let utf8 = self.utf8;
                let arg = self.next_arg().unwrap_or("");
                let cut = match spec.precision {
                    Some(p) => arg
                        .char_indices()
                        .nth(p)
                        .and_then(|(at, _)| arg.get(..at))
                        .unwrap_or(arg),
                    None => arg,
                };
                let q = quote_in(cut, utf8);
                let spec = Spec {
                    precision: None,
                    ..spec
                };
                self.string(&crate::bytes::encode(&q), &spec);
            }
            b'b' => {
                let utf8 = self.utf8;
                let e = expand_escapes_in(self.next_arg().unwrap_or(""), utf8);
                for err in e.errors {
                    self.out.errors.push(format!("printf: {err}"));
                }
                self.string(&e.bytes, &spec);
                if e.stopped {
                    self.out.stop = true;
                    return None;
                }
            }
            b'(' if self.clock.is_some() => {
                // bash's: the format runs to the first `)`, and a `T`
                // must follow it.
                let rest = fmt.get(i..).unwrap_or_default();
                let close = rest.iter().position(|&c| c == b')');
                let after = close.and_then(|c| rest.get(c + 1)).copied();
                let (Some(close), Some(b'T')) = (close, after) else {
                    let shown = after.map(|c| char::from(c).to_string()).unwrap_or_default();
                    self.out
                        .warning(format!("`{shown}': invalid time format specification"));
                    self.out.status = 1;
                    return None;
                };
                let time_fmt = String::from_utf8_lossy(rest.get(..close).unwrap_or_default());
                i += close + 2;
                let secs = self.time_arg();
                let clock = self.clock?;
                let secs = match secs {
                    -1 => clock.now,
                    -2 => clock.start,
                    s => s,
                };
                let time_fmt = if time_fmt.is_empty() {
                    "%X".into()
                } else {
                    time_fmt
                };
                let text = crate::time::strftime(&time_fmt, secs, 0, clock.tz.as_deref());
                self.string(&crate::bytes::encode(&text), &spec);
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

    /// `%(fmt)T`'s argument: seconds since the epoch, `-1` (now) when
    /// there is none; an invalid number is reported and its leading digits
    /// used, as for `%d`.
    fn time_arg(&mut self) -> i64 {
        let Some(arg) = self.next_arg().map(str::to_string) else {
            return -1;
        };
        let p = parse_signed(&arg, self.utf8);
        if p.invalid && !arg.is_empty() {
            self.out.error(invalid_number(&arg));
        }
        p.value
    }

    fn signed(&mut self, spec: &Spec) {
        let value = match self.next_arg().map(str::to_string) {
            None => 0,
            Some(arg) => {
                let p = parse_signed(&arg, self.utf8);
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
                let p = parse_unsigned(&arg, self.utf8);
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
                let p = parse_float(&arg, self.utf8);
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
