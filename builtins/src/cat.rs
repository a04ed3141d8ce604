//! `cat`: concatenate files to standard output.

use crate::common::chunks::read_chunks;
use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::input::or_stdin;
use crate::common::sys::{Res, Sys};

/// The `cat` utility: `-A -b -e -E -n -s -t -T -u -v`.
pub struct Cat;

/// The options of `cat`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    ShowAll,
    NumberNonblank,
    NonprintingEnds,
    ShowEnds,
    Number,
    SqueezeBlank,
    NonprintingTabs,
    ShowTabs,
    Unbuffered,
    ShowNonprinting,
}

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

impl Command for Cat {
    const NAME: &'static str = "cat";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: "Concatenate FILE(s) to standard output.\n\nWith no FILE, or when FILE is -, read standard input.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('A', &["show-all"], Key::ShowAll, "equivalent to -vET"),
        Flag::new(
            'b',
            &["number-nonblank"],
            Key::NumberNonblank,
            "number nonempty output lines, overrides -n",
        ),
        Flag::new('e', &[], Key::NonprintingEnds, "equivalent to -vE"),
        Flag::new(
            'E',
            &["show-ends"],
            Key::ShowEnds,
            "display $ at end of each line",
        ),
        Flag::new('n', &["number"], Key::Number, "number all output lines"),
        Flag::new(
            's',
            &["squeeze-blank"],
            Key::SqueezeBlank,
            "suppress repeated empty output lines",
        ),
        Flag::new('t', &[], Key::NonprintingTabs, "equivalent to -vT"),
        Flag::new(
            'T',
            &["show-tabs"],
            Key::ShowTabs,
            "display TAB characters as ^I",
        ),
        Flag::new('u', &[], Key::Unbuffered, "(ignored)"),
        Flag::new(
            'v',
            &["show-nonprinting"],
            Key::ShowNonprinting,
            "use ^ and M- notation, except for LFD and TAB",
        ),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let mut f = Flags::default();
    for (k, _) in p.each() {
        match k {
            Key::ShowAll => (f.nonprinting, f.ends, f.tabs) = (true, true, true),
            Key::NumberNonblank => f.nonblank = true,
            Key::NonprintingEnds => (f.nonprinting, f.ends) = (true, true),
            Key::ShowEnds => f.ends = true,
            Key::Number => f.number = true,
            Key::SqueezeBlank => f.squeeze = true,
            Key::NonprintingTabs => (f.nonprinting, f.tabs) = (true, true),
            Key::ShowTabs => f.tabs = true,
            Key::ShowNonprinting => f.nonprinting = true,
            Key::Unbuffered => {}
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
        // Each chunk read is written at once, as GNU cat writes after
        // each read: a reader on the other side of a pipe (a coprocess's
        // shell) gets a line as soon as it came in.
        let end = read_chunks(sys, op, &mut buf, |out, chunk| {
            if f.plain() {
                out.put(chunk)?;
            } else {
                line_out.clear();
                transform(&f, &mut state, chunk, &mut line_out);
                out.put(&line_out)?;
            }
            out.flush()
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
