//! Translation of POSIX regular expressions (GNU flavour) into the syntax
//! of the `regex` crate: basic (BRE, `grep -G`, `sed`) and extended (ERE,
//! `grep -E`, `sed -E`, `awk`).
//!
//! Handled: `\(` `\)` `\{` `\}` `\|` `\+` `\?` in BREs, literal `*` at the
//! start of an expression, context-dependent `^` and `$` in BREs, bracket
//! expressions with `[:class:]`, `[=c=]`, `[.c.]` and a leading `]`,
//! literal `{` in EREs when no interval follows, GNU `\<` `\>` `\b` `\B`
//! `\w` `\W` `\s` `\S` `` \` `` `\'`. Back-references (`\1`) are refused
//! by [`bre`] and [`ere`] (the `regex` crate runs in linear time and has
//! none); [`bre_refs`] and [`ere_refs`] keep them as marker groups for the
//! backtracking matcher ([`super::backref`]).

/// Why a pattern could not be translated; `Display` gives GNU's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrError(pub String);

impl std::fmt::Display for TrError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn push_lit(out: &mut String, c: char) {
    let mut b = [0u8; 4];
    out.push_str(&regex::escape(c.encode_utf8(&mut b)));
}

fn push_class_lit(out: &mut String, c: char) {
    if matches!(c, '\\' | '[' | ']' | '^' | '-' | '&' | '~') {
        out.push('\\');
    }
    out.push(c);
}

/// Parses a bracket expression whose `[` is at `chars[i]`; appends the
/// translation and returns the index after the closing `]`.
fn bracket(chars: &[char], mut i: usize, out: &mut String) -> Result<usize, TrError> {
    let unmatched = || TrError("Unmatched [, [^, [:, [., or [=".into());
    i += 1;
    out.push('[');
    if chars.get(i) == Some(&'^') {
        out.push('^');
        i += 1;
    }
    let mut first = true;
    let mut items = 0usize;
    loop {
        let c = *chars.get(i).ok_or_else(unmatched)?;
        if c == ']' && !first {
            i += 1;
            break;
        }
        first = false;
        // Classes, equivalence classes and collating symbols.
        if c == '[' && matches!(chars.get(i + 1), Some(':') | Some('=') | Some('.')) {
            let kind = chars.get(i + 1).copied().unwrap_or(':');
            let mut j = i + 2;
            let mut name = String::new();
            loop {
                let d = *chars.get(j).ok_or_else(unmatched)?;
                if d == kind && chars.get(j + 1) == Some(&']') {
                    break;
                }
                name.push(d);
                j += 1;
            }
            i = j + 2;
            if kind == ':' {
                const CLASSES: &[&str] = &[
                    "alpha", "digit", "alnum", "upper", "lower", "space", "blank", "punct",
                    "print", "graph", "cntrl", "xdigit",
                ];
                if !CLASSES.contains(&name.as_str()) {
                    return Err(TrError("Invalid character class name".into()));
                }
                out.push_str(&format!("[:{name}:]"));
            } else {
                for ch in name.chars() {
                    push_class_lit(out, ch);
                }
            }
            items += 1;
            continue;
        }
        // A range?
        if chars.get(i + 1) == Some(&'-')
            && let Some(&hi) = chars.get(i + 2)
            && hi != ']'
        {
            if hi < c {
                return Err(TrError("Invalid range end".into()));
            }
            push_class_lit(out, c);
            out.push('-');
            push_class_lit(out, hi);
            i += 3;
            items += 1;
            continue;
        }
        push_class_lit(out, c);
        i += 1;
        items += 1;
    }
    let _ = items;
    out.push(']');
    Ok(i)
}

