//! The expression language of `find`: primaries (tests, actions, options)
//! joined by `( )`, `!`/`-not`, `-a`/`-and` (or nothing), `-o`/`-or` and
//! `,`, with GNU's precedence (`!` over `-a` over `-o` over `,`) and GNU's
//! error messages.
//!
//! The parser recurses only for `(` and `!`, and refuses more than
//! [`MAX_NESTING`] of them nested, so `( ( ( ...` a hundred thousand deep
//! is an error, not a stack overflow. Chains of `-a`, `-o` and `,` are
//! kept as flat lists, so evaluating them does not recurse either.

use std::time::SystemTime;

use regex::Regex;
use sandbash_vfs::FileSystem;

use super::args::{self, Cmp, PermKind, TypeSet};
use super::print::{self, Format};
use super::regex::{RegexType, compile};
use crate::common::time::{epoch_secs, parse_date};

/// The deepest nesting of `(` and `!` an expression may have.
pub const MAX_NESTING: usize = 256;

/// How symbolic links are followed (`-P`, `-L`, `-H`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Follow {
    /// `-P`: never (the default).
    Never,
    /// `-H`: only starting points.
    CmdLine,
    /// `-L` (or `-follow`): always.
    Always,
}

/// The options that are not positional: they apply to the whole walk
/// wherever they appear.
#[derive(Clone, Debug)]
pub struct Globals {
    /// `-maxdepth`.
    pub maxdepth: Option<usize>,
    /// `-mindepth`.
    pub mindepth: usize,
    /// `-depth` (also implied by `-delete`): directories after their contents.
    pub depth_first: bool,
    /// `-follow` seen (acts as `-L`).
    pub follow: bool,
}

/// One `-exec`/`-execdir`/`-ok`/`-okdir`.
#[derive(Clone, Debug)]
pub struct Exec {
    /// The command and its arguments; `{}` stands for the file.
    pub argv: Vec<String>,
    /// For the `{} +` form: the index of its batch of collected names.
    pub batch: Option<usize>,
    /// `-execdir`/`-okdir`: run in the file's directory with `./NAME`.
    pub in_dir: bool,
    /// `-ok`/`-okdir`: ask on standard error, read the answer from standard input.
    pub ask: bool,
}

/// Where a `-fprint`-like action writes: the index of a file opened
/// before the walk.
pub type Sink = usize;

/// A primary: a test, an action, or an option (always true).
#[derive(Debug)]
pub enum Prim {
    /// `-true`, `-false` and the options.
    Const(bool),
    /// `-name`/`-iname`: the base name against a wildcard.
    Name { pat: String, icase: bool },
    /// `-path`/`-wholename`/`-ipath`/`-iwholename`.
    Path { pat: String, icase: bool },
    /// `-lname`/`-ilname`: a symlink's target against a wildcard.
    LName { pat: String, icase: bool },
    /// `-regex`/`-iregex`: the whole path against a regular expression.
    Regex(Box<Regex>),
    /// `-type`.
    Type(TypeSet),
    /// `-xtype`: the type with the opposite symlink rule.
    XType(TypeSet),
    /// `-size`: comparison, count, unit in bytes.
    Size(Cmp, u64, u64),
    /// `-empty`.
    Empty,
    /// `-newer` and friends: the file's access time (`access`, `-anewer`,
    /// `-newera?`) or modification time after `than`.
    Newer {
        /// Compare the access time rather than the modification time.
        access: bool,
        /// The time to be after.
        than: SystemTime,
    },
    /// `-mtime`, `-mmin`, `-atime`...: age in units from an origin.
    Age {
        /// Measure the access time (`-atime`, `-amin`) rather than the
        /// modification time (the change time is the modification time).
        access: bool,
        /// How to compare.
        cmp: Cmp,
        /// The count.
        n: f64,
        /// Seconds per unit (86400 or 60).
        unit: f64,
        /// Ages are measured from this time (seconds since the epoch).
        origin: f64,
    },
    /// `-perm`.
    Perm(PermKind, u32, u32),
    /// `-uid`, `-user`.
    Uid(Cmp, u64),
    /// `-gid`, `-group`.
    Gid(Cmp, u64),
    /// `-links`.
    Links(Cmp, u64),
    /// `-inum`.
    Inum(Cmp, u64),
    /// `-samefile`: the real path of the file given.
    SameFile(String),
    /// `-readable`, `-writable`, `-executable`: the owner's bit.
    Access(u32),
    /// `-fstype`.
    FsType(String),
    /// `-print`, `-fprint`.
    Print(Option<Sink>),
    /// `-print0`, `-fprint0`.
    Print0(Option<Sink>),
    /// `-printf`, `-fprintf`.
    Printf(Format, Option<Sink>),
    /// `-ls`, `-fls`.
    Ls(Option<Sink>),
    /// `-delete`.
    Delete,
    /// `-prune`.
    Prune,
    /// `-quit`.
    Quit,
    /// `-exec` and friends.
    Exec(Exec),
}

