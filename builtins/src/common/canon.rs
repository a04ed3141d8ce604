//! Path canonicalization over the VFS, as gnulib's
//! `canonicalize_filename_mode` (`realpath`, `readlink -f/-e/-m`, `ln -r`),
//! and the relative path between two canonical paths.
//!
//! Components are taken one at a time onto an already-resolved absolute
//! prefix: `.` is skipped, `..` drops the prefix's last component (the
//! prefix holds no symlink, so this is the physical parent), a symlink is
//! replaced by its target text (an absolute one restarts from `/`). At
//! most [`MAX_SYMLINK_HOPS`] symlinks are expanded per call, then the path
//! is a loop (`ELOOP`), so a cycle cannot run forever; the resolved prefix
//! never exceeds `PATH_MAX` as each component is bounded by the VFS.

use sandbash_vfs::{FileKind, FileSystem, FsErrorKind, MAX_SYMLINK_HOPS, path};

/// Which components must exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// Every component (`-e`).
    All,
    /// Every component but the last (`realpath`'s default, `readlink -f`).
    AllButLast,
    /// None (`-m`).
    Nothing,
}

/// How a path is canonicalized.
#[derive(Clone, Copy, Debug)]
pub struct Canon {
    /// Which components must exist.
    pub need: Need,
    /// Expand symlinks (`-P`, the default); `false` for `-s`.
    pub follow: bool,
    /// Resolve `..` lexically before symlinks (`-L`).
    pub logical: bool,
}

impl Canon {
    /// Physical resolution with `need`.
    pub const fn new(need: Need) -> Self {
        Self {
            need,
            follow: true,
            logical: false,
        }
    }
}

fn push(resolved: &mut String, comp: &str) {
    if !resolved.ends_with('/') {
        resolved.push('/');
    }
    resolved.push_str(comp);
}

fn pop(resolved: &mut String) {
    match resolved.rfind('/') {
        Some(0) | None => resolved.truncate(1),
        Some(i) => resolved.truncate(i),
    }
}

/// The canonical absolute form of `name` (relative to `cwd`), or the
/// `errno` kind that stops it (`ENOENT`, `ENOTDIR`, `ELOOP`...).
pub fn canonicalize(
    fs: &dyn FileSystem,
    cwd: &str,
    name: &str,
    how: Canon,
) -> Result<String, FsErrorKind> {
    if name.is_empty() {
        return Err(FsErrorKind::NotFound);
    }
    let start = if how.logical {
        path::resolve(cwd, name).map_err(|e| e.kind)?
    } else if name.starts_with('/') {
        name.to_owned()
    } else {
        format!("{cwd}/{name}")
    };
    // Components still to resolve, last first.
    let mut todo: Vec<String> = start
        .split('/')
        .filter(|c| !c.is_empty())
        .rev()
        .map(str::to_owned)
        .collect();
    let mut resolved = String::from("/");
    let mut hops = 0u32;
    while let Some(comp) = todo.pop() {
        if comp == "." {
            continue;
        }
        if comp == ".." {
            pop(&mut resolved);
            continue;
        }
        if comp.len() > path::MAX_NAME {
            return Err(FsErrorKind::NameTooLong);
        }
        let before = resolved.len();
        push(&mut resolved, &comp);
        if resolved.len() > path::MAX_PATH {
            return Err(FsErrorKind::NameTooLong);
        }
        let last = todo.iter().all(|c| c == ".");
        match fs.symlink_metadata(&resolved) {
            Ok(m) if m.kind == FileKind::Symlink && how.follow => {
                hops += 1;
                if hops > MAX_SYMLINK_HOPS {
                    return Err(FsErrorKind::TooManyLinks);
                }
                let target = fs.read_link(&resolved).map_err(|e| e.kind)?;
                resolved.truncate(before.max(1));
                if target.starts_with('/') {
                    resolved.truncate(1);
                }
                todo.extend(
                    target
                        .split('/')
                        .filter(|c| !c.is_empty())
                        .rev()
                        .map(str::to_owned),
                );
            }
            Ok(m) => {
                let dir = match m.kind {
                    FileKind::Dir => true,
                    FileKind::Symlink => fs.metadata(&resolved).is_ok_and(|t| t.is_dir()),
                    _ => false,
                };
                if !dir && !todo.is_empty() && how.need != Need::Nothing {
                    return Err(FsErrorKind::NotADirectory);
                }
            }
            Err(e) if e.kind == FsErrorKind::NotFound || e.kind == FsErrorKind::NotADirectory => {
                let ok = match how.need {
                    Need::Nothing => true,
                    Need::AllButLast => last,
                    Need::All => false,
                };
                if !ok {
                    return Err(e.kind);
                }
            }
            Err(e) => return Err(e.kind),
        }
    }
    Ok(resolved)
}

/// `path` relative to the directory `base`, both canonical and absolute
/// (`.` when equal).
pub fn relative(path: &str, base: &str) -> String {
    let p: Vec<&str> = path::components(path).collect();
    let b: Vec<&str> = path::components(base).collect();
    let common = p.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut parts: Vec<&str> = vec![".."; b.len().saturating_sub(common)];
    parts.extend(p.iter().skip(common));
    if parts.is_empty() {
        ".".to_owned()
    } else {
        parts.join("/")
    }
}

/// Whether the canonical `path` is `base` or below it.
pub fn is_under(path: &str, base: &str) -> bool {
    base == "/"
        || path == base
        || path
            .strip_prefix(base)
            .is_some_and(|rest| rest.starts_with('/'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::TestFs;

    #[test]
    fn resolves_links_dots_and_missing() {
        let fs = TestFs::new();
        fs.dir("a/b").file("a/b/f", b"");
        fs.symlink("a/b", "/workspace/l").unwrap();
        fs.symlink("/workspace/a", "/workspace/abs").unwrap();
        fs.symlink("x", "/workspace/x").unwrap();
        let c = |n: &str, need| canonicalize(&fs, "/workspace", n, Canon::new(need));
        assert_eq!(c("l/../b/f", Need::All), Ok("/workspace/a/b/f".into()));
        assert_eq!(c("abs//b/.", Need::All), Ok("/workspace/a/b".into()));
        assert_eq!(c("a/new", Need::AllButLast), Ok("/workspace/a/new".into()));
        assert_eq!(c("a/new", Need::All), Err(FsErrorKind::NotFound));
        assert_eq!(c("no/new", Need::AllButLast), Err(FsErrorKind::NotFound));
        assert_eq!(c("no/../new", Need::Nothing), Ok("/workspace/new".into()));
        assert_eq!(c("x", Need::Nothing), Err(FsErrorKind::TooManyLinks));
        assert_eq!(
            c("a/b/f/g", Need::AllButLast),
            Err(FsErrorKind::NotADirectory)
        );
        let s = Canon {
            follow: false,
            ..Canon::new(Need::All)
        };
        assert_eq!(
            canonicalize(&fs, "/workspace", "l/..", s),
            Ok("/workspace".into())
        );
    }

    #[test]
    fn relative_paths() {
        assert_eq!(relative("/a/b/f", "/c"), "../a/b/f");
        assert_eq!(relative("/a", "/a"), ".");
        assert_eq!(relative("/a/b", "/"), "a/b");
        assert_eq!(relative("/", "/a/b"), "../..");
        assert!(is_under("/a/b", "/a") && !is_under("/ab", "/a") && is_under("/x", "/"));
    }
}
