//! Word expansion in bash's order: brace (done ahead by the resolver, or
//! here for large sequences), tilde, parameter, command substitution,
//! arithmetic, field splitting, pathname expansion, quote removal.
//!
//! Quote removal happens as pieces are appended: the builder keeps the
//! resulting text and remembers which byte ranges were unquoted, because
//! only those take part in field splitting and globbing.

use std::borrow::Cow;
use std::cell::RefCell;
use std::sync::Arc;

use crate::arith::{self, ArithEnv, ArithError};
use crate::ast::*;
use crate::glob::{self, GlobOptions};
use crate::io::{Capture, Fd, Output};
use crate::pattern::{Pattern, PatternOptions, PatternPiece};
use crate::shell::{Flow, Shell};
use crate::vars::{INTEGER, Value};

/// Most words one brace expansion or glob may produce.
const MAX_WORDS: u64 = 1_000_000;

/// Words of a large brace expansion resolved and expanded between two
/// looks at the run's deadline (each costs microseconds to a millisecond).
const BRACE_CHECK_EVERY: usize = 64;

thread_local! {
    /// The last pattern compiled on this thread. The per-node cache misses
    /// on words that are new each time they are evaluated: each word of a
    /// large brace expansion (`{0..99999}${v/%*/x}`) is resolved afresh,
    /// and would otherwise compile the same pattern once per word.
    static RECENT_PATTERN: RefCell<Option<RecentPattern>> = const { RefCell::new(None) };
}

type RecentPattern = (Vec<PatternPiece>, PatternOptions, Arc<Pattern>);

/// Compiles `pieces`, reusing this thread's last compiled pattern when it
/// came from the same pieces and options.
fn compile_recent(
    pieces: &[PatternPiece],
    opts: PatternOptions,
) -> Result<Arc<Pattern>, crate::pattern::PatternError> {
    let hit = RECENT_PATTERN.with_borrow(|recent| match recent {
        Some((p, o, pat)) if p.as_slice() == pieces && *o == opts => Some(Arc::clone(pat)),
        _ => None,
    });
    if let Some(pat) = hit {
        return Ok(pat);
    }
    let pat = Arc::new(Pattern::compile(pieces, opts)?);
    RECENT_PATTERN.set(Some((pieces.to_vec(), opts, Arc::clone(&pat))));
    Ok(pat)
}

