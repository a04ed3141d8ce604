//! `uniq`: report or omit repeated adjacent lines.
//!
//! Streams: only the previous line is kept (charged to the memory budget
//! with the line being read), so `yes | uniq -c` runs in bounded memory
//! and `yes | uniq | head -n1` ends at once. The groups and what is
//! printed of them follow GNU's `check_file` exactly: its flags
//! `output_unique`, `output_first_repeated`, `output_later_repeated`
//! and the group delimiting of `--all-repeated` and `--group`.

use std::borrow::Cow;
use std::io::Write;

use sandbash_vfs::WriteMode;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::lines::for_each_line;
use crate::common::quote_escaped;
use crate::common::sys::{Fail, Res, Sys, settle};

/// The `uniq` utility: `-c -d -D --all-repeated[=METHOD] --group[=METHOD]
/// -f -i -s -u -w -z`, obsolete `-N` and `+N`, INPUT and OUTPUT.
pub struct Uniq;

/// The options of `uniq`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Count,
    Repeated,
    AllDup,
    AllRepeated,
    SkipFields,
    Group,
    IgnoreCase,
    SkipChars,
    Unique,
    Zero,
    CheckChars,
}

/// How `--all-repeated` delimits groups.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Delimit {
    None,
    Prepend,
    Separate,
}

/// How `--group` delimits groups.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Grouping {
    None,
    Prepend,
    Append,
    Separate,
    Both,
}

/// What is compared and printed.
struct Opts {
    unique: bool,
    first_rep: bool,
    later_rep: bool,
    count: bool,
    delimit: Delimit,
    grouping: Grouping,
    skip_fields: u64,
    skip_chars: u64,
    check_chars: Option<u64>,
    ignore_case: bool,
    eol: u8,
}

impl Command for Uniq {
    const NAME: &'static str = "uniq";
    const HELP: Help = Help {
        usage: &["[OPTION]... [INPUT [OUTPUT]]"],
        about: "Filter adjacent matching lines from INPUT (or standard input),
writing to OUTPUT (or standard output).

With no options, matching lines are merged to the first occurrence.

Mandatory arguments to long options are mandatory for short options too.",
        after: "A field is a run of blanks (usually spaces and/or TABs), then non-blank
characters.  Fields are skipped before chars.

Note: 'uniq' does not detect repeated lines unless they are adjacent.
You may want to sort the input first, or use 'sort -u' without 'uniq'.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('c', &["count"], Key::Count, "prefix lines by the number of occurrences"),
        Flag::new('d', &["repeated"], Key::Repeated, "only print duplicate lines, one for each group"),
        Flag::new('D', &[], Key::AllDup, "print all duplicate lines"),
        Flag::long(
            &["all-repeated"],
            Key::AllRepeated,
            "like -D, but allow separating groups\n  with an empty line;\n  METHOD={none(default),prepend,separate}",
        )
        .optional("METHOD"),
        Flag::new('f', &["skip-fields"], Key::SkipFields, "avoid comparing the first N fields").value("N"),
        Flag::long(
            &["group"],
            Key::Group,
            "show all items, separating groups with an empty line;\n  METHOD={separate(default),prepend,append,both}",
        )
        .optional("METHOD"),
        Flag::new('i', &["ignore-case"], Key::IgnoreCase, "ignore differences in case when comparing"),
        Flag::new('s', &["skip-chars"], Key::SkipChars, "avoid comparing the first N characters").value("N"),
        Flag::new('u', &["unique"], Key::Unique, "only print unique lines"),
        Flag::new('z', &["zero-terminated"], Key::Zero, "line delimiter is NUL, not newline"),
        Flag::new('w', &["check-chars"], Key::CheckChars, "compare no more than N characters in lines").value("N"),
    ];

