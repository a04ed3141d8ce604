//! The artifact store: whole outputs that overflowed the tail window.
//!
//! A call whose output outgrows the window streams all of it into an
//! artifact; the model sees the tail and `artifact://ID`, and a later
//! command can read the whole (see `call::artifact_refs`). Artifacts
//! belong to the session that made them: another session never finds them.
//!
//! Invariant: the artifacts of one session never hold more than the
//! store's per-session cap, the one being written included; the oldest are
//! evicted first and a single output larger than the cap is cut there.
//! Checked by `artifacts::tests::cap_evicts_the_oldest` and
//! `artifacts::tests::one_output_over_the_cap_is_cut`.

use std::collections::{HashMap, VecDeque};
use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Where artifacts are kept.
#[derive(Clone, Debug, Default)]
pub enum ArtifactBackend {
    /// In this process's memory (the default).
    #[default]
    Memory,
    /// Files named `ID.out` in a host directory the host chose.
    Dir(PathBuf),
}

/// Default per-session cap: 16 MiB.
pub const DEFAULT_SESSION_CAP: u64 = 16 << 20;

struct Entry {
    id: String,
    bytes: u64,
    /// The content when kept in memory.
    data: Option<Arc<Vec<u8>>>,
}

/// Whole outputs, per session, bounded per session.
pub struct ArtifactStore {
    backend: ArtifactBackend,
    session_cap: u64,
    next_id: AtomicU64,
    sessions: Mutex<HashMap<String, VecDeque<Entry>>>,
}

impl std::fmt::Debug for ArtifactStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ArtifactStore")
            .field("backend", &self.backend)
            .field("session_cap", &self.session_cap)
            .finish_non_exhaustive()
    }
}

impl ArtifactStore {
    /// A store keeping at most `session_cap` bytes per session.
    pub fn new(backend: ArtifactBackend, session_cap: u64) -> Self {
        Self {
            backend,
            session_cap,
            next_id: AtomicU64::new(1),
            sessions: Mutex::new(HashMap::new()),
        }
    }

    /// The most one session's artifacts hold.
    pub fn session_cap(&self) -> u64 {
        self.session_cap
    }

    fn sessions(&self) -> std::sync::MutexGuard<'_, HashMap<String, VecDeque<Entry>>> {
        self.sessions.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts a new artifact of `session`; its id is fixed now, its content
    /// is whatever is written before [`ArtifactWriter::finish`].
    pub fn start(self: &Arc<Self>, session: &str) -> ArtifactWriter {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed).to_string();
        let file = match &self.backend {
            ArtifactBackend::Memory => None,
            ArtifactBackend::Dir(dir) => File::create(dir.join(format!("{id}.out"))).ok(),
        };
        let failed = matches!(self.backend, ArtifactBackend::Dir(_)) && file.is_none();
        ArtifactWriter {
            store: Arc::clone(self),
            session: session.to_owned(),
            id,
            data: Vec::new(),
            file,
            written: 0,
            dropped: 0,
            failed,
        }
    }

    /// The content of artifact `id` of `session`, if it is still kept.
    pub fn get(&self, session: &str, id: &str) -> Option<Arc<Vec<u8>>> {
        let bytes = {
            let sessions = self.sessions();
            let entry = sessions.get(session)?.iter().find(|e| e.id == id)?;
            if let Some(d) = &entry.data {
                return Some(Arc::clone(d));
            }
            entry.bytes
        };
        match &self.backend {
            ArtifactBackend::Memory => None,
            ArtifactBackend::Dir(dir) => {
                let data = std::fs::read(dir.join(format!("{id}.out"))).ok()?;
                (data.len() as u64 == bytes).then(|| Arc::new(data))
            }
        }
    }

    /// Ids of the artifacts `session` holds, oldest first.
    pub fn ids(&self, session: &str) -> Vec<String> {
        self.sessions()
            .get(session)
            .map(|q| q.iter().map(|e| e.id.clone()).collect())
            .unwrap_or_default()
    }

    /// Bytes `session`'s artifacts hold.
    pub fn session_bytes(&self, session: &str) -> u64 {
        self.sessions()
            .get(session)
            .map_or(0, |q| q.iter().map(|e| e.bytes).sum())
    }

    /// Forgets every artifact of `session`.
    pub fn drop_session(&self, session: &str) {
        let gone = self.sessions().remove(session);
        for e in gone.into_iter().flatten() {
            self.delete(&e);
        }
    }

    fn delete(&self, e: &Entry) {
        if let ArtifactBackend::Dir(dir) = &self.backend {
            let _ = std::fs::remove_file(dir.join(format!("{}.out", e.id)));
        }
    }

    /// Makes room for `bytes` more in `session` by evicting its oldest.
    fn make_room(&self, session: &str, bytes: u64) {
        let mut evicted = Vec::new();
        {
            let mut sessions = self.sessions();
            if let Some(q) = sessions.get_mut(session) {
                let mut held: u64 = q.iter().map(|e| e.bytes).sum();
                while held.saturating_add(bytes) > self.session_cap {
                    let Some(e) = q.pop_front() else { break };
                    held -= e.bytes;
                    evicted.push(e);
                }
            }
        }
        for e in &evicted {
            self.delete(e);
        }
    }
}

