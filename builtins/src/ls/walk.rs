//! Listing operands and directories, recursively with `-R`.

use sandbash_vfs::DirEntry;

use crate::common::fsutil::join;
use crate::common::glob;
use crate::common::sys::{Res, Sys};
use crate::common::walk::{Ancestors, Enter};

use super::config::{Config, Entry, Hidden};
use super::layout::print_entries;
use super::names::quote_name;
use super::sizes::{block_count, disk_bytes};
use super::sort::sort_entries;

/// What listing one directory after another carries along.
pub(super) struct Walk {
    /// Something was printed: the next directory's header needs a blank
    /// line before it.
    pub(super) printed: bool,
    /// The directories being listed, for `-R`'s loop detection.
    pub(super) ancestors: Ancestors,
}

pub(super) fn list_dir(
    sys: &mut Sys<'_>,
    cfg: &Config,
    path: &str,
    shown: &str,
    header: bool,
    walk: &mut Walk,
    top: bool,
) -> Res<i32> {
    sys.tick.check()?;
    let listing = match sys.fs.read_dir(path) {
        Ok(l) => l,
        Err(e) => {
            sys.diag
                .error(format_args!("cannot open directory '{shown}': {}", e.kind));
            return Ok(if top { 2 } else { 1 });
        }
    };
    if cfg.recursive {
        if let Enter::Loop = walk.ancestors.enter(sys.fs, path) {
            // Only a followed symlink can lead back into a directory being
            // listed; GNU counts it a serious trouble.
            sys.diag.error(format_args!(
                "{shown}: not listing already-listed directory"
            ));
            return Ok(2);
        }
        let st = list_entries(sys, cfg, path, shown, header, walk, listing);
        walk.ancestors.leave();
        st
    } else {
        list_entries(sys, cfg, path, shown, header, walk, listing)
    }
}

/// Lists the entries of the directory `path` read in `listing`, then, with
/// `-R`, its subdirectories.
pub(super) fn list_entries(
    sys: &mut Sys<'_>,
    cfg: &Config,
    path: &str,
    shown: &str,
    header: bool,
    walk: &mut Walk,
    listing: Vec<DirEntry>,
) -> Res<i32> {
    if walk.printed {
        sys.out.str("\n")?;
    }
    if header {
        sys.out.str(&quote_name(cfg, shown))?;
        sys.out.str(":\n")?;
    }
    walk.printed = true;
    let mut entries = Vec::new();
    if cfg.hidden == Hidden::All {
        for (name, p) in [(".", path.to_string()), ("..", parent(path))] {
            if let Ok(md) = sys.fs.metadata(&p) {
                entries.push(Entry {
                    name: name.into(),
                    path: p,
                    md,
                    target: None,
                    dir_like: true,
                });
            }
        }
    }
    let mut status = 0;
    for de in listing {
        if de.name.starts_with('.') && cfg.hidden == Hidden::Skip {
            continue;
        }
        // fnmatch with FNM_PERIOD: a leading `.` only matches a `.`.
        let hit = |g: &String| {
            (!de.name.starts_with('.') || g.starts_with('.')) && glob::matches(g, &de.name)
        };
        if cfg.ignore.iter().any(hit) || (cfg.hidden == Hidden::Skip && cfg.hide.iter().any(hit)) {
            continue;
        }
        let p = join(path, &de.name);
        let md = if cfg.deref {
            sys.fs.metadata(&p).or_else(|_| sys.fs.symlink_metadata(&p))
        } else {
            sys.fs.symlink_metadata(&p)
        };
        let md = match md {
            Ok(m) => m,
            Err(e) => {
                sys.diag.error(format_args!(
                    "cannot access '{}': {}",
                    join(shown, &de.name),
                    e.kind
                ));
                status = 1;
                continue;
            }
        };
        let target = if md.is_symlink() {
            sys.fs.read_link(&p).ok()
        } else {
            None
        };
        let dir_like = md.is_dir()
            || (cfg.dirs_first && md.is_symlink() && sys.fs.metadata(&p).is_ok_and(|m| m.is_dir()));
        entries.push(Entry {
            name: de.name,
            path: p,
            md,
            target,
            dir_like,
        });
    }
    sort_entries(cfg, &mut entries);
    if cfg.long || cfg.blocks {
        let bytes: u64 = entries.iter().map(|e| disk_bytes(&e.md)).sum();
        sys.out
            .fmt(format_args!("total {}\n", block_count(cfg, bytes)))?;
    }
    print_entries(sys, cfg, &entries)?;
    if cfg.recursive {
        for e in &entries {
            if e.md.is_dir() && e.name != "." && e.name != ".." {
                let sub = join(shown, &e.name);
                let st = list_dir(sys, cfg, &e.path, &sub, true, walk, false)?;
                status = status.max(st);
            }
        }
    }
    Ok(status)
}

pub(super) fn parent(path: &str) -> String {
    sandbash_vfs::path::split_parent(path).map_or("/".into(), |(p, _)| p.to_string())
}
