//! `envsubst`: substitute environment variables in standard input, as GNU
//! gettext's `envsubst` (0.21) does.
//!
//! Standard input is copied to standard output byte for byte, except for
//! references `$NAME` and `${NAME}` (NAME a letter or `_`, then letters,
//! digits and `_`), which become the variable's value, empty when it is
//! not set. With a SHELL-FORMAT operand only the variables it references
//! are substituted; the other references are copied as written. Anything
//! else is copied as it is: a `$` not followed by a name (`$1`, `$$`,
//! `$ `), and `${NAME` not closed right after the name (`${A:-x}`,
//! `${A`), whose `${NAME` is copied and reading goes on after the name.
//! A value is written as it is, never substituted again.
//!
//! `-v`/`--variables` prints the names SHELL-FORMAT references, one per
//! line, in order and with repeats, and reads nothing; without
//! SHELL-FORMAT it is the error `missing arguments`. More than one
//! operand is `too many arguments`. Both exit 1, as usage errors do.
//!
//! Input streams through a 64 KiB buffer; the only thing held is the
//! name being read, charged to the memory budget (a name is as long as
//! the input can make it).

use std::collections::{HashMap, HashSet};
use std::io::Read;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::sys::{Res, Sys, Ticker, hold, io_msg};

/// The `envsubst` utility.
pub struct Envsubst;

/// The options of `envsubst`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Variables,
}

/// GNU's `--help` text.
const HELP_TEXT: &str = "Usage: envsubst [OPTION] [SHELL-FORMAT]

Substitutes the values of environment variables.

Operation mode:
  -v, --variables             output the variables occurring in SHELL-FORMAT

Informative output:
  -h, --help                  display this help and exit
  -V, --version               output version information and exit

In normal operation mode, standard input is copied to standard output,
with references to environment variables of the form $VARIABLE or ${VARIABLE}
being replaced with the corresponding values.  If a SHELL-FORMAT is given,
only those environment variables that are referenced in SHELL-FORMAT are
substituted; otherwise all environment variables references occurring in
standard input are substituted.

When --variables is used, standard input is ignored, and the output consists
of the environment variables that are referenced in SHELL-FORMAT, one per line.

Report bugs in the bug tracker at <https://savannah.gnu.org/projects/gettext>
or by email to <bug-gettext@gnu.org>.
";

impl Command for Envsubst {
    const NAME: &'static str = "envsubst";
    const HELP: Help = Help {
        usage: &["[OPTION] [SHELL-FORMAT]"],
        about: "Substitutes the values of environment variables.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[Flag::new(
        'v',
        &["variables"],
        Key::Variables,
        "output the variables occurring in SHELL-FORMAT",
    )];
    const SYNTAX: Syntax = Syntax {
        help_short: Some('h'),
        version_short: Some('V'),
        ..Syntax::GNU
    };

    fn help() -> String {
        HELP_TEXT.to_owned()
    }

    fn main(sys: &mut Sys<'_>, args: Args<Key>) -> Res<i32> {
        if args.operands.len() > 1 {
            sys.diag.error("too many arguments");
            return Ok(1);
        }
        let format = args.operands.first();
        if args.has(Key::Variables) {
            let Some(format) = format else {
                sys.diag.error("missing arguments");
                return Ok(1);
            };
            for name in variables(format) {
                sys.tick.tick()?;
                sys.out.str(name)?;
                sys.out.put(b"\n")?;
            }
            return Ok(0);
        }
        // Only the variables SHELL-FORMAT names, or all of them.
        let only: Option<HashSet<&str>> = format.map(|f| variables(f).collect());
        substitute(sys, only.as_ref())
    }
}

/// Whether `c` may start a variable name.
fn name_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

/// Whether `c` may continue a variable name.
fn name_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The names SHELL-FORMAT references, in order and with repeats: `$NAME`
/// and `${NAME}` (a `${NAME` without its `}` names nothing).
fn variables(format: &str) -> impl Iterator<Item = &str> {
    let b = format.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while let Some(&c) = b.get(i) {
            i += 1;
            if c != b'$' {
                continue;
            }
            let brace = b.get(i) == Some(&b'{');
            if brace {
                i += 1;
            }
            if !b.get(i).is_some_and(|&c| name_start(c)) {
                continue;
            }
            let start = i;
            while b.get(i).is_some_and(|&c| name_byte(c)) {
                i += 1;
            }
            let end = i;
            if brace {
                if b.get(i) != Some(&b'}') {
                    continue;
                }
                i += 1;
            }
            return format.get(start..end);
        }
        None
    })
}

/// Standard input, a byte at a time with one byte of push-back, and the
/// plain text up to the next `$` a slice at a time. A read error ends
/// the input and is kept for the message.
struct Input<'a> {
    src: &'a mut dyn Read,
    buf: Vec<u8>,
    pos: usize,
    len: usize,
    back: Option<u8>,
    err: Option<std::io::Error>,
}

