//! `sum`: the BSD (`-r`, the default) or System V (`-s`) 16-bit sum and
//! the size in blocks.

use super::algo::Plain;
use super::cksum::plain_sums;
use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::sys::{Res, Sys};

/// The `sum` utility.
pub struct Sum;

/// The options of `sum`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Bsd,
    Sysv,
}

impl Command for Sum {
    const NAME: &'static str = "sum";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: "Print or check BSD (16-bit) checksums.\n\nWith no FILE, or when FILE is -, read standard input.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'r',
            &[],
            Key::Bsd,
            "use BSD sum algorithm (the default), use 1K blocks",
        ),
        Flag::new(
            's',
            &["sysv"],
            Key::Sysv,
            "use System V sum algorithm, use 512 bytes blocks",
        ),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let plain = match p.each().last().map(|(k, _)| k) {
            Some(Key::Sysv) => Plain::Sysv,
            _ => Plain::Bsd,
        };
        plain_sums(sys, p.operands, plain, false)
    }
}