/// A parsed expression.
#[derive(Debug)]
pub enum Expr {
    /// All true, evaluated left to right until one is false.
    And(Vec<Expr>),
    /// One true, evaluated left to right until one is true.
    Or(Vec<Expr>),
    /// `,`: all evaluated, the last one's value.
    List(Vec<Expr>),
    /// `!`.
    Not(Box<Expr>),
    /// A primary.
    Prim(Prim),
}

/// What the parser needs from outside: the filesystem for reference
/// files, and the time the run started.
pub struct Env<'a> {
    /// The filesystem.
    pub fs: &'a dyn FileSystem,
    /// The working directory.
    pub cwd: &'a str,
    /// When the run started.
    pub now: SystemTime,
}

/// The result of parsing an expression.
#[derive(Debug)]
pub struct Parsed {
    /// The expression, with the implicit `-print` added.
    pub expr: Expr,
    /// The global options.
    pub globals: Globals,
    /// Files the `-fprint`-like actions write to, by [`Sink`] index.
    pub sinks: Vec<String>,
    /// How many `-exec ... {} +` batches there are.
    #[cfg(test)]
    pub batches: usize,
    /// Warnings to print before the walk (without the `find: ` prefix).
    pub warnings: Vec<String>,
}

struct Parser<'a, 'e> {
    args: &'a [String],
    pos: usize,
    env: &'e Env<'e>,
    globals: Globals,
    sinks: Vec<String>,
    batches: usize,
    warnings: Vec<String>,
    has_action: bool,
    regex_type: RegexType,
    daystart: bool,
    /// `-depth` given, not just implied by `-delete`.
    explicit_depth: bool,
    saw_prune: bool,
    saw_delete: bool,
}

/// Parses the expression part of `find`'s arguments. An error is GNU's
/// message without the `find: ` prefix.
pub fn parse(args: &[String], env: &Env<'_>) -> Result<Parsed, String> {
    let mut p = Parser {
        args,
        pos: 0,
        env,
        globals: Globals {
            maxdepth: None,
            mindepth: 0,
            depth_first: false,
            follow: false,
        },
        sinks: Vec::new(),
        batches: 0,
        warnings: Vec::new(),
        has_action: false,
        regex_type: RegexType::Emacs,
        daystart: false,
        explicit_depth: false,
        saw_prune: false,
        saw_delete: false,
    };
    let expr = if args.is_empty() {
        None
    } else {
        let e = p.list(0)?;
        if p.peek().is_some() {
            // Only a `)` stops a list before the end.
            return Err("you have too many ')'".into());
        }
        Some(e)
    };
    if p.saw_delete && p.saw_prune && !p.explicit_depth {
        return Err("The -delete action automatically turns on -depth, but -prune does nothing when -depth is in effect.  If you want to carry on anyway, just explicitly use the -depth option.".into());
    }
    let expr = match expr {
        None => Expr::Prim(Prim::Print(None)),
        Some(e) if !p.has_action => Expr::And(vec![e, Expr::Prim(Prim::Print(None))]),
        Some(e) => e,
    };
    Ok(Parsed {
        expr,
        globals: p.globals,
        sinks: p.sinks,
        #[cfg(test)]
        batches: p.batches,
        warnings: p.warnings,
    })
}

fn is_binary(s: &str) -> bool {
    matches!(s, "-o" | "-or" | "-a" | "-and" | ",")
}

fn nothing_before(op: &str) -> String {
    format!("invalid expression; you have used a binary operator '{op}' with nothing before it.")
}

