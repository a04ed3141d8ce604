//! `cut`: print selected bytes, characters or fields of each line.
//!
//! Lines are read one at a time within the run's memory budget
//! ([`for_each_line`]); a line longer than the budget stops the run on its
//! memory limit. In the C locale `-c` counts bytes, as GNU does.
//! The list is parsed by [`parse_list`] (GNU's `set_fields`), so its
//! ranges are sorted and merged and output follows input order.

use sandbash_interpreter::bytes::encode;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::lines::for_each_line;
use crate::common::ranges::{Range, complement, parse_list};
use crate::common::sys::{Res, Sys};

/// The `cut` utility: `-b -c -f -d -s -z -n --complement
/// --output-delimiter`.
pub struct Cut;

/// The options of `cut`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Bytes,
    Chars,
    Delim,
    Fields,
    Ignored,
    Complement,
    OnlyDelimited,
    OutputDelim,
    Zero,
}

/// What the list counts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Bytes,
    Fields,
}

impl Command for Cut {
    const NAME: &'static str = "cut";
    const HELP: Help = Help {
        usage: &["OPTION... [FILE]..."],
        about: "Print selected parts of lines from each FILE to standard output.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.",
        after: "Use one, and only one of -b, -c or -f.  Each LIST is made up of one
range, or many ranges separated by commas.  Selected input is written
in the same order that it is read, and is written exactly once.
Each range is one of:

  N     N'th byte, character or field, counted from 1
  N-    from N'th byte, character or field, to end of line
  N-M   from N'th to M'th (included) byte, character or field
  -M    from first to M'th (included) byte, character or field",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('b', &["bytes"], Key::Bytes, "select only these bytes").value("LIST"),
        Flag::new('c', &["characters"], Key::Chars, "select only these characters")
            .value("LIST"),
        Flag::new(
            'd',
            &["delimiter"],
            Key::Delim,
            "use DELIM instead of TAB for field delimiter",
        )
        .value("DELIM"),
        Flag::new(
            'f',
            &["fields"],
            Key::Fields,
            "select only these fields;  also print any line\n  that contains no delimiter character, unless\n  the -s option is specified",
        )
        .value("LIST"),
        Flag::new('n', &[], Key::Ignored, "(ignored)"),
        Flag::long(
            &["complement"],
            Key::Complement,
            "complement the set of selected bytes, characters\n  or fields",
        ),
        Flag::new(
            's',
            &["only-delimited"],
            Key::OnlyDelimited,
            "do not print lines not containing delimiters",
        ),
        Flag::long(
            &["output-delimiter"],
            Key::OutputDelim,
            "use STRING as the output delimiter\n  the default is to use the input delimiter",
        )
        .value("STRING"),
        Flag::new(
            'z',
            &["zero-terminated"],
            Key::Zero,
            "line delimiter is NUL, not newline",
        ),
    ];

    fn main(sys: &mut Sys<'_>, args: Args<Key>) -> Res<i32> {
        let mut mode = None;
        let mut list = String::new();
        let mut delim: Option<u8> = None;
        let mut out_delim: Option<Vec<u8>> = None;
        let (mut compl, mut suppress, mut eol) = (false, false, b'\n');
        for (k, v) in args.each() {
            match k {
                Key::Bytes | Key::Chars | Key::Fields => {
                    if mode.is_some() {
                        return usage(sys, "only one list may be specified");
                    }
                    mode = Some(if k == Key::Fields {
                        Mode::Fields
                    } else {
                        Mode::Bytes
                    });
                    list = v.to_string();
                }
                Key::Delim => {
                    let b = encode(v);
                    match b.len() {
                        0 => delim = Some(0),
                        1 => delim = b.first().copied(),
                        _ => return usage(sys, "the delimiter must be a single character"),
                    }
                }
                Key::OutputDelim => {
                    // GNU reads an empty output delimiter as a NUL byte.
                    let b = encode(v).into_owned();
                    out_delim = Some(if b.is_empty() { vec![0] } else { b });
                }
                Key::Complement => compl = true,
                Key::OnlyDelimited => suppress = true,
                Key::Zero => eol = 0,
                Key::Ignored => {}
            }
        }
        let Some(mode) = mode else {
            return usage(
                sys,
                "you must specify a list of bytes, characters, or fields",
            );
        };
        if delim.is_some() && mode != Mode::Fields {
            return usage(
                sys,
                "an input delimiter may be specified only when operating on fields",
            );
        }
        if suppress && mode != Mode::Fields {
            return usage(
                sys,
                "suppressing non-delimited lines makes sense\n\tonly when operating on fields",
            );
        }
        let mut ranges = match parse_list(&list, mode == Mode::Bytes) {
            Ok(r) => r,
            Err(e) => return usage(sys, e),
        };
        if compl {
            ranges = complement(&ranges);
        }
        let mut line_out = Vec::new();
        match mode {
            Mode::Bytes => for_each_line(sys, args.operands, eol, |s, line| {
                line_out.clear();
                cut_bytes(&ranges, out_delim.as_deref(), line.text, &mut line_out);
                line_out.push(eol);
                s.out.put(&line_out)
            }),
            Mode::Fields => {
                let delim = delim.unwrap_or(b'\t');
                let out_delim = out_delim.unwrap_or_else(|| vec![delim]);
                for_each_line(sys, args.operands, eol, |s, line| {
                    if !line.text.contains(&delim) {
                        if !suppress {
                            s.out.put(line.text)?;
                            s.out.put(&[eol])?;
                        }
                        return Ok(());
                    }
                    line_out.clear();
                    cut_fields(&ranges, delim, &out_delim, line.text, &mut line_out);
                    line_out.push(eol);
                    s.out.put(&line_out)
                })
            }
        }
    }
}

