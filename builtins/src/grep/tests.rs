use super::Grep;
use crate::testutil::*;

fn g(args: &[&str], input: &str) -> Outcome {
    run0(&Grep, args, input.as_bytes())
}

#[test]
fn basic_matching_and_status() {
    let o = g(&["b"], "abc\nxyz\nb\n");
    assert_eq!((o.out.as_str(), o.status), ("abc\nb\n", 0));
    let o = g(&["q"], "abc\n");
    assert_eq!((o.out.as_str(), o.status), ("", 1));
    let o = g(&["-v", "b"], "abc\nxyz\n");
    assert_eq!(o.out, "xyz\n");
    let o = g(&["-i", "ABC"], "abc\n");
    assert_eq!(o.out, "abc\n");
    let o = g(&["-c", "a"], "a\nb\na\n");
    assert_eq!(o.out, "2\n");
    let o = g(&["-n", "x"], "a\nx\n");
    assert_eq!(o.out, "2:x\n");
    let o = g(&["-q", "x"], "x\n");
    assert_eq!((o.out.as_str(), o.status), ("", 0));
    let o = g(&["x"], "abx");
    assert_eq!(o.out, "abx\n");
}

#[test]
fn syntaxes() {
    assert_eq!(g(&["a\\+"], "aa\nb\n").out, "aa\n");
    assert_eq!(g(&["a+"], "aa\na+\n").out, "a+\n");
    assert_eq!(g(&["-E", "a+|z"], "aa\nz\nb\n").out, "aa\nz\n");
    assert_eq!(g(&["-F", "a.b"], "a.b\naxb\n").out, "a.b\n");
    assert_eq!(g(&["-e", "x", "-e", "y"], "x\ny\nz\n").out, "x\ny\n");
    assert_eq!(g(&["-w", "ab"], "abc\nab c\nxab\n").out, "ab c\n");
    assert_eq!(g(&["-x", "ab"], "abc\nab\n").out, "ab\n");
    assert_eq!(g(&["-P", r"\d+"], "a1\nb\n").out, "a1\n");
    assert_eq!(g(&["x\ny"], "x\ny\nz\n").out, "x\ny\n");
    let o = g(&["-E", "(a"], "");
    assert_eq!(
        (o.err.as_str(), o.status),
        ("grep: Unmatched ( or \\(\n", 2)
    );
    let o = g(&["\\(a\\)\\1"], "aa\nab\n");
    assert_eq!((o.out.as_str(), o.status), ("aa\n", 0));
}

#[test]
fn only_matching_and_max_count() {
    assert_eq!(g(&["-o", "[0-9]\\+"], "a12b3\nx\n").out, "12\n3\n");
    assert_eq!(g(&["-on", "b"], "abab\n").out, "1:b\n1:b\n");
    assert_eq!(g(&["-m", "2", "a"], "a1\na2\na3\n").out, "a1\na2\n");
    assert_eq!(g(&["-c", "-m1", "a"], "a\na\n").out, "1\n");
    assert_eq!(g(&["-b", "b"], "a\nb\n").out, "2:b\n");
}

#[test]
fn context() {
    let input = "1\n2\nm\n4\n5\n6\n7\nm\n9\n";
    assert_eq!(g(&["-A1", "m"], input).out, "m\n4\n--\nm\n9\n");
    assert_eq!(g(&["-B1", "m"], input).out, "2\nm\n--\n7\nm\n");
    assert_eq!(
        g(&["-C", "1", "-n", "m"], input).out,
        "2-2\n3:m\n4-4\n--\n7-7\n8:m\n9-9\n"
    );
    assert_eq!(g(&["-C3", "m"], input).out, "1\n2\nm\n4\n5\n6\n7\nm\n9\n");
    assert_eq!(g(&["-1", "m"], "a\nm\nb\n").out, "a\nm\nb\n");
    assert_eq!(g(&["-A1", "-m1", "m"], "m\nm\nx\n").out, "m\nm\n");
    assert_eq!(
        g(&["-A", "x", "m"], "").err,
        "grep: x: invalid context length argument\n"
    );
}

