//! The flags, width and precision of one conversion, and the padding they
//! ask for.

/// The flags, width and precision of one conversion.
#[derive(Clone, Copy, Default)]
pub(super) struct Spec {
    /// `-`: pad on the right.
    pub(super) left: bool,
    /// `+`: a sign even on positive numbers.
    pub(super) plus: bool,
    /// ` `: a space where a positive number has no sign.
    pub(super) space: bool,
    /// `#`: the alternate form (`0x`, a kept point).
    pub(super) alt: bool,
    /// `0`: pad numbers with zeros.
    pub(super) zero: bool,
    /// The minimum field width.
    pub(super) width: usize,
    /// The precision, if one was given.
    pub(super) precision: Option<usize>,
}

/// Pads `body` to the field width with spaces.
pub(super) fn pad(out: &mut Vec<u8>, body: &[u8], spec: &Spec) {
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
pub(super) fn pad_number(out: &mut Vec<u8>, sign: &str, digits: &str, spec: &Spec, zero_ok: bool) {
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

/// Applies an integer precision: at least that many digits, and none at
/// all for zero with precision 0.
pub(super) fn with_precision(digits: String, zero: bool, spec: &Spec) -> String {
    match spec.precision {
        Some(0) if zero => String::new(),
        Some(p) if p > digits.len() => format!("{}{digits}", "0".repeat(p - digits.len())),
        _ => digits,
    }
}
