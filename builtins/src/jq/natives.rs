//! The data jq filters run with, and the native filters sandbash adds to
//! or puts in place of jaq's.
//!
//! jaq's natives are plain function pointers; what they need of the run
//! (the stop signals, the memory budget, the stack bound, the
//! environment, standard error, the inputs) reaches them through
//! [`Env`], the data of every filter context.
//!
//! Replaced: `env` (jaq reads the host's environment; here it is the
//! sandbox's), `localtime`/`strflocaltime` (jaq reads the host's time
//! zone; here time is UTC), `debug`/`stderr` (jaq logs through the `log`
//! crate; here they write the run's standard error as jq does),
//! `tojson`/`fromjson`/`tostring` (jq 1.7's number and string formats,
//! and a parser without recursion), `range/3` (checks the stop signals).
//! Added: `__sb_g`, the guard put at the head of every definition and
//! `reduce`/`foreach` body (see [`super::program`]), `__sb_mul` (string
//! repetition sized before it allocates), `input_filename`.

use std::cell::{Cell, RefCell};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use jaq_core::box_iter::box_once;
use jaq_core::data::HasLut;
use jaq_core::native::{Filter, Fun, bome, v};
use jaq_core::{Bind, Ctx, DataT, Error, Exn, Native, RunPtr};
use jaq_json::Rc;
use jaq_json::{Num, Val};
use jaq_std::ValT as _;
use jaq_std::input::{HasInputs, Inputs, RcIter};
use sandbash_interpreter::Cancel;
use sandbash_interpreter::memory::Charge;
use sandbash_interpreter::memory::MemoryBudget;

use super::json::{self, Step};
use super::write;

/// The data kind of sandbash's jq filters: jaq's JSON values, with
/// [`Env`] as the data every native can reach.
pub struct JqData;

impl DataT for JqData {
    type V<'a> = Val;
    type Data<'a> = &'a Env<'a>;
}

/// The compiled program's lookup table.
pub type Lut = jaq_core::Lut<JqData>;

/// The input values as `input`/`inputs` see them.
pub type InputIter<'a> = RcIter<dyn Iterator<Item = Result<Val, String>> + 'a>;

/// Why evaluation must stop at the next guard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    /// The run was cancelled or timed out, or the output was refused.
    Stopped,
    /// The memory budget would be exceeded.
    Memory,
    /// Recursion went deeper than the stack allows.
    Depth,
}

/// What the natives reach of the run.
pub struct Ctl<'r> {
    /// The run's cancellation signal.
    pub cancel: &'r Cancel,
    /// Set when standard output was refused (closed pipe, output limit).
    pub out_failed: &'r AtomicBool,
    /// The run's memory budget.
    pub budget: Arc<MemoryBudget>,
    /// Address near the bottom of the evaluating thread's stack.
    pub stack_base: usize,
    /// Bytes of stack recursion may use before it is refused.
    pub stack_limit: usize,
    /// Set by a guard that stopped evaluation, so the caller can tell a
    /// limit from an ordinary error.
    pub halted: Cell<Option<Halt>>,
    /// Calls since the last look at the cancellation signal.
    pub ticks: Cell<u32>,
    /// `$ENV` and `env`.
    pub env: Val,
    /// Messages for standard error from `debug`, `stderr`...
    pub stderr: RefCell<Vec<u8>>,
    /// The name of the file being read, for `input_filename`.
    pub filename: RefCell<Val>,
    /// Lines read from that file, for `input_line_number`.
    pub line: Cell<u64>,
    /// What the arrays and objects built for the current top-level
    /// input hold (jaq frees them unseen, so they stay charged until
    /// that input is done).
    pub hold: RefCell<Charge>,
    /// The stack the guards have seen used, charged.
    pub stack_charge: RefCell<Charge>,
    /// `+` as yq (mikefarah v4) has it: an array plus a value that is
    /// neither an array nor null appends that value (`[] + "cat"`),
    /// where jq's `+` refuses array + scalar.
    pub yq_add: bool,
}

