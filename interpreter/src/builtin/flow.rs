//! Builtins that steer execution: `exit`, `return`, `break`, `continue`,
//! `shift`, `eval`, `source`, `exec`, `wait`, `trap`, `let`, `builtin`.

use std::sync::Arc;

use super::getopt::after_dashdash;
use crate::shell::{Exec, Flow, Shell};

fn status_arg(sh: &Shell, name: &str, arg: Option<&String>) -> Result<i32, i32> {
    match arg {
        None => Ok(sh.last_status),
        Some(a) => match a.trim().parse::<i64>() {
            Ok(n) => Ok((n & 0xff) as i32),
            Err(_) => {
                sh.builtin_error(name, &format!("{a}: numeric argument required"));
                Err(2)
            }
        },
    }
}

pub(crate) fn exit(sh: &mut Shell, args: &[String]) -> Exec {
    let ops = after_dashdash(args);
    if ops.len() > 1 && ops.first().is_some_and(|a| a.trim().parse::<i64>().is_ok()) {
        sh.builtin_error("exit", "too many arguments");
        return Err(sh.discard_command());
    }
    let s = status_arg(sh, "exit", ops.first()).unwrap_or_else(|e| e);
    Err(Flow::Exit(s))
}

pub(crate) fn return_(sh: &mut Shell, args: &[String]) -> Exec {
    if sh.func_depth == 0 {
        sh.builtin_error(
            "return",
            "can only `return' from a function or sourced script",
        );
        return Ok(2);
    }
    match status_arg(sh, "return", after_dashdash(args).first()) {
        Ok(s) => Err(Flow::Return(s)),
        Err(s) => Err(Flow::Return(s)),
    }
}

/// Checks the arguments of `break` / `continue` as bash does: `Ok(n)` is
/// the number of loops to act on, capped at the enclosing ones; `Err` is
/// what the builtin returns instead.
fn loop_count(sh: &mut Shell, name: &str, args: &[String]) -> Result<u32, Exec> {
    if sh.loop_depth == 0 {
        sh.builtin_error(name, "only meaningful in a `for', `while', or `until' loop");
        return Err(Ok(0));
    }
    let rest = after_dashdash(args);
    let Some(a) = rest.first() else {
        return Ok(1);
    };
    let Some(n) = crate::test_expr::parse_int(a) else {
        // Bash ends a non-interactive shell here, so a count too large for
        // a number is never taken for some smaller one that keeps looping.
        sh.builtin_error(name, &format!("{a}: numeric argument required"));
        return Err(Err(Flow::Exit(128)));
    };
    if rest.len() > 1 {
        sh.builtin_error(name, "too many arguments");
        return Err(Err(Flow::Fatal(1)));
    }
    if n < 1 {
        sh.builtin_error(name, &format!("{a}: loop count out of range"));
        // Bash then leaves every enclosing loop, for `continue` too.
        return Err(Err(Flow::Break(sh.loop_depth, 1)));
    }
    Ok(u32::try_from(n).unwrap_or(u32::MAX).min(sh.loop_depth))
}

pub(crate) fn break_(sh: &mut Shell, args: &[String]) -> Exec {
    match loop_count(sh, "break", args) {
        Ok(n) => Err(Flow::Break(n, 0)),
        Err(r) => r,
    }
}

pub(crate) fn continue_(sh: &mut Shell, args: &[String]) -> Exec {
    match loop_count(sh, "continue", args) {
        Ok(n) => Err(Flow::Continue(n)),
        Err(r) => r,
    }
}

pub(crate) fn shift(sh: &mut Shell, args: &[String]) -> Exec {
    let n = match after_dashdash(args).first() {
        None => 1,
        Some(a) => match crate::test_expr::parse_int(a) {
            Some(n) if n < 0 => {
                sh.builtin_error("shift", &format!("{a}: shift count out of range"));
                return Ok(1);
            }
            Some(n) => usize::try_from(n).unwrap_or(usize::MAX),
            None => {
                sh.builtin_error("shift", &format!("{a}: numeric argument required"));
                return Ok(1);
            }
        },
    };
    if n > sh.positional.len() {
        return Ok(1);
    }
    Arc::make_mut(&mut sh.positional).drain(..n);
    Ok(0)
}

