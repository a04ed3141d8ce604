//! `yq`: mikefarah's yq v4 command line (YAML, JSON, XML, TOML, props)
//! over the jq language of sandbash's `jq` (the jaq engine).
//!
//! `yq [eval|e|eval-all|ea] [FLAGS] EXPRESSION [FILE...]`: each
//! document of each file is decoded ([`yaml_in`], [`xml`], [`tomlfmt`],
//! or jq's JSON reader), the expression runs on it through jq's compiled
//! program, limits and messages ([`crate::jq::program`],
//! [`crate::jq::natives`]), and every result is encoded in the output
//! format ([`yaml_out`], jq's JSON writer, [`xml`], [`tomlfmt`],
//! [`flat`] for props/CSV/TSV). As in yq the input format follows the
//! first file's extension when `-p` is not given, and the output format
//! then follows the input's (else YAML). `-i` writes the results back to
//! the first file in the VFS. With one operand that names an existing
//! file and no expression, the expression is `.`.
//!
//! The evaluation runs on a thread of its own with jq's large stack
//! ([`crate::jq::run::worker_stack`]); decoding happens there too, so a
//! deeply nested value is built, walked and dropped on that stack. Input
//! is read whole (yq must parse a document before it evaluates it) and
//! charged to the memory budget; so are decoded values, with aliases
//! charged for what they expand to (an alias bomb stops with the memory
//! limit).
//!
//! When YAML documents are printed whole as YAML with only scalar
//! values changed or keys added to or removed from block mappings
//! (`yq '.a.b = 1' f.yaml`, `yq -i ...`), the edits are written into the
//! source text ([`inplace`]; not with `-P` or `-I`), so its comments,
//! quoting, flow collections and anchors stay, as yq keeps them (its
//! indentation stays too, where yq would re-indent to 2 spaces).
//!
//! Differences from yq, by design of the value model (jaq's JSON values,
//! not YAML nodes): otherwise comments, quoting and flow styles, anchors
//! and tags of the source are not kept (output is what `yq -P` prints);
//! empty values (`a:`) print as `null`; merge keys are applied on input; keys are strings; `yq eval-all` evaluates each
//! document in turn as `eval` does; the expression is jq's language with
//! yq's common functions added ([`PRELUDE`]): yq-only operators
//! (`ireduce`, `parent`, `key`, comments, styles, anchors) are not there.
//! `-s` is yq's `--split-exp`: each result goes to the file the
//! expression names (`$index` is the result's number), with the output
//! format's extension.

pub mod flat;
pub mod inplace;
pub mod rewrite;
pub mod tomlfmt;
pub mod xml;
pub mod yaml_in;
pub mod yaml_out;

#[cfg(test)]
mod tests;

use std::cell::{Cell, RefCell};
use std::io::Read;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use jaq_core::{Ctx, Vars};
use jaq_json::{Map, Rc, Val};
use sandbash_interpreter::Cancel;
use sandbash_interpreter::memory::{Charge, MemoryBudget};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, OptError, Syntax};
use crate::common::input::open_input;
use crate::common::sys::{Fail, Res, Sys};
use crate::jq::natives::{Ctl, Env, Halt, InputIter, JqData};
use crate::jq::program;
use crate::jq::write::{self, Sink, Style};

/// yq's functions that jq lacks (or names otherwise), defined in jq on
/// one line so that compile errors keep the program's line numbers.
pub const PRELUDE: &str = "def strenv(n): $ENV[n]; \
def from_yaml: if type == \"string\" then (try (if test(\"^-?[0-9]+(\\\\.[0-9]+)?([eE][-+]?[0-9]+)?$\") then tonumber elif . == \"true\" then true elif . == \"false\" then false elif . == \"null\" or . == \"~\" or . == \"\" then null else . end) catch .) else . end; \
def env(n): $ENV[n] | from_yaml; \
def tag: if type == \"string\" then \"!!str\" elif type == \"number\" then (if . == floor then \"!!int\" else \"!!float\" end) elif type == \"boolean\" then \"!!bool\" elif type == \"null\" then \"!!null\" elif type == \"array\" then \"!!seq\" else \"!!map\" end; \
def kind: if type == \"array\" then \"seq\" elif type == \"object\" then \"map\" else \"scalar\" end; \
def keys: keys_unsorted; \
def sort_keys(f): f |= (if type == \"object\" then to_entries | sort_by(.key) | from_entries else . end); \
def to_json: tojson; def to_json(i): tojson; def from_json: fromjson; def to_number: tonumber; def to_string: tostring; \
def upcase: ascii_upcase; def downcase: ascii_downcase; \
def explode(f): .; def with(p; f): p |= f; \
def omit(ks): reduce ks[] as $k (.; del(.[$k])); \
def any_c(f): any(.[]; f); def all_c(f): all(.[]; f); \
def documentIndex: $__yq_di; def document_index: $__yq_di; def di: $__yq_di; def filename: $__yq_fn; def fileIndex: $__yq_fi; def file_index: $__yq_fi; def fi: $__yq_fi; \
def line: 0; def column: 0; def head_comment: \"\"; def line_comment: \"\"; def foot_comment: \"\"; def style: \"\"; def anchor: \"\"; \
def split_doc: .; ";

