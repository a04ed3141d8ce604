//! `watch`: refused. It repaints a terminal screen until interrupted, and
//! a sandbox run has neither a terminal nor an interrupt key: the command
//! would run until the wall clock stopped it and print nothing useful.
//! Every invocation but `--help`/`--version` says so and exits 1; its
//! options (procps-ng's) are accepted so that the refusal, not a usage
//! error, is what `watch -n 1 CMD` gets.

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::sys::{Res, Sys};

/// The `watch` utility, refused.
pub struct Watch;

/// The options of `watch` (accepted, then refused with the rest).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Any,
}

/// The refusal, also the end of `--help`.
const REFUSAL: &str = "sandbash has no terminal; run the command in a loop instead: while :; do COMMAND; sleep N; done";

impl Command for Watch {
    const NAME: &'static str = "watch";
    const HELP: Help = Help {
        usage: &["[options] command"],
        about: "Execute a program periodically, showing output fullscreen.\n\nNot available in sandbash: it has no terminal to repaint and no key to stop\nthe loop. Every invocation exits with status 1; run the command in a loop\ninstead: while :; do COMMAND; sleep N; done",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'b',
            &["beep"],
            Key::Any,
            "beep if command has a non-zero exit",
        ),
        Flag::new(
            'c',
            &["color"],
            Key::Any,
            "interpret ANSI color and style sequences",
        ),
        Flag::new(
            'd',
            &["differences"],
            Key::Any,
            "highlight changes between updates",
        )
        .optional("permanent"),
        Flag::new(
            'e',
            &["errexit"],
            Key::Any,
            "exit if command has a non-zero exit",
        ),
        Flag::new(
            'g',
            &["chgexit"],
            Key::Any,
            "exit when output from command changes",
        ),
        Flag::new(
            'n',
            &["interval"],
            Key::Any,
            "seconds to wait between updates",
        )
        .value("secs"),
        Flag::new(
            'p',
            &["precise"],
            Key::Any,
            "attempt run command in precise intervals",
        ),
        Flag::new('t', &["no-title"], Key::Any, "turn off header"),
        Flag::new('w', &["no-wrap"], Key::Any, "turn off line wrapping"),
        Flag::new(
            'x',
            &["exec"],
            Key::Any,
            "pass command to exec instead of \"sh -c\"",
        ),
    ];
    const SYNTAX: Syntax = Syntax::GNU.stop_at_operand();

    fn main(sys: &mut Sys<'_>, _: Args<Key>) -> Res<i32> {
        sys.diag.error(REFUSAL);
        Ok(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::run0;

    #[test]
    fn every_run_is_refused() {
        for args in [&["-n", "1", "ls"][..], &["date"], &[]] {
            let r = run0(&Watch, args, b"");
            assert_eq!(r.status, 1);
            assert_eq!(r.out, "");
            assert_eq!(r.err, format!("watch: {REFUSAL}\n"));
        }
        let h = run0(&Watch, &["--help"], b"");
        assert_eq!(h.status, 0);
        assert!(h.out.contains("Not available in sandbash"));
    }
}
