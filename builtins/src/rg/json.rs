//! `--json`: ripgrep's JSON Lines, field for field: `begin` before a
//! file's first line, `match` and `context` lines, `end` with the file's
//! stats, and the run's `summary`. Text that is not UTF-8 is given as
//! `{"bytes":BASE64}`. The `elapsed` fields are always zero (sandbash
//! does not time searches); everything else is as ripgrep counts it:
//! only files with a match are counted, `bytes_printed` counts the
//! `begin`, `match` and `context` lines.

use crate::common::sys::{Out, Res};

/// The run's counts, for `summary`.
#[derive(Default)]
pub struct Totals {
    bytes_printed: u64,
    bytes_searched: u64,
    matched_lines: u64,
    matches: u64,
    searches: u64,
    searches_with_match: u64,
}

/// One file's JSON state.
pub struct FileJson {
    path: String,
    begun: bool,
    printed: u64,
}

const ZERO: &str = r#"{"secs":0,"nanos":0,"human":"0.000000s"}"#;
const ZERO_SORTED: &str = r#"{"human":"0.000000s","nanos":0,"secs":0}"#;

impl FileJson {
    pub fn new(shown: &str) -> Self {
        Self {
            path: data(&sandbash_interpreter::bytes::encode(shown)),
            begun: false,
            printed: 0,
        }
    }

    fn emit(&mut self, out: &mut Out<'_>, line: &str) -> Res<()> {
        self.printed += line.len() as u64 + 1;
        out.put(line.as_bytes())?;
        out.put(b"\n")
    }

    /// A `match` (when `hit`) or `context` line with its submatches.
    pub fn line(
        &mut self,
        out: &mut Out<'_>,
        hit: bool,
        no: u64,
        off: u64,
        raw: &[u8],
        subs: &[(usize, usize)],
    ) -> Res<()> {
        if !self.begun {
            self.begun = true;
            let l = format!(r#"{{"type":"begin","data":{{"path":{}}}}}"#, self.path);
            self.emit(out, &l)?;
        }
        let text = raw.strip_suffix(b"\n").unwrap_or(raw);
        let mut s = String::new();
        for (i, &(a, b)) in subs.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            let m = data(text.get(a..b).unwrap_or(&[]));
            s.push_str(&format!(r#"{{"match":{m},"start":{a},"end":{b}}}"#));
        }
        let l = format!(
            r#"{{"type":"{}","data":{{"path":{},"lines":{},"line_number":{no},"absolute_offset":{off},"submatches":[{s}]}}}}"#,
            if hit { "match" } else { "context" },
            self.path,
            data(raw),
        );
        self.emit(out, &l)
    }

    /// The `end` line, when the file printed anything.
    pub fn end(
        &mut self,
        out: &mut Out<'_>,
        t: &mut Totals,
        searched: u64,
        lines: u64,
        matches: u64,
        binary: Option<u64>,
    ) -> Res<()> {
        if !self.begun {
            return Ok(());
        }
        let with = u64::from(lines > 0);
        t.bytes_printed += self.printed;
        t.bytes_searched += searched;
        t.matched_lines += lines;
        t.matches += matches;
        t.searches += 1;
        t.searches_with_match += with;
        let bin = binary.map_or("null".to_string(), |b| b.to_string());
        let l = format!(
            r#"{{"type":"end","data":{{"path":{},"binary_offset":{bin},"stats":{{"elapsed":{ZERO},"searches":1,"searches_with_match":{with},"bytes_searched":{searched},"bytes_printed":{},"matched_lines":{lines},"matches":{matches}}}}}}}"#,
            self.path, self.printed,
        );
        out.put(l.as_bytes())?;
        out.put(b"\n")
    }
}

/// The `summary` line (its keys sorted, as ripgrep prints them).
pub fn summary(out: &mut Out<'_>, t: &Totals) -> Res<()> {
    let l = format!(
        r#"{{"data":{{"elapsed_total":{ZERO_SORTED},"stats":{{"bytes_printed":{},"bytes_searched":{},"elapsed":{ZERO_SORTED},"matched_lines":{},"matches":{},"searches":{},"searches_with_match":{}}}}},"type":"summary"}}"#,
        t.bytes_printed,
        t.bytes_searched,
        t.matched_lines,
        t.matches,
        t.searches,
        t.searches_with_match,
    );
    out.put(l.as_bytes())?;
    out.put(b"\n")
}

/// `{"text":"..."}` for UTF-8, else `{"bytes":"BASE64"}`.
fn data(b: &[u8]) -> String {
    match std::str::from_utf8(b) {
        Ok(s) => format!(r#"{{"text":{}}}"#, string(s)),
        Err(_) => format!(r#"{{"bytes":"{}"}}"#, base64(b)),
    }
}

/// A JSON string as serde_json writes it.
fn string(s: &str) -> String {
    let mut o = String::with_capacity(s.len() + 2);
    o.push('"');
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\r' => o.push_str("\\r"),
            '\t' => o.push_str("\\t"),
            '\u{8}' => o.push_str("\\b"),
            '\u{c}' => o.push_str("\\f"),
            c if (c as u32) < 0x20 => o.push_str(&format!("\\u{:04x}", c as u32)),
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

/// Standard base64 with padding.
fn base64(b: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut o = String::with_capacity(b.len().div_ceil(3) * 4);
    for chunk in b.chunks(3) {
        let (x, y, z) = (
            chunk.first().copied().unwrap_or(0),
            chunk.get(1).copied(),
            chunk.get(2).copied(),
        );
        let n = (u32::from(x) << 16) | (u32::from(y.unwrap_or(0)) << 8) | u32::from(z.unwrap_or(0));
        let pick = |shift: u32| char::from(A[((n >> shift) & 63) as usize]);
        o.push(pick(18));
        o.push(pick(12));
        o.push(if y.is_some() { pick(6) } else { '=' });
        o.push(if z.is_some() { pick(0) } else { '=' });
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_and_strings() {
        assert_eq!(base64(b"caf\xe9 foo\n"), "Y2Fm6SBmb28K");
        assert_eq!(base64(b"a"), "YQ==");
        assert_eq!(base64(b"ab"), "YWI=");
        assert_eq!(string("a\"b\\\tc\u{1}\n"), r#""a\"b\\\tc\u0001\n""#);
    }
}
