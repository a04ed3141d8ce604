//! The walk: path operands in order, directories depth first in path
//! order, each entry kept or skipped as ripgrep's walker decides:
//! `-g` overrides first, then ignore files (`.rgignore` over `.ignore`
//! over `.gitignore` over `.git/info/exclude`, deeper directories over
//! shallower, `.gitignore` only inside a git repository), then `-t`
//! types, then hidden names. Named paths are searched whatever the rules.
//!
//! The matchers are the `ignore` crate's, fed from VFS contents; the walk
//! keeps an explicit stack (no recursion, so a deep tree costs heap, not
//! stack) and checks cancellation at every entry.

use std::io::{Cursor, Read};

use ignore::Match;
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use ignore::overrides::{Override, OverrideBuilder};
use sandbash_interpreter::UtilityContext;
use sandbash_vfs::{DirEntry, FileKind, FileSystem, path};

use super::opts::{Config, message, os_error};
use super::search::{self, State};
use super::types;
use crate::common::sys::{Res, Sys};
use crate::common::walk::real_path;

/// The ignore files of one directory.
struct Level {
    custom: Option<Gitignore>,
    dot: Option<Gitignore>,
    git: Option<Gitignore>,
    exclude: Option<Gitignore>,
    has_git: bool,
}

/// Reads the ignore file `dir/name` into a matcher rooted at `dir`.
fn load(fs: &dyn FileSystem, dir: &str, name: &str) -> Option<Gitignore> {
    load_rooted(fs, &join_abs(dir, name), dir)
}

/// Reads the ignore file `p` into a matcher rooted at `dir`.
fn load_rooted(fs: &dyn FileSystem, p: &str, dir: &str) -> Option<Gitignore> {
    let md = fs.metadata(p).ok()?;
    // An ignore file larger than this is not one: skip it rather than
    // hold it.
    if !md.is_file() || md.size > 4 << 20 {
        return None;
    }
    let data = fs.read(p).ok()?;
    let mut b = GitignoreBuilder::new(dir);
    for line in String::from_utf8_lossy(&data).lines() {
        let _ = b.add_line(None, line);
    }
    b.build().ok().filter(|g| !g.is_empty())
}

fn level(fs: &dyn FileSystem, cfg: &Config, dir: &str) -> Level {
    let has_git = fs.metadata(&join_abs(dir, ".git")).is_ok();
    let ig = !cfg.no_ignore;
    let vcs = ig && !cfg.no_ignore_vcs;
    Level {
        custom: if ig { load(fs, dir, ".rgignore") } else { None },
        dot: if ig && !cfg.no_ignore_dot {
            load(fs, dir, ".ignore")
        } else {
            None
        },
        git: if vcs {
            load(fs, dir, ".gitignore")
        } else {
            None
        },
        exclude: if vcs && has_git {
            load_rooted(fs, &join_abs(dir, ".git/info/exclude"), dir)
        } else {
            None
        },
        has_git: vcs && has_git,
    }
}

/// What the ignore files say about `abs`, as the `ignore` crate decides.
fn ignored(levels: &[Level], cfg: &Config, abs: &str, is_dir: bool) -> Match<()> {
    let any_git = !cfg.require_git || levels.iter().any(|l| l.has_git);
    let (mut custom, mut dot, mut git, mut excl) =
        (Match::None, Match::None, Match::None, Match::None);
    let mut saw_git = false;
    let m = |g: &Option<Gitignore>| {
        g.as_ref()
            .map_or(Match::None, |g| g.matched(abs, is_dir).map(|_| ()))
    };
    for l in levels.iter().rev() {
        if custom.is_none() {
            custom = m(&l.custom);
        }
        if dot.is_none() {
            dot = m(&l.dot);
        }
        if any_git && !saw_git && git.is_none() {
            git = m(&l.git);
        }
        if any_git && !saw_git && excl.is_none() {
            excl = m(&l.exclude);
        }
        saw_git = saw_git || l.has_git;
    }
    custom.or(dot).or(git).or(excl)
}

