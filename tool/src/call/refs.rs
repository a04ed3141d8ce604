//! `artifact://ID` in a command: replaced by a sandbox path holding the
//! artifact, so `grep ERROR artifact://3` reads the whole earlier output.

use sandbash_vfs::{FileSystem, Vfs};

use crate::output::ArtifactStore;

/// Where artifacts are copied for the script to read.
pub const ARTIFACT_DIR: &str = "/tmp/artifacts";

/// The scheme a model writes.
const SCHEME: &str = "artifact://";

/// `text` quoted for the shell when it holds anything but plain path
/// characters.
pub fn shell_escape(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"/._-+=:,@%".contains(&b));
    if plain {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// The command with every `artifact://ID` of `session`'s artifacts
/// replaced by a readable path, shell-escaped; unknown ids are left as
/// written.
pub fn expand(command: &str, fs: &Vfs, store: &ArtifactStore, session: &str) -> String {
    replace(command, fs, store, session, true)
}

/// [`expand`] for an `env` value: the path as it is, since the value is
/// data and never shell text.
pub fn expand_value(value: &str, fs: &Vfs, store: &ArtifactStore, session: &str) -> String {
    replace(value, fs, store, session, false)
}

fn replace(command: &str, fs: &Vfs, store: &ArtifactStore, session: &str, escape: bool) -> String {
    if !command.contains(SCHEME) {
        return command.to_owned();
    }
    let mut out = String::with_capacity(command.len());
    let mut rest = command;
    while let Some(at) = rest.find(SCHEME) {
        out.push_str(&rest[..at]);
        let after = &rest[at + SCHEME.len()..];
        let id_len = after
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric())
            .count();
        let id = &after[..id_len];
        match place(fs, store, session, id) {
            Some(path) if !id.is_empty() && escape => out.push_str(&shell_escape(&path)),
            Some(path) if !id.is_empty() => out.push_str(&path),
            _ => {
                out.push_str(SCHEME);
                out.push_str(id);
            }
        }
        rest = &after[id_len..];
    }
    out.push_str(rest);
    out
}

/// Copies artifact `id` into the sandbox (once) and gives its path.
fn place(fs: &Vfs, store: &ArtifactStore, session: &str, id: &str) -> Option<String> {
    let data = store.get(session, id)?;
    let path = format!("{ARTIFACT_DIR}/{id}.out");
    if fs
        .metadata(&path)
        .is_ok_and(|m| m.size == data.len() as u64)
    {
        return Some(path);
    }
    fs.create_dir(ARTIFACT_DIR, true).ok()?;
    fs.write(&path, &data).ok()?;
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::shell_escape;

    #[test]
    fn escapes_only_what_needs_it() {
        assert_eq!(shell_escape("/tmp/artifacts/3.out"), "/tmp/artifacts/3.out");
        assert_eq!(shell_escape("a b"), "'a b'");
        assert_eq!(shell_escape("it's"), r"'it'\''s'");
        assert_eq!(shell_escape(""), "''");
    }
}
