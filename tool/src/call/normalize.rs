//! Rewrites of a command that change nothing a user can see but make the
//! tool's own output handling work, each decided on the parsed script.
//!
//! - `cd DIR && rest` (one line, `DIR` a plain word) becomes `rest` run in
//!   `DIR`: a call's cwd sticks as a `cd` would, so nothing changes but the
//!   error a missing `DIR` gives (the tool's, before anything runs).
//! - A trailing `| tail [-n N | -N | --lines=N]` stage is replaced by
//!   `command cat`: the tail window already shows the end, the whole
//!   output is kept as an artifact, and the pipeline keeps its stages, its
//!   subshells and its exit status (`tail` exits 0, so does `cat`).
//!   `| head` is never dropped: the window shows the end, not the start,
//!   and `head` also stops its producer (`yes | head`).
//! - A trailing `2>&1` on the last command is dropped when it is that
//!   command's only redirection of fd 1 or 2: the merged `output` is the
//!   same either way, written in the same order.
//!
//! Every rewrite re-parses the new text and checks it has the expected
//! shape; anything unusual (quotes, here-documents, expansions in the
//! words concerned, a syntax error) leaves the command as it was.

use sandbash_interpreter::ast::{Command, Pipeline, Redirect, RedirectKind, Script, Word};
use sandbash_interpreter::syntax::parse;

/// Parser nesting allowed while deciding a rewrite.
const PARSE_DEPTH: u32 = 200;

/// Which rewrites a host allows; all on by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Normalization {
    /// `cd DIR && rest` becomes `cwd` when the call gave none.
    pub cd_prefix: bool,
    /// A trailing `| tail ...` is dropped.
    pub trailing_tail: bool,
    /// A trailing, redundant `2>&1` is dropped.
    pub trailing_stderr_merge: bool,
}

impl Default for Normalization {
    fn default() -> Self {
        Self {
            cd_prefix: true,
            trailing_tail: true,
            trailing_stderr_merge: true,
        }
    }
}

fn literal(w: &Word) -> Option<&str> {
    if w.braces.is_some() {
        return None;
    }
    w.literal.as_deref()
}

fn parse_ok(text: &str) -> Option<Script> {
    parse(text, PARSE_DEPTH).ok()
}

/// `cd DIR && rest` on one line: `(DIR, rest)`.
pub fn split_cd(command: &str) -> Option<(String, String)> {
    let text = command.trim();
    if text.contains('\n') || !text.starts_with("cd") {
        return None;
    }
    let script = parse_ok(text)?;
    let [item] = script.list.as_slice() else {
        return None;
    };
    let ao = &item.and_or;
    if item.background
        || ao.rest.is_empty()
        || ao.rest[0].0 != sandbash_interpreter::ast::Connector::And
    {
        return None;
    }
    let dir = cd_target(&ao.first)?;
    let at = text.find("&&")?;
    let (head, rest) = (&text[..at], text[at + 2..].trim());
    // The text before the first `&&` must be that same `cd DIR` alone.
    let head_script = parse_ok(head)?;
    let [head_item] = head_script.list.as_slice() else {
        return None;
    };
    if !head_item.and_or.rest.is_empty() || cd_target(&head_item.and_or.first)? != dir {
        return None;
    }
    let rest_script = parse_ok(rest)?;
    let [rest_item] = rest_script.list.as_slice() else {
        return None;
    };
    (!rest_item.background && rest_item.and_or.rest.len() + 1 == ao.rest.len())
        .then(|| (dir.to_owned(), rest.to_owned()))
}

/// The `DIR` of a pipeline that is exactly `cd DIR` with a plain word.
fn cd_target(p: &Pipeline) -> Option<&str> {
    let [Command::Simple(sc)] = p.commands.as_slice() else {
        return None;
    };
    if p.bang || !sc.assigns.is_empty() || !sc.redirects.is_empty() {
        return None;
    }
    let [cd, dir] = sc.words.as_slice() else {
        return None;
    };
    let dir = literal(dir)?;
    (literal(cd)? == "cd" && !dir.is_empty() && !dir.starts_with('-')).then_some(dir)
}

/// The last pipeline of a script's last item, when it runs in the
/// foreground.
fn last_pipeline(script: &Script) -> Option<&Pipeline> {
    let item = script.list.last()?;
    if item.background {
        return None;
    }
    Some(
        item.and_or
            .rest
            .last()
            .map_or(&item.and_or.first, |(_, p)| p),
    )
}

/// Whether `args` are options of `tail` that only pick a line count.
fn tail_counts_lines(args: &[&str]) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match args {
        [] => true,
        [a] => {
            a.strip_prefix("-n").is_some_and(digits)
                || a.strip_prefix("--lines=").is_some_and(digits)
                || a.strip_prefix('-').is_some_and(digits)
        }
        [flag, n] => (*flag == "-n" || *flag == "--lines") && digits(n),
        _ => false,
    }
}

