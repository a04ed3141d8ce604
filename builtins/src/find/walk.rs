//! The walk below one starting point.
//!
//! Iterative, with an explicit stack of pending work, so a deep tree never
//! deepens the Rust stack; the pending names are charged to the run's
//! memory budget and the run's cancel is checked at every file. A
//! directory's entries are visited in name order (GNU find uses the order
//! the directory returns them in; the VFS has its own, so sorted names are
//! the stable choice). With `-depth` a directory comes after its contents.
//! When links are followed (`-L`), a directory whose real path is one the
//! walk is already inside is a loop: reported as GNU reports it, and
//! neither evaluated nor entered.

use std::collections::HashMap;

use sandbash_interpreter::memory::Charge;
use sandbash_vfs::{FileSystem, FsErrorKind, Metadata};

use super::eval::{Ctx, Entry, eval};
use super::parse::{Expr, Follow, Globals};
use crate::common::fsutil::join;
use crate::common::quote;
use crate::common::sys::{Res, hold, settle};
use crate::common::walk::real_path;

/// Bytes charged per pending entry besides its paths.
const FRAME_BYTES: u64 = 96;

enum Step {
    /// A file to look at.
    Visit {
        path: String,
        abs: String,
        depth: usize,
    },
    /// A directory whose contents are done (`-depth`).
    Post {
        path: String,
        abs: String,
        depth: usize,
        md: Metadata,
        is_link: bool,
        followed: bool,
    },
    /// Leaving a directory entered while following links.
    Leave(String),
}

impl Step {
    fn bytes(&self) -> u64 {
        FRAME_BYTES
            + match self {
                Self::Visit { path, abs, .. } | Self::Post { path, abs, .. } => {
                    (path.len() + abs.len()) as u64
                }
                Self::Leave(r) => r.len() as u64,
            }
    }
}

/// How the walk goes.
pub struct Walk<'a> {
    /// The expression.
    pub expr: &'a Expr,
    /// The global options.
    pub globals: &'a Globals,
    /// When links are followed.
    pub follow: Follow,
}

struct Pending {
    stack: Vec<Step>,
    live: u64,
    charge: Charge,
}

impl Pending {
    fn push(&mut self, s: Step) -> Res<()> {
        self.live += s.bytes();
        hold(&mut self.charge, self.live)?;
        self.stack.push(s);
        Ok(())
    }

    fn pop(&mut self) -> Res<Option<Step>> {
        let s = self.stack.pop();
        if let Some(s) = &s {
            self.live = self.live.saturating_sub(s.bytes());
            if self.live < self.charge.bytes() / 2 {
                settle(&mut self.charge, self.live)?;
            }
        }
        Ok(s)
    }
}

/// Walks the tree at the starting point `start`; errors are reported and
/// make the status 1.
pub fn walk(w: &Walk<'_>, start: &str, cx: &mut Ctx<'_, '_>) -> Res<()> {
    cx.sys.tick.check()?;
    let abs = if start.is_empty() {
        Err(FsErrorKind::NotFound)
    } else {
        cx.sys.resolve(start).map_err(|e| e.kind)
    };
    let abs = match abs {
        Ok(a) => a,
        Err(k) => {
            cx.sys.diag.error(format_args!("{}: {k}", quote(start)));
            cx.status = 1;
            return Ok(());
        }
    };
    let mut pending = Pending {
        stack: Vec::new(),
        live: 0,
        charge: cx.sys.charge(),
    };
    pending.push(Step::Visit {
        path: start.to_string(),
        abs,
        depth: 0,
    })?;
    // Real paths of the directories entered while following links, with
    // how each was printed.
    let mut inside: HashMap<String, String> = HashMap::new();
    while let Some(step) = pending.pop()? {
        cx.sys.tick.tick()?;
        if cx.quit {
            break;
        }
        match step {
            Step::Leave(real) => {
                inside.remove(&real);
            }
            Step::Post {
                path,
                abs,
                depth,
                md,
                is_link,
                followed,
            } => {
                let e = Entry {
                    path: &path,
                    abs: &abs,
                    start,
                    depth,
                    md,
                    is_link,
                    followed,
                };
                eval(w.expr, &e, cx)?;
            }
            Step::Visit { path, abs, depth } => {
                visit(w, start, path, abs, depth, cx, &mut pending, &mut inside)?;
            }
        }
    }
    Ok(())
}