impl Ctl<'_> {
    /// Checks the stop signals (every 64 calls), the stack depth and
    /// whether `v` alone fits the memory left; `Err` stops evaluation.
    pub fn check(&self, v: &Val) -> Result<(), Halt> {
        let t = self.ticks.get().wrapping_add(1);
        self.ticks.set(t);
        if let Some(h @ (Halt::Stopped | Halt::Memory)) = self.halted.get() {
            return Err(h);
        }
        if t.is_multiple_of(64)
            && (self.cancel.is_stopped() || self.out_failed.load(Ordering::Relaxed))
        {
            return self.halt(Halt::Stopped);
        }
        let marker = 0u8;
        let here = std::ptr::addr_of!(marker) as usize;
        let used = here.abs_diff(self.stack_base) as u64;
        if used > self.stack_limit as u64 {
            return self.halt(Halt::Depth);
        }
        {
            // Stack pages stay committed once touched: charge the deepest
            // use seen, a mebibyte at a time.
            let mut sc = self.stack_charge.borrow_mut();
            if used > sc.bytes() {
                let want = (used | 0xF_FFFF) + 1;
                let more = want - sc.bytes();
                if !sc.grow(more) {
                    return self.halt(Halt::Memory);
                }
            }
        }
        if shallow_size(v) > self.budget.room() {
            self.budget.breach();
            return self.halt(Halt::Memory);
        }
        Ok(())
    }

    fn halt(&self, h: Halt) -> Result<(), Halt> {
        if h == Halt::Memory {
            self.budget.breach();
        }
        self.halted.set(Some(h));
        Err(h)
    }

    /// `Err` (and the memory halt) unless `bytes` more would fit the
    /// memory left; nothing is charged.
    pub fn room_for(&self, bytes: u64) -> Result<(), Halt> {
        if bytes > self.budget.room() {
            self.halt(Halt::Memory)
        } else {
            Ok(())
        }
    }

    /// `v` as compact JSON text, or the memory halt when the text would
    /// not fit the memory left (a value's text can be far larger than
    /// the value: an array can hold one long string many times).
    pub fn json_text(&self, v: &Val) -> Result<Vec<u8>, Halt> {
        let room = usize::try_from(self.budget.room()).unwrap_or(usize::MAX);
        match write::to_json_capped(v, room) {
            Some(text) => Ok(text),
            None => self.halt(Halt::Memory).map(|()| Vec::new()),
        }
    }

    /// Charges `bytes` to the current input's hold; `Err` (and the
    /// memory halt) when the budget refuses.
    pub fn hold(&self, bytes: u64) -> Result<(), Halt> {
        if self.hold.borrow_mut().grow(bytes) {
            Ok(())
        } else {
            self.halt(Halt::Memory)
        }
    }
}

/// The data of a filter context.
pub struct Env<'a> {
    /// The compiled program.
    pub lut: &'a Lut,
    /// The inputs left for `input` and `inputs`.
    pub inputs: &'a InputIter<'a>,
    /// The run's controls.
    pub ctl: &'a Ctl<'a>,
}

impl<'a> HasLut<'a, JqData> for &'a Env<'a> {
    fn lut(&self) -> &'a Lut {
        self.lut
    }
}

impl<'a> HasInputs<'a, Val> for &'a Env<'a> {
    fn inputs(&self) -> Inputs<'a, Val> {
        self.inputs
    }
}

/// Bytes `v` is charged for at its top level: a string's box and
/// buffer, an array's or object's cells (with room for growth) and a
/// header that also pays for the stack a level of nesting costs when
/// jaq recurses over the value (dropping, comparing it): so the memory
/// budget bounds how deep a value built at run time can get, and the
/// evaluation thread's stack is sized from that budget
/// ([`super::run::worker_stack`]). Scalars live in their parent's cell.
pub fn shallow_size(v: &Val) -> u64 {
    match v {
        Val::TStr(s) | Val::BStr(s) => 64 + s.len() as u64,
        Val::Arr(a) => LEVEL + a.len() as u64 * CELL,
        Val::Obj(o) => LEVEL + 32 + o.len() as u64 * CELL * 2,
        _ => 0,
    }
}

/// What a level of nesting is charged for beyond its cells.
pub const LEVEL: u64 = 160;

/// Bytes one element takes in the array or object holding it.
pub const CELL: u64 = 32;

/// The error a stopping guard raises; the caller reads
/// [`Ctl::halted`] to know it was a limit.
pub(super) fn halt_error(h: Halt) -> Error<Val> {
    Error::str(match h {
        Halt::Stopped => "stopped",
        Halt::Memory => "memory exhausted",
        Halt::Depth => "recursion too deep",
    })
}

