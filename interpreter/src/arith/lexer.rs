//! Tokens of an arithmetic expression, read one at a time the way bash's
//! `readtok` reads them.
//!
//! Which token a character sequence is depends on the token before it
//! (`++` after a name is a post-increment, before a name a pre-increment,
//! otherwise two `+`), so the parser drives the lexer and passes that
//! context in; see [`Lexer::read`].

use super::{ArithError, ArithErrorKind};

/// A binary operator, also the operator of a compound assignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BinOp {
    Mul,
    Div,
    Mod,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    Pow,
}

/// One token. `Str` is a variable name, with the byte range of its
/// subscript when the name is immediately followed by `[...]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    /// End of the expression.
    Eof,
    /// A number, already converted.
    Num(i64),
    /// A name `text[start..end]`, with `sub` the range between its brackets.
    Str {
        start: usize,
        end: usize,
        sub: Option<(usize, usize)>,
    },
    /// `=`.
    Assign,
    /// `*=`, `+=`, `<<=`, ...
    OpAssign(BinOp),
    /// A binary operator other than `&&` and `||`.
    Bin(BinOp),
    /// `&&`.
    LAnd,
    /// `||`.
    LOr,
    /// `!`.
    Not,
    /// `~`.
    Tilde,
    /// `(`.
    LParen,
    /// `)`.
    RParen,
    /// `?`.
    Question,
    /// `:`.
    Colon,
    /// `,`.
    Comma,
    /// `++` before a name.
    PreInc,
    /// `--` before a name.
    PreDec,
    /// `++` after a name.
    PostInc,
    /// `--` after a name.
    PostDec,
    /// A marker bash keeps in its "last token" after a conditional
    /// expression; never produced by the lexer.
    Cond,
}

impl Tok {
    /// Whether bash would count this token as an operator when it decides
    /// between "operand expected" and "invalid arithmetic operator".
    fn is_operator(self) -> bool {
        !matches!(self, Tok::Num(_) | Tok::Str { .. })
    }
}

/// The reading position in an expression and bash's two error positions.
pub(crate) struct Lexer<'a> {
    /// The expression.
    pub(crate) text: &'a str,
    bytes: &'a [u8],
    /// Just past the current token.
    pub(crate) tp: usize,
    /// Start of the last token that was not the end (bash's `lasttp`): the
    /// error token is the text from here on.
    pub(crate) lasttp: usize,
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\n'
}

