//! Bash pattern matching: the one matcher behind `case`, `[[ == ]]`, the
//! `${v#p}` / `${v%p}` / `${v/p/r}` family and pathname expansion.
//!
//! Why it looks like this:
//! - Quoting changes meaning (`"*"` is a star, `*` is any string), so a
//!   pattern arrives as [`PatternPiece`]s and is flattened into tokens that
//!   remember whether each char is special.
//! - Scripts are untrusted, so matching must never backtrack exponentially.
//!   Patterns without `!(...)` compile to the linear-time `regex` crate
//!   (whole-string tests, leftmost starts) and to `regex-automata` PikeVMs
//!   with `MatchKind::All` semantics, which give the *shortest* (earliest)
//!   and *longest* anchored match in one linear pass — what `#`/`##` and
//!   `${v/p/r}` need and what the `regex` crate's leftmost-first API cannot
//!   express. Suffixes (`%`/`%%`) run the reversed pattern over the reversed
//!   string.
//! - `!(...)` (complement) has no regular-expression translation that stays
//!   small, so patterns containing it run on our own matcher: a simulation
//!   over *sets of positions* (no backtracking, polynomial: `!(p)` at a start
//!   `i` computes every end `j` that `p` reaches from `i` and takes the
//!   complement). It is O(n²·m) at worst and carries a step budget; past the
//!   budget the match reports "no match" rather than hanging. We chose this
//!   over `fancy-regex` because that crate has no complement operator either
//!   (a look-ahead emulation would backtrack) and would add a dependency.
//! - Compilation is bounded: pattern length, extglob nesting depth and the
//!   compiled automaton size all fail with [`PatternError`], never a panic.

use std::cell::Cell;
use std::sync::Mutex;

use regex::{Regex, RegexBuilder};
use regex_automata::nfa::thompson::{
    self,
    pikevm::{Cache, PikeVM},
};
use regex_automata::{Anchored, Input, MatchKind};
use thiserror::Error;

/// Longest pattern accepted, in chars.
pub const MAX_PATTERN_CHARS: usize = 1 << 20;
/// Deepest nesting of extglob groups accepted.
pub const MAX_EXTGLOB_DEPTH: usize = 64;
/// Size limit for each compiled automaton, in bytes.
const AUTOMATON_SIZE_LIMIT: usize = 16 << 20;
/// Work budget (position-set cells touched) of one `!(...)` match.
const COMPLEMENT_STEP_BUDGET: u64 = 100_000_000;
/// Longest name accepted inside `[:name:]`, `[=c=]`, `[.c.]`.
const MAX_CLASS_NAME: usize = 32;

/// One segment of a pattern word, as quoting left it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatternPiece {
    /// Quoted text: every char matches itself.
    Literal(String),
    /// Unquoted text: `*`, `?`, `[...]`, extglob operators and backslash
    /// escapes are active.
    Pattern(String),
}

/// Options that change how a pattern is read or matched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PatternOptions {
    /// Recognise `?(..) *(..) +(..) @(..) !(..)` (`shopt -s extglob`).
    pub extglob: bool,
    /// Match letters case-insensitively (`nocasematch` / `nocaseglob`).
    pub nocase: bool,
}

/// Why a pattern could not be compiled.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PatternError {
    /// More than [`MAX_PATTERN_CHARS`] chars.
    #[error("pattern too long")]
    TooLong,
    /// Extglob groups nested deeper than [`MAX_EXTGLOB_DEPTH`].
    #[error("pattern nested too deeply")]
    TooDeep,
    /// The compiled automaton would exceed its size limit.
    #[error("pattern too complex")]
    TooComplex,
}

/// A flattened pattern char: `special` is false for quoted or escaped chars.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Tok {
    c: char,
    special: bool,
}

impl Tok {
    fn is(self, c: char) -> bool {
        self.special && self.c == c
    }
}

/// A POSIX character class name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PosixClass {
    Alnum,
    Alpha,
    Blank,
    Cntrl,
    Digit,
    Graph,
    Lower,
    Print,
    Punct,
    Space,
    Upper,
    Xdigit,
    Word,
}

impl PosixClass {
    fn from_name(name: &str) -> Option<Self> {
        Some(match name {
            "alnum" => Self::Alnum,
            "alpha" => Self::Alpha,
            "blank" => Self::Blank,
            "cntrl" => Self::Cntrl,
            "digit" => Self::Digit,
            "graph" => Self::Graph,
            "lower" => Self::Lower,
            "print" => Self::Print,
            "punct" => Self::Punct,
            "space" => Self::Space,
            "upper" => Self::Upper,
            "xdigit" => Self::Xdigit,
            "word" => Self::Word,
            _ => return None,
        })
    }

