//! `rg`'s command line: the option table and the [`Config`] it gives,
//! the regex built from the patterns as ripgrep builds it.
//!
//! Like clap, a later switch overrides an earlier one of the same family
//! (`-i` then `-s` is case sensitive; `--heading` then `--no-heading`).

use regex::bytes::{Regex, RegexBuilder};
use sandbash_interpreter::UtilityContext;

use super::types::{self, TypeFilter};
use crate::common::flags::{Args, Flag};
use crate::common::sys::{Res, Sys, io_msg};

/// The options of `rg`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Regexp,
    File,
    IgnoreCase,
    SmartCase,
    CaseSensitive,
    Word,
    LineRegexp,
    LineNumber,
    NoLineNumber,
    FilesWithMatches,
    FilesWithoutMatch,
    Count,
    CountMatches,
    OnlyMatching,
    Invert,
    Fixed,
    Type,
    TypeNot,
    TypeList,
    Glob,
    IGlob,
    Hidden,
    NoIgnore,
    NoIgnoreVcs,
    NoIgnoreDot,
    NoIgnoreParent,
    NoRequireGit,
    Unrestricted,
    Follow,
    After,
    Before,
    Context,
    ContextSeparator,
    MaxCount,
    MaxDepth,
    Json,
    Files,
    Sort,
    Null,
    WithFilename,
    NoFilename,
    Heading,
    NoHeading,
    Color,
    Quiet,
    Replace,
    Trim,
    NoMessages,
    Text,
    Binary,
    Column,
    NoColumn,
    Vimgrep,
    Stats,
    Pcre2,
    ByteOffset,
    MaxColumns,
    Crlf,
    IgnoreFile,
    Multiline,
    MultilineDotall,
    Passthru,
    IncludeZero,
    Sortr,
    TypeAdd,
    TypeClear,
    Ignored,
    IgnoredValue,
}

