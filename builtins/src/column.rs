//! `column`: columnate lists, as util-linux `column` does in the C locale.
//!
//! The whole input is held (charged to the memory budget): no column can
//! be laid out before the widest entry is known.
//!
//! Fill mode (the default, `-x` across): entries are the non-empty input
//! lines; the column width is the widest entry rounded up to the next tab
//! stop past it, the number of columns the output width (`-c`, else
//! `COLUMNS`, else 80) divided by it, and entries are separated by tabs.
//!
//! Table mode (`-t`): each line splits into cells at runs of blanks, or
//! at each character of `-s` (empty cells kept); every column is as wide
//! as its widest cell (or `-N` name) and cells are left-aligned (`-R`:
//! right-aligned) and joined by `-o` (two spaces), the last visible
//! column left unpadded unless right-aligned. `-H` hides columns; columns
//! are named by `-N` names or by 1-based numbers.

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, Syntax};
use crate::common::lines::read_all_lines;
use crate::common::quote;
use crate::common::sys::{Res, Sys, hold};

/// The `column` utility.
pub struct Column;

/// The options of `column`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Table,
    Names,
    NoHeadings,
    Hide,
    Right,
    KeepEmpty,
    Width,
    OutSep,
    Sep,
    FillRows,
}

impl Command for Column {
    const NAME: &'static str = "column";
    const HELP: Help = Help {
        usage: &["[options] [<file>...]"],
        about: "Columnate lists.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('t', &["table"], Key::Table, "create a table"),
        Flag::new(
            'N',
            &["table-columns"],
            Key::Names,
            "comma separated columns names",
        )
        .value("<names>"),
        Flag::new(
            'd',
            &["table-noheadings"],
            Key::NoHeadings,
            "don't print header",
        ),
        Flag::new('H', &["table-hide"], Key::Hide, "don't print the columns").value("<columns>"),
        Flag::new(
            'R',
            &["table-right"],
            Key::Right,
            "right align text in these columns",
        )
        .value("<columns>"),
        Flag::new(
            'L',
            &["keep-empty-lines"],
            Key::KeepEmpty,
            "don't ignore empty lines",
        ),
        Flag::new(
            'c',
            &["output-width"],
            Key::Width,
            "width of output in number of characters",
        )
        .value("<width>"),
        Flag::new(
            'o',
            &["output-separator"],
            Key::OutSep,
            "columns separator for table output (default is two spaces)",
        )
        .value("<string>"),
        Flag::new('s', &["separator"], Key::Sep, "possible table delimiters").value("<string>"),
        Flag::new(
            'x',
            &["fillrows"],
            Key::FillRows,
            "fill rows before columns",
        ),
    ];
    const SYNTAX: Syntax = Syntax {
        help_short: Some('h'),
        version_short: Some('V'),
        ..Syntax::GNU
    };

    fn help() -> String {
        "\nUsage:\n column [options] [<file>...]\n\nColumnate lists.\n\nOptions:\n -t, --table                      create a table\n -N, --table-columns <names>      comma separated columns names\n -d, --table-noheadings           don't print header\n -H, --table-hide <columns>       don't print the columns\n -R, --table-right <columns>      right align text in these columns\n -L, --keep-empty-lines           don't ignore empty lines\n\n -c, --output-width <width>       width of output in number of characters\n -o, --output-separator <string>  columns separator for table output (default is two spaces)\n -s, --separator <string>         possible table delimiters\n -x, --fillrows                   fill rows before columns\n\n -h, --help                       display this help\n -V, --version                    display version\n\nFor more details see column(1).\n".into()
    }

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let width = match p.last(Key::Width) {
            Some(w) => match w.trim().parse::<u64>() {
                Ok(n) => n,
                Err(_) => {
                    sys.diag
                        .error(format_args!("invalid columns argument: {}", quote(w)));
                    return Ok(1);
                }
            },
            None => sys
                .env
                .iter()
                .rev()
                .find(|(k, _)| k == "COLUMNS")
                .and_then(|(_, v)| v.trim().parse::<u64>().ok())
                .filter(|&n| n > 0)
                .unwrap_or(80),
        };
        let mut held = read_all_lines(sys, p.operands.clone(), b'\n')?;
        // Escaping may make a line four times longer: what is held is
        // charged again once it is done.
        let mut total: u64 = 0;
        for l in &mut held.lines {
            sys.tick.tick()?;
            if l.iter().any(|&b| b == 0 || b >= 0x80) {
                *l = c_locale_text(l);
            }
            total = total.saturating_add(l.len() as u64 + 24);
        }
        crate::common::sys::settle(&mut held.charge, total)?;
        let keep_empty = p.has(Key::KeepEmpty);
        let lines: Vec<&[u8]> = held
            .lines
            .iter()
            .map(Vec::as_slice)
            // A line of nothing but white space counts as empty.
            .filter(|l| keep_empty || !l.iter().all(|&b| b == b' ' || (9..=13).contains(&b)))
            .collect();
        let status = held.status;
        if p.has(Key::Table) {
            let st = table(sys, &p, &lines)?;
            return Ok(if st != 0 { st } else { status });
        }
        fill(sys, &lines, width, p.has(Key::FillRows))?;
        Ok(status)
    }
}

