//! `tail`: output the last part of files.

use std::io::BufRead;

use std::borrow::Cow;

use sandbash_interpreter::UtilityContext;
use sandbash_interpreter::memory::Charge;

use crate::common::command::Command;
use crate::common::count_opt::{CountOpts, Shared, rewrite_obsolete};
use crate::common::flags::{Args, Flag, Help};
use crate::common::headed::{Copied, Part, ReadFail, for_each_operand};
use crate::common::num::dec_to_int;
use crate::common::pick::{copy_picked, nth_line_end};
use crate::common::ring::{ByteRing, LineRing};
use crate::common::sys::{Res, Sys};
use follow::{FollowOpts, Followed};

mod follow;

/// The `tail` utility: `-n [+]N`, `-c [+]N`, `-q`, `-v`, `-z`, the obsolete
/// `-N`/`+N` forms, and `-f`/`-F`/`--follow` with `-s` and `--retry`:
/// following named files (not standard input) until the run is cancelled
/// or its wall clock passes, as GNU follows until killed.
pub struct Tail;

/// The options of `tail`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// An option `head` has too.
    Count(Shared),
    Follow,
    FollowNameRetry,
    Retry,
    Pid,
    SleepInterval,
    MaxUnchangedStats,
}

impl Command for Tail {
    const NAME: &'static str = "tail";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: "Print the last 10 lines of each FILE to standard output.
With more than one FILE, precede each with a header giving the file name.

With no FILE, or when FILE is -, read standard input.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('c', &["bytes"], Key::Count(Shared::Bytes), "output the last NUM bytes; or use -c +NUM to\n  output starting with byte NUM of each file").value("[+]NUM"),
        Flag::new('f', &["follow"], Key::Follow, "output appended data as the file grows;\n  an absent option argument means 'descriptor'").optional("{name|descriptor}"),
        Flag::new('F', &[], Key::FollowNameRetry, "same as --follow=name --retry"),
        Flag::new('n', &["lines"], Key::Count(Shared::Lines), "output the last NUM lines, instead of the last 10;\n  or use -n +NUM to skip NUM-1 lines at the start").value("[+]NUM"),
        Flag::long(&["max-unchanged-stats"], Key::MaxUnchangedStats, "").value("N"),
        Flag::long(&["pid"], Key::Pid, "").value("PID"),
        Flag::new('q', &["quiet", "silent"], Key::Count(Shared::Quiet), "never output headers giving file names"),
        Flag::long(&["retry"], Key::Retry, "keep trying to open a file if it is inaccessible"),
        Flag::new('s', &["sleep-interval"], Key::SleepInterval, "with -f, sleep for approximately N seconds\n  (default 0.025) between iterations").value("N"),
        Flag::new('v', &["verbose"], Key::Count(Shared::Verbose), "always output headers giving file names"),
        Flag::zero_terminated(Key::Count(Shared::Zero)),
    ];

    fn prepare(args: &[String]) -> Cow<'_, [String]> {
        Cow::Owned(rewrite_obsolete(
            &obsolete_follow(args),
            true,
            obsolete_suffix,
        ))
    }

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }
}

/// The obsolete `tail -5` / `tail +3c` first argument's suffixes.
fn obsolete_suffix(suffix: &str) -> Option<(&'static str, &'static str)> {
    match suffix {
        "" | "l" => Some(("-n", "")),
        "c" => Some(("-c", "")),
        _ => None,
    }
}

/// The obsolete `tail -5f` / `tail +3cf` asks to follow: the `f` becomes
/// a `-f` after the count.
fn obsolete_follow(args: &[String]) -> Vec<String> {
    let mut v = args.to_vec();
    let Some(first) = v.first_mut() else {
        return v;
    };
    let is_obsolete = first
        .strip_prefix(['-', '+'])
        .and_then(|b| b.strip_suffix('f'))
        .is_some_and(|b| {
            b.starts_with(|c: char| c.is_ascii_digit())
                && obsolete_suffix(b.trim_start_matches(|c: char| c.is_ascii_digit())).is_some()
        });
    if is_obsolete {
        first.pop();
        v.insert(1, "-f".into());
    }
    v
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let shared = p.each().filter_map(|(k, v)| match k {
        Key::Count(c) => Some((c, v)),
        _ => None,
    });
    let Some(count_opts) = CountOpts::from_opts(&mut sys.diag, shared) else {
        return Ok(1);
    };
    let c = Counted {
        parsed: p,
        count: count_opts,
    };
    let fopts = match follow_opts(sys, &c.parsed, c.count.verbose) {
        Follow::No => None,
        Follow::Yes(o) => Some(o),
        Follow::Bad => return Ok(1),
    };
    let count = c.count.count;
    let eol = c.count.eol;
    let operands = c.parsed.operands;
    let report = for_each_operand(sys, operands.clone(), c.count.verbose, |part, r| {
        match (count.bytes, count.plus) {
            (false, false) => last_lines(part, r, count.n, eol),
            (false, true) => from_line(part, r, count.n, eol),
            (true, false) => last_bytes(part, r, count.n),
            (true, true) => from_byte(part, r, count.n),
        }
    })?;
    let Some(fopts) = fopts else {
        return Ok(report.status);
    };
    let mut files = followed(sys, &operands, report.copied, fopts.retry);
    if files.is_empty() {
        if report.status != 0 {
            sys.diag.error("no files remaining");
        }
        return Ok(report.status);
    }
    let last = files.iter().rposition(|f| f.present);
    follow::follow(sys, &mut files, &fopts, last)?;
    Ok(report.status)
}

