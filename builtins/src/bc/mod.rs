//! `bc`: an arbitrary precision calculator language, as GNU bc 1.07.
//!
//! The program text comes from the file operands, then standard input,
//! read a line at a time: an item (a line of statements, or a `define`)
//! runs as soon as it is complete, as GNU bc runs each line, so `yes 1 |
//! bc | head -n1` ends at once. A syntax error discards the rest of its
//! line; a runtime error abandons the line it happened in. `read()` is
//! refused (the program and its data share standard input here).
//!
//! Modules: [`lexer`] (tokens), [`parser`] (AST and GNU's code addresses),
//! [`num`] (scaled decimals), [`eval`] (the interpreter and output),
//! [`mathlib`] (`-l`).

pub mod eval;
pub mod lexer;
pub mod mathlib;
pub mod num;
pub mod parser;

use std::rc::Rc;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, OptError};
use crate::common::input::open_file;
use crate::common::sys::{Res, Sys, hold};

use eval::{Bc as State, Stop};
use lexer::{Lexer, Tok};
use parser::{Item, PErr, Parser, Posix};

/// The `bc` utility.
pub struct Bc;

/// The options of `bc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Interactive,
    Mathlib,
    Quiet,
    Standard,
    Warn,
    Version,
    Help,
}

impl Command for Bc {
    const NAME: &'static str = "bc";
    const HELP: Help = Help {
        usage: &[],
        about: "",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('h', &["help"], Key::Help, "print this usage and exit"),
        Flag::new(
            'i',
            &["interactive"],
            Key::Interactive,
            "force interactive mode",
        ),
        Flag::new(
            'l',
            &["mathlib"],
            Key::Mathlib,
            "use the predefined math routines",
        ),
        Flag::new('q', &["quiet"], Key::Quiet, "don't print initial banner"),
        Flag::new(
            's',
            &["standard"],
            Key::Standard,
            "non-standard bc constructs are errors",
        ),
        Flag::new(
            'w',
            &["warn"],
            Key::Warn,
            "warn about non-standard bc constructs",
        ),
        Flag::new(
            'v',
            &["version"],
            Key::Version,
            "print version information and exit",
        ),
    ];

    fn help() -> String {
        USAGE.into()
    }

    /// GNU bc words the error as getopt does, then prints its usage on
    /// standard output.
    fn usage_error(sys: &mut Sys<'_>, err: &OptError) -> i32 {
        sys.diag.error(err);
        // A failed write shows in the status `finish` gives anyway.
        let _ = sys.out.put(USAGE.as_bytes());
        1
    }

    fn version() -> String {
        "bc (sandbash) 0.1.0\n".into()
    }

    fn main(sys: &mut Sys<'_>, args: Args<Key>) -> Res<i32> {
        if args.has(Key::Help) {
            sys.out.put(USAGE.as_bytes())?;
            return Ok(0);
        }
        if args.has(Key::Version) {
            sys.out.put(Self::version().as_bytes())?;
            return Ok(0);
        }
        let posix = if args.has(Key::Standard) {
            Posix::Error
        } else if args.has(Key::Warn) {
            Posix::Warn
        } else {
            Posix::Off
        };
        run(sys, &args.operands, args.has(Key::Mathlib), posix)
    }
}

const USAGE: &str = "usage: bc [options] [file ...]
  -h  --help         print this usage and exit
  -i  --interactive  force interactive mode
  -l  --mathlib      use the predefined math routines
  -q  --quiet        don't print initial banner
  -s  --standard     non-standard bc constructs are errors
  -w  --warn         warn about non-standard bc constructs
  -v  --version      print version information and exit
";

/// Whether bc goes on after a source.
enum Next {
    Go,
    End,
}

fn run(sys: &mut Sys<'_>, files: &[String], mathlib: bool, posix: Posix) -> Res<i32> {
    let mut st = State::new(sys);
    if mathlib {
        st.mathlib = true;
        st.scale = 20;
    }
    for f in files {
        let mut text = Vec::new();
        let mut charge = sys.charge();
        match open_file(sys.fs, sys.cwd, f) {
            Ok(mut r) => {
                let mut buf = [0u8; 8192];
                loop {
                    sys.tick.tick()?;
                    match r.read(&mut buf) {
                        Ok(0) => break,
                        Ok(n) => {
                            text.extend_from_slice(buf.get(..n).unwrap_or(&[]));
                            hold(&mut charge, text.len() as u64)?;
                        }
                        Err(_) => break,
                    }
                }
            }
            Err(_) => {
                sys.out.flush()?;
                sys.diag
                    .raw(format!("File {f} is unavailable.\n").as_bytes());
                return Ok(1);
            }
        }
        let mut once = Some(text);
        if let Next::End = source(sys, &mut st, f, posix, &mut || Ok(once.take()))? {
            return Ok(0);
        }
    }
    let mut charge = sys.charge();
    let mut pending: Vec<u8> = Vec::new();
    let mut done = false;
    // Standard input, a line at a time.
    let stdin = std::mem::replace(&mut sys.stdin, Box::leak(Box::new(std::io::empty())));
    let mut reader = std::io::BufReader::new(stdin);
    let mut next_line = || -> Res<Option<Vec<u8>>> {
        if done {
            return Ok(None);
        }
        pending.clear();
        match std::io::BufRead::read_until(&mut reader, b'\n', &mut pending) {
            Ok(0) | Err(_) => {
                done = true;
                Ok(None)
            }
            Ok(_) => {
                hold(&mut charge, pending.capacity() as u64)?;
                Ok(Some(std::mem::take(&mut pending)))
            }
        }
    };
    let _ = source(sys, &mut st, "(standard_in)", posix, &mut next_line)?;
    Ok(0)
}

