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
    /// The table as `--type-add`/`--type-clear` left it, for `--type-list`.
    defs: Vec<(String, Vec<String>)>,
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

/// The default table with the `--type-clear` (false) and `--type-add`
/// (true) changes, as ripgrep applies them: clears, then additions.
fn builder(defs: &[(String, bool)]) -> Result<TypesBuilder, String> {
    let mut b = TypesBuilder::new();
    b.add_defaults();
    for (name, _) in defs.iter().filter(|(_, add)| !*add) {
        b.clear(name);
    }
    for (def, _) in defs.iter().filter(|(_, add)| *add) {
        b.add_def(def).map_err(|e| e.to_string())?;
    }
    Ok(b)
}

/// The filter for `defs` changes and `(name, selected)` pairs in
/// command-line order, or ripgrep's message for an unknown type.
pub fn filter(defs: &[(String, bool)], sel: &[(String, bool)]) -> Result<TypeFilter, String> {
    let mut b = builder(defs)?;
    let table = b
        .definitions()
        .into_iter()
        .filter(|d| !d.globs().is_empty())
        .map(|d| (d.name().to_string(), d.globs().to_vec()))
        .collect();
    if sel.is_empty() {
        return Ok(TypeFilter {
            types: None,
            defs: table,
        });
    }
    for (name, select) in sel {
        if *select {
            b.select(name);
        } else {
            b.negate(name);
        }
    }
    match b.build() {
        Ok(t) => Ok(TypeFilter {
            types: Some(t),
            defs: table,
        }),
        Err(ignore::Error::UnrecognizedFileType(name)) => {
            Err(format!("unrecognized file type: {name}"))
        }
        Err(e) => Err(e.to_string()),
    }
}

/// `--type-list`: `name: glob, glob` per type, sorted by name.
pub fn list(sys: &mut Sys<'_>, f: &TypeFilter) -> Res<()> {
    for (name, globs) in &f.defs {
        sys.tick.tick()?;
        sys.out
            .fmt(format_args!("{name}: {}\n", globs.join(", ")))?;
    }
    Ok(())
}
