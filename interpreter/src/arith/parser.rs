//! The arithmetic parser: bash's grammar and precedence, compiled to a
//! flat postfix program ([`Expr`]).
//!
//! Bash parses by recursive descent (`expcomma`, `expassign`, `expcond`,
//! the binary levels, `exppower`, `exp1`, `exp0` in its `expr.c`). This
//! parser accepts the same language and reports the same errors with the
//! same error tokens, but it is an operator-precedence parser with an
//! explicit stack of pending operators, so it never recurses: nesting costs
//! heap, and past [`MAX_PARSE_DEPTH`] pending nested constructs it stops
//! with "expression recursion level exceeded".
//!
//! Where bash's descent would return from a rule, this parser *reduces* a
//! pending operator (emits its code); where bash checks for a closing
//! token (`)` in `exp0`, `:` in `expcond`, the end in `subexpr`), this
//! parser looks at the innermost pending `(` or `?`. Bash's `lasttok`,
//! which decides whether `=` follows a lone variable, is kept the same way.

use std::sync::OnceLock;

use super::lexer::{BinOp, Lexer, Tok};
use super::{ArithError, ArithErrorKind, Expr, MAX_PARSE_DEPTH, Op, Subscript, VarRef};

type R<T> = Result<T, ArithError>;

/// Binding strength of the binary operators below `**`; higher binds
/// tighter.
fn precedence(tok: Tok) -> Option<u8> {
    Some(match tok {
        Tok::LOr => 1,
        Tok::LAnd => 2,
        Tok::Bin(op) => bin_precedence(op),
        _ => return None,
    })
}

fn bin_precedence(op: BinOp) -> u8 {
    match op {
        BinOp::BitOr => 3,
        BinOp::BitXor => 4,
        BinOp::BitAnd => 5,
        BinOp::Eq | BinOp::Ne => 6,
        BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 7,
        BinOp::Shl | BinOp::Shr => 8,
        BinOp::Add | BinOp::Sub => 9,
        BinOp::Mul | BinOp::Div | BinOp::Mod => 10,
        BinOp::Pow => 11,
    }
}

fn pos32(pos: usize) -> u32 {
    u32::try_from(pos).unwrap_or(u32::MAX)
}

/// An operator waiting for its right operand.
#[derive(Clone, Copy, Debug)]
enum Pending {
    /// `(`.
    LParen,
    /// A unary operator; `None` for `+`.
    Unary(Option<Op>),
    /// A left-associative binary operator and its error position.
    Bin(BinOp, u32),
    /// `**` (right associative).
    Pow,
    /// `&&`, with its jump to patch.
    And(u32),
    /// `||`, with its jump to patch.
    Or(u32),
    /// `?` before its `:`, with its jump to patch.
    Question(u32),
    /// `:`, with the jump over the else arm to patch.
    Colon(u32),
    /// `=` or `op=` to a variable.
    Assign(u32, Option<BinOp>),
}

impl Pending {
    /// Whether this operator nests, and so counts against the depth bound.
    fn nests(self) -> bool {
        !matches!(self, Pending::Bin(..) | Pending::And(_) | Pending::Or(_))
    }
}

/// How far an incoming token reduces the pending operators.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reduce {
    /// Binary operators binding at least this tightly (and unary ones).
    Tighter(u8),
    /// Everything of `?:` and tighter: what ends bash's `expcond`.
    Cond,
    /// Everything up to the innermost `(` or `?`.
    All,
}

struct Parser<'a> {
    lx: Lexer<'a>,
    /// The current token (bash's `curtok`).
    cur: Tok,
    /// The token before it, or a marker a rule left there (`lasttok`).
    last: Tok,
    pending: Vec<Pending>,
    /// How many of `pending` nest.
    depth: usize,
    ops: Vec<Op>,
    vars: Vec<VarRef>,
}

