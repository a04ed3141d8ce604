//! The resolved syntax tree the evaluator walks.
//!
//! brush-parser leaves words, patterns, arithmetic and `$( )` bodies as raw
//! text. The resolver (`syntax/resolve.rs`) parses every one of them once, so the
//! evaluator never parses while it runs, however often a loop repeats a node.
//! Only text produced at run time (a variable's value used as arithmetic,
//! `eval`'s argument) is parsed at run time.

use std::sync::{Arc, Mutex, OnceLock};

use brush_parser::ast::{BinaryPredicate, UnaryPredicate};

use crate::arith::Expr;
use crate::pattern::{Pattern, PatternPiece};

/// A parsed script: a list of commands.
#[derive(Debug)]
pub struct Script {
    /// The commands in order.
    pub list: List,
    /// The same commands grouped by top-level command (one group per line
    /// or complete command), so an expansion error can abandon just one.
    pub units: Vec<List>,
}

/// A sequence of and-or lists, each run in the foreground or background.
pub type List = Vec<Item>;

/// What only the printer (`print/`) reads, recorded as the parser reads
/// the text: left out of `Debug`, which shows what a tree means.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Shown<T>(pub T);

impl<T> std::fmt::Debug for Shown<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("_")
    }
}

/// One and-or list and how it ends (`;`/newline or `&`).
#[derive(Debug)]
pub struct Item {
    /// The commands joined by `&&` and `||`; shared so a background job can own it.
    pub and_or: Arc<AndOr>,
    /// True when the list ended in `&`.
    pub background: bool,
    /// Ended by a newline (or a comment), not by `;` or `&`: bash prints
    /// a substitution's list with its newlines.
    pub newline: Shown<bool>,
    /// A background list's source text, which `jobs` shows.
    pub text: Option<Arc<str>>,
}

/// Pipelines joined by `&&` and `||`.
#[derive(Debug)]
pub struct AndOr {
    /// The first pipeline.
    pub first: Pipeline,
    /// The following pipelines with their connectors.
    pub rest: Vec<(Connector, Pipeline)>,
}

/// `&&` or `||`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Connector {
    /// `&&`
    And,
    /// `||`
    Or,
}

/// Commands joined by `|`, optionally negated with `!`.
#[derive(Debug)]
pub struct Pipeline {
    /// True for `! pipeline`.
    pub bang: bool,
    /// The line it starts on (0 when unknown), which `$LINENO` shows in
    /// an ERR trap it triggers.
    pub line: u32,
    /// The stages; at least one.
    pub commands: Vec<Command>,
    /// `time` (`Some(false)`) or `time -p` (`Some(true)`) before it.
    pub timed: Option<bool>,
}

/// One stage of a pipeline.
#[derive(Debug)]
pub enum Command {
    /// A simple command.
    Simple(SimpleCommand),
    /// A compound command with its redirections (boxed: it is large).
    Compound(Box<Compound>, Vec<Redirect>),
    /// A function definition.
    FuncDef(Arc<FuncDef>),
}

/// A command's text as bash prints it, for `$BASH_COMMAND`. It is kept
/// with its `$( )` bodies as written; they are printed as bash keeps them
/// (each parsed again) only when the text is read, since doing so for
/// every command of a deeply nested text as it is read would cost the
/// cube of the nesting.
#[derive(Debug)]
pub struct CommandText {
    plain: Arc<str>,
    normalized: std::sync::OnceLock<Arc<str>>,
}

impl CommandText {
    /// A text shown as given (`$( )` bodies are printed when read).
    pub fn new(plain: impl Into<Arc<str>>) -> Arc<Self> {
        Arc::new(Self {
            plain: plain.into(),
            normalized: std::sync::OnceLock::new(),
        })
    }

    /// The text as given (`$( )` bodies as the parse that made it
    /// printed them).
    pub(crate) fn written(&self) -> &str {
        &self.plain
    }

    /// The text as bash shows it: `normalize` prints its `$( )` bodies as
    /// commands (`syntax::normalized_command_text`); worked out once.
    pub fn get(&self, normalize: impl FnOnce(&str) -> String) -> Arc<str> {
        if !self.plain.contains("$(") {
            return Arc::clone(&self.plain);
        }
        let t = self
            .normalized
            .get_or_init(|| Arc::from(normalize(&self.plain)));
        Arc::clone(t)
    }
}

