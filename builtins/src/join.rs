//! `join`: join lines of two files on a common field.
//!
//! Follows GNU's `join`: both inputs are read in step; the run of lines
//! sharing the current key is gathered on each side (their cross
//! product is printed), so only one such run per side is held, charged
//! to the run's memory budget. Fields are runs of non-blanks by default
//! (leading blanks ignored) or separated by the `-t` character. Keys
//! compare byte by byte (C locale), case-folded with `-i`. The order
//! check warns once per file (`FILE:N: is not sorted: LINE`) once a line
//! was unpairable (at once and fatally with `--check-order`) and makes
//! the final status 1 with `input is not in sorted order`.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::io::BufReader;

use sandbash_interpreter::bytes::encode;
use sandbash_interpreter::memory::{Charge, MemoryBudget};
use sandbash_vfs::FsErrorKind;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::headed::ReadFail;
use crate::common::input::{Input, open_two, read_line_within};
use crate::common::quote_escaped;
use crate::common::sys::{Diag, Out, Res, Sys, Ticker, hold, io_msg, settle};

/// The `join` utility: `-a -e -i -j -o -t -v -1 -2 -z --header
/// --check-order --nocheck-order`.
pub struct Join;

/// The options of `join`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Unpaired,
    Empty,
    IgnoreCase,
    Field,
    Format,
    Tab,
    Only,
    Field1,
    Field2,
    CheckOrder,
    NoCheckOrder,
    Header,
    Zero,
}

impl Command for Join {
    const NAME: &'static str = "join";
    const HELP: Help = Help {
        usage: &["[OPTION]... FILE1 FILE2"],
        about: "For each pair of input lines with identical join fields, write a line to
standard output.  The default join field is the first, delimited by blanks.

When FILE1 or FILE2 (not both) is -, read standard input.",
        after: "Unless -t CHAR is given, leading blanks separate fields and are ignored,
else fields are separated by CHAR.  Any FIELD is a field number counted
from 1.  FORMAT is one or more comma or blank separated specifications,
each being 'FILENUM.FIELD' or '0'.  Default FORMAT outputs the join field,
the remaining fields from FILE1, the remaining fields from FILE2, all
separated by CHAR.  If FORMAT is the keyword 'auto', then the first
line of each file determines the number of fields output for each line.

Important: FILE1 and FILE2 must be sorted on the join fields.
E.g., use \"sort -k 1b,1\" if 'join' has no options,
or use \"join -t ''\" if 'sort' has no options.
Note, comparisons honor the rules specified by 'LC_COLLATE'.
If the input is not sorted and some lines cannot be joined, a
warning message will be given.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('a', &[], Key::Unpaired, "also print unpairable lines from file FILENUM, where\n  FILENUM is 1 or 2, corresponding to FILE1 or FILE2").value("FILENUM"),
        Flag::new('e', &[], Key::Empty, "replace missing (empty) input fields with EMPTY").value("EMPTY"),
        Flag::new('i', &["ignore-case"], Key::IgnoreCase, "ignore differences in case when comparing fields"),
        Flag::new('j', &[], Key::Field, "equivalent to '-1 FIELD -2 FIELD'").value("FIELD"),
        Flag::new('o', &[], Key::Format, "obey FORMAT while constructing output line").value("FORMAT"),
        Flag::new('t', &[], Key::Tab, "use CHAR as input and output field separator").value("CHAR"),
        Flag::new('v', &[], Key::Only, "like -a FILENUM, but suppress joined output lines").value("FILENUM"),
        Flag::new('1', &[], Key::Field1, "join on this FIELD of file 1").value("FIELD"),
        Flag::new('2', &[], Key::Field2, "join on this FIELD of file 2").value("FIELD"),
        Flag::long(&["check-order"], Key::CheckOrder, "check that the input is correctly sorted, even\n  if all input lines are pairable"),
        Flag::long(&["nocheck-order"], Key::NoCheckOrder, "do not check that the input is correctly sorted"),
        Flag::long(&["header"], Key::Header, "treat the first line in each file as field headers,\n  print them without trying to pair them"),
        Flag::zero_terminated(Key::Zero),
    ];