pub(super) fn ctl<'a>(cx: &Ctx<'a, JqData>) -> &'a Ctl<'a> {
    cx.data().ctl
}

/// `v`'s type name as jq spells it.
pub fn type_name(v: &Val) -> &'static str {
    match v {
        Val::Null => "null",
        Val::Bool(_) => "boolean",
        Val::Num(_) => "number",
        Val::TStr(_) | Val::BStr(_) => "string",
        Val::Arr(_) => "array",
        Val::Obj(_) => "object",
    }
}

/// `v` as `tostring` makes it: strings as themselves, anything else as
/// compact JSON (sized against the memory left).
pub fn to_string_val(ctl: &Ctl<'_>, v: Val) -> Result<Val, Halt> {
    Ok(match v {
        Val::TStr(_) => v,
        Val::BStr(b) => Val::TStr(b),
        other => Val::utf8_str(ctl.json_text(&other)?),
    })
}

/// The output of a native that makes text: the text as a string value,
/// or the halt.
fn text_out<'a>(r: Result<Vec<u8>, Halt>) -> jaq_core::ValXs<'a, Val> {
    match r {
        Ok(t) => box_once(Ok(Val::utf8_str(t))),
        Err(h) => bome(Err(halt_error(h))),
    }
}

/// Parses the text of `fromjson`: exactly one value.
pub fn parse_one(text: &[u8]) -> Result<Val, String> {
    let mut p = json::Parser::new();
    let mut got: Option<Val> = None;
    for &c in text {
        match p.feed(c) {
            Ok(Step::More) => {}
            Ok(Step::Value(v)) => {
                if got.is_some() {
                    return Err("Unexpected extra JSON values".into());
                }
                got = Some(v);
            }
            Err(e) => return Err(e.0),
        }
    }
    match p.finish() {
        Ok(Some(v)) if got.is_none() => Ok(v),
        Ok(Some(_)) => Err("Unexpected extra JSON values".into()),
        Ok(None) => got.ok_or_else(|| "Expected JSON value".into()),
        Err(e) => Err(e.0),
    }
}

fn guard_run<'a>(cv: (Ctx<'a, JqData>, Val)) -> jaq_core::ValXs<'a, Val> {
    match ctl(&cv.0).check(&cv.1) {
        Ok(()) => box_once(Ok(cv.1)),
        Err(h) => bome(Err(halt_error(h))),
    }
}

