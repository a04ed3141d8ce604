//! The utilities of a sandbash sandbox: GNU-compatible `cat`, `grep`,
//! `sort`, `ls`... implemented in Rust over the virtual filesystem.
//!
//! Every utility implements [`sandbash_interpreter::Utility`]: it reads its
//! arguments, streams and filesystem from the `UtilityContext` and never
//! touches the host. Output formats, diagnostics and exit statuses follow
//! GNU coreutils and GNU grep in the C locale. Utilities stream their input
//! wherever the operation allows, buffer their output, stop with status 141
//! when their reader goes away and with status 130 when the run is
//! cancelled (see [`common::sys`]).
//!
//! [`registry`] returns all of them.

use std::sync::Arc;

use sandbash_interpreter::Registry;

pub mod common;

pub mod cat;
pub mod cp;
pub mod env;
pub mod grep;
pub mod head;
pub mod ls;
pub mod mkdir;
pub mod mv;
pub mod rm;
pub mod seq;
pub mod sleep;
pub mod sort;
pub mod tail;
pub mod tee;
pub mod touch;
pub mod wc;

#[cfg(test)]
mod testutil;

/// A registry holding every utility of this crate.
pub fn registry() -> Registry {
    let mut r = Registry::new();
    r.register(Arc::new(cat::Cat));
    r.register(Arc::new(cp::Cp));
    r.register(Arc::new(env::Env));
    r.register(Arc::new(grep::Grep));
    r.register(Arc::new(head::Head));
    r.register(Arc::new(ls::Ls));
    r.register(Arc::new(mkdir::Mkdir));
    r.register(Arc::new(mv::Mv));
    r.register(Arc::new(rm::Rm));
    r.register(Arc::new(seq::Seq));
    r.register(Arc::new(sleep::Sleep));
    r.register(Arc::new(sort::Sort));
    r.register(Arc::new(tail::Tail));
    r.register(Arc::new(tee::Tee));
    r.register(Arc::new(touch::Touch));
    r.register(Arc::new(wc::Wc));
    r
}

#[cfg(test)]
mod tests {
    #[test]
    fn registry_has_every_utility() {
        let names = super::registry().names();
        assert_eq!(
            names,
            [
                "cat", "cp", "env", "grep", "head", "ls", "mkdir", "mv", "rm", "seq", "sleep",
                "sort", "tail", "tee", "touch", "wc"
            ]
        );
    }
}