impl Parser<'_, '_> {
    fn peek(&self) -> Option<&str> {
        self.args.get(self.pos).map(String::as_str)
    }

    fn next(&mut self) -> Option<&str> {
        let a = self.args.get(self.pos).map(String::as_str);
        if a.is_some() {
            self.pos += 1;
        }
        a
    }

    /// What may follow the binary operator or `!` just read as `op`.
    fn operand_after(&self, op: &str) -> Result<(), String> {
        match self.peek() {
            // GNU words it differently once an action has been seen.
            None if self.has_action => Err("invalid expression".into()),
            None => Err(format!("expected an expression after '{op}'")),
            Some(")") => Err(format!("expected an expression between '{op}' and ')'")),
            Some(b) if is_binary(b) => Err(nothing_before(b)),
            Some(_) => Ok(()),
        }
    }

    fn list(&mut self, depth: usize) -> Result<Expr, String> {
        let mut items = vec![self.or(depth)?];
        while self.peek() == Some(",") {
            self.pos += 1;
            self.operand_after(",")?;
            items.push(self.or(depth)?);
        }
        Ok(single_or(items, Expr::List))
    }

    fn or(&mut self, depth: usize) -> Result<Expr, String> {
        let mut items = vec![self.and(depth)?];
        while let Some(op @ ("-o" | "-or")) = self.peek() {
            let op = op.to_string();
            self.pos += 1;
            self.operand_after(&op)?;
            items.push(self.and(depth)?);
        }
        Ok(single_or(items, Expr::Or))
    }

    fn and(&mut self, depth: usize) -> Result<Expr, String> {
        let mut items = vec![self.unary(depth)?];
        loop {
            match self.peek() {
                Some(op @ ("-a" | "-and")) => {
                    let op = op.to_string();
                    self.pos += 1;
                    self.operand_after(&op)?;
                }
                None | Some(")" | "-o" | "-or" | ",") => break,
                Some(_) => {}
            }
            items.push(self.unary(depth)?);
        }
        Ok(single_or(items, Expr::And))
    }

    fn deeper(depth: usize) -> Result<usize, String> {
        if depth >= MAX_NESTING {
            Err(format!(
                "expression nested too deeply (more than {MAX_NESTING} levels of '(' and '!')"
            ))
        } else {
            Ok(depth + 1)
        }
    }

    fn unary(&mut self, depth: usize) -> Result<Expr, String> {
        let Some(tok) = self.peek().map(str::to_string) else {
            return Err("invalid expression".into());
        };
        match tok.as_str() {
            "!" | "-not" => {
                self.pos += 1;
                self.operand_after(&tok)?;
                let d = Self::deeper(depth)?;
                Ok(Expr::Not(Box::new(self.unary(d)?)))
            }
            "(" => {
                self.pos += 1;
                let expecting = "invalid expression; I was expecting to find a ')' somewhere but did not see one.";
                match self.peek() {
                    Some(")") => {
                        return Err("invalid expression; empty parentheses are not allowed.".into());
                    }
                    None => return Err(expecting.into()),
                    _ => {}
                }
                let d = Self::deeper(depth)?;
                let e = self.list(d)?;
                if self.next() != Some(")") {
                    return Err(expecting.into());
                }
                Ok(e)
            }
            ")" => Err("you have too many ')'".into()),
            b if is_binary(b) => Err(nothing_before(b)),
            _ => {
                self.pos += 1;
                self.primary(&tok).map(Expr::Prim)
            }
        }
    }

    /// The argument of the primary `name`.
    fn arg(&mut self, name: &str) -> Result<String, String> {
        self.next()
            .map(str::to_string)
            .ok_or_else(|| format!("missing argument to `{name}'"))
    }

    fn depth_arg(&mut self, name: &str) -> Result<usize, String> {
        let a = self.arg(name)?;
        if !a.is_empty() && a.bytes().all(|b| b.is_ascii_digit()) {
            // A huge depth is as good as none.
            return Ok(a.parse().unwrap_or(usize::MAX));
        }
        Err(format!(
            "Expected a positive decimal integer argument to {name}, but got {}",
            crate::common::quote(&a)
        ))
    }

    fn sink(&mut self, name: &str) -> Result<Sink, String> {
        let f = self.arg(name)?;
        self.sinks.push(f);
        Ok(self.sinks.len() - 1)
    }

