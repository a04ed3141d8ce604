//! bash's `PATH` search: which program a command name without a `/` runs,
//! and what `type`, `command -v` and `hash` say about it.
//!
//! The utilities live in the system directories (`/usr/bin`, `/bin`,
//! `/usr/sbin`, `/sbin`, as on a merged-`/usr` system), so a `PATH` entry
//! naming one of them finds every utility under that entry's own
//! spelling (`PATH=/bin` gives `/bin/date`). An executable regular file in
//! the VFS at `DIR/NAME` is found the same way, before a utility of the
//! same directory, and runs as a script. A utility that no `PATH` entry
//! reaches still runs (as `/usr/bin/NAME`): the sandbox has no other
//! programs, and a script that narrowed `PATH` keeps its tools.

use crate::shell::Shell;

/// The `PATH` `command -p` searches: glibc's `_CS_PATH`, as bash's
/// `conf_standard_path`.
pub(crate) const STANDARD_PATH: &str = "/bin:/usr/bin";

/// Directories in which the registry's utilities are found.
const SYSTEM_DIRS: &[&str] = &["/usr/bin", "/bin", "/usr/sbin", "/sbin"];

/// One program a name can run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Program {
    /// An executable file in the VFS (the path as the `PATH` entry spells it).
    Script(String),
    /// A utility of the registry (or a builtin a GNU system also has as a
    /// program, or `bash`), shown at this path.
    Utility(String),
}

impl Program {
    /// The path `type` and `command -v` show.
    pub(crate) fn path(&self) -> &str {
        match self {
            Program::Script(p) | Program::Utility(p) => p,
        }
    }
}

/// What the search found: the programs in `PATH` order, and the first
/// existing file that is not executable (bash's `type` names it when no
/// program is found).
#[derive(Default)]
pub(crate) struct Found {
    pub(crate) programs: Vec<Program>,
    pub(crate) not_executable: Option<String>,
}

impl Shell {
    /// True when `name` is a utility (or a program-builtin, or `bash`).
    pub(crate) fn is_utility(&self, name: &str) -> bool {
        self.sys.utilities.get(name).is_some()
            || crate::simple::PROGRAM_BUILTINS.contains(&name)
            || crate::bash_cmd::is_shell_command(name)
    }

    /// Searches `PATH` for `name` (no `/` in it): every match when `all`,
    /// else the first. A utility no entry reaches is found at
    /// `/usr/bin/NAME` last.
    pub(crate) fn search_path(&self, name: &str, all: bool) -> Found {
        let path = self.vars.get_str("PATH").unwrap_or("").to_owned();
        self.search_path_in(name, all, &path)
    }

    /// [`Shell::search_path`] over the directories of `path`.
    pub(crate) fn search_path_in(&self, name: &str, all: bool, path: &str) -> Found {
        let mut found = Found::default();
        if name.is_empty() || name.contains('/') {
            return found;
        }
        let utility = self.is_utility(name);
        if !path.is_empty() {
            for dir in path.split(':') {
                let full = match dir {
                    "" => format!("./{name}"),
                    d if d.ends_with('/') => format!("{d}{name}"),
                    d => format!("{d}/{name}"),
                };
                match self.file_kind(&full) {
                    Some(true) => found.programs.push(Program::Script(full)),
                    Some(false) if !(utility && is_system_dir(dir)) => {
                        found.not_executable.get_or_insert(full);
                    }
                    _ if utility && is_system_dir(dir) => {
                        found.programs.push(Program::Utility(full));
                    }
                    _ => {}
                }
                if !all && !found.programs.is_empty() {
                    return found;
                }
            }
        }
        if utility
            && !found
                .programs
                .iter()
                .any(|p| matches!(p, Program::Utility(_)))
        {
            found
                .programs
                .push(Program::Utility(format!("/usr/bin/{name}")));
        }
        found
    }

