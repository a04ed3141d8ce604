//! `env`: run a program in a modified environment, or print the environment.

use std::borrow::Cow;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::sys::{Res, Sys};
use crate::common::{quote, quote_escaped};

/// The `env` utility: `-i`/`-`, `-u NAME`, `-0`, `-S STRING` (split on
/// white space, with simple quotes), `NAME=VALUE...`, `COMMAND [ARG]...`
/// (run through the shell's command runner). `-C DIR` is refused: the
/// runner has no working-directory parameter.
pub struct Env;

/// The options of `env`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    IgnoreEnvironment,
    Null,
    Unset,
    SplitString,
    Debug,
    Chdir,
}

impl Command for Env {
    const NAME: &'static str = "env";
    const HELP: Help = Help {
        usage: &["[OPTION]... [-] [NAME=VALUE]... [COMMAND [ARG]...]"],
        about: "Set each NAME to VALUE in the environment and run COMMAND.",
        after: "A mere - implies -i.  If no COMMAND, print the resulting environment.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'i',
            &["ignore-environment"],
            Key::IgnoreEnvironment,
            "start with an empty environment",
        ),
        Flag::new(
            '0',
            &["null"],
            Key::Null,
            "end each output line with NUL, not newline",
        ),
        Flag::new(
            'u',
            &["unset"],
            Key::Unset,
            "remove variable from the environment",
        )
        .value("NAME"),
        Flag::new(
            'S',
            &["split-string"],
            Key::SplitString,
            "process and split S into separate arguments",
        )
        .value("S"),
        Flag::new('v', &["debug"], Key::Debug, "accepted"),
        Flag::new(
            'C',
            &["chdir"],
            Key::Chdir,
            "change working directory to DIR",
        )
        .value("DIR"),
    ];
    const SYNTAX: Syntax = Syntax::GNU.status(125).stop_at_operand();

    /// `-S STRING` splits into further words before parsing goes on.
    fn prepare(args: &[String]) -> Cow<'_, [String]> {
        Cow::Owned(split_s_options(args))
    }

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }
}

/// Splits an `env -S` string on blanks, honouring single and double quotes
/// and backslash escapes.
fn split_string(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut have = false;
    let mut chars = s.chars();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"') | None, '\\') => {
                if let Some(n) = chars.next() {
                    cur.push(match n {
                        'n' => '\n',
                        't' => '\t',
                        other => other,
                    });
                    have = true;
                }
            }
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                have = true;
            }
            (None, ' ' | '\t' | '\n') => {
                if have {
                    out.push(std::mem::take(&mut cur));
                    have = false;
                }
            }
            (None, c) => {
                cur.push(c);
                have = true;
            }
        }
    }
    if have {
        out.push(cur);
    }
    out
}

