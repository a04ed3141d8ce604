//! `wc`: print newline, word, and byte counts for each file.

use sandbash_interpreter::UtilityContext;
use sandbash_vfs::FileKind;

use crate::common::chunks::{ChunksEnd, read_chunks};
use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::headed::ReadFail;
use crate::common::input::{open_input, or_stdin, read_all_within};
use crate::common::locale::utf8_locale;
use crate::common::quote;
use crate::common::sys::{Res, Sys, io_msg};

/// The `wc` utility: `-c -m -l -w -L`, `--total=auto|always|only|never`,
/// `--files0-from=F`.
/// Words are runs of printable or non-ASCII bytes separated by white
/// space; `-m` counts UTF-8 characters.
pub struct Wc;

/// The options of `wc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Bytes,
    Chars,
    Lines,
    Words,
    MaxLineLength,
    Total,
    Files0From,
}

impl Command for Wc {
    const NAME: &'static str = "wc";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]..."],
        about: "Print newline, word, and byte counts for each FILE, and a total line if
more than one FILE is specified.  A word is a non-zero-length sequence of
printable characters delimited by white space.

With no FILE, or when FILE is -, read standard input.

The options below may be used to select which counts are printed, always in
the following order: newline, word, character, byte, maximum line length.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('c', &["bytes"], Key::Bytes, "print the byte counts"),
        Flag::new('m', &["chars"], Key::Chars, "print the character counts"),
        Flag::new('l', &["lines"], Key::Lines, "print the newline counts"),
        Flag::new(
            'L',
            &["max-line-length"],
            Key::MaxLineLength,
            "print the maximum display width",
        ),
        Flag::new('w', &["words"], Key::Words, "print the word counts"),
        Flag::long(
            &["total"],
            Key::Total,
            "when to print a line with total counts;\n  WHEN can be: auto, always, only, never",
        )
        .value("WHEN"),
        Flag::long(
            &["files0-from"],
            Key::Files0From,
            "read input from the files specified by\n  NUL-terminated names in file F;\n  If F is - then read names from standard input",
        )
        .value("F"),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        main(sys, p)
    }
}

#[derive(Clone, Copy, Default)]
struct Counts {
    lines: u64,
    words: u64,
    chars: u64,
    bytes: u64,
    max_len: u64,
}

#[derive(Default)]
struct Counter {
    c: Counts,
    in_word: bool,
    col: u64,
    /// Only bytes and newlines are shown: count those alone (`wc -l`,
    /// `wc -c`, `wc -lc`), at memchr's speed rather than byte by byte.
    fast: bool,
    /// The locale is not UTF-8 (`LC_ALL=C`): every byte is a character
    /// for `-m`, as GNU counts there.
    bytes_are_chars: bool,
}

impl Counter {
    fn feed(&mut self, chunk: &[u8]) {
        if self.fast {
            self.c.bytes += chunk.len() as u64;
            self.c.lines += memchr::memchr_iter(b'\n', chunk).count() as u64;
            return;
        }
        self.c.bytes += chunk.len() as u64;
        for &b in chunk {
            let lead = b & 0xC0 != 0x80;
            if lead || self.bytes_are_chars {
                self.c.chars += 1;
            }
            match b {
                b'\n' => {
                    self.c.lines += 1;
                    self.c.max_len = self.c.max_len.max(self.col);
                    self.col = 0;
                    self.in_word = false;
                }
                b'\r' | 0x0c => {
                    self.c.max_len = self.c.max_len.max(self.col);
                    self.col = 0;
                    self.in_word = false;
                }
                b'\t' => {
                    self.col = (self.col / 8 + 1) * 8;
                    self.in_word = false;
                }
                b' ' | 0x0b => {
                    self.col += 1;
                    self.in_word = false;
                }
                0..=31 | 127 => {}
                _ => {
                    // In the C locale a byte past ASCII is no printable
                    // character: it has no width for -L.
                    if lead && !(self.bytes_are_chars && b >= 0x80) {
                        self.col += 1;
                    }
                    if !self.in_word {
                        self.in_word = true;
                        self.c.words += 1;
                    }
                }
            }
        }
    }

    fn done(mut self) -> Counts {
        self.c.max_len = self.c.max_len.max(self.col);
        self.c
    }
}

#[derive(Clone, Copy)]
struct Show {
    lines: bool,
    words: bool,
    chars: bool,
    bytes: bool,
    max_len: bool,
}

