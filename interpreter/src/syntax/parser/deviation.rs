//! Where the parser reads a text as bash does and the old path (brush-
//! parser's grammar, which `oracle::compare_parsers` compares it with)
//! refuses or reads it otherwise.
//!
//! Invariant: outside these readings the parser's tree and error are the
//! old path's, checked by
//! `parser::tests::the_parser_builds_the_resolvers_tree_on_the_corpora`;
//! each reading here has conformance cases recorded from bash.

use std::cell::Cell;

/// A reading of bash's that brush-parser's grammar lacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u32)]
pub(crate) enum Deviation {
    /// `{name}>file` after a compound command (`{ …; } {fd}>f`,
    /// `done {fd}<f`).
    NamedFdOnCompound = 1,
    /// A process substitution among a `for` or `select` loop's words
    /// (`for f in <(ls) x<(a)y`).
    ProcSubInLoopWords = 2,
    /// A process substitution written against an assignment's value
    /// (`p=<(cmd)`), part of the value.
    ProcSubInAssignment = 4,
    /// Command text in a word on a later line of the text read (a
    /// function's body) counts its lines from that line.
    LinesOfNestedBodies = 8,
    /// A word after an assignment is never reserved (`FOO=bar for`,
    /// `FOO=bar [[ -n x ]]` run commands of those names).
    ReservedWordAfterAssignment = 16,
    /// `a= (1 2)`: an empty assignment, then a `(` bash refuses.
    ArrayAfterBlank = 32,
    /// `(( a;b ))`: the text to the matching `))` is an arithmetic
    /// command whatever tokens it holds (brush-parser reads subshells or
    /// refuses).
    ArithCommandByText = 64,
    /// `[[ -n == ]]`: a unary operator takes the next word whatever it
    /// is (brush-parser tries a binary test first).
    UnaryOperatorFirst = 128,
    /// `3<(cmd)`: digits written against a process substitution are part
    /// of its word, not a descriptor (brush-parser reads a redirection
    /// from the substitution).
    DigitsBeforeProcSub = 256,
    /// A process substitution as an element of `name=( … )` (brush-parser
    /// refuses it).
    ProcSubInArray = 512,
    /// Inside `name=( … )` another operator, or the end of the text, is
    /// an error bash reads on after (brush-parser fails at the `(`).
    ErrorInArray = 1024,
    /// A process substitution against a brace expansion joins each word
    /// it makes (`{a,b}<(cmd)`; brush-parser keeps it a word of its own).
    ProcSubAfterBraces = 2048,
    /// `for x in a; { list }`: a loop's body in braces after a separator
    /// (brush-parser takes braces only right after the words).
    BraceLoopBody = 4096,
    /// `f() [[ test ]]`: a conditional command as a function's body.
    TestFunctionBody = 8192,
    /// A process substitution's body holding a pipeline of a command
    /// with redirections and no words (`<(<a\nb)`) keeps its newlines
    /// when printed (the old path prints `; ` for every one of them).
    ProcSubNewlinesKept = 16384,
}

