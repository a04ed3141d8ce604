//! `cp`/`mv`/`install` backups: `-b`, `--backup[=CONTROL]`, `-S SUFFIX`,
//! with `VERSION_CONTROL` and `SIMPLE_BACKUP_SUFFIX` as GNU reads them.
//! A backup is made by renaming the destination before it is replaced.

use sandbash_vfs::{FileSystem, FsResult};

use crate::common::argmatch::argmatch;
use crate::common::flags::Args;
use crate::common::sys::{Diag, Ticker};

/// How backup names are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `none`/`off`: no backups.
    Off,
    /// `simple`/`never`: `NAME~` (the suffix).
    Simple,
    /// `existing`/`nil`: numbered when numbered ones exist, else simple.
    Existing,
    /// `numbered`/`t`: `NAME.~N~`.
    Numbered,
}

const CONTROLS: &[(&str, Kind)] = &[
    ("none", Kind::Off),
    ("off", Kind::Off),
    ("simple", Kind::Simple),
    ("never", Kind::Simple),
    ("existing", Kind::Existing),
    ("nil", Kind::Existing),
    ("numbered", Kind::Numbered),
    ("t", Kind::Numbered),
];

/// The backup settings of one command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backup {
    pub kind: Kind,
    pub suffix: String,
}

/// A bad `--backup` CONTROL, already reported.
#[derive(Debug)]
pub struct BadControl;

/// Reads the backup options: `b` true for `-b`, `control` the last
/// `--backup`'s value (`Some(None)` without one), `suffix` the last `-S`.
/// `Ok(None)` when no backups are made; `Err` after a bad CONTROL was
/// reported (GNU's `invalid argument 'X' for 'backup type'`).
pub fn from_opts(
    diag: &mut Diag<'_>,
    env: &[(String, String)],
    b: bool,
    control: Option<Option<&str>>,
    suffix: Option<&str>,
) -> Result<Option<Backup>, BadControl> {
    let var = |k: &str| {
        env.iter()
            .rev()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.as_str())
    };
    let given = suffix.is_some();
    let suffix = suffix
        .or_else(|| var("SIMPLE_BACKUP_SUFFIX").filter(|s| !s.is_empty() && !s.contains('/')))
        .unwrap_or("~")
        .to_string();
    // `-S` alone asks for backups too.
    let word = match control {
        Some(Some(w)) => Some(w),
        Some(None) => var("VERSION_CONTROL"),
        None if b || given => var("VERSION_CONTROL"),
        None => return Ok(None),
    };
    let kind = match word {
        None | Some("") => Kind::Existing,
        Some(w) => argmatch(diag, "'backup type'", w, CONTROLS).ok_or(BadControl)?,
    };
    if kind == Kind::Off {
        return Ok(None);
    }
    Ok(Some(Backup { kind, suffix }))
}

/// [`from_opts`] read from a command line whose keys for `-b`,
/// `--backup[=CONTROL]` and `-S SUFFIX` are `b`, `control` and `suffix`.
pub fn from_args<K: Copy + PartialEq>(
    diag: &mut Diag<'_>,
    env: &[(String, String)],
    p: &Args<K>,
    [b, control, suffix]: [K; 3],
) -> Result<Option<Backup>, BadControl> {
    let word = p
        .opts
        .iter()
        .rev()
        .find(|g| g.key == control)
        .map(|g| g.value.as_deref());
    from_opts(diag, env, p.has(b), word, p.last(suffix))
}

/// The numbers N of the existing `BASE.~N~` backups of `path`.
fn highest_number(fs: &dyn FileSystem, path: &str, tick: &mut Ticker<'_>) -> Option<u64> {
    let (dir, base) = match path.rfind('/') {
        Some(0) => ("/", path.get(1..)?),
        Some(i) => (path.get(..i)?, path.get(i + 1..)?),
        None => return None,
    };
    let entries = fs.read_dir(dir).ok()?;
    let prefix = format!("{base}.~");
    let mut best = None;
    for e in entries {
        if tick.tick().is_err() {
            break;
        }
        let n = e
            .name
            .strip_prefix(prefix.as_str())
            .and_then(|r| r.strip_suffix('~'))
            .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|d| d.parse::<u64>().ok());
        if let Some(n) = n {
            best = Some(best.map_or(n, |b: u64| b.max(n)));
        }
    }
    best
}

/// The name the backup of `path` (absolute) gets.
pub fn backup_name(fs: &dyn FileSystem, b: &Backup, path: &str, tick: &mut Ticker<'_>) -> String {
    let numbered = match b.kind {
        Kind::Numbered => Some(highest_number(fs, path, tick).unwrap_or(0)),
        Kind::Existing => highest_number(fs, path, tick),
        Kind::Simple | Kind::Off => None,
    };
    match numbered {
        Some(n) => format!("{path}.~{}~", n.saturating_add(1)),
        None => format!("{path}{}", b.suffix),
    }
}

/// Renames `path` (absolute, existing) to its backup name; gives that
/// name as the operand was shown (`shown` with the same ending added).
pub fn make_backup(
    fs: &dyn FileSystem,
    b: &Backup,
    path: &str,
    shown: &str,
    tick: &mut Ticker<'_>,
) -> FsResult<String> {
    let name = backup_name(fs, b, path, tick);
    let _ = fs.remove_file(&name);
    fs.rename(path, &name)?;
    let added = name.get(path.len()..).unwrap_or("");
    Ok(format!("{shown}{added}"))
}
