//! The awk evaluator: runs a parsed program over its input. Variables
//! live in slots (globals in one vector, function frames on a stack of
//! locals), arrays in an arena so that function calls pass them by
//! reference. What values, array elements and buffers hold is charged to
//! the run's memory budget, every loop and call checks the run's cancel
//! signal, and calls are bounded in depth and in stack.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::io::{BufReader, Read, Write};
use std::rc::Rc;
use std::sync::Arc;

use sandbash_interpreter::memory::{Charge, MemoryBudget};
use sandbash_interpreter::{CommandRunner, NotRun};
use sandbash_vfs::{FileSystem, WriteMode};

use super::io::{Fs, Reader, Rs, Source, split};
use super::parse::{
    self as p, Cmp, Expr, GetSrc, Kind, LVal, Op, Pattern, Program, Redir, Stmt, Var,
};
use super::regex::{self as rxm, Rx};
use super::value::{Str, Value, num_to_str, push_num};
use crate::common::headed::ReadFail;
use crate::common::sys::{Diag, Fail, Out, Ticker, io_msg, settle};

mod input;
mod output;

/// Why evaluation stops going forward.
#[derive(Debug)]
pub enum Jump {
    /// `next`.
    Next,
    /// `nextfile`.
    NextFile,
    /// `exit` (the code is in the interpreter).
    Exit,
    /// A fatal error: the message after `fatal: `.
    Fatal(String),
    /// The utility must stop (write error, cancellation, memory).
    Fail(Fail),
    /// The run ends now with this status (its message is printed).
    Abort(i32),
}

impl From<Fail> for Jump {
    fn from(f: Fail) -> Self {
        Jump::Fail(f)
    }
}

/// The evaluator's result type.
pub type R<T> = Result<T, Jump>;

/// How a statement ended.
pub enum Flow {
    Normal,
    Break,
    Continue,
    Return(Value),
}

/// A variable's storage.
#[derive(Clone, Debug)]
pub enum Cell {
    /// A scalar.
    Val(Value),
    /// An array, by arena index.
    Arr(usize),
}

type Hasher = BuildHasherDefault<std::collections::hash_map::DefaultHasher>;

/// An awk array.
#[derive(Default)]
pub struct Array {
    /// The elements.
    pub map: HashMap<Str, Value, Hasher>,
    /// Bytes charged for them.
    pub bytes: u64,
    /// The call depth whose frame owns it (0: global or a caller's).
    owner: usize,
}

/// Bytes charged per array element beyond its key and value.
const ELEM_OVERHEAD: u64 = 64;

/// Stack the evaluator may use below its entry before calls are refused
/// (the utilities' threads have 64 MiB).
const STACK_BUDGET: usize = 4 << 20;

/// Where an output goes.
pub enum Sink {
    Stdout,
    Stderr,
    File(std::io::BufWriter<sandbash_vfs::FileWriter>),
    /// `print | "cmd"`: what is written, run through the command on close.
    Pipe(Vec<u8>, Charge),
}

/// The utility's streams and services.
pub struct Env<'a, 'c> {
    pub out: &'a mut Out<'c>,
    pub diag: &'a mut Diag<'c>,
    pub tick: &'a mut Ticker<'c>,
    pub fs: &'c dyn FileSystem,
    pub cwd: &'c str,
    pub env: &'c [(String, String)],
    pub runner: &'a mut dyn CommandRunner,
    pub stdin: BufReader<&'a mut dyn Read>,
    pub memory: Arc<MemoryBudget>,
    pub max_call_depth: usize,
}

/// A writer that refuses to hold more than `room` bytes.
struct Capped<'b> {
    data: &'b mut Vec<u8>,
    room: usize,
    over: bool,
}

impl Write for Capped<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.data.len() + buf.len() > self.room {
            self.over = true;
            return Err(std::io::Error::new(
                std::io::ErrorKind::OutOfMemory,
                "memory exhausted",
            ));
        }
        self.data.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A place a value can be stored.
pub enum Place {
    Var(Var),
    Field(usize),
    Elem(usize, Str),
}

/// The state of a run.
pub struct Interp<'p, 'a, 'c> {
    pub prog: &'p Program,
    pub e: Env<'a, 'c>,
    pub globals: Vec<Cell>,
    locals: Vec<Cell>,
    base: usize,
    pub arrays: Vec<Option<Array>>,
    free_arrays: Vec<usize>,
    pub rec: Vec<u8>,
    rec_charge: Charge,
    inbuf: Vec<u8>,
    inbuf_charge: Charge,
    fields: Vec<(usize, usize)>,
    split_done: bool,
    fs: Rc<Fs>,
    rec_fs: Rc<Fs>,
    pub rs: Rs,
    pub convfmt: Vec<u8>,
    ofmt: Vec<u8>,
    ofs: Vec<u8>,
    ors: Vec<u8>,
    subsep: Vec<u8>,
    ranges: Vec<bool>,
    main: Option<Reader>,
    argi: usize,
    opened_any: bool,
    main_done: bool,
    readers: HashMap<Vec<u8>, Reader>,
    sinks: HashMap<Vec<u8>, (u64, Sink)>,
    sink_seq: u64,
    regex_cache: HashMap<Vec<u8>, Rc<Rx>>,
    regex_charge: Charge,
    stored: Charge,
    depth: usize,
    stack_base: usize,
    pub line: u32,
    pub exit_code: i32,
    pub status: i32,
    pub rand_state: u64,
    pub seed: f64,
    obuf: Vec<u8>,
    empty: Str,
}

