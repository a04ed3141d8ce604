//! `zip`: adds files to an archive, replacing entries of the same name.

use std::io::{Cursor, Write};

use sandbash_vfs::FileKind;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::sys::{Res, Sys, hold};

/// The `zip` utility.
pub struct Zip;

/// The options of `zip`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Recurse,
    Junk,
    Quiet,
    Delete,
    Exclude,
    Level(u8),
}

/// A file to add: its name in the archive and its bytes (`None`: a
/// directory).
struct Add {
    name: String,
    data: Option<Vec<u8>>,
    mode: u32,
    mtime: i64,
}

impl Command for Zip {
    const NAME: &'static str = "zip";
    const HELP: Help = Help {
        usage: &["[-options] zipfile list"],
        about: "Package and compress (archive) files.",
        after: "  -r   recurse into directories     -j   junk (don't record) directory names\n  -0   store only                   -9   compress better\n  -d   delete entries in zipfile    -x   exclude the following names\n  -q   quiet operation",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'r',
            &["recurse-paths"],
            Key::Recurse,
            "recurse into directories",
        ),
        Flag::new(
            'j',
            &["junk-paths"],
            Key::Junk,
            "junk (don't record) directory names",
        ),
        Flag::new('q', &["quiet"], Key::Quiet, "quiet operation"),
        Flag::new('d', &["delete"], Key::Delete, "delete entries in zipfile"),
        Flag::new(
            'x',
            &["exclude"],
            Key::Exclude,
            "exclude the following names",
        )
        .value("PATTERN"),
        Flag::new('0', &[], Key::Level(0), "store only"),
        Flag::new('1', &[], Key::Level(1), "compress faster"),
        Flag::new('2', &[], Key::Level(2), "compression level 2"),
        Flag::new('3', &[], Key::Level(3), "compression level 3"),
        Flag::new('4', &[], Key::Level(4), "compression level 4"),
        Flag::new('5', &[], Key::Level(5), "compression level 5"),
        Flag::new('6', &[], Key::Level(6), "compression level 6"),
        Flag::new('7', &[], Key::Level(7), "compression level 7"),
        Flag::new('8', &[], Key::Level(8), "compression level 8"),
        Flag::new('9', &[], Key::Level(9), "compress better"),
    ];
    const SYNTAX: crate::common::flags::Syntax = crate::common::flags::Syntax::GNU.status(16);

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let (mut recurse, mut junk, mut quiet, mut delete) = (false, false, false, false);
        let mut level = 6u8;
        let mut excludes: Vec<String> = Vec::new();
        for (k, v) in p.each() {
            match k {
                Key::Recurse => recurse = true,
                Key::Junk => junk = true,
                Key::Quiet => quiet = true,
                Key::Delete => delete = true,
                Key::Exclude => excludes.push(v.to_owned()),
                Key::Level(n) => level = n,
            }
        }
        let mut ops = p.operands.into_iter();
        let Some(archive) = ops.next() else {
            sys.out
                .str("\nzip error: Invalid command arguments (nothing to select from)\n")?;
            return Ok(16);
        };
        let archive = if archive.contains('.') || archive == "-" {
            archive
        } else {
            format!("{archive}.zip")
        };
        let names: Vec<String> = ops.collect();
        let tz = super::tz(sys);
        let existing = sys
            .resolve(&archive)
            .ok()
            .and_then(|p| sys.fs.read(&p).ok());
        let mut charge = sys.charge();
        hold(
            &mut charge,
            existing.as_ref().map_or(0, |e| e.len() as u64) * 2,
        )?;
        if delete {
            return delete_entries(sys, &archive, existing, &names);
        }
        // What to add, in order.
        let mut adds: Vec<Add> = Vec::new();
        for n in &names {
            sys.tick.check()?;
            if n == "-" {
                let mut data = Vec::new();
                let _ = std::io::Read::read_to_end(&mut *sys.stdin, &mut data);
                let now = crate::common::time::epoch_secs(std::time::SystemTime::now());
                adds.push(Add {
                    name: "-".into(),
                    data: Some(data),
                    mode: 0o600,
                    mtime: now,
                });
                continue;
            }
            let Ok(full) = sys.resolve(n) else { continue };
            let Ok(md) = sys.fs.metadata(&full) else {
                sys.out
                    .str(&format!("\tzip warning: name not matched: {n}\n"))?;
                continue;
            };
            collect(
                sys,
                &full,
                n.trim_end_matches('/'),
                md.kind,
                recurse,
                junk,
                &mut adds,
                0,
            )?;
        }
        let excluded = |name: &str| {
            excludes.iter().any(|x| {
                crate::common::glob::matches(x, name)
                    || crate::common::glob::matches(x, name.trim_end_matches('/'))
            })
        };
        adds.retain(|a| !excluded(&a.name));
        if adds.is_empty() {
            sys.out
                .str(&format!("\nzip error: Nothing to do! ({archive})\n"))?;
            return Ok(12);
        }
        let mut old: Option<ZipArchive<Cursor<Vec<u8>>>> =
            existing.and_then(|e| ZipArchive::new(Cursor::new(e)).ok());
        let mut w = ZipWriter::new(Cursor::new(Vec::new()));
        let mut written: Vec<String> = Vec::new();
        let old_names: Vec<String> = old
            .as_ref()
            .map(|a| {
                a.file_names()
                    .map(|n| n.map(|c| c.into_owned()).unwrap_or_default())
                    .collect()
            })
            .unwrap_or_default();
        let add_one = |w: &mut ZipWriter<Cursor<Vec<u8>>>,
                       a: &Add,
                       verb: &str,
                       out: &mut Vec<String>|
         -> zip::result::ZipResult<()> {
            let when = super::dos_time(a.mtime, tz.as_deref());
            match &a.data {
                None => {
                    let o = SimpleFileOptions::default()
                        .compression_method(CompressionMethod::Stored)
                        .last_modified_time(when)
                        .unix_permissions(a.mode);
                    w.add_directory(a.name.trim_end_matches('/'), o)?;
                    out.push(format!("{verb}: {} (stored 0%)", a.name));
                }
                Some(data) => {
                    let deflated = level > 0 && {
                        let mut e = flate2::write::DeflateEncoder::new(
                            Vec::new(),
                            flate2::Compression::new(u32::from(level)),
                        );
                        let _ = e.write_all(data);
                        e.finish().map(|c| c.len() < data.len()).unwrap_or(false)
                    };
                    let method = if deflated {
                        CompressionMethod::Deflated
                    } else {
                        CompressionMethod::Stored
                    };
                    let mut o = SimpleFileOptions::default()
                        .compression_method(method)
                        .last_modified_time(when)
                        .unix_permissions(a.mode);
                    if deflated {
                        o = o.compression_level(Some(i64::from(level)));
                    }
                    w.start_file(a.name.as_str(), o)?;
                    w.write_all(data)?;
                    if deflated {
                        let mut e = flate2::write::DeflateEncoder::new(
                            Vec::new(),
                            flate2::Compression::new(u32::from(level)),
                        );
                        let _ = e.write_all(data);
                        let c = e.finish().map(|c| c.len()).unwrap_or(data.len());
                        let pct = if data.is_empty() {
                            0
                        } else {
                            ((data.len() - c) * 100 + data.len() / 2) / data.len()
                        };
                        out.push(format!("{verb}: {} (deflated {pct}%)", a.name));
                    } else {
                        out.push(format!("{verb}: {} (stored 0%)", a.name));
                    }
                }
            }
            Ok(())
        };
        let mut lines: Vec<String> = Vec::new();
        let mut result: zip::result::ZipResult<()> = Ok(());
        if let Some(arch) = old.as_mut() {
            for (i, n) in old_names.iter().enumerate() {
                let key = n.trim_end_matches('/');
                if let Some(a) = adds.iter().find(|a| a.name.trim_end_matches('/') == key) {
                    result = result.and_then(|()| add_one(&mut w, a, "updating", &mut lines));
                    written.push(a.name.clone());
                } else if let Ok(f) = arch.by_index_raw(i) {
                    result = result.and_then(|()| w.raw_copy_file(f));
                }
            }
        }
        for a in &adds {
            if !written.contains(&a.name) {
                result = result.and_then(|()| add_one(&mut w, a, "  adding", &mut lines));
            }
        }
        let bytes = result.and_then(|()| w.finish()).map(Cursor::into_inner);
        let bytes = match bytes {
            Ok(b) => b,
            Err(e) => {
                sys.out.str(&format!("\nzip error: {e}\n"))?;
                return Ok(15);
            }
        };
        if !quiet {
            for l in &lines {
                sys.out.str(&format!("{l}\n"))?;
            }
        }
        let written = sys.resolve(&archive).and_then(|p| sys.fs.write(&p, &bytes));
        if let Err(e) = written {
            sys.out.str(&format!(
                "\nzip error: Could not create output file ({archive}): {}\n",
                e.kind
            ))?;
            return Ok(15);
        }
        Ok(0)
    }
}

