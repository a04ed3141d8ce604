//! `unzip`: lists (`-l`), extracts (`-d -j -o -n -x`) or pipes (`-p`)
//! the members of an archive.

use std::io::{Cursor, Read};

use zip::ZipArchive;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::sys::{Res, Sys, hold};

/// The `unzip` utility.
pub struct Unzip;

/// The options of `unzip`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    List,
    Pipe,
    Quiet,
    Overwrite,
    Never,
    Junk,
    Dir,
    Exclude,
}

impl Command for Unzip {
    const NAME: &'static str = "unzip";
    const HELP: Help = Help {
        usage: &["[-opts[modifiers]] file[.zip] [list] [-x xlist] [-d exdir]"],
        about: "List, test and extract compressed files in a ZIP archive.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('l', &[], Key::List, "list files (short format)"),
        Flag::new('p', &[], Key::Pipe, "extract files to pipe, no messages"),
        Flag::new('q', &[], Key::Quiet, "quiet mode"),
        Flag::new(
            'o',
            &[],
            Key::Overwrite,
            "overwrite files WITHOUT prompting",
        ),
        Flag::new('n', &[], Key::Never, "never overwrite existing files"),
        Flag::new('j', &[], Key::Junk, "junk paths (do not make directories)"),
        Flag::new('d', &[], Key::Dir, "extract files into exdir").value("EXDIR"),
        Flag::new('x', &[], Key::Exclude, "exclude files that follow").value("XLIST"),
    ];
    const SYNTAX: crate::common::flags::Syntax = crate::common::flags::Syntax::GNU.status(10);

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let (mut list, mut pipe, mut quiet, mut overwrite, mut never, mut junk) =
            (false, false, false, false, false, false);
        let mut dir: Option<String> = None;
        let mut excludes: Vec<String> = Vec::new();
        for (k, v) in p.each() {
            match k {
                Key::List => list = true,
                Key::Pipe => pipe = true,
                Key::Quiet => quiet = true,
                Key::Overwrite => overwrite = true,
                Key::Never => never = true,
                Key::Junk => junk = true,
                Key::Dir => dir = Some(v.to_owned()),
                Key::Exclude => excludes.push(v.to_owned()),
            }
        }
        let mut ops = p.operands.into_iter();
        let Some(archive) = ops.next() else {
            sys.out
                .str("UnZip 6.00 of 20 April 2009, by Debian. Original by Info-ZIP.\n")?;
            return Ok(0);
        };
        let members: Vec<String> = ops.collect();
        let candidates = [
            archive.clone(),
            format!("{archive}.zip"),
            format!("{archive}.ZIP"),
        ];
        let mut found = None;
        for c in &candidates {
            if let Ok(p) = sys.resolve(c)
                && let Ok(d) = sys.fs.read(&p)
            {
                found = Some((c.clone(), d));
                break;
            }
        }
        let Some((name, data)) = found else {
            sys.diag.raw(
                format!("unzip:  cannot find or open {archive}, {archive}.zip or {archive}.ZIP.\n")
                    .as_bytes(),
            );
            return Ok(9);
        };
        let mut charge = sys.charge();
        hold(&mut charge, data.len() as u64)?;
        if !pipe && (!quiet || list) {
            sys.out.str(&format!("Archive:  {name}\n"))?;
        }
        let Ok(mut arch) = ZipArchive::new(Cursor::new(data)) else {
            sys.out.flush()?;
            sys.diag.raw(format!("  End-of-central-directory signature not found.  Either this file is not\n  a zipfile, or it constitutes one disk of a multi-part archive.  In the\n  latter case the central directory and zipfile comment will be found on\n  the last disk(s) of this archive.\nunzip:  cannot find zipfile directory in one of {name} or\n        {name}.zip, and cannot find {name}.ZIP, period.\n").as_bytes());
            return Ok(9);
        };
        let selected = |n: &str| {
            (members.is_empty() || members.iter().any(|m| crate::common::glob::matches(m, n)))
                && !excludes.iter().any(|x| crate::common::glob::matches(x, n))
        };
        let mut matched = vec![false; members.len()];
        let base = match &dir {
            Some(d) => sys.resolve(d).unwrap_or_else(|_| sys.cwd.to_owned()),
            None => sys.cwd.to_owned(),
        };
        let shown_dir = dir
            .as_deref()
            .map(|d| format!("{}/", d.trim_end_matches('/')));
        let mut total = 0u64;
        let mut count = 0usize;
        let mut status = 0;
        // Symlink entries, made last as Info-ZIP makes them ("deferred"):
        // until then a plain file holding the target stands in its place,
        // so that no later entry of the archive is written through a link
        // it made (`link -> /etc`, then `link/x`): that entry meets a file
        // where a directory should be and is refused ("checkdir error").
        let mut links: Vec<(String, String, String)> = Vec::new();
        if list {
            sys.out
                .str("  Length      Date    Time    Name\n---------  ---------- -----   ----\n")?;
        }
        for i in 0..arch.len() {
            sys.tick.check()?;
            let Ok(mut f) = arch.by_index(i) else {
                continue;
            };
            let n = f.name().map(|c| c.into_owned()).unwrap_or_default();
            for (k, m) in members.iter().enumerate() {
                if crate::common::glob::matches(m, &n)
                    && let Some(x) = matched.get_mut(k)
                {
                    *x = true;
                }
            }
            if !selected(&n) {
                continue;
            }
            if list {
                let t = f.last_modified().unwrap_or_default();
                sys.out.str(&format!(
                    "{:>9}  {:04}-{:02}-{:02} {:02}:{:02}   {n}\n",
                    f.size(),
                    t.year(),
                    t.month(),
                    t.day(),
                    t.hour(),
                    t.minute()
                ))?;
                total += f.size();
                count += 1;
                continue;
            }
            let mut body = Vec::new();
            if !f.is_dir() {
                hold(&mut charge, f.size())?;
                if f.read_to_end(&mut body).is_err() {
                    sys.diag.error(format_args!("{n}: bad CRC or corrupt data"));
                    continue;
                }
            }
            if pipe {
                sys.out.put(&body)?;
                continue;
            }
            let rel = if junk {
                if f.is_dir() {
                    continue;
                }
                n.rsplit('/').next().unwrap_or(&n).to_owned()
            } else {
                let (safe, dotdot, absolute) = contained(&n);
                // As Info-ZIP: the absolute-path warning goes to stderr
                // even under -q and ends with status 1; the `../` one is
                // a note on stdout, silent under -q.
                if absolute {
                    sys.out.flush()?;
                    sys.diag.raw(
                        format!("warning:  stripped absolute path spec from {n}\n").as_bytes(),
                    );
                    status = status.max(1);
                }
                if dotdot && !quiet {
                    sys.out.str(&format!(
                        "warning:  skipped \"../\" path component(s) in {n}\n"
                    ))?;
                }
                safe
            };
            if rel.trim_end_matches('/').is_empty() {
                continue;
            }
            let Ok(dest) = sandbash_vfs::path::resolve(&base, rel.trim_end_matches('/')) else {
                continue;
            };
            let shown = format!("{}{rel}", shown_dir.as_deref().unwrap_or(""));
            if f.is_dir() {
                let _ = sys.fs.create_dir(&dest, true);
                if !quiet {
                    sys.out.str(&format!("   creating: {shown}\n"))?;
                }
                continue;
            }
            if let Some(bad) = blocked_parent(sys, &base, rel.trim_end_matches('/')) {
                sys.out.flush()?;
                let bad = format!("{}{bad}", shown_dir.as_deref().unwrap_or(""));
                sys.diag.raw(
                    format!(
                        "checkdir error:  {bad} exists but is not directory\n                 unable to process {shown}.\n"
                    )
                    .as_bytes(),
                );
                status = 2;
                continue;
            }
            if sys.fs.symlink_metadata(&dest).is_ok() && (never || !overwrite) {
                continue;
            }
            let link = f.unix_mode().is_some_and(|m| m & 0o170_000 == 0o120_000);
            if let Some((parent, _)) = dest.rsplit_once('/')
                && !parent.is_empty()
            {
                let _ = sys.fs.create_dir(parent, true);
            }
            if link {
                let target = String::from_utf8_lossy(&body).into_owned();
                if !quiet {
                    sys.out
                        .str(&format!("    linking: {shown:<22}  -> {target} \n"))?;
                }
                let _ = sys.fs.remove_file(&dest);
                if let Err(e) = sys.fs.write(&dest, &body) {
                    status = status.max(cannot_create(sys, &shown, &e)?);
                } else {
                    links.push((dest, target, shown));
                }
                continue;
            }
            if !quiet {
                let verb = if f.compression() == zip::CompressionMethod::Stored {
                    " extracting"
                } else {
                    "  inflating"
                };
                sys.out.str(&format!("{verb}: {shown:<22}  \n"))?;
            }
            // Over a symlink, the link is replaced, never written through.
            if sys.fs.symlink_metadata(&dest).is_ok_and(|m| m.is_symlink()) {
                let _ = sys.fs.remove_file(&dest);
            }
            if let Err(e) = sys.fs.write(&dest, &body) {
                status = status.max(cannot_create(sys, &shown, &e)?);
            } else if let Some(m) = f.unix_mode() {
                let _ = sys.fs.set_mode(&dest, m & 0o7777);
            }
        }
        if !links.is_empty() && !quiet {
            sys.out.str("finishing deferred symbolic links:\n")?;
        }
        for (dest, target, shown) in links {
            sys.tick.check()?;
            if !quiet {
                sys.out.str(&format!("  {shown:<22} -> {target}\n"))?;
            }
            let _ = sys.fs.remove_file(&dest);
            if let Err(e) = sys.fs.symlink(&target, &dest) {
                sys.out.flush()?;
                sys.diag.error(format_args!("{shown}: {}", e.kind));
            }
        }
        if list {
            sys.out.str(&format!(
                "---------                     -------\n{total:>9}                     {count} file{}\n",
                if count == 1 { "" } else { "s" }
            ))?;
        }
        let missing: Vec<&String> = members
            .iter()
            .zip(&matched)
            .filter(|(_, m)| !**m)
            .map(|(n, _)| n)
            .collect();
        if !missing.is_empty() {
            sys.out.flush()?;
            for m in missing {
                sys.diag
                    .raw(format!("caution: filename not matched:  {m}\n").as_bytes());
            }
            return Ok(11);
        }
        Ok(status)
    }
}

