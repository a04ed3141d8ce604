//! The evaluator: lists, and-or lists, pipelines and compound commands.

use std::borrow::Cow;
use std::sync::Arc;

use crate::ast::*;
use crate::io::{Fd, Input, Output};
use crate::shell::{Exec, Flow, Shell};

/// The memory one pipeline stage costs beyond what its commands charge
/// (measured: about 14 KiB a stage for a pipeline of 5000 `:`).
const STAGE_BYTES: u64 = 16 << 10;

/// How one pass through a loop body ended.
pub(crate) enum BodyEnd {
    /// It ran to the end with this status.
    Done(i32),
    /// `continue` for this loop.
    Continued,
    /// `break` for this loop, with the status the loop returns.
    Broke(i32),
}

impl Shell {
    /// Runs a loop body, consuming a `break`/`continue` meant for this
    /// loop and passing outer ones on with their count lowered.
    pub(crate) fn loop_body(&mut self, body: &List) -> Result<BodyEnd, Flow> {
        match self.exec_list(body) {
            Ok(s) => Ok(BodyEnd::Done(s)),
            Err(Flow::Break(n, s)) if n > 1 => Err(Flow::Break(n - 1, s)),
            Err(Flow::Break(_, s)) => Ok(BodyEnd::Broke(s)),
            Err(Flow::Continue(n)) if n > 1 => Err(Flow::Continue(n - 1)),
            Err(Flow::Continue(_)) => Ok(BodyEnd::Continued),
            Err(e) => Err(e),
        }
    }

    /// Runs a list; its status is the last command's.
    pub(crate) fn exec_list(&mut self, list: &List) -> Exec {
        let mut status = self.last_status;
        for item in list {
            if item.background {
                status = self.spawn_job(Arc::clone(&item.and_or), item.text.clone());
            } else {
                status = self.exec_and_or(&item.and_or)?;
            }
        }
        Ok(status)
    }

    pub(crate) fn exec_and_or(&mut self, a: &AndOr) -> Exec {
        let n = a.rest.len();
        let mut status = self.exec_pipeline(&a.first, n > 0)?;
        for (i, (conn, p)) in a.rest.iter().enumerate() {
            let go = match conn {
                Connector::And => status == 0,
                Connector::Or => status != 0,
            };
            if go {
                status = self.exec_pipeline(p, i + 1 < n)?;
            }
        }
        Ok(status)
    }

