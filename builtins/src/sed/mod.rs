//! `sed`: the GNU stream editor, over the virtual filesystem.
//!
//! This file holds the command line, the script sources and the input
//! files (in place or not); [`parse`] turns the script into a program,
//! [`exec`] runs it, [`rx`] compiles its regexes, [`replace`] holds the
//! `s` replacement and [`input`] the stream of lines.

use std::io::BufReader;

use sandbash_interpreter::UtilityContext;
use sandbash_vfs::{FileSystem, WriteMode};

use crate::common::command::{Command, help_text};
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::fsutil::base_name;
use crate::common::sys::{Fail, Res, Sys, io_msg};

pub mod exec;
pub mod input;
pub mod parse;
pub mod replace;
pub mod rx;

use exec::{Exec, Io, Settings, Stop};
use input::Lines;
use parse::{Origin, ParseError, Source};

/// The `sed` utility: `-n -e -f -E/-r -i[SUFFIX] -l -s -z -u --posix`,
/// every GNU command but `e` (sandbash runs no host commands), GNU's
/// regex extensions, error messages and exit statuses (1 for a bad script,
/// 2 for an unreadable input, 4 for an I/O error, `q`/`Q` codes).
/// Back-references inside a regex (`\(a\)\1`) are refused: the regex
/// engine runs in linear time and has none (they work in replacements).
pub struct Sed;

/// The options of `sed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Quiet,
    Debug,
    Expression,
    File,
    FollowSymlinks,
    InPlace,
    LineLength,
    Posix,
    Extended,
    Separate,
    Sandbox,
    Unbuffered,
    NullData,
    Binary,
}

impl Command for Sed {
    const NAME: &'static str = "sed";
    const HELP: Help = Help {
        usage: &["[OPTION]... {script-only-if-no-other-script} [input-file]..."],
        about: "",
        after: "With no -e, --expression, -f or --file option, the first operand is the
script. With no input files, or when a file is -, standard input is read.
The e command and the e flag of s are refused: no host command runs.
Back-references inside a regex (\\(a\\)\\1) are not supported.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'n',
            &["quiet", "silent"],
            Key::Quiet,
            "do not print the pattern space at the end of each cycle",
        ),
        Flag::long(&["debug"], Key::Debug, "accepted (no annotated output)"),
        Flag::new(
            'e',
            &["expression"],
            Key::Expression,
            "add the script to the commands to be executed",
        )
        .value("script"),
        Flag::new(
            'f',
            &["file"],
            Key::File,
            "add the contents of script-file to the commands",
        )
        .value("script-file"),
        Flag::long(&["follow-symlinks"], Key::FollowSymlinks, "accepted"),
        Flag::new(
            'i',
            &["in-place"],
            Key::InPlace,
            "edit files in place (keeping a backup if SUFFIX is given)",
        )
        .optional("SUFFIX"),
        Flag::new(
            'l',
            &["line-length"],
            Key::LineLength,
            "the line-wrap length of the `l' command",
        )
        .value("N"),
        Flag::long(&["posix"], Key::Posix, "accepted"),
        Flag::new(
            'E',
            &["regexp-extended"],
            Key::Extended,
            "use extended regular expressions in the script",
        ),
        Flag::new('r', &[], Key::Extended, ""),
        Flag::new(
            's',
            &["separate"],
            Key::Separate,
            "treat files as separate streams, not one long stream",
        ),
        Flag::long(
            &["sandbox"],
            Key::Sandbox,
            "accepted (e is always refused; r and w use the sandbox)",
        ),
        Flag::new(
            'u',
            &["unbuffered"],
            Key::Unbuffered,
            "flush the output after every cycle",
        ),
        Flag::new(
            'z',
            &["null-data", "zero-terminated"],
            Key::NullData,
            "lines end with a NUL byte, not a newline",
        ),
        Flag::new('b', &["binary"], Key::Binary, ""),
    ];
    const SYNTAX: Syntax = Syntax {
        help_on_error: true,
        ..Syntax::GNU
    };

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }

    fn finish(sys: Sys<'_>, r: Res<i32>) -> i32 {
        // GNU sed's status for a failed allocation is 4.
        let memory = matches!(r, Err(Fail::Memory));
        let status = sys.finish(r);
        if memory { 4 } else { status }
    }
}

