//! Tests of the whole utility: the language, records and fields, output,
//! messages and statuses, and the run's limits. Each runs on a thread
//! with the stack a utility gets in a sandbox.

use std::sync::Arc;
use std::time::{Duration, Instant};

use sandbash_interpreter::memory::MemoryBudget;
use sandbash_interpreter::{Cancel, Limits};

use super::Awk;
use crate::testutil::*;

fn big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

fn a(args: &[&str], input: &str) -> Outcome {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let input = input.to_string();
    big_stack(move || {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        run0(&Awk, &args, input.as_bytes())
    })
}

fn out(prog: &str, input: &str) -> String {
    let o = a(&[prog], input);
    assert_eq!(o.err, "", "{prog}");
    o.out
}

fn limited(args: &[&str], input: &[u8], memory: u64, cancel: Cancel) -> Outcome {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let input = input.to_vec();
    big_stack(move || {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let budget = Arc::new(MemoryBudget::new(memory));
        run_with(
            &Awk,
            &args,
            &TestFs::new(),
            Harness {
                stdin: &input,
                memory: Some(budget),
                cancel,
                limits: Limits {
                    max_memory: memory,
                    ..Limits::normal()
                },
                ..Harness::default()
            },
        )
    })
}

#[test]
fn fields_and_records() {
    assert_eq!(out("{print $2}", "a b c\nd e f\n"), "b\ne\n");
    assert_eq!(out("{print NF, $NF}", "  a   b  \n\n"), "2 b\n0 \n");
    assert_eq!(
        out("{$5 = \"x\"; print; print NF}", "a b c\n"),
        "a b c  x\n5\n"
    );
    assert_eq!(out("{NF = 2; print}", "a b c\n"), "a b\n");
    assert_eq!(out("{$0 = \"x y\"; print NF, $2}", "a\n"), "2 y\n");
    assert_eq!(a(&["-F", ":", "{print $2}"], "a:b:c\n").out, "b\n");
    assert_eq!(a(&["-F", "\\t", "{print $2}"], "a b\tc\n").out, "c\n");
    assert_eq!(a(&["-Ft", "{print $2}"], "a\tc\n").out, "c\n");
    assert_eq!(a(&["-F", "[,;]+", "{print $3}"], "a,;b;c\n").out, "c\n");
    assert_eq!(
        out(
            "BEGIN{RS=\"\"}{print NR\": \"$1\"|\"$NF}",
            "\n\na b\nc\n\n\nd\n"
        ),
        "1: a|c\n2: d|d\n"
    );
    assert_eq!(out("BEGIN{RS=\";\"}{print}", "a;b;c"), "a\nb\nc\n");
    assert_eq!(out("BEGIN{RS=\"[0-9]+\"}{print}", "a1b22c"), "a\nb\nc\n");
    assert_eq!(out("BEGIN{FS=\"\"}{print $2, NF}", "abc\n"), "b 3\n");
    assert_eq!(out("{print NR, FNR}", "x\ny"), "1 1\n2 2\n");
    assert_eq!(out("END{print $0, NF}", "a b\nc d e\n"), "c d e 3\n");
}

