//! `set`, `shopt` and `getopts`.

use std::sync::Arc;

use crate::shell::{Exec, Flow, Options, Shell};

/// bash's `set -o` options in its listing order, with their letters.
const SET_OPTIONS: &[(&str, Option<char>)] = &[
    ("allexport", Some('a')),
    ("braceexpand", Some('B')),
    ("emacs", None),
    ("errexit", Some('e')),
    ("errtrace", Some('E')),
    ("functrace", Some('T')),
    ("hashall", Some('h')),
    ("histexpand", Some('H')),
    ("history", None),
    ("ignoreeof", None),
    ("interactive-comments", None),
    ("keyword", Some('k')),
    ("monitor", Some('m')),
    ("noclobber", Some('C')),
    ("noexec", Some('n')),
    ("noglob", Some('f')),
    ("nolog", None),
    ("notify", Some('b')),
    ("nounset", Some('u')),
    ("onecmd", Some('t')),
    ("physical", Some('P')),
    ("pipefail", None),
    ("posix", None),
    ("privileged", Some('p')),
    ("verbose", Some('v')),
    ("vi", None),
    ("xtrace", Some('x')),
];

/// The `set -o` options on by default in a non-interactive bash.
const SET_DEFAULT_ON: &[&str] = &["braceexpand", "hashall", "interactive-comments"];

/// bash's `shopt` options in its listing order, with their defaults in a
/// non-interactive bash.
const SHOPT_OPTIONS: &[(&str, bool)] = &[
    ("autocd", false),
    ("assoc_expand_once", false),
    ("cdable_vars", false),
    ("cdspell", false),
    ("checkhash", false),
    ("checkjobs", false),
    ("checkwinsize", true),
    ("cmdhist", true),
    ("compat31", false),
    ("compat32", false),
    ("compat40", false),
    ("compat41", false),
    ("compat42", false),
    ("compat43", false),
    ("compat44", false),
    ("complete_fullquote", true),
    ("direxpand", false),
    ("dirspell", false),
    ("dotglob", false),
    ("execfail", false),
    ("expand_aliases", false),
    ("extdebug", false),
    ("extglob", false),
    ("extquote", true),
    ("failglob", false),
    ("force_fignore", true),
    ("globasciiranges", true),
    ("globskipdots", true),
    ("globstar", false),
    ("gnu_errfmt", false),
    ("histappend", false),
    ("histreedit", false),
    ("histverify", false),
    ("hostcomplete", true),
    ("huponexit", false),
    ("inherit_errexit", false),
    ("interactive_comments", true),
    ("lastpipe", false),
    ("lithist", false),
    ("localvar_inherit", false),
    ("localvar_unset", false),
    ("login_shell", false),
    ("mailwarn", false),
    ("no_empty_cmd_completion", false),
    ("nocaseglob", false),
    ("nocasematch", false),
    ("noexpand_translation", false),
    ("nullglob", false),
    ("patsub_replacement", true),
    ("progcomp", true),
    ("progcomp_alias", false),
    ("promptvars", true),
    ("restricted_shell", false),
    ("shift_verbose", false),
    ("sourcepath", true),
    ("varredir_close", false),
    ("xpg_echo", false),
];

/// Which of the two option sets a name is looked up in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Set {
    /// `set -o`
    Set,
    /// `shopt`
    Shopt,
}

/// The field of an option that changes what the shell does.
fn field<'a>(o: &'a mut Options, set: Set, name: &str) -> Option<&'a mut bool> {
    Some(match (set, name) {
        (Set::Set, "allexport") => &mut o.allexport,
        (Set::Set, "braceexpand") => &mut o.braceexpand,
        (Set::Set, "errexit") => &mut o.errexit,
        (Set::Set, "errtrace") => &mut o.errtrace,
        (Set::Set, "functrace") => &mut o.functrace,
        (Set::Set, "keyword") => &mut o.keyword,
        (Set::Set, "noclobber") => &mut o.noclobber,
        (Set::Set, "noexec") => &mut o.noexec,
        (Set::Set, "noglob") => &mut o.noglob,
        (Set::Set, "nounset") => &mut o.nounset,
        (Set::Set, "pipefail") => &mut o.pipefail,
        (Set::Set, "posix") => &mut o.posix,
        (Set::Set, "verbose") => &mut o.verbose,
        (Set::Set, "xtrace") => &mut o.xtrace,
        (Set::Shopt, "dotglob") => &mut o.dotglob,
        (Set::Shopt, "expand_aliases") => &mut o.expand_aliases,
        (Set::Shopt, "extglob") => &mut o.extglob,
        (Set::Shopt, "failglob") => &mut o.failglob,
        (Set::Shopt, "globstar") => &mut o.globstar,
        (Set::Shopt, "inherit_errexit") => &mut o.inherit_errexit,
        (Set::Shopt, "lastpipe") => &mut o.lastpipe,
        (Set::Shopt, "nocaseglob") => &mut o.nocaseglob,
        (Set::Shopt, "nocasematch") => &mut o.nocasematch,
        (Set::Shopt, "nullglob") => &mut o.nullglob,
        (Set::Shopt, "sourcepath") => &mut o.sourcepath,
        (Set::Shopt, "xpg_echo") => &mut o.xpg_echo,
        _ => return None,
    })
}

