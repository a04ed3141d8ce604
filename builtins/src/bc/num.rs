//! bc's numbers: an integer `v` scaled by `10^s` (value = v / 10^s), with
//! GNU bc's scale rules for every operation. Results are truncated toward
//! zero, never rounded, as bc does.

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// A bc number.
#[derive(Clone, Debug, Default)]
pub struct Num {
    /// The digits as an integer.
    pub v: BigInt,
    /// How many of them are after the point.
    pub s: u32,
    /// A negative power truncated to zero keeps its sign in GNU bc: it
    /// prints as `-0` and compares below 0. Only [`Num::pow`] sets it.
    pub neg0: bool,
}

/// Why an operation gave no number.
#[derive(Debug)]
pub enum Why {
    /// A zero divisor.
    Zero,
    /// The run was cancelled during a long operation.
    Halt,
}

/// Tells a long operation to stop (the run's cancel signal).
pub type Stop<'a> = &'a dyn Fn() -> bool;

/// Operands above this many bits are worked on in pieces, checking
/// `stop` between pieces, so a huge product or quotient still ends
/// soon after a cancel.
const PIECE: u64 = 1 << 18;

/// `a * b`, in pieces of `b` when both are huge.
pub fn bmul(a: &BigInt, b: &BigInt, stop: Stop<'_>) -> Result<BigInt, Why> {
    let (a, b) = if a.bits() >= b.bits() { (a, b) } else { (b, a) };
    if b.bits() <= PIECE {
        return Ok(a * b);
    }
    let neg = b.is_negative();
    let mut rest = b.abs();
    let mask = (BigInt::one() << PIECE) - 1;
    let mut acc = BigInt::zero();
    let mut shift = 0u64;
    while !rest.is_zero() {
        if stop() {
            return Err(Why::Halt);
        }
        let piece = &rest & &mask;
        acc += (a * piece) << shift;
        rest >>= PIECE;
        shift += PIECE;
    }
    Ok(if neg { -acc } else { acc })
}

/// `a / b` truncated toward zero, as long division by blocks of the
/// dividend when the quotient is huge.
pub fn bdiv(a: &BigInt, b: &BigInt, stop: Stop<'_>) -> Result<BigInt, Why> {
    if b.is_zero() {
        return Err(Why::Zero);
    }
    let qbits = a.bits().saturating_sub(b.bits());
    if qbits <= PIECE || b.bits() <= 64 && qbits <= PIECE * 16 {
        return Ok(a / b);
    }
    let neg = a.is_negative() != b.is_negative();
    let (n, d) = (a.abs(), b.abs());
    let blocks = n.bits().div_ceil(PIECE);
    let mask = (BigInt::one() << PIECE) - 1;
    let mut q = BigInt::zero();
    let mut r = BigInt::zero();
    for i in (0..blocks).rev() {
        if stop() {
            return Err(Why::Halt);
        }
        let block = (&n >> (i * PIECE)) & &mask;
        r = (r << PIECE) | block;
        let (qi, ri) = r.div_rem(&d);
        q = (q << PIECE) | qi;
        r = ri;
    }
    Ok(if neg { -q } else { q })
}

/// `a ^ n` by squaring, each product through [`bmul`].
pub fn bpow(a: &BigInt, mut n: u64, stop: Stop<'_>) -> Result<BigInt, Why> {
    let mut base = a.clone();
    let mut acc = BigInt::one();
    while n > 0 {
        if stop() {
            return Err(Why::Halt);
        }
        if n & 1 == 1 {
            acc = bmul(&acc, &base, stop)?;
        }
        n >>= 1;
        if n > 0 {
            base = bmul(&base, &base, stop)?;
        }
    }
    Ok(acc)
}

/// The integer square root of `a >= 0` by Newton's method from above,
/// each step through [`bdiv`].
pub fn bsqrt(a: &BigInt, stop: Stop<'_>) -> Result<BigInt, Why> {
    if a.bits() <= PIECE {
        return Ok(a.sqrt());
    }
    let mut x = BigInt::one() << (a.bits() / 2 + 1);
    loop {
        if stop() {
            return Err(Why::Halt);
        }
        let y = (&x + bdiv(a, &x, stop)?) >> 1;
        if y >= x {
            return Ok(x);
        }
        x = y;
    }
}

