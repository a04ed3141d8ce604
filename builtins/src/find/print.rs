//! `-printf` formats and the `-ls` line.
//!
//! A format is parsed once, before the walk, into pieces: literal bytes
//! (with `\n`, `\t`, `\0`, `\NNN`... already decoded), `\c` (stop), and
//! directives with GNU's flags (`-` left-aligns, a width pads, `.N`
//! truncates; `%d` and `%m` are integers, so `+`, ` `, `0` and `#` work
//! there as in C). Unknown escapes and directives are printed as written
//! after a warning, as GNU does.

use sandbash_interpreter::bytes::encode;
use sandbash_vfs::FileSystem;

use super::eval::Entry;
use super::timefmt;
use crate::common::fmtfloat::{self, FloatSpec};
use crate::common::time::ls_date;

/// One piece of a `-printf` format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Bytes printed as they are.
    Lit(Vec<u8>),
    /// `\c`: print nothing more of this format.
    Stop,
    /// A `%` directive.
    Dir(Directive),
}

/// A `%` directive with its flags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Directive {
    /// Flag characters among `-+ #0`.
    pub flags: String,
    /// Minimum width.
    pub width: Option<usize>,
    /// Precision (`.N`).
    pub prec: Option<usize>,
    /// The conversion letter.
    pub conv: char,
    /// The time conversion after `%A`, `%C` or `%T`.
    pub time: Option<char>,
}

/// A parsed `-printf` format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Format(pub Vec<Piece>);

/// Directives that take no time letter.
const SIMPLE: &str = "abcdDfFgGhHiklmMnpPsStuUyYZ";

fn push_lit(pieces: &mut Vec<Piece>, b: &[u8]) {
    if let Some(Piece::Lit(v)) = pieces.last_mut() {
        v.extend_from_slice(b);
    } else {
        pieces.push(Piece::Lit(b.to_vec()));
    }
}

/// Parses a `-printf` format; returns it with the warnings to print, or
/// GNU's error.
pub fn parse_format(s: &str) -> Result<(Format, Vec<String>), String> {
    let chars: Vec<char> = s.chars().collect();
    let mut pieces = Vec::new();
    let mut warnings = Vec::new();
    let mut i = 0;
    let mut buf = [0u8; 4];
    while let Some(&c) = chars.get(i) {
        i += 1;
        match c {
            '\\' => {
                let Some(&e) = chars.get(i) else {
                    push_lit(&mut pieces, b"\\");
                    break;
                };
                i += 1;
                let lit: &[u8] = match e {
                    'a' => b"\x07",
                    'b' => b"\x08",
                    'f' => b"\x0c",
                    'n' => b"\n",
                    'r' => b"\r",
                    't' => b"\t",
                    'v' => b"\x0b",
                    '\\' => b"\\",
                    'c' => {
                        pieces.push(Piece::Stop);
                        continue;
                    }
                    '0'..='7' => {
                        let mut v = e.to_digit(8).unwrap_or(0);
                        for _ in 0..2 {
                            match chars.get(i).and_then(|d| d.to_digit(8)) {
                                Some(d) => {
                                    v = v * 8 + d;
                                    i += 1;
                                }
                                None => break,
                            }
                        }
                        push_lit(&mut pieces, &[(v & 0xff) as u8]);
                        continue;
                    }
                    other => {
                        warnings.push(format!("warning: unrecognized escape `\\{other}'"));
                        push_lit(&mut pieces, b"\\");
                        push_lit(&mut pieces, &encode(other.encode_utf8(&mut buf)));
                        continue;
                    }
                };
                push_lit(&mut pieces, lit);
            }
            '%' => {
                let start = i - 1;
                let mut flags = String::new();
                while let Some(&f @ ('-' | '+' | ' ' | '#' | '0')) = chars.get(i) {
                    flags.push(f);
                    i += 1;
                }
                let num = |i: &mut usize| {
                    let mut n: Option<usize> = None;
                    while let Some(d) = chars.get(*i).and_then(|d| d.to_digit(10)) {
                        n = Some(n.unwrap_or(0).saturating_mul(10).saturating_add(d as usize));
                        *i += 1;
                    }
                    n
                };
                let width = num(&mut i);
                let prec = if chars.get(i) == Some(&'.') {
                    i += 1;
                    Some(num(&mut i).unwrap_or(0))
                } else {
                    None
                };
                let Some(&conv) = chars.get(i) else {
                    return Err("error: % at end of format string".into());
                };
                i += 1;
                let time = if matches!(conv, 'A' | 'C' | 'T') {
                    let t = chars.get(i).copied();
                    if t.is_some() {
                        i += 1;
                    }
                    t
                } else {
                    None
                };
                match conv {
                    '%' => push_lit(&mut pieces, b"%"),
                    c if SIMPLE.contains(c) || time.is_some() => {
                        pieces.push(Piece::Dir(Directive {
                            flags,
                            width,
                            prec,
                            conv: c,
                            time,
                        }))
                    }
                    c => {
                        warnings.push(format!("warning: unrecognized format directive `%{c}'"));
                        let text: String = chars.get(start..i).unwrap_or(&[]).iter().collect();
                        push_lit(&mut pieces, &encode(&text));
                    }
                }
            }
            c => push_lit(&mut pieces, &encode(c.encode_utf8(&mut buf))),
        }
    }
    Ok((Format(pieces), warnings))
}

