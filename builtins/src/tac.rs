//! `tac`: concatenate and print files in reverse, record by record.
//!
//! Each operand is read whole (as GNU does for a pipe, which it copies to
//! a temporary file): the records can only be written last first once the
//! end is known. The bytes held are charged to the run's memory budget.
//!
//! A separator is found searching backwards from the end, each match
//! confined to the text before the previous match, as GNU's backward
//! `re_search` does: `printf a12b345c6 | tac -r -s '[0-9]+'` gives
//! `c654b32a1` because `5` is the last match before `6`, and so on. Empty
//! regex matches are not separators.

use regex::bytes::Regex;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::headed::ReadFail;
use crate::common::input::{open_input, or_stdin, read_all_within};
use crate::common::regex_tr;
use crate::common::sys::{Res, Sys, io_msg};

/// The `tac` utility: `-b`, `-r`, `-s SEP`.
pub struct Tac;

/// The options of `tac`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Before,
    Regex,
    Separator,
}

/// How records are delimited.
enum Sep {
    /// A fixed string (never empty).
    Bytes(Vec<u8>),
    /// A regular expression, anchored at each tried start.
    Regex(Regex),
}

impl Sep {
    /// The last match lying wholly in `text[..limit]`, as `(start, end)`.
    fn last_before(
        &self,
        text: &[u8],
        limit: usize,
        tick: &mut crate::common::sys::Ticker<'_>,
    ) -> Res<Option<(usize, usize)>> {
        let hay = text.get(..limit).unwrap_or(text);
        match self {
            Sep::Bytes(s) => {
                if s.len() == 1 {
                    let b = s.first().copied().unwrap_or(b'\n');
                    return Ok(hay.iter().rposition(|&c| c == b).map(|i| (i, i + 1)));
                }
                let mut start = hay.len().checked_sub(s.len());
                while let Some(p) = start {
                    tick.tick()?;
                    if hay.get(p..p + s.len()) == Some(s.as_slice()) {
                        return Ok(Some((p, p + s.len())));
                    }
                    start = p.checked_sub(1);
                }
                Ok(None)
            }
            Sep::Regex(re) => {
                let mut p = hay.len();
                while p > 0 {
                    p -= 1;
                    tick.tick()?;
                    let rest = hay.get(p..).unwrap_or(&[]);
                    if let Some(m) = re.find(rest)
                        && m.start() == 0
                        && !m.is_empty()
                    {
                        return Ok(Some((p, p + m.end())));
                    }
                }
                Ok(None)
            }
        }
    }
}

/// Rewrites a separator in GNU regex's default (Emacs) syntax, where `+`
/// and `?` are operators, `\{` is literal and `\|` `\(` `\)` group, into
/// a basic regular expression for [`regex_tr::bre`].
fn emacs_to_bre(pat: &str) -> String {
    let mut out = String::with_capacity(pat.len() + 4);
    let mut chars = pat.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('{') => out.push('{'),
                Some('}') => out.push('}'),
                Some(d) => {
                    out.push('\\');
                    out.push(d);
                }
                None => out.push('\\'),
            },
            '+' | '?' => {
                out.push('\\');
                out.push(c);
            }
            '[' => {
                // A bracket expression is copied as it is: a leading `^`
                // and a first `]` belong to it, `[:class:]` too.
                out.push('[');
                if chars.peek() == Some(&'^') {
                    out.push('^');
                    chars.next();
                }
                if chars.peek() == Some(&']') {
                    out.push(']');
                    chars.next();
                }
                while let Some(d) = chars.next() {
                    out.push(d);
                    if d == '[' && matches!(chars.peek(), Some(':' | '=' | '.')) {
                        let mut prev = ' ';
                        for e in chars.by_ref() {
                            out.push(e);
                            if e == ']' && matches!(prev, ':' | '=' | '.') {
                                break;
                            }
                            prev = e;
                        }
                    } else if d == ']' {
                        break;
                    }
                }
            }
            _ => out.push(c),
        }
    }
    out
}

