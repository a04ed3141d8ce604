//! The drop-in profiles: their tools, fields, defaults, result shapes and
//! texts, as their seeds write them.

use serde_json::{Value, json};

use sandbash_tool::profiles::{self, Profile, ToolCall, ToolReply};
use sandbash_tool::{CallOptions, Host, HostConfig};

fn setup(name: &str) -> (Host, Box<dyn Profile>) {
    let profile = profiles::by_name(name).expect("known profile");
    let mut config = HostConfig::default();
    profile.configure(&mut config);
    (Host::new(config), profile)
}

fn call(h: &Host, p: &dyn Profile, tool: &str, args: Value) -> ToolReply {
    let Value::Object(args) = args else {
        panic!("arguments are an object")
    };
    p.call(ToolCall {
        host: h,
        session: "s",
        tool,
        args,
        options: CallOptions::default(),
    })
    .unwrap_or_else(|| panic!("no tool {tool}"))
}

fn structured(r: &ToolReply) -> &Value {
    let v = r.structured.as_ref().expect("structured content");
    let text: Value = serde_json::from_str(&r.text).expect("the text is the JSON object");
    assert_eq!(&text, v);
    v
}

#[test]
fn rye_tool_and_success_shape() {
    let (h, p) = setup("rye");
    let tools = p.tools(h.config());
    assert_eq!(tools.len(), 1);
    assert_eq!(tools[0].name, "bash");
    assert_eq!(tools[0].input_schema["required"], json!(["command"]));
    assert_eq!(
        tools[0].input_schema["properties"]["timeout"]["default"],
        120
    );
    let r = call(&h, &*p, "bash", json!({"command": "echo hi; echo err >&2"}));
    assert!(!r.is_error);
    assert_eq!(
        structured(&r),
        &json!({
            "success": true,
            "output": "hi\n[stderr]\nerr\n",
            "stdout": "hi\n",
            "stderr": "err\n",
            "exit_code": 0,
            "truncated": false
        })
    );
    let r = call(&h, &*p, "bash", json!({"command": "echo only"}));
    assert_eq!(
        structured(&r)["output"],
        "only\n",
        "no [stderr] part without stderr"
    );
    let r = call(&h, &*p, "bash", json!({"command": "echo x; exit 3"}));
    assert!(r.is_error);
    let v = structured(&r);
    assert_eq!(
        (v["success"].clone(), v["exit_code"].clone()),
        (json!(false), json!(3))
    );
    assert_eq!(v["output"], "x\n");
}

#[test]
fn rye_timeout_object_is_exact() {
    let (h, p) = setup("rye");
    let r = call(
        &h,
        &*p,
        "bash",
        json!({"command": "echo part; sleep 5", "timeout": 1}),
    );
    assert!(r.is_error);
    assert_eq!(
        structured(&r),
        &json!({"success": false, "error": "Command timed out after 1 seconds", "timeout": 1})
    );
}

#[test]
fn rye_working_dir_stays_in_the_project() {
    let (h, p) = setup("rye");
    call(
        &h,
        &*p,
        "bash",
        json!({"command": "mkdir -p sub; x=kept; cd /tmp"}),
    );
    let r = call(&h, &*p, "bash", json!({"command": "pwd; echo $x"}));
    assert_eq!(
        structured(&r)["stdout"],
        "/workspace\nkept\n",
        "each call starts at the root"
    );
    let r = call(
        &h,
        &*p,
        "bash",
        json!({"command": "pwd", "working_dir": "sub"}),
    );
    assert_eq!(structured(&r)["stdout"], "/workspace/sub\n");
    let r = call(
        &h,
        &*p,
        "bash",
        json!({"command": "pwd", "working_dir": "/workspace/sub"}),
    );
    assert_eq!(structured(&r)["stdout"], "/workspace/sub\n");
    for outside in ["..", "/tmp", "sub/../../etc"] {
        let r = call(
            &h,
            &*p,
            "bash",
            json!({"command": "pwd", "working_dir": outside}),
        );
        assert!(r.is_error);
        assert_eq!(
            structured(&r),
            &json!({"success": false, "error": "Working directory is outside the project workspace"}),
            "{outside}"
        );
    }
    let r = call(
        &h,
        &*p,
        "bash",
        json!({"command": "pwd", "working_dir": "nope"}),
    );
    assert_eq!(
        structured(&r),
        &json!({"success": false, "error": "Working directory does not exist: /workspace/nope"})
    );
}

