//! `help`, `enable`, `hash` and `compgen`: what the shell knows about its
//! own commands. One table holds bash's builtins (their names, usage
//! lines and one-line descriptions, as `help -s` and `help -d` print
//! them in bash 5.2); `enable` and `compgen -b` list it.

use std::sync::Arc;

use crate::shell::{Exec, Shell};

/// Bash 5.2's builtins in its order: name, usage line, description.
const BASH_BUILTINS: &[(&str, &str, &str)] = &[
    (
        ".",
        ". filename [arguments]",
        "Execute commands from a file in the current shell.",
    ),
    (":", ":", "Null command."),
    ("[", "[ arg... ]", "Evaluate conditional expression."),
    (
        "alias",
        "alias [-p] [name[=value] ... ]",
        "Define or display aliases.",
    ),
    ("bg", "bg [job_spec ...]", "Move jobs to the background."),
    (
        "bind",
        "bind [-lpsvPSVX] [-m keymap] [-f filename] [-q name] [-u name] [-r keyseq] [-x keyseq:shell-command] [keyseq:readline-function or readline-command]",
        "Set Readline key bindings and variables.",
    ),
    ("break", "break [n]", "Exit for, while, or until loops."),
    (
        "builtin",
        "builtin [shell-builtin [arg ...]]",
        "Execute shell builtins.",
    ),
    (
        "caller",
        "caller [expr]",
        "Return the context of the current subroutine call.",
    ),
    (
        "cd",
        "cd [-L|[-P [-e]] [-@]] [dir]",
        "Change the shell working directory.",
    ),
    (
        "command",
        "command [-pVv] command [arg ...]",
        "Execute a simple command or display information about commands.",
    ),
    (
        "compgen",
        "compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]",
        "Display possible completions depending on the options.",
    ),
    (
        "complete",
        "complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]",
        "Specify how arguments are to be completed by Readline.",
    ),
    (
        "compopt",
        "compopt [-o|+o option] [-DEI] [name ...]",
        "Modify or display completion options.",
    ),
    (
        "continue",
        "continue [n]",
        "Resume for, while, or until loops.",
    ),
    (
        "declare",
        "declare [-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] [name ...]",
        "Set variable values and attributes.",
    ),
    ("dirs", "dirs [-clpv] [+N] [-N]", "Display directory stack."),
    (
        "disown",
        "disown [-h] [-ar] [jobspec ... | pid ...]",
        "Remove jobs from current shell.",
    ),
    (
        "echo",
        "echo [-neE] [arg ...]",
        "Write arguments to the standard output.",
    ),
    (
        "enable",
        "enable [-a] [-dnps] [-f filename] [name ...]",
        "Enable and disable shell builtins.",
    ),
    (
        "eval",
        "eval [arg ...]",
        "Execute arguments as a shell command.",
    ),
    (
        "exec",
        "exec [-cl] [-a name] [command [argument ...]] [redirection ...]",
        "Replace the shell with the given command.",
    ),
    ("exit", "exit [n]", "Exit the shell."),
    (
        "export",
        "export [-fn] [name[=value] ...] or export -p",
        "Set export attribute for shell variables.",
    ),
    ("false", "false", "Return an unsuccessful result."),
    (
        "fc",
        "fc [-e ename] [-lnr] [first] [last] or fc -s [pat=rep] [command]",
        "Display or execute commands from the history list.",
    ),
    ("fg", "fg [job_spec]", "Move job to the foreground."),
    (
        "getopts",
        "getopts optstring name [arg ...]",
        "Parse option arguments.",
    ),
    (
        "hash",
        "hash [-lr] [-p pathname] [-dt] [name ...]",
        "Remember or display program locations.",
    ),
    (
        "help",
        "help [-dms] [pattern ...]",
        "Display information about builtin commands.",
    ),
    (
        "history",
        "history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]",
        "Display or manipulate the history list.",
    ),
    (
        "jobs",
        "jobs [-lnprs] [jobspec ...] or jobs -x command [args]",
        "Display status of jobs.",
    ),
    (
        "kill",
        "kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]",
        "Send a signal to a job.",
    ),
    (
        "let",
        "let arg [arg ...]",
        "Evaluate arithmetic expressions.",
    ),
    (
        "local",
        "local [option] name[=value] ...",
        "Define local variables.",
    ),
    ("logout", "logout [n]", "Exit a login shell."),
    (
        "mapfile",
        "mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]",
        "Read lines from the standard input into an indexed array variable.",
    ),
    (
        "popd",
        "popd [-n] [+N | -N]",
        "Remove directories from stack.",
    ),
    (
        "printf",
        "printf [-v var] format [arguments]",
        "Formats and prints ARGUMENTS under control of the FORMAT.",
    ),
    (
        "pushd",
        "pushd [-n] [+N | -N | dir]",
        "Add directories to stack.",
    ),
    (
        "pwd",
        "pwd [-LP]",
        "Print the name of the current working directory.",
    ),
    (
        "read",
        "read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]",
        "Read a line from the standard input and split it into fields.",
    ),
    (
        "readarray",
        "readarray [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]",
        "Read lines from a file into an array variable.",
    ),
    (
        "readonly",
        "readonly [-aAf] [name[=value] ...] or readonly -p",
        "Mark shell variables as unchangeable.",
    ),
    ("return", "return [n]", "Return from a shell function."),
    (
        "set",
        "set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]",
        "Set or unset values of shell options and positional parameters.",
    ),
    ("shift", "shift [n]", "Shift positional parameters."),
    (
        "shopt",
        "shopt [-pqsu] [-o] [optname ...]",
        "Set and unset shell options.",
    ),
    (
        "source",
        "source filename [arguments]",
        "Execute commands from a file in the current shell.",
    ),
    ("suspend", "suspend [-f]", "Suspend shell execution."),
    ("test", "test [expr]", "Evaluate conditional expression."),
    ("times", "times", "Display process times."),
    (
        "trap",
        "trap [-lp] [[arg] signal_spec ...]",
        "Trap signals and other events.",
    ),
    ("true", "true", "Return a successful result."),
    (
        "type",
        "type [-afptP] name [name ...]",
        "Display information about command type.",
    ),
    (
        "typeset",
        "typeset [-aAfFgiIlnrtux] name[=value] ... or typeset -p [-aAfFilnrtux] [name ...]",
        "Set variable values and attributes.",
    ),
    (
        "ulimit",
        "ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]",
        "Modify shell resource limits.",
    ),
    (
        "umask",
        "umask [-p] [-S] [mode]",
        "Display or set file mode mask.",
    ),
    (
        "unalias",
        "unalias [-a] name [name ...]",
        "Remove each NAME from the list of defined aliases.",
    ),
    (
        "unset",
        "unset [-f] [-v] [-n] [name ...]",
        "Unset values and attributes of shell variables and functions.",
    ),
    (
        "wait",
        "wait [-fn] [-p var] [id ...]",
        "Wait for job completion and return exit status.",
    ),
];

