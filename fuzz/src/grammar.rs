//! A structure-aware bash script generator for the `grammar` target.
//!
//! The fuzzer's bytes drive an [`arbitrary::Unstructured`] that picks, at
//! every node of a bash grammar, which production to take: lists and
//! and-or chains, pipelines (`|`, `|&`, `!`, `time`), simple commands with
//! assignments, compound commands (`{ }`, `( )`, `if`, `while`/`until`,
//! `for`, `for ((;;))`, `case`, `(( ))`, `[[ ]]`, functions; not `select`,
//! which sandbash does not parse),
//! redirections and here-documents, words made of literals, quotes
//! (`'…'`, `"…"`, `$'…'`), parameter expansions with every operator,
//! command substitutions, arithmetic, brace expansions and glob / extglob
//! patterns. Scripts come out mostly well-formed, so the fuzzer spends its
//! time in the evaluator rather than in syntax errors.
//!
//! Generation is bounded: nesting depth by [`MAX_DEPTH`] and the number of
//! nodes by [`NODE_BUDGET`]; when the bytes run out every choice takes its
//! first (leaf) option, so generation always ends.

use arbitrary::Unstructured;

/// Deepest nesting of compound commands, substitutions and expressions.
pub const MAX_DEPTH: u32 = 6;
/// Most grammar nodes one script may have.
pub const NODE_BUDGET: u32 = 400;

/// Renders the script the bytes describe.
pub fn generate(data: &[u8]) -> String {
    let mut g = Gen {
        u: Unstructured::new(data),
        budget: NODE_BUDGET,
        heredocs: 0,
        pending: Vec::new(),
    };
    // bash parses extglob patterns only once the option is on.
    let mut s = if g.pick(4) == 0 {
        String::new()
    } else {
        "shopt -s extglob\n".to_owned()
    };
    s.push_str(&g.script(0));
    g.nl_if_pending(&mut s);
    s
}

struct Gen<'a> {
    u: Unstructured<'a>,
    budget: u32,
    heredocs: u32,
    /// Bodies of here-documents whose operator was written but not yet the
    /// newline after which their body goes.
    pending: Vec<String>,
}

/// Command names: shell builtins, utilities, functions the generator
/// defines, and names that do not exist.
const COMMANDS: &[&str] = &[
    "echo",
    "printf",
    "read",
    "cd",
    "pwd",
    "export",
    "local",
    "declare",
    "typeset",
    "readonly",
    "unset",
    "set",
    "shift",
    "eval",
    "source",
    ".",
    "test",
    "[",
    "true",
    "false",
    ":",
    "return",
    "exit",
    "break",
    "continue",
    "trap",
    "shopt",
    "let",
    "wait",
    "mapfile",
    "readarray",
    "getopts",
    "type",
    "command",
    "builtin",
    "exec",
    "umask",
    "hash",
    "caller",
    "jobs",
    "kill",
    "pushd",
    "popd",
    "dirs",
    "ulimit",
    "alias",
    "unalias",
    "times",
    "cat",
    "grep",
    "sort",
    "ls",
    "seq",
    "wc",
    "cp",
    "mv",
    "rm",
    "touch",
    "mkdir",
    "head",
    "tail",
    "tee",
    "env",
    "sleep",
    "f",
    "g",
    "nosuch",
    "./s.sh",
    "/workspace/s.sh",
];

/// Literal word pieces.
const LITERALS: &[&str] = &[
    "a",
    "b",
    "x",
    "1",
    "0",
    "42",
    "-1",
    "foo",
    "f.txt",
    "s.sh",
    "/workspace",
    "/tmp/t",
    "/dev/null",
    "-n",
    "-e",
    "-r",
    "-a",
    "-A",
    "-i",
    "-x",
    "-p",
    "-f",
    "-l",
    "-u",
    "-o",
    "-s",
    "-t",
    "-d",
    "-c",
    "-v",
    "-E",
    "-k",
    "-R",
    "--",
    "=",
    ":",
    "%",
    "@",
    "+",
    "~",
    "~/x",
    "\\n",
    "\\$x",
    "\\\"",
    "\\'",
    "errexit",
    "pipefail",
    "nounset",
    "extglob",
    "nullglob",
    "globstar",
    "dotglob",
    "failglob",
    "nocasematch",
    "%s\\n",
    "%d",
    "%q",
    "%b",
    "%5.2f",
    "%-3s",
    "EXIT",
    "ERR",
    "DEBUG",
    "RETURN",
    "INT",
    "up/x",
    "out",
    "..",
    ".",
    "*",
];

