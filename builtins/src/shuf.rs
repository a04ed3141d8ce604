//! `shuf`: write a random permutation of the input lines.
//!
//! Randomness comes from [`Rng`], seeded per run from `SANDBASH_SEED`
//! (reproducible sessions) or the clock; `--random-source=FILE` seeds it
//! from the file's first bytes instead (GNU reads the file as the random
//! bytes themselves, so the orders differ from GNU's anyway).
//!
//! Memory: input lines must all be held (charged to the budget), except
//! with `-n K`, where reservoir sampling holds K lines at most, as GNU
//! does. `-i LO-HI` never builds the range: numbers are drawn by a sparse
//! Fisher-Yates whose map holds only the positions already swapped
//! (charged too), so `shuf -i 1-1000000000 -n 3` costs three entries, and
//! every drawn number is written at once, so `shuf -i 1-1000000000 | head
//! -n 1` ends at once. `-r` without `-n` is an endless stream that checks
//! cancellation at every line.

use std::collections::HashMap;
use std::io::{BufWriter, Read, Write};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::lines::for_each_line;
use crate::common::quote;
use crate::common::random::{Rng, hash_bytes};
use crate::common::sys::{Fail, Res, Sys, Ticker, hold, settle};

/// The `shuf` utility: `-e`, `-i LO-HI`, `-n COUNT`, `-o FILE`,
/// `--random-source=FILE`, `-r`, `-z`.
pub struct Shuf;

/// The options of `shuf`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Echo,
    Range,
    Count,
    Output,
    Source,
    Repeat,
    Zero,
}

/// What the lines are drawn from.
enum Src {
    Lines(Vec<Vec<u8>>),
    Range(u64, u64),
}

impl Src {
    fn len(&self) -> u64 {
        match self {
            Src::Lines(l) => l.len() as u64,
            Src::Range(lo, hi) => hi.wrapping_sub(*lo).wrapping_add(1),
        }
    }
}

/// Parses `LO-HI` as GNU does, naming the part that is wrong.
fn parse_range(arg: &str) -> Result<(u64, u64), String> {
    let bad = |part: &str, suffix: &str| format!("invalid input range: {}{suffix}", quote(part));
    let Some((lo_s, hi_s)) = arg.split_once('-') else {
        return Err(bad(arg, ""));
    };
    let num = |s: &str| -> Result<u64, String> {
        let t = s.trim_start();
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad(s, ""));
        }
        t.parse::<u64>()
            .map_err(|_| bad(s, ": Value too large for defined data type"))
    };
    let lo = num(lo_s)?;
    let hi = num(hi_s)?;
    if lo > hi.saturating_add(1) || (lo == 0 && hi == u64::MAX) {
        return Err(bad(arg, ""));
    }
    Ok((lo, hi))
}

/// Where the lines go.
struct Dest<'w> {
    w: &'w mut dyn Write,
    eol: u8,
}

impl Dest<'_> {
    fn line(&mut self, b: &[u8]) -> Res<()> {
        self.w.write_all(b).map_err(Fail::Write)?;
        self.w.write_all(&[self.eol]).map_err(Fail::Write)
    }

    fn number(&mut self, n: u64) -> Res<()> {
        self.line(n.to_string().as_bytes())
    }
}

