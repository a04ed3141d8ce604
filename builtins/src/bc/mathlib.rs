//! The `-l` math functions `s c a l e j`, our own fixed-point series (not
//! GNU's libmath.b): each computes with guard digits past `scale` (more
//! for large arguments and for the halvings or square roots of its
//! argument reduction), then truncates to `scale` as bc's functions do.
//! Every series loop ticks the cancel signal.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::num::{Num, p10};
use crate::common::sys::{Res, Ticker};

const GUARD: u32 = 20;

fn fixed(x: &Num, p: u32) -> BigInt {
    x.at(p)
}

fn done(v: BigInt, p: u32, scale: u32) -> Num {
    Num {
        neg0: false,
        v,
        s: p,
    }
    .rescale(scale)
}

fn fmul(a: &BigInt, b: &BigInt, one: &BigInt) -> BigInt {
    a * b / one
}

fn fdiv(a: &BigInt, b: &BigInt, one: &BigInt) -> BigInt {
    a * one / b
}

/// Integer digits of |x|, roughly.
fn mag(x: &Num) -> u32 {
    let ip = x.v.abs() / p10(x.s);
    if ip.is_zero() {
        0
    } else {
        (ip.bits() as f64 * 0.302) as u32 + 1
    }
}

/// `e^x`.
pub fn exp(x: &Num, scale: u32, t: &mut Ticker<'_>) -> Res<Num> {
    let xi = x.to_i64().unwrap_or(i64::MAX).unsigned_abs();
    let big = (xi as f64 * std::f64::consts::LOG10_E) as u32;
    let p = scale + GUARD + big + mag(x) * 4 + 8;
    let one = p10(p);
    let mut v = fixed(x, p).abs();
    let mut k = 0u32;
    let half = &one / 2;
    while v > half {
        t.tick()?;
        v /= 2;
        k += 1;
    }
    let p2 = p + k / 3 + 2;
    let one2 = p10(p2);
    let v = v * p10(p2 - p);
    let mut sum = one2.clone();
    let mut term = one2.clone();
    let mut n = 1u32;
    loop {
        t.tick()?;
        term = fmul(&term, &v, &one2) / n;
        if term.is_zero() {
            break;
        }
        sum += &term;
        n += 1;
    }
    for _ in 0..k {
        t.tick()?;
        sum = fmul(&sum, &sum, &one2);
    }
    if x.is_neg() {
        if sum.is_zero() {
            return Ok(Num::zero());
        }
        sum = fdiv(&one2, &sum, &one2);
    }
    Ok(done(sum, p2, scale))
}

/// `ln x`; for `x <= 0`, GNU's `(1 - 10^scale) / 1`.
pub fn ln(x: &Num, scale: u32, t: &mut Ticker<'_>) -> Res<Num> {
    if x.is_neg() || x.is_zero() {
        let v = (BigInt::one() - p10(scale)) * p10(scale);
        return Ok(Num {
            neg0: false,
            v,
            s: scale,
        });
    }
    let p = scale + GUARD + 8 + mag(x) / 8;
    // Square roots take up to about 60 bits of the argument's reduction:
    // give them digits back.
    let p = p + 24;
    let one = p10(p);
    let mut v = fixed(x, p + x.s);
    let one_x = p10(p + x.s);
    // Work at p + x.s so tiny arguments keep their digits.
    let pw = p + x.s;
    let lo = &one_x * 9 / 10;
    let hi = &one_x * 11 / 10;
    let mut k = 0u32;
    while v < lo || v > hi {
        t.tick()?;
        v = (v * &one_x).sqrt();
        k += 1;
    }
    let z = fdiv(&(&v - &one_x), &(&v + &one_x), &one_x);
    let z2 = fmul(&z, &z, &one_x);
    let mut sum = z.clone();
    let mut pw_term = z;
    let mut n = 3u32;
    loop {
        t.tick()?;
        pw_term = fmul(&pw_term, &z2, &one_x);
        let term = &pw_term / n;
        if term.is_zero() {
            break;
        }
        sum += term;
        n += 2;
    }
    let r = sum * 2 * (BigInt::one() << k);
    let _ = one;
    Ok(done(r, pw, scale))
}

