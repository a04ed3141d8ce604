//! The awk lexer: program bytes to tokens, on demand. The parser asks for
//! a regex literal where an operand may start and the lexer saw `/` (the
//! lexer alone cannot tell division from a regex), and can save and
//! restore the position to look ahead.

/// A keyword.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kw {
    Begin,
    End,
    Function,
    If,
    Else,
    While,
    For,
    Do,
    Break,
    Continue,
    Next,
    Nextfile,
    Exit,
    Return,
    Delete,
    In,
    Getline,
    Print,
    Printf,
}

/// A built-in function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bi {
    Length,
    Substr,
    Index,
    Split,
    Sub,
    Gsub,
    Gensub,
    Match,
    Sprintf,
    Sin,
    Cos,
    Atan2,
    Exp,
    Log,
    Sqrt,
    Int,
    Rand,
    Srand,
    Tolower,
    Toupper,
    System,
    Close,
    Fflush,
    Systime,
    Strftime,
}

/// A token.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    Eof,
    Newline,
    LBrace,
    RBrace,
    LParen,
    RParen,
    LBracket,
    RBracket,
    Semi,
    Comma,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Caret,
    Not,
    Gt,
    Lt,
    Pipe,
    Question,
    Colon,
    Tilde,
    NoMatch,
    Dollar,
    Assign,
    AddAssign,
    SubAssign,
    MulAssign,
    DivAssign,
    ModAssign,
    PowAssign,
    Eq,
    Le,
    Ge,
    Ne,
    Incr,
    Decr,
    And,
    Or,
    Append,
    Number(f64),
    Str(Vec<u8>),
    /// A name (variable or, when followed by `(`, a call).
    Name(String),
    /// A name immediately followed by `(`: a user function call.
    FuncName(String),
    Builtin(Bi),
    Kw(Kw),
}

/// A lexical error: the message and the byte offset.
#[derive(Debug)]
pub struct LexError(pub String, pub usize);

/// Where the lexer is; saved and restored for look-ahead.
#[derive(Clone, Copy, Debug)]
pub struct Mark {
    pos: usize,
    line: u32,
}

/// The lexer over a program's bytes.
pub struct Lexer<'s> {
    src: &'s [u8],
    pos: usize,
    line: u32,
}

fn keyword(s: &str) -> Option<Tok> {
    Some(match s {
        "BEGIN" => Tok::Kw(Kw::Begin),
        "END" => Tok::Kw(Kw::End),
        "function" | "func" => Tok::Kw(Kw::Function),
        "if" => Tok::Kw(Kw::If),
        "else" => Tok::Kw(Kw::Else),
        "while" => Tok::Kw(Kw::While),
        "for" => Tok::Kw(Kw::For),
        "do" => Tok::Kw(Kw::Do),
        "break" => Tok::Kw(Kw::Break),
        "continue" => Tok::Kw(Kw::Continue),
        "next" => Tok::Kw(Kw::Next),
        "nextfile" => Tok::Kw(Kw::Nextfile),
        "exit" => Tok::Kw(Kw::Exit),
        "return" => Tok::Kw(Kw::Return),
        "delete" => Tok::Kw(Kw::Delete),
        "in" => Tok::Kw(Kw::In),
        "getline" => Tok::Kw(Kw::Getline),
        "print" => Tok::Kw(Kw::Print),
        "printf" => Tok::Kw(Kw::Printf),
        "length" => Tok::Builtin(Bi::Length),
        "substr" => Tok::Builtin(Bi::Substr),
        "index" => Tok::Builtin(Bi::Index),
        "split" => Tok::Builtin(Bi::Split),
        "sub" => Tok::Builtin(Bi::Sub),
        "gsub" => Tok::Builtin(Bi::Gsub),
        "gensub" => Tok::Builtin(Bi::Gensub),
        "match" => Tok::Builtin(Bi::Match),
        "sprintf" => Tok::Builtin(Bi::Sprintf),
        "sin" => Tok::Builtin(Bi::Sin),
        "cos" => Tok::Builtin(Bi::Cos),
        "atan2" => Tok::Builtin(Bi::Atan2),
        "exp" => Tok::Builtin(Bi::Exp),
        "log" => Tok::Builtin(Bi::Log),
        "sqrt" => Tok::Builtin(Bi::Sqrt),
        "int" => Tok::Builtin(Bi::Int),
        "rand" => Tok::Builtin(Bi::Rand),
        "srand" => Tok::Builtin(Bi::Srand),
        "tolower" => Tok::Builtin(Bi::Tolower),
        "toupper" => Tok::Builtin(Bi::Toupper),
        "system" => Tok::Builtin(Bi::System),
        "close" => Tok::Builtin(Bi::Close),
        "fflush" => Tok::Builtin(Bi::Fflush),
        "systime" => Tok::Builtin(Bi::Systime),
        "strftime" => Tok::Builtin(Bi::Strftime),
        _ => return None,
    })
}

