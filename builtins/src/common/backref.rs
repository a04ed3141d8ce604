//! A bounded backtracking matcher for the POSIX patterns that hold
//! back-references (`\(ab\)\1`, `(a)\1`), which the `regex` crate (a
//! finite automaton) cannot match. Patterns without them never come
//! here: they keep the automaton.
//!
//! The pattern is the translation of [`super::regex_tr::bre_refs`] or
//! [`super::regex_tr::ere_refs`]: groups named `sgT_N`, back-references
//! as groups named `sbT_K_N` (around a NUL that is never matched). `regex-syntax` parses it (the same
//! parser, flags and classes as the automaton gets), and the parsed
//! expression is compiled into a small program run by a backtracker:
//!
//! - the overall match is POSIX leftmost-longest, as GNU's matcher finds
//!   it (`grep -o`, `sed s///`): from the leftmost start that matches,
//!   every path is tried and the longest end kept; among paths reaching
//!   that end the first found (greedy first) gives the groups;
//! - a back-reference matches the text its group matched last, compared
//!   ignoring ASCII case under `-i`; one to a group that did not take
//!   part in the match fails, as in glibc;
//! - a loop whose body matched nothing leaves the loop when the whole
//!   repetition matched nothing, and fails otherwise, as glibc does
//!   (`\(a*\)*`), so no path repeats forever;
//! - the work is bounded: at most [`STEP_BUDGET`] steps and
//!   [`STACK_LIMIT`] saved states per search (charged to the run's
//!   memory budget as they grow, through [`Watch`]), the stop signal
//!   looked at every few thousand steps. Past a bound the search ends
//!   with [`Gave::Up`], which the utilities report as an error.
//!
//! A candidate line is first tried with a relaxed automaton, the pattern
//! with each back-reference replaced by "any bytes": a line it does not
//! match cannot match, and the leftmost start it finds is where the
//! backtracker starts.

use std::cell::RefCell;
use std::sync::Arc;

use regex_syntax::hir::{Class, Hir, HirKind, Look};
use sandbash_interpreter::Cancel;
use sandbash_interpreter::memory::{Charge, MemoryBudget};

use super::regex_tr::TrError;

/// Steps (instructions run) one search may take.
pub const STEP_BUDGET: u64 = 20_000_000;

/// States one search may keep to come back to (16 bytes each).
pub const STACK_LIMIT: usize = 1 << 20;

/// Instructions one compiled pattern may hold (counted repetitions are
/// unrolled: `\(a\)\{1000\}\1` holds a thousand copies).
const PROGRAM_LIMIT: usize = 1 << 18;

/// Steps between two looks at the stop signal.
const CHECK_EVERY: u64 = 4096;

/// The message for [`Gave::Up`].
pub const GAVE_UP_MSG: &str = "regular expression backtracking limit exceeded";

/// Why a search ended without an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gave {
    /// The step or stack bound was reached.
    Up,
    /// The stop signal was set (the run was cancelled).
    Stopped,
    /// The memory budget refused the saved states.
    Memory,
}

/// What a search answers to: the run's stop signal and its memory
/// budget, which the saved states are charged to as they grow. A
/// closure is a stop signal with no budget (tests, `expr`, the fuzz
/// entry points: the stack bound still holds).
pub trait Watch {
    /// True when the run must stop.
    fn stopped(&self) -> bool;
    /// Asks to hold `bytes` in all for the saved states; false when the
    /// budget refuses.
    fn hold(&self, bytes: u64) -> bool;
}

impl<F: Fn() -> bool> Watch for F {
    fn stopped(&self) -> bool {
        self()
    }

    fn hold(&self, _bytes: u64) -> bool {
        true
    }
}

/// A [`Watch`] on a run: its cancel signal and memory budget. The
/// charge lasts as long as the watch (one search's stack at most).
pub struct RunWatch<'a> {
    cancel: &'a Cancel,
    charge: RefCell<Charge>,
}

impl<'a> RunWatch<'a> {
    /// Watches `cancel`, charging `budget`.
    pub fn new(cancel: &'a Cancel, budget: &Arc<MemoryBudget>) -> Self {
        RunWatch {
            cancel,
            charge: RefCell::new(Charge::on(budget)),
        }
    }
}

