//! `read`: one line (or a delimited record) from standard input into
//! variables, split on IFS.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::io::{Input, RECORD_CHUNK, RecordEnd};
use crate::memory::Charge;
use crate::shell::{Exec, Flow, Shell};
use crate::vars::Value;

pub(crate) fn read(sh: &mut Shell, args: &[String]) -> Exec {
    let mut raw = false;
    let mut array: Option<String> = None;
    let mut delim = Some('\n');
    let mut nchars: Option<usize> = None;
    let mut exact = false;
    let mut fd = 0usize;
    let mut fd_given = false;
    let mut timeout: Option<f64> = None;
    let mut prompt: Option<String> = None;
    let (opts, first) = match sh.builtin_getopt(args, "ersa:d:i:n:N:p:t:u:") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let mut empty_delim = false;
    for (c, v) in opts {
        let v = v.unwrap_or_default();
        match c {
            'r' => raw = true,
            'a' => array = Some(v),
            'p' => prompt = Some(v),
            'd' => {
                delim = v.chars().next();
                empty_delim = delim.is_none();
            }
            'n' | 'N' => {
                exact = c == 'N';
                match v.parse() {
                    Ok(n) => nchars = Some(n),
                    Err(_) => {
                        sh.builtin_error("read", &format!("{v}: invalid number"));
                        return Ok(1);
                    }
                }
            }
            'u' => match parse_fd(&v) {
                Some(n) => {
                    fd = n;
                    fd_given = true;
                }
                None => {
                    sh.builtin_error(
                        "read",
                        &format!("{v}: invalid file descriptor specification"),
                    );
                    return Ok(1);
                }
            },
            // bash takes decimal digits with at most one `.` (no sign,
            // exponent or hex).
            't' => match v.parse::<f64>() {
                Ok(t)
                    if v.bytes().all(|b| b.is_ascii_digit() || b == b'.')
                        && v.matches('.').count() <= 1 =>
                {
                    timeout = Some(t)
                }
                _ => {
                    sh.builtin_error("read", &format!("{v}: invalid timeout specification"));
                    return Ok(1);
                }
            },
            // -e (readline) and -s (no echo) need a terminal; -i goes
            // with -e.
            _ => {}
        }
    }
    let names: Vec<String> = args.get(first..).unwrap_or(&[]).to_vec();
    // A name may be an element (`read 'a[1]'`); `-a`'s may not.
    let bad = names
        .iter()
        .find(|n| crate::names::assignment_target(n).is_none())
        .or(array.as_ref().filter(|a| !super::valid_name(a)));
    if let Some(bad) = bad {
        sh.builtin_error("read", &format!("`{bad}': not a valid identifier"));
        return Ok(1);
    }
    if empty_delim {
        delim = Some('\0');
    }
    // bash shows the prompt, on stderr, only when the input is a terminal.
    if let Some(p) = prompt.filter(|_| sh.fd_is_terminal(fd)) {
        sh.write_err(&p);
    }
    let Some(input) = sh.fds.readable(fd) else {
        // bash checks a `-u` descriptor before reading (`invalid file
        // descriptor`); a closed stdin fails the read itself.
        let msg = if fd_given {
            format!("{fd}: invalid file descriptor: Bad file descriptor")
        } else {
            format!("read error: {fd}: Bad file descriptor")
        };
        sh.builtin_error("read", &msg);
        return Ok(1);
    };
    // `-t 0` reads nothing: it says whether input is waiting.
    if timeout == Some(0.0) {
        return Ok(if input.ready() { 0 } else { 1 });
    }
    let mut bytes = Vec::new();
    let mut count = 0usize;
    let deadline = timeout.map(|t| Instant::now() + Duration::from_secs_f64(t.max(0.0)));
    let mut escaped = false;
    // `-n`/`-N` count characters (bytes outside a UTF-8 locale): a
    // character's last byte is awaited before the count can end the read.
    let utf8 = sh.vars.utf8_locale();
    let mut pending = 0u8;
    let got = if nchars == Some(0) {
        Got::Ended
    } else {
        read_record(sh, &input, deadline, |c| {
            if escaped {
                // `\` newline joins lines; `\x` is kept for the
                // field splitting below to unescape.
                escaped = false;
                if c != b'\n' {
                    bytes.push(b'\\');
                    bytes.push(c);
                    count += usize::from(starts_char(&mut pending, c, utf8));
                }
            } else if !exact && delim.is_some_and(|d| d as u32 == u32::from(c)) {
                return true;
            } else if !raw && c == b'\\' {
                escaped = true;
                return false;
            } else {
                bytes.push(c);
                count += usize::from(starts_char(&mut pending, c, utf8));
            }
            pending == 0 && nchars.is_some_and(|n| count >= n)
        })?
    };
    let eof = match got {
        Got::Ended => false,
        Got::Eof => true,
        Got::TimedOut => return Ok(142),
        Got::Signal(status) => return Ok(status),
    };
    // Bash's read skips NUL bytes (with `-d ''` they end the record).
    bytes.retain(|b| *b != 0);
    let line = crate::bytes::decode_vec(bytes);
    let ifs = sh.vars.get_str("IFS").unwrap_or(" \t\n").to_owned();
    // `-N` takes the characters as they are: no field splitting, so the
    // first name (or element) gets them all.
    let fields_of = |s: &str, max: usize| {
        if exact {
            vec![if raw { s.to_owned() } else { unescape(s) }]
        } else {
            split_read(s, &ifs, max, raw)
        }
    };
    if let Some(arr) = array {
        if sh.is_assoc(&arr) {
            sh.builtin_error("read", &format!("{arr}: not an indexed array"));
            return Ok(1);
        }
        let fields = fields_of(&line, usize::MAX);
        let m = fields
            .into_iter()
            .enumerate()
            .map(|(i, f)| (i as i64, f))
            .collect();
        if let Err(e) = Arc::make_mut(&mut sh.vars).set_value(&arr, Value::Indexed(m)) {
            sh.error(&e.to_string());
            return Ok(1);
        }
    } else if names.is_empty() {
        let v = if raw { line.clone() } else { unescape(&line) };
        let _ = sh.set_var("REPLY", v);
    } else {
        let fields = fields_of(&line, names.len());
        for (k, name) in names.iter().enumerate() {
            let v = fields.get(k).cloned().unwrap_or_default();
            let stored = match crate::names::assignment_target(name) {
                Some((base, Some(key))) => sh.assign_element_text(base, key, v, false),
                _ => sh.set_var(name, v),
            };
            if let Err(m) = stored {
                sh.error(&m);
                return Ok(1);
            }
        }
    }
    Ok(i32::from(eof))
}

