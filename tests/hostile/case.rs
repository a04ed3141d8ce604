//! The hostile corpus's case format, shared by `tool/tests/hostile.rs` (which
//! runs every case in a `Sandbox`) and `tool/tests/rss.rs` (which runs the
//! memory and output cases through the `sandbash` binary under
//! `/usr/bin/time -v`). `tests/hostile/README.md` documents the directives.
//!
//! Each test crate uses a different part of this module.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use sandbash_interpreter::{LimitKind, Limits, Stop, StopReason};
use sandbash_vfs::FsLimits;

/// The categories of the corpus, in report order.
pub const CATEGORIES: [&str; 8] = [
    "cpu",
    "memory",
    "output",
    "fs",
    "escape",
    "parser",
    "isolation",
    "time",
];

/// The wall clock a case gets when it does not set one (the profiles' own
/// are too long for a fast suite).
pub const DEFAULT_WALL_CLOCK: Duration = Duration::from_secs(3);

/// The largest script or stdin a `generate`/`stdin` directive may build.
const MAX_GENERATED: usize = 16 << 20;

/// What stopped a run, as the directives name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExpectStop {
    None,
    Limit(LimitKind),
    Timeout,
    Cancelled,
}

impl ExpectStop {
    fn parse(s: &str) -> Result<Self, String> {
        Ok(match s {
            "none" => Self::None,
            "commands" => Self::Limit(LimitKind::Commands),
            "loop_iterations" => Self::Limit(LimitKind::LoopIterations),
            "call_depth" => Self::Limit(LimitKind::CallDepth),
            "script_size" => Self::Limit(LimitKind::ScriptSize),
            "memory" => Self::Limit(LimitKind::Memory),
            "output" => Self::Limit(LimitKind::Output),
            "timeout" => Self::Timeout,
            "cancelled" => Self::Cancelled,
            other => return Err(format!("expect-stop: unknown stop {other:?}")),
        })
    }

    /// The `Stop` a run must report under `limits`.
    pub fn as_stop(self, limits: &Limits) -> Option<Stop> {
        match self {
            Self::None => None,
            Self::Limit(kind) => Some(Stop::Limit(kind, limit_value(kind, limits))),
            Self::Timeout => Some(Stop::Stopped(StopReason::Timeout)),
            Self::Cancelled => Some(Stop::Stopped(StopReason::Cancelled)),
        }
    }
}

/// The configured value of the limit of `kind`.
pub fn limit_value(kind: LimitKind, limits: &Limits) -> u64 {
    match kind {
        LimitKind::Commands => limits.max_commands,
        LimitKind::LoopIterations => limits.max_loop_iterations,
        LimitKind::CallDepth => u64::from(limits.max_call_depth),
        LimitKind::ScriptSize => limits.max_script_bytes as u64,
        LimitKind::Memory => limits.max_memory,
        LimitKind::Output => limits.max_output,
    }
}

/// Where `/workspace` comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Workspace {
    Memory,
    /// A host fixture directory, read-write (see [`make_host_fixture`]).
    Host,
    /// The same fixture, read-only under an in-memory layer.
    Overlay,
}

/// A byte count range (`N`, `N..M`, `N..`, `..M`), inclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByteRange {
    pub min: u64,
    pub max: u64,
}

impl ByteRange {
    fn parse(s: &str) -> Result<Self, String> {
        if let Some((a, b)) = s.split_once("..") {
            let min = if a.trim().is_empty() {
                0
            } else {
                parse_size(a)?
            };
            let max = if b.trim().is_empty() {
                u64::MAX
            } else {
                parse_size(b)?
            };
            Ok(Self { min, max })
        } else {
            let n = parse_size(s)?;
            Ok(Self { min: n, max: n })
        }
    }

    pub fn contains(&self, n: u64) -> bool {
        self.min <= n && n <= self.max
    }
}

impl std::fmt::Display for ByteRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.min, self.max) {
            (a, b) if a == b => write!(f, "{a}"),
            (a, u64::MAX) => write!(f, "{a}.."),
            (a, b) => write!(f, "{a}..{b}"),
        }
    }
}

/// The checks on one output stream.
#[derive(Clone, Debug, Default)]
pub struct StreamExpect {
    /// The whole stream (one `expect-stdout:` line per output line).
    pub exact: Option<Vec<u8>>,
    pub prefix: Option<Vec<u8>>,
    pub contains: Vec<Vec<u8>>,
    pub not_contains: Vec<Vec<u8>>,
    pub bytes: Option<ByteRange>,
}

