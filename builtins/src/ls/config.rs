//! What one `ls` run was asked for (`Config`), what it knows of each
//! entry (`Entry`), and the option values that need reading.

use std::time::SystemTime;

use sandbash_vfs::Metadata;

use crate::common::sys::Sys;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum SortBy {
    Name,
    Time,
    Size,
    None,
    Version,
    Extension,
}

/// How entries are laid out (`--format`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Format {
    Long,
    OnePerLine,
    Columns,
    Across,
    Commas,
}

/// `--time-style`.
#[derive(Clone, PartialEq, Eq)]
pub(super) enum TimeStyle {
    Locale,
    FullIso,
    LongIso,
    Iso,
    /// `+FORMAT`: for old files, and for recent ones.
    Custom(String, String),
}

/// How sizes are shown (`-h`, `--si`, `--block-size`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Scale {
    Bytes,
    Human,
    Si,
    /// Units of this many bytes, rounded up; `true` shows the suffix.
    Block(u64, Option<char>),
}

/// `--quoting-style` and its short options.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Quoting {
    Literal,
    Shell,
    ShellAlways,
    ShellEscape,
    ShellEscapeAlways,
    C,
    Escape,
}

/// `--indicator-style`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Indicator {
    None,
    Slash,
    FileType,
    Classify,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Hidden {
    Skip,
    AlmostAll,
    All,
}

pub(super) struct Config {
    /// `-u`, `--time=atime`: show and sort by the access time (`-c` and
    /// `--time=ctime` pick the change time, which is the modification
    /// time here).
    pub(super) access_time: bool,
    /// `-l` and friends: the format is long.
    pub(super) long: bool,
    pub(super) format: Format,
    /// The line width; `usize::MAX` for no limit.
    pub(super) width: usize,
    pub(super) time_style: TimeStyle,
    pub(super) scale: Scale,
    /// `-s`: the allocated size first, in units of `block` bytes.
    pub(super) blocks: bool,
    pub(super) block: u64,
    pub(super) inode: bool,
    pub(super) quoting: Quoting,
    pub(super) hide_control: bool,
    /// `--hide` globs (only without `-a`/`-A`) and `-I`/`-B` ones.
    pub(super) hide: Vec<String>,
    pub(super) ignore: Vec<String>,
    pub(super) author: bool,
    pub(super) context: bool,
    /// `--zero`: lines end in NUL.
    pub(super) eol: char,
    /// `-T`: columns per tab stop, 0 for spaces only.
    pub(super) tab: usize,
    pub(super) indicator: Indicator,
    pub(super) hidden: Hidden,
    pub(super) recursive: bool,
    pub(super) directory: bool,
    pub(super) human: bool,
    pub(super) reverse: bool,
    pub(super) sort: SortBy,
    pub(super) owner: bool,
    pub(super) group: bool,
    pub(super) numeric: bool,
    pub(super) deref: bool,
    pub(super) dirs_first: bool,
    pub(super) now: SystemTime,
}

impl Config {
    /// The time shown and sorted by: access or modification.
    pub(super) fn time_of(&self, md: &Metadata) -> SystemTime {
        if self.access_time { md.atime } else { md.mtime }
    }
}

pub(super) struct Entry {
    /// The name shown.
    pub(super) name: String,
    /// The absolute path.
    pub(super) path: String,
    pub(super) md: Metadata,
    pub(super) target: Option<String>,
    /// A directory, or a symlink to one (`--group-directories-first`
    /// puts both first).
    pub(super) dir_like: bool,
}

/// `--block-size=SIZE`: `[N][K|M|G|T|P|E][B|iB]`. The suffix is shown
/// after each size only when no number is given (`K`, not `1K`).
pub(super) fn block_size(v: &str) -> Option<(u64, Option<char>)> {
    let digits = v.bytes().take_while(u8::is_ascii_digit).count();
    let (num, unit) = v.split_at(digits);
    let n: u64 = if num.is_empty() { 1 } else { num.parse().ok()? };
    let mut chars = unit.chars();
    let Some(letter) = chars.next() else {
        return (n > 0).then_some((n, None));
    };
    let power = "KMGTPE".find(letter.to_ascii_uppercase())? as u32 + 1;
    let base: u64 = match chars.as_str() {
        "" | "iB" => 1024,
        "B" => 1000,
        _ => return None,
    };
    let unit_bytes = base.checked_pow(power)?;
    let total = n.checked_mul(unit_bytes)?;
    let shown = num.is_empty().then_some(letter.to_ascii_uppercase());
    (total > 0).then_some((total, shown))
}

/// `--time-style=STYLE`; `posix-` styles are the plain ones in the C
/// locale.
pub(super) fn time_style(v: &str) -> Option<TimeStyle> {
    if let Some(f) = v.strip_prefix('+') {
        let (old, recent) = f.split_once('\n').unwrap_or((f, f));
        return Some(TimeStyle::Custom(old.into(), recent.into()));
    }
    let v = v.strip_prefix("posix-").unwrap_or(v);
    Some(match v {
        "full-iso" => TimeStyle::FullIso,
        "long-iso" => TimeStyle::LongIso,
        "iso" => TimeStyle::Iso,
        "locale" => TimeStyle::Locale,
        _ => return None,
    })
}

/// GNU's argmatch failure: the choices, the hint, status 1 (not 2).
pub(super) fn bad_arg(sys: &mut Sys<'_>, val: &str, option: &str, choices: &[&str]) -> i32 {
    let mut msg = format!(
        "invalid argument {} for '{option}'\nValid arguments are:",
        crate::common::quote(val)
    );
    for c in choices {
        msg.push_str("\n  - ");
        msg.push_str(c);
    }
    sys.diag.error(msg);
    sys.diag.try_help();
    1
}
