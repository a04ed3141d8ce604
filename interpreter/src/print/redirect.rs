//! Redirections as bash prints them: the descriptor shown where bash
//! shows it, here-document operators with their delimiters, their bodies
//! after the line.

use super::command::Printer;
use crate::ast::Redirect;

impl<'a> Printer<'a> {
    /// Bash's `print_redirection_list` for a compound command's or a
    /// function's redirections (a simple command's are in its text).
    pub(super) fn redirects(&mut self, list: &'a [Redirect]) {
        self.was_heredoc = false;
        let mut docs = Vec::new();
        for (i, r) in list.iter().enumerate() {
            if i > 0 {
                self.push(" ");
            }
            if let Some(shown) = r.shown.0.as_deref() {
                self.push(&shown.text);
                docs.extend(shown.doc.as_deref());
            }
        }
        self.heredocs(docs);
    }
}

/// A here-document's delimiter without its quotes, and whether it was
/// quoted (bash shows a quoted one in single quotes).
fn delimiter(raw: &str) -> (String, bool) {
    let quoted = raw.contains(['\'', '"', '\\']);
    let mut out = String::new();
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {}
            '\\' => out.extend(chars.next()),
            c => out.push(c),
        }
    }
    (out, quoted)
}

/// A here-document's operator as bash prints it (`<<'E'` when the
/// delimiter `raw` was quoted), its descriptor shown unless 0.
pub(crate) fn heredoc_text(fd: Option<i32>, remove_tabs: bool, raw: &str) -> String {
    let fd = fd.filter(|n| *n != 0).map(|n| n.to_string());
    let dash = if remove_tabs { "-" } else { "" };
    let (delim, quoted) = delimiter(raw);
    if quoted {
        format!("{}<<{dash}'{delim}'", fd.unwrap_or_default())
    } else {
        format!("{}<<{dash}{delim}", fd.unwrap_or_default())
    }
}

/// A here-document's body as bash prints it after the line: tabs
/// stripped for `<<-`, then the delimiter line.
pub(crate) fn heredoc_body_text(remove_tabs: bool, body: &str, raw: &str) -> String {
    let mut out = if remove_tabs {
        strip_tabs(body)
    } else {
        body.to_owned()
    };
    out.push_str(&delimiter(raw).0);
    out.push('\n');
    out
}

fn strip_tabs(body: &str) -> String {
    body.split_inclusive('\n')
        .map(|l| l.trim_start_matches('\t'))
        .collect()
}

/// A file redirection's operator, for printing.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum FileOp {
    Read,
    Write,
    Append,
    Clobber,
    ReadWrite,
    DupInput,
    DupOutput,
}

/// What a file redirection names, for printing.
pub(crate) enum FileTarget<'a> {
    /// A descriptor number (`|&`'s `2>&1`).
    Fd(i32),
    /// A duplication's word as written.
    Dup(&'a str),
    /// A file's word, as printed.
    File(&'a str),
    /// A process substitution, as printed.
    ProcSub(&'a str),
}

/// A file redirection as bash prints it: the descriptor shown unless it
/// is the operator's default, except for duplications, closings and
/// `<>`, which always show it.
pub(crate) fn file_redirect_text(fd: Option<i32>, op: FileOp, target: &FileTarget<'_>) -> String {
    let fd_unless = |default: i32| match fd {
        Some(n) if n != default => n.to_string(),
        _ => String::new(),
    };
    let (op_text, default) = match op {
        FileOp::Read => ("<", 0),
        FileOp::Write => (">", 1),
        FileOp::Append => (">>", 1),
        FileOp::Clobber => (">|", 1),
        FileOp::ReadWrite => ("<>", 0),
        FileOp::DupInput => ("<&", 0),
        FileOp::DupOutput => (">&", 1),
    };
    let fd_always = fd.unwrap_or(default);
    match *target {
        FileTarget::Fd(n) => format!("{fd_always}{op_text}{n}"),
        FileTarget::Dup(v) => {
            let digits = v.trim_end_matches('-');
            if v == "-" {
                format!("{fd_always}>&-")
            } else if !digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit()) {
                format!("{fd_always}{op_text}{v}")
            } else {
                format!("{}{op_text}{v}", fd_unless(default))
            }
        }
        FileTarget::File(t) if op == FileOp::ReadWrite => format!("{fd_always}{op_text} {t}"),
        FileTarget::File(t) | FileTarget::ProcSub(t) => {
            format!("{}{op_text} {t}", fd_unless(default))
        }
    }
}

/// `&> word` (or `&>>`) as bash prints it.
pub(crate) fn output_and_error_text(word: &str, append: bool) -> String {
    format!("&>{} {word}", if append { ">" } else { "" })
}

/// `<<< word` as bash prints it.
pub(crate) fn here_string_text(fd: Option<i32>, word: &str) -> String {
    let fd = match fd {
        Some(n) if n != 0 => n.to_string(),
        _ => String::new(),
    };
    format!("{fd}<<< {word}")
}
