//! `which`: where a command's program is, as Debian's `which` reports it.
//!
//! A name with a `/` is printed when it is an executable regular file of
//! the VFS. Another name is looked up in each `PATH` directory of the
//! VFS; a utility (or a builtin that is also a program, such as `true`)
//! is found in `/usr/bin` and `/bin` (a merged-`/usr` system) when they
//! are in `PATH`: `/usr/bin/NAME` with the default `PATH`, as `command -v`
//! reports it.
//! Status 1 when a name is not found or no name is given; an invalid
//! option prints the usage line and gives 2.

use sandbash_vfs::FileSystem;

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help, OptError, Syntax};
use crate::common::fsutil::join;
use crate::common::sys::{Res, Sys};

/// The `which` utility: `-a`.
pub struct Which;

/// The options of `which`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    All,
}

/// Where utilities are found, as on a merged-`/usr` GNU system.
const PROGRAM_DIRS: &[&str] = &["/usr/bin", "/bin"];

impl Command for Which {
    const NAME: &'static str = "which";
    const HELP: Help = Help {
        usage: &["[-a] args"],
        about: "Print the path of each command that would run for each name.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[Flag::new(
        'a',
        &[],
        Key::All,
        "print all matching pathnames of each argument",
    )];
    const SYNTAX: Syntax = Syntax::GNU.status(2).stop_at_operand();

    fn usage_error(sys: &mut Sys<'_>, err: &OptError) -> i32 {
        let word = match err {
            OptError::InvalidShort(c, _) => format!("-{c}"),
            _ => "--".to_owned(),
        };
        sys.diag.raw(format!("Illegal option {word}\n").as_bytes());
        let _ = sys.out.put(b"Usage: /usr/bin/which [-a] args\n");
        2
    }

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let all = p.has(Key::All);
        let path = sys
            .env
            .iter()
            .rev()
            .find(|(k, _)| k == "PATH")
            .map_or(String::new(), |(_, v)| v.clone());
        let mut status = i32::from(p.operands.is_empty());
        for name in &p.operands {
            sys.tick.tick()?;
            let mut found = Vec::new();
            if name.contains('/') {
                if executable(sys, name) {
                    found.push(name.clone());
                }
            } else {
                let program = sys.runner.has_program(name);
                let dirs = path.split(':').map(|d| if d.is_empty() { "." } else { d });
                for dir in dirs {
                    sys.tick.tick()?;
                    let cand = join(dir, name);
                    if (PROGRAM_DIRS.contains(&dir) && program) || executable(sys, &cand) {
                        found.push(cand);
                        if !all {
                            break;
                        }
                    }
                }
            }
            if found.is_empty() {
                status = 1;
            }
            for f in found {
                sys.out.str(&f)?;
                sys.out.put(b"\n")?;
            }
        }
        Ok(status)
    }
}

/// An executable regular file of the VFS (`[ -f X ] && [ -x X ]`).
fn executable(sys: &Sys<'_>, operand: &str) -> bool {
    let fs: &dyn FileSystem = sys.fs;
    sys.resolve(operand)
        .and_then(|abs| fs.metadata(&abs))
        .is_ok_and(|m| m.is_file() && m.mode & 0o111 != 0)
}

#[cfg(test)]
mod tests {
    use super::Which;
    use crate::testutil::*;

    #[test]
    fn finds_programs_and_files() {
        let fs = TestFs::new();
        fs.file("s.sh", b"#!/bin/sh\n").file("t", b"");
        sandbash_vfs::FileSystem::set_mode(&fs, "/workspace/s.sh", 0o755).unwrap();
        let o = run(&Which, &["cat", "./s.sh", "./t", "nope"], b"", &fs);
        assert_eq!((o.out.as_str(), o.status), ("/bin/cat\n./s.sh\n", 1));
        let o = run(&Which, &[], b"", &fs);
        assert_eq!((o.out.as_str(), o.status), ("", 1));
        let o = run(&Which, &["-x"], b"", &fs);
        assert_eq!(
            (o.out.as_str(), o.err.as_str(), o.status),
            (
                "Usage: /usr/bin/which [-a] args\n",
                "Illegal option -x\n",
                2
            )
        );
    }
}