fn fatal<T>(msg: impl Into<String>) -> R<T> {
    Err(Jump::Fatal(msg.into()))
}

fn stack_here() -> usize {
    let marker = 0u8;
    std::hint::black_box(std::ptr::addr_of!(marker)) as usize
}

impl<'p, 'a, 'c> Interp<'p, 'a, 'c> {
    /// A run of `prog` with `argv` (`ARGV[0]` first) and the `-v`
    /// assignments already parsed.
    pub fn new(prog: &'p Program, e: Env<'a, 'c>, argv: &[String]) -> Self {
        let memory = e.memory.clone();
        let mut globals = vec![Cell::Val(Value::Uninit); prog.globals.len()];
        let set = |g: &mut Vec<Cell>, slot: u32, v: Value| {
            if let Some(c) = g.get_mut(slot as usize) {
                *c = Cell::Val(v);
            }
        };
        set(&mut globals, p::FS, Value::str(b" "));
        set(&mut globals, p::OFS, Value::str(b" "));
        set(&mut globals, p::ORS, Value::str(b"\n"));
        set(&mut globals, p::RS, Value::str(b"\n"));
        set(&mut globals, p::SUBSEP, Value::str(b"\x1c"));
        set(&mut globals, p::CONVFMT, Value::str(b"%.6g"));
        set(&mut globals, p::OFMT, Value::str(b"%.6g"));
        set(&mut globals, p::NR, Value::Num(0.0));
        set(&mut globals, p::FNR, Value::Num(0.0));
        set(&mut globals, p::NF, Value::Num(0.0));
        set(&mut globals, p::RSTART, Value::Num(0.0));
        set(&mut globals, p::RLENGTH, Value::Num(-1.0));
        set(&mut globals, p::ARGC, Value::Num(argv.len() as f64));
        let mut me = Self {
            prog,
            e,
            globals,
            locals: Vec::new(),
            base: 0,
            arrays: Vec::new(),
            free_arrays: Vec::new(),
            rec: Vec::new(),
            rec_charge: Charge::on(&memory),
            inbuf: Vec::new(),
            inbuf_charge: Charge::on(&memory),
            fields: Vec::new(),
            split_done: true,
            fs: Rc::new(Fs::Space),
            rec_fs: Rc::new(Fs::Space),
            rs: Rs::Char(b'\n'),
            convfmt: b"%.6g".to_vec(),
            ofmt: b"%.6g".to_vec(),
            ofs: b" ".to_vec(),
            ors: b"\n".to_vec(),
            subsep: b"\x1c".to_vec(),
            ranges: vec![false; prog.nranges],
            main: None,
            argi: 1,
            opened_any: false,
            main_done: false,
            readers: HashMap::new(),
            sinks: HashMap::new(),
            sink_seq: 0,
            regex_cache: HashMap::new(),
            regex_charge: Charge::on(&memory),
            stored: Charge::on(&memory),
            depth: 0,
            stack_base: stack_here(),
            line: 1,
            exit_code: 0,
            status: 0,
            rand_state: 0,
            seed: 0.0,
            obuf: Vec::new(),
            empty: Rc::from(&b""[..]),
        };
        me.srand_with(0.0);
        let env: Vec<(String, String)> = me.e.env.to_vec();
        for (slot, items) in [
            (p::ENVIRON, env),
            (
                p::ARGV,
                argv.iter()
                    .enumerate()
                    .map(|(i, a)| (i.to_string(), a.clone()))
                    .collect(),
            ),
        ] {
            if let Ok(id) = me.array_id(Var::Global(slot)) {
                for (k, v) in items {
                    let k = sandbash_interpreter::bytes::encode(&k).into_owned();
                    let v = sandbash_interpreter::bytes::encode(&v).into_owned();
                    let _ = me.arr_set(id, Rc::from(k), Value::strnum(&v));
                }
            }
        }
        me
    }

    // ----- memory -----

    fn account(&mut self, new: u64, old: u64) -> R<()> {
        if new > old {
            if !self.stored.grow(new - old) {
                return Err(Jump::Fail(Fail::Memory));
            }
        } else if old > new {
            self.stored.shrink(old - new);
        }
        Ok(())
    }

    /// Fails unless a new value of `n` bytes fits in the memory left.
    pub fn room_for(&self, n: usize) -> R<()> {
        if n as u64 > self.e.memory.room() {
            self.e.memory.breach();
            return Err(Jump::Fail(Fail::Memory));
        }
        Ok(())
    }

    /// The memory left, in bytes.
    pub fn room(&self) -> usize {
        usize::try_from(self.e.memory.room()).unwrap_or(usize::MAX)
    }

    // ----- variables -----

