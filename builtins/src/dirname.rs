//! `dirname`: strip the last component from file names.
//!
//! As GNU's `dir_len`: trailing slashes, the last component and the
//! slashes before it go; what is left empty is `/` for an absolute name
//! and `.` otherwise.

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::sys::{Res, Sys};

/// The `dirname` utility: `-z`, several operands.
pub struct Dirname;

/// The options of `dirname`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Zero,
}

impl Command for Dirname {
    const NAME: &'static str = "dirname";
    const HELP: Help = Help {
        usage: &["[OPTION] NAME..."],
        about: "Output each NAME with its last non-slash component and trailing slashes\nremoved; if NAME contains no /'s, output '.' (meaning the current directory).",
        after: "Examples:\n  dirname /usr/bin/          -> \"/usr\"\n  dirname dir1/str dir2/str  -> \"dir1\" followed by \"dir2\"\n  dirname stdio.h            -> \".\"",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[Flag::new(
        'z',
        &["zero"],
        Key::Zero,
        "end each output line with NUL, not newline",
    )];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let end: &[u8] = if p.has(Key::Zero) { b"\0" } else { b"\n" };
        if p.operands.is_empty() {
            sys.diag.usage("missing operand");
            return Ok(1);
        }
        for name in &p.operands {
            sys.tick.tick()?;
            sys.out.str(dir_of(name))?;
            sys.out.put(end)?;
        }
        Ok(0)
    }
}

/// The directory part of `name`.
pub fn dir_of(name: &str) -> &str {
    let absolute = name.starts_with('/');
    let t = name.trim_end_matches('/');
    let t = match t.rfind('/') {
        Some(i) => t.get(..i).unwrap_or(""),
        None => "",
    };
    let t = t.trim_end_matches('/');
    if !t.is_empty() {
        t
    } else if absolute {
        "/"
    } else {
        "."
    }
}

#[cfg(test)]
mod tests {
    use super::{Dirname, dir_of};
    use crate::testutil::*;

    #[test]
    fn forms() {
        for (i, o) in [
            ("/usr/lib/", "/usr"),
            ("a//b//", "a"),
            ("a///b", "a"),
            ("//usr", "/"),
            ("/", "/"),
            ("", "."),
            ("x", "."),
            ("../x/", ".."),
            ("..", "."),
        ] {
            assert_eq!(dir_of(i), o, "{i}");
        }
        let o = run0(&Dirname, &["-z", "a/b", "c/d"], b"");
        assert_eq!(o.out, "a\0c\0");
        let o = run0(&Dirname, &[], b"");
        assert_eq!(o.status, 1);
        assert!(o.err.starts_with("dirname: missing operand\n"));
    }
}