/// An option without a field: its bit in `Options::other` and default.
fn other_bit(set: Set, name: &str) -> Option<(u32, bool)> {
    match set {
        Set::Set => SET_OPTIONS
            .iter()
            .position(|(n, _)| *n == name)
            .map(|i| (i as u32, SET_DEFAULT_ON.contains(&name))),
        Set::Shopt => SHOPT_OPTIONS
            .iter()
            .position(|(n, _)| *n == name)
            .and_then(|i| Some(((i + SET_OPTIONS.len()) as u32, SHOPT_OPTIONS.get(i)?.1))),
    }
}

/// The state of option `name`; `None` when bash has no such option.
fn get(o: &Options, set: Set, name: &str) -> Option<bool> {
    let mut copy = *o;
    if let Some(f) = field(&mut copy, set, name) {
        return Some(*f);
    }
    let (bit, default) = other_bit(set, name)?;
    Some(default ^ (o.other >> bit & 1 == 1))
}

/// Sets option `name`; false when bash has no such option.
fn put(o: &mut Options, set: Set, name: &str, on: bool) -> bool {
    if let Some(f) = field(o, set, name) {
        *f = on;
        return true;
    }
    let Some((bit, default)) = other_bit(set, name) else {
        return false;
    };
    if on == default {
        o.other &= !(1u128 << bit);
    } else {
        o.other |= 1u128 << bit;
    }
    true
}

/// Sets the `set -o NAME` option `name`; false when bash has no such option.
pub(crate) fn set_named(o: &mut Options, name: &str, on: bool) -> bool {
    // `vi` and `emacs` choose the one line editor: one on turns the other
    // off, as in bash.
    let other = match name {
        "vi" => Some("emacs"),
        "emacs" => Some("vi"),
        _ => None,
    };
    if on && let Some(other) = other {
        put(o, Set::Set, other, false);
    }
    put(o, Set::Set, name, on)
}

/// Sets the option of letter `c` (`set -e`); false when bash has none.
pub(crate) fn set_letter(o: &mut Options, c: char, on: bool) -> bool {
    letter_name(c).is_some_and(|n| put(o, Set::Set, n, on))
}

/// Sets the `shopt` option `name`; false when bash has no such option.
pub(crate) fn shopt_named(o: &mut Options, name: &str, on: bool) -> bool {
    put(o, Set::Shopt, name, on)
}

/// The state of the `shopt` option `name`.
pub(crate) fn shopt_state(o: &Options, name: &str) -> Option<bool> {
    get(o, Set::Shopt, name)
}

/// The state of the `set -o` option `name` (for `[[ -o NAME ]]`).
pub(crate) fn set_option_state(o: &Options, name: &str) -> Option<bool> {
    get(o, Set::Set, name)
}

/// Takes back every `set -o` option of `saved` (the `shopt` ones stay):
/// what `local -` restores when its function returns.
pub(crate) fn restore_set_options(o: &mut Options, saved: &Options) {
    for (n, _) in SET_OPTIONS {
        if let Some(v) = get(saved, Set::Set, n) {
            put(o, Set::Set, n, v);
        }
    }
}

/// The `set -o` option of letter `c`.
fn letter_name(c: char) -> Option<&'static str> {
    SET_OPTIONS
        .iter()
        .find(|(_, l)| *l == Some(c))
        .map(|(n, _)| *n)
}

