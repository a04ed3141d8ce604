//! `find`: search for files in a directory hierarchy, like GNU findutils
//! 4.9 in the C locale.
//!
//! `find [-H] [-L] [-P] [-D FLAGS] [-Olevel] [PATH...] [EXPRESSION]`:
//! the leading options choose how symbolic links are followed, the paths
//! (default `.`) are the starting points, and the expression
//! ([`parse`]) is evaluated on every file below them ([`eval`]), which the
//! walk ([`walk`]) visits in sorted name order. `-printf` and `-ls`
//! formats are in [`print`], `-exec` and friends in [`exec`], `-regex`
//! syntaxes in [`regex`].
//!
//! Differences from GNU that a script can see: the order of a
//! directory's entries (sorted here); times (access and change times are
//! the modification time, the only one the VFS keeps); owners (every file
//! is `agent`, uid/gid 1000); inode numbers (a hash of the real path);
//! `-fstype` is `sandbash`; `-regex`'s default Emacs syntax knows POSIX
//! bracket classes (see [`regex`]); `-exec ... {} +` passes at most
//! 128 KiB of names per command.

pub mod args;
pub mod eval;
pub mod exec;
pub mod parse;
pub mod print;
pub mod regex;
pub mod timefmt;
pub mod walk;

use std::borrow::Cow;
use std::time::SystemTime;

use sandbash_vfs::WriteMode;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::sys::{Res, Sys};
use eval::{Ctx, Sink};
use parse::{Env, Follow};

/// The `find` utility.
pub struct Find;

impl Command for Find {
    const NAME: &'static str = "find";
    const HELP: Help = Help {
        usage: &["[-H] [-L] [-P] [-Olevel] [-D debugopts] [path...] [expression]"],
        about: "
Default path is the current directory; default expression is -print.
Expression may consist of: operators, options, tests, and actions.

Operators (decreasing precedence; -and is implicit where no others are given):
      ( EXPR )   ! EXPR   -not EXPR   EXPR1 -a EXPR2   EXPR1 -and EXPR2
      EXPR1 -o EXPR2   EXPR1 -or EXPR2   EXPR1 , EXPR2

Positional options (always true):
      -daystart -follow -nowarn -regextype -warn

Normal options (always true, specified before other expressions):
      -depth -files0-from FILE -maxdepth LEVELS -mindepth LEVELS
       -mount -noleaf -xdev -ignore_readdir_race -noignore_readdir_race

Tests (N can be +N or -N or N):
      -amin N -anewer FILE -atime N -cmin N -cnewer FILE -context CONTEXT
      -ctime N -empty -false -fstype TYPE -gid N -group NAME -ilname PATTERN
      -iname PATTERN -inum N -iwholename PATTERN -iregex PATTERN
      -links N -lname PATTERN -mmin N -mtime N -name PATTERN -newer FILE
      -nouser -nogroup -path PATTERN -perm [-/]MODE -regex PATTERN
      -readable -writable -executable
      -wholename PATTERN -size N[bcwkMG] -true -type [bcdpflsD] -uid N
      -used N -user NAME -xtype [bcdpfls]

Actions:
      -delete -print0 -printf FORMAT -fprintf FILE FORMAT -print
      -fprint0 FILE -fprint FILE -ls -fls FILE -prune -quit
      -exec COMMAND ; -exec COMMAND {} + -ok COMMAND ;
      -execdir COMMAND ; -execdir COMMAND {} + -okdir COMMAND ;

Other common options:",
        after: "",
    };
    type Key = ();
    /// No shared options: the leading `-H -L -P -D -O` and the expression
    /// are read by `main` and [`parse`].
    const FLAGS: &'static [Flag<()>] = &[];

    /// `--help` or `--version` as the first word is answered as by every
    /// utility (whatever follows); otherwise every word is an operand,
    /// left to `find`'s own parsing.
    fn prepare(args: &[String]) -> Cow<'_, [String]> {
        match args.split_first() {
            Some((first, _)) if first == "--help" || first == "--version" => {
                Cow::Borrowed(args.get(..1).unwrap_or(&[]))
            }
            _ => {
                let mut words = Vec::with_capacity(args.len() + 1);
                words.push("--".to_string());
                words.extend(args.iter().cloned());
                Cow::Owned(words)
            }
        }
    }

    fn main(sys: &mut Sys<'_>, p: Args<()>) -> Res<i32> {
        main(sys, p.operands)
    }
}

