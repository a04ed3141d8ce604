//! Which files grep reads: operands, `-r`/`-R` walks and the
//! `--include`/`--exclude`/`--exclude-dir` rules.

use std::io::BufReader;

use sandbash_vfs::FileKind;

use crate::common::fsutil::join;
use crate::common::glob;
use crate::common::input::open_input;
use crate::common::sys::{Res, Sys};
use crate::common::walk::{Ancestors, Enter};

use super::config::{Config, FilterKind, State, Streams, report};
use super::search::{STREAM_WIDTH, search};

/// Whether `--include`/`--exclude` drop the file `name`, as gnulib's
/// `exclude` module decides for GNU grep: the last glob given that matches
/// decides; when none matches, the file is dropped only if the first glob
/// given is an `--include`.
pub(super) fn excluded(cfg: &Config, name: &str, command_line: bool) -> bool {
    for (kind, g) in cfg.filters.iter().rev() {
        if glob_hits(g, name, command_line) {
            return *kind == FilterKind::Exclude;
        }
    }
    cfg.filters
        .first()
        .is_some_and(|(k, _)| *k == FilterKind::Include)
}

/// Whether the glob `g` matches `name`. Names met while recursing are base
/// names matched whole (GNU's anchored patterns); a command-line name also
/// matches when any part after a `/` does (`a*` matches `d/../a.txt`).
/// `*` matches `/` and a leading `.` (no `FNM_PATHNAME`, no `FNM_PERIOD`).
pub(super) fn glob_hits(g: &str, name: &str, command_line: bool) -> bool {
    if glob::matches(g, name) {
        return true;
    }
    command_line
        && name.match_indices('/').any(|(i, _)| {
            name.get(i + 1..)
                .is_some_and(|rest| !rest.starts_with('/') && glob::matches(g, rest))
        })
}

/// Whether `--exclude-dir` drops the directory `name`.
pub(super) fn dir_excluded(cfg: &Config, name: &str, command_line: bool) -> bool {
    cfg.exclude_dirs
        .iter()
        .any(|g| glob_hits(g, name, command_line))
}

/// Searches the directory `dir` (shown as `display`) and all below it,
/// skipping directories the walk is already inside (a followed symlink
/// back up), as GNU grep warns and skips them.
pub(super) fn walk(
    sys: &mut Sys<'_>,
    cfg: &Config,
    st: &mut State,
    dir: &str,
    display: &str,
    ancestors: &mut Ancestors,
) -> Res<()> {
    if let Enter::Loop = ancestors.enter(sys.fs, dir) {
        if !cfg.quiet_errors {
            let d = if display.is_empty() { "." } else { display };
            sys.diag
                .error(format_args!("{d}: warning: recursive directory loop"));
        }
        return Ok(());
    }
    let r = walk_entries(sys, cfg, st, dir, display, ancestors);
    ancestors.leave();
    r
}

pub(super) fn walk_entries(
    sys: &mut Sys<'_>,
    cfg: &Config,
    st: &mut State,
    dir: &str,
    display: &str,
    ancestors: &mut Ancestors,
) -> Res<()> {
    let entries = match sys.fs.read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            let d = if display.is_empty() { "." } else { display };
            report(cfg, st, &mut sys.diag, d, &e.kind.to_string());
            return Ok(());
        }
    };
    for ent in entries {
        if st.done {
            return Ok(());
        }
        sys.tick.check()?;
        let path = join(dir, &ent.name);
        let shown = if display.is_empty() {
            ent.name.clone()
        } else {
            join(display, &ent.name)
        };
        let kind = match ent.kind {
            FileKind::Symlink if cfg.deref => match sys.fs.metadata(&path) {
                Ok(m) => m.kind,
                Err(e) => {
                    report(cfg, st, &mut sys.diag, &shown, &e.kind.to_string());
                    continue;
                }
            },
            k => k,
        };
        match kind {
            FileKind::Dir => {
                if dir_excluded(cfg, &ent.name, false) {
                    continue;
                }
                walk(sys, cfg, st, &path, &shown, ancestors)?;
            }
            FileKind::File => {
                if excluded(cfg, &ent.name, false) {
                    continue;
                }
                search_file(sys, cfg, st, &path, &shown)?;
            }
            _ => {}
        }
    }
    Ok(())
}

pub(super) fn search_file(
    sys: &mut Sys<'_>,
    cfg: &Config,
    st: &mut State,
    path: &str,
    name: &str,
) -> Res<()> {
    let width = sys
        .fs
        .metadata(path)
        .map_or(STREAM_WIDTH, |m| m.size.max(1).to_string().len());
    let input = match open_input(&mut *sys.stdin, sys.fs, "/", path) {
        Ok(i) => i,
        Err(e) => {
            report(cfg, st, &mut sys.diag, name, &e.kind.to_string());
            return Ok(());
        }
    };
    let mut r = BufReader::with_capacity(32 * 1024, input);
    let mut s = Streams {
        out: &mut sys.out,
        diag: &mut sys.diag,
        tick: &mut sys.tick,
        memory: sys.memory,
    };
    search(cfg, st, &mut s, &mut r, name, width)
}
