//! grep's patterns beyond the `regex` crate: what it refuses (`-P`
//! back-references, look-around), leftmost-longest `-o` matches (with the
//! automaton or the backtracker), GNU's leading-repetition warning and
//! PCRE's `\Q...\E`.

use regex::bytes::Regex;

use crate::common::backref::{Backtrack, Gave, Watch};
use regex_automata::{Anchored, Input, MatchKind, hybrid};

/// What `grep -P` says, with status 2, for a pattern with back-references
/// (`-P '(a)\1'`): the `regex` crate, a finite automaton, cannot match
/// them, and the backtracker ([`crate::common::backref`]) reads POSIX
/// patterns only.
pub(super) const BACKREF_MSG: &str =
    "back-references (\\1...\\9) are not supported in this sandbox";

/// What `grep -P` says, with status 2, for look-around (`(?=`, `(?!`,
/// `(?<=`, `(?<!`), which the `regex` crate does not have.
pub(super) const LOOKAROUND_MSG: &str =
    "PCRE look-around ((?=...), (?!...), (?<=...), (?<!...)) is not supported in this sandbox";

/// A lazy DFA reporting, from an anchored start, the end of the longest
/// match; `None` when it cannot be built (the leftmost-first end is kept).
pub(super) fn longest_dfa(src: &str, icase: bool) -> Option<hybrid::dfa::DFA> {
    hybrid::dfa::DFA::builder()
        .configure(
            hybrid::dfa::DFA::config()
                .match_kind(MatchKind::All)
                .cache_capacity(2 << 20),
        )
        .thompson(regex_automata::nfa::thompson::Config::new().nfa_size_limit(Some(16 << 20)))
        .syntax(
            regex_automata::util::syntax::Config::new()
                .unicode(false)
                .utf8(false)
                .case_insensitive(icase),
        )
        .build(src)
        .ok()
}

/// The matches `-o` prints in `text`: leftmost, each extended to the
/// longest match from its start where the DFA tells it; empty ones are
/// skipped.
pub(super) fn only_matches(
    re: &Regex,
    longest: Option<(&hybrid::dfa::DFA, &mut hybrid::dfa::Cache)>,
    text: &[u8],
) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut at = 0usize;
    let mut longest = longest;
    while at <= text.len() {
        let Some(m) = re.find_at(text, at) else {
            break;
        };
        let (start, mut end) = (m.start(), m.end());
        if let Some((dfa, cache)) = longest.as_mut() {
            let input = Input::new(text).range(start..).anchored(Anchored::Yes);
            if let Ok(Some(h)) = dfa.try_search_fwd(cache, &input) {
                end = end.max(h.offset());
            }
        }
        if end == start {
            at = start + 1;
            continue;
        }
        found.push((start, end));
        at = end;
    }
    found
}

/// [`only_matches`] for a pattern with back-references: its
/// leftmost-longest matches, empty ones skipped.
pub(super) fn only_matches_back(
    back: &Backtrack,
    text: &[u8],
    watch: &dyn Watch,
) -> Result<Vec<(usize, usize)>, Gave> {
    let mut found = Vec::new();
    let mut at = 0usize;
    while at <= text.len() {
        let Some((start, end)) = back
            .find_at(text, at, watch)?
            .and_then(|g| g.first().copied().flatten())
        else {
            break;
        };
        if end == start {
            at = start + 1;
            continue;
        }
        found.push((start, end));
        at = end;
    }
    Ok(found)
}

/// The repetition operators an ERE starts with (`*`, `+`, `?`, `{m,n}`),
/// named as GNU's warning names the first, and the pattern after them.
pub(super) fn leading_repetition(pat: &str) -> (Option<&'static str>, &str) {
    let mut rest = pat;
    let mut first = None;
    loop {
        let op = match rest.as_bytes().first() {
            Some(b'*') => "*",
            Some(b'+') => "+",
            Some(b'?') => "?",
            Some(b'{') => {
                let Some(end) = rest.find('}') else {
                    break;
                };
                let body = rest.get(1..end).unwrap_or("");
                if body.is_empty() || !body.bytes().all(|b| b.is_ascii_digit() || b == b',') {
                    break;
                }
                first.get_or_insert("{...}");
                rest = rest.get(end + 1..).unwrap_or("");
                continue;
            }
            _ => break,
        };
        first.get_or_insert(op);
        rest = rest.get(1..).unwrap_or("");
    }
    (first, rest)
}

/// PCRE's `\Q...\E` (quote everything between), which the `regex`
/// crate lacks, as escaped text.
pub(super) fn perl_quotes(pat: &str) -> String {
    let mut out = String::with_capacity(pat.len());
    let mut rest = pat;
    while let Some(i) = rest.find("\\Q") {
        // An escaped backslash before `Q` is no quote start.
        let before = rest.get(..i).unwrap_or("");
        let slashes = before.chars().rev().take_while(|&c| c == '\\').count();
        if slashes % 2 == 1 {
            out.push_str(rest.get(..i + 2).unwrap_or(""));
            rest = rest.get(i + 2..).unwrap_or("");
            continue;
        }
        out.push_str(before);
        let quoted = rest.get(i + 2..).unwrap_or("");
        let (lit, after) = quoted.split_once("\\E").unwrap_or((quoted, ""));
        out.push_str(&regex::escape(lit));
        rest = after;
    }
    out.push_str(rest);
    out
}