impl Command for Tac {
    const NAME: &'static str = "tac";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: "Write each FILE to standard output, last line first.\n\nWith no FILE, or when FILE is -, read standard input.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'b',
            &["before"],
            Key::Before,
            "attach the separator before instead of after",
        ),
        Flag::new(
            'r',
            &["regex"],
            Key::Regex,
            "interpret the separator as a regular expression",
        ),
        Flag::new(
            's',
            &["separator"],
            Key::Separator,
            "use STRING as the separator instead of newline",
        )
        .value("STRING"),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let before = p.has(Key::Before);
        let sep_text = p.last(Key::Separator).unwrap_or("\n");
        let sep = if p.has(Key::Regex) {
            if sep_text.is_empty() {
                sys.diag.error("separator cannot be empty");
                return Ok(1);
            }
            match regex_tr::compile_bre(&emacs_to_bre(sep_text)) {
                Ok(re) => Sep::Regex(re),
                Err(e) => {
                    sys.diag.error(e);
                    return Ok(1);
                }
            }
        } else {
            let b = sandbash_interpreter::bytes::encode(sep_text).into_owned();
            // GNU takes the separator as a C string: an empty one is NUL.
            Sep::Bytes(if b.is_empty() { vec![0] } else { b })
        };
        let mut status = 0;
        for op in or_stdin(p.operands) {
            let mut charge = sys.charge();
            let mut text = Vec::new();
            let read = match open_input(&mut *sys.stdin, sys.fs, sys.cwd, &op) {
                Ok(mut input) => read_all_within(
                    &mut input,
                    &mut text,
                    &mut charge,
                    sys.memory,
                    sys.tick.cancel,
                ),
                Err(e) if e.kind == sandbash_vfs::FsErrorKind::IsADirectory => {
                    sys.diag
                        .error(format_args!("{op}: read error: Invalid argument"));
                    status = 1;
                    continue;
                }
                Err(e) => {
                    sys.diag.error(format_args!(
                        "failed to open '{op}' for reading: {}",
                        e.kind
                    ));
                    status = 1;
                    continue;
                }
            };
            match read {
                Ok(()) => {}
                Err(ReadFail::Stop(f)) => return Err(f),
                Err(ReadFail::Read(e)) => {
                    sys.diag
                        .error(format_args!("{op}: read error: {}", io_msg(&e)));
                    status = 1;
                    continue;
                }
            }
            write_reversed(sys, &sep, &text, before)?;
        }
        Ok(status)
    }
}

/// Writes the records of `text`, last first.
fn write_reversed(sys: &mut Sys<'_>, sep: &Sep, text: &[u8], before: bool) -> Res<()> {
    // `end` is where the record being cut ends; `limit` bounds the search.
    let mut end = text.len();
    let mut limit = text.len();
    while let Some((s, e)) = sep.last_before(text, limit, &mut sys.tick)? {
        let start = if before { s } else { e };
        sys.out.put(text.get(start..end).unwrap_or(&[]))?;
        end = start;
        limit = s;
    }
    sys.out.put(text.get(..end).unwrap_or(&[]))
}

#[cfg(test)]
mod tests {
    use super::Tac;
    use crate::testutil::*;

    #[test]
    fn lines_and_separators() {
        assert_eq!(run0(&Tac, &[], b"1\n2\n3\n").out, "3\n2\n1\n");
        assert_eq!(run0(&Tac, &[], b"1\n2\n3").out, "32\n1\n");
        assert_eq!(run0(&Tac, &["-b"], b"a\nb\nc\n").out, "\n\nc\nba");
        assert_eq!(run0(&Tac, &["-s", ","], b"a,b,c").out, "cb,a,");
        assert_eq!(run0(&Tac, &["-b", "-s", ","], b",a,b,c").out, ",c,b,a");
        assert_eq!(run0(&Tac, &["-s", "XY"], b"oneXYtwoXY").out, "twoXYoneXY");
        assert_eq!(run0(&Tac, &["-s", ""], b"a\0b\0").out, "b\0a\0");
    }

    #[test]
    fn regex_separators_match_backwards() {
        assert_eq!(
            run0(&Tac, &["-r", "-s", "[0-9]+"], b"a12b345c6").out,
            "c654b32a1"
        );
        assert_eq!(
            run0(&Tac, &["-r", "-s", "\\(1\\|2\\)"], b"a1b2c3").out,
            "c3b2a1"
        );
        assert_eq!(run0(&Tac, &["-r", "-s", "2{"], b"a1b2{c3").out, "c3a1b2{");
        assert_eq!(run0(&Tac, &["-r", "-s", "a*"], b"aab").out, "baa");
        let o = run0(&Tac, &["-r", "-s", ""], b"x");
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, "tac: separator cannot be empty\n")
        );
    }

    #[test]
    fn files_and_errors() {
        let fs = TestFs::new();
        fs.file("f1", b"a\nb\n").file("f2", b"c\nd\n").dir("d");
        let o = run(&Tac, &["f1", "nosuch", "f2", "d"], b"", &fs);
        assert_eq!(o.out, "b\na\nd\nc\n");
        assert_eq!(
            o.err,
            "tac: failed to open 'nosuch' for reading: No such file or directory\ntac: d: read error: Invalid argument\n"
        );
        assert_eq!(o.status, 1);
    }

    #[test]
    fn input_beyond_the_budget_stops() {
        let big = vec![b'x'; 64 * 1024];
        let o = run_with(
            &Tac,
            &[],
            &TestFs::new(),
            Harness {
                stdin: &big,
                memory: Some(std::sync::Arc::new(
                    sandbash_interpreter::memory::MemoryBudget::new(4096),
                )),
                ..Harness::default()
            },
        );
        assert_eq!(o.status, 1);
        assert!(o.err.contains("memory exhausted"));
    }
}
