//! `t` and `x`: reading an archive entry by entry.

use std::io::Read;

use tar::{Archive, EntryType};

use super::{Key, Opts, glob_match};
use crate::common::sys::{Res, Sys, hold};

/// The compression a name's suffix implies (`-a`).
pub fn compression_of(name: &str) -> Option<Key> {
    let n = name.to_ascii_lowercase();
    if n.ends_with(".gz") || n.ends_with(".tgz") || n.ends_with(".taz") {
        Some(Key::Gzip)
    } else if n.ends_with(".bz2")
        || n.ends_with(".tbz")
        || n.ends_with(".tbz2")
        || n.ends_with(".tb2")
    {
        Some(Key::Bzip2)
    } else if n.ends_with(".xz") || n.ends_with(".txz") {
        Some(Key::Xz)
    } else {
        None
    }
}

/// Where an archive's entries end (its end-of-archive blocks begin) and
/// each entry's name and time (for `r` and `u`).
pub fn entries_end(data: &[u8]) -> (usize, Vec<(String, u64)>) {
    let mut end = 0usize;
    let mut times = Vec::new();
    let mut a = Archive::new(data);
    let Ok(entries) = a.entries() else {
        return (0, times);
    };
    for e in entries {
        let Ok(e) = e else { break };
        let start = e.raw_file_position() as usize;
        let size = e.header().entry_size().unwrap_or(0) as usize;
        end = start + size.div_ceil(512) * 512;
        let name = String::from_utf8_lossy(&e.path_bytes()).into_owned();
        times.push((name, e.header().mtime().unwrap_or(0)));
    }
    (end.min(data.len()), times)
}

/// GNU's `tv` line.
fn verbose_line(e: &tar::Entry<'_, &[u8]>, name: &str, o: &Opts, tz: Option<&str>) -> String {
    let h = e.header();
    let kind = match h.entry_type() {
        EntryType::Directory => 'd',
        EntryType::Symlink => 'l',
        EntryType::Link => 'h',
        _ => '-',
    };
    let mode = h.mode().unwrap_or(0);
    let perms = crate::common::mode::perm_string(mode);
    let uname = h.username().ok().flatten().unwrap_or("").to_owned();
    let gname = h.groupname().ok().flatten().unwrap_or("").to_owned();
    let uid = h.uid().unwrap_or(0);
    let gid = h.gid().unwrap_or(0);
    let u = if o.numeric || uname.is_empty() {
        uid.to_string()
    } else {
        uname
    };
    let g = if o.numeric || gname.is_empty() {
        gid.to_string()
    } else {
        gname
    };
    let ug = format!("{u}/{g}");
    // The member's size: a GNU sparse member's real size, not what is
    // stored (`e.size()` also takes a pax `size`).
    let size = e.size().to_string();
    let pad = 19usize.saturating_sub(ug.len() + size.len()).max(1);
    let secs = i64::try_from(h.mtime().unwrap_or(0)).unwrap_or(0);
    let date = crate::date::format::strftime("%Y-%m-%d %H:%M", secs, 0, tz);
    let mut line = format!("{kind}{perms} {ug}{}{size} {date} {name}", " ".repeat(pad));
    if let Ok(Some(l)) = h.link_name() {
        let target = l.to_string_lossy();
        if kind == 'l' {
            line.push_str(&format!(" -> {target}"));
        } else if kind == 'h' {
            line.push_str(&format!(" link to {target}"));
        }
    }
    line
}

