//! `cat`: concatenate files to standard output.

use sandbash_interpreter::{Utility, UtilityContext};

use crate::common::chunks::read_chunks;
use crate::common::input::or_stdin;
use crate::common::opts::{self, HasArg, Parse, Spec};
use crate::common::sys::{Res, Sys};

/// The `cat` utility: `-A -b -e -E -n -s -t -T -u -v`.
pub struct Cat;

const SPEC: Spec = Spec::new(
    "AbeEnstTuv",
    &[
        ("show-all", HasArg::No, "A"),
        ("number-nonblank", HasArg::No, "b"),
        ("show-ends", HasArg::No, "E"),
        ("number", HasArg::No, "n"),
        ("squeeze-blank", HasArg::No, "s"),
        ("show-tabs", HasArg::No, "T"),
        ("show-nonprinting", HasArg::No, "v"),
    ],
    "cat [OPTION]... [FILE]...
Concatenate FILE(s) to standard output.

With no FILE, or when FILE is -, read standard input.

  -A, --show-all           equivalent to -vET
  -b, --number-nonblank    number nonempty output lines, overrides -n
  -e                       equivalent to -vE
  -E, --show-ends          display $ at end of each line
  -n, --number             number all output lines
  -s, --squeeze-blank      suppress repeated empty output lines
  -t                       equivalent to -vT
  -T, --show-tabs          display TAB characters as ^I
  -u                       (ignored)
  -v, --show-nonprinting   use ^ and M- notation, except for LFD and TAB
      --help               display this help and exit
      --version            output version information and exit
",
);

#[derive(Default)]
struct Flags {
    number: bool,
    nonblank: bool,
    ends: bool,
    squeeze: bool,
    tabs: bool,
    nonprinting: bool,
}

impl Flags {
    fn plain(&self) -> bool {
        !(self.number
            || self.nonblank
            || self.ends
            || self.squeeze
            || self.tabs
            || self.nonprinting)
    }
}

/// Line state carried across files, as GNU `cat` does.
struct State {
    at_start: bool,
    blank_run: u64,
    lineno: u64,
}

impl Utility for Cat {
    fn name(&self) -> &'static str {
        "cat"
    }

    fn run(&self, ctx: &mut UtilityContext<'_>) -> i32 {
        let mut sys = Sys::new("cat", ctx);
        let r = main(&mut sys);
        sys.finish(r)
    }
}

fn main(sys: &mut Sys<'_>) -> Res<i32> {
    let args = sys.args;
    let p = match opts::parse(sys, &SPEC, args)? {
        Parse::Run(p) => p,
        Parse::Exit(s) => return Ok(s),
    };
    let mut f = Flags::default();
    for (k, _) in &p.opts {
        match *k {
            "A" => (f.nonprinting, f.ends, f.tabs) = (true, true, true),
            "b" => f.nonblank = true,
            "e" => (f.nonprinting, f.ends) = (true, true),
            "E" => f.ends = true,
            "n" => f.number = true,
            "s" => f.squeeze = true,
            "t" => (f.nonprinting, f.tabs) = (true, true),
            "T" => f.tabs = true,
            "v" => f.nonprinting = true,
            _ => {}
        }
    }
    if f.nonblank {
        f.number = false;
    }
    let mut state = State {
        at_start: true,
        blank_run: 0,
        lineno: 0,
    };
    let mut status = 0;
    let mut buf = vec![0u8; 32 * 1024];
    let mut line_out = Vec::with_capacity(64 * 1024);
    for op in &or_stdin(p.operands) {
        let end = read_chunks(sys, op, &mut buf, |out, chunk| {
            if f.plain() {
                return out.put(chunk);
            }
            line_out.clear();
            transform(&f, &mut state, chunk, &mut line_out);
            out.put(&line_out)
        })?;
        if end.failed() {
            status = 1;
        }
    }
    Ok(status)
}

fn push_number(out: &mut Vec<u8>, n: u64) {
    out.extend_from_slice(format!("{n:>6}\t").as_bytes());
}

fn push_visible(f: &Flags, out: &mut Vec<u8>, b: u8) {
    if b == b'\t' {
        if f.tabs {
            out.extend_from_slice(b"^I");
        } else {
            out.push(b);
        }
        return;
    }
    if !f.nonprinting {
        out.push(b);
        return;
    }
    let mut c = b;
    if c >= 128 {
        out.extend_from_slice(b"M-");
        c -= 128;
    }
    if c < 32 {
        out.push(b'^');
        out.push(c + 64);
    } else if c == 127 {
        out.extend_from_slice(b"^?");
    } else {
        out.push(c);
    }
}