impl Deviation {
    /// Every deviation with what bash does.
    #[cfg(test)]
    pub(crate) const ALL: &'static [(Deviation, &'static str)] = &[
        (
            Deviation::NamedFdOnCompound,
            "a compound command's redirection may name its descriptor's variable \
         (`done {fd}<file`): cases redir/named_fd_on_compound, \
         redir/named_fd_close_on_subshell",
        ),
        (
            Deviation::ProcSubInLoopWords,
            "a loop's words may hold process substitutions, alone or joined \
             to words (`for f in <(a) x<(b)y`): case procsub/in_for_words",
        ),
        (
            Deviation::ProcSubInAssignment,
            "a process substitution against an assignment's value is part \
             of it (`p=<(cmd)`): case procsub/path_shape",
        ),
        (
            Deviation::LinesOfNestedBodies,
            "`$LINENO` and messages in `$( )` count from the line the word \
             is on (the old path counts from the text's start, which \
             `old_lines` restores for comparison): case \
             errors/lineno_cmdsub_in_function",
        ),
        (
            Deviation::ReservedWordAfterAssignment,
            "after an assignment a reserved word is a command name \
             (`FOO=bar for` is `for: command not found`): case \
             errors/reserved_word_after_assignment",
        ),
        (
            Deviation::ArrayAfterBlank,
            "`a= (1 2)` assigns nothing and `(` is a syntax error: case \
             errors/array_after_blank",
        ),
        (
            Deviation::ArithCommandByText,
            "`(( a;b ))` is an arithmetic command, an error when it runs: \
             case arith/command_text_to_matching_parens",
        ),
        (
            Deviation::UnaryOperatorFirst,
            "in `[[ ]]` a unary operator takes the next word, even `==` \
             (`[[ -n == ]]` is true, `[[ -n == x ]]` a syntax error): case \
             dbracket/unary_operator_takes_next_word",
        ),
        (
            Deviation::DigitsBeforeProcSub,
            "digits against `<(`/`>(` are part of the word (`echo 3<(true)` \
             prints `3/dev/fd/63`): case procsub/digits_before",
        ),
        (
            Deviation::ProcSubInArray,
            "an array element may be or hold a process substitution \
             (`a=(<(x) y<(z))`): case procsub/in_array",
        ),
        (
            Deviation::ErrorInArray,
            "an operator inside `name=( … )` is an error near it, the end of \
             the text one looking for `)`; status 1, and reading goes on at \
             the next line: case errors/array_syntax_read_on",
        ),
        (
            Deviation::ProcSubAfterBraces,
            "a process substitution against a brace expansion joins each of \
             its words (`{a,b}<(x)`: two substitutions): case \
             procsub/brace_expansion_each",
        ),
        (
            Deviation::BraceLoopBody,
            "a `for`, `select` or arithmetic `for` loop's body may be a brace \
             group (`for i in a b; { echo $i; }`): case control/loop_body_in_braces",
        ),
        (
            Deviation::TestFunctionBody,
            "a function's body may be `[[ ]]` (`f() [[ -n $1 ]]`): case \
             func/test_command_body",
        ),
        (
            Deviation::ProcSubNewlinesKept,
            "a process substitution's body is printed with its newlines even \
             around a command of redirections only (`<(<a\\nb)`): case \
             procsub/printed_newlines_around_redirections",
        ),
    ];
}

thread_local! {
    /// The deviations read on this thread since [`take`], nested bodies
    /// included. Only the oracle reads it.
    static READ: Cell<u32> = const { Cell::new(0) };
    /// Whether the parser counts nested bodies' lines as the old path
    /// does, set by the oracle only.
    static OLD_LINES: Cell<bool> = const { Cell::new(false) };
}

/// Whether nested bodies' lines are counted as the old path counts them
/// ([`Deviation::LinesOfNestedBodies`] not read), so that the oracle
/// compares everything else in such texts.
pub(crate) fn old_lines() -> bool {
    OLD_LINES.with(Cell::get)
}

/// Runs `f` counting nested bodies' lines as the old path does.
#[cfg(any(test, feature = "oracle"))]
pub(crate) fn with_old_lines<T>(f: impl FnOnce() -> T) -> T {
    let was = OLD_LINES.with(|c| c.replace(true));
    let r = f();
    OLD_LINES.with(|c| c.set(was));
    r
}

/// Notes that `d` was read.
pub(crate) fn note(d: Deviation) {
    READ.with(|r| r.set(r.get() | d as u32));
}

/// Notes again the deviations `bits` (what a [`take`] returned).
#[cfg(any(test, feature = "oracle"))]
pub(crate) fn put_back(bits: u32) {
    READ.with(|r| r.set(r.get() | bits));
}

/// The deviations noted on this thread since the last call, as bits.
#[cfg(any(test, feature = "oracle"))]
pub(crate) fn take() -> u32 {
    READ.with(|r| r.replace(0))
}