/// The command line with its shared options read.
struct Counted {
    parsed: Args<Key>,
    count: CountOpts,
}

/// Whether and how to follow.
enum Follow {
    /// No `-f`, `-F` or `--follow`.
    No,
    /// Follow after the first output.
    Yes(FollowOpts),
    /// A bad `--follow` or `-s` value, already reported.
    Bad,
}

/// Reads the follow options (`-f`, `--follow=HOW`, `-F`, `--retry`, `-s`).
fn follow_opts(sys: &mut Sys<'_>, parsed: &Args<Key>, verbose: Option<bool>) -> Follow {
    let mut following = false;
    let mut by_name = false;
    let mut interval = follow::DEFAULT_INTERVAL;
    for g in &parsed.opts {
        match (g.key, g.value.as_deref()) {
            (Key::Follow, None) => following = true,
            (Key::Follow, Some(how)) => {
                following = true;
                // Like getopt's argmatch: any unambiguous prefix.
                by_name = match how {
                    _ if !how.is_empty() && "descriptor".starts_with(how) => false,
                    _ if !how.is_empty() && "name".starts_with(how) => true,
                    _ => {
                        sys.diag
                            .error(format_args!("invalid argument '{how}' for '--follow'"));
                        sys.diag
                            .raw(b"Valid arguments are:\n  - 'descriptor'\n  - 'name'\n");
                        sys.diag.try_help();
                        return Follow::Bad;
                    }
                };
            }
            (Key::FollowNameRetry, _) => {
                following = true;
                by_name = true;
            }
            (Key::SleepInterval, Some(s)) => match follow::parse_interval(s) {
                Some(d) => interval = d,
                None => {
                    sys.diag
                        .error(format_args!("invalid number of seconds: '{s}'"));
                    return Follow::Bad;
                }
            },
            _ => {}
        }
    }
    let mut pid = None;
    for g in &parsed.opts {
        if let (Key::Pid, Some(v)) = (g.key, g.value.as_deref()) {
            match dec_to_int(v, 0, i64::from(i32::MAX)) {
                Ok(n) => pid = u32::try_from(n).ok(),
                Err(e) => {
                    let why = e.suffix();
                    sys.diag.error(format_args!("invalid PID: '{v}'{why}"));
                    return Follow::Bad;
                }
            }
        }
    }
    let retry = parsed.has(Key::Retry) || parsed.has(Key::FollowNameRetry);
    if !following {
        if retry {
            sys.diag
                .error("warning: --retry ignored; --retry is useful only when following");
        }
        if pid.is_some() {
            sys.diag
                .error("warning: PID ignored; --pid=PID is useful only when following");
        }
        return Follow::No;
    }
    if retry && !by_name {
        sys.diag
            .error("warning: --retry only effective for the initial open");
    }
    Follow::Yes(FollowOpts {
        headers: verbose.unwrap_or(parsed.operands.len() > 1),
        retry,
        interval,
        pid,
    })
}

/// The files to follow: those read to their end, and with `--retry` those
/// that could not be opened, in command-line order. Standard input is not
/// followed (GNU ignores `-f` on a pipe).
fn followed(sys: &Sys<'_>, operands: &[String], copied: Vec<Copied>, retry: bool) -> Vec<Followed> {
    let mut copied = copied.into_iter().peekable();
    let mut files = Vec::new();
    for op in operands {
        if copied.peek().is_some_and(|c| &c.operand == op) {
            if let Some(c) = copied.next() {
                files.push(Followed::from(c));
            }
        } else if retry
            && !UtilityContext::is_stdin(op)
            && let Ok(path) = sys.resolve(op)
        {
            files.push(Followed {
                name: op.clone(),
                path,
                pos: 0,
                present: false,
            });
        }
    }
    files
}

fn last_lines(
    part: &mut Part<'_, '_>,
    r: &mut dyn BufRead,
    n: u64,
    eol: u8,
) -> Result<(), ReadFail> {
    let mut ring = LineRing::new(n, Charge::on(part.memory));
    ring.fill(part, r, eol, |_, _| Ok(()))?;
    for l in ring.lines() {
        part.out.put(l)?;
    }
    Ok(())
}