/// Variable names, special parameters included.
const NAMES: &[&str] = &[
    "x",
    "y",
    "i",
    "n",
    "arr",
    "assoc",
    "IFS",
    "HOME",
    "PWD",
    "OLDPWD",
    "RANDOM",
    "LINENO",
    "FUNCNAME",
    "BASH_REMATCH",
    "PIPESTATUS",
    "SECONDS",
    "BASH_SUBSHELL",
    "OPTIND",
    "OPTARG",
    "REPLY",
    "_",
];

const SPECIAL: &[&str] = &["1", "2", "#", "@", "*", "?", "$", "!", "-", "0", "_"];

const ARITH_OPS: &[&str] = &[
    "+", "-", "*", "/", "%", "**", "<<", ">>", "&", "|", "^", "&&", "||", "==", "!=", "<", ">",
    "<=", ">=", ",",
];

const ARITH_ASSIGN: &[&str] = &[
    "=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "^=", "|=",
];

const ARITH_NUMS: &[&str] = &[
    "0",
    "1",
    "2",
    "7",
    "-1",
    "64",
    "9223372036854775807",
    "-9223372036854775808",
    "0x1F",
    "010",
    "2#101",
    "64#@_",
    "36#zz",
    "08",
    "1e3",
    "' '",
];

/// Redirection operators that take a target word.
const REDIR_OPS: &[&str] = &[
    "<", ">", ">>", ">|", "<>", ">&", "<&", "&>", "&>>", "<<<", "2>", "3>", "3<", "9>>", "{fd}>",
    "{fd}<",
];

/// Complete redirections.
const REDIR_FIXED: &[&str] = &[
    "2>&1", ">&2", "<&-", ">&-", "3>&-", "1>&3", "0<&4", "{fd}>&-",
];

const REDIR_TARGETS: &[&str] = &[
    "f",
    "/dev/null",
    "/tmp/o",
    "/workspace/d/f",
    "/dev/stdout",
    "/dev/stderr",
    "/dev/stdin",
    "/dev/fd/1",
    "/dev/tcp/localhost/80",
    "up/escape",
    "out",
    "/",
    "1",
    "-",
];

const HEREDOC_DELIMS: &[&str] = &["EOF", "'EOF'", "\"E\"", "END", "\\X"];

const TEST_UNARY: &[&str] = &[
    "-e", "-f", "-d", "-z", "-n", "-v", "-r", "-s", "-L", "-x", "-w", "-h", "-o", "-R", "-t",
];

const TEST_BINARY: &[&str] = &[
    "==", "!=", "=", "<", ">", "=~", "-eq", "-ne", "-lt", "-gt", "-le", "-ge", "-nt", "-ot", "-ef",
];

const TRANSFORMS: &[&str] = &["Q", "E", "P", "A", "a", "U", "u", "L", "K", "k"];

