//! Shell wildcard matching (`fnmatch` without flags) for `--include` and
//! `--exclude` style options: `*`, `?`, `[...]` with ranges, `!`/`^`
//! negation and `[:class:]`, and `\` escapes.

use crate::common::ctype::Class;

/// True when `name` matches the wildcard `pattern` as a whole.
pub fn matches(pattern: &str, name: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    match_from(&p, &n)
}

fn match_from(p: &[char], n: &[char]) -> bool {
    // Iterative matcher with single-star backtracking.
    let (mut pi, mut ni) = (0usize, 0usize);
    let mut star: Option<(usize, usize)> = None;
    loop {
        if let Some(&pc) = p.get(pi) {
            match pc {
                '*' => {
                    star = Some((pi, ni));
                    pi += 1;
                    continue;
                }
                '?' if ni < n.len() => {
                    pi += 1;
                    ni += 1;
                    continue;
                }
                '[' => match class_match(p, pi, n.get(ni).copied()) {
                    Some((ok, len)) => {
                        if ni < n.len() && ok {
                            pi += len;
                            ni += 1;
                            continue;
                        }
                    }
                    None => {
                        if n.get(ni) == Some(&'[') {
                            pi += 1;
                            ni += 1;
                            continue;
                        }
                    }
                },
                '\\' => {
                    let lit = p.get(pi + 1).copied().unwrap_or('\\');
                    if n.get(ni) == Some(&lit) {
                        pi += if p.get(pi + 1).is_some() { 2 } else { 1 };
                        ni += 1;
                        continue;
                    }
                }
                c => {
                    if n.get(ni) == Some(&c) {
                        pi += 1;
                        ni += 1;
                        continue;
                    }
                }
            }
        } else if ni == n.len() {
            return true;
        }
        match star {
            Some((sp, sn)) if sn < n.len() => {
                star = Some((sp, sn + 1));
                pi = sp + 1;
                ni = sn + 1;
            }
            _ => return false,
        }
    }
}

/// Matches a bracket expression starting at `p[start] == '['` against `c`;
/// returns whether it matched and the expression's length, or `None` when
/// the bracket is unterminated (then `[` is literal).
fn class_match(p: &[char], start: usize, c: Option<char>) -> Option<(bool, usize)> {
    let mut i = start + 1;
    let negate = matches!(p.get(i), Some('!') | Some('^'));
    if negate {
        i += 1;
    }
    let mut matched = false;
    let mut first = true;
    loop {
        let pc = *p.get(i)?;
        if pc == ']' && !first {
            break;
        }
        first = false;
        if pc == '[' && p.get(i + 1) == Some(&':') {
            let rest: String = p.get(i + 2..)?.iter().collect();
            if let Some(end) = rest.find(":]") {
                let name = rest.get(..end)?;
                if let Some(ch) = c
                    && class_has(name, ch)
                {
                    matched = true;
                }
                i += 2 + name.chars().count() + 2;
                continue;
            }
        }
        let lo = if pc == '\\' {
            i += 1;
            *p.get(i)?
        } else {
            pc
        };
        if p.get(i + 1) == Some(&'-') && p.get(i + 2).is_some_and(|&x| x != ']') {
            let hi = *p.get(i + 2)?;
            if let Some(ch) = c
                && lo <= ch
                && ch <= hi
            {
                matched = true;
            }
            i += 3;
        } else {
            if c == Some(lo) {
                matched = true;
            }
            i += 1;
        }
    }
    Some((matched != negate, i + 1 - start))
}

/// Whether `c` is in the C-locale class `name` (never for a non-ASCII
/// character).
fn class_has(name: &str, c: char) -> bool {
    Class::named(name.as_bytes()).is_some_and(|cl| u8::try_from(c).is_ok_and(|b| cl.has(b)))
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn wildcards() {
        assert!(matches("*.rs", "lib.rs"));
        assert!(!matches("*.rs", "lib.rsx"));
        assert!(matches("a?c", "abc"));
        assert!(matches("[a-c]x", "bx"));
        assert!(!matches("[!a-c]x", "bx"));
        assert!(matches("[[:digit:]]*", "1abc"));
        assert!(matches("*", ""));
        assert!(matches("a*b*c", "aXXbYYc"));
        assert!(!matches("a*b*c", "aXXbYY"));
        assert!(matches("\\*", "*"));
        assert!(matches("[ab", "[ab"));
    }
}
