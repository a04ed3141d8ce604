//! The `sandbash` command: run a script in a sandbox, like `bash` would,
//! without touching the host (except to read the script file named on the
//! command line, and a `--workspace`/`--overlay` directory through cap-std).

use std::io::Read;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use sandbash_interpreter::{Cancel, Input, Limits, Output, bytes};
use sandbash_tool::serve::Mode;
use sandbash_tool::{Sandbox, SandboxOptions, WorkspaceMount};

const USAGE: &str = "\
Usage: sandbash [OPTIONS] -c SCRIPT [NAME [ARGS...]]
       sandbash [OPTIONS] FILE [ARGS...]
       sandbash [OPTIONS] < SCRIPT
       sandbash serve (--jsonl | --mcp) [...]   (sandbash serve --help)
       sandbash describe [...]

Runs a bash script inside an in-process sandbox: every command is
reimplemented over a virtual filesystem; nothing runs on the host.

Options:
  -c SCRIPT              run SCRIPT; NAME sets $0, ARGS set $1...
  --workspace DIR        mount host DIR read-write at /workspace (confined)
  --overlay DIR          mount host DIR read-only at /workspace, writes in memory
  --profile NAME         limits profile: normal (default) or strict
  --timeout SECONDS      wall-clock limit
  --max-commands N       commands per run
  --max-loop-iterations N
  --max-depth N          function call / eval / source depth
  --max-memory BYTES
  --max-output BYTES
  --max-fs-bytes BYTES   total bytes of files in the virtual filesystem
  -h, --help             show this help
  -V, --version          show the version

Options apply in order: a --profile resets every limit given before it.
Exit status: the script's; 124 when a limit or the timeout stopped it
(stderr names it: `sandbash: maximum loop iterations exceeded (N)`); 2 for
a bad option.
";

struct Cli {
    options: SandboxOptions,
    command: Option<String>,
    file: Option<String>,
    args: Vec<String>,
}

fn parse_number<T: std::str::FromStr>(flag: &str, v: Option<String>) -> Result<T, String> {
    let v = v.ok_or_else(|| format!("{flag}: missing value"))?;
    v.parse()
        .map_err(|_| format!("{flag}: invalid number '{v}'"))
}

fn parse_args(mut argv: impl Iterator<Item = String>) -> Result<Option<Cli>, String> {
    let mut options = SandboxOptions::default();
    let mut limits = Limits::default();
    let mut command = None;
    let mut file = None;
    let mut args = Vec::new();
    while let Some(a) = argv.next() {
        match a.as_str() {
            "-h" | "--help" => {
                print!("{USAGE}");
                return Ok(None);
            }
            "-V" | "--version" => {
                println!("sandbash {}", env!("CARGO_PKG_VERSION"));
                return Ok(None);
            }
            "-c" => {
                command = Some(argv.next().ok_or("-c: option requires an argument")?);
                args.extend(argv.by_ref());
            }
            "--workspace" => {
                options.workspace = WorkspaceMount::Host(PathBuf::from(
                    argv.next().ok_or("--workspace: missing DIR")?,
                ));
            }
            "--overlay" => {
                options.workspace = WorkspaceMount::Overlay(PathBuf::from(
                    argv.next().ok_or("--overlay: missing DIR")?,
                ));
            }
            "--profile" => match argv.next().as_deref() {
                Some("normal") => {
                    limits = Limits::normal();
                    options.fs_limits = sandbash_vfs::FsLimits::normal();
                }
                Some("strict") => {
                    limits = Limits::strict();
                    options.fs_limits = sandbash_vfs::FsLimits::strict();
                }
                other => {
                    return Err(format!(
                        "--profile: unknown profile '{}'",
                        other.unwrap_or("")
                    ));
                }
            },
            "--timeout" => {
                let s: f64 = parse_number(&a, argv.next())?;
                if !(s.is_finite() && s >= 0.0) {
                    return Err(format!("{a}: invalid number"));
                }
                limits.wall_clock = Some(Duration::from_secs_f64(s));
            }
            "--max-commands" => limits.max_commands = parse_number(&a, argv.next())?,
            "--max-loop-iterations" => limits.max_loop_iterations = parse_number(&a, argv.next())?,
            "--max-depth" => limits.max_call_depth = parse_number(&a, argv.next())?,
            "--max-memory" => limits.max_memory = parse_number(&a, argv.next())?,
            "--max-output" => limits.max_output = parse_number(&a, argv.next())?,
            "--max-fs-bytes" => {
                options.fs_limits.max_total_bytes = parse_number(&a, argv.next())?;
            }
            s if s.starts_with('-') && s.len() > 1 && file.is_none() => {
                return Err(format!("{s}: invalid option"));
            }
            _ => {
                file = Some(a);
                args.extend(argv.by_ref());
            }
        }
    }
    options.limits = limits;
    Ok(Some(Cli {
        options,
        command,
        file,
        args,
    }))
}

