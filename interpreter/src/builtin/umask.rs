//! `umask`: shows and sets the shell's file-creation mask.
//!
//! The mask lives in `Shell::umask` and is applied by
//! [`sandbash_vfs::ProcessFs`] (see `Shell::fs`) to every file and
//! directory a command of this shell creates; subshells and child shells
//! inherit it. Symbolic modes follow bash's `symbolic_umask`: they edit the
//! permissions the mask lets through (`u=rwx,g=rx,o=`, `g-w`, `+x`), with
//! `r`, `w` and `x` only.

use crate::shell::{Exec, Shell};

/// `u=rwx,g=rx,o=rx` for mask 022.
fn symbolic(mask: u32) -> String {
    let perm = !mask & 0o777;
    let part = |shift: u32| {
        let bits = perm >> shift & 7;
        let mut s = String::new();
        for (bit, c) in [(4, 'r'), (2, 'w'), (1, 'x')] {
            if bits & bit != 0 {
                s.push(c);
            }
        }
        s
    };
    format!("u={},g={},o={}", part(6), part(3), part(0))
}

/// Applies a symbolic mode to `mask`; the error names the offending char.
fn parse_symbolic(mode: &str, mask: u32) -> Result<u32, String> {
    let mut perm = !mask & 0o777;
    let b = mode.as_bytes();
    let mut i = 0;
    let shown = |c: Option<&u8>| c.map_or('\0', |&c| c as char);
    loop {
        let mut who = 0;
        while let Some(c) = b.get(i) {
            who |= match c {
                b'u' => 0o700,
                b'g' => 0o070,
                b'o' => 0o007,
                b'a' => 0o777,
                _ => break,
            };
            i += 1;
        }
        if who == 0 {
            who = 0o777;
        }
        let op = match b.get(i) {
            Some(c @ (b'+' | b'-' | b'=')) => *c,
            c => {
                return Err(format!("`{}': invalid symbolic mode operator", shown(c)));
            }
        };
        i += 1;
        let mut bits = 0;
        loop {
            match b.get(i) {
                Some(b'r') => bits |= 0o444,
                Some(b'w') => bits |= 0o222,
                Some(b'x') => bits |= 0o111,
                None | Some(b',') => break,
                c => {
                    return Err(format!("`{}': invalid symbolic mode character", shown(c)));
                }
            }
            i += 1;
        }
        bits &= who;
        match op {
            b'+' => perm |= bits,
            b'-' => perm &= !bits,
            _ => perm = (perm & !who) | bits,
        }
        if b.get(i).is_none() {
            break;
        }
        i += 1;
    }
    Ok(!perm & 0o777)
}

pub(crate) fn umask(sh: &mut Shell, args: &[String]) -> Exec {
    let (found, i) = match sh.builtin_getopt(args, "Sp") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let sym = found.iter().any(|(c, _)| *c == 'S');
    let reuse = found.iter().any(|(c, _)| *c == 'p');
    if let Some(mode) = args.get(i) {
        let new = if mode.bytes().next().is_some_and(|b| b.is_ascii_digit()) {
            match u32::from_str_radix(mode, 8) {
                Ok(n) if n <= 0o7777 => n & 0o777,
                _ => {
                    sh.builtin_error("umask", &format!("{mode}: octal number out of range"));
                    return Ok(1);
                }
            }
        } else {
            match parse_symbolic(mode, sh.umask) {
                Ok(m) => m,
                Err(e) => {
                    sh.builtin_error("umask", &e);
                    return Ok(1);
                }
            }
        };
        sh.umask = new;
        if sym {
            sh.out(format!("{}\n", symbolic(new)).as_bytes())?;
        }
        return Ok(0);
    }
    let shown = if sym {
        symbolic(sh.umask)
    } else {
        format!("{:04o}", sh.umask)
    };
    let line = match (reuse, sym) {
        (true, true) => format!("umask -S {shown}\n"),
        (true, false) => format!("umask {shown}\n"),
        _ => format!("{shown}\n"),
    };
    sh.out(line.as_bytes())?;
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbolic_forms() {
        assert_eq!(symbolic(0o022), "u=rwx,g=rx,o=rx");
        assert_eq!(parse_symbolic("u=rwx,g=rx,o=", 0o022), Ok(0o027));
        assert_eq!(parse_symbolic("g-w", 0o002), Ok(0o022));
        assert_eq!(parse_symbolic("=r", 0o022), Ok(0o333));
        assert_eq!(parse_symbolic("+x", 0o022), Ok(0o022));
        assert_eq!(
            parse_symbolic("u", 0o022),
            Err("`\0': invalid symbolic mode operator".into())
        );
        assert_eq!(
            parse_symbolic("g=u", 0o022),
            Err("`u': invalid symbolic mode character".into())
        );
    }
}
