//! `ulimit`: the sandbox's limits, shown and lowered as bash's resource
//! limits.
//!
//! Mapping (bash's units; "fixed" = what a plain bash process on Linux
//! shows, with no sandbox counterpart; setting one is accepted, checked
//! like any other, and has no effect):
//!
//! | opt | resource              | sandbox counterpart                        |
//! |-----|-----------------------|--------------------------------------------|
//! | -R  | real-time timeout     | fixed `unlimited`                          |
//! | -c  | core file size        | fixed soft 0, hard `unlimited`             |
//! | -d  | data seg size         | fixed `unlimited`                          |
//! | -e  | scheduling priority   | fixed 0                                    |
//! | -f  | file size (1 KiB)     | `unlimited`; lowered, no command may write a file past it (`File too large`, [`sandbash_vfs::ProcessFs`]); the VFS's own bound applies regardless |
//! | -i  | pending signals       | fixed 4096                                 |
//! | -l  | max locked memory     | fixed 8192                                 |
//! | -m  | max memory size (KiB) | `Limits::max_memory`                       |
//! | -n  | open files            | 1024; lowered below 10, redirections to descriptors at or above it fail (`N: Bad file descriptor`); descriptors above 9 never exist in sandbash |
//! | -p  | pipe size (512 B)     | fixed 8                                    |
//! | -q  | POSIX message queues  | fixed 819200                               |
//! | -r  | real-time priority    | fixed 0                                    |
//! | -s  | stack size (KiB)      | fixed soft 8192, hard `unlimited` (recursion is bounded by `max_call_depth`) |
//! | -t  | cpu time (seconds)    | `Limits::wall_clock` (wall clock stands in for CPU time) |
//! | -u  | max user processes    | `Limits::max_jobs`                         |
//! | -v  | virtual memory (KiB)  | `Limits::max_memory`                       |
//! | -x  | file locks            | fixed `unlimited`                          |
//!
//! Like an unprivileged process (sandbash runs as UID 1000): a hard limit
//! can be lowered but never raised (`cannot modify limit: Operation not
//! permitted`), a soft one never above its hard one (`Invalid argument`).
//! Lowering `-m`/`-v`/`-t`/`-u` tightens the [`Limits`] of this shell and
//! of the subshells and child shells it starts from then on, and the
//! running script at once (the run's memory budget, which its other
//! threads share, and a deadline for this shell); nothing ever loosens a
//! limit the host set.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::cancel::StopReason;
use crate::limits::Limits;
use crate::shell::{Exec, Shell, Stop};

/// A limit's value in its unit; `None` is `unlimited`.
type Val = Option<u64>;

/// One resource: its option letter, `-a` description and unit.
struct Resource {
    opt: char,
    desc: &'static str,
    unit: Option<&'static str>,
}

const fn res(opt: char, desc: &'static str, unit: Option<&'static str>) -> Resource {
    Resource { opt, desc, unit }
}

/// Every resource, in bash's `ulimit -a` order on Linux.
const RESOURCES: [Resource; 17] = [
    res('R', "real-time non-blocking time", Some("microseconds")),
    res('c', "core file size", Some("blocks")),
    res('d', "data seg size", Some("kbytes")),
    res('e', "scheduling priority", None),
    res('f', "file size", Some("blocks")),
    res('i', "pending signals", None),
    res('l', "max locked memory", Some("kbytes")),
    res('m', "max memory size", Some("kbytes")),
    res('n', "open files", None),
    res('p', "pipe size", Some("512 bytes")),
    res('q', "POSIX message queues", Some("bytes")),
    res('r', "real-time priority", None),
    res('s', "stack size", Some("kbytes")),
    res('t', "cpu time", Some("seconds")),
    res('u', "max user processes", None),
    res('v', "virtual memory", Some("kbytes")),
    res('x', "file locks", None),
];

/// The bytes (or other units) in one unit of a resource's value, as
/// bash's `limits` table gives them.
fn unit_factor(opt: char) -> u64 {
    match opt {
        'c' | 'd' | 'f' | 'l' | 'm' | 's' | 'v' => 1024,
        'p' => 512,
        _ => 1,
    }
}

fn index(opt: char) -> Option<usize> {
    RESOURCES.iter().position(|r| r.opt == opt)
}

/// The soft and hard limits `ulimit` changed; the others follow
/// [`Limits`] (see [`base`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct RLimits {
    set: [Option<(Val, Val)>; 17],
}

/// What a resource's limits are before `ulimit` changes them.
fn base(i: usize, limits: &Limits) -> (Val, Val) {
    let mem = Some(limits.max_memory / 1024);
    let both = |v: Val| (v, v);
    match RESOURCES.get(i).map(|r| r.opt) {
        Some('c') => (Some(0), None),
        Some('e' | 'r') => both(Some(0)),
        Some('i') => both(Some(4096)),
        Some('l') => both(Some(8192)),
        Some('m' | 'v') => both(mem),
        Some('n') => both(Some(1024)),
        Some('p') => both(Some(8)),
        Some('q') => both(Some(819_200)),
        Some('s') => (Some(8192), None),
        Some('t') => both(limits.wall_clock.map(|d| d.as_secs_f64().ceil() as u64)),
        Some('u') => both(Some(limits.max_jobs as u64)),
        _ => both(None),
    }
}

