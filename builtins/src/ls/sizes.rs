//! Sizes as `ls` shows them: apparent and allocated bytes, `-s` blocks,
//! `-h`/`--si`/`--block-size` scaling.

use sandbash_vfs::Metadata;

use crate::common::num::{human_size, human_size_si};

use super::config::{Config, Scale};

pub(super) fn disk_bytes(md: &Metadata) -> u64 {
    crate::common::usage::disk_bytes(md)
}

/// An allocated size as `-s` and `total` show it: human with `-h`/`--si`,
/// else in units of the block size, rounded up.
pub(super) fn block_count(cfg: &Config, bytes: u64) -> String {
    match cfg.scale {
        Scale::Human => human_size(bytes),
        Scale::Si => human_size_si(bytes),
        Scale::Block(n, Some(c)) => format!("{}{c}", bytes.div_ceil(n.max(1))),
        _ => bytes.div_ceil(cfg.block.max(1)).to_string(),
    }
}

/// A file's size as the long format shows it.
pub(super) fn size_text(cfg: &Config, n: u64) -> String {
    match cfg.scale {
        Scale::Bytes => n.to_string(),
        Scale::Human => human_size(n),
        Scale::Si => human_size_si(n),
        Scale::Block(b, suffix) => {
            let v = n.div_ceil(b.max(1));
            match suffix {
                Some(c) => format!("{v}{c}"),
                None => v.to_string(),
            }
        }
    }
}

pub(super) fn shown_size(md: &Metadata) -> u64 {
    crate::common::usage::apparent_size(md)
}