    /// The obsolete `-N` (skip N fields) and `+N` (skip N characters).
    fn prepare(args: &[String]) -> Cow<'_, [String]> {
        let mut out = Vec::with_capacity(args.len());
        let mut takes_value = false;
        let mut ended = false;
        for a in args {
            let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
            if ended || takes_value {
                takes_value = false;
                out.push(a.clone());
            } else if a == "--" {
                ended = true;
                out.push(a.clone());
            } else if let Some(n) = a.strip_prefix('-').filter(|n| digits(n)) {
                out.push(format!("--skip-fields={n}"));
            } else if let Some(n) = a.strip_prefix('+').filter(|n| digits(n)) {
                out.push(format!("--skip-chars={n}"));
            } else {
                takes_value = matches!(a.as_str(), "-f" | "-s" | "-w");
                out.push(a.clone());
            }
        }
        Cow::Owned(out)
    }

    fn main(sys: &mut Sys<'_>, args: Args<Key>) -> Res<i32> {
        let mut o = Opts {
            unique: true,
            first_rep: true,
            later_rep: false,
            count: false,
            delimit: Delimit::None,
            grouping: Grouping::None,
            skip_fields: 0,
            skip_chars: 0,
            check_chars: None,
            ignore_case: false,
            eol: b'\n',
        };
        for (k, v) in args.each() {
            match k {
                Key::Count => o.count = true,
                Key::Repeated => o.unique = false,
                Key::AllDup | Key::AllRepeated => {
                    o.unique = false;
                    o.later_rep = true;
                    if k == Key::AllRepeated && !v.is_empty() {
                        o.delimit = match pick(v, &["none", "prepend", "separate"]) {
                            Some(0) => Delimit::None,
                            Some(1) => Delimit::Prepend,
                            Some(_) => Delimit::Separate,
                            None => {
                                return bad_method(
                                    sys,
                                    v,
                                    "--all-repeated",
                                    &["none", "prepend", "separate"],
                                );
                            }
                        };
                    }
                }
                Key::Group => {
                    const M: &[&str] = &["prepend", "append", "separate", "both"];
                    o.grouping = if v.is_empty() {
                        Grouping::Separate
                    } else {
                        match pick(v, M) {
                            Some(0) => Grouping::Prepend,
                            Some(1) => Grouping::Append,
                            Some(2) => Grouping::Separate,
                            Some(_) => Grouping::Both,
                            None => return bad_method(sys, v, "--group", M),
                        }
                    };
                }
                Key::Unique => {
                    o.first_rep = false;
                    o.later_rep = false;
                }
                Key::IgnoreCase => o.ignore_case = true,
                Key::Zero => o.eol = 0,
                Key::SkipFields => match size(v) {
                    Some(n) => o.skip_fields = n,
                    None => return die(sys, v, "invalid number of fields to skip"),
                },
                Key::SkipChars => match size(v) {
                    Some(n) => o.skip_chars = n,
                    None => return die(sys, v, "invalid number of bytes to skip"),
                },
                Key::CheckChars => match size(v) {
                    Some(n) => o.check_chars = Some(n),
                    None => return die(sys, v, "invalid number of bytes to compare"),
                },
            }
        }
        if let Some(extra) = args.operands.get(2) {
            sys.diag
                .usage(format_args!("extra operand {}", quote_escaped(extra)));
            return Ok(1);
        }
        if o.grouping != Grouping::None && (o.count || !o.unique || !o.first_rep || o.later_rep) {
            sys.diag
                .usage("--group is mutually exclusive with -c/-d/-D/-u");
            return Ok(1);
        }
        if o.count && o.later_rep {
            sys.diag
                .usage("printing all duplicated lines and repeat counts is meaningless");
            return Ok(1);
        }
        run(sys, &o, args.operands)
    }
}

/// The index of `v` among `choices`, as `argmatch` finds it (an exact
/// name or an unambiguous prefix).
fn pick(v: &str, choices: &[&str]) -> Option<usize> {
    if let Some(i) = choices.iter().position(|c| *c == v) {
        return Some(i);
    }
    let mut hits = choices.iter().enumerate().filter(|(_, c)| c.starts_with(v));
    match (hits.next(), hits.next()) {
        (Some((i, _)), None) => Some(i),
        _ => None,
    }
}

/// `argmatch`'s refusal of an option's argument.
fn bad_method(sys: &mut Sys<'_>, v: &str, opt: &str, choices: &[&str]) -> Res<i32> {
    sys.diag.error(format_args!(
        "invalid argument {} for '{opt}'",
        quote_escaped(v)
    ));
    let mut list = String::from("Valid arguments are:\n");
    for c in choices {
        list.push_str(&format!("  - '{c}'\n"));
    }
    sys.diag.raw(list.as_bytes());
    sys.diag.try_help();
    Ok(1)
}

/// A count of `-f -s -w`: digits, saturating as GNU's `size_opt` does on
/// overflow.
fn size(v: &str) -> Option<u64> {
    let d = v.strip_prefix('+').unwrap_or(v);
    if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(d.parse().unwrap_or(u64::MAX))
}

fn die(sys: &mut Sys<'_>, v: &str, msg: &str) -> Res<i32> {
    sys.diag.error(format_args!("{v}: {msg}"));
    Ok(1)
}

