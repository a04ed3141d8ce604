//! A utility's command line, declared once: typed option definitions
//! ([`Flag`]), how words are read ([`Syntax`]) and the `--help` text
//! rendered from them ([`Help`]), with GNU `getopt_long` parsing
//! ([`parse`]).
//!
//! A utility lists its options as a `&'static [Flag<Key>]` whose keys are
//! an enum of its own, so the code that applies them matches on the enum:
//! a misspelt key does not compile and an option without a handler is a
//! non-exhaustive match. The same table gives the option lines of
//! `--help`, so an option is stated in one place.
//!
//! The parser reads what GNU's `getopt_long` reads: bundled short options
//! (`-rn`), attached or separate arguments (`-k2`, `-k 2`), optional
//! arguments attached only (`-i.bak`, `--in-place=.bak`), long options
//! abbreviated to a unique prefix with `=value`, operands anywhere
//! (permutation) unless [`Syntax::stop_at_operand`], `--` and a lone `-`.
//! `--help` and `--version` are recognised for every utility.
//!
//! Invariant: parsing never panics and never prints; every failure is an
//! [`OptError`] the caller words. Checked by `flags::tests`.

use std::fmt::{self, Write as _};

/// What an option takes after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    /// Nothing: a switch.
    No,
    /// A value, attached or the next word; the name is for `--help`.
    Yes(&'static str),
    /// A value only when attached (`-iSUF`, `--name=VALUE`).
    Optional(&'static str),
    /// Two values, the next two words (`jq --arg NAME VALUE`).
    Two(&'static str, &'static str),
}

/// One option of a utility.
#[derive(Clone, Copy, Debug)]
pub struct Flag<K: 'static> {
    /// The short letter (`-n`), if any.
    pub short: Option<char>,
    /// The long names (`--lines`), the first shown in `--help`.
    pub long: &'static [&'static str],
    /// What it takes.
    pub arg: Arg,
    /// What the utility matches on.
    pub key: K,
    /// Its `--help` description; empty to leave it out of the listing.
    pub help: &'static str,
}

impl<K: Copy> Flag<K> {
    /// A switch with a short letter and long names (`long` may be empty).
    pub const fn new(
        short: char,
        long: &'static [&'static str],
        key: K,
        help: &'static str,
    ) -> Self {
        Self {
            short: Some(short),
            long,
            arg: Arg::No,
            key,
            help,
        }
    }

    /// A switch with long names only.
    pub const fn long(long: &'static [&'static str], key: K, help: &'static str) -> Self {
        Self {
            short: None,
            long,
            arg: Arg::No,
            key,
            help,
        }
    }

    /// GNU's `-z, --zero-terminated` switch of line-oriented tools.
    pub const fn zero_terminated(key: K) -> Self {
        Self::new(
            'z',
            &["zero-terminated"],
            key,
            "line delimiter is NUL, not newline",
        )
    }

    /// The same option taking a value named `name` in `--help`.
    pub const fn value(self, name: &'static str) -> Self {
        Self {
            arg: Arg::Yes(name),
            ..self
        }
    }

    /// The same option taking a value only when attached.
    pub const fn optional(self, name: &'static str) -> Self {
        Self {
            arg: Arg::Optional(name),
            ..self
        }
    }

    /// The same option taking the next two words.
    pub const fn two(self, a: &'static str, b: &'static str) -> Self {
        Self {
            arg: Arg::Two(a, b),
            ..self
        }
    }
}

/// How a utility's words are read.
#[derive(Clone, Copy, Debug)]
pub struct Syntax {
    /// The exit status of an invalid command line (1 for coreutils, 2 for
    /// grep, 125 for `env` and `timeout`...).
    pub err_status: i32,
    /// Options end at the first operand (`env CMD -x`, `xargs CMD -x`).
    pub stop_at_operand: bool,
    /// Words like `-1` or `-.5` are operands (`seq -1 1`).
    pub negative_numbers: bool,
    /// A usage error prints the whole `--help` text on standard error
    /// instead of the `Try 'NAME --help'` line (`sed`).
    pub help_on_error: bool,
    /// A short letter that also asks for `--help` (`jq -h`).
    pub help_short: Option<char>,
    /// A short letter that also asks for `--version` (`jq -V`).
    pub version_short: Option<char>,
}

