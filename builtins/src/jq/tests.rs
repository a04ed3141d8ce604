//! The `jq` utility end to end, through the test harness: what the
//! conformance corpus cannot record (jq 1.7 behaviour where the host's
//! jq 1.6 differs, limits, the VFS).

use std::sync::Arc;

use sandbash_interpreter::memory::MemoryBudget;
use sandbash_interpreter::{Cancel, Limits};

use super::Jq;
use crate::testutil::{Harness, TestFs, run, run_closing, run_with, run0};

fn jq(args: &[&str], stdin: &str) -> (i32, String, String) {
    let o = run0(&Jq, args, stdin.as_bytes());
    (o.status, o.out, o.err)
}

/// The compact output of `jq -n -c PROG`.
fn c(prog: &str) -> String {
    jq(&["-n", "-c", prog], "").1
}

#[test]
fn literals_print_as_jq_1_7_keeps_them() {
    let (st, out, _) = jq(
        &["-c", "."],
        "[1.0, 1.50, 1e2, 100000000000000000000, -0, 0.00001]",
    );
    assert_eq!(st, 0);
    assert_eq!(out, "[1.0,1.50,1E+2,100000000000000000000,-0,0.00001]\n");
    let (_, out, _) = jq(&["-c", "map(. + 0)"], "[1.0, 1e2, 0.00001]");
    assert_eq!(out, "[1,100,1e-05]\n");
}

#[test]
fn parse_errors_stop_with_status_5() {
    let (st, out, err) = jq(&["-c", "."], "1 [2 3]\n");
    assert_eq!(st, 5);
    assert_eq!(out, "1\n");
    assert_eq!(
        err,
        "jq: parse error: Expected separator between values at line 1, column 7\n"
    );
    let (st, _, err) = jq(&["."], "{\"a\":\n");
    assert_eq!(st, 5);
    assert_eq!(
        err,
        "jq: parse error: Unfinished JSON term at EOF at line 2, column 0\n"
    );
}

#[test]
fn runtime_errors_name_the_input_line() {
    let (st, out, err) = jq(&[".a"], "{\"a\":1}\n\n5\n{\"a\":2}\n");
    assert_eq!(st, 0, "the last input went well");
    assert_eq!(out, "1\n2\n");
    assert_eq!(
        err,
        "jq: error (at <stdin>:3): Cannot index number with \"a\"\n"
    );
    let (st, _, err) = jq(&["-n", "true | .a"], "");
    assert_eq!(st, 5);
    assert_eq!(
        err,
        "jq: error (at <unknown>): Cannot index boolean with \"a\"\n"
    );
}

#[test]
fn files_through_the_vfs() {
    let fs = TestFs::new();
    fs.file("/workspace/a.json", b"{\"x\":1}\n");
    fs.file("/workspace/prog.jq", b".x + 1\n");
    let o = run(&Jq, &["-f", "prog.jq", "a.json"], b"", &fs);
    assert_eq!((o.status, o.out.as_str()), (0, "2\n"));
    let o = run(&Jq, &[".", "missing.json", "a.json"], b"", &fs);
    assert_eq!(o.status, 2);
    assert_eq!(o.out, "{\n  \"x\": 1\n}\n");
    assert_eq!(
        o.err,
        "jq: error: Could not open file missing.json: No such file or directory\n"
    );
    let o = run(
        &Jq,
        &[
            "-n",
            "-c",
            "--slurpfile",
            "s",
            "a.json",
            "--rawfile",
            "r",
            "prog.jq",
            "[$s, $r]",
        ],
        b"",
        &fs,
    );
    assert_eq!(o.out, "[[{\"x\":1}],\".x + 1\\n\"]\n");
}

