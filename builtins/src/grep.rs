//! `grep`: print lines that match patterns.

use std::borrow::Cow;
use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::sync::Arc;

use regex::bytes::{Regex, RegexBuilder};
use regex_automata::{Anchored, Input, MatchKind, hybrid};
use sandbash_interpreter::UtilityContext;
use sandbash_interpreter::memory::{Charge, MemoryBudget};
use sandbash_vfs::FileKind;

use crate::common::command::Command;
use crate::common::flags::{self, Args, Flag, Help};
use crate::common::fsutil::join;
use crate::common::glob;
use crate::common::headed::ReadFail;
use crate::common::input::{open_input, read_line_within};
use crate::common::regex_tr;
use crate::common::sys::{Diag, Fail, Out, Res, Sys, Ticker, io_msg, settle};
use crate::common::walk::{Ancestors, Enter};

/// The `grep` utility, audited against GNU grep 3.8 in the C locale
/// (bytes: `.` any byte, `\w` and `-i` ASCII): `-E -F -G -P -e -f -i -y
/// --no-ignore-case -v -w -x -c -l -L -m -o -q -s -b -H -h --label -n -T
/// -Z -z -A -B -C -NUM --group-separator --no-group-separator -a -I
/// --binary-files -d -D -r -R --include --exclude --exclude-from
/// --exclude-dir --line-buffered -U -u --color` (`always` colours as GNU's
/// default `GREP_COLORS`; `auto` never, standard output being no terminal).
/// `-o` prints POSIX leftmost-longest matches. Binary input (a NUL byte)
/// gives `grep: NAME: binary file matches` on standard error. Exit 0 when
/// a line is selected, 1 when none, 2 on error (unless `-q` matched).
/// What the `regex` crate cannot match is refused with status 2 and a
/// message naming it: back-references (`\(a\)\1`, any syntax) and `-P`
/// look-around (`(?=`, `(?!`, `(?<=`, `(?<!`); `-P` has `\d \w \s \b (?i)
/// \Q...\E`.
pub struct Grep;

/// The options of `grep`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Extended,
    Fixed,
    Basic,
    Perl,
    Regexp,
    File,
    IgnoreCase,
    NoIgnoreCase,
    Word,
    Line,
    NullData,
    NoMessages,
    Invert,
    MaxCount,
    ByteOffset,
    LineNumber,
    LineBuffered,
    WithFilename,
    NoFilename,
    Label,
    OnlyMatching,
    Quiet,
    BinaryFiles,
    Text,
    SkipBinary,
    Binary,
    InitialTab,
    UnixByteOffsets,
    ExcludeFrom,
    Directories,
    Devices,
    Recursive,
    DerefRecursive,
    Include,
    Exclude,
    ExcludeDir,
    FilesWithoutMatch,
    FilesWithMatches,
    Count,
    Null,
    Before,
    After,
    Context,
    GroupSeparator,
    NoGroupSeparator,
    Color,
}

impl Command for Grep {
    const NAME: &'static str = "grep";
    const HELP: Help = Help {
        usage: &["[OPTION]... PATTERNS [FILE]..."],
        about: "Search for PATTERNS in each FILE.
Example: grep -i 'hello world' menu.h main.c
PATTERNS can contain multiple patterns separated by newlines.",
        after: "  -NUM                       same as --context=NUM

When FILE is '-', read standard input.  With no FILE, read '.' if
recursive, '-' otherwise.  With fewer than two FILEs, assume -h.
Exit status is 0 if any line is selected, 1 otherwise;
if any error occurs and -q is not given, the exit status is 2.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'E',
            &["extended-regexp"],
            Key::Extended,
            "PATTERNS are extended regular expressions",
        ),
        Flag::new('F', &["fixed-strings"], Key::Fixed, "PATTERNS are strings"),
        Flag::new(
            'G',
            &["basic-regexp"],
            Key::Basic,
            "PATTERNS are basic regular expressions",
        ),
        Flag::new(
            'P',
            &["perl-regexp"],
            Key::Perl,
            "PATTERNS are Perl regular expressions\n(no back-references or look-around here)",
        ),
        Flag::new('e', &["regexp"], Key::Regexp, "use PATTERNS for matching").value("PATTERNS"),
        Flag::new('f', &["file"], Key::File, "take PATTERNS from FILE").value("FILE"),
        Flag::new(
            'i',
            &["ignore-case"],
            Key::IgnoreCase,
            "ignore case distinctions in patterns and data",
        ),
        Flag::new('y', &[], Key::IgnoreCase, ""),
        Flag::long(
            &["no-ignore-case"],
            Key::NoIgnoreCase,
            "do not ignore case distinctions (default)",
        ),
        Flag::new('w', &["word-regexp"], Key::Word, "match only whole words"),
        Flag::new('x', &["line-regexp"], Key::Line, "match only whole lines"),
        Flag::new(
            'z',
            &["null-data"],
            Key::NullData,
            "a data line ends in 0 byte, not newline",
        ),
        Flag::new(
            's',
            &["no-messages"],
            Key::NoMessages,
            "suppress error messages",
        ),
        Flag::new(
            'v',
            &["invert-match"],
            Key::Invert,
            "select non-matching lines",
        ),
        Flag::new(
            'm',
            &["max-count"],
            Key::MaxCount,
            "stop after NUM selected lines",
        )
        .value("NUM"),
        Flag::new(
            'b',
            &["byte-offset"],
            Key::ByteOffset,
            "print the byte offset with output lines",
        ),
        Flag::new(
            'n',
            &["line-number"],
            Key::LineNumber,
            "print line number with output lines",
        ),
        Flag::long(
            &["line-buffered"],
            Key::LineBuffered,
            "flush output on every line",
        ),
        Flag::new(
            'H',
            &["with-filename"],
            Key::WithFilename,
            "print file name with output lines",
        ),
        Flag::new(
            'h',
            &["no-filename"],
            Key::NoFilename,
            "suppress the file name prefix on output",
        ),
        Flag::long(
            &["label"],
            Key::Label,
            "use LABEL as the standard input file name prefix",
        )
        .value("LABEL"),
        Flag::new(
            'o',
            &["only-matching"],
            Key::OnlyMatching,
            "show only nonempty parts of lines that match",
        ),
        Flag::new(
            'q',
            &["quiet", "silent"],
            Key::Quiet,
            "suppress all normal output",
        ),
        Flag::long(
            &["binary-files"],
            Key::BinaryFiles,
            "assume that binary files are TYPE;\nTYPE is 'binary', 'text', or 'without-match'",
        )
        .value("TYPE"),
        Flag::new(
            'a',
            &["text"],
            Key::Text,
            "equivalent to --binary-files=text",
        ),
        Flag::new(
            'I',
            &[],
            Key::SkipBinary,
            "equivalent to --binary-files=without-match",
        ),
        Flag::new(
            'U',
            &["binary"],
            Key::Binary,
            "accepted (no CR/LF translation happens)",
        ),
        Flag::new(
            'T',
            &["initial-tab"],
            Key::InitialTab,
            "make tabs line up (if needed)",
        ),
        Flag::new(
            'u',
            &["unix-byte-offsets"],
            Key::UnixByteOffsets,
            "obsolete; warns and is ignored",
        ),
        Flag::new(
            'd',
            &["directories"],
            Key::Directories,
            "how to handle directories;\nACTION is 'read', 'recurse', or 'skip'",
        )
        .value("ACTION"),
        Flag::new('D', &["devices"], Key::Devices, "accepted").value("ACTION"),
        Flag::new(
            'r',
            &["recursive"],
            Key::Recursive,
            "like --directories=recurse",
        ),
        Flag::new(
            'R',
            &["dereference-recursive"],
            Key::DerefRecursive,
            "likewise, but follow all symlinks",
        ),
        Flag::long(
            &["include"],
            Key::Include,
            "search only files that match GLOB (a file pattern)",
        )
        .value("GLOB"),
        Flag::long(&["exclude"], Key::Exclude, "skip files that match GLOB").value("GLOB"),
        Flag::long(
            &["exclude-from"],
            Key::ExcludeFrom,
            "skip files that match any file pattern from FILE",
        )
        .value("FILE"),
        Flag::long(
            &["exclude-dir"],
            Key::ExcludeDir,
            "skip directories that match GLOB",
        )
        .value("GLOB"),
        Flag::new(
            'L',
            &["files-without-match"],
            Key::FilesWithoutMatch,
            "print only names of FILEs with no selected lines",
        ),
        Flag::new(
            'l',
            &["files-with-matches"],
            Key::FilesWithMatches,
            "print only names of FILEs with selected lines",
        ),
        Flag::new(
            'c',
            &["count"],
            Key::Count,
            "print only a count of selected lines per FILE",
        ),
        Flag::new('Z', &["null"], Key::Null, "print 0 byte after FILE name"),
        Flag::new(
            'B',
            &["before-context"],
            Key::Before,
            "print NUM lines of leading context",
        )
        .value("NUM"),
        Flag::new(
            'A',
            &["after-context"],
            Key::After,
            "print NUM lines of trailing context",
        )
        .value("NUM"),
        Flag::new(
            'C',
            &["context"],
            Key::Context,
            "print NUM lines of output context",
        )
        .value("NUM"),
        Flag::long(
            &["group-separator"],
            Key::GroupSeparator,
            "print SEP on line between matches with context",
        )
        .value("SEP"),
        Flag::long(
            &["no-group-separator"],
            Key::NoGroupSeparator,
            "do not print separator for matches with context",
        ),
        Flag::long(
            &["color", "colour"],
            Key::Color,
            "use markers to highlight the matching strings;\nWHEN is 'always', 'never', or 'auto' (never here)",
        )
        .optional("WHEN"),
    ];
    const SYNTAX: flags::Syntax = flags::Syntax {
        version_short: Some('V'),
        ..flags::Syntax::GNU.status(2)
    };

    fn prepare(args: &[String]) -> Cow<'_, [String]> {
        Cow::Owned(context_numbers(args))
    }

    /// GNU grep puts its synopsis between the message and the hint.
    fn usage_error(sys: &mut Sys<'_>, err: &flags::OptError) -> i32 {
        sys.diag.error(err);
        sys.diag
            .raw(b"Usage: grep [OPTION]... PATTERNS [FILE]...\n");
        sys.diag.try_help();
        2
    }

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }

    fn finish(sys: Sys<'_>, r: Res<i32>) -> i32 {
        // GNU grep's status for trouble is 2, memory exhausted included.
        let memory = matches!(r, Err(Fail::Memory));
        let status = sys.finish(r);
        if memory { 2 } else { status }
    }
}