/// The `--ignore-file` files, rooted at the working directory as ripgrep
/// roots them; the later file wins. Lowest precedence of all.
/// A missing one is reported (ripgrep's status stays as it is).
fn explicit(sys: &mut Sys<'_>, cfg: &Config) -> Vec<Gitignore> {
    let mut out = Vec::new();
    for p in &cfg.ignore_files {
        let found = path::resolve(sys.cwd, p).and_then(|abs| sys.fs.metadata(&abs).map(|_| abs));
        match found {
            Ok(abs) => out.extend(load_rooted(sys.fs, &abs, sys.cwd)),
            Err(e) => message(sys, &format!("{p}: {}", os_error(e.kind))),
        }
    }
    out
}

/// What the `--ignore-file` files say about `abs`.
fn explicitly(files: &[Gitignore], abs: &str, is_dir: bool) -> Match<()> {
    files
        .iter()
        .rev()
        .map(|g| g.matched(abs, is_dir).map(|_| ()))
        .find(|m| !m.is_none())
        .unwrap_or(Match::None)
}

/// Whether the walk keeps the entry at `abs` named `name`.
/// The matchers a walk applies to every entry.
struct Rules<'a> {
    cfg: &'a Config,
    over: &'a Override,
    explicit: &'a [Gitignore],
}

fn keep(levels: &[Level], rules: &Rules<'_>, abs: &str, name: &str, is_dir: bool) -> bool {
    let (cfg, over) = (rules.cfg, rules.over);
    let m = over.matched(abs, is_dir);
    if !m.is_none() {
        return m.is_whitelist();
    }
    let mut white = false;
    if !cfg.no_ignore {
        let m = ignored(levels, cfg, abs, is_dir);
        if m.is_ignore() {
            return false;
        }
        white = m.is_whitelist();
    }
    // `--ignore-file` holds even under `--no-ignore`, as in ripgrep 13.
    if !white {
        let m = explicitly(rules.explicit, abs, is_dir);
        if m.is_ignore() {
            return false;
        }
        white = m.is_whitelist();
    }
    if !is_dir && cfg.types.excludes(abs) {
        return false;
    }
    if !is_dir && !white && cfg_types_whitelist(cfg, abs) {
        white = true;
    }
    white || cfg.hidden || !name.starts_with('.')
}

/// A file a `-t` selection names counts as whitelisted for the hidden
/// rule, as in the `ignore` crate.
fn cfg_types_whitelist(cfg: &Config, abs: &str) -> bool {
    cfg.types.selects(abs)
}

fn join_abs(dir: &str, name: &str) -> String {
    if dir.ends_with('/') {
        format!("{dir}{name}")
    } else {
        format!("{dir}/{name}")
    }
}

/// How a walked path is shown: joined to its root operand as given
/// (`./x` under `.`), or bare under the implicit `./`.
fn join_shown(shown: &str, name: &str) -> String {
    if shown.is_empty() {
        name.to_string()
    } else if shown.ends_with('/') {
        format!("{shown}{name}")
    } else {
        format!("{shown}/{name}")
    }
}

