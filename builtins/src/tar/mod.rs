//! `tar` (GNU tar 1.34): create (`c`), append (`r`), update (`u`), list
//! (`t`) and extract (`x`) archives of VFS files, in the real tar format
//! through the `tar` crate (GNU headers with long-name records by
//! default; `--format=pax|ustar|gnu`).
//!
//! - [`create`]: walking the operands (in name order) into entries, with
//!   `--owner --group --mode --mtime --exclude` applied.
//! - [`read`]: listing (GNU's `tv` line) and extraction (`-C -O
//!   --strip-components`, member operands and `--wildcards`).
//!
//! The archive is built in memory (charged to the budget) and written
//! once complete, so a failed run never leaves half an archive. The old
//! option style (`tar cvf a.tar d`) is read as GNU reads it.

mod codec;
mod create;
mod read;

use std::borrow::Cow;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, OptError};
use crate::common::sys::{Res, Sys};

/// The `tar` utility.
pub struct Tar;

/// The options of `tar`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Create,
    Append,
    Update,
    List,
    Extract,
    File,
    Verbose,
    Directory,
    ToStdout,
    Gzip,
    Bzip2,
    Xz,
    Auto,
    Exclude,
    StripComponents,
    Wildcards,
    FilesFrom,
    Owner,
    Group,
    Mode,
    Mtime,
    NumericOwner,
    Sort,
    Format,
    Accepted,
}

/// What the command line asked for.
pub struct Opts {
    pub mode: Option<Key>,
    pub file: Option<String>,
    pub verbose: bool,
    pub dir: Option<String>,
    pub to_stdout: bool,
    pub compress: Option<Key>,
    pub excludes: Vec<String>,
    pub strip: usize,
    pub wildcards: bool,
    pub files_from: Vec<String>,
    pub owner: Option<(String, u64)>,
    pub group: Option<(String, u64)>,
    pub mode_spec: Option<String>,
    pub mtime: Option<u64>,
    pub numeric: bool,
    pub format: Format,
}

/// The header format entries are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Gnu,
    Pax,
    Ustar,
}

impl Command for Tar {
    const NAME: &'static str = "tar";
    const HELP: Help = Help {
        usage: &["[OPTION...] [FILE]..."],
        about: "GNU 'tar' saves many files together into a single tape or disk archive, and can\nrestore individual files from the archive.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('c', &["create"], Key::Create, "create a new archive"),
        Flag::new(
            'r',
            &["append"],
            Key::Append,
            "append files to the end of an archive",
        ),
        Flag::new(
            'u',
            &["update"],
            Key::Update,
            "only append files newer than copy in archive",
        ),
        Flag::new('t', &["list"], Key::List, "list the contents of an archive"),
        Flag::new(
            'x',
            &["extract", "get"],
            Key::Extract,
            "extract files from an archive",
        ),
        Flag::new(
            'f',
            &["file"],
            Key::File,
            "use archive file or device ARCHIVE",
        )
        .value("ARCHIVE"),
        Flag::new(
            'v',
            &["verbose"],
            Key::Verbose,
            "verbosely list files processed",
        ),
        Flag::new(
            'C',
            &["directory"],
            Key::Directory,
            "change to directory DIR",
        )
        .value("DIR"),
        Flag::new(
            'O',
            &["to-stdout"],
            Key::ToStdout,
            "extract files to standard output",
        ),
        Flag::new(
            'z',
            &["gzip", "gunzip", "ungzip"],
            Key::Gzip,
            "filter the archive through gzip",
        ),
        Flag::new(
            'j',
            &["bzip2"],
            Key::Bzip2,
            "filter the archive through bzip2",
        ),
        Flag::new('J', &["xz"], Key::Xz, "filter the archive through xz"),
        Flag::new(
            'a',
            &["auto-compress"],
            Key::Auto,
            "use archive suffix to determine the compression program",
        ),
        Flag::long(
            &["exclude"],
            Key::Exclude,
            "exclude files, given as a PATTERN",
        )
        .value("PATTERN"),
        Flag::long(
            &["strip-components"],
            Key::StripComponents,
            "strip NUMBER leading components from file names on extraction",
        )
        .value("NUMBER"),
        Flag::long(&["wildcards"], Key::Wildcards, "use wildcards"),
        Flag::new(
            'T',
            &["files-from"],
            Key::FilesFrom,
            "get names to extract or create from FILE",
        )
        .value("FILE"),
        Flag::long(
            &["owner"],
            Key::Owner,
            "force NAME as owner for added files",
        )
        .value("NAME"),
        Flag::long(
            &["group"],
            Key::Group,
            "force NAME as group for added files",
        )
        .value("NAME"),
        Flag::long(
            &["mode"],
            Key::Mode,
            "force (symbolic) mode CHANGES for added files",
        )
        .value("CHANGES"),
        Flag::long(
            &["mtime"],
            Key::Mtime,
            "set mtime for added files from DATE-OR-FILE",
        )
        .value("DATE-OR-FILE"),
        Flag::long(
            &["numeric-owner"],
            Key::NumericOwner,
            "always use numbers for user/group names",
        ),
        Flag::long(
            &["sort"],
            Key::Sort,
            "directory sorting order: none, name (sandbash always sorts by name)",
        )
        .value("ORDER"),
        Flag::new(
            'H',
            &["format"],
            Key::Format,
            "create archive of the given format: gnu, pax, ustar",
        )
        .value("FORMAT"),
        Flag::new(
            'p',
            &["preserve-permissions", "same-permissions"],
            Key::Accepted,
            "accepted",
        ),
        Flag::new('o', &["no-same-owner"], Key::Accepted, "accepted"),
        Flag::long(
            &[
                "no-same-permissions",
                "same-owner",
                "overwrite",
                "no-recursion",
                "totals",
                "check-links",
            ],
            Key::Accepted,
            "accepted",
        ),
    ];
    const SYNTAX: crate::common::flags::Syntax = crate::common::flags::Syntax::GNU.status(2);

