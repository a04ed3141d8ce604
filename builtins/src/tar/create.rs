//! `c`, `r`, `u`: entries from the operands, in name order, written as
//! they are made: each file is read when its turn comes and goes out
//! through the compressor (`-z -j -J`) into the archive (a VFS file or
//! standard output), so what is held at once is one file and the codec's
//! window, not the archive. `r`/`u` read the existing archive whole first
//! (its entries are copied back ahead of the new ones).

use std::io::Write;

use sandbash_vfs::{FileKind, WriteMode};
use tar::{Builder, EntryType, Header};

use super::{Format, Key, Opts, glob_match, try_help};
use crate::common::sys::{Fail, Res, Sys, settle};
use crate::compress::Encoder;

/// What one entry carries; a regular file's bytes are read from `src`
/// when the entry is written.
struct Item {
    name: String,
    kind: FileKind,
    src: String,
    mode: u32,
    mtime: u64,
    link: String,
}

/// Where the archive's bytes go: straight out, or through a compressor
/// whose stream must be ended.
enum Sink<'w> {
    Plain(Box<dyn Write + 'w>),
    Coded(Box<dyn Encoder + 'w>),
}

impl Write for Sink<'_> {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        match self {
            Sink::Plain(w) => w.write(b),
            Sink::Coded(w) => w.write(b),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Sink::Plain(w) => w.flush(),
            Sink::Coded(w) => w.flush(),
        }
    }
}

impl Sink<'_> {
    /// Ends the compressed stream (if any) and flushes.
    fn finish_stream(self) -> std::io::Result<()> {
        match self {
            Sink::Plain(mut w) => w.flush(),
            Sink::Coded(w) => w.finish(),
        }
    }
}

/// Why an entry was not written.
enum Bad {
    /// This entry only (GNU tar goes on, and exits 2 at the end).
    Entry(String),
    /// The archive itself.
    Write(std::io::Error),
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
    let archive_path = if archive == "-" {
        None
    } else {
        sys.resolve(&archive).ok()
    };
    // The existing archive's entries end where its end-of-archive blocks
    // begin: appending writes from there.
    let mut existing: Vec<u8> = Vec::new();
    let mut old_times: Vec<(String, u64)> = Vec::new();
    let mut charge = sys.charge();
    if mode != Key::Create
        && let Some(p) = &archive_path
        && let Ok(md) = sys.fs.metadata(p)
    {
        settle(&mut charge, md.size)?;
        if let Ok(d) = sys.fs.read(p) {
            existing = d;
        }
        let (end, times) = super::read::entries_end(&existing);
        existing.truncate(end);
        old_times = times;
    }
    // The archive file is created before any member is read, as GNU tar
    // opens it (so a new archive inside a directory being archived is
    // seen there, and left out).
    let file_sink = match &archive_path {
        None => None,
        Some(p) => match sys.fs.open_write(p, WriteMode::Truncate) {
            Ok(w) => Some(w),
            Err(e) => {
                sys.diag
                    .error(format_args!("{archive}: Cannot open: {}", e.kind));
                sys.diag.error("Error is not recoverable: exiting now");
                return Ok(2);
            }
        },
    };
    let base = match &o.dir {
        Some(d) => sys.resolve(d).unwrap_or_else(|_| sys.cwd.to_owned()),
        None => sys.cwd.to_owned(),
    };
    let mut items: Vec<Item> = Vec::new();
    let mut errors = false;
    let mut warned_root = false;
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
            0,
        )?;
    }
    let held = existing.len() as u64;
    settle(&mut charge, held)?;
    // Where the archive goes: standard output, or the file (opened above).
    let to_stdout = archive_path.is_none();
    let sink: Box<dyn Write + '_> = match file_sink {
        None => Box::new(sys.out.writer()),
        Some(w) => Box::new(w),
    };
    let (sink, codec_bytes) = match compression {
        Some(kind) => match super::codec::writer(kind, sink, sys.memory.room()) {
            Ok((w, n)) => (Sink::Coded(w), n),
            Err(e) => {
                sys.diag
                    .error(format_args!("{}: {e}", super::codec::program(kind)));
                return Ok(2);
            }
        },
        None => (Sink::Plain(sink), 0),
    };
    let held = held + codec_bytes;
    settle(&mut charge, held)?;
    // Names listed by `-v`: on standard output after the archive is
    // written when the archive is a file (standard output is free then),
    // else on stderr as they go.
    let mut listing: Vec<u8> = Vec::new();
    let mut b = Builder::new(sink);
    b.mode(tar::HeaderMode::Complete);
    let write_fail = |sys: &mut Sys<'_>, e: std::io::Error| -> Res<i32> {
        if to_stdout {
            return Err(Fail::Write(e));
        }
        sys.diag.error(format_args!("{archive}: Cannot write: {e}"));
        sys.diag.error("Error is not recoverable: exiting now");
        Ok(2)
    };
    if let Err(e) = b.get_mut().write_all(&existing) {
        drop(b);
        return write_fail(sys, e);
    }
    drop(existing);
    for it in &items {
        sys.tick.check()?;
        if mode == Key::Update
            && old_times
                .iter()
                .any(|(n, t)| *n == it.name && *t >= it.mtime)
        {
            continue;
        }
        if it.kind != FileKind::Dir && archive_path.as_deref() == Some(it.src.as_str()) {
            sys.diag
                .error(format_args!("{}: file is the archive; not dumped", it.name));
            continue;
        }
        if o.verbose {
            if to_stdout {
                sys.diag.raw(format!("{}\n", it.name).as_bytes());
            } else {
                listing.extend_from_slice(sandbash_interpreter::bytes::encode(&it.name).as_ref());
                listing.push(b'\n');
            }
        }
        let data = match it.kind {
            FileKind::Dir | FileKind::Symlink => Vec::new(),
            _ => {
                let size = sys.fs.metadata(&it.src).map_or(0, |m| m.size);
                settle(&mut charge, held + size)?;
                sys.fs.read(&it.src).unwrap_or_default()
            }
        };
        match append(&mut b, o, it, &data) {
            Ok(()) => {}
            Err(Bad::Entry(msg)) => {
                sys.diag.error(format_args!("{}: {msg}", it.name));
                errors = true;
            }
            Err(Bad::Write(e)) => {
                drop(b);
                return write_fail(sys, e);
            }
        }
    }
    let finished = b.into_inner().and_then(|w| {
        // The sink is the compressor when there is one: end its stream.
        w.finish_stream()
    });
    if let Err(e) = finished {
        return write_fail(sys, e);
    }
    if !listing.is_empty() {
        sys.out.put(&listing)?;
    }
    if errors {
        sys.diag
            .error("Exiting with failure status due to previous errors");
        return Ok(2);
    }
    Ok(0)
}

