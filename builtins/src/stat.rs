//! `stat`: file or file system status, with GNU's default, terse (`-t`)
//! and `-c`/`--format`/`--printf` formats.
//!
//! What the VFS does not keep is made up consistently with `ls`
//! ([`crate::common::usage`]): 4 KiB blocks, a directory of 4096 bytes,
//! inode numbers from the path, the device of the mount; the owner is the
//! session's user ([`crate::common::ident`]); access, change and
//! modification times are all the modification time, and there is no
//! birth time (`-`, `0`), as on a filesystem that does not record it.

use std::cell::Cell;
use std::time::SystemTime;

use sandbash_vfs::{FileKind, FileSystem, Metadata, Space};

use crate::common::command::Command;
use crate::common::escape::c_escapes;
use crate::common::flags::{Args, Flag, Help};
use crate::common::ident;
use crate::common::mode::perm_string;
use crate::common::sys::{Res, Sys};
use crate::common::time::{epoch_secs, full_iso, subsec_nanos};
use crate::common::usage::{apparent_size, blocks_512, device, inode};
use crate::common::{quote, quote_shell_always};

/// The `stat` utility: `-L -f -c --format --printf -t --cached`.
pub struct Stat;

/// The options of `stat`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Dereference,
    FileSystem,
    Cached,
    Format,
    Printf,
    Terse,
}

const TERSE: &str = "%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %W %o";
const TERSE_FS: &str = "%n %i %l %t %s %S %b %f %a %c %d";
const DEFAULT_REST: &str = "  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\nDevice: %Hd,%Ld\tInode: %-11i Links: %h\nAccess: (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\nAccess: %x\nModify: %y\nChange: %z\n Birth: %w\n";
const DEFAULT_REST_DEV: &str = "  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\nDevice: %Hd,%Ld\tInode: %-11i Links: %-5h Device type: %Hr,%Lr\nAccess: (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\nAccess: %x\nModify: %y\nChange: %z\n Birth: %w\n";
const DEFAULT_FS: &str = "  File: \"%n\"\n    ID: %-8i Namelen: %-7l Type: %T\nBlock size: %-10s Fundamental block size: %S\nBlocks: Total: %-10b Free: %-10f Available: %a\nInodes: Total: %-10c Free: %d\n";

impl Command for Stat {
    const NAME: &'static str = "stat";
    const HELP: Help = Help {
        usage: &["[OPTION]... FILE..."],
        about: "Display file or file system status.",
        after: "The valid format sequences for files (without --file-system):\n\n  %a   permission bits in octal\n  %A   permission bits and file type in human readable form\n  %b   number of blocks allocated (see %B)\n  %B   the size in bytes of each block reported by %b\n  %d   device number in decimal (st_dev)\n  %D   device number in hex (st_dev)\n  %Hd  major device number in decimal\n  %Ld  minor device number in decimal\n  %f   raw mode in hex\n  %F   file type\n  %g   group ID of owner\n  %G   group name of owner\n  %h   number of hard links\n  %i   inode number\n  %m   mount point\n  %n   file name\n  %N   quoted file name with dereference if symbolic link\n  %o   optimal I/O transfer size hint\n  %s   total size, in bytes\n  %r   device type in decimal (st_rdev)\n  %Hr  major device type in decimal, for character/block device special files\n  %Lr  minor device type in decimal, for character/block device special files\n  %t   major device type in hex, for character/block device special files\n  %T   minor device type in hex, for character/block device special files\n  %u   user ID of owner\n  %U   user name of owner\n  %w   time of file birth, human-readable; - if unknown\n  %W   time of file birth, seconds since Epoch; 0 if unknown\n  %x   time of last access, human-readable\n  %X   time of last access, seconds since Epoch\n  %y   time of last data modification, human-readable\n  %Y   time of last data modification, seconds since Epoch\n  %z   time of last status change, human-readable\n  %Z   time of last status change, seconds since Epoch\n\nValid format sequences for file systems:\n\n  %a   free blocks available to non-superuser\n  %b   total data blocks in file system\n  %c   total file nodes in file system\n  %d   free file nodes in file system\n  %f   free blocks in file system\n  %i   file system ID in hex\n  %l   maximum length of filenames\n  %n   file name\n  %s   block size (for faster transfers)\n  %S   fundamental block size (for block counts)\n  %t   file system type in hex\n  %T   file system type in human readable form\n\nThe sandbox keeps access and modification times; the change time is\nthe modification time; there is no birth time.",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('L', &["dereference"], Key::Dereference, "follow links"),
        Flag::new('f', &["file-system"], Key::FileSystem, "display file system status instead of file status"),
        Flag::long(&["cached"], Key::Cached, "specify how to use cached attributes (ignored)").value("MODE"),
        Flag::new('c', &["format"], Key::Format, "use the specified FORMAT instead of the default;\n  output a newline after each use of FORMAT").value("FORMAT"),
        Flag::long(&["printf"], Key::Printf, "like --format, but interpret backslash escapes,\n  and do not output a mandatory trailing newline;\n  if you want a newline, include \\n in FORMAT").value("FORMAT"),
        Flag::new('t', &["terse"], Key::Terse, "print the information in terse form"),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        let follow = p.has(Key::Dereference);
        let fsmode = p.has(Key::FileSystem);
        let terse = p.has(Key::Terse);
        let format: Option<Vec<u8>> = match p
            .opts
            .iter()
            .rev()
            .find(|g| matches!(g.key, Key::Format | Key::Printf))
        {
            Some(g) if g.key == Key::Printf => {
                let raw = sandbash_interpreter::bytes::encode(g.value.as_deref().unwrap_or(""))
                    .into_owned();
                let mut bad = Vec::new();
                let f = c_escapes(&raw, |c| bad.push(c));
                for c in bad {
                    sys.diag.error(format_args!(
                        "warning: unrecognized escape '\\{}'",
                        char::from(c)
                    ));
                }
                Some(f)
            }
            Some(g) => {
                let mut f = sandbash_interpreter::bytes::encode(g.value.as_deref().unwrap_or(""))
                    .into_owned();
                f.push(b'\n');
                Some(f)
            }
            None => None,
        };
        if p.operands.is_empty() {
            sys.diag.usage("missing operand");
            return Ok(1);
        }
        let mut status = 0;
        for op in &p.operands {
            sys.tick.tick()?;
            let ok = if fsmode {
                fs_one(sys, op, terse, format.as_deref())?
            } else {
                file_one(sys, op, follow, terse, format.as_deref())?
            };
            if !ok {
                status = 1;
            }
        }
        Ok(status)
    }
}

