//! Shell arithmetic: `$(( ))`, `(( ))`, `let`, array subscripts and
//! `declare -i`.
//!
//! [`parse`] turns the text of an expression (after the caller's `$`
//! expansions) into an [`Expr`], a compact postfix program that is parsed
//! once and evaluated any number of times by [`eval`] against an
//! [`ArithEnv`] that reads and writes the shell's variables. The grammar,
//! the 64-bit wrapping arithmetic and every error message are bash's; an
//! error's [`ArithError::message`] is the text bash prints after its
//! `bash: line N: ` prefix.
//!
//! Both halves are bounded: the parser nests at most [`MAX_PARSE_DEPTH`]
//! levels, the evaluator is a loop whose frames live on the heap, and a
//! variable whose value is itself an expression is evaluated at most
//! [`MAX_RECURSION_LEVEL`] levels deep, as in bash. Either limit is the error "expression recursion level
//! exceeded", never a stack overflow.
//!
//! Known differences from bash, which evaluates while it parses: a syntax
//! error anywhere in an expression is reported before any part of it runs
//! (bash performs the assignments to its left first), and the error `a[]`
//! (an empty subscript), which bash reports and then reads as 0, stops the
//! evaluation.

mod eval;
mod lexer;
mod parser;

#[cfg(test)]
mod tests;

use std::fmt;
use std::sync::{Arc, OnceLock};

use lexer::BinOp;

/// Deepest nesting of parentheses, unary operators, right-associative
/// operators, `?:` arms and subscripts that [`parse`] accepts.
pub const MAX_PARSE_DEPTH: usize = 1024;

/// Deepest nesting of expressions evaluated for variable values and
/// subscripts, counting the top-level expression; bash's own limit.
pub const MAX_RECURSION_LEVEL: usize = 1024;

/// A parsed arithmetic expression: a postfix program over a value stack,
/// cheap to evaluate repeatedly. The empty expression evaluates to 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    /// The source text; error tokens are slices of it.
    text: Box<str>,
    ops: Vec<Op>,
    vars: Vec<VarRef>,
}

impl Expr {
    /// The text the expression was parsed from.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether the expression is empty (blank text), which evaluates to 0.
    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }
}

/// One instruction of an [`Expr`]. Variables are indices into
/// [`Expr::vars`], jumps indices into [`Expr::ops`], and `u32` positions
/// byte offsets into [`Expr::text`] where an error's token starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    /// Push a constant.
    Num(i64),
    /// Push a variable's value.
    Load(u32),
    /// Push a variable's value and remember its subscript for the
    /// [`Op::Compound`] that follows.
    LoadLvalue(u32),
    /// Pop a value, store it, push it.
    Assign(u32),
    /// Pop the right side and the loaded left side, combine, store, push.
    Compound(u32, BinOp, u32),
    /// `++x`, `--x`, `x++`, `x--`.
    IncDec { var: u32, delta: i8, post: bool },
    /// Unary `-`.
    Neg,
    /// `!`.
    Not,
    /// `~`.
    BitNot,
    /// A binary operator; the position is the error token of a division
    /// by zero or a negative exponent.
    Binary(BinOp, u32),
    /// `&&`: pop; if 0, push 0 and jump.
    AndJump(u32),
    /// `||`: pop; if not 0, push 1 and jump.
    OrJump(u32),
    /// Pop; jump if 0.
    JumpIfZero(u32),
    /// Jump.
    Jump(u32),
    /// Pop, push 1 if not 0, else 0.
    ToBool,
    /// Pop and drop (the left side of `,`).
    Pop,
}

/// A variable named in an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
struct VarRef {
    name: Box<str>,
    /// Where the name starts in the text.
    pos: u32,
    sub: Option<Box<Subscript>>,
}

/// The subscript of `name[...]`: the raw text (the key of an associative
/// array) and its parse as an expression (the index of an indexed array),
/// made when an indexed array's element is first evaluated, so that a parse
/// error is reported only then, as bash reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Subscript {
    raw: Box<str>,
    parsed: OnceLock<Result<Arc<Expr>, ArithError>>,
}