    fn matches(self, c: char) -> bool {
        match self {
            Self::Alnum => c.is_alphanumeric(),
            Self::Alpha => c.is_alphabetic(),
            Self::Blank => c == ' ' || c == '\t',
            Self::Cntrl => c.is_control(),
            Self::Digit => c.is_ascii_digit(),
            Self::Graph => !c.is_control() && !c.is_whitespace(),
            Self::Lower => c.is_lowercase(),
            Self::Print => !c.is_control(),
            Self::Punct => c.is_ascii_punctuation(),
            Self::Space => c.is_whitespace(),
            Self::Upper => c.is_uppercase(),
            Self::Xdigit => c.is_ascii_hexdigit(),
            Self::Word => c.is_alphanumeric() || c == '_',
        }
    }

    /// The same set as items inside a regex bracket class.
    fn regex_items(self) -> &'static str {
        match self {
            Self::Alnum => r"\p{Alphabetic}\p{N}",
            Self::Alpha => r"\p{Alphabetic}",
            Self::Blank => r"\x{20}\x{9}",
            Self::Cntrl => r"\p{Cc}",
            Self::Digit => r"0-9",
            Self::Graph => r"[^\p{Cc}\p{White_Space}]",
            Self::Lower => r"\p{Lowercase}",
            Self::Print => r"[^\p{Cc}]",
            Self::Punct => r"\x{21}-\x{2F}\x{3A}-\x{40}\x{5B}-\x{60}\x{7B}-\x{7E}",
            Self::Space => r"\p{White_Space}",
            Self::Upper => r"\p{Uppercase}",
            Self::Xdigit => r"0-9A-Fa-f",
            Self::Word => r"\p{Alphabetic}\p{N}_",
        }
    }
}

/// One item of a bracket expression.
#[derive(Clone, Debug, PartialEq, Eq)]
enum BracketItem {
    Char(char),
    Range(char, char),
    Class(PosixClass),
    /// An unknown class or multi-char collating element: matches nothing.
    Never,
}

/// A bracket expression `[...]`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Bracket {
    negated: bool,
    items: Vec<BracketItem>,
}

impl Bracket {
    fn matches_exact(&self, c: char) -> bool {
        let hit = self.items.iter().any(|item| match *item {
            BracketItem::Char(x) => x == c,
            BracketItem::Range(a, b) => a <= c && c <= b,
            BracketItem::Class(k) => k.matches(c),
            BracketItem::Never => false,
        });
        hit != self.negated
    }

    fn matches(&self, c: char, nocase: bool) -> bool {
        if !nocase {
            return self.matches_exact(c);
        }
        // Case-insensitive: the char or one of its simple case variants.
        let variants = [c, crate::case::lower_char(c), crate::case::upper_char(c)];
        let hit = variants.iter().any(|&v| {
            self.items.iter().any(|item| match *item {
                BracketItem::Char(x) => x == v,
                BracketItem::Range(a, b) => a <= v && v <= b,
                BracketItem::Class(k) => k.matches(v),
                BracketItem::Never => false,
            })
        });
        hit != self.negated
    }
}

fn chars_eq(a: char, b: char, nocase: bool) -> bool {
    a == b || (nocase && (a.to_lowercase().eq(b.to_lowercase())))
}

/// The extglob operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ExtOp {
    /// `?(..)`
    ZeroOrOne,
    /// `*(..)`
    ZeroOrMore,
    /// `+(..)`
    OneOrMore,
    /// `@(..)`
    One,
    /// `!(..)`
    Not,
}

/// A compiled pattern element.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Node {
    Lit(char),
    Any,
    Star,
    Class(Bracket),
    Ext(ExtOp, Vec<Vec<Node>>),
}

fn tokenize(pieces: &[PatternPiece]) -> Vec<Tok> {
    let mut toks = Vec::new();
    for piece in pieces {
        match piece {
            PatternPiece::Literal(s) => {
                toks.extend(s.chars().map(|c| Tok { c, special: false }));
            }
            PatternPiece::Pattern(s) => {
                let mut it = s.chars();
                while let Some(c) = it.next() {
                    if c == '\\' {
                        let c = it.next().unwrap_or('\\');
                        toks.push(Tok { c, special: false });
                    } else {
                        toks.push(Tok { c, special: true });
                    }
                }
            }
        }
    }
    toks
}

