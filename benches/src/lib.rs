//! Benchmarks of sandbash.
//!
//! `benches/core.rs` holds the criterion benchmarks (`cargo bench -p
//! sandbash-benches`); `compare.sh` times the `sandbash` binary against GNU
//! bash on the same workloads. This library holds what the benchmarks
//! share: a way to build a session without the tool's run thread, and the
//! scripts they run.

#![warn(missing_docs)]

use std::sync::Arc;

use sandbash_interpreter::{Cancel, Input, Limits, Output, RunResult, Shell, ShellConfig};
use sandbash_vfs::{FsLimits, MemoryFs, Vfs};

/// A ~100-line script in the style agents write, for the parser benchmark.
pub const PARSE_SAMPLE: &str = include_str!("../scripts/parse_sample.sh");

/// `x` summed over a 100 000-iteration arithmetic `for` loop.
pub const ARITH_LOOP: &str = "x=0; for ((i=0;i<100000;i++)); do x=$((x+i)); done; echo $x";

/// A small script end to end: a function, 1000 iterations of string
/// operations, and a pipeline through two utilities.
pub const SMALL_SCRIPT: &str = r#"
label() {
    local s=$1
    s=${s^^}
    echo "${s:0:3}-${#s}"
}
acc=''
for ((i = 0; i < 1000; i++)); do
    w="item$i"
    w=${w/item/it}
    acc+=${w#it}
    if (( i % 100 == 0 )); then
        label "$w" > /dev/null
    fi
done
echo "${#acc}"
seq 1 1000 | wc -l
"#;

/// A new session as `Sandbox::new()` builds it (in-memory `/workspace`,
/// every utility, default limits), but without the tool crate's run thread.
pub fn new_shell() -> Shell {
    let fs = Arc::new(Vfs::sandbox(
        Arc::new(MemoryFs::with_limits(FsLimits::default())),
        FsLimits::default(),
    ));
    Shell::new(ShellConfig {
        fs,
        utilities: Arc::new(sandbash_builtins::registry()),
        limits: Limits::default(),
        env: vec![
            ("HOME".into(), "/home/agent".into()),
            ("PATH".into(), "/usr/local/bin:/usr/bin:/bin".into()),
        ],
        cwd: "/workspace".into(),
        name: "sandbash".into(),
        pid: 1000,
    })
}

/// Runs `script` in `shell` on the calling thread, discarding its output.
pub fn run_discard(shell: &mut Shell, script: &str) -> RunResult {
    shell.run(
        script,
        "-c",
        Input::Null,
        Output::new(std::io::sink()),
        Output::new(std::io::sink()),
        &Cancel::new(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_parses() {
        let lines = PARSE_SAMPLE.lines().count();
        assert!((90..=130).contains(&lines), "{lines} lines");
        sandbash_interpreter::syntax::parse(PARSE_SAMPLE, 500).expect("sample parses");
    }

    #[test]
    fn workloads_succeed() {
        for script in ["echo hi", ARITH_LOOP, SMALL_SCRIPT] {
            let r = run_discard(&mut new_shell(), script);
            assert_eq!(r.status, 0, "{script}");
            assert_eq!(r.stop, None, "{script}");
        }
    }

    #[test]
    fn small_script_output() {
        let mut sb = sandbash_tool::Sandbox::new();
        let out = sb.run(SMALL_SCRIPT);
        assert_eq!(String::from_utf8_lossy(&out.stdout), "2890\n1000\n");
        let out = sb.run(ARITH_LOOP);
        assert_eq!(String::from_utf8_lossy(&out.stdout), "4999950000\n");
    }
}
