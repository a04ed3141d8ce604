//! `md5sum`, `sha1sum`, `sha224sum`, `sha256sum`, `sha384sum`,
//! `sha512sum` and `b2sum`: one [`Command`] over a [`Tool`] naming the
//! algorithm.

use std::marker::PhantomData;

use super::algo::Algo;
use super::check::{self, CheckOpts, Verbosity, misuse};
use super::line::{self, Expect, Style};
use super::read;
use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::input::or_stdin;
use crate::common::quote_shell;
use crate::common::sys::{Res, Sys};

/// One of the `*sum` tools.
pub trait Tool: Send + Sync + 'static {
    const NAME: &'static str;
    const ALGO: Algo;
    const ABOUT: &'static str;
    const FLAGS: &'static [Flag<Key>];
}

/// A `*sum` utility.
pub struct Sums<T: Tool>(pub PhantomData<T>);

/// The options of the `*sum` tools.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Binary,
    Check,
    Tag,
    Text,
    Zero,
    Length,
    IgnoreMissing,
    Quiet,
    Status,
    Strict,
    Warn,
}

macro_rules! sum_flags {
    ($($extra:expr),*) => {
        &[
            Flag::new('b', &["binary"], Key::Binary, "read in binary mode"),
            Flag::new('c', &["check"], Key::Check, "read checksums from the FILEs and check them"),
            $($extra,)*
            Flag::long(&["tag"], Key::Tag, "create a BSD-style checksum"),
            Flag::new('t', &["text"], Key::Text, "read in text mode (default)"),
            Flag::new('z', &["zero"], Key::Zero, "end each output line with NUL, not newline,\n  and disable file name escaping"),
            Flag::long(&["ignore-missing"], Key::IgnoreMissing, "don't fail or report status for missing files"),
            Flag::long(&["quiet"], Key::Quiet, "don't print OK for each successfully verified file"),
            Flag::long(&["status"], Key::Status, "don't output anything, status code shows success"),
            Flag::long(&["strict"], Key::Strict, "exit non-zero for improperly formatted checksum lines"),
            Flag::new('w', &["warn"], Key::Warn, "warn about improperly formatted checksum lines"),
        ]
    };
}

/// The table of the fixed-length tools.
const FIXED: &[Flag<Key>] = sum_flags!();

macro_rules! tool {
    ($ty:ident, $name:literal, $algo:expr, $about:literal, $flags:expr) => {
        #[doc = concat!("`", $name, "`.")]
        pub struct $ty;
        impl Tool for $ty {
            const NAME: &'static str = $name;
            const ALGO: Algo = $algo;
            const ABOUT: &'static str = $about;
            const FLAGS: &'static [Flag<Key>] = $flags;
        }
    };
}

tool!(
    Md5,
    "md5sum",
    Algo::Md5,
    "Print or check MD5 (128-bit) checksums.",
    FIXED
);
tool!(
    Sha1,
    "sha1sum",
    Algo::Sha1,
    "Print or check SHA1 (160-bit) checksums.",
    FIXED
);
tool!(
    Sha224,
    "sha224sum",
    Algo::Sha224,
    "Print or check SHA224 (224-bit) checksums.",
    FIXED
);
tool!(
    Sha256,
    "sha256sum",
    Algo::Sha256,
    "Print or check SHA256 (256-bit) checksums.",
    FIXED
);
tool!(
    Sha384,
    "sha384sum",
    Algo::Sha384,
    "Print or check SHA384 (384-bit) checksums.",
    FIXED
);
tool!(
    Sha512,
    "sha512sum",
    Algo::Sha512,
    "Print or check SHA512 (512-bit) checksums.",
    FIXED
);
tool!(
    B2, "b2sum", Algo::Blake2b, "Print or check BLAKE2b (512-bit) checksums.",
    sum_flags!(Flag::new('l', &["length"], Key::Length, "digest length in bits; must not exceed the max for\n  the blake2 algorithm and must be a multiple of 8").value("BITS"))
);

