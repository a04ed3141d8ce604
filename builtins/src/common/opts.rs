//! GNU `getopt_long`-style option parsing: bundled short options, attached
//! or separate arguments, long options with unique-prefix abbreviation and
//! `=value`, operands mixed with options (permutation), `--` and a lone `-`
//! as an operand. `--help` and `--version` are handled here.

use super::VERSION;
use super::sys::{Res, Sys};

/// Whether an option takes an argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HasArg {
    /// A flag.
    No,
    /// Always takes an argument (attached or the next word).
    Yes,
    /// Long form only: an argument only as `--name=value`.
    Optional,
}

/// A long option: its name, whether it takes an argument, and the key the
/// parser reports for it (a short option letter for aliases).
pub type LongOpt = (&'static str, HasArg, &'static str);

/// How a utility's command line is parsed.
pub struct Spec {
    /// Short options in `getopt` syntax: `"nb:"` means `-n` and `-b ARG`.
    pub short: &'static str,
    /// Long options.
    pub long: &'static [LongOpt],
    /// The `--help` text (everything after `Usage: `).
    pub usage: &'static str,
    /// Exit status for an invalid command line.
    pub err_status: i32,
    /// Stop at the first operand (`env`, POSIX `+` mode).
    pub stop_at_operand: bool,
    /// Treat words like `-1` or `-.5` as operands (`seq`).
    pub negative_numbers: bool,
}

impl Spec {
    /// A spec with the usual defaults (status 1, permutation).
    pub const fn new(short: &'static str, long: &'static [LongOpt], usage: &'static str) -> Self {
        Self {
            short,
            long,
            usage,
            err_status: 1,
            stop_at_operand: false,
            negative_numbers: false,
        }
    }

    /// The same spec, treating words like `-1` as operands.
    pub const fn negative_numbers(mut self) -> Self {
        self.negative_numbers = true;
        self
    }
}

/// A parsed command line.
#[derive(Debug, Default)]
pub struct Parsed {
    /// Options in command-line order: key and argument.
    pub opts: Vec<(&'static str, Option<String>)>,
    /// Operands in order.
    pub operands: Vec<String>,
}

impl Parsed {
    /// True when option `key` was given.
    pub fn has(&self, key: &str) -> bool {
        self.opts.iter().any(|(k, _)| *k == key)
    }