/// A compound command's header as bash shows it in `$BASH_COMMAND`
/// (`case W in `, `for V in W`, `((E))`), made the first time it is shown
/// and shared after: a loop shows it on every pass.
#[derive(Default)]
pub struct HeaderText(std::sync::OnceLock<Arc<CommandText>>);

impl HeaderText {
    /// The text, made by `make` the first time.
    pub fn get(&self, make: impl FnOnce() -> String) -> Arc<CommandText> {
        Arc::clone(self.0.get_or_init(|| CommandText::new(make())))
    }
}

impl std::fmt::Debug for HeaderText {
    /// Nothing: the text is derived from the node's other fields.
    fn fmt(&self, _: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Ok(())
    }
}

/// `NAME=v... word... redirections...`
#[derive(Debug)]
pub struct SimpleCommand {
    /// The line the command starts on (for messages and `$LINENO`).
    pub line: u32,
    /// The command as bash prints it: `$BASH_COMMAND` while it runs and
    /// in the DEBUG trap before it.
    pub text: Arc<CommandText>,
    /// Prefix assignments.
    pub assigns: Vec<Assign>,
    /// The command name and arguments, unexpanded.
    pub words: Vec<Word>,
    /// Redirections, in order.
    pub redirects: Vec<Redirect>,
    /// Arguments written as assignments (`declare a=(1 2)`, `local v=$1`),
    /// by word index, also parsed as assignments: a declaration builtin
    /// (named literally) gets them expanded as assignment values (tilde
    /// after `=` and `:`, no field splitting, no pathname expansion), as
    /// bash expands them; any other command gets the plain word.
    pub decl_assigns: Vec<(usize, Assign)>,
}

/// `name=value`, `name[i]=value`, `name+=value`, `name=(...)`.
#[derive(Debug)]
pub struct Assign {
    /// The variable name.
    pub name: String,
    /// The subscript for `name[i]=...`.
    pub index: Option<Subscript>,
    /// The value.
    pub value: AssignValue,
    /// True for `+=`.
    pub append: bool,
    /// A compound assignment as written (`a=(1 'b c')`), which `set -x`
    /// shows; empty for a scalar.
    pub raw: String,
}

/// The right-hand side of an assignment.
#[derive(Debug)]
pub enum AssignValue {
    /// `name=word`
    Scalar(Word),
    /// `name=(a [k]=b [k]+=c ...)`: each element's subscript if any, its
    /// value, and whether it appends to the element (`[k]+=c`).
    Array(Vec<(Option<Subscript>, Word, bool)>),
}

/// An array subscript: expanded as a word, then evaluated as arithmetic for
/// indexed arrays or used as a key for associative ones.
#[derive(Debug)]
pub struct Subscript {
    /// The subscript as written.
    pub raw: String,
    /// The subscript parsed as a word (for associative keys and `$` uses).
    pub word: Word,
    /// The subscript parsed as arithmetic when it needs no expansion first.
    pub arith: Option<Arc<Expr>>,
}

/// A compound command.
#[derive(Debug)]
pub enum Compound {
    /// `{ list; }`
    Brace(List),
    /// `( list )`
    Subshell(List),
    /// `if c; then b; elif c; then b; else b; fi`
    If {
        /// Each condition with its body.
        branches: Vec<(List, List)>,
        /// The `else` body.
        otherwise: Option<List>,
    },
    /// `while c; do b; done` / `until c; do b; done`
    While {
        /// True for `until`.
        until: bool,
        /// The condition.
        cond: List,
        /// The body.
        body: List,
    },
    /// `for name in words; do body; done`
    For {
        /// The loop variable.
        var: String,
        /// The words; `None` means `"$@"`.
        words: Option<Vec<Word>>,
        /// The words as written (for `set -x`).
        raw: String,
        /// `for V in W`, for `$BASH_COMMAND`.
        header: HeaderText,
        /// The line of `for`.
        line: u32,
        /// The body.
        body: List,
    },
    /// `select name in words; do body; done`: a menu on stderr, a choice
    /// read from stdin (see `select.rs`).
    Select {
        /// The variable that gets the chosen item.
        var: String,
        /// The items; `None` means `"$@"`.
        words: Option<Vec<Word>>,
        /// The items as written (`"$@"` when none were), for `$BASH_COMMAND`.
        raw: String,
        /// The line of `select`.
        line: u32,
        /// The body.
        body: List,
    },
    /// `coproc [NAME] command`: the command runs as a job joined to the
    /// shell by two pipes, whose ends the shell keeps in `NAME[0]` (read)
    /// and `NAME[1]` (write); `NAME_PID` is its pid.
    Coproc {
        /// `COPROC` unless named.
        name: String,
        /// The command.
        body: Arc<Command>,
        /// Its source text, which `jobs` shows.
        text: Arc<str>,
    },
    /// `for ((init; cond; step)); do body; done`
    ArithFor {
        /// Initializer.
        init: Option<Box<Arith>>,
        /// Condition (empty means true).
        cond: Option<Box<Arith>>,
        /// Step.
        step: Option<Box<Arith>>,
        /// The line of `for`, `$LINENO` while each expression runs.
        line: u32,
        /// Body.
        body: List,
    },
    /// `case word in pattern) list ;; esac`
    Case {
        /// The subject.
        word: Word,
        /// The subject as written (for `set -x`).
        raw: String,
        /// `case W in `, for `$BASH_COMMAND`.
        header: HeaderText,
        /// The line of `case`.
        line: u32,
        /// The arms.
        items: Vec<CaseItem>,
    },
    /// `(( expr ))`
    Arith(Arith),
    /// `[[ expr ]]`, its line and its text (`$BASH_COMMAND`).
    Test(TestNode, u32, Arc<str>),
}

