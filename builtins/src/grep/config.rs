//! What one grep run was asked to do (`Config`) and what it has found so
//! far (`State`).

use std::sync::Arc;

use regex::bytes::Regex;
use regex_automata::hybrid;
use sandbash_interpreter::memory::MemoryBudget;

use crate::common::backref::Backtrack;
use crate::common::sys::{Diag, Out, Ticker};

/// The pattern syntax: `-G` (default), `-E`, `-F`, `-P`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Syntax {
    Basic,
    Extended,
    Fixed,
    Perl,
}

/// What is printed per file: its lines, `-c`, `-l`, `-L` or nothing (`-q`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Listing {
    Lines,
    Count,
    WithMatches,
    WithoutMatch,
    Quiet,
}

/// `--binary-files`: `binary`, `text` (`-a`), `without-match` (`-I`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum BinaryMode {
    Binary,
    Text,
    WithoutMatch,
}

pub(super) struct Config {
    pub(super) re: Option<Regex>,
    /// For patterns with back-references: the backtracking matcher,
    /// used instead of `re` (which is then `None`).
    pub(super) back: Option<Backtrack>,
    /// For POSIX syntaxes: where the longest match from a start ends
    /// (`-o` prints leftmost-longest matches, as GNU does; the `regex`
    /// crate finds leftmost-first ones).
    pub(super) longest: Option<hybrid::dfa::DFA>,
    pub(super) invert: bool,
    pub(super) listing: Listing,
    pub(super) line_numbers: bool,
    pub(super) byte_offset: bool,
    pub(super) only_matching: bool,
    pub(super) max_count: Option<u64>,
    pub(super) after: usize,
    pub(super) before: usize,
    pub(super) eol: u8,
    pub(super) null_after_name: bool,
    pub(super) binary: BinaryMode,
    pub(super) recursive: bool,
    pub(super) deref: bool,
    pub(super) skip_dirs: bool,
    /// `--include`/`--exclude` globs in the order given.
    pub(super) filters: Vec<(FilterKind, String)>,
    /// `--exclude-dir` globs, trailing slashes removed as GNU does.
    pub(super) exclude_dirs: Vec<String>,
    pub(super) label: String,
    pub(super) group_sep: Option<String>,
    pub(super) quiet_errors: bool,
    /// A context option was given, even `-A 0`: groups get separators.
    pub(super) context_given: bool,
    /// `-T`: a tab after the prefix, numbers padded.
    pub(super) initial_tab: bool,
    /// `--color=always`: GNU's default `GREP_COLORS` SGR sequences.
    pub(super) color: bool,
}

/// Whether a `--include`/`--exclude` glob keeps or drops what it matches.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum FilterKind {
    Include,
    Exclude,
}

/// Mutable state of one grep run.
pub(super) struct State {
    pub(super) with_names: Option<bool>,
    pub(super) any_selected: bool,
    pub(super) error: bool,
    /// A context group was printed (for `--` separators).
    pub(super) printed_group: bool,
    /// `-q` found a match: stop everything.
    pub(super) done: bool,
}

pub(super) struct Streams<'s, 'c> {
    pub(super) out: &'s mut Out<'c>,
    pub(super) diag: &'s mut Diag<'c>,
    pub(super) tick: &'s mut Ticker<'c>,
    /// The run's memory budget, which the line read and the lines kept for
    /// `-B` are charged to.
    pub(super) memory: &'s Arc<MemoryBudget>,
}

/// Reports a file's trouble (unless `-s`) and remembers it for status 2.
pub(super) fn report(cfg: &Config, st: &mut State, diag: &mut Diag<'_>, name: &str, msg: &str) {
    st.error = true;
    if !cfg.quiet_errors {
        diag.error(format_args!("{name}: {msg}"));
    }
}