impl StreamExpect {
    pub fn is_empty(&self) -> bool {
        self.exact.is_none()
            && self.prefix.is_none()
            && self.contains.is_empty()
            && self.not_contains.is_empty()
            && self.bytes.is_none()
    }
}

/// The exit status a run must end with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Is(i32),
    /// Any status but 0 (`expect-status: nonzero`), for refusals whose exact
    /// status is not the point.
    Nonzero,
}

impl Status {
    fn parse(value: &str) -> Result<Self, String> {
        match value.trim() {
            "nonzero" => Ok(Self::Nonzero),
            v => parse_int(v).map(Self::Is),
        }
    }

    pub fn matches(self, status: i32) -> bool {
        match self {
            Self::Is(s) => s == status,
            Self::Nonzero => status != 0,
        }
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Is(s) => write!(f, "{s}"),
            Self::Nonzero => f.write_str("nonzero"),
        }
    }
}

impl Default for Status {
    fn default() -> Self {
        Self::Is(0)
    }
}

/// A follow-up script run in the same sandbox (or the peer's) after the case.
#[derive(Clone, Debug, Default)]
pub struct After {
    pub script: String,
    pub status: Status,
    pub stdout: StreamExpect,
    pub stderr: StreamExpect,
}

/// One case of the corpus.
#[derive(Clone, Debug)]
pub struct Case {
    /// `category/name`, the path under `tests/hostile` without `.sh`.
    pub name: String,
    pub category: String,
    /// `category/name.sh`, as `PENDING` names it.
    pub rel_path: String,
    /// The script as run: the file's text plus what `generate` adds, with
    /// invalid UTF-8 replaced as the `sandbash` command does.
    pub script: String,
    /// Its length in bytes before the lossy conversion.
    pub script_raw_len: usize,
    /// `strict` or `normal`.
    pub profile: String,
    pub limits: Limits,
    pub fs_limits: FsLimits,
    /// Set when a limit the `sandbash` command has no flag for was changed.
    pub cli_unsupported: Vec<String>,
    pub workspace: Workspace,
    pub stdin: Option<Vec<u8>>,
    /// `(link, target)` symlinks made in the sandbox's VFS before the run.
    pub symlinks: Vec<(String, String)>,
    /// The stops the run may end with: usually one; several when a script
    /// exhausts several budgets at once and which comes first is an
    /// accounting detail (`expect-stop: commands|memory`).
    pub expect_stop: Vec<ExpectStop>,
    pub expect_status: Status,
    pub stdout: StreamExpect,
    pub stderr: StreamExpect,
    pub max_seconds: f64,
    pub min_seconds: Option<f64>,
    pub cancel_after: Option<Duration>,
    pub after: Option<After>,
    /// A script run first in a second sandbox of the same process.
    pub peer: Option<String>,
    pub peer_after: Option<After>,
    /// Host variables set before the corpus runs.
    pub env_host: Vec<(String, String)>,
    /// Texts that must appear in no output of the case.
    pub forbid: Vec<Vec<u8>>,
}

impl Case {
    /// The limits the `sandbash` command needs for this case, as flags.
    pub fn cli_flags(&self) -> Vec<String> {
        let base = if self.profile == "strict" {
            Limits::strict()
        } else {
            Limits::normal()
        };
        let mut flags = vec!["--profile".to_owned(), self.profile.clone()];
        let l = &self.limits;
        let mut push = |flag: &str, value: String| {
            flags.push(flag.to_owned());
            flags.push(value);
        };
        if let Some(w) = l.wall_clock {
            push("--timeout", format!("{}", w.as_secs_f64()));
        }
        if l.max_commands != base.max_commands {
            push("--max-commands", l.max_commands.to_string());
        }
        if l.max_loop_iterations != base.max_loop_iterations {
            push("--max-loop-iterations", l.max_loop_iterations.to_string());
        }
        if l.max_call_depth != base.max_call_depth {
            push("--max-depth", l.max_call_depth.to_string());
        }
        if l.max_memory != base.max_memory {
            push("--max-memory", l.max_memory.to_string());
        }
        if l.max_output != base.max_output {
            push("--max-output", l.max_output.to_string());
        }
        flags
    }
}

