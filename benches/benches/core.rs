//! Core benchmarks: parsing, session start-up, an arithmetic loop and a
//! small script end to end. Run with `cargo bench -p sandbash-benches`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use sandbash_benches::{ARITH_LOOP, PARSE_SAMPLE, SMALL_SCRIPT, new_shell, run_discard};

/// `parse::parse` on a ~100-line realistic script (brush-parser plus the
/// resolver: every word, pattern, arithmetic expression and `$( )` body).
fn parse(c: &mut Criterion) {
    c.bench_function("parse/100_lines", |b| {
        b.iter(|| sandbash_interpreter::syntax::parse(black_box(PARSE_SAMPLE), 500).unwrap())
    });
}

/// A new session and `echo hi`, on this thread through `Shell::run`, and
/// through `Sandbox` (which runs each script on a big-stack run thread,
/// reused between runs).
fn session(c: &mut Criterion) {
    let mut g = c.benchmark_group("session_echo_hi");
    g.bench_function("shell_run", |b| {
        b.iter(|| {
            let mut sh = new_shell();
            let r = run_discard(&mut sh, black_box("echo hi"));
            assert_eq!(r.status, 0);
        })
    });
    g.bench_function("sandbox_run", |b| {
        b.iter(|| {
            let mut sb = sandbash_tool::Sandbox::new();
            let out = sb.run(black_box("echo hi"));
            assert_eq!(out.stdout, b"hi\n");
        })
    });
    // The two halves of `sandbox_run`: making (and dropping) a session,
    // and one more run in a session that exists.
    g.bench_function("sandbox_new", |b| {
        b.iter(|| black_box(sandbash_tool::Sandbox::new()))
    });
    let mut sb = sandbash_tool::Sandbox::new();
    g.bench_function("sandbox_run_again", |b| {
        b.iter(|| {
            let out = sb.run(black_box("echo hi"));
            assert_eq!(out.stdout, b"hi\n");
        })
    });
    g.finish();
}

/// `for ((i=0;i<100000;i++)); do x=$((x+i)); done` through `Shell::run`.
fn arith_loop(c: &mut Criterion) {
    let mut g = c.benchmark_group("arith_loop");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    g.bench_function("100k", |b| {
        b.iter(|| {
            let r = run_discard(&mut new_shell(), black_box(ARITH_LOOP));
            assert_eq!(r.status, 0);
        })
    });
    g.finish();
}

/// A function, 1000 iterations of string operations, `seq 1 1000 | wc -l`.
fn small_script(c: &mut Criterion) {
    let mut g = c.benchmark_group("small_script");
    g.sample_size(20);
    g.bench_function("end_to_end", |b| {
        b.iter(|| {
            let r = run_discard(&mut new_shell(), black_box(SMALL_SCRIPT));
            assert_eq!(r.status, 0);
        })
    });
    g.finish();
}

criterion_group!(benches, parse, session, arith_loop, small_script);
criterion_main!(benches);
