//! jq 1.7's command line: its own option syntax (not getopt's), where
//! `--arg NAME VALUE` takes two words, short flags combine (`-rc`), the
//! first operand is the program and `--args`/`--jsonargs` turn the
//! operands after it into `$ARGS.positional`.

use crate::common::flags::{Args, Flag, OptError, Syntax};

/// What `--version` prints: jq's form, saying what it is.
pub const VERSION: &str = "jq-1.7-sandbash (jaq-core 3.1)\n";

/// What `--help` prints.
pub const HELP: &str = "Usage:\tjq [OPTIONS] FILTER [FILES...]
\tjq [OPTIONS] --args FILTER [ARGUMENTS...]
\tjq [OPTIONS] --jsonargs FILTER [JSON_VALUES...]

jq is a tool for processing JSON inputs, applying the given filter to
its JSON text inputs and producing the filter's results as JSON on
standard output.

This jq is sandbash's: jq 1.7's command line and output over the jaq
implementation of the jq language.

The simplest filter is ., which copies jq's input to its output
unmodified except for formatting. For more advanced filters see
the jq(1) manpage (\"man jq\") and/or https://jqlang.github.io/jq/.

Example:

\t$ echo '{\"foo\": 0}' | jq .
\t{
\t  \"foo\": 0
\t}

Command options:
  -n, --null-input          use `null` as the single input value;
  -R, --raw-input           read each line as string instead of JSON;
  -s, --slurp               read all inputs into an array and use it as
                            the single input value;
  -c, --compact-output      compact instead of pretty-printed output;
  -r, --raw-output          output strings without escapes and quotes;
  -j, --join-output         implies -r and output without newline after
                            each output;
  -a, --ascii-output        output strings by only ASCII characters
                            using escape sequences;
  -S, --sort-keys           sort keys of each object on output;
  -C, --color-output        accepted; output is never colored;
  -M, --monochrome-output   disable colored output;
      --tab                 use tabs for indentation;
      --indent n            use n spaces for indentation (max 7 spaces);
      --seq                 parse input/output as application/json-seq;
      --stream              parse the input value in streaming fashion;
      --raw-output0         implies -r and output NUL after each output;
      --unbuffered          accepted (output is never held back);
  -f, --from-file file      load filter from the file;
      --arg name value      set $name to the string value;
      --argjson name value  set $name to the JSON value;
      --slurpfile name file set $name to an array of JSON values read
                            from the file;
      --rawfile name file   set $name to string contents of file;
      --args                consume remaining arguments as positional
                            string values;
      --jsonargs            consume remaining arguments as positional
                            JSON values;
  -e, --exit-status         set exit status code based on the output;
  -V, --version             show the version;
  -h, --help                show the help;
  --                        terminates argument processing;

Named arguments are also available as $ARGS.named[], while
positional arguments are available as $ARGS.positional[].
";

const USAGE_HINT: &str = "Use jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://jqlang.github.io/jq\n";

/// A named argument's value, as given.
#[derive(Clone, Debug)]
pub enum ArgVal {
    /// `--arg`: a string.
    Str(String),
    /// `--argjson`: JSON text (already checked).
    Json(String),
}

/// The parsed command line.
#[derive(Debug, Default)]
pub struct Opts {
    /// The program text (or, with `-f`, filled from the file).
    pub program: String,
    /// `-f`: the file holding the program.
    pub program_file: Option<String>,
    /// Input operands.
    pub files: Vec<String>,
    /// `-r`.
    pub raw_out: bool,
    /// `-j`.
    pub join: bool,
    /// `-c`.
    pub compact: bool,
    /// `-n`.
    pub null_input: bool,
    /// `-R`.
    pub raw_input: bool,
    /// `-s`.
    pub slurp: bool,
    /// `-e`.
    pub exit_status: bool,
    /// `-a`.
    pub ascii: bool,
    /// `-S`.
    pub sort_keys: bool,
    /// `--tab`.
    pub tab: bool,
    /// `--raw-output0`: `-r`, each output followed by NUL instead of a
    /// newline (a string holding NUL is an error).
    pub nul: bool,
    /// `--stream`: each input as its stream events.
    pub stream: bool,
    /// `--seq`: each output after an RS (0x1e), as RFC 7464 JSON text
    /// sequences; RS in the input separates texts.
    pub seq: bool,
    /// `--indent N` (2 by default).
    pub indent: usize,
    /// `--arg`/`--argjson`, in order.
    pub named: Vec<(String, ArgVal)>,
    /// `--slurpfile` (`true`) and `--rawfile` (`false`): name, file, and
    /// the contents once read.
    pub file_args: Vec<(String, String, Vec<u8>, bool)>,
    /// `--args`/`--jsonargs` operands.
    pub positional: Vec<ArgVal>,
}

/// The outcome of parsing.
pub enum Parsed {
    /// Run with these options.
    Run(Opts),
    /// A usage error: the text for standard error (exit status 2).
    Usage(String),
}

/// Whether positional words after the program are files or arguments.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rest {
    Files,
    Args,
    JsonArgs,
}

