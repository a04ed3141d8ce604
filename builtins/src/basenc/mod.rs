//! `base64`, `base32` and `basenc`: encode standard input or one file,
//! or decode it (`-d`), as GNU coreutils 9.1 does. The encodings are in
//! [`codec`]; this module holds the three commands and the streaming
//! loop they share (wrapping at `-w` columns, 76 by default).

pub mod codec;

use codec::{Bad, Decoder, Encoding};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::input::open_input;
use crate::common::num::{IntErr, dec_to_int};
use crate::common::quote_shell;
use crate::common::sys::{Res, Sys, io_msg};
use sandbash_vfs::FsErrorKind;

/// The options of the three commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Decode,
    Garbage,
    Wrap,
    Enc(Encoding),
}

const DECODE: Flag<Key> = Flag::new('d', &["decode"], Key::Decode, "decode data");
const GARBAGE: Flag<Key> = Flag::new(
    'i',
    &["ignore-garbage"],
    Key::Garbage,
    "when decoding, ignore non-alphabet characters",
);
const WRAP: Flag<Key> = Flag::new(
    'w',
    &["wrap"],
    Key::Wrap,
    "wrap encoded lines after COLS character (default 76).\n  Use 0 to disable line wrapping",
)
.value("COLS");

/// `base64`.
pub struct Base64;
/// `base32`.
pub struct Base32;
/// `basenc`.
pub struct Basenc;

const FIXED_FLAGS: &[Flag<Key>] = &[DECODE, GARBAGE, WRAP];

impl Command for Base64 {
    const NAME: &'static str = "base64";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]"],
        about: "Base64 encode or decode FILE, or standard input, to standard output.\n\nWith no FILE, or when FILE is -, read standard input.",
        after: "The data are encoded as described for the base64 alphabet in RFC 4648.\nWhen decoding, the input may contain newlines in addition to the bytes of\nthe formal base64 alphabet.  Use --ignore-garbage to attempt to recover\nfrom any other non-alphabet bytes in the encoded stream.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = FIXED_FLAGS;

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        run(sys, p, Some(Encoding::Base64))
    }
}

impl Command for Base32 {
    const NAME: &'static str = "base32";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]"],
        about: "Base32 encode or decode FILE, or standard input, to standard output.\n\nWith no FILE, or when FILE is -, read standard input.",
        after: "The data are encoded as described for the base32 alphabet in RFC 4648.\nWhen decoding, the input may contain newlines in addition to the bytes of\nthe formal base32 alphabet.  Use --ignore-garbage to attempt to recover\nfrom any other non-alphabet bytes in the encoded stream.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = FIXED_FLAGS;

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        run(sys, p, Some(Encoding::Base32))
    }
}

impl Command for Basenc {
    const NAME: &'static str = "basenc";
    const HELP: Help = Help {
        usage: &["[OPTION]... [FILE]"],
        about: "basenc encode or decode FILE, or standard input, to standard output.\n\nWith no FILE, or when FILE is -, read standard input.",
        after: "When decoding, the input may contain newlines in addition to the bytes of\nthe formal alphabet.  Use --ignore-garbage to attempt to recover\nfrom any other non-alphabet bytes in the encoded stream.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::long(
            &["base64"],
            Key::Enc(Encoding::Base64),
            "same as 'base64' program (RFC4648 section 4)",
        ),
        Flag::long(
            &["base64url"],
            Key::Enc(Encoding::Base64Url),
            "file- and url-safe base64 (RFC4648 section 5)",
        ),
        Flag::long(
            &["base32"],
            Key::Enc(Encoding::Base32),
            "same as 'base32' program (RFC4648 section 6)",
        ),
        Flag::long(
            &["base32hex"],
            Key::Enc(Encoding::Base32Hex),
            "extended hex alphabet base32 (RFC4648 section 7)",
        ),
        Flag::long(
            &["base16"],
            Key::Enc(Encoding::Base16),
            "hex encoding (RFC4648 section 8)",
        ),
        Flag::long(
            &["base2msbf"],
            Key::Enc(Encoding::Base2Msbf),
            "bit string with most significant bit (msb) first",
        ),
        Flag::long(
            &["base2lsbf"],
            Key::Enc(Encoding::Base2Lsbf),
            "bit string with least significant bit (lsb) first",
        ),
        DECODE,
        GARBAGE,
        WRAP,
        Flag::long(
            &["z85"],
            Key::Enc(Encoding::Z85),
            "ascii85-like encoding (ZeroMQ spec:32/Z85);\n  when encoding, input length must be a multiple of 4;\n  when decoding, input length must be a multiple of 5",
        ),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        run(sys, p, None)
    }
}

