//! The semantics of `test` / `[` and of the predicates `[[ ]]` shares.
//!
//! Why it looks like this: scripts depend on bash's exact quirks here —
//! the POSIX argument-count rules (`[ -n ]` is true, `[ ! = x ]`...), which
//! argument an error names, and the error texts themselves. So
//! [`eval_test_args`] is a port of the algorithm in bash's `test.c`
//! (`posixtest`, `expr`/`or`/`and`/`term`), with its `-o`/`-a` chains made
//! iterative and parenthesis nesting bounded so no argument list can
//! exhaust the stack. File predicates go through the VFS; the sandbox is
//! root-like, so `-r`/`-w` are true for anything that exists.

use std::time::SystemTime;

use sandbash_vfs::{FileKind, FileSystem, Metadata, path};
use thiserror::Error;

/// Deepest `( ... )` nesting accepted in one `test` expression.
pub const MAX_TEST_DEPTH: usize = 256;

/// Most symlink hops `-ef` follows.
const MAX_LINK_HOPS: usize = 40;

/// What the predicates need from the shell.
pub trait TestEnv {
    /// The filesystem file tests look at.
    fn fs(&self) -> &dyn FileSystem;
    /// The directory relative paths are resolved against.
    fn cwd(&self) -> &str;
    /// True if the variable (or `name[sub]` element) is set: `-v`.
    fn var_is_set(&self, name: &str) -> bool;
    /// `-R`: `name` itself is a name reference with a target.
    fn var_is_nameref(&self, _name: &str) -> bool {
        false
    }
    /// The state of a `set -o` option, `None` if there is no such option: `-o`.
    fn option_enabled(&self, name: &str) -> Option<bool>;
    /// True when descriptor `fd` is a terminal: `-t`. None is, unless the
    /// run is in terminal mode (`crate::terminal`).
    fn is_terminal(&self, fd: i64) -> bool {
        let _ = fd;
        false
    }
}

/// A `test` syntax or operand error. `Display` is bash's text after the
/// `sandbash: line N: test: ` prefix.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum TestError {
    /// An integer operator's operand is not an integer.
    #[error("{0}: integer expression expected")]
    IntegerExpected(String),
    /// Arguments were left over after a complete expression.
    #[error("too many arguments")]
    TooManyArguments,
    /// An argument left over after a complete expression starts with `-`.
    #[error("syntax error: `{0}' unexpected")]
    Unexpected(String),
    /// A unary operator was expected at this argument.
    #[error("{0}: unary operator expected")]
    UnaryExpected(String),
    /// A binary operator was expected at this argument.
    #[error("{0}: binary operator expected")]
    BinaryExpected(String),
    /// The expression ended where an operand was required.
    #[error("argument expected")]
    ArgumentExpected,
    /// A `(` was not closed before the end of the arguments.
    #[error("`)' expected")]
    ParenExpected,
    /// A `(` was followed by something other than `)`.
    #[error("`)' expected, found {0}")]
    ParenExpectedFound(String),
    /// Parentheses nested deeper than [`MAX_TEST_DEPTH`].
    #[error("expression nested too deeply")]
    TooDeep,
}

impl TestError {
    /// The error as `[` reports it: bash's `[` still sees its closing `]`
    /// after the last argument, so an unclosed `(` reads "found ]".
    pub fn for_bracket(self) -> Self {
        match self {
            TestError::ParenExpected => TestError::ParenExpectedFound("]".into()),
            other => other,
        }
    }
}

/// True for the operators `test` takes as unary: `-a -b -c -d -e -f -g -h
/// -k -n -o -p -r -s -t -u -v -w -x -z -G -L -O -S -N -R`.
pub fn is_unary_op(op: &str) -> bool {
    let b = op.as_bytes();
    b.len() == 2
        && b.first() == Some(&b'-')
        && b.get(1)
            .is_some_and(|c| b"abcdefghknoprstuvwxzGLOSNR".contains(c))
}