fn from_line(
    part: &mut Part<'_, '_>,
    r: &mut dyn BufRead,
    n: u64,
    eol: u8,
) -> Result<(), ReadFail> {
    let mut skip = n.saturating_sub(1);
    copy_picked(part.out, part.tick, r, |buf| {
        let start = if skip == 0 {
            0
        } else {
            nth_line_end(buf, eol, &mut skip).unwrap_or(buf.len())
        };
        (start..buf.len(), false)
    })
}

fn last_bytes(part: &mut Part<'_, '_>, r: &mut dyn BufRead, n: u64) -> Result<(), ReadFail> {
    let mut ring = ByteRing::new(
        usize::try_from(n.min(part.max_mem)).unwrap_or(usize::MAX),
        Charge::on(part.memory),
    );
    ring.fill(part, r, |_, _| Ok(()))?;
    let (a, b) = ring.as_slices();
    part.out.put(a)?;
    part.out.put(b)?;
    Ok(())
}

fn from_byte(part: &mut Part<'_, '_>, r: &mut dyn BufRead, n: u64) -> Result<(), ReadFail> {
    let mut skip = n.saturating_sub(1);
    copy_picked(part.out, part.tick, r, |buf| {
        let start = usize::try_from(skip).unwrap_or(usize::MAX).min(buf.len());
        skip -= start as u64;
        (start..buf.len(), false)
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use sandbash_interpreter::memory::MemoryBudget;

    use super::Tail;
    use crate::testutil::*;

    #[test]
    fn last_lines() {
        let o = run0(&Tail, &[], &lines(20));
        assert_eq!(
            o.out,
            (11..=20).map(|i| format!("{i}\n")).collect::<String>()
        );
        let o = run0(&Tail, &["-n", "2"], b"a\nb\nc");
        assert_eq!(o.out, "b\nc");
        let o = run0(&Tail, &["-3"], &lines(5));
        assert_eq!(o.out, "3\n4\n5\n");
        let o = run0(&Tail, &["-n", "0"], &lines(5));
        assert_eq!(o.out, "");
    }

    #[test]
    fn from_start() {
        let o = run0(&Tail, &["-n", "+4"], &lines(5));
        assert_eq!(o.out, "4\n5\n");
        let o = run0(&Tail, &["+2"], &lines(3));
        assert_eq!(o.out, "2\n3\n");
        let o = run0(&Tail, &["-n", "+0"], &lines(2));
        assert_eq!(o.out, "1\n2\n");
        let o = run0(&Tail, &["-c", "+3"], b"abcdef");
        assert_eq!(o.out, "cdef");
        let o = run0(&Tail, &["-c", "2"], b"abcdef");
        assert_eq!(o.out, "ef");
    }

    #[test]
    fn headers_and_errors() {
        let fs = TestFs::new();
        fs.file("a", b"1\n").file("b", b"2\n");
        let o = run(&Tail, &["a", "b"], b"", &fs);
        assert_eq!(o.out, "==> a <==\n1\n\n==> b <==\n2\n");
        assert_eq!(o.status, 0);
        let o = run(&Tail, &["-n", "abc"], b"", &fs);
        assert_eq!(o.err, "tail: invalid number of lines: 'abc'\n");
        let o = run(&Tail, &["-c", "-5x"], b"", &fs);
        assert_eq!(o.err, "tail: invalid number of bytes: '5x'\n");
        let o = run(&Tail, &["-n", "+x"], b"", &fs);
        assert_eq!(o.err, "tail: invalid number of lines: '+x'\n");
        let o = run(&Tail, &["x"], b"", &fs);
        assert_eq!(
            o.err,
            "tail: cannot open 'x' for reading: No such file or directory\n"
        );
        assert_eq!(o.status, 1);
    }

    /// Lines and bytes kept for the end are charged to the run's budget.
    #[test]
    fn kept_input_is_charged() {
        let budget = Arc::new(MemoryBudget::new(50_000));
        let input = lines(100_000);
        for args in [&["-n", "1000000"][..], &["-c", "1000000"]] {
            let o = run_with(
                &Tail,
                args,
                &TestFs::new(),
                Harness {
                    stdin: &input,
                    memory: Some(Arc::clone(&budget)),
                    ..Harness::default()
                },
            );
            assert_eq!((o.err.as_str(), o.status), ("tail: memory exhausted\n", 1));
            assert_eq!(budget.used(), 0);
        }
        assert!(budget.breached());
        // One endless line: it may take only the room left.
        let budget = Arc::new(MemoryBudget::new(50_000));
        let o = run_with(
            &Tail,
            &["-n", "1"],
            &TestFs::new(),
            Harness {
                stdin: &[b'x'; 60_000],
                memory: Some(Arc::clone(&budget)),
                ..Harness::default()
            },
        );
        assert_eq!((o.err.as_str(), o.status), ("tail: memory exhausted\n", 1));
        assert!(budget.breached());
        let o = run0(&Tail, &["-n", "2"], &input);
        assert_eq!(o.out, "99999\n100000\n");
    }
}
