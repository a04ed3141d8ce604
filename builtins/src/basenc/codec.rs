//! The encodings of `base64`, `base32` and `basenc`, as streaming
//! encoders and decoders with GNU's error behaviour: a decoder writes
//! every whole byte it has before the first bad character (or before a
//! truncated end) and then reports it.

/// An encoding `basenc` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Base64,
    Base64Url,
    Base32,
    Base32Hex,
    Base16,
    Base2Msbf,
    Base2Lsbf,
    Z85,
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const B32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const B32HEX: &[u8; 32] = b"0123456789ABCDEFGHIJKLMNOPQRSTUV";
const B16: &[u8; 16] = b"0123456789ABCDEF";
const Z85: &[u8; 85] =
    b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#";

/// A radix-2^k encoding: its alphabet, bits per character, characters
/// per padded quantum (0: no padding).
struct Radix {
    alphabet: &'static [u8],
    bits: u32,
    quantum: usize,
}

impl Encoding {
    fn radix(self) -> Option<Radix> {
        let (alphabet, bits, quantum): (&'static [u8], u32, usize) = match self {
            Encoding::Base64 => (B64, 6, 4),
            Encoding::Base64Url => (B64URL, 6, 4),
            Encoding::Base32 => (B32, 5, 8),
            Encoding::Base32Hex => (B32HEX, 5, 8),
            Encoding::Base16 => (B16, 4, 0),
            Encoding::Base2Msbf | Encoding::Base2Lsbf => (b"01", 1, 0),
            Encoding::Z85 => return None,
        };
        Some(Radix {
            alphabet,
            bits,
            quantum,
        })
    }

    /// Input bytes encoded together: a whole quantum of characters.
    pub fn group(self) -> usize {
        match self {
            Encoding::Base64 | Encoding::Base64Url => 3,
            Encoding::Base32 | Encoding::Base32Hex => 5,
            Encoding::Z85 => 4,
            _ => 1,
        }
    }

    /// Encodes `data` (whole groups, except at the end) onto `out`.
    pub fn encode(self, data: &[u8], out: &mut Vec<u8>) {
        let Some(r) = self.radix() else {
            for g in data.chunks(4) {
                let mut v = g.iter().fold(0u64, |v, &b| (v << 8) | u64::from(b));
                let mut chars = [0u8; 5];
                for c in chars.iter_mut().rev() {
                    *c = Z85.get((v % 85) as usize).copied().unwrap_or(b'0');
                    v /= 85;
                }
                out.extend_from_slice(&chars);
            }
            return;
        };
        if self == Encoding::Base2Lsbf {
            for &b in data {
                out.extend((0..8).map(|i| if b >> i & 1 == 1 { b'1' } else { b'0' }));
            }
            return;
        }
        if let (Encoding::Base64 | Encoding::Base64Url, Ok(table)) =
            (self, <&[u8; 64]>::try_from(r.alphabet))
        {
            // base64's whole groups, 3 bytes to 4 characters straight into
            // place (the masks keep every index inside the table).
            let whole = data.len() - data.len() % 3;
            let (head, tail) = data.split_at(whole);
            let start = out.len();
            out.resize(start + whole / 3 * 4, 0);
            if let Some(dst) = out.get_mut(start..) {
                for (g, d) in head.chunks_exact(3).zip(dst.chunks_exact_mut(4)) {
                    if let (&[a, b, c], [w, x, y, z]) = (g, d) {
                        let v = u32::from(a) << 16 | u32::from(b) << 8 | u32::from(c);
                        *w = table[(v >> 18) as usize & 63];
                        *x = table[(v >> 12) as usize & 63];
                        *y = table[(v >> 6) as usize & 63];
                        *z = table[v as usize & 63];
                    }
                }
            }
            return self.encode_tail(tail, &r, out);
        }
        let mask = (1u64 << r.bits) - 1;
        // Whole groups first, a group's bits at a time (3 bytes to 4
        // characters for base64, 5 to 8 for base32, 1 to 2 or 8 for base16
        // and base2): the same characters as the bit-at-a-time loop below,
        // which is left with the tail, at a fraction of its cost.
        let group = self.group();
        let per = (group * 8) / r.bits as usize;
        let whole = data.len() - data.len() % group;
        let (head, data) = data.split_at(whole);
        out.reserve(head.len() / group * per);
        for g in head.chunks_exact(group) {
            let v = g.iter().fold(0u64, |v, &b| (v << 8) | u64::from(b));
            for k in (0..per).rev() {
                let c = (v >> (k as u32 * r.bits)) & mask;
                out.push(r.alphabet.get(c as usize).copied().unwrap_or(b'='));
            }
        }
        self.encode_tail(data, &r, out);
    }

