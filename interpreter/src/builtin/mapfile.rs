//! `mapfile`/`readarray`: lines (or `-d` records) of a descriptor into an
//! indexed array, as bash's `mapfile.c`.
//!
//! Invariant: the input is read one record at a time through
//! [`super::read::read_record`], the reader `read` uses, so what follows
//! the last record taken (`-n`) stays in the stream, and nothing beyond
//! the record being read is held outside the array: an endless record is
//! a memory stop of that reader, an endless stream of records one of the
//! variable store, checked by the hostile case
//! `memory/mapfile_endless_lines`.

use std::sync::Arc;

use crate::shell::{Exec, Shell};
use crate::vars::{Value, VarError};

use super::read::{Got, parse_fd, read_record};

/// Lines between two callbacks when `-C` comes without `-c`.
const DEFAULT_QUANTUM: u64 = 5000;

pub(crate) fn mapfile(sh: &mut Shell, args: &[String]) -> Exec {
    let me = args.first().map_or("mapfile", String::as_str);
    let (opts, first) = match sh.builtin_getopt(args, "d:u:n:O:tC:c:s:") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let mut delim = b'\n';
    let mut fd = 0usize;
    let mut fd_given = false;
    let (mut count, mut origin, mut skip) = (0u64, 0i64, 0u64);
    let mut clear = true;
    let mut chop = false;
    let mut callback: Option<String> = None;
    let mut quantum = DEFAULT_QUANTUM;
    for (c, v) in opts {
        let v = v.unwrap_or_default();
        // bash's `legal_number`, then a range check on the value.
        let number = || {
            v.trim_matches([' ', '\t', '\n'])
                .parse::<i64>()
                .ok()
                .and_then(|n| u32::try_from(n).ok())
        };
        let bad = |sh: &Shell, what: &str| {
            sh.builtin_error(me, &format!("{v}: {what}"));
            Ok(1)
        };
        match c {
            // Only the first byte counts; an empty delimiter is NUL.
            'd' => delim = v.bytes().next().unwrap_or(0),
            'u' => match parse_fd(&v) {
                Some(n) => {
                    fd = n;
                    fd_given = true;
                }
                None => return bad(sh, "invalid file descriptor specification"),
            },
            'n' => match number() {
                Some(n) => count = u64::from(n),
                None => return bad(sh, "invalid line count"),
            },
            'O' => match number() {
                Some(n) => {
                    origin = i64::from(n);
                    clear = false;
                }
                None => return bad(sh, "invalid array origin"),
            },
            's' => match number() {
                Some(n) => skip = u64::from(n),
                None => return bad(sh, "invalid line count"),
            },
            'c' => match number().filter(|n| *n > 0) {
                Some(n) => quantum = u64::from(n),
                None => return bad(sh, "invalid callback quantum"),
            },
            'C' => callback = Some(v),
            't' => chop = true,
            _ => {}
        }
    }
    let name = match args.get(first) {
        None => "MAPFILE".to_owned(),
        Some(n) if n.is_empty() => {
            sh.builtin_error(me, "empty array variable name");
            return Ok(2);
        }
        Some(n) => n.clone(),
    };
    if !super::valid_name(&name) {
        sh.builtin_error(me, &format!("`{name}': not a valid identifier"));
        return Ok(1);
    }
    // bash checks a `-u` descriptor before reading; a closed stdin reads
    // as end of input.
    let input = match sh.fds.readable(fd) {
        Some(input) => input,
        None if fd_given => {
            sh.builtin_error(
                me,
                &format!("{fd}: invalid file descriptor: Bad file descriptor"),
            );
            return Ok(1);
        }
        None => crate::io::Input::Null,
    };
    // The array is made (or emptied) before anything is read, as bash's
    // `builtin_find_indexed_array`: a scalar becomes element 0.
    let start = match sh.vars.get(&name).map(|v| &v.value) {
        Some(Value::Assoc(_)) => {
            sh.builtin_error(me, &format!("{name}: not an indexed array"));
            return Ok(1);
        }
        Some(Value::Indexed(_)) if !clear => None,
        Some(Value::Str(s)) if !clear => Some(Value::Indexed([(0, s.clone())].into())),
        _ => Some(Value::Indexed(Default::default())),
    };
    let readonly = sh.vars.get(&name).is_some_and(|v| v.readonly());
    if readonly {
        sh.error(&VarError::Readonly(name).to_string());
        return Ok(1);
    }
    if let Some(v) = start
        && let Err(e) = Arc::make_mut(&mut sh.vars).set_value(&name, v)
    {
        sh.error(&e.to_string());
        return Ok(1);
    }
    for _ in 0..skip {
        sh.run.check()?;
        match read_record(sh, &input, None, |c| c == delim)? {
            Got::Ended => {}
            Got::Signal(status) => return Ok(status),
            Got::Eof | Got::TimedOut => return Ok(0),
        }
    }
    let mut index = origin;
    let mut taken = 0u64;
    loop {
        sh.run.check()?;
        let mut line = Vec::new();
        let got = read_record(sh, &input, None, |c| {
            line.push(c);
            c == delim
        })?;
        if let Got::Signal(status) = got {
            return Ok(status);
        }
        if !matches!(got, Got::Ended) && line.is_empty() {
            break;
        }
        if chop && line.last() == Some(&delim) {
            line.pop();
        }
        // The element is a C string in bash: it ends at a NUL byte.
        if let Some(nul) = line.iter().position(|b| *b == 0) {
            line.truncate(nul);
        }
        let line = crate::bytes::decode_vec(line);
        taken += 1;
        if let Some(cb) = &callback
            && taken.is_multiple_of(quantum)
        {
            let _ = sh.eval_string(&format!("{cb} {index} {}", single_quote(&line)))?;
        }
        if let Err(e) = Arc::make_mut(&mut sh.vars).set_index(&name, index, line) {
            sh.error(&e.to_string());
            return Ok(1);
        }
        if sh.vars.refused() {
            return Err(sh.run.memory_exceeded());
        }
        if !matches!(got, Got::Ended) || (count != 0 && taken >= count) {
            break;
        }
        index = index.saturating_add(1);
    }
    Ok(0)
}

/// `'text'` with each `'` as `'\''`, as bash's `sh_single_quote` quotes
/// the line it passes to the callback.
fn single_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}
