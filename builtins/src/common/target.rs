//! Where `cp` and `mv` put each source, as GNU decides it: into the
//! `-t DIR` directory, onto `DEST` with `-T`, into the last operand when it
//! is a directory, or onto it when there are just two operands.

use sandbash_vfs::FsErrorKind;

use crate::common::fsutil::{base_name, join};
use crate::common::quote;
use crate::common::sys::{Res, Sys};

/// One source and its destination, both as the user wrote them.
pub struct Pair {
    /// The source operand.
    pub src: String,
    /// Where it goes: the destination operand, or the target directory
    /// joined with the source's last component.
    pub dst: String,
}

/// The source and destination of a [`Pair`], resolved to absolute paths.
pub struct Resolved {
    /// The absolute source.
    pub src: String,
    /// The absolute destination.
    pub dst: String,
}

impl Pair {
    /// Resolves both paths against the working directory; when either is
    /// too long, reports `cannot VERB 'SRC': File name too long` and
    /// gives `None`.
    fn resolve(&self, sys: &mut Sys<'_>, verb: &str) -> Option<Resolved> {
        match (sys.resolve(&self.src), sys.resolve(&self.dst)) {
            (Ok(src), Ok(dst)) => Some(Resolved { src, dst }),
            _ => {
                sys.diag.error(format_args!(
                    "cannot {verb} {}: {}",
                    quote(&self.src),
                    FsErrorKind::NameTooLong
                ));
                None
            }
        }
    }
}

/// Whether `operand` names a directory (following symlinks).
fn is_dir(sys: &Sys<'_>, operand: &str) -> bool {
    sys.resolve(operand)
        .is_ok_and(|f| sys.fs.metadata(&f).is_ok_and(|m| m.is_dir()))
}

/// `src` moved into the directory `dir`.
fn into(dir: &str, src: &str) -> Pair {
    Pair {
        src: src.to_string(),
        dst: join(dir, base_name(src)),
    }
}

/// Plans the pairs from the operands, `-t DIR` (`target_dir`) and `-T`
/// (`no_target_dir`) (see [`plan`]) and hands each, resolved, to `each`,
/// which says whether it succeeded. The status is 1 when planning failed
/// or any pair failed to resolve (reported as `cannot VERB`) or to be
/// handled; the rest are still handled.
pub fn for_each_pair(
    sys: &mut Sys<'_>,
    operands: &[String],
    target_dir: Option<&str>,
    no_target_dir: bool,
    verb: &str,
    mut each: impl FnMut(&mut Sys<'_>, &Pair, &Resolved) -> Res<bool>,
) -> Res<i32> {
    let Some(pairs) = plan(sys, operands, target_dir, no_target_dir) else {
        return Ok(1);
    };
    let mut status = 0;
    for pair in pairs {
        sys.tick.check()?;
        let ok = match pair.resolve(sys, verb) {
            Some(abs) => each(sys, &pair, &abs)?,
            None => false,
        };
        if !ok {
            status = 1;
        }
    }
    Ok(status)
}

/// Works out the pairs from the operands, `-t DIR` (`target_dir`) and
/// `-T` (`no_target_dir`). Reports usage errors itself and returns `None`
/// then.
fn plan(
    sys: &mut Sys<'_>,
    operands: &[String],
    target_dir: Option<&str>,
    no_target_dir: bool,
) -> Option<Vec<Pair>> {
    if let Some(dir) = target_dir {
        if !is_dir(sys, dir) {
            sys.diag.error(format_args!(
                "target directory {} is not a directory",
                quote(dir)
            ));
            return None;
        }
        if operands.is_empty() {
            sys.diag.usage("missing file operand");
            return None;
        }
        return Some(operands.iter().map(|s| into(dir, s)).collect());
    }
    match operands {
        [] => {
            sys.diag.usage("missing file operand");
            None
        }
        [one] => {
            sys.diag.usage(format_args!(
                "missing destination file operand after {}",
                quote(one)
            ));
            None
        }
        [src, dst] => {
            if !no_target_dir && is_dir(sys, dst) {
                return Some(vec![into(dst, src)]);
            }
            Some(vec![Pair {
                src: src.clone(),
                dst: dst.clone(),
            }])
        }
        [srcs @ .., dst] => {
            if no_target_dir {
                sys.diag.usage(format_args!(
                    "extra operand {}",
                    quote(operands.get(2).map_or("", String::as_str))
                ));
                return None;
            }
            if !is_dir(sys, dst) {
                // As GNU: a missing target is named by its errno.
                let missing = sys
                    .resolve(dst)
                    .is_ok_and(|f| sys.fs.symlink_metadata(&f).is_err());
                if missing {
                    sys.diag.error(format_args!(
                        "target {}: {}",
                        quote(dst),
                        FsErrorKind::NotFound
                    ));
                } else {
                    sys.diag
                        .error(format_args!("target {} is not a directory", quote(dst)));
                }
                return None;
            }
            Some(srcs.iter().map(|s| into(dst, s)).collect())
        }
    }
}
