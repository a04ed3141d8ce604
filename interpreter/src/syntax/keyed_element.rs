//! A compound-assignment element written `[key]=value`, as the parser
//! reads it out of an array's words.

/// Splits a compound-assignment element written `[key]=value` or
/// `[key]+=value` into the key, whether it appends, and the value. The key
/// may hold brackets (`[a[0]]=x`) and quoted text; `None` when the word is
/// not such an element.
pub(crate) fn split_keyed_element(text: &str) -> Option<(&str, bool, &str)> {
    let rest = text.strip_prefix('[')?;
    let mut depth = 1usize;
    let mut chars = rest.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '\'' => {
                chars.by_ref().find(|(_, c)| *c == '\'');
            }
            '"' => {
                while let Some((_, c)) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
            }
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    let key = rest.get(..i)?;
                    let after = rest.get(i + 1..)?;
                    if key.is_empty() {
                        return None;
                    }
                    return match after.strip_prefix("+=") {
                        Some(v) => Some((key, true, v)),
                        None => after.strip_prefix('=').map(|v| (key, false, v)),
                    };
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::split_keyed_element as split;

    #[test]
    fn keyed_elements() {
        assert_eq!(split("[k]+=v"), Some(("k", true, "v")));
        assert_eq!(split("[a[0]]=10"), Some(("a[0]", false, "10")));
        assert_eq!(split("[\"]\"]=x"), Some(("\"]\"", false, "x")));
        assert_eq!(split("['a]b']+="), Some(("'a]b'", true, "")));
        assert_eq!(split("[\\]]=y"), Some(("\\]", false, "y")));
        assert_eq!(split("[k]"), None);
        assert_eq!(split("[k]x=1"), None);
        assert_eq!(split("[]=1"), None);
        assert_eq!(split("[a[0]=1"), None);
        assert_eq!(split("plain"), None);
    }
}