impl RLimits {
    fn get(&self, i: usize, limits: &Limits) -> (Val, Val) {
        self.set
            .get(i)
            .copied()
            .flatten()
            .unwrap_or_else(|| base(i, limits))
    }

    fn soft(&self, opt: char) -> Val {
        let i = index(opt)?;
        self.set.get(i).copied().flatten().and_then(|(s, _)| s)
    }

    /// The lowered limits, for a snapshot: (resource, soft, hard).
    pub(crate) fn entries(&self) -> Vec<(u8, Val, Val)> {
        self.set
            .iter()
            .enumerate()
            .filter_map(|(i, e)| e.map(|(s, h)| (u8::try_from(i).unwrap_or(u8::MAX), s, h)))
            .collect()
    }

    /// Restores one lowered limit; false for an unknown resource.
    pub(crate) fn set_entry(&mut self, i: u8, soft: Val, hard: Val) -> bool {
        match self.set.get_mut(usize::from(i)) {
            Some(slot) => {
                *slot = Some((soft, hard));
                true
            }
            None => false,
        }
    }

    /// The largest file a command may write, in bytes (`-f`), if lowered.
    pub(crate) fn file_size_bytes(&self) -> Option<u64> {
        self.soft('f').map(|b| b.saturating_mul(1024))
    }

    /// The first descriptor a redirection may not use (`-n`).
    pub(crate) fn fd_cap(&self) -> usize {
        self.soft('n')
            .map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX))
    }
}

/// `unlimited` or the number.
fn show(v: Val) -> String {
    v.map_or_else(|| "unlimited".to_owned(), |n| n.to_string())
}

/// One line of `ulimit -a`.
fn labelled(r: &Resource, v: Val) -> String {
    let unit = match r.unit {
        Some(u) => format!("({u}, -{}) ", r.opt),
        None => format!("(-{}) ", r.opt),
    };
    format!("{:<20} {:>20}{}\n", r.desc, unit, show(v))
}

/// What `ulimit` was asked: a resource and maybe a new value.
struct Cmd {
    idx: usize,
    arg: Option<String>,
}