/// The `--version` line: yq's wording, so that scripts checking for
/// mikefarah's yq v4 find it.
pub const VERSION: &str = "yq (https://github.com/mikefarah/yq/) version v4.44.3 (sandbash)\n";

/// The options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Output,
    Input,
    Inplace,
    Unwrap,
    ExitStatus,
    NullInput,
    Split,
    Pretty,
    Indent,
    NoColors,
    Colors,
    NoDoc,
    ToJson,
    Verbose,
    Nul,
    Expression,
    FromFile,
    AttrPrefix,
    ContentName,
    Ignored,
    IgnoredValue,
    Version,
    Help,
}

const FLAGS: &[Flag<Key>] = &[
    Flag::new('o', &["output-format"], Key::Output, "[auto|a|yaml|y|json|j|props|p|csv|c|tsv|t|xml|x|toml] output format type.").value("string"),
    Flag::new('p', &["input-format"], Key::Input, "[auto|a|yaml|y|json|j|props|p|xml|x|toml] parse format for input.").value("string"),
    Flag::new('i', &["inplace"], Key::Inplace, "update the file in place of first file given.").optional("bool"),
    Flag::new('r', &["unwrapScalar"], Key::Unwrap, "unwrap scalar, print the value with no quotes, colours or comments. Defaults to true for yaml").optional("bool"),
    Flag::new('e', &["exit-status"], Key::ExitStatus, "set exit status if there are no matches or null or false is returned").optional("bool"),
    Flag::new('n', &["null-input"], Key::NullInput, "Don't read input, simply evaluate the expression given. Useful for creating docs from scratch.").optional("bool"),
    Flag::new('s', &["split-exp"], Key::Split, "print each result (or doc) into a file named (exp). [exp] argument must return a string. You can use $index in the expression as the result counter.").value("string"),
    Flag::new('P', &["prettyPrint"], Key::Pretty, "pretty print, shorthand for '... style = \"\"'").optional("bool"),
    Flag::new('I', &["indent"], Key::Indent, "sets indent level for output (default 2)").value("int"),
    Flag::new('M', &["no-colors"], Key::NoColors, "force print with no colours").optional("bool"),
    Flag::new('C', &["colors"], Key::Colors, "force print with colours").optional("bool"),
    Flag::new('N', &["no-doc"], Key::NoDoc, "Don't print document separators (---)").optional("bool"),
    Flag::new('j', &["tojson"], Key::ToJson, "(deprecated) output as json. Set indent to 0 to print json in one line.").optional("bool"),
    Flag::new('v', &["verbose"], Key::Verbose, "verbose mode").optional("bool"),
    Flag::new('0', &["nul-output"], Key::Nul, "Use NUL char to separate values. If unwrap scalar is also set, fail if unwrapped scalar contains NUL char.").optional("bool"),
    Flag::long(&["expression"], Key::Expression, "forcibly set the expression argument. Useful when yq argument detection thinks your expression is a file.").value("string"),
    Flag::long(&["from-file"], Key::FromFile, "Load expression from specified file.").value("string"),
    Flag::long(&["xml-attribute-prefix"], Key::AttrPrefix, "prefix for xml attributes (default \"+@\")").value("string"),
    Flag::long(&["xml-content-name"], Key::ContentName, "name for xml content (if no attribute name is present). (default \"+content\")").value("string"),
    Flag::long(&["header-preprocess", "xml-strict-mode", "xml-keep-namespace", "xml-raw-token", "xml-skip-proc-inst", "xml-skip-directives", "no-doc-separators"], Key::Ignored, "").optional("bool"),
    Flag::long(&["front-matter", "csv-separator", "properties-separator", "lua-prefix", "xml-directive-name", "xml-proc-inst-prefix", "string-interpolation"], Key::IgnoredValue, "").value("string"),
    Flag::new('V', &[], Key::Version, "Print version information and quit"),
    Flag::new('h', &[], Key::Help, ""),
];

/// A data format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Yaml,
    Json,
    Xml,
    Toml,
    Props,
    Csv,
    Tsv,
}