#[test]
fn rye_streams_are_cut_at_51200_bytes() {
    let (h, p) = setup("rye");
    let r = call(
        &h,
        &*p,
        "bash",
        json!({"command": "yes 123456789 | head -c 60000"}),
    );
    let v = structured(&r);
    let stdout = v["stdout"].as_str().expect("text");
    assert_eq!(v["truncated"], true);
    let marker = "\n... [output truncated, 60000 bytes total]";
    assert!(stdout.ends_with(marker), "{}", &stdout[stdout.len() - 80..]);
    assert_eq!(stdout.len(), 51_200 + marker.len());
    assert!(stdout.starts_with("123456789\n123456789\n"));
    assert_eq!(v["stderr"], "");
}

#[test]
fn bashkit_tool_env_and_filesystem() {
    let (h, p) = setup("bashkit-shell");
    let tools = p.tools(h.config());
    assert_eq!(tools.len(), 1, "the alias is not listed");
    assert_eq!(tools[0].name, "bashkit_shell");
    let schema = &tools[0].input_schema;
    assert_eq!(schema["properties"]["timeout_ms"]["default"], 30_000);
    assert_eq!(schema["properties"]["timeout_ms"]["maximum"], 60_000);
    assert_eq!(schema["properties"]["working_dir"]["default"], "/workspace");
    assert_eq!(schema["required"], json!(["commands"]));
    let r = call(
        &h,
        &*p,
        "bashkit_shell",
        json!({"commands": "echo $HOME $SHELL $PATH $WORKSPACE $USER $HOSTNAME; pwd; ls /"}),
    );
    assert!(!r.is_error);
    let v = structured(&r);
    assert_eq!(
        v["stdout"],
        "/home/agent /bin/bash /usr/local/bin:/usr/bin:/bin /workspace everruns everruns\n/workspace\ndev\nworkspace\n"
    );
    assert_eq!(
        v.as_object().map(|o| {
            let mut k: Vec<_> = o.keys().cloned().collect();
            k.sort();
            k
        }),
        Some(vec![
            "exit_code".to_owned(),
            "stderr".to_owned(),
            "stdout".to_owned(),
            "success".to_owned()
        ])
    );
    // The legacy alias is callable.
    let r = call(&h, &*p, "virtual_bash", json!({"commands": "echo alias"}));
    assert_eq!(structured(&r)["stdout"], "alias\n");
}

#[test]
fn bashkit_fixed_limits() {
    let (h, p) = setup("bashkit-shell");
    let r = call(
        &h,
        &*p,
        "bashkit_shell",
        json!({"commands": "while :; do :; done"}),
    );
    assert!(r.is_error);
    let v = structured(&r);
    assert_eq!(v["exit_code"], 124);
    assert!(
        v["stderr"]
            .as_str()
            .is_some_and(|s| s.contains("maximum command count exceeded (1000)")),
        "{v}"
    );
    // Every loop iteration runs a command, so the command limit comes
    // first; the table's numbers are the host's limits.
    let limits = &h.config().sandbox.limits;
    assert_eq!(
        (
            limits.max_commands,
            limits.max_loop_iterations,
            limits.max_call_depth,
            limits.max_script_bytes,
            limits.max_memory
        ),
        (1_000, 10_000, 100, 1_000_000, 10_000_000)
    );
    let big = format!("#{}", "x".repeat(1_000_001));
    let r = call(&h, &*p, "bashkit_shell", json!({ "commands": big }));
    assert!(
        structured(&r)["stderr"]
            .as_str()
            .is_some_and(|s| s.contains("maximum script size exceeded (1000000)")),
        "{}",
        r.text.chars().take(300).collect::<String>()
    );
    let r = call(
        &h,
        &*p,
        "bashkit_shell",
        json!({"commands": "f() { f; }; f"}),
    );
    assert!(
        structured(&r)["stderr"]
            .as_str()
            .is_some_and(|s| s.contains("maximum function call depth exceeded (100)"))
    );
}

