//! sandbash's tokenizer: script text to compact tokens in one pass over
//! its bytes, which the parser reads, and `to_brush` (the oracles only),
//! the adapter building the tokens brush-parser's tokenizer builds.
//!
//! The machine reads bytes (every character bash treats specially is
//! ASCII; other bytes are word text) and follows brush-parser 0.4's
//! tokenizer rule for rule, so its tokens, their text and their spans are
//! the ones the grammar was written against. A token is a [`Tok`]: a kind,
//! the span brush-parser gives it and where its text is, either the plain
//! slice of the script or, where brush-parser's text is not a slice (a
//! backslash-newline removed, blanks in a `$( )` body made one space, a
//! here-document's end tag unquoted), a range of one side buffer. Text is
//! built in buffers reused from token to token: no allocation per token.
//!
//! Where bash reads otherwise than brush-parser, the lexer reads as bash
//! does, and says so in [`Lexed::deviations`] (see [`Deviation`]).
//!
//! Invariant: `to_brush` of the lexer's tokens equals brush-parser's
//! tokens (their `Debug` text), and both accept and reject the same texts,
//! except where a [`Deviation`] is reported, checked by
//! `lexer::tests::the_lexer_builds_brush_parsers_tokens_on_the_corpora`,
//! `..._on_generated_scripts` and the `lexer` fuzz target.
//!
//! Invariant: nesting of `$( )`, `$(( ))`, `$[ ]` and `${ }` deeper than
//! the caller's bound is [`LexError::TooDeep`], never a stack overflow;
//! backquotes and extended globs are read by loops, not recursion,
//! checked by `lexer::tests::deep_nesting_is_an_error`.
//!
//! Invariant: the lexer never panics (no indexing that can fail, no
//! `unwrap`); where brush-parser's tokenizer panics it returns
//! [`LexError::Fault`], checked by the `lexer` fuzz target and
//! `lexer::tests::brush_parser_panics_are_faults`.

use std::collections::VecDeque;

use position::{Cases, Position};

/// One of bash's operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    /// `&`
    Amp,
    /// `&&`
    AndIf,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `;`
    Semi,
    /// `;;`
    DSemi,
    /// A newline.
    Newline,
    /// `|`
    Pipe,
    /// `||`
    OrIf,
    /// `<`
    Less,
    /// `>`
    Great,
    /// `>|`
    Clobber,
    /// `<<`
    DLess,
    /// `>>`
    DGreat,
    /// `<&`
    LessAnd,
    /// `>&`
    GreatAnd,
    /// `<<-`
    DLessDash,
    /// `<>`
    LessGreat,
    /// `<<<`
    TLess,
    /// `&>`
    AndGreat,
    /// `&>>`
    AndDGreat,
    /// `;;&`
    DSemiAnd,
    /// `;&`
    SemiAnd,
    /// `|&`
    PipeAnd,
}

impl Op {
    /// The operator's text.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::Amp => "&",
            Self::AndIf => "&&",
            Self::LParen => "(",
            Self::RParen => ")",
            Self::Semi => ";",
            Self::DSemi => ";;",
            Self::Newline => "\n",
            Self::Pipe => "|",
            Self::OrIf => "||",
            Self::Less => "<",
            Self::Great => ">",
            Self::Clobber => ">|",
            Self::DLess => "<<",
            Self::DGreat => ">>",
            Self::LessAnd => "<&",
            Self::GreatAnd => ">&",
            Self::DLessDash => "<<-",
            Self::LessGreat => "<>",
            Self::TLess => "<<<",
            Self::AndGreat => "&>",
            Self::AndDGreat => "&>>",
            Self::DSemiAnd => ";;&",
            Self::SemiAnd => ";&",
            Self::PipeAnd => "|&",
        }
    }

    /// Whether it starts a redirection (with no number before it).
    pub(crate) fn is_redirection(self) -> bool {
        matches!(
            self,
            Self::Less
                | Self::LessAnd
                | Self::Great
                | Self::GreatAnd
                | Self::DGreat
                | Self::LessGreat
                | Self::Clobber
                | Self::AndGreat
                | Self::AndDGreat
                | Self::TLess
                | Self::DLess
                | Self::DLessDash
        )
    }

    /// The operator a character starts.
    fn start(c: u8) -> Option<Self> {
        Some(match c {
            b'&' => Self::Amp,
            b'(' => Self::LParen,
            b')' => Self::RParen,
            b';' => Self::Semi,
            b'\n' => Self::Newline,
            b'|' => Self::Pipe,
            b'<' => Self::Less,
            b'>' => Self::Great,
            _ => return None,
        })
    }

    /// The operator `self` followed by `c` makes, if any.
    fn extend(self, c: u8, sh_mode: bool) -> Option<Self> {
        let (op, bash_only) = match (self, c) {
            (Self::Amp, b'&') => (Self::AndIf, false),
            (Self::Amp, b'>') => (Self::AndGreat, true),
            (Self::AndGreat, b'>') => (Self::AndDGreat, true),
            (Self::Semi, b';') => (Self::DSemi, false),
            (Self::Semi, b'&') => (Self::SemiAnd, true),
            (Self::DSemi, b'&') => (Self::DSemiAnd, true),
            (Self::Pipe, b'|') => (Self::OrIf, false),
            (Self::Pipe, b'&') => (Self::PipeAnd, true),
            (Self::Less, b'<') => (Self::DLess, false),
            (Self::Less, b'&') => (Self::LessAnd, false),
            (Self::Less, b'>') => (Self::LessGreat, false),
            (Self::DLess, b'-') => (Self::DLessDash, false),
            (Self::DLess, b'<') => (Self::TLess, true),
            (Self::Great, b'>') => (Self::DGreat, false),
            (Self::Great, b'|') => (Self::Clobber, false),
            (Self::Great, b'&') => (Self::GreatAnd, false),
            _ => return None,
        };
        (!(bash_only && sh_mode)).then_some(op)
    }
}

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A word (brush-parser's `Token::Word`).
    Word,
    /// An operator.
    Op(Op),
    /// A here-document's body (a `Token::Word` to brush-parser).
    HereBody,
    /// A here-document's end tag, quotes removed (a `Token::Word`).
    HereEnd,
}