#[test]
fn options_and_usage() {
    let (st, out, _) = jq(&["--version"], "");
    assert_eq!((st, out.starts_with("jq-1.7")), (0, true));
    let (st, out, _) = jq(&["--help"], "");
    assert!(st == 0 && out.starts_with("Usage:"));
    let (st, _, err) = jq(&["-Z", "."], "");
    assert_eq!(st, 2);
    assert!(err.starts_with("jq: Unknown option: -Z\n"));
    let (st, _, err) = jq(&["--indent", "9", "."], "");
    assert_eq!(st, 2);
    assert!(err.starts_with("jq: --indent takes a number between -1 and 7\n"));
    let (st, out, _) = jq(&[], "{\"a\":1}");
    assert_eq!((st, out.as_str()), (0, "{\n  \"a\": 1\n}\n"));
    let (_, out, _) = jq(&["-rj", ".[]"], "[\"a\",1,\"b\"]");
    assert_eq!(out, "a1b");
    let (_, out, _) = jq(&["-ra", "."], "\"é\"");
    assert_eq!(out, "\"\\u00e9\"\n");
}

#[test]
fn halt_and_stderr() {
    let (st, out, err) = jq(&["-n", "1, (\"bye\\n\" | halt_error(3)), 2"], "");
    assert_eq!((st, out.as_str(), err.as_str()), (3, "1\n", "bye\n"));
    let (st, _, err) = jq(&["-n", "{a:1} | halt_error"], "");
    assert_eq!((st, err.as_str()), (5, "{\"a\":1}\n"));
    let (st, out, err) = jq(&["-nc", "[1] | debug | stderr | length"], "");
    assert_eq!((st, out.as_str()), (0, "1\n"));
    assert_eq!(err, "[\"DEBUG:\",[1]]\n[1]");
    let (st, out, _) = jq(&["-n", "1, halt, 2"], "");
    assert_eq!((st, out.as_str()), (0, "1\n"));
}

#[test]
fn env_is_the_sandbox_environment() {
    let o = run_with(
        &Jq,
        &["-n", "-r", "env.HOME, $ENV.PATH"],
        &TestFs::new(),
        Harness::default(),
    );
    assert_eq!(o.out, "/workspace\n/bin\n");
}

#[test]
fn deep_input_and_program_are_refused() {
    let deep = "[".repeat(20_000);
    let (st, _, err) = jq(&["."], &deep);
    assert_eq!(st, 5);
    assert!(err.contains("Exceeds depth limit for parsing"), "{err}");
    let prog = format!("{}1{}", "(".repeat(1000), ")".repeat(1000));
    let (st, _, err) = jq(&["-n", &prog], "");
    assert_eq!(st, 3);
    assert!(err.contains("nested too deeply"), "{err}");
}

#[test]
fn memory_and_output_limits_stop_endless_filters() {
    let budget = Arc::new(MemoryBudget::new(4 << 20));
    let o = run_with(
        &Jq,
        &["-n", "[range(1e9)] | length"],
        &TestFs::new(),
        Harness {
            memory: Some(budget.clone()),
            ..Harness::default()
        },
    );
    assert_eq!(o.status, 1);
    assert_eq!(o.err, "jq: memory exhausted\n");
    assert!(budget.breached());
    let o = run_with(
        &Jq,
        &["-n", "\"x\" * 1e12"],
        &TestFs::new(),
        Harness {
            memory: Some(Arc::new(MemoryBudget::new(4 << 20))),
            ..Harness::default()
        },
    );
    assert_eq!(o.status, 1);
    // A reader that goes away ends an endless stream with 141.
    let (st, n) = run_closing(&Jq, &["-n", "repeat(1)"], b"", 100_000);
    assert_eq!(st, 141);
    assert!(n >= 100_000);
}

#[test]
fn cancellation_stops_a_silent_loop() {
    let cancel = Cancel::new();
    let c = cancel.clone();
    let t = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(200));
        c.cancel();
    });
    let o = run_with(
        &Jq,
        &["-n", "last(range(1e18))"],
        &TestFs::new(),
        Harness {
            cancel,
            limits: Limits::normal(),
            ..Harness::default()
        },
    );
    t.join().unwrap();
    assert_eq!(o.status, 130);
}

