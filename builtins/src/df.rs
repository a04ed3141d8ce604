//! `df`: the sandbox's filesystems, their bounds and use, from
//! `FileSystem::space`: the root tree and the `/workspace` mount, each
//! sized by its `FsLimits` (total bytes, entries) and used by what it
//! stores. A backend that does not count shows `-`.

use sandbash_vfs::{FileSystem, Space};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::num::{human_size, human_size_si, parse_count};
use crate::common::quote;
use crate::common::sys::{Res, Sys};

/// The `df` utility: `-a -B -h -H -i -k -l -P -T --total`.
pub struct Df;

/// The options of `df`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    All,
    BlockSize,
    Human,
    Si,
    Inodes,
    Kilo,
    Local,
    Portability,
    Total,
    PrintType,
    Sync,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Unit {
    Blocks(u64),
    Human,
    Si,
}

/// The mounts listed without operands.
const MOUNTS: &[&str] = &["/", "/workspace"];

/// The filesystem type shown.
const FS_TYPE: &str = "tmpfs";

impl Command for Df {
    const NAME: &'static str = "df";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: "Show information about the file system on which each FILE resides,\nor all file systems by default.",
        after: "Sizes are the sandbox's filesystem limits and what it stores.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'a',
            &["all"],
            Key::All,
            "include pseudo, duplicate, inaccessible file systems",
        ),
        Flag::new(
            'B',
            &["block-size"],
            Key::BlockSize,
            "scale sizes by SIZE before printing them",
        )
        .value("SIZE"),
        Flag::new(
            'h',
            &["human-readable"],
            Key::Human,
            "print sizes in powers of 1024 (e.g., 1023M)",
        ),
        Flag::new(
            'H',
            &["si"],
            Key::Si,
            "print sizes in powers of 1000 (e.g., 1.1G)",
        ),
        Flag::new(
            'i',
            &["inodes"],
            Key::Inodes,
            "list inode information instead of block usage",
        ),
        Flag::new('k', &[], Key::Kilo, "like --block-size=1K"),
        Flag::new(
            'l',
            &["local"],
            Key::Local,
            "limit listing to local file systems",
        ),
        Flag::new(
            'P',
            &["portability"],
            Key::Portability,
            "use the POSIX output format",
        ),
        Flag::long(&["sync", "no-sync"], Key::Sync, "(accepted)"),
        Flag::long(
            &["total"],
            Key::Total,
            "elide all entries insignificant to available space,\n  and produce a grand total",
        ),
        Flag::new(
            'T',
            &["print-type"],
            Key::PrintType,
            "print file system type",
        ),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let mut unit = Unit::Blocks(1024);
        for (k, v) in p.each() {
            match k {
                Key::BlockSize => match parse_count(v).filter(|n| *n > 0) {
                    Some(n) => unit = Unit::Blocks(n),
                    None => {
                        sys.diag
                            .error(format_args!("invalid --block-size argument {}", quote(v)));
                        return Ok(1);
                    }
                },
                Key::Human => unit = Unit::Human,
                Key::Si => unit = Unit::Si,
                Key::Kilo => unit = Unit::Blocks(1024),
                _ => {}
            }
        }
        let inodes = p.has(Key::Inodes);
        let fs: &dyn FileSystem = sys.fs;
        let mut status = 0;
        let mut spaces: Vec<Option<Space>> = Vec::new();
        if p.operands.is_empty() {
            for m in MOUNTS {
                let s = fs.space(m);
                let dup = spaces
                    .iter()
                    .flatten()
                    .any(|x| s.as_ref().is_some_and(|s| s.mount == x.mount));
                if !dup {
                    spaces.push(s);
                }
            }
        }
        for op in &p.operands {
            sys.tick.tick()?;
            match sys.resolve(op).and_then(|a| fs.metadata(&a).map(|_| a)) {
                Ok(abs) => spaces.push(fs.space(&abs)),
                Err(e) => {
                    sys.diag.error(format_args!("{op}: {}", e.kind));
                    status = 1;
                }
            }
        }
        if spaces.is_empty() {
            sys.diag.error("no file systems processed");
            return Ok(1);
        }
        let size_head = match (inodes, unit) {
            (true, _) => "Inodes".to_owned(),
            (false, Unit::Human | Unit::Si) => "Size".to_owned(),
            (false, Unit::Blocks(b)) => block_header(b),
        };
        let heads: [&str; 4] = if inodes {
            ["IUsed", "IFree", "IUse%", "Mounted on"]
        } else if p.has(Key::Portability) {
            ["Used", "Available", "Capacity", "Mounted on"]
        } else {
            ["Used", "Available", "Use%", "Mounted on"]
        };
        let avail_head = if matches!(unit, Unit::Human | Unit::Si) && !inodes {
            "Avail"
        } else {
            heads[1]
        };
        let mut rows: Vec<[String; 7]> = vec![[
            "Filesystem".into(),
            "Type".into(),
            size_head,
            heads[0].into(),
            avail_head.into(),
            heads[2].into(),
            heads[3].into(),
        ]];
        let fmt = |n: u64| match unit {
            Unit::Blocks(b) => n.div_ceil(b).to_string(),
            Unit::Human => human_size(n),
            Unit::Si => human_size_si(n),
        };
        let (mut tt, mut tu) = (0u64, 0u64);
        for s in &spaces {
            let (source, mount) = match s {
                Some(s) if s.mount == "/" => ("sandbox".to_owned(), s.mount.clone()),
                Some(s) => (s.mount.trim_start_matches('/').to_owned(), s.mount.clone()),
                None => ("-".to_owned(), "-".to_owned()),
            };
            let (total, used) = match s {
                Some(s) if inodes => (s.limits.max_entries, s.usage.entries),
                // Used space in whole 4 KiB blocks, as `du` counts it.
                Some(s) => (
                    s.limits.max_total_bytes,
                    s.usage
                        .bytes
                        .div_ceil(crate::common::usage::BLOCK)
                        .saturating_mul(crate::common::usage::BLOCK),
                ),
                None => (0, 0),
            };
            tt = tt.saturating_add(total);
            tu = tu.saturating_add(used);
            rows.push(row(source, mount, total, used, inodes, &fmt));
        }
        if p.has(Key::Total) {
            rows.push(row("total".into(), "-".into(), tt, tu, inodes, &fmt));
        }
        let show_type = p.has(Key::PrintType);
        let mut widths = [14usize, 4, 0, 0, 0, 0, 0];
        if matches!(unit, Unit::Human | Unit::Si) {
            widths[2..5].iter_mut().for_each(|w| *w = 5);
        }
        for r in &rows {
            for (w, c) in widths.iter_mut().zip(r.iter()) {
                *w = (*w).max(c.len());
            }
        }
        for r in &rows {
            let mut line = String::new();
            for (i, (c, w)) in r.iter().zip(widths.iter()).enumerate() {
                if i == 1 && !show_type {
                    continue;
                }
                if i > 0 {
                    line.push(' ');
                }
                match i {
                    0 | 1 => line.push_str(&format!("{c:<w$}")),
                    6 => line.push_str(c),
                    _ => line.push_str(&format!("{c:>w$}")),
                }
            }
            line.push('\n');
            sys.out.str(&line)?;
        }
        Ok(status)
    }
}