/// True when `chars[i..]` starts a valid ERE interval `{m}`, `{m,}`, `{,n}`
/// or `{m,n}` (the `{` at `chars[i]`).
fn interval_ahead(chars: &[char], i: usize) -> bool {
    let mut j = i + 1;
    let mut digits = 0;
    while chars.get(j).is_some_and(|c| c.is_ascii_digit()) {
        j += 1;
        digits += 1;
    }
    if chars.get(j) == Some(&',') {
        j += 1;
        while chars.get(j).is_some_and(|c| c.is_ascii_digit()) {
            j += 1;
            digits += 1;
        }
    }
    digits > 0 && chars.get(j) == Some(&'}')
}

/// How a translation treats groups and back-references. Without a
/// tag, groups are plain `(` and a back-reference is refused. With tag
/// `t`, group `n` becomes the named group `sgt_n` and a back-reference
/// `\n` the named group `sbt_k_n` (`k` counts the references, as
/// names must be unique): [`super::backref`] reads those names back from
/// the parsed expression. The tag keeps apart the groups of several
/// patterns joined into one (`grep -e P1 -e P2`).
struct Refs {
    tag: Option<usize>,
    /// Groups opened so far (a group's number is its opening's rank).
    opened: usize,
    /// The numbers of the groups open now, innermost last.
    open: Vec<usize>,
    /// Groups 1 to 9 closed so far on the way to here (bit `n`): only
    /// those may be referred to, as in glibc, where a branch of `|` does
    /// not see the groups of the branches before it.
    closed: u16,
    /// Per open alternation (the whole pattern, then each open group):
    /// `closed` where it began, and the groups its finished branches
    /// closed.
    alts: Vec<(u16, u16)>,
    refs: usize,
}

impl Refs {
    fn new(tag: Option<usize>) -> Self {
        Refs {
            tag,
            opened: 0,
            open: Vec::new(),
            closed: 0,
            alts: vec![(0, 0)],
            refs: 0,
        }
    }

    fn open(&mut self, out: &mut String) {
        self.opened += 1;
        self.open.push(self.opened);
        self.alts.push((self.closed, 0));
        match self.tag {
            Some(t) => out.push_str(&format!("(?P<sg{t}_{}>", self.opened)),
            None => out.push('('),
        }
    }

    /// A `|`: the next branch starts from what the alternation started
    /// from.
    fn branch(&mut self, out: &mut String) {
        if let Some((initial, acc)) = self.alts.last_mut() {
            *acc |= self.closed;
            self.closed = *initial;
        }
        out.push('|');
    }

    fn close(&mut self, out: &mut String) {
        if let Some((_, acc)) = self.alts.pop() {
            self.closed |= acc;
        }
        if let Some(n) = self.open.pop()
            && n <= 9
        {
            self.closed |= 1 << n;
        }
        out.push(')');
    }

    /// `\d`, `d` a digit 1 to 9.
    fn backref(&mut self, d: u32, out: &mut String) -> Result<(), TrError> {
        let Some(t) = self.tag else {
            return Err(TrError(BACKREF_REFUSED.into()));
        };
        if self.closed & (1 << d) == 0 {
            return Err(TrError("Invalid back reference".into()));
        }
        // A NUL inside keeps the marker from looking empty: the parser
        // would turn a repeated empty group into an optional one (`\1*`
        // into `\1?`). The matcher never matches the NUL.
        out.push_str(&format!(r"(?P<sb{t}_{}_{d}>\x00)", self.refs));
        self.refs += 1;
        Ok(())
    }
}

/// The error of [`bre`] and [`ere`] for a back-reference: the pattern
/// needs [`bre_refs`] / [`ere_refs`] and the backtracking matcher.
pub const BACKREF_REFUSED: &str = "back-references are not supported";

fn escape_seq(c: char, out: &mut String, refs: &mut Refs) -> Result<(), TrError> {
    if let Some(d) = c.to_digit(10).filter(|&d| d > 0) {
        return refs.backref(d, out);
    }
    match c {
        '<' => out.push_str(r"\b{start}"),
        '>' => out.push_str(r"\b{end}"),
        'b' | 'B' | 'w' | 'W' | 's' | 'S' => {
            out.push('\\');
            out.push(c);
        }
        '`' => out.push_str(r"\A"),
        '\'' => out.push_str(r"\z"),
        'n' => out.push('n'),
        't' => out.push('t'),
        _ => push_lit(out, c),
    }
    Ok(())
}

