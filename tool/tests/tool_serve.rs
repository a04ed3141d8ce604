//! `sandbash serve --jsonl` and `sandbash describe` as a host runs them.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

fn sandbash() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sandbash"))
}

#[test]
fn jsonl_keeps_one_session() {
    let mut child = sandbash()
        .args(["serve", "--jsonl"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("starts");
    let input = concat!(
        "{\"command\":\"x=5; cd /tmp\"}\n",
        "\n",
        "{\"command\":\"echo $x; pwd\"}\n",
        "not json\n",
        "{\"command\":\"  \"}\n",
        "{\"command\":\"exit 4\",\"timeout\":9999}\n",
    );
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("writes");
    let out = child.wait_with_output().expect("ends");
    assert!(out.status.success());
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(
        lines.len(),
        5,
        "one result per request, blank lines skipped"
    );
    assert_eq!(lines[0]["output"], "(no output)");
    assert_eq!(lines[1]["stdout"], "5\n/tmp\n");
    assert_eq!(lines[1]["cwd"], "/tmp");
    assert_eq!(lines[2]["is_error"], true);
    assert!(
        lines[2]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("Invalid request: "))
    );
    assert_eq!(lines[3]["message"], "Command must not be empty");
    assert_eq!(lines[4]["message"], "Command exited with code 4");
    assert_eq!(
        lines[4]["notices"],
        serde_json::json!(["Timeout clamped to 3600 seconds (requested 9999)"])
    );
}

#[test]
fn describe_prints_the_tool_and_the_prompt() {
    let out = sandbash().arg("describe").output().expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("# Tool `bash`"), "{text}");
    assert!(text.contains("# System prompt"));
    // The command list is the registry's, whatever it holds today.
    let commands = format!(
        "- Commands: {}. Each accepts --help.",
        sandbash_tool::describe::utilities().join(" ")
    );
    assert!(text.contains(&commands), "{text}");
    assert!(text.contains(" awk ") || text.contains(": awk "));
    let strict = sandbash()
        .args(["describe", "--limits", "strict"])
        .output()
        .expect("runs");
    assert!(String::from_utf8_lossy(&strict.stdout).contains("commands per call: 1000\n"));
    let bashkit = sandbash()
        .args(["describe", "--profile", "bashkit-shell"])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&bashkit.stdout);
    assert!(text.starts_with("# Tool `bashkit_shell`"), "{text}");
    assert!(text.contains("commands per call: 1000\n") && text.contains("no /tmp"));
    let bad = sandbash()
        .args(["describe", "--profile", "nope"])
        .output()
        .expect("runs");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown profile 'nope'"));
}
