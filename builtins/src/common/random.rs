//! The pseudo-random generator of `shuf` (and any utility that needs
//! one): xoshiro256** seeded through splitmix64.
//!
//! The seed comes from the environment variable `SANDBASH_SEED` when it is
//! set (a number, or any text, hashed), so that a host can make a session
//! reproducible; otherwise from the clock. Not cryptographic: shuffling
//! needs uniformity, not secrecy.

use std::time::{SystemTime, UNIX_EPOCH};

/// A xoshiro256** generator.
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

fn splitmix(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// FNV-1a of `b`: how a non-numeric seed text becomes a number.
pub fn hash_bytes(b: &[u8]) -> u64 {
    b.iter().fold(0xcbf2_9ce4_8422_2325, |h, &c| {
        (h ^ u64::from(c)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Rng {
    /// A generator from a 64-bit seed.
    pub fn from_seed(seed: u64) -> Self {
        let mut x = seed;
        Self {
            s: [
                splitmix(&mut x),
                splitmix(&mut x),
                splitmix(&mut x),
                splitmix(&mut x),
            ],
        }
    }

    /// A generator seeded from `SANDBASH_SEED` in `env`, else the clock.
    pub fn from_env(env: &[(String, String)]) -> Self {
        let seed = env
            .iter()
            .rev()
            .find(|(k, _)| k == "SANDBASH_SEED")
            .map(|(_, v)| {
                v.trim()
                    .parse::<u64>()
                    .unwrap_or_else(|_| hash_bytes(v.as_bytes()))
            })
            .unwrap_or_else(|| {
                SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .map(|d| d.as_nanos() as u64)
                    .unwrap_or(0)
            });
        Self::from_seed(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let [s0, s1, s2, s3] = self.s;
        let result = s1.wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s1 << 17;
        let mut s = [s0, s1, s2 ^ s0, s3 ^ s1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        self.s = s;
        result
    }

    /// A uniform number in `0..=max` (rejection sampling, no modulo bias).
    pub fn below_or_eq(&mut self, max: u64) -> u64 {
        if max == u64::MAX {
            return self.next_u64();
        }
        let n = max + 1;
        let zone = u64::MAX - (u64::MAX % n + 1) % n;
        loop {
            let r = self.next_u64();
            if r <= zone {
                return r % n;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_generators_repeat_and_stay_in_range() {
        let mut a = Rng::from_seed(7);
        let mut b = Rng::from_env(&[("SANDBASH_SEED".into(), "7".into())]);
        for _ in 0..100 {
            let x = a.below_or_eq(9);
            assert_eq!(x, b.below_or_eq(9));
            assert!(x <= 9);
        }
        let mut seen = [false; 10];
        for _ in 0..1000 {
            seen[a.below_or_eq(9) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert!(a.below_or_eq(u64::MAX) > 0 || a.below_or_eq(u64::MAX) > 0);
    }
}
