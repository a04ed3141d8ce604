//! C `printf` formatting of floating-point numbers (`%f`, `%e`, `%g` and
//! their upper-case forms) with flags, width and precision.

/// One `%` conversion of a float.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FloatSpec {
    /// Flag characters among `-+ #0`.
    pub flags: String,
    /// Minimum field width.
    pub width: Option<usize>,
    /// Precision (digits after the point for `%f`/`%e`, significant for `%g`).
    pub precision: Option<usize>,
    /// The conversion letter: one of `feEgG` (`F` is treated as `f`).
    pub conv: char,
}

fn exp_form(v: f64, prec: usize, upper: bool) -> String {
    let s = format!("{v:.prec$e}");
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let sign = if exp < 0 { '-' } else { '+' };
    let e = if upper { 'E' } else { 'e' };
    format!("{mant}{e}{sign}{:02}", exp.unsigned_abs())
}

fn strip_zeros(s: &str) -> String {
    if !s.contains('.') {
        return s.to_string();
    }
    let t = s.trim_end_matches('0');
    t.trim_end_matches('.').to_string()
}

/// The digits of `v` (non-negative, finite) without sign or padding.
fn body(spec: &FloatSpec, v: f64) -> String {
    let alt = spec.flags.contains('#');
    match spec.conv {
        'e' | 'E' => {
            let p = spec.precision.unwrap_or(6);
            let mut s = exp_form(v, p, spec.conv == 'E');
            if alt
                && p == 0
                && let Some(i) = s.find(['e', 'E'])
            {
                s.insert(i, '.');
            }
            s
        }
        'g' | 'G' => {
            let mut p = spec.precision.unwrap_or(6);
            if p == 0 {
                p = 1;
            }
            let probe = format!("{v:.prec$e}", prec = p - 1);
            let x: i64 = probe
                .split_once('e')
                .and_then(|(_, e)| e.parse().ok())
                .unwrap_or(0);
            let p_i = p as i64;
            let s = if p_i > x && x >= -4 {
                let fp = usize::try_from(p_i - 1 - x).unwrap_or(0);
                format!("{v:.fp$}")
            } else {
                exp_form(v, p - 1, spec.conv == 'G')
            };
            if alt {
                return s;
            }
            match s.find(['e', 'E']) {
                Some(i) => {
                    let (m, e) = s.split_at(i);
                    format!("{}{e}", strip_zeros(m))
                }
                None => strip_zeros(&s),
            }
        }
        _ => {
            let p = spec.precision.unwrap_or(6);
            let mut s = format!("{v:.p$}");
            if alt && p == 0 {
                s.push('.');
            }
            s
        }
    }
}

/// Formats `v` according to `spec`, like C `printf`.
pub fn format(spec: &FloatSpec, v: f64) -> String {
    let neg = v.is_sign_negative();
    let upper = spec.conv.is_ascii_uppercase();
    let a = v.abs();
    let digits = if a.is_nan() {
        if upper { "NAN".into() } else { "nan".into() }
    } else if a.is_infinite() {
        if upper { "INF".into() } else { "inf".into() }
    } else {
        body(spec, a)
    };
    let sign = if neg && !v.is_nan() {
        "-"
    } else if spec.flags.contains('+') {
        "+"
    } else if spec.flags.contains(' ') {
        " "
    } else {
        ""
    };
    let len = sign.len() + digits.len();
    let width = spec.width.unwrap_or(0);
    if len >= width {
        return format!("{sign}{digits}");
    }
    let pad = width - len;
    if spec.flags.contains('-') {
        format!("{sign}{digits}{}", " ".repeat(pad))
    } else if spec.flags.contains('0') && a.is_finite() {
        format!("{sign}{}{digits}", "0".repeat(pad))
    } else {
        format!("{}{sign}{digits}", " ".repeat(pad))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(
        conv: char,
        flags: &str,
        width: Option<usize>,
        precision: Option<usize>,
        v: f64,
    ) -> String {
        format(
            &FloatSpec {
                flags: flags.into(),
                width,
                precision,
                conv,
            },
            v,
        )
    }

    #[test]
    fn conversions() {
        assert_eq!(f('f', "", None, None, 1.5), "1.500000");
        assert_eq!(f('f', "", None, Some(2), -1.005), "-1.00");
        assert_eq!(f('e', "", None, None, 1500.0), "1.500000e+03");
        assert_eq!(f('e', "", None, Some(1), 0.00012), "1.2e-04");
        assert_eq!(f('g', "", None, None, 100000.0), "100000");
        assert_eq!(f('g', "", None, None, 1000000.0), "1e+06");
        assert_eq!(f('g', "", None, None, 0.0001), "0.0001");
        assert_eq!(f('g', "", None, None, 0.00001), "1e-05");
        assert_eq!(f('g', "", None, None, 2.5), "2.5");
        assert_eq!(f('g', "", Some(5), None, 2.0), "    2");
        assert_eq!(f('f', "0", Some(6), Some(1), -2.0), "-002.0");
        assert_eq!(f('g', "-", Some(4), None, 1.0), "1   ");
        assert_eq!(f('g', "", None, None, f64::INFINITY), "inf");
    }
}
