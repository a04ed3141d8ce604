//! Simple commands: expansion, assignments, and dispatch to a function, a
//! shell builtin, a registered utility or a script stored in the VFS.

use std::io::{Read, Write};
use std::sync::Arc;

use sandbash_vfs::FsErrorKind;

use crate::assign::DeclValue;
use crate::ast::{Assign, AssignValue, SimpleCommand};
use crate::io::{Capture, Fds, Input, Output};
use crate::shell::{Exec, Flow, Shell};
use crate::trace::{self, Kind};
use crate::utility::{CommandRunner, NotRun, UtilityContext};
use crate::vars::EXPORT;

/// POSIX special builtins: in posix mode their prefix assignments stay
/// in the shell.
pub(crate) fn is_special(name: &str) -> bool {
    matches!(
        name,
        ":" | "."
            | "break"
            | "continue"
            | "eval"
            | "exec"
            | "exit"
            | "export"
            | "readonly"
            | "return"
            | "set"
            | "shift"
            | "times"
            | "trap"
            | "unset"
            | "source"
    )
}

fn is_declaration(name: &str) -> bool {
    matches!(
        name,
        "declare" | "typeset" | "local" | "export" | "readonly"
    )
}

/// Quotes a word for `set -x` output the way bash does.
/// `name=` or `name[sub]+=`, as bash traces an assignment's target and
/// operator (a command's prefix assignment always with `=`: `shown_append`
/// false).
fn assign_target(a: &Assign, shown_append: bool) -> String {
    let op = if a.append && shown_append { "+=" } else { "=" };
    match &a.index {
        Some(s) => format!("{}[{}]{op}", a.name, s.raw),
        None => format!("{}{op}", a.name),
    }
}

impl Shell {
    /// Runs a simple command; signals that arrived before or while it
    /// ran are acted on around it (a trap runs after the command).
    pub(crate) fn exec_simple(&mut self, cmd: &SimpleCommand) -> Exec {
        self.line = cmd.line;
        self.tick_command()?;
        self.sync_specials();
        self.deliver_signals()?;
        if !self.debug_point(|| Arc::clone(&cmd.text))? {
            // Skipped by the DEBUG trap (`extdebug`): status 0, as in bash.
            return Ok(0);
        }
        let r = self.exec_simple_cmd(cmd)?;
        self.deliver_signals()?;
        Ok(r)
    }