/// Info-ZIP's report of a file it cannot create, and the status it
/// ends with: 50 when the disk is full (the VFS's size or entry limit),
/// else 1. Extraction goes on with the next entry, as Info-ZIP's does.
fn cannot_create(sys: &mut Sys<'_>, shown: &str, e: &sandbash_vfs::FsError) -> Res<i32> {
    sys.out.flush()?;
    sys.diag
        .raw(format!("error:  cannot create {shown}\n        {}\n", e.kind).as_bytes());
    Ok(match e.kind {
        sandbash_vfs::FsErrorKind::NoSpace | sandbash_vfs::FsErrorKind::FileTooLarge => 50,
        _ => 1,
    })
}

/// The first directory of `rel` (a path inside `base`) that exists as
/// something else: Info-ZIP's "checkdir error" refuses the entry.
fn blocked_parent(sys: &Sys<'_>, base: &str, rel: &str) -> Option<String> {
    let (dirs, _) = rel.rsplit_once('/')?;
    let mut sofar = String::new();
    for part in dirs.split('/') {
        if !sofar.is_empty() {
            sofar.push('/');
        }
        sofar.push_str(part);
        let path = sandbash_vfs::path::resolve(base, &sofar).ok()?;
        match sys.fs.metadata(&path) {
            Ok(m) if !m.is_dir() => return Some(sofar),
            Ok(_) => {}
            Err(_) => return None,
        }
    }
    None
}

