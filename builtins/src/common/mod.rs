//! Helpers shared by the utilities: the split-up context with buffered
//! output ([`sys`]), GNU-style option parsing ([`opts`]), GNU number and
//! size parsing ([`num`]), `chmod` modes ([`mode`]), C `printf` float formatting ([`fmtfloat`]),
//! POSIX regex translation ([`regex_tr`]), shell globs ([`glob`]), calendar arithmetic ([`time`]), input opening
//! and bounded line reading ([`input`]), filesystem walking and copying
//! ([`fsutil`]) and loop detection in walks that follow symlinks
//! ([`walk`]). Shared by a few utilities each: reading an operand chunk
//! by chunk (`cat`, `wc`: [`chunks`]), the count options, per-operand
//! loop, partial copies and rings of `head` and `tail` ([`count_opt`],
//! [`headed`], [`pick`], [`ring`]) and where `cp` and `mv` put each
//! source ([`target`]).

pub mod chunks;
pub mod count_opt;
pub mod fmtfloat;
pub mod fsutil;
pub mod glob;
pub mod headed;
pub mod input;
pub mod mode;
pub mod num;
pub mod opts;
pub mod pick;
pub mod regex_tr;
pub mod ring;
pub mod sys;
pub mod target;
pub mod time;
pub mod walk;

/// The version every utility reports with `--version`.
pub const VERSION: &str = "0.1.0";

/// Quotes `s` for a diagnostic the way GNU tools do in the C locale:
/// `'name'`, with an embedded `'` written as `'\''`.
pub fn quote(s: &str) -> String {
    if s.contains('\'') {
        format!("'{}'", s.replace('\'', "'\\''"))
    } else {
        format!("'{s}'")
    }
}

/// How `head`, `tail` and `wc` name an operand in headers: `standard input`
/// for `-`.
pub fn display_name(operand: &str) -> &str {
    if operand == "-" {
        "standard input"
    } else {
        operand
    }
}