/// Pads or truncates a string value as the directive says.
fn pad_str(d: &Directive, s: &str, out: &mut Vec<u8>) {
    let s: String = match d.prec {
        Some(p) => s.chars().take(p).collect(),
        None => s.to_string(),
    };
    let len = s.chars().count();
    let fill = d.width.unwrap_or(0).saturating_sub(len).min(1 << 16);
    if d.flags.contains('-') {
        out.extend_from_slice(&encode(&s));
        out.extend(std::iter::repeat_n(b' ', fill));
    } else {
        out.extend(std::iter::repeat_n(b' ', fill));
        out.extend_from_slice(&encode(&s));
    }
}

/// Formats an integer as C's `printf` would with the directive's flags
/// (`octal` for `%m`).
fn pad_int(d: &Directive, v: u64, octal: bool, out: &mut Vec<u8>) {
    let mut digits = if octal {
        format!("{v:o}")
    } else {
        v.to_string()
    };
    if let Some(p) = d.prec {
        while digits.len() < p.min(1 << 16) {
            digits.insert(0, '0');
        }
    }
    if octal && d.flags.contains('#') && !digits.starts_with('0') {
        digits.insert(0, '0');
    }
    let sign = if octal {
        ""
    } else if d.flags.contains('+') {
        "+"
    } else if d.flags.contains(' ') {
        " "
    } else {
        ""
    };
    let len = sign.len() + digits.len();
    let fill = d.width.unwrap_or(0).saturating_sub(len).min(1 << 16);
    let s = if d.flags.contains('-') {
        format!("{sign}{digits}{}", " ".repeat(fill))
    } else if d.flags.contains('0') && d.prec.is_none() {
        format!("{sign}{}{digits}", "0".repeat(fill))
    } else {
        format!("{}{sign}{digits}", " ".repeat(fill))
    };
    out.extend_from_slice(s.as_bytes());
}

