//! A push parser for the JSON text `jq` reads: bytes go in as they
//! arrive, values come out as they complete.
//!
//! It follows jq 1.7's reader: whitespace-separated values, jq's messages
//! (`Expected separator between values at line 1, column 5`), its line
//! and column counting, `nan` as a literal, and a nesting limit of
//! [`MAX_DEPTH`] (`Exceeds depth limit for parsing`). It never recurses:
//! open arrays and objects live on an explicit stack, so the depth of the
//! input cannot overflow the thread's stack.

use jaq_json::{Map, Num, Rc, Val};

/// Deepest nesting of arrays and objects accepted (jq 1.7's limit).
pub const MAX_DEPTH: usize = 10_000;

/// Bytes a value is counted as holding beyond its payload: jaq's value
/// cell plus the share of its container's allocation.
pub const VAL_OVERHEAD: u64 = 32;

/// A parse error: jq's message, without the `parse error: ` prefix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError(pub String);

/// Checks that `data` is a sequence of JSON texts (what `--slurpfile`
/// reads); `Err` is jq's parse error message.
pub fn check_texts(data: &[u8]) -> Result<(), String> {
    let mut p = Parser::new();
    for &c in data {
        p.feed(c).map_err(|e| e.0)?;
    }
    p.finish().map(|_| ()).map_err(|e| e.0)
}

/// An open container.
enum Frame {
    Arr(Vec<Val>),
    /// An object, its key waiting for `:` and a value, and whether that
    /// key has seen its `:`.
    Obj(Map, Option<Val>, bool),
}

/// Where the lexer is inside a token.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lex {
    /// Between tokens.
    Normal,
    /// Inside a string.
    Str,
    /// Right after a backslash in a string.
    Escape,
    /// Inside `\uXXXX`, this many hex digits read.
    Unicode(u8),
    /// Inside a bare literal (`true`, `12.5`...).
    Literal,
}

/// The push parser.
pub struct Parser {
    stack: Vec<Frame>,
    /// The last complete value not yet placed in its container.
    next: Option<Val>,
    lex: Lex,
    /// The bytes of the current string or literal token.
    tok: Vec<u8>,
    /// The hex digits of a `\u` escape.
    hex: u32,
    /// A high surrogate waiting for its low half.
    high: Option<u32>,
    /// The current string holds a raw control character.
    ctrl: bool,
    line: u64,
    column: u64,
    /// Bytes held by the values being built (an estimate, for charging).
    held: u64,
    /// Bytes of a UTF-8 byte order mark read at the very start (jq skips
    /// one there); `None` once past the start.
    bom: Option<u8>,
}

impl Default for Parser {
    fn default() -> Self {
        Self::new()
    }
}

/// What one fed byte produced.
pub enum Step {
    /// Nothing complete yet.
    More,
    /// A complete top-level value.
    Value(Val),
}

impl Parser {
    /// A parser at the start of its input.
    pub fn new() -> Self {
        Self {
            stack: Vec::new(),
            next: None,
            lex: Lex::Normal,
            tok: Vec::new(),
            hex: 0,
            high: None,
            ctrl: false,
            line: 1,
            column: 0,
            held: 0,
            bom: Some(0),
        }
    }

    /// Estimated bytes the values under construction hold.
    pub fn held(&self) -> u64 {
        self.held.saturating_add(self.tok.capacity() as u64)
    }

    /// Feeds one byte.
    pub fn feed(&mut self, c: u8) -> Result<Step, ParseError> {
        if let Some(n) = self.bom {
            const BOM: [u8; 3] = [0xef, 0xbb, 0xbf];
            if BOM.get(usize::from(n)) == Some(&c) {
                self.bom = (n < 2).then_some(n + 1);
                return Ok(Step::More);
            }
            self.bom = None;
            if n > 0 {
                return Err(self.err("Malformed BOM"));
            }
        }
        if c == b'\n' {
            self.line += 1;
            self.column = 0;
        } else {
            self.column += 1;
        }
        match self.lex {
            Lex::Str => self.string_byte(c),
            Lex::Escape => self.escape_byte(c),
            Lex::Unicode(n) => self.unicode_byte(c, n),
            Lex::Literal => {
                if is_literal_byte(c) {
                    self.tok.push(c);
                    Ok(Step::More)
                } else {
                    self.lex = Lex::Normal;
                    self.end_literal()?;
                    self.structural(c)
                }
            }
            Lex::Normal => self.structural(c),
        }
    }