/// What `grep` says, with status 2, for a pattern with back-references
/// (`\(a\)\1`, `-P '(a)\1'`): the `regex` crate, a finite automaton,
/// cannot match them, and sandbash has no backtracking matcher.
const BACKREF_MSG: &str = "back-references (\\1...\\9) are not supported in this sandbox";

/// What `grep -P` says, with status 2, for look-around (`(?=`, `(?!`,
/// `(?<=`, `(?<!`), which the `regex` crate does not have.
const LOOKAROUND_MSG: &str =
    "PCRE look-around ((?=...), (?!...), (?<=...), (?<!...)) is not supported in this sandbox";

/// A lazy DFA reporting, from an anchored start, the end of the longest
/// match; `None` when it cannot be built (the leftmost-first end is kept).
fn longest_dfa(src: &str, icase: bool) -> Option<hybrid::dfa::DFA> {
    hybrid::dfa::DFA::builder()
        .configure(
            hybrid::dfa::DFA::config()
                .match_kind(MatchKind::All)
                .cache_capacity(2 << 20),
        )
        .thompson(regex_automata::nfa::thompson::Config::new().nfa_size_limit(Some(16 << 20)))
        .syntax(
            regex_automata::util::syntax::Config::new()
                .unicode(false)
                .utf8(false)
                .case_insensitive(icase),
        )
        .build(src)
        .ok()
}

/// The matches `-o` prints in `text`: leftmost, each extended to the
/// longest match from its start where the DFA tells it; empty ones are
/// skipped.
fn only_matches(
    re: &Regex,
    longest: Option<(&hybrid::dfa::DFA, &mut hybrid::dfa::Cache)>,
    text: &[u8],
) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut at = 0usize;
    let mut longest = longest;
    while at <= text.len() {
        let Some(m) = re.find_at(text, at) else {
            break;
        };
        let (start, mut end) = (m.start(), m.end());
        if let Some((dfa, cache)) = longest.as_mut() {
            let input = Input::new(text).range(start..).anchored(Anchored::Yes);
            if let Ok(Some(h)) = dfa.try_search_fwd(cache, &input) {
                end = end.max(h.offset());
            }
        }
        if end == start {
            at = start + 1;
            continue;
        }
        found.push((start, end));
        at = end;
    }
    found
}

/// The repetition operators an ERE starts with (`*`, `+`, `?`, `{m,n}`),
/// named as GNU's warning names the first, and the pattern after them.
fn leading_repetition(pat: &str) -> (Option<&'static str>, &str) {
    let mut rest = pat;
    let mut first = None;
    loop {
        let op = match rest.as_bytes().first() {
            Some(b'*') => "*",
            Some(b'+') => "+",
            Some(b'?') => "?",
            Some(b'{') => {
                let Some(end) = rest.find('}') else {
                    break;
                };
                let body = rest.get(1..end).unwrap_or("");
                if body.is_empty() || !body.bytes().all(|b| b.is_ascii_digit() || b == b',') {
                    break;
                }
                first.get_or_insert("{...}");
                rest = rest.get(end + 1..).unwrap_or("");
                continue;
            }
            _ => break,
        };
        first.get_or_insert(op);
        rest = rest.get(1..).unwrap_or("");
    }
    (first, rest)
}

/// `word` as GNU's argmatch reads it among `choices`: exact, or a prefix
/// of exactly one; else `invalid` or `ambiguous`, as its message says.
fn argmatch<'a>(word: &str, choices: &[&'a str]) -> Result<&'a str, &'static str> {
    if let Some(c) = choices.iter().find(|c| **c == word) {
        return Ok(c);
    }
    let mut hits = choices
        .iter()
        .filter(|c| !word.is_empty() && c.starts_with(word));
    match (hits.next(), hits.next()) {
        (Some(c), None) => Ok(c),
        (Some(_), Some(_)) => Err("ambiguous"),
        _ => Err("invalid"),
    }
}

/// PCRE's `\Q...\E` (quote everything between), which the `regex`
/// crate lacks, as escaped text.
fn perl_quotes(pat: &str) -> String {
    let mut out = String::with_capacity(pat.len());
    let mut rest = pat;
    while let Some(i) = rest.find("\\Q") {
        // An escaped backslash before `Q` is no quote start.
        let before = rest.get(..i).unwrap_or("");
        let slashes = before.chars().rev().take_while(|&c| c == '\\').count();
        if slashes % 2 == 1 {
            out.push_str(rest.get(..i + 2).unwrap_or(""));
            rest = rest.get(i + 2..).unwrap_or("");
            continue;
        }
        out.push_str(before);
        let quoted = rest.get(i + 2..).unwrap_or("");
        let (lit, after) = quoted.split_once("\\E").unwrap_or((quoted, ""));
        out.push_str(&regex::escape(lit));
        rest = after;
    }
    out.push_str(rest);
    out
}

/// `-NUM` means `--context=NUM`, except where the word is the value of
/// the option before it (`-C -1`, `-m -1`, `-e -5`).
fn context_numbers(words: &[String]) -> Vec<String> {
    let mut args: Vec<String> = Vec::with_capacity(words.len());
    let mut dashdash = false;
    let mut value_next = false;
    for a in words {
        if a == "--" {
            dashdash = true;
        }
        let is_value = std::mem::replace(&mut value_next, !dashdash && takes_value(a));
        if !dashdash
            && !is_value
            && a.len() > 1
            && a.starts_with('-')
            && a.get(1..)
                .is_some_and(|d| d.bytes().all(|b| b.is_ascii_digit()))
        {
            args.push("-C".into());
            args.push(a.get(1..).unwrap_or("0").into());
        } else {
            args.push(a.clone());
        }
    }
    args
}