fn render(show: Show, c: &Counts, width: usize, name: Option<&str>) -> String {
    let mut fields = Vec::new();
    for (on, v) in [
        (show.lines, c.lines),
        (show.words, c.words),
        (show.chars, c.chars),
        (show.bytes, c.bytes),
        (show.max_len, c.max_len),
    ] {
        if on {
            fields.push(format!("{v:>width$}"));
        }
    }
    let mut s = fields.join(" ");
    if let Some(n) = name {
        s.push(' ');
        s.push_str(n);
    }
    s.push('\n');
    s
}

fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
    let mut show = Show {
        lines: p.has(Key::Lines),
        words: p.has(Key::Words),
        chars: p.has(Key::Chars),
        bytes: p.has(Key::Bytes),
        max_len: p.has(Key::MaxLineLength),
    };
    if !(show.lines || show.words || show.chars || show.bytes || show.max_len) {
        (show.lines, show.words, show.bytes) = (true, true, true);
    }
    let total_mode = match p.last(Key::Total).unwrap_or("auto") {
        "auto" => "auto",
        "always" => "always",
        "only" => "only",
        "never" => "never",
        other => {
            sys.diag.usage(format_args!(
                "invalid argument '{other}' for '--total'\nValid arguments are:\n  - 'auto'\n  - 'always'\n  - 'only'\n  - 'never'"
            ));
            return Ok(1);
        }
    };
    // `--files0-from=F`: the operands are F's NUL-terminated names.
    let mut skipped = 0usize;
    let (no_operands, operands) = match p.last(Key::Files0From) {
        None => (p.operands.is_empty(), or_stdin(p.operands)),
        Some(list) => {
            if let Some(x) = p.operands.first() {
                sys.diag.error(format_args!("extra operand {}", quote(x)));
                sys.diag
                    .raw(b"file operands cannot be combined with --files0-from\n");
                sys.diag.try_help();
                return Ok(1);
            }
            let list = list.to_string();
            match files0(sys, &list)? {
                Some((names, bad)) => {
                    skipped = bad;
                    (false, names)
                }
                None => return Ok(1),
            }
        }
    };
    let nshown = [show.lines, show.words, show.chars, show.bytes, show.max_len]
        .iter()
        .filter(|b| **b)
        .count();

    // Column width, computed like GNU from the sizes of the operands.
    let width = if operands.len() == 1 && nshown == 1 {
        1
    } else {
        let mut min_width = 1usize;
        let mut regular_total: u64 = 0;
        let mut first_failed = false;
        for (i, op) in operands.iter().enumerate() {
            if UtilityContext::is_stdin(op) {
                match sys.stdin_file_size {
                    Some(size) => regular_total += size,
                    None => min_width = 7,
                }
                continue;
            }
            match sys.resolve(op).and_then(|p| sys.fs.metadata(&p)) {
                Ok(m) if m.kind == FileKind::File => regular_total += m.size,
                Ok(_) => min_width = 7,
                Err(_) => {
                    if i == 0 {
                        first_failed = true;
                    }
                }
            }
        }
        if first_failed {
            1
        } else {
            regular_total.to_string().len().max(min_width)
        }
    };

    let mut status = i32::from(skipped > 0);
    let mut total = Counts::default();
    let mut buf = vec![0u8; 32 * 1024];
    for op in &operands {
        let mut counter = Counter {
            fast: !(show.words || show.chars || show.max_len),
            bytes_are_chars: !utf8_locale(sys.env),
            ..Counter::default()
        };
        let end = read_chunks(sys, op, &mut buf, |_, chunk| {
            counter.feed(chunk);
            Ok(())
        })?;
        if end.failed() {
            status = 1;
        }
        if end == ChunksEnd::OpenFailed {
            continue;
        }
        let failed = end == ChunksEnd::ReadFailed;
        let c = counter.done();
        total.lines += c.lines;
        total.words += c.words;
        total.chars += c.chars;
        total.bytes += c.bytes;
        total.max_len = total.max_len.max(c.max_len);
        if failed && c.bytes == 0 {
            continue;
        }
        if total_mode != "only" {
            let name = if no_operands { None } else { Some(op.as_str()) };
            sys.out.str(&render(show, &c, width, name))?;
        }
    }
    let print_total = match total_mode {
        "always" | "only" => true,
        "never" => false,
        _ => operands.len() + skipped > 1,
    };
    if print_total {
        if total_mode == "only" {
            sys.out.str(&render(show, &total, 1, None))?;
        } else {
            sys.out.str(&render(show, &total, width, Some("total")))?;
        }
    }
    Ok(status)
}

