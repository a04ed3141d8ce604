//! bc's grammar (GNU bc 1.07's precedence: `||` < `&&` < `!` < relations
//! < assignment < `+ -` < `* / %` < `^` < unary minus < `++ --`), parsed
//! by recursive descent into an AST. While parsing, `pc` counts the bytes
//! GNU bc's code generator would emit, so that runtime errors can name the
//! same `adr=N` as GNU bc.

use super::lexer::{Lexer, Tok};

/// Something assignable.
#[derive(Clone, Debug)]
pub enum Lv {
    Var(String),
    Arr(String, Box<Expr>),
    Scale,
    Ibase,
    Obase,
    Last,
}

#[derive(Clone, Debug)]
pub enum Expr {
    Num(String),
    Load(Lv, u32),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Bin(&'static str, Box<Expr>, Box<Expr>, u32),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    Assign(Lv, Option<&'static str>, Box<Expr>, u32),
    IncDec {
        lv: Lv,
        pre: bool,
        inc: bool,
        adr: u32,
    },
    Call(String, Vec<Arg>, u32),
    Length(Box<Expr>),
    Sqrt(Box<Expr>, u32),
    ScaleOf(Box<Expr>),
    Read(u32),
}

#[derive(Clone, Debug)]
pub enum Arg {
    Val(Expr),
    Array(String),
}

#[derive(Clone, Debug)]
pub enum PItem {
    Str(String),
    Val(Expr),
}

#[derive(Clone, Debug)]
pub enum Stmt {
    Expr(Expr, bool),
    Str(String),
    Print(Vec<PItem>),
    Block(Vec<Stmt>),
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    While(Expr, Box<Stmt>),
    For(Option<Expr>, Option<Expr>, Option<Expr>, Box<Stmt>),
    Break,
    Continue,
    Halt,
    Return(Option<Expr>),
    Limits,
    Empty,
}

/// A `define`d function.
#[derive(Clone, Debug)]
pub struct Func {
    pub name: String,
    /// Parameters: name, whether an array.
    pub params: Vec<(String, bool)>,
    pub autos: Vec<(String, bool)>,
    /// The array parameters passed by reference (`*name[]`).
    pub refs: Vec<String>,
    pub body: Vec<Stmt>,
    pub void: bool,
}

/// One unit of input.
pub enum Item {
    /// A line of statements, run as soon as it is read.
    Line(Vec<Stmt>),
    Define(Func),
    /// `quit` was read: stop at once.
    Quit,
}

/// How strictly POSIX bc is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Posix {
    Off,
    /// `-w`: warn about extensions.
    Warn,
    /// `-s`: extensions are errors.
    Error,
}

/// Why parsing stopped.
pub enum PErr {
    /// The buffer ended inside the item: read another line.
    More,
    /// A syntax error: the message; the lexer stands after the bad token.
    Syntax(String),
}

type P<T> = Result<T, PErr>;

/// A parser over the lines gathered so far.
pub struct Parser<'a> {
    pub lx: Lexer<'a>,
    tok: Tok,
    /// Where the lookahead token starts, and the newlines before it.
    pub tok_start: usize,
    pub tok_lines: u32,
    eof: bool,
    pub pc: u32,
    in_func: bool,
    loops: u32,
    /// `-w` or `-s`.
    pub posix: Posix,
    /// The `-w` warnings met: the line (counted from the start of the
    /// item) and the text.
    pub notes: Vec<(u32, String)>,
    /// Newlines passed when the current token had been read.
    tok_line: u32,
    /// The `define void` functions known so far: their calls give no
    /// value to print or assign.
    pub voids: Vec<String>,
    depth: u32,
}

const MAX_DEPTH: u32 = 500;

impl<'a> Parser<'a> {
    /// `eof`: no more input will come after `src`.
    pub fn new(src: &'a [u8], eof: bool) -> Self {
        let mut lx = Lexer::new(src);
        let tok = lx.token();
        let tok_line = lx.lines;
        Self {
            lx,
            tok,
            tok_start: 0,
            tok_lines: 0,
            eof,
            pc: 0,
            in_func: false,
            loops: 0,
            voids: Vec::new(),
            posix: Posix::Off,
            notes: Vec::new(),
            tok_line,
            depth: 0,
        }
    }