/// Compiles a basic regular expression for matching bytes, with the
/// size limits every utility uses; the error is GNU's message.
pub fn compile_bre(pat: &str) -> Result<regex::bytes::Regex, TrError> {
    build(&bre(pat)?)
}

/// Like [`compile_bre`], but matching only at the start of the text it is
/// given (`tac -r` tries each start in turn, so a failed try stops early
/// instead of scanning the rest of the input).
pub fn compile_bre_anchored(pat: &str) -> Result<regex::bytes::Regex, TrError> {
    build(&format!("^(?:{})", bre(pat)?))
}

fn build(src: &str) -> Result<regex::bytes::Regex, TrError> {
    regex::bytes::RegexBuilder::new(src)
        .size_limit(64 << 20)
        .dfa_size_limit(16 << 20)
        .build()
        .map_err(|e| match e {
            regex::Error::CompiledTooBig(_) => TrError("regular expression too big".into()),
            other => TrError(other.to_string()),
        })
}

/// Rewrites every non-ASCII character of a translated regex as the
/// `\xHH` escapes of the bytes it stands for (raw bytes travel as
/// stand-in characters), so that the byte regex matches bytes.
pub fn bytes_escaped(tr: &str) -> String {
    let mut out = String::with_capacity(tr.len());
    for c in tr.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            let s: &str = c.encode_utf8(&mut buf);
            for b in sandbash_interpreter::bytes::encode(s).iter() {
                out.push_str(&format!("\\x{b:02X}"));
            }
        }
    }
    out
}

/// Translates a basic regular expression; a back-reference is refused
/// with [`BACKREF_REFUSED`].
pub fn bre(pat: &str) -> Result<String, TrError> {
    bre_with(pat, &mut Refs::new(None))
}

/// Translates a basic regular expression keeping its back-references
/// (and naming its groups) for [`super::backref`], with tag `tag`.
pub fn bre_refs(pat: &str, tag: usize) -> Result<String, TrError> {
    bre_with(pat, &mut Refs::new(Some(tag)))
}

/// Translates an extended regular expression; a back-reference is
/// refused with [`BACKREF_REFUSED`].
pub fn ere(pat: &str) -> Result<String, TrError> {
    ere_with(pat, &mut Refs::new(None))
}

/// Translates an extended regular expression keeping its
/// back-references for [`super::backref`], with tag `tag`.
pub fn ere_refs(pat: &str, tag: usize) -> Result<String, TrError> {
    ere_with(pat, &mut Refs::new(Some(tag)))
}