/// One token: small and `Copy`, its text a range of the script or of
/// [`Lexed::cooked`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Tok {
    /// What it is.
    pub kind: Kind,
    /// Its text is `Lexed::cooked[text..text_end]`, not the script's.
    pub cooked: bool,
    /// The line its span starts on (1-based).
    pub line: u32,
    /// The line its span ends on.
    pub end_line: u32,
    /// Byte offset where brush-parser's span starts.
    pub start: u32,
    /// Byte offset where its span ends.
    pub end: u32,
    /// Byte offset where its text starts (in the script, or in
    /// `cooked`).
    pub text: u32,
    /// Byte offset just past its text.
    pub text_end: u32,
}

/// A way the lexer reads a text otherwise than brush-parser's tokenizer,
/// as bash does (a bit of [`Lexed::deviations`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u32)]
pub(crate) enum Deviation {
    /// A `case` arm's `)` inside `$( )` ends the pattern, not the
    /// substitution: bash parses the body as commands
    /// (`$(case a in a) echo x;; esac)` prints `x`; brush-parser ends the
    /// substitution at `a)`).
    CaseArmInCommandSubstitution = 1,
    /// A `$( )`, `$(( ))`, `$[ ]` or `${ }` written after a here-document
    /// operator whose body is still to come is read whole, as a part of
    /// its word: bash reads pending bodies only after the line's commands
    /// (`cat <<E; echo "$(echo a)"` prints the body, then `a`; brush-parser
    /// hands the substitution's tokens to the here-document).
    NestedAfterHereOperator = 2,
    /// A word starting `NAME[` where an assignment may stand (or `[` in
    /// a compound assignment) reads its subscript to the matching `]`,
    /// blanks, newlines and operators included (`a[i + 1]=x` assigns;
    /// brush-parser makes three words of it).
    SubscriptAcrossBlanks = 4,
    /// A `<<` inside `${ }`: bash reads no here-document there (the
    /// word is a bad substitution when expanded); brush-parser's tokenizer
    /// takes the lines after it for a body, and so does the lexer, but
    /// where its tokens go then is brush-parser's accident, not bash's.
    HereDocumentInParameter = 8,
}

impl Deviation {
    /// Every deviation, with the reason.
    #[cfg(any(test, feature = "oracle"))]
    pub(crate) const ALL: &'static [(Deviation, &'static str)] = &[
        (
            Deviation::CaseArmInCommandSubstitution,
            "bash parses a `$( )` body as commands, so a case arm's `)` \
             does not close it: `echo $(case a in a) echo x;; esac)` prints x",
        ),
        (
            Deviation::NestedAfterHereOperator,
            "bash reads here-document bodies after the line's commands, so a \
             `$( )` after `<<E` on the same line is a part of its word: \
             `cat <<E; echo \"$(echo a)\"` prints the body, then a",
        ),
        (
            Deviation::SubscriptAcrossBlanks,
            "bash reads the subscript of `NAME[` where an assignment may \
             stand to its `]`: `a[1 + 1]=x; echo ${a[2]}` prints x",
        ),
        (
            Deviation::HereDocumentInParameter,
            "bash reads no here-document inside `${ }`: `${x<<E}` is a bad \
             substitution, and no line after it is a body",
        ),
    ];
}

/// The tokens of a text.
#[derive(Debug, Default)]
pub(crate) struct Lexed {
    /// The tokens, in brush-parser's order.
    pub toks: Vec<Tok>,
    /// The text of the tokens whose text is not a slice of the script.
    pub cooked: String,
    /// The [`Deviation`]s read, as bits.
    pub deviations: u32,
}

impl Lexed {
    /// The text of `t`, a token of `self` lexed from `src`.
    pub(crate) fn text<'a>(&'a self, t: &Tok, src: &'a str) -> &'a str {
        tok_text(t, &self.cooked, src)
    }
}

/// The text of `t`, a token lexed from `src` whose cooked texts are
/// `cooked` ([`Lexed::cooked`]).
pub(crate) fn tok_text<'a>(t: &Tok, cooked: &'a str, src: &'a str) -> &'a str {
    if let Kind::Op(op) = t.kind {
        return op.as_str();
    }
    let from = if t.cooked { cooked } else { src };
    from.get(t.text as usize..t.text_end as usize).unwrap_or("")
}

/// Options of the lexer (brush-parser's `TokenizerOptions`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Options {
    /// `@( )` and the other extended globs are read as one word.
    pub extglob: bool,
    /// POSIX sh: bash's own operators (`&>`, `<<<`, `;&`, ...) are not
    /// operators.
    pub sh_mode: bool,
}

impl From<&brush_parser::TokenizerOptions> for Options {
    fn from(o: &brush_parser::TokenizerOptions) -> Self {
        Self {
            extglob: o.enable_extended_globbing,
            sh_mode: o.sh_mode,
        }
    }
}