#[test]
fn expressions() {
    assert_eq!(
        out("BEGIN{print 1+2*3, 2^3^2, -2^2, 7%3, 10/4}", ""),
        "7 512 -4 1 2.5\n"
    );
    assert_eq!(
        out("BEGIN{x = 1; y = \"2\"; print x+y, x y, x \" \" y}", ""),
        "3 12 1 2\n"
    );
    assert_eq!(
        out("BEGIN{print 1==1.0, \"a\"<\"b\", \"10\"<\"9\", 10<9}", ""),
        "1 1 1 0\n"
    );
    assert_eq!(out("{print ($1 < $2)}", "10 9\n"), "0\n");
    assert_eq!(out("{print ($1 < $2)}", "abc 9\n"), "0\n");
    assert_eq!(
        out("BEGIN{x; print x == 0, x == \"\", length(x)}", ""),
        "1 1 0\n"
    );
    assert_eq!(
        out("BEGIN{i = 5; print i++ + ++i, i; print i--, --i}", ""),
        "12 7\n7 5\n"
    );
    assert_eq!(
        out(
            "BEGIN{a = b = 3; a += 2; b ^= 2; print a, b; print (1 ? \"y\" : \"n\")}",
            ""
        ),
        "5 9\ny\n"
    );
    assert_eq!(
        out("BEGIN{print !0, !1, !\"\", !\"a\", 1 && 0, 1 || 0}", ""),
        "1 0 1 0 0 1\n"
    );
    assert_eq!(
        out(
            "BEGIN{print \"ab\" ~ /b$/, \"ab\" !~ \"^a\", \"x\" ~ \"[[:alpha:]]\"}",
            ""
        ),
        "1 0 1\n"
    );
    assert_eq!(
        out(
            "BEGIN{print 1/3; OFMT=\"%.2f\"; print 1/3; CONVFMT=\"%.3f\"; x = 0.1 \"\"; print x}",
            ""
        ),
        "0.333333\n0.33\n0.100\n"
    );
    assert_eq!(
        out(
            "BEGIN{print 100000 * 100000, 0.1 + 0.2, 1e6, 123456789}",
            ""
        ),
        "10000000000 0.3 1000000 123456789\n"
    );
    assert_eq!(out("BEGIN{print length(12345), length(1/4)}", ""), "5 4\n");
    // gawk's (and POSIX's) precedence: `" " -1` is a subtraction.
    assert_eq!(out("BEGIN{print 1 \" \" -1}", ""), "1-1\n");
    assert_eq!(out("BEGIN{print 0x10, 1e3, .5}", ""), "16 1000 0.5\n");
}

#[test]
fn statements() {
    assert_eq!(
        out(
            "BEGIN{while(1){i++; if(i>5) break}; print i; do j++; while(j<3); print j}",
            ""
        ),
        "6\n3\n"
    );
    assert_eq!(
        out(
            "BEGIN{for(i=0;i<5;i++){if(i==2) continue; s = s i}; print s}",
            ""
        ),
        "0134\n"
    );
    assert_eq!(
        out(
            "BEGIN{if (0) print 1; else if (1) print 2; else print 3}",
            ""
        ),
        "2\n"
    );
    assert_eq!(out("NR==1{next} {print}", "a\nb\nc\n"), "b\nc\n");
    assert_eq!(
        out("{print; exit} END{print \"end\"}", "a\nb\n"),
        "a\nend\n"
    );
    assert_eq!(a(&["BEGIN{exit 3} END{print \"e\"}"], "").status, 3);
    assert_eq!(a(&["BEGIN{exit 3} END{print \"e\"}"], "").out, "e\n");
    assert_eq!(
        out("NR==2,NR==3{print \"r\" $0} /c/", "a\nb\nc\nd\n"),
        "rb\nrc\nc\n"
    );
    assert_eq!(
        out(
            "BEGIN {\n  x = 1 ;\n  if (x)\n    print \"y\"\n  else\n    print \"n\"\n}\n",
            ""
        ),
        "y\n"
    );
    assert_eq!(
        out("BEGIN { s = \"a\" \\\n \"b\"; print s }  # comment", ""),
        "ab\n"
    );
}