/// The option table; `--help` is rendered from it.
pub const FLAGS: &[Flag<Key>] = &[
    Flag::new(
        'A',
        &["after-context"],
        Key::After,
        "Show NUM lines after each match.",
    )
    .value("NUM"),
    Flag::new(
        'B',
        &["before-context"],
        Key::Before,
        "Show NUM lines before each match.",
    )
    .value("NUM"),
    Flag::long(&["binary"], Key::Binary, "Search binary files."),
    Flag::new(
        'M',
        &["max-columns"],
        Key::MaxColumns,
        "Don't print lines longer than this limit.",
    )
    .value("NUM"),
    Flag::new(
        'U',
        &["multiline"],
        Key::Multiline,
        "Enable matching across multiple lines.",
    ),
    Flag::long(
        &["multiline-dotall"],
        Key::MultilineDotall,
        "Make '.' match new lines when multiline is enabled.",
    ),
    Flag::long(
        &["passthru", "passthrough"],
        Key::Passthru,
        "Print both matching and non-matching lines.",
    ),
    Flag::long(
        &["include-zero"],
        Key::IncludeZero,
        "Include files with zero matches in summary",
    ),
    Flag::long(&["sortr"], Key::Sortr, "Sort results in reverse order.").value("SORTBY"),
    Flag::long(
        &["type-add"],
        Key::TypeAdd,
        "Add a new glob for a file type.",
    )
    .value("TYPE_SPEC"),
    Flag::long(
        &["type-clear"],
        Key::TypeClear,
        "Clear globs for a file type.",
    )
    .value("TYPE"),
    Flag::new(
        'b',
        &["byte-offset"],
        Key::ByteOffset,
        "Print the 0-based byte offset for each matching line.",
    ),
    Flag::new(
        's',
        &["case-sensitive"],
        Key::CaseSensitive,
        "Search case sensitively (default).",
    ),
    Flag::long(
        &["color", "colour"],
        Key::Color,
        "Controls when to use color (never used).",
    )
    .value("WHEN"),
    Flag::long(&["column"], Key::Column, "Show column numbers."),
    Flag::new(
        'C',
        &["context"],
        Key::Context,
        "Show NUM lines before and after each match.",
    )
    .value("NUM"),
    Flag::long(
        &["context-separator"],
        Key::ContextSeparator,
        "Set the context separator string.",
    )
    .value("SEPARATOR"),
    Flag::new(
        'c',
        &["count"],
        Key::Count,
        "Only show the count of matching lines for each file.",
    ),
    Flag::long(
        &["count-matches"],
        Key::CountMatches,
        "Only show the count of individual matches for each file.",
    ),
    Flag::new(
        'f',
        &["file"],
        Key::File,
        "Search for patterns from the given file.",
    )
    .value("PATTERNFILE"),
    Flag::long(
        &["files"],
        Key::Files,
        "Print each file that would be searched.",
    ),
    Flag::new(
        'l',
        &["files-with-matches"],
        Key::FilesWithMatches,
        "Print the paths with at least one match.",
    ),
    Flag::long(
        &["files-without-match"],
        Key::FilesWithoutMatch,
        "Print the paths that contain zero matches.",
    ),
    Flag::new(
        'F',
        &["fixed-strings"],
        Key::Fixed,
        "Treat the pattern as a literal string.",
    ),
    Flag::new('L', &["follow"], Key::Follow, "Follow symbolic links."),
    Flag::new('g', &["glob"], Key::Glob, "Include or exclude files.").value("GLOB"),
    Flag::long(
        &["heading"],
        Key::Heading,
        "Print matches grouped by each file.",
    ),
    Flag::new(
        '.',
        &["hidden"],
        Key::Hidden,
        "Search hidden files and directories.",
    ),
    Flag::long(
        &["iglob"],
        Key::IGlob,
        "Include or exclude files case insensitively.",
    )
    .value("GLOB"),
    Flag::new(
        'i',
        &["ignore-case"],
        Key::IgnoreCase,
        "Case insensitive search.",
    ),
    Flag::new('v', &["invert-match"], Key::Invert, "Invert matching."),
    Flag::long(
        &["json"],
        Key::Json,
        "Show search results in a JSON Lines format.",
    ),
    Flag::long(
        &[
            "line-buffered",
            "block-buffered",
            "no-config",
            "mmap",
            "no-mmap",
            "no-unicode",
            "no-ignore-global",
            "no-ignore-exclude",
            "no-ignore-messages",
            "one-file-system",
        ],
        Key::Ignored,
        "Accepted; no effect here.",
    ),
    Flag::long(
        &["crlf"],
        Key::Crlf,
        "Support CRLF line terminators (useful on Windows).",
    ),
    Flag::new(
        'z',
        &["search-zip"],
        Key::Ignored,
        "Accepted; compressed files are searched as they are.",
    ),
    Flag::long(
        &["ignore-file"],
        Key::IgnoreFile,
        "Specify additional ignore files.",
    )
    .value("PATH"),
    Flag::new(
        'j',
        &["threads"],
        Key::IgnoredValue,
        "Accepted; sandbash searches one file at a time.",
    )
    .value("NUM"),
    Flag::new('n', &["line-number"], Key::LineNumber, "Show line numbers."),
    Flag::new(
        'x',
        &["line-regexp"],
        Key::LineRegexp,
        "Only show matches surrounded by line boundaries.",
    ),
    Flag::new(
        'm',
        &["max-count"],
        Key::MaxCount,
        "Limit the number of matches.",
    )
    .value("NUM"),
    Flag::new(
        'd',
        &["max-depth", "maxdepth"],
        Key::MaxDepth,
        "Descend at most NUM directories.",
    )
    .value("NUM"),
    Flag::new(
        'I',
        &["no-filename"],
        Key::NoFilename,
        "Never print the file path with the matched lines.",
    ),
    Flag::long(
        &["no-heading"],
        Key::NoHeading,
        "Don't group matches by each file.",
    ),
    Flag::long(&["no-ignore"], Key::NoIgnore, "Don't respect ignore files."),
    Flag::long(
        &["no-ignore-dot"],
        Key::NoIgnoreDot,
        "Don't respect .ignore files.",
    ),
    Flag::long(
        &["no-ignore-parent"],
        Key::NoIgnoreParent,
        "Don't respect ignore files in parent directories.",
    ),
    Flag::long(
        &["no-ignore-vcs"],
        Key::NoIgnoreVcs,
        "Don't respect VCS ignore files.",
    ),
    Flag::new(
        'N',
        &["no-line-number"],
        Key::NoLineNumber,
        "Suppress line numbers.",
    ),
    Flag::long(&["no-column"], Key::NoColumn, "Don't show column numbers."),
    Flag::long(
        &["no-messages"],
        Key::NoMessages,
        "Suppress some error messages.",
    ),
    Flag::long(
        &["no-require-git"],
        Key::NoRequireGit,
        "Do not require a git repository to use gitignores.",
    ),
    Flag::new(
        '0',
        &["null"],
        Key::Null,
        "Print a NUL byte after file paths.",
    ),
    Flag::new(
        'o',
        &["only-matching"],
        Key::OnlyMatching,
        "Print only matched parts of a line.",
    ),
    Flag::new(
        'P',
        &["pcre2"],
        Key::Pcre2,
        "Accepted; patterns use the regex crate's syntax.",
    ),
    Flag::new(
        'q',
        &["quiet"],
        Key::Quiet,
        "Do not print anything to stdout.",
    ),
    Flag::new('e', &["regexp"], Key::Regexp, "A pattern to search for.").value("PATTERN"),
    Flag::new(
        'r',
        &["replace"],
        Key::Replace,
        "Replace matches with the given text.",
    )
    .value("REPLACEMENT_TEXT"),
    Flag::new('S', &["smart-case"], Key::SmartCase, "Smart case search."),
    Flag::long(
        &["sort"],
        Key::Sort,
        "Sort the results (always by path here).",
    )
    .value("SORTBY"),
    Flag::long(
        &["stats"],
        Key::Stats,
        "Print statistics about this ripgrep search.",
    ),
    Flag::new(
        'a',
        &["text"],
        Key::Text,
        "Search binary files as if they were text.",
    ),
    Flag::long(
        &["trim"],
        Key::Trim,
        "Trim prefixed whitespace from matches.",
    ),
    Flag::new(
        't',
        &["type"],
        Key::Type,
        "Only search files matching TYPE.",
    )
    .value("TYPE"),
    Flag::long(
        &["type-list"],
        Key::TypeList,
        "Show all supported file types.",
    ),
    Flag::new(
        'T',
        &["type-not"],
        Key::TypeNot,
        "Do not search files matching TYPE.",
    )
    .value("TYPE"),
    Flag::new(
        'u',
        &["unrestricted"],
        Key::Unrestricted,
        "Reduce the level of \"smart\" searching.",
    ),
    Flag::long(
        &["vimgrep"],
        Key::Vimgrep,
        "Show results in vim compatible format.",
    ),
    Flag::new(
        'H',
        &["with-filename"],
        Key::WithFilename,
        "Print the file path with the matched lines.",
    ),
    Flag::new(
        'w',
        &["word-regexp"],
        Key::Word,
        "Only show matches surrounded by word boundaries.",
    ),
];

