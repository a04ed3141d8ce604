//! `sort`: sort lines of text files.

use std::cmp::Ordering;
use std::io::{Read, Write as _};

use sandbash_vfs::WriteMode;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::input::open_input;
use crate::common::sys::{Res, Sys, hold, io_msg};
use crate::common::vercmp::filevercmp;

/// The `sort` utility: `-b -d -f -g -h -i -M -n -R -r -V` (globally or per
/// key), `-k POS1[,POS2]`, `-t SEP`, `-s`, `-u`, `-o FILE`, `-c`/`-C`,
/// `-m`, `-z`. Bytes compare in the C locale; ties fall back to whole-line
/// comparison unless `-s` or `-u`. Input is held in memory, charged to the
/// run's memory budget: past it, `sort: memory exhausted` (status 2) and
/// the shell ends the run on its memory limit.
pub struct Sort;

/// The options of `sort`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opt {
    /// An ordering option, by its letter (`-n`, `-r`...), global here and
    /// per key in a KEYDEF.
    Order(char),
    SortWord,
    Key,
    FieldSeparator,
    Stable,
    Unique,
    Output,
    Check,
    CheckQuiet,
    CheckWord,
    Merge,
    Zero,
    BufferSize,
    TemporaryDirectory,
    Parallel,
    BatchSize,
    Debug,
    RandomSource,
}

impl Command for Sort {
    const NAME: &'static str = "sort";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: "Write sorted concatenation of all FILE(s) to standard output.

With no FILE, or when FILE is -, read standard input.",
        after: "KEYDEF is F[.C][OPTS][,F[.C][OPTS]] for start and stop position, where F is a
field number and C a character position in the field; both are origin 1, and
the stop position defaults to the line's end.  If neither -t nor -b is in
effect, characters in a field are counted from the beginning of the preceding
whitespace.  OPTS is one or more single-letter ordering options [bdfgiMhnRrV],
which override global ordering options for that key.  If no key is given, use
the entire line as the key.",
    };
    type Key = Opt;
    const FLAGS: &'static [Flag<Opt>] = &[
        Flag::new('b', &["ignore-leading-blanks"], Opt::Order('b'), "ignore leading blanks"),
        Flag::new('d', &["dictionary-order"], Opt::Order('d'), "consider only blanks and alphanumeric characters"),
        Flag::new('f', &["ignore-case"], Opt::Order('f'), "fold lower case to upper case characters"),
        Flag::new('g', &["general-numeric-sort"], Opt::Order('g'), "compare according to general numerical value"),
        Flag::new('i', &["ignore-nonprinting"], Opt::Order('i'), "consider only printable characters"),
        Flag::new('M', &["month-sort"], Opt::Order('M'), "compare (unknown) < 'JAN' < ... < 'DEC'"),
        Flag::new('h', &["human-numeric-sort"], Opt::Order('h'), "compare human readable numbers (e.g., 2K 1G)"),
        Flag::new('n', &["numeric-sort"], Opt::Order('n'), "compare according to string numerical value"),
        Flag::new('R', &["random-sort"], Opt::Order('R'), "shuffle, but group identical keys"),
        Flag::long(&["random-source"], Opt::RandomSource, "accepted and ignored").value("FILE"),
        Flag::new('r', &["reverse"], Opt::Order('r'), "reverse the result of comparisons"),
        Flag::long(&["sort"], Opt::SortWord, "sort according to WORD:\n  general-numeric -g, human-numeric -h, month -M,\n  numeric -n, random -R, version -V").value("WORD"),
        Flag::new('V', &["version-sort"], Opt::Order('V'), "natural sort of (version) numbers within text"),
        Flag::long(&["batch-size"], Opt::BatchSize, "accepted and ignored").value("NMERGE"),
        Flag::new('c', &[], Opt::Check, "check for sorted input; do not sort"),
        Flag::long(&["check"], Opt::CheckWord, "like -c, or -C with 'quiet' or 'silent'").optional("WHEN"),
        Flag::new('C', &[], Opt::CheckQuiet, "like -c, but do not report first bad line"),
        Flag::long(&["debug"], Opt::Debug, "accepted and ignored"),
        Flag::new('k', &["key"], Opt::Key, "sort via a key; KEYDEF gives location and type").value("KEYDEF"),
        Flag::new('m', &["merge"], Opt::Merge, "merge already sorted files; do not sort"),
        Flag::new('o', &["output"], Opt::Output, "write result to FILE instead of standard output").value("FILE"),
        Flag::new('s', &["stable"], Opt::Stable, "stabilize sort by disabling last-resort comparison"),
        Flag::new('S', &["buffer-size"], Opt::BufferSize, "accepted and ignored").value("SIZE"),
        Flag::new('t', &["field-separator"], Opt::FieldSeparator, "use SEP instead of non-blank to blank transition").value("SEP"),
        Flag::new('T', &["temporary-directory"], Opt::TemporaryDirectory, "accepted and ignored").value("DIR"),
        Flag::long(&["parallel"], Opt::Parallel, "accepted and ignored").value("N"),
        Flag::new('u', &["unique"], Opt::Unique, "with -c, check for strict ordering;\n  without -c, output only the first of an equal run"),
        Flag::zero_terminated(Opt::Zero),
    ];
    const SYNTAX: Syntax = Syntax::GNU.status(2);

    fn main(sys: &mut Sys<'_>, p: Args<Opt>) -> Res<i32> {
        main(sys, p)
    }
}

#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
enum Kind {
    #[default]
    Text,
    Numeric,
    General,
    Human,
    Month,
    Version,
    Random,
}