/// The decimal digits of `n > 0`: `to_string` when small, else 18
/// digits per long division, checking `tick` between them.
fn decimal(n: &BigInt, tick: &mut dyn FnMut() -> bool) -> Option<String> {
    if n.bits() < PIECE {
        return Some(n.to_string());
    }
    let chunk = BigInt::from(1_000_000_000_000_000_000u64);
    let mut parts = Vec::new();
    let mut n = n.clone();
    while !n.is_zero() {
        if !tick() {
            return None;
        }
        let (q, r) = n.div_rem(&chunk);
        parts.push(r.to_u64().unwrap_or(0));
        n = q;
    }
    let mut out = String::with_capacity(parts.len() * 18);
    for (i, p) in parts.iter().rev().enumerate() {
        if i == 0 {
            out.push_str(&p.to_string());
        } else {
            out.push_str(&format!("{p:018}"));
        }
    }
    Some(out)
}

/// `10^n`.
pub fn p10(n: u32) -> BigInt {
    num_traits::pow(BigInt::from(10u32), n as usize)
}

/// Divides toward zero (BigInt's `/` does).
fn shrink(v: &BigInt, by: u32) -> BigInt {
    if by == 0 { v.clone() } else { v / p10(by) }
}

impl Num {
    /// The integer `n`.
    pub fn int(n: i64) -> Self {
        Self {
            neg0: false,
            v: BigInt::from(n),
            s: 0,
        }
    }

    /// Zero.
    pub fn zero() -> Self {
        Self::int(0)
    }

    /// The digits rescaled to `to` (truncating when shrinking).
    pub fn at(&self, to: u32) -> BigInt {
        if to >= self.s {
            &self.v * p10(to - self.s)
        } else {
            shrink(&self.v, self.s - to)
        }
    }

    /// This number truncated (or extended) to `to` digits after the point.
    pub fn rescale(&self, to: u32) -> Self {
        Self {
            neg0: false,
            v: self.at(to),
            s: to,
        }
    }

    pub fn is_zero(&self) -> bool {
        self.v.is_zero()
    }

    pub fn is_neg(&self) -> bool {
        self.v.sign() == Sign::Minus
    }

    /// Bytes this number takes, roughly (for the memory budget).
    pub fn size(&self) -> u64 {
        self.v.bits() / 8 + 32
    }

    pub fn add(&self, o: &Self) -> Self {
        let s = self.s.max(o.s);
        Self {
            neg0: false,
            v: self.at(s) + o.at(s),
            s,
        }
    }

    pub fn sub(&self, o: &Self) -> Self {
        let s = self.s.max(o.s);
        Self {
            neg0: false,
            v: self.at(s) - o.at(s),
            s,
        }
    }

    pub fn neg(&self) -> Self {
        Self {
            neg0: false,
            v: -&self.v,
            s: self.s,
        }
    }

    /// Product at `min(sa + sb, max(scale, sa, sb))` digits.
    pub fn mul(&self, o: &Self, scale: u32, stop: Stop<'_>) -> Result<Self, Why> {
        let full = self.s + o.s;
        let rs = full.min(scale.max(self.s).max(o.s));
        let p = bmul(&self.v, &o.v, stop)?;
        Ok(Self {
            neg0: false,
            v: shrink(&p, full - rs),
            s: rs,
        })
    }

    /// Quotient at `scale` digits.
    pub fn div(&self, o: &Self, scale: u32, stop: Stop<'_>) -> Result<Self, Why> {
        if o.is_zero() {
            return Err(Why::Zero);
        }
        let num = &self.v * p10(o.s + scale);
        let den = &o.v * p10(self.s);
        Ok(Self {
            neg0: false,
            v: bdiv(&num, &den, stop)?,
            s: scale,
        })
    }

    /// `a - (a / b) * b` as GNU bc: the quotient at `scale`, the result at
    /// `max(sa, sb + scale)`.
    pub fn rem(&self, o: &Self, scale: u32, stop: Stop<'_>) -> Result<Self, Why> {
        let rs = self.s.max(o.s + scale);
        let q = self.div(o, scale, stop)?;
        let t = q.mul(o, rs, stop)?;
        Ok(self.sub(&t).rescale(rs.max(self.s)))
    }