    /// The last argument given to option `key`.
    pub fn last(&self, key: &str) -> Option<&str> {
        self.opts
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .and_then(|(_, v)| v.as_deref())
    }
}

/// Outcome of parsing: run with the options, or exit now with a status.
pub enum Parse {
    /// Proceed.
    Run(Parsed),
    /// `--help`, `--version` or a usage error was handled: exit with it.
    Exit(i32),
}

const BUILTIN_LONG: &[LongOpt] = &[
    ("help", HasArg::No, "help"),
    ("version", HasArg::No, "version"),
];

fn short_info(spec: &Spec, c: char) -> Option<(&'static str, bool)> {
    let s = spec.short;
    let mut it = s.char_indices().peekable();
    while let Some((i, ch)) = it.next() {
        if ch == ':' {
            continue;
        }
        let takes = matches!(it.peek(), Some((_, ':')));
        if ch == c {
            let key = s.get(i..i + ch.len_utf8())?;
            return Some((key, takes));
        }
    }
    None
}

enum LongMatch {
    One(LongOpt),
    None,
    Ambiguous(Vec<&'static str>),
}

fn find_long(spec: &Spec, name: &str) -> LongMatch {
    let all = || spec.long.iter().chain(BUILTIN_LONG.iter());
    if let Some(o) = all().find(|o| o.0 == name) {
        return LongMatch::One(*o);
    }
    let cands: Vec<&LongOpt> = all().filter(|o| o.0.starts_with(name)).collect();
    match cands.as_slice() {
        [] => LongMatch::None,
        [one] => LongMatch::One(**one),
        [first, rest @ ..] => {
            if rest.iter().all(|o| o.2 == first.2 && o.1 == first.1) {
                LongMatch::One(**first)
            } else {
                LongMatch::Ambiguous(cands.iter().map(|o| o.0).collect())
            }
        }
    }
}

fn looks_negative_number(s: &str) -> bool {
    let rest = match s.strip_prefix('-') {
        Some(r) => r,
        None => return false,
    };
    let mut chars = rest.chars();
    match chars.next() {
        Some(c) if c.is_ascii_digit() => true,
        Some('.') => chars.next().is_some_and(|c| c.is_ascii_digit()),
        _ => false,
    }
}

/// Parses `args` (without the command name). Prints help, version or usage
/// errors itself.
pub fn parse(sys: &mut Sys<'_>, spec: &Spec, args: &[String]) -> Res<Parse> {
    let mut p = Parsed::default();
    let mut i = 0;
    let mut only_operands = false;
    while let Some(arg) = args.get(i) {
        i += 1;
        if only_operands || arg == "-" || !arg.starts_with('-') {
            p.operands.push(arg.clone());
            if spec.stop_at_operand {
                only_operands = true;
            }
            continue;
        }
        if arg == "--" {
            only_operands = true;
            continue;
        }
        if spec.negative_numbers && looks_negative_number(arg) {
            p.operands.push(arg.clone());
            continue;
        }
        if let Some(body) = arg.strip_prefix("--") {
            let (name, value) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (body, None),
            };
            let opt = match find_long(spec, name) {
                LongMatch::One(o) => o,
                LongMatch::None => {
                    sys.diag
                        .usage(format_args!("unrecognized option '--{name}'"));
                    return Ok(Parse::Exit(spec.err_status));
                }
                LongMatch::Ambiguous(c) => {
                    let list: Vec<String> = c.iter().map(|n| format!("'--{n}'")).collect();
                    sys.diag.usage(format_args!(
                        "option '--{name}' is ambiguous; possibilities: {}",
                        list.join(" ")
                    ));
                    return Ok(Parse::Exit(spec.err_status));
                }
            };
            let value = match (opt.1, value) {
                (HasArg::No, Some(_)) => {
                    sys.diag.usage(format_args!(
                        "option '--{}' doesn't allow an argument",
                        opt.0
                    ));
                    return Ok(Parse::Exit(spec.err_status));
                }
                (HasArg::No, None) => None,
                (HasArg::Optional, v) => v,
                (HasArg::Yes, Some(v)) => Some(v),
                (HasArg::Yes, None) => match args.get(i) {
                    Some(v) => {
                        i += 1;
                        Some(v.clone())
                    }
                    None => {
                        sys.diag
                            .usage(format_args!("option '--{}' requires an argument", opt.0));
                        return Ok(Parse::Exit(spec.err_status));
                    }
                },
            };
            match opt.2 {
                "help" if opt.0 == "help" => {
                    sys.out.fmt(format_args!("Usage: {}", spec.usage))?;
                    return Ok(Parse::Exit(0));
                }
                "version" if opt.0 == "version" => {
                    sys.out
                        .fmt(format_args!("{} (sandbash) {VERSION}\n", sys.diag.name))?;
                    return Ok(Parse::Exit(0));
                }
                _ => p.opts.push((opt.2, value)),
            }
            continue;
        }
        // A bundle of short options.
        let body = arg.get(1..).unwrap_or("");
        for (pos, c) in body.char_indices() {
            let Some((key, takes)) = short_info(spec, c) else {
                sys.diag.usage(format_args!("invalid option -- '{c}'"));
                return Ok(Parse::Exit(spec.err_status));
            };
            if takes {
                let rest = body.get(pos + c.len_utf8()..).unwrap_or("");
                let value = if !rest.is_empty() {
                    rest.to_string()
                } else if let Some(v) = args.get(i) {
                    i += 1;
                    v.clone()
                } else {
                    sys.diag
                        .usage(format_args!("option requires an argument -- '{c}'"));
                    return Ok(Parse::Exit(spec.err_status));
                };
                p.opts.push((key, Some(value)));
                break;
            }
            p.opts.push((key, None));
        }
    }
    Ok(Parse::Run(p))
}
