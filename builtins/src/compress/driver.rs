//! The file handling the three compressors share: standard input to
//! standard output, `-c`, `-t`, in-place replacement with suffixes, `-k`,
//! `-f`, `-r`.

use std::io::{self, BufRead, BufReader, Read, Write};

use sandbash_interpreter::UtilityContext;
use sandbash_vfs::{FsErrorKind, WriteMode};

use super::{DecodeError, Decoded, Format, Key, Meta, Msg, Sizes, Ticking, Variant, Watched};
use crate::common::flags::Args;
use crate::common::sys::{Fail, Res, Sys, hold};
use crate::common::time::epoch_secs;

/// The parsed options.
#[derive(Clone, Debug, Default)]
pub struct Opts {
    pub decompress: bool,
    pub stdout: bool,
    pub keep: bool,
    pub force: bool,
    pub test: bool,
    pub list: bool,
    pub recursive: bool,
    pub verbose: bool,
    pub quiet: bool,
    /// gzip `-n`: store no name or time.
    pub no_name: bool,
    /// gzip `-N`: restore the stored name and time.
    pub name: bool,
    /// 0..=9 (`None`: the format's default).
    pub level: Option<u8>,
    pub extreme: bool,
    /// `-S`.
    pub suffix: Option<String>,
    /// xz `--format`.
    pub format: Option<String>,
    /// The memory budget's room when the run started (xz scales its
    /// encoder's dictionary down to fit it).
    pub room: u64,
}

impl Opts {
    pub fn parse<V: Variant>(a: &Args<Key>) -> Self {
        let mut o = Opts {
            decompress: V::DECOMPRESS,
            stdout: V::STDOUT,
            ..Opts::default()
        };
        for (k, v) in a.each() {
            match k {
                Key::Stdout => o.stdout = true,
                Key::Decompress => o.decompress = true,
                Key::Compress => o.decompress = false,
                Key::Force => o.force = true,
                Key::Keep => o.keep = true,
                Key::List => o.list = true,
                Key::NoName => o.no_name = true,
                Key::Name => o.name = true,
                Key::Quiet => (o.quiet, o.verbose) = (true, false),
                Key::Verbose => (o.verbose, o.quiet) = (true, false),
                Key::Recursive => o.recursive = true,
                Key::Suffix => o.suffix = Some(v.to_string()),
                Key::Test => o.test = true,
                Key::Level(l) => o.level = Some(l),
                Key::Fast => o.level = Some(1),
                Key::Best => o.level = Some(9),
                Key::Extreme => o.extreme = true,
                Key::Format => o.format = Some(v.to_string()),
                Key::Small
                | Key::Threads
                | Key::Check
                | Key::Rsyncable
                | Key::Synchronous
                | Key::License
                | Key::Memlimit => {}
            }
        }
        o
    }

    /// The level in force.
    pub fn level_or(&self, default: u8) -> u8 {
        self.level.unwrap_or(default)
    }
}

/// Runs format `F` over the operands.
pub fn run<F: Format>(sys: &mut Sys<'_>, o: &Opts, operands: &[String]) -> Res<i32> {
    let mut charge = sys.charge();
    hold(&mut charge, F::memory(o))?;
    if o.list {
        return F::list(sys, o, operands);
    }
    let dash = ["-".to_string()];
    let named: Vec<String>;
    let operands = if F::DASH_IS_STDIN {
        operands
    } else {
        named = operands.iter().filter(|op| *op != "-").cloned().collect();
        &named[..]
    };
    let ops = if operands.is_empty() {
        &dash[..]
    } else {
        operands
    };
    let mut status = 0;
    for op in ops {
        sys.tick.check()?;
        let s = if UtilityContext::is_stdin(op) {
            stream::<F>(sys, o, None, &Meta::default())?
        } else {
            operand::<F>(sys, o, op, 0)?
        };
        status = worse(status, s);
    }
    Ok(status)
}

/// The worse of two statuses (1 is an error, 2 a warning).
fn worse(a: i32, b: i32) -> i32 {
    match (a, b) {
        (1, _) | (_, 1) => 1,
        _ => a.max(b),
    }
}