/// Natives sandbash adds; `range` is jaq's under the name `__sb_range`
/// (the prelude wraps it in a guard).
pub fn funs() -> Vec<Fun<JqData>> {
    let guard: Fun<JqData> = (
        "__sb_g",
        v(0),
        Native::<JqData>::new(guard_run as RunPtr<JqData>)
            .with_paths(|cv| match ctl(&cv.0).check(&cv.1.0) {
                Ok(()) => box_once(Ok(cv.1)),
                Err(h) => box_once(Err(Exn::from(halt_error(h)))),
            })
            .with_update(|cv, f| match ctl(&cv.0).check(&cv.1) {
                Ok(()) => f(cv.1),
                Err(h) => bome(Err(halt_error(h))),
            }),
    );
    let collect: Fun<JqData> = (
        "__sb_collect",
        [Bind::Fun(())].into(),
        Native::new(|mut cv| {
            let (f, fc) = cv.0.pop_fun();
            let ctl = ctl(&cv.0);
            let mut items = Vec::new();
            for y in f.run((fc, cv.1)) {
                let y = match y {
                    Ok(y) => y,
                    Err(e) => return box_once(Err(e)),
                };
                if let Err(h) = ctl.hold(CELL + shallow_size(&y)) {
                    return bome(Err(halt_error(h)));
                }
                items.push(y);
            }
            box_once(Ok(Val::Arr(Rc::new(items))))
        }),
    );
    let mut out = vec![guard, collect];
    let runs: [Filter<RunPtr<JqData>>; 25] = [
        ("__sb_matches", v(2), |cv| {
            bome(regex_native(cv, false, true))
        }),
        ("__sb_split_matches", v(2), |cv| {
            bome(regex_native(cv, true, true))
        }),
        ("__sb_split_", v(2), |cv| {
            bome(regex_native(cv, true, false))
        }),
        ("__sb_base64d", v(0), |cv| bome(base64d(cv.1))),
        ("__sb_base32", v(0), |cv| {
            let mut out = Vec::new();
            if let Some(t) = str_bytes(&cv.1) {
                crate::basenc::codec::Encoding::Base32.encode(t, &mut out);
            }
            box_once(Ok(Val::utf8_str(out)))
        }),
        ("__sb_base32d", v(0), |cv| bome(base32d(cv.1))),
        // A computed object key: a string, else jq's error.
        ("__sb_objkey", v(0), |cv| {
            bome(match cv.1 {
                Val::TStr(_) | Val::BStr(_) => Ok(cv.1),
                other => Err(Error::str(format!(
                    "Cannot use {} as object key",
                    super::messages::typed(&other)
                ))),
            })
        }),
        // What jq's regex builtins say of an input that is not a string.
        ("__sb_matchable", v(0), |cv| {
            bome(match cv.1 {
                Val::TStr(_) | Val::BStr(_) => Ok(cv.1),
                other => Err(Error::str(format!(
                    "{} cannot be matched, as it is not a string",
                    super::messages::typed(&other)
                ))),
            })
        }),
        ("env", v(0), |cv| box_once(Ok(ctl(&cv.0).env.clone()))),
        // `type (value)` as jq's messages show a value.
        ("__sb_typed", v(0), |cv| {
            box_once(Ok(Val::utf8_str(
                super::messages::typed(&cv.1).into_bytes(),
            )))
        }),
        ("tojson", v(0), |cv| text_out(ctl(&cv.0).json_text(&cv.1))),
        ("__sb_tostring", v(0), |cv| {
            match to_string_val(ctl(&cv.0), cv.1) {
                Ok(v) => box_once(Ok(v)),
                Err(h) => bome(Err(halt_error(h))),
            }
        }),
        ("fromjson", v(0), |cv| {
            let r = match &cv.1 {
                Val::TStr(s) | Val::BStr(s) => parse_one(s).map_err(|e| {
                    let text = String::from_utf8_lossy(s);
                    Error::str(format!("{e} (while parsing '{text}')"))
                }),
                other => Err(Error::str(format!(
                    "{} ({}) cannot be parsed as JSON",
                    type_name(other),
                    super::messages::dump_trunc(other)
                ))),
            };
            bome(r)
        }),
        ("debug_empty", v(0), |cv| {
            let ctl = ctl(&cv.0);
            let text = match ctl.json_text(&cv.1) {
                Ok(t) => t,
                Err(h) => return bome(Err(halt_error(h))),
            };
            let mut err = ctl.stderr.borrow_mut();
            err.extend_from_slice(b"[\"DEBUG:\",");
            err.extend_from_slice(&text);
            err.extend_from_slice(b"]\n");
            Box::new(core::iter::empty())
        }),
        ("stderr_empty", v(0), |cv| {
            let ctl = ctl(&cv.0);
            let text = match &cv.1 {
                Val::TStr(s) | Val::BStr(s) => Ok(s.to_vec()),
                other => ctl.json_text(other),
            };
            match text {
                Ok(t) => ctl.stderr.borrow_mut().extend_from_slice(&t),
                Err(h) => return bome(Err(halt_error(h))),
            }
            Box::new(core::iter::empty())
        }),
        ("__sb_halt_error_text", v(0), |cv| {
            let ctl = ctl(&cv.0);
            let text = match &cv.1 {
                Val::TStr(s) | Val::BStr(s) => Ok(s.to_vec()),
                other => ctl.json_text(other).map(|mut t| {
                    t.push(b'\n');
                    t
                }),
            };
            match text {
                Ok(mut t) => ctl.stderr.borrow_mut().append(&mut t),
                Err(h) => return bome(Err(halt_error(h))),
            }
            Box::new(core::iter::empty())
        }),
        ("__sb_rem", v(2), |mut cv| {
            let r = cv.0.pop_var();
            let l = cv.0.pop_var();
            bome(rem(l, r))
        }),
        ("__sb_hold", v(0), |cv| {
            match ctl(&cv.0).hold(shallow_size(&cv.1)) {
                Ok(()) => box_once(Ok(cv.1)),
                Err(h) => bome(Err(halt_error(h))),
            }
        }),
        ("__sb_setpath", v(2), |mut cv| {
            let x = cv.0.pop_var();
            let path = cv.0.pop_var();
            let ctl = ctl(&cv.0);
            let room = |bytes: u64| {
                let ok = bytes <= ctl.budget.room();
                if !ok {
                    ctl.budget.breach();
                    ctl.halted.set(Some(Halt::Memory));
                }
                ok
            };
            let size = CELL.saturating_mul(path_len(&path)) + shallow_size(&x);
            if let Err(h) = ctl.hold(size) {
                return bome(Err(halt_error(h)));
            }
            let r = match path {
                Val::Arr(p) => super::paths::setpath(cv.1, &p, x, &room),
                other => Err(Error::str(format!(
                    "Path must be specified as an array, not {}",
                    type_name(&other)
                ))),
            };
            bome(r)
        }),
        ("__sb_delpaths", v(1), |mut cv| {
            let paths = cv.0.pop_var();
            let r = match paths {
                Val::Arr(ps) => super::paths::delpaths(cv.1, Rc::unwrap_or_clone(ps)),
                other => Err(Error::str(format!(
                    "Paths must be specified as an array, not {}",
                    type_name(&other)
                ))),
            };
            bome(r)
        }),
        ("@csv", v(0), |cv| row(ctl(&cv.0), &cv.1, Sep::Csv)),
        ("@tsv", v(0), |cv| row(ctl(&cv.0), &cv.1, Sep::Tsv)),
        ("input_line_number", v(0), |cv| {
            box_once(Ok(Val::from(ctl(&cv.0).line.get() as isize)))
        }),
        ("input_filename", v(0), |cv| {
            box_once(Ok(ctl(&cv.0).filename.borrow().clone()))
        }),
        ("__sb_mul", v(2), |mut cv| {
            let r = cv.0.pop_var();
            let l = cv.0.pop_var();
            bome(mul(ctl(&cv.0), l, r))
        }),
    ];
    out.extend(runs.into_iter().map(|f| jaq_core::native::run::<JqData>(f)));
    out
}