/// `1K-blocks`, `1M-blocks`, `512B-blocks`...
fn block_header(b: u64) -> String {
    for (n, s) in [(1u64 << 30, "G"), (1 << 20, "M"), (1 << 10, "K")] {
        if b.is_multiple_of(n) {
            return format!("{}{s}-blocks", b / n);
        }
    }
    format!("{b}B-blocks")
}

fn row(
    source: String,
    mount: String,
    total: u64,
    used: u64,
    inodes: bool,
    fmt: &dyn Fn(u64) -> String,
) -> [String; 7] {
    let avail = total.saturating_sub(used);
    let pct = if total == 0 {
        "-".to_owned()
    } else {
        format!(
            "{}%",
            (u128::from(used) * 100).div_ceil(u128::from(used) + u128::from(avail))
        )
    };
    let f = |n: u64| if inodes { n.to_string() } else { fmt(n) };
    [
        source,
        FS_TYPE.into(),
        f(total),
        f(used),
        f(avail),
        pct,
        mount,
    ]
}

#[cfg(test)]
mod tests {
    use super::Df;
    use crate::testutil::*;
    use sandbash_vfs::{FileSystem, FsLimits, MemoryFs, Vfs};
    use std::sync::Arc;

    #[test]
    fn reports_limits_and_use() {
        let limits = FsLimits {
            max_total_bytes: 1 << 20,
            ..FsLimits::default()
        };
        let vfs = Vfs::sandbox(Arc::new(MemoryFs::with_limits(limits)), limits);
        vfs.write("/workspace/f", &[b'x'; 2048]).unwrap();
        let o = run(&Df, &["-T", "/workspace"], b"", &vfs);
        assert_eq!(
            o.out,
            "Filesystem     Type  1K-blocks Used Available Use% Mounted on\nworkspace      tmpfs      1024    4      1020   1% /workspace\n"
        );
        let o = run(&Df, &["-h", "/workspace/f"], b"", &vfs);
        assert!(
            o.out
                .contains("workspace       1.0M  4.0K 1020K   1% /workspace"),
            "{}",
            o.out
        );
        let o = run(&Df, &["nosuch"], b"", &vfs);
        assert_eq!(o.status, 1);
    }
}
