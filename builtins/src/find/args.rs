//! The arguments of `find`'s tests: numeric comparisons (`+N`, `-N`,
//! `N`), `-size` units, `-perm` modes and `-type` letter lists, each with
//! GNU findutils' error message when it is malformed.

use sandbash_vfs::FileKind;

use crate::common::mode::parse_mode;

/// How a numeric test compares: `+N` more than, `-N` less than, `N` exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// `-N`.
    Lt,
    /// `N`.
    Eq,
    /// `+N`.
    Gt,
}

impl Cmp {
    /// Whether `v` compares to `n` this way.
    pub fn test(self, v: u64, n: u64) -> bool {
        match self {
            Self::Lt => v < n,
            Self::Eq => v == n,
            Self::Gt => v > n,
        }
    }
}

/// Splits a leading `+` or `-` off a numeric argument.
fn split_sign(s: &str) -> (Cmp, &str) {
    if let Some(r) = s.strip_prefix('+') {
        (Cmp::Gt, r)
    } else if let Some(r) = s.strip_prefix('-') {
        (Cmp::Lt, r)
    } else {
        (Cmp::Eq, s)
    }
}

/// `+N`, `-N` or `N` with N a decimal integer (`-links`, `-uid`, `-inum`);
/// GNU's `invalid argument `X' to `-TEST'` otherwise.
pub fn int_arg(test: &str, s: &str) -> Result<(Cmp, u64), String> {
    let (cmp, digits) = split_sign(s);
    match digits_value(digits) {
        Some(n) => Ok((cmp, n)),
        None => Err(format!("invalid argument `{s}' to `{test}'")),
    }
}

fn digits_value(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// `+N`, `-N` or `N` with N a decimal number, fractions allowed (`-mtime`,
/// `-mmin`...).
pub fn time_arg(test: &str, s: &str) -> Result<(Cmp, f64), String> {
    let bad = || format!("invalid argument `{s}' to `{test}'");
    let (cmp, num) = split_sign(s);
    let ok = !num.is_empty()
        && num.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && num.bytes().filter(|&b| b == b'.').count() <= 1
        && num.bytes().any(|b| b.is_ascii_digit());
    if !ok {
        return Err(bad());
    }
    let v: f64 = num.parse().map_err(|_| bad())?;
    if v.is_finite() {
        Ok((cmp, v))
    } else {
        Err(bad())
    }
}

/// A `-size` argument: the comparison, the count and the unit in bytes.
pub fn size_arg(s: &str) -> Result<(Cmp, u64, u64), String> {
    if s.is_empty() {
        return Err("invalid null argument to -size".into());
    }
    let (cmp, rest) = split_sign(s);
    let (num, unit) = match rest.char_indices().last() {
        Some((i, c)) if !c.is_ascii_digit() => {
            let unit = match c {
                'c' => 1,
                'w' => 2,
                'b' => 512,
                'k' => 1 << 10,
                'M' => 1 << 20,
                'G' => 1 << 30,
                _ => return Err(format!("invalid -size type `{c}'")),
            };
            (rest.get(..i).unwrap_or(""), unit)
        }
        _ => (rest, 512),
    };
    match digits_value(num) {
        Some(n) => Ok((cmp, n, unit)),
        None if rest.is_empty() => Err(format!("invalid -size type `{s}'")),
        None => Err(format!("Invalid argument `{s}' to -size")),
    }
}

/// How `-perm` compares the permission bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PermKind {
    /// `MODE`: exactly these bits.
    Exact,
    /// `-MODE`: at least all of these.
    All,
    /// `/MODE`: at least one of these (any, when MODE is 0).
    Any,
}