    fn exec_simple_cmd(&mut self, cmd: &SimpleCommand) -> Exec {
        let mut argv = Vec::with_capacity(cmd.words.len());
        // A command whose words expand to nothing has the status of the
        // last command substitution among them, as assignments do.
        let substs_before = self.substs_run;
        self.decl_values.clear();
        let declaring = match cmd.words.first() {
            Some(w) => w.literal.as_deref().is_some_and(is_declaration),
            None => false,
        };
        // `set -k`: assignment words after the name are assignments for
        // the command, as prefix assignments are.
        let keyword = self.opts.keyword && !declaring;
        let mut assigns: Vec<&Assign> = cmd.assigns.iter().collect();
        for (i, w) in cmd.words.iter().enumerate() {
            if keyword
                && i > 0
                && let Some((_, a)) = cmd.decl_assigns.iter().find(|(k, _)| *k == i)
                && matches!(a.value, AssignValue::Scalar(_))
            {
                assigns.push(a);
                continue;
            }
            // A scalar written with a brace expansion (`declare y={a,b}`)
            // is brace-expanded into several arguments, as bash does.
            if declaring
                && let Some((_, a)) = cmd.decl_assigns.iter().find(|(k, _)| *k == i)
                && (w.braces.is_none() || matches!(a.value, AssignValue::Array(_)))
            {
                // `declare -A m=(...)` makes `m` associative before the
                // elements are stored.
                let assoc = self.is_assoc(&a.name)
                    || argv
                        .iter()
                        .skip(1)
                        .any(|w: &String| w.starts_with('-') && w.contains('A'));
                let (arg, value) = self.decl_arg(a, assoc)?;
                self.decl_values.resize(argv.len(), None);
                argv.push(arg);
                self.decl_values.push(value);
                continue;
            }
            self.expand_word_into(w, &mut argv)?;
        }
        if argv.is_empty() {
            let r = self.exec_assignments_only(cmd, substs_before);
            // A command of assignments only leaves `$_` empty, as in bash.
            self.last_arg.clear();
            return r;
        }
        let name = argv.first().cloned().unwrap_or_default();
        // A function sees the `$_` of the command before its call, which
        // sets it when it returns.
        let function = self.funcs.contains_key(&name);
        if !function && let Some(last) = argv.last() {
            // A declaration's list (`declare a=(1 2)`) leaves the name in
            // `$_`, as bash's expanded word is the name alone.
            let list = matches!(
                self.decl_values.get(argv.len().saturating_sub(1)),
                Some(Some(DeclValue::Array(_)))
            );
            match last.strip_suffix("=()") {
                Some(lhs) if list => {
                    let name = lhs.strip_suffix('+').unwrap_or(lhs);
                    self.last_arg = name.to_owned();
                }
                _ => self.last_arg.clone_from(last),
            }
        }
        if self.opts.xtrace {
            let utf8 = self.vars.utf8_locale();
            // Bash traces each prefix assignment on a line of its own.
            for a in &assigns {
                if let AssignValue::Scalar(w) = &a.value {
                    let v = self.expand_string(w)?;
                    let line = format!(
                        "{}{}",
                        assign_target(a, false),
                        crate::xtrace::quote_value(&v, utf8)
                    );
                    self.trace(&line);
                }
            }
            let mut t: Vec<String> = Vec::with_capacity(argv.len());
            for (i, a) in argv.iter().enumerate() {
                // A declaration's compound assignment is traced first, its
                // elements quoted, and the declaration names the variable.
                if let Some(Some(DeclValue::Array(items))) = self.decl_values.get(i) {
                    let name = a.strip_suffix("=()").unwrap_or(a);
                    let items: Vec<String> = items
                        .iter()
                        .map(|(k, v, add)| match k {
                            Some(k) => format!(
                                "[{}]{}={}",
                                crate::expand::single_quote(k),
                                if *add { "+" } else { "" },
                                crate::expand::single_quote(v)
                            ),
                            None => crate::expand::single_quote(v),
                        })
                        .collect();
                    let line = format!("{name}=({})", items.join(" "));
                    self.trace(&line);
                    t.push(name.to_owned());
                    continue;
                }
                t.push(crate::xtrace::quote_word(a, utf8));
            }
            self.trace(&t.join(" "));
            // `export`/`readonly` (special builtins) trace the
            // assignments they make, as prefix assignments are traced.
            if matches!(name.as_str(), "export" | "readonly") {
                for arg in argv.iter().skip(1) {
                    if let Some((n, v)) = arg.split_once('=')
                        && crate::builtin::valid_name(n.strip_suffix('+').unwrap_or(n))
                    {
                        self.trace(&format!("{n}={}", crate::xtrace::quote_value(v, utf8)));
                    }
                }
            }
        }
        if let Some(f) = self.funcs.get(&name).cloned() {
            let last = argv.last().cloned().unwrap_or_default();
            let args = argv.split_off(1);
            let r = self.with_temp_assigns(&assigns, true, |sh| {
                sh.with_redirects(&cmd.redirects, |sh| {
                    trace::exec(Kind::Function, &name, || sh.call_function(&f, args))
                })
            });
            self.last_arg = last;
            return r;
        }
        if let Some(b) = self.builtin(&name) {
            // `exec` past `command` words (not `builtin`: bash's
            // `builtin exec >f` keeps nothing).
            let exec_at = argv.iter().position(|w| w != "command");
            let bare_exec = exec_at.is_some_and(|i| {
                argv.get(i).is_some_and(|w| w == "exec")
                    && argv
                        .get(i + 1..)
                        .is_some_and(|r| r.is_empty() || r == ["--"])
            });
            if bare_exec {
                // `exec >file` (`exec -- >file`, `command exec >file`):
                // redirections that stay.
                self.assign_all(&assigns)?;
                return match self.apply_redirects(&cmd.redirects) {
                    Ok(_) => Ok(0),
                    Err(crate::redirect::RedirError::Msg(m)) => {
                        self.error(&m);
                        Ok(1)
                    }
                    Err(crate::redirect::RedirError::Flow(f)) => Err(f),
                };
            }
            // Outside posix mode bash binds prefix assignments for special
            // builtins (`Z=1 :`) only while they run, as for any command.
            if self.opts.posix && is_special(&name) {
                self.assign_all(&assigns)?;
                let r = self.with_redirects(&cmd.redirects, |sh| {
                    trace::exec(Kind::Builtin, &name, || crate::builtin::run(sh, b, &argv))
                });
                return self.note_status(r);
            }
            let r = self.with_temp_assigns(&assigns, false, |sh| {
                sh.with_redirects(&cmd.redirects, |sh| {
                    trace::exec(Kind::Builtin, &name, || crate::builtin::run(sh, b, &argv))
                })
            });
            return self.note_status(r);
        }
        let mut env = self.command_env();
        for a in &assigns {
            if self.refuse_prefix_element(a) {
                continue;
            }
            if self.vars.get(&a.name).is_some_and(|v| v.readonly()) {
                // Bash reports it and runs the command without it.
                self.error(&format!("{}: readonly variable", a.name));
                continue;
            }
            let DeclValue::Scalar(mut s) = prefix_value(self.assign_value(a)?) else {
                continue;
            };
            if a.append {
                // `B+=x cmd` appends to what `cmd` would see, or to the
                // shell's own variable.
                let old = env
                    .iter()
                    .find(|(k, _)| k == &a.name)
                    .map(|(_, v)| v.as_str())
                    .or_else(|| self.vars.get_str(&a.name));
                if let Some(old) = old {
                    s.insert_str(0, old);
                }
            }
            env.retain(|(k, _)| k != &a.name);
            env.push((a.name.clone(), s));
        }
        let r = self.with_redirects(&cmd.redirects, |sh| Ok(sh.run_external(&name, &argv, &env)));
        self.note_status(r)
    }

    fn note_status(&mut self, r: Exec) -> Exec {
        if let Ok(s) = r {
            self.last_status = s;
        }
        r
    }