/// An entry name kept inside the extraction directory, as Info-ZIP keeps
/// it: leading `/` stripped, `..` components skipped (the flags say which
/// happened, for its warnings).
fn contained(name: &str) -> (String, bool, bool) {
    let absolute = name.starts_with('/');
    let mut dotdot = false;
    let mut parts = Vec::new();
    for p in name.split('/') {
        match p {
            "" | "." => {}
            ".." => dotdot = true,
            p => parts.push(p),
        }
    }
    let mut safe = parts.join("/");
    if name.ends_with('/') && !safe.is_empty() {
        safe.push('/');
    }
    (safe, dotdot, absolute)
}

#[cfg(test)]
mod tests {
    use super::contained;
    use crate::testutil::{TestFs, run};
    use sandbash_vfs::FileSystem;

    #[test]
    fn entries_stay_inside_the_target() {
        assert_eq!(contained("../x"), ("x".into(), true, false));
        assert_eq!(contained("/etc/p"), ("etc/p".into(), false, true));
        assert_eq!(contained("a/../../b/"), ("a/b/".into(), true, false));
        assert_eq!(contained("d/f"), ("d/f".into(), false, false));
    }

    fn archive(entries: &[(&str, &[u8], bool)]) -> Vec<u8> {
        use std::io::Write;
        use zip::write::SimpleFileOptions;
        let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        for (name, data, link) in entries {
            let o = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
            if *link {
                let target = String::from_utf8_lossy(data).into_owned();
                assert!(w.add_symlink(*name, target, o).is_ok());
            } else {
                assert!(w.start_file(*name, o.unix_permissions(0o644)).is_ok());
                assert!(w.write_all(data).is_ok());
            }
        }
        w.finish().map(|c| c.into_inner()).unwrap_or_default()
    }

    /// Symlink entries become symlinks, made after every other entry
    /// with Info-ZIP's words; quiet says nothing.
    #[test]
    fn symlinks_are_made_last() {
        let fs = TestFs::new();
        fs.file(
            "l.zip",
            &archive(&[("link", b"a.txt", true), ("a.txt", b"hello\n", false)]),
        );
        let r = run(&super::Unzip, &["l.zip"], b"", &fs);
        assert_eq!(
            (r.status, r.out.as_str(), r.err.as_str()),
            (
                0,
                "Archive:  l.zip\n    linking: link                    -> a.txt \n extracting: a.txt                   \nfinishing deferred symbolic links:\n  link                   -> a.txt\n",
                ""
            )
        );
        assert_eq!(
            fs.read_link("/workspace/link").ok().as_deref(),
            Some("a.txt")
        );
        assert_eq!(fs.text("link"), "hello\n");
        let r = run(&super::Unzip, &["-qo", "l.zip", "-d", "q"], b"", &fs);
        assert_eq!((r.status, r.out.as_str(), r.err.as_str()), (0, "", ""));
        assert_eq!(
            fs.read_link("/workspace/q/link").ok().as_deref(),
            Some("a.txt")
        );
    }

