//! Tests of the whole utility: options, commands, files, in place, and
//! the run's limits (memory budget, cancellation, closed pipes).

use std::sync::Arc;

use sandbash_interpreter::Cancel;
use sandbash_interpreter::memory::MemoryBudget;

use super::Sed;
use crate::testutil::*;

fn s(args: &[&str], input: &str) -> Outcome {
    run0(&Sed, args, input.as_bytes())
}

#[test]
fn commands() {
    assert_eq!(s(&["p"], "a\nb\n").out, "a\na\nb\nb\n");
    assert_eq!(s(&["-n", "$p"], "a\nb\n").out, "b\n");
    assert_eq!(s(&["s/x*/-/g"], "abc\n").out, "-a-b-c-\n");
    assert_eq!(s(&["s/b*/x/g"], "abc\n").out, "xaxcx\n");
    assert_eq!(s(&["$!N;P;D"], "a\nb\nc\n").out, "a\nb\nc\n");
    assert_eq!(s(&["N;N;N"], "a\nb\nc\n").out, "a\nb\nc\n");
    assert_eq!(s(&["n;d"], "1\n2\n3\n").out, "1\n3\n");
    assert_eq!(s(&["1!G;h;$!d"], "a\nb\nc\n").out, "c\nb\na\n");
    assert_eq!(s(&[":a;N;$!ba;s/\\n/+/g"], "a\nb\nc\n").out, "a+b+c\n");
    assert_eq!(
        s(&["-E", r"s/(\w+) (\w+)/\U\2\E \1/"], "ab cd\n").out,
        "CD ab\n"
    );
    assert_eq!(s(&["y/abc/xyz/"], "aabbcc\n").out, "xxyyzz\n");
    assert_eq!(s(&["-n", "l 5"], "abcdef\n").out, "abcd\\\nef$\n");
    assert_eq!(s(&["="], "a\n").out, "1\na\n");
    assert_eq!(s(&["2q5"], "a\nb\nc\n").out, "a\nb\n");
    assert_eq!(s(&["2q5"], "a\nb\nc\n").status, 5);
    assert_eq!(s(&["2Q"], "a\nb\nc\n").out, "a\n");
    assert_eq!(s(&["1,2c\\X"], "a\nb\nc\n").out, "X\nc\n");
    assert_eq!(s(&["-n", "0~2p"], "1\n2\n3\n4\n").out, "2\n4\n");
    assert_eq!(s(&["-n", "2,~4p"], "1\n2\n3\n4\n5\n").out, "2\n3\n4\n");
    assert_eq!(s(&["0,/./d"], "a\nb\n").out, "b\n");
    assert_eq!(s(&["-z", "s/^/X/"], "a\0b\0").out, "Xa\0Xb\0");
    assert_eq!(s(&["#n\np"], "a\n").out, "a\n");
}

#[test]
fn missing_final_newline_is_kept() {
    assert_eq!(s(&["p"], "a").out, "a\na");
    assert_eq!(s(&["a foo"], "a").out, "a\nfoo\n");
    assert_eq!(s(&["$!d"], "a\nb").out, "b");
    assert_eq!(s(&["-n", "x;p"], "a\nb").out, "\na\n");
}

#[test]
fn errors_and_statuses() {
    let o = s(&["s/a/b"], "");
    assert_eq!(
        (o.err.as_str(), o.status),
        (
            "sed: -e expression #1, char 5: unterminated `s' command\n",
            1
        )
    );
    let o = s(&["p", "nofile"], "");
    assert_eq!(
        (o.err.as_str(), o.status),
        ("sed: can't read nofile: No such file or directory\n", 2)
    );
    let o = s(&["//p"], "x\n");
    assert_eq!(o.status, 1);
    let o = s(&["e ls"], "x\n");
    assert_eq!(o.status, 1);
    assert!(o.err.contains("no host commands"));
    let o = s(&["-x"], "");
    assert_eq!(o.status, 1);
    assert!(o.err.starts_with("sed: invalid option -- 'x'\nUsage: sed"));
    let o = s(&[], "");
    assert_eq!(o.status, 1);
    let o = s(&["--help"], "");
    assert!(o.out.starts_with("Usage: sed"));
    let o = s(&["--version"], "");
    assert!(o.out.starts_with("sed (sandbash)"));
    let o = s(&["-i", "p"], "");
    assert_eq!((o.err.as_str(), o.status), ("sed: no input files\n", 4));
}