/// The part of `line` that is compared.
fn key<'a>(o: &Opts, line: &'a [u8]) -> &'a [u8] {
    let mut i = 0;
    let blank = |b: u8| b == b' ' || b == b'\t';
    for _ in 0..o.skip_fields {
        if i >= line.len() {
            break;
        }
        while line.get(i).is_some_and(|&b| blank(b)) {
            i += 1;
        }
        while line.get(i).is_some_and(|&b| !blank(b)) {
            i += 1;
        }
    }
    let rest = line.get(i..).unwrap_or(&[]);
    let skip = usize::try_from(o.skip_chars)
        .unwrap_or(usize::MAX)
        .min(rest.len());
    let rest = rest.get(skip..).unwrap_or(&[]);
    match o.check_chars {
        Some(w) => rest
            .get(..usize::try_from(w).unwrap_or(usize::MAX).min(rest.len()))
            .unwrap_or(rest),
        None => rest,
    }
}

fn different(o: &Opts, a: &[u8], b: &[u8]) -> bool {
    let (a, b) = (key(o, a), key(o, b));
    if o.ignore_case {
        !a.eq_ignore_ascii_case(b)
    } else {
        a != b
    }
}

/// Where the output goes: standard output or the OUTPUT file, through a
/// buffer flushed every 32 KiB.
struct Dest {
    file: Option<Box<dyn Write>>,
    buf: Vec<u8>,
}

impl Dest {
    fn line(&mut self, text: &[u8], eol: u8) {
        self.buf.extend_from_slice(text);
        self.buf.push(eol);
    }
}

/// GNU's `writeline`: the line is printed when its place in its group
/// asks for it, with its count under `-c`.
fn writeline(o: &Opts, d: &mut Dest, line: &[u8], matched: bool, n: u64) {
    let show = if n == 0 {
        o.unique
    } else if !matched {
        o.first_rep
    } else {
        o.later_rep
    };
    if !show {
        return;
    }
    if o.count {
        d.buf
            .extend_from_slice(format!("{:>7} ", n.saturating_add(1)).as_bytes());
    }
    d.line(line, o.eol);
}

fn run(sys: &mut Sys<'_>, o: &Opts, operands: Vec<String>) -> Res<i32> {
    let input = operands.first().cloned().unwrap_or_else(|| "-".into());
    let file = match operands.get(1) {
        Some(out) if out != "-" => {
            // GNU opens INPUT first: a missing INPUT leaves OUTPUT alone.
            if input != "-"
                && let Err(e) = sys.resolve(&input).and_then(|p| sys.fs.metadata(&p))
            {
                sys.diag.fs(&input, &e);
                return Ok(1);
            }
            match sys
                .resolve(out)
                .and_then(|p| sys.fs.open_write(&p, WriteMode::Truncate))
            {
                Ok(w) => Some(Box::new(w) as Box<dyn Write>),
                Err(e) => {
                    sys.diag.fs(out, &e);
                    return Ok(1);
                }
            }
        }
        _ => None,
    };
    let mut d = Dest {
        file,
        buf: Vec::with_capacity(64 * 1024),
    };
    let fast = o.unique && o.first_rep && !o.count && !o.later_rep;
    let mut prev: Option<Vec<u8>> = None;
    let mut charge = sys.charge();
    let mut match_count: u64 = 0;
    let mut first_delim = true;
    let mut printed = false;
    let eol = o.eol;
    let status = for_each_line(sys, vec![input], eol, |s, line| {
        let text = line.text;
        if fast {
            let new_group = prev.as_deref().is_none_or(|p| different(o, text, p));
            if new_group
                && o.grouping != Grouping::None
                && (matches!(o.grouping, Grouping::Prepend | Grouping::Both)
                    || (printed && matches!(o.grouping, Grouping::Append | Grouping::Separate)))
            {
                d.buf.push(eol);
            }
            if new_group || o.grouping != Grouping::None {
                d.line(text, eol);
                keep(&mut prev, text, &mut charge)?;
                printed = true;
            }
        } else if let Some(p) = prev.as_deref() {
            let matched = !different(o, text, p);
            if matched {
                match_count = match_count.saturating_add(1);
            }
            if o.delimit != Delimit::None {
                if !matched {
                    if match_count > 0 {
                        first_delim = false;
                    }
                } else if match_count == 1
                    && (o.delimit == Delimit::Prepend
                        || (o.delimit == Delimit::Separate && !first_delim))
                {
                    d.buf.push(eol);
                }
            }
            if !matched || o.later_rep {
                writeline(o, &mut d, p, matched, match_count);
                keep(&mut prev, text, &mut charge)?;
                if !matched {
                    match_count = 0;
                }
            }
        } else {
            keep(&mut prev, text, &mut charge)?;
        }
        if d.buf.len() >= 32 * 1024 {
            flush(&mut d, &mut *s.out)?;
        }
        Ok(())
    })?;
    if fast {
        if matches!(o.grouping, Grouping::Both | Grouping::Append) && printed {
            d.buf.push(eol);
        }
    } else if let Some(p) = prev.as_deref() {
        writeline(o, &mut d, p, false, match_count);
    }
    flush(&mut d, &mut sys.out)?;
    if let Some(f) = d.file.as_mut() {
        f.flush().map_err(Fail::Write)?;
    }
    Ok(status)
}

