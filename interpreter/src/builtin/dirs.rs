//! The working directory: `cd`, `pwd`, and the directory stack
//! (`pushd`, `popd`, `dirs`, `$DIRSTACK`).
//!
//! `Shell::cwd` is the logical directory (`$PWD`, symlinks kept as the
//! user went through them); `-P` resolves it physically through the VFS's
//! symlinks ([`physical`], at most 40 links, as the kernel). The stack is
//! `Shell::dirstack` (entries 1.. of bash's stack; entry 0 is always the
//! working directory), printed with `$HOME` shortened to `~` unless `-l`.

use std::collections::VecDeque;
use std::sync::Arc;

use sandbash_vfs::{FileKind, path};

use crate::shell::{Exec, Shell};
use crate::vars::EXPORT;

/// Most symlinks one physical resolution follows.
const MAX_LINKS: u32 = 40;

/// The path `target` names from `cwd` with every symlink resolved
/// (`pwd -P`, `cd -P`): `..` after a symlink leaves its target's parent.
fn physical(sh: &Shell, cwd: &str, target: &str) -> Result<String, String> {
    let start = if target.starts_with('/') { "" } else { cwd };
    let mut todo: VecDeque<String> = start
        .split('/')
        .chain(target.split('/'))
        .filter(|c| !c.is_empty() && *c != ".")
        .map(str::to_owned)
        .collect();
    let mut parts: Vec<String> = Vec::new();
    let mut links = 0;
    while let Some(c) = todo.pop_front() {
        if c == ".." {
            parts.pop();
            continue;
        }
        let here = format!("/{}", {
            let mut v = parts.clone();
            v.push(c.clone());
            v.join("/")
        });
        let meta = sh
            .sys
            .fs
            .symlink_metadata(&here)
            .map_err(|e| e.kind.to_string())?;
        match meta.kind {
            FileKind::Symlink => {
                links += 1;
                if links > MAX_LINKS {
                    return Err("Too many levels of symbolic links".into());
                }
                let to = sh.sys.fs.read_link(&here).map_err(|e| e.kind.to_string())?;
                if to.starts_with('/') {
                    parts.clear();
                }
                for t in to.split('/').rev() {
                    if !t.is_empty() && t != "." {
                        todo.push_front(t.to_owned());
                    }
                }
            }
            FileKind::Dir => parts.push(c),
            _ if todo.is_empty() => parts.push(c),
            _ => return Err("Not a directory".into()),
        }
    }
    Ok(format!("/{}", parts.join("/")))
}

/// `path` with `$HOME` shortened to `~`, as `dirs` prints it.
fn tilde(sh: &Shell, p: &str) -> String {
    match sh.vars.get_str("HOME") {
        Some(h) if !h.is_empty() => {
            if p == h {
                "~".into()
            } else if let Some(rest) = p.strip_prefix(h).filter(|r| r.starts_with('/')) {
                format!("~{rest}")
            } else {
                p.into()
            }
        }
        _ => p.into(),
    }
}

/// The whole stack, entry 0 (the working directory) first.
pub(crate) fn stack(sh: &Shell) -> Vec<String> {
    let mut v = Vec::with_capacity(sh.dirstack.len() + 1);
    v.push(sh.cwd.clone());
    v.extend(sh.dirstack.iter().cloned());
    v
}

pub(crate) fn pwd(sh: &mut Shell, args: &[String]) -> Exec {
    let (found, _) = match sh.builtin_getopt(args, "LP") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    // The last of `-L` and `-P` counts.
    let phys = found.last().is_some_and(|(c, _)| *c == 'P');
    let dir = if phys {
        let cwd = sh.cwd.clone();
        match physical(sh, "/", &cwd) {
            Ok(p) => p,
            Err(e) => {
                sh.builtin_error("pwd", &format!("error retrieving current directory: {e}"));
                return Ok(1);
            }
        }
    } else {
        sh.cwd.clone()
    };
    sh.out(format!("{dir}\n").as_bytes())?;
    Ok(0)
}

/// Makes `dir` (absolute) the working directory, setting `PWD` and
/// `OLDPWD`.
fn change_to(sh: &mut Shell, dir: String) {
    let old = std::mem::replace(&mut sh.cwd, dir.clone());
    let vars = Arc::make_mut(&mut sh.vars);
    let _ = vars.set("OLDPWD", old);
    vars.add_attrs("OLDPWD", EXPORT);
    let _ = vars.set("PWD", dir);
}

