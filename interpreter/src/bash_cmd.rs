//! `bash`, `sh` and `dash` as commands: a nested interpreter in the same
//! sandbox.
//!
//! `bash -c 'script' name args`, `bash script.sh args`, `bash -s args` and
//! `bash < file` run a fresh [`Shell`] state (the exported environment
//! only, no functions, no traps, default options, as a child bash gets
//! through `execve`) over the same VFS, limits, memory budget, command
//! counter and cancellation signal as the shell that started it. Each
//! level counts against the call-depth limit, so `bash -c 'bash -c ...'`
//! and a script that runs itself stop at `max_call_depth` like deep
//! recursion does, never on the thread's stack.
//!
//! All three names are bash: `sh` and `dash` parse and word their errors
//! as bash does (sandbash has one shell language).

use std::io::Read;
use std::sync::Arc;

use crate::shell::{Options, STATUS_LIMIT, Shell};
use crate::syntax::reader::{ReadError, ScriptReader};
use crate::vars::EXPORT;

/// The `bash --version` text (the version `$BASH_VERSION` shows).
pub const VERSION_TEXT: &str = "GNU bash, version 5.2.0(1)-release (x86_64-pc-linux-gnu)
Copyright (C) 2022 Free Software Foundation, Inc.
License GPLv3+: GNU GPL version 3 or later <http://gnu.org/licenses/gpl.html>

This is free software; you are free to change and redistribute it.
There is NO WARRANTY, to the extent permitted by law.
";

/// Bash's usage text after an invalid option.
const USAGE_TEXT: &str = "Usage:\t{N} [GNU long option] [option] ...
\t{N} [GNU long option] [option] script-file ...
GNU long options:
\t--debug
\t--debugger
\t--dump-po-strings
\t--dump-strings
\t--help
\t--init-file
\t--login
\t--noediting
\t--noprofile
\t--norc
\t--posix
\t--pretty-print
\t--rcfile
\t--restricted
\t--verbose
\t--version
Shell options:
\t-ilrsD or -c command or -O shopt_option\t\t(invocation only)
\t-abefhkmnptuvxBCEHPT or -o option
";

/// True when `name` runs the nested shell: `bash`, `sh`, `dash`, or one
/// of their usual absolute paths.
pub fn is_shell_command(name: &str) -> bool {
    let base = match name.strip_prefix("/usr/local/bin/") {
        Some(b) => b,
        None => name
            .strip_prefix("/usr/bin/")
            .or_else(|| name.strip_prefix("/bin/"))
            .unwrap_or(name),
    };
    matches!(base, "bash" | "sh" | "dash")
}

/// Where the nested shell reads its script.
#[derive(Debug, PartialEq, Eq)]
enum Source {
    /// `-c STRING`.
    Command(String),
    /// A script file named by the first operand.
    File(String),
    /// Standard input (`-s`, or no operand).
    Stdin,
}

/// A parsed `bash` command line.
#[derive(Debug)]
struct Invocation {
    opts: Options,
    noexec: bool,
    source: Source,
    /// `$0`.
    name: String,
    positional: Vec<String>,
}

/// What the command line asks for instead of a run.
#[derive(Debug, PartialEq, Eq)]
enum Early {
    /// Print this to stdout, exit 0 (`--version`, `--help`).
    Print(String),
    /// Print this to stderr, exit 2.
    Usage(String),
}

/// Sets the `-o NAME` option `name`; false when bash does not know it.
fn set_named(opts: &mut Options, name: &str, on: bool) -> bool {
    crate::builtin::set_option(opts, name, on)
}

/// Sets the one-letter option `c`; false when bash does not know it.
fn set_letter(opts: &mut Options, noexec: &mut bool, c: char, on: bool) -> bool {
    match c {
        'n' => *noexec = on,
        // Accepted, with no effect here.
        'i' | 'l' | 'r' | 'D' => {}
        _ => return crate::builtin::set_letter(opts, c, on),
    }
    true
}

fn usage(prog: &str, what: &str) -> Early {
    Early::Usage(format!(
        "{prog}: {what}: invalid option\n{}",
        USAGE_TEXT.replace("{N}", prog)
    ))
}