/// The topics `help` knows besides the builtins: the shell's compound
/// commands and keywords (bash lists them among the builtins).
const HELP_TOPICS: &[(&str, &str, &str)] = &[
    ("%", "job_spec [&]", "Resume job in foreground."),
    (
        "(( ... ))",
        "(( expression ))",
        "Evaluate arithmetic expression.",
    ),
    (
        "[[ ... ]]",
        "[[ expression ]]",
        "Execute conditional command.",
    ),
    (
        "case",
        "case WORD in [PATTERN [| PATTERN]...) COMMANDS ;;]... esac",
        "Execute commands based on pattern matching.",
    ),
    (
        "coproc",
        "coproc [NAME] command [redirections]",
        "Create a coprocess named NAME.",
    ),
    (
        "for",
        "for NAME [in WORDS ... ] ; do COMMANDS; done",
        "Execute commands for each member in a list.",
    ),
    (
        "for ((",
        "for (( exp1; exp2; exp3 )); do COMMANDS; done",
        "Arithmetic for loop.",
    ),
    (
        "function",
        "function name { COMMANDS ; } or name () { COMMANDS ; }",
        "Define shell function.",
    ),
    (
        "if",
        "if COMMANDS; then COMMANDS; [ elif COMMANDS; then COMMANDS; ]... [ else COMMANDS; ] fi",
        "Execute commands based on conditional.",
    ),
    (
        "select",
        "select NAME [in WORDS ... ;] do COMMANDS; done",
        "Select words from a list and execute commands.",
    ),
    (
        "time",
        "time [-p] pipeline",
        "Report time consumed by pipeline's execution.",
    ),
    (
        "until",
        "until COMMANDS; do COMMANDS-2; done",
        "Execute commands as long as a test does not succeed.",
    ),
    (
        "variables",
        "variables - Names and meanings of some shell variables",
        "Common shell variable names and usage.",
    ),
    (
        "while",
        "while COMMANDS; do COMMANDS-2; done",
        "Execute commands as long as a test succeeds.",
    ),
    ("{ ... }", "{ COMMANDS ; }", "Group commands as a unit."),
];

