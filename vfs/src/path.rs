//! Lexical path handling: every path the VFS stores or looks up is absolute,
//! normalized (`.`, `..` and repeated `/` removed; `..` at `/` stays at `/`),
//! free of NUL bytes, at most [`MAX_PATH`] bytes with components of at most
//! [`MAX_NAME`] bytes.

use crate::{FsError, FsErrorKind, FsResult};

/// Longest path accepted, in bytes (Linux `PATH_MAX`).
pub const MAX_PATH: usize = 4096;
/// Longest path component accepted, in bytes (Linux `NAME_MAX`).
pub const MAX_NAME: usize = 255;

/// Normalizes an absolute path lexically. A relative `path` is taken as
/// relative to `/`.
pub fn normalize(path: &str) -> FsResult<String> {
    resolve("/", path)
}

/// Joins `path` onto the absolute directory `cwd` (unless `path` is absolute)
/// and normalizes the result lexically.
pub fn resolve(cwd: &str, path: &str) -> FsResult<String> {
    if path.contains('\0') {
        return Err(FsError::new(FsErrorKind::InvalidInput, path));
    }
    let mut parts: Vec<&str> = Vec::new();
    let joined_cwd = if path.starts_with('/') { "" } else { cwd };
    for comp in joined_cwd.split('/').chain(path.split('/')) {
        match comp {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            c => {
                if c.len() > MAX_NAME {
                    return Err(FsError::new(FsErrorKind::NameTooLong, path));
                }
                parts.push(c);
            }
        }
    }
    let mut out = String::with_capacity(path.len() + cwd.len() + 1);
    for p in &parts {
        out.push('/');
        out.push_str(p);
    }
    if out.is_empty() {
        out.push('/');
    }
    if out.len() > MAX_PATH {
        return Err(FsError::new(FsErrorKind::NameTooLong, path));
    }
    Ok(out)
}

/// Splits a normalized absolute path into its parent and final component;
/// `None` for `/`.
pub fn split_parent(path: &str) -> Option<(&str, &str)> {
    let idx = path.rfind('/')?;
    let name = path.get(idx + 1..)?;
    if name.is_empty() {
        return None;
    }
    let parent = if idx == 0 { "/" } else { path.get(..idx)? };
    Some((parent, name))
}

/// Iterates over the components of a normalized absolute path.
pub fn components(path: &str) -> impl Iterator<Item = &str> {
    path.split('/').filter(|c| !c.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalizes_dots_and_slashes() {
        assert_eq!(normalize("/a//b/./c/").unwrap(), "/a/b/c");
        assert_eq!(normalize("/a/b/../c").unwrap(), "/a/c");
        assert_eq!(normalize("/../../x").unwrap(), "/x");
        assert_eq!(normalize("/..").unwrap(), "/");
    }

    #[test]
    fn resolves_relative_to_cwd() {
        assert_eq!(resolve("/workspace", "a/b").unwrap(), "/workspace/a/b");
        assert_eq!(resolve("/workspace", "../tmp").unwrap(), "/tmp");
        assert_eq!(resolve("/workspace", "/etc").unwrap(), "/etc");
    }

    #[test]
    fn rejects_nul_and_long_names() {
        assert_eq!(
            normalize("/a\0b").unwrap_err().kind,
            FsErrorKind::InvalidInput
        );
        let long = format!("/{}", "x".repeat(256));
        assert_eq!(normalize(&long).unwrap_err().kind, FsErrorKind::NameTooLong);
        let deep = "/abc".repeat(1100);
        assert_eq!(normalize(&deep).unwrap_err().kind, FsErrorKind::NameTooLong);
    }

    #[test]
    fn splits_parent() {
        assert_eq!(split_parent("/a/b"), Some(("/a", "b")));
        assert_eq!(split_parent("/a"), Some(("/", "a")));
        assert_eq!(split_parent("/"), None);
    }
}
