//! `nl`: number lines of files, in logical pages of header, body and
//! footer sections.
//!
//! Streams line by line. A line that is exactly the delimiter `CC` three,
//! two or one times starts a header, body or footer section: it is written
//! as an empty line and (unless `-p`) the numbering starts again at `-v`.
//! Numbers are `intmax_t`: stepping past it is the `line number overflow`
//! error, raised when the next number is needed, as GNU does. Padding to
//! the `-w` width is written in pieces, never built whole, so a huge width
//! costs output, not memory.

use regex::bytes::Regex;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::lines::{Line, for_each_line};
use crate::common::num::dec_to_int;
use crate::common::regex_tr;
use crate::common::sys::{Fail, Out, Res, Sys};
use sandbash_interpreter::Cancel;

/// The `nl` utility.
pub struct Nl;

/// The options of `nl`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Body,
    Delim,
    Footer,
    Header,
    Incr,
    Join,
    Format,
    NoRenumber,
    Sep,
    Start,
    Width,
}

/// Which lines of a section get a number.
enum Style {
    All,
    NonEmpty,
    None,
    Matching(Regex),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Left,
    Right,
    Zeros,
}

/// Everything the options decide.
struct Opts {
    styles: [Style; 3],
    delim: Vec<u8>,
    incr: i64,
    join: i64,
    format: Format,
    renumber: bool,
    sep: Vec<u8>,
    start: i64,
    width: usize,
}

/// A usage error to report (with the `Try` hint when `hint`).
struct Bad {
    msg: String,
    hint: bool,
}

fn parse_style(v: &str, which: &str) -> Result<Style, Bad> {
    match v {
        "a" => Ok(Style::All),
        "t" => Ok(Style::NonEmpty),
        "n" => Ok(Style::None),
        _ => match v.strip_prefix('p') {
            Some(pat) => regex_tr::compile_bre(pat)
                .map(Style::Matching)
                .map_err(|e| Bad {
                    msg: e.to_string(),
                    hint: false,
                }),
            None => Err(Bad {
                msg: format!(
                    "invalid {which} numbering style: {}",
                    crate::common::quote(v)
                ),
                hint: true,
            }),
        },
    }
}

fn number(v: &str, what: &str, min: i64, max: i64) -> Result<i64, Bad> {
    dec_to_int(v, min, max).map_err(|e| Bad {
        msg: format!("invalid {what}: {}{}", crate::common::quote(v), e.suffix()),
        hint: false,
    })
}

fn parse(p: &Args<Key>) -> Result<Opts, Bad> {
    let mut o = Opts {
        styles: [Style::None, Style::NonEmpty, Style::None],
        delim: b"\\:".to_vec(),
        incr: 1,
        join: 1,
        format: Format::Right,
        renumber: true,
        sep: b"\t".to_vec(),
        start: 1,
        width: 6,
    };
    for (k, v) in p.each() {
        match k {
            Key::Header => o.styles[0] = parse_style(v, "header")?,
            Key::Body => o.styles[1] = parse_style(v, "body")?,
            Key::Footer => o.styles[2] = parse_style(v, "footer")?,
            Key::Delim => {
                let mut d = sandbash_interpreter::bytes::encode(v).into_owned();
                // A lone delimiter character pairs with `:`.
                if d.len() == 1 {
                    d.push(b':');
                }
                o.delim = d;
            }
            Key::Incr => o.incr = number(v, "line number increment", i64::MIN, i64::MAX)?,
            Key::Join => o.join = number(v, "line number of blank lines", 1, i64::MAX)?,
            Key::Format => {
                o.format = match v {
                    "ln" => Format::Left,
                    "rn" => Format::Right,
                    "rz" => Format::Zeros,
                    _ => {
                        return Err(Bad {
                            msg: format!(
                                "invalid line numbering format: {}",
                                crate::common::quote(v)
                            ),
                            hint: true,
                        });
                    }
                }
            }
            Key::NoRenumber => o.renumber = false,
            Key::Sep => o.sep = sandbash_interpreter::bytes::encode(v).into_owned(),
            Key::Start => o.start = number(v, "starting line number", i64::MIN, i64::MAX)?,
            Key::Width => {
                let w = number(v, "line number field width", 1, i64::from(i32::MAX))?;
                o.width = usize::try_from(w).unwrap_or(1);
            }
        }
    }
    Ok(o)
}