    fn cell(&self, v: Var) -> Option<&Cell> {
        match v {
            Var::Global(i) => self.globals.get(i as usize),
            Var::Local(i) => self.locals.get(self.base + i as usize),
        }
    }

    /// The array a variable holds, if it holds one.
    pub fn cell_array(&self, v: Var) -> Option<usize> {
        match self.cell(v) {
            Some(Cell::Arr(id)) => Some(*id),
            _ => None,
        }
    }

    /// The field separator in force for new records.
    pub fn current_fs(&self) -> Rc<Fs> {
        self.fs.clone()
    }

    fn cell_mut(&mut self, v: Var) -> Option<&mut Cell> {
        match v {
            Var::Global(i) => self.globals.get_mut(i as usize),
            Var::Local(i) => self.locals.get_mut(self.base + i as usize),
        }
    }

    fn var_name(&self, v: Var) -> String {
        match v {
            Var::Global(i) => self
                .prog
                .globals
                .get(i as usize)
                .cloned()
                .unwrap_or_default(),
            Var::Local(i) => format!("parameter #{}", i + 1),
        }
    }

    /// A variable's value.
    pub fn get_var(&mut self, v: Var) -> R<Value> {
        if v == Var::Global(p::NF) {
            self.ensure_split()?;
        }
        match self.cell(v) {
            Some(Cell::Val(x)) => Ok(x.clone()),
            Some(Cell::Arr(_)) => fatal(format!(
                "attempt to use array `{}' in a scalar context",
                self.var_name(v)
            )),
            None => Ok(Value::Uninit),
        }
    }

    /// Stores a variable's value.
    pub fn set_var(&mut self, v: Var, val: Value) -> R<()> {
        if v == Var::Global(p::NF) {
            self.ensure_split()?;
        }
        let new = val.cost();
        let name_if_array = matches!(self.cell(v), Some(Cell::Arr(_)));
        if name_if_array {
            return fatal(format!(
                "attempt to use array `{}' in a scalar context",
                self.var_name(v)
            ));
        }
        let old = match self.cell_mut(v) {
            Some(Cell::Val(old)) => std::mem::replace(old, val).cost(),
            _ => 0,
        };
        self.account(new, old)?;
        if let Var::Global(g) = v
            && (g as usize) < p::SPECIALS.len()
        {
            self.special_set(g)?;
        }
        Ok(())
    }

    fn special_bytes(&self, slot: u32) -> Vec<u8> {
        match self.globals.get(slot as usize) {
            Some(Cell::Val(v)) => self.to_str(v).to_vec(),
            _ => Vec::new(),
        }
    }

    fn special_set(&mut self, g: u32) -> R<()> {
        match g {
            p::NF => {
                let n = match self.globals.get(p::NF as usize) {
                    Some(Cell::Val(v)) => v.num(),
                    _ => 0.0,
                };
                if n < 0.0 {
                    return fatal(format!("NF set to negative value {n}"));
                }
                self.set_nf(n)?;
            }
            p::FS => self.fs_changed()?,
            p::RS => {
                let rs = self.special_bytes(p::RS);
                let (r, cost) = Rs::from(&rs)
                    .map_err(|m| Jump::Fatal(format!("{m}: /{}/", String::from_utf8_lossy(&rs))))?;
                self.rs = r;
                if !self.regex_charge.grow(cost) {
                    return Err(Jump::Fail(Fail::Memory));
                }
                self.fs_changed()?;
            }
            p::OFS => self.ofs = self.special_bytes(p::OFS),
            p::ORS => self.ors = self.special_bytes(p::ORS),
            p::SUBSEP => self.subsep = self.special_bytes(p::SUBSEP),
            p::CONVFMT => self.convfmt = self.special_bytes(p::CONVFMT),
            p::OFMT => self.ofmt = self.special_bytes(p::OFMT),
            _ => {}
        }
        Ok(())
    }

    fn fs_changed(&mut self) -> R<()> {
        let fs = self.special_bytes(p::FS);
        let para = matches!(self.rs, Rs::Para);
        let f = Fs::from(&fs, para)
            .map_err(|m| Jump::Fatal(format!("{m}: /{}/", String::from_utf8_lossy(&fs))))?;
        if let Fs::Regex(r) = &f
            && !self.regex_charge.grow(r.cost)
        {
            return Err(Jump::Fail(Fail::Memory));
        }
        self.fs = Rc::new(f);
        Ok(())
    }

    // ----- arrays -----

    /// The array a variable holds, made one if it was unset.
    pub fn array_id(&mut self, v: Var) -> R<usize> {
        match self.cell(v) {
            Some(Cell::Arr(id)) => return Ok(*id),
            Some(Cell::Val(Value::Uninit)) => {}
            Some(Cell::Val(_)) => {
                return fatal(format!(
                    "attempt to use scalar `{}' as an array",
                    self.var_name(v)
                ));
            }
            None => return fatal("internal error: no such variable"),
        }
        let owner = if matches!(v, Var::Local(_)) {
            self.depth
        } else {
            0
        };
        let arr = Array {
            owner,
            ..Array::default()
        };
        let id = match self.free_arrays.pop() {
            Some(id) => {
                if let Some(slot) = self.arrays.get_mut(id) {
                    *slot = Some(arr);
                }
                id
            }
            None => {
                self.arrays.push(Some(arr));
                self.arrays.len() - 1
            }
        };
        if let Some(c) = self.cell_mut(v) {
            *c = Cell::Arr(id);
        }
        Ok(id)
    }

