//! `-regex` and `-iregex`: the regular expression syntaxes `-regextype`
//! names, translated to the `regex` crate through
//! [`crate::common::regex_tr`]. A match must cover the whole path.
//!
//! The default, `findutils-default`/`emacs`, is GNU's Emacs syntax: like a
//! basic expression (`\(` `\)` `\|` group and alternate, `^`/`$` anchor
//! only where a BRE's would) except that `+` and `?` are operators
//! unescaped and literal escaped, and there are no intervals (`\{` is a
//! literal `{`). It is rewritten into a BRE and translated as one; bracket
//! expressions keep POSIX classes (Emacs syntax would read `[[:alpha:]]`
//! literally). `posix-basic`, `ed`, `sed`, `grep` and `posix-minimal-basic`
//! are BREs; `posix-extended`, `egrep`, `posix-egrep` and the `awk` types
//! are EREs. Back-references are refused (the `regex` crate has none).

use regex::{Regex, RegexBuilder};

use crate::common::regex_tr;

/// A syntax `-regextype` can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegexType {
    /// `findutils-default`, `emacs`.
    Emacs,
    /// The basic syntaxes.
    Basic,
    /// The extended syntaxes.
    Extended,
}

/// The names GNU find accepts, in its order, with their syntax.
const NAMES: &[(&str, RegexType)] = &[
    ("findutils-default", RegexType::Emacs),
    ("ed", RegexType::Basic),
    ("emacs", RegexType::Emacs),
    ("gnu-awk", RegexType::Extended),
    ("grep", RegexType::Basic),
    ("posix-awk", RegexType::Extended),
    ("awk", RegexType::Extended),
    ("posix-basic", RegexType::Basic),
    ("posix-egrep", RegexType::Extended),
    ("egrep", RegexType::Extended),
    ("posix-extended", RegexType::Extended),
    ("posix-minimal-basic", RegexType::Basic),
    ("sed", RegexType::Basic),
];

impl RegexType {
    /// The syntax called `name`, or GNU's error listing the valid names.
    pub fn named(name: &str) -> Result<Self, String> {
        if let Some((_, t)) = NAMES.iter().find(|(n, _)| *n == name) {
            return Ok(*t);
        }
        let valid: Vec<String> = NAMES.iter().map(|(n, _)| format!("'{n}'")).collect();
        Err(format!(
            "Unknown regular expression type {}; valid types are {}.",
            crate::common::quote(name),
            valid.join(", ")
        ))
    }
}

/// Rewrites an Emacs-syntax expression as a basic one.
fn emacs_to_bre(pat: &str) -> String {
    let chars: Vec<char> = pat.chars().collect();
    let mut out = String::with_capacity(pat.len() + 8);
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        match c {
            '+' | '?' => {
                out.push('\\');
                out.push(c);
            }
            '\\' => match chars.get(i + 1) {
                Some(&n @ ('+' | '?' | '{' | '}')) => {
                    out.push(n);
                    i += 1;
                }
                Some(&n) => {
                    out.push('\\');
                    out.push(n);
                    i += 1;
                }
                None => out.push('\\'),
            },
            '[' => {
                // Copy a bracket expression whole: nothing in it is an operator.
                let start = i;
                let mut j = i + 1;
                if chars.get(j) == Some(&'^') {
                    j += 1;
                }
                if chars.get(j) == Some(&']') {
                    j += 1;
                }
                let mut closed = false;
                while let Some(&d) = chars.get(j) {
                    if d == '[' && matches!(chars.get(j + 1), Some(':' | '.' | '=')) {
                        let kind = chars.get(j + 1).copied().unwrap_or(':');
                        let mut k = j + 2;
                        while k + 1 < chars.len()
                            && !(chars.get(k) == Some(&kind) && chars.get(k + 1) == Some(&']'))
                        {
                            k += 1;
                        }
                        j = k + 2;
                        continue;
                    }
                    if d == ']' {
                        closed = true;
                        break;
                    }
                    j += 1;
                }
                if !closed {
                    // An unclosed bracket: left for the translator to report.
                    out.extend(chars.get(start..).unwrap_or(&[]));
                    break;
                }
                out.extend(chars.get(start..=j).unwrap_or(&[]));
                i = j;
            }
            _ => out.push(c),
        }
        i += 1;
    }
    out
}

/// Compiles `pat` of syntax `ty` to match whole paths; an error is GNU's
/// message without the `find: ` prefix.
pub fn compile(ty: RegexType, pat: &str, icase: bool) -> Result<Regex, String> {
    let tr = match ty {
        RegexType::Emacs => regex_tr::bre(&emacs_to_bre(pat)),
        RegexType::Basic => regex_tr::bre(pat),
        RegexType::Extended => regex_tr::ere(pat),
    };
    let fail = |why: &str| {
        format!(
            "failed to compile regular expression {}: {why}",
            crate::common::quote(pat)
        )
    };
    let tr = tr.map_err(|e| fail(&e.0))?;
    RegexBuilder::new(&format!(r"(?s)\A(?:{tr})\z"))
        .case_insensitive(icase)
        .size_limit(16 << 20)
        .dfa_size_limit(16 << 20)
        .build()
        .map_err(|e| match e {
            regex::Error::CompiledTooBig(_) => fail("Regular expression too big"),
            _ => fail("Invalid regular expression"),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(ty: RegexType, pat: &str, s: &str) -> bool {
        compile(ty, pat, false).unwrap().is_match(s)
    }

    #[test]
    fn emacs_default() {
        use RegexType::Emacs as E;
        assert!(m(E, r".*/a+", "./aaa"));
        assert!(!m(E, r".*/a\+", "./aaa"));
        assert!(m(E, r".*/a\+", "./a+"));
        assert!(m(E, r"\./\(a\|b\)", "./b"));
        assert!(m(E, r".*[+?]", "./x?"));
        assert!(m(E, r"a{2}", "a{2}"));
        assert!(!m(E, r"a", "./a"), "a match covers the whole path");
        assert!(compile(E, r"\(", false).is_err());
    }

    #[test]
    fn posix_types() {
        assert!(m(RegexType::Extended, r"\./(a|b)+", "./abba"));
        assert!(m(RegexType::Basic, r"\./a\{2\}", "./aa"));
        assert!(
            compile(RegexType::Emacs, r".*/A", true)
                .unwrap()
                .is_match("./a")
        );
        assert_eq!(
            compile(RegexType::Basic, r"\(", false).unwrap_err(),
            r"failed to compile regular expression '\(': Unmatched ( or \("
        );
        assert!(RegexType::named("egrep").is_ok());
        assert!(RegexType::named("foo").unwrap_err().starts_with(
            "Unknown regular expression type 'foo'; valid types are 'findutils-default', 'ed',"
        ));
    }
}