fn file_one(
    sys: &mut Sys<'_>,
    op: &str,
    follow: bool,
    terse: bool,
    format: Option<&[u8]>,
) -> Res<bool> {
    let fs: &dyn FileSystem = sys.fs;
    let got = sys.resolve(op).and_then(|abs| {
        let md = if follow {
            fs.metadata(&abs)
        } else {
            fs.symlink_metadata(&abs)
        }?;
        Ok((abs, md))
    });
    let (abs, md) = match got {
        Ok(x) => x,
        Err(e) => {
            sys.diag
                .error(format_args!("cannot statx {}: {}", quote(op), e.kind));
            return Ok(false);
        }
    };
    let target = if md.kind == FileKind::Symlink {
        fs.read_link(&abs).ok()
    } else {
        None
    };
    let mount = if md.kind == FileKind::CharDevice && abs.starts_with("/dev/") {
        "/dev".to_owned()
    } else {
        fs.space(&abs).map_or_else(|| "/".to_owned(), |s| s.mount)
    };
    let info = FileInfo {
        name: op,
        abs: &abs,
        md: &md,
        target: target.as_deref(),
        mount: &mount,
        env: sys.env,
        context_asked: Cell::new(false),
    };
    let out = match format {
        Some(f) => render(f, |spec, out| info.directive(spec, out)),
        None if terse => render(format!("{TERSE}\n").as_bytes(), |s, o| info.directive(s, o)),
        None => {
            let mut head = format!("  File: {op}");
            if let Some(t) = &target {
                head.push_str(" -> ");
                head.push_str(t);
            }
            head.push('\n');
            let rest = if md.kind == FileKind::CharDevice {
                DEFAULT_REST_DEV
            } else {
                DEFAULT_REST
            };
            let mut v = sandbash_interpreter::bytes::encode(&head).into_owned();
            v.extend(render(rest.as_bytes(), |s, o| info.directive(s, o)));
            v
        }
    };
    sys.out.put(&out)?;
    if info.context_asked.get() {
        // No SELinux: `%C` prints `?`, and the file counts as failed.
        sys.diag.error(format_args!(
            "failed to get security context of {}: No data available",
            quote(op)
        ));
        return Ok(false);
    }
    Ok(true)
}