/// Parses `argv` as bash reads its command line.
fn parse_args(argv: &[String]) -> Result<Invocation, Early> {
    let prog = argv.first().map_or("bash", String::as_str);
    let mut opts = Options::default();
    let mut noexec = false;
    let mut command = false;
    let mut stdin = false;
    let mut i = 1;
    while let Some(a) = argv.get(i) {
        if a == "--" || a == "-" {
            i += 1;
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            match long {
                "version" => return Err(Early::Print(VERSION_TEXT.to_owned())),
                "help" => {
                    return Err(Early::Print(format!(
                        "{}\n{}",
                        VERSION_TEXT.lines().next().unwrap_or(""),
                        USAGE_TEXT.replace("{N}", prog)
                    )));
                }
                "norc" | "noprofile" | "posix" | "login" | "noediting" | "restricted" | "debug"
                | "verbose" => {}
                "rcfile" | "init-file" => i += 1,
                _ => return Err(usage(prog, a)),
            }
            i += 1;
            continue;
        }
        let (on, letters) = match (a.strip_prefix('-'), a.strip_prefix('+')) {
            (Some(l), _) if !l.is_empty() => (true, l),
            (_, Some(l)) if !l.is_empty() => (false, l),
            _ => break,
        };
        i += 1;
        for c in letters.chars() {
            match c {
                'c' => command = true,
                's' => stdin = true,
                'o' | 'O' => {
                    let Some(name) = argv.get(i) else {
                        // `bash -o` alone lists the options: nothing to run.
                        return Err(Early::Print(String::new()));
                    };
                    i += 1;
                    if c == 'o' && !set_named(&mut opts, name, on) {
                        return Err(Early::Usage(format!(
                            "{prog}: line 0: {prog}: {name}: invalid option name\n"
                        )));
                    }
                    if c == 'O' && !crate::builtin::shopt_named(&mut opts, name, on) {
                        return Err(Early::Usage(format!(
                            "{prog}: line 0: {name}: invalid shell option name\n"
                        )));
                    }
                }
                _ => {
                    if !set_letter(&mut opts, &mut noexec, c, on) {
                        let sign = if on { '-' } else { '+' };
                        return Err(usage(prog, &format!("{sign}{c}")));
                    }
                }
            }
        }
    }
    let rest = argv.get(i..).unwrap_or(&[]);
    if command {
        let Some((text, more)) = rest.split_first() else {
            return Err(Early::Usage(format!(
                "{prog}: -c: option requires an argument\n"
            )));
        };
        let (name, positional) = match more.split_first() {
            Some((n, p)) => (n.clone(), p.to_vec()),
            None => (prog.to_owned(), Vec::new()),
        };
        return Ok(Invocation {
            opts,
            noexec,
            source: Source::Command(text.clone()),
            name,
            positional,
        });
    }
    if stdin || rest.is_empty() {
        return Ok(Invocation {
            opts,
            noexec,
            source: Source::Stdin,
            name: prog.to_owned(),
            positional: rest.to_vec(),
        });
    }
    let file = rest.first().cloned().unwrap_or_default();
    Ok(Invocation {
        opts,
        noexec,
        source: Source::File(file.clone()),
        name: file,
        positional: rest.get(1..).map(<[String]>::to_vec).unwrap_or_default(),
    })
}

impl Shell {
    /// A fresh shell state for a child bash: the exported environment
    /// `env` as its only variables (plus what bash sets itself), no
    /// functions, no traps, default options.
    pub(crate) fn fresh_child(&self, env: &[(String, String)]) -> Shell {
        let mut child = self.subshell();
        // A new program, not a subshell: its fatal errors exit as a
        // top-level shell's do.
        child.in_subshell = false;
        let mut vars = crate::vars::Vars::new();
        let mut imported: Vec<(String, Arc<crate::ast::FuncDef>)> = Vec::new();
        for (k, v) in env {
            // `BASH_FUNC_NAME%%=() { ...; }`: a function `export -f` gave,
            // defined again in the new shell (bash's `initialize_shell_
            // variables`); one that does not parse is left out.
            if let Some(name) = exported_function_name(k)
                && let Some(body) = v.strip_prefix("() ")
            {
                let text = format!("{name} () {body}");
                if let Some(f) =
                    crate::syntax::function_from_source(&text, self.limits.max_parse_depth)
                    && f.name == name
                {
                    imported.push((name.to_owned(), f));
                }
                continue;
            }
            let _ = vars.set(k, v.clone());
            vars.add_attrs(k, EXPORT);
        }
        if vars.get("IFS").is_none() {
            let _ = vars.set("IFS", " \t\n".into());
        }
        for name in ["BASH_VERSION", "HOSTNAME", "SHELL"] {
            if vars.get(name).is_none()
                && let Some(v) = self.vars.get(name)
            {
                let _ = vars.set_value(name, v.value.clone());
            }
        }
        let _ = vars.set("OPTIND", "1".into());
        vars.add_attrs("OPTIND", crate::vars::INTEGER);
        crate::shell::set_bash_vars(&mut vars, self.bashpid);
        let _ = vars.set("PWD", self.cwd.clone());
        child.dirstack = std::sync::Arc::default();
        vars.add_attrs("PWD", EXPORT);
        child.vars = Arc::new(vars);
        child.funcs = Arc::default();
        child.exported_funcs = Arc::default();
        for (name, f) in imported {
            Arc::make_mut(&mut child.exported_funcs).insert(name.clone());
            Arc::make_mut(&mut child.funcs).insert(name, f);
        }
        child.traps = Arc::default();
        child.aliases = Arc::default();
        // A new program: `$$` is its own pid, which `kill` can reach.
        child.pid = child.bashpid;
        self.sys.jobs.procs.register(child.pid, &child.sig);
        child.opts = Options::default();
        child.sync_option_vars();
        child.line = 1;
        child.command_string = false;
        child.getopts_index = 1;
        child.getopts_char = 1;
        child
    }

