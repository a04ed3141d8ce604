//! Where parked sessions wait: a small interface over snapshot bytes.
//!
//! A parked session is nothing but the bytes of [`crate::Sandbox::snapshot`]
//! under its id. The host parks and resumes through this trait only, so a
//! store outside the process (Redis, shared by many workers, so that any
//! worker can resume any session) is one more implementation of it.

use std::collections::HashMap;
use std::sync::Mutex;

/// Why a store failed.
#[derive(Debug, thiserror::Error)]
#[error("snapshot store: {0}")]
pub struct StoreError(pub String);

/// Keeps session snapshots by session id.
///
/// Invariant for implementors: after `put(id, b)` succeeded, the next
/// `take(id)` returns `b` (from any worker sharing the store), and a
/// `take` returns each snapshot once.
pub trait SnapshotStore: Send + Sync {
    /// Keeps `snapshot` as the parked state of `id`, replacing any.
    fn put(&self, id: &str, snapshot: Vec<u8>) -> Result<(), StoreError>;
    /// Removes and returns the parked state of `id`, if there is one.
    fn take(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError>;
    /// Forgets `id`'s parked state.
    fn remove(&self, id: &str) -> Result<(), StoreError>;
    /// Bytes held for all parked sessions, when the store knows.
    fn held_bytes(&self) -> Option<u64> {
        None
    }
}

/// Snapshots kept in this process's memory.
#[derive(Debug, Default)]
pub struct MemoryStore {
    map: Mutex<HashMap<String, Vec<u8>>>,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Vec<u8>>> {
        self.map.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Ids of the parked sessions.
    pub fn ids(&self) -> Vec<String> {
        self.map().keys().cloned().collect()
    }
}

impl SnapshotStore for MemoryStore {
    fn put(&self, id: &str, snapshot: Vec<u8>) -> Result<(), StoreError> {
        self.map().insert(id.to_owned(), snapshot);
        Ok(())
    }

    fn take(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.map().remove(id))
    }

    fn remove(&self, id: &str) -> Result<(), StoreError> {
        self.map().remove(id);
        Ok(())
    }

    fn held_bytes(&self) -> Option<u64> {
        Some(self.map().values().map(|v| v.len() as u64).sum())
    }
}

/// Snapshots kept as files in a host directory, one per session: parked
/// sessions then cost no memory, which is what makes the host's budget a
/// bound on the process's RSS (see `benches/src/bin/tool_load.rs`).
///
/// File names are the hex of the session id, so no id can name a path
/// outside the directory. A `put` writes a temporary file and renames it,
/// so a crash never leaves half a snapshot under an id.
#[derive(Debug)]
pub struct FileStore {
    dir: std::path::PathBuf,
}

impl FileStore {
    /// A store in `dir`, made if missing.
    pub fn new(dir: impl Into<std::path::PathBuf>) -> Result<Self, StoreError> {
        let dir = dir.into();
        std::fs::create_dir_all(&dir)
            .map_err(|e| StoreError(format!("cannot make {}: {e}", dir.display())))?;
        Ok(Self { dir })
    }

    fn path(&self, id: &str) -> std::path::PathBuf {
        let name: String = id.bytes().map(|b| format!("{b:02x}")).collect();
        self.dir.join(format!("{name}.snap"))
    }
}

impl SnapshotStore for FileStore {
    fn put(&self, id: &str, snapshot: Vec<u8>) -> Result<(), StoreError> {
        let path = self.path(id);
        let tmp = path.with_extension("tmp");
        std::fs::write(&tmp, &snapshot)
            .and_then(|()| std::fs::rename(&tmp, &path))
            .map_err(|e| StoreError(format!("cannot park {id}: {e}")))
    }

    fn take(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let path = self.path(id);
        match std::fs::read(&path) {
            Ok(bytes) => {
                let _ = std::fs::remove_file(&path);
                Ok(Some(bytes))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(StoreError(format!("cannot resume {id}: {e}"))),
        }
    }

    fn remove(&self, id: &str) -> Result<(), StoreError> {
        match std::fs::remove_file(self.path(id)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                Err(StoreError(format!("cannot remove {id}: {e}")))
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_store_round_trips_and_confines_names() {
        let dir = std::env::temp_dir().join(format!("sandbash-store-{}", std::process::id()));
        let store = FileStore::new(&dir).expect("made");
        store.put("../../etc/x", b"snap".to_vec()).expect("put");
        assert!(store.path("../../etc/x").starts_with(&dir));
        assert_eq!(
            store.take("../../etc/x").expect("take"),
            Some(b"snap".to_vec())
        );
        assert_eq!(store.take("../../etc/x").expect("take"), None, "taken once");
        store.remove("never").expect("removing nothing is fine");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