fn fs_one(sys: &mut Sys<'_>, op: &str, terse: bool, format: Option<&[u8]>) -> Res<bool> {
    let fs: &dyn FileSystem = sys.fs;
    let got = sys
        .resolve(op)
        .and_then(|abs| fs.metadata(&abs).map(|_| abs));
    let abs = match got {
        Ok(a) => a,
        Err(e) => {
            sys.diag.error(format_args!(
                "cannot read file system information for {}: {}",
                quote(op),
                e.kind
            ));
            return Ok(false);
        }
    };
    let space = fs.space(&abs);
    let f: Vec<u8> = match format {
        Some(f) => f.to_vec(),
        None if terse => format!("{TERSE_FS}\n").into_bytes(),
        None => DEFAULT_FS.as_bytes().to_vec(),
    };
    let out = render(&f, |spec, out| fs_directive(op, space.as_ref(), spec, out));
    sys.out.put(&out)?;
    Ok(true)
}

/// One `%` directive: flags, width, precision, an optional `H`/`L`
/// (major/minor) and the letter.
struct Spec {
    left: bool,
    zero: bool,
    width: usize,
    prec: Option<usize>,
    half: Option<u8>,
    conv: u8,
}

/// A directive's value.
enum Val {
    Str(String),
    Num(u64),
    Hex(u64),
    Oct(u64),
    Time(i64, u32),
}

/// Widest field honoured, so a format cannot ask for gigabytes of padding.
const MAX_WIDTH: usize = 4096;

/// Expands `format`, asking `value` for each directive; `None` from it
/// prints the directive as `?`.
fn render(format: &[u8], mut value: impl FnMut(&Spec, &mut Vec<u8>) -> Option<Val>) -> Vec<u8> {
    let mut out = Vec::with_capacity(format.len() + 64);
    let mut i = 0;
    while let Some(&b) = format.get(i) {
        i += 1;
        if b != b'%' {
            out.push(b);
            continue;
        }
        let start = i - 1;
        let mut spec = Spec {
            left: false,
            zero: false,
            width: 0,
            prec: None,
            half: None,
            conv: 0,
        };
        while let Some(&f) = format.get(i) {
            match f {
                b'-' => spec.left = true,
                b'0' => spec.zero = true,
                b'+' | b' ' | b'#' | b'\'' | b'I' => {}
                _ => break,
            }
            i += 1;
        }
        while let Some(d) = format.get(i).filter(|d| d.is_ascii_digit()) {
            spec.width = (spec.width * 10 + usize::from(d - b'0')).min(MAX_WIDTH);
            i += 1;
        }
        if format.get(i) == Some(&b'.') {
            i += 1;
            let mut p = None;
            while let Some(d) = format.get(i).filter(|d| d.is_ascii_digit()) {
                p = Some((p.unwrap_or(0) * 10 + usize::from(d - b'0')).min(MAX_WIDTH));
                i += 1;
            }
            spec.prec = Some(p.unwrap_or(usize::MAX));
        }
        if let Some(&h) = format.get(i).filter(|h| matches!(h, b'H' | b'L')) {
            spec.half = Some(h);
            i += 1;
        }
        let Some(&conv) = format.get(i) else {
            out.extend_from_slice(format.get(start..).unwrap_or(&[]));
            break;
        };
        i += 1;
        if conv == b'%' {
            out.push(b'%');
            continue;
        }
        spec.conv = conv;
        let v = value(&spec, &mut out).unwrap_or(Val::Str("?".into()));
        let (text, numeric) = match v {
            Val::Str(s) => {
                let mut b = sandbash_interpreter::bytes::encode(&s).into_owned();
                if let Some(p) = spec.prec {
                    b.truncate(p);
                }
                (b, false)
            }
            Val::Num(n) => (n.to_string().into_bytes(), true),
            Val::Hex(n) => (format!("{n:x}").into_bytes(), true),
            Val::Oct(n) => (format!("{n:o}").into_bytes(), true),
            Val::Time(s, ns) => {
                let mut t = s.to_string();
                if let Some(p) = spec.prec {
                    let p = if p == usize::MAX { 9 } else { p };
                    if p > 0 {
                        let digits = format!("{ns:09}");
                        t.push('.');
                        t.push_str(digits.get(..p.min(9)).unwrap_or(""));
                        for _ in 9..p {
                            t.push('0');
                        }
                    }
                }
                (t.into_bytes(), true)
            }
        };
        let pad = spec.width.saturating_sub(text.len());
        if spec.left {
            out.extend_from_slice(&text);
            out.resize(out.len() + pad, b' ');
        } else if spec.zero && numeric {
            let neg = text.first() == Some(&b'-');
            if neg {
                out.push(b'-');
            }
            out.resize(out.len() + pad, b'0');
            out.extend_from_slice(text.get(usize::from(neg)..).unwrap_or(&[]));
        } else {
            out.resize(out.len() + pad, b' ');
            out.extend_from_slice(&text);
        }
    }
    out
}

