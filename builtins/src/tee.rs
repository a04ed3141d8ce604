//! `tee`: copy standard input to each FILE, and also to standard output.

use std::io::Write;

use sandbash_interpreter::STATUS_BROKEN_PIPE;
use sandbash_vfs::{FileWriter, WriteMode};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::sys::{Fail, Res, Sys, io_msg};

/// The `tee` utility: `-a`, `-i` (accepted), `-p`/`--output-error`. Like
/// GNU `tee` killed by `SIGPIPE`, it stops with status 141 when standard
/// output is a closed pipe, unless `-p` is given (then it keeps writing
/// the files).
pub struct Tee;

/// The options of `tee`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Append,
    IgnoreInterrupts,
    OutputError,
}

impl Command for Tee {
    const NAME: &'static str = "tee";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: "Copy standard input to each FILE, and also to standard output.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'a',
            &["append"],
            Key::Append,
            "append to the given FILEs, do not overwrite",
        ),
        Flag::new(
            'i',
            &["ignore-interrupts"],
            Key::IgnoreInterrupts,
            "accepted",
        ),
        Flag::new(
            'p',
            &[],
            Key::OutputError,
            "keep writing the files when standard output\n  is a closed pipe",
        ),
        Flag::long(&["output-error"], Key::OutputError, "same as -p").optional("MODE"),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let mode = if p.has(Key::Append) {
        WriteMode::Append
    } else {
        WriteMode::Truncate
    };
    let keep_going = p.has(Key::OutputError);
    let mut status = 0;
    let mut files: Vec<(String, Option<FileWriter>)> = Vec::new();
    for op in &p.operands {
        // Each operand is a filesystem operation: a run given thousands
        // of them stops at its wall clock or cancel (fuzz F19).
        sys.tick.check()?;
        match sys.resolve(op).and_then(|f| sys.fs.open_write(&f, mode)) {
            Ok(w) => files.push((op.clone(), Some(w))),
            Err(e) => {
                sys.diag.fs(op, &e);
                status = 1;
            }
        }
    }
    let mut stdout_open = true;
    let mut buf = vec![0u8; 32 * 1024];
    loop {
        sys.tick.check()?;
        let n = match sys.stdin.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                sys.diag.error(format_args!("read error: {}", io_msg(&e)));
                status = 1;
                break;
            }
        };
        let chunk = buf.get(..n).unwrap_or(&[]);
        if stdout_open {
            let written = sys.out.put(chunk).and_then(|()| sys.out.flush());
            match written {
                Ok(()) => {}
                Err(Fail::Write(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                    if !keep_going {
                        for (_, w) in files.iter_mut() {
                            if let Some(w) = w {
                                let _ = w.flush();
                            }
                        }
                        return Ok(STATUS_BROKEN_PIPE);
                    }
                    stdout_open = false;
                }
                Err(Fail::Write(e)) => {
                    sys.diag
                        .error(format_args!("standard output: {}", io_msg(&e)));
                    status = 1;
                    stdout_open = false;
                }
                Err(f) => return Err(f),
            }
        }
        for (name, slot) in files.iter_mut() {
            if let Some(w) = slot
                && let Err(e) = w.write_all(chunk)
            {
                sys.diag.error(format_args!("{name}: {}", io_msg(&e)));
                status = 1;
                *slot = None;
            }
        }
    }
    for (name, slot) in files.iter_mut() {
        if let Some(w) = slot
            && let Err(e) = w.flush()
        {
            sys.diag.error(format_args!("{name}: {}", io_msg(&e)));
            status = 1;
        }
    }
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::Tee;
    use crate::testutil::*;

    #[test]
    fn copies_to_files() {
        let fs = TestFs::new();
        fs.file("old", b"x\n");
        let o = run(&Tee, &["f1", "f2"], b"data\n", &fs);
        assert_eq!((o.out.as_str(), o.status), ("data\n", 0));
        assert_eq!(fs.text("f1"), "data\n");
        assert_eq!(fs.text("f2"), "data\n");
        run(&Tee, &["-a", "old"], b"more\n", &fs);
        assert_eq!(fs.text("old"), "x\nmore\n");
    }

    #[test]
    fn errors_and_pipes() {
        let fs = TestFs::new();
        let o = run(&Tee, &["no/dir/f", "ok"], b"z", &fs);
        assert_eq!(o.err, "tee: no/dir/f: No such file or directory\n");
        assert_eq!((o.out.as_str(), o.status), ("z", 1));
        assert_eq!(fs.text("ok"), "z");
        let (status, _) = run_closing(&Tee, &[], &[b'a'; 100_000], 10);
        assert_eq!(status, 141);
    }
}