/// Whether the word `a` is an option whose value is the next word: a
/// short-option bundle ending in a letter that takes a value, or a long
/// option that takes one, written without `=`.
fn takes_value(a: &str) -> bool {
    const SHORT: &[u8] = b"efmABCdD";
    const LONG: &[&str] = &[
        "--regexp",
        "--file",
        "--max-count",
        "--after-context",
        "--before-context",
        "--context",
        "--directories",
        "--devices",
        "--label",
        "--include",
        "--exclude",
        "--exclude-from",
        "--exclude-dir",
        "--group-separator",
        "--binary-files",
    ];
    if let Some(long) = a.strip_prefix("--") {
        return !long.contains('=') && LONG.iter().any(|l| l.get(2..) == Some(long));
    }
    let Some(bundle) = a.strip_prefix('-') else {
        return false;
    };
    // The first letter that takes a value ends the bundle; it takes the
    // next word only when it is the bundle's last letter.
    match bundle.bytes().position(|b| SHORT.contains(&b)) {
        Some(i) => i + 1 == bundle.len(),
        None => false,
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Syntax {
    Basic,
    Extended,
    Fixed,
    Perl,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Listing {
    Lines,
    Count,
    WithMatches,
    WithoutMatch,
    Quiet,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum BinaryMode {
    Binary,
    Text,
    WithoutMatch,
}

struct Config {
    re: Option<Regex>,
    /// For POSIX syntaxes: where the longest match from a start ends
    /// (`-o` prints leftmost-longest matches, as GNU does; the `regex`
    /// crate finds leftmost-first ones).
    longest: Option<hybrid::dfa::DFA>,
    invert: bool,
    listing: Listing,
    line_numbers: bool,
    byte_offset: bool,
    only_matching: bool,
    max_count: Option<u64>,
    after: usize,
    before: usize,
    eol: u8,
    null_after_name: bool,
    binary: BinaryMode,
    recursive: bool,
    deref: bool,
    skip_dirs: bool,
    /// `--include`/`--exclude` globs in the order given.
    filters: Vec<(FilterKind, String)>,
    /// `--exclude-dir` globs, trailing slashes removed as GNU does.
    exclude_dirs: Vec<String>,
    label: String,
    group_sep: Option<String>,
    quiet_errors: bool,
    /// A context option was given, even `-A 0`: groups get separators.
    context_given: bool,
    /// `-T`: a tab after the prefix, numbers padded.
    initial_tab: bool,
    /// `--color=always`: GNU's default `GREP_COLORS` SGR sequences.
    color: bool,
}

/// Whether a `--include`/`--exclude` glob keeps or drops what it matches.
#[derive(Clone, Copy, PartialEq, Eq)]
enum FilterKind {
    Include,
    Exclude,
}

/// Mutable state of one grep run.
struct State {
    with_names: Option<bool>,
    any_selected: bool,
    error: bool,
    /// A context group was printed (for `--` separators).
    printed_group: bool,
    /// `-q` found a match: stop everything.
    done: bool,
}

struct Streams<'s, 'c> {
    out: &'s mut Out<'c>,
    diag: &'s mut Diag<'c>,
    tick: &'s mut Ticker<'c>,
    /// The run's memory budget, which the line read and the lines kept for
    /// `-B` are charged to.
    memory: &'s Arc<MemoryBudget>,
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let mut syntax = Syntax::Basic;
    let mut icase = false;
    let mut word = false;
    let mut line = false;
    let mut patterns: Vec<String> = Vec::new();
    let mut have_patterns = false;
    let mut cfg = Config {
        re: None,
        longest: None,
        invert: false,
        listing: Listing::Lines,
        line_numbers: false,
        byte_offset: false,
        only_matching: false,
        max_count: None,
        after: 0,
        before: 0,
        eol: b'\n',
        null_after_name: false,
        binary: BinaryMode::Binary,
        recursive: false,
        deref: false,
        skip_dirs: false,
        filters: Vec::new(),
        exclude_dirs: Vec::new(),
        label: "(standard input)".into(),
        group_sep: Some("--".into()),
        quiet_errors: false,
        context_given: false,
        initial_tab: false,
        color: false,
    };
    // `-l`/`-L` win over `-c` whatever the order; `-q` over both.
    let mut count = false;
    let mut list: Option<Listing> = None;
    let mut quiet = false;
    let mut with_names: Option<bool> = None;
    let context_num = |diag: &mut Diag<'_>, v: &str| -> Option<usize> {
        match v.parse::<u64>() {
            Ok(n) => Some(usize::try_from(n).unwrap_or(usize::MAX)),
            Err(_) => {
                diag.error(format_args!("{v}: invalid context length argument"));
                None
            }
        }
    };
    for (k, val) in p.each() {
        match k {
            Key::Extended => syntax = Syntax::Extended,
            Key::Fixed => syntax = Syntax::Fixed,
            Key::Basic => syntax = Syntax::Basic,
            Key::Perl => syntax = Syntax::Perl,
            Key::IgnoreCase => icase = true,
            Key::NoIgnoreCase => icase = false,
            Key::Invert => cfg.invert = true,
            Key::Count => count = true,
            Key::FilesWithMatches => list = Some(Listing::WithMatches),
            Key::FilesWithoutMatch => list = Some(Listing::WithoutMatch),
            Key::Quiet => quiet = true,
            Key::LineNumber => cfg.line_numbers = true,
            Key::ByteOffset => cfg.byte_offset = true,
            Key::NoFilename => with_names = Some(false),
            Key::WithFilename => with_names = Some(true),
            Key::OnlyMatching => cfg.only_matching = true,
            Key::NoMessages => cfg.quiet_errors = true,
            Key::Recursive => (cfg.recursive, cfg.deref) = (true, false),
            Key::DerefRecursive => (cfg.recursive, cfg.deref) = (true, true),
            Key::Word => word = true,
            Key::Line => line = true,
            Key::NullData => cfg.eol = 0,
            Key::Null => cfg.null_after_name = true,
            Key::Text => cfg.binary = BinaryMode::Text,
            Key::SkipBinary => cfg.binary = BinaryMode::WithoutMatch,
            Key::Regexp => {
                have_patterns = true;
                patterns.extend(val.split('\n').map(String::from));
            }
            Key::File => {
                have_patterns = true;
                let data = if UtilityContext::is_stdin(val) {
                    let mut d = Vec::new();
                    if let Err(e) = sys.stdin.read_to_end(&mut d) {
                        sys.diag.error(format_args!("{val}: {}", io_msg(&e)));
                        return Ok(2);
                    }
                    d
                } else {
                    match sys.resolve(val).and_then(|p| sys.fs.read(&p)) {
                        Ok(d) => d,
                        Err(e) => {
                            sys.diag.fs(val, &e);
                            return Ok(2);
                        }
                    }
                };
                let text = String::from_utf8_lossy(&data);
                let text = text.strip_suffix('\n').unwrap_or(&text);
                if !data.is_empty() {
                    patterns.extend(text.split('\n').map(String::from));
                }
            }
            Key::MaxCount => match val.parse::<i64>() {
                Ok(n) => cfg.max_count = (n >= 0).then_some(n.unsigned_abs()),
                Err(_) => {
                    sys.diag.error("invalid max count");
                    return Ok(2);
                }
            },
            Key::After => match context_num(&mut sys.diag, val) {
                Some(n) => (cfg.after, cfg.context_given) = (n, true),
                None => return Ok(2),
            },
            Key::Before => match context_num(&mut sys.diag, val) {
                Some(n) => (cfg.before, cfg.context_given) = (n, true),
                None => return Ok(2),
            },
            Key::Context => match context_num(&mut sys.diag, val) {
                Some(n) => (cfg.after, cfg.before, cfg.context_given) = (n, n, true),
                None => return Ok(2),
            },
            Key::Directories => match argmatch(val, &["read", "recurse", "skip"]) {
                Ok("recurse") => cfg.recursive = true,
                Ok("skip") => cfg.skip_dirs = true,
                Ok(_) => {}
                Err(why) => {
                    // GNU's argmatch failure: the synopsis, then status 1.
                    sys.diag.error(format_args!("{why} argument '{val}' for '--directories'\nValid arguments are:\n  - 'read'\n  - 'recurse'\n  - 'skip'"));
                    sys.diag
                        .raw(b"Usage: grep [OPTION]... PATTERNS [FILE]...\n");
                    sys.diag.try_help();
                    return Ok(1);
                }
            },
            Key::BinaryFiles => match val {
                "binary" => cfg.binary = BinaryMode::Binary,
                "text" => cfg.binary = BinaryMode::Text,
                "without-match" => cfg.binary = BinaryMode::WithoutMatch,
                _ => {
                    sys.diag.error("unknown binary-files type");
                    return Ok(2);
                }
            },
            Key::Include => cfg.filters.push((FilterKind::Include, val.into())),
            Key::Exclude => cfg.filters.push((FilterKind::Exclude, val.into())),
            Key::ExcludeFrom => {
                let data = match sys.resolve(val).and_then(|p| sys.fs.read(&p)) {
                    Ok(d) => d,
                    Err(e) => {
                        sys.diag.fs(val, &e);
                        return Ok(2);
                    }
                };
                let text = String::from_utf8_lossy(&data);
                for g in text.split('\n').filter(|g| !g.is_empty()) {
                    cfg.filters.push((FilterKind::Exclude, g.to_string()));
                }
            }
            Key::ExcludeDir => {
                let g = val.trim_end_matches('/');
                cfg.exclude_dirs.push(
                    if g.is_empty() && !val.is_empty() {
                        "/"
                    } else {
                        g
                    }
                    .into(),
                );
            }
            Key::InitialTab => cfg.initial_tab = true,
            Key::UnixByteOffsets => {
                sys.diag
                    .error("warning: --unix-byte-offsets (-u) is obsolete");
            }
            Key::Label => cfg.label = val.into(),
            Key::GroupSeparator => cfg.group_sep = Some(val.into()),
            Key::NoGroupSeparator => cfg.group_sep = None,
            Key::Color => match val {
                // Standard output is never a terminal: `auto` is `never`.
                "always" | "yes" | "force" => cfg.color = true,
                "" | "never" | "auto" | "no" | "tty" | "if-tty" | "none" => cfg.color = false,
                _ => {
                    // GNU grep answers an unknown WHEN with its full help
                    // on standard output, and status 0.
                    sys.out
                        .put(crate::common::command::help_text::<Grep>().as_bytes())?;
                    return Ok(0);
                }
            },
            Key::Binary | Key::Devices | Key::LineBuffered => {}
        }
    }
    cfg.listing = if quiet {
        Listing::Quiet
    } else if let Some(l) = list {
        l
    } else if count {
        Listing::Count
    } else {
        Listing::Lines
    };
    let mut operands = p.operands;
    if !have_patterns {
        if operands.is_empty() {
            let _ = sys.diag.writer().write_all(
                b"Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n",
            );
            return Ok(2);
        }
        let pat = operands.remove(0);
        patterns.extend(pat.split('\n').map(String::from));
    }

    // Build the one regex.
    if !patterns.is_empty() {
        let mut parts = Vec::with_capacity(patterns.len());
        for pat in &patterns {
            // GNU's ERE: a repetition first applies to nothing and is
            // dropped, with a warning (`+a` is `a`).
            let pat = if syntax == Syntax::Extended {
                let (op, rest) = leading_repetition(pat);
                if let Some(op) = op {
                    sys.diag
                        .error(format_args!("warning: {op} at start of expression"));
                }
                rest
            } else {
                pat.as_str()
            };
            let tr = match syntax {
                Syntax::Fixed => Ok(regex::escape(pat)),
                Syntax::Basic => regex_tr::bre(pat),
                Syntax::Extended => regex_tr::ere(pat),
                Syntax::Perl => Ok(perl_quotes(pat)),
            };
            match tr {
                Ok(t) => parts.push(format!("(?:{t})")),
                Err(e) => {
                    if e.0 == "back-references are not supported" {
                        sys.diag.error(BACKREF_MSG);
                    } else {
                        sys.diag.error(e);
                    }
                    return Ok(2);
                }
            }
        }
        let mut src = parts.join("|");
        if line {
            src = format!("^(?:{src})$");
        } else if word {
            src = format!(r"\b{{start-half}}(?:{src})\b{{end-half}}");
        }
        // Bytes, as in the C locale: `.` and `[^a]` match any byte, `\w`
        // and `-i` are ASCII, a non-ASCII character matches its bytes.
        let built = RegexBuilder::new(&regex_tr::bytes_escaped(&src))
            .unicode(false)
            .case_insensitive(icase)
            .size_limit(64 << 20)
            .dfa_size_limit(16 << 20)
            .build();
        if syntax != Syntax::Perl && cfg.only_matching {
            cfg.longest = longest_dfa(&regex_tr::bytes_escaped(&src), icase);
        }
        match built {
            Ok(re) => cfg.re = Some(re),
            Err(e) => {
                let msg = match e {
                    regex::Error::CompiledTooBig(_) => "regular expression too big".to_string(),
                    regex::Error::Syntax(s) if s.contains("look-around") => LOOKAROUND_MSG.into(),
                    regex::Error::Syntax(s) if s.contains("backreferences") => BACKREF_MSG.into(),
                    regex::Error::Syntax(s) => {
                        let last = s.lines().last().unwrap_or("").trim().to_string();
                        last.strip_prefix("error: ").unwrap_or(&last).to_string()
                    }
                    _ => "invalid regular expression".to_string(),
                };
                sys.diag.error(msg);
                return Ok(2);
            }
        }
    }
    // GNU reads nothing when nothing can be selected: `-m 0`, or no
    // patterns at all (`-f /dev/null`) without `-v`; `-L` still lists.
    let nothing = cfg.max_count == Some(0) || (patterns.is_empty() && !cfg.invert);
    if nothing && cfg.listing != Listing::WithoutMatch {
        return Ok(1);
    }

    let recursive_default = operands.is_empty() && cfg.recursive;
    if operands.is_empty() {
        operands.push(if cfg.recursive {
            ".".into()
        } else {
            "-".into()
        });
    }
    let mut st = State {
        with_names: with_names.or(if operands.len() > 1 { Some(true) } else { None }),
        any_selected: false,
        error: false,
        printed_group: false,
        done: false,
    };
    let explicit_names = with_names;
    for op in &operands {
        if st.done {
            break;
        }
        if UtilityContext::is_stdin(op) {
            let label = cfg.label.clone();
            let mut r = BufReader::with_capacity(32 * 1024, &mut *sys.stdin);
            let mut s = Streams {
                out: &mut sys.out,
                diag: &mut sys.diag,
                tick: &mut sys.tick,
                memory: sys.memory,
            };
            search(&cfg, &mut st, &mut s, &mut r, &label, STREAM_WIDTH)?;
            continue;
        }
        let path = match sys.resolve(op) {
            Ok(p) => p,
            Err(e) => {
                report(&cfg, &mut st, &mut sys.diag, op, &e.kind.to_string());
                continue;
            }
        };
        let md = match sys.fs.metadata(&path) {
            Ok(m) => m,
            Err(e) => {
                report(&cfg, &mut st, &mut sys.diag, op, &e.kind.to_string());
                continue;
            }
        };
        if md.is_dir() {
            if cfg.skip_dirs {
                continue;
            }
            if !cfg.recursive {
                report(&cfg, &mut st, &mut sys.diag, op, "Is a directory");
                // GNU still gives the directory its count, or lists it
                // under -L, as a file without lines.
                finish_listing(&cfg, &mut sys.out, op, 0, st.with_names.unwrap_or(false))?;
                continue;
            }
            if !recursive_default && dir_excluded(&cfg, op, true) {
                continue;
            }
            if explicit_names.is_none() {
                st.with_names = Some(true);
            }
            let display = if recursive_default {
                String::new()
            } else {
                op.clone()
            };
            walk(sys, &cfg, &mut st, &path, &display, &mut Ancestors::new())?;
            continue;
        }
        if excluded(&cfg, op, true) {
            continue;
        }
        search_file(sys, &cfg, &mut st, &path, op)?;
    }
    if st.done {
        return Ok(0);
    }
    let status = if st.error && !(cfg.listing == Listing::Quiet && st.any_selected) {
        2
    } else if st.any_selected {
        0
    } else {
        1
    };
    Ok(status)
}

fn report(cfg: &Config, st: &mut State, diag: &mut Diag<'_>, name: &str, msg: &str) {
    st.error = true;
    if !cfg.quiet_errors {
        diag.error(format_args!("{name}: {msg}"));
    }
}

/// Whether `--include`/`--exclude` drop the file `name`, as gnulib's
/// `exclude` module decides for GNU grep: the last glob given that matches
/// decides; when none matches, the file is dropped only if the first glob
/// given is an `--include`.
fn excluded(cfg: &Config, name: &str, command_line: bool) -> bool {
    for (kind, g) in cfg.filters.iter().rev() {
        if glob_hits(g, name, command_line) {
            return *kind == FilterKind::Exclude;
        }
    }
    cfg.filters
        .first()
        .is_some_and(|(k, _)| *k == FilterKind::Include)
}

/// Whether the glob `g` matches `name`. Names met while recursing are base
/// names matched whole (GNU's anchored patterns); a command-line name also
/// matches when any part after a `/` does (`a*` matches `d/../a.txt`).
/// `*` matches `/` and a leading `.` (no `FNM_PATHNAME`, no `FNM_PERIOD`).
fn glob_hits(g: &str, name: &str, command_line: bool) -> bool {
    if glob::matches(g, name) {
        return true;
    }
    command_line
        && name.match_indices('/').any(|(i, _)| {
            name.get(i + 1..)
                .is_some_and(|rest| !rest.starts_with('/') && glob::matches(g, rest))
        })
}

/// Whether `--exclude-dir` drops the directory `name`.
fn dir_excluded(cfg: &Config, name: &str, command_line: bool) -> bool {
    cfg.exclude_dirs
        .iter()
        .any(|g| glob_hits(g, name, command_line))
}

/// Searches the directory `dir` (shown as `display`) and all below it,
/// skipping directories the walk is already inside (a followed symlink
/// back up), as GNU grep warns and skips them.
fn walk(
    sys: &mut Sys<'_>,
    cfg: &Config,
    st: &mut State,
    dir: &str,
    display: &str,
    ancestors: &mut Ancestors,
) -> Res<()> {
    if let Enter::Loop = ancestors.enter(sys.fs, dir) {
        if !cfg.quiet_errors {
            let d = if display.is_empty() { "." } else { display };
            sys.diag
                .error(format_args!("{d}: warning: recursive directory loop"));
        }
        return Ok(());
    }
    let r = walk_entries(sys, cfg, st, dir, display, ancestors);
    ancestors.leave();
    r
}

fn walk_entries(
    sys: &mut Sys<'_>,
    cfg: &Config,
    st: &mut State,
    dir: &str,
    display: &str,
    ancestors: &mut Ancestors,
) -> Res<()> {
    let entries = match sys.fs.read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            let d = if display.is_empty() { "." } else { display };
            report(cfg, st, &mut sys.diag, d, &e.kind.to_string());
            return Ok(());
        }
    };
    for ent in entries {
        if st.done {
            return Ok(());
        }
        sys.tick.check()?;
        let path = join(dir, &ent.name);
        let shown = if display.is_empty() {
            ent.name.clone()
        } else {
            join(display, &ent.name)
        };
        let kind = match ent.kind {
            FileKind::Symlink if cfg.deref => match sys.fs.metadata(&path) {
                Ok(m) => m.kind,
                Err(e) => {
                    report(cfg, st, &mut sys.diag, &shown, &e.kind.to_string());
                    continue;
                }
            },
            k => k,
        };
        match kind {
            FileKind::Dir => {
                if dir_excluded(cfg, &ent.name, false) {
                    continue;
                }
                walk(sys, cfg, st, &path, &shown, ancestors)?;
            }
            FileKind::File => {
                if excluded(cfg, &ent.name, false) {
                    continue;
                }
                search_file(sys, cfg, st, &path, &shown)?;
            }
            _ => {}
        }
    }
    Ok(())
}

fn search_file(sys: &mut Sys<'_>, cfg: &Config, st: &mut State, path: &str, name: &str) -> Res<()> {
    let width = sys
        .fs
        .metadata(path)
        .map_or(STREAM_WIDTH, |m| m.size.max(1).to_string().len());
    let input = match open_input(&mut *sys.stdin, sys.fs, "/", path) {
        Ok(i) => i,
        Err(e) => {
            report(cfg, st, &mut sys.diag, name, &e.kind.to_string());
            return Ok(());
        }
    };
    let mut r = BufReader::with_capacity(32 * 1024, input);
    let mut s = Streams {
        out: &mut sys.out,
        diag: &mut sys.diag,
        tick: &mut sys.tick,
        memory: sys.memory,
    };
    search(cfg, st, &mut s, &mut r, name, width)
}

/// `-T`'s number width for input of unknown size, the digits of the
/// largest offset, as GNU grep pads for a pipe.
const STREAM_WIDTH: usize = 19;

struct Printer<'a> {
    cfg: &'a Config,
    name: &'a str,
    with_name: bool,
    /// `-T`: the width numbers are padded to, GNU's digits of the file
    /// size (19, the widest offset, for a stream).
    width: usize,
}