/// True for the operators `test` takes as binary: `= == != < > -eq -ne -lt
/// -le -gt -ge -nt -ot -ef`.
pub fn is_binary_op(op: &str) -> bool {
    matches!(
        op,
        "=" | "=="
            | "!="
            | "<"
            | ">"
            | "-eq"
            | "-ne"
            | "-lt"
            | "-le"
            | "-gt"
            | "-ge"
            | "-nt"
            | "-ot"
            | "-ef"
    )
}

/// bash's `test_binop`, which also accepts `=~` and `!~` (and then rejects
/// them in `binary_operator`).
fn test_binop(op: &str) -> bool {
    is_binary_op(op) || op == "=~" || op == "!~"
}

/// Evaluates a unary predicate; `None` if `op` is not a unary operator.
pub fn unary(op: &str, operand: &str, env: &dyn TestEnv) -> Option<bool> {
    let st = || stat(env, operand, true);
    let value = match op {
        "-a" | "-e" | "-r" | "-w" | "-O" | "-G" => st().is_some(),
        "-f" => st().is_some_and(|m| m.kind == FileKind::File),
        "-d" => st().is_some_and(|m| m.kind == FileKind::Dir),
        "-c" => st().is_some_and(|m| m.kind == FileKind::CharDevice),
        "-s" => st().is_some_and(|m| m.size > 0),
        "-x" => st().is_some_and(|m| m.kind == FileKind::Dir || m.mode & 0o111 != 0),
        "-g" => st().is_some_and(|m| m.mode & 0o2000 != 0),
        "-u" => st().is_some_and(|m| m.mode & 0o4000 != 0),
        "-k" => st().is_some_and(|m| m.mode & 0o1000 != 0),
        "-L" | "-h" => stat(env, operand, false).is_some_and(|m| m.kind == FileKind::Symlink),
        // No pipes, sockets or block devices; no access times (`-N`).
        // Terminals only in terminal mode.
        "-t" => parse_int(operand).is_some_and(|fd| env.is_terminal(fd)),
        "-p" | "-S" | "-b" | "-N" => false,
        "-R" => env.var_is_nameref(operand),
        "-z" => operand.is_empty(),
        "-n" => !operand.is_empty(),
        "-v" => env.var_is_set(operand),
        "-o" => env.option_enabled(operand) == Some(true),
        _ => return None,
    };
    Some(value)
}

fn stat(env: &dyn TestEnv, operand: &str, follow: bool) -> Option<Metadata> {
    if operand.is_empty() {
        return None;
    }
    let abs = path::resolve(env.cwd(), operand).ok()?;
    let fs = env.fs();
    if follow {
        fs.metadata(&abs).ok()
    } else {
        fs.symlink_metadata(&abs).ok()
    }
}

/// Parses an integer operand as bash's `legal_number` does: leading
/// whitespace, an optional sign, decimal digits, trailing blanks; no
/// overflow.
pub(crate) fn parse_int(s: &str) -> Option<i64> {
    let t = s.trim_start_matches([' ', '\t', '\n', '\u{b}', '\u{c}', '\r']);
    let t = t.trim_end_matches([' ', '\t']);
    let (neg, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, t.get(1..)?),
        Some(b'+') => (false, t.get(1..)?),
        _ => (false, t),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut v: i64 = 0;
    for b in digits.bytes() {
        let d = i64::from(b - b'0');
        v = v.checked_mul(10)?;
        v = if neg {
            v.checked_sub(d)?
        } else {
            v.checked_add(d)?
        };
    }
    Some(v)
}