impl Syntax {
    /// GNU coreutils' defaults: status 1, permutation.
    pub const GNU: Self = Self {
        err_status: 1,
        stop_at_operand: false,
        negative_numbers: false,
        help_on_error: false,
        help_short: None,
        version_short: None,
    };

    /// The same syntax with another usage-error status.
    pub const fn status(self, err_status: i32) -> Self {
        Self { err_status, ..self }
    }

    /// The same syntax, options ending at the first operand.
    pub const fn stop_at_operand(self) -> Self {
        Self {
            stop_at_operand: true,
            ..self
        }
    }

    /// The same syntax, `-1` being an operand.
    pub const fn negative_numbers(self) -> Self {
        Self {
            negative_numbers: true,
            ..self
        }
    }
}

/// The prose of `--help` around the option listing.
#[derive(Clone, Copy, Debug)]
pub struct Help {
    /// The synopsis forms after the name (`[OPTION]... [FILE]...`); the
    /// first follows `Usage: NAME`, the others `  or:  NAME`.
    pub usage: &'static [&'static str],
    /// What the utility does, printed after the synopsis.
    pub about: &'static str,
    /// Text printed after the options (notes on operands and units).
    pub after: &'static str,
}

/// A parsed option occurrence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Given<K> {
    /// Which option.
    pub key: K,
    /// Its value, if it takes one and got one.
    pub value: Option<String>,
    /// Its second value ([`Arg::Two`]).
    pub second: Option<String>,
    /// How many operands came before it on the command line.
    pub after_operands: usize,
    /// Whether it was spelled as its short letter (GNU's `xstrtol_fatal`
    /// names the option as it was given: `invalid -B argument`).
    pub short: bool,
}

/// A parsed command line: options in order, then operands in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Args<K> {
    /// The options in command-line order.
    pub opts: Vec<Given<K>>,
    /// The operands in command-line order.
    pub operands: Vec<String>,
}

impl<K: Copy + PartialEq> Args<K> {
    /// Whether option `key` was given.
    pub fn has(&self, key: K) -> bool {
        self.opts.iter().any(|g| g.key == key)
    }

    /// The value of the last `key` given.
    pub fn last(&self, key: K) -> Option<&str> {
        self.opts
            .iter()
            .rev()
            .find(|g| g.key == key)
            .and_then(|g| g.value.as_deref())
    }

    /// The values of every `key` given, in order.
    pub fn all(&self, key: K) -> impl Iterator<Item = &str> {
        self.opts
            .iter()
            .filter(move |g| g.key == key)
            .filter_map(|g| g.value.as_deref())
    }

    /// Each option with its value (empty for a switch), in order.
    pub fn each(&self) -> impl Iterator<Item = (K, &str)> {
        self.opts
            .iter()
            .map(|g| (g.key, g.value.as_deref().unwrap_or("")))
    }
}

