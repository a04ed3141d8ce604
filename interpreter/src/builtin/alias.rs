//! `alias` and `unalias`: the alias table read by `syntax/alias.rs`.

use std::sync::Arc;

use crate::shell::{Exec, Shell};

/// `alias NAME='VALUE'`, as `alias` and `alias -p` print it.
pub(crate) fn definition(name: &str, value: &str) -> String {
    format!("alias {name}={}", crate::expand::single_quote(value))
}

/// Bash's `legal_alias_name`: no blank, quote, `/`, `$`, `=` or
/// metacharacter.
fn legal_alias_name(name: &str) -> bool {
    !name.is_empty()
        && !name.chars().any(|c| {
            matches!(
                c,
                ' ' | '\t'
                    | '\n'
                    | '/'
                    | '$'
                    | '`'
                    | '='
                    | '\''
                    | '"'
                    | '\\'
                    | '|'
                    | '&'
                    | ';'
                    | '('
                    | ')'
                    | '<'
                    | '>'
            )
        })
}

pub(crate) fn alias(sh: &mut Shell, args: &[String]) -> Exec {
    let (opts, at) = match sh.builtin_getopt(args, "p") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let operands = args.get(at..).unwrap_or(&[]);
    // As bash: listing (no operands, or `-p`) with no aliases defined
    // ends the builtin, so `alias -p x=y` then defines nothing.
    if (operands.is_empty() || !opts.is_empty()) && sh.aliases.is_empty() {
        return Ok(0);
    }
    // In posix mode only `-p` prints the `alias ` before a definition.
    let reusable = !sh.opts.posix || !opts.is_empty();
    let shown = |k: &str, v: &str| {
        let d = definition(k, v);
        match d.strip_prefix("alias ") {
            Some(rest) if !reusable => rest.to_owned(),
            _ => d,
        }
    };
    let mut out = String::new();
    if operands.is_empty() || !opts.is_empty() {
        for (k, v) in sh.aliases.iter() {
            out.push_str(&shown(k, v));
            out.push('\n');
        }
    }
    let mut status = 0;
    for a in operands {
        match a.split_once('=') {
            Some((name, value)) => {
                if legal_alias_name(name) {
                    Arc::make_mut(&mut sh.aliases).insert(name.to_owned(), value.to_owned());
                } else {
                    sh.out(out.as_bytes())?;
                    out.clear();
                    sh.builtin_error("alias", &format!("`{name}': invalid alias name"));
                    status = 1;
                }
            }
            None => match sh.aliases.get(a.as_str()) {
                Some(v) => {
                    out.push_str(&shown(a, v));
                    out.push('\n');
                }
                None => {
                    sh.out(out.as_bytes())?;
                    out.clear();
                    sh.builtin_error("alias", &format!("{a}: not found"));
                    status = 1;
                }
            },
        }
    }
    sh.out(out.as_bytes())?;
    Ok(status)
}

pub(crate) fn unalias(sh: &mut Shell, args: &[String]) -> Exec {
    let (opts, at) = match sh.builtin_getopt(args, "a") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    if !opts.is_empty() {
        Arc::make_mut(&mut sh.aliases).clear();
        return Ok(0);
    }
    let operands = args.get(at..).unwrap_or(&[]);
    if operands.is_empty() {
        sh.builtin_usage("unalias");
        return Ok(2);
    }
    let mut status = 0;
    for a in operands {
        if Arc::make_mut(&mut sh.aliases).remove(a.as_str()).is_none() {
            sh.builtin_error("unalias", &format!("{a}: not found"));
            status = 1;
        }
    }
    Ok(status)
}
