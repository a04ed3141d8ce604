//! The texts a model reads about the tool: its description and a system
//! prompt, generated from the real utility registry, the shell's real
//! builtins and the limits in force, so they never promise what is not
//! there.

use sandbash_interpreter::Limits;

use crate::call::request::{DEFAULT_TIMEOUT_SECS, MAX_TIMEOUT_SECS, MIN_TIMEOUT_SECS};
use crate::{CallRequest, Host, HostConfig};

/// Names a bash user may expect as builtins; only those the shell
/// really has are listed (asked with `type -t`).
const BUILTIN_CANDIDATES: &[&str] = &[
    "alias",
    "bg",
    "break",
    "builtin",
    "cd",
    "command",
    "compgen",
    "continue",
    "declare",
    "dirs",
    "echo",
    "eval",
    "exec",
    "exit",
    "export",
    "false",
    "fg",
    "getopts",
    "hash",
    "jobs",
    "kill",
    "let",
    "local",
    "mapfile",
    "popd",
    "printf",
    "pushd",
    "pwd",
    "read",
    "readarray",
    "readonly",
    "return",
    "set",
    "shift",
    "shopt",
    "source",
    "test",
    "trap",
    "true",
    "type",
    "typeset",
    "ulimit",
    "umask",
    "unalias",
    "unset",
    "wait",
];

/// The utilities of every sandbox, sorted.
pub fn utilities() -> Vec<&'static str> {
    sandbash_builtins::registry().names()
}

/// The shell's own builtins among the names a bash user expects, asked of a
/// real session.
pub fn shell_builtins() -> Vec<String> {
    let host = Host::new(HostConfig::default());
    let probe = BUILTIN_CANDIDATES
        .iter()
        .map(|b| format!("[ \"$(type -t {b} 2>/dev/null)\" = builtin ] && echo {b}"))
        .collect::<Vec<_>>()
        .join("\n");
    host.call("describe", &CallRequest::command(probe))
        .map(|r| r.stdout.lines().map(str::to_owned).collect())
        .unwrap_or_default()
}

fn mib(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else if bytes >= 1024 && bytes.is_multiple_of(1024) {
        format!("{} KiB", bytes >> 10)
    } else {
        format!("{bytes} bytes")
    }
}

/// The description of the native `bash` tool.
pub fn tool_description(config: &HostConfig) -> String {
    format!(
        "Run a bash script in a sandboxed, in-process bash interpreter. The session keeps its \
         working directory, variables, functions and files between calls. Every command is \
         built in (see the system prompt for the list): there is no network and no host \
         program. The model sees the last {tail} of stdout and stderr merged in write order; \
         a longer output is kept whole and named `artifact://ID`, which a later command can \
         read (`grep ERROR artifact://ID`). `timeout` is in seconds: default {def}, \
         {min}..{max}.",
        tail = mib(config.tail_bytes as u64),
        def = DEFAULT_TIMEOUT_SECS,
        min = MIN_TIMEOUT_SECS,
        max = MAX_TIMEOUT_SECS,
    )
}

fn limits_lines(limits: &Limits) -> String {
    let wall = limits
        .wall_clock
        .map_or("none".to_owned(), |d| format!("{} s", d.as_secs()));
    format!(
        "- commands per call: {}\n- loop iterations per call: {}\n- function call depth: {}\n\
         - script size: {}\n- memory: {}\n- output per call: {}\n- background jobs at once: {}\n\
         - wall clock per call: the call's timeout (sandbox default {wall})\n",
        limits.max_commands,
        limits.max_loop_iterations,
        limits.max_call_depth,
        mib(limits.max_script_bytes as u64),
        mib(limits.max_memory),
        mib(limits.max_output),
        limits.max_jobs,
    )
}

/// A system-prompt text: what exists in the sandbox and what does not.
pub fn system_prompt(config: &HostConfig) -> String {
    let limits = &config.sandbox.limits;
    format!(
        "You have a bash tool backed by sandbash, a bash interpreter that runs inside the host \
         process.\n\n\
         What exists:\n\
         - /workspace: your working directory and files; they persist between calls.\n\
         {dirs}\
         - bash syntax: pipelines, redirections, here-documents, functions, arrays, \
         `$( )`, arithmetic, `[[ ]]`, `case`, loops, background jobs with `&` and `wait`.\n\
         - Shell builtins: {builtins}.\n\
         - Commands: {utilities}. Each accepts --help.\n\n\
         What does not exist:\n\
         - No network (no curl, wget, ssh, git remotes, package managers).\n\
         - No host programs: only the commands above exist (no python, node, make, git, gcc).\n\
         - Nothing of the host outside /workspace, not even its environment variables.\n\n\
         Limits of each call (a breach stops the call with exit status 124 and names the limit):\n\
         {limits}\
         Output: the last {tail} are shown; a longer output is kept whole as `artifact://ID`.\n",
        dirs = if config.only_workspace {
            "- Nothing else: no /tmp, no /home; /dev/null, /dev/zero, /dev/urandom.\n"
        } else {
            "- /tmp and /home/agent ($HOME); /dev/null, /dev/zero, /dev/urandom.\n"
        },
        builtins = shell_builtins().join(" "),
        utilities = utilities().join(" "),
        limits = limits_lines(limits),
        tail = mib(config.tail_bytes as u64),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_only_what_exists() {
        let b = shell_builtins();
        assert!(b.iter().any(|n| n == "cd") && b.iter().any(|n| n == "read"));
        let prompt = system_prompt(&HostConfig::default());
        for u in utilities() {
            assert!(prompt.contains(u), "{u}");
        }
        assert!(prompt.contains("No network"));
        assert!(prompt.contains("memory: 256 MiB"), "{prompt}");
    }
}