#[test]
fn files_and_names() {
    let fs = TestFs::new();
    fs.file("a", b"hit\nmiss\n").file("b", b"none\n");
    let o = run(&Grep, &["hit", "a", "b"], b"", &fs);
    assert_eq!(o.out, "a:hit\n");
    let o = run(&Grep, &["-h", "hit", "a", "b"], b"", &fs);
    assert_eq!(o.out, "hit\n");
    let o = run(&Grep, &["-H", "hit", "a"], b"", &fs);
    assert_eq!(o.out, "a:hit\n");
    let o = run(&Grep, &["-c", "hit", "a", "b"], b"", &fs);
    assert_eq!(o.out, "a:1\nb:0\n");
    let o = run(&Grep, &["-l", "i", "a", "b"], b"", &fs);
    assert_eq!(o.out, "a\n");
    let o = run(&Grep, &["-L", "hit", "a", "b"], b"", &fs);
    assert_eq!((o.out.as_str(), o.status), ("b\n", 0));
    let o = run(&Grep, &["hit", "a", "nofile"], b"", &fs);
    assert_eq!(o.out, "a:hit\n");
    assert_eq!(o.err, "grep: nofile: No such file or directory\n");
    assert_eq!(o.status, 2);
    let o = run(&Grep, &["-s", "hit", "nofile"], b"", &fs);
    assert_eq!((o.err.as_str(), o.status), ("", 2));
    let o = run(&Grep, &["-q", "hit", "nofile", "a"], b"", &fs);
    assert_eq!(o.status, 0);
    let o = run(&Grep, &["hit", "-", "a"], b"hit me\n", &fs);
    assert_eq!(o.out, "(standard input):hit me\na:hit\n");
}

#[test]
fn recursive() {
    let fs = TestFs::new();
    fs.file("d/x.txt", b"needle\n")
        .file("d/sub/y.rs", b"needle here\n")
        .file("top", b"needle\n");
    let o = run(&Grep, &["-r", "needle", "d"], b"", &fs);
    assert_eq!(o.out, "d/sub/y.rs:needle here\nd/x.txt:needle\n");
    let o = run(&Grep, &["-r", "needle", "."], b"", &fs);
    assert_eq!(
        o.out,
        "./d/sub/y.rs:needle here\n./d/x.txt:needle\n./top:needle\n"
    );
    let o = run(&Grep, &["-r", "needle"], b"", &fs);
    assert_eq!(
        o.out,
        "d/sub/y.rs:needle here\nd/x.txt:needle\ntop:needle\n"
    );
    let o = run(&Grep, &["-r", "--include=*.rs", "needle"], b"", &fs);
    assert_eq!(o.out, "d/sub/y.rs:needle here\n");
    let o = run(
        &Grep,
        &[
            "-r",
            "--exclude=*.rs",
            "--exclude-dir=sub",
            "-l",
            "needle",
            "d",
        ],
        b"",
        &fs,
    );
    assert_eq!(o.out, "d/x.txt\n");
    let o = run(&Grep, &["-r", "needle", "top"], b"", &fs);
    assert_eq!(o.out, "needle\n");
    let o = run(&Grep, &["needle", "d"], b"", &fs);
    assert_eq!((o.err.as_str(), o.status), ("grep: d: Is a directory\n", 2));
}

/// -R follows symlinks but not back into a directory it is inside:
/// a warning, and the status still says whether a line matched.
#[test]
fn recursive_loops() {
    use sandbash_vfs::FileSystem;

    let fs = TestFs::new();
    fs.file("d/f", b"needle\n").dir("d/s");
    fs.symlink("/workspace/d", "/workspace/d/a").unwrap();
    fs.symlink("..", "/workspace/d/s/up").unwrap();
    let o = run(&Grep, &["-R", "needle", "d"], b"", &fs);
    assert_eq!(
        (o.out.as_str(), o.err.as_str(), o.status),
        (
            "d/f:needle\n",
            "grep: d/a: warning: recursive directory loop\n\
             grep: d/s/up: warning: recursive directory loop\n",
            0
        )
    );
    let o = run(&Grep, &["-Rs", "nothing", "d"], b"", &fs);
    assert_eq!((o.err.as_str(), o.status), ("", 1));
    // -r does not follow them at all.
    let o = run(&Grep, &["-r", "needle", "d"], b"", &fs);
    assert_eq!((o.out.as_str(), o.err.as_str()), ("d/f:needle\n", ""));
}