/// C's `atoi`: optional blanks and sign, then the leading digits; 0
/// without any.
fn atoi(text: &str) -> i64 {
    let t = text.trim_start();
    let (neg, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, t.get(1..).unwrap_or("")),
        Some(b'+') => (false, t.get(1..).unwrap_or("")),
        _ => (false, t),
    };
    let n = digits
        .bytes()
        .take_while(u8::is_ascii_digit)
        .fold(0i64, |n, d| {
            n.saturating_mul(10).saturating_add(i64::from(d - b'0'))
        });
    if neg { -n } else { n }
}

fn valid_json(text: &str) -> bool {
    super::natives::parse_one(text.as_bytes()).is_ok()
}

/// The options of `jq`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    RawOutput,
    JoinOutput,
    CompactOutput,
    NullInput,
    RawInput,
    Slurp,
    ExitStatus,
    AsciiOutput,
    SortKeys,
    Color,
    Tab,
    FromFile,
    Args,
    JsonArgs,
    Indent,
    Arg,
    ArgJson,
    SlurpFile,
    RawFile,
    Seq,
    RawOutput0,
    Stream,
    /// Accepted and ignored: `--unbuffered` (sandbash's output is the
    /// run's), `-b` (Windows line ends).
    Ignored,
}

/// jq's options (its `--help` is its own text, [`HELP`]).
pub const FLAGS: &[Flag<Key>] = &[
    Flag::new('r', &["raw-output"], Key::RawOutput, ""),
    Flag::new('j', &["join-output"], Key::JoinOutput, ""),
    Flag::new('c', &["compact-output"], Key::CompactOutput, ""),
    Flag::new('n', &["null-input"], Key::NullInput, ""),
    Flag::new('R', &["raw-input"], Key::RawInput, ""),
    Flag::new('s', &["slurp"], Key::Slurp, ""),
    Flag::new('e', &["exit-status"], Key::ExitStatus, ""),
    Flag::new('a', &["ascii-output"], Key::AsciiOutput, ""),
    Flag::new('S', &["sort-keys"], Key::SortKeys, ""),
    Flag::new('C', &["color-output"], Key::Color, ""),
    Flag::new('M', &["monochrome-output"], Key::Color, ""),
    Flag::long(&["tab"], Key::Tab, ""),
    Flag::long(&["seq"], Key::Seq, ""),
    Flag::long(&["raw-output0"], Key::RawOutput0, ""),
    Flag::long(&["stream"], Key::Stream, ""),
    Flag::long(&["unbuffered"], Key::Ignored, ""),
    Flag::new('b', &["binary"], Key::Ignored, ""),
    Flag::new('f', &["from-file"], Key::FromFile, ""),
    Flag::long(&["args"], Key::Args, ""),
    Flag::long(&["jsonargs"], Key::JsonArgs, ""),
    Flag::long(&["indent"], Key::Indent, "").value("n"),
    Flag::long(&["arg"], Key::Arg, "").two("name", "value"),
    Flag::long(&["argjson"], Key::ArgJson, "").two("name", "value"),
    Flag::long(&["slurpfile"], Key::SlurpFile, "").two("name", "file"),
    Flag::long(&["rawfile"], Key::RawFile, "").two("name", "file"),
];

