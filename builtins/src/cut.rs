//! `cut`: print selected bytes, characters or fields of each line.
//!
//! `-b` and `-c` stream chunk by chunk and never hold a line ([`ByteState`]),
//! as GNU's `cut_bytes` does; in the C locale `-c` counts bytes. `-f` reads
//! a line at a time within the run's memory budget ([`for_each_line`]),
//! since whether a line holds a delimiter decides what is printed; a line
//! longer than the budget stops the run on its memory limit.
//! The list is parsed by [`parse_list`] (GNU's `set_fields`), so its
//! ranges are sorted and merged and output follows input order.

use sandbash_interpreter::bytes::encode;

use crate::common::chunks::read_chunks;
use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::input::or_stdin;
use crate::common::lines::for_each_line;
use crate::common::ranges::{Cursor, Range, complement, parse_list};
use crate::common::sys::{Res, Sys, hold};

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
        Flag::zero_terminated(Key::Zero),
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
            Mode::Bytes => {
                let mut status = 0;
                let mut buf = vec![0u8; 64 * 1024];
                for op in or_stdin(args.operands) {
                    let mut st = ByteState::default();
                    let end = read_chunks(sys, &op, &mut buf, |out, chunk| {
                        line_out.clear();
                        st.feed(&ranges, out_delim.as_deref(), eol, chunk, &mut line_out);
                        out.put(&line_out)
                    })?;
                    // An unterminated last line still ends with the terminator.
                    if st.pos > 0 {
                        sys.out.put(&[eol])?;
                    }
                    if end.failed() {
                        status = 1;
                    }
                }
                Ok(status)
            }
            Mode::Fields => {
                let delim = delim.unwrap_or(b'\t');
                let out_delim = out_delim.unwrap_or_else(|| vec![delim]);
                if delim == eol {
                    return whole_records(sys, args.operands, eol, suppress, &ranges, &out_delim);
                }
                for_each_line(sys, args.operands, eol, |s, line| {
                    if memchr::memchr(delim, line.text).is_none() {
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

/// `-f` when the delimiter is the line terminator (`-d $'\n'`, `-z -d ''`):
/// as in GNU, each operand is one record whose fields are its lines (a
/// final terminator ends the last field rather than starting another),
/// so the operand is held, charged to the memory budget.
fn whole_records(
    sys: &mut Sys<'_>,
    operands: Vec<String>,
    eol: u8,
    suppress: bool,
    ranges: &[Range],
    out_delim: &[u8],
) -> Res<i32> {
    let mut status = 0;
    let mut charge = sys.charge();
    for op in or_stdin(operands) {
        let mut fields: Vec<Vec<u8>> = Vec::new();
        let mut delimited = false;
        let mut held = 0u64;
        status |= for_each_line(sys, vec![op], eol, |_, line| {
            held = held.saturating_add(line.text.len() as u64 + 24);
            hold(&mut charge, held)?;
            delimited |= line.terminated;
            fields.push(line.text.to_vec());
            Ok(())
        })?;
        if fields.is_empty() {
            continue;
        }
        if !delimited {
            if !suppress {
                for f in &fields {
                    sys.out.put(f)?;
                }
                sys.out.put(&[eol])?;
            }
            continue;
        }
        let mut cursor = Cursor::new(ranges);
        let mut first = true;
        for (i, f) in fields.iter().enumerate() {
            sys.tick.tick()?;
            let Some(picked) = cursor.at(i as u64 + 1) else {
                break;
            };
            if picked {
                if !first {
                    sys.out.put(out_delim)?;
                }
                first = false;
                sys.out.put(f)?;
            }
        }
        sys.out.put(&[eol])?;
    }
    Ok(status)
}

fn usage(sys: &mut Sys<'_>, msg: impl std::fmt::Display) -> Res<i32> {
    sys.diag.usage(msg);
    Ok(1)
}

/// Where `cut -b` is in the current line: bytes are streamed, never held,
/// so a line of any length costs nothing (GNU's `cut_bytes` reads byte by
/// byte; this reads chunks and copies the selected runs).
#[derive(Default)]
struct ByteState {
    /// Bytes of the current line seen so far.
    pos: u64,
    /// Whether something of the current line was printed (the output
    /// delimiter goes only between printed ranges).
    printed: bool,
}

impl ByteState {
    /// Appends what `chunk` selects to `out`, each line ending in `eol`.
    fn feed(
        &mut self,
        ranges: &[Range],
        out_delim: Option<&[u8]>,
        eol: u8,
        chunk: &[u8],
        out: &mut Vec<u8>,
    ) {
        let mut rest = chunk;
        while !rest.is_empty() {
            let (seg, ended) = match memchr::memchr(eol, rest) {
                Some(i) => (rest.get(..i).unwrap_or(&[]), true),
                None => (rest, false),
            };
            self.segment(ranges, out_delim, seg, out);
            rest = rest.get(seg.len() + usize::from(ended)..).unwrap_or(&[]);
            if ended {
                out.push(eol);
                self.pos = 0;
                self.printed = false;
            }
        }
    }

    /// The bytes of `seg`, at positions `pos + 1 ..= pos + len` of the line.
    fn segment(
        &mut self,
        ranges: &[Range],
        out_delim: Option<&[u8]>,
        seg: &[u8],
        out: &mut Vec<u8>,
    ) {
        let first = self.pos + 1;
        let last = self.pos + seg.len() as u64;
        for r in ranges {
            if r.lo > last {
                break;
            }
            if r.hi < first {
                continue;
            }
            let (a, b) = (r.lo.max(first), r.hi.min(last));
            if let Some(d) = out_delim
                && a == r.lo
                && self.printed
            {
                out.extend_from_slice(d);
            }
            self.printed = true;
            // Both ends are within `seg`, so the conversions hold.
            let (i, j) = (
                usize::try_from(a - first).unwrap_or(0),
                usize::try_from(b - first + 1).unwrap_or(0),
            );
            out.extend_from_slice(seg.get(i..j).unwrap_or(&[]));
        }
        self.pos = last;
    }
}

/// Appends the selected fields of `text` (which holds `delim`) to `out`,
/// joined by `out_delim`; stops at the last selected field.
fn cut_fields(ranges: &[Range], delim: u8, out_delim: &[u8], text: &[u8], out: &mut Vec<u8>) {
    let mut cursor = Cursor::new(ranges);
    let mut first = true;
    let mut start = 0;
    let ends = memchr::memchr_iter(delim, text).chain(std::iter::once(text.len()));
    for (i, end) in ends.enumerate() {
        let Some(picked) = cursor.at(i as u64 + 1) else {
            break;
        };
        if picked {
            if !first {
                out.extend_from_slice(out_delim);
            }
            first = false;
            out.extend_from_slice(text.get(start..end).unwrap_or(&[]));
        }
        start = end + 1;
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
        // Chunk boundaries fall inside ranges: a line longer than a chunk.
        let mut long = vec![b'x'; 200_000];
        long.extend_from_slice(b"\nab\n");
        let o = run0(
            &Cut,
            &["-b", "1,65536-65537,199999-", "--output-delimiter=:"],
            &long,
        );
        assert_eq!(o.out, "x:xx:xx\na\n");
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
        assert_eq!(
            run0(&Cut, &["-d", "\n", "-f1,3"], b"a\nb\nc\n").out,
            "a\nc\n"
        );
        assert_eq!(run0(&Cut, &["-d", "\n", "-f5"], b"a\nb\n").out, "\n");
        assert_eq!(run0(&Cut, &["-s", "-d", "\n", "-f1"], b"a").out, "");
        assert_eq!(run0(&Cut, &["-z", "-d", "", "-f2"], b"a\0b").out, "b\0");
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
