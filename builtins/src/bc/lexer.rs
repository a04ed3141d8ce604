//! bc's tokens, read from a byte buffer that holds whole lines.

/// A token.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    Num(String),
    Str(String),
    Ident(String),
    Kw(&'static str),
    Op(&'static str),
    Newline,
    Eof,
    /// A byte that starts no token.
    Bad(u8),
    /// A `"` the buffer ends inside of.
    Open,
    /// A `/*` the buffer ends inside of.
    OpenComment,
}

const KEYWORDS: &[&str] = &[
    "define", "break", "continue", "quit", "length", "return", "for", "if", "while", "sqrt",
    "scale", "ibase", "obase", "auto", "else", "print", "read", "halt", "last", "void", "limits",
    "warranty",
];

const OPS: &[&str] = &[
    "++", "--", "+=", "-=", "*=", "/=", "%=", "^=", "==", "!=", "<=", ">=", "&&", "||", "+", "-",
    "*", "/", "%", "^", "=", "<", ">", "!", "(", ")", "[", "]", "{", "}", ",", ";",
];

/// A lexer over `src`, counting newlines.
pub struct Lexer<'a> {
    pub src: &'a [u8],
    pub pos: usize,
    /// Newlines passed so far.
    pub lines: u32,
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a [u8]) -> Self {
        Self {
            src,
            pos: 0,
            lines: 0,
        }
    }

    fn peekb(&self, k: usize) -> Option<u8> {
        self.src.get(self.pos + k).copied()
    }

    /// The next token.
    pub fn token(&mut self) -> Tok {
        loop {
            match self.peekb(0) {
                Some(b' ' | b'\t' | b'\r' | 0x0b | 0x0c) => self.pos += 1,
                Some(b'\\') if self.peekb(1) == Some(b'\n') => {
                    self.pos += 2;
                    self.lines += 1;
                }
                Some(b'#') => {
                    while let Some(c) = self.peekb(0) {
                        if c == b'\n' {
                            break;
                        }
                        self.pos += 1;
                    }
                }
                Some(b'/') if self.peekb(1) == Some(b'*') => {
                    let start = self.pos;
                    let mut lines = 0;
                    self.pos += 2;
                    loop {
                        match self.peekb(0) {
                            None => {
                                self.pos = start;
                                return Tok::OpenComment;
                            }
                            Some(b'*') if self.peekb(1) == Some(b'/') => {
                                self.pos += 2;
                                break;
                            }
                            Some(c) => {
                                if c == b'\n' {
                                    lines += 1;
                                }
                                self.pos += 1;
                            }
                        }
                    }
                    self.lines += lines;
                }
                _ => break,
            }
        }
        let Some(c) = self.peekb(0) else {
            return Tok::Eof;
        };
        if c == b'\n' {
            self.pos += 1;
            self.lines += 1;
            return Tok::Newline;
        }
        if c == b'"' {
            let rest = self.src.get(self.pos + 1..).unwrap_or(&[]);
            let Some(end) = rest.iter().position(|&b| b == b'"') else {
                // Past the quote: at the end of the input it is an illegal
                // character and what follows is read again.
                self.pos += 1;
                return Tok::Open;
            };
            let body = rest.get(..end).unwrap_or(&[]);
            self.lines += body.iter().filter(|&&b| b == b'\n').count() as u32;
            self.pos += end + 2;
            return Tok::Str(sandbash_interpreter::bytes::decode(body).into_owned());
        }
        let digit = |b: u8| b.is_ascii_digit() || b.is_ascii_uppercase();
        if digit(c) || (c == b'.' && self.peekb(1).is_some_and(digit)) {
            let start = self.pos;
            let mut dot = false;
            loop {
                match self.peekb(0) {
                    Some(b) if digit(b) => self.pos += 1,
                    Some(b'.') if !dot => {
                        dot = true;
                        self.pos += 1;
                    }
                    Some(b'\\') if self.peekb(1) == Some(b'\n') => {
                        self.pos += 2;
                        self.lines += 1;
                    }
                    _ => break,
                }
            }
            let text = String::from_utf8_lossy(self.src.get(start..self.pos).unwrap_or(&[]));
            return Tok::Num(text.into_owned());
        }
        if c.is_ascii_lowercase() {
            let start = self.pos;
            while self
                .peekb(0)
                .is_some_and(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
            {
                self.pos += 1;
            }
            let w =
                String::from_utf8_lossy(self.src.get(start..self.pos).unwrap_or(&[])).into_owned();
            if let Some(k) = KEYWORDS.iter().find(|k| **k == w) {
                return Tok::Kw(k);
            }
            return Tok::Ident(w);
        }
        if c == b'.' {
            self.pos += 1;
            return Tok::Kw("last");
        }
        for op in OPS {
            if self
                .src
                .get(self.pos..)
                .is_some_and(|r| r.starts_with(op.as_bytes()))
            {
                self.pos += op.len();
                return Tok::Op(op);
            }
        }
        self.pos += 1;
        Tok::Bad(c)
    }
}