impl Format {
    fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "yaml" | "y" | "yml" => Self::Yaml,
            "json" | "j" | "ndjson" => Self::Json,
            "xml" | "x" => Self::Xml,
            "toml" => Self::Toml,
            "props" | "p" | "properties" => Self::Props,
            "csv" | "c" => Self::Csv,
            "tsv" | "t" => Self::Tsv,
            _ => return None,
        })
    }

    /// The format a file name's extension names (yq's auto-detection).
    fn of_file(name: &str) -> Option<Self> {
        let ext = name.rsplit_once('.')?.1.to_ascii_lowercase();
        Self::parse(match ext.as_str() {
            "yaml" | "yml" => "yaml",
            "json" | "ndjson" => "json",
            "xml" => "xml",
            "toml" => "toml",
            "properties" => "props",
            "csv" => "csv",
            "tsv" => "tsv",
            _ => return None,
        })
    }

    /// The extension `--split-exp` gives its files.
    fn ext(self) -> &'static str {
        match self {
            Self::Yaml => "yml",
            Self::Json => "json",
            Self::Xml => "xml",
            Self::Toml => "toml",
            Self::Props => "properties",
            Self::Csv => "csv",
            Self::Tsv => "tsv",
        }
    }
}

/// The command line, resolved.
pub struct Opts {
    pub expr: String,
    /// `eval-all`/`ea`.
    pub eval_all: bool,
    pub files: Vec<String>,
    pub input: Format,
    pub output: Format,
    pub inplace: bool,
    pub unwrap: Option<bool>,
    pub exit_status: bool,
    pub null_input: bool,
    pub split: Option<String>,
    pub indent: usize,
    /// `-P`: print in yq's default style, whatever the source's.
    pub pretty: bool,
    /// `-I` was given: YAML output is indented anew.
    pub reindent: bool,
    pub no_doc: bool,
    pub nul: bool,
    pub attr_prefix: String,
    pub content_name: String,
}

/// The `yq` utility.
pub struct Yq;

