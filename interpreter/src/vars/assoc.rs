//! An associative array's elements, kept in the order bash lists them.
//!
//! Bash stores an associative array in a hash table (`hashlib.c`): 1024
//! buckets to start with, the bucket a key's 32-bit FNV-1 hash modulo the
//! bucket count, each new key put at the head of its bucket's list, and the
//! table four times as large once it holds twice as many keys as buckets
//! (the old lists walked in order, each key again put at the head of its
//! new bucket). `${!a[@]}`, `${a[@]}` and `declare -p` walk the buckets in
//! order and each list from its head. Scripts see that order, so it is
//! kept here: each key remembers its hash and a position that grows with
//! every key put at a head, and a walk sorts by bucket, then position
//! (newest first). Lookups go through the map of keys.

use std::collections::BTreeMap;

/// The bucket count of a new table (`ASSOC_HASH_BUCKETS`).
const INITIAL_BUCKETS: u64 = 1024;
/// A table grows when it holds this many keys per bucket...
const GROW_AT_PER_BUCKET: u64 = 2;
/// ...to this many times its bucket count.
const GROW_BY: u64 = 4;

#[derive(Clone, Debug)]
struct Entry {
    value: String,
    hash: u32,
    /// Larger is nearer the head of its bucket's list.
    pos: u64,
}

/// The elements of an associative array.
#[derive(Clone, Debug)]
pub struct AssocMap {
    entries: BTreeMap<String, Entry>,
    buckets: u64,
    next_pos: u64,
}

impl Default for AssocMap {
    fn default() -> Self {
        AssocMap {
            entries: BTreeMap::new(),
            buckets: INITIAL_BUCKETS,
            next_pos: 0,
        }
    }
}

/// Equal when they hold the same keys with the same values.
impl PartialEq for AssocMap {
    fn eq(&self, other: &Self) -> bool {
        self.entries.len() == other.entries.len()
            && self
                .entries
                .iter()
                .zip(other.entries.iter())
                .all(|((k1, e1), (k2, e2))| k1 == k2 && e1.value == e2.value)
    }
}

impl Eq for AssocMap {}

/// Bash's `hash_string`: 32-bit FNV-1 over the key's bytes.
fn fnv1(key: &str) -> u32 {
    let mut h: u32 = 2_166_136_261;
    for b in key.bytes() {
        h = h.wrapping_mul(16_777_619);
        h ^= u32::from(b);
    }
    h
}

impl AssocMap {
    /// An empty array.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it has no element.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&String> {
        self.entries.get(key).map(|e| &e.value)
    }

    /// Whether `key` has an element.
    pub fn contains_key(&self, key: &str) -> bool {
        self.entries.contains_key(key)
    }

    /// Sets `key`; an existing key keeps its place. Gives the old value.
    pub fn insert(&mut self, key: String, value: String) -> Option<String> {
        if let Some(e) = self.entries.get_mut(&key) {
            return Some(std::mem::replace(&mut e.value, value));
        }
        if self.entries.len() as u64 >= self.buckets.saturating_mul(GROW_AT_PER_BUCKET) {
            self.grow();
        }
        let hash = fnv1(&key);
        let pos = self.take_pos();
        self.entries.insert(key, Entry { value, hash, pos });
        None
    }

    /// Removes `key`, giving its value.
    pub fn remove(&mut self, key: &str) -> Option<String> {
        self.entries.remove(key).map(|e| e.value)
    }

    /// The elements in bash's order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&String, &String)> + '_ {
        self.ordered().into_iter().map(|(k, e)| (k, &e.value))
    }

    /// The keys in bash's order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &String> + '_ {
        self.ordered().into_iter().map(|(k, _)| k)
    }

    /// The values in bash's order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &String> + '_ {
        self.ordered().into_iter().map(|(_, e)| &e.value)
    }

    /// The elements in the order they would be set again to rebuild the
    /// same listing (oldest at its bucket's head first).
    pub fn iter_in_setting_order(&self) -> impl Iterator<Item = (&String, &String)> + '_ {
        let mut v: Vec<(&String, &Entry)> = self.entries.iter().collect();
        v.sort_by_key(|(_, e)| e.pos);
        v.into_iter().map(|(k, e)| (k, &e.value))
    }

    fn take_pos(&mut self) -> u64 {
        let p = self.next_pos;
        self.next_pos = self.next_pos.wrapping_add(1);
        p
    }

    fn bucket(&self, e: &Entry) -> u64 {
        u64::from(e.hash) & (self.buckets - 1)
    }

    fn ordered(&self) -> Vec<(&String, &Entry)> {
        let mut v: Vec<(&String, &Entry)> = self.entries.iter().collect();
        v.sort_by(|(_, a), (_, b)| {
            self.bucket(a)
                .cmp(&self.bucket(b))
                .then_with(|| b.pos.cmp(&a.pos))
        });
        v
    }

    /// Bash's rehash: the old walk's keys, each put at the head of its new
    /// bucket in turn.
    fn grow(&mut self) {
        let order: Vec<String> = self.ordered().into_iter().map(|(k, _)| k.clone()).collect();
        self.buckets = self.buckets.saturating_mul(GROW_BY);
        for k in order {
            let pos = self.take_pos();
            if let Some(e) = self.entries.get_mut(&k) {
                e.pos = pos;
            }
        }
    }
}

