//! `tail`: output the last part of files.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read};

use sandbash_interpreter::{Utility, UtilityContext};

use crate::common::display_name;
use crate::common::input::{open_input, read_line, too_long};
use crate::common::num::parse_count;
use crate::common::opts::{self, HasArg, Parse, Spec};
use crate::common::sys::{Out, Res, Sys, Ticker, io_msg};
use crate::head::ReadFail;

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

#[derive(Clone, Copy)]
enum Mode {
    LastLines(u64),
    FromLine(u64),
    LastBytes(u64),
    FromByte(u64),
}

fn obsolete(args: &[String]) -> Vec<String> {
    let mut v = args.to_vec();
    let Some(first) = args.first() else {
        return v;
    };
    let (plus, body) = match (first.strip_prefix('-'), first.strip_prefix('+')) {
        (Some(b), _) => (false, b),
        (_, Some(b)) => (true, b),
        _ => return v,
    };
    if !body.starts_with(|c: char| c.is_ascii_digit()) {
        return v;
    }
    let digits_end = body
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(body.len());
    let (num, suffix) = body.split_at(digits_end);
    let suffix = suffix.strip_suffix('f').unwrap_or(suffix);
    let flag = match suffix {
        "" | "l" => "-n",
        "c" => "-c",
        _ => return v,
    };
    let sign = if plus { "+" } else { "" };
    v.splice(0..1, [flag.to_string(), format!("{sign}{num}")]);
    v
}

fn main(sys: &mut Sys<'_>) -> Res<i32> {
    let args = obsolete(sys.args);
    let p = match opts::parse(sys, &SPEC, &args)? {
        Parse::Run(p) => p,
        Parse::Exit(s) => return Ok(s),
    };
    let mut mode = Mode::LastLines(10);
    let mut verbose: Option<bool> = None;
    let mut eol = b'\n';
    for (k, v) in &p.opts {
        let v = v.as_deref().unwrap_or("");
        match *k {
            "n" | "c" => {
                let (plus, digits) = match v.strip_prefix('+') {
                    Some(d) => (true, d),
                    None => (false, v.strip_prefix('-').unwrap_or(v)),
                };
                let Some(n) = parse_count(digits) else {
                    let what = if *k == "n" { "lines" } else { "bytes" };
                    sys.diag
                        .error(format_args!("invalid number of {what}: '{v}'"));
                    return Ok(1);
                };
                mode = match (*k, plus) {
                    ("n", false) => Mode::LastLines(n),
                    ("n", true) => Mode::FromLine(n),
                    (_, false) => Mode::LastBytes(n),
                    (_, true) => Mode::FromByte(n),
                };
            }
            "q" => verbose = Some(false),
            "v" => verbose = Some(true),
            "z" => eol = 0,
            _ => {}
        }
    }
    let mut operands = p.operands;
    if operands.is_empty() {
        operands.push("-".into());
    }
    let headers = verbose.unwrap_or(operands.len() > 1);
    let mut status = 0;
    let mut first = true;
    for op in &operands {
        let input = match open_input(&mut *sys.stdin, sys.fs, sys.cwd, op) {
            Ok(i) => i,
            Err(e) => {
                sys.diag
                    .error(format_args!("cannot open '{op}' for reading: {}", e.kind));
                status = 1;
                continue;
            }
        };
        if headers {
            let sep = if first { "" } else { "\n" };
            sys.out
                .fmt(format_args!("{sep}==> {} <==\n", display_name(op)))?;
        }
        first = false;
        let mut r = BufReader::with_capacity(32 * 1024, input);
        let res = match mode {
            Mode::LastLines(n) => last_lines(
                &mut sys.out,
                &mut sys.tick,
                sys.limits.max_memory,
                &mut r,
                n,
                eol,
            ),
            Mode::FromLine(n) => from_line(
                &mut sys.out,
                &mut sys.tick,
                sys.limits.max_memory,
                &mut r,
                n,
                eol,
            ),
            Mode::LastBytes(n) => last_bytes(
                &mut sys.out,
                &mut sys.tick,
                sys.limits.max_memory,
                &mut r,
                n,
            ),
            Mode::FromByte(n) => from_byte(
                &mut sys.out,
                &mut sys.tick,
                sys.limits.max_memory,
                &mut r,
                n,
            ),
        };
        match res {
            Ok(()) => {}
            Err(ReadFail::Stop(f)) => return Err(f),
            Err(ReadFail::Read(e)) => {
                sys.diag
                    .error(format_args!("error reading '{op}': {}", io_msg(&e)));
                status = 1;
            }
        }
    }
    Ok(status)
}

