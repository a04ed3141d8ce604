//! `-z -j -J -a`: the archive through gzip, bzip2 or xz, using the
//! compress module's codecs: written through the compressor as it is made,
//! read whole (an archive read is held whole anyway).
//! Reading recognizes a compressed archive by its magic bytes, as GNU tar
//! does, whatever the options say.

use crate::compress::{Bz, DecodeError, Encoder, Format, Gz, Meta, Opts, Xz};
use sandbash_interpreter::memory::Charge;

use super::Key;

/// The codec a compression key names.
fn opts(room: u64) -> Opts {
    Opts {
        decompress: false,
        stdout: true,
        keep: false,
        force: false,
        test: false,
        list: false,
        recursive: false,
        verbose: false,
        quiet: true,
        no_name: true,
        name: false,
        level: None,
        extreme: false,
        suffix: None,
        format: None,
        room,
    }
}

/// The compression `data` starts with, if any.
pub fn sniff(data: &[u8]) -> Option<Key> {
    if data.starts_with(b"\x1f\x8b") {
        Some(Key::Gzip)
    } else if data.starts_with(b"BZh") {
        Some(Key::Bzip2)
    } else if data.starts_with(b"\xfd7zXZ\0") {
        Some(Key::Xz)
    } else {
        None
    }
}

/// The program GNU tar would have run, for its messages.
pub fn program(kind: Key) -> &'static str {
    match kind {
        Key::Bzip2 => "bzip2",
        Key::Xz => "xz",
        _ => "gzip",
    }
}

/// A compressor for the archive as it is written into `w` (the codec's
/// defaults: gzip -6, bzip2 -9, xz -6), and the bytes it holds meanwhile.
pub fn writer<'w>(
    kind: Key,
    w: Box<dyn std::io::Write + 'w>,
    room: u64,
) -> std::io::Result<(Box<dyn Encoder + 'w>, u64)> {
    let o = opts(room);
    let meta = Meta {
        name: None,
        mtime: 0,
        overhead: 0,
    };
    Ok(match kind {
        Key::Bzip2 => (Bz::writer(&o, w, &meta)?, Bz::memory(&o)),
        Key::Xz => (Xz::writer(&o, w, &meta)?, Xz::memory(&o)),
        _ => (Gz::writer(&o, w, &meta)?, Gz::memory(&o)),
    })
}

/// Decompresses an archive read whole.
pub fn decompress(
    kind: Key,
    data: &[u8],
    room: u64,
    charge: &mut Charge,
) -> Result<Vec<u8>, DecodeError> {
    let mut o = opts(room);
    o.decompress = true;
    let mut out = Vec::new();
    let mut r = data;
    match kind {
        Key::Bzip2 => Bz::decompress(&o, &mut r, &mut out, charge)?,
        Key::Xz => Xz::decompress(&o, &mut r, &mut out, charge)?,
        _ => Gz::decompress(&o, &mut r, &mut out, charge)?,
    };
    Ok(out)
}