/// The words with each leading `-S STRING` (`--split-string=STRING`,
/// `-SSTRING`) replaced by the words of `STRING`, up to the first operand.
fn split_s_options(words: &[String]) -> Vec<String> {
    let mut args: Vec<String> = Vec::with_capacity(words.len());
    let mut iter = words.iter();
    while let Some(a) = iter.next() {
        if a == "-S" || a == "--split-string" {
            if let Some(s) = iter.next() {
                args.extend(split_string(s));
                continue;
            }
        } else if let Some(s) = a
            .strip_prefix("--split-string=")
            .or_else(|| a.strip_prefix("-S").filter(|r| !r.is_empty()))
        {
            args.extend(split_string(s));
            continue;
        }
        args.push(a.clone());
        if !a.starts_with('-') {
            args.extend(iter.cloned());
            break;
        }
    }
    args
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let mut env: Vec<(String, String)> = sys.env.to_vec();
    let mut nul = false;
    let mut chdir = None;
    for (k, name) in p.each() {
        match k {
            Key::IgnoreEnvironment => env.clear(),
            Key::Unset => {
                if name.is_empty() || name.contains('=') {
                    sys.diag
                        .error(format_args!("cannot unset '{name}': Invalid argument"));
                    return Ok(125);
                }
                env.retain(|(n, _)| n != name);
            }
            Key::Null => nul = true,
            Key::Chdir => chdir = Some(name.to_string()),
            // `-S` was expanded by `prepare` (inside a bundle, as `-iS`,
            // it is ignored); `-v` only asks for debugging output.
            Key::SplitString | Key::Debug => {}
        }
    }
    let mut rest = p.operands.as_slice();
    if let Some((first, tail)) = rest.split_first()
        && first == "-"
    {
        env.clear();
        rest = tail;
    }
    while let Some((first, tail)) = rest.split_first() {
        let Some((name, value)) = first.split_once('=') else {
            break;
        };
        if name.is_empty() {
            sys.diag
                .error(format_args!("cannot set '{first}': Invalid argument"));
            return Ok(125);
        }
        match env.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value.to_string(),
            None => env.push((name.to_string(), value.to_string())),
        }
        rest = tail;
    }
    if rest.is_empty() {
        if chdir.is_some() {
            sys.diag.usage("must specify command with --chdir (-C)");
            return Ok(125);
        }
        let end: &[u8] = if nul { b"\0" } else { b"\n" };
        for (k, v) in &env {
            sys.out.fmt(format_args!("{k}={v}"))?;
            sys.out.put(end)?;
        }
        return Ok(0);
    }
    if nul {
        sys.diag.usage("cannot specify --null (-0) with command");
        return Ok(125);
    }
    let dir = match &chdir {
        None => None,
        Some(d) => match sys.resolve(d).and_then(|abs| {
            let md = sys.fs.metadata(&abs)?;
            if md.is_dir() {
                Ok(abs)
            } else {
                Err(sandbash_vfs::FsError::new(
                    sandbash_vfs::FsErrorKind::NotADirectory,
                    &abs,
                ))
            }
        }) {
            Ok(abs) => Some(abs),
            Err(e) => {
                sys.diag.error(format_args!(
                    "cannot change directory to {}: {}",
                    quote(d),
                    e.kind
                ));
                return Ok(125);
            }
        },
    };
    sys.out.flush()?;
    let ran = match &dir {
        Some(d) => sys.runner.run_command_in(
            d,
            rest,
            &env,
            &mut *sys.stdin,
            sys.out.writer(),
            sys.diag.writer(),
        ),
        None => sys.runner.run_command(
            rest,
            &env,
            &mut *sys.stdin,
            sys.out.writer(),
            sys.diag.writer(),
        ),
    };
    match ran {
        Ok(status) => Ok(status),
        Err(e) => {
            let name = rest.first().map(String::as_str).unwrap_or("");
            sys.diag
                .error(format_args!("{}: {}", quote_escaped(name), e.reason));
            // GNU's hint for a shebang line that passed `env` one word
            // holding a command and its options.
            if e.status == 127 && name.contains([' ', '\t', '\n', '\u{b}', '\u{c}', '\r']) {
                sys.diag.error("use -[v]S to pass options in shebang lines");
            }
            Ok(e.status)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Env;
    use crate::testutil::*;

    #[test]
    fn chdir_errors() {
        let fs = TestFs::new();
        fs.file("f", b"");
        let o = run(&Env, &["-C", "nodir", "true"], b"", &fs);
        assert_eq!(
            (o.err.as_str(), o.status),
            (
                "env: cannot change directory to 'nodir': No such file or directory\n",
                125
            )
        );
        let o = run(&Env, &["-C", "f", "true"], b"", &fs);
        assert_eq!(
            (o.err.as_str(), o.status),
            (
                "env: cannot change directory to 'f': Not a directory\n",
                125
            )
        );
        let o = run(&Env, &["-C", "/"], b"", &fs);
        assert_eq!(
            (o.err.as_str(), o.status),
            (
                "env: must specify command with --chdir (-C)\nTry 'env --help' for more information.\n",
                125
            )
        );
    }

    #[test]
    fn prints_environment() {
        let o = run0(&Env, &[], b"");
        assert_eq!(o.out, "HOME=/workspace\nPATH=/bin\n");
        let o = run0(&Env, &["-u", "HOME", "X=1"], b"");
        assert_eq!(o.out, "PATH=/bin\nX=1\n");
        let o = run0(&Env, &["-i", "A=b"], b"");
        assert_eq!(o.out, "A=b\n");
        let o = run0(&Env, &["-", "A=b"], b"");
        assert_eq!(o.out, "A=b\n");
        let o = run0(&Env, &["-0", "-i", "A=1", "B=2"], b"");
        assert_eq!(o.out, "A=1\0B=2\0");
        let o = run0(&Env, &["PATH=/x"], b"");
        assert_eq!(o.out, "HOME=/workspace\nPATH=/x\n");
    }

    #[test]
    fn runs_commands() {
        let o = run0(&Env, &["-i", "A=1", "cmd", "-x", "B=2"], b"in");
        assert_eq!(o.out, "run: cmd -x B=2\nA=1\n");
        assert_eq!(o.status, 3);
        let o = run0(&Env, &["-S", "-i cmd 'a b'"], b"");
        assert_eq!(o.out, "run: cmd a b\n");
        let o = run0(&Env, &["missing"], b"");
        assert_eq!(
            (o.err.as_str(), o.status),
            ("env: 'missing': No such file or directory\n", 127)
        );
    }

    #[test]
    fn errors() {
        let o = run0(&Env, &["-u"], b"");
        assert_eq!(
            (o.err.as_str(), o.status),
            (
                "env: option requires an argument -- 'u'\nTry 'env --help' for more information.\n",
                125
            )
        );
        let o = run0(&Env, &["=x"], b"");
        assert_eq!(
            (o.err.as_str(), o.status),
            ("env: cannot set '=x': Invalid argument\n", 125)
        );
    }
}