    /// The program `name` runs: a path (with a `/`) to an executable file,
    /// or the first match of the `PATH` search.
    pub(crate) fn find_program(&self, name: &str) -> Option<Program> {
        if name.contains('/') {
            if self.file_kind(name) == Some(true) {
                return Some(Program::Script(name.to_owned()));
            }
            return self
                .system_utility(name)
                .map(|_| Program::Utility(name.to_owned()));
        }
        self.search_path(name, false).programs.into_iter().next()
    }

    /// For a path naming a utility in a system directory (`/bin/echo`,
    /// `/usr/bin/env`) where the VFS holds no file: the utility's name.
    pub(crate) fn system_utility<'a>(&self, path: &'a str) -> Option<&'a str> {
        let (dir, base) = path.rsplit_once('/')?;
        let dir = if dir.is_empty() { "/" } else { dir };
        if !is_system_dir(dir) || !self.is_utility(base) {
            return None;
        }
        let abs = sandbash_vfs::path::resolve(&self.cwd, path).ok()?;
        self.sys.fs.metadata(&abs).is_err().then_some(base)
    }

    /// Empties `hash`'s table when `PATH` changed since it was filled.
    pub(crate) fn sync_hash(&mut self) {
        let now = self.vars.path_changes();
        if now != self.hashed_path_changes {
            self.hashed_path_changes = now;
            if !self.hashed.is_empty() {
                std::sync::Arc::make_mut(&mut self.hashed).clear();
            }
        }
    }

    /// The program `hash` remembers for `name`: the utility when the path
    /// is `NAME` in a system directory, else the file there.
    pub(crate) fn hashed_program(&mut self, name: &str) -> Option<Program> {
        self.sync_hash();
        let (path, _) = self.hashed.get(name)?;
        let utility = path
            .rsplit_once('/')
            .is_some_and(|(dir, base)| base == name && is_system_dir(dir))
            && self.is_utility(name);
        Some(if utility {
            Program::Utility(path.clone())
        } else {
            Program::Script(path.clone())
        })
    }

    /// Counts one run of `name`, found by the `PATH` search at `path`.
    pub(crate) fn note_hashed_run(&mut self, name: &str, path: &str) {
        self.sync_hash();
        let table = std::sync::Arc::make_mut(&mut self.hashed);
        match table.get_mut(name) {
            Some((_, hits)) => *hits = hits.saturating_add(1),
            None => {
                table.insert(name.to_owned(), (hashed_form(path), 1));
                self.hash_made = true;
            }
        }
    }

    /// `Some(executable)` for a regular file at `path` (relative to the
    /// working directory), `None` for anything else.
    fn file_kind(&self, path: &str) -> Option<bool> {
        let abs = sandbash_vfs::path::resolve(&self.cwd, path).ok()?;
        let meta = self.sys.fs.metadata(&abs).ok()?;
        if meta.is_dir() {
            return None;
        }
        Some(meta.mode & 0o111 != 0)
    }
}

/// How bash keeps a found path in its table: a relative one from the
/// current directory (`bin/tool` as `./bin/tool`).
pub(crate) fn hashed_form(path: &str) -> String {
    if path.starts_with('/') || path.starts_with("./") {
        path.to_owned()
    } else {
        format!("./{path}")
    }
}

/// True for a `PATH` entry naming a system directory, however spelled
/// (`/usr/bin/`, `//bin`).
fn is_system_dir(dir: &str) -> bool {
    let trimmed = dir.trim_end_matches('/');
    let collapsed: String = {
        let mut s = String::with_capacity(trimmed.len());
        for c in trimmed.chars() {
            if !(c == '/' && s.ends_with('/')) {
                s.push(c);
            }
        }
        s
    };
    SYSTEM_DIRS.contains(&collapsed.as_str())
}

#[cfg(test)]
mod tests {
    use super::is_system_dir;

    #[test]
    fn system_dirs_however_spelled() {
        assert!(is_system_dir("/usr/bin"));
        assert!(is_system_dir("/usr/bin/"));
        assert!(is_system_dir("//bin"));
        assert!(!is_system_dir("/usr/local/bin"));
        assert!(!is_system_dir("bin"));
        assert!(!is_system_dir(""));
    }
}
