//! `ls`: list directory contents.

use std::cmp::Ordering;
use std::time::SystemTime;

use sandbash_vfs::{DirEntry, FileKind, Metadata};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::fsutil::join;
use crate::common::glob;
use crate::common::num::{human_size, human_size_si};
use crate::common::sys::{Res, Sys, Ticker};
use crate::common::time::ls_date;
use crate::common::walk::{Ancestors, Enter};

/// The `ls` utility (no colour). Formats `-l -1 -C -x -m` (`--format`,
/// the last wins; one name per line by default, standard output never
/// being a terminal), the width from `-w`/`COLUMNS` (80 else), GNU's
/// column fitting with tabs every 8 columns; `-a -A -d -R -L -H`; sorting
/// `-t -S -X -v -U -r --sort --group-directories-first` in C-locale order;
/// `-F -p --indicator-style`; `-i -s -k -h --si --block-size`;
/// `--time-style` (full-iso, long-iso, iso, +FORMAT) and `--full-time`;
/// quoting `-Q -b -N -q --quoting-style` as gnulib's quotearg in the C
/// locale. In `-l` output every file belongs to `agent agent`,
/// directories show size 4096 and dates are UTC. The VFS keeps one time
/// (`-u`, `-c`, `--time` show it) and no inode numbers (`-i` shows a
/// number derived from the path).
pub struct Ls;

/// The options of `ls`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    All,
    AlmostAll,
    Directory,
    Classify,
    NoOwner,
    NoGroup,
    HumanReadable,
    Long,
    Dereference,
    NumericUidGid,
    NoGroupInfo,
    Slash,
    Reverse,
    Recursive,
    SortSize,
    Sort,
    GroupDirectoriesFirst,
    SortTime,
    NoSort,
    SortVersion,
    OnePerLine,
    DereferenceCommandLine,
    Columns,
    Across,
    Commas,
    ChangeTime,
    AccessTime,
    Inode,
    Color,
    IndicatorStyle,
    FullTime,
    Time,
    Width,
    Format,
    TimeStyle,
    Si,
    BlockSize,
    Size,
    Kibibytes,
    SortExtension,
    QuoteName,
    Escape,
    Literal,
    HideControl,
    ShowControl,
    QuotingStyle,
    Hide,
    Ignore,
    IgnoreBackups,
    FileType,
    Author,
    Context,
    Unsorted,
    Zero,
    TabSize,
}

impl Command for Ls {
    const NAME: &'static str = "ls";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: "List information about the FILEs (the current directory by default).
Sort entries alphabetically if none of -tSU nor --sort is specified.",
        after: "Exit status:
 0  if OK,
 1  if minor problems (e.g., cannot access subdirectory),
 2  if serious trouble (e.g., cannot access command-line argument).",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'a',
            &["all"],
            Key::All,
            "do not ignore entries starting with .",
        ),
        Flag::new(
            'A',
            &["almost-all"],
            Key::AlmostAll,
            "do not list implied . and ..",
        ),
        Flag::new(
            'd',
            &["directory"],
            Key::Directory,
            "list directories themselves, not their contents",
        ),
        // `-F` takes no value, `--classify` an optional one: the short
        // letter finds this unlisted entry first.
        Flag::new('F', &[], Key::Classify, ""),
        Flag::new(
            'F',
            &["classify"],
            Key::Classify,
            "append indicator (one of */@|) to entries",
        )
        .optional("WHEN"),
        Flag::new('g', &[], Key::NoOwner, "like -l, but do not list owner"),
        Flag::new(
            'h',
            &["human-readable"],
            Key::HumanReadable,
            "with -l, print sizes like 1K 234M 2G etc.",
        ),
        Flag::new('l', &[], Key::Long, "use a long listing format"),
        Flag::new(
            'L',
            &["dereference"],
            Key::Dereference,
            "show information for the file symlinks point to",
        ),
        Flag::new(
            'n',
            &["numeric-uid-gid"],
            Key::NumericUidGid,
            "like -l, but list numeric user and group IDs",
        ),
        Flag::new(
            'G',
            &["no-group"],
            Key::NoGroup,
            "in a long listing, don't print group names",
        ),
        Flag::new(
            'o',
            &[],
            Key::NoGroupInfo,
            "like -l, but do not list group information",
        ),
        Flag::new('p', &[], Key::Slash, "append / indicator to directories"),
        Flag::new(
            'R',
            &["recursive"],
            Key::Recursive,
            "list subdirectories recursively",
        ),
        Flag::new(
            'r',
            &["reverse"],
            Key::Reverse,
            "reverse order while sorting",
        ),
        Flag::new('S', &[], Key::SortSize, "sort by file size, largest first"),
        Flag::long(
            &["sort"],
            Key::Sort,
            "sort by WORD: none (-U), size (-S), time (-t),\n  version (-v)",
        )
        .value("WORD"),
        Flag::long(
            &["group-directories-first"],
            Key::GroupDirectoriesFirst,
            "group directories before files",
        ),
        Flag::new('t', &[], Key::SortTime, "sort by time, newest first"),
        Flag::new(
            'U',
            &[],
            Key::NoSort,
            "do not sort; list entries in directory order",
        ),
        Flag::new(
            'v',
            &[],
            Key::SortVersion,
            "natural sort of (version) numbers within text",
        ),
        Flag::new(
            '1',
            &[],
            Key::OnePerLine,
            "list one file per line (always the case here)",
        ),
        Flag::new(
            'H',
            &["dereference-command-line"],
            Key::DereferenceCommandLine,
            "",
        ),
        Flag::new('C', &[], Key::Columns, "list entries by columns"),
        Flag::new('x', &[], Key::Across, "list entries by lines instead of by columns"),
        Flag::new('m', &[], Key::Commas, "fill width with a comma separated list of entries"),
        Flag::new(
            'c',
            &[],
            Key::ChangeTime,
            "sort by, and show, change time (the modification time here)",
        ),
        Flag::new(
            'u',
            &[],
            Key::AccessTime,
            "sort by, and show, access time (the modification time here)",
        ),
        Flag::long(
            &["indicator-style"],
            Key::IndicatorStyle,
            "append indicator with style WORD to entry names:\n  none, slash (-p), file-type, classify (-F)",
        )
        .value("WORD"),
        Flag::new(
            'i',
            &["inode"],
            Key::Inode,
            "print the index number of each file (a stand-in here)",
        ),
        Flag::long(&["color"], Key::Color, "accepted; output is never coloured").optional("WHEN"),
        Flag::long(&["full-time"], Key::FullTime, "like -l --time-style=full-iso"),
        Flag::long(
            &["time"],
            Key::Time,
            "select which timestamp is used (all are the modification time here)",
        )
        .value("WORD"),
        Flag::new(
            'w',
            &["width"],
            Key::Width,
            "set output width to COLS.  0 means no limit",
        )
        .value("COLS"),
        Flag::long(
            &["format"],
            Key::Format,
            "across -x, commas -m, horizontal -x, long -l,\n  single-column -1, verbose -l, vertical -C",
        )
        .value("WORD"),
        Flag::long(
            &["time-style"],
            Key::TimeStyle,
            "time/date format with -l: full-iso, long-iso, iso, locale, +FORMAT",
        )
        .value("TIME_STYLE"),
        Flag::long(&["si"], Key::Si, "likewise, but use powers of 1000 not 1024"),
        Flag::long(
            &["block-size"],
            Key::BlockSize,
            "with -l, scale sizes by SIZE when printing them",
        )
        .value("SIZE"),
        Flag::new(
            's',
            &["size"],
            Key::Size,
            "print the allocated size of each file, in blocks",
        ),
        Flag::new(
            'k',
            &["kibibytes"],
            Key::Kibibytes,
            "default to 1024-byte blocks for file system usage",
        ),
        Flag::new('X', &[], Key::SortExtension, "sort alphabetically by entry extension"),
        Flag::new(
            'Q',
            &["quote-name"],
            Key::QuoteName,
            "enclose entry names in double quotes",
        ),
        Flag::new(
            'b',
            &["escape"],
            Key::Escape,
            "print C-style escapes for nongraphic characters",
        ),
        Flag::new('N', &["literal"], Key::Literal, "print entry names without quoting"),
        Flag::new(
            'q',
            &["hide-control-chars"],
            Key::HideControl,
            "print ? instead of nongraphic characters",
        ),
        Flag::long(
            &["show-control-chars"],
            Key::ShowControl,
            "show nongraphic characters as-is",
        ),
        Flag::long(
            &["hide"],
            Key::Hide,
            "do not list implied entries matching shell PATTERN\n  (overridden by -a or -A)",
        )
        .value("PATTERN"),
        Flag::new(
            'I',
            &["ignore"],
            Key::Ignore,
            "do not list implied entries matching shell PATTERN",
        )
        .value("PATTERN"),
        Flag::new(
            'B',
            &["ignore-backups"],
            Key::IgnoreBackups,
            "do not list implied entries ending with ~",
        ),
        Flag::long(&["file-type"], Key::FileType, "likewise, except do not append '*'"),
        Flag::long(&["author"], Key::Author, "with -l, print the author of each file"),
        Flag::new(
            'Z',
            &["context"],
            Key::Context,
            "print any security context of each file (none here: ?)",
        ),
        Flag::new(
            'f',
            &[],
            Key::Unsorted,
            "list all entries in directory order",
        ),
        Flag::long(&["zero"], Key::Zero, "end each output line with NUL, not newline"),
        Flag::new(
            'T',
            &["tabsize"],
            Key::TabSize,
            "assume tab stops at each COLS instead of 8",
        )
        .value("COLS"),
        Flag::long(
            &["quoting-style"],
            Key::QuotingStyle,
            "use quoting style WORD for entry names:\n  literal, locale, shell, shell-always,\n  shell-escape, shell-escape-always, c, escape",
        )
        .value("WORD"),
    ];
    const SYNTAX: Syntax = Syntax::GNU.status(2);

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum SortBy {
    Name,
    Time,
    Size,
    None,
    Version,
    Extension,
}

