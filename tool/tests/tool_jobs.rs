//! Tool-level background jobs through a `Host`.

use std::time::{Duration, Instant};

use sandbash_tool::host::JobInput;
use sandbash_tool::jobs::JobState;
use sandbash_tool::jobs::output::Which;
use sandbash_tool::{CallRequest, Host, HostConfig};

fn start(h: &Host, command: &str) -> String {
    let mut req = CallRequest::command(command);
    req.background = Some(true);
    let r = h.call("s", &req).expect("starts");
    let id = r.job_id.clone().expect("a job id");
    assert_eq!(r.output, format!("Background job {id} started: {command}"));
    id
}

fn read_all(h: &Host, id: &str) -> String {
    h.job_read("s", id, Which::Both, 100_000, false)
        .expect("reads")
        .1
}

fn input(text: Option<&str>, key: Option<&str>) -> JobInput {
    JobInput {
        input: text.map(str::to_owned),
        key: key.map(str::to_owned),
        repeat: 1,
        append_newline: true,
    }
}

#[test]
fn a_job_runs_beside_foreground_calls() {
    let h = Host::new(HostConfig::default());
    h.call("s", &CallRequest::command("x=session; cd /tmp"))
        .expect("runs");
    let t0 = Instant::now();
    let id = start(
        &h,
        "echo \"$x $PWD\"; sleep 0.5; x=changed; echo done > /workspace/f; echo end",
    );
    assert!(t0.elapsed() < Duration::from_millis(300), "returns at once");
    assert_eq!(h.job_list("s", false).len(), 1);
    // The session is not busy while its job runs.
    let r = h.call("s", &CallRequest::command("echo fg")).expect("runs");
    assert_eq!(r.stdout, "fg\n");
    let info = h.job_poll("s", &id, Duration::from_secs(5)).expect("polls");
    assert_eq!(info.state, JobState::Completed);
    assert_eq!(info.exit_code, Some(0));
    assert_eq!(read_all(&h, &id), "session /tmp\nend\n");
    assert_eq!(read_all(&h, &id), "", "the cursor moved");
    // Files are shared; variables are the job's own.
    let r = h
        .call("s", &CallRequest::command("echo $x; cat /workspace/f"))
        .expect("runs");
    assert_eq!(r.stdout, "session\ndone\n");
    assert!(h.job_list("s", false).is_empty());
    assert_eq!(h.job_list("s", true).len(), 1);
}

#[test]
fn streams_peek_and_input() {
    let h = Host::new(HostConfig::default());
    let id = start(
        &h,
        "while read -r l; do echo \"got $l\"; echo \"err $l\" >&2; done; echo eof",
    );
    assert_eq!(h.job_write("s", &id, &input(Some("a"), None)), Ok(2));
    let mut no_newline = input(Some("b"), Some("enter"));
    no_newline.append_newline = false;
    assert_eq!(h.job_write("s", &id, &no_newline), Ok(2));
    h.job_write("s", &id, &input(None, Some("ctrl+d")))
        .expect("closes input");
    let info = h.job_poll("s", &id, Duration::from_secs(5)).expect("polls");
    assert_eq!(info.exit_code, Some(0));
    let (_, peeked, _) = h.job_read("s", &id, Which::Stdout, 5, true).expect("reads");
    assert_eq!(peeked, "got a");
    let (_, stdout, _) = h
        .job_read("s", &id, Which::Stdout, 100, false)
        .expect("reads");
    assert_eq!(stdout, "got a\ngot b\neof\n");
    let (_, stderr, _) = h
        .job_read("s", &id, Which::Stderr, 100, false)
        .expect("reads");
    assert_eq!(stderr, "err a\nerr b\n");
    assert_eq!(read_all(&h, &id), "got a\nerr a\ngot b\nerr b\neof\n");
    assert_eq!(
        h.job_write("s", &id, &input(Some("late"), None))
            .map_err(|e| e.to_string()),
        Err(format!(
            "Job {id} does not accept input (ended, or its input was closed with ctrl+d)"
        ))
    );
}

