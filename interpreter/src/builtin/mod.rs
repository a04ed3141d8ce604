//! The shell's own builtins: commands that read or change the shell itself
//! (`cd`, `export`, `read`, `eval`...) and so cannot be utilities.
//!
//! One file per group; [`lookup`] maps a name to its function.

mod alias;
mod basic;
mod declare;
mod dirs;
mod flow;
mod getopt;
mod help;
mod info;
mod kill;
mod mapfile;
mod options;
mod read;
mod test;
mod ulimit;
mod umask;

pub(crate) use alias::definition as alias_definition;
pub(crate) use declare::{attr_letters, describe, dq as dquote};
pub(crate) use dirs::stack as dir_stack;
pub(crate) use options::{
    option_letters, option_list, restore_set_options, set_letter, set_named as set_option,
    shellopts, shopt_named, shopt_state,
};
pub(crate) use ulimit::{RLimits, reapply_limits};

use std::io::Write;

use crate::shell::{Exec, Flow, Shell};

/// A builtin: gets the shell and its arguments (the name first).
pub(crate) type Builtin = fn(&mut Shell, &[String]) -> Exec;

/// The builtin called `name`, if there is one.
pub(crate) fn lookup(name: &str) -> Option<Builtin> {
    Some(match name {
        ":" | "true" => basic::true_,
        "alias" => alias::alias,
        "unalias" => alias::unalias,
        "false" => basic::false_,
        "times" => basic::times,
        "history" => basic::history,
        "fc" => basic::fc,
        "suspend" => basic::suspend,
        "logout" => basic::logout,
        "echo" => basic::echo,
        "printf" => basic::printf,
        "pwd" => dirs::pwd,
        "cd" => dirs::cd,
        "pushd" => dirs::pushd,
        "popd" => dirs::popd,
        "dirs" => dirs::dirs,
        "ulimit" => ulimit::ulimit,
        "exit" => flow::exit,
        "return" => flow::return_,
        "break" => flow::break_,
        "continue" => flow::continue_,
        "shift" => flow::shift,
        "eval" => flow::eval,
        "source" | "." => flow::source,
        "exec" => flow::exec,
        "wait" => kill::wait,
        "kill" => kill::kill,
        "jobs" => kill::jobs,
        "fg" | "bg" => kill::fg_bg,
        "disown" => kill::disown,
        "trap" => flow::trap,
        "let" => flow::let_,
        "builtin" => flow::builtin,
        "command" => info::command,
        "caller" => info::caller,
        "type" => info::type_,
        "hash" => help::hash,
        "help" => help::help,
        "enable" => help::enable,
        "compgen" => help::compgen,
        "umask" => umask::umask,
        "declare" | "typeset" => declare::declare,
        "local" => declare::local,
        "export" => declare::export,
        "readonly" => declare::readonly,
        "unset" => declare::unset,
        "set" => options::set,
        "shopt" => options::shopt,
        "getopts" => options::getopts,
        "read" => read::read,
        "mapfile" | "readarray" => mapfile::mapfile,
        "test" | "[" => test::test,
        _ => return None,
    })
}

impl Shell {
    /// bash's `jump_to_top_level (DISCARD)` after a builtin's usage error
    /// (`no_args`: too many arguments to `exit` or `history`): a `-c`
    /// string ends with status 1; a script file drops only the current
    /// command and goes on.
    pub(crate) fn discard_command(&self) -> Flow {
        if self.command_string {
            Flow::Exit(1)
        } else {
            Flow::Fatal(1)
        }
    }

    /// The builtin `name` runs, unless `enable -n` disabled it.
    pub(crate) fn builtin(&self, name: &str) -> Option<Builtin> {
        if self.disabled.contains(name) {
            return None;
        }
        lookup(name)
    }

    /// The path of the program `name` runs (a utility, or a builtin a
    /// GNU system also has as a program), as `type` and `hash` show it.
    pub(crate) fn program_path(&self, name: &str) -> Option<String> {
        self.find_program(name).map(|p| p.path().to_owned())
    }
}

/// Runs builtin `b` (`argv[0]` its name). A write to stdout that failed
/// is reported as bash's `sh_chkwrite` does (`NAME: write error: ...`)
/// and the builtin fails with status 1.
pub(crate) fn run(sh: &mut Shell, b: Builtin, argv: &[String]) -> Exec {
    let name = argv.first().map_or("", String::as_str);
    // Bash's `CHECK_HELPOPT`: `NAME --help` prints the builtin's help and
    // fails with status 2, except for the builtins that take any word.
    if argv.get(1).is_some_and(|a| a == "--help")
        && !matches!(name, "echo" | ":" | "true" | "false" | "test" | "[")
    {
        let text = help::help_text(name);
        sh.out(text.as_bytes())?;
        return Ok(2);
    }
    let outer = sh.write_error.take();
    // `SHELLOPTS`/`BASHOPTS` follow what `set` and `shopt` change (not
    // what `GLOBIGNORE` turns on by itself, as in bash).
    let options = matches!(argv.first().map(String::as_str), Some("set" | "shopt"))
        .then(|| (option_list(&sh.opts, false), option_list(&sh.opts, true)));
    let r = b(sh, argv);
    if let Some(before) = options
        && before != (option_list(&sh.opts, false), option_list(&sh.opts, true))
    {
        sh.sync_option_vars();
    }
    let failed = std::mem::replace(&mut sh.write_error, outer);
    match failed {
        Some(e) => {
            sh.builtin_error(name, &format!("write error: {e}"));
            r.map(|_| 1)
        }
        None => r,
    }
}

pub(crate) use crate::names::valid_name;

impl Shell {
    /// Writes to the shell's stdout; a closed pipe ends the (sub)shell
    /// with status 141, as SIGPIPE would. Any other failure (a closed
    /// descriptor, an I/O error) is kept for [`run`] to report with the
    /// builtin's name once it returns.
    pub(crate) fn out(&mut self, data: &[u8]) -> Result<(), Flow> {
        let Some(o) = self.fds.output(1) else {
            self.write_error = Some("Bad file descriptor".to_owned());
            return Ok(());
        };
        match (&o).write_all(data) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                Err(Flow::Exit(crate::utility::STATUS_BROKEN_PIPE))
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {
                self.run.check()?;
                Ok(())
            }
            Err(e) => {
                self.write_error = Some(e.to_string());
                Ok(())
            }
        }
    }

    /// Prints `NAME: line N: BUILTIN: MESSAGE`.
    pub(crate) fn builtin_error(&self, builtin: &str, msg: &str) {
        self.error_with_line(&format!("{builtin}: {msg}"));
    }
}