/// How entries are laid out (`--format`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Long,
    OnePerLine,
    Columns,
    Across,
    Commas,
}

/// `--time-style`.
#[derive(Clone, PartialEq, Eq)]
enum TimeStyle {
    Locale,
    FullIso,
    LongIso,
    Iso,
    /// `+FORMAT`: for old files, and for recent ones.
    Custom(String, String),
}

/// How sizes are shown (`-h`, `--si`, `--block-size`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scale {
    Bytes,
    Human,
    Si,
    /// Units of this many bytes, rounded up; `true` shows the suffix.
    Block(u64, Option<char>),
}

/// `--quoting-style` and its short options.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Quoting {
    Literal,
    Shell,
    ShellAlways,
    ShellEscape,
    ShellEscapeAlways,
    C,
    Escape,
}

/// `--indicator-style`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Indicator {
    None,
    Slash,
    FileType,
    Classify,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Hidden {
    Skip,
    AlmostAll,
    All,
}

struct Config {
    /// `-l` and friends: the format is long.
    long: bool,
    format: Format,
    /// The line width; `usize::MAX` for no limit.
    width: usize,
    time_style: TimeStyle,
    scale: Scale,
    /// `-s`: the allocated size first, in units of `block` bytes.
    blocks: bool,
    block: u64,
    inode: bool,
    quoting: Quoting,
    hide_control: bool,
    /// `--hide` globs (only without `-a`/`-A`) and `-I`/`-B` ones.
    hide: Vec<String>,
    ignore: Vec<String>,
    author: bool,
    context: bool,
    /// `--zero`: lines end in NUL.
    eol: char,
    /// `-T`: columns per tab stop, 0 for spaces only.
    tab: usize,
    indicator: Indicator,
    hidden: Hidden,
    recursive: bool,
    directory: bool,
    human: bool,
    reverse: bool,
    sort: SortBy,
    owner: bool,
    group: bool,
    numeric: bool,
    deref: bool,
    dirs_first: bool,
    now: SystemTime,
}