    /// Runs `bash ARGS...` as a command with this shell's descriptors and
    /// `env` as the child's whole environment; gives its exit status.
    pub(crate) fn run_shell_command(&mut self, argv: &[String], env: &[(String, String)]) -> i32 {
        let inv = match parse_args(argv) {
            Ok(inv) => inv,
            Err(Early::Print(text)) => {
                if let Some(out) = self.fds.output(1) {
                    let _ = std::io::Write::write_all(&mut &out, text.as_bytes());
                }
                return 0;
            }
            Err(Early::Usage(text)) => {
                self.write_err(&text);
                return 2;
            }
        };
        let prog = argv.first().map_or("bash", String::as_str).to_owned();
        let text = match &inv.source {
            Source::Command(t) => t.clone(),
            Source::File(f) => match self.read_script_operand(f) {
                Ok(t) => t,
                Err((msg, status)) => {
                    // A directory is reported under its own name, as bash does.
                    let who = if status == 126 {
                        f.as_str()
                    } else {
                        prog.as_str()
                    };
                    self.write_err(&format!("{who}: {f}: {msg}\n"));
                    return status;
                }
            },
            Source::Stdin => {
                let input = self.fds.input(0);
                let room = self.mem_room() as u64;
                let mut buf = Vec::new();
                let _ = (&input).take(room.saturating_add(1)).read_to_end(&mut buf);
                if buf.len() as u64 > room {
                    let _ = self.run.memory_exceeded();
                    return STATUS_LIMIT;
                }
                crate::bytes::decode_vec(buf)
            }
        };
        if self.enter_depth().is_err() {
            return STATUS_LIMIT;
        }
        let mut child = self.fresh_child(env);
        child.opts = inv.opts;
        child.sync_option_vars();
        child.positional = Arc::new(inv.positional);
        child.name = Arc::from(inv.name.as_str());
        child.command_string = matches!(inv.source, Source::Command(_));
        child.reset_frames(match &inv.source {
            Source::File(f) => Some(f.as_str()),
            _ => None,
        });
        let prefix = match &inv.source {
            Source::Command(_) => format!("{}: -c: ", inv.name),
            Source::File(f) => format!("{f}: "),
            Source::Stdin => format!("{}: ", inv.name),
        };
        let text = crate::bytes::without_nuls(&text).into_owned();
        let status = if inv.noexec {
            child.check_syntax(&text, &prefix)
        } else {
            let s = child.run_script_text(&text, &prefix);
            child.run_exit_trap(s)
        };
        self.child_signal = child.signalled.map(|(n, _)| n);
        drop(child);
        self.leave_depth();
        status & 0xff
    }

    /// Reads the script `bash FILE` names (no execute bit needed); the
    /// error text and status bash gives when it cannot.
    fn read_script_operand(&self, name: &str) -> Result<String, (String, i32)> {
        let abs =
            sandbash_vfs::path::resolve(&self.cwd, name).map_err(|e| (e.kind.to_string(), 127))?;
        let meta = self
            .sys
            .fs
            .metadata(&abs)
            .map_err(|e| (e.kind.to_string(), 127))?;
        if meta.is_dir() {
            return Err(("Is a directory".to_owned(), 126));
        }
        if meta.size > self.limits.max_script_bytes as u64 {
            return Err(("File too large".to_owned(), 126));
        }
        // Through the shell's view: `bash <(cmd)` reads a descriptor,
        // whose size only the reading tells.
        let bytes = self
            .fs()
            .read(&abs)
            .map_err(|e| (e.kind.to_string(), 126))?;
        if bytes.len() as u64 > self.limits.max_script_bytes as u64 {
            return Err(("File too large".to_owned(), 126));
        }
        if crate::bytes::is_binary_script(&bytes) {
            return Err(("cannot execute binary file".to_owned(), 126));
        }
        Ok(crate::bytes::decode_vec(bytes))
    }