/// `sandbash serve ...` (`serving`) or `sandbash describe ...`.
fn serve(args: impl Iterator<Item = String>, serving: bool) -> ExitCode {
    let options = match sandbash_tool::serve::parse(args, serving) {
        Ok(o) => o,
        Err(e) if e.is_empty() => {
            print!("{}", sandbash_tool::serve::USAGE);
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("sandbash: {e}\n{}", sandbash_tool::serve::USAGE);
            return ExitCode::from(2);
        }
    };
    let done = match options.mode {
        None => {
            let config = &options.config;
            let mut text = String::new();
            for tool in options.profile.tools(config) {
                text.push_str(&format!(
                    "# Tool `{}`\n\n{}\n\n",
                    tool.name, tool.description
                ));
            }
            text.push_str("# System prompt\n\n");
            text.push_str(&sandbash_tool::describe::system_prompt(config));
            // A closed pipe (`describe | head`) is not an error worth a panic.
            let _ = std::io::Write::write_all(&mut std::io::stdout().lock(), text.as_bytes());
            Ok(())
        }
        Some(mode) => {
            match sandbash_tool::serve::host(options.config, options.park_dir.as_deref()) {
                Err(e) => Err(e),
                Ok(host) => match mode {
                    Mode::Jsonl => sandbash_tool::serve::jsonl::serve(
                        &host,
                        std::io::stdin().lock(),
                        std::io::stdout().lock(),
                    )
                    .map_err(|e| e.to_string()),
                    Mode::Mcp => {
                        sandbash_tool::serve::mcp::serve_stdio(Arc::new(host), options.profile)
                    }
                    Mode::Http(http) => sandbash_tool::serve::http::serve(
                        Arc::new(host),
                        options.profile,
                        http,
                        |addr| eprintln!("sandbash: listening on {addr}"),
                    ),
                },
            }
        }
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sandbash: {e}");
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    // Arguments are bytes: ones that are not UTF-8 keep their bytes
    // (`crate::bytes` stand-ins) instead of panicking `std::env::args`.
    let mut argv = std::env::args_os()
        .skip(1)
        .map(|a| bytes::decode(a.as_bytes()).into_owned())
        .peekable();
    match argv.peek().map(String::as_str) {
        Some("serve") => {
            argv.next();
            return serve(argv, true);
        }
        Some("describe") => {
            argv.next();
            return serve(argv, false);
        }
        _ => {}
    }
    let cli = match parse_args(argv) {
        Ok(Some(c)) => c,
        Ok(None) => return ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sandbash: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut sandbox = match Sandbox::with_options(cli.options) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("sandbash: {e}");
            return ExitCode::from(2);
        }
    };
    let (script, source, name, positional, stdin) = if let Some(c) = cli.command {
        let mut args = cli.args.into_iter();
        let name = args.next().unwrap_or_else(|| "sandbash".into());
        (
            c,
            "-c".to_owned(),
            name,
            args.collect(),
            Input::new(std::io::stdin()),
        )
    } else if let Some(f) = cli.file {
        match std::fs::read(&f) {
            Ok(b) => (
                bytes::decode_vec(b),
                f.clone(),
                f,
                cli.args,
                Input::new(std::io::stdin()),
            ),
            Err(e) => {
                eprintln!("sandbash: {f}: {e}");
                return ExitCode::from(127);
            }
        }
    } else {
        let mut s = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut s) {
            eprintln!("sandbash: cannot read standard input: {e}");
            return ExitCode::from(2);
        }
        (
            bytes::decode_vec(s),
            "sandbash".to_owned(),
            "sandbash".to_owned(),
            Vec::new(),
            Input::Null,
        )
    };
    {
        let mut shell = sandbox.shell_mut();
        shell.set_name(&name);
        shell.set_positional(positional);
    }
    let r = sandbox.run_with(
        &script,
        &source,
        stdin,
        Output::new(std::io::stdout()),
        Output::new(std::io::stderr()),
        &Cancel::new(),
    );
    ExitCode::from((r.status & 0xff) as u8)
}