struct Entry {
    /// The name shown.
    name: String,
    /// The absolute path.
    path: String,
    md: Metadata,
    target: Option<String>,
    /// A directory, or a symlink to one (`--group-directories-first`
    /// puts both first).
    dir_like: bool,
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let mut cfg = Config {
        long: false,
        format: Format::OnePerLine,
        width: 80,
        time_style: TimeStyle::Locale,
        scale: Scale::Bytes,
        blocks: false,
        block: 1024,
        inode: false,
        quoting: Quoting::Literal,
        hide_control: false,
        hide: Vec::new(),
        ignore: Vec::new(),
        author: false,
        context: false,
        eol: '\n',
        tab: 8,
        indicator: Indicator::None,
        hidden: Hidden::Skip,
        recursive: false,
        directory: false,
        human: false,
        reverse: false,
        sort: SortBy::Name,
        owner: true,
        group: true,
        numeric: false,
        deref: false,
        dirs_first: false,
        now: SystemTime::now(),
    };
    // COLUMNS sets the width when it is a valid number, as in GNU.
    if let Some((_, v)) = sys.env.iter().rev().find(|(k, _)| k == "COLUMNS")
        && let Ok(n) = v.parse::<usize>()
        && n > 0
    {
        cfg.width = n;
    }
    let mut other_time = false;
    let mut sort_given = false;
    for (k, val) in p.each() {
        match k {
            Key::Long => cfg.format = Format::Long,
            Key::OnePerLine => cfg.format = Format::OnePerLine,
            Key::Columns => cfg.format = Format::Columns,
            Key::Across => cfg.format = Format::Across,
            Key::Commas => cfg.format = Format::Commas,
            Key::Format => {
                cfg.format = match val {
                    "verbose" | "long" => Format::Long,
                    "commas" => Format::Commas,
                    "horizontal" | "across" => Format::Across,
                    "vertical" => Format::Columns,
                    "single-column" => Format::OnePerLine,
                    _ => {
                        return Ok(bad_arg(
                            sys,
                            val,
                            "--format",
                            &[
                                "'verbose', 'long'",
                                "'commas'",
                                "'horizontal', 'across'",
                                "'vertical'",
                                "'single-column'",
                            ],
                        ));
                    }
                }
            }
            Key::Width => match val.parse::<usize>() {
                Ok(0) => cfg.width = usize::MAX,
                Ok(n) => cfg.width = n,
                Err(_) => {
                    sys.diag.error(format_args!(
                        "invalid line width: {}",
                        crate::common::quote(val)
                    ));
                    return Ok(2);
                }
            },
            Key::All => cfg.hidden = Hidden::All,
            Key::AlmostAll => cfg.hidden = Hidden::AlmostAll,
            Key::Recursive => cfg.recursive = true,
            Key::Directory => cfg.directory = true,
            Key::HumanReadable => (cfg.human, cfg.scale) = (true, Scale::Human),
            Key::Si => (cfg.human, cfg.scale) = (true, Scale::Si),
            Key::BlockSize => match block_size(val) {
                Some((n, suffix)) => {
                    (cfg.human, cfg.scale, cfg.block) = (false, Scale::Block(n, suffix), n);
                }
                None => {
                    sys.diag.error(format_args!(
                        "invalid --block-size argument {}",
                        crate::common::quote(val)
                    ));
                    return Ok(2);
                }
            },
            Key::Size => cfg.blocks = true,
            Key::Kibibytes => cfg.block = 1024,
            Key::Inode => cfg.inode = true,
            Key::Reverse => cfg.reverse = true,
            Key::SortTime => cfg.sort = SortBy::Time,
            Key::SortSize => cfg.sort = SortBy::Size,
            Key::NoSort => cfg.sort = SortBy::None,
            Key::SortVersion => cfg.sort = SortBy::Version,
            Key::SortExtension => cfg.sort = SortBy::Extension,
            Key::Classify => match val {
                "" | "always" | "yes" | "force" => cfg.indicator = Indicator::Classify,
                // Standard output is never a terminal here.
                "auto" | "tty" | "if-tty" | "never" | "no" | "none" => {
                    cfg.indicator = Indicator::None;
                }
                _ => {
                    return Ok(bad_arg(
                        sys,
                        val,
                        "--classify",
                        &[
                            "'always', 'yes', 'force'",
                            "'never', 'no', 'none'",
                            "'auto', 'tty', 'if-tty'",
                        ],
                    ));
                }
            },
            Key::Slash => cfg.indicator = Indicator::Slash,
            Key::IndicatorStyle => {
                cfg.indicator = match val {
                    "none" => Indicator::None,
                    "slash" => Indicator::Slash,
                    "file-type" => Indicator::FileType,
                    "classify" => Indicator::Classify,
                    _ => {
                        return Ok(bad_arg(
                            sys,
                            val,
                            "--indicator-style",
                            &["'none'", "'slash'", "'file-type'", "'classify'"],
                        ));
                    }
                }
            }
            Key::NoOwner => (cfg.format, cfg.owner) = (Format::Long, false),
            Key::NoGroupInfo => (cfg.format, cfg.group) = (Format::Long, false),
            Key::NoGroup => cfg.group = false,
            Key::NumericUidGid => (cfg.format, cfg.numeric) = (Format::Long, true),
            Key::Dereference => cfg.deref = true,
            Key::GroupDirectoriesFirst => cfg.dirs_first = true,
            Key::FullTime => (cfg.format, cfg.time_style) = (Format::Long, TimeStyle::FullIso),
            Key::TimeStyle => match time_style(val) {
                Some(t) => cfg.time_style = t,
                None => {
                    sys.diag.error(format_args!(
                        "invalid argument {} for 'time style'\nValid arguments are:\n  - [posix-]full-iso\n  - [posix-]long-iso\n  - [posix-]iso\n  - [posix-]locale\n  - +FORMAT (e.g., +%H:%M) for a 'date'-style format",
                        crate::common::quote(val)
                    ));
                    sys.diag.try_help();
                    return Ok(2);
                }
            },
            Key::Time => match val {
                "atime" | "access" | "use" | "ctime" | "status" | "mtime" | "modification"
                | "birth" | "creation" => {}
                _ => {
                    return Ok(bad_arg(
                        sys,
                        val,
                        "--time",
                        &[
                            "'atime', 'access', 'use'",
                            "'ctime', 'status'",
                            "'birth', 'creation'",
                        ],
                    ));
                }
            },
            Key::QuoteName => cfg.quoting = Quoting::C,
            Key::Escape => cfg.quoting = Quoting::Escape,
            Key::Literal => cfg.quoting = Quoting::Literal,
            Key::HideControl => cfg.hide_control = true,
            Key::ShowControl => cfg.hide_control = false,
            Key::QuotingStyle => {
                cfg.quoting = match val {
                    "literal" => Quoting::Literal,
                    "shell" => Quoting::Shell,
                    "shell-always" => Quoting::ShellAlways,
                    "shell-escape" => Quoting::ShellEscape,
                    "shell-escape-always" => Quoting::ShellEscapeAlways,
                    "c" | "c-maybe" => Quoting::C,
                    "escape" => Quoting::Escape,
                    // In the C locale `locale` and `clocale` quote as c
                    // does, with its double quotes.
                    "locale" | "clocale" => Quoting::C,
                    _ => {
                        return Ok(bad_arg(
                            sys,
                            val,
                            "--quoting-style",
                            &[
                                "'literal'",
                                "'shell'",
                                "'shell-always'",
                                "'shell-escape'",
                                "'shell-escape-always'",
                                "'c'",
                                "'c-maybe'",
                                "'escape'",
                                "'locale'",
                                "'clocale'",
                            ],
                        ));
                    }
                }
            }
            Key::Sort => {
                cfg.sort = match val {
                    "none" => SortBy::None,
                    "size" => SortBy::Size,
                    "time" => SortBy::Time,
                    "version" => SortBy::Version,
                    "extension" => SortBy::Extension,
                    "name" => SortBy::Name,
                    _ => {
                        return Ok(bad_arg(
                            sys,
                            val,
                            "--sort",
                            &[
                                "'none'",
                                "'time'",
                                "'size'",
                                "'extension'",
                                "'version'",
                                "'width'",
                            ],
                        ));
                    }
                }
            }
            // `-H` is read below; the rest change nothing in this listing
            // (every time the VFS keeps is the modification time).
            Key::ChangeTime | Key::AccessTime => other_time = true,
            Key::Hide => cfg.hide.push(val.into()),
            Key::Ignore => cfg.ignore.push(val.into()),
            Key::IgnoreBackups => {
                cfg.ignore.push("*~".into());
                cfg.ignore.push(".*~".into());
            }
            Key::FileType => cfg.indicator = Indicator::FileType,
            Key::Author => cfg.author = true,
            Key::Context => cfg.context = true,
            Key::Unsorted => {
                (cfg.hidden, cfg.sort, sort_given) = (Hidden::All, SortBy::None, true);
                if cfg.format == Format::Long {
                    cfg.format = Format::OnePerLine;
                }
                cfg.blocks = false;
            }
            Key::Zero => {
                cfg.eol = '\0';
                if cfg.format != Format::Long {
                    cfg.format = Format::OnePerLine;
                }
            }
            Key::TabSize => match val.parse::<usize>() {
                Ok(n) => cfg.tab = n,
                Err(_) => {
                    sys.diag.error(format_args!(
                        "invalid tab size: {}",
                        crate::common::quote(val)
                    ));
                    return Ok(2);
                }
            },
            Key::DereferenceCommandLine | Key::Color => {}
        }
        if matches!(
            k,
            Key::SortTime
                | Key::SortSize
                | Key::NoSort
                | Key::SortVersion
                | Key::SortExtension
                | Key::Sort
        ) {
            sort_given = true;
        }
        if k == Key::Time && !matches!(val, "mtime" | "modification") {
            other_time = true;
        }
    }
    // -c, -u, --time=X outside the long format sort by that time (the
    // modification time here), unless a sort is asked for.
    if other_time && cfg.format != Format::Long && !sort_given {
        cfg.sort = SortBy::Time;
    }
    cfg.long = cfg.format == Format::Long;
    let deref_cmdline = p.has(Key::DereferenceCommandLine);
    let mut operands = p.operands;
    let implicit = operands.is_empty();
    if implicit {
        operands.push(".".into());
    }
    let mut status = 0;
    let mut files = Vec::new();
    let mut dirs = Vec::new();
    for op in &operands {
        let path = match sys.resolve(op) {
            Ok(p) => p,
            Err(e) => {
                sys.diag
                    .error(format_args!("cannot access '{op}': {}", e.kind));
                status = 2;
                continue;
            }
        };
        // A trailing slash asks for what a symlink points to, as in POSIX
        // path resolution: a dangling one is not there.
        let lmd = if op.ends_with('/') {
            sys.fs.metadata(&path)
        } else {
            sys.fs.symlink_metadata(&path)
        };
        let lmd = match lmd {
            Ok(m) => m,
            Err(e) => {
                sys.diag
                    .error(format_args!("cannot access '{op}': {}", e.kind));
                status = 2;
                continue;
            }
        };
        let follow =
            cfg.deref || !(cfg.long || cfg.directory || cfg.indicator == Indicator::Classify);
        let md = if lmd.is_symlink() && (follow || deref_cmdline) {
            match sys.fs.metadata(&path) {
                Ok(m) => m,
                // -L on a dangling link: GNU cannot access it.
                Err(e) if cfg.deref => {
                    sys.diag
                        .error(format_args!("cannot access '{op}': {}", e.kind));
                    status = 2;
                    continue;
                }
                Err(_) => lmd,
            }
        } else {
            lmd
        };
        let target = if md.is_symlink() {
            sys.fs.read_link(&path).ok()
        } else {
            None
        };
        let dir_like =
            md.is_dir() || (md.is_symlink() && sys.fs.metadata(&path).is_ok_and(|m| m.is_dir()));
        let e = Entry {
            name: op.clone(),
            path,
            md,
            target,
            dir_like,
        };
        if e.md.is_dir() && !cfg.directory {
            dirs.push(e);
        } else {
            files.push(e);
        }
    }
    sort_entries(&cfg, &mut files);
    sort_entries(&cfg, &mut dirs);
    let mut printed = false;
    if !files.is_empty() {
        print_entries(sys, &cfg, &files)?;
        printed = true;
    }
    let headers = operands.len() > 1 || cfg.recursive;
    let mut walk = Walk {
        printed,
        ancestors: Ancestors::new(),
    };
    for d in &dirs {
        let st = list_dir(sys, &cfg, &d.path, &d.name, headers, &mut walk, true)?;
        status = status.max(st);
    }
    Ok(status)
}