/// What the command line asked for.
struct Opts {
    sources: Vec<Source>,
    /// `-e` or `-f` was given (else the first operand is the script).
    scripted: bool,
    quiet: bool,
    ere: bool,
    in_place: Option<String>,
    separate: bool,
    eol: u8,
    wrap: u64,
    unbuffered: bool,
    operands: Vec<String>,
}

enum Cli {
    Run(Opts),
    Exit(i32),
}

fn parse_args(sys: &mut Sys<'_>, p: Args<Key>) -> Res<Cli> {
    let mut o = Opts {
        sources: Vec::new(),
        scripted: false,
        quiet: false,
        ere: false,
        in_place: None,
        separate: false,
        eol: b'\n',
        wrap: 70,
        unbuffered: false,
        operands: p.operands,
    };
    let mut exprs = 0;
    for g in p.opts {
        let v = g.value.unwrap_or_default();
        match g.key {
            Key::Quiet => o.quiet = true,
            Key::Extended => o.ere = true,
            Key::Separate => o.separate = true,
            Key::NullData => o.eol = 0,
            Key::Unbuffered => o.unbuffered = true,
            Key::InPlace => {
                o.in_place = Some(v);
                o.separate = true;
            }
            Key::LineLength => match v.parse::<u64>() {
                Ok(n) => o.wrap = n,
                Err(_) => {
                    sys.diag.error(format_args!("invalid line length: {v}"));
                    return Ok(Cli::Exit(1));
                }
            },
            Key::Expression => {
                exprs += 1;
                o.scripted = true;
                o.sources.push(Source {
                    text: sandbash_interpreter::bytes::encode(&v).into_owned(),
                    origin: Origin::Expr(exprs),
                });
            }
            Key::File => {
                o.scripted = true;
                let text = if UtilityContext::is_stdin(&v) {
                    let mut d = Vec::new();
                    if let Err(e) = sys.stdin.read_to_end(&mut d) {
                        sys.diag
                            .error(format_args!("couldn't open file {v}: {}", io_msg(&e)));
                        return Ok(Cli::Exit(4));
                    }
                    d
                } else {
                    match sys.resolve(&v).and_then(|p| read_script(sys.fs, &p)) {
                        Ok(d) => d,
                        Err(e) => {
                            sys.diag
                                .error(format_args!("couldn't open file {v}: {}", e.kind));
                            return Ok(Cli::Exit(4));
                        }
                    }
                };
                // A final newline ends the file's last line; it is not
                // an empty line of its own.
                let text = match text.strip_suffix(b"\n") {
                    Some(t) => t.to_vec(),
                    None => text,
                };
                o.sources.push(Source {
                    text,
                    origin: Origin::File(v),
                });
            }
            Key::Debug | Key::FollowSymlinks | Key::Posix | Key::Sandbox | Key::Binary => {}
        }
    }
    if !o.scripted {
        if o.operands.is_empty() {
            sys.diag.raw(help_text::<Sed>().as_bytes());
            return Ok(Cli::Exit(1));
        }
        let script = o.operands.remove(0);
        o.sources.push(Source {
            text: sandbash_interpreter::bytes::encode(&script).into_owned(),
            origin: Origin::Expr(1),
        });
    }
    Ok(Cli::Run(o))
}