    /// The obsolete `-j1 FIELD` and `-j2 FIELD` (GNU still reads them as
    /// `-1 FIELD` and `-2 FIELD`).
    fn prepare(args: &[String]) -> Cow<'_, [String]> {
        let mut out = Vec::with_capacity(args.len());
        let mut takes_value = false;
        let mut ended = false;
        let mut words = args.iter().peekable();
        while let Some(w) = words.next() {
            if ended || takes_value {
                takes_value = false;
                out.push(w.clone());
                continue;
            }
            match w.as_str() {
                "--" => ended = true,
                "-j1" | "-j2" if words.peek().is_some() => {
                    out.push(w.replace("-j", "-"));
                    takes_value = true;
                    continue;
                }
                "-a" | "-e" | "-j" | "-o" | "-t" | "-v" | "-1" | "-2" => takes_value = true,
                _ => {}
            }
            out.push(w.clone());
        }
        Cow::Owned(out)
    }

    fn main(sys: &mut Sys<'_>, args: Args<Key>) -> Res<i32> {
        match options(&args) {
            Ok(o) => {
                let ops = &args.operands;
                if let Some(extra) = ops.get(2) {
                    sys.diag
                        .usage(format_args!("extra operand {}", quote_escaped(extra)));
                    return Ok(1);
                }
                match (ops.first(), ops.get(1)) {
                    (Some(a), Some(b)) => join(sys, &o, [a, b]),
                    (None, _) => {
                        sys.diag.usage("missing operand");
                        Ok(1)
                    }
                    (Some(a), None) => {
                        sys.diag
                            .usage(format_args!("missing operand after {}", quote_escaped(a)));
                        Ok(1)
                    }
                }
            }
            Err(msg) => {
                sys.diag.error(msg);
                Ok(1)
            }
        }
    }
}

/// Whether input order is checked.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Check {
    Default,
    Enabled,
    Disabled,
}

/// Where an output field comes from: the join field (`0`) or field
/// `field` (0-based) of file 1 or 2.
#[derive(Clone, Copy)]
enum Spec {
    Join,
    Of(usize, usize),
}

/// How input is split: runs of blanks, a separator byte, or the whole
/// line as one field (`-t ''`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tab {
    Blanks,
    Char(u8),
    Whole,
}

struct Opts {
    unpaired: [bool; 2],
    pairables: bool,
    empty: Option<Vec<u8>>,
    ignore_case: bool,
    fields: [usize; 2],
    format: Vec<Spec>,
    auto: bool,
    tab: Tab,
    check: Check,
    header: bool,
    eol: u8,
}

/// A field number as GNU's `string_to_join_field` reads it: 1 or more,
/// saturating; 0-based in the result.
fn field_number(s: &str) -> Result<usize, String> {
    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
        let n = s.parse::<usize>().unwrap_or(usize::MAX);
        if n > 0 {
            return Ok(n - 1);
        }
    }
    Err(format!("invalid field number: {}", quote_escaped(s)))
}