#[test]
fn try_and_catch_behave_as_in_jq_1_7() {
    // `catch` gets jq's wording of jaq's messages, and values given to
    // `error` as they are.
    assert_eq!(
        c("[1,2] | try .a catch ."),
        "\"Cannot index array with \\\"a\\\"\"\n"
    );
    assert_eq!(
        c("{} | try (. + 1) catch ."),
        "\"object ({}) and number (1) cannot be added\"\n"
    );
    assert_eq!(c("try error({a:1}) catch .a"), "1\n");
    assert_eq!(c("try error(null) catch ."), "null\n");
    // `?` and `try` stop at the first error and keep what came before.
    assert_eq!(c("[(1, error(\"x\"), 3)?]"), "[1]\n");
    assert_eq!(c("[.[]?]"), "[]\n");
    assert_eq!(c("[1, [2], {\"a\":3}] | [.[] | .a?]"), "[3]\n");
    // `break` goes through `try`; `catch` runs once.
    assert_eq!(c("[label $f | try (1, break $f, 2) catch 9]"), "[1]\n");
    assert_eq!(c("[try (1, error(2), 3) catch (., .)]"), "[1,2,2]\n");
    // In path expressions: a caught error ends the paths, a `catch`
    // makes the error about the path.
    assert_eq!(c("[1, {\"b\": 2}] | [path(.[].b?)]"), "[[1,\"b\"]]\n");
    assert_eq!(c("{\"a\": 1} | del(.a?)"), "{}\n");
}

#[test]
fn a_limit_is_not_caught() {
    let budget = Arc::new(MemoryBudget::new(4 << 20));
    let o = run_with(
        &Jq,
        &["-n", "try ([range(1e9)] | length) catch \"caught\""],
        &TestFs::new(),
        Harness {
            memory: Some(budget.clone()),
            ..Harness::default()
        },
    );
    assert!(!o.out.contains("caught"), "{}", o.out);
    assert_eq!(o.err, "jq: memory exhausted\n");
    assert!(budget.breached());
}

#[test]
fn joins_and_splits_keep_their_results() {
    assert_eq!(c("\"a,b,,c\" / \",\""), "[\"a\",\"b\",\"\",\"c\"]\n");
    assert_eq!(c("\"abc\" / \"\""), "[\"a\",\"b\",\"c\"]\n");
    assert_eq!(c("\"x\\(1)y\\(\"z\")\\([2])\""), "\"x1yz[2]\"\n");
    assert_eq!(
        c("[1] + [2], {\"a\":1} + {\"b\":2}, null + 1, 6 / 4"),
        "[1,2]\n{\"a\":1,\"b\":2}\n1\n1.5\n"
    );
    // jq runs the right operand outside, the left inside.
    assert_eq!(c("[(1,2) + (10,20)]"), "[11,12,21,22]\n");
    assert_eq!(c("[(1,2) - (10,100)]"), "[-9,-8,-99,-98]\n");
    assert_eq!(c("[(1,2) * (10,100)]"), "[10,20,100,200]\n");
    assert_eq!(
        c("[(1,2) % (10,100)], [(1,2) / (10,100)]"),
        "[1,2,1,2]\n[0.1,0.2,0.01,0.02]\n"
    );
    assert_eq!(
        c("[(1,2) < (2,3)], [(1,2) == (1,2)]"),
        "[true,false,true,true]\n[true,false,false,true]\n"
    );
    assert_eq!(c("\"aaa\" | indices(\"aa\")"), "[0,1]\n");
    assert_eq!(c("\"é!\" | explode"), "[233,33]\n");
    assert_eq!(
        c("[\"ab\" * 3 | match(\"(a)(b)\"; \"g\") | .offset]"),
        "[0,2,4]\n"
    );
    assert_eq!(
        c("\"a1b22c\" | [splits(\"[0-9]+\")]"),
        "[\"a\",\"b\",\"c\"]\n"
    );
    assert_eq!(c("\"<&>\" | @html"), "\"&lt;&amp;&gt;\"\n");
    assert_eq!(c("[1, \"a\"] | @sh"), "\"1 'a'\"\n");
}