/// `GLOBIGNORE` split into its patterns at the colons outside bracket
/// expressions (`[[:alnum:]]*` is one pattern), outside `( )` groups and
/// not quoted by a backslash, as bash's `split_ignorespec` splits it.
fn split_globignore(v: &str) -> Vec<&str> {
    let b = v.as_bytes();
    let mut out = Vec::new();
    let (mut start, mut i, mut depth) = (0usize, 0usize, 0usize);
    while let Some(&c) = b.get(i) {
        match c {
            b'\\' => i += 1,
            b'[' => {
                if let Some(end) = bracket_end(b, i) {
                    i = end;
                }
            }
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            b':' if depth == 0 => {
                out.push(v.get(start..i).unwrap_or(""));
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    out.push(v.get(start..).unwrap_or(""));
    out
}

/// The index of the `]` closing the bracket expression opened at `open`
/// (a `]` right after `[`, `[!` or `[^` is a member; `[:class:]` inside
/// is skipped whole), or `None` when it is never closed.
fn bracket_end(b: &[u8], open: usize) -> Option<usize> {
    let mut i = open + 1;
    if matches!(b.get(i), Some(b'!' | b'^')) {
        i += 1;
    }
    if b.get(i) == Some(&b']') {
        i += 1;
    }
    while let Some(&c) = b.get(i) {
        match c {
            b']' => return Some(i),
            b'[' if matches!(b.get(i + 1), Some(b':' | b'.' | b'=')) => {
                let kind = b.get(i + 1).copied().unwrap_or(b':');
                let close = (i + 2..b.len().saturating_sub(1))
                    .find(|&j| b.get(j) == Some(&kind) && b.get(j + 1) == Some(&b']'));
                i = close.map_or(i, |j| j + 1);
            }
            b'\\' => i += 1,
            _ => {}
        }
        i += 1;
    }
    None
}

/// Whether a pathname expansion's result is left out under `GLOBIGNORE`:
/// it matches one of the patterns, or its last component is `.` or `..`.
fn globignored(name: &str, ignore: &[Arc<Pattern>]) -> bool {
    let base = name.rsplit('/').next().unwrap_or(name);
    base == "." || base == ".." || ignore.iter().any(|p| p.is_match(name))
}

/// One field under construction.
#[derive(Default, Debug)]
pub(crate) struct Field {
    pub(crate) text: String,
    /// True once anything (even an empty quoted string) was added.
    started: bool,
    /// Byte ranges of unquoted text (glob- and pattern-active).
    unquoted: Vec<(usize, usize)>,
    /// True when an unquoted range holds a glob character.
    glob: bool,
    /// True when an unquoted range holds `+(`, `@(` or `!(`: a pattern
    /// under `extglob`.
    extglob: bool,
}

impl Field {
    fn add_unquoted(&mut self, s: &str) {
        if s.is_empty() {
            return;
        }
        let start = self.text.len();
        self.text.push_str(s);
        self.started = true;
        if s.contains(['*', '?', '[']) {
            self.glob = true;
        }
        if s.contains("+(") || s.contains("@(") || s.contains("!(") {
            self.extglob = true;
        }
        match self.unquoted.last_mut() {
            Some(last) if last.1 == start => last.1 = self.text.len(),
            _ => self.unquoted.push((start, self.text.len())),
        }
    }

    /// The field as pattern pieces: unquoted ranges active, the rest literal.
    pub(crate) fn pieces(&self) -> Vec<PatternPiece> {
        let mut out = Vec::new();
        let mut pos = 0;
        for &(s, e) in &self.unquoted {
            if s > pos
                && let Some(t) = self.text.get(pos..s)
            {
                out.push(PatternPiece::Literal(t.to_owned()));
            }
            if let Some(t) = self.text.get(s..e) {
                out.push(PatternPiece::Pattern(t.to_owned()));
            }
            pos = e;
        }
        if pos < self.text.len()
            && let Some(t) = self.text.get(pos..)
        {
            out.push(PatternPiece::Literal(t.to_owned()));
        }
        out
    }
}

/// How the builder treats unquoted expansion results.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Split into fields on IFS (command arguments, `for` lists).
    Fields,
    /// One string, no splitting (assignments, `case` subjects, patterns).
    Single,
}

/// Bookkeeping bytes of one field beyond its text, for the memory limit.
const FIELD_OVERHEAD: usize = 64;
/// Appends at least this large grow a field exactly, and slack at least
/// this large is given back: big values are where doubling would cost.
const BIG_APPEND: usize = 4096;

struct Builder {
    fields: Vec<Field>,
    cur: Field,
    mode: Mode,
    ifs: String,
    after_ws: bool,
    saw_empty_at: bool,
    /// Bytes the result may take within the memory limit, and bytes taken.
    room: usize,
    size: usize,
    /// Set when an append was refused: the expansion must fail.
    over: bool,
}

impl Builder {
    fn new(mode: Mode, ifs: &str, room: usize) -> Self {
        Self {
            fields: Vec::new(),
            cur: Field::default(),
            mode,
            ifs: ifs.to_owned(),
            after_ws: false,
            saw_empty_at: false,
            room,
            size: 0,
            over: false,
        }
    }

    /// Accounts for `n` more bytes; false (and the builder marked over)
    /// when they do not fit, so nothing is allocated past the limit.
    fn reserve(&mut self, n: usize) -> bool {
        if self.over {
            return false;
        }
        match self.size.checked_add(n) {
            Some(total) if total <= self.room => {
                self.size = total;
                true
            }
            _ => {
                self.over = true;
                false
            }
        }
    }

    /// Makes room in the current field for `n` more bytes: reserves them
    /// against the limit, counting the old buffer too when growing moves
    /// it, and grows large fields exactly (no doubling slack).
    fn make_room(&mut self, n: usize) -> bool {
        let text = &self.cur.text;
        let moving = if text.len().saturating_add(n) > text.capacity() {
            text.capacity()
        } else {
            0
        };
        if self.size.saturating_add(n).saturating_add(moving) > self.room {
            self.over = true;
            return false;
        }
        if !self.reserve(n) {
            return false;
        }
        if moving > 0 && n >= BIG_APPEND {
            self.cur.text.reserve_exact(n);
        }
        true
    }

    fn literal(&mut self, s: &str) {
        if !self.make_room(s.len()) {
            return;
        }
        self.after_ws = false;
        self.cur.add_unquoted(s);
    }

    fn quoted(&mut self, s: &str) {
        if !self.make_room(s.len()) {
            return;
        }
        self.after_ws = false;
        self.cur.text.push_str(s);
        self.cur.started = true;
    }

    fn push_field(&mut self) {
        if !self.reserve(FIELD_OVERHEAD) {
            return;
        }
        let mut f = std::mem::take(&mut self.cur);
        if f.text.capacity() - f.text.len() >= BIG_APPEND {
            f.text.shrink_to_fit();
        }
        self.fields.push(f);
    }

    /// Separates the elements of `"$@"`.
    fn delimit(&mut self) {
        match self.mode {
            Mode::Fields => {
                if self.cur.started {
                    self.push_field();
                }
            }
            Mode::Single => {
                if self.reserve(1) {
                    self.cur.text.push(' ');
                }
            }
        }
    }

    /// An unquoted expansion result: split on IFS in field mode.
    fn split(&mut self, s: &str) {
        if self.mode == Mode::Single || self.ifs.is_empty() {
            self.literal(s);
            return;
        }
        if !self.reserve(s.len()) {
            return;
        }
        let mut run_start: Option<usize> = None;
        for (i, c) in s.char_indices() {
            if self.ifs.contains(c) {
                if let Some(st) = run_start.take()
                    && let Some(t) = s.get(st..i)
                {
                    self.cur.add_unquoted(t);
                }
                if matches!(c, ' ' | '\t' | '\n') {
                    if self.cur.started {
                        self.push_field();
                        self.after_ws = true;
                    }
                } else if self.after_ws && !self.cur.started {
                    self.after_ws = false;
                } else {
                    self.push_field();
                    self.after_ws = false;
                }
            } else if run_start.is_none() {
                run_start = Some(i);
                self.after_ws = false;
            }
        }
        if let Some(st) = run_start
            && let Some(t) = s.get(st..)
        {
            self.cur.add_unquoted(t);
        }
    }

    /// The fields, or an error when the memory limit refused an append.
    fn finish_checked(self, sh: &Shell) -> Result<Vec<Field>, Flow> {
        if self.over {
            return Err(sh.run.memory_exceeded());
        }
        Ok(self.finish())
    }

    fn finish(mut self) -> Vec<Field> {
        if self.cur.started || (self.mode == Mode::Single && self.fields.is_empty()) {
            self.push_field();
        }
        self.fields
    }
}

/// A parameter's value before its operator is applied.
enum PVal {
    Unset,
    Str(String),
    /// `$@`, `$*`, `${a[@]}`, `${a[*]}`: the elements, and whether they are
    /// joined into one word when quoted (`*`).
    List(Vec<String>, bool),
}

impl Shell {
    fn ifs(&self) -> &str {
        self.vars.get_str("IFS").unwrap_or(" \t\n")
    }

    /// Expands words into fields (splitting and globbing), appending to `out`.
    pub(crate) fn expand_words(&mut self, words: &[Word]) -> Result<Vec<String>, Flow> {
        let mut out = Vec::with_capacity(words.len());
        for w in words {
            self.expand_word_into(w, &mut out)?;
        }
        Ok(out)
    }

    pub(crate) fn expand_word_into(&mut self, w: &Word, out: &mut Vec<String>) -> Result<(), Flow> {
        if let Some(l) = &w.literal {
            out.push(l.clone());
            return Ok(());
        }
        if let Some(b) = &w.braces
            && self.opts.braceexpand
        {
            return self.expand_braces(b, out);
        }
        let ifs = self.ifs().to_owned();
        let mut b = Builder::new(Mode::Fields, &ifs, self.mem_room());
        self.expand_parts(&w.parts, false, &mut b)?;
        for f in b.finish_checked(self)? {
            if (f.glob || (f.extglob && self.opts.extglob)) && !self.opts.noglob {
                self.glob_field(f, out)?;
            } else {
                out.push(f.text);
            }
        }
        Ok(())
    }

    fn expand_braces(&mut self, b: &Braces, out: &mut Vec<String>) -> Result<(), Flow> {
        match b {
            Braces::Ready(words) => {
                for w in words {
                    self.expand_word_into(w, out)?;
                }
            }
            Braces::Lazy(tree) => {
                let limit =
                    MAX_WORDS.min(self.limits.max_memory / crate::syntax::braces::WORD_COST);
                let room = self.mem_room() as u64;
                let texts = match crate::syntax::braces::expand_checked(
                    tree,
                    limit,
                    room,
                    &self.run.cancel,
                ) {
                    Ok(texts) => texts,
                    Err(crate::syntax::braces::Refused::TooBig) => {
                        return Err(self.run.memory_exceeded());
                    }
                    Err(crate::syntax::braces::Refused::Stopped(r)) => {
                        return Err(self.run.stop(crate::shell::Stop::Stopped(r)));
                    }
                };
                for (i, t) in texts.into_iter().enumerate() {
                    // Each word is resolved and expanded anew (its
                    // `${v/p/r}` included), so a long sequence must not
                    // outlast the deadline.
                    if i % BRACE_CHECK_EVERY == BRACE_CHECK_EVERY - 1 {
                        self.run.check()?;
                    }
                    let w = crate::syntax::parser::word(&t, self.limits.max_parse_depth).map_err(
                        |e| {
                            self.error(&e.to_string());
                            Flow::Fatal(1)
                        },
                    )?;
                    if w.braces.is_some() {
                        // A nested expansion the resolver keeps as a tree
                        // again would recurse; take the text as it is.
                        out.push(t);
                    } else {
                        self.expand_word_into(&w, out)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// `GLOBIGNORE`'s patterns (none when it is unset or empty).
    fn globignore(&self) -> Vec<Arc<Pattern>> {
        let Some(v) = self.vars.get_str("GLOBIGNORE").filter(|v| !v.is_empty()) else {
            return Vec::new();
        };
        let opts = PatternOptions {
            extglob: self.opts.extglob,
            nocase: self.opts.nocaseglob,
        };
        split_globignore(v)
            .into_iter()
            .filter(|p| !p.is_empty())
            .filter_map(|p| compile_recent(&[PatternPiece::Pattern(p.to_owned())], opts).ok())
            .collect()
    }

    fn glob_field(&mut self, f: Field, out: &mut Vec<String>) -> Result<(), Flow> {
        let pieces = f.pieces();
        self.sync_specials();
        let ignore = self.globignore();
        let opts = GlobOptions {
            dotglob: self.opts.dotglob,
            nocaseglob: self.opts.nocaseglob,
            extglob: self.opts.extglob,
            globstar: self.opts.globstar,
            max_results: MAX_WORDS as usize,
            skipdots: crate::builtin::shopt_state(&self.opts, "globskipdots") != Some(false),
        };
        let found = glob::expand(&*self.sys.fs, &self.cwd, &pieces, opts, &self.run.cancel);
        let found = found.map(|mut m| {
            if !ignore.is_empty() {
                m.retain(|name| !globignored(name, &ignore));
            }
            m
        });
        match found {
            Ok(matches) if !matches.is_empty() => out.extend(matches),
            Ok(_) => {
                if self.opts.failglob {
                    self.error(&format!("no match: {}", f.text));
                    return Err(Flow::Fatal(1));
                }
                if !self.opts.nullglob {
                    out.push(f.text);
                }
            }
            Err(_) => {
                self.run.check()?;
                out.push(f.text);
            }
        }
        Ok(())
    }

    /// Expands a word to one string: no splitting, no globbing.
    pub(crate) fn expand_string(&mut self, w: &Word) -> Result<String, Flow> {
        if let Some(l) = &w.literal {
            return Ok(l.clone());
        }
        if let Some(b) = &w.braces
            && self.opts.braceexpand
        {
            let mut out = Vec::new();
            self.expand_braces(b, &mut out)?;
            return Ok(out.join(" "));
        }
        // Fast paths for the commonest assignment values: `$((...))`, `$v`.
        match w.parts.as_slice() {
            [Part::Arith(a)] => return Ok(self.eval_arith(a)?.to_string()),
            [Part::Param(pe)] if pe_is_plain(pe) => {
                if let Param::Named(n) = &pe.param
                    && let Some(v) = self.vars.get_str(n)
                {
                    return Ok(v.to_owned());
                }
            }
            _ => {}
        }
        let mut b = Builder::new(Mode::Single, "", self.mem_room());
        self.expand_parts(&w.parts, false, &mut b)?;
        Ok(b.finish_checked(self)?
            .into_iter()
            .next()
            .map(|f| f.text)
            .unwrap_or_default())
    }

    /// Expands a word used as a pattern: unquoted parts stay active.
    pub(crate) fn expand_pattern(&mut self, w: &Word) -> Result<Vec<PatternPiece>, Flow> {
        if let Some(l) = &w.literal {
            return Ok(vec![PatternPiece::Pattern(l.clone())]);
        }
        let mut b = Builder::new(Mode::Single, "", self.mem_room());
        self.expand_parts(&w.parts, false, &mut b)?;
        Ok(b.finish_checked(self)?
            .first()
            .map(Field::pieces)
            .unwrap_or_default())
    }

    /// The pattern `w` stands for. Outside a UTF-8 locale (see
    /// [`Shell::byte_text`]) it is compiled over byte characters, and the
    /// text it is matched against must be converted the same way.
    pub(crate) fn compile_pattern(&mut self, w: &Word, nocase: bool) -> Result<Arc<Pattern>, Flow> {
        let mut pieces = self.expand_pattern(w)?;
        if !crate::escapes::utf8_locale(&self.vars) {
            for p in &mut pieces {
                let (PatternPiece::Literal(t) | PatternPiece::Pattern(t)) = p;
                if !t.is_ascii() {
                    *t = crate::bytes::byte_chars(t).into_owned();
                }
            }
        }
        let opts = PatternOptions {
            // bash matches extended patterns in `case` and `[[ ]]`
            // whatever extglob says, since the parser already took them.
            extglob: true,
            nocase,
        };
        w.pattern_cache
            .get_or_compile(pieces, nocase, |p| compile_recent(p, opts))
            .map_err(|e| {
                self.error(&e.to_string());
                Flow::Fatal(1)
            })
    }

    pub(crate) fn matches_pattern(
        &mut self,
        w: &Word,
        s: &str,
        nocase: bool,
    ) -> Result<bool, Flow> {
        if let Some(l) = &w.literal
            && !l.contains(['*', '?', '[', '('])
            && !nocase
        {
            return Ok(l == s);
        }
        let pat = self.compile_pattern(w, nocase)?;
        let text = self.byte_text(s)?;
        Ok(pat.is_match(&text))
    }

    /// `s` as patterns see it: itself in a UTF-8 locale; in the C locale
    /// one character per byte (`?` is one byte, `[[:alpha:]]` ASCII
    /// letters only: stand-ins are no letters), turned back with
    /// [`crate::bytes::from_byte_chars`]. A stand-in takes four bytes, so
    /// the copy of a large non-ASCII value is charged to the memory room.
    pub(crate) fn byte_text<'s>(&self, s: &'s str) -> Result<std::borrow::Cow<'s, str>, Flow> {
        if s.is_ascii() || crate::escapes::utf8_locale(&self.vars) {
            return Ok(std::borrow::Cow::Borrowed(s));
        }
        if s.len().saturating_mul(4) > self.mem_room() {
            return Err(self.run.memory_exceeded());
        }
        Ok(crate::bytes::byte_chars(s))
    }

    /// [`Shell::byte_text`] of every string of a value.
    fn bytes_of_value(&self, v: PVal) -> Result<PVal, Flow> {
        if crate::escapes::utf8_locale(&self.vars) {
            return Ok(v);
        }
        Ok(match v {
            PVal::Str(s) => PVal::Str(self.byte_text(&s)?.into_owned()),
            PVal::List(l, c) => PVal::List(
                l.iter()
                    .map(|s| self.byte_text(s).map(|t| t.into_owned()))
                    .collect::<Result<_, _>>()?,
                c,
            ),
            PVal::Unset => PVal::Unset,
        })
    }

    /// [`Shell::byte_text`] of a replacement's text; the match it inserts
    /// comes from a value [`Shell::bytes_of_value`] already converted.
    fn byte_replacement(&self, rep: Replacement) -> Result<Replacement, Flow> {
        if crate::escapes::utf8_locale(&self.vars) {
            return Ok(rep);
        }
        let parts = rep
            .parts
            .into_iter()
            .map(|p| match p {
                RepPart::Text(t) => self.byte_text(&t).map(|t| RepPart::Text(t.into_owned())),
                RepPart::Match => Ok(RepPart::Match),
            })
            .collect::<Result<_, _>>()?;
        Ok(Replacement { parts })
    }

    /// Shell text again for a value [`Shell::bytes_of_value`] converted.
    fn shell_text_again(&self, v: PVal) -> PVal {
        if crate::escapes::utf8_locale(&self.vars) {
            return v;
        }
        map_pval(v, |s| crate::bytes::from_byte_chars(&s))
    }

    fn expand_parts(&mut self, parts: &[Part], quoted: bool, b: &mut Builder) -> Result<(), Flow> {
        for part in parts {
            match part {
                Part::Text(t) => b.literal(t),
                Part::Quoted(t) => b.quoted(t),
                Part::DoubleQuoted(inner) => {
                    b.saw_empty_at = false;
                    self.expand_parts(inner, true, b)?;
                    if !b.saw_empty_at {
                        b.cur.started = true;
                    }
                    b.saw_empty_at = false;
                }
                Part::Tilde(t) if self.literal_tilde => b.literal(&tilde_text(t)),
                Part::Tilde(t) => match self.tilde_value(t) {
                    Some(v) => b.quoted(&v),
                    // Bash leaves a prefix it cannot expand as written, and
                    // still globs it.
                    None => b.literal(&tilde_text(t)),
                },
                Part::Param(pe) => self.expand_param(pe, quoted, b)?,
                Part::CommandSub(script) => {
                    let out = self.command_subst(script)?;
                    if quoted {
                        b.quoted(&out);
                    } else {
                        b.split(&out);
                    }
                }
                Part::ProcSub { write, body } => {
                    let path = self.process_subst(*write, body)?;
                    b.quoted(&path);
                }
                Part::BadSubst(message) => {
                    self.error(message);
                    return Err(Flow::Fatal(1));
                }
                Part::BadTransform(message) => {
                    self.error(message);
                    return Err(Flow::Exit(self.expansion_exit_status()));
                }
                Part::Arith(a) => {
                    let v = self.eval_arith(a)?.to_string();
                    if quoted {
                        b.quoted(&v);
                    } else {
                        b.split(&v);
                    }
                }
            }
        }
        Ok(())
    }

    /// What a tilde prefix expands to, or `None` when bash would leave it as
    /// written: the sandbox's only user is the session's, so every other
    /// name is unknown, as it would be on a host without that account.
    fn tilde_value(&self, t: &Tilde) -> Option<String> {
        match t {
            // Bash falls back on the user's passwd entry when HOME is unset.
            Tilde::Home => Some(self.vars.get_str("HOME").unwrap_or(SESSION_HOME).to_owned()),
            Tilde::Pwd => self.vars.get_str("PWD").map(str::to_owned),
            Tilde::OldPwd => self.vars.get_str("OLDPWD").map(str::to_owned),
            Tilde::User(u) => (u == SESSION_USER).then(|| SESSION_HOME.to_owned()),
        }
    }

    /// Runs `$( )` and returns its output without trailing newlines.
    pub(crate) fn command_subst(&mut self, script: &Arc<Script>) -> Result<String, Flow> {
        self.enter_depth()?;
        // A capture is memory, not output: the budget bounds it, and a
        // refusal breaches it, so the check below stops the run by name.
        let limit = usize::try_from(self.limits.max_memory).unwrap_or(usize::MAX);
        let cap = Arc::new(std::sync::Mutex::new(Capture::charged(
            limit,
            crate::memory::Charge::on(&self.run.memory),
        )));
        let mut child = self.subshell();
        child.loop_depth = self.loop_depth;
        child.drop_traced_traps();
        // Outside posix mode, `$( )` runs without `set -e` unless
        // `inherit_errexit` is on.
        if !child.opts.inherit_errexit && !child.opts.posix {
            child.opts.errexit = false;
        }
        child.xtrace_level = child.xtrace_level.saturating_add(1);
        child.fds.set(1, Some(Fd::Out(Output::Shared(cap.clone()))));
        let r = match file_read_only(script) {
            // `$(< file)`: the file's contents, as bash's `cat_file`.
            Some(redirect) => child.with_redirects(std::slice::from_ref(redirect), copy_stdin),
            None => child.exec_list(&script.list),
        };
        self.leave_depth();
        let status = if let Some(s) = self.own_cpu_limit(&child) {
            s
        } else if r == Err(Flow::Abort) {
            return Err(Flow::Abort);
        } else {
            child.finish_subshell(r)
        };
        drop(child);
        self.last_status = status;
        self.substs_run = self.substs_run.wrapping_add(1);
        let data = cap.lock().unwrap_or_else(|e| e.into_inner()).take();
        self.run.check()?;
        let mut data = data;
        if data.contains(&0) {
            // Bash's strings end at a NUL: it drops them, and says so.
            data.retain(|b| *b != 0);
            self.error("warning: command substitution: ignored null byte in input");
        }
        let mut s = crate::bytes::decode_vec(data);
        let trimmed = s.trim_end_matches('\n').len();
        s.truncate(trimmed);
        Ok(s)
    }

    // ----- parameters -------------------------------------------------

    fn positional_list(&self) -> Vec<String> {
        self.positional.as_ref().clone()
    }

    /// Looks a named variable up, including the dynamic ones.
    pub(crate) fn lookup(&mut self, name: &str) -> Option<String> {
        if self.vars.is_nameref(name) {
            return match self.vars.resolve(name) {
                crate::vars::Target::Var(t) if !self.vars.is_nameref(&t) && *t != *name => {
                    self.lookup(&t)
                }
                _ => self.vars.get_str(name).map(str::to_owned),
            };
        }
        match name {
            "RANDOM" => return Some(self.next_random().to_string()),
            "LINENO" => return Some(self.line.to_string()),
            "SECONDS" => return Some(self.seconds().to_string()),
            "EPOCHSECONDS" | "EPOCHREALTIME" if self.vars.get(name).is_none() => {
                let now = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap_or_default();
                return Some(if name == "EPOCHSECONDS" {
                    now.as_secs().to_string()
                } else {
                    format!("{}.{:06}", now.as_secs(), now.subsec_micros())
                });
            }
            "PIPESTATUS" => {
                return Some(self.pipestatus.first().copied().unwrap_or(0).to_string());
            }
            "FUNCNAME" | "BASH_SOURCE" | "BASH_LINENO" => {
                return self.stack_array(name).and_then(|v| v.into_iter().next());
            }
            "BASHPID" => {
                // Named now, so `kill` can reach this process by it.
                self.sys.jobs.procs.register(self.bashpid, &self.sig);
                return Some(self.bashpid.to_string());
            }
            "_" => return Some(self.last_arg.clone()),
            "BASH_SUBSHELL" => return Some(self.subshell_level.to_string()),
            "BASH_COMMAND" => {
                return Some(
                    self.bash_command
                        .get(self.limits.max_parse_depth)
                        .to_string(),
                );
            }
            "SHELLOPTS" => return Some(crate::builtin::shellopts(&self.opts)),
            "DIRSTACK" => return Some(self.cwd.clone()),
            _ => {}
        }
        self.vars.get_str(name).map(str::to_owned)
    }

    fn array_values(&self, name: &str) -> Option<Vec<String>> {
        match name {
            "PIPESTATUS" => {
                return Some(self.pipestatus.iter().map(i32::to_string).collect());
            }
            "FUNCNAME" | "BASH_SOURCE" | "BASH_LINENO" => return self.stack_array(name),
            "DIRSTACK" => return Some(crate::builtin::dir_stack(self)),
            _ => {}
        }
        let v = self.vars.get(name)?;
        Some(match &v.value {
            Value::Unset => return None,
            Value::Str(s) => vec![s.clone()],
            Value::Indexed(m) => m.values().cloned().collect(),
            Value::Assoc(m) => m.values().cloned().collect(),
        })
    }

    fn array_keys(&self, name: &str) -> Vec<String> {
        match self.vars.get(name).map(|v| &v.value) {
            Some(Value::Str(_)) => vec!["0".into()],
            Some(Value::Indexed(m)) => m.keys().map(i64::to_string).collect(),
            Some(Value::Assoc(m)) => m.keys().cloned().collect(),
            _ => Vec::new(),
        }
    }

    pub(crate) fn is_assoc(&self, name: &str) -> bool {
        matches!(self.vars.get(name).map(|v| &v.value), Some(Value::Assoc(_)))
    }

    /// Evaluates an array subscript to an index (negative counts from the end).
    pub(crate) fn eval_index(&mut self, name: &str, sub: &Subscript) -> Result<i64, Flow> {
        let v = match &sub.arith {
            Some(e) => self.arith_eval_expr(e, &sub.raw),
            None => {
                let text = self.expand_string(&sub.word)?;
                self.arith_eval_text(&text)
            }
        };
        let idx = match v {
            Ok(i) => i,
            Err(msg) => {
                self.error(&msg);
                return Err(Flow::Fatal(1));
            }
        };
        Ok(self.index_from_end(name, idx))
    }

    /// A negative index of the indexed array `name` counted from its end
    /// (`a[-1]`: the last element); others unchanged.
    pub(crate) fn index_from_end(&self, name: &str, idx: i64) -> i64 {
        if idx < 0
            && let Some(Value::Indexed(m)) = self.vars.get(name).map(|v| &v.value)
        {
            let max = m.keys().next_back().copied().unwrap_or(-1);
            // `1 + idx` first: the last index may be i64::MAX.
            return max.saturating_add(1 + idx);
        }
        idx
    }

    fn param_value(&mut self, p: &Param) -> Result<PVal, Flow> {
        Ok(match p {
            Param::Positional(0) => PVal::Str(self.name.to_string()),
            Param::Positional(n) => match self.positional.get(*n as usize - 1) {
                Some(v) => {
                    self.fits(v.len())?;
                    PVal::Str(v.clone())
                }
                None => PVal::Unset,
            },
            Param::Special(c) => match c {
                '@' => PVal::List(self.positional_list(), false),
                '*' => PVal::List(self.positional_list(), true),
                '#' => PVal::Str(self.positional.len().to_string()),
                '?' => PVal::Str(self.last_status.to_string()),
                '-' => PVal::Str(self.option_flags()),
                '$' => PVal::Str(self.pid.to_string()),
                '!' => match self.last_bg {
                    Some(p) => PVal::Str(p.to_string()),
                    None => PVal::Unset,
                },
                _ => PVal::Str(self.name.to_string()),
            },
            Param::Named(n)
                if self.vars.is_nameref(n)
                    && let crate::vars::Target::Var(t) = self.vars.resolve(n)
                    && t.contains('[') =>
            {
                // A reference to an element: its subscript is evaluated
                // now, as bash does.
                let t = t.into_owned();
                self.indirect_value(&t)?
            }
            Param::Named(n) => {
                // Operators work on a copy: make sure it fits first.
                self.fits(self.vars.get_str(n).map_or(0, str::len))?;
                match self.lookup(n) {
                    Some(v) => PVal::Str(v),
                    None => PVal::Unset,
                }
            }
            Param::Index(name, sub) => {
                if self.is_assoc(name) {
                    let key = self.expand_string(&sub.word)?;
                    match self.vars.get(name).map(|v| &v.value) {
                        Some(Value::Assoc(m)) => match m.get(&key) {
                            Some(v) => PVal::Str(v.clone()),
                            None => PVal::Unset,
                        },
                        _ => PVal::Unset,
                    }
                } else {
                    let idx = self.eval_index(name, sub)?;
                    if name == "PIPESTATUS" {
                        return Ok(
                            match usize::try_from(idx)
                                .ok()
                                .and_then(|i| self.pipestatus.get(i))
                            {
                                Some(s) => PVal::Str(s.to_string()),
                                None => PVal::Unset,
                            },
                        );
                    }
                    let stack = self.stack_array(name);
                    if stack.is_some() || name == "DIRSTACK" {
                        let v: Vec<String> =
                            stack.unwrap_or_else(|| crate::builtin::dir_stack(self));
                        // A negative index counts from the end here too.
                        let len = i64::try_from(v.len()).unwrap_or(i64::MAX);
                        let idx = if idx < 0 {
                            idx.saturating_add(len)
                        } else {
                            idx
                        };
                        return Ok(match usize::try_from(idx).ok().and_then(|i| v.get(i)) {
                            Some(s) => PVal::Str(s.clone()),
                            None => PVal::Unset,
                        });
                    }
                    match self.vars.get(name).map(|v| &v.value) {
                        Some(Value::Indexed(m)) => match m.get(&idx) {
                            Some(v) => PVal::Str(v.clone()),
                            None => PVal::Unset,
                        },
                        Some(Value::Str(s)) if idx == 0 => PVal::Str(s.clone()),
                        _ => PVal::Unset,
                    }
                }
            }
            Param::All(name, concat) => {
                if let Some(v) = self.vars.get(name) {
                    self.fits(crate::vars::value_size(&v.value) as usize)?;
                }
                match self.array_values(name) {
                    Some(v) => PVal::List(v, *concat),
                    None => PVal::List(Vec::new(), *concat),
                }
            }
        })
    }

    /// Fails with the memory limit unless `n` more bytes fit.
    pub(crate) fn fits(&self, n: usize) -> Result<(), Flow> {
        if n > self.mem_room() {
            return Err(self.run.memory_exceeded());
        }
        Ok(())
    }

    fn param_name(p: &Param) -> String {
        match p {
            Param::Positional(n) => n.to_string(),
            Param::Special(c) => c.to_string(),
            Param::Named(n) => n.clone(),
            Param::Index(n, s) => format!("{n}[{}]", s.raw),
            Param::All(n, c) => format!("{n}[{}]", if *c { '*' } else { '@' }),
        }
    }

    /// The status a fatal expansion error (unbound variable, `${v?}`, bad
    /// transform) leaves the shell with: 127 for a `-c` command string, 1
    /// for a script file or standard input, and 1 in a subshell of either.
    pub(crate) fn expansion_exit_status(&self) -> i32 {
        if self.in_subshell || !self.command_string {
            1
        } else {
            127
        }
    }

    /// `$-`, in bash's flag order.
    fn option_flags(&self) -> String {
        let mut flags = crate::builtin::option_letters(&self.opts);
        if self.command_string {
            flags.push('c');
        }
        flags
    }

    fn push_pval(&self, v: PVal, quoted: bool, b: &mut Builder) {
        match v {
            PVal::Unset => {}
            PVal::Str(s) => {
                if quoted {
                    b.quoted(&s);
                } else {
                    b.split(&s);
                }
            }
            PVal::List(items, concat) => {
                // `"$*"`, and `$*` where nothing is split (an assignment,
                // a `case` subject): the items joined with IFS's first
                // character.
                if concat && (quoted || b.mode == Mode::Single) {
                    let sep: String = self
                        .ifs()
                        .chars()
                        .next()
                        .map(String::from)
                        .unwrap_or_default();
                    b.quoted(&items.join(&sep));
                } else if items.is_empty() {
                    if quoted {
                        b.saw_empty_at = true;
                    }
                } else {
                    for (i, item) in items.iter().enumerate() {
                        if i > 0 {
                            b.delimit();
                        }
                        if quoted {
                            b.quoted(item);
                        } else {
                            b.split(item);
                        }
                    }
                }
            }
        }
    }

    fn expand_param(
        &mut self,
        pe: &ParamExpansion,
        quoted: bool,
        b: &mut Builder,
    ) -> Result<(), Flow> {
        // Fast path: `$name` of a plain variable (a reference may warn,
        // which the general path prints).
        if let (Param::Named(n), ParamOp::Value, false) = (&pe.param, &pe.op, pe.indirect)
            && !self.vars.is_nameref(n)
            && let Some(v) = self.vars.get_str(n)
            && !matches!(n.as_str(), "RANDOM" | "LINENO" | "SECONDS")
        {
            if quoted {
                b.quoted(v);
            } else {
                b.split(v);
            }
            return Ok(());
        }
        // `${#name[@]}` of an array in the store: its element count, with
        // no copy of the elements (nor an associative array's ordering).
        if let (Param::All(n, _), ParamOp::Length, false) = (&pe.param, &pe.op, pe.indirect)
            && !matches!(
                n.as_str(),
                "PIPESTATUS" | "FUNCNAME" | "BASH_SOURCE" | "BASH_LINENO" | "DIRSTACK"
            )
            && !self.vars.is_nameref(n)
        {
            // (An array never given a value is left to the general path,
            // which knows `set -u`.)
            let count = match self.vars.get(n).map(|v| &v.value) {
                Some(Value::Assoc(m)) if !m.is_empty() => Some(m.len()),
                Some(Value::Indexed(m)) if !m.is_empty() => Some(m.len()),
                _ => None,
            };
            if let Some(count) = count {
                b.quoted(&count.to_string());
                return Ok(());
            }
        }
        // `${#name}` of a plain variable: counted in place, since a copy
        // of a value that fills half the budget does not fit.
        if let (Param::Named(n), ParamOp::Length, false) = (&pe.param, &pe.op, pe.indirect)
            && !self.vars.is_nameref(n)
            && let Some(v) = self.vars.get_str(n)
            && !matches!(n.as_str(), "RANDOM" | "LINENO" | "SECONDS")
        {
            let n = if crate::escapes::utf8_locale(&self.vars) {
                v.chars().count()
            } else {
                crate::bytes::byte_len(v)
            };
            b.quoted(&n.to_string());
            return Ok(());
        }
        if pe.indirect
            && let Param::Named(n) = &pe.param
            && let Some(v) = self.vars.get_raw(n)
            && v.attrs & crate::vars::NAMEREF != 0
        {
            // `${!ref}` of a name reference is the name it refers to.
            let Some(target) = v.scalar().map(str::to_owned) else {
                self.error(&format!("{n}: invalid indirect expansion"));
                return Err(Flow::Fatal(1));
            };
            let val = PVal::Str(target);
            return self.expand_param_value(pe, val, false, quoted, b);
        }
        let val = self.param_value(&pe.param)?;
        self.flush_var_warnings();
        self.expand_param_value(pe, val, pe.indirect, quoted, b)
    }

    /// Prints the warnings the variable store left (circular references).
    pub(crate) fn flush_var_warnings(&mut self) {
        for w in self.vars.take_warnings() {
            self.error(&w);
        }
    }

    /// Applies `pe`'s operator to the parameter's value `val`.
    fn expand_param_value(
        &mut self,
        pe: &ParamExpansion,
        mut val: PVal,
        indirect: bool,
        quoted: bool,
        b: &mut Builder,
    ) -> Result<(), Flow> {
        let mut indirect_target = None;
        if indirect {
            let target = match &val {
                PVal::Str(s) => s.clone(),
                PVal::Unset => {
                    if let Param::Named(n) = &pe.param
                        && self.vars.get_raw(n).is_none()
                    {
                        self.error(&format!("{n}: invalid indirect expansion"));
                        return Err(Flow::Fatal(1));
                    }
                    // Declared without a value: nothing to follow (and
                    // nothing whose attributes `@a` could show).
                    if matches!(pe.op, ParamOp::Transform(_)) {
                        return Ok(());
                    }
                    return self.expand_param_value(pe, PVal::Unset, false, quoted, b);
                }
                // `${!a[@]@Q}`: the name is the elements joined.
                PVal::List(l, _) => l.join(" "),
            };
            val = self.indirect_value(&target)?;
            indirect_target = Some(target);
        }
        let ifs_empty = self.ifs().is_empty();
        let is_set = |v: &PVal, t: NullTest| match v {
            PVal::Unset => false,
            PVal::Str(s) => t == NullTest::Unset || !s.is_empty(),
            // Bash tests the words joined: `[@]` words with a space,
            // `[*]` ones with IFS's first character (none when IFS is
            // empty).
            PVal::List(l, concat) => {
                !l.is_empty()
                    && (t == NullTest::Unset
                        || (l.len() > 1 && !(*concat && ifs_empty))
                        || l.iter().any(|s| !s.is_empty()))
            }
        };
        if matches!(val, PVal::Unset)
            && self.opts.nounset
            && matches!(
                pe.op,
                ParamOp::RemovePrefix(..)
                    | ParamOp::RemoveSuffix(..)
                    | ParamOp::Replace { .. }
                    | ParamOp::Substring(..)
                    | ParamOp::Case { .. }
                    | ParamOp::Transform(_)
            )
            && !matches!(pe.param, Param::Special('@' | '*'))
        {
            // Under `set -u` an operator on an unset parameter is the
            // same error as its plain value (bash's `parameter_brace_expand`).
            self.error(&format!(
                "{}: unbound variable",
                Self::param_name(&pe.param)
            ));
            return Err(Flow::Exit(self.expansion_exit_status()));
        }
        match &pe.op {
            ParamOp::Value => {
                if matches!(val, PVal::Unset)
                    && self.opts.nounset
                    && !matches!(pe.param, Param::Special('@' | '*'))
                {
                    self.error(&format!(
                        "{}: unbound variable",
                        Self::param_name(&pe.param)
                    ));
                    return Err(Flow::Exit(self.expansion_exit_status()));
                }
                self.push_pval(val, quoted, b);
            }
            ParamOp::Length => {
                let n = match &val {
                    PVal::Unset => {
                        if self.opts.nounset {
                            self.error(&format!(
                                "{}: unbound variable",
                                Self::param_name(&pe.param)
                            ));
                            return Err(Flow::Exit(self.expansion_exit_status()));
                        }
                        0
                    }
                    PVal::Str(s) if crate::escapes::utf8_locale(&self.vars) => s.chars().count(),
                    PVal::Str(s) => crate::bytes::byte_len(s),
                    PVal::List(l, _) => {
                        // Under `set -u`, an array never given a value has
                        // no length; the error ends the command.
                        if self.opts.nounset
                            && let Param::All(n, _) = &pe.param
                            && self
                                .vars
                                .get(n)
                                .is_none_or(|v| v.attrs & crate::vars::NOVALUE != 0)
                        {
                            self.error(&format!("{n}: unbound variable"));
                            return Err(Flow::Fatal(1));
                        }
                        l.len()
                    }
                };
                b.quoted(&n.to_string());
            }
            ParamOp::Default(t, w) => {
                if is_set(&val, *t) {
                    self.push_pval(val, quoted, b);
                } else {
                    self.expand_parts_of(w, quoted, b)?;
                }
            }
            ParamOp::Alternative(t, w) => {
                if is_set(&val, *t) {
                    self.expand_parts_of(w, quoted, b)?;
                }
            }
            ParamOp::Assign(t, w) => {
                if is_set(&val, *t) {
                    self.push_pval(val, quoted, b);
                } else {
                    let v = self.expand_string(w)?;
                    // `${!p:=v}` assigns the variable `p` names.
                    let r = match indirect_target.as_deref() {
                        Some(t) => match crate::vars::split_element(t) {
                            Some((base, sub)) => {
                                self.assign_element_text(base, sub, v.clone(), false)
                            }
                            None => self.set_var(t, v.clone()),
                        },
                        None => self.assign_param(&pe.param, v.clone()),
                    };
                    if let Err(msg) = r {
                        self.error(&msg);
                        return Err(Flow::Fatal(1));
                    }
                    self.push_pval(PVal::Str(v), quoted, b);
                }
            }
            ParamOp::Error(t, w) => {
                if is_set(&val, *t) {
                    self.push_pval(val, quoted, b);
                } else {
                    let msg = match w {
                        Some(w) if w.literal.is_some() || !w.parts.is_empty() => {
                            self.expand_string(w)?
                        }
                        _ => {
                            if *t == NullTest::Unset {
                                "parameter not set".to_owned()
                            } else {
                                "parameter null or not set".to_owned()
                            }
                        }
                    };
                    self.error(&format!("{}: {msg}", Self::param_name(&pe.param)));
                    return Err(Flow::Exit(self.expansion_exit_status()));
                }
            }
            ParamOp::RemovePrefix(w, longest) | ParamOp::RemoveSuffix(w, longest) => {
                let prefix = matches!(pe.op, ParamOp::RemovePrefix(..));
                let pat = self.compile_pattern(w, false)?;
                let val = self.bytes_of_value(val)?;
                let f = |s: String| -> String {
                    if prefix {
                        match pat.match_prefix(&s, *longest) {
                            Some(n) => s.get(n..).unwrap_or("").to_owned(),
                            None => s,
                        }
                    } else {
                        match pat.match_suffix(&s, *longest) {
                            Some(n) => s.get(..n).unwrap_or("").to_owned(),
                            None => s,
                        }
                    }
                };
                let out = self.shell_text_again(map_pval(val, f));
                self.push_pval(out, quoted, b);
            }
            ParamOp::Replace {
                pattern,
                replacement,
                kind,
            } => {
                let pat = self.compile_pattern(pattern, false)?;
                let rep = match replacement {
                    Some(r)
                        if crate::builtin::shopt_state(&self.opts, "patsub_replacement")
                            .unwrap_or(true) =>
                    {
                        Replacement::from_pieces(self.expand_pattern(r)?)
                    }
                    Some(r) => Replacement::text(self.expand_string(r)?),
                    None => Replacement::text(String::new()),
                };
                let rep = self.byte_replacement(rep)?;
                let val = self.bytes_of_value(val)?;
                let room = self.mem_room();
                let mut over = false;
                let out = map_pval(val, |s| {
                    replace(&pat, &s, &rep, *kind, room).unwrap_or_else(|| {
                        over = true;
                        String::new()
                    })
                });
                if over {
                    return Err(self.run.memory_exceeded());
                }
                let out = self.shell_text_again(out);
                self.push_pval(out, quoted, b);
            }
            ParamOp::Substring(off, len) => {
                let off = self.eval_arith(off)?;
                let len = match len {
                    Some(l) => Some(self.eval_arith(l)?),
                    None => None,
                };
                let out = match val {
                    PVal::Unset => PVal::Unset,
                    PVal::Str(s) if !crate::escapes::utf8_locale(&self.vars) && !s.is_ascii() => {
                        // The C locale slices bytes: `${v:1:2}` of `héllo`
                        // is the two bytes of `é`.
                        let bytes = crate::bytes::encode(&s);
                        match slice_range(bytes.len(), off, len) {
                            Ok((from, to)) => PVal::Str(crate::bytes::decode_vec(
                                bytes.get(from..to).unwrap_or_default().to_vec(),
                            )),
                            Err(()) => {
                                self.error(&format!(
                                    "{}: substring expression < 0",
                                    len.unwrap_or(0)
                                ));
                                return Err(Flow::Fatal(1));
                            }
                        }
                    }
                    PVal::Str(s) => match substring(&s, off, len) {
                        Ok(s) => PVal::Str(s),
                        Err(()) => {
                            self.error(&format!("{}: substring expression < 0", len.unwrap_or(0)));
                            return Err(Flow::Fatal(1));
                        }
                    },
                    PVal::List(items, concat) => {
                        if let Param::All(name, _) = &pe.param
                            && !pe.indirect
                            && let Some(Value::Indexed(m)) = self.vars.get(name).map(|v| &v.value)
                        {
                            // A sparse array is sliced by index: from the
                            // first element at or after the offset (a
                            // negative one counts back from the last index).
                            if len.is_some_and(|l| l < 0) {
                                self.error(&format!(
                                    "{}: substring expression < 0",
                                    len.unwrap_or(0)
                                ));
                                return Err(Flow::Fatal(1));
                            }
                            // (Counted in i128: the last index may be i64::MAX.)
                            let start = if off < 0 {
                                let end = m.keys().next_back().map_or(0, |k| i128::from(*k) + 1);
                                i64::try_from(end + i128::from(off)).unwrap_or(i64::MAX)
                            } else {
                                off
                            };
                            let picked: Vec<String> = if off < 0 && start < 0 {
                                Vec::new()
                            } else {
                                m.range(start..)
                                    .map(|(_, v)| v.clone())
                                    .take(len.map_or(usize::MAX, |l| l as usize))
                                    .collect()
                            };
                            PVal::List(picked, concat)
                        } else if let Param::All(name, _) = &pe.param
                            && !pe.indirect
                            && self.is_assoc(name)
                        {
                            // Bash counts a positive offset into an
                            // associative array from 1 (0 and 1 both start
                            // at the first element), a negative one back
                            // from the count (before the start: the
                            // first), and takes one element for a length
                            // of 0.
                            let n = i64::try_from(items.len()).unwrap_or(i64::MAX);
                            let start = if off < 0 {
                                n.saturating_add(off)
                            } else {
                                off.saturating_sub(1)
                            };
                            let skip = usize::try_from(start).unwrap_or(0);
                            let count = match len {
                                Some(l) if l < 0 => {
                                    self.error(&format!("{l}: substring expression < 0"));
                                    return Err(Flow::Fatal(1));
                                }
                                Some(0) => 1,
                                Some(l) => usize::try_from(l).unwrap_or(usize::MAX),
                                None => usize::MAX,
                            };
                            PVal::List(items.into_iter().skip(skip).take(count).collect(), concat)
                        } else {
                            let items = if matches!(pe.param, Param::Special(_)) {
                                let mut all = vec![self.name.to_string()];
                                all.extend(items);
                                all
                            } else {
                                items
                            };
                            PVal::List(slice_list(items, off, len), concat)
                        }
                    }
                };
                self.push_pval(out, quoted, b);
            }
            ParamOp::Case {
                upper,
                all,
                pattern,
            } => {
                let (upper, all) = (*upper, *all);
                let utf8 = crate::escapes::utf8_locale(&self.vars);
                let out = match pattern {
                    None => map_pval(val, |s| change_case(&s, upper, all, utf8)),
                    Some(w) => {
                        // The pattern is compiled over byte characters
                        // outside a UTF-8 locale: the value is matched as
                        // those too, one byte at a time.
                        let pat = self.compile_pattern(w, false)?;
                        let val = self.bytes_of_value(val)?;
                        let mut buf = [0u8; 4];
                        let out = map_pval(val, |s| {
                            let mut out = String::with_capacity(s.len());
                            for (i, c) in s.chars().enumerate() {
                                if (all || i == 0) && pat.is_match(c.encode_utf8(&mut buf)) {
                                    out.push_str(&change_case(
                                        c.encode_utf8(&mut buf),
                                        upper,
                                        true,
                                        utf8,
                                    ));
                                } else {
                                    out.push(c);
                                }
                            }
                            out
                        });
                        self.shell_text_again(out)
                    }
                };
                self.push_pval(out, quoted, b);
            }
            ParamOp::Transform(op) => {
                // `${!r@a}`: the attributes are those of the variable `r`
                // names (of its array when it names an element).
                let target = indirect_target.as_deref().and_then(|t| {
                    let base = t.split_once('[').map_or(t, |(b, _)| b);
                    crate::builtin::valid_name(base).then(|| Param::Named(base.to_owned()))
                });
                let out = self.transform_param(target.as_ref().unwrap_or(&pe.param), *op, val);
                self.push_pval(out, quoted, b);
            }
            ParamOp::VarNames(prefix, concat) => {
                let names: Vec<String> = self
                    .vars
                    .names()
                    .into_iter()
                    .filter(|n| n.starts_with(prefix.as_str()))
                    // An array counts once assigned, even empty (`a=()`).
                    .filter(|n| {
                        self.vars.get(n).is_some_and(|v| match v.value {
                            Value::Unset => false,
                            Value::Str(_) => true,
                            _ => v.attrs & crate::vars::NOVALUE == 0,
                        })
                    })
                    .map(str::to_owned)
                    .collect();
                // Unquoted `${!p*}` under an empty IFS is one word, the
                // names run together, where `$*` would stay apart.
                if *concat && !quoted && b.mode == Mode::Fields && self.ifs().is_empty() {
                    self.push_pval(PVal::Str(names.concat()), true, b);
                } else {
                    self.push_pval(PVal::List(names, *concat), quoted, b);
                }
            }
            ParamOp::Keys(name, concat) => {
                let keys = self.array_keys(name);
                // Unquoted `${!a[*]}` under an empty IFS is one word, the
                // keys joined with spaces (bash's quirk).
                if *concat && !quoted && b.mode == Mode::Fields && self.ifs().is_empty() {
                    self.push_pval(PVal::Str(keys.join(" ")), true, b);
                } else {
                    self.push_pval(PVal::List(keys, *concat), quoted, b);
                }
            }
        }
        Ok(())
    }

    /// `${p@op}`: `val` is the parameter's value; `@A`, `@K`, `@k` and
    /// `@a` also need the variable (its attributes, keys and kind).
    fn transform_param(&mut self, p: &Param, op: char, val: PVal) -> PVal {
        let base = match p {
            Param::Named(n) | Param::Index(n, _) | Param::All(n, _) => Some(n.as_str()),
            _ => None,
        };
        let var = base.and_then(|n| self.vars.get(n)).cloned();
        match (op, p, &var) {
            ('A', Param::All(n, concat), Some(v)) => {
                let line = crate::builtin::describe(n, v);
                if *concat {
                    return PVal::Str(line);
                }
                // `"${a[@]@A}"` is the declaration as separate words.
                let mut words = line.splitn(3, ' ').map(str::to_owned).collect::<Vec<_>>();
                if words.get(1).is_some_and(|f| f == "--") && words.len() == 3 {
                    words.remove(1);
                }
                PVal::List(words, false)
            }
            ('K' | 'k', Param::All(_, concat), Some(v)) => {
                let pairs: Vec<(String, String)> = match &v.value {
                    Value::Indexed(m) => {
                        m.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
                    }
                    Value::Assoc(m) => m.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
                    Value::Str(s) => vec![("0".to_owned(), s.clone())],
                    Value::Unset => Vec::new(),
                };
                if op == 'k' {
                    let words = pairs.into_iter().flat_map(|(k, v)| [k, v]).collect();
                    return PVal::List(words, *concat);
                }
                let assoc = matches!(v.value, Value::Assoc(_));
                let items: Vec<String> = pairs
                    .iter()
                    .map(|(k, v)| format!("{k} {}", crate::builtin::dquote(v)))
                    .collect();
                // Bash ends an associative array's list with a space.
                let mut out = items.join(" ");
                if assoc && !out.is_empty() {
                    out.push(' ');
                }
                PVal::Str(out)
            }
            ('A', Param::Named(n) | Param::Index(n, _), _) => {
                let letters = var
                    .as_ref()
                    .map(crate::builtin::attr_letters)
                    .unwrap_or_default();
                map_pval(val, |s| {
                    if letters.is_empty() {
                        format!("{n}={}", single_quote(&s))
                    } else {
                        format!("declare -{letters} {n}={}", single_quote(&s))
                    }
                })
            }
            ('a', _, _) => {
                let letters = var
                    .as_ref()
                    .map(crate::builtin::attr_letters)
                    .unwrap_or_default();
                match val {
                    // An array without element 0 still has attributes.
                    PVal::Unset if var.is_some() => PVal::Str(letters),
                    val => map_pval(val, |_| letters.clone()),
                }
            }
            ('P', _, _) => map_pval(val, |s| self.prompt_expand(&s)),
            _ => {
                let name = Self::param_name(p);
                let utf8 = crate::escapes::utf8_locale(&self.vars);
                map_pval(val, |s| transform(&s, op, &name, utf8))
            }
        }
    }

    /// The backslash escapes of a prompt string (`${v@P}`, `PS4`).
    pub(crate) fn prompt_expand(&self, s: &str) -> String {
        let mut out = String::with_capacity(s.len());
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            let Some(e) = chars.next() else {
                out.push('\\');
                break;
            };
            match e {
                'u' => out.push_str(self.vars.get_str("USER").unwrap_or(SESSION_USER)),
                'h' | 'H' => {
                    let host = self.vars.get_str("HOSTNAME").unwrap_or("sandbash");
                    out.push_str(if e == 'h' {
                        host.split('.').next().unwrap_or(host)
                    } else {
                        host
                    });
                }
                'w' | 'W' => {
                    let home = self.vars.get_str("HOME").unwrap_or("");
                    let cwd = self.cwd.as_str();
                    if e == 'W' && cwd != home {
                        out.push_str(cwd.rsplit('/').find(|p| !p.is_empty()).unwrap_or("/"));
                    } else if !home.is_empty()
                        && (cwd == home || cwd.starts_with(&format!("{home}/")))
                    {
                        out.push('~');
                        out.push_str(cwd.get(home.len()..).unwrap_or(""));
                    } else {
                        out.push_str(cwd);
                    }
                }
                '$' => out.push(if self.vars.get_str("EUID") == Some("0") {
                    '#'
                } else {
                    '$'
                }),
                's' => out.push_str("bash"),
                'v' => out.push_str("5.2"),
                'V' => out.push_str(
                    self.vars
                        .get_str("BASH_VERSION")
                        .and_then(|v| v.split('(').next())
                        .unwrap_or("5.2.0"),
                ),
                'n' => out.push('\n'),
                'r' => out.push('\r'),
                'a' => out.push('\u{7}'),
                'e' => out.push('\u{1b}'),
                '\\' => out.push('\\'),
                '[' | ']' => {}
                '0'..='7' => {
                    let mut n = e.to_digit(8).unwrap_or(0);
                    for _ in 0..2 {
                        match chars.peek().and_then(|d| d.to_digit(8)) {
                            Some(d) => {
                                n = n * 8 + d;
                                chars.next();
                            }
                            None => break,
                        }
                    }
                    out.push(char::from_u32(n & 0xff).unwrap_or('?'));
                }
                other => {
                    out.push('\\');
                    out.push(other);
                }
            }
        }
        out
    }

    /// The operand of `${v:-word}` and `${v:+word}`. Unquoted, its
    /// unquoted text is split at `IFS` as the expansion's result is
    /// (`${u:-a b}` gives two words); inside double quotes that text is
    /// quoted, and `"${u:-"$@"}"` still gives one word per element.
    fn expand_parts_of(&mut self, w: &Word, quoted: bool, b: &mut Builder) -> Result<(), Flow> {
        if let Some(l) = &w.literal {
            if quoted {
                b.quoted(l);
            } else {
                b.split(l);
            }
            return Ok(());
        }
        for part in &w.parts {
            match part {
                Part::Text(t) if quoted => b.quoted(t),
                Part::Text(t) => b.split(t),
                _ => self.expand_parts(std::slice::from_ref(part), quoted, b)?,
            }
        }
        Ok(())
    }

    /// The value of `name` or `name[sub]` written as text (a `{var}`
    /// redirection's variable); `None` when unset.
    pub(crate) fn value_of_ref(&mut self, target: &str) -> Result<Option<String>, Flow> {
        Ok(match self.indirect_value(target)? {
            PVal::Str(s) => Some(s),
            PVal::Unset | PVal::List(..) => None,
        })
    }

    /// Assigns `v` to `name` or `name[sub]` written as text.
    pub(crate) fn assign_ref(&mut self, target: &str, v: String) -> Result<(), String> {
        let Some((name, rest)) = target.split_once('[') else {
            return self.set_var(target, v);
        };
        let sub = rest.strip_suffix(']').unwrap_or(rest);
        let s = crate::syntax::parser::subscript(sub, self.limits.max_parse_depth)
            .map_err(|_| format!("{target}: bad array subscript"))?;
        self.assign_param(&Param::Index(name.to_owned(), s), v)
    }

    fn indirect_value(&mut self, target: &str) -> Result<PVal, Flow> {
        if let Some((name, rest)) = target.split_once('[') {
            let sub = rest.trim_end_matches(']');
            if sub == "@" || sub == "*" {
                return Ok(PVal::List(
                    self.array_values(name).unwrap_or_default(),
                    sub == "*",
                ));
            }
            let Ok(s) = crate::syntax::parser::subscript(sub, self.limits.max_parse_depth) else {
                return Ok(PVal::Unset);
            };
            return self.param_value(&Param::Index(name.to_owned(), s));
        }
        if let Ok(n) = target.parse::<u32>() {
            return self.param_value(&Param::Positional(n));
        }
        match target {
            "@" => Ok(PVal::List(self.positional_list(), false)),
            "*" => Ok(PVal::List(self.positional_list(), true)),
            "#" | "?" | "-" | "$" | "!" => {
                self.param_value(&Param::Special(target.chars().next().unwrap_or('0')))
            }
            name if !crate::builtin::valid_name(name) => {
                self.error(&format!("{name}: invalid variable name"));
                Err(Flow::Fatal(1))
            }
            name => Ok(match self.lookup(name) {
                Some(v) => PVal::Str(v),
                None => PVal::Unset,
            }),
        }
    }

    fn assign_param(&mut self, p: &Param, v: String) -> Result<(), String> {
        match p {
            Param::Named(n) => self.set_var(n, v),
            Param::Index(n, s) => {
                let raw = s.raw.clone();
                if self.is_assoc(n) {
                    Arc::make_mut(&mut self.vars)
                        .set_key(n, raw, v)
                        .map_err(|e| e.to_string())
                } else {
                    let idx = self.arith_eval_text(&raw)?;
                    Arc::make_mut(&mut self.vars)
                        .set_index(n, idx, v)
                        .map_err(|e| e.to_string())
                }
            }
            Param::All(..) => Err(format!("{}: bad array subscript", Self::param_name(p))),
            other => Err(format!(
                "${}: cannot assign in this way",
                Self::param_name(other)
            )),
        }
    }

    /// Assigns a scalar, honouring `declare -i`.
    pub(crate) fn set_var(&mut self, name: &str, value: String) -> Result<(), String> {
        match name {
            // Assigning these sets where they count from.
            "RANDOM" | "SECONDS" if !self.vars.is_nameref(name) => {
                let n = self.arith_eval_text(&value).unwrap_or(0);
                if name == "RANDOM" {
                    self.seed_random(n);
                } else {
                    self.seconds_set = Some((n, std::time::Instant::now()));
                }
                return Ok(());
            }
            _ => {}
        }
        if self.vars.is_nameref(name)
            && let crate::vars::Target::Var(t) = self.vars.resolve(name)
            && let Some((base, sub)) = crate::vars::split_element(&t)
        {
            // A reference to an element: its subscript is evaluated now.
            let (base, sub) = (base.to_owned(), sub.to_owned());
            return self.assign_element_text(&base, &sub, value, false);
        }
        let value = if self.vars.get(name).is_some_and(|v| v.attrs & INTEGER != 0) {
            self.arith_eval_text(&value)?.to_string()
        } else {
            value
        };
        let allexport = self.opts.allexport;
        let r = Arc::make_mut(&mut self.vars).set(name, value);
        self.flush_var_warnings();
        r.map_err(|e| e.to_string())?;
        if allexport {
            Arc::make_mut(&mut self.vars).add_attrs(name, crate::vars::EXPORT);
        }
        Ok(())
    }

    // ----- arithmetic --------------------------------------------------

    /// Evaluates `$(( ))`; an error is fatal, as in a non-interactive bash.
    pub(crate) fn eval_arith(&mut self, a: &Arith) -> Result<i64, Flow> {
        match self.try_eval_arith_flow(a)? {
            Ok(v) => Ok(v),
            Err(msg) => {
                self.error(&msg);
                if std::mem::take(&mut self.arith_unbound) {
                    return Err(Flow::Exit(self.expansion_exit_status()));
                }
                Err(Flow::Fatal(1))
            }
        }
    }

    /// Evaluates an arithmetic node; the inner error is the message to print.
    pub(crate) fn try_eval_arith_flow(&mut self, a: &Arith) -> Result<Result<i64, String>, Flow> {
        let r = if let Some(e) = &a.expr {
            self.arith_eval_expr(e, &a.text)
        } else {
            let text = self.expand_string(&a.word)?;
            self.arith_eval_text(&text)
        };
        if r.is_err()
            && let Some(f) = self.arith_subscript_flow.take()
        {
            return Err(f);
        }
        Ok(r)
    }

    /// Like [`Self::try_eval_arith_flow`] for the `(( ))` command.
    pub(crate) fn try_eval_arith(&mut self, a: &Arith) -> Result<i64, String> {
        match self.try_eval_arith_flow(a) {
            Ok(r) => r,
            Err(_) => Err(String::from("expansion failed")),
        }
    }

    pub(crate) fn arith_eval_expr(&mut self, e: &arith::Expr, text: &str) -> Result<i64, String> {
        self.arith_unbound = false;
        self.arith_subscript_flow = None;
        let mut env = ShellArith { sh: self };
        let r = arith::eval(e, &mut env).map_err(|err| err.message(text));
        self.flush_var_warnings();
        r
    }

    pub(crate) fn arith_eval_text(&mut self, text: &str) -> Result<i64, String> {
        self.arith_unbound = false;
        self.arith_subscript_flow = None;
        let mut env = ShellArith { sh: self };
        let r = arith::eval_str(text, &mut env).map_err(|err| err.message(text));
        self.flush_var_warnings();
        r
    }
}

/// The shell's variables as arithmetic sees them.
/// An associative array's key written in arithmetic (`A['x']`,
/// `A["k"]`): bash removes its quotes.
fn arith_key(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => out.extend(chars.by_ref().take_while(|&c| c != '\'')),
            '"' => {
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => match chars.next() {
                            Some(n @ ('"' | '\\' | '$' | '`')) => out.push(n),
                            Some(n) => {
                                out.push('\\');
                                out.push(n);
                            }
                            None => out.push('\\'),
                        },
                        c => out.push(c),
                    }
                }
            }
            '\\' => out.extend(chars.next()),
            c => out.push(c),
        }
    }
    out
}

