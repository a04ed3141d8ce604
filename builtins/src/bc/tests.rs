//! Unit tests of `bc`: each behaviour against GNU bc 1.07's output.

use super::Bc;
use crate::testutil::{Harness, TestFs, run, run_with};

fn bc(args: &[&str], program: &str) -> (String, String, i32) {
    let fs = TestFs::new();
    let r = run(&Bc, args, program.as_bytes(), &fs);
    (r.out, r.err, r.status)
}

fn out(program: &str) -> String {
    bc(&[], program).0
}

#[test]
fn arithmetic_and_scale_rules() {
    assert_eq!(out("1+2; 10-3; 6*7\n"), "3\n7\n42\n");
    assert_eq!(
        out("scale=3; -7%3; 7.5%2; 1/3; 10/3*3\n"),
        "-.001\n0\n.333\n9.999\n"
    );
    assert_eq!(
        out("0.1*0.1; scale=1; 0.1*0.1; 1.50+1.500\n"),
        "0\n0\n3.000\n"
    );
    assert_eq!(
        out("2^-2; scale=5; 2^-2; (-2)^3; -2^2; 2^3^2\n"),
        "0\n.25000\n-8\n4\n512\n"
    );
    assert_eq!(
        out("scale=10; sqrt(2); sqrt(1.00); sqrt(16)\n"),
        "1.4142135623\n1\n4.0000000000\n"
    );
    assert_eq!(
        out("length(12.3400); scale(1.230); length(0.001)\n"),
        "6\n3\n3\n"
    );
}

#[test]
fn zero_and_fraction_printing() {
    assert_eq!(
        out("-0.5; .5; 0; 0.000; -0.000; 1.50\n"),
        "-.5\n.5\n0\n0\n0\n1.50\n"
    );
}

#[test]
fn bases() {
    assert_eq!(out("obase=16; 255; -255; 0.5\n"), "FF\n-FF\n.8\n");
    assert_eq!(
        out("obase=17; 123456789; -1.25\n"),
        " 05 01 16 02 10 02 01\n- 01.04 04\n"
    );
    assert_eq!(out("obase=2; 0.1\n"), ".0001\n");
    assert_eq!(out("ibase=16; FF; ibase=A; 10\n"), "255\n10\n");
    assert_eq!(out("A; 1A; A.A; A.\n"), "10\n19\n9.9\n10\n");
    assert_eq!(out("ibase=3; A.A; AA\n"), "10.6\n8\n");
}

#[test]
fn line_splitting() {
    let o = out("2^300\n");
    let lines: Vec<&str> = o.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines.first().map(|l| l.len()), Some(69));
    assert!(lines.first().is_some_and(|l| l.ends_with('\\')));
    let fs = TestFs::new();
    let h = Harness {
        stdin: b"2^300\n",
        env: vec![("BC_LINE_LENGTH".into(), "0".into())],
        ..Harness::default()
    };
    assert_eq!(run_with(&Bc, &[], &fs, h).out.len(), 92);
}

#[test]
fn functions_arrays_and_control() {
    let p = "define f(n) {\n  if (n <= 1) return 1\n  return n * f(n-1)\n}\nf(20)\n";
    assert_eq!(out(p), "2432902008176640000\n");
    assert_eq!(
        out("define g(x) { auto y; y = x * 2; return y + 1; }\ny = 7\ng(3)\ny\n"),
        "7\n7\n"
    );
    assert_eq!(out("a[1]=5; a[1]++; a[1]; a[2]\n"), "5\n6\n0\n");
    assert_eq!(
        out("for (i = 1; i <= 10; i++) { if (i == 4) continue; if (i == 8) break; i }\n"),
        "1\n2\n3\n5\n6\n7\n"
    );
    assert_eq!(out("x=3; x^=2; x; last; .\n"), "9\n9\n9\n");
    assert_eq!(out("define void f() { print \"x\\n\"; }\nf()\n"), "x\n");
}

#[test]
fn strings_and_print() {
    assert_eq!(out("\"hello\"\nprint \"a\\tb\\n\"\n"), "helloa\tb\n");
    assert_eq!(out("print 1, 2, \"\\n\"\n"), "12\n");
}