impl Command for Yq {
    const NAME: &'static str = "yq";
    const HELP: Help = Help {
        usage: &["yq [flags]", "yq [command]"],
        about: "yq is a portable command-line data file processor (https://github.com/mikefarah/yq/)\nSee https://mikefarah.gitbook.io/yq/ for detailed documentation and examples.",
        after: "Available Commands:\n  eval        (default) Apply the expression to each document in each yaml file in sequence\n  eval-all    Loads _all_ yaml documents of _all_ yaml files and runs expression once",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = FLAGS;
    const SYNTAX: Syntax = Syntax::GNU.status(1);

    fn help() -> String {
        let mut text = String::from(
            "yq is a portable command-line data file processor (https://github.com/mikefarah/yq/)\n\
See https://mikefarah.gitbook.io/yq/ for detailed documentation and examples.\n\n\
Usage:\n  yq [flags]\n  yq [command]\n\n\
Examples:\n\n\
# yq tries to auto-detect the file format based off the extension, and defaults to YAML if it's unknown (or piping through STDIN)\n\
# Use the '-p/--input-format' flag to specify a format type.\n\
cat file.xml | yq -p xml\n\n\
# read the \"stuff\" node from \"myfile.yml\"\n\
yq '.stuff' < myfile.yml\n\n\
# update myfile.yml in place\n\
yq -i '.stuff = \"foo\"' myfile.yml\n\n\
# print contents of sample.json as idiomatic YAML\n\
yq -P -oy sample.json\n\n\
Available Commands:\n\
  eval        (default) Apply the expression to each document in each yaml file in sequence\n\
  eval-all    Loads _all_ yaml documents of _all_ yaml files and runs expression once\n\n\
Flags:\n",
        );
        for f in FLAGS {
            if f.help.is_empty() {
                continue;
            }
            let short = f.short.map_or("    ".to_string(), |c| format!("-{c}, "));
            let long = f.long.first().map_or(String::new(), |l| format!("--{l}"));
            let val = match f.arg {
                crate::common::flags::Arg::Yes(v) => format!(" {v}"),
                _ => String::new(),
            };
            text.push_str(&format!("  {short}{long}{val}\n      {}\n", f.help));
        }
        text.push_str("  -h, --help\n      help for yq\n");
        text
    }

    fn version() -> String {
        VERSION.to_owned()
    }

    fn usage_error(sys: &mut Sys<'_>, err: &OptError) -> i32 {
        let msg = match err {
            OptError::InvalidShort(c, _) => format!("unknown shorthand flag: '{c}'"),
            OptError::Unrecognized(w) => format!("unknown flag: {w}"),
            OptError::Ambiguous(n, _) => format!("unknown flag: --{n}"),
            OptError::NoArgument(n) => format!("flag --{n} does not take a value"),
            OptError::LongNeedsArgument(n) => format!("flag needs an argument: --{n}"),
            OptError::ShortNeedsArgument(c) => format!("flag needs an argument: '{c}' in -{c}"),
        };
        sys.diag.raw(format!("Error: {msg}\n").as_bytes());
        1
    }

    fn main(sys: &mut Sys<'_>, args: Args<Key>) -> Res<i32> {
        main(sys, args)
    }
}

/// A cobra boolean: `-x`, `--x=true`, `--x=false` (a shorthand's value
/// is attached after `=`).
fn truthy(v: &str) -> Result<bool, String> {
    match v.strip_prefix('=').unwrap_or(v) {
        "" | "true" | "1" | "t" | "T" | "TRUE" | "True" => Ok(true),
        "false" | "0" | "f" | "F" | "FALSE" | "False" => Ok(false),
        other => Err(format!(
            "invalid argument \"{other}\": strconv.ParseBool: parsing \"{other}\": invalid syntax"
        )),
    }
}

fn err(sys: &mut Sys<'_>, msg: impl std::fmt::Display) -> Res<i32> {
    sys.out.flush()?;
    sys.diag.raw(format!("Error: {msg}\n").as_bytes());
    Ok(1)
}

fn main(sys: &mut Sys<'_>, args: Args<Key>) -> Res<i32> {
    let mut o = Opts {
        expr: String::new(),
        eval_all: false,
        files: Vec::new(),
        input: Format::Yaml,
        output: Format::Yaml,
        inplace: false,
        unwrap: None,
        exit_status: false,
        null_input: false,
        split: None,
        indent: 2,
        pretty: false,
        reindent: false,
        no_doc: false,
        nul: false,
        attr_prefix: "+@".into(),
        content_name: "+content".into(),
    };
    let mut in_fmt: Option<String> = None;
    let mut out_fmt: Option<String> = None;
    let mut expression: Option<String> = None;
    let mut from_file: Option<String> = None;
    for (k, v) in args.each() {
        let value = v.strip_prefix('=').unwrap_or(v).to_string();
        let flag = || truthy(v);
        let on = match k {
            Key::Output
            | Key::Input
            | Key::Split
            | Key::Indent
            | Key::Expression
            | Key::FromFile
            | Key::AttrPrefix
            | Key::ContentName
            | Key::IgnoredValue => true,
            _ => match flag() {
                Ok(b) => b,
                Err(m) => return err(sys, m),
            },
        };
        match k {
            Key::Output => out_fmt = Some(value),
            Key::Input => in_fmt = Some(value),
            Key::Inplace => o.inplace = on,
            Key::Unwrap => o.unwrap = Some(on),
            Key::ExitStatus => o.exit_status = on,
            Key::NullInput => o.null_input = on,
            Key::Split => o.split = Some(value),
            Key::Indent => match value.parse::<usize>() {
                Ok(n) if n <= 64 => {
                    o.indent = n;
                    o.reindent = true;
                }
                _ => {
                    return err(
                        sys,
                        format!(
                            "invalid argument \"{value}\" for \"-I, --indent\" flag: strconv.ParseInt: parsing \"{value}\": invalid syntax"
                        ),
                    );
                }
            },
            Key::NoDoc => o.no_doc = on,
            Key::Pretty => o.pretty = on,
            Key::ToJson if on => out_fmt = Some("json".into()),
            Key::Nul => o.nul = on,
            Key::Expression => expression = Some(value),
            Key::FromFile => from_file = Some(value),
            Key::AttrPrefix => o.attr_prefix = value,
            Key::ContentName => o.content_name = value,
            Key::Version => {
                sys.out.put(VERSION.as_bytes())?;
                return Ok(0);
            }
            Key::Help => {
                sys.out.put(<Yq as Command>::help().as_bytes())?;
                return Ok(0);
            }
            _ => {}
        }
    }
    let mut operands = args.operands.clone();
    if matches!(
        operands.first().map(String::as_str),
        Some("eval" | "e" | "eval-all" | "ea")
    ) {
        o.eval_all = matches!(
            operands.first().map(String::as_str),
            Some("eval-all" | "ea")
        );
        operands.remove(0);
    }
    if let Some(f) = from_file {
        match read_whole(sys, &f) {
            Ok(Ok(t)) => expression = Some(String::from_utf8_lossy(&t).into_owned()),
            Ok(Err(m)) => return err(sys, m),
            Err(e) => return Err(e),
        }
    }
    o.expr = match expression {
        Some(e) => e,
        None => {
            let first_is_file = operands.len() == 1
                && operands.first().is_some_and(|f| {
                    f != "-"
                        && sys.resolve(f).is_ok_and(|p| {
                            crate::common::fsutil::exists(sys.fs, &p)
                                && !crate::common::fsutil::is_dir(sys.fs, &p)
                        })
                });
            if operands.is_empty() || (first_is_file && !o.null_input) {
                ".".into()
            } else {
                operands.remove(0)
            }
        }
    };
    if o.expr.trim().is_empty() {
        o.expr = ".".into();
    }
    o.files = operands;
    let first = o.files.first().cloned().unwrap_or_else(|| "-".into());
    let auto = |s: &Option<String>| s.as_deref().is_none_or(|f| matches!(f, "auto" | "a" | ""));
    if auto(&in_fmt) {
        o.input = Format::of_file(&first).unwrap_or(Format::Yaml);
        o.output = if auto(&out_fmt) && first != "-" {
            Format::of_file(&first).unwrap_or(Format::Yaml)
        } else {
            Format::Yaml
        };
    } else {
        let name = in_fmt.unwrap_or_default();
        o.input = match Format::parse(&name) {
            Some(f) => f,
            None => return err(sys, format!("unknown format '{name}'")),
        };
    }
    if !auto(&out_fmt) {
        let name = out_fmt.unwrap_or_default();
        o.output = match Format::parse(&name) {
            Some(f) => f,
            None => return err(sys, format!("unknown format '{name}'")),
        };
    }
    if o.inplace && o.files.is_empty() {
        return err(
            sys,
            "write in place flag only applicable when giving an expression and at least one file",
        );
    }
    if o.inplace && o.split.is_some() {
        return err(sys, "write in place cannot be used with split file");
    }
    if o.files.is_empty() {
        o.files.push("-".into());
    }
    // Read every input whole, charged to the budget.
    let mut inputs: Vec<(String, Vec<u8>)> = Vec::new();
    if !o.null_input {
        for f in &o.files {
            match read_whole(sys, f)? {
                Ok(data) => inputs.push((f.clone(), data)),
                Err(m) => return err(sys, m),
            }
        }
    }
    serve(sys, &o, inputs)
}

/// Reads `name` (or standard input) whole within the memory budget;
/// the inner `Err` is yq's message.
fn read_whole(sys: &mut Sys<'_>, name: &str) -> Res<Result<Vec<u8>, String>> {
    let mut charge = sys.charge();
    let mut input = match open_input(sys.stdin, sys.fs, sys.cwd, name) {
        Ok(i) => i,
        Err(e) => {
            let what = e.kind.to_string().to_lowercase();
            return Ok(Err(format!("open {name}: {what}")));
        }
    };
    let mut data = Vec::new();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        sys.tick.tick()?;
        match input.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                if !charge.grow(n as u64) {
                    sys.memory.breach();
                    return Err(Fail::Memory);
                }
                data.extend_from_slice(buf.get(..n).unwrap_or_default());
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => {
                return Ok(Err(format!(
                    "read {name}: {}",
                    crate::common::sys::io_msg(&e).to_lowercase()
                )));
            }
        }
    }
    // The bytes stay charged while the run holds them.
    std::mem::forget(charge);
    Ok(Ok(data))
}

