//! `c`, `r`, `u`: entries from the operands, in name order, appended to a
//! new or existing archive held in memory.

use sandbash_vfs::FileKind;
use tar::{Builder, EntryType, Header};

use super::{Format, Key, Opts, glob_match, try_help};
use crate::common::sys::{Res, Sys, hold};

/// What one entry carries.
struct Item {
    name: String,
    kind: FileKind,
    data: Vec<u8>,
    mode: u32,
    mtime: u64,
    link: String,
}

pub fn run(sys: &mut Sys<'_>, o: &Opts, mode: Key, names: &[String]) -> Res<i32> {
    if names.is_empty() && mode == Key::Create {
        sys.diag
            .error("Cowardly refusing to create an empty archive");
        try_help(sys);
        return Ok(2);
    }
    let archive = o.file.clone().unwrap_or_else(|| "-".into());
    let compression = match o.compress {
        Some(Key::Auto) => super::read::compression_of(&archive),
        other => other,
    };
    if compression.is_some() && mode != Key::Create {
        sys.diag.error("Cannot update compressed archives");
        super::try_help(sys);
        return Ok(2);
    }
    // The existing archive's entries end where its end-of-archive blocks
    // begin: appending writes from there.
    let mut existing: Vec<u8> = Vec::new();
    let mut old_times: Vec<(String, u64)> = Vec::new();
    if mode != Key::Create && archive != "-" {
        if let Ok(p) = sys.resolve(&archive)
            && let Ok(d) = sys.fs.read(&p)
        {
            existing = d;
        }
        let (end, times) = super::read::entries_end(&existing);
        existing.truncate(end);
        old_times = times;
    }
    let base = match &o.dir {
        Some(d) => sys.resolve(d).unwrap_or_else(|_| sys.cwd.to_owned()),
        None => sys.cwd.to_owned(),
    };
    let mut items: Vec<Item> = Vec::new();
    let mut errors = false;
    let mut warned_root = false;
    let mut charge = sys.charge();
    let mut held = existing.len() as u64;
    for name in names {
        let mut shown = name.as_str();
        if shown.starts_with('/') && shown.len() > 1 {
            if !warned_root {
                sys.diag.error("Removing leading `/' from member names");
                warned_root = true;
            }
            shown = shown.trim_start_matches('/');
        }
        let Ok(full) = sandbash_vfs::path::resolve(&base, name) else {
            continue;
        };
        if let Err(e) = sys.fs.symlink_metadata(&full) {
            sys.diag
                .error(format_args!("{name}: Cannot stat: {}", e.kind));
            errors = true;
            continue;
        }
        collect(
            sys,
            o,
            &full,
            shown.trim_end_matches('/').to_owned(),
            &mut items,
            &mut held,
            &mut charge,
            0,
        )?;
    }
    let mut b = Builder::new(existing);
    b.mode(tar::HeaderMode::Complete);
    for it in &items {
        sys.tick.check()?;
        if mode == Key::Update
            && old_times
                .iter()
                .any(|(n, t)| *n == it.name && *t >= it.mtime)
        {
            continue;
        }
        if o.verbose {
            let line = format!("{}\n", it.name);
            if archive == "-" {
                sys.diag.raw(line.as_bytes());
            } else {
                sys.out.str(&line)?;
            }
        }
        if let Err(msg) = append(&mut b, o, it) {
            sys.diag.error(format_args!("{}: {msg}", it.name));
            errors = true;
        }
    }
    let bytes = match b.into_inner() {
        Ok(v) => v,
        Err(e) => {
            sys.diag.error(format_args!("{archive}: Cannot write: {e}"));
            return Ok(2);
        }
    };
    hold(&mut charge, held.saturating_add(bytes.len() as u64))?;
    let bytes = match compression {
        Some(kind) => match super::codec::compress(kind, &bytes, sys.memory.room()) {
            Ok(b) => b,
            Err(e) => {
                sys.diag
                    .error(format_args!("{}: {e}", super::codec::program(kind)));
                return Ok(2);
            }
        },
        None => bytes,
    };
    if archive == "-" {
        sys.out.put(&bytes)?;
    } else {
        let written = sys.resolve(&archive).and_then(|p| sys.fs.write(&p, &bytes));
        if let Err(e) = written {
            sys.diag
                .error(format_args!("{archive}: Cannot open: {}", e.kind));
            sys.diag.error("Error is not recoverable: exiting now");
            return Ok(2);
        }
    }
    if errors {
        sys.diag
            .error("Exiting with failure status due to previous errors");
        return Ok(2);
    }
    Ok(0)
}