/// What is printed for each file searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Matching lines (and context), ripgrep's standard printer.
    Lines,
    /// `-c`: the number of matching lines.
    Count,
    /// `--count-matches`: the number of matches.
    CountMatches,
    /// `-l`.
    WithMatches,
    /// `--files-without-match`.
    WithoutMatch,
    /// `-q`: nothing; stop at the first match.
    Quiet,
    /// `--json`.
    Json,
}

/// How NUL bytes make a file binary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryMode {
    /// Walked files: stop at the first NUL, as if the file had no match.
    Quit,
    /// Named files (and `--binary`): search, but print `binary file
    /// matches` instead of the first matching line after a NUL.
    Convert,
    /// `-a`: no detection.
    Text,
}

/// Everything a search needs, from the command line.
pub struct Config {
    pub re: Regex,
    pub invert: bool,
    pub mode: Mode,
    pub files: bool,
    pub type_list: bool,
    pub only_matching: bool,
    pub replace: Option<String>,
    pub line_number: bool,
    pub column: bool,
    pub vimgrep: bool,
    pub with_filename: Option<bool>,
    pub heading: bool,
    pub null: bool,
    pub trim: bool,
    pub after: u64,
    pub before: u64,
    pub context_sep: Option<Vec<u8>>,
    pub max_count: Option<u64>,
    pub max_depth: Option<u64>,
    pub hidden: bool,
    pub no_ignore: bool,
    pub no_ignore_vcs: bool,
    pub no_ignore_dot: bool,
    pub no_ignore_parent: bool,
    pub require_git: bool,
    pub follow: bool,
    /// `-a` (Text) or `--binary`/`-uuu` (Convert for walked files too).
    pub text: bool,
    pub binary_all: bool,
    pub no_messages: bool,
    pub stats: bool,
    pub byte_offset: bool,
    pub max_columns: Option<u64>,
    /// `--crlf`: a `\r` before `\n` is part of the terminator.
    pub crlf: bool,
    /// `--ignore-file`: paths as given, read when the walk starts.
    pub ignore_files: Vec<String>,
    /// `-U`: the regex runs over the whole input.
    pub multiline: bool,
    pub passthru: bool,
    pub include_zero: bool,
    /// `--sortr`: each directory's entries in reverse order.
    pub reverse: bool,
    /// `--sort`, `--sortr` or `-j1`: ripgrep's single-threaded walker,
    /// whose message for a missing root is longer.
    pub sequential: bool,
    pub globs: Vec<(String, bool)>,
    pub types: TypeFilter,
    pub paths: Vec<String>,
    /// No path operand: search `./` (shown without `./`) or standard input.
    pub implicit: bool,
}

