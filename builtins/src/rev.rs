//! `rev`: reverse each line, as util-linux `rev` does in the C locale.
//!
//! Lines stream one at a time (bounded by the memory budget). In the C
//! locale a byte above 0x7f is not a character: util-linux reports
//! `rev: FILE: N: Invalid or incomplete multibyte or wide character`
//! (N counting lines from 0), abandons that file and goes on with the
//! next, the status becoming 1. Unlike GNU tools, `-` is a file name, not
//! standard input; standard input (named `stdin`) is read only when there
//! are no operands.

use std::io::BufReader;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::headed::ReadFail;
use crate::common::input::{Input, open_input, read_line_within};
use crate::common::sys::{Res, Sys, io_msg};

/// The `rev` utility (`-h`, `-V`).
pub struct Rev;

impl Command for Rev {
    const NAME: &'static str = "rev";
    const HELP: Help = Help {
        usage: &["[options] [file ...]"],
        about: "Reverse lines characterwise.",
        after: "",
    };
    type Key = ();
    const FLAGS: &'static [Flag<()>] = &[];
    const SYNTAX: Syntax = Syntax {
        help_short: Some('h'),
        version_short: Some('V'),
        ..Syntax::GNU
    };

    fn help() -> String {
        "Usage: rev [options] [file ...]\n\nReverse lines characterwise.\n\nOptions:\n -h, --help     display this help\n -V, --version  display version\n\nFor more details see rev(1).\n".into()
    }

    fn main(sys: &mut Sys<'_>, p: Args<()>) -> Res<i32> {
        let mut status = 0;
        let ops: Vec<Option<String>> = if p.operands.is_empty() {
            vec![None]
        } else {
            p.operands.into_iter().map(Some).collect()
        };
        let mut buf = Vec::new();
        let mut charge = sys.charge();
        let mut rev = Vec::new();
        for op in ops {
            let (name, input) = match &op {
                None => ("stdin", Input::Stdin(&mut *sys.stdin)),
                Some(name) => {
                    let opened = if name == "-" {
                        Err(sandbash_vfs::FsError::new(
                            sandbash_vfs::FsErrorKind::NotFound,
                            "-",
                        ))
                    } else {
                        open_input(&mut *sys.stdin, sys.fs, sys.cwd, name)
                    };
                    match opened {
                        Ok(i) => (name.as_str(), i),
                        Err(e) if e.kind == sandbash_vfs::FsErrorKind::IsADirectory => {
                            sys.diag.error(format_args!("{name}: 0: {}", e.kind));
                            status = 1;
                            continue;
                        }
                        Err(e) => {
                            sys.diag
                                .error(format_args!("cannot open {name}: {}", e.kind));
                            status = 1;
                            continue;
                        }
                    }
                }
            };
            let mut r = BufReader::with_capacity(64 * 1024, input);
            let mut lineno = 0u64;
            loop {
                sys.tick.tick()?;
                match read_line_within(&mut r, &mut buf, b'\n', &mut charge, sys.memory) {
                    Ok(false) => break,
                    Ok(true) => {}
                    Err(ReadFail::Stop(f)) => return Err(f),
                    Err(ReadFail::Read(e)) => {
                        sys.diag
                            .error(format_args!("{name}: {lineno}: {}", io_msg(&e)));
                        status = 1;
                        break;
                    }
                }
                let (text, nl) = match buf.split_last() {
                    Some((b'\n', rest)) => (rest, true),
                    _ => (buf.as_slice(), false),
                };
                if !text.is_ascii() {
                    sys.diag.error(format_args!(
                        "{name}: {lineno}: Invalid or incomplete multibyte or wide character"
                    ));
                    status = 1;
                    break;
                }
                rev.clear();
                rev.extend(text.iter().rev());
                if nl {
                    rev.push(b'\n');
                }
                sys.out.put(&rev)?;
                lineno += 1;
            }
        }
        Ok(status)
    }
}

#[cfg(test)]
mod tests {
    use super::Rev;
    use crate::testutil::*;

    #[test]
    fn reverses_lines() {
        assert_eq!(
            run0(&Rev, &[], b"abc\nhello world\n").out,
            "cba\ndlrow olleh\n"
        );
        assert_eq!(run0(&Rev, &[], b"ab\r\n\nabc").out, "\rba\n\ncba");
    }

    #[test]
    fn files_dash_and_errors() {
        let fs = TestFs::new();
        fs.file("a", b"123\n")
            .file("bad", b"ok\nab\xe9\nzz\n")
            .dir("d");
        let o = run(&Rev, &["nosuch", "a", "-", "bad", "d", "a"], b"x\n", &fs);
        assert_eq!(o.out, "321\nko\n321\n");
        assert_eq!(
            o.err,
            "rev: cannot open nosuch: No such file or directory\n\
             rev: cannot open -: No such file or directory\n\
             rev: bad: 1: Invalid or incomplete multibyte or wide character\n\
             rev: d: 0: Is a directory\n"
        );
        assert_eq!(o.status, 1);
        let o = run0(&Rev, &["-q"], b"");
        assert_eq!(
            o.err,
            "rev: invalid option -- 'q'\nTry 'rev --help' for more information.\n"
        );
        assert!(run0(&Rev, &["-h"], b"").out.starts_with("Usage: rev"));
    }
}