    /// Ends the input: the last value if one is complete, an error if a
    /// value is unfinished.
    pub fn finish(&mut self) -> Result<Option<Val>, ParseError> {
        match self.lex {
            Lex::Literal => {
                self.lex = Lex::Normal;
                // jq says where the input ended the literal.
                self.end_literal()
                    .map_err(|e| ParseError(e.0.replacen(" at line ", " at EOF at line ", 1)))?;
            }
            Lex::Str | Lex::Escape | Lex::Unicode(_) => {
                return Err(self.err("Unfinished string at EOF"));
            }
            Lex::Normal => {}
        }
        if !self.stack.is_empty() {
            return Err(self.err("Unfinished JSON term at EOF"));
        }
        self.held = 0;
        Ok(self.next.take())
    }

    fn err(&self, msg: &str) -> ParseError {
        ParseError(format!(
            "{msg} at line {}, column {}",
            self.line, self.column
        ))
    }

    fn structural(&mut self, c: u8) -> Result<Step, ParseError> {
        match c {
            b' ' | b'\t' | b'\r' | b'\n' | 0x1e => self.emit_top(),
            b'"' => {
                self.lex = Lex::Str;
                self.tok.clear();
                Ok(Step::More)
            }
            b'[' | b'{' => {
                if self.next.is_some() {
                    return Err(self.err("Expected separator between values"));
                }
                if self.stack.len() >= MAX_DEPTH {
                    return Err(self.err("Exceeds depth limit for parsing"));
                }
                self.stack.push(if c == b'[' {
                    Frame::Arr(Vec::new())
                } else {
                    Frame::Obj(Map::default(), None, false)
                });
                Ok(Step::More)
            }
            b',' => self.comma(),
            b':' => self.colon(),
            b']' => self.close_arr(),
            b'}' => self.close_obj(),
            _ => {
                self.lex = Lex::Literal;
                self.tok.clear();
                self.tok.push(c);
                Ok(Step::More)
            }
        }
    }

    /// A value at top level is complete once something follows it.
    fn emit_top(&mut self) -> Result<Step, ParseError> {
        if self.stack.is_empty()
            && let Some(v) = self.next.take()
        {
            self.held = 0;
            return Ok(Step::Value(v));
        }
        Ok(Step::More)
    }

    fn value(&mut self, v: Val, size: u64) -> Result<Step, ParseError> {
        if self.next.is_some() {
            return Err(self.err("Expected separator between values"));
        }
        self.held = self.held.saturating_add(size);
        self.next = Some(v);
        if self.stack.is_empty() {
            // A top-level string, array or object is complete at once;
            // a literal reaches here only at its delimiter.
            return self.emit_top();
        }
        Ok(Step::More)
    }

    fn comma(&mut self) -> Result<Step, ParseError> {
        let Some(v) = self.next.take() else {
            return Err(self.err("Expected value before ','"));
        };
        match self.stack.last_mut() {
            None => Err(self.err("Expected value before ','")),
            Some(Frame::Arr(a)) => {
                a.push(v);
                Ok(Step::More)
            }
            Some(Frame::Obj(m, key, colon)) => match key.take() {
                Some(k) if *colon => {
                    m.insert(k, v);
                    *colon = false;
                    Ok(Step::More)
                }
                _ => Err(self.err("Objects must consist of key:value pairs")),
            },
        }
    }

