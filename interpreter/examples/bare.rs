//! Runs a script in a bare shell (no utilities, only shell builtins):
//! `cargo run -p sandbash-interpreter --example bare -- 'echo hi'`.

use std::sync::Arc;

use sandbash_interpreter::{Cancel, Input, Limits, Output, Registry, Shell, ShellConfig};
use sandbash_vfs::{FsLimits, MemoryFs, Vfs};

fn main() {
    let script = std::env::args().nth(1).unwrap_or_default();
    let fs = Arc::new(Vfs::sandbox(Arc::new(MemoryFs::new()), FsLimits::default()));
    let mut sh = Shell::new(ShellConfig {
        fs,
        utilities: Arc::new(Registry::new()),
        limits: Limits::default(),
        env: vec![("HOME".into(), "/home/agent".into())],
        cwd: "/workspace".into(),
        name: "sandbash".into(),
        pid: 1000,
    });
    let r = sh.run(
        &script,
        "-c",
        Input::Null,
        Output::new(std::io::stdout()),
        Output::new(std::io::stderr()),
        &Cancel::new(),
    );
    std::process::exit(r.status);
}
