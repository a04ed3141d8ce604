//! `id`: user and group ids of the session's user or of a named user
//! (see [`crate::common::ident`]: one group per user, named as the user).

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::ident::{self, User};
use crate::common::quote;
use crate::common::sys::{Res, Sys};

/// The `id` utility: `-a -Z -g -G -n -r -u -z`, users.
pub struct Id;

/// The options of `id`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Ignore,
    Context,
    Group,
    Groups,
    Name,
    Real,
    User,
    Zero,
}

impl Command for Id {
    const NAME: &'static str = "id";
    const HELP: Help = Help {
        usage: &["[OPTION]... [USER]..."],
        about: "Print user and group information for each specified USER,\nor (when USER omitted) for the current process.",
        after: "Without any OPTION, print some useful set of identified information.\nThe sandbox knows two users: root and USER (else LOGNAME) of the environment.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'a',
            &[],
            Key::Ignore,
            "ignore, for compatibility with other versions",
        ),
        Flag::new(
            'Z',
            &["context"],
            Key::Context,
            "print only the security context of the process",
        ),
        Flag::new(
            'g',
            &["group"],
            Key::Group,
            "print only the effective group ID",
        ),
        Flag::new('G', &["groups"], Key::Groups, "print all group IDs"),
        Flag::new(
            'n',
            &["name"],
            Key::Name,
            "print a name instead of a number, for -ugG",
        ),
        Flag::new(
            'r',
            &["real"],
            Key::Real,
            "print the real ID instead of the effective ID, with -ugG",
        ),
        Flag::new(
            'u',
            &["user"],
            Key::User,
            "print only the effective user ID",
        ),
        Flag::new(
            'z',
            &["zero"],
            Key::Zero,
            "delimit entries with NUL characters, not whitespace;\n  not permitted in default format",
        ),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let (u, g, gs) = (p.has(Key::User), p.has(Key::Group), p.has(Key::Groups));
        let (name, real, zero) = (p.has(Key::Name), p.has(Key::Real), p.has(Key::Zero));
        if p.has(Key::Context) {
            sys.diag
                .error("--context (-Z) works only on an SELinux-enabled kernel");
            return Ok(1);
        }
        if usize::from(u) + usize::from(g) + usize::from(gs) > 1 {
            sys.diag
                .error("cannot print \"only\" of more than one choice");
            return Ok(1);
        }
        let default = !(u || g || gs);
        if default && (name || real) {
            sys.diag
                .error("cannot print only names or real IDs in default format");
            return Ok(1);
        }
        if default && zero {
            sys.diag
                .error("option --zero not permitted in default format");
            return Ok(1);
        }
        let users: Vec<Option<User>> = if p.operands.is_empty() {
            vec![Some(ident::current(sys.env))]
        } else {
            p.operands
                .iter()
                .map(|w| ident::lookup(sys.env, w))
                .collect()
        };
        let mut status = 0;
        for (i, user) in users.into_iter().enumerate() {
            sys.tick.tick()?;
            let Some(user) = user else {
                let w = p.operands.get(i).map_or("", String::as_str);
                sys.diag.error(format_args!("{}: no such user", quote(w)));
                status = 1;
                continue;
            };
            let line = if u {
                one(&user.name, user.uid, name)
            } else if g || gs {
                one(&user.name, user.gid, name)
            } else {
                let (n, uid, gid) = (&user.name, user.uid, user.gid);
                format!("uid={uid}({n}) gid={gid}({n}) groups={gid}({n})")
            };
            sys.out.str(&line)?;
            sys.out.put(if zero { b"\0" } else { b"\n" })?;
        }
        Ok(status)
    }
}

fn one(name: &str, id: u32, by_name: bool) -> String {
    if by_name {
        name.to_owned()
    } else {
        id.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::Id;
    use crate::testutil::*;

    #[test]
    fn formats() {
        let o = run0(&Id, &[], b"");
        assert_eq!(
            o.out,
            "uid=1000(agent) gid=1000(agent) groups=1000(agent)\n"
        );
        assert_eq!(run0(&Id, &["-un"], b"").out, "agent\n");
        assert_eq!(run0(&Id, &["-G"], b"").out, "1000\n");
        assert_eq!(run0(&Id, &["-gz", "root"], b"").out, "0\0");
        let o = run0(&Id, &["-u", "nobody", "root"], b"");
        assert_eq!((o.out.as_str(), o.status), ("0\n", 1));
        assert_eq!(o.err, "id: 'nobody': no such user\n");
    }

    #[test]
    fn errors() {
        let o = run0(&Id, &["-ug"], b"");
        assert_eq!(o.err, "id: cannot print \"only\" of more than one choice\n");
        let o = run0(&Id, &["-n"], b"");
        assert_eq!(
            o.err,
            "id: cannot print only names or real IDs in default format\n"
        );
        let o = run0(&Id, &["-z"], b"");
        assert_eq!(o.err, "id: option --zero not permitted in default format\n");
    }
}
