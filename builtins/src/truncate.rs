//! `truncate`: shrink or extend files to a size.
//!
//! SIZE is a count with GNU's suffixes (`K`, `KB`, `KiB`...,
//! [`crate::common::num::parse_count`]) after an optional operator: `+`
//! extend by, `-` shrink by, `<` at most, `>` at least, `/` round down to
//! a multiple, `%` round up to one. Growth is bounded by the VFS's file
//! size limit (`File too large`), never allocated here.

use sandbash_vfs::FileSystem;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::num::parse_count;
use crate::common::quote;
use crate::common::sys::{Res, Sys};

/// The `truncate` utility: `-c -o -r -s`.
pub struct Truncate;

/// The options of `truncate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    NoCreate,
    IoBlocks,
    Reference,
    Size,
}

/// The block size `-o` counts in.
const IO_BLOCK: u64 = 4096;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Set,
    Extend,
    Shrink,
    AtMost,
    AtLeast,
    RoundDown,
    RoundUp,
}

impl Command for Truncate {
    const NAME: &'static str = "truncate";
    const HELP: Help = Help {
        usage: &["OPTION... FILE..."],
        about: "Shrink or extend the size of each FILE to the specified size\n\nA FILE argument that does not exist is created.\n\nIf a FILE is larger than the specified size, the extra data is lost.\nIf a FILE is shorter, it is extended and the sparse extended part (hole)\nreads as zero bytes.",
        after: "The SIZE argument is an integer and optional unit (example: 10K is 10*1024).\nUnits are K,M,G,T,P,E,Z,Y,R,Q (powers of 1024) or KB,MB,... (powers of 1000).\n\nSIZE may also be prefixed by one of the following modifying characters:\n'+' extend by, '-' reduce by, '<' at most, '>' at least,\n'/' round down to multiple of, '%' round up to multiple of.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'c',
            &["no-create"],
            Key::NoCreate,
            "do not create any files",
        ),
        Flag::new(
            'o',
            &["io-blocks"],
            Key::IoBlocks,
            "treat SIZE as number of IO blocks instead of bytes",
        ),
        Flag::new('r', &["reference"], Key::Reference, "base size on RFILE").value("RFILE"),
        Flag::new(
            's',
            &["size"],
            Key::Size,
            "set or adjust the file size by SIZE bytes",
        )
        .value("SIZE"),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let size = match p.last(Key::Size) {
            None => None,
            Some(s) => match parse_size(s) {
                Some((op, n)) => {
                    let n = if p.has(Key::IoBlocks) {
                        n.saturating_mul(IO_BLOCK)
                    } else {
                        n
                    };
                    if matches!(op, Op::RoundDown | Op::RoundUp) && n == 0 {
                        sys.diag.error("division by zero");
                        return Ok(1);
                    }
                    Some((op, n))
                }
                None => {
                    sys.diag.error(format_args!("Invalid number: {}", quote(s)));
                    return Ok(1);
                }
            },
        };
        let reference = p.last(Key::Reference);
        if size.is_none() && reference.is_none() {
            sys.diag
                .usage("you must specify either '--size' or '--reference'");
            return Ok(1);
        }
        if p.has(Key::IoBlocks) && size.is_none() {
            sys.diag
                .usage("'--io-blocks' was specified but '--size' was not");
            return Ok(1);
        }
        if let (Some((op, _)), Some(_)) = (size, reference)
            && op == Op::Set
        {
            sys.diag
                .usage("you must specify a relative '--size' with '--reference'");
            return Ok(1);
        }
        let ref_size = match reference {
            None => None,
            Some(r) => match sys.resolve(r).and_then(|a| sys.fs.metadata(&a)) {
                Ok(m) => Some(m.size),
                Err(e) => {
                    sys.diag
                        .error(format_args!("cannot stat {}: {}", quote(r), e.kind));
                    return Ok(1);
                }
            },
        };
        if p.operands.is_empty() {
            sys.diag.usage("missing file operand");
            return Ok(1);
        }
        let mut status = 0;
        for f in &p.operands {
            sys.tick.tick()?;
            if !truncate_one(sys, f, p.has(Key::NoCreate), size, ref_size) {
                status = 1;
            }
        }
        Ok(status)
    }
}