    /// A declaration builtin's `name=value` or `name=(...)` argument,
    /// expanded as an assignment: the word the builtin reads, and for an
    /// array its elements (the word then reads `name=()`).
    fn decl_arg(&mut self, a: &Assign, assoc: bool) -> Result<(String, Option<DeclValue>), Flow> {
        let mut lhs = a.name.clone();
        if let Some(sub) = &a.index {
            let key = self.expand_string(&sub.word)?;
            lhs = format!("{lhs}[{key}]");
        }
        if a.append {
            lhs.push('+');
        }
        Ok(match self.assign_value_as(a, assoc)? {
            DeclValue::Scalar(s) => (format!("{lhs}={s}"), None),
            v @ DeclValue::Array(_) => (format!("{lhs}=()"), Some(v)),
        })
    }

    fn exec_assignments_only(&mut self, cmd: &SimpleCommand, substs_before: u64) -> Exec {
        // `$?` in a value still reads the previous command's status.
        for a in &cmd.assigns {
            let v = self.assign_value(a)?;
            if self.opts.xtrace {
                let line = match &v {
                    DeclValue::Scalar(s) => format!(
                        "{}{}",
                        assign_target(a, true),
                        crate::xtrace::quote_value(s, self.vars.utf8_locale())
                    ),
                    // Bash shows a compound assignment as written.
                    DeclValue::Array(_) => a.raw.clone(),
                };
                self.trace(&line);
            }
            if let Err(e) = self.apply_assign(a, v) {
                let msg = e?;
                self.error(&msg);
                // A posix-mode shell exits on an assignment error.
                if self.opts.posix {
                    return Err(Flow::Exit(self.expansion_exit_status()));
                }
                return Err(Flow::Fatal(1));
            }
        }
        if self.substs_run == substs_before {
            self.last_status = 0;
        }
        let status = if cmd.redirects.is_empty() {
            self.last_status
        } else if cmd.redirects.iter().any(|r| r.var.is_some()) {
            // Bash forks for a command of redirections when one names a
            // `{var}`, so neither the variable nor the descriptor outlives
            // it (`{d}>f; echo "$d"` prints an empty line), checked by
            // conformance `redir/named_fd_null_command`.
            self.enter_depth()?;
            let mut child = self.subshell();
            child.drop_traced_traps();
            let r = child.with_redirects(&cmd.redirects, |sh| Ok(sh.last_status));
            if r == Err(Flow::Abort) {
                self.leave_depth();
                return Err(Flow::Abort);
            }
            let s = child.finish_subshell(r);
            self.leave_depth();
            s
        } else {
            self.with_redirects(&cmd.redirects, |sh| Ok(sh.last_status))?
        };
        self.last_status = status;
        Ok(status)
    }

    fn assign_all(&mut self, assigns: &[&Assign]) -> Result<(), Flow> {
        for a in assigns {
            let v = self.assign_value(a)?;
            if let Err(e) = self.apply_assign(a, v) {
                self.error(&e?);
                return Err(Flow::Fatal(1));
            }
        }
        Ok(())
    }

    /// Runs `f` with prefix assignments in effect (exported), then restores.
    /// Runs `f` with the prefix assignments bound; `call`: they are for a
    /// function call.
    fn with_temp_assigns(
        &mut self,
        assigns: &[&Assign],
        call: bool,
        f: impl FnOnce(&mut Self) -> Exec,
    ) -> Exec {
        if assigns.is_empty() {
            return f(self);
        }
        let base = self.temp_bindings.len();
        for a in assigns {
            if self.refuse_prefix_element(a) {
                continue;
            }
            let v = match self.assign_value(a) {
                Ok(v) => prefix_value(v),
                Err(e) => {
                    self.end_temp_bindings(base);
                    return Err(e);
                }
            };
            let old = self.vars.get(&a.name).cloned();
            match self.apply_assign(a, v) {
                Ok(()) => {}
                Err(Ok(msg)) => {
                    // Bash says so and runs the command without it.
                    self.error(&msg);
                    continue;
                }
                Err(Err(flow)) => {
                    self.end_temp_bindings(base);
                    return Err(flow);
                }
            }
            self.temp_bindings.push(TempBinding {
                name: a.name.clone(),
                hidden: old,
                depth: self.vars.depth(),
                call,
                removed: false,
            });
            Arc::make_mut(&mut self.vars).add_attrs(&a.name, EXPORT);
        }
        let r = f(self);
        self.end_temp_bindings(base);
        r
    }

    /// A prefix assignment to an array element (`a[0]=1 cmd`): bash says
    /// the name is not a valid identifier and runs the command without it.
    fn refuse_prefix_element(&self, a: &Assign) -> bool {
        let Some(sub) = &a.index else {
            return false;
        };
        self.error(&format!(
            "`{}[{}]': not a valid identifier",
            a.name, sub.raw
        ));
        true
    }

    /// Ends the prefix assignments made since `base`, innermost first:
    /// each variable gets back what its binding hid (unless `unset`
    /// already removed the binding).
    fn end_temp_bindings(&mut self, base: usize) {
        let ended: Vec<TempBinding> = self
            .temp_bindings
            .drain(base.min(self.temp_bindings.len())..)
            .collect();
        for b in ended.into_iter().rev().filter(|b| !b.removed) {
            restore_hidden(Arc::make_mut(&mut self.vars), &b.name, b.hidden);
        }
    }

