//! `awk`: the POSIX awk language (with gawk's common extensions) over the
//! virtual filesystem.
//!
//! This file holds the command line (`-F`, `-v`, `-f`, `--`, `--help`,
//! `--version`), the program's sources and its messages; [`lex`] and
//! [`parse`] turn the program into a tree with resolved variable slots,
//! [`interp`] runs it (its `input` and `output` halves read records and
//! `getline`, and write `print` and redirections) with [`builtins_fn`],
//! [`format`] (`printf`), [`regex`] (EREs) and [`io`] (records and
//! fields), over [`value`]s.
//! Commands (`system`, `print | cmd`, `cmd | getline`) run in the
//! sandbox through the shell's command runner, never on the host.

pub mod builtins_fn;
pub mod format;
pub mod interp;
pub mod io;
pub mod lex;
pub mod parse;
pub mod regex;
pub mod value;

#[cfg(test)]
mod tests;

use std::io::{BufReader, Read};
use std::sync::Arc;

use sandbash_interpreter::UtilityContext;
use sandbash_interpreter::memory::Charge;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::sys::{Fail, Res, Sys, io_msg};
use interp::{Env, Interp, Jump};

/// The `awk` utility: POSIX awk with gawk's messages and common
/// extensions (`length(array)`, `nextfile`, `gensub`, `systime`,
/// `strftime` in UTC, `match` with an array). No coprocesses (`|&`);
/// regexes have no back-references (the engine runs in linear time).
pub struct Awk;

/// The options of `awk`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    File,
    FieldSeparator,
    Assign,
}

/// The synopsis, printed without options too.
const USAGE: &[&str] = &[
    "[POSIX or GNU style options] -f progfile [--] file ...",
    "[POSIX or GNU style options] [--] 'program' file ...",
];

impl Command for Awk {
    const NAME: &'static str = "awk";
    const HELP: Help = Help {
        usage: USAGE,
        about: "",
        after: "Commands run by system(), print | \"cmd\" and \"cmd\" | getline run in the
sandbox's shell; no host program runs. Coprocesses (|&) are not supported.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('f', &["file"], Key::File, "read the program from progfile").value("progfile"),
        Flag::new(
            'F',
            &["field-separator"],
            Key::FieldSeparator,
            "the input field separator",
        )
        .value("fs"),
        Flag::new(
            'v',
            &["assign"],
            Key::Assign,
            "assign before the program starts",
        )
        .value("var=val"),
    ];
    const SYNTAX: Syntax = Syntax::GNU.status(2).stop_at_operand();

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }
}

/// What the command line asked for.
struct Opts {
    /// `-f` files, in order.
    files: Vec<String>,
    /// The program text when no `-f` was given.
    text: Option<String>,
    /// `-v` assignments and `-F`, in order (`-F` as `FS=...`).
    assigns: Vec<(String, Vec<u8>)>,
    operands: Vec<String>,
}

enum Cli {
    Run(Opts),
    Exit(i32),
}

fn parse_args(sys: &mut Sys<'_>, p: Args<Key>) -> Res<Cli> {
    let mut o = Opts {
        files: Vec::new(),
        text: None,
        assigns: Vec::new(),
        operands: Vec::new(),
    };
    for g in p.opts {
        if let Some(code) = option(sys, &mut o, g.key, g.value.unwrap_or_default())? {
            return Ok(Cli::Exit(code));
        }
    }
    let mut rest = p.operands;
    if o.files.is_empty() {
        if rest.is_empty() {
            sys.diag
                .raw(crate::common::command::help_text::<Awk>().as_bytes());
            return Ok(Cli::Exit(2));
        }
        o.text = Some(rest.remove(0));
    }
    o.operands = rest;
    Ok(Cli::Run(o))
}

/// Applies `-f`, `-v` or `-F`; an exit status when it is bad.
fn option(sys: &mut Sys<'_>, o: &mut Opts, key: Key, v: String) -> Res<Option<i32>> {
    match key {
        Key::File => o.files.push(v),
        Key::FieldSeparator => {
            // POSIX: `-Ft` is a tab.
            let fs = if v == "t" {
                b"\t".to_vec()
            } else {
                lex::unescape(&sandbash_interpreter::bytes::encode(&v))
            };
            o.assigns.push(("FS".into(), fs));
        }
        Key::Assign => {
            let Some((name, value)) = v.split_once('=') else {
                sys.diag.error(format_args!(
                    "fatal: `{v}' argument to `-v' not in `var=value' form"
                ));
                return Ok(Some(2));
            };
            let ok = name
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !ok {
                sys.diag
                    .error(format_args!("fatal: `{name}' is not a legal variable name"));
                return Ok(Some(2));
            }
            let value = lex::unescape(&sandbash_interpreter::bytes::encode(value));
            o.assigns.push((name.to_string(), value));
        }
    }
    Ok(None)
}