#[test]
fn arrays_and_functions() {
    assert_eq!(
        out(
            "BEGIN{a[\"x\"]=1; a[\"y\"]=2; delete a[\"x\"]; for(k in a) print k, a[k]; print length(a), (\"y\" in a), (\"x\" in a)}",
            ""
        ),
        "y 2\n1 1 0\n"
    );
    assert_eq!(
        out(
            "BEGIN{x[1,2]=3; for(k in x){split(k,p,SUBSEP); print p[1], p[2]}; if((1,2) in x) print \"in\"}",
            ""
        ),
        "1 2\nin\n"
    );
    assert_eq!(
        out(
            "function f(n){return n<=1?1:n*f(n-1)} BEGIN{print f(10)}",
            ""
        ),
        "3628800\n"
    );
    assert_eq!(
        out(
            "function fill(arr, n,  i){for(i=1;i<=n;i++) arr[i]=i*i} BEGIN{fill(sq, 4); print sq[3], length(sq), i}",
            ""
        ),
        "9 4 \n"
    );
    assert_eq!(
        out("function g(a){a[1]=\"set\"} BEGIN{g(b); print b[1]}", ""),
        "set\n"
    );
    assert_eq!(
        out(
            "function h(s){s = s \"x\"; return s} BEGIN{t=\"a\"; print h(t), t}",
            ""
        ),
        "ax a\n"
    );
    assert_eq!(
        out(
            "BEGIN{n = split(\"a b  c\", w); print n, w[3]; n = split(\"\", w); print n, length(w)}",
            ""
        ),
        "3 c\n0 0\n"
    );
    assert_eq!(
        out(
            "BEGIN{delete a; a[1]; print length(a); delete a; print length(a)}",
            ""
        ),
        "1\n0\n"
    );
}

#[test]
fn string_functions() {
    assert_eq!(
        out(
            "{gsub(/o/,\"0\"); print; print length(), substr($0,2,3), index($0,\"w0\")}",
            "hello world\n"
        ),
        "hell0 w0rld\n11 ell 7\n"
    );
    assert_eq!(
        out(
            "BEGIN{s=\"aaa\"; print gsub(/a/,\"<&>\",s), s; t=\"abc\"; sub(/b/,\"[\\\\&]\",t); print t}",
            ""
        ),
        "3 <a><a><a>\na[&]c\n"
    );
    assert_eq!(
        out("BEGIN{s=\"abc\"; gsub(/x*/,\"-\",s); print s}", ""),
        "-a-b-c-\n"
    );
    assert_eq!(
        out("BEGIN{s=\"hello\"; gsub(/l*/,\"X\",s); print s}", ""),
        "XhXeXoX\n"
    );
    assert_eq!(
        out(
            "BEGIN{if (match(\"foobar\", /o+/)) print RSTART, RLENGTH; print match(\"x\", /y/), RSTART, RLENGTH}",
            ""
        ),
        "2 2\n0 0 -1\n"
    );
    assert_eq!(
        out(
            "BEGIN{print substr(\"hello\", 2), substr(\"hello\", 0, 2), substr(\"hello\", 4, 100), substr(\"hello\", 1.5, 2)}",
            ""
        ),
        "ello h lo el\n"
    );
    assert_eq!(
        out(
            "BEGIN{print toupper(\"abC1\"), tolower(\"ABc\"), sprintf(\"%03d\", 7)}",
            ""
        ),
        "ABC1 abc 007\n"
    );
    assert_eq!(
        out(
            "BEGIN{print gensub(/(a)(b)/, \"\\\\2\\\\1\", \"g\", \"abab\")}",
            ""
        ),
        "baba\n"
    );
    assert_eq!(
        out(
            "BEGIN{print int(3.9), int(-3.9), sqrt(16), exp(0), log(1), (atan2(0, -1) > 3)}",
            ""
        ),
        "3 -3 4 1 0 1\n"
    );
    assert_eq!(
        out(
            "BEGIN{match(\"ab12\", /([a-z]+)([0-9]+)/, m); print m[1], m[2], m[0]}",
            ""
        ),
        "ab 12 ab12\n"
    );
    assert_eq!(
        out(
            "BEGIN{print strftime(\"%Y-%m-%d %H:%M:%S\", 86400 * 365)}",
            ""
        ),
        "1971-01-01 00:00:00\n"
    );
    assert_eq!(
        out(
            "BEGIN{srand(1); x = rand(); srand(1); print (x == rand()), (x >= 0 && x < 1), srand(5)}",
            ""
        ),
        "1 1 1\n"
    );
}

