//! The bodies of the sandbash fuzz targets.
//!
//! Shared, as one file, by the cargo-fuzz targets (`fuzz/fuzz_targets/*.rs`,
//! through `fuzz/src/lib.rs`) and by the ordinary regression test
//! `tool/tests/fuzz_regressions.rs`, which includes it with `#[path]` and
//! replays every input under `fuzz/regressions/<target>/`. It therefore
//! depends only on std and the sandbash crates (no `arbitrary`, no
//! `libfuzzer-sys`).
//!
//! A body returns normally when the input behaved and panics when it found
//! a bug: under libFuzzer a panic anywhere (any thread) aborts the process
//! and becomes a crash artifact; the regression test counts panics with a
//! hook. Harness failures (a temp dir that cannot be made) panic too, with a
//! message saying so.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use sandbash_interpreter::arith::{self, ArithEnv, ArithError};
use sandbash_interpreter::glob::{self, GlobOptions};
use sandbash_interpreter::pattern::{Pattern, PatternOptions, PatternPiece};
use sandbash_interpreter::{Cancel, Limits, STATUS_LIMIT};
use sandbash_tool::{RunOptions, RunOutput, Sandbox, SandboxOptions, WorkspaceMount};
use sandbash_vfs::{FileKind, FileSystem, FsLimits, FsResult, MemoryFs, WriteMode, path};

// ---------------------------------------------------------------------------
// known open findings

/// Findings not fixed yet (see `fuzz/FINDINGS.md`) that the bodies step
/// around, so that fuzzing goes on past them (libFuzzer stops at the first
/// crash or timeout) and the CI smoke stays green. Gives the finding's id
/// when `text` (a script) would trigger one.
///
/// Open now: none. When a new one is found: add a check here naming it,
/// keep its inputs in `fuzz/regressions-open/`; with its fix, delete the
/// check, move the inputs to `fuzz/regressions/`, and mark it fixed in
/// `FINDINGS.md`.
pub fn known_open_issue(_text: &str) -> Option<&'static str> {
    None
}

// ---------------------------------------------------------------------------
// parse

/// Raw bytes (lossily decoded) to the parser, at the strict and the normal
/// nesting budget, on a thread with the interpreter's stack size (the
/// parser's documented contract). Never panics, never overflows; a script
/// accepted under the smaller budget is accepted under the larger one.
pub fn parse(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if known_open_issue(&text).is_some() {
        return;
    }
    on_big_stack(|| {
        let strict = sandbash_interpreter::syntax::parse(&text, Limits::strict().max_parse_depth);
        let normal = sandbash_interpreter::syntax::parse(&text, Limits::normal().max_parse_depth);
        if let Err(e) = &normal {
            // Rendering an error must not panic either.
            let _ = e.render("fuzz: ");
            assert!(
                strict.is_err(),
                "accepted at depth {} but refused at {}: {e}",
                Limits::strict().max_parse_depth,
                Limits::normal().max_parse_depth
            );
        }
    });
}

/// The `grammar_diff` target: sandbash's script grammar against
/// brush-parser's `parse_tokens` (the same outcome, the same tree) on the
/// input as text, and the parser (tokens to `ast.rs` directly) against
/// the old path through brush-parser's tree (the same tree or the same
/// error). (The fuzz target also compares them on the script the
/// `grammar` generator makes of the bytes.) Where brush-parser would run
/// long or panics, only ours runs.
pub fn grammar_diff(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    on_big_stack(|| {
        sandbash_interpreter::syntax::oracle::compare_with_brush_parser(&text);
        sandbash_interpreter::syntax::oracle::compare_parsers(&text);
    });
}

/// The `lexer` target: sandbash's lexer against brush-parser's
/// tokenizer (the same tokens through the adapter, or the same error) on
/// the input as text, unless the lexer read one of its named deviations.
pub fn lexer(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    on_big_stack(|| {
        sandbash_interpreter::syntax::oracle::compare_tokens(&text);
    });
}

/// Runs `f` on a thread with the interpreter's stack size and re-raises its
/// panic on the caller.
pub fn on_big_stack<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    std::thread::scope(|s| {
        let handle = std::thread::Builder::new()
            .name("fuzz-big-stack".into())
            .stack_size(sandbash_interpreter::shell::THREAD_STACK)
            .spawn_scoped(s, f)
            .expect("harness: cannot spawn a thread");
        match handle.join() {
            Ok(r) => r,
            Err(p) => std::panic::resume_unwind(p),
        }
    })
}

// ---------------------------------------------------------------------------
// interpreter

/// The limits every fuzzed run gets: strict, with few commands and loop
/// iterations and a one-second wall clock.
pub fn fuzz_limits() -> Limits {
    Limits {
        max_commands: 300,
        max_loop_iterations: 1_000,
        max_call_depth: 50,
        max_output: 1 << 20,
        wall_clock: Some(Duration::from_secs(1)),
        ..Limits::strict()
    }
}