/// Evaluates a binary predicate with `test`'s rules: integer operators
/// need integer operands (`abc: integer expression expected`), `<`/`>`
/// compare bytewise, `-nt`/`-ot`/`-ef` look at the files.
pub fn binary(op: &str, left: &str, right: &str, env: &dyn TestEnv) -> Result<bool, TestError> {
    let int_op = |f: fn(i64, i64) -> bool| -> Result<bool, TestError> {
        let l = parse_int(left).ok_or_else(|| TestError::IntegerExpected(left.to_string()))?;
        let r = parse_int(right).ok_or_else(|| TestError::IntegerExpected(right.to_string()))?;
        Ok(f(l, r))
    };
    match op {
        "=" | "==" => Ok(left == right),
        "!=" => Ok(left != right),
        "<" => Ok(left.as_bytes() < right.as_bytes()),
        ">" => Ok(left.as_bytes() > right.as_bytes()),
        "-eq" => int_op(|a, b| a == b),
        "-ne" => int_op(|a, b| a != b),
        "-lt" => int_op(|a, b| a < b),
        "-le" => int_op(|a, b| a <= b),
        "-gt" => int_op(|a, b| a > b),
        "-ge" => int_op(|a, b| a >= b),
        "-nt" | "-ot" => {
            let m1 = stat(env, left, true).map(|m| m.mtime);
            let m2 = stat(env, right, true).map(|m| m.mtime);
            Ok(newer(m1, m2, op == "-nt"))
        }
        "-ef" => Ok(same_file(env, left, right)),
        _ => Err(TestError::BinaryExpected(op.to_string())),
    }
}

/// `-nt` (or, with `nt` false, `-ot`): a missing file is older than any
/// existing one.
fn newer(m1: Option<SystemTime>, m2: Option<SystemTime>, nt: bool) -> bool {
    let (a, b) = if nt { (m1, m2) } else { (m2, m1) };
    match (a, b) {
        (Some(_), None) => true,
        (Some(x), Some(y)) => x > y,
        (None, _) => false,
    }
}

/// `-ef`: both exist and name the same object (same path once symlinks are
/// followed; the VFS has no inode numbers).
fn same_file(env: &dyn TestEnv, a: &str, b: &str) -> bool {
    if stat(env, a, true).is_none() || stat(env, b, true).is_none() {
        return false;
    }
    match (real_path(env, a), real_path(env, b)) {
        (Some(x), Some(y)) => x == y,
        _ => false,
    }
}

/// Follows symlinks in the last component (the VFS resolves the parents).
fn real_path(env: &dyn TestEnv, p: &str) -> Option<String> {
    let fs = env.fs();
    let mut cur = path::resolve(env.cwd(), p).ok()?;
    for _ in 0..MAX_LINK_HOPS {
        let meta = fs.symlink_metadata(&cur).ok()?;
        if meta.kind != FileKind::Symlink {
            return Some(cur);
        }
        let target = fs.read_link(&cur).ok()?;
        let parent = path::split_parent(&cur).map_or("/", |(d, _)| d).to_string();
        cur = path::resolve(&parent, &target).ok()?;
    }
    None
}

/// Evaluates `test`'s arguments (for `[`, without the closing `]`) with the
/// POSIX argument-count rules and bash's precedence for longer lists:
/// `!` binds tightest, then `-a`, then `-o`; `( )` groups.
pub fn eval_test_args(args: &[String], env: &dyn TestEnv) -> Result<bool, TestError> {
    let mut p = TestParser {
        args,
        pos: 0,
        env,
        depth: 0,
    };
    let value = p.posixtest()?;
    if p.pos != args.len() {
        return Err(match args.get(p.pos) {
            Some(a) if a.starts_with('-') => TestError::Unexpected(a.clone()),
            _ => TestError::TooManyArguments,
        });
    }
    Ok(value)
}

/// A port of bash's recursive-descent `test` parser.
struct TestParser<'a> {
    args: &'a [String],
    pos: usize,
    env: &'a dyn TestEnv,
    depth: usize,
}