/// The shell variables an expression reads and assigns.
///
/// `index` is `None` for a plain name. For `name[sub]` it is the evaluated
/// subscript as a decimal integer (which may be negative; resolving a
/// negative index against the array is the environment's job), unless
/// [`ArithEnv::is_assoc`] says `name` is an associative array, in which
/// case it is the raw subscript text between the brackets.
pub trait ArithEnv {
    /// The value of a variable or array element; `None` when unset. The
    /// value is itself evaluated as an expression when it is not a plain
    /// integer; unset and empty read as 0.
    fn get(&mut self, name: &str, index: Option<&str>) -> Result<Option<String>, ArithError>;

    /// Assigns a variable or array element.
    fn set(&mut self, name: &str, index: Option<&str>, value: i64) -> Result<(), ArithError>;

    /// Whether `name` is an associative array, whose subscripts are keys
    /// rather than expressions. Defaults to no.
    fn is_assoc(&self, name: &str) -> bool {
        let _ = name;
        false
    }

    /// A subscript that holds expansions (`a[$i]`, `a[$(cmd)]`) in text
    /// evaluated at run time (a variable's value): its text once expanded,
    /// as bash expands a subscript before evaluating it. `None` leaves the
    /// text as it is (the default).
    fn expand_subscript(&mut self, raw: &str) -> Result<Option<String>, ArithError> {
        let _ = raw;
        Ok(None)
    }
}

/// What went wrong in an arithmetic expression; [`fmt::Display`] gives
/// bash's wording.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArithErrorKind {
    /// `division by 0`.
    DivisionByZero,
    /// `exponent less than 0`.
    NegativeExponent,
    /// `syntax error: operand expected`.
    OperandExpected,
    /// `syntax error: invalid arithmetic operator`.
    InvalidOperator,
    /// `syntax error in expression` (text left over after an expression).
    SyntaxError,
    /// `value too great for base`.
    ValueTooGreat,
    /// `invalid arithmetic base` (a base outside 2 to 64).
    InvalidBase,
    /// `invalid integer constant` (`10#` with no digits).
    InvalidConstant,
    /// `invalid number` (a second base, as in `0x1#2`).
    InvalidNumber,
    /// ``missing `)'``.
    MissingParen,
    /// ``  `:' expected for conditional expression``.
    ColonExpected,
    /// `expression expected` (an empty arm of `?:`).
    ExpressionExpected,
    /// `attempted assignment to non-variable`.
    NonVariableAssignment,
    /// `identifier expected after pre-increment or pre-decrement`.
    IdentifierExpected,
    /// `++: assignment requires lvalue` (or `--`), as in `++a++`.
    LvalueRequired(&'static str),
    /// `expression recursion level exceeded`.
    RecursionLevel,
    /// `bad array subscript`.
    BadSubscript,
    /// A message of the environment (an unbound or read-only variable),
    /// printed as it is, without the expression.
    Other(String),
}

impl fmt::Display for ArithErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            ArithErrorKind::DivisionByZero => "division by 0",
            ArithErrorKind::NegativeExponent => "exponent less than 0",
            ArithErrorKind::OperandExpected => "syntax error: operand expected",
            ArithErrorKind::InvalidOperator => "syntax error: invalid arithmetic operator",
            ArithErrorKind::SyntaxError => "syntax error in expression",
            ArithErrorKind::ValueTooGreat => "value too great for base",
            ArithErrorKind::InvalidBase => "invalid arithmetic base",
            ArithErrorKind::InvalidConstant => "invalid integer constant",
            ArithErrorKind::InvalidNumber => "invalid number",
            ArithErrorKind::MissingParen => "missing `)'",
            ArithErrorKind::ColonExpected => "`:' expected for conditional expression",
            ArithErrorKind::ExpressionExpected => "expression expected",
            ArithErrorKind::NonVariableAssignment => "attempted assignment to non-variable",
            ArithErrorKind::IdentifierExpected => {
                "identifier expected after pre-increment or pre-decrement"
            }
            ArithErrorKind::LvalueRequired(op) => {
                return write!(f, "{op}: assignment requires lvalue");
            }
            ArithErrorKind::RecursionLevel => "expression recursion level exceeded",
            ArithErrorKind::BadSubscript => "bad array subscript",
            ArithErrorKind::Other(msg) => msg,
        };
        f.write_str(s)
    }
}