#[test]
fn binary_files() {
    let o = run0(&Grep, &["b"], b"a\0b\nb\n");
    assert_eq!(o.err, "grep: (standard input): binary file matches\n");
    let o = run0(&Grep, &["-c", "b"], b"a\0b\nb\n");
    assert_eq!(o.out, "2\n");
    let o = run0(&Grep, &["-a", "b"], b"a\0b\n");
    assert_eq!(o.out, "a\0b\n");
    let o = run0(&Grep, &["-I", "b"], b"a\0b\n");
    assert_eq!(o.status, 1);
}

#[test]
fn usage_errors() {
    let o = g(&[], "");
    assert_eq!(o.status, 2);
    assert!(o.err.starts_with("Usage: grep"));
    let o = g(&["--bogus", "x"], "");
    assert_eq!(o.status, 2);
    let o = g(&["--color=never", "x"], "x\n");
    assert_eq!(o.out, "x\n");
    let o = g(&["-f", "/nope", "x"], "");
    assert_eq!(o.err, "grep: /nope: No such file or directory\n");
}

/// The line being read and the lines kept for `-B` are charged to the
/// run's budget: an endless line stops grep (status 2) and marks the
/// budget breached, so that the shell ends the run on its limit.
#[test]
fn lines_are_charged() {
    use std::sync::Arc;

    use sandbash_interpreter::memory::MemoryBudget;

    let budgeted = |budget: &Arc<MemoryBudget>, args: &[&str], input: &[u8]| {
        run_with(
            &Grep,
            args,
            &TestFs::new(),
            Harness {
                stdin: input,
                memory: Some(Arc::clone(budget)),
                ..Harness::default()
            },
        )
    };
    let budget = Arc::new(MemoryBudget::new(50_000));
    let o = budgeted(&budget, &["-c", "x"], &[b'x'; 60_000]);
    assert_eq!((o.err.as_str(), o.status), ("grep: memory exhausted\n", 2));
    assert!(budget.breached());
    assert_eq!(budget.used(), 0);
    // 20 kept lines of 3 KB: more than the budget.
    let budget = Arc::new(MemoryBudget::new(50_000));
    let mut input = Vec::new();
    for _ in 0..20 {
        input.extend_from_slice(&[b'y'; 3000]);
        input.push(b'\n');
    }
    input.extend_from_slice(b"x\n");
    let o = budgeted(&budget, &["-B", "100", "x"], &input);
    assert_eq!((o.err.as_str(), o.status), ("grep: memory exhausted\n", 2));
    // Within the budget, the same lines pass.
    let budget = Arc::new(MemoryBudget::new(500_000));
    let o = budgeted(&budget, &["-B", "100", "x"], &input);
    assert_eq!((o.out.len(), o.status), (input.len(), 0));
    assert!(!budget.breached());
    assert_eq!(budget.used(), 0);
}

/// What the `regex` crate cannot do is refused with status 2 and a
/// message naming it, never silently mismatched.
#[test]
fn unsupported_regex_features() {
    let o = g(&["-P", "a(?=b)"], "ab\n");
    assert_eq!(
        (o.err.as_str(), o.status),
        (
            "grep: PCRE look-around ((?=...), (?!...), (?<=...), (?<!...)) is not supported in this sandbox\n",
            2
        )
    );
    let o = g(&["-P", "(a)\\1"], "aa\n");
    assert_eq!(
        (o.err.as_str(), o.status),
        (
            "grep: back-references (\\1...\\9) are not supported in this sandbox\n",
            2
        )
    );
    let o = g(&["-E", "(a)\\2"], "aa\n");
    assert_eq!(
        (o.err.as_str(), o.status),
        ("grep: Invalid back reference\n", 2)
    );
}