/// Reads a script file, refusing one larger than a script may be.
fn read_script(fs: &dyn FileSystem, path: &str) -> sandbash_vfs::FsResult<Vec<u8>> {
    fs.read(path)
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let o = match parse_args(sys, p)? {
        Cli::Run(o) => o,
        Cli::Exit(s) => return Ok(s),
    };
    let popts = parse::Options {
        ere: o.ere,
        max_depth: usize::try_from(sys.limits.max_parse_depth).unwrap_or(usize::MAX),
    };
    let prog = match parse::parse(&o.sources, popts, sys.memory) {
        Ok(p) => p,
        Err(ParseError::Memory) => return Err(Fail::Memory),
        Err(ParseError::Bad(msg, status)) => {
            sys.diag.error(msg);
            return Ok(status);
        }
    };
    let set = Settings {
        quiet: o.quiet || prog.quiet,
        eol: o.eol,
        wrap: o.wrap,
        unbuffered: o.unbuffered,
    };
    let mut operands = o.operands;
    if operands.is_empty() {
        if o.in_place.is_some() {
            sys.diag.error("no input files");
            return Ok(4);
        }
        operands.push("-".into());
    }
    let memory = std::sync::Arc::clone(sys.memory);
    let mut stdin = BufReader::with_capacity(32 * 1024, &mut *sys.stdin);
    let mut io = Io {
        out: &mut sys.out,
        diag: &mut sys.diag,
        tick: &mut sys.tick,
        fs: sys.fs,
        cwd: sys.cwd,
    };
    let mut ex = match Exec::new(&prog, set, &mut io, &memory) {
        Ok(e) => e,
        Err(s) => return stopped(&mut io, s),
    };
    let mut bad = false;
    let mut status = 0;
    let r = (|| -> Result<Option<i32>, Stop> {
        if let Some(suffix) = &o.in_place {
            for op in &operands {
                match edit_in_place(&mut ex, &mut io, &mut stdin, &memory, o.eol, op, suffix)? {
                    Edited::Quit(c) => return Ok(Some(c)),
                    Edited::Bad => bad = true,
                    Edited::Failed(s) => status = s,
                    Edited::Done => {}
                }
            }
            return Ok(None);
        }
        let streams: Vec<Vec<String>> = if o.separate {
            operands.iter().map(|op| vec![op.clone()]).collect()
        } else {
            vec![operands.clone()]
        };
        for names in streams {
            let mut lines = Lines::new(&mut stdin, io.fs, io.cwd, &memory, o.eol, names);
            let q = ex.run_stream(&mut io, &mut lines);
            bad |= lines.bad;
            if let Some(c) = q? {
                return Ok(Some(c));
            }
        }
        Ok(None)
    })();
    let fin = ex.finish();
    match r.and_then(|q| fin.map(|()| q)) {
        Ok(Some(code)) => Ok(code),
        Ok(None) => Ok(if status != 0 {
            status
        } else if bad {
            2
        } else {
            0
        }),
        Err(s) => stopped(&mut io, s),
    }
}

fn stopped(io: &mut Io<'_, '_>, s: Stop) -> Res<i32> {
    match s {
        Stop::Fail(f) => Err(f),
        Stop::Fatal(msg, status) => {
            let _ = io.out.flush();
            io.diag.error(msg);
            Ok(status)
        }
    }
}

enum Edited {
    Done,
    Quit(i32),
    /// The file could not be read (status 2, the next one is edited).
    Bad,
    /// It could not be edited (status 4, the next one is edited).
    Failed(i32),
}

