//! `time` as a utility: GNU time's report on a command (`/usr/bin/time`;
//! the shell keyword `time` is the interpreter's).
//!
//! The report is written after the command ends, to standard error or
//! to `-o FILE` (truncated, or appended to with `-a`), in the `-f`
//! FORMAT, the `-p` POSIX format, the `-v` listing or GNU's default.
//! Elapsed time is measured; what the sandbox cannot know about a
//! command that shares its process (user and system CPU time, memory,
//! page faults, I/O counts, context switches) is reported as 0, as GNU
//! time does on systems that do not keep it. `Command exited with
//! non-zero status N` comes first unless `-q`, `-p` (last) or `-v`. The status is the
//! command's, 125 for time's own errors, 126/127 when the command cannot
//! be run.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::sys::{Res, Sys};
use crate::common::wrap::{Unstarted, run_reporting};

/// The `time` utility.
pub struct Time;

/// The options of `time`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Format,
    Portability,
    Output,
    Append,
    Verbose,
    Quiet,
}

/// Status of time's own failures.
const STATUS_FAILED: i32 = 125;

/// GNU time's default format.
const DEFAULT_FORMAT: &str = "%Uuser %Ssystem %Eelapsed %PCPU (%Xavgtext+%Davgdata %Mmaxresident)k\n%Iinputs+%Ooutputs (%Fmajor+%Rminor)pagefaults %Wswaps";

/// `-p`.
const POSIX_FORMAT: &str = "real %e\nuser %U\nsys %S";

/// `-v`.
const VERBOSE_FORMAT: &str = "\tCommand being timed: \"%C\"
\tUser time (seconds): %U
\tSystem time (seconds): %S
\tPercent of CPU this job got: %P
\tElapsed (wall clock) time (h:mm:ss or m:ss): %E
\tAverage shared text size (kbytes): %X
\tAverage unshared data size (kbytes): %D
\tAverage stack size (kbytes): %p
\tAverage total size (kbytes): %K
\tMaximum resident set size (kbytes): %M
\tAverage resident set size (kbytes): %t
\tMajor (requiring I/O) page faults: %F
\tMinor (reclaiming a frame) page faults: %R
\tVoluntary context switches: %w
\tInvoluntary context switches: %c
\tSwaps: %W
\tFile system inputs: %I
\tFile system outputs: %O
\tSocket messages sent: %s
\tSocket messages received: %r
\tSignals delivered: %k
\tPage size (bytes): %Z
\tExit status: %x";

impl Command for Time {
    const NAME: &'static str = "time";
    const HELP: Help = Help {
        usage: &["[OPTIONS] COMMAND [ARG]..."],
        about: "Run COMMAND, then print system resource usage.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'a',
            &["append"],
            Key::Append,
            "(used together with -o) append the output to FILE instead of overwriting it",
        ),
        Flag::new(
            'f',
            &["format"],
            Key::Format,
            "use the specified FORMAT instead of the default",
        )
        .value("FORMAT"),
        Flag::new(
            'o',
            &["output"],
            Key::Output,
            "do not send the results to stderr, but overwrite the specified file",
        )
        .value("FILE"),
        Flag::new(
            'p',
            &["portability"],
            Key::Portability,
            "print POSIX standard 1003.2 conformant string: real %%e user %%U sys %%S",
        ),
        Flag::new(
            'q',
            &["quiet"],
            Key::Quiet,
            "do not print information about abnormal program termination (non-zero exit codes or signals)",
        ),
        Flag::new(
            'v',
            &["verbose"],
            Key::Verbose,
            "print all resource usage information instead of the default format",
        ),
    ];
    const SYNTAX: Syntax = Syntax::GNU.status(STATUS_FAILED).stop_at_operand();

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }
}

/// `%E`: `[h:]mm:ss` from an hour on, else `m:ss.cc`.
fn clock(d: Duration) -> String {
    let secs = d.as_secs();
    if secs >= 3600 {
        format!("{}:{:02}:{:02}", secs / 3600, secs % 3600 / 60, secs % 60)
    } else {
        let cs = d.subsec_millis() / 10;
        format!("{}:{:02}.{:02}", secs / 60, secs % 60, cs)
    }
}