#[test]
fn printf_formats() {
    assert_eq!(
        out(
            "BEGIN{printf \"%5.2f|%-4d|%s|%c%c\\n\", 3.14159, 42, \"hi\", 65, \"bc\"}",
            ""
        ),
        " 3.14|42  |hi|Ab\n"
    );
    assert_eq!(
        out(
            "BEGIN{printf \"%x %X %o %e %G %i %u %%\\n\", 255, 255, 8, 1234.5, 0.00001, 3.7, 5}",
            ""
        ),
        "ff FF 10 1.234500e+03 1E-05 3 5 %\n"
    );
    assert_eq!(
        out(
            "BEGIN{printf \"%*d|%-*s|%.*f\\n\", 4, 1, 3, \"a\", 1, 2.25}",
            ""
        ),
        "   1|a  |2.2\n"
    );
    assert_eq!(
        out("BEGIN{printf(\"%s %s\\n\", \"a\", \"b\")}", ""),
        "a b\n"
    );
}

#[test]
fn io_and_commands() {
    let fs = TestFs::new();
    fs.file("in.txt", b"1\n2\n");
    let o = run(
        &Awk,
        &[
            "{print $1 * 10 > \"out.txt\"} END{close(\"out.txt\"); while ((getline l < \"out.txt\") > 0) print \"got\", l}",
            "in.txt",
        ],
        b"",
        &fs,
    );
    assert_eq!((o.out.as_str(), o.err.as_str()), ("got 10\ngot 20\n", ""));
    assert_eq!(fs.text("out.txt"), "10\n20\n");
    let o = run(
        &Awk,
        &["{print FILENAME, $0 >> \"log\"}", "in.txt", "x=1", "in.txt"],
        b"",
        &fs,
    );
    assert_eq!(o.status, 0);
    assert_eq!(fs.text("log"), "in.txt 1\nin.txt 2\nin.txt 1\nin.txt 2\n");
    let o = run(
        &Awk,
        &["{print x, $0}", "x=5", "in.txt", "x=6", "-"],
        b"s\n",
        &fs,
    );
    assert_eq!(o.out, "5 1\n5 2\n6 s\n");
    // Commands go to the shell's runner (here one that echoes them).
    let o = run(
        &Awk,
        &["BEGIN{system(\"ls -l\"); \"date\" | getline d; print d; print \"x\" | \"sort\"}"],
        b"",
        &fs,
    );
    assert_eq!(
        o.out,
        "run: eval ls -l\nHOME=/workspace\nPATH=/bin\nrun: eval date\nrun: eval sort\nHOME=/workspace\nPATH=/bin\n"
    );
    let o = run(
        &Awk,
        &["BEGIN{printf \"e\" > \"/dev/stderr\"; print \"o\" > \"/dev/stdout\"}"],
        b"",
        &fs,
    );
    assert_eq!((o.out.as_str(), o.err.as_str()), ("o\n", "e"));
    let o = run(&Awk, &["{print; nextfile}", "in.txt", "in.txt"], b"", &fs);
    assert_eq!(o.out, "1\n1\n");
    let o = run(
        &Awk,
        &["BEGIN{while ((getline line) > 0) n++; print n}", "in.txt"],
        b"",
        &fs,
    );
    assert_eq!(o.out, "2\n");
    let o = run(
        &Awk,
        &["BEGIN{print ARGC, ARGV[1], ENVIRON[\"HOME\"]}", "a"],
        b"",
        &fs,
    );
    assert_eq!(o.out, "2 a /workspace\n");
    fs.file(
        "p.awk",
        b"function f(x) { return x * 2 }\n{ print f($1) }\n",
    );
    let o = run(&Awk, &["-f", "p.awk", "in.txt"], b"", &fs);
    assert_eq!(o.out, "2\n4\n");
    let o = run(
        &Awk,
        &["-v", "n=3", "-v", "s=a\\tb", "BEGIN{print n + 1, s}"],
        b"",
        &fs,
    );
    assert_eq!(o.out, "4 a\tb\n");
}

