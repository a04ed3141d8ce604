//! `chown`: accepted and validated, recorded nowhere: the VFS keeps no
//! owners (every file belongs to the session's user), so a valid request
//! changes nothing. Users and groups are those of
//! [`crate::common::ident`] (`root`, the session's user, or numbers); each
//! file must exist. `chgrp` shares this body ([`run_owner`]).

use sandbash_vfs::FileSystem;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::fsutil::join;
use crate::common::ident;
use crate::common::quote;
use crate::common::sys::{Res, Sys};

/// The `chown` utility: `-c -f -v -h -R -H -L -P --reference --from`.
pub struct Chown;

/// The options of `chown` and `chgrp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Changes,
    Silent,
    Verbose,
    NoDeref,
    Deref,
    Recursive,
    Reference,
    From,
    Traverse,
    PreserveRoot,
}

/// The options both utilities take.
pub const FLAGS: &[Flag<Key>] = &[
    Flag::new(
        'c',
        &["changes"],
        Key::Changes,
        "like verbose but report only when a change is made",
    ),
    Flag::new(
        'f',
        &["silent", "quiet"],
        Key::Silent,
        "suppress most error messages",
    ),
    Flag::new(
        'v',
        &["verbose"],
        Key::Verbose,
        "output a diagnostic for every file processed",
    ),
    Flag::long(
        &["dereference"],
        Key::Deref,
        "affect the referent of each symbolic link (the default)",
    ),
    Flag::new(
        'h',
        &["no-dereference"],
        Key::NoDeref,
        "affect symbolic links instead of any referenced file",
    ),
    Flag::long(
        &["from"],
        Key::From,
        "change only if its current owner and/or group match",
    )
    .value("CURRENT_OWNER:CURRENT_GROUP"),
    Flag::long(
        &["no-preserve-root", "preserve-root"],
        Key::PreserveRoot,
        "(accepted)",
    ),
    Flag::long(
        &["reference"],
        Key::Reference,
        "use RFILE's ownership rather than specifying values",
    )
    .value("RFILE"),
    Flag::new(
        'R',
        &["recursive"],
        Key::Recursive,
        "operate on files and directories recursively",
    ),
    Flag::new(
        'H',
        &[],
        Key::Traverse,
        "with -R, traverse command-line symlinks to directories",
    ),
    Flag::new(
        'L',
        &[],
        Key::Traverse,
        "with -R, traverse every symbolic link to a directory",
    ),
    Flag::new(
        'P',
        &[],
        Key::Traverse,
        "with -R, do not traverse any symbolic links (default)",
    ),
];

/// What the ownership is not: the VFS records no owners.
pub const NOT_RECORDED: &str = "The sandbox's filesystem records no owners: a valid request is accepted\nand changes nothing; every file belongs to the session's user.";

impl Command for Chown {
    const NAME: &'static str = "chown";
    const HELP: Help = Help {
        usage: &[
            "[OPTION]... [OWNER][:[GROUP]] FILE...",
            "[OPTION]... --reference=RFILE FILE...",
        ],
        about: "Change the owner and/or group of each FILE to OWNER and/or GROUP.",
        after: NOT_RECORDED,
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = FLAGS;

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        run_owner(sys, &p, false)
    }
}

