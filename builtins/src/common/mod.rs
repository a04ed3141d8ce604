//! Helpers shared by the utilities: a utility's declared shape
//! ([`command`]: name, help, typed options, body) and its command line
//! ([`flags`]: GNU `getopt_long` parsing, `--help` rendering), the
//! split-up context with buffered output ([`sys`]), the per-operand,
//! per-line loop ([`lines`]), GNU number and
//! size parsing ([`num`]), `chmod` modes ([`mode`]), C `printf` float formatting ([`fmtfloat`]),
//! POSIX regex translation ([`regex_tr`]), C-locale character classes ([`ctype`]), the locale's character set ([`locale`]), position lists ([`ranges`]), shell globs ([`glob`]), calendar arithmetic ([`time`]), input opening
//! and bounded line reading ([`input`]), filesystem walking and copying
//! ([`fsutil`]) and loop detection in walks that follow symlinks
//! ([`walk`]). Shared by a few utilities each: reading an operand chunk
//! by chunk (`cat`, `wc`: [`chunks`]), the count options, per-operand
//! loop, partial copies and rings of `head` and `tail` ([`count_opt`],
//! [`headed`], [`pick`], [`ring`]) and where `cp` and `mv` put each
//! source ([`target`]).

pub mod argmatch;
pub mod backref;
pub mod backup;
pub mod canon;
pub mod chunks;
pub mod command;
pub mod count_opt;
pub mod ctype;
pub mod escape;
pub mod flags;
pub mod fmtfloat;
pub mod fsutil;
pub mod glob;
pub mod headed;
pub mod ident;
pub mod input;
pub mod lines;
pub mod locale;
pub mod mode;
pub mod num;
pub mod pick;
pub mod rand;
pub mod random;
pub mod ranges;
pub mod regex_tr;
pub mod ring;
pub mod sys;
pub mod tabs;
pub mod target;
pub mod time;
pub mod usage;
pub mod vercmp;
pub mod walk;
pub mod wrap;

/// The version every utility reports with `--version`.
pub const VERSION: &str = "0.1.0";

/// Quotes `s` for a diagnostic the way GNU tools do in the C locale:
/// `'name'`, with an embedded `'` written as `'\''`.
pub fn quote(s: &str) -> String {
    if s.contains('\'') {
        format!("'{}'", s.replace('\'', "'\\''"))
    } else {
        format!("'{s}'")
    }
}

/// Quotes `s` for a diagnostic as GNU's `shell-escape` style does (what
/// `realpath`, `readlink` and `ls` use): as is when the shell would read
/// it back unchanged, else `'...'`, or `"..."` when it holds a `'` and
/// nothing `"` would expand.
pub fn quote_shell(s: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "%+,-./:=@_^".contains(c);
    let plain = !s.is_empty()
        && s.chars().all(|c| safe(c) || c == '~' || c == '#')
        && !s.starts_with(['~', '#']);
    if plain {
        s.to_owned()
    } else {
        quote_shell_always(s)
    }
}

/// [`quote_shell`] quoting even a plain name (`stat %N`).
pub fn quote_shell_always(s: &str) -> String {
    if s.contains('\'') && !s.contains(['"', '$', '`', '\\', '!']) {
        format!("\"{s}\"")
    } else {
        quote(s)
    }
}

/// Quotes `s` as GNU's `quote()` does in the C locale (what `env` uses for
/// the command it could not run): `'name'`, with `\\`, `'` and control
/// characters written as C escapes.
pub fn quote_escaped(s: &str) -> String {
    quote_bytes(s.as_bytes())
}

/// [`quote_escaped`] over bytes (input text that need not be UTF-8, as
/// `numfmt` quotes a field): every byte that is not printable ASCII is
/// written in octal.
pub fn quote_bytes(b: &[u8]) -> String {
    let mut out = String::with_capacity(b.len() + 2);
    out.push('\'');
    for &c in b {
        match c {
            b'\\' | b'\'' => {
                out.push('\\');
                out.push(char::from(c));
            }
            0x07 => out.push_str("\\a"),
            0x08 => out.push_str("\\b"),
            0x0c => out.push_str("\\f"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            0x0b => out.push_str("\\v"),
            // In the C locale every byte that is not printable ASCII is
            // written in octal, a multibyte character byte by byte.
            c if c.is_ascii_control() || !c.is_ascii() => out.push_str(&format!("\\{c:03o}")),
            c => out.push(char::from(c)),
        }
    }
    out.push('\'');
    out
}

/// Reports `extra operand 'X'` with the `Try` hint; gives status 1.
pub fn extra_operand(sys: &mut sys::Sys<'_>, operand: &str) -> i32 {
    sys.diag
        .usage(format_args!("extra operand {}", quote(operand)));
    1
}

/// How `head`, `tail` and `wc` name an operand in headers: `standard input`
/// for `-`.
pub fn display_name(operand: &str) -> &str {
    if operand == "-" {
        "standard input"
    } else {
        operand
    }
}

#[cfg(test)]
mod tests {
    use super::{quote_shell, quote_shell_always};

    #[test]
    fn shell_quoting() {
        assert_eq!(quote_shell("d/nope"), "d/nope");
        assert_eq!(quote_shell(""), "''");
        assert_eq!(quote_shell("a b/c"), "'a b/c'");
        assert_eq!(quote_shell("~x"), "'~x'");
        assert_eq!(quote_shell("it's"), "\"it's\"");
        assert_eq!(quote_shell_always("f"), "'f'");
        assert_eq!(quote_shell_always("a'$"), "'a'\\''$'");
    }
}
