//! Tests of shell arithmetic; expected texts are bash 5.2's output.

use std::collections::HashMap;

use super::*;

#[derive(Default)]
struct Env {
    vars: HashMap<String, String>,
    assoc: Vec<String>,
}

impl Env {
    fn with(pairs: &[(&str, &str)]) -> Self {
        let mut env = Env::default();
        for (k, v) in pairs {
            env.vars.insert((*k).to_string(), (*v).to_string());
        }
        env
    }

    fn key(name: &str, index: Option<&str>) -> String {
        match index {
            Some(i) => format!("{name}[{i}]"),
            None => name.to_string(),
        }
    }

    fn val(&self, key: &str) -> Option<&str> {
        self.vars.get(key).map(String::as_str)
    }
}

impl ArithEnv for Env {
    fn get(&mut self, name: &str, index: Option<&str>) -> Result<Option<String>, ArithError> {
        if name == "unbound" {
            return Err(ArithError::other("unbound: unbound variable"));
        }
        Ok(self.vars.get(&Env::key(name, index)).cloned())
    }

    fn set(&mut self, name: &str, index: Option<&str>, value: i64) -> Result<(), ArithError> {
        if name == "ro" {
            return Err(ArithError::other("ro: readonly variable"));
        }
        self.vars.insert(Env::key(name, index), value.to_string());
        Ok(())
    }

    fn is_assoc(&self, name: &str) -> bool {
        self.assoc.iter().any(|a| a == name)
    }
}

fn ev_in(env: &mut Env, text: &str) -> Result<i64, String> {
    eval_str(text, env).map_err(|e| e.message(text))
}

fn ev(text: &str) -> i64 {
    match ev_in(&mut Env::default(), text) {
        Ok(v) => v,
        Err(e) => panic!("{text}: {e}"),
    }
}

fn err(text: &str) -> String {
    err_in(&mut Env::default(), text)
}

fn err_in(env: &mut Env, text: &str) -> String {
    match ev_in(env, text) {
        Ok(v) => panic!("{text}: expected an error, got {v}"),
        Err(e) => e,
    }
}

#[test]
fn literals() {
    assert_eq!(ev("0"), 0);
    assert_eq!(ev("00"), 0);
    assert_eq!(ev("42"), 42);
    assert_eq!(ev("017"), 15);
    assert_eq!(ev("0x1f"), 31);
    assert_eq!(ev("0XFF"), 255);
    assert_eq!(ev("0xAbC"), 2748);
    assert_eq!(ev("0x"), 0);
    assert_eq!(ev("2#101"), 5);
    assert_eq!(ev("16#ff"), 255);
    assert_eq!(ev("16#FF"), 255);
    assert_eq!(ev("36#z"), 35);
    assert_eq!(ev("36#Z"), 35);
    assert_eq!(ev("37#z"), 35);
    assert_eq!(ev("64#A"), 36);
    assert_eq!(ev("64#z"), 35);
    assert_eq!(ev("64#Z"), 61);
    assert_eq!(ev("64#@"), 62);
    assert_eq!(ev("64#_"), 63);
    assert_eq!(ev("10#09"), 9);
}

#[test]
fn empty_is_zero() {
    assert_eq!(ev(""), 0);
    assert_eq!(ev("   "), 0);
    assert_eq!(ev(" \n\t "), 0);
    assert!(parse("").map(|e| e.is_empty()).unwrap_or(false));
}

#[test]
fn wrapping() {
    assert_eq!(ev("9223372036854775807+1"), i64::MIN);
    assert_eq!(ev("9223372036854775808"), i64::MIN);
    assert_eq!(ev("99999999999999999999"), 7766279631452241919);
    assert_eq!(ev("12345678901234567890123"), 4807115922877859019);
    assert_eq!(ev("0xffffffffffffffff"), -1);
    assert_eq!(ev("0x10000000000000000"), 0);
    assert_eq!(ev("-9223372036854775808"), i64::MIN);
    assert_eq!(ev("-9223372036854775808 / -1"), i64::MIN);
    assert_eq!(ev("-9223372036854775808 % -1"), 0);
    assert_eq!(ev("9223372036854775807 * 2"), -2);
    assert_eq!(ev("2**63"), i64::MIN);
    assert_eq!(ev("2**64"), 0);
    assert_eq!(ev("3**40"), -6289078614652622815);
    assert_eq!(ev("0x7fffffffffffffff + 1"), i64::MIN);
}

