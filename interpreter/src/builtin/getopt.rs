//! The option parser of the shell's own builtins, as bash's
//! `internal_getopt`: clustered letters (`-ra`), a value attached or in
//! the next word (`-d,` or `-d ,`), `--` ending the options, and the first
//! word that is not an option (or `-` alone) starting the operands.
//!
//! Invariant: `read -ra a`, `read -rd '' v`, `read -rn2 v` parse as bash
//! parses them, checked by `tests::clusters_and_values` and the `read`
//! conformance cases.

/// What stopped the options: bash's two usage errors.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum OptError {
    /// `-z: invalid option`
    Invalid(char),
    /// `-a: option requires an argument`
    Missing(char),
}

impl OptError {
    /// The message bash prints after `NAME: `.
    pub(crate) fn message(&self) -> String {
        match self {
            OptError::Invalid(c) => format!("-{c}: invalid option"),
            OptError::Missing(c) => format!("-{c}: option requires an argument"),
        }
    }
}

/// The options found, in order: each letter with its value, if it takes one.
pub(crate) type Found = Vec<(char, Option<String>)>;

/// The options of `args` (the command name first) under `spec` (letters,
/// each followed by `:` when it takes a value), in order, and the index of
/// the first operand.
pub(crate) fn getopt(args: &[String], spec: &str) -> Result<(Found, usize), OptError> {
    let mut found = Vec::new();
    let mut i = 1;
    while let Some(word) = args.get(i) {
        if word == "--" {
            return Ok((found, i + 1));
        }
        let Some(letters) = word.strip_prefix('-').filter(|l| !l.is_empty()) else {
            break;
        };
        for (at, c) in letters.char_indices() {
            let Some(pos) = spec.find(c).filter(|_| c != ':') else {
                return Err(OptError::Invalid(c));
            };
            if spec[pos + c.len_utf8()..].starts_with(':') {
                let attached = &letters[at + c.len_utf8()..];
                let value = if attached.is_empty() {
                    i += 1;
                    args.get(i).cloned().ok_or(OptError::Missing(c))?
                } else {
                    attached.to_owned()
                };
                found.push((c, Some(value)));
                break;
            }
            found.push((c, None));
        }
        i += 1;
    }
    Ok((found, i))
}

#[cfg(test)]
mod tests {
    use super::{OptError, getopt};

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
            Err(OptError::Invalid('z'))
        );
        assert_eq!(
            getopt(&words(&["read", "-ra"]), spec),
            Err(OptError::Missing('a'))
        );
        assert_eq!(
            getopt(&words(&["read", "-:"]), spec),
            Err(OptError::Invalid(':'))
        );
    }
}