impl Default for Options {
    fn default() -> Self {
        Self {
            extglob: true,
            sh_mode: false,
        }
    }
}

/// A text the lexer cannot read (brush-parser's `TokenizerError`s, and
/// two of its own).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum LexError {
    /// The text ends in a backslash.
    Escape,
    /// A `'` opened on `line` is never closed.
    SingleQuote(u32),
    /// A `$'` opened on `line` is never closed.
    AnsiCQuote(u32),
    /// A `"` opened on `line` is never closed.
    DoubleQuote(u32),
    /// A backquote opened on `line` is never closed.
    Backquote(u32),
    /// An extended glob open where the text ends (on `line`).
    Extglob(u32),
    /// A `${` opened on `line` is never closed.
    Variable(u32),
    /// A subscript read whole (see [`Deviation::SubscriptAcrossBlanks`])
    /// opened on `line` is never closed.
    Subscript(u32),
    /// A `$(` never closed.
    Substitution,
    /// A `$((` or `$[` opened on `line` is never closed by `close`.
    Arithmetic {
        /// Where it opened.
        line: u32,
        /// `)` or `]`.
        close: u8,
    },
    /// A here-document body without a here tag.
    MissingHereTagForBody,
    /// A `<<` followed by a newline.
    MissingHereTag,
    /// The text ended inside here-documents.
    UnterminatedHereDocuments,
    /// Nesting deeper than the bound, passed on `line`.
    TooDeep(u32),
    /// A shape on which brush-parser's tokenizer panics (the line it was
    /// reading).
    Fault(u32),
}

/// Why a token ended (brush-parser's `TokenEndReason`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reason {
    EndOfInput,
    NewLine,
    Terminator,
    Blank,
    BodyStart,
    BodyEnd,
    EndTag,
    OperatorStart,
    OperatorEnd,
    Other,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RawKind {
    Word,
    Op(Op),
    Body,
    End,
}

/// A token as the machine makes it: its text in a pooled buffer.
#[derive(Debug)]
struct Raw {
    kind: RawKind,
    start: usize,
    line: u32,
    end: usize,
    end_line: u32,
    text: Vec<u8>,
}

#[derive(Debug)]
struct Res {
    reason: Reason,
    tok: Option<Raw>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Quote {
    None,
    AnsiC(u32),
    Single(u32),
    Double(u32),
}

#[derive(Debug, Default)]
enum Here {
    #[default]
    None,
    NextIsTag {
        strip: bool,
    },
    CurIsTag {
        strip: bool,
        op: Res,
    },
    NextLineIsBody,
    InBodies,
}

#[derive(Debug)]
struct HereTag {
    /// The line that ends the body (quotes removed), then a newline.
    end: Vec<u8>,
    strip: bool,
    tokens: Vec<Res>,
    after: Vec<Res>,
}

/// The token being read.
#[derive(Debug)]
struct St {
    start: usize,
    line: u32,
    text: Vec<u8>,
    op: Option<Op>,
    esc: bool,
    quote: Quote,
    /// `[`s open in a subscript read whole.
    subscript: u32,
    /// The line the subscript opened on.
    subscript_line: u32,
}

impl St {
    fn started(&self) -> bool {
        !self.text.is_empty()
    }
    fn unquoted(&self) -> bool {
        !self.esc && self.quote == Quote::None
    }
}

struct Machine<'a> {
    src: &'a [u8],
    pos: usize,
    line: u32,
    opts: Options,
    here: Here,
    tags: VecDeque<HereTag>,
    queued: VecDeque<Res>,
    arith: bool,
    depth: u32,
    max_depth: u32,
    pool: Vec<Vec<u8>>,
    deviations: u32,
    /// Where each `$( )` whose end brush-parser's word grammar would
    /// miss (see [`command_substitutions_read_whole`]) starts and ends
    /// (byte offsets), when recorded.
    read_whole: Option<Vec<(usize, usize)>>,
    /// Where the tokens of each level being read stand, innermost last
    /// (`None` for arithmetic and `${ }`, where no command is read).
    positions: Vec<Option<Position>>,
}

/// The tokens of `text`; `$( )`, `$(( ))`, `$[ ]` and `${ }` nested
/// deeper than `max_depth` are an error.
pub(crate) fn lex(text: &str, opts: Options, max_depth: u32) -> Result<Lexed, LexError> {
    lex_reporting(text, opts, max_depth).0
}

/// [`lex`], and the [`Deviation`]s read (as bits) whether the text was
/// accepted or not.
pub(crate) fn lex_reporting(
    text: &str,
    opts: Options,
    max_depth: u32,
) -> (Result<Lexed, LexError>, u32) {
    let mut m = Machine::new(text, opts, max_depth);
    let r = m.all();
    (r, m.deviations)
}

/// Where the `$( )`s of `text` that bash reads as commands to find their
/// end, where the word grammar of brush-parser (which `syntax/word`
/// follows) reads characters, start and end (byte offsets, the end just
/// past their `)`): those holding a case arm's `)`, which that grammar
/// would end at the arm, and those holding a here-document, whose body
/// may hold any quote or parenthesis (`$(cat <<E` with `don't` in it).
/// Empty when the text does not lex.
pub(crate) fn command_substitutions_read_whole(text: &str, max_depth: u32) -> Vec<(usize, usize)> {
    let mut m = Machine::new(text, Options::default(), max_depth);
    m.read_whole = Some(Vec::new());
    match m.all() {
        Ok(_) => m.read_whole.unwrap_or_default(),
        Err(_) => Vec::new(),
    }
}

