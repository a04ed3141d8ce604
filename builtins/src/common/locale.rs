//! The locale a utility runs in, read from its environment as the C
//! library does: the first of `LC_ALL`, `LC_CTYPE`, `LANG` that is set
//! and not empty names it; none means the C locale. Only the character
//! set matters to the utilities here: UTF-8 (characters are UTF-8
//! sequences) or not (every byte is one character, as under `LC_ALL=C`).

/// Whether the locale `env` names encodes characters as UTF-8.
pub fn utf8_locale(env: &[(String, String)]) -> bool {
    let get = |k: &str| {
        env.iter()
            .rev()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.as_str())
            .filter(|v| !v.is_empty())
    };
    let loc = get("LC_ALL")
        .or_else(|| get("LC_CTYPE"))
        .or_else(|| get("LANG"));
    loc.is_some_and(|l| {
        let l = l.to_ascii_lowercase();
        l.contains("utf-8") || l.contains("utf8")
    })
}

#[cfg(test)]
mod tests {
    use super::utf8_locale;

    fn env(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn precedence() {
        assert!(!utf8_locale(&env(&[])));
        assert!(utf8_locale(&env(&[("LANG", "C.UTF-8")])));
        assert!(!utf8_locale(&env(&[("LANG", "C.UTF-8"), ("LC_ALL", "C")])));
        assert!(!utf8_locale(&env(&[
            ("LANG", "C.UTF-8"),
            ("LC_CTYPE", "POSIX")
        ])));
        assert!(utf8_locale(&env(&[
            ("LC_CTYPE", "C"),
            ("LC_ALL", "en_US.utf8")
        ])));
        assert!(!utf8_locale(&env(&[
            ("LC_ALL", ""),
            ("LC_CTYPE", "C"),
            ("LANG", "C.UTF-8")
        ])));
    }
}
