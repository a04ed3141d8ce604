//! What a host may read or change in a session between runs.
//!
//! The tool layer (`sandbash-tool`) starts a call in a directory of its
//! choosing, passes environment values as data (never as shell text) and
//! weighs each session's state against its memory budget. These are the
//! only ways in; none of them runs script code.

use std::sync::Arc;

use crate::shell::Shell;
use crate::vars::{EXPORT, Vars};

impl Shell {
    /// Makes `dir` (an absolute, normalized path the host checked is a
    /// directory) the working directory the next run starts in, as `cd`
    /// would: `PWD` follows and `OLDPWD` keeps the previous one.
    pub fn set_cwd(&mut self, dir: &str) {
        if self.cwd == dir {
            return;
        }
        let old = std::mem::replace(&mut self.cwd, dir.to_owned());
        let vars = Arc::make_mut(&mut self.vars);
        let _ = vars.set("OLDPWD", old);
        vars.add_attrs("OLDPWD", EXPORT);
        let _ = vars.set("PWD", dir.to_owned());
    }

    /// The session's variables, for a host that sets values between runs
    /// (they obey the same readonly rules and memory ceiling as a script's).
    pub fn vars_mut(&mut self) -> &mut Vars {
        Arc::make_mut(&mut self.vars)
    }

    /// A copy of this shell for a background job the host starts, as
    /// `cmd &` makes one: variables, functions, cwd and options copied,
    /// files shared, jobs of its own; the session's stop reaches it.
    pub fn fork_job(&self) -> Shell {
        self.subshell()
    }

    /// Bytes of the session's own state that a run's memory limit counts
    /// (variables and `$_`), which a host adds up across its sessions.
    pub fn state_size(&self) -> u64 {
        self.state_bytes()
    }
}
