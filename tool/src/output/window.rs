//! The tail window: the last bytes of a stream, cut on a UTF-8 boundary.

/// Keeps the last `cap` bytes written to it (fewer when the cut would
/// split a character) and counts everything that went through.
///
/// Invariant: [`TailWindow::shown`] never holds more than `cap` bytes and
/// never starts inside a UTF-8 sequence; checked by
/// `window::tests::cuts_on_char_boundaries`.
#[derive(Debug)]
pub struct TailWindow {
    cap: usize,
    /// Holds up to twice `cap` between trims, so a stream of small writes
    /// costs amortized constant time per byte.
    buf: Vec<u8>,
    total_bytes: u64,
    total_newlines: u64,
    last_byte: Option<u8>,
    trimmed: bool,
}

impl TailWindow {
    /// An empty window keeping at most `cap` bytes.
    pub fn new(cap: usize) -> Self {
        Self {
            cap,
            buf: Vec::new(),
            total_bytes: 0,
            total_newlines: 0,
            last_byte: None,
            trimmed: false,
        }
    }

    /// Adds bytes at the end.
    pub fn push(&mut self, data: &[u8]) {
        if data.is_empty() {
            return;
        }
        self.total_bytes += data.len() as u64;
        self.total_newlines += bytecount(data, b'\n');
        self.last_byte = data.last().copied();
        let keep = if data.len() > self.cap {
            self.trimmed = true;
            self.buf.clear();
            &data[data.len() - self.cap..]
        } else {
            data
        };
        self.buf.extend_from_slice(keep);
        if self.buf.len() > self.cap.saturating_mul(2).max(64) {
            self.trim();
        }
    }

    fn trim(&mut self) {
        if self.buf.len() > self.cap {
            self.trimmed = true;
            let cut = self.buf.len() - self.cap;
            self.buf.drain(..cut);
        }
    }

    /// The bytes shown: the last `cap` bytes at most, starting on a
    /// character boundary.
    pub fn shown(&self) -> &[u8] {
        let start = self.buf.len().saturating_sub(self.cap);
        let mut tail = &self.buf[start..];
        if self.truncated() {
            // Skip the continuation bytes of a character cut in two (at
            // most three in UTF-8); bytes that are not UTF-8 stay.
            let skip = tail
                .iter()
                .take(3)
                .take_while(|b| (**b & 0xC0) == 0x80)
                .count();
            tail = &tail[skip..];
        }
        tail
    }

    /// The shown bytes as text (invalid UTF-8 replaced).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(self.shown()).into_owned()
    }

    /// True when bytes were dropped from the front.
    pub fn truncated(&self) -> bool {
        self.trimmed || self.buf.len() > self.cap
    }

    /// Every byte pushed so far.
    pub fn total_bytes(&self) -> u64 {
        self.total_bytes
    }

    /// Lines pushed so far: newlines, plus one for an unterminated last line.
    pub fn total_lines(&self) -> u64 {
        self.total_newlines + u64::from(self.last_byte.is_some_and(|b| b != b'\n'))
    }
}

/// Lines in `data` counted as [`TailWindow::total_lines`] does.
pub fn line_count(data: &[u8]) -> u64 {
    bytecount(data, b'\n') + u64::from(data.last().is_some_and(|b| *b != b'\n'))
}

fn bytecount(data: &[u8], needle: u8) -> u64 {
    data.iter().filter(|b| **b == needle).count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_everything_under_the_cap() {
        let mut w = TailWindow::new(16);
        w.push(b"one\n");
        w.push(b"two");
        assert_eq!(w.shown(), b"one\ntwo");
        assert!(!w.truncated());
        assert_eq!(w.total_lines(), 2);
        assert_eq!(w.total_bytes(), 7);
    }

    #[test]
    fn keeps_the_tail_over_the_cap() {
        let mut w = TailWindow::new(8);
        for i in 0..1000 {
            w.push(format!("{i}\n").as_bytes());
        }
        assert_eq!(w.shown(), b"998\n999\n");
        assert!(w.truncated());
        assert_eq!(w.total_lines(), 1000);
        assert!(w.buf.len() <= 64);
    }

    #[test]
    fn cuts_on_char_boundaries() {
        // "é" is two bytes, "€" three, "𝄞" four: every cut position of a
        // long mixed string must come out as valid UTF-8 within the cap.
        let text = "aé€𝄞".repeat(50);
        for cap in 1..40 {
            let mut w = TailWindow::new(cap);
            for chunk in text.as_bytes().chunks(7) {
                w.push(chunk);
            }
            let shown = w.shown();
            assert!(shown.len() <= cap, "cap {cap}");
            let s = std::str::from_utf8(shown).expect("valid UTF-8");
            assert!(text.ends_with(s), "cap {cap}: {s:?}");
            assert!(cap < 4 || !s.is_empty(), "cap {cap}");
        }
    }

    #[test]
    fn one_huge_write() {
        let mut w = TailWindow::new(4);
        w.push(&[b'x'; 100_000]);
        assert_eq!(w.shown(), b"xxxx");
        assert_eq!(w.total_bytes(), 100_000);
        assert_eq!(w.total_lines(), 1);
    }
}
