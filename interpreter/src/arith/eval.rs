//! The evaluator of compiled arithmetic: a loop over the postfix program
//! with a value stack. A variable whose value is itself an expression, and
//! a subscript, are evaluated in a nested frame, at most
//! [`MAX_RECURSION_LEVEL`] deep; frames live on the heap, so evaluation
//! never recurses on the machine stack.

use std::sync::Arc;

use super::lexer::BinOp;
use super::{ArithEnv, ArithError, ArithErrorKind, Expr, MAX_RECURSION_LEVEL, Op, VarRef, parser};

type R<T> = Result<T, ArithError>;

fn broken(expr: &Expr) -> ArithError {
    ArithError::new(
        ArithErrorKind::Other("internal error: malformed arithmetic program".into()),
        None,
        Some(&expr.text),
    )
}

fn token_at(expr: &Expr, pos: u32) -> String {
    expr.text.get(pos as usize..).unwrap_or("").to_string()
}

fn error_at(expr: &Expr, kind: ArithErrorKind, pos: u32) -> ArithError {
    ArithError::new(kind, Some(token_at(expr, pos)), Some(&expr.text))
}

/// `e`, marked as an array subscript's error.
fn in_subscript(mut e: ArithError) -> ArithError {
    e.in_subscript = true;
    e
}

/// A value that is a plain decimal integer, read without parsing. Values
/// with a leading zero (octal), blanks, or too many digits go the slow way.
pub(crate) fn plain_integer(s: &str) -> Option<i64> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    let b = digits.as_bytes();
    match b.first() {
        Some(b'1'..=b'9') if b.len() <= 18 && b.iter().all(u8::is_ascii_digit) => s.parse().ok(),
        Some(b'0') if b.len() == 1 => Some(0),
        _ => None,
    }
}

/// Applies a binary operator with bash's 64-bit wrapping semantics.
/// Division by zero and negative exponents are the caller's to reject.
pub(crate) fn apply(op: BinOp, a: i64, b: i64) -> i64 {
    match op {
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::Div => a.checked_div(b).unwrap_or(if b == 0 { 0 } else { a }),
        BinOp::Mod => a.checked_rem(b).unwrap_or(0),
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        // Like the machine's shifts: the count is taken modulo 64.
        BinOp::Shl => a.wrapping_shl(b as u32),
        BinOp::Shr => a.wrapping_shr(b as u32),
        BinOp::Lt => i64::from(a < b),
        BinOp::Le => i64::from(a <= b),
        BinOp::Gt => i64::from(a > b),
        BinOp::Ge => i64::from(a >= b),
        BinOp::Eq => i64::from(a == b),
        BinOp::Ne => i64::from(a != b),
        BinOp::BitAnd => a & b,
        BinOp::BitXor => a ^ b,
        BinOp::BitOr => a | b,
        BinOp::Pow => {
            if b <= 0 {
                return 1;
            }
            let (mut base, mut exp, mut result) = (a, b, 1i64);
            while exp != 0 {
                if exp & 1 != 0 {
                    result = result.wrapping_mul(base);
                }
                exp >>= 1;
                base = base.wrapping_mul(base);
            }
            result
        }
    }
}

/// The program a frame runs: the caller's, or one made for a value or a
/// subscript.
enum Code<'a> {
    Top(&'a Expr),
    Nested(Arc<Expr>),
}

impl Code<'_> {
    fn expr(&self) -> &Expr {
        match self {
            Code::Top(e) => e,
            Code::Nested(e) => e,
        }
    }
}

/// What the instruction at a frame's `pc` is waiting for from the frame
/// above it.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Waiting {
    #[default]
    Nothing,
    Index,
    Value,
}

/// The progress of an instruction that needed nested evaluations: the
/// subscript it resolved and the value it read.
#[derive(Default)]
struct Partial {
    index: Option<Option<String>>,
    value: Option<i64>,
    waiting: Waiting,
}

/// One expression being evaluated.
struct Frame<'a> {
    code: Code<'a>,
    pc: usize,
    stack: Vec<i64>,
    /// Subscripts read by a compound assignment's load, for its store.
    lvalues: Vec<Option<String>>,
    partial: Partial,
}

impl<'a> Frame<'a> {
    fn new(code: Code<'a>) -> Self {
        Frame {
            code,
            pc: 0,
            stack: Vec::new(),
            lvalues: Vec::new(),
            partial: Partial::default(),
        }
    }
}