    /// `unset name` where `name` is a prefix assignment's binding (not a
    /// local made since): the binding goes and the variable it hid shows
    /// again, as in bash. False when `name` is not such a binding.
    pub(crate) fn unset_temp_binding(&mut self, name: &str) -> bool {
        let Some(b) = self
            .temp_bindings
            .iter_mut()
            .rev()
            .find(|b| !b.removed && b.name == name)
        else {
            return false;
        };
        if self.vars.is_local_since(name, b.depth) {
            return false;
        }
        b.removed = true;
        let hidden = b.hidden.take();
        restore_hidden(Arc::make_mut(&mut self.vars), name, hidden);
        true
    }

    /// Runs a command by name, skipping functions (`command`, `exec`).
    pub(crate) fn run_argv(&mut self, argv: &[String]) -> Exec {
        let name = argv.first().cloned().unwrap_or_default();
        if let Some(b) = self.builtin(&name) {
            return trace::exec(Kind::Builtin, &name, || crate::builtin::run(self, b, argv));
        }
        let env = self.command_env();
        Ok(self.run_external(&name, argv, &env))
    }

    /// Whether `name` is a builtin, a utility or a path: what `exec` may
    /// run (it skips functions, and reports anything else as not found).
    pub(crate) fn is_command(&self, name: &str) -> bool {
        name.contains('/') || self.builtin(name).is_some() || self.find_program(name).is_some()
    }

    /// Runs the utility or VFS script `name` with `argv` as its arguments
    /// and `env` as its whole environment. A utility sees `argv[0]` as the
    /// name it was called by, which `exec -a` sets; a script's `$0` is
    /// always its path, as when the kernel hands it to its interpreter.
    pub(crate) fn run_external(
        &mut self,
        name: &str,
        argv: &[String],
        env: &[(String, String)],
    ) -> i32 {
        if crate::bash_cmd::is_shell_command(name) {
            return trace::status(Kind::Script, name, || self.run_shell_command(argv, env));
        }
        // The utility to run, or the VFS file to run as a script.
        let name: String = if name.contains('/') {
            match self.system_utility(name) {
                Some(base) => base.to_owned(),
                None => {
                    return trace::status(Kind::Script, name, || {
                        self.run_script_file(name, argv, env)
                    });
                }
            }
        } else {
            // bash runs a hashed command from its remembered path without
            // searching `PATH` again (which also spares the VFS lookups).
            let found = match self.hashed_program(name) {
                Some(p) => crate::path_search::Found {
                    programs: vec![p],
                    not_executable: None,
                },
                None => self.search_path(name, false),
            };
            let script = match found.programs.into_iter().next() {
                Some(crate::path_search::Program::Script(p)) => {
                    self.note_hashed_run(name, &p);
                    Some(p)
                }
                Some(crate::path_search::Program::Utility(p)) => {
                    self.note_hashed_run(name, &p);
                    None
                }
                // Only a file that is not executable: running it fails as
                // bash's `execve` does (`Permission denied`, 126).
                None => found.not_executable,
            };
            if let Some(path) = script {
                // A path `hash -p` gave that names a utility runs it.
                if let Some(base) = self.system_utility(&path) {
                    base.to_owned()
                } else {
                    return trace::status(Kind::Script, name, || {
                        self.run_script_file(&path, argv, env)
                    });
                }
            } else {
                name.to_owned()
            }
        };
        let name = name.as_str();
        let Some(util) = self.sys.utilities.get(name).cloned() else {
            if PROGRAM_BUILTINS.contains(&name)
                && let Some(b) = crate::builtin::lookup(name)
            {
                // The program a GNU system has besides the builtin (run
                // when `enable -n` disabled it): the same code, in a child.
                let mut child = self.subshell();
                let status = match b(&mut child, argv) {
                    Ok(s) | Err(Flow::Exit(s)) | Err(Flow::Return(s)) => s,
                    Err(Flow::Abort) => crate::shell::STATUS_LIMIT,
                    Err(_) => 1,
                };
                return status;
            }
            self.error(&format!("{name}: command not found"));
            return 127;
        };
        let stdin = self.fds.input(0);
        let stdout = self.fds.output(1).unwrap_or_default();
        let stderr = self.fds.output(2).unwrap_or_default();
        let mut inp = &stdin;
        let mut out = &stdout;
        let mut err = &stderr;
        let mut runner = ShellRunner {
            shell: self,
            nested: 0,
            run: Arc::clone(&self.run),
            signalled: None,
            niceness: self.niceness,
        };
        let sh = runner.shell;
        let fs = sh.fs();
        let cwd = sh.cwd.clone();
        // A signal that must end the command wakes it as a cancel would.
        let cancel = sh.wait_cancel();
        let limits = sh.limits.clone();
        let memory = sh.run.memory.clone();
        let stdin_file_size = stdin.file_size();
        let mut ctx = UtilityContext {
            args: argv,
            stdin: &mut inp,
            stdin_file_size,
            stdout: &mut out,
            stderr: &mut err,
            fs: &*fs,
            cwd: &cwd,
            env,
            cancel: &cancel,
            limits: &limits,
            memory: &memory,
            runner: &mut runner,
        };
        let status = trace::status(Kind::Utility, name, || util.run(&mut ctx));
        let _ = (&stdout).flush();
        // Cut short by a signal: it ends as killed by it, as bash sees a
        // child that the signal ended.
        match self.sig.peek() {
            Some(n) if self.sig.wake().is_stopped() && self.run.check().is_ok() => 128 + n as i32,
            _ => status,
        }
    }

