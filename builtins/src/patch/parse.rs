//! Reading a patch: unified (`@@ -1,2 +1,2 @@`) and context
//! (`***************`) hunks, grouped per file by their `---`/`+++` (or
//! `***`/`---`) headers, with the text before each file's first hunk kept
//! for GNU's "The text leading up to this was" report.

/// A hunk line's role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Context,
    Delete,
    Insert,
}

/// One line of a hunk: its role and its text with its newline (none when
/// a `\ No newline at end of file` marker followed it).
#[derive(Clone, Debug)]
pub struct HunkLine {
    pub kind: Kind,
    pub text: Vec<u8>,
}

/// One hunk, as numbered in the patch.
#[derive(Clone, Debug)]
pub struct Hunk {
    pub old_start: usize,
    pub old_len: usize,
    pub new_start: usize,
    pub new_len: usize,
    pub lines: Vec<HunkLine>,
}

impl Hunk {
    /// The hunk turned around (`-R`).
    pub fn reversed(&self) -> Hunk {
        Hunk {
            old_start: self.new_start,
            old_len: self.new_len,
            new_start: self.old_start,
            new_len: self.old_len,
            lines: self
                .lines
                .iter()
                .map(|l| HunkLine {
                    kind: match l.kind {
                        Kind::Context => Kind::Context,
                        Kind::Delete => Kind::Insert,
                        Kind::Insert => Kind::Delete,
                    },
                    text: l.text.clone(),
                })
                .collect(),
        }
    }
}

/// The changes to one file.
#[derive(Clone, Debug, Default)]
pub struct FilePatch {
    pub old_name: Option<String>,
    pub new_name: Option<String>,
    /// The header lines as written (for the `.rej` file).
    pub header: Vec<String>,
    /// The patch's lines before the first hunk (for the report when no
    /// file is found).
    pub leading: Vec<String>,
    /// The input line of the first hunk's header.
    pub hunk_line: usize,
    pub hunks: Vec<Hunk>,
}

impl FilePatch {
    /// Whether the old side names no file: `/dev/null`, or a header
    /// dated the Epoch (how `diff -N` marks a file that does not exist),
    /// as GNU patch reads them.
    pub fn old_absent(&self) -> bool {
        self.old_name.as_deref() == Some("/dev/null")
            || self.header.first().is_some_and(|h| dated_epoch(h))
    }

    /// Whether the new side names no file (see [`FilePatch::old_absent`]):
    /// the file is deleted when the result is empty.
    pub fn new_absent(&self) -> bool {
        self.new_name.as_deref() == Some("/dev/null")
            || self.header.get(1).is_some_and(|h| dated_epoch(h))
    }
}

/// Whether a `--- NAME<TAB>DATE` header line's date is the Epoch: the
/// ISO form with a zone (`1970-01-01 00:00:00.000000000 +0000`,
/// `1969-12-31 19:00:00 -0500`) or the traditional one of the context
/// format in UTC (`Thu Jan  1 00:00:00 1970`).
fn dated_epoch(line: &str) -> bool {
    let Some((_, date)) = line.get(4..).unwrap_or("").split_once('\t') else {
        return false;
    };
    let date = date.trim_end_matches(['\r', ' ']);
    if date.ends_with("Jan  1 00:00:00 1970") {
        return true;
    }
    let mut parts = date.split(' ');
    let (Some(day), Some(time), Some(zone)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let day_secs: i64 = match day {
        "1970-01-01" => 0,
        "1969-12-31" => -86_400,
        _ => return false,
    };
    let (hms, frac) = time.split_once('.').unwrap_or((time, "0"));
    if !frac.bytes().all(|b| b == b'0') {
        return false;
    }
    let mut f = hms.split(':').map(|x| x.parse::<i64>().ok());
    let (Some(Some(h)), Some(Some(m)), Some(Some(sec))) = (f.next(), f.next(), f.next()) else {
        return false;
    };
    let (sign, digits) = match zone.split_at_checked(1) {
        Some(("+", d)) => (1, d),
        Some(("-", d)) => (-1, d),
        _ => return false,
    };
    let (Some(zh), Some(zm)) = (
        digits.get(..2).and_then(|x| x.parse::<i64>().ok()),
        digits.get(2..4).and_then(|x| x.parse::<i64>().ok()),
    ) else {
        return false;
    };
    day_secs + h * 3600 + m * 60 + sec - sign * (zh * 3600 + zm * 60) == 0
}

/// Why a patch cannot be read.
#[derive(Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A hunk ended before its counts: GNU's "malformed patch at line N".
    Malformed(usize),
}

/// The name in a `--- NAME<TAB>DATE` header, unquoted.
fn header_name(rest: &str) -> String {
    let name = rest.split('\t').next().unwrap_or(rest);
    let name = name.trim_end_matches(['\r', ' ']);
    if let Some(q) = name.strip_prefix('"').and_then(|n| n.strip_suffix('"')) {
        let mut out = String::new();
        let mut chars = q.chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                match chars.next() {
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    Some(o) => out.push(o),
                    None => {}
                }
            } else {
                out.push(c);
            }
        }
        return out;
    }
    name.to_owned()
}

