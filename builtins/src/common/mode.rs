//! `chmod`-style mode parsing: octal (`755`) or symbolic (`u+x,go-w`,
//! `a=rX`, `+t`), and the `drwxr-xr-x` strings `ls -l` and `find -ls` print.

use sandbash_vfs::{FileKind, Metadata};

/// Applies the mode `spec` to `base` (the current permission bits);
/// `is_dir` makes `X` apply. `None` for an invalid mode.
pub fn parse_mode(spec: &str, base: u32, is_dir: bool) -> Option<u32> {
    parse_mode_masked(spec, base, is_dir, 0o022)
}

/// [`parse_mode`] under the process's `umask`, which limits what a
/// clause without `who` (`+x`, `=r`) adds, as in GNU `chmod`.
pub fn parse_mode_masked(spec: &str, base: u32, is_dir: bool, umask: u32) -> Option<u32> {
    if !spec.is_empty() && spec.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
        let v = u32::from_str_radix(spec, 8).ok()?;
        return (v <= 0o7777).then_some(v);
    }
    let mut mode = base;
    for clause in spec.split(',') {
        let chars: Vec<char> = clause.chars().collect();
        let mut i = 0;
        let mut who = 0u32;
        while let Some(&c) = chars.get(i) {
            match c {
                'u' => who |= 0o4700,
                'g' => who |= 0o2070,
                'o' => who |= 0o1007,
                'a' => who |= 0o7777,
                _ => break,
            }
            i += 1;
        }
        let implicit = who == 0;
        if implicit {
            who = 0o7777;
        }
        // A clause needs an operator after its `who` letters.
        chars.get(i)?;
        while let Some(&op) = chars.get(i) {
            if !matches!(op, '+' | '-' | '=') {
                return None;
            }
            i += 1;
            let mut bits = 0u32;
            while let Some(&c) = chars.get(i) {
                match c {
                    'r' => bits |= 0o444,
                    'w' => bits |= 0o222,
                    'x' => bits |= 0o111,
                    'X' => {
                        if is_dir || mode & 0o111 != 0 {
                            bits |= 0o111;
                        }
                    }
                    's' => bits |= 0o6000,
                    't' => bits |= 0o1000,
                    'u' => bits |= spread(mode >> 6 & 7),
                    'g' => bits |= spread(mode >> 3 & 7),
                    'o' => bits |= spread(mode & 7),
                    '+' | '-' | '=' | ',' => break,
                    _ => return None,
                }
                i += 1;
            }
            let mut effective = bits & who;
            if implicit {
                // Without a `who`, the umask limits what `+`/`=` add.
                effective &= !(umask & 0o777);
            }
            match op {
                '+' => mode |= effective,
                '-' => mode &= !effective,
                _ => mode = (mode & !(who & 0o7777)) | effective,
            }
        }
    }
    Some(mode & 0o7777)
}

/// The nine permission letters of `ls -l` and `stat %A` (`rwxr-sr-T`):
/// `s`/`S` for setuid and setgid, `t`/`T` for sticky, the capital when
/// the execute bit under it is off.
pub fn perm_string(m: u32) -> String {
    let bit = |mask: u32, c: char| if m & mask != 0 { c } else { '-' };
    let special = |exec: bool, set: bool, lower: char| match (exec, set) {
        (true, true) => lower,
        (false, true) => lower.to_ascii_uppercase(),
        (true, false) => 'x',
        (false, false) => '-',
    };
    [
        bit(0o400, 'r'),
        bit(0o200, 'w'),
        special(m & 0o100 != 0, m & 0o4000 != 0, 's'),
        bit(0o040, 'r'),
        bit(0o020, 'w'),
        special(m & 0o010 != 0, m & 0o2000 != 0, 's'),
        bit(0o004, 'r'),
        bit(0o002, 'w'),
        special(m & 0o001 != 0, m & 0o1000 != 0, 't'),
    ]
    .iter()
    .collect()
}

fn spread(rwx: u32) -> u32 {
    rwx * 0o111
}

/// `drwxr-xr-x` and friends.
pub fn mode_string(md: &Metadata) -> String {
    let mut s = String::with_capacity(10);
    s.push(match md.kind {
        FileKind::Dir => 'd',
        FileKind::Symlink => 'l',
        FileKind::CharDevice => 'c',
        FileKind::File => '-',
    });
    let m = if md.is_symlink() { 0o777 } else { md.mode };
    s.push_str(&perm_string(m));
    s
}

#[cfg(test)]
mod tests {
    use super::parse_mode;

    #[test]
    fn modes() {
        assert_eq!(parse_mode("755", 0, false), Some(0o755));
        assert_eq!(parse_mode("u+x", 0o644, false), Some(0o744));
        assert_eq!(parse_mode("go-r", 0o644, false), Some(0o600));
        assert_eq!(parse_mode("a=rX", 0o700, true), Some(0o555));
        assert_eq!(parse_mode("+x", 0o644, false), Some(0o755));
        assert_eq!(parse_mode("u=rw,g=r,o=", 0o777, false), Some(0o640));
        assert_eq!(parse_mode("bogus", 0o644, false), None);
        assert_eq!(parse_mode("9", 0o644, false), None);
        assert_eq!(parse_mode("=,u=rw", 0o5444, false), Some(0o600));
        assert_eq!(super::perm_string(0o5444), "r-Sr--r-T");
        assert_eq!(super::perm_string(0o7777), "rwsrwsrwt");
    }
}
