//! `patch` (GNU patch 2.7): applies unified or context diffs to files of
//! the VFS, placing each hunk with GNU's offset search and fuzz, and
//! reporting as GNU words it (`Hunk #1 succeeded at 4 (offset 3 lines).`,
//! `1 out of 1 hunk FAILED -- saving rejects to file f.rej`).
//!
//! - [`parse`]: reading the patch into per-file hunks.
//! - [`apply`]: placing a hunk and building its replacement.
//!
//! A file is written only once all its hunks have been tried (the
//! rejected ones go to `FILE.rej`), so a failed patch never leaves a half
//! written file. A reversed patch is detected on its first hunk and, with
//! `-t` (or in the batch mode an agent's non-interactive run is), applied
//! reversed; `-N` skips it; `-f` assumes it is not reversed. There is no
//! terminal to ask questions on: where GNU would ask, it takes the batch
//! answer.

mod apply;
pub mod parse;

use parse::{FilePatch, Hunk, Kind, ParseError};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, OptError};
use crate::common::quote_shell;
use crate::common::sys::{Res, Sys, hold};

/// The `patch` utility.
pub struct Patch;

/// The options of `patch`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Strip,
    Input,
    Reverse,
    Forward,
    Force,
    Batch,
    Silent,
    DryRun,
    Output,
    Backup,
    Directory,
    NoBackupIfMismatch,
    BackupIfMismatch,
    Fuzz,
    RemoveEmpty,
    Accepted,
}

struct Opts {
    strip: Option<usize>,
    reverse: bool,
    forward: bool,
    force: bool,
    batch: bool,
    silent: bool,
    dry_run: bool,
    output: Option<String>,
    backup: bool,
    backup_if_mismatch: bool,
    dir: Option<String>,
    fuzz: usize,
    remove_empty: bool,
}