    fn colon(&mut self) -> Result<Step, ParseError> {
        let next = self.next.take();
        match self.stack.last_mut() {
            Some(Frame::Obj(_, key, colon)) => match next {
                None => Err(self.err("Expected string key before ':'")),
                Some(_) if key.is_some() => {
                    Err(self.err("Objects must consist of key:value pairs"))
                }
                Some(k @ Val::TStr(_)) => {
                    *key = Some(k);
                    *colon = true;
                    Ok(Step::More)
                }
                Some(_) => Err(self.err("Object keys must be strings")),
            },
            Some(Frame::Arr(_)) => Err(self.err("':' not as part of an object")),
            None => Err(self.err("Expected string key before ':'")),
        }
    }

    fn close_arr(&mut self) -> Result<Step, ParseError> {
        match self.stack.last_mut() {
            Some(Frame::Arr(a)) => {
                if let Some(v) = self.next.take() {
                    a.push(v);
                } else if !a.is_empty() {
                    return Err(self.err("Expected another array element"));
                }
            }
            _ => return Err(self.err("Unmatched ']'")),
        }
        let Some(Frame::Arr(a)) = self.stack.pop() else {
            return Err(self.err("Unmatched ']'"));
        };
        self.value(Val::Arr(Rc::new(a)), VAL_OVERHEAD)
    }

    fn close_obj(&mut self) -> Result<Step, ParseError> {
        match self.stack.last_mut() {
            Some(Frame::Obj(m, key, colon)) => match (key.take(), self.next.take()) {
                (Some(k), Some(v)) if *colon => {
                    m.insert(k, v);
                }
                (None, None) if m.is_empty() => {}
                (None, None) => return Err(self.err("Expected another key-value pair")),
                _ => return Err(self.err("Objects must consist of key:value pairs")),
            },
            _ => return Err(self.err("Unmatched '}'")),
        }
        let Some(Frame::Obj(m, ..)) = self.stack.pop() else {
            return Err(self.err("Unmatched '}'"));
        };
        self.value(Val::obj(m), VAL_OVERHEAD * 2)
    }

    fn string_byte(&mut self, c: u8) -> Result<Step, ParseError> {
        match c {
            b'"' => {
                self.lex = Lex::Normal;
                if std::mem::take(&mut self.ctrl) {
                    return Err(self.err(
                        "Invalid string: control characters from U+0000 through U+001F must be escaped",
                    ));
                }
                if self.high.take().is_some() {
                    return Err(self.err("Invalid \\uXXXX\\uXXXX surrogate pair escape"));
                }
                let s = std::mem::take(&mut self.tok);
                let size = VAL_OVERHEAD + s.len() as u64;
                self.value(Val::utf8_str(s), size)
            }
            b'\\' => {
                self.lex = Lex::Escape;
                Ok(Step::More)
            }
            0..=0x1f => {
                // jq checks a string's characters when it closes, so an
                // unclosed string with a newline runs on to the end.
                self.ctrl = true;
                self.tok.push(c);
                Ok(Step::More)
            }
            _ => {
                if self.high.take().is_some() {
                    return Err(self.err("Invalid \\uXXXX\\uXXXX surrogate pair escape"));
                }
                self.tok.push(c);
                Ok(Step::More)
            }
        }
    }

    fn escape_byte(&mut self, c: u8) -> Result<Step, ParseError> {
        self.lex = Lex::Str;
        let out = match c {
            b'u' => {
                self.lex = Lex::Unicode(0);
                self.hex = 0;
                return Ok(Step::More);
            }
            b'"' | b'\\' | b'/' => c,
            b'b' => 8,
            b'f' => 12,
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            _ => return Err(self.err("Invalid escape")),
        };
        if self.high.take().is_some() {
            return Err(self.err("Invalid \\uXXXX\\uXXXX surrogate pair escape"));
        }
        self.tok.push(out);
        Ok(Step::More)
    }