#[test]
fn paths_through_slices_update_in_place() {
    assert_eq!(
        c("[\"a\",\"b\",\"c\"] | .[:-1][] += \"-\""),
        "[\"a-\",\"b-\",\"c\"]\n"
    );
    assert_eq!(c("[1,2,3,4] | .[1:3][0] = 9"), "[1,9,3,4]\n");
    assert_eq!(c("[1,2,3,4] | .[1:3] = [\"x\"]"), "[1,\"x\",4]\n");
    assert_eq!(c("[1, \"a\", \"b c\"] | @sh"), "\"1 'a' 'b c'\"\n");
    assert_eq!(c("[\"a\",\"b\"] | join(\", \")"), "\"a, b\"\n");
}

#[test]
fn raw_output0_ends_outputs_with_nul() {
    let (st, out, _) = jq(&["-nc", "--raw-output0", "\"a\", [2]"], "");
    assert_eq!((st, out.as_str()), (0, "a\0[2]\0"));
    let (st, _, err) = jq(&["-n", "--raw-output0", "\"a\\u0000b\""], "");
    assert_eq!(st, 5);
    assert!(
        err.contains("Cannot dump a string containing NUL with --raw-output0 option"),
        "{err}"
    );
    let (st, out, _) = jq(&["-c", "--unbuffered", "-b", "."], "[1]");
    assert_eq!((st, out.as_str()), (0, "[1]\n"));
}

#[test]
fn seq_writes_rs_before_each_output() {
    let (st, out, _) = jq(&["-c", "--seq", ".[]"], "[1,[2]]");
    assert_eq!((st, out.as_str()), (0, "\x1e1\n\x1e[2]\n"));
    // RS in the input separates texts.
    let (_, out, _) = jq(&["-c", "--seq", "."], "\x1e1\n\x1e2\n");
    assert_eq!(out, "\x1e1\n\x1e2\n");
}

#[test]
fn jq_1_7_builtins_and_messages() {
    let (_, out, _) = jq(&["-nc", "$__loc__, (1\n| $__loc__)"], "");
    assert_eq!(
        out,
        "{\"file\":\"<top-level>\",\"line\":1}\n{\"file\":\"<top-level>\",\"line\":2}\n"
    );
    let (_, out, _) = jq(&["-nr", "\"YWI\", \"YWJj\", \"YWJjZA==\" | @base64d"], "");
    assert_eq!(out, "ab\nabc\nabcd\n");
    let (st, _, err) = jq(&["-nr", "\"YWJjZ\" | @base64d"], "");
    assert_eq!(st, 5);
    assert!(
        err.contains("string (\"YWJjZ\") trailing base64 byte found"),
        "{err}"
    );
    let (_, out, _) = jq(&["-nr", "\"test\" | @base32, (@base32 | @base32d)"], "");
    assert_eq!(out, "ORSXG5A=\ntest\n");
    let (_, out, _) = jq(
        &[
            "-nc",
            "[limit(-1; 1, 2)], [limit(0; 1, 2)], [limit(1; 1, 2)]",
        ],
        "",
    );
    assert_eq!(out, "[1,2]\n[]\n[1]\n");
    let (_, _, err) = jq(&["-n", "null | test(\"a\")"], "");
    assert!(
        err.contains("null (null) cannot be matched, as it is not a string"),
        "{err}"
    );
    let (_, out, _) = jq(&["-nc", "0 | gmtime | todate"], "");
    assert_eq!(out, "\"1970-01-01T00:00:00Z\"\n");
    let (st, _, err) = jq(&["-nr", "[{}] | @sh"], "");
    assert_eq!(st, 5);
    assert_eq!(
        err,
        "jq: error (at <unknown>): object ({}) can not be escaped for shell\n"
    );
    let (st, _, err) = jq(&["-n", "1 as $x | $x / 0"], "");
    assert_eq!(st, 5);
    assert!(
        err.contains("number (1) and number (0) cannot be divided because the divisor is zero")
    );
    let (_, out, _) = jq(&["-nc", "[infinite, nan | isinfinite]"], "");
    assert_eq!(out, "[true,false]\n");
    let (_, out, _) = jq(&["input_filename"], "1");
    assert_eq!(out, "\"<stdin>\"\n");
    let (_, out, _) = jq(
        &[
            "-nc",
            "\"ab\" | match(\"(a)(?<n>b)\") | .captures | map(.name)",
        ],
        "",
    );
    assert_eq!(out, "[null,\"n\"]\n");
}

