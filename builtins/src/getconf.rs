//! `getconf`: configuration values, as glibc's `getconf` prints them for
//! the sandbox.
//!
//! The values are fixed ones of a 64-bit Linux glibc 2.36 system, except
//! where the sandbox has its own: `_NPROCESSORS_ONLN`/`_NPROCESSORS_CONF`
//! are what `nproc` reports, `CHILD_MAX` the run's job limit, `OPEN_MAX`
//! what `ulimit -n` shows until lowered, `_PHYS_PAGES`/`_AVPHYS_PAGES` the
//! memory limit in pages. Path variables (`PATH_MAX`, `NAME_MAX`,
//! `PIPE_BUF`, ...) need a path operand and give the same value for every
//! path; like glibc, all but `PATH_MAX` and `PIPE_BUF` (answered from
//! constants) fail on a path that does not exist (status 3). The other
//! variables refuse a path.
//! Errors are glibc's: an unknown name (or option) is `Unrecognized
//! variable`, a malformed command line prints the synopsis; both exit 2.

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, OptError, Syntax};
use crate::common::sys::{Res, Sys};

/// The `getconf` utility: `-a`, `-v SPEC`, `NAME [PATH]`.
pub struct Getconf;

/// The options of `getconf`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    All,
    Spec,
}

const USAGE: &str =
    "Usage: getconf [-v specification] variable_name [pathname]\n       getconf -a [pathname]\n";

/// Variables that take a path (glibc's `pathconf` names).
const PATH_VARS: &[(&str, &str)] = &[
    ("LINK_MAX", "65000"),
    ("_POSIX_LINK_MAX", "65000"),
    ("MAX_CANON", "255"),
    ("_POSIX_MAX_CANON", "255"),
    ("MAX_INPUT", "255"),
    ("_POSIX_MAX_INPUT", "255"),
    ("NAME_MAX", "255"),
    ("_POSIX_NAME_MAX", "255"),
    ("PATH_MAX", "4096"),
    ("_POSIX_PATH_MAX", "4096"),
    ("PIPE_BUF", "4096"),
    ("_POSIX_PIPE_BUF", "4096"),
];