/// The debug flags `-D` knows (accepted, no debug output here).
const DEBUG_FLAGS: &[&str] = &[
    "exec", "opt", "rates", "search", "stat", "time", "tree", "all", "help",
];

/// Whether a word after the leading options starts the expression: GNU
/// takes every word before the first one starting with `-` (but not `-`
/// alone), `(` or `!` as a starting point.
fn starts_expression(a: &str) -> bool {
    (a.starts_with('-') && a.len() > 1) || a == "(" || a == "!"
}

/// Runs `find` on its words (all of them, as given).
fn main(sys: &mut Sys<'_>, args: Vec<String>) -> Res<i32> {
    let mut follow = Follow::Never;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        match a.as_str() {
            "-P" => follow = Follow::Never,
            "-L" => follow = Follow::Always,
            "-H" => follow = Follow::CmdLine,
            "-D" => {
                i += 1;
                let Some(flags) = args.get(i) else {
                    sys.diag.error("Missing argument after the -D option.");
                    return Ok(1);
                };
                for f in flags.split(',') {
                    if !DEBUG_FLAGS.contains(&f) {
                        sys.diag
                            .error(format_args!("Ignoring unrecognised debug flag '{f}'"));
                    }
                }
            }
            "--" => {
                i += 1;
                break;
            }
            o if o.starts_with("-O")
                && o.len() > 2
                && o[2..].bytes().all(|b| b.is_ascii_digit()) => {}
            _ => break,
        }
        i += 1;
    }
    let rest = args.get(i..).unwrap_or(&[]);
    let split = rest
        .iter()
        .position(|a| starts_expression(a))
        .unwrap_or(rest.len());
    let (paths, expr_args) = rest.split_at(split);
    let now = SystemTime::now();
    let env = Env {
        fs: sys.fs,
        cwd: sys.cwd,
        now,
    };
    let parsed = match parse::parse(expr_args, &env) {
        Ok(p) => p,
        Err(msg) => {
            sys.diag.error(msg);
            return Ok(1);
        }
    };
    for w in &parsed.warnings {
        sys.diag.error(w);
    }
    if parsed.globals.follow {
        follow = Follow::Always;
    }
    let mut sinks = Vec::with_capacity(parsed.sinks.len());
    for name in &parsed.sinks {
        let sink = match name.as_str() {
            "/dev/stdout" => Sink::Stdout,
            "/dev/stderr" => Sink::Stderr,
            _ => match sys
                .resolve(name)
                .and_then(|p| sys.fs.open_write(&p, WriteMode::Truncate))
            {
                Ok(w) => Sink::File(w),
                Err(e) => {
                    sys.diag
                        .error(format_args!("{}: {}", crate::common::quote(name), e.kind));
                    return Ok(1);
                }
            },
        };
        sinks.push(sink);
    }
    let mut cx = Ctx {
        sys,
        status: 0,
        prune: false,
        quit: false,
        sinks,
        batches: Vec::new(),
        now,
    };
    let w = walk::Walk {
        expr: &parsed.expr,
        globals: &parsed.globals,
        follow,
    };
    let default = [".".to_string()];
    let paths = if paths.is_empty() {
        &default[..]
    } else {
        paths
    };
    let mut r = Ok(());
    for p in paths {
        r = walk::walk(&w, p, &mut cx);
        if r.is_err() || cx.quit {
            break;
        }
    }
    // Collected `{} +` names run even after `-quit`, as in GNU find, but
    // not after a cancel or a failed write.
    r?;
    exec::flush_all(&mut cx)?;
    for s in &mut cx.sinks {
        if let Sink::File(f) = s
            && std::io::Write::flush(f).is_err()
        {
            cx.status = 1;
        }
    }
    Ok(cx.status)
}

#[cfg(test)]
mod tests;
