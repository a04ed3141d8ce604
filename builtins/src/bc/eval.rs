//! Runs bc's AST: variables and arrays with dynamic scope (a call pushes
//! its parameters and autos on each name's stack), `scale`/`ibase`/
//! `obase`/`last`, and output with GNU bc's line splitting.
//!
//! Bounds: every loop and call ticks the cancel signal; calls nest at
//! most [`MAX_CALLS`] deep; a power, product or scale whose result would
//! not fit the memory budget is refused before it is computed, and what
//! variables and arrays hold stays charged to the budget.

use std::collections::HashMap;
use std::rc::Rc;

use num_traits::Signed;

use super::num::{Num, Why};
use super::parser::{Arg, Expr, Func, Lv, PItem, Stmt};
use crate::common::sys::{Fail, Sys, hold, settle};
use sandbash_interpreter::memory::Charge;

/// How deep calls may nest.
pub const MAX_CALLS: usize = 1000;
/// Stack the evaluator may use below its entry (the utilities' threads
/// have 64 MiB): deep expressions inside deep recursion stop here.
const STACK_BUDGET: usize = 16 << 20;

fn stack_here() -> usize {
    let marker = 0u8;
    std::hint::black_box(std::ptr::addr_of!(marker)) as usize
}
/// The largest array index + 1 (GNU's BC_DIM_MAX + 1).
const DIM_MAX: i64 = 16_777_215;
/// What an array element costs beyond its digits (the map's entry, its
/// growth, the digits' allocation).
const ELEM: u64 = 64;

/// Why statements stop.
pub enum Stop {
    Break,
    Continue,
    Return(Num),
    /// `halt`: end bc.
    Halt,
    /// A runtime error, already reported: abandon the line.
    Error,
    /// The run must end (cancel, memory, write failure).
    Fail(Fail),
}

impl From<Fail> for Stop {
    fn from(f: Fail) -> Self {
        Stop::Fail(f)
    }
}

type R<T> = Result<T, Stop>;

/// The interpreter's state.
pub struct Bc {
    vars: HashMap<String, Vec<Num>>,
    arrays: HashMap<String, Vec<HashMap<i64, Num>>>,
    pub funcs: HashMap<String, Rc<Func>>,
    pub scale: u32,
    ibase: u32,
    obase: u32,
    last: Num,
    col: usize,
    line_len: usize,
    calls: Vec<String>,
    held: u64,
    charge: Charge,
    /// `-l`: the math functions answer when not redefined.
    pub mathlib: bool,
    stack_base: usize,
}

impl Bc {
    pub fn new(sys: &Sys<'_>) -> Self {
        let line_len = sys
            .env
            .iter()
            .find(|(k, _)| k == "BC_LINE_LENGTH")
            .map(|(_, v)| {
                let digits: String = v
                    .trim_start()
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect();
                let n: usize = digits.parse().unwrap_or(0);
                if n < 3 && n != 0 { 70 } else { n }
            })
            .unwrap_or(70);
        Self {
            vars: HashMap::new(),
            arrays: HashMap::new(),
            funcs: HashMap::new(),
            scale: 0,
            ibase: 10,
            obase: 10,
            last: Num::zero(),
            col: 0,
            line_len,
            calls: Vec::new(),
            held: 0,
            charge: sys.charge(),
            mathlib: false,
            stack_base: stack_here(),
        }
    }

    /// The names of the `define void` functions.
    pub fn voids(&self) -> Vec<String> {
        self.funcs
            .values()
            .filter(|f| f.void)
            .map(|f| f.name.clone())
            .collect()
    }

    fn func_name(&self) -> String {
        self.calls
            .last()
            .cloned()
            .unwrap_or_else(|| "(main)".into())
    }