#[test]
fn bashkit_timeout_keeps_partial_output() {
    let (h, p) = setup("bashkit-shell");
    let r = call(
        &h,
        &*p,
        "bashkit_shell",
        json!({"commands": "echo part; sleep 5", "timeout_ms": 1000}),
    );
    assert!(r.is_error);
    let v = structured(&r);
    assert_eq!(v["stdout"], "part\n");
    assert_eq!(v["success"], false);
    assert_eq!(v["error"], "Command timed out after 1000 ms");
}

fn coding_agent(async_enabled: bool) -> (Host, Box<dyn Profile>) {
    let profile =
        profiles::by_name_with("coding-agent", profiles::ProfileOptions { async_enabled })
            .expect("known profile");
    (Host::new(HostConfig::default()), profile)
}

#[test]
fn coding_agent_tools_and_texts() {
    let (h, p) = coding_agent(false);
    let tools = p.tools(h.config());
    assert_eq!(tools.len(), 1, "no job tool without async");
    let props = &tools[0].input_schema["properties"];
    for f in ["command", "env", "timeout", "cwd", "pty"] {
        assert!(props.get(f).is_some(), "{f}");
    }
    assert!(props.get("async").is_none(), "async absent without --async");
    assert_eq!(props["timeout"]["default"], 300);
    assert_eq!(props["timeout"]["maximum"], 3600);

    let r = call(&h, &*p, "bash", json!({"command": "echo hi"}));
    assert!(!r.is_error);
    assert_eq!(r.text, "hi");
    let d = r.structured.clone().expect("details");
    assert_eq!(d["timeoutSeconds"], 300);
    assert!(d["wallTimeMs"].is_u64());
    assert!(d.get("exitCode").is_none() && d.get("meta").is_none());
    assert_eq!(
        call(&h, &*p, "bash", json!({"command": "true"})).text,
        "(no output)"
    );

    let r = call(&h, &*p, "bash", json!({"command": "echo x; exit 3"}));
    assert!(r.is_error);
    assert_eq!(r.text, "x\n\nCommand exited with code 3");
    assert_eq!(r.structured.expect("details")["exitCode"], 3);

    let r = call(
        &h,
        &*p,
        "bash",
        json!({"command": "echo", "env": {"1X": "v"}}),
    );
    assert_eq!(
        (r.is_error, r.text.as_str()),
        (true, "Invalid bash env name: 1X")
    );
    let r = call(
        &h,
        &*p,
        "bash",
        json!({"command": "touch ran", "async": true}),
    );
    assert!(r.is_error);
    assert!(
        r.text.starts_with("Async bash execution is disabled"),
        "{}",
        r.text
    );
    assert_eq!(
        call(&h, &*p, "bash", json!({"command": "ls"})).text,
        "(no output)"
    );
    let r = call(&h, &*p, "bash", json!({"command": "pwd", "cwd": "nope"}));
    assert_eq!(r.text, "Working directory does not exist: /workspace/nope");
}

#[test]
fn coding_agent_timeouts_and_truncation() {
    let (h, p) = coding_agent(false);
    let r = call(&h, &*p, "bash", json!({"command": "echo ok", "timeout": 0}));
    assert_eq!(r.text, "ok\n\nTimeout clamped to 1 seconds (requested 0)");
    let d = r.structured.expect("details");
    assert_eq!(
        (
            d["timeoutSeconds"].clone(),
            d["requestedTimeoutSeconds"].clone()
        ),
        (json!(1), json!(0.0))
    );
    let r = call(
        &h,
        &*p,
        "bash",
        json!({"command": "echo part; sleep 5", "timeout": 1}),
    );
    assert!(r.is_error);
    assert_eq!(
        r.text,
        "part\nsandbash: wall-clock timeout exceeded\n\nCommand timed out after 1 seconds"
    );
    let r = call(&h, &*p, "bash", json!({"command": "seq 1 100000"}));
    assert!(!r.is_error);
    let d = r.structured.expect("details");
    let t = &d["meta"]["truncation"];
    assert_eq!(t["direction"], "tail");
    assert_eq!(t["totalLines"], 100_000);
    let id = t["artifactId"].as_str().expect("artifact id");
    assert!(
        r.text
            .ends_with(&format!("99999\n100000\n\nFull: artifact://{id}"))
    );
}