    /// `self ^ e` for an integer `e` (GNU's scale rules: a negative power
    /// is `1 / x^-e` at `scale`, a positive one keeps
    /// `min(sa * e, max(scale, sa))` digits).
    pub fn pow(&self, e: i64, scale: u32, stop: Stop<'_>) -> Result<Self, Why> {
        if e == 0 {
            return Ok(Self::int(1));
        }
        let n = e.unsigned_abs();
        let v = bpow(&self.v, n, stop)?;
        let full = u64::from(self.s).saturating_mul(n).min(u64::from(u32::MAX)) as u32;
        let exact = Self {
            neg0: false,
            v,
            s: full,
        };
        if e < 0 {
            Self::int(1).div(&exact, scale, stop)
        } else {
            let rs = u64::from(self.s)
                .saturating_mul(n)
                .min(u64::from(scale.max(self.s))) as u32;
            let mut r = exact.rescale(rs);
            r.neg0 = r.is_zero() && exact.is_neg();
            Ok(r)
        }
    }

    /// Square root at `max(scale, sa)` digits; [`Why::Zero`] when
    /// negative.
    pub fn sqrt(&self, scale: u32, stop: Stop<'_>) -> Result<Self, Why> {
        if self.is_neg() || self.neg0 {
            return Err(Why::Zero);
        }
        if self.is_zero() {
            return Ok(Self::zero());
        }
        if self.compare(&Self::int(1)).is_eq() {
            // GNU answers 1 itself, at scale 0.
            return Ok(Self::int(1));
        }
        let rs = scale.max(self.s);
        let x = self.at(2 * rs);
        Ok(Self {
            neg0: false,
            v: bsqrt(&x, stop)?,
            s: rs,
        })
    }

    pub fn compare(&self, o: &Self) -> std::cmp::Ordering {
        if self.is_zero() && o.is_zero() {
            // GNU compares signs first: -0 is below 0.
            return o.neg0.cmp(&self.neg0);
        }
        let s = self.s.max(o.s);
        self.at(s).cmp(&o.at(s))
    }

    /// The integer part as an `i64`, if it fits.
    pub fn to_i64(&self) -> Option<i64> {
        shrink(&self.v, self.s).to_i64()
    }

    /// bc's `length()`: significant digits.
    pub fn length(&self) -> u32 {
        let ip = shrink(&self.v.abs(), self.s);
        let idig = if ip.is_zero() {
            0
        } else {
            ip.to_string().len() as u32
        };
        (idig + self.s).max(1)
    }

    /// Converts a constant's text in `base` as GNU bc does: a lone digit
    /// keeps its face value, others are capped at `base - 1`; a fraction
    /// of k digits is exact to k digits (truncated).
    pub fn parse(text: &str, base: u32) -> Self {
        if base == 10
            && text.len() < 18
            && text.len() > 1
            && text.bytes().all(|c| c.is_ascii_digit())
            && let Ok(n) = text.parse::<i64>()
        {
            return Self::int(n);
        }
        let digits: Vec<u8> = text.bytes().filter(|&c| c != b'\\' && c != b'\n').collect();
        let val = |c: u8| -> u32 {
            match c {
                b'0'..=b'9' => u32::from(c - b'0'),
                b'A'..=b'Z' => u32::from(c - b'A') + 10,
                _ => 0,
            }
        };
        // A lone digit (`A`, or `A.`) keeps its face value in any base.
        let lone = match digits.as_slice() {
            [c] | [c, b'.'] => Some(*c),
            _ => None,
        };
        if lone.is_some_and(|c| c.is_ascii_alphanumeric()) {
            return Self::int(i64::from(val(lone.unwrap_or(b'0'))));
        }
        let (ip, fp) = match digits.iter().position(|&c| c == b'.') {
            Some(i) => (
                digits.get(..i).unwrap_or(&[]),
                digits.get(i + 1..).unwrap_or(&[]),
            ),
            None => (&digits[..], &[][..]),
        };
        let cap = |c: u8| val(c).min(base - 1);
        // In base 10 every digit is capped at 9 (`A.A` is 9.9); in other
        // bases a one-digit integer part keeps its face value (`A.A` is
        // 10.6 in base 3), as GNU bc converts them.
        if base == 10 {
            let mut s = String::with_capacity(digits.len());
            for &c in ip.iter().chain(fp) {
                s.push(char::from(b'0' + cap(c) as u8));
            }
            let v = if s.is_empty() {
                BigInt::zero()
            } else {
                s.parse().unwrap_or_default()
            };
            return Self {
                neg0: false,
                v,
                s: fp.len() as u32,
            };
        }
        let b = BigInt::from(base);
        let mut iv = BigInt::zero();
        if let [c] = ip {
            iv = BigInt::from(val(*c));
        } else {
            for &c in ip {
                iv = iv * &b + BigInt::from(cap(c));
            }
        }
        let mut r = Self {
            neg0: false,
            v: iv,
            s: 0,
        };
        if !fp.is_empty() {
            let mut f = BigInt::zero();
            let mut m = BigInt::one();
            for &c in fp {
                f = f * &b + BigInt::from(cap(c));
                m *= &b;
            }
            let k = fp.len() as u32;
            let frac = Self {
                neg0: false,
                v: f * p10(k) / m,
                s: k,
            };
            r = r.add(&frac);
        }
        r
    }

