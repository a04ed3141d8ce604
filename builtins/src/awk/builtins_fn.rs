//! awk's built-in functions: strings (`length substr index split sub
//! gsub gensub match sprintf tolower toupper`), numbers (`int sqrt exp
//! log sin cos atan2 rand srand`), and I/O (`system close fflush`), with
//! gawk's `length(array)`, `systime` and `strftime` (in UTC). Results are
//! sized against the memory left before they are built.

use std::rc::Rc;

use super::interp::{Interp, Jump, R};
use super::lex::Bi;
use super::parse::{self as p, Expr, LVal, Var};
use super::value::{Str, Value};
use crate::common::sys::Fail;

/// One piece of a `sub`/`gsub` replacement.
enum Piece<'r> {
    Lit(&'r [u8]),
    Byte(u8),
    Matched,
    /// `gensub`'s `\N`.
    Group(usize),
}

fn pieces(repl: &[u8], gensub: bool) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut lit = 0;
    while let Some(&c) = repl.get(i) {
        let piece = match (c, repl.get(i + 1)) {
            (b'\\', Some(b'&')) => Some((Piece::Byte(b'&'), 2)),
            (b'\\', Some(b'\\')) => Some((Piece::Byte(b'\\'), 2)),
            (b'\\', Some(d)) if gensub && d.is_ascii_digit() => {
                Some((Piece::Group(usize::from(d - b'0')), 2))
            }
            (b'&', _) => Some((Piece::Matched, 1)),
            _ => None,
        };
        match piece {
            Some((pc, n)) => {
                if lit < i {
                    out.push(Piece::Lit(repl.get(lit..i).unwrap_or(&[])));
                }
                out.push(pc);
                i += n;
                lit = i;
            }
            None => i += 1,
        }
    }
    if lit < repl.len() {
        out.push(Piece::Lit(repl.get(lit..).unwrap_or(&[])));
    }
    out
}

