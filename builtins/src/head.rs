//! `head`: output the first part of files.

use std::borrow::Cow;
use std::io::BufRead;

use sandbash_interpreter::memory::Charge;

use crate::common::command::Command;
use crate::common::count_opt::{Shared, rewrite_obsolete};
use crate::common::flags::{Args, Flag, Help};
use crate::common::headed::{Part, ReadFail, run_counted};
use crate::common::input::too_long;
use crate::common::pick::{copy_picked, nth_line_end};
use crate::common::ring::{ByteRing, LineRing};
use crate::common::sys::{Res, Sys};

/// The `head` utility: `-n [-]N`, `-c [-]N`, `-q`, `-v`, `-z`, and the
/// obsolete `-N` form.
pub struct Head;

impl Command for Head {
    const NAME: &'static str = "head";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: "Print the first 10 lines of each FILE to standard output.
With more than one FILE, precede each with a header giving the file name.

With no FILE, or when FILE is -, read standard input.",
        after: "NUM may have a multiplier suffix: b 512, kB 1000, K 1024, MB 1000*1000,
M 1024*1024, GB, G, T, P, E, Z, Y; binary prefixes can be used too:
KiB=K, MiB=M, and so on.",
    };
    type Key = Shared;
    const FLAGS: &'static [Flag<Shared>] = &[
        Flag::new('c', &["bytes"], Shared::Bytes, "print the first NUM bytes of each file;\n  with the leading '-', print all but the last\n  NUM bytes of each file").value("[-]NUM"),
        Flag::new('n', &["lines"], Shared::Lines, "print the first NUM lines instead of the first 10;\n  with the leading '-', print all but the last\n  NUM lines of each file").value("[-]NUM"),
        Flag::new('q', &["quiet", "silent"], Shared::Quiet, "never print headers giving file names"),
        Flag::new('v', &["verbose"], Shared::Verbose, "always print headers giving file names"),
        Flag::new('z', &["zero-terminated"], Shared::Zero, "line delimiter is NUL, not newline"),
    ];

    fn prepare(args: &[String]) -> Cow<'_, [String]> {
        Cow::Owned(rewrite_obsolete(args, false, obsolete_suffix))
    }

    fn main(sys: &mut Sys<'_>, p: Args<Shared>) -> Res<i32> {
        run_counted(
            sys,
            p.each(),
            p.operands.clone(),
            |part, r, c, eol| match (c.bytes, c.minus) {
                (false, false) => head_lines(part, r, c.n, eol),
                (false, true) => all_but_lines(part, r, c.n, eol),
                (true, false) => head_bytes(part, r, c.n),
                (true, true) => all_but_bytes(part, r, c.n),
            },
        )
    }
}

/// The obsolete `head -5` / `head -5c` first argument's suffixes.
fn obsolete_suffix(suffix: &str) -> Option<(&'static str, &'static str)> {
    match suffix {
        "" | "l" => Some(("-n", "")),
        "c" => Some(("-c", "")),
        "b" => Some(("-c", "b")),
        "k" => Some(("-c", "K")),
        "m" => Some(("-c", "M")),
        _ => None,
    }
}

fn head_lines(
    part: &mut Part<'_, '_>,
    r: &mut dyn BufRead,
    mut n: u64,
    eol: u8,
) -> Result<(), ReadFail> {
    if n == 0 {
        return Ok(());
    }
    copy_picked(part.out, part.tick, r, |buf| {
        let end = nth_line_end(buf, eol, &mut n);
        (0..end.unwrap_or(buf.len()), end.is_some())
    })
}

fn head_bytes(part: &mut Part<'_, '_>, r: &mut dyn BufRead, mut n: u64) -> Result<(), ReadFail> {
    if n == 0 {
        return Ok(());
    }
    copy_picked(part.out, part.tick, r, |buf| {
        let take = usize::try_from(n).unwrap_or(usize::MAX).min(buf.len());
        n -= take as u64;
        (0..take, n == 0)
    })
}