/// The in-memory filesystem bounds of a fuzzed run.
pub fn fuzz_fs_limits() -> FsLimits {
    FsLimits {
        max_total_bytes: 4 << 20,
        max_entries: 500,
        max_file_size: 1 << 20,
        max_depth: 32,
    }
}

/// How much later than its wall clock a run may return before it counts
/// as a hang (generous: the machine is shared and may be loaded).
pub const WALL_CLOCK_SLACK: Duration = Duration::from_secs(5);

/// Whether an input also runs with a host directory as `/workspace` (one
/// input in four, chosen by a hash so that a given input always gets the
/// same mode).
pub fn host_mode_for(data: &[u8]) -> bool {
    // FNV-1a.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in data {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h.is_multiple_of(4)
}

/// The interpreter target: the bytes (lossily decoded) as a script, in the
/// mode [`host_mode_for`] picks.
pub fn interpreter(data: &[u8]) {
    let script = String::from_utf8_lossy(data);
    run_checked(&script, host_mode_for(data));
}

/// Runs a script in a fresh sandbox under [`fuzz_limits`] and checks what
/// must hold whatever the script: the run ends within its wall clock (plus
/// slack), a stopped run has status 124, the status is a byte, the output
/// is bounded. With `host`, `/workspace` is a fresh host directory and
/// nothing next to it may change (see [`HostJail`]). `None` (nothing run)
/// for a script that would hit a [`known_open_issue`].
pub fn run_checked(script: &str, host: bool) -> Option<RunOutput> {
    run_checked_stdin(script, host, b"line one\nline two\n")
}

/// [`run_checked`] with `stdin` as the script's standard input.
pub fn run_checked_stdin(script: &str, host: bool, stdin: &[u8]) -> Option<RunOutput> {
    if known_open_issue(script).is_some() {
        return None;
    }
    let limits = fuzz_limits();
    let started = Instant::now();
    let out = if host {
        let jail = HostJail::new();
        let out = run_in(
            script,
            WorkspaceMount::Host(jail.workspace()),
            &limits,
            stdin,
        );
        jail.check();
        out
    } else {
        run_in(script, WorkspaceMount::Memory, &limits, stdin)
    };
    check_run(&out, started.elapsed(), &limits);
    Some(out)
}

/// What every fuzzed run must hold: it ended within its wall clock (plus
/// [`WALL_CLOCK_SLACK`]), a stopped run has the limit's status, the status
/// is a byte, and each output stream kept no more than the output limit.
pub fn check_run(out: &RunOutput, took: Duration, limits: &Limits) {
    let wall = limits.wall_clock.unwrap_or_default();
    assert!(
        took <= wall + WALL_CLOCK_SLACK,
        "run took {took:?}, its wall clock is {wall:?}"
    );
    if out.stop.is_some() {
        assert_eq!(out.status, STATUS_LIMIT, "stopped run: {:?}", out.stop);
    }
    assert!(
        (0..=255).contains(&out.status),
        "exit status {} is not a byte",
        out.status
    );
    for (name, s) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
        assert!(
            s.len() as u64 <= limits.max_output,
            "{name} kept {} bytes, limit {}",
            s.len(),
            limits.max_output
        );
    }
}

/// A fresh sandbox with an in-memory workspace under `limits`.
pub fn memory_sandbox(limits: &Limits) -> Sandbox {
    Sandbox::with_options(SandboxOptions {
        workspace: WorkspaceMount::Memory,
        limits: limits.clone(),
        fs_limits: fuzz_fs_limits(),
    })
    .expect("harness: cannot build the sandbox")
}

/// Runs `script` in `sb` under `limits` with `stdin`, then checks it
/// ([`check_run`]).
pub fn run_in_sandbox(sb: &mut Sandbox, script: &str, limits: &Limits, stdin: &[u8]) -> RunOutput {
    let started = Instant::now();
    let out = sb.run_opts(
        script,
        RunOptions {
            limits: Some(limits.clone()),
            cancel: None,
            stdin: Some(stdin.to_vec()),
        },
    );
    check_run(&out, started.elapsed(), limits);
    out
}