impl<'a> Machine<'a> {
    fn new(text: &'a str, opts: Options, max_depth: u32) -> Self {
        Machine {
            src: text.as_bytes(),
            pos: 0,
            line: 1,
            opts,
            here: Here::None,
            tags: VecDeque::new(),
            queued: VecDeque::new(),
            arith: false,
            depth: 0,
            max_depth,
            pool: Vec::new(),
            deviations: 0,
            read_whole: None,
            positions: vec![Some(Position::default())],
        }
    }

    /// Every token of the text.
    fn all(&mut self) -> Result<Lexed, LexError> {
        let m = self;
        let mut out = Lexed {
            // A token per two bytes, as in the densest scripts (`a b c`).
            toks: Vec::with_capacity(m.src.len() / 2 + 4),
            ..Lexed::default()
        };
        loop {
            let r = m.next_token(None, false)?;
            match r.tok {
                Some(raw) => {
                    let t = finish(&raw, m.src, &mut out.cooked);
                    out.toks.push(t);
                    m.recycle(raw.text);
                }
                None if r.reason == Reason::EndOfInput => break,
                None => {}
            }
        }
        out.deviations = m.deviations;
        Ok(out)
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The [`Tok`] of a finished token: its text a slice of `src` where it is
/// one, else copied to `cooked`.
fn finish(raw: &Raw, src: &[u8], cooked: &mut String) -> Tok {
    let kind = match raw.kind {
        RawKind::Word => Kind::Word,
        RawKind::Op(op) => Kind::Op(op),
        RawKind::Body => Kind::HereBody,
        RawKind::End => Kind::HereEnd,
    };
    let mut t = Tok {
        kind,
        cooked: false,
        line: raw.line,
        end_line: raw.end_line,
        start: to_u32(raw.start),
        end: to_u32(raw.end),
        text: to_u32(raw.start),
        text_end: to_u32(raw.start.saturating_add(raw.text.len())),
    };
    if matches!(kind, Kind::Op(_)) {
        return t;
    }
    let plain = src.get(raw.start..raw.start.saturating_add(raw.text.len())) == Some(&raw.text[..]);
    if !plain {
        t.cooked = true;
        t.text = to_u32(cooked.len());
        cooked.push_str(&String::from_utf8_lossy(&raw.text));
        t.text_end = to_u32(cooked.len());
    }
    t
}

fn is_quoting(c: u8) -> bool {
    matches!(c, b'\\' | b'\'' | b'"')
}

fn is_blank(c: u8) -> bool {
    c == b' ' || c == b'\t'
}

/// brush-parser's `unquote_str`.
fn unquote(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut esc = false;
    for &c in s {
        if esc {
            out.push(c);
            esc = false;
        } else if c == b'\\' {
            esc = true;
        } else if !is_quoting(c) {
            out.push(c);
        }
    }
    out
}

/// The tokens of a nested construct, in brush-parser's order: those of a
/// here-document read inside it wait for the newline after its body,
/// then come out together.
#[derive(Default)]
struct Held {
    pending: VecDeque<Res>,
    drain: bool,
}

impl Held {
    /// The next token of the construct, or `None` when one was held back.
    fn next(
        &mut self,
        m: &mut Machine<'_>,
        term: u8,
        include_space: bool,
    ) -> Result<Option<Res>, LexError> {
        let cur = match self.pending.pop_front() {
            Some(p) if self.drain => {
                if self.pending.is_empty() {
                    self.drain = false;
                }
                p
            }
            other => {
                if let Some(p) = other {
                    self.pending.push_front(p);
                }
                let cur = m.next_token(Some(term), include_space)?;
                if matches!(
                    cur.reason,
                    Reason::BodyStart | Reason::BodyEnd | Reason::EndTag
                ) {
                    self.pending.push_back(cur);
                    return Ok(None);
                }
                cur
            }
        };
        if cur.reason == Reason::NewLine && !self.pending.is_empty() {
            self.pending.push_back(cur);
            self.drain = true;
            return Ok(None);
        }
        Ok(Some(cur))
    }
}

impl Machine<'_> {
    fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let c = self.peek()?;
        self.pos += 1;
        if c == b'\n' {
            self.line = self.line.saturating_add(1);
        }
        Some(c)
    }

    /// Takes the next character whole into the token's text, as
    /// brush-parser takes a construct's terminator: where its count went
    /// astray, that is whatever character comes (fuzz F37).
    fn bump_char(&mut self, st: &mut St) -> Result<(), LexError> {
        let Some(c) = self.bump() else {
            return Err(LexError::Fault(self.line));
        };
        st.text.push(c);
        while c >= 0xc0
            && let Some(more @ 0x80..=0xbf) = self.peek()
        {
            self.bump();
            st.text.push(more);
        }
        Ok(())
    }

    fn buffer(&mut self) -> Vec<u8> {
        self.pool.pop().unwrap_or_default()
    }

    fn recycle(&mut self, mut v: Vec<u8>) {
        if self.pool.len() < 64 {
            v.clear();
            self.pool.push(v);
        }
    }

    fn new_state(&mut self) -> St {
        St {
            start: self.pos,
            line: self.line,
            text: self.buffer(),
            op: None,
            esc: false,
            quote: Quote::None,
            subscript: 0,
            subscript_line: 0,
        }
    }

