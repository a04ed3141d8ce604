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
