//! `diff` (GNU diffutils 3.8): compares two files line by line, or two
//! directories (`-r` recursively), in the normal, unified (`-u`) or
//! context (`-c`) format or side by side (`-y`); exit 0 when the inputs are the same, 1 when
//! they differ, 2 on trouble.
//!
//! - [`lines`]: the files' lines and the equivalence numbers the `-i -w
//!   -b -E -Z --strip-trailing-cr` rules give them.
//! - [`compare`]: the edit script (Myers' minimal diff, then GNU's
//!   boundary shifting, so hunks fall where GNU puts them).
//! - [`format`]: the three output formats.
//!
//! Files are read whole (charged to the memory budget): a diff needs both
//! ends of both files. A file holding a NUL byte is binary unless `-a`.

mod compare;
mod format;
mod lines;

use std::borrow::Cow;

use compare::Change;
use format::Style;
use lines::{Fold, Text};
use sandbash_vfs::FileKind;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, OptError};
use crate::common::sys::{Res, Sys, hold};

/// The `diff` utility.
pub struct Diff;

/// The options of `diff`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Normal,
    Brief,
    Identical,
    Context,
    ContextN,
    Unified,
    UnifiedN,
    Recursive,
    NewFile,
    IgnoreCase,
    IgnoreAllSpace,
    IgnoreSpaceChange,
    IgnoreBlankLines,
    IgnoreTabExpansion,
    IgnoreTrailingSpace,
    StripTrailingCr,
    Text,
    Label,
    Color,
    NoDereference,
    SideBySide,
    Width,
    SuppressCommon,
}

/// What a run compares with.
struct Opts {
    style: Style,
    brief: bool,
    identical: bool,
    recursive: bool,
    new_file: bool,
    blank_lines: bool,
    text: bool,
    fold: Fold,
    labels: Vec<String>,
    /// `-y`, its `-W` width and `--suppress-common-lines`.
    side_by_side: bool,
    width: usize,
    suppress_common: bool,
    /// The option words as given, for the `diff -r a/x b/x` lines.
    switches: String,
}