#[test]
fn keys_are_terminal_bytes() {
    let h = Host::new(HostConfig::default());
    let id = start(
        &h,
        "while read -r l; do [[ $l == $'\\e[A\\e[A' ]] && echo two-ups; echo ${#l}; done",
    );
    let mut up = input(None, Some("up"));
    up.repeat = 2;
    h.job_write("s", &id, &up).expect("writes");
    h.job_write("s", &id, &input(None, Some("enter")))
        .expect("writes");
    h.job_write("s", &id, &input(None, Some("ctrl+d")))
        .expect("writes");
    h.job_poll("s", &id, Duration::from_secs(5)).expect("polls");
    let out = read_all(&h, &id);
    assert_eq!(out, "two-ups\n6\n");
    assert_eq!(
        h.job_write("s", &id, &input(None, Some("ctrl+z")))
            .map_err(|e| e.to_string()),
        Err("ctrl+z is not supported: there is no job control in the sandbox".into())
    );
    assert_eq!(
        h.job_write("s", &id, &input(None, Some("f13")))
            .map_err(|e| e.to_string()),
        Err("Unknown key: f13".into())
    );
}

#[test]
fn interrupt_stop_and_force() {
    let h = Host::new(HostConfig::default());
    let a = start(&h, "echo a; sleep 30");
    let b = start(&h, "sleep 30");
    let c = start(&h, "sleep 30");
    std::thread::sleep(Duration::from_millis(50));
    h.job_write("s", &a, &input(None, Some("ctrl+c")))
        .expect("interrupts");
    assert_eq!(
        h.job_poll("s", &a, Duration::from_secs(2))
            .expect("ok")
            .exit_code,
        Some(130)
    );
    assert_eq!(
        h.job_stop("s", &b, false).expect("stops").exit_code,
        Some(143)
    );
    let info = h.job_stop("s", &c, true).expect("stops");
    assert_eq!((info.state, info.exit_code), (JobState::Failed, Some(137)));
    // Delivered as SIGINT: the job ended as a script does on it, not
    // cancelled by the host.
    assert_eq!(read_all(&h, &a), "a\n");
    assert_eq!(
        h.job_poll("s", "job-none", Duration::ZERO)
            .map_err(|e| e.to_string()),
        Err("No such job: job-none".into())
    );
}

#[test]
fn ctrl_c_runs_the_int_trap_and_the_script_goes_on() {
    let h = Host::new(HostConfig::default());
    let a = start(
        &h,
        "trap 'echo caught INT' INT; echo ready; sleep 30; echo \"after $?\"; exit 3",
    );
    std::thread::sleep(Duration::from_millis(100));
    let t0 = Instant::now();
    h.job_write("s", &a, &input(None, Some("ctrl+c")))
        .expect("interrupts");
    let info = h.job_poll("s", &a, Duration::from_secs(5)).expect("ok");
    assert!(t0.elapsed() < Duration::from_secs(2), "sleep was cut short");
    assert_eq!(info.exit_code, Some(3));
    assert_eq!(read_all(&h, &a), "ready\ncaught INT\nafter 130\n");
    // A `read` blocked on the job's stdin is interrupted too.
    let b = start(
        &h,
        "trap 'echo int' INT; read -r line; echo \"read $?\"; read -r l2; echo \"got $l2\"",
    );
    std::thread::sleep(Duration::from_millis(100));
    h.job_write("s", &b, &input(None, Some("ctrl+c")))
        .expect("interrupts");
    std::thread::sleep(Duration::from_millis(100));
    h.job_write("s", &b, &input(Some("x"), None))
        .expect("writes");
    let info = h.job_poll("s", &b, Duration::from_secs(5)).expect("ok");
    assert_eq!(info.exit_code, Some(0));
    assert_eq!(read_all(&h, &b), "int\nread 130\ngot x\n");
}

#[test]
fn stop_runs_the_term_trap_then_forces_after_the_grace() {
    let h = Host::new(HostConfig {
        stop_grace: Duration::from_millis(300),
        ..HostConfig::default()
    });
    // The trap cleans up and exits: its output is in the job's output.
    let a = start(
        &h,
        "trap 'echo cleanup; exit 5' TERM; while :; do sleep 1; done",
    );
    std::thread::sleep(Duration::from_millis(100));
    let info = h.job_stop("s", &a, false).expect("stops");
    assert_eq!(info.exit_code, Some(5));
    assert_eq!(read_all(&h, &a), "cleanup\n");
    // The EXIT trap runs when TERM ends a job without a TERM trap.
    let b = start(&h, "trap 'echo bye' EXIT; sleep 30");
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(
        h.job_stop("s", &b, false).expect("stops").exit_code,
        Some(143)
    );
    assert_eq!(read_all(&h, &b), "bye\n");
    // A trap that does not end the job: forced after the grace period.
    let c = start(
        &h,
        "trap 'echo ignoring' TERM; while :; do sleep 0.05; done",
    );
    std::thread::sleep(Duration::from_millis(100));
    let t0 = Instant::now();
    let info = h.job_stop("s", &c, false).expect("stops");
    assert!(t0.elapsed() >= Duration::from_millis(300));
    assert_eq!((info.state, info.exit_code), (JobState::Failed, Some(137)));
    assert!(read_all(&h, &c).starts_with("ignoring\n"));
    // `trap '' TERM` ignores it, but not a forced stop.
    let d = start(&h, "trap '' TERM; sleep 30");
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(
        h.job_stop("s", &d, true).expect("stops").exit_code,
        Some(137)
    );
}