    fn prepare(args: &[String]) -> Cow<'_, [String]> {
        // The old style: a first word of option letters without a dash.
        match args.first() {
            Some(w)
                if !w.starts_with('-')
                    && !w.is_empty()
                    && w.chars().all(|c| c.is_ascii_alphabetic()) =>
            {
                let mut v = args.to_vec();
                if let Some(f) = v.first_mut() {
                    *f = format!("-{f}");
                }
                Cow::Owned(v)
            }
            _ => Cow::Borrowed(args),
        }
    }

    fn usage_error(sys: &mut Sys<'_>, err: &OptError) -> i32 {
        sys.diag.error(err);
        try_help(sys);
        2
    }

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let mut o = Opts {
            mode: None,
            file: None,
            verbose: false,
            dir: None,
            to_stdout: false,
            compress: None,
            excludes: Vec::new(),
            strip: 0,
            wildcards: false,
            files_from: Vec::new(),
            owner: None,
            group: None,
            mode_spec: None,
            mtime: None,
            numeric: false,
            format: Format::Gnu,
        };
        for (k, v) in p.each() {
            match k {
                Key::Create | Key::Append | Key::Update | Key::List | Key::Extract => {
                    if o.mode.is_some_and(|m| m != k) {
                        sys.diag.error("You may not specify more than one '-Acdtrux', '--delete' or  '--test-label' option");
                        try_help(sys);
                        return Ok(2);
                    }
                    o.mode = Some(k);
                }
                Key::File => o.file = Some(v.to_owned()),
                Key::Verbose => o.verbose = true,
                Key::Directory => o.dir = Some(v.to_owned()),
                Key::ToStdout => o.to_stdout = true,
                Key::Gzip | Key::Bzip2 | Key::Xz | Key::Auto => o.compress = Some(k),
                Key::Exclude => o.excludes.push(v.to_owned()),
                Key::StripComponents => o.strip = v.parse().unwrap_or(0),
                Key::Wildcards => o.wildcards = true,
                Key::FilesFrom => o.files_from.push(v.to_owned()),
                Key::Owner => o.owner = Some(owner(v)),
                Key::Group => o.group = Some(owner(v)),
                Key::Mode => o.mode_spec = Some(v.to_owned()),
                Key::Mtime => {
                    let tz = sys
                        .env
                        .iter()
                        .find(|(k, _)| k == "TZ")
                        .map(|(_, v)| v.as_str());
                    match crate::date::parse_relative(v, std::time::SystemTime::now(), tz) {
                        Some(t) => {
                            o.mtime = Some(crate::common::time::epoch_secs(t).max(0) as u64);
                        }
                        None => {
                            sys.diag.error(format_args!(
                                "Substituting -9223372036854775807 for unknown date format '{v}'"
                            ));
                        }
                    }
                }
                Key::NumericOwner => o.numeric = true,
                Key::Format => {
                    o.format = match v {
                        "pax" | "posix" => Format::Pax,
                        "ustar" => Format::Ustar,
                        _ => Format::Gnu,
                    }
                }
                Key::Sort | Key::Accepted => {}
            }
        }
        let Some(mode) = o.mode else {
            sys.diag.error(
                "You must specify one of the '-Acdtrux', '--delete' or '--test-label' options",
            );
            try_help(sys);
            return Ok(2);
        };
        let mut names = p.operands;
        for f in o.files_from.clone() {
            let read = sys.resolve(&f).and_then(|p| sys.fs.read(&p));
            match read {
                Ok(t) => names.extend(
                    String::from_utf8_lossy(&t)
                        .lines()
                        .filter(|l| !l.is_empty())
                        .map(str::to_owned),
                ),
                Err(e) => {
                    sys.diag.error(format_args!("{f}: Cannot open: {}", e.kind));
                    sys.diag.error("Error is not recoverable: exiting now");
                    return Ok(2);
                }
            }
        }
        match mode {
            Key::Create | Key::Append | Key::Update => create::run(sys, &o, mode, &names),
            _ => read::run(sys, &o, mode, &names),
        }
    }
}

