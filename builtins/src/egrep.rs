//! `egrep` and `fgrep`: `grep -E` and `grep -F` under the old names, as
//! this machine's Debian scripts are (`exec grep -E "$@"`): messages name
//! `grep`, and no obsolescence warning is printed.

use sandbash_interpreter::{Utility, UtilityContext};

use crate::common::command::AsUtility;
use crate::grep::Grep;

/// `grep` run with one option put in front of the arguments.
pub struct GrepAlias {
    name: &'static str,
    option: &'static str,
}

/// `egrep`: `grep -E`.
pub const EGREP: GrepAlias = GrepAlias {
    name: "egrep",
    option: "-E",
};

/// `fgrep`: `grep -F`.
pub const FGREP: GrepAlias = GrepAlias {
    name: "fgrep",
    option: "-F",
};

impl Utility for GrepAlias {
    fn name(&self) -> &'static str {
        self.name
    }

    fn run(&self, ctx: &mut UtilityContext<'_>) -> i32 {
        let mut args = Vec::with_capacity(ctx.args.len() + 1);
        args.push("grep".to_owned());
        args.push(self.option.to_owned());
        args.extend(ctx.args.iter().skip(1).cloned());
        let mut inner = UtilityContext {
            args: &args,
            stdin: &mut *ctx.stdin,
            stdin_file_size: ctx.stdin_file_size,
            stdout: &mut *ctx.stdout,
            stderr: &mut *ctx.stderr,
            fs: ctx.fs,
            cwd: ctx.cwd,
            env: ctx.env,
            cancel: ctx.cancel,
            limits: ctx.limits,
            memory: ctx.memory,
            runner: &mut *ctx.runner,
        };
        AsUtility::<Grep>::new().run(&mut inner)
    }
}