/// One operand naming a file or directory.
fn operand<F: Format>(sys: &mut Sys<'_>, o: &Opts, op: &str, depth: usize) -> Res<i32> {
    // What earlier operands wrote comes before this one's messages.
    sys.out.flush()?;
    let (op, p, md) = match find::<F>(sys, o, op, depth) {
        Ok(found) => found,
        Err((shown, e)) => return Ok(F::msg(sys, o, Msg::Open(&shown, &e))),
    };
    let op = op.as_str();
    if md.is_dir() {
        if !o.recursive || depth > 64 {
            return Ok(F::msg(sys, o, Msg::Directory(op)));
        }
        let entries = match sys.fs.read_dir(&p) {
            Ok(e) => e,
            Err(e) => return Ok(F::msg(sys, o, Msg::Open(op, &e))),
        };
        let mut status = 0;
        for e in entries {
            sys.tick.check()?;
            let child = if op.ends_with('/') {
                format!("{op}{}", e.name)
            } else {
                format!("{op}/{}", e.name)
            };
            status = worse(status, operand::<F>(sys, o, &child, depth + 1)?);
        }
        return Ok(status);
    }
    let meta = Meta {
        name: (!o.no_name).then(|| op.rsplit('/').next().unwrap_or("").to_string()),
        mtime: if o.no_name {
            0
        } else {
            u32::try_from(epoch_secs(md.mtime)).unwrap_or(0)
        },
        overhead: 0,
    };
    if o.stdout || o.test {
        // gzip -dcv: the ratio counts the stored header, as in place.
        let stored = if o.decompress && !o.test && F::GZIP && o.verbose {
            super::gz::stored_meta(sys, &p)
        } else {
            None
        };
        return stream::<F>(sys, o, Some((op, &p)), stored.as_ref().unwrap_or(&meta));
    }
    if !md.is_file() {
        return Ok(F::msg(sys, o, Msg::NotRegular(op)));
    }
    if !o.force && sys.fs.symlink_metadata(&p).is_ok_and(|m| m.is_symlink()) {
        return Ok(F::msg(sys, o, Msg::Symlink(op)));
    }
    // In place: the output name.
    let suffix = o.suffix.clone().unwrap_or_else(|| F::suffix(o).to_string());
    let out_name = if o.decompress {
        match F::strip(o, op) {
            Some(n) => {
                if F::guessed(o, op) {
                    F::msg(sys, o, Msg::UnknownSuffix(op));
                }
                n
            }
            None => {
                if o.recursive && depth > 0 {
                    return Ok(0);
                }
                if !F::recognizes(&head(sys, &p)) {
                    let err = DecodeError::NotFormat;
                    let m = Msg::Decode {
                        input: op,
                        output: "",
                        test: false,
                        err: &err,
                    };
                    return Ok(F::msg(sys, o, m));
                }
                return Ok(F::msg(sys, o, Msg::UnknownSuffix(op)));
            }
        }
    } else {
        if !suffix.is_empty() && op.ends_with(suffix.as_str()) && !o.force {
            if o.recursive && depth > 0 {
                return Ok(0);
            }
            return Ok(F::msg(sys, o, Msg::HasSuffix(op)));
        }
        if F::strip(o, op).is_some() && o.recursive && depth > 0 {
            return Ok(0);
        }
        format!("{op}{suffix}")
    };
    // gzip: the stored header, for -N (name and time) and -v (its size).
    let stored = if o.decompress && F::GZIP && (o.name || o.verbose) {
        super::gz::stored_meta(sys, &p)
    } else {
        None
    };
    let mut stored_mtime = None;
    let out_name = match stored.as_ref().filter(|_| o.name) {
        Some(meta) => {
            stored_mtime = (meta.mtime != 0).then_some(meta.mtime);
            match &meta.name {
                Some(n) => match op.rfind('/') {
                    Some(i) => format!("{}/{n}", op.get(..i).unwrap_or("")),
                    None => n.clone(),
                },
                None => out_name,
            }
        }
        None => out_name,
    };
    let out_path = match sys.resolve(&out_name) {
        Ok(q) => q,
        Err(e) => return Ok(F::msg(sys, o, Msg::Create(&out_name, &e))),
    };
    if sys.fs.symlink_metadata(&out_path).is_ok() {
        if !o.force {
            return Ok(F::msg(sys, o, Msg::Exists { output: &out_name }));
        }
        let _ = sys.fs.remove_file(&out_path);
    }
    let input = match sys.fs.open_read(&p) {
        Ok(r) => r,
        Err(e) => return Ok(F::msg(sys, o, Msg::Open(op, &e))),
    };
    let mut writer = match sys.fs.open_write(&out_path, WriteMode::CreateNew) {
        Ok(w) => w,
        Err(e) => return Ok(F::msg(sys, o, Msg::Create(&out_name, &e))),
    };
    let mut r = Ticking::new(input, sys.tick.cancel);
    let mut w = Watched::new(&mut writer, sys.tick.cancel);
    let result = code::<F>(sys.memory, o, &mut r, &mut w, &meta);
    let flushed = w.flush();
    let write_failed = w.failed.take();
    let (read, written) = (r.n, w.n);
    drop(writer);
    let outcome = match result {
        Ok(d) if flushed.is_ok() && write_failed.is_none() => d,
        other => {
            let _ = sys.fs.remove_file(&out_path);
            sys.tick.check()?;
            if let Some(e) = write_failed {
                let err = sandbash_vfs::FsError::new(io_kind(&e), out_path.clone());
                return Ok(F::msg(sys, o, Msg::Create(&out_name, &err)));
            }
            let err = match other {
                Err(DecodeError::Memory) => return Err(Fail::Memory),
                Err(e) => e,
                Ok(_) => DecodeError::Io(io::Error::other("flush")),
            };
            return Ok(F::msg(
                sys,
                o,
                Msg::Decode {
                    input: op,
                    output: &out_name,
                    test: false,
                    err: &err,
                },
            ));
        }
    };
    let _ = sys.fs.set_mode(&out_path, md.mode);
    let mtime = match stored_mtime {
        Some(t) => crate::common::time::from_epoch(i64::from(t)),
        None => md.mtime,
    };
    let _ = sys.fs.set_mtime(&out_path, mtime);
    if !o.keep {
        let _ = sys.fs.remove_file(&p);
    }
    let mut status = 0;
    if outcome == Decoded::TrailingGarbage {
        status = F::msg(sys, o, Msg::Trailing(op));
    }
    if o.verbose {
        let sizes = sizes(o, read, written, stored.as_ref().unwrap_or(&meta));
        F::msg(
            sys,
            o,
            Msg::Done {
                input: op,
                output: &out_name,
                sizes,
            },
        );
    }
    Ok(status)
}

