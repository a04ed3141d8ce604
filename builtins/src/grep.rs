//! `grep`: print lines that match patterns.

use std::borrow::Cow;
use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::sync::Arc;

use regex::bytes::{Regex, RegexBuilder};
use sandbash_interpreter::UtilityContext;
use sandbash_interpreter::memory::{Charge, MemoryBudget};
use sandbash_vfs::FileKind;

use crate::common::command::Command;
use crate::common::flags::{self, Args, Flag, Help};
use crate::common::fsutil::{base_name, join};
use crate::common::glob;
use crate::common::headed::ReadFail;
use crate::common::input::{open_input, read_line_within};
use crate::common::regex_tr;
use crate::common::sys::{Diag, Fail, Out, Res, Sys, Ticker, io_msg, settle};
use crate::common::walk::{Ancestors, Enter};

/// The `grep` utility: `-E -F -G -P -i -v -c -l -L -n -b -h -H -o -q -s -r
/// -R -w -x -z -Z -a -I -e -f -m -A -B -C -NUM`, `--include`, `--exclude`,
/// `--exclude-dir`, `--label`, `--color` (accepted, never colours),
/// `--binary-files`, `--group-separator`. Exit 0 when a line is selected, 1
/// when none, 2 on error. `-P` uses the `regex` crate's own syntax (no
/// look-around, no back-references).
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
            "PATTERNS use the Rust regex syntax",
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
        Flag::new('T', &["initial-tab"], Key::InitialTab, "accepted"),
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
            "accepted; output is never coloured",
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