/// Why a command line was refused, worded as `getopt_long` words it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptError {
    /// `-x` that the utility does not have, and the word it was in.
    InvalidShort(char, String),
    /// `--name` that matches nothing.
    Unrecognized(String),
    /// `--na` that is the prefix of several names.
    Ambiguous(String, Vec<&'static str>),
    /// `--name=value` for a switch.
    NoArgument(&'static str),
    /// `--name` without its value at the end of the line.
    LongNeedsArgument(&'static str),
    /// `-x` without its value at the end of the line.
    ShortNeedsArgument(char),
}

impl fmt::Display for OptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidShort(c, _) => write!(f, "invalid option -- '{c}'"),
            Self::Unrecognized(w) => write!(f, "unrecognized option '{w}'"),
            Self::Ambiguous(name, cands) => {
                write!(f, "option '--{name}' is ambiguous; possibilities:")?;
                for c in cands {
                    write!(f, " '--{c}'")?;
                }
                Ok(())
            }
            Self::NoArgument(n) => write!(f, "option '--{n}' doesn't allow an argument"),
            Self::LongNeedsArgument(n) => write!(f, "option '--{n}' requires an argument"),
            Self::ShortNeedsArgument(c) => write!(f, "option requires an argument -- '{c}'"),
        }
    }
}

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parsed<K> {
    /// Run with these options and operands.
    Run(Args<K>),
    /// `--help`.
    Help,
    /// `--version`.
    Version,
    /// A usage error.
    Error(OptError),
}

/// The long name `name` matched, or `Err` when none or several do. An
/// exact name wins; otherwise a unique prefix, or several prefixes that all
/// mean the same option.
fn find_long<K: Copy + PartialEq>(
    flags: &'static [Flag<K>],
    name: &str,
) -> Result<Option<(&'static str, &'static Flag<K>)>, OptError> {
    let named = || {
        flags
            .iter()
            .flat_map(|f| f.long.iter().map(move |l| (*l, f)))
    };
    if let Some(hit) = named().find(|(l, _)| *l == name) {
        return Ok(Some(hit));
    }
    for builtin in ["help", "version"] {
        if builtin == name {
            return Ok(None);
        }
    }
    let mut cands: Vec<(&'static str, &'static Flag<K>)> =
        named().filter(|(l, _)| l.starts_with(name)).collect();
    let builtins: Vec<&'static str> = ["help", "version"]
        .into_iter()
        .filter(|b| b.starts_with(name))
        .collect();
    match (cands.len(), builtins.as_slice()) {
        (0, []) => Err(OptError::Unrecognized(format!("--{name}"))),
        (0, [_]) => Ok(None),
        (_, []) => {
            let first = cands.remove(0);
            if cands
                .iter()
                .all(|(_, f)| f.key == first.1.key && f.arg == first.1.arg)
            {
                Ok(Some(first))
            } else {
                let mut names = vec![first.0];
                names.extend(cands.iter().map(|(l, _)| *l));
                Err(OptError::Ambiguous(name.to_owned(), names))
            }
        }
        _ => {
            let mut names: Vec<&'static str> = cands.iter().map(|(l, _)| *l).collect();
            names.extend(builtins);
            Err(OptError::Ambiguous(name.to_owned(), names))
        }
    }
}

/// Whether `word` reads as a negative number (`-1`, `-.5`).
fn negative_number(word: &str) -> bool {
    let Some(rest) = word.strip_prefix('-') else {
        return false;
    };
    let mut chars = rest.chars();
    match chars.next() {
        Some(c) if c.is_ascii_digit() => true,
        Some('.') => chars.next().is_some_and(|c| c.is_ascii_digit()),
        _ => false,
    }
}

