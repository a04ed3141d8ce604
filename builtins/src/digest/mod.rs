//! The checksum utilities: `md5sum`, `sha1sum`, `sha224sum`, `sha256sum`,
//! `sha384sum`, `sha512sum`, `b2sum` (one shape, [`sums::Sums`]), `cksum`
//! (CRC, the BSD and System V sums and every digest through `-a`) and
//! `sum`, as GNU coreutils 9.1 prints and checks them.
//!
//! - [`algo`]: the algorithms (RustCrypto's hashes, the `crc` crate's
//!   CRC-32/CKSUM, the two 16-bit sums) behind one streaming [`algo::Hasher`].
//! - [`read`]: feeding an operand to a hasher chunk by chunk: nothing is
//!   held beyond a 64 KiB buffer, and cancellation is checked per chunk.
//! - [`line`]: the lines written (`HASH  NAME`, `HASH *NAME`, the BSD
//!   `ALGO (NAME) = HASH` tag, GNU's `\` escaping of names holding a
//!   backslash or newline).
//! - [`check`]: `-c`: reading those lines back, `NAME: OK` / `FAILED`, and
//!   GNU's summary warnings and exit status.

pub mod algo;
mod check;
pub mod cksum;
mod line;
mod read;
pub mod sum;
pub mod sums;

#[cfg(test)]
mod tests;