/// Checks that `abs` is a directory; the error text otherwise.
fn check_dir(sh: &Shell, abs: &str) -> Result<(), String> {
    match sh.sys.fs.metadata(abs) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err("Not a directory".into()),
        Err(e) => Err(e.kind.to_string()),
    }
}

/// bash's `sh_canonpath` with `PATH_CHECKDOTDOT`: each `..` must follow
/// a directory (`cd missing/..` fails though the result would exist).
fn dotdot_parents_exist(sh: &Shell, target: &str) -> Result<(), String> {
    let comps: Vec<&str> = target.split('/').collect();
    for (i, c) in comps.iter().enumerate() {
        if *c != ".." {
            continue;
        }
        let prefix = comps.get(..i).unwrap_or(&[]).join("/");
        if prefix.is_empty() {
            continue;
        }
        let abs = path::resolve(&sh.cwd, &prefix).map_err(|e| e.kind.to_string())?;
        check_dir(sh, &abs)?;
    }
    Ok(())
}

/// Where `cd` goes for `target` (logical unless `phys`): the directory, or
/// the error text.
fn locate(sh: &Shell, target: &str, phys: bool) -> Result<String, String> {
    if phys {
        let p = physical(sh, &sh.cwd, target)?;
        check_dir(sh, &p)?;
        return Ok(p);
    }
    dotdot_parents_exist(sh, target)?;
    let abs = path::resolve(&sh.cwd, target).map_err(|e| e.kind.to_string())?;
    match check_dir(sh, &abs) {
        Ok(()) => Ok(abs),
        // bash falls back to the physical path when the logical one
        // fails (`link/..` where the link's parent differs).
        Err(e) => match physical(sh, &sh.cwd, target) {
            Ok(p) if check_dir(sh, &p).is_ok() => Ok(p),
            _ => Err(e),
        },
    }
}

pub(crate) fn cd(sh: &mut Shell, args: &[String]) -> Exec {
    cd_as(sh, args, "cd")
}

/// `cd`, its errors named after `who` (`pushd` goes through it too).
fn cd_as(sh: &mut Shell, args: &[String], who: &str) -> Exec {
    let (found, i) = match sh.builtin_getopt(args, "eLP") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    // The last of `-L` and `-P` counts; `-e` changes nothing here. Bash on
    // Linux has no `-@` (extended attributes), whatever its usage line says.
    let phys = found
        .iter()
        .rev()
        .find(|(c, _)| matches!(c, 'L' | 'P'))
        .is_some_and(|(c, _)| *c == 'P');
    let operands = args.get(i..).unwrap_or(&[]);
    if operands.len() > 1 {
        sh.builtin_error("cd", "too many arguments");
        return Ok(1);
    }
    let mut print = false;
    let target = match operands.first().map(String::as_str) {
        None => match sh.vars.get_str("HOME") {
            Some(h) => h.to_owned(),
            None => {
                sh.builtin_error(who, "HOME not set");
                return Ok(1);
            }
        },
        Some("-") => match sh.vars.get_str("OLDPWD") {
            Some(o) => {
                print = true;
                o.to_owned()
            }
            None => {
                sh.builtin_error(who, "OLDPWD not set");
                return Ok(1);
            }
        },
        Some(t) => t.to_owned(),
    };
    if target.is_empty() {
        // `cd -` with an empty `OLDPWD` still prints it.
        if print {
            sh.out(b"\n")?;
        }
        return Ok(0);
    }
    // CDPATH: for a relative name not starting with `.` or `..`, each
    // entry is tried in turn (an empty entry is the working directory);
    // a directory found through a non-empty entry is printed.
    let first = target.split('/').next().unwrap_or("");
    if !target.starts_with('/')
        && first != "."
        && first != ".."
        && let Some(cdpath) = sh.vars.get_str("CDPATH").map(str::to_owned)
    {
        for entry in cdpath.split(':') {
            let cand = if entry.is_empty() {
                target.clone()
            } else {
                format!("{}/{target}", entry.trim_end_matches('/'))
            };
            if let Ok(dir) = locate(sh, &cand, phys) {
                change_to(sh, dir.clone());
                if !entry.is_empty() || print {
                    sh.out(format!("{dir}\n").as_bytes())?;
                }
                return Ok(0);
            }
        }
    }
    match locate(sh, &target, phys) {
        Ok(dir) => {
            change_to(sh, dir.clone());
            if print {
                sh.out(format!("{dir}\n").as_bytes())?;
            }
            Ok(0)
        }
        Err(e) => {
            sh.builtin_error(who, &format!("{target}: {e}"));
            Ok(1)
        }
    }
}