    fn unicode_byte(&mut self, c: u8, n: u8) -> Result<Step, ParseError> {
        let Some(d) = char::from(c).to_digit(16) else {
            return Err(self.err("Invalid \\uXXXX escape"));
        };
        self.hex = self.hex * 16 + d;
        if n < 3 {
            self.lex = Lex::Unicode(n + 1);
            return Ok(Step::More);
        }
        self.lex = Lex::Str;
        let u = self.hex;
        let code = match (self.high.take(), u) {
            (None, 0xD800..=0xDBFF) => {
                self.high = Some(u);
                return Ok(Step::More);
            }
            (None, 0xDC00..=0xDFFF) | (Some(_), _) if !(0xDC00..=0xDFFF).contains(&u) => {
                return Err(self.err("Invalid \\uXXXX\\uXXXX surrogate pair escape"));
            }
            (Some(h), _) => 0x10000 + ((h - 0xD800) << 10) + (u - 0xDC00),
            (None, _) => u,
        };
        let ch = char::from_u32(code).unwrap_or('\u{fffd}');
        let mut buf = [0; 4];
        self.tok
            .extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
        Ok(Step::More)
    }

    fn end_literal(&mut self) -> Result<(), ParseError> {
        let tok = std::mem::take(&mut self.tok);
        let v = match &tok[..] {
            b"true" => Val::Bool(true),
            b"false" => Val::Bool(false),
            b"null" => Val::Null,
            b"nan" | b"NaN" => Val::Num(Num::Float(f64::NAN)),
            t => match parse_number(t) {
                Some(n) => Val::Num(n),
                None if matches!(t.first(), Some(b't' | b'f' | b'n')) => {
                    return Err(self.err("Invalid literal"));
                }
                None => return Err(self.err("Invalid numeric literal")),
            },
        };
        match self.value(v, VAL_OVERHEAD)? {
            Step::More => Ok(()),
            // `value` emits only for strings and containers at top level,
            // never for a literal (its delimiter emits it).
            Step::Value(v) => {
                self.next = Some(v);
                Ok(())
            }
        }
    }
}

fn is_literal_byte(c: u8) -> bool {
    !matches!(
        c,
        b' ' | b'\t' | b'\r' | b'\n' | b'"' | b'[' | b']' | b'{' | b'}' | b',' | b':' | 0x1e
    )
}

/// Parses a JSON number as jq 1.7 keeps it: integers exactly, other
/// literals as their decimal text (printed back canonically).
pub fn parse_number(t: &[u8]) -> Option<Num> {
    let s = std::str::from_utf8(t).ok()?;
    let body = s.strip_prefix('-').unwrap_or(s);
    let (mant, exp) = match body.find(['e', 'E']) {
        Some(i) => (body.get(..i)?, Some(body.get(i + 1..)?)),
        None => (body, None),
    };
    let (int, frac) = match mant.find('.') {
        Some(i) => (mant.get(..i)?, Some(mant.get(i + 1..)?)),
        None => (mant, None),
    };
    let digits = |d: &str| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit());
    if !(digits(int) || (int.is_empty() && frac.is_some_and(digits))) {
        return None;
    }
    if frac.is_some_and(|f| !f.is_empty() && !digits(f)) {
        return None;
    }
    if let Some(e) = exp {
        let e = e.strip_prefix(['+', '-']).unwrap_or(e);
        if !digits(e) {
            return None;
        }
    }
    if frac.is_none() && exp.is_none() && s != "-0" {
        let trimmed = trim_int(s);
        if let Some(n) = Num::from_str_radix(&trimmed, 10) {
            return Some(n);
        }
    }
    Some(Num::Dec(Rc::new(s.to_string())))
}

/// An integer literal without leading zeros (`007` is 7, as jq reads it).
fn trim_int(s: &str) -> String {
    let (sign, digits) = match s.strip_prefix('-') {
        Some(d) => ("-", d),
        None => ("", s),
    };
    let d = digits.trim_start_matches('0');
    let d = if d.is_empty() { "0" } else { d };
    format!("{sign}{d}")
}

#[cfg(test)]
mod bom_tests {
    use super::*;

