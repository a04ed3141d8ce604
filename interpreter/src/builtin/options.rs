//! `set`, `shopt` and `getopts`.

use std::sync::Arc;

use crate::shell::{Exec, Flow, Options, Shell};

fn long_option<'a>(o: &'a mut Options, name: &str) -> Option<&'a mut bool> {
    Some(match name {
        "errexit" => &mut o.errexit,
        "errtrace" => &mut o.errtrace,
        "nounset" => &mut o.nounset,
        "xtrace" => &mut o.xtrace,
        "pipefail" => &mut o.pipefail,
        "noglob" => &mut o.noglob,
        "noclobber" => &mut o.noclobber,
        "allexport" => &mut o.allexport,
        _ => return None,
    })
}

const LONG_NAMES: &[&str] = &[
    "allexport",
    "errexit",
    "errtrace",
    "noclobber",
    "noglob",
    "nounset",
    "pipefail",
    "xtrace",
];

fn short_option(o: &mut Options, c: char) -> Option<&mut bool> {
    Some(match c {
        'e' => &mut o.errexit,
        'u' => &mut o.nounset,
        'x' => &mut o.xtrace,
        'f' => &mut o.noglob,
        'C' => &mut o.noclobber,
        'a' => &mut o.allexport,
        'E' => &mut o.errtrace,
        _ => return None,
    })
}

pub(crate) fn set(sh: &mut Shell, args: &[String]) -> Exec {
    if args.len() == 1 {
        let mut out = String::new();
        for name in sh.vars.names() {
            if let Some(v) = sh.vars.get(name).and_then(|v| v.scalar()) {
                out.push_str(&format!("{name}={}\n", crate::simple::trace_quote(v)));
            }
        }
        sh.out(out.as_bytes())?;
        return Ok(0);
    }
    let mut i = 1;
    while let Some(a) = args.get(i) {
        if a == "--" {
            i += 1;
            Arc::make_mut(&mut sh.positional).clear();
            sh.positional = Arc::new(args.get(i..).unwrap_or(&[]).to_vec());
            return Ok(0);
        }
        let on = a.starts_with('-');
        if !(on || a.starts_with('+')) || a.len() < 2 {
            break;
        }
        let flags = a.get(1..).unwrap_or("");
        // Each `o` in a cluster (`-euo pipefail`) takes the next argument.
        let mut next = i + 1;
        for c in flags.chars() {
            if c == 'o' {
                let Some(name) = args.get(next) else {
                    list_long_options(sh, on)?;
                    return Ok(0);
                };
                next += 1;
                match long_option(&mut sh.opts, name) {
                    Some(flag) => *flag = on,
                    None => {
                        sh.builtin_error("set", &format!("{name}: invalid option name"));
                        return Ok(1);
                    }
                }
                continue;
            }
            match short_option(&mut sh.opts, c) {
                Some(flag) => *flag = on,
                None => {
                    sh.builtin_error("set", &format!("-{c}: invalid option"));
                    return Ok(2);
                }
            }
        }
        i = next;
        continue;
    }
    if i < args.len() {
        sh.positional = Arc::new(args.get(i..).unwrap_or(&[]).to_vec());
    }
    Ok(0)
}

/// `set -o` / `set +o` without a name: every long option and its state.
fn list_long_options(sh: &mut Shell, on: bool) -> Result<(), Flow> {
    let mut out = String::new();
    for n in LONG_NAMES {
        let v = long_option(&mut sh.opts, n).is_some_and(|f| *f);
        if on {
            out.push_str(&format!("{n:<15}\t{}\n", if v { "on" } else { "off" }));
        } else {
            out.push_str(&format!("set {}o {n}\n", if v { '-' } else { '+' }));
        }
    }
    sh.out(out.as_bytes())
}

fn shopt_flag<'a>(o: &'a mut Options, name: &str) -> Option<&'a mut bool> {
    Some(match name {
        "nullglob" => &mut o.nullglob,
        "failglob" => &mut o.failglob,
        "dotglob" => &mut o.dotglob,
        "extglob" => &mut o.extglob,
        "nocasematch" => &mut o.nocasematch,
        "nocaseglob" => &mut o.nocaseglob,
        "globstar" => &mut o.globstar,
        "lastpipe" => &mut o.lastpipe,
        _ => return None,
    })
}

