//! C backslash escapes in a format string (`stat --printf`): `\n \t \\
//! \" \a \b \e \f \r \v`, `\ooo` (up to three octal digits) and `\xHH`
//! (up to two hex digits). An unknown escape is kept as its letter and
//! reported through `unknown`, as GNU warns about it.

/// The bytes of `s` with its escapes replaced.
pub fn c_escapes(s: &[u8], mut unknown: impl FnMut(u8)) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while let Some(&b) = s.get(i) {
        i += 1;
        if b != b'\\' {
            out.push(b);
            continue;
        }
        let Some(&e) = s.get(i) else {
            out.push(b'\\');
            break;
        };
        i += 1;
        let simple = match e {
            b'n' => Some(b'\n'),
            b't' => Some(b'\t'),
            b'\\' => Some(b'\\'),
            b'"' => Some(b'"'),
            b'\'' => Some(b'\''),
            b'a' => Some(7),
            b'b' => Some(8),
            b'e' => Some(27),
            b'f' => Some(12),
            b'r' => Some(b'\r'),
            b'v' => Some(11),
            _ => None,
        };
        if let Some(c) = simple {
            out.push(c);
        } else if (b'0'..=b'7').contains(&e) {
            let mut v = u32::from(e - b'0');
            for _ in 0..2 {
                match s.get(i) {
                    Some(&d) if (b'0'..=b'7').contains(&d) => {
                        v = v * 8 + u32::from(d - b'0');
                        i += 1;
                    }
                    _ => break,
                }
            }
            out.push((v & 0xff) as u8);
        } else if e == b'x' && s.get(i).is_some_and(u8::is_ascii_hexdigit) {
            let mut v = 0u32;
            for _ in 0..2 {
                match s.get(i).and_then(|d| char::from(*d).to_digit(16)) {
                    Some(d) => {
                        v = v * 16 + d;
                        i += 1;
                    }
                    None => break,
                }
            }
            out.push((v & 0xff) as u8);
        } else {
            unknown(e);
            out.push(e);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::c_escapes;

    #[test]
    fn escapes() {
        let mut bad = Vec::new();
        let o = c_escapes(br"a\tb\\n\x41\101\q\", |c| bad.push(c));
        assert_eq!(o, b"a\tb\\nAAq\\");
        assert_eq!(bad, b"q");
    }
}
