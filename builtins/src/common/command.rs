//! The shape of a utility: a [`Command`] states its name, its `--help`
//! prose, its typed options and its body; [`utility`] turns it into the
//! interpreter's [`Utility`], doing for every utility what each would
//! otherwise repeat: splitting the context into a [`Sys`], parsing the
//! command line, answering `--help` and `--version`, wording usage errors
//! and mapping the outcome to an exit status ([`Sys::finish`]).
//!
//! ```ignore
//! pub struct Rev;
//! impl Command for Rev {
//!     const NAME: &'static str = "rev";
//!     const HELP: Help = Help { usage: &["[FILE]..."], about: "Reverse lines.", after: "" };
//!     type Key = Key;
//!     const FLAGS: &'static [Flag<Key>] = &[];
//!     fn main(sys: &mut Sys<'_>, args: Args<Key>) -> Res<i32> { ... }
//! }
//! registry.register(utility::<Rev>());
//! ```

use std::borrow::Cow;
use std::marker::PhantomData;
use std::sync::Arc;

use sandbash_interpreter::{Utility, UtilityContext};

use super::VERSION;
use super::flags::{self, Args, Flag, Help, OptError, Parsed, Syntax};
use super::sys::{Res, Sys};

/// A utility declared once: name, help, options, body.
pub trait Command: Sized + Send + Sync + 'static {
    /// The name it is registered under and prints in its messages.
    const NAME: &'static str;
    /// The `--help` prose; the option lines come from [`Command::FLAGS`].
    const HELP: Help;
    /// What the options are matched on: an enum of the utility's own.
    type Key: Copy + PartialEq + 'static;
    /// The options.
    const FLAGS: &'static [Flag<Self::Key>];
    /// How the words are read.
    const SYNTAX: Syntax = Syntax::GNU;

    /// Rewrites the words before parsing (the obsolete `head -5`); the
    /// default keeps them.
    fn prepare(args: &[String]) -> Cow<'_, [String]> {
        Cow::Borrowed(args)
    }

    /// Reports a usage error and gives the exit status; the default words
    /// it as `getopt_long` does, then `Try 'NAME --help'`.
    fn usage_error(sys: &mut Sys<'_>, err: &OptError) -> i32 {
        sys.diag.error(err);
        if Self::SYNTAX.help_on_error {
            sys.diag.raw(help_text::<Self>().as_bytes());
        } else {
            sys.diag.try_help();
        }
        Self::SYNTAX.err_status
    }

    /// The `--help` text; the default renders [`Command::HELP`] and the
    /// option table.
    fn help() -> String {
        flags::render_help(Self::NAME, &Self::HELP, Self::FLAGS)
    }

    /// The `--version` text.
    fn version() -> String {
        format!("{} (sandbash) {VERSION}\n", Self::NAME)
    }

    /// The body, given the parsed command line.
    fn main(sys: &mut Sys<'_>, args: Args<Self::Key>) -> Res<i32>;

    /// Turns the body's outcome into the exit status; the default is
    /// [`Sys::finish`].
    fn finish(sys: Sys<'_>, outcome: Res<i32>) -> i32 {
        sys.finish(outcome)
    }
}

/// The `--help` text of `C`.
pub fn help_text<C: Command>() -> String {
    C::help()
}

/// Parses, answers `--help`/`--version` or a usage error, else runs the body.
fn dispatch<C: Command>(sys: &mut Sys<'_>) -> Res<i32> {
    let all = sys.args;
    let words = C::prepare(all);
    match flags::parse(C::FLAGS, &C::SYNTAX, &words) {
        Parsed::Run(args) => C::main(sys, args),
        Parsed::Help => {
            sys.out.put(help_text::<C>().as_bytes())?;
            Ok(0)
        }
        Parsed::Version => {
            sys.out.put(C::version().as_bytes())?;
            Ok(0)
        }
        Parsed::Error(e) => Ok(C::usage_error(sys, &e)),
    }
}

/// A [`Command`] as the interpreter's [`Utility`].
pub struct AsUtility<C>(PhantomData<fn() -> C>);

impl<C: Command> AsUtility<C> {
    /// The utility `C`.
    pub const fn new() -> Self {
        Self(PhantomData)
    }
}

impl<C: Command> Default for AsUtility<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: Command> Utility for AsUtility<C> {
    fn name(&self) -> &'static str {
        C::NAME
    }

    fn run(&self, ctx: &mut UtilityContext<'_>) -> i32 {
        let mut sys = Sys::new(C::NAME, ctx);
        let outcome = dispatch::<C>(&mut sys);
        C::finish(sys, outcome)
    }
}

/// The utility `C`, ready for a registry.
pub fn utility<C: Command>() -> Arc<dyn Utility> {
    Arc::new(AsUtility::<C>::new())
}