    fn pop(&mut self, st: &mut St) -> Raw {
        let fresh = self.buffer();
        let raw = Raw {
            kind: st.op.take().map_or(RawKind::Word, RawKind::Op),
            start: st.start,
            line: st.line,
            end: self.pos,
            end_line: self.line,
            text: std::mem::replace(&mut st.text, fresh),
        };
        st.start = self.pos;
        st.line = self.line;
        st.esc = false;
        st.quote = Quote::None;
        st.subscript = 0;
        raw
    }

    /// [`Self::pop`] for a token of the command being read (not a
    /// here-document's body or end tag): where it stands is noted.
    fn take(&mut self, st: &mut St) -> Raw {
        let raw = self.pop(st);
        if let Some(Some(p)) = self.positions.last_mut() {
            match raw.kind {
                RawKind::Op(op) => p.op(op, raw.start),
                RawKind::Word => p.word(&raw.text, raw.end),
                RawKind::Body | RawKind::End => {}
            }
        }
        raw
    }

    fn enter(&mut self) -> Result<(), LexError> {
        if self.depth >= self.max_depth {
            return Err(LexError::TooDeep(self.line));
        }
        self.depth += 1;
        Ok(())
    }

    fn delimit(&mut self, st: &mut St, reason: Reason) -> Result<Option<Res>, LexError> {
        if !st.started() && reason != Reason::BodyEnd {
            return Ok(Some(Res { reason, tok: None }));
        }
        match std::mem::take(&mut self.here) {
            Here::NextIsTag { strip } => {
                let op = Res {
                    reason,
                    tok: Some(self.take(st)),
                };
                self.here = Here::CurIsTag { strip, op };
                return Ok(None);
            }
            Here::CurIsTag { strip, op } => {
                if st.text == b"\n" {
                    return Err(LexError::MissingHereTag);
                }
                self.here = Here::NextLineIsBody;
                let mut tag = st.text.trim_ascii_start().to_vec();
                tag.push(b'\n');
                let end = if tag.iter().any(|c| is_quoting(*c)) {
                    unquote(&tag)
                } else {
                    tag
                };
                let tag_tok = Res {
                    reason,
                    tok: Some(self.take(st)),
                };
                self.tags.push_back(HereTag {
                    end,
                    strip,
                    tokens: vec![op, tag_tok],
                    after: Vec::new(),
                });
                return Ok(None);
            }
            Here::NextLineIsBody => {
                self.here = if st.text == b"\n" {
                    Here::InBodies
                } else {
                    Here::NextLineIsBody
                };
                if self.tags.is_empty() {
                    return Err(LexError::MissingHereTagForBody);
                }
                let t = self.take(st);
                if let Some(last) = self.tags.back_mut() {
                    last.after.push(Res {
                        reason,
                        tok: Some(t),
                    });
                }
                return Ok(None);
            }
            Here::InBodies => {
                let Some(done) = self.tags.pop_front() else {
                    return Err(LexError::Fault(self.line));
                };
                self.queued.extend(done.tokens);
                self.queued.push_back(Res {
                    reason: Reason::BodyStart,
                    tok: None,
                });
                let mut body = self.pop(st);
                body.kind = RawKind::Body;
                self.queued.push_back(Res {
                    reason,
                    tok: Some(body),
                });
                let mut end_len = done.end.len();
                while end_len > 0 && done.end.get(end_len - 1) == Some(&b'\n') {
                    end_len -= 1;
                }
                st.text
                    .extend_from_slice(done.end.get(..end_len).unwrap_or(&[]));
                let mut end = self.pop(st);
                end.kind = RawKind::End;
                self.queued.push_back(Res {
                    reason: Reason::EndTag,
                    tok: Some(end),
                });
                self.queued.extend(done.after);
                self.here = if self.tags.is_empty() {
                    Here::None
                } else {
                    Here::InBodies
                };
                return Ok(None);
            }
            Here::None => {}
        }
        let t = self.take(st);
        Ok(Some(Res {
            reason,
            tok: Some(t),
        }))
    }

    /// brush-parser's `remove_here_end_tag`: whether the body read so far
    /// ends with the end tag's line (which then ends the body).
    fn end_of_body(
        &mut self,
        st: &mut St,
        result: &mut Option<Res>,
        ends_with_newline: bool,
    ) -> Result<bool, LexError> {
        let Some(tag) = self.tags.front() else {
            return Ok(false);
        };
        let mut end = tag.end.as_slice();
        if !ends_with_newline {
            end = end.strip_suffix(b"\n").unwrap_or(end);
        }
        if let Some(rest) = st.text.strip_suffix(end)
            && (rest.is_empty() || rest.ends_with(b"\n"))
        {
            let keep = rest.len();
            st.text.truncate(keep);
            *result = self.delimit(st, Reason::BodyEnd)?;
            return Ok(true);
        }
        Ok(false)
    }

    /// Puts the here-documents whose bodies are still to come out of
    /// the way of a nested construct about to be read, which reads its
    /// own: `None` when there are none.
    fn set_aside_heredocs(&mut self) -> Option<(Here, VecDeque<HereTag>)> {
        if matches!(self.here, Here::None) && self.tags.is_empty() {
            return None;
        }
        self.deviations |= Deviation::NestedAfterHereOperator as u32;
        Some((
            std::mem::take(&mut self.here),
            std::mem::take(&mut self.tags),
        ))
    }

