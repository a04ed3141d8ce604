//! Redirections and process substitutions: the node, and the texts bash
//! and brush-parser show for it.

use super::{G, Parser, Span};
use crate::ast::Shown;
use crate::ast::{List, Redirect, RedirectKind, RedirectText, Word};
use crate::print::{self, FileOp, FileTarget};
use crate::syntax::lexer::{Kind, Op};
use crate::syntax::shown;
use crate::syntax::words::fd_var_name;

/// A redirection read: its node, and how it is shown.
pub(super) struct Redir {
    pub(super) node: Redirect,
    /// As bash prints it in a command's text.
    pub(super) shown: String,
    /// A here-document's body and delimiter line as bash prints them after
    /// the command.
    pub(super) doc: Option<String>,
    /// As brush-parser writes it (a function's kept source).
    pub(super) brush: String,
}

impl Redir {
    /// The nodes of `list`, a compound command's or function's
    /// redirections, each keeping how it is shown.
    pub(super) fn nodes(list: Vec<Self>) -> Vec<Redirect> {
        list.into_iter()
            .map(|r| Redirect {
                shown: Shown(Some(Box::new(RedirectText {
                    text: r.shown,
                    doc: r.doc,
                }))),
                ..r.node
            })
            .collect()
    }

    /// The `2>&1` a `|&` after a command adds to it.
    pub(super) fn stderr_to_stdout() -> Self {
        Self {
            node: Redirect {
                fd: Some(2),
                var: None,
                kind: RedirectKind::DupOutput(Word::literal("1".to_owned())),
                text: "1".to_owned(),
                shown: Shown(None),
            },
            shown: print::file_redirect_text(Some(2), FileOp::DupOutput, &FileTarget::Fd(1)),
            doc: None,
            brush: "2>& 1".to_owned(),
        }
    }
}

/// `io_file`'s operators.
fn file_op(op: Op) -> Option<FileOp> {
    Some(match op {
        Op::Less => FileOp::Read,
        Op::LessAnd => FileOp::DupInput,
        Op::Great => FileOp::Write,
        Op::GreatAnd => FileOp::DupOutput,
        Op::DGreat => FileOp::Append,
        Op::LessGreat => FileOp::ReadWrite,
        Op::Clobber => FileOp::Clobber,
        _ => return None,
    })
}

impl<'t> Parser<'t> {
    /// Whether a redirection starts at `at`: an operator of one, or digits
    /// written against a `<` or `>` operator.
    pub(super) fn starts_redirect(&self, at: usize) -> bool {
        match self.tok(at).map(|t| t.kind) {
            Some(Kind::Op(op)) => op.is_redirection(),
            Some(_) => self.io_number_at(at).is_some(),
            None => false,
        }
    }

    /// The digits at `at` when written right against a following `<` or
    /// `>` operator, and fitting a descriptor number: digits past that
    /// are a word, as in bash. So are digits against a process
    /// substitution (`3<(cmd)` is the word `3/dev/fd/63`: bash's
    /// `read_token_word` reads `<(` on as part of the word).
    fn io_number_at(&self, at: usize) -> Option<i32> {
        let w = self.word_text(at)?;
        if !w.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let num = self.tok(at)?;
        let next = self.tok(at + 1)?;
        let Kind::Op(op) = next.kind else {
            return None;
        };
        if !(op.as_str().starts_with(['<', '>']) && next.start == num.end) {
            return None;
        }
        let proc_sub = matches!(op, Op::Less | Op::Great)
            && self
                .tok(at + 2)
                .is_some_and(|p| p.start == next.end && self.op_at(at + 2, Op::LParen));
        if proc_sub {
            super::deviation::note(super::deviation::Deviation::DigitsBeforeProcSub);
            return None;
        }
        w.parse().ok()
    }

    /// A compound command's redirections. Each may name its descriptor's
    /// variable, as a simple command's may (`done {fd}<file`).
    pub(super) fn redirect_list(&mut self) -> G<Vec<Redir>> {
        let mut list = Vec::new();
        loop {
            let var = self.fd_var_at(self.pos);
            if var.is_some() {
                super::deviation::note(super::deviation::Deviation::NamedFdOnCompound);
                self.pos += 1;
            } else if !self.starts_redirect(self.pos) {
                return Ok(list);
            }
            let mut r = self.io_redirect()?;
            if let Some(var) = var {
                r.shown = format!("{{{var}}}{}", r.shown);
                r.brush = format!("{{{var}}}{}", r.brush);
                r.node.var = Some(var.to_owned());
            }
            list.push(r);
        }
    }