/// Most subscripts expanded inside one another by arithmetic (each level
/// is an expansion and an evaluation on the stack).
const MAX_SUBSCRIPT_NESTING: u32 = 64;

struct ShellArith<'a> {
    sh: &'a mut Shell,
}

impl ArithEnv for ShellArith<'_> {
    fn expand_subscript(&mut self, raw: &str) -> Result<Option<String>, ArithError> {
        if self.sh.arith_subscripts >= MAX_SUBSCRIPT_NESTING {
            return Err(ArithError::other(format!(
                "{raw}: expression recursion level exceeded"
            )));
        }
        let word = crate::syntax::parser::word(raw, self.sh.limits.max_parse_depth)
            .map_err(|e| ArithError::other(format!("{raw}: {e}")))?;
        self.sh.arith_subscripts += 1;
        let r = self.sh.expand_string(&word);
        self.sh.arith_subscripts -= 1;
        match r {
            Ok(t) => Ok(Some(t)),
            Err(f) => {
                self.sh.arith_subscript_flow = Some(f);
                Err(ArithError::other(String::new()))
            }
        }
    }

    fn get(&mut self, name: &str, index: Option<&str>) -> Result<Option<String>, ArithError> {
        match index {
            None => {
                let v = self.sh.lookup(name);
                if v.is_none() && self.sh.opts.nounset {
                    self.sh.arith_unbound = true;
                    return Err(ArithError::other(format!("{name}: unbound variable")));
                }
                Ok(v)
            }
            Some(i) => Ok(match self.sh.vars.get(name).map(|v| &v.value) {
                Some(Value::Assoc(m)) => m.get(&arith_key(i)).cloned(),
                Some(Value::Indexed(m)) => {
                    let idx: i64 = i.parse().unwrap_or(0);
                    let idx = if idx < 0 {
                        m.keys()
                            .next_back()
                            .copied()
                            .unwrap_or(-1)
                            .saturating_add(1 + idx)
                    } else {
                        idx
                    };
                    m.get(&idx).cloned()
                }
                Some(Value::Str(s)) if i == "0" => Some(s.clone()),
                _ => None,
            }),
        }
    }

    fn set(&mut self, name: &str, index: Option<&str>, value: i64) -> Result<(), ArithError> {
        let r = match index {
            None => self.sh.set_var(name, value.to_string()),
            Some(i) => {
                let vars = Arc::make_mut(&mut self.sh.vars);
                if matches!(vars.get(name).map(|v| &v.value), Some(Value::Assoc(_))) {
                    vars.set_key(name, arith_key(i), value.to_string())
                } else {
                    // A negative index counts back from the end, as it
                    // does when read; one before the start stores nothing.
                    let idx: i64 = i.parse().unwrap_or(0);
                    let idx = if idx < 0 {
                        let end = match vars.get(name).map(|v| &v.value) {
                            Some(Value::Indexed(m)) => {
                                m.keys().next_back().map_or(0, |k| k.saturating_add(1))
                            }
                            Some(Value::Str(_)) => 1,
                            _ => 0,
                        };
                        end.saturating_add(idx)
                    } else {
                        idx
                    };
                    if idx < 0 {
                        self.sh.error(&format!("{name}[{i}]: bad array subscript"));
                        return Ok(());
                    }
                    vars.set_index(name, idx, value.to_string())
                }
                .map_err(|e| e.to_string())
            }
        };
        r.map_err(ArithError::other)
    }

    fn is_assoc(&self, name: &str) -> bool {
        self.sh.is_assoc(name)
    }
}