#[test]
fn syntax_errors_point_at_the_token() {
    let (st, _, err) = jq(&["-n", "[1, 2] | map(. +)"], "");
    assert_eq!(st, 3);
    assert_eq!(
        err,
        "jq: error: syntax error, unexpected ')' (Unix shell quoting issues?) at <top-level>, line 1:\n[1, 2] | map(. +)                \njq: 1 compile error\n"
    );
    let (_, _, err) = jq(&["-n", "1 +"], "");
    assert!(
        err.contains(
            "unexpected $end (Unix shell quoting issues?) at <top-level>, line 1:\n1 +  \n"
        )
    );
    let (_, _, err) = jq(&["-n", "1,\n2 )"], "");
    assert!(err.contains("unexpected INVALID_CHARACTER (Unix shell quoting issues?) at <top-level>, line 2:\n2 )  \n"), "{err}");
}

#[test]
fn named_argument_files_are_checked() {
    let fs = TestFs::new();
    fs.file("/workspace/bad.json", b"{x");
    let o = run(&Jq, &["-n", "--slurpfile", "s", "bad.json", "$s"], b"", &fs);
    assert_eq!(o.status, 2);
    assert!(
        o.err
            .starts_with("jq: Bad JSON in --slurpfile s bad.json: "),
        "{}",
        o.err
    );
    let o = run(&Jq, &["-n", "--rawfile", "s", "nope", "$s"], b"", &fs);
    assert_eq!(o.status, 2);
    assert_eq!(
        o.err,
        "jq: Bad JSON in --rawfile s nope: Could not open nope: No such file or directory\n"
    );
    let o = run(&Jq, &["-n", "-f", "nope.jq"], b"", &fs);
    assert_eq!(
        (o.status, o.err.as_str()),
        (2, "jq: Could not open nope.jq: No such file or directory\n")
    );
}

#[test]
fn regex_groups_as_jq_lists_them() {
    let (_, out, _) = jq(&["-nc", "\"abc\" | match(\"(?<x>b)(z)?\") | .captures"], "");
    assert_eq!(
        out,
        "[{\"offset\":1,\"length\":1,\"string\":\"b\",\"name\":\"x\"},{\"offset\":-1,\"string\":null,\"length\":0,\"name\":null}]\n"
    );
    let (_, out, _) = jq(&["-nc", "\"a\" | capture(\"(?<x>b)?a\")"], "");
    assert_eq!(out, "{\"x\":null}\n");
    // Offsets count characters, also for a later match.
    let (_, out, _) = jq(&["-nc", "\"éaé\" | [match(\"é\"; \"g\") | .offset]"], "");
    assert_eq!(out, "[0,2]\n");
    let (st, _, err) = jq(&["-nc", "\"a\" | test(\"a\"; \"gq\")"], "");
    assert_eq!(st, 5);
    assert!(err.contains("gq is not a valid modifier string"), "{err}");
}

