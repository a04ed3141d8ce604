//! `csplit`: split a file into sections determined by context lines, as
//! GNU coreutils 9 does.
//!
//! The input is read whole and held (charged to the memory budget): a
//! negative offset (`/re/-3`) reaches back into lines already scanned.
//! Sections are written to VFS files named PREFIX (`xx`) plus the
//! `-b`/`-n` suffix, each one's size printed as it closes (unless `-s`).
//! On an error every file made is removed (unless `-k`) and the status
//! is 1, as GNU's `cleanup_fatal` does.
//!
//! `--suppress-matched` drops the line at each break (the matching line,
//! or line N), from sections and skips alike.
//!
//! Line numbering follows GNU: `current` is the last line examined; a
//! regex is searched from the line after it, so a `{*}` repetition never
//! matches the same line twice; a section ends before line
//! `current + OFFSET`.

use std::io::Write;

use regex::bytes::Regex;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::headed::ReadFail;
use crate::common::input::{open_input, read_all_within};
use crate::common::quote_escaped as q;
use crate::common::regex_tr;
use crate::common::sys::{Res, Sys, hold, io_msg};
use sandbash_vfs::WriteMode;

/// The `csplit` utility.
pub struct Csplit;

/// The options of `csplit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Suffix,
    Prefix,
    Keep,
    Digits,
    Silent,
    Elide,
    SuppressMatched,
}

/// One PATTERN with its repetition.
struct Control {
    /// The operand, for messages.
    arg: String,
    kind: Kind,
    /// Extra repetitions; `None` for `{*}`.
    repeat: Option<u64>,
}

enum Kind {
    Line(u64),
    Regex { re: Regex, offset: i64, skip: bool },
}

/// The `-b` format: text around one integer conversion.
struct SuffixFmt {
    before: String,
    after: String,
    flags: String,
    width: usize,
    precision: Option<usize>,
    conv: char,
}

impl SuffixFmt {
    fn parse(f: &str) -> Result<Self, String> {
        let mut before = String::new();
        let mut after = String::new();
        let mut spec: Option<(String, usize, Option<usize>, char)> = None;
        let mut chars = f.chars().peekable();
        while let Some(c) = chars.next() {
            let target = if spec.is_some() {
                &mut after
            } else {
                &mut before
            };
            if c != '%' {
                target.push(c);
                continue;
            }
            if chars.peek() == Some(&'%') {
                chars.next();
                target.push('%');
                continue;
            }
            if spec.is_some() {
                return Err("too many % conversion specifications in suffix".into());
            }
            let mut flags = String::new();
            while let Some(&d) = chars.peek().filter(|d| "-#0'".contains(**d)) {
                flags.push(d);
                chars.next();
            }
            let mut width = 0usize;
            while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                width = width
                    .saturating_mul(10)
                    .saturating_add(d as usize)
                    .min(4096);
                chars.next();
            }
            let mut precision = None;
            if chars.peek() == Some(&'.') {
                chars.next();
                let mut p = 0usize;
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    p = p.saturating_mul(10).saturating_add(d as usize).min(4096);
                    chars.next();
                }
                precision = Some(p);
            }
            match chars.next() {
                Some(c @ ('d' | 'i' | 'u' | 'o' | 'x' | 'X')) => {
                    spec = Some((flags, width, precision, c))
                }
                Some(c) => return Err(format!("invalid conversion specifier in suffix: {c}")),
                None => return Err("missing conversion specifier in suffix".into()),
            }
        }
        let Some((flags, width, precision, conv)) = spec else {
            return Err("missing % conversion specification in suffix".into());
        };
        Ok(Self {
            before,
            after,
            flags,
            width,
            precision,
            conv,
        })
    }

    fn format(&self, n: u64) -> String {
        let digits = match self.conv {
            'o' => format!("{n:o}"),
            'x' => format!("{n:x}"),
            'X' => format!("{n:X}"),
            _ => n.to_string(),
        };
        let digits = match self.precision {
            Some(p) if digits.len() < p => format!("{}{digits}", "0".repeat(p - digits.len())),
            _ => digits,
        };
        let sign = if matches!(self.conv, 'd' | 'i') && self.flags.contains('+') {
            "+"
        } else if matches!(self.conv, 'd' | 'i') && self.flags.contains(' ') {
            " "
        } else {
            ""
        };
        let body = format!("{sign}{digits}");
        let fill = self.width.saturating_sub(body.len());
        let padded = if self.flags.contains('-') {
            format!("{body}{}", " ".repeat(fill))
        } else if self.flags.contains('0') && self.precision.is_none() {
            format!("{sign}{}{digits}", "0".repeat(fill))
        } else {
            format!("{}{body}", " ".repeat(fill))
        };
        format!("{}{padded}{}", self.before, self.after)
    }
}

