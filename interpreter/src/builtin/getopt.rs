//! The option parser of the shell's own builtins, as bash's
//! `internal_getopt`: clustered letters (`-ra`), a value attached or in
//! the next word (`-d,` or `-d ,`), `--` ending the options, and the first
//! word that is not an option (or `-` alone) starting the operands.
//!
//! The spec is bash's: letters, each followed by `:` when it takes a value,
//! `;` when the value may be missing (it is taken from the next word only
//! when that word does not start with `-`), or `#` when the value must be
//! a number. A spec starting with `+` also accepts `+x` options (`declare
//! +x`, `set`-style), whose sign is kept. `--help` as the first option
//! word asks for the builtin's help, as bash's `GETOPT_HELP`.
//!
//! Invariant: `read -ra a`, `read -rd '' v`, `read -rn2 v` parse as bash
//! parses them, checked by `tests::clusters_and_values` and the `read`
//! conformance cases; [`Shell::builtin_opts`] is the one place that words
//! the usage errors (`NAME: -Q: invalid option` and bash's usage line,
//! status 2).

use crate::shell::Shell;

/// What stopped the options: bash's usage errors, or `--help`.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum OptError {
    /// `-z: invalid option` (the sign first: `-` or `+`).
    Invalid(char, char),
    /// `-a: option requires an argument`
    Missing(char, char),
    /// `-n: numeric argument required`
    NotNumber(char, char),
    /// `--help`
    Help,
}

impl OptError {
    /// The message bash prints after `NAME: `.
    pub(crate) fn message(&self) -> String {
        match self {
            OptError::Invalid(s, c) => format!("{s}{c}: invalid option"),
            OptError::Missing(s, c) => format!("{s}{c}: option requires an argument"),
            OptError::NotNumber(s, c) => format!("{s}{c}: numeric argument required"),
            OptError::Help => "--: invalid option".to_owned(),
        }
    }
}

/// One option found: its letter, whether it was given as `+x`, its value.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Opt {
    pub(crate) letter: char,
    pub(crate) plus: bool,
    pub(crate) value: Option<String>,
}

/// The options found, in order: each letter with its value, if it takes one.
pub(crate) type Found = Vec<(char, Option<String>)>;

/// What a letter of the spec takes after it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Takes {
    Nothing,
    Value,
    MaybeValue,
    Number,
}

fn letter_in(spec: &str, c: char) -> Option<Takes> {
    if matches!(c, ':' | ';' | '#' | '+') {
        return None;
    }
    let pos = spec.find(c)?;
    Some(match spec[pos + c.len_utf8()..].chars().next() {
        Some(':') => Takes::Value,
        Some(';') => Takes::MaybeValue,
        Some('#') => Takes::Number,
        _ => Takes::Nothing,
    })
}

/// [`getopt`] keeping each option's sign.
pub(crate) fn getopt_signed(args: &[String], spec: &str) -> Result<(Vec<Opt>, usize), OptError> {
    let (plus_ok, spec) = match spec.strip_prefix('+') {
        Some(s) => (true, s),
        None => (false, spec),
    };
    let mut found = Vec::new();
    let mut i = 1;
    while let Some(word) = args.get(i) {
        let sign = match word.chars().next() {
            Some('-') => '-',
            Some('+') if plus_ok => '+',
            _ => break,
        };
        let letters = &word[1..];
        if letters.is_empty() {
            break;
        }
        if word == "--help" {
            return Err(OptError::Help);
        }
        if word == "--" {
            return Ok((found, i + 1));
        }
        let plus = sign == '+';
        for (at, c) in letters.char_indices() {
            let Some(takes) = letter_in(spec, c) else {
                return Err(OptError::Invalid(sign, c));
            };
            let attached = &letters[at + c.len_utf8()..];
            let value = match takes {
                Takes::Nothing => {
                    push_flag(&mut found, c, plus);
                    continue;
                }
                Takes::Number if !attached.is_empty() => {
                    if !attached.starts_with(|d: char| d.is_ascii_digit()) {
                        return Err(OptError::NotNumber(sign, c));
                    }
                    Some(attached.to_owned())
                }
                _ if !attached.is_empty() => Some(attached.to_owned()),
                Takes::Value => match args.get(i + 1) {
                    Some(next) => {
                        i += 1;
                        Some(next.clone())
                    }
                    None => return Err(OptError::Missing(sign, c)),
                },
                Takes::MaybeValue => match args.get(i + 1) {
                    Some(next) if !next.starts_with('-') => {
                        i += 1;
                        Some(next.clone())
                    }
                    _ => None,
                },
                Takes::Number => match args.get(i + 1) {
                    Some(next) if crate::test_expr::parse_int(next).is_some() => {
                        i += 1;
                        Some(next.clone())
                    }
                    _ => return Err(OptError::NotNumber(sign, c)),
                },
            };
            found.push(Opt {
                letter: c,
                plus,
                value,
            });
            break;
        }
        i += 1;
    }
    Ok((found, i))
}

