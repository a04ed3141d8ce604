//! `factor`: print the prime factors of each number, as GNU coreutils 9.1
//! (the reference here, which has no `-h/--exponents`).
//!
//! Numbers of any size are accepted (coreutils 9 factors arbitrary sizes
//! with GMP): trial division by the small primes, then Miller-Rabin and
//! Pollard-Brent rho on what is left, over `u64` while it fits and over
//! `BigUint` beyond. Miller-Rabin with the first 12 prime bases is exact
//! below 3.3e24; above, 24 bases make a wrong answer vanishingly unlikely
//! (GNU's test is probabilistic there too). A number with two huge prime
//! factors may take long, as under GNU: every rho step ticks the cancel
//! signal, so the run's wall clock always ends it. A stdin token is
//! charged to the memory budget while it is gathered.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::quote_bytes;
use crate::common::sys::{Fail, Res, Sys, Ticker, hold};

/// The `factor` utility.
pub struct Factor;

/// `factor` has no options of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {}

impl Command for Factor {
    const NAME: &'static str = "factor";
    const HELP: Help = Help {
        usage: &["[NUMBER]...", "OPTION"],
        about: "Print the prime factors of each specified integer NUMBER.  If none
are specified on the command line, read them from standard input.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[];

    fn main(sys: &mut Sys<'_>, args: Args<Key>) -> Res<i32> {
        let mut ok = true;
        if args.operands.is_empty() {
            ok = from_stdin(sys)?;
        } else {
            for op in &args.operands {
                let b = sandbash_interpreter::bytes::encode(op);
                ok &= one(sys, &b)?;
            }
        }
        Ok(if ok { 0 } else { 1 })
    }
}

/// Reads whitespace-separated numbers (GNU's delimiters: newline, tab,
/// space) from standard input, factoring each as it ends.
fn from_stdin(sys: &mut Sys<'_>) -> Res<bool> {
    let mut ok = true;
    let mut tok: Vec<u8> = Vec::new();
    let mut charge = sys.charge();
    let mut buf = [0u8; 8192];
    loop {
        sys.tick.tick()?;
        let n = match sys.stdin.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        for &b in buf.get(..n).unwrap_or(&[]) {
            if matches!(b, b'\n' | b'\t' | b' ') {
                if !tok.is_empty() {
                    ok &= one(sys, &tok)?;
                    tok.clear();
                }
            } else {
                tok.push(b);
                hold(&mut charge, tok.capacity() as u64)?;
            }
        }
    }
    if !tok.is_empty() {
        ok &= one(sys, &tok)?;
    }
    Ok(ok)
}

/// Parses as GNU does: leading spaces, an optional `+`, then decimal
/// digits and nothing else.
fn parse(b: &[u8]) -> Option<BigUint> {
    let mut s = b;
    while let Some((&b' ', rest)) = s.split_first() {
        s = rest;
    }
    if let Some((&b'+', rest)) = s.split_first() {
        s = rest;
    }
    if s.is_empty() || !s.iter().all(u8::is_ascii_digit) {
        return None;
    }
    BigUint::parse_bytes(s, 10)
}

/// Factors one number and prints its line, or reports it invalid.
fn one(sys: &mut Sys<'_>, text: &[u8]) -> Res<bool> {
    let Some(n) = parse(text) else {
        // GNU writes the error unbuffered: keep the order of the streams.
        sys.out.flush()?;
        sys.diag.error(format_args!(
            "{} is not a valid positive integer",
            quote_bytes(text)
        ));
        return Ok(false);
    };
    let mut fs = factors(n.clone(), &mut sys.tick)?;
    fs.sort();
    let mut line = format!("{n}:");
    for f in &fs {
        line.push(' ');
        line.push_str(&f.to_string());
    }
    line.push('\n');
    sys.out.put(line.as_bytes())?;
    Ok(true)
}

/// The small primes trial division tries first.
fn small_primes() -> impl Iterator<Item = u64> {
    (2u64..2000).filter(|&p| p < 4 || (2..).take_while(|d| d * d <= p).all(|d| p % d != 0))
}

/// The prime factors of `n`, unsorted (none for 0 and 1).
pub fn factors(mut n: BigUint, tick: &mut Ticker<'_>) -> Res<Vec<BigUint>> {
    let mut out = Vec::new();
    if n <= BigUint::one() {
        return Ok(out);
    }
    for p in small_primes() {
        tick.tick()?;
        let bp = BigUint::from(p);
        if &bp * &bp > n {
            break;
        }
        loop {
            let (q, r) = n.div_rem(&bp);
            if !r.is_zero() {
                break;
            }
            out.push(bp.clone());
            n = q;
        }
    }
    let mut work = vec![n];
    while let Some(m) = work.pop() {
        tick.tick()?;
        if m <= BigUint::one() {
            continue;
        }
        if let Some(v) = m.to_u64() {
            for f in factors_u64(v, tick)? {
                out.push(BigUint::from(f));
            }
            continue;
        }
        if is_prime_big(&m) {
            out.push(m);
            continue;
        }
        let d = rho_big(&m, tick)?;
        let other = &m / &d;
        work.push(d);
        work.push(other);
    }
    Ok(out)
}

const BASES: [u64; 24] = [
    2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89,
];

fn mulmod(a: u64, b: u64, m: u64) -> u64 {
    ((u128::from(a) * u128::from(b)) % u128::from(m)) as u64
}

fn powmod(mut b: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1 % m;
    b %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = mulmod(r, b, m);
        }
        b = mulmod(b, b, m);
        e >>= 1;
    }
    r
}

