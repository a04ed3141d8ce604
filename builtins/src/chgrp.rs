//! `chgrp`: accepted and validated, recorded nowhere, as `chown` (whose
//! body it shares: [`crate::chown::run_owner`]).

use crate::chown::{FLAGS, Key, NOT_RECORDED, run_owner};
use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::sys::{Res, Sys};

/// The `chgrp` utility: the options of `chown`.
pub struct Chgrp;

impl Command for Chgrp {
    const NAME: &'static str = "chgrp";
    const HELP: Help = Help {
        usage: &[
            "[OPTION]... GROUP FILE...",
            "[OPTION]... --reference=RFILE FILE...",
        ],
        about: "Change the group of each FILE to GROUP.\nWith --reference, change the group of each FILE to that of RFILE.",
        after: NOT_RECORDED,
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = FLAGS;

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        run_owner(sys, &p, true)
    }
}

#[cfg(test)]
mod tests {
    use super::Chgrp;
    use crate::testutil::*;

    #[test]
    fn validates() {
        let fs = TestFs::new();
        fs.file("f", b"");
        let o = run(&Chgrp, &["-v", "root", "f"], b"", &fs);
        assert_eq!(o.out, "group of 'f' retained as root\n");
        let o = run(&Chgrp, &["bob", "f"], b"", &fs);
        assert_eq!(o.err, "chgrp: invalid group: 'bob'\n");
    }
}