    fn format(&mut self, name: &str) -> Result<Format, String> {
        let f = self.arg(name)?;
        let (fmt, warnings) = print::parse_format(&f)?;
        self.warnings.extend(warnings);
        Ok(fmt)
    }

    /// The modification time (or with `access`, the access time) of a
    /// reference file (`-newer FILE`).
    fn ref_time(&mut self, name: &str, access: bool) -> Result<SystemTime, String> {
        let f = self.arg(name)?;
        let md =
            sandbash_vfs::path::resolve(self.env.cwd, &f).and_then(|p| self.env.fs.metadata(&p));
        match md {
            Ok(md) if !f.is_empty() => Ok(if access { md.atime } else { md.mtime }),
            Ok(_) => Err(format!(
                "{}: No such file or directory",
                crate::common::quote(&f)
            )),
            Err(e) => Err(format!("{}: {}", crate::common::quote(&f), e.kind)),
        }
    }

    fn age(&mut self, name: &str, unit: f64) -> Result<Prim, String> {
        let a = self.arg(name)?;
        let (cmp, n) = args::time_arg(name, &a)?;
        let now = self.env.now;
        let mut origin = epoch_secs(now) as f64
            + f64::from(
                now.duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.subsec_nanos()),
            ) / 1e9;
        if self.daystart {
            // GNU measures from the start of tomorrow (UTC here).
            origin = (epoch_secs(now).div_euclid(86_400) + 1) as f64 * 86_400.0;
        }
        Ok(Prim::Age {
            access: name.starts_with("-a"),
            cmp,
            n,
            unit,
            origin,
        })
    }

    fn exec(&mut self, name: &str, in_dir: bool, ask: bool) -> Result<Prim, String> {
        self.has_action = true;
        let missing = || format!("missing argument to `{name}'");
        let mut argv: Vec<String> = Vec::new();
        loop {
            let Some(a) = self.next() else {
                return Err(missing());
            };
            if a == ";" {
                if argv.is_empty() {
                    return Err(format!("invalid argument `;' to `{name}'"));
                }
                return Ok(Prim::Exec(Exec {
                    argv,
                    batch: None,
                    in_dir,
                    ask,
                }));
            }
            if a == "+" && !ask {
                match argv.last() {
                    Some(prev) if prev == "{}" && argv.len() > 1 => {
                        argv.pop();
                        self.batches += 1;
                        return Ok(Prim::Exec(Exec {
                            argv,
                            batch: Some(self.batches - 1),
                            in_dir,
                            ask,
                        }));
                    }
                    Some(prev) if prev.contains("{}") => {
                        return Err(format!(
                            "In '{name} ... {{}} +' the '{{}}' must appear by itself, but you specified {}",
                            crate::common::quote(prev)
                        ));
                    }
                    _ => {}
                }
            }
            argv.push(a.to_string());
        }
    }

    fn user(&mut self, name: &str) -> Result<Prim, String> {
        let a = self.arg(name)?;
        let id = match a.as_str() {
            "agent" => 1000,
            "root" => 0,
            n if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                n.parse().unwrap_or(u64::MAX)
            }
            _ => {
                return Err(if name == "-user" {
                    format!(
                        "{} is not the name of a known user",
                        crate::common::quote(&a)
                    )
                } else {
                    format!(
                        "{} is not the name of an existing group",
                        crate::common::quote(&a)
                    )
                });
            }
        };
        Ok(if name == "-user" {
            Prim::Uid(Cmp::Eq, id)
        } else {
            Prim::Gid(Cmp::Eq, id)
        })
    }

    fn newer_xy(&mut self, name: &str) -> Result<Prim, String> {
        let xy = name.strip_prefix("-newer").unwrap_or("");
        let mut it = xy.chars();
        let (Some(x), Some(y), None) = (it.next(), it.next(), it.next()) else {
            return Err(format!("invalid predicate `{name}'"));
        };
        if !matches!(x, 'a' | 'c' | 'm' | 'B') || !matches!(y, 'a' | 'c' | 'm' | 'B' | 't') {
            return Err(format!("invalid predicate `{name}'"));
        }
        if x == 'B' || y == 'B' {
            return Err(
                "This system does not provide a way to find the birth time of a file.".into(),
            );
        }
        if y == 't' {
            let a = self.arg(name)?;
            return match parse_date(&a, self.env.now) {
                Some(than) => Ok(Prim::Newer {
                    access: x == 'a',
                    than,
                }),
                None => Err(format!(
                    "I cannot figure out how to interpret {} as a date or time",
                    crate::common::quote(&a)
                )),
            };
        }
        let than = self.ref_time(name, y == 'a')?;
        Ok(Prim::Newer {
            access: x == 'a',
            than,
        })
    }

    fn primary(&mut self, name: &str) -> Result<Prim, String> {
        let p = match name {
            "-true" => Prim::Const(true),
            "-false" => Prim::Const(false),
            "-maxdepth" => {
                let n = self.depth_arg(name)?;
                self.globals.maxdepth = Some(n);
                Prim::Const(true)
            }
            "-mindepth" => {
                self.globals.mindepth = self.depth_arg(name)?;
                Prim::Const(true)
            }
            "-depth" | "-d" => {
                self.globals.depth_first = true;
                self.explicit_depth = true;
                Prim::Const(true)
            }
            "-follow" => {
                self.globals.follow = true;
                Prim::Const(true)
            }
            "-daystart" => {
                self.daystart = true;
                Prim::Const(true)
            }
            "-xdev"
            | "-mount"
            | "-noleaf"
            | "-ignore_readdir_race"
            | "-noignore_readdir_race"
            | "-warn"
            | "-nowarn" => Prim::Const(true),
            "-regextype" => {
                let a = self.arg(name)?;
                self.regex_type = RegexType::named(&a)?;
                Prim::Const(true)
            }
            "-name" | "-iname" => Prim::Name {
                pat: self.arg(name)?,
                icase: name == "-iname",
            },
            "-path" | "-wholename" | "-ipath" | "-iwholename" => Prim::Path {
                pat: self.arg(name)?,
                icase: name.starts_with("-i"),
            },
            "-lname" | "-ilname" => Prim::LName {
                pat: self.arg(name)?,
                icase: name == "-ilname",
            },
            "-regex" | "-iregex" => {
                let a = self.arg(name)?;
                Prim::Regex(Box::new(compile(self.regex_type, &a, name == "-iregex")?))
            }
            "-type" | "-xtype" => {
                let a = self.arg(name)?;
                let set = args::type_arg(name, &a)?;
                if name == "-type" {
                    Prim::Type(set)
                } else {
                    Prim::XType(set)
                }
            }
            "-size" => {
                let a = self.arg(name)?;
                let (c, n, u) = args::size_arg(&a)?;
                Prim::Size(c, n, u)
            }
            "-empty" => Prim::Empty,
            "-newer" | "-anewer" | "-cnewer" => Prim::Newer {
                access: name == "-anewer",
                than: self.ref_time(name, false)?,
            },
            n if n.starts_with("-newer") && n.len() == 8 => self.newer_xy(n)?,
            "-mtime" | "-atime" | "-ctime" => self.age(name, 86_400.0)?,
            "-mmin" | "-amin" | "-cmin" => self.age(name, 60.0)?,
            "-used" => {
                // Access time minus status change time, which GNU reads
                // from `st_ctime`: the VFS keeps no change time, so this
                // is 0 days here (documented difference).
                let a = self.arg(name)?;
                let (cmp, n) = args::time_arg(name, &a)?;
                Prim::Const(match cmp {
                    Cmp::Lt => n > 0.0,
                    Cmp::Eq => n == 0.0,
                    Cmp::Gt => false,
                })
            }
            "-perm" => {
                let a = self.arg(name)?;
                let (k, f, d) = args::perm_arg(&a)?;
                if k == PermKind::Any && f == 0 && d == 0 {
                    self.warnings.push(format!(
                        "warning: you have specified a mode pattern {a} (which is equivalent to /000). The meaning of -perm /000 has now been changed to be consistent with -perm -000; that is, while it used to match no files, it now matches all files."
                    ));
                }
                Prim::Perm(k, f, d)
            }
            "-user" | "-group" => self.user(name)?,
            "-uid" | "-gid" | "-links" | "-inum" => {
                let a = self.arg(name)?;
                let (c, n) = args::int_arg(name, &a)?;
                match name {
                    "-uid" => Prim::Uid(c, n),
                    "-gid" => Prim::Gid(c, n),
                    "-links" => Prim::Links(c, n),
                    _ => Prim::Inum(c, n),
                }
            }
            "-nouser" | "-nogroup" => Prim::Const(false),
            "-samefile" => {
                let a = self.arg(name)?;
                let real = sandbash_vfs::path::resolve(self.env.cwd, &a)
                    .and_then(|p| crate::common::walk::real_path(self.env.fs, &p));
                match real {
                    Ok(r) if !a.is_empty() => Prim::SameFile(r),
                    Ok(_) => {
                        return Err(format!(
                            "{}: No such file or directory",
                            crate::common::quote(&a)
                        ));
                    }
                    Err(e) => return Err(format!("{}: {}", crate::common::quote(&a), e.kind)),
                }
            }
            "-readable" => Prim::Access(0o400),
            "-writable" => Prim::Access(0o200),
            "-executable" => Prim::Access(0o100),
            "-fstype" => Prim::FsType(self.arg(name)?),
            "-print" => {
                self.has_action = true;
                Prim::Print(None)
            }
            "-print0" => {
                self.has_action = true;
                Prim::Print0(None)
            }
            "-printf" => {
                self.has_action = true;
                Prim::Printf(self.format(name)?, None)
            }
            "-fprint" | "-fprint0" | "-fls" => {
                self.has_action = true;
                let s = Some(self.sink(name)?);
                match name {
                    "-fprint" => Prim::Print(s),
                    "-fprint0" => Prim::Print0(s),
                    _ => Prim::Ls(s),
                }
            }
            "-fprintf" => {
                self.has_action = true;
                let s = self.sink(name)?;
                Prim::Printf(self.format(name)?, Some(s))
            }
            "-ls" => {
                self.has_action = true;
                Prim::Ls(None)
            }
            "-delete" => {
                self.has_action = true;
                self.globals.depth_first = true;
                self.saw_delete = true;
                Prim::Delete
            }
            "-prune" => {
                self.saw_prune = true;
                Prim::Prune
            }
            "-quit" => Prim::Quit,
            "-exec" => self.exec(name, false, false)?,
            "-execdir" => self.exec(name, true, false)?,
            "-ok" => self.exec(name, false, true)?,
            "-okdir" => self.exec(name, true, true)?,
            n if n.starts_with('-') && n.len() > 1 => {
                return Err(format!("unknown predicate `{n}'"));
            }
            n => return Err(format!("paths must precede expression: `{n}'")),
        };
        Ok(p)
    }
}