fn bre_with(pat: &str, refs: &mut Refs) -> Result<String, TrError> {
    let chars: Vec<char> = pat.chars().collect();
    let mut out = String::with_capacity(pat.len() * 2);
    let mut i = 0;
    // True where `*` is literal and `^` is an anchor.
    let mut at_start = true;
    let mut depth = 0usize;
    while let Some(&c) = chars.get(i) {
        let was_start = at_start;
        at_start = false;
        match c {
            '\\' => {
                let Some(&n) = chars.get(i + 1) else {
                    return Err(TrError("Trailing backslash".into()));
                };
                i += 2;
                match n {
                    '(' => {
                        refs.open(&mut out);
                        depth += 1;
                        at_start = true;
                    }
                    ')' => {
                        if depth == 0 {
                            return Err(TrError("Unmatched ) or \\)".into()));
                        }
                        depth -= 1;
                        refs.close(&mut out);
                    }
                    '|' => {
                        refs.branch(&mut out);
                        at_start = true;
                    }
                    '{' => {
                        let mut j = i;
                        let mut body = String::new();
                        loop {
                            match (chars.get(j), chars.get(j + 1)) {
                                (Some('\\'), Some('}')) => break,
                                (Some(&d), _) if d.is_ascii_digit() || d == ',' => body.push(d),
                                _ => return Err(TrError("Unmatched \\{".into())),
                            }
                            j += 1;
                        }
                        if was_start {
                            return Err(TrError("Invalid preceding regular expression".into()));
                        }
                        check_interval(&body)?;
                        out.push('{');
                        if body.starts_with(',') {
                            out.push('0');
                        }
                        out.push_str(&body);
                        out.push('}');
                        i = j + 2;
                    }
                    '}' => push_lit(&mut out, '}'),
                    '+' | '?' => {
                        if was_start {
                            push_lit(&mut out, n);
                        } else {
                            out.push(n);
                        }
                    }
                    _ => escape_seq(n, &mut out, refs)?,
                }
                continue;
            }
            '*' => {
                if was_start {
                    push_lit(&mut out, '*');
                } else {
                    out.push('*');
                }
            }
            '^' => {
                // An anchor only first (or after `\(`, `\|`); a second `^`
                // right after the anchor is literal (`^^x`), while `*` there
                // still is (`^*`).
                if was_start && !out.ends_with('^') {
                    out.push('^');
                    at_start = true;
                } else {
                    push_lit(&mut out, '^');
                }
            }
            '$' => {
                let rest_ok = i + 1 == chars.len()
                    || (chars.get(i + 1) == Some(&'\\')
                        && matches!(chars.get(i + 2), Some(')') | Some('|')));
                if rest_ok {
                    out.push('$');
                } else {
                    push_lit(&mut out, '$');
                }
            }
            '[' => {
                i = bracket(&chars, i, &mut out)?;
                continue;
            }
            '.' => out.push('.'),
            _ => push_lit(&mut out, c),
        }
        i += 1;
    }
    if depth > 0 {
        return Err(TrError("Unmatched ( or \\(".into()));
    }
    Ok(out)
}

/// An interval's `m,n` with `m` above `n` is GNU's `Invalid content of
/// \{\}`.
fn check_interval(body: &str) -> Result<(), TrError> {
    // RE_DUP_MAX is 32767 in glibc and GNU's dfa.
    if body
        .split(',')
        .any(|n| n.parse::<u64>().is_ok_and(|n| n > 32_767) || n.len() > 5)
    {
        return Err(TrError("Regular expression too big".into()));
    }
    if let Some((lo, hi)) = body.split_once(',')
        && let (Ok(lo), Ok(hi)) = (lo.parse::<u64>(), hi.parse::<u64>())
        && lo > hi
    {
        return Err(TrError("Invalid content of \\{\\}".into()));
    }
    Ok(())
}

/// The repetition operator `out` ends with, unless it is escaped.
fn trailing_rep(out: &str) -> Option<char> {
    let last = out.chars().last()?;
    if !matches!(last, '*' | '+' | '?') {
        return None;
    }
    let body = out.get(..out.len() - 1)?;
    let backslashes = body.chars().rev().take_while(|&c| c == '\\').count();
    (backslashes % 2 == 0).then_some(last)
}

