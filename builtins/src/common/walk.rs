//! Loop detection for recursive walks that follow symlinks (`ls -RL`,
//! `grep -R`, `cp -rL`).
//!
//! The VFS has no inode numbers, so a directory is known by its real path:
//! every symlink in it resolved, as the VFS resolves them. A walk keeps the
//! real paths of the directories it is inside; one it meets again is a
//! loop, which GNU tools report and skip instead of walking it until the
//! paths grow too long (two self-links make 2^40 paths before that).

use std::collections::HashSet;

use sandbash_vfs::{FileSystem, FsError, FsResult};

use crate::common::canon::{Canon, Need, canonicalize};

/// The real path of the absolute, normalized `p`: every symlink resolved,
/// `..` taken after the symlink before it, as [`sandbash_vfs::Vfs`]
/// resolves paths.
pub fn real_path(fs: &dyn FileSystem, p: &str) -> FsResult<String> {
    canonicalize(fs, "/", p, Canon::new(Need::All)).map_err(|kind| FsError::new(kind, p))
}

/// The directories a walk is inside, by real path.
#[derive(Default)]
pub struct Ancestors {
    stack: Vec<String>,
    set: HashSet<String>,
}

/// Whether a walk may enter a directory.
pub enum Enter {
    /// Entered: call [`Ancestors::leave`] when done with it.
    Yes,
    /// The walk is already inside it: a loop, not entered.
    Loop,
}

impl Ancestors {
    /// No directory entered yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Enters the directory at `p` unless the walk is already inside it.
    /// When its real path cannot be found (a link vanished meanwhile), it
    /// is entered under `p` and the walk's own errors report what fails.
    pub fn enter(&mut self, fs: &dyn FileSystem, p: &str) -> Enter {
        let real = real_path(fs, p).unwrap_or_else(|_| p.to_owned());
        if !self.set.insert(real.clone()) {
            return Enter::Loop;
        }
        self.stack.push(real);
        Enter::Yes
    }

    /// Leaves the directory entered last.
    pub fn leave(&mut self) {
        if let Some(real) = self.stack.pop() {
            self.set.remove(&real);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::TestFs;
    use sandbash_vfs::FsErrorKind;

    fn fs() -> TestFs {
        let fs = TestFs::new();
        fs.dir("d/s");
        fs.symlink("/workspace/d", "/workspace/d/a").unwrap();
        fs.symlink("..", "/workspace/d/s/up").unwrap();
        fs.symlink("s/up/s", "/workspace/d/chain").unwrap();
        fs.symlink("self", "/workspace/d/self").unwrap();
        fs
    }

    #[test]
    fn real_paths() {
        let fs = fs();
        assert_eq!(real_path(&fs, "/workspace/d/a").unwrap(), "/workspace/d");
        assert_eq!(
            real_path(&fs, "/workspace/d/a/a/s").unwrap(),
            "/workspace/d/s"
        );
        assert_eq!(real_path(&fs, "/workspace/d/s/up").unwrap(), "/workspace/d");
        assert_eq!(
            real_path(&fs, "/workspace/d/chain").unwrap(),
            "/workspace/d/s"
        );
        assert_eq!(real_path(&fs, "/").unwrap(), "/");
        assert_eq!(
            real_path(&fs, "/workspace/d/self").map_err(|e| e.kind),
            Err(FsErrorKind::TooManyLinks)
        );
        assert_eq!(
            real_path(&fs, "/workspace/nope").map_err(|e| e.kind),
            Err(FsErrorKind::NotFound)
        );
    }

    #[test]
    fn loops_are_ancestors_only() {
        let fs = fs();
        let mut a = Ancestors::new();
        assert!(matches!(a.enter(&fs, "/workspace/d"), Enter::Yes));
        assert!(matches!(a.enter(&fs, "/workspace/d/a"), Enter::Loop));
        assert!(matches!(a.enter(&fs, "/workspace/d/s"), Enter::Yes));
        assert!(matches!(a.enter(&fs, "/workspace/d/s/up"), Enter::Loop));
        a.leave();
        // A directory met twice side by side is no loop.
        assert!(matches!(a.enter(&fs, "/workspace/d/chain"), Enter::Yes));
        a.leave();
        a.leave();
        assert!(matches!(a.enter(&fs, "/workspace/d/a"), Enter::Yes));
    }
}