impl Printer<'_> {
    fn prefix(&self, out: &mut Out<'_>, lineno: u64, offset: u64, sep: u8) -> Res<()> {
        let w = if self.cfg.initial_tab { self.width } else { 0 };
        let c = self.cfg.color;
        if self.with_name {
            paint(out, c, FN_COLOR, self.name.as_bytes(), true)?;
            if self.cfg.null_after_name {
                out.put(b"\0")?;
            } else {
                paint(out, c, SE_COLOR, &[sep], false)?;
            }
        }
        if self.cfg.line_numbers {
            paint(out, c, LN_COLOR, format!("{lineno:>w$}").as_bytes(), false)?;
            paint(out, c, SE_COLOR, &[sep], false)?;
        }
        if self.cfg.byte_offset {
            paint(out, c, LN_COLOR, format!("{offset:>w$}").as_bytes(), false)?;
            paint(out, c, SE_COLOR, &[sep], false)?;
        }
        Ok(())
    }

    /// The prefix and, with `-T` after a non-empty prefix, the tab GNU
    /// puts before a non-empty text.
    fn head(&self, out: &mut Out<'_>, lineno: u64, offset: u64, sep: u8, empty: bool) -> Res<()> {
        self.prefix(out, lineno, offset, sep)?;
        if self.cfg.initial_tab
            && !empty
            && (self.with_name || self.cfg.line_numbers || self.cfg.byte_offset)
        {
            out.put(b"\t")?;
        }
        Ok(())
    }

    fn line(&self, out: &mut Out<'_>, l: &Line, sep: u8) -> Res<()> {
        self.head(out, l.no, l.offset, sep, l.text.is_empty())?;
        match &self.cfg.re {
            // GNU colours the matches of every line it prints.
            Some(re) if self.cfg.color => {
                let mut at = 0;
                for (a, b) in only_matches(re, None, &l.text) {
                    out.put(l.text.get(at..a).unwrap_or_default())?;
                    paint(
                        out,
                        true,
                        MT_COLOR,
                        l.text.get(a..b).unwrap_or_default(),
                        false,
                    )?;
                    at = b;
                }
                out.put(l.text.get(at..).unwrap_or_default())?;
            }
            _ => out.put(&l.text)?,
        }
        out.put(&[self.cfg.eol])
    }

    /// A context line: printed, except under `-o`, where GNU still counts
    /// it as output for the group separators.
    fn context(&self, out: &mut Out<'_>, l: &Line) -> Res<()> {
        if self.cfg.only_matching {
            return Ok(());
        }
        self.line(out, l, b'-')
    }
}

