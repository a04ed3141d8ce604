//! `kill` and `wait`: signals to the sandbox's own processes and waiting
//! for jobs (see [`crate::signals`]; nothing reaches the host).
//!
//! Targets are the sandbox's pids (`$$`, `$BASHPID`, `$!`, a nested
//! shell's `$$`) and job specs (`%N`, `%%`, `%+`, `%-`). A pid names one
//! process; a job spec its whole group, so a job's running command is
//! interrupted too (as a terminal's process-group signal would). As in
//! bash, `kill` succeeds when one signal was sent.

use std::fmt::Write as _;

use crate::jobs::JobRef;
use crate::shell::{Exec, Shell};
use crate::signals;

/// bash's `kill -l` table: five to a line, `%2d) SIG%s`, a tab between
/// them (and after the last of a short last line).
pub(crate) fn signal_table() -> String {
    let mut s = String::new();
    for (i, n) in signals::all().enumerate() {
        let name = signals::name(n).unwrap_or_default();
        let _ = write!(s, "{n:2}) SIG{name}");
        s.push(if i % 5 == 4 { '\n' } else { '\t' });
    }
    if !s.ends_with('\n') {
        s.push('\n');
    }
    s
}

/// `kill -l ARGS`: a number (or an exit status above 128) gives its
/// name, a name its number.
fn list(sh: &mut Shell, args: &[String]) -> Exec {
    if args.is_empty() {
        sh.out(signal_table().as_bytes())?;
        return Ok(0);
    }
    let mut status = 0;
    for a in args {
        let out = match a.parse::<u32>() {
            Ok(n) => {
                let n = if n > 128 { n - 128 } else { n };
                if n == 0 {
                    Some("EXIT".to_owned())
                } else {
                    signals::name(n)
                }
            }
            Err(_) if a.eq_ignore_ascii_case("EXIT") || a.eq_ignore_ascii_case("SIGEXIT") => {
                Some("0".to_owned())
            }
            Err(_) => signals::number(a).map(|n| n.to_string()),
        };
        match out {
            Some(o) => sh.out(format!("{o}\n").as_bytes())?,
            None => {
                sh.builtin_error("kill", &format!("{a}: invalid signal specification"));
                status = 1;
            }
        }
    }
    Ok(status)
}

/// A signal as `kill` takes it: a name or number; 0 checks the target.
fn spec(s: &str) -> Option<u32> {
    if s == "0" || s.eq_ignore_ascii_case("EXIT") || s.eq_ignore_ascii_case("SIGEXIT") {
        return Some(0);
    }
    signals::number(s)
}

pub(crate) fn kill(sh: &mut Shell, args: &[String]) -> Exec {
    // Bash parses kill's options by hand (a signal may be `-NAME`): `-l`
    // and `-L` list, `-s`/`-n` take a signal, `--` ends the options, and
    // only the first `-SIGNAL` is one (a later `-N` is a process group).
    let mut rest = args.get(1..).unwrap_or(&[]);
    let mut sig = signals::TERM;
    let mut listing = false;
    let mut saw_signal = false;
    while let Some(word) = rest.first().map(String::as_str) {
        match word {
            "-l" | "-L" => {
                listing = true;
                rest = rest.get(1..).unwrap_or(&[]);
            }
            "-s" | "-n" => {
                let Some(v) = rest.get(1) else {
                    sh.builtin_error("kill", &format!("{word}: option requires an argument"));
                    return Ok(1);
                };
                let n = if word == "-n" {
                    v.parse::<u32>()
                        .ok()
                        .filter(|&n| n == 0 || signals::name(n).is_some())
                } else {
                    spec(v)
                };
                let Some(n) = n else {
                    sh.builtin_error("kill", &format!("{v}: invalid signal specification"));
                    return Ok(1);
                };
                sig = n;
                saw_signal = true;
                rest = rest.get(2..).unwrap_or(&[]);
            }
            "--" => {
                rest = rest.get(1..).unwrap_or(&[]);
                break;
            }
            "-?" => {
                sh.builtin_usage("kill");
                return Ok(2);
            }
            o if o.len() > 1 && o.starts_with('-') && !saw_signal => {
                let name = o.get(1..).unwrap_or_default();
                let Some(n) = spec(name) else {
                    sh.builtin_error("kill", &format!("{name}: invalid signal specification"));
                    return Ok(1);
                };
                sig = n;
                saw_signal = true;
                rest = rest.get(1..).unwrap_or(&[]);
            }
            _ => break,
        }
    }
    if listing {
        return list(sh, rest);
    }
    if rest.is_empty() {
        sh.builtin_usage("kill");
        return Ok(2);
    }
    let mut sent = false;
    for t in rest {
        if let Some(job) = t.strip_prefix('%') {
            match sh.visible_jobs().find_spec(job, true) {
                JobRef::Job(_, handle) => {
                    if let Some(h) = handle
                        && sig != 0
                    {
                        h.raise_group(sig);
                    }
                    sent = true;
                }
                JobRef::NoSuch => sh.builtin_error("kill", &format!("{t}: no such job")),
            }
            continue;
        }
        let Ok(pid) = t.parse::<i64>() else {
            sh.builtin_error(
                "kill",
                &format!("{t}: arguments must be process or job IDs"),
            );
            continue;
        };
        // `-PID` names the process group PID leads: the shell or job and
        // every subshell it started.
        let group = pid < 0;
        let handle = u32::try_from(pid.unsigned_abs()).ok().and_then(|p| {
            if p == sh.bashpid {
                return Some(Some(sh.sig.clone()));
            }
            match sh.jobs.target(p) {
                Some(JobRef::Job(_, h)) => Some(h),
                Some(JobRef::NoSuch) => None,
                // Another shell's process: the session's table.
                None => sh.sys.jobs.procs.find(p).map(Some),
            }
        });
        match handle {
            Some(h) => {
                match h {
                    Some(h) if sig != 0 && group => h.raise_group(sig),
                    Some(h) if sig != 0 => h.raise(sig),
                    _ => {}
                }
                sent = true;
            }
            None => sh.builtin_error("kill", &format!("({t}) - No such process")),
        }
    }
    Ok(if sent { 0 } else { 1 })
}

