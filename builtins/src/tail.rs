//! `tail`: output the last part of files.

use std::io::BufRead;

use sandbash_interpreter::memory::Charge;
use sandbash_interpreter::{Utility, UtilityContext};

use crate::common::headed::{Part, ReadFail, run_counted};
use crate::common::opts::{HasArg, Spec};
use crate::common::pick::{copy_picked, nth_line_end};
use crate::common::ring::{ByteRing, LineRing};
use crate::common::sys::{Res, Sys};

/// The `tail` utility: `-n [+]N`, `-c [+]N`, `-q`, `-v`, `-z`, the obsolete
/// `-N`/`+N` forms. `-f`/`-F` are accepted and ignored: a sandbox run must
/// end, so `tail -f FILE` behaves like `tail FILE`.
pub struct Tail;

const SPEC: Spec = Spec::new(
    "c:n:fFqvzs:",
    &[
        ("bytes", HasArg::Yes, "c"),
        ("lines", HasArg::Yes, "n"),
        ("follow", HasArg::Optional, "f"),
        ("retry", HasArg::No, "retry"),
        ("pid", HasArg::Yes, "pid"),
        ("sleep-interval", HasArg::Yes, "s"),
        ("max-unchanged-stats", HasArg::Yes, "mus"),
        ("quiet", HasArg::No, "q"),
        ("silent", HasArg::No, "q"),
        ("verbose", HasArg::No, "v"),
        ("zero-terminated", HasArg::No, "z"),
    ],
    "tail [OPTION]... [FILE]...
Print the last 10 lines of each FILE to standard output.
With more than one FILE, precede each with a header giving the file name.

With no FILE, or when FILE is -, read standard input.

  -c, --bytes=[+]NUM       output the last NUM bytes; or use -c +NUM to
                             output starting with byte NUM of each file
  -f, --follow[={name|descriptor}]
                           accepted; the sandbox does not wait for more data
  -F                       same as -f
  -n, --lines=[+]NUM       output the last NUM lines, instead of the last 10;
                             or use -n +NUM to skip NUM-1 lines at the start
  -q, --quiet, --silent    never output headers giving file names
  -v, --verbose            always output headers giving file names
  -z, --zero-terminated    line delimiter is NUL, not newline
      --help               display this help and exit
      --version            output version information and exit
",
);

impl Utility for Tail {
    fn name(&self) -> &'static str {
        "tail"
    }

    fn run(&self, ctx: &mut UtilityContext<'_>) -> i32 {
        let mut sys = Sys::new("tail", ctx);
        let r = main(&mut sys);
        sys.finish(r)
    }
}

/// The obsolete `tail -5` / `tail +3c` / `tail -5f` first argument's
/// suffixes (`f`, follow, means nothing here).
fn obsolete_suffix(suffix: &str) -> Option<(&'static str, &'static str)> {
    match suffix.strip_suffix('f').unwrap_or(suffix) {
        "" | "l" => Some(("-n", "")),
        "c" => Some(("-c", "")),
        _ => None,
    }
}

fn main(sys: &mut Sys<'_>) -> Res<i32> {
    run_counted(
        sys,
        &SPEC,
        true,
        obsolete_suffix,
        |part, r, c, eol| match (c.bytes, c.plus) {
            (false, false) => last_lines(part, r, c.n, eol),
            (false, true) => from_line(part, r, c.n, eol),
            (true, false) => last_bytes(part, r, c.n),
            (true, true) => from_byte(part, r, c.n),
        },
    )
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
    fn headers_follow_and_errors() {
        let fs = TestFs::new();
        fs.file("a", b"1\n").file("b", b"2\n");
        let o = run(&Tail, &["-f", "a", "b"], b"", &fs);
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