impl Command for Shuf {
    const NAME: &'static str = "shuf";
    const HELP: Help = Help {
        usage: &[
            "[OPTION]... [FILE]",
            "-e [OPTION]... [ARG]...",
            "-i LO-HI [OPTION]...",
        ],
        about: "Write a random permutation of the input lines to standard output.\n\nWith no FILE, or when FILE is -, read standard input.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('e', &["echo"], Key::Echo, "treat each ARG as an input line"),
        Flag::new(
            'i',
            &["input-range"],
            Key::Range,
            "treat each number LO through HI as an input line",
        )
        .value("LO-HI"),
        Flag::new(
            'n',
            &["head-count"],
            Key::Count,
            "output at most COUNT lines",
        )
        .value("COUNT"),
        Flag::new(
            'o',
            &["output"],
            Key::Output,
            "write result to FILE instead of standard output",
        )
        .value("FILE"),
        Flag::long(
            &["random-source"],
            Key::Source,
            "get random bytes from FILE",
        )
        .value("FILE"),
        Flag::new(
            'r',
            &["repeat"],
            Key::Repeat,
            "output lines can be repeated",
        ),
        Flag::new(
            'z',
            &["zero-terminated"],
            Key::Zero,
            "line delimiter is NUL, not newline",
        ),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let echo = p.has(Key::Echo);
        let ranges: Vec<&str> = p.all(Key::Range).collect();
        if echo && !ranges.is_empty() {
            sys.diag.usage("cannot combine -e and -i options");
            return Ok(1);
        }
        if ranges.len() > 1 {
            sys.diag.error("multiple -i options specified");
            return Ok(1);
        }
        let range = match ranges.first().map(|r| parse_range(r)) {
            None => None,
            Some(Ok(r)) => Some(r),
            Some(Err(e)) => {
                sys.diag.error(e);
                return Ok(1);
            }
        };
        let mut count = u64::MAX;
        for v in p.all(Key::Count) {
            let t = v.trim_start();
            let digits = !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
            match t.parse::<u64>().ok().filter(|_| digits) {
                Some(n) => count = count.min(n),
                None => {
                    sys.diag
                        .error(format_args!("invalid line count: {}", quote(v)));
                    return Ok(1);
                }
            }
        }
        let extra = if range.is_some() {
            p.operands.first()
        } else if !echo {
            p.operands.get(1)
        } else {
            None
        };
        if let Some(x) = extra {
            sys.diag.usage(format_args!("extra operand {}", quote(x)));
            return Ok(1);
        }
        let mut rng = match p.last(Key::Source) {
            None => Rng::from_env(sys.env),
            Some(f) => match seed_from_file(sys, f) {
                Ok(r) => r,
                Err(e) => {
                    sys.diag.error(format_args!("{f}: {e}"));
                    return Ok(1);
                }
            },
        };
        let eol = if p.has(Key::Zero) { 0 } else { b'\n' };
        let repeat = p.has(Key::Repeat);
        let mut charge = sys.charge();
        let mut status = 0;
        let src = if let Some((lo, hi)) = range {
            Src::Range(lo, hi)
        } else if echo {
            let lines: Vec<Vec<u8>> = p
                .operands
                .iter()
                .map(|a| sandbash_interpreter::bytes::encode(a).into_owned())
                .collect();
            Src::Lines(lines)
        } else {
            let ops = p.operands.clone();
            let keep = if repeat { u64::MAX } else { count };
            let (lines, st) = read_lines(sys, ops, eol, keep, &mut rng, &mut charge)?;
            status = st;
            Src::Lines(lines)
        };
        if status != 0 {
            return Ok(status);
        }
        if repeat && count > 0 && src.len() == 0 {
            sys.diag.error("no lines to repeat");
            return Ok(1);
        }
        match p.last(Key::Output) {
            None => {
                let mut d = Dest {
                    w: sys.out.writer(),
                    eol,
                };
                emit(
                    &mut d,
                    &mut sys.tick,
                    &src,
                    count,
                    repeat,
                    &mut rng,
                    &mut charge,
                )?;
            }
            Some(path) => {
                let opened = sys
                    .resolve(path)
                    .and_then(|f| sys.fs.open_write(&f, sandbash_vfs::WriteMode::Truncate));
                let file = match opened {
                    Ok(f) => f,
                    Err(e) => {
                        sys.diag.fs(path, &e);
                        return Ok(1);
                    }
                };
                let mut w = BufWriter::with_capacity(64 * 1024, file);
                let mut d = Dest { w: &mut w, eol };
                let r = emit(
                    &mut d,
                    &mut sys.tick,
                    &src,
                    count,
                    repeat,
                    &mut rng,
                    &mut charge,
                )
                .and_then(|()| w.flush().map_err(Fail::Write));
                if let Err(Fail::Write(e)) = r {
                    sys.diag
                        .error(format_args!("{path}: {}", crate::common::sys::io_msg(&e)));
                    return Ok(1);
                }
                r?;
            }
        }
        Ok(0)
    }
}

/// A generator seeded from the first 4 KiB of `f`.
fn seed_from_file(sys: &mut Sys<'_>, f: &str) -> Result<Rng, String> {
    let mut input = crate::common::input::open_input(&mut *sys.stdin, sys.fs, sys.cwd, f)
        .map_err(|e| e.kind.to_string())?;
    let mut buf = vec![0u8; 4096];
    let n = input
        .read(&mut buf)
        .map_err(|e| crate::common::sys::io_msg(&e))?;
    Ok(Rng::from_seed(hash_bytes(buf.get(..n).unwrap_or(&[]))))
}

/// Reads the input lines, keeping all of them, or a uniform sample of
/// `keep` of them (reservoir sampling) when that is fewer.
fn read_lines(
    sys: &mut Sys<'_>,
    ops: Vec<String>,
    eol: u8,
    keep: u64,
    rng: &mut Rng,
    charge: &mut sandbash_interpreter::memory::Charge,
) -> Res<(Vec<Vec<u8>>, i32)> {
    let mut lines: Vec<Vec<u8>> = Vec::new();
    let mut seen: u64 = 0;
    let mut total: u64 = 0;
    let st = for_each_line(sys, ops, eol, |_, line| {
        let cost = line.text.len() as u64 + 24;
        if seen < keep {
            total = total.saturating_add(cost);
            hold(charge, total)?;
            lines.push(line.text.to_vec());
        } else {
            let j = rng.below_or_eq(seen);
            if let Some(slot) = usize::try_from(j).ok().and_then(|j| lines.get_mut(j)) {
                total = total
                    .saturating_add(cost)
                    .saturating_sub(slot.len() as u64 + 24);
                settle(charge, total)?;
                *slot = line.text.to_vec();
            }
        }
        seen += 1;
        Ok(())
    })?;
    Ok((lines, st))
}

