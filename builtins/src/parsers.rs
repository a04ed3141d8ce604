//! The utilities' language parsers, reachable on their own: the fuzz
//! targets feed them untrusted text without running a utility. Each
//! returns whether the text parsed; none may panic or run unbounded on
//! any input (the fuzz targets `sed`, `find`, `awk`, `jq`, `bc`, `utils`
//! and `decoders` check it; `utils` feeds grep's patterns to [`bre`] and
//! [`ere`], which reach the back-reference matcher too).

use std::sync::Arc;

use sandbash_interpreter::memory::MemoryBudget;
use sandbash_vfs::FileSystem;

/// A `sed` script, as given with `-e` (`ere`: with `-E`), its memory
/// charged to `budget` while it is parsed.
pub fn sed(script: &[u8], ere: bool, budget: &Arc<MemoryBudget>) -> bool {
    let src = [crate::sed::parse::Source {
        text: script.to_vec(),
        origin: crate::sed::parse::Origin::Expr(1),
    }];
    let opts = crate::sed::parse::Options {
        ere,
        max_depth: 200,
    };
    crate::sed::parse::parse(&src, opts, budget).is_ok()
}

/// A unified, context or normal diff as `patch` reads it.
pub fn patch(text: &[u8]) -> bool {
    crate::patch::parse::parse(text).is_ok()
}

/// `find`'s expression arguments, over `fs` from `cwd`.
pub fn find(args: &[String], fs: &dyn FileSystem, cwd: &str) -> bool {
    let env = crate::find::parse::Env {
        fs,
        cwd,
        now: std::time::SystemTime::now(),
    };
    crate::find::parse::parse(args, &env).is_ok()
}

/// A `find -printf` format.
pub fn find_format(format: &str) -> bool {
    crate::find::print::parse_format(format).is_ok()
}

/// An `awk` program, nesting bounded by `max_depth`.
pub fn awk(program: &[u8], max_depth: usize) -> bool {
    crate::awk::parse::parse(program, max_depth).is_ok()
}

/// A `jq` filter, with `$ENV` defined.
pub fn jq(filter: &str) -> bool {
    crate::jq::program::compile(filter, &["$ENV".to_string()]).is_ok()
}

/// A `bc` program, item by item as `bc` reads it, going on after an
/// item in error as `bc` does (at most `max_items`); whether every item
/// parsed.
pub fn bc(program: &[u8], max_items: usize) -> bool {
    let mut rest = program;
    let mut all = true;
    for _ in 0..max_items {
        let mut p = crate::bc::parser::Parser::new(rest, true);
        let r = p.item();
        let used = p.lx.pos.max(1).min(rest.len());
        match r {
            Ok(None) => break,
            Ok(Some(_)) => {}
            Err(_) => all = false,
        }
        rest = rest.get(used..).unwrap_or(&[]);
        if rest.is_empty() {
            break;
        }
    }
    all
}

/// A POSIX basic regular expression, translated for the `regex` crate,
/// and with its back-references kept: compiled for the backtracker and
/// run on a short text (see [`backtrack`]).
pub fn bre(pattern: &str) -> bool {
    let plain = crate::common::regex_tr::bre(pattern).is_ok();
    let refs = crate::common::regex_tr::bre_refs(pattern, 0).is_ok_and(|t| backtrack(&t));
    plain || refs
}

/// A POSIX extended regular expression, as [`bre`] does.
pub fn ere(pattern: &str) -> bool {
    let plain = crate::common::regex_tr::ere(pattern).is_ok();
    let refs = crate::common::regex_tr::ere_refs(pattern, 0).is_ok_and(|t| backtrack(&t));
    plain || refs
}

/// Compiles a translation with back-references for the backtracker and
/// searches a short text with it; whether it compiled. Panics when a
/// match falls outside the text or its groups do (the fuzz targets'
/// invariant); stopping early is no failure.
fn backtrack(translation: &str) -> bool {
    use crate::common::backref::{Backtrack, Flags};
    let src = crate::common::regex_tr::bytes_escaped(translation);
    let Ok(b) = Backtrack::new(&src, Flags::default()) else {
        return false;
    };
    let text = b"abcabc aa bb\x00(x)\nA\xff_1";
    // The stop signal is looked at every few thousand steps: stopping
    // after 64 looks keeps a catastrophic pattern's run short.
    let looks = std::cell::Cell::new(0u32);
    let stop = || {
        looks.set(looks.get() + 1);
        looks.get() > 64
    };
    if let Ok(Some(groups)) = b.find_at(text, 0, &stop) {
        for (s, e) in groups.into_iter().flatten() {
            assert!(s <= e && e <= text.len(), "backtracker span out of range");
        }
    }
    true
}