pub(crate) fn shopt(sh: &mut Shell, args: &[String]) -> Exec {
    let mut mode = None;
    let mut quiet = false;
    let mut names = Vec::new();
    for a in args.iter().skip(1) {
        match a.as_str() {
            "-s" => mode = Some(true),
            "-u" => mode = Some(false),
            "-q" => quiet = true,
            "-o" | "-p" => {}
            n => names.push(n.to_owned()),
        }
    }
    let mut status = 0;
    let mut out = String::new();
    for n in &names {
        match shopt_flag(&mut sh.opts, n) {
            Some(flag) => match mode {
                Some(v) => *flag = v,
                None => {
                    if !*flag {
                        status = 1;
                    }
                    if !quiet {
                        out.push_str(&format!("{n:<15}\t{}\n", if *flag { "on" } else { "off" }));
                    }
                }
            },
            None => {
                // Options sandbash accepts but does not model stay quiet.
                if !matches!(
                    n.as_str(),
                    "expand_aliases" | "inherit_errexit" | "checkwinsize" | "histappend"
                ) {
                    sh.builtin_error("shopt", &format!("{n}: invalid shell option name"));
                    status = 1;
                }
            }
        }
    }
    sh.out(out.as_bytes())?;
    Ok(status)
}

pub(crate) fn getopts(sh: &mut Shell, args: &[String]) -> Exec {
    let (Some(spec), Some(var)) = (args.get(1), args.get(2)) else {
        sh.builtin_error("getopts", "usage: getopts optstring name [arg ...]");
        return Ok(2);
    };
    let params: Vec<String> = if args.len() > 3 {
        args.get(3..).unwrap_or(&[]).to_vec()
    } else {
        sh.positional.as_ref().clone()
    };
    let silent = spec.starts_with(':');
    let spec_chars: &str = spec.trim_start_matches(':');
    let mut optind: usize = sh
        .vars
        .get_str("OPTIND")
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
        .max(1);
    if optind != sh.getopts_index {
        sh.getopts_index = optind;
        sh.getopts_char = 1;
    }
    let set = |sh: &mut Shell, name: &str, v: String| {
        let _ = sh.set_var(name, v);
    };
    let Some(arg) = params.get(optind - 1).cloned() else {
        set(sh, var, "?".into());
        return Ok(1);
    };
    if sh.getopts_char == 1 && (arg == "--" || !arg.starts_with('-') || arg == "-") {
        if arg == "--" {
            optind += 1;
        }
        set(sh, "OPTIND", optind.to_string());
        sh.getopts_index = optind;
        set(sh, var, "?".into());
        return Ok(1);
    }
    let chars: Vec<char> = arg.chars().collect();
    let Some(&c) = chars.get(sh.getopts_char) else {
        set(sh, var, "?".into());
        return Ok(1);
    };
    sh.getopts_char += 1;
    let at_end = sh.getopts_char >= chars.len();
    let advance = |sh: &mut Shell, optind: &mut usize| {
        *optind += 1;
        sh.getopts_char = 1;
    };
    let pos = spec_chars.find(c).filter(|_| c != ':');
    let mut status = 0;
    match pos {
        None => {
            if silent {
                set(sh, "OPTARG", c.to_string());
            } else {
                sh.write_err(&format!("{}: illegal option -- {c}\n", sh.name));
                let _ = Arc::make_mut(&mut sh.vars).unset("OPTARG");
            }
            set(sh, var, "?".into());
            if at_end {
                advance(sh, &mut optind);
            }
        }
        Some(p) => {
            let takes_arg = spec_chars.get(p + 1..).is_some_and(|r| r.starts_with(':'));
            if takes_arg {
                if !at_end {
                    let rest: String = chars.get(sh.getopts_char..).unwrap_or(&[]).iter().collect();
                    set(sh, "OPTARG", rest);
                    advance(sh, &mut optind);
                } else if let Some(next) = params.get(optind) {
                    set(sh, "OPTARG", next.clone());
                    optind += 2;
                    sh.getopts_char = 1;
                } else {
                    advance(sh, &mut optind);
                    if silent {
                        set(sh, var, ":".into());
                        set(sh, "OPTARG", c.to_string());
                    } else {
                        sh.write_err(&format!(
                            "{}: option requires an argument -- {c}\n",
                            sh.name
                        ));
                        set(sh, var, "?".into());
                    }
                    set(sh, "OPTIND", optind.to_string());
                    sh.getopts_index = optind;
                    return Ok(0);
                }
            } else {
                let _ = Arc::make_mut(&mut sh.vars).unset("OPTARG");
                if at_end {
                    advance(sh, &mut optind);
                }
            }
            set(sh, var, c.to_string());
        }
    }
    if status == 0 {
        status = 0;
    }
    set(sh, "OPTIND", optind.to_string());
    sh.getopts_index = optind;
    Ok(status)
}