/// True if the pieces contain an unquoted `*`, `?`, or `[` with an
/// unquoted `]` after it (and, with `extglob`, an unquoted `+(`, `@(` or
/// `!(`): the word is subject to pathname expansion. A `[` alone (the
/// `[` command) is not, as in bash's `unquoted_glob_pattern_p`.
pub fn has_glob_chars(pieces: &[PatternPiece], extglob: bool) -> bool {
    let toks = tokenize(pieces);
    let mut open = false;
    toks.iter().enumerate().any(|(i, t)| {
        if !t.special {
            return false;
        }
        match t.c {
            '*' | '?' => true,
            '[' => {
                open = true;
                false
            }
            ']' => open,
            '+' | '@' | '!' => extglob && toks.get(i + 1).is_some_and(|n| n.is('(')),
            _ => false,
        }
    })
}

/// The text the pieces denote literally: quoted text as is, unquoted text
/// with backslash escapes removed (what a word that is not matched means).
pub fn literal_text(pieces: &[PatternPiece]) -> String {
    tokenize(pieces).iter().map(|t| t.c).collect()
}

/// Escapes `s` so that, used as [`PatternPiece::Pattern`] text, it matches
/// exactly itself.
pub fn quote_pattern(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(
            c,
            '\\' | '*' | '?' | '[' | ']' | '(' | ')' | '|' | '+' | '@' | '!' | '^' | '-'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Reads the token list into nodes. Brackets and extglob groups are
/// located by linear pre-scans so unmatched `[` / `(` cost O(1) each.
struct Parser<'a> {
    toks: &'a [Tok],
    extglob: bool,
    /// For a position that starts a bracket item (not the first one), the
    /// index of the `]` that closes the bracket, if any.
    close_of: Vec<Option<usize>>,
    /// For an unquoted `(`, the index of its matching unquoted `)`.
    paren_end: Vec<Option<usize>>,
}

impl<'a> Parser<'a> {
    fn new(toks: &'a [Tok], extglob: bool) -> Self {
        let n = toks.len();
        let mut p = Parser {
            toks,
            extglob,
            close_of: vec![None; n + 1],
            paren_end: vec![None; n],
        };
        for k in (0..n).rev() {
            let closes = toks.get(k).is_some_and(|t| t.is(']'));
            let v = if closes {
                Some(k)
            } else {
                let next = (k + p.item_len(k)).min(n);
                p.close_of.get(next).copied().flatten()
            };
            if let Some(slot) = p.close_of.get_mut(k) {
                *slot = v;
            }
        }
        if extglob {
            let mut stack = Vec::new();
            let mut k = 0;
            while k < n {
                let Some(t) = toks.get(k).copied() else { break };
                if t.is('[')
                    && let Some((_, end)) = p.bracket(k)
                {
                    k = end + 1;
                    continue;
                }
                if t.is('(') {
                    stack.push(k);
                } else if t.is(')')
                    && let Some(open) = stack.pop()
                    && let Some(slot) = p.paren_end.get_mut(open)
                {
                    *slot = Some(k);
                }
                k += 1;
            }
        }
        p
    }

    fn tok(&self, k: usize) -> Option<Tok> {
        self.toks.get(k).copied()
    }

    /// Length in tokens of the bracket item starting at `k`.
    fn item_len(&self, k: usize) -> usize {
        let Some(t) = self.tok(k) else { return 1 };
        if t.is('[')
            && let Some(kind) = self.tok(k + 1)
            && kind.special
            && matches!(kind.c, ':' | '=' | '.')
        {
            let limit = (k + 2 + MAX_CLASS_NAME).min(self.toks.len());
            for j in k + 2..limit {
                if self.tok(j).is_some_and(|x| x.c == kind.c)
                    && self.tok(j + 1).is_some_and(|x| x.c == ']')
                {
                    return j + 2 - k;
                }
            }
            return 1;
        }
        if self.tok(k + 1).is_some_and(|x| x.is('-')) && self.tok(k + 2).is_some_and(|x| !x.is(']'))
        {
            return 3;
        }
        1
    }

    /// Parses the bracket expression whose `[` is at `k`: the bracket and the
    /// index of its closing `]`, or `None` when the `[` is literal.
    fn bracket(&self, k: usize) -> Option<(Bracket, usize)> {
        let mut p = k + 1;
        let mut negated = false;
        if self.tok(p).is_some_and(|t| t.is('!') || t.is('^')) {
            negated = true;
            p += 1;
        }
        self.tok(p)?;
        let after_first = p + self.item_len(p);
        let close = self.close_of.get(after_first).copied().flatten()?;
        let mut items = Vec::new();
        while p < close {
            let len = self.item_len(p);
            items.push(self.item(p, len));
            p += len;
        }
        Some((Bracket { negated, items }, close))
    }

    fn item(&self, k: usize, len: usize) -> BracketItem {
        let slice = self.toks.get(k..k + len).unwrap_or(&[]);
        match slice {
            [a] => BracketItem::Char(a.c),
            [a, _, b] => BracketItem::Range(a.c, b.c),
            [_, kind, inner @ .., _, _] => {
                let name: String = inner.iter().map(|t| t.c).collect();
                match kind.c {
                    ':' => {
                        PosixClass::from_name(&name).map_or(BracketItem::Never, BracketItem::Class)
                    }
                    _ => {
                        let mut cs = name.chars();
                        match (cs.next(), cs.next()) {
                            (Some(c), None) => BracketItem::Char(c),
                            _ => BracketItem::Never,
                        }
                    }
                }
            }
            _ => BracketItem::Never,
        }
    }

    /// Parses tokens `start..end` as a sequence.
    fn seq(&self, start: usize, end: usize, depth: usize) -> Result<Vec<Node>, PatternError> {
        let mut out = Vec::new();
        let mut k = start;
        while k < end {
            let Some(t) = self.tok(k) else { break };
            if !t.special {
                out.push(Node::Lit(t.c));
                k += 1;
                continue;
            }
            if self.extglob
                && let Some(op) = ext_op(t.c)
                && self.tok(k + 1).is_some_and(|x| x.is('('))
                && let Some(close) = self.paren_end.get(k + 1).copied().flatten()
                && close < end
            {
                if depth >= MAX_EXTGLOB_DEPTH {
                    return Err(PatternError::TooDeep);
                }
                let mut alts = Vec::new();
                let mut alt_start = k + 2;
                let mut j = k + 2;
                while j < close {
                    let Some(x) = self.tok(j) else { break };
                    if x.is('[')
                        && let Some((_, bend)) = self.bracket(j)
                    {
                        j = bend + 1;
                        continue;
                    }
                    if x.is('(')
                        && let Some(pend) = self.paren_end.get(j).copied().flatten()
                    {
                        j = pend + 1;
                        continue;
                    }
                    if x.is('|') {
                        alts.push(self.seq(alt_start, j, depth + 1)?);
                        alt_start = j + 1;
                    }
                    j += 1;
                }
                alts.push(self.seq(alt_start, close, depth + 1)?);
                out.push(Node::Ext(op, alts));
                k = close + 1;
                continue;
            }
            match t.c {
                '*' => {
                    if out.last() != Some(&Node::Star) {
                        out.push(Node::Star);
                    }
                    k += 1;
                }
                '?' => {
                    out.push(Node::Any);
                    k += 1;
                }
                '[' => {
                    if let Some((b, close)) = self.bracket(k) {
                        out.push(Node::Class(b));
                        k = close + 1;
                    } else {
                        out.push(Node::Lit('['));
                        k += 1;
                    }
                }
                c => {
                    out.push(Node::Lit(c));
                    k += 1;
                }
            }
        }
        Ok(out)
    }
}

fn ext_op(c: char) -> Option<ExtOp> {
    Some(match c {
        '?' => ExtOp::ZeroOrOne,
        '*' => ExtOp::ZeroOrMore,
        '+' => ExtOp::OneOrMore,
        '@' => ExtOp::One,
        '!' => ExtOp::Not,
        _ => return None,
    })
}

fn contains_not(nodes: &[Node]) -> bool {
    nodes.iter().any(|n| match n {
        Node::Ext(ExtOp::Not, _) => true,
        Node::Ext(_, alts) => alts.iter().any(|a| contains_not(a)),
        _ => false,
    })
}

/// The same pattern read right to left (matches the reversed strings).
fn reverse_nodes(nodes: &[Node]) -> Vec<Node> {
    nodes
        .iter()
        .rev()
        .map(|n| match n {
            Node::Ext(op, alts) => Node::Ext(*op, alts.iter().map(|a| reverse_nodes(a)).collect()),
            other => other.clone(),
        })
        .collect()
}

fn push_hex(out: &mut String, c: char) {
    out.push_str(&format!("\\x{{{:X}}}", u32::from(c)));
}

/// Appends the regex syntax for `nodes` (which contain no `!(...)`).
fn emit_regex(nodes: &[Node], out: &mut String) {
    for node in nodes {
        match node {
            Node::Lit(c) => push_hex(out, *c),
            Node::Any => out.push('.'),
            Node::Star => out.push_str(".*"),
            Node::Class(b) => {
                let mut inner = String::new();
                for item in &b.items {
                    match *item {
                        BracketItem::Char(c) => push_hex(&mut inner, c),
                        BracketItem::Range(a, z) if a <= z => {
                            push_hex(&mut inner, a);
                            inner.push('-');
                            push_hex(&mut inner, z);
                        }
                        BracketItem::Class(k) => inner.push_str(k.regex_items()),
                        BracketItem::Range(..) | BracketItem::Never => {}
                    }
                }
                match (inner.is_empty(), b.negated) {
                    (true, false) => out.push_str(r"[a&&b]"),
                    (true, true) => out.push('.'),
                    (false, neg) => {
                        out.push('[');
                        if neg {
                            out.push('^');
                        }
                        out.push_str(&inner);
                        out.push(']');
                    }
                }
            }
            Node::Ext(op, alts) => {
                out.push_str("(?:");
                for (i, alt) in alts.iter().enumerate() {
                    if i > 0 {
                        out.push('|');
                    }
                    emit_regex(alt, out);
                }
                out.push(')');
                match op {
                    ExtOp::ZeroOrOne => out.push('?'),
                    ExtOp::ZeroOrMore => out.push('*'),
                    ExtOp::OneOrMore => out.push('+'),
                    ExtOp::One => {}
                    // Never generated: patterns with `!` use the set matcher.
                    ExtOp::Not => out.push_str(r"[a&&b]"),
                }
            }
        }
    }
}

fn flags(nocase: bool) -> &'static str {
    if nocase { "(?s)(?i)" } else { "(?s)" }
}

