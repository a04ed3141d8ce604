//! The orders of `-t -S -X -v -U -r` and `--group-directories-first`.

use std::cmp::Ordering;

use crate::common::vercmp::filevercmp;

use super::config::{Config, Entry, SortBy};
use super::sizes::shown_size;

pub(super) fn sort_entries(cfg: &Config, v: &mut [Entry]) {
    let by_name = |a: &Entry, b: &Entry| a.name.as_bytes().cmp(b.name.as_bytes());
    let cmp = |a: &Entry, b: &Entry| -> Ordering {
        let o = match cfg.sort {
            SortBy::Name => by_name(a, b),
            SortBy::None => Ordering::Equal,
            SortBy::Time => cfg
                .time_of(&b.md)
                .cmp(&cfg.time_of(&a.md))
                .then_with(|| by_name(a, b)),
            SortBy::Size => shown_size(&b.md)
                .cmp(&shown_size(&a.md))
                .then_with(|| by_name(a, b)),
            SortBy::Version => {
                filevercmp(a.name.as_bytes(), b.name.as_bytes()).then_with(|| by_name(a, b))
            }
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

/// What `-X` sorts by: the bytes after the last `.`, none without one.
pub(super) fn extension(name: &str) -> &[u8] {
    name.rfind('.')
        .and_then(|i| name.as_bytes().get(i + 1..))
        .unwrap_or(&[])
}