/// The whole run: every root, then the status.
pub fn run(sys: &mut Sys<'_>, cfg: &Config) -> Res<i32> {
    if cfg.type_list {
        types::list(sys, &cfg.types)?;
        return Ok(0);
    }
    let over = match overrides(sys.cwd, cfg) {
        Ok(o) => o,
        Err(msg) => {
            message(sys, &msg);
            return Ok(2);
        }
    };
    let mut st = State::new(cfg);
    if cfg.implicit {
        // Standard input when it has data, else `./` (see the module
        // documentation of `rg`).
        let mut first = vec![0u8; 8192];
        let n = if cfg.files {
            0
        } else {
            loop {
                match sys.stdin.read(&mut first) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(_) => break 0,
                }
            }
        };
        if n > 0 {
            first.truncate(n);
            st.with_filename = cfg.with_filename.unwrap_or(false);
            let mut chain = Cursor::new(first).chain(&mut *sys.stdin);
            search::search_reader(&mut io!(sys), cfg, &mut st, &mut chain, "<stdin>", true)?;
        } else {
            st.with_filename = cfg.with_filename.unwrap_or(true);
            let root = path::resolve(sys.cwd, ".").unwrap_or_else(|_| "/".into());
            let explicit = explicit(sys, cfg);
            let rules = Rules {
                cfg,
                over: &over,
                explicit: &explicit,
            };
            walk_root(sys, &rules, &mut st, &root, "")?;
            if st.searched == 0 && !cfg.files && !st.quit {
                // ripgrep says so, as an error, when the implicit `./`
                // gave nothing to search.
                st.fail(
                    sys,
                    cfg,
                    "No files were searched, which means ripgrep probably applied a filter you didn't expect.\nRunning with --debug will show why files are being skipped.",
                );
            }
        }
    } else {
        let explicit = explicit(sys, cfg);
        let mut any_dir = cfg.paths.len() > 1;
        for p in &cfg.paths {
            if !UtilityContext::is_stdin(p)
                && sys
                    .resolve(p)
                    .and_then(|a| sys.fs.metadata(&a))
                    .is_ok_and(|m| m.is_dir())
            {
                any_dir = true;
            }
        }
        st.with_filename = cfg.with_filename.unwrap_or(any_dir);
        st.mmap = cfg.paths.len() <= 10
            && cfg.paths.iter().all(|p| {
                !UtilityContext::is_stdin(p)
                    && sys
                        .resolve(p)
                        .and_then(|a| sys.fs.metadata(&a))
                        .is_ok_and(|m| m.is_file())
            });
        for p in &cfg.paths {
            if st.quit {
                break;
            }
            if UtilityContext::is_stdin(p) {
                if cfg.files {
                    continue;
                }
                search::search_reader(
                    &mut io!(sys),
                    cfg,
                    &mut st,
                    &mut *sys.stdin,
                    "<stdin>",
                    true,
                )?;
                continue;
            }
            let abs = match sys.resolve(p) {
                Ok(a) => a,
                Err(e) => {
                    st.fail(sys, cfg, &format!("{p}: {}", os_error(e.kind)));
                    continue;
                }
            };
            match sys.fs.metadata(&abs) {
                Ok(md) if md.is_dir() => {
                    let rules = Rules {
                        cfg,
                        over: &over,
                        explicit: &explicit,
                    };
                    walk_root(sys, &rules, &mut st, &abs, p)?;
                }
                Ok(_) => {
                    if cfg.files {
                        st.print_path(&mut sys.out, cfg, p)?;
                    } else {
                        search::search_file(sys, cfg, &mut st, &abs, p, true)?;
                    }
                }
                Err(e) => {
                    let msg = if cfg.sequential {
                        format!("{p}: IO error for operation on {p}: {}", os_error(e.kind))
                    } else {
                        format!("{p}: {}", os_error(e.kind))
                    };
                    st.fail(sys, cfg, &msg);
                }
            }
        }
    }
    st.end(sys, cfg)
}

fn overrides(cwd: &str, cfg: &Config) -> Result<Override, String> {
    let mut b = OverrideBuilder::new(cwd);
    for (g, icase) in cfg.globs.iter().filter(|(_, i)| !*i) {
        let _ = icase;
        b.add(g).map_err(|e| e.to_string())?;
    }
    b.case_insensitive(true).map_err(|e| e.to_string())?;
    for (g, _) in cfg.globs.iter().filter(|(_, i)| *i) {
        b.add(g).map_err(|e| e.to_string())?;
    }
    b.build().map_err(|e| e.to_string())
}