/// One line of `tests/hostile/PENDING`.
#[derive(Clone, Debug)]
pub struct PendingEntry {
    pub reason: String,
    pub line: usize,
}

/// The parsed `PENDING` file: cases expected to fail in the corpus run,
/// (lines starting with `rss `) in the RSS test, and (lines starting with
/// `rust `) checks of `tool/tests/isolation.rs`.
#[derive(Clone, Debug, Default)]
pub struct Pending {
    pub corpus: BTreeMap<String, PendingEntry>,
    pub rss: BTreeMap<String, PendingEntry>,
    pub rust: BTreeMap<String, PendingEntry>,
}

/// The corpus directory.
pub fn corpus_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/hostile")
}

/// Reads `PENDING`; errors name the bad line.
pub fn load_pending(root: &Path) -> Result<Pending, String> {
    let path = root.join("PENDING");
    let text = match fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Pending::default()),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let mut pending = Pending::default();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let (entry, reason) = match trimmed.split_once(" #") {
            Some((a, b)) => (a.trim(), b.trim().to_owned()),
            None => (trimmed, String::new()),
        };
        if reason.is_empty() {
            return Err(format!(
                "PENDING line {}: {trimmed:?} has no `# reason`",
                i + 1
            ));
        }
        let (map, case) = if let Some(c) = entry.strip_prefix("rss ") {
            (&mut pending.rss, c.trim())
        } else if let Some(c) = entry.strip_prefix("rust ") {
            (&mut pending.rust, c.trim())
        } else {
            (&mut pending.corpus, entry)
        };
        let previous = map.insert(
            case.to_owned(),
            PendingEntry {
                reason,
                line: i + 1,
            },
        );
        if previous.is_some() {
            return Err(format!("PENDING line {}: {case} is listed twice", i + 1));
        }
    }
    Ok(pending)
}

/// Every case of the corpus, sorted by name; a case whose header cannot be
/// read is an `Err` naming it.
pub fn load_corpus(root: &Path) -> Vec<Result<Case, (String, String)>> {
    let mut files = Vec::new();
    for cat in CATEGORIES {
        let dir = root.join(cat);
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let p = entry.path();
            if p.extension().is_some_and(|e| e == "sh") {
                files.push((cat, p));
            }
        }
    }
    files.sort_by(|a, b| a.1.cmp(&b.1));
    files
        .into_iter()
        .map(|(cat, path)| {
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let name = format!("{cat}/{stem}");
            parse_case(cat, &name, &path).map_err(|e| (name, e))
        })
        .collect()
}