/// `-NUM` means `--context=NUM`.
fn context_numbers(words: &[String]) -> Vec<String> {
    let mut args: Vec<String> = Vec::with_capacity(words.len());
    let mut dashdash = false;
    for a in words {
        if a == "--" {
            dashdash = true;
        }
        if !dashdash
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
    includes: Vec<String>,
    excludes: Vec<String>,
    exclude_dirs: Vec<String>,
    label: String,
    group_sep: Option<String>,
    quiet_errors: bool,
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
        includes: Vec::new(),
        excludes: Vec::new(),
        exclude_dirs: Vec::new(),
        label: "(standard input)".into(),
        group_sep: Some("--".into()),
        quiet_errors: false,
    };
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
            Key::Count => cfg.listing = Listing::Count,
            Key::FilesWithMatches => cfg.listing = Listing::WithMatches,
            Key::FilesWithoutMatch => cfg.listing = Listing::WithoutMatch,
            Key::Quiet => cfg.listing = Listing::Quiet,
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
                Some(n) => cfg.after = n,
                None => return Ok(2),
            },
            Key::Before => match context_num(&mut sys.diag, val) {
                Some(n) => cfg.before = n,
                None => return Ok(2),
            },
            Key::Context => match context_num(&mut sys.diag, val) {
                Some(n) => (cfg.after, cfg.before) = (n, n),
                None => return Ok(2),
            },
            Key::Directories => match val {
                "recurse" => cfg.recursive = true,
                "skip" => cfg.skip_dirs = true,
                "read" => {}
                _ => {
                    sys.diag.usage(format_args!("invalid argument '{val}' for '--directories'\nValid arguments are:\n  - 'read'\n  - 'recurse'\n  - 'skip'"));
                    return Ok(2);
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
            Key::Include => cfg.includes.push(val.into()),
            Key::Exclude => cfg.excludes.push(val.into()),
            Key::ExcludeDir => cfg.exclude_dirs.push(val.into()),
            Key::Label => cfg.label = val.into(),
            Key::GroupSeparator => cfg.group_sep = Some(val.into()),
            Key::NoGroupSeparator => cfg.group_sep = None,
            Key::Color => match val {
                "" | "never" | "always" | "auto" | "yes" | "no" | "force" | "tty" | "if-tty"
                | "none" => {}
                _ => {
                    sys.diag.usage(format_args!("invalid argument '{val}' for '--color'\nValid arguments are:\n  - 'always', 'yes', 'force'\n  - 'never', 'no', 'none'\n  - 'auto', 'tty', 'if-tty'"));
                    return Ok(2);
                }
            },
            Key::Binary | Key::InitialTab | Key::Devices | Key::LineBuffered => {}
        }
    }
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
            let tr = match syntax {
                Syntax::Fixed => Ok(regex::escape(pat)),
                Syntax::Basic => regex_tr::bre(pat),
                Syntax::Extended => regex_tr::ere(pat),
                Syntax::Perl => Ok(pat.clone()),
            };
            match tr {
                Ok(t) => parts.push(format!("(?:{t})")),
                Err(e) => {
                    sys.diag.error(e);
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
        let built = RegexBuilder::new(&src)
            .case_insensitive(icase)
            .size_limit(64 << 20)
            .dfa_size_limit(16 << 20)
            .build();
        match built {
            Ok(re) => cfg.re = Some(re),
            Err(e) => {
                let msg = match e {
                    regex::Error::CompiledTooBig(_) => "regular expression too big".to_string(),
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
    if cfg.max_count == Some(0) {
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
            search(&cfg, &mut st, &mut s, &mut r, &label)?;
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
        if excluded(&cfg, op) {
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

fn excluded(cfg: &Config, name: &str) -> bool {
    let base = base_name(name);
    if cfg
        .excludes
        .iter()
        .any(|g| glob::matches(g, base) || glob::matches(g, name))
    {
        return true;
    }
    !cfg.includes.is_empty()
        && !cfg
            .includes
            .iter()
            .any(|g| glob::matches(g, base) || glob::matches(g, name))
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
                if cfg.exclude_dirs.iter().any(|g| glob::matches(g, &ent.name)) {
                    continue;
                }
                walk(sys, cfg, st, &path, &shown, ancestors)?;
            }
            FileKind::File => {
                if excluded(cfg, &ent.name) {
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
    search(cfg, st, &mut s, &mut r, name)
}

struct Printer<'a> {
    cfg: &'a Config,
    name: &'a str,
    with_name: bool,
}

impl Printer<'_> {
    fn prefix(&self, out: &mut Out<'_>, lineno: u64, offset: u64, sep: u8) -> Res<()> {
        if self.with_name {
            out.str(self.name)?;
            out.put(&[if self.cfg.null_after_name { 0 } else { sep }])?;
        }
        if self.cfg.line_numbers {
            out.fmt(format_args!("{lineno}"))?;
            out.put(&[sep])?;
        }
        if self.cfg.byte_offset {
            out.fmt(format_args!("{offset}"))?;
            out.put(&[sep])?;
        }
        Ok(())
    }

    fn line(&self, out: &mut Out<'_>, l: &Line, sep: u8) -> Res<()> {
        self.prefix(out, l.no, l.offset, sep)?;
        out.put(&l.text)?;
        out.put(&[self.cfg.eol])
    }
}

struct Line {
    no: u64,
    offset: u64,
    text: Vec<u8>,
}

fn search(
    cfg: &Config,
    st: &mut State,
    s: &mut Streams<'_, '_>,
    r: &mut dyn BufRead,
    name: &str,
) -> Res<()> {
    // Binary detection: a NUL byte in the first buffer or in a line read.
    let mut binary = match r.fill_buf() {
        Ok(b) => b.contains(&0),
        Err(_) => false,
    };
    if binary && cfg.binary == BinaryMode::WithoutMatch {
        if cfg.listing == Listing::WithoutMatch {
            print_name(cfg, s.out, name)?;
        }
        return Ok(());
    }
    let pr = Printer {
        cfg,
        name,
        with_name: st.with_names.unwrap_or(false),
    };
    let context = cfg.listing == Listing::Lines && !cfg.only_matching;
    let before_cap = if context { cfg.before } else { 0 };
    let after_n = if context { cfg.after } else { 0 };
    let mut before: VecDeque<Line> = VecDeque::new();
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
        if !binary && cfg.binary == BinaryMode::Binary && buf.contains(&0) {
            binary = true;
        }
        let reached_max = cfg.max_count.is_some_and(|m| count >= m);
        if reached_max {
            // Only trailing context remains.
            if after_left == 0 {
                break;
            }
            after_left -= 1;
            let l = Line {
                no: lineno,
                offset: line_off,
                text: std::mem::take(&mut buf),
            };
            pr.line(s.out, &l, b'-')?;
            last_printed = Some(lineno);
            continue;
        }
        let matched = cfg.re.as_ref().is_some_and(|re| re.is_match(&buf));
        let selected = matched != cfg.invert;
        if !selected {
            if after_left > 0 {
                after_left -= 1;
                let l = Line {
                    no: lineno,
                    offset: line_off,
                    text: std::mem::take(&mut buf),
                };
                pr.line(s.out, &l, b'-')?;
                last_printed = Some(lineno);
            } else if before_cap > 0 {
                before.push_back(Line {
                    no: lineno,
                    offset: line_off,
                    text: std::mem::take(&mut buf),
                });
                if before.len() > before_cap {
                    before.pop_front();
                }
                settle(&mut before_charge, held_bytes(&before))?;
            }
            continue;
        }
        count += 1;
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
        if binary && cfg.binary == BinaryMode::Binary {
            s.out.flush()?;
            s.out.fmt(format_args!("Binary file {name} matches\n"))?;
            return Ok(());
        }
        // Group separator.
        let first_no = before.front().map_or(lineno, |l| l.no);
        if (before_cap > 0 || after_n > 0)
            && st.printed_group
            && last_printed.is_none_or(|lp| first_no > lp + 1)
            && let Some(sep) = &cfg.group_sep
        {
            s.out.str(sep)?;
            s.out.put(b"\n")?;
        }
        for l in before.drain(..) {
            pr.line(s.out, &l, b'-')?;
        }
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
                for m in re.find_iter(&cur.text) {
                    if m.is_empty() {
                        continue;
                    }
                    pr.prefix(s.out, cur.no, cur.offset + m.start() as u64, b':')?;
                    s.out.put(m.as_bytes())?;
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
    match cfg.listing {
        Listing::Count => {
            if pr.with_name {
                s.out.str(name)?;
                s.out.put(if cfg.null_after_name { b"\0" } else { b":" })?;
            }
            s.out.fmt(format_args!("{count}\n"))?;
        }
        Listing::WithoutMatch if count == 0 => print_name(cfg, s.out, name)?,
        _ => {}
    }
    Ok(())
}

/// What the lines kept for `-B` hold.
fn held_bytes(lines: &VecDeque<Line>) -> u64 {
    let each = std::mem::size_of::<Line>() as u64;
    lines.iter().map(|l| l.text.capacity() as u64 + each).sum()
}

fn print_name(cfg: &Config, out: &mut Out<'_>, name: &str) -> Res<()> {
    out.str(name)?;
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
        assert_eq!(o.out, "Binary file (standard input) matches\n");
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
}
