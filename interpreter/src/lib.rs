//! The sandbash shell interpreter.
//!
//! Text becomes effects in three steps: `brush-parser` turns a script into
//! its AST; the resolver turns that AST into our own tree in which every
//! word, pattern, arithmetic expression and `$( )` body is already parsed
//! (words by [`word_parse`], in linear time); the synchronous evaluator
//! walks that tree. Utilities are reached only
//! through the [`Utility`] trait; the filesystem only through
//! `sandbash_vfs`.

#![warn(missing_docs)]

pub mod arith;
mod assign;
pub mod ast;
pub mod bash_cmd;
mod braces;
mod builtin;
pub mod bytes;
pub mod cancel;
mod case;
mod dynamic_vars;
mod escapes;
mod exec;
mod expand;
pub mod glob;
mod host_hooks;
pub mod io;
mod jobs;
pub mod limits;
pub mod memory;
mod names;
mod numbers;
mod path_search;
pub mod pattern;
pub mod pipe;
mod print;
pub mod printf;
mod procsub;
mod redirect;
mod run_script;
mod select;
pub mod shell;
pub mod signals;
mod simple;
pub mod snapshot;
pub mod syntax;
pub mod terminal;
pub mod test_expr;
pub mod time;
mod time_report;
pub mod trace;
pub mod utility;
pub mod vars;
mod xtrace;

pub use cancel::{Cancel, StopReason};
pub use io::{Input, Output};
pub use limits::Limits;
pub use shell::{LimitKind, RunResult, STATUS_LIMIT, Shell, ShellConfig, Stop};
pub use utility::{CommandRunner, NotRun, Registry, STATUS_BROKEN_PIPE, Utility, UtilityContext};