    /// Puts back what [`Self::set_aside_heredocs`] set aside, after the
    /// nested construct's own pending here-documents, if any, whose
    /// bodies then follow.
    fn restore_heredocs(
        &mut self,
        outer: Option<(Here, VecDeque<HereTag>)>,
    ) -> Result<(), LexError> {
        let Some((here, tags)) = outer else {
            return Ok(());
        };
        let inner = std::mem::replace(&mut self.here, here);
        if matches!(inner, Here::NextIsTag { .. } | Here::CurIsTag { .. }) {
            // A `<<` with no tag before the construct's end.
            return Err(LexError::MissingHereTag);
        }
        let inner_tags = std::mem::replace(&mut self.tags, tags);
        self.tags.extend(inner_tags);
        if !self.tags.is_empty() && matches!(self.here, Here::None) {
            self.here = Here::NextLineIsBody;
        }
        Ok(())
    }

    /// Reads `$((`, `$(` or `$[` up to its end (brush-parser's
    /// `consume_nested_construct`), reading `case` patterns as bash does
    /// when `cases` is set.
    fn nested(
        &mut self,
        st: &mut St,
        term: u8,
        mut nesting: u32,
        cases: bool,
    ) -> Result<(), LexError> {
        self.enter()?;
        let open_line = self.line;
        // The `$(` just read (only a `$( )` reads `cases`).
        let open_at = self.pos.saturating_sub(2);
        let mut arm_closed = false;
        let mut body_read = false;
        let outer = self.set_aside_heredocs();
        self.positions.push(cases.then(Position::default));
        let mut held = Held::default();
        let mut track = Cases::default();
        // What brush-parser's count of open parentheses would be.
        let mut brush_nesting = nesting;
        loop {
            let Some(cur) = held.next(self, term, true)? else {
                continue;
            };
            if let Some(t) = cur.tok {
                st.text.extend_from_slice(&t.text);
                match t.kind {
                    RawKind::Op(op) => {
                        let pattern_paren = cases && track.op(op);
                        if term == b')' && op == Op::LParen {
                            brush_nesting = brush_nesting.saturating_add(1);
                            if !pattern_paren {
                                nesting = nesting.saturating_add(1);
                            }
                        }
                    }
                    _ => {
                        if cases {
                            track.word(&t.text);
                        }
                    }
                }
                self.recycle(t.text);
            }
            match cur.reason {
                Reason::BodyStart => {
                    body_read = true;
                    st.text.push(b'\n');
                }
                Reason::Blank => st.text.push(b' '),
                Reason::Terminator => {
                    if let Some(Some(p)) = self.positions.last_mut() {
                        p.op(Op::RParen, self.pos);
                    }
                    brush_nesting = brush_nesting.saturating_sub(1);
                    let arm = cases && track.closes_pattern();
                    arm_closed |= arm;
                    if !arm {
                        nesting = nesting.saturating_sub(1);
                        if nesting == 0 {
                            // Ours ends the `$(` where brush-parser's count,
                            // which took a case arm's `)` as a close before,
                            // does not.
                            if brush_nesting != 0 {
                                self.deviations |= Deviation::CaseArmInCommandSubstitution as u32;
                            }
                            break;
                        }
                    }
                    // brush-parser would end the `$(` here, where a case
                    // arm's `)` read before (now or earlier) keeps ours
                    // open: count on as brush-parser would, had it read on.
                    if brush_nesting == 0 {
                        self.deviations |= Deviation::CaseArmInCommandSubstitution as u32;
                        brush_nesting = 1;
                    }
                    self.bump_char(st)?;
                }
                // bash names the line of an arithmetic's start, but the
                // end of the text for a command substitution's.
                Reason::EndOfInput if term == b')' && !cases => {
                    return Err(LexError::Arithmetic {
                        line: open_line,
                        close: b')',
                    });
                }
                Reason::EndOfInput if term == b']' => {
                    return Err(LexError::Arithmetic {
                        line: open_line,
                        close: b']',
                    });
                }
                Reason::EndOfInput => return Err(LexError::Substitution),
                _ => {}
            }
        }
        // The terminator; where brush-parser's count of the construct's
        // parentheses went astray (a here-document body read inside it),
        // whatever character comes next, taken whole as brush-parser takes
        // characters.
        self.bump_char(st)?;
        self.depth -= 1;
        self.positions.pop();
        if (arm_closed || body_read && cases)
            && let Some(whole) = self.read_whole.as_mut()
        {
            whole.push((open_at, self.pos));
        }
        self.restore_heredocs(outer)
    }

    /// Reads `${` up to its `}`.
    fn braced(&mut self, st: &mut St) -> Result<(), LexError> {
        self.enter()?;
        let open_line = self.line;
        let outer = self.set_aside_heredocs();
        self.positions.push(None);
        let mut held = Held::default();
        loop {
            let Some(cur) = held.next(self, b'}', false)? else {
                continue;
            };
            if let Some(t) = cur.tok {
                st.text.extend_from_slice(&t.text);
                self.recycle(t.text);
            }
            match cur.reason {
                Reason::BodyStart => st.text.push(b'\n'),
                Reason::Blank => st.text.push(b' '),
                Reason::Terminator => {
                    self.bump_char(st)?;
                    break;
                }
                Reason::EndOfInput => return Err(LexError::Variable(open_line)),
                _ => {}
            }
        }
        self.depth -= 1;
        self.positions.pop();
        self.restore_heredocs(outer)
    }

    /// brush-parser's `next_token_until`: the next token, ending early at
    /// `term` outside quotes; blanks before a token are kept when
    /// `include_space`.
    fn next_token(&mut self, term: Option<u8>, include_space: bool) -> Result<Res, LexError> {
        let mut st = self.new_state();
        let r = self.run(&mut st, term, include_space);
        self.recycle(st.text);
        r
    }