#[allow(clippy::too_many_arguments)]
fn collect(
    sys: &mut Sys<'_>,
    full: &str,
    name: &str,
    kind: FileKind,
    recurse: bool,
    junk: bool,
    adds: &mut Vec<Add>,
    depth: usize,
) -> Res<()> {
    sys.tick.check()?;
    let Ok(md) = sys.fs.metadata(full) else {
        return Ok(());
    };
    let mtime = crate::common::time::epoch_secs(md.mtime);
    let shown = if junk {
        name.rsplit('/').next().unwrap_or(name).to_owned()
    } else {
        name.to_owned()
    };
    if kind == FileKind::Dir || md.is_dir() {
        if !junk {
            adds.push(Add {
                name: format!("{shown}/"),
                data: None,
                mode: md.mode | 0o40000,
                mtime,
            });
        }
        if recurse && depth < 256 {
            let mut entries = sys.fs.read_dir(full).unwrap_or_default();
            entries.sort_by(|a, b| a.name.cmp(&b.name));
            for e in entries {
                let child = format!("{}/{}", full.trim_end_matches('/'), e.name);
                let cname = format!("{name}/{}", e.name);
                collect(sys, &child, &cname, e.kind, recurse, junk, adds, depth + 1)?;
            }
        }
        return Ok(());
    }
    let data = sys.fs.read(full).unwrap_or_default();
    adds.push(Add {
        name: shown,
        data: Some(data),
        mode: md.mode | 0o100000,
        mtime,
    });
    Ok(())
}

