//! Predicting brush-parser's time on a chunk's tokens, before its script
//! grammar runs.
//!
//! That grammar is a PEG without memoization: where two alternatives
//! start alike, the second re-reads everything the first read. One place
//! does so per nesting level: a `case` arm with no `;;` is read as a
//! `case_item`, which fails at the missing `;;`, then again as the last
//! arm (`case_item_ns`). So nested arms cost 2^n, valid or not: 18 nested
//! `case x in x) … ; esac` took 0.7 s, a syntax error inside 18 arms 1 s
//! (fuzz F26, found by hand). The scan's refusal of text *ending* inside
//! open `case`s (F4, F18, F25) does not see these.
//!
//! This module reads the tokens with the same rules, alternative for
//! alternative, remembering what each rule made of each position
//! (packrat), and sums what the unmemoized reading costs: each use of a
//! remembered outcome counts at its full price, as `word_parse/cost.rs`
//! does for words. That sum is worked out in time linear in the tokens; a
//! chunk predicted to take brush-parser too long is refused before it runs
//! (`parse.rs`). The prediction need not match brush-parser's outcome
//! exactly, only its work: the rules' semantic checks (an assignment word,
//! an array assignment) are approximated.

mod rules;
#[cfg(test)]
mod tests;

use brush_parser::Token;

use crate::word_parse::Memo;

/// The most steps brush-parser's grammar may be predicted to take on one
/// chunk (about 35 ms of its time on this machine: see the calibration in
/// `tests.rs`), unless the chunk is long enough that
/// [`STEPS_PER_TOKEN`] allows more.
pub(crate) const MAX_GRAMMAR_STEPS: u64 = 1 << 20;

/// Steps allowed per token: an ordinary reading costs a few dozen per
/// token (each word of a command is tried as a redirection, an
/// assignment and a word), a backtracking one doubles per nesting level.
pub(crate) const STEPS_PER_TOKEN: u64 = 1024;

/// What to do with a chunk's tokens before brush-parser's grammar reads
/// them.
pub(crate) enum Verdict {
    /// Parse them as they are.
    Parse,
    /// Parse these instead: the same tokens with `;;` before each `esac`
    /// that ends a `case` whose last arm has none. bash reads the two
    /// alike, and brush-parser reads each such arm once instead of twice.
    Rewritten(Vec<Token>),
    /// Refuse them: brush-parser would take too long.
    Refuse,
}

/// Whether brush-parser's grammar may read `tokens`: their predicted work
/// within [`MAX_GRAMMAR_STEPS`] and [`STEPS_PER_TOKEN`] per token, and the
/// reading no deeper than `max_depth` allows. Past that, the tokens with
/// their last `case` arms ended by `;;` are tried (nested arms without
/// `;;` are the one shape of valid script that is costly), then refused.
pub(crate) fn verdict(tokens: &[Token], max_depth: u32) -> Verdict {
    let reading = predict(tokens, max_depth);
    if !reading.too_costly(tokens.len()) {
        return Verdict::Parse;
    }
    if reading.deep || reading.open_arms.is_empty() {
        return Verdict::Refuse;
    }
    let rewritten = terminate_arms(tokens, &reading.open_arms);
    if predict(&rewritten, max_depth).too_costly(rewritten.len()) {
        Verdict::Refuse
    } else {
        Verdict::Rewritten(rewritten)
    }
}

/// `tokens` with a `;;` operator before each `esac` at `at` (sorted).
fn terminate_arms(tokens: &[Token], at: &[usize]) -> Vec<Token> {
    let mut out = Vec::with_capacity(tokens.len().saturating_add(at.len()));
    let mut next = at.iter().peekable();
    for (i, token) in tokens.iter().enumerate() {
        if next.next_if(|&&p| p == i).is_some() {
            // Where the `esac` starts, and as long as nothing: no text
            // of the script is moved.
            let start = token.location().start.clone();
            let span = brush_parser::SourceSpan {
                start: start.clone(),
                end: start,
            };
            out.push(Token::Operator(";;".into(), span));
        }
        out.push(token.clone());
    }
    out
}