/// What listing one directory after another carries along.
struct Walk {
    /// Something was printed: the next directory's header needs a blank
    /// line before it.
    printed: bool,
    /// The directories being listed, for `-R`'s loop detection.
    ancestors: Ancestors,
}

fn list_dir(
    sys: &mut Sys<'_>,
    cfg: &Config,
    path: &str,
    shown: &str,
    header: bool,
    walk: &mut Walk,
    top: bool,
) -> Res<i32> {
    sys.tick.check()?;
    let listing = match sys.fs.read_dir(path) {
        Ok(l) => l,
        Err(e) => {
            sys.diag
                .error(format_args!("cannot open directory '{shown}': {}", e.kind));
            return Ok(if top { 2 } else { 1 });
        }
    };
    if cfg.recursive {
        if let Enter::Loop = walk.ancestors.enter(sys.fs, path) {
            // Only a followed symlink can lead back into a directory being
            // listed; GNU counts it a serious trouble.
            sys.diag.error(format_args!(
                "{shown}: not listing already-listed directory"
            ));
            return Ok(2);
        }
        let st = list_entries(sys, cfg, path, shown, header, walk, listing);
        walk.ancestors.leave();
        st
    } else {
        list_entries(sys, cfg, path, shown, header, walk, listing)
    }
}

/// Lists the entries of the directory `path` read in `listing`, then, with
/// `-R`, its subdirectories.
fn list_entries(
    sys: &mut Sys<'_>,
    cfg: &Config,
    path: &str,
    shown: &str,
    header: bool,
    walk: &mut Walk,
    listing: Vec<DirEntry>,
) -> Res<i32> {
    if walk.printed {
        sys.out.str("\n")?;
    }
    if header {
        sys.out.str(&quote_name(cfg, shown))?;
        sys.out.str(":\n")?;
    }
    walk.printed = true;
    let mut entries = Vec::new();
    if cfg.hidden == Hidden::All {
        for (name, p) in [(".", path.to_string()), ("..", parent(path))] {
            if let Ok(md) = sys.fs.metadata(&p) {
                entries.push(Entry {
                    name: name.into(),
                    path: p,
                    md,
                    target: None,
                    dir_like: true,
                });
            }
        }
    }
    let mut status = 0;
    for de in listing {
        if de.name.starts_with('.') && cfg.hidden == Hidden::Skip {
            continue;
        }
        // fnmatch with FNM_PERIOD: a leading `.` only matches a `.`.
        let hit = |g: &String| {
            (!de.name.starts_with('.') || g.starts_with('.')) && glob::matches(g, &de.name)
        };
        if cfg.ignore.iter().any(hit) || (cfg.hidden == Hidden::Skip && cfg.hide.iter().any(hit)) {
            continue;
        }
        let p = join(path, &de.name);
        let md = if cfg.deref {
            sys.fs.metadata(&p).or_else(|_| sys.fs.symlink_metadata(&p))
        } else {
            sys.fs.symlink_metadata(&p)
        };
        let md = match md {
            Ok(m) => m,
            Err(e) => {
                sys.diag.error(format_args!(
                    "cannot access '{}': {}",
                    join(shown, &de.name),
                    e.kind
                ));
                status = 1;
                continue;
            }
        };
        let target = if md.is_symlink() {
            sys.fs.read_link(&p).ok()
        } else {
            None
        };
        let dir_like = md.is_dir()
            || (cfg.dirs_first && md.is_symlink() && sys.fs.metadata(&p).is_ok_and(|m| m.is_dir()));
        entries.push(Entry {
            name: de.name,
            path: p,
            md,
            target,
            dir_like,
        });
    }
    sort_entries(cfg, &mut entries);
    if cfg.long || cfg.blocks {
        let bytes: u64 = entries.iter().map(|e| disk_bytes(&e.md)).sum();
        sys.out
            .fmt(format_args!("total {}\n", block_count(cfg, bytes)))?;
    }
    print_entries(sys, cfg, &entries)?;
    if cfg.recursive {
        for e in &entries {
            if e.md.is_dir() && e.name != "." && e.name != ".." {
                let sub = join(shown, &e.name);
                let st = list_dir(sys, cfg, &e.path, &sub, true, walk, false)?;
                status = status.max(st);
            }
        }
    }
    Ok(status)
}

fn parent(path: &str) -> String {
    sandbash_vfs::path::split_parent(path).map_or("/".into(), |(p, _)| p.to_string())
}

fn disk_bytes(md: &Metadata) -> u64 {
    crate::common::usage::disk_bytes(md)
}

/// An allocated size as `-s` and `total` show it: human with `-h`/`--si`,
/// else in units of the block size, rounded up.
fn block_count(cfg: &Config, bytes: u64) -> String {
    match cfg.scale {
        Scale::Human => human_size(bytes),
        Scale::Si => human_size_si(bytes),
        Scale::Block(n, Some(c)) => format!("{}{c}", bytes.div_ceil(n.max(1))),
        _ => bytes.div_ceil(cfg.block.max(1)).to_string(),
    }
}

/// A file's size as the long format shows it.
fn size_text(cfg: &Config, n: u64) -> String {
    match cfg.scale {
        Scale::Bytes => n.to_string(),
        Scale::Human => human_size(n),
        Scale::Si => human_size_si(n),
        Scale::Block(b, suffix) => {
            let v = n.div_ceil(b.max(1));
            match suffix {
                Some(c) => format!("{v}{c}"),
                None => v.to_string(),
            }
        }
    }
}

