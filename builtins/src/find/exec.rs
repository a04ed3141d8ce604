//! `-exec`, `-execdir`, `-ok` and `-okdir`: commands run through the
//! shell's [`sandbash_interpreter::CommandRunner`] (a utility, a builtin
//! or a script in the VFS, never a host program).
//!
//! `cmd {} ;` runs once per file, true when the command exits 0; `{}` is
//! replaced wherever it appears in an argument. `cmd {} +` collects names
//! and runs the command on as many at once as [`BATCH_BYTES`] allows (and
//! at the end of the walk); it is always true, and a failed run makes
//! find's status 1. `-execdir` runs in the file's directory with
//! `./NAME`. `-ok` asks on standard error and reads the answer from
//! standard input (the command's input is then empty), as GNU does.

use std::io::Read;

use sandbash_interpreter::NotRun;

use super::eval::{Ctx, Entry};
use super::parse::Exec;
use crate::common::sys::Res;

/// The most argument bytes one `{} +` command gets (GNU's limit comes from
/// `ARG_MAX`; this keeps each command's arguments small).
pub const BATCH_BYTES: usize = 128 * 1024;

/// Names collected by one `-exec ... {} +`.
#[derive(Default)]
pub struct Batch {
    /// The command and its fixed arguments.
    argv: Vec<String>,
    /// The directory of the names (`-execdir`), when any.
    dir: Option<String>,
    /// The names so far.
    names: Vec<String>,
    /// Their total length.
    bytes: usize,
}

/// Where `-execdir` runs for an entry, and the name it passes: `./` and
/// the last component as printed (`./x/` for a starting point `x/`), in
/// its parent directory; a starting point `.` runs in itself as `./.`.
fn dir_and_name(e: &Entry<'_>) -> (String, String) {
    let name = format!("./{}", e.base());
    if e.match_name() == "." {
        return (e.abs.to_string(), name);
    }
    let dir = sandbash_vfs::path::split_parent(e.abs).map_or("/", |(d, _)| d);
    let dir = if dir.is_empty() { "/" } else { dir };
    (dir.to_string(), name)
}

/// Evaluates one `-exec`-like primary on `e`.
pub fn exec(x: &Exec, e: &Entry<'_>, cx: &mut Ctx<'_, '_>) -> Res<bool> {
    let (dir, name) = if x.in_dir {
        let (d, n) = dir_and_name(e);
        (Some(d), n)
    } else {
        (None, e.path.to_string())
    };
    if let Some(i) = x.batch {
        add(cx, i, x, dir, name)?;
        return Ok(true);
    }
    let argv: Vec<String> = x.argv.iter().map(|a| a.replace("{}", &name)).collect();
    if x.ask && !ask(cx, &argv, &name)? {
        return Ok(false);
    }
    let status = run(cx, &argv, dir.as_deref(), x.ask)?;
    Ok(status == 0)
}

fn add(cx: &mut Ctx<'_, '_>, i: usize, x: &Exec, dir: Option<String>, name: String) -> Res<()> {
    let full = cx.batches.get(i).is_some_and(|b| {
        !b.names.is_empty() && (b.dir != dir || b.bytes + name.len() + 1 > BATCH_BYTES)
    });
    if full {
        flush(cx, i)?;
    }
    if cx.batches.len() <= i {
        cx.batches.resize_with(i + 1, Batch::default);
    }
    if let Some(b) = cx.batches.get_mut(i) {
        if b.argv.is_empty() {
            b.argv.clone_from(&x.argv);
        }
        b.dir = dir;
        b.bytes += name.len() + 1;
        b.names.push(name);
    }
    Ok(())
}

/// Runs batch `i` on the names it holds, if any.
pub fn flush(cx: &mut Ctx<'_, '_>, i: usize) -> Res<()> {
    let Some(b) = cx.batches.get_mut(i) else {
        return Ok(());
    };
    if b.names.is_empty() {
        return Ok(());
    }
    let mut argv = b.argv.clone();
    argv.append(&mut b.names);
    b.bytes = 0;
    let dir = b.dir.clone();
    if run(cx, &argv, dir.as_deref(), false)? != 0 {
        cx.status = 1;
    }
    Ok(())
}

/// Runs every batch that holds names (at the end of the walk).
pub fn flush_all(cx: &mut Ctx<'_, '_>) -> Res<()> {
    for i in 0..cx.batches.len() {
        flush(cx, i)?;
    }
    Ok(())
}

/// `-ok`: prints `< CMD ... NAME > ? ` and reads a line; yes when it
/// starts with `y` or `Y`.
fn ask(cx: &mut Ctx<'_, '_>, argv: &[String], name: &str) -> Res<bool> {
    cx.sys.out.flush()?;
    let cmd = argv.first().map(String::as_str).unwrap_or("");
    cx.sys
        .diag
        .raw(&sandbash_interpreter::bytes::encode(&format!(
            "< {cmd} ... {name} > ? "
        )));
    crate::common::input::yesno(cx.sys.stdin, &mut cx.sys.tick)
}

/// Runs one command; its status, or 1 after reporting why it could not
/// start.
fn run(cx: &mut Ctx<'_, '_>, argv: &[String], dir: Option<&str>, empty_input: bool) -> Res<i32> {
    cx.sys.out.flush()?;
    let sys = &mut *cx.sys;
    let mut nothing: &[u8] = b"";
    let stdin: &mut dyn Read = if empty_input {
        &mut nothing
    } else {
        &mut *sys.stdin
    };
    let r = match dir {
        Some(d) => {
            sys.runner
                .run_command_in(d, argv, sys.env, stdin, sys.out.writer(), sys.diag.writer())
        }
        None => sys
            .runner
            .run_command(argv, sys.env, stdin, sys.out.writer(), sys.diag.writer()),
    };
    // The command may have been stopped by the run's limits or cancel.
    sys.tick.check()?;
    match r {
        Ok(s) => Ok(s),
        Err(NotRun { reason, .. }) => {
            let name = argv.first().map(String::as_str).unwrap_or("");
            sys.diag
                .error(format_args!("{}: {reason}", crate::common::quote(name)));
            // Only a predicate that fails for `;`; a failed `+` batch
            // makes the status 1 where it is flushed.
            Ok(1)
        }
    }
}
