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

use crate::ast::*;
use crate::glob::{self, GlobOptions};
use crate::io::{Capture, Fd, Output};
use crate::pattern::{Pattern, PatternOptions, PatternPiece};
use crate::shell::{Flow, Shell};
use crate::vars::{INTEGER, Value};

mod arith_env;
mod param;

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
    /// The fields, or the memory limit's stop when one did not fit (the
    /// last field's own room counts: checked after it is closed).
    fn finish_checked(mut self, sh: &Shell) -> Result<Vec<Field>, Flow> {
        self.close();
        if self.over {
            return Err(sh.run.memory_exceeded());
        }
        Ok(self.fields)
    }

    /// Ends the field being built, if any (in `Single` mode there is
    /// always one).
    fn close(&mut self) {
        if self.cur.started || (self.mode == Mode::Single && self.fields.is_empty()) {
            self.push_field();
        }
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
                let limit = MAX_WORDS.min(self.limits.max_memory / crate::braces::WORD_COST);
                let room = self.mem_room() as u64;
                let texts = match crate::braces::expand_checked(tree, limit, room, &self.run.cancel)
                {
                    Ok(texts) => texts,
                    Err(crate::braces::Refused::TooBig) => {
                        return Err(self.run.memory_exceeded());
                    }
                    Err(crate::braces::Refused::Stopped(r)) => {
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
                    && let Some(v) = self.vars.plain_scalar(n)
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
    pub(crate) fn compile_pattern(
        &mut self,
        w: &Word,
        opts: PatternOptions,
    ) -> Result<Arc<Pattern>, Flow> {
        let pieces = self.expand_pattern(w)?;
        self.compile_pieces(w, pieces, opts)
    }

    /// The options a pattern of a parameter operator or `case` is read
    /// with: `shopt` says (`[[ == ]]` reads extended patterns always).
    pub(crate) fn pattern_options(&self, nocase: bool) -> PatternOptions {
        PatternOptions {
            extglob: self.opts.extglob,
            nocase,
        }
    }

    /// Compiles `pieces`, the expansion of `w`, whose cache keeps it.
    pub(crate) fn compile_pieces(
        &mut self,
        w: &Word,
        mut pieces: Vec<PatternPiece>,
        opts: PatternOptions,
    ) -> Result<Arc<Pattern>, Flow> {
        if !self.vars.utf8_locale() {
            for p in &mut pieces {
                let (PatternPiece::Literal(t) | PatternPiece::Pattern(t)) = p;
                if !t.is_ascii() {
                    *t = crate::bytes::byte_chars(t).into_owned();
                }
            }
        }
        w.pattern_cache
            .get_or_compile(pieces, opts, |p| compile_recent(p, opts))
            .map_err(|e| {
                self.error(&e.to_string());
                Flow::Fatal(1)
            })
    }

    pub(crate) fn matches_pattern(
        &mut self,
        w: &Word,
        s: &str,
        opts: PatternOptions,
    ) -> Result<bool, Flow> {
        if let Some(l) = &w.literal
            && !l.contains(['*', '?', '[', '('])
            && !opts.nocase
        {
            return Ok(l == s);
        }
        let pat = self.compile_pattern(w, opts)?;
        let text = self.byte_text(s)?;
        Ok(pat.is_match(&text))
    }

    /// `s` as patterns see it: itself in a UTF-8 locale; in the C locale
    /// one character per byte (`?` is one byte, `[[:alpha:]]` ASCII
    /// letters only: stand-ins are no letters), turned back with
    /// [`crate::bytes::from_byte_chars`]. A stand-in takes four bytes, so
    /// the copy of a large non-ASCII value is charged to the memory room.
    pub(crate) fn byte_text<'s>(&self, s: &'s str) -> Result<std::borrow::Cow<'s, str>, Flow> {
        if s.is_ascii() || self.vars.utf8_locale() {
            return Ok(std::borrow::Cow::Borrowed(s));
        }
        if s.len().saturating_mul(4) > self.mem_room() {
            return Err(self.run.memory_exceeded());
        }
        Ok(crate::bytes::byte_chars(s))
    }

    /// [`Shell::byte_text`] of every string of a value.
    fn bytes_of_value(&self, v: PVal) -> Result<PVal, Flow> {
        if self.vars.utf8_locale() {
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
        if self.vars.utf8_locale() {
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
        if self.vars.utf8_locale() {
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
                Part::Tilde(t) if self.literal_tilde => b.literal(&t.text()),
                Part::Tilde(t) => match self.tilde_value(t) {
                    Some(v) => b.quoted(&v),
                    // Bash leaves a prefix it cannot expand as written, and
                    // still globs it.
                    None => b.literal(&t.text()),
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
}

/// The one account the sandbox knows, as `~name` sees it (its passwd entry,
/// not `$HOME`).
const SESSION_USER: &str = "agent";
/// Its home directory.
const SESSION_HOME: &str = "/home/agent";

/// `$name` with no operator or indirection.
fn pe_is_plain(pe: &ParamExpansion) -> bool {
    matches!(pe.op, ParamOp::Value) && !pe.indirect && matches!(&pe.param, Param::Named(_))
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
    if all {
        return crate::case::convert(s, upper, utf8);
    }
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => {
            let mut buf = [0u8; 4];
            crate::case::convert(c.encode_utf8(&mut buf), upper, utf8) + chars.as_str()
        }
        None => String::new(),
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
                    out.push(crate::case::lower_char(c));
                } else {
                    out.push(crate::case::upper_char(c));
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
    fn a_last_field_past_the_room_is_the_memory_stop() {
        let mut b = Builder::new(Mode::Single, "", 16);
        b.quoted("key12345");
        b.close();
        assert!(b.over, "the field's own overhead did not fit");
    }

    #[test]
    fn ifs_splitting() {
        let mut b = Builder::new(Mode::Fields, ":", usize::MAX);
        b.split("a::b:");
        b.close();
        let f: Vec<String> = b.fields.into_iter().map(|f| f.text).collect();
        assert_eq!(f, ["a", "", "b"]);
        let mut b = Builder::new(Mode::Fields, " \t\n", usize::MAX);
        b.split("  a  b ");
        b.close();
        let f: Vec<String> = b.fields.into_iter().map(|f| f.text).collect();
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
