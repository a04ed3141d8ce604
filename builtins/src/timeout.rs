//! `timeout`: run a command with a time limit.
//!
//! The command runs through the runner under a deadline of its own
//! ([`sandbash_interpreter::CommandRunner::run_command_until`]): at the
//! deadline it is stopped wherever it is (a loop, a `sleep`, a nested
//! shell, a pipe wait), as the signal would stop it, while the script that
//! called `timeout` goes on. Nothing in the sandbox can catch or ignore
//! the signal, so every signal ends the command at once and `-k` never
//! has to strike (it is checked and accepted). `--foreground` changes
//! nothing without a terminal.
//!
//! Statuses as GNU coreutils: the command's own; 124 when it timed out
//! (128 + the signal with `--preserve-status`, 137 with `-s KILL`
//! always); 125 for timeout's errors; 126/127 when the command cannot be
//! run. A run stopped from outside (the host, its wall clock) stops
//! `timeout` too.

use std::time::{Duration, Instant};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::num::parse_duration;
use crate::common::sys::{Fail, Res, Sys};
use crate::common::wrap::{Unstarted, run_reporting, signal_name, signal_number};

/// The `timeout` utility.
pub struct Timeout;

/// The options of `timeout`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    PreserveStatus,
    Foreground,
    KillAfter,
    Signal,
    Verbose,
}

/// Status when the command timed out.
const STATUS_TIMEDOUT: i32 = 124;
/// Status of timeout's own failures.
const STATUS_CANCELED: i32 = 125;
const SIGKILL: i32 = 9;
const SIGTERM: i32 = 15;

impl Command for Timeout {
    const NAME: &'static str = "timeout";
    const HELP: Help = Help {
        usage: &["[OPTION] DURATION COMMAND [ARG]...", "[OPTION]"],
        about: "Start COMMAND, and kill it if still running after DURATION.",
        after: "DURATION is a floating point number with an optional suffix:
's' for seconds (the default), 'm' for minutes, 'h' for hours or 'd' for days.
A duration of 0 disables the associated timeout.

Upon timeout, send the TERM signal to COMMAND, if no other SIGNAL specified.
The TERM signal kills any process that does not block or catch that signal.
It may be necessary to use the KILL signal, since this signal can't be caught.

Exit status:
  124  if COMMAND times out, and --preserve-status is not specified
  125  if the timeout command itself fails
  126  if COMMAND is found but cannot be invoked
  127  if COMMAND cannot be found
  137  if COMMAND (or timeout itself) is sent the KILL (9) signal (128+9)
  -    the exit status of COMMAND otherwise",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::long(
            &["preserve-status"],
            Key::PreserveStatus,
            "exit with the same status as COMMAND, even when the command times out",
        ),
        Flag::long(
            &["foreground"],
            Key::Foreground,
            "when not running timeout directly from a shell prompt, allow COMMAND to read from the TTY and get TTY signals; in this mode, children of COMMAND will not be timed out",
        ),
        Flag::new(
            'k',
            &["kill-after"],
            Key::KillAfter,
            "also send a KILL signal if COMMAND is still running this long after the initial signal was sent",
        )
        .value("DURATION"),
        Flag::new(
            's',
            &["signal"],
            Key::Signal,
            "specify the signal to be sent on timeout; SIGNAL may be a name like 'HUP' or a number; see 'kill -l' for a list of signals",
        )
        .value("SIGNAL"),
        Flag::new(
            'v',
            &["verbose"],
            Key::Verbose,
            "diagnose to stderr any signal sent upon timeout",
        ),
    ];
    const SYNTAX: Syntax = Syntax::GNU.status(STATUS_CANCELED).stop_at_operand();

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }
}

/// A duration operand in seconds; `invalid time interval` when it is not.
fn duration(sys: &mut Sys<'_>, s: &str) -> Option<f64> {
    let d = parse_duration(s);
    if d.is_none() {
        sys.diag.error(format_args!("invalid time interval '{s}'"));
        sys.diag.try_help();
    }
    d
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let mut signal = SIGTERM;
    let mut preserve = false;
    let mut verbose = false;
    for (k, v) in p.each() {
        match k {
            Key::PreserveStatus => preserve = true,
            Key::Verbose => verbose = true,
            Key::Foreground => {}
            Key::KillAfter => {
                if duration(sys, v).is_none() {
                    return Ok(STATUS_CANCELED);
                }
            }
            Key::Signal => match signal_number(v) {
                Some(n) => signal = n,
                None => {
                    sys.diag.error(format_args!("'{v}': invalid signal"));
                    sys.diag.try_help();
                    return Ok(STATUS_CANCELED);
                }
            },
        }
    }
    let Some((dur, argv)) = p.operands.split_first().filter(|(_, a)| !a.is_empty()) else {
        sys.diag.try_help();
        return Ok(STATUS_CANCELED);
    };
    let Some(secs) = duration(sys, dur) else {
        return Ok(STATUS_CANCELED);
    };
    // 0 disables the limit; one too large for the clock is none either.
    let deadline = if secs > 0.0 {
        Duration::try_from_secs_f64(secs)
            .ok()
            .and_then(|d| Instant::now().checked_add(d))
    } else {
        None
    };
    let name = argv.first().map(String::as_str).unwrap_or("");
    let status = match run_reporting(sys, argv, deadline, Unstarted::FailedToRun)? {
        Ok(s) => s,
        Err(status) => return Ok(status),
    };
    // The host or the run's own clock stopping everything is not a timeout.
    if sys.tick.check().is_err() {
        return Err(Fail::Cancelled);
    }
    if deadline.is_some_and(|d| Instant::now() >= d) {
        if verbose {
            sys.diag.error(format_args!(
                "sending signal {} to command {}",
                signal_name(signal),
                crate::common::quote(name)
            ));
        }
        return Ok(if signal == SIGKILL || preserve {
            128 + signal
        } else {
            STATUS_TIMEDOUT
        });
    }
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::Timeout;
    use crate::testutil::*;

    #[test]
    fn runs_and_refuses() {
        let o = run0(&Timeout, &["5", "cmd", "a"], b"in");
        assert_eq!((o.status, o.out.lines().next()), (3, Some("run: cmd a")));
        let o = run0(&Timeout, &["abc", "cmd"], b"");
        assert_eq!(o.status, 125);
        assert!(o.err.starts_with("timeout: invalid time interval 'abc'\n"));
        let o = run0(&Timeout, &["-s", "NOPE", "1", "cmd"], b"");
        assert_eq!(o.status, 125);
        assert!(o.err.starts_with("timeout: 'NOPE': invalid signal\n"));
        let o = run0(&Timeout, &["1"], b"");
        assert_eq!(
            (o.status, o.err.as_str()),
            (125, "Try 'timeout --help' for more information.\n")
        );
        let o = run0(&Timeout, &["1", "missing"], b"");
        assert_eq!(
            (o.status, o.err.as_str()),
            (
                127,
                "timeout: failed to run command 'missing': No such file or directory\n"
            )
        );
    }
}
