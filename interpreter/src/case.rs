//! Letter case as bash changes it: one character at a time, through the C
//! library's `towupper`/`towlower`, so a character whose other case is
//! more than one character keeps its own (`ß` stays `ß` in `${v^^}`,
//! where Unicode's full mapping gives `SS`). Outside a UTF-8 locale only
//! ASCII letters have a case. Checked by conformance `param/case_single_chars`.

/// `c` in upper case (itself when that is not one character).
pub(crate) fn upper_char(c: char) -> char {
    let mut it = c.to_uppercase();
    match (it.next(), it.next()) {
        (Some(u), None) => u,
        _ => c,
    }
}

/// `c` in lower case: the only longer lower case Unicode has (`İ`, `i`
/// and a combining dot) starts with the simple mapping, which is taken.
pub(crate) fn lower_char(c: char) -> char {
    c.to_lowercase().next().unwrap_or(c)
}

/// `s` in upper (`upper`) or lower case; with `utf8` false, ASCII only.
pub(crate) fn convert(s: &str, upper: bool, utf8: bool) -> String {
    match (utf8, upper) {
        (false, true) => s.to_ascii_uppercase(),
        (false, false) => s.to_ascii_lowercase(),
        (true, true) => s.chars().map(upper_char).collect(),
        (true, false) => s.chars().map(lower_char).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_character_whose_other_case_is_longer_keeps_its_own() {
        assert_eq!(convert("straße", true, true), "STRAßE");
        assert_eq!(convert("İX", false, true), "ix");
        assert_eq!(convert("héllo", true, false), "HéLLO");
        assert_eq!(upper_char('ǆ'), 'Ǆ');
    }
}