/// The first bytes of the file at `p` (empty when unreadable).
fn head(sys: &Sys<'_>, p: &str) -> Vec<u8> {
    let mut buf = vec![0u8; 16];
    let n = sys
        .fs
        .open_read(p)
        .map(|mut f| f.read(&mut buf).unwrap_or(0))
        .unwrap_or(0);
    buf.truncate(n);
    buf
}

/// The `-v` sizes from the bytes read and written.
fn sizes(o: &Opts, read: u64, written: u64, meta: &Meta) -> Sizes {
    let decompress = o.decompress || o.test;
    let overhead = if meta.overhead != 0 {
        meta.overhead
    } else {
        18 + meta.name.as_ref().map_or(0, |n| n.len() as u64 + 1)
    };
    let (plain, packed) = if decompress {
        (written, read)
    } else {
        (read, written)
    };
    Sizes {
        plain,
        packed,
        overhead,
        decompress,
    }
}

/// Finds the operand's file: gzip, decompressing a name that does not
/// exist, tries it with `.gz` (and reports that name when it is missing
/// too).
pub fn find<F: Format>(
    sys: &mut Sys<'_>,
    o: &Opts,
    op: &str,
    depth: usize,
) -> Result<(String, String, sandbash_vfs::Metadata), (String, sandbash_vfs::FsError)> {
    let look = |sys: &mut Sys<'_>, name: &str| {
        let p = sys.resolve(name)?;
        let md = sys.fs.metadata(&p)?;
        Ok::<_, sandbash_vfs::FsError>((p, md))
    };
    match look(sys, op) {
        Ok((p, md)) => Ok((op.to_string(), p, md)),
        Err(e) => {
            if F::GZIP
                && (o.decompress || o.list)
                && depth == 0
                && e.kind == FsErrorKind::NotFound
                && F::strip(o, op).is_none()
            {
                let with = format!("{op}{}", o.suffix.as_deref().unwrap_or(F::SUFFIX));
                return match look(sys, &with) {
                    Ok((p, md)) => Ok((with, p, md)),
                    Err(e) => Err((with, e)),
                };
            }
            Err((op.to_string(), e))
        }
    }
}