    /// An archive that makes a link out and then writes through it: the
    /// link is made (last), the entry through it refused as Info-ZIP
    /// refuses it, status 2; and `-o` over an existing link replaces the
    /// link instead of writing where it points.
    #[test]
    fn nothing_is_written_through_a_link() {
        let fs = TestFs::new();
        fs.dir("/tmp/out");
        fs.file(
            "t.zip",
            &archive(&[("link", b"/tmp/out", true), ("link/pwned", b"x\n", false)]),
        );
        let r = run(&super::Unzip, &["t.zip"], b"", &fs);
        assert_eq!(r.status, 2);
        assert_eq!(
            r.err,
            "checkdir error:  link exists but is not directory\n                 unable to process link/pwned.\n"
        );
        assert!(!fs.has("/tmp/out/pwned"));
        assert_eq!(
            fs.read_link("/workspace/link").ok().as_deref(),
            Some("/tmp/out")
        );
        fs.file("f.zip", &archive(&[("link", b"over\n", false)]));
        let r = run(&super::Unzip, &["-qo", "f.zip"], b"", &fs);
        assert_eq!((r.status, r.err.as_str()), (0, ""));
        assert!(!fs.has("/tmp/out/link") && fs.text("link") == "over\n");
    }

    /// A full filesystem (here its entry limit) fails each entry with
    /// Info-ZIP's two lines, extraction goes on, and the status is 50
    /// ("the disk is full"), as Info-ZIP ends on a full tmpfs.
    #[test]
    fn a_full_filesystem_ends_with_status_50() {
        let fs = sandbash_vfs::MemoryFs::with_limits(sandbash_vfs::FsLimits {
            max_entries: 5,
            ..sandbash_vfs::FsLimits::default()
        });
        assert!(fs.create_dir("/workspace", true).is_ok());
        assert!(fs.create_dir("/tmp", true).is_ok());
        let zip = archive(&[("e0", b"", false), ("e1", b"", false), ("e2", b"", false)]);
        assert!(fs.write("/workspace/b.zip", &zip).is_ok());
        let r = run(&super::Unzip, &["-q", "b.zip"], b"", &fs);
        assert_eq!(
            (r.status, r.err.as_str()),
            (
                50,
                "error:  cannot create e2\n        No space left on device\n"
            )
        );
        assert!(fs.metadata("/workspace/e1").is_ok());
    }

    /// Entries pointing outside, as Info-ZIP 6.0 reports them (checked
    /// against it): `../` skipped with a note on stdout, a leading `/`
    /// stripped with a warning on stderr (status 1, even under -q), a
    /// file through a link refused (status 2).
    #[test]
    fn entries_outside_as_info_zip() {
        let fs = TestFs::new();
        fs.dir("/tmp/out");
        fs.file(
            "o.zip",
            &archive(&[
                ("../up.txt", b"up\n", false),
                ("/tmp/abs.txt", b"abs\n", false),
                ("link", b"/tmp/out", true),
                ("link/pwned", b"pwned\n", false),
            ]),
        );
        let r = run(&super::Unzip, &["o.zip"], b"", &fs);
        assert_eq!(
            r.out,
            "Archive:  o.zip\nwarning:  skipped \"../\" path component(s) in ../up.txt\n extracting: up.txt                  \n extracting: tmp/abs.txt             \n    linking: link                    -> /tmp/out \nfinishing deferred symbolic links:\n  link                   -> /tmp/out\n"
        );
        assert_eq!(
            r.err,
            "warning:  stripped absolute path spec from /tmp/abs.txt\ncheckdir error:  link exists but is not directory\n                 unable to process link/pwned.\n"
        );
        assert_eq!(r.status, 2);
        assert!(fs.has("up.txt") && fs.has("tmp/abs.txt") && !fs.has("/tmp/abs.txt"));
        fs.file("a.zip", &archive(&[("/tmp/abs.txt", b"abs\n", false)]));
        let r = run(&super::Unzip, &["-qo", "a.zip"], b"", &fs);
        assert_eq!(
            (r.status, r.out.as_str(), r.err.as_str()),
            (
                1,
                "",
                "warning:  stripped absolute path spec from /tmp/abs.txt\n"
            )
        );
    }
}
