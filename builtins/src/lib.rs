//! The utilities of a sandbash sandbox.

use sandbash_interpreter::Registry;

/// A registry holding every utility of this crate.
pub fn registry() -> Registry {
    Registry::new()
}