/// Bash's usage line of builtin `name` (`declare [-aAfFgiIlnrtux] ...`).
pub(crate) fn usage_of(name: &str) -> Option<&'static str> {
    BASH_BUILTINS
        .iter()
        .find(|(n, ..)| *n == name)
        .map(|(_, usage, _)| *usage)
}

/// What `NAME --help` prints: the usage line and description, as `help
/// NAME` shows them.
pub(crate) fn help_text(name: &str) -> String {
    match BASH_BUILTINS.iter().find(|(n, ..)| *n == name) {
        Some((n, usage, what)) => format!("{n}: {usage}\n    {what}\n"),
        None => String::new(),
    }
}

/// The names of bash's builtins, in bash's order.
pub(crate) fn builtin_names() -> impl Iterator<Item = &'static str> {
    BASH_BUILTINS.iter().map(|(n, ..)| *n)
}

/// `help [-dms] [pattern ...]`: the usage line and description of each
/// builtin whose name matches a pattern (as a glob or as a prefix).
pub(crate) fn help(sh: &mut Shell, args: &[String]) -> Exec {
    let (found, at) = match sh.builtin_getopt(args, "dms") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let short = found.iter().any(|(c, _)| *c == 's');
    let desc = found.iter().any(|(c, _)| *c == 'd');
    let patterns = args.get(at..).unwrap_or(&[]);
    let mut out = String::new();
    if patterns.is_empty() {
        let listing = listing(sh);
        sh.out(listing.as_bytes())?;
        return Ok(0);
    }
    let mut status = 0;
    if patterns.iter().any(|p| p.contains(['*', '?', '['])) {
        let s = if patterns.len() > 1 { "s" } else { "" };
        out.push_str(&format!(
            "Shell commands matching keyword{s} `{}'\n\n",
            patterns.join(", ")
        ));
    }
    for p in patterns {
        let matcher = help_pattern(sh, p);
        let exact = BASH_BUILTINS
            .iter()
            .chain(HELP_TOPICS)
            .any(|(n, ..)| n == p);
        let mut any = false;
        for (name, usage, what) in BASH_BUILTINS.iter().chain(HELP_TOPICS) {
            let hit = if exact {
                name == p
            } else {
                name.starts_with(p.as_str()) || matcher.as_ref().is_some_and(|m| m.is_match(name))
            };
            if !hit {
                continue;
            }
            any = true;
            if desc {
                out.push_str(&format!("{name} - {what}\n"));
            } else if short {
                out.push_str(&format!("{name}: {usage}\n"));
            } else {
                out.push_str(&format!("{name}: {usage}\n    {what}\n"));
            }
        }
        if !any {
            sh.out(out.as_bytes())?;
            out.clear();
            sh.builtin_error(
                "help",
                &format!(
                    "no help topics match `{p}'.  Try `help help' or `man -k {p}' or `info {p}'."
                ),
            );
            status = 1;
        }
    }
    sh.out(out.as_bytes())?;
    Ok(status)
}

