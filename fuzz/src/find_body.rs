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

use sandbash_vfs::FileSystem;

use crate::bodies::{fuzz_limits, memory_sandbox, on_big_stack, quoted, run_in_sandbox};

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
        script.push(' ');
        script.push_str(&quoted(a));
    }
    script.push('\n');
    let limits = fuzz_limits();
    let mut sb = memory_sandbox(&limits);
    prepare(sb.fs().as_ref());
    run_in_sandbox(&mut sb, &script, &limits, b"y\nn\ny\n");
}