pub(crate) fn ulimit(sh: &mut Shell, args: &[String]) -> Exec {
    let mut soft = false;
    let mut hard = false;
    let mut all = false;
    let mut cmds: Vec<Cmd> = Vec::new();
    // bash's spec for ulimit: every resource letter takes an optional
    // argument (`;`), the rest of its word or else the next word unless
    // that starts with `-`.
    let mut spec = String::from("SHa");
    for r in &RESOURCES {
        spec.push(r.opt);
        spec.push(';');
    }
    let (found, first) = match sh.builtin_getopt(args, &spec) {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let operands = args.get(first..).unwrap_or(&[]);
    for (c, arg) in found {
        match c {
            'S' => soft = true,
            'H' => hard = true,
            'a' => all = true,
            _ => {
                if let Some(idx) = index(c) {
                    cmds.push(Cmd { idx, arg });
                }
            }
        }
    }
    if all {
        let mut s = String::new();
        for (i, r) in RESOURCES.iter().enumerate() {
            let (sv, hv) = sh.rlimits.get(i, &sh.limits);
            s.push_str(&labelled(r, if hard && !soft { hv } else { sv }));
        }
        sh.out(s.as_bytes())?;
        return Ok(0);
    }
    if let Some(first) = operands.first() {
        if cmds.is_empty() {
            cmds.push(Cmd {
                idx: index('f').unwrap_or(0),
                arg: None,
            });
        }
        if let Some(last) = cmds.last_mut()
            && last.arg.is_none()
        {
            last.arg = Some(first.clone());
        }
    }
    if cmds.is_empty() {
        cmds.push(Cmd {
            idx: index('f').unwrap_or(0),
            arg: None,
        });
    }
    let many = cmds.len() > 1;
    let mut status = 0;
    for c in &cmds {
        let Some(r) = RESOURCES.get(c.idx) else {
            continue;
        };
        let (sv, hv) = sh.rlimits.get(c.idx, &sh.limits);
        let Some(arg) = &c.arg else {
            let v = if hard && !soft { hv } else { sv };
            let line = if many {
                labelled(r, v)
            } else {
                format!("{}\n", show(v))
            };
            sh.out(line.as_bytes())?;
            continue;
        };
        let v: Val = match arg.as_str() {
            // bash takes an empty value as no change at all.
            "" => continue,
            "unlimited" => None,
            "hard" => hv,
            "soft" => sv,
            // bash multiplies by the unit (1024 for the block and kbyte
            // limits) and refuses a product that does not fit `rlim_t`.
            s if s.bytes().all(|b| b.is_ascii_digit()) && !s.is_empty() => match s
                .parse::<u64>()
                .ok()
                .filter(|n| n.checked_mul(unit_factor(r.opt)).is_some())
            {
                Some(n) => Some(n),
                None => {
                    sh.builtin_error("ulimit", &format!("{s}: limit out of range"));
                    status = 1;
                    continue;
                }
            },
            s => {
                let what = if s.starts_with("0x") || s.starts_with("0X") {
                    "invalid hex number"
                } else {
                    "invalid number"
                };
                sh.builtin_error("ulimit", &format!("{s}: {what}"));
                status = 1;
                continue;
            }
        };
        let (set_soft, set_hard) = if soft || hard {
            (soft, hard)
        } else {
            (true, true)
        };
        let new_hard = if set_hard { v } else { hv };
        let new_soft = if set_soft { v } else { sv };
        let above = |a: Val, b: Val| match (a, b) {
            (_, None) => false,
            (None, Some(_)) => true,
            (Some(x), Some(y)) => x > y,
        };
        let why = if above(new_hard, hv) {
            Some("Operation not permitted")
        } else if above(new_soft, new_hard) {
            Some("Invalid argument")
        } else {
            None
        };
        if let Some(why) = why {
            sh.builtin_error("ulimit", &format!("{}: cannot modify limit: {why}", r.desc));
            status = 1;
            continue;
        }
        if let Some(slot) = sh.rlimits.set.get_mut(c.idx) {
            *slot = Some((new_soft, new_hard));
        }
        apply(sh, r.opt, new_soft);
    }
    Ok(status)
}

impl Shell {
    /// After a subshell stopped: its status when what stopped it was the
    /// deadline of its own `ulimit -t`, which ends that subshell only, as
    /// the kernel ends a process: `SIGKILL` (137, `Killed`) when the soft
    /// limit is also the hard one, else `SIGXCPU` (152). A limit of the
    /// run it hit stops this shell too.
    pub(crate) fn own_cpu_limit(&self, child: &Shell) -> Option<i32> {
        if Arc::ptr_eq(&child.run, &self.run) || child.run.check().is_ok() {
            return None;
        }
        self.run.adopt_stop(&child.run);
        if self.run.check().is_err()
            || child.run.stop_reason() != Some(Stop::Stopped(StopReason::Timeout))
        {
            return None;
        }
        let (soft, hard) = child.rlimits.get(index('t').unwrap_or(0), &child.limits);
        if soft == hard {
            self.error("Killed");
            Some(137)
        } else {
            self.error("CPU time limit exceeded (core dumped)");
            Some(152)
        }
    }
}

/// Applies the lowered limits of a restored session to its [`Limits`]
/// again.
pub(crate) fn reapply_limits(sh: &mut Shell) {
    for (i, soft, _) in sh.rlimits.entries() {
        if let Some(r) = RESOURCES.get(usize::from(i)) {
            apply(sh, r.opt, soft);
        }
    }
}

/// Tightens the shell's [`Limits`] and the running script to a lowered
/// soft limit of a resource with a sandbox counterpart.
fn apply(sh: &mut Shell, opt: char, v: Val) {
    let Some(n) = v else {
        // Back to `unlimited` within a hard limit that was never lowered:
        // the host's own limit stays.
        return;
    };
    match opt {
        'm' | 'v' => {
            let bytes = n.saturating_mul(1024);
            if bytes < sh.limits.max_memory {
                sh.limits.max_memory = bytes;
            }
            sh.run.memory.lower(bytes);
        }
        't' => {
            let d = Duration::from_secs(n);
            if sh.limits.wall_clock.is_none_or(|w| d < w) {
                sh.limits.wall_clock = Some(d);
            }
            sh.run = Arc::new(sh.run.scoped(Instant::now() + d));
        }
        'u' => {
            let j = usize::try_from(n).unwrap_or(usize::MAX);
            sh.limits.max_jobs = sh.limits.max_jobs.min(j);
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_a_lines_are_laid_out_as_bash_does() {
        let r = RESOURCES.first().unwrap();
        assert_eq!(
            labelled(r, None),
            "real-time non-blocking time  (microseconds, -R) unlimited\n"
        );
        let c = RESOURCES.get(1).unwrap();
        assert_eq!(
            labelled(c, Some(0)),
            "core file size              (blocks, -c) 0\n"
        );
        let n = RESOURCES.get(index('n').unwrap()).unwrap();
        assert_eq!(
            labelled(n, Some(20000)),
            "open files                          (-n) 20000\n"
        );
    }

    #[test]
    fn unchanged_limits_follow_the_sandbox() {
        let l = Limits::strict();
        let r = RLimits::default();
        assert_eq!(r.get(index('v').unwrap(), &l), (Some(10240), Some(10240)));
        assert_eq!(r.get(index('t').unwrap(), &l), (Some(30), Some(30)));
        assert_eq!(r.get(index('u').unwrap(), &l), (Some(8), Some(8)));
        assert_eq!(r.file_size_bytes(), None);
        assert_eq!(r.fd_cap(), usize::MAX);
    }
}