/// Reads one case file.
pub fn parse_case(category: &str, name: &str, path: &Path) -> Result<Case, String> {
    let bytes = fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let mut profile = "strict".to_owned();
    let mut limit_specs: Vec<(String, String)> = Vec::new();
    let mut fs_specs: Vec<(String, String)> = Vec::new();
    let mut workspace = Workspace::Memory;
    let mut stdin = None;
    let mut symlinks = Vec::new();
    let mut expect_stop = None;
    let mut expect_status = None;
    let mut stdout = StreamExpect::default();
    let mut stderr = StreamExpect::default();
    let mut max_seconds = None;
    let mut min_seconds = None;
    let mut cancel_after = None;
    let mut after: Option<After> = None;
    let mut peer: Option<String> = None;
    let mut peer_after: Option<After> = None;
    let mut env_host = Vec::new();
    let mut forbid = Vec::new();
    let mut generated: Vec<u8> = Vec::new();

    for (lineno, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if lineno == 0 && line.starts_with("#!") {
            continue;
        }
        let Some(comment) = line.strip_prefix('#') else {
            break;
        };
        let comment = comment.strip_prefix(' ').unwrap_or(comment);
        let Some((key, value)) = comment.split_once(':') else {
            continue; // a plain comment
        };
        let key = key.trim();
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
            continue; // prose that happens to contain a colon
        }
        let value = value.strip_prefix(' ').unwrap_or(value);
        let at = |e: String| format!("line {}: {e}", lineno + 1);
        let ensure_after = |a: &mut Option<After>, what: &str| -> Result<(), String> {
            if a.is_none() {
                return Err(at(format!("{what} before its script line")));
            }
            Ok(())
        };
        match key {
            "profile" => match value.trim() {
                p @ ("strict" | "normal") => profile = p.to_owned(),
                p => return Err(at(format!("profile: unknown profile {p:?}"))),
            },
            "limit" => limit_specs.extend(parse_pairs(value).map_err(at)?),
            "fs-limit" => fs_specs.extend(parse_pairs(value).map_err(at)?),
            "workspace" => {
                workspace = match value.trim() {
                    "memory" => Workspace::Memory,
                    "host" => Workspace::Host,
                    "overlay" => Workspace::Overlay,
                    w => return Err(at(format!("workspace: unknown mount {w:?}"))),
                }
            }
            "stdin" => stdin = Some(parse_segments(value).map_err(at)?),
            "symlink" => {
                let (link, target) = value
                    .split_once(" -> ")
                    .ok_or_else(|| at("symlink: expected `LINK -> TARGET`".into()))?;
                symlinks.push((link.trim().to_owned(), target.trim().to_owned()));
            }
            "generate" => {
                generated.extend(parse_segments(value).map_err(at)?);
                if generated.len() > MAX_GENERATED {
                    return Err(at(format!("generate: more than {MAX_GENERATED} bytes")));
                }
            }
            "expect-stop" => {
                let stops = value
                    .split('|')
                    .map(|v| ExpectStop::parse(v.trim()))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(at)?;
                if stops.len() > 1 && stops.contains(&ExpectStop::None) {
                    return Err(at("expect-stop: `none` cannot be an alternative".into()));
                }
                expect_stop = Some(stops);
            }
            "expect-status" => expect_status = Some(Status::parse(value).map_err(at)?),
            "expect-max-seconds" => max_seconds = Some(parse_seconds(value).map_err(at)?),
            "expect-min-seconds" => min_seconds = Some(parse_seconds(value).map_err(at)?),
            "cancel-after" => {
                cancel_after = Some(Duration::from_secs_f64(parse_seconds(value).map_err(at)?))
            }
            "after" => append_script(&mut after.get_or_insert_with(After::default).script, value),
            "peer" => append_script(peer.get_or_insert_with(String::new), value),
            "peer-after" => append_script(
                &mut peer_after.get_or_insert_with(After::default).script,
                value,
            ),
            "env-host" => {
                let (k, v) = value
                    .split_once('=')
                    .ok_or_else(|| at("env-host: expected NAME=VALUE".into()))?;
                if v.is_empty() {
                    return Err(at("env-host: the value must not be empty".into()));
                }
                env_host.push((k.trim().to_owned(), v.to_owned()));
                forbid.push(v.as_bytes().to_vec());
            }
            "forbid" => forbid.push(unescape(value).map_err(at)?),
            _ => {
                if let Some(rest) = key.strip_prefix("after-") {
                    ensure_after(&mut after, "after-*")?;
                    if let Some(a) = after.as_mut() {
                        after_directive(a, rest, value).map_err(at)?;
                    }
                } else if let Some(rest) = key.strip_prefix("peer-after-") {
                    ensure_after(&mut peer_after, "peer-after-*")?;
                    if let Some(a) = peer_after.as_mut() {
                        after_directive(a, rest, value).map_err(at)?;
                    }
                } else if let Some(rest) = key.strip_prefix("expect-stdout") {
                    stream_directive(&mut stdout, rest, value).map_err(at)?;
                } else if let Some(rest) = key.strip_prefix("expect-stderr") {
                    stream_directive(&mut stderr, rest, value).map_err(at)?;
                } else {
                    return Err(at(format!("unknown directive {key:?}")));
                }
            }
        }
    }

    let expect_stop = expect_stop.ok_or("missing `# expect-stop:` directive")?;
    let mut limits = if profile == "strict" {
        Limits::strict()
    } else {
        Limits::normal()
    };
    limits.wall_clock = Some(DEFAULT_WALL_CLOCK);
    let mut fs_limits = if profile == "strict" {
        FsLimits::strict()
    } else {
        FsLimits::normal()
    };
    let mut cli_unsupported = Vec::new();
    for (k, v) in &limit_specs {
        apply_limit(&mut limits, k, v, &mut cli_unsupported).map_err(|e| format!("limit: {e}"))?;
    }
    for (k, v) in &fs_specs {
        apply_fs_limit(&mut fs_limits, k, v).map_err(|e| format!("fs-limit: {e}"))?;
        cli_unsupported.push(format!("fs-limit {k}"));
    }
    if cancel_after.is_some() && expect_stop != [ExpectStop::Cancelled] {
        return Err("cancel-after needs `expect-stop: cancelled`".into());
    }
    let expect_status = expect_status.unwrap_or(if expect_stop == [ExpectStop::None] {
        Status::Is(0)
    } else {
        Status::Is(sandbash_interpreter::STATUS_LIMIT)
    });
    let budget = match (cancel_after, limits.wall_clock) {
        (Some(c), _) => c.as_secs_f64(),
        (None, Some(w)) => w.as_secs_f64(),
        (None, None) => DEFAULT_WALL_CLOCK.as_secs_f64(),
    };
    let mut raw = bytes;
    raw.extend_from_slice(&generated);
    let script_raw_len = raw.len();
    let script = if generated.is_empty() {
        text
    } else {
        // Bytes as a host passes them: ones that are not UTF-8 kept.
        sandbash_interpreter::bytes::decode_vec(raw)
    };
    Ok(Case {
        name: name.to_owned(),
        category: category.to_owned(),
        rel_path: format!("{name}.sh"),
        script,
        script_raw_len,
        profile,
        limits,
        fs_limits,
        cli_unsupported,
        workspace,
        stdin,
        symlinks,
        expect_stop,
        expect_status,
        stdout,
        stderr,
        max_seconds: max_seconds.unwrap_or(budget + 2.0),
        min_seconds,
        cancel_after,
        after,
        peer,
        peer_after,
        env_host,
        forbid,
    })
}