#[test]
fn a_session_has_a_job_limit_and_its_jobs_end_with_it() {
    let h = Host::new(HostConfig {
        max_jobs: 2,
        ..HostConfig::default()
    });
    let a = start(&h, "sleep 30");
    start(&h, "sleep 30");
    let mut req = CallRequest::command("sleep 30");
    req.background = Some(true);
    assert_eq!(
        h.call("s", &req).map_err(|e| e.to_string()),
        Err("Too many background jobs running (at most 2)".into())
    );
    assert!(
        !h.park("s").expect("no store error"),
        "not parked with jobs"
    );
    let t0 = Instant::now();
    h.close("s");
    assert!(t0.elapsed() < Duration::from_secs(3));
    assert!(h.job_list("s", true).is_empty());
    assert!(h.job_poll("s", &a, Duration::ZERO).is_err());
}

#[test]
fn reset_stops_the_jobs() {
    let h = Host::new(HostConfig::default());
    let id = start(&h, "sleep 30");
    h.reset("s", false).expect("resets");
    assert!(h.job_list("s", true).is_empty());
    assert!(h.job_poll("s", &id, Duration::ZERO).is_err());
}

#[test]
fn a_long_call_becomes_a_job() {
    let h = Host::new(HostConfig {
        auto_background: Some(Duration::from_millis(300)),
        ..HostConfig::default()
    });
    // A quick call returns as usual, its state kept.
    let r = h
        .call("s", &CallRequest::command("cd /tmp; echo quick"))
        .expect("runs");
    assert_eq!((r.stdout.as_str(), r.job_id.as_ref()), ("quick\n", None));
    let t0 = Instant::now();
    let r = h
        .call(
            "s",
            &CallRequest::command("echo first; sleep 1; echo second; x=kept"),
        )
        .expect("backgrounded");
    assert!(
        t0.elapsed() < Duration::from_millis(900),
        "returned at the threshold"
    );
    let id = r.job_id.clone().expect("a job id");
    assert!(
        r.output.starts_with("first\n\nBackground job "),
        "{}",
        r.output
    );
    let info = h.job_poll("s", &id, Duration::from_secs(5)).expect("polls");
    assert_eq!((info.state, info.exit_code), (JobState::Completed, Some(0)));
    assert_eq!(
        read_all(&h, &id),
        "second\n",
        "what came after the hand-over"
    );
    // It ran in the session's own shell: its state stuck.
    let r = h
        .call("s", &CallRequest::command("echo $x; pwd"))
        .expect("runs");
    assert_eq!(r.stdout, "kept\n/tmp\n");
    // A backgrounded call can be stopped.
    let r = h
        .call("s", &CallRequest::command("sleep 30"))
        .expect("backgrounded");
    let id = r.job_id.expect("a job id");
    assert_eq!(
        h.job_stop("s", &id, false).expect("stops").exit_code,
        Some(143)
    );
    // Its stop and ctrl+c are signals to the session's shell: traps run.
    let r = h
        .call(
            "s",
            &CallRequest::command(
                "trap 'echo got TERM; exit 7' TERM; trap 'echo got INT' INT; while :; do sleep 0.05; done",
            ),
        )
        .expect("backgrounded");
    let id = r.job_id.expect("a job id");
    h.job_write("s", &id, &input(None, Some("ctrl+c"))).ok();
    std::thread::sleep(Duration::from_millis(300));
    let info = h.job_stop("s", &id, false).expect("stops");
    assert_eq!(info.exit_code, Some(7));
    assert_eq!(read_all(&h, &id), "got INT\ngot TERM\n");
    let r = h
        .call("s", &CallRequest::command("echo after"))
        .expect("runs");
    assert_eq!(r.stdout, "after\n");
}

