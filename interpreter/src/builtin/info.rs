//! `type` and `command`: what a name means to the shell.

use crate::shell::{Exec, Shell};

const KEYWORDS: &[&str] = &[
    "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do",
    "done", "in", "function", "time", "{", "}", "!", "[[", "]]", "coproc",
];

enum Kind {
    Alias,
    Keyword,
    Function,
    Builtin,
    File,
}

fn classify(sh: &Shell, name: &str) -> Option<Kind> {
    if sh.opts.expand_aliases && sh.aliases.contains_key(name) {
        Some(Kind::Alias)
    } else if KEYWORDS.contains(&name) {
        Some(Kind::Keyword)
    } else if sh.funcs.contains_key(name) {
        Some(Kind::Function)
    } else if super::lookup(name).is_some() {
        Some(Kind::Builtin)
    } else if sh.sys.utilities.get(name).is_some()
        || (!name.contains('/') && crate::bash_cmd::is_shell_command(name))
    {
        Some(Kind::File)
    } else {
        None
    }
}

pub(crate) fn type_(sh: &mut Shell, args: &[String]) -> Exec {
    let mut terse = false;
    let mut path_only = false;
    let mut status = 0;
    let mut out = String::new();
    for a in args.iter().skip(1) {
        match a.as_str() {
            "-t" => {
                terse = true;
                continue;
            }
            "-p" | "-P" => {
                path_only = true;
                continue;
            }
            "-a" | "-f" => continue,
            _ => {}
        }
        match classify(sh, a) {
            Some(k) => {
                let line = match (k, terse, path_only) {
                    (Kind::Alias, true, _) => "alias".to_owned(),
                    (Kind::Keyword, true, _) => "keyword".to_owned(),
                    (Kind::Function, true, _) => "function".to_owned(),
                    (Kind::Builtin, true, _) => "builtin".to_owned(),
                    (Kind::File, true, _) => "file".to_owned(),
                    (Kind::File, _, true) => format!("/usr/bin/{a}"),
                    (_, _, true) => continue,
                    (Kind::Alias, ..) => {
                        let v = sh.aliases.get(a.as_str()).map_or("", String::as_str);
                        format!("{a} is aliased to `{v}'")
                    }
                    (Kind::Keyword, ..) => format!("{a} is a shell keyword"),
                    (Kind::Function, ..) => format!("{a} is a function"),
                    (Kind::Builtin, ..) => format!("{a} is a shell builtin"),
                    (Kind::File, ..) => format!("{a} is /usr/bin/{a}"),
                };
                out.push_str(&line);
                out.push('\n');
            }
            None => {
                status = 1;
                if !terse && !path_only {
                    sh.out(out.as_bytes())?;
                    out.clear();
                    sh.builtin_error("type", &format!("{a}: not found"));
                }
            }
        }
    }
    sh.out(out.as_bytes())?;
    Ok(status)
}

pub(crate) fn command(sh: &mut Shell, args: &[String]) -> Exec {
    let mut i = 1;
    let mut verbose = None;
    while let Some(a) = args.get(i) {
        match a.as_str() {
            "-v" => verbose = Some(false),
            "-V" => verbose = Some(true),
            "-p" => {}
            "--" => {
                i += 1;
                break;
            }
            _ => break,
        }
        i += 1;
    }
    let rest = args.get(i..).unwrap_or(&[]);
    if let Some(long) = verbose {
        let mut status = 0;
        for name in rest {
            let text = match classify(sh, name) {
                Some(Kind::Alias) => {
                    let v = sh.aliases.get(name.as_str()).map_or("", String::as_str);
                    if long {
                        format!("{name} is aliased to `{v}'")
                    } else {
                        crate::builtin::alias_definition(name, v)
                    }
                }
                Some(Kind::File) if !long => format!("/usr/bin/{name}"),
                Some(_) if !long => name.clone(),
                Some(Kind::Keyword) => format!("{name} is a shell keyword"),
                Some(Kind::Function) => format!("{name} is a function"),
                Some(Kind::Builtin) => format!("{name} is a shell builtin"),
                Some(Kind::File) => format!("{name} is /usr/bin/{name}"),
                None => {
                    status = 1;
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
    if rest.is_empty() {
        return Ok(0);
    }
    sh.run_argv(rest)
}