#[derive(Clone, Copy, Default, Debug)]
struct Flags {
    kind: Kind,
    reverse: bool,
    fold: bool,
    dictionary: bool,
    nonprint: bool,
    blanks_start: bool,
    blanks_end: bool,
}

impl Flags {
    fn any(&self) -> bool {
        self.kind != Kind::Text
            || self.reverse
            || self.fold
            || self.dictionary
            || self.nonprint
            || self.blanks_start
            || self.blanks_end
    }

    /// Applies one option letter; false when it is not an ordering option.
    fn set(&mut self, c: char) -> bool {
        match c {
            'b' => (self.blanks_start, self.blanks_end) = (true, true),
            'd' => self.dictionary = true,
            'f' => self.fold = true,
            'g' => self.kind = Kind::General,
            'h' => self.kind = Kind::Human,
            'i' => self.nonprint = true,
            'M' => self.kind = Kind::Month,
            'n' => self.kind = Kind::Numeric,
            'R' => self.kind = Kind::Random,
            'r' => self.reverse = true,
            'V' => self.kind = Kind::Version,
            _ => return false,
        }
        true
    }
}

#[derive(Clone, Debug)]
struct Key {
    /// Start field (0-based) and character (0-based) within it.
    sfield: usize,
    schar: usize,
    /// End field (0-based) and character count (0: end of field); `None`
    /// means the end of the line.
    end: Option<(usize, usize)>,
    flags: Flags,
    own_flags: bool,
}

struct Config {
    keys: Vec<Key>,
    tab: Option<u8>,
    stable: bool,
    unique: bool,
    reverse: bool,
    seed: u64,
}

fn parse_num(s: &str) -> (Option<usize>, &str) {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let (d, rest) = s.split_at(end);
    if d.is_empty() {
        return (None, rest);
    }
    (Some(d.parse().unwrap_or(usize::MAX)), rest)
}

fn parse_key(spec: &str) -> Result<Key, String> {
    let bad = |why: &str| format!("{why}: invalid field specification '{spec}'");
    let (start, end) = match spec.split_once(',') {
        Some((a, b)) => (a, Some(b)),
        None => (spec, None),
    };
    let mut flags = Flags::default();
    let mut own = false;
    let (f, mut rest) = parse_num(start);
    let Some(f) = f else {
        return Err(format!(
            "invalid number at field start: invalid count at start of '{start}'"
        ));
    };
    if f == 0 {
        return Err(bad("field number is zero"));
    }
    let mut schar = 1;
    if let Some(r) = rest.strip_prefix('.') {
        let (c, r2) = parse_num(r);
        let Some(c) = c else {
            return Err(format!(
                "invalid number after '.': invalid count at start of '{r}'"
            ));
        };
        if c == 0 {
            return Err(bad("character offset is zero"));
        }
        schar = c;
        rest = r2;
    }
    let mut blanks_start = false;
    for c in rest.chars() {
        if c == 'b' {
            blanks_start = true;
        }
        if !flags.set(c) {
            return Err(bad("stray character in field spec"));
        }
        own = true;
    }
    flags.blanks_end = false;
    flags.blanks_start = blanks_start;
    let mut end_pos = None;
    if let Some(e) = end {
        let (ef, mut rest) = parse_num(e);
        let Some(ef) = ef else {
            return Err(format!(
                "invalid number after ',': invalid count at start of '{e}'"
            ));
        };
        if ef == 0 {
            return Err(bad("field number is zero"));
        }
        let mut echar = 0;
        if let Some(r) = rest.strip_prefix('.') {
            let (c, r2) = parse_num(r);
            let Some(c) = c else {
                return Err(format!(
                    "invalid number after '.': invalid count at start of '{r}'"
                ));
            };
            echar = c;
            rest = r2;
        }
        for c in rest.chars() {
            if c == 'b' {
                flags.blanks_end = true;
            } else if !flags.set(c) {
                return Err(bad("stray character in field spec"));
            }
            own = true;
        }
        end_pos = Some((ef - 1, echar));
    }
    Ok(Key {
        sfield: f - 1,
        schar: schar - 1,
        end: end_pos,
        flags,
        own_flags: own,
    })
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

fn skip_blanks(line: &[u8], mut p: usize) -> usize {
    while line.get(p).is_some_and(|&b| is_blank(b)) {
        p += 1;
    }
    p
}

fn field_start(line: &[u8], tab: Option<u8>, idx: usize) -> usize {
    let mut p = 0;
    for _ in 0..idx {
        match tab {
            Some(t) => match line.get(p..).and_then(|s| s.iter().position(|&b| b == t)) {
                Some(i) => p += i + 1,
                None => return line.len(),
            },
            None => {
                p = skip_blanks(line, p);
                while line.get(p).is_some_and(|&b| !is_blank(b)) {
                    p += 1;
                }
            }
        }
        if p >= line.len() {
            return line.len();
        }
    }
    p
}

fn field_end(line: &[u8], tab: Option<u8>, idx: usize) -> usize {
    let mut p = field_start(line, tab, idx);
    match tab {
        Some(t) => {
            while line.get(p).is_some_and(|&b| b != t) {
                p += 1;
            }
        }
        None => {
            p = skip_blanks(line, p);
            while line.get(p).is_some_and(|&b| !is_blank(b)) {
                p += 1;
            }
        }
    }
    p
}

fn key_slice<'l>(line: &'l [u8], key: &Key, tab: Option<u8>) -> &'l [u8] {
    let mut beg = field_start(line, tab, key.sfield);
    if key.flags.blanks_start {
        beg = skip_blanks(line, beg);
    }
    beg = beg.saturating_add(key.schar).min(line.len());
    let end = match key.end {
        None => line.len(),
        Some((ef, 0)) => field_end(line, tab, ef),
        Some((ef, ec)) => {
            let mut p = field_start(line, tab, ef);
            if key.flags.blanks_end {
                p = skip_blanks(line, p);
            }
            p.saturating_add(ec).min(line.len())
        }
    };
    line.get(beg..end.max(beg)).unwrap_or(&[])
}

