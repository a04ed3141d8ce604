//! `tr`: translate, squeeze and/or delete characters of standard input.
//!
//! The arrays are parsed by [`sets`]; from them a 256-entry translation
//! table and delete and squeeze sets are built once, then standard input
//! streams through chunk by chunk (bounded memory, cancellation checked
//! before every read), so `yes | tr y n | head -c 10` ends at once.
//! Arrays are never expanded: pairing ARRAY1 with ARRAY2 walks their
//! (character, count) runs.

pub mod sets;

use sandbash_interpreter::bytes::encode;

use crate::common::chunks::read_chunks;
use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::quote_escaped;
use crate::common::sys::{Res, Sys};
use sets::{Elem, parse, runs};

/// The `tr` utility: `-c -C -d -s -t`.
pub struct Tr;

/// The options of `tr`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Complement,
    Delete,
    Squeeze,
    Truncate,
}

impl Command for Tr {
    const NAME: &'static str = "tr";
    const HELP: Help = Help {
        usage: &["[OPTION]... STRING1 [STRING2]"],
        about: "Translate, squeeze, and/or delete characters from standard input,
writing to standard output.  STRING1 and STRING2 specify arrays of
characters ARRAY1 and ARRAY2 that control the action.",
        after: "ARRAYs are specified as strings of characters.  Most represent themselves.
Interpreted sequences are:

  \\NNN            character with octal value NNN (1 to 3 octal digits)
  \\\\              backslash
  \\a              audible BEL
  \\b              backspace
  \\f              form feed
  \\n              new line
  \\r              return
  \\t              horizontal tab
  \\v              vertical tab
  CHAR1-CHAR2     all characters from CHAR1 to CHAR2 in ascending order
  [CHAR*]         in ARRAY2, copies of CHAR until length of ARRAY1
  [CHAR*REPEAT]   REPEAT copies of CHAR, REPEAT octal if starting with 0
  [:alnum:]       all letters and digits
  [:alpha:]       all letters
  [:blank:]       all horizontal whitespace
  [:cntrl:]       all control characters
  [:digit:]       all digits
  [:graph:]       all printable characters, not including space
  [:lower:]       all lower case letters
  [:print:]       all printable characters, including space
  [:punct:]       all punctuation characters
  [:space:]       all horizontal or vertical whitespace
  [:upper:]       all upper case letters
  [:xdigit:]      all hexadecimal digits
  [=CHAR=]        all characters which are equivalent to CHAR

Translation occurs if -d is not given and both STRING1 and STRING2 appear.
-t may be used only when translating.  ARRAY2 is extended to length of
ARRAY1 by repeating its last character as necessary.  Excess characters
of ARRAY2 are ignored.  Character classes expand in unspecified order;
while translating, [:lower:] and [:upper:] may be used in pairs to
specify case conversion.  Squeezing occurs after translation or deletion.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'c',
            &["complement"],
            Key::Complement,
            "use the complement of ARRAY1",
        ),
        Flag::new('C', &[], Key::Complement, ""),
        Flag::new(
            'd',
            &["delete"],
            Key::Delete,
            "delete characters in ARRAY1, do not translate",
        ),
        Flag::new(
            's',
            &["squeeze-repeats"],
            Key::Squeeze,
            "replace each sequence of a repeated character\n  that is listed in the last specified ARRAY,\n  with a single occurrence of that character",
        ),
        Flag::new(
            't',
            &["truncate-set1"],
            Key::Truncate,
            "first truncate ARRAY1 to length of ARRAY2",
        ),
    ];

    fn main(sys: &mut Sys<'_>, args: Args<Key>) -> Res<i32> {
        let (compl, delete, squeeze, truncate) = (
            args.has(Key::Complement),
            args.has(Key::Delete),
            args.has(Key::Squeeze),
            args.has(Key::Truncate),
        );
        let ops = &args.operands;
        let min = 1 + usize::from(delete == squeeze);
        let max = 1 + usize::from(!delete || squeeze);
        if ops.len() < min {
            match ops.last() {
                None => sys.diag.error("missing operand"),
                Some(last) => {
                    sys.diag.error(format_args!(
                        "missing operand after {}",
                        quote_escaped(last)
                    ));
                    sys.diag.raw(if squeeze {
                        b"Two strings must be given when both deleting and squeezing repeats.\n"
                    } else {
                        b"Two strings must be given when translating.\n"
                    });
                }
            }
            sys.diag.try_help();
            return Ok(1);
        }
        if let Some(extra) = ops.get(max) {
            sys.diag
                .error(format_args!("extra operand {}", quote_escaped(extra)));
            if ops.len() == 2 {
                sys.diag.raw(
                    b"Only one string may be given when deleting without squeezing repeats.\n",
                );
            }
            sys.diag.try_help();
            return Ok(1);
        }
        let translating = ops.len() == 2 && !delete;
        let mut warn = Vec::new();
        let mut parsed = Vec::new();
        for op in ops {
            let r = parse(&encode(op), &mut warn);
            for w in warn.drain(..) {
                sys.diag.error(w);
            }
            match r {
                Ok(e) => parsed.push(e),
                Err(e) => {
                    sys.diag.error(e);
                    return Ok(1);
                }
            }
        }
        let s1 = parsed.first().map(Vec::as_slice).unwrap_or(&[]);
        let s2 = parsed.get(1).map(Vec::as_slice);
        let plan = match Plan::new(s1, s2, compl, translating, truncate) {
            Ok(p) => p,
            Err(msg) => {
                sys.diag.error(msg);
                return Ok(1);
            }
        };
        let del = if delete { plan.in_s1 } else { [false; 256] };
        let sq: [bool; 256] = match (squeeze, s2) {
            (false, _) => [false; 256],
            (true, Some(s2)) => members(s2),
            (true, None) => plan.in_s1,
        };
        let xlate = plan.xlate;
        let mut last: Option<u8> = None;
        let mut buf = vec![0u8; 64 * 1024];
        let mut out = Vec::with_capacity(64 * 1024);
        let end = read_chunks(sys, "-", &mut buf, |o, chunk| {
            out.clear();
            for &b in chunk {
                if del[usize::from(b)] {
                    continue;
                }
                let c = xlate[usize::from(b)];
                if sq[usize::from(c)] && last == Some(c) {
                    continue;
                }
                last = Some(c);
                out.push(c);
            }
            o.put(&out)
        })?;
        Ok(i32::from(end.failed()))
    }
}