    fn arr(&mut self, id: usize) -> R<&mut Array> {
        match self.arrays.get_mut(id) {
            Some(Some(a)) => Ok(a),
            _ => fatal("internal error: array freed"),
        }
    }

    /// An element's value (made, unset, when missing: awk's rule).
    pub fn arr_get(&mut self, id: usize, key: Str) -> R<Value> {
        if let Some(v) = self.arr(id)?.map.get(&key) {
            return Ok(v.clone());
        }
        self.arr_set(id, key, Value::Uninit)?;
        Ok(Value::Uninit)
    }

    /// Stores an element.
    pub fn arr_set(&mut self, id: usize, key: Str, val: Value) -> R<()> {
        let new = val.cost();
        let klen = key.len() as u64;
        let a = self.arr(id)?;
        let (grow, shrink) = match a.map.insert(key, val) {
            Some(old) => (new, old.cost()),
            None => (new + klen + ELEM_OVERHEAD, 0),
        };
        a.bytes = (a.bytes + grow).saturating_sub(shrink);
        self.account(grow, shrink)
    }

    /// Deletes an element.
    pub fn arr_delete(&mut self, id: usize, key: &[u8]) -> R<()> {
        let a = self.arr(id)?;
        if let Some(old) = a.map.remove(key) {
            let c = old.cost() + key.len() as u64 + ELEM_OVERHEAD;
            a.bytes = a.bytes.saturating_sub(c);
            self.account(0, c)?;
        }
        Ok(())
    }

    /// Empties an array.
    pub fn arr_clear(&mut self, id: usize) -> R<()> {
        let a = self.arr(id)?;
        let c = a.bytes;
        a.map = HashMap::default();
        a.bytes = 0;
        self.account(0, c)
    }

    fn free_array(&mut self, id: usize) {
        if let Some(slot) = self.arrays.get_mut(id)
            && let Some(a) = slot.take()
        {
            self.stored.shrink(a.bytes);
            self.free_arrays.push(id);
        }
    }

    fn key(&mut self, subs: &[Expr]) -> R<Str> {
        if let [one] = subs {
            let v = self.eval(one)?;
            return Ok(self.to_str(&v));
        }
        let mut k = Vec::new();
        for (i, s) in subs.iter().enumerate() {
            if i > 0 {
                k.extend_from_slice(&self.subsep);
            }
            let v = self.eval(s)?;
            let s = self.to_str(&v);
            self.room_for(k.len() + s.len())?;
            k.extend_from_slice(&s);
        }
        Ok(Rc::from(k))
    }

    // ----- conversions -----

    /// A value as a string (numbers through `CONVFMT`).
    pub fn to_str(&self, v: &Value) -> Str {
        match v {
            Value::Str(s) | Value::StrNum(s) => s.clone(),
            Value::Uninit => self.empty.clone(),
            Value::Num(n) => num_to_str(*n, &self.convfmt),
        }
    }

    fn push_out(&self, out: &mut Vec<u8>, v: &Value) {
        match v {
            Value::Num(n) => push_num(out, *n, &self.ofmt),
            other => out.extend_from_slice(other.as_bytes().unwrap_or(&[])),
        }
    }

    // ----- the record and its fields -----

    /// Makes `bytes` the record, to be split when a field is wanted.
    pub fn set_record(&mut self, bytes: &[u8]) -> R<()> {
        self.rec.clear();
        self.rec.extend_from_slice(bytes);
        settle(&mut self.rec_charge, self.rec.capacity() as u64)?;
        self.record_changed();
        Ok(())
    }

    fn record_changed(&mut self) {
        self.split_done = false;
        self.rec_fs = self.fs.clone();
    }

    fn ensure_split(&mut self) -> R<()> {
        if !self.split_done {
            split(&self.rec, &self.rec_fs, &mut self.fields);
            self.split_done = true;
            if let Some(c) = self.globals.get_mut(p::NF as usize) {
                *c = Cell::Val(Value::Num(self.fields.len() as f64));
            }
        }
        Ok(())
    }

    fn field_index(&self, n: f64) -> R<usize> {
        if n.is_nan() || n < 0.0 {
            return fatal(format!("attempt to access field {}", n as i64));
        }
        Ok(if n > 1e15 { usize::MAX } else { n as usize })
    }

    /// Field `i` (`$0` for 0).
    pub fn get_field(&mut self, i: usize) -> R<Value> {
        if i == 0 {
            return Ok(Value::strnum(&self.rec));
        }
        self.ensure_split()?;
        Ok(match self.fields.get(i - 1) {
            Some(&(a, b)) => Value::strnum(self.rec.get(a..b).unwrap_or(&[])),
            None => Value::Uninit,
        })
    }