/// Prints a syntax error as gawk does: the line, then a caret under the
/// place.
fn syntax_error(sys: &mut Sys<'_>, src: &[u8], name: &str, e: &parse::ParseError) {
    if e.plain {
        sys.diag.error(format_args!("{name}:{}: {}", e.line, e.msg));
        return;
    }
    let lx = lex::Lexer::new(src);
    let (text, col) = lx.source_line(e.offset);
    let prefix = format!("{name}:{}: ", e.line);
    sys.diag.error(format_args!("{prefix}{text}"));
    sys.diag
        .error(format_args!("{prefix}{}^ {}", " ".repeat(col), e.msg));
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let o = match parse_args(sys, p)? {
        Cli::Run(o) => o,
        Cli::Exit(s) => return Ok(s),
    };
    let mut src: Vec<u8> = Vec::new();
    let name = match &o.text {
        Some(t) => {
            src = sandbash_interpreter::bytes::encode(t).into_owned();
            "cmd. line".to_string()
        }
        None => {
            for f in &o.files {
                let data = if UtilityContext::is_stdin(f) {
                    let mut d = Vec::new();
                    let room = sys.memory.room();
                    if let Err(e) = (&mut *sys.stdin).take(room).read_to_end(&mut d) {
                        sys.diag.error(format_args!(
                            "fatal: can't open source file `{f}' for reading: {}",
                            io_msg(&e)
                        ));
                        return Ok(2);
                    }
                    d
                } else {
                    match sys.resolve(f).and_then(|p| sys.fs.read(&p)) {
                        Ok(d) => d,
                        Err(e) => {
                            sys.diag.error(format_args!(
                                "fatal: can't open source file `{f}' for reading: {}",
                                e.kind
                            ));
                            return Ok(2);
                        }
                    }
                };
                if (src.len() + data.len()) as u64 > sys.limits.max_script_bytes as u64 {
                    sys.memory.breach();
                    return Err(Fail::Memory);
                }
                src.extend_from_slice(&data);
                src.push(b'\n');
            }
            o.files.first().cloned().unwrap_or_default()
        }
    };
    let mut charge = Charge::on(sys.memory);
    if !charge.grow(src.len() as u64 * 32) {
        return Err(Fail::Memory);
    }
    let max_depth = usize::try_from(sys.limits.max_parse_depth).unwrap_or(usize::MAX);
    let prog = match parse::parse(&src, max_depth) {
        Ok(p) => p,
        Err(e) => {
            syntax_error(sys, &src, &name, &e);
            return Ok(2);
        }
    };
    if !charge.grow(prog.regex_cost) {
        return Err(Fail::Memory);
    }
    let mut argv = vec!["awk".to_string()];
    argv.extend(o.operands.iter().cloned());
    let env = Env {
        out: &mut sys.out,
        diag: &mut sys.diag,
        tick: &mut sys.tick,
        fs: sys.fs,
        cwd: sys.cwd,
        env: sys.env,
        runner: &mut *sys.runner,
        stdin: BufReader::with_capacity(32 * 1024, &mut *sys.stdin),
        memory: Arc::clone(sys.memory),
        max_call_depth: sys.limits.max_call_depth as usize,
    };
    let mut it = Interp::new(&prog, env, &argv);
    let mut r = Ok(0);
    for (k, v) in &o.assigns {
        if let Err(e) = it.cmdline_assign(k.as_bytes(), v) {
            r = Err(e);
            break;
        }
    }
    if r.is_ok() {
        r = it.run();
    }
    match r {
        Ok(code) => Ok(code),
        Err(Jump::Fatal(msg)) => {
            let _ = it.flush_all();
            let line = it.line;
            it.e.diag.error(format_args!("{name}:{line}: fatal: {msg}"));
            Ok(2)
        }
        Err(Jump::Fail(f)) => {
            let _ = it.flush_all();
            Err(f)
        }
        Err(Jump::Abort(status)) => {
            let _ = it.flush_all();
            Ok(status)
        }
        Err(Jump::Next | Jump::NextFile | Jump::Exit) => Ok(it.exit_code),
    }
}