/// What a frame asks of the loop that drives it.
enum Step {
    /// Evaluate this program and hand its value back.
    Call(Arc<Expr>, Waiting),
    /// The frame is done with this value.
    Done(i64),
}

/// A value an instruction has, or the nested evaluation that will give it.
enum Need<T> {
    Have(T),
    Call(Step),
}

/// Runs `top` as a top-level expression (recursion level 1).
pub(crate) fn run(top: &Expr, env: &mut dyn ArithEnv) -> R<i64> {
    let mut frames = vec![Frame::new(Code::Top(top))];
    loop {
        let depth = frames.len();
        let Some(frame) = frames.last_mut() else {
            return Err(broken(top));
        };
        let stepped = step(frame, env, depth).map_err(|mut e| {
            // An error of a frame above one waiting for an index is the
            // index's.
            if frames.iter().any(|f| f.partial.waiting == Waiting::Index) {
                e.in_subscript = true;
            }
            e
        });
        let Some(frame) = frames.last_mut() else {
            return Err(broken(top));
        };
        match stepped? {
            Step::Call(code, waiting) => {
                frame.partial.waiting = waiting;
                frames.push(Frame::new(Code::Nested(code)));
            }
            Step::Done(value) => {
                frames.pop();
                let Some(parent) = frames.last_mut() else {
                    return Ok(value);
                };
                let partial = &mut parent.partial;
                match partial.waiting {
                    Waiting::Index => partial.index = Some(Some(value.to_string())),
                    Waiting::Value => partial.value = Some(value),
                    Waiting::Nothing => return Err(broken(top)),
                }
                partial.waiting = Waiting::Nothing;
            }
        }
    }
}

/// The subscript of `var` as passed to the environment: the raw text for
/// an associative array, else the evaluated index in decimal.
fn resolve_index(
    var: &VarRef,
    partial: &mut Partial,
    env: &mut dyn ArithEnv,
    depth: usize,
    expr: &Expr,
) -> R<Need<Option<String>>> {
    if let Some(index) = &partial.index {
        return Ok(Need::Have(index.clone()));
    }
    let index = match &var.sub {
        None => None,
        Some(sub) if sub.raw.is_empty() => {
            return Err(ArithError::new(
                ArithErrorKind::BadSubscript,
                None,
                Some(&format!("{}[]", var.name)),
            ));
        }
        Some(sub) if sub.raw.contains(['$', '`']) => {
            let text = env
                .expand_subscript(&sub.raw)?
                .unwrap_or_else(|| sub.raw.to_string());
            if env.is_assoc(&var.name) {
                Some(text)
            } else {
                let inner = parser::parse_at(&text).map_err(in_subscript)?;
                if inner.ops.is_empty() {
                    Some("0".to_string())
                } else {
                    if depth >= MAX_RECURSION_LEVEL {
                        return Err(error_at(expr, ArithErrorKind::RecursionLevel, var.pos));
                    }
                    return Ok(Need::Call(Step::Call(Arc::new(inner), Waiting::Index)));
                }
            }
        }
        Some(sub) if env.is_assoc(&var.name) => Some(sub.raw.to_string()),
        Some(sub) => {
            let inner = sub
                .parsed
                .get_or_init(|| parser::parse_at(&sub.raw).map(Arc::new))
                .as_ref()
                .map_err(|e| in_subscript(e.clone()))?;
            if inner.ops.is_empty() {
                Some("0".to_string())
            } else {
                if depth >= MAX_RECURSION_LEVEL {
                    return Err(error_at(expr, ArithErrorKind::RecursionLevel, var.pos));
                }
                return Ok(Need::Call(Step::Call(Arc::clone(inner), Waiting::Index)));
            }
        }
    };
    partial.index = Some(index.clone());
    Ok(Need::Have(index))
}

/// A variable's value as a number: unset and blank are 0, a plain integer
/// is itself, anything else is evaluated as an expression one level
/// deeper.
fn resolve_value(
    var: &VarRef,
    index: Option<&str>,
    partial: &mut Partial,
    env: &mut dyn ArithEnv,
    depth: usize,
    expr: &Expr,
) -> R<Need<i64>> {
    if let Some(v) = partial.value {
        return Ok(Need::Have(v));
    }
    let Some(value) = env.get(&var.name, index)? else {
        return Ok(Need::Have(0));
    };
    if value.trim_start_matches([' ', '\t', '\n']).is_empty() {
        return Ok(Need::Have(0));
    }
    if depth >= MAX_RECURSION_LEVEL {
        return Err(error_at(expr, ArithErrorKind::RecursionLevel, var.pos));
    }
    if let Some(v) = plain_integer(&value) {
        return Ok(Need::Have(v));
    }
    let inner = parser::parse_at(&value)?;
    Ok(Need::Call(Step::Call(Arc::new(inner), Waiting::Value)))
}