    /// Runs `f` with `set -e` suppressed (conditions, `!`, non-final parts
    /// of `&&`/`||`).
    pub(crate) fn in_condition<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        self.cond_depth += 1;
        let r = f(self);
        self.cond_depth -= 1;
        r
    }

    fn exec_pipeline(&mut self, p: &Pipeline, not_last: bool) -> Exec {
        // `set -n` stops execution right away, even within the line that
        // set it (bash's `read_but_dont_execute`, checked per command).
        if self.opts.noexec {
            return Ok(self.last_status);
        }
        let Some(posix) = p.timed else {
            return self.exec_pipeline_untimed(p, not_last);
        };
        let start = std::time::Instant::now();
        let r = self.exec_pipeline_untimed(p, not_last);
        if !matches!(r, Err(Flow::Abort)) {
            let report =
                crate::time_report::report(self.vars.get_str("TIMEFORMAT"), posix, start.elapsed());
            self.write_err(&report);
        }
        r
    }

    fn exec_pipeline_untimed(&mut self, p: &Pipeline, not_last: bool) -> Exec {
        let suppressed = not_last || p.bang;
        // bash marks the commands inside `! pipeline` as ignoring errors
        // only when `set -e` is on as it starts: one that turns it on
        // inside (`! f` where `f` runs `set -e`) is not shielded, and with
        // it off the ERR trap fires inside.
        let shielded = not_last || (p.bang && self.opts.errexit);
        if let [Command::Compound(c, _)] = p.commands.as_slice()
            && matches!(
                **c,
                Compound::For { .. } | Compound::Select { .. } | Compound::Arith(_)
            )
            && p.line > 0
        {
            // A loop's own errors (a readonly variable) and those of
            // `(( ))` name its line.
            self.line = p.line;
        }
        let mut status = self.exec_pipeline_commands(p, shielded)?;
        if p.bang {
            status = i32::from(status == 0);
        }
        self.last_status = status;
        if status != 0 && !suppressed && self.cond_depth == 0 {
            // A compound command's failure is its last command's, which
            // already had its chance to trigger the trap and `set -e` (a
            // subshell's is not: the trap is not inherited there). So
            // `{ false && true; }` goes on, as in bash.
            let compound = matches!(p.commands.as_slice(),
                [Command::Compound(c, r)] if !matches!(**c, Compound::Subshell(_) | Compound::Arith(_) | Compound::Test(..))
                    && (r.is_empty() || !self.compound_redirect_failed));
            if !compound {
                if p.line > 0 {
                    self.line = p.line;
                }
                self.run_err_trap(status)?;
                if self.opts.errexit {
                    return Err(Flow::Exit(status));
                }
            }
        }
        Ok(status)
    }

    /// The commands of `p`, its status before `!` inverts it; `shielded`:
    /// run as a condition, where `set -e` and the ERR trap do not act.
    fn exec_pipeline_commands(&mut self, p: &Pipeline, shielded: bool) -> Exec {
        let status = if let [only] = p.commands.as_slice() {
            let s = if shielded {
                self.in_condition(|sh| sh.exec_command(only))?
            } else {
                self.exec_command(only)?
            };
            // As in bash, a compound command leaves `PIPESTATUS` as the
            // last pipeline run inside it set it (`if false; then :; fi`
            // gives 1); a subshell, `(( ))` and `[[ ]]` set it themselves.
            let sets_own = !matches!(only, Command::Compound(c, _)
                if !matches!(**c, Compound::Subshell(_) | Compound::Arith(_) | Compound::Test(..)));
            if sets_own {
                self.pipestatus.clear();
                self.pipestatus.push(s);
            }
            s
        } else {
            let statuses = if shielded {
                self.in_condition(|sh| sh.exec_stages(&p.commands))?
            } else {
                self.exec_stages(&p.commands)?
            };
            let last = statuses.last().copied().unwrap_or(0);
            let s = if self.opts.pipefail {
                statuses
                    .iter()
                    .rev()
                    .find(|s| **s != 0)
                    .copied()
                    .unwrap_or(0)
            } else {
                last
            };
            self.pipestatus = statuses;
            s
        };
        Ok(status)
    }

    /// Runs the ERR trap after a command failed where `set -e` would act.
    /// Without `set -E` functions, `$( )` and subshells do not inherit it;
    /// the trap's own failures never trigger it again.
    fn run_err_trap(&mut self, status: i32) -> Result<(), Flow> {
        // A function hides the caller's trap while it runs (see
        // `call_function`), so one it sets itself fires in it.
        if self.in_err_trap
            || !(self.opts.errtrace || self.subshell_level == 0 || self.own_err_trap)
        {
            return Ok(());
        }
        let Some(action) = self.traps.get("ERR").cloned() else {
            return Ok(());
        };
        self.in_err_trap = true;
        // `$LINENO` in the action is the failed command's line, as in bash.
        let prefix = format!("{}: ", self.error_name());
        let line_offset = self.line.saturating_sub(1);
        let r = self.enter_depth().and_then(|()| {
            let r = self.run_nested_text(&action, &prefix, line_offset);
            self.leave_depth();
            r
        });
        self.in_err_trap = false;
        self.last_status = status;
        // `return`, `exit`, a stop in the action act as they would here.
        r.map(|_| ())
    }

    /// Runs the stages of a pipeline concurrently, joined by bounded pipes.
    /// Every stage is a subshell; the last runs on this thread.
    fn exec_stages(&mut self, cmds: &[Command]) -> Result<Vec<i32>, Flow> {
        let n = cmds.len();
        // Each stage's thread (the stack pages it touches, its state and
        // pipe) is memory the budget would not see otherwise: 5000 stages
        // of `:` peaked at 72 MB under a 10 MB limit.
        let mut stages_charge = crate::memory::Charge::on(&self.run.memory);
        let stage_bytes = (n as u64).saturating_mul(STAGE_BYTES);
        if !stages_charge.grow(stage_bytes) {
            return Err(self.run.memory_exceeded());
        }
        let mut children = Vec::with_capacity(n);
        let mut next_input: Option<Input> = None;
        // `shopt -s lastpipe` (job control is always off here): the last
        // stage runs in this shell, reading the pipe.
        let lastpipe = self.opts.lastpipe;
        for i in 0..n {
            if lastpipe && i + 1 == n {
                break;
            }
            // Bash runs a simple stage's DEBUG trap in the shell itself,
            // in order, before it forks the stage; a stage does not inherit
            // the trap (unless `set -T`, and then not for that command).
            let mut ran_debug = false;
            if let Some(Command::Simple(s)) = cmds.get(i)
                && self.traps.contains_key("DEBUG")
            {
                self.line = s.line;
                self.debug_point(|| Arc::clone(&s.text))?;
                ran_debug = true;
            }
            let mut child = self.subshell();
            child.drop_traced_traps();
            child.skip_debug_once = ran_debug;
            if let Some(input) = next_input.take() {
                child.fds.set(0, Some(Fd::In(input)));
            }
            if i + 1 < n {
                let (r, w) = crate::pipe::pipe(self.run.cancel.clone());
                child.fds.set(1, Some(Fd::Out(Output::pipe(w))));
                next_input = Some(Input::pipe(r));
            }
            children.push(child);
        }
        let stack = self.sys.stack_size;
        let mut statuses = vec![0; n];
        let mut last = if lastpipe { None } else { children.pop() };
        let mut flow = None;
        std::thread::scope(|scope| {
            let mut handles = Vec::with_capacity(n);
            for (i, mut child) in children.drain(..).enumerate() {
                let Some(cmd) = cmds.get(i) else { break };
                let run = crate::trace::Carried::current().wrap(move || child.run_stage(cmd));
                let spawned = std::thread::Builder::new()
                    .name("sandbash-stage".into())
                    .stack_size(stack)
                    .spawn_scoped(scope, run);
                match spawned {
                    Ok(h) => handles.push((i, h)),
                    Err(e) => {
                        self.error(&format!("fork: {e}"));
                        if let Some(s) = statuses.get_mut(i) {
                            *s = 1;
                        }
                    }
                }
            }
            if let (true, Some(cmd), Some(input)) = (lastpipe, cmds.last(), next_input.take()) {
                let saved = self.fds.get(0).cloned();
                self.fds.set(0, Some(Fd::In(input)));
                let r = self.exec_command(cmd);
                // Restoring descriptor 0 drops the pipe's reading end, so
                // writers upstream see a closed pipe and stop.
                self.fds.set(0, saved);
                let s = match r {
                    Ok(s) => s,
                    Err(f) => {
                        flow = Some(f);
                        self.last_status
                    }
                };
                if let Some(slot) = statuses.last_mut() {
                    *slot = s;
                }
            }
            if let (Some(mut child), Some(cmd)) = (last.take(), cmds.last()) {
                let s = child.run_stage(cmd);
                // Dropping the stage releases its pipe ends, so writers
                // upstream see a closed pipe and stop.
                drop(child);
                if let Some(slot) = statuses.last_mut() {
                    *slot = s;
                }
            }
            for (i, h) in handles {
                let s = h.join().unwrap_or(1);
                if let Some(slot) = statuses.get_mut(i) {
                    *slot = s;
                }
            }
        });
        if self.run.stop_reason().is_some() {
            return Err(Flow::Abort);
        }
        if let Some(f) = flow {
            return Err(f);
        }
        Ok(statuses)
    }

    /// Runs one command as a whole subshell and gives its status.
    pub(crate) fn run_stage(&mut self, cmd: &Command) -> i32 {
        let r = self.exec_command(cmd);
        let status = self.finish_subshell(r);
        self.fds = Default::default();
        status
    }

    /// Turns the end of a subshell into a status, running its EXIT trap.
    pub(crate) fn finish_subshell(&mut self, r: Exec) -> i32 {
        let status = match r {
            Ok(s) | Err(Flow::Exit(s)) | Err(Flow::Return(s)) | Err(Flow::Fatal(s)) => s,
            Err(Flow::Break(..)) | Err(Flow::Continue(_)) => self.last_status,
            Err(Flow::Abort) => crate::shell::STATUS_LIMIT,
        };
        self.run_exit_trap(status)
    }

    pub(crate) fn exec_command(&mut self, cmd: &Command) -> Exec {
        // Process substitutions in the command's words and redirections
        // stay open while it runs, and close when it ends.
        let mark = self.procsub_fds.len();
        let r = self.exec_command_inner(cmd);
        self.close_procsubs(mark);
        r
    }

    fn exec_command_inner(&mut self, cmd: &Command) -> Exec {
        match cmd {
            Command::Simple(s) => self.exec_simple(s),
            Command::Compound(c, redirects) => {
                if redirects.is_empty() {
                    self.exec_compound(c)
                } else {
                    let mut ran = false;
                    let r = self.with_redirects(redirects, |sh| {
                        ran = true;
                        sh.exec_compound(c)
                    });
                    self.compound_redirect_failed = !ran;
                    r
                }
            }
            Command::FuncDef(f) => {
                self.tick_command()?;
                if self.readonly_funcs.contains(&f.name) {
                    self.error(&format!("{}: readonly function", f.name));
                    return Ok(1);
                }
                Arc::make_mut(&mut self.funcs).insert(f.name.clone(), Arc::clone(f));
                // Only a file is recorded: a function missing from the
                // table was defined outside any (`environment`).
                match self.frames.last().map(|fr| Arc::clone(&fr.file)) {
                    Some(file) if self.func_files.get(&f.name) != Some(&file) => {
                        Arc::make_mut(&mut self.func_files).insert(f.name.clone(), file);
                    }
                    Some(_) => {}
                    None if self.func_files.contains_key(&f.name) => {
                        Arc::make_mut(&mut self.func_files).remove(&f.name);
                    }
                    None => {}
                }
                Ok(0)
            }
        }
    }

    fn exec_compound(&mut self, c: &Compound) -> Exec {
        match c {
            Compound::Brace(list) => self.exec_list(list),
            Compound::Subshell(list) => {
                self.enter_depth()?;
                let mut child = self.subshell();
                child.drop_traced_traps();
                let r = child.exec_list(list);
                if let Some(s) = self.own_cpu_limit(&child) {
                    self.leave_depth();
                    self.last_status = s;
                    return Ok(s);
                }
                if r == Err(Flow::Abort) {
                    self.leave_depth();
                    return Err(Flow::Abort);
                }
                let s = child.finish_subshell(r);
                self.leave_depth();
                self.last_status = s;
                Ok(s)
            }
            Compound::If {
                branches,
                otherwise,
            } => {
                for (cond, body) in branches {
                    if self.in_condition(|sh| sh.exec_list(cond))? == 0 {
                        return self.exec_list(body);
                    }
                }
                match otherwise {
                    Some(body) => self.exec_list(body),
                    None => Ok(0),
                }
            }
            Compound::While { until, cond, body } => {
                let mut status = 0;
                self.loop_depth += 1;
                let r = (|| loop {
                    self.tick_loop()?;
                    // The condition is inside the loop: a `break` or
                    // `continue` there acts on this loop, as in bash.
                    let c = match self.in_condition(|sh| sh.exec_list(cond)) {
                        Err(Flow::Break(n, s)) if n > 1 => return Err(Flow::Break(n - 1, s)),
                        Err(Flow::Break(_, s)) => return Ok(s),
                        Err(Flow::Continue(n)) if n > 1 => return Err(Flow::Continue(n - 1)),
                        Err(Flow::Continue(_)) => continue,
                        other => other?,
                    };
                    if (c == 0) == *until {
                        return Ok(status);
                    }
                    match self.loop_body(body)? {
                        BodyEnd::Done(s) => status = s,
                        BodyEnd::Continued => {}
                        BodyEnd::Broke(s) => return Ok(s),
                    }
                })();
                self.loop_depth -= 1;
                r
            }
            Compound::For {
                var,
                words,
                raw,
                header,
                line,
                body,
            } => {
                self.line = *line;
                // bash's `check_identifier`, before the words expand (in
                // posix mode the error ends the shell).
                if !crate::builtin::valid_name(var) {
                    self.error(&format!("`{var}': not a valid identifier"));
                    if self.opts.posix {
                        return Err(Flow::Exit(2));
                    }
                    return Ok(1);
                }
                let values = match words {
                    Some(ws) => self.expand_words(ws)?,
                    None => self.positional.as_ref().clone(),
                };
                let mut status = 0;
                self.loop_depth += 1;
                // Bash shows the words as written.
                let header = header.get(|| format!("for {var} in {raw}"));
                let r = (|| {
                    for v in values {
                        self.tick_loop()?;
                        // Bash traces the header and runs the DEBUG trap
                        // before each iteration.
                        self.line = *line;
                        if self.opts.xtrace {
                            self.trace(header.written());
                        }
                        self.debug_point(|| Arc::clone(&header))?;
                        // A reference as the loop variable is pointed at
                        // each word in turn, as in bash; one naming itself
                        // in a function is assigned through instead (bash's
                        // `find_variable_last_nameref` finds no reference).
                        let to_global =
                            || matches!(self.vars.resolve(var), crate::vars::Target::Global(_));
                        let r = if self.vars.is_nameref(var) && !to_global() {
                            if v == *var {
                                self.error(&format!(
                                    "{var}: nameref variable self references not allowed"
                                ));
                                return Ok(1);
                            }
                            Arc::make_mut(&mut self.vars).set_ref(var, v)
                        } else {
                            let r = Arc::make_mut(&mut self.vars).set(var, v);
                            self.flush_var_warnings();
                            r
                        };
                        if let Err(e) = r {
                            self.error(&e.to_string());
                            return Ok(1);
                        }
                        match self.loop_body(body)? {
                            BodyEnd::Done(s) => status = s,
                            BodyEnd::Continued => {}
                            BodyEnd::Broke(s) => return Ok(s),
                        }
                    }
                    Ok(status)
                })();
                self.loop_depth -= 1;
                r
            }
            Compound::Select {
                var,
                words,
                raw,
                line,
                body,
            } => {
                // Bash traces the header as written and runs the DEBUG trap
                // once, before the words expand.
                self.line = *line;
                let header = format!("select {var} in {raw}");
                if self.opts.xtrace {
                    self.trace(&header);
                }
                self.debug_point(|| CommandText::new(header))?;
                self.exec_select(var, words.as_deref(), body)
            }
            Compound::Coproc { name, body, text } => self.exec_coproc(name, body, text),
            Compound::ArithFor {
                init,
                cond,
                step,
                line,
                body,
            } => {
                // An expression that fails ends the loop with status 1.
                if self.arith_for_expr(init.as_deref(), *line)?.is_none() {
                    return Ok(1);
                }
                let mut status = 0;
                self.loop_depth += 1;
                let r = (|| loop {
                    self.tick_loop()?;
                    match self.arith_for_expr(cond.as_deref(), *line)? {
                        None => return Ok(1),
                        Some(0) => return Ok(status),
                        Some(_) => {}
                    }
                    match self.loop_body(body)? {
                        BodyEnd::Done(s) => status = s,
                        BodyEnd::Continued => {}
                        BodyEnd::Broke(s) => return Ok(s),
                    }
                    if self.arith_for_expr(step.as_deref(), *line)?.is_none() {
                        return Ok(1);
                    }
                })();
                self.loop_depth -= 1;
                r
            }
            Compound::Case {
                word,
                raw,
                header,
                line,
                items,
            } => {
                self.line = *line;
                if self.opts.xtrace {
                    // Bash shows the subject as written, its `$'...'`
                    // parts decoded as its reader keeps them.
                    self.trace(&format!("case {} in", crate::print::ansi_c_quoted(raw)));
                }
                self.debug_point(|| header.get(|| format!("case {raw} in ")))?;
                let subject = self.expand_string(word)?;
                let mut i = 0;
                let mut status = 0;
                let mut fall = false;
                while let Some(item) = items.get(i) {
                    let mut matched = fall;
                    if !matched {
                        for p in &item.patterns {
                            if self.matches_pattern(
                                p,
                                &subject,
                                self.pattern_options(self.opts.nocasematch),
                            )? {
                                matched = true;
                                break;
                            }
                        }
                    }
                    if matched {
                        status = self.exec_list(&item.body)?;
                        match item.action {
                            CaseAction::Break => return Ok(status),
                            CaseAction::FallThrough => fall = true,
                            CaseAction::Continue => fall = false,
                        }
                    }
                    i += 1;
                }
                Ok(status)
            }
            Compound::Arith(a) => {
                if a.line > 0 {
                    self.line = a.line;
                }
                self.tick_command()?;
                if !self.debug_point(|| a.header.get(|| format!("(({}))", a.text)))? {
                    return Ok(0);
                }
                if self.opts.xtrace {
                    self.trace(&format!("(( {} ))", a.text));
                }
                Ok(match self.eval_arith_in(Some("(("), a)? {
                    Some(v) => i32::from(v == 0),
                    None => 1,
                })
            }
            Compound::Test(t, line, text) => {
                self.tick_command()?;
                self.line = *line;
                if !self.debug_point(|| CommandText::new(Arc::clone(text)))? {
                    return Ok(0);
                }
                self.eval_test_command(t)
            }
        }
    }

    /// Evaluates one expression of `for ((init; cond; step))` as bash
    /// does: expanded first, then traced and shown to the DEBUG trap as
    /// `((text))`; an empty one is `1`. `None` when it failed, reported
    /// as the `((` command's errors are.
    fn arith_for_expr(&mut self, a: Option<&Arith>, line: u32) -> Result<Option<i64>, Flow> {
        self.line = line;
        let text: Cow<'_, str> = match a {
            None => Cow::Borrowed("1"),
            Some(a) if a.expr.is_some() => Cow::Borrowed(&a.text),
            Some(a) => Cow::Owned(self.expand_string(&a.word)?),
        };
        if self.opts.xtrace {
            self.trace(&format!("(( {text} ))"));
        }
        // (A skip under `extdebug` is not taken in a loop's header.)
        let _run = match a {
            // Written without expansions, the text is the same each pass.
            Some(a) if a.expr.is_some() => {
                self.debug_point(|| a.header.get(|| format!("(({text}))")))?
            }
            _ => self.debug_point(|| CommandText::new(format!("(({text}))")))?,
        };
        let r = match a.and_then(|a| a.expr.as_ref().map(|e| (e, a))) {
            Some((e, a)) => self.arith_eval_expr_in(Some("(("), e, &a.text),
            None if a.is_none() => Ok(1),
            None => self.arith_eval_text_in(Some("(("), &text),
        };
        match r {
            Ok(v) => Ok(Some(v)),
            Err(msg) => self.arith_failed(&msg).map(|()| None),
        }
    }

    /// Counts one more level of nesting (function, subshell, `eval`,
    /// `source`, `$( )`) against the call-depth limit.
    pub(crate) fn enter_depth(&mut self) -> Result<(), Flow> {
        if self.depth >= self.limits.max_call_depth {
            let n = u64::from(self.limits.max_call_depth);
            return Err(self.run.stop(crate::shell::Stop::Limit(
                crate::shell::LimitKind::CallDepth,
                n,
            )));
        }
        self.depth += 1;
        Ok(())
    }

    pub(crate) fn leave_depth(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Parses and runs text at run time (`eval`, traps, `source`).
    pub(crate) fn eval_string(&mut self, text: &str) -> Exec {
        let prefix = format!("{}: eval: ", self.error_name());
        // The text's first line is the `eval` command's own.
        let line_offset = self.line.saturating_sub(1);
        self.enter_depth()?;
        let r = self.run_nested_text(text, &prefix, line_offset);
        self.leave_depth();
        r
    }

    /// Runs a function.
    pub(crate) fn call_function(&mut self, f: &Arc<FuncDef>, args: Vec<String>) -> Exec {
        // The arguments live as `$@` for the call: count them.
        let mut charge = crate::memory::Charge::on(&self.run.memory);
        let bytes: usize = args.iter().map(|a| a.len() + 32).sum();
        if !charge.grow(bytes as u64) {
            return Err(self.run.memory_exceeded());
        }
        // `FUNCNEST=n`: at most n calls nested; one more abandons the
        // command line (even in `bash -c`, unlike an arithmetic error).
        if let Some(max) = self
            .vars
            .get_str("FUNCNEST")
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|&n| n > 0)
            && self.frames.iter().filter(|fr| fr.function).count() >= max
        {
            let msg = format!(
                "{}: maximum function nesting level exceeded ({max})",
                f.name
            );
            self.error(&msg);
            return Err(Flow::Fatal(1));
        }
        self.enter_depth()?;
        let saved_pos = std::mem::replace(&mut self.positional, Arc::new(args));
        let saved_loop = std::mem::replace(&mut self.loop_depth, 0);
        Arc::make_mut(&mut self.vars).push_frame();
        let file = match self.func_files.get(&f.name) {
            Some(file) => Arc::clone(file),
            None => Arc::from("environment"),
        };
        self.push_frame(crate::shell::Frame {
            name: Arc::from(f.name.as_str()),
            file,
            line: self.line,
            function: true,
        });
        // Without `set -T` a function neither sees nor fires the caller's
        // RETURN trap; one it sets itself fires when it returns and stays.
        // `shopt -s extdebug` implies `set -T`.
        let functrace = self.opts.functrace
            || crate::builtin::shopt_state(&self.opts, "extdebug") == Some(true);
        let (hidden, hidden_debug) = if functrace {
            (None, None)
        } else {
            (self.take_trap("RETURN"), self.take_trap("DEBUG"))
        };
        // Without `set -E` the same for the ERR trap; one the function sets
        // fires in it and stays after it returns, as in bash.
        let hidden_err = if self.opts.errtrace {
            None
        } else {
            self.take_trap("ERR")
        };
        self.func_depth += 1;
        let outer_local_opts = self.local_opts.take();
        // Under `set -T` the DEBUG trap also runs as the function starts.
        // `$LINENO` is then the line of the body's start.
        let entry = if self.traps.contains_key("DEBUG") {
            let line = std::mem::replace(&mut self.line, f.line);
            let r = self.run_debug_trap().map(|_| ());
            self.line = line;
            r
        } else {
            Ok(())
        };
        let r = match entry {
            Err(e) => Err(e),
            Ok(()) if f.redirects.is_empty() => self.exec_compound(&f.body),
            Ok(()) => self.with_redirects(&f.redirects, |sh| sh.exec_compound(&f.body)),
        };
        let r = match r {
            Err(Flow::Return(s)) => Ok(s),
            other => other,
        };
        let r = match r {
            Ok(s) => self.run_return_trap(s),
            other => other,
        };
        self.func_depth -= 1;
        if let Some(saved) = std::mem::replace(&mut self.local_opts, outer_local_opts) {
            self.opts.restore_set_options(&saved);
            self.sync_option_vars();
        }
        if let Some(action) = hidden {
            Arc::make_mut(&mut self.traps).insert("RETURN".into(), action);
        }
        if let Some(action) = hidden_debug {
            Arc::make_mut(&mut self.traps).insert("DEBUG".into(), action);
        }
        if let Some(action) = hidden_err
            && !self.traps.contains_key("ERR")
        {
            Arc::make_mut(&mut self.traps).insert("ERR".into(), action);
        }
        self.pop_frame();
        Arc::make_mut(&mut self.vars).pop_frame();
        self.loop_depth = saved_loop;
        self.positional = saved_pos;
        self.leave_depth();
        r
    }

    /// Enters a frame of the call stack.
    pub(crate) fn push_frame(&mut self, frame: crate::shell::Frame) {
        Arc::make_mut(&mut self.frames).push(frame);
    }

    /// Leaves the innermost frame of the call stack.
    pub(crate) fn pop_frame(&mut self) {
        Arc::make_mut(&mut self.frames).pop();
    }

    /// Removes the trap on `name`, giving its action.
    pub(crate) fn take_trap(&mut self, name: &str) -> Option<String> {
        if self.traps.contains_key(name) {
            Arc::make_mut(&mut self.traps).remove(name)
        } else {
            None
        }
    }

    /// A `( )` subshell, `$( )` or pipeline stage does not inherit the
    /// DEBUG and RETURN traps unless `set -T` is on, nor the ERR trap
    /// unless `set -E` is; one it sets itself fires in it. `trap -p` there
    /// still shows the parent's until the subshell sets one.
    pub(crate) fn drop_traced_traps(&mut self) {
        let mut names = Vec::new();
        if !self.opts.functrace {
            names.extend(["DEBUG", "RETURN"]);
        }
        if !self.opts.errtrace {
            names.push("ERR");
        }
        if names.iter().any(|n| self.traps.contains_key(*n)) && self.shown_traps.is_none() {
            self.shown_traps = Some(Arc::clone(&self.traps));
        }
        for n in names {
            let _ = self.take_trap(n);
        }
        self.own_err_trap = true;
    }

    /// Before a command: `$BASH_COMMAND` becomes its text (unless a trap
    /// is running), then the DEBUG trap runs.
    pub(crate) fn debug_point(
        &mut self,
        text: impl FnOnce() -> Arc<CommandText>,
    ) -> Result<bool, Flow> {
        let in_trap = self.in_debug_trap
            || self.in_err_trap
            || self.in_return_trap
            || self.in_signal_trap
            || self.in_exit_trap;
        if !in_trap {
            self.bash_command = text();
        }
        if std::mem::take(&mut self.skip_debug_once) {
            return Ok(true);
        }
        if self.traps.contains_key("DEBUG") {
            return self.run_debug_trap();
        }
        Ok(true)
    }

    /// Runs the DEBUG trap, if one is set, before a simple command: with
    /// `$LINENO` the command's line and `$?` kept. It never fires inside
    /// itself. False when the command is to be skipped: under `shopt -s
    /// extdebug`, the trap's action failed.
    pub(crate) fn run_debug_trap(&mut self) -> Result<bool, Flow> {
        if self.in_debug_trap {
            return Ok(true);
        }
        let Some(action) = self.traps.get("DEBUG").cloned() else {
            return Ok(true);
        };
        self.in_debug_trap = true;
        let status = self.last_status;
        let line = self.line;
        let prefix = format!("{}: ", self.error_name());
        let r = self.enter_depth().and_then(|()| {
            let r = self.run_nested_text(&action, &prefix, line.saturating_sub(1));
            self.leave_depth();
            r
        });
        self.in_debug_trap = false;
        self.last_status = status;
        self.line = line;
        let extdebug = crate::builtin::shopt_state(&self.opts, "extdebug") == Some(true);
        r.map(|trap_status| !extdebug || trap_status == 0)
    }

    /// Runs the RETURN trap, if one is set, as a function or sourced file
    /// that ended with `status` returns; gives the status the call returns
    /// (the trap's `return N`, else `status`). The trap never fires inside
    /// itself.
    pub(crate) fn run_return_trap(&mut self, status: i32) -> Exec {
        if self.in_return_trap {
            return Ok(status);
        }
        let Some(action) = self.traps.get("RETURN").cloned() else {
            return Ok(status);
        };
        // `$?` in the action is the last command's: `return N` has not
        // set it yet, as in bash.
        self.in_return_trap = true;
        let prefix = format!("{}: ", self.error_name());
        let line_offset = self.line.saturating_sub(1);
        let r = self.enter_depth().and_then(|()| {
            let r = self.run_nested_text(&action, &prefix, line_offset);
            self.leave_depth();
            r
        });
        self.in_return_trap = false;
        match r {
            Ok(_) => {
                self.last_status = status;
                Ok(status)
            }
            Err(Flow::Return(s)) => Ok(s),
            Err(e) => Err(e),
        }
    }
}