/// The bytes that are members of `elems`.
fn members(elems: &[Elem]) -> [bool; 256] {
    let mut m = [false; 256];
    for (b, slot) in (0..=255u8).zip(m.iter_mut()) {
        *slot = elems.iter().any(|e| e.has(b));
    }
    m
}

/// What the arrays say to do: ARRAY1's members (complemented with `-c`)
/// and the translation table.
struct Plan {
    in_s1: [bool; 256],
    xlate: [u8; 256],
}

impl Plan {
    /// Checks the arrays as GNU's `validate` does and pairs them; the
    /// error is GNU's message (printed without a `Try` line).
    fn new(
        s1: &[Elem],
        s2: Option<&[Elem]>,
        compl: bool,
        translating: bool,
        truncate: bool,
    ) -> Result<Self, &'static str> {
        let mut in_s1 = members(s1);
        if compl {
            for m in &mut in_s1 {
                *m = !*m;
            }
        }
        let mut xlate = [0u8; 256];
        for (b, slot) in (0..=255u8).zip(xlate.iter_mut()) {
            *slot = b;
        }
        if s1.iter().any(|e| matches!(e, Elem::Repeat(_, 0))) {
            return Err("the [c*] repeat construct may not appear in string1");
        }
        let Some(s2) = s2 else {
            return Ok(Self { in_s1, xlate });
        };
        let fills = s2
            .iter()
            .filter(|e| matches!(e, Elem::Repeat(_, 0)))
            .count();
        if fills > 1 {
            return Err("only one [c*] repeat construct may appear in string2");
        }
        if !translating {
            if fills > 0 {
                return Err("the [c*] construct may appear in string2 only when translating");
            }
            return Ok(Self { in_s1, xlate });
        }
        if s2.iter().any(|e| matches!(e, Elem::Equiv(_))) {
            return Err("[=c=] expressions may not appear in string2 when translating");
        }
        if s2
            .iter()
            .any(|e| matches!(e, Elem::Class(c) if !c.is_case()))
        {
            return Err(
                "when translating, the only character classes that may appear in\nstring2 are 'upper' and 'lower'",
            );
        }
        let len = |elems: &[Elem], fill: u64| {
            elems
                .iter()
                .fold(0u64, |acc, e| acc.saturating_add(e.len(fill)))
        };
        let len1 = if compl {
            in_s1.iter().filter(|&&m| m).count() as u64
        } else {
            len(s1, 0)
        };
        let fill = len1.saturating_sub(len(s2, 0));
        let mut len2 = len(s2, fill);
        if !compl {
            check_case_alignment(s1, s2, fill, len1)?;
        }
        if len1 > len2 && !truncate {
            if len2 == 0 {
                return Err("when not truncating set1, string2 must be non-empty");
            }
            len2 = len1;
        }
        let class1 = s1.iter().any(|e| matches!(e, Elem::Class(_)));
        if compl && class1 {
            let m2 = members(s2);
            let homogeneous = m2.iter().filter(|&&m| m).count() <= 1;
            if !(len2 == len1 && homogeneous) {
                return Err(
                    "when translating with complemented character classes,\nstring2 must map all characters in the domain to one",
                );
            }
        }
        let complemented: Vec<Elem>;
        let s1_elems = if compl {
            complemented = (0..=255u8)
                .filter(|&b| in_s1[usize::from(b)])
                .map(Elem::Char)
                .collect();
            complemented.as_slice()
        } else {
            s1
        };
        let last2 = s2.last().map(|e| e.last());
        let mut it2 = runs(s2, fill);
        let mut cur2: Option<(u8, u64)> = None;
        'pairs: for (c1, mut n1) in runs(s1_elems, 0) {
            while n1 > 0 {
                if cur2.is_none_or(|r| r.1 == 0) {
                    cur2 = it2.next();
                }
                match cur2.as_mut() {
                    Some((c2, n2)) => {
                        let take = n1.min(*n2);
                        xlate[usize::from(c1)] = *c2;
                        n1 -= take;
                        *n2 -= take;
                    }
                    None if truncate => break 'pairs,
                    None => match last2 {
                        Some(c2) => {
                            xlate[usize::from(c1)] = c2;
                            n1 = 0;
                        }
                        None => break 'pairs,
                    },
                }
            }
        }
        Ok(Self { in_s1, xlate })
    }
}

