//! The sed script parser: script text (every `-e` and `-f` piece joined
//! by newlines, as GNU sed reads them) to a flat program of commands.
//! Blocks become jumps, so neither the parser nor the executor recurses;
//! nesting is bounded all the same. Errors are GNU's messages with GNU's
//! location (`-e expression #N, char M` or `file F line L`).

use std::sync::Arc;

use sandbash_interpreter::memory::{Charge, MemoryBudget};

use super::replace::{self, Piece};
use super::rx::{self, Rx, escape_value};

/// Where a piece of the script came from.
#[derive(Clone, Debug)]
pub enum Origin {
    /// The Nth `-e` (or the script operand), counted from 1.
    Expr(usize),
    /// A `-f` file, by the name given.
    File(String),
}

/// One piece of the script: its bytes, where they came from.
#[derive(Clone, Debug)]
pub struct Source {
    /// The text.
    pub text: Vec<u8>,
    /// Its origin.
    pub origin: Origin,
}

/// A first address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Addr {
    /// Line N.
    Line(u64),
    /// `0` (only as `0,/re/`).
    Zero,
    /// `$`.
    Last,
    /// `/re/`: a regex of the program, or `None` for `//` (the last used).
    Re(Option<usize>),
    /// `first~step`.
    Step(u64, u64),
}

/// A second address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Addr2 {
    /// Up to line N.
    Line(u64),
    /// Up to the last line.
    Last,
    /// Up to a line matching.
    Re(Option<usize>),
    /// `+N`: N more lines.
    Plus(u64),
    /// `~N`: up to the next line that is a multiple of N.
    Mult(u64),
}

/// An `s` command.
#[derive(Debug)]
pub struct Subst {
    /// The regex (`None`: the last one used).
    pub re: Option<usize>,
    /// The replacement.
    pub rep: Vec<Piece>,
    /// `g`.
    pub global: bool,
    /// The number flag (1 when absent).
    pub nth: u64,
    /// `p`.
    pub print: bool,
    /// `w FILE`: index into [`Program::wfiles`].
    pub write: Option<usize>,
}

/// Where `a`, `i` and `c` put their text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextKind {
    /// `a`: queued for the end of the cycle.
    Append,
    /// `i`: printed now.
    Insert,
    /// `c`: printed instead of the pattern space.
    Change,
}

/// `b`, `t`, `T`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Jump {
    /// `b`: always.
    Always,
    /// `t`: when a substitution was made.
    IfSub,
    /// `T`: when none was.
    UnlessSub,
}

/// What a command does.
#[derive(Debug)]
pub enum Kind {
    /// `{`: when the address does not match, continue at the index given
    /// (after the matching `}`).
    Block(usize),
    /// `}` and `:label`: nothing.
    Nop,
    /// `=`.
    LineNo,
    /// `a`, `i`, `c` with their text (ending in a newline unless empty).
    Text(TextKind, Vec<u8>),
    /// `b`, `t`, `T` to a command index (the program's length: the end).
    Branch(Jump, usize),
    /// `d`.
    Delete,
    /// `D`.
    DeleteFirst,
    /// `g`.
    Get,
    /// `G`.
    GetAppend,
    /// `h`.
    Hold,
    /// `H`.
    HoldAppend,
    /// `l [N]`.
    List(Option<u64>),
    /// `n`.
    Next,
    /// `N`.
    NextAppend,
    /// `p`.
    Print,
    /// `P`.
    PrintFirst,
    /// `q [EXIT]`.
    Quit(i32),
    /// `Q [EXIT]`.
    QuitSilent(i32),
    /// `r FILE`.
    ReadFile(String),
    /// `R FILE`.
    ReadLine(String),
    /// `s`.
    Subst(Box<Subst>),
    /// `y`: a byte map.
    Translate(Box<[u8; 256]>),
    /// `w FILE`.
    Write(usize),
    /// `W FILE`.
    WriteFirst(usize),
    /// `x`.
    Exchange,
    /// `z`.
    Zap,
    /// `F`.
    FileName,
}

/// One command with its addresses.
#[derive(Debug)]
pub struct Cmd {
    /// First address.
    pub a1: Option<Addr>,
    /// Second address (a range).
    pub a2: Option<Addr2>,
    /// `!`.
    pub negate: bool,
    /// The command.
    pub kind: Kind,
}

/// A parsed script.
#[derive(Debug)]
pub struct Program {
    /// The commands in order.
    pub cmds: Vec<Cmd>,
    /// The regexes the commands refer to.
    pub regexes: Vec<Rx>,
    /// The files `w`, `W` and `s///w` write, each named once.
    pub wfiles: Vec<String>,
    /// The script starts with `#n`: as `-n`.
    pub quiet: bool,
    /// What the regexes are charged to the run's memory budget.
    pub charge: Charge,
}