/// Splits a numeric string into sign, integer digits (no leading zeros)
/// and fraction digits (no trailing zeros), plus the rest.
fn split_number(s: &[u8]) -> (bool, &[u8], &[u8], &[u8]) {
    let p = skip_blanks(s, 0);
    let mut i = p;
    let neg = s.get(i) == Some(&b'-');
    if neg {
        i += 1;
    }
    let int_start = i;
    while s.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    let mut int = s.get(int_start..i).unwrap_or(&[]);
    while int.first() == Some(&b'0') {
        int = int.get(1..).unwrap_or(&[]);
    }
    let mut frac: &[u8] = &[];
    if s.get(i) == Some(&b'.') {
        let fs = i + 1;
        i = fs;
        while s.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        frac = s.get(fs..i).unwrap_or(&[]);
        while frac.last() == Some(&b'0') {
            frac = frac.get(..frac.len() - 1).unwrap_or(&[]);
        }
    }
    (neg, int, frac, s.get(i..).unwrap_or(&[]))
}

fn num_cmp(a: &[u8], b: &[u8]) -> Ordering {
    let (an, ai, af, _) = split_number(a);
    let (bn, bi, bf, _) = split_number(b);
    let a_zero = ai.is_empty() && af.is_empty();
    let b_zero = bi.is_empty() && bf.is_empty();
    let an = an && !a_zero;
    let bn = bn && !b_zero;
    if an != bn {
        return if an {
            Ordering::Less
        } else {
            Ordering::Greater
        };
    }
    let mag = ai
        .len()
        .cmp(&bi.len())
        .then_with(|| ai.cmp(bi))
        .then_with(|| af.cmp(bf));
    if an { mag.reverse() } else { mag }
}

fn unit_order(s: &[u8]) -> i32 {
    let (neg, int, frac, rest) = split_number(s);
    if int.is_empty() && frac.is_empty() {
        return 0;
    }
    let order = match rest.first() {
        Some(b'k' | b'K') => 1,
        Some(b'M') => 2,
        Some(b'G') => 3,
        Some(b'T') => 4,
        Some(b'P') => 5,
        Some(b'E') => 6,
        Some(b'Z') => 7,
        Some(b'Y') => 8,
        Some(b'R') => 9,
        Some(b'Q') => 10,
        _ => 0,
    };
    if neg { -order } else { order }
}

fn human_cmp(a: &[u8], b: &[u8]) -> Ordering {
    unit_order(a)
        .cmp(&unit_order(b))
        .then_with(|| num_cmp(a, b))
}

/// The longest prefix of `s` (after blanks) that `strtod` would accept.
fn general_value(s: &[u8]) -> Option<f64> {
    let p = skip_blanks(s, 0);
    let t = std::str::from_utf8(s.get(p..)?).ok().or_else(|| {
        let valid = s.get(p..)?;
        let up = valid
            .iter()
            .position(|b| !b.is_ascii())
            .unwrap_or(valid.len());
        std::str::from_utf8(valid.get(..up)?).ok()
    })?;
    let lower = t.to_ascii_lowercase();
    let (sign, body) = match lower.strip_prefix('-') {
        Some(r) => (-1.0, r),
        None => (1.0, lower.strip_prefix('+').unwrap_or(&lower)),
    };
    if body.starts_with("inf") {
        return Some(sign * f64::INFINITY);
    }
    if body.starts_with("nan") {
        return Some(f64::NAN);
    }
    if let Some(hex) = body.strip_prefix("0x")
        && let Some(v) = hex_float(hex)
    {
        return Some(sign * v);
    }
    let bytes = body.as_bytes();
    let mut i = 0;
    let mut digits = 0;
    while bytes.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
        digits += 1;
    }
    if bytes.get(i) == Some(&b'.') {
        i += 1;
        while bytes.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
            digits += 1;
        }
    }
    if digits == 0 {
        return None;
    }
    if bytes.get(i) == Some(&b'e') {
        let mut j = i + 1;
        if matches!(bytes.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        if bytes.get(j).is_some_and(u8::is_ascii_digit) {
            while bytes.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
            i = j;
        }
    }
    body.get(..i)?.parse::<f64>().ok().map(|v| sign * v)
}

/// `strtod`'s hexadecimal form after `0x` (lower-cased): hex digits, an
/// optional fraction, an optional binary exponent `pN`; `None` without a
/// digit (then `strtod` reads just the `0`).
fn hex_float(s: &str) -> Option<f64> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut v = 0f64;
    let mut digits = 0;
    while let Some(d) = b.get(i).and_then(|c| (*c as char).to_digit(16)) {
        v = v * 16.0 + f64::from(d);
        i += 1;
        digits += 1;
    }
    let mut scale = 0i32;
    if b.get(i) == Some(&b'.') {
        i += 1;
        while let Some(d) = b.get(i).and_then(|c| (*c as char).to_digit(16)) {
            v = v * 16.0 + f64::from(d);
            scale = scale.saturating_sub(4);
            i += 1;
            digits += 1;
        }
    }
    if digits == 0 {
        return None;
    }
    if b.get(i) == Some(&b'p') {
        let mut j = i + 1;
        let neg = b.get(j) == Some(&b'-');
        if matches!(b.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        let mut e = 0i32;
        let mut any = false;
        while let Some(d) = b.get(j).filter(|c| c.is_ascii_digit()) {
            e = e.saturating_mul(10).saturating_add(i32::from(d - b'0'));
            j += 1;
            any = true;
        }
        if any {
            scale = scale.saturating_add(if neg { -e } else { e });
        }
    }
    Some(v * 2f64.powi(scale))
}