/// A variable with a value of the sandbox's own, or a fixed one.
enum V {
    Fixed(&'static str),
    /// `nproc`'s units.
    Cpus,
    /// The job limit.
    Jobs,
    /// `ulimit -n`.
    Files,
    /// The memory limit in 4096-byte pages.
    Pages,
}

/// The other variables, in glibc's `getconf -a` order; `""` is
/// `undefined`.
const SYS_VARS: &[(&str, V)] = &[
    ("ARG_MAX", V::Fixed("2097152")),
    ("CHAR_BIT", V::Fixed("8")),
    ("CHAR_MAX", V::Fixed("127")),
    ("CHAR_MIN", V::Fixed("-128")),
    ("CHILD_MAX", V::Jobs),
    ("CLK_TCK", V::Fixed("100")),
    ("INT_MAX", V::Fixed("2147483647")),
    ("INT_MIN", V::Fixed("-2147483648")),
    ("IOV_MAX", V::Fixed("1024")),
    ("LOGNAME_MAX", V::Fixed("256")),
    ("LONG_BIT", V::Fixed("64")),
    ("MB_LEN_MAX", V::Fixed("16")),
    ("NGROUPS_MAX", V::Fixed("65536")),
    ("NL_ARGMAX", V::Fixed("4096")),
    ("NZERO", V::Fixed("20")),
    ("OPEN_MAX", V::Files),
    ("PAGESIZE", V::Fixed("4096")),
    ("PAGE_SIZE", V::Fixed("4096")),
    ("SCHAR_MAX", V::Fixed("127")),
    ("SCHAR_MIN", V::Fixed("-128")),
    ("SHRT_MAX", V::Fixed("32767")),
    ("SHRT_MIN", V::Fixed("-32768")),
    ("SSIZE_MAX", V::Fixed("32767")),
    ("TTY_NAME_MAX", V::Fixed("32")),
    ("TZNAME_MAX", V::Fixed("")),
    ("UCHAR_MAX", V::Fixed("255")),
    ("UINT_MAX", V::Fixed("4294967295")),
    ("ULONG_MAX", V::Fixed("18446744073709551615")),
    ("USHRT_MAX", V::Fixed("65535")),
    ("WORD_BIT", V::Fixed("32")),
    ("_AVPHYS_PAGES", V::Pages),
    ("_NPROCESSORS_CONF", V::Cpus),
    ("_NPROCESSORS_ONLN", V::Cpus),
    ("_PHYS_PAGES", V::Pages),
    ("_POSIX_ARG_MAX", V::Fixed("2097152")),
    ("_POSIX_CHILD_MAX", V::Jobs),
    ("_POSIX_OPEN_MAX", V::Files),
    ("_POSIX_VERSION", V::Fixed("200809")),
    ("_XOPEN_VERSION", V::Fixed("700")),
    ("BC_BASE_MAX", V::Fixed("99")),
    ("BC_DIM_MAX", V::Fixed("2048")),
    ("BC_SCALE_MAX", V::Fixed("99")),
    ("BC_STRING_MAX", V::Fixed("1000")),
    ("COLL_WEIGHTS_MAX", V::Fixed("255")),
    ("EXPR_NEST_MAX", V::Fixed("32")),
    ("LINE_MAX", V::Fixed("2048")),
    ("POSIX2_VERSION", V::Fixed("200809")),
    ("RE_DUP_MAX", V::Fixed("32767")),
    ("PATH", V::Fixed("/bin:/usr/bin")),
    ("CS_PATH", V::Fixed("/bin:/usr/bin")),
    ("SYMLOOP_MAX", V::Fixed("")),
    ("STREAM_MAX", V::Fixed("16")),
    ("HOST_NAME_MAX", V::Fixed("64")),
    ("LOGIN_NAME_MAX", V::Fixed("256")),
    ("GNU_LIBC_VERSION", V::Fixed("glibc 2.36")),
    ("GNU_LIBPTHREAD_VERSION", V::Fixed("NPTL 2.36")),
    ("LEVEL1_DCACHE_LINESIZE", V::Fixed("64")),
];

fn value(sys: &Sys<'_>, v: &V) -> String {
    match v {
        V::Fixed(s) => (*s).to_owned(),
        V::Cpus => crate::nproc::UNITS.to_string(),
        V::Jobs => sys.limits.max_jobs.to_string(),
        V::Files => "1024".to_owned(),
        V::Pages => (sys.limits.max_memory / 4096).to_string(),
    }
}

/// Finds a name, with or without glibc's accepted `_POSIX_`/`_SC_`-less
/// spelling; `Some(true)` for a path variable.
fn find<'a>(name: &str) -> Option<(bool, Option<&'a V>, &'static str)> {
    if let Some((_, v)) = PATH_VARS.iter().find(|(n, _)| *n == name) {
        return Some((true, None, v));
    }
    SYS_VARS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| (false, Some(v), ""))
}

impl Command for Getconf {
    const NAME: &'static str = "getconf";
    const HELP: Help = Help {
        usage: &["[-v SPEC] VAR", "[-v SPEC] PATH_VAR PATH", "-a [PATH]"],
        about: "Get the configuration value for variable VAR, or for variable PATH_VAR\nfor path PATH.  If SPEC is given, give values for compilation\nenvironment SPEC.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('a', &[], Key::All, "print every variable and its value"),
        Flag::new(
            'v',
            &[],
            Key::Spec,
            "use compilation environment SPEC (accepted, ignored)",
        )
        .value("SPEC"),
    ];
    const SYNTAX: Syntax = Syntax::GNU.status(2).stop_at_operand();