impl Config {
    /// How walked (`explicit` false) or named files are searched.
    pub fn binary_mode(&self, explicit: bool) -> BinaryMode {
        if self.text {
            BinaryMode::Text
        } else if explicit || self.binary_all {
            BinaryMode::Convert
        } else {
            BinaryMode::Quit
        }
    }

    /// Whether context lines are wanted (and so `--` separators).
    pub fn context(&self) -> bool {
        self.mode == Mode::Lines && (self.after > 0 || self.before > 0)
    }
}

/// Writes one of ripgrep's own (unprefixed) messages.
pub fn message(sys: &mut Sys<'_>, msg: &str) {
    sys.diag.raw(format!("{msg}\n").as_bytes());
}

/// clap's message for a value that is not a number.
fn bad_number(sys: &mut Sys<'_>, long: &str, name: &str, val: &str) -> Option<u64> {
    match val.parse::<u64>() {
        Ok(n) => Some(n),
        Err(e) => {
            message(
                sys,
                &format!("error: Invalid value for '--{long} <{name}>': {e}\n"),
            );
            None
        }
    }
}

/// Builds the configuration, or `None` after printing why not (status 2).
pub fn build(sys: &mut Sys<'_>, args: &Args<Key>) -> Res<Option<Config>> {
    #[derive(PartialEq)]
    enum Case {
        Sensitive,
        Insensitive,
        Smart,
    }
    let mut case = Case::Sensitive;
    let mut patterns: Vec<String> = Vec::new();
    let mut have_patterns = false;
    let (mut fixed, mut word, mut line) = (false, false, false);
    let mut unrestricted = 0;
    let mut line_number: Option<bool> = None;
    let mut column: Option<bool> = None;
    let mut types: Vec<(String, bool)> = Vec::new();
    // `--type-add` (true) and `--type-clear` (false), in order.
    let mut type_defs: Vec<(String, bool)> = Vec::new();
    let mut cfg = Config {
        re: never(),
        invert: false,
        mode: Mode::Lines,
        files: false,
        type_list: false,
        only_matching: false,
        replace: None,
        line_number: false,
        column: false,
        vimgrep: false,
        with_filename: None,
        heading: false,
        null: false,
        trim: false,
        after: 0,
        before: 0,
        context_sep: Some(b"--".to_vec()),
        max_count: None,
        max_depth: None,
        hidden: false,
        no_ignore: false,
        no_ignore_vcs: false,
        no_ignore_dot: false,
        no_ignore_parent: false,
        require_git: true,
        follow: false,
        text: false,
        binary_all: false,
        no_messages: false,
        stats: false,
        byte_offset: false,
        max_columns: None,
        crlf: false,
        ignore_files: Vec::new(),
        multiline: false,
        passthru: false,
        include_zero: false,
        reverse: false,
        sequential: false,
        globs: Vec::new(),
        types: TypeFilter::default(),
        paths: Vec::new(),
        implicit: false,
    };
    if args.has(Key::Json) {
        // clap refuses these with `--json`, naming the other one.
        let clash = args.opts.iter().find_map(|g| match g.key {
            Key::Count => Some("count"),
            Key::CountMatches => Some("count-matches"),
            Key::Files => Some("files"),
            Key::FilesWithMatches => Some("files-with-matches"),
            Key::FilesWithoutMatch => Some("files-without-match"),
            _ => None,
        });
        if let Some(other) = clash {
            message(
                sys,
                &format!(
                    "error: The argument '--{other}' cannot be used with '--json'\n\n{}",
                    super::USAGE
                ),
            );
            return Ok(None);
        }
    }
    let mut quiet = false;
    let mut dotall = false;
    let mut pcre2 = false;
    let mut listing: Option<Mode> = None;
    for (k, val) in args.each() {
        match k {
            Key::Regexp => {
                have_patterns = true;
                patterns.push(val.to_string());
            }
            Key::File => {
                have_patterns = true;
                let data = if UtilityContext::is_stdin(val) {
                    let mut d = Vec::new();
                    if let Err(e) = sys.stdin.read_to_end(&mut d) {
                        message(sys, &format!("{val}: {}", io_msg(&e)));
                        return Ok(None);
                    }
                    d
                } else {
                    match sys.resolve(val).and_then(|p| sys.fs.read(&p)) {
                        Ok(d) => d,
                        Err(e) => {
                            message(sys, &format!("{val}: {}", os_error(e.kind)));
                            return Ok(None);
                        }
                    }
                };
                let text = String::from_utf8_lossy(&data);
                for l in text.lines() {
                    patterns.push(l.strip_suffix('\r').unwrap_or(l).to_string());
                }
            }
            Key::IgnoreCase => case = Case::Insensitive,
            Key::SmartCase => case = Case::Smart,
            Key::CaseSensitive => case = Case::Sensitive,
            Key::Word => word = true,
            Key::LineRegexp => line = true,
            Key::LineNumber => line_number = Some(true),
            Key::NoLineNumber => line_number = Some(false),
            Key::FilesWithMatches => listing = Some(Mode::WithMatches),
            Key::FilesWithoutMatch => listing = Some(Mode::WithoutMatch),
            Key::Count => listing = Some(Mode::Count),
            Key::CountMatches => listing = Some(Mode::CountMatches),
            Key::OnlyMatching => cfg.only_matching = true,
            Key::Invert => cfg.invert = true,
            Key::Fixed => fixed = true,
            Key::Type => types.push((val.to_string(), true)),
            Key::TypeNot => types.push((val.to_string(), false)),
            Key::TypeList => cfg.type_list = true,
            Key::Glob => cfg.globs.push((val.to_string(), false)),
            Key::IGlob => cfg.globs.push((val.to_string(), true)),
            Key::Hidden => cfg.hidden = true,
            Key::NoIgnore => cfg.no_ignore = true,
            Key::NoIgnoreVcs => cfg.no_ignore_vcs = true,
            Key::NoIgnoreDot => cfg.no_ignore_dot = true,
            Key::NoIgnoreParent => cfg.no_ignore_parent = true,
            Key::NoRequireGit => cfg.require_git = false,
            Key::Unrestricted => unrestricted += 1,
            Key::Follow => cfg.follow = true,
            Key::After => match bad_number(sys, "after-context", "NUM", val) {
                Some(n) => cfg.after = n,
                None => return Ok(None),
            },
            Key::Before => match bad_number(sys, "before-context", "NUM", val) {
                Some(n) => cfg.before = n,
                None => return Ok(None),
            },
            Key::Context => match bad_number(sys, "context", "NUM", val) {
                Some(n) => (cfg.after, cfg.before) = (n, n),
                None => return Ok(None),
            },
            Key::ContextSeparator => {
                cfg.context_sep = Some(sandbash_interpreter::bytes::encode(val).into_owned());
            }
            Key::MaxCount => match bad_number(sys, "max-count", "NUM", val) {
                Some(n) => cfg.max_count = Some(n),
                None => return Ok(None),
            },
            Key::MaxDepth => match bad_number(sys, "max-depth", "NUM", val) {
                Some(n) => cfg.max_depth = Some(n),
                None => return Ok(None),
            },
            Key::Json => listing = Some(Mode::Json),
            Key::Files => cfg.files = true,
            Key::Sort | Key::Sortr => match val {
                "path" | "none" | "modified" | "accessed" | "created" => {
                    cfg.reverse = k == Key::Sortr;
                    cfg.sequential = true;
                }
                _ => {
                    message(
                        sys,
                        &format!(
                            "error: '{val}' isn't a valid value for '--sort <SORTBY>'\n\t[possible values: accessed, created, modified, none, path]\n\n\n{}",
                            super::USAGE
                        ),
                    );
                    return Ok(None);
                }
            },
            Key::Null => cfg.null = true,
            Key::WithFilename => cfg.with_filename = Some(true),
            Key::NoFilename => cfg.with_filename = Some(false),
            Key::Heading => cfg.heading = true,
            Key::NoHeading => cfg.heading = false,
            Key::Color => match val {
                "never" | "auto" | "always" | "ansi" => {}
                _ => {
                    message(
                        sys,
                        &format!(
                            "error: '{val}' isn't a valid value for '--color <WHEN>'\n\t[possible values: always, ansi, auto, never]\n\n\n{}",
                            super::USAGE
                        ),
                    );
                    return Ok(None);
                }
            },
            Key::Quiet => quiet = true,
            Key::Replace => cfg.replace = Some(val.to_string()),
            Key::Trim => cfg.trim = true,
            Key::NoMessages => cfg.no_messages = true,
            Key::Text => cfg.text = true,
            Key::Binary => cfg.binary_all = true,
            Key::Column => column = Some(true),
            Key::NoColumn => column = Some(false),
            Key::Vimgrep => cfg.vimgrep = true,
            Key::Stats => cfg.stats = true,
            Key::ByteOffset => cfg.byte_offset = true,
            Key::MaxColumns => match bad_number(sys, "max-columns", "NUM", val) {
                Some(n) => cfg.max_columns = (n > 0).then_some(n),
                None => return Ok(None),
            },
            Key::Passthru => cfg.passthru = true,
            Key::Crlf => cfg.crlf = true,
            Key::IgnoreFile => cfg.ignore_files.push(val.to_string()),
            Key::Multiline => cfg.multiline = true,
            Key::MultilineDotall => dotall = true,
            Key::IncludeZero => cfg.include_zero = true,
            Key::TypeAdd => type_defs.push((val.to_string(), true)),
            Key::TypeClear => type_defs.push((val.to_string(), false)),
            Key::IgnoredValue => cfg.sequential |= val.trim() == "1",
            Key::Pcre2 => pcre2 = true,
            Key::Ignored => {}
        }
    }
    if unrestricted >= 1 {
        cfg.no_ignore = true;
    }
    if unrestricted >= 2 {
        cfg.hidden = true;
    }
    if unrestricted >= 3 {
        cfg.binary_all = true;
    }
    cfg.types = match types::filter(&type_defs, &types) {
        Ok(t) => t,
        Err(msg) => {
            message(sys, &msg);
            return Ok(None);
        }
    };
    if cfg.type_list {
        return Ok(Some(cfg));
    }
    let mut operands = args.operands.clone();
    if !have_patterns && !cfg.files {
        if operands.is_empty() {
            message(
                sys,
                &format!(
                    "error: The following required arguments were not provided:\n    <PATTERN>\n\n{}",
                    super::USAGE
                ),
            );
            return Ok(None);
        }
        patterns.push(operands.remove(0));
    }
    cfg.implicit = operands.is_empty();
    cfg.paths = operands;
    cfg.mode = if quiet {
        Mode::Quiet
    } else {
        listing.unwrap_or(Mode::Lines)
    };
    if cfg.mode == Mode::Count && cfg.only_matching {
        cfg.mode = Mode::CountMatches;
    }
    cfg.vimgrep = cfg.vimgrep && cfg.mode == Mode::Lines;
    // Every match on its own line says its path: no heading.
    cfg.heading = cfg.heading && !cfg.vimgrep;
    cfg.column = column.unwrap_or(cfg.vimgrep);
    cfg.line_number = line_number.unwrap_or(cfg.column || cfg.vimgrep);
    if cfg.vimgrep {
        cfg.with_filename = cfg.with_filename.or(Some(true));
    }
    let icase = match case {
        Case::Sensitive => false,
        Case::Insensitive => true,
        Case::Smart => !patterns.iter().any(|p| has_uppercase_literal(p)),
    };
    let lines = if cfg.multiline {
        Lines::Multi { dotall }
    } else {
        Lines::One
    };
    match compile(&patterns, fixed, word, line, icase, lines, cfg.crlf) {
        Ok(re) => cfg.re = re,
        Err(mut msg) => {
            if msg.contains("look-around") || msg.contains("backreferences") {
                msg.push_str(if pcre2 {
                    "\n\nThis build of ripgrep has no PCRE2: -P uses the same regex engine,\nwithout backreferences and look-around."
                } else {
                    "\n\nConsider enabling PCRE2 with the --pcre2 flag, which can handle backreferences\nand look-around."
                });
            }
            message(sys, &msg);
            return Ok(None);
        }
    }
    Ok(Some(cfg))
}