/// The operands of a builtin that takes no options but skips one leading
/// `--` (bash's `ISOPTION (word, '-')` in `exit`, `return`, `shift`,
/// `break`, `continue` and `let`, where `-1` is an operand).
pub(crate) fn after_dashdash(args: &[String]) -> &[String] {
    let rest = args.get(1..).unwrap_or(&[]);
    match rest.first() {
        Some(w) if w == "--" => rest.get(1..).unwrap_or(&[]),
        _ => rest,
    }
}

/// Adds flag `c` (an option without a value) at the end. A repeat of a
/// flag in the trailing run of flags moves to the end instead of being
/// added again: the order of the last occurrences (what "the last of
/// `-L` and `-P` counts" reads) stays, and a megabyte cluster of letters
/// costs one entry per distinct letter, not one per byte.
fn push_flag(found: &mut Vec<Opt>, c: char, plus: bool) {
    let run = found.iter().rev().take_while(|o| o.value.is_none()).count();
    let start = found.len() - run;
    let flags = found.get(start..).unwrap_or(&[]);
    if let Some(at) = flags.iter().position(|o| o.letter == c && o.plus == plus) {
        found.remove(start + at);
    }
    found.push(Opt {
        letter: c,
        plus,
        value: None,
    });
}

impl Shell {
    /// Parses the options of builtin `args[0]` under `spec` as [`getopt`];
    /// on a usage error prints bash's message and usage line and gives
    /// status 2 as the `Err`. `--help` prints the builtin's help and gives 2.
    pub(crate) fn builtin_opts(
        &mut self,
        args: &[String],
        spec: &str,
    ) -> Result<(Vec<Opt>, usize), i32> {
        let name = args.first().map_or("", String::as_str);
        match getopt_signed(args, spec) {
            Ok(r) => Ok(r),
            Err(OptError::Help) => {
                let text = super::help::help_text(name);
                if self.out(text.as_bytes()).is_err() {
                    return Err(2);
                }
                Err(2)
            }
            Err(e) => {
                self.builtin_error(name, &e.message());
                self.builtin_usage(name);
                Err(2)
            }
        }
    }

    /// [`Shell::builtin_opts`] for a spec without `+`: letters and values.
    pub(crate) fn builtin_getopt(
        &mut self,
        args: &[String],
        spec: &str,
    ) -> Result<(Found, usize), i32> {
        let (opts, at) = self.builtin_opts(args, spec)?;
        Ok((opts.into_iter().map(|o| (o.letter, o.value)).collect(), at))
    }

    /// Prints bash's `NAME: usage: ...` line for builtin `name`.
    pub(crate) fn builtin_usage(&self, name: &str) {
        if let Some(u) = super::help::usage_of(name) {
            self.write_err(&format!("{name}: usage: {u}\n"));
        }
    }

    /// Bash's `no_options`: a builtin that takes no options but accepts
    /// `--` (`eval`, `source`, `builtin`...). The index of its first
    /// operand, or the status of the usage error.
    pub(crate) fn no_options(&mut self, args: &[String]) -> Result<usize, i32> {
        self.builtin_opts(args, "").map(|(_, at)| at)
    }
}

#[cfg(test)]
mod tests {
    use super::{Found, OptError, getopt_signed};

    fn getopt(args: &[String], spec: &str) -> Result<(Found, usize), OptError> {
        let (opts, at) = getopt_signed(args, spec)?;
        Ok((opts.into_iter().map(|o| (o.letter, o.value)).collect(), at))
    }