/// Appends the byte a string escape stands for (`s[i]` is the letter
/// after the backslash); returns the index after the escape. Unknown
/// escapes keep their backslash (as mawk; gawk drops it with a warning).
pub fn escape(s: &[u8], i: usize, out: &mut Vec<u8>) -> usize {
    let Some(&c) = s.get(i) else {
        out.push(b'\\');
        return i;
    };
    let simple = match c {
        b'n' => Some(b'\n'),
        b't' => Some(b'\t'),
        b'r' => Some(b'\r'),
        b'\\' => Some(b'\\'),
        b'"' => Some(b'"'),
        b'/' => Some(b'/'),
        b'a' => Some(7),
        b'b' => Some(8),
        b'f' => Some(12),
        b'v' => Some(11),
        _ => None,
    };
    if let Some(b) = simple {
        out.push(b);
        return i + 1;
    }
    if (b'0'..=b'7').contains(&c) {
        let mut v: u32 = 0;
        let mut j = i;
        while j < i + 3 && s.get(j).is_some_and(|d| (b'0'..=b'7').contains(d)) {
            v = v * 8 + u32::from(s.get(j).copied().unwrap_or(b'0') - b'0');
            j += 1;
        }
        out.push((v & 0xff) as u8);
        return j;
    }
    out.push(b'\\');
    out.push(c);
    i + 1
}