#[test]
fn operators() {
    assert_eq!(ev("5 % -3"), 2);
    assert_eq!(ev("-5 % 3"), -2);
    assert_eq!(ev("-5 / 3"), -1);
    assert_eq!(ev("7/2"), 3);
    assert_eq!(ev("0**0"), 1);
    assert_eq!(ev("1<<64"), 1);
    assert_eq!(ev("1<<63"), i64::MIN);
    assert_eq!(ev("1<<-1"), i64::MIN);
    assert_eq!(ev("-8>>1"), -4);
    assert_eq!(ev("8>>65"), 4);
    assert_eq!(ev("~0"), -1);
    assert_eq!(ev("!0"), 1);
    assert_eq!(ev("!5"), 0);
    assert_eq!(ev("-~1"), 2);
    assert_eq!(ev("- -1"), 1);
    assert_eq!(ev("--5"), 5);
    assert_eq!(ev("++1"), 1);
    assert_eq!(ev("++ 1"), 1);
    assert_eq!(ev("1 - - 1"), 2);
    assert_eq!(ev("1---1"), 0);
    assert_eq!(ev("+3"), 3);
    assert_eq!(ev("1 < 2"), 1);
    assert_eq!(ev("2 <= 2"), 1);
    assert_eq!(ev("1 > 2"), 0);
    assert_eq!(ev("2 >= 3"), 0);
    assert_eq!(ev("3 == 3"), 1);
    assert_eq!(ev("3 != 3"), 0);
    assert_eq!(ev("6 & 3"), 2);
    assert_eq!(ev("6 ^ 3"), 5);
    assert_eq!(ev("6 | 3"), 7);
    assert_eq!(ev("1 && 2"), 1);
    assert_eq!(ev("0 || 3"), 1);
    assert_eq!(ev("0 || 0"), 0);
    assert_eq!(ev("2 && 0"), 0);
    assert_eq!(ev("1,2,3"), 3);
}

#[test]
fn precedence() {
    assert_eq!(ev("1 < 2 <= 3 > 0 >= 1 == 1 != 0"), 1);
    assert_eq!(ev("6 & 3 ^ 5 | 8"), 15);
    assert_eq!(ev("1 || 0 && 0"), 1);
    assert_eq!(ev("2 + 3 * 4 ** 2"), 50);
    assert_eq!(ev("1 << 2 + 1"), 8);
    assert_eq!(ev("1 < 2 == 1"), 1);
    assert_eq!(ev("3 & 2 == 2"), 1);
    assert_eq!(ev("-2**2"), 4);
    assert_eq!(ev("2**3**2"), 512);
    assert_eq!(ev("10 - 3 - 2"), 5);
    assert_eq!(ev("100 / 10 / 5"), 2);
    assert_eq!(ev("(1 + 2) * 3"), 9);
    assert_eq!(ev("1 ? 2 : 3 ? 4 : 5"), 2);
    assert_eq!(ev("0 ? 2 : 0 ? 4 : 5"), 5);
    assert_eq!(ev("1 ? 0 ? 6 : 7 : 8"), 7);
    assert_eq!(ev("0 ? 1 : 2, 9"), 9);
    assert_eq!(ev(" 1 +\n 2 "), 3);
}