/// The one account the sandbox knows, as `~name` sees it (its passwd entry,
/// not `$HOME`).
const SESSION_USER: &str = "agent";
/// Its home directory.
const SESSION_HOME: &str = "/home/agent";

/// A tilde prefix as the script wrote it.
pub(crate) fn tilde_text(t: &Tilde) -> String {
    match t {
        Tilde::Home => "~".to_owned(),
        Tilde::Pwd => "~+".to_owned(),
        Tilde::OldPwd => "~-".to_owned(),
        Tilde::User(u) => format!("~{u}"),
    }
}

/// `$name` with no operator, indirection or dynamic value.
fn pe_is_plain(pe: &ParamExpansion) -> bool {
    matches!(pe.op, ParamOp::Value)
        && !pe.indirect
        && matches!(&pe.param, Param::Named(n) if !matches!(n.as_str(), "RANDOM" | "LINENO" | "SECONDS" | "_"))
}

fn map_pval(v: PVal, mut f: impl FnMut(String) -> String) -> PVal {
    match v {
        PVal::Unset => PVal::Unset,
        PVal::Str(s) => PVal::Str(f(s)),
        PVal::List(l, c) => PVal::List(l.into_iter().map(f).collect(), c),
    }
}

/// The replacement of `${v/p/r}`: text, and (`patsub_replacement`, on by
/// default) the places where an unquoted `&` stands for the matched text.
struct Replacement {
    parts: Vec<RepPart>,
}