/// Every help topic in bash's order (`compgen -A helptopic`).
const HELP_ORDER: &[&str] = &[
    "%",
    "(( ... ))",
    ".",
    ":",
    "[",
    "[[ ... ]]",
    "alias",
    "bg",
    "bind",
    "break",
    "builtin",
    "caller",
    "case",
    "cd",
    "command",
    "compgen",
    "complete",
    "compopt",
    "continue",
    "coproc",
    "declare",
    "dirs",
    "disown",
    "echo",
    "enable",
    "eval",
    "exec",
    "exit",
    "export",
    "false",
    "fc",
    "fg",
    "for",
    "for ((",
    "function",
    "getopts",
    "hash",
    "help",
    "history",
    "if",
    "jobs",
    "kill",
    "let",
    "local",
    "logout",
    "mapfile",
    "popd",
    "printf",
    "pushd",
    "pwd",
    "read",
    "readarray",
    "readonly",
    "return",
    "select",
    "set",
    "shift",
    "shopt",
    "source",
    "suspend",
    "test",
    "time",
    "times",
    "trap",
    "true",
    "type",
    "typeset",
    "ulimit",
    "umask",
    "unalias",
    "unset",
    "until",
    "variables",
    "wait",
    "while",
    "{ ... }",
];

/// `help` alone: bash's header, then every topic's usage line in two
/// columns of 40 (cut at 37 and 36 characters with `>`), `*` marking a disabled
/// builtin.
fn listing(sh: &Shell) -> String {
    let version = sh
        .vars
        .get_str("BASH_VERSION")
        .unwrap_or("5.2.0(1)-release");
    let mut out = format!(
        "GNU bash, version {version} (x86_64-pc-linux-gnu)\n\
         These shell commands are defined internally.  Type `help' to see this list.\n\
         Type `help name' to find out more about the function `name'.\n\
         Use `info bash' to find out more about the shell in general.\n\
         Use `man -k' or `info' to find out more about commands not in this list.\n\
         \n\
         A star (*) next to a name means that the command is disabled.\n\
         \n"
    );
    let cell = |name: &str, max: usize| -> String {
        let usage = BASH_BUILTINS
            .iter()
            .chain(HELP_TOPICS)
            .find(|(n, ..)| *n == name)
            .map_or("", |(_, u, _)| *u);
        let flag = if sh.disabled.contains(name) { '*' } else { ' ' };
        let mut text: String = usage.chars().take(max).collect();
        if usage.chars().count() > max {
            text.push('>');
        }
        format!("{flag}{text}")
    };
    let n = HELP_ORDER.len();
    let rows = n.div_ceil(2);
    for i in 0..rows {
        let left = cell(HELP_ORDER.get(i).copied().unwrap_or(""), 37);
        match HELP_ORDER.get(i + rows) {
            Some(right) => {
                out.push_str(&format!("{left:<40}{}\n", cell(right, 36)));
            }
            None => {
                out.push_str(&left);
                out.push('\n');
            }
        }
    }
    out
}

/// `help`'s pattern as a glob, when it is one.
fn help_pattern(sh: &Shell, p: &str) -> Option<crate::pattern::Pattern> {
    let pieces = vec![crate::pattern::PatternPiece::Pattern(p.to_owned())];
    let opts = crate::pattern::PatternOptions {
        extglob: sh.opts.extglob,
        nocase: false,
    };
    crate::pattern::Pattern::compile(&pieces, opts).ok()
}