#[test]
fn assignments() {
    let mut env = Env::default();
    assert_eq!(ev_in(&mut env, "x = 5"), Ok(5));
    let mut got = Vec::new();
    for e in [
        "x*=3", "x/=2", "x%=4", "x<<=3", "x>>=1", "x&=6", "x^=3", "x|=8", "x-=1", "x+=10",
    ] {
        got.push(ev_in(&mut env, e).unwrap_or(-999));
    }
    assert_eq!(got, [15, 7, 3, 24, 12, 4, 7, 15, 14, 24]);
    assert_eq!(env.val("x"), Some("24"));

    let mut env = Env::with(&[("a", "1"), ("b", "2")]);
    assert_eq!(ev_in(&mut env, "a = b = 7"), Ok(7));
    assert_eq!((env.val("a"), env.val("b")), (Some("7"), Some("7")));

    let mut env = Env::default();
    assert_eq!(ev_in(&mut env, "x = 1, y = x + 1, y * 10"), Ok(20));

    // A compound assignment reads its variable before the right side.
    let mut env = Env::with(&[("a", "1")]);
    assert_eq!(ev_in(&mut env, "a += (a = 5)"), Ok(6));
    assert_eq!(env.val("a"), Some("6"));

    // A plain assignment does not read the old value at all.
    let mut env = Env::with(&[("x", "1+")]);
    assert_eq!(ev_in(&mut env, "x = 3"), Ok(3));

    let mut env = Env::default();
    assert_eq!(ev_in(&mut env, "0 ? a = 1 : 2"), Ok(2));
    assert_eq!(env.val("a"), None);
    assert_eq!(ev_in(&mut env, "1 ? a = 1 : 2"), Ok(1));
    assert_eq!(env.val("a"), Some("1"));
}

#[test]
fn increments() {
    let mut env = Env::with(&[("x", "5")]);
    let mut got = Vec::new();
    for e in ["x++", "x", "x--", "x", "++x", "--x", "x ++"] {
        got.push(ev_in(&mut env, e).unwrap_or(-999));
    }
    assert_eq!(got, [5, 6, 6, 5, 6, 5, 5]);
    assert_eq!(env.val("x"), Some("6"));

    let mut env = Env::with(&[("a", "3"), ("b", "4")]);
    assert_eq!(ev_in(&mut env, "a+++b"), Ok(7));
    assert_eq!(env.val("a"), Some("4"));
    let mut env = Env::with(&[("a", "3"), ("b", "4")]);
    assert_eq!(ev_in(&mut env, "a---b"), Ok(-1));
    assert_eq!(env.val("a"), Some("2"));
    let mut env = Env::default();
    assert_eq!(ev_in(&mut env, "++ n"), Ok(1));
    assert_eq!(env.val("n"), Some("1"));
}

#[test]
fn short_circuit() {
    let mut env = Env::default();
    assert_eq!(ev_in(&mut env, "0 && 1/0"), Ok(0));
    assert_eq!(ev_in(&mut env, "1 || 1/0"), Ok(1));
    assert_eq!(ev_in(&mut env, "1 ? 2 : 1/0"), Ok(2));
    assert_eq!(ev_in(&mut env, "0 ? 1/0 : 3"), Ok(3));
    assert_eq!(ev_in(&mut env, "0 && (x = 1)"), Ok(0));
    assert_eq!(ev_in(&mut env, "1 || x++"), Ok(1));
    assert_eq!(env.val("x"), None);
    // Nor is a skipped variable read.
    let mut env = Env::with(&[("x", "1+")]);
    assert_eq!(ev_in(&mut env, "0 && x"), Ok(0));
    assert_eq!(ev_in(&mut env, "0 && unbound"), Ok(0));
    assert_eq!(ev_in(&mut env, "1 && 1 && 0 && 1"), Ok(0));
    assert_eq!(ev_in(&mut env, "0 || 0 || 5 || 0"), Ok(1));
}

#[test]
fn variables() {
    let mut env = Env::with(&[
        ("x", "1+2"),
        ("o", "010"),
        ("s", " 12 "),
        ("n", "-5"),
        ("e", ""),
        ("b", "  "),
        ("chain", "x*2"),
    ]);
    assert_eq!(ev_in(&mut env, "x*2"), Ok(6));
    assert_eq!(ev_in(&mut env, "o"), Ok(8));
    assert_eq!(ev_in(&mut env, "s+1"), Ok(13));
    assert_eq!(ev_in(&mut env, "n+1"), Ok(-4));
    assert_eq!(ev_in(&mut env, "e+1"), Ok(1));
    assert_eq!(ev_in(&mut env, "b+1"), Ok(1));
    assert_eq!(ev_in(&mut env, "unset+1"), Ok(1));
    assert_eq!(ev_in(&mut env, "chain+1"), Ok(7));
    assert_eq!(
        ev_in(&mut env, "unbound"),
        Err("unbound: unbound variable".into())
    );
    assert_eq!(
        ev_in(&mut env, "ro = 1"),
        Err("ro: readonly variable".into())
    );
}

