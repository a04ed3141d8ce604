//! `basename`: strip the directory and an optional suffix from names.
//!
//! As GNU: trailing slashes go first (a name of slashes only is `/`), then
//! everything up to the last slash; a suffix is removed only when it is
//! not the whole remaining name. Without `-a`/`-s` the second operand is
//! the suffix and a third is an error.

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::quote;
use crate::common::sys::{Res, Sys};

/// The `basename` utility: `-a -s SUFFIX -z`.
pub struct Basename;

/// The options of `basename`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Multiple,
    Suffix,
    Zero,
}

impl Command for Basename {
    const NAME: &'static str = "basename";
    const HELP: Help = Help {
        usage: &["NAME [SUFFIX]", "OPTION... NAME..."],
        about: "Print NAME with any leading directory components removed.\nIf specified, also remove a trailing SUFFIX.",
        after: "Examples:\n  basename /usr/bin/sort          -> \"sort\"\n  basename include/stdio.h .h     -> \"stdio\"\n  basename -s .h include/stdio.h  -> \"stdio\"\n  basename -a any/str1 any/str2   -> \"str1\" followed by \"str2\"",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'a',
            &["multiple"],
            Key::Multiple,
            "support multiple arguments and treat each as a NAME",
        ),
        Flag::new(
            's',
            &["suffix"],
            Key::Suffix,
            "remove a trailing SUFFIX; implies -a",
        )
        .value("SUFFIX"),
        Flag::new(
            'z',
            &["zero"],
            Key::Zero,
            "end each output line with NUL, not newline",
        ),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let suffix_opt = p.last(Key::Suffix).map(str::to_owned);
        let multiple = p.has(Key::Multiple) || suffix_opt.is_some();
        let end: &[u8] = if p.has(Key::Zero) { b"\0" } else { b"\n" };
        let ops = &p.operands;
        if ops.is_empty() {
            sys.diag.usage("missing operand");
            return Ok(1);
        }
        let (names, suffix): (&[String], Option<&str>) = if multiple {
            (ops, suffix_opt.as_deref())
        } else {
            if let Some(extra) = ops.get(2) {
                sys.diag
                    .usage(format_args!("extra operand {}", quote(extra)));
                return Ok(1);
            }
            (ops.get(..1).unwrap_or(&[]), ops.get(1).map(String::as_str))
        };
        for name in names {
            sys.tick.tick()?;
            sys.out.str(&strip(name, suffix))?;
            sys.out.put(end)?;
        }
        Ok(0)
    }
}

/// The last component of `name` without `suffix`.
pub fn strip(name: &str, suffix: Option<&str>) -> String {
    let trimmed = name.trim_end_matches('/');
    if trimmed.is_empty() {
        return if name.is_empty() {
            String::new()
        } else {
            "/".into()
        };
    }
    let base = trimmed.rsplit('/').next().unwrap_or(trimmed);
    match suffix {
        Some(s) if !s.is_empty() && base.len() > s.len() && base.ends_with(s) => {
            base.get(..base.len() - s.len()).unwrap_or(base).to_owned()
        }
        _ => base.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::Basename;
    use crate::testutil::*;

    #[test]
    fn names_and_suffixes() {
        let o = run0(&Basename, &["/usr/lib///"], b"");
        assert_eq!(o.out, "lib\n");
        let o = run0(&Basename, &["/x/.rs", ".rs"], b"");
        assert_eq!(o.out, ".rs\n");
        let o = run0(&Basename, &["-s", ".c", "a/x.c", "b/y.c", "z.h"], b"");
        assert_eq!(o.out, "x\ny\nz.h\n");
        let o = run0(&Basename, &["//"], b"");
        assert_eq!(o.out, "/\n");
        let o = run0(&Basename, &[""], b"");
        assert_eq!(o.out, "\n");
        let o = run0(&Basename, &["-az", "a/b", "c/d"], b"");
        assert_eq!(o.out, "b\0d\0");
        let o = run0(&Basename, &["/a/b.txt/", ".txt"], b"");
        assert_eq!(o.out, "b\n");
    }

    #[test]
    fn errors() {
        let o = run0(&Basename, &[], b"");
        assert_eq!(
            (o.status, o.err.as_str()),
            (
                1,
                "basename: missing operand\nTry 'basename --help' for more information.\n"
            )
        );
        let o = run0(&Basename, &["a", "b", "c"], b"");
        assert_eq!(o.err.lines().next(), Some("basename: extra operand 'c'"));
    }
}
