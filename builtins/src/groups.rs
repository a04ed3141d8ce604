//! `groups`: the group names of the session's user or of named users.

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::ident;
use crate::common::quote;
use crate::common::sys::{Res, Sys};

/// The `groups` utility.
pub struct Groups;

impl Command for Groups {
    const NAME: &'static str = "groups";
    const HELP: Help = Help {
        usage: &["[OPTION]... [USERNAME]..."],
        about: "Print group memberships for each USERNAME or, if no USERNAME is specified, for\nthe current process (which may differ if the groups database has changed).",
        after: "",
    };
    type Key = ();
    const FLAGS: &'static [Flag<()>] = &[];

    fn main(sys: &mut Sys<'_>, p: Args<()>) -> Res<i32> {
        if p.operands.is_empty() {
            let u = ident::current(sys.env);
            sys.out.str(&u.name)?;
            sys.out.put(b"\n")?;
            return Ok(0);
        }
        let mut status = 0;
        for w in &p.operands {
            sys.tick.tick()?;
            match ident::lookup(sys.env, w) {
                Some(u) => {
                    sys.out.str(&format!("{w} : {}\n", u.name))?;
                }
                None => {
                    sys.diag.error(format_args!("{}: no such user", quote(w)));
                    status = 1;
                }
            }
        }
        Ok(status)
    }
}

#[cfg(test)]
mod tests {
    use super::Groups;
    use crate::testutil::*;

    #[test]
    fn lists() {
        assert_eq!(run0(&Groups, &[], b"").out, "agent\n");
        let o = run0(&Groups, &["root", "x"], b"");
        assert_eq!((o.out.as_str(), o.status), ("root : root\n", 1));
        assert_eq!(o.err, "groups: 'x': no such user\n");
    }
}
