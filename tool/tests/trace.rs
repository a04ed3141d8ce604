//! The `tracing` events of runs (`interpreter/src/trace.rs`): one per
//! builtin, utility and function invocation, one per limit breach, all
//! tagged with the session, and none carrying a script's data.
//!
//! One subscriber is installed for the whole test process (as a host would)
//! so that events from every thread reach it; tests run in parallel and
//! tell their events apart by session id.

mod trace_capture;

use std::sync::OnceLock;

use sandbash_interpreter::Limits;
use sandbash_tool::{RunOptions, Sandbox, SandboxOptions};
use trace_capture::{Capture, Seen};

fn capture() -> &'static Capture {
    static CAPTURE: OnceLock<Capture> = OnceLock::new();
    CAPTURE.get_or_init(|| {
        let c = Capture::default();
        if tracing::subscriber::set_global_default(c.clone()).is_err() {
            panic!("another subscriber is installed");
        }
        c
    })
}

/// Runs `script` in a new sandbox; gives the sandbox and its events.
fn traced(script: &str, limits: Option<Limits>) -> (Sandbox, Vec<Seen>) {
    let cap = capture();
    let mut sb = Sandbox::new();
    let out = sb.run_opts(
        script,
        RunOptions {
            limits,
            ..RunOptions::default()
        },
    );
    assert!(out.stop.is_some() || out.status == 0, "{out:?}");
    let events = cap.session(sb.session_id());
    (sb, events)
}

fn commands(events: &[Seen]) -> Vec<&Seen> {
    events
        .iter()
        .filter(|e| e.field("message") == Some("command"))
        .collect()
}

/// The command events of `name`.
fn named<'a>(events: &'a [Seen], name: &str) -> Vec<&'a Seen> {
    commands(events)
        .into_iter()
        .filter(|e| e.field("name") == Some(name))
        .collect()
}

#[test]
fn every_builtin_utility_and_function_call_is_an_event() {
    let (_, events) = traced(
        "f() { :; }\necho hi >/dev/null\ncat /dev/null\nf\ngrep -q x /dev/null\nexit 0",
        None,
    );
    let got: Vec<(String, String, String)> = commands(&events)
        .iter()
        .map(|e| {
            let f = |k| e.field(k).unwrap_or("-").to_owned();
            (f("kind"), f("name"), f("status"))
        })
        .collect();
    let want = [
        ("builtin", "echo", "0"),
        ("utility", "cat", "0"),
        ("builtin", ":", "0"),
        ("function", "f", "0"),
        ("utility", "grep", "1"),
        ("builtin", "exit", "0"),
    ];
    let want: Vec<(String, String, String)> = want
        .iter()
        .map(|(a, b, c)| ((*a).into(), (*b).into(), (*c).into()))
        .collect();
    assert_eq!(got, want);
    for e in commands(&events) {
        assert_eq!(e.target, "sandbash");
        assert_eq!(e.level, tracing::Level::DEBUG);
        let us: u64 = e.field("duration_us").unwrap_or("x").parse().unwrap();
        assert!(us < 10_000_000, "{e:?}");
    }
    let finished: Vec<_> = events
        .iter()
        .filter(|e| e.field("message") == Some("run finished"))
        .collect();
    assert_eq!(finished.len(), 1, "{events:?}");
    assert_eq!(finished[0].field("status"), Some("0"));
}

#[test]
fn duration_is_measured() {
    let (_, events) = traced("sleep 0.05", None);
    let sleep = named(&events, "sleep");
    assert_eq!(sleep.len(), 1, "{events:?}");
    let us: u64 = sleep[0].field("duration_us").unwrap().parse().unwrap();
    assert!(us >= 50_000, "{us}");
}

#[test]
fn commands_run_through_other_commands_are_events() {
    let (_, events) = traced(
        "command cat /dev/null; env true; builtin echo >/dev/null",
        None,
    );
    let kinds: Vec<_> = commands(&events)
        .iter()
        .map(|e| format!("{}:{}", e.field("kind").unwrap(), e.field("name").unwrap()))
        .collect();
    assert!(kinds.contains(&"builtin:command".to_owned()), "{kinds:?}");
    assert!(kinds.contains(&"utility:cat".to_owned()), "{kinds:?}");
    assert!(kinds.contains(&"utility:env".to_owned()), "{kinds:?}");
    assert!(kinds.contains(&"builtin:true".to_owned()), "{kinds:?}");
    assert!(kinds.contains(&"builtin:builtin".to_owned()), "{kinds:?}");
}

fn breaches(events: &[Seen]) -> Vec<(String, String)> {
    events
        .iter()
        .filter(|e| e.field("message") == Some("limit exceeded"))
        .map(|e| {
            assert_eq!(e.level, tracing::Level::WARN);
            let f = |k| e.field(k).unwrap_or("-").to_owned();
            (f("limit"), f("value"))
        })
        .collect()
}