fn path_len(p: &Val) -> u64 {
    match p {
        Val::Arr(a) => a.len() as u64,
        _ => 0,
    }
}

/// The two row formats.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sep {
    Csv,
    Tsv,
}

/// `@csv` and `@tsv`, sized first: a row is at most twice its strings
/// (every quote doubled, every tab escaped) and a few bytes per cell.
fn row<'a>(ctl: &Ctl<'_>, v: &Val, sep: Sep) -> jaq_core::ValXs<'a, Val> {
    if let Val::Arr(items) = v {
        let size: u64 = items
            .iter()
            .map(|x| match x {
                Val::TStr(s) | Val::BStr(s) => 2 * s.len() as u64 + 3,
                _ => 32,
            })
            .sum();
        if let Err(h) = ctl.room_for(size) {
            return bome(Err(halt_error(h)));
        }
    }
    bome(delimited(v, sep))
}

/// `@csv` and `@tsv`: an array of scalars as one row.
fn delimited(v: &Val, sep: Sep) -> Result<Val, Error<Val>> {
    let name = if sep == Sep::Csv { "csv" } else { "tsv" };
    let Val::Arr(items) = v else {
        return Err(Error::str(format!(
            "{} ({}) cannot be {name}-formatted, only an array can be",
            type_name(v),
            super::messages::dump_trunc(v)
        )));
    };
    let mut out = Vec::new();
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push(if sep == Sep::Csv { b',' } else { b'\t' });
        }
        match x {
            Val::Null => {}
            Val::Bool(b) => out.extend_from_slice(if *b { b"true" } else { b"false" }),
            // A number's text is as long as its literal at most.
            Val::Num(_) => {
                out.extend_from_slice(&write::to_json_capped(x, usize::MAX).unwrap_or_default())
            }
            Val::TStr(s) | Val::BStr(s) => {
                if sep == Sep::Csv {
                    out.push(b'"');
                    for &c in s.iter() {
                        if c == b'"' {
                            out.push(b'"');
                        }
                        out.push(c);
                    }
                    out.push(b'"');
                } else {
                    for &c in s.iter() {
                        match c {
                            b'\\' => out.extend_from_slice(b"\\\\"),
                            b'\t' => out.extend_from_slice(b"\\t"),
                            b'\n' => out.extend_from_slice(b"\\n"),
                            b'\r' => out.extend_from_slice(b"\\r"),
                            c => out.push(c),
                        }
                    }
                }
            }
            other => {
                return Err(Error::str(format!(
                    "{} ({}) is not valid in a csv row",
                    type_name(other),
                    super::messages::dump_trunc(other)
                )));
            }
        }
    }
    Ok(Val::utf8_str(out))
}