/// One directory being listed.
struct Frame {
    dir: String,
    shown: String,
    entries: std::vec::IntoIter<DirEntry>,
    depth: u64,
    /// The directory's real path, every symlink resolved: a directory
    /// whose real path is that of one the walk is inside is a loop.
    real: String,
}

/// Walks the directory `root` (absolute), shown as `shown`.
fn walk_root(
    sys: &mut Sys<'_>,
    rules: &Rules<'_>,
    st: &mut State,
    root: &str,
    shown: &str,
) -> Res<()> {
    let cfg = rules.cfg;
    // The ignore files of the directories above the root apply too.
    let mut levels: Vec<Level> = Vec::new();
    if !cfg.no_ignore && !cfg.no_ignore_parent && root != "/" {
        let comps: Vec<&str> = path::components(root).collect();
        let mut up = String::from("/");
        levels.push(level(sys.fs, cfg, &up));
        for c in comps.iter().take(comps.len().saturating_sub(1)) {
            up = join_abs(&up, c);
            levels.push(level(sys.fs, cfg, &up));
        }
    }
    let mut stack: Vec<Frame> = Vec::new();
    if !enter(sys, cfg, st, &mut levels, &mut stack, root, shown, 0) {
        return Ok(());
    }
    while let Some(top) = stack.last_mut() {
        if st.quit {
            return Ok(());
        }
        sys.tick.tick()?;
        let Some(ent) = top.entries.next() else {
            stack.pop();
            levels.pop();
            continue;
        };
        let depth = top.depth + 1;
        let abs = join_abs(&top.dir, &ent.name);
        let shown = join_shown(&top.shown, &ent.name);
        if cfg.max_depth.is_some_and(|m| depth > m) {
            continue;
        }
        let kind = match ent.kind {
            FileKind::Symlink if cfg.follow => match sys.fs.metadata(&abs) {
                Ok(m) => m.kind,
                Err(e) => {
                    st.fail(sys, cfg, &format!("{shown}: {}", os_error(e.kind)));
                    continue;
                }
            },
            k => k,
        };
        match kind {
            FileKind::Dir => {
                if !keep(&levels, rules, &abs, &ent.name, true) {
                    continue;
                }
                enter(sys, cfg, st, &mut levels, &mut stack, &abs, &shown, depth);
            }
            FileKind::File => {
                if !keep(&levels, rules, &abs, &ent.name, false) {
                    continue;
                }
                if cfg.files {
                    st.print_path(&mut sys.out, cfg, &shown)?;
                } else {
                    search::search_file(sys, cfg, st, &abs, &shown, false)?;
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// Lists the directory `dir` and pushes it with its ignore files; false
/// when it is not entered (a loop, an unreadable directory).
#[allow(clippy::too_many_arguments)]
fn enter(
    sys: &mut Sys<'_>,
    cfg: &Config,
    st: &mut State,
    levels: &mut Vec<Level>,
    stack: &mut Vec<Frame>,
    dir: &str,
    shown: &str,
    depth: u64,
) -> bool {
    if cfg.max_depth.is_some_and(|m| depth > m) {
        return false;
    }
    let real = real_path(sys.fs, dir).unwrap_or_else(|_| dir.to_string());
    if let Some(up) = stack.iter().find(|f| f.real == real) {
        let up = if up.shown.is_empty() { "." } else { &up.shown };
        let msg = format!("File system loop found: {shown} points to an ancestor {up}");
        st.fail(sys, cfg, &msg);
        return false;
    }
    let entries = match sys.fs.read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            let s = if shown.is_empty() { "." } else { shown };
            st.fail(sys, cfg, &format!("{s}: {}", os_error(e.kind)));
            return false;
        }
    };
    levels.push(level(sys.fs, cfg, dir));
    stack.push(Frame {
        dir: dir.to_string(),
        shown: shown.to_string(),
        entries: if cfg.reverse {
            entries.into_iter().rev().collect::<Vec<_>>().into_iter()
        } else {
            entries.into_iter()
        },
        depth,
        real,
    });
    true
}
