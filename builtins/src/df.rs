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

/// The `df` utility: `-a -B -h -H -i -k -l -P -T -t -x --total
/// --output[=FIELD_LIST]`, columns as wide as GNU makes them (each at least
/// its minimum, its header and its widest cell).
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
    Output,
    Type,
    ExcludeType,
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
        Flag::long(
            &["output"],
            Key::Output,
            "use the output format defined by FIELD_LIST,\n  or print all fields if FIELD_LIST is omitted.",
        )
        .optional("FIELD_LIST"),
        Flag::new('t', &["type"], Key::Type, "limit listing to file systems of type TYPE").value("TYPE"),
        Flag::new('x', &["exclude-type"], Key::ExcludeType, "limit listing to file systems not of type TYPE")
            .value("TYPE"),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }
}

/// A column, as `--output` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Source,
    FsType,
    ITotal,
    IUsed,
    IAvail,
    IPcent,
    Size,
    Used,
    Avail,
    Pcent,
    File,
    Target,
}

/// Each field's `--output` name, GNU's minimum width, and whether it is
/// left-aligned; in the order a bare `--output` lists them.
const FIELDS: &[(Field, &str, usize, bool)] = &[
    (Field::Source, "source", 14, true),
    (Field::FsType, "fstype", 4, true),
    (Field::ITotal, "itotal", 5, false),
    (Field::IUsed, "iused", 5, false),
    (Field::IAvail, "iavail", 5, false),
    (Field::IPcent, "ipcent", 4, false),
    (Field::Size, "size", 5, false),
    (Field::Used, "used", 5, false),
    (Field::Avail, "avail", 5, false),
    (Field::Pcent, "pcent", 4, false),
    (Field::File, "file", 0, true),
    (Field::Target, "target", 0, true),
];

fn field_info(f: Field) -> (usize, bool) {
    FIELDS
        .iter()
        .find(|(g, ..)| *g == f)
        .map_or((0, true), |&(_, _, w, l)| (w, l))
}