enum RepPart {
    Text(String),
    Match,
}

impl Replacement {
    fn text(s: String) -> Self {
        Self {
            parts: vec![RepPart::Text(s)],
        }
    }

    /// From the replacement word's expansion: `&` in its unquoted text
    /// is the match, a quoted or backslash-escaped `&` is itself, and an
    /// unquoted backslash escapes the character after it.
    fn from_pieces(pieces: Vec<PatternPiece>) -> Self {
        let mut parts = Vec::new();
        let mut cur = String::new();
        for p in pieces {
            match p {
                PatternPiece::Literal(t) => cur.push_str(&t),
                PatternPiece::Pattern(t) => {
                    let mut chars = t.chars();
                    while let Some(c) = chars.next() {
                        match c {
                            '&' => {
                                parts.push(RepPart::Text(std::mem::take(&mut cur)));
                                parts.push(RepPart::Match);
                            }
                            '\\' => match chars.next() {
                                Some(n @ ('&' | '\\')) => cur.push(n),
                                Some(n) => {
                                    cur.push('\\');
                                    cur.push(n);
                                }
                                None => cur.push('\\'),
                            },
                            c => cur.push(c),
                        }
                    }
                }
            }
        }
        parts.push(RepPart::Text(cur));
        Self { parts }
    }