/// `atan x` at `p` digits, fixed point.
fn atan_fixed(v: &BigInt, p: u32, t: &mut Ticker<'_>) -> Res<BigInt> {
    let one = p10(p);
    let neg = v.is_negative();
    let mut v = v.abs();
    let mut k = 0u32;
    let small = &one / 5;
    while v > small {
        t.tick()?;
        // atan x = 2 atan(x / (1 + sqrt(1 + x^2)))
        let s = (&one * &one + &v * &v).sqrt();
        v = fdiv(&v, &(&one + s), &one);
        k += 1;
    }
    let v2 = fmul(&v, &v, &one);
    let mut sum = v.clone();
    let mut pw = v;
    let mut n = 3u32;
    let mut minus = true;
    loop {
        t.tick()?;
        pw = fmul(&pw, &v2, &one);
        let term = &pw / n;
        if term.is_zero() {
            break;
        }
        if minus {
            sum -= term;
        } else {
            sum += term;
        }
        minus = !minus;
        n += 2;
    }
    let r = sum << k;
    Ok(if neg { -r } else { r })
}

/// `atan x`.
pub fn atan(x: &Num, scale: u32, t: &mut Ticker<'_>) -> Res<Num> {
    let p = scale + GUARD + 8 + mag(x);
    let r = atan_fixed(&fixed(x, p), p, t)?;
    Ok(done(r, p, scale))
}

/// π at `p` digits (Machin: 16 atan(1/5) - 4 atan(1/239)).
fn pi(p: u32, t: &mut Ticker<'_>) -> Res<BigInt> {
    let one = p10(p + 5);
    let a = atan_fixed(&(&one / 5), p + 5, t)?;
    let b = atan_fixed(&(&one / 239), p + 5, t)?;
    Ok((a * 16 - b * 4) / 100_000)
}

/// sin or cos of `x` at `p` digits.
fn sincos(x: &Num, scale: u32, cos: bool, t: &mut Ticker<'_>) -> Res<Num> {
    let p = scale + GUARD + 8 + mag(x);
    let one = p10(p);
    let pi = pi(p + mag(x) + 4, t)? / p10(mag(x) + 4);
    let two_pi = &pi * 2;
    let mut v = fixed(x, p);
    // Reduce to [-pi, pi].
    let (q, _) = (&v + &pi).div_mod_floor(&two_pi);
    v -= q * &two_pi;
    let v2 = fmul(&v, &v, &one);
    let (mut term, mut n) = if cos {
        (one.clone(), 0u32)
    } else {
        (v.clone(), 1u32)
    };
    let mut sum = term.clone();
    loop {
        t.tick()?;
        term = -fmul(&term, &v2, &one) / (u64::from(n + 1) * u64::from(n + 2));
        if term.is_zero() {
            break;
        }
        sum += &term;
        n += 2;
    }
    Ok(done(sum, p, scale))
}

pub fn sin(x: &Num, scale: u32, t: &mut Ticker<'_>) -> Res<Num> {
    sincos(x, scale, false, t)
}

pub fn cos(x: &Num, scale: u32, t: &mut Ticker<'_>) -> Res<Num> {
    sincos(x, scale, true, t)
}

/// The Bessel function `J_n(x)` for an integer order (its fraction
/// dropped).
pub fn bessel(n: &Num, x: &Num, scale: u32, t: &mut Ticker<'_>) -> Res<Num> {
    let n = n.to_i64().unwrap_or(0);
    let order = n.unsigned_abs().min(100_000) as u32;
    let xi = x.to_i64().unwrap_or(0).unsigned_abs().min(1_000_000) as u32;
    let p = scale + GUARD + 8 + xi;
    let one = p10(p);
    let h = fixed(x, p) / 2;
    // (x/2)^n / n!
    let mut term = one.clone();
    for i in 1..=order {
        t.tick()?;
        term = fmul(&term, &h, &one) / i;
    }
    let h2 = fmul(&h, &h, &one);
    let mut sum = term.clone();
    let mut k = 1u32;
    loop {
        t.tick()?;
        term = -fmul(&term, &h2, &one) / (u64::from(k) * u64::from(k + order));
        if term.is_zero() {
            break;
        }
        sum += &term;
        k += 1;
    }
    if n < 0 && order % 2 == 1 {
        sum = -sum;
    }
    Ok(done(sum, p, scale))
}

#[allow(dead_code)]
fn unused(x: &BigInt) -> Option<i64> {
    x.to_i64()
}