    /// Encodes the last, partial group (and pads it): bit by bit. Whole
    /// groups before it made whole quanta, so the padding counts from here.
    fn encode_tail(self, data: &[u8], r: &Radix, out: &mut Vec<u8>) {
        let mask = (1u64 << r.bits) - 1;
        let mut written = 0usize;
        let mut acc: u64 = 0;
        let mut nbits = 0u32;
        for &b in data {
            acc = (acc << 8) | u64::from(b);
            nbits += 8;
            while nbits >= r.bits {
                nbits -= r.bits;
                out.push(
                    r.alphabet
                        .get(((acc >> nbits) & mask) as usize)
                        .copied()
                        .unwrap_or(b'='),
                );
                written += 1;
            }
            acc &= (1u64 << nbits) - 1;
        }
        if nbits > 0 {
            out.push(
                r.alphabet
                    .get(((acc << (r.bits - nbits)) & mask) as usize)
                    .copied()
                    .unwrap_or(b'='),
            );
            written += 1;
        }
        if r.quantum > 0 {
            while !written.is_multiple_of(r.quantum) {
                out.push(b'=');
                written += 1;
            }
        }
    }
}

/// Why decoding stopped.
#[derive(Debug, PartialEq, Eq)]
pub enum Bad {
    /// A character outside the alphabet, or a truncated end.
    Input,
}

/// Not in the alphabet (every value is below 128, so its top bit marks it).
const NONE: u8 = 0xff;
const NONE_BIT: u8 = 0x80;

/// A streaming decoder.
pub struct Decoder {
    enc: Encoding,
    garbage: bool,
    /// Each byte's value in the alphabet, or `NONE` (built once from
    /// `value_of`, so the hot loop is one load per character).
    table: [u8; 256],
    /// The characters of the quantum being read (values, or 255 for `=`).
    pending: Vec<u8>,
    /// A padded quantum has ended the data.
    done: bool,
    /// base32 after a bad character: the characters counted so far in the
    /// quantum's window (see [`Decoder::feed`]).
    failing: Option<usize>,
}

impl Decoder {
    /// A decoder; `garbage` (`-i`) skips characters outside the alphabet.
    pub fn new(enc: Encoding, garbage: bool) -> Self {
        let mut table = [NONE; 256];
        for (c, t) in (0u8..=255).zip(table.iter_mut()) {
            if let Some(v) = Self::value_of(enc, c) {
                *t = v;
            }
        }
        Self {
            enc,
            garbage,
            table,
            pending: Vec::with_capacity(8),
            done: false,
            failing: None,
        }
    }

    /// base32 (and base32hex) decode a quantum only once its 8
    /// characters are there (gnulib's `decode_8`): a bad character inside
    /// a complete window still yields the bytes before it, but a window
    /// cut short by the end of the input yields nothing.
    fn whole_window(&self) -> bool {
        matches!(self.enc, Encoding::Base32 | Encoding::Base32Hex)
    }

    fn value(&self, c: u8) -> Option<u8> {
        match self.table.get(usize::from(c)).copied() {
            Some(NONE) | None => None,
            v => v,
        }
    }

    fn value_of(enc: Encoding, c: u8) -> Option<u8> {
        match enc {
            Encoding::Z85 => Z85.iter().position(|&z| z == c).map(|p| p as u8),
            // GNU's base16 alphabet is upper case only.
            Encoding::Base16 => matches!(c, b'0'..=b'9' | b'A'..=b'F')
                .then(|| (c as char).to_digit(16).map(|d| d as u8))
                .flatten(),
            e => {
                let r = e.radix()?;
                r.alphabet.iter().position(|&a| a == c).map(|p| p as u8)
            }
        }
    }

    /// The characters of one quantum: 4 (base64), 8 (base32), 5 (z85), 2
    /// (base16), 8 (base2).
    fn width(&self) -> usize {
        match self.enc {
            Encoding::Base64 | Encoding::Base64Url => 4,
            Encoding::Base32 | Encoding::Base32Hex | Encoding::Base2Msbf | Encoding::Base2Lsbf => 8,
            Encoding::Base16 => 2,
            Encoding::Z85 => 5,
        }
    }