fn start_terminal(h: &Host, command: &str) -> String {
    let mut req = CallRequest::command(command);
    req.background = Some(true);
    req.terminal = Some(true);
    h.call("s", &req).expect("starts").job_id.expect("a job id")
}

#[test]
fn a_terminal_job_sees_a_terminal() {
    let h = Host::new(HostConfig::default());
    let a = start_terminal(
        &h,
        "[ -t 0 ] && echo in; [ -t 1 ] && echo out; [[ -t 2 ]] && echo err; tty; \
         [ -t 1 ] >/dev/null || echo redirected; echo $( [ -t 1 ] || echo subst ); \
         tty </dev/null; echo \"$COLUMNS x $LINES\"; \
         read -r -p 'name? ' n; echo \"hi $n\"",
    );
    std::thread::sleep(Duration::from_millis(200));
    h.job_write("s", &a, &input(Some("bob"), None))
        .expect("writes");
    let info = h.job_poll("s", &a, Duration::from_secs(5)).expect("ok");
    assert_eq!(info.exit_code, Some(0));
    let out = h
        .job_read("s", &a, Which::Stdout, 10_000, false)
        .expect("reads")
        .1;
    assert_eq!(
        out,
        "in\nout\nerr\n/dev/pts/0\nredirected\nsubst\nnot a tty\n80 x 24\nhi bob\n"
    );
    // The prompt goes to stderr, as bash writes it on a terminal.
    let err = h
        .job_read("s", &a, Which::Stderr, 10_000, false)
        .expect("reads")
        .1;
    assert_eq!(err, "name? ");
    // Without terminal mode nothing is a terminal and there is no prompt.
    let b = start(
        &h,
        "[ -t 0 ] || echo no; tty; read -r -p 'name? ' n; echo \"[$n]\"",
    );
    h.job_write("s", &b, &input(None, Some("ctrl+d")))
        .expect("closes");
    h.job_poll("s", &b, Duration::from_secs(5)).expect("ok");
    assert_eq!(read_all(&h, &b), "no\nnot a tty\n[]\n");
}

#[test]
fn resize_sets_columns_and_lines_and_sends_winch() {
    let h = Host::new(HostConfig::default());
    let mut req = CallRequest::command(
        "trap 'echo winch' WINCH; echo \"$COLUMNS $LINES\"; for i in $(seq 200); do \
         if [ \"$COLUMNS\" = 132 ]; then echo \"$COLUMNS $LINES\"; break; fi; sleep 0.02; done",
    );
    req.background = Some(true);
    req.terminal = Some(true);
    req.env = Some([("COLUMNS".to_owned(), "100".to_owned())].into());
    let id = h.call("s", &req).expect("starts").job_id.expect("id");
    std::thread::sleep(Duration::from_millis(150));
    let info = h.job_resize("s", &id, 132, 50).expect("resizes");
    assert_eq!(info.state, JobState::Running);
    let info = h.job_poll("s", &id, Duration::from_secs(5)).expect("ok");
    assert_eq!(info.exit_code, Some(0));
    assert_eq!(read_all(&h, &id), "100 24\nwinch\n132 50\n");
    // A job started without a terminal can be resized too.
    let b = start(&h, "sleep 0.3; echo \"$COLUMNS\"");
    h.job_resize("s", &b, 90, 30).expect("resizes");
    h.job_poll("s", &b, Duration::from_secs(5)).expect("ok");
    assert_eq!(read_all(&h, &b), "90\n");
}

#[test]
fn ctrl_c_ends_a_utility_reading_the_jobs_stdin_quietly() {
    let h = Host::new(HostConfig::default());
    let a = start(&h, "trap 'echo int' INT; cat; echo \"after $?\"");
    std::thread::sleep(Duration::from_millis(100));
    h.job_write("s", &a, &input(Some("line"), None))
        .expect("writes");
    std::thread::sleep(Duration::from_millis(100));
    h.job_write("s", &a, &input(None, Some("ctrl+c")))
        .expect("interrupts");
    let info = h.job_poll("s", &a, Duration::from_secs(5)).expect("ok");
    assert_eq!(info.exit_code, Some(0));
    assert_eq!(read_all(&h, &a), "line\nint\nafter 130\n");
}