fn options(args: &Args<Key>) -> Result<Opts, String> {
    let mut o = Opts {
        unpaired: [false; 2],
        pairables: true,
        empty: None,
        ignore_case: false,
        fields: [usize::MAX; 2],
        format: Vec::new(),
        auto: false,
        tab: Tab::Blanks,
        check: Check::Default,
        header: false,
        eol: b'\n',
    };
    let set_field = |slot: &mut usize, v: usize| {
        if *slot != usize::MAX && *slot != v {
            return Err(format!(
                "incompatible join fields {}, {}",
                slot.saturating_add(1),
                v.saturating_add(1)
            ));
        }
        *slot = v;
        Ok(())
    };
    for (k, v) in args.each() {
        match k {
            Key::Unpaired | Key::Only => {
                if k == Key::Only {
                    o.pairables = false;
                }
                match v {
                    "1" => o.unpaired[0] = true,
                    "2" => o.unpaired[1] = true,
                    _ => return Err(format!("invalid field number: {}", quote_escaped(v))),
                }
            }
            Key::Empty => {
                let e = encode(v).into_owned();
                if o.empty.as_ref().is_some_and(|old| *old != e) {
                    return Err("conflicting empty-field replacement strings".into());
                }
                o.empty = Some(e);
            }
            Key::IgnoreCase => o.ignore_case = true,
            Key::Field => {
                let n = field_number(v)?;
                set_field(&mut o.fields[0], n)?;
                set_field(&mut o.fields[1], n)?;
            }
            Key::Field1 => set_field(&mut o.fields[0], field_number(v)?)?,
            Key::Field2 => set_field(&mut o.fields[1], field_number(v)?)?,
            Key::Format => {
                if v == "auto" {
                    o.auto = true;
                } else {
                    for item in v.split([',', ' ', '\t']).filter(|s| !s.is_empty()) {
                        o.format.push(field_spec(item)?);
                    }
                }
            }
            Key::Tab => {
                let b = encode(v);
                let new = match b.as_ref() {
                    [] => Tab::Whole,
                    [c] => Tab::Char(*c),
                    b"\\0" => Tab::Char(0),
                    _ => return Err(format!("multi-character tab {}", quote_escaped(v))),
                };
                if o.tab != Tab::Blanks && o.tab != new {
                    return Err("incompatible tabs".into());
                }
                o.tab = new;
            }
            Key::CheckOrder => o.check = Check::Enabled,
            Key::NoCheckOrder => o.check = Check::Disabled,
            Key::Header => o.header = true,
            Key::Zero => o.eol = 0,
        }
    }
    for f in &mut o.fields {
        if *f == usize::MAX {
            *f = 0;
        }
    }
    Ok(o)
}

/// One item of `-o`: `0` or `FILENUM.FIELD`.
fn field_spec(s: &str) -> Result<Spec, String> {
    let bad = || format!("invalid field specifier: {}", quote_escaped(s));
    match s.as_bytes() {
        [b'0'] => Ok(Spec::Join),
        [b'0', ..] => Err(bad()),
        [f @ (b'1' | b'2'), b'.', ..] => {
            let n = field_number(s.get(2..).unwrap_or(""))?;
            Ok(Spec::Of(usize::from(f - b'1'), n))
        }
        [b'1' | b'2', ..] => Err(bad()),
        _ => Err(format!(
            "invalid file number in field spec: {}",
            quote_escaped(s)
        )),
    }
}

/// An input line and where its fields are.
#[derive(Default)]
struct Line {
    text: Vec<u8>,
    fields: Vec<(usize, usize)>,
}

impl Line {
    fn new(text: Vec<u8>, tab: Tab) -> Self {
        let mut fields = Vec::new();
        match tab {
            _ if text.is_empty() => {}
            Tab::Whole => fields.push((0, text.len())),
            Tab::Char(t) => {
                let mut start = 0;
                for (i, &b) in text.iter().enumerate() {
                    if b == t {
                        fields.push((start, i));
                        start = i + 1;
                    }
                }
                fields.push((start, text.len()));
            }
            Tab::Blanks => {
                let blank = |b: u8| b == b' ' || b == b'\t' || b == b'\n';
                let mut i = 0;
                while i < text.len() {
                    while text.get(i).is_some_and(|&b| blank(b)) {
                        i += 1;
                    }
                    if i >= text.len() {
                        break;
                    }
                    let start = i;
                    while text.get(i).is_some_and(|&b| !blank(b)) {
                        i += 1;
                    }
                    fields.push((start, i));
                }
            }
        }
        Self { text, fields }
    }