fn parse_controls(ops: &[String]) -> Result<Vec<Control>, String> {
    let mut out: Vec<Control> = Vec::new();
    let mut last_line = 0u64;
    for arg in ops {
        if let Some(inner) = arg.strip_prefix('{') {
            let bad = || {
                format!(
                    "'{}'}}: integer required between '{{' and '}}'",
                    arg.trim_end_matches('}')
                )
            };
            let Some(body) = inner.strip_suffix('}') else {
                return Err(bad());
            };
            let rep = if body == "*" {
                None
            } else {
                Some(body.parse::<u64>().map_err(|_| bad())?)
            };
            match out.last_mut() {
                Some(c) => c.repeat = rep,
                None => return Err(format!("{}: '}}' is required in repeat count", q(arg))),
            }
            continue;
        }
        if let Some(delim @ ('/' | '%')) = arg.chars().next() {
            let rest = arg.get(1..).unwrap_or("");
            let Some(end) = rest.rfind(delim) else {
                return Err(format!("{}: closing delimiter '{delim}' missing", q(arg)));
            };
            let pat = rest.get(..end).unwrap_or("");
            let off = rest.get(end + 1..).unwrap_or("");
            let offset = if off.is_empty() {
                0
            } else {
                off.strip_prefix('+')
                    .unwrap_or(off)
                    .parse::<i64>()
                    .ok()
                    .filter(|_| !off.starts_with("+-") && !off.starts_with("++"))
                    .ok_or_else(|| format!("{}: integer expected after delimiter", q(arg)))?
            };
            let re = regex_tr::compile_bre(pat)
                .map_err(|e| format!("{}: invalid regular expression: {e}", q(arg)))?;
            out.push(Control {
                arg: arg.clone(),
                kind: Kind::Regex {
                    re,
                    offset,
                    skip: delim == '%',
                },
                repeat: Some(0),
            });
            continue;
        }
        let n: u64 = match arg.parse() {
            Ok(n) if arg.bytes().all(|b| b.is_ascii_digit()) => n,
            _ => return Err(format!("{}: invalid pattern", q(arg))),
        };
        if n == 0 {
            return Err(format!("{arg}: line number must be greater than zero"));
        }
        if n < last_line {
            return Err(format!(
                "line number {} is smaller than preceding line number, {last_line}",
                q(arg)
            ));
        }
        last_line = n;
        out.push(Control {
            arg: arg.clone(),
            kind: Kind::Line(n),
            repeat: Some(0),
        });
    }
    Ok(out)
}

/// The state of a split in progress.
struct State<'d> {
    data: &'d [u8],
    /// (start, end) of each line, terminator included.
    lines: Vec<(usize, usize)>,
    /// Index of the first line not yet written or skipped.
    first: usize,
    /// Number (1-based) of the last line examined.
    current: u64,
    prefix: String,
    fmt: SuffixFmt,
    created: u64,
    made: Vec<String>,
    silent: bool,
    elide: bool,
    /// `--suppress-matched`: drop the line at each break.
    suppress: bool,
    /// The section being written: a range of `data`, since the lines of
    /// a section are always consecutive (nothing is copied).
    piece: Option<(usize, usize)>,
}