fn ere_with(pat: &str, refs: &mut Refs) -> Result<String, TrError> {
    let chars: Vec<char> = pat.chars().collect();
    let mut out = String::with_capacity(pat.len() * 2);
    let mut i = 0;
    let mut at_start = true;
    let mut depth = 0usize;
    while let Some(&c) = chars.get(i) {
        let was_start = at_start;
        at_start = false;
        match c {
            '\\' => {
                let Some(&n) = chars.get(i + 1) else {
                    return Err(TrError("Trailing backslash".into()));
                };
                escape_seq(n, &mut out, refs)?;
                i += 2;
                continue;
            }
            '(' => {
                depth += 1;
                refs.open(&mut out);
                at_start = true;
            }
            ')' => {
                if depth == 0 {
                    push_lit(&mut out, ')');
                } else {
                    depth -= 1;
                    refs.close(&mut out);
                }
            }
            '|' => {
                refs.branch(&mut out);
                at_start = true;
            }
            '^' => {
                out.push('^');
                at_start = true;
            }
            '$' => out.push('$'),
            '*' | '+' | '?' => {
                if was_start {
                    push_lit(&mut out, c);
                } else if let Some(prev) = trailing_rep(&out) {
                    // GNU accepts stacked repetitions (`a**`, `a+*`); the
                    // regex crate does not. They mean `*` unless repeated.
                    if prev != c {
                        out.pop();
                        out.push('*');
                    }
                } else {
                    out.push(c);
                }
            }
            '{' => {
                if interval_ahead(&chars, i) && !was_start {
                    let body: String = chars
                        .get(i + 1..)
                        .unwrap_or(&[])
                        .iter()
                        .take_while(|&&d| d != '}')
                        .collect();
                    check_interval(&body)?;
                    let mut j = i + 1;
                    out.push('{');
                    if chars.get(j) == Some(&',') {
                        out.push('0');
                    }
                    while let Some(&d) = chars.get(j) {
                        out.push(d);
                        j += 1;
                        if d == '}' {
                            break;
                        }
                    }
                    i = j;
                    continue;
                }
                push_lit(&mut out, '{');
            }
            '}' => push_lit(&mut out, '}'),
            '[' => {
                i = bracket(&chars, i, &mut out)?;
                continue;
            }
            '.' => out.push('.'),
            _ => push_lit(&mut out, c),
        }
        i += 1;
    }
    if depth > 0 {
        return Err(TrError("Unmatched ( or \\(".into()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(re: &str, s: &str) -> bool {
        regex::Regex::new(re).unwrap().is_match(s)
    }

    #[test]
    fn basic() {
        assert_eq!(bre(r"a\(b\)*c").unwrap(), "a(b)*c");
        assert!(m(&bre(r"^*a").unwrap(), "*a"));
        assert!(m(&bre(r"a+b").unwrap(), "a+b"));
        assert!(m(&bre(r"a\+b").unwrap(), "aaab"));
        assert!(m(&bre(r"x\{2,3\}").unwrap(), "xxx"));
        assert!(!m(&bre(r"^x\{2\}$").unwrap(), "xxx"));
        assert!(m(&bre(r"a|b").unwrap(), "a|b"));
        assert!(m(&bre(r"a\|b").unwrap(), "b"));
        assert!(m(&bre(r"a^b$c").unwrap(), "a^b$c"));
        assert!(m(&bre(r"\<foo\>").unwrap(), "a foo b"));
        assert!(!m(&bre(r"\<foo\>").unwrap(), "afoo"));
        assert!(bre(r"\(a\)\1").is_err());
        assert!(bre(r"\(a").is_err());
    }

    #[test]
    fn brackets() {
        assert!(m(&bre("[]a]").unwrap(), "]"));
        assert!(m(&bre("[^]a]").unwrap(), "b"));
        assert!(m(&bre("[[:digit:]x-z]").unwrap(), "y"));
        assert!(m(&bre(r"[\]").unwrap(), "\\"));
        assert!(m(&bre("[a&&b]").unwrap(), "&"));
        assert!(m(&bre("[a-]").unwrap(), "-"));
        assert!(bre("[abc").is_err());
        assert!(bre("[[:nope:]]").is_err());
    }

    #[test]
    fn extended() {
        assert!(m(&ere("a{").unwrap(), "a{"));
        assert!(m(&ere("^a{2}$").unwrap(), "aa"));
        assert!(m(&ere("(ab)+|x").unwrap(), "abab"));
        assert!(m(&ere("*a").unwrap(), "*a"));
        assert!(m(&ere("a)").unwrap(), "a)"));
        assert!(m(&ere(r"a\.b").unwrap(), "a.b"));
        assert!(!m(&ere(r"a\.b").unwrap(), "axb"));
        assert!(m(&ere(r"a**").unwrap(), "aaa"));
    }
}
