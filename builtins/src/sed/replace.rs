//! The replacement of an `s` command: literal text, `&` and `\0`-`\9`
//! group references, GNU escapes, and the case conversions `\L \U \l \u
//! \E` (ASCII only, as in the C locale).

use super::rx::escape_value;

/// One piece of a replacement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Bytes copied as they are.
    Lit(Vec<u8>),
    /// Group `n` of the match (0 is the whole match: `&`, `\0`).
    Group(usize),
    /// A case conversion.
    Case(CaseOp),
}

/// `\L`, `\U`, `\l`, `\u`, `\E`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaseOp {
    /// `\L`: lower case until `\E` or `\U`.
    Lower,
    /// `\U`: upper case until `\E` or `\L`.
    Upper,
    /// `\l`: the next character in lower case.
    LowerNext,
    /// `\u`: the next character in upper case.
    UpperNext,
    /// `\E`: stop `\L` and `\U`.
    End,
}

/// Parses the replacement text as `match_slash` left it (a backslash
/// still before everything but the delimiter and a newline).
pub fn parse(text: &[u8]) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut lit = Vec::new();
    let flush = |lit: &mut Vec<u8>, pieces: &mut Vec<Piece>| {
        if !lit.is_empty() {
            pieces.push(Piece::Lit(std::mem::take(lit)));
        }
    };
    let mut i = 0;
    while let Some(&c) = text.get(i) {
        i += 1;
        if c == b'&' {
            flush(&mut lit, &mut pieces);
            pieces.push(Piece::Group(0));
            continue;
        }
        if c != b'\\' {
            lit.push(c);
            continue;
        }
        let Some(&n) = text.get(i) else {
            // A backslash ending the text stands for itself.
            lit.push(b'\\');
            break;
        };
        i += 1;
        let op = match n {
            b'0'..=b'9' => {
                flush(&mut lit, &mut pieces);
                pieces.push(Piece::Group(usize::from(n - b'0')));
                continue;
            }
            b'L' => Some(CaseOp::Lower),
            b'U' => Some(CaseOp::Upper),
            b'l' => Some(CaseOp::LowerNext),
            b'u' => Some(CaseOp::UpperNext),
            b'E' => Some(CaseOp::End),
            _ => None,
        };
        if let Some(op) = op {
            flush(&mut lit, &mut pieces);
            pieces.push(Piece::Case(op));
            continue;
        }
        match escape_value(n, text.get(i..).unwrap_or(&[])) {
            Some((b, used)) => {
                lit.push(b);
                i += used;
            }
            None => lit.push(n),
        }
    }
    flush(&mut lit, &mut pieces);
    pieces
}

/// The highest group a replacement refers to.
pub fn max_group(pieces: &[Piece]) -> usize {
    pieces
        .iter()
        .filter_map(|p| match p {
            Piece::Group(n) => Some(*n),
            _ => None,
        })
        .max()
        .unwrap_or(0)
}

/// Case conversion state while one replacement is written.
#[derive(Default)]
pub struct Caser {
    mode: Option<CaseOp>,
    next: Option<CaseOp>,
}

impl Caser {
    /// Applies a `\L`...`\E` operator.
    pub fn op(&mut self, op: CaseOp) {
        match op {
            CaseOp::Lower | CaseOp::Upper => self.mode = Some(op),
            CaseOp::End => {
                self.mode = None;
                self.next = None;
            }
            CaseOp::LowerNext | CaseOp::UpperNext => self.next = Some(op),
        }
    }

    /// Appends `bytes` to `out`, converted.
    pub fn push(&mut self, out: &mut Vec<u8>, bytes: &[u8]) {
        if self.mode.is_none() && self.next.is_none() {
            out.extend_from_slice(bytes);
            return;
        }
        for &b in bytes {
            let b = match self.next.take() {
                Some(CaseOp::LowerNext) => b.to_ascii_lowercase(),
                Some(_) => b.to_ascii_uppercase(),
                None => match self.mode {
                    Some(CaseOp::Lower) => b.to_ascii_lowercase(),
                    Some(CaseOp::Upper) => b.to_ascii_uppercase(),
                    _ => b,
                },
            };
            out.push(b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces() {
        assert_eq!(
            parse(br"a&\1\&\n\t\q"),
            vec![
                Piece::Lit(b"a".to_vec()),
                Piece::Group(0),
                Piece::Group(1),
                Piece::Lit(b"&\n\tq".to_vec()),
            ]
        );
        assert_eq!(
            parse(br"\x41\cm\d066\o101"),
            vec![Piece::Lit(b"A\rBA".to_vec())]
        );
        assert_eq!(max_group(&parse(br"\9&")), 9);
        assert_eq!(parse(b"x\\"), vec![Piece::Lit(b"x\\".to_vec())]);
    }

    #[test]
    fn case_conversion() {
        let mut out = Vec::new();
        let mut c = Caser::default();
        c.op(CaseOp::Upper);
        c.push(&mut out, b"ab");
        c.op(CaseOp::LowerNext);
        c.push(&mut out, b"CD");
        c.op(CaseOp::End);
        c.push(&mut out, b"e");
        assert_eq!(out, b"ABcDe");
    }
}