/// A regex that matches nothing, until the patterns are compiled.
fn never() -> Regex {
    // A valid pattern: the error arm is never taken.
    Regex::new(r"[^\s\S]").unwrap_or_else(|_| never())
}

/// ripgrep's `(os error N)` text for a VFS error.
pub fn os_error(kind: sandbash_vfs::FsErrorKind) -> String {
    use sandbash_vfs::FsErrorKind as K;
    let errno = match kind {
        K::NotFound => 2,
        K::Io => 5,
        K::PermissionDenied => 13,
        K::AlreadyExists => 17,
        K::CrossDevice => 18,
        K::NotADirectory => 20,
        K::IsADirectory => 21,
        K::InvalidInput => 22,
        K::FileTooLarge => 27,
        K::NoSpace => 28,
        K::ReadOnly => 30,
        K::NameTooLong => 36,
        K::DirectoryNotEmpty => 39,
        K::TooManyLinks => 40,
        K::Busy => 16,
    };
    format!("{} (os error {errno})", kind.message())
}

/// Smart case: a pattern with an uppercase letter that is a literal (not
/// the class letter of `\W`, `\S`, `\D`, `\B`, `\P{..}`) is searched case
/// sensitively.
fn has_uppercase_literal(p: &str) -> bool {
    let mut chars = p.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some('p' | 'P') = chars.next() {
                let mut rest = chars.clone();
                if rest.next() == Some('{') {
                    for d in rest.by_ref() {
                        if d == '}' {
                            break;
                        }
                    }
                    chars = rest;
                } else {
                    chars.next();
                }
            }
            continue;
        }
        if c.is_uppercase() {
            return true;
        }
    }
    false
}