/// `[+-<>/%]COUNT`.
fn parse_size(s: &str) -> Option<(Op, u64)> {
    let t = s.trim_start();
    let (op, rest) = match t.chars().next()? {
        '+' => (Op::Extend, t.get(1..)?),
        '-' => (Op::Shrink, t.get(1..)?),
        '<' => (Op::AtMost, t.get(1..)?),
        '>' => (Op::AtLeast, t.get(1..)?),
        '/' => (Op::RoundDown, t.get(1..)?),
        '%' => (Op::RoundUp, t.get(1..)?),
        _ => (Op::Set, t),
    };
    let rest = rest.trim_start();
    if rest.ends_with('b') {
        return None;
    }
    Some((op, parse_count(rest)?))
}

fn new_size(op: Op, n: u64, cur: u64) -> u64 {
    match op {
        Op::Set => n,
        Op::Extend => cur.saturating_add(n),
        Op::Shrink => cur.saturating_sub(n),
        Op::AtMost => cur.min(n),
        Op::AtLeast => cur.max(n),
        Op::RoundDown => cur / n.max(1) * n,
        Op::RoundUp => cur.div_ceil(n.max(1)).saturating_mul(n),
    }
}

fn truncate_one(
    sys: &mut Sys<'_>,
    f: &str,
    no_create: bool,
    size: Option<(Op, u64)>,
    ref_size: Option<u64>,
) -> bool {
    let fs: &dyn FileSystem = sys.fs;
    let cannot_open = |sys: &mut Sys<'_>, e: &dyn std::fmt::Display| {
        sys.diag
            .error(format_args!("cannot open {} for writing: {e}", quote(f)));
        false
    };
    let abs = match sys.resolve(f) {
        Ok(a) => a,
        Err(e) => return cannot_open(sys, &e.kind),
    };
    let cur = match fs.metadata(&abs) {
        Ok(m) if m.is_dir() => {
            return cannot_open(sys, &sandbash_vfs::FsErrorKind::IsADirectory);
        }
        Ok(m) => m.size,
        Err(_) if no_create => return true,
        Err(_) => {
            if let Err(e) = fs.write(&abs, b"") {
                return cannot_open(sys, &e.kind);
            }
            0
        }
    };
    let target = match (size, ref_size) {
        (Some((op, n)), Some(r)) => new_size(op, n, r),
        (Some((op, n)), None) => new_size(op, n, cur),
        (None, Some(r)) => r,
        (None, None) => cur,
    };
    if target == cur {
        return true;
    }
    if let Err(e) = fs.truncate(&abs, target) {
        sys.diag.error(format_args!(
            "failed to truncate {} at {target} bytes: {}",
            quote(f),
            e.kind
        ));
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::Truncate;
    use crate::testutil::*;

    #[test]
    fn sizes() {
        let fs = TestFs::new();
        fs.file("f", b"12345");
        let size = |a: &[&str]| {
            run(&Truncate, a, b"", &fs);
            fs.text("f").len()
        };
        assert_eq!(size(&["-s", "+3", "f"]), 8);
        assert_eq!(size(&["-s", "-6", "f"]), 2);
        assert_eq!(size(&["-s", "%4", "f"]), 4);
        assert_eq!(size(&["-s", ">9", "f"]), 9);
        assert_eq!(size(&["-s", "/4", "f"]), 8);
        assert_eq!(size(&["-s", "<3", "f"]), 3);
        assert_eq!(size(&["-s", "1K", "f"]), 1024);
        assert_eq!(size(&["-o", "-s", "1", "f"]), 4096);
        run(&Truncate, &["-c", "-s", "3", "absent"], b"", &fs);
        assert!(!fs.has("/workspace/absent"));
    }

    #[test]
    fn errors() {
        let fs = TestFs::new();
        fs.dir("d");
        let o = run(&Truncate, &["-s", "abc", "f"], b"", &fs);
        assert_eq!(o.err, "truncate: Invalid number: 'abc'\n");
        let o = run(&Truncate, &["-s", "0", "d"], b"", &fs);
        assert_eq!(
            o.err,
            "truncate: cannot open 'd' for writing: Is a directory\n"
        );
        let o = run(&Truncate, &["f"], b"", &fs);
        assert!(o.err.starts_with("truncate: you must specify either"));
    }
}