fn range(s: &str) -> Option<(usize, usize)> {
    match s.split_once(',') {
        Some((a, b)) => Some((a.parse().ok()?, b.parse().ok()?)),
        None => Some((s.parse().ok()?, 1)),
    }
}

/// `@@ -a,b +c,d @@`.
fn unified_header(line: &str) -> Option<(usize, usize, usize, usize)> {
    let rest = line.strip_prefix("@@ -")?;
    let (old, rest) = rest.split_once(" +")?;
    let (new, _) = rest.split_once(" @@")?;
    let (a, b) = range(old)?;
    let (c, d) = range(new)?;
    Some((a, b, c, d))
}

/// `*** a,b ****` or `--- a,b ----`: start and end (inclusive).
fn context_range(line: &str, open: &str, close: &str) -> Option<(usize, usize)> {
    let r = line.strip_prefix(open)?.strip_suffix(close)?;
    match r.split_once(',') {
        Some((a, b)) => Some((a.parse().ok()?, b.parse().ok()?)),
        None => {
            let a: usize = r.parse().ok()?;
            Some((a, a))
        }
    }
}

/// Splits `text` into lines, each with its newline.
fn split(text: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &b) in text.iter().enumerate() {
        if b == b'\n' {
            out.push(text.get(start..=i).unwrap_or(&[]));
            start = i + 1;
        }
    }
    if start < text.len() {
        out.push(text.get(start..).unwrap_or(&[]));
    }
    out
}

fn as_str(l: &[u8]) -> String {
    let l = l.strip_suffix(b"\n").unwrap_or(l);
    sandbash_interpreter::bytes::decode(l).into_owned()
}

/// Reads every file's patch in `text`.
pub fn parse(text: &[u8]) -> Result<Vec<FilePatch>, ParseError> {
    let lines = split(text);
    let mut files: Vec<FilePatch> = Vec::new();
    let mut leading: Vec<String> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = as_str(lines.get(i).copied().unwrap_or(&[]));
        let next = lines.get(i + 1).map(|l| as_str(l)).unwrap_or_default();
        let unified = line.starts_with("--- ") && next.starts_with("+++ ");
        let context = line.starts_with("*** ") && next.starts_with("--- ");
        if !(unified || context) {
            leading.push(line);
            i += 1;
            continue;
        }
        leading.push(line.clone());
        leading.push(next.clone());
        let mut fp = FilePatch {
            header: vec![line.clone(), next.clone()],
            ..FilePatch::default()
        };
        let old = header_name(line.get(4..).unwrap_or(""));
        let new = header_name(next.get(4..).unwrap_or(""));
        fp.old_name = Some(old);
        fp.new_name = Some(new);
        i += 2;
        fp.hunk_line = i + 1;
        while let Some(l) = lines.get(i) {
            let s = as_str(l);
            if unified {
                let Some((a, b, c, d)) = unified_header(&s) else {
                    break;
                };
                i += 1;
                let (h, ni) = read_unified(&lines, i, (a, b, c, d))?;
                fp.hunks.push(h);
                i = ni;
            } else {
                if s != "***************" {
                    break;
                }
                i += 1;
                let (h, ni) = read_context(&lines, i)?;
                fp.hunks.push(h);
                i = ni;
            }
        }
        fp.leading = std::mem::take(&mut leading);
        files.push(fp);
    }
    Ok(files)
}

/// Marks the last line read as having no newline when a `\` line follows.
fn no_newline(lines: &[&[u8]], i: &mut usize, last: Option<&mut HunkLine>) {
    if lines.get(*i).is_some_and(|l| l.starts_with(b"\\")) {
        if let Some(l) = last
            && l.text.last() == Some(&b'\n')
        {
            l.text.pop();
        }
        *i += 1;
    }
}

fn read_unified(
    lines: &[&[u8]],
    mut i: usize,
    (a, b, c, d): (usize, usize, usize, usize),
) -> Result<(Hunk, usize), ParseError> {
    let mut h = Hunk {
        old_start: a,
        old_len: b,
        new_start: c,
        new_len: d,
        lines: Vec::new(),
    };
    let (mut old, mut new) = (0, 0);
    while old < b || new < d {
        let Some(l) = lines.get(i) else {
            return Err(ParseError::Malformed(i));
        };
        let (kind, text) = match l.first() {
            Some(b' ') => (Kind::Context, l.get(1..).unwrap_or(&[])),
            Some(b'\n') => (Kind::Context, &b"\n"[..]),
            Some(b'-') => (Kind::Delete, l.get(1..).unwrap_or(&[])),
            Some(b'+') => (Kind::Insert, l.get(1..).unwrap_or(&[])),
            _ => return Err(ParseError::Malformed(i + 1)),
        };
        match kind {
            Kind::Context => {
                old += 1;
                new += 1;
            }
            Kind::Delete => old += 1,
            Kind::Insert => new += 1,
        }
        if old > b || new > d {
            return Err(ParseError::Malformed(i + 1));
        }
        h.lines.push(HunkLine {
            kind,
            text: text.to_vec(),
        });
        i += 1;
        no_newline(lines, &mut i, h.lines.last_mut());
    }
    Ok((h, i))
}