    fn runtime(&mut self, sys: &mut Sys<'_>, adr: u32, msg: &str) -> Stop {
        if let Err(e) = sys.out.flush() {
            return Stop::Fail(e);
        }
        sys.diag.raw(
            format!(
                "Runtime error (func={}, adr={adr}): {msg}\n",
                self.func_name()
            )
            .as_bytes(),
        );
        Stop::Error
    }

    fn warn(&mut self, sys: &mut Sys<'_>, adr: u32, msg: &str) -> R<()> {
        sys.out.flush()?;
        sys.diag.raw(
            format!(
                "Runtime warning (func={}, adr={adr}): {msg}\n",
                self.func_name()
            )
            .as_bytes(),
        );
        Ok(())
    }

    /// Charges a value about to be built of `bytes`.
    fn room(&self, sys: &Sys<'_>, bytes: u64) -> R<()> {
        let mut c = sys.charge();
        hold(&mut c, bytes.saturating_mul(3))?;
        Ok(())
    }

    fn account(&mut self, old: u64, new: u64) -> R<()> {
        self.held = self.held.saturating_sub(old).saturating_add(new);
        settle(&mut self.charge, self.held)?;
        Ok(())
    }

    // ---- output ----

    /// Writes number text, splitting lines as GNU bc does.
    fn out_num(&mut self, sys: &mut Sys<'_>, s: &str) -> R<()> {
        self.out_str(sys, s.as_bytes())
    }

    /// Writes string bytes: split as numbers are, a newline starting a
    /// new line (GNU's `out_char` does both for every character).
    fn out_str(&mut self, sys: &mut Sys<'_>, b: &[u8]) -> R<()> {
        let mut buf = Vec::with_capacity(b.len() + b.len() / 32);
        for &c in b {
            if c == b'\n' {
                self.col = 0;
            } else {
                self.col += 1;
                if self.line_len != 0 && self.col == self.line_len - 1 {
                    buf.extend_from_slice(b"\\\n");
                    self.col = 1;
                }
            }
            buf.push(c);
        }
        sys.out.put(&buf)?;
        Ok(())
    }

    fn print_num(&mut self, sys: &mut Sys<'_>, n: &Num) -> R<()> {
        let cancel = sys.tick.cancel;
        let mut k = 0u32;
        let text = n
            .render(self.obase, &mut || {
                k = k.wrapping_add(1);
                !k.is_multiple_of(1024) || !cancel.is_stopped()
            })
            .ok_or(Stop::Fail(Fail::Cancelled))?;
        self.out_num(sys, &text)
    }

    // ---- statements ----

    pub fn run_stmts(&mut self, sys: &mut Sys<'_>, stmts: &[Stmt]) -> R<()> {
        for s in stmts {
            self.stmt(sys, s)?;
        }
        Ok(())
    }