/// What the walk sees at `abs`: the metadata, whether it is a link, and
/// whether the metadata is the link's target. `None` after reporting an
/// error.
fn look(
    follow: bool,
    path: &str,
    abs: &str,
    cx: &mut Ctx<'_, '_>,
) -> Option<(Metadata, bool, bool)> {
    let fs = cx.sys.fs;
    let lmd = match fs.symlink_metadata(abs) {
        Ok(m) => m,
        Err(e) => {
            cx.sys
                .diag
                .error(format_args!("{}: {}", quote(path), e.kind));
            cx.status = 1;
            return None;
        }
    };
    if !lmd.is_symlink() || !follow {
        let link = lmd.is_symlink();
        return Some((lmd, link, false));
    }
    match fs.metadata(abs) {
        Ok(m) => Some((m, true, true)),
        // A dangling link is seen as the link itself.
        Err(e) if e.kind == FsErrorKind::NotFound => Some((lmd, true, false)),
        Err(e) => {
            cx.sys
                .diag
                .error(format_args!("{}: {}", quote(path), e.kind));
            cx.status = 1;
            None
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn visit(
    w: &Walk<'_>,
    start: &str,
    path: String,
    abs: String,
    depth: usize,
    cx: &mut Ctx<'_, '_>,
    pending: &mut Pending,
    inside: &mut HashMap<String, String>,
) -> Res<()> {
    let g = w.globals;
    let follow = match w.follow {
        Follow::Always => true,
        Follow::CmdLine => depth == 0,
        Follow::Never => false,
    };
    let Some((md, is_link, followed)) = look(follow, &path, &abs, cx) else {
        return Ok(());
    };
    let fs: &dyn FileSystem = cx.sys.fs;
    let is_dir = md.is_dir();
    // Only a walk that follows links below its starting points can loop.
    let mut entered: Option<String> = None;
    if is_dir && w.follow == Follow::Always {
        let real = real_path(fs, &abs).unwrap_or_else(|_| abs.clone());
        if let Some(first) = inside.get(&real) {
            cx.sys.diag.error(format_args!(
                "File system loop detected; {} is part of the same file system loop as {}.",
                quote(&path),
                quote(first)
            ));
            cx.status = 1;
            return Ok(());
        }
        entered = Some(real);
    }
    let mut descend = is_dir && g.maxdepth.is_none_or(|m| depth < m);
    let shown = depth >= g.mindepth;
    if !g.depth_first && shown {
        cx.prune = false;
        let e = Entry {
            path: &path,
            abs: &abs,
            start,
            depth,
            md: md.clone(),
            is_link,
            followed,
        };
        eval(w.expr, &e, cx)?;
        if cx.prune || cx.quit {
            descend = false;
        }
    }
    let entries = if descend {
        match fs.read_dir(&abs) {
            Ok(v) => Some(v),
            Err(e) => {
                cx.sys
                    .diag
                    .error(format_args!("{}: {}", quote(&path), e.kind));
                cx.status = 1;
                None
            }
        }
    } else {
        None
    };
    if let (Some(real), Some(_)) = (&entered, &entries) {
        inside.insert(real.clone(), path.clone());
        pending.push(Step::Leave(real.clone()))?;
    }
    if g.depth_first && shown {
        pending.push(Step::Post {
            path: path.clone(),
            abs: abs.clone(),
            depth,
            md,
            is_link,
            followed,
        })?;
    }
    if let Some(mut entries) = entries {
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        for ent in entries.iter().rev() {
            pending.push(Step::Visit {
                path: join(&path, &ent.name),
                abs: join(&abs, &ent.name),
                depth: depth + 1,
            })?;
        }
    }
    Ok(())
}
