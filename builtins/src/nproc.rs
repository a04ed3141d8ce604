//! `nproc`: the processing units available: one, as utilities of a
//! sandbox run on the caller's thread, unless the environment sets
//! `OMP_NUM_THREADS` (capped by `OMP_THREAD_LIMIT`), which GNU honours.

use crate::common::command::Command;
use crate::common::extra_operand;
use crate::common::flags::{Args, Flag, Help};
use crate::common::quote;
use crate::common::sys::{Res, Sys};

/// The `nproc` utility: `--all --ignore=N`.
pub struct Nproc;

/// The options of `nproc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    All,
    Ignore,
}

/// The units the sandbox reports.
pub(crate) const UNITS: u64 = 1;

impl Command for Nproc {
    const NAME: &'static str = "nproc";
    const HELP: Help = Help {
        usage: &["[OPTION]..."],
        about: "Print the number of processing units available to the current process,\nwhich may be less than the number of online processors",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::long(
            &["all"],
            Key::All,
            "print the number of installed processors",
        ),
        Flag::long(
            &["ignore"],
            Key::Ignore,
            "if possible, exclude N processing units",
        )
        .value("N"),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        if let Some(x) = p.operands.first() {
            return Ok(extra_operand(sys, x));
        }
        let mut ignore = 0u64;
        if let Some(v) = p.last(Key::Ignore) {
            match v.trim_start().parse::<u64>() {
                Ok(n) => ignore = n,
                Err(_) => {
                    sys.diag.error(format_args!("invalid number: {}", quote(v)));
                    return Ok(1);
                }
            }
        }
        let n = if p.has(Key::All) {
            UNITS
        } else {
            available(sys.env).saturating_sub(ignore).max(1)
        };
        sys.out.fmt(format_args!("{n}\n"))?;
        Ok(0)
    }
}

/// The units a process may use: `OMP_NUM_THREADS` (its first number)
/// when set, capped by `OMP_THREAD_LIMIT`, else [`UNITS`], as GNU reads
/// them.
fn available(env: &[(String, String)]) -> u64 {
    let num = |k: &str| {
        env.iter()
            .rev()
            .find(|(n, _)| n == k)
            .and_then(|(_, v)| v.split(',').next()?.trim().parse::<u64>().ok())
            .filter(|n| *n > 0)
    };
    let n = num("OMP_NUM_THREADS").unwrap_or(UNITS);
    num("OMP_THREAD_LIMIT").map_or(n, |l| n.min(l))
}

#[cfg(test)]
mod tests {
    use super::Nproc;
    use crate::testutil::*;

    #[test]
    fn openmp_variables() {
        let fs = TestFs::new();
        let with = |env: &[(&str, &str)], args: &[&str]| {
            let env = env
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect();
            run_with(
                &Nproc,
                args,
                &fs,
                Harness {
                    env,
                    ..Harness::default()
                },
            )
            .out
        };
        assert_eq!(with(&[("OMP_NUM_THREADS", "4")], &[]), "4\n");
        assert_eq!(
            with(&[("OMP_NUM_THREADS", "4"), ("OMP_THREAD_LIMIT", "3")], &[]),
            "3\n"
        );
        assert_eq!(with(&[("OMP_NUM_THREADS", "4")], &["--all"]), "1\n");
        assert_eq!(with(&[("OMP_NUM_THREADS", "8,2")], &["--ignore=1"]), "7\n");
        assert_eq!(with(&[("OMP_NUM_THREADS", "x")], &[]), "1\n");
    }

    #[test]
    fn counts() {
        assert_eq!(run0(&Nproc, &[], b"").out, "1\n");
        assert_eq!(run0(&Nproc, &["--ignore=5"], b"").out, "1\n");
        let o = run0(&Nproc, &["--ignore=x"], b"");
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, "nproc: invalid number: 'x'\n")
        );
    }
}