    fn field_num(&mut self, i: usize) -> R<f64> {
        if i == 0 {
            return Ok(super::value::parse_prefix(&self.rec));
        }
        self.ensure_split()?;
        Ok(match self.fields.get(i - 1) {
            Some(&(a, b)) => super::value::parse_prefix(self.rec.get(a..b).unwrap_or(&[])),
            None => 0.0,
        })
    }

    /// Rebuilds the record from `n` fields (field `which` replaced by
    /// `new`), joined by `OFS`.
    fn rebuild(&mut self, n: usize, which: usize, new: &[u8]) -> R<()> {
        let have = self.fields.len();
        let est = self
            .rec
            .len()
            .saturating_add(new.len())
            .saturating_add(n.saturating_mul(self.ofs.len() + 16));
        self.room_for(est)?;
        let mut rec = Vec::with_capacity(self.rec.len() + new.len() + n * self.ofs.len());
        let mut fields = Vec::with_capacity(n);
        for k in 1..=n {
            if k > 1 {
                rec.extend_from_slice(&self.ofs);
            }
            let s = rec.len();
            if k == which {
                rec.extend_from_slice(new);
            } else if k <= have
                && let Some(&(a, b)) = self.fields.get(k - 1)
            {
                rec.extend_from_slice(self.rec.get(a..b).unwrap_or(&[]));
            }
            fields.push((s, rec.len()));
        }
        self.rec = rec;
        self.fields = fields;
        settle(
            &mut self.rec_charge,
            (self.rec.capacity() + self.fields.capacity() * 16) as u64,
        )?;
        self.split_done = true;
        if let Some(c) = self.globals.get_mut(p::NF as usize) {
            *c = Cell::Val(Value::Num(n as f64));
        }
        Ok(())
    }

    fn set_field(&mut self, i: usize, v: &Value) -> R<()> {
        let s = self.to_str(v);
        if i == 0 {
            return self.set_record(&s);
        }
        self.ensure_split()?;
        let n = self.fields.len().max(i);
        self.rebuild(n, i, &s)
    }

    fn set_nf(&mut self, n: f64) -> R<()> {
        let n = self.field_index(n)?;
        self.split_done = true;
        self.rebuild(n, 0, b"")
    }

    // ----- places -----

    /// Where an lvalue stores (its subscripts and field number evaluated once).
    pub fn place(&mut self, lv: &LVal) -> R<Place> {
        Ok(match lv {
            LVal::Var(v) => Place::Var(*v),
            LVal::Field(e) => {
                let n = self.eval_num(e)?;
                Place::Field(self.field_index(n)?)
            }
            LVal::Elem(v, subs) => {
                let k = self.key(subs)?;
                let id = self.array_id(*v)?;
                Place::Elem(id, k)
            }
        })
    }

    /// The value at a place.
    pub fn get_place(&mut self, pl: &Place) -> R<Value> {
        match pl {
            Place::Var(v) => self.get_var(*v),
            Place::Field(i) => self.get_field(*i),
            Place::Elem(id, k) => self.arr_get(*id, k.clone()),
        }
    }

    /// Stores at a place.
    pub fn set_place(&mut self, pl: Place, v: Value) -> R<()> {
        match pl {
            Place::Var(var) => self.set_var(var, v),
            Place::Field(i) => self.set_field(i, &v),
            Place::Elem(id, k) => self.arr_set(id, k, v),
        }
    }

    /// Assigns to an lvalue.
    pub fn assign(&mut self, lv: &LVal, v: Value) -> R<()> {
        let pl = self.place(lv)?;
        self.set_place(pl, v)
    }

    // ----- expressions -----

    /// Evaluates an expression as a number.
    pub fn eval_num(&mut self, e: &Expr) -> R<f64> {
        match e {
            Expr::Num(n) => Ok(*n),
            Expr::Field(i) => {
                let n = self.eval_num(i)?;
                let i = self.field_index(n)?;
                self.field_num(i)
            }
            Expr::Var(v) if *v != Var::Global(p::NF) => match self.cell(*v) {
                Some(Cell::Val(x)) => Ok(x.num()),
                _ => Ok(self.get_var(*v)?.num()),
            },
            _ => Ok(self.eval(e)?.num()),
        }
    }

    /// Evaluates an expression as a string.
    pub fn eval_str(&mut self, e: &Expr) -> R<Str> {
        let v = self.eval(e)?;
        Ok(self.to_str(&v))
    }

    /// The regex an expression stands for: a literal, or its string value
    /// compiled (and cached).
    pub fn regex_of(&mut self, e: &Expr) -> R<Rc<Rx>> {
        if let Expr::Regex(r) = e {
            return Ok(r.clone());
        }
        let s = self.eval_str(e)?;
        self.dyn_regex(&s)
    }

    /// A regex from a string, compiled once.
    pub fn dyn_regex(&mut self, s: &[u8]) -> R<Rc<Rx>> {
        if let Some(r) = self.regex_cache.get(s) {
            return Ok(r.clone());
        }
        let rx = rxm::compile(s)
            .map_err(|m| Jump::Fatal(format!("{m}: /{}/", String::from_utf8_lossy(s))))?;
        if self.regex_cache.len() >= 256 {
            self.regex_cache.clear();
            let held = self.regex_charge.bytes();
            self.regex_charge.shrink(held);
        }
        if !self.regex_charge.grow(rx.cost + s.len() as u64) {
            return Err(Jump::Fail(Fail::Memory));
        }
        self.regex_cache.insert(s.to_vec(), rx.clone());
        Ok(rx)
    }

