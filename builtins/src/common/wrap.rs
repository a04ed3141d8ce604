//! Running the command a wrapper utility names (`timeout`, `nice`,
//! `nohup`, `stdbuf`, `ionice`, `time`) with the wrapper's own streams and
//! environment, through the shell's runner, and the table of signal names
//! they take (`timeout -s`).
//!
//! The command reads the wrapper's standard input and writes straight to
//! its standard output (flushed first, so the order of output is kept)
//! and standard error. Failing to start is a [`NotRun`] the wrapper words
//! in its own way (`failed to run command 'X': ...`, status 126/127).

use std::time::Instant;

use sandbash_interpreter::NotRun;

use super::sys::{Res, Sys};

/// Runs `argv` with the utility's streams and environment; with a
/// `deadline`, under it ([`sandbash_interpreter::CommandRunner::run_command_until`]).
pub fn run_command(
    sys: &mut Sys<'_>,
    argv: &[String],
    deadline: Option<Instant>,
) -> Res<Result<i32, NotRun>> {
    sys.out.flush()?;
    let env = sys.env;
    let r = match deadline {
        Some(d) => sys.runner.run_command_until(
            d,
            argv,
            env,
            &mut *sys.stdin,
            sys.out.writer(),
            sys.diag.writer(),
        ),
        None => sys.runner.run_command(
            argv,
            env,
            &mut *sys.stdin,
            sys.out.writer(),
            sys.diag.writer(),
        ),
    };
    sys.out.flush()?;
    Ok(r)
}

/// How a wrapper words a command it could not start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unstarted {
    /// `failed to run command 'X': REASON` (`timeout`, `nohup`, `stdbuf`).
    FailedToRun,
    /// `'X': REASON` (`nice`).
    Quoted,
    /// `failed to execute X: REASON` (`ionice`).
    FailedToExecute,
    /// `cannot run X: REASON` (`time`).
    CannotRun,
}

/// [`run_command`], reporting a command that could not start in the
/// wrapper's words: `Ok(status)` when it ran, `Err(status)` (126/127)
/// when it did not.
pub fn run_reporting(
    sys: &mut Sys<'_>,
    argv: &[String],
    deadline: Option<Instant>,
    words: Unstarted,
) -> Res<Result<i32, i32>> {
    let e = match run_command(sys, argv, deadline)? {
        Ok(status) => return Ok(Ok(status)),
        Err(e) => e,
    };
    let name = argv.first().map(String::as_str).unwrap_or("");
    let reason = &e.reason;
    match words {
        Unstarted::FailedToRun => sys.diag.error(format_args!(
            "failed to run command {}: {reason}",
            super::quote(name)
        )),
        Unstarted::Quoted => sys
            .diag
            .error(format_args!("{}: {reason}", super::quote_escaped(name))),
        Unstarted::FailedToExecute => sys
            .diag
            .error(format_args!("failed to execute {name}: {reason}")),
        Unstarted::CannotRun => sys.diag.error(format_args!("cannot run {name}: {reason}")),
    }
    Ok(Err(e.status))
}

/// Signal names and numbers as Linux on x86-64 numbers them.
const SIGNALS: &[(&str, i32)] = &[
    ("HUP", 1),
    ("INT", 2),
    ("QUIT", 3),
    ("ILL", 4),
    ("TRAP", 5),
    ("ABRT", 6),
    ("IOT", 6),
    ("BUS", 7),
    ("FPE", 8),
    ("KILL", 9),
    ("USR1", 10),
    ("SEGV", 11),
    ("USR2", 12),
    ("PIPE", 13),
    ("ALRM", 14),
    ("TERM", 15),
    ("STKFLT", 16),
    ("CHLD", 17),
    ("CLD", 17),
    ("CONT", 18),
    ("STOP", 19),
    ("TSTP", 20),
    ("TTIN", 21),
    ("TTOU", 22),
    ("URG", 23),
    ("XCPU", 24),
    ("XFSZ", 25),
    ("VTALRM", 26),
    ("PROF", 27),
    ("WINCH", 28),
    ("IO", 29),
    ("POLL", 29),
    ("PWR", 30),
    ("SYS", 31),
];

/// The number of the signal `s` names: `TERM`, `SIGTERM`, `15` (up to
/// 64, the real-time ones included), as GNU's `str2sig`.
pub fn signal_number(s: &str) -> Option<i32> {
    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
        return s.parse::<i32>().ok().filter(|n| (0..=64).contains(n));
    }
    let name = s.strip_prefix("SIG").unwrap_or(s);
    SIGNALS.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
}

/// The name of signal `n` without `SIG` (`TERM`), or its number.
pub fn signal_name(n: i32) -> String {
    SIGNALS
        .iter()
        .find(|(_, v)| *v == n)
        .map_or_else(|| n.to_string(), |(name, _)| (*name).to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signals() {
        assert_eq!(signal_number("TERM"), Some(15));
        assert_eq!(signal_number("SIGKILL"), Some(9));
        assert_eq!(signal_number("9"), Some(9));
        assert_eq!(signal_number("NOPE"), None);
        assert_eq!(signal_number("99"), None);
        assert_eq!(signal_name(15), "TERM");
        assert_eq!(signal_name(40), "40");
    }
}
