//! File names as printed: quoting styles, escapes and `-F`/`-p` indicators.

use sandbash_vfs::{FileKind, Metadata};

use super::config::{Config, Indicator, Quoting};

pub(super) fn indicator(cfg: &Config, md: &Metadata) -> &'static str {
    match md.kind {
        FileKind::Dir if cfg.indicator >= Indicator::Slash => "/",
        FileKind::Symlink if cfg.indicator >= Indicator::FileType => "@",
        FileKind::File if cfg.indicator == Indicator::Classify && md.mode & 0o111 != 0 => "*",
        _ => "",
    }
}

/// Whether the shell styles must quote `name`: characters special to
/// the shell anywhere, `#` and `~` first, anything not printable.
pub(super) fn shell_special(name: &str) -> bool {
    name.is_empty()
        || name.starts_with(['#', '~'])
        || name.chars().any(|c| {
            matches!(
                c,
                ' ' | '!'
                    | '"'
                    | '$'
                    | '&'
                    | '\''
                    | '('
                    | ')'
                    | '*'
                    | ';'
                    | '<'
                    | '='
                    | '>'
                    | '?'
                    | '['
                    | '\\'
                    | ']'
                    | '^'
                    | '`'
                    | '{'
                    | '|'
                    | '}'
            ) || !is_printable(c)
        })
}

pub(super) fn is_printable(c: char) -> bool {
    (' '..='~').contains(&c)
}

/// The C escape of `c`, as the `c` and `escape` styles write it.
pub(super) fn c_escape(c: char, out: &mut String) {
    match c {
        '\n' => out.push_str("\\n"),
        '\t' => out.push_str("\\t"),
        '\r' => out.push_str("\\r"),
        '\x07' => out.push_str("\\a"),
        '\x08' => out.push_str("\\b"),
        '\x0c' => out.push_str("\\f"),
        '\x0b' => out.push_str("\\v"),
        '\\' => out.push_str("\\\\"),
        c if is_printable(c) => out.push(c),
        c => {
            let mut buf = [0u8; 4];
            let bytes = sandbash_interpreter::bytes::encode(c.encode_utf8(&mut buf));
            for b in bytes.iter() {
                out.push_str(&format!("\\{b:03o}"));
            }
        }
    }
}

/// `name` as the quoting style shows it (gnulib's quotearg in the C
/// locale).
pub(super) fn quote_name(cfg: &Config, name: &str) -> String {
    let hide = |c: char| {
        if cfg.hide_control && !is_printable(c) {
            '?'
        } else {
            c
        }
    };
    match cfg.quoting {
        Quoting::Literal => name.chars().map(hide).collect(),
        Quoting::C => {
            let mut out = String::from("\"");
            for c in name.chars() {
                if c == '"' {
                    out.push_str("\\\"");
                } else {
                    c_escape(c, &mut out);
                }
            }
            out.push('"');
            out
        }
        Quoting::Escape => {
            let mut out = String::new();
            for c in name.chars() {
                if c == ' ' {
                    out.push_str("\\ ");
                } else {
                    c_escape(c, &mut out);
                }
            }
            out
        }
        Quoting::Shell
        | Quoting::ShellAlways
        | Quoting::ShellEscape
        | Quoting::ShellEscapeAlways => {
            let always = matches!(
                cfg.quoting,
                Quoting::ShellAlways | Quoting::ShellEscapeAlways
            );
            let escape = matches!(
                cfg.quoting,
                Quoting::ShellEscape | Quoting::ShellEscapeAlways
            );
            let name: String = if escape {
                name.into()
            } else {
                name.chars().map(hide).collect()
            };
            if !always && !shell_special(&name) {
                return name;
            }
            let controls = escape && name.chars().any(|c| !is_printable(c));
            // A single quote and nothing double quotes would expand:
            // double quotes, as gnulib picks them.
            if name.contains('\'') && !controls && !name.contains(['"', '$', '`', '\\', '!']) {
                return format!("\"{name}\"");
            }
            let mut out = String::from("'");
            for c in name.chars() {
                if c == '\'' {
                    out.push_str("'\\''");
                } else if escape && !is_printable(c) {
                    out.push_str("'$'");
                    c_escape(c, &mut out);
                    out.push_str("''");
                } else {
                    out.push(c);
                }
            }
            out.push('\'');
            // A name ending in a control character ends in an empty pair
            // of quotes, which gnulib does not write.
            if out.len() > 4 && out.ends_with("'''") {
                out.truncate(out.len() - 2);
            }
            out
        }
    }
}
