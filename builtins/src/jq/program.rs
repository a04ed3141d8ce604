//! Turning a jq program into a jaq filter that sandbash can bound.
//!
//! jaq parses and compiles; before compiling, the program's syntax tree
//! is rewritten so that evaluation passes through sandbash's checks:
//! every definition body and every `reduce`/`foreach` update starts with
//! the guard `__sb_g` (stop signals, stack depth, memory: recursion and
//! loops always go through one of these), `[f]` collects through
//! `__sb_collect` (each element charged to the memory budget while the
//! array grows), `l * r` goes through `__sb_mul` (a repeated string is
//! sized before it is built), `l + r` and `l / r` through `__sb_add` and
//! `__sb_div` (joined and split values sized first, see [`super::sized`]),
//! `try` through sandbash's own (see [`super::catch`]), and string
//! interpolation formats values as jq 1.7 does (`__sb_tostring`), its
//! pieces joined by `__sb_add`. The user's program becomes the last
//! definition of the prelude, `__sb_main`, so that jaq's definitions and
//! sandbash's go through the same rewriting.
//!
//! jaq's lexer and parser recurse once per nesting level, so the text is
//! measured first ([`check_text`]) and refused past [`MAX_NESTING`].

use jaq_core::Compiler;
use jaq_core::load::lex::{Lexer, StrPart};
use jaq_core::load::parse::{BinaryOp, Def, Parser, Pattern, Term};
use jaq_core::load::{Arena, File, Loader};
use jaq_core::ops::Math;
use jaq_core::path::{Part, Path};

use super::natives::{self, JqData};
use super::{catch, sized};

/// Deepest bracket, string-interpolation or keyword nesting accepted in
/// a program.
pub const MAX_NESTING: usize = 256;

/// Longest program accepted, in bytes: jaq's parser and compiler
/// recurse along chains of operators, which this bounds.
pub const MAX_PROGRAM: usize = 256 * 1024;

/// Deepest syntax tree the rewriting walks (chains of `|` or `+` make
/// trees deeper than their brackets).
const MAX_TREE_DEPTH: usize = 20_000;

/// The compiled filter.
pub type Filter = jaq_core::Filter<JqData>;

/// A compile error: jq's message lines (without the `jq: error: ` prefix
/// and the closing count line).
#[derive(Debug)]
pub struct CompileError(pub Vec<String>);

/// Compiles `code`, with `globals` the names of the variables the run
/// provides (`$ENV`, `$ARGS`, `--arg` names...).
pub fn compile(code: &str, globals: &[String]) -> Result<Filter, CompileError> {
    check_text(code).map_err(|m| CompileError(vec![m]))?;
    let tokens = Lexer::new(code)
        .lex()
        .map_err(|errs| syntax_error(code, errs.first().map(|e| e.1)))?;
    let term = Parser::new(&tokens).parse(|p| p.term()).map_err(|errs| {
        let found = errs.first().and_then(|e| e.1).map(|t| t.0);
        syntax_error(code, Some(found.unwrap_or("")))
    })?;
    let newlines = code.match_indices('\n').map(|(i, _)| i).collect();
    LOC.with(|l| *l.borrow_mut() = (code.as_ptr() as usize, code.len(), newlines));
    let body = rewrite(term, 0);
    LOC.with(|l| *l.borrow_mut() = (0, 0, Vec::new()));
    let main = Def {
        name: "__sb_main",
        args: Vec::new(),
        body: body.map_err(|m| CompileError(vec![m]))?,
    };
    let mut prelude = Vec::new();
    for d in builtin_defs() {
        let body = rewrite(d.body, 0).map_err(|m| CompileError(vec![m]))?;
        prelude.push(Def {
            name: d.name,
            args: d.args,
            body: guard(body),
        });
    }
    prelude.push(main);
    let arena = Arena::default();
    let file = File {
        code: "__sb_main",
        path: (),
    };
    let modules = Loader::new(prelude)
        .load(&arena, file)
        .map_err(|_| CompileError(vec!["internal error loading the prelude".into()]))?;
    let globals: Vec<&str> = globals.iter().map(String::as_str).collect();
    Compiler::default()
        .with_funs(all_funs())
        .with_global_vars(globals)
        .compile(modules)
        .map_err(|errs| {
            let mut lines = Vec::new();
            for (_file, es) in errs {
                for (name, undef) in es {
                    let what = match undef {
                        jaq_core::compile::Undefined::Filter(arity) => format!("{name}/{arity}"),
                        _ => name.to_string(),
                    };
                    lines.push(format!(
                        "{what} is not defined at <top-level>, line 1:\n{code}"
                    ));
                }
            }
            CompileError(lines)
        })
}

