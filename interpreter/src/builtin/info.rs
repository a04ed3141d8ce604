//! `type` and `command`: what a name means to the shell.

use crate::shell::{Exec, Shell};

enum Kind {
    Alias,
    Keyword,
    Function,
    Builtin,
    /// A program, at this path.
    File(String),
    /// A program `hash` remembers, at this path.
    Hashed(String),
}

fn classify(sh: &mut Shell, name: &str, path: Option<&str>) -> Option<Kind> {
    kinds(sh, name, false, false, path).into_iter().next()
}

/// What `name` means, in bash's order of precedence (alias, keyword, function,
/// builtin, program): only the first unless `all`; functions left out
/// with `no_funcs` (`type -f`).
fn kinds(sh: &mut Shell, name: &str, all: bool, no_funcs: bool, path: Option<&str>) -> Vec<Kind> {
    let mut out = Vec::new();
    if sh.opts.expand_aliases && sh.aliases.contains_key(name) {
        out.push(Kind::Alias);
    }
    if crate::names::is_reserved_word(name) {
        out.push(Kind::Keyword);
    }
    if !no_funcs && sh.funcs.contains_key(name) {
        out.push(Kind::Function);
    }
    if sh.builtin(name).is_some() {
        out.push(Kind::Builtin);
    }
    if !all && !out.is_empty() {
        return out;
    }
    // bash looks in its hash table unless every meaning is wanted; each
    // look that finds the name counts as a hit.
    let hashed = if all { None } else { hash_hit(sh, name) };
    match hashed {
        Some(p) => out.push(Kind::Hashed(p)),
        None => out.extend(files(sh, name, all, path).into_iter().map(Kind::File)),
    }
    if !all {
        out.truncate(1);
    }
    out
}

/// The path `name` is hashed at, counting the look as a hit.
fn hash_hit(sh: &mut Shell, name: &str) -> Option<String> {
    if name.contains('/') || !sh.hashed.contains_key(name) {
        return None;
    }
    let table = std::sync::Arc::make_mut(&mut sh.hashed);
    let (p, hits) = table.get_mut(name)?;
    *hits = hits.saturating_add(1);
    Some(p.clone())
}

/// The paths of the programs `name` names (every one when `all`), as
/// bash's `type` finds them: a name with a `/` when it is an executable
/// file; else the `PATH` search, and when it finds no program, the first
/// existing file that is not executable.
fn files(sh: &Shell, name: &str, all: bool, path: Option<&str>) -> Vec<String> {
    if name.contains('/') {
        return sh
            .find_program(name)
            .map(|p| p.path().to_owned())
            .into_iter()
            .collect();
    }
    let found = match path {
        Some(p) => sh.search_path_in(name, all, p),
        None => sh.search_path(name, all),
    };
    if found.programs.is_empty() {
        return found.not_executable.into_iter().collect();
    }
    found.programs.iter().map(|p| p.path().to_owned()).collect()
}

/// `NAME is a function` and its text, as `type` and `command -V` say.
fn function_line(sh: &Shell, name: &str) -> String {
    match sh.funcs.get(name) {
        Some(f) => format!(
            "{name} is a function\n{}",
            crate::syntax::function_text(f, sh.limits.max_parse_depth)
        ),
        None => format!("{name} is a function"),
    }
}

/// `type [-afptP] name...`: what each name means to the shell.
pub(crate) fn type_(sh: &mut Shell, args: &[String]) -> Exec {
    let (found, at) = match sh.builtin_getopt(args, "afptP") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let has = |c: char| found.iter().any(|(f, _)| *f == c);
    // `-t`, `-p` and `-P` exclude each other: the last given counts.
    let form = found
        .iter()
        .rev()
        .map(|(c, _)| *c)
        .find(|c| matches!(c, 't' | 'p' | 'P'));
    let (all, no_funcs) = (has('a'), has('f'));
    let (terse, path_only, force_path) = (form == Some('t'), form == Some('p'), form == Some('P'));
    let mut status = 0;
    let mut out = String::new();
    sh.sync_hash();
    for a in args.get(at..).unwrap_or(&[]) {
        if force_path {
            let hashed = if all { None } else { hash_hit(sh, a) };
            let paths = match hashed {
                Some(p) => vec![p],
                None => files(sh, a, all, None),
            };
            if paths.is_empty() {
                status = 1;
            }
            for p in paths {
                out.push_str(&format!("{p}\n"));
            }
            continue;
        }
        let ks = kinds(sh, a, all, no_funcs, None);
        if ks.is_empty() {
            status = 1;
            if !terse && !path_only {
                sh.out(out.as_bytes())?;
                out.clear();
                sh.builtin_error("type", &format!("{a}: not found"));
            }
            continue;
        }
        for k in ks {
            let line = match (k, terse, path_only) {
                (Kind::Alias, true, _) => "alias".to_owned(),
                (Kind::Keyword, true, _) => "keyword".to_owned(),
                (Kind::Function, true, _) => "function".to_owned(),
                (Kind::Builtin, true, _) => "builtin".to_owned(),
                (Kind::File(_) | Kind::Hashed(_), true, _) => "file".to_owned(),
                (Kind::File(p) | Kind::Hashed(p), _, true) => p,
                (_, _, true) => continue,
                (Kind::Alias, ..) => {
                    let v = sh.aliases.get(a.as_str()).map_or("", String::as_str);
                    format!("{a} is aliased to `{v}'")
                }
                (Kind::Keyword, ..) => format!("{a} is a shell keyword"),
                (Kind::Function, ..) => function_line(sh, a),
                (Kind::Builtin, ..) => format!("{a} is a shell builtin"),
                (Kind::File(p), ..) => format!("{a} is {p}"),
                (Kind::Hashed(p), ..) => format!("{a} is hashed ({p})"),
            };
            out.push_str(&line);
            out.push('\n');
        }
    }
    sh.out(out.as_bytes())?;
    Ok(status)
}