impl<'a> IntoIterator for &'a AssocMap {
    type Item = (&'a String, &'a String);
    type IntoIter = std::vec::IntoIter<(&'a String, &'a String)>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter().collect::<Vec<_>>().into_iter()
    }
}

impl FromIterator<(String, String)> for AssocMap {
    fn from_iter<I: IntoIterator<Item = (String, String)>>(iter: I) -> Self {
        let mut m = AssocMap::new();
        for (k, v) in iter {
            m.insert(k, v);
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(m: &AssocMap) -> Vec<&str> {
        m.keys().map(String::as_str).collect()
    }

    #[test]
    fn lists_keys_as_bash_does() {
        // bash 5.2: declare -A a=([a]=1 [b]=2 [c]=3); echo "${!a[@]}" -> c b a
        let mut m = AssocMap::new();
        for k in ["a", "b", "c"] {
            m.insert(k.into(), "1".into());
        }
        assert_eq!(keys(&m), ["c", "b", "a"]);
        // A replaced value keeps its place; a key set again after unset
        // goes to its bucket's head.
        m.insert("a".into(), "2".into());
        m.remove("b");
        m.insert("b".into(), "3".into());
        assert_eq!(keys(&m), ["c", "b", "a"]);
        let m: AssocMap = [("A", "a"), ("B", "b")]
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect();
        assert_eq!(keys(&m), ["B", "A"]);
    }

    #[test]
    fn keys_sharing_a_bucket_list_newest_first() {
        let mut m = AssocMap::new();
        // Find two keys in one bucket.
        let first = "k0".to_owned();
        let b = fnv1(&first) & 1023;
        let second = (1..100_000)
            .map(|i| format!("k{i}"))
            .find(|k| fnv1(k) & 1023 == b)
            .unwrap_or_default();
        m.insert(first.clone(), String::new());
        m.insert(second.clone(), String::new());
        assert_eq!(keys(&m), [second.as_str(), first.as_str()]);
    }

    #[test]
    fn grows_past_twice_the_buckets() {
        let mut m = AssocMap::new();
        for i in 0..2100 {
            m.insert(format!("k{i}"), i.to_string());
        }
        assert_eq!(m.buckets, 4096);
        assert_eq!(m.len(), 2100);
        assert_eq!(m.get("k7").map(String::as_str), Some("7"));
        // bash 5.2 lists these first after the rehash.
        assert_eq!(&keys(&m)[..3], ["k1698", "k1699", "k1696"]);
    }
}