    #[test]
    fn a_bom_is_skipped_only_whole_and_at_the_start() {
        let mut p = Parser::new();
        for &c in b"\xef\xbb\xbf1 " {
            let _ = p.feed(c);
        }
        assert!(p.finish().is_ok());
        let mut p = Parser::new();
        let _ = p.feed(0xef);
        assert!(matches!(p.feed(b'1'), Err(ParseError(m)) if m.starts_with("Malformed BOM")));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &str) -> Result<Vec<String>, String> {
        let mut p = Parser::new();
        let mut out = Vec::new();
        for &c in text.as_bytes() {
            match p.feed(c) {
                Ok(Step::Value(v)) => out.push(v.to_string()),
                Ok(Step::More) => {}
                Err(e) => return Err(e.0),
            }
        }
        match p.finish() {
            Ok(Some(v)) => out.push(v.to_string()),
            Ok(None) => {}
            Err(e) => return Err(e.0),
        }
        Ok(out)
    }

    #[test]
    fn values() {
        assert_eq!(
            all(" 1 [2, {\"a\": null}] \"x\\u00e9\"true").unwrap(),
            ["1", "[2,{\"a\":null}]", "\"xé\"", "true"]
        );
        assert_eq!(all("[][]{}").unwrap(), ["[]", "[]", "{}"]);
        assert_eq!(all("\"\\ud83d\\ude00\"").unwrap(), ["\"😀\""]);
    }

    #[test]
    fn errors_like_jq() {
        let e = |t: &str| all(t).unwrap_err();
        assert_eq!(e("1,2\n"), "Expected value before ',' at line 1, column 2");
        assert_eq!(
            e("[1 2]\n"),
            "Expected separator between values at line 1, column 5"
        );
        assert_eq!(
            e("{\"a\":1,}\n"),
            "Expected another key-value pair at line 1, column 8"
        );
        assert_eq!(
            e("[1,]\n"),
            "Expected another array element at line 1, column 4"
        );
        assert_eq!(e("]\n"), "Unmatched ']' at line 1, column 1");
        assert_eq!(
            e("{1:2}\n"),
            "Object keys must be strings at line 1, column 3"
        );
        assert_eq!(
            e("[1:2]\n"),
            "':' not as part of an object at line 1, column 3"
        );
        assert_eq!(
            e("{\"a\"}\n"),
            "Objects must consist of key:value pairs at line 1, column 5"
        );
        assert_eq!(e("\"abc\n"), "Unfinished string at EOF at line 2, column 0");
        assert_eq!(e("tru\n"), "Invalid literal at line 2, column 0");
        assert_eq!(e("[1\n"), "Unfinished JSON term at EOF at line 2, column 0");
        assert_eq!(e("1.2.3\n"), "Invalid numeric literal at line 2, column 0");
        assert_eq!(e("\"a\\qb\"\n"), "Invalid escape at line 1, column 4");
    }

    #[test]
    fn deep_input_is_refused_not_recursed() {
        let deep = "[".repeat(MAX_DEPTH + 1);
        assert!(all(&deep).unwrap_err().starts_with("Exceeds depth limit"));
        // Dropping a value this deep recurses (jaq's values are trees):
        // the evaluation thread has the stack for it, a test thread not.
        let t = std::thread::Builder::new().stack_size(64 << 20).spawn(|| {
            let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
            let mut p = Parser::new();
            let mut n = 0;
            for &c in ok.as_bytes() {
                if let Ok(Step::Value(_)) = p.feed(c) {
                    n += 1;
                }
            }
            n
        });
        assert_eq!(t.unwrap().join().unwrap(), 1);
    }

    #[test]
    fn numbers() {
        assert!(matches!(parse_number(b"12"), Some(Num::Int(12))));
        assert!(matches!(parse_number(b"007"), Some(Num::Int(7))));
        assert!(matches!(parse_number(b"1.0"), Some(Num::Dec(_))));
        assert!(matches!(parse_number(b"-0"), Some(Num::Dec(_))));
        assert!(matches!(parse_number(b"1."), Some(Num::Dec(_))));
        assert!(matches!(parse_number(b".5"), Some(Num::Dec(_))));
        assert!(parse_number(b"-").is_none());
        assert!(parse_number(b"1e").is_none());
    }
}