impl Command for Patch {
    const NAME: &'static str = "patch";
    const HELP: Help = Help {
        usage: &["[OPTION]... [ORIGFILE [PATCHFILE]]"],
        about: "Apply a diff file to an original.",
        after: "The patch is read from PATCHFILE, the -i file or standard input.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'p',
            &["strip"],
            Key::Strip,
            "strip NUM leading components from file names",
        )
        .value("NUM"),
        Flag::new(
            'i',
            &["input"],
            Key::Input,
            "read patch from PATCHFILE instead of stdin",
        )
        .value("PATCHFILE"),
        Flag::new(
            'R',
            &["reverse"],
            Key::Reverse,
            "assume patches were created with old and new files swapped",
        ),
        Flag::new(
            'N',
            &["forward"],
            Key::Forward,
            "ignore patches that seem to be reversed or already applied",
        ),
        Flag::new(
            'f',
            &["force"],
            Key::Force,
            "like -t, but ignore bad-Prereq patches, and assume unreversed",
        ),
        Flag::new(
            't',
            &["batch"],
            Key::Batch,
            "ask no questions; skip bad-Prereq patches; assume reversed",
        ),
        Flag::new(
            's',
            &["quiet", "silent"],
            Key::Silent,
            "work silently unless an error occurs",
        ),
        Flag::long(
            &["dry-run"],
            Key::DryRun,
            "do not actually change any files; just print what would happen",
        ),
        Flag::new(
            'o',
            &["output"],
            Key::Output,
            "output patched files to FILE",
        )
        .value("FILE"),
        Flag::new(
            'b',
            &["backup"],
            Key::Backup,
            "back up the original contents of each file",
        ),
        Flag::new(
            'd',
            &["directory"],
            Key::Directory,
            "change the working directory to DIR first",
        )
        .value("DIR"),
        Flag::long(
            &["no-backup-if-mismatch"],
            Key::NoBackupIfMismatch,
            "back up mismatches only if otherwise requested",
        ),
        Flag::long(
            &["backup-if-mismatch"],
            Key::BackupIfMismatch,
            "back up mismatches (the default)",
        ),
        Flag::new(
            'F',
            &["fuzz"],
            Key::Fuzz,
            "set the fuzz factor to LINES for inexact matching",
        )
        .value("LINES"),
        Flag::new(
            'E',
            &["remove-empty-files"],
            Key::RemoveEmpty,
            "remove output files that are empty after patching",
        ),
        Flag::new(
            'u',
            &["unified"],
            Key::Accepted,
            "interpret the patch as a unified difference",
        ),
        Flag::new(
            'c',
            &["context"],
            Key::Accepted,
            "interpret the patch as an ordinary context difference",
        ),
        Flag::new('l', &["ignore-whitespace"], Key::Accepted, "accepted"),
        Flag::long(&["binary"], Key::Accepted, "accepted"),
        Flag::long(&["verbose"], Key::Accepted, "accepted"),
    ];
    const SYNTAX: crate::common::flags::Syntax = crate::common::flags::Syntax::GNU.status(2);

    fn usage_error(sys: &mut Sys<'_>, err: &OptError) -> i32 {
        sys.diag.error(err);
        sys.diag.error("Try 'patch --help' for more information.");
        2
    }

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let mut o = Opts {
            strip: None,
            reverse: false,
            forward: false,
            force: false,
            batch: false,
            silent: false,
            dry_run: false,
            output: None,
            backup: false,
            backup_if_mismatch: true,
            dir: None,
            fuzz: 2,
            remove_empty: false,
        };
        let mut input: Option<String> = None;
        for (k, v) in p.each() {
            match k {
                Key::Strip => match v.parse() {
                    Ok(n) => o.strip = Some(n),
                    Err(_) => {
                        sys.diag
                            .error(format_args!("**** strip count {v} is not a number"));
                        return Ok(2);
                    }
                },
                Key::Input => input = Some(v.to_owned()),
                Key::Reverse => o.reverse = true,
                Key::Forward => o.forward = true,
                Key::Force => o.force = true,
                Key::Batch => o.batch = true,
                Key::Silent => o.silent = true,
                Key::DryRun => o.dry_run = true,
                Key::Output => o.output = Some(v.to_owned()),
                Key::Backup => o.backup = true,
                Key::Directory => o.dir = Some(v.to_owned()),
                Key::NoBackupIfMismatch => o.backup_if_mismatch = false,
                Key::BackupIfMismatch => o.backup_if_mismatch = true,
                Key::Fuzz => o.fuzz = v.parse().unwrap_or(2),
                Key::RemoveEmpty => o.remove_empty = true,
                Key::Accepted => {}
            }
        }
        let mut ops = p.operands.into_iter();
        let orig = ops.next();
        if input.is_none() {
            input = ops.next();
        }
        let text = match &input {
            Some(f) if f != "-" => {
                let read = sys.resolve(f).and_then(|p| sys.fs.read(&p));
                match read {
                    Ok(t) => t,
                    Err(e) => {
                        sys.diag
                            .error(format_args!("**** Can't open patch file {f} : {}", e.kind));
                        return Ok(2);
                    }
                }
            }
            _ => {
                let mut all = Vec::new();
                let mut charge = sys.charge();
                if let Err(crate::common::headed::ReadFail::Stop(f)) =
                    crate::common::input::read_all_within(
                        &mut *sys.stdin,
                        &mut all,
                        &mut charge,
                        sys.memory,
                        sys.tick.cancel,
                    )
                {
                    return Err(f);
                }
                std::mem::forget(charge);
                all
            }
        };
        let files = match parse::parse(&text) {
            Ok(f) => f,
            Err(ParseError::Malformed(line)) => {
                // GNU has named the file before it finds the hunk broken.
                if let Ok(files) = parse::parse_headers_only(&text)
                    && let Some(fp) = files.first()
                    && !o.silent
                {
                    let name = orig.clone().or_else(|| target_name(fp, &o, sys));
                    if let Some(n) = name {
                        sys.out
                            .str(&format!("patching file {}\n", quote_shell(&n)))?;
                    }
                }
                sys.out.flush()?;
                sys.diag
                    .raw(format!("patch: **** malformed patch at line {line}:  \n\n").as_bytes());
                return Ok(2);
            }
        };
        let files: Vec<FilePatch> = files.into_iter().filter(|f| !f.hunks.is_empty()).collect();
        if files.is_empty() {
            sys.out.flush()?;
            sys.diag
                .error("**** Only garbage was found in the patch input.");
            return Ok(2);
        }
        let mut status = 0;
        for fp in &files {
            sys.tick.check()?;
            status = status.max(one_file(sys, &o, fp, orig.as_deref())?);
        }
        Ok(status)
    }
}

