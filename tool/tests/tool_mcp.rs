//! `sandbash serve --mcp` driven by a real MCP client: the MCP Python SDK
//! from PyPI, in a venv made by `tests/mcp/venv.sh` (`.ci/run` makes it
//! and sets `SANDBASH_MCP_PYTHON`; without it the test makes the venv
//! under `target/mcp-venv`, and fails loudly if it cannot).

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use serde_json::Value;

fn python() -> &'static str {
    static PY: OnceLock<String> = OnceLock::new();
    PY.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        if let Ok(p) = std::env::var("SANDBASH_MCP_PYTHON") {
            // A relative path is the workspace root's, where .ci/run runs;
            // tests run in the crate's directory.
            return root.join("..").join(p).to_string_lossy().into_owned();
        }
        let venv = root.join("../target/mcp-venv");
        let out = Command::new("bash")
            .arg(root.join("tests/mcp/venv.sh"))
            .arg(&venv)
            .output()
            .expect("bash runs");
        assert!(
            out.status.success(),
            "cannot make the MCP client venv (python3 with venv and PyPI access are needed):\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    })
}

fn client(script: &str, args: &[&str]) -> Value {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(python())
        .arg(root.join("tests/mcp").join(script))
        .args(args)
        .output()
        .expect("the client runs");
    assert!(
        out.status.success(),
        "client failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "client output is not JSON ({e}):\n{}",
            String::from_utf8_lossy(&out.stdout)
        )
    })
}

#[test]
fn stdio_lists_tools_and_keeps_one_session() {
    let seen = client("stdio_client.py", &[env!("CARGO_BIN_EXE_sandbash")]);
    assert_eq!(seen["server"], "sandbash");
    assert!(
        seen["instructions"]
            .as_str()
            .is_some_and(|s| s.contains("/workspace") && s.contains("No network"))
    );
    let tools = seen["tools"].as_array().expect("tools");
    let names: Vec<&str> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
    assert_eq!(
        names,
        [
            "bash",
            "job_list",
            "job_poll",
            "job_read",
            "job_write",
            "job_stop",
            "job_resize"
        ]
    );
    let schema = &tools[0]["schema"];
    assert_eq!(schema["required"], serde_json::json!(["command"]));
    assert_eq!(schema["properties"]["timeout"]["maximum"], 3600);
    assert_eq!(schema["properties"]["timeout"]["default"], 300);

    let calls = seen["calls"].as_array().expect("calls");
    // The first call sets state; the second sees it.
    assert_eq!(calls[0]["is_error"], false);
    assert_eq!(calls[0]["structured"]["output"], "(no output)");
    let second = &calls[1];
    assert_eq!(second["is_error"], false);
    assert_eq!(second["structured"]["stdout"], "42\nfn arg\n/tmp\ndata\n");
    assert_eq!(second["structured"]["cwd"], "/tmp");
    // The text content is the serialized object.
    let text: Value = serde_json::from_str(second["text"].as_str().expect("text")).expect("json");
    assert_eq!(text, second["structured"]);
    // A non-zero exit is an error result carrying the output.
    let failed = &calls[2]["structured"];
    assert_eq!(calls[2]["is_error"], true);
    assert_eq!(failed["message"], "Command exited with code 3");
    assert_eq!(failed["output"], "out\nerr\n");
    assert_eq!(failed["exit_code"], 3);
    // Validation errors.
    assert_eq!(calls[3]["is_error"], true);
    assert_eq!(
        calls[3]["structured"]["message"],
        "Command must not be empty"
    );
    assert_eq!(seen["bad_env"]["is_error"], true);
    assert_eq!(
        seen["bad_env"]["structured"]["message"],
        "Invalid env name: 1X"
    );
}

/// Kills the server when the test ends, however it ends.
struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn http_sessions_are_isolated() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_sandbash"))
        .args(["serve", "--http", "127.0.0.1:0"])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the server starts");
    let stderr = child.stderr.take().expect("stderr");
    let server = Server(child);
    let mut line = String::new();
    BufReader::new(stderr)
        .read_line(&mut line)
        .expect("the server says where it listens");
    let addr = line
        .trim()
        .strip_prefix("sandbash: listening on ")
        .unwrap_or_else(|| panic!("unexpected first line: {line}"))
        .to_owned();
    let seen = client("http_client.py", &[&format!("http://{addr}/mcp")]);
    drop(server);
    assert_eq!(seen["tools"][0], "bash");
    assert_eq!(seen["a1"]["is_error"], false);
    assert_eq!(seen["b1"]["structured"]["stdout"], "[]\n/workspace\n0\n");
    assert_eq!(
        seen["a2"]["structured"]["stdout"],
        "alpha []\n/tmp\nsecret\n"
    );
    assert_eq!(seen["b3"]["structured"]["stdout"], "[] beta\n");
}

fn profile(name: &str, calls: Value, extra: &[&str]) -> Value {
    let calls = calls.to_string();
    let mut args = vec![env!("CARGO_BIN_EXE_sandbash"), name, calls.as_str()];
    args.extend_from_slice(extra);
    client("profile_client.py", &args)
}

#[test]
fn profiles_over_mcp() {
    use serde_json::json;
    // rye: its JSON object is both the text and the structured content.
    let seen = profile(
        "rye",
        json!([["bash", {"command": "echo hi; exit 2"}], ["bash", {"command": "sleep 3", "timeout": 1}]]),
        &[],
    );
    assert_eq!(seen["tools"], json!(["bash"]));
    let r = &seen["results"][0];
    assert_eq!(r["is_error"], true);
    let want = json!({"success": false, "output": "hi\n", "stdout": "hi\n", "stderr": "", "exit_code": 2, "truncated": false});
    assert_eq!(r["structured"], want);
    assert_eq!(
        serde_json::from_str::<Value>(r["text"].as_str().expect("text")).ok(),
        Some(want)
    );
    assert_eq!(
        seen["results"][1]["structured"],
        json!({"success": false, "error": "Command timed out after 1 seconds", "timeout": 1})
    );
    // coding-agent: text content, details as structured content; async.
    let seen = profile(
        "coding-agent",
        json!([["bash", {"command": "echo x; exit 3"}], ["bash", {"command": "echo bg", "async": true}]]),
        &["--async"],
    );
    assert_eq!(seen["tools"], json!(["bash", "job"]));
    let r = &seen["results"][0];
    assert_eq!(r["is_error"], true);
    assert_eq!(r["text"], "x\n\nCommand exited with code 3");
    assert_eq!(r["structured"]["exitCode"], 3);
    assert_eq!(
        seen["results"][1]["structured"]["async"]["state"],
        "running"
    );
    // bashkit-shell: the alias is callable though not listed.
    let seen = profile(
        "bashkit-shell",
        json!([["virtual_bash", {"commands": "echo $USER"}]]),
        &[],
    );
    assert_eq!(seen["tools"], json!(["bashkit_shell"]));
    assert_eq!(
        seen["results"][0]["structured"],
        json!({"stdout": "everruns\n", "stderr": "", "exit_code": 0, "success": true})
    );
}
