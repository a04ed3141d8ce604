//! Commands as bash prints them, following bash's `print_cmd.c`: a
//! function's text (`declare -f`, `type`, `command -V`, `export -f`), a
//! list's (a process substitution, a `$( )` body) and the texts of
//! redirections, which the parser records as it reads.
//!
//! The printer walks the tree of `ast.rs` and imports nothing else of the
//! front end. What it shows that running does not need is recorded by
//! the parser as it reads ([`crate::ast::Shown`], [`crate::ast::CommandText`]):
//! a simple command's and a `[[ ]]`'s text, case patterns, redirections of
//! compound commands, whether a list item ended at a newline. The words it
//! shows itself (a `case` subject, `for` words) go through the [`WordText`]
//! it is handed, which prints their `$( )` bodies as bash keeps them
//! (`syntax::shown` parses them; that is where parsing and printing meet).
//!
//! - `command`: lists, pipelines, simple commands and functions;
//! - `compound`: compound commands;
//! - `redirect`: redirections' texts.
//!
//! Invariant: the texts are those of the old printer over brush-parser's
//! tree (`syntax/old_print.rs`, tests and the fuzz targets only), checked
//! by `syntax::shown::tests::the_printer_prints_as_the_old_one_on_the_corpora`.

mod command;
mod compound;
mod redirect;

use std::borrow::Cow;

pub(crate) use redirect::{
    FileOp, FileTarget, file_redirect_text, here_string_text, heredoc_body_text, heredoc_text,
    output_and_error_text,
};

use crate::ast::{FuncDef, List};
use command::Printer;

/// How the printer shows a word it prints itself, with its `$( )` bodies
/// printed to the given depth.
pub(crate) type WordText = for<'w> fn(&'w str, u32) -> Cow<'w, str>;

/// `f` as `name () { ... }`, its words shown by `word` to `depth`
/// (without a final newline).
pub(crate) fn function_listing(name: &str, f: &FuncDef, depth: u32, word: WordText) -> String {
    Printer::new(depth, false, word).function(name, f)
}

/// A list as a command at the left margin (a process substitution's or a
/// `$( )` body's), its words shown by `word` to `depth`.
pub(crate) fn list_text(list: &List, depth: u32, word: WordText) -> String {
    let mut p = Printer::new(depth, true, word);
    p.skip_next();
    p.list(list);
    p.finish()
}

/// A word with its `$'...'` parts as bash keeps them after reading: the
/// escapes decoded, in single quotes (`$'a\tb'` is `'a<TAB>b'`). A word
/// with a command substitution is left as written.
pub(crate) fn ansi_c_quoted(word: &str) -> Cow<'_, str> {
    if !word.contains("$'") || word.contains("$(") || word.contains('`') {
        return Cow::Borrowed(word);
    }
    let mut out = String::with_capacity(word.len());
    let mut chars = word.chars().peekable();
    let mut double = false;
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                out.push(c);
                out.extend(chars.next());
            }
            '"' => {
                double = !double;
                out.push(c);
            }
            '\'' if !double => {
                out.push(c);
                for q in chars.by_ref() {
                    out.push(q);
                    if q == '\'' {
                        break;
                    }
                }
            }
            '$' if !double && chars.peek() == Some(&'\'') => {
                chars.next();
                let mut body = String::new();
                while let Some(q) = chars.next() {
                    match q {
                        '\\' => {
                            body.push(q);
                            body.extend(chars.next());
                        }
                        '\'' => break,
                        q => body.push(q),
                    }
                }
                let text = crate::escapes::ansi_c(&body);
                out.push('\'');
                out.push_str(&text.replace('\'', "'\\''"));
                out.push('\'');
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}