/// `$-`: the letters of the options that are on, in bash's order.
/// `SHELLOPTS` (the `set -o` options that are on) or, for `shopt`,
/// `BASHOPTS`: their names in order, joined by colons.
pub(crate) fn option_list(o: &Options, shopt: bool) -> String {
    let (set, names): (Set, Vec<&str>) = if shopt {
        (Set::Shopt, SHOPT_OPTIONS.iter().map(|(n, _)| *n).collect())
    } else {
        (Set::Set, SET_OPTIONS.iter().map(|(n, _)| *n).collect())
    };
    names
        .into_iter()
        .filter(|n| get(o, set, n) == Some(true))
        .collect::<Vec<_>>()
        .join(":")
}

pub(crate) fn option_letters(o: &Options) -> String {
    const ORDER: &str = "abefhkmnptuvxBCEHPT";
    ORDER
        .chars()
        .filter(|&c| letter_name(c).and_then(|n| get(o, Set::Set, n)) == Some(true))
        .collect()
}

/// `$SHELLOPTS`: the `set -o` options that are on, in listing order,
/// joined by colons.
pub(crate) fn shellopts(o: &Options) -> String {
    option_list(o, false)
}

pub(crate) fn set(sh: &mut Shell, args: &[String]) -> Exec {
    let was = sh.opts.posix;
    let r = set_options(sh, args);
    follow_posix(sh, was);
    r
}

/// Posix mode turned on sets `POSIXLY_CORRECT` to `y`, turned off unsets
/// it, as bash's `set_posix_mode` does.
fn follow_posix(sh: &mut Shell, was: bool) {
    let on = sh.opts.posix;
    if on == was {
        return;
    }
    let vars = Arc::make_mut(&mut sh.vars);
    let _ = if on {
        vars.set("POSIXLY_CORRECT", "y".to_owned())
    } else {
        vars.unset("POSIXLY_CORRECT")
    };
    // The option made that change: nothing to apply back.
    sh.posix_seen = sh.vars.posixly_correct().0;
}

fn set_options(sh: &mut Shell, args: &[String]) -> Exec {
    if args.len() == 1 {
        let out = super::declare::set_listing(sh);
        sh.out(out.as_bytes())?;
        return Ok(0);
    }
    // Bash checks every option first (so `set -uQ` changes nothing), with
    // the parser of all builtins; `-o`'s name is optional there.
    let mut spec = String::from("+");
    spec.extend(SET_OPTIONS.iter().filter_map(|(_, l)| *l));
    spec.push_str("o;");
    if let Err(s) = sh.builtin_opts(args, &spec) {
        return Ok(s);
    }
    // Then it applies them word by word: `-o` takes the next word as a
    // name unless there is none or it looks like an option, when it lists.
    let mut i = 1;
    let mut force = false;
    while let Some(a) = args.get(i) {
        if a == "--" || a == "-" {
            i += 1;
            force = a == "--";
            if a == "-" {
                // `set -`: the end of the options, and `-x` and `-v` off.
                sh.opts.xtrace = false;
                sh.opts.verbose = false;
            }
            break;
        }
        let on = a.starts_with('-');
        if !(on || a.starts_with('+')) {
            break;
        }
        let mut next = i + 1;
        for c in a.chars().skip(1) {
            if c == 'o' {
                match args.get(next) {
                    Some(name) if !name.is_empty() && !name.starts_with(['-', '+']) => {
                        next += 1;
                        if !set_named(&mut sh.opts, name, on) {
                            sh.builtin_error("set", &format!("{name}: invalid option name"));
                            return Ok(2);
                        }
                    }
                    _ => list_set_options(sh, on)?,
                }
                continue;
            }
            if let Some(name) = letter_name(c) {
                put(&mut sh.opts, Set::Set, name, on);
            }
        }
        i = next;
    }
    if i < args.len() || force {
        sh.positional = Arc::new(args.get(i..).unwrap_or(&[]).to_vec());
        sh.positional_sets += 1;
    }
    Ok(0)
}

/// `set -o` / `set +o` without a name: every option and its state.
fn list_set_options(sh: &mut Shell, on: bool) -> Result<(), Flow> {
    let mut out = String::new();
    for (n, _) in SET_OPTIONS {
        let v = get(&sh.opts, Set::Set, n) == Some(true);
        out.push_str(&listing_line(Set::Set, n, v, !on));
    }
    sh.out(out.as_bytes())
}