/// Parses `args` (the words after the command name) against `flags`.
pub fn parse<K: Copy + PartialEq>(
    flags: &'static [Flag<K>],
    syntax: &Syntax,
    args: &[String],
) -> Parsed<K> {
    let mut out = Args {
        opts: Vec::new(),
        operands: Vec::new(),
    };
    let mut words = args.iter();
    let mut only_operands = false;
    while let Some(word) = words.next() {
        if only_operands || word == "-" || !word.starts_with('-') {
            out.operands.push(word.clone());
            only_operands |= syntax.stop_at_operand;
            continue;
        }
        if word == "--" {
            only_operands = true;
            continue;
        }
        if syntax.negative_numbers && negative_number(word) {
            out.operands.push(word.clone());
            continue;
        }
        let after_operands = out.operands.len();
        if let Some(body) = word.strip_prefix("--") {
            let (name, attached) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v.to_owned())),
                None => (body, None),
            };
            let (long, flag) = match find_long(flags, name) {
                Ok(Some(hit)) => hit,
                Ok(None) => {
                    return if "help".starts_with(name) {
                        Parsed::Help
                    } else {
                        Parsed::Version
                    };
                }
                Err(e) => return Parsed::Error(e),
            };
            let (value, second) = match (flag.arg, attached) {
                (Arg::No, Some(_)) => return Parsed::Error(OptError::NoArgument(long)),
                (Arg::No, None) => (None, None),
                (Arg::Optional(_), v) => (v, None),
                (Arg::Yes(_), Some(v)) => (Some(v), None),
                (Arg::Yes(_), None) => match words.next() {
                    Some(v) => (Some(v.clone()), None),
                    None => return Parsed::Error(OptError::LongNeedsArgument(long)),
                },
                (Arg::Two(..), first) => {
                    let first = match first {
                        Some(v) => Some(v),
                        None => words.next().cloned(),
                    };
                    match (first, words.next()) {
                        (Some(a), Some(b)) => (Some(a), Some(b.clone())),
                        _ => return Parsed::Error(OptError::LongNeedsArgument(long)),
                    }
                }
            };
            out.opts.push(Given {
                key: flag.key,
                value,
                second,
                after_operands,
                short: false,
            });
            continue;
        }
        let body = word.get(1..).unwrap_or("");
        for (pos, c) in body.char_indices() {
            if Some(c) == syntax.help_short {
                return Parsed::Help;
            }
            if Some(c) == syntax.version_short {
                return Parsed::Version;
            }
            let Some(flag) = flags.iter().find(|f| f.short == Some(c)) else {
                return Parsed::Error(OptError::InvalidShort(c, word.clone()));
            };
            let rest = body.get(pos + c.len_utf8()..).unwrap_or("");
            let (value, second) = match flag.arg {
                Arg::No => (None, None),
                Arg::Optional(_) => (Some(rest.to_owned()).filter(|r| !r.is_empty()), None),
                Arg::Yes(_) if !rest.is_empty() => (Some(rest.to_owned()), None),
                Arg::Yes(_) => match words.next() {
                    Some(v) => (Some(v.clone()), None),
                    None => return Parsed::Error(OptError::ShortNeedsArgument(c)),
                },
                Arg::Two(..) => {
                    let first = if rest.is_empty() {
                        words.next().cloned()
                    } else {
                        Some(rest.to_owned())
                    };
                    match (first, words.next()) {
                        (Some(a), Some(b)) => (Some(a), Some(b.clone())),
                        _ => return Parsed::Error(OptError::ShortNeedsArgument(c)),
                    }
                }
            };
            let takes_rest = flag.arg != Arg::No;
            out.opts.push(Given {
                key: flag.key,
                value,
                second,
                after_operands,
                short: true,
            });
            if takes_rest {
                break;
            }
        }
    }
    Parsed::Run(out)
}

/// The column option descriptions start at in `--help`.
const HELP_COLUMN: usize = 29;

/// The left part of one option's `--help` line: `-n, --lines=NUM`.
fn flag_words<K>(flag: &Flag<K>) -> String {
    let mut s = String::from("  ");
    match flag.short {
        Some(c) => {
            s.push('-');
            s.push(c);
            if flag.long.is_empty() {
                match flag.arg {
                    Arg::Yes(v) | Arg::Two(v, _) => {
                        let _ = write!(s, " {v}");
                    }
                    Arg::Optional(v) => {
                        let _ = write!(s, "[{v}]");
                    }
                    Arg::No => {}
                }
            } else {
                s.push_str(", ");
            }
        }
        None => s.push_str("    "),
    }
    for (i, long) in flag.long.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        let _ = write!(s, "--{long}");
        if i + 1 == flag.long.len() {
            match flag.arg {
                Arg::Yes(v) => {
                    let _ = write!(s, "={v}");
                }
                Arg::Optional(v) => {
                    let _ = write!(s, "[={v}]");
                }
                Arg::Two(a, b) => {
                    let _ = write!(s, " {a} {b}");
                }
                Arg::No => {}
            }
        }
    }
    s
}

