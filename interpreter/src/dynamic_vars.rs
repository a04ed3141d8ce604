//! The variables the shell computes when they are read (`RANDOM`,
//! `LINENO`, `FUNCNAME`, `PIPESTATUS`...), as bash's dynamic variables.
//!
//! Each is a real entry of the variable store, made at start with the
//! [`DYNAMIC`] bit and no stored value, so that everything that walks the
//! store sees it by name: `declare -p`, `set`, `${!prefix*}`, `[[ -v ]]`,
//! `unset`. Its value is worked out from the shell's state each time it is
//! read ([`Shell::dynamic_view`]); a value written to it otherwise than
//! through [`Shell::assign_dynamic`] is never read.
//!
//! Invariant: the scalar ones bash keeps invisible until first used
//! (`RANDOM`, `LINENO`, `SECONDS`... [`Dyn::hidden_until_used`]) are left
//! out of `set` and shown without a value by `declare -p` until a read by
//! name, `[[ -v ]]`, `declare -p NAME` or an assignment uses them
//! (`Shell::dynamic_seen`). Checked by conformance
//! `special/dynamic_set_listing`.
//!
//! Invariant: `unset NAME` removes the entry, and with it what made it
//! special: `unset RANDOM; RANDOM=5; echo $RANDOM` prints 5, as in bash.
//! `BASH_SOURCE` and `BASH_LINENO` refuse `unset`; `PIPESTATUS` and `_`
//! come back at once, as bash sets them after every command. Checked by
//! conformance `special/dynamic_*`.

use crate::shell::Shell;
use crate::vars::{AssocMap, DYNAMIC, INTEGER, NAMEREF, NOVALUE, Value, Var, Vars};

/// A dynamic variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dyn {
    Random,
    Srandom,
    Lineno,
    Seconds,
    EpochSeconds,
    EpochRealtime,
    Pipestatus,
    Funcname,
    BashSource,
    BashLineno,
    Bashpid,
    Underscore,
    BashSubshell,
    BashCommand,
    Dirstack,
    Groups,
    BashArgv,
    BashArgc,
    BashAliases,
    BashCmds,
    BashArgv0,
    Histcmd,
}

/// Every dynamic variable, its name and the attributes `declare -p`
/// shows for it.
const ALL: [(&str, Dyn, u8); 22] = [
    ("RANDOM", Dyn::Random, INTEGER),
    ("SRANDOM", Dyn::Srandom, INTEGER),
    ("LINENO", Dyn::Lineno, 0),
    ("SECONDS", Dyn::Seconds, INTEGER),
    ("EPOCHSECONDS", Dyn::EpochSeconds, 0),
    ("EPOCHREALTIME", Dyn::EpochRealtime, 0),
    ("PIPESTATUS", Dyn::Pipestatus, 0),
    ("FUNCNAME", Dyn::Funcname, 0),
    ("BASH_SOURCE", Dyn::BashSource, 0),
    ("BASH_LINENO", Dyn::BashLineno, 0),
    ("BASHPID", Dyn::Bashpid, INTEGER),
    ("_", Dyn::Underscore, 0),
    ("BASH_SUBSHELL", Dyn::BashSubshell, 0),
    ("BASH_COMMAND", Dyn::BashCommand, 0),
    ("DIRSTACK", Dyn::Dirstack, 0),
    ("GROUPS", Dyn::Groups, 0),
    ("BASH_ARGV", Dyn::BashArgv, 0),
    ("BASH_ARGC", Dyn::BashArgc, 0),
    ("BASH_ALIASES", Dyn::BashAliases, 0),
    ("BASH_CMDS", Dyn::BashCmds, 0),
    ("BASH_ARGV0", Dyn::BashArgv0, 0),
    ("HISTCMD", Dyn::Histcmd, INTEGER),
];

/// The group list `GROUPS` holds: the sandbox user's own group.
const SANDBOX_GID: &str = "1000";

impl Dyn {
    fn named(name: &str) -> Option<Dyn> {
        ALL.iter().find(|(n, ..)| *n == name).map(|&(_, d, _)| d)
    }