struct Line {
    no: u64,
    offset: u64,
    text: Vec<u8>,
}

/// Searches one input. Binary input (a NUL byte, when lines end in
/// newlines) is searched like text until the first line that would be
/// printed: then GNU grep 3.8 prints `grep: NAME: binary file matches` on
/// standard error and stops reading the file (status 0, a line matched).
fn search(
    cfg: &Config,
    st: &mut State,
    s: &mut Streams<'_, '_>,
    r: &mut dyn BufRead,
    name: &str,
    width: usize,
) -> Res<()> {
    let detect = cfg.eol == b'\n' && cfg.binary != BinaryMode::Text;
    let mut binary = detect
        && match r.fill_buf() {
            Ok(b) => b.contains(&0),
            Err(_) => false,
        };
    if binary && cfg.binary == BinaryMode::WithoutMatch {
        return finish_listing(cfg, s.out, name, 0, st.with_names.unwrap_or(false));
    }
    let pr = Printer {
        cfg,
        name,
        with_name: st.with_names.unwrap_or(false),
        width,
    };
    let context = cfg.listing == Listing::Lines;
    let before_cap = if context { cfg.before } else { 0 };
    let after_n = if context { cfg.after } else { 0 };
    let separators = context && cfg.context_given;
    let mut before: VecDeque<Line> = VecDeque::new();
    let mut held: u64 = 0;
    let mut dfa_cache = cfg
        .longest
        .as_ref()
        .filter(|_| cfg.only_matching)
        .map(hybrid::dfa::DFA::create_cache);
    let mut after_left = 0usize;
    let mut last_printed: Option<u64> = None;
    let mut count: u64 = 0;
    let mut lineno: u64 = 0;
    let mut offset: u64 = 0;
    let mut buf = Vec::new();
    let mut line_charge = Charge::on(s.memory);
    let mut before_charge = Charge::on(s.memory);
    loop {
        s.tick.tick()?;
        match read_line_within(r, &mut buf, cfg.eol, &mut line_charge, s.memory) {
            Ok(true) => {}
            Ok(false) => break,
            Err(ReadFail::Stop(f)) => return Err(f),
            Err(ReadFail::Read(e)) => {
                report(cfg, st, s.diag, name, &io_msg(&e));
                break;
            }
        }
        lineno += 1;
        let line_off = offset;
        offset += buf.len() as u64;
        if buf.last() == Some(&cfg.eol) {
            buf.pop();
        }
        if !binary && detect && buf.contains(&0) {
            binary = true;
            if cfg.binary == BinaryMode::WithoutMatch {
                break;
            }
        }
        let reached_max = cfg.max_count.is_some_and(|m| count >= m);
        if reached_max {
            // Only trailing context remains.
            if after_left == 0 || binary {
                break;
            }
            after_left -= 1;
            let l = Line {
                no: lineno,
                offset: line_off,
                text: std::mem::take(&mut buf),
            };
            pr.context(s.out, &l)?;
            last_printed = Some(lineno);
            continue;
        }
        let hit = |t: &[u8]| cfg.re.as_ref().is_some_and(|re| re.is_match(t)) != cfg.invert;
        // In a binary file GNU ends lines at NUL bytes too: `-c` and `-v`
        // count the pieces.
        let selected_n: u64 = if binary {
            buf.split(|&b| b == 0).filter(|p| hit(p)).count() as u64
        } else {
            u64::from(hit(&buf))
        };
        let selected = selected_n > 0;
        if !selected {
            if after_left > 0 && !binary {
                after_left -= 1;
                let l = Line {
                    no: lineno,
                    offset: line_off,
                    text: std::mem::take(&mut buf),
                };
                pr.context(s.out, &l)?;
                last_printed = Some(lineno);
            } else if before_cap > 0 {
                let l = Line {
                    no: lineno,
                    offset: line_off,
                    text: std::mem::take(&mut buf),
                };
                held += held_bytes(&l);
                before.push_back(l);
                if before.len() > before_cap
                    && let Some(old) = before.pop_front()
                {
                    held = held.saturating_sub(held_bytes(&old));
                }
                // A running total: summing the kept lines anew for each
                // line would be quadratic under a huge -B.
                settle(&mut before_charge, held)?;
            }
            continue;
        }
        count = count.saturating_add(selected_n);
        if let Some(m) = cfg.max_count {
            count = count.min(m);
        }
        st.any_selected = true;
        match cfg.listing {
            Listing::Quiet => {
                st.done = true;
                return Ok(());
            }
            Listing::WithMatches => {
                print_name(cfg, s.out, name)?;
                return Ok(());
            }
            Listing::WithoutMatch => return Ok(()),
            Listing::Count => continue,
            Listing::Lines => {}
        }
        if binary {
            s.out.flush()?;
            s.diag.error(format_args!("{name}: binary file matches"));
            return Ok(());
        }
        // Group separator.
        let first_no = before.front().map_or(lineno, |l| l.no);
        if separators
            && st.printed_group
            && last_printed.is_none_or(|lp| first_no > lp + 1)
            && let Some(sep) = &cfg.group_sep
        {
            paint(s.out, cfg.color, SE_COLOR, sep.as_bytes(), true)?;
            s.out.put(b"\n")?;
        }
        for l in before.drain(..) {
            pr.context(s.out, &l)?;
        }
        held = 0;
        settle(&mut before_charge, 0)?;
        let cur = Line {
            no: lineno,
            offset: line_off,
            text: std::mem::take(&mut buf),
        };
        if cfg.only_matching {
            if !cfg.invert
                && let Some(re) = &cfg.re
            {
                let dfa = cfg.longest.as_ref().zip(dfa_cache.as_mut());
                for (a, b) in only_matches(re, dfa, &cur.text) {
                    pr.head(s.out, cur.no, cur.offset + a as u64, b':', false)?;
                    paint(
                        s.out,
                        cfg.color,
                        MT_COLOR,
                        cur.text.get(a..b).unwrap_or_default(),
                        false,
                    )?;
                    s.out.put(&[cfg.eol])?;
                }
            }
        } else {
            pr.line(s.out, &cur, b':')?;
        }
        last_printed = Some(lineno);
        st.printed_group = true;
        after_left = after_n;
    }
    finish_listing(cfg, s.out, name, count, pr.with_name)
}