    /// The replacement for one match.
    fn render(&self, matched: &str) -> Cow<'_, str> {
        if let [RepPart::Text(t)] = self.parts.as_slice() {
            return Cow::Borrowed(t);
        }
        let mut out = String::new();
        for p in &self.parts {
            match p {
                RepPart::Text(t) => out.push_str(t),
                RepPart::Match => out.push_str(matched),
            }
        }
        Cow::Owned(out)
    }
}

/// `${v/p/r}` and friends; `None` when the result would pass `room` bytes
/// (`${x//?/$x}` squares the length).
fn replace(
    pat: &Pattern,
    s: &str,
    rep: &Replacement,
    kind: ReplaceKind,
    room: usize,
) -> Option<String> {
    let fits = |n: usize| n <= room;
    match kind {
        ReplaceKind::Prefix => match pat.match_prefix(s, true) {
            Some(n) => {
                let rep = rep.render(s.get(..n).unwrap_or(""));
                let rest = s.get(n..).unwrap_or("");
                fits(rep.len().saturating_add(rest.len())).then(|| format!("{rep}{rest}"))
            }
            None => Some(s.to_owned()),
        },
        ReplaceKind::Suffix => match pat.match_suffix(s, true) {
            Some(n) => {
                let rep = rep.render(s.get(n..).unwrap_or(""));
                let head = s.get(..n).unwrap_or("");
                fits(rep.len().saturating_add(head.len())).then(|| format!("{head}{rep}"))
            }
            None => Some(s.to_owned()),
        },
        ReplaceKind::First | ReplaceKind::All => {
            let mut out = String::with_capacity(s.len().min(room));
            let mut pos = 0;
            // As bash: no match is tried at the end of a non-empty string.
            while pos < s.len() || (s.is_empty() && pos == 0) {
                match pat.find(s, pos) {
                    Some((st, en)) => {
                        let rep = rep.render(s.get(st..en).unwrap_or(""));
                        let before = s.get(pos..st).unwrap_or("");
                        if !fits(out.len() + before.len() + rep.len() + 4) {
                            return None;
                        }
                        out.push_str(before);
                        out.push_str(&rep);
                        if en == st {
                            // An empty match: keep one char and move on.
                            match s.get(st..).and_then(|r| r.chars().next()) {
                                Some(c) => {
                                    out.push(c);
                                    pos = st + c.len_utf8();
                                }
                                None => {
                                    pos = s.len() + 1;
                                }
                            }
                        } else {
                            pos = en;
                        }
                        if kind == ReplaceKind::First {
                            break;
                        }
                    }
                    None => break,
                }
            }
            if pos <= s.len() {
                let rest = s.get(pos..).unwrap_or("");
                if !fits(out.len() + rest.len()) {
                    return None;
                }
                out.push_str(rest);
            }
            Some(out)
        }
    }
}

