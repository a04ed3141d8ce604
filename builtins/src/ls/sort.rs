//! The orders of `-t -S -X -v -U -r` and `--group-directories-first`.

use std::cmp::Ordering;

use super::config::{Config, Entry, SortBy};
use super::sizes::shown_size;

pub(super) fn sort_entries(cfg: &Config, v: &mut [Entry]) {
    let by_name = |a: &Entry, b: &Entry| a.name.as_bytes().cmp(b.name.as_bytes());
    let cmp = |a: &Entry, b: &Entry| -> Ordering {
        let o = match cfg.sort {
            SortBy::Name => by_name(a, b),
            SortBy::None => Ordering::Equal,
            SortBy::Time => b.md.mtime.cmp(&a.md.mtime).then_with(|| by_name(a, b)),
            SortBy::Size => shown_size(&b.md)
                .cmp(&shown_size(&a.md))
                .then_with(|| by_name(a, b)),
            SortBy::Version => version_cmp(&a.name, &b.name).then_with(|| by_name(a, b)),
            SortBy::Extension => extension(&a.name)
                .cmp(extension(&b.name))
                .then_with(|| by_name(a, b)),
        };
        if cfg.reverse && cfg.sort != SortBy::None {
            o.reverse()
        } else {
            o
        }
    };
    v.sort_by(|a, b| {
        if cfg.dirs_first {
            let o = b.dir_like.cmp(&a.dir_like);
            if o != Ordering::Equal {
                return o;
            }
        }
        cmp(a, b)
    });
}

/// Natural order: runs of digits compare by value.
pub(super) fn version_cmp(a: &str, b: &str) -> Ordering {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let (ca, cb) = (
            a.get(i).copied().unwrap_or(0),
            b.get(j).copied().unwrap_or(0),
        );
        if ca.is_ascii_digit() && cb.is_ascii_digit() {
            let si = i;
            while a.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            let sj = j;
            while b.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
            let na = trim_zeros(a.get(si..i).unwrap_or(&[]));
            let nb = trim_zeros(b.get(sj..j).unwrap_or(&[]));
            let o = na.len().cmp(&nb.len()).then_with(|| na.cmp(nb));
            if o != Ordering::Equal {
                return o;
            }
        } else {
            if ca != cb {
                return ca.cmp(&cb);
            }
            i += 1;
            j += 1;
        }
    }
    (a.len() - i).cmp(&(b.len() - j))
}

/// What `-X` sorts by: the bytes after the last `.`, none without one.
pub(super) fn extension(name: &str) -> &[u8] {
    name.rfind('.')
        .and_then(|i| name.as_bytes().get(i + 1..))
        .unwrap_or(&[])
}

pub(super) fn trim_zeros(s: &[u8]) -> &[u8] {
    let k = s.iter().take_while(|&&c| c == b'0').count();
    s.get(k..).unwrap_or(&[])
}