/// Why a script was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A message (without `sed: `) and the exit status.
    Bad(String, i32),
    /// The memory budget refused the compiled regexes.
    Memory,
}

/// The options that change how a script parses.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// `-E`: extended regexes.
    pub ere: bool,
    /// The deepest `{` nesting accepted.
    pub max_depth: usize,
}

const BAD_STATUS: i32 = 1;

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

struct Parser<'a> {
    b: Vec<u8>,
    /// Start and end (exclusive, before the joining newline) of each piece.
    spans: Vec<(usize, usize)>,
    pieces: &'a [Source],
    pos: usize,
    opts: Options,
    budget: &'a Arc<MemoryBudget>,
    prog: Program,
    labels: Vec<(Vec<u8>, usize)>,
    jumps: Vec<(usize, Vec<u8>)>,
    /// Open `{`: command index and the position after it.
    blocks: Vec<(usize, usize)>,
}

/// Parses the script made of `pieces`.
pub fn parse(
    pieces: &[Source],
    opts: Options,
    budget: &Arc<MemoryBudget>,
) -> Result<Program, ParseError> {
    let mut b = Vec::new();
    let mut spans = Vec::with_capacity(pieces.len());
    for p in pieces {
        let start = b.len();
        b.extend_from_slice(&p.text);
        spans.push((start, b.len()));
        b.push(b'\n');
    }
    // GNU sed looks at the first two bytes only (`#nfoo` counts too).
    let quiet = pieces.first().is_some_and(|p| p.text.starts_with(b"#n"));
    let mut p = Parser {
        b,
        spans,
        pieces,
        pos: 0,
        opts,
        budget,
        prog: Program {
            cmds: Vec::new(),
            regexes: Vec::new(),
            wfiles: Vec::new(),
            quiet,
            charge: Charge::on(budget),
        },
        labels: Vec::new(),
        jumps: Vec::new(),
        blocks: Vec::new(),
    };
    p.program()?;
    p.finish()
}