    #[allow(clippy::too_many_lines)]
    fn run(&mut self, st: &mut St, term: Option<u8>, include_space: bool) -> Result<Res, LexError> {
        let mut result: Option<Res> = None;
        loop {
            if let Some(r) = result.take() {
                return Ok(r);
            }
            if let Some(r) = self.queued.pop_front() {
                return Ok(r);
            }
            let Some(c) = self.peek() else {
                if st.esc {
                    return Err(LexError::Escape);
                }
                if st.subscript > 0 && st.quote == Quote::None {
                    self.deviations |= Deviation::SubscriptAcrossBlanks as u32;
                    return Err(LexError::Subscript(st.subscript_line));
                }
                match st.quote {
                    Quote::None => {}
                    Quote::AnsiC(l) => return Err(LexError::AnsiCQuote(l)),
                    Quote::Single(l) => return Err(LexError::SingleQuote(l)),
                    Quote::Double(l) => return Err(LexError::DoubleQuote(l)),
                }
                if !matches!(self.here, Here::None) {
                    // Only a body being read can end here. brush-parser
                    // also tries before any body began, where an empty
                    // tag (`<<` then blanks) ends "a body" again and again
                    // without end (fuzz F30).
                    if matches!(self.here, Here::InBodies)
                        && self.end_of_body(st, &mut result, false)?
                    {
                        continue;
                    }
                    return Err(LexError::UnterminatedHereDocuments);
                }
                result = self.delimit(st, Reason::EndOfInput)?;
                continue;
            };
            if matches!(self.here, Here::InBodies) {
                let strip = self.tags.front().is_some_and(|t| t.strip);
                self.bump();
                if strip && (!st.started() || st.text.last() == Some(&b'\n')) && c == b'\t' {
                    // Leading tabs of a `<<-` body's lines are dropped.
                } else {
                    st.text.push(c);
                    if c == b'\n' {
                        self.end_of_body(st, &mut result, true)?;
                    }
                }
            } else if st.unquoted() && term == Some(c) {
                result = self.delimit(st, Reason::Terminator)?;
            } else if let Some(op) = st.op {
                match op.extend(c, self.opts.sh_mode) {
                    Some(longer) if st.unquoted() => {
                        self.bump();
                        st.op = Some(longer);
                        st.text.push(c);
                    }
                    _ => {
                        if self.arith {
                            if op == Op::RParen && c == b')' {
                                self.arith = false;
                            }
                        } else if matches!(op, Op::DLess | Op::DLessDash) {
                            self.here = Here::NextIsTag {
                                strip: op == Op::DLessDash,
                            };
                            // Inside `${ }` (the one level that tracks no
                            // position and is not arithmetic).
                            if matches!(self.positions.last(), Some(None)) {
                                self.deviations |= Deviation::HereDocumentInParameter as u32;
                            }
                        } else if op == Op::LParen && c == b'(' {
                            self.arith = true;
                        }
                        let reason = if op == Op::Newline {
                            Reason::NewLine
                        } else {
                            Reason::OperatorEnd
                        };
                        result = self.delimit(st, reason)?;
                    }
                }
            } else if !st.esc
                && match st.quote {
                    Quote::Double(_) | Quote::AnsiC(_) => c == b'\\',
                    Quote::Single(_) => false,
                    Quote::None => is_quoting(c),
                }
            {
                if c == b'\\' {
                    self.bump();
                    if self.peek() == Some(b'\n') {
                        // A backslash-newline is removed.
                        self.bump();
                    } else {
                        st.esc = true;
                        st.text.push(c);
                    }
                } else if c == b'\'' {
                    st.quote = if st.text.last() == Some(&b'$') {
                        Quote::AnsiC(self.line)
                    } else {
                        Quote::Single(self.line)
                    };
                    self.bump();
                    st.text.push(c);
                } else {
                    st.quote = Quote::Double(self.line);
                    self.bump();
                    st.text.push(c);
                }
            } else if !st.esc
                && match st.quote {
                    Quote::Single(_) | Quote::AnsiC(_) => c == b'\'',
                    Quote::Double(_) => c == b'"',
                    Quote::None => false,
                }
            {
                // The quote closes.
                st.quote = Quote::None;
                self.bump();
                st.text.push(c);
            } else if st.esc {
                st.esc = false;
                self.bump();
                st.text.push(c);
            } else if (st.unquoted() || matches!(st.quote, Quote::Double(_)))
                && (c == b'$' || c == b'`')
            {
                self.dollar_or_backquote(st, c)?;
            } else if st.subscript > 0 && st.unquoted() && st.op.is_none() {
                // Inside a subscript read whole: brackets pair up, and
                // nothing else ends the word.
                match c {
                    b'[' => st.subscript = st.subscript.saturating_add(1),
                    b']' => st.subscript -= 1,
                    _ if is_blank(c) || c == b'\n' || Op::start(c).is_some() => {
                        self.deviations |= Deviation::SubscriptAcrossBlanks as u32;
                    }
                    _ => {}
                }
                self.bump();
                st.text.push(c);
            } else if c == b'['
                && st.unquoted()
                && st.op.is_none()
                && !self.arith
                && self
                    .positions
                    .last()
                    .and_then(Option::as_ref)
                    .is_some_and(|p| p.subscript_opens(&st.text))
            {
                st.subscript = 1;
                st.subscript_line = self.line;
                self.bump();
                st.text.push(c);
            } else if c == b'('
                && self.opts.extglob
                && st.unquoted()
                && st.op.is_none()
                && st
                    .text
                    .last()
                    .is_some_and(|x| matches!(x, b'@' | b'!' | b'?' | b'+' | b'*'))
            {
                self.bump();
                st.text.push(c);
                let mut depth: usize = 1;
                let mut esc = false;
                while depth > 0 {
                    let Some(x) = self.bump() else {
                        return Err(LexError::Extglob(self.line));
                    };
                    st.text.push(x);
                    match x {
                        _ if esc => esc = false,
                        b'\\' => esc = true,
                        b'(' => depth = depth.saturating_add(1),
                        b')' => depth -= 1,
                        _ => {}
                    }
                }
            } else if let Some(op) = Op::start(c).filter(|_| st.unquoted()) {
                if st.started() {
                    result = self.delimit(st, Reason::OperatorStart)?;
                } else {
                    st.op = Some(op);
                    self.bump();
                    st.text.push(c);
                }
            } else if st.unquoted() && is_blank(c) {
                if st.started() {
                    result = self.delimit(st, Reason::Blank)?;
                } else if include_space {
                    st.text.push(c);
                } else {
                    st.start += 1;
                }
                self.bump();
            } else if st.op.is_none() && (st.started() || term == Some(b'}')) {
                self.bump();
                st.text.push(c);
            } else if c == b'#' {
                // A comment, up to the newline.
                let rest = self.src.get(self.pos..).unwrap_or(&[]);
                let len = rest.iter().position(|b| *b == b'\n').unwrap_or(rest.len());
                self.pos += len;
            } else if st.started() {
                result = self.delimit(st, Reason::Other)?;
            } else {
                self.bump();
                st.text.push(c);
            }
        }
    }