/// Processes the escapes of a command-line value (`-v x=...`, `x=...`
/// operands, `-F`).
pub fn unescape(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while let Some(&c) = s.get(i) {
        if c == b'\\' {
            i = escape(s, i + 1, &mut out);
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

impl<'s> Lexer<'s> {
    /// A lexer at the start of `src`.
    pub fn new(src: &'s [u8]) -> Self {
        Self {
            src,
            pos: 0,
            line: 1,
        }
    }

    /// The current line (of the last token read).
    pub fn line(&self) -> u32 {
        self.line
    }

    /// Saves the position.
    pub fn mark(&self) -> Mark {
        Mark {
            pos: self.pos,
            line: self.line,
        }
    }

    /// Goes back to a saved position.
    pub fn reset(&mut self, m: Mark) {
        self.pos = m.pos;
        self.line = m.line;
    }

    fn peek_byte(&self, k: usize) -> Option<u8> {
        self.src.get(self.pos + k).copied()
    }

    /// Skips blanks, comments and backslash-newlines.
    fn skip(&mut self) {
        loop {
            match self.peek_byte(0) {
                Some(b' ' | b'\t' | b'\r') => self.pos += 1,
                Some(b'\\') if self.peek_byte(1) == Some(b'\n') => {
                    self.pos += 2;
                    self.line += 1;
                }
                Some(b'\\')
                    if self.peek_byte(1) == Some(b'\r') && self.peek_byte(2) == Some(b'\n') =>
                {
                    self.pos += 3;
                    self.line += 1;
                }
                Some(b'#') => {
                    while self.peek_byte(0).is_some_and(|b| b != b'\n') {
                        self.pos += 1;
                    }
                }
                _ => return,
            }
        }
    }

    /// The next token and the offset where it starts.
    pub fn token(&mut self) -> Result<(Tok, usize), LexError> {
        self.skip();
        let start = self.pos;
        let Some(c) = self.peek_byte(0) else {
            return Ok((Tok::Eof, start));
        };
        let two = |l: &mut Self, next: u8, yes: Tok, no: Tok| {
            if l.peek_byte(1) == Some(next) {
                l.pos += 2;
                yes
            } else {
                l.pos += 1;
                no
            }
        };
        let t = match c {
            b'\n' => {
                self.pos += 1;
                self.line += 1;
                Tok::Newline
            }
            b'{' => self.one(Tok::LBrace),
            b'}' => self.one(Tok::RBrace),
            b'(' => self.one(Tok::LParen),
            b')' => self.one(Tok::RParen),
            b'[' => self.one(Tok::LBracket),
            b']' => self.one(Tok::RBracket),
            b';' => self.one(Tok::Semi),
            b',' => self.one(Tok::Comma),
            b'?' => self.one(Tok::Question),
            b':' => self.one(Tok::Colon),
            b'~' => self.one(Tok::Tilde),
            b'$' => self.one(Tok::Dollar),
            b'+' => match self.peek_byte(1) {
                Some(b'+') => self.n(2, Tok::Incr),
                Some(b'=') => self.n(2, Tok::AddAssign),
                _ => self.one(Tok::Plus),
            },
            b'-' => match self.peek_byte(1) {
                Some(b'-') => self.n(2, Tok::Decr),
                Some(b'=') => self.n(2, Tok::SubAssign),
                _ => self.one(Tok::Minus),
            },
            b'*' => match (self.peek_byte(1), self.peek_byte(2)) {
                (Some(b'*'), Some(b'=')) => self.n(3, Tok::PowAssign),
                (Some(b'*'), _) => self.n(2, Tok::Caret),
                (Some(b'='), _) => self.n(2, Tok::MulAssign),
                _ => self.one(Tok::Star),
            },
            b'/' => two(self, b'=', Tok::DivAssign, Tok::Slash),
            b'%' => two(self, b'=', Tok::ModAssign, Tok::Percent),
            b'^' => two(self, b'=', Tok::PowAssign, Tok::Caret),
            b'=' => two(self, b'=', Tok::Eq, Tok::Assign),
            b'<' => two(self, b'=', Tok::Le, Tok::Lt),
            b'>' => match self.peek_byte(1) {
                Some(b'=') => self.n(2, Tok::Ge),
                Some(b'>') => self.n(2, Tok::Append),
                _ => self.one(Tok::Gt),
            },
            b'!' => match self.peek_byte(1) {
                Some(b'=') => self.n(2, Tok::Ne),
                Some(b'~') => self.n(2, Tok::NoMatch),
                _ => self.one(Tok::Not),
            },
            b'&' if self.peek_byte(1) == Some(b'&') => self.n(2, Tok::And),
            b'|' => match self.peek_byte(1) {
                Some(b'|') => self.n(2, Tok::Or),
                Some(b'&') => {
                    return Err(LexError("coprocesses (|&) are not supported".into(), start));
                }
                _ => self.one(Tok::Pipe),
            },
            b'"' => self.string()?,
            b'0'..=b'9' | b'.' => self.number()?,
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let mut e = self.pos;
                while self
                    .src
                    .get(e)
                    .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
                {
                    e += 1;
                }
                let name =
                    String::from_utf8_lossy(self.src.get(self.pos..e).unwrap_or(&[])).into_owned();
                self.pos = e;
                match keyword(&name) {
                    Some(t) => t,
                    None if self.peek_byte(0) == Some(b'(') => Tok::FuncName(name),
                    None => Tok::Name(name),
                }
            }
            _ => {
                return Err(LexError(
                    format!(
                        "invalid char '{}' in expression",
                        char::from(c).escape_default()
                    ),
                    start,
                ));
            }
        };
        Ok((t, start))
    }

    fn one(&mut self, t: Tok) -> Tok {
        self.pos += 1;
        t
    }

    fn n(&mut self, k: usize, t: Tok) -> Tok {
        self.pos += k;
        t
    }

    fn string(&mut self) -> Result<Tok, LexError> {
        let start = self.pos;
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            match self.peek_byte(0) {
                None | Some(b'\n') => {
                    return Err(LexError("unterminated string".into(), start));
                }
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(Tok::Str(out));
                }
                Some(b'\\') => {
                    if self.peek_byte(1) == Some(b'\n') {
                        self.pos += 2;
                        self.line += 1;
                        continue;
                    }
                    self.pos = escape(self.src, self.pos + 1, &mut out);
                }
                Some(c) => {
                    out.push(c);
                    self.pos += 1;
                }
            }
        }
    }

    fn number(&mut self) -> Result<Tok, LexError> {
        let start = self.pos;
        let s = self.src;
        if s.get(start) == Some(&b'0') && matches!(s.get(start + 1), Some(b'x' | b'X')) {
            let mut e = start + 2;
            let mut v: f64 = 0.0;
            while let Some(d) = s.get(e).and_then(|&b| char::from(b).to_digit(16)) {
                v = v * 16.0 + f64::from(d);
                e += 1;
            }
            if e > start + 2 {
                self.pos = e;
                return Ok(Tok::Number(v));
            }
        }
        let mut e = start;
        while s.get(e).is_some_and(u8::is_ascii_digit) {
            e += 1;
        }
        if s.get(e) == Some(&b'.') {
            e += 1;
            while s.get(e).is_some_and(u8::is_ascii_digit) {
                e += 1;
            }
        }
        if e == start + 1 && s.get(start) == Some(&b'.') {
            return Err(LexError("syntax error".into(), start));
        }
        if matches!(s.get(e), Some(b'e' | b'E')) {
            let mut j = e + 1;
            if matches!(s.get(j), Some(b'+' | b'-')) {
                j += 1;
            }
            if s.get(j).is_some_and(u8::is_ascii_digit) {
                while s.get(j).is_some_and(u8::is_ascii_digit) {
                    j += 1;
                }
                e = j;
            }
        }
        self.pos = e;
        let text = std::str::from_utf8(s.get(start..e).unwrap_or(b"0")).unwrap_or("0");
        Ok(Tok::Number(text.parse().unwrap_or(0.0)))
    }

    /// Reads a regex literal whose opening `/` is at `start`: its text
    /// with `\/` made `/` (other escapes are left to the regex module).
    pub fn regex(&mut self, start: usize) -> Result<Vec<u8>, LexError> {
        self.pos = start + 1;
        let mut out = Vec::new();
        let mut in_bracket = false;
        let mut bracket_start = 0;
        loop {
            let Some(c) = self.peek_byte(0) else {
                return Err(LexError("unterminated regexp".into(), start));
            };
            match c {
                b'\n' => return Err(LexError("unterminated regexp".into(), start)),
                b'\\' => {
                    match self.peek_byte(1) {
                        Some(b'/') => out.push(b'/'),
                        Some(b'\n') => {
                            self.line += 1;
                        }
                        Some(n) => {
                            out.push(b'\\');
                            out.push(n);
                        }
                        None => return Err(LexError("unterminated regexp".into(), start)),
                    }
                    self.pos += 2;
                    continue;
                }
                b'[' if !in_bracket => {
                    in_bracket = true;
                    out.push(c);
                    self.pos += 1;
                    bracket_start = out.len();
                    if self.peek_byte(0) == Some(b'^') {
                        out.push(b'^');
                        self.pos += 1;
                        bracket_start = out.len();
                    }
                    continue;
                }
                b']' if in_bracket && out.len() > bracket_start => in_bracket = false,
                b'[' if in_bracket && self.peek_byte(1) == Some(b':') => {
                    // A class name: copy through its `:]`.
                    let mut j = self.pos + 2;
                    while self.src.get(j).is_some_and(|b| b.is_ascii_alphabetic()) {
                        j += 1;
                    }
                    if self.src.get(j) == Some(&b':') && self.src.get(j + 1) == Some(&b']') {
                        out.extend_from_slice(self.src.get(self.pos..j + 2).unwrap_or(&[]));
                        self.pos = j + 2;
                        continue;
                    }
                }
                b'/' if !in_bracket => {
                    self.pos += 1;
                    return Ok(out);
                }
                _ => {}
            }
            out.push(c);
            self.pos += 1;
        }
    }

    /// The text of line `n` (1-based) of the program, for messages.
    pub fn source_line(&self, offset: usize) -> (String, usize) {
        let s = self.src;
        let off = offset.min(s.len());
        let begin = s
            .get(..off)
            .and_then(|b| b.iter().rposition(|&c| c == b'\n'))
            .map_or(0, |i| i + 1);
        let end = s
            .get(off..)
            .and_then(|b| b.iter().position(|&c| c == b'\n'))
            .map_or(s.len(), |i| off + i);
        (
            String::from_utf8_lossy(s.get(begin..end).unwrap_or(&[])).into_owned(),
            off - begin,
        )
    }
}