/// The values of one row, before formatting.
struct Entry {
    source: String,
    fstype: String,
    file: String,
    target: String,
    blocks: (u64, u64),
    inodes: (u64, u64),
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let mut unit = Unit::Blocks(1024);
    let mut output: Option<Vec<Field>> = None;
    for g in &p.opts {
        let (k, v) = (g.key, g.value.as_deref().unwrap_or(""));
        match k {
            Key::BlockSize => match parse_count(v).filter(|n| *n > 0) {
                Some(n) => unit = Unit::Blocks(n),
                None => {
                    let opt = if g.short { "-B" } else { "--block-size" };
                    sys.diag
                        .error(format_args!("invalid {opt} argument {}", quote(v)));
                    return Ok(1);
                }
            },
            Key::Human => unit = Unit::Human,
            Key::Si => unit = Unit::Si,
            Key::Kilo => unit = Unit::Blocks(1024),
            Key::Output => {
                let list = output.get_or_insert_with(Vec::new);
                if v.is_empty() {
                    list.extend(FIELDS.iter().map(|f| f.0));
                    continue;
                }
                for name in v.split(',') {
                    let Some(&(f, ..)) = FIELDS.iter().find(|f| f.1 == name) else {
                        sys.diag.usage(format_args!(
                            "option --output: field {} unknown",
                            quote(name)
                        ));
                        return Ok(1);
                    };
                    if list.contains(&f) {
                        sys.diag.usage(format_args!(
                            "option --output: field {} used more than once",
                            quote(name)
                        ));
                        return Ok(1);
                    }
                    list.push(f);
                }
            }
            _ => {}
        }
    }
    let inodes = p.has(Key::Inodes);
    let posix = p.has(Key::Portability);
    if output.is_some() {
        for (k, letter) in [
            (Key::Inodes, 'i'),
            (Key::PrintType, 'T'),
            (Key::Portability, 'P'),
        ] {
            if p.has(k) {
                sys.diag.usage(format_args!(
                    "options -{letter} and --output are mutually exclusive"
                ));
                return Ok(1);
            }
        }
    }
    let fields = match output.take() {
        Some(f) => f,
        None => {
            let mut f = vec![Field::Source];
            if p.has(Key::PrintType) {
                f.push(Field::FsType);
            }
            if inodes {
                f.extend([Field::ITotal, Field::IUsed, Field::IAvail, Field::IPcent]);
            } else {
                f.extend([Field::Size, Field::Used, Field::Avail, Field::Pcent]);
            }
            f.push(Field::Target);
            f
        }
    };
    // `-t TYPE` keeps, `-x TYPE` drops, file systems of that type: all of
    // the sandbox's are `tmpfs`.
    let types: Vec<&str> = p.all(Key::Type).collect();
    let excluded = p.all(Key::ExcludeType).any(|t| t == FS_TYPE);
    let listed = (types.is_empty() || types.contains(&FS_TYPE)) && !excluded;
    let fs: &dyn FileSystem = sys.fs;
    let mut status = 0;
    let mut entries: Vec<Entry> = Vec::new();
    let entry = |s: Option<Space>, file: &str| {
        let (source, target) = match &s {
            Some(s) if s.mount == "/" => ("sandbox".to_owned(), s.mount.clone()),
            Some(s) => (s.mount.trim_start_matches('/').to_owned(), s.mount.clone()),
            None => ("-".to_owned(), "-".to_owned()),
        };
        let (blocks, inodes) = match &s {
            // Used space in whole 4 KiB blocks, as `du` counts it.
            Some(s) => (
                (
                    s.limits.max_total_bytes,
                    s.usage
                        .bytes
                        .div_ceil(crate::common::usage::BLOCK)
                        .saturating_mul(crate::common::usage::BLOCK),
                ),
                (s.limits.max_entries, s.usage.entries),
            ),
            None => ((0, 0), (0, 0)),
        };
        Entry {
            source,
            fstype: FS_TYPE.into(),
            file: file.to_owned(),
            target,
            blocks,
            inodes,
        }
    };
    if p.operands.is_empty() {
        let mut seen: Vec<String> = Vec::new();
        for m in MOUNTS {
            let s = fs.space(m);
            let key = s.as_ref().map(|s| s.mount.clone()).unwrap_or_default();
            if !seen.contains(&key) {
                seen.push(key);
                if listed {
                    entries.push(entry(s, "-"));
                }
            }
        }
    }
    for op in &p.operands {
        sys.tick.tick()?;
        match sys.resolve(op).and_then(|a| fs.metadata(&a).map(|_| a)) {
            Ok(abs) if listed => entries.push(entry(fs.space(&abs), op)),
            Ok(_) => {}
            Err(e) => {
                sys.diag.error(format_args!("{op}: {}", e.kind));
                status = 1;
            }
        }
    }
    if entries.is_empty() {
        // After an operand's own error GNU says nothing more.
        if status == 0 {
            sys.diag.error("no file systems processed");
        }
        return Ok(1);
    }
    if p.has(Key::Total) {
        let sum =
            |f: &dyn Fn(&Entry) -> u64| entries.iter().fold(0u64, |a, e| a.saturating_add(f(e)));
        let t = Entry {
            source: "total".into(),
            fstype: "-".into(),
            file: "-".into(),
            // Without a source column GNU names the row in the target's.
            target: if fields.contains(&Field::Source) {
                "-"
            } else {
                "total"
            }
            .into(),
            blocks: (sum(&|e| e.blocks.0), sum(&|e| e.blocks.1)),
            inodes: (sum(&|e| e.inodes.0), sum(&|e| e.inodes.1)),
        };
        entries.push(t);
    }
    let human = matches!(unit, Unit::Human | Unit::Si);
    let header = |f: Field| -> String {
        match f {
            Field::Source => "Filesystem".into(),
            Field::FsType => "Type".into(),
            Field::ITotal => "Inodes".into(),
            Field::IUsed => "IUsed".into(),
            Field::IAvail => "IFree".into(),
            Field::IPcent => "IUse%".into(),
            Field::Size => match unit {
                Unit::Human | Unit::Si => "Size".into(),
                Unit::Blocks(b) if posix => format!("{b}-blocks"),
                Unit::Blocks(b) => block_header(b),
            },
            Field::Used => "Used".into(),
            // GNU's default layout spells it out; `--output` and the
            // human-readable sizes do not.
            Field::Avail if !human && !p.has(Key::Output) => "Available".into(),
            Field::Avail => "Avail".into(),
            Field::Pcent if posix => "Capacity".into(),
            Field::Pcent => "Use%".into(),
            Field::File => "File".into(),
            Field::Target => "Mounted on".into(),
        }
    };
    let size = |n: u64| match unit {
        Unit::Blocks(b) => n.div_ceil(b).to_string(),
        Unit::Human => human_size(n),
        Unit::Si => human_size_si(n),
    };
    let cell = |f: Field, e: &Entry| -> String {
        let (bt, bu) = e.blocks;
        let (it, iu) = e.inodes;
        match f {
            Field::Source => e.source.clone(),
            Field::FsType => e.fstype.clone(),
            Field::ITotal => it.to_string(),
            Field::IUsed => iu.to_string(),
            Field::IAvail => it.saturating_sub(iu).to_string(),
            Field::IPcent => percent(it, iu),
            Field::Size => size(bt),
            Field::Used => size(bu),
            Field::Avail => size(bt.saturating_sub(bu)),
            Field::Pcent => percent(bt, bu),
            Field::File => e.file.clone(),
            Field::Target => e.target.clone(),
        }
    };
    let mut rows: Vec<Vec<String>> = vec![fields.iter().map(|&f| header(f)).collect()];
    for e in &entries {
        sys.tick.tick()?;
        rows.push(fields.iter().map(|&f| cell(f, e)).collect());
    }
    let mut widths: Vec<usize> = fields.iter().map(|&f| field_info(f).0).collect();
    for r in &rows {
        for (w, c) in widths.iter_mut().zip(r.iter()) {
            *w = (*w).max(c.len());
        }
    }
    let last = fields.len().saturating_sub(1);
    for r in &rows {
        let mut line = String::new();
        for (i, ((c, w), f)) in r.iter().zip(widths.iter()).zip(fields.iter()).enumerate() {
            if i > 0 {
                line.push(' ');
            }
            let (_, left) = field_info(*f);
            match (left, i == last) {
                // GNU pads no trailing blanks after a last, left-aligned cell.
                (true, true) => line.push_str(c),
                (true, false) => line.push_str(&format!("{c:<w$}")),
                (false, _) => line.push_str(&format!("{c:>w$}")),
            }
        }
        line.push('\n');
        sys.out.str(&line)?;
    }
    Ok(status)
}