fn all_but_lines(
    part: &mut Part<'_, '_>,
    r: &mut dyn BufRead,
    n: u64,
    eol: u8,
) -> Result<(), ReadFail> {
    LineRing::new(n, Charge::on(part.memory)).fill(part, r, eol, |out, old| out.put(old))
}

fn all_but_bytes(part: &mut Part<'_, '_>, r: &mut dyn BufRead, n: u64) -> Result<(), ReadFail> {
    let max = part.max_mem;
    if n > max {
        // Holding back more than memory allows: the input must be shorter
        // than that anyway, so print nothing while draining it.
        let mut sink = [0u8; 8192];
        let mut total = 0u64;
        loop {
            part.tick.tick()?;
            let k = r.read(&mut sink).map_err(ReadFail::Read)?;
            if k == 0 {
                return Ok(());
            }
            total += k as u64;
            if total > max {
                return Err(ReadFail::Read(too_long()));
            }
        }
    }
    ByteRing::new(
        usize::try_from(n).unwrap_or(usize::MAX),
        Charge::on(part.memory),
    )
    .fill(part, r, |out, spill| {
        let spill: Vec<u8> = spill.collect();
        out.put(&spill)
    })
}

#[cfg(test)]
mod tests {
    use super::Head;
    use crate::testutil::*;

    #[test]
    fn default_and_counts() {
        let o = run0(&Head, &[], &lines(20));
        assert_eq!(o.out, String::from_utf8(lines(10)).unwrap());
        let o = run0(&Head, &["-n", "3"], &lines(20));
        assert_eq!(o.out, "1\n2\n3\n");
        let o = run0(&Head, &["-2"], &lines(20));
        assert_eq!(o.out, "1\n2\n");
        let o = run0(&Head, &["-n", "-18"], &lines(20));
        assert_eq!(o.out, "1\n2\n");
        let o = run0(&Head, &["-c", "3"], b"abcdef");
        assert_eq!(o.out, "abc");
        let o = run0(&Head, &["-c", "-2"], b"abcdef");
        assert_eq!(o.out, "abcd");
        let o = run0(&Head, &["--lines=1"], b"x\ny");
        assert_eq!(o.out, "x\n");
        let o = run0(&Head, &["-c", "1K"], &[b'a'; 2000]);
        assert_eq!(o.out.len(), 1024);
    }

    #[test]
    fn headers() {
        let fs = TestFs::new();
        fs.file("a", b"1\n").file("b", b"2\n");
        let o = run(&Head, &["a", "b"], b"", &fs);
        assert_eq!(o.out, "==> a <==\n1\n\n==> b <==\n2\n");
        let o = run(&Head, &["-q", "a", "b"], b"", &fs);
        assert_eq!(o.out, "1\n2\n");
        let o = run(&Head, &["-v", "-"], b"s\n", &fs);
        assert_eq!(o.out, "==> standard input <==\ns\n");
    }

    #[test]
    fn errors() {
        let o = run0(&Head, &["-n", "abc"], b"");
        assert_eq!(o.err, "head: invalid number of lines: 'abc'\n");
        assert_eq!(o.status, 1);
        let o = run0(&Head, &["-c", "-x"], b"");
        assert_eq!(o.err, "head: invalid number of bytes: 'x'\n");
        let o = run0(&Head, &["-n", "+x"], b"");
        assert_eq!(o.err, "head: invalid number of lines: '+x'\n");
        let o = run0(&Head, &["nofile"], b"");
        assert_eq!(
            o.err,
            "head: cannot open 'nofile' for reading: No such file or directory\n"
        );
        assert_eq!(o.status, 1);
    }

    #[test]
    fn stops_early_on_closed_pipe() {
        let (status, _) = run_closing(&Head, &["-c", "100000"], &[b'a'; 100_000], 5);
        assert_eq!(status, 141);
    }
}