/// An artifact being written: the whole output of one call, up to the
/// per-session cap.
pub struct ArtifactWriter {
    store: Arc<ArtifactStore>,
    session: String,
    id: String,
    data: Vec<u8>,
    file: Option<File>,
    written: u64,
    dropped: u64,
    failed: bool,
}

/// What became of a finished artifact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArtifactInfo {
    /// Its id (`artifact://ID`).
    pub id: String,
    /// Bytes kept.
    pub bytes: u64,
    /// Bytes of the output past the cap, not kept.
    pub dropped: u64,
}

impl ArtifactWriter {
    /// The id the artifact will have.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Appends output; what goes past the per-session cap is counted and
    /// dropped.
    pub fn write(&mut self, bytes: &[u8]) {
        if self.failed {
            self.dropped += bytes.len() as u64;
            return;
        }
        let room = self.store.session_cap.saturating_sub(self.written);
        let take = bytes.len().min(usize::try_from(room).unwrap_or(usize::MAX));
        let (kept, rest) = bytes.split_at(take);
        self.dropped += rest.len() as u64;
        if kept.is_empty() {
            return;
        }
        self.written += kept.len() as u64;
        match &mut self.file {
            Some(f) => {
                if f.write_all(kept).is_err() {
                    self.failed = true;
                }
            }
            None => self.data.extend_from_slice(kept),
        }
    }

    /// Stores the artifact, evicting the session's oldest to stay within
    /// the cap. `None` when it could not be kept (a host directory that
    /// refused the file).
    pub fn finish(mut self) -> Option<ArtifactInfo> {
        if self.failed {
            if let Some(f) = self.file.take() {
                drop(f);
                let _ = std::fs::remove_file(self.path());
            }
            return None;
        }
        let store = Arc::clone(&self.store);
        store.make_room(&self.session, self.written);
        let data = self
            .file
            .is_none()
            .then(|| Arc::new(std::mem::take(&mut self.data)));
        store
            .sessions()
            .entry(self.session.clone())
            .or_default()
            .push_back(Entry {
                id: self.id.clone(),
                bytes: self.written,
                data,
            });
        Some(ArtifactInfo {
            id: self.id.clone(),
            bytes: self.written,
            dropped: self.dropped,
        })
    }

    fn path(&self) -> PathBuf {
        match &self.store.backend {
            ArtifactBackend::Dir(d) => d.join(format!("{}.out", self.id)),
            ArtifactBackend::Memory => PathBuf::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn put(store: &Arc<ArtifactStore>, session: &str, bytes: &[u8]) -> ArtifactInfo {
        let mut w = store.start(session);
        w.write(bytes);
        w.finish().expect("kept")
    }

    #[test]
    fn kept_per_session() {
        let store = Arc::new(ArtifactStore::new(ArtifactBackend::Memory, 100));
        let a = put(&store, "s1", b"hello");
        assert_eq!(
            store.get("s1", &a.id).as_deref().map(Vec::as_slice),
            Some(&b"hello"[..])
        );
        assert_eq!(store.get("s2", &a.id), None);
    }

    #[test]
    fn cap_evicts_the_oldest() {
        let store = Arc::new(ArtifactStore::new(ArtifactBackend::Memory, 100));
        let a = put(&store, "s", &[b'a'; 40]);
        let b = put(&store, "s", &[b'b'; 40]);
        let c = put(&store, "s", &[b'c'; 40]);
        assert_eq!(store.ids("s"), vec![b.id.clone(), c.id.clone()]);
        assert!(store.get("s", &a.id).is_none());
        assert!(store.session_bytes("s") <= 100);
    }

    #[test]
    fn one_output_over_the_cap_is_cut() {
        let store = Arc::new(ArtifactStore::new(ArtifactBackend::Memory, 100));
        let mut w = store.start("s");
        for _ in 0..100 {
            w.write(&[b'x'; 7]);
        }
        let info = w.finish().expect("kept");
        assert_eq!(info.bytes, 100);
        assert_eq!(info.dropped, 600);
        assert_eq!(store.session_bytes("s"), 100);
    }

    #[test]
    fn kept_in_a_host_directory() {
        let dir = std::env::temp_dir().join(format!("sandbash-artifacts-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let store = Arc::new(ArtifactStore::new(ArtifactBackend::Dir(dir.clone()), 1000));
        let a = put(&store, "s", b"on disk");
        assert_eq!(
            std::fs::read(dir.join(format!("{}.out", a.id))).ok(),
            Some(b"on disk".to_vec())
        );
        assert_eq!(
            store.get("s", &a.id).as_deref().map(Vec::as_slice),
            Some(&b"on disk"[..])
        );
        store.drop_session("s");
        assert!(!dir.join(format!("{}.out", a.id)).exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