    fn compare(&mut self, op: Cmp, l: &Value, r: &Value) -> bool {
        let ord = match (l.numeric(), r.numeric()) {
            (Some(a), Some(b)) => a.partial_cmp(&b),
            _ => {
                let a = self.to_str(l);
                let b = self.to_str(r);
                Some(a.cmp(&b))
            }
        };
        use std::cmp::Ordering::*;
        match (op, ord) {
            (_, None) => op == Cmp::Ne,
            (Cmp::Lt, Some(o)) => o == Less,
            (Cmp::Le, Some(o)) => o != Greater,
            (Cmp::Eq, Some(o)) => o == Equal,
            (Cmp::Ne, Some(o)) => o != Equal,
            (Cmp::Ge, Some(o)) => o != Less,
            (Cmp::Gt, Some(o)) => o == Greater,
        }
    }

    fn arith(&self, op: Op, a: f64, b: f64) -> R<f64> {
        Ok(match op {
            Op::Add => a + b,
            Op::Sub => a - b,
            Op::Mul => a * b,
            Op::Div => {
                if b == 0.0 {
                    return fatal("division by zero attempted");
                }
                a / b
            }
            Op::Mod => {
                if b == 0.0 {
                    return fatal("division by zero attempted in `%'");
                }
                a % b
            }
            Op::Pow => a.powf(b),
        })
    }

    /// Evaluates an expression.
    pub fn eval(&mut self, e: &Expr) -> R<Value> {
        Ok(match e {
            Expr::Num(n) => Value::Num(*n),
            Expr::Str(s) => Value::Str(s.clone()),
            Expr::Regex(rx) => Value::Num(f64::from(u8::from(rx.re.is_match(&self.rec)))),
            Expr::Var(v) => self.get_var(*v)?,
            Expr::Field(i) => {
                let n = self.eval_num(i)?;
                let i = self.field_index(n)?;
                self.get_field(i)?
            }
            Expr::Elem(v, subs) => {
                let k = self.key(subs)?;
                let id = self.array_id(*v)?;
                self.arr_get(id, k)?
            }
            Expr::In(subs, v) => {
                let k = self.key(subs)?;
                let id = self.array_id(*v)?;
                let has = self.arr(id)?.map.contains_key(&k);
                Value::Num(f64::from(u8::from(has)))
            }
            Expr::Assign(None, lv, rhs) => {
                let pl = self.place(lv)?;
                let v = self.eval(rhs)?;
                self.set_place(pl, v.clone())?;
                v
            }
            Expr::Assign(Some(op), lv, rhs) => {
                // The common `n += x` on a plain numeric variable, in place.
                if let LVal::Var(v) = &**lv
                    && !matches!(v, Var::Global(g) if (*g as usize) < p::SPECIALS.len())
                    && matches!(
                        self.cell(*v),
                        Some(Cell::Val(Value::Num(_) | Value::Uninit))
                    )
                {
                    let r = self.eval_num(rhs)?;
                    let cur = match self.cell(*v) {
                        Some(Cell::Val(x)) => x.num(),
                        _ => 0.0,
                    };
                    let n = self.arith(*op, cur, r)?;
                    if let Some(Cell::Val(x)) = self.cell_mut(*v)
                        && matches!(x, Value::Num(_) | Value::Uninit)
                    {
                        *x = Value::Num(n);
                        return Ok(Value::Num(n));
                    }
                    self.set_var(*v, Value::Num(n))?;
                    return Ok(Value::Num(n));
                }
                let pl = self.place(lv)?;
                let cur = self.get_place(&pl)?.num();
                let r = self.eval_num(rhs)?;
                let v = Value::Num(self.arith(*op, cur, r)?);
                self.set_place(pl, v.clone())?;
                v
            }
            Expr::Cond(c, a, b) => {
                if self.eval(c)?.truthy() {
                    self.eval(a)?
                } else {
                    self.eval(b)?
                }
            }
            Expr::And(a, b) => {
                let t = self.eval(a)?.truthy() && self.eval(b)?.truthy();
                Value::Num(f64::from(u8::from(t)))
            }
            Expr::Or(a, b) => {
                let t = self.eval(a)?.truthy() || self.eval(b)?.truthy();
                Value::Num(f64::from(u8::from(t)))
            }
            Expr::Not(a) => Value::Num(f64::from(u8::from(!self.eval(a)?.truthy()))),
            Expr::Neg(a) => Value::Num(-self.eval_num(a)?),
            Expr::Pos(a) => Value::Num(self.eval_num(a)?),
            Expr::Bin(op, a, b) => {
                let x = self.eval_num(a)?;
                let y = self.eval_num(b)?;
                Value::Num(self.arith(*op, x, y)?)
            }
            Expr::Cmp(op, a, b) => {
                let x = self.eval(a)?;
                let y = self.eval(b)?;
                Value::Num(f64::from(u8::from(self.compare(*op, &x, &y))))
            }
            Expr::Match(neg, a, b) => {
                let s = self.eval_str(a)?;
                let rx = self.regex_of(b)?;
                Value::Num(f64::from(u8::from(rx.re.is_match(&s) != *neg)))
            }
            Expr::Concat(a, b) => {
                let x = self.eval_str(a)?;
                let y = self.eval_str(b)?;
                self.room_for(x.len().saturating_add(y.len()))?;
                let mut v = Vec::with_capacity(x.len() + y.len());
                v.extend_from_slice(&x);
                v.extend_from_slice(&y);
                Value::Str(Rc::from(v))
            }
            Expr::IncDec(pre, inc, lv) => {
                let pl = self.place(lv)?;
                let cur = self.get_place(&pl)?.num();
                let new = if *inc { cur + 1.0 } else { cur - 1.0 };
                self.set_place(pl, Value::Num(new))?;
                Value::Num(if *pre { new } else { cur })
            }
            Expr::Call(f, args) => self.call(*f, args)?,
            Expr::Builtin(b, args) => self.builtin(*b, args)?,
            Expr::Sub(global, re, repl, target) => {
                self.sub(*global, re, repl, target.as_deref())?
            }
            Expr::Split(s, arr, fs) => self.split_fn(s, *arr, fs.as_deref())?,
            Expr::MatchFn(s, re, arr) => self.match_fn(s, re, *arr)?,
            Expr::Getline(src, lv) => self.getline(src, lv.as_deref())?,
        })
    }

