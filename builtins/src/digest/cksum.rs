//! `cksum`: the POSIX CRC by default; `-a` selects the BSD or System V
//! sum or any digest, printed BSD-tagged unless `--untagged`.

use super::algo::{self, Algo, Plain, PlainSum};
use super::check::{CheckOpts, Verbosity, misuse};
use super::line::{Expect, Style};
use super::read::{self, ReadError};
use super::sums::{check_lists, length, print_digests};
use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::input::or_stdin;
use crate::common::quote_shell;
use crate::common::sys::{Res, Sys};
use sandbash_vfs::FsErrorKind;

/// The `cksum` utility.
pub struct Cksum;

/// The options of `cksum`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Algorithm,
    Check,
    Length,
    Tag,
    Untagged,
    Zero,
    IgnoreMissing,
    Quiet,
    Status,
    Strict,
    Warn,
    Debug,
}

/// What `-a` selected.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Plain(Plain),
    Digest(Algo),
}

fn kind_named(name: &str) -> Option<Kind> {
    Some(match name {
        "crc" => Kind::Plain(Plain::Crc),
        "bsd" => Kind::Plain(Plain::Bsd),
        "sysv" => Kind::Plain(Plain::Sysv),
        _ => Kind::Digest(algo::ALL.into_iter().find(|a| a.name() == name)?),
    })
}

/// The names `-a` takes, in GNU's order.
const NAMES: [&str; 11] = [
    "bsd", "sysv", "crc", "md5", "sha1", "sha224", "sha256", "sha384", "sha512", "blake2b", "sm3",
];