    /// Field `n`, if the line has it.
    fn field(&self, n: usize) -> Option<&[u8]> {
        let &(a, b) = self.fields.get(n)?;
        self.text.get(a..b)
    }

    /// The join field: empty when missing.
    fn key(&self, n: usize) -> &[u8] {
        self.field(n).unwrap_or(&[])
    }
}

/// GNU's `keycmp` on two keys.
fn keycmp(a: &[u8], b: &[u8], ignore_case: bool) -> Ordering {
    if ignore_case {
        a.iter()
            .map(u8::to_ascii_uppercase)
            .cmp(b.iter().map(u8::to_ascii_uppercase))
    } else {
        a.cmp(b)
    }
}

/// One input with its order-check state.
struct Side<'a> {
    r: BufReader<Input<'a>>,
    name: String,
    buf: Vec<u8>,
    read_charge: Charge,
    held: Charge,
    line_no: u64,
    prev_key: Option<Vec<u8>>,
    warned: bool,
    field: usize,
}

/// What reading needs besides the input.
struct Ctx<'s, 'c> {
    o: &'s Opts,
    tick: &'s mut Ticker<'c>,
    diag: &'s mut Diag<'c>,
    out: &'s mut Out<'c>,
    memory: &'s MemoryBudget,
    seen_unpairable: bool,
    /// Set when `--check-order` found a disorder: the run stops.
    fatal: bool,
}

impl Side<'_> {
    /// GNU's `get_line`: the next line, order-checked against the one
    /// before; `Ok(None)` at the end (or after a read error, reported).
    fn get_line(&mut self, cx: &mut Ctx<'_, '_>) -> Res<Option<Line>> {
        cx.tick.tick()?;
        let eol = cx.o.eol;
        match read_line_within(
            &mut self.r,
            &mut self.buf,
            eol,
            &mut self.read_charge,
            cx.memory,
        ) {
            Ok(false) => return Ok(None),
            Ok(true) => {}
            Err(ReadFail::Stop(f)) => return Err(f),
            Err(ReadFail::Read(e)) => {
                cx.diag.error(format_args!("{}: {}", self.name, io_msg(&e)));
                return Ok(None);
            }
        }
        self.line_no += 1;
        let text = self.buf.strip_suffix(&[eol]).unwrap_or(&self.buf).to_vec();
        let line = Line::new(text, cx.o.tab);
        let key = line.key(self.field);
        let checking = match cx.o.check {
            Check::Disabled => false,
            Check::Enabled => true,
            Check::Default => cx.seen_unpairable,
        };
        if checking
            && !self.warned
            && let Some(prev) = &self.prev_key
            && keycmp(prev, key, cx.o.ignore_case) == Ordering::Greater
        {
            // GNU's error() flushes standard output first.
            cx.out.flush()?;
            cx.diag.error(format_args!(
                "{}:{}: is not sorted: {}",
                self.name,
                self.line_no,
                String::from_utf8_lossy(&line.text)
            ));
            self.warned = true;
            if cx.o.check == Check::Enabled {
                cx.fatal = true;
            }
        }
        self.prev_key = Some(key.to_vec());
        Ok(Some(line))
    }

    /// Adds `line` to the run `seq`, charging it (a line costs its bytes,
    /// its field table and its headers).
    fn push(&mut self, seq: &mut Vec<Line>, line: Line) -> Res<()> {
        let cost = line.text.len() + line.fields.len() * 16 + 48;
        seq.push(line);
        let total = self.held.bytes().saturating_add(cost as u64);
        hold(&mut self.held, total)
    }

    /// Charges exactly what `seq` (a fresh run of at most one line) holds.
    fn reset(&mut self, seq: &[Line]) -> Res<()> {
        let total: usize = seq
            .iter()
            .map(|l| l.text.len() + l.fields.len() * 16 + 48)
            .sum();
        settle(&mut self.held, total as u64)
    }
}

