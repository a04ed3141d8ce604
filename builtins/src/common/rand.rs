//! A small per-run random generator (SplitMix64) for names that must not
//! collide (`mktemp`). Seeded from the standard library's per-process
//! random hash keys, the clock and a counter, so two runs, and two calls
//! in one run, draw different sequences. Not for cryptography.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

static CALLS: AtomicU64 = AtomicU64::new(0);

/// A SplitMix64 generator.
pub struct Rng(u64);

impl Rng {
    /// A generator with a fresh seed.
    pub fn new() -> Self {
        let mut h = RandomState::new().build_hasher();
        h.write_u64(CALLS.fetch_add(1, Ordering::Relaxed));
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        h.write_u128(nanos);
        Self(h.finish())
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}

impl Default for Rng {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn differs_between_generators() {
        let (mut a, mut b) = (Rng::new(), Rng::new());
        assert_ne!(a.next_u64(), b.next_u64());
        assert!(a.below(62) < 62);
    }
}