fn append_script(script: &mut String, line: &str) {
    if !script.is_empty() {
        script.push('\n');
    }
    script.push_str(line);
}

fn after_directive(a: &mut After, key: &str, value: &str) -> Result<(), String> {
    if key == "status" {
        a.status = Status::parse(value)?;
        Ok(())
    } else if let Some(rest) = key.strip_prefix("stdout") {
        stream_directive(&mut a.stdout, rest, value)
    } else if let Some(rest) = key.strip_prefix("stderr") {
        stream_directive(&mut a.stderr, rest, value)
    } else {
        Err(format!("unknown directive after-{key}"))
    }
}

/// `expect-stdout` + `""|-prefix|-contains|-not-contains|-bytes`.
fn stream_directive(s: &mut StreamExpect, suffix: &str, value: &str) -> Result<(), String> {
    match suffix {
        "" => {
            let (mut text, newline) = unescape_line(value)?;
            if newline {
                text.push(b'\n');
            }
            s.exact.get_or_insert_with(Vec::new).extend(text);
        }
        "-prefix" => s.prefix = Some(unescape(value)?),
        "-contains" => s.contains.push(unescape(value)?),
        "-not-contains" => s.not_contains.push(unescape(value)?),
        "-bytes" => s.bytes = Some(ByteRange::parse(value.trim())?),
        "-empty" => s.exact = Some(Vec::new()),
        other => return Err(format!("unknown stream directive suffix {other:?}")),
    }
    Ok(())
}

fn parse_pairs(value: &str) -> Result<Vec<(String, String)>, String> {
    value
        .split_whitespace()
        .map(|pair| {
            pair.split_once('=')
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .ok_or_else(|| format!("expected KEY=VALUE, got {pair:?}"))
        })
        .collect()
}

fn parse_int(value: &str) -> Result<i32, String> {
    value
        .trim()
        .parse()
        .map_err(|_| format!("not an integer: {value:?}"))
}

fn parse_seconds(value: &str) -> Result<f64, String> {
    match value.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(s),
        _ => Err(format!("not a number of seconds: {value:?}")),
    }
}

/// A size: digits (with `_`), optionally `K`, `M` or `G` (binary units).
pub fn parse_size(value: &str) -> Result<u64, String> {
    let v = value.trim().replace('_', "");
    let (digits, mult) = match v.chars().last() {
        Some('K') => (&v[..v.len() - 1], 1u64 << 10),
        Some('M') => (&v[..v.len() - 1], 1 << 20),
        Some('G') => (&v[..v.len() - 1], 1 << 30),
        _ => (v.as_str(), 1),
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(mult))
        .ok_or_else(|| format!("not a size: {value:?}"))
}

