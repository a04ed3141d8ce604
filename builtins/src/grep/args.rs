//! grep's command-line words before the flag table reads them: `-NUM`
//! context options.

/// `-NUM` means `--context=NUM`, except where the word is the value of
/// the option before it (`-C -1`, `-m -1`, `-e -5`).
pub(super) fn context_numbers(words: &[String]) -> Vec<String> {
    let mut args: Vec<String> = Vec::with_capacity(words.len());
    let mut dashdash = false;
    let mut value_next = false;
    for a in words {
        if a == "--" {
            dashdash = true;
        }
        let is_value = std::mem::replace(&mut value_next, !dashdash && takes_value(a));
        if !dashdash
            && !is_value
            && a.len() > 1
            && a.starts_with('-')
            && a.get(1..)
                .is_some_and(|d| d.bytes().all(|b| b.is_ascii_digit()))
        {
            args.push("-C".into());
            args.push(a.get(1..).unwrap_or("0").into());
        } else {
            args.push(a.clone());
        }
    }
    args
}

/// Whether the word `a` is an option whose value is the next word: a
/// short-option bundle ending in a letter that takes a value, or a long
/// option that takes one, written without `=`.
pub(super) fn takes_value(a: &str) -> bool {
    const SHORT: &[u8] = b"efmABCdD";
    const LONG: &[&str] = &[
        "--regexp",
        "--file",
        "--max-count",
        "--after-context",
        "--before-context",
        "--context",
        "--directories",
        "--devices",
        "--label",
        "--include",
        "--exclude",
        "--exclude-from",
        "--exclude-dir",
        "--group-separator",
        "--binary-files",
    ];
    if let Some(long) = a.strip_prefix("--") {
        return !long.contains('=') && LONG.iter().any(|l| l.get(2..) == Some(long));
    }
    let Some(bundle) = a.strip_prefix('-') else {
        return false;
    };
    // The first letter that takes a value ends the bundle; it takes the
    // next word only when it is the bundle's last letter.
    match bundle.bytes().position(|b| SHORT.contains(&b)) {
        Some(i) => i + 1 == bundle.len(),
        None => false,
    }
}