/// `name` with `strip` leading components removed (`None`: the base
/// name, as GNU does without `-p`); `None` when it has too few.
fn strip(name: &str, n: Option<usize>) -> Option<String> {
    let Some(n) = n else {
        return name.rsplit('/').next().map(str::to_owned);
    };
    let mut rest = name;
    for _ in 0..n {
        let (_, r) = rest.split_once('/')?;
        rest = r.trim_start_matches('/');
    }
    Some(rest.to_owned())
}

/// The path of `name` (under `-d`).
fn full(o: &Opts, sys: &Sys<'_>, name: &str) -> Option<String> {
    let base = match &o.dir {
        Some(d) => sandbash_vfs::path::resolve(sys.cwd, d).ok()?,
        None => sys.cwd.to_owned(),
    };
    sandbash_vfs::path::resolve(&base, name).ok()
}

fn exists(o: &Opts, sys: &Sys<'_>, name: &str) -> bool {
    full(o, sys, name).is_some_and(|p| sys.fs.metadata(&p).is_ok_and(|m| m.is_file()))
}

/// The file a patch applies to: the old name if it exists, else the new
/// one; a creation's new name.
fn target_name(fp: &FilePatch, o: &Opts, sys: &Sys<'_>) -> Option<String> {
    let old = fp.old_name.as_deref().filter(|n| *n != "/dev/null");
    let new = fp.new_name.as_deref().filter(|n| *n != "/dev/null");
    let old = old.and_then(|n| strip(n, o.strip));
    let new = new.and_then(|n| strip(n, o.strip));
    for n in [&old, &new].into_iter().flatten() {
        if exists(o, sys, n) {
            return Some(n.clone());
        }
    }
    let created = if o.reverse {
        fp.new_absent()
    } else {
        fp.old_absent()
    };
    if created {
        return if o.reverse { old } else { new };
    }
    None
}

/// After a deletion, the directories it left empty go too, up to (not
/// including) the working directory (`-d`'s), as GNU patch removes them.
fn remove_empty_parents(o: &Opts, sys: &Sys<'_>, removed: &str) {
    let Some(base) = full(o, sys, ".") else {
        return;
    };
    let mut dir = removed;
    while let Some((parent, _)) = dir.rsplit_once('/') {
        let inside = parent
            .strip_prefix(base.trim_end_matches('/'))
            .is_some_and(|r| r.starts_with('/'));
        if !inside || !sys.fs.read_dir(parent).is_ok_and(|e| e.is_empty()) {
            break;
        }
        if sys.fs.remove_dir(parent, false).is_err() {
            break;
        }
        dir = parent;
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "hunk" } else { "hunks" }
}

/// Splits file bytes into lines, each with its newline.
fn lines_of(data: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &b) in data.iter().enumerate() {
        if b == b'\n' {
            out.push(data.get(start..=i).unwrap_or(&[]).to_vec());
            start = i + 1;
        }
    }
    if start < data.len() {
        out.push(data.get(start..).unwrap_or(&[]).to_vec());
    }
    out
}