pub(crate) fn eval(sh: &mut Shell, args: &[String]) -> Exec {
    let first = match sh.no_options(args) {
        Ok(at) => at,
        Err(s) => return Ok(s),
    };
    let text = args.get(first..).unwrap_or(&[]).join(" ");
    if text.trim().is_empty() {
        return Ok(0);
    }
    sh.trace_nested(|sh| sh.eval_string(&text))
}

pub(crate) fn source(sh: &mut Shell, args: &[String]) -> Exec {
    let name = args.first().map(String::as_str).unwrap_or("source");
    let first = match sh.no_options(args) {
        Ok(at) => at,
        Err(s) => return Ok(s),
    };
    let rest = args.get(first..).unwrap_or(&[]);
    let Some(file) = rest.first() else {
        sh.builtin_error(name, "filename argument required");
        sh.builtin_usage(name);
        return Ok(2);
    };
    let abs = match source_path(sh, file) {
        Ok(p) => p,
        Err(e) => {
            sh.error(&format!("{file}: {}", e.kind));
            return Ok(1);
        }
    };
    let text = match sh.fs().read(&abs) {
        // Bash drops a sourced file's NUL bytes, binary or not.
        Ok(b) => crate::bytes::without_nuls(&crate::bytes::decode(&b)).into_owned(),
        Err(e) => {
            sh.error(&format!("{file}: {}", e.kind));
            return Ok(1);
        }
    };
    sh.enter_depth()?;
    // Arguments are `$@` while the file runs; the caller's come back
    // unless the file gave new ones with `set`, as in bash.
    let given = rest
        .get(1..)
        .filter(|a| !a.is_empty())
        .map(|a| Arc::new(a.to_vec()));
    let saved_pos = given
        .as_ref()
        .map(|a| std::mem::replace(&mut sh.positional, Arc::clone(a)));
    let sets = sh.positional_sets;
    sh.push_frame(crate::shell::Frame {
        name: Arc::from("source"),
        file: Arc::from(file.as_str()),
        line: sh.line,
        function: false,
    });
    sh.func_depth += 1;
    // The RETURN trap runs at the file's xtrace level, as in bash.
    let r = sh.trace_nested(
        |sh| match sh.run_nested_text(&text, &format!("{file}: "), 0) {
            Ok(s) | Err(Flow::Return(s)) => sh.run_return_trap(s),
            other => other,
        },
    );
    sh.func_depth -= 1;
    sh.pop_frame();
    if let Some(p) = saved_pos
        && sh.positional_sets == sets
    {
        sh.positional = p;
    }
    sh.leave_depth();
    r
}

/// The file `source NAME` reads: a name without `/` is looked for in
/// `PATH` first (unless `shopt -u sourcepath`), then in the working
/// directory, as bash does outside posix mode.
fn source_path(sh: &Shell, file: &str) -> sandbash_vfs::FsResult<String> {
    if !file.contains('/') && sh.opts.sourcepath {
        let path = sh.vars.get_str("PATH").unwrap_or("").to_owned();
        for dir in path.split(':') {
            let dir = if dir.is_empty() { "." } else { dir };
            let Ok(p) = sandbash_vfs::path::resolve(&sh.cwd, &format!("{dir}/{file}")) else {
                continue;
            };
            if sh
                .sys
                .fs
                .metadata(&p)
                .is_ok_and(|m| m.kind == sandbash_vfs::FileKind::File)
            {
                return Ok(p);
            }
        }
    }
    sandbash_vfs::path::resolve(&sh.cwd, file)
}