fn general_cmp(a: &[u8], b: &[u8]) -> Ordering {
    let rank = |v: Option<f64>| match v {
        None => 0,
        Some(x) if x.is_nan() => 1,
        Some(_) => 2,
    };
    let (va, vb) = (general_value(a), general_value(b));
    match (va, vb) {
        (Some(x), Some(y)) if !x.is_nan() && !y.is_nan() => {
            x.partial_cmp(&y).unwrap_or(Ordering::Equal)
        }
        _ => rank(va).cmp(&rank(vb)),
    }
}

fn month(s: &[u8]) -> usize {
    const M: [&[u8]; 12] = [
        b"JAN", b"FEB", b"MAR", b"APR", b"MAY", b"JUN", b"JUL", b"AUG", b"SEP", b"OCT", b"NOV",
        b"DEC",
    ];
    let p = skip_blanks(s, 0);
    let Some(w) = s.get(p..p + 3) else {
        return 0;
    };
    let up: Vec<u8> = w.to_ascii_uppercase();
    M.iter()
        .position(|m| *m == up.as_slice())
        .map_or(0, |i| i + 1)
}

fn hash(seed: u64, s: &[u8]) -> u64 {
    // FNV-1a mixed with the seed.
    let mut h = 0xcbf2_9ce4_8422_2325u64 ^ seed;
    for &b in s {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

fn text_cmp(a: &[u8], b: &[u8], f: &Flags) -> Ordering {
    if !(f.fold || f.dictionary || f.nonprint) {
        return a.cmp(b);
    }
    let keep = |c: &u8| {
        (!f.dictionary || is_blank(*c) || c.is_ascii_alphanumeric())
            && (!f.nonprint || (0x20..0x7f).contains(c))
    };
    let map = |c: &u8| if f.fold { c.to_ascii_uppercase() } else { *c };
    let ia = a.iter().filter(|c| keep(c)).map(map);
    let ib = b.iter().filter(|c| keep(c)).map(map);
    ia.cmp(ib)
}

fn key_cmp(a: &[u8], b: &[u8], f: &Flags, seed: u64) -> Ordering {
    let o = match f.kind {
        Kind::Text => text_cmp(a, b, f),
        Kind::Numeric => num_cmp(a, b),
        Kind::General => general_cmp(a, b),
        Kind::Human => human_cmp(a, b),
        Kind::Month => month(a).cmp(&month(b)),
        Kind::Version => filevercmp(a, b),
        Kind::Random => hash(seed, a)
            .cmp(&hash(seed, b))
            .then_with(|| text_cmp(a, b, f)),
    };
    if f.reverse { o.reverse() } else { o }
}

fn keys_cmp(cfg: &Config, a: &[u8], b: &[u8]) -> Ordering {
    if cfg.keys.is_empty() {
        let o = a.cmp(b);
        return if cfg.reverse { o.reverse() } else { o };
    }
    for k in &cfg.keys {
        let o = key_cmp(
            key_slice(a, k, cfg.tab),
            key_slice(b, k, cfg.tab),
            &k.flags,
            cfg.seed,
        );
        if o != Ordering::Equal {
            return o;
        }
    }
    Ordering::Equal
}

fn full_cmp(cfg: &Config, a: &[u8], b: &[u8]) -> Ordering {
    let o = keys_cmp(cfg, a, b);
    if o != Ordering::Equal || cfg.stable || cfg.unique {
        return o;
    }
    let o = a.cmp(b);
    if cfg.reverse { o.reverse() } else { o }
}

/// `-m`: merges the operands' lines (each run starting at its index in
/// `starts`) as GNU does, taking them as already sorted: at each step the
/// smallest head goes out, the earlier operand's on a tie; unsorted input
/// comes out merged, not sorted.
fn merge_runs(
    sys: &mut Sys<'_>,
    cfg: &Config,
    digest: Digest,
    data: &[u8],
    bounds: Vec<Rec>,
    starts: &[usize],
) -> Res<Vec<Rec>> {
    let total = bounds.len();
    let mut heads: Vec<(usize, usize)> = starts
        .iter()
        .enumerate()
        .map(|(i, &s)| (s, starts.get(i + 1).copied().unwrap_or(total)))
        .filter(|(s, e)| s < e)
        .collect();
    let mut order: Vec<usize> = Vec::with_capacity(total);
    while !heads.is_empty() {
        sys.tick.tick()?;
        let mut best = 0;
        for i in 1..heads.len() {
            let (Some(a), Some(b)) = (heads.get(i), heads.get(best)) else {
                break;
            };
            if let (Some(ra), Some(rb)) = (bounds.get(a.0), bounds.get(b.0))
                && rec_cmp(cfg, digest, data, ra, rb) == Ordering::Less
            {
                best = i;
            }
        }
        let Some(h) = heads.get_mut(best) else { break };
        order.push(h.0);
        h.0 += 1;
        if h.0 >= h.1 {
            heads.remove(best);
        }
    }
    let mut slots: Vec<Option<Rec>> = bounds.into_iter().map(Some).collect();
    Ok(order
        .into_iter()
        .filter_map(|i| slots.get_mut(i).and_then(Option::take))
        .collect())
}

/// One line held for sorting: where it is in the data and, found once
/// when the line is read rather than at every comparison, where its first
/// key is and an order-preserving digest of that key.
///
/// Invariant: `size_of::<Rec>()` is 32 bytes (two offsets, a key window,
/// the digest), the per-line cost the memory budget charges; checked by
/// `rec_stays_small`.
struct Rec {
    start: usize,
    end: usize,
    /// The first key's offset from `start` and its length; `u32::MAX` as
    /// the offset when the key lies past 4 GiB into the line (it is then
    /// found again at each comparison).
    key_off: u32,
    key_len: u32,
    /// [`Digest`] of the first key.
    digest: u64,
}

/// What a [`Rec`] costs, charged per line.
const REC_BYTES: u64 = std::mem::size_of::<Rec>() as u64;

/// How a line's first key is condensed into a `u64` that orders as the
/// key does, without its ties: if `digest(a) < digest(b)` then the key of
/// `a` sorts before the key of `b`; equal digests decide nothing and the
/// full comparison runs. Most comparisons of a sort are then one integer
/// comparison instead of a walk over two keys.
///
/// Invariant: each digest is monotone (non-decreasing) in its key order;
/// checked by `digests_agree_with_comparisons`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Digest {
    /// No digest: every comparison is a full one.
    None,
    /// The key's first 8 bytes, big-endian, zero-padded (plain byte order).
    Prefix,
    /// The key's number (as `-n` reads it), scaled to 6 fraction digits,
    /// truncated toward zero, saturated past 12 integer digits.
    Number,
}

impl Digest {
    /// The digest the first key (or the whole line) can use.
    fn of(cfg: &Config) -> Self {
        let Some(k) = cfg.keys.first() else {
            return Digest::Prefix;
        };
        let f = k.flags;
        match f.kind {
            Kind::Text if !(f.fold || f.dictionary || f.nonprint) => Digest::Prefix,
            Kind::Numeric => Digest::Number,
            _ => Digest::None,
        }
    }

    fn digest(self, key: &[u8]) -> u64 {
        match self {
            Digest::None => 0,
            Digest::Prefix => {
                let mut b = [0u8; 8];
                for (d, s) in b.iter_mut().zip(key) {
                    *d = *s;
                }
                u64::from_be_bytes(b)
            }
            Digest::Number => {
                const SCALE: i64 = 1_000_000;
                let (neg, int, frac, _) = split_number(key);
                let mut v: i64 = if int.len() > 12 {
                    1_000_000_000_000_000_000
                } else {
                    let whole = int.iter().fold(0i64, |n, d| n * 10 + i64::from(d - b'0'));
                    let mut part = 0i64;
                    for i in 0..6 {
                        part = part * 10 + frac.get(i).map_or(0, |d| i64::from(d - b'0'));
                    }
                    whole * SCALE + part
                };
                if neg {
                    v = -v;
                }
                (v as u64) ^ (1 << 63)
            }
        }
    }
}

impl Rec {
    fn new(data: &[u8], start: usize, end: usize, cfg: &Config, digest: Digest) -> Self {
        let line = data.get(start..end).unwrap_or(&[]);
        let key = match cfg.keys.first() {
            Some(k) => key_slice(line, k, cfg.tab),
            None => line,
        };
        // The key is a subslice of the line: its offset is the distance
        // between their starts.
        let at = (key.as_ptr() as usize).wrapping_sub(line.as_ptr() as usize);
        let (key_off, key_len) = match (u32::try_from(at), u32::try_from(key.len())) {
            _ if key.is_empty() => (0, 0),
            (Ok(o), Ok(l)) if o != u32::MAX && at <= line.len() => (o, l),
            _ => (u32::MAX, 0),
        };
        Self {
            start,
            end,
            key_off,
            key_len,
            digest: digest.digest(key),
        }
    }

    fn line<'d>(&self, data: &'d [u8]) -> &'d [u8] {
        data.get(self.start..self.end).unwrap_or(&[])
    }

    /// The first key: from the window when it fits, else found again.
    fn key<'d>(&self, data: &'d [u8], cfg: &Config) -> &'d [u8] {
        let line = self.line(data);
        match cfg.keys.first() {
            Some(k) if self.key_off == u32::MAX => key_slice(line, k, cfg.tab),
            _ => {
                let off = self.key_off as usize;
                line.get(off..off + self.key_len as usize).unwrap_or(&[])
            }
        }
    }
}

