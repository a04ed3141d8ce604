//! The digits of `%f %e %g %a`, without sign or padding.

use super::spec::Spec;

/// Formats a finite or infinite float for `%f %e %g %a` (lowercase; the
/// caller uppercases), without sign or padding; returns the digits and
/// whether they are a finite number (zero padding applies).
pub(super) fn float_body(v: f64, conv: u8, spec: &Spec) -> (String, bool) {
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