/// Adds `full` (shown as `name`) and, for a directory, what it holds.
fn collect(
    sys: &mut Sys<'_>,
    o: &Opts,
    full: &str,
    name: String,
    items: &mut Vec<Item>,
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
                src: full.to_owned(),
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
                collect(sys, o, &child, shown, items, depth + 1)?;
            }
        }
        FileKind::Symlink => items.push(Item {
            name,
            kind: md.kind,
            src: full.to_owned(),
            mode: 0o777,
            mtime,
            link: sys.fs.read_link(full).unwrap_or_default(),
        }),
        _ => items.push(Item {
            name,
            kind: md.kind,
            src: full.to_owned(),
            mode,
            mtime,
            link: String::new(),
        }),
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

fn append(b: &mut Builder<Sink<'_>>, o: &Opts, it: &Item, data: &[u8]) -> Result<(), Bad> {
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
    h.set_size(data.len() as u64);
    if it.kind == FileKind::Symlink {
        h.set_link_name_literal(it.link.as_bytes())
            .map_err(|e| Bad::Entry(e.to_string()))?;
    }
    match o.format {
        Format::Ustar if !fits_ustar(&it.name) => Err(Bad::Entry(
            "file name is too long (cannot be split); not dumped".into(),
        )),
        Format::Pax if it.name.len() > 100 => {
            b.append_pax_extensions([("path", it.name.as_bytes())])
                .map_err(Bad::Write)?;
            raw_name(&mut h, it.name.as_bytes());
            b.append(&h, data).map_err(Bad::Write)
        }
        _ if it.name.len() <= 100 => {
            raw_name(&mut h, it.name.as_bytes());
            b.append(&h, data).map_err(Bad::Write)
        }
        _ => b.append_data(&mut h, &it.name, data).map_err(|e| {
            // The crate's own refusals (a name it cannot encode) concern
            // this entry; an error from the sink is the archive's.
            if e.kind() == std::io::ErrorKind::Other {
                Bad::Entry(e.to_string())
            } else {
                Bad::Write(e)
            }
        }),
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
