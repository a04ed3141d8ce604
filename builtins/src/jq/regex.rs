//! jq's regex natives (`matches`, `split_matches`, `split_`), in place of
//! jaq's: the same engine (`regex_bites`) and flags, but a capture group
//! that took no part in a match is listed as jq lists it,
//! `{"offset":-1,"string":null,"length":0,"name":...}`, and every group
//! has a `name` (null when unnamed); jaq leaves such groups out, so
//! `capture` lost their keys and `match` their places.
//!
//! Offsets and lengths count characters (jq's codepoints), found in one
//! pass over the text as matches come in order. The strings are slices
//! of the input value (jaq's shared strings), so a match costs what the
//! guard in [`super::sized`] counted for it.

use jaq_core::{Error, ValT as _};
use jaq_json::{Rc, Val};
use jaq_std::ValT as _;
use regex_bites::bytes::{Captures, RegexBuilder};

/// What a regex native outputs: the text between matches, the matches,
/// or both (interleaved, as jaq's `split_matches`).
#[derive(Clone, Copy)]
pub struct Want {
    pub mismatches: bool,
    pub matches: bool,
}

/// Runs `re` with `flags` over the string `v`.
pub fn run(v: &Val, re: &Val, flags: &Val, want: Want) -> Result<Val, Error<Val>> {
    let (Val::TStr(s) | Val::BStr(s)) = v else {
        return Err(Error::str(format!(
            "{} cannot be matched, as it is not a string",
            super::messages::typed(v)
        )));
    };
    let text = |x: &Val| match x {
        Val::TStr(t) | Val::BStr(t) => Ok(String::from_utf8_lossy(t).into_owned()),
        other => Err(Error::str(format!(
            "{} cannot be matched, as it is not a string",
            super::messages::typed(other)
        ))),
    };
    let (re, flags) = (text(re)?, text(flags)?);
    let mut builder = RegexBuilder::new(&re);
    let (mut global, mut skip_empty) = (false, false);
    for f in flags.chars() {
        match f {
            'g' => global = true,
            'n' => skip_empty = true,
            'i' => drop(builder.case_insensitive(true)),
            'm' => drop(builder.multi_line(true)),
            's' => drop(builder.dot_matches_new_line(true)),
            'l' => drop(builder.swap_greed(true)),
            'x' => drop(builder.ignore_whitespace(true)),
            'p' => drop(builder.multi_line(true).dot_matches_new_line(true)),
            _ => {
                return Err(Error::str(format!(
                    "{flags} is not a valid modifier string"
                )));
            }
        }
    }
    let rx = builder
        .build()
        .map_err(|e| Error::str(format!("invalid regex: {e}")))?;
    let names: Vec<Option<&str>> = rx.capture_names().collect();
    let mut chars = Chars {
        s,
        byte: 0,
        char: 0,
    };
    let mut out = Vec::new();
    let mut last = 0;
    for c in rx.captures_iter(s) {
        let Some(whole) = c.get(0) else { continue };
        if skip_empty && whole.start() == whole.end() {
            continue;
        }
        if want.mismatches {
            out.push(v.as_sub_str(s.get(last..whole.start()).unwrap_or_default()));
            last = whole.end();
        }
        if want.matches {
            out.push(groups(v, s, &c, &names, &mut chars)?);
        }
        if !global {
            break;
        }
    }
    if want.mismatches {
        out.push(v.as_sub_str(s.get(last..).unwrap_or_default()));
    }
    Ok(Val::Arr(Rc::new(out)))
}

/// Byte offsets to character offsets, for offsets that only grow (the
/// groups of one match can start before the previous group's end, so a
/// smaller offset restarts the count).
struct Chars<'a> {
    s: &'a [u8],
    byte: usize,
    char: usize,
}

impl Chars<'_> {
    fn at(&mut self, byte: usize) -> usize {
        if byte < self.byte {
            (self.byte, self.char) = (0, 0);
        }
        let piece = self.s.get(self.byte..byte).unwrap_or_default();
        self.char += count_chars(piece);
        self.byte = byte;
        self.char
    }
}

/// Characters in `b`: bytes that do not continue a UTF-8 sequence.
fn count_chars(b: &[u8]) -> usize {
    b.iter().filter(|&&c| (c & 0xc0) != 0x80).count()
}

/// `[whole, group 1, group 2...]` of one match, as jq's objects.
fn groups(
    v: &Val,
    s: &[u8],
    c: &Captures<'_>,
    names: &[Option<&str>],
    chars: &mut Chars<'_>,
) -> Result<Val, Error<Val>> {
    let key = |k: &str| Val::from(k.to_string());
    let mut items = Vec::with_capacity(names.len());
    for (i, name) in names.iter().enumerate() {
        let name_val = || name.map_or(Val::Null, |n| Val::from(n.to_string()));
        let fields: Vec<(Val, Val)> = match c.get(i) {
            Some(m) => {
                let piece = s.get(m.start()..m.end()).unwrap_or_default();
                let mut f = vec![
                    (key("offset"), Val::from(chars.at(m.start()) as isize)),
                    (key("length"), Val::from(count_chars(piece) as isize)),
                    (key("string"), v.as_sub_str(piece)),
                ];
                if i > 0 {
                    f.push((key("name"), name_val()));
                }
                f
            }
            None => vec![
                (key("offset"), Val::from(-1isize)),
                (key("string"), Val::Null),
                (key("length"), Val::from(0isize)),
                (key("name"), name_val()),
            ],
        };
        items.push(Val::from_map(fields)?);
    }
    Ok(Val::Arr(Rc::new(items)))
}