    fn stmt(&mut self, sys: &mut Sys<'_>, s: &Stmt) -> R<()> {
        sys.tick.tick()?;
        match s {
            Stmt::Expr(e, show) => {
                let v = self.eval(sys, e)?;
                if *show {
                    self.print_num(sys, &v)?;
                    self.out_str(sys, b"\n")?;
                    self.last = v;
                }
            }
            Stmt::Str(t) => {
                let b = sandbash_interpreter::bytes::encode(t);
                self.out_str(sys, &b)?;
            }
            Stmt::Print(items) => {
                for it in items {
                    match it {
                        PItem::Str(t) => {
                            let b = escapes(&sandbash_interpreter::bytes::encode(t));
                            self.out_str(sys, &b)?;
                        }
                        PItem::Val(e) => {
                            let v = self.eval(sys, e)?;
                            self.print_num(sys, &v)?;
                            self.last = v;
                        }
                    }
                }
            }
            Stmt::Block(b) => self.run_stmts(sys, b)?,
            Stmt::If(c, t, e) => {
                if !self.eval(sys, c)?.is_zero() {
                    self.stmt(sys, t)?;
                } else if let Some(e) = e {
                    self.stmt(sys, e)?;
                }
            }
            Stmt::While(c, body) => loop {
                sys.tick.tick()?;
                if self.eval(sys, c)?.is_zero() {
                    break;
                }
                match self.stmt(sys, body) {
                    Err(Stop::Break) => break,
                    Err(Stop::Continue) | Ok(()) => {}
                    Err(e) => return Err(e),
                }
            },
            Stmt::For(a, c, inc, body) => {
                if let Some(a) = a {
                    self.eval(sys, a)?;
                }
                loop {
                    sys.tick.tick()?;
                    if let Some(c) = c
                        && self.eval(sys, c)?.is_zero()
                    {
                        break;
                    }
                    match self.stmt(sys, body) {
                        Err(Stop::Break) => break,
                        Err(Stop::Continue) | Ok(()) => {}
                        Err(e) => return Err(e),
                    }
                    if let Some(i) = inc {
                        self.eval(sys, i)?;
                    }
                }
            }
            Stmt::Break => return Err(Stop::Break),
            Stmt::Continue => return Err(Stop::Continue),
            Stmt::Halt => return Err(Stop::Halt),
            Stmt::Return(e) => {
                let v = match e {
                    Some(e) => self.eval(sys, e)?,
                    None => Num::zero(),
                };
                return Err(Stop::Return(v));
            }
            Stmt::Limits => {
                let t = "BC_BASE_MAX     = 2147483647\nBC_DIM_MAX      = 16777215\nBC_SCALE_MAX    = 2147483647\nBC_STRING_MAX   = 2147483647\nMAX Exponent    = 9223372036854775807\nNumber of vars  = 32767\n";
                self.out_str(sys, t.as_bytes())?;
            }
            Stmt::Empty => {}
        }
        Ok(())
    }

    // ---- variables ----

    fn index(&mut self, sys: &mut Sys<'_>, name: &str, i: &Expr, adr: u32) -> R<i64> {
        let v = self.eval(sys, i)?;
        match v.to_i64() {
            Some(k) if (0..=DIM_MAX).contains(&k) => Ok(k),
            _ => Err(self.runtime(sys, adr, &format!("Array {name} subscript out of bounds."))),
        }
    }

    /// The element an array reference names (its index evaluated once);
    /// `None` for a plain name.
    fn slot(&mut self, sys: &mut Sys<'_>, lv: &Lv, adr: u32) -> R<Option<i64>> {
        match lv {
            Lv::Arr(n, i) => Ok(Some(self.index(sys, n, i, adr)?)),
            _ => Ok(None),
        }
    }

    fn load(&mut self, sys: &mut Sys<'_>, lv: &Lv, adr: u32) -> R<Num> {
        let idx = self.slot(sys, lv, adr)?;
        Ok(self.load_at(lv, idx))
    }

    fn store(&mut self, sys: &mut Sys<'_>, lv: &Lv, idx: Option<i64>, v: Num, adr: u32) -> R<Num> {
        match lv {
            Lv::Var(n) => {
                let stack = self.vars.entry(n.clone()).or_default();
                if stack.is_empty() {
                    stack.push(Num::zero());
                }
                let new = v.size();
                let old = stack.last().map(Num::size).unwrap_or(0);
                if let Some(slot) = stack.last_mut() {
                    *slot = v.clone();
                }
                self.account(old, new)?;
            }
            Lv::Arr(n, _) => {
                let k = idx.unwrap_or(0);
                let stack = self.arrays.entry(n.clone()).or_default();
                if stack.is_empty() {
                    stack.push(HashMap::new());
                }
                let new = v.size() + ELEM;
                let mut old = 0;
                if let Some(a) = stack.last_mut() {
                    old = a.insert(k, v.clone()).map(|o| o.size() + ELEM).unwrap_or(0);
                }
                self.account(old, new)?;
            }
            Lv::Last => self.last = v.clone(),
            Lv::Scale | Lv::Ibase | Lv::Obase => {
                let (lo, hi, what) = match lv {
                    Lv::Scale => (0i64, i64::from(i32::MAX), "scale"),
                    Lv::Ibase => (2, 36, "ibase"),
                    _ => (2, i64::from(i32::MAX), "obase"),
                };
                let n = v.to_i64();
                let set = match n {
                    Some(x) if x < lo => {
                        if what == "scale" {
                            self.warn(sys, adr, "negative scale, set to 0")?;
                        } else {
                            self.warn(sys, adr, &format!("{what} too small, set to {lo}"))?;
                        }
                        lo
                    }
                    Some(x) if x > hi => {
                        self.warn(sys, adr, &format!("{what} too large, set to {hi}"))?;
                        hi
                    }
                    Some(x) => x,
                    None => {
                        if v.is_neg() {
                            self.warn(sys, adr, &format!("{what} too small, set to {lo}"))?;
                            lo
                        } else {
                            self.warn(sys, adr, &format!("{what} too large, set to {hi}"))?;
                            hi
                        }
                    }
                };
                let set = set as u32;
                match lv {
                    Lv::Scale => self.scale = set,
                    Lv::Ibase => self.ibase = set,
                    _ => self.obase = set,
                }
            }
        }
        Ok(v)
    }