impl Gen<'_> {
    /// An index below `n` (0 once the bytes run out).
    fn pick(&mut self, n: usize) -> usize {
        self.u.choose_index(n).unwrap_or(0)
    }

    fn one<'s>(&mut self, list: &[&'s str]) -> &'s str {
        list[self.pick(list.len())]
    }

    fn flip(&mut self) -> bool {
        self.u.arbitrary::<bool>().unwrap_or(false)
    }

    /// How many of something: `0..=max`, biased small by the bytes.
    fn count(&mut self, max: u32) -> u32 {
        self.u.int_in_range(0..=max).unwrap_or(0)
    }

    /// Spends one node of the budget; false once it is gone.
    fn spend(&mut self) -> bool {
        if self.budget == 0 || self.u.is_empty() {
            return false;
        }
        self.budget -= 1;
        true
    }

    /// A few raw chars from the input, for entropy in literals.
    fn raw(&mut self) -> String {
        let n = self.count(6) as usize;
        let mut s = String::new();
        for _ in 0..n {
            // Mostly printable ASCII, sometimes any char.
            let b = self.u.arbitrary::<u8>().unwrap_or(b'a');
            let c = if b < 0xe0 {
                char::from(b' ' + b % 95)
            } else {
                self.u.arbitrary::<char>().unwrap_or('a')
            };
            if c != '\0' {
                s.push(c);
            }
        }
        s
    }

    // -- lists --------------------------------------------------------------

    /// A list of and-or chains, each ended by `;`, `&` or a newline; the
    /// bodies of here-documents follow the newline after their command.
    fn script(&mut self, depth: u32) -> String {
        let mut out = String::new();
        let n = 1 + self.count(if depth == 0 { 8 } else { 3 });
        for i in 0..n {
            if i > 0 && !self.spend() {
                break;
            }
            out.push_str(&self.and_or(depth));
            let sep = self.pick(3);
            if sep == 2 {
                out.push_str(" &");
            }
            if sep == 1 && self.pending.is_empty() {
                out.push_str("; ");
            } else {
                self.nl(&mut out);
            }
        }
        out
    }

    /// A newline token, followed by the pending here-document bodies.
    fn nl(&mut self, out: &mut String) {
        out.push('\n');
        for b in self.pending.drain(..) {
            out.push_str(&b);
        }
    }

    fn nl_if_pending(&mut self, out: &mut String) {
        if !self.pending.is_empty() {
            self.nl(out);
        }
    }

    /// The body of `$( )`: its here-documents end inside it, and those of
    /// the enclosing command wait for a newline outside.
    fn subst_script(&mut self, depth: u32) -> String {
        let outer = std::mem::take(&mut self.pending);
        let mut s = self.script(depth);
        self.nl_if_pending(&mut s);
        self.pending = outer;
        s
    }

    fn and_or(&mut self, depth: u32) -> String {
        let mut out = self.pipeline(depth);
        for _ in 0..self.count(2) {
            if !self.spend() {
                break;
            }
            out.push_str(if self.flip() { " && " } else { " || " });
            out.push_str(&self.pipeline(depth));
        }
        out
    }

    fn pipeline(&mut self, depth: u32) -> String {
        let mut out = String::new();
        match self.pick(8) {
            0 => out.push_str("! "),
            1 => out.push_str("time "),
            _ => {}
        }
        out.push_str(&self.command(depth));
        for _ in 0..self.count(2) {
            if !self.spend() {
                break;
            }
            out.push_str(if self.pick(4) == 0 { " |& " } else { " | " });
            out.push_str(&self.command(depth));
        }
        out
    }

    // -- commands -----------------------------------------------------------

    fn command(&mut self, depth: u32) -> String {
        if depth >= MAX_DEPTH || !self.spend() {
            return self.simple(depth);
        }
        let d = depth + 1;
        let mut out = match self.pick(16) {
            0..=4 => return self.simple(depth),
            5 => format!("{{ {}}}", self.script(d)),
            6 => format!("( {})", self.script(d)),
            7 => {
                let mut s = format!("if {}then {}", self.script(d), self.script(d));
                for _ in 0..self.count(1) {
                    s.push_str(&format!("elif {}then {}", self.script(d), self.script(d)));
                }
                if self.flip() {
                    s.push_str(&format!("else {}", self.script(d)));
                }
                s.push_str("fi");
                s
            }
            8 => {
                let kw = if self.flip() { "while" } else { "until" };
                format!("{kw} {}do {}done", self.script(d), self.script(d))
            }
            9 => {
                let var = self.one(NAMES);
                let head = match self.pick(3) {
                    0 => String::new(),
                    _ => {
                        let words: Vec<String> = (0..self.count(4)).map(|_| self.word(d)).collect();
                        format!(" in {}", words.join(" "))
                    }
                };
                format!("for {var}{head}; do {}done", self.script(d))
            }
            10 => format!(
                "for (({}; {}; {})); do {}done",
                self.arith(d),
                self.arith(d),
                self.arith(d),
                self.script(d)
            ),
            11 => {
                let mut s = format!("case {} in", self.word(d));
                self.nl(&mut s);
                for _ in 0..1 + self.count(3) {
                    let pats: Vec<String> =
                        (0..1 + self.count(2)).map(|_| self.pattern(d)).collect();
                    let term = self.one(&[";;", ";&", ";;&"]);
                    let open = if self.flip() { "(" } else { "" };
                    s.push_str(&format!(
                        "{open}{}) {}{term}",
                        pats.join("|"),
                        self.script(d)
                    ));
                    self.nl(&mut s);
                }
                s.push_str("esac");
                s
            }
            12 => format!("(( {} ))", self.arith(d)),
            13 => format!("[[ {} ]]", self.cond(d)),
            14 => {
                let name = self.one(&["f", "g", "h", "echo", "cd"]);
                let body = match self.pick(3) {
                    0 => format!("( {})", self.script(d)),
                    _ => format!("{{ {}}}", self.script(d)),
                };
                if self.flip() {
                    format!("function {name} {body}")
                } else {
                    format!("{name}() {body}")
                }
            }
            _ => {
                // `select` is not implemented (a syntax error in sandbash);
                // a coprocess-free stand-in that also reads stdin:
                let var = self.one(NAMES);
                format!("while read -r {var}; do {}done", self.script(d))
            }
        };
        for _ in 0..self.count(1) {
            out.push(' ');
            out.push_str(&self.redirect(d));
        }
        out
    }

    fn simple(&mut self, depth: u32) -> String {
        let mut parts = Vec::new();
        for _ in 0..self.count(2) {
            parts.push(self.assignment(depth));
        }
        if parts.is_empty() || self.flip() {
            parts.push(self.one(COMMANDS).to_owned());
            for _ in 0..self.count(4) {
                if !self.spend() {
                    break;
                }
                parts.push(self.word(depth + 1));
            }
        }
        for _ in 0..self.count(2) {
            if !self.spend() {
                break;
            }
            parts.push(self.redirect(depth + 1));
        }
        parts.join(" ")
    }

    fn assignment(&mut self, depth: u32) -> String {
        let name = self.one(NAMES);
        match self.pick(5) {
            0 => format!("{name}+={}", self.word(depth + 1)),
            1 => {
                let words: Vec<String> = (0..self.count(3)).map(|_| self.word(depth + 1)).collect();
                format!("{name}=({})", words.join(" "))
            }
            2 => format!("{name}[{}]={}", self.arith(depth + 1), self.word(depth + 1)),
            3 => format!("{name}=([k]={} [1]=b)", self.word(depth + 1)),
            _ => format!("{name}={}", self.word(depth + 1)),
        }
    }

    fn redirect(&mut self, depth: u32) -> String {
        if self.pick(5) == 0 && self.heredocs < 8 {
            self.heredocs += 1;
            let delim = self.one(HEREDOC_DELIMS);
            let dash = if self.flip() { "-" } else { "" };
            let bare = delim.trim_matches(|c| c == '\'' || c == '"' || c == '\\');
            let mut body = String::new();
            for _ in 0..self.count(3) {
                if dash == "-" && self.flip() {
                    body.push('\t');
                }
                body.push_str(&self.dq_text(depth + 1));
                body.push('\n');
            }
            body.push_str(bare);
            body.push('\n');
            self.pending.push(body);
            return format!("<<{dash}{delim}");
        }
        if self.pick(4) == 0 {
            return self.one(REDIR_FIXED).to_owned();
        }
        let op = self.one(REDIR_OPS);
        let target = if self.pick(3) == 0 {
            self.word(depth + 1)
        } else {
            self.one(REDIR_TARGETS).to_owned()
        };
        format!("{op}{target}")
    }

    // -- words --------------------------------------------------------------

    /// One shell word of 1-3 parts.
    fn word(&mut self, depth: u32) -> String {
        let mut out = String::new();
        for _ in 0..1 + self.count(2) {
            out.push_str(&self.word_part(depth));
        }
        out
    }

    fn word_part(&mut self, depth: u32) -> String {
        if depth >= MAX_DEPTH || !self.spend() {
            return self.one(LITERALS).to_owned();
        }
        let d = depth + 1;
        match self.pick(14) {
            0..=2 => self.one(LITERALS).to_owned(),
            3 => format!("'{}'", self.raw().replace('\'', "")),
            4 => format!("\"{}\"", self.dq_text(d)),
            5 => format!(
                "$'{}'",
                self.one(&[
                    "\\n", "\\t", "\\x41", "\\u00e9", "a\\0b", "\\'", "\\cA", "\\e"
                ])
            ),
            6 | 7 => self.param(d),
            8 => format!("$({})", self.subst_script(d)),
            9 => format!("`{}`", self.simple_plain(d)),
            10 => format!("$(({}))", self.arith(d)),
            11 => self
                .one(&[
                    "{a,b,c}",
                    "{1..5}",
                    "{1..10..3}",
                    "{a..e}",
                    "{z..a..2}",
                    "x{,1}",
                    "{a,{b,c}}",
                    "{0..99999}",
                    "{-3..3}",
                ])
                .to_owned(),
            12 => self.pattern(d),
            _ => {
                let s = self.raw();
                s.chars()
                    .filter(|c| !"'\"`$\\(){}|&;<>\n#".contains(*c) && !c.is_whitespace())
                    .collect()
            }
        }
    }

    /// A simple command without substitutions, for backquotes (whose
    /// escaping rules differ).
    fn simple_plain(&mut self, _depth: u32) -> String {
        let mut s = self
            .one(&["echo", "printf", "seq", "cat", "true", "pwd"])
            .to_owned();
        for _ in 0..self.count(3) {
            s.push(' ');
            s.push_str(self.one(LITERALS));
        }
        s
    }

    /// Text inside double quotes (or a here-document body).
    fn dq_text(&mut self, depth: u32) -> String {
        let mut out = String::new();
        for _ in 0..self.count(3) {
            if !self.spend() {
                break;
            }
            match self.pick(6) {
                0 => out.push_str(&self.raw().replace(['"', '\\', '$', '`'], "")),
                1 | 2 if depth < MAX_DEPTH => out.push_str(&self.param(depth + 1)),
                3 if depth < MAX_DEPTH => {
                    out.push_str(&format!("$({})", self.subst_script(depth + 1)))
                }
                4 if depth < MAX_DEPTH => out.push_str(&format!("$(({}))", self.arith(depth + 1))),
                _ => out.push_str(self.one(&["a b", "\\\"", "\\$", "\\\\", "*", "~", "'", " "])),
            }
        }
        out
    }

    fn param(&mut self, depth: u32) -> String {
        let name = if self.pick(4) == 0 {
            self.one(SPECIAL)
        } else {
            self.one(NAMES)
        };
        let sub = match self.pick(6) {
            0 => "[@]".to_owned(),
            1 => "[*]".to_owned(),
            2 => format!("[{}]", self.arith(depth)),
            _ => String::new(),
        };
        let is_special = SPECIAL.contains(&name);
        let target = if is_special {
            name.to_owned()
        } else {
            format!("{name}{sub}")
        };
        match self.pick(20) {
            0 => format!("${name}"),
            1 => format!("${{{target}}}"),
            2 => format!("${{#{target}}}"),
            3 => format!("${{!{target}}}"),
            4 => format!("${{!{name}*}}"),
            5 => {
                let op = self.one(&[":-", ":=", ":?", ":+", "-", "=", "?", "+"]);
                format!("${{{target}{op}{}}}", self.word(depth))
            }
            6 | 7 => {
                let op = self.one(&["#", "##", "%", "%%"]);
                format!("${{{target}{op}{}}}", self.pattern(depth))
            }
            8 | 9 => {
                let op = self.one(&["/", "//", "/#", "/%"]);
                let rep = if self.flip() {
                    format!("/{}", self.word(depth))
                } else {
                    String::new()
                };
                format!("${{{target}{op}{}{rep}}}", self.pattern(depth))
            }
            10 | 11 => {
                let off = self.arith(depth);
                if self.flip() {
                    format!("${{{target}:{off}:{}}}", self.arith(depth))
                } else {
                    format!("${{{target}: {off}}}")
                }
            }
            12 => {
                let op = self.one(&["^", "^^", ",", ",,", "~", "~~"]);
                let pat = if self.flip() {
                    self.pattern(depth)
                } else {
                    String::new()
                };
                format!("${{{target}{op}{pat}}}")
            }
            13 => format!("${{{target}@{}}}", self.one(TRANSFORMS)),
            14 => format!("${{!{name}[@]}}"),
            _ => format!("${target}"),
        }
    }

    /// A pattern word: globs, bracket expressions, extglob groups.
    fn pattern(&mut self, depth: u32) -> String {
        let mut out = String::new();
        for _ in 0..1 + self.count(2) {
            if !self.spend() {
                out.push('*');
                break;
            }
            match self.pick(12) {
                0 => out.push('*'),
                1 => out.push('?'),
                2 => out.push_str(self.one(&[
                    "[abc]",
                    "[!a]",
                    "[^a-z]",
                    "[[:digit:]]",
                    "[[:alpha:]_]",
                    "[]]",
                    "[a-]",
                    "[\\]]",
                    "[[:bogus:]]",
                    "[z-a]",
                    "[",
                    "[[.a.]]",
                    "[[=e=]]",
                ])),
                3 => {
                    let op = self.one(&["?", "*", "+", "@", "!"]);
                    let alts: Vec<String> = (0..1 + self.count(2))
                        .map(|_| {
                            if depth < MAX_DEPTH {
                                self.pattern(depth + 1)
                            } else {
                                "a".to_owned()
                            }
                        })
                        .collect();
                    out.push_str(&format!("{op}({})", alts.join("|")));
                }
                4 => out.push_str("\\*"),
                5 => out.push_str("\"*\""),
                6 => out.push_str(&self.param(depth + 1)),
                _ => out.push_str(self.one(&["a", "b", "x", ".txt", "/", "foo", "1", "."])),
            }
        }
        out
    }

    // -- arithmetic and conditions -------------------------------------------

    fn arith(&mut self, depth: u32) -> String {
        if depth >= MAX_DEPTH || !self.spend() {
            return self.arith_leaf();
        }
        let d = depth + 1;
        match self.pick(10) {
            0 | 1 => self.arith_leaf(),
            2 | 3 => {
                let op = self.one(ARITH_OPS);
                format!("{} {op} {}", self.arith(d), self.arith(d))
            }
            4 => {
                let op = self.one(&["-", "+", "!", "~", "++", "--"]);
                format!("{op}{}", self.arith_var())
            }
            5 => format!("{}{}", self.arith_var(), self.one(&["++", "--"])),
            6 => {
                let op = self.one(ARITH_ASSIGN);
                format!("{} {op} {}", self.arith_var(), self.arith(d))
            }
            7 => format!("{} ? {} : {}", self.arith(d), self.arith(d), self.arith(d)),
            8 => format!("({})", self.arith(d)),
            _ => self.param(d),
        }
    }

    fn arith_leaf(&mut self) -> String {
        if self.flip() {
            self.one(ARITH_NUMS).to_owned()
        } else {
            self.arith_var()
        }
    }

    fn arith_var(&mut self) -> String {
        match self.pick(4) {
            0 => format!("arr[{}]", self.one(&["0", "1", "i", "-1", "x+1"])),
            _ => self
                .one(&["x", "y", "i", "n", "RANDOM", "SECONDS", "LINENO"])
                .to_owned(),
        }
    }

    fn cond(&mut self, depth: u32) -> String {
        if depth >= MAX_DEPTH || !self.spend() {
            return format!("-n {}", self.word(MAX_DEPTH));
        }
        let d = depth + 1;
        match self.pick(7) {
            0 | 1 => format!("{} {}", self.one(TEST_UNARY), self.word(d)),
            2 | 3 => {
                let op = self.one(TEST_BINARY);
                let rhs = if op == "=~" {
                    self.one(&[
                        "^a.*$",
                        "(a|b)+",
                        "[[:digit:]]+",
                        "x{2,}",
                        "(",
                        "\\",
                        "a\\.b",
                    ])
                    .to_owned()
                } else if op == "==" || op == "!=" {
                    self.pattern(d)
                } else {
                    self.word(d)
                };
                format!("{} {op} {rhs}", self.word(d))
            }
            4 => format!("! {}", self.cond(d)),
            5 => {
                let op = if self.flip() { "&&" } else { "||" };
                format!("{} {op} {}", self.cond(d), self.cond(d))
            }
            _ => format!("( {} )", self.cond(d)),
        }
    }
}