impl Watch for RunWatch<'_> {
    fn stopped(&self) -> bool {
        self.cancel.is_stopped()
    }

    fn hold(&self, bytes: u64) -> bool {
        let mut c = self.charge.borrow_mut();
        let more = bytes.saturating_sub(c.bytes());
        more == 0 || c.grow(more)
    }
}

/// Makes room for one more saved state: past [`STACK_LIMIT`] the search
/// gives up; a growth of the stack is charged to `watch` first.
fn room(stack: &mut Vec<Frame>, watch: &dyn Watch) -> Result<(), Gave> {
    if stack.len() >= STACK_LIMIT {
        return Err(Gave::Up);
    }
    if stack.len() == stack.capacity() {
        let want = (stack.capacity() * 2).clamp(64, STACK_LIMIT);
        if !watch.hold((want * std::mem::size_of::<Frame>()) as u64) {
            return Err(Gave::Memory);
        }
        stack.reserve_exact(want - stack.len());
    }
    Ok(())
}

/// How the pattern is read: the flags the automaton would get.
#[derive(Debug, Clone, Copy, Default)]
pub struct Flags {
    /// `-i`, sed's `I`.
    pub icase: bool,
    /// sed's `M`: `^` and `$` at line ends inside the text.
    pub multi_line: bool,
    /// `.` and `[^a]` match a newline (sed's pattern space).
    pub dot_nl: bool,
}

#[derive(Debug, Clone)]
enum Inst {
    Byte(u8),
    /// A byte in set `sets[i]`.
    Set(u32),
    /// Tries `.0` first, then `.1`.
    Split(u32, u32),
    Jmp(u32),
    /// `slots[i] = pos`.
    Save(u32),
    Look(Look),
    /// The text of group `i` again.
    Backref(u32),
    /// The end of a loop's body: back to `back` when the body matched
    /// something since `slots[reg]` was saved; when it matched nothing,
    /// out of the loop if the whole repetition so far matched nothing
    /// (`slots[entry]` is where it began), else this path fails, as in
    /// glibc (`(a?)+\1` on `aa` gives `\1` = `a`, not the empty string).
    LoopEnd {
        reg: u32,
        entry: u32,
        back: u32,
    },
    Match,
}

/// A compiled pattern with back-references.
#[derive(Debug)]
pub struct Backtrack {
    prog: Vec<Inst>,
    sets: Vec<[bool; 256]>,
    /// Groups, the whole match (0) included: slots `2i` and `2i + 1`.
    groups: usize,
    /// Capture slots, then one register per loop.
    slots: usize,
    icase: bool,
    /// The pattern with back-references as "any bytes", for the
    /// automaton that rules lines out.
    relaxed: regex::bytes::Regex,
    /// The bytes a match can start with, when every match starts with a
    /// byte (`None` when one can be empty or start with a reference):
    /// other starts are skipped without running the program.
    first: Option<Box<[bool; 256]>>,
}

/// A match: where group `i` (0: the whole match) starts and ends, when it
/// took part.
pub type Groups = Vec<Option<(usize, usize)>>;

/// What a group or reference name in a translation stands for.
enum Name {
    /// Group `n` of pattern `t`.
    Group(usize, usize),
    /// A reference to group `n` of pattern `t`.
    Ref(usize, usize),
}

fn parse_name(name: &str) -> Option<Name> {
    let num = |s: &str| s.parse::<usize>().ok();
    if let Some(rest) = name.strip_prefix("sg") {
        let (t, n) = rest.split_once('_')?;
        return Some(Name::Group(num(t)?, num(n)?));
    }
    let rest = name.strip_prefix("sb")?;
    let mut parts = rest.split('_');
    let t = num(parts.next()?)?;
    let _k = parts.next()?;
    let n = num(parts.next()?)?;
    Some(Name::Ref(t, n))
}