/// Parses `text` into a program.
pub(crate) fn parse_at(text: &str) -> R<Expr> {
    // Bash's strings end at a NUL byte.
    let text = text.split('\0').next().unwrap_or("");
    let mut p = Parser {
        lx: Lexer::new(text),
        cur: Tok::Eof,
        last: Tok::Eof,
        pending: Vec::new(),
        depth: 0,
        ops: Vec::new(),
        vars: Vec::new(),
    };
    p.readtok()?;
    if p.cur != Tok::Eof {
        p.run()?;
    }
    Ok(Expr {
        text: text.into(),
        ops: p.ops,
        vars: p.vars,
    })
}

impl Parser<'_> {
    fn readtok(&mut self) -> R<()> {
        let tok = self.lx.read(self.cur, self.last)?;
        self.last = self.cur;
        self.cur = tok;
        Ok(())
    }

    fn error(&self, kind: ArithErrorKind) -> ArithError {
        self.lx.error(kind)
    }

    fn here(&self) -> u32 {
        pos32(self.ops.len())
    }

    fn emit(&mut self, op: Op) {
        self.ops.push(op);
    }

    fn push(&mut self, p: Pending) -> R<()> {
        if p.nests() {
            if self.depth >= MAX_PARSE_DEPTH {
                return Err(self.error(ArithErrorKind::RecursionLevel));
            }
            self.depth += 1;
        }
        self.pending.push(p);
        Ok(())
    }

    /// Points the jump at `at` to the current end of the code.
    fn patch(&mut self, at: u32) {
        let target = self.here();
        if let Some(Op::AndJump(t) | Op::OrJump(t) | Op::JumpIfZero(t) | Op::Jump(t)) =
            self.ops.get_mut(at as usize)
        {
            *t = target;
        }
    }

    /// Emits the code of pending operators as far as `how` says; stops at
    /// the innermost `(` or `?`, which it leaves on the stack.
    fn reduce(&mut self, how: Reduce) {
        while let Some(&top) = self.pending.last() {
            let go = match top {
                Pending::LParen | Pending::Question(_) => false,
                Pending::Unary(_) => true,
                Pending::Pow | Pending::Bin(..) | Pending::And(_) | Pending::Or(_) => {
                    let prec = match top {
                        Pending::Bin(op, _) => bin_precedence(op),
                        Pending::And(_) => 2,
                        Pending::Or(_) => 1,
                        _ => bin_precedence(BinOp::Pow),
                    };
                    match how {
                        Reduce::Tighter(p) => prec >= p,
                        Reduce::Cond | Reduce::All => true,
                    }
                }
                Pending::Colon(_) => matches!(how, Reduce::Cond | Reduce::All),
                Pending::Assign(..) => how == Reduce::All,
            };
            if !go {
                return;
            }
            self.pending.pop();
            if top.nests() {
                self.depth = self.depth.saturating_sub(1);
            }
            match top {
                Pending::Unary(op) => {
                    if let Some(op) = op {
                        self.emit(op);
                    }
                    self.last = Tok::Num(0);
                }
                Pending::Bin(op, at) => {
                    self.emit(Op::Binary(op, at));
                    self.last = Tok::Num(0);
                }
                Pending::Pow => {
                    // A negative exponent names the token after it.
                    let at = pos32(self.lx.lasttp);
                    self.emit(Op::Binary(BinOp::Pow, at));
                    self.last = Tok::Num(0);
                }
                Pending::And(jump) | Pending::Or(jump) => {
                    self.emit(Op::ToBool);
                    self.patch(jump);
                    self.last = if matches!(top, Pending::And(_)) {
                        Tok::LAnd
                    } else {
                        Tok::LOr
                    };
                }
                Pending::Colon(jump) => {
                    self.patch(jump);
                    self.last = Tok::Cond;
                }
                Pending::Assign(var, None) => self.emit(Op::Assign(var)),
                Pending::Assign(var, Some(op)) => {
                    let at = pos32(self.lx.lasttp);
                    self.emit(Op::Compound(var, op, at));
                }
                Pending::LParen | Pending::Question(_) => {}
            }
        }
    }

    /// The error for a token that cannot continue the innermost open
    /// construct: bash's check in `exp0` for `)`, in `expcond` for `:`,
    /// or at the end of the expression.
    fn context_error(&self) -> ArithError {
        let open = self
            .pending
            .iter()
            .rev()
            .find(|p| matches!(p, Pending::LParen | Pending::Question(_)));
        match open {
            Some(Pending::LParen) => self.error(ArithErrorKind::MissingParen),
            Some(Pending::Question(_)) => self.error(ArithErrorKind::ColonExpected),
            _ => self.error(ArithErrorKind::SyntaxError),
        }
    }

    /// The main loop: alternately an operand, then an operator or the end.
    fn run(&mut self) -> R<()> {
        loop {
            self.operand()?;
            loop {
                match self.cur {
                    Tok::Bin(BinOp::Pow) => {
                        self.reduce(Reduce::Tighter(bin_precedence(BinOp::Pow) + 1));
                        self.push(Pending::Pow)?;
                        self.readtok()?;
                        break;
                    }
                    Tok::Bin(op) => {
                        self.reduce(Reduce::Tighter(bin_precedence(op)));
                        // A division by zero names the text from the
                        // divisor on.
                        let mut at = self.lx.tp;
                        if matches!(op, BinOp::Div | BinOp::Mod) {
                            let b = self.lx.text.as_bytes();
                            while matches!(b.get(at), Some(b' ' | b'\t')) {
                                at += 1;
                            }
                        }
                        self.push(Pending::Bin(op, pos32(at)))?;
                        self.readtok()?;
                        break;
                    }
                    tok @ (Tok::LAnd | Tok::LOr) => {
                        self.reduce(Reduce::Tighter(precedence(tok).unwrap_or(0)));
                        let jump = self.here();
                        if tok == Tok::LAnd {
                            self.emit(Op::AndJump(0));
                            self.push(Pending::And(jump))?;
                        } else {
                            self.emit(Op::OrJump(0));
                            self.push(Pending::Or(jump))?;
                        }
                        self.readtok()?;
                        break;
                    }
                    Tok::Question => {
                        self.reduce(Reduce::Tighter(1));
                        let jump = self.here();
                        self.emit(Op::JumpIfZero(0));
                        self.push(Pending::Question(jump))?;
                        self.readtok()?;
                        if matches!(self.cur, Tok::Eof | Tok::Colon) {
                            return Err(self.error(ArithErrorKind::ExpressionExpected));
                        }
                        break;
                    }
                    Tok::Colon => {
                        self.reduce(Reduce::All);
                        let Some(&Pending::Question(to_else)) = self.pending.last() else {
                            return Err(self.context_error());
                        };
                        self.pending.pop();
                        self.depth = self.depth.saturating_sub(1);
                        let to_end = self.here();
                        self.emit(Op::Jump(0));
                        self.patch(to_else);
                        self.push(Pending::Colon(to_end))?;
                        self.readtok()?;
                        if self.cur == Tok::Eof {
                            return Err(self.error(ArithErrorKind::ExpressionExpected));
                        }
                        break;
                    }
                    Tok::Assign | Tok::OpAssign(_) => {
                        self.reduce(Reduce::Cond);
                        self.assignment()?;
                        break;
                    }
                    Tok::Comma => {
                        self.reduce(Reduce::All);
                        self.emit(Op::Pop);
                        self.readtok()?;
                        break;
                    }
                    Tok::RParen => {
                        self.reduce(Reduce::All);
                        if !matches!(self.pending.last(), Some(Pending::LParen)) {
                            return Err(self.context_error());
                        }
                        self.pending.pop();
                        self.depth = self.depth.saturating_sub(1);
                        self.readtok()?;
                        // The group is an operand: read another operator.
                    }
                    Tok::Eof => {
                        self.reduce(Reduce::All);
                        if self.pending.is_empty() {
                            return Ok(());
                        }
                        return Err(self.context_error());
                    }
                    _ => return Err(self.context_error()),
                }
            }
        }
    }

    /// `name = ...` or `name op= ...`, the operator being the current token.
    fn assignment(&mut self) -> R<()> {
        let op = match self.cur {
            Tok::OpAssign(op) => Some(op),
            _ => None,
        };
        if !matches!(self.last, Tok::Str { .. }) {
            return Err(self.error(ArithErrorKind::NonVariableAssignment));
        }
        // The left side is the lone name just read: its load is the last
        // instruction. A plain assignment does not read the variable; a
        // compound one reads it now, before the right side, like bash.
        let var = match self.ops.last() {
            Some(Op::Load(v)) => *v,
            _ => return Err(self.error(ArithErrorKind::NonVariableAssignment)),
        };
        match op {
            None => {
                self.ops.pop();
            }
            Some(_) => {
                if let Some(last) = self.ops.last_mut() {
                    *last = Op::LoadLvalue(var);
                }
            }
        }
        self.push(Pending::Assign(var, op))?;
        self.readtok()
    }

    /// Reads one operand, with the unary operators and `(`s before it.
    fn operand(&mut self) -> R<()> {
        loop {
            match self.cur {
                Tok::Not => self.push(Pending::Unary(Some(Op::Not)))?,
                Tok::Tilde => self.push(Pending::Unary(Some(Op::BitNot)))?,
                Tok::Bin(BinOp::Sub) => self.push(Pending::Unary(Some(Op::Neg)))?,
                Tok::Bin(BinOp::Add) => self.push(Pending::Unary(None))?,
                Tok::LParen => self.push(Pending::LParen)?,
                Tok::PreInc | Tok::PreDec => {
                    let delta = if self.cur == Tok::PreInc { 1 } else { -1 };
                    self.last = self.cur;
                    self.readtok()?;
                    let Tok::Str { start, end, sub } = self.cur else {
                        return Err(self.error(ArithErrorKind::IdentifierExpected));
                    };
                    let var = self.var(start, end, sub);
                    self.emit(Op::IncDec {
                        var,
                        delta,
                        post: false,
                    });
                    self.cur = Tok::Num(0);
                    return self.readtok();
                }
                Tok::Num(n) => {
                    self.emit(Op::Num(n));
                    return self.readtok();
                }
                Tok::Str { start, end, sub } => {
                    let var = self.var(start, end, sub);
                    self.emit(Op::Load(var));
                    self.readtok()?;
                    if let Tok::PostInc | Tok::PostDec = self.cur {
                        let delta = if self.cur == Tok::PostInc { 1 } else { -1 };
                        if let Some(last) = self.ops.last_mut() {
                            *last = Op::IncDec {
                                var,
                                delta,
                                post: true,
                            };
                        }
                        self.last = Tok::Str {
                            start,
                            end,
                            sub: None,
                        };
                        self.cur = Tok::Num(0);
                        self.readtok()?;
                    }
                    return Ok(());
                }
                _ => return Err(self.error(ArithErrorKind::OperandExpected)),
            }
            self.readtok()?;
        }
    }

    /// Records a variable reference. Its subscript is parsed when first
    /// evaluated, in a frame of the evaluator.
    fn var(&mut self, start: usize, end: usize, sub: Option<(usize, usize)>) -> u32 {
        let text = self.lx.text;
        let name = text.get(start..end).unwrap_or("");
        let sub = sub.map(|(s, e)| {
            Box::new(Subscript {
                raw: text.get(s..e).unwrap_or("").into(),
                parsed: OnceLock::new(),
            })
        });
        let id = pos32(self.vars.len());
        self.vars.push(VarRef {
            name: name.into(),
            pos: pos32(start),
            sub,
        });
        id
    }
}