impl Command for Diff {
    const NAME: &'static str = "diff";
    const HELP: Help = Help {
        usage: &["[OPTION]... FILES"],
        about: "Compare FILES line by line.",
        after: "FILES are 'FILE1 FILE2' or 'DIR1 DIR2' or 'DIR FILE' or 'FILE DIR'.\nIf a FILE is '-', read standard input.\nExit status is 0 if inputs are the same, 1 if different, 2 if trouble.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::long(
            &["normal"],
            Key::Normal,
            "output a normal diff (the default)",
        ),
        Flag::new('q', &["brief"], Key::Brief, "report only when files differ"),
        Flag::new(
            's',
            &["report-identical-files"],
            Key::Identical,
            "report when two files are the same",
        ),
        Flag::new('c', &[], Key::Context, "output 3 lines of copied context"),
        Flag::new(
            'C',
            &["context"],
            Key::ContextN,
            "output NUM (default 3) lines of copied context",
        )
        .value("NUM"),
        Flag::new('u', &[], Key::Unified, "output 3 lines of unified context"),
        Flag::new(
            'U',
            &["unified"],
            Key::UnifiedN,
            "output NUM (default 3) lines of unified context",
        )
        .value("NUM"),
        Flag::new(
            'y',
            &["side-by-side"],
            Key::SideBySide,
            "output in two columns",
        ),
        Flag::long(
            &["suppress-common-lines"],
            Key::SuppressCommon,
            "do not output common lines",
        ),
        Flag::new(
            'W',
            &["width"],
            Key::Width,
            "output at most NUM (default 130) print columns",
        )
        .value("NUM"),
        Flag::new(
            'r',
            &["recursive"],
            Key::Recursive,
            "recursively compare any subdirectories found",
        ),
        Flag::long(
            &["no-dereference"],
            Key::NoDereference,
            "don't follow symbolic links",
        ),
        Flag::new(
            'N',
            &["new-file"],
            Key::NewFile,
            "treat absent files as empty",
        ),
        Flag::new(
            'i',
            &["ignore-case"],
            Key::IgnoreCase,
            "ignore case differences in file contents",
        ),
        Flag::new(
            'E',
            &["ignore-tab-expansion"],
            Key::IgnoreTabExpansion,
            "ignore changes due to tab expansion",
        ),
        Flag::new(
            'Z',
            &["ignore-trailing-space"],
            Key::IgnoreTrailingSpace,
            "ignore white space at line end",
        ),
        Flag::new(
            'b',
            &["ignore-space-change"],
            Key::IgnoreSpaceChange,
            "ignore changes in the amount of white space",
        ),
        Flag::new(
            'w',
            &["ignore-all-space"],
            Key::IgnoreAllSpace,
            "ignore all white space",
        ),
        Flag::new(
            'B',
            &["ignore-blank-lines"],
            Key::IgnoreBlankLines,
            "ignore changes where lines are all blank",
        ),
        Flag::new('a', &["text"], Key::Text, "treat all files as text"),
        Flag::long(
            &["strip-trailing-cr"],
            Key::StripTrailingCr,
            "strip trailing carriage return on input",
        ),
        Flag::long(
            &["label"],
            Key::Label,
            "use LABEL instead of file name and timestamp\n  (can be repeated)",
        )
        .value("LABEL"),
        Flag::long(
            &["color"],
            Key::Color,
            "color output: only 'never' in the sandbox",
        )
        .optional("WHEN"),
    ];
    const SYNTAX: crate::common::flags::Syntax = crate::common::flags::Syntax::GNU.status(2);

    fn usage_error(sys: &mut Sys<'_>, err: &OptError) -> i32 {
        sys.diag.error(err);
        sys.diag.error("Try 'diff --help' for more information.");
        2
    }

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let mut o = Opts {
            style: Style::Normal,
            brief: false,
            identical: false,
            recursive: false,
            new_file: false,
            blank_lines: false,
            text: false,
            fold: Fold::default(),
            labels: Vec::new(),
            side_by_side: false,
            width: 130,
            suppress_common: false,
            switches: String::new(),
        };
        for (k, v) in p.each() {
            let number = |v: &str| v.parse::<usize>().ok();
            match k {
                Key::Normal => o.style = Style::Normal,
                Key::Brief => o.brief = true,
                Key::Identical => o.identical = true,
                Key::Context => o.style = Style::Context(3),
                Key::Unified => o.style = Style::Unified(3),
                Key::ContextN | Key::UnifiedN => {
                    let Some(n) = number(v) else {
                        return usage(
                            sys,
                            format_args!("invalid context length {}", crate::common::quote(v)),
                        );
                    };
                    o.style = if k == Key::ContextN {
                        Style::Context(n)
                    } else {
                        Style::Unified(n)
                    };
                }
                Key::Recursive => o.recursive = true,
                Key::NewFile => o.new_file = true,
                Key::IgnoreCase => o.fold.case = true,
                Key::IgnoreAllSpace => o.fold.all_space = true,
                Key::IgnoreSpaceChange => o.fold.space_change = true,
                Key::IgnoreTabExpansion => o.fold.tab_expansion = true,
                Key::IgnoreTrailingSpace => o.fold.trailing_space = true,
                Key::StripTrailingCr => o.fold.strip_cr = true,
                Key::IgnoreBlankLines => o.blank_lines = true,
                Key::Text => o.text = true,
                Key::Label => o.labels.push(v.to_owned()),
                Key::Color => {
                    if !matches!(v, "" | "never" | "auto" | "always") {
                        return usage(
                            sys,
                            format_args!(
                                "invalid argument {} for '--color'",
                                crate::common::quote(v)
                            ),
                        );
                    }
                }
                Key::NoDereference => {}
                Key::Width => match v.parse::<usize>() {
                    Ok(n) if n > 0 => o.width = n,
                    _ => {
                        return usage(
                            sys,
                            format_args!("invalid width {}", crate::common::quote(v)),
                        );
                    }
                },
                Key::SideBySide => o.side_by_side = true,
                Key::SuppressCommon => o.suppress_common = true,
            }
        }
        match p.operands.as_slice() {
            [] => return usage(sys, "missing operand after 'diff'"),
            [one] => {
                return usage(
                    sys,
                    format_args!("missing operand after {}", crate::common::quote(one)),
                );
            }
            [_, _, extra, ..] => {
                return usage(
                    sys,
                    format_args!("extra operand {}", crate::common::quote(extra)),
                );
            }
            _ => {}
        }
        o.switches = switch_words(sys.args, &p.operands);
        let (a, b) = (p.operands[0].clone(), p.operands[1].clone());
        let mut run = Run { o: &o, status: 0 };
        run.top(sys, &a, &b)?;
        Ok(run.status)
    }
}

fn usage(sys: &mut Sys<'_>, msg: impl std::fmt::Display) -> Res<i32> {
    sys.diag.error(msg);
    sys.diag.error("Try 'diff --help' for more information.");
    Ok(2)
}