/// `NAME` or `NAME:ID` (`--owner`/`--group`): a name alone is its own id
/// when numeric, else id 0... as GNU maps unknown names.
fn owner(v: &str) -> (String, u64) {
    match v.split_once(':') {
        Some((n, id)) => (n.to_owned(), id.parse().unwrap_or(0)),
        None => match v.trim_start_matches('+').parse::<u64>() {
            Ok(id) => (String::new(), id),
            Err(_) => (v.to_owned(), if v == "root" { 0 } else { 1000 }),
        },
    }
}

pub(crate) fn try_help(sys: &mut Sys<'_>) {
    sys.diag
        .raw(b"Try 'tar --help' or 'tar --usage' for more information.\n");
}

/// Whether `name` matches a shell `pattern` (`--exclude`, `--wildcards`):
/// against the whole name or, for `--exclude`, any trailing part of it.
pub(crate) fn glob_match(pattern: &str, name: &str) -> bool {
    crate::common::glob::matches(pattern, name)
}

#[cfg(test)]
mod tests {
    use super::Tar;
    use crate::testutil::{Harness, TestFs, run, run_with};
    use sandbash_interpreter::limits::Limits;

    /// An archive holding `name` with `data`, its name written as is.
    fn archive(name: &str, data: &[u8]) -> Vec<u8> {
        let mut h = tar::Header::new_gnu();
        h.set_size(data.len() as u64);
        h.set_mode(0o644);
        let field = &mut h.as_old_mut().name;
        for (d, s) in field.iter_mut().zip(name.as_bytes()) {
            *d = *s;
        }
        h.set_cksum();
        let mut b = tar::Builder::new(Vec::new());
        let _ = b.append(&h, data);
        b.into_inner().unwrap_or_default()
    }

    /// Members are read one at a time and the archive goes out through
    /// the compressor as it is made: 10 MB of files pack under a 4 MB
    /// budget (holding them, as tar once did, would not fit).
    #[test]
    fn create_streams_within_a_small_budget() {
        let fs = TestFs::new();
        fs.dir("d");
        for i in 0..5u8 {
            let data: Vec<u8> = (0..2u32 << 20)
                .map(|k| b'a' + ((k / 7 + u32::from(i)) % 26) as u8)
                .collect();
            fs.file(&format!("d/f{i}"), &data);
        }
        let h = Harness {
            limits: Limits {
                max_memory: 4 << 20,
                ..Limits::normal()
            },
            ..Harness::default()
        };
        let r = run_with(&Tar, &["czf", "a.tgz", "d"], &fs, h);
        assert_eq!((r.status, r.err.as_str()), (0, ""));
        let r = run(&Tar, &["tzf", "a.tgz"], b"", &fs);
        assert_eq!(r.out, "d/\nd/f0\nd/f1\nd/f2\nd/f3\nd/f4\n");
        let r = run(&Tar, &["xzOf", "a.tgz", "d/f3"], b"", &fs);
        assert_eq!(r.out.len(), 2 << 20);
        assert!(r.out.starts_with("ddddddd"));
    }