    // ----- functions -----

    fn call(&mut self, fi: usize, args: &[Expr]) -> R<Value> {
        let prog = self.prog;
        let Some(f) = prog.funcs.get(fi) else {
            return fatal("function not defined");
        };
        self.e.tick.tick()?;
        if self.depth >= self.e.max_call_depth
            || self.stack_base.abs_diff(stack_here()) > STACK_BUDGET
        {
            return fatal(format!("function `{}': call nesting too deep", f.name));
        }
        let mut cells: Vec<Cell> = Vec::with_capacity(f.nparams.max(args.len()));
        let mut cost = 0;
        for (i, a) in args.iter().enumerate() {
            let as_array = f.array_params.get(i).copied().unwrap_or(false);
            let cell = match a {
                Expr::Var(v) => match self.cell(*v) {
                    Some(Cell::Arr(id)) => Cell::Arr(*id),
                    Some(Cell::Val(Value::Uninit)) if as_array => Cell::Arr(self.array_id(*v)?),
                    _ => Cell::Val(self.get_var(*v)?),
                },
                other => Cell::Val(self.eval(other)?),
            };
            if let Cell::Val(v) = &cell {
                cost += v.cost();
            }
            cells.push(cell);
        }
        cells.resize(f.nparams.max(cells.len()), Cell::Val(Value::Uninit));
        self.account(cost, 0)?;
        let old_base = self.base;
        let new_base = self.locals.len();
        self.locals.extend(cells);
        self.base = new_base;
        self.depth += 1;
        let r = self.exec_block(&f.body);
        // The frame's own values and arrays go.
        let frame: Vec<Cell> = self.locals.drain(new_base..).collect();
        let mut freed = 0;
        for c in frame {
            match c {
                Cell::Val(v) => freed += v.cost(),
                Cell::Arr(id) => {
                    let own = matches!(self.arrays.get(id), Some(Some(a)) if a.owner == self.depth);
                    if own {
                        self.free_array(id);
                    }
                }
            }
        }
        self.stored.shrink(freed);
        self.depth -= 1;
        self.base = old_base;
        match r? {
            Flow::Return(v) => Ok(v),
            _ => Ok(Value::Uninit),
        }
    }

    // ----- statements -----

    /// Runs statements in order.
    pub fn exec_block(&mut self, b: &[Stmt]) -> R<Flow> {
        for s in b {
            match self.exec(s)? {
                Flow::Normal => {}
                other => return Ok(other),
            }
        }
        Ok(Flow::Normal)
    }

    fn loop_body(&mut self, body: &Stmt) -> R<Option<Flow>> {
        self.e.tick.tick()?;
        Ok(match self.exec(body)? {
            Flow::Break => Some(Flow::Normal),
            Flow::Return(v) => Some(Flow::Return(v)),
            Flow::Normal | Flow::Continue => None,
        })
    }

