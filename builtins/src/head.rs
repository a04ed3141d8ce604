//! `head`: output the first part of files.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read};

use sandbash_interpreter::{Utility, UtilityContext};

use crate::common::display_name;
use crate::common::input::{open_input, read_line};
use crate::common::num::parse_count;
use crate::common::opts::{self, HasArg, Parse, Spec};
use crate::common::sys::{Fail, Out, Res, Sys, Ticker, io_msg};

/// The `head` utility: `-n [-]N`, `-c [-]N`, `-q`, `-v`, `-z`, and the
/// obsolete `-N` form.
pub struct Head;

const SPEC: Spec = Spec::new(
    "c:n:qvz",
    &[
        ("bytes", HasArg::Yes, "c"),
        ("lines", HasArg::Yes, "n"),
        ("quiet", HasArg::No, "q"),
        ("silent", HasArg::No, "q"),
        ("verbose", HasArg::No, "v"),
        ("zero-terminated", HasArg::No, "z"),
    ],
    "head [OPTION]... [FILE]...
Print the first 10 lines of each FILE to standard output.
With more than one FILE, precede each with a header giving the file name.

With no FILE, or when FILE is -, read standard input.

  -c, --bytes=[-]NUM       print the first NUM bytes of each file;
                             with the leading '-', print all but the last
                             NUM bytes of each file
  -n, --lines=[-]NUM       print the first NUM lines instead of the first 10;
                             with the leading '-', print all but the last
                             NUM lines of each file
  -q, --quiet, --silent    never print headers giving file names
  -v, --verbose            always print headers giving file names
  -z, --zero-terminated    line delimiter is NUL, not newline
      --help               display this help and exit
      --version            output version information and exit

NUM may have a multiplier suffix: b 512, kB 1000, K 1024, MB 1000*1000,
M 1024*1024, GB, G, T, P, E, Z, Y; binary prefixes can be used too:
KiB=K, MiB=M, and so on.
",
);

impl Utility for Head {
    fn name(&self) -> &'static str {
        "head"
    }

    fn run(&self, ctx: &mut UtilityContext<'_>) -> i32 {
        let mut sys = Sys::new("head", ctx);
        let r = main(&mut sys);
        sys.finish(r)
    }
}

#[derive(Clone, Copy)]
enum Mode {
    Lines(u64),
    Bytes(u64),
    AllButLines(u64),
    AllButBytes(u64),
}

/// Rewrites the obsolete `head -5` / `head -5c` first argument.
fn obsolete(args: &[String]) -> Vec<String> {
    let mut v = args.to_vec();
    if let Some(first) = args.first()
        && let Some(body) = first.strip_prefix('-')
        && body.starts_with(|c: char| c.is_ascii_digit())
    {
        let digits_end = body
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(body.len());
        let (num, suffix) = body.split_at(digits_end);
        let (flag, mult) = match suffix {
            "" | "l" => ("-n", ""),
            "c" => ("-c", ""),
            "b" => ("-c", "b"),
            "k" => ("-c", "K"),
            "m" => ("-c", "M"),
            _ => return v,
        };
        v.splice(0..1, [flag.to_string(), format!("{num}{mult}")]);
    }
    v
}