fn usage(sys: &mut Sys<'_>, msg: impl std::fmt::Display) -> Res<i32> {
    sys.diag.usage(msg);
    Ok(1)
}

/// Appends the selected bytes of `text` to `out`, `out_delim` between
/// separate ranges.
fn cut_bytes(ranges: &[Range], out_delim: Option<&[u8]>, text: &[u8], out: &mut Vec<u8>) {
    let len = text.len() as u64;
    let mut first = true;
    for r in ranges {
        if r.lo > len {
            break;
        }
        let hi = r.hi.min(len);
        // Both ends are within `text`, so the conversions hold.
        let (a, b) = (
            usize::try_from(r.lo - 1).unwrap_or(0),
            usize::try_from(hi).unwrap_or(0),
        );
        if let Some(d) = out_delim
            && !first
        {
            out.extend_from_slice(d);
        }
        first = false;
        out.extend_from_slice(text.get(a..b).unwrap_or(&[]));
    }
}

/// Appends the selected fields of `text` (which holds `delim`) to `out`,
/// joined by `out_delim`.
fn cut_fields(ranges: &[Range], delim: u8, out_delim: &[u8], text: &[u8], out: &mut Vec<u8>) {
    let mut rs = ranges.iter().peekable();
    let mut first = true;
    for (i, field) in text.split(|&b| b == delim).enumerate() {
        let n = i as u64 + 1;
        while rs.peek().is_some_and(|r| r.hi < n) {
            rs.next();
        }
        let Some(r) = rs.peek() else { break };
        if r.lo <= n {
            if !first {
                out.extend_from_slice(out_delim);
            }
            first = false;
            out.extend_from_slice(field);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Cut;
    use crate::testutil::*;

    #[test]
    fn bytes_and_ranges() {
        assert_eq!(run0(&Cut, &["-b", "2-4"], b"abcdef\nxy\n").out, "bcd\ny\n");
        assert_eq!(
            run0(&Cut, &["-b", "5-7,1-2,6,2-3"], b"abcdefgh\n").out,
            "abcefg\n"
        );
        assert_eq!(
            run0(
                &Cut,
                &["-c", "1-2,5-6", "--output-delimiter=:"],
                b"abcdefgh\n"
            )
            .out,
            "ab:ef\n"
        );
        assert_eq!(
            run0(&Cut, &["-b", "2-4", "--complement"], b"abcdefgh").out,
            "aefgh\n"
        );
    }

    #[test]
    fn fields() {
        assert_eq!(
            run0(&Cut, &["-d:", "-f2"], b"a:b\nnodelim\nc:d").out,
            "b\nnodelim\nd\n"
        );
        assert_eq!(
            run0(&Cut, &["-s", "-d:", "-f2"], b"a:b\nnodelim\n").out,
            "b\n"
        );
        assert_eq!(
            run0(
                &Cut,
                &["-d:", "-f1,3-4", "--output-delimiter= | "],
                b"a:b:c:d\n"
            )
            .out,
            "a | c | d\n"
        );
        assert_eq!(
            run0(&Cut, &["-d:", "--complement", "-f2"], b"a:b:c:d\n").out,
            "a:c:d\n"
        );
        assert_eq!(run0(&Cut, &["-d", "", "-f2"], b"a\0b\n").out, "b\n");
        assert_eq!(
            run0(&Cut, &["-z", "-d:", "-f2"], b"a:b\0c:d\0").out,
            "b\0d\0"
        );
        assert_eq!(run0(&Cut, &["-f2"], b"a\tb\tc\n").out, "b\n");
    }

    #[test]
    fn errors() {
        let o = run0(&Cut, &[], b"");
        assert_eq!(
            o.err,
            "cut: you must specify a list of bytes, characters, or fields\nTry 'cut --help' for more information.\n"
        );
        assert_eq!(o.status, 1);
        let o = run0(&Cut, &["-b1", "-f1"], b"");
        assert!(o.err.starts_with("cut: only one list may be specified\n"));
        let o = run0(&Cut, &["-c1", "-s"], b"");
        assert!(o.err.starts_with(
            "cut: suppressing non-delimited lines makes sense\n\tonly when operating on fields\n"
        ));
        let o = run0(&Cut, &["-d", "ab", "-f1"], b"");
        assert!(
            o.err
                .starts_with("cut: the delimiter must be a single character\n")
        );
        let o = run0(&Cut, &["-b", "3-1"], b"");
        assert!(o.err.starts_with("cut: invalid decreasing range\n"));
    }
}
