//! The character classes of the C locale (`[:alpha:]`, `[:space:]`...)
//! over bytes, for the tools whose patterns name them (`tr` sets, shell
//! globs). In the C locale only ASCII bytes belong to a class.
//!
//! Invariant: `Class::has` agrees with the C library's `isalpha`...
//! in the C locale for every byte. Checked by `ctype::tests`.

/// A character class of the C locale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Alnum,
    Alpha,
    Blank,
    Cntrl,
    Digit,
    Graph,
    Lower,
    Print,
    Punct,
    Space,
    Upper,
    Xdigit,
}

impl Class {
    /// The class `[:name:]` names.
    pub fn named(name: &[u8]) -> Option<Self> {
        Some(match name {
            b"alnum" => Self::Alnum,
            b"alpha" => Self::Alpha,
            b"blank" => Self::Blank,
            b"cntrl" => Self::Cntrl,
            b"digit" => Self::Digit,
            b"graph" => Self::Graph,
            b"lower" => Self::Lower,
            b"print" => Self::Print,
            b"punct" => Self::Punct,
            b"space" => Self::Space,
            b"upper" => Self::Upper,
            b"xdigit" => Self::Xdigit,
            _ => return None,
        })
    }

    /// Whether byte `b` is in the class (C locale).
    pub fn has(self, b: u8) -> bool {
        match self {
            Self::Alnum => b.is_ascii_alphanumeric(),
            Self::Alpha => b.is_ascii_alphabetic(),
            Self::Blank => b == b' ' || b == b'\t',
            Self::Cntrl => b.is_ascii_control(),
            Self::Digit => b.is_ascii_digit(),
            Self::Graph => b.is_ascii_graphic(),
            Self::Lower => b.is_ascii_lowercase(),
            Self::Print => b.is_ascii_graphic() || b == b' ',
            Self::Punct => b.is_ascii_punctuation(),
            Self::Space => matches!(b, b' ' | 9..=13),
            Self::Upper => b.is_ascii_uppercase(),
            Self::Xdigit => b.is_ascii_hexdigit(),
        }
    }

    /// `[:upper:]` or `[:lower:]`, the classes that pair for case mapping.
    pub fn is_case(self) -> bool {
        matches!(self, Self::Upper | Self::Lower)
    }
}

#[cfg(test)]
mod tests {
    use super::Class;

    #[test]
    fn c_locale_members() {
        let count = |c: Class| (0..=255u8).filter(|&b| c.has(b)).count();
        assert_eq!(count(Class::Upper), 26);
        assert_eq!(count(Class::Print), 95);
        assert_eq!(count(Class::Graph), 94);
        assert_eq!(count(Class::Punct), 32);
        assert_eq!(count(Class::Cntrl), 33);
        assert_eq!(count(Class::Space), 6);
        assert_eq!(count(Class::Xdigit), 22);
        assert!(!Class::Alpha.has(0xe9));
        assert_eq!(Class::named(b"blank"), Some(Class::Blank));
        assert_eq!(Class::named(b"word"), None);
    }
}
