//! `nice`: run a command with an adjusted niceness.
//!
//! The sandbox has no scheduler priorities: the adjustment is checked as
//! GNU checks it and the command runs as is. Without a command `nice`
//! prints the sandbox's niceness, always 0 (a nested `nice -n 5 nice`
//! therefore prints 0, not 5).

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
        let mut adjusted = false;
        for (_, v) in p.each() {
            let t = v.strip_prefix(['+', '-']).unwrap_or(v);
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                sys.diag.error(format_args!("invalid adjustment '{v}'"));
                return Ok(STATUS_FAILED);
            }
            adjusted = true;
        }
        if p.operands.is_empty() {
            if adjusted {
                sys.diag.usage("a command must be given with an adjustment");
                return Ok(STATUS_FAILED);
            }
            sys.out.put(b"0\n")?;
            return Ok(0);
        }
        let r = run_reporting(sys, &p.operands, None, Unstarted::Quoted)?;
        Ok(r.unwrap_or_else(|status| status))
    }
}

#[cfg(test)]
mod tests {
    use super::Nice;
    use crate::testutil::*;

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