/// Why the split stopped early.
enum Stop {
    Fail(crate::common::sys::Fail),
    /// An error was reported: clean up, status 1.
    Error,
}

impl From<crate::common::sys::Fail> for Stop {
    fn from(f: crate::common::sys::Fail) -> Self {
        Stop::Fail(f)
    }
}

impl State<'_> {
    fn line(&self, i: usize) -> &[u8] {
        self.lines
            .get(i)
            .and_then(|&(s, e)| self.data.get(s..e))
            .unwrap_or(&[])
    }

    fn save(&mut self, i: usize) {
        let (s, e) = self.lines.get(i).copied().unwrap_or((0, 0));
        self.piece = Some(match self.piece {
            Some((start, _)) => (start, e),
            None => (s, e),
        });
    }

    /// Ends the current section: writes its file and prints its size.
    fn close(&mut self, sys: &mut Sys<'_>) -> Result<(), Stop> {
        let name = format!("{}{}", self.prefix, self.fmt.format(self.created));
        let data = self.data;
        let piece = self
            .piece
            .take()
            .and_then(|(s, e)| data.get(s..e))
            .unwrap_or(&[]);
        if piece.is_empty() && self.elide {
            return Ok(());
        }
        let r = sys
            .resolve(&name)
            .and_then(|p| sys.fs.open_write(&p, WriteMode::Truncate))
            .map_err(|e| e.kind.to_string())
            .and_then(|mut w| {
                w.write_all(piece)
                    .and_then(|()| w.flush())
                    .map_err(|e| io_msg(&e))
            });
        self.created += 1;
        self.made.push(name.clone());
        if let Err(e) = r {
            sys.diag.error(format_args!("{name}: {e}"));
            return Err(Stop::Error);
        }
        if !self.silent {
            sys.out.fmt(format_args!("{}\n", piece.len()))?;
        }
        Ok(())
    }

    fn rest(&mut self) {
        while self.first < self.lines.len() {
            self.save(self.first);
            self.first += 1;
        }
    }

    /// `N`, repetition `rep`: the lines before line `N * (rep + 1)`.
    fn line_count(&mut self, sys: &mut Sys<'_>, c: &Control, n: u64, rep: u64) -> Result<(), Stop> {
        let upto = n.saturating_mul(rep + 1);
        let mut ok = true;
        if self.first >= self.lines.len() {
            ok = false;
        }
        while ok && (self.first as u64) + 1 < upto {
            sys.tick.tick()?;
            if self.first >= self.lines.len() {
                ok = false;
                break;
            }
            self.save(self.first);
            self.first += 1;
        }
        if ok && self.first >= self.lines.len() {
            ok = false;
        }
        if ok {
            self.current = self.current.max(self.first as u64);
            return self.close(sys);
        }
        self.close(sys)?;
        let mut msg = format!(
            "{}: {}: line number out of range",
            sys.diag.name,
            q(&n.to_string())
        );
        if rep > 0 {
            msg.push_str(&format!(" on repetition {rep}"));
        }
        msg.push('\n');
        sys.diag.raw(msg.as_bytes());
        let _ = &c.arg;
        Err(Stop::Error)
    }

    /// `/RE/OFFSET` or `%RE%OFFSET`; `Ok(false)` when `{*}` ran out.
    fn regex(
        &mut self,
        sys: &mut Sys<'_>,
        c: &Control,
        re: &Regex,
        offset: i64,
        skip: bool,
        rep: u64,
    ) -> Result<bool, Stop> {
        loop {
            sys.tick.tick()?;
            self.current += 1;
            let idx = (self.current - 1) as usize;
            if idx >= self.lines.len() {
                if c.repeat.is_none() {
                    if !skip {
                        self.rest();
                        self.close(sys)?;
                    }
                    return Ok(false);
                }
                if !skip {
                    self.rest();
                    self.close(sys)?;
                }
                let mut msg = format!("{}: {}: match not found", sys.diag.name, q(&c.arg));
                if rep > 0 {
                    msg.push_str(&format!(" on repetition {rep}"));
                }
                msg.push('\n');
                sys.diag.raw(msg.as_bytes());
                return Err(Stop::Error);
            }
            let line = self.line(idx);
            let text = line.strip_suffix(b"\n").unwrap_or(line);
            if re.is_match(text) {
                break;
            }
            if offset >= 0 {
                if !skip {
                    self.save(self.first);
                }
                self.first += 1;
            }
        }
        let brk = i128::from(self.current) + i128::from(offset);
        let first_no = self.first as i128 + 1;
        if first_no > brk {
            if !skip {
                self.close(sys)?;
            }
            sys.diag
                .error(format_args!("{}: line number out of range", q(&c.arg)));
            return Err(Stop::Error);
        }
        let count = brk - first_no;
        for _ in 0..count {
            if self.first >= self.lines.len() {
                if !skip {
                    self.close(sys)?;
                }
                sys.diag
                    .error(format_args!("{}: line number out of range", q(&c.arg)));
                return Err(Stop::Error);
            }
            if !skip {
                self.save(self.first);
            }
            self.first += 1;
        }
        if !skip {
            self.close(sys)?;
        }
        if offset > 0 {
            self.current = brk as u64;
        }
        Ok(true)
    }
}