/// `zip -d`: the archive without the named entries.
fn delete_entries(
    sys: &mut Sys<'_>,
    archive: &str,
    existing: Option<Vec<u8>>,
    names: &[String],
) -> Res<i32> {
    let Some(mut arch) = existing.and_then(|e| ZipArchive::new(Cursor::new(e)).ok()) else {
        sys.out.str(&format!(
            "\nzip error: Zip file structure invalid ({archive})\n"
        ))?;
        return Ok(3);
    };
    let mut w = ZipWriter::new(Cursor::new(Vec::new()));
    let all: Vec<String> = arch
        .file_names()
        .map(|n| n.map(|c| c.into_owned()).unwrap_or_default())
        .collect();
    let mut deleted = 0;
    for (i, n) in all.iter().enumerate() {
        if names.iter().any(|p| crate::common::glob::matches(p, n)) {
            sys.out.str(&format!("deleting: {n}\n"))?;
            deleted += 1;
            continue;
        }
        if let Ok(f) = arch.by_index_raw(i) {
            let _ = w.raw_copy_file(f);
        }
    }
    if deleted == 0 {
        sys.out
            .str(&format!("\nzip error: Nothing to do! ({archive})\n"))?;
        return Ok(12);
    }
    match w.finish() {
        Ok(c) => {
            let bytes = c.into_inner();
            let _ = sys.resolve(archive).and_then(|p| sys.fs.write(&p, &bytes));
            Ok(0)
        }
        Err(e) => {
            sys.out.str(&format!("\nzip error: {e}\n"))?;
            Ok(15)
        }
    }
}