    /// At an unquoted (or double-quoted) `$` or backquote.
    fn dollar_or_backquote(&mut self, st: &mut St, c: u8) -> Result<(), LexError> {
        if c == b'`' {
            let line = self.line;
            self.bump();
            st.text.push(c);
            let mut esc = false;
            loop {
                let Some(x) = self.bump() else {
                    return Err(LexError::Backquote(line));
                };
                st.text.push(x);
                if !esc && x == b'\\' {
                    esc = true;
                } else {
                    if !esc && x == b'`' {
                        return Ok(());
                    }
                    esc = false;
                }
            }
        }
        self.bump();
        st.text.push(b'$');
        match self.peek() {
            Some(b'(') => {
                self.bump();
                st.text.push(b'(');
                let arith = self.peek() == Some(b'(');
                if arith {
                    self.bump();
                    st.text.push(b'(');
                    self.arith = true;
                }
                self.nested(st, b')', if arith { 2 } else { 1 }, !arith)?;
                if arith {
                    self.arith = false;
                }
            }
            Some(b'[') => {
                self.bump();
                st.text.push(b'[');
                self.arith = true;
                self.nested(st, b']', 1, false)?;
                self.arith = false;
            }
            Some(b'{') => {
                self.bump();
                st.text.push(b'{');
                self.braced(st)?;
            }
            _ => {}
        }
        Ok(())
    }
}

/// brush-parser's tokens for `lexed`, the tokens of `src`: the same text
/// and the same spans (whose positions count characters).
#[cfg(any(test, feature = "oracle"))]
pub(crate) fn to_brush(lexed: &Lexed, src: &str) -> Vec<brush_parser::Token> {
    use brush_parser::{SourcePosition, SourceSpan, Token};
    let bytes = src.as_bytes();
    // Byte offset of each line's start.
    let mut lines: Vec<usize> = Vec::with_capacity(64);
    lines.push(0);
    lines.extend(
        bytes
            .iter()
            .enumerate()
            .filter(|(_, b)| **b == b'\n')
            .map(|(i, _)| i + 1),
    );
    // Character index of each byte offset, for text that is not ASCII.
    let chars: Option<Vec<u32>> = (!src.is_ascii()).then(|| {
        let mut v = Vec::with_capacity(bytes.len() + 1);
        let mut n = 0u32;
        for b in bytes {
            v.push(n);
            if (b & 0xC0) != 0x80 {
                n = n.saturating_add(1);
            }
        }
        v.push(n);
        v
    });
    let index = |off: usize| -> usize {
        match &chars {
            None => off,
            // Past the end (a span start moved over blanks): the end's
            // count plus the bytes past it.
            Some(v) => v.get(off).map_or_else(
                || {
                    let last = v.last().copied().unwrap_or(0) as usize;
                    last + off.saturating_sub(bytes.len())
                },
                |n| *n as usize,
            ),
        }
    };
    let position = |off: u32, line: u32| {
        let off = off as usize;
        let line_start = lines
            .get((line as usize).saturating_sub(1))
            .copied()
            .unwrap_or(0);
        let i = index(off);
        std::sync::Arc::new(SourcePosition {
            index: i,
            line: line as usize,
            column: i.saturating_sub(index(line_start)) + 1,
        })
    };
    lexed
        .toks
        .iter()
        .map(|t| {
            let span = SourceSpan {
                start: position(t.start, t.line),
                end: position(t.end, t.end_line),
            };
            let text = lexed.text(t, src).to_owned();
            match t.kind {
                Kind::Op(_) => Token::Operator(text, span),
                _ => Token::Word(text, span),
            }
        })
        .collect()
}

mod position;
#[cfg(test)]
pub(crate) mod tests;