/// For `text` (tokenized by brush-parser, `None` when its tokenizer
/// rejects it): the steps brush-parser's grammar would take, and whether
/// this reading of its grammar accepts the tokens, to compare with
/// brush-parser's own outcome (the `parse` fuzz target, tests).
pub fn brush_grammar_reading(text: &str) -> Option<(u64, bool)> {
    let tokens = crate::parse::tokenize(text, &brush_parser::ParserOptions::default())??;
    let reading = predict(&tokens, u32::MAX / 32);
    Some((reading.steps, reading.accepts))
}

/// What the reading of a chunk's tokens found.
pub(crate) struct Reading {
    /// The steps brush-parser's grammar would take.
    pub steps: u64,
    /// Whether the reading was cut short for nesting too deep.
    pub deep: bool,
    /// The positions (sorted) of the `esac` tokens that end a `case`
    /// whose last arm has no `;;`.
    pub open_arms: Vec<usize>,
    /// Whether the grammar reads all the tokens as a program: where this
    /// differs from brush-parser's outcome, the reading is not its reading.
    pub accepts: bool,
}

impl Reading {
    fn too_costly(&self, tokens: usize) -> bool {
        let allowed = u64::try_from(tokens)
            .unwrap_or(u64::MAX)
            .saturating_mul(STEPS_PER_TOKEN)
            .max(MAX_GRAMMAR_STEPS);
        self.deep || self.steps > allowed
    }
}

/// Reads `tokens` as brush-parser's grammar would (see the module docs).
pub(crate) fn predict(tokens: &[Token], max_depth: u32) -> Reading {
    let mut g = Grammar {
        toks: tokens,
        memo: Memo::default(),
        steps: 0,
        depth: 0,
        // A level of shell nesting is a handful of rules deep.
        max_depth: max_depth.saturating_mul(16).saturating_add(64),
        too_deep: false,
        open_arms: Vec::new(),
    };
    let accepts = g.program() == Some(tokens.len());
    g.open_arms.sort_unstable();
    g.open_arms.dedup();
    Reading {
        steps: g.steps,
        deep: g.too_deep,
        open_arms: g.open_arms,
        accepts,
    }
}

/// The least cost of a rule's outcome that is remembered.
const REMEMBERED_COST: u64 = 128;

/// The rules whose outcomes are remembered: those that can read a nested
/// command, where the re-reading that makes brush-parser slow happens.
#[derive(Clone, Copy)]
enum Rule {
    CompleteCommands,
    CompleteCommand,
    AndOr,
    Pipeline,
    PipeSequence,
    Command,
    CompoundCommand,
    ArithCommand,
    ArithPiece,
    Subshell,
    CompoundList,
    For,
    ArithFor,
    Case,
    CaseItem,
    CaseItemNs,
    If,
    ElsePart,
    CondElse,
    UncondElse,
    WhileUntil,
    Coproc,
    FunctionDef,
    FunctionBody,
    BraceGroup,
    DoGroup,
    SimpleCommand,
    CmdPrefix,
    CmdSuffix,
    IoRedirect,
    ProcessSubst,
    Assignment,
    ExtTest,
    TestExpr(u8),
    RegexPiece,
}

impl Rule {
    fn key(self, pos: usize) -> u64 {
        (u64::try_from(pos).unwrap_or(u64::MAX) << 7) | self.code()
    }