/// `enable [-a] [-n] [-ps] [name ...]`: lists the builtins (`enable NAME`,
/// `enable -n NAME` for disabled ones), or enables or, with `-n`,
/// disables the named ones; a disabled builtin is looked up as a program.
pub(crate) fn enable(sh: &mut Shell, args: &[String]) -> Exec {
    let (found, at) = match sh.builtin_getopt(args, "adnpsf:") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let has = |c: char| found.iter().any(|(f, _)| *f == c);
    let names = args.get(at..).unwrap_or(&[]);
    if has('f') {
        sh.builtin_error(
            "enable",
            "cannot load builtins: dynamic loading not supported",
        );
        return Ok(1);
    }
    if has('d') && !names.is_empty() {
        // No builtin here was loaded from a shared object.
        for name in names {
            let why = if super::lookup(name).is_some() {
                "not dynamically loaded"
            } else {
                "not a shell builtin"
            };
            sh.builtin_error("enable", &format!("{name}: {why}"));
        }
        return Ok(1);
    }
    if names.is_empty() || has('p') {
        let mut out = String::new();
        // `-s`: only the POSIX special builtins.
        let listed = builtin_names().filter(|n| !has('s') || crate::simple::is_special(n));
        for name in listed {
            if name_disabled(sh, name) {
                if has('n') || has('a') {
                    out.push_str(&format!("enable -n {name}\n"));
                }
            } else if !has('n') {
                out.push_str(&format!("enable {name}\n"));
            }
        }
        sh.out(out.as_bytes())?;
        return Ok(0);
    }
    let mut status = 0;
    for name in names {
        if super::lookup(name).is_none() {
            sh.builtin_error("enable", &format!("{name}: not a shell builtin"));
            status = 1;
            continue;
        }
        let disabled = Arc::make_mut(&mut sh.disabled);
        if has('n') {
            disabled.insert(name.clone());
        } else {
            disabled.remove(name);
        }
    }
    Ok(status)
}

fn name_disabled(sh: &Shell, name: &str) -> bool {
    sh.disabled.contains(name)
}

/// `hash [-lrt] [-p path] [-d] [name ...]`: the table of commands found
/// by name, with the times each ran.
pub(crate) fn hash(sh: &mut Shell, args: &[String]) -> Exec {
    let (found, at) = match sh.builtin_getopt(args, "dlp:rt") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let has = |c: char| found.iter().any(|(f, _)| *f == c);
    let path = found
        .iter()
        .find_map(|(c, v)| (*c == 'p').then(|| v.clone()).flatten());
    let names = args.get(at..).unwrap_or(&[]);
    sh.sync_hash();
    if has('r') {
        Arc::make_mut(&mut sh.hashed).clear();
    }
    let mut status = 0;
    let mut out = String::new();
    if let Some(p) = path {
        for n in names {
            Arc::make_mut(&mut sh.hashed).insert(n.clone(), (p.clone(), 0));
            sh.hash_made = true;
        }
        return Ok(0);
    }
    if has('t') || has('d') {
        if names.is_empty() {
            let which = if has('d') { "-d" } else { "-t" };
            sh.builtin_error("hash", &format!("{which}: option requires an argument"));
            return Ok(1);
        }
        for n in names {
            // bash's `hash -d` has nothing to say before its table exists.
            if has('d') && !sh.hash_made {
                continue;
            }
            let hit = sh.hashed.get(n).map(|(p, _)| p.clone());
            match hit {
                Some(p) if has('d') => {
                    let _ = p;
                    Arc::make_mut(&mut sh.hashed).remove(n);
                }
                Some(p) if names.len() > 1 => out.push_str(&format!("{n}\t{p}\n")),
                Some(p) => out.push_str(&format!("{p}\n")),
                None => {
                    sh.out(out.as_bytes())?;
                    out.clear();
                    sh.builtin_error("hash", &format!("{n}: not found"));
                    status = 1;
                }
            }
        }
        sh.out(out.as_bytes())?;
        return Ok(status);
    }
    if names.is_empty() {
        if has('r') {
            return Ok(0);
        }
        if sh.hashed.is_empty() {
            // Bash says nothing of an empty table in posix mode.
            if !has('l') && !sh.opts.posix {
                sh.out(b"hash: hash table empty\n")?;
            }
            return Ok(0);
        }
        if has('l') {
            for (n, (p, _)) in sh.hashed.iter() {
                out.push_str(&format!("builtin hash -p {p} {n}\n"));
            }
        } else {
            out.push_str("hits\tcommand\n");
            for (p, hits) in sh.hashed.values() {
                out.push_str(&format!("{hits:>4}\t{p}\n"));
            }
        }
        sh.out(out.as_bytes())?;
        return Ok(0);
    }
    for n in names {
        if n.contains('/') || super::lookup(n).is_some() && !sh.disabled.contains(n.as_str()) {
            continue;
        }
        match sh.program_path(n) {
            Some(p) => {
                let p = crate::path_search::hashed_form(&p);
                Arc::make_mut(&mut sh.hashed).insert(n.clone(), (p, 0));
                sh.hash_made = true;
            }
            None => {
                sh.builtin_error("hash", &format!("{n}: not found"));
                status = 1;
            }
        }
    }
    Ok(status)
}