/// One option as `set -o`/`shopt` list it, or as the command that
/// restores it (`reusable`: `set +o`, `shopt -p`).
fn listing_line(set: Set, name: &str, on: bool, reusable: bool) -> String {
    match (reusable, set) {
        (false, _) => format!("{name:<15}\t{}\n", if on { "on" } else { "off" }),
        (true, Set::Set) => format!("set {}o {name}\n", if on { '-' } else { '+' }),
        (true, Set::Shopt) => format!("shopt {} {name}\n", if on { "-s" } else { "-u" }),
    }
}

pub(crate) fn shopt(sh: &mut Shell, args: &[String]) -> Exec {
    // `GLOBIGNORE=x shopt dotglob`: the prefix assignment counts.
    sh.sync_specials();
    let was = sh.opts.posix;
    let r = shopt_options(sh, args);
    follow_posix(sh, was);
    r
}

fn shopt_options(sh: &mut Shell, args: &[String]) -> Exec {
    let (found, at) = match sh.builtin_getopt(args, "psuoq") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let has = |c: char| found.iter().any(|(f, _)| *f == c);
    let (print, quiet) = (has('p'), has('q'));
    let set = if has('o') { Set::Set } else { Set::Shopt };
    let mode = match (has('s'), has('u')) {
        (true, true) => {
            sh.builtin_error("shopt", "cannot set and unset shell options simultaneously");
            return Ok(1);
        }
        (true, false) => Some(true),
        (false, true) => Some(false),
        (false, false) => None,
    };
    let names = args.get(at..).unwrap_or(&[]);
    let mut out = String::new();
    let mut status = 0;
    if names.is_empty() {
        let all: Vec<&str> = match set {
            Set::Set => SET_OPTIONS.iter().map(|(n, _)| *n).collect(),
            Set::Shopt => SHOPT_OPTIONS.iter().map(|(n, _)| *n).collect(),
        };
        for n in all {
            let v = get(&sh.opts, set, n) == Some(true);
            // `-s`/`-u` alone list the options on/off.
            if mode.is_some_and(|m| m != v) {
                continue;
            }
            if !quiet {
                out.push_str(&listing_line(set, n, v, print));
            }
        }
        sh.out(out.as_bytes())?;
        return Ok(0);
    }
    for n in names {
        let known = match mode {
            Some(v) => put(&mut sh.opts, set, n, v),
            None => match get(&sh.opts, set, n) {
                Some(v) => {
                    if !v {
                        status = 1;
                    }
                    if !quiet {
                        out.push_str(&listing_line(set, n, v, print));
                    }
                    true
                }
                None => false,
            },
        };
        if !known {
            sh.out(out.as_bytes())?;
            out.clear();
            let what = match set {
                Set::Set => "invalid option name",
                Set::Shopt => "invalid shell option name",
            };
            sh.builtin_error("shopt", &format!("{n}: {what}"));
            // Bash's `shopt -o -s/-u` reports a bad name but keeps status 0
            // (its `set -o` error is a usage status it does not count).
            if !(matches!(set, Set::Set) && mode.is_some()) {
                status = 1;
            }
        }
    }
    sh.out(out.as_bytes())?;
    Ok(status)
}