#[test]
fn dates_as_jq_1_7() {
    let (st, _, err) = jq(&["-nc", "\"2015-03-05T23:51:47.123Z\" | fromdate"], "");
    assert_eq!(st, 5);
    assert!(
        err.contains(
            "date \"2015-03-05T23:51:47.123Z\" does not match format \"%Y-%m-%dT%H:%M:%SZ\""
        ),
        "{err}"
    );
    let (_, out, _) = jq(&["-nc", "[2015,2,5,23,51,47.5,4,63] | mktime"], "");
    assert_eq!(out, "1425599507\n");
    let (_, _, err) = jq(&["-nc", "[2015,2,5] | mktime"], "");
    assert!(
        err.contains("mktime requires parsed datetime inputs"),
        "{err}"
    );
    let (_, _, err) = jq(&["-nc", "1 | strptime(\"%Y\")"], "");
    assert!(
        err.contains("strptime/1 requires string inputs and arguments"),
        "{err}"
    );
    let (st, out, err) = jq(&["-n", "error(null)"], "");
    assert_eq!((st, out.as_str()), (5, ""));
    assert_eq!(err, "jq: error (at <unknown>) (not a string): null\n");
}

#[test]
fn computed_object_keys_must_be_strings() {
    let (st, _, err) = jq(&["-n", "1 as $k | {($k): 2}"], "");
    assert_eq!(st, 5);
    assert_eq!(
        err,
        "jq: error (at <unknown>): Cannot use number (1) as object key\n"
    );
    let (_, out, _) = jq(&["-nc", "1 as $x | {$x, a: $x, \"b\": 2, (\"c\"): 3}"], "");
    assert_eq!(out, "{\"x\":1,\"a\":1,\"b\":2,\"c\":3}\n");
}

#[test]
fn stream_gives_events() {
    let (st, out, _) = jq(&["-c", "--stream", "."], "{\"a\":[1,2]} 3");
    assert_eq!(st, 0);
    assert_eq!(
        out,
        "[[\"a\",0],1]\n[[\"a\",1],2]\n[[\"a\",1]]\n[[\"a\"]]\n[[],3]\n"
    );
    let (_, out, _) = jq(
        &["-cn", "--stream", "fromstream(1 | truncate_stream(inputs))"],
        "[{\"id\":1},{\"id\":2}]",
    );
    assert_eq!(out, "{\"id\":1}\n{\"id\":2}\n");
}

#[test]
fn delete_and_literal_errors_as_jq() {
    let (_, _, err) = jq(&["-nc", "{\"a\":1} | delpaths([[\"a\",\"b\"]])"], "");
    assert_eq!(
        err,
        "jq: error (at <unknown>): Cannot delete fields from number\n"
    );
    let (_, _, err) = jq(&["-nc", "[1] | delpaths([[\"a\"]])"], "");
    assert_eq!(
        err,
        "jq: error (at <unknown>): Cannot delete string element of array\n"
    );
    let (_, _, err) = jq(&["-n", "\"a\" | tonumber"], "");
    assert!(
        err.contains("Invalid numeric literal at EOF at line 1, column 1"),
        "{err}"
    );
}

#[test]
fn implode_as_jq() {
    let (_, out, _) = jq(&["-nc", "[-1, 65.7, 1114112, 55296, 233] | implode"], "");
    assert_eq!(out, "\"\u{fffd}A\u{fffd}\u{fffd}\u{e9}\"\n");
    let (st, _, err) = jq(&["-n", "null | implode"], "");
    assert_eq!(st, 5);
    assert_eq!(
        err,
        "jq: error (at <unknown>): implode input must be an array\n"
    );
}

#[test]
fn bom_and_argument_bytes() {
    let (st, out, _) = jq(&["-c", "."], "\u{feff}{\"a\":1}");
    assert_eq!((st, out.as_str()), (0, "{\"a\":1}\n"));
    let raw = sandbash_interpreter::bytes::decode(b"a\xffb").into_owned();
    let (_, out, _) = jq(&["-n", "--arg", "x", &raw, "$x"], "");
    assert_eq!(out, "\"a\u{fffd}b\"\n");
}