    /// Runs `./script.sh`: a bash script kept in the VFS, in a new shell
    /// that inherits only exported variables.
    fn run_script_file(&mut self, name: &str, argv: &[String], env: &[(String, String)]) -> i32 {
        match self.load_script(name) {
            Ok(text) => self.run_loaded_script(name, argv, env, &text),
            Err(r) => {
                self.error(&r.shell_message(name));
                r.status()
            }
        }
    }

    /// Reads the script `name` names and checks that it could be executed:
    /// a regular file with an execute bit, whose `#!` line (if any) names a
    /// shell.
    fn load_script(&self, name: &str) -> Result<String, ScriptRefusal> {
        // Bash's status for a failed execve: 127 for a missing file, 126
        // for any other fault (a name too long, a file as a directory).
        let refusal = |kind: FsErrorKind| {
            let status = if kind == FsErrorKind::NotFound {
                127
            } else {
                126
            };
            ScriptRefusal::Fs(kind, status)
        };
        let abs = sandbash_vfs::path::resolve(&self.cwd, name).map_err(|e| refusal(e.kind))?;
        let meta = self.sys.fs.metadata(&abs).map_err(|e| refusal(e.kind))?;
        if meta.is_dir() {
            return Err(ScriptRefusal::IsDir);
        }
        if meta.mode & 0o111 == 0 {
            return Err(ScriptRefusal::NotExecutable);
        }
        let bytes = self
            .sys
            .fs
            .read(&abs)
            .map_err(|e| ScriptRefusal::Fs(e.kind, 126))?;
        if crate::bytes::is_binary_script(&bytes) {
            return Err(ScriptRefusal::Binary);
        }
        let text = crate::bytes::without_nuls(&crate::bytes::decode_vec(bytes)).into_owned();
        if let Some(first) = text.lines().next().and_then(|l| l.strip_prefix("#!")) {
            let interp = first.trim();
            let ok = interp.ends_with("/bash")
                || interp.ends_with("/sh")
                || interp.ends_with("/dash")
                || interp.ends_with("env bash")
                || interp.ends_with("env sh")
                || interp.is_empty();
            if !ok {
                let prog = interp.split_whitespace().next().unwrap_or(interp);
                return Err(ScriptRefusal::BadInterpreter(prog.to_owned()));
            }
        }
        Ok(text)
    }

    /// Runs a script [`Shell::load_script`] accepted.
    fn run_loaded_script(
        &mut self,
        name: &str,
        argv: &[String],
        env: &[(String, String)],
        text: &str,
    ) -> i32 {
        if self.enter_depth().is_err() {
            return crate::shell::STATUS_LIMIT;
        }
        let mut child = self.fresh_child(env);
        child.positional = Arc::new(argv.get(1..).map(<[String]>::to_vec).unwrap_or_default());
        child.name = Arc::from(name);
        child.reset_frames(Some(name));
        let r = child.run_nested_text(text, &format!("{name}: "), 0);
        let status = child.finish_subshell(r);
        self.child_signal = child.signalled.map(|(n, _)| n);
        self.leave_depth();
        status
    }
}

/// Runs commands on behalf of a utility (`env cmd`, `xargs`, `find -exec`).
struct ShellRunner<'a> {
    shell: &'a Shell,
    /// Commands this runner is running inside one another (`find -exec
    /// find ...`): bounded with the call depth, as each one nests on the
    /// thread's stack.
    nested: u32,
    /// The run context commands start under: the shell's, or a scoped one
    /// while a command runs under a deadline (`timeout`).
    run: Arc<crate::shell::RunCtx>,
    /// The signal that ended the last command run, if one did.
    signalled: Option<u32>,
    /// The niceness of the commands it starts (`nice`).
    niceness: i32,
}