impl Input<'_> {
    /// Makes sure bytes are buffered; false at the end of the input.
    fn fill(&mut self, tick: &mut Ticker<'_>) -> Res<bool> {
        while self.pos >= self.len {
            tick.tick()?;
            if self.err.is_some() {
                return Ok(false);
            }
            match self.src.read(&mut self.buf) {
                Ok(0) => return Ok(false),
                Ok(n) => (self.pos, self.len) = (0, n),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => self.err = Some(e),
            }
        }
        Ok(true)
    }

    fn getc(&mut self, tick: &mut Ticker<'_>) -> Res<Option<u8>> {
        if let Some(c) = self.back.take() {
            return Ok(Some(c));
        }
        if !self.fill(tick)? {
            return Ok(None);
        }
        let c = self.buf.get(self.pos).copied();
        self.pos += 1;
        Ok(c)
    }
}

/// Copies standard input to standard output with the references
/// substituted (only those to `only`'s names when given); status 1 after
/// a read error, as GNU.
fn substitute(sys: &mut Sys<'_>, only: Option<&HashSet<&str>>) -> Res<i32> {
    let env: HashMap<&str, &str> = sys
        .env
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let mut charge = sys.charge();
    let mut input = Input {
        src: &mut *sys.stdin,
        buf: vec![0; 64 * 1024],
        pos: 0,
        len: 0,
        back: None,
        err: None,
    };
    let out = &mut sys.out;
    let tick = &mut sys.tick;
    let mut name: Vec<u8> = Vec::new();
    loop {
        // The plain text up to the next `$`, as it is.
        if input.back.is_none() {
            if !input.fill(tick)? {
                break;
            }
            let rest = input.buf.get(input.pos..input.len).unwrap_or_default();
            let n = memchr::memchr(b'$', rest).unwrap_or(rest.len());
            out.put(rest.get(..n).unwrap_or_default())?;
            input.pos += n;
        }
        let Some(c) = input.getc(tick)? else {
            break;
        };
        if c != b'$' {
            out.put(&[c])?;
            continue;
        }
        let mut c = input.getc(tick)?;
        let brace = c == Some(b'{');
        if brace {
            c = input.getc(tick)?;
        }
        if !c.is_some_and(name_start) {
            // Not a reference: `$` (and `{`) as they are, and whatever
            // followed is read again.
            input.back = c;
            out.put(if brace { b"${" } else { b"$" })?;
            continue;
        }
        name.clear();
        while let Some(b) = c.filter(|&b| name_byte(b)) {
            name.push(b);
            if name.len().is_multiple_of(64 * 1024) {
                hold(&mut charge, name.capacity() as u64)?;
                tick.tick()?;
            }
            c = input.getc(tick)?;
        }
        let closed = brace && c == Some(b'}');
        if !closed {
            input.back = c;
        }
        let text = std::str::from_utf8(&name).unwrap_or_default();
        if (closed || !brace) && only.is_none_or(|set| set.contains(text)) {
            if let Some(v) = env.get(text) {
                out.str(v)?;
            }
        } else {
            out.put(if brace { b"${" } else { b"$" })?;
            out.put(&name)?;
            if closed {
                out.put(b"}")?;
            }
        }
    }
    if let Some(e) = input.err {
        sys.out.flush()?;
        sys.diag.error(format_args!(
            "error while reading \"standard input\": {}",
            io_msg(&e)
        ));
        return Ok(1);
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TestFs, run as run_util};

    fn names(f: &str) -> Vec<&str> {
        variables(f).collect()
    }

    #[test]
    fn format_names() {
        assert_eq!(
            names("a $A ${B} $1 ${C:-x} $ ${ $D_1 $A"),
            ["A", "B", "D_1", "A"]
        );
        assert_eq!(names("${A"), Vec::<&str>::new());
        assert_eq!(names("$$x"), ["x"]);
    }

    #[test]
    fn variables_option() {
        let fs = TestFs::new();
        let o = run_util(&Envsubst, &["-v", "$B ${A} $B"], b"ignored", &fs);
        assert_eq!((o.status, o.out.as_str()), (0, "B\nA\nB\n"));
        let o = run_util(&Envsubst, &["-v"], b"", &fs);
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, "envsubst: missing arguments\n")
        );
        let o = run_util(&Envsubst, &["a", "b"], b"", &fs);
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, "envsubst: too many arguments\n")
        );
        let o = run_util(&Envsubst, &["-x"], b"", &fs);
        assert_eq!(o.status, 1);
        assert!(o.err.starts_with("envsubst: invalid option -- 'x'\n"));
        let o = run_util(&Envsubst, &["--help"], b"", &fs);
        assert!(
            o.out
                .starts_with("Usage: envsubst [OPTION] [SHELL-FORMAT]\n")
        );
    }

    #[test]
    fn copies_what_is_not_a_reference() {
        let fs = TestFs::new();
        let text = b"$ $$ $1 ${ ${1} ${A:-x} ${A \xff\0 end$";
        let o = run_util(&Envsubst, &[], text, &fs);
        assert_eq!(o.status, 0);
        assert_eq!(o.out, String::from_utf8_lossy(text));
    }

    #[test]
    fn unset_and_unlisted() {
        let fs = TestFs::new();
        let o = run_util(
            &Envsubst,
            &["$NOPE"],
            b"[$NOPE][${NOPE}][$OTHER][${OTHER}]",
            &fs,
        );
        assert_eq!(o.out, "[][][$OTHER][${OTHER}]");
    }
}