/// Runs a frame until it finishes or needs a nested evaluation.
fn step(frame: &mut Frame<'_>, env: &mut dyn ArithEnv, depth: usize) -> R<Step> {
    let Frame {
        code,
        pc,
        stack,
        lvalues,
        partial,
    } = frame;
    let expr = code.expr();
    let var = |id: u32| expr.vars.get(id as usize).ok_or_else(|| broken(expr));
    macro_rules! pop {
        () => {
            stack.pop().ok_or_else(|| broken(expr))?
        };
    }
    macro_rules! need {
        ($e:expr) => {
            match $e? {
                Need::Have(v) => v,
                Need::Call(step) => return Ok(step),
            }
        };
    }
    while let Some(op) = expr.ops.get(*pc) {
        match *op {
            Op::Num(n) => stack.push(n),
            Op::Load(id) | Op::LoadLvalue(id) => {
                let v = var(id)?;
                let index = need!(resolve_index(v, partial, env, depth, expr));
                let value = need!(resolve_value(
                    v,
                    index.as_deref(),
                    partial,
                    env,
                    depth,
                    expr
                ));
                *partial = Partial::default();
                stack.push(value);
                if let Op::LoadLvalue(_) = op {
                    lvalues.push(index);
                }
            }
            Op::Assign(id) => {
                let v = var(id)?;
                let index = need!(resolve_index(v, partial, env, depth, expr));
                *partial = Partial::default();
                let value = pop!();
                env.set(&v.name, index.as_deref(), value)?;
                stack.push(value);
            }
            Op::Compound(id, op, at) => {
                let rhs = pop!();
                let lhs = pop!();
                let index = lvalues.pop().ok_or_else(|| broken(expr))?;
                if matches!(op, BinOp::Div | BinOp::Mod) && rhs == 0 {
                    return Err(error_at(expr, ArithErrorKind::DivisionByZero, at));
                }
                let value = apply(op, lhs, rhs);
                let v = var(id)?;
                env.set(&v.name, index.as_deref(), value)?;
                stack.push(value);
            }
            Op::IncDec {
                var: id,
                delta,
                post,
            } => {
                let v = var(id)?;
                let index = need!(resolve_index(v, partial, env, depth, expr));
                let old = need!(resolve_value(
                    v,
                    index.as_deref(),
                    partial,
                    env,
                    depth,
                    expr
                ));
                *partial = Partial::default();
                let new = old.wrapping_add(i64::from(delta));
                env.set(&v.name, index.as_deref(), new)?;
                stack.push(if post { old } else { new });
            }
            Op::Neg => {
                let a = pop!();
                stack.push(a.wrapping_neg());
            }
            Op::Not => {
                let a = pop!();
                stack.push(i64::from(a == 0));
            }
            Op::BitNot => {
                let a = pop!();
                stack.push(!a);
            }
            Op::Binary(op, at) => {
                let b = pop!();
                let a = pop!();
                match op {
                    BinOp::Div | BinOp::Mod if b == 0 => {
                        return Err(error_at(expr, ArithErrorKind::DivisionByZero, at));
                    }
                    BinOp::Pow if b < 0 => {
                        return Err(error_at(expr, ArithErrorKind::NegativeExponent, at));
                    }
                    _ => stack.push(apply(op, a, b)),
                }
            }
            Op::AndJump(target) => {
                if pop!() == 0 {
                    stack.push(0);
                    *pc = target as usize;
                    continue;
                }
            }
            Op::OrJump(target) => {
                if pop!() != 0 {
                    stack.push(1);
                    *pc = target as usize;
                    continue;
                }
            }
            Op::JumpIfZero(target) => {
                if pop!() == 0 {
                    *pc = target as usize;
                    continue;
                }
            }
            Op::Jump(target) => {
                *pc = target as usize;
                continue;
            }
            Op::ToBool => {
                let a = pop!();
                stack.push(i64::from(a != 0));
            }
            Op::Pop => {
                pop!();
            }
        }
        *pc += 1;
    }
    Ok(Step::Done(stack.pop().unwrap_or(0)))
}
