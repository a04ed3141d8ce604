//! `tty`: the terminal standard input is connected to. Only a run in
//! terminal mode has one (the shell's runner names it, `/dev/pts/0`);
//! otherwise `not a tty` and status 1 (2 for a usage error, as GNU).

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::quote;
use crate::common::sys::{Res, Sys};

/// The `tty` utility: `-s`.
pub struct Tty;

/// The options of `tty`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Silent,
}

impl Command for Tty {
    const NAME: &'static str = "tty";
    const HELP: Help = Help {
        usage: &["[OPTION]..."],
        about: "Print the file name of the terminal connected to standard input.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[Flag::new(
        's',
        &["silent", "quiet"],
        Key::Silent,
        "print nothing, only return an exit status",
    )];
    const SYNTAX: Syntax = Syntax::GNU.status(2);

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        if let Some(x) = p.operands.first() {
            sys.diag.usage(format_args!("extra operand {}", quote(x)));
            return Ok(2);
        }
        let name = sys.runner.tty_name(0);
        if !p.has(Key::Silent) {
            match &name {
                Some(n) => sys.out.put(format!("{n}\n").as_bytes())?,
                None => sys.out.put(b"not a tty\n")?,
            }
        }
        Ok(if name.is_some() { 0 } else { 1 })
    }
}

#[cfg(test)]
mod tests {
    use super::Tty;
    use crate::testutil::*;

    #[test]
    fn not_a_tty() {
        let o = run0(&Tty, &[], b"");
        assert_eq!((o.out.as_str(), o.status), ("not a tty\n", 1));
        let o = run0(&Tty, &["-s"], b"");
        assert_eq!((o.out.as_str(), o.status), ("", 1));
        assert_eq!(run0(&Tty, &["x"], b"").status, 2);
    }
}