impl Command for Nl {
    const NAME: &'static str = "nl";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: "Write each FILE to standard output, with line numbers added.\n\nWith no FILE, or when FILE is -, read standard input.",
        after: "Default options are: -bt -d'\\:' -fn -hn -i1 -l1 -n'rn' -s<TAB> -v1 -w6

CC are two delimiter characters used to construct logical page delimiters;
a missing second character implies ':'.  As a GNU extension one can specify
more than two characters, and also specifying the empty string (-d '')
disables section matching.

STYLE is one of:

  a      number all lines
  t      number only nonempty lines
  n      number no lines
  pBRE   number only lines that contain a match for the basic regular
         expression, BRE

FORMAT is one of:

  ln     left justified, no leading zeros
  rn     right justified, no leading zeros
  rz     right justified, leading zeros
",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'b',
            &["body-numbering"],
            Key::Body,
            "use STYLE for numbering body lines",
        )
        .value("STYLE"),
        Flag::new(
            'd',
            &["section-delimiter"],
            Key::Delim,
            "use CC for logical page delimiters",
        )
        .value("CC"),
        Flag::new(
            'f',
            &["footer-numbering"],
            Key::Footer,
            "use STYLE for numbering footer lines",
        )
        .value("STYLE"),
        Flag::new(
            'h',
            &["header-numbering"],
            Key::Header,
            "use STYLE for numbering header lines",
        )
        .value("STYLE"),
        Flag::new(
            'i',
            &["line-increment"],
            Key::Incr,
            "line number increment at each line",
        )
        .value("NUMBER"),
        Flag::new(
            'l',
            &["join-blank-lines"],
            Key::Join,
            "group of NUMBER empty lines counted as one",
        )
        .value("NUMBER"),
        Flag::new(
            'n',
            &["number-format"],
            Key::Format,
            "insert line numbers according to FORMAT",
        )
        .value("FORMAT"),
        Flag::new(
            'p',
            &["no-renumber"],
            Key::NoRenumber,
            "do not reset line numbers for each section",
        ),
        Flag::new(
            's',
            &["number-separator"],
            Key::Sep,
            "add STRING after (possible) line number",
        )
        .value("STRING"),
        Flag::new(
            'v',
            &["starting-line-number"],
            Key::Start,
            "first line number for each section",
        )
        .value("NUMBER"),
        Flag::new(
            'w',
            &["number-width"],
            Key::Width,
            "use NUMBER columns for line numbers",
        )
        .value("NUMBER"),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let o = match parse(&p) {
            Ok(o) => o,
            Err(b) => {
                sys.diag.error(b.msg);
                if b.hint {
                    sys.diag.try_help();
                }
                return Ok(1);
            }
        };
        let mut st = State {
            next: Some(o.start),
            section: 1,
            blanks: 0,
        };
        let mut overflow = false;
        let status = for_each_line(sys, p.operands, b'\n', |sink, line| {
            match st.line(&o, sink.out, sink.tick.cancel, line) {
                Err(Fail::Memory) if st.next.is_none() => {
                    overflow = true;
                    Err(Fail::Memory)
                }
                r => r,
            }
        });
        match status {
            Err(Fail::Memory) if overflow => {
                sys.out.flush()?;
                sys.diag.error("line number overflow");
                Ok(1)
            }
            s => s,
        }
    }
}

/// The numbering state carried across lines and files.
struct State {
    /// The next number; `None` once stepping overflowed.
    next: Option<i64>,
    /// 0 header, 1 body, 2 footer.
    section: usize,
    /// Empty lines seen since the last numbered one (`-l`).
    blanks: i64,
}