/// Makes `text` the kept previous line, charging its buffer.
fn keep(
    prev: &mut Option<Vec<u8>>,
    text: &[u8],
    charge: &mut sandbash_interpreter::memory::Charge,
) -> Res<()> {
    let p = prev.get_or_insert_with(Vec::new);
    p.clear();
    settle(charge, text.len() as u64)?;
    p.extend_from_slice(text);
    settle(charge, p.capacity() as u64)
}

fn flush(d: &mut Dest, out: &mut crate::common::sys::Out<'_>) -> Res<()> {
    match d.file.as_mut() {
        Some(f) => f.write_all(&d.buf).map_err(Fail::Write)?,
        None => out.put(&d.buf)?,
    }
    d.buf.clear();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Uniq;
    use crate::testutil::*;

    fn u(args: &[&str], input: &str) -> String {
        let o = run0(&Uniq, args, input.as_bytes());
        assert_eq!(o.err, "", "{args:?}");
        o.out
    }

    #[test]
    fn modes() {
        let g = "a\na\nb\nc\nc\nc\nd\n";
        assert_eq!(u(&[], g), "a\nb\nc\nd\n");
        assert_eq!(u(&["-c"], "a\na\nb"), "      2 a\n      1 b\n");
        assert_eq!(u(&["-d"], g), "a\nc\n");
        assert_eq!(u(&["-u"], g), "b\nd\n");
        assert_eq!(u(&["-D"], g), "a\na\nc\nc\nc\n");
        assert_eq!(u(&["--all-repeated=separate"], g), "a\na\n\nc\nc\nc\n");
        assert_eq!(u(&["--all-repeated=prepend"], g), "\na\na\n\nc\nc\nc\n");
        assert_eq!(u(&["--group"], "a\na\nb\n"), "a\na\n\nb\n");
        assert_eq!(u(&["--group=both"], "a\na\nb\n"), "\na\na\n\nb\n\n");
        assert_eq!(u(&["-u", "-D"], "a\na\nb\n"), "a\n");
        assert_eq!(u(&["-D", "-u"], "a\na\nb\n"), "");
    }

    #[test]
    fn keys() {
        assert_eq!(u(&["-w", "3"], "abc1\nabc2\nabd3\n"), "abc1\nabd3\n");
        assert_eq!(u(&["-f", "1"], "1 x\n2 x\n3 y\n"), "1 x\n3 y\n");
        assert_eq!(u(&["-1"], "1 x\n2 x\n"), "1 x\n");
        assert_eq!(u(&["+1"], "xa\nya\n"), "xa\n");
        assert_eq!(u(&["-s", "2"], "aaX\nbbX\nccY\n"), "aaX\nccY\n");
        assert_eq!(
            u(&["-i", "-c"], "Apple\napple\nb\n"),
            "      2 Apple\n      1 b\n"
        );
        assert_eq!(u(&["-z"], "a\0a\0b"), "a\0b\0");
    }

    #[test]
    fn files_and_errors() {
        let fs = TestFs::new();
        fs.file("in", b"x\nx\ny\n");
        let o = run(&Uniq, &["in", "out"], b"", &fs);
        assert_eq!((o.status, o.out.as_str()), (0, ""));
        assert_eq!(fs.text("out"), "x\ny\n");
        let o = run(&Uniq, &["a", "b", "c"], b"", &fs);
        assert_eq!(
            o.err,
            "uniq: extra operand 'c'\nTry 'uniq --help' for more information.\n"
        );
        let o = run0(&Uniq, &["-f", "x"], b"");
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, "uniq: x: invalid number of fields to skip\n")
        );
        let o = run0(&Uniq, &["-c", "-D"], b"");
        assert!(o.err.contains("meaningless"));
        let o = run0(&Uniq, &["--group", "-c"], b"");
        assert!(o.err.contains("mutually exclusive"));
    }
}