/// jq's syntax error: bison's name for the unexpected token, then the
/// line of the program it is on, padded with a space per byte before
/// the token (jq's `%*s`). At the end of the program bison reports
/// `$end` at the last token.
fn syntax_error(code: &str, found: Option<&str>) -> CompileError {
    let at = found.filter(|f| !f.is_empty()).and_then(|f| {
        (f.as_ptr() as usize)
            .checked_sub(code.as_ptr() as usize)
            .filter(|&o| o <= code.len())
    });
    let (unexpected, start) = match (found, at) {
        (Some(f), Some(o)) => (token_name(code, f, o), o),
        _ => ("$end".to_string(), last_token_start(code)),
    };
    let line_start = code
        .get(..start)
        .and_then(|pre| pre.rfind('\n'))
        .map_or(0, |i| i + 1);
    let line_end = code
        .get(start..)
        .and_then(|rest| rest.find('\n'))
        .map_or(code.len(), |i| start + i);
    let line = code
        .get(..line_start)
        .map_or(0, |pre| pre.matches('\n').count())
        + 1;
    let text = code.get(line_start..line_end).unwrap_or("");
    let pad = " ".repeat(start.saturating_sub(line_start));
    CompileError(vec![format!(
        "syntax error, unexpected {unexpected} (Unix shell quoting issues?) at <top-level>, line {line}:\n{text}{pad}"
    )])
}

/// Where the last token of `code` starts (0 for an empty program).
fn last_token_start(code: &str) -> usize {
    let b = code.trim_end().as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.';
    let mut i = b.len();
    match b.last() {
        Some(&c) if word(c) => {
            while i > 0 && b.get(i - 1).is_some_and(|&c| word(c)) {
                i -= 1;
            }
            i
        }
        Some(_) => i - 1,
        None => 0,
    }
}

/// Bison's name for a token of jq's grammar: a quoted character for
/// punctuation (`INVALID_CHARACTER` for a closing bracket nothing
/// opened), the keyword itself, or the token class.
fn token_name(code: &str, tok: &str, at: usize) -> String {
    const KEYWORDS: &[&str] = &[
        "as", "def", "if", "then", "elif", "else", "end", "and", "or", "not", "reduce", "foreach",
        "try", "catch", "label", "import", "include", "__loc__",
    ];
    let first = tok.bytes().next().unwrap_or(b' ');
    match first {
        b')' | b']' | b'}' => {
            let open = code.get(..at).map_or(0, |pre| {
                pre.bytes().fold(0i64, |d, c| match c {
                    b'(' | b'[' | b'{' => d + 1,
                    b')' | b']' | b'}' => d - 1,
                    _ => d,
                })
            });
            if open > 0 {
                format!("'{}'", first as char)
            } else {
                "INVALID_CHARACTER".into()
            }
        }
        b'"' => "QQSTRING_START".into(),
        b'0'..=b'9' => "LITERAL".into(),
        b'.' if tok.len() > 1
            && tok
                .as_bytes()
                .get(1)
                .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_') =>
        {
            "FIELD".into()
        }
        c if c.is_ascii_alphabetic() || c == b'_' => {
            if KEYWORDS.contains(&tok) {
                tok.to_string()
            } else {
                "IDENT".into()
            }
        }
        _ if tok.len() == 1 => format!("'{tok}'"),
        _ => tok.chars().take(20).collect(),
    }
}