fn build_regex(src: &str) -> Result<Regex, PatternError> {
    RegexBuilder::new(src)
        .size_limit(AUTOMATON_SIZE_LIMIT)
        .dfa_size_limit(AUTOMATON_SIZE_LIMIT)
        .build()
        .map_err(|_| PatternError::TooComplex)
}

fn build_pikevm(src: &str) -> Result<PikeVM, PatternError> {
    PikeVM::builder()
        .configure(PikeVM::config().match_kind(MatchKind::All))
        .thompson(thompson::Config::new().nfa_size_limit(Some(AUTOMATON_SIZE_LIMIT)))
        .build(src)
        .map_err(|_| PatternError::TooComplex)
}

/// A PikeVM with its (mutable) scratch space.
#[derive(Debug)]
struct Vm {
    vm: PikeVM,
    cache: Mutex<Cache>,
}

impl Vm {
    fn new(src: &str) -> Result<Self, PatternError> {
        let vm = build_pikevm(src)?;
        let cache = Mutex::new(vm.create_cache());
        Ok(Self { vm, cache })
    }

    /// End of the shortest or longest match anchored at `start`.
    fn anchored_end(&self, s: &str, start: usize, longest: bool) -> Option<usize> {
        let input = Input::new(s)
            .span(start..s.len())
            .anchored(Anchored::Yes)
            .earliest(!longest);
        let mut cache = self
            .cache
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        self.vm.find(&mut cache, input).map(|m| m.end())
    }
}