/// GNU's `validate_case_classes`: a `[:upper:]` or `[:lower:]` of
/// ARRAY2 must start where one of them starts in ARRAY1.
fn check_case_alignment(
    s1: &[Elem],
    s2: &[Elem],
    fill: u64,
    len1: u64,
) -> Result<(), &'static str> {
    let starts = |elems: &[Elem], fill: u64| {
        let mut pos = 0u64;
        let mut v = Vec::new();
        for e in elems {
            if matches!(e, Elem::Class(c) if c.is_case()) {
                v.push(pos);
            }
            pos = pos.saturating_add(e.len(fill));
        }
        v
    };
    let in1 = starts(s1, 0);
    for p in starts(s2, fill) {
        if p <= len1 && !in1.contains(&p) {
            return Err("misaligned [:upper:] and/or [:lower:] construct");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Tr;
    use crate::testutil::*;

    fn tr(args: &[&str], input: &str) -> String {
        let o = run0(&Tr, args, input.as_bytes());
        assert_eq!(o.err, "", "{args:?}");
        o.out
    }

    #[test]
    fn translate() {
        assert_eq!(tr(&["a-z", "A-Z"], "Hello"), "HELLO");
        assert_eq!(tr(&["[:lower:]", "[:upper:]"], "Hello"), "HELLO");
        assert_eq!(tr(&["[:upper:]", "[:lower:]"], "MiXeD"), "mixed");
        assert_eq!(tr(&["abcdef", "xy"], "abcdef"), "xyyyyy");
        assert_eq!(tr(&["-t", "abcdef", "xy"], "abcdef"), "xycdef");
        assert_eq!(tr(&["a-g", "[x*3]y"], "abcdefg"), "xxxyyyy");
        assert_eq!(tr(&["a-g", "[x*]"], "abcdefg"), "xxxxxxx");
        assert_eq!(tr(&["a-k", "[1*010]2"], "abcdefghijk"), "11111111222");
        assert_eq!(tr(&["a-cb", "1234"], "abcde"), "143de");
        assert_eq!(tr(&["a", "[b*18446744073709551614]"], "abc"), "bbc");
        assert_eq!(tr(&["-c", "[:alpha:]\\n", "_"], "hi, you!\n"), "hi__you_\n");
        assert_eq!(tr(&["-C", "a-z", "*"], "ab12cd"), "ab**cd");
        assert_eq!(tr(&["\\0", ","], "a\0b"), "a,b");
    }

    #[test]
    fn delete_and_squeeze() {
        assert_eq!(tr(&["-d", "lo"], "hello world"), "he wrd");
        assert_eq!(tr(&["-cd", "[:alnum:]"], "a1-b!"), "a1b");
        assert_eq!(tr(&["-s", " "], "a    b  c"), "a b c");
        assert_eq!(tr(&["-ds", "x", " b"], "aaxxbbxxcc  dd"), "aabcc dd");
        assert_eq!(tr(&["-s", "ab", "xy"], "aabbccdd"), "xyccdd");
        assert_eq!(tr(&["-cs", "[:alpha:]", "\\n"], "a...b,,,c"), "a\nb\nc");
    }

    #[test]
    fn errors() {
        let e = |args: &[&str]| {
            let o = run0(&Tr, args, b"abc");
            assert_eq!(o.status, 1, "{args:?}");
            o.err
        };
        assert_eq!(
            e(&[]),
            "tr: missing operand\nTry 'tr --help' for more information.\n"
        );
        assert_eq!(
            e(&["a"]),
            "tr: missing operand after 'a'\nTwo strings must be given when translating.\nTry 'tr --help' for more information.\n"
        );
        assert_eq!(
            e(&["-d", "a", "b"]),
            "tr: extra operand 'b'\nOnly one string may be given when deleting without squeezing repeats.\nTry 'tr --help' for more information.\n"
        );
        assert_eq!(
            e(&["a", ""]),
            "tr: when not truncating set1, string2 must be non-empty\n"
        );
        assert_eq!(
            e(&["[a*]", "x"]),
            "tr: the [c*] repeat construct may not appear in string1\n"
        );
        assert_eq!(
            e(&["a-z", "[:upper:]"]),
            "tr: misaligned [:upper:] and/or [:lower:] construct\n"
        );
        assert_eq!(
            e(&["-c", "[:alpha:]", "ab"]),
            "tr: when translating with complemented character classes,\nstring2 must map all characters in the domain to one\n"
        );
        assert_eq!(
            e(&["-ds", "a", "[b*]"]),
            "tr: the [c*] construct may appear in string2 only when translating\n"
        );
        assert_eq!(
            e(&["ab", "[=c=]"]),
            "tr: [=c=] expressions may not appear in string2 when translating\n"
        );
    }

    #[test]
    fn closed_pipe_stops() {
        let (status, _) = run_closing(&Tr, &["a", "b"], &[b'a'; 300_000], 5);
        assert_eq!(status, 141);
    }
}