/// `l * r`, with a repeated string sized against the memory budget
/// before it is built.
fn mul(ctl: &Ctl<'_>, l: Val, r: Val) -> Result<Val, Error<Val>> {
    let rep = match (&l, &r) {
        (Val::TStr(s) | Val::BStr(s), Val::Num(n)) | (Val::Num(n), Val::TStr(s) | Val::BStr(s)) => {
            Some((s.len() as f64, num_f64(n)))
        }
        _ => None,
    };
    if let Some((len, times)) = rep
        && times.is_finite()
        && len * times.max(0.0) > ctl.budget.room() as f64
    {
        ctl.budget.breach();
        ctl.halted.set(Some(Halt::Memory));
        return Err(halt_error(Halt::Memory));
    }
    match (&l, &r) {
        (Val::Num(a), Val::Num(b)) => match (a, b) {
            (Num::Int(x), Num::Int(y)) => Ok(match x.checked_mul(*y) {
                Some(p) => Val::Num(Num::Int(p)),
                None => Val::from(*x as f64 * *y as f64),
            }),
            // jq multiplies doubles; jaq would keep big integers exact,
            // and repeated squaring would grow them without bound.
            _ => Ok(Val::from(num_f64(a) * num_f64(b))),
        },
        _ => l * r,
    }
}

/// `l % r` as jq computes it: both truncated to integers, the sign of
/// `l`, an error for a zero divisor.
fn rem(l: Val, r: Val) -> Result<Val, Error<Val>> {
    let (Val::Num(a), Val::Num(b)) = (&l, &r) else {
        return l % r;
    };
    let int = |n: &Num| -> i64 {
        match n {
            Num::Int(i) => *i as i64,
            other => num_f64(other) as i64,
        }
    };
    let (x, y) = (int(a), int(b));
    if y == 0 {
        return Err(divided_by_zero(&l, &r));
    }
    Ok(Val::from(x.wrapping_rem(y) as isize))
}

/// `matches`, `split_matches` and `split_` (see [`super::regex`]).
fn regex_native(
    mut cv: jaq_core::Cv<'_, JqData>,
    mismatches: bool,
    matches: bool,
) -> Result<Val, Error<Val>> {
    let flags = cv.0.pop_var();
    let re = cv.0.pop_var();
    let want = super::regex::Want {
        mismatches,
        matches,
    };
    super::regex::run(&cv.1, &re, &flags, want)
}

/// The bytes of a string value.
fn str_bytes(v: &Val) -> Option<&[u8]> {
    match v {
        Val::TStr(s) | Val::BStr(s) => Some(s),
        _ => None,
    }
}

/// `@base64d` as jq 1.7 decodes: up to the first `=`, a missing pad
/// being no error, but a character outside the alphabet is, and so is a
/// last group of one character.
fn base64d(v: Val) -> Result<Val, Error<Val>> {
    let bad = |what: &str| Error::str(format!("{} {what}", super::messages::typed(&v)));
    let Some(data) = str_bytes(&v) else {
        return Err(bad("is not valid base64 data"));
    };
    let mut out = Vec::with_capacity(data.len() / 4 * 3 + 3);
    let (mut code, mut n) = (0u32, 0u8);
    for &c in data.iter().take_while(|&&c| c != b'=') {
        let d = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return Err(bad("is not valid base64 data")),
        };
        code = (code << 6) | u32::from(d);
        n += 1;
        if n == 4 {
            out.extend_from_slice(&[(code >> 16) as u8, (code >> 8) as u8, code as u8]);
            (code, n) = (0, 0);
        }
    }
    match n {
        3 => out.extend_from_slice(&[(code >> 10) as u8, (code >> 2) as u8]),
        2 => out.push((code >> 4) as u8),
        1 => return Err(bad("trailing base64 byte found")),
        _ => {}
    }
    Ok(Val::utf8_str(out))
}