/// One `case` arm.
#[derive(Debug)]
pub struct CaseItem {
    /// The alternative patterns.
    pub patterns: Vec<Word>,
    /// The body.
    pub body: List,
    /// What follows the body: `;;`, `;&` or `;;&`.
    pub action: CaseAction,
    /// The patterns as bash prints them, joined by ` | `.
    pub shown: Shown<Box<str>>,
}

/// How a `case` arm ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaseAction {
    /// `;;`: leave the `case`.
    Break,
    /// `;&`: run the next arm's body too.
    FallThrough,
    /// `;;&`: go on testing the next arms.
    Continue,
}

/// `name() compound redirections`
#[derive(Debug)]
pub struct FuncDef {
    /// The function name.
    pub name: String,
    /// The body.
    pub body: Compound,
    /// Redirections applied on every call.
    pub redirects: Vec<Redirect>,
    /// The line the body starts on: `$LINENO` of the DEBUG trap that
    /// runs as a call starts under `set -T`.
    pub line: u32,
    /// Whether it was read in a UTF-8 locale: its `$'\u…'` text shows
    /// decoded in that locale (`declare -f`), as bash decoded it then.
    pub utf8: bool,
    /// The definition as source text (brush-parser's rendering), which
    /// parses back to the same function: what snapshots keep.
    pub source: String,
}

/// An expression of `[[ ]]`.
#[derive(Debug)]
pub enum TestNode {
    /// `a && b`
    And(Box<TestNode>, Box<TestNode>),
    /// `a || b`
    Or(Box<TestNode>, Box<TestNode>),
    /// `! a`
    Not(Box<TestNode>),
    /// `-f word`, `-n word`, ...
    Unary(UnaryPredicate, Word),
    /// `a == b`, `a =~ b`, `a -lt b`, ...; last, the operator as written
    /// (`=` and `==` are one predicate), which `set -x` shows.
    Binary(BinaryPredicate, Word, Word, Box<str>),
}

/// An arithmetic expression as written, parsed ahead when it contains no
/// expansion.
#[derive(Debug)]
pub struct Arith {
    /// The text between the delimiters.
    pub text: String,
    /// The parsed expression, when `text` needs no expansion.
    pub expr: Option<Arc<Expr>>,
    /// The text parsed as a word, expanded first when `expr` is `None`.
    pub word: Word,
    /// `((text))`, for `$BASH_COMMAND`.
    pub header: HeaderText,
    /// An arithmetic command's line: that of its `))`, where bash reads
    /// its end (its `$LINENO` and its errors' line); 0 for a `for ((`'s.
    pub line: u32,
}

/// A redirection.
#[derive(Debug)]
pub struct Redirect {
    /// The file descriptor written before the operator, if any.
    pub fd: Option<i32>,
    /// `{var}` written before the operator: the redirection opens the
    /// lowest free descriptor from 10 and stores its number in `var`;
    /// with `>&-`/`<&-` it closes the descriptor `$var` names.
    pub var: Option<String>,
    /// The operator and its operand.
    pub kind: RedirectKind,
    /// The operand as written (empty for here-documents), which bash
    /// names in `ambiguous redirect`.
    pub text: String,
    /// A compound command's or function's redirection as bash prints it,
    /// and a here-document's body with the delimiter line (a simple
    /// command's text holds its redirections, and its here-documents'
    /// bodies after its line: these tell where they start).
    pub shown: Shown<Option<Box<RedirectText>>>,
}