fn apply_limit(
    l: &mut Limits,
    key: &str,
    value: &str,
    cli_unsupported: &mut Vec<String>,
) -> Result<(), String> {
    let size = || parse_size(value);
    let small = || u32::try_from(parse_size(value)?).map_err(|_| format!("{key}: too large"));
    match key {
        "max_commands" => l.max_commands = size()?,
        "max_loop_iterations" => l.max_loop_iterations = size()?,
        "max_call_depth" => l.max_call_depth = small()?,
        "max_script_bytes" => {
            l.max_script_bytes = usize::try_from(size()?).map_err(|_| "too large".to_owned())?;
            cli_unsupported.push(key.to_owned());
        }
        "max_parse_depth" => {
            l.max_parse_depth = small()?;
            cli_unsupported.push(key.to_owned());
        }
        "max_memory" => l.max_memory = size()?,
        "max_output" => l.max_output = size()?,
        "wall_clock" => {
            l.wall_clock = if value == "none" {
                None
            } else {
                Some(Duration::from_secs_f64(parse_seconds(value)?))
            }
        }
        other => return Err(format!("unknown limit {other:?}")),
    }
    Ok(())
}

fn apply_fs_limit(l: &mut FsLimits, key: &str, value: &str) -> Result<(), String> {
    let n = parse_size(value)?;
    match key {
        "max_total_bytes" => l.max_total_bytes = n,
        "max_entries" => l.max_entries = n,
        "max_file_size" => l.max_file_size = n,
        "max_depth" => l.max_depth = n,
        other => return Err(format!("unknown fs limit {other:?}")),
    }
    Ok(())
}

/// Text with `\n \t \r \0 \e \\ \xHH` escapes.
pub fn unescape(value: &str) -> Result<Vec<u8>, String> {
    let (text, newline) = unescape_line(value)?;
    if !newline {
        return Err("`\\c` only ends an expect-stdout/expect-stderr line".into());
    }
    Ok(text)
}

/// Like [`unescape`]; a final `\c` means "no newline" (the bool is false).
fn unescape_line(value: &str) -> Result<(Vec<u8>, bool), String> {
    let mut out = Vec::new();
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            let mut buf = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            continue;
        }
        match chars.next() {
            Some('n') => out.push(b'\n'),
            Some('t') => out.push(b'\t'),
            Some('r') => out.push(b'\r'),
            Some('0') => out.push(0),
            Some('e') => out.push(0x1b),
            Some('\\') => out.push(b'\\'),
            Some('"') => out.push(b'"'),
            Some('x') => {
                let hex: String = chars.by_ref().take(2).collect();
                let b = u8::from_str_radix(&hex, 16).map_err(|_| format!("bad \\x{hex}"))?;
                out.push(b);
            }
            Some('c') if chars.as_str().is_empty() => return Ok((out, false)),
            Some(other) => return Err(format!("unknown escape \\{other}")),
            None => return Err("trailing backslash".into()),
        }
    }
    Ok((out, true))
}

/// `"text"*N "more"`: quoted strings with escapes, each optionally repeated.
pub fn parse_segments(value: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut rest = value.trim();
    while !rest.is_empty() {
        let body = rest
            .strip_prefix('"')
            .ok_or_else(|| format!("expected a quoted string at {rest:?}"))?;
        let mut end = None;
        let mut escaped = false;
        for (i, c) in body.char_indices() {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                end = Some(i);
                break;
            }
        }
        let end = end.ok_or("unterminated quoted string")?;
        let text = unescape(&body[..end])?;
        rest = body[end + 1..].trim_start();
        let mut count = 1usize;
        if let Some(r) = rest.strip_prefix('*') {
            let digits: String = r
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '_')
                .collect();
            count = digits
                .replace('_', "")
                .parse()
                .map_err(|_| format!("bad repeat count at {r:?}"))?;
            rest = r[digits.len()..].trim_start();
        }
        if text.len().saturating_mul(count).saturating_add(out.len()) > MAX_GENERATED {
            return Err(format!("more than {MAX_GENERATED} bytes"));
        }
        for _ in 0..count {
            out.extend_from_slice(&text);
        }
    }
    Ok(out)
}