pub fn run(sys: &mut Sys<'_>, o: &Opts, mode: Key, names: &[String]) -> Res<i32> {
    let archive = o.file.clone().unwrap_or_else(|| "-".into());
    let data: Vec<u8> = if archive == "-" {
        let mut all = Vec::new();
        let mut charge = sys.charge();
        if let Err(crate::common::headed::ReadFail::Stop(f)) = crate::common::input::read_all_within(
            &mut *sys.stdin,
            &mut all,
            &mut charge,
            sys.memory,
            sys.tick.cancel,
        ) {
            return Err(f);
        }
        std::mem::forget(charge);
        all
    } else {
        match sys.resolve(&archive).and_then(|p| sys.fs.read(&p)) {
            Ok(d) => d,
            Err(e) => {
                sys.diag
                    .error(format_args!("{archive}: Cannot open: {}", e.kind));
                sys.diag.error("Error is not recoverable: exiting now");
                return Ok(2);
            }
        }
    };
    let kind = super::codec::sniff(&data).or(match o.compress {
        Some(Key::Auto) | None => None,
        other => other,
    });
    let mut codec_charge = sys.charge();
    let data = match kind {
        Some(k) => match super::codec::decompress(k, &data, sys.memory.room(), &mut codec_charge) {
            Ok(d) => d,
            Err(_) => {
                let prog = super::codec::program(k);
                sys.diag
                    .raw(format!("{prog}: stdin: not in {prog} format\n").as_bytes());
                sys.diag.error("Child returned status 1");
                sys.diag.error("Error is not recoverable: exiting now");
                return Ok(2);
            }
        },
        None => data,
    };
    let tz = sys
        .env
        .iter()
        .find(|(k, _)| k == "TZ")
        .map(|(_, v)| v.as_str().to_owned());
    let base = match &o.dir {
        Some(d) => sys.resolve(d).unwrap_or_else(|_| sys.cwd.to_owned()),
        None => sys.cwd.to_owned(),
    };
    let mut found = vec![false; names.len()];
    let mut a = Archive::new(data.as_slice());
    let entries = match a.entries() {
        Ok(e) => e,
        Err(_) => {
            sys.diag.error("This does not look like a tar archive");
            sys.diag
                .error("Exiting with failure status due to previous errors");
            return Ok(2);
        }
    };
    let mut first = true;
    let mut warned_dotdot = false;
    let mut refused = false;
    let mut charge = sys.charge();
    for e in entries {
        sys.tick.check()?;
        let mut e = match e {
            Ok(e) => e,
            Err(_) => {
                sys.out.flush()?;
                if first && !data.iter().all(|&b| b == 0) {
                    sys.diag.error("This does not look like a tar archive");
                    sys.diag
                        .error("Exiting with failure status due to previous errors");
                } else {
                    sys.diag.error("Unexpected EOF in archive");
                    sys.diag.error("Error is not recoverable: exiting now");
                }
                return Ok(2);
            }
        };
        first = false;
        let name = String::from_utf8_lossy(&e.path_bytes()).into_owned();
        if !names.is_empty() {
            let mut any = false;
            for (k, n) in names.iter().enumerate() {
                let hit = if o.wildcards {
                    glob_match(n, &name) || glob_match(n, name.trim_end_matches('/'))
                } else {
                    let n = n.trim_end_matches('/');
                    name.trim_end_matches('/') == n || name.starts_with(&format!("{n}/"))
                };
                if hit {
                    any = true;
                    if let Some(f) = found.get_mut(k) {
                        *f = true;
                    }
                }
            }
            if !any {
                continue;
            }
        }
        let truncated = e.raw_file_position() as usize
            + e.header().entry_size().unwrap_or(0) as usize
            > data.len();
        if mode == Key::List {
            let line = if o.verbose {
                verbose_line(&e, &name, o, tz.as_deref())
            } else {
                name.clone()
            };
            sys.out.str(&format!("{line}\n"))?;
        }
        if truncated {
            sys.out.flush()?;
            sys.diag.error("Unexpected EOF in archive");
            sys.diag.error("Error is not recoverable: exiting now");
            return Ok(2);
        }
        if mode == Key::List {
            continue;
        }
        // Extract.
        let parts: Vec<&str> = name
            .split('/')
            .filter(|p| !p.is_empty() && *p != ".")
            .collect();
        // GNU tar refuses a member whose name climbs out (`../x`).
        if parts.contains(&"..") {
            sys.out.flush()?;
            if !warned_dotdot {
                sys.diag.error("Removing leading `../' from member names");
                warned_dotdot = true;
            }
            sys.diag
                .error(format_args!("{name}: Member name contains '..'"));
            refused = true;
            continue;
        }
        if parts.len() <= o.strip {
            continue;
        }
        let rel = parts.get(o.strip..).unwrap_or(&[]).join("/");
        if o.verbose && !o.to_stdout {
            sys.out.str(&format!("{name}\n"))?;
        }
        let kind = e.header().entry_type();
        let mode_bits = e.header().mode().unwrap_or(0o644) & 0o7777;
        let mtime = e.header().mtime().unwrap_or(0);
        // A GNU sparse member reads back expanded (its holes as zeros):
        // it is a file of its real size, charged in full before reading,
        // so a header claiming a terabyte stops on the memory budget.
        let file = kind.is_file() || kind.is_gnu_sparse();
        let mut body = Vec::new();
        if file {
            hold(&mut charge, e.size())?;
            if e.read_to_end(&mut body).is_err() {
                sys.diag.error("Unexpected EOF in archive");
                sys.diag.error("Error is not recoverable: exiting now");
                return Ok(2);
            }
        }
        if o.to_stdout {
            if file {
                sys.out.put(&body)?;
            }
            continue;
        }
        let Ok(dest) = sandbash_vfs::path::resolve(&base, &rel) else {
            continue;
        };
        if let Some((parent, _)) = dest.rsplit_once('/')
            && !parent.is_empty()
        {
            let _ = sys.fs.create_dir(parent, true);
        }
        let when = std::time::UNIX_EPOCH + std::time::Duration::from_secs(mtime);
        if kind.is_dir() {
            let _ = sys.fs.create_dir(&dest, true);
            let _ = sys.fs.set_mode(&dest, mode_bits);
            let _ = sys.fs.set_mtime(&dest, when);
        } else if kind.is_symlink() {
            let target = e
                .link_name()
                .ok()
                .flatten()
                .map(|l| l.to_string_lossy().into_owned())
                .unwrap_or_default();
            let _ = sys.fs.remove_file(&dest);
            if let Err(err) = sys.fs.symlink(&target, &dest) {
                sys.diag.error(format_args!(
                    "{rel}: Cannot create symlink to '{target}': {}",
                    err.kind
                ));
            }
        } else if kind.is_hard_link() {
            // The VFS has no hard links: the member already extracted is
            // copied. A link to a member that is not there fails as GNU
            // tar's does.
            let target = e
                .link_name()
                .ok()
                .flatten()
                .map(|l| l.to_string_lossy().into_owned())
                .unwrap_or_default();
            let tparts: Vec<&str> = target
                .split('/')
                .filter(|p| !p.is_empty() && *p != ".")
                .collect();
            let from = tparts
                .get(o.strip..)
                .filter(|p| !p.is_empty() && !p.contains(&".."))
                .and_then(|p| sandbash_vfs::path::resolve(&base, &p.join("/")).ok());
            let copied = match &from {
                Some(from) if from != &dest => {
                    let _ = sys.fs.remove_file(&dest);
                    sys.fs.copy(from, &dest).map_err(|e| e.kind.to_string())
                }
                _ => Err("No such file or directory".to_owned()),
            };
            if let Err(why) = copied {
                sys.out.flush()?;
                sys.diag
                    .error(format_args!("{rel}: Cannot hard link to '{target}': {why}"));
                refused = true;
            }
        } else if file {
            if let Ok(md) = sys.fs.symlink_metadata(&dest)
                && md.kind == sandbash_vfs::FileKind::Symlink
            {
                let _ = sys.fs.remove_file(&dest);
            }
            match sys.fs.write(&dest, &body) {
                Ok(()) => {
                    let _ = sys.fs.set_mode(&dest, mode_bits);
                    let _ = sys.fs.set_mtime(&dest, when);
                }
                Err(err) => {
                    sys.diag
                        .error(format_args!("{rel}: Cannot open: {}", err.kind));
                }
            }
        }
    }
    let mut status = if refused { 2 } else { 0 };
    for (n, f) in names.iter().zip(&found) {
        if !f {
            sys.out.flush()?;
            sys.diag.error(format_args!("{n}: Not found in archive"));
            status = 2;
        }
    }
    if status != 0 {
        sys.diag
            .error("Exiting with failure status due to previous errors");
    }
    Ok(status)
}
