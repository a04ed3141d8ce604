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