/// `wait [-n] [-p VAR] [ID...]`. A signal with a trap interrupts it: the
/// trap runs and `wait` returns 128+N, as in bash.
pub(crate) fn wait(sh: &mut Shell, args: &[String]) -> Exec {
    let (opts, first) = match sh.builtin_getopt(args, "fnp:") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let rest = args.get(first..).unwrap_or(&[]);
    let any = opts.iter().any(|(c, _)| *c == 'n');
    let var: Option<String> = opts.into_iter().filter_map(|(_, v)| v).next_back();
    if let Some(v) = &var
        && !super::valid_name(v)
    {
        sh.builtin_error("wait", &format!("`{v}': not a valid identifier"));
        return Ok(1);
    }
    let cancel = sh.wait_any_cancel();
    if any {
        // `wait -n ID...`: the first of those to end; an ID that is not a
        // job of this shell is reported (`no such job`) and left out.
        let mut only = Vec::new();
        for p in rest {
            let pid = match p.strip_prefix('%') {
                Some(spec) => match sh.jobs.find_spec(spec, false) {
                    JobRef::Job(pid, _) => Some(pid),
                    JobRef::NoSuch => None,
                },
                None => p.parse::<u32>().ok().filter(|pid| sh.jobs.has(*pid)),
            };
            match pid {
                Some(pid) => only.push(pid),
                None => sh.builtin_error("wait", &format!("{p}: no such job")),
            }
        }
        if !rest.is_empty() && only.is_empty() {
            return Ok(127);
        }
        let filter = (!rest.is_empty()).then_some(only.as_slice());
        let r = sh.jobs.wait_any(filter, &cancel);
        sh.run.check()?;
        if let Some(s) = interrupted(sh)? {
            return Ok(s);
        }
        return Ok(match r {
            Some((pid, s)) => {
                if let Some(v) = &var {
                    let _ = crate::vars::Vars::set(
                        std::sync::Arc::make_mut(&mut sh.vars),
                        v,
                        pid.to_string(),
                    );
                }
                s
            }
            None => 127,
        });
    }
    if rest.is_empty() {
        sh.jobs.wait_all(&cancel);
        sh.run.check()?;
        if let Some(s) = interrupted(sh)? {
            return Ok(s);
        }
        return Ok(0);
    }
    let mut status = 0;
    for p in rest {
        let pid = match p.strip_prefix('%') {
            Some(spec) => match sh.jobs.find_spec(spec, false) {
                JobRef::Job(pid, _) => Some(pid),
                JobRef::NoSuch => {
                    sh.builtin_error("wait", &format!("{p}: no such job"));
                    status = 127;
                    continue;
                }
            },
            None => match p.parse::<u32>() {
                Ok(pid) => Some(pid),
                Err(_) => {
                    sh.builtin_error("wait", &format!("`{p}': not a pid or valid job spec"));
                    status = 1;
                    continue;
                }
            },
        };
        status = match pid.and_then(|pid| sh.jobs.wait(pid, &cancel)) {
            Some(s) => s,
            None => {
                sh.builtin_error("wait", &format!("pid {p} is not a child of this shell"));
                127
            }
        };
        sh.run.check()?;
        if let Some(s) = interrupted(sh)? {
            return Ok(s);
        }
    }
    Ok(status)
}