/// The per-file output of `-c` and `-L` once the file is read.
fn finish_listing(
    cfg: &Config,
    out: &mut Out<'_>,
    name: &str,
    count: u64,
    with_name: bool,
) -> Res<()> {
    match cfg.listing {
        Listing::Count => {
            if with_name {
                paint(out, cfg.color, FN_COLOR, name.as_bytes(), true)?;
                if cfg.null_after_name {
                    out.put(b"\0")?;
                } else {
                    paint(out, cfg.color, SE_COLOR, b":", false)?;
                }
            }
            out.fmt(format_args!("{count}\n"))
        }
        Listing::WithoutMatch if count == 0 => print_name(cfg, out, name),
        _ => Ok(()),
    }
}

/// What one line kept for `-B` holds.
fn held_bytes(l: &Line) -> u64 {
    l.text.capacity() as u64 + std::mem::size_of::<Line>() as u64
}

/// GNU grep's default `GREP_COLORS`: file names, line and byte numbers,
/// separators, matches.
const FN_COLOR: &str = "35";
const LN_COLOR: &str = "32";
const SE_COLOR: &str = "36";
const MT_COLOR: &str = "01;31";

/// `text` in the SGR colour `code` (with GNU's erase-to-end-of-line) when
/// colouring; `as_str` writes it as a name (raw bytes restored).
fn paint(out: &mut Out<'_>, color: bool, code: &str, text: &[u8], as_str: bool) -> Res<()> {
    if color {
        out.fmt(format_args!("\x1b[{code}m\x1b[K"))?;
    }
    match std::str::from_utf8(text) {
        Ok(t) if as_str => out.str(t)?,
        _ => out.put(text)?,
    }
    if color {
        out.put(b"\x1b[m\x1b[K")?;
    }
    Ok(())
}

fn print_name(cfg: &Config, out: &mut Out<'_>, name: &str) -> Res<()> {
    paint(out, cfg.color, FN_COLOR, name.as_bytes(), true)?;
    out.put(if cfg.null_after_name { b"\0" } else { b"\n" })
}

#[cfg(test)]
mod tests {
    use super::Grep;
    use crate::testutil::*;

    fn g(args: &[&str], input: &str) -> Outcome {
        run0(&Grep, args, input.as_bytes())
    }

    #[test]
    fn basic_matching_and_status() {
        let o = g(&["b"], "abc\nxyz\nb\n");
        assert_eq!((o.out.as_str(), o.status), ("abc\nb\n", 0));
        let o = g(&["q"], "abc\n");
        assert_eq!((o.out.as_str(), o.status), ("", 1));
        let o = g(&["-v", "b"], "abc\nxyz\n");
        assert_eq!(o.out, "xyz\n");
        let o = g(&["-i", "ABC"], "abc\n");
        assert_eq!(o.out, "abc\n");
        let o = g(&["-c", "a"], "a\nb\na\n");
        assert_eq!(o.out, "2\n");
        let o = g(&["-n", "x"], "a\nx\n");
        assert_eq!(o.out, "2:x\n");
        let o = g(&["-q", "x"], "x\n");
        assert_eq!((o.out.as_str(), o.status), ("", 0));
        let o = g(&["x"], "abx");
        assert_eq!(o.out, "abx\n");
    }

    #[test]
    fn syntaxes() {
        assert_eq!(g(&["a\\+"], "aa\nb\n").out, "aa\n");
        assert_eq!(g(&["a+"], "aa\na+\n").out, "a+\n");
        assert_eq!(g(&["-E", "a+|z"], "aa\nz\nb\n").out, "aa\nz\n");
        assert_eq!(g(&["-F", "a.b"], "a.b\naxb\n").out, "a.b\n");
        assert_eq!(g(&["-e", "x", "-e", "y"], "x\ny\nz\n").out, "x\ny\n");
        assert_eq!(g(&["-w", "ab"], "abc\nab c\nxab\n").out, "ab c\n");
        assert_eq!(g(&["-x", "ab"], "abc\nab\n").out, "ab\n");
        assert_eq!(g(&["-P", r"\d+"], "a1\nb\n").out, "a1\n");
        assert_eq!(g(&["x\ny"], "x\ny\nz\n").out, "x\ny\n");
        let o = g(&["-E", "(a"], "");
        assert_eq!(
            (o.err.as_str(), o.status),
            ("grep: Unmatched ( or \\(\n", 2)
        );
        let o = g(&["\\(a\\)\\1"], "aa\n");
        assert_eq!(o.status, 2);
    }