/// Refuses a program jaq's recursive lexer and parser could not take:
/// longer than [`MAX_PROGRAM`], or nested deeper than [`MAX_NESTING`]
/// (brackets, string interpolation, and the keywords that open a
/// construct).
pub fn check_text(code: &str) -> Result<(), String> {
    if code.len() > MAX_PROGRAM {
        return Err(format!(
            "program too long ({} bytes; at most {MAX_PROGRAM})",
            code.len()
        ));
    }
    // A stack of what is open: b'(' for brackets and interpolations,
    // b'"' for strings.
    let mut open: Vec<u8> = Vec::new();
    let mut keywords = 0usize;
    let b = code.as_bytes();
    let mut i = 0;
    let too_deep = || {
        Err(format!(
            "program nested too deeply (at most {MAX_NESTING} levels)"
        ))
    };
    while let Some(&c) = b.get(i) {
        let in_str = open.last() == Some(&b'"');
        if in_str {
            match c {
                b'\\' if b.get(i + 1) == Some(&b'(') => {
                    open.push(b'(');
                    i += 1;
                }
                b'\\' => i += 1,
                b'"' => {
                    open.pop();
                }
                _ => {}
            }
        } else {
            match c {
                b'"' => open.push(b'"'),
                b'(' | b'[' | b'{' => open.push(b'('),
                b')' | b']' | b'}' => {
                    open.pop();
                }
                b'#' => {
                    while b.get(i).is_some_and(|&c| c != b'\n') {
                        i += 1;
                    }
                }
                c if c.is_ascii_alphabetic() || c == b'_' => {
                    let start = i;
                    while b
                        .get(i + 1)
                        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
                    {
                        i += 1;
                    }
                    let word = b.get(start..=i).unwrap_or_default();
                    let after_dot = start > 0 && b.get(start - 1) == Some(&b'.');
                    if !after_dot {
                        match word {
                            b"if" | b"reduce" | b"foreach" | b"try" | b"def" | b"label" => {
                                keywords += 1
                            }
                            b"end" => keywords = keywords.saturating_sub(1),
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
        if open.len() > MAX_NESTING || keywords > MAX_NESTING * 4 {
            return too_deep();
        }
        i += 1;
    }
    Ok(())
}

/// jaq's definitions and sandbash's, in the order they must be seen.
fn builtin_defs() -> Vec<Def<&'static str>> {
    let parse = |text: &'static str| jaq_core::load::parse(text, |p| p.defs()).unwrap_or_default();
    let mut defs = parse(natives::PRE_DEFS);
    defs.extend(parse(sized::PRE_DEFS));
    defs.extend(jaq_core::defs());
    defs.extend(jaq_std::defs());
    defs.extend(jaq_json::defs());
    defs.extend(parse(natives::POST_DEFS));
    defs
}

/// jaq's natives, less those sandbash replaces, plus sandbash's.
fn all_funs() -> Vec<jaq_core::native::Fun<JqData>> {
    const REPLACED: &[&str] = &[
        "env",
        "localtime",
        "strflocaltime",
        "debug_empty",
        "stderr_empty",
        "tojson",
        "fromjson",
        "matches",
        "split_matches",
        "split_",
    ];
    let mut out = Vec::new();
    // jaq's natives that sandbash guards keep their code under a
    // `__sb_` name; the guarded definitions take their names.
    let rename = |name: &'static str| {
        sized::RENAMED
            .iter()
            .find(|(from, _)| *from == name)
            .map_or(name, |(_, to)| *to)
    };
    for (name, args, f) in jaq_core::funs::<JqData>() {
        // `limit` with a negative count passes everything in jq 1.7 (the
        // prelude's `limit` says so before calling jaq's).
        let name = match name {
            "range" => "__sb_range",
            "limit" => "__sb_limit",
            _ => name,
        };
        out.push((rename(name), args, f));
    }
    // jiff would read the host's time zone database for a zone name
    // (`%Q`); the prelude's `strptime` refuses those before calling it.
    out.extend(
        jaq_std::funs::<JqData>()
            .filter(|f| !REPLACED.contains(&f.0))
            .map(|(name, args, f)| {
                // Also `ltrimstr`/`rtrimstr`: jq leaves a non-string as it
                // is, which the prelude's definitions check first.
                let name = match name {
                    "strptime" => "__sb_strptime",
                    "mktime" => "__sb_mktime",
                    "ltrimstr" => "__sb_ltrimstr",
                    "rtrimstr" => "__sb_rtrimstr",
                    _ => rename(name),
                };
                (name, args, f)
            }),
    );
    out.extend(
        jaq_std::input::funs::<JqData>()
            .into_vec()
            .into_iter()
            .map(|f| jaq_core::native::run::<JqData>(f)),
    );
    out.extend(
        jaq_json::funs::<JqData>()
            .filter(|f| !REPLACED.contains(&f.0))
            .map(|(name, args, f)| (rename(name), args, f)),
    );
    out.extend(natives::funs());
    out.extend(sized::funs());
    out.extend(catch::funs());
    out
}

fn call(name: &'static str, args: Vec<Term<&'static str>>) -> Term<&'static str> {
    Term::Call(name, args)
}

fn pipe<'s>(l: Term<&'s str>, r: Term<&'s str>) -> Term<&'s str> {
    Term::BinOp(Box::new(l), BinaryOp::Pipe(None), Box::new(r))
}

/// `r as $__sb_v | body`.
fn bind_v<'s>(r: Term<&'s str>, body: Term<&'s str>) -> Term<&'s str> {
    Term::BinOp(
        Box::new(r),
        BinaryOp::Pipe(Some(Pattern::Var("$__sb_v"))),
        Box::new(body),
    )
}

/// `reduce path(l) as $__sb_p (.; update)`.
fn over_paths<'s>(l: Term<&'s str>, update: Term<&'s str>) -> Term<&'s str> {
    Term::Fold(
        "reduce",
        Box::new(Term::Call("path", vec![l])),
        Pattern::Var("$__sb_p"),
        vec![Term::Id, guard(update)],
    )
}

/// `l = r` as jq 1.7 defines it: for each value `$v` of `r`, every path
/// of `l` set to `$v` (`null` growing into what the path needs).
fn assign<'s>(l: Term<&'s str>, r: Term<&'s str>) -> Term<&'s str> {
    let set = Term::Call(
        "__sb_setpath",
        vec![Term::Var("$__sb_p"), Term::Var("$__sb_v")],
    );
    bind_v(r, over_paths(l, set))
}

/// `l |= f` as jq 1.7 defines it: each path of `l` set to the first
/// output of `f` on its value, or deleted when `f` gives none.
fn update<'s>(l: Term<&'s str>, f: Term<&'s str>) -> Term<&'s str> {
    let p = || Term::Var("$__sb_p");
    let y = || Term::Var("$__sb_y");
    let first = Term::Arr(Some(Box::new(Term::Call(
        "limit",
        vec![Term::Num("1"), pipe(Term::Call("getpath", vec![p()]), f)],
    ))));
    let none = Term::BinOp(
        Box::new(y()),
        BinaryOp::Cmp(jaq_core::ops::Cmp::Eq),
        Box::new(Term::Arr(None)),
    );
    let y0 = Term::Path(
        Box::new(y()),
        Path(vec![(
            Part::Index(Term::Num("0")),
            jaq_core::path::Opt::Essential,
        )]),
    );
    let body = Term::IfThenElse(
        vec![(
            none,
            Term::Call("__sb_delpaths", vec![Term::Arr(Some(Box::new(p())))]),
        )],
        Some(Box::new(Term::Call("__sb_setpath", vec![p(), y0]))),
    );
    let bind_y = Term::BinOp(
        Box::new(first),
        BinaryOp::Pipe(Some(Pattern::Var("$__sb_y"))),
        Box::new(body),
    );
    over_paths(l, bind_y)
}

/// `op(r)` evaluated for each output of `r` in turn, all of `l`'s outputs
/// inside: jq's order for `l + r`, `l < r`... (jaq's would run `l`
/// outside). A term with one output needs no binding.
fn right_outer<'s>(
    r: Term<&'s str>,
    op: impl FnOnce(Term<&'s str>) -> Term<&'s str>,
) -> Term<&'s str> {
    match r {
        Term::Id | Term::Num(_) | Term::Var(_) => op(r),
        Term::Str(None, ref parts) if parts.iter().all(|p| !matches!(p, StrPart::Term(_))) => op(r),
        r => Term::BinOp(
            Box::new(r),
            BinaryOp::Pipe(Some(Pattern::Var("$__sb_r"))),
            Box::new(op(Term::Var("$__sb_r"))),
        ),
    }
}

/// `__sb_g | body`.
fn guard(body: Term<&str>) -> Term<&str> {
    pipe(Term::Call("__sb_g", Vec::new()), body)
}

#[allow(clippy::boxed_local)]
fn boxed(t: Box<Term<&str>>, d: usize) -> Result<Box<Term<&str>>, String> {
    Ok(Box::new(rewrite(*t, d)?))
}

thread_local! {
    /// Where the program being rewritten lies in memory (address,
    /// length), so that `$__loc__` finds its line: the lexer's tokens
    /// are slices of the program text.
    /// Its address, its length and the offsets of its newlines.
    static LOC: std::cell::RefCell<(usize, usize, Vec<usize>)> =
        const { std::cell::RefCell::new((0, 0, Vec::new())) };
}

/// `$__loc__` (jq 1.7): `{"file":"<top-level>","line":N}`, N the line
/// of the token in the main program. The number is built from digit
/// literals (`(1 * 10) + 2`), the terms holding only static text.
fn loc<'s>(t: Term<&'s str>) -> Term<&'s str> {
    const DIGITS: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
    let Term::Var(x) = t else { return t };
    let line = LOC.with(|l| {
        let (base, len, newlines) = &*l.borrow();
        (x.as_ptr() as usize)
            .checked_sub(*base)
            .filter(|off| off <= len)
            .map_or(1, |off| newlines.partition_point(|&n| n < off) + 1)
    });
    let mut num: Option<Term<&'s str>> = None;
    for d in line.to_string().bytes() {
        let digit = Term::Num(DIGITS.get(usize::from(d - b'0')).copied().unwrap_or("0"));
        num = Some(match num {
            None => digit,
            Some(n) => Term::BinOp(
                Box::new(Term::BinOp(
                    Box::new(n),
                    BinaryOp::Math(Math::Mul),
                    Box::new(Term::Num("10")),
                )),
                BinaryOp::Math(Math::Add),
                Box::new(digit),
            ),
        });
    }
    Term::Call("__sb_loc", vec![num.unwrap_or(Term::Num("1"))])
}

