//! `yes`: output a string repeatedly until killed.

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::sys::{Res, Sys};

/// The `yes` utility: prints its operands joined by spaces (`y` without
/// any) on a line, over and over, until its reader goes away (status 141)
/// or the run is cancelled (status 130).
pub struct Yes;

/// Bytes of repeated lines written at once: a flood costs one write per
/// chunk rather than one per line.
const CHUNK: usize = 8 * 1024;

impl Command for Yes {
    const NAME: &'static str = "yes";
    const HELP: Help = Help {
        usage: &["[STRING]...", "OPTION"],
        about: "Repeatedly output a line with all specified STRING(s), or 'y'.",
        after: "",
    };
    type Key = ();
    const FLAGS: &'static [Flag<()>] = &[];

    fn main(sys: &mut Sys<'_>, p: Args<()>) -> Res<i32> {
        main(sys, p)
    }
}

/// As many whole copies of `line` as fit in [`CHUNK`] bytes, and at least
/// one.
fn chunk_of(line: &[u8]) -> Vec<u8> {
    let copies = (CHUNK / line.len().max(1)).max(1);
    line.repeat(copies)
}

fn main(sys: &mut Sys<'_>, p: Args<()>) -> Res<i32> {
    let mut line = if p.operands.is_empty() {
        "y".to_string()
    } else {
        p.operands.join(" ")
    };
    line.push('\n');
    let chunk = chunk_of(line.as_bytes());
    // Ends only by a failed write (a closed pipe, a full file) or by
    // cancellation, both of which `finish` turns into the status.
    loop {
        sys.tick.check()?;
        sys.out.put(&chunk)?;
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::sync::Arc;

    use sandbash_interpreter::memory::MemoryBudget;
    use sandbash_interpreter::{Cancel, Limits, Utility, UtilityContext};

    use super::{CHUNK, Yes, chunk_of};
    use crate::testutil::*;

    #[test]
    fn repeats_y_until_the_pipe_closes() {
        let (status, out) = run_closing_data(&Yes, &[], b"", 100_001);
        assert_eq!(status, 141);
        assert_eq!(out.len(), 100_001);
        assert!(out.chunks(2).all(|c| c == b"y\n" || c == b"y"));
    }

    #[test]
    fn joins_operands() {
        let (status, out) = run_closing_data(&Yes, &["a", "b", "--", "c"], b"", 12);
        assert_eq!((status, out.as_slice()), (141, &b"a b c\na b c\n"[..]));
        let (_, out) = run_closing_data(&Yes, &[""], b"", 3);
        assert_eq!(out, b"\n\n\n");
    }

    #[test]
    fn chunks_hold_whole_lines() {
        assert_eq!(chunk_of(b"y\n").len(), CHUNK);
        assert_eq!(chunk_of(b"abc\n").len(), CHUNK);
        assert_eq!(chunk_of(b"abcdefg\n").len() % 8, 0);
        let long = vec![b'x'; CHUNK * 2];
        assert_eq!(chunk_of(&long), long);
    }

    #[test]
    fn help_version_and_bad_options() {
        let o = run0(&Yes, &["--help"], b"");
        assert!(o.out.starts_with("Usage: yes [STRING]...\n"));
        assert_eq!(o.status, 0);
        let o = run0(&Yes, &["--version"], b"");
        assert!(o.out.starts_with("yes "));
        assert_eq!(o.status, 0);
        let o = run0(&Yes, &["-n"], b"");
        assert_eq!(
            (o.err.as_str(), o.status),
            (
                "yes: invalid option -- 'n'\nTry 'yes --help' for more information.\n",
                1
            )
        );
    }

    /// A sink that cancels the run once it has taken `after` bytes.
    struct CancellingSink {
        cancel: Cancel,
        taken: usize,
        after: usize,
    }

    impl Write for CancellingSink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.taken += buf.len();
            if self.taken >= self.after {
                self.cancel.cancel();
            }
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn stops_when_cancelled() {
        let cancel = Cancel::new();
        let mut sink = CancellingSink {
            cancel: cancel.clone(),
            taken: 0,
            after: 1 << 20,
        };
        let argv = vec!["yes".to_string()];
        let (mut stdin, mut err) = (&b""[..], Vec::new());
        let limits = Limits::normal();
        let mut ctx = UtilityContext {
            args: &argv,
            stdin: &mut stdin,
            stdin_file_size: None,
            stdout: &mut sink,
            stderr: &mut err,
            fs: &TestFs::new(),
            cwd: "/workspace",
            env: &[],
            cancel: &cancel,
            limits: &limits,
            memory: &Arc::new(MemoryBudget::new(limits.max_memory)),
            runner: &mut EchoRunner,
        };
        assert_eq!(
            crate::common::command::AsUtility::<Yes>::new().run(&mut ctx),
            130
        );
        assert!(sink.taken >= 1 << 20 && sink.taken < 2 << 20);
    }
}