/// The automata of a pattern without `!(...)`.
#[derive(Debug)]
struct Automata {
    /// `^(?:p)$`: whole-string test.
    full: Regex,
    /// `(?:p)`: leftmost match start.
    search: Regex,
    /// Shortest/longest anchored match.
    fwd: Vm,
    /// The same over reversed strings, for suffixes.
    rev: Vm,
}

/// How a compiled pattern matches.
#[derive(Debug)]
enum Engine {
    /// No special chars and case-sensitive: plain string comparison.
    Literal(String),
    /// `*` then text without special chars, case-sensitive (`${p##*/}`):
    /// substring search.
    StarLiteral(String),
    /// Text without special chars then `*`, case-sensitive (`${p%/*}`).
    LiteralStar(String),
    /// Regular patterns: linear-time automata.
    Automata(Box<Automata>),
    /// Patterns with `!(...)`: the bounded position-set matcher.
    Sets {
        nodes: Vec<Node>,
        rev_nodes: Vec<Node>,
        nocase: bool,
    },
}

/// A compiled bash pattern.
#[derive(Debug)]
pub struct Pattern {
    engine: Engine,
    /// The pattern text begins with an unquoted `*` (see [`Pattern::find`]).
    leading_star: bool,
}

impl Pattern {
    /// Compiles pattern pieces once for repeated matching.
    pub fn compile(pieces: &[PatternPiece], opts: PatternOptions) -> Result<Pattern, PatternError> {
        let toks = tokenize(pieces);
        if toks.len() > MAX_PATTERN_CHARS {
            return Err(PatternError::TooLong);
        }
        let parser = Parser::new(&toks, opts.extglob);
        let nodes = parser.seq(0, toks.len(), 0)?;
        let engine = if let Some(e) = star_and_literal(&nodes).filter(|_| !opts.nocase) {
            e
        } else if !opts.nocase && nodes.iter().all(|n| matches!(n, Node::Lit(_))) {
            Engine::Literal(
                nodes
                    .iter()
                    .filter_map(|n| match n {
                        Node::Lit(c) => Some(*c),
                        _ => None,
                    })
                    .collect(),
            )
        } else if contains_not(&nodes) {
            let rev_nodes = reverse_nodes(&nodes);
            Engine::Sets {
                nodes,
                rev_nodes,
                nocase: opts.nocase,
            }
        } else {
            let mut body = String::new();
            emit_regex(&nodes, &mut body);
            let mut rev_body = String::new();
            emit_regex(&reverse_nodes(&nodes), &mut rev_body);
            let fl = flags(opts.nocase);
            Engine::Automata(Box::new(Automata {
                full: build_regex(&format!("{fl}^(?:{body})$"))?,
                search: build_regex(&format!("{fl}(?:{body})"))?,
                fwd: Vm::new(&format!("{fl}(?:{body})"))?,
                rev: Vm::new(&format!("{fl}(?:{rev_body})"))?,
            }))
        };
        let leading_star = toks.first().is_some_and(|t| t.is('*'));
        Ok(Pattern {
            engine,
            leading_star,
        })
    }

