//! `grep`: print lines that match patterns.

mod args;
mod config;
mod pattern;
mod search;
#[cfg(test)]
mod tests;
mod walk;

use std::borrow::Cow;
use std::io::BufReader;

use regex::bytes::RegexBuilder;
use sandbash_interpreter::UtilityContext;

use crate::common::argmatch::argmatch_quiet;
use crate::common::command::Command;
use crate::common::flags::{self, Args, Flag, Help};
use crate::common::sys::{Diag, Fail, Res, Sys, io_msg};
use crate::common::walk::Ancestors;
use crate::common::{backref, regex_tr};

use args::context_numbers;
use config::{BinaryMode, Config, FilterKind, Listing, State, Streams, Syntax, report};
use pattern::{BACKREF_MSG, LOOKAROUND_MSG, leading_repetition, longest_dfa, perl_quotes};
use search::{STREAM_WIDTH, finish_listing, search};
use walk::{dir_excluded, excluded, search_file, walk};

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

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let mut syntax = Syntax::Basic;
    let mut icase = false;
    let mut word = false;
    let mut line = false;
    let mut patterns: Vec<String> = Vec::new();
    let mut have_patterns = false;
    let mut cfg = Config {
        re: None,
        back: None,
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
            Key::Directories => {
                let dirs = [("read", 0), ("recurse", 1), ("skip", 2)];
                match argmatch_quiet(&mut sys.diag, "'--directories'", val, &dirs) {
                    Some(1) => cfg.recursive = true,
                    Some(2) => cfg.skip_dirs = true,
                    Some(_) => {}
                    None => {
                        // GNU grep's argmatch failure: the synopsis, then status 1.
                        sys.diag
                            .raw(b"Usage: grep [OPTION]... PATTERNS [FILE]...\n");
                        sys.diag.try_help();
                        return Ok(1);
                    }
                }
            }
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
        let mut stripped = Vec::with_capacity(patterns.len());
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
            stripped.push(pat);
        }
        // Patterns with back-references take the backtracker; then every
        // pattern is translated with its groups named (tagged by its
        // rank, as each numbers its own groups).
        let translate = |tag: Option<usize>, pat: &str| match (syntax, tag) {
            (Syntax::Fixed, _) => Ok(regex::escape(pat)),
            (Syntax::Basic, None) => regex_tr::bre(pat),
            (Syntax::Basic, Some(t)) => regex_tr::bre_refs(pat, t),
            (Syntax::Extended, None) => regex_tr::ere(pat),
            (Syntax::Extended, Some(t)) => regex_tr::ere_refs(pat, t),
            (Syntax::Perl, _) => Ok(perl_quotes(pat)),
        };
        let refs = matches!(syntax, Syntax::Basic | Syntax::Extended)
            && stripped
                .iter()
                .any(|p| translate(None, p).is_err_and(|e| e.0 == regex_tr::BACKREF_REFUSED));
        for (i, pat) in stripped.iter().enumerate() {
            match translate(refs.then_some(i), pat) {
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
        if refs {
            let flags = backref::Flags {
                icase,
                ..backref::Flags::default()
            };
            match backref::Backtrack::new(&regex_tr::bytes_escaped(&src), flags) {
                Ok(b) => cfg.back = Some(b),
                Err(e) => {
                    sys.diag.error(e);
                    return Ok(2);
                }
            }
        }
        // Bytes, as in the C locale: `.` and `[^a]` match any byte, `\w`
        // and `-i` are ASCII, a non-ASCII character matches its bytes.
        let built = if refs {
            None
        } else {
            Some(
                RegexBuilder::new(&regex_tr::bytes_escaped(&src))
                    .unicode(false)
                    .case_insensitive(icase)
                    .size_limit(64 << 20)
                    .dfa_size_limit(16 << 20)
                    .build(),
            )
        };
        if syntax != Syntax::Perl && cfg.only_matching && !refs {
            cfg.longest = longest_dfa(&regex_tr::bytes_escaped(&src), icase);
        }
        match built {
            None => {}
            Some(Ok(re)) => cfg.re = Some(re),
            Some(Err(e)) => {
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