/// A redirection as bash prints it.
#[derive(Debug)]
pub struct RedirectText {
    /// The operator and its operand.
    pub text: String,
    /// A here-document's body, then its delimiter line.
    pub doc: Option<String>,
}

/// The redirection operators.
#[derive(Debug)]
pub enum RedirectKind {
    /// `< word`
    Read(Word),
    /// `> word`
    Write(Word),
    /// `>| word`
    Clobber(Word),
    /// `>> word`
    Append(Word),
    /// `<> word`
    ReadWrite(Word),
    /// `<& word` (a fd number or `-`)
    DupInput(Word),
    /// `>& word` (a fd number or `-`)
    DupOutput(Word),
    /// `&> word` / `&>> word`
    OutputAndError(Word, bool),
    /// `<< DELIM` / `<<- DELIM`
    HereDoc(HereDoc),
    /// `<<< word`
    HereString(Word),
}

/// A here-document body.
#[derive(Debug)]
pub enum HereDoc {
    /// Quoted delimiter: the body is used as written.
    Literal(String),
    /// Unquoted delimiter: parameter, command and arithmetic expansion apply.
    Expanded(Word),
}

/// A word, parsed into pieces.
#[derive(Debug, Default)]
pub struct Word {
    /// The pieces in order.
    pub parts: Vec<Part>,
    /// The word's value when it is plain text needing no expansion at all
    /// (the common case, served without walking `parts`).
    pub literal: Option<String>,
    /// Brace expansion: when set, the word stands for several words and
    /// `parts` is unused.
    pub braces: Option<Braces>,
    /// The pattern this word last compiled to, when used as one (`case`,
    /// `[[ == ]]`, `${v#p}`): compiling costs far more than matching, and
    /// the pieces rarely change between evaluations of one node.
    pub pattern_cache: PatternCache,
}

/// The last pattern compiled from a word, per set of options (case and
/// extglob), keyed by the expanded pieces so a word with expansions stays
/// correct.
#[derive(Debug, Default)]
pub struct PatternCache {
    /// Allocated on first use: most words are never patterns.
    slots: OnceLock<Box<[Mutex<Option<CachedPattern>>; 4]>>,
}

type CachedPattern = (Vec<PatternPiece>, Arc<Pattern>);

impl PatternCache {
    /// The pattern for `pieces`, compiled by `compile` only when the
    /// pieces differ from the previous call's. (`compile` gives an `Arc`
    /// so that it can hand out a pattern shared with another cache.)
    pub fn get_or_compile<E>(
        &self,
        pieces: Vec<PatternPiece>,
        opts: crate::pattern::PatternOptions,
        compile: impl FnOnce(&[PatternPiece]) -> Result<Arc<Pattern>, E>,
    ) -> Result<Arc<Pattern>, E> {
        let slots = self.slots.get_or_init(Box::default);
        let slot = &slots[usize::from(opts.nocase) | usize::from(opts.extglob) << 1];
        let mut guard = slot.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((cached, pattern)) = guard.as_ref()
            && *cached == pieces
        {
            return Ok(pattern.clone());
        }
        let pattern = compile(&pieces)?;
        *guard = Some((pieces, pattern.clone()));
        Ok(pattern)
    }
}

/// The words a brace expansion stands for.
#[derive(Debug)]
pub enum Braces {
    /// Expanded and parsed ahead (small expansions).
    Ready(Vec<Word>),
    /// Generated when evaluated (large sequences such as `{1..100000}`).
    Lazy(Vec<crate::braces::Piece>),
}

impl Word {
    /// A word that is exactly `text`, needing no expansion.
    pub fn literal(text: String) -> Self {
        Self {
            parts: Vec::new(),
            literal: Some(text),
            braces: None,
            pattern_cache: Default::default(),
        }
    }

    /// A word made of quoted text only (no globbing, no splitting).
    pub fn quoted(text: String) -> Self {
        Self {
            parts: vec![Part::Quoted(text)],
            literal: None,
            braces: None,
            pattern_cache: Default::default(),
        }
    }
}