/// `s` as one single-quoted shell word.
pub fn quoted(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

fn run_in(script: &str, workspace: WorkspaceMount, limits: &Limits, stdin: &[u8]) -> RunOutput {
    let mut sb = Sandbox::with_options(SandboxOptions {
        workspace,
        limits: limits.clone(),
        fs_limits: fuzz_fs_limits(),
    })
    .expect("harness: cannot build the sandbox");
    sb.run_opts(
        script,
        RunOptions {
            limits: Some(limits.clone()),
            cancel: None,
            stdin: Some(stdin.to_vec()),
        },
    )
}

/// A fresh host directory tree for one run:
///
/// ```text
/// <tmp>/sandbash-fuzz-<pid>-<n>/
///     outside          a sentinel file the sandbox must never change
///     ws/              mounted as /workspace
///     ws/up -> ..      a symlink pointing out of the mount
///     ws/out -> ../outside
/// ```
///
/// After the run, the root must hold exactly `outside` (unchanged, still a
/// file) and `ws` (still a directory). Dropping it removes the tree (never
/// following symlinks).
pub struct HostJail {
    root: PathBuf,
}

const SENTINEL: &[u8] = b"sandbash fuzz sentinel\n";

impl HostJail {
    /// Makes the tree.
    pub fn new() -> Self {
        static N: AtomicU64 = AtomicU64::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let root = std::env::temp_dir().join(format!("sandbash-fuzz-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("ws")).expect("harness: cannot create the host jail");
        std::fs::write(root.join("outside"), SENTINEL).expect("harness: cannot write sentinel");
        std::os::unix::fs::symlink("..", root.join("ws/up")).expect("harness: symlink");
        std::os::unix::fs::symlink("../outside", root.join("ws/out")).expect("harness: symlink");
        Self { root }
    }

    /// The directory to mount as `/workspace`.
    pub fn workspace(&self) -> PathBuf {
        self.root.join("ws")
    }

    /// Panics if anything next to the workspace changed.
    pub fn check(&self) {
        if let Err(problem) = self.problems() {
            panic!("{problem}");
        }
    }

    /// What changed next to the workspace, if anything.
    pub fn problems(&self) -> Result<(), String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.root)
            .expect("harness: cannot list the host jail")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        if names != ["outside", "ws"] {
            return Err(format!(
                "the sandbox changed the host directory around its workspace: {names:?}"
            ));
        }
        let outside = self.root.join("outside");
        let is_file = std::fs::symlink_metadata(&outside).is_ok_and(|m| m.is_file());
        if !is_file {
            return Err("the sentinel next to the workspace was replaced".into());
        }
        if std::fs::read(&outside).ok().as_deref() != Some(SENTINEL) {
            return Err("the sandbox wrote outside its workspace".into());
        }
        if !std::fs::symlink_metadata(self.root.join("ws")).is_ok_and(|m| m.is_dir()) {
            return Err("the workspace directory was replaced".into());
        }
        check_inside(&self.root.join("ws"))
    }
}

impl Default for HostJail {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for HostJail {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// Everything under the workspace is an ordinary file, directory or
/// symlink (no fifo, socket or device was made on the host).
fn check_inside(ws: &Path) -> Result<(), String> {
    let mut stack = vec![ws.to_path_buf()];
    let mut seen = 0usize;
    while let Some(dir) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in rd.filter_map(|e| e.ok()) {
            seen += 1;
            if seen > 100_000 {
                return Ok(());
            }
            let Ok(ft) = e.file_type() else { continue };
            if !(ft.is_file() || ft.is_dir() || ft.is_symlink()) {
                return Err(format!(
                    "the sandbox made a special file on the host: {}",
                    e.path().display()
                ));
            }
            if ft.is_dir() {
                stack.push(e.path());
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// arith

/// A variable table for arithmetic: `name` or `name[index]` → value text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapEnv {
    /// The variables.
    pub vars: HashMap<String, String>,
}

/// Most variables an expression may create.
const MAX_ARITH_VARS: usize = 256;

impl MapEnv {
    /// Variables that make arithmetic interesting: extremes, values that
    /// are themselves expressions, self- and mutually-recursive values,
    /// arrays and an associative array.
    pub fn preset() -> Self {
        let vars = [
            ("x", "5"),
            ("y", "-3"),
            ("z", "0"),
            ("big", "9223372036854775807"),
            ("min", "-9223372036854775808"),
            ("e", "x*2+1"),
            ("self", "self+1"),
            ("a", "b"),
            ("b", "a"),
            ("s", "hello"),
            ("hex", "0x1f"),
            ("oct", "010"),
            ("base", "36#zz"),
            ("empty", ""),
            ("blank", "  "),
            ("bad", "1 +"),
            ("arr[0]", "1"),
            ("arr[1]", "2"),
            ("arr[2]", "arr[1]*3"),
            ("assoc[key]", "7"),
            ("assoc[x y]", "8"),
        ];
        Self {
            vars: vars
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
        }
    }

    fn key(name: &str, index: Option<&str>) -> String {
        match index {
            Some(i) => format!("{name}[{i}]"),
            None => name.to_owned(),
        }
    }
}

impl ArithEnv for MapEnv {
    fn get(&mut self, name: &str, index: Option<&str>) -> Result<Option<String>, ArithError> {
        Ok(self.vars.get(&Self::key(name, index)).cloned())
    }

    fn set(&mut self, name: &str, index: Option<&str>, value: i64) -> Result<(), ArithError> {
        let key = Self::key(name, index);
        if self.vars.len() >= MAX_ARITH_VARS && !self.vars.contains_key(&key) {
            return Err(ArithError::other("too many variables"));
        }
        self.vars.insert(key, value.to_string());
        Ok(())
    }

    fn is_assoc(&self, name: &str) -> bool {
        name == "assoc"
    }
}

/// Arithmetic parse + eval: no panic (overflow included), error messages
/// render, evaluating the same parsed expression twice from the same
/// variables gives the same result and the same variables (subscripts are
/// cached inside the expression after the first run), and `eval_str` agrees.
pub fn arith(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let parsed = arith::parse(&text);
    let mut env1 = MapEnv::preset();
    let r1 = match &parsed {
        Ok(e) => arith::eval(e, &mut env1),
        Err(e) => Err(e.clone()),
    };
    if let Err(e) = &r1 {
        let _ = e.message(&text);
    }
    if let Ok(e) = &parsed {
        let _ = e.text();
        let mut env2 = MapEnv::preset();
        let r2 = arith::eval(e, &mut env2);
        assert_eq!(r1, r2, "second evaluation of the same expression differs");
        assert_eq!(env1, env2, "second evaluation assigned differently");
    }
    let mut env3 = MapEnv::preset();
    let r3 = arith::eval_str(&text, &mut env3);
    assert_eq!(r1, r3, "eval_str disagrees with parse + eval");
    let mut env4 = MapEnv::preset();
    let _ = arith::eval_value(&text, &mut env4);
}

// ---------------------------------------------------------------------------
// pattern

/// The tree globs run against.
fn glob_tree() -> &'static MemoryFs {
    static TREE: OnceLock<MemoryFs> = OnceLock::new();
    TREE.get_or_init(|| {
        let fs = MemoryFs::with_limits(FsLimits::unlimited());
        let dirs = [
            "/dir",
            "/dir/sub",
            "/dir/sub/deep",
            "/dir/sub/deep/x",
            "/dir/.hid",
            "/Dir2",
            "/empty",
            "/w e",
        ];
        for d in dirs {
            let _ = fs.create_dir(d, true);
        }
        let files = [
            "/a.txt",
            "/b.TXT",
            "/.hidden",
            "/dir/c.rs",
            "/dir/d.rs",
            "/dir/.e",
            "/dir/sub/f",
            "/dir/sub/deep/x/y",
            "/dir/.hid/g",
            "/Dir2/h.txt",
            "/w e/we ird*[x]?",
            "/\u{e9}t\u{e9}",
            "/-n",
        ];
        for f in files {
            let _ = fs.write(f, b"x");
        }
        let _ = fs.symlink("dir", "/link");
        let _ = fs.symlink("/loop", "/loop");
        let _ = fs.symlink("nowhere", "/dangling");
        let _ = fs.symlink("..", "/dir/sub/up");
        fs
    })
}

/// Splits a pattern input: byte 0 is flags (bit 0 extglob, bit 1 nocase,
/// bit 2 dotglob, bit 3 globstar, bit 4 glob from `/dir` instead of `/`,
/// bit 5 skip the glob); the rest, decoded, is `pattern\0subject`, and
/// `\x01` inside the pattern alternates unquoted and quoted pieces.
pub fn pattern(data: &[u8]) {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let (pat, subject) = text.split_once('\0').unwrap_or((&text, ""));
    let pieces: Vec<PatternPiece> = pat
        .split('\u{1}')
        .enumerate()
        .map(|(i, s)| {
            if i % 2 == 0 {
                PatternPiece::Pattern(s.to_owned())
            } else {
                PatternPiece::Literal(s.to_owned())
            }
        })
        .collect();
    let opts = PatternOptions {
        extglob: flags & 1 != 0,
        nocase: flags & 2 != 0,
    };
    if let Ok(p) = Pattern::compile(&pieces, opts) {
        for s in [subject, "", pat] {
            check_matches(&p, s);
        }
    }
    if flags & 32 == 0 {
        check_glob(&pieces, flags);
    }
}

fn check_matches(p: &Pattern, s: &str) {
    let whole = p.is_match(s);
    let short_pre = p.match_prefix(s, false);
    let long_pre = p.match_prefix(s, true);
    let short_suf = p.match_suffix(s, false);
    let long_suf = p.match_suffix(s, true);
    for (what, v) in [("prefix", short_pre), ("prefix", long_pre)] {
        if let Some(n) = v {
            assert!(
                n <= s.len() && s.is_char_boundary(n),
                "{what} length {n} in {s:?}"
            );
        }
    }
    for (what, v) in [("suffix", short_suf), ("suffix", long_suf)] {
        if let Some(n) = v {
            assert!(
                n <= s.len() && s.is_char_boundary(n),
                "{what} start {n} in {s:?}"
            );
        }
    }
    assert_eq!(
        short_pre.is_some(),
        long_pre.is_some(),
        "shortest and longest prefix disagree on {s:?}"
    );
    assert_eq!(
        short_suf.is_some(),
        long_suf.is_some(),
        "shortest and longest suffix disagree on {s:?}"
    );
    if let (Some(a), Some(b)) = (short_pre, long_pre) {
        assert!(a <= b, "shortest prefix {a} > longest {b} in {s:?}");
    }
    if let (Some(a), Some(b)) = (short_suf, long_suf) {
        assert!(a >= b, "shortest suffix start {a} < longest {b} in {s:?}");
    }
    if whole {
        assert_eq!(
            long_pre,
            Some(s.len()),
            "whole match but longest prefix differs: {s:?}"
        );
        assert_eq!(
            long_suf,
            Some(0),
            "whole match but longest suffix differs: {s:?}"
        );
    }
    let mut froms = vec![0, s.len()];
    if let Some((i, _)) = s.char_indices().nth(s.chars().count() / 2) {
        froms.push(i);
    }
    for from in froms {
        if let Some((a, b)) = p.find(s, from) {
            assert!(
                from <= a && a <= b && b <= s.len(),
                "find({from}) gave {a}..{b} in {s:?}"
            );
            assert!(
                s.is_char_boundary(a) && s.is_char_boundary(b),
                "find({from}) gave {a}..{b}, not char boundaries, in {s:?}"
            );
        }
    }
}

fn check_glob(pieces: &[PatternPiece], flags: u8) {
    let opts = GlobOptions {
        dotglob: flags & 4 != 0,
        nocaseglob: flags & 2 != 0,
        extglob: flags & 1 != 0,
        globstar: flags & 8 != 0,
        max_results: 40,
        skipdots: flags & 32 == 0,
    };
    let cwd = if flags & 16 != 0 { "/dir" } else { "/" };
    let fs = glob_tree();
    if let Ok(found) = glob::expand(fs, cwd, pieces, opts, &Cancel::new()) {
        assert!(found.len() <= opts.max_results, "{} results", found.len());
        assert!(
            found.windows(2).all(|w| w[0] <= w[1]),
            "results not sorted: {found:?}"
        );
    }
}

// ---------------------------------------------------------------------------
// vfs_path

/// The bounds of the fuzzed tree: small, so that every bound is hit often.
pub const VFS_LIMITS: FsLimits = FsLimits {
    max_total_bytes: 256,
    max_entries: 16,
    max_file_size: 64,
    max_depth: 4,
};

/// Most operations one input runs.
const MAX_OPS: usize = 64;

/// Path components the decoder picks from.
const COMPONENTS: &[&str] = &["a", "b", "c", "..", ".", "", "d e", "\u{e9}", "-", "a.b"];

/// Reads an input byte by byte; past the end every byte is 0.
struct Bytes<'a> {
    data: &'a [u8],
    pos: usize,
}

impl Bytes<'_> {
    fn done(&self) -> bool {
        self.pos >= self.data.len()
    }

    fn byte(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }

    fn take(&mut self, n: usize) -> &[u8] {
        let start = self.pos.min(self.data.len());
        let end = self.pos.saturating_add(n).min(self.data.len());
        self.pos = self.pos.saturating_add(n);
        &self.data[start..end]
    }

    /// A path: usually 1-4 components from [`COMPONENTS`] (or a name longer
    /// than `NAME_MAX`), absolute or relative; byte 0xff gives raw bytes.
    fn path(&mut self) -> String {
        let b = self.byte();
        if b == 0xff {
            let n = usize::from(self.byte() % 32);
            return String::from_utf8_lossy(self.take(n)).into_owned();
        }
        let mut p = String::new();
        if b & 0x80 == 0 {
            p.push('/');
        }
        let n = 1 + usize::from(b % 4);
        for i in 0..n {
            if i > 0 {
                p.push('/');
            }
            let c = self.byte();
            if c == 0xfe {
                p.push_str(&"n".repeat(path::MAX_NAME + 1));
            } else {
                p.push_str(COMPONENTS[usize::from(c) % COMPONENTS.len()]);
            }
        }
        check_path_fns(&p);
        p
    }

    fn data(&mut self) -> Vec<u8> {
        let n = usize::from(self.byte() % 80);
        self.take(n).to_vec()
    }
}

/// The lexical path functions on one path: a normalized path is absolute,
/// has no empty, `.` or `..` component, normalizes to itself, and splits
/// into a parent and a name that join back to it.
fn check_path_fns(p: &str) {
    for cwd in ["/", "/a/b"] {
        let Ok(n) = path::resolve(cwd, p) else {
            continue;
        };
        assert!(n.starts_with('/'), "resolve({cwd:?}, {p:?}) = {n:?}");
        assert!(
            n.len() <= path::MAX_PATH,
            "resolve({cwd:?}, {p:?}) too long"
        );
        assert_eq!(
            path::normalize(&n).ok().as_deref(),
            Some(n.as_str()),
            "not idempotent"
        );
        if n != "/" {
            assert!(!n.ends_with('/'), "trailing slash in {n:?}");
            for c in path::components(&n) {
                assert!(
                    !c.is_empty() && c != "." && c != "..",
                    "component {c:?} in {n:?}"
                );
            }
            let Some((parent, name)) = path::split_parent(&n) else {
                panic!("split_parent({n:?}) is None");
            };
            let joined = if parent == "/" {
                format!("/{name}")
            } else {
                format!("{parent}/{name}")
            };
            assert_eq!(joined, n, "split_parent does not round-trip");
        } else {
            assert!(path::split_parent(&n).is_none());
        }
    }
}

/// A sequence of filesystem operations on a small [`MemoryFs`]: no panic;
/// usage always matches a recount of the tree and stays within the bounds;
/// a failed mutation changes nothing; what a successful one wrote reads
/// back; a snapshot restores to an identical tree, and corrupt snapshots
/// are refused or restore to a tree that is within the bounds.
pub fn vfs_ops(data: &[u8]) {
    let mut r = Bytes { data, pos: 0 };
    let mut fs = MemoryFs::with_limits(VFS_LIMITS);
    for _ in 0..MAX_OPS {
        if r.done() {
            break;
        }
        let op = r.byte() % 16;
        let before = fs.snapshot();
        let (what, result): (String, Option<FsResult<()>>) = match op {
            0 => {
                let p = r.path();
                let rec = r.byte() & 1 == 1;
                let res = fs.create_dir(&p, rec);
                if res.is_ok() {
                    let m = fs.metadata(&p).expect("a created dir can be stat'ed");
                    assert!(m.is_dir(), "create_dir({p:?}) made no dir");
                }
                (format!("create_dir({p:?}, {rec})"), Some(res))
            }
            1 => {
                let p = r.path();
                let d = r.data();
                let res = fs.write(&p, &d);
                if res.is_ok() {
                    assert_eq!(fs.read(&p).ok(), Some(d.clone()), "write({p:?}) lost");
                }
                (format!("write({p:?}, {} bytes)", d.len()), Some(res))
            }
            2 => {
                let p = r.path();
                let d = r.data();
                let old = fs.read(&p).unwrap_or_default();
                let res = fs.append(&p, &d);
                if res.is_ok() {
                    let mut want = old;
                    want.extend_from_slice(&d);
                    assert_eq!(fs.read(&p).ok(), Some(want), "append({p:?}) lost");
                }
                (format!("append({p:?}, {} bytes)", d.len()), Some(res))
            }
            3 => {
                let (a, b) = (r.path(), r.path());
                (format!("rename({a:?}, {b:?})"), Some(fs.rename(&a, &b)))
            }
            4 => {
                let target = r.path();
                let link = r.path();
                let res = fs.symlink(&target, &link);
                if res.is_ok() {
                    assert_eq!(
                        fs.read_link(&link).ok().as_deref(),
                        Some(target.as_str()),
                        "symlink({target:?}, {link:?}) reads back differently"
                    );
                }
                (format!("symlink({target:?}, {link:?})"), Some(res))
            }
            5 => {
                let p = r.path();
                let res = fs.remove_file(&p);
                if res.is_ok() {
                    assert!(fs.symlink_metadata(&p).is_err(), "{p:?} still there");
                }
                (format!("remove_file({p:?})"), Some(res))
            }
            6 => {
                let p = r.path();
                let rec = r.byte() & 1 == 1;
                let res = fs.remove_dir(&p, rec);
                if res.is_ok() {
                    assert!(fs.symlink_metadata(&p).is_err(), "{p:?} still there");
                }
                (format!("remove_dir({p:?}, {rec})"), Some(res))
            }
            7 => {
                let p = r.path();
                let _ = fs.metadata(&p);
                let _ = fs.symlink_metadata(&p);
                let _ = fs.read_link(&p);
                if let Ok(entries) = fs.read_dir(&p) {
                    assert!(
                        entries.windows(2).all(|w| w[0].name < w[1].name),
                        "read_dir({p:?}) not sorted or has duplicates"
                    );
                }
                let whole = fs.read(&p);
                if let Ok(mut rd) = fs.open_read(&p) {
                    let mut got = Vec::new();
                    if rd.read_to_end(&mut got).is_ok() {
                        assert_eq!(whole.ok(), Some(got), "open_read({p:?}) differs from read");
                    }
                }
                (format!("read({p:?})"), None)
            }
            8 => {
                let p = r.path();
                let len = u64::from(r.byte() % 100);
                let res = fs.truncate(&p, len);
                if res.is_ok() {
                    let size = fs.metadata(&p).map(|m| m.size).ok();
                    assert_eq!(size, Some(len), "truncate({p:?}, {len})");
                }
                (format!("truncate({p:?}, {len})"), Some(res))
            }
            9 => {
                let (a, b) = (r.path(), r.path());
                let res = fs.copy(&a, &b);
                if res.is_ok() {
                    assert_eq!(fs.read(&a).ok(), fs.read(&b).ok(), "copy({a:?}, {b:?})");
                }
                (format!("copy({a:?}, {b:?})"), Some(res))
            }
            10 => {
                let p = r.path();
                let mode = match r.byte() % 4 {
                    0 => WriteMode::Truncate,
                    1 => WriteMode::Append,
                    2 => WriteMode::CreateNew,
                    _ => WriteMode::Update,
                };
                let chunks: Vec<Vec<u8>> = (0..r.byte() % 4).map(|_| r.data()).collect();
                // Partial writes are allowed here, so no all-or-nothing check.
                let _ = stream_write(&fs, &p, mode, &chunks);
                (format!("open_write({p:?}, {mode:?})"), None)
            }
            11 => {
                let p = r.path();
                let mode = ((u32::from(r.byte()) << 8) | u32::from(r.byte())) & 0o17777;
                (
                    format!("set_mode({p:?}, {mode:o})"),
                    Some(fs.set_mode(&p, mode)),
                )
            }
            12 => {
                // Snapshot and restore: identical image, identical tree; carry
                // on with the restored copy.
                let snap = fs.snapshot();
                let restored = MemoryFs::restore_with_limits(&snap, VFS_LIMITS)
                    .expect("restoring a tree's own snapshot failed");
                assert_eq!(restored.snapshot(), snap, "snapshot round trip differs");
                assert_eq!(restored.usage(), fs.usage(), "usage differs after restore");
                assert_eq!(walk(&restored), walk(&fs), "tree differs after restore");
                fs = restored;
                ("snapshot+restore".to_owned(), None)
            }
            13 => {
                // A corrupt image is refused, or gives a tree within bounds.
                let mut snap = fs.snapshot();
                let edits = 1 + r.byte() % 4;
                for _ in 0..edits {
                    let at =
                        ((usize::from(r.byte()) << 8) | usize::from(r.byte())) % snap.len().max(1);
                    let v = r.byte();
                    match v % 3 {
                        0 => snap.truncate(at),
                        _ => {
                            if let Some(b) = snap.get_mut(at) {
                                *b ^= v | 1;
                            }
                        }
                    }
                }
                if let Ok(t) = MemoryFs::restore_with_limits(&snap, VFS_LIMITS) {
                    check_tree(&t, "restored corrupt snapshot");
                    // And it can be used.
                    let _ = t.write("/new", b"1");
                    check_tree(&t, "write to restored corrupt snapshot");
                }
                ("corrupt restore".to_owned(), None)
            }
            14 => {
                let p = r.path();
                let when = std::time::UNIX_EPOCH + Duration::from_secs(u64::from(r.byte()) << 24);
                (format!("set_mtime({p:?})"), Some(fs.set_mtime(&p, when)))
            }
            _ => {
                let (cwd, p) = (r.path(), r.path());
                if let Ok(c) = path::normalize(&cwd) {
                    let _ = path::resolve(&c, &p);
                }
                ("path".to_owned(), None)
            }
        };
        if let Some(Err(e)) = &result {
            assert!(
                fs.snapshot() == before,
                "failed {what} ({e}) changed the tree"
            );
        }
        check_tree(&fs, &what);
    }
}

/// Streams `chunks` into `p` and checks the file holds what the writes that
/// returned `Ok` put there. `None` when the open failed.
fn stream_write(fs: &MemoryFs, p: &str, mode: WriteMode, chunks: &[Vec<u8>]) -> Option<()> {
    let old = fs.read(p).ok();
    let mut w = fs.open_write(p, mode).ok()?;
    let mut want = match mode {
        WriteMode::Truncate | WriteMode::CreateNew => Vec::new(),
        WriteMode::Append | WriteMode::Update => old.unwrap_or_default(),
    };
    let mut pos = match mode {
        WriteMode::Append => want.len(),
        _ => 0,
    };
    for c in chunks {
        let Ok(n) = w.write(c) else {
            break;
        };
        let data = &c[..n.min(c.len())];
        for (i, &b) in data.iter().enumerate() {
            match want.get_mut(pos + i) {
                Some(slot) => *slot = b,
                None => want.push(b),
            }
        }
        pos += data.len();
    }
    let _ = w.flush();
    drop(w);
    let got = fs.read(p).ok();
    assert_eq!(
        got,
        Some(want),
        "open_write({p:?}, {mode:?}) stored something else"
    );
    Some(())
}

/// One entry of a tree listing: path, kind, size, mode, content.
type Listed = (String, FileKind, u64, u32, Vec<u8>);

/// Lists a whole tree, iteratively, symlinks not followed.
fn walk(fs: &MemoryFs) -> Vec<Listed> {
    let mut out = Vec::new();
    let mut stack = vec![("/".to_owned(), 0usize)];
    while let Some((dir, depth)) = stack.pop() {
        let Ok(entries) = fs.read_dir(&dir) else {
            panic!("cannot list {dir:?}, which the tree holds");
        };
        for e in entries {
            let p = if dir == "/" {
                format!("/{}", e.name)
            } else {
                format!("{dir}/{}", e.name)
            };
            let Ok(m) = fs.symlink_metadata(&p) else {
                panic!("cannot stat {p:?}, which read_dir listed");
            };
            assert_eq!(m.kind, e.kind, "read_dir and lstat disagree on {p:?}");
            let content = match m.kind {
                FileKind::File => fs.read(&p).unwrap_or_else(|e| panic!("read {p:?}: {e}")),
                FileKind::Symlink => fs
                    .read_link(&p)
                    .unwrap_or_else(|e| panic!("read_link {p:?}: {e}"))
                    .into_bytes(),
                _ => Vec::new(),
            };
            out.push((p.clone(), m.kind, m.size, m.mode, content));
            if m.kind == FileKind::Dir {
                stack.push((p, depth + 1));
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// The tree's usage equals a recount, and every bound holds.
fn check_tree(fs: &MemoryFs, after: &str) {
    let limits = fs.limits();
    let usage = fs.usage();
    let listed = walk(fs);
    let entries = listed.len() as u64;
    let mut bytes = 0u64;
    for (p, kind, size, _, content) in &listed {
        let depth = path::components(p).count() as u64;
        assert!(
            depth <= limits.max_depth,
            "after {after}: {p:?} is {depth} deep"
        );
        match kind {
            FileKind::File => {
                assert_eq!(*size, content.len() as u64, "after {after}: size of {p:?}");
                assert!(
                    *size <= limits.max_file_size,
                    "after {after}: {p:?} has {size} bytes"
                );
                bytes += size;
            }
            FileKind::Symlink => bytes += content.len() as u64,
            _ => {}
        }
    }
    assert_eq!(usage.entries, entries, "after {after}: entry count is off");
    assert_eq!(usage.bytes, bytes, "after {after}: byte count is off");
    assert!(
        entries <= limits.max_entries,
        "after {after}: {entries} entries"
    );
    assert!(
        bytes <= limits.max_total_bytes,
        "after {after}: {bytes} bytes"
    );
}

// ---------------------------------------------------------------------------
// utils

/// The utilities the `utils` target drives: those whose arguments hold a
/// small language (grep patterns, sort keys, seq formats, counts) and that
/// end by themselves on a small input (no `sleep`, `yes`, `tail -f`).
/// Invariant: only grows at its end (seeds name a utility by index; checked
/// by `utils_seeds_name_their_utility` in `tool/tests/fuzz_regressions.rs`).
pub const UTILS: &[&str] = &[
    "grep", "sort", "seq", "head", "wc", "cut", "tr", "uniq", "date", "expr", "paste", "comm",
    "join", "tac", "nl", "fold", "expand", "unexpand", "od", "chmod", "truncate", "mktemp",
    "realpath", "ln", "xargs", "timeout", "time", "stat", "du", "df", "tree", "file", "install",
    "shuf", "column", "numfmt", "split", "csplit", "fmt", "cksum", "b2sum", "basenc", "dos2unix",
    "getconf", "rg", "ls", "touch", "tail", "sleep", "env", "tee", "nice", "stdbuf", "ionice",
    "cp", "mv", "bc", "factor", "diff", "patch", "iconv", "tar", "gzip", "bzip2", "xz", "cmp",
    "strings", "xxd", "hexdump", "zip", "unzip", "yq", "envsubst", "base64", "base32",
];

/// What the utilities read on stdin: fields of every sort, blanks, a tab,
/// numbers in several forms, a non-ASCII line.
const UTILS_STDIN: &[u8] =
    b"b 2 x\nA 10 y\nc 1 z\n\tq  -3.5e2 w\nB 2 x\n\n0x1F 1,5 \xc3\xa9t\xc3\xa9\nb 2 x\nline two\n";

/// A utility's argument parsers: byte 0 picks the utility (modulo the ones
/// [`UTILS`] names that the registry has), the rest, split at NUL bytes,
/// are its arguments (at most 8; each single-quoted into a script run
/// under [`fuzz_limits`], stdin [`UTILS_STDIN`]). The run must not panic,
/// must end within its wall clock (plus slack) and keep its output
/// bounded; for `grep`, every argument also goes straight through the BRE
/// and ERE translators, which must not panic (the run itself then builds
/// the translated regex, as a pattern or as an option's value).
pub fn utils(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let registry = sandbash_builtins::registry();
    let known: Vec<&str> = UTILS
        .iter()
        .copied()
        .filter(|u| registry.get(u).is_some())
        .collect();
    let Some(&util) = known.get(usize::from(pick) % known.len().max(1)) else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let args: Vec<&str> = text.split('\0').take(8).collect();
    if util == "grep" {
        for a in &args {
            let _ = sandbash_builtins::parsers::bre(a);
            let _ = sandbash_builtins::parsers::ere(a);
        }
    }
    if util == "patch" {
        // The patch reader sees the raw bytes as a patch too.
        let _ = sandbash_builtins::parsers::patch(rest);
    }
    let mut script = String::from(util);
    for a in &args {
        script.push_str(" '");
        script.push_str(&a.replace('\'', r"'\''"));
        script.push('\'');
    }
    script.push('\n');
    run_checked_stdin(&script, false, UTILS_STDIN);
}