/// `--block-size=SIZE`: `[N][K|M|G|T|P|E][B|iB]`. The suffix is shown
/// after each size only when no number is given (`K`, not `1K`).
fn block_size(v: &str) -> Option<(u64, Option<char>)> {
    let digits = v.bytes().take_while(u8::is_ascii_digit).count();
    let (num, unit) = v.split_at(digits);
    let n: u64 = if num.is_empty() { 1 } else { num.parse().ok()? };
    let mut chars = unit.chars();
    let Some(letter) = chars.next() else {
        return (n > 0).then_some((n, None));
    };
    let power = "KMGTPE".find(letter.to_ascii_uppercase())? as u32 + 1;
    let base: u64 = match chars.as_str() {
        "" | "iB" => 1024,
        "B" => 1000,
        _ => return None,
    };
    let unit_bytes = base.checked_pow(power)?;
    let total = n.checked_mul(unit_bytes)?;
    let shown = num.is_empty().then_some(letter.to_ascii_uppercase());
    (total > 0).then_some((total, shown))
}

/// `--time-style=STYLE`; `posix-` styles are the plain ones in the C
/// locale.
fn time_style(v: &str) -> Option<TimeStyle> {
    if let Some(f) = v.strip_prefix('+') {
        let (old, recent) = f.split_once('\n').unwrap_or((f, f));
        return Some(TimeStyle::Custom(old.into(), recent.into()));
    }
    let v = v.strip_prefix("posix-").unwrap_or(v);
    Some(match v {
        "full-iso" => TimeStyle::FullIso,
        "long-iso" => TimeStyle::LongIso,
        "iso" => TimeStyle::Iso,
        "locale" => TimeStyle::Locale,
        _ => return None,
    })
}

/// GNU's argmatch failure: the choices, the hint, status 1 (not 2).
fn bad_arg(sys: &mut Sys<'_>, val: &str, option: &str, choices: &[&str]) -> i32 {
    let mut msg = format!(
        "invalid argument {} for '{option}'\nValid arguments are:",
        crate::common::quote(val)
    );
    for c in choices {
        msg.push_str("\n  - ");
        msg.push_str(c);
    }
    sys.diag.error(msg);
    sys.diag.try_help();
    1
}

fn shown_size(md: &Metadata) -> u64 {
    crate::common::usage::apparent_size(md)
}

fn sort_entries(cfg: &Config, v: &mut [Entry]) {
    let by_name = |a: &Entry, b: &Entry| a.name.as_bytes().cmp(b.name.as_bytes());
    let cmp = |a: &Entry, b: &Entry| -> Ordering {
        let o = match cfg.sort {
            SortBy::Name => by_name(a, b),
            SortBy::None => Ordering::Equal,
            SortBy::Time => b.md.mtime.cmp(&a.md.mtime).then_with(|| by_name(a, b)),
            SortBy::Size => shown_size(&b.md)
                .cmp(&shown_size(&a.md))
                .then_with(|| by_name(a, b)),
            SortBy::Version => version_cmp(&a.name, &b.name).then_with(|| by_name(a, b)),
            SortBy::Extension => extension(&a.name)
                .cmp(extension(&b.name))
                .then_with(|| by_name(a, b)),
        };
        if cfg.reverse && cfg.sort != SortBy::None {
            o.reverse()
        } else {
            o
        }
    };
    v.sort_by(|a, b| {
        if cfg.dirs_first {
            let o = b.dir_like.cmp(&a.dir_like);
            if o != Ordering::Equal {
                return o;
            }
        }
        cmp(a, b)
    });
}

/// Natural order: runs of digits compare by value.
fn version_cmp(a: &str, b: &str) -> Ordering {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let (ca, cb) = (
            a.get(i).copied().unwrap_or(0),
            b.get(j).copied().unwrap_or(0),
        );
        if ca.is_ascii_digit() && cb.is_ascii_digit() {
            let si = i;
            while a.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            let sj = j;
            while b.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
            let na = trim_zeros(a.get(si..i).unwrap_or(&[]));
            let nb = trim_zeros(b.get(sj..j).unwrap_or(&[]));
            let o = na.len().cmp(&nb.len()).then_with(|| na.cmp(nb));
            if o != Ordering::Equal {
                return o;
            }
        } else {
            if ca != cb {
                return ca.cmp(&cb);
            }
            i += 1;
            j += 1;
        }
    }
    (a.len() - i).cmp(&(b.len() - j))
}

/// What `-X` sorts by: the bytes after the last `.`, none without one.
fn extension(name: &str) -> &[u8] {
    name.rfind('.')
        .and_then(|i| name.as_bytes().get(i + 1..))
        .unwrap_or(&[])
}

fn trim_zeros(s: &[u8]) -> &[u8] {
    let k = s.iter().take_while(|&&c| c == b'0').count();
    s.get(k..).unwrap_or(&[])
}

/// `drwxr-xr-x` and friends.
pub fn mode_string(md: &Metadata) -> String {
    let mut s = String::with_capacity(10);
    s.push(match md.kind {
        FileKind::Dir => 'd',
        FileKind::Symlink => 'l',
        FileKind::CharDevice => 'c',
        FileKind::File => '-',
    });
    let m = if md.is_symlink() { 0o777 } else { md.mode };
    s.push_str(&crate::common::mode::perm_string(m));
    s
}

fn indicator(cfg: &Config, md: &Metadata) -> &'static str {
    match md.kind {
        FileKind::Dir if cfg.indicator >= Indicator::Slash => "/",
        FileKind::Symlink if cfg.indicator >= Indicator::FileType => "@",
        FileKind::File if cfg.indicator == Indicator::Classify && md.mode & 0o111 != 0 => "*",
        _ => "",
    }
}

/// Whether the shell styles must quote `name`: characters special to
/// the shell anywhere, `#` and `~` first, anything not printable.
fn shell_special(name: &str) -> bool {
    name.is_empty()
        || name.starts_with(['#', '~'])
        || name.chars().any(|c| {
            matches!(
                c,
                ' ' | '!'
                    | '"'
                    | '$'
                    | '&'
                    | '\''
                    | '('
                    | ')'
                    | '*'
                    | ';'
                    | '<'
                    | '='
                    | '>'
                    | '?'
                    | '['
                    | '\\'
                    | ']'
                    | '^'
                    | '`'
                    | '{'
                    | '|'
                    | '}'
            ) || !is_printable(c)
        })
}

fn is_printable(c: char) -> bool {
    (' '..='~').contains(&c)
}

/// The C escape of `c`, as the `c` and `escape` styles write it.
fn c_escape(c: char, out: &mut String) {
    match c {
        '\n' => out.push_str("\\n"),
        '\t' => out.push_str("\\t"),
        '\r' => out.push_str("\\r"),
        '\x07' => out.push_str("\\a"),
        '\x08' => out.push_str("\\b"),
        '\x0c' => out.push_str("\\f"),
        '\x0b' => out.push_str("\\v"),
        '\\' => out.push_str("\\\\"),
        c if is_printable(c) => out.push(c),
        c => {
            let mut buf = [0u8; 4];
            let bytes = sandbash_interpreter::bytes::encode(c.encode_utf8(&mut buf));
            for b in bytes.iter() {
                out.push_str(&format!("\\{b:03o}"));
            }
        }
    }
}