impl Parser<'_> {
    fn next(&mut self) -> Option<u8> {
        let c = self.b.get(self.pos).copied();
        if c.is_some() {
            self.pos += 1;
        }
        c
    }

    fn back(&mut self, c: Option<u8>) {
        if c.is_some() {
            self.pos = self.pos.saturating_sub(1);
        }
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    /// Whether `c`, just read, is the end of a piece: the end of the text,
    /// or the newline joining a piece to the next (GNU reads each piece
    /// to its own end).
    fn piece_end(&self, c: Option<u8>) -> bool {
        match c {
            None => true,
            Some(b'\n') => self.spans.iter().any(|&(_, e)| e + 1 == self.pos),
            Some(_) => false,
        }
    }

    fn nonblank(&mut self) -> Option<u8> {
        loop {
            match self.next() {
                Some(b' ' | b'\t') => {}
                c => return c,
            }
        }
    }

    /// The location GNU prints for position `pos` (bytes consumed).
    fn location(&self, pos: usize, char0: bool) -> String {
        let k = self.spans.iter().rposition(|&(s, _)| s < pos).unwrap_or(0);
        let (start, end) = self.spans.get(k).copied().unwrap_or((0, 0));
        let upto = pos.min(end).max(start);
        match self.pieces.get(k).map(|p| &p.origin) {
            Some(Origin::File(name)) => {
                let lines = self
                    .b
                    .get(start..upto)
                    .map_or(0, |s| s.iter().filter(|&&c| c == b'\n').count());
                format!("file {name} line {}", lines + 1)
            }
            Some(Origin::Expr(n)) => {
                let ch = if char0 { 0 } else { upto - start };
                format!("-e expression #{n}, char {ch}")
            }
            None => "-e expression #1, char 0".into(),
        }
    }

    fn err(&self, msg: &str) -> ParseError {
        ParseError::Bad(
            format!("{}: {msg}", self.location(self.pos, false)),
            BAD_STATUS,
        )
    }

    fn program(&mut self) -> Result<(), ParseError> {
        loop {
            let c = loop {
                match self.next() {
                    Some(c) if c == b';' || is_space(c) => {}
                    other => break other,
                }
            };
            let Some(c) = c else {
                return Ok(());
            };
            if c == b'#' {
                while !matches!(self.next(), None | Some(b'\n')) {}
                continue;
            }
            self.back(Some(c));
            self.command()?;
        }
    }

    fn command(&mut self) -> Result<(), ParseError> {
        let a1 = self.address()?;
        let mut a2 = None;
        if a1.is_some() {
            let c = self.nonblank();
            if c == Some(b',') {
                let c = self.nonblank();
                self.back(c);
                a2 = Some(self.address2()?.ok_or_else(|| self.err("unexpected `,'"))?);
            } else {
                self.back(c);
            }
        }
        let mut c = self.nonblank();
        let mut negate = false;
        if c == Some(b'!') {
            negate = true;
            c = self.nonblank();
            if c == Some(b'!') {
                return Err(self.err("multiple `!'s"));
            }
        }
        if self.piece_end(c) {
            self.back(c);
            return Err(self.err("missing command"));
        }
        let Some(c) = c else {
            return Err(self.err("missing command"));
        };
        if a1 == Some(Addr::Zero) && !matches!(a2, Some(Addr2::Re(_))) {
            return Err(self.err("invalid usage of line address 0"));
        }
        let idx = self.prog.cmds.len();
        let kind = match c {
            b'{' => {
                if self.blocks.len() >= self.opts.max_depth {
                    return Err(self.err("too many nested `{'"));
                }
                self.blocks.push((idx, self.pos));
                Kind::Block(0)
            }
            b'}' => {
                if a1.is_some() {
                    return Err(self.err("`}' doesn't want any addresses"));
                }
                let Some((open, _)) = self.blocks.pop() else {
                    return Err(self.err("unexpected `}'"));
                };
                if let Some(Cmd {
                    kind: Kind::Block(to),
                    ..
                }) = self.prog.cmds.get_mut(open)
                {
                    *to = idx + 1;
                }
                self.end_of_cmd()?;
                Kind::Nop
            }
            b':' => {
                if a1.is_some() {
                    return Err(self.err(": doesn't want any addresses"));
                }
                let label = self.label();
                if label.is_empty() {
                    return Err(self.err("\":\" lacks a label"));
                }
                self.labels.push((label, idx));
                Kind::Nop
            }
            b'b' | b't' | b'T' => {
                let label = self.label();
                self.jumps.push((idx, label));
                let j = match c {
                    b'b' => Jump::Always,
                    b't' => Jump::IfSub,
                    _ => Jump::UnlessSub,
                };
                Kind::Branch(j, 0)
            }
            b'=' | b'd' | b'D' | b'g' | b'G' | b'h' | b'H' | b'n' | b'N' | b'p' | b'P' | b'x'
            | b'z' | b'F' => {
                self.end_of_cmd()?;
                match c {
                    b'=' => Kind::LineNo,
                    b'd' => Kind::Delete,
                    b'D' => Kind::DeleteFirst,
                    b'g' => Kind::Get,
                    b'G' => Kind::GetAppend,
                    b'h' => Kind::Hold,
                    b'H' => Kind::HoldAppend,
                    b'n' => Kind::Next,
                    b'N' => Kind::NextAppend,
                    b'p' => Kind::Print,
                    b'P' => Kind::PrintFirst,
                    b'x' => Kind::Exchange,
                    b'z' => Kind::Zap,
                    _ => Kind::FileName,
                }
            }
            b'a' | b'i' | b'c' => {
                let after = self.nonblank();
                if self.piece_end(after) {
                    self.back(after);
                    return Err(self.err("expected \\ after `a', `c' or `i'"));
                }
                let lead = match after {
                    None => return Err(self.err("expected \\ after `a', `c' or `i'")),
                    Some(b'\\') => {
                        // `a\` ending the script has an empty text; ending
                        // one -e, its text is the next one's first line.
                        let l = self.next();
                        if l == Some(b'\n') && self.pos == self.b.len() {
                            None
                        } else {
                            l
                        }
                    }
                    Some(x) => {
                        self.back(Some(x));
                        Some(b'\n')
                    }
                };
                let text = self.text(lead);
                let k = match c {
                    b'a' => TextKind::Append,
                    b'i' => TextKind::Insert,
                    _ => TextKind::Change,
                };
                Kind::Text(k, text)
            }
            b'q' | b'Q' | b'l' | b'L' => {
                if c == b'L' {
                    return Err(self.err("unknown command: `L'"));
                }
                if a2.is_some() && c != b'l' {
                    return Err(self.err("command only uses one address"));
                }
                let d = self.nonblank();
                let n = match d {
                    Some(d) if d.is_ascii_digit() => Some(self.integer(d)),
                    _ => {
                        self.back(d);
                        None
                    }
                };
                self.end_of_cmd()?;
                let code = n.map_or(0, |n| (n & 0xff) as i32);
                match c {
                    b'q' => Kind::Quit(code),
                    b'Q' => Kind::QuitSilent(code),
                    _ => Kind::List(n),
                }
            }
            b'r' | b'R' | b'w' | b'W' => {
                let name = self.filename()?;
                match c {
                    b'r' => Kind::ReadFile(name),
                    b'R' => Kind::ReadLine(name),
                    b'w' => Kind::Write(self.wfile(name)),
                    _ => Kind::WriteFirst(self.wfile(name)),
                }
            }
            b's' => Kind::Subst(Box::new(self.subst()?)),
            b'y' => Kind::Translate(self.translate()?),
            b'e' => return Err(self.err("e command disabled: sandbash runs no host commands")),
            b'v' => {
                let v = self.label();
                if !version_ok(&v) {
                    return Err(self.err("expected newer version of sed"));
                }
                Kind::Nop
            }
            _ => {
                let shown = sandbash_interpreter::bytes::decode(&[c]).into_owned();
                return Err(self.err(&format!("unknown command: `{shown}'")));
            }
        };
        self.prog.cmds.push(Cmd {
            a1,
            a2,
            negate,
            kind,
        });
        Ok(())
    }

    /// What may follow a command: blanks, then `;`, a newline, the end,
    /// or a `}` or `#` (left for the next command).
    fn end_of_cmd(&mut self) -> Result<(), ParseError> {
        match self.nonblank() {
            None | Some(b'\n' | b';') => Ok(()),
            Some(c @ (b'}' | b'#')) => {
                self.back(Some(c));
                Ok(())
            }
            Some(_) => Err(self.err("extra characters after command")),
        }
    }

    fn integer(&mut self, first: u8) -> u64 {
        let mut n = u64::from(first - b'0');
        while let Some(d) = self.peek().filter(u8::is_ascii_digit) {
            self.pos += 1;
            n = n.saturating_mul(10).saturating_add(u64::from(d - b'0'));
        }
        n
    }

    fn label(&mut self) -> Vec<u8> {
        let mut c = self.nonblank();
        let mut out = Vec::new();
        while let Some(x) = c {
            if x == b';' || is_space(x) {
                break;
            }
            out.push(x);
            c = self.next();
        }
        self.back(c);
        out
    }

    fn filename(&mut self) -> Result<String, ParseError> {
        let mut c = self.nonblank();
        let mut out = Vec::new();
        while let Some(x) = c {
            if x == b'\n' {
                break;
            }
            out.push(x);
            c = self.next();
        }
        if out.is_empty() {
            return Err(self.err("missing filename in r/R/w/W commands"));
        }
        Ok(sandbash_interpreter::bytes::decode(&out).into_owned())
    }

    fn wfile(&mut self, name: String) -> usize {
        match self.prog.wfiles.iter().position(|n| *n == name) {
            Some(i) => i,
            None => {
                self.prog.wfiles.push(name);
                self.prog.wfiles.len() - 1
            }
        }
    }

    /// The text of `a`, `i`, `c`: `lead` is what followed the backslash
    /// (a newline for the one-line form).
    fn text(&mut self, lead: Option<u8>) -> Vec<u8> {
        let Some(lead) = lead else {
            return Vec::new();
        };
        let mut raw = Vec::new();
        if lead != b'\n' {
            raw.push(lead);
        }
        loop {
            match self.next() {
                None | Some(b'\n') => break,
                Some(b'\\') => {
                    if let Some(d) = self.next() {
                        raw.push(b'\\');
                        raw.push(d);
                    }
                }
                Some(x) => raw.push(x),
            }
        }
        let mut out = Vec::with_capacity(raw.len() + 1);
        let mut i = 0;
        while let Some(&c) = raw.get(i) {
            i += 1;
            if c != b'\\' {
                out.push(c);
                continue;
            }
            let Some(&n) = raw.get(i) else {
                break;
            };
            i += 1;
            match escape_value(n, raw.get(i..).unwrap_or(&[])) {
                Some((b, used)) => {
                    out.push(b);
                    i += used;
                }
                None => out.push(n),
            }
        }
        out.push(b'\n');
        out
    }

    fn address(&mut self) -> Result<Option<Addr>, ParseError> {
        let c = self.next();
        match c {
            Some(b'/') => Ok(Some(Addr::Re(self.address_regex(b'/')?))),
            Some(b'\\') => match self.next() {
                Some(d) if d != b'\n' => Ok(Some(Addr::Re(self.address_regex(d)?))),
                _ => Err(self.err("unterminated address regex")),
            },
            Some(b'$') => Ok(Some(Addr::Last)),
            Some(d) if d.is_ascii_digit() => {
                let n = self.integer(d);
                let t = self.nonblank();
                if t == Some(b'~') {
                    let s = self.nonblank();
                    let step = match s {
                        Some(s) if s.is_ascii_digit() => self.integer(s),
                        _ => {
                            self.back(s);
                            0
                        }
                    };
                    return Ok(Some(Addr::Step(n, step)));
                }
                self.back(t);
                Ok(Some(if n == 0 { Addr::Zero } else { Addr::Line(n) }))
            }
            _ => {
                self.back(c);
                Ok(None)
            }
        }
    }

    fn address2(&mut self) -> Result<Option<Addr2>, ParseError> {
        let c = self.next();
        let count = |p: &mut Self| {
            let d = p.nonblank();
            match d {
                Some(d) if d.is_ascii_digit() => p.integer(d),
                _ => {
                    p.back(d);
                    0
                }
            }
        };
        match c {
            Some(b'+') => Ok(Some(Addr2::Plus(count(self)))),
            Some(b'~') => Ok(Some(Addr2::Mult(count(self)))),
            _ => {
                self.back(c);
                Ok(match self.address()? {
                    None => None,
                    Some(Addr::Zero) => return Err(self.err("invalid usage of line address 0")),
                    Some(Addr::Line(n) | Addr::Step(n, _)) => Some(Addr2::Line(n)),
                    Some(Addr::Last) => Some(Addr2::Last),
                    Some(Addr::Re(r)) => Some(Addr2::Re(r)),
                })
            }
        }
    }

    fn address_regex(&mut self, delim: u8) -> Result<Option<usize>, ParseError> {
        let Some(pat) = self.delimited(delim, true) else {
            return Err(self.err("unterminated address regex"));
        };
        let (mut icase, mut multi) = (false, false);
        loop {
            match self.nonblank() {
                Some(b'I') => icase = true,
                Some(b'M') => multi = true,
                c => {
                    self.back(c);
                    break;
                }
            }
        }
        if pat.is_empty() {
            if icase || multi {
                return Err(self.err("no previous regular expression"));
            }
            return Ok(None);
        }
        self.regex(&pat, icase, multi).map(Some)
    }

    fn regex(&mut self, pat: &[u8], icase: bool, multi: bool) -> Result<usize, ParseError> {
        let rx = rx::compile(pat, self.opts.ere, icase, multi).map_err(|m| self.err(&m))?;
        if !self.prog.charge.grow(rx.cost) {
            self.budget.breach();
            return Err(ParseError::Memory);
        }
        self.prog.regexes.push(rx);
        Ok(self.prog.regexes.len() - 1)
    }

    /// Reads up to an unescaped `delim` (GNU's `match_slash`): `\delim`
    /// is the delimiter itself, a backslash-newline a newline, and in a
    /// regex `\n` a newline too, and a delimiter inside a bracket
    /// expression does not end it. `None` when a newline or the end
    /// comes first.
    fn delimited(&mut self, delim: u8, regex: bool) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        // Bracket expression state: 0 outside, 1 just after `[` (or
        // `[^`: a `]` there is literal), 2 inside, 3 inside `[:`/`[.`/`[=`.
        let mut bracket = 0u8;
        let mut class_end = 0u8;
        loop {
            let c = self.next()?;
            if c == b'\n' {
                self.back(Some(c));
                return None;
            }
            if c == b'\\' {
                let d = self.next()?;
                if (d == b'n' && regex) || d == b'\n' {
                    out.push(b'\n');
                } else if d == delim && (regex || d != b'&') {
                    out.push(d);
                } else {
                    out.push(b'\\');
                    // Inside a bracket a backslash is itself: what follows
                    // is read again (a `]` still closes it).
                    if bracket >= 2 {
                        self.back(Some(d));
                    } else {
                        out.push(d);
                    }
                }
                if bracket == 1 {
                    bracket = 2;
                }
                continue;
            }
            if regex {
                match bracket {
                    0 if c == b'[' => {
                        bracket = 1;
                        out.push(c);
                        if self.peek() == Some(b'^') {
                            self.pos += 1;
                            out.push(b'^');
                        }
                        continue;
                    }
                    1 => {
                        bracket = 2;
                        if c == b']' {
                            out.push(c);
                            continue;
                        }
                    }
                    _ => {}
                }
                match bracket {
                    2 if c == b']' => {
                        bracket = 0;
                        out.push(c);
                        continue;
                    }
                    2 if c == b'[' && matches!(self.peek(), Some(b':' | b'.' | b'=')) => {
                        class_end = self.peek().unwrap_or(b':');
                        self.pos += 1;
                        out.push(c);
                        out.push(class_end);
                        bracket = 3;
                        continue;
                    }
                    3 if c == class_end && self.peek() == Some(b']') => {
                        self.pos += 1;
                        out.push(c);
                        out.push(b']');
                        bracket = 2;
                        continue;
                    }
                    0 if c == delim => return Some(out),
                    _ => {}
                }
                out.push(c);
                continue;
            }
            if c == delim {
                return Some(out);
            }
            out.push(c);
        }
    }

    /// The two delimited parts of `s` and `y` (the first a regex for
    /// `s`), the delimiter being the byte after the command.
    fn two_parts(&mut self, cmd: &str, regex: bool) -> Result<(Vec<u8>, Vec<u8>), ParseError> {
        let unterminated = |p: &Self| p.err(&format!("unterminated `{cmd}' command"));
        let delim = match self.next() {
            None | Some(b'\n') => return Err(unterminated(self)),
            Some(d) => d,
        };
        let first = self
            .delimited(delim, regex)
            .ok_or_else(|| unterminated(self))?;
        let second = self
            .delimited(delim, false)
            .ok_or_else(|| unterminated(self))?;
        Ok((first, second))
    }

    fn subst(&mut self) -> Result<Subst, ParseError> {
        let (pat, rep) = self.two_parts("s", true)?;
        let mut s = Subst {
            re: None,
            rep: replace::parse(&rep),
            global: false,
            nth: 1,
            print: false,
            write: None,
        };
        let (mut icase, mut multi, mut have_n) = (false, false, false);
        loop {
            match self.next() {
                Some(b'i' | b'I') => icase = true,
                Some(b'm' | b'M') => multi = true,
                Some(b'e') => {
                    return Err(self.err("e flag disabled: sandbash runs no host commands"));
                }
                Some(b'p') => {
                    if s.print {
                        return Err(self.err("multiple `p' options to `s' command"));
                    }
                    s.print = true;
                }
                Some(b'g') => {
                    if s.global {
                        return Err(self.err("multiple `g' options to `s' command"));
                    }
                    s.global = true;
                }
                Some(b'w') => {
                    let name = self.filename()?;
                    s.write = Some(self.wfile(name));
                    break;
                }
                Some(d) if d.is_ascii_digit() => {
                    if have_n {
                        return Err(self.err("multiple number options to `s' command"));
                    }
                    let n = self.integer(d);
                    if n == 0 {
                        return Err(self.err("number option to `s' command may not be zero"));
                    }
                    have_n = true;
                    s.nth = n;
                }
                Some(c @ (b'}' | b'#')) => {
                    self.back(Some(c));
                    break;
                }
                None | Some(b'\n' | b';') => break,
                Some(b' ' | b'\t' | b'\r') => {}
                Some(_) => return Err(self.err("unknown option to `s'")),
            }
        }
        if !pat.is_empty() {
            let i = self.regex(&pat, icase, multi)?;
            s.re = Some(i);
            let groups = self.prog.regexes.get(i).map_or(0, |r| r.groups);
            let want = replace::max_group(&s.rep);
            if want > groups {
                return Err(self.err(&format!("invalid reference \\{want} on `s' command's RHS")));
            }
        }
        Ok(s)
    }

    fn translate(&mut self) -> Result<Box<[u8; 256]>, ParseError> {
        let (src, dst) = self.two_parts("y", false)?;
        let (src, dst) = (y_string(&src), y_string(&dst));
        if src.len() != dst.len() {
            return Err(self.err("strings for `y' command are different lengths"));
        }
        self.end_of_cmd()?;
        let mut map = Box::new([0u8; 256]);
        for (i, m) in map.iter_mut().enumerate() {
            *m = i as u8;
        }
        // The first mapping of a byte wins, as in GNU sed.
        let mut seen = [false; 256];
        for (&a, &b) in src.iter().zip(dst.iter()) {
            let k = usize::from(a);
            if let (Some(m), Some(s)) = (map.get_mut(k), seen.get_mut(k))
                && !*s
            {
                *m = b;
                *s = true;
            }
        }
        Ok(map)
    }

    fn finish(mut self) -> Result<Program, ParseError> {
        if let Some(&(_, pos)) = self.blocks.first() {
            return Err(ParseError::Bad(
                format!("{}: unmatched `{{'", self.location(pos, true)),
                BAD_STATUS,
            ));
        }
        let end = self.prog.cmds.len();
        for (idx, label) in std::mem::take(&mut self.jumps) {
            let target = if label.is_empty() {
                end
            } else {
                match self.labels.iter().rev().find(|(l, _)| *l == label) {
                    Some(&(_, t)) => t,
                    None => {
                        let shown = sandbash_interpreter::bytes::decode(&label).into_owned();
                        return Err(ParseError::Bad(
                            format!("can't find label for jump to `{shown}'"),
                            4,
                        ));
                    }
                }
            };
            if let Some(Cmd {
                kind: Kind::Branch(_, t),
                ..
            }) = self.prog.cmds.get_mut(idx)
            {
                *t = target;
            }
        }
        Ok(self.prog)
    }
}