    fn bump(&mut self) -> P<Tok> {
        self.tok_start = self.lx.pos;
        self.tok_lines = self.lx.lines;
        let t = std::mem::replace(&mut self.tok, self.lx.token());
        let at = self.tok_line;
        self.tok_line = self.lx.lines;
        if self.posix != Posix::Off {
            let what = match &t {
                Tok::Ident(n) if n.len() > 1 => Some(format!("multiple letter name - {n}")),
                Tok::Kw("last") => Some("Last variable".into()),
                Tok::Kw("print") => Some("print statement".into()),
                Tok::Kw("else") => Some("else clause in if statement".into()),
                Tok::Kw("read") => Some("read function".into()),
                Tok::Kw("void") => Some("void functions".into()),
                Tok::Op("&&") => Some("&& operator".into()),
                Tok::Op("||") => Some("|| operator".into()),
                _ => None,
            };
            if let Some(w) = what {
                self.ext(at, &w)?;
            }
        }
        Ok(t)
    }

    /// A construct POSIX bc lacks: noted under `-w`, an error under `-s`.
    fn ext(&mut self, line: u32, what: &str) -> P<()> {
        match self.posix {
            Posix::Off => Ok(()),
            Posix::Warn => {
                self.notes.push((line, format!("(Warning) {what}")));
                Ok(())
            }
            Posix::Error => Err(PErr::Syntax(format!("Error: {what}"))),
        }
    }

    fn err<T>(&self) -> P<T> {
        match &self.tok {
            Tok::Eof | Tok::Open | Tok::OpenComment if !self.eof => Err(PErr::More),
            Tok::OpenComment => Err(PErr::Syntax("\u{0}comment".into())),
            Tok::Open => Err(PErr::Syntax("illegal character: \"".into())),
            Tok::Bad(c) => Err(PErr::Syntax(format!(
                "illegal character: {}",
                char::from(*c)
            ))),
            _ => Err(PErr::Syntax("syntax error".into())),
        }
    }

    /// Whether the current token is `{` (where a syntax error was found).
    pub fn at_open_brace(&self) -> bool {
        self.is_op("{")
    }

    fn is_op(&self, o: &str) -> bool {
        matches!(&self.tok, Tok::Op(x) if *x == o)
    }

    fn is_kw(&self, k: &str) -> bool {
        matches!(&self.tok, Tok::Kw(x) if *x == k)
    }

    fn expect_op(&mut self, o: &str) -> P<()> {
        if self.is_op(o) {
            self.bump()?;
            Ok(())
        } else {
            self.err()
        }
    }

    fn skip_newlines(&mut self) -> P<()> {
        while self.tok == Tok::Newline {
            self.bump()?;
        }
        Ok(())
    }

    /// The next item, or `Ok(None)` at the end of the input.
    pub fn item(&mut self) -> P<Option<Item>> {
        self.pc = 0;
        loop {
            match &self.tok {
                Tok::Eof => return if self.eof { Ok(None) } else { Err(PErr::More) },
                Tok::Newline | Tok::Op(";") => {
                    self.bump()?;
                }
                _ => break,
            }
        }
        if self.is_kw("define") {
            self.bump()?;
            let f = self.define()?;
            return Ok(Some(Item::Define(f)));
        }
        let mut stmts = Vec::new();
        loop {
            if self.is_kw("quit") {
                return Ok(Some(Item::Quit));
            }
            let s = self.stmt()?;
            stmts.push(s);
            match &self.tok {
                Tok::Op(";") => {
                    self.bump()?;
                    if self.tok == Tok::Newline {
                        self.bump()?;
                        return Ok(Some(Item::Line(stmts)));
                    }
                    if self.tok == Tok::Eof {
                        return if self.eof {
                            Ok(Some(Item::Line(stmts)))
                        } else {
                            Err(PErr::More)
                        };
                    }
                }
                Tok::Newline => {
                    self.bump()?;
                    return Ok(Some(Item::Line(stmts)));
                }
                Tok::Eof if self.eof => return Ok(Some(Item::Line(stmts))),
                _ => return self.err(),
            }
        }
    }