fn last_lines(
    out: &mut Out<'_>,
    tick: &mut Ticker<'_>,
    max_mem: u64,
    r: &mut dyn BufRead,
    n: u64,
    eol: u8,
) -> Result<(), ReadFail> {
    let max = usize::try_from(max_mem).unwrap_or(usize::MAX);
    let mut ring: VecDeque<Vec<u8>> = VecDeque::new();
    let mut held = 0usize;
    let mut line = Vec::new();
    loop {
        tick.tick()?;
        if !read_line(r, &mut line, eol, max).map_err(ReadFail::Read)? {
            break;
        }
        if n == 0 {
            continue;
        }
        held += line.len();
        ring.push_back(std::mem::take(&mut line));
        if ring.len() as u64 > n
            && let Some(old) = ring.pop_front()
        {
            held -= old.len();
        }
        if held > max {
            return Err(ReadFail::Read(too_long()));
        }
    }
    for l in &ring {
        out.put(l)?;
    }
    Ok(())
}

fn from_line(
    out: &mut Out<'_>,
    tick: &mut Ticker<'_>,
    _max_mem: u64,
    r: &mut dyn BufRead,
    n: u64,
    eol: u8,
) -> Result<(), ReadFail> {
    let mut skip = n.saturating_sub(1);
    loop {
        tick.check()?;
        let buf = r.fill_buf().map_err(ReadFail::Read)?;
        if buf.is_empty() {
            return Ok(());
        }
        let mut start = 0;
        if skip > 0 {
            start = buf.len();
            for (i, &b) in buf.iter().enumerate() {
                if b == eol {
                    skip -= 1;
                    if skip == 0 {
                        start = i + 1;
                        break;
                    }
                }
            }
        }
        out.put(buf.get(start..).unwrap_or(&[]))?;
        let len = buf.len();
        r.consume(len);
    }
}

fn last_bytes(
    out: &mut Out<'_>,
    tick: &mut Ticker<'_>,
    max_mem: u64,
    r: &mut dyn Read,
    n: u64,
) -> Result<(), ReadFail> {
    let keep = usize::try_from(n.min(max_mem)).unwrap_or(usize::MAX);
    let mut ring: VecDeque<u8> = VecDeque::new();
    let mut buf = vec![0u8; 32 * 1024];
    loop {
        tick.tick()?;
        let k = r.read(&mut buf).map_err(ReadFail::Read)?;
        if k == 0 {
            break;
        }
        ring.extend(buf.get(..k).unwrap_or(&[]));
        if ring.len() > keep {
            let excess = ring.len() - keep;
            ring.drain(..excess);
        }
    }
    let (a, b) = ring.as_slices();
    out.put(a)?;
    out.put(b)?;
    Ok(())
}

fn from_byte(
    out: &mut Out<'_>,
    tick: &mut Ticker<'_>,
    _max_mem: u64,
    r: &mut dyn BufRead,
    n: u64,
) -> Result<(), ReadFail> {
    let mut skip = n.saturating_sub(1);
    loop {
        tick.check()?;
        let buf = r.fill_buf().map_err(ReadFail::Read)?;
        if buf.is_empty() {
            return Ok(());
        }
        let start = usize::try_from(skip).unwrap_or(usize::MAX).min(buf.len());
        skip -= start as u64;
        out.put(buf.get(start..).unwrap_or(&[]))?;
        let len = buf.len();
        r.consume(len);
    }
}

#[cfg(test)]
mod tests {
    use super::Tail;
    use crate::testutil::*;

    fn lines(n: usize) -> Vec<u8> {
        (1..=n)
            .map(|i| format!("{i}\n"))
            .collect::<String>()
            .into_bytes()
    }

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
        let o = run(&Tail, &["x"], b"", &fs);
        assert_eq!(
            o.err,
            "tail: cannot open 'x' for reading: No such file or directory\n"
        );
        assert_eq!(o.status, 1);
    }
}