/// Writes one output line for `l1` and `l2` (either may be missing: an
/// unpaired line) as GNU's `prjoin` does.
fn prjoin(
    o: &Opts,
    auto: [usize; 2],
    l1: Option<&Line>,
    l2: Option<&Line>,
    buf: &mut Vec<u8>,
    out: &mut Out<'_>,
) -> Res<()> {
    let sep = match o.tab {
        Tab::Char(c) => c,
        Tab::Whole => b'\n',
        Tab::Blanks => b' ',
    };
    buf.clear();
    let field =
        |buf: &mut Vec<u8>, line: Option<&Line>, n: usize| match line.and_then(|l| l.field(n)) {
            Some(f) if !f.is_empty() => buf.extend_from_slice(f),
            _ => {
                if let Some(e) = &o.empty {
                    buf.extend_from_slice(e);
                }
            }
        };
    let (jline, jfield) = match l1 {
        Some(_) => (l1, o.fields[0]),
        None => (l2, o.fields[1]),
    };
    if o.format.is_empty() {
        field(buf, jline, jfield);
        for (line, jf, count) in [(l1, o.fields[0], auto[0]), (l2, o.fields[1], auto[1])] {
            let n = if o.auto {
                count
            } else {
                line.map_or(0, |l| l.fields.len())
            };
            for i in (0..n).filter(|&i| i != jf) {
                buf.push(sep);
                field(buf, line, i);
            }
        }
    } else {
        for (k, spec) in o.format.iter().enumerate() {
            if k > 0 {
                buf.push(sep);
            }
            match *spec {
                Spec::Join => field(buf, jline, jfield),
                Spec::Of(0, n) => field(buf, l1, n),
                Spec::Of(_, n) => field(buf, l2, n),
            }
        }
    }
    buf.push(o.eol);
    out.put(buf)
}

