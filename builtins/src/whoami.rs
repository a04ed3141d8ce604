//! `whoami`: the session's user name (see [`crate::common::ident`]).

use crate::common::command::Command;
use crate::common::extra_operand;
use crate::common::flags::{Args, Flag, Help};
use crate::common::ident;
use crate::common::sys::{Res, Sys};

/// The `whoami` utility.
pub struct Whoami;

impl Command for Whoami {
    const NAME: &'static str = "whoami";
    const HELP: Help = Help {
        usage: &["[OPTION]..."],
        about: "Print the user name associated with the current effective user ID.\nSame as id -un.",
        after: "The user is USER (else LOGNAME) of the environment; nothing of the host is read.",
    };
    type Key = ();
    const FLAGS: &'static [Flag<()>] = &[];

    fn main(sys: &mut Sys<'_>, p: Args<()>) -> Res<i32> {
        if let Some(x) = p.operands.first() {
            return Ok(extra_operand(sys, x));
        }
        let u = ident::current(sys.env);
        sys.out.str(&u.name)?;
        sys.out.put(b"\n")?;
        Ok(0)
    }
}

#[cfg(test)]
mod tests {
    use super::Whoami;
    use crate::testutil::*;

    #[test]
    fn prints_the_user() {
        assert_eq!(run0(&Whoami, &[], b"").out, "agent\n");
        let o = run0(&Whoami, &["x"], b"");
        assert_eq!(o.status, 1);
        assert!(o.err.starts_with("whoami: extra operand 'x'\n"));
    }
}