/// `@base32d`: RFC 4648 base32, padding optional.
fn base32d(v: Val) -> Result<Val, Error<Val>> {
    let bad = || {
        Error::str(format!(
            "{} is not valid base32 data",
            super::messages::typed(&v)
        ))
    };
    let data = str_bytes(&v).ok_or_else(bad)?;
    let mut dec = crate::basenc::codec::Decoder::new(crate::basenc::codec::Encoding::Base32, false);
    let mut out = Vec::new();
    dec.feed(data, &mut out).map_err(|_| bad())?;
    dec.finish(&mut out).map_err(|_| bad())?;
    Ok(Val::utf8_str(out))
}

/// jq's error for `/` and `%` by zero.
pub fn divided_by_zero(l: &Val, r: &Val) -> Error<Val> {
    Error::str(format!(
        "{} ({}) and {} ({}) cannot be divided because the divisor is zero",
        type_name(l),
        super::messages::dump_trunc(l),
        type_name(r),
        super::messages::dump_trunc(r)
    ))
}

/// `l / r` for two numbers: jq refuses a zero divisor.
pub fn div_nums(l: Val, r: Val) -> Result<Val, Error<Val>> {
    match &r {
        Val::Num(b) if num_f64(b) == 0.0 => Err(divided_by_zero(&l, &r)),
        _ => l / r,
    }
}

fn num_f64(n: &Num) -> f64 {
    match n {
        Num::Int(i) => *i as f64,
        Num::Float(f) => *f,
        Num::BigInt(_) | Num::Dec(_) => Val::Num(n.clone()).as_f64().unwrap_or(f64::MAX),
    }
}

/// Definitions sandbash puts before jaq's (so jaq's own definitions
/// call these).
pub const PRE_DEFS: &str = r#"
def range($from; $upto; $by): __sb_range($from; $upto; $by) | __sb_g;
def limit($n; f): if $n < 0 then f else __sb_limit($n; f) end;
"#;

/// Definitions sandbash puts after jaq's, replacing some of them and
/// adding the jq 1.7 builtins jaq lacks.
pub const POST_DEFS: &str = r#"
def @sh: [if type == "array" then .[] end
  | if type == "string" then "'\(escape_sh)'"
    elif type == "array" or type == "object" then error("\(__sb_typed) can not be escaped for shell")
    else tojson end] | join(" ");
def @base64d: tostring | __sb_base64d;
def @base32: tostring | __sb_grow(2) | __sb_base32;
def @base32d: tostring | __sb_base32d;
def todate: strftime("%Y-%m-%dT%H:%M:%SZ");
def __sb_old_implode: implode;
def implode:
  if type != "array" then error("implode input must be an array")
  else map(if type != "number" then error("Unicode codepoint must be numeric")
           elif . < 0 or . >= 1114112 or (. >= 55296 and . < 57344) then 65533
           else floor end)
  | __sb_old_implode end;
def __sb_old_reverse: reverse;
def reverse: if type == "string" then explode | __sb_old_reverse | implode
  elif . == null then [] else __sb_old_reverse end;
def __sb_old_keys_unsorted: keys_unsorted;
def keys_unsorted: if type == "object" or type == "array" then __sb_old_keys_unsorted
  else error("\(__sb_typed) has no keys") end;
def keys: keys_unsorted | sort;
def to_entries: [keys_unsorted[] as $k | {key: $k, value: .[$k]}];
def __sb_old_has($k): has($k);
def has($k):
  if . == null then false
  elif (type == "object" and ($k | type) == "string") or (type == "array" and ($k | type) == "number")
  then __sb_old_has($k)
  else error("Cannot check whether \(type) has a \($k | type) key") end;
def __sb_old_sort: sort;
def sort: if type == "array" then __sb_old_sort
  else error("\(__sb_typed) cannot be sorted, as it is not an array") end;
def __sb_old_nth($n; f): nth($n; f);
def nth($n; f): if $n < 0 then error("nth doesn't support negative indices") else __sb_old_nth($n; f) end;
def flatten($d):
  if $d < 0 then error("flatten depth must not be negative")
  elif $d > 0 then reduce .[] as $i ([]; if $i | type == "array" then . + ($i | flatten($d - 1)) else . + [$i] end)
  else . end;