/// A `+N`/`-N` argument as an index into a stack of `len` entries:
/// `Some(Ok(i))`, `Some(Err(()))` out of range, `None` not such an argument.
fn stack_index(arg: &str, len: usize) -> Option<Result<usize, ()>> {
    let (sign, digits) = match arg.as_bytes().first() {
        Some(b'+') => ('+', arg.get(1..)?),
        Some(b'-') => ('-', arg.get(1..)?),
        _ => return None,
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: usize = match digits.parse() {
        Ok(n) => n,
        Err(_) => return Some(Err(())),
    };
    if n >= len {
        return Some(Err(()));
    }
    Some(Ok(if sign == '+' { n } else { len - 1 - n }))
}

/// Prints the stack as `dirs` (no options) does.
fn print_stack(sh: &mut Shell) -> Exec {
    let line: Vec<String> = stack(sh).iter().map(|d| tilde(sh, d)).collect();
    sh.out(format!("{}\n", line.join(" ")).as_bytes())?;
    Ok(0)
}

/// Sets the whole stack (entry 0 is where the shell goes).
fn set_stack(sh: &mut Shell, mut all: Vec<String>) -> Result<(), String> {
    if all.is_empty() {
        return Ok(());
    }
    let top = all.remove(0);
    if top != sh.cwd {
        let dir = locate(sh, &top, false)?;
        change_to(sh, dir);
    }
    sh.dirstack = Arc::new(all);
    Ok(())
}

pub(crate) fn dirs(sh: &mut Shell, args: &[String]) -> Exec {
    let (mut clear, mut long, mut lines, mut verbose) = (false, false, false, false);
    let mut index = None;
    for a in args.iter().skip(1) {
        match a.as_str() {
            "-c" => clear = true,
            "-l" => long = true,
            "-p" => lines = true,
            "-v" => {
                verbose = true;
                lines = true;
            }
            "--" => {}
            s => {
                let len = sh.dirstack.len() + 1;
                match stack_index(s, len) {
                    Some(Ok(i)) => index = Some(i),
                    Some(Err(())) => {
                        if sh.dirstack.is_empty() {
                            sh.builtin_error("dirs", "directory stack empty");
                        } else {
                            let shown = s.strip_prefix('+').unwrap_or(s);
                            sh.builtin_error(
                                "dirs",
                                &format!("{shown}: directory stack index out of range"),
                            );
                        }
                        return Ok(1);
                    }
                    None => {
                        let what = if s.starts_with('-') || s.starts_with('+') {
                            "invalid number"
                        } else {
                            "invalid option"
                        };
                        sh.builtin_error("dirs", &format!("{s}: {what}"));
                        sh.builtin_usage("dirs");
                        return Ok(2);
                    }
                }
            }
        }
    }
    if clear {
        sh.dirstack = Arc::default();
        return Ok(0);
    }
    let all = stack(sh);
    let show = |d: &String| if long { d.clone() } else { tilde(sh, d) };
    let text = if let Some(i) = index {
        let d = all.get(i).map(show).unwrap_or_default();
        if verbose {
            format!("{i:2}  {d}\n")
        } else {
            format!("{d}\n")
        }
    } else if verbose {
        all.iter()
            .enumerate()
            .map(|(i, d)| format!("{i:2}  {}\n", show(d)))
            .collect()
    } else if lines {
        all.iter().map(|d| format!("{}\n", show(d))).collect()
    } else {
        let v: Vec<String> = all.iter().map(show).collect();
        format!("{}\n", v.join(" "))
    };
    sh.out(text.as_bytes())?;
    Ok(0)
}

pub(crate) fn pushd(sh: &mut Shell, args: &[String]) -> Exec {
    // Options come first: `-n`, then `--`; bash reads one operand and
    // ignores the rest, except a directory to go to (without `-n`).
    let mut no_cd = false;
    let mut i = 1;
    let mut dashdash = false;
    while let Some(a) = args.get(i) {
        match a.as_str() {
            "-n" => no_cd = true,
            "--" => {
                dashdash = true;
                i += 1;
                break;
            }
            _ => break,
        }
        i += 1;
    }
    let operands = args.get(i..).unwrap_or(&[]);
    if operands.is_empty() && no_cd {
        return Ok(0);
    }
    let mut all = stack(sh);
    let Some(arg) = operands.first() else {
        // Swap the top two.
        if all.len() < 2 {
            sh.builtin_error("pushd", "no other directory");
            return Ok(1);
        }
        all.swap(0, 1);
        return match set_stack(sh, all) {
            Ok(()) => print_stack(sh),
            Err(e) => {
                let top = stack(sh).get(1).cloned().unwrap_or_default();
                sh.builtin_error("pushd", &format!("{top}: {e}"));
                Ok(1)
            }
        };
    };
    if arg != "-" && !dashdash {
        match stack_index(arg, all.len()) {
            Some(Ok(i)) => {
                all.rotate_left(i);
                if no_cd {
                    // bash keeps the working directory as the top and
                    // drops the entry rotated there, silently.
                    all.remove(0);
                    sh.dirstack = Arc::new(all);
                    return Ok(0);
                }
                return match set_stack(sh, all) {
                    Ok(()) => print_stack(sh),
                    Err(e) => {
                        sh.builtin_error("pushd", &e);
                        Ok(1)
                    }
                };
            }
            Some(Err(())) => {
                if sh.dirstack.is_empty() {
                    sh.builtin_error("pushd", "directory stack empty");
                } else {
                    sh.builtin_error(
                        "pushd",
                        &format!("{arg}: directory stack index out of range"),
                    );
                }
                return Ok(1);
            }
            None if (arg.starts_with('-') || arg.starts_with('+')) && arg.len() > 1 => {
                sh.builtin_error("pushd", &format!("{arg}: invalid number"));
                sh.builtin_usage("pushd");
                return Ok(2);
            }
            None => {}
        }
    }
    if no_cd {
        Arc::make_mut(&mut sh.dirstack).insert(0, arg.clone());
        return print_stack(sh);
    }
    if operands.len() > 1 {
        sh.builtin_error("pushd", "too many arguments");
        return Ok(1);
    }
    let old = sh.cwd.clone();
    let status = cd_as(
        sh,
        &["cd".to_owned(), "--".to_owned(), arg.clone()],
        "pushd",
    )?;
    if status != 0 {
        return Ok(status);
    }
    Arc::make_mut(&mut sh.dirstack).insert(0, old);
    print_stack(sh)
}

pub(crate) fn popd(sh: &mut Shell, args: &[String]) -> Exec {
    let mut no_cd = false;
    let mut which = None;
    for a in args.iter().skip(1) {
        match a.as_str() {
            "-n" => no_cd = true,
            "--" => {}
            s => match stack_index(s, sh.dirstack.len() + 1) {
                Some(Ok(i)) => which = Some(i),
                Some(Err(())) if sh.dirstack.is_empty() => break,
                Some(Err(())) => {
                    sh.builtin_error("popd", &format!("{s}: directory stack index out of range"));
                    return Ok(1);
                }
                None => {
                    let what = if s.starts_with('-') || s.starts_with('+') {
                        "invalid number"
                    } else {
                        "invalid argument"
                    };
                    sh.builtin_error("popd", &format!("{s}: {what}"));
                    sh.builtin_usage("popd");
                    return Ok(2);
                }
            },
        }
    }
    if sh.dirstack.is_empty() {
        sh.builtin_error("popd", "directory stack empty");
        return Ok(1);
    }
    let mut all = stack(sh);
    let i = which.unwrap_or(0);
    if i == 0 && no_cd {
        // `popd -n` removes the entry below the top.
        all.remove(1);
    } else if i == 0 {
        all.remove(0);
        if let Err(e) = set_stack(sh, all) {
            let top = stack(sh).get(1).cloned().unwrap_or_default();
            sh.builtin_error("popd", &format!("{top}: {e}"));
            return Ok(1);
        }
        return print_stack(sh);
    } else {
        all.remove(i);
    }
    all.remove(0);
    sh.dirstack = Arc::new(all);
    print_stack(sh)
}