#[test]
fn plain_integer_fast_path() {
    assert_eq!(eval::plain_integer("0"), Some(0));
    assert_eq!(eval::plain_integer("-0"), Some(0));
    assert_eq!(eval::plain_integer("123"), Some(123));
    assert_eq!(eval::plain_integer("-45"), Some(-45));
    assert_eq!(eval::plain_integer("010"), None);
    assert_eq!(eval::plain_integer("+5"), None);
    assert_eq!(eval::plain_integer(" 5"), None);
    assert_eq!(eval::plain_integer("5 "), None);
    assert_eq!(eval::plain_integer(""), None);
    assert_eq!(eval::plain_integer("-"), None);
    assert_eq!(eval::plain_integer("9223372036854775807"), None);
    let mut env = Env::default();
    assert_eq!(eval_value("9223372036854775807", &mut env), Ok(i64::MAX));
    assert_eq!(eval_value("-9223372036854775808", &mut env), Ok(i64::MIN));
    assert_eq!(eval_value("7", &mut env), Ok(7));
    assert_eq!(eval_value("3*3", &mut env), Ok(9));
}

#[test]
fn arrays() {
    let mut env = Env::default();
    assert_eq!(ev_in(&mut env, "a[1]=5, a[1]+a[0]"), Ok(5));
    assert_eq!(env.val("a[1]"), Some("5"));
    assert_eq!(ev_in(&mut env, "i=1, a[i+1] = 7, a[2]"), Ok(7));
    assert_eq!(ev_in(&mut env, "a[ 1 ] += 2"), Ok(7));
    assert_eq!(env.val("a[1]"), Some("7"));
    assert_eq!(ev_in(&mut env, "a[1]++ + a[1]"), Ok(15));
    assert_eq!(ev_in(&mut env, "--a[1]"), Ok(7));
    assert_eq!(ev_in(&mut env, "a[ ]"), Ok(0));
    assert_eq!(ev_in(&mut env, "a[-1] = 3"), Ok(3));
    assert_eq!(env.val("a[-1]"), Some("3"));
    assert_eq!(ev_in(&mut env, "a[a[1]-6]"), Ok(7));
    // The subscript of a compound assignment is evaluated once.
    let mut env = Env::with(&[("i", "0")]);
    assert_eq!(ev_in(&mut env, "a[i++] += 4"), Ok(4));
    assert_eq!((env.val("a[0]"), env.val("i")), (Some("4"), Some("1")));

    let mut env = Env::default();
    env.assoc.push("m".into());
    env.vars.insert("m[foo]".into(), "3".into());
    assert_eq!(ev_in(&mut env, "m[foo]+1"), Ok(4));
    assert_eq!(ev_in(&mut env, "m[foo bar] = 2"), Ok(2));
    assert_eq!(env.val("m[foo bar]"), Some("2"));
    // An indexed array's bad subscript is an error only when evaluated.
    let mut env = Env::default();
    assert_eq!(
        err_in(&mut env, "a[1+]"),
        "1+: syntax error: operand expected (error token is \"+\")"
    );
    assert_eq!(ev_in(&mut env, "0 && a[1+]"), Ok(0));
    assert_eq!(err_in(&mut env, "1 + a[]"), "a[]: bad array subscript");
}

