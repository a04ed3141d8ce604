//! Front ends: `sandbash serve --jsonl | --mcp` and their options.

pub mod http;
pub mod jsonl;
pub mod mcp;

use std::path::PathBuf;

use sandbash_interpreter::Limits;
use sandbash_vfs::FsLimits;

use crate::profiles::{self, Profile};
use crate::{HostConfig, WorkspaceMount};

/// Which protocol `serve` speaks.
#[derive(Clone, Debug)]
pub enum Mode {
    /// One native request per line in, one result per line out.
    Jsonl,
    /// MCP over stdio.
    Mcp,
    /// MCP streamable HTTP on an address.
    Http(http::HttpOptions),
}

/// What `sandbash serve` and `sandbash describe` were asked for.
pub struct ServeOptions {
    /// The protocol (`serve` only).
    pub mode: Option<Mode>,
    /// The profile's name.
    pub profile: Box<dyn Profile>,
    /// The host's settings.
    pub config: HostConfig,
    /// Where parked sessions go: a host directory, or memory when `None`.
    pub park_dir: Option<PathBuf>,
}

/// Usage of `sandbash serve` and `sandbash describe`.
pub const USAGE: &str = "\
Usage: sandbash serve (--jsonl | --mcp | --http ADDR) [OPTIONS]
       sandbash describe [OPTIONS]

serve --jsonl   one native request (JSON) per line on stdin, one result per
                line on stdout; one session
serve --mcp     MCP over stdio; the connection is one session
serve --http ADDR
                MCP streamable HTTP on ADDR (127.0.0.1:8080); each MCP
                session is one sandbox session; prints `listening on ADDR`
                on stderr once bound
describe        print the tool description and a system prompt

Options:
  --profile NAME        tool profile: native (default), coding-agent, rye,
                        loaf, bashkit-shell
  --async               coding-agent: offer `async` and the `job` tool
  --workspace DIR       mount host DIR read-write at /workspace (confined)
  --overlay DIR         mount host DIR read-only at /workspace, writes in memory
  --limits NAME         run limits: normal (default) or strict
  --tail-bytes N        bytes of output the model sees (default 51200)
  --artifact-dir DIR    keep overflowing outputs in host DIR (default: memory)
  --intercept           refuse commands another tool does better (cat f,
                        grep -r, find -name, sed -i, echo > f), when that
                        tool is in --tools
  --tools LIST          the host's other tools: read,search,find,edit,write
  --max-sessions N      sandbox sessions in memory at once (default 1024)
  --auto-background-ms N
                        a call still running after N ms (at most its
                        timeout less 1 s) becomes a job (default: off)
  --park-dir DIR        park idle sessions as files in host DIR (default:
                        memory)
  --idle-park SECONDS   park sessions idle this long (--http; default 600)
";

fn value(flag: &str, v: Option<String>) -> Result<String, String> {
    v.ok_or_else(|| format!("{flag}: missing value"))
}

/// The host `options` describe: parked sessions in `park_dir` or memory.
pub fn host(config: HostConfig, park_dir: Option<&std::path::Path>) -> Result<crate::Host, String> {
    Ok(match park_dir {
        Some(dir) => crate::Host::with_store(
            config,
            std::sync::Arc::new(crate::host::FileStore::new(dir).map_err(|e| e.to_string())?),
        ),
        None => crate::Host::new(config),
    })
}

/// Parses the options after `serve` or `describe`.
pub fn parse(args: impl Iterator<Item = String>, serving: bool) -> Result<ServeOptions, String> {
    let mut args = args;
    let mut mode = None;
    let mut profile_name = "native".to_owned();
    let mut profile_options = profiles::ProfileOptions::default();
    let mut config = HostConfig::default();
    let mut idle_park = std::time::Duration::from_secs(600);
    let mut intercept = false;
    let mut park_dir = None;
    let mut tools: Vec<String> = Vec::new();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--jsonl" if serving => mode = Some(Mode::Jsonl),
            "--mcp" if serving => mode = Some(Mode::Mcp),
            "--http" if serving => {
                mode = Some(Mode::Http(http::HttpOptions {
                    addr: value(&a, args.next())?,
                    idle_park,
                }));
            }
            "--idle-park" => {
                let v = value(&a, args.next())?;
                let secs: u64 = v
                    .parse()
                    .map_err(|_| format!("--idle-park: invalid number '{v}'"))?;
                idle_park = std::time::Duration::from_secs(secs);
                if let Some(Mode::Http(h)) = &mut mode {
                    h.idle_park = idle_park;
                }
            }
            "--max-sessions" => {
                let v = value(&a, args.next())?;
                config.max_live_sessions = v
                    .parse()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or_else(|| format!("--max-sessions: invalid number '{v}'"))?;
            }
            "--profile" => {
                profile_name = value(&a, args.next())?;
            }
            "--workspace" => {
                config.sandbox.workspace =
                    WorkspaceMount::Host(PathBuf::from(value(&a, args.next())?));
            }
            "--overlay" => {
                config.sandbox.workspace =
                    WorkspaceMount::Overlay(PathBuf::from(value(&a, args.next())?));
            }
            "--limits" => match value(&a, args.next())?.as_str() {
                "normal" => {
                    config.sandbox.limits = crate::hosted_limits();
                    config.sandbox.fs_limits = FsLimits::normal();
                }
                "strict" => {
                    config.sandbox.limits = Limits::strict();
                    config.sandbox.fs_limits = FsLimits::strict();
                }
                other => return Err(format!("--limits: unknown limits '{other}'")),
            },
            "--tail-bytes" => {
                let v = value(&a, args.next())?;
                config.tail_bytes = v
                    .parse()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or_else(|| format!("--tail-bytes: invalid number '{v}'"))?;
            }
            "--artifact-dir" => {
                config.artifacts =
                    crate::output::ArtifactBackend::Dir(PathBuf::from(value(&a, args.next())?));
            }
            "--intercept" => intercept = true,
            "--async" => profile_options.async_enabled = true,
            "--auto-background-ms" => {
                let v = value(&a, args.next())?;
                let ms: u64 = v
                    .parse()
                    .map_err(|_| format!("--auto-background-ms: invalid number '{v}'"))?;
                config.auto_background = Some(std::time::Duration::from_millis(ms));
            }
            "--park-dir" => park_dir = Some(PathBuf::from(value(&a, args.next())?)),
            "--tools" => {
                tools = value(&a, args.next())?
                    .split(',')
                    .map(str::trim)
                    .filter(|t| !t.is_empty())
                    .map(str::to_owned)
                    .collect();
            }
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("{other}: invalid option")),
        }
    }
    let profile = profiles::by_name_with(&profile_name, profile_options).ok_or_else(|| {
        format!(
            "--profile: unknown profile '{profile_name}' (known: {})",
            profiles::NAMES.join(", ")
        )
    })?;
    profile.configure(&mut config);
    if intercept {
        config.interception = Some(std::sync::Arc::new(
            crate::intercept::Interception::defaults(tools),
        ));
    }
    if serving && mode.is_none() {
        return Err("serve: choose --jsonl, --mcp or --http ADDR".into());
    }
    Ok(ServeOptions {
        mode,
        profile,
        config,
        park_dir,
    })
}