/// A line as util-linux sees it in the C locale: it ends at a NUL (a C
/// string), and a byte above 0x7f, not a character there, is shown as
/// `\xHH`.
fn c_locale_text(line: &[u8]) -> Vec<u8> {
    let end = line.iter().position(|&b| b == 0).unwrap_or(line.len());
    let mut out = Vec::with_capacity(end);
    for &b in line.get(..end).unwrap_or(&[]) {
        if b >= 0x80 {
            out.extend_from_slice(format!("\\x{b:02x}").as_bytes());
        } else {
            out.push(b);
        }
    }
    out
}

/// The columns `text` takes: control characters take none.
fn cols(text: &[u8]) -> usize {
    text.iter().filter(|&&b| (0x20..0x7f).contains(&b)).count()
}

/// Writes the tabs that move from `chcnt` to the column ending at `endcol`.
fn tabs(out: &mut Vec<u8>, chcnt: &mut u64, endcol: u64) {
    loop {
        let next = (*chcnt + 8) & !7;
        if next > endcol {
            break;
        }
        out.push(b'\t');
        *chcnt = next;
    }
}

fn fill(sys: &mut Sys<'_>, lines: &[&[u8]], width: u64, rows_first: bool) -> Res<()> {
    let lines: Vec<&[u8]> = lines
        .iter()
        .copied()
        .filter(|l| !l.iter().all(|&b| b == b' ' || (9..=13).contains(&b)))
        .collect();
    if lines.is_empty() {
        return Ok(());
    }
    let max = lines.iter().map(|l| cols(l) as u64).max().unwrap_or(0);
    let colw = (max + 8) & !7;
    let numcols = (width / colw).max(1);
    let n = lines.len() as u64;
    let mut out = Vec::new();
    if rows_first {
        let mut col = 0;
        let mut chcnt = 0;
        let mut endcol = colw;
        for (i, l) in lines.iter().enumerate() {
            sys.tick.tick()?;
            out.extend_from_slice(l);
            chcnt += cols(l) as u64;
            if i + 1 == lines.len() {
                break;
            }
            col += 1;
            if col == numcols {
                col = 0;
                chcnt = 0;
                endcol = colw;
                out.push(b'\n');
            } else {
                tabs(&mut out, &mut chcnt, endcol);
                endcol += colw;
            }
            sys.out.put(&out)?;
            out.clear();
        }
        if chcnt > 0 {
            out.push(b'\n');
        }
        return sys.out.put(&out);
    }
    let numrows = n.div_ceil(numcols);
    for row in 0..numrows {
        sys.tick.tick()?;
        out.clear();
        let mut endcol = colw;
        let mut chcnt = 0;
        let mut base = row;
        for _ in 0..numcols {
            let l = lines.get(base as usize).copied().unwrap_or(&[]);
            out.extend_from_slice(l);
            chcnt += cols(l) as u64;
            base += numrows;
            if base >= n {
                break;
            }
            tabs(&mut out, &mut chcnt, endcol);
            endcol += colw;
        }
        out.push(b'\n');
        sys.out.put(&out)?;
    }
    Ok(())
}

/// Splits a line into cells: at runs of blanks (leading and trailing
/// ones ignored), or at every byte of `sep`.
fn cells<'a>(line: &'a [u8], sep: Option<&[u8]>) -> Vec<&'a [u8]> {
    match sep {
        Some(sep) => line.split(|b| sep.contains(b)).collect(),
        None => line
            .split(|&b| b == b' ' || b == b'\t')
            .filter(|c| !c.is_empty())
            .collect(),
    }
}

/// The 0-based columns a `-R`/`-H` list names; `Err` names the unknown one.
fn columns(list: &str, names: &[Vec<u8>]) -> Result<Vec<usize>, String> {
    let mut out = Vec::new();
    for item in list.split(',') {
        let b = sandbash_interpreter::bytes::encode(item);
        if let Some(i) = names.iter().position(|n| n.as_slice() == b.as_ref()) {
            out.push(i);
        } else if let Ok(n) = item.parse::<usize>()
            && n > 0
        {
            out.push(n - 1);
        } else {
            return Err(item.to_string());
        }
    }
    Ok(out)
}

