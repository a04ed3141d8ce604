//! The digest algorithms and the streaming hasher over them.

use blake2::Blake2bVarCore;
use digest::DynDigest;
use digest::block_api::{Buffer, UpdateCore, VariableOutputCore};

/// A digest `-a` names (the CRC and 16-bit sums are [`Plain`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algo {
    Md5,
    Sha1,
    Sha224,
    Sha256,
    Sha384,
    Sha512,
    Blake2b,
    Sm3,
}

/// The checksums `cksum -a` prints as numbers, not hex digests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plain {
    /// POSIX `cksum`: CRC-32 over the bytes and their length.
    Crc,
    /// `sum -r`: the BSD rotating 16-bit sum, 1 KiB blocks.
    Bsd,
    /// `sum -s`: the System V sum, 512-byte blocks.
    Sysv,
}

/// Every digest, in the order `cksum`'s `--help` lists them.
pub const ALL: [Algo; 8] = [
    Algo::Md5,
    Algo::Sha1,
    Algo::Sha224,
    Algo::Sha256,
    Algo::Sha384,
    Algo::Sha512,
    Algo::Blake2b,
    Algo::Sm3,
];

impl Algo {
    /// The tag of BSD-style lines (`MD5 (f) = ...`); BLAKE2b with a
    /// length other than 512 bits adds it (`BLAKE2b-256`).
    pub fn tag(self, bits: usize) -> String {
        match self {
            Algo::Md5 => "MD5".into(),
            Algo::Sha1 => "SHA1".into(),
            Algo::Sha224 => "SHA224".into(),
            Algo::Sha256 => "SHA256".into(),
            Algo::Sha384 => "SHA384".into(),
            Algo::Sha512 => "SHA512".into(),
            Algo::Blake2b if bits == 512 => "BLAKE2b".into(),
            Algo::Blake2b => format!("BLAKE2b-{bits}"),
            Algo::Sm3 => "SM3".into(),
        }
    }

    /// The name `cksum -a` takes.
    pub fn name(self) -> &'static str {
        match self {
            Algo::Md5 => "md5",
            Algo::Sha1 => "sha1",
            Algo::Sha224 => "sha224",
            Algo::Sha256 => "sha256",
            Algo::Sha384 => "sha384",
            Algo::Sha512 => "sha512",
            Algo::Blake2b => "blake2b",
            Algo::Sm3 => "sm3",
        }
    }

    /// The digest's full length in bits.
    pub fn bits(self) -> usize {
        match self {
            Algo::Md5 => 128,
            Algo::Sha1 => 160,
            Algo::Sha224 => 224,
            Algo::Sha256 | Algo::Sm3 => 256,
            Algo::Sha384 => 384,
            Algo::Sha512 | Algo::Blake2b => 512,
        }
    }

    /// The algorithm whose tag starts a BSD-style line, and its length:
    /// `MD5`, `BLAKE2b`, `BLAKE2b-256`.
    pub fn from_tag(tag: &str) -> Option<(Algo, usize)> {
        if let Some(bits) = tag.strip_prefix("BLAKE2b-") {
            let bits: usize = bits.parse().ok()?;
            return (bits > 0 && bits <= 512 && bits.is_multiple_of(8))
                .then_some((Algo::Blake2b, bits));
        }
        ALL.into_iter()
            .find(|a| a.tag(a.bits()) == tag)
            .map(|a| (a, a.bits()))
    }

    /// A hasher producing `bits` bits (only BLAKE2b is variable).
    pub fn hasher(self, bits: usize) -> Hasher {
        Hasher(match self {
            Algo::Md5 => Inner::Dyn(Box::new(md5::Md5::default())),
            Algo::Sha1 => Inner::Dyn(Box::new(sha1::Sha1::default())),
            Algo::Sha224 => Inner::Dyn(Box::new(sha2::Sha224::default())),
            Algo::Sha256 => Inner::Dyn(Box::new(sha2::Sha256::default())),
            Algo::Sha384 => Inner::Dyn(Box::new(sha2::Sha384::default())),
            Algo::Sha512 => Inner::Dyn(Box::new(sha2::Sha512::default())),
            Algo::Sm3 => Inner::Dyn(Box::new(sm3::Sm3::default())),
            Algo::Blake2b => match Blake2bVarCore::new(bits / 8) {
                Ok(core) => Inner::Blake(Box::new((
                    core,
                    Buffer::<Blake2bVarCore>::default(),
                    bits / 8,
                ))),
                // Lengths are checked when the options are read.
                Err(_) => Inner::Dyn(Box::new(blake2::Blake2b512::default())),
            },
        })
    }
}