fn transform(f: &Flags, st: &mut State, chunk: &[u8], out: &mut Vec<u8>) {
    for &b in chunk {
        if b == b'\n' {
            if st.at_start {
                st.blank_run += 1;
                if f.squeeze && st.blank_run > 1 {
                    continue;
                }
                if f.number {
                    st.lineno += 1;
                    push_number(out, st.lineno);
                }
            }
            if f.ends {
                out.push(b'$');
            }
            out.push(b'\n');
            st.at_start = true;
            continue;
        }
        if st.at_start {
            st.blank_run = 0;
            if f.number || f.nonblank {
                st.lineno += 1;
                push_number(out, st.lineno);
            }
            st.at_start = false;
        }
        push_visible(f, out, b);
    }
}

#[cfg(test)]
mod tests {
    use super::Cat;
    use crate::testutil::*;

    #[test]
    fn copies_stdin_and_files() {
        let fs = TestFs::new();
        fs.file("a", b"one\n").file("b", b"two\n");
        let o = run(&Cat, &["a", "-", "b"], b"mid\n", &fs);
        assert_eq!(o.out, "one\nmid\ntwo\n");
        assert_eq!(o.status, 0);
    }

    #[test]
    fn numbering_and_squeeze() {
        let o = run0(&Cat, &["-n"], b"a\n\nb\n");
        assert_eq!(o.out, "     1\ta\n     2\t\n     3\tb\n");
        let o = run0(&Cat, &["-b"], b"a\n\nb\n");
        assert_eq!(o.out, "     1\ta\n\n     2\tb\n");
        let o = run0(&Cat, &["-s"], b"a\n\n\n\nb\n");
        assert_eq!(o.out, "a\n\nb\n");
        let o = run0(&Cat, &["-sn"], b"\n\n\nx");
        assert_eq!(o.out, "     1\t\n     2\tx");
    }

    #[test]
    fn numbering_continues_across_files() {
        let fs = TestFs::new();
        fs.file("a", b"x\ny").file("b", b"z\n");
        let o = run(&Cat, &["-n", "a", "b"], b"", &fs);
        assert_eq!(o.out, "     1\tx\n     2\tyz\n");
    }

    #[test]
    fn show_all() {
        let o = run0(&Cat, &["-A"], b"a\tb\x01\x7f\xe9\n");
        assert_eq!(o.out, "a^Ib^A^?M-i$\n");
        let o = run0(&Cat, &["-E"], b"a\tb\n");
        assert_eq!(o.out, "a\tb$\n");
        let o = run0(&Cat, &["-T"], b"a\tb\n");
        assert_eq!(o.out, "a^Ib\n");
        let o = run0(&Cat, &["-v"], b"\x80\xff\t\n");
        assert_eq!(o.out, "M-^@M-^?\t\n");
    }

    #[test]
    fn errors() {
        let fs = TestFs::new();
        fs.file("a", b"ok\n").dir("d");
        let o = run(&Cat, &["nofile", "a", "d"], b"", &fs);
        assert_eq!(o.out, "ok\n");
        assert_eq!(
            o.err,
            "cat: nofile: No such file or directory\ncat: d: Is a directory\n"
        );
        assert_eq!(o.status, 1);
        let o = run0(&Cat, &["-z"], b"");
        assert_eq!(
            o.err,
            "cat: invalid option -- 'z'\nTry 'cat --help' for more information.\n"
        );
        assert_eq!(o.status, 1);
        let o = run0(&Cat, &["--bogus"], b"");
        assert_eq!(
            o.err,
            "cat: unrecognized option '--bogus'\nTry 'cat --help' for more information.\n"
        );
    }

    #[test]
    fn help_version_and_long_options() {
        let o = run0(&Cat, &["--version"], b"");
        assert_eq!(o.out, "cat (sandbash) 0.1.0\n");
        let o = run0(&Cat, &["--help"], b"");
        assert!(o.out.starts_with("Usage: cat"));
        assert_eq!(o.status, 0);
        let o = run0(&Cat, &["--numb"], b"a\n");
        assert!(
            o.err
                .contains("option '--numb' is ambiguous; possibilities:")
        );
        let o = run0(&Cat, &["--show-e"], b"a\n");
        assert_eq!(o.out, "a$\n");
    }

    #[test]
    fn broken_pipe_gives_141() {
        let big = vec![b'x'; 200_000];
        let (status, _) = run_closing(&Cat, &[], &big, 10);
        assert_eq!(status, 141);
    }
}