/// A context hunk: the old section, then the new one; either may be
/// left out when it holds only context.
fn read_context(lines: &[&[u8]], mut i: usize) -> Result<(Hunk, usize), ParseError> {
    let head = lines.get(i).map(|l| as_str(l)).unwrap_or_default();
    let Some((a0, a1)) = context_range(&head, "*** ", " ****") else {
        return Err(ParseError::Malformed(i + 1));
    };
    i += 1;
    let old_len = if a1 >= a0 && a0 > 0 { a1 - a0 + 1 } else { 0 };
    let mut old: Vec<(u8, Vec<u8>)> = Vec::new();
    while let Some(l) = lines.get(i) {
        if l.starts_with(b"--- ") {
            break;
        }
        let mark = l.first().copied().unwrap_or(b' ');
        old.push((mark, l.get(2..).unwrap_or(&[]).to_vec()));
        i += 1;
        if lines.get(i).is_some_and(|l| l.starts_with(b"\\")) {
            if let Some(last) = old.last_mut() {
                last.1.pop();
            }
            i += 1;
        }
    }
    let head = lines.get(i).map(|l| as_str(l)).unwrap_or_default();
    let Some((b0, b1)) = context_range(&head, "--- ", " ----") else {
        return Err(ParseError::Malformed(i + 1));
    };
    i += 1;
    let new_len = if b1 >= b0 && b0 > 0 { b1 - b0 + 1 } else { 0 };
    let mut new: Vec<(u8, Vec<u8>)> = Vec::new();
    while new.len() < new_len {
        let Some(l) = lines.get(i) else { break };
        if l.starts_with(b"***************") {
            break;
        }
        let mark = l.first().copied().unwrap_or(b' ');
        if !matches!(mark, b' ' | b'+' | b'!') {
            break;
        }
        new.push((mark, l.get(2..).unwrap_or(&[]).to_vec()));
        i += 1;
        if lines.get(i).is_some_and(|l| l.starts_with(b"\\")) {
            if let Some(last) = new.last_mut() {
                last.1.pop();
            }
            i += 1;
        }
    }
    // A section left out holds the other's context lines.
    if old.is_empty() && old_len > 0 {
        old = new.iter().filter(|(m, _)| *m == b' ').cloned().collect();
    }
    if new.is_empty() && new_len > 0 {
        new = old.iter().filter(|(m, _)| *m == b' ').cloned().collect();
    }
    // Merge: context lines pair up; between them, the old side's lines
    // are deletions and the new side's insertions.
    let mut out = Vec::new();
    let (mut x, mut y) = (0, 0);
    loop {
        while let Some((m, t)) = old.get(x).filter(|(m, _)| *m != b' ') {
            let _ = m;
            out.push(HunkLine {
                kind: Kind::Delete,
                text: t.clone(),
            });
            x += 1;
        }
        while let Some((_, t)) = new.get(y).filter(|(m, _)| *m != b' ') {
            out.push(HunkLine {
                kind: Kind::Insert,
                text: t.clone(),
            });
            y += 1;
        }
        match (old.get(x), new.get(y)) {
            (Some((_, t)), _) => {
                out.push(HunkLine {
                    kind: Kind::Context,
                    text: t.clone(),
                });
                x += 1;
                y += 1;
            }
            (None, Some((_, t))) => {
                out.push(HunkLine {
                    kind: Kind::Context,
                    text: t.clone(),
                });
                y += 1;
            }
            (None, None) => break,
        }
    }
    Ok((
        Hunk {
            old_start: a0,
            old_len,
            new_start: b0,
            new_len,
            lines: out,
        },
        i,
    ))
}

/// The file headers alone (for naming the file before a malformed hunk).
pub fn parse_headers_only(text: &[u8]) -> Result<Vec<FilePatch>, ParseError> {
    let lines = split(text);
    let mut out = Vec::new();
    for w in lines.windows(2) {
        let (a, b) = (
            as_str(w.first().copied().unwrap_or(&[])),
            as_str(w.get(1).copied().unwrap_or(&[])),
        );
        if a.starts_with("--- ") && b.starts_with("+++ ") {
            out.push(FilePatch {
                old_name: Some(header_name(a.get(4..).unwrap_or(""))),
                new_name: Some(header_name(b.get(4..).unwrap_or(""))),
                ..FilePatch::default()
            });
        }
    }
    Ok(out)
}
