//! The body of the `find` fuzz target (its own file so that the `find`
//! helper's work stays apart from `bodies.rs`; `tool/tests/fuzz_regressions.rs`
//! includes it with `#[path]` as it includes `bodies.rs`).
//!
//! The input, split at NUL bytes, is `find`'s argument list (at most
//! [`MAX_ARGS`] words). Each word also goes straight through the
//! expression parser and the `-printf` format parser, which must not
//! panic; then `find ARGS` runs in a fresh sandbox under the fuzz limits
//! over a small prepared tree (nested directories, an empty file and an
//! empty directory, an old file, a link to a file, a dangling link, a
//! link to its own directory and a link loop), with `y`/`n` lines on
//! stdin for `-ok`. The run must not panic, must end within its wall
//! clock (plus slack), and keep its output bounded.

use std::time::Instant;

use sandbash_interpreter::STATUS_LIMIT;
use sandbash_tool::{RunOptions, Sandbox, SandboxOptions, WorkspaceMount};
use sandbash_vfs::FileSystem;

use crate::bodies::{WALL_CLOCK_SLACK, fuzz_fs_limits, fuzz_limits, on_big_stack};

/// The most arguments one input gives `find`.
pub const MAX_ARGS: usize = 64;

/// Builds the tree `find` walks, under `/workspace`.
fn prepare(fs: &dyn FileSystem) {
    let dirs = ["/workspace/d/a/b", "/workspace/d/c", "/workspace/d/empty"];
    for d in dirs {
        let _ = fs.create_dir(d, true);
    }
    let files: [(&str, &[u8]); 5] = [
        ("/workspace/d/a/f.txt", b"hello\n"),
        ("/workspace/d/a/b/g", b"x"),
        ("/workspace/d/zero", b""),
        ("/workspace/d/c/big", &[b'z'; 3000]),
        ("/workspace/d/Upper.TXT", b"caps\n"),
    ];
    for (f, data) in files {
        let _ = fs.write(f, data);
    }
    let _ = fs.set_mtime("/workspace/d/zero", std::time::UNIX_EPOCH);
    let _ = fs.set_mode("/workspace/d/c/big", 0o755);
    let links = [
        ("a/f.txt", "/workspace/d/tofile"),
        ("nowhere", "/workspace/d/dangling"),
        ("..", "/workspace/d/a/up"),
        ("loop2", "/workspace/d/loop1"),
        ("loop1", "/workspace/d/loop2"),
    ];
    for (target, link) in links {
        let _ = fs.symlink(target, link);
    }
}

/// See the module documentation.
pub fn find(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let args: Vec<String> = text.split('\0').take(MAX_ARGS).map(str::to_owned).collect();
    // The parsers alone, on a thread with the interpreter's stack.
    on_big_stack(|| {
        let fs = sandbash_vfs::MemoryFs::new();
        let _ = sandbash_builtins::parsers::find(&args, &fs, "/");
        for a in &args {
            let _ = sandbash_builtins::parsers::find_format(a);
        }
    });
    let mut script = String::from("cd d && find");
    for a in &args {
        script.push_str(" '");
        script.push_str(&a.replace('\'', r"'\''"));
        script.push('\'');
    }
    script.push('\n');
    let limits = fuzz_limits();
    let mut sb = Sandbox::with_options(SandboxOptions {
        workspace: WorkspaceMount::Memory,
        limits: limits.clone(),
        fs_limits: fuzz_fs_limits(),
    })
    .expect("harness: cannot build the sandbox");
    prepare(sb.fs().as_ref());
    let wall = limits.wall_clock.unwrap_or_default();
    let started = Instant::now();
    let out = sb.run_opts(
        &script,
        RunOptions {
            limits: Some(limits.clone()),
            cancel: None,
            stdin: Some(b"y\nn\ny\n".to_vec()),
        },
    );
    let took = started.elapsed();
    assert!(
        took <= wall + WALL_CLOCK_SLACK,
        "run took {took:?}, its wall clock is {wall:?}"
    );
    if out.stop.is_some() {
        assert_eq!(out.status, STATUS_LIMIT, "stopped run: {:?}", out.stop);
    }
    assert!((0..=255).contains(&out.status), "status {}", out.status);
    for s in [&out.stdout, &out.stderr] {
        assert!(s.len() as u64 <= limits.max_output, "output over the limit");
    }
}
