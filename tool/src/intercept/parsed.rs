//! The default interception rules, matched on the parsed script: command
//! names with their arguments and redirections, in every list element,
//! pipeline stage, compound body, subshell and function body. Text inside
//! quotes or arguments (`echo "cat f"`, `git commit -m "grep it"`) is
//! never a command, so it is never blocked.

use sandbash_interpreter::ast::{
    Command, Compound, List, Redirect, RedirectKind, SimpleCommand, Word,
};
use sandbash_interpreter::syntax::parse;

/// What a default rule suggests instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suggested {
    /// Reading a file: `cat f`, `head f`, `tail f`, `less f`, `more f`.
    Read,
    /// Searching files: `grep -r x .`, `rg x`, `ag x`, `ack x`.
    Search,
    /// Finding files by name or type: `find . -name x`, `fd`, `locate`.
    Find,
    /// Editing in place: `sed -i`, `perl -i`, `awk -i inplace`.
    Edit,
    /// Writing a file: `echo`/`printf`/`cat <<` redirected to a file.
    Write,
}

impl Suggested {
    /// The tool's name as hosts list it.
    pub fn tool(self) -> &'static str {
        match self {
            Self::Read => "read",
            Self::Search => "search",
            Self::Find => "find",
            Self::Edit => "edit",
            Self::Write => "write",
        }
    }

    /// The message a block carries.
    pub fn message(self) -> &'static str {
        match self {
            Self::Read => "read files with the read tool, not cat, head, tail, less or more",
            Self::Search => "search file contents with the search tool, not grep, rg, ag or ack",
            Self::Find => "find files with the find tool, not find, fd or locate",
            Self::Edit => "edit files with the edit tool, not sed -i, perl -i or awk -i inplace",
            Self::Write => {
                "write files with the write tool, not echo, printf or cat redirected to a file"
            }
        }
    }
}

fn text(w: &Word) -> Option<&str> {
    w.literal.as_deref()
}

/// Arguments that are neither options nor the values of the options in
/// `valued` (unknown words count as operands).
fn operands(args: &[Word], valued: &[&str]) -> usize {
    let mut count = 0;
    let mut skip = false;
    for w in args {
        if std::mem::take(&mut skip) {
            continue;
        }
        match text(w) {
            Some(t) if t.starts_with('-') && t != "-" => skip = valued.contains(&t),
            _ => count += 1,
        }
    }
    count
}

/// Options of the readers that take a separate value.
const READER_VALUED: &[&str] = &["-n", "-c", "--lines", "--bytes"];

/// Options of grep that take a separate value.
const GREP_VALUED: &[&str] = &[
    "-e",
    "-f",
    "-m",
    "-A",
    "-B",
    "-C",
    "--regexp",
    "--file",
    "--max-count",
    "--context",
    "--include",
    "--exclude",
    "--label",
];

fn has_flag(args: &[Word], pred: impl Fn(&str) -> bool) -> bool {
    args.iter().filter_map(text).any(pred)
}

/// Output sent to a file (not `/dev/null`, not another descriptor).
fn writes_a_file(redirects: &[Redirect]) -> bool {
    redirects.iter().any(|r| match &r.kind {
        RedirectKind::Write(w) | RedirectKind::Clobber(w) | RedirectKind::Append(w) => {
            matches!(r.fd, None | Some(1)) && text(w) != Some("/dev/null")
        }
        RedirectKind::OutputAndError(w, _) => text(w) != Some("/dev/null"),
        _ => false,
    })
}

fn has_heredoc(redirects: &[Redirect]) -> bool {
    redirects
        .iter()
        .any(|r| matches!(r.kind, RedirectKind::HereDoc(_)))
}