    // ---- expressions ----

    pub fn eval(&mut self, sys: &mut Sys<'_>, e: &Expr) -> R<Num> {
        sys.tick.tick()?;
        if self.stack_base.abs_diff(stack_here()) > STACK_BUDGET {
            return Err(self.runtime(sys, 0, "Recursion too deep"));
        }
        Ok(match e {
            // A constant is no larger than its text, which the program's
            // buffer already holds charged.
            Expr::Num(t) => Num::parse(t, self.ibase),
            Expr::Load(lv, adr) => self.load(sys, lv, *adr)?,
            Expr::Neg(x) => self.eval(sys, x)?.neg(),
            Expr::Not(x) => Num::int(i64::from(self.eval(sys, x)?.is_zero())),
            Expr::And(a, b) => {
                let r = !self.eval(sys, a)?.is_zero() && !self.eval(sys, b)?.is_zero();
                Num::int(i64::from(r))
            }
            Expr::Or(a, b) => {
                let r = !self.eval(sys, a)?.is_zero() || !self.eval(sys, b)?.is_zero();
                Num::int(i64::from(r))
            }
            Expr::Bin(op, a, b, adr) => {
                let x = self.eval(sys, a)?;
                let y = self.eval(sys, b)?;
                self.binop(sys, op, &x, &y, *adr)?
            }
            Expr::Assign(lv, op, rhs, adr) => {
                let idx = self.slot(sys, lv, *adr)?;
                let v = match op {
                    None => self.eval(sys, rhs)?,
                    Some(op) => {
                        let old = self.load_at(lv, idx);
                        let r = self.eval(sys, rhs)?;
                        self.binop(sys, op, &old, &r, *adr)?
                    }
                };
                if let Expr::Call(name, _, _) = &**rhs
                    && self.funcs.get(name).is_some_and(|f| f.void)
                {
                    let _ = name;
                }
                self.store(sys, lv, idx, v, *adr)?
            }
            Expr::IncDec { lv, pre, inc, adr } => {
                let idx = self.slot(sys, lv, *adr)?;
                let old = self.load_at(lv, idx);
                let new = if *inc {
                    old.add(&Num::int(1))
                } else {
                    old.sub(&Num::int(1))
                };
                self.store(sys, lv, idx, new.clone(), *adr)?;
                if *pre { new } else { old }
            }
            Expr::Call(name, args, adr) => {
                if !self.funcs.contains_key(name)
                    && self.mathlib
                    && let Some(v) = self.native(sys, name, args, *adr)?
                {
                    v
                } else {
                    self.call(sys, name, args, *adr)?
                }
            }
            Expr::Length(x) => Num::int(i64::from(self.eval(sys, x)?.length())),
            Expr::ScaleOf(x) => Num::int(i64::from(self.eval(sys, x)?.s)),
            Expr::Sqrt(x, adr) => {
                let v = self.eval(sys, x)?;
                self.room(sys, u64::from(self.scale.max(v.s)) / 2 + v.size())?;
                let cancel = sys.tick.cancel;
                match v.sqrt(self.scale, &|| cancel.is_stopped()) {
                    Ok(r) => r,
                    Err(Why::Halt) => return Err(Stop::Fail(Fail::Cancelled)),
                    Err(Why::Zero) => {
                        return Err(self.runtime(sys, *adr, "Square root of a negative number"));
                    }
                }
            }
            Expr::Read(adr) => {
                return Err(self.runtime(sys, *adr, "read() is not supported in sandbash"));
            }
        })
    }