/// The option words of the command line (what GNU repeats in its
/// `diff -r a/x b/x` lines): the arguments without the two operands.
fn switch_words(args: &[String], operands: &[String]) -> String {
    let mut words: Vec<&str> = args.iter().map(String::as_str).collect();
    for op in operands.iter().rev() {
        if let Some(i) = words.iter().rposition(|w| w == op) {
            words.remove(i);
        }
    }
    words.retain(|w| *w != "--");
    words.join(" ")
}

/// What an operand is.
enum Node {
    File(Vec<u8>, std::time::SystemTime),
    Dir,
    /// Absent (only with `-N`, or one side of a directory).
    Missing,
}

struct Run<'o> {
    o: &'o Opts,
    status: i32,
}

impl Run<'_> {
    /// The name messages give file `which`: its `--label`, else `name`.
    fn label<'n>(&'n self, which: usize, name: &'n str) -> &'n str {
        self.o.labels.get(which).map_or(name, String::as_str)
    }

    fn trouble(&mut self) {
        self.status = 2;
    }

    fn differ(&mut self) {
        self.status = self.status.max(1);
    }

    /// Loads `name`: a directory, a file's bytes (charged), missing.
    fn load(&mut self, sys: &mut Sys<'_>, name: &str) -> Res<Result<Node, String>> {
        if name == "-" {
            let mut data = Vec::new();
            let mut charge = sys.charge();
            match crate::common::input::read_all_within(
                &mut *sys.stdin,
                &mut data,
                &mut charge,
                sys.memory,
                sys.tick.cancel,
            ) {
                Ok(()) => {
                    std::mem::forget(charge);
                    return Ok(Ok(Node::File(data, std::time::SystemTime::now())));
                }
                Err(crate::common::headed::ReadFail::Stop(f)) => return Err(f),
                Err(crate::common::headed::ReadFail::Read(e)) => {
                    return Ok(Err(crate::common::sys::io_msg(&e)));
                }
            }
        }
        let full = match sys.resolve(name) {
            Ok(p) => p,
            Err(e) => return Ok(Err(e.kind.to_string())),
        };
        match sys.fs.metadata(&full) {
            Ok(md) if md.is_dir() => Ok(Ok(Node::Dir)),
            Ok(md) => {
                let mut charge = sys.charge();
                hold(&mut charge, md.size)?;
                match sys.fs.read(&full) {
                    Ok(d) => {
                        std::mem::forget(charge);
                        Ok(Ok(Node::File(d, md.mtime)))
                    }
                    Err(e) => Ok(Err(e.kind.to_string())),
                }
            }
            Err(e) if e.kind == sandbash_vfs::FsErrorKind::NotFound => Ok(Ok(Node::Missing)),
            Err(e) => Ok(Err(e.kind.to_string())),
        }
    }

    /// The two operands of the command line.
    fn top(&mut self, sys: &mut Sys<'_>, a: &str, b: &str) -> Res<()> {
        let na = self.load(sys, a)?;
        let nb = self.load(sys, b)?;
        let (na, nb) = match (na, nb) {
            (Err(e), _) => {
                sys.diag.error(format_args!("{a}: {e}"));
                self.trouble();
                return Ok(());
            }
            (_, Err(e)) => {
                sys.diag.error(format_args!("{b}: {e}"));
                self.trouble();
                return Ok(());
            }
            (Ok(x), Ok(y)) => (x, y),
        };
        match (na, nb) {
            (Node::Missing, Node::Missing) | (Node::Missing, _) | (_, Node::Missing)
                if !self.o.new_file =>
            {
                let missing = if sys
                    .resolve(a)
                    .ok()
                    .and_then(|p| sys.fs.metadata(&p).ok())
                    .is_none()
                {
                    a
                } else {
                    b
                };
                sys.diag
                    .error(format_args!("{missing}: No such file or directory"));
                self.trouble();
            }
            (Node::Dir, Node::Dir) => self.dirs(sys, a, b)?,
            (Node::Dir, _) => {
                let inner = child(a, base(b));
                let node = self.load(sys, &inner)?;
                let nb = self.load(sys, b)?;
                self.pair(sys, &inner, b, node, nb, false)?;
            }
            (_, Node::Dir) => {
                let inner = child(b, base(a));
                let na = self.load(sys, a)?;
                let node = self.load(sys, &inner)?;
                self.pair(sys, a, &inner, na, node, false)?;
            }
            (x, y) => self.pair(sys, a, b, Ok(x), Ok(y), false)?,
        }
        Ok(())
    }

    /// Compares two directories' entries, in name order.
    fn dirs(&mut self, sys: &mut Sys<'_>, a: &str, b: &str) -> Res<()> {
        let list = |sys: &Sys<'_>, d: &str| -> Vec<(String, FileKind)> {
            sys.resolve(d)
                .ok()
                .and_then(|p| sys.fs.read_dir(&p).ok())
                .unwrap_or_default()
                .into_iter()
                .map(|e| (e.name, e.kind))
                .collect()
        };
        let ea = list(sys, a);
        let eb = list(sys, b);
        let mut names: Vec<&str> = ea
            .iter()
            .chain(eb.iter())
            .map(|(n, _)| n.as_str())
            .collect();
        names.sort_unstable();
        names.dedup();
        for name in names {
            sys.tick.tick()?;
            let pa = child(a, name);
            let pb = child(b, name);
            let in_a = ea.iter().any(|(n, _)| n == name);
            let in_b = eb.iter().any(|(n, _)| n == name);
            let na = self.load(sys, &pa)?;
            let nb = self.load(sys, &pb)?;
            let is_dir = |n: &Result<Node, String>| matches!(n, Ok(Node::Dir));
            if !(self.o.new_file || in_a && in_b) {
                let (d, _) = if in_a { (a, &pa) } else { (b, &pb) };
                sys.out.str(&format!("Only in {d}: {name}\n"))?;
                self.differ();
                continue;
            }
            match (is_dir(&na), is_dir(&nb)) {
                (true, true) if self.o.recursive => self.dirs(sys, &pa, &pb)?,
                (true, true) => {
                    sys.out
                        .str(&format!("Common subdirectories: {pa} and {pb}\n"))?;
                }
                (true, false) | (false, true) if in_a && in_b => {
                    let (da, db) = if is_dir(&na) {
                        ("directory", "regular file")
                    } else {
                        ("regular file", "directory")
                    };
                    sys.out
                        .str(&format!("File {pa} is a {da} while file {pb} is a {db}\n"))?;
                    self.differ();
                }
                (true, false) | (false, true) => {
                    // -N: a directory on one side only is compared with an
                    // empty one, recursively.
                    if self.o.recursive {
                        self.dirs(sys, &pa, &pb)?;
                    } else {
                        let (d, _) = if in_a { (a, &pa) } else { (b, &pb) };
                        sys.out.str(&format!("Only in {d}: {name}\n"))?;
                        self.differ();
                    }
                }
                (false, false) => self.pair(sys, &pa, &pb, na, nb, true)?,
            }
        }
        Ok(())
    }

    /// Compares two files (either may be missing under `-N`); `in_dir`:
    /// found while comparing directories (the `diff ...` line first).
    fn pair(
        &mut self,
        sys: &mut Sys<'_>,
        a: &str,
        b: &str,
        na: Result<Node, String>,
        nb: Result<Node, String>,
        in_dir: bool,
    ) -> Res<()> {
        let side = |n: Result<Node, String>, name: &str, sys: &mut Sys<'_>| match n {
            Ok(Node::File(d, t)) => Some((d, Some(t))),
            Ok(Node::Missing) | Ok(Node::Dir) => Some((Vec::new(), None)),
            Err(e) => {
                sys.diag.error(format_args!("{name}: {e}"));
                None
            }
        };
        let (Some((da, ta)), Some((db, tb))) = (side(na, a, sys), side(nb, b, sys)) else {
            self.trouble();
            return Ok(());
        };
        if !self.o.text && (da.contains(&0) || db.contains(&0)) {
            if da != db {
                if self.o.brief {
                    sys.out.str(&format!("Files {a} and {b} differ\n"))?;
                } else {
                    sys.out.str(&format!("Binary files {a} and {b} differ\n"))?;
                }
                self.differ();
            } else if self.o.identical {
                sys.out.str(&format!("Files {a} and {b} are identical\n"))?;
            }
            return Ok(());
        }
        let ta_text = Text::new(&da, self.o.fold.strip_cr);
        let tb_text = Text::new(&db, self.o.fold.strip_cr);
        // Only the middle between the identical ends is numbered and
        // compared, as GNU does (see `lines::identical_ends`).
        let horizon = match self.o.style {
            _ if self.o.side_by_side => 0,
            Style::Unified(n) | Style::Context(n) => n,
            Style::Normal => 0,
        };
        let (pre, suf) = lines::identical_ends(&ta_text, &tb_text, horizon);
        let (mid_a, mid_b) = lines::classes(&ta_text, &tb_text, self.o.fold, (pre, suf));
        let mut changes = compare::changes(&mid_a, &mid_b, &mut || sys.tick.check())?;
        for c in &mut changes {
            c.a += pre;
            c.b += pre;
        }
        if self.o.blank_lines {
            changes.retain(|c| !ignorable(c, &ta_text, &tb_text));
        }
        if changes.is_empty() {
            if self.o.identical {
                sys.out.str(&format!("Files {a} and {b} are identical\n"))?;
            }
            return Ok(());
        }
        self.differ();
        if self.o.brief {
            let (la, lb) = (self.label(0, a), self.label(1, b));
            sys.out.str(&format!("Files {la} and {lb} differ\n"))?;
            return Ok(());
        }
        let mut out = Vec::new();
        if in_dir {
            let sw = if self.o.switches.is_empty() {
                String::new()
            } else {
                format!("{} ", self.o.switches)
            };
            out.extend_from_slice(format!("diff {sw}{a} {b}\n").as_bytes());
        }
        let tz = sys
            .env
            .iter()
            .find(|(k, _)| k == "TZ")
            .map(|(_, v)| v.as_str());
        let header = |which: usize, name: &str, t: Option<std::time::SystemTime>, unified: bool| {
            if let Some(l) = self.o.labels.get(which) {
                return l.clone();
            }
            let t = t.unwrap_or(std::time::UNIX_EPOCH);
            let secs = crate::common::time::epoch_secs(t);
            let when = if unified {
                format!(
                    "{}.{:09}{}",
                    crate::date::format::strftime("%Y-%m-%d %H:%M:%S", secs, 0, tz),
                    crate::common::time::subsec_nanos(t),
                    crate::date::format::strftime(" %z", secs, 0, tz)
                )
            } else {
                crate::date::format::strftime("%a %b %e %T %Y", secs, 0, tz)
            };
            format!("{}\t{when}", quote_name(name))
        };
        if self.o.side_by_side {
            format::side_by_side(
                &mut out,
                &ta_text,
                &tb_text,
                &changes,
                self.o.width,
                self.o.suppress_common,
            );
            return sys.out.put(&out);
        }
        match self.o.style {
            Style::Normal => format::normal(&mut out, &ta_text, &tb_text, &changes),
            Style::Unified(n) => {
                let (ha, hb) = (header(0, a, ta, true), header(1, b, tb, true));
                out.extend_from_slice(format!("--- {ha}\n+++ {hb}\n").as_bytes());
                format::unified(&mut out, &ta_text, &tb_text, &changes, n);
            }
            Style::Context(n) => {
                let (ha, hb) = (header(0, a, ta, false), header(1, b, tb, false));
                out.extend_from_slice(format!("*** {ha}\n--- {hb}\n").as_bytes());
                format::context(&mut out, &ta_text, &tb_text, &changes, n);
            }
        }
        sys.out.put(&out)
    }
}