fn io_kind(e: &io::Error) -> FsErrorKind {
    if let Some(inner) = e.get_ref()
        && let Some(fe) = inner.downcast_ref::<sandbash_vfs::FsError>()
    {
        return fe.kind;
    }
    FsErrorKind::Io
}

/// Compresses or decompresses `r` into `w` as `o` says.
fn code<F: Format>(
    memory: &std::sync::Arc<sandbash_interpreter::memory::MemoryBudget>,
    o: &Opts,
    r: &mut dyn Read,
    w: &mut dyn Write,
    meta: &Meta,
) -> Result<Decoded, DecodeError> {
    if o.decompress || o.test {
        let mut charge = sandbash_interpreter::memory::Charge::on(memory);
        F::decompress(o, r, w, &mut charge)
    } else {
        F::compress(o, r, w, meta)?;
        Ok(Decoded::Ok)
    }
}

/// Standard input (`file` `None`) or a file (`-c`, `-t`) to standard
/// output (nothing for `-t`).
fn stream<F: Format>(
    sys: &mut Sys<'_>,
    o: &Opts,
    file: Option<(&str, &str)>,
    meta: &Meta,
) -> Res<i32> {
    let shown = file.map_or(F::STDIN, |(op, _)| op);
    let input: Box<dyn Read + '_> = match file {
        None => Box::new(&mut *sys.stdin),
        Some((op, p)) => match sys.fs.open_read(p) {
            Ok(r) => Box::new(r),
            Err(e) => return Ok(F::msg(sys, o, Msg::Open(op, &e))),
        },
    };
    let mut r = Ticking::new(input, sys.tick.cancel);
    let mut sink = io::sink();
    let memory = sys.memory;
    let cancel = sys.tick.cancel;
    let mut w = Watched::new(if o.test { &mut sink } else { sys.out.writer() }, cancel);
    let result = code::<F>(memory, o, &mut r, &mut w, meta);
    let failed = w.failed.take();
    let (read, written) = (r.n, w.n);
    drop(r);
    if let Some(e) = failed {
        return Err(Fail::Write(e));
    }
    match result {
        Ok(d) => {
            if o.test && o.verbose && d == Decoded::Ok {
                let sizes = sizes(o, read, written, meta);
                return Ok(F::msg(sys, o, Msg::TestOk(shown, sizes)));
            }
            // -c -v on a named file: the line the file mode gives, the
            // output being `stdout` (each tool words standard input its
            // own way, which is not done here).
            if o.verbose && !o.test && d == Decoded::Ok && file.is_some() {
                let sizes = sizes(o, read, written, meta);
                F::msg(
                    sys,
                    o,
                    Msg::Done {
                        input: shown,
                        output: "stdout",
                        sizes,
                    },
                );
                return Ok(0);
            }
            if d == Decoded::TrailingGarbage {
                if F::FLUSH_BEFORE_MESSAGE {
                    sys.out.flush()?;
                }
                return Ok(F::msg(sys, o, Msg::Trailing(shown)));
            }
            Ok(0)
        }
        Err(DecodeError::Memory) => Err(Fail::Memory),
        Err(err) => {
            sys.tick.check()?;
            if F::FLUSH_BEFORE_MESSAGE {
                sys.out.flush()?;
            }
            Ok(F::msg(
                sys,
                o,
                Msg::Decode {
                    input: shown,
                    output: "(stdout)",
                    test: o.test,
                    err: &err,
                },
            ))
        }
    }
}

/// Reads exactly `n` bytes; [`DecodeError::Truncated`] at an early end.
pub fn take(r: &mut dyn BufRead, n: usize) -> Result<Vec<u8>, DecodeError> {
    let mut v = Vec::with_capacity(n);
    while v.len() < n {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            return Err(DecodeError::Truncated);
        }
        let k = buf.len().min(n - v.len());
        v.extend_from_slice(buf.get(..k).unwrap_or(&[]));
        r.consume(k);
    }
    Ok(v)
}

/// A 64 KiB buffered reader over a codec's input.
pub fn buffered(r: &mut dyn Read) -> BufReader<&mut dyn Read> {
    BufReader::with_capacity(64 * 1024, r)
}
