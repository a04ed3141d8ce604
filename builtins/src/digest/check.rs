//! `-c`: checking the files a checksum list names.

use super::line::{self, Expect};
use super::read;
use std::io::BufRead;

use sandbash_interpreter::UtilityContext;
use sandbash_vfs::FsErrorKind;

use crate::common::headed::ReadFail;
use crate::common::input::{open_file, read_all_within, read_line};
use crate::common::quote_shell;
use crate::common::sys::{Res, Sys, io_msg};

/// What `-c` prints and what fails it.
#[derive(Clone, Copy, Default)]
pub struct CheckOpts {
    pub ignore_missing: bool,
    /// No `NAME: OK` lines.
    pub quiet: bool,
    /// Nothing on stdout, no warnings: the status tells.
    pub status: bool,
    /// Improperly formatted lines fail the check.
    pub strict: bool,
    /// Each improperly formatted line is reported.
    pub warn: bool,
}

/// The options `--quiet`, `--status` and `-w` override each other: the
/// last given wins, as in GNU.
pub enum Verbosity {
    Quiet,
    Status,
    Warn,
}

impl CheckOpts {
    pub fn set(&mut self, v: Verbosity) {
        self.quiet = matches!(v, Verbosity::Quiet);
        self.status = matches!(v, Verbosity::Status);
        self.warn = matches!(v, Verbosity::Warn);
    }
}