/// `-B`: a change whose lines are all blank.
fn ignorable(c: &Change, a: &Text<'_>, b: &Text<'_>) -> bool {
    let blank = |t: &Text<'_>, from: usize, n: usize| {
        t.lines
            .get(from..from + n)
            .is_some_and(|ls| ls.iter().all(|l| lines::is_blank(l)))
    };
    blank(a, c.a, c.del) && blank(b, c.b, c.ins)
}

/// A file name in a header: in double quotes with C escapes when it holds
/// a space, a quote, a backslash or a control character, as GNU diff 3.8
/// writes it.
fn quote_name(name: &str) -> Cow<'_, str> {
    if !name
        .chars()
        .any(|c| c == ' ' || c == '"' || c == '\\' || c.is_control())
    {
        return Cow::Borrowed(name);
    }
    let mut s = String::from("\"");
    for c in name.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '\n' => s.push_str("\\n"),
            '\t' => s.push_str("\\t"),
            c => s.push(c),
        }
    }
    s.push('"');
    Cow::Owned(s)
}

/// `dir/name` as GNU diff spells it (no doubled slash).
fn child(dir: &str, name: &str) -> String {
    if dir.ends_with('/') {
        format!("{dir}{name}")
    } else {
        format!("{dir}/{name}")
    }
}

/// The last component of `p`.
fn base(p: &str) -> &str {
    let t = p.trim_end_matches('/');
    t.rsplit('/').next().unwrap_or(t)
}