/// The bytes of a `y` string: `\\` is a backslash, `\n` and GNU's other
/// escapes the bytes they stand for.
fn y_string(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while let Some(&c) = s.get(i) {
        i += 1;
        if c != b'\\' {
            out.push(c);
            continue;
        }
        match s.get(i) {
            Some(b'\\') => {
                out.push(b'\\');
                i += 1;
            }
            Some(&n) => match escape_value(n, s.get(i + 1..).unwrap_or(&[])) {
                Some((b, used)) => {
                    out.push(b);
                    i += 1 + used;
                }
                None => out.push(b'\\'),
            },
            None => out.push(b'\\'),
        }
    }
    out
}

/// `v VERSION`: accepted up to the version this sed follows (4.9).
fn version_ok(v: &[u8]) -> bool {
    if v.is_empty() {
        return true;
    }
    let text = String::from_utf8_lossy(v);
    let mut parts = text
        .split('.')
        .map(|p| p.parse::<u64>().unwrap_or(u64::MAX));
    let major = parts.next().unwrap_or(0);
    let minor = parts.next().unwrap_or(0);
    (major, minor) <= (4, 9)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(script: &str) -> Result<Program, ParseError> {
        let budget = Arc::new(MemoryBudget::new(64 << 20));
        parse(
            &[Source {
                text: script.as_bytes().to_vec(),
                origin: Origin::Expr(1),
            }],
            Options {
                ere: false,
                max_depth: 100,
            },
            &budget,
        )
    }

    fn e(script: &str) -> String {
        match p(script) {
            Err(ParseError::Bad(m, _)) => m,
            other => panic!("{script:?} parsed: {other:?}"),
        }
    }

    #[test]
    fn gnu_error_locations() {
        assert_eq!(
            e("s/a/b"),
            "-e expression #1, char 5: unterminated `s' command"
        );
        assert_eq!(e("s"), "-e expression #1, char 1: unterminated `s' command");
        assert_eq!(e("k"), "-e expression #1, char 1: unknown command: `k'");
        assert_eq!(
            e("s/a/b/q"),
            "-e expression #1, char 7: unknown option to `s'"
        );
        assert_eq!(
            e("s/a/b/gg"),
            "-e expression #1, char 8: multiple `g' options to `s' command"
        );
        assert_eq!(
            e("s/a/b/0"),
            "-e expression #1, char 7: number option to `s' command may not be zero"
        );
        assert_eq!(
            e("y/ab/c/"),
            "-e expression #1, char 7: strings for `y' command are different lengths"
        );
        assert_eq!(e("{p"), "-e expression #1, char 0: unmatched `{'");
        assert_eq!(e("p}"), "-e expression #1, char 2: unexpected `}'");
        assert_eq!(e("3!!p"), "-e expression #1, char 3: multiple `!'s");
        assert_eq!(e(": "), "-e expression #1, char 2: \":\" lacks a label");
        assert_eq!(
            e("a"),
            "-e expression #1, char 1: expected \\ after `a', `c' or `i'"
        );
        assert_eq!(
            e("1,2q"),
            "-e expression #1, char 4: command only uses one address"
        );
        assert_eq!(
            e("p x"),
            "-e expression #1, char 3: extra characters after command"
        );
        assert_eq!(
            e(r"s/\(a\)/\2/"),
            "-e expression #1, char 11: invalid reference \\2 on `s' command's RHS"
        );
        assert_eq!(
            e("r"),
            "-e expression #1, char 1: missing filename in r/R/w/W commands"
        );
        assert_eq!(
            e("/a"),
            "-e expression #1, char 2: unterminated address regex"
        );
        assert_eq!(
            e("0p"),
            "-e expression #1, char 2: invalid usage of line address 0"
        );
        assert_eq!(e("1~"), "-e expression #1, char 2: missing command");
        assert_eq!(
            e("s/a\nb/X/"),
            "-e expression #1, char 3: unterminated `s' command"
        );
        assert_eq!(
            e("s/[/x/"),
            "-e expression #1, char 6: unterminated `s' command"
        );
        assert_eq!(e(r"s/a\{1/x/"), "-e expression #1, char 9: Unmatched \\{");
        assert_eq!(
            e("q5 5"),
            "-e expression #1, char 4: extra characters after command"
        );
        assert_eq!(
            e("1{p}p"),
            "-e expression #1, char 5: extra characters after command"
        );
        assert_eq!(
            e("1{p;1}"),
            "-e expression #1, char 6: `}' doesn't want any addresses"
        );
        assert_eq!(e("b foo"), "can't find label for jump to `foo'");
        assert_eq!(
            e("v 9.0"),
            "-e expression #1, char 5: expected newer version of sed"
        );
    }

    #[test]
    fn locations_across_pieces() {
        let budget = Arc::new(MemoryBudget::new(64 << 20));
        let opts = Options {
            ere: false,
            max_depth: 10,
        };
        let pieces = [
            Source {
                text: b"p".to_vec(),
                origin: Origin::Expr(1),
            },
            Source {
                text: b"p\nk\n".to_vec(),
                origin: Origin::File("f.sed".into()),
            },
        ];
        assert_eq!(
            parse(&pieces, opts, &budget).unwrap_err(),
            ParseError::Bad("file f.sed line 2: unknown command: `k'".into(), 1)
        );
        let pieces = [
            Source {
                text: b"p".to_vec(),
                origin: Origin::Expr(1),
            },
            Source {
                text: b"{".to_vec(),
                origin: Origin::Expr(2),
            },
        ];
        assert_eq!(
            parse(&pieces, opts, &budget).unwrap_err(),
            ParseError::Bad("-e expression #2, char 0: unmatched `{'".into(), 1)
        );
        // `a\` continues into the next -e.
        let pieces = [
            Source {
                text: b"a\\".to_vec(),
                origin: Origin::Expr(1),
            },
            Source {
                text: b"xx".to_vec(),
                origin: Origin::Expr(2),
            },
        ];
        let prog = parse(&pieces, opts, &budget).unwrap();
        assert!(matches!(&prog.cmds[0].kind, Kind::Text(TextKind::Append, t) if t == b"xx\n"));
    }

    #[test]
    fn commands_and_addresses() {
        let prog = p("1,/x/I!{s/a/\\U&/2gpw out\n};$d;0~3p;/y/,+2p;2,~4=;:l;tl").unwrap();
        let kinds: Vec<&Kind> = prog.cmds.iter().map(|c| &c.kind).collect();
        assert!(matches!(kinds[0], Kind::Block(3)));
        assert!(prog.cmds[0].negate);
        assert_eq!(prog.cmds[0].a2, Some(Addr2::Re(Some(0))));
        match kinds[1] {
            Kind::Subst(s) => {
                assert!(s.global && s.print);
                assert_eq!((s.nth, s.write), (2, Some(0)));
            }
            k => panic!("{k:?}"),
        }
        assert_eq!(prog.wfiles, ["out"]);
        assert_eq!(prog.cmds[3].a1, Some(Addr::Last));
        assert_eq!(prog.cmds[4].a1, Some(Addr::Step(0, 3)));
        assert_eq!(prog.cmds[5].a2, Some(Addr2::Plus(2)));
        assert_eq!(prog.cmds[6].a2, Some(Addr2::Mult(4)));
        assert!(matches!(kinds[8], Kind::Branch(Jump::IfSub, 7)));
        assert!(p("#n\np").unwrap().quiet);
        assert!(p("#nx\np").unwrap().quiet);
        assert!(!p(" #n\np").unwrap().quiet);
    }

    #[test]
    fn text_commands() {
        let t = |s: &str| match p(s).unwrap().cmds.remove(0).kind {
            Kind::Text(_, t) => String::from_utf8(t).unwrap(),
            k => panic!("{k:?}"),
        };
        assert_eq!(t("a foo"), "foo\n");
        assert_eq!(t("a\\  foo"), "  foo\n");
        assert_eq!(t("a\\\n  foo\\\nbar"), "  foo\nbar\n");
        assert_eq!(t("a   foo\\tbar;p}"), "foo\tbar;p}\n");
        assert_eq!(t("i\\"), "");
        assert_eq!(t("c\\\\"), "\n");
    }

    #[test]
    fn delimiters_and_brackets() {
        assert!(p("s/[/]/X/").is_ok());
        assert!(p("s/[]/]/X/").is_ok());
        assert!(p("s/[[:alpha:]/]/X/g").is_ok());
        assert!(p("s|a\\|b|X|").is_ok());
        assert!(p("\\%a%p").is_ok());
        assert!(p("y/abc/\\n\\t\\\\/").is_ok());
        assert_eq!(
            e("e ls"),
            "-e expression #1, char 1: e command disabled: sandbash runs no host commands"
        );
    }

    #[test]
    fn nesting_is_bounded() {
        assert!(p(&"{".repeat(100)).is_err());
        assert_eq!(
            e(&"{".repeat(101)),
            "-e expression #1, char 101: too many nested `{'"
        );
        let ok = format!("{}p{}", "{".repeat(50), "}".repeat(50));
        assert!(p(&ok).is_ok());
    }
}
