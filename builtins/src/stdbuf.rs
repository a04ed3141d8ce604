//! `stdbuf`: run a command with modified buffering of its standard
//! streams.
//!
//! The modes are checked as GNU checks them; the command then runs as
//! is: a sandbox utility's output reaches the next command of a pipeline
//! in order whatever its buffering, and nothing shows the difference.

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::num::parse_count;
use crate::common::sys::{Res, Sys};
use crate::common::wrap::{Unstarted, run_reporting};

/// The `stdbuf` utility.
pub struct Stdbuf;

/// The options of `stdbuf`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Input,
    Output,
    Error,
}

/// Status of stdbuf's own failures.
const STATUS_FAILED: i32 = 125;

impl Command for Stdbuf {
    const NAME: &'static str = "stdbuf";
    const HELP: Help = Help {
        usage: &["OPTION... COMMAND"],
        about: "Run COMMAND, with modified buffering operations for its standard streams.

Mandatory arguments to long options are mandatory for short options too.",
        after: "If MODE is 'L' the corresponding stream will be line buffered.
This option is invalid with standard input.

If MODE is '0' the corresponding stream will be unbuffered.

Otherwise MODE is a number which may be followed by one of the following:
KB 1000, K 1024, MB 1000*1000, M 1024*1024, and so on for G,T,P,E,Z,Y,R,Q.
In this case the corresponding stream will be fully buffered with the buffer
size set to MODE bytes.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'i',
            &["input"],
            Key::Input,
            "adjust standard input stream buffering",
        )
        .value("MODE"),
        Flag::new(
            'o',
            &["output"],
            Key::Output,
            "adjust standard output stream buffering",
        )
        .value("MODE"),
        Flag::new(
            'e',
            &["error"],
            Key::Error,
            "adjust standard error stream buffering",
        )
        .value("MODE"),
    ];
    const SYNTAX: Syntax = Syntax::GNU.status(STATUS_FAILED).stop_at_operand();

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let mut any = false;
        for (k, v) in p.each() {
            any = true;
            if v == "L" {
                if k == Key::Input {
                    sys.diag.usage("line buffering stdin is meaningless");
                    return Ok(STATUS_FAILED);
                }
                continue;
            }
            if parse_count(v).is_none() {
                sys.diag.error(format_args!("invalid mode '{v}'"));
                return Ok(STATUS_FAILED);
            }
        }
        if p.operands.is_empty() {
            sys.diag.usage("missing operand");
            return Ok(STATUS_FAILED);
        }
        if !any {
            sys.diag.usage("you must specify a buffering mode option");
            return Ok(STATUS_FAILED);
        }
        let r = run_reporting(sys, &p.operands, None, Unstarted::FailedToRun)?;
        Ok(r.unwrap_or_else(|status| status))
    }
}

#[cfg(test)]
mod tests {
    use super::Stdbuf;
    use crate::testutil::*;

    #[test]
    fn checks_modes_and_runs() {
        let o = run0(&Stdbuf, &["-oL", "cmd"], b"");
        assert_eq!((o.status, o.out.lines().next()), (3, Some("run: cmd")));
        let o = run0(&Stdbuf, &["-o", "x", "cmd"], b"");
        assert_eq!(
            (o.status, o.err.as_str()),
            (125, "stdbuf: invalid mode 'x'\n")
        );
        let o = run0(&Stdbuf, &["-i", "L", "cmd"], b"");
        assert_eq!(o.status, 125);
        let o = run0(&Stdbuf, &["cmd"], b"");
        assert!(
            o.err
                .starts_with("stdbuf: you must specify a buffering mode option\n")
        );
        let o = run0(&Stdbuf, &["-o0"], b"");
        assert!(o.err.starts_with("stdbuf: missing operand\n"));
    }
}