/// `-i`: runs the program over `op`, writing a new file beside it that
/// then replaces it (after renaming the original to its backup name).
#[allow(clippy::too_many_arguments)]
fn edit_in_place(
    ex: &mut Exec<'_>,
    io: &mut Io<'_, '_>,
    stdin: &mut dyn std::io::BufRead,
    memory: &std::sync::Arc<sandbash_interpreter::memory::MemoryBudget>,
    eol: u8,
    op: &str,
    suffix: &str,
) -> Result<Edited, Stop> {
    let path = match sandbash_vfs::path::resolve(io.cwd, op) {
        Ok(p) => p,
        Err(e) => {
            io.diag.error(format_args!("can't read {op}: {}", e.kind));
            return Ok(Edited::Bad);
        }
    };
    if UtilityContext::is_stdin(op) {
        io.diag
            .error(format_args!("couldn't edit {op}: not a regular file"));
        return Ok(Edited::Failed(4));
    }
    let md = match io.fs.metadata(&path) {
        Ok(m) => m,
        Err(e) => {
            io.diag.error(format_args!("can't read {op}: {}", e.kind));
            return Ok(Edited::Bad);
        }
    };
    if !md.is_file() {
        io.diag
            .error(format_args!("couldn't edit {op}: not a regular file"));
        return Ok(Edited::Failed(4));
    }
    let dir =
        sandbash_vfs::path::split_parent(&path).map_or("/".to_string(), |(d, _)| d.to_string());
    let temp = temp_name(io.fs, &dir, &path);
    let w = match io.fs.open_write(&temp, WriteMode::Truncate) {
        Ok(w) => w,
        Err(e) => {
            io.diag.error(format_args!(
                "couldn't open temporary file {temp}: {}",
                e.kind
            ));
            return Ok(Edited::Failed(4));
        }
    };
    let _ = io.fs.set_mode(&temp, md.mode);
    ex.set_inplace(w, &temp);
    let mut lines = Lines::new(stdin, io.fs, io.cwd, memory, eol, vec![op.to_string()]);
    let r = ex.run_stream(io, &mut lines);
    let bad = lines.bad;
    let r = r.and_then(|q| ex.take_inplace().map(|()| q));
    let q = match r {
        Ok(q) => q,
        Err(e) => {
            let _ = ex.take_inplace();
            let _ = io.fs.remove_file(&temp);
            return Err(e);
        }
    };
    if bad {
        let _ = io.fs.remove_file(&temp);
        return Ok(Edited::Bad);
    }
    if !suffix.is_empty() {
        let backup = backup_name(io.cwd, &dir, &path, suffix);
        if let Err(e) = io.fs.rename(&path, &backup) {
            let _ = io.fs.remove_file(&temp);
            return Err(Stop::Fatal(format!("cannot rename {op}: {}", e.kind), 4));
        }
    }
    if let Err(e) = io.fs.rename(&temp, &path) {
        let _ = io.fs.remove_file(&temp);
        return Err(Stop::Fatal(format!("cannot rename {temp}: {}", e.kind), 4));
    }
    Ok(match q {
        Some(c) => Edited::Quit(c),
        None => Edited::Done,
    })
}

/// A name for the new file, in the edited file's directory (so that the
/// rename stays within one mount), not used yet.
fn temp_name(fs: &dyn FileSystem, dir: &str, path: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in path.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    const ALNUM: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    for attempt in 0u64.. {
        let mut x = h ^ attempt.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut name = String::from("sed");
        for _ in 0..6 {
            let k = (x % ALNUM.len() as u64) as usize;
            name.push(char::from(ALNUM.get(k).copied().unwrap_or(b'X')));
            x /= ALNUM.len() as u64;
        }
        let p = crate::common::fsutil::join(dir, &name);
        if fs.symlink_metadata(&p).is_err() || attempt > 1000 {
            return p;
        }
    }
    format!("{dir}/sedXXXXXX")
}

/// The backup name for `-iSUFFIX`: `FILE` + `SUFFIX`, or with a `*` in
/// the suffix, the suffix with each `*` replaced by the file's name (in
/// the file's directory unless it holds a `/`).
fn backup_name(cwd: &str, dir: &str, path: &str, suffix: &str) -> String {
    if !suffix.contains('*') {
        return format!("{path}{suffix}");
    }
    let name = suffix.replace('*', base_name(path));
    if name.contains('/') {
        sandbash_vfs::path::resolve(cwd, &name).unwrap_or(name)
    } else {
        crate::common::fsutil::join(dir, &name)
    }
}

#[cfg(test)]
mod tests;
