//! `true`, `false`, `echo`, `printf`.

use crate::shell::{Exec, Shell};

/// `name` or `name[key]` (the key non-empty), as bash's `valid_array_reference`
/// takes an assignment target; `None` when it is neither.
pub(crate) fn split_element(target: &str) -> Option<(&str, Option<&str>)> {
    let Some(open) = target.find('[') else {
        return super::valid_name(target).then_some((target, None));
    };
    let name = target.get(..open)?;
    let key = target.get(open + 1..)?.strip_suffix(']')?;
    (super::valid_name(name) && !key.is_empty()).then_some((name, Some(key)))
}

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
    let utf8 = crate::escapes::utf8_locale(&sh.vars);
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
        Some(v) => match split_element(v) {
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
    let utf8 = crate::escapes::utf8_locale(&sh.vars);
    let r = crate::printf::format_in(fmt, rest.get(1..).unwrap_or(&[]), sh.mem_room(), utf8);
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