    /// The `-l` functions `s c a l e j`, computed natively.
    fn native(&mut self, sys: &mut Sys<'_>, name: &str, args: &[Arg], adr: u32) -> R<Option<Num>> {
        let want = match name {
            "s" | "c" | "a" | "l" | "e" => 1,
            "j" => 2,
            _ => return Ok(None),
        };
        // The arguments first, then the checks at GNU's addresses (as for
        // a defined function; GNU's library names no parameter).
        let nargs = args.len() as u32;
        let mut vals = Vec::new();
        for (i, a) in args.iter().enumerate() {
            match a {
                Arg::Val(e) => vals.push(self.eval(sys, e)?),
                Arg::Array(_) => {
                    let at = adr + i as u32 + 1;
                    let _ = self.runtime(sys, at, "Parameter type mismatch, parameter (null).");
                    return Err(self.runtime(sys, adr + nargs + 1, "Parameter number mismatch"));
                }
            }
        }
        if args.len() != want {
            let at = adr + nargs.min(want as u32) + 1;
            return Err(self.runtime(sys, at, "Parameter number mismatch"));
        }
        let x = vals.last().cloned().unwrap_or_default();
        // The series work on several numbers of `scale` digits at once, each
        // step costing time quadratic in them: charge generously.
        self.room(sys, x.size() * 4 + u64::from(self.scale) * 200)?;
        let scale = self.scale;
        let r = match name {
            "s" => super::mathlib::sin(&x, scale, &mut sys.tick)?,
            "c" => super::mathlib::cos(&x, scale, &mut sys.tick)?,
            "a" => super::mathlib::atan(&x, scale, &mut sys.tick)?,
            "l" => super::mathlib::ln(&x, scale, &mut sys.tick)?,
            "e" => {
                if let Some(v) = x.to_i64() {
                    // e(x) has about 0.43 * x integer digits.
                    self.room(sys, v.unsigned_abs() / 4)?;
                }
                super::mathlib::exp(&x, scale, &mut sys.tick)?
            }
            _ => {
                let n = vals.first().cloned().unwrap_or_default();
                super::mathlib::bessel(&n, &x, scale, &mut sys.tick)?
            }
        };
        Ok(Some(r))
    }

    fn load_at(&self, lv: &Lv, idx: Option<i64>) -> Num {
        match lv {
            Lv::Var(n) => self
                .vars
                .get(n)
                .and_then(|s| s.last())
                .cloned()
                .unwrap_or_default(),
            Lv::Arr(n, _) => self
                .arrays
                .get(n)
                .and_then(|s| s.last())
                .and_then(|a| a.get(&idx.unwrap_or(0)))
                .cloned()
                .unwrap_or_default(),
            Lv::Scale => Num::int(i64::from(self.scale)),
            Lv::Ibase => Num::int(i64::from(self.ibase)),
            Lv::Obase => Num::int(i64::from(self.obase)),
            Lv::Last => self.last.clone(),
        }
    }