    fn usage_error(sys: &mut Sys<'_>, err: &OptError) -> i32 {
        match err {
            OptError::InvalidShort(_, word) => {
                sys.diag
                    .raw(format!("getconf: Unrecognized variable `{word}'\n").as_bytes());
            }
            _ => sys.diag.raw(USAGE.as_bytes()),
        }
        2
    }

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let ops = &p.operands;
        if p.has(Key::All) {
            if ops.len() > 1 {
                sys.diag.raw(USAGE.as_bytes());
                return Ok(2);
            }
            for (n, v) in PATH_VARS {
                sys.tick.tick()?;
                sys.out.fmt(format_args!("{n:<35}{v}\n"))?;
            }
            for (n, v) in SYS_VARS {
                sys.tick.tick()?;
                let v = value(sys, v);
                sys.out.fmt(format_args!("{n:<35}{v}\n"))?;
            }
            return Ok(0);
        }
        let (Some(name), 1..=2) = (ops.first(), ops.len()) else {
            sys.diag.raw(USAGE.as_bytes());
            return Ok(2);
        };
        let Some((is_path, v, pv)) = find(name) else {
            sys.diag
                .raw(format!("getconf: Unrecognized variable `{name}'\n").as_bytes());
            return Ok(2);
        };
        if is_path != (ops.len() == 2) {
            sys.diag.raw(USAGE.as_bytes());
            return Ok(2);
        }
        // glibc answers these four from constants; the others ask the
        // filesystem, which must find the path.
        if let Some(path) = ops.get(1)
            && !matches!(
                name.as_str(),
                "PATH_MAX" | "_POSIX_PATH_MAX" | "PIPE_BUF" | "_POSIX_PIPE_BUF"
            )
            && let Err(e) = sys.resolve(path).and_then(|a| sys.fs.metadata(&a))
        {
            sys.diag
                .raw(format!("getconf: pathconf: {path}: {}\n", e.kind).as_bytes());
            return Ok(3);
        }
        let text = match v {
            Some(v) => value(sys, v),
            None => pv.to_owned(),
        };
        let text = if text.is_empty() {
            "undefined".to_owned()
        } else {
            text
        };
        sys.out.fmt(format_args!("{text}\n"))?;
        Ok(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::run0;

    fn go(args: &[&str]) -> (String, String, i32) {
        let r = run0(&Getconf, args, b"");
        (r.out, r.err, r.status)
    }

    #[test]
    fn values_and_errors() {
        assert_eq!(go(&["PAGESIZE"]).0, "4096\n");
        assert_eq!(go(&["PATH_MAX", "/"]).0, "4096\n");
        assert_eq!(go(&["PATH_MAX", "/nope"]).0, "4096\n");
        let (_, e, s) = go(&["NAME_MAX", "/nope"]);
        assert_eq!(
            (e.as_str(), s),
            ("getconf: pathconf: /nope: No such file or directory\n", 3)
        );
        assert_eq!(go(&["TZNAME_MAX"]).0, "undefined\n");
        assert_eq!(go(&["_NPROCESSORS_ONLN"]).0, "1\n");
        let (_, e, s) = go(&["NOPE"]);
        assert_eq!(
            (e.as_str(), s),
            ("getconf: Unrecognized variable `NOPE'\n", 2)
        );
        let (_, e, s) = go(&["PATH_MAX"]);
        assert_eq!((e.as_str(), s), (USAGE, 2));
        let (_, e, s) = go(&["LONG_BIT", "/"]);
        assert_eq!((e.as_str(), s), (USAGE, 2));
        let (_, e, s) = go(&["-x"]);
        assert_eq!(
            (e.as_str(), s),
            ("getconf: Unrecognized variable `-x'\n", 2)
        );
        let (o, _, s) = go(&["-a"]);
        assert!(o.starts_with("LINK_MAX                           65000\n"));
        assert_eq!(s, 0);
    }
}