/// What a file directive reads.
struct FileInfo<'a> {
    name: &'a str,
    abs: &'a str,
    md: &'a Metadata,
    target: Option<&'a str>,
    mount: &'a str,
    env: &'a [(String, String)],
    /// Set when the format asked for `%C`, the SELinux context.
    context_asked: Cell<bool>,
}

/// The device numbers of the VFS's character devices.
fn rdev(abs: &str, md: &Metadata) -> (u32, u32) {
    if md.kind != FileKind::CharDevice {
        return (0, 0);
    }
    match abs {
        "/dev/null" => (1, 3),
        "/dev/zero" => (1, 5),
        "/dev/random" => (1, 8),
        "/dev/urandom" => (1, 9),
        "/dev/tty" => (5, 0),
        _ => (0, 0),
    }
}

fn type_bits(kind: FileKind) -> u32 {
    match kind {
        FileKind::File => 0o100_000,
        FileKind::Dir => 0o040_000,
        FileKind::Symlink => 0o120_000,
        FileKind::CharDevice => 0o020_000,
    }
}

fn type_name(md: &Metadata) -> &'static str {
    match md.kind {
        FileKind::File if md.size == 0 => "regular empty file",
        FileKind::File => "regular file",
        FileKind::Dir => "directory",
        FileKind::Symlink => "symbolic link",
        FileKind::CharDevice => "character special file",
    }
}

/// A time as `%Y`-style seconds and nanoseconds, and itself.
fn parts(t: SystemTime) -> (i64, u32, SystemTime) {
    (epoch_secs(t), subsec_nanos(t), t)
}

impl FileInfo<'_> {
    fn directive(&self, spec: &Spec, _out: &mut Vec<u8>) -> Option<Val> {
        let md = self.md;
        let mode = md.mode & 0o7777;
        let user = ident::current(self.env);
        let (dmaj, dmin) = device(self.mount);
        let (rmaj, rmin) = rdev(self.abs, md);
        let (secs, ns, t) = parts(md.mtime);
        let (asecs, ans, at) = parts(md.atime);
        Some(match (spec.half, spec.conv) {
            (Some(b'H'), b'd') => Val::Num(u64::from(dmaj)),
            (Some(b'L'), b'd') => Val::Num(u64::from(dmin)),
            (Some(b'H'), b'r') => Val::Num(u64::from(rmaj)),
            (Some(b'L'), b'r') => Val::Num(u64::from(rmin)),
            (Some(_), _) => return None,
            (None, c) => match c {
                b'a' => Val::Oct(u64::from(mode)),
                b'A' => {
                    let kind = match md.kind {
                        FileKind::Dir => 'd',
                        FileKind::Symlink => 'l',
                        FileKind::CharDevice => 'c',
                        FileKind::File => '-',
                    };
                    let m = if md.kind == FileKind::Symlink {
                        0o777
                    } else {
                        mode
                    };
                    Val::Str(format!("{kind}{}", perm_string(m)))
                }
                b'b' => Val::Num(blocks_512(md)),
                b'B' => Val::Num(512),
                b'C' => {
                    self.context_asked.set(true);
                    return None;
                }
                b'd' => Val::Num(u64::from(dmaj) << 8 | u64::from(dmin)),
                b'D' => Val::Hex(u64::from(dmaj) << 8 | u64::from(dmin)),
                b'f' => Val::Hex(u64::from(
                    type_bits(md.kind)
                        | if md.kind == FileKind::Symlink {
                            0o777
                        } else {
                            mode
                        },
                )),
                b'F' => Val::Str(type_name(md).into()),
                b'g' => Val::Num(u64::from(user.gid)),
                b'G' => Val::Str(user.name.clone()),
                b'h' => Val::Num(md.nlink),
                b'i' => Val::Num(inode(self.abs)),
                b'm' => Val::Str(self.mount.to_owned()),
                b'n' => Val::Str(self.name.to_owned()),
                b'N' => {
                    let mut s = quote_shell_always(self.name);
                    if let Some(t) = self.target {
                        s.push_str(" -> ");
                        s.push_str(&quote_shell_always(t));
                    }
                    Val::Str(s)
                }
                b'o' => Val::Num(crate::common::usage::BLOCK),
                b'r' => Val::Num(u64::from(rmaj) << 8 | u64::from(rmin)),
                b's' => Val::Num(apparent_size(md)),
                b't' => Val::Hex(u64::from(rmaj)),
                b'T' => Val::Hex(u64::from(rmin)),
                b'u' => Val::Num(u64::from(user.uid)),
                b'U' => Val::Str(user.name.clone()),
                b'w' => Val::Str("-".into()),
                b'W' => Val::Time(0, 0),
                b'x' => Val::Str(full_iso(at)),
                b'X' => Val::Time(asecs, ans),
                b'y' | b'z' => Val::Str(full_iso(t)),
                b'Y' | b'Z' => Val::Time(secs, ns),
                _ => return None,
            },
        })
    }
}