/// [`full_cmp`] with the first key taken from the records, decided by
/// their digests when those differ.
fn rec_cmp(cfg: &Config, digest: Digest, data: &[u8], a: &Rec, b: &Rec) -> Ordering {
    if digest != Digest::None && a.digest != b.digest {
        let o = a.digest.cmp(&b.digest);
        let reverse = cfg.keys.first().map_or(cfg.reverse, |k| k.flags.reverse);
        return if reverse { o.reverse() } else { o };
    }
    let la = a.line(data);
    let lb = b.line(data);
    let (Some(first), Some(rest)) = (cfg.keys.first(), cfg.keys.get(1..)) else {
        return full_cmp(cfg, la, lb);
    };
    let mut o = key_cmp(a.key(data, cfg), b.key(data, cfg), &first.flags, cfg.seed);
    for k in rest {
        if o != Ordering::Equal {
            break;
        }
        o = key_cmp(
            key_slice(la, k, cfg.tab),
            key_slice(lb, k, cfg.tab),
            &k.flags,
            cfg.seed,
        );
    }
    if o != Ordering::Equal || cfg.stable || cfg.unique {
        return o;
    }
    let o = la.cmp(lb);
    if cfg.reverse { o.reverse() } else { o }
}

fn main(sys: &mut Sys<'_>, p: Args<Opt>) -> Res<i32> {
    let mut global = Flags::default();
    let mut keys = Vec::new();
    let mut tab = None;
    let mut stable = false;
    let mut unique = false;
    let mut output: Option<String> = None;
    let mut check: Option<bool> = None; // Some(quiet)
    let mut eol = b'\n';
    for (k, val) in p.each() {
        match k {
            Opt::Key => match parse_key(val) {
                Ok(key) => keys.push(key),
                Err(e) => {
                    sys.diag.error(e);
                    return Ok(2);
                }
            },
            Opt::FieldSeparator => {
                let b = val.as_bytes();
                let t = match b {
                    [] => {
                        sys.diag.error("empty tab");
                        return Ok(2);
                    }
                    [c] => *c,
                    b"\\0" => 0,
                    _ => {
                        sys.diag.error(format_args!("multi-character tab '{val}'"));
                        return Ok(2);
                    }
                };
                if tab.is_some_and(|old| old != t) {
                    sys.diag.error("incompatible tabs");
                    return Ok(2);
                }
                tab = Some(t);
            }
            Opt::Stable => stable = true,
            Opt::Unique => unique = true,
            Opt::Output => output = Some(val.to_string()),
            Opt::Check => check = Some(false),
            Opt::CheckQuiet => check = Some(true),
            Opt::CheckWord => match val {
                "" | "diagnose-first" => check = Some(false),
                "quiet" | "silent" => check = Some(true),
                _ => {
                    sys.diag.usage(format_args!("invalid argument '{val}' for '--check'\nValid arguments are:\n  - 'quiet', 'silent'\n  - 'diagnose-first'"));
                    return Ok(2);
                }
            },
            Opt::Zero => eol = 0,
            Opt::SortWord => {
                let c = match val {
                    "general-numeric" => 'g',
                    "human-numeric" => 'h',
                    "month" => 'M',
                    "numeric" => 'n',
                    "random" => 'R',
                    "version" => 'V',
                    _ => {
                        sys.diag.usage(format_args!("invalid argument '{val}' for '--sort'\nValid arguments are:\n  - 'general-numeric'\n  - 'human-numeric'\n  - 'month'\n  - 'numeric'\n  - 'random'\n  - 'version'"));
                        return Ok(2);
                    }
                };
                global.set(c);
            }
            Opt::Order(c) => {
                global.set(c);
            }
            Opt::Merge
            | Opt::BufferSize
            | Opt::TemporaryDirectory
            | Opt::Parallel
            | Opt::BatchSize
            | Opt::Debug
            | Opt::RandomSource => {}
        }
    }
    for k in &mut keys {
        if !k.own_flags {
            k.flags = global;
        }
    }
    if keys.is_empty() && global.any() {
        keys.push(Key {
            sfield: 0,
            schar: 0,
            end: None,
            flags: global,
            own_flags: false,
        });
    }
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let cfg = Config {
        keys,
        tab,
        stable,
        unique,
        reverse: global.reverse,
        seed,
    };
    let merge = p.has(Opt::Merge);
    let mut operands = p.operands;
    if operands.is_empty() {
        operands.push("-".into());
    }
    if let Some(quiet) = check {
        if operands.len() > 1 {
            sys.diag.error(format_args!(
                "extra operand '{}' not allowed with -c",
                operands.get(1).map_or("", String::as_str)
            ));
            return Ok(2);
        }
        return check_sorted(
            sys,
            &cfg,
            operands.first().map_or("-", String::as_str),
            quiet,
            eol,
        );
    }

    // Read everything into one buffer, charged to the run's memory budget
    // before it grows.
    let mut charge = sys.charge();
    let mut data: Vec<u8> = Vec::new();
    let mut bounds: Vec<Rec> = Vec::new();
    let digest = Digest::of(&cfg);
    let mut chunk = vec![0u8; 64 * 1024];
    // Where each operand's lines start in `bounds`: the runs `-m` merges.
    let mut runs: Vec<usize> = Vec::new();
    for op in &operands {
        runs.push(bounds.len());
        let mut input = match open_input(&mut *sys.stdin, sys.fs, sys.cwd, op) {
            Ok(i) => i,
            Err(e) if e.kind == sandbash_vfs::FsErrorKind::IsADirectory => {
                sys.diag
                    .error(format_args!("read failed: {op}: {}", e.kind));
                return Ok(2);
            }
            Err(e) => {
                sys.diag
                    .error(format_args!("cannot read: {op}: {}", e.kind));
                return Ok(2);
            }
        };
        let file_start = data.len();
        loop {
            sys.tick.check()?;
            let n = match input.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    sys.diag
                        .error(format_args!("read failed: {op}: {}", io_msg(&e)));
                    return Ok(2);
                }
            };
            let overhead = (bounds.len() as u64 + (data.len() + n) as u64 / 8) * REC_BYTES;
            if hold(&mut charge, (data.len() + n) as u64 + overhead).is_err() {
                sys.diag.error("memory exhausted");
                return Ok(2);
            }
            data.extend_from_slice(chunk.get(..n).unwrap_or(&[]));
        }
        // Split this file's bytes into lines.
        let mut start = file_start;
        while start < data.len() {
            let end = data
                .get(start..)
                .and_then(|s| s.iter().position(|&b| b == eol))
                .map_or(data.len(), |i| start + i);
            if hold(
                &mut charge,
                (bounds.len() as u64 + 1) * REC_BYTES + data.len() as u64,
            )
            .is_err()
            {
                sys.diag.error("memory exhausted");
                return Ok(2);
            }
            bounds.push(Rec::new(&data, start, end, &cfg, digest));
            start = end + 1;
        }
    }
    let line = |r: &Rec| data.get(r.start..r.end).unwrap_or(&[]);
    if merge {
        bounds = merge_runs(sys, &cfg, digest, &data, bounds, &runs)?;
    } else {
        bounds.sort_by(|a, b| rec_cmp(&cfg, digest, &data, a, b));
    }
    sys.tick.check()?;
    if cfg.unique {
        bounds.dedup_by(|b, a| keys_cmp(&cfg, line(a), line(b)) == Ordering::Equal);
    }

    match output {
        None => {
            for r in &bounds {
                sys.tick.tick()?;
                sys.out.put(line(r))?;
                sys.out.put(&[eol])?;
            }
            Ok(0)
        }
        Some(path) => {
            let full = match sys.resolve(&path) {
                Ok(p) => p,
                Err(e) => {
                    sys.diag
                        .error(format_args!("open failed: {path}: {}", e.kind));
                    return Ok(2);
                }
            };
            let mut w = match sys.fs.open_write(&full, WriteMode::Truncate) {
                Ok(w) => w,
                Err(e) => {
                    sys.diag
                        .error(format_args!("open failed: {path}: {}", e.kind));
                    return Ok(2);
                }
            };
            let mut buf = Vec::with_capacity(64 * 1024);
            for r in &bounds {
                buf.extend_from_slice(line(r));
                buf.push(eol);
                if buf.len() >= 64 * 1024 {
                    if let Err(e) = w.write_all(&buf) {
                        sys.diag
                            .error(format_args!("write failed: {path}: {}", io_msg(&e)));
                        return Ok(2);
                    }
                    buf.clear();
                }
            }
            if let Err(e) = w.write_all(&buf).and_then(|()| w.flush()) {
                sys.diag
                    .error(format_args!("write failed: {path}: {}", io_msg(&e)));
                return Ok(2);
            }
            Ok(0)
        }
    }
}

