//! `sleep`: delay for a specified amount of time.

use std::time::Duration;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::num::parse_duration;
use crate::common::sys::{Res, STATUS_CANCELLED, Sys};

/// The `sleep` utility: `NUMBER[smhd]...`, summed, fractions and `inf`
/// allowed. It waits on the run's cancellation signal and returns
/// [`STATUS_CANCELLED`] (130, as if interrupted) when the run is cancelled
/// or times out.
pub struct Sleep;

impl Command for Sleep {
    const NAME: &'static str = "sleep";
    const HELP: Help = Help {
        usage: &["NUMBER[SUFFIX]...", "OPTION"],
        about: "Pause for NUMBER seconds.  SUFFIX may be 's' for seconds (the default),
'm' for minutes, 'h' for hours or 'd' for days.  NUMBER need not be an
integer.  Given two or more arguments, pause for the amount of time
specified by the sum of their values.",
        after: "",
    };
    type Key = ();
    const FLAGS: &'static [Flag<()>] = &[];
    // GNU parses options before operands: `sleep -1` is an invalid option.
    const SYNTAX: Syntax = Syntax::GNU;

    fn main(sys: &mut Sys<'_>, p: Args<()>) -> Res<i32> {
        main(sys, p)
    }
}

fn main(sys: &mut Sys<'_>, p: Args<()>) -> Res<i32> {
    if p.operands.is_empty() {
        sys.diag.usage("missing operand");
        return Ok(1);
    }
    let mut total = 0.0f64;
    let mut bad = false;
    for op in &p.operands {
        match parse_duration(op) {
            Some(s) => total += s,
            None => {
                sys.diag.error(format_args!("invalid time interval '{op}'"));
                bad = true;
            }
        }
    }
    if bad {
        sys.diag.try_help();
        return Ok(1);
    }
    // Sleep in slices of at most a day so huge values never overflow.
    const SLICE: f64 = 86_400.0;
    let mut left = total;
    while left > 0.0 {
        let step = left.min(SLICE);
        let dur = Duration::try_from_secs_f64(step).unwrap_or(Duration::from_secs(86_400));
        if sys.tick.cancel.sleep(dur).is_some() {
            return Ok(STATUS_CANCELLED);
        }
        if left.is_finite() {
            left -= step;
        }
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::Sleep;
    use crate::testutil::*;
    use std::time::{Duration, Instant};

    #[test]
    fn sleeps_and_sums() {
        let t = Instant::now();
        let o = run0(&Sleep, &["0.05", "0.02s"], b"");
        assert_eq!(o.status, 0);
        assert!(t.elapsed() >= Duration::from_millis(70));
    }

    #[test]
    fn wakes_on_cancel() {
        let cancel = sandbash_interpreter::Cancel::new().with_timeout(Duration::from_millis(30));
        let t = Instant::now();
        let o = run_with(
            &Sleep,
            &["inf"],
            &TestFs::new(),
            Harness {
                cancel,
                ..Harness::default()
            },
        );
        assert_eq!(o.status, 130);
        assert!(t.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn errors() {
        let o = run0(&Sleep, &[], b"");
        assert_eq!(
            o.err,
            "sleep: missing operand\nTry 'sleep --help' for more information.\n"
        );
        let o = run0(&Sleep, &["abc"], b"");
        assert_eq!(
            (o.err.as_str(), o.status),
            (
                "sleep: invalid time interval 'abc'\nTry 'sleep --help' for more information.\n",
                1
            )
        );
        let o = run0(&Sleep, &["-1"], b"");
        assert_eq!(
            (o.err.as_str(), o.status),
            (
                "sleep: invalid option -- '1'\nTry 'sleep --help' for more information.\n",
                1
            )
        );
    }
}