impl Interp<'_, '_, '_> {
    fn arg_str(&mut self, args: &[Expr], i: usize) -> R<Str> {
        match args.get(i) {
            Some(e) => self.eval_str(e),
            None => Ok(Rc::from(&b""[..])),
        }
    }

    fn arg_num(&mut self, args: &[Expr], i: usize) -> R<f64> {
        match args.get(i) {
            Some(e) => self.eval_num(e),
            None => Ok(0.0),
        }
    }

    /// Calls a built-in function.
    pub fn builtin(&mut self, b: Bi, args: &[Expr]) -> R<Value> {
        Ok(match b {
            Bi::Length => match args.first() {
                None => Value::Num(self.rec.len() as f64),
                Some(Expr::Var(v)) => {
                    let v = *v;
                    match self.array_len(v) {
                        Some(n) => Value::Num(n as f64),
                        None => Value::Num(self.eval_str(&Expr::Var(v))?.len() as f64),
                    }
                }
                Some(e) => Value::Num(self.eval_str(e)?.len() as f64),
            },
            Bi::Substr => {
                let s = self.arg_str(args, 0)?;
                let m = self.arg_num(args, 1)?;
                let len = s.len() as f64;
                // POSIX: characters from round(m) to round(m) + round(n) - 1.
                let start = round(m);
                let end = if args.len() > 2 {
                    let n = self.arg_num(args, 2)?;
                    if n.is_nan() { start } else { start + round(n) }
                } else {
                    f64::INFINITY
                };
                let a = start.max(1.0);
                let z = end.min(len + 1.0);
                if a.is_nan() || z.is_nan() || z <= a {
                    Value::str(b"")
                } else {
                    let (a, z) = (a as usize - 1, z as usize - 1);
                    Value::str(s.get(a..z).unwrap_or(&[]))
                }
            }
            Bi::Index => {
                let s = self.arg_str(args, 0)?;
                let t = self.arg_str(args, 1)?;
                let pos = if t.is_empty() {
                    0
                } else {
                    s.windows(t.len())
                        .position(|w| w == &t[..])
                        .map_or(0, |i| i + 1)
                };
                Value::Num(pos as f64)
            }
            Bi::Sprintf => Value::Str(Rc::from(self.sprintf_args(args)?)),
            Bi::Sin => Value::Num(self.arg_num(args, 0)?.sin()),
            Bi::Cos => Value::Num(self.arg_num(args, 0)?.cos()),
            Bi::Atan2 => {
                let y = self.arg_num(args, 0)?;
                let x = self.arg_num(args, 1)?;
                Value::Num(y.atan2(x))
            }
            Bi::Exp => Value::Num(self.arg_num(args, 0)?.exp()),
            Bi::Log => Value::Num(self.arg_num(args, 0)?.ln()),
            Bi::Sqrt => Value::Num(self.arg_num(args, 0)?.sqrt()),
            Bi::Int => Value::Num(self.arg_num(args, 0)?.trunc()),
            Bi::Rand => {
                // xorshift64*: rand() in [0, 1).
                let mut x = self.rand_state;
                x ^= x >> 12;
                x ^= x << 25;
                x ^= x >> 27;
                self.rand_state = x;
                let r = x.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11;
                Value::Num(r as f64 / (1u64 << 53) as f64)
            }
            Bi::Srand => {
                let prev = self.seed;
                let seed = if args.is_empty() {
                    crate::common::time::epoch_secs(std::time::SystemTime::now()) as f64
                } else {
                    self.arg_num(args, 0)?
                };
                self.srand_with(seed);
                Value::Num(prev)
            }
            Bi::Tolower | Bi::Toupper => {
                let s = self.arg_str(args, 0)?;
                let v: Vec<u8> = if b == Bi::Tolower {
                    s.to_ascii_lowercase()
                } else {
                    s.to_ascii_uppercase()
                };
                Value::Str(Rc::from(v))
            }
            Bi::System => {
                let cmd = self.arg_str(args, 0)?;
                self.flush_all()?;
                Value::Num(f64::from(self.run_command(&cmd, b"", None)?))
            }
            Bi::Close => {
                let name = self.arg_str(args, 0)?;
                Value::Num(f64::from(self.close(&name)?))
            }
            Bi::Fflush => {
                self.flush_all()?;
                Value::Num(0.0)
            }
            Bi::Systime => {
                Value::Num(crate::common::time::epoch_secs(std::time::SystemTime::now()) as f64)
            }
            Bi::Strftime => {
                let fmt = if args.is_empty() {
                    Rc::from(&b"%a %b %e %H:%M:%S %Z %Y"[..])
                } else {
                    self.arg_str(args, 0)?
                };
                let t = if args.len() > 1 {
                    self.arg_num(args, 1)?.clamp(-1e12, 1e12) as i64
                } else {
                    crate::common::time::epoch_secs(std::time::SystemTime::now())
                };
                let utc = args.len() > 2 && self.arg_num(args, 2)? != 0.0;
                let tz = if utc {
                    None
                } else {
                    self.e
                        .env
                        .iter()
                        .find(|(k, _)| k == "TZ")
                        .map(|(_, v)| v.as_str())
                };
                let fmt = String::from_utf8_lossy(&fmt);
                let text = crate::date::format::strftime(&fmt, t, 0, tz);
                Value::Str(Rc::from(text.as_bytes()))
            }
            Bi::Gensub => self.gensub(args)?,
            // Parsed into their own nodes.
            Bi::Split | Bi::Sub | Bi::Gsub | Bi::Match => Value::Uninit,
        })
    }

    fn array_len(&self, v: Var) -> Option<usize> {
        let id = self.cell_array(v)?;
        self.arrays
            .get(id)
            .and_then(|a| a.as_ref())
            .map(|a| a.map.len())
    }

    /// Replaces in `s` the first (or every) match of `rx` by `repl`;
    /// returns the new text and the count.
    fn replace(
        &mut self,
        s: &[u8],
        rx: &super::regex::Rx,
        repl: &[u8],
        global: bool,
        gensub: bool,
        which: usize,
    ) -> R<(Vec<u8>, usize)> {
        let pcs = pieces(repl, gensub);
        let room = self.room();
        let mut out = Vec::new();
        let mut count = 0;
        let mut seen = 0;
        let mut pos = 0;
        let mut copied = 0;
        let mut last_end: Option<usize> = None;
        let mut locs = rx.re.capture_locations();
        while pos <= s.len() {
            self.e.tick.tick()?;
            let Some(m) = rx.re.captures_read_at(&mut locs, s, pos) else {
                break;
            };
            let (ms, me) = (m.start(), m.end());
            if ms == me && last_end == Some(ms) {
                // An empty match right after the previous match is none.
                pos = ms + 1;
                continue;
            }
            seen += 1;
            let hit = if global { true } else { seen == which };
            if hit {
                out.extend_from_slice(s.get(copied..ms).unwrap_or(&[]));
                for pc in &pcs {
                    match pc {
                        Piece::Lit(l) => out.extend_from_slice(l),
                        Piece::Byte(b) => out.push(*b),
                        Piece::Matched => out.extend_from_slice(s.get(ms..me).unwrap_or(&[])),
                        Piece::Group(g) => {
                            if let Some((a, b)) = locs.get(*g) {
                                out.extend_from_slice(s.get(a..b).unwrap_or(&[]));
                            }
                        }
                    }
                }
                copied = me;
                count += 1;
                if out.len() > room {
                    self.e.memory.breach();
                    return Err(Jump::Fail(Fail::Memory));
                }
            }
            last_end = Some(me);
            if !global && seen >= which {
                break;
            }
            pos = if ms == me { me + 1 } else { me };
        }
        out.extend_from_slice(s.get(copied..).unwrap_or(&[]));
        if out.len() > room {
            self.e.memory.breach();
            return Err(Jump::Fail(Fail::Memory));
        }
        Ok((out, count))
    }

    /// `sub` and `gsub`.
    pub fn sub(&mut self, global: bool, re: &Expr, repl: &Expr, target: Option<&LVal>) -> R<Value> {
        let rx = self.regex_of(re)?;
        let repl = self.eval_str(repl)?;
        let field0 = LVal::Field(Expr::Num(0.0));
        let lv = target.unwrap_or(&field0);
        let pl = self.place(lv)?;
        let cur = self.get_place(&pl)?;
        let s = self.to_str(&cur);
        let (out, n) = self.replace(&s, &rx, &repl, global, false, 1)?;
        if n > 0 {
            self.set_place(pl, Value::Str(Rc::from(out)))?;
        }
        Ok(Value::Num(n as f64))
    }

    fn gensub(&mut self, args: &[Expr]) -> R<Value> {
        let (Some(re), Some(repl), Some(how)) = (args.first(), args.get(1), args.get(2)) else {
            return Ok(Value::Uninit);
        };
        let rx = self.regex_of(re)?;
        let repl = self.eval_str(repl)?;
        let how = self.eval(how)?;
        let target = match args.get(3) {
            Some(t) => self.eval_str(t)?,
            None => Rc::from(&self.rec[..]),
        };
        let hb = self.to_str(&how);
        let (global, which) = if hb.first().is_some_and(|c| *c == b'g' || *c == b'G') {
            (true, 1)
        } else {
            (false, (how.num() as i64).max(1) as usize)
        };
        let (out, _) = self.replace(&target, &rx, &repl, global, true, which)?;
        Ok(Value::Str(Rc::from(out)))
    }

    /// `split(s, arr [, fs])`.
    pub fn split_fn(&mut self, s: &Expr, arr: Var, fs: Option<&Expr>) -> R<Value> {
        let text = self.eval_str(s)?;
        let sep = match fs {
            None => None,
            Some(Expr::Regex(r)) => Some(super::io::Fs::Regex(r.clone())),
            Some(e) => {
                let f = self.eval_str(e)?;
                Some(match &f[..] {
                    b" " => super::io::Fs::Space,
                    [] => super::io::Fs::Each,
                    [c] if *c != b'\\' => super::io::Fs::Char(*c),
                    _ => super::io::Fs::Regex(self.dyn_regex(&f)?),
                })
            }
        };
        let mut ranges = Vec::new();
        match &sep {
            Some(f) => super::io::split(&text, f, &mut ranges),
            None => {
                let fs = self.current_fs();
                super::io::split(&text, &fs, &mut ranges);
            }
        }
        let id = self.array_id(arr)?;
        self.arr_clear(id)?;
        for (i, (a, b)) in ranges.iter().enumerate() {
            self.e.tick.tick()?;
            let key: Str = Rc::from((i + 1).to_string().into_bytes());
            self.arr_set(id, key, Value::strnum(text.get(*a..*b).unwrap_or(&[])))?;
        }
        Ok(Value::Num(ranges.len() as f64))
    }

    /// `match(s, re [, arr])`: sets `RSTART` and `RLENGTH`.
    pub fn match_fn(&mut self, s: &Expr, re: &Expr, arr: Option<Var>) -> R<Value> {
        let text = self.eval_str(s)?;
        let rx = self.regex_of(re)?;
        let mut locs = rx.re.capture_locations();
        let m = rx.re.captures_read(&mut locs, &text);
        let (start, len) = match &m {
            Some(m) => (m.start() as f64 + 1.0, (m.end() - m.start()) as f64),
            None => (0.0, -1.0),
        };
        self.set_var(Var::Global(p::RSTART), Value::Num(start))?;
        self.set_var(Var::Global(p::RLENGTH), Value::Num(len))?;
        if let Some(a) = arr {
            let id = self.array_id(a)?;
            self.arr_clear(id)?;
            if m.is_some() {
                for g in 0..locs.len() {
                    if let Some((x, y)) = locs.get(g) {
                        let k: Str = Rc::from(g.to_string().into_bytes());
                        self.arr_set(id, k, Value::strnum(text.get(x..y).unwrap_or(&[])))?;
                        let sk = format!("{g}\x1cstart");
                        let lk = format!("{g}\x1clength");
                        self.arr_set(id, Rc::from(sk.into_bytes()), Value::Num(x as f64 + 1.0))?;
                        self.arr_set(id, Rc::from(lk.into_bytes()), Value::Num((y - x) as f64))?;
                    }
                }
            }
        }
        Ok(Value::Num(start))
    }
}

fn round(x: f64) -> f64 {
    // Round half to even, as C's default rounding does.
    let r = x.round();
    if (x - x.trunc()).abs() == 0.5 && r % 2.0 != 0.0 {
        r - x.signum()
    } else {
        r
    }
}