fn join(sys: &mut Sys<'_>, o: &Opts, ops: [&String; 2]) -> Res<i32> {
    if ops.iter().all(|op| *op == "-") {
        sys.diag.error("both files cannot be standard input");
        return Ok(1);
    }
    let inputs = match open_two(&mut *sys.stdin, sys.fs, sys.cwd, [ops[0], ops[1]]) {
        Ok(i) => i,
        // A directory opens in GNU and fails at the first read.
        Err((_, e)) if e.kind == FsErrorKind::IsADirectory => {
            sys.diag.error(format_args!("read error: {}", e.kind));
            return Ok(1);
        }
        Err((op, e)) => {
            sys.diag.fs(&op, &e);
            return Ok(1);
        }
    };
    let memory = sys.memory;
    let mut k = 0;
    let mut sides = inputs.map(|i| {
        let side = Side {
            r: BufReader::with_capacity(64 * 1024, i),
            name: ops.get(k).map(|s| s.to_string()).unwrap_or_default(),
            buf: Vec::new(),
            read_charge: Charge::on(memory),
            held: Charge::on(memory),
            line_no: 0,
            prev_key: None,
            warned: false,
            field: o.fields.get(k).copied().unwrap_or(0),
        };
        k += 1;
        side
    });
    let mut cx = Ctx {
        o,
        tick: &mut sys.tick,
        diag: &mut sys.diag,
        out: &mut sys.out,
        memory,
        seen_unpairable: false,
        fatal: false,
    };
    let [s1, s2] = &mut sides;
    let mut buf = Vec::new();
    let mut seq1: Vec<Line> = s1.get_line(&mut cx)?.into_iter().collect();
    let mut seq2: Vec<Line> = s2.get_line(&mut cx)?.into_iter().collect();
    let auto = [
        seq1.first().map_or(0, |l| l.fields.len()),
        seq2.first().map_or(0, |l| l.fields.len()),
    ];
    let (f1, f2) = (o.fields[0], o.fields[1]);
    let ic = o.ignore_case;
    if o.header && (!seq1.is_empty() || !seq2.is_empty()) {
        prjoin(o, auto, seq1.first(), seq2.first(), &mut buf, cx.out)?;
        s1.prev_key = None;
        s2.prev_key = None;
        if !seq1.is_empty() {
            seq1 = s1.get_line(&mut cx)?.into_iter().collect();
        }
        if !seq2.is_empty() {
            seq2 = s2.get_line(&mut cx)?.into_iter().collect();
        }
    }
    while let (Some(a), Some(b)) = (seq1.first(), seq2.first()) {
        if cx.fatal {
            return Ok(1);
        }
        match keycmp(a.key(f1), b.key(f2), ic) {
            Ordering::Less => {
                if o.unpaired[0] {
                    prjoin(o, auto, Some(a), None, &mut buf, cx.out)?;
                }
                // GNU marks the line unpairable after reading the next
                // one, which is therefore not yet order-checked.
                seq1 = s1.get_line(&mut cx)?.into_iter().collect();
                cx.seen_unpairable = true;
                continue;
            }
            Ordering::Greater => {
                if o.unpaired[1] {
                    prjoin(o, auto, None, Some(b), &mut buf, cx.out)?;
                }
                seq2 = s2.get_line(&mut cx)?.into_iter().collect();
                cx.seen_unpairable = true;
                continue;
            }
            Ordering::Equal => {}
        }
        // Gather the lines of each side that share the key; the line that
        // ends a run (if any) starts the next.
        let mut next1 = None;
        while let Some(l) = s1.get_line(&mut cx)? {
            let same = seq2
                .first()
                .is_some_and(|b| keycmp(l.key(f1), b.key(f2), ic) == Ordering::Equal);
            if !same {
                next1 = Some(l);
                break;
            }
            s1.push(&mut seq1, l)?;
        }
        let mut next2 = None;
        while let Some(l) = s2.get_line(&mut cx)? {
            let same = seq1
                .first()
                .is_some_and(|a| keycmp(a.key(f1), l.key(f2), ic) == Ordering::Equal);
            if !same {
                next2 = Some(l);
                break;
            }
            s2.push(&mut seq2, l)?;
        }
        if cx.fatal {
            return Ok(1);
        }
        if o.pairables {
            for a in &seq1 {
                for b in &seq2 {
                    cx.tick.tick()?;
                    prjoin(o, auto, Some(a), Some(b), &mut buf, cx.out)?;
                }
            }
        }
        seq1 = next1.into_iter().collect();
        seq2 = next2.into_iter().collect();
        s1.reset(&seq1)?;
        s2.reset(&seq2)?;
    }
    if cx.fatal {
        return Ok(1);
    }
    // The tail ends: printed when asked for, and read for the order check.
    for (i, (side, seq)) in [(&mut *s1, &seq1), (&mut *s2, &seq2)]
        .into_iter()
        .enumerate()
    {
        let print = o.unpaired.get(i).copied().unwrap_or(false);
        let check = match o.check {
            Check::Disabled => false,
            Check::Enabled => true,
            Check::Default => cx.seen_unpairable,
        };
        let Some(first) = seq.first() else { continue };
        if !(print || check) {
            continue;
        }
        fn pick(i: usize, l: &Line) -> (Option<&Line>, Option<&Line>) {
            if i == 0 {
                (Some(l), None)
            } else {
                (None, Some(l))
            }
        }
        if print {
            let (a, b) = pick(i, first);
            prjoin(o, auto, a, b, &mut buf, cx.out)?;
        }
        while let Some(l) = side.get_line(&mut cx)? {
            if cx.fatal {
                return Ok(1);
            }
            if print {
                let (a, b) = pick(i, &l);
                prjoin(o, auto, a, b, &mut buf, cx.out)?;
            }
            if side.warned && !print {
                break;
            }
        }
    }
    if s1.warned || s2.warned {
        cx.out.flush()?;
        cx.diag.error("input is not in sorted order");
        return Ok(1);
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::Join;
    use crate::testutil::*;

    fn j(args: &[&str], x: &str, y: &str) -> (String, String, i32) {
        let fs = TestFs::new();
        fs.file("x", x.as_bytes()).file("y", y.as_bytes());
        let mut all: Vec<&str> = args.to_vec();
        all.extend(["x", "y"]);
        let o = run(&Join, &all, b"", &fs);
        (o.out, o.err, o.status)
    }

    #[test]
    fn joins() {
        let (x, y) = ("1 a\n2 b\n", "1 A\n3 C\n");
        assert_eq!(
            j(&["-j1", "2"], "a 1\nb 2\n", "1 X\n2 Y\n").0,
            "1 a X\n2 b Y\n"
        );
        assert_eq!(j(&["-j2", "1"], "a 1\n", "1 X\n").0, "");
        assert_eq!(j(&[], x, y).0, "1 a A\n");
        assert_eq!(j(&["-a1"], x, y).0, "1 a A\n2 b\n");
        assert_eq!(j(&["-a1", "-a2"], x, y).0, "1 a A\n2 b\n3 C\n");
        assert_eq!(j(&["-v2"], x, y).0, "3 C\n");
        assert_eq!(
            j(&["-a1", "-a2", "-e", "NULL", "-o", "0,1.2,2.2"], x, y).0,
            "1 a A\n2 b NULL\n3 NULL C\n"
        );
        assert_eq!(
            j(&[], "1 a\n1 b\n", "1 X\n1 Y\n").0,
            "1 a X\n1 a Y\n1 b X\n1 b Y\n"
        );
        assert_eq!(j(&["-t", ","], "k,,c\n", "k,z\n").0, "k,,c,z\n");
        assert_eq!(
            j(&["-o", "auto", "-e", "-"], "1 a b\n2 c\n", "1 A\n2 B C\n").0,
            "1 a b A\n2 c - B\n"
        );
        assert_eq!(
            j(&["-j", "2"], "a 1\nb 2\n", "c 1\nd 2\n").0,
            "1 a c\n2 b d\n"
        );
        assert_eq!(j(&["-i"], "A 1\nb 2\n", "a x\nB y\n").0, "A 1 x\nb 2 y\n");
        assert_eq!(
            j(&["--header"], "id n\n1 a\n", "id v\n1 10\n").0,
            "id n v\n1 a 10\n"
        );
        assert_eq!(j(&[], "1   a\n", "  1 A\n").0, "1 a A\n");
    }

    #[test]
    fn order_and_errors() {
        let (out, err, st) = j(&[], "2 b\n1 a\n", "1 A\n2 B\n");
        assert_eq!(out, "2 b B\n");
        assert_eq!(
            err,
            "join: x:2: is not sorted: 1 a\njoin: input is not in sorted order\n"
        );
        assert_eq!(st, 1);
        let (_, err, st) = j(&["--nocheck-order"], "2 b\n1 a\n", "1 A\n2 B\n");
        assert_eq!((err.as_str(), st), ("", 0));
        let (_, err, _) = j(&["-1", "0"], "", "");
        assert_eq!(err, "join: invalid field number: '0'\n");
        let (_, err, _) = j(&["-o", "3.1"], "", "");
        assert_eq!(err, "join: invalid file number in field spec: '3.1'\n");
        let (_, err, _) = j(&["-e", "E", "-e", ""], "", "");
        assert_eq!(err, "join: conflicting empty-field replacement strings\n");
        let (_, err, _) = j(&["-t", "ab"], "", "");
        assert_eq!(err, "join: multi-character tab 'ab'\n");
        let o = run0(&Join, &["-", "-"], b"");
        assert_eq!(o.err, "join: both files cannot be standard input\n");
        let (_, err, _) = j(&["-1", "2", "-j", "1"], "", "");
        assert_eq!(err, "join: incompatible join fields 2, 1\n");
    }
}