    fn exec(&mut self, s: &Stmt) -> R<Flow> {
        self.line = s.line;
        match &s.kind {
            Kind::Expr(e) => {
                self.eval(e)?;
            }
            Kind::Print(args, dest) => self.print(args, dest.as_ref())?,
            Kind::Printf(args, dest) => self.printf(args, dest.as_ref())?,
            Kind::If(c, a, b) => {
                if self.eval(c)?.truthy() {
                    return self.exec(a);
                } else if let Some(b) = b {
                    return self.exec(b);
                }
            }
            Kind::While(c, body) => {
                while self.eval(c)?.truthy() {
                    if let Some(f) = self.loop_body(body)? {
                        return Ok(f);
                    }
                }
            }
            Kind::Do(body, c) => loop {
                if let Some(f) = self.loop_body(body)? {
                    return Ok(f);
                }
                if !self.eval(c)?.truthy() {
                    break;
                }
            },
            Kind::For(init, cond, step, body) => {
                if let Some(i) = init {
                    self.exec(i)?;
                }
                loop {
                    if let Some(c) = cond
                        && !self.eval(c)?.truthy()
                    {
                        break;
                    }
                    if let Some(f) = self.loop_body(body)? {
                        return Ok(f);
                    }
                    if let Some(st) = step {
                        self.exec(st)?;
                    }
                }
            }
            Kind::ForIn(v, arr, body) => {
                let id = self.array_id(*arr)?;
                let keys: Vec<Str> = self.arr(id)?.map.keys().cloned().collect();
                let mut keys_charge = Charge::on(&self.e.memory);
                if !keys_charge.grow(keys.len() as u64 * 16) {
                    return Err(Jump::Fail(Fail::Memory));
                }
                for k in keys {
                    if !matches!(self.arrays.get(id), Some(Some(a)) if a.map.contains_key(&k)) {
                        continue;
                    }
                    self.set_var(*v, Value::StrNum(k))?;
                    if let Some(f) = self.loop_body(body)? {
                        return Ok(f);
                    }
                }
            }
            Kind::Block(b) => return self.exec_block(b),
            Kind::Next => return Err(Jump::Next),
            Kind::NextFile => return Err(Jump::NextFile),
            Kind::Exit(e) => {
                if let Some(e) = e {
                    self.exit_code = self.eval_num(e)? as i32;
                }
                return Err(Jump::Exit);
            }
            Kind::Return(e) => {
                let v = match e {
                    Some(e) => self.eval(e)?,
                    None => Value::Uninit,
                };
                return Ok(Flow::Return(v));
            }
            Kind::Break => return Ok(Flow::Break),
            Kind::Continue => return Ok(Flow::Continue),
            Kind::Delete(v, subs) => {
                let id = self.array_id(*v)?;
                match subs {
                    Some(s) => {
                        let k = self.key(s)?;
                        self.arr_delete(id, &k)?;
                    }
                    None => self.arr_clear(id)?,
                }
            }
        }
        Ok(Flow::Normal)
    }

    // ----- the program -----

    fn rule_matches(&mut self, pat: &Pattern) -> R<bool> {
        Ok(match pat {
            Pattern::All => true,
            Pattern::Expr(e) => self.eval(e)?.truthy(),
            Pattern::Range(a, b, i) => {
                let on = self.ranges.get(*i).copied().unwrap_or(false);
                if on {
                    if self.eval(b)?.truthy()
                        && let Some(r) = self.ranges.get_mut(*i)
                    {
                        *r = false;
                    }
                    true
                } else if self.eval(a)?.truthy() {
                    if !self.eval(b)?.truthy()
                        && let Some(r) = self.ranges.get_mut(*i)
                    {
                        *r = true;
                    }
                    true
                } else {
                    false
                }
            }
        })
    }

    fn run_rules(&mut self) -> R<()> {
        let prog = self.prog;
        for rule in &prog.rules {
            if self.rule_matches(&rule.pattern)? {
                match &rule.action {
                    None => {
                        let mut buf = std::mem::take(&mut self.obuf);
                        buf.clear();
                        buf.extend_from_slice(&self.rec);
                        buf.extend_from_slice(&self.ors);
                        let r = self.e.out.put(&buf);
                        self.obuf = buf;
                        r?;
                    }
                    Some(b) => {
                        self.exec_block(b)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Runs the whole program: `BEGIN`, the records, `END`. Returns the
    /// exit status.
    pub fn run(&mut self) -> R<i32> {
        let prog = self.prog;
        let mut exiting = false;
        match self.exec_block(&prog.begin) {
            Ok(_) => {}
            Err(Jump::Exit) => exiting = true,
            Err(Jump::Next | Jump::NextFile) => {
                return fatal("`next' cannot be called from a BEGIN rule");
            }
            Err(e) => return Err(e),
        }
        if !exiting && (!prog.rules.is_empty() || !prog.end.is_empty()) {
            loop {
                if self.next_main(true)?.is_none() {
                    break;
                }
                match self.run_rules() {
                    Ok(()) | Err(Jump::Next) => {}
                    Err(Jump::NextFile) => self.skip_file(),
                    Err(Jump::Exit) => {
                        exiting = true;
                        break;
                    }
                    Err(e) => return Err(e),
                }
            }
        }
        let _ = exiting;
        match self.exec_block(&prog.end) {
            Ok(_) | Err(Jump::Exit) => {}
            Err(Jump::Next | Jump::NextFile) => {
                return fatal("`next' cannot be called from an END rule");
            }
            Err(e) => return Err(e),
        }
        self.close_all()?;
        Ok(if self.exit_code != 0 {
            self.exit_code
        } else {
            self.status
        })
    }

    /// Seeds `rand`.
    pub fn srand_with(&mut self, seed: f64) {
        self.seed = seed;
        let mut z = (seed as i64 as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        self.rand_state = (z ^ (z >> 31)) | 1;
    }
}
