//! GNU `argmatch`/`XARGMATCH`: picking a long option's word argument
//! (`--output-error=warn`, `--follow=name`) among fixed choices, any
//! unambiguous prefix accepted, and the usage error GNU prints otherwise.

use crate::common::sys::Diag;

/// The value of `word` among `choices` (name, value): an exact name, or a
/// prefix of names that all share one value (synonyms). Otherwise prints
/// `invalid argument 'W' for WHAT` (WHAT quoted by the caller: `'--OPT'`,
/// `'backup type'`) or `ambiguous argument ...`, the
/// `Valid arguments are:` list with synonyms on one line as GNU groups
/// them, and the `Try` line, and gives `None`.
pub fn argmatch<T: Copy + PartialEq>(
    diag: &mut Diag<'_>,
    what: &str,
    word: &str,
    choices: &[(&str, T)],
) -> Option<T> {
    let found = argmatch_quiet(diag, what, word, choices);
    if found.is_none() {
        diag.try_help();
    }
    found
}

/// [`argmatch`] without the `Try` line, for the tools that print their
/// synopsis before it (`grep`).
pub fn argmatch_quiet<T: Copy + PartialEq>(
    diag: &mut Diag<'_>,
    what: &str,
    word: &str,
    choices: &[(&str, T)],
) -> Option<T> {
    let ambiguous = match pick(word, choices) {
        Ok(v) => return Some(v),
        Err(ambiguous) => ambiguous,
    };
    let kind = if ambiguous { "ambiguous" } else { "invalid" };
    diag.error(format_args!("{kind} argument '{word}' for {what}"));
    let mut list = String::from("Valid arguments are:");
    let mut last: Option<T> = None;
    for (n, v) in choices {
        if last == Some(*v) {
            list.push_str(&format!(", '{n}'"));
        } else {
            list.push_str(&format!("\n  - '{n}'"));
        }
        last = Some(*v);
    }
    list.push('\n');
    diag.raw(list.as_bytes());
    None
}

/// The choice `word` names, exactly or as an unambiguous prefix;
/// `Err(true)` when ambiguous, `Err(false)` when it names none.
fn pick<T: Copy + PartialEq>(word: &str, choices: &[(&str, T)]) -> Result<T, bool> {
    if let Some((_, v)) = choices.iter().find(|(n, _)| *n == word) {
        return Ok(*v);
    }
    let mut hits = choices
        .iter()
        .filter(|(n, _)| !word.is_empty() && n.starts_with(word));
    match hits.next().map(|(_, v)| *v) {
        Some(v) if hits.all(|(_, w)| *w == v) => Ok(v),
        Some(_) => Err(true),
        None => Err(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pick(word: &str) -> (Option<u8>, String) {
        let mut err = Vec::new();
        let r = argmatch(
            &mut Diag::new("x", &mut err),
            "'--when'",
            word,
            &[
                ("always", 1),
                ("yes", 1),
                ("never", 2),
                ("no", 2),
                ("nope", 3),
            ],
        );
        (r, String::from_utf8_lossy(&err).into_owned())
    }

    #[test]
    fn exact_prefix_and_errors() {
        assert_eq!(pick("yes").0, Some(1));
        assert_eq!(pick("al").0, Some(1));
        assert_eq!(pick("ne").0, Some(2));
        assert_eq!(pick("no").0, Some(2));
        let list = "Valid arguments are:\n  - 'always', 'yes'\n  - 'never', 'no'\n  - 'nope'\nTry 'x --help' for more information.\n";
        assert_eq!(
            pick("n"),
            (
                None,
                format!("x: ambiguous argument 'n' for '--when'\n{list}")
            )
        );
        assert_eq!(
            pick(""),
            (None, format!("x: invalid argument '' for '--when'\n{list}"))
        );
        assert_eq!(
            pick("z").1,
            format!("x: invalid argument 'z' for '--when'\n{list}")
        );
    }
}