/// The command with a trailing `| tail ...` stage replaced by
/// `command cat`, and the stage as written.
pub fn drop_trailing_tail(command: &str) -> Option<(String, String)> {
    let text = command.trim_end();
    if !text.contains("tail") {
        return None;
    }
    let script = parse_ok(text)?;
    let p = last_pipeline(&script)?;
    let (Some(Command::Simple(sc)), true) = (p.commands.last(), p.commands.len() >= 2) else {
        return None;
    };
    if p.bang || !sc.assigns.is_empty() || !sc.redirects.is_empty() {
        return None;
    }
    let words: Vec<&str> = sc.words.iter().map(literal).collect::<Option<_>>()?;
    let (name, args) = words.split_first()?;
    if *name != "tail" || !tail_counts_lines(args) {
        return None;
    }
    let bar = text.rfind('|')?;
    if text[..bar].ends_with('|') || text[bar + 1..].split_whitespace().ne(words.iter().copied()) {
        return None;
    }
    let new = format!("{}| command cat", &text[..bar]);
    let again = parse_ok(&new)?;
    let q = last_pipeline(&again)?;
    (q.commands.len() == p.commands.len() && again.list.len() == script.list.len())
        .then(|| (new, text[bar..].trim().to_owned()))
}

/// True for a redirection that sends fd 1 or 2 somewhere.
fn touches_out_or_err(r: &Redirect) -> bool {
    match &r.kind {
        RedirectKind::Write(_)
        | RedirectKind::Clobber(_)
        | RedirectKind::Append(_)
        | RedirectKind::ReadWrite(_)
        | RedirectKind::DupOutput(_) => matches!(r.fd, None | Some(1) | Some(2)),
        RedirectKind::DupInput(_) => matches!(r.fd, Some(1) | Some(2)),
        RedirectKind::OutputAndError(..) => true,
        RedirectKind::Read(_) | RedirectKind::HereDoc(_) | RedirectKind::HereString(_) => false,
    }
}

fn is_err_to_out(r: &Redirect) -> bool {
    matches!(&r.kind, RedirectKind::DupOutput(w) if literal(w) == Some("1")) && r.fd == Some(2)
}

/// The command without a redundant trailing `2>&1`.
pub fn drop_trailing_stderr_merge(command: &str) -> Option<String> {
    let text = command.trim_end();
    let head = text.strip_suffix("2>&1")?;
    if !head.ends_with([' ', '\t']) {
        return None;
    }
    let script = parse_ok(text)?;
    let last = last_pipeline(&script)?.commands.last()?;
    let redirects = match last {
        Command::Simple(sc) => &sc.redirects,
        Command::Compound(_, r) => r,
        Command::FuncDef(_) => return None,
    };
    let (merge, others) = redirects.split_last()?;
    if !is_err_to_out(merge) || others.iter().any(touches_out_or_err) {
        return None;
    }
    let new = head.trim_end().to_owned();
    let again = parse_ok(&new)?;
    let after = last_pipeline(&again)?.commands.last()?;
    let left = match after {
        Command::Simple(sc) => sc.redirects.len(),
        Command::Compound(_, r) => r.len(),
        Command::FuncDef(_) => return None,
    };
    (left + 1 == redirects.len() && again.list.len() == script.list.len()).then_some(new)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cd_prefix() {
        assert_eq!(
            split_cd("cd src && ls -l"),
            Some(("src".into(), "ls -l".into()))
        );
        assert_eq!(
            split_cd("  cd /tmp/x && make && echo ok "),
            Some(("/tmp/x".into(), "make && echo ok".into()))
        );
        for kept in [
            "cd src; ls",
            "cd src || ls",
            "cd src && ls &",
            "cd src\nls",
            "cd && ls",
            "cd - && ls",
            "cd $D && ls",
            "cd ~/x && ls",
            "cd 'a&&b' && ls",
            "cd src && ls; pwd",
            "cd a b && ls",
            "echo cd src && ls",
            "cd src > f && ls",
        ] {
            assert_eq!(split_cd(kept), None, "{kept}");
        }
    }

    #[test]
    fn trailing_tail() {
        let dropped = |c: &str| drop_trailing_tail(c).map(|(t, _)| t);
        assert_eq!(
            dropped("seq 100 | tail -n 5"),
            Some("seq 100 | command cat".into())
        );
        assert_eq!(
            dropped("make 2>&1 | tail -20"),
            Some("make 2>&1 | command cat".into())
        );
        assert_eq!(dropped("a | b | tail"), Some("a | b | command cat".into()));
        assert_eq!(
            drop_trailing_tail("x | tail --lines=3 ").map(|(_, s)| s),
            Some("| tail --lines=3".into())
        );
        for kept in [
            "seq 10 | head -n 3",
            "tail -n 5 f",
            "seq 10 | tail -n +3",
            "seq 10 | tail -f",
            "seq 10 | tail -n 5 f",
            "seq 10 | tail -n 5 > out",
            "seq 10 | tail -n $N",
            "seq 10 | tail -n 5 &",
            "! seq 10 | tail",
            "seq 10 | tail; echo",
            "seq 10 || tail",
            "cat <<E | tail\nx\nE",
        ] {
            assert_eq!(dropped(kept), None, "{kept}");
        }
    }

    #[test]
    fn trailing_stderr_merge() {
        assert_eq!(drop_trailing_stderr_merge("make 2>&1"), Some("make".into()));
        assert_eq!(
            drop_trailing_stderr_merge("a; b 2>&1  "),
            Some("a; b".into())
        );
        assert_eq!(
            drop_trailing_stderr_merge("{ a; b; } 2>&1"),
            Some("{ a; b; }".into())
        );
        for kept in [
            "make > log 2>&1",
            "make 2>/dev/null 2>&1",
            "make 2>&1 | grep x",
            "make 2>&1 &",
            "echo 2>&1x",
            "echo '2>&1'",
            "make 1>&2 2>&1",
            "make &> f 2>&1",
        ] {
            assert_eq!(drop_trailing_stderr_merge(kept), None, "{kept}");
        }
    }
}