/// Back-references take the backtracker: leftmost-longest `-o`, colours,
/// several patterns each numbering its own groups, and a line past the
/// step bound reported as an error of its file.
#[test]
fn back_references() {
    assert_eq!(g(&["-oE", "(y|yy)\\1"], "xx yyyy\n").out, "yyyy\n");
    assert_eq!(
        g(&["-e", "\\(a\\)\\1", "-e", "\\(b\\)\\1"], "ab\nbb\naa\n").out,
        "bb\naa\n"
    );
    assert_eq!(
        g(&["--color=always", "\\(o\\)\\1"], "foo\n").out,
        "f\x1b[01;31m\x1b[Koo\x1b[m\x1b[K\n"
    );
    assert_eq!(g(&["-c", "-v", "\\(.\\)\\1"], "aa\nab\n").out, "1\n");
    let long = format!("{}cb\n", "a".repeat(30_000));
    let o = g(&["\\(a*\\)*\\1b"], &long);
    assert_eq!(
        (o.out.as_str(), o.err.as_str(), o.status),
        (
            "",
            "grep: (standard input): regular expression backtracking limit exceeded\n",
            2
        )
    );
}

/// Binary input: the message goes to standard error, after the lines
/// printed before the NUL was seen; `-z` never calls input binary.
#[test]
fn binary_messages() {
    let o = g(&["a"], "a\0\nb\n");
    assert_eq!(
        (o.out.as_str(), o.err.as_str(), o.status),
        ("", "grep: (standard input): binary file matches\n", 0)
    );
    assert_eq!(g(&["-c", "a"], "a\0\na\n").out, "2\n");
    assert_eq!(g(&["-Ic", "a"], "a\0\na\n").out, "0\n");
    assert_eq!(g(&["-a", "a"], "a\0\n").out, "a\0\n");
    assert_eq!(g(&["-z", "a"], "a\0b\0").out, "a\0");
}

/// `-NUM` is a context only where it is not an option's value.
#[test]
fn negative_numbers_as_values() {
    assert_eq!(g(&["-m", "-1", "a"], "a\na\n").out, "a\na\n");
    let o = g(&["-C", "-1", "a"], "");
    assert_eq!(o.err, "grep: -1: invalid context length argument\n");
    assert_eq!(g(&["-e", "-1"], "x-1\n").out, "x-1\n");
    assert_eq!(g(&["-1", "m"], "a\nm\nb\nc\n").out, "a\nm\nb\n");
}

/// `-l` beats `-c`; no patterns select nothing unless `-v`.
#[test]
fn listing_precedence_and_no_patterns() {
    assert_eq!(g(&["-lc", "a"], "a\n").out, "(standard input)\n");
    let fs = TestFs::new();
    fs.file("empty", b"");
    let o = run(&Grep, &["-c", "-f", "empty"], b"a\n", &fs);
    assert_eq!((o.out.as_str(), o.status), ("", 1));
    let o = run(&Grep, &["-v", "-f", "empty"], b"a\n", &fs);
    assert_eq!((o.out.as_str(), o.status), ("a\n", 0));
}

/// `-T` pads numbers to the digits of the input's size (19 for a
/// stream) and puts a tab before non-empty text.
#[test]
fn initial_tab() {
    let fs = TestFs::new();
    fs.file("f", b"ab\ncd\nab cd\n");
    assert_eq!(
        run(&Grep, &["-Tn", "ab", "f"], b"", &fs).out,
        " 1:\tab\n 3:\tab cd\n"
    );
    assert_eq!(g(&["-Tn", ""], "\n").out, format!("{:>19}:\n", 1));
}