/// `name` as the quoting style shows it (gnulib's quotearg in the C
/// locale).
fn quote_name(cfg: &Config, name: &str) -> String {
    let hide = |c: char| {
        if cfg.hide_control && !is_printable(c) {
            '?'
        } else {
            c
        }
    };
    match cfg.quoting {
        Quoting::Literal => name.chars().map(hide).collect(),
        Quoting::C => {
            let mut out = String::from("\"");
            for c in name.chars() {
                if c == '"' {
                    out.push_str("\\\"");
                } else {
                    c_escape(c, &mut out);
                }
            }
            out.push('"');
            out
        }
        Quoting::Escape => {
            let mut out = String::new();
            for c in name.chars() {
                if c == ' ' {
                    out.push_str("\\ ");
                } else {
                    c_escape(c, &mut out);
                }
            }
            out
        }
        Quoting::Shell
        | Quoting::ShellAlways
        | Quoting::ShellEscape
        | Quoting::ShellEscapeAlways => {
            let always = matches!(
                cfg.quoting,
                Quoting::ShellAlways | Quoting::ShellEscapeAlways
            );
            let escape = matches!(
                cfg.quoting,
                Quoting::ShellEscape | Quoting::ShellEscapeAlways
            );
            let name: String = if escape {
                name.into()
            } else {
                name.chars().map(hide).collect()
            };
            if !always && !shell_special(&name) {
                return name;
            }
            let controls = escape && name.chars().any(|c| !is_printable(c));
            // A single quote and nothing double quotes would expand:
            // double quotes, as gnulib picks them.
            if name.contains('\'') && !controls && !name.contains(['"', '$', '`', '\\', '!']) {
                return format!("\"{name}\"");
            }
            let mut out = String::from("'");
            for c in name.chars() {
                if c == '\'' {
                    out.push_str("'\\''");
                } else if escape && !is_printable(c) {
                    out.push_str("'$'");
                    c_escape(c, &mut out);
                    out.push_str("''");
                } else {
                    out.push(c);
                }
            }
            out.push('\'');
            // A name ending in a control character ends in an empty pair
            // of quotes, which gnulib does not write.
            if out.len() > 4 && out.ends_with("'''") {
                out.truncate(out.len() - 2);
            }
            out
        }
    }
}

/// The date column of the long format.
fn date_text(cfg: &Config, t: SystemTime) -> String {
    let age = crate::common::time::epoch_secs(cfg.now) - crate::common::time::epoch_secs(t);
    let recent = (0..31_556_952 / 2).contains(&age) || (age < 0 && age > -60);
    let strf = |f: &str| {
        let Ok(ts) = jiff::Timestamp::try_from(t) else {
            return String::new();
        };
        let zoned = ts.to_zoned(jiff::tz::TimeZone::UTC);
        let mut out = String::new();
        crate::date::format::format(
            &crate::date::format::Moment {
                zoned: &zoned,
                abbrev: "UTC",
            },
            f,
            &mut out,
        );
        out
    };
    match &cfg.time_style {
        TimeStyle::Locale => ls_date(t, cfg.now),
        TimeStyle::FullIso => crate::common::time::full_iso(t),
        TimeStyle::LongIso => strf("%Y-%m-%d %H:%M"),
        TimeStyle::Iso if recent => strf("%m-%d %H:%M"),
        TimeStyle::Iso => strf("%Y-%m-%d "),
        TimeStyle::Custom(_, r) if recent => strf(r),
        TimeStyle::Custom(o, _) => strf(o),
    }
}

/// A stand-in inode number: the VFS has none, so one is derived from the
/// path (stable within a session, distinct in practice).
fn inode(path: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in path.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h % 9_000_000 + 1_000_000
}

fn print_entries(sys: &mut Sys<'_>, cfg: &Config, entries: &[Entry]) -> Res<()> {
    if entries.is_empty() {
        return Ok(());
    }
    if cfg.long {
        return print_long(sys, cfg, entries);
    }
    let commas = cfg.format == Format::Commas;
    let inos: Vec<String> = entries.iter().map(|e| inode(&e.path).to_string()).collect();
    let blks: Vec<String> = entries
        .iter()
        .map(|e| block_count(cfg, disk_bytes(&e.md)))
        .collect();
    let widest = |v: &[String]| {
        if commas {
            0
        } else {
            v.iter().map(String::len).max().unwrap_or(0)
        }
    };
    let (ino_w, blk_w) = (widest(&inos), widest(&blks));
    let mut texts = Vec::with_capacity(entries.len());
    for (i, e) in entries.iter().enumerate() {
        sys.tick.tick()?;
        let mut t = String::new();
        if cfg.inode {
            t.push_str(&format!(
                "{:>ino_w$} ",
                inos.get(i).map_or("", String::as_str)
            ));
        }
        if cfg.blocks {
            t.push_str(&format!(
                "{:>blk_w$} ",
                blks.get(i).map_or("", String::as_str)
            ));
        }
        if cfg.context {
            t.push_str("? ");
        }
        t.push_str(&quote_name(cfg, &e.name));
        t.push_str(indicator(cfg, &e.md));
        texts.push(t);
    }
    let lens: Vec<usize> = texts.iter().map(|t| t.chars().count()).collect();
    let mut out = String::new();
    match cfg.format {
        Format::Commas => commas_layout(cfg.width, &texts, &lens, &mut out),
        Format::Columns => grid_layout(
            cfg.width,
            &texts,
            &lens,
            true,
            cfg.tab,
            &mut sys.tick,
            &mut out,
        )?,
        Format::Across => grid_layout(
            cfg.width,
            &texts,
            &lens,
            false,
            cfg.tab,
            &mut sys.tick,
            &mut out,
        )?,
        _ => {
            for t in &texts {
                out.push_str(t);
                out.push(cfg.eol);
            }
        }
    }
    sys.out.str(&out)
}

/// `-m`: names joined by `, `, a line broken before a name that would
/// reach the width (GNU's `print_with_separator`).
fn commas_layout(width: usize, texts: &[String], lens: &[usize], out: &mut String) {
    let mut pos = 0usize;
    for (i, (t, &len)) in texts.iter().zip(lens).enumerate() {
        if i > 0 {
            out.push(',');
            if width == usize::MAX || pos.saturating_add(len).saturating_add(2) < width {
                out.push(' ');
                pos += 2;
            } else {
                out.push('\n');
                pos = 0;
            }
        }
        out.push_str(t);
        pos = pos.saturating_add(len);
    }
    out.push('\n');
}

/// GNU's column fitting (`calculate_columns`): the most columns whose
/// line, each column as wide as its widest name plus two, stays under the
/// width. `by_columns` fills down (`-C`), else across (`-x`). GNU sizes
/// every candidate at once (memory quadratic in the names); here one
/// candidate at a time from the most columns down, the first that fits
/// wins, each given up as soon as its line reaches the width, and the
/// ticker checked between candidates.
fn column_widths(
    width: usize,
    lens: &[usize],
    by_columns: bool,
    tick: &mut Ticker<'_>,
) -> Res<Vec<usize>> {
    let n = lens.len().max(1);
    let max_cols = (width / 3).clamp(1, n);
    for c in (1..=max_cols).rev() {
        tick.tick()?;
        let rows = n.div_ceil(c).max(1);
        let mut cols = vec![3usize; c];
        let mut line = c.saturating_mul(3);
        let mut fits = true;
        for (f, &len) in lens.iter().enumerate() {
            let idx = if by_columns { f / rows } else { f % c };
            let real = len + if idx + 1 == c { 0 } else { 2 };
            if let Some(w) = cols.get_mut(idx)
                && *w < real
            {
                line += real - *w;
                *w = real;
                if line >= width {
                    fits = false;
                    break;
                }
            }
        }
        if fits || c == 1 {
            return Ok(cols);
        }
    }
    Ok(vec![0])
}

/// GNU's `indent`: tabs (every 8 columns) where they fit, then spaces;
/// only spaces on a line without a width limit (`-w 0`).
fn indent(mut from: usize, to: usize, tab: usize, out: &mut String) {
    while from < to {
        if tab > 0 && to / tab > (from + 1) / tab {
            out.push('\t');
            from += tab - from % tab;
        } else {
            out.push(' ');
            from += 1;
        }
    }
}