    /// GNU tar opens the archive first, then finds it among the members.
    #[test]
    fn the_archive_is_not_archived() {
        let fs = TestFs::new();
        fs.dir("d");
        fs.file("d/a", b"a\n");
        let r = run(&Tar, &["cvf", "d/x.tar", "d"], b"", &fs);
        assert_eq!(r.err, "tar: d/x.tar: file is the archive; not dumped\n");
        assert_eq!((r.status, r.out.as_str()), (0, "d/\nd/a\n"));
        let r = run(&Tar, &["tf", "d/x.tar"], b"", &fs);
        assert_eq!(r.out, "d/\nd/a\n");
    }

    #[test]
    fn members_climbing_out_are_refused() {
        let fs = TestFs::new();
        fs.file("t.tar", &archive("../x", b"hi\n"));
        fs.dir("sub");
        let r = run(&Tar, &["xf", "t.tar", "-C", "sub"], b"", &fs);
        assert_eq!(
            r.err,
            "tar: Removing leading `../' from member names\ntar: ../x: Member name contains '..'\ntar: Exiting with failure status due to previous errors\n"
        );
        assert_eq!(r.status, 2);
        assert!(!fs.has("x") && !fs.has("sub/x"));
    }

    fn with_header(h: &tar::Header, data: &[u8]) -> Vec<u8> {
        let mut b = tar::Builder::new(Vec::new());
        let _ = b.append(h, data);
        b.into_inner().unwrap_or_default()
    }

    /// A hard link to a member that is not there fails as GNU tar's
    /// does (status 2); one to a member extracted before is a copy.
    #[test]
    fn hard_links_copy_or_fail_as_gnu() {
        let fs = TestFs::new();
        let mut h = tar::Header::new_gnu();
        h.set_entry_type(tar::EntryType::Link);
        let _ = h.set_path("link");
        let _ = h.set_link_name("missing");
        h.set_size(0);
        h.set_cksum();
        fs.file("l.tar", &with_header(&h, b""));
        let r = run(&Tar, &["xf", "l.tar"], b"", &fs);
        assert_eq!(
            (r.status, r.err.as_str()),
            (
                2,
                "tar: link: Cannot hard link to 'missing': No such file or directory\ntar: Exiting with failure status due to previous errors\n"
            )
        );
        assert!(!fs.has("link"));
        let mut both = archive("missing", b"here\n");
        both.truncate(both.len() - 1024);
        both.extend(with_header(&h, b""));
        fs.file("b.tar", &both);
        let r = run(&Tar, &["xf", "b.tar"], b"", &fs);
        assert_eq!((r.status, r.err.as_str()), (0, ""));
        assert_eq!(fs.text("link"), "here\n");
    }

    /// A GNU sparse member lists with its real size and extracts
    /// expanded; one whose header claims a terabyte stops on the memory
    /// budget before anything is read.
    #[test]
    fn sparse_members_are_charged_their_real_size() {
        let sparse = |real: u64| {
            let mut h = tar::Header::new_gnu();
            h.set_entry_type(tar::EntryType::GNUSparse);
            let _ = h.set_path("big");
            h.set_mode(0o644);
            h.set_size(512);
            if let Some(g) = h.as_gnu_mut() {
                g.sparse[0].set_offset(real - 512);
                g.sparse[0].set_length(512);
                g.set_real_size(real);
            }
            h.set_cksum();
            with_header(&h, &[b'A'; 512])
        };
        let fs = TestFs::new();
        fs.file("s.tar", &sparse(4096));
        let r = run(&Tar, &["tvf", "s.tar"], b"", &fs);
        assert_eq!(
            r.out,
            "-rw-r--r-- 0/0            4096 1970-01-01 00:00 big\n"
        );
        let r = run(&Tar, &["xf", "s.tar"], b"", &fs);
        assert_eq!((r.status, r.err.as_str()), (0, ""));
        let mut want = vec![0u8; 3584];
        want.extend([b'A'; 512]);
        assert_eq!(fs.text("big").into_bytes(), want);
        fs.file("t.tar", &sparse(1 << 40));
        let r = run(&Tar, &["tvf", "t.tar"], b"", &fs);
        assert_eq!(
            r.out,
            "-rw-r--r-- 0/0   1099511627776 1970-01-01 00:00 big\n"
        );
        let r = run(&Tar, &["xOf", "t.tar"], b"", &fs);
        assert_eq!(r.out, "");
        assert!(r.err.contains("memory"), "{} {}", r.status, r.err);
    }
}