fn check_sorted(sys: &mut Sys<'_>, cfg: &Config, op: &str, quiet: bool, eol: u8) -> Res<i32> {
    let input = match open_input(&mut *sys.stdin, sys.fs, sys.cwd, op) {
        Ok(i) => i,
        Err(e) => {
            sys.diag
                .error(format_args!("cannot read: {op}: {}", e.kind));
            return Ok(2);
        }
    };
    let max = usize::try_from(sys.limits.max_memory).unwrap_or(usize::MAX);
    let mut r = std::io::BufReader::new(input);
    let mut prev: Vec<u8> = Vec::new();
    let mut cur: Vec<u8> = Vec::new();
    let mut n = 0u64;
    loop {
        sys.tick.tick()?;
        match crate::common::input::read_line(&mut r, &mut cur, eol, max) {
            Ok(true) => {}
            Ok(false) => return Ok(0),
            Err(e) => {
                sys.diag
                    .error(format_args!("read failed: {op}: {}", io_msg(&e)));
                return Ok(2);
            }
        }
        if cur.last() == Some(&eol) {
            cur.pop();
        }
        n += 1;
        if n > 1 {
            let o = full_cmp(cfg, &prev, &cur);
            if o == Ordering::Greater || (cfg.unique && o == Ordering::Equal) {
                if !quiet {
                    let shown = String::from_utf8_lossy(&cur).into_owned();
                    sys.diag.error(format_args!("{op}:{n}: disorder: {shown}"));
                }
                return Ok(1);
            }
        }
        std::mem::swap(&mut prev, &mut cur);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use sandbash_interpreter::memory::MemoryBudget;

    use std::cmp::Ordering;

    use super::{Digest, Flags, Kind, REC_BYTES, Sort, key_cmp};
    use crate::testutil::*;

    #[test]
    fn merge_takes_runs_as_sorted() {
        let fs = TestFs::new();
        fs.file("g", b"z\ny\n").file("f", b"a\nb\nc\n");
        let o = run(&Sort, &["-m", "g", "f"], b"", &fs);
        assert_eq!(o.out, "a\nb\nc\nz\ny\n");
        fs.file("h", b"1 b\n2 a\n").file("i", b"1 a\n3 c\n");
        let o = run(&Sort, &["-s", "-m", "-k1,1n", "h", "i"], b"", &fs);
        assert_eq!(
            o.out, "1 b\n1 a\n2 a\n3 c\n",
            "ties: the earlier file first"
        );
    }

    #[test]
    fn general_numeric_reads_hex() {
        let o = run0(&Sort, &["-g"], b"1e3\n0x10\n2.5\n0x1p-1\n-5\n");
        assert_eq!(o.out, "-5\n0x1p-1\n2.5\n0x10\n1e3\n");
    }

    fn s(args: &[&str], input: &str) -> String {
        run0(&Sort, args, input.as_bytes()).out
    }

    #[test]
    fn rec_stays_small() {
        assert_eq!(REC_BYTES, 32);
    }

    #[test]
    fn digests_agree_with_comparisons() {
        let keys = [
            "",
            "-",
            "-0",
            "0",
            "00.000",
            "1",
            "01",
            "1.0000001",
            "1.000001",
            "-1.0000001",
            "-1.000001",
            "-2.5",
            "2.5",
            "999999999999",
            "1000000000000",
            "1000000000001",
            "-1000000000001",
            "  7",
            "7x",
            ".5",
            "-.5",
            "a",
            "ab",
            "ab\0",
            "abcdefgh",
            "abcdefghi",
            "abcdefgg\u{ff}",
            "\u{ff}",
        ];
        for digest in [Digest::Prefix, Digest::Number] {
            let flags = Flags {
                kind: if digest == Digest::Number {
                    Kind::Numeric
                } else {
                    Kind::Text
                },
                ..Flags::default()
            };
            for a in keys {
                for b in keys {
                    let (da, db) = (digest.digest(a.as_bytes()), digest.digest(b.as_bytes()));
                    if da < db {
                        assert_eq!(
                            key_cmp(a.as_bytes(), b.as_bytes(), &flags, 0),
                            Ordering::Less,
                            "{a:?} < {b:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn plain_and_reverse() {
        assert_eq!(s(&[], "b\na\nC\n"), "C\na\nb\n");
        assert_eq!(s(&["-r"], "b\na\nc"), "c\nb\na\n");
        assert_eq!(s(&["-f"], "a\nA\nb\n"), "A\na\nb\n");
        assert_eq!(s(&["-u"], "b\na\nb\n"), "a\nb\n");
        assert_eq!(s(&[], ""), "");
    }

    #[test]
    fn numeric_kinds() {
        assert_eq!(s(&["-n"], "10\n9\n-1\nx\n1.5\n"), "-1\nx\n1.5\n9\n10\n");
        assert_eq!(
            s(&["-h"], "10\n9\n1K\n2M\n-1K\n0\n"),
            "-1K\n0\n9\n10\n1K\n2M\n"
        );
        assert_eq!(
            s(&["-g"], "x\nnan\n1\n-inf\n1e3\n"),
            "x\nnan\n-inf\n1\n1e3\n"
        );
        assert_eq!(s(&["-M"], "Mar\nJan\nxyz\n"), "xyz\nJan\nMar\n");
        assert_eq!(s(&["-V"], "a10\na9\na1.2\n"), "a1.2\na9\na10\n");
        assert_eq!(s(&["-rn"], "1\n3\n2\n"), "3\n2\n1\n");
    }

    #[test]
    fn keys() {
        let input = "b 2\na 2\nc 1\n";
        assert_eq!(s(&["-k2,2n", "-u"], input), "c 1\nb 2\n");
        assert_eq!(s(&["-k2,2n"], input), "c 1\na 2\nb 2\n");
        assert_eq!(s(&["-s", "-k2,2n"], input), "c 1\nb 2\na 2\n");
        assert_eq!(s(&["-k2n", "-k1,1r"], input), "c 1\nb 2\na 2\n");
        assert_eq!(s(&["-t:", "-k2"], "x:b\ny:a\n"), "y:a\nx:b\n");
        assert_eq!(s(&["-t", ":", "-k3n,3"], "a::3\nb::1\n"), "b::1\na::3\n");
        assert_eq!(s(&["-k1.2,1.2"], "ab\nba\n"), "ba\nab\n");
        assert_eq!(s(&["-b", "-k2"], "x   b\ny a\n"), "y a\nx   b\n");
        assert_eq!(s(&["-k2"], "x   b\ny  c\n"), "x   b\ny  c\n");
    }

    #[test]
    fn errors_and_check() {
        let o = run0(&Sort, &["-k0"], b"");
        assert_eq!(
            o.err,
            "sort: field number is zero: invalid field specification '0'\n"
        );
        assert_eq!(o.status, 2);
        let o = run0(&Sort, &["-k1x"], b"");
        assert_eq!(
            o.err,
            "sort: stray character in field spec: invalid field specification '1x'\n"
        );
        let o = run0(&Sort, &["-t", "ab"], b"");
        assert_eq!(o.err, "sort: multi-character tab 'ab'\n");
        let o = run0(&Sort, &["nofile"], b"");
        assert_eq!(
            o.err,
            "sort: cannot read: nofile: No such file or directory\n"
        );
        let o = run0(&Sort, &["-c"], b"a\nc\nb\n");
        assert_eq!((o.err.as_str(), o.status), ("sort: -:3: disorder: b\n", 1));
        let o = run0(&Sort, &["-C"], b"a\nb\n");
        assert_eq!(o.status, 0);
    }

    fn budgeted<'a>(budget: &Arc<MemoryBudget>, stdin: &'a str) -> Harness<'a> {
        Harness {
            stdin: stdin.as_bytes(),
            memory: Some(Arc::clone(budget)),
            ..Harness::default()
        }
    }

    #[test]
    fn output_file_and_memory_limit() {
        let fs = TestFs::new();
        fs.file("f", b"b\na\n");
        let o = run(&Sort, &["-o", "f", "f"], b"", &fs);
        assert_eq!(o.status, 0);
        assert_eq!(fs.text("f"), "a\nb\n");
        let mut limits = sandbash_interpreter::Limits::normal();
        limits.max_memory = 1000;
        let big = "x\n".repeat(2000);
        let o = run_with(
            &Sort,
            &[],
            &fs,
            Harness {
                stdin: big.as_bytes(),
                limits,
                ..Harness::default()
            },
        );
        assert_eq!((o.err.as_str(), o.status), ("sort: memory exhausted\n", 2));
    }

    /// What sort buffers is charged to the run's budget, refused past it
    /// and given back when sort ends.
    #[test]
    fn charges_the_run_memory_budget() {
        let budget = Arc::new(MemoryBudget::new(100_000));
        let small = "b\na\n".repeat(1000);
        let o = run_with(&Sort, &[], &TestFs::new(), budgeted(&budget, &small));
        assert_eq!((o.status, o.out.len()), (0, small.len()));
        assert!(!budget.breached());
        assert_eq!(budget.used(), 0);
        let big = "x\n".repeat(100_000);
        let o = run_with(&Sort, &[], &TestFs::new(), budgeted(&budget, &big));
        assert_eq!((o.err.as_str(), o.status), ("sort: memory exhausted\n", 2));
        assert!(budget.breached());
        assert_eq!(budget.used(), 0);
    }
}