/// Adds `full` (shown as `name`) and, for a directory, what it holds.
#[allow(clippy::too_many_arguments)]
fn collect(
    sys: &mut Sys<'_>,
    o: &Opts,
    full: &str,
    name: String,
    items: &mut Vec<Item>,
    held: &mut u64,
    charge: &mut sandbash_interpreter::memory::Charge,
    depth: usize,
) -> Res<()> {
    sys.tick.check()?;
    let base = name.rsplit('/').next().unwrap_or(&name);
    if o.excludes
        .iter()
        .any(|x| glob_match(x, base) || glob_match(x, &name))
    {
        return Ok(());
    }
    let Ok(md) = sys.fs.symlink_metadata(full) else {
        return Ok(());
    };
    let mtime = o
        .mtime
        .unwrap_or_else(|| crate::common::time::epoch_secs(md.mtime).max(0) as u64);
    let is_dir = md.kind == FileKind::Dir;
    let mut mode = md.mode & 0o7777;
    if let Some(spec) = &o.mode_spec {
        mode = crate::common::mode::parse_mode(spec, mode, is_dir).unwrap_or(mode);
    }
    match md.kind {
        FileKind::Dir => {
            items.push(Item {
                name: format!("{name}/"),
                kind: md.kind,
                data: Vec::new(),
                mode,
                mtime,
                link: String::new(),
            });
            if depth > 256 {
                return Ok(());
            }
            let mut entries = sys.fs.read_dir(full).unwrap_or_default();
            entries.sort_by(|a, b| a.name.cmp(&b.name));
            for e in entries {
                let child = format!("{}/{}", full.trim_end_matches('/'), e.name);
                let shown = if name.is_empty() {
                    e.name.clone()
                } else {
                    format!("{name}/{}", e.name)
                };
                collect(sys, o, &child, shown, items, held, charge, depth + 1)?;
            }
        }
        FileKind::Symlink => items.push(Item {
            name,
            kind: md.kind,
            data: Vec::new(),
            mode: 0o777,
            mtime,
            link: sys.fs.read_link(full).unwrap_or_default(),
        }),
        _ => {
            let data = sys.fs.read(full).unwrap_or_default();
            *held = held.saturating_add(data.len() as u64 + 512);
            hold(charge, *held)?;
            items.push(Item {
                name,
                kind: md.kind,
                data,
                mode,
                mtime,
                link: String::new(),
            });
        }
    }
    Ok(())
}

/// Whether `name` fits a ustar header: a name of at most 100 bytes, or a
/// prefix of at most 155 and a name of at most 100 split at a `/`.
fn fits_ustar(name: &str) -> bool {
    let b = name.as_bytes();
    if b.len() <= 100 {
        return true;
    }
    b.iter()
        .enumerate()
        .any(|(i, &c)| c == b'/' && i <= 155 && b.len() - i - 1 <= 100 && i > 0)
}

fn append(b: &mut Builder<Vec<u8>>, o: &Opts, it: &Item) -> Result<(), String> {
    let mut h = match o.format {
        Format::Gnu => Header::new_gnu(),
        Format::Pax | Format::Ustar => Header::new_ustar(),
    };
    h.set_mode(it.mode);
    h.set_mtime(it.mtime);
    let (uname, uid) = o.owner.clone().unwrap_or_else(|| ("agent".into(), 1000));
    let (gname, gid) = o.group.clone().unwrap_or_else(|| ("agent".into(), 1000));
    h.set_uid(uid);
    h.set_gid(gid);
    if !o.numeric {
        let _ = h.set_username(&uname);
        let _ = h.set_groupname(&gname);
    }
    h.set_entry_type(match it.kind {
        FileKind::Dir => EntryType::Directory,
        FileKind::Symlink => EntryType::Symlink,
        _ => EntryType::Regular,
    });
    h.set_size(it.data.len() as u64);
    if it.kind == FileKind::Symlink {
        h.set_link_name_literal(it.link.as_bytes())
            .map_err(|e| e.to_string())?;
    }
    match o.format {
        Format::Ustar if !fits_ustar(&it.name) => {
            Err("file name is too long (cannot be split); not dumped".into())
        }
        Format::Pax if it.name.len() > 100 => {
            b.append_pax_extensions([("path", it.name.as_bytes())])
                .map_err(|e| e.to_string())?;
            raw_name(&mut h, it.name.as_bytes());
            b.append(&h, it.data.as_slice()).map_err(|e| e.to_string())
        }
        _ if it.name.len() <= 100 => {
            raw_name(&mut h, it.name.as_bytes());
            b.append(&h, it.data.as_slice()).map_err(|e| e.to_string())
        }
        _ => b
            .append_data(&mut h, &it.name, it.data.as_slice())
            .map_err(|e| e.to_string()),
    }
}

/// Puts (the first 100 bytes of) `name` in the header's name field as
/// written, a directory's trailing `/` included.
fn raw_name(h: &mut Header, name: &[u8]) {
    let field = &mut h.as_old_mut().name;
    field.fill(0);
    for (d, s) in field.iter_mut().zip(name) {
        *d = *s;
    }
    h.set_cksum();
}