#[test]
fn messages_and_statuses() {
    let o = a(&["BEGIN { x = }"], "");
    assert_eq!(o.status, 2);
    assert_eq!(
        o.err,
        "awk: cmd. line:1: BEGIN { x = }\nawk: cmd. line:1:             ^ syntax error\n"
    );
    let o = a(&["BEGIN { print 1/0 }"], "");
    assert_eq!(
        (o.status, o.err.as_str()),
        (2, "awk: cmd. line:1: fatal: division by zero attempted\n")
    );
    let o = a(&["BEGIN {\nx = 1\ny = x % 0 }"], "");
    assert_eq!(
        o.err,
        "awk: cmd. line:3: fatal: division by zero attempted in `%'\n"
    );
    // gawk 5: a file it cannot open ends the run (END does not run); a
    // directory is skipped with a warning.
    let o = a(&["{print} END{print \"end\"}", "nosuch"], "");
    assert_eq!((o.status, o.out.as_str()), (2, ""));
    assert_eq!(
        o.err,
        "awk: fatal: cannot open file `nosuch' for reading: No such file or directory\n"
    );
    let fs = TestFs::new();
    fs.dir("d").file("f", b"x\n");
    let o = run(&Awk, &["{print}", "d", "f"], b"", &fs);
    assert_eq!((o.status, o.out.as_str()), (0, "x\n"));
    assert_eq!(
        o.err,
        "awk: warning: command line argument `d' is a directory: skipped\n"
    );
    let o = a(&["BEGIN{f()}"], "");
    assert_eq!(
        (o.status, o.err.as_str()),
        (2, "awk: cmd. line:1: fatal: function `f' not defined\n")
    );
    let o = a(&["BEGIN{x = 1; x[1] = 2}"], "");
    assert_eq!(
        o.err,
        "awk: cmd. line:1: fatal: attempt to use scalar `x' as an array\n"
    );
    let o = a(&["BEGIN{printf \"%d %d\", 1}"], "");
    assert_eq!(
        o.err,
        "awk: cmd. line:1: fatal: not enough arguments to satisfy format string\n"
    );
    let o = a(&["BEGIN { \"abc }"], "");
    assert_eq!(
        o.err,
        "awk: cmd. line:1: BEGIN { \"abc }\nawk: cmd. line:1:         ^ unterminated string\n"
    );
    let o = a(&["BEGIN{x = /(/}"], "");
    assert_eq!(o.status, 2);
    assert_eq!(a(&[], "").status, 2);
    assert!(a(&["--version"], "").out.starts_with("awk (sandbash)"));
    assert!(a(&["--help"], "").out.starts_with("Usage: awk"));
    assert_eq!(a(&["-q", "1"], "").status, 2);
}

#[test]
fn deep_and_recursive_programs_are_refused() {
    let deep = format!("BEGIN{{x = {}1{}}}", "(".repeat(5000), ")".repeat(5000));
    let o = a(&[&deep], "");
    assert_eq!(o.status, 2);
    assert!(o.err.contains("program nesting too deep"), "{}", o.err);
    let chain = format!("BEGIN{{x = 1{}}}", "+1".repeat(5000));
    assert_eq!(a(&[&chain], "").status, 2);
    let o = a(&["function f(n) { return f(n+1) } BEGIN { f(1) }"], "");
    assert_eq!(o.status, 2);
    assert!(o.err.contains("call nesting too deep"), "{}", o.err);
}

#[test]
fn memory_is_bounded() {
    for prog in [
        "BEGIN{s = \"x\"; while (1) s = s s}",
        "BEGIN{printf \"%*d\", 2000000000, 1}",
        "BEGIN{x = sprintf(\"%1000000000s\", 1)}",
        "BEGIN{for (i = 0; ; i++) a[i] = i}",
        "BEGIN{$100000000 = 1}",
        "BEGIN{s = \"xxxxxxxxxx\"; while (1) gsub(/x/, \"xx\", s)}",
    ] {
        let o = limited(&[prog], b"", 4 << 20, Cancel::new());
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, "awk: memory exhausted\n"),
            "{prog}"
        );
    }
    let long = vec![b'x'; 8 << 20];
    let o = limited(&["{n++}"], &long, 4 << 20, Cancel::new());
    assert_eq!(o.status, 1);
}

