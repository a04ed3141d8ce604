//! `sync`: every write to the VFS is already visible, so nothing to do;
//! named files must exist, as GNU opens them.

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::quote;
use crate::common::sys::{Res, Sys};

/// The `sync` utility: `-d -f`, files.
pub struct Sync;

/// The options of `sync`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Data,
    FileSystem,
}

impl Command for Sync {
    const NAME: &'static str = "sync";
    const HELP: Help = Help {
        usage: &["[OPTION] [FILE]..."],
        about: "Synchronize cached writes to persistent storage\n\nIf one or more files are specified, sync only them,\nor their containing file systems.\n(The sandbox's writes are always synchronized: this does nothing.)",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'd',
            &["data"],
            Key::Data,
            "sync only file data, no unneeded metadata",
        ),
        Flag::new(
            'f',
            &["file-system"],
            Key::FileSystem,
            "sync the file systems that contain the files",
        ),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let (data, fsys) = (p.has(Key::Data), p.has(Key::FileSystem));
        if data && fsys {
            sys.diag
                .error("cannot specify both --data and --file-system");
            return Ok(1);
        }
        if data && p.operands.is_empty() {
            sys.diag.error("--data needs at least one argument");
            return Ok(1);
        }
        let mut status = 0;
        for op in &p.operands {
            sys.tick.tick()?;
            let found = sys.resolve(op).and_then(|abs| sys.fs.metadata(&abs));
            if let Err(e) = found {
                sys.diag
                    .error(format_args!("error opening {}: {}", quote(op), e.kind));
                status = 1;
            }
        }
        Ok(status)
    }
}

#[cfg(test)]
mod tests {
    use super::Sync;
    use crate::testutil::*;

    #[test]
    fn checks_files() {
        let fs = TestFs::new();
        fs.file("a", b"");
        assert_eq!(run(&Sync, &["a"], b"", &fs).status, 0);
        let o = run(&Sync, &["nope"], b"", &fs);
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, "sync: error opening 'nope': No such file or directory\n")
        );
        assert_eq!(run(&Sync, &["-d"], b"", &fs).status, 1);
    }
}
