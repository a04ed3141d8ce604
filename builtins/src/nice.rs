//! `nice`: run a command with an adjusted niceness.
//!
//! The sandbox has no scheduler priorities: the niceness is bookkeeping
//! that the runner carries to the commands it starts (and their
//! subshells), so `nice -n 5 nice` prints 5 as in GNU, clamped to 19. The
//! agent is not root: lowering it is refused with GNU's warning and the
//! command still runs. A session starts at 0.

use std::borrow::Cow;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::sys::{Res, Sys};
use crate::common::wrap::{Unstarted, run_reporting};

/// The `nice` utility.
pub struct Nice;

/// The options of `nice`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Adjustment,
}

/// Status of nice's own failures.
const STATUS_FAILED: i32 = 125;

impl Command for Nice {
    const NAME: &'static str = "nice";
    const HELP: Help = Help {
        usage: &["[OPTION] [COMMAND [ARG]...]"],
        about: "Run COMMAND with an adjusted niceness, which affects process scheduling.
With no COMMAND, print the current niceness.  Niceness values range from
-20 (most favorable to the process) to 19 (least favorable to the process).

Mandatory arguments to long options are mandatory for short options too.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[Flag::new(
        'n',
        &["adjustment"],
        Key::Adjustment,
        "add integer N to the niceness (default 10)",
    )
    .value("N")];
    const SYNTAX: Syntax = Syntax::GNU.status(STATUS_FAILED).stop_at_operand();

    /// The obsolete `nice -N` / `nice --N` (a negative N) as the first word.
    fn prepare(args: &[String]) -> Cow<'_, [String]> {
        let Some(first) = args.first() else {
            return Cow::Borrowed(args);
        };
        let num = first
            .strip_prefix("--")
            .map(|d| (d, true))
            .or_else(|| first.strip_prefix('-').map(|d| (d, false)));
        match num {
            Some((d, neg)) if !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()) => {
                let mut v = vec![
                    "-n".to_owned(),
                    if neg { format!("-{d}") } else { d.to_owned() },
                ];
                v.extend(args.iter().skip(1).cloned());
                Cow::Owned(v)
            }
            _ => Cow::Borrowed(args),
        }
    }

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let mut adjustment = None;
        for (_, v) in p.each() {
            let t = v.strip_prefix(['+', '-']).unwrap_or(v);
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                sys.diag.error(format_args!("invalid adjustment '{v}'"));
                return Ok(STATUS_FAILED);
            }
            // Far past the range, any value clamps the same (GNU: LONG_MAX).
            let n: i64 = t.parse().unwrap_or(i64::MAX).min(1 << 20);
            adjustment = Some(if v.starts_with('-') { -n } else { n });
        }
        let current = sys.runner.niceness();
        if p.operands.is_empty() {
            if adjustment.is_some() {
                sys.diag.usage("a command must be given with an adjustment");
                return Ok(STATUS_FAILED);
            }
            sys.out.fmt(format_args!("{current}\n"))?;
            return Ok(0);
        }
        let wanted = (i64::from(current) + adjustment.unwrap_or(10)).clamp(-20, 19);
        let mut niceness = i32::try_from(wanted).unwrap_or(current);
        if niceness < current {
            // The agent is not root: lowering fails with EPERM, which GNU
            // reports and then runs the command anyway.
            sys.diag.error("cannot set niceness: Permission denied");
            niceness = current;
        }
        sys.runner.set_niceness(niceness);
        let r = run_reporting(sys, &p.operands, None, Unstarted::Quoted);
        sys.runner.set_niceness(current);
        Ok(r?.unwrap_or_else(|status| status))
    }
}

#[cfg(test)]
mod tests {
    use super::Nice;
    use crate::testutil::*;

    #[test]
    fn niceness_through_the_runner() {
        // The EchoRunner keeps no niceness, so only the refusal shows.
        let o = run0(&Nice, &["-n", "-3", "cmd"], b"");
        assert_eq!(
            (o.status, o.err.as_str()),
            (3, "nice: cannot set niceness: Permission denied\n")
        );
        let o = run0(&Nice, &["-n", "99999999999999999999999", "cmd"], b"");
        assert_eq!((o.status, o.err.as_str()), (3, ""));
    }

    #[test]
    fn adjusts_nothing_and_runs() {
        assert_eq!(run0(&Nice, &[], b"").out, "0\n");
        let o = run0(&Nice, &["-n", "5", "cmd"], b"");
        assert_eq!((o.status, o.out.lines().next()), (3, Some("run: cmd")));
        let o = run0(&Nice, &["-5", "cmd"], b"");
        assert_eq!(o.status, 3);
        let o = run0(&Nice, &["-n", "x", "cmd"], b"");
        assert_eq!(
            (o.status, o.err.as_str()),
            (125, "nice: invalid adjustment 'x'\n")
        );
        let o = run0(&Nice, &["-n", "5"], b"");
        assert_eq!(o.status, 125);
        let o = run0(&Nice, &["missing"], b"");
        assert_eq!(
            (o.status, o.err.as_str()),
            (127, "nice: 'missing': No such file or directory\n")
        );
    }
}
