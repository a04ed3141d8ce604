//! `true`, `false`, `echo`, `printf`, `pwd`, `cd`, `umask`.

use std::sync::Arc;

use crate::shell::{Exec, Shell};
use crate::vars::EXPORT;

pub(crate) fn true_(_: &mut Shell, _: &[String]) -> Exec {
    Ok(0)
}

pub(crate) fn false_(_: &mut Shell, _: &[String]) -> Exec {
    Ok(1)
}

pub(crate) fn umask(sh: &mut Shell, args: &[String]) -> Exec {
    if args.len() <= 1 {
        sh.out(b"0022\n")?;
    }
    Ok(0)
}

pub(crate) fn echo(sh: &mut Shell, args: &[String]) -> Exec {
    let mut newline = true;
    let mut escapes = false;
    let mut i = 1;
    while let Some(a) = args.get(i) {
        let Some(flags) = a.strip_prefix('-') else {
            break;
        };
        if flags.is_empty() || !flags.chars().all(|c| matches!(c, 'n' | 'e' | 'E')) {
            break;
        }
        for c in flags.chars() {
            match c {
                'n' => newline = false,
                'e' => escapes = true,
                _ => escapes = false,
            }
        }
        i += 1;
    }
    let mut s = String::new();
    for (n, a) in args.iter().skip(i).enumerate() {
        if n > 0 {
            s.push(' ');
        }
        if escapes {
            let (t, stop) = crate::escapes::echo(a);
            s.push_str(&t);
            if stop {
                sh.out(&crate::bytes::encode(&s))?;
                return Ok(0);
            }
        } else {
            s.push_str(a);
        }
    }
    if newline {
        s.push('\n');
    }
    sh.out(&crate::bytes::encode(&s))?;
    Ok(0)
}

pub(crate) fn printf(sh: &mut Shell, args: &[String]) -> Exec {
    let mut rest = args.get(1..).unwrap_or(&[]);
    let mut var = None;
    if rest.first().map(String::as_str) == Some("-v") {
        var = rest.get(1).cloned();
        rest = rest.get(2..).unwrap_or(&[]);
    }
    if rest.first().map(String::as_str) == Some("--") {
        rest = rest.get(1..).unwrap_or(&[]);
    }
    let Some(fmt) = rest.first() else {
        sh.builtin_error("printf", "usage: printf [-v var] format [arguments]");
        return Ok(2);
    };
    let r = crate::printf::format_within(fmt, rest.get(1..).unwrap_or(&[]), sh.mem_room());
    // The messages already start with `printf: `.
    for e in &r.errors {
        sh.error(e);
    }
    if r.over_limit {
        // The run stops at its next check, naming the memory limit.
        sh.run.memory.breach();
        return Ok(1);
    }
    match var {
        Some(v) => {
            // Bash's variables end at a NUL (`printf -v x 'a\0b'` is `a`).
            let out = r.output.split(|b| *b == 0).next().unwrap_or_default();
            if let Err(m) = sh.set_var(&v, crate::bytes::decode(out).into_owned()) {
                sh.error(&m);
                return Ok(1);
            }
        }
        None => sh.out(&r.output)?,
    }
    Ok(r.status)
}

pub(crate) fn pwd(sh: &mut Shell, _: &[String]) -> Exec {
    let s = format!("{}\n", sh.cwd);
    sh.out(s.as_bytes())?;
    Ok(0)
}

pub(crate) fn cd(sh: &mut Shell, args: &[String]) -> Exec {
    let mut operands: Vec<&String> = args
        .iter()
        .skip(1)
        .filter(|a| !matches!(a.as_str(), "-L" | "-P" | "--"))
        .collect();
    if operands.len() > 1 {
        sh.builtin_error("cd", "too many arguments");
        return Ok(1);
    }
    let mut print = false;
    let target = match operands.pop().map(String::as_str) {
        None => match sh.vars.get_str("HOME") {
            Some(h) => h.to_owned(),
            None => {
                sh.builtin_error("cd", "HOME not set");
                return Ok(1);
            }
        },
        Some("-") => match sh.vars.get_str("OLDPWD") {
            Some(o) => {
                print = true;
                o.to_owned()
            }
            None => {
                sh.builtin_error("cd", "OLDPWD not set");
                return Ok(1);
            }
        },
        Some(t) => t.to_owned(),
    };
    let abs = match sandbash_vfs::path::resolve(&sh.cwd, &target) {
        Ok(p) => p,
        Err(e) => {
            sh.builtin_error("cd", &format!("{target}: {}", e.kind));
            return Ok(1);
        }
    };
    match sh.sys.fs.metadata(&abs) {
        Ok(m) if m.is_dir() => {}
        Ok(_) => {
            sh.builtin_error("cd", &format!("{target}: Not a directory"));
            return Ok(1);
        }
        Err(e) => {
            sh.builtin_error("cd", &format!("{target}: {}", e.kind));
            return Ok(1);
        }
    }
    let old = std::mem::replace(&mut sh.cwd, abs.clone());
    let vars = Arc::make_mut(&mut sh.vars);
    let _ = vars.set("OLDPWD", old);
    vars.add_attrs("OLDPWD", EXPORT);
    let _ = vars.set("PWD", abs.clone());
    if print {
        sh.out(format!("{abs}\n").as_bytes())?;
    }
    Ok(0)
}
