//! jq 1.7's command line: its own option syntax (not getopt's), where
//! `--arg NAME VALUE` takes two words, short flags combine (`-rc`), the
//! first operand is the program and `--args`/`--jsonargs` turn the
//! operands after it into `$ARGS.positional`.

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
    /// `--help`.
    Help,
    /// `--version`.
    Version,
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

fn valid_json(text: &str) -> bool {
    super::natives::parse_one(text.as_bytes()).is_ok()
}

/// Parses jq's arguments (after the command name).
pub fn parse(args: &[String]) -> Parsed {
    let mut o = Opts {
        indent: 2,
        ..Opts::default()
    };
    let mut program: Option<String> = None;
    let mut rest = Rest::Files;
    let mut from_file = false;
    let mut only_operands = false;
    let mut i = 0;
    let unknown = |a: &str| Parsed::Usage(format!("jq: Unknown option: {a}\n{USAGE_HINT}"));
    while let Some(a) = args.get(i) {
        i += 1;
        let is_opt = !only_operands && a.len() > 1 && a.starts_with('-');
        if !is_opt {
            if program.is_none() {
                program = Some(a.clone());
            } else {
                match rest {
                    Rest::Files => o.files.push(a.clone()),
                    Rest::Args => o.positional.push(ArgVal::Str(a.clone())),
                    Rest::JsonArgs => {
                        if !valid_json(a) {
                            return Parsed::Usage(format!(
                                "jq: Invalid JSON text passed to --jsonargs\n{USAGE_HINT}"
                            ));
                        }
                        o.positional.push(ArgVal::Json(a.clone()));
                    }
                }
            }
            continue;
        }
        if a == "--" {
            only_operands = true;
            continue;
        }
        if let Some(long) = a.strip_prefix("--") {
            let mut take = |n: usize| -> Option<Vec<String>> {
                let got = args.get(i..i + n)?.to_vec();
                i += n;
                Some(got)
            };
            let missing = |what: &str| {
                Parsed::Usage(format!(
                    "jq: error: {what} takes {}\n{USAGE_HINT}",
                    match what {
                        "--indent" => "one parameter (e.g. --indent 4)",
                        "--arg" => "two parameters (e.g. --arg varname value)",
                        "--argjson" => "two parameters (e.g. --argjson varname text)",
                        "--slurpfile" => "two parameters (e.g. --slurpfile varname filename)",
                        _ => "two parameters (e.g. --rawfile varname filename)",
                    }
                ))
            };
            match long {
                "raw-output" => o.raw_out = true,
                "join-output" => {
                    o.raw_out = true;
                    o.join = true;
                }
                "compact-output" => o.compact = true,
                "null-input" => o.null_input = true,
                "raw-input" => o.raw_input = true,
                "slurp" => o.slurp = true,
                "exit-status" => o.exit_status = true,
                "ascii-output" => o.ascii = true,
                "sort-keys" => o.sort_keys = true,
                "color-output" | "monochrome-output" => {}
                "tab" => o.tab = true,
                "from-file" => from_file = true,
                "args" => rest = Rest::Args,
                "jsonargs" => rest = Rest::JsonArgs,
                "help" => return Parsed::Help,
                "version" => return Parsed::Version,
                "indent" => {
                    let Some(v) = take(1) else {
                        return missing("--indent");
                    };
                    let n: i64 = v.first().and_then(|s| s.parse().ok()).unwrap_or(-1);
                    if n < 0 {
                        return Parsed::Usage(format!(
                            "jq: Cannot indent less than 0 characters\n{USAGE_HINT}"
                        ));
                    }
                    if n > 7 {
                        return Parsed::Usage(format!(
                            "jq: Cannot indent more than 7 characters\n{USAGE_HINT}"
                        ));
                    }
                    o.indent = n as usize;
                }
                "arg" | "argjson" | "slurpfile" | "rawfile" => {
                    let Some(v) = take(2) else {
                        return missing(a);
                    };
                    let (name, value) = match v.as_slice() {
                        [n, v] => (n.clone(), v.clone()),
                        _ => return missing(a),
                    };
                    match long {
                        "arg" => o.named.push((name, ArgVal::Str(value))),
                        "argjson" => {
                            if !valid_json(&value) {
                                return Parsed::Usage(format!(
                                    "jq: Invalid JSON text passed to --argjson\n{USAGE_HINT}"
                                ));
                            }
                            o.named.push((name, ArgVal::Json(value)));
                        }
                        _ => o
                            .file_args
                            .push((name, value, Vec::new(), long == "slurpfile")),
                    }
                }
                _ => return unknown(a),
            }
            continue;
        }
        // Short flags, possibly combined.
        for c in a.chars().skip(1) {
            match c {
                'r' => o.raw_out = true,
                'j' => {
                    o.raw_out = true;
                    o.join = true;
                }
                'c' => o.compact = true,
                'n' => o.null_input = true,
                'R' => o.raw_input = true,
                's' => o.slurp = true,
                'e' => o.exit_status = true,
                'a' => o.ascii = true,
                'S' => o.sort_keys = true,
                'C' | 'M' => {}
                'f' => from_file = true,
                'h' => return Parsed::Help,
                'V' => return Parsed::Version,
                _ => return unknown(a),
            }
        }
    }
    let Some(program) = program else {
        return Parsed::Usage(format!(
            "Usage:\tjq [OPTIONS] FILTER [FILES...]\n\tjq [OPTIONS] --args FILTER [ARGUMENTS...]\n\tjq [OPTIONS] --jsonargs FILTER [JSON_VALUES...]\n\n{USAGE_HINT}"
        ));
    };
    if from_file {
        o.program_file = Some(program);
    } else {
        o.program = program;
    }
    Parsed::Run(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(args: &[&str]) -> Opts {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        match parse(&args) {
            Parsed::Run(o) => o,
            _ => panic!("not a run"),
        }
    }

    #[test]
    fn combined_and_long() {
        let o = p(&["-rc", "--arg", "x", "1", ".", "f", "--indent", "4"]);
        assert!(o.raw_out && o.compact);
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
        assert!(matches!(parse(&[]), Parsed::Usage(_)));
    }
}