    fn binop(&mut self, sys: &mut Sys<'_>, op: &str, x: &Num, y: &Num, adr: u32) -> R<Num> {
        use std::cmp::Ordering::*;
        let cancel = sys.tick.cancel;
        let stop: &dyn Fn() -> bool = &|| cancel.is_stopped();
        let b = |t: bool| Num::int(i64::from(t));
        Ok(match op {
            "+" => x.add(y),
            "-" => x.sub(y),
            "*" => {
                self.room(sys, x.size() + y.size())?;
                halted(x.mul(y, self.scale, stop))?
            }
            "/" => {
                self.room(sys, x.size() + y.size() + u64::from(self.scale) / 2)?;
                match x.div(y, self.scale, stop) {
                    Ok(v) => v,
                    Err(Why::Halt) => return Err(Stop::Fail(Fail::Cancelled)),
                    Err(Why::Zero) => return Err(self.runtime(sys, adr, "Divide by zero")),
                }
            }
            "%" => {
                self.room(sys, x.size() + y.size() + u64::from(self.scale))?;
                match x.rem(y, self.scale, stop) {
                    Ok(v) => v,
                    Err(Why::Halt) => return Err(Stop::Fail(Fail::Cancelled)),
                    Err(Why::Zero) => return Err(self.runtime(sys, adr, "Modulo by zero")),
                }
            }
            "^" => {
                if y.s > 0
                    && !num_traits::Zero::is_zero(&y.v)
                    && y.v.abs() % super::num::p10(y.s) != 0.into()
                {
                    self.warn(sys, adr, "non-zero scale in exponent")?;
                }
                let Some(e) = y.to_i64() else {
                    return Err(self.runtime(sys, adr, "exponent too large in raise"));
                };
                let trivial = x.s == 0 && (x.v.abs() <= 1.into());
                if !trivial && e != 0 {
                    let bits = x.v.bits().max(1).saturating_mul(e.unsigned_abs());
                    let digits = u64::from(x.s).saturating_mul(e.unsigned_abs());
                    self.room(sys, bits / 8 + digits / 2 + u64::from(self.scale) / 2)?;
                }
                if x.is_zero() && e < 0 {
                    return Err(self.runtime(sys, adr, "divide by zero"));
                }
                // 0, 1 and -1 keep their value: only the parity counts.
                let e = if trivial && e.abs() > 2 {
                    (if e % 2 == 0 { 2 } else { 1 }) * e.signum()
                } else {
                    e
                };
                halted(x.pow(e, self.scale, stop))?
            }
            "==" => b(x.compare(y) == Equal),
            "!=" => b(x.compare(y) != Equal),
            "<" => b(x.compare(y) == Less),
            "<=" => b(x.compare(y) != Greater),
            ">" => b(x.compare(y) == Greater),
            ">=" => b(x.compare(y) != Less),
            _ => Num::zero(),
        })
    }

