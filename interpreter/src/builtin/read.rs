//! `read`: one line (or a delimited record) from standard input into
//! variables, split on IFS.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::io::{RECORD_CHUNK, RecordEnd};
use crate::memory::Charge;
use crate::shell::{Exec, Shell};
use crate::vars::Value;

pub(crate) fn read(sh: &mut Shell, args: &[String]) -> Exec {
    let mut raw = false;
    let mut array: Option<String> = None;
    let mut delim = Some('\n');
    let mut nchars: Option<usize> = None;
    let mut exact = false;
    let mut fd = 0usize;
    let mut timeout: Option<f64> = None;
    let mut prompt: Option<String> = None;
    let mut names = Vec::new();
    let mut i = 1;
    while let Some(a) = args.get(i) {
        match a.as_str() {
            "-r" => raw = true,
            "-s" => {}
            "-a" | "-p" | "-d" | "-n" | "-N" | "-u" | "-t" => {
                i += 1;
                let Some(v) = args.get(i) else {
                    sh.builtin_error("read", &format!("{a}: option requires an argument"));
                    return Ok(2);
                };
                match a.as_str() {
                    "-a" => array = Some(v.clone()),
                    "-p" => prompt = Some(v.clone()),
                    "-d" => delim = v.chars().next().or(None),
                    "-n" | "-N" => {
                        exact = a == "-N";
                        match v.parse() {
                            Ok(n) => nchars = Some(n),
                            Err(_) => {
                                sh.builtin_error("read", &format!("{v}: invalid number"));
                                return Ok(2);
                            }
                        }
                    }
                    "-u" => fd = v.parse().unwrap_or(0),
                    _ => timeout = v.parse().ok(),
                }
            }
            s if s.starts_with('-') && s.len() > 1 && names.is_empty() => {
                sh.builtin_error("read", &format!("{s}: invalid option"));
                return Ok(2);
            }
            _ => names.push(a.clone()),
        }
        i += 1;
    }
    if delim.is_none() && args.iter().any(|a| a == "-d") {
        delim = Some('\0');
    }
    // bash shows the prompt, on stderr, only when the input is a terminal.
    if let Some(p) = prompt.filter(|_| sh.fd_is_terminal(fd)) {
        sh.write_err(&p);
    }
    let input = sh.fds.input(fd);
    let mut bytes = Vec::new();
    let mut count = 0usize;
    let deadline = timeout.map(|t| Instant::now() + Duration::from_secs_f64(t.max(0.0)));
    // Every chunk taken from the input may end up in the line: charged
    // before it is read, so an endless line is a memory stop, not a
    // silent cut.
    let mut charge = Charge::on(&sh.run.memory);
    let (mut timed_out, mut over) = (false, false);
    let mut escaped = false;
    let end = if nchars == Some(0) {
        Ok(RecordEnd::Ended)
    } else {
        input.read_record(
            |c| {
                if escaped {
                    // `\` newline joins lines; `\x` is kept for the
                    // field splitting below to unescape.
                    escaped = false;
                    if c != b'\n' {
                        bytes.push(b'\\');
                        bytes.push(c);
                        count += 1;
                    }
                } else if !exact && delim.is_some_and(|d| d as u32 == u32::from(c)) {
                    return true;
                } else if !raw && c == b'\\' {
                    escaped = true;
                    return false;
                } else {
                    bytes.push(c);
                    count += 1;
                }
                nchars.is_some_and(|n| count >= n)
            },
            || {
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    timed_out = true;
                    return false;
                }
                if !charge.grow(RECORD_CHUNK as u64) {
                    over = true;
                    return false;
                }
                sh.run.cancel.check().is_none() && !sh.sig.wake().is_stopped()
            },
        )
    };
    if over {
        return Err(sh.run.memory_exceeded());
    }
    if timed_out {
        return Ok(142);
    }
    let eof = match end {
        Ok(RecordEnd::Ended) => false,
        Ok(RecordEnd::Eof) => true,
        Ok(RecordEnd::Stopped) | Err(_) => {
            sh.run.check()?;
            // A signal cut the read short: it acts, and `read` fails
            // with 128+N, as in bash.
            if let Some(n) = sh.sig.peek().filter(|_| sh.sig.wake().is_stopped()) {
                sh.deliver_signals()?;
                return Ok(128 + n as i32);
            }
            true
        }
    };
    // Bash's read skips NUL bytes (with `-d ''` they end the record).
    bytes.retain(|b| *b != 0);
    let line = crate::bytes::decode_vec(bytes);
    let ifs = sh.vars.get_str("IFS").unwrap_or(" \t\n").to_owned();
    let fields_of = |s: &str, max: usize| split_read(s, &ifs, max, raw);
    if let Some(arr) = array {
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
            if let Err(m) = sh.set_var(name, v) {
                sh.error(&m);
                return Ok(1);
            }
        }
    }
    Ok(i32::from(eof))
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

/// Splits a line into at most `max` fields; the last takes the rest with
/// IFS whitespace trimmed from its ends.
fn split_read(s: &str, ifs: &str, max: usize, raw: bool) -> Vec<String> {
    let is_ws = |c: char| ifs.contains(c) && matches!(c, ' ' | '\t' | '\n');
    let is_delim = |c: char| ifs.contains(c);
    let chars: Vec<char> = s.chars().collect();
    let mut fields = Vec::new();
    let mut i = 0;
    while i < chars.len() && chars.get(i).is_some_and(|c| is_ws(*c)) {
        i += 1;
    }
    while i < chars.len() {
        if fields.len() + 1 == max {
            let rest: String = chars.get(i..).unwrap_or(&[]).iter().collect();
            let rest = rest.trim_end_matches(is_ws);
            let rest = rest.to_owned();
            fields.push(if raw { rest } else { unescape(&rest) });
            return fields;
        }
        let mut f = String::new();
        while let Some(&c) = chars.get(i) {
            if c == '\\'
                && !raw
                && let Some(&n) = chars.get(i + 1)
            {
                f.push(n);
                i += 2;
                continue;
            }
            if is_delim(c) {
                break;
            }
            f.push(c);
            i += 1;
        }
        fields.push(f);
        // Skip one delimiter with the whitespace around it.
        while chars.get(i).is_some_and(|c| is_ws(*c)) {
            i += 1;
        }
        if chars.get(i).is_some_and(|c| is_delim(*c) && !is_ws(*c)) {
            i += 1;
            while chars.get(i).is_some_and(|c| is_ws(*c)) {
                i += 1;
            }
        }
    }
    fields
}