impl Command for Csplit {
    const NAME: &'static str = "csplit";
    const HELP: Help = Help {
        usage: &["[OPTION]... FILE PATTERN..."],
        about: "Output pieces of FILE separated by PATTERN(s) to files 'xx00', 'xx01', ...,\nand output byte counts of each piece to standard output.\n\nRead standard input if FILE is -",
        after: "Each PATTERN may be:\n  INTEGER            copy up to but not including specified line number\n  /REGEXP/[OFFSET]   copy up to but not including a matching line\n  %REGEXP%[OFFSET]   skip to, but not including a matching line\n  {INTEGER}          repeat the previous pattern specified number of times\n  {*}                repeat the previous pattern as many times as possible\n\nA line OFFSET is an integer optionally preceded by '+' or '-'\n",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'b',
            &["suffix-format"],
            Key::Suffix,
            "use sprintf FORMAT instead of %02d",
        )
        .value("FORMAT"),
        Flag::new('f', &["prefix"], Key::Prefix, "use PREFIX instead of 'xx'").value("PREFIX"),
        Flag::new(
            'k',
            &["keep-files"],
            Key::Keep,
            "do not remove output files on errors",
        ),
        Flag::new(
            'n',
            &["digits"],
            Key::Digits,
            "use specified number of digits instead of 2",
        )
        .value("DIGITS"),
        Flag::new(
            's',
            &["quiet", "silent"],
            Key::Silent,
            "do not print counts of output file sizes",
        ),
        Flag::new(
            'z',
            &["elide-empty-files"],
            Key::Elide,
            "remove empty output files",
        ),
        Flag::long(
            &["suppress-matched"],
            Key::SuppressMatched,
            "suppress the lines matching PATTERN",
        ),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let Some(file) = p.operands.first() else {
            sys.diag.usage("missing operand");
            return Ok(1);
        };
        if p.operands.len() < 2 {
            sys.diag.usage(format_args!(
                "missing operand after {}",
                crate::common::quote(file)
            ));
            return Ok(1);
        }
        let digits = match p.last(Key::Digits) {
            None => 2,
            Some(d) => match d.parse::<usize>() {
                Ok(n) if n <= 4096 => n,
                _ => {
                    sys.diag
                        .error(format_args!("invalid number: {}", crate::common::quote(d)));
                    return Ok(1);
                }
            },
        };
        let fmt_text = p
            .last(Key::Suffix)
            .map_or_else(|| format!("%0{digits}d"), str::to_string);
        let fmt = match SuffixFmt::parse(&fmt_text) {
            Ok(f) => f,
            Err(e) => {
                sys.diag.error(e);
                return Ok(1);
            }
        };
        let controls = match parse_controls(p.operands.get(1..).unwrap_or(&[])) {
            Ok(c) => c,
            Err(e) => {
                sys.diag.error(e);
                return Ok(1);
            }
        };
        let mut charge = sys.charge();
        let mut data = Vec::new();
        match open_input(&mut *sys.stdin, sys.fs, sys.cwd, file) {
            Ok(mut input) => match read_all_within(
                &mut input,
                &mut data,
                &mut charge,
                sys.memory,
                sys.tick.cancel,
            ) {
                Ok(()) => {}
                Err(ReadFail::Stop(f)) => return Err(f),
                Err(ReadFail::Read(e)) => {
                    sys.diag.error(format_args!("read error: {}", io_msg(&e)));
                    return Ok(1);
                }
            },
            Err(e) => {
                sys.diag.error(format_args!(
                    "cannot open {} for reading: {}",
                    crate::common::quote(file),
                    e.kind
                ));
                return Ok(1);
            }
        }
        let mut lines = Vec::new();
        let mut start = 0;
        // The line table costs 16 bytes a line: charged as it grows.
        let held = data.capacity() as u64;
        for (i, &b) in data.iter().enumerate() {
            if b == b'\n' {
                if lines.len() == lines.capacity() {
                    sys.tick.check()?;
                    hold(&mut charge, held + (lines.len() as u64 + 1).max(64) * 32)?;
                }
                lines.push((start, i + 1));
                start = i + 1;
            }
        }
        if start < data.len() {
            lines.push((start, data.len()));
        }
        let mut st = State {
            data: &data,
            lines,
            first: 0,
            current: 0,
            prefix: p.last(Key::Prefix).unwrap_or("xx").to_string(),
            fmt,
            created: 0,
            made: Vec::new(),
            silent: p.has(Key::Silent),
            elide: p.has(Key::Elide),
            suppress: p.has(Key::SuppressMatched),
            piece: None,
        };
        match split(sys, &mut st, &controls) {
            Ok(()) => Ok(0),
            Err(Stop::Fail(f)) => Err(f),
            Err(Stop::Error) => {
                if !p.has(Key::Keep) {
                    for name in &st.made {
                        if let Ok(path) = sys.resolve(name) {
                            let _ = sys.fs.remove_file(&path);
                        }
                    }
                }
                Ok(1)
            }
        }
    }
}