    fn call(&mut self, sys: &mut Sys<'_>, name: &str, args: &[Arg], adr: u32) -> R<Num> {
        let Some(f) = self.funcs.get(name).cloned() else {
            return Err(self.runtime(sys, adr, &format!("Function {name} not defined.")));
        };
        // Evaluate the arguments in the caller's scope.
        // Numbers are passed by value; an array by its name, copied
        // unless the parameter is `*name[]` (GNU's by reference).
        let mut vals: Vec<Result<Num, String>> = Vec::new();
        for a in args {
            match a {
                Arg::Val(e) => vals.push(Ok(self.eval(sys, e)?)),
                Arg::Array(n) => vals.push(Err(n.clone())),
            }
        }
        // GNU reads a flag byte per argument, then `:`, and reports at
        // the byte where it finds the mismatch.
        let nargs = vals.len() as u32;
        for (i, (v, (p, arr))) in vals.iter().zip(&f.params).enumerate() {
            if v.is_err() != *arr {
                let at = adr + i as u32 + 1;
                let _ = self.runtime(sys, at, &format!("Parameter type mismatch parameter {p}."));
                return Err(self.runtime(sys, adr + nargs + 1, "Parameter number mismatch"));
            }
        }
        if vals.len() != f.params.len() {
            let at = adr + nargs.min(f.params.len() as u32) + 1;
            return Err(self.runtime(sys, at, "Parameter number mismatch"));
        }
        if self.calls.len() >= MAX_CALLS {
            return Err(self.runtime(sys, adr, "Recursion too deep"));
        }
        // What the frame holds beyond its values; the values are charged
        // as they are pushed and given back as they are popped (a store
        // into a frame's slot charges its change).
        let overhead = 64 * (f.params.len() + f.autos.len() + 1) as u64;
        self.account(0, overhead)?;
        let mut moved: Vec<(String, String)> = Vec::new();
        for (v, (p, _)) in vals.into_iter().zip(&f.params) {
            match v {
                Ok(n) => {
                    self.account(0, n.size())?;
                    self.vars.entry(p.clone()).or_default().push(n);
                }
                Err(src) => {
                    let stack = self.arrays.entry(src.clone()).or_default();
                    if stack.is_empty() {
                        // The global array, made now so a reference can
                        // come back to it.
                        stack.push(HashMap::new());
                    }
                    let top = stack.last_mut();
                    let a = if f.refs.contains(p) {
                        moved.push((p.clone(), src.clone()));
                        top.map(std::mem::take).unwrap_or_default()
                    } else {
                        let copy = top.map(|a| a.clone()).unwrap_or_default();
                        self.account(0, copy.values().map(|n| n.size() + ELEM).sum())?;
                        copy
                    };
                    self.arrays.entry(p.clone()).or_default().push(a);
                }
            }
        }
        for (p, arr) in &f.autos {
            if *arr {
                self.arrays
                    .entry(p.clone())
                    .or_default()
                    .push(HashMap::new());
            } else {
                self.vars.entry(p.clone()).or_default().push(Num::zero());
            }
        }
        self.calls.push(f.name.clone());
        let r = self.run_stmts(sys, &f.body);
        self.calls.pop();
        let mut freed = overhead;
        for (p, arr) in f.params.iter().chain(&f.autos).rev() {
            if *arr {
                if let Some(a) = self.arrays.get_mut(p).and_then(Vec::pop) {
                    if let Some(pos) = moved.iter().position(|(q, _)| q == p) {
                        // A reference goes back to its owner, still charged.
                        let (_, src) = moved.swap_remove(pos);
                        if let Some(slot) = self.arrays.get_mut(&src).and_then(|s| s.last_mut()) {
                            *slot = a;
                        }
                    } else {
                        freed += a.values().map(|n| n.size() + ELEM).sum::<u64>();
                    }
                }
            } else if let Some(n) = self.vars.get_mut(p).and_then(Vec::pop) {
                freed += n.size();
            }
        }
        self.account(freed, 0)?;
        match r {
            Ok(()) => Ok(Num::zero()),
            Err(Stop::Return(v)) => Ok(v),
            Err(e) => Err(e),
        }
    }
}

/// A long operation's outcome: only a cancel can stop it.
fn halted(r: Result<Num, Why>) -> R<Num> {
    r.map_err(|_| Stop::Fail(Fail::Cancelled))
}

/// The escapes `print` understands: `\a \b \f \n \r \t \q \\` and `\e`
/// (backslash dropped before anything else, as GNU).
fn escapes(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len());
    let mut it = b.iter();
    while let Some(&c) = it.next() {
        if c != b'\\' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some(b'a') => out.push(7),
            Some(b'b') => out.push(8),
            Some(b'f') => out.push(12),
            Some(b'n') => out.push(b'\n'),
            Some(b'r') => out.push(b'\r'),
            Some(b't') => out.push(b'\t'),
            Some(b'q') => out.push(b'"'),
            Some(b'e') => out.push(b'\\'),
            Some(b'\\') => out.push(b'\\'),
            Some(&o) => {
                out.push(b'\\');
                out.push(o);
            }
            None => out.push(b'\\'),
        }
    }
    out
}