impl TestParser<'_> {
    fn argc(&self) -> usize {
        self.args.len()
    }

    fn arg(&self, i: usize) -> &str {
        self.args.get(i).map_or("", String::as_str)
    }

    /// bash's `advance(f)`: with `need`, running out is "argument expected".
    fn advance(&mut self, need: bool) -> Result<(), TestError> {
        self.pos += 1;
        if need && self.pos >= self.argc() {
            return Err(TestError::ArgumentExpected);
        }
        Ok(())
    }

    fn posixtest(&mut self) -> Result<bool, TestError> {
        let argc = self.argc();
        match argc {
            0 => {
                self.pos = argc;
                Ok(false)
            }
            1 => {
                self.pos = argc;
                Ok(!self.arg(0).is_empty())
            }
            2 => {
                let v = self.two_arguments()?;
                self.pos = argc;
                Ok(v)
            }
            3 => self.three_arguments(),
            _ => {
                if argc == 4 {
                    if self.arg(0) == "!" {
                        self.advance(true)?;
                        return Ok(!self.three_arguments()?);
                    }
                    if self.arg(0) == "(" && self.arg(3) == ")" {
                        self.advance(true)?;
                        let v = self.two_arguments()?;
                        self.pos = argc;
                        return Ok(v);
                    }
                }
                self.expr()
            }
        }
    }

    fn two_arguments(&mut self) -> Result<bool, TestError> {
        let first = self.arg(self.pos);
        if first == "!" {
            return Ok(self.arg(self.pos + 1).is_empty());
        }
        if first.len() == 2 && first.starts_with('-') && is_unary_op(first) {
            return self.unary_operator();
        }
        Err(TestError::UnaryExpected(first.to_string()))
    }

    fn three_arguments(&mut self) -> Result<bool, TestError> {
        let argc = self.argc();
        let (a, op, b) = (
            self.arg(self.pos),
            self.arg(self.pos + 1),
            self.arg(self.pos + 2),
        );
        let value = if test_binop(op) {
            self.binary_operator()?
        } else if op == "-a" {
            !a.is_empty() && !b.is_empty()
        } else if op == "-o" {
            !a.is_empty() || !b.is_empty()
        } else if a == "!" {
            self.advance(true)?;
            !self.two_arguments()?
        } else if a.starts_with('(') && b.starts_with(')') {
            !op.is_empty()
        } else {
            return Err(TestError::BinaryExpected(op.to_string()));
        };
        self.pos = argc;
        Ok(value)
    }

    fn expr(&mut self) -> Result<bool, TestError> {
        if self.pos >= self.argc() {
            return Err(TestError::ArgumentExpected);
        }
        self.or()
    }

    fn or(&mut self) -> Result<bool, TestError> {
        let mut value = self.and()?;
        while self.pos < self.argc() && self.arg(self.pos) == "-o" {
            self.advance(false)?;
            let v2 = self.and()?;
            value = value || v2;
        }
        Ok(value)
    }

    fn and(&mut self) -> Result<bool, TestError> {
        let mut value = self.term()?;
        while self.pos < self.argc() && self.arg(self.pos) == "-a" {
            self.advance(false)?;
            let v2 = self.term()?;
            value = value && v2;
        }
        Ok(value)
    }

    fn term(&mut self) -> Result<bool, TestError> {
        let argc = self.argc();
        if self.pos >= argc {
            return Err(TestError::ArgumentExpected);
        }
        if self.arg(self.pos) == "!" {
            let mut negate = false;
            while self.pos < argc && self.arg(self.pos) == "!" {
                self.advance(true)?;
                negate = !negate;
            }
            let v = self.term()?;
            return Ok(v != negate);
        }
        if self.arg(self.pos) == "(" {
            self.depth += 1;
            if self.depth > MAX_TEST_DEPTH {
                return Err(TestError::TooDeep);
            }
            self.advance(true)?;
            let value = self.expr()?;
            self.depth -= 1;
            match self.args.get(self.pos) {
                None => return Err(TestError::ParenExpected),
                Some(a) if a != ")" => return Err(TestError::ParenExpectedFound(a.clone())),
                Some(_) => {}
            }
            self.advance(false)?;
            return Ok(value);
        }
        if self.pos + 3 <= argc && test_binop(self.arg(self.pos + 1)) {
            return self.binary_operator();
        }
        if self.pos + 2 <= argc && is_unary_op(self.arg(self.pos)) {
            return self.unary_operator();
        }
        let value = !self.arg(self.pos).is_empty();
        self.advance(false)?;
        Ok(value)
    }

    fn binary_operator(&mut self) -> Result<bool, TestError> {
        let op = self.arg(self.pos + 1);
        if !is_binary_op(op) {
            return Err(TestError::BinaryExpected(op.to_string()));
        }
        let v = binary(op, self.arg(self.pos), self.arg(self.pos + 2), self.env)?;
        self.pos += 3;
        Ok(v)
    }

    fn unary_operator(&mut self) -> Result<bool, TestError> {
        let op = self.arg(self.pos).to_string();
        if !is_unary_op(&op) {
            return Ok(false);
        }
        if op == "-t" {
            self.advance(false)?;
            if self.pos < self.argc() {
                if let Some(fd) = parse_int(self.arg(self.pos)) {
                    self.advance(false)?;
                    return Ok(self.env.is_terminal(fd));
                }
                return Ok(false);
            }
            return Ok(false);
        }
        self.advance(true)?;
        self.pos += 1;
        let operand = self.arg(self.pos - 1);
        Ok(unary(&op, operand, self.env).unwrap_or(false))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::glob::test_fs::TestFs;

    struct Env {
        fs: TestFs,
    }

    impl TestEnv for Env {
        fn fs(&self) -> &dyn FileSystem {
            &self.fs
        }
        fn cwd(&self) -> &str {
            "/w"
        }
        fn var_is_set(&self, name: &str) -> bool {
            name == "SET" || name == "arr[1]"
        }
        fn option_enabled(&self, name: &str) -> Option<bool> {
            match name {
                "errexit" => Some(true),
                "nounset" => Some(false),
                _ => None,
            }
        }
    }

    fn env() -> Env {
        let fs = TestFs::new(&[
            "/w/file",
            "/w/empty",
            "/w/exe",
            "/w/dir/",
            "/w/link -> file",
            "/w/dirlink -> dir",
            "/w/dangling -> nowhere",
            "/w/old",
            "/w/new",
            "/w/suid",
            "/dev/null",
        ]);
        fs.set("/w/file", FileKind::File, 10, 0o644, 100);
        fs.set("/w/exe", FileKind::File, 1, 0o755, 100);
        fs.set("/w/old", FileKind::File, 1, 0o644, 50);
        fs.set("/w/new", FileKind::File, 1, 0o644, 500);
        fs.set("/w/suid", FileKind::File, 1, 0o7644, 100);
        fs.set("/dev/null", FileKind::CharDevice, 0, 0o666, 0);
        Env { fs }
    }

    fn t(args: &[&str]) -> Result<bool, TestError> {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        eval_test_args(&args, &env())
    }

    fn err(args: &[&str]) -> String {
        t(args).unwrap_err().to_string()
    }

    #[test]
    fn file_tests() {
        let e = env();
        let u = |op: &str, x: &str| unary(op, x, &e).unwrap();
        assert!(u("-e", "file"));
        assert!(u("-a", "file"));
        assert!(!u("-e", "missing"));
        assert!(!u("-e", ""));
        assert!(u("-f", "file"));
        assert!(!u("-f", "dir"));
        assert!(u("-d", "dir"));
        assert!(u("-d", "dirlink"));
        assert!(u("-d", "/w/dir"));
        assert!(u("-s", "file"));
        assert!(!u("-s", "empty"));
        assert!(u("-r", "file"));
        assert!(u("-w", "dir"));
        assert!(!u("-r", "missing"));
        assert!(u("-x", "exe"));
        assert!(!u("-x", "file"));
        assert!(u("-x", "dir"));
        assert!(u("-L", "link"));
        assert!(u("-h", "dangling"));
        assert!(!u("-e", "dangling"));
        assert!(!u("-L", "file"));
        assert!(u("-f", "link"));
        assert!(u("-c", "/dev/null"));
        assert!(!u("-c", "file"));
        assert!(!u("-p", "file"));
        assert!(!u("-S", "file"));
        assert!(!u("-b", "file"));
        assert!(u("-u", "suid"));
        assert!(u("-g", "suid"));
        assert!(u("-k", "suid"));
        assert!(!u("-u", "file"));
        assert!(u("-O", "file"));
        assert!(u("-G", "file"));
        assert!(!u("-t", "1"));
        assert_eq!(unary("-q", "x", &e), None);
    }

    #[test]
    fn string_var_option_tests() {
        let e = env();
        assert_eq!(unary("-z", "", &e), Some(true));
        assert_eq!(unary("-z", "a", &e), Some(false));
        assert_eq!(unary("-n", "a", &e), Some(true));
        assert_eq!(unary("-v", "SET", &e), Some(true));
        assert_eq!(unary("-v", "arr[1]", &e), Some(true));
        assert_eq!(unary("-v", "UNSET", &e), Some(false));
        assert_eq!(unary("-o", "errexit", &e), Some(true));
        assert_eq!(unary("-o", "nounset", &e), Some(false));
        assert_eq!(unary("-o", "nosuch", &e), Some(false));
    }

    #[test]
    fn binary_ops() {
        let e = env();
        let b = |op: &str, l: &str, r: &str| binary(op, l, r, &e);
        assert_eq!(b("=", "a", "a"), Ok(true));
        assert_eq!(b("==", "a", "b"), Ok(false));
        assert_eq!(b("!=", "a", "b"), Ok(true));
        assert_eq!(b("<", "a", "b"), Ok(true));
        assert_eq!(b(">", "a", "b"), Ok(false));
        assert_eq!(b("<", "B", "a"), Ok(true));
        assert_eq!(b("-eq", "1", "1"), Ok(true));
        assert_eq!(b("-eq", " 1 ", "1"), Ok(true));
        assert_eq!(b("-eq", "\n1\t", "1"), Ok(true));
        assert_eq!(b("-lt", "-1", "+2"), Ok(true));
        assert_eq!(b("-le", "2", "2"), Ok(true));
        assert_eq!(b("-gt", "3", "2"), Ok(true));
        assert_eq!(b("-ge", "1", "2"), Ok(false));
        assert_eq!(b("-ne", "1", "2"), Ok(true));
        assert_eq!(b("-eq", "007", "7"), Ok(true));
        assert_eq!(
            b("-eq", "-9223372036854775808", "-9223372036854775808"),
            Ok(true)
        );
        for bad in [
            "a",
            "",
            " ",
            "1a",
            "0x10",
            "-",
            "1\n",
            "9223372036854775808",
            "1.5",
        ] {
            assert_eq!(
                b("-eq", bad, "1"),
                Err(TestError::IntegerExpected(bad.into())),
                "{bad:?}"
            );
        }
        assert_eq!(
            b("-eq", "1", "x").unwrap_err().to_string(),
            "x: integer expression expected"
        );
        assert_eq!(b("-nt", "new", "old"), Ok(true));
        assert_eq!(b("-nt", "old", "new"), Ok(false));
        assert_eq!(b("-ot", "old", "new"), Ok(true));
        assert_eq!(b("-nt", "new", "missing"), Ok(true));
        assert_eq!(b("-ot", "missing", "new"), Ok(true));
        assert_eq!(b("-nt", "missing", "new"), Ok(false));
        assert_eq!(b("-nt", "missing", "missing2"), Ok(false));
        assert_eq!(b("-ef", "link", "file"), Ok(true));
        assert_eq!(b("-ef", "file", "/w/file"), Ok(true));
        assert_eq!(b("-ef", "file", "old"), Ok(false));
        assert_eq!(b("-ef", "missing", "missing"), Ok(false));
        assert_eq!(
            b("-qq", "1", "2"),
            Err(TestError::BinaryExpected("-qq".into()))
        );
    }

    #[test]
    fn argument_counts() {
        assert_eq!(t(&[]), Ok(false));
        assert_eq!(t(&["x"]), Ok(true));
        assert_eq!(t(&[""]), Ok(false));
        assert_eq!(t(&["-z"]), Ok(true));
        assert_eq!(t(&["-t"]), Ok(true));
        assert_eq!(t(&["!"]), Ok(true));
        assert_eq!(t(&["-n", ""]), Ok(false));
        assert_eq!(t(&["-z", ""]), Ok(true));
        assert_eq!(t(&["!", ""]), Ok(true));
        assert_eq!(t(&["!", "x"]), Ok(false));
        assert_eq!(t(&["-f", "file"]), Ok(true));
        assert_eq!(t(&["a", "=", "a"]), Ok(true));
        assert_eq!(t(&["!", "-z", "x"]), Ok(true));
        assert_eq!(t(&["(", "x", ")"]), Ok(true));
        assert_eq!(t(&["(", "", ")"]), Ok(false));
        assert_eq!(t(&["x", "-a", ""]), Ok(false));
        assert_eq!(t(&["x", "-o", ""]), Ok(true));
        assert_eq!(t(&["x", "-a", "-e"]), Ok(true));
        assert_eq!(t(&["!", "-o", "a"]), Ok(true));
        assert_eq!(t(&["!", "a", "=", "b"]), Ok(true));
        assert_eq!(t(&["(", "-n", "x", ")"]), Ok(true));
        assert_eq!(t(&["(", "-a", "(", ")"]), Ok(false));
        assert_eq!(t(&["!", "!", "a"]), Ok(true));
        assert_eq!(t(&["-t", "x"]), Ok(false));
        assert_eq!(t(&["-a", "-a", "-a"]), Ok(true));
        assert_eq!(t(&["(", "-a", ")"]), Ok(true));
        // bash only looks at the first chars of a 3-argument group.
        assert_eq!(t(&["(x", "a", ")y"]), Ok(true));
        assert_eq!(t(&["(", "", ")y"]), Ok(false));
    }

    #[test]
    fn long_expressions() {
        assert_eq!(t(&["a", "-a", "b", "-o", "c"]), Ok(true));
        assert_eq!(t(&["a", "=", "a", "-a", "-z", ""]), Ok(true));
        assert_eq!(
            t(&["(", "-n", "a", ")", "-a", "(", "-z", "", ")"]),
            Ok(true)
        );
        assert_eq!(t(&["!", "-n", "a", "-a", "b"]), Ok(false));
        assert_eq!(t(&["x", "-a", "!", "y"]), Ok(false));
        assert_eq!(t(&["", "-o", "", "-o", "x"]), Ok(true));
        // `-a` binds tighter than `-o`.
        assert_eq!(t(&["x", "-o", "x", "-a", ""]), Ok(true));
        assert_eq!(t(&["", "-a", "x", "-o", "x"]), Ok(true));
        assert_eq!(t(&["(", "(", "a", ")", ")"]), Ok(true));
        assert_eq!(t(&["1", "-eq", "1", "-a", "2", "-gt", "1"]), Ok(true));
        assert_eq!(t(&["-f", "file", "-a", "-d", "dir"]), Ok(true));
        let many: Vec<&str> = std::iter::repeat_n(["x", "-a"], 5000)
            .flatten()
            .chain(["x"])
            .collect();
        assert_eq!(t(&many), Ok(true));
    }

    #[test]
    fn error_messages_match_bash() {
        assert_eq!(err(&["1", "-eq", "a"]), "a: integer expression expected");
        assert_eq!(err(&["", "-eq", "1"]), ": integer expression expected");
        assert_eq!(
            err(&["-eq", "-eq", "-eq"]),
            "-eq: integer expression expected"
        );
        assert_eq!(err(&["1", "2", "3", "4", "5"]), "too many arguments");
        assert_eq!(err(&["1", "=", "1", "=", "1"]), "too many arguments");
        assert_eq!(err(&["a", "b"]), "a: unary operator expected");
        assert_eq!(err(&["a", "b", "c"]), "b: binary operator expected");
        assert_eq!(err(&["!", "a", "b"]), "a: unary operator expected");
        assert_eq!(err(&["(", "a"]), "(: unary operator expected");
        assert_eq!(err(&["(", ")"]), "(: unary operator expected");
        assert_eq!(err(&["a", "-a"]), "a: unary operator expected");
        assert_eq!(err(&["-x", "a", "b"]), "a: binary operator expected");
        assert_eq!(err(&["1", "-eq", "2", "-o"]), "argument expected");
        assert_eq!(err(&["a", "-o", "b", "-a"]), "argument expected");
        assert_eq!(err(&["(", "1", "-eq", "2"]), "`)' expected");
        assert_eq!(
            t(&["(", "1", "-eq", "2"])
                .unwrap_err()
                .for_bracket()
                .to_string(),
            "`)' expected, found ]"
        );
        assert_eq!(err(&["abc", "=~", "a"]), "=~: binary operator expected");
        assert_eq!(err(&["a", "-a", "b", "c"]), "too many arguments");
        assert_eq!(err(&["a", "b", "-a", "c", "d"]), "too many arguments");
        assert_eq!(
            err(&["-n", "a", "-x", "b", "c"]),
            "syntax error: `-x' unexpected"
        );
        assert_eq!(
            err(&["1", "-eq", "1", "-a", "1", "-lt"]),
            "syntax error: `-lt' unexpected"
        );
        assert_eq!(
            err(&["1", "-eq", "2", "-o", "3", "-eq", "3", "4"]),
            "too many arguments"
        );
        assert_eq!(err(&["-t", "1", "x"]), "1: binary operator expected");
        assert_eq!(err(&["a", "-o"]), "a: unary operator expected");
        assert_eq!(err(&["1", "-eq", "1", "a"]), "too many arguments");
        assert_eq!(err(&["-n", "a", "b", "c"]), "too many arguments");
        assert_eq!(err(&["a", "-nt"]), "a: unary operator expected");
        assert_eq!(err(&["1", "-qq", "2"]), "-qq: binary operator expected");
        assert_eq!(err(&["-e", "a", "-o"]), "a: binary operator expected");
        assert_eq!(err(&["-z", "a", "-a"]), "a: binary operator expected");
    }

    #[test]
    fn deep_parens_are_bounded() {
        let mut args: Vec<&str> = vec!["("; 10_000];
        args.push("x");
        args.extend(vec![")"; 10_000]);
        assert_eq!(t(&args), Err(TestError::TooDeep));
        let mut ok: Vec<&str> = vec!["("; 100];
        ok.push("x");
        ok.extend(vec![")"; 100]);
        assert_eq!(t(&ok), Ok(true));
    }

    #[test]
    fn operator_tables() {
        for op in ["-e", "-f", "-a", "-o", "-v", "-R", "-N", "-G"] {
            assert!(is_unary_op(op), "{op}");
        }
        for op in ["-", "-q", "--", "-ee", "e"] {
            assert!(!is_unary_op(op), "{op}");
        }
        for op in ["=", "==", "!=", "<", ">", "-eq", "-ef", "-nt"] {
            assert!(is_binary_op(op), "{op}");
        }
        for op in ["=~", "-a", "-o", "-q", "<="] {
            assert!(!is_binary_op(op), "{op}");
        }
    }
}