fn single_or(mut items: Vec<Expr>, make: fn(Vec<Expr>) -> Expr) -> Expr {
    if items.len() == 1
        && let Some(e) = items.pop()
    {
        return e;
    }
    make(items)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::TestFs;

    fn p(args: &[&str]) -> Result<Parsed, String> {
        let fs = TestFs::new();
        fs.file("ref", b"x");
        let env = Env {
            fs: &fs,
            cwd: "/workspace",
            now: SystemTime::now(),
        };
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        parse(&args, &env)
    }

    fn shape(e: &Expr) -> String {
        match e {
            Expr::And(v) => format!("and({})", v.iter().map(shape).collect::<Vec<_>>().join(" ")),
            Expr::Or(v) => format!("or({})", v.iter().map(shape).collect::<Vec<_>>().join(" ")),
            Expr::List(v) => format!(
                "list({})",
                v.iter().map(shape).collect::<Vec<_>>().join(" ")
            ),
            Expr::Not(e) => format!("not({})", shape(e)),
            Expr::Prim(Prim::Name { pat, .. }) => pat.clone(),
            Expr::Prim(Prim::Print(_)) => "print".into(),
            Expr::Prim(Prim::Const(b)) => b.to_string(),
            Expr::Prim(_) => "prim".into(),
        }
    }

    fn s(args: &[&str]) -> String {
        shape(&p(args).unwrap().expr)
    }

    fn err(args: &[&str]) -> String {
        p(args).unwrap_err()
    }

    #[test]
    fn precedence() {
        assert_eq!(s(&[]), "print");
        assert_eq!(s(&["-name", "a"]), "and(a print)");
        assert_eq!(
            s(&["-name", "a", "-o", "-name", "b", "-name", "c"]),
            "and(or(a and(b c)) print)"
        );
        assert_eq!(
            s(&["!", "-name", "a", "-a", "-name", "b", ",", "-name", "c"]),
            "and(list(and(not(a) b) c) print)"
        );
        assert_eq!(
            s(&["(", "-name", "a", "-o", "-name", "b", ")", "-print"]),
            "and(or(a b) print)"
        );
        assert_eq!(s(&["-not", "-not", "-name", "a"]), "and(not(not(a)) print)");
    }

    #[test]
    fn errors() {
        assert_eq!(err(&["-name"]), "missing argument to `-name'");
        assert_eq!(err(&["-foo"]), "unknown predicate `-foo'");
        assert_eq!(
            err(&["-name", "a", "b"]),
            "paths must precede expression: `b'"
        );
        assert_eq!(
            err(&["(", "-name", "a"]),
            "invalid expression; I was expecting to find a ')' somewhere but did not see one."
        );
        assert_eq!(err(&["-name", "a", ")"]), "you have too many ')'");
        assert_eq!(
            err(&["(", ")"]),
            "invalid expression; empty parentheses are not allowed."
        );
        assert_eq!(
            err(&["-o"]),
            "invalid expression; you have used a binary operator '-o' with nothing before it."
        );
        assert_eq!(
            err(&["-name", "a", "-o"]),
            "expected an expression after '-o'"
        );
        assert_eq!(err(&["-print", "-o"]), "invalid expression");
        assert_eq!(
            err(&["-name", "a", ","]),
            "expected an expression after ','"
        );
        assert!(err(&["-prune", "-delete"]).starts_with("The -delete action"));
        assert!(p(&["-depth", "-prune", "-delete"]).is_ok());
        assert_eq!(err(&["!"]), "expected an expression after '!'");
        assert_eq!(err(&["-not"]), "expected an expression after '-not'");
        assert_eq!(
            err(&["(", "-print", "-o", ")"]),
            "expected an expression between '-o' and ')'"
        );
        assert_eq!(
            err(&["!", ")"]),
            "expected an expression between '!' and ')'"
        );
        assert_eq!(err(&["-print", ","]), "invalid expression");
        assert_eq!(
            err(&["-maxdepth", "x"]),
            "Expected a positive decimal integer argument to -maxdepth, but got 'x'"
        );
        assert_eq!(
            err(&["-newer", "nosuch"]),
            "'nosuch': No such file or directory"
        );
        assert_eq!(err(&["-exec", "echo"]), "missing argument to `-exec'");
        assert_eq!(
            err(&["-exec", "echo", "{}x", "+"]),
            "In '-exec ... {} +' the '{}' must appear by itself, but you specified '{}x'"
        );
        assert_eq!(err(&["-newerXY"]), "invalid predicate `-newerXY'");
    }

    #[test]
    fn nesting_is_bounded() {
        let mut deep: Vec<&str> = vec!["("; 100_000];
        deep.push("-print");
        deep.extend(vec![")"; 100_000]);
        assert!(err(&deep).starts_with("expression nested too deeply"));
        let nots: Vec<&str> = vec!["!"; 100_000];
        assert!(
            err(&nots).starts_with("expected an expression after")
                || err(&nots).starts_with("expression nested too deeply")
        );
        let mut ok: Vec<&str> = vec!["("; 200];
        ok.push("-print");
        ok.extend(vec![")"; 200]);
        assert!(p(&ok).is_ok());
        // A long flat chain is fine: it does not nest.
        let mut chain: Vec<&str> = Vec::new();
        for _ in 0..50_000 {
            chain.extend(["-true", "-o"]);
        }
        chain.push("-true");
        assert!(p(&chain).is_ok());
    }

    #[test]
    fn globals_and_actions() {
        let r = p(&["-maxdepth", "2", "-delete"]).unwrap();
        assert_eq!(r.globals.maxdepth, Some(2));
        assert!(r.globals.depth_first);
        assert_eq!(shape(&r.expr), "and(true prim)");
        let r = p(&["-exec", "echo", "{}", "+", "-exec", "x", "{}", ";"]).unwrap();
        assert_eq!(r.batches, 1);
        assert!(p(&["-newer", "ref"]).is_ok());
    }
}