fn is_name_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_name_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn is_arith_char(b: u8) -> bool {
    matches!(
        b,
        b'=' | b'>'
            | b'<'
            | b'+'
            | b'-'
            | b'*'
            | b'/'
            | b'%'
            | b'!'
            | b'('
            | b')'
            | b'&'
            | b'|'
            | b'^'
            | b'~'
            | b'?'
            | b':'
            | b','
    )
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`.
    pub(crate) fn new(text: &'a str) -> Self {
        Lexer {
            text,
            bytes: text.as_bytes(),
            tp: 0,
            lasttp: 0,
        }
    }

    fn byte(&self, i: usize) -> u8 {
        self.bytes.get(i).copied().unwrap_or(0)
    }

    /// The text from `pos` to the end, as bash prints an error token.
    pub(crate) fn rest(&self, pos: usize) -> String {
        self.text.get(pos..).unwrap_or("").to_string()
    }

    /// An error whose token is the text from the last token on.
    pub(crate) fn error(&self, kind: ArithErrorKind) -> ArithError {
        ArithError::new(kind, Some(self.rest(self.lasttp)), Some(self.text))
    }

    /// Reads the next token. `cur` is the token just read (bash's
    /// `curtok`) and `last` the one before it (`lasttok`); both decide how
    /// `++`, `--` and stray characters read.
    pub(crate) fn read(&mut self, cur: Tok, last: Tok) -> Result<Tok, ArithError> {
        let mut cp = self.tp;
        while cp < self.bytes.len() && is_blank(self.byte(cp)) {
            cp += 1;
        }
        let c = self.byte(cp);
        if c == 0 {
            self.tp = cp;
            return Ok(Tok::Eof);
        }
        self.tp = cp;
        self.lasttp = cp;
        if is_name_start(c) {
            return self.read_name(cp);
        }
        if c.is_ascii_digit() {
            return self.read_number(cp);
        }
        let c1 = self.byte(cp + 1);
        let c2 = self.byte(cp + 2);
        let (tok, len) = match (c, c1) {
            (b'=', b'=') => (Tok::Bin(BinOp::Eq), 2),
            (b'!', b'=') => (Tok::Bin(BinOp::Ne), 2),
            (b'>', b'=') => (Tok::Bin(BinOp::Ge), 2),
            (b'<', b'=') => (Tok::Bin(BinOp::Le), 2),
            (b'<', b'<') if c2 == b'=' => (Tok::OpAssign(BinOp::Shl), 3),
            (b'<', b'<') => (Tok::Bin(BinOp::Shl), 2),
            (b'>', b'>') if c2 == b'=' => (Tok::OpAssign(BinOp::Shr), 3),
            (b'>', b'>') => (Tok::Bin(BinOp::Shr), 2),
            (b'&', b'&') => (Tok::LAnd, 2),
            (b'|', b'|') => (Tok::LOr, 2),
            (b'*', b'*') => (Tok::Bin(BinOp::Pow), 2),
            (b'+', b'+') | (b'-', b'-') => {
                let inc = c == b'+';
                if matches!(cur, Tok::Str { .. }) {
                    (if inc { Tok::PostInc } else { Tok::PostDec }, 2)
                } else if matches!(cur, Tok::Num(_)) && matches!(last, Tok::PreInc | Tok::PreDec) {
                    let kind = if inc {
                        ArithErrorKind::LvalueRequired("++")
                    } else {
                        ArithErrorKind::LvalueRequired("--")
                    };
                    return Err(self.error(kind));
                } else {
                    let mut xp = cp + 2;
                    while xp < self.bytes.len() && is_blank(self.byte(xp)) {
                        xp += 1;
                    }
                    if is_name_start(self.byte(xp)) {
                        (if inc { Tok::PreInc } else { Tok::PreDec }, 2)
                    } else if inc {
                        (Tok::Bin(BinOp::Add), 1)
                    } else {
                        (Tok::Bin(BinOp::Sub), 1)
                    }
                }
            }
            (_, b'=') if b"*/%+-&^|".contains(&c) => {
                let op = match c {
                    b'*' => BinOp::Mul,
                    b'/' => BinOp::Div,
                    b'%' => BinOp::Mod,
                    b'+' => BinOp::Add,
                    b'-' => BinOp::Sub,
                    b'&' => BinOp::BitAnd,
                    b'^' => BinOp::BitXor,
                    _ => BinOp::BitOr,
                };
                (Tok::OpAssign(op), 2)
            }
            _ => {
                let tok = match c {
                    b'=' => Tok::Assign,
                    b'>' => Tok::Bin(BinOp::Gt),
                    b'<' => Tok::Bin(BinOp::Lt),
                    b'+' => Tok::Bin(BinOp::Add),
                    b'-' => Tok::Bin(BinOp::Sub),
                    b'*' => Tok::Bin(BinOp::Mul),
                    b'/' => Tok::Bin(BinOp::Div),
                    b'%' => Tok::Bin(BinOp::Mod),
                    b'&' => Tok::Bin(BinOp::BitAnd),
                    b'|' => Tok::Bin(BinOp::BitOr),
                    b'^' => Tok::Bin(BinOp::BitXor),
                    b'!' => Tok::Not,
                    b'~' => Tok::Tilde,
                    b'(' => Tok::LParen,
                    b')' => Tok::RParen,
                    b'?' => Tok::Question,
                    b':' => Tok::Colon,
                    b',' => Tok::Comma,
                    _ => {
                        debug_assert!(!is_arith_char(c));
                        let kind = if cur == Tok::Eof || cur.is_operator() {
                            ArithErrorKind::OperandExpected
                        } else {
                            ArithErrorKind::InvalidOperator
                        };
                        return Err(self.error(kind));
                    }
                };
                (tok, 1)
            }
        };
        self.tp = cp + len;
        Ok(tok)
    }

    fn read_name(&mut self, start: usize) -> Result<Tok, ArithError> {
        let mut end = start;
        while is_name_char(self.byte(end)) {
            end += 1;
        }
        let mut sub = None;
        let mut after = end;
        if self.byte(end) == b'[' {
            let mut nest = 0usize;
            let mut i = end;
            let close = loop {
                match self.byte(i) {
                    0 if i >= self.bytes.len() => break None,
                    b'[' => nest += 1,
                    b']' => {
                        nest = nest.saturating_sub(1);
                        if nest == 0 {
                            break Some(i);
                        }
                    }
                    _ => {}
                }
                i += 1;
            };
            match close {
                Some(close) => {
                    sub = Some((end + 1, close));
                    after = close + 1;
                }
                None => return Err(self.error(ArithErrorKind::BadSubscript)),
            }
        }
        self.tp = after;
        Ok(Tok::Str { start, end, sub })
    }

    fn read_number(&mut self, start: usize) -> Result<Tok, ArithError> {
        let mut end = start;
        loop {
            let b = self.byte(end);
            if b.is_ascii_alphanumeric() || b == b'#' || b == b'@' || b == b'_' {
                end += 1;
            } else {
                break;
            }
        }
        self.tp = end;
        let digits = self.bytes.get(start..end).unwrap_or(&[]);
        match number_value(digits) {
            Ok(v) => Ok(Tok::Num(v)),
            Err(kind) => {
                // bash cuts the expression at the end of the number while it
                // converts it, so both the expression and the token it
                // prints end there.
                let text = self.text.get(..end).unwrap_or(self.text);
                let token = self.text.get(start..end).unwrap_or("").to_string();
                Err(ArithError::new(kind, Some(token), Some(text)))
            }
        }
    }
}

/// The value of one digit in `base`, as bash reads it: `0-9`, then `a-z`,
/// then `A-Z` (the same as `a-z` up to base 36), then `@` and `_`.
fn digit_value(c: u8, base: i64) -> i64 {
    match c {
        b'0'..=b'9' => i64::from(c - b'0'),
        b'a'..=b'z' => i64::from(c - b'a') + 10,
        b'A'..=b'Z' if base <= 36 => i64::from(c - b'A') + 10,
        b'A'..=b'Z' => i64::from(c - b'A') + 36,
        b'@' => 62,
        _ => 63,
    }
}

/// Converts a numeric constant: decimal, `0x` hex, `0` octal or
/// `base#digits`; arithmetic wraps at 64 bits like bash's.
pub(crate) fn number_value(s: &[u8]) -> Result<i64, ArithErrorKind> {
    let mut i = 0;
    let mut base: i64 = 10;
    let mut found_base = false;
    if s.first() == Some(&b'0') {
        i = 1;
        if s.len() == 1 {
            return Ok(0);
        }
        if matches!(s.get(1), Some(b'x' | b'X')) {
            base = 16;
            i = 2;
        } else {
            base = 8;
        }
        found_base = true;
    }
    let mut val: i64 = 0;
    while let Some(&c) = s.get(i) {
        i += 1;
        if c == b'#' {
            if found_base {
                return Err(ArithErrorKind::InvalidNumber);
            }
            if !(2..=64).contains(&val) {
                return Err(ArithErrorKind::InvalidBase);
            }
            base = val;
            val = 0;
            found_base = true;
            match s.get(i) {
                Some(&n) if n.is_ascii_alphanumeric() || n == b'_' || n == b'@' => {}
                _ => return Err(ArithErrorKind::InvalidConstant),
            }
        } else {
            if !(c.is_ascii_alphanumeric() || c == b'_' || c == b'@') {
                break;
            }
            let d = digit_value(c, base);
            if d >= base {
                return Err(ArithErrorKind::ValueTooGreat);
            }
            val = val.wrapping_mul(base).wrapping_add(d);
        }
    }
    Ok(val)
}
