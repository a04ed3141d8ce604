//! Interception through a `Host`: blocked calls run nothing and say why.

use std::sync::Arc;

use sandbash_tool::intercept::{Interception, Rule};
use sandbash_tool::{CallError, CallRequest, Host, HostConfig};

fn host(interception: Interception) -> Host {
    Host::new(HostConfig {
        interception: Some(Arc::new(interception)),
        ..HostConfig::default()
    })
}

fn all_tools() -> Vec<String> {
    ["read", "search", "find", "edit", "write"]
        .map(str::to_owned)
        .to_vec()
}

#[test]
fn blocked_calls_run_nothing() {
    let h = host(Interception::defaults(all_tools()));
    let r = h.call("s", &CallRequest::command("touch ran; cat f"));
    let Err(e @ CallError::Blocked { .. }) = r else {
        panic!("not blocked: {r:?}");
    };
    assert_eq!(
        e.to_string(),
        "Blocked: read files with the read tool, not cat, head, tail, less or more\n\
         Original command: touch ran; cat f"
    );
    let ls = h.call("s", &CallRequest::command("ls")).expect("runs");
    assert_eq!(ls.output, "(no output)", "nothing ran");
    // Text that merely mentions a command is not blocked.
    for fine in [
        "echo \"cat f\"",
        "echo 'grep it' | wc -l",
        "seq 3 | head -n 1",
    ] {
        assert!(h.call("s", &CallRequest::command(fine)).is_ok(), "{fine}");
    }
    // The cd-stripped command is checked too.
    h.call("s", &CallRequest::command("mkdir d")).expect("runs");
    assert!(matches!(
        h.call("s", &CallRequest::command("cd d && echo x > f")),
        Err(CallError::Blocked { tool, .. }) if tool == "write"
    ));
}

#[test]
fn rules_need_their_tool_and_host_rules_match_text() {
    let h = host(Interception::new(
        vec![Rule {
            pattern: r"^\s*sleep\b".into(),
            message: "use the wait tool".into(),
            tool: "wait".into(),
        }],
        true,
        vec!["wait".into()],
    ));
    assert!(
        h.call("s", &CallRequest::command("echo x > f; cat f"))
            .is_ok()
    );
    let e = h
        .call("s", &CallRequest::command("sleep 1"))
        .expect_err("blocked");
    assert_eq!(
        e.to_string(),
        "Blocked: use the wait tool\nOriginal command: sleep 1"
    );
}