fn main(sys: &mut Sys<'_>) -> Res<i32> {
    let args = obsolete(sys.args);
    let p = match opts::parse(sys, &SPEC, &args)? {
        Parse::Run(p) => p,
        Parse::Exit(s) => return Ok(s),
    };
    let mut mode = Mode::Lines(10);
    let mut verbose: Option<bool> = None;
    let mut eol = b'\n';
    for (k, v) in &p.opts {
        let v = v.as_deref().unwrap_or("");
        match *k {
            "n" | "c" => {
                let (neg, digits) = match v.strip_prefix('-') {
                    Some(d) => (true, d),
                    None => (false, v.strip_prefix('+').unwrap_or(v)),
                };
                let Some(n) = parse_count(digits) else {
                    let what = if *k == "n" { "lines" } else { "bytes" };
                    sys.diag
                        .error(format_args!("invalid number of {what}: '{digits}'"));
                    return Ok(1);
                };
                mode = match (*k, neg) {
                    ("n", false) => Mode::Lines(n),
                    ("n", true) => Mode::AllButLines(n),
                    (_, false) => Mode::Bytes(n),
                    (_, true) => Mode::AllButBytes(n),
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
            Mode::Lines(n) => head_lines(
                &mut sys.out,
                &mut sys.tick,
                sys.limits.max_memory,
                &mut r,
                n,
                eol,
            ),
            Mode::Bytes(n) => head_bytes(
                &mut sys.out,
                &mut sys.tick,
                sys.limits.max_memory,
                &mut r,
                n,
            ),
            Mode::AllButLines(n) => all_but_lines(
                &mut sys.out,
                &mut sys.tick,
                sys.limits.max_memory,
                &mut r,
                n,
                eol,
            ),
            Mode::AllButBytes(n) => all_but_bytes(
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

/// A failure while copying: reading the input or stopping the utility.
pub(crate) enum ReadFail {
    Read(std::io::Error),
    Stop(Fail),
}

impl From<Fail> for ReadFail {
    fn from(f: Fail) -> Self {
        Self::Stop(f)
    }
}

fn head_lines(
    out: &mut Out<'_>,
    tick: &mut Ticker<'_>,
    _max_mem: u64,
    r: &mut dyn BufRead,
    mut n: u64,
    eol: u8,
) -> Result<(), ReadFail> {
    while n > 0 {
        tick.check()?;
        let buf = r.fill_buf().map_err(ReadFail::Read)?;
        if buf.is_empty() {
            break;
        }
        let mut take = buf.len();
        for (i, &b) in buf.iter().enumerate() {
            if b == eol {
                n -= 1;
                if n == 0 {
                    take = i + 1;
                    break;
                }
            }
        }
        out.put(buf.get(..take).unwrap_or(&[]))?;
        r.consume(take);
    }
    Ok(())
}

fn head_bytes(
    out: &mut Out<'_>,
    tick: &mut Ticker<'_>,
    _max_mem: u64,
    r: &mut dyn BufRead,
    mut n: u64,
) -> Result<(), ReadFail> {
    while n > 0 {
        tick.check()?;
        let buf = r.fill_buf().map_err(ReadFail::Read)?;
        if buf.is_empty() {
            break;
        }
        let take = usize::try_from(n).unwrap_or(usize::MAX).min(buf.len());
        out.put(buf.get(..take).unwrap_or(&[]))?;
        r.consume(take);
        n -= take as u64;
    }
    Ok(())
}

fn all_but_lines(
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
        held += line.len();
        ring.push_back(std::mem::take(&mut line));
        if ring.len() as u64 > n
            && let Some(old) = ring.pop_front()
        {
            held -= old.len();
            out.put(&old)?;
        }
        if held > max {
            return Err(ReadFail::Read(crate::common::input::too_long()));
        }
    }
    Ok(())
}

fn all_but_bytes(
    out: &mut Out<'_>,
    tick: &mut Ticker<'_>,
    max_mem: u64,
    r: &mut dyn Read,
    n: u64,
) -> Result<(), ReadFail> {
    let max = max_mem;
    if n > max {
        // Holding back more than memory allows: the input must be shorter
        // than that anyway, so print nothing while draining it.
        let mut sink = [0u8; 8192];
        let mut total = 0u64;
        loop {
            tick.tick()?;
            let k = r.read(&mut sink).map_err(ReadFail::Read)?;
            if k == 0 {
                return Ok(());
            }
            total += k as u64;
            if total > max {
                return Err(ReadFail::Read(crate::common::input::too_long()));
            }
        }
    }
    let keep = usize::try_from(n).unwrap_or(usize::MAX);
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
            let spill: Vec<u8> = ring.drain(..excess).collect();
            out.put(&spill)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Head;
    use crate::testutil::*;

    fn lines(n: usize) -> Vec<u8> {
        (1..=n)
            .map(|i| format!("{i}\n"))
            .collect::<String>()
            .into_bytes()
    }

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