fn split(sys: &mut Sys<'_>, st: &mut State<'_>, controls: &[Control]) -> Result<(), Stop> {
    for c in controls {
        let mut rep = 0u64;
        while c.repeat.is_none_or(|r| rep <= r) {
            sys.tick.tick()?;
            match &c.kind {
                Kind::Line(n) => st.line_count(sys, c, *n, rep)?,
                Kind::Regex { re, offset, skip } => {
                    if !st.regex(sys, c, re, *offset, *skip, rep)? {
                        return Ok(());
                    }
                }
            }
            // The line at the break (the matched one, or line N) starts
            // no section: GNU drops it.
            if st.suppress && st.first < st.lines.len() {
                st.first += 1;
                st.current = st.current.max(st.first as u64);
            }
            rep += 1;
        }
    }
    st.rest();
    st.close(sys)
}

#[cfg(test)]
mod tests {
    use super::Csplit;
    use crate::testutil::*;

    fn setup(data: &[u8]) -> TestFs {
        let fs = TestFs::new();
        fs.file("in", data);
        fs
    }

    #[test]
    fn line_numbers_and_repeats() {
        let fs = setup(&lines(6));
        let o = run(&Csplit, &["in", "3", "5"], b"", &fs);
        assert_eq!(o.out, "4\n4\n4\n");
        let fs = setup(&lines(10));
        let o = run(&Csplit, &["-s", "in", "3", "{2}"], b"", &fs);
        assert_eq!((o.status, o.out.as_str()), (0, ""));
        assert_eq!(fs.text("/workspace/xx01"), "3\n4\n5\n");
        assert_eq!(fs.text("/workspace/xx03"), "9\n10\n");
        let o = run(&Csplit, &["in", "4", "{*}"], b"", &fs);
        assert_eq!(o.out, "6\n8\n7\n");
        assert_eq!(
            o.err,
            "csplit: '4': line number out of range on repetition 2\n"
        );
        assert!(!fs.has("/workspace/xx00"), "files removed on error");
    }

