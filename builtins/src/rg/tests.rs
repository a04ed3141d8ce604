//! Unit tests of `rg`: the behaviours the conformance corpus cannot show
//! (streams, memory, bounds) and a few of the ones it does, to fail fast.

use super::Rg;
use crate::testutil::*;

fn tree() -> TestFs {
    let fs = TestFs::new();
    fs.dir(".git");
    fs.file("a.txt", b"hello\nfoo bar\n")
        .file("src/m.py", b"def foo():\n")
        .file(".gitignore", b"*.log\n")
        .file("x.log", b"foo\n")
        .file(".hidden", b"foo\n")
        .file("bin.dat", b"foo\0bar\n");
    fs
}

#[test]
fn walks_in_path_order_with_ignore_rules() {
    let fs = tree();
    let o = run(&Rg, &["foo"], b"", &fs);
    assert_eq!(
        (o.out.as_str(), o.status),
        ("a.txt:foo bar\nsrc/m.py:def foo():\n", 0)
    );
    let o = run(&Rg, &["-uu", "-l", "foo", "."], b"", &fs);
    assert_eq!(o.out, "./.hidden\n./a.txt\n./src/m.py\n./x.log\n");
    let o = run(&Rg, &["--files", "-g", "*.py"], b"", &fs);
    assert_eq!(o.out, "src/m.py\n");
    let o = run(&Rg, &["-t", "py", "-c", "foo"], b"", &fs);
    assert_eq!(o.out, "src/m.py:1\n");
}

#[test]
fn named_files_and_errors() {
    let fs = tree();
    let o = run(&Rg, &["foo", "x.log"], b"", &fs);
    assert_eq!((o.out.as_str(), o.status), ("foo\n", 0));
    let o = run(&Rg, &["foo", "bin.dat"], b"", &fs);
    assert_eq!(
        o.out,
        "binary file matches (found \"\\0\" byte around offset 3)\n"
    );
    let o = run(&Rg, &["foo", "nosuch"], b"", &fs);
    assert_eq!(
        (o.err.as_str(), o.status),
        ("nosuch: No such file or directory (os error 2)\n", 2)
    );
    let o = run(&Rg, &["a(", "a.txt"], b"", &fs);
    assert!(o.err.starts_with("regex parse error:\n"), "{}", o.err);
    assert_eq!(o.status, 2);
    let o = run(&Rg, &["-t", "nope", "x"], b"", &fs);
    assert_eq!(
        (o.err.as_str(), o.status),
        ("unrecognized file type: nope\n", 2)
    );
}

#[test]
fn stdin_when_it_has_data() {
    let fs = tree();
    let o = run(&Rg, &["-n", "b"], b"a\nb\n", &fs);
    assert_eq!(o.out, "2:b\n");
    let o = run(&Rg, &["-c", "zzz"], b"", &fs);
    assert_eq!(o.status, 1);
}

#[test]
fn context_and_max_count() {
    let fs = TestFs::new();
    fs.file("n", b"1\n2\n3\n4\n5\n6\n");
    let o = run(&Rg, &["-n", "-A1", "^[15]$", "n"], b"", &fs);
    assert_eq!(o.out, "1:1\n2-2\n--\n5:5\n6-6\n");
    let o = run(&Rg, &["-m1", "[0-9]", "n"], b"", &fs);
    assert_eq!(o.out, "1\n");
}

#[test]
fn endless_input_stops_at_max_count() {
    let (status, _) = run_closing(&Rg, &["-m1", "7"], &lines(1_000_000), 1 << 20);
    assert_eq!(status, 0);
}

#[test]
fn long_line_is_charged_to_the_budget() {
    let fs = TestFs::new();
    let mut big = vec![b'a'; 300_000];
    big.push(b'\n');
    fs.file("big", &big);
    let o = run(&Rg, &["-c", "a", "big"], b"", &fs);
    assert_eq!(o.out, "1\n");
}

#[test]
fn json_lines() {
    let fs = TestFs::new();
    fs.file("a", b"x foo\n");
    let o = run(&Rg, &["--json", "foo", "a"], b"", &fs);
    let first = o.out.lines().next().unwrap_or("");
    assert_eq!(first, r#"{"type":"begin","data":{"path":{"text":"a"}}}"#);
    assert!(
        o.out
            .contains(r#""submatches":[{"match":{"text":"foo"},"start":2,"end":5}]"#)
    );
    assert!(o.out.ends_with("\"type\":\"summary\"}\n"));
}

#[test]
fn multiline_groups_lines() {
    let fs = TestFs::new();
    fs.file("m", b"a\nfoo\nbar\nx\n");
    let o = run(&Rg, &["-U", "-n", "foo\\nbar", "m"], b"", &fs);
    assert_eq!(o.out, "2:foo\n3:bar\n");
    let o = run(&Rg, &["foo\\nbar", "m"], b"", &fs);
    assert!(
        o.err.starts_with("the literal '\"\\n\"' is not allowed"),
        "{}",
        o.err
    );
    assert_eq!(o.status, 2);
}