    /// `bash -n`: reads the whole script, running nothing; 2 on the first
    /// syntax error (reported as when run), else 0.
    fn check_syntax(&mut self, text: &str, prefix: &str) -> i32 {
        let mut reader = ScriptReader::new(text, self.limits.max_parse_depth, 0);
        loop {
            if self.run.check().is_err() {
                return STATUS_LIMIT;
            }
            match reader.next(self.mem_room() as u64, None) {
                None => return 0,
                Some(Ok(_)) => {}
                Some(Err(ReadError::Syntax(e))) => {
                    self.write_err(&e.render(prefix));
                    return 2;
                }
                Some(Err(ReadError::Memory)) => {
                    let _ = self.run.memory_exceeded();
                    return STATUS_LIMIT;
                }
            }
        }
    }
}

/// `NAME` of an environment entry `BASH_FUNC_NAME%%`, bash's encoding of
/// an exported function.
fn exported_function_name(key: &str) -> Option<&str> {
    key.strip_prefix("BASH_FUNC_")?
        .strip_suffix("%%")
        .filter(|n| !n.is_empty())
}

impl Shell {
    /// The environment a command gets: the exported variables, and each
    /// function `export -f` marked as `BASH_FUNC_NAME%%=() BODY`, which a
    /// `bash` it runs defines again.
    pub(crate) fn command_env(&self) -> Vec<(String, String)> {
        let mut env = self.vars.exported();
        for name in self.exported_funcs.iter() {
            let Some(f) = self.funcs.get(name) else {
                continue;
            };
            let text = crate::syntax::function_text(f, self.limits.max_parse_depth);
            // The text starts `NAME () `: the value is what follows NAME.
            if let Some(body) = text.strip_prefix(name.as_str()).map(str::trim_start) {
                env.push((format!("BASH_FUNC_{name}%%"), body.to_owned()));
            }
        }
        env
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn command_lines() {
        let inv = parse_args(&words(&["bash", "-c", "echo $0", "n", "a"])).unwrap();
        assert_eq!(inv.source, Source::Command("echo $0".into()));
        assert_eq!((inv.name.as_str(), inv.positional.len()), ("n", 1));
        let inv = parse_args(&words(&["sh", "-eux", "-o", "pipefail", "-c", "x"])).unwrap();
        assert!(inv.opts.errexit && inv.opts.nounset && inv.opts.xtrace && inv.opts.pipefail);
        assert_eq!(inv.name, "sh");
        let inv = parse_args(&words(&["bash", "s.sh", "a", "-x"])).unwrap();
        assert_eq!(inv.source, Source::File("s.sh".into()));
        assert_eq!(inv.positional, words(&["a", "-x"]));
        let inv = parse_args(&words(&["bash", "-s", "a"])).unwrap();
        assert_eq!((inv.source, inv.positional), (Source::Stdin, words(&["a"])));
        let inv = parse_args(&words(&["bash"])).unwrap();
        assert_eq!(inv.source, Source::Stdin);
        let inv = parse_args(&words(&["bash", "-n", "--", "-x.sh"])).unwrap();
        assert!(inv.noexec);
        assert_eq!(inv.source, Source::File("-x.sh".into()));
    }

    #[test]
    fn refusals() {
        assert!(matches!(
            parse_args(&words(&["bash", "-c"])),
            Err(Early::Usage(m)) if m == "bash: -c: option requires an argument\n"
        ));
        assert!(matches!(
            parse_args(&words(&["bash", "-z"])),
            Err(Early::Usage(m)) if m.starts_with("bash: -z: invalid option\nUsage:\tbash ")
        ));
        assert!(matches!(
            parse_args(&words(&["bash", "-o", "nope", "-c", ":"])),
            Err(Early::Usage(m)) if m == "bash: line 0: bash: nope: invalid option name\n"
        ));
        assert!(matches!(
            parse_args(&words(&["bash", "--version"])),
            Err(Early::Print(m)) if m.starts_with("GNU bash, version 5.2")
        ));
    }

    #[test]
    fn names() {
        for n in ["bash", "sh", "dash", "/bin/sh", "/usr/bin/bash"] {
            assert!(is_shell_command(n), "{n}");
        }
        for n in ["./bash", "bashx", "/tmp/sh"] {
            assert!(!is_shell_command(n), "{n}");
        }
    }
}