/// How jq's words are read: `-h` and `-V` too, usage errors exit 2.
pub const SYNTAX: Syntax = Syntax {
    help_short: Some('h'),
    version_short: Some('V'),
    ..Syntax::GNU.status(2)
};

/// jq's wording of a refused command line.
pub fn usage_error(err: &OptError) -> String {
    match err {
        OptError::LongNeedsArgument(long) => {
            let takes = match *long {
                "indent" => "one parameter",
                "arg" => "two parameters (e.g. --arg varname value)",
                "argjson" => "two parameters (e.g. --argjson varname text)",
                "slurpfile" => "two parameters (e.g. --slurpfile varname filename)",
                _ => "two parameters (e.g. --rawfile varname filename)",
            };
            format!("jq: --{long} takes {takes}\n{USAGE_HINT}")
        }
        OptError::InvalidShort(_, word) => format!("jq: Unknown option: {word}\n{USAGE_HINT}"),
        OptError::Unrecognized(word) => format!("jq: Unknown option: {word}\n{USAGE_HINT}"),
        OptError::Ambiguous(name, _) => format!("jq: Unknown option: --{name}\n{USAGE_HINT}"),
        OptError::NoArgument(long) => format!("jq: Unknown option: --{long}\n{USAGE_HINT}"),
        OptError::ShortNeedsArgument(c) => format!("jq: Unknown option: -{c}\n{USAGE_HINT}"),
    }
}