/// Deterministic Miller-Rabin for 64 bits.
fn is_prime_u64(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    for &p in BASES.iter().take(12) {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'bases: for &a in BASES.iter().take(12) {
        let mut x = powmod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mulmod(x, x, n);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A non-trivial factor of the odd composite `n` (Pollard-Brent).
fn rho_u64(n: u64, tick: &mut Ticker<'_>) -> Res<u64> {
    if n.is_multiple_of(2) {
        return Ok(2);
    }
    let mut c = 1u64;
    loop {
        let f = |x: u64| (mulmod(x, x, n) + c) % n;
        let (mut x, mut y, mut g, mut r, mut q) = (2u64, 2u64, 1u64, 1u64, 1u64);
        let mut ys = y;
        while g == 1 {
            x = y;
            for _ in 0..r {
                y = f(y);
            }
            let mut k = 0;
            while k < r && g == 1 {
                tick.tick()?;
                ys = y;
                for _ in 0..128.min(r - k) {
                    y = f(y);
                    q = mulmod(q, x.abs_diff(y), n);
                }
                g = gcd(q, n);
                k += 128;
            }
            r *= 2;
        }
        if g == n {
            loop {
                tick.tick()?;
                ys = f(ys);
                g = gcd(x.abs_diff(ys), n);
                if g > 1 {
                    break;
                }
            }
        }
        if g != n {
            return Ok(g);
        }
        c += 1;
    }
}

fn factors_u64(n: u64, tick: &mut Ticker<'_>) -> Res<Vec<u64>> {
    let mut out = Vec::new();
    let mut work = vec![n];
    while let Some(m) = work.pop() {
        tick.tick()?;
        if m <= 1 {
            continue;
        }
        if is_prime_u64(m) {
            out.push(m);
            continue;
        }
        let d = rho_u64(m, tick)?;
        work.push(d);
        work.push(m / d);
    }
    Ok(out)
}

/// Miller-Rabin over `BigUint` with 24 prime bases.
fn is_prime_big(n: &BigUint) -> bool {
    let one = BigUint::one();
    let two = BigUint::from(2u32);
    if *n < two {
        return false;
    }
    for &p in &BASES {
        let bp = BigUint::from(p);
        if (n % &bp).is_zero() {
            return *n == bp;
        }
    }
    let nm1 = n - &one;
    let s = nm1.trailing_zeros().unwrap_or(0);
    let d = &nm1 >> s;
    'bases: for &a in &BASES {
        let mut x = BigUint::from(a).modpow(&d, n);
        if x == one || x == nm1 {
            continue;
        }
        for _ in 1..s {
            x = (&x * &x) % n;
            if x == nm1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

fn absdiff(a: &BigUint, b: &BigUint) -> BigUint {
    if a > b { a - b } else { b - a }
}

/// A non-trivial factor of the odd composite `n` (Pollard-Brent).
fn rho_big(n: &BigUint, tick: &mut Ticker<'_>) -> Res<BigUint> {
    let one = BigUint::one();
    let mut c = BigUint::one();
    loop {
        let f = |x: &BigUint| (x * x + &c) % n;
        let mut x = BigUint::from(2u32);
        let mut y = x.clone();
        let mut ys = y.clone();
        let mut g = one.clone();
        let mut q = one.clone();
        let mut r = 1u64;
        while g == one {
            x = y.clone();
            for _ in 0..r {
                y = f(&y);
            }
            let mut k = 0;
            while k < r && g == one {
                tick.check()?;
                ys = y.clone();
                for _ in 0..128.min(r - k) {
                    y = f(&y);
                    q = (q * absdiff(&x, &y)) % n;
                }
                g = q.gcd(n);
                k += 128;
            }
            r = r.saturating_mul(2);
        }
        if g == *n {
            loop {
                tick.tick()?;
                ys = f(&ys);
                g = absdiff(&x, &ys).gcd(n);
                if g > one {
                    break;
                }
            }
        }
        if g != *n {
            return Ok(g);
        }
        c += 1u32;
        if c > BigUint::from(1000u32) {
            // Never seen; rather than loop forever, give up as cancelled.
            return Err(Fail::Cancelled);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TestFs, run};

    fn out(args: &[&str], stdin: &[u8]) -> (String, String, i32) {
        let fs = TestFs::new();
        let r = run(&Factor, args, stdin, &fs);
        (r.out, r.err, r.status)
    }

    #[test]
    fn small_and_edge() {
        let (o, _, s) = out(&["0", "1", "2", "12", "+12", " 0012"], b"");
        assert_eq!(o, "0:\n1:\n2: 2\n12: 2 2 3\n12: 2 2 3\n12: 2 2 3\n");
        assert_eq!(s, 0);
    }

    #[test]
    fn big_numbers() {
        let (o, _, _) = out(&["340282366920938463463374607431768211455"], b"");
        assert_eq!(
            o,
            "340282366920938463463374607431768211455: 3 5 17 257 641 65537 274177 6700417 67280421310721\n"
        );
        let (o, _, _) = out(&["18446744073709551617", "4294967297"], b"");
        assert_eq!(
            o,
            "18446744073709551617: 274177 67280421310721\n4294967297: 641 6700417\n"
        );
    }

    #[test]
    fn invalid_and_stdin() {
        let (o, e, s) = out(&[], b"4 x\n6\t9 ");
        assert_eq!(o, "4: 2 2\n6: 2 3\n9: 3 3\n");
        assert_eq!(e, "factor: 'x' is not a valid positive integer\n");
        assert_eq!(s, 1);
        let (_, e, _) = out(&["a'b", "12 "], b"");
        assert_eq!(
            e,
            "factor: 'a\\'b' is not a valid positive integer\nfactor: '12 ' is not a valid positive integer\n"
        );
    }

    #[test]
    fn primes_u64() {
        assert!(is_prime_u64(18446744073709551557));
        assert!(!is_prime_u64(3215031751));
    }
}