    fn define(&mut self) -> P<Func> {
        let mut void = false;
        if self.is_kw("void") {
            self.bump()?;
            void = true;
        }
        let Tok::Ident(name) = self.tok.clone() else {
            return self.err();
        };
        self.bump()?;
        self.expect_op("(")?;
        let mut refs = Vec::new();
        let params = if self.is_op(")") {
            Vec::new()
        } else {
            self.names(&mut refs)?
        };
        self.expect_op(")")?;
        self.skip_newlines()?;
        self.expect_op("{")?;
        if self.tok != Tok::Newline {
            // POSIX wants the body to start on a new line.
            self.ext(self.lx.lines, "End of line required")?;
        }
        self.skip_newlines()?;
        let mut autos = Vec::new();
        if self.is_kw("auto") {
            self.bump()?;
            autos = self.names(&mut Vec::new())?;
            match &self.tok {
                Tok::Op(";") | Tok::Newline => {
                    self.bump()?;
                }
                _ => return self.err(),
            }
        }
        self.in_func = true;
        self.pc = 0;
        let body = self.stmts_until_brace();
        self.in_func = false;
        let body = body?;
        Ok(Func {
            name,
            params,
            autos,
            refs,
            body,
            void,
        })
    }

    /// Names with an optional `[]`; those written `*name[]` also go to
    /// `refs`.
    fn names(&mut self, refs: &mut Vec<String>) -> P<Vec<(String, bool)>> {
        let mut v = Vec::new();
        loop {
            let by_ref = self.is_op("*");
            if by_ref {
                self.bump()?;
            }
            let Tok::Ident(n) = self.tok.clone() else {
                return self.err();
            };
            self.bump()?;
            let mut arr = false;
            if self.is_op("[") {
                self.bump()?;
                self.expect_op("]")?;
                arr = true;
            }
            if by_ref && arr {
                refs.push(n.clone());
            }
            v.push((n, arr));
            if self.is_op(",") {
                self.bump()?;
            } else {
                return Ok(v);
            }
        }
    }

    /// Statements up to and including a `}`.
    fn stmts_until_brace(&mut self) -> P<Vec<Stmt>> {
        let mut v = Vec::new();
        loop {
            match &self.tok {
                Tok::Newline | Tok::Op(";") => {
                    self.bump()?;
                }
                Tok::Op("}") => {
                    self.bump()?;
                    return Ok(v);
                }
                _ => {
                    let s = self.stmt()?;
                    v.push(s);
                    match &self.tok {
                        Tok::Newline | Tok::Op(";") | Tok::Op("}") => {}
                        _ => return self.err(),
                    }
                }
            }
        }
    }

