//! The report of the `time` keyword, formatted by `TIMEFORMAT` as bash
//! formats it. Commands run as threads of the host's process, so they have
//! no CPU times of their own: user and system times are reported as zero,
//! the elapsed time as measured.

use std::fmt::Write as _;
use std::time::Duration;

/// bash's format when `TIMEFORMAT` is unset.
const DEFAULT_FORMAT: &str = "\nreal\t%3lR\nuser\t%3lU\nsys\t%3lS";
/// bash's format for `time -p`.
const POSIX_FORMAT: &str = "real %2R\nuser %2U\nsys %2S";

/// The text `time` writes to stderr after the pipeline: `TIMEFORMAT` (or
/// bash's default, or the POSIX one with `-p`) expanded, and a newline;
/// nothing when `TIMEFORMAT` is set and empty.
pub(crate) fn report(timeformat: Option<&str>, posix: bool, real: Duration) -> String {
    let format = if posix {
        POSIX_FORMAT
    } else {
        match timeformat {
            Some("") => return String::new(),
            Some(f) => f,
            None => DEFAULT_FORMAT,
        }
    };
    let mut out = String::new();
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        if chars.peek() == Some(&'%') {
            chars.next();
            out.push('%');
            continue;
        }
        let mut precision = 3;
        if let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
            precision = d.min(3) as usize;
            chars.next();
        }
        let long = chars.peek() == Some(&'l');
        if long {
            chars.next();
        }
        let secs = match chars.next() {
            Some('R') => real.as_secs_f64(),
            Some('U' | 'S') => 0.0,
            Some('P') => {
                // CPU share of the elapsed time: none is measured.
                let _ = write!(out, "{:.precision$}", 0.0);
                continue;
            }
            // bash prints an unknown escape as written.
            Some(other) => {
                out.push('%');
                out.push(other);
                continue;
            }
            None => {
                out.push('%');
                break;
            }
        };
        if long {
            let minutes = (secs / 60.0).floor();
            let rest = secs - minutes * 60.0;
            let _ = write!(out, "{}m{rest:.precision$}s", minutes as u64);
        } else {
            let _ = write!(out, "{secs:.precision$}");
        }
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_as_bash() {
        let t = Duration::from_millis(1500);
        assert_eq!(
            report(None, false, t),
            "\nreal\t0m1.500s\nuser\t0m0.000s\nsys\t0m0.000s\n"
        );
        assert_eq!(
            report(Some("x"), true, t),
            "real 1.50\nuser 0.00\nsys 0.00\n"
        );
        assert_eq!(report(Some("took %R"), false, t), "took 1.500\n");
        assert_eq!(report(Some("%1lR %% %P"), false, t), "0m1.5s % 0.000\n");
        assert_eq!(report(Some(""), false, t), "");
    }
}