    fn code(self) -> u64 {
        match self {
            Self::CompleteCommands => 0,
            Self::CompleteCommand => 1,
            Self::AndOr => 2,
            Self::Pipeline => 3,
            Self::PipeSequence => 4,
            Self::Command => 5,
            Self::CompoundCommand => 6,
            Self::ArithCommand => 7,
            Self::ArithPiece => 8,
            Self::Subshell => 9,
            Self::CompoundList => 10,
            Self::For => 11,
            Self::ArithFor => 12,
            Self::Case => 13,
            Self::CaseItem => 14,
            Self::CaseItemNs => 15,
            Self::If => 16,
            Self::ElsePart => 17,
            Self::CondElse => 18,
            Self::UncondElse => 19,
            Self::WhileUntil => 20,
            Self::Coproc => 21,
            Self::FunctionDef => 22,
            Self::FunctionBody => 23,
            Self::BraceGroup => 24,
            Self::DoGroup => 25,
            Self::SimpleCommand => 26,
            Self::CmdPrefix => 27,
            Self::CmdSuffix => 28,
            Self::IoRedirect => 29,
            Self::ProcessSubst => 30,
            Self::Assignment => 31,
            Self::ExtTest => 32,
            Self::RegexPiece => 33,
            Self::TestExpr(level) => 64 + u64::from(level),
        }
    }
}

/// The reading's state: the tokens, each remembered rule's outcome (its
/// end, or a failure) and unmemoized cost per position, and the bounds.
struct Grammar<'t> {
    toks: &'t [Token],
    memo: Memo<(Option<usize>, u64)>,
    /// Steps of the unmemoized reading so far, within the rule being
    /// worked out.
    steps: u64,
    depth: u32,
    max_depth: u32,
    too_deep: bool,
    /// See [`Reading::open_arms`].
    open_arms: Vec<usize>,
}

impl<'t> Grammar<'t> {
    /// Works out `rule` at `pos` with `body`, or reuses its remembered
    /// outcome, charging the full cost of working it out either way.
    fn memo(
        &mut self,
        rule: Rule,
        pos: usize,
        body: impl FnOnce(&mut Self, usize) -> Option<usize>,
    ) -> Option<usize> {
        let key = rule.key(pos);
        if let Some(&(end, cost)) = self.memo.get(&key) {
            self.steps = self.steps.saturating_add(cost);
            return end;
        }
        if self.too_deep || self.depth >= self.max_depth {
            self.too_deep = true;
            return None;
        }
        self.depth += 1;
        let outer = std::mem::replace(&mut self.steps, 1);
        let end = body(self, pos);
        let cost = std::mem::replace(&mut self.steps, outer);
        self.steps = self.steps.saturating_add(cost);
        self.depth -= 1;
        // Cheap outcomes are worked out again rather than remembered: only
        // a rule that read a nested command can make re-reading costly.
        if !self.too_deep && cost >= REMEMBERED_COST {
            self.memo.insert(key, (end, cost));
        }
        end
    }

    /// One token read (brush-parser's `[_]`): a step.
    fn token(&mut self, pos: usize) -> Option<&'t Token> {
        self.steps = self.steps.saturating_add(1);
        self.toks.get(pos)
    }

    /// `[_]`: any token.
    fn any(&mut self, pos: usize) -> Option<usize> {
        self.token(pos).map(|_| pos + 1)
    }

    /// `specific_word(s)`.
    fn word_is(&mut self, pos: usize, s: &str) -> Option<usize> {
        match self.token(pos) {
            Some(Token::Word(w, _)) if w == s => Some(pos + 1),
            _ => None,
        }
    }

    /// `specific_operator(s)`.
    fn op_is(&mut self, pos: usize, s: &str) -> Option<usize> {
        match self.token(pos) {
            Some(Token::Operator(o, _)) if o == s => Some(pos + 1),
            _ => None,
        }
    }

    /// `word()`: any word token.
    fn word(&mut self, pos: usize) -> Option<usize> {
        match self.token(pos) {
            Some(Token::Word(..)) => Some(pos + 1),
            _ => None,
        }
    }

    /// `non_posix_extensions_enabled()`: `&[_]`, true before the end.
    fn ext(&mut self, pos: usize) -> bool {
        self.token(pos).is_some()
    }

    /// `newline()*`.
    fn linebreak(&mut self, mut pos: usize) -> usize {
        while let Some(next) = self.op_is(pos, "\n") {
            pos = next;
        }
        pos
    }

    /// `newline()+`.
    fn newline_list(&mut self, pos: usize) -> Option<usize> {
        let next = self.op_is(pos, "\n")?;
        Some(self.linebreak(next))
    }
}