    /// True if the whole of `s` matches.
    pub fn is_match(&self, s: &str) -> bool {
        match &self.engine {
            Engine::Literal(t) => s == t,
            Engine::StarLiteral(t) => s.ends_with(t.as_str()),
            Engine::LiteralStar(t) => s.starts_with(t.as_str()),
            Engine::Automata(a) => a.full.is_match(s),
            Engine::Sets { nodes, nocase, .. } => {
                let chars: Vec<char> = s.chars().collect();
                let m = SetMatcher::new(&chars, *nocase);
                m.ends_from(nodes, 0)
                    .is_some_and(|ends| ends.last().copied().unwrap_or(false))
            }
        }
    }

    /// Byte length of the shortest (or, with `longest`, the longest) prefix
    /// of `s` that matches: `${v#p}` / `${v##p}`.
    pub fn match_prefix(&self, s: &str, longest: bool) -> Option<usize> {
        match &self.engine {
            Engine::Literal(t) => s.starts_with(t.as_str()).then_some(t.len()),
            // A prefix ending where the text does: the first or last one.
            Engine::StarLiteral(t) => {
                let at = if longest {
                    s.rfind(t.as_str())
                } else {
                    s.find(t.as_str())
                };
                at.map(|i| i + t.len())
            }
            Engine::LiteralStar(t) => {
                s.starts_with(t.as_str())
                    .then_some(if longest { s.len() } else { t.len() })
            }
            Engine::Automata(a) => a.fwd.anchored_end(s, 0, longest),
            Engine::Sets { nodes, nocase, .. } => {
                let chars: Vec<char> = s.chars().collect();
                let m = SetMatcher::new(&chars, *nocase);
                let ends = m.ends_from(nodes, 0)?;
                let end = pick(&ends, longest)?;
                Some(char_to_byte(&chars, end))
            }
        }
    }