/// The usage error of options that contradict `-c` (or need it), in
/// GNU's order; `tag` is `--tag` where it is an option against `-c`
/// (not cksum's, whose `--tag` is its default).
pub fn misuse(
    check: bool,
    zero: bool,
    tag: bool,
    binary: bool,
    opts: &CheckOpts,
) -> Option<&'static str> {
    if check && zero {
        Some("the --zero option is not supported when verifying checksums")
    } else if check && tag {
        Some("the --tag option is meaningless when verifying checksums")
    } else if check && binary {
        Some("the --binary and --text options are meaningless when verifying checksums")
    } else if check {
        None
    } else if opts.ignore_missing {
        Some("the --ignore-missing option is meaningful only when verifying checksums")
    } else if opts.status {
        Some("the --status option is meaningful only when verifying checksums")
    } else if opts.warn {
        Some("the --warn option is meaningful only when verifying checksums")
    } else if opts.quiet {
        Some("the --quiet option is meaningful only when verifying checksums")
    } else if opts.strict {
        Some("the --strict option is meaningful only when verifying checksums")
    } else {
        None
    }
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Checks the list in `list` (`-` is standard input); `what` names the
/// algorithm in warnings (`MD5`; for `cksum`'s tagged lines, the
/// algorithm of the last line read, `CRC` before any).
/// Gives whether everything checked out.
pub fn check(
    sys: &mut Sys<'_>,
    list: &str,
    expect: Expect,
    what: &str,
    opts: CheckOpts,
    form: &mut line::Form,
) -> Res<bool> {
    // A list in a file is read line by line while the files it names are
    // opened one at a time; a list on standard input is read whole first
    // (charged to the memory budget), so that a `-` it names reads
    // nothing, as in GNU, where the list has consumed the stream.
    let stdin = UtilityContext::is_stdin(list);
    // GNU names a list on standard input `standard input` in its messages.
    let list = if stdin { "standard input" } else { list };
    let mut source: Box<dyn BufRead> = if stdin {
        let mut all = Vec::new();
        let mut charge = sys.charge();
        match read_all_within(
            &mut *sys.stdin,
            &mut all,
            &mut charge,
            sys.memory,
            sys.tick.cancel,
        ) {
            Ok(()) => {}
            Err(ReadFail::Stop(f)) => return Err(f),
            Err(ReadFail::Read(e)) => {
                sys.diag
                    .error(format_args!("{}: {}", quote_shell(list), io_msg(&e)));
                return Ok(false);
            }
        }
        Box::new(std::io::Cursor::new(all))
    } else {
        match open_file(sys.fs, sys.cwd, list) {
            Ok(f) => Box::new(std::io::BufReader::new(f)),
            // GNU opens a directory and fails reading it.
            Err(e) if e.kind == FsErrorKind::IsADirectory => {
                sys.diag
                    .error(format_args!("{}: read error", quote_shell(list)));
                return Ok(false);
            }
            Err(e) => {
                sys.diag
                    .error(format_args!("{}: {}", quote_shell(list), e.kind));
                return Ok(false);
            }
        }
    };
    let mut what = what.to_owned();
    let (mut formatted, mut misformatted, mut unreadable, mut mismatched, mut matched) =
        (0u64, 0u64, 0u64, 0u64, 0u64);
    let mut buf = Vec::new();
    let mut number = 0usize;
    loop {
        sys.tick.tick()?;
        match read_line(
            &mut source,
            &mut buf,
            b'\n',
            usize::try_from(sys.memory.room()).unwrap_or(usize::MAX),
        ) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                sys.diag
                    .error(format_args!("{}: {}", quote_shell(list), io_msg(&e)));
                return Ok(false);
            }
        }
        number += 1;
        // As GNU: comment lines (`#` first) and empty lines (a lone `\r`
        // included) are skipped, counted in the numbering only.
        if buf.first() == Some(&b'#') {
            continue;
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
        }
        if buf.is_empty() || buf == b"\r" {
            continue;
        }
        let raw = sandbash_interpreter::bytes::decode(&buf);
        let Some(entry) = line::parse(&raw, expect, form) else {
            misformatted += 1;
            if opts.warn {
                sys.diag.error(format_args!(
                    "{}: {}: improperly formatted {what} checksum line",
                    quote_shell(list),
                    number
                ));
            }
            continue;
        };
        formatted += 1;
        if matches!(expect, Expect::Tagged) {
            what = entry.algo.tag(entry.algo.bits());
        }
        let mut hasher = entry.algo.hasher(entry.bits);
        let read = read::feed(sys, &entry.name, |b| hasher.update(b))?;
        let (shown, escaped) = line::escape_result(&entry.name);
        let prefix = if escaped { "\\" } else { "" };
        match read {
            Err(e) if e.missing() && opts.ignore_missing => {}
            Err(e) => {
                unreadable += 1;
                sys.diag
                    .error(format_args!("{}: {e}", quote_shell(&entry.name)));
                if !opts.status {
                    sys.out
                        .str(&format!("{prefix}{shown}: FAILED open or read\n"))?;
                }
            }
            Ok(()) => {
                if hasher.hex() == entry.hex {
                    matched += 1;
                    if !opts.status && !opts.quiet {
                        sys.out.str(&format!("{prefix}{shown}: OK\n"))?;
                    }
                } else {
                    mismatched += 1;
                    if !opts.status {
                        sys.out.str(&format!("{prefix}{shown}: FAILED\n"))?;
                    }
                }
            }
        }
    }
    sys.out.flush()?;
    if formatted == 0 {
        sys.diag.error(format_args!(
            "{}: no properly formatted checksum lines found",
            quote_shell(list)
        ));
        return Ok(false);
    }
    if !opts.status {
        if misformatted > 0 {
            sys.diag.error(format_args!(
                "WARNING: {} improperly formatted",
                plural(misformatted, "line is", "lines are")
            ));
        }
        if unreadable > 0 {
            sys.diag.error(format_args!(
                "WARNING: {} could not be read",
                plural(unreadable, "listed file", "listed files")
            ));
        }
        if mismatched > 0 {
            sys.diag.error(format_args!(
                "WARNING: {} did NOT match",
                plural(mismatched, "computed checksum", "computed checksums")
            ));
        }
    }
    // GNU counts a file verified only when its checksum matched.
    let verified = matched > 0;
    if opts.ignore_missing && !verified {
        sys.diag
            .error(format_args!("{}: no file was verified", quote_shell(list)));
    }
    Ok(mismatched == 0
        && unreadable == 0
        && (!opts.strict || misformatted == 0)
        && (!opts.ignore_missing || verified))
}