impl Command for Cksum {
    const NAME: &'static str = "cksum";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: "Print or verify checksums.\nBy default use the 32 bit CRC algorithm.\n\nWith no FILE, or when FILE is -, read standard input.",
        after: "DIGEST determines the digest algorithm and default output format:\n  sysv      (equivalent to sum -s)\n  bsd       (equivalent to sum -r)\n  crc       (equivalent to cksum)\n  md5       (equivalent to md5sum)\n  sha1      (equivalent to sha1sum)\n  sha224    (equivalent to sha224sum)\n  sha256    (equivalent to sha256sum)\n  sha384    (equivalent to sha384sum)\n  sha512    (equivalent to sha512sum)\n  blake2b   (equivalent to b2sum)\n  sm3       (only available through cksum)",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('a', &["algorithm"], Key::Algorithm, "select the digest type to use.  See DIGEST below.").value("TYPE"),
        Flag::new('c', &["check"], Key::Check, "read checksums from the FILEs and check them"),
        Flag::new('l', &["length"], Key::Length, "digest length in bits; must not exceed the max for\n  the blake2 algorithm and must be a multiple of 8").value("BITS"),
        Flag::long(&["tag"], Key::Tag, "create a BSD-style checksum (the default)"),
        Flag::long(&["untagged"], Key::Untagged, "create a reversed style checksum, without digest type"),
        Flag::new('z', &["zero"], Key::Zero, "end each output line with NUL, not newline,\n  and disable file name escaping"),
        Flag::long(&["ignore-missing"], Key::IgnoreMissing, "don't fail or report status for missing files"),
        Flag::long(&["quiet"], Key::Quiet, "don't print OK for each successfully verified file"),
        Flag::long(&["status"], Key::Status, "don't output anything, status code shows success"),
        Flag::long(&["strict"], Key::Strict, "exit non-zero for improperly formatted checksum lines"),
        Flag::new('w', &["warn"], Key::Warn, "warn about improperly formatted checksum lines"),
        Flag::long(&["debug"], Key::Debug, "indicate which implementation used"),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let mut kind = Kind::Plain(Plain::Crc);
        let mut explicit_kind = false;
        let mut opts = CheckOpts::default();
        let (mut check, mut untagged, mut zero) = (false, false, false);
        let mut length_arg: Option<String> = None;
        for (k, v) in p.each() {
            match k {
                Key::Algorithm => match kind_named(v) {
                    Some(x) => {
                        kind = x;
                        explicit_kind = true;
                    }
                    None => {
                        let list: String = NAMES.iter().map(|n| format!("\n  - '{n}'")).collect();
                        sys.diag.usage(format_args!(
                            "invalid argument {} for '--algorithm'\nValid arguments are:{list}",
                            crate::common::quote(v)
                        ));
                        return Ok(1);
                    }
                },
                Key::Check => check = true,
                Key::Length => length_arg = Some(v.to_owned()),
                Key::Tag => untagged = false,
                Key::Untagged => untagged = true,
                Key::Zero => zero = true,
                Key::IgnoreMissing => opts.ignore_missing = true,
                Key::Quiet => opts.set(Verbosity::Quiet),
                Key::Status => opts.set(Verbosity::Status),
                Key::Warn => opts.set(Verbosity::Warn),
                Key::Strict => opts.strict = true,
                Key::Debug => {}
            }
        }
        if let Some(m) = misuse(check, zero, false, false, &opts) {
            sys.diag.usage(m);
            return Ok(1);
        }
        let mut bits = match kind {
            Kind::Digest(a) => a.bits(),
            Kind::Plain(_) => 0,
        };
        if let Some(v) = &length_arg {
            if kind != Kind::Digest(Algo::Blake2b) {
                sys.diag
                    .error("--length is only supported with --algorithm=blake2b");
                return Ok(1);
            }
            match length(v, Algo::Blake2b) {
                Ok(b) => bits = b,
                Err(lines) => {
                    for l in lines {
                        sys.diag.error(l);
                    }
                    return Ok(1);
                }
            }
        }
        if check {
            let expect = match kind {
                Kind::Plain(_) if explicit_kind => {
                    sys.diag
                        .error("--check is not supported with --algorithm={bsd,sysv,crc}");
                    return Ok(1);
                }
                Kind::Plain(_) => Expect::Tagged,
                // GNU ignores `-l` when checking: a BLAKE2b line's length
                // is its own (`b2sum -l 128 -c` accepts 512-bit lines).
                Kind::Digest(a) => Expect::One(a, (a != Algo::Blake2b).then_some(a.bits())),
            };
            // Without `-a`, GNU names the algorithm of the last line read
            // in its warnings, CRC before any.
            let what = match kind {
                Kind::Digest(a) => a.tag(a.bits()),
                Kind::Plain(_) => "CRC".to_owned(),
            };
            return check_lists(sys, p.operands, expect, &what, opts);
        }
        match kind {
            Kind::Digest(a) => {
                let style = Style {
                    tag: (!untagged).then(|| a.tag(bits)),
                    binary: false,
                    zero,
                };
                print_digests(sys, p.operands, a, bits, &style)
            }
            Kind::Plain(plain) => plain_sums(sys, p.operands, plain, zero),
        }
    }
}

/// Prints `CHECKSUM SIZE [NAME]` per operand (`sum`, `cksum`): the name
/// only when operands were given, never escaped.
pub fn plain_sums(sys: &mut Sys<'_>, operands: Vec<String>, plain: Plain, zero: bool) -> Res<i32> {
    let named = !operands.is_empty();
    let mut status = 0;
    for op in or_stdin(operands) {
        let mut sum = PlainSum::new(plain);
        match read::feed(sys, &op, |b| sum.update(b))? {
            Ok(()) => {
                let mut line = sum.text();
                if named {
                    line.push(' ');
                    line.push_str(&op);
                }
                line.push(if zero { '\0' } else { '\n' });
                sys.out.str(&line)?;
            }
            // coreutils 9.1's CRC loop does not check for read errors:
            // a directory sums as empty, status 0 (`4294967295 0 d`).
            Err(ReadError::Open(e))
                if plain == Plain::Crc && e.kind == FsErrorKind::IsADirectory =>
            {
                let mut line = PlainSum::new(plain).text();
                line.push(' ');
                line.push_str(&op);
                line.push(if zero { '\0' } else { '\n' });
                sys.out.str(&line)?;
            }
            Err(e) => {
                sys.out.flush()?;
                sys.diag.error(format_args!("{}: {e}", quote_shell(&op)));
                status = 1;
            }
        }
    }
    Ok(status)
}