/// An arithmetic error. Its [`fmt::Display`] is bash's message after the
/// expression, e.g. `division by 0 (error token is "0")`; the whole line
/// bash prints is [`ArithError::message`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}{}", token_suffix(.token))]
pub struct ArithError {
    /// What went wrong.
    pub kind: ArithErrorKind,
    /// The error token: the expression's text from the offending token on.
    pub token: Option<String>,
    /// The expression the error is in, when known: a variable's value or a
    /// subscript for an error inside one, else the parsed text (cut after
    /// a bad number, as bash cuts it).
    pub expr: Option<String>,
    /// The error is in an array subscript's expression, which bash
    /// evaluates apart (`array_expand_index`): its message names no
    /// command and it ends the shell as an expansion error does.
    pub in_subscript: bool,
}

fn token_suffix(token: &Option<String>) -> String {
    match token {
        Some(token) => format!(" (error token is \"{token}\")"),
        None => String::new(),
    }
}

impl ArithError {
    fn new(kind: ArithErrorKind, token: Option<String>, expr: Option<&str>) -> Self {
        ArithError {
            kind,
            token,
            expr: expr.map(str::to_string),
            in_subscript: false,
        }
    }

    /// An error with the environment's own message, printed as it is
    /// (e.g. `x: unbound variable`).
    pub fn other(message: impl Into<String>) -> Self {
        ArithError {
            kind: ArithErrorKind::Other(message.into()),
            token: None,
            expr: None,
            in_subscript: false,
        }
    }

    /// The whole message bash prints after `bash: line N: ` (and after the
    /// `let: ` or `((: ` of those commands), e.g.
    /// `1/0: division by 0 (error token is "0")`. `expr_text` is the
    /// expression as the caller knows it, used when the error does not
    /// name its own; leading blanks are dropped as bash drops them.
    pub fn message(&self, expr_text: &str) -> String {
        self.message_in(None, expr_text)
    }

    /// [`Self::message`] for an error of the expression `command`
    /// evaluates (`((`, `let`): bash's `evalerror` names the running
    /// command first (`((: 1/0: division by 0 ...`), not the other errors
    /// (a subscript's, an unbound variable).
    pub fn message_in(&self, command: Option<&str>, expr_text: &str) -> String {
        if let ArithErrorKind::Other(msg) = &self.kind {
            return msg.clone();
        }
        let expr = self.expr.as_deref().unwrap_or(expr_text);
        let expr = expr.trim_start_matches([' ', '\t']);
        match command.filter(|_| !self.in_subscript) {
            Some(name) => format!("{name}: {expr}: {self}"),
            None => format!("{expr}: {self}"),
        }
    }
}

/// Parses an arithmetic expression. `$` expansions must already be done;
/// blanks (spaces, tabs, newlines) are ignored; blank text is the empty
/// expression, which evaluates to 0.
pub fn parse(text: &str) -> Result<Expr, ArithError> {
    parser::parse_at(text)
}

/// Evaluates a parsed expression against the shell's variables.
pub fn eval(expr: &Expr, env: &mut dyn ArithEnv) -> Result<i64, ArithError> {
    eval::run(expr, env)
}

/// Parses and evaluates `text` in one step.
pub fn eval_str(text: &str, env: &mut dyn ArithEnv) -> Result<i64, ArithError> {
    eval(&parse(text)?, env)
}

/// Reads a variable's value as bash does when it is used in arithmetic:
/// blank is 0, a plain integer is itself, anything else is evaluated as an
/// expression (for `declare -i` assignments, for instance).
pub fn eval_value(value: &str, env: &mut dyn ArithEnv) -> Result<i64, ArithError> {
    if let Some(v) = eval::plain_integer(value) {
        return Ok(v);
    }
    eval_str(value, env)
}