    fn name(self) -> &'static str {
        ALL.iter()
            .find(|(_, d, _)| *d == self)
            .map_or("", |(n, ..)| n)
    }

    /// Bash's `att_invisible` ones: `set` and `declare -p` do not show
    /// their value until they are used.
    fn hidden_until_used(self) -> bool {
        matches!(
            self,
            Dyn::Random
                | Dyn::Srandom
                | Dyn::Lineno
                | Dyn::Seconds
                | Dyn::EpochSeconds
                | Dyn::EpochRealtime
                | Dyn::Bashpid
                | Dyn::BashSubshell
                | Dyn::BashCommand
                | Dyn::BashArgv0
                | Dyn::Histcmd
        )
    }

    fn bit(self) -> u32 {
        1 << (self as u32)
    }

    /// `unset` refuses it (bash's `noassign`-and-`nounset` ones).
    pub(crate) fn refuses_unset(self) -> bool {
        matches!(self, Dyn::BashSource | Dyn::BashLineno)
    }

    /// The shell sets it again right after `unset` (bash does after every
    /// command), so it stays dynamic.
    pub(crate) fn survives_unset(self) -> bool {
        matches!(self, Dyn::Pipestatus | Dyn::Underscore)
    }
}

/// Makes every dynamic variable's entry (a fresh shell's, or one restored
/// from an image that kept none).
pub(crate) fn install(vars: &mut Vars) {
    for (name, _, attrs) in ALL {
        install_one(vars, name, attrs);
    }
}

fn install_one(vars: &mut Vars, name: &str, attrs: u8) {
    vars.make_dynamic(name, attrs);
}

/// Makes `name`'s entry again after `unset` when it
/// [survives](Dyn::survives_unset) it.
pub(crate) fn reinstall_after_unset(vars: &mut Vars, name: &str) {
    if let Some(&(name, d, attrs)) = ALL.iter().find(|(n, ..)| *n == name)
        && d.survives_unset()
    {
        install_one(vars, name, attrs);
    }
}

/// Whether any entry of `vars` is dynamic (an image from before dynamic
/// entries existed has none, and gets them all).
pub(crate) fn any_installed(vars: &Vars) -> bool {
    ALL.iter()
        .any(|(n, ..)| vars.get_raw(n).is_some_and(|v| v.attrs & DYNAMIC != 0))
}

fn indexed(items: impl IntoIterator<Item = String>) -> Value {
    Value::Indexed(
        items
            .into_iter()
            .enumerate()
            .map(|(i, s)| (i as i64, s))
            .collect(),
    )
}

impl Shell {
    /// The dynamic variable `name` is, while its entry stands.
    pub(crate) fn dynamic(&self, name: &str) -> Option<Dyn> {
        let v = self.vars.get_raw(name)?;
        if v.attrs & (DYNAMIC | NAMEREF) != DYNAMIC {
            return None;
        }
        Dyn::named(name)
    }

    /// The dynamic variable `name` is, marked as used by name.
    pub(crate) fn dynamic_used(&self, name: &str) -> Option<Dyn> {
        let d = self.dynamic(name)?;
        self.dynamic_seen.set(self.dynamic_seen.get() | d.bit());
        Some(d)
    }

    /// The value of `d` now. Reading `RANDOM` or `SRANDOM` draws a number.
    pub(crate) fn dynamic_value(&mut self, d: Dyn) -> Value {
        match d {
            Dyn::Random => Value::Str(self.next_random().to_string()),
            Dyn::Srandom => Value::Str(self.next_srandom().to_string()),
            Dyn::Bashpid => {
                // Named now, so `kill` can reach this process by it.
                self.sys.jobs.procs.register(self.bashpid, &self.sig);
                Value::Str(self.bashpid.to_string())
            }
            _ => self.dynamic_peek(d),
        }
    }

