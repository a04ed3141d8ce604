//! `true`, `false`, `echo`, `printf`.

use crate::shell::{Exec, Shell};

pub(crate) fn true_(_: &mut Shell, _: &[String]) -> Exec {
    Ok(0)
}

pub(crate) fn false_(_: &mut Shell, _: &[String]) -> Exec {
    Ok(1)
}

pub(crate) fn echo(sh: &mut Shell, args: &[String]) -> Exec {
    let mut newline = true;
    let mut escapes = sh.opts.xpg_echo;
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
    let utf8 = sh.vars.utf8_locale();
    let mut s = String::new();
    for (n, a) in args.iter().skip(i).enumerate() {
        if n > 0 {
            s.push(' ');
        }
        if escapes {
            let (t, stop) = crate::escapes::echo_in(a, utf8);
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
    let (opts, first) = match sh.builtin_getopt(args, "v:") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let mut var = None;
    for (_, v) in opts {
        var = v;
    }
    // `-v` takes a name or an element (`a[2]`, `h[key]`).
    let target = match &var {
        Some(v) => match crate::names::assignment_target(v) {
            Some(t) => Some(t),
            None => {
                sh.builtin_error("printf", &format!("`{v}': not a valid identifier"));
                return Ok(2);
            }
        },
        None => None,
    };
    let rest = args.get(first..).unwrap_or(&[]);
    let Some(fmt) = rest.first() else {
        // bash's `builtin_usage`: the usage line alone, without the
        // `line N:` prefix of an error.
        sh.builtin_usage("printf");
        return Ok(2);
    };
    let utf8 = sh.vars.utf8_locale();
    let clock = sh.printf_clock();
    let r = crate::printf::format_at(
        fmt,
        rest.get(1..).unwrap_or(&[]),
        sh.mem_room(),
        utf8,
        Some(&clock),
    );
    // The messages already start with `printf: `.
    for e in &r.errors {
        sh.error(e);
    }
    if r.over_limit {
        // The run stops at its next check, naming the memory limit.
        sh.run.memory.breach();
        return Ok(1);
    }
    match target {
        Some((name, key)) => {
            // Bash's variables end at a NUL (`printf -v x 'a\0b'` is `a`).
            let out = r.output.split(|b| *b == 0).next().unwrap_or_default();
            let text = crate::bytes::decode(out).into_owned();
            let stored = match key {
                Some(key) => sh.assign_element_text(name, key, text, false),
                None => sh.set_var(name, text),
            };
            if let Err(m) = stored {
                sh.error(&m);
                return Ok(1);
            }
        }
        None => sh.out(&r.output)?,
    }
    Ok(r.status)
}

/// `times`: the user and system times of the shell and of its children.
/// Commands run as threads of the host's process and have no CPU times of
/// their own (the `time` keyword reports them as zero too).
pub(crate) fn times(sh: &mut Shell, args: &[String]) -> Exec {
    if let Err(s) = sh.no_options(args) {
        return Ok(s);
    }
    sh.out(b"0m0.000s 0m0.000s\n0m0.000s 0m0.000s\n")?;
    Ok(0)
}

/// `history`: a script's shell keeps no history (bash enables it only
/// for interactive shells), so the list is empty; the options and
/// operands are checked as bash checks them.
pub(crate) fn history(sh: &mut Shell, args: &[String]) -> Exec {
    let (found, at) = match sh.builtin_getopt(args, "cd:anrwps") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let rest = args.get(at..).unwrap_or(&[]);
    if let Some(offset) = found.iter().find_map(|(c, v)| (*c == 'd').then_some(v)) {
        let offset = offset.as_deref().unwrap_or("");
        sh.builtin_error(
            "history",
            &format!("{offset}: history position out of range"),
        );
        return Ok(1);
    }
    if found.iter().any(|(c, _)| *c == 'p') {
        // `-p`: the words after history expansion, which finds nothing.
        let mut out = String::new();
        for w in rest {
            out.push_str(w);
            out.push('\n');
        }
        sh.out(out.as_bytes())?;
        return Ok(0);
    }
    if !found.is_empty() {
        return Ok(0);
    }
    match rest {
        [] => Ok(0),
        [n, ..] if crate::test_expr::parse_int(n).is_none() => {
            sh.builtin_error("history", &format!("{n}: numeric argument required"));
            Ok(1)
        }
        [_] => Ok(0),
        _ => {
            sh.builtin_error("history", "too many arguments");
            Err(sh.discard_command())
        }
    }
}

/// `suspend [-f]`: a script's shell has no job control to stop under.
pub(crate) fn suspend(sh: &mut Shell, args: &[String]) -> Exec {
    if let Err(s) = sh.builtin_getopt(args, "f") {
        return Ok(s);
    }
    sh.builtin_error("suspend", "cannot suspend: no job control");
    Ok(1)
}

/// `logout [n]`: only a login shell logs out, and the sandbox's is not.
pub(crate) fn logout(sh: &mut Shell, _args: &[String]) -> Exec {
    sh.builtin_error("logout", "not login shell: use `exit'");
    Ok(1)
}

/// `fc`: the history is empty in a script's shell (see [`history`]), so
/// listing shows nothing, re-running finds no command and editing has
/// nothing to edit.
pub(crate) fn fc(sh: &mut Shell, args: &[String]) -> Exec {
    // bash's `fc_number`: options end at a word that is a number (`-5`
    // is the fifth command back, not an option).
    let numeric = |a: &String| {
        let d = a.strip_prefix(['-', '+']).unwrap_or(a);
        !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())
    };
    let end = args
        .iter()
        .skip(1)
        .position(numeric)
        .map_or(args.len(), |i| i + 1);
    let (found, _) = match sh.builtin_getopt(args.get(..end).unwrap_or(args), "e:lnrs") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    if found.iter().any(|(c, _)| *c == 's') {
        sh.builtin_error("fc", "no command found");
        return Ok(1);
    }
    Ok(0)
}