/// Reads `--files0-from=LIST`: its NUL-terminated names (a last one
/// without its NUL too), held within the memory budget. Empty names and,
/// when LIST is standard input, `-` are reported as GNU does and counted
/// in the second value; `None` when LIST cannot be read (reported).
fn files0(sys: &mut Sys<'_>, list: &str) -> Res<Option<(Vec<String>, usize)>> {
    let mut data = Vec::new();
    let mut charge = sys.charge();
    let read = match open_input(&mut *sys.stdin, sys.fs, sys.cwd, list) {
        Ok(mut input) => read_all_within(
            &mut input,
            &mut data,
            &mut charge,
            sys.memory,
            sys.tick.cancel,
        ),
        Err(e) => {
            sys.diag.error(format_args!(
                "cannot open {} for reading: {}",
                quote(list),
                e.kind
            ));
            return Ok(None);
        }
    };
    match read {
        Ok(()) => {}
        Err(ReadFail::Stop(f)) => return Err(f),
        Err(ReadFail::Read(e)) => {
            sys.diag
                .error(format_args!("{}: read error: {}", quote(list), io_msg(&e)));
            return Ok(None);
        }
    }
    let from_stdin = UtilityContext::is_stdin(list);
    let mut names = Vec::new();
    let mut bad = 0;
    let body = data.strip_suffix(&[0]).unwrap_or(&data);
    if body.is_empty() && data.is_empty() {
        return Ok(Some((names, 0)));
    }
    for (i, name) in body.split(|b| *b == 0).enumerate() {
        sys.tick.tick()?;
        if name.is_empty() {
            sys.diag.error(format_args!(
                "{}:{}: invalid zero-length file name",
                quote_name(list),
                i + 1
            ));
            bad += 1;
        } else if from_stdin && name == b"-" {
            sys.diag
                .error("when reading file names from stdin, no file name of '-' allowed");
            bad += 1;
        } else {
            names.push(sandbash_interpreter::bytes::decode(name).into_owned());
        }
    }
    Ok(Some((names, bad)))
}

/// LIST as GNU's `quotef` shows it in `LIST:N:` (bare when plain).
fn quote_name(list: &str) -> String {
    if list
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"/._-+".contains(&b))
    {
        list.to_string()
    } else {
        quote(list)
    }
}

#[cfg(test)]
mod tests {
    use super::Wc;
    use crate::testutil::*;

    #[test]
    fn stdin_formats() {
        let o = run0(&Wc, &[], b"hello world\nfoo\n");
        assert_eq!(o.out, "      2       3      16\n");
        let o = run0(&Wc, &["-l"], b"a\nb\n");
        assert_eq!(o.out, "2\n");
        let o = run0(&Wc, &["-w"], b"\x01 a\x01\n");
        assert_eq!(o.out, "1\n");
        let o = run0(&Wc, &["-c"], b"ab");
        assert_eq!(o.out, "2\n");
    }

    #[test]
    fn chars_and_max_line() {
        let utf8 = |args: &[&str], stdin: &[u8]| {
            let mut h = Harness {
                stdin,
                ..Harness::default()
            };
            h.env.push(("LANG".into(), "C.UTF-8".into()));
            run_with(&Wc, args, &TestFs::new(), h)
        };
        let o = utf8(&["-mL"], "a\tb\u{e9}\n".as_bytes());
        assert_eq!(o.out, "      5      10\n");
        // The C locale (no LC_ALL/LC_CTYPE/LANG) counts bytes for -m.
        let o = run0(&Wc, &["-mL"], "a\tb\u{e9}\n".as_bytes());
        assert_eq!(o.out, "      6       9\n");
        let o = run0(&Wc, &["-L"], b"abc\nabcdef\n");
        assert_eq!(o.out, "6\n");
    }

    #[test]
    fn files_and_total() {
        let fs = TestFs::new();
        fs.file("f", b"hello\n").file("g", b"x\ny\n");
        let o = run(&Wc, &["f", "g"], b"", &fs);
        assert_eq!(o.out, " 1  1  6 f\n 2  2  4 g\n 3  3 10 total\n");
        let o = run(&Wc, &["-l", "f"], b"", &fs);
        assert_eq!(o.out, "1 f\n");
        let o = run(&Wc, &["-c", "nofile", "f"], b"", &fs);
        assert_eq!(o.out, "6 f\n6 total\n");
        assert_eq!(o.err, "wc: nofile: No such file or directory\n");
        assert_eq!(o.status, 1);
        let o = run(&Wc, &["--total=only", "f", "g"], b"", &fs);
        assert_eq!(o.out, "3 3 10\n");
        let o = run(&Wc, &["f", "-"], b"abc", &fs);
        assert_eq!(
            o.out,
            "      1       1       6 f\n      0       1       3 -\n      1       2       9 total\n"
        );
    }
}