#[test]
fn coding_agent_async_jobs() {
    let (h, p) = coding_agent(true);
    let names: Vec<_> = p.tools(h.config()).iter().map(|t| t.name).collect();
    assert_eq!(names, ["bash", "job"]);
    let r = call(
        &h,
        &*p,
        "bash",
        json!({"command": "echo bg; exit 2", "async": true}),
    );
    assert!(!r.is_error);
    let d = r.structured.expect("details");
    let id = d["async"]["jobId"].as_str().expect("job id").to_owned();
    assert_eq!(d["async"]["state"], "running");
    assert_eq!(d["async"]["type"], "bash");
    assert!(
        r.text
            .starts_with(&format!("Background job {id} started: echo bg; exit 2"))
    );
    let r = call(&h, &*p, "job", json!({"poll": [id.clone()]}));
    assert_eq!(r.text, format!("Job {id}: failed (exit 2)\nbg"));
    let r = call(&h, &*p, "job", json!({"list": true}));
    assert_eq!(r.text, format!("{id} failed echo bg; exit 2"));
    assert!(call(&h, &*p, "job", json!({})).is_error);
}

#[test]
fn loaf_bash_persists_cwd_and_env() {
    let (h, p) = setup("loaf");
    let names: Vec<_> = p.tools(h.config()).iter().map(|t| t.name).collect();
    assert_eq!(
        names,
        [
            "bash",
            "read_background_bash",
            "write_background_bash",
            "stop_background_bash",
            "resize_background_bash",
            "list_background_bash"
        ]
    );
    let r = call(
        &h,
        &*p,
        "bash",
        json!({"command": "echo out; echo err >&2", "cwd": "/tmp", "env": {"A": "1"}}),
    );
    assert!(!r.is_error);
    assert_eq!(r.text, "out\nerr\n");
    assert_eq!(r.structured, Some(json!({"exit_code": 0, "cwd": "/tmp"})));
    let r = call(&h, &*p, "bash", json!({"command": "pwd; echo $A"}));
    assert_eq!(r.text, "/tmp\n1\n", "cwd and env persist");
    let r = call(
        &h,
        &*p,
        "bash",
        json!({"command": "pwd; echo \"[$A]\"", "reset_session": true}),
    );
    assert_eq!(r.text, "/workspace\n[]\n");
    let r = call(&h, &*p, "bash", json!({"command": "exit 4"}));
    assert!(r.is_error);
    assert_eq!(r.structured.expect("structured")["exit_code"], 4);
    let r = call(
        &h,
        &*p,
        "bash",
        json!({"command": "echo ok", "timeout_seconds": 5000}),
    );
    assert!(!r.is_error, "clamped, never an error");
    assert_eq!(
        r.text,
        "ok\n\ntimeout_seconds clamped to 1200 (requested 5000)"
    );
    let r = call(
        &h,
        &*p,
        "bash",
        json!({"command": "echo part; sleep 5", "timeout_seconds": 1}),
    );
    assert!(r.is_error);
    assert!(r.text.starts_with("part\n") && r.text.ends_with("Command timed out after 1 seconds"));
}

