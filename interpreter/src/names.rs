//! What a word is to bash by its shape: a reserved word (the printer
//! writes `function` before a function so named, `type` calls it a
//! keyword, `compgen -k` lists them) or a valid variable name (bash's
//! `legal_identifier`). The front end and the evaluator both ask.

/// The words bash reserves, in the order `compgen -k` lists them.
pub(crate) const RESERVED_WORDS: &[&str] = &[
    "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do",
    "done", "in", "function", "time", "{", "}", "!", "[[", "]]", "coproc",
];

/// True for a word bash reserves (`if`, `{`, `[[`...).
pub(crate) fn is_reserved_word(name: &str) -> bool {
    RESERVED_WORDS.contains(&name)
}

/// True for a valid shell variable name.
pub(crate) fn valid_name(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `name` or `name[key]` (the key non-empty), as bash's
/// `valid_array_reference` takes the target of `read`, `printf -v`:
/// `None` when it is neither.
pub(crate) fn assignment_target(target: &str) -> Option<(&str, Option<&str>)> {
    let Some(open) = target.find('[') else {
        return valid_name(target).then_some((target, None));
    };
    let name = target.get(..open)?;
    let key = target.get(open + 1..)?.strip_suffix(']')?;
    (valid_name(name) && !key.is_empty()).then_some((name, Some(key)))
}