    fn words(s: &[&str]) -> Vec<String> {
        s.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn clusters_and_values() {
        let spec = "ersa:d:n:";
        let (o, at) = getopt(&words(&["read", "-ra", "parts", "x"]), spec).unwrap();
        assert_eq!(o, vec![('r', None), ('a', Some("parts".into()))]);
        assert_eq!(at, 3);
        let (o, at) = getopt(&words(&["read", "-rd", "", "v"]), spec).unwrap();
        assert_eq!(o, vec![('r', None), ('d', Some(String::new()))]);
        assert_eq!(at, 3);
        let (o, _) = getopt(&words(&["read", "-rn2", "v"]), spec).unwrap();
        assert_eq!(o, vec![('r', None), ('n', Some("2".into()))]);
        let (o, at) = getopt(&words(&["read", "-r", "--", "-v"]), spec).unwrap();
        assert_eq!((o.len(), at), (1, 3));
        let (_, at) = getopt(&words(&["read", "-", "v"]), spec).unwrap();
        assert_eq!(at, 1);
        assert_eq!(
            getopt(&words(&["read", "-rz"]), spec),
            Err(OptError::Invalid('-', 'z'))
        );
        assert_eq!(
            getopt(&words(&["read", "-ra"]), spec),
            Err(OptError::Missing('-', 'a'))
        );
        assert_eq!(
            getopt(&words(&["read", "-:"]), spec),
            Err(OptError::Invalid('-', ':'))
        );
        assert_eq!(
            getopt(&words(&["read", "--help"]), spec),
            Err(OptError::Help)
        );
    }

    #[test]
    fn plus_options() {
        let (o, at) = getopt_signed(&words(&["declare", "+x", "-i", "v"]), "+ix").unwrap();
        assert_eq!(at, 3);
        assert_eq!(
            (o[0].letter, o[0].plus, o[1].letter, o[1].plus),
            ('x', true, 'i', false)
        );
        // `+` alone is an operand; without `+` in the spec, so is `+x`.
        assert_eq!(getopt_signed(&words(&["d", "+", "v"]), "+x").unwrap().1, 1);
        assert_eq!(getopt_signed(&words(&["d", "+x"]), "x").unwrap().1, 1);
        assert_eq!(
            getopt_signed(&words(&["d", "+q"]), "+x"),
            Err(OptError::Invalid('+', 'q'))
        );
    }

    #[test]
    fn repeated_flags_cost_one_entry() {
        let cluster = format!("-{}", "LP".repeat(100_000));
        let (o, at) = getopt_signed(&words(&["cd", &cluster, "-L", "d"]), "eLP@").unwrap();
        assert_eq!(at, 3);
        let letters: Vec<char> = o.iter().map(|o| o.letter).collect();
        assert_eq!(letters, vec!['P', 'L']);
        // Options with values are all kept, in order (compgen -A a -A b).
        let (o, _) =
            getopt_signed(&words(&["c", "-A", "x", "-v", "-A", "y", "-v"]), "vA:").unwrap();
        let got: Vec<(char, Option<&str>)> =
            o.iter().map(|o| (o.letter, o.value.as_deref())).collect();
        assert_eq!(
            got,
            vec![('A', Some("x")), ('v', None), ('A', Some("y")), ('v', None)]
        );
    }

    #[test]
    fn optional_and_numeric_values() {
        // `;`: the next word is the value unless it looks like an option.
        let (o, at) = getopt_signed(&words(&["ulimit", "-n", "5"]), "an;").unwrap();
        assert_eq!((o[0].value.as_deref(), at), (Some("5"), 3));
        let (o, at) = getopt_signed(&words(&["ulimit", "-n", "-a"]), "an;").unwrap();
        assert_eq!((o[0].value.as_deref(), o.len(), at), (None, 2, 3));
        let (o, _) = getopt_signed(&words(&["ulimit", "-n"]), "an;").unwrap();
        assert_eq!(o[0].value, None);
        // `#`: a number, attached or next.
        let (o, _) = getopt_signed(&words(&["x", "-N", "12"]), "N#").unwrap();
        assert_eq!(o[0].value.as_deref(), Some("12"));
        assert_eq!(
            getopt_signed(&words(&["x", "-N", "z"]), "N#"),
            Err(OptError::NotNumber('-', 'N'))
        );
    }
}