struct Compiler<'a> {
    prog: Vec<Inst>,
    sets: Vec<[bool; 256]>,
    /// Group `(t, n)` -> its group index (sorted by `(t, n)`).
    groups: &'a [(usize, usize)],
    /// Loop registers so far; register `r` is slot `2 * ngroups + r`.
    regs: usize,
    /// Groups, the whole match included.
    ngroups: usize,
}

impl Compiler<'_> {
    fn push(&mut self, i: Inst) -> Result<u32, TrError> {
        if self.prog.len() >= PROGRAM_LIMIT {
            return Err(TrError("Regular expression too big".into()));
        }
        self.prog.push(i);
        Ok((self.prog.len() - 1) as u32)
    }

    fn here(&self) -> u32 {
        self.prog.len() as u32
    }

    fn patch(&mut self, at: u32, to: Inst) {
        if let Some(slot) = self.prog.get_mut(at as usize) {
            *slot = to;
        }
    }

    fn group_index(&self, t: usize, n: usize) -> Option<usize> {
        self.groups.binary_search(&(t, n)).ok().map(|i| i + 1)
    }

    fn class(&mut self, c: &Class) -> Result<(), TrError> {
        let mut set = [false; 256];
        match c {
            Class::Bytes(b) => {
                for r in b.iter() {
                    for x in r.start()..=r.end() {
                        set[usize::from(x)] = true;
                    }
                }
            }
            Class::Unicode(u) => {
                // Only ASCII reaches here from a byte-mode translation.
                for r in u.iter() {
                    let (a, b) = (u32::from(r.start()), u32::from(r.end()).min(0x7f));
                    for x in a..=b {
                        if let Some(slot) = set.get_mut(x as usize) {
                            *slot = true;
                        }
                    }
                }
            }
        }
        let i = self.sets.len() as u32;
        self.sets.push(set);
        self.push(Inst::Set(i))?;
        Ok(())
    }

    fn emit(&mut self, h: &Hir, depth: usize) -> Result<(), TrError> {
        if depth > 500 {
            return Err(TrError("Regular expression too big".into()));
        }
        match h.kind() {
            HirKind::Empty => {}
            HirKind::Literal(l) => {
                for &b in l.0.iter() {
                    self.push(Inst::Byte(b))?;
                }
            }
            HirKind::Class(c) => self.class(c)?,
            HirKind::Look(l) => {
                self.push(Inst::Look(*l))?;
            }
            HirKind::Capture(c) => match c.name.as_deref().and_then(parse_name) {
                Some(Name::Ref(t, n)) => match self.group_index(t, n) {
                    Some(g) => {
                        self.push(Inst::Backref(g as u32))?;
                    }
                    None => return Err(TrError("Invalid back reference".into())),
                },
                Some(Name::Group(t, n)) => {
                    let g = self.group_index(t, n).unwrap_or(0) as u32;
                    self.push(Inst::Save(2 * g))?;
                    self.emit(&c.sub, depth + 1)?;
                    self.push(Inst::Save(2 * g + 1))?;
                }
                None => self.emit(&c.sub, depth + 1)?,
            },
            HirKind::Concat(hs) => {
                for h in hs {
                    self.emit(h, depth + 1)?;
                }
            }
            HirKind::Alternation(hs) => {
                // Split(a, next) a Jmp(end) Split(b, next) b Jmp(end) ... z
                let mut jumps = Vec::new();
                let last = hs.len().saturating_sub(1);
                for (i, h) in hs.iter().enumerate() {
                    if i == last {
                        self.emit(h, depth + 1)?;
                    } else {
                        let split = self.push(Inst::Jmp(0))?;
                        self.emit(h, depth + 1)?;
                        jumps.push(self.push(Inst::Jmp(0))?);
                        let next = self.here();
                        self.patch(split, Inst::Split(split + 1, next));
                    }
                }
                let end = self.here();
                for j in jumps {
                    self.patch(j, Inst::Jmp(end));
                }
            }
            HirKind::Repetition(r) => {
                // An unbounded repetition keeps where it began (`entry`)
                // and where its current iteration began (`reg`).
                let regs = match r.max {
                    None => {
                        let entry = (2 * self.ngroups + self.regs) as u32;
                        self.regs += 2;
                        self.push(Inst::Save(entry))?;
                        Some((entry, entry + 1))
                    }
                    Some(_) => None,
                };
                for _ in 0..r.min {
                    self.emit(&r.sub, depth + 1)?;
                }
                match (r.max, regs) {
                    (None, Some((entry, reg))) => {
                        let top = self.push(Inst::Jmp(0))?;
                        self.push(Inst::Save(reg))?;
                        self.emit(&r.sub, depth + 1)?;
                        self.push(Inst::LoopEnd {
                            reg,
                            entry,
                            back: top,
                        })?;
                        let out = self.here();
                        let body = top + 1;
                        self.patch(
                            top,
                            if r.greedy {
                                Inst::Split(body, out)
                            } else {
                                Inst::Split(out, body)
                            },
                        );
                    }
                    (None, None) => {}
                    (Some(max), _) => {
                        let mut splits = Vec::new();
                        for _ in r.min..max {
                            splits.push(self.push(Inst::Jmp(0))?);
                            self.emit(&r.sub, depth + 1)?;
                        }
                        let out = self.here();
                        for s in splits {
                            let body = s + 1;
                            self.patch(
                                s,
                                if r.greedy {
                                    Inst::Split(body, out)
                                } else {
                                    Inst::Split(out, body)
                                },
                            );
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// The named groups of `h` (not the references), as `(tag, number)`.
fn collect_groups(h: &Hir, out: &mut Vec<(usize, usize)>, depth: usize) {
    if depth > 500 {
        return;
    }
    match h.kind() {
        HirKind::Capture(c) => {
            if let Some(Name::Group(t, n)) = c.name.as_deref().and_then(parse_name) {
                out.push((t, n));
            }
            collect_groups(&c.sub, out, depth + 1);
        }
        HirKind::Concat(hs) | HirKind::Alternation(hs) => {
            for h in hs {
                collect_groups(h, out, depth + 1);
            }
        }
        HirKind::Repetition(r) => collect_groups(&r.sub, out, depth + 1),
        _ => {}
    }
}

/// `h` with every back-reference replaced by "any bytes".
fn relax(h: &Hir, depth: usize) -> Hir {
    if depth > 500 {
        return h.clone();
    }
    match h.kind() {
        HirKind::Capture(c) => match c.name.as_deref().and_then(parse_name) {
            Some(Name::Ref(..)) => {
                let any = Hir::class(Class::Bytes(regex_syntax::hir::ClassBytes::new([
                    regex_syntax::hir::ClassBytesRange::new(0, 255),
                ])));
                Hir::repetition(regex_syntax::hir::Repetition {
                    min: 0,
                    max: None,
                    greedy: true,
                    sub: Box::new(any),
                })
            }
            _ => Hir::capture(regex_syntax::hir::Capture {
                index: c.index,
                name: c.name.clone(),
                sub: Box::new(relax(&c.sub, depth + 1)),
            }),
        },
        HirKind::Concat(hs) => Hir::concat(hs.iter().map(|h| relax(h, depth + 1)).collect()),
        HirKind::Alternation(hs) => {
            Hir::alternation(hs.iter().map(|h| relax(h, depth + 1)).collect())
        }
        HirKind::Repetition(r) => Hir::repetition(regex_syntax::hir::Repetition {
            min: r.min,
            max: r.max,
            greedy: r.greedy,
            sub: Box::new(relax(&r.sub, depth + 1)),
        }),
        _ => h.clone(),
    }
}

fn is_word(b: Option<&u8>) -> bool {
    b.is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Whether `look` holds at `pos` of `text`.
fn look_at(look: Look, text: &[u8], pos: usize) -> bool {
    let before = pos.checked_sub(1).and_then(|i| text.get(i));
    let after = text.get(pos);
    match look {
        Look::Start => pos == 0,
        Look::End => pos == text.len(),
        Look::StartLF | Look::StartCRLF => pos == 0 || before == Some(&b'\n'),
        Look::EndLF | Look::EndCRLF => pos == text.len() || after == Some(&b'\n'),
        Look::WordAscii | Look::WordUnicode => is_word(before) != is_word(after),
        Look::WordAsciiNegate | Look::WordUnicodeNegate => is_word(before) == is_word(after),
        Look::WordStartAscii | Look::WordStartUnicode => !is_word(before) && is_word(after),
        Look::WordEndAscii | Look::WordEndUnicode => is_word(before) && !is_word(after),
        Look::WordStartHalfAscii | Look::WordStartHalfUnicode => !is_word(before),
        Look::WordEndHalfAscii | Look::WordEndHalfUnicode => !is_word(after),
    }
}

/// The bytes a match of `prog` can start with: every path from the
/// start, through splits, jumps, saves and assertions, to the first
/// instruction that reads a byte. `None` when a path reaches a
/// reference or the end first (a match may then be empty or start
/// anywhere).
fn first_bytes(prog: &[Inst], sets: &[[bool; 256]]) -> Option<Box<[bool; 256]>> {
    let mut first = Box::new([false; 256]);
    let mut seen = vec![false; prog.len()];
    let mut todo = vec![0usize];
    while let Some(pc) = todo.pop() {
        let s = seen.get_mut(pc)?;
        if *s {
            continue;
        }
        *s = true;
        match prog.get(pc)? {
            Inst::Byte(b) => first[usize::from(*b)] = true,
            Inst::Set(i) => {
                for (f, &x) in first.iter_mut().zip(sets.get(*i as usize)?.iter()) {
                    *f |= x;
                }
            }
            Inst::Split(a, b) => {
                todo.push(*a as usize);
                todo.push(*b as usize);
            }
            Inst::Jmp(a) => todo.push(*a as usize),
            Inst::Save(_) | Inst::Look(_) => todo.push(pc + 1),
            Inst::LoopEnd { back, .. } => {
                todo.push(*back as usize);
                todo.push(pc + 1);
            }
            Inst::Backref(_) | Inst::Match => return None,
        }
    }
    Some(first)
}

const NONE: usize = usize::MAX;

enum Frame {
    Alt { pc: u32, pos: usize },
    Undo { slot: u32, old: usize },
}

impl Backtrack {
    /// Compiles a translation from [`super::regex_tr::bre_refs`] /
    /// [`super::regex_tr::ere_refs`] (several may be joined with `|` and
    /// wrapped, as `grep -x`/`-w` do). The error is GNU's message.
    pub fn new(src: &str, flags: Flags) -> Result<Self, TrError> {
        let hir = regex_syntax::ParserBuilder::new()
            .unicode(false)
            .utf8(false)
            .case_insensitive(flags.icase)
            .multi_line(flags.multi_line)
            .dot_matches_new_line(flags.dot_nl)
            .nest_limit(250)
            .build()
            .parse(src)
            .map_err(|e| {
                let s = e.to_string();
                let last = s.lines().last().unwrap_or("").trim().to_string();
                TrError(last.strip_prefix("error: ").unwrap_or(&last).to_string())
            })?;
        let mut names = Vec::new();
        collect_groups(&hir, &mut names, 0);
        names.sort_unstable();
        names.dedup();
        let groups = names.len() + 1;
        let mut c = Compiler {
            prog: Vec::new(),
            sets: Vec::new(),
            groups: &names,
            regs: 0,
            ngroups: groups,
        };
        c.emit(&hir, 0)?;
        c.push(Inst::Match)?;
        let (prog, sets, regs) = (c.prog, c.sets, c.regs);
        let relaxed = regex::bytes::RegexBuilder::new(&relax(&hir, 0).to_string())
            .unicode(false)
            .size_limit(64 << 20)
            .dfa_size_limit(16 << 20)
            .build()
            .map_err(|e| match e {
                regex::Error::CompiledTooBig(_) => TrError("Regular expression too big".into()),
                other => TrError(other.to_string()),
            })?;
        Ok(Backtrack {
            groups,
            slots: 2 * groups + regs,
            icase: flags.icase,
            first: first_bytes(&prog, &sets),
            prog,
            sets,
            relaxed,
        })
    }

    /// Groups, the whole match (0) included.
    pub fn groups(&self) -> usize {
        self.groups
    }

    /// About what the compiled pattern holds, in bytes (its relaxed
    /// automaton not counted: the `regex` crate bounds it).
    pub fn heap_size(&self) -> u64 {
        (self.prog.len() * std::mem::size_of::<Inst>() + self.sets.len() * 256) as u64
    }

    /// Whether `text` holds a match.
    pub fn is_match(&self, text: &[u8], watch: &dyn Watch) -> Result<bool, Gave> {
        Ok(self.search(text, 0, false, watch)?.is_some())
    }

    /// The leftmost-longest match starting at `from` or later, with its
    /// groups.
    pub fn find_at(
        &self,
        text: &[u8],
        from: usize,
        watch: &dyn Watch,
    ) -> Result<Option<Groups>, Gave> {
        self.search(text, from, true, watch)
    }

    fn search(
        &self,
        text: &[u8],
        from: usize,
        longest: bool,
        watch: &dyn Watch,
    ) -> Result<Option<Groups>, Gave> {
        let Some(first) = self.relaxed.find_at(text, from.min(text.len())) else {
            return Ok(None);
        };
        let mut steps = 0u64;
        let mut slots = vec![NONE; self.slots];
        let mut stack: Vec<Frame> = Vec::new();
        for start in first.start()..=text.len() {
            if let Some(set) = &self.first
                && !text.get(start).is_some_and(|&b| set[usize::from(b)])
            {
                continue;
            }
            if let Some(g) = self.run(
                text, start, longest, &mut slots, &mut stack, &mut steps, watch,
            )? {
                return Ok(Some(g));
            }
        }
        Ok(None)
    }

    /// The match starting at `start` (the longest with `longest`).
    #[allow(clippy::too_many_arguments)]
    fn run(
        &self,
        text: &[u8],
        start: usize,
        longest: bool,
        slots: &mut [usize],
        stack: &mut Vec<Frame>,
        steps: &mut u64,
        watch: &dyn Watch,
    ) -> Result<Option<Groups>, Gave> {
        slots.fill(NONE);
        stack.clear();
        stack.push(Frame::Alt { pc: 0, pos: start });
        let mut best: Option<(usize, Vec<usize>)> = None;
        while let Some(f) = stack.pop() {
            let (mut pc, mut pos) = match f {
                Frame::Undo { slot, old } => {
                    if let Some(s) = slots.get_mut(slot as usize) {
                        *s = old;
                    }
                    continue;
                }
                Frame::Alt { pc, pos } => (pc as usize, pos),
            };
            loop {
                *steps += 1;
                if *steps > STEP_BUDGET {
                    return Err(Gave::Up);
                }
                if steps.is_multiple_of(CHECK_EVERY) && watch.stopped() {
                    return Err(Gave::Stopped);
                }
                let Some(inst) = self.prog.get(pc) else {
                    break;
                };
                match inst {
                    Inst::Byte(b) => {
                        if text.get(pos) != Some(b) {
                            break;
                        }
                        pos += 1;
                        pc += 1;
                    }
                    Inst::Set(i) => {
                        let ok = match (text.get(pos), self.sets.get(*i as usize)) {
                            (Some(&b), Some(set)) => set[usize::from(b)],
                            _ => false,
                        };
                        if !ok {
                            break;
                        }
                        pos += 1;
                        pc += 1;
                    }
                    Inst::Split(a, b) => {
                        room(stack, watch)?;
                        stack.push(Frame::Alt { pc: *b, pos });
                        pc = *a as usize;
                    }
                    Inst::Jmp(a) => pc = *a as usize,
                    Inst::Save(s) => {
                        room(stack, watch)?;
                        if let Some(slot) = slots.get_mut(*s as usize) {
                            stack.push(Frame::Undo {
                                slot: *s,
                                old: *slot,
                            });
                            *slot = pos;
                        }
                        pc += 1;
                    }
                    Inst::Look(l) => {
                        if !look_at(*l, text, pos) {
                            break;
                        }
                        pc += 1;
                    }
                    Inst::Backref(g) => {
                        let g = *g as usize;
                        let (a, b) = match (slots.get(2 * g), slots.get(2 * g + 1)) {
                            (Some(&a), Some(&b)) if a != NONE && b != NONE && a <= b => (a, b),
                            _ => break,
                        };
                        let (Some(want), Some(have)) =
                            (text.get(a..b), text.get(pos..pos + (b - a)))
                        else {
                            break;
                        };
                        let same = if self.icase {
                            want.eq_ignore_ascii_case(have)
                        } else {
                            want == have
                        };
                        // A long comparison is work too: one step per 16
                        // bytes compared.
                        *steps += ((b - a) / 16) as u64;
                        if !same {
                            break;
                        }
                        pos += b - a;
                        pc += 1;
                    }
                    Inst::LoopEnd { reg, entry, back } => {
                        let began = slots.get(*reg as usize).copied().unwrap_or(NONE);
                        let entered = slots.get(*entry as usize).copied().unwrap_or(NONE);
                        if began != NONE && pos > began {
                            pc = *back as usize;
                        } else if pos == entered {
                            pc += 1;
                        } else {
                            break;
                        }
                    }
                    Inst::Match => {
                        if best.as_ref().is_none_or(|(end, _)| pos > *end) {
                            best = Some((pos, slots.to_vec()));
                        }
                        if !longest || pos == text.len() {
                            stack.clear();
                        }
                        break;
                    }
                }
            }
        }
        Ok(best.map(|(end, s)| {
            let mut g: Groups = (0..self.groups)
                .map(|i| match (s.get(2 * i), s.get(2 * i + 1)) {
                    (Some(&a), Some(&b)) if a != NONE && b != NONE && a <= b => Some((a, b)),
                    _ => None,
                })
                .collect();
            if let Some(whole) = g.get_mut(0) {
                *whole = Some((start, end));
            }
            g
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::super::regex_tr::{bre_refs, ere_refs};
    use super::*;

    fn never() -> bool {
        false
    }

    fn bre(p: &str) -> Backtrack {
        Backtrack::new(&bre_refs(p, 0).unwrap(), Flags::default()).unwrap()
    }

    fn ere(p: &str) -> Backtrack {
        Backtrack::new(&ere_refs(p, 0).unwrap(), Flags::default()).unwrap()
    }

    fn find(b: &Backtrack, t: &str) -> Option<(usize, usize)> {
        b.find_at(t.as_bytes(), 0, &never)
            .unwrap()
            .and_then(|g| g.first().copied().flatten())
    }

    #[test]
    fn references() {
        assert_eq!(find(&bre(r"\(ab\)\1"), "xabab"), Some((1, 5)));
        assert_eq!(find(&bre(r"\(ab\)\1"), "abcd"), None);
        assert_eq!(find(&ere(r"(a)\1"), "baa"), Some((1, 3)));
        assert_eq!(find(&ere(r"(.)\1"), "abccd"), Some((2, 4)));
        assert_eq!(find(&ere(r"(a*)b\1"), "aabaaa"), Some((0, 5)));
        // A group that took no part: the reference fails.
        assert_eq!(find(&ere(r"^(a)?b\1$"), "b"), None);
        assert_eq!(find(&ere(r"(a)*b\1"), "ba"), None);
        // A branch does not see the groups of the branches before it.
        assert!(ere_refs(r"(a)|b\1", 0).is_err());
        assert!(ere_refs(r"((a)|b)\2", 0).is_ok());
        assert!(ere_refs(r"(a|(b))\2|c", 0).is_ok());
        // Nested groups, numbered by their opening.
        let b = ere(r"((a)(b))\3\2");
        let g = b.find_at(b"abba", 0, &never).unwrap().unwrap();
        assert_eq!(
            g,
            vec![Some((0, 4)), Some((0, 2)), Some((0, 1)), Some((1, 2))]
        );
    }

    #[test]
    fn leftmost_longest() {
        // Leftmost-first would stop at "aa".
        assert_eq!(find(&ere(r"(a|ab)(c|bcd)?\1?"), "abcd"), Some((0, 4)));
        assert_eq!(find(&ere(r"(x)\1|(x)\2y"), "xxy"), Some((0, 3)));
        assert_eq!(find(&ere(r"(.)\1*"), "baaa"), Some((0, 1)));
        assert_eq!(find(&ere(r"a(.)\1*"), "abbb"), Some((0, 4)));
    }

    #[test]
    fn first_bytes_skip_starts() {
        assert!(bre(r"x\(.\)\1").first.is_some());
        assert!(ere(r"(a|b)\1").first.is_some());
        assert!(ere(r"(a*)\1").first.is_none());
        assert!(ere(r"^(a)?\1").first.is_none());
        assert_eq!(find(&bre(r"x\(.\)\1"), "axbxyy"), Some((3, 6)));
        assert_eq!(find(&ere(r"(a|b)\1"), "cabba"), Some((2, 4)));
    }

    /// An empty iteration after a non-empty one fails, as in glibc.
    #[test]
    fn empty_iterations() {
        let groups = |b: &Backtrack, t: &str| b.find_at(t.as_bytes(), 0, &never).unwrap();
        assert_eq!(
            groups(&ere(r"(a?)+\1"), "aa"),
            Some(vec![Some((0, 2)), Some((0, 1))])
        );
        assert_eq!(
            groups(&ere(r"(a*)+b\1"), "aab"),
            Some(vec![Some((2, 3)), Some((2, 2))])
        );
        assert_eq!(
            groups(&ere(r"(a*)*b\1"), "b"),
            Some(vec![Some((0, 1)), Some((0, 0))])
        );
    }

    #[test]
    fn case_and_words() {
        let i = Flags {
            icase: true,
            ..Flags::default()
        };
        let b = Backtrack::new(&bre_refs(r"\(a\)\1", 0).unwrap(), i).unwrap();
        assert!(b.is_match(b"xAa", &never).unwrap());
        let w = Backtrack::new(
            &format!(
                r"\b{{start-half}}(?:{})\b{{end-half}}",
                ere_refs(r"(a)\1", 0).unwrap()
            ),
            Flags::default(),
        )
        .unwrap();
        assert!(!w.is_match(b"aaa", &never).unwrap());
        assert!(w.is_match(b"b aa", &never).unwrap());
    }

    /// The fuzz entry points (`parsers::bre`/`ere`) on odd patterns: no
    /// panic, spans in range (checked inside).
    #[test]
    fn fuzz_entry_points() {
        for p in [
            r"\(\)\1*",
            r"\(a\|\)\1\{3\}",
            r"[\1]\(x\)\1",
            r"\(\(\(a*\)*\)*\)\1\2\3",
            r"^*\(^a$\)\1",
            r"\(.\)\1\{32767\}",
            r"\(\<\w\+\>\) \1\b",
            "\\(\u{e9}\\)\\1",
        ] {
            crate::parsers::bre(p);
        }
        for p in [
            r"(a|)\1{0,}",
            r"((a)|(b))*\2\3",
            r"()\1+",
            r"(a*)+$\1",
            r"(\()\1",
            r"(a)\1{2,1}",
        ] {
            crate::parsers::ere(p);
        }
    }

    #[test]
    fn refused_and_bounded() {
        assert_eq!(
            bre_refs(r"\(a\)\2", 0).unwrap_err().0,
            "Invalid back reference"
        );
        assert_eq!(
            bre_refs(r"\(a\1\)", 0).unwrap_err().0,
            "Invalid back reference"
        );
        assert!(super::super::regex_tr::bre(r"\(a\)\1").is_err());
        // Empty loop bodies leave the loop.
        assert_eq!(find(&bre(r"\(a*\)*\1"), "b"), Some((0, 0)));
        // Exponential: gives up instead of running on.
        let b = bre(r"\(a*\)*\1b");
        let text = format!("{}cb", "a".repeat(5000));
        assert_eq!(b.find_at(text.as_bytes(), 0, &never), Err(Gave::Up));
        // Counted repetitions are unrolled within a bound.
        assert!(Backtrack::new(&ere_refs(r"(a)\1{1000}", 0).unwrap(), Flags::default()).is_ok());
        assert!(
            Backtrack::new(
                &ere_refs(r"(a)(((\1{100}){100}){100})", 0).unwrap(),
                Flags::default()
            )
            .is_err()
        );
    }
}