/// `jobs [-lnprs] [jobspec...]`: the running jobs as bash lists them
/// without job control (`[N]+  Running    text &`; an ended job is
/// forgotten unlisted); `-p` gives pids only, `-l` adds them, `-r` keeps
/// the running ones and `-s` the stopped ones (none: nothing stops here).
pub(crate) fn jobs(sh: &mut Shell, args: &[String]) -> Exec {
    let (found, at) = match sh.builtin_getopt(args, "lnprsx") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let has = |c: char| found.iter().any(|(o, _)| *o == c);
    if has('x') {
        sh.builtin_error("jobs", "-x: not supported in the sandbox");
        return Ok(2);
    }
    let rest = args.get(at..).unwrap_or(&[]);
    let jobs = sh.visible_jobs();
    let mut status = 0;
    let mut wanted: Option<Vec<u32>> = None;
    if !rest.is_empty() {
        let mut pids = Vec::new();
        for spec in rest {
            match jobs.find_spec(spec.strip_prefix('%').unwrap_or(spec), false) {
                JobRef::Job(pid, _) => pids.push(pid),
                JobRef::NoSuch => {
                    sh.builtin_error("jobs", &format!("{spec}: no such job"));
                    status = 1;
                }
            }
        }
        wanted = Some(pids);
    }
    let mut out = String::new();
    let depth = sh.limits.max_parse_depth;
    for row in jobs.listing() {
        if wanted.as_ref().is_some_and(|w| !w.contains(&row.pid)) {
            continue;
        }
        let text = crate::syntax::job_text(&row.text, depth);
        // Every job listed runs: none is ever stopped here.
        if has('s') {
            continue;
        }
        if has('p') {
            let _ = writeln!(out, "{}", row.pid);
        } else if has('l') {
            let _ = writeln!(
                out,
                "[{}]{} {} {:<24}{text} &",
                row.number, row.mark, row.pid, "Running"
            );
        } else {
            let _ = writeln!(
                out,
                "[{}]{}  {:<24}{text} &",
                row.number, row.mark, "Running"
            );
        }
    }
    sh.out(out.as_bytes())?;
    Ok(status)
}

/// `fg` and `bg`: the sandbox's shell runs without job control, as bash
/// does in a script.
pub(crate) fn fg_bg(sh: &mut Shell, args: &[String]) -> Exec {
    let name = args.first().map(String::as_str).unwrap_or("fg");
    sh.builtin_error(name, "no job control");
    Ok(1)
}

/// `disown [-ahr] [jobspec|pid ...]`: forgets jobs (`-h` keeps them:
/// no hangup ever reaches them here).
pub(crate) fn disown(sh: &mut Shell, args: &[String]) -> Exec {
    let (found, at) = match sh.builtin_getopt(args, "ahr") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let has = |c: char| found.iter().any(|(o, _)| *o == c);
    let rest = args.get(at..).unwrap_or(&[]);
    let jobs = sh.visible_jobs();
    let keep = has('h');
    if rest.is_empty() && (has('a') || has('r')) {
        if !keep {
            for pid in jobs.job_pids(has('r')) {
                jobs.disown(pid);
            }
        }
        return Ok(0);
    }
    let mut status = 0;
    let specs: Vec<String> = if rest.is_empty() {
        vec![String::new()]
    } else {
        rest.to_vec()
    };
    for spec in &specs {
        let pid = match spec.strip_prefix('%') {
            Some(s) => match jobs.find_spec(s, false) {
                JobRef::Job(pid, _) => Some(pid),
                JobRef::NoSuch => None,
            },
            None if spec.is_empty() => match jobs.find_spec("", false) {
                JobRef::Job(pid, _) => Some(pid),
                JobRef::NoSuch => None,
            },
            None => spec
                .parse::<u32>()
                .ok()
                .filter(|p| jobs.job_pids(false).contains(p)),
        };
        match pid {
            Some(pid) => {
                if !keep {
                    jobs.disown(pid);
                }
            }
            None => {
                let shown = if spec.is_empty() { "current" } else { spec };
                sh.builtin_error("disown", &format!("{shown}: no such job"));
                status = 1;
            }
        }
    }
    Ok(status)
}

impl Shell {
    /// The jobs `jobs` and `kill %N` see: this shell's, or in a subshell
    /// that started none, its parent's.
    fn visible_jobs(&self) -> std::sync::Arc<crate::jobs::Jobs> {
        match &self.parent_jobs {
            Some(p) if self.jobs.is_empty() => std::sync::Arc::clone(p),
            _ => std::sync::Arc::clone(&self.jobs),
        }
    }
}

/// After a wait that a signal may have cut short: acts on the pending
/// signals and gives 128+N of the first when there was one.
fn interrupted(sh: &mut Shell) -> Result<Option<i32>, crate::shell::Flow> {
    let Some(n) = sh.sig.peek() else {
        return Ok(None);
    };
    sh.deliver_signals()?;
    Ok(Some(128 + n as i32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_bashs() {
        let t = signal_table();
        assert!(t.starts_with(" 1) SIGHUP\t 2) SIGINT\t 3) SIGQUIT\t 4) SIGILL\t 5) SIGTRAP\n"));
        assert!(t.contains("31) SIGSYS\t34) SIGRTMIN\t35) SIGRTMIN+1\t"));
        assert!(t.ends_with("63) SIGRTMAX-1\t64) SIGRTMAX\t\n"));
    }
}