pub(crate) fn getopts(sh: &mut Shell, args: &[String]) -> Exec {
    let first = match sh.no_options(args) {
        Ok(at) => at,
        Err(s) => return Ok(s),
    };
    let (Some(spec), Some(var)) = (args.get(first), args.get(first + 1)) else {
        sh.builtin_usage("getopts");
        return Ok(2);
    };
    let params: Vec<String> = if args.len() > first + 2 {
        args.get(first + 2..).unwrap_or(&[]).to_vec()
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
    // bash's `getopts_bind_variable`: the name must be an identifier,
    // else getopts fails (the other variables are set all the same).
    let bind = |sh: &mut Shell, v: &str| -> i32 {
        if !super::valid_name(var) {
            sh.builtin_error("getopts", &format!("`{var}': not a valid identifier"));
            return 1;
        }
        match sh.set_var(var, v.to_owned()) {
            Ok(()) => 0,
            Err(_) => 1,
        }
    };
    // The end of the options: `OPTIND` names the first operand (one past
    // the last parameter when none is left, as bash's `sh_getopt` sets
    // it), `OPTARG` is unset and the variable is `?`.
    let end = |sh: &mut Shell, optind: usize| -> Exec {
        set(sh, "OPTIND", optind.to_string());
        sh.getopts_index = optind;
        sh.getopts_char = 1;
        let _ = Arc::make_mut(&mut sh.vars).unset("OPTARG");
        bind(sh, "?");
        Ok(1)
    };
    let Some(arg) = params.get(optind - 1).cloned() else {
        return end(sh, params.len().saturating_add(1));
    };
    if sh.getopts_char == 1 && (arg == "--" || !arg.starts_with('-') || arg == "-") {
        if arg == "--" {
            optind += 1;
        }
        return end(sh, optind);
    }
    let chars: Vec<char> = arg.chars().collect();
    let Some(&c) = chars.get(sh.getopts_char) else {
        return end(sh, optind);
    };
    sh.getopts_char += 1;
    let at_end = sh.getopts_char >= chars.len();
    let advance = |sh: &mut Shell, optind: &mut usize| {
        *optind += 1;
        sh.getopts_char = 1;
    };
    let pos = spec_chars.find(c).filter(|_| c != ':');
    // `OPTERR` whose leading number is 0 silences the messages (bash's
    // `sv_opterr` takes `atoi` of a set, non-empty value).
    let opterr = sh
        .vars
        .get_str("OPTERR")
        .filter(|v| !v.is_empty())
        .is_none_or(|v| crate::numbers::atoi(v) != 0);
    let value = match pos {
        None => {
            if silent {
                set(sh, "OPTARG", c.to_string());
            } else {
                if opterr {
                    sh.write_err(&format!("{}: illegal option -- {c}\n", sh.name));
                }
                let _ = Arc::make_mut(&mut sh.vars).unset("OPTARG");
            }
            if at_end {
                advance(sh, &mut optind);
            }
            "?".to_owned()
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
                        set(sh, "OPTARG", c.to_string());
                    } else if opterr {
                        sh.write_err(&format!(
                            "{}: option requires an argument -- {c}\n",
                            sh.name
                        ));
                    }
                    set(sh, "OPTIND", optind.to_string());
                    sh.getopts_index = optind;
                    return Ok(bind(sh, if silent { ":" } else { "?" }));
                }
            } else {
                let _ = Arc::make_mut(&mut sh.vars).unset("OPTARG");
                if at_end {
                    advance(sh, &mut optind);
                }
            }
            c.to_string()
        }
    };
    set(sh, "OPTIND", optind.to_string());
    sh.getopts_index = optind;
    Ok(bind(sh, &value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_reads_back_what_was_set() {
        let mut o = Options::default();
        for (set, names) in [
            (
                Set::Set,
                SET_OPTIONS.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
            ),
            (Set::Shopt, SHOPT_OPTIONS.iter().map(|(n, _)| *n).collect()),
        ] {
            for n in names {
                let before = get(&o, set, n).unwrap();
                assert!(put(&mut o, set, n, !before), "{n}");
                assert_eq!(get(&o, set, n), Some(!before), "{n}");
                assert!(put(&mut o, set, n, before));
                assert_eq!(get(&o, set, n), Some(before), "{n}");
            }
        }
        assert_eq!(o, Options::default());
        assert_eq!(get(&o, Set::Set, "nosuch"), None);
        assert!(!put(&mut o, Set::Shopt, "errexit", true));
    }

    #[test]
    fn defaults_and_letters_are_bashs() {
        let mut o = Options::default();
        assert_eq!(option_letters(&o), "hB");
        for (n, default) in SHOPT_OPTIONS {
            assert_eq!(get(&o, Set::Shopt, n), Some(*default), "{n}");
        }
        assert!(set_named(&mut o, "noclobber", true));
        put(&mut o, Set::Set, "notify", true);
        assert_eq!(option_letters(&o), "bhBC");
        assert!(o.noclobber);
    }

    #[test]
    fn local_dash_restores_set_options_only() {
        let saved = Options::default();
        let mut o = saved;
        for n in ["errexit", "functrace", "posix", "vi", "noexec"] {
            assert!(set_named(&mut o, n, true), "{n}");
        }
        assert!(shopt_named(&mut o, "extglob", true));
        assert!(shopt_named(&mut o, "sourcepath", false));
        restore_set_options(&mut o, &saved);
        assert_eq!(get(&o, Set::Set, "vi"), Some(false));
        assert!(!o.errexit && !o.functrace && !o.posix && !o.noexec);
        assert!(o.extglob && !o.sourcepath);
    }
}
