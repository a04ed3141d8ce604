//! The loop of line-oriented utilities (`uniq`, `cut`, `rev`, `nl`...):
//! each operand in turn (standard input for `-` or when there is none),
//! each line of it, read within the run's memory budget and checked for
//! cancellation.
//!
//! Invariant: a line is never longer than the memory budget allows: a
//! longer one stops the utility with [`Fail::Memory`] and the shell ends
//! the run on its memory limit. Checked by `lines::tests`.
//!
//! An operand that cannot be opened or read is reported GNU-style
//! (`NAME: OPERAND: No such file or directory`) and makes the status 1;
//! the following operands are still read.

use std::io::BufReader;

use crate::common::headed::ReadFail;
use crate::common::input::{open_input, or_stdin, read_line_within};
use sandbash_interpreter::memory::Charge;

use crate::common::sys::{Diag, Out, Res, Sys, Ticker, hold, io_msg};

/// One line handed to the loop's body.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    /// The line without its terminator.
    pub text: &'a [u8],
    /// Whether it ended with the terminator (the last line may not).
    pub terminated: bool,
}

/// What the body of the loop may use besides the line.
pub struct Sink<'s, 'c> {
    /// Standard output.
    pub out: &'s mut Out<'c>,
    /// Standard error, for diagnostics about a line.
    pub diag: &'s mut Diag<'c>,
    /// The cancellation ticker.
    pub tick: &'s mut Ticker<'c>,
}

/// Calls `each` with every line of every operand in turn, lines ending in
/// `eol`; gives 1 when an operand could not be opened or read, else 0.
pub fn for_each_line(
    sys: &mut Sys<'_>,
    operands: Vec<String>,
    eol: u8,
    mut each: impl FnMut(&mut Sink<'_, '_>, Line<'_>) -> Res<()>,
) -> Res<i32> {
    let mut status = 0;
    let mut buf = Vec::new();
    let mut charge = sys.charge();
    for op in or_stdin(operands) {
        let input = match open_input(&mut *sys.stdin, sys.fs, sys.cwd, &op) {
            Ok(i) => i,
            Err(e) => {
                sys.diag.fs(&op, &e);
                status = 1;
                continue;
            }
        };
        let mut r = BufReader::with_capacity(64 * 1024, input);
        loop {
            sys.tick.tick()?;
            match read_line_within(&mut r, &mut buf, eol, &mut charge, sys.memory) {
                Ok(false) => break,
                Ok(true) => {
                    let terminated = buf.last() == Some(&eol);
                    let text = if terminated {
                        buf.get(..buf.len() - 1).unwrap_or(&[])
                    } else {
                        &buf
                    };
                    let mut sink = Sink {
                        out: &mut sys.out,
                        diag: &mut sys.diag,
                        tick: &mut sys.tick,
                    };
                    each(&mut sink, Line { text, terminated })?;
                }
                Err(ReadFail::Stop(f)) => return Err(f),
                Err(ReadFail::Read(e)) => {
                    sys.diag.error(format_args!("{op}: {}", io_msg(&e)));
                    status = 1;
                    break;
                }
            }
        }
    }
    Ok(status)
}

/// Every line of the input, held in memory charged to the run's budget.
pub struct Held {
    /// The lines without their terminators.
    pub lines: Vec<Vec<u8>>,
    /// 1 when an operand could not be opened or read, else 0.
    pub status: i32,
    /// What holding the lines costs; given back when this drops.
    pub charge: Charge,
}

/// Reads every line of every operand into memory (`tac`, `shuf`: tools
/// that must hold their input), charging each line to the run's budget.
pub fn read_all_lines(sys: &mut Sys<'_>, operands: Vec<String>, eol: u8) -> Res<Held> {
    let mut lines: Vec<Vec<u8>> = Vec::new();
    let mut charge = sys.charge();
    let mut total: u64 = 0;
    let status = for_each_line(sys, operands, eol, |_, line| {
        // A line costs its bytes and the vector that holds it.
        total = total.saturating_add(line.text.len() as u64 + 24);
        hold(&mut charge, total)?;
        lines.push(line.text.to_vec());
        Ok(())
    })?;
    Ok(Held {
        lines,
        status,
        charge,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::command::Command;
    use crate::common::flags::{Args, Flag, Help};
    use crate::testutil::{Harness, TestFs, run, run_with};

    /// Prints each line's length and whether it was terminated.
    struct Lens;
    impl Command for Lens {
        const NAME: &'static str = "lens";
        const HELP: Help = Help {
            usage: &["[FILE]..."],
            about: "",
            after: "",
        };
        type Key = ();
        const FLAGS: &'static [Flag<()>] = &[];
        fn main(sys: &mut Sys<'_>, args: Args<()>) -> Res<i32> {
            for_each_line(sys, args.operands, b'\n', |s, l| {
                s.out
                    .fmt(format_args!("{} {}\n", l.text.len(), l.terminated))
            })
        }
    }

    #[test]
    fn each_line_of_each_operand() {
        let fs = TestFs::new();
        fs.file("a", b"xy\n\nlast");
        let o = run(&Lens, &["a", "missing", "-"], b"q\n", &fs);
        assert_eq!(o.out, "2 true\n0 true\n4 false\n1 true\n");
        assert_eq!(o.err, "lens: missing: No such file or directory\n");
        assert_eq!(o.status, 1);
    }

    #[test]
    fn a_line_longer_than_the_budget_stops() {
        let fs = TestFs::new();
        let big = vec![b'x'; 64 * 1024];
        let o = run_with(
            &Lens,
            &[],
            &fs,
            Harness {
                stdin: &big,
                memory: Some(std::sync::Arc::new(
                    sandbash_interpreter::memory::MemoryBudget::new(1024),
                )),
                ..Harness::default()
            },
        );
        assert_eq!((o.status, o.out.as_str()), (1, ""));
        assert!(o.err.contains("memory exhausted"), "{}", o.err);
    }
}