/// What the evaluation thread sends the utility's thread.
enum Msg {
    /// Output bytes (standard output, or the in-place file's new text).
    Out(Vec<u8>),
    /// A file `--split-exp` writes, and its text.
    File(String, Vec<u8>),
}

/// How the evaluation ended.
enum End {
    /// All done; whether something other than `null`/`false` was printed.
    Done(bool),
    /// yq's error message.
    Error(String),
    Memory,
    Cancelled,
}

/// Runs the evaluation thread and writes what it sends.
fn serve(sys: &mut Sys<'_>, o: &Opts, inputs: Vec<(String, Vec<u8>)>) -> Res<i32> {
    let out_failed = AtomicBool::new(false);
    let (tx, rx) = mpsc::sync_channel::<Msg>(4);
    let env: Vec<(String, String)> = sys.env.to_vec();
    let cancel = sys.tick.cancel;
    let budget = sys.memory.clone();
    let stack = crate::jq::run::worker_stack(budget.limit());
    let mut inplace_text: Vec<u8> = Vec::new();
    let mut write_err = None;
    let mut file_err = None;
    let end = std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("yq".into())
            .stack_size(stack)
            .spawn_scoped(scope, {
                let out_failed = &out_failed;
                let env = &env;
                let inputs = &inputs;
                let budget = budget.clone();
                move || worker(o, inputs, env, cancel, out_failed, budget, tx)
            });
        let Ok(worker) = worker else {
            return End::Error("could not start the evaluation".into());
        };
        for msg in rx {
            match msg {
                Msg::Out(b) if o.inplace => inplace_text.extend_from_slice(&b),
                Msg::Out(b) => {
                    if write_err.is_none()
                        && let Err(Fail::Write(e)) = sys.out.put(&b)
                    {
                        out_failed.store(true, Ordering::Relaxed);
                        write_err = Some(e);
                    }
                }
                Msg::File(name, text) => {
                    let r = sys.resolve(&name).and_then(|p| sys.fs.write(&p, &text));
                    if let Err(e) = r
                        && file_err.is_none()
                    {
                        file_err = Some(format!(
                            "open {name}: {}",
                            e.kind.to_string().to_lowercase()
                        ));
                    }
                }
            }
        }
        worker
            .join()
            .unwrap_or(End::Error("the evaluation failed".into()))
    });
    if let Some(e) = write_err {
        return Err(Fail::Write(e));
    }
    if let Some(m) = file_err {
        return err(sys, m);
    }
    match end {
        End::Done(printed) => {
            if o.inplace
                && let Some(first) = o.files.first()
            {
                let r = sys
                    .resolve(first)
                    .and_then(|p| sys.fs.write(&p, &inplace_text));
                if let Err(e) = r {
                    return err(
                        sys,
                        format!("open {first}: {}", e.kind.to_string().to_lowercase()),
                    );
                }
            }
            if o.exit_status && !printed {
                return err(sys, "no matches found");
            }
            Ok(0)
        }
        End::Error(m) => err(sys, m),
        End::Memory => Err(Fail::Memory),
        End::Cancelled => Err(Fail::Cancelled),
    }
}