fn substring(s: &str, off: i64, len: Option<i64>) -> Result<String, ()> {
    let (start, end) = slice_range(s.chars().count(), off, len)?;
    Ok(s.chars().skip(start).take(end - start).collect())
}

/// The `start..end` that `${v:off:len}` takes of `n` units (characters,
/// or bytes in the C locale); `Err` when a negative length ends before
/// the start (bash's "substring expression < 0").
fn slice_range(n: usize, off: i64, len: Option<i64>) -> Result<(usize, usize), ()> {
    let n = i64::try_from(n).unwrap_or(i64::MAX);
    if off < 0 && n.saturating_add(off) < 0 {
        return Ok((0, 0));
    }
    let start = if off < 0 {
        n.saturating_add(off).max(0)
    } else {
        off.min(n)
    };
    let end = match len {
        None => n,
        Some(l) if l < 0 => {
            let e = n.saturating_add(l);
            if e < start {
                return Err(());
            }
            e
        }
        Some(l) => (start.saturating_add(l)).min(n),
    };
    let as_index = |v: i64| usize::try_from(v.max(0)).unwrap_or(0);
    Ok((as_index(start), as_index(end.max(start))))
}

fn slice_list(items: Vec<String>, off: i64, len: Option<i64>) -> Vec<String> {
    let n = items.len() as i64;
    let start = if off < 0 { n + off } else { off };
    if start < 0 || start > n {
        return Vec::new();
    }
    let count = match len {
        None => n - start,
        Some(l) if l < 0 => (n + l - start).max(0),
        Some(l) => l.min(n - start),
    };
    items
        .into_iter()
        .skip(start as usize)
        .take(count.max(0) as usize)
        .collect()
}