impl State {
    fn line(&mut self, o: &Opts, out: &mut Out<'_>, cancel: &Cancel, line: Line<'_>) -> Res<()> {
        let pad = |out: &mut Out<'_>, b: u8, n: usize| out.repeat(cancel, b, n as u64);
        if !o.delim.is_empty() {
            let d = o.delim.len();
            let t = line.text;
            let section = if t.len() == 3 * d && t.chunks(d).all(|c| c == o.delim.as_slice()) {
                Some(0)
            } else if t.len() == 2 * d && t.chunks(d).all(|c| c == o.delim.as_slice()) {
                Some(1)
            } else if t == o.delim.as_slice() {
                Some(2)
            } else {
                None
            };
            if let Some(s) = section {
                self.section = s;
                if o.renumber {
                    self.next = Some(o.start);
                }
                self.blanks = 0;
                return out.put(b"\n");
            }
        }
        let numbered = match o.styles.get(self.section).unwrap_or(&Style::None) {
            Style::All => {
                if o.join > 1 && line.text.is_empty() {
                    self.blanks += 1;
                    if self.blanks == o.join {
                        self.blanks = 0;
                        true
                    } else {
                        false
                    }
                } else {
                    self.blanks = 0;
                    true
                }
            }
            Style::NonEmpty => !line.text.is_empty(),
            Style::None => false,
            Style::Matching(re) => re.is_match(line.text),
        };
        if numbered {
            // The overflow is reported by `main`, which sees `next` empty.
            let n = self.next.ok_or(Fail::Memory)?;
            let digits = n.to_string();
            let (sign, body) = match digits.strip_prefix('-') {
                Some(b) => ("-", b),
                None => ("", digits.as_str()),
            };
            let fill = o.width.saturating_sub(digits.len());
            match o.format {
                Format::Left => {
                    out.put(digits.as_bytes())?;
                    pad(out, b' ', fill)?;
                }
                Format::Right => {
                    pad(out, b' ', fill)?;
                    out.put(digits.as_bytes())?;
                }
                Format::Zeros => {
                    out.put(sign.as_bytes())?;
                    pad(out, b'0', fill)?;
                    out.put(body.as_bytes())?;
                }
            }
            out.put(&o.sep)?;
            self.next = n.checked_add(o.incr);
        } else {
            pad(out, b' ', o.width.saturating_add(o.sep.len()))?;
        }
        out.put(line.text)?;
        out.put(b"\n")
    }
}

#[cfg(test)]
mod tests {
    use super::Nl;
    use crate::testutil::*;

    #[test]
    fn styles_and_formats() {
        assert_eq!(
            run0(&Nl, &[], b"a\n\nb").out,
            "     1\ta\n       \n     2\tb\n"
        );
        assert_eq!(run0(&Nl, &["-ba", "-w1"], b"a\n\n").out, "1\ta\n2\t\n");
        assert_eq!(run0(&Nl, &["-bn", "-w1"], b"a\n").out, "  a\n");
        assert_eq!(run0(&Nl, &["-bp^a", "-w1"], b"ab\nb\n").out, "1\tab\n  b\n");
        assert_eq!(run0(&Nl, &["-nln", "-w3"], b"x\n").out, "1  \tx\n");
        assert_eq!(run0(&Nl, &["-nrz", "-w4", "-v-5"], b"x\n").out, "-005\tx\n");
        assert_eq!(
            run0(&Nl, &["-s: ", "-w1", "-v10", "-i5"], b"x\ny\n").out,
            "10: x\n15: y\n"
        );
        assert_eq!(
            run0(&Nl, &["-ba", "-l2", "-w1"], b"a\n\n\n\n\nb\n").out,
            "1\ta\n  \n2\t\n  \n3\t\n4\tb\n"
        );
    }

    #[test]
    fn sections() {
        let o = run0(
            &Nl,
            &["-ha", "-fa", "-w1"],
            b"\\:\\:\\:\nh\n\\:\\:\nb\n\\:\nf\n",
        );
        assert_eq!(o.out, "\n1\th\n\n1\tb\n\n1\tf\n");
        let o = run0(&Nl, &["-p", "-w1"], b"a\n\\:\\:\nb\n");
        assert_eq!(o.out, "1\ta\n\n2\tb\n");
        let o = run0(&Nl, &["-d@", "-w1"], b"@@\n@:@:\nx\n");
        assert_eq!(o.out, "1\t@@\n\n1\tx\n");
        let o = run0(&Nl, &["-d", "", "-w1"], b"\\:\\:\n");
        assert_eq!(o.out, "1\t\\:\\:\n");
    }

    #[test]
    fn errors_and_overflow() {
        let o = run0(&Nl, &["-n", "xx"], b"");
        assert_eq!(
            o.err,
            "nl: invalid line numbering format: 'xx'\nTry 'nl --help' for more information.\n"
        );
        let o = run0(&Nl, &["-w", "0"], b"");
        assert_eq!(
            o.err,
            "nl: invalid line number field width: '0': Numerical result out of range\n"
        );
        let o = run0(&Nl, &["-v", "99999999999999999999"], b"");
        assert_eq!(
            o.err,
            "nl: invalid starting line number: '99999999999999999999': Value too large for defined data type\n"
        );
        let o = run0(&Nl, &["-b", "p\\("], b"");
        assert_eq!((o.status, o.err.as_str()), (1, "nl: Unmatched ( or \\(\n"));
        let o = run0(&Nl, &["-v", "9223372036854775807"], b"a\nb\n");
        assert_eq!(o.out, "9223372036854775807\ta\n");
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, "nl: line number overflow\n")
        );
    }
}