/// What `exec`'s options ask for.
#[derive(Default)]
struct ExecOptions {
    /// `-c`: the command gets an empty environment.
    clear_env: bool,
    /// `-l`: `argv[0]` starts with `-`, as for a login shell.
    login: bool,
    /// `-a NAME`: the command's `argv[0]`.
    argv0: Option<String>,
}

/// `exec [-cl] [-a name]`: the options, and the index of the command;
/// `Err` the status of a usage error.
fn exec_options(sh: &mut Shell, args: &[String]) -> Result<(ExecOptions, usize), i32> {
    let (found, at) = sh.builtin_getopt(args, "cla:")?;
    let mut o = ExecOptions::default();
    for (c, v) in found {
        match c {
            'c' => o.clear_env = true,
            'l' => o.login = true,
            _ => o.argv0 = v,
        }
    }
    Ok((o, at))
}

pub(crate) fn exec(sh: &mut Shell, args: &[String]) -> Exec {
    let (opts, at) = match exec_options(sh, args) {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let rest = args.get(at..).unwrap_or(&[]);
    let Some(name) = rest.first() else {
        return Ok(0);
    };
    // Like bash's exec, which never runs a function and ends a
    // non-interactive shell when the command cannot be found.
    if !sh.is_command(name) {
        sh.builtin_error("exec", &format!("{name}: not found"));
        return Err(Flow::Exit(127));
    }
    // Nothing replaces the process: the command runs, then the shell ends.
    if super::lookup(name).is_some() {
        let s = sh.run_argv(rest)?;
        return Err(Flow::Exit(s));
    }
    let mut argv = rest.to_vec();
    if let Some(first) = argv.first_mut() {
        if let Some(a) = opts.argv0 {
            *first = a;
        }
        if opts.login {
            first.insert(0, '-');
        }
    }
    let env = if opts.clear_env {
        Vec::new()
    } else {
        sh.command_env()
    };
    Err(Flow::Exit(sh.run_external(name, &argv, &env)))
}

/// A trap's condition as the trap table keys it: `EXIT`, `ERR`, `DEBUG`,
/// `RETURN`, or a signal's name without `SIG` (given by name or number).
fn signal_name(s: &str) -> Option<String> {
    let up = s.to_ascii_uppercase();
    let bare = up.strip_prefix("SIG").unwrap_or(&up);
    match bare {
        "0" | "EXIT" => return Some("EXIT".to_owned()),
        "ERR" | "DEBUG" | "RETURN" => return Some(bare.to_owned()),
        _ => {}
    }
    crate::signals::number(s).and_then(crate::signals::name)
}

/// How `trap -p` names a condition: signals with `SIG`, as bash does,
/// except in posix mode.
fn shown_name(key: &str, posix: bool) -> String {
    match key {
        "EXIT" | "ERR" | "DEBUG" | "RETURN" => key.to_owned(),
        _ if posix => key.to_owned(),
        _ => format!("SIG{key}"),
    }
}

/// Every condition `trap -p` lists in posix mode, in bash's order: EXIT,
/// the signals by number (a number where bash has no name), DEBUG, ERR,
/// RETURN.
fn all_conditions() -> Vec<String> {
    let mut v = vec!["EXIT".to_owned()];
    v.extend((1..=64).map(|n| crate::signals::name(n).unwrap_or_else(|| n.to_string())));
    v.extend(["DEBUG", "ERR", "RETURN"].map(str::to_owned));
    v
}

pub(crate) fn trap(sh: &mut Shell, args: &[String]) -> Exec {
    let (found, first) = match sh.builtin_getopt(args, "lp") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let has = |c: char| found.iter().any(|(f, _)| *f == c);
    if has('l') {
        sh.out(super::kill::signal_table().as_bytes())?;
        return Ok(0);
    }
    let rest = args.get(first..).unwrap_or(&[]);
    if rest.is_empty() || has('p') {
        let named = rest;
        let shown = sh
            .shown_traps
            .clone()
            .unwrap_or_else(|| Arc::clone(&sh.traps));
        let mut status = 0;
        let mut names: Vec<String> = Vec::new();
        // In posix mode `trap -p` shows conditions left at their default
        // too (`trap -- - HUP`): all of them when none is named.
        let posix = sh.opts.posix;
        let defaults = posix && has('p');
        if named.is_empty() && defaults {
            names = all_conditions();
        } else if named.is_empty() {
            // In bash's order: EXIT, the signals by number, DEBUG, ERR, RETURN.
            names = shown.keys().cloned().collect();
            names.sort_by_key(|n| match n.as_str() {
                "EXIT" => 0,
                "DEBUG" => 65,
                "ERR" => 66,
                "RETURN" => 67,
                other => crate::signals::number(other).unwrap_or(68),
            });
        }
        for n in named {
            match signal_name(n) {
                Some(k) => names.push(k),
                None => {
                    sh.builtin_error("trap", &format!("{n}: invalid signal specification"));
                    status = 1;
                }
            }
        }
        let mut s = String::new();
        for n in names {
            let action = match shown.get(&n) {
                Some(a) => crate::expand::single_quote(a),
                None if defaults => "-".to_owned(),
                None => continue,
            };
            s.push_str(&format!("trap -- {action} {}\n", shown_name(&n, posix)));
        }
        sh.out(s.as_bytes())?;
        return Ok(status);
    }
    // Bash's reading of the first operand: a signal number, or a lone
    // signal, resets; `-` resets the signals after it; anything else is
    // the action for the signals after it, which must be there.
    let first_arg = rest.first().map_or("", String::as_str);
    let is_signal = signal_name(first_arg).is_some();
    let (action, sigs) = if (is_signal && first_arg.bytes().all(|b| b.is_ascii_digit()))
        || (is_signal && first_arg != "-" && rest.len() == 1)
    {
        (None, rest)
    } else if rest.len() == 1 {
        sh.builtin_usage("trap");
        return Ok(2);
    } else if first_arg == "-" {
        (None, rest.get(1..).unwrap_or(&[]))
    } else {
        (Some(first_arg.to_owned()), rest.get(1..).unwrap_or(&[]))
    };
    let mut status = 0;
    sh.shown_traps = None;
    for s in sigs {
        let Some(name) = signal_name(s) else {
            sh.builtin_error("trap", &format!("{s}: invalid signal specification"));
            status = 1;
            continue;
        };
        if let Some(n) = crate::signals::number(&name) {
            sh.sig.set_disposition(n, action.as_deref());
        }
        let traps = Arc::make_mut(&mut sh.traps);
        match &action {
            Some(a) => {
                traps.insert(name, a.clone());
            }
            None => {
                traps.remove(&name);
            }
        }
    }
    Ok(status)
}

pub(crate) fn let_(sh: &mut Shell, args: &[String]) -> Exec {
    let exprs = after_dashdash(args);
    if exprs.is_empty() {
        sh.builtin_error("let", "expression expected");
        return Ok(1);
    }
    let mut last = 0;
    for e in exprs {
        match sh.arith_eval_text_in(Some("let"), e) {
            Ok(v) => last = v,
            Err(m) => {
                sh.arith_failed(&m)?;
                return Ok(1);
            }
        }
    }
    Ok(i32::from(last == 0))
}

pub(crate) fn builtin(sh: &mut Shell, args: &[String]) -> Exec {
    let first = match sh.no_options(args) {
        Ok(at) => at,
        Err(s) => return Ok(s),
    };
    let rest = args.get(first..).unwrap_or(&[]);
    let Some(name) = rest.first() else {
        return Ok(0);
    };
    match super::lookup(name) {
        Some(b) => super::run(sh, b, rest),
        None => {
            sh.builtin_error("builtin", &format!("{name}: not a shell builtin"));
            Ok(1)
        }
    }
}
