//! The sandbash shell interpreter.
//!
//! Text becomes effects in three steps: `brush-parser` turns a script into
//! its AST; the resolver turns that AST into our own tree in which every
//! word, pattern, arithmetic expression and `$( )` body is already parsed;
//! the synchronous evaluator walks that tree. Utilities are reached only
//! through the [`Utility`] trait; the filesystem only through
//! `sandbash_vfs`.

pub mod cancel;
pub mod limits;
pub mod utility;

pub use cancel::{Cancel, StopReason};
pub use limits::Limits;
pub use utility::{CommandRunner, Registry, STATUS_BROKEN_PIPE, Utility, UtilityContext};