#[test]
fn bash_error_texts() {
    let cases = [
        ("1/0", "1/0: division by 0 (error token is \"0\")"),
        ("5%0", "5%0: division by 0 (error token is \"0\")"),
        ("1/0+5", "1/0+5: division by 0 (error token is \"0+5\")"),
        (
            "1 / 0 + 5",
            "1 / 0 + 5: division by 0 (error token is \"0 + 5\")",
        ),
        ("x/=0", "x/=0: division by 0 (error token is \"0\")"),
        ("x/=0 ", "x/=0 : division by 0 (error token is \"0 \")"),
        (
            "1+",
            "1+: syntax error: operand expected (error token is \"+\")",
        ),
        (
            "+",
            "+: syntax error: operand expected (error token is \"+\")",
        ),
        (
            "1 +",
            "1 +: syntax error: operand expected (error token is \"+\")",
        ),
        (
            "1 2",
            "1 2: syntax error in expression (error token is \"2\")",
        ),
        (
            "1 2 3",
            "1 2 3: syntax error in expression (error token is \"2 3\")",
        ),
        (
            "a b",
            "a b: syntax error in expression (error token is \"b\")",
        ),
        ("09", "09: value too great for base (error token is \"09\")"),
        ("08", "08: value too great for base (error token is \"08\")"),
        (
            "09 + 1",
            "09: value too great for base (error token is \"09\")",
        ),
        (
            "2#2 + 1",
            "2#2: value too great for base (error token is \"2#2\")",
        ),
        (
            "x=1, 2#2",
            "x=1, 2#2: value too great for base (error token is \"2#2\")",
        ),
        (
            "0xg",
            "0xg: value too great for base (error token is \"0xg\")",
        ),
        (
            "16#G",
            "16#G: value too great for base (error token is \"16#G\")",
        ),
        (
            "37#Z",
            "37#Z: value too great for base (error token is \"37#Z\")",
        ),
        (
            "65#1",
            "65#1: invalid arithmetic base (error token is \"65#1\")",
        ),
        (
            "1#1",
            "1#1: invalid arithmetic base (error token is \"1#1\")",
        ),
        (
            "10#",
            "10#: invalid integer constant (error token is \"10#\")",
        ),
        ("2#", "2#: invalid integer constant (error token is \"2#\")"),
        ("0#1", "0#1: invalid number (error token is \"0#1\")"),
        (
            " 0x1#2 ",
            "0x1#2: invalid number (error token is \"0x1#2\")",
        ),
        ("2#1#1", "2#1#1: invalid number (error token is \"2#1#1\")"),
        (
            "2**-1",
            "2**-1: exponent less than 0 (error token is \"1\")",
        ),
        (
            "2**-1+3",
            "2**-1+3: exponent less than 0 (error token is \"+3\")",
        ),
        (
            " 2 ** -1 ",
            "2 ** -1 : exponent less than 0 (error token is \"1 \")",
        ),
        (
            "1 ** 2 ** -1 + 4",
            "1 ** 2 ** -1 + 4: exponent less than 0 (error token is \"+ 4\")",
        ),
        (
            "1=2",
            "1=2: attempted assignment to non-variable (error token is \"=2\")",
        ),
        (
            "(a)=1",
            "(a)=1: attempted assignment to non-variable (error token is \"=1\")",
        ),
        (
            "1 ? 2 : 3 = 4",
            "1 ? 2 : 3 = 4: attempted assignment to non-variable (error token is \"= 4\")",
        ),
        (
            "1 ? 2 : a = 3",
            "1 ? 2 : a = 3: attempted assignment to non-variable (error token is \"= 3\")",
        ),
        (
            "a+=1 = 2",
            "a+=1 = 2: attempted assignment to non-variable (error token is \"= 2\")",
        ),
        (
            " 5 = 1 ",
            "5 = 1 : attempted assignment to non-variable (error token is \"= 1 \")",
        ),
        (
            "x++ ++",
            "x++ ++: syntax error: operand expected (error token is \"+\")",
        ),
        (
            "1++",
            "1++: syntax error: operand expected (error token is \"+\")",
        ),
        (
            "++",
            "++: syntax error: operand expected (error token is \"+\")",
        ),
        (
            "@",
            "@: syntax error: operand expected (error token is \"@\")",
        ),
        (
            "1.5",
            "1.5: syntax error: invalid arithmetic operator (error token is \".5\")",
        ),
        (
            "1 $ 2",
            "1 $ 2: syntax error: invalid arithmetic operator (error token is \"$ 2\")",
        ),
        (
            " (1)$ ",
            "(1)$ : syntax error: operand expected (error token is \"$ \")",
        ),
        (
            " 1 ~ ",
            "1 ~ : syntax error in expression (error token is \"~ \")",
        ),
        (
            " a[1]a ",
            "a[1]a : syntax error in expression (error token is \"a \")",
        ),
        (
            "#1",
            "#1: syntax error: operand expected (error token is \"#1\")",
        ),
        ("a[1", "a[1: bad array subscript (error token is \"a[1\")"),
        (
            "1 + a[1 + 2",
            "1 + a[1 + 2: bad array subscript (error token is \"a[1 + 2\")",
        ),
        (
            "()",
            "(): syntax error: operand expected (error token is \")\")",
        ),
        ("(1+2", "(1+2: missing `)' (error token is \"2\")"),
        ("((1)", "((1): missing `)' (error token is \")\")"),
        (
            "1)",
            "1): syntax error in expression (error token is \")\")",
        ),
        (
            "1,",
            "1,: syntax error: operand expected (error token is \",\")",
        ),
        (
            ",1",
            ",1: syntax error: operand expected (error token is \",1\")",
        ),
        (
            " a , ",
            "a , : syntax error: operand expected (error token is \", \")",
        ),
        (
            "a=",
            "a=: syntax error: operand expected (error token is \"=\")",
        ),
        (
            " a = ",
            "a = : syntax error: operand expected (error token is \"= \")",
        ),
        (
            "=1",
            "=1: syntax error: operand expected (error token is \"=1\")",
        ),
        (
            "a = = 1",
            "a = = 1: syntax error: operand expected (error token is \"= 1\")",
        ),
        (
            "~",
            "~: syntax error: operand expected (error token is \"~\")",
        ),
        (
            "!",
            "!: syntax error: operand expected (error token is \"!\")",
        ),
        (
            "1 &&",
            "1 &&: syntax error: operand expected (error token is \"&&\")",
        ),
        (
            "1 +* 2",
            "1 +* 2: syntax error: operand expected (error token is \"* 2\")",
        ),
        (
            "!1 ~ 2",
            "!1 ~ 2: syntax error in expression (error token is \"~ 2\")",
        ),
        (
            "3 ? 4",
            "3 ? 4: `:' expected for conditional expression (error token is \"4\")",
        ),
        (
            " 1 ? 2 ",
            "1 ? 2 : `:' expected for conditional expression (error token is \"2 \")",
        ),
        (
            "3 ? 4 :",
            "3 ? 4 :: expression expected (error token is \":\")",
        ),
        ("a ?", "a ?: expression expected (error token is \"?\")"),
        (
            "a ? : 1",
            "a ? : 1: expression expected (error token is \": 1\")",
        ),
        (
            "++a++",
            "++a++: ++: assignment requires lvalue (error token is \"++\")",
        ),
        (
            "--a--",
            "--a--: --: assignment requires lvalue (error token is \"--\")",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(err(text), want, "for {text:?}");
    }
}

#[test]
fn error_display_and_kind() {
    let e = match eval_str("1/0", &mut Env::default()) {
        Err(e) => e,
        Ok(v) => panic!("got {v}"),
    };
    assert_eq!(e.kind, ArithErrorKind::DivisionByZero);
    assert_eq!(e.to_string(), "division by 0 (error token is \"0\")");
    assert_eq!(
        e.message("ignored"),
        "1/0: division by 0 (error token is \"0\")"
    );
    let other = ArithError::other("x: unbound variable");
    assert_eq!(other.message("x"), "x: unbound variable");
    // Without an expression of its own, the caller's is used.
    let bare = ArithError {
        kind: ArithErrorKind::SyntaxError,
        token: Some("b".into()),
        expr: None,
        in_subscript: false,
    };
    assert_eq!(
        bare.message("  a b"),
        "a b: syntax error in expression (error token is \"b\")"
    );
}

#[test]
fn errors_in_values() {
    let mut env = Env::with(&[("x", "1+")]);
    assert_eq!(
        err_in(&mut env, "x*2"),
        "1+: syntax error: operand expected (error token is \"+\")"
    );
    let mut env = Env::with(&[("x", " 1+ ")]);
    assert_eq!(
        err_in(&mut env, "2 * x"),
        "1+ : syntax error: operand expected (error token is \"+ \")"
    );
    let mut env = Env::with(&[("x", "x")]);
    assert_eq!(
        err_in(&mut env, "x"),
        "x: expression recursion level exceeded (error token is \"x\")"
    );
    assert_eq!(
        err_in(&mut env, "x + 1"),
        "x: expression recursion level exceeded (error token is \"x\")"
    );
    let mut env = Env::with(&[("x", "y"), ("y", "x")]);
    assert_eq!(
        err_in(&mut env, "x+1"),
        "y: expression recursion level exceeded (error token is \"y\")"
    );
    let mut env = Env::with(&[("x", "y + 1"), ("y", "x")]);
    assert_eq!(
        err_in(&mut env, "x + 1"),
        "y + 1: expression recursion level exceeded (error token is \"y + 1\")"
    );
}

fn chain(n: usize) -> Env {
    let mut env = Env::default();
    for i in 1..n {
        env.vars.insert(format!("v{i}"), format!("v{}", i + 1));
    }
    env.vars.insert(format!("v{n}"), "7".into());
    env
}

#[test]
fn recursion_bound_matches_bash() {
    assert_eq!(ev_in(&mut chain(60), "v1"), Ok(7));
    assert_eq!(ev_in(&mut chain(1023), "v1"), Ok(7));
    assert_eq!(
        err_in(&mut chain(1024), "v1"),
        "v1024: expression recursion level exceeded (error token is \"v1024\")"
    );
    assert_eq!(
        err_in(&mut chain(5000), "v1"),
        "v1024: expression recursion level exceeded (error token is \"v1024\")"
    );
}

#[test]
fn recursion_bound_fits_a_small_stack() {
    // The deepest variable chain and the deepest parse, on a thread with
    // 1 MiB of stack.
    let handle = std::thread::Builder::new().stack_size(1 << 20).spawn(|| {
        let deep = |n: usize| format!("{}1{}", "(".repeat(n), ")".repeat(n));
        let mut env = chain(1023);
        env.vars.insert("v1023".into(), deep(MAX_PARSE_DEPTH - 1));
        ev_in(&mut env, "v1")
    });
    let result = handle.map(|h| h.join());
    assert!(matches!(result, Ok(Ok(Ok(1)))), "{result:?}");
}

#[test]
fn parse_depth_is_bounded() {
    let deep = |n: usize| format!("{}1{}", "(".repeat(n), ")".repeat(n));
    assert_eq!(ev(&deep(MAX_PARSE_DEPTH)), 1);
    for text in [
        deep(MAX_PARSE_DEPTH + 1),
        deep(100_000),
        "-".repeat(100_000) + "1",
        "! ".repeat(100_000) + "1",
        "2**".repeat(100_000) + "1",
        "a=".repeat(100_000) + "1",
        "1?".repeat(100_000) + "1" + &":1".repeat(100_000),
        "0?1:".repeat(100_000) + "1",
        "a[".repeat(5_000) + "1" + &"]".repeat(5_000),
    ] {
        let e = err(&text);
        assert!(
            e.contains(": expression recursion level exceeded (error token is"),
            "{}",
            &e[..80]
        );
    }
    // Long flat expressions are not deep.
    let long = vec!["1"; 100_000].join("+");
    assert_eq!(ev(&long), 100_000);
    let long = vec!["x++"; 10_000].join(",");
    let mut env = Env::default();
    assert_eq!(ev_in(&mut env, &long), Ok(9_999));
    let long = vec!["1"; 10_000].join("&&");
    assert_eq!(ev(&long), 1);
}

#[test]
fn parse_once_eval_many() {
    let expr = match parse("x = x + i") {
        Ok(e) => e,
        Err(e) => panic!("{e}"),
    };
    let copy = expr.clone();
    assert_eq!(copy.text(), "x = x + i");
    let mut env = Env::default();
    for i in 1..=100 {
        env.vars.insert("i".into(), i.to_string());
        assert_eq!(eval(&copy, &mut env), Ok(i * (i + 1) / 2));
    }
    fn send_sync<T: Send + Sync + Clone>(_: &T) {}
    send_sync(&expr);
}

#[test]
fn nul_ends_the_text() {
    assert_eq!(ev("1+2\0+5"), 3);
}