    /// Decodes the pending characters (a whole quantum, or what there is)
    /// as far as they make whole bytes.
    fn flush(&mut self, out: &mut Vec<u8>) {
        let chars: Vec<u8> = self
            .pending
            .iter()
            .copied()
            .take_while(|&v| v != 255)
            .collect();
        self.pending.clear();
        match self.enc {
            Encoding::Z85 => {
                if chars.len() == 5 {
                    let v = chars.iter().fold(0u64, |v, &d| v * 85 + u64::from(d));
                    out.extend_from_slice(&(v as u32).to_be_bytes());
                }
            }
            Encoding::Base2Lsbf => {
                if chars.len() == 8 {
                    out.push(chars.iter().rev().fold(0u8, |v, &d| (v << 1) | d));
                }
            }
            e => {
                let bits = e.radix().map_or(8, |r| r.bits);
                let mut acc: u64 = 0;
                let mut n = 0u32;
                for &d in &chars {
                    acc = (acc << bits) | u64::from(d);
                    n += bits;
                    if n >= 8 {
                        n -= 8;
                        out.push((acc >> n) as u8);
                        acc &= (1u64 << n) - 1;
                    }
                }
            }
        }
    }

    /// Decodes `data` onto `out`; a bad character ends the decoding after
    /// the bytes before it are written.
    pub fn feed(&mut self, data: &[u8], out: &mut Vec<u8>) -> Result<(), Bad> {
        let padded = matches!(
            self.enc,
            Encoding::Base64 | Encoding::Base64Url | Encoding::Base32 | Encoding::Base32Hex
        );
        // The fast path: with nothing pending, a run of whole quanta of
        // alphabet characters decodes a quantum at a time; anything else
        // (a newline, `=`, a bad character, a quantum cut by the end of
        // `data`) goes one character through the general loop below.
        let bits = match self.enc {
            Encoding::Z85 | Encoding::Base2Lsbf => None,
            e => e.radix().map(|r| r.bits),
        };
        let width = self.width();
        out.reserve(data.len());
        let mut i = 0usize;
        while i < data.len() {
            if let (Some(bits), true) = (bits, self.pending.is_empty()) {
                while let Some(q) = data.get(i..i + width) {
                    let mut acc = 0u64;
                    let mut bad = 0u8;
                    for &c in q {
                        let v = self.table.get(usize::from(c)).copied().unwrap_or(NONE);
                        bad |= v;
                        acc = (acc << bits) | u64::from(v);
                    }
                    if bad & NONE_BIT != 0 {
                        break;
                    }
                    // A whole quantum of data after a padded end.
                    self.done = false;
                    let mut n = width as u32 * bits;
                    while n >= 8 {
                        n -= 8;
                        out.push((acc >> n) as u8);
                    }
                    i += width;
                }
            }
            let Some(&c) = data.get(i) else {
                break;
            };
            i += 1;
            if c == b'\n' {
                continue;
            }
            // `-i` drops what is neither in the alphabet nor `=` before
            // decoding (GNU keeps `=` for every encoding).
            let kept = c == b'=' || self.value(c).is_some();
            if let Some(n) = self.failing.as_mut() {
                if self.garbage && !kept {
                    continue;
                }
                *n += 1;
                if *n >= self.width() {
                    self.failing = None;
                    self.flush(out);
                    return Err(Bad::Input);
                }
                continue;
            }
            if padded && c == b'=' && !self.pending.is_empty() {
                self.pending.push(255);
            } else if let (Some(v), false) = (self.value(c), self.pending.contains(&255)) {
                if self.done {
                    // Data after a padded end starts a new quantum.
                    self.done = false;
                }
                self.pending.push(v);
            } else if self.garbage && !kept {
                continue;
            } else if self.whole_window() && self.pending.len() + 1 < self.width() {
                // The rest of the window decides whether the bytes before
                // the bad character are written.
                self.failing = Some(self.pending.len() + 1);
                continue;
            } else {
                self.flush(out);
                return Err(Bad::Input);
            }
            if self.pending.len() == self.width() {
                self.done = self.pending.contains(&255);
                self.flush(out);
            }
        }
        Ok(())
    }

    /// Ends the input: a partial quantum is decoded as far as it goes
    /// (base32: not at all) and is an error.
    pub fn finish(&mut self, out: &mut Vec<u8>) -> Result<(), Bad> {
        if self.failing.take().is_some() {
            self.pending.clear();
            return Err(Bad::Input);
        }
        if self.pending.is_empty() {
            return Ok(());
        }
        if self.whole_window() {
            // A short last window decodes to nothing.
            self.pending.clear();
            return Err(Bad::Input);
        }
        self.flush(out);
        Err(Bad::Input)
    }
}