/// The type `stat -f` reports, and its magic number.
const FS_TYPE: (&str, u64) = ("tmpfs", 0x0102_1994);

fn fs_directive(name: &str, space: Option<&Space>, spec: &Spec, _out: &mut Vec<u8>) -> Option<Val> {
    let block = crate::common::usage::BLOCK;
    let (total, free, files, ffree) = match space {
        Some(s) => {
            let total = s.limits.max_total_bytes / block;
            let used = s.usage.bytes.div_ceil(block);
            (
                total,
                total.saturating_sub(used),
                s.limits.max_entries,
                s.limits.max_entries.saturating_sub(s.usage.entries),
            )
        }
        None => (0, 0, 0, 0),
    };
    if spec.half.is_some() {
        return None;
    }
    Some(match spec.conv {
        b'n' => Val::Str(name.to_owned()),
        b'i' => Val::Hex(0),
        b'l' => Val::Num(255),
        b't' => Val::Hex(FS_TYPE.1),
        b'T' => Val::Str(FS_TYPE.0.into()),
        b's' | b'S' => Val::Num(block),
        b'b' => Val::Num(total),
        b'f' | b'a' => Val::Num(free),
        b'c' => Val::Num(files),
        b'd' => Val::Num(ffree),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::Stat;
    use crate::testutil::*;
    use sandbash_vfs::FileSystem;

    #[test]
    fn formats() {
        let fs = TestFs::new();
        fs.file("f", b"hello").dir("d");
        fs.set_mode("/workspace/f", 0o640).unwrap();
        fs.symlink("target", "/workspace/l").unwrap();
        let o = run(
            &Stat,
            &["-c", "%s %n %a %A %F|[%5s] [%-5s] [%05s]", "f"],
            b"",
            &fs,
        );
        assert_eq!(
            o.out,
            "5 f 640 -rw-r----- regular file|[    5] [5    ] [00005]\n"
        );
        let o = run(&Stat, &["-c", "%F %s %N", "l", "d"], b"", &fs);
        assert_eq!(
            o.out,
            "symbolic link 6 'l' -> 'target'\ndirectory 4096 'd'\n"
        );
        let o = run(&Stat, &["--printf", "%n\\t%% %Q %5.2n\\n", "f"], b"", &fs);
        assert_eq!(o.out, "f\t% ?     f\n");
        let o = run(&Stat, &["-c", "%f %u %U %w %W", "d"], b"", &fs);
        assert_eq!(o.out, "41ed 1000 agent - 0\n");
    }

    #[test]
    fn default_and_errors() {
        let fs = TestFs::new();
        fs.file("f", b"hello");
        let o = run(&Stat, &["f"], b"", &fs);
        assert!(
            o.out.starts_with(
                "  File: f\n  Size: 5         \tBlocks: 8          IO Block: 4096   regular file\n"
            ),
            "{}",
            o.out
        );
        assert!(o.out.contains(
            "Access: (0644/-rw-r--r--)  Uid: ( 1000/   agent)   Gid: ( 1000/   agent)\n"
        ));
        assert!(o.out.ends_with(" Birth: -\n"));
        let o = run(&Stat, &["-c", "%n", "nosuch", "f"], b"", &fs);
        assert_eq!((o.out.as_str(), o.status), ("f\n", 1));
        assert_eq!(
            o.err,
            "stat: cannot statx 'nosuch': No such file or directory\n"
        );
        let o = run(&Stat, &[], b"", &fs);
        assert!(o.err.starts_with("stat: missing operand\n"));
    }
}