/// Writes `count` lines drawn from `src` (with repetition when `repeat`).
fn emit(
    d: &mut Dest<'_>,
    tick: &mut Ticker<'_>,
    src: &Src,
    count: u64,
    repeat: bool,
    rng: &mut Rng,
    charge: &mut sandbash_interpreter::memory::Charge,
) -> Res<()> {
    let n = src.len();
    if repeat {
        let mut left = count;
        while left > 0 {
            tick.check()?;
            let i = rng.below_or_eq(n - 1);
            match src {
                Src::Lines(l) => d.line(l.get(i as usize).map_or(&[][..], |v| v.as_slice()))?,
                Src::Range(lo, _) => d.number(lo + i)?,
            }
            if count != u64::MAX {
                left -= 1;
            }
        }
        return Ok(());
    }
    let k = count.min(n);
    match src {
        Src::Lines(l) => {
            let mut idx: Vec<usize> = (0..l.len()).collect();
            hold(charge, charge.bytes() + idx.len() as u64 * 8)?;
            for i in 0..k as usize {
                tick.tick()?;
                let j = i + rng.below_or_eq((idx.len() - 1 - i) as u64) as usize;
                idx.swap(i, j);
                let pick = idx.get(i).and_then(|&x| l.get(x));
                d.line(pick.map_or(&[][..], |v| v.as_slice()))?;
            }
        }
        Src::Range(lo, _) => {
            // Sparse Fisher-Yates: `moved[p]` is what position p holds
            // when it is no longer itself.
            let mut moved: HashMap<u64, u64> = HashMap::new();
            let base = charge.bytes();
            for i in 0..k {
                tick.tick()?;
                let j = i + rng.below_or_eq(n - 1 - i);
                let vi = moved.remove(&i).unwrap_or(i);
                let vj = if j == i {
                    vi
                } else {
                    let vj = moved.get(&j).copied().unwrap_or(j);
                    moved.insert(j, vi);
                    vj
                };
                hold(charge, base + moved.capacity() as u64 * 24)?;
                d.number(lo + vj)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Shuf;
    use crate::testutil::*;

    fn seeded(args: &[&str], stdin: &[u8]) -> Outcome {
        run_with(
            &Shuf,
            args,
            &TestFs::new(),
            Harness {
                stdin,
                env: vec![("SANDBASH_SEED".into(), "42".into())],
                ..Harness::default()
            },
        )
    }

    fn sorted(s: &str) -> Vec<&str> {
        let mut v: Vec<&str> = s.lines().collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn permutations() {
        let o = seeded(&["-i", "1-10"], b"");
        let mut v: Vec<u32> = o.out.lines().map(|l| l.parse().unwrap()).collect();
        v.sort_unstable();
        assert_eq!(v, (1..=10).collect::<Vec<_>>());
        assert_eq!(
            seeded(&["-i", "1-10"], b"").out,
            o.out,
            "same seed, same order"
        );
        assert_eq!(
            sorted(&seeded(&["-e", "a", "b", "c"], b"").out),
            ["a", "b", "c"]
        );
        assert_eq!(sorted(&seeded(&[], b"l1\nl2\nl3").out), ["l1", "l2", "l3"]);
        assert_eq!(
            seeded(&["-n", "2", "-n", "5"], b"a\nb\nc\nd\n")
                .out
                .lines()
                .count(),
            2
        );
        assert_eq!(seeded(&["-z", "-e", "p"], b"").out, "p\0");
        assert_eq!(seeded(&["-i", "5-4"], b"").out, "");
    }

    #[test]
    fn huge_ranges_are_not_built() {
        let o = seeded(&["-i", "1-1000000000000", "-n", "3"], b"");
        assert_eq!(o.out.lines().count(), 3);
        let o = seeded(&["-r", "-n", "4", "-i", "7-7"], b"");
        assert_eq!(o.out, "7\n7\n7\n7\n");
    }

    #[test]
    fn errors() {
        let o = seeded(&["-i", "5-3"], b"");
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, "shuf: invalid input range: '5-3'\n")
        );
        assert_eq!(
            seeded(&["-i", "a-3"], b"").err,
            "shuf: invalid input range: 'a'\n"
        );
        assert_eq!(
            seeded(&["-i", "1-2-3"], b"").err,
            "shuf: invalid input range: '2-3'\n"
        );
        assert_eq!(
            seeded(&["-e", "a", "-i", "1-2"], b"").err,
            "shuf: cannot combine -e and -i options\nTry 'shuf --help' for more information.\n"
        );
        assert_eq!(
            seeded(&["a", "b"], b"").err,
            "shuf: extra operand 'b'\nTry 'shuf --help' for more information.\n"
        );
        assert_eq!(
            seeded(&["-n", "x"], b"").err,
            "shuf: invalid line count: 'x'\n"
        );
        assert_eq!(seeded(&["-r"], b"").err, "shuf: no lines to repeat\n");
    }

    #[test]
    fn endless_repeat_obeys_cancellation() {
        let cancel = sandbash_interpreter::Cancel::new();
        cancel.cancel();
        let o = run_with(
            &Shuf,
            &["-r", "-e", "y"],
            &TestFs::new(),
            Harness {
                cancel,
                ..Harness::default()
            },
        );
        assert_eq!(o.status, 130);
    }
}
