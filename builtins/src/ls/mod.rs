//! `ls`: list directory contents.

mod config;
mod layout;
mod long;
mod names;
mod sizes;
mod sort;
#[cfg(test)]
mod tests;
mod walk;

use std::time::SystemTime;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::sys::{Res, Sys};
use crate::common::walk::Ancestors;

use config::{
    Config, Entry, Format, Hidden, Indicator, Quoting, Scale, SortBy, TimeStyle, bad_arg,
    block_size, time_style,
};
use layout::print_entries;
use sort::sort_entries;
use walk::{Walk, list_dir};

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
            "sort by, and show, access time",
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
            "select which timestamp is used (change and birth times are the\nmodification time here)",
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

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let mut cfg = Config {
        access_time: false,
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
                "atime" | "access" | "use" => cfg.access_time = true,
                "ctime" | "status" | "mtime" | "modification" | "birth" | "creation" => {
                    cfg.access_time = false;
                }
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
            Key::ChangeTime | Key::AccessTime => {
                other_time = true;
                cfg.access_time = k == Key::AccessTime;
            }
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