#[test]
fn halt_and_quit() {
    assert_eq!(out("1\nhalt\n2\n"), "1\n");
    assert_eq!(out("print 1; quit\n"), "");
    assert_eq!(out("define f() { quit; }\n1\n"), "");
}

#[test]
fn errors_as_gnu() {
    let (o, e, s) = bc(&[], "1/0\n5\n");
    assert_eq!((o.as_str(), s), ("5\n", 0));
    assert_eq!(e, "Runtime error (func=(main), adr=3): Divide by zero\n");
    let (_, e, _) = bc(&[], "a=1;b=0;a/b\n(1+2)/0\nsqrt(-1)\nfoo(1)\n");
    assert_eq!(
        e,
        "Runtime error (func=(main), adr=13): Divide by zero\n\
         Runtime error (func=(main), adr=7): Divide by zero\n\
         Runtime error (func=(main), adr=4): Square root of a negative number\n\
         Runtime error (func=(main), adr=3): Function foo not defined.\n"
    );
    let (o, e, _) = bc(&[], "print 1; x=(1; print 2\n3\n");
    assert_eq!(
        (o.as_str(), e.as_str()),
        ("3\n", "(standard_in) 1: syntax error\n")
    );
    let (_, e, _) = bc(&[], "1 +\n5 $\nbreak\nreturn 5\n");
    assert_eq!(
        e,
        "(standard_in) 2: syntax error\n(standard_in) 2: illegal character: $\n\
         (standard_in) 3: Break outside a for/while\n(standard_in) 5: Return outside of a function.\n"
    );
    let (_, e, _) = bc(&[], "ibase=1\nscale=-1\n");
    assert_eq!(
        e,
        "Runtime warning (func=(main), adr=3): ibase too small, set to 2\n\
         Runtime warning (func=(main), adr=4): negative scale, set to 0\n"
    );
    let (_, e, s) = bc(&["nope"], "");
    assert_eq!((e.as_str(), s), ("File nope is unavailable.\n", 1));
    let (_, e, _) = bc(&[], "read()\n");
    assert!(e.contains("read() is not supported"));
}

#[test]
fn mathlib_digits() {
    let (o, _, _) = bc(&["-l"], "s(1); c(1); a(1)*4; l(2); e(1); j(0,1)\n");
    assert_eq!(
        o,
        ".84147098480789650665\n.54030230586813971740\n3.14159265358979323844\n\
         .69314718055994530941\n2.71828182845904523536\n.76519768655796655144\n"
    );
    let (o, _, _) = bc(&["-l"], "l(0); e(0); s(0)\n");
    assert_eq!(
        o,
        "-99999999999999999999.00000000000000000000\n1.00000000000000000000\n0\n"
    );
}

#[test]
fn files_then_stdin() {
    let fs = TestFs::new();
    fs.file("/workspace/p.bc", b"x = 4\n");
    let r = run(&Bc, &["p.bc"], b"x * 2\n", &fs);
    assert_eq!(r.out, "8\n");
}

#[test]
fn bounded_by_memory() {
    let fs = TestFs::new();
    let r = run(&Bc, &[], b"10^10^10\n", &fs);
    assert_eq!(r.status, 1);
    assert!(r.err.contains("memory exhausted"));
    // On a stack as large as the utilities' threads get (64 MiB).
    let r = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(|| {
            let fs = TestFs::new();
            run(&Bc, &[], b"define f(n) { return f(n+1); }\nf(1)\n2\n", &fs)
        })
        .map(|h| h.join());
    let Ok(Ok(r)) = r else {
        panic!("the run did not end");
    };
    assert_eq!(r.out, "2\n");
    assert!(r.err.contains("Recursion too deep"));
}

#[test]
fn help_and_version() {
    let (o, _, s) = bc(&["--help"], "");
    assert!(o.starts_with("usage: bc [options] [file ...]\n"));
    assert_eq!(s, 0);
    let (o, e, s) = bc(&["-x"], "");
    assert!(o.starts_with("usage: bc"));
    assert_eq!((e.as_str(), s), ("bc: invalid option -- 'x'\n", 1));
    let (o, _, _) = bc(&["-v"], "");
    assert_eq!(o, "bc (sandbash) 0.1.0\n");
}