def __sb_loc($line): {"file": "<top-level>", "line": $line};
def match(re; flags): matches(re; flags)[] | .[0] + {captures: .[1:]};
def match(re): match(re; "");
def input: label $__sb_in | ((inputs | ., break $__sb_in), error("No more inputs"));
def ltrimstr($x): if type == "string" and ($x | type) == "string" then __sb_ltrimstr($x) end;
def rtrimstr($x): if type == "string" and ($x | type) == "string" then __sb_rtrimstr($x) end;
def setpath($p; $v): __sb_setpath($p; $v);
def delpaths($ps): __sb_delpaths($ps);
def del(f): __sb_delpaths([path(f)]);
def from_entries: reduce .[] as $e ({};
  .[$e | if type == "object" then (if has("key") then .key elif has("k") then .k elif has("name") then .name elif has("Name") then .Name elif has("Key") then .Key elif has("K") then .K else null end) else . end
       | if type == "string" then . elif type == "null" then "null" elif type == "boolean" or type == "number" then tojson else error("Cannot use \(type) (\(tojson)) as object key") end]
  = ($e | if type == "object" then (if has("value") then .value elif has("v") then .v elif has("Value") then .Value elif has("V") then .V else null end) else null end));
def with_entries(f): to_entries | map(f) | from_entries;
def join($sep):
  reduce .[] as $x (null;
    (if . == null then "" else . + $sep end)
    + ($x | if . == null then "" elif type == "string" then .
            elif type == "number" or type == "boolean" then tojson
            else error("Cannot join with \(type)") end))
  // "";
def walk(f): def w: if type == "object" then map_values(w) elif type == "array" then map(w) else . end | f; w;
def halt_error($code):
  if ($code | type) != "number" then error("\(__sb_typed) halt_error/1: number required")
  else __sb_halt_error_text, halt($code) end;
def halt_error: halt_error(5);
def strptime($fmt):
  if type != "string" or ($fmt | type) != "string" then error("strptime/1 requires string inputs and arguments")
  elif $fmt | contains("%Q") or contains("%:Q") or contains("%V")
  then error("strptime/1: time zone names are not supported")
  else . as $s | try __sb_strptime($fmt) catch error("date \"\($s)\" does not match format \"\($fmt)\"") end;
def mktime:
  if type != "array" then error("mktime requires array of 6 numbers")
  elif length < 6 then error("mktime requires parsed datetime inputs")
  else __sb_mktime | floor end;
def fromdateiso8601: strptime("%Y-%m-%dT%H:%M:%SZ") | mktime;
def fromdate: fromdateiso8601;
def localtime: gmtime;
def strflocaltime(f): strftime(f);
def IN(s): . as $x | any(s; . == $x);
def IN(src; s): any(src | IN(s); .);
def INDEX(stream; f): reduce stream as $row ({}; .[$row | f | tostring] = $row);
def INDEX(f): INDEX(.[]; f);
def JOIN($idx; f): [.[] | [., $idx[f]]];
def JOIN($idx; stream; f): stream | [., $idx[f]];
def JOIN($idx; stream; f; g): stream | [., $idx[f]] | g;
def leaf_paths: paths(scalars);
def recurse_down: recurse;
def scalars_or_empty: select(type != "array" and type != "object");
def tostream:
  def events($p):
    if (type == "array" or type == "object") and length > 0
    then keys_unsorted as $ks
      | ($ks[] as $k | .[$k] | events($p + [$k])), [$p + [$ks[-1]]]
    else [$p, .] end;
  events([]);
def fromstream(f):
  foreach f as $e ({x: null, done: false};
    (if .done then {x: null, done: false} end)
    | if ($e | length) == 2
      then (if ($e[0] | length) == 0 then .done = true end) | .x |= setpath($e[0]; $e[1])
      elif ($e[0] | length) <= 1 then .done = true
      end;
    if .done then .x else empty end);
def truncate_stream(stream): . as $depth | null | stream | select((.[0] | length) > $depth) | .[0] |= .[$depth:];
def format($f):
  if $f == "csv" then @csv elif $f == "tsv" then @tsv elif $f == "json" then tojson
  elif $f == "text" then tostring elif $f == "sh" then @sh elif $f == "html" then @html
  elif $f == "uri" then @uri elif $f == "base64" then @base64 elif $f == "base64d" then @base64d
  elif $f == "base32" then @base32 elif $f == "base32d" then @base32d
  else error("\($f) is not a valid format") end;
def get_search_list: [];
def have_decnum: false;
def have_literal_numbers: true;
"#;
