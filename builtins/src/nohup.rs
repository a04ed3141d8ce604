//! `nohup`: run a command immune to hangups.
//!
//! In the sandbox no stream is ever a terminal and no hangup is ever
//! sent: standard output is always a pipe or a file to nohup, so it runs
//! the command on the same streams and writes no `nohup.out` and no
//! `ignoring input` notice, exactly what GNU nohup does when none of its
//! streams is a terminal.

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::sys::{Res, Sys};
use crate::common::wrap::{Unstarted, run_reporting};

/// The `nohup` utility.
pub struct Nohup;

/// Status of nohup's own failures.
const STATUS_FAILED: i32 = 125;

impl Command for Nohup {
    const NAME: &'static str = "nohup";
    const HELP: Help = Help {
        usage: &["COMMAND [ARG]...", "OPTION"],
        about: "Run COMMAND, ignoring hangup signals.",
        after: "If standard input is a terminal, redirect it from an unreadable file.
If standard output is a terminal, append output to 'nohup.out' if possible,
'$HOME/nohup.out' otherwise.
If standard error is a terminal, redirect it to standard output.
To save output to FILE, use 'nohup COMMAND > FILE'.

In the sandbox no stream is a terminal: the command runs on nohup's own.",
    };
    type Key = ();
    const FLAGS: &'static [Flag<()>] = &[];
    const SYNTAX: Syntax = Syntax::GNU.status(STATUS_FAILED).stop_at_operand();

    fn main(sys: &mut Sys<'_>, p: Args<()>) -> Res<i32> {
        if p.operands.is_empty() {
            sys.diag.usage("missing operand");
            return Ok(STATUS_FAILED);
        }
        let r = run_reporting(sys, &p.operands, None, Unstarted::FailedToRun)?;
        Ok(r.unwrap_or_else(|status| status))
    }
}

#[cfg(test)]
mod tests {
    use super::Nohup;
    use crate::testutil::*;

    #[test]
    fn runs_the_command() {
        let o = run0(&Nohup, &["cmd", "-x"], b"");
        assert_eq!((o.status, o.out.lines().next()), (3, Some("run: cmd -x")));
        assert_eq!(o.err, "");
        let o = run0(&Nohup, &[], b"");
        assert_eq!(o.status, 125);
        assert_eq!(
            o.err,
            "nohup: missing operand\nTry 'nohup --help' for more information.\n"
        );
        let o = run0(&Nohup, &["missing"], b"");
        assert_eq!(o.status, 127);
        assert_eq!(
            o.err,
            "nohup: failed to run command 'missing': No such file or directory\n"
        );
    }
}