/// The shared body: `fixed` is the encoding of `base64`/`base32`, `None`
/// for `basenc` (which takes it from its options).
fn run(sys: &mut Sys<'_>, p: Args<Key>, fixed: Option<Encoding>) -> Res<i32> {
    let mut enc = fixed;
    let (mut decode, mut garbage) = (false, false);
    let mut wrap = 76usize;
    for (k, v) in p.each() {
        match k {
            Key::Decode => decode = true,
            Key::Garbage => garbage = true,
            // As GNU's xstrtoimax: blanks and a sign allowed, a positive
            // overflow means no wrapping (as 0), a negative value is
            // refused.
            Key::Wrap => match dec_to_int(v, i64::MIN, i64::MAX) {
                Ok(n) if n >= 0 => wrap = usize::try_from(n).unwrap_or(usize::MAX),
                Err(IntErr::Overflow) if !v.trim_start().starts_with('-') => wrap = 0,
                _ => {
                    sys.diag.error(format_args!(
                        "invalid wrap size: {}",
                        crate::common::quote(v)
                    ));
                    return Ok(1);
                }
            },
            Key::Enc(e) => enc = Some(e),
        }
    }
    let Some(enc) = enc else {
        sys.diag.usage("missing encoding type");
        return Ok(1);
    };
    if let Some(extra) = p.operands.get(1) {
        sys.diag.usage(format_args!(
            "extra operand {}",
            crate::common::quote(extra)
        ));
        return Ok(1);
    }
    let op = p.operands.first().map_or("-", String::as_str).to_owned();
    let mut input = match open_input(&mut *sys.stdin, sys.fs, sys.cwd, &op) {
        Ok(i) => i,
        // GNU opens a directory and fails reading it.
        Err(e) if e.kind == FsErrorKind::IsADirectory => {
            sys.diag.error(format_args!("read error: {}", e.kind));
            return Ok(1);
        }
        Err(e) => {
            sys.diag
                .error(format_args!("{}: {}", quote_shell(&op), e.kind));
            return Ok(1);
        }
    };
    let mut buf = vec![0u8; 64 * 1024];
    let mut out: Vec<u8> = Vec::with_capacity(128 * 1024);
    let mut decoder = Decoder::new(enc, garbage);
    let mut carry: Vec<u8> = Vec::new();
    let mut col = 0usize;
    // z85's encoded text of the last chunk waits for the next: an input
    // whose length is no multiple of 4 then prints nothing of that chunk,
    // as GNU, which encodes a block at a time, prints nothing of a short one.
    let mut held: Vec<u8> = Vec::new();
    let mut text: Vec<u8> = Vec::new();
    let mut total = 0u64;
    loop {
        sys.tick.check()?;
        let n = match std::io::Read::read(&mut input, &mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                sys.out.flush()?;
                sys.diag.error(format_args!("read error: {}", io_msg(&e)));
                return Ok(1);
            }
        };
        let data = buf.get(..n).unwrap_or(&[]);
        total += n as u64;
        if decode {
            let r = decoder.feed(data, &mut out);
            sys.out.put(&out)?;
            out.clear();
            if r == Err(Bad::Input) {
                return invalid(sys, enc, decode);
            }
            continue;
        }
        // A group cut by the end of the last chunk is completed first;
        // the whole groups of this chunk are encoded where they are; what
        // is left of a group waits in `carry` (never a copy of the chunk).
        let group = enc.group();
        let mut src = data;
        text.clear();
        if !carry.is_empty() {
            let take = (group - carry.len()).min(src.len());
            carry.extend_from_slice(src.get(..take).unwrap_or(&[]));
            src = src.get(take..).unwrap_or(&[]);
            if carry.len() == group {
                enc.encode(&carry, &mut text);
                carry.clear();
            }
        }
        let whole = src.len() - src.len() % group;
        enc.encode(src.get(..whole).unwrap_or(&[]), &mut text);
        carry.extend_from_slice(src.get(whole..).unwrap_or(&[]));
        if enc == Encoding::Z85 {
            wrap_into(&held, wrap, &mut col, &mut out);
            std::mem::swap(&mut held, &mut text);
        } else {
            wrap_into(&text, wrap, &mut col, &mut out);
        }
        sys.out.put(&out)?;
        out.clear();
    }
    if decode {
        if decoder.finish(&mut out) == Err(Bad::Input) {
            sys.out.put(&out)?;
            return invalid(sys, enc, decode);
        }
        sys.out.put(&out)?;
        return Ok(0);
    }
    if enc == Encoding::Z85 && !total.is_multiple_of(4) {
        return invalid(sys, enc, decode);
    }
    let mut text = std::mem::take(&mut held);
    enc.encode(&carry, &mut text);
    debug_assert!(carry.len() < enc.group());
    wrap_into(&text, wrap, &mut col, &mut out);
    if wrap > 0 && col > 0 {
        out.push(b'\n');
    }
    sys.out.put(&out)?;
    Ok(0)
}

/// Reports bad input (GNU adds the length rule for z85).
fn invalid(sys: &mut Sys<'_>, enc: Encoding, decode: bool) -> Res<i32> {
    sys.out.flush()?;
    if enc == Encoding::Z85 && !decode {
        sys.diag
            .error("invalid input (length must be multiple of 4 characters)");
    } else {
        sys.diag.error("invalid input");
    }
    Ok(1)
}

/// Appends `text` to `out` with a newline after every `wrap` columns
/// (`0`: never); `col` carries the column across calls.
fn wrap_into(text: &[u8], wrap: usize, col: &mut usize, out: &mut Vec<u8>) {
    if wrap == 0 {
        out.extend_from_slice(text);
        return;
    }
    let mut rest = text;
    while !rest.is_empty() {
        let take = (wrap - *col).min(rest.len());
        out.extend_from_slice(rest.get(..take).unwrap_or(&[]));
        rest = rest.get(take..).unwrap_or(&[]);
        *col += take;
        if *col == wrap {
            out.push(b'\n');
            *col = 0;
        }
    }
}

#[cfg(test)]
mod tests;