/// The rule a simple command breaks, if any.
fn simple(sc: &SimpleCommand) -> Option<Suggested> {
    let (name, args) = sc.words.split_first()?;
    let name = text(name)?;
    let name = name.rsplit('/').next().unwrap_or(name);
    match name {
        "cat" if has_heredoc(&sc.redirects) && writes_a_file(&sc.redirects) => {
            Some(Suggested::Write)
        }
        "cat" | "head" | "tail" | "less" | "more" if operands(args, READER_VALUED) > 0 => {
            Some(Suggested::Read)
        }
        "grep" | "egrep" | "fgrep" => {
            let pattern_given = has_flag(args, |a| a == "-e" || a == "-f");
            let recursive = has_flag(args, |a| {
                a.starts_with('-') && !a.starts_with("--") && (a.contains('r') || a.contains('R'))
                    || a == "--recursive"
            });
            let files = operands(args, GREP_VALUED).saturating_sub(usize::from(!pattern_given));
            (files > 0 || recursive).then_some(Suggested::Search)
        }
        "rg" | "ripgrep" | "ag" | "ack" => Some(Suggested::Search),
        "find" => has_flag(args, |a| {
            matches!(
                a,
                "-name" | "-iname" | "-type" | "-path" | "-ipath" | "-regex" | "-wholename"
            )
        })
        .then_some(Suggested::Find),
        "fd" | "fdfind" | "locate" => Some(Suggested::Find),
        "sed" => has_flag(args, |a| {
            a == "--in-place"
                || a.starts_with("--in-place=")
                || (a.starts_with('-') && !a.starts_with("--") && a.contains('i'))
        })
        .then_some(Suggested::Edit),
        "perl" => has_flag(args, |a| {
            a.starts_with('-') && !a.starts_with("--") && a.contains('i')
        })
        .then_some(Suggested::Edit),
        "awk" | "gawk" => {
            let words: Vec<&str> = args.iter().filter_map(text).collect();
            words
                .windows(2)
                .any(|w| w[0] == "-i" && w[1] == "inplace")
                .then_some(Suggested::Edit)
        }
        "echo" | "printf" if writes_a_file(&sc.redirects) => Some(Suggested::Write),
        _ => None,
    }
}

fn list(l: &List, out: &mut Vec<Suggested>) {
    for item in l {
        let ao = &item.and_or;
        for p in std::iter::once(&ao.first).chain(ao.rest.iter().map(|(_, p)| p)) {
            for c in &p.commands {
                command(c, out);
            }
        }
    }
}

fn command(c: &Command, out: &mut Vec<Suggested>) {
    match c {
        Command::Simple(sc) => out.extend(simple(sc)),
        Command::Compound(c, _) => compound(c, out),
        Command::FuncDef(f) => compound(&f.body, out),
    }
}

fn compound(c: &Compound, out: &mut Vec<Suggested>) {
    match c {
        Compound::Brace(l) | Compound::Subshell(l) => list(l, out),
        Compound::If {
            branches,
            otherwise,
        } => {
            for (cond, body) in branches {
                list(cond, out);
                list(body, out);
            }
            if let Some(o) = otherwise {
                list(o, out);
            }
        }
        Compound::While { cond, body, .. } => {
            list(cond, out);
            list(body, out);
        }
        Compound::For { body, .. }
        | Compound::Select { body, .. }
        | Compound::ArithFor { body, .. } => list(body, out),
        Compound::Case { items, .. } => {
            for item in items {
                list(&item.body, out);
            }
        }
        Compound::Coproc { body, .. } => command(body, out),
        Compound::Arith(_) | Compound::Test(..) => {}
    }
}

/// The default rules `command` breaks, in script order. A script that
/// does not parse breaks none (it will fail on its own).
pub fn check(command: &str) -> Vec<Suggested> {
    let mut out = Vec::new();
    if let Ok(script) = parse(command, 200) {
        list(&script.list, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::Suggested::*;
    use super::*;

    #[test]
    fn blocks_commands_not_text() {
        let cases: &[(&str, &[Suggested])] = &[
            ("cat f", &[Read]),
            ("x=1; cat f | wc -l", &[Read]),
            ("{ cat f; }", &[Read]),
            ("(head -n 3 f)", &[Read]),
            ("f() { tail f; }", &[Read]),
            ("if true; then less f; fi", &[Read]),
            ("for i in 1; do more f; done", &[Read]),
            ("/bin/cat f", &[Read]),
            ("echo \"cat f\"", &[]),
            ("git commit -m \"grep it\"", &[]),
            ("echo cat f", &[]),
            ("ls | cat", &[]),
            ("seq 3 | head -n 1", &[]),
            ("seq 3 | tail -c 5", &[]),
            ("head -n 1 f", &[Read]),
            ("ls | grep -m 1 x", &[]),
            ("grep -rn TODO .", &[Search]),
            ("grep x f", &[Search]),
            ("grep -e x f", &[Search]),
            ("ls | grep x", &[]),
            ("rg foo", &[Search]),
            ("find . -name '*.rs'", &[Find]),
            ("find . -newer f", &[]),
            ("fd x", &[Find]),
            ("sed -i s/a/b/ f", &[Edit]),
            ("sed -n 1p f", &[]),
            ("perl -pi -e s/a/b/ f", &[Edit]),
            ("awk -i inplace '{print}' f", &[Edit]),
            ("echo hi > f", &[Write]),
            ("printf x >> f", &[Write]),
            ("echo hi > /dev/null", &[]),
            ("echo hi >&2", &[]),
            ("cat <<EOF > f\nx\nEOF", &[Write]),
            ("cat <<EOF\nx\nEOF", &[]),
            ("echo 'unterminated", &[]),
        ];
        for (script, want) in cases {
            assert_eq!(check(script), *want, "{script}");
        }
    }
}