/// The digest length `-l` asks for (`0` is the full length), or the
/// error lines GNU prints.
pub fn length(value: &str, algo: Algo) -> Result<usize, Vec<String>> {
    let invalid = format!("invalid length: {}", crate::common::quote(value));
    let Ok(bits) = value.parse::<u64>() else {
        return Err(vec![invalid]);
    };
    if bits == 0 {
        return Ok(algo.bits());
    }
    if bits % 8 != 0 {
        return Err(vec![invalid, "length is not a multiple of 8".into()]);
    }
    if bits > algo.bits() as u64 {
        return Err(vec![
            invalid,
            format!(
                "maximum digest length for {} is {} bits",
                crate::common::quote(&algo.tag(algo.bits())),
                algo.bits()
            ),
        ]);
    }
    Ok(bits as usize)
}

/// Prints the digest line of each operand; gives the exit status.
pub fn print_digests(
    sys: &mut Sys<'_>,
    operands: Vec<String>,
    algo: Algo,
    bits: usize,
    style: &Style,
) -> Res<i32> {
    let mut status = 0;
    for op in or_stdin(operands) {
        let mut hasher = algo.hasher(bits);
        match read::feed(sys, &op, |b| hasher.update(b))? {
            Ok(()) => sys.out.str(&line::digest_line(&hasher.hex(), &op, style))?,
            Err(e) => {
                sys.out.flush()?;
                sys.diag.error(format_args!("{}: {e}", quote_shell(&op)));
                status = 1;
            }
        }
    }
    Ok(status)
}

/// Checks each list operand; gives the exit status.
pub fn check_lists(
    sys: &mut Sys<'_>,
    operands: Vec<String>,
    expect: Expect,
    what: &str,
    opts: CheckOpts,
) -> Res<i32> {
    let mut ok = true;
    // The untagged form is remembered from one list to the next, as GNU.
    let mut form = line::Form::default();
    for op in or_stdin(operands) {
        ok &= check::check(sys, &op, expect, what, opts, &mut form)?;
    }
    Ok(i32::from(!ok))
}

impl<T: Tool> Command for Sums<T> {
    const NAME: &'static str = T::NAME;
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: T::ABOUT,
        after: "With no FILE, or when FILE is -, read standard input.\n\nThe sums are computed as described in the algorithm's standard.\nWhen checking, the input should be a former output of this program.\nThe default mode is to print a line with: checksum, a space,\na character indicating input mode ('*' for binary, ' ' for text\nor where binary is insignificant), and name for each FILE.\n\nNote: There is no difference between binary mode and text mode on GNU systems.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = T::FLAGS;

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let mut opts = CheckOpts::default();
        let (mut check, mut tag, mut zero) = (false, false, false);
        let mut binary: Option<bool> = None;
        let mut bits = T::ALGO.bits();
        for (k, v) in p.each() {
            match k {
                Key::Binary => binary = Some(true),
                Key::Text => binary = Some(false),
                Key::Check => check = true,
                // GNU's --tag sets binary mode: `-t --tag` is fine,
                // `--tag -t` is refused below.
                Key::Tag => {
                    tag = true;
                    binary = Some(true);
                }
                Key::Zero => zero = true,
                Key::Length => match length(v, T::ALGO) {
                    Ok(b) => bits = b,
                    Err(lines) => {
                        for l in lines {
                            sys.diag.error(l);
                        }
                        return Ok(1);
                    }
                },
                Key::IgnoreMissing => opts.ignore_missing = true,
                Key::Quiet => opts.set(Verbosity::Quiet),
                Key::Status => opts.set(Verbosity::Status),
                Key::Warn => opts.set(Verbosity::Warn),
                Key::Strict => opts.strict = true,
            }
        }
        if tag && binary == Some(false) {
            sys.diag.usage("--tag does not support --text mode");
            return Ok(1);
        }
        if let Some(m) = misuse(check, zero, tag, binary.is_some(), &opts) {
            sys.diag.usage(m);
            return Ok(1);
        }
        if check {
            // GNU ignores `-l` when checking: a BLAKE2b line's length is
            // its own (`b2sum -l 128 -c` accepts 512-bit lines).
            let len = (T::ALGO != Algo::Blake2b).then_some(T::ALGO.bits());
            let what = T::ALGO.tag(T::ALGO.bits());
            return check_lists(sys, p.operands, Expect::One(T::ALGO, len), &what, opts);
        }
        let style = Style {
            tag: tag.then(|| T::ALGO.tag(bits)),
            binary: binary == Some(true),
            zero,
        };
        print_digests(sys, p.operands, T::ALGO, bits, &style)
    }
}