    /// Byte offset where the shortest (or, with `longest`, the longest)
    /// suffix of `s` that matches starts: `${v%p}` / `${v%%p}`.
    pub fn match_suffix(&self, s: &str, longest: bool) -> Option<usize> {
        match &self.engine {
            Engine::Literal(t) => s.ends_with(t.as_str()).then(|| s.len() - t.len()),
            Engine::StarLiteral(t) => s
                .ends_with(t.as_str())
                .then(|| if longest { 0 } else { s.len() - t.len() }),
            // A suffix starting where the text does: the last or first one.
            Engine::LiteralStar(t) => {
                if longest {
                    s.find(t.as_str())
                } else {
                    s.rfind(t.as_str())
                }
            }
            Engine::Automata(a) => {
                let reversed: String = s.chars().rev().collect();
                let len = a.rev.anchored_end(&reversed, 0, longest)?;
                s.len().checked_sub(len)
            }
            Engine::Sets {
                rev_nodes, nocase, ..
            } => {
                let reversed: Vec<char> = s.chars().rev().collect();
                let m = SetMatcher::new(&reversed, *nocase);
                let ends = m.ends_from(rev_nodes, 0)?;
                let len_chars = pick(&ends, longest)?;
                let len_bytes = char_to_byte(&reversed, len_chars);
                s.len().checked_sub(len_bytes)
            }
        }
    }

    /// The leftmost match in `s` starting at or after byte `from`, longest
    /// at that start (bash's `${v/p/r}` rule), as a byte range. Like bash,
    /// an (empty) match at the very end of `s` only counts when the pattern
    /// begins with an unquoted `*`: `x=; ${x/*/X}` gives `X`, `${x/?(a)/X}`
    /// gives nothing.
    pub fn find(&self, s: &str, from: usize) -> Option<(usize, usize)> {
        if from > s.len() || !s.is_char_boundary(from) {
            return None;
        }
        let found = self.find_any(s, from)?;
        if found.0 == s.len() && !self.leading_star {
            return None;
        }
        Some(found)
    }

    fn find_any(&self, s: &str, from: usize) -> Option<(usize, usize)> {
        match &self.engine {
            Engine::Literal(t) => {
                let rest = s.get(from..)?;
                rest.find(t.as_str())
                    .map(|i| (from + i, from + i + t.len()))
            }
            // Matches start at `from` when the text comes after it, and
            // run to its last occurrence.
            Engine::StarLiteral(t) => {
                let rest = s.get(from..)?;
                rest.rfind(t.as_str()).map(|i| (from, from + i + t.len()))
            }
            Engine::LiteralStar(t) => {
                let rest = s.get(from..)?;
                rest.find(t.as_str()).map(|i| (from + i, s.len()))
            }
            Engine::Automata(a) => {
                let start = a.search.find_at(s, from)?.start();
                let end = a.fwd.anchored_end(s, start, true)?;
                Some((start, end))
            }
            Engine::Sets { nodes, nocase, .. } => {
                let chars: Vec<char> = s.chars().collect();
                let m = SetMatcher::new(&chars, *nocase);
                let from_char = s.get(..from)?.chars().count();
                for start in from_char..=chars.len() {
                    let ends = m.ends_from(nodes, start)?;
                    if let Some(end) = pick(&ends, true) {
                        return Some((char_to_byte(&chars, start), char_to_byte(&chars, end)));
                    }
                }
                None
            }
        }
    }
}

/// `*` then literal characters, or literal characters then `*` (at least
/// one character): the engine matching them by substring search.
fn star_and_literal(nodes: &[Node]) -> Option<Engine> {
    let text = |ns: &[Node]| -> Option<String> {
        ns.iter()
            .map(|n| match n {
                Node::Lit(c) => Some(*c),
                _ => None,
            })
            .collect()
    };
    match nodes {
        [Node::Star, rest @ ..] if !rest.is_empty() => Some(Engine::StarLiteral(text(rest)?)),
        [rest @ .., Node::Star] if !rest.is_empty() => Some(Engine::LiteralStar(text(rest)?)),
        _ => None,
    }
}

fn pick(set: &[bool], longest: bool) -> Option<usize> {
    if longest {
        set.iter().rposition(|&b| b)
    } else {
        set.iter().position(|&b| b)
    }
}

fn char_to_byte(chars: &[char], idx: usize) -> usize {
    chars.iter().take(idx).map(|c| c.len_utf8()).sum()
}

/// The position-set matcher used for patterns with `!(...)`. A set holds,
/// for every char position `0..=n`, whether the pattern so far can end
/// there. Every node maps a set to a set without backtracking; `None`
/// means the step budget ran out.
struct SetMatcher<'a> {
    chars: &'a [char],
    nocase: bool,
    steps: Cell<u64>,
}