pub(crate) fn command(sh: &mut Shell, args: &[String]) -> Exec {
    let (found, first) = match sh.builtin_getopt(args, "pvV") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    // The last of `-v` and `-V` counts, as in bash.
    let verbose = found
        .iter()
        .filter(|(c, _)| *c != 'p')
        .map(|(c, _)| *c == 'V')
        .next_back();
    let rest = args.get(first..).unwrap_or(&[]);
    if rest.is_empty() {
        return Ok(0);
    }
    // `-p`: programs are looked for in the standard directories.
    let std_path = found
        .iter()
        .any(|(c, _)| *c == 'p')
        .then_some(crate::path_search::STANDARD_PATH);
    if let Some(long) = verbose {
        sh.sync_hash();
        // Success when any name is found, as in bash.
        let mut status = 1;
        for name in rest {
            let found = classify(sh, name, std_path);
            if found.is_some() {
                status = 0;
            }
            let text = match found {
                Some(Kind::Alias) => {
                    let v = sh.aliases.get(name.as_str()).map_or("", String::as_str);
                    if long {
                        format!("{name} is aliased to `{v}'")
                    } else {
                        crate::builtin::alias_definition(name, v)
                    }
                }
                Some(Kind::File(p) | Kind::Hashed(p)) if !long => p,
                Some(_) if !long => name.clone(),
                Some(Kind::Keyword) => format!("{name} is a shell keyword"),
                Some(Kind::Function) => function_line(sh, name),
                Some(Kind::Builtin) => format!("{name} is a shell builtin"),
                Some(Kind::File(p)) => format!("{name} is {p}"),
                Some(Kind::Hashed(p)) => format!("{name} is hashed ({p})"),
                None => {
                    if long {
                        sh.builtin_error("command", &format!("{name}: not found"));
                    }
                    continue;
                }
            };
            sh.out(format!("{text}\n").as_bytes())?;
        }
        return Ok(status);
    }
    sh.run_argv(rest)
}

/// `caller [N]`: where the current function or sourced file was entered
/// from (`LINE FILE`), or with `N` the frame `N` levels up (`LINE NAME
/// FILE`); status 1 when there is no such frame.
pub(crate) fn caller(sh: &mut Shell, args: &[String]) -> Exec {
    // Innermost first, as `FUNCNAME` lists them.
    let frames: Vec<crate::shell::Frame> = sh.frames.iter().rev().cloned().collect();
    let Some(top) = frames.first() else {
        return Ok(1);
    };
    let (_, at) = match sh.builtin_getopt(args, "") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let line = match args.get(at) {
        None => {
            let file = frames.get(1).map_or("NULL", |f| &f.file);
            format!("{} {file}\n", top.line)
        }
        Some(a) => {
            let Some(n) = crate::test_expr::parse_int(a) else {
                sh.builtin_error("caller", &format!("{a}: invalid number"));
                sh.builtin_usage("caller");
                return Ok(2);
            };
            let Some(n) = usize::try_from(n).ok() else {
                return Ok(1);
            };
            match (frames.get(n), frames.get(n.saturating_add(1))) {
                (Some(f), Some(up)) => format!("{} {} {}\n", f.line, up.name, up.file),
                _ => return Ok(1),
            }
        }
    };
    sh.out(line.as_bytes())?;
    Ok(0)
}