/// A piece of a word.
#[derive(Debug)]
pub enum Part {
    /// Unquoted text: subject to globbing, not to field splitting.
    Text(String),
    /// Quoted text (single quotes, `$'..'`, backslash escapes, text inside
    /// double quotes): taken literally.
    Quoted(String),
    /// A double-quoted region: its expansions are neither split nor globbed.
    DoubleQuoted(Vec<Part>),
    /// `~`, `~user`, `~+`, `~-`.
    Tilde(Tilde),
    /// `$name`, `${...}`.
    Param(Box<ParamExpansion>),
    /// `$( ... )` or backquotes.
    CommandSub(Arc<Script>),
    /// `$(( ... ))`.
    Arith(Box<Arith>),
    /// `<( ... )` (`write` false) or `>( ... )` (`write` true): the list
    /// runs concurrently and the word becomes a `/dev/fd/N` path to it.
    ProcSub {
        /// `>( )`: the list reads what is written to the path.
        write: bool,
        /// The commands, run as a subshell.
        body: Arc<List>,
    },
    /// A `${` bash cannot read (a subscript never closed, `${a[}`), or a
    /// here-document's `$(` never closed: expanding it is bash's `bad
    /// substitution` error, with this message.
    BadSubst(String),
    /// `${v@Z}`: an operator bash does not know, found only when it
    /// expands; the error ends the shell, with this message.
    BadTransform(String),
}

/// The forms of tilde expansion.
#[derive(Debug, Clone)]
pub enum Tilde {
    /// `~`: `$HOME`.
    Home,
    /// `~name`: left alone unless `name` is the sandbox user.
    User(String),
    /// `~+`: `$PWD`.
    Pwd,
    /// `~-`: `$OLDPWD`.
    OldPwd,
}

impl Tilde {
    /// The prefix as the script wrote it.
    pub fn text(&self) -> String {
        match self {
            Tilde::Home => "~".to_owned(),
            Tilde::Pwd => "~+".to_owned(),
            Tilde::OldPwd => "~-".to_owned(),
            Tilde::User(u) => format!("~{u}"),
        }
    }
}

/// A parameter expansion.
#[derive(Debug)]
pub struct ParamExpansion {
    /// The parameter.
    pub param: Param,
    /// `${!name}`: indirection through the value.
    pub indirect: bool,
    /// The operation applied to it.
    pub op: ParamOp,
}

/// The parameter of an expansion.
#[derive(Debug)]
pub enum Param {
    /// `$1`...
    Positional(u32),
    /// `$@`, `$*`, `$#`, `$?`, `$-`, `$$`, `$!`, `$0`.
    Special(char),
    /// `$name`
    Named(String),
    /// `${name[sub]}`
    Index(String, Subscript),
    /// `${name[@]}` (`concat` false) or `${name[*]}` (`concat` true).
    All(String, bool),
}

/// Whether `:` was given in `${v:-x}` and friends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NullTest {
    /// `${v:-x}`: unset or empty.
    UnsetOrNull,
    /// `${v-x}`: unset only.
    Unset,
}

/// The operation of a parameter expansion.
#[derive(Debug)]
pub enum ParamOp {
    /// `$v`
    Value,
    /// `${#v}`
    Length,
    /// `${v:-w}`
    Default(NullTest, Word),
    /// `${v:=w}`
    Assign(NullTest, Word),
    /// `${v:?w}`
    Error(NullTest, Option<Word>),
    /// `${v:+w}`
    Alternative(NullTest, Word),
    /// `${v#p}` (`longest` false) / `${v##p}`
    RemovePrefix(Word, bool),
    /// `${v%p}` / `${v%%p}`
    RemoveSuffix(Word, bool),
    /// `${v/p/r}` and its anchored and global forms.
    Replace {
        /// The pattern.
        pattern: Word,
        /// The replacement.
        replacement: Option<Word>,
        /// Where the pattern may match.
        kind: ReplaceKind,
    },
    /// `${v:offset:length}`
    Substring(Arith, Option<Arith>),
    /// `${v^}`, `${v^^}`, `${v,}`, `${v,,}`
    Case {
        /// Upper (`^`) or lower (`,`).
        upper: bool,
        /// Every character or only the first.
        all: bool,
        /// Only the characters this pattern matches (`${v^^[aeiou]}`).
        pattern: Option<Box<Word>>,
    },
    /// `${v@Q}` and the other transformations.
    Transform(char),
    /// `${!prefix*}` / `${!prefix@}`
    VarNames(String, bool),
    /// `${!name[@]}` / `${!name[*]}`
    Keys(String, bool),
}

/// Which occurrence `${v/p/r}` replaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplaceKind {
    /// `${v/p/r}`
    First,
    /// `${v//p/r}`
    All,
    /// `${v/#p/r}`
    Prefix,
    /// `${v/%p/r}`
    Suffix,
}