/// The body of `chown` (`group_only` false) and `chgrp` (true).
pub fn run_owner(sys: &mut Sys<'_>, p: &Args<Key>, group_only: bool) -> Res<i32> {
    let me = ident::current(sys.env);
    let mut ops = p.operands.iter();
    let (user, group) = if let Some(r) = p.last(Key::Reference) {
        if let Err(e) = sys.resolve(r).and_then(|a| sys.fs.metadata(&a)) {
            sys.diag.error(format_args!(
                "failed to get attributes of {}: {}",
                quote(r),
                e.kind
            ));
            return Ok(1);
        }
        (Some(me.name.clone()), Some(me.name.clone()))
    } else {
        let Some(spec) = ops.next() else {
            sys.diag.usage("missing operand");
            return Ok(1);
        };
        if p.operands.len() < 2 {
            sys.diag
                .usage(format_args!("missing operand after {}", quote(spec)));
            return Ok(1);
        }
        match parse_spec(sys, spec, group_only) {
            Some(ug) => ug,
            None => return Ok(1),
        }
    };
    let mut status = 0;
    for f in ops {
        let mut stack = vec![f.clone()];
        while let Some(shown) = stack.pop() {
            sys.tick.tick()?;
            let fs: &dyn FileSystem = sys.fs;
            let md = sys
                .resolve(&shown)
                .and_then(|a| fs.metadata(&a).map(|m| (a, m)));
            let (abs, md) = match md {
                Ok(x) => x,
                Err(e) => {
                    status = 1;
                    if !p.has(Key::Silent) {
                        sys.diag
                            .error(format_args!("cannot access {}: {}", quote(&shown), e.kind));
                    }
                    continue;
                }
            };
            if p.has(Key::Verbose) {
                let u = user.clone().unwrap_or_else(|| me.name.clone());
                let g = group.clone().unwrap_or_else(|| me.name.clone());
                let text = if group_only {
                    format!("group of {} retained as {g}\n", quote(&shown))
                } else if group.is_some() || user.is_none() {
                    format!("ownership of {} retained as {u}:{g}\n", quote(&shown))
                } else {
                    format!("ownership of {} retained as {u}\n", quote(&shown))
                };
                sys.out.str(&text)?;
            }
            if p.has(Key::Recursive)
                && md.is_dir()
                && let Ok(entries) = fs.read_dir(&abs)
            {
                for e in entries.iter().rev() {
                    stack.push(join(&shown, &e.name));
                }
            }
        }
    }
    Ok(status)
}

/// `OWNER[:GROUP]` (or `GROUP` for `chgrp`) checked against the user
/// database; reports and gives `None` when a name is unknown.
fn parse_spec(
    sys: &mut Sys<'_>,
    spec: &str,
    group_only: bool,
) -> Option<(Option<String>, Option<String>)> {
    let known = |sys: &Sys<'_>, n: &str| ident::lookup(sys.env, n).map(|u| u.name);
    if group_only {
        return match known(sys, spec) {
            Some(g) => Some((None, Some(g))),
            None => {
                sys.diag
                    .error(format_args!("invalid group: {}", quote(spec)));
                None
            }
        };
    }
    let (u, g) = match spec.split_once(':') {
        Some((u, g)) => (u, Some(g)),
        None => match spec.split_once('.') {
            Some((u, g)) if known(sys, spec).is_none() => {
                sys.diag
                    .error(format_args!("warning: '.' should be ':': {}", quote(spec)));
                (u, Some(g))
            }
            _ => (spec, None),
        },
    };
    let user = if u.is_empty() {
        None
    } else if let Some(n) = known(sys, u) {
        Some(n)
    } else {
        sys.diag
            .error(format_args!("invalid user: {}", quote(spec)));
        return None;
    };
    let group = match g {
        None => None,
        // `OWNER:` means the owner's login group.
        Some("") => user.clone(),
        Some(g) => match known(sys, g) {
            Some(n) => Some(n),
            None => {
                sys.diag
                    .error(format_args!("invalid group: {}", quote(spec)));
                return None;
            }
        },
    };
    Some((user, group))
}

#[cfg(test)]
mod tests {
    use super::Chown;
    use crate::testutil::*;

    #[test]
    fn validates_and_changes_nothing() {
        let fs = TestFs::new();
        fs.file("f", b"");
        let o = run(&Chown, &["-v", "agent:root", "f"], b"", &fs);
        assert_eq!(o.out, "ownership of 'f' retained as agent:root\n");
        let o = run(&Chown, &["bob", "f"], b"", &fs);
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, "chown: invalid user: 'bob'\n")
        );
        let o = run(&Chown, &["root:bob", "f"], b"", &fs);
        assert_eq!(o.err, "chown: invalid group: 'root:bob'\n");
        let o = run(&Chown, &["1000", "nofile"], b"", &fs);
        assert_eq!(
            o.err,
            "chown: cannot access 'nofile': No such file or directory\n"
        );
        let o = run(&Chown, &["root"], b"", &fs);
        assert!(o.err.starts_with("chown: missing operand after 'root'\n"));
    }
}