/// A host directory for `workspace: host|overlay` cases:
///
/// ```text
/// DIR/outside/secret.txt       HOST_SECRET, outside the mount
/// DIR/ws/                      mounted at /workspace
/// DIR/ws/readme.txt            "fixture\n"
/// DIR/ws/sub/inner.txt         "inner\n"
/// DIR/ws/escape      -> /etc                   (absolute, out of the mount)
/// DIR/ws/passwd      -> /etc/passwd
/// DIR/ws/up          -> ..                     (relative, out of the mount)
/// DIR/ws/secret      -> ../outside/secret.txt
/// DIR/ws/abs-secret  -> DIR/outside/secret.txt (absolute host path)
/// DIR/ws/loop        -> loop
/// DIR/ws/ping        -> pong, DIR/ws/pong -> ping
/// ```
pub struct HostFixture {
    pub dir: PathBuf,
    pub workspace: PathBuf,
    pub secret_path: PathBuf,
}

/// The text of `outside/secret.txt`; no case may ever print it.
pub const HOST_SECRET: &str = "host-fixture-secret-7f3a9c1e";

#[cfg(unix)]
pub fn make_host_fixture(tag: &str) -> Result<HostFixture, String> {
    use std::os::unix::fs::symlink;
    let dir = std::env::temp_dir().join(format!(
        "sandbash-hostile-{}-{}",
        std::process::id(),
        tag.replace('/', "-")
    ));
    let err = |what: &str, e: std::io::Error| format!("host fixture {what}: {e}");
    let _ = fs::remove_dir_all(&dir);
    let ws = dir.join("ws");
    let outside = dir.join("outside");
    fs::create_dir_all(ws.join("sub")).map_err(|e| err("mkdir", e))?;
    fs::create_dir_all(&outside).map_err(|e| err("mkdir", e))?;
    let secret_path = outside.join("secret.txt");
    fs::write(&secret_path, format!("{HOST_SECRET}\n")).map_err(|e| err("write", e))?;
    fs::write(ws.join("readme.txt"), "fixture\n").map_err(|e| err("write", e))?;
    fs::write(ws.join("sub/inner.txt"), "inner\n").map_err(|e| err("write", e))?;
    let links: [(&Path, &str); 7] = [
        (Path::new("/etc"), "escape"),
        (Path::new("/etc/passwd"), "passwd"),
        (Path::new(".."), "up"),
        (Path::new("../outside/secret.txt"), "secret"),
        (secret_path.as_path(), "abs-secret"),
        (Path::new("loop"), "loop"),
        (Path::new("pong"), "ping"),
    ];
    for (target, link) in links {
        symlink(target, ws.join(link)).map_err(|e| err("symlink", e))?;
    }
    symlink("ping", ws.join("pong")).map_err(|e| err("symlink", e))?;
    Ok(HostFixture {
        dir,
        workspace: ws,
        secret_path,
    })
}

#[cfg(not(unix))]
pub fn make_host_fixture(_tag: &str) -> Result<HostFixture, String> {
    Err("host fixtures need a unix host".into())
}

impl HostFixture {
    /// True when the file outside the mount is untouched.
    pub fn outside_intact(&self) -> bool {
        fs::read_to_string(&self.secret_path).is_ok_and(|s| s == format!("{HOST_SECRET}\n"))
    }

    /// True when the mounted host files are untouched (for read-only
    /// overlay mounts, whose writes must stay in memory).
    pub fn mount_intact(&self) -> bool {
        fs::read_to_string(self.workspace.join("readme.txt")).is_ok_and(|s| s == "fixture\n")
            && fs::read_to_string(self.workspace.join("sub/inner.txt"))
                .is_ok_and(|s| s == "inner\n")
    }
}

impl Drop for HostFixture {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

/// Bytes shown in a report: printable ASCII as is, the rest escaped, cut
/// after `max` bytes with the total length.
pub fn preview(bytes: &[u8], max: usize) -> String {
    let mut s = String::new();
    for &b in bytes.iter().take(max) {
        match b {
            b'\n' => s.push_str("\\n"),
            b'\t' => s.push_str("\\t"),
            b'\\' => s.push_str("\\\\"),
            0x20..=0x7e => s.push(b as char),
            _ => s.push_str(&format!("\\x{b:02x}")),
        }
    }
    if bytes.len() > max {
        s.push_str(&format!("... ({} bytes in all)", bytes.len()));
    }
    s
}

/// Where `needle` first occurs in `hay`.
pub fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    hay.windows(needle.len()).position(|w| w == needle)
}
