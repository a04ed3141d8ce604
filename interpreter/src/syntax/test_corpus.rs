//! Texts the front end's differential tests read (tests only): every
//! script of the repository's corpora, and those scripts mutated.

/// Runs `f` on a thread with the stack the shell's threads have.
pub(crate) fn on_shell_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(crate::shell::THREAD_STACK)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

/// Every script of the conformance corpus (recorded and pending), the
/// hostile corpus and the fuzz seeds and regressions, sorted.
pub(crate) fn corpus_files() -> Vec<std::path::PathBuf> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut dirs = vec![
        root.join("tests/conformance/cases"),
        root.join("tests/conformance/pending"),
        root.join("tests/hostile"),
        root.join("fuzz/regressions"),
        root.join("fuzz/seeds"),
    ];
    let mut files = Vec::new();
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_none_or(|e| e != "md" && e != "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// A small deterministic generator (a linear congruential one).
pub(crate) struct Rng(pub u64);

impl Rng {
    /// A number below `n` (0 when `n` is 0).
    pub(crate) fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Every third corpus script, each cut to 400 bytes and mutated `rounds`
/// times: one to four bytes dropped, inserted or replaced by ones the
/// front end treats specially. A cheap stand-in for the fuzz targets.
pub(crate) fn mutated_corpus_texts(seed: u64, rounds: usize) -> Vec<String> {
    const SPECIAL: &[u8] = b"'\"\\`$(){}[]<>|&;#\n\t -@!?+*E";
    let mut g = Rng(seed);
    let mut out = Vec::new();
    for path in corpus_files().iter().step_by(3) {
        let bytes = std::fs::read(path).unwrap();
        for _ in 0..rounds {
            let mut b: Vec<u8> = bytes.iter().copied().take(400).collect();
            for _ in 0..1 + g.next(4) {
                if b.is_empty() {
                    break;
                }
                let at = g.next(b.len());
                match g.next(3) {
                    0 => {
                        b.remove(at);
                    }
                    1 => b.insert(at, SPECIAL[g.next(SPECIAL.len())]),
                    _ => {
                        if let Some(x) = b.get_mut(at) {
                            *x = SPECIAL[g.next(SPECIAL.len())];
                        }
                    }
                }
            }
            out.push(String::from_utf8_lossy(&b).into_owned());
        }
    }
    out
}
