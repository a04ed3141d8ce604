//! The checksum lines written and read back.
//!
//! GNU writes a name holding a backslash or a newline escaped (`\\`,
//! `\n`) with a `\` before the whole line, so that every line reads back
//! unambiguously; `-z` lines end with NUL and are never escaped.

use super::algo::Algo;

/// How a digest line is written.
pub struct Style {
    /// The BSD tag (`--tag`): `TAG (NAME) = HASH`.
    pub tag: Option<String>,
    /// `-b`: `HASH *NAME`.
    pub binary: bool,
    /// `-z`: end with NUL, no escaping.
    pub zero: bool,
}

/// `name` as a `-c` result line shows it: escaped (with the line's `\\`
/// prefix) only when it holds a newline; a backslash alone is shown as is.
pub fn escape_result(name: &str) -> (std::borrow::Cow<'_, str>, bool) {
    if name.contains('\n') {
        escape(name, false)
    } else {
        (std::borrow::Cow::Borrowed(name), false)
    }
}

/// `name` escaped as GNU escapes it in a digest line, and whether it had
/// to be.
pub fn escape(name: &str, zero: bool) -> (std::borrow::Cow<'_, str>, bool) {
    if zero || !name.contains(['\\', '\n']) {
        return (std::borrow::Cow::Borrowed(name), false);
    }
    let mut s = String::with_capacity(name.len() + 2);
    for c in name.chars() {
        match c {
            '\\' => s.push_str("\\\\"),
            '\n' => s.push_str("\\n"),
            c => s.push(c),
        }
    }
    (std::borrow::Cow::Owned(s), true)
}

/// The line for digest `hex` of `name`.
pub fn digest_line(hex: &str, name: &str, style: &Style) -> String {
    let (shown, escaped) = escape(name, style.zero);
    let mut s = String::with_capacity(hex.len() + shown.len() + 16);
    if escaped {
        s.push('\\');
    }
    match &style.tag {
        Some(tag) => {
            s.push_str(tag);
            s.push_str(" (");
            s.push_str(&shown);
            s.push_str(") = ");
            s.push_str(hex);
        }
        None => {
            s.push_str(hex);
            s.push(' ');
            s.push(if style.binary { '*' } else { ' ' });
            s.push_str(&shown);
        }
    }
    s.push(if style.zero { '\0' } else { '\n' });
    s
}

/// Which lines a check accepts.
#[derive(Clone, Copy)]
pub enum Expect {
    /// One algorithm: its tagged lines, and untagged lines of its length
    /// (`None`: BLAKE2b without `-l`, any even length up to 512 bits).
    One(Algo, Option<usize>),
    /// `cksum -c` without `-a`: tagged lines of any algorithm.
    Tagged,
}

/// One line to check.
#[derive(Debug, PartialEq, Eq)]
pub struct Entry {
    pub algo: Algo,
    pub bits: usize,
    /// The expected digest, lower case.
    pub hex: String,
    pub name: String,
}

/// Which untagged form the lists of one run use, as GNU's `bsd_reversed`:
/// the first untagged line decides, and the other form is then read
/// differently (see [`untagged`]).
#[derive(Default)]
pub struct Form {
    /// `Some(true)`: `HEX NAME` (one separator, no mode character);
    /// `Some(false)`: `HEX  NAME` / `HEX *NAME`.
    reversed: Option<bool>,
}

/// Reads a checksum line (its terminator already removed); `None` when it
/// is improperly formatted.
pub fn parse(line: &str, expect: Expect, form: &mut Form) -> Option<Entry> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let line = line.trim_start_matches([' ', '\t']);
    let (escaped, line) = match line.strip_prefix('\\') {
        Some(rest) => (true, rest),
        None => (false, line),
    };
    let mut e = tagged(line, expect).or_else(|| untagged(line, expect, form))?;
    if escaped {
        e.name = unescape(&e.name)?;
    }
    Some(e)
}

fn tagged(line: &str, expect: Expect) -> Option<Entry> {
    let open = line.find('(')?;
    let tag = line
        .get(..open)?
        .strip_suffix(' ')
        .unwrap_or(line.get(..open)?);
    let (algo, bits) = Algo::from_tag(tag)?;
    if let Expect::One(a, _) = expect
        && a != algo
    {
        return None;
    }
    let rest = line.get(open + 1..)?;
    let close = rest.rfind(')')?;
    let name = rest.get(..close)?;
    let after = rest.get(close + 1..)?;
    let after = after.strip_prefix(' ').unwrap_or(after);
    let after = after.strip_prefix('=')?;
    let hex = after.strip_prefix(' ').unwrap_or(after);
    (!name.is_empty() && is_hex(hex, bits)).then(|| Entry {
        algo,
        bits,
        hex: hex.to_ascii_lowercase(),
        name: name.to_owned(),
    })
}

/// `HEX  NAME`, `HEX *NAME` or `HEX NAME`. After the separator, a single
/// character, or one that is no mode character (space or `*`), is the
/// name itself: the reversed form, refused once a list used the standard
/// one; after a reversed line, the standard form's mode character is
/// part of the name (GNU's `split_3`).
fn untagged(line: &str, expect: Expect, form: &mut Form) -> Option<Entry> {
    let Expect::One(algo, bits) = expect else {
        return None;
    };
    let len = line.bytes().take_while(u8::is_ascii_hexdigit).count();
    let bits = match bits {
        Some(b) => b,
        None if len % 2 == 0 && len > 0 && len <= 128 => len * 4,
        None => return None,
    };
    let hex = line.get(..len)?;
    if !is_hex(hex, bits) {
        return None;
    }
    let rest = line.get(len..)?;
    let rest = rest.strip_prefix([' ', '\t'])?;
    let rest = if rest.len() == 1 || !rest.starts_with([' ', '*']) {
        if form.reversed == Some(false) {
            return None;
        }
        form.reversed = Some(true);
        rest
    } else if form.reversed == Some(true) {
        rest
    } else {
        form.reversed = Some(false);
        rest.get(1..)?
    };
    (!rest.is_empty()).then(|| Entry {
        algo,
        bits,
        hex: hex.to_ascii_lowercase(),
        name: rest.to_owned(),
    })
}

fn is_hex(s: &str, bits: usize) -> bool {
    s.len() * 4 == bits && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Undoes [`escape`]; `None` for any other escape.
fn unescape(s: &str) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            '\\' => out.push('\\'),
            'n' => out.push('\n'),
            _ => return None,
        }
    }
    Some(out)
}