/// A descriptor number as bash's `legal_number` takes it (blanks around,
/// an optional sign), when it is not negative.
pub(super) fn parse_fd(v: &str) -> Option<usize> {
    let n: i64 = v.trim_matches([' ', '\t', '\n']).parse().ok()?;
    usize::try_from(n)
        .ok()
        .filter(|n| i32::try_from(*n).is_ok())
}

/// How [`read_record`] ended.
pub(super) enum Got {
    /// The step function ended the record.
    Ended,
    /// End of input came first.
    Eof,
    /// The deadline passed (`read -t`).
    TimedOut,
    /// A trapped or default-handled signal cut the read short; the
    /// builtin fails with this status (128+N), as in bash.
    Signal(i32),
}

/// Reads one record from `input` for `read` and `mapfile`: shows each
/// byte to `step` until it returns `true` (the bytes after stay in the
/// stream for the next reader). Every chunk taken from the input is
/// charged to the memory budget for as long as the record is read, so an
/// endless record is a memory stop, not a silent cut; the read stops at
/// `deadline`, on a cancel and on a signal.
pub(super) fn read_record(
    sh: &mut Shell,
    input: &Input,
    deadline: Option<Instant>,
    step: impl FnMut(u8) -> bool,
) -> Result<Got, Flow> {
    let mut charge = Charge::on(&sh.run.memory);
    let (mut timed_out, mut over) = (false, false);
    let end = input.read_record(step, || {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            timed_out = true;
            return false;
        }
        if !charge.grow(RECORD_CHUNK as u64) {
            over = true;
            return false;
        }
        sh.run.cancel.check().is_none() && !sh.sig.wake().is_stopped()
    });
    if over {
        return Err(sh.run.memory_exceeded());
    }
    if timed_out {
        return Ok(Got::TimedOut);
    }
    match end {
        Ok(RecordEnd::Ended) => Ok(Got::Ended),
        Ok(RecordEnd::Eof) => Ok(Got::Eof),
        Ok(RecordEnd::Stopped) | Err(_) => {
            sh.run.check()?;
            // A signal cut the read short: it acts, and the builtin fails
            // with 128+N, as in bash.
            if let Some(n) = sh.sig.peek().filter(|_| sh.sig.wake().is_stopped()) {
                sh.deliver_signals()?;
                return Ok(Got::Signal(128 + n as i32));
            }
            Ok(Got::Eof)
        }
    }
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                out.push(n);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether byte `c` starts a character (in a UTF-8 locale; every byte
/// does otherwise); `pending`: the bytes the character read last still
/// awaits.
fn starts_char(pending: &mut u8, c: u8, utf8: bool) -> bool {
    if !utf8 {
        return true;
    }
    if *pending > 0 && c & 0xC0 == 0x80 {
        *pending -= 1;
        return false;
    }
    *pending = match c {
        0xC0..=0xDF => 1,
        0xE0..=0xEF => 2,
        0xF0..=0xF7 => 3,
        _ => 0,
    };
    true
}

/// Splits a line into at most `max` fields; the last takes the rest with
/// IFS whitespace trimmed from its ends, or, when the rest is one field
/// and its delimiter (`IFS=, read a b <<< 'x,y,'`), that field, as bash's
/// `read` takes it.
fn split_read(s: &str, ifs: &str, max: usize, raw: bool) -> Vec<String> {
    let is_ws = |c: char| ifs.contains(c) && matches!(c, ' ' | '\t' | '\n');
    let is_delim = |c: char| ifs.contains(c);
    let chars: Vec<char> = s.chars().collect();
    // One field from `i`, backslashes removed unless `raw`.
    let take_field = |i: &mut usize| {
        let mut f = String::new();
        while let Some(&c) = chars.get(*i) {
            if c == '\\'
                && !raw
                && let Some(&n) = chars.get(*i + 1)
            {
                f.push(n);
                *i += 2;
                continue;
            }
            if is_delim(c) {
                break;
            }
            f.push(c);
            *i += 1;
        }
        f
    };
    // One delimiter with the whitespace around it.
    let skip_delim = |i: &mut usize| {
        while chars.get(*i).is_some_and(|c| is_ws(*c)) {
            *i += 1;
        }
        if chars.get(*i).is_some_and(|c| is_delim(*c) && !is_ws(*c)) {
            *i += 1;
            while chars.get(*i).is_some_and(|c| is_ws(*c)) {
                *i += 1;
            }
        }
    };
    let mut fields = Vec::new();
    let mut i = 0;
    while i < chars.len() && chars.get(i).is_some_and(|c| is_ws(*c)) {
        i += 1;
    }
    while i < chars.len() {
        if fields.len() + 1 == max {
            let mut end = i;
            let field = take_field(&mut end);
            skip_delim(&mut end);
            if end >= chars.len() {
                fields.push(field);
                return fields;
            }
            let rest: String = chars.get(i..).unwrap_or(&[]).iter().collect();
            let rest = rest.trim_end_matches(is_ws);
            let rest = rest.to_owned();
            fields.push(if raw { rest } else { unescape(&rest) });
            return fields;
        }
        let field = take_field(&mut i);
        fields.push(field);
        skip_delim(&mut i);
    }
    fields
}