/// A running digest.
pub struct Hasher(Inner);

enum Inner {
    Dyn(Box<dyn DynDigest>),
    /// BLAKE2b of any length: the block core, its buffer, the length in
    /// bytes.
    Blake(Box<(Blake2bVarCore, Buffer<Blake2bVarCore>, usize)>),
}

impl Hasher {
    /// Feeds `data`.
    pub fn update(&mut self, data: &[u8]) {
        match &mut self.0 {
            Inner::Dyn(d) => d.update(data),
            Inner::Blake(b) => {
                let (core, buffer, _) = &mut **b;
                buffer.digest_blocks(data, |blocks| core.update_blocks(blocks));
            }
        }
    }

    /// The digest as lower-case hex.
    pub fn hex(self) -> String {
        let bytes: Vec<u8> = match self.0 {
            Inner::Dyn(d) => d.finalize().into_vec(),
            Inner::Blake(b) => {
                let (mut core, mut buffer, len) = *b;
                let mut full = digest::Output::<Blake2bVarCore>::default();
                core.finalize_variable_core(&mut buffer, &mut full);
                // BLAKE2b's shorter digests are the front of its output.
                full.get(..len).unwrap_or(&full).to_vec()
            }
        };
        hex(&bytes)
    }
}

/// Lower-case hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(char::from(DIGITS[usize::from(b >> 4)]));
        s.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    s
}

/// A running [`Plain`] checksum.
pub struct PlainSum {
    kind: Plain,
    crc: crc::Digest<'static, u32>,
    sum: u32,
    len: u64,
}

static CKSUM: crc::Crc<u32> = crc::Crc::<u32>::new(&crc::CRC_32_CKSUM);

impl PlainSum {
    pub fn new(kind: Plain) -> Self {
        Self {
            kind,
            crc: CKSUM.digest(),
            sum: 0,
            len: 0,
        }
    }

    pub fn update(&mut self, data: &[u8]) {
        self.len += data.len() as u64;
        match self.kind {
            Plain::Crc => self.crc.update(data),
            Plain::Bsd => {
                for &b in data {
                    self.sum = (self.sum >> 1) + ((self.sum & 1) << 15);
                    self.sum = (self.sum + u32::from(b)) & 0xffff;
                }
            }
            Plain::Sysv => {
                for &b in data {
                    self.sum = self.sum.wrapping_add(u32::from(b));
                }
            }
        }
    }

    /// The line GNU prints, without the name: `CRC LEN`, `SUM BLOCKS`.
    pub fn text(mut self) -> String {
        match self.kind {
            Plain::Crc => {
                // POSIX: the length follows the data, least significant
                // byte first, in as few bytes as it takes.
                let mut n = self.len;
                while n > 0 {
                    self.crc.update(&[(n & 0xff) as u8]);
                    n >>= 8;
                }
                format!("{} {}", self.crc.finalize(), self.len)
            }
            Plain::Bsd => format!("{:05} {:5}", self.sum, self.len.div_ceil(1024)),
            Plain::Sysv => {
                let r = (self.sum & 0xffff) + (self.sum >> 16);
                let s = (r & 0xffff) + (r >> 16);
                format!("{s} {}", self.len.div_ceil(512))
            }
        }
    }
}