/// The options and operands once read: the first operand is the program
/// (or, with `-f`, its file); the operands after it are input files, or
/// positional values for `$ARGS` from where `--args`/`--jsonargs` was given.
pub fn from_args(args: Args<Key>) -> Parsed {
    let mut o = Opts {
        indent: 2,
        ..Opts::default()
    };
    let mut from_file = false;
    for g in &args.opts {
        let value = g.value.clone().unwrap_or_default();
        match g.key {
            Key::RawOutput => o.raw_out = true,
            Key::JoinOutput => (o.raw_out, o.join) = (true, true),
            // The last of -c, --tab and --indent decides, as in jq.
            Key::CompactOutput => (o.compact, o.tab) = (true, false),
            Key::NullInput => o.null_input = true,
            Key::RawInput => o.raw_input = true,
            Key::Slurp => o.slurp = true,
            Key::ExitStatus => o.exit_status = true,
            Key::AsciiOutput => o.ascii = true,
            Key::SortKeys => o.sort_keys = true,
            Key::Tab => (o.tab, o.compact) = (true, false),
            Key::Seq => o.seq = true,
            Key::Stream => o.stream = true,
            Key::RawOutput0 => (o.raw_out, o.join, o.nul) = (true, true, true),
            Key::Ignored => {}
            Key::FromFile => from_file = true,
            Key::Color | Key::Args | Key::JsonArgs => {}
            Key::Indent => {
                // jq reads the number with atoi: leading digits, else 0.
                let n = atoi(&value);
                if !(-1..=7).contains(&n) {
                    return Parsed::Usage(format!(
                        "jq: --indent takes a number between -1 and 7\n{USAGE_HINT}"
                    ));
                }
                o.indent = n.max(0) as usize;
                (o.tab, o.compact) = (false, false);
            }
            // The first of the named arguments of one name is the one
            // that counts, as in jq.
            Key::Arg | Key::ArgJson | Key::SlurpFile | Key::RawFile
                if o.named.iter().any(|n| n.0 == value)
                    || o.file_args.iter().any(|f| f.0 == value) => {}
            Key::Arg | Key::ArgJson | Key::SlurpFile | Key::RawFile => {
                let second = g.second.clone().unwrap_or_default();
                match g.key {
                    Key::Arg => o.named.push((value, ArgVal::Str(second))),
                    Key::ArgJson => {
                        if !valid_json(&second) {
                            return Parsed::Usage(format!(
                                "jq: invalid JSON text passed to --argjson\n{USAGE_HINT}"
                            ));
                        }
                        o.named.push((value, ArgVal::Json(second)));
                    }
                    _ => o
                        .file_args
                        .push((value, second, Vec::new(), g.key == Key::SlurpFile)),
                }
            }
        }
    }
    // What the operand at `index` is: the last of `--args`/`--jsonargs`
    // given before it decides.
    let rest_at = |index: usize| {
        args.opts
            .iter()
            .rev()
            .filter(|g| g.after_operands <= index)
            .find_map(|g| match g.key {
                Key::Args => Some(Rest::Args),
                Key::JsonArgs => Some(Rest::JsonArgs),
                _ => None,
            })
            .unwrap_or(Rest::Files)
    };
    let mut operands = args.operands.iter().enumerate();
    // Without a program jq runs `.` when standard input or output is not
    // a terminal, which in the sandbox they never are.
    let dot = ".".to_string();
    let program = match operands.next() {
        Some((_, p)) => p,
        None if from_file => {
            return Parsed::Usage(format!(
                "Usage:\tjq [OPTIONS] FILTER [FILES...]\n\tjq [OPTIONS] --args FILTER [ARGUMENTS...]\n\tjq [OPTIONS] --jsonargs FILTER [JSON_VALUES...]\n\n{USAGE_HINT}"
            ));
        }
        None => &dot,
    };
    for (index, a) in operands {
        match rest_at(index) {
            Rest::Files => o.files.push(a.clone()),
            Rest::Args => o.positional.push(ArgVal::Str(a.clone())),
            Rest::JsonArgs => {
                if !valid_json(a) {
                    return Parsed::Usage(format!(
                        "jq: invalid JSON text passed to --jsonargs\n{USAGE_HINT}"
                    ));
                }
                o.positional.push(ArgVal::Json(a.clone()));
            }
        }
    }
    if from_file {
        o.program_file = Some(program.clone());
    } else {
        o.program = program.clone();
    }
    Parsed::Run(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[String]) -> Parsed {
        match crate::common::flags::parse(FLAGS, &SYNTAX, args) {
            crate::common::flags::Parsed::Run(a) => from_args(a),
            crate::common::flags::Parsed::Error(e) => Parsed::Usage(usage_error(&e)),
            _ => panic!("help or version"),
        }
    }

    fn p(args: &[&str]) -> Opts {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        match parse(&args) {
            Parsed::Run(o) => o,
            _ => panic!("not a run"),
        }
    }

    #[test]
    fn combined_and_long() {
        // The later --indent undoes -c, as in jq.
        let o = p(&["-rc", "--arg", "x", "1", ".", "f", "--indent", "4"]);
        assert!(o.raw_out && !o.compact);
        assert!(p(&["--indent", "4", "-c", "."]).compact);
        assert_eq!(o.program, ".");
        assert_eq!(o.files, ["f"]);
        assert_eq!(o.indent, 4);
        assert_eq!(o.named.len(), 1);
        let o = p(&["-n", "--args", "$ARGS", "a", "b"]);
        assert_eq!(o.positional.len(), 2);
        assert!(o.files.is_empty());
    }

    #[test]
    fn errors() {
        let args = ["-z".to_string()];
        assert!(
            matches!(parse(&args), Parsed::Usage(m) if m.starts_with("jq: Unknown option: -z\n"))
        );
        let args = ["--argjson".to_string(), "x".into(), "{".into(), ".".into()];
        assert!(matches!(parse(&args), Parsed::Usage(_)));
        // No program: `.`, as jq when standard input is not a terminal.
        assert!(matches!(parse(&[]), Parsed::Run(o) if o.program == "."));
        let args = ["--indent".to_string(), "8".into(), ".".into()];
        assert!(
            matches!(parse(&args), Parsed::Usage(m) if m.starts_with("jq: --indent takes a number between -1 and 7\n"))
        );
        let args = ["--seq".to_string(), ".".into()];
        assert!(matches!(parse(&args), Parsed::Run(o) if o.seq));
    }
}