    #[test]
    fn only_matching_and_max_count() {
        assert_eq!(g(&["-o", "[0-9]\\+"], "a12b3\nx\n").out, "12\n3\n");
        assert_eq!(g(&["-on", "b"], "abab\n").out, "1:b\n1:b\n");
        assert_eq!(g(&["-m", "2", "a"], "a1\na2\na3\n").out, "a1\na2\n");
        assert_eq!(g(&["-c", "-m1", "a"], "a\na\n").out, "1\n");
        assert_eq!(g(&["-b", "b"], "a\nb\n").out, "2:b\n");
    }

    #[test]
    fn context() {
        let input = "1\n2\nm\n4\n5\n6\n7\nm\n9\n";
        assert_eq!(g(&["-A1", "m"], input).out, "m\n4\n--\nm\n9\n");
        assert_eq!(g(&["-B1", "m"], input).out, "2\nm\n--\n7\nm\n");
        assert_eq!(
            g(&["-C", "1", "-n", "m"], input).out,
            "2-2\n3:m\n4-4\n--\n7-7\n8:m\n9-9\n"
        );
        assert_eq!(g(&["-C3", "m"], input).out, "1\n2\nm\n4\n5\n6\n7\nm\n9\n");
        assert_eq!(g(&["-1", "m"], "a\nm\nb\n").out, "a\nm\nb\n");
        assert_eq!(g(&["-A1", "-m1", "m"], "m\nm\nx\n").out, "m\nm\n");
        assert_eq!(
            g(&["-A", "x", "m"], "").err,
            "grep: x: invalid context length argument\n"
        );
    }

    #[test]
    fn files_and_names() {
        let fs = TestFs::new();
        fs.file("a", b"hit\nmiss\n").file("b", b"none\n");
        let o = run(&Grep, &["hit", "a", "b"], b"", &fs);
        assert_eq!(o.out, "a:hit\n");
        let o = run(&Grep, &["-h", "hit", "a", "b"], b"", &fs);
        assert_eq!(o.out, "hit\n");
        let o = run(&Grep, &["-H", "hit", "a"], b"", &fs);
        assert_eq!(o.out, "a:hit\n");
        let o = run(&Grep, &["-c", "hit", "a", "b"], b"", &fs);
        assert_eq!(o.out, "a:1\nb:0\n");
        let o = run(&Grep, &["-l", "i", "a", "b"], b"", &fs);
        assert_eq!(o.out, "a\n");
        let o = run(&Grep, &["-L", "hit", "a", "b"], b"", &fs);
        assert_eq!((o.out.as_str(), o.status), ("b\n", 0));
        let o = run(&Grep, &["hit", "a", "nofile"], b"", &fs);
        assert_eq!(o.out, "a:hit\n");
        assert_eq!(o.err, "grep: nofile: No such file or directory\n");
        assert_eq!(o.status, 2);
        let o = run(&Grep, &["-s", "hit", "nofile"], b"", &fs);
        assert_eq!((o.err.as_str(), o.status), ("", 2));
        let o = run(&Grep, &["-q", "hit", "nofile", "a"], b"", &fs);
        assert_eq!(o.status, 0);
        let o = run(&Grep, &["hit", "-", "a"], b"hit me\n", &fs);
        assert_eq!(o.out, "(standard input):hit me\na:hit\n");
    }

    #[test]
    fn recursive() {
        let fs = TestFs::new();
        fs.file("d/x.txt", b"needle\n")
            .file("d/sub/y.rs", b"needle here\n")
            .file("top", b"needle\n");
        let o = run(&Grep, &["-r", "needle", "d"], b"", &fs);
        assert_eq!(o.out, "d/sub/y.rs:needle here\nd/x.txt:needle\n");
        let o = run(&Grep, &["-r", "needle", "."], b"", &fs);
        assert_eq!(
            o.out,
            "./d/sub/y.rs:needle here\n./d/x.txt:needle\n./top:needle\n"
        );
        let o = run(&Grep, &["-r", "needle"], b"", &fs);
        assert_eq!(
            o.out,
            "d/sub/y.rs:needle here\nd/x.txt:needle\ntop:needle\n"
        );
        let o = run(&Grep, &["-r", "--include=*.rs", "needle"], b"", &fs);
        assert_eq!(o.out, "d/sub/y.rs:needle here\n");
        let o = run(
            &Grep,
            &[
                "-r",
                "--exclude=*.rs",
                "--exclude-dir=sub",
                "-l",
                "needle",
                "d",
            ],
            b"",
            &fs,
        );
        assert_eq!(o.out, "d/x.txt\n");
        let o = run(&Grep, &["-r", "needle", "top"], b"", &fs);
        assert_eq!(o.out, "needle\n");
        let o = run(&Grep, &["needle", "d"], b"", &fs);
        assert_eq!((o.err.as_str(), o.status), ("grep: d: Is a directory\n", 2));
    }

    /// -R follows symlinks but not back into a directory it is inside:
    /// a warning, and the status still says whether a line matched.
    #[test]
    fn recursive_loops() {
        use sandbash_vfs::FileSystem;

        let fs = TestFs::new();
        fs.file("d/f", b"needle\n").dir("d/s");
        fs.symlink("/workspace/d", "/workspace/d/a").unwrap();
        fs.symlink("..", "/workspace/d/s/up").unwrap();
        let o = run(&Grep, &["-R", "needle", "d"], b"", &fs);
        assert_eq!(
            (o.out.as_str(), o.err.as_str(), o.status),
            (
                "d/f:needle\n",
                "grep: d/a: warning: recursive directory loop\n\
                 grep: d/s/up: warning: recursive directory loop\n",
                0
            )
        );
        let o = run(&Grep, &["-Rs", "nothing", "d"], b"", &fs);
        assert_eq!((o.err.as_str(), o.status), ("", 1));
        // -r does not follow them at all.
        let o = run(&Grep, &["-r", "needle", "d"], b"", &fs);
        assert_eq!((o.out.as_str(), o.err.as_str()), ("d/f:needle\n", ""));
    }

    #[test]
    fn binary_files() {
        let o = run0(&Grep, &["b"], b"a\0b\nb\n");
        assert_eq!(o.err, "grep: (standard input): binary file matches\n");
        let o = run0(&Grep, &["-c", "b"], b"a\0b\nb\n");
        assert_eq!(o.out, "2\n");
        let o = run0(&Grep, &["-a", "b"], b"a\0b\n");
        assert_eq!(o.out, "a\0b\n");
        let o = run0(&Grep, &["-I", "b"], b"a\0b\n");
        assert_eq!(o.status, 1);
    }

    #[test]
    fn usage_errors() {
        let o = g(&[], "");
        assert_eq!(o.status, 2);
        assert!(o.err.starts_with("Usage: grep"));
        let o = g(&["--bogus", "x"], "");
        assert_eq!(o.status, 2);
        let o = g(&["--color=never", "x"], "x\n");
        assert_eq!(o.out, "x\n");
        let o = g(&["-f", "/nope", "x"], "");
        assert_eq!(o.err, "grep: /nope: No such file or directory\n");
    }

    /// The line being read and the lines kept for `-B` are charged to the
    /// run's budget: an endless line stops grep (status 2) and marks the
    /// budget breached, so that the shell ends the run on its limit.
    #[test]
    fn lines_are_charged() {
        use std::sync::Arc;

        use sandbash_interpreter::memory::MemoryBudget;

        let budgeted = |budget: &Arc<MemoryBudget>, args: &[&str], input: &[u8]| {
            run_with(
                &Grep,
                args,
                &TestFs::new(),
                Harness {
                    stdin: input,
                    memory: Some(Arc::clone(budget)),
                    ..Harness::default()
                },
            )
        };
        let budget = Arc::new(MemoryBudget::new(50_000));
        let o = budgeted(&budget, &["-c", "x"], &[b'x'; 60_000]);
        assert_eq!((o.err.as_str(), o.status), ("grep: memory exhausted\n", 2));
        assert!(budget.breached());
        assert_eq!(budget.used(), 0);
        // 20 kept lines of 3 KB: more than the budget.
        let budget = Arc::new(MemoryBudget::new(50_000));
        let mut input = Vec::new();
        for _ in 0..20 {
            input.extend_from_slice(&[b'y'; 3000]);
            input.push(b'\n');
        }
        input.extend_from_slice(b"x\n");
        let o = budgeted(&budget, &["-B", "100", "x"], &input);
        assert_eq!((o.err.as_str(), o.status), ("grep: memory exhausted\n", 2));
        // Within the budget, the same lines pass.
        let budget = Arc::new(MemoryBudget::new(500_000));
        let o = budgeted(&budget, &["-B", "100", "x"], &input);
        assert_eq!((o.out.len(), o.status), (input.len(), 0));
        assert!(!budget.breached());
        assert_eq!(budget.used(), 0);
    }