    fn stmt(&mut self) -> P<Stmt> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.depth -= 1;
            return Err(PErr::Syntax("syntax error".into()));
        }
        let r = self.stmt_inner();
        self.depth -= 1;
        r
    }

    fn stmt_inner(&mut self) -> P<Stmt> {
        match self.tok.clone() {
            Tok::Str(s) => {
                self.bump()?;
                self.pc += s.len() as u32 + 2;
                Ok(Stmt::Str(s))
            }
            Tok::Op("{") => {
                self.bump()?;
                Ok(Stmt::Block(self.stmts_until_brace()?))
            }
            Tok::Op(";") | Tok::Newline => Ok(Stmt::Empty),
            Tok::Kw("quit") => {
                // Inside a block or a function: GNU quits when it reads it.
                Err(PErr::Syntax("\u{0}quit".into()))
            }
            Tok::Kw("print") => {
                self.bump()?;
                let mut items = Vec::new();
                loop {
                    if let Tok::Str(s) = self.tok.clone() {
                        self.bump()?;
                        self.pc += s.len() as u32 + 2;
                        items.push(PItem::Str(s));
                    } else {
                        items.push(PItem::Val(self.expr()?));
                        self.pc += 1;
                    }
                    if self.is_op(",") {
                        self.bump()?;
                    } else {
                        return Ok(Stmt::Print(items));
                    }
                }
            }
            Tok::Kw("if") => {
                self.bump()?;
                self.expect_op("(")?;
                let c = self.expr()?;
                self.expect_op(")")?;
                self.pc += 3;
                self.skip_newlines()?;
                let t = self.stmt()?;
                let e = if self.is_kw("else") {
                    self.bump()?;
                    self.pc += 3;
                    self.skip_newlines()?;
                    Some(Box::new(self.stmt()?))
                } else {
                    None
                };
                Ok(Stmt::If(c, Box::new(t), e))
            }
            Tok::Kw("while") => {
                self.bump()?;
                self.expect_op("(")?;
                let c = self.expr()?;
                self.expect_op(")")?;
                self.pc += 3;
                let b = self.loop_body()?;
                Ok(Stmt::While(c, Box::new(b)))
            }
            Tok::Kw("for") => {
                self.bump()?;
                self.expect_op("(")?;
                let a = self.opt_expr(";")?;
                self.pc += 1;
                self.expect_op(";")?;
                let b = self.opt_expr(";")?;
                self.pc += 6;
                self.expect_op(";")?;
                let c = self.opt_expr(")")?;
                self.pc += 4;
                self.expect_op(")")?;
                let body = self.loop_body()?;
                Ok(Stmt::For(a, b, c, Box::new(body)))
            }
            Tok::Kw("break") => {
                if self.loops == 0 {
                    return Err(PErr::Syntax("Break outside a for/while".into()));
                }
                self.bump()?;
                self.pc += 3;
                Ok(Stmt::Break)
            }
            Tok::Kw("continue") => {
                if self.loops == 0 {
                    return Err(PErr::Syntax("Continue outside a for".into()));
                }
                self.bump()?;
                self.pc += 3;
                Ok(Stmt::Continue)
            }
            Tok::Kw("halt") => {
                self.bump()?;
                self.pc += 1;
                Ok(Stmt::Halt)
            }
            Tok::Kw("limits") => {
                self.bump()?;
                Ok(Stmt::Limits)
            }
            Tok::Kw("return") => {
                self.bump()?;
                let bare = !self.is_op("(");
                let e = match &self.tok {
                    Tok::Newline | Tok::Op(";") | Tok::Op("}") | Tok::Eof => None,
                    _ => Some(self.expr()?),
                };
                if e.is_some() && bare {
                    self.ext(self.lx.lines, "return expression requires parenthesis")?;
                }
                if !self.in_func {
                    // GNU finds it once the statement is read, past the
                    // token after it.
                    if matches!(self.tok, Tok::Eof | Tok::Open | Tok::OpenComment) && !self.eof {
                        return Err(PErr::More);
                    }
                    return Err(PErr::Syntax("Return outside of a function.".into()));
                }
                self.pc += if e.is_some() { 1 } else { 2 };
                Ok(Stmt::Return(e))
            }
            _ => {
                let e = self.expr()?;
                let show = !matches!(e, Expr::Assign(..)) && !self.is_void(&e);
                if matches!(e, Expr::Bin("==" | "!=" | "<" | "<=" | ">" | ">=", ..)) {
                    self.ext(self.lx.lines, "comparison in expression")?;
                }
                self.pc += 1;
                Ok(Stmt::Expr(e, show))
            }
        }
    }

    pub fn expr(&mut self) -> P<Expr> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.depth -= 1;
            return Err(PErr::Syntax("syntax error".into()));
        }
        let r = self.or();
        self.depth -= 1;
        r
    }

    fn or(&mut self) -> P<Expr> {
        let mut l = self.and()?;
        while self.is_op("||") {
            self.bump()?;
            self.skip_newlines()?;
            let r = self.and()?;
            self.pc += 4;
            l = Expr::Or(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn and(&mut self) -> P<Expr> {
        let mut l = self.not()?;
        while self.is_op("&&") {
            self.bump()?;
            self.skip_newlines()?;
            let r = self.not()?;
            self.pc += 4;
            l = Expr::And(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn not(&mut self) -> P<Expr> {
        if self.is_op("!") {
            self.bump()?;
            let e = self.not()?;
            self.ext(self.lx.lines, "! operator")?;
            self.pc += 1;
            return Ok(Expr::Not(Box::new(e)));
        }
        self.rel()
    }

    fn rel(&mut self) -> P<Expr> {
        let mut l = self.assign()?;
        loop {
            let op = match &self.tok {
                Tok::Op(o @ ("==" | "!=" | "<" | "<=" | ">" | ">=")) => *o,
                _ => return Ok(l),
            };
            self.bump()?;
            let r = self.assign()?;
            self.pc += 1;
            l = Expr::Bin(op, Box::new(l), Box::new(r), self.pc);
        }
    }

    fn assign(&mut self) -> P<Expr> {
        let start_pc = self.pc;
        let l = self.add()?;
        let op = match &self.tok {
            Tok::Op("=") => None,
            Tok::Op(o @ ("+=" | "-=" | "*=" | "/=" | "%=" | "^=")) => Some(&o[..1]),
            _ => return Ok(l),
        };
        let Expr::Load(lv, _) = l else {
            return self.err();
        };
        self.bump()?;
        // GNU emits the load of the target only for a compound assignment.
        self.pc = start_pc
            + if let Lv::Arr(..) = lv {
                self.pc - start_pc - 2
            } else {
                0
            };
        if op.is_some() {
            self.pc += 2;
        }
        let r = if self.is_op("!") {
            self.not()?
        } else {
            self.assign()?
        };
        if self.is_void(&r) {
            return Err(PErr::Syntax("Assignment of a void expression".into()));
        }
        if op.is_some() {
            self.pc += 1;
        }
        let opadr = self.pc;
        self.pc += 2;
        let adr = if op.is_some() { opadr } else { self.pc };
        let _ = adr;
        Ok(Expr::Assign(
            lv,
            op,
            Box::new(r),
            if op.is_some() { opadr } else { self.pc },
        ))
    }

    /// An expression, or none when `end` comes first (the parts of `for`).
    fn opt_expr(&mut self, end: &str) -> P<Option<Expr>> {
        if self.is_op(end) {
            Ok(None)
        } else {
            Ok(Some(self.expr()?))
        }
    }

    /// The body of a loop, where `break` and `continue` may stand, and
    /// the jump back after it.
    fn loop_body(&mut self) -> P<Stmt> {
        self.skip_newlines()?;
        self.loops += 1;
        let b = self.stmt();
        self.loops -= 1;
        self.pc += 3;
        b
    }

    fn is_void(&self, e: &Expr) -> bool {
        matches!(e, Expr::Call(n, _, _) if self.voids.contains(n))
    }

    fn add(&mut self) -> P<Expr> {
        let mut l = self.mul()?;
        loop {
            let op = match &self.tok {
                Tok::Op(o @ ("+" | "-")) => *o,
                _ => return Ok(l),
            };
            self.bump()?;
            let r = self.mul()?;
            self.pc += 1;
            l = Expr::Bin(op, Box::new(l), Box::new(r), self.pc);
        }
    }

    fn mul(&mut self) -> P<Expr> {
        let mut l = self.pow()?;
        loop {
            let op = match &self.tok {
                Tok::Op(o @ ("*" | "/" | "%")) => *o,
                _ => return Ok(l),
            };
            self.bump()?;
            let r = self.pow()?;
            self.pc += 1;
            l = Expr::Bin(op, Box::new(l), Box::new(r), self.pc);
        }
    }

    fn pow(&mut self) -> P<Expr> {
        let l = self.unary()?;
        if self.is_op("^") {
            self.bump()?;
            self.depth += 1;
            if self.depth > MAX_DEPTH {
                return Err(PErr::Syntax("syntax error".into()));
            }
            let r = self.pow();
            self.depth -= 1;
            let r = r?;
            self.pc += 1;
            return Ok(Expr::Bin("^", Box::new(l), Box::new(r), self.pc));
        }
        Ok(l)
    }

    fn unary(&mut self) -> P<Expr> {
        if self.is_op("-") {
            self.bump()?;
            self.depth += 1;
            if self.depth > MAX_DEPTH {
                return Err(PErr::Syntax("syntax error".into()));
            }
            let e = self.unary();
            self.depth -= 1;
            let e = e?;
            self.pc += 1;
            return Ok(Expr::Neg(Box::new(e)));
        }
        if let Tok::Op(o @ ("++" | "--")) = self.tok {
            self.bump()?;
            let lv = self.lvalue()?;
            self.pc += 4;
            return Ok(Expr::IncDec {
                lv,
                pre: true,
                inc: o == "++",
                adr: self.pc,
            });
        }
        let e = self.primary()?;
        if let Tok::Op(o @ ("++" | "--")) = self.tok
            && let Expr::Load(lv, _) = &e
        {
            let lv = lv.clone();
            self.bump()?;
            self.pc += 2;
            return Ok(Expr::IncDec {
                lv,
                pre: false,
                inc: o == "++",
                adr: self.pc,
            });
        }
        Ok(e)
    }

    fn lvalue(&mut self) -> P<Lv> {
        match self.tok.clone() {
            Tok::Ident(n) => {
                self.bump()?;
                if self.is_op("[") {
                    self.bump()?;
                    let i = self.expr()?;
                    self.expect_op("]")?;
                    Ok(Lv::Arr(n, Box::new(i)))
                } else {
                    Ok(Lv::Var(n))
                }
            }
            Tok::Kw("scale") => {
                self.bump()?;
                Ok(Lv::Scale)
            }
            Tok::Kw("ibase") => {
                self.bump()?;
                Ok(Lv::Ibase)
            }
            Tok::Kw("obase") => {
                self.bump()?;
                Ok(Lv::Obase)
            }
            Tok::Kw("last") => {
                self.bump()?;
                Ok(Lv::Last)
            }
            _ => self.err(),
        }
    }

    fn paren(&mut self) -> P<Expr> {
        self.expect_op("(")?;
        let e = self.expr()?;
        self.expect_op(")")?;
        Ok(e)
    }

    fn primary(&mut self) -> P<Expr> {
        match self.tok.clone() {
            Tok::Num(t) => {
                self.bump()?;
                // GNU keeps a constant without its leading zeros; 0 and 1
                // have one-byte codes.
                let short = t.trim_start_matches('0');
                let short = if short.is_empty() { "0" } else { short };
                self.pc += if short == "0" || short == "1" {
                    1
                } else {
                    short.len() as u32 + 2
                };
                Ok(Expr::Num(t))
            }
            Tok::Op("(") => self.paren(),
            Tok::Kw("length") => {
                self.bump()?;
                let e = self.paren()?;
                self.pc += 2;
                Ok(Expr::Length(Box::new(e)))
            }
            Tok::Kw("sqrt") => {
                self.bump()?;
                let e = self.paren()?;
                self.pc += 2;
                Ok(Expr::Sqrt(Box::new(e), self.pc))
            }
            Tok::Kw("read") => {
                self.bump()?;
                self.expect_op("(")?;
                self.expect_op(")")?;
                self.pc += 1;
                Ok(Expr::Read(self.pc))
            }
            Tok::Kw("scale") => {
                self.bump()?;
                if self.is_op("(") {
                    let e = self.paren()?;
                    self.pc += 2;
                    return Ok(Expr::ScaleOf(Box::new(e)));
                }
                self.pc += 2;
                Ok(Expr::Load(Lv::Scale, self.pc))
            }
            Tok::Ident(n) => {
                self.bump()?;
                if self.is_op("(") {
                    self.bump()?;
                    let mut args = Vec::new();
                    if !self.is_op(")") {
                        loop {
                            if let Tok::Ident(a) = self.tok.clone() {
                                // `name[]` passes an array.
                                let save = (self.lx.pos, self.lx.lines, self.tok.clone());
                                self.bump()?;
                                if self.is_op("[") {
                                    self.bump()?;
                                    if self.is_op("]") {
                                        self.bump()?;
                                        args.push(Arg::Array(a));
                                        self.pc += 3;
                                        if self.is_op(",") {
                                            self.bump()?;
                                            continue;
                                        }
                                        break;
                                    }
                                }
                                self.lx.pos = save.0;
                                self.lx.lines = save.1;
                                self.tok = save.2;
                            }
                            args.push(Arg::Val(self.expr()?));
                            if self.is_op(",") {
                                self.bump()?;
                            } else {
                                break;
                            }
                        }
                    }
                    self.expect_op(")")?;
                    self.pc += 2;
                    let adr = self.pc;
                    // A flag byte per argument, then `:`.
                    self.pc += args.len() as u32 + 1;
                    return Ok(Expr::Call(n, args, adr));
                }
                if self.is_op("[") {
                    self.bump()?;
                    let i = self.expr()?;
                    self.expect_op("]")?;
                    self.pc += 2;
                    return Ok(Expr::Load(Lv::Arr(n, Box::new(i)), self.pc));
                }
                self.pc += 2;
                Ok(Expr::Load(Lv::Var(n), self.pc))
            }
            Tok::Kw(k @ ("ibase" | "obase" | "last")) => {
                self.bump()?;
                self.pc += 2;
                let lv = match k {
                    "ibase" => Lv::Ibase,
                    "obase" => Lv::Obase,
                    _ => Lv::Last,
                };
                Ok(Expr::Load(lv, self.pc))
            }
            _ => self.err(),
        }
    }
}