#[test]
fn files_and_in_place() {
    let fs = TestFs::new();
    fs.file("f", b"one\ntwo\n").file("r", b"R1\nR2\n");
    let o = run(&Sed, &["-i.bak", "s/o/0/g;1r r", "f"], b"", &fs);
    assert_eq!((o.out.as_str(), o.status), ("", 0));
    assert_eq!(fs.text("f"), "0ne\nR1\nR2\ntw0\n");
    assert_eq!(fs.text("f.bak"), "one\ntwo\n");
    let o = run(&Sed, &["-n", "/R/w out", "r"], b"", &fs);
    assert_eq!(o.status, 0);
    assert_eq!(fs.text("out"), "R1\nR2\n");
    let o = run(&Sed, &["R r", "-"], b"a\nb\nc\n", &fs);
    assert_eq!(o.out, "a\nR1\nb\nR2\nc\n");
    let o = run(&Sed, &["-s", "-n", "$p;F", "f", "r"], b"", &fs);
    assert_eq!(o.out, "f\nf\nf\ntw0\nf\nr\nR2\nr\n");
    let o = run(&Sed, &["-i", "p", "d", "nofile", "f"], b"", &fs);
    assert_eq!(o.status, 2);
    assert_eq!(fs.text("f"), "0ne\n0ne\nR1\nR1\nR2\nR2\ntw0\ntw0\n");
    // Only the file and its backup: no temporary file is left.
    let names: Vec<String> = sandbash_vfs::FileSystem::read_dir(&fs, "/workspace")
        .unwrap()
        .into_iter()
        .map(|e| e.name)
        .collect();
    assert_eq!(names, ["f", "f.bak", "out", "r"]);
    let o = run(&Sed, &["-i", "2q", "f"], b"", &fs);
    assert_eq!(o.status, 0);
    assert_eq!(fs.text("f"), "0ne\n0ne\n");
}

fn budgeted(budget: &Arc<MemoryBudget>, args: &[&str], input: &[u8]) -> Outcome {
    run_with(
        &Sed,
        args,
        &TestFs::new(),
        Harness {
            stdin: input,
            memory: Some(Arc::clone(budget)),
            ..Harness::default()
        },
    )
}

/// Pattern and hold space are charged to the run's budget: gathering the
/// whole input, or doubling the hold space, stops sed and marks the budget
/// breached (the shell then ends the run on its memory limit); everything
/// is given back at the end.
#[test]
fn spaces_are_charged() {
    let input = lines(200_000);
    let budget = Arc::new(MemoryBudget::new(500_000));
    let o = budgeted(&budget, &[":a;N;ba"], &input);
    assert_eq!((o.err.as_str(), o.status), ("sed: memory exhausted\n", 4));
    assert!(budget.breached());
    assert_eq!(budget.used(), 0);
    let budget = Arc::new(MemoryBudget::new(500_000));
    let o = budgeted(&budget, &["h;:a;G;H;ba"], b"x\n");
    assert_eq!(o.status, 4);
    assert!(budget.breached());
    let budget = Arc::new(MemoryBudget::new(500_000));
    let o = budgeted(&budget, &[":a;s/x/&&/g;ba"], b"x\n");
    assert_eq!(o.status, 4);
    assert!(budget.breached());
    // A loop queueing `a` texts without ending its cycle.
    let budget = Arc::new(MemoryBudget::new(500_000));
    let o = budgeted(&budget, &[":a\na foo\nba"], b"x\n");
    assert_eq!(o.status, 4);
    assert!(budget.breached());
    // Within the budget, the same input passes.
    let budget = Arc::new(MemoryBudget::new(64 << 20));
    let o = budgeted(&budget, &[":a;N;$!ba;s/\\n/,/g"], &input);
    assert_eq!(o.status, 0);
    assert_eq!(o.out.len(), input.len());
    assert!(!budget.breached());
    assert_eq!(budget.used(), 0);
}

/// An endless branch loop stops when the run is cancelled.
#[test]
fn loops_stop_on_cancel() {
    let cancel = Cancel::new();
    cancel.cancel();
    let o = run_with(
        &Sed,
        &[":a;ba"],
        &TestFs::new(),
        Harness {
            stdin: b"x\n",
            cancel,
            ..Harness::default()
        },
    );
    assert_eq!(o.status, 130);
}

#[test]
fn closed_pipe_stops() {
    let (status, _) = run_closing(&Sed, &["p"], &lines(100_000), 10);
    assert_eq!(status, 141);
}