/// `${v^^}` and friends; outside a UTF-8 locale (`utf8` false) only ASCII
/// letters have a case, as in bash under `LC_ALL=C`.
fn change_case(s: &str, upper: bool, all: bool, utf8: bool) -> String {
    let conv = |c: char| -> String {
        if !utf8 {
            if upper {
                c.to_ascii_uppercase().to_string()
            } else {
                c.to_ascii_lowercase().to_string()
            }
        } else if upper {
            c.to_uppercase().collect()
        } else {
            c.to_lowercase().collect()
        }
    };
    if all {
        s.chars().map(conv).collect()
    } else {
        let mut chars = s.chars();
        match chars.next() {
            Some(c) => conv(c) + chars.as_str(),
            None => String::new(),
        }
    }
}

/// `${v@Q}`-style quoting: single quotes, `'\''` for embedded quotes.
pub(crate) fn single_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

fn transform(s: &str, op: char, name: &str, utf8: bool) -> String {
    match op {
        // Control characters need `$'...'`, as bash quotes them; the C
        // locale has no printable byte past ASCII either, so `héllo` is
        // `$'h\303\251llo'` there.
        'Q' if crate::printf::needs_ansi_c(s, utf8) => crate::printf::ansi_c_quote(s, utf8),
        'Q' => single_quote(s),
        'U' => change_case(s, true, true, utf8),
        'L' => change_case(s, false, true, utf8),
        'u' => change_case(s, true, false, utf8),
        'E' => crate::escapes::ansi_c_in(s, utf8),
        'A' => format!("{name}={}", single_quote(s)),
        // `@K` of a scalar quotes it as `@Q` does.
        'K' | 'k' => single_quote(s),
        // `${v~~}`, `${v~}`: case toggled, every character or the first.
        'T' | 't' => {
            let mut out = String::with_capacity(s.len());
            for (i, c) in s.chars().enumerate() {
                if (op == 't' && i > 0) || !(utf8 || c.is_ascii()) {
                    out.push(c);
                } else if c.is_uppercase() {
                    out.extend(c.to_lowercase());
                } else {
                    out.extend(c.to_uppercase());
                }
            }
            out
        }
        'a' => String::new(),
        _ => s.to_owned(),
    }
}

/// The redirection of a `$( )` body that is only `< file` (no words, no
/// assignments, one input redirection of descriptor 0), which bash
/// replaces by the file's contents.
fn file_read_only(script: &crate::ast::Script) -> Option<&crate::ast::Redirect> {
    use crate::ast::{Command, RedirectKind};
    let [item] = script.list.as_slice() else {
        return None;
    };
    let and_or = &item.and_or;
    if item.background || !and_or.rest.is_empty() {
        return None;
    }
    let p = &and_or.first;
    let ([Command::Simple(c)], false, None) = (p.commands.as_slice(), p.bang, p.timed) else {
        return None;
    };
    let [r] = c.redirects.as_slice() else {
        return None;
    };
    let plain = c.words.is_empty() && c.assigns.is_empty() && r.var.is_none();
    (plain && matches!(r.fd, None | Some(0)) && matches!(r.kind, RedirectKind::Read(_)))
        .then_some(r)
}

/// Copies descriptor 0 to descriptor 1 until end of input.
fn copy_stdin(sh: &mut Shell) -> crate::shell::Exec {
    use std::io::Read;
    let input = sh.fds.input(0);
    let mut reader = &input;
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        sh.run.check()?;
        match reader.read(&mut buf) {
            Ok(0) => return Ok(0),
            Ok(n) => sh.out(buf.get(..n).unwrap_or(&[]))?,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return Ok(1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globignore_splits_outside_brackets_and_groups() {
        assert_eq!(split_globignore("*.o:*.h"), ["*.o", "*.h"]);
        assert_eq!(split_globignore("[[:alnum:]]*:x"), ["[[:alnum:]]*", "x"]);
        assert_eq!(split_globignore("[![:alnum:]]*"), ["[![:alnum:]]*"]);
        assert_eq!(split_globignore("[]:]a:b"), ["[]:]a", "b"]);
        assert_eq!(split_globignore("a\\:b:c"), ["a\\:b", "c"]);
        assert_eq!(split_globignore("@(a:b):c"), ["@(a:b)", "c"]);
        // An unclosed bracket is plain text: the colon after it splits.
        assert_eq!(split_globignore("[a:b"), ["[a", "b"]);
        assert_eq!(split_globignore("[[:x:b"), ["[[", "x", "b"]);
        assert_eq!(split_globignore(":"), ["", ""]);
    }

    #[test]
    fn substrings_like_bash() {
        assert_eq!(substring("hello", 1, Some(3)).unwrap(), "ell");
        assert_eq!(substring("hello", -3, None).unwrap(), "llo");
        assert_eq!(substring("hello", 1, Some(-1)).unwrap(), "ell");
        assert_eq!(substring("hello", 9, None).unwrap(), "");
        assert!(substring("hello", 3, Some(-3)).is_err());
    }

    #[test]
    fn ifs_splitting() {
        let mut b = Builder::new(Mode::Fields, ":", usize::MAX);
        b.split("a::b:");
        let f: Vec<String> = b.finish().into_iter().map(|f| f.text).collect();
        assert_eq!(f, ["a", "", "b"]);
        let mut b = Builder::new(Mode::Fields, " \t\n", usize::MAX);
        b.split("  a  b ");
        let f: Vec<String> = b.finish().into_iter().map(|f| f.text).collect();
        assert_eq!(f, ["a", "b"]);
    }

    #[test]
    fn replacement_ampersands() {
        let rep = Replacement::from_pieces(vec![
            PatternPiece::Pattern(r"[&]\\&\&".into()),
            PatternPiece::Literal("&".into()),
        ]);
        assert_eq!(rep.render("o"), r"[o]\o&&");
        assert_eq!(Replacement::text("&".into()).render("o"), "&");
    }

    #[test]
    fn builder_refuses_past_its_room() {
        let mut b = Builder::new(Mode::Single, "", 10);
        b.literal("12345");
        b.quoted("678");
        assert!(!b.over);
        b.literal("abc");
        assert!(b.over);
        assert_eq!(b.cur.text, "12345678");
    }
}