/// Output is sent in pieces of about this size.
const OUT_CHUNK: usize = 32 * 1024;

/// The evaluation thread: decodes, evaluates and encodes.
fn worker(
    o: &Opts,
    inputs: &[(String, Vec<u8>)],
    env: &[(String, String)],
    cancel: &Cancel,
    out_failed: &AtomicBool,
    budget: std::sync::Arc<MemoryBudget>,
    tx: mpsc::SyncSender<Msg>,
) -> End {
    let marker = 0u8;
    let mut env_map = Map::default();
    for (k, v) in env {
        env_map.insert(Val::utf8_str(k.clone()), Val::utf8_str(v.clone()));
    }
    let ctl = Ctl {
        cancel,
        out_failed,
        budget: budget.clone(),
        stack_base: std::ptr::addr_of!(marker) as usize,
        stack_limit: crate::jq::run::GUARD_STACK,
        halted: Cell::new(None),
        ticks: Cell::new(0),
        env: Val::obj(env_map),
        stderr: RefCell::new(Vec::new()),
        filename: RefCell::new(Val::Null),
        line: Cell::new(0),
        hold: RefCell::new(Charge::on(&budget)),
        stack_charge: RefCell::new(Charge::on(&budget)),
        yq_add: true,
    };
    let names: Vec<String> = [
        "$ENV",
        "$__prog_name",
        "$__yq_di",
        "$__yq_fn",
        "$__yq_fi",
        "$__yq_all",
        "$__yq_files",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let compile = |code: &str, extra: &[&str]| {
        let mut n = names.clone();
        n.extend(extra.iter().map(|s| s.to_string()));
        program::compile(
            &format!(
                "{PRELUDE}{}",
                rewrite::ireduce(&rewrite::lenient_splat(&rewrite::dot_index(
                    &rewrite::quote_env_names(code),
                )))
            ),
            &n,
        )
        .map_err(|e| {
            e.0.first()
                .map(|l| l.lines().next().unwrap_or("").to_string())
                .unwrap_or_default()
        })
    };
    // Under eval-all, a program that needs every document at once runs once.
    let once = if o.eval_all {
        rewrite::eval_all(&o.expr)
    } else {
        None
    };
    let filter = match compile(once.as_deref().unwrap_or(&o.expr), &[]) {
        Ok(f) => f,
        Err(m) => return End::Error(format!("invalid expression: {m}")),
    };
    let split = match &o.split {
        Some(s) => match compile(s, &["$index"]) {
            Ok(f) => Some(f),
            Err(m) => return End::Error(format!("invalid split expression: {m}")),
        },
        None => None,
    };
    let empty = std::iter::empty::<Result<Val, String>>();
    let inputs_iter = jaq_std::input::RcIter::new(empty);
    let inputs_ref: &InputIter<'_> = &inputs_iter;
    let env_f = Env {
        lut: &filter.lut,
        inputs: inputs_ref,
        ctl: &ctl,
    };
    let split_env = split.as_ref().map(|f| Env {
        lut: &f.lut,
        inputs: inputs_ref,
        ctl: &ctl,
    });
    let mut out: Vec<u8> = Vec::new();
    let mut out_charge = Charge::on(&budget);
    let mut printed_any = false;
    let mut results = 0usize;
    let mut last_doc: Option<usize> = None;
    let mut doc_counter = 0usize;
    let unwrap = o.unwrap.unwrap_or(true);
    let send = |out: &mut Vec<u8>| {
        if !out.is_empty() {
            let _ = tx.send(Msg::Out(std::mem::take(out)));
        }
    };
    // The documents: (file index, file name, document index, value).
    let mut docs: Vec<(usize, String, usize, Val)> = Vec::new();
    let mut in_charge = Charge::on(&budget);
    if o.null_input {
        docs.push((0, String::new(), 0, Val::Null));
    } else {
        for (fi, (name, data)) in inputs.iter().enumerate() {
            let text = String::from_utf8_lossy(data);
            let decoded = match o.input {
                Format::Yaml => {
                    yaml_in::parse_docs(&text, &mut in_charge, cancel).map_err(|e| match e {
                        yaml_in::InErr::Syntax(m) => Some(format!("bad file '{name}': yaml: {m}")),
                        yaml_in::InErr::Memory => None,
                    })
                }
                Format::Json => json_docs(data, &mut in_charge)
                    .map_err(|e| e.map(|m| format!("bad file '{name}': {m}"))),
                Format::Xml => xml::parse(&text, &o.attr_prefix, &o.content_name, &mut in_charge)
                    .map(|v| vec![v])
                    .map_err(|e| e.map(|m| format!("bad file '{name}': {m}"))),
                Format::Toml => tomlfmt::parse(&text, &mut in_charge)
                    .map(|v| vec![v])
                    .map_err(|e| e.map(|m| format!("bad file '{name}': {m}"))),
                Format::Props => flat::parse_props(&text).map(|v| vec![v]).map_err(Some),
                Format::Csv | Format::Tsv => {
                    flat::parse_csv(&text, if o.input == Format::Csv { b',' } else { b'\t' })
                        .map(|v| vec![v])
                        .map_err(|m| Some(format!("bad file '{name}': {m}")))
                }
            };
            match decoded {
                Ok(ds) => {
                    for (di, v) in ds.into_iter().enumerate() {
                        docs.push((fi, name.clone(), di, v));
                    }
                }
                Err(Some(m)) => return End::Error(m),
                Err(None) => {
                    budget.breach();
                    return End::Memory;
                }
            }
        }
    }
    let di_charge_ok = true;
    let _ = di_charge_ok;
    let (all, files) = if once.is_some() {
        let mut files: Vec<Vec<Val>> = vec![Vec::new(); inputs.len()];
        for (fi, _, _, v) in &docs {
            if let Some(f) = files.get_mut(*fi) {
                f.push(v.clone());
            }
        }
        let all: Vec<Val> = docs.iter().map(|d| d.3.clone()).collect();
        let files: Vec<Val> = files.into_iter().map(|f| Val::Arr(Rc::new(f))).collect();
        let first = docs
            .first()
            .map(|d| (0, d.1.clone(), 0, d.3.clone()))
            .unwrap_or((0, String::new(), 0, Val::Null));
        docs = vec![first];
        (Val::Arr(Rc::new(all)), Val::Arr(Rc::new(files)))
    } else {
        (Val::Arr(Rc::new(Vec::new())), Val::Arr(Rc::new(Vec::new())))
    };
    // One YAML document printed whole as YAML (`yq '.a = 1' f.yaml`,
    // `yq -i ...`): scalar edits go into the original text, which keeps
    // its comments and styles as yq keeps them (`-P` prints it anew).
    let keep_layout = !o.pretty
        && !o.reindent
        && o.split.is_none()
        && o.input == Format::Yaml
        && o.output == Format::Yaml
        && once.is_none()
        && inputs.len() == 1
        && !docs.is_empty();
    // Per document: its value, and the results (held back to see whether
    // each document gave exactly one).
    let mut held: Vec<(Val, Vec<Val>)> = Vec::new();
    for (fi, name, di, doc) in docs {
        if cancel.is_stopped() {
            return End::Cancelled;
        }
        if keep_layout {
            held.push((doc.clone(), Vec::new()));
        }
        let vars = vec![
            ctl.env.clone(),
            Val::utf8_str(b"yq".to_vec()),
            Val::from(di as isize),
            Val::utf8_str(name.clone().into_bytes()),
            Val::from(fi as isize),
            all.clone(),
            files.clone(),
        ];
        let ctx = Ctx::<JqData>::new(&env_f, Vars::new(vars.clone()));
        for r in filter.id.run((ctx, doc)) {
            flush_stderr(&ctl, &tx);
            let v = match r {
                Ok(v) => v,
                Err(exn) => return error_end(exn, &ctl),
            };
            if !matches!(v, Val::Null | Val::Bool(false)) {
                printed_any = true;
            }
            if keep_layout {
                if !ctl
                    .hold
                    .borrow_mut()
                    .grow(crate::jq::natives::shallow_size(&v))
                {
                    budget.breach();
                    return End::Memory;
                }
                if let Some(h) = held.last_mut() {
                    h.1.push(v);
                }
                continue;
            }
            let mut text = Vec::new();
            encode(&mut text, &v, o, unwrap);
            if let (Some(sf), Some(senv)) = (&split, &split_env) {
                let mut sv = vars.clone();
                sv.push(Val::from(results as isize));
                let sctx = Ctx::<JqData>::new(senv, Vars::new(sv));
                let fname = match sf.id.run((sctx, v.clone())).next() {
                    Some(Ok(Val::TStr(s) | Val::BStr(s))) => {
                        String::from_utf8_lossy(&s).into_owned()
                    }
                    Some(Ok(_)) | None => {
                        return End::Error("split expression must return a string".into());
                    }
                    Some(Err(exn)) => return error_end(exn, &ctl),
                };
                let _ = tx.send(Msg::File(format!("{fname}.{}", o.output.ext()), text));
            } else {
                if o.output == Format::Yaml
                    && !o.no_doc
                    && last_doc.is_some_and(|d| d != doc_counter)
                {
                    out.extend_from_slice(b"---\n");
                }
                out.extend_from_slice(&text);
                if o.nul {
                    out.push(0);
                }
                last_doc = Some(doc_counter);
            }
            results += 1;
            if crate::common::sys::settle(&mut out_charge, out.capacity() as u64).is_err() {
                budget.breach();
                return End::Memory;
            }
            if out.len() >= OUT_CHUNK && !o.inplace {
                send(&mut out);
            }
            if out_failed.load(Ordering::Relaxed) {
                return End::Done(true);
            }
        }
        ctl.hold.borrow_mut().shrink(u64::MAX);
        doc_counter += 1;
    }
    if keep_layout {
        let text = inputs
            .first()
            .map(|(_, d)| String::from_utf8_lossy(d))
            .unwrap_or_default();
        let one_each = held.iter().all(|h| h.1.len() == 1);
        let patched = if one_each {
            let olds: Vec<Val> = held.iter().map(|h| h.0.clone()).collect();
            let news: Vec<Val> = held.iter().filter_map(|h| h.1.first().cloned()).collect();
            inplace::patch(&text, &olds, &news)
        } else {
            None
        };
        match patched {
            Some(t) => out.extend_from_slice(t.as_bytes()),
            None => {
                let mut first = true;
                for (_, results) in &held {
                    if !first && !results.is_empty() && !o.no_doc {
                        out.extend_from_slice(b"---\n");
                    }
                    for v in results {
                        encode(&mut out, v, o, unwrap);
                        if o.nul {
                            out.push(0);
                        }
                    }
                    first &= results.is_empty();
                }
            }
        }
    }
    send(&mut out);
    End::Done(printed_any)
}

fn flush_stderr(ctl: &Ctl<'_>, _tx: &mpsc::SyncSender<Msg>) {
    ctl.stderr.borrow_mut().clear();
}

/// The end for an error the program raised (or a guard's halt).
fn error_end(exn: jaq_core::Exn<Val>, ctl: &Ctl<'_>) -> End {
    match ctl.halted.get() {
        Some(Halt::Memory) => return End::Memory,
        Some(Halt::Stopped) => return End::Cancelled,
        _ => {}
    }
    match exn.get_err() {
        Ok(e) => {
            let v = crate::jq::catch::error_value(e, 1 << 16);
            let (text, _) = crate::jq::messages::error_text(&v);
            End::Error(text)
        }
        Err(_) => End::Error("evaluation stopped".into()),
    }
}

/// Encodes one result in the output format.
fn encode(out: &mut Vec<u8>, v: &Val, o: &Opts, unwrap: bool) {
    match o.output {
        Format::Yaml => yaml_out::write_doc(out, v, o.indent, unwrap),
        Format::Json => {
            let raw = o.unwrap == Some(true);
            match v {
                Val::TStr(s) | Val::BStr(s) if raw => out.extend_from_slice(s),
                _ => {
                    let style = Style {
                        indent: (o.indent > 0).then(|| " ".repeat(o.indent)),
                        sort_keys: false,
                        ascii: false,
                    };
                    let mut sink = Sink::capped(out, usize::MAX);
                    write::write_val(&mut sink, v, &style);
                }
            }
            out.push(b'\n');
        }
        Format::Xml => xml::write(out, v, o.indent, &o.attr_prefix, &o.content_name),
        Format::Toml => tomlfmt::write(out, v),
        Format::Props => flat::write_props(out, v, unwrap),
        Format::Csv => flat::write_csv(out, v, b','),
        Format::Tsv => flat::write_csv(out, v, b'\t'),
    }
}

/// Every JSON value of `data` (yq reads a stream of JSON documents).
fn json_docs(data: &[u8], charge: &mut Charge) -> Result<Vec<Val>, Option<String>> {
    let mut p = crate::jq::json::Parser::new();
    let mut docs = Vec::new();
    for &c in data {
        match p.feed(c) {
            Ok(crate::jq::json::Step::More) => {}
            Ok(crate::jq::json::Step::Value(v)) => docs.push(v),
            Err(e) => return Err(Some(format!("json: {}", e.0))),
        }
        if p.held() > charge.bytes() {
            let more = p.held() - charge.bytes();
            if !charge.grow(more) {
                return Err(None);
            }
        }
    }
    match p.finish() {
        Ok(Some(v)) => docs.push(v),
        Ok(None) => {}
        Err(e) => return Err(Some(format!("json: {}", e.0))),
    }
    Ok(docs)
}