#[test]
fn loaf_background_sessions() {
    let (h, p) = setup("loaf");
    let r = call(
        &h,
        &*p,
        "bash",
        json!({"command": "echo $COLUMNS $LINES; [ -t 0 ] && tty; while read -r l; do echo \"got $l $COLUMNS\"; done", "run_in_background": true, "session_name": "dev", "terminal_cols": 10}),
    );
    assert!(!r.is_error);
    let id = r.structured.clone().expect("structured")["session_id"]
        .as_str()
        .expect("id")
        .to_owned();
    let (prefix, rest) = id.split_at("bg-bash-".len());
    assert_eq!(prefix, "bg-bash-");
    let (millis, hex) = rest.split_once('-').expect("two parts");
    assert!(
        millis.len() >= 13 && millis.bytes().all(|b| b.is_ascii_digit()),
        "{id}"
    );
    assert!(
        hex.len() == 8 && hex.bytes().all(|b| b.is_ascii_hexdigit()),
        "{id}"
    );
    assert!(
        r.text
            .contains("terminal_cols clamped to 40 (requested 10)"),
        "{}",
        r.text
    );
    // The same name and cwd reuse the running session.
    let again = call(
        &h,
        &*p,
        "bash",
        json!({"command": "true", "run_in_background": true, "session_name": "dev"}),
    );
    assert_eq!(
        again.structured.expect("structured")["session_id"],
        id.as_str()
    );
    let w = call(
        &h,
        &*p,
        "write_background_bash",
        json!({"session_id": id, "input": "hello"}),
    );
    assert!(!w.is_error, "{}", w.text);
    let z = call(
        &h,
        &*p,
        "write_background_bash",
        json!({"session_id": id, "key": "ctrl+z"}),
    );
    assert!(z.is_error);
    assert!(z.text.contains("ctrl+z is not supported"));
    std::thread::sleep(std::time::Duration::from_millis(200));
    let rs = call(
        &h,
        &*p,
        "resize_background_bash",
        json!({"session_id": id, "cols": 100, "rows": 40}),
    );
    assert!(!rs.is_error, "{}", rs.text);
    assert_eq!(rs.text, format!("Resized {id} to 100x40"));
    call(
        &h,
        &*p,
        "write_background_bash",
        json!({"session_id": id, "input": "x"}),
    );
    call(
        &h,
        &*p,
        "write_background_bash",
        json!({"session_id": id, "key": "ctrl+d"}),
    );
    std::thread::sleep(std::time::Duration::from_millis(300));
    let out = call(
        &h,
        &*p,
        "read_background_bash",
        json!({"session_id": id, "max_chars": 500000}),
    );
    assert_eq!(
        out.text,
        "40 36\n/dev/pts/0\ngot hello 40\ngot x 100\n\nmax_chars clamped to 120000 (requested 500000)"
    );
    let list = call(&h, &*p, "list_background_bash", json!({}));
    assert_eq!(
        list.text, "No background sessions",
        "exited ones only with include_exited"
    );
    let list = call(
        &h,
        &*p,
        "list_background_bash",
        json!({"include_exited": true}),
    );
    assert!(list.text.starts_with(&format!("{id} exited")));
    let r = call(
        &h,
        &*p,
        "bash",
        json!({"command": "sleep 30", "run_in_background": true}),
    );
    let id2 = r.structured.expect("structured")["session_id"]
        .as_str()
        .expect("id")
        .to_owned();
    let stop = call(
        &h,
        &*p,
        "stop_background_bash",
        json!({"session_id": id2, "force": true}),
    );
    assert_eq!(stop.structured.expect("structured")["exit_code"], 137);
}

#[test]
fn native_terminal_jobs_and_resize() {
    let (h, p) = setup("native");
    let r = call(
        &h,
        &*p,
        "bash",
        json!({"command": "[ -t 0 ] && tty; echo \"$COLUMNS\"; read -r l; echo \"$COLUMNS $l\"", "background": true, "terminal": true}),
    );
    assert!(!r.is_error, "{}", r.text);
    let id = structured(&r)["job_id"].as_str().expect("id").to_owned();
    std::thread::sleep(std::time::Duration::from_millis(200));
    let rs = call(
        &h,
        &*p,
        "job_resize",
        json!({"job_id": id, "cols": 150, "rows": 40}),
    );
    assert!(!rs.is_error, "{}", rs.text);
    assert_eq!(structured(&rs)["cols"], 150);
    let bad = call(
        &h,
        &*p,
        "job_resize",
        json!({"job_id": id, "cols": 0, "rows": 40}),
    );
    assert!(bad.is_error);
    call(&h, &*p, "job_write", json!({"job_id": id, "input": "go"}));
    let polled = call(
        &h,
        &*p,
        "job_poll",
        json!({"job_id": id, "wait_seconds": 5}),
    );
    assert_eq!(structured(&polled)["exit_code"], 0, "{}", polled.text);
    let out = call(&h, &*p, "job_read", json!({"job_id": id}));
    assert_eq!(structured(&out)["output"], "/dev/pts/0\n80\n150 go\n");
}