use std::io::Read as _;

/// Runs one source, pulling lines from `more` until it gives `None`.
fn source(
    sys: &mut Sys<'_>,
    st: &mut State,
    name: &str,
    posix: Posix,
    more: &mut dyn FnMut() -> Res<Option<Vec<u8>>>,
) -> Res<Next> {
    let mut buf: Vec<u8> = Vec::new();
    let mut eof = false;
    let mut line = 1u32;
    let mut charge = sys.charge();
    loop {
        sys.tick.tick()?;
        if buf.is_empty() && !eof {
            match more()? {
                Some(l) => buf.extend_from_slice(&l),
                None => eof = true,
            }
            continue;
        }
        let mut p = Parser::new(&buf, eof);
        p.voids = st.voids();
        p.posix = posix;
        let res = p.item();
        let (ppos, plines) = (p.lx.pos, p.lx.lines);
        let (tpos, tlines) = (p.tok_start, p.tok_lines);
        let bad_brace = p.at_open_brace();
        let notes = std::mem::take(&mut p.notes);
        if !matches!(res, Err(PErr::More)) && !notes.is_empty() {
            sys.out.flush()?;
            for (l, msg) in notes {
                sys.diag
                    .raw(format!("{} {}: {msg}\n", shown(name), line + l).as_bytes());
            }
        }
        drop(p);
        match res {
            Err(PErr::More) => {
                match more()? {
                    Some(l) => buf.extend_from_slice(&l),
                    None => eof = true,
                }
                hold(&mut charge, buf.capacity() as u64)?;
            }
            Err(PErr::Syntax(msg)) => {
                if msg == "\u{0}quit" {
                    return Ok(Next::End);
                }
                if msg == "\u{0}comment" {
                    // The rest of the source is the comment.
                    sys.out.flush()?;
                    sys.diag.raw(b"EOF encountered in a comment.\n");
                    return Ok(Next::Go);
                }
                // Skip to the end of the line the error is on, and past a
                // block that starts on it (GNU drops an `else {...}` on its
                // own line whole).
                let mut depth = i32::from(bad_brace);
                let after_nl = ppos > 0 && buf.get(ppos - 1) == Some(&b'\n');
                let mut cut = ppos;
                let mut skipped = 0u32;
                if !after_nl || depth > 0 {
                    loop {
                        let mut lx = Lexer::new(buf.get(cut..).unwrap_or(&[]));
                        let mut stop = false;
                        loop {
                            let (start, l0) = (lx.pos, lx.lines);
                            match lx.token() {
                                Tok::Op("{") => depth += 1,
                                Tok::Op("}") => depth = (depth - 1).max(0),
                                Tok::Newline if depth == 0 => {
                                    stop = true;
                                    break;
                                }
                                Tok::Eof | Tok::Open | Tok::OpenComment => {
                                    lx.pos = start;
                                    lx.lines = l0;
                                    break;
                                }
                                _ => {}
                            }
                        }
                        cut += lx.pos;
                        skipped += lx.lines;
                        if stop {
                            break;
                        }
                        if eof {
                            cut = buf.len();
                            break;
                        }
                        sys.tick.tick()?;
                        match more()? {
                            Some(l) => buf.extend_from_slice(&l),
                            None => eof = true,
                        }
                        hold(&mut charge, buf.capacity() as u64)?;
                    }
                }
                sys.out.flush()?;
                sys.diag
                    .raw(format!("{} {}: {msg}\n", shown(name), line + plines).as_bytes());
                line += plines + skipped;
                buf.drain(..cut.min(buf.len()));
            }
            Ok(None) => return Ok(Next::Go),
            Ok(Some(item)) => {
                let (used, lines) = (tpos, tlines);
                line += lines;
                buf.drain(..used.min(buf.len()));
                match item {
                    Item::Quit => return Ok(Next::End),
                    Item::Define(f) => {
                        st.funcs.insert(f.name.clone(), Rc::new(f));
                    }
                    Item::Line(stmts) => match st.run_stmts(sys, &stmts) {
                        Ok(()) | Err(Stop::Error) => {}
                        Err(Stop::Halt) => return Ok(Next::End),
                        Err(Stop::Fail(f)) => return Err(f),
                        Err(_) => {}
                    },
                }
            }
        }
    }
}

fn shown(name: &str) -> String {
    if name == "(standard_in)" {
        name.into()
    } else {
        name.to_string()
    }
}

#[cfg(test)]
mod tests;
