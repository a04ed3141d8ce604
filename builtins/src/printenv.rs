//! `printenv`: print all or part of the exported environment.
//!
//! Status 0 when every named variable is set, 1 when one is not (a name
//! holding `=` never is), 2 for a usage error, as GNU.

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::sys::{Res, Sys};

/// The `printenv` utility: `-0`, names.
pub struct Printenv;

/// The options of `printenv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Null,
}

impl Command for Printenv {
    const NAME: &'static str = "printenv";
    const HELP: Help = Help {
        usage: &["[OPTION]... [VARIABLE]..."],
        about: "Print the values of the specified environment VARIABLE(s).\nIf no VARIABLE is specified, print name and value pairs for them all.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[Flag::new(
        '0',
        &["null"],
        Key::Null,
        "end each output line with NUL, not newline",
    )];
    const SYNTAX: Syntax = Syntax::GNU.status(2);

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let end: &[u8] = if p.has(Key::Null) { b"\0" } else { b"\n" };
        let env = sys.env;
        if p.operands.is_empty() {
            for (k, v) in env {
                sys.tick.tick()?;
                sys.out.str(k)?;
                sys.out.put(b"=")?;
                sys.out.str(v)?;
                sys.out.put(end)?;
            }
            return Ok(0);
        }
        let mut missing = false;
        for name in &p.operands {
            sys.tick.tick()?;
            let found = if name.contains('=') {
                None
            } else {
                env.iter().rev().find(|(k, _)| k == name)
            };
            match found {
                Some((_, v)) => {
                    sys.out.str(v)?;
                    sys.out.put(end)?;
                }
                None => missing = true,
            }
        }
        Ok(i32::from(missing))
    }
}

#[cfg(test)]
mod tests {
    use super::Printenv;
    use crate::testutil::*;

    #[test]
    fn names_all_and_status() {
        let fs = TestFs::new();
        let o = run(&Printenv, &["PATH", "HOME"], b"", &fs);
        assert_eq!((o.out.as_str(), o.status), ("/bin\n/workspace\n", 0));
        let o = run(&Printenv, &["-0", "PATH", "NOPE", "PATH=/bin"], b"", &fs);
        assert_eq!((o.out.as_str(), o.status), ("/bin\0", 1));
        let o = run(&Printenv, &[], b"", &fs);
        assert_eq!(o.out, "HOME=/workspace\nPATH=/bin\n");
        let o = run(&Printenv, &["-x"], b"", &fs);
        assert_eq!(o.status, 2);
    }
}
