//! `rg`: ripgrep 13 over the VFS, as it behaves with standard output not a
//! terminal (no colour, no heading, no line numbers unless `-n`).
//!
//! One concern per file: `opts` turns the command line into a
//! `opts::Config` (flags, patterns, the regex); `types` is ripgrep's
//! file-type table (the `ignore` crate's own defaults); `walk` walks the
//! VFS applying ignore files, hidden-file rules, `-g` globs and `-t`
//! types; `search` reads one file line by line and prints what ripgrep's
//! standard printer prints; `multiline` groups `-U` matches into line
//! ranges; `json` is the `--json` printer.
//!
//! Invariants: input is read line by line through a buffer that grows only
//! for a longer line (charged to the memory budget), except under `-U`,
//! which holds the whole input within the budget as ripgrep must; every
//! loop checks cancellation; the walk is an explicit stack, so a deep tree
//! costs heap, not stack; nothing indexes untrusted data.
//!
//! Matching is the `regex` crate, ripgrep's default engine, so syntax and
//! parse errors line up. The ignore rules and globs are the `ignore` and
//! `globset` crates' matching types (ripgrep's own components), fed from
//! VFS file contents; their directory walker is not used, so nothing reads
//! the host filesystem.
//!
//! Where sandbash differs from ripgrep, on purpose:
//! - the walk is always in path order (what `--sort path` gives), one
//!   file at a time: ripgrep's default order is that of its threads;
//! - with no path operand, ripgrep searches standard input when it is a
//!   file or a pipe and `./` otherwise (a terminal, `/dev/null`). The VFS
//!   cannot tell a pipe from the session's empty input, so standard input
//!   is searched when it has data and `./` when it is empty at once;
//! - `-P` uses the `regex` crate too (no look-around, no back-references);
//! - the JSON `elapsed` fields and the `--stats` times are always zero.
//!
//! A host whose agent has a search tool refuses `rg` before it runs
//! (`tool/src/intercept`, which already names `rg`); nothing here knows.

/// The parts of a [`Sys`] a search writes to, borrowed apart from its
/// standard input.
macro_rules! io {
    ($sys:expr) => {
        $crate::rg::search::Io {
            out: &mut $sys.out,
            diag: &mut $sys.diag,
            tick: &mut $sys.tick,
            memory: $sys.memory,
        }
    };
}

mod json;
mod multiline;
mod opts;
mod search;
mod types;
mod walk;

#[cfg(test)]
mod tests;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, OptError, Syntax};
use crate::common::sys::{Fail, Res, Sys};

pub use opts::Key;

/// The `rg` utility. See the module documentation for what it implements
/// and where it differs from ripgrep.
pub struct Rg;

/// ripgrep's synopsis, printed after its clap-style usage errors.
const USAGE: &str = "USAGE:
    
    rg [OPTIONS] PATTERN [PATH ...]
    rg [OPTIONS] -e PATTERN ... [PATH ...]
    rg [OPTIONS] -f PATTERNFILE ... [PATH ...]
    rg [OPTIONS] --files [PATH ...]
    rg [OPTIONS] --type-list
    command | rg [OPTIONS] PATTERN
    rg [OPTIONS] --help
    rg [OPTIONS] --version

For more information try --help
";

/// clap's message for an option given without its value.
fn missing(flag: Option<&Flag<Key>>) -> String {
    let Some(f) = flag else {
        return "error: a value is required".to_string();
    };
    let long = f.long.first().copied().unwrap_or("");
    let value = match f.arg {
        crate::common::flags::Arg::Yes(v) => v,
        _ => "VALUE",
    };
    // The options that may be repeated show `...`, as clap does.
    let many = matches!(
        f.key,
        Key::Regexp
            | Key::File
            | Key::Glob
            | Key::IGlob
            | Key::Type
            | Key::TypeNot
            | Key::TypeAdd
            | Key::TypeClear
    );
    let dots = if many { "..." } else { "" };
    format!("error: The argument '--{long} <{value}>{dots}' requires a value but none was supplied")
}

impl Command for Rg {
    const NAME: &'static str = "rg";
    const HELP: Help = Help {
        usage: &["[OPTIONS] PATTERN [PATH ...]"],
        about: "ripgrep (rg) recursively searches the current directory for a regex pattern.
By default, ripgrep will respect gitignore rules and automatically skip hidden
files/directories and binary files.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = opts::FLAGS;
    const SYNTAX: Syntax = Syntax {
        help_short: Some('h'),
        version_short: Some('V'),
        ..Syntax::GNU.status(2)
    };

    /// clap's wording: `error: ...`, the synopsis, the hint.
    fn usage_error(sys: &mut Sys<'_>, err: &OptError) -> i32 {
        let msg = match err {
            OptError::InvalidShort(c, _) => format!(
                "error: Found argument '-{c}' which wasn't expected, or isn't valid in this context"
            ),
            OptError::Unrecognized(w) => {
                let w = w.split('=').next().unwrap_or(w);
                format!(
                    "error: Found argument '{w}' which wasn't expected, or isn't valid in this context"
                )
            }
            OptError::ShortNeedsArgument(c) => {
                missing(opts::FLAGS.iter().find(|f| f.short == Some(*c)))
            }
            OptError::LongNeedsArgument(name) => missing(
                opts::FLAGS
                    .iter()
                    .find(|f| f.long.first().is_some_and(|l| l == name)),
            ),
            other => format!("error: {other}"),
        };
        sys.diag.raw(format!("{msg}\n\n{USAGE}\n").as_bytes());
        2
    }

    fn version() -> String {
        format!("ripgrep 13.0.0 (sandbash {})\n", crate::common::VERSION)
    }

    fn main(sys: &mut Sys<'_>, args: Args<Key>) -> Res<i32> {
        let Some(cfg) = opts::build(sys, &args)? else {
            return Ok(2);
        };
        walk::run(sys, &cfg)
    }

    fn finish(sys: Sys<'_>, r: Res<i32>) -> i32 {
        // ripgrep's status for trouble is 2, memory exhausted included.
        let memory = matches!(r, Err(Fail::Memory));
        let status = sys.finish(r);
        if memory { 2 } else { status }
    }
}
