//! `numfmt`: convert numbers to and from human-readable strings, as GNU
//! coreutils 9 does in the C locale.
//!
//! Streams line by line (operands, when given, are the lines). Each
//! selected field is parsed as `[-]DIGITS[.DIGITS][SUFFIX]`, scaled by
//! `--from`/`--from-unit`, then printed by `--to`/`--to-unit`: scaled
//! values get one decimal below 10, rounded by `--round` (away from zero
//! by default) before printing. Values are `f64` (GNU uses `long double`);
//! an unscaled value is re-printed from its own digits, so long integers
//! keep every digit. A conversion error exits 2 at once (`--invalid=
//! abort`), or is reported and the field copied (`fail`: status 2, `warn`:
//! status 0, `ignore`: no message). With the default delimiter, a field
//! keeps the blanks before it and the result is padded to the field's
//! width (GNU's auto-padding); one blank between fields becomes a space.

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::fmtfloat::{FloatSpec, format as cfmt};
use crate::common::lines::for_each_line;
use crate::common::quote;
use crate::common::sys::{Fail, Res, Sys};

/// The `numfmt` utility.
pub struct Numfmt;

/// The options of `numfmt`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Debug,
    Delim,
    Field,
    Format,
    From,
    FromUnit,
    Grouping,
    Header,
    Invalid,
    Padding,
    Round,
    Suffix,
    To,
    ToUnit,
    Zero,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scale {
    None,
    Si,
    Iec,
    IecI,
    Auto,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Round {
    Up,
    Down,
    FromZero,
    TowardsZero,
    Nearest,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Invalid {
    Abort,
    Fail,
    Warn,
    Ignore,
}

/// `--format`: text around one `%[0]['][-][N][.N]f`.
#[derive(Clone, Debug, Default)]
struct Fmt {
    prefix: String,
    suffix: String,
    width: usize,
    left: bool,
    zero: bool,
    precision: Option<usize>,
}

/// Everything the options decide.
struct Opts {
    from: Scale,
    to: Scale,
    from_unit: f64,
    to_unit: f64,
    round: Round,
    padding: i64,
    fields: Vec<(u64, u64)>,
    delim: Option<u8>,
    suffix: Vec<u8>,
    header: u64,
    invalid: Invalid,
    fmt: Fmt,
}

const POWERS: &[u8] = b"KMGTPEZY";

/// A usage error: the message, and whether `Try` follows.
struct Bad(String, bool);

fn choice<T: Copy>(v: &str, opt: &str, names: &[(&str, T)]) -> Result<T, Bad> {
    if let Some((_, t)) = names.iter().find(|(n, _)| *n == v) {
        return Ok(*t);
    }
    let hits: Vec<&(&str, T)> = names.iter().filter(|(n, _)| n.starts_with(v)).collect();
    if let [(_, t)] = hits.as_slice()
        && !v.is_empty()
    {
        return Ok(*t);
    }
    let mut msg = format!(
        "{} argument {} for '--{opt}'\nValid arguments are:",
        if hits.len() > 1 {
            "ambiguous"
        } else {
            "invalid"
        },
        quote(v)
    );
    for (n, _) in names {
        msg.push_str(&format!("\n  - '{n}'"));
    }
    Err(Bad(msg, true))
}

fn parse_fields(v: &str) -> Result<Vec<(u64, u64)>, Bad> {
    let mut out = Vec::new();
    for part in v.split([',', ' ']) {
        let bad = || Bad(format!("invalid field value {}", quote(part)), true);
        let num = |s: &str| -> Result<u64, Bad> {
            let n: u64 = s.parse().map_err(|_| bad())?;
            if n == 0 {
                return Err(Bad("fields are numbered from 1".into(), true));
            }
            Ok(n)
        };
        let (lo, hi) = match part.split_once('-') {
            None => {
                let n = num(part)?;
                (n, n)
            }
            Some((a, b)) => {
                let lo = if a.is_empty() { 1 } else { num(a)? };
                let hi = if b.is_empty() { u64::MAX } else { num(b)? };
                if a.is_empty() && b.is_empty() {
                    (1, u64::MAX)
                } else if lo > hi {
                    return Err(Bad("invalid decreasing range".into(), true));
                } else {
                    (lo, hi)
                }
            }
        };
        out.push((lo, hi));
    }
    Ok(out)
}

fn parse_format(v: &str) -> Result<Fmt, Bad> {
    let b = v.as_bytes();
    let mut i = 0;
    let mut prefix = String::new();
    // The text before the directive, `%%` standing for `%`.
    loop {
        match (b.get(i), b.get(i + 1)) {
            (None, _) => {
                return Err(Bad(
                    format!("format {} has no % directive", quote(v)),
                    false,
                ));
            }
            (Some(b'%'), Some(b'%')) => {
                prefix.push('%');
                i += 2;
            }
            (Some(b'%'), _) => break,
            (Some(_), _) => {
                let c = v.get(i..).and_then(|s| s.chars().next()).unwrap_or('?');
                prefix.push(c);
                i += c.len_utf8();
            }
        }
    }
    let start = i;
    i += 1;
    let mut f = Fmt {
        prefix,
        ..Fmt::default()
    };
    while let Some(&c) = b.get(i) {
        match c {
            b'0' => f.zero = true,
            b'\'' => {}
            b'-' => f.left = true,
            _ => break,
        }
        i += 1;
    }
    let digits = |i: &mut usize| {
        let s = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        v.get(s..*i).and_then(|d| d.parse::<usize>().ok())
    };
    f.width = digits(&mut i).unwrap_or(0);
    // As in printf, `-` overrides `0`.
    f.zero &= !f.left;
    if b.get(i) == Some(&b'.') {
        i += 1;
        f.precision = Some(digits(&mut i).unwrap_or(0));
    }
    if b.get(i) != Some(&b'f') {
        return Err(Bad(
            format!(
                "invalid format {}, directive must be %[0]['][-][N][.][N]f",
                quote(v.get(start..).unwrap_or(v))
            ),
            false,
        ));
    }
    i += 1;
    let mut suffix = String::new();
    let rest = v.get(i..).unwrap_or("");
    let mut chars = rest.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '%' {
            if chars.peek() == Some(&'%') {
                // GNU prints the text after the directive as it is.
                chars.next();
                suffix.push_str("%%");
            } else {
                return Err(Bad(
                    format!("format {} has too many % directives", quote(v)),
                    false,
                ));
            }
        } else {
            suffix.push(c);
        }
    }
    f.suffix = suffix;
    Ok(f)
}

/// A `--from-unit`/`--to-unit` size: digits and an optional suffix, `K`
/// being 1000 and `Ki` 1024, as GNU's `unit_to_umax`.
fn unit(v: &str) -> Result<f64, Bad> {
    let bad = || Bad(format!("invalid unit size: {}", quote(v)), false);
    let end = v.find(|c: char| !c.is_ascii_digit()).unwrap_or(v.len());
    let (digits, suffix) = v.split_at(end);
    let n: u64 = digits.parse().map_err(|_| bad())?;
    let mult = match suffix.as_bytes() {
        [] => 1.0,
        [c] => f64::powi(
            1000.0,
            POWERS.iter().position(|p| p == c).ok_or_else(bad)? as i32 + 1,
        ),
        [c, b'i'] => f64::powi(
            1024.0,
            POWERS.iter().position(|p| p == c).ok_or_else(bad)? as i32 + 1,
        ),
        _ => return Err(bad()),
    };
    let u = n as f64 * mult;
    if u > 0.0 { Ok(u) } else { Err(bad()) }
}

fn parse_opts(p: &Args<Key>) -> Result<Opts, Bad> {
    const SCALES_FROM: &[(&str, Scale)] = &[
        ("none", Scale::None),
        ("auto", Scale::Auto),
        ("si", Scale::Si),
        ("iec", Scale::Iec),
        ("iec-i", Scale::IecI),
    ];
    const SCALES_TO: &[(&str, Scale)] = &[
        ("none", Scale::None),
        ("si", Scale::Si),
        ("iec", Scale::Iec),
        ("iec-i", Scale::IecI),
    ];
    let mut o = Opts {
        from: Scale::None,
        to: Scale::None,
        from_unit: 1.0,
        to_unit: 1.0,
        round: Round::FromZero,
        padding: 0,
        fields: vec![(1, 1)],
        delim: None,
        suffix: Vec::new(),
        header: 0,
        invalid: Invalid::Abort,
        fmt: Fmt::default(),
    };
    let mut have_fmt = false;
    for (k, v) in p.each() {
        match k {
            Key::From => o.from = choice(v, "from", SCALES_FROM)?,
            Key::To => o.to = choice(v, "to", SCALES_TO)?,
            Key::FromUnit => o.from_unit = unit(v)?,
            Key::ToUnit => o.to_unit = unit(v)?,
            Key::Round => {
                o.round = choice(
                    v,
                    "round",
                    &[
                        ("up", Round::Up),
                        ("down", Round::Down),
                        ("from-zero", Round::FromZero),
                        ("towards-zero", Round::TowardsZero),
                        ("nearest", Round::Nearest),
                    ],
                )?
            }
            Key::Invalid => {
                o.invalid = choice(
                    v,
                    "invalid",
                    &[
                        ("abort", Invalid::Abort),
                        ("fail", Invalid::Fail),
                        ("warn", Invalid::Warn),
                        ("ignore", Invalid::Ignore),
                    ],
                )?
            }
            Key::Padding => {
                o.padding = v
                    .parse::<i64>()
                    .ok()
                    .filter(|&n| n != 0)
                    .ok_or_else(|| Bad(format!("invalid padding value {}", quote(v)), false))?
            }
            Key::Field => o.fields = parse_fields(v)?,
            Key::Delim => {
                let d = sandbash_interpreter::bytes::encode(v);
                match d.as_ref() {
                    [c] => o.delim = Some(*c),
                    _ => {
                        return Err(Bad(
                            "the delimiter must be a single character".into(),
                            false,
                        ));
                    }
                }
            }
            Key::Suffix => o.suffix = sandbash_interpreter::bytes::encode(v).into_owned(),
            Key::Header => {
                o.header = if v.is_empty() {
                    1
                } else {
                    v.parse::<u64>()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or_else(|| Bad(format!("invalid header value {}", quote(v)), false))?
                }
            }
            Key::Format => {
                o.fmt = parse_format(v)?;
                have_fmt = true;
            }
            Key::Debug | Key::Grouping | Key::Zero => {}
        }
    }
    let quoted = have_fmt && p.last(Key::Format).is_some_and(|f| f.contains("%'"));
    if (quoted || p.has(Key::Grouping)) && o.to != Scale::None {
        return Err(Bad("grouping cannot be combined with --to".into(), false));
    }
    Ok(o)
}

/// A parsed input number.
struct Num {
    value: f64,
    /// Digits after the point in the input (0 when a suffix scaled it).
    precision: usize,
    /// The input's own digits, for re-printing an unscaled number exactly.
    negative: bool,
    int: String,
    frac: String,
    scaled: bool,
}

/// Parses `s` (blanks skipped) as GNU's `simple_strtod_human`.
fn parse_num(b: &[u8], from: Scale) -> Result<Num, String> {
    let text =
        |r: std::ops::Range<usize>| String::from_utf8_lossy(b.get(r).unwrap_or(&[])).into_owned();
    let s = crate::common::quote_bytes(b);
    let mut i = 0;
    let negative = b.first() == Some(&b'-');
    if negative {
        i += 1;
    }
    let istart = i;
    while b.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    let int = text(istart..i);
    let mut frac = String::new();
    if b.get(i) == Some(&b'.') {
        i += 1;
        let fs = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        frac = text(fs..i);
        if frac.is_empty() {
            return Err(format!("invalid number: {}", s));
        }
    } else if int.is_empty() {
        return Err(format!("invalid number: {}", s));
    }
    if int.trim_start_matches('0').len() > 27 {
        return Err(format!("value too large to be converted: {}", s));
    }
    let mut value: f64 = format!(
        "{}.{}",
        if int.is_empty() { "0" } else { &int },
        if frac.is_empty() { "0" } else { &frac }
    )
    .parse()
    .unwrap_or(0.0);
    if negative {
        value = -value;
    }
    let mut scaled = false;
    if let Some(&c) = b.get(i) {
        let Some(pos) = POWERS.iter().position(|&p| p == c) else {
            return Err(format!("invalid suffix in input: {}", s));
        };
        if from == Scale::None {
            return Err(format!(
                "rejecting suffix in input: {} (consider using --from)",
                s
            ));
        }
        i += 1;
        let mut base = if from == Scale::Si { 1000.0 } else { 1024.0 };
        match from {
            Scale::Auto => {
                if b.get(i) == Some(&b'i') {
                    i += 1;
                } else {
                    base = 1000.0;
                }
            }
            Scale::IecI => {
                if b.get(i) != Some(&b'i') {
                    return Err(format!("missing 'i' suffix in input: {} (e.g Ki/Mi/Gi)", s));
                }
                i += 1;
            }
            _ => {}
        }
        if let Some(rest) = b.get(i..).filter(|r| !r.is_empty()) {
            return Err(format!(
                "invalid suffix in input {s}: {}",
                crate::common::quote_bytes(rest)
            ));
        }
        value *= f64::powi(base, pos as i32 + 1);
        scaled = true;
    }
    Ok(Num {
        value,
        precision: if scaled { 0 } else { frac.len() },
        negative,
        int,
        frac,
        scaled,
    })
}

fn round(v: f64, r: Round) -> f64 {
    match r {
        Round::Up => v.ceil(),
        Round::Down => v.floor(),
        Round::FromZero => {
            if v < 0.0 {
                v.floor()
            } else {
                v.ceil()
            }
        }
        Round::TowardsZero => v.trunc(),
        Round::Nearest => v.round(),
    }
}

fn g(v: f64) -> String {
    cfmt(
        &FloatSpec {
            conv: 'g',
            ..FloatSpec::default()
        },
        v,
    )
}

/// The number as `--to` prints it, without padding.
fn render(o: &Opts, n: &Num) -> Result<(String, String), String> {
    let v = n.value * o.from_unit / o.to_unit;
    let user = o.fmt.precision;
    if o.to == Scale::None {
        if v.abs() > 1e18 {
            return Err(format!(
                "value too large to be printed: '{}' (consider using --to)",
                g(v)
            ));
        }
        let prec = user.unwrap_or(n.precision);
        if !n.scaled && o.from_unit == 1.0 && o.to_unit == 1.0 && prec == n.precision {
            // Re-print the input's own digits: exact however long.
            let int = n.int.trim_start_matches('0');
            let int = if int.is_empty() { "0" } else { int };
            let zero = int == "0" && n.frac.bytes().all(|d| d == b'0');
            let mut s = String::new();
            if n.negative && !zero {
                s.push('-');
            }
            s.push_str(int);
            if !n.frac.is_empty() {
                s.push('.');
                s.push_str(&n.frac);
            }
            return Ok((s, String::new()));
        }
        let m = 10f64.powi(prec as i32);
        let r = round(v * m, o.round) / m + 0.0;
        return Ok((format!("{r:.prec$}"), String::new()));
    }
    if v.abs() > 999e24 {
        return Err(format!(
            "value too large to be printed: '{}' (cannot handle values > 999Y)",
            g(v)
        ));
    }
    let base = if o.to == Scale::Si { 1000.0 } else { 1024.0 };
    let mut val = v;
    let mut power = 0usize;
    while val.abs() >= base && power < 8 {
        val /= base;
        power += 1;
    }
    let prec = user.unwrap_or(if val.abs() < 10.0 { 1 } else { 0 });
    let m = 10f64.powi(prec as i32);
    val = round(val * m, o.round) / m + 0.0;
    if val.abs() >= base && power < 8 {
        val /= base;
        power += 1;
    }
    let shown = match user {
        Some(p) => p,
        None => usize::from(val != 0.0 && val.abs() < 10.0 && power > 0),
    };
    let mut unit = String::new();
    if let Some(&c) = power.checked_sub(1).and_then(|i| POWERS.get(i)) {
        unit.push(c as char);
        if o.to == Scale::IecI {
            unit.push('i');
        }
    }
    Ok((format!("{val:.shown$}"), unit))
}

/// Converts one field; `Err` is the diagnostic.
fn convert(o: &Opts, text: &[u8], field: u64) -> Result<Vec<u8>, String> {
    let mut t = text;
    if !o.suffix.is_empty() && t.ends_with(&o.suffix) {
        t = t.get(..t.len() - o.suffix.len()).unwrap_or(t);
    }
    let blanks = t.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
    let auto = if o.delim.is_none() && o.padding == 0 && (blanks > 0 || field > 1) {
        t.len()
    } else {
        0
    };
    let n = parse_num(t.get(blanks..).unwrap_or(&[]), o.from)?;
    let (mut num, unit) = render(o, &n)?;
    let f = &o.fmt;
    if f.zero && f.width > num.len() {
        let (sign, digits) = match num.strip_prefix('-') {
            Some(d) => ("-", d.to_string()),
            None => ("", num.clone()),
        };
        num = format!("{sign}{}{digits}", "0".repeat(f.width - num.len()));
    }
    let mut body = num.into_bytes();
    body.extend_from_slice(unit.as_bytes());
    body.extend_from_slice(&o.suffix);
    let pad: i64 = if f.width > 0 && !f.zero {
        if f.left {
            -(f.width as i64)
        } else {
            f.width as i64
        }
    } else if o.padding != 0 {
        o.padding
    } else {
        auto as i64
    };
    let w = pad.unsigned_abs() as usize;
    let fill = w.saturating_sub(body.len());
    let mut out = f.prefix.clone().into_bytes();
    if pad < 0 {
        out.extend_from_slice(&body);
        out.extend(std::iter::repeat_n(b' ', fill));
    } else {
        out.extend(std::iter::repeat_n(b' ', fill));
        out.extend_from_slice(&body);
    }
    out.extend_from_slice(f.suffix.as_bytes());
    Ok(out)
}

/// What converting a line found.
enum Outcome {
    Ok,
    Invalid,
}

/// Converts the selected fields of `line` into `out`; `Err` to abort.
fn process_line(
    o: &Opts,
    line: &[u8],
    out: &mut Vec<u8>,
    diag: &mut Vec<String>,
) -> Result<Outcome, ()> {
    // GNU handles the line as a C string: it ends at a NUL.
    let mut rest = line.split(|&b| b == 0).next().unwrap_or(line);
    let mut field = 0u64;
    let mut outcome = Outcome::Ok;
    loop {
        field += 1;
        let end = match o.delim {
            Some(d) => rest.iter().position(|&b| b == d).unwrap_or(rest.len()),
            None => {
                let lead = rest
                    .iter()
                    .take_while(|&&b| b == b' ' || b == b'\t')
                    .count();
                lead + rest
                    .get(lead..)
                    .unwrap_or(&[])
                    .iter()
                    .position(|&b| b == b' ' || b == b'\t')
                    .unwrap_or(rest.len() - lead)
            }
        };
        let text = rest.get(..end).unwrap_or(rest);
        if o.fields.iter().any(|&(lo, hi)| lo <= field && field <= hi) {
            match convert(o, text, field) {
                Ok(b) => out.extend_from_slice(&b),
                Err(msg) => {
                    if o.invalid != Invalid::Ignore {
                        diag.push(msg);
                    }
                    if o.invalid == Invalid::Abort {
                        return Err(());
                    }
                    out.extend_from_slice(text);
                    outcome = Outcome::Invalid;
                }
            }
        } else {
            out.extend_from_slice(text);
        }
        if end >= rest.len() {
            return Ok(outcome);
        }
        out.push(o.delim.unwrap_or(b' '));
        rest = rest.get(end + 1..).unwrap_or(&[]);
    }
}

impl Command for Numfmt {
    const NAME: &'static str = "numfmt";
    const HELP: Help = Help {
        usage: &["[OPTION]... [NUMBER]..."],
        about: "Reformat NUMBER(s), or the numbers from standard input if none are specified.",
        after: "UNIT options:
  none       no auto-scaling is done; suffixes will trigger an error
  auto       accept optional single/two letter suffix:
               1K = 1000,
               1Ki = 1024,
               1M = 1000000,
               1Mi = 1048576,
  si         accept optional single letter suffix:
               1K = 1000,
               1M = 1000000,
               ...
  iec        accept optional single letter suffix:
               1K = 1024,
               1M = 1048576,
               ...
  iec-i      accept optional two-letter suffix:
               1Ki = 1024,
               1Mi = 1048576,
               ...

FIELDS supports cut(1) style field ranges:
  N    N'th field, counted from 1
  N-   from N'th field, to end of line
  N-M  from N'th to M'th field (inclusive)
  -M   from first to M'th field (inclusive)
  -    all fields
Multiple fields/ranges can be separated with commas

FORMAT must be suitable for printing one floating-point argument '%f'.
Optional quote (%'f) will enable --grouping (if supported by current locale).
Optional width value (%10f) will pad output. Optional zero (%010f) width
will zero pad the number. Optional negative values (%-10f) will left align.
Optional precision (%.1f) will override the input determined precision.

Exit status is 0 if all input numbers were successfully converted.
By default, numfmt will stop at the first conversion error with exit status 2.
With --invalid='fail' a warning is printed for each conversion error
and the exit status is 2.  With --invalid='warn' each conversion error is
diagnosed, but the exit status is 0.  With --invalid='ignore' conversion
errors are not diagnosed and the exit status is 0.
",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::long(&["debug"], Key::Debug, "print warnings about invalid input"),
        Flag::new('d', &["delimiter"], Key::Delim, "use X instead of whitespace for field delimiter").value("X"),
        Flag::long(&["field"], Key::Field, "replace the numbers in these input fields (default=1);\n  see FIELDS below").value("FIELDS"),
        Flag::long(&["format"], Key::Format, "use printf style floating-point FORMAT;\n  see FORMAT below for details").value("FORMAT"),
        Flag::long(&["from"], Key::From, "auto-scale input numbers to UNITs; default is 'none';\n  see UNIT below").value("UNIT"),
        Flag::long(&["from-unit"], Key::FromUnit, "specify the input unit size (instead of the default 1)").value("N"),
        Flag::long(&["grouping"], Key::Grouping, "use locale-defined grouping of digits, e.g. 1,000,000\n  (which means it has no effect in the C/POSIX locale)"),
        Flag::long(&["header"], Key::Header, "print (without converting) the first N header lines;\n  N defaults to 1 if not specified").optional("N"),
        Flag::long(&["invalid"], Key::Invalid, "failure mode for invalid numbers: MODE can be:\n  abort (default), fail, warn, ignore").value("MODE"),
        Flag::long(&["padding"], Key::Padding, "pad the output to N characters; positive N will\n  right-align; negative N will left-align;\n  padding is ignored if the output is wider than N;\n  the default is to automatically pad if a whitespace\n  is found").value("N"),
        Flag::long(&["round"], Key::Round, "use METHOD for rounding when scaling; METHOD can be:\n  up, down, from-zero (default), towards-zero, nearest").value("METHOD"),
        Flag::long(&["suffix"], Key::Suffix, "add SUFFIX to output numbers, and accept optional\n  SUFFIX in input numbers").value("SUFFIX"),
        Flag::long(&["to"], Key::To, "auto-scale output numbers to UNITs; see UNIT below").value("UNIT"),
        Flag::long(&["to-unit"], Key::ToUnit, "the output unit size (instead of the default 1)").value("N"),
        Flag::new('z', &["zero-terminated"], Key::Zero, "line delimiter is NUL, not newline"),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let o = match parse_opts(&p) {
            Ok(o) => o,
            Err(Bad(msg, hint)) => {
                sys.diag.error(msg);
                if hint {
                    sys.diag.try_help();
                }
                return Ok(1);
            }
        };
        if p.has(Key::Debug)
            && o.from == Scale::None
            && o.to == Scale::None
            && o.padding == 0
            && p.last(Key::Format).is_none()
            && o.from_unit == 1.0
            && o.to_unit == 1.0
            && !p.has(Key::Grouping)
        {
            sys.diag.error("no conversion option specified");
        }
        // A field is built whole, padding included: its widest form is
        // charged once, so `--padding=2000000000` is refused up front.
        let widest = o.padding.unsigned_abs().max(o.fmt.width as u64);
        let mut charge = sys.charge();
        crate::common::sys::hold(&mut charge, widest.saturating_mul(2))?;
        let eol = if p.has(Key::Zero) { 0 } else { b'\n' };
        let mut bad = false;
        let mut out = Vec::new();
        let mut diag = Vec::new();
        if !p.operands.is_empty() {
            for op in &p.operands {
                sys.tick.tick()?;
                out.clear();
                let line = sandbash_interpreter::bytes::encode(op);
                let r = process_line(&o, &line, &mut out, &mut diag);
                for m in diag.drain(..) {
                    sys.out.flush()?;
                    sys.diag.error(m);
                }
                match r {
                    Err(()) => return Ok(2),
                    Ok(Outcome::Invalid) => bad = true,
                    Ok(Outcome::Ok) => {}
                }
                out.push(eol);
                sys.out.put(&out)?;
            }
        } else {
            let mut n = 0u64;
            let mut aborted = false;
            let status = for_each_line(sys, Vec::new(), eol, |sink, line| {
                n += 1;
                out.clear();
                if n <= o.header {
                    out.extend_from_slice(line.text);
                    out.push(eol);
                    return sink.out.put(&out);
                }
                let r = process_line(&o, line.text, &mut out, &mut diag);
                if !diag.is_empty() {
                    sink.out.flush()?;
                    for m in diag.drain(..) {
                        sink.diag.try_error(m)?;
                    }
                }
                match r {
                    Err(()) => {
                        // An abort stops the loop here (reported as 2 below).
                        aborted = true;
                        return Err(Fail::Cancelled);
                    }
                    Ok(Outcome::Invalid) => bad = true,
                    Ok(Outcome::Ok) => {}
                }
                // A last line without its newline is written without one.
                if line.terminated {
                    out.push(eol);
                }
                sink.out.put(&out)
            });
            match status {
                Err(Fail::Cancelled) if aborted => return Ok(2),
                Err(f) => return Err(f),
                Ok(s) if s != 0 => return Ok(s),
                Ok(_) => {}
            }
        }
        Ok(if bad && o.invalid == Invalid::Fail {
            2
        } else {
            0
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Numfmt;
    use crate::testutil::*;

    fn nf(args: &[&str]) -> String {
        run0(&Numfmt, args, b"").out
    }

    #[test]
    fn to_scales() {
        assert_eq!(
            nf(&["--to=si", "999", "1000", "1001", "999999", "9.99", "0.5"]),
            "999\n1.0K\n1.1K\n1.0M\n10\n0\n"
        );
        assert_eq!(
            nf(&["--to=iec", "1023", "1024", "123456789"]),
            "1023\n1.0K\n118M\n"
        );
        assert_eq!(nf(&["--to=iec-i", "2048", "5000000"]), "2.0Ki\n4.8Mi\n");
        assert_eq!(
            nf(&["--to=si", "--round=nearest", "1050", "1250"]),
            "1.1K\n1.3K\n"
        );
        assert_eq!(
            nf(&["--to=si", "--format=%.3f", "1234567", "1"]),
            "1.235M\n1.000\n"
        );
        assert_eq!(nf(&["--to=si", "--", "-1001"]), "-1.1K\n");
    }

    #[test]
    fn from_scales_and_plain() {
        assert_eq!(nf(&["--from=auto", "1Ki", "1K", "10"]), "1024\n1000\n10\n");
        assert_eq!(nf(&["--from=iec", "1.5M"]), "1572864\n");
        assert_eq!(
            nf(&["1.50", ".5", "007", "123456789012345678"]),
            "1.50\n0.5\n7\n123456789012345678\n"
        );
        assert_eq!(nf(&["--format=%08.2f", "3.14159"]), "00003.15\n");
        assert_eq!(nf(&["--format=[%10f]", "42"]), "[        42]\n");
        assert_eq!(nf(&["--format=%08f", "--to=si", "2048"]), "000002.1K\n");
        assert_eq!(
            nf(&["--to=si", "--suffix=B", "--padding=8", "1000"]),
            "   1.0KB\n"
        );
        assert_eq!(nf(&["--padding=-8", "12"]), "12      \n");
    }

    #[test]
    fn fields_and_padding() {
        let o = run0(
            &Numfmt,
            &["--to=iec", "--field=2"],
            b"a 2048 x\nb 1048576 y\n",
        );
        assert_eq!(o.out, "a 2.0K x\nb    1.0M y\n");
        let o = run0(
            &Numfmt,
            &["-d", ":", "--field=2", "--to=si"],
            b"x:3000000:y\n",
        );
        assert_eq!(o.out, "x:3.0M:y\n");
        let o = run0(&Numfmt, &["--header", "--to=iec"], b"SIZE\n2048\n");
        assert_eq!(o.out, "SIZE\n2.0K\n");
        let o = run0(&Numfmt, &["--to=si"], b"1000\n2000");
        assert_eq!(o.out, "1.0K\n2.0K");
        let o = run0(&Numfmt, &["--invalid=ignore"], b"x\0 1\n");
        assert_eq!(o.out, "x\n");
        let o = run0(&Numfmt, &["--to=si"], b" 2000000\n");
        assert_eq!(o.out, "    2.0M\n");
    }

    #[test]
    fn errors() {
        let o = run0(&Numfmt, &["abc"], b"");
        assert_eq!(
            (o.status, o.err.as_str()),
            (2, "numfmt: invalid number: 'abc'\n")
        );
        let o = run0(&Numfmt, &["1000", "x", "2000"], b"");
        assert_eq!((o.status, o.out.as_str()), (2, "1000\n"));
        let o = run0(&Numfmt, &["--invalid=warn", "1", "x"], b"");
        assert_eq!(
            (o.status, o.out.as_str(), o.err.as_str()),
            (0, "1\nx\n", "numfmt: invalid number: 'x'\n")
        );
        let o = run0(&Numfmt, &["--invalid=fail", "x"], b"");
        assert_eq!(o.status, 2);
        assert_eq!(
            run0(&Numfmt, &["--from=si", "1Q"], b"").err,
            "numfmt: invalid suffix in input: '1Q'\n"
        );
        assert_eq!(
            run0(&Numfmt, &["--from=si", "1.5Kx"], b"").err,
            "numfmt: invalid suffix in input '1.5Kx': 'x'\n"
        );
        assert_eq!(
            run0(&Numfmt, &["1K"], b"").err,
            "numfmt: rejecting suffix in input: '1K' (consider using --from)\n"
        );
        assert_eq!(
            run0(&Numfmt, &[], b"x\xff\n").err,
            "numfmt: invalid number: 'x\\377'\n"
        );
        let o = run0(&Numfmt, &["--to=foo", "1"], b"");
        assert_eq!(o.status, 1);
        assert!(o.err.starts_with(
            "numfmt: invalid argument 'foo' for '--to'\nValid arguments are:\n  - 'none'\n"
        ));
        assert_eq!(
            run0(&Numfmt, &["--format=%d", "1"], b"").err,
            "numfmt: invalid format '%d', directive must be %[0]['][-][N][.][N]f\n"
        );
        assert_eq!(
            run0(&Numfmt, &["--to=si", "999999999999999999999999999"], b"").err,
            "numfmt: value too large to be printed: '1e+27' (cannot handle values > 999Y)\n"
        );
    }
}