/// Appends `left` and the description `text` (lines after the first are
/// indented to the column) to `out`.
fn help_line(out: &mut String, left: &str, text: &str) {
    out.push_str(left);
    let mut lines = text.lines();
    if left.len() + 2 > HELP_COLUMN {
        out.push('\n');
        out.push_str(&" ".repeat(HELP_COLUMN));
    } else {
        out.push_str(&" ".repeat(HELP_COLUMN - left.len()));
    }
    out.push_str(lines.next().unwrap_or(""));
    out.push('\n');
    for l in lines {
        out.push_str(&" ".repeat(HELP_COLUMN));
        out.push_str(l);
        out.push('\n');
    }
}

/// The whole `--help` text of utility `name`.
pub fn render_help<K>(name: &str, help: &Help, flags: &[Flag<K>]) -> String {
    let mut out = String::new();
    for (i, form) in help.usage.iter().enumerate() {
        let lead = if i == 0 { "Usage:" } else { "  or: " };
        let _ = writeln!(out, "{lead} {name} {form}");
    }
    if !help.about.is_empty() {
        out.push_str(help.about);
        if !help.about.ends_with('\n') {
            out.push('\n');
        }
    }
    out.push('\n');
    for flag in flags.iter().filter(|f| !f.help.is_empty()) {
        help_line(&mut out, &flag_words(flag), flag.help);
    }
    help_line(&mut out, "      --help", "display this help and exit");
    help_line(
        &mut out,
        "      --version",
        "output version information and exit",
    );
    if !help.after.is_empty() {
        out.push('\n');
        out.push_str(help.after);
        if !help.after.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

/// Rewrites obsolete numeric options (`fold -5`, `expand -4,8`) as
/// `--LONG=VALUE`: every word before `--` made of `-`, a digit, and a rest
/// that `rest_ok` accepts (the digit included).
pub fn rewrite_numeric_options<'a>(
    args: &'a [String],
    long: &str,
    rest_ok: fn(&str) -> bool,
) -> std::borrow::Cow<'a, [String]> {
    let numeric = |a: &str| {
        a.strip_prefix('-')
            .is_some_and(|r| r.as_bytes().first().is_some_and(u8::is_ascii_digit) && rest_ok(r))
    };
    let before_dashdash = args.iter().take_while(|a| *a != "--");
    if !before_dashdash.clone().any(|a| numeric(a)) {
        return std::borrow::Cow::Borrowed(args);
    }
    let mut out = Vec::with_capacity(args.len());
    let mut done = false;
    for a in args {
        done |= a == "--";
        match a.strip_prefix('-') {
            Some(r) if !done && numeric(a) => out.push(format!("--{long}={r}")),
            _ => out.push(a.clone()),
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum K {
        Count,
        Quiet,
        Suffix,
        Arg,
        Zero,
    }

    const FLAGS: &[Flag<K>] = &[
        Flag::new('n', &["lines"], K::Count, "count").value("NUM"),
        Flag::new('q', &["quiet", "silent"], K::Quiet, "no headers"),
        Flag::new('i', &["in-place"], K::Suffix, "edit").optional("SUF"),
        Flag::long(&["arg"], K::Arg, "named").two("NAME", "VALUE"),
        Flag::long(&["zero-terminated"], K::Zero, ""),
        Flag::long(&["zero-length"], K::Quiet, ""),
    ];

    fn p(words: &[&str]) -> Parsed<K> {
        let v: Vec<String> = words.iter().map(|s| s.to_string()).collect();
        parse(FLAGS, &Syntax::GNU, &v)
    }

    fn run(words: &[&str]) -> Args<K> {
        match p(words) {
            Parsed::Run(a) => a,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn short_long_and_permutation() {
        let a = run(&["-qn5", "f", "--lines", "7", "--li=8", "-", "--", "-q"]);
        assert_eq!(a.operands, ["f", "-", "-q"]);
        assert_eq!(a.all(K::Count).collect::<Vec<_>>(), ["5", "7", "8"]);
        assert!(a.has(K::Quiet));
        assert_eq!(a.opts[1].after_operands, 0);
        assert_eq!(a.opts[2].after_operands, 1);
    }

    #[test]
    fn optional_and_two_values() {
        let a = run(&["-i", "x", "-i.bak", "--in-place=~", "--arg", "n", "v"]);
        let vals: Vec<_> = a.opts.iter().map(|g| g.value.clone()).collect();
        assert_eq!(
            vals,
            [
                None,
                Some(".bak".into()),
                Some("~".into()),
                Some("n".into())
            ]
        );
        assert_eq!(a.opts[3].second.as_deref(), Some("v"));
        assert_eq!(a.operands, ["x"]);
        assert_eq!(
            p(&["--arg", "n"]),
            Parsed::Error(OptError::LongNeedsArgument("arg"))
        );
    }

    #[test]
    fn errors_as_getopt_words_them() {
        let msg = |w: &[&str]| match p(w) {
            Parsed::Error(e) => e.to_string(),
            other => panic!("{other:?}"),
        };
        assert_eq!(msg(&["-x"]), "invalid option -- 'x'");
        assert_eq!(msg(&["--bogus"]), "unrecognized option '--bogus'");
        assert_eq!(msg(&["-n"]), "option requires an argument -- 'n'");
        assert_eq!(msg(&["--lines"]), "option '--lines' requires an argument");
        assert_eq!(
            msg(&["--quiet=1"]),
            "option '--quiet' doesn't allow an argument"
        );
        assert_eq!(
            msg(&["--zero"]),
            "option '--zero' is ambiguous; possibilities: '--zero-terminated' '--zero-length'"
        );
    }

    #[test]
    fn help_version_and_aliases() {
        assert_eq!(p(&["--help"]), Parsed::Help);
        assert_eq!(p(&["--he"]), Parsed::Help);
        assert_eq!(p(&["--v"]), Parsed::Version);
        assert!(run(&["--sil"]).has(K::Quiet));
        let mut stop = Syntax::GNU.stop_at_operand().negative_numbers();
        stop.help_short = Some('h');
        let v: Vec<String> = ["-5", "cmd", "-q"].iter().map(|s| s.to_string()).collect();
        match parse(FLAGS, &stop, &v) {
            Parsed::Run(a) => assert_eq!(a.operands, ["-5", "cmd", "-q"]),
            other => panic!("{other:?}"),
        }
        assert_eq!(parse(FLAGS, &stop, &["-qh".to_string()]), Parsed::Help);
    }

    #[test]
    fn help_lists_every_documented_option() {
        let help = Help {
            usage: &["[OPTION]... [FILE]...", "OPTION"],
            about: "Does things.",
            after: "Notes.",
        };
        let text = render_help("demo", &help, FLAGS);
        assert!(text.starts_with(
            "Usage: demo [OPTION]... [FILE]...\n  or:  demo OPTION\nDoes things.\n\n"
        ));
        assert!(
            text.contains("\n  -n, --lines=NUM            count\n"),
            "{text}"
        );
        assert!(text.contains("\n  -q, --quiet, --silent      no headers\n"));
        assert!(text.contains("\n  -i, --in-place[=SUF]       edit\n"));
        assert!(text.contains("\n      --arg NAME VALUE       named\n"));
        assert!(!text.contains("zero"));
        assert!(text.ends_with("\nNotes.\n"));
    }
}