    /// The text bc prints for this number in `base` (without line
    /// splitting): `digit` pieces, the point, and a flag per piece telling
    /// whether it is a digit group (for obase > 16, groups start with a
    /// space except the first after the point).
    pub fn render(&self, base: u32, tick: &mut dyn FnMut() -> bool) -> Option<String> {
        if self.is_zero() {
            return Some(if self.neg0 { "-0" } else { "0" }.into());
        }
        let mut out = String::new();
        if self.is_neg() {
            out.push('-');
        }
        let a = self.v.abs();
        let unit = p10(self.s);
        let (ip, fp) = a.div_rem(&unit);
        if base == 10 {
            if !ip.is_zero() {
                out.push_str(&decimal(&ip, tick)?);
            }
            if self.s > 0 {
                out.push('.');
                let f = if fp.is_zero() {
                    String::new()
                } else {
                    decimal(&fp, tick)?
                };
                for _ in f.len()..self.s as usize {
                    out.push('0');
                }
                out.push_str(&f);
            }
            return Some(out);
        }
        let width = (base - 1).to_string().len();
        let digit = |out: &mut String, d: u32, space: bool| {
            if base <= 16 {
                out.push(char::from(b"0123456789ABCDEF"[d as usize % 16]));
            } else {
                if space {
                    out.push(' ');
                }
                let t = d.to_string();
                for _ in t.len()..width {
                    out.push('0');
                }
                out.push_str(&t);
            }
        };
        if !ip.is_zero() {
            // Peel off `base^m` at a time (the largest power below 2^63),
            // then split each chunk into its m digits: m times fewer long
            // divisions than digit by digit.
            let mut m = 1u32;
            let mut chunk = u64::from(base);
            while let Some(next) = chunk.checked_mul(u64::from(base)) {
                if next > 1 << 62 {
                    break;
                }
                chunk = next;
                m += 1;
            }
            let big_chunk = BigInt::from(chunk);
            let mut ds = Vec::new();
            let mut n = ip;
            while !n.is_zero() {
                if !tick() {
                    return None;
                }
                let (q, r) = n.div_rem(&big_chunk);
                let mut r = r.to_u64().unwrap_or(0);
                let last = q.is_zero();
                for _ in 0..m {
                    if last && r == 0 {
                        break;
                    }
                    ds.push((r % u64::from(base)) as u32);
                    r /= u64::from(base);
                }
                n = q;
            }
            for &d in ds.iter().rev() {
                digit(&mut out, d, true);
            }
        }
        if self.s > 0 {
            out.push('.');
            let mut t = BigInt::one();
            let mut f = fp;
            let mut first = true;
            // GNU prints digits while base^k has at most `s` digits.
            while t < unit {
                if !tick() {
                    return None;
                }
                f *= base;
                let (d, r) = f.div_rem(&unit);
                digit(&mut out, d.to_u32().unwrap_or(0), !first);
                first = false;
                f = r;
                t *= base;
            }
        }
        Some(out)
    }
}
