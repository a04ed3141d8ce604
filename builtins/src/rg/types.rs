//! ripgrep's file types (`-t`, `-T`, `--type-list`): the `ignore` crate's
//! default table, which is the one ripgrep ships, so `-t py` selects what
//! it selects. The table is that of the `ignore` version sandbash builds
//! with, which has a few more types than ripgrep 13's.

use ignore::types::{Types, TypesBuilder};

use crate::common::sys::{Res, Sys};

/// The `-t`/`-T` selection; the empty default selects everything.
#[derive(Default)]
pub struct TypeFilter {
    types: Option<Types>,
}

impl TypeFilter {
    /// Whether the file at `path` (a file, never a directory) is excluded.
    pub fn excludes(&self, path: &str) -> bool {
        self.types
            .as_ref()
            .is_some_and(|t| t.matched(path, false).is_ignore())
    }
}

impl TypeFilter {
    /// Whether a `-t` selection names the file at `path`.
    pub fn selects(&self, path: &str) -> bool {
        self.types
            .as_ref()
            .is_some_and(|t| t.matched(path, false).is_whitelist())
    }
}

/// The filter for `(name, selected)` pairs in command-line order, or
/// ripgrep's message for an unknown type.
pub fn filter(sel: &[(String, bool)]) -> Result<TypeFilter, String> {
    if sel.is_empty() {
        return Ok(TypeFilter::default());
    }
    let mut b = TypesBuilder::new();
    b.add_defaults();
    for (name, select) in sel {
        if *select {
            b.select(name);
        } else {
            b.negate(name);
        }
    }
    match b.build() {
        Ok(t) => Ok(TypeFilter { types: Some(t) }),
        Err(ignore::Error::UnrecognizedFileType(name)) => {
            Err(format!("unrecognized file type: {name}"))
        }
        Err(e) => Err(e.to_string()),
    }
}

/// `--type-list`: `name: glob, glob` per type, sorted by name.
pub fn list(sys: &mut Sys<'_>) -> Res<()> {
    let mut b = TypesBuilder::new();
    b.add_defaults();
    for def in b.definitions() {
        sys.tick.tick()?;
        sys.out
            .fmt(format_args!("{}: {}\n", def.name(), def.globs().join(", ")))?;
    }
    Ok(())
}