/// A `-perm` argument: how to compare, and the bits for files and for
/// directories (they differ for a symbolic mode using `X`).
pub fn perm_arg(s: &str) -> Result<(PermKind, u32, u32), String> {
    let (kind, spec) = if let Some(r) = s.strip_prefix('-') {
        (PermKind::All, r)
    } else if let Some(r) = s.strip_prefix('/') {
        (PermKind::Any, r)
    } else {
        (PermKind::Exact, s)
    };
    // find applies a symbolic mode with no umask: a clause without `who`
    // letters acts on everybody, which `a` says to `parse_mode` (that
    // helper applies chmod's umask to such clauses).
    let spec = if spec.bytes().all(|b| b.is_ascii_digit()) {
        spec.to_string()
    } else {
        spec.split(',')
            .map(|c| {
                if c.starts_with(['+', '-', '=']) {
                    format!("a{c}")
                } else {
                    c.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let bad = || format!("invalid mode {}", crate::common::quote(s));
    let file = parse_mode(&spec, 0, false).ok_or_else(bad)?;
    let dir = parse_mode(&spec, 0, true).ok_or_else(bad)?;
    Ok((kind, file, dir))
}

/// Whether `mode` passes a `-perm` test for `want`.
pub fn perm_test(kind: PermKind, mode: u32, want: u32) -> bool {
    let mode = mode & 0o7777;
    match kind {
        PermKind::Exact => mode == want,
        PermKind::All => mode & want == want,
        PermKind::Any => want == 0 || mode & want != 0,
    }
}

/// A set of file types (`-type f,d`), one bit per letter of [`TYPES`].
pub type TypeSet = u16;

/// The `-type` letters GNU find knows, in bit order.
pub const TYPES: &str = "fdlpsbcD";

/// Parses a `-type`/`-xtype` argument: letters separated by commas.
pub fn type_arg(test: &str, s: &str) -> Result<TypeSet, String> {
    if s.is_empty() {
        return Err(format!(
            "Arguments to {test} should contain at least one letter"
        ));
    }
    let mut set: TypeSet = 0;
    let chars: Vec<char> = s.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if i % 2 == 1 {
            if c != ',' {
                return Err(format!(
                    "Must separate multiple arguments to {test} using: ','"
                ));
            }
            if i + 1 == chars.len() {
                return Err(format!(
                    "Last file type in list argument to {test} is missing, i.e., list is ending on: ','"
                ));
            }
            continue;
        }
        let Some(bit) = TYPES.find(c) else {
            return Err(format!("Unknown argument to {test}: {c}"));
        };
        let bit = 1 << bit;
        if set & bit != 0 {
            return Err(format!(
                "Duplicate file type '{c}' in the argument list to {test}."
            ));
        }
        set |= bit;
    }
    Ok(set)
}

/// The [`TypeSet`] bit of a kind of file.
pub fn kind_bit(kind: FileKind) -> TypeSet {
    let letter = match kind {
        FileKind::File => 'f',
        FileKind::Dir => 'd',
        FileKind::Symlink => 'l',
        FileKind::CharDevice => 'c',
    };
    TYPES.find(letter).map_or(0, |i| 1 << i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(int_arg("-links", "+3"), Ok((Cmp::Gt, 3)));
        assert_eq!(int_arg("-links", "-0"), Ok((Cmp::Lt, 0)));
        assert_eq!(
            int_arg("-links", "x"),
            Err("invalid argument `x' to `-links'".into())
        );
        assert_eq!(time_arg("-mtime", "1.5"), Ok((Cmp::Eq, 1.5)));
        assert!(time_arg("-mmin", "+1x").is_err());
        assert!(time_arg("-mmin", ".").is_err());
    }

    #[test]
    fn sizes() {
        assert_eq!(size_arg("+2k"), Ok((Cmp::Gt, 2, 1024)));
        assert_eq!(size_arg("10"), Ok((Cmp::Eq, 10, 512)));
        assert_eq!(size_arg("-1M"), Ok((Cmp::Lt, 1, 1 << 20)));
        assert_eq!(size_arg("3q"), Err("invalid -size type `q'".into()));
        assert_eq!(size_arg("+"), Err("invalid -size type `+'".into()));
        assert_eq!(
            size_arg("1.5k"),
            Err("Invalid argument `1.5k' to -size".into())
        );
    }

    #[test]
    fn perms() {
        assert_eq!(perm_arg("644"), Ok((PermKind::Exact, 0o644, 0o644)));
        assert_eq!(perm_arg("-u+x"), Ok((PermKind::All, 0o100, 0o100)));
        assert_eq!(perm_arg("/+w"), Ok((PermKind::Any, 0o222, 0o222)));
        assert_eq!(perm_arg("a=rX"), Ok((PermKind::Exact, 0o444, 0o555)));
        assert_eq!(perm_arg("999"), Err("invalid mode '999'".into()));
        assert!(perm_test(PermKind::Any, 0o644, 0));
        assert!(perm_test(PermKind::All, 0o755, 0o111));
        assert!(!perm_test(PermKind::Exact, 0o755, 0o644));
    }

    #[test]
    fn types() {
        assert_eq!(type_arg("-type", "f,d"), Ok(0b11));
        assert_eq!(
            type_arg("-type", "z"),
            Err("Unknown argument to -type: z".into())
        );
        assert!(type_arg("-type", "ff").is_err());
        assert!(type_arg("-type", "f,f").is_err());
        assert!(type_arg("-type", "f,").is_err());
        assert!(type_arg("-type", "").is_err());
    }
}