/// Renders `format` as GNU time does (`%` fields, `\n \t \\` escapes,
/// `?` before what it does not know), with a final newline.
fn render(format: &str, elapsed: Duration, status: i32, argv: &[String]) -> String {
    let mut out = String::new();
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        match c {
            '%' => match chars.next() {
                None => out.push('?'),
                Some('%') => out.push('%'),
                Some('e') => {
                    let _ = write!(out, "{:.2}", elapsed.as_secs_f64());
                }
                Some('E') => out.push_str(&clock(elapsed)),
                Some('U' | 'S') => out.push_str("0.00"),
                Some('P') => {
                    // No CPU time is known: 0% of a measurable elapsed time.
                    out.push_str(if elapsed.as_millis() >= 10 {
                        "0%"
                    } else {
                        "?%"
                    });
                }
                Some('x') => {
                    let _ = write!(out, "{status}");
                }
                Some('C') => out.push_str(&argv.join(" ")),
                Some('Z') => out.push_str("4096"),
                Some(
                    'M' | 't' | 'K' | 'D' | 'p' | 'X' | 'F' | 'R' | 'W' | 'c' | 'w' | 'I' | 'O'
                    | 'r' | 's' | 'k',
                ) => out.push('0'),
                Some(other) => {
                    out.push('?');
                    out.push(other);
                }
            },
            '\\' => match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some('\\') => out.push('\\'),
                Some(other) => {
                    out.push_str("?\\");
                    out.push(other);
                }
                None => out.push_str("?\\"),
            },
            c => out.push(c),
        }
    }
    out.push('\n');
    out
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let mut format = DEFAULT_FORMAT.to_owned();
    let mut output: Option<String> = None;
    let mut append = false;
    let mut quiet = false;
    // GNU time: `-v` wins over any `-f`/`-p`; the POSIX and verbose
    // reports carry no `Command exited with non-zero status` line.
    let mut posix = false;
    let mut verbose = false;
    for (k, v) in p.each() {
        match k {
            Key::Format => {
                format = v.to_owned();
                posix = false;
            }
            Key::Portability => {
                format = POSIX_FORMAT.to_owned();
                posix = true;
            }
            Key::Verbose => verbose = true,
            Key::Output => output = Some(v.to_owned()),
            Key::Append => append = true,
            Key::Quiet => quiet = true,
        }
    }
    if verbose {
        format = VERBOSE_FORMAT.to_owned();
    }
    if p.operands.is_empty() {
        sys.diag.usage("missing program to run");
        return Ok(STATUS_FAILED);
    }
    // The report file is opened (created, truncated) before the command
    // runs, as GNU does.
    let target = match &output {
        Some(f) => {
            let opened = sys.resolve(f).and_then(|path| {
                if append {
                    sys.fs.append(&path, b"")?;
                } else {
                    sys.fs.write(&path, b"")?;
                }
                Ok(path)
            });
            match opened {
                Ok(path) => Some(path),
                Err(e) => {
                    sys.diag.error(format_args!("cannot open {f}: {}", e.kind));
                    return Ok(STATUS_FAILED);
                }
            }
        }
        None => None,
    };
    let start = Instant::now();
    let status = run_reporting(sys, &p.operands, None, Unstarted::CannotRun)?
        .unwrap_or_else(|status| status);
    sys.tick.check()?;
    let elapsed = start.elapsed();
    let mut report = String::new();
    if status != 0 && !quiet && !posix && !verbose {
        let _ = writeln!(report, "Command exited with non-zero status {status}");
    }
    report.push_str(&render(&format, elapsed, status, &p.operands));
    let bytes = sandbash_interpreter::bytes::encode(&report);
    match target {
        Some(path) => {
            if let Err(e) = sys.fs.append(&path, &bytes) {
                sys.diag.error(format_args!("{path}: {}", e.kind));
            }
        }
        None => sys.diag.raw(&bytes),
    }
    Ok(status)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::{Time, render};
    use crate::testutil::*;

    #[test]
    fn formats() {
        let argv = vec!["sh".to_owned(), "-c".to_owned(), "x".to_owned()];
        let d = Duration::from_millis(1234);
        assert_eq!(
            render("%e %E %x [%C] %% %Z\\t%q\\", d, 3, &argv),
            "1.23 0:01.23 3 [sh -c x] % 4096\t?q?\\\n"
        );
        assert_eq!(
            render("real %e", Duration::from_secs(3725), 0, &argv),
            "real 3725.00\n"
        );
        assert_eq!(super::clock(Duration::from_secs(3725)), "1:02:05");
    }

    #[test]
    fn posix_and_verbose_reports_skip_the_status_line() {
        let o = run0(&Time, &["-p", "cmd"], b"");
        assert_eq!(o.status, 3);
        assert!(o.err.starts_with("real "), "{}", o.err);
        let o = run0(&Time, &["-p", "-f", "X", "cmd"], b"");
        assert_eq!(o.err, "Command exited with non-zero status 3\nX\n");
        let o = run0(&Time, &["-v", "-f", "X", "cmd"], b"");
        assert!(o.err.starts_with("\tCommand being timed: "), "{}", o.err);
    }

    #[test]
    fn reports_after_the_command() {
        let o = run0(&Time, &["-f", "%x %C", "cmd", "a"], b"");
        assert_eq!(o.status, 3);
        assert_eq!(o.err, "Command exited with non-zero status 3\n3 cmd a\n");
        let o = run0(&Time, &["-q", "-f", "%x", "cmd"], b"");
        assert_eq!(o.err, "3\n");
        let o = run0(&Time, &[], b"");
        assert_eq!(o.status, 125);
        assert!(o.err.starts_with("time: missing program to run\n"));
        let o = run0(&Time, &["-f", "%x", "missing"], b"");
        assert_eq!(o.status, 127);
        assert!(
            o.err
                .starts_with("time: cannot run missing: No such file or directory\n")
        );
    }
}
