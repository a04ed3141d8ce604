//! `ionice`: run a command with an I/O scheduling class and priority
//! (util-linux).
//!
//! The sandbox has no I/O scheduler: the class and level are checked as
//! util-linux checks them and the command runs as is. Without a command
//! `ionice` (or `ionice -p PID`) reports the class every sandbox command
//! has, `none: prio 0`.

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::sys::{Res, Sys};
use crate::common::wrap::{Unstarted, run_reporting};

/// The `ionice` utility.
pub struct Ionice;

/// The options of `ionice`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Class,
    Level,
    Pid,
    Pgid,
    Uid,
    Ignore,
}

impl Command for Ionice {
    const NAME: &'static str = "ionice";
    const HELP: Help = Help {
        usage: &[
            "[options] -p <pid>...",
            "[options] -P <pgid>...",
            "[options] -u <uid>...",
            "[options] <command>",
        ],
        about: "Show or change the I/O-scheduling class and priority of a process.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('c', &["class"], Key::Class, "name or number of scheduling class, 0: none, 1: realtime, 2: best-effort, 3: idle").value("class"),
        Flag::new('n', &["classdata"], Key::Level, "priority (0..7) in the specified scheduling class, only for the realtime and best-effort classes").value("num"),
        Flag::new('p', &["pid"], Key::Pid, "act on these already running processes"),
        Flag::new('P', &["pgid"], Key::Pgid, "act on already running processes in these groups"),
        Flag::new('t', &["ignore"], Key::Ignore, "ignore failures"),
        Flag::new('u', &["uid"], Key::Uid, "act on already running processes owned by these users"),
    ];
    const SYNTAX: Syntax = Syntax::GNU.stop_at_operand();

    /// util-linux's own layout, not coreutils': `ionice` is util-linux's.
    fn help() -> String {
        "
Usage:
 ionice [options] -p <pid>...
 ionice [options] -P <pgid>...
 ionice [options] -u <uid>...
 ionice [options] <command>

Show or change the I/O-scheduling class and priority of a process.

Options:
 -c, --class <class>    name or number of scheduling class,
                          0: none, 1: realtime, 2: best-effort, 3: idle
 -n, --classdata <num>  priority (0..7) in the specified scheduling class,
                          only for the realtime and best-effort classes
 -p, --pid <pid>...     act on these already running processes
 -P, --pgid <pgrp>...   act on already running processes in these groups
 -t, --ignore           ignore failures
 -u, --uid <uid>...     act on already running processes owned by these users

 -h, --help             display this help
 -V, --version          display version

For more details see ionice(1).
"
        .to_owned()
    }

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let mut class: Option<u32> = None;
        let mut level = false;
        let mut targets = false;
        for (k, v) in p.each() {
            match k {
                Key::Class => {
                    let c = match v.to_ascii_lowercase().as_str() {
                        "none" => Some(0),
                        "realtime" => Some(1),
                        "best-effort" => Some(2),
                        "idle" => Some(3),
                        n => match n.parse::<u32>() {
                            Ok(c) if c <= 3 => Some(c),
                            Ok(_) => {
                                sys.diag.error(format_args!("unknown prio class {v}"));
                                return Ok(1);
                            }
                            Err(_) => None,
                        },
                    };
                    let Some(c) = c else {
                        sys.diag
                            .error(format_args!("unknown scheduling class: '{v}'"));
                        return Ok(1);
                    };
                    class = Some(c);
                }
                Key::Level => {
                    if v.parse::<i64>().is_err() {
                        sys.diag
                            .error(format_args!("invalid class data argument: '{v}'"));
                        return Ok(1);
                    }
                    level = true;
                }
                Key::Pid | Key::Pgid | Key::Uid => targets = true,
                Key::Ignore => {}
            }
        }
        if class == Some(3) && level {
            sys.diag.error("ignoring given class data for idle class");
        }
        if targets || p.operands.is_empty() {
            let n = if targets { p.operands.len().max(1) } else { 1 };
            for _ in 0..n {
                sys.out.put(b"none: prio 0\n")?;
            }
            return Ok(0);
        }
        let r = run_reporting(sys, &p.operands, None, Unstarted::FailedToExecute)?;
        Ok(r.unwrap_or_else(|status| status))
    }
}

#[cfg(test)]
mod tests {
    use super::Ionice;
    use crate::testutil::*;

    #[test]
    fn shows_and_runs() {
        assert_eq!(run0(&Ionice, &[], b"").out, "none: prio 0\n");
        let o = run0(&Ionice, &["-c", "3", "cmd"], b"");
        assert_eq!(o.status, 3);
        let o = run0(&Ionice, &["-c", "9", "cmd"], b"");
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, "ionice: unknown prio class 9\n")
        );
        let o = run0(&Ionice, &["missing"], b"");
        assert_eq!(
            (o.status, o.err.as_str()),
            (
                127,
                "ionice: failed to execute missing: No such file or directory\n"
            )
        );
    }
}