/// Renders `fmt` for one entry into `out`.
pub fn render(fmt: &Format, e: &Entry<'_>, fs: &dyn FileSystem, out: &mut Vec<u8>) {
    for piece in &fmt.0 {
        let d = match piece {
            Piece::Lit(b) => {
                out.extend_from_slice(b);
                continue;
            }
            Piece::Stop => return,
            Piece::Dir(d) => d,
        };
        let md = &e.md;
        let s: String = match (d.conv, d.time) {
            ('d', _) => {
                pad_int(d, e.depth as u64, false, out);
                continue;
            }
            ('m', _) => {
                pad_int(d, u64::from(md.mode & 0o7777), true, out);
                continue;
            }
            ('A', Some(k)) => timefmt::conv(md.atime, k),
            ('C' | 'T', Some(k)) => timefmt::conv(md.mtime, k),
            ('a', _) => timefmt::ctime(md.atime),
            ('c' | 't', _) => timefmt::ctime(md.mtime),
            ('b', _) => e.blocks512().to_string(),
            ('k', _) => e.blocks512().div_ceil(2).to_string(),
            ('s', _) => e.size().to_string(),
            ('S', _) => {
                // Sparseness: allocated bytes over size, as C's `%g`.
                let size = e.size();
                let r = if size == 0 {
                    1.0
                } else {
                    (e.blocks512() as f64 * 512.0) / size as f64
                };
                let g = FloatSpec {
                    conv: 'g',
                    ..FloatSpec::default()
                };
                fmtfloat::format(&g, r)
            }
            ('D', _) => "0".into(),
            ('F', _) => "sandbash".into(),
            ('f', _) => e.base().to_string(),
            ('h', _) => e.dir().to_string(),
            ('H', _) => e.start.to_string(),
            ('p', _) => e.path.to_string(),
            ('P', _) => e.rel().to_string(),
            ('i', _) => e.inode(fs).to_string(),
            ('l', _) => {
                if e.is_link {
                    fs.read_link(e.abs).unwrap_or_default()
                } else {
                    String::new()
                }
            }
            ('M', _) => crate::common::mode::mode_string(md),
            ('n', _) => md.nlink.to_string(),
            ('u' | 'g', _) => "agent".into(),
            ('U' | 'G', _) => "1000".into(),
            ('y', _) => e.type_char().to_string(),
            ('Y', _) => e.follow_type(fs).to_string(),
            ('Z', _) => String::new(),
            _ => String::new(),
        };
        pad_str(d, &s, out);
    }
}

/// The `-ls` line of an entry (without the newline), like `ls -dils`.
pub fn ls_line(e: &Entry<'_>, fs: &dyn FileSystem, now: std::time::SystemTime) -> String {
    let md = &e.md;
    let mut line = format!(
        "{:>9} {:>6} {} {:>3} {:<8} {:<8} {:>8} {} {}",
        e.inode(fs),
        e.blocks512().div_ceil(2),
        crate::common::mode::mode_string(md),
        md.nlink,
        "agent",
        "agent",
        e.size(),
        ls_date(md.mtime, now),
        e.path
    );
    if md.is_symlink()
        && let Ok(t) = fs.read_link(e.abs)
    {
        line.push_str(" -> ");
        line.push_str(&t);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(s: &str) -> Piece {
        Piece::Lit(s.as_bytes().to_vec())
    }

    #[test]
    fn parses_escapes_and_directives() {
        let (f, w) = parse_format(r"a\tb\101\1012\0%%\c").unwrap();
        assert!(w.is_empty());
        assert_eq!(f.0, vec![Piece::Lit(b"a\tbAA2\0%".to_vec()), Piece::Stop]);
        let (f, _) = parse_format("%-5p|%#m").unwrap();
        assert_eq!(f.0.len(), 3);
        let (f, w) = parse_format(r"%z\e%TY").unwrap();
        assert_eq!(
            w,
            vec![
                "warning: unrecognized format directive `%z'".to_string(),
                "warning: unrecognized escape `\\e'".to_string()
            ]
        );
        assert_eq!(f.0.first(), Some(&lit(r"%z\e")));
        assert_eq!(
            parse_format("x%").unwrap_err(),
            "error: % at end of format string"
        );
    }

    #[test]
    fn pads() {
        let d = |flags: &str, width, prec| Directive {
            flags: flags.into(),
            width,
            prec,
            conv: 'p',
            time: None,
        };
        let mut out = Vec::new();
        pad_str(&d("", Some(5), None), "ab", &mut out);
        pad_str(&d("-", Some(4), None), "ab", &mut out);
        pad_str(&d("", Some(6), Some(2)), "abcdef", &mut out);
        pad_int(&d("+", None, None), 0, false, &mut out);
        pad_int(&d("#", None, None), 0o755, true, &mut out);
        pad_int(&d("0", Some(5), None), 42, false, &mut out);
        pad_int(&d("-", Some(6), None), 0o644, true, &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "   abab      ab+0075500042644   "
        );
    }
}