/// Whether the regex sees one line at a time or the whole input (`-U`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lines {
    One,
    Multi { dotall: bool },
}

/// Whether a pattern names a newline outside a class (a raw one or
/// `\n`), which can never match one line: ripgrep refuses it without
/// `-U`.
fn has_newline(p: &str) -> bool {
    let mut depth = 0usize;
    let mut chars = p.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.next() == Some('n') && depth == 0 => return true,
            '[' => depth += 1,
            ']' if depth > 0 => depth -= 1,
            '\n' if depth == 0 => return true,
            _ => {}
        }
    }
    false
}

/// The one regex for every pattern, as ripgrep builds it: the patterns
/// joined by `|`, `-F` escaping them, `-w` and `-x` around the whole. A
/// syntax error is reported on the joined patterns, in the regex crate's
/// words (which are ripgrep's).
pub fn compile(
    patterns: &[String],
    fixed: bool,
    word: bool,
    line: bool,
    icase: bool,
    lines: Lines,
    crlf: bool,
) -> Result<Regex, String> {
    let parts: Vec<String> = patterns
        .iter()
        .map(|p| if fixed { regex::escape(p) } else { p.clone() })
        .collect();
    let mut src = if parts.len() == 1 {
        parts.first().cloned().unwrap_or_default()
    } else if parts.is_empty() {
        // `-f` of an empty file: a regex that never matches.
        "[^\\s\\S]".to_string()
    } else {
        // ripgrep 13 joins the patterns as they are.
        parts.join("|")
    };
    let joined = src.clone();
    if lines == Lines::One && has_newline(&joined) {
        return Err("the literal '\"\\n\"' is not allowed in a regex\n\nConsider enabling multiline mode with the --multiline flag (or -U for short).\nWhen multiline mode is enabled, new line characters can be matched.".to_string());
    }
    if line {
        src = format!("^(?:{src})$");
    } else if word {
        src = format!(r"\b{{start-half}}(?:{src})\b{{end-half}}");
    }
    let build = |s: &str| {
        RegexBuilder::new(s)
            .case_insensitive(icase)
            .multi_line(lines != Lines::One)
            .crlf(crlf)
            .dot_matches_new_line(lines == Lines::Multi { dotall: true })
            .size_limit(64 << 20)
            .dfa_size_limit(16 << 20)
            .build()
    };
    match build(&src) {
        Ok(re) => Ok(re),
        Err(e) => {
            // Name the patterns as the user wrote them.
            if let Err(e) = build(&joined) {
                return Err(error_text(&e));
            }
            Err(error_text(&e))
        }
    }
}

fn error_text(e: &regex::Error) -> String {
    match e {
        regex::Error::CompiledTooBig(n) => format!("compiled regex exceeds size limit of {n}"),
        other => other.to_string(),
    }
}