/// `-C` (down the columns) and `-x` (across the lines).
fn grid_layout(
    width: usize,
    texts: &[String],
    lens: &[usize],
    by_columns: bool,
    tab: usize,
    tick: &mut Ticker<'_>,
    out: &mut String,
) -> Res<()> {
    let tab = if width == usize::MAX { 0 } else { tab };
    let n = texts.len();
    let widths = column_widths(width, lens, by_columns, tick)?;
    let cols = widths.len().max(1);
    let w = |c: usize| widths.get(c).copied().unwrap_or(0);
    let text = |f: usize| texts.get(f).map_or("", String::as_str);
    let len = |f: usize| lens.get(f).copied().unwrap_or(0);
    if by_columns {
        let rows = n.div_ceil(cols);
        for row in 0..rows {
            let (mut col, mut f, mut pos) = (0usize, row, 0usize);
            loop {
                out.push_str(text(f));
                let max = w(col);
                let here = len(f);
                col += 1;
                f += rows;
                if f >= n {
                    break;
                }
                indent(pos + here, pos + max, tab, out);
                pos += max;
            }
            out.push('\n');
        }
    } else {
        let mut pos = 0usize;
        for f in 0..n {
            let col = f % cols;
            if f > 0 {
                if col == 0 {
                    out.push('\n');
                    pos = 0;
                } else {
                    let max = w(col - 1);
                    indent(pos + len(f - 1), pos + max, tab, out);
                    pos += max;
                }
            }
            out.push_str(text(f));
        }
        out.push('\n');
    }
    Ok(())
}