#[test]
fn a_limit_breach_is_an_event_naming_the_limit() {
    let limits = Limits {
        max_loop_iterations: 10,
        ..Limits::normal()
    };
    let (_, events) = traced("while :; do :; done", Some(limits));
    assert_eq!(
        breaches(&events),
        [("max_loop_iterations".into(), "10".into())]
    );

    let limits = Limits {
        max_commands: 3,
        ..Limits::normal()
    };
    let (_, events) = traced("echo | cat | cat | cat | cat", Some(limits));
    assert_eq!(breaches(&events), [("max_commands".into(), "3".into())]);

    let limits = Limits {
        max_script_bytes: 4,
        ..Limits::normal()
    };
    let (_, events) = traced("echo too long", Some(limits));
    assert_eq!(breaches(&events), [("max_script_bytes".into(), "4".into())]);

    let limits = Limits {
        wall_clock: Some(std::time::Duration::from_millis(50)),
        ..Limits::normal()
    };
    let (_, events) = traced("sleep 5", Some(limits));
    assert_eq!(breaches(&events), [("wall_clock".into(), "50".into())]);
}

#[test]
fn pipeline_stages_and_background_jobs_carry_the_session() {
    let (_, events) = traced(
        "echo a | cat | wc -l >/dev/null; cat /dev/null & wait",
        None,
    );
    let threads = |name| {
        named(&events, name)
            .iter()
            .map(|e| e.thread.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(threads("echo"), ["sandbash-stage"]);
    assert_eq!(threads("cat"), ["sandbash-stage", "sandbash-job"]);
    assert_eq!(threads("wc"), ["sandbash-run"]);
    // No thread of any run emits an untagged event.
    let stray: Vec<_> = capture()
        .events()
        .into_iter()
        .filter(|e| e.thread.starts_with("sandbash-") && e.session.is_none())
        .collect();
    assert!(stray.is_empty(), "{stray:?}");
}

#[test]
fn sessions_are_told_apart_and_a_host_can_name_them() {
    let cap = capture();
    let mut a = Sandbox::new();
    let mut b = Sandbox::new();
    assert_ne!(a.session_id(), b.session_id());
    b.set_session_id(u64::MAX - 7);
    std::thread::scope(|s| {
        s.spawn(|| a.run("for i in 1 2 3; do true; done"));
        s.spawn(|| b.run("for i in 1 2; do false; done"));
    });
    let ev_a = cap.session(a.session_id());
    let ev_b = cap.session(u64::MAX - 7);
    assert_eq!(named(&ev_a, "true").len(), 3);
    assert!(named(&ev_a, "false").is_empty());
    assert_eq!(named(&ev_b, "false").len(), 2);
    assert!(named(&ev_b, "true").is_empty());
}

/// A secret made at run time, so that it is in no source text that could
/// end up in a trace by some other route.
fn secret(tag: &str) -> String {
    let n = std::process::id() as u64 * 1_000_003 + tag.len() as u64;
    format!("sk{tag}{n:x}zq")
}

#[test]
fn no_secret_of_a_script_ever_appears_in_the_trace() {
    let arg = secret("arg");
    let env = secret("env");
    let heredoc = secret("heredoc");
    let output = secret("output");
    let script = format!(
        r#"
f() {{ local x=$1; echo "$x" >/dev/null; }}
f {arg}
cat /dev/null {arg} 2>/dev/null
grep -q {arg} /dev/null
printf '%s\n' {arg} >/dev/null
export SECRET={env}
env | grep -q SECRET
SECRET2={env} cat /dev/null
echo "$SECRET" | wc -c >/dev/null
cat >/tmp/h <<EOF
{heredoc}
EOF
cat /tmp/h >/dev/null
echo {output}
echo '#!/bin/bash
echo "$1"' >/tmp/s.sh; chmod +x /tmp/s.sh
/tmp/s.sh {arg} >/dev/null
eval "echo {arg}" >/dev/null
x={arg}; : "${{x}}"
echo {arg} &
wait
echo {output} >&2
while :; do echo {arg} >/dev/null; done
"#
    );
    let cap = capture();
    let mut sb = Sandbox::with_options(SandboxOptions {
        limits: Limits {
            max_loop_iterations: 5,
            ..Limits::normal()
        },
        ..SandboxOptions::default()
    })
    .unwrap();
    let out = sb.run(&script);
    // The run did handle the secrets, and printed one.
    assert!(
        String::from_utf8_lossy(&out.stdout).contains(&output),
        "{out:?}"
    );
    assert!(out.stop.is_some(), "{out:?}");
    let events = cap.session(sb.session_id());
    assert!(named(&events, "cat").len() >= 4, "{events:?}");
    assert!(!breaches(&events).is_empty(), "{events:?}");
    let text = cap.text();
    for s in [&arg, &env, &heredoc, &output] {
        assert!(
            !text.contains(s.as_str()),
            "{s} leaked into the trace:\n{text}"
        );
    }
}