impl CommandRunner for ShellRunner<'_> {
    fn signalled(&self) -> Option<i32> {
        self.signalled.map(|n| n as i32)
    }

    fn tty_name(&self, fd: u32) -> Option<String> {
        let n = usize::try_from(fd).ok()?;
        self.shell
            .fd_is_terminal(n)
            .then(|| crate::terminal::TTY_NAME.to_owned())
    }

    fn niceness(&self) -> i32 {
        self.niceness
    }

    fn set_niceness(&mut self, niceness: i32) {
        self.niceness = niceness;
    }

    fn run_command(
        &mut self,
        argv: &[String],
        env: &[(String, String)],
        stdin: &mut dyn Read,
        stdout: &mut dyn Write,
        stderr: &mut dyn Write,
    ) -> Result<i32, NotRun> {
        self.run_at(None, argv, env, stdin, stdout, stderr)
    }

    fn run_command_in(
        &mut self,
        dir: &str,
        argv: &[String],
        env: &[(String, String)],
        stdin: &mut dyn Read,
        stdout: &mut dyn Write,
        stderr: &mut dyn Write,
    ) -> Result<i32, NotRun> {
        self.run_at(Some(dir), argv, env, stdin, stdout, stderr)
    }

    fn has_program(&self, name: &str) -> bool {
        self.shell.sys.utilities.get(name).is_some()
            || (PROGRAM_BUILTINS.contains(&name) && crate::builtin::lookup(name).is_some())
    }

    fn job_running(&self, pid: u32) -> bool {
        self.shell.jobs.is_running(pid)
    }

    fn any_job_running(&self) -> bool {
        self.shell.running_jobs() > 0
    }

    fn run_command_until(
        &mut self,
        deadline: std::time::Instant,
        argv: &[String],
        env: &[(String, String)],
        stdin: &mut dyn Read,
        stdout: &mut dyn Write,
        stderr: &mut dyn Write,
    ) -> Result<i32, NotRun> {
        let scoped = Arc::new(self.run.scoped(deadline));
        // (A forked runner made while this runs keeps the scoped context.)
        let outer = std::mem::replace(&mut self.run, Arc::clone(&scoped));
        let r = self.run_at(None, argv, env, stdin, stdout, stderr);
        self.run = outer;
        self.run.adopt_stop(&scoped);
        r
    }

    fn fork(&self) -> Option<Box<dyn CommandRunner + Send>> {
        // The subshell holds its memory charge for as long as it lives.
        let mut shell = self.shell.subshell();
        shell.run = Arc::clone(&self.run);
        shell.niceness = self.niceness;
        Some(Box::new(OwnedRunner {
            shell,
            nested: self.nested,
            run: Arc::clone(&self.run),
            signalled: None,
        }))
    }
}

/// A [`ShellRunner`] that owns its shell (a subshell of the one that
/// forked it), so it can run commands on another thread (`xargs -P`).
struct OwnedRunner {
    shell: Shell,
    nested: u32,
    run: Arc<crate::shell::RunCtx>,
    signalled: Option<u32>,
}

impl OwnedRunner {
    fn borrowed(&self) -> ShellRunner<'_> {
        ShellRunner {
            shell: &self.shell,
            nested: self.nested,
            run: Arc::clone(&self.run),
            signalled: None,
            niceness: self.shell.niceness,
        }
    }
}

impl CommandRunner for OwnedRunner {
    fn signalled(&self) -> Option<i32> {
        self.signalled.map(|n| n as i32)
    }

    fn run_command(
        &mut self,
        argv: &[String],
        env: &[(String, String)],
        stdin: &mut dyn Read,
        stdout: &mut dyn Write,
        stderr: &mut dyn Write,
    ) -> Result<i32, NotRun> {
        let mut b = self.borrowed();
        let r = b.run_command(argv, env, stdin, stdout, stderr);
        let sig = b.signalled;
        self.signalled = sig;
        r
    }

    fn run_command_in(
        &mut self,
        dir: &str,
        argv: &[String],
        env: &[(String, String)],
        stdin: &mut dyn Read,
        stdout: &mut dyn Write,
        stderr: &mut dyn Write,
    ) -> Result<i32, NotRun> {
        self.borrowed()
            .run_command_in(dir, argv, env, stdin, stdout, stderr)
    }

    fn run_command_until(
        &mut self,
        deadline: std::time::Instant,
        argv: &[String],
        env: &[(String, String)],
        stdin: &mut dyn Read,
        stdout: &mut dyn Write,
        stderr: &mut dyn Write,
    ) -> Result<i32, NotRun> {
        self.borrowed()
            .run_command_until(deadline, argv, env, stdin, stdout, stderr)
    }

    fn fork(&self) -> Option<Box<dyn CommandRunner + Send>> {
        self.borrowed().fork()
    }

    fn niceness(&self) -> i32 {
        self.shell.niceness
    }

    fn set_niceness(&mut self, niceness: i32) {
        self.shell.niceness = niceness;
    }

    fn has_program(&self, name: &str) -> bool {
        self.borrowed().has_program(name)
    }

    fn job_running(&self, pid: u32) -> bool {
        self.borrowed().job_running(pid)
    }

    fn any_job_running(&self) -> bool {
        self.borrowed().any_job_running()
    }
}

/// Builtins that a GNU system also has as programs in `/usr/bin`, so
/// `which` finds them.
pub(crate) const PROGRAM_BUILTINS: &[&str] = &[
    "[", "echo", "false", "kill", "printf", "pwd", "test", "true",
];