impl<'a> SetMatcher<'a> {
    fn new(chars: &'a [char], nocase: bool) -> Self {
        Self {
            chars,
            nocase,
            steps: Cell::new(0),
        }
    }

    fn charge(&self) -> Option<()> {
        let n = self.chars.len() as u64 + 1;
        let used = self.steps.get().saturating_add(n);
        self.steps.set(used);
        (used <= COMPLEMENT_STEP_BUDGET).then_some(())
    }

    fn empty(&self) -> Vec<bool> {
        vec![false; self.chars.len() + 1]
    }

    /// Every end position `nodes` can reach from `start`.
    fn ends_from(&self, nodes: &[Node], start: usize) -> Option<Vec<bool>> {
        let mut set = self.empty();
        if let Some(slot) = set.get_mut(start) {
            *slot = true;
        }
        self.seq(nodes, set)
    }

    fn seq(&self, nodes: &[Node], mut set: Vec<bool>) -> Option<Vec<bool>> {
        for node in nodes {
            if !set.iter().any(|&b| b) {
                return Some(set);
            }
            set = self.node(node, &set)?;
        }
        Some(set)
    }

    fn step_chars(&self, set: &[bool], pred: impl Fn(char) -> bool) -> Option<Vec<bool>> {
        self.charge()?;
        let mut out = self.empty();
        for (p, &on) in set.iter().enumerate() {
            if on
                && let Some(&c) = self.chars.get(p)
                && pred(c)
                && let Some(slot) = out.get_mut(p + 1)
            {
                *slot = true;
            }
        }
        Some(out)
    }

    fn alts(&self, alts: &[Vec<Node>], set: &[bool]) -> Option<Vec<bool>> {
        let mut out = self.empty();
        for alt in alts {
            let r = self.seq(alt, set.to_vec())?;
            union(&mut out, &r);
        }
        Some(out)
    }

    fn node(&self, node: &Node, set: &[bool]) -> Option<Vec<bool>> {
        match node {
            Node::Lit(x) => self.step_chars(set, |c| chars_eq(c, *x, self.nocase)),
            Node::Any => self.step_chars(set, |_| true),
            Node::Class(b) => self.step_chars(set, |c| b.matches(c, self.nocase)),
            Node::Star => {
                self.charge()?;
                let mut out = self.empty();
                if let Some(first) = set.iter().position(|&b| b) {
                    for slot in out.iter_mut().skip(first) {
                        *slot = true;
                    }
                }
                Some(out)
            }
            Node::Ext(op, alts) => match op {
                ExtOp::One => self.alts(alts, set),
                ExtOp::ZeroOrOne => {
                    let mut out = self.alts(alts, set)?;
                    union(&mut out, set);
                    Some(out)
                }
                ExtOp::OneOrMore | ExtOp::ZeroOrMore => {
                    let mut out = self.empty();
                    if *op == ExtOp::ZeroOrMore {
                        union(&mut out, set);
                    }
                    let mut frontier = set.to_vec();
                    loop {
                        let next = self.alts(alts, &frontier)?;
                        let mut fresh = self.empty();
                        let mut any = false;
                        for (i, (&nx, o)) in next.iter().zip(out.iter_mut()).enumerate() {
                            if nx && !*o {
                                *o = true;
                                if let Some(slot) = fresh.get_mut(i) {
                                    *slot = true;
                                }
                                any = true;
                            }
                        }
                        if !any {
                            return Some(out);
                        }
                        frontier = fresh;
                    }
                }
                ExtOp::Not => {
                    let mut out = self.empty();
                    for (p, _) in set.iter().enumerate().filter(|(_, on)| **on) {
                        // Later starts can only add positions >= p.
                        if out.iter().skip(p).all(|&b| b) {
                            break;
                        }
                        let ends = self.alts(alts, &{
                            let mut one = self.empty();
                            if let Some(slot) = one.get_mut(p) {
                                *slot = true;
                            }
                            one
                        })?;
                        for (q, (o, e)) in out.iter_mut().zip(ends.iter()).enumerate() {
                            if q >= p && !*e {
                                *o = true;
                            }
                        }
                    }
                    Some(out)
                }
            },
        }
    }
}

fn union(into: &mut [bool], from: &[bool]) {
    for (a, &b) in into.iter_mut().zip(from) {
        *a |= b;
    }
}

#[cfg(test)]
mod tests;