/// `compgen [-abcfkv] [-A action] [-W words] [word]`: the completions of
/// `word` (every candidate when absent), one a line; status 1 when none.
pub(crate) fn compgen(sh: &mut Shell, args: &[String]) -> Exec {
    if args.len() < 2 {
        return Ok(0);
    }
    let (found, at) = match sh.builtin_getopt(args, "abcdefgjksuvo:A:G:W:F:C:X:P:S:") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let word = args.get(at).cloned().unwrap_or_default();
    let mut actions: Vec<String> = Vec::new();
    let mut words: Option<String> = None;
    let (mut prefix, mut suffix) = (String::new(), String::new());
    let mut filter: Option<String> = None;
    for (c, v) in &found {
        let v = v.clone().unwrap_or_default();
        match c {
            'A' if !ACTION_ORDER.contains(&v.as_str()) => {
                sh.builtin_error("compgen", &format!("{v}: invalid action name"));
                return Ok(2);
            }
            'A' => actions.push(v),
            'X' => filter = Some(v),
            'W' => words = Some(v),
            'P' => prefix = v,
            'S' => suffix = v,
            'a' => actions.push("alias".into()),
            'b' => actions.push("builtin".into()),
            'c' => actions.push("command".into()),
            'd' => actions.push("directory".into()),
            'e' => actions.push("export".into()),
            'f' => actions.push("file".into()),
            'k' => actions.push("keyword".into()),
            'v' => actions.push("variable".into()),
            _ => {}
        }
    }
    // Bash gathers the actions in one fixed order, whatever the order of
    // the options, then the word list; nothing is sorted or merged.
    actions.sort_by_key(|a| ACTION_ORDER.iter().position(|o| o == a));
    let mut cands: Vec<String> = Vec::new();
    let add = |list: Vec<String>, cands: &mut Vec<String>| {
        cands.extend(list.into_iter().filter(|s| s.starts_with(word.as_str())));
    };
    for a in &actions {
        let list: Vec<String> = match a.as_str() {
            // The alias table is sorted by name, as bash lists it.
            "alias" => sh.aliases.keys().cloned().collect(),
            "builtin" => builtin_names().map(str::to_owned).collect(),
            "enabled" => builtin_names()
                .filter(|n| !sh.disabled.contains(*n))
                .map(str::to_owned)
                .collect(),
            "disabled" => sh.disabled.iter().cloned().collect(),
            "keyword" => crate::names::RESERVED_WORDS
                .iter()
                .map(|s| (*s).to_owned())
                .collect(),
            "function" => sorted(sh.funcs.keys().cloned()),
            "variable" => sh.vars.names().iter().map(|s| s.to_string()).collect(),
            "export" => sh
                .vars
                .names()
                .iter()
                .filter(|n| {
                    sh.vars
                        .get(n)
                        .is_some_and(|v| v.attrs & crate::vars::EXPORT != 0)
                })
                .map(|s| s.to_string())
                .collect(),
            "command" => {
                // Aliases come first, as in bash's command completion.
                let mut all: Vec<String> = sh.aliases.keys().cloned().collect();
                all.extend(crate::names::RESERVED_WORDS.iter().map(|s| (*s).to_owned()));
                all.extend(builtin_names().map(str::to_owned));
                all.extend(sorted(sh.funcs.keys().cloned()));
                all.extend(sh.sys.utilities.names().into_iter().map(|s| s.to_string()));
                all
            }
            "file" | "directory" => files(sh, &word, a == "directory"),
            _ => Vec::new(),
        };
        add(list, &mut cands);
    }
    if let Some(w) = words {
        let list = word_list(sh, &w)?;
        add(list, &mut cands);
    }
    if let Some(x) = filter {
        // `-X PAT` drops the candidates PAT matches; `-X '!PAT'` keeps only them.
        let (keep, pat) = match x.strip_prefix('!') {
            Some(p) => (true, p),
            None => (false, x.as_str()),
        };
        if let Some(m) = help_pattern(sh, pat) {
            cands.retain(|c| m.is_match(c) == keep);
        }
    }
    if cands.is_empty() {
        return Ok(1);
    }
    let mut out = String::new();
    for c in cands {
        out.push_str(&format!("{prefix}{c}{suffix}\n"));
    }
    sh.out(out.as_bytes())?;
    Ok(0)
}