fn print_long(sys: &mut Sys<'_>, cfg: &Config, entries: &[Entry]) -> Res<()> {
    let (user, group) = if cfg.numeric {
        ("1000", "1000")
    } else {
        ("agent", "agent")
    };
    let sizes: Vec<String> = entries
        .iter()
        .map(|e| size_text(cfg, shown_size(&e.md)))
        .collect();
    let blocks: Vec<String> = entries
        .iter()
        .map(|e| block_count(cfg, disk_bytes(&e.md)))
        .collect();
    let inodes: Vec<String> = entries.iter().map(|e| inode(&e.path).to_string()).collect();
    let width_of = |v: &[String]| v.iter().map(String::len).max().unwrap_or(1);
    let nlink_w = entries
        .iter()
        .map(|e| e.md.nlink.to_string().len())
        .max()
        .unwrap_or(1);
    let (size_w, blk_w, ino_w) = (width_of(&sizes), width_of(&blocks), width_of(&inodes));
    let cell = |v: &[String], i: usize| v.get(i).cloned().unwrap_or_default();
    for (i, e) in entries.iter().enumerate() {
        sys.tick.tick()?;
        let mut line = String::new();
        if cfg.inode {
            line.push_str(&format!("{:>ino_w$} ", cell(&inodes, i)));
        }
        if cfg.blocks {
            line.push_str(&format!("{:>blk_w$} ", cell(&blocks, i)));
        }
        line.push_str(&format!("{} {:>nlink_w$} ", mode_string(&e.md), e.md.nlink));
        if cfg.owner {
            line.push_str(user);
            line.push(' ');
        }
        if cfg.group {
            line.push_str(group);
            line.push(' ');
        }
        if cfg.author {
            line.push_str(user);
            line.push(' ');
        }
        if cfg.context {
            line.push_str("? ");
        }
        line.push_str(&format!(
            "{:>size_w$} {} {}",
            cell(&sizes, i),
            date_text(cfg, e.md.mtime),
            quote_name(cfg, &e.name)
        ));
        if let Some(t) = &e.target {
            line.push_str(" -> ");
            line.push_str(&quote_name(cfg, t));
            // -F marks the link's target by what it is.
            if cfg.indicator != Indicator::None
                && let Ok(tmd) = sys.fs.metadata(&e.path)
            {
                line.push_str(indicator(cfg, &tmd));
            }
        } else {
            line.push_str(indicator(cfg, &e.md));
        }
        line.push(cfg.eol);
        sys.out.str(&line)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Ls;
    use crate::testutil::*;
    use sandbash_vfs::FileSystem;
    use std::time::{Duration, SystemTime};

    fn fs() -> TestFs {
        let fs = TestFs::new();
        fs.file("b", b"hello\n")
            .file("a", b"x")
            .file(".hidden", b"")
            .file("d/inner", b"1234567890")
            .dir("d/sub");
        fs
    }

    #[test]
    fn names() {
        let fs = fs();
        assert_eq!(run(&Ls, &[], b"", &fs).out, "a\nb\nd\n");
        assert_eq!(run(&Ls, &["-a"], b"", &fs).out, ".\n..\n.hidden\na\nb\nd\n");
        assert_eq!(run(&Ls, &["-A"], b"", &fs).out, ".hidden\na\nb\nd\n");
        assert_eq!(run(&Ls, &["-r"], b"", &fs).out, "d\nb\na\n");
        assert_eq!(run(&Ls, &["-F"], b"", &fs).out, "a\nb\nd/\n");
        assert_eq!(run(&Ls, &["-d", "d"], b"", &fs).out, "d\n");
        assert_eq!(run(&Ls, &["d"], b"", &fs).out, "inner\nsub\n");
        assert_eq!(
            run(&Ls, &["-1", "b", "d", "a"], b"", &fs).out,
            "a\nb\n\nd:\ninner\nsub\n"
        );
    }

    #[test]
    fn recursive() {
        let fs = fs();
        assert_eq!(
            run(&Ls, &["-R"], b"", &fs).out,
            ".:\na\nb\nd\n\n./d:\ninner\nsub\n\n./d/sub:\n"
        );
    }

    /// Symlinks back into a directory being listed are reported, not
    /// followed again (GNU: status 2).
    #[test]
    fn recursive_loops() {
        let fs = TestFs::new();
        fs.file("d/f", b"").dir("d/s");
        fs.symlink("/workspace/d", "/workspace/d/a").unwrap();
        fs.symlink("..", "/workspace/d/s/up").unwrap();
        let o = run(&Ls, &["-RL", "d"], b"", &fs);
        assert_eq!(
            (o.out.as_str(), o.err.as_str(), o.status),
            (
                "d:\na\nf\ns\n\nd/s:\nup\n",
                "ls: d/a: not listing already-listed directory\n\
                 ls: d/s/up: not listing already-listed directory\n",
                2
            )
        );
        // Without -L the links are not followed.
        let o = run(&Ls, &["-R", "d"], b"", &fs);
        assert_eq!((o.out.as_str(), o.status), ("d:\na\nf\ns\n\nd/s:\nup\n", 0));
    }

    /// A trailing slash follows a symlink operand.
    #[test]
    fn trailing_slash_follows() {
        let fs = fs();
        fs.symlink("/nowhere", "/workspace/dangling").unwrap();
        fs.symlink("d", "/workspace/ld").unwrap();
        let o = run(&Ls, &["dangling/"], b"", &fs);
        assert_eq!(
            (o.err.as_str(), o.status),
            (
                "ls: cannot access 'dangling/': No such file or directory\n",
                2
            )
        );
        assert_eq!(run(&Ls, &["dangling"], b"", &fs).out, "dangling\n");
        assert_eq!(run(&Ls, &["-l", "ld/"], b"", &fs).out.lines().count(), 3);
        assert!(run(&Ls, &["-l", "ld"], b"", &fs).out.contains("ld -> d"));
    }

    #[test]
    fn sorting() {
        let fs = fs();
        let old = SystemTime::now() - Duration::from_secs(100);
        fs.set_mtime("/workspace/a", old).unwrap();
        fs.set_mtime("/workspace/d", old - Duration::from_secs(10))
            .unwrap();
        assert_eq!(run(&Ls, &["-t"], b"", &fs).out, "b\na\nd\n");
        assert_eq!(run(&Ls, &["-S"], b"", &fs).out, "d\nb\na\n");
        assert_eq!(run(&Ls, &["-Sr"], b"", &fs).out, "a\nb\nd\n");
    }

    #[test]
    fn long_format() {
        let fs = fs();
        let when = crate::common::time::parse_date("2020-01-02 03:04", SystemTime::now()).unwrap();
        for p in ["/workspace/a", "/workspace/b", "/workspace/d"] {
            fs.set_mtime(p, when).unwrap();
        }
        fs.set_mode("/workspace/a", 0o755).unwrap();
        let o = run(&Ls, &["-l"], b"", &fs);
        assert_eq!(
            o.out,
            "total 12\n\
             -rwxr-xr-x 1 agent agent    1 Jan  2  2020 a\n\
             -rw-r--r-- 1 agent agent    6 Jan  2  2020 b\n\
             drwxr-xr-x 2 agent agent 4096 Jan  2  2020 d\n"
        );
        let o = run(&Ls, &["-lh", "d"], b"", &fs);
        assert!(
            o.out
                .starts_with("total 8.0K\n-rw-r--r-- 1 agent agent   10 "),
            "{}",
            o.out
        );
        assert!(o.out.contains("drwxr-xr-x 2 agent agent 4.0K "));
        fs.symlink("b", "/workspace/ln").unwrap();
        let o = run(&Ls, &["-l", "ln"], b"", &fs);
        assert!(o.out.starts_with("lrwxrwxrwx 1 agent agent 1 "));
        assert!(o.out.ends_with(" ln -> b\n"));
        let o = run(&Ls, &["-g", "b"], b"", &fs);
        assert!(o.out.starts_with("-rw-r--r-- 1 agent 6 Jan  2  2020 b\n"));
    }

    #[test]
    fn recent_dates_show_time() {
        let fs = fs();
        let o = run(&Ls, &["-l", "b"], b"", &fs);
        let c = crate::common::time::civil(SystemTime::now());
        assert!(o.out.contains(&format!("{:02}:", c.hour)), "{}", o.out);
    }

    #[test]
    fn errors() {
        let fs = fs();
        let o = run(&Ls, &["nofile", "a"], b"", &fs);
        assert_eq!(o.out, "a\n");
        assert_eq!(
            o.err,
            "ls: cannot access 'nofile': No such file or directory\n"
        );
        assert_eq!(o.status, 2);
    }

    /// `-C`/`-x`/`-m` fill the width as GNU does, tabs every 8 columns.
    #[test]
    fn layouts() {
        let fs = TestFs::new();
        for i in 1..=12 {
            fs.file(&format!("file_{i}"), b"");
        }
        assert_eq!(
            run(&Ls, &["-C", "-w", "40"], b"", &fs).out,
            "file_1\t file_12  file_4  file_7\nfile_10  file_2   file_5  file_8\nfile_11  file_3   file_6  file_9\n"
        );
        assert_eq!(
            run(&Ls, &["-x", "-w", "40"], b"", &fs).out,
            "file_1\tfile_10  file_11  file_12\nfile_2\tfile_3\t file_4   file_5\nfile_6\tfile_7\t file_8   file_9\n"
        );
        assert_eq!(
            run(&Ls, &["-m", "-w", "40"], b"", &fs).out,
            "file_1, file_10, file_11, file_12,\nfile_2, file_3, file_4, file_5, file_6,\nfile_7, file_8, file_9\n"
        );
        let o = run(&Ls, &["-w", "x"], b"", &fs);
        assert_eq!(
            (o.err.as_str(), o.status),
            ("ls: invalid line width: 'x'\n", 2)
        );
        // The last of -l/-1/-C/-x/-m wins.
        assert_eq!(
            run(&Ls, &["-m1", "file_1", "file_2"], b"", &fs).out,
            "file_1\nfile_2\n"
        );
    }

    /// The quoting styles, as gnulib's quotearg writes them.
    #[test]
    fn quoting_styles() {
        let fs = TestFs::new();
        fs.file("a b", b"").file("e'f", b"").file("g\nh", b"");
        let q = |style: &str| run(&Ls, &[style], b"", &fs).out;
        assert_eq!(q("--quoting-style=shell"), "'a b'\n\"e'f\"\n'g\nh'\n");
        assert_eq!(
            q("--quoting-style=shell-escape"),
            "'a b'\n\"e'f\"\n'g'$'\\n''h'\n"
        );
        assert_eq!(q("-Q"), "\"a b\"\n\"e'f\"\n\"g\\nh\"\n");
        assert_eq!(q("-b"), "a\\ b\ne'f\ng\\nh\n");
        assert_eq!(q("-q"), "a b\ne'f\ng?h\n");
        assert_eq!(q("-N"), "a b\ne'f\ng\nh\n");
    }

    #[test]
    fn sizes_and_styles() {
        assert_eq!(super::block_size("K"), Some((1024, Some('K'))));
        assert_eq!(super::block_size("1M"), Some((1 << 20, None)));
        assert_eq!(super::block_size("KB"), Some((1000, Some('K'))));
        assert_eq!(super::block_size("x"), None);
        let fs = TestFs::new();
        fs.file("f", &vec![0u8; 2000]);
        let when =
            crate::common::time::parse_date("2020-03-04 05:06:07", SystemTime::now()).unwrap();
        fs.set_mtime("/workspace/f", when).unwrap();
        assert_eq!(
            run(&Ls, &["-gG", "--time-style=long-iso", "f"], b"", &fs).out,
            "-rw-r--r-- 1 2000 2020-03-04 05:06 f\n"
        );
        assert_eq!(
            run(
                &Ls,
                &["-gG", "--block-size=K", "--time-style=+%Y", "f"],
                b"",
                &fs
            )
            .out,
            "-rw-r--r-- 1 2K 2020 f\n"
        );
        assert_eq!(run(&Ls, &["-s", "f"], b"", &fs).out, "4 f\n");
        let o = run(&Ls, &["--time-style=bad", "f"], b"", &fs);
        assert_eq!(o.status, 2);
        let o = run(&Ls, &["--sort=bad"], b"", &fs);
        assert_eq!(o.status, 1);
    }

    #[test]
    fn extension_sort_and_indicators() {
        let fs = TestFs::new();
        fs.file("b.c", b"")
            .file("a.txt", b"")
            .file("c", b"")
            .dir("d");
        fs.set_mode("/workspace/c", 0o755).unwrap();
        assert_eq!(run(&Ls, &["-X"], b"", &fs).out, "c\nd\nb.c\na.txt\n");
        assert_eq!(
            run(&Ls, &["--indicator-style=file-type"], b"", &fs).out,
            "a.txt\nb.c\nc\nd/\n"
        );
        assert_eq!(run(&Ls, &["-F"], b"", &fs).out, "a.txt\nb.c\nc*\nd/\n");
    }

    /// `-I`/`--hide`/`-B` drop names as fnmatch with FNM_PERIOD does;
    /// `--hide` yields to `-a`/`-A`.
    #[test]
    fn ignore_and_hide() {
        let fs = TestFs::new();
        fs.file("d/a", b"")
            .file("d/b", b"")
            .file("d/x~", b"")
            .file("d/.h~", b"");
        assert_eq!(run(&Ls, &["-I", "b*", "d"], b"", &fs).out, "a\nx~\n");
        assert_eq!(
            run(&Ls, &["-A", "--hide=b", "d"], b"", &fs).out,
            ".h~\na\nb\nx~\n"
        );
        assert_eq!(run(&Ls, &["-AI", "*~", "d"], b"", &fs).out, ".h~\na\nb\n");
        assert_eq!(run(&Ls, &["-AB", "d"], b"", &fs).out, "a\nb\n");
        assert_eq!(run(&Ls, &["--zero", "d"], b"", &fs).out, "a\0b\0x~\0");
    }
}