#[test]
fn endless_programs_stop_on_cancel() {
    for prog in [
        "BEGIN{while (1);}",
        "BEGIN{for (;;) x++}",
        "function f() { while (1) {} } BEGIN { f() }",
        "BEGIN{while ((\"cmd\" | getline l) >= 0) n++}",
    ] {
        let cancel = Cancel::new();
        let c2 = cancel.clone();
        let t = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            c2.cancel();
        });
        let started = Instant::now();
        let o = limited(&[prog], b"", 64 << 20, cancel);
        t.join().unwrap();
        assert_eq!(o.status, 130, "{prog}");
        assert!(started.elapsed() < Duration::from_secs(2), "{prog}");
    }
}

#[test]
fn more_semantics() {
    // Times far out of range are clamped, not an overflow.
    assert_eq!(
        a(
            &["BEGIN{x = strftime(\"%Y\", 1e300); print (x > 2000)}"],
            ""
        )
        .status,
        0
    );
    assert_eq!(
        out("{getline line; print NR, line, $0}", "a\nb\nc\n"),
        "2 b a\n3 b c\n"
    );
    assert_eq!(out("NR==1{getline; print NR, $0}", "a\nb\n"), "2 b\n");
    assert_eq!(
        out("function f() { exit 7 } BEGIN { f(); print \"no\" }", ""),
        ""
    );
    assert_eq!(a(&["function f() { exit 7 } BEGIN { f() }"], "").status, 7);
    assert_eq!(
        out(
            "function f(x) { if (x) return; return 5 } BEGIN { print f(1) \"|\" f(0) }",
            ""
        ),
        "|5\n"
    );
    assert_eq!(out("/a/,/a/{print NR}", "a\nb\na\n"), "1\n3\n");
    assert_eq!(
        out(
            "BEGIN{for(i=0;i<5;i++) a[i]; for(k in a) delete a[k]; print length(a)}",
            ""
        ),
        "0\n"
    );
    assert_eq!(
        out("BEGIN{printf \"%s %d %c|\\n\", x, x, \"\"}", ""),
        " 0 |\n"
    );
    assert_eq!(
        out(
            "BEGIN{re = \"^[0-9]+$\"; for (i = 0; i < 300; i++) n += (i ~ re); print n}",
            ""
        ),
        "300\n"
    );
    assert_eq!(
        out("{sub(/b/, \"X\", $2); print; print NF}", "a b c\n"),
        "a X c\n3\n"
    );
    assert_eq!(
        out("{n = gsub(/z/, \"y\"); print n, $0}", "a  b\n"),
        "0 a  b\n"
    );
    assert_eq!(
        out(
            "BEGIN{x = 2; x ^= 0.5; printf \"%.3f\\n\", x; print 2 ** 2}",
            ""
        ),
        "1.414\n4\n"
    );
    assert_eq!(
        out(
            "BEGIN { if (!(3 in a)) print \"no\"; if ((\"x\", 1) in b) print \"yes\"; else print \"no\" }",
            ""
        ),
        "no\nno\n"
    );
    assert_eq!(
        out(
            "BEGIN { CONVFMT = \"%d\"; a[1.5] = 1; for (k in a) print k }",
            ""
        ),
        "1\n"
    );
    assert_eq!(
        out("BEGIN { print 1e16, 2^62, -7 }", ""),
        "10000000000000000 4611686018427387904 -7\n"
    );
    assert_eq!(
        out(
            "BEGIN { print substr(\"abc\", \"x\"), substr(\"abc\", 2, 1e300), length(substr(\"abc\", -1e300, 1e300)) }",
            ""
        ),
        "abc bc 0\n"
    );
    assert_eq!(
        out("{ $3 = \"\"; print; print NF }", "a b c d\n"),
        "a b  d\n4\n"
    );
    // A function's parameter used as an array in a recursive call.
    assert_eq!(
        out(
            "function walk(t, n) { if (n > 0) { t[n] = n; walk(t, n - 1) } } BEGIN { walk(arr, 3); print length(arr) }",
            ""
        ),
        "3\n"
    );
}