/// `compgen -W`'s list: split into words as the shell reads them, each
/// expanded (parameters, command substitutions, quotes), as bash does.
/// Text that does not read as one command's words is split on `IFS`.
fn word_list(sh: &mut Shell, list: &str) -> Result<Vec<String>, crate::shell::Flow> {
    let parsed = crate::syntax::parse(&format!(": {list}\n"), sh.limits.max_parse_depth);
    let words = parsed.ok().and_then(|script| {
        let [item] = script.list.as_slice() else {
            return None;
        };
        let and_or = std::sync::Arc::clone(&item.and_or);
        let simple = and_or.rest.is_empty() && !item.background;
        simple.then_some(and_or)
    });
    let Some(and_or) = words else {
        let ifs = sh.vars.get_str("IFS").unwrap_or(" \t\n").to_owned();
        return Ok(list
            .split(|c: char| ifs.contains(c))
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect());
    };
    let mut out = Vec::new();
    if let [crate::ast::Command::Simple(cmd)] = and_or.first.commands.as_slice() {
        for w in cmd.words.iter().skip(1) {
            sh.expand_word_into(w, &mut out)?;
        }
    }
    Ok(out)
}

/// The order bash's `compgen` gathers its actions in.
const ACTION_ORDER: &[&str] = &[
    "alias",
    "arrayvar",
    "binding",
    "builtin",
    "command",
    "directory",
    "disabled",
    "enabled",
    "export",
    "file",
    "function",
    "group",
    "helptopic",
    "hostname",
    "job",
    "keyword",
    "running",
    "service",
    "setopt",
    "shopt",
    "signal",
    "stopped",
    "user",
    "variable",
];

fn sorted(it: impl Iterator<Item = String>) -> Vec<String> {
    let mut v: Vec<String> = it.collect();
    v.sort();
    v
}

/// The files (or directories) whose path starts with `word`.
fn files(sh: &Shell, word: &str, dirs_only: bool) -> Vec<String> {
    let (dir, _) = match word.rfind('/') {
        Some(i) => (
            word.get(..=i).unwrap_or(""),
            word.get(i + 1..).unwrap_or(""),
        ),
        None => ("", word),
    };
    let Ok(abs) = sandbash_vfs::path::resolve(&sh.cwd, if dir.is_empty() { "." } else { dir })
    else {
        return Vec::new();
    };
    let Ok(entries) = sh.sys.fs.read_dir(&abs) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for e in entries {
        if dirs_only && e.kind != sandbash_vfs::FileKind::Dir {
            continue;
        }
        out.push(format!("{dir}{}", e.name));
    }
    out.sort();
    out
}
