//! `tee`: copy standard input to each FILE, and also to standard output.

use std::io::Write;

use sandbash_interpreter::STATUS_BROKEN_PIPE;
use sandbash_vfs::{FileWriter, WriteMode};

use crate::common::argmatch::argmatch;
use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::sys::{Fail, Res, Sys, io_msg};

/// The `tee` utility: `-a`, `-i` (accepted: a sandbox has no signals to
/// ignore), `-p` and `--output-error[=MODE]`. Like GNU `tee` killed by
/// `SIGPIPE`, it stops with status 141 when standard output is a closed
/// pipe, unless a mode says otherwise; it stops reading once every output
/// is gone.
pub struct Tee;

/// The options of `tee`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Append,
    IgnoreInterrupts,
    /// `-p`: `--output-error=warn-nopipe`.
    NoPipe,
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
            Key::NoPipe,
            "operate in a more appropriate MODE with pipes.",
        ),
        Flag::long(
            &["output-error"],
            Key::OutputError,
            "set behavior on write error.  See MODE below",
        )
        .optional("MODE"),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }
}

/// `--output-error`'s modes, as GNU names them; `None` (no option) is
/// GNU's default of dying by `SIGPIPE` on a closed pipe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OnError {
    /// Diagnose every write error, closed pipes included; keep going.
    Warn,
    /// Like `Warn`, but a closed pipe only drops that output (`-p`).
    WarnNoPipe,
    /// Diagnose the first write error and exit 1.
    Exit,
    /// Like `Exit`, but a closed pipe only drops that output.
    ExitNoPipe,
}

const MODES: &[(&str, OnError)] = &[
    ("warn", OnError::Warn),
    ("warn-nopipe", OnError::WarnNoPipe),
    ("exit", OnError::Exit),
    ("exit-nopipe", OnError::ExitNoPipe),
];

/// What one failed write does: as GNU `tee`, a closed pipe under a
/// `-nopipe` mode silently drops the output; any other error is reported
/// (`exit` modes then end `tee` with status 1).
enum Outcome {
    Dropped,
    Failed,
    Exit,
}

fn on_write_error(
    sys: &mut Sys<'_>,
    mode: Option<OnError>,
    name: &str,
    e: &std::io::Error,
) -> Outcome {
    let pipe = e.kind() == std::io::ErrorKind::BrokenPipe;
    if pipe && matches!(mode, Some(OnError::WarnNoPipe | OnError::ExitNoPipe)) {
        return Outcome::Dropped;
    }
    sys.diag.error(format_args!("{name}: {}", io_msg(e)));
    if matches!(mode, Some(OnError::Exit | OnError::ExitNoPipe)) {
        Outcome::Exit
    } else {
        Outcome::Failed
    }
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let mode = if p.has(Key::Append) {
        WriteMode::Append
    } else {
        WriteMode::Truncate
    };
    let mut on_error = None;
    for g in &p.opts {
        match (g.key, g.value.as_deref()) {
            (Key::NoPipe, _) | (Key::OutputError, None) => on_error = Some(OnError::WarnNoPipe),
            (Key::OutputError, Some(v)) => {
                match argmatch(&mut sys.diag, "'--output-error'", v, MODES) {
                    Some(m) => on_error = Some(m),
                    None => return Ok(1),
                }
            }
            _ => {}
        }
    }
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
    // GNU stops reading once every output is gone.
    while stdout_open || files.iter().any(|(_, w)| w.is_some()) {
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
            match sys.out.put(chunk).and_then(|()| sys.out.flush()) {
                Ok(()) => {}
                Err(Fail::Write(e)) => {
                    if e.kind() == std::io::ErrorKind::BrokenPipe && on_error.is_none() {
                        // Killed by SIGPIPE: what was written stays written.
                        for (_, w) in files.iter_mut() {
                            if let Some(w) = w {
                                let _ = w.flush();
                            }
                        }
                        return Ok(STATUS_BROKEN_PIPE);
                    }
                    stdout_open = false;
                    match on_write_error(sys, on_error, "standard output", &e) {
                        Outcome::Dropped => {}
                        Outcome::Failed => status = 1,
                        Outcome::Exit => return Ok(1),
                    }
                }
                Err(f) => return Err(f),
            }
        }
        for i in 0..files.len() {
            let Some((name, slot)) = files.get_mut(i) else {
                break;
            };
            let Some(w) = slot else { continue };
            if let Err(e) = w.write_all(chunk) {
                let name = name.clone();
                *slot = None;
                match on_write_error(sys, on_error, &name, &e) {
                    Outcome::Dropped => {}
                    Outcome::Failed => status = 1,
                    Outcome::Exit => return Ok(1),
                }
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

    #[test]
    fn output_error_modes() {
        let big = [b'a'; 100_000];
        for (args, want) in [
            (&["-p"][..], 0),
            (&["--output-error"], 0),
            (&["--output-error=exit-nopipe"], 0),
            (&["--output-error=warn"], 1),
            (&["--output-error=exit"], 1),
            (&["--output-error=w"], 1),
        ] {
            assert_eq!(run_closing(&Tee, args, &big, 10).0, want, "{args:?}");
        }
        let fs = TestFs::new();
        let o = run(&Tee, &["--output-error=", "f"], b"x", &fs);
        assert_eq!(o.status, 1);
        assert!(o.err.starts_with(
            "tee: invalid argument '' for '--output-error'\nValid arguments are:\n  - 'warn'\n"
        ));
        assert!(!fs.has("f"));
    }
}