    /// The value of `d` without drawing a random number (for `RANDOM`
    /// and `SRANDOM`, an empty text: only whether it is set counts).
    pub(crate) fn dynamic_peek(&self, d: Dyn) -> Value {
        match d {
            Dyn::Random | Dyn::Srandom => Value::Str(String::new()),
            Dyn::Lineno => Value::Str(self.line.to_string()),
            Dyn::Seconds => Value::Str(self.seconds().to_string()),
            Dyn::EpochSeconds | Dyn::EpochRealtime => {
                let now = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap_or_default();
                Value::Str(if d == Dyn::EpochSeconds {
                    now.as_secs().to_string()
                } else {
                    format!("{}.{:06}", now.as_secs(), now.subsec_micros())
                })
            }
            // Unset until a command has finished.
            Dyn::Pipestatus if self.pipestatus.is_empty() => Value::Unset,
            Dyn::Pipestatus => indexed(self.pipestatus.iter().map(i32::to_string)),
            Dyn::Funcname | Dyn::BashSource | Dyn::BashLineno => {
                match self.stack_array(d.name()) {
                    // `FUNCNAME` outside a function: declared, no value.
                    Some(v) if v.is_empty() && d == Dyn::Funcname => Value::Unset,
                    v => indexed(v.unwrap_or_default()),
                }
            }
            Dyn::Bashpid => Value::Str(self.bashpid.to_string()),
            Dyn::Underscore => Value::Str(self.last_arg.clone()),
            Dyn::BashSubshell => Value::Str(self.subshell_level.to_string()),
            Dyn::BashCommand => {
                let depth = self.limits.max_parse_depth;
                let text = self
                    .bash_command
                    .get(|t| crate::syntax::normalized_command_text(t, depth));
                Value::Str(text.to_string())
            }
            Dyn::Dirstack => indexed(crate::builtin::dir_stack(self)),
            Dyn::Groups => indexed([SANDBOX_GID.to_owned()]),
            // Filled only under `shopt -s extdebug` in bash, which
            // sandbash does not keep: empty, and `0` at the top level.
            Dyn::BashArgv => indexed([]),
            Dyn::BashArgc if self.frames.iter().any(|f| f.function) => indexed([]),
            Dyn::BashArgc => indexed(["0".to_owned()]),
            Dyn::BashAliases => Value::Assoc(
                self.aliases
                    .iter()
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect::<AssocMap>(),
            ),
            Dyn::BashCmds => Value::Assoc(AssocMap::new()),
            Dyn::BashArgv0 => Value::Str(self.name.to_string()),
            Dyn::Histcmd => Value::Str("0".into()),
        }
    }

    /// A dynamic variable's kind and attributes with its value now, no
    /// random number drawn (`${RANDOM@a}`); `None` for any other.
    pub(crate) fn dynamic_peek_var(&self, name: &str) -> Option<Var> {
        let d = self.dynamic(name)?;
        let attrs = self.vars.get_raw(name).map_or(0, |v| v.attrs) & !DYNAMIC;
        Some(Var {
            value: self.dynamic_peek(d),
            attrs,
        })
    }

    /// A dynamic variable as `declare -p NAME` shows it: its value now
    /// (`NOVALUE` where it has none); `None` for any other.
    pub(crate) fn dynamic_view(&mut self, name: &str) -> Option<Var> {
        self.dynamic_used(name)?;
        self.dynamic_listed(name)
    }

    /// A dynamic variable as the listings (`set`, `declare -p`) show it:
    /// without a value while [hidden](Dyn::hidden_until_used); `None` for
    /// any other.
    pub(crate) fn dynamic_listed(&mut self, name: &str) -> Option<Var> {
        let d = self.dynamic(name)?;
        let attrs = self.vars.get_raw(name).map_or(0, |v| v.attrs) & !DYNAMIC;
        if d.hidden_until_used() && self.dynamic_seen.get() & d.bit() == 0 {
            return Some(Var {
                value: Value::Unset,
                attrs,
            });
        }
        Some(match self.dynamic_value(d) {
            Value::Unset if matches!(d, Dyn::Funcname | Dyn::Pipestatus) => Var {
                value: Value::Indexed(Default::default()),
                attrs: attrs | NOVALUE,
            },
            value => Var { value, attrs },
        })
    }

    /// An assignment of `value` to the dynamic variable `d`: `RANDOM`
    /// seeds, `SECONDS` counts from it, `BASH_ARGV0` sets `$0`; bash
    /// ignores it for the others.
    pub(crate) fn assign_dynamic(&mut self, d: Dyn, value: &str) {
        match d {
            Dyn::Random | Dyn::Seconds => {
                let n = self.arith_eval_text(value).unwrap_or(0);
                if d == Dyn::Random {
                    self.seed_random(n);
                } else {
                    self.seconds_set = Some((n, std::time::Instant::now()));
                }
            }
            Dyn::BashArgv0 => self.name = value.into(),
            _ => {}
        }
    }
}