/// The native for `/`: jq's zero check in the main program, none in
/// the prelude (see `__sb_div_raw`).
fn div_name() -> &'static str {
    if LOC.with(|l| l.borrow().0 != 0) {
        "__sb_div"
    } else {
        "__sb_div_raw"
    }
}

fn rewrite_all(ts: Vec<Term<&str>>, d: usize) -> Result<Vec<Term<&str>>, String> {
    ts.into_iter().map(|t| rewrite(t, d)).collect()
}

fn rewrite_pattern(p: Pattern<&str>, d: usize) -> Result<Pattern<&str>, String> {
    if d > MAX_TREE_DEPTH {
        return Err("program nested too deeply".into());
    }
    Ok(match p {
        Pattern::Var(x) => Pattern::Var(x),
        Pattern::Arr(ps) => Pattern::Arr(
            ps.into_iter()
                .map(|p| rewrite_pattern(p, d + 1))
                .collect::<Result<_, _>>()?,
        ),
        Pattern::Obj(kvs) => Pattern::Obj(
            kvs.into_iter()
                .map(|(k, p)| Ok((rewrite(k, d + 1)?, rewrite_pattern(p, d + 1)?)))
                .collect::<Result<_, String>>()?,
        ),
    })
}

/// Rewrites a syntax tree as the module documentation says; `d` is the
/// depth, bounded by [`MAX_TREE_DEPTH`].
fn rewrite(t: Term<&str>, d: usize) -> Result<Term<&str>, String> {
    if d > MAX_TREE_DEPTH {
        return Err("program nested too deeply".into());
    }
    let d = d + 1;
    Ok(match t {
        Term::Var("$__loc__") => loc(t),
        Term::Id | Term::Recurse | Term::Num(_) | Term::Var(_) | Term::Break(_) => t,
        Term::Str(fmt, parts) => {
            let mut parts = parts
                .into_iter()
                .map(|p| {
                    Ok(match p {
                        StrPart::Term(t) => {
                            let t = rewrite(t, d)?;
                            StrPart::Term(if fmt.is_none() {
                                pipe(t, call("__sb_tostring", Vec::new()))
                            } else {
                                t
                            })
                        }
                        other => other,
                    })
                })
                .collect::<Result<Vec<_>, String>>()?;
            // jaq joins the pieces with its own `+`; joined here with
            // `__sb_add`, each join is sized first. Right to left, as jaq.
            match parts.pop() {
                Some(last) if !parts.is_empty() => {
                    let piece = |p| Term::Str(fmt, vec![p]);
                    parts.into_iter().rev().fold(piece(last), |acc, p| {
                        Term::Call("__sb_add", vec![piece(p), acc])
                    })
                }
                last => Term::Str(fmt, last.into_iter().collect()),
            }
        }
        Term::Arr(None) => Term::Arr(None),
        Term::Arr(Some(f)) => Term::Call("__sb_collect", vec![rewrite(*f, d)?]),
        Term::Obj(kvs) => pipe(
            Term::Obj(
                kvs.into_iter()
                    .map(|(k, v)| {
                        // A computed key must be a string (jaq would
                        // turn a number into one).
                        let k = match (k, &v) {
                            (k @ Term::Str(..), _) | (k, None) => rewrite(k, d)?,
                            (k, Some(_)) => pipe(rewrite(k, d)?, call("__sb_objkey", Vec::new())),
                        };
                        Ok((
                            k,
                            match v {
                                Some(v) => Some(rewrite(v, d)?),
                                None => None,
                            },
                        ))
                    })
                    .collect::<Result<_, String>>()?,
            ),
            call("__sb_hold", Vec::new()),
        ),
        Term::Neg(t) => Term::Neg(boxed(t, d)?),
        Term::BinOp(l, BinaryOp::Assign, r) => assign(rewrite(*l, d)?, rewrite(*r, d)?),
        Term::BinOp(l, BinaryOp::Update, r) => update(rewrite(*l, d)?, rewrite(*r, d)?),
        Term::BinOp(l, BinaryOp::UpdateMath(op), r) => {
            let v = Term::Var("$__sb_v");
            let f = match op {
                Math::Mul => Term::Call("__sb_mul", vec![Term::Id, v]),
                Math::Rem => Term::Call("__sb_rem", vec![Term::Id, v]),
                Math::Add => Term::Call("__sb_add", vec![Term::Id, v]),
                Math::Div => Term::Call(div_name(), vec![Term::Id, v]),
                op => Term::BinOp(Box::new(Term::Id), BinaryOp::Math(op), Box::new(v)),
            };
            bind_v(rewrite(*r, d)?, update(rewrite(*l, d)?, f))
        }
        Term::BinOp(l, BinaryOp::UpdateAlt, r) => {
            let f = Term::BinOp(
                Box::new(Term::Id),
                BinaryOp::Alt,
                Box::new(Term::Var("$__sb_v")),
            );
            bind_v(rewrite(*r, d)?, update(rewrite(*l, d)?, f))
        }
        Term::BinOp(l, BinaryOp::Math(op), r) => {
            let (l, r) = (rewrite(*l, d)?, rewrite(*r, d)?);
            right_outer(r, |r| match op {
                Math::Rem => Term::Call("__sb_rem", vec![l, r]),
                Math::Mul => Term::Call("__sb_mul", vec![l, r]),
                Math::Add => Term::Call("__sb_add", vec![l, r]),
                Math::Div => Term::Call(div_name(), vec![l, r]),
                op => Term::BinOp(Box::new(l), BinaryOp::Math(op), Box::new(r)),
            })
        }
        Term::BinOp(l, BinaryOp::Cmp(op), r) => {
            let (l, r) = (rewrite(*l, d)?, rewrite(*r, d)?);
            right_outer(r, |r| {
                Term::BinOp(Box::new(l), BinaryOp::Cmp(op), Box::new(r))
            })
        }
        Term::BinOp(l, op, r) => {
            let op = match op {
                BinaryOp::Pipe(Some(p)) => BinaryOp::Pipe(Some(rewrite_pattern(p, d)?)),
                op => op,
            };
            Term::BinOp(boxed(l, d)?, op, boxed(r, d)?)
        }
        Term::Label(x, t) => Term::Label(x, boxed(t, d)?),
        Term::Fold(kind, src, pat, args) => {
            let mut args = rewrite_all(args, d)?;
            if let Some(update) = args.get_mut(1) {
                *update = guard(std::mem::take(update));
            }
            Term::Fold(kind, boxed(src, d)?, rewrite_pattern(pat, d)?, args)
        }
        Term::TryCatch(t, c) => match c {
            Some(c) => Term::Call("__sb_try_catch", vec![rewrite(*t, d)?, rewrite(*c, d)?]),
            None => Term::Call("__sb_try", vec![rewrite(*t, d)?]),
        },
        Term::IfThenElse(branches, els) => Term::IfThenElse(
            branches
                .into_iter()
                .map(|(c, t)| Ok((rewrite(c, d)?, rewrite(t, d)?)))
                .collect::<Result<_, String>>()?,
            match els {
                Some(e) => Some(boxed(e, d)?),
                None => None,
            },
        ),
        Term::Def(defs, body) => Term::Def(
            defs.into_iter()
                .map(|def| {
                    Ok(Def {
                        name: def.name,
                        args: def.args,
                        body: guard(rewrite(def.body, d)?),
                    })
                })
                .collect::<Result<_, String>>()?,
            boxed(body, d)?,
        ),
        Term::Call(name, args) => Term::Call(name, rewrite_all(args, d)?),
        Term::Path(t, path) => {
            let parts = path
                .0
                .into_iter()
                .map(|(part, opt)| {
                    let part = match part {
                        Part::Index(i) => Part::Index(rewrite(i, d)?),
                        Part::Range(a, b) => Part::Range(
                            match a {
                                Some(a) => Some(rewrite(a, d)?),
                                None => None,
                            },
                            match b {
                                Some(b) => Some(rewrite(b, d)?),
                                None => None,
                            },
                        ),
                    };
                    Ok((part, opt))
                })
                .collect::<Result<_, String>>()?;
            Term::Path(boxed(t, d)?, Path(parts))
        }
    })
}