/// `Use%`: used over used plus available, rounded up; `-` for an unsized
/// file system.
fn percent(total: u64, used: u64) -> String {
    if total == 0 {
        return "-".to_owned();
    }
    let avail = total.saturating_sub(used);
    format!(
        "{}%",
        (u128::from(used) * 100).div_ceil(u128::from(used) + u128::from(avail))
    )
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
            "Filesystem     Type  1K-blocks  Used Available Use% Mounted on\nworkspace      tmpfs      1024     4      1020   1% /workspace\n"
        );
        let o = run(
            &Df,
            &["--output=file,pcent,target", "--total", "f"],
            b"",
            &vfs,
        );
        assert_eq!(
            o.out,
            "File Use% Mounted on\nf      1% /workspace\n-      1% total\n"
        );
        let o = run(&Df, &["--output=used", "--total", "f"], b"", &vfs);
        assert_eq!(o.out, " Used\n    4\n    4\n");
        let o = run(&Df, &["-x", "tmpfs", "f"], b"", &vfs);
        assert_eq!(
            (o.err.as_str(), o.status),
            ("df: no file systems processed\n", 1)
        );
        let o = run(&Df, &["-i", "--output=used", "f"], b"", &vfs);
        assert_eq!(o.status, 1);
        assert!(
            o.err
                .starts_with("df: options -i and --output are mutually exclusive\n")
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