/// gnulib's exclude rules: the last matching glob decides, and with no
/// match only a leading `--include` drops the file.
#[test]
fn include_exclude_rules() {
    let fs = TestFs::new();
    fs.file("d/a.txt", b"hit\n")
        .file("d/b.c", b"hit\n")
        .file("d/sub/c.txt", b"hit\n");
    let names = |args: &[&str]| {
        let mut v: Vec<String> = run(&Grep, args, b"", &fs)
            .out
            .lines()
            .map(String::from)
            .collect();
        v.sort();
        v.join(" ")
    };
    assert_eq!(
        names(&["-rl", "--include=*.txt", "hit", "d"]),
        "d/a.txt d/sub/c.txt"
    );
    assert_eq!(
        names(&["-rl", "--exclude=*.txt", "--include=a*", "hit", "d"]),
        "d/a.txt d/b.c"
    );
    assert_eq!(
        names(&["-rl", "--exclude-dir=sub/", "hit", "d"]),
        "d/a.txt d/b.c"
    );
    assert_eq!(names(&["-rl", "--exclude-dir=d", "hit", "d"]), "");
    assert_eq!(
        names(&["-rl", "--exclude-dir=d", "hit", "d/"])
            .split(' ')
            .count(),
        3
    );
    // Command-line names match on any part after a slash.
    assert_eq!(
        names(&["-l", "--exclude=a*", "hit", "d/sub/../a.txt", "d/b.c"]),
        "d/b.c"
    );
    let o = run(&Grep, &["--exclude-from=nope", "x", "d/b.c"], b"", &fs);
    assert_eq!(
        (o.err.as_str(), o.status),
        ("grep: nope: No such file or directory\n", 2)
    );
}

#[test]
fn bre_double_caret() {
    assert_eq!(g(&["^^x"], "^x\nx\n").out, "^x\n");
    assert_eq!(g(&["^*x"], "*x\nx\n").out, "*x\n");
}

/// The C locale: `.` matches any byte, `\w` and `-i` are ASCII.
#[test]
fn bytes_as_in_the_c_locale() {
    let o = run0(&Grep, &["-c", "^.x$"], b"\xffx\n");
    assert_eq!(o.out, "1\n");
    let o = run0(&Grep, &["-o", "\\w*"], "\u{e9}t\u{e9}\n".as_bytes());
    assert_eq!(o.out, "t\n");
    let o = run0(&Grep, &["-cP", "^\\w+$"], "caf\u{e9}\nabc\n".as_bytes());
    assert_eq!(o.out, "1\n");
}

/// `-o` prints POSIX leftmost-longest matches; `-P` keeps Perl's
/// leftmost-first.
#[test]
fn only_matching_longest() {
    assert_eq!(g(&["-oE", "a|ab"], "ab\n").out, "ab\n");
    assert_eq!(g(&["-o", "b\\|bc\\|bcd"], "abcd\n").out, "bcd\n");
    assert_eq!(g(&["-oP", "a|ab"], "ab\n").out, "a\n");
    assert_eq!(g(&["-o", "b*"], "abcabbc\n").out, "b\nbb\n");
}

#[test]
fn argmatch_prefixes_and_perl_quotes() {
    let o = g(&["-d", "rec", "x"], "");
    assert_eq!(o.status, 1);
    let o = g(&["-d", "r", "x"], "");
    assert_eq!(o.status, 1);
    assert_eq!(
        o.err,
        "grep: ambiguous argument 'r' for '--directories'\nValid arguments are:\n  - 'read'\n  - 'recurse'\n  - 'skip'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n"
    );
    assert_eq!(super::pattern::perl_quotes(r"\Qa.b\Ec+"), r"a\.bc+");
    assert_eq!(super::pattern::perl_quotes(r"\\Qa"), r"\\Qa");
    assert_eq!(g(&["-cP", r"\Qf.o\E"], "f.o\nfoo\n").out, "1\n");
}

/// Binary input ends lines at NUL bytes too for counting.
#[test]
fn binary_pieces_count() {
    assert_eq!(g(&["-c", "a"], "a\0a\0b\n").out, "2\n");
    assert_eq!(g(&["-m1", "-c", "a"], "a\0a\0b\n").out, "1\n");
    assert_eq!(g(&["-cv", "foo"], "x\0y\nfoo\n").out, "2\n");
}

/// `--color=always` writes GNU's default `GREP_COLORS` sequences;
/// `auto` never colours (standard output is no terminal).
#[test]
fn color_always() {
    assert_eq!(
        g(&["--color=always", "-n", "o"], "foo\n").out,
        "\x1b[32m\x1b[K1\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[Kf\x1b[01;31m\x1b[Ko\x1b[m\x1b[K\x1b[01;31m\x1b[Ko\x1b[m\x1b[K\n"
    );
    assert_eq!(g(&["--color=auto", "o"], "foo\n").out, "foo\n");
}