impl ShellRunner<'_> {
    /// Counts the command like any other and bounds the nesting; runs it
    /// in `dir` when given, else in the shell's working directory.
    fn run_at(
        &mut self,
        dir: Option<&str>,
        argv: &[String],
        env: &[(String, String)],
        stdin: &mut dyn Read,
        stdout: &mut dyn Write,
        stderr: &mut dyn Write,
    ) -> Result<i32, NotRun> {
        self.signalled = None;
        if self.shell.tick_command().is_err() || self.run.check().is_err() {
            return Ok(crate::shell::STATUS_LIMIT);
        }
        let max = self.shell.limits.max_call_depth;
        if self.shell.depth.saturating_add(self.nested) >= max {
            self.shell.run.stop(crate::shell::Stop::Limit(
                crate::shell::LimitKind::CallDepth,
                u64::from(max),
            ));
            return Ok(crate::shell::STATUS_LIMIT);
        }
        self.nested += 1;
        let r = self.run_nested(dir, argv, env, stdin, stdout, stderr);
        self.nested -= 1;
        r
    }

    /// The VFS script the `PATH` in `env` finds first for `name`, when the
    /// search finds one before any utility.
    fn path_script(&self, name: &str, env: &[(String, String)]) -> Option<String> {
        if name.contains('/') {
            return None;
        }
        let path = env
            .iter()
            .find(|(k, _)| k == "PATH")
            .map_or("", |(_, v)| v.as_str());
        match self
            .shell
            .search_path_in(name, false, path)
            .programs
            .into_iter()
            .next()
        {
            Some(crate::path_search::Program::Script(p)) => Some(p),
            _ => None,
        }
    }

    fn run_nested(
        &mut self,
        dir: Option<&str>,
        argv: &[String],
        env: &[(String, String)],
        stdin: &mut dyn Read,
        stdout: &mut dyn Write,
        stderr: &mut dyn Write,
    ) -> Result<i32, NotRun> {
        let Some(name) = argv.first() else {
            return Ok(0);
        };
        // An executable file found through the command's own `PATH`
        // (`env tool`, `xargs tool`) runs as the shell would run it.
        let found;
        let name = match self.path_script(name, env) {
            Some(path) => {
                found = path;
                &found
            }
            None => name,
        };
        if let Some(util) = self.shell.sys.utilities.get(name).cloned() {
            let sh = self.shell;
            let run = Arc::clone(&self.run);
            let fs = sh.fs();
            let mut ctx = UtilityContext {
                args: argv,
                stdin,
                stdin_file_size: None,
                stdout,
                stderr,
                fs: &*fs,
                cwd: dir.unwrap_or(&sh.cwd),
                env,
                cancel: &run.cancel,
                limits: &sh.limits,
                memory: &run.memory,
                runner: self,
            };
            return Ok(trace::status(Kind::Utility, name, || util.run(&mut ctx)));
        }
        // Builtins that also exist as programs, and scripts: run in a
        // subshell whose output is collected, then passed on.
        let bash = crate::bash_cmd::is_shell_command(name);
        let script = if bash {
            None
        } else if name.contains('/') {
            Some(
                self.shell
                    .load_script(name)
                    .map_err(ScriptRefusal::not_run)?,
            )
        } else if crate::builtin::lookup(name).is_some() {
            None
        } else {
            return Err(NotRun {
                status: 127,
                reason: FsErrorKind::NotFound.to_string(),
            });
        };
        let mut input = Vec::new();
        if !matches!(name.as_str(), "echo" | "printf" | "true" | "false" | "pwd") {
            // Held in memory for the command: bounded by the budget.
            let room = self.shell.mem_room() as u64;
            let _ = stdin.take(room.saturating_add(1)).read_to_end(&mut input);
            if input.len() as u64 > room {
                self.shell.run.memory.breach();
                return Ok(1);
            }
        }
        let limit = usize::try_from(self.shell.limits.max_output).unwrap_or(usize::MAX);
        let out = Arc::new(std::sync::Mutex::new(Capture::new(limit)));
        let err = Arc::new(std::sync::Mutex::new(Capture::new(limit)));
        let mut child = self.shell.subshell();
        child.run = Arc::clone(&self.run);
        child.niceness = self.niceness;
        if let Some(d) = dir {
            child.cwd = d.to_string();
        }
        child.fds = Fds::new(
            Input::bytes(input),
            Output::Shared(out.clone()),
            Output::Shared(err.clone()),
        );
        let mut vars = (*child.vars).clone();
        for (k, v) in env {
            let _ = vars.set(k, v.clone());
            vars.add_attrs(k, EXPORT);
        }
        child.vars = Arc::new(vars);
        let status = match script {
            None if bash => {
                trace::status(Kind::Script, name, || child.run_shell_command(argv, env))
            }
            Some(text) => trace::status(Kind::Script, name, || {
                child.run_loaded_script(name, argv, env, &text)
            }),
            None => match crate::builtin::lookup(name) {
                Some(b) => match trace::exec(Kind::Builtin, name, || b(&mut child, argv)) {
                    Ok(s) | Err(Flow::Exit(s)) | Err(Flow::Return(s)) => s,
                    Err(_) => 1,
                },
                None => 127,
            },
        };
        self.signalled = child.child_signal;
        drop(child);
        let _ = stderr.write_all(&err.lock().unwrap_or_else(|e| e.into_inner()).data);
        // A reader that went away ends the command as SIGPIPE would, so
        // the utility that ran it (`xargs`) sees it and stops.
        let data = std::mem::take(&mut out.lock().unwrap_or_else(|e| e.into_inner()).data);
        match stdout.write_all(&data).and_then(|()| stdout.flush()) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                Ok(crate::utility::STATUS_BROKEN_PIPE)
            }
            _ => Ok(status),
        }
    }
}

/// Why a script named by path may not run.
enum ScriptRefusal {
    /// The VFS failed to find (status 127) or to read (126) it.
    Fs(FsErrorKind, i32),
    /// It is a directory.
    IsDir,
    /// It has no execute bit.
    NotExecutable,
    /// Its `#!` line names this program, which is not a shell.
    BadInterpreter(String),
    /// A NUL in its first line: bash takes it for a binary.
    Binary,
}