    /// The variable the word at `at` names when it is `{name}` written
    /// right against a redirection operator that takes one (not `&>`,
    /// `&>>` or a process substitution), as bash's `read_token_word`.
    pub(super) fn fd_var_at(&self, at: usize) -> Option<&'t str> {
        let text = self.word_text(at)?;
        let var = fd_var_name(text)?;
        let end = self.tok(at)?.end;
        let next = at + 1;
        let touches = matches!(self.src.as_bytes().get(end as usize), Some(b'<' | b'>'));
        (touches
            && matches!(self.tok(next).map(|t| t.kind), Some(Kind::Op(_)))
            && self.starts_redirect(next)
            && !self.op_at(next, Op::AndGreat)
            && !self.op_at(next, Op::AndDGreat)
            && !((self.op_at(next, Op::Less) || self.op_at(next, Op::Great))
                && self.op_at(next + 1, Op::LParen)))
        .then_some(var)
    }

    pub(super) fn io_redirect(&mut self) -> G<Redir> {
        let n = self.io_number_at(self.pos);
        if n.is_some() {
            self.pos += 1;
        }
        let Some(Kind::Op(op)) = self.tok(self.pos).map(|t| t.kind) else {
            return self.fail();
        };
        let fd_text = n.map(|n| n.to_string()).unwrap_or_default();
        if let Some(fop) = file_op(op) {
            self.pos += 1;
            let dup = matches!(fop, FileOp::DupInput | FileOp::DupOutput);
            let (word, text, shown, brush_target) = if dup {
                let Some(w) = self.take_word().and_then(|w| self.word_text(w)) else {
                    return self.fail();
                };
                let shown = print::file_redirect_text(n, fop, &FileTarget::Dup(w));
                (self.word(w), w.to_owned(), shown, w.to_owned())
            } else if (self.op_at(self.pos, Op::Less) || self.op_at(self.pos, Op::Great))
                && self.op_at(self.pos + 1, Op::LParen)
            {
                let (write, list, _, body, printed) = self.process_substitution()?;
                let shown = print::file_redirect_text(n, fop, &FileTarget::ProcSub(&printed));
                let text = if write { ">(...)" } else { "<(...)" };
                let brush = format!("{}( {body} )", if write { ">" } else { "<" });
                (
                    crate::syntax::words::proc_sub_word(write, list),
                    text.to_owned(),
                    shown,
                    brush,
                )
            } else {
                let Some(w) = self.take_word().and_then(|w| self.word_text(w)) else {
                    return self.fail();
                };
                let printed = shown::shown_word(w);
                let shown = print::file_redirect_text(n, fop, &FileTarget::File(&printed));
                (self.word(w), w.to_owned(), shown, w.to_owned())
            };
            let kind = match fop {
                FileOp::Read => RedirectKind::Read(word),
                FileOp::Write => RedirectKind::Write(word),
                FileOp::Append => RedirectKind::Append(word),
                FileOp::ReadWrite => RedirectKind::ReadWrite(word),
                FileOp::Clobber => RedirectKind::Clobber(word),
                FileOp::DupInput => RedirectKind::DupInput(word),
                FileOp::DupOutput => RedirectKind::DupOutput(word),
            };
            return Ok(Redir {
                node: Redirect {
                    fd: n,
                    var: None,
                    kind,
                    text,
                    shown: Shown(None),
                },
                shown,
                doc: None,
                brush: format!("{fd_text}{} {brush_target}", op.as_str()),
            });
        }
        if n.is_none() && matches!(op, Op::AndGreat | Op::AndDGreat) {
            self.pos += 1;
            let Some(w) = self.take_word().and_then(|w| self.word_text(w)) else {
                return self.fail();
            };
            let append = op == Op::AndDGreat;
            let shown = print::output_and_error_text(w, append);
            return Ok(Redir {
                node: Redirect {
                    fd: None,
                    var: None,
                    kind: RedirectKind::OutputAndError(self.word(w), append),
                    text: w.to_owned(),
                    shown: Shown(None),
                },
                brush: shown.clone(),
                shown,
                doc: None,
            });
        }
        if op == Op::TLess {
            self.pos += 1;
            let Some(w) = self.take_word().and_then(|w| self.word_text(w)) else {
                return self.fail();
            };
            return Ok(Redir {
                node: Redirect {
                    fd: n,
                    var: None,
                    kind: RedirectKind::HereString(self.unbraced(w)),
                    text: w.to_owned(),
                    shown: Shown(None),
                },
                shown: print::here_string_text(n, w),
                doc: None,
                brush: format!("{fd_text}<<< {w}"),
            });
        }
        if matches!(op, Op::DLess | Op::DLessDash) {
            self.pos += 1;
            let tag = self.take_word();
            let doc = self.tok(self.pos).map(|_| self.pos);
            if doc.is_some() {
                self.pos += 1;
            }
            let close = self.take_word();
            let (Some(tag), Some(doc), Some(_)) = (tag, doc, close) else {
                return self.fail();
            };
            let tag = self.word_text(tag).unwrap_or_default();
            let body = self.tok(doc).map(|t| self.text(t)).unwrap_or_default();
            let remove_tabs = op == Op::DLessDash;
            let node = if self.failed() {
                None
            } else {
                let expanded = !tag.contains(['\'', '"', '\\']);
                let r = self.words.heredoc(n, remove_tabs, expanded, body);
                self.keep(r)
            };
            let node = node.unwrap_or(Redirect {
                fd: n,
                var: None,
                kind: RedirectKind::HereString(Word::default()),
                text: String::new(),
                shown: Shown(None),
            });
            let dash = if remove_tabs { "-" } else { "" };
            let shown = print::heredoc_text(n, remove_tabs, tag);
            let doc = print::heredoc_body_text(remove_tabs, body, tag);
            let node = Redirect {
                shown: Shown(Some(Box::new(RedirectText {
                    text: shown.clone(),
                    doc: Some(doc.clone()),
                }))),
                ..node
            };
            return Ok(Redir {
                node,
                shown,
                doc: Some(doc),
                brush: format!("{fd_text}<<{dash}{tag}\n{body}{tag}\n"),
            });
        }
        self.fail()
    }

    /// `<(list)` or `>(list)`: whether it writes, its list, the span of
    /// its parentheses, the text between them, and the substitution as
    /// bash prints it (its words one `$( )` level further in, as a print
    /// reads them: see `shown::shown_word`).
    pub(super) fn process_substitution(&mut self) -> G<(bool, List, Span, &'t str, String)> {
        let write = if self.op(Op::Less) {
            false
        } else if self.op(Op::Great) {
            true
        } else {
            return self.fail();
        };
        shown::one_level_in(|| {
            let (list, span, inner) = self.subshell()?;
            // Bash keeps `<((...) )` as written (its reader takes `((` for
            // arithmetic first); any other body is printed.
            let shown = if inner.starts_with('(') {
                format!("{}({inner})", if write { '>' } else { '<' })
            } else {
                if newline_near_redirections_only(&list) {
                    super::deviation::note(super::deviation::Deviation::ProcSubNewlinesKept);
                }
                shown::proc_sub_text(write, &list)
            };
            #[cfg(test)]
            shown::record_proc_sub(write, inner, &shown);
            Ok((write, list, span, inner, shown))
        })
    }
}

/// Whether `list` has a newline between items and a pipeline holding a
/// command of redirections without words (where the old path prints
/// `; `: [`Deviation::ProcSubNewlinesKept`]).
fn newline_near_redirections_only(list: &crate::ast::List) -> bool {
    let newline = list.iter().rev().skip(1).any(|i| i.newline.0);
    newline
        && list.iter().any(|i| {
            std::iter::once(&i.and_or.first)
                .chain(i.and_or.rest.iter().map(|(_, p)| p))
                .flat_map(|p| &p.commands)
                .any(|c| {
                    matches!(c, crate::ast::Command::Simple(s)
                        if s.words.is_empty() && !s.redirects.is_empty())
                })
        })
}