/// The `.rej` text of the rejected hunks, in the unified format.
fn rejects(fp: &FilePatch, hunks: &[&Hunk]) -> Vec<u8> {
    let mut out = Vec::new();
    for h in &fp.header {
        out.extend_from_slice(h.as_bytes());
        out.push(b'\n');
    }
    for h in hunks {
        let range = |start: usize, len: usize| {
            if len == 1 {
                start.to_string()
            } else {
                format!("{start},{len}")
            }
        };
        out.extend_from_slice(
            format!(
                "@@ -{} +{} @@\n",
                range(h.old_start, h.old_len),
                range(h.new_start, h.new_len)
            )
            .as_bytes(),
        );
        for l in &h.lines {
            out.push(match l.kind {
                Kind::Context => b' ',
                Kind::Delete => b'-',
                Kind::Insert => b'+',
            });
            out.extend_from_slice(&l.text);
            if l.text.last() != Some(&b'\n') {
                out.extend_from_slice(b"\n\\ No newline at end of file\n");
            }
        }
    }
    out
}

fn one_file(sys: &mut Sys<'_>, o: &Opts, fp: &FilePatch, orig: Option<&str>) -> Res<i32> {
    let name = orig.map(str::to_owned).or_else(|| target_name(fp, o, sys));
    let Some(name) = name else {
        sys.out.str(&format!(
            "can't find file to patch at input line {}\nPerhaps you used the wrong -p or --strip option?\nThe text leading up to this was:\n--------------------------\n",
            fp.hunk_line
        ))?;
        for l in &fp.leading {
            sys.out.str(&format!("|{l}\n"))?;
        }
        let n = fp.hunks.len();
        sys.out.str(&format!(
            "--------------------------\nNo file to patch.  Skipping patch.\n{n} out of {n} {} ignored\n",
            plural(n)
        ))?;
        return Ok(1);
    };
    let Some(path) = full(o, sys, &name) else {
        return Ok(2);
    };
    let data = sys.fs.read(&path).unwrap_or_default();
    let mut charge = sys.charge();
    hold(&mut charge, (data.len() as u64).saturating_mul(3))?;
    let file = lines_of(&data);
    if !o.silent {
        let shown = quote_shell(&name);
        let line = match (&o.output, o.dry_run) {
            (_, true) => format!("checking file {shown}\n"),
            (Some(out), false) => {
                format!("patching file {} (read from {shown})\n", quote_shell(out))
            }
            (None, false) => format!("patching file {shown}\n"),
        };
        sys.out.str(&line)?;
    }
    let mut reverse = o.reverse;
    let hunks: Vec<Hunk> = fp
        .hunks
        .iter()
        .map(|h| if reverse { h.reversed() } else { h.clone() })
        .collect();
    let mut hunks = hunks;
    // A reversed patch shows on its first hunk: it does not fit, and its
    // reverse fits exactly.
    if !o.force
        && let Some(first) = hunks.first()
        && apply::locate(&file, first, first.old_start.saturating_sub(1), 0, o.fuzz).is_none()
    {
        let back = first.reversed();
        if apply::locate(&file, &back, back.old_start.saturating_sub(1), 0, 0).is_some() {
            if o.forward {
                if !o.silent {
                    sys.out.str(
                        "Reversed (or previously applied) patch detected!  Skipping patch.\n",
                    )?;
                }
                let n = hunks.len();
                let rej = format!("{}.rej", path);
                let mut msg = format!("{n} out of {n} {} ignored", plural(n));
                if !o.dry_run {
                    let all: Vec<&Hunk> = fp.hunks.iter().collect();
                    let _ = sys.fs.write(&rej, &rejects(fp, &all));
                    msg.push_str(&format!(
                        " -- saving rejects to file {}",
                        quote_shell(&format!("{name}.rej"))
                    ));
                }
                sys.out.str(&format!("{msg}\n"))?;
                return Ok(1);
            }
            if !o.silent {
                sys.out
                    .str("Reversed (or previously applied) patch detected!  Assuming -R.\n")?;
            }
            reverse = !reverse;
            hunks = fp
                .hunks
                .iter()
                .map(|h| if reverse { h.reversed() } else { h.clone() })
                .collect();
        }
    }
    let mut out: Vec<Vec<u8>> = Vec::with_capacity(file.len());
    let mut pos = 0usize;
    let mut offset: isize = 0;
    let mut failed: Vec<&Hunk> = Vec::new();
    let mut mismatch = false;
    for (k, h) in hunks.iter().enumerate() {
        sys.tick.check()?;
        let first = if h.lines.iter().all(|l| l.kind == Kind::Insert) {
            h.old_start
        } else {
            h.old_start.saturating_sub(1)
        };
        let expected = usize::try_from(first as isize + offset)
            .unwrap_or(0)
            .max(pos);
        match apply::locate(&file, h, expected, pos, o.fuzz) {
            Some(place) => {
                let this_offset = place.at as isize - first as isize;
                if (place.fuzz > 0 || this_offset != 0) && !o.silent {
                    let mut msg = format!(
                        "Hunk #{} succeeded at {}",
                        k + 1,
                        h.new_start as isize + this_offset
                    );
                    if place.fuzz > 0 {
                        msg.push_str(&format!(" with fuzz {}", place.fuzz));
                    }
                    if this_offset != 0 {
                        let n = this_offset.abs();
                        msg.push_str(&format!(
                            " (offset {this_offset} line{})",
                            if n == 1 { "" } else { "s" }
                        ));
                    }
                    sys.out.str(&format!("{msg}.\n"))?;
                }
                mismatch |= place.fuzz > 0 || this_offset != 0;
                offset = this_offset;
                out.extend(file.get(pos..place.at).unwrap_or(&[]).iter().cloned());
                out.extend(apply::replacement(&file, h, place.at));
                pos = place.at + apply::old_count(h);
            }
            None => {
                if !o.silent {
                    sys.out.str(&format!(
                        "Hunk #{} FAILED at {}.\n",
                        k + 1,
                        h.new_start as isize + offset
                    ))?;
                }
                failed.push(fp.hunks.get(k).unwrap_or(h));
                mismatch = true;
            }
        }
    }
    out.extend(file.get(pos..).unwrap_or(&[]).iter().cloned());
    let status = i32::from(!failed.is_empty());
    if !failed.is_empty() {
        let n = failed.len();
        let mut msg = format!("{n} out of {} {} FAILED", hunks.len(), plural(hunks.len()));
        if !o.dry_run {
            let rej_name = format!("{}.rej", o.output.as_deref().unwrap_or(&name));
            if let Some(rej) = full(o, sys, &rej_name) {
                let _ = sys.fs.write(&rej, &rejects(fp, &failed));
            }
            msg.push_str(&format!(
                " -- saving rejects to file {}",
                quote_shell(&rej_name)
            ));
        }
        sys.out.str(&format!("{msg}\n"))?;
    }
    if o.dry_run {
        return Ok(status);
    }
    let bytes: Vec<u8> = out.concat();
    if o.backup || (mismatch && o.backup_if_mismatch && sys.fs.metadata(&path).is_ok()) {
        let _ = sys.fs.write(&format!("{path}.orig"), &data);
    }
    let dest = match &o.output {
        Some(f) => full(o, sys, f),
        None => Some(path.clone()),
    };
    let Some(dest) = dest else { return Ok(2) };
    let gone = if reverse {
        fp.old_absent()
    } else {
        fp.new_absent()
    };
    if ((gone || o.remove_empty) && bytes.is_empty()) && o.output.is_none() {
        let _ = sys.fs.remove_file(&dest);
        remove_empty_parents(o, sys, &dest);
        return Ok(status);
    }
    // A created file's directories are made, as GNU patch makes them.
    if let Some((parent, _)) = dest.rsplit_once('/')
        && !parent.is_empty()
        && sys.fs.metadata(parent).is_err()
    {
        let _ = sys.fs.create_dir(parent, true);
    }
    if let Err(e) = sys.fs.write(&dest, &bytes) {
        sys.out.flush()?;
        sys.diag
            .error(format_args!("**** Can't create file {} : {}", dest, e.kind));
        return Ok(2);
    }
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::Patch;
    use super::parse::{ParseError, parse};
    use crate::testutil::{TestFs, run};

    #[test]
    fn reads_unified_and_context_hunks() {
        let u = parse(b"--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n x\n-y\n+z\n").unwrap_or_default();
        assert_eq!(u.len(), 1);
        assert_eq!(u.first().map(|f| f.hunks.len()), Some(1));
        let c = parse(
            b"*** f\n--- f\n***************\n*** 1,2 ****\n  x\n! y\n--- 1,2 ----\n  x\n! z\n",
        )
        .unwrap_or_default();
        let lines = c
            .first()
            .and_then(|f| f.hunks.first())
            .map(|h| h.lines.len());
        assert_eq!(lines, Some(3));
        assert_eq!(
            parse(b"--- f\n+++ f\n@@ -1,2 +1,2 @@\n-a\n").err(),
            Some(ParseError::Malformed(4))
        );
    }

    #[test]
    fn applies_with_offset_and_rejects() {
        let fs = TestFs::new();
        fs.file("f", b"1\n2\n3\n4\n5\n6\n");
        let p = b"--- f\n+++ f\n@@ -1,3 +1,3 @@\n 3\n-4\n+four\n 5\n";
        let r = run(&Patch, &["-p0"], p, &fs);
        assert_eq!(
            r.out,
            "patching file f\nHunk #1 succeeded at 3 (offset 2 lines).\n"
        );
        assert_eq!(fs.text("f"), "1\n2\n3\nfour\n5\n6\n");
        let r = run(
            &Patch,
            &["-p0", "--no-backup-if-mismatch"],
            b"--- f\n+++ f\n@@ -1 +1 @@\n-nope\n+x\n",
            &fs,
        );
        assert_eq!(r.status, 1);
        assert!(fs.has("f.rej"));
    }

    /// `diff -ruN` marks a missing side with an Epoch date, not
    /// `/dev/null`: the new file is made (its directory too), the deleted
    /// one removed with the directory it leaves empty, as GNU patch does;
    /// `-R` undoes both.
    #[test]
    fn epoch_dated_sides_create_and_delete() {
        let fs = TestFs::new();
        fs.file(
            "a/keep.txt",
            b"x
",
        );
        fs.file(
            "a/sub/gone.txt",
            b"bye
",
        );
        let p = b"diff -ruN a/newdir/new.txt b/newdir/new.txt\n\
--- a/newdir/new.txt\t1970-01-01 00:00:00.000000000 +0000\n\
+++ b/newdir/new.txt\t2026-11-27 07:38:49.689713315 +0000\n\
@@ -0,0 +1 @@\n\
+a new file\n\
diff -ruN a/sub/gone.txt b/sub/gone.txt\n\
--- a/sub/gone.txt\t2026-11-27 07:38:49.689713315 +0000\n\
+++ b/sub/gone.txt\t1969-12-31 19:00:00.000000000 -0500\n\
@@ -1 +0,0 @@\n\
-bye\n";
        let r = run(&Patch, &["-p1", "-d", "a"], p, &fs);
        assert_eq!(
            (r.status, r.out.as_str(), r.err.as_str()),
            (
                0,
                "patching file newdir/new.txt\npatching file sub/gone.txt\n",
                ""
            )
        );
        assert_eq!(fs.text("a/newdir/new.txt"), "a new file\n");
        assert!(!fs.has("a/sub/gone.txt"));
        assert!(!fs.has("a/sub"), "the emptied directory stays");
        assert!(fs.has("a/keep.txt"));
        let r = run(&Patch, &["-s", "-R", "-p1", "-d", "a"], p, &fs);
        assert_eq!(r.status, 0, "{}", r.err);
        assert_eq!(fs.text("a/sub/gone.txt"), "bye\n");
        assert!(!fs.has("a/newdir/new.txt"));
        // A date that is not the Epoch names a file that exists.
        let parsed = parse(p).unwrap_or_default();
        let flags: Vec<(bool, bool)> = parsed
            .iter()
            .map(|f| (f.old_absent(), f.new_absent()))
            .collect();
        assert_eq!(flags, [(true, false), (false, true)]);
    }
}