impl ScriptRefusal {
    fn status(&self) -> i32 {
        match self {
            ScriptRefusal::Fs(_, status) => *status,
            ScriptRefusal::IsDir
            | ScriptRefusal::NotExecutable
            | ScriptRefusal::BadInterpreter(_)
            | ScriptRefusal::Binary => 126,
        }
    }

    /// Bash's message when the script is run as a command.
    fn shell_message(&self, name: &str) -> String {
        match self {
            ScriptRefusal::Fs(kind, _) => format!("{name}: {kind}"),
            ScriptRefusal::IsDir => format!("{name}: Is a directory"),
            ScriptRefusal::NotExecutable => format!("{name}: Permission denied"),
            ScriptRefusal::BadInterpreter(prog) => {
                format!("{name}: {prog}: bad interpreter: No such file or directory")
            }
            ScriptRefusal::Binary => {
                format!("{name}: cannot execute binary file: Exec format error")
            }
        }
    }

    /// What `execve` reports to a utility that runs the script (`env
    /// ./x`): `EACCES` for a directory or a file without an execute bit,
    /// `ENOENT` for a missing interpreter.
    fn not_run(self) -> NotRun {
        let (status, reason) = match self {
            ScriptRefusal::Fs(kind, status) => (status, kind.to_string()),
            ScriptRefusal::IsDir | ScriptRefusal::NotExecutable => {
                (126, FsErrorKind::PermissionDenied.to_string())
            }
            ScriptRefusal::BadInterpreter(_) => (127, FsErrorKind::NotFound.to_string()),
            ScriptRefusal::Binary => (126, "Exec format error".to_owned()),
        };
        NotRun { status, reason }
    }
}

/// A prefix assignment in effect (`x=1 cmd`) and the variable it hides.
#[derive(Clone, Debug)]
pub(crate) struct TempBinding {
    name: String,
    hidden: Option<crate::vars::Var>,
    /// The function depth it was made at: a local made deeper shadows it.
    depth: usize,
    /// Made for a function call (`v=x f`), not for another command.
    call: bool,
    /// `unset` removed it already.
    removed: bool,
}

impl Shell {
    /// `local name` (and `declare name` in a function): makes `name` local
    /// to the current function; false outside one. When the visible
    /// `name` is a prefix assignment's binding (`v=x f`), the new local
    /// starts with its value, as bash's does; for the binding of this very
    /// call, the local shadows what the binding hid, so an unset from a
    /// callee shows that, not the binding.
    pub(crate) fn make_local_var(&mut self, name: &str) -> bool {
        let depth = self.vars.depth();
        let fresh = !self.vars.is_local_since(name, depth.saturating_sub(1));
        let binding = self
            .temp_bindings
            .iter()
            .rev()
            .find(|b| b.name == name && !b.removed)
            .filter(|b| !self.vars.is_local_since(name, b.depth))
            .map(|b| (b.depth, b.call, b.hidden.clone()));
        let value = binding
            .as_ref()
            .and_then(|_| self.vars.get(name).map(|v| v.value.clone()));
        // `shopt -s localvar_inherit`: a new local starts with the value
        // and attributes of the variable it shadows (not a reference's,
        // nor a dynamic one's specialness), as in bash.
        let inherited = (fresh
            && crate::builtin::shopt_state(&self.opts, "localvar_inherit") == Some(true))
        .then(|| self.vars.get_raw(name).cloned())
        .flatten()
        .filter(|v| v.attrs & (crate::vars::NAMEREF | crate::vars::DYNAMIC) == 0);
        let vars = Arc::make_mut(&mut self.vars);
        if !vars.make_local(name) {
            return false;
        }
        if let Some(v) = inherited {
            let _ = vars.set_value(name, v.value);
            vars.add_attrs(name, v.attrs & !crate::vars::READONLY);
        }
        if fresh && let Some((made_at, call, hidden)) = binding {
            if let Some(v) = value {
                let _ = vars.set_value(name, v);
            }
            if call && made_at + 1 == depth {
                vars.replace_shadowed(name, hidden);
            }
        }
        true
    }
}

fn restore_hidden(vars: &mut crate::vars::Vars, name: &str, hidden: Option<crate::vars::Var>) {
    match hidden {
        Some(v) => {
            let _ = vars.set_value(name, v.value);
            vars.set_attrs(name, v.attrs);
        }
        None => {
            let _ = vars.unset(name);
        }
    }
}

/// A prefix assignment's value: bash binds no array for a command, but
/// the text of the expanded elements in parentheses (`B=(b "c d") f`
/// gives `f` the string `(b c d)`; `B=([1]=x)`, `([1]=x)`).
fn prefix_value(v: DeclValue) -> DeclValue {
    match v {
        DeclValue::Array(elems) => {
            let shown: Vec<String> = elems
                .into_iter()
                .map(|(key, value, add)| match key {
                    Some(k) => format!("[{k}]{}={value}", if add { "+" } else { "" }),
                    None => value,
                })
                .collect();
            DeclValue::Scalar(format!("({})", shown.join(" ")))
        }
        scalar => scalar,
    }
}