fn table(sys: &mut Sys<'_>, p: &Args<Key>, lines: &[&[u8]]) -> Res<i32> {
    let sep = p
        .last(Key::Sep)
        .map(|s| sandbash_interpreter::bytes::encode(s).into_owned());
    let outsep = p.last(Key::OutSep).map_or_else(
        || b"  ".to_vec(),
        |s| sandbash_interpreter::bytes::encode(s).into_owned(),
    );
    let names: Vec<Vec<u8>> = p.last(Key::Names).map_or_else(Vec::new, |n| {
        n.split(',')
            .map(|s| sandbash_interpreter::bytes::encode(s).into_owned())
            .collect()
    });
    let mut right = Vec::new();
    let mut hidden = Vec::new();
    for (key, dst) in [(Key::Right, &mut right), (Key::Hide, &mut hidden)] {
        for list in p.all(key) {
            match columns(list, &names) {
                Ok(c) => dst.extend(c),
                Err(name) => {
                    sys.diag
                        .error(format_args!("undefined column name {}", quote(&name)));
                    return Ok(1);
                }
            }
        }
    }
    // Each cell costs a slice (16 bytes) besides its text: charged.
    let mut charge = sys.charge();
    let mut n_cells: u64 = 0;
    let mut rows: Vec<Vec<&[u8]>> = Vec::with_capacity(lines.len());
    for l in lines {
        sys.tick.tick()?;
        let r = cells(l, sep.as_deref());
        n_cells += r.len() as u64 + 2;
        hold(&mut charge, n_cells * 16)?;
        rows.push(r);
    }
    let ncols = rows
        .iter()
        .map(Vec::len)
        .chain([names.len()])
        .max()
        .unwrap_or(0);
    let header = !names.is_empty() && !p.has(Key::NoHeadings);
    let mut widths = vec![0usize; ncols];
    let head_row: Vec<&[u8]> = names.iter().map(Vec::as_slice).collect();
    for r in rows.iter().chain(header.then_some(&head_row)) {
        for (w, c) in widths.iter_mut().zip(r) {
            *w = (*w).max(cols(c));
        }
    }
    let visible: Vec<usize> = (0..ncols).filter(|c| !hidden.contains(c)).collect();
    let mut out = Vec::new();
    for r in header.then_some(&head_row).into_iter().chain(rows.iter()) {
        sys.tick.tick()?;
        out.clear();
        for (k, &c) in visible.iter().enumerate() {
            let cell = r.get(c).copied().unwrap_or(&[]);
            let w = widths.get(c).copied().unwrap_or(0);
            let fill = w.saturating_sub(cols(cell));
            let last = k + 1 == visible.len();
            if k > 0 {
                out.extend_from_slice(&outsep);
            }
            if right.contains(&c) {
                out.extend(std::iter::repeat_n(b' ', fill));
                out.extend_from_slice(cell);
            } else {
                out.extend_from_slice(cell);
                if !last {
                    out.extend(std::iter::repeat_n(b' ', fill));
                }
            }
        }
        out.push(b'\n');
        sys.out.put(&out)?;
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::Column;
    use crate::testutil::*;

    fn cols(args: &[&str], stdin: &[u8], columns: &str) -> Outcome {
        run_with(
            &Column,
            args,
            &TestFs::new(),
            Harness {
                stdin,
                env: vec![("COLUMNS".into(), columns.into())],
                ..Harness::default()
            },
        )
    }

    #[test]
    fn fill_modes() {
        assert_eq!(
            cols(&[], b"apple\nbanana\ncherry\ndate\n", "20").out,
            "apple\tcherry\nbanana\tdate\n"
        );
        assert_eq!(
            cols(&["-x"], &lines(12), "40").out,
            "1\t2\t3\t4\t5\n6\t7\t8\t9\t10\n11\t12\n"
        );
        assert_eq!(cols(&["-c", "20"], &lines(4), "80").out, "1\t3\n2\t4\n");
        assert_eq!(
            cols(&["-c", "10"], b"averyveryverylongentry\nb\n", "80").out,
            "averyveryverylongentry\nb\n"
        );
    }

    #[test]
    fn tables() {
        assert_eq!(
            cols(&["-t"], b"a b c\nd\ne f\n", "80").out,
            "a  b  c\nd     \ne  f  \n"
        );
        assert_eq!(
            cols(&["-t", "-s", ","], b"a,,b\nc,d,e\n", "80").out,
            "a     b\nc  d  e\n"
        );
        assert_eq!(
            cols(
                &["-t", "-s", ":", "-o", " | "],
                b"a:bb:ccc\ndddd:e:f\n",
                "80"
            )
            .out,
            "a    | bb | ccc\ndddd | e  | f\n"
        );
        assert_eq!(
            cols(&["-t", "-N", "k,v", "-R", "v"], b"a 1\nbb 100\n", "80").out,
            "k     v\na     1\nbb  100\n"
        );
        assert_eq!(
            cols(&["-t", "-R", "2", "-H", "3"], b"a b c\nd e f\n", "80").out,
            "a  b\nd  e\n"
        );
        assert_eq!(
            cols(&["-t", "-N", "x,y,z,w"], b"a b c\n", "80").out,
            "x  y  z  w\na  b  c  \n"
        );
        assert_eq!(
            cols(&["-t", "-L"], b"a b\n\nc\n", "80").out,
            "a  b\n   \nc  \n"
        );
        assert_eq!(
            cols(&["-t"], b"a\xffb c\nd\x01 e\0x\n", "80").out,
            "a\\xffb  c\nd\x01       e\n"
        );
        assert_eq!(cols(&[], b"a  \n \t\r\nb\n", "80").out, "a  \tb\n");
        let o = cols(&["-t", "-H", "x"], b"a b\n", "80");
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, "column: undefined column name 'x'\n")
        );
    }
}