    /// What the `regex` crate cannot do is refused with status 2 and a
    /// message naming it, never silently mismatched.
    #[test]
    fn unsupported_regex_features() {
        let o = g(&["-P", "a(?=b)"], "ab\n");
        assert_eq!(
            (o.err.as_str(), o.status),
            (
                "grep: PCRE look-around ((?=...), (?!...), (?<=...), (?<!...)) is not supported in this sandbox\n",
                2
            )
        );
        let o = g(&["-P", "(a)\\1"], "aa\n");
        assert_eq!(
            (o.err.as_str(), o.status),
            (
                "grep: back-references (\\1...\\9) are not supported in this sandbox\n",
                2
            )
        );
        let o = g(&["-E", "(a)\\1"], "aa\n");
        assert_eq!(o.status, 2);
        assert!(o.err.contains("back-references"));
    }

    /// Binary input: the message goes to standard error, after the lines
    /// printed before the NUL was seen; `-z` never calls input binary.
    #[test]
    fn binary_messages() {
        let o = g(&["a"], "a\0\nb\n");
        assert_eq!(
            (o.out.as_str(), o.err.as_str(), o.status),
            ("", "grep: (standard input): binary file matches\n", 0)
        );
        assert_eq!(g(&["-c", "a"], "a\0\na\n").out, "2\n");
        assert_eq!(g(&["-Ic", "a"], "a\0\na\n").out, "0\n");
        assert_eq!(g(&["-a", "a"], "a\0\n").out, "a\0\n");
        assert_eq!(g(&["-z", "a"], "a\0b\0").out, "a\0");
    }

    /// `-NUM` is a context only where it is not an option's value.
    #[test]
    fn negative_numbers_as_values() {
        assert_eq!(g(&["-m", "-1", "a"], "a\na\n").out, "a\na\n");
        let o = g(&["-C", "-1", "a"], "");
        assert_eq!(o.err, "grep: -1: invalid context length argument\n");
        assert_eq!(g(&["-e", "-1"], "x-1\n").out, "x-1\n");
        assert_eq!(g(&["-1", "m"], "a\nm\nb\nc\n").out, "a\nm\nb\n");
    }

    /// `-l` beats `-c`; no patterns select nothing unless `-v`.
    #[test]
    fn listing_precedence_and_no_patterns() {
        assert_eq!(g(&["-lc", "a"], "a\n").out, "(standard input)\n");
        let fs = TestFs::new();
        fs.file("empty", b"");
        let o = run(&Grep, &["-c", "-f", "empty"], b"a\n", &fs);
        assert_eq!((o.out.as_str(), o.status), ("", 1));
        let o = run(&Grep, &["-v", "-f", "empty"], b"a\n", &fs);
        assert_eq!((o.out.as_str(), o.status), ("a\n", 0));
    }

    /// `-T` pads numbers to the digits of the input's size (19 for a
    /// stream) and puts a tab before non-empty text.
    #[test]
    fn initial_tab() {
        let fs = TestFs::new();
        fs.file("f", b"ab\ncd\nab cd\n");
        assert_eq!(
            run(&Grep, &["-Tn", "ab", "f"], b"", &fs).out,
            " 1:\tab\n 3:\tab cd\n"
        );
        assert_eq!(g(&["-Tn", ""], "\n").out, format!("{:>19}:\n", 1));
    }

    /// gnulib's exclude rules: the last matching glob decides, and with no
    /// match only a leading `--include` drops the file.
    #[test]
    fn include_exclude_rules() {
        let fs = TestFs::new();
        fs.file("d/a.txt", b"hit\n")
            .file("d/b.c", b"hit\n")
            .file("d/sub/c.txt", b"hit\n");
        let names = |args: &[&str]| {
            let mut v: Vec<String> = run(&Grep, args, b"", &fs)
                .out
                .lines()
                .map(String::from)
                .collect();
            v.sort();
            v.join(" ")
        };
        assert_eq!(
            names(&["-rl", "--include=*.txt", "hit", "d"]),
            "d/a.txt d/sub/c.txt"
        );
        assert_eq!(
            names(&["-rl", "--exclude=*.txt", "--include=a*", "hit", "d"]),
            "d/a.txt d/b.c"
        );
        assert_eq!(
            names(&["-rl", "--exclude-dir=sub/", "hit", "d"]),
            "d/a.txt d/b.c"
        );
        assert_eq!(names(&["-rl", "--exclude-dir=d", "hit", "d"]), "");
        assert_eq!(
            names(&["-rl", "--exclude-dir=d", "hit", "d/"])
                .split(' ')
                .count(),
            3
        );
        // Command-line names match on any part after a slash.
        assert_eq!(
            names(&["-l", "--exclude=a*", "hit", "d/sub/../a.txt", "d/b.c"]),
            "d/b.c"
        );
        let o = run(&Grep, &["--exclude-from=nope", "x", "d/b.c"], b"", &fs);
        assert_eq!(
            (o.err.as_str(), o.status),
            ("grep: nope: No such file or directory\n", 2)
        );
    }

    #[test]
    fn bre_double_caret() {
        assert_eq!(g(&["^^x"], "^x\nx\n").out, "^x\n");
        assert_eq!(g(&["^*x"], "*x\nx\n").out, "*x\n");
    }

    /// The C locale: `.` matches any byte, `\w` and `-i` are ASCII.
    #[test]
    fn bytes_as_in_the_c_locale() {
        let o = run0(&Grep, &["-c", "^.x$"], b"\xffx\n");
        assert_eq!(o.out, "1\n");
        let o = run0(&Grep, &["-o", "\\w*"], "\u{e9}t\u{e9}\n".as_bytes());
        assert_eq!(o.out, "t\n");
        let o = run0(&Grep, &["-cP", "^\\w+$"], "caf\u{e9}\nabc\n".as_bytes());
        assert_eq!(o.out, "1\n");
    }

    /// `-o` prints POSIX leftmost-longest matches; `-P` keeps Perl's
    /// leftmost-first.
    #[test]
    fn only_matching_longest() {
        assert_eq!(g(&["-oE", "a|ab"], "ab\n").out, "ab\n");
        assert_eq!(g(&["-o", "b\\|bc\\|bcd"], "abcd\n").out, "bcd\n");
        assert_eq!(g(&["-oP", "a|ab"], "ab\n").out, "a\n");
        assert_eq!(g(&["-o", "b*"], "abcabbc\n").out, "b\nbb\n");
    }

    #[test]
    fn argmatch_prefixes_and_perl_quotes() {
        assert_eq!(
            super::argmatch("rec", &["read", "recurse", "skip"]),
            Ok("recurse")
        );
        assert_eq!(
            super::argmatch("r", &["read", "recurse", "skip"]),
            Err("ambiguous")
        );
        assert_eq!(super::argmatch("x", &["read"]), Err("invalid"));
        assert_eq!(super::perl_quotes(r"\Qa.b\Ec+"), r"a\.bc+");
        assert_eq!(super::perl_quotes(r"\\Qa"), r"\\Qa");
        assert_eq!(g(&["-cP", r"\Qf.o\E"], "f.o\nfoo\n").out, "1\n");
    }

    /// Binary input ends lines at NUL bytes too for counting.
    #[test]
    fn binary_pieces_count() {
        assert_eq!(g(&["-c", "a"], "a\0a\0b\n").out, "2\n");
        assert_eq!(g(&["-m1", "-c", "a"], "a\0a\0b\n").out, "1\n");
        assert_eq!(g(&["-cv", "foo"], "x\0y\nfoo\n").out, "2\n");
    }

    /// `--color=always` writes GNU's default `GREP_COLORS` sequences;
    /// `auto` never colours (standard output is no terminal).
    #[test]
    fn color_always() {
        assert_eq!(
            g(&["--color=always", "-n", "o"], "foo\n").out,
            "\x1b[32m\x1b[K1\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[Kf\x1b[01;31m\x1b[Ko\x1b[m\x1b[K\x1b[01;31m\x1b[Ko\x1b[m\x1b[K\n"
        );
        assert_eq!(g(&["--color=auto", "o"], "foo\n").out, "foo\n");
    }
}