    #[test]
    fn suppress_matched() {
        let fs = setup(&lines(10));
        let o = run(&Csplit, &["--suppress-matched", "in", "3", "7"], b"", &fs);
        assert_eq!((o.status, o.out.as_str()), (0, "4\n6\n7\n"));
        assert_eq!(fs.text("/workspace/xx01"), "4\n5\n6\n");
        let o = run(
            &Csplit,
            &["--suppress-matched", "in", "%4%", "/8/"],
            b"",
            &fs,
        );
        assert_eq!(o.out, "6\n5\n");
        assert_eq!(fs.text("/workspace/xx00"), "5\n6\n7\n");
        assert_eq!(fs.text("/workspace/xx01"), "9\n10\n");
    }

    #[test]
    fn regexes() {
        let fs = setup(b"a\nb\n--\nc\nd\n");
        let o = run(&Csplit, &["-s", "in", "/--/+1"], b"", &fs);
        assert_eq!(o.status, 0);
        assert_eq!(fs.text("/workspace/xx00"), "a\nb\n--\n");
        let fs = setup(&lines(10));
        assert_eq!(run(&Csplit, &["in", "/5/-2"], b"", &fs).out, "4\n17\n");
        assert_eq!(
            run(&Csplit, &["in", "%3%-1", "/7/"], b"", &fs).out,
            "10\n9\n"
        );
        let fs = setup(b"h1\na\nh2\nb\n");
        let o = run(&Csplit, &["in", "/^h/", "{*}"], b"", &fs);
        assert_eq!(o.out, "0\n5\n5\n");
        let fs = setup(b"X\na\nX\nb\n");
        let o = run(&Csplit, &["-z", "in", "/X/", "{*}"], b"", &fs);
        assert_eq!(o.out, "4\n4\n");
        assert!(fs.has("/workspace/xx01") && !fs.has("/workspace/xx02"));
    }

    #[test]
    fn names_and_errors() {
        let fs = setup(&lines(4));
        run(
            &Csplit,
            &["-s", "-f", "part", "-n", "3", "in", "2"],
            b"",
            &fs,
        );
        assert!(fs.has("/workspace/part000") && fs.has("/workspace/part001"));
        run(&Csplit, &["-s", "-b", "%02d.txt", "in", "2"], b"", &fs);
        assert!(fs.has("/workspace/xx01.txt"));
        let fs = setup(&lines(3));
        let o = run(&Csplit, &["in", "/nomatch/"], b"", &fs);
        assert_eq!(
            (o.out.as_str(), o.err.as_str()),
            ("6\n", "csplit: '/nomatch/': match not found\n")
        );
        assert!(!fs.has("/workspace/xx00"));
        let o = run(&Csplit, &["-k", "in", "2", "10"], b"", &fs);
        assert_eq!(o.out, "2\n4\n");
        assert!(fs.has("/workspace/xx01"));
        assert_eq!(
            run(&Csplit, &["in", "x"], b"", &fs).err,
            "csplit: 'x': invalid pattern\n"
        );
        assert_eq!(
            run(&Csplit, &["in", "3", "2"], b"", &fs).err,
            "csplit: line number '2' is smaller than preceding line number, 3\n"
        );
        assert_eq!(
            run(&Csplit, &["in", "/2/", "{x}"], b"", &fs).err,
            "csplit: '{x'}: integer required between '{' and '}'\n"
        );
        assert_eq!(
            run0(&Csplit, &[], b"").err,
            "csplit: missing operand\nTry 'csplit --help' for more information.\n"
        );
        assert_eq!(
            run0(&Csplit, &["-b", "abc", "-", "1"], b"").err,
            "csplit: missing % conversion specification in suffix\n"
        );
    }
}
