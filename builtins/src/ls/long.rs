//! The long format (`-l`, `-n`, `-g`, `-o`): modes, owners, sizes, dates.

use std::time::SystemTime;

use crate::common::sys::{Res, Sys};
use crate::common::time::ls_date;

use crate::common::mode::mode_string;

use super::config::{Config, Entry, Indicator, TimeStyle};
use super::names::{indicator, quote_name};
use super::sizes::{block_count, disk_bytes, shown_size, size_text};

/// The date column of the long format.
pub(super) fn date_text(cfg: &Config, t: SystemTime) -> String {
    let age = crate::common::time::epoch_secs(cfg.now) - crate::common::time::epoch_secs(t);
    let recent = (0..31_556_952 / 2).contains(&age) || (age < 0 && age > -60);
    let strf = |f: &str| {
        let Ok(ts) = jiff::Timestamp::try_from(t) else {
            return String::new();
        };
        let zoned = ts.to_zoned(jiff::tz::TimeZone::UTC);
        let mut out = String::new();
        crate::date::format::format(
            &crate::date::format::Moment {
                zoned: &zoned,
                abbrev: "UTC",
            },
            f,
            &mut out,
        );
        out
    };
    match &cfg.time_style {
        TimeStyle::Locale => ls_date(t, cfg.now),
        TimeStyle::FullIso => crate::common::time::full_iso(t),
        TimeStyle::LongIso => strf("%Y-%m-%d %H:%M"),
        TimeStyle::Iso if recent => strf("%m-%d %H:%M"),
        TimeStyle::Iso => strf("%Y-%m-%d "),
        TimeStyle::Custom(_, r) if recent => strf(r),
        TimeStyle::Custom(o, _) => strf(o),
    }
}

/// A stand-in inode number: the VFS has none, so one is derived from the
/// path (stable within a session, distinct in practice).
pub(super) fn inode(path: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in path.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h % 9_000_000 + 1_000_000
}

pub(super) fn print_long(sys: &mut Sys<'_>, cfg: &Config, entries: &[Entry]) -> Res<()> {
    let (user, group) = if cfg.numeric {
        ("1000", "1000")
    } else {
        ("agent", "agent")
    };
    let sizes: Vec<String> = entries
        .iter()
        .map(|e| size_text(cfg, shown_size(&e.md)))
        .collect();
    let blocks: Vec<String> = entries
        .iter()
        .map(|e| block_count(cfg, disk_bytes(&e.md)))
        .collect();
    let inodes: Vec<String> = entries.iter().map(|e| inode(&e.path).to_string()).collect();
    let width_of = |v: &[String]| v.iter().map(String::len).max().unwrap_or(1);
    let nlink_w = entries
        .iter()
        .map(|e| e.md.nlink.to_string().len())
        .max()
        .unwrap_or(1);
    let (size_w, blk_w, ino_w) = (width_of(&sizes), width_of(&blocks), width_of(&inodes));
    let cell = |v: &[String], i: usize| v.get(i).cloned().unwrap_or_default();
    for (i, e) in entries.iter().enumerate() {
        sys.tick.tick()?;
        let mut line = String::new();
        if cfg.inode {
            line.push_str(&format!("{:>ino_w$} ", cell(&inodes, i)));
        }
        if cfg.blocks {
            line.push_str(&format!("{:>blk_w$} ", cell(&blocks, i)));
        }
        line.push_str(&format!("{} {:>nlink_w$} ", mode_string(&e.md), e.md.nlink));
        if cfg.owner {
            line.push_str(user);
            line.push(' ');
        }
        if cfg.group {
            line.push_str(group);
            line.push(' ');
        }
        if cfg.author {
            line.push_str(user);
            line.push(' ');
        }
        if cfg.context {
            line.push_str("? ");
        }
        line.push_str(&format!(
            "{:>size_w$} {} {}",
            cell(&sizes, i),
            date_text(cfg, cfg.time_of(&e.md)),
            quote_name(cfg, &e.name)
        ));
        if let Some(t) = &e.target {
            line.push_str(" -> ");
            line.push_str(&quote_name(cfg, t));
            // -F marks the link's target by what it is.
            if cfg.indicator != Indicator::None
                && let Ok(tmd) = sys.fs.metadata(&e.path)
            {
                line.push_str(indicator(cfg, &tmd));
            }
        } else {
            line.push_str(indicator(cfg, &e.md));
        }
        line.push(cfg.eol);
        sys.out.str(&line)?;
    }
    Ok(())
}
