//! A session's shell state as bytes, so a host can park a session and bring
//! it back later (in another process, after a restart).
//!
//! What is kept: the working directory, variables with their attributes,
//! functions (as source text, parsed again on restore), traps, positional
//! parameters, options, `$?` and the `$RANDOM` state. What is not: running
//! background jobs (threads cannot be frozen; a host waits for them or
//! stops them before taking a snapshot) and open descriptors.
//!
//! Image, version 1, all integers little-endian, every string as
//! `len u32 | UTF-8 bytes`:
//!
//! ```text
//! magic "SBSHSNAP" | version u16 = 1
//! cwd str | last_status i32 | options u32 | random u64
//! positional: count u32 | str...
//! variables: count u32 | (name str | attrs u8 | kind u8 | payload)...
//!   kind 0 unset: -    1 string: str
//!   2 indexed: count u32 | (index i64 | str)...   3 assoc: count u32 | (key str | str)...
//! functions: count u32 | (name str | source str)...
//! traps: count u32 | (signal str | command str)...
//! then, optional (absent from older images, which restore with the
//! defaults): umask u32 | directory stack: count u32 | str... |
//!   lowered limits: count u32 | (resource u8 | soft | hard)...
//!   where a limit is tag u8 (0 unlimited, 1 value) [| value u64]
//! ```

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use thiserror::Error;

use crate::shell::{Options, Shell};
use crate::vars::{Value, Vars};

const MAGIC: &[u8; 8] = b"SBSHSNAP";
const VERSION: u16 = 1;

/// Why a snapshot could not be restored.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum SnapshotError {
    /// Not a shell snapshot, or one of another version.
    #[error("not a sandbash shell snapshot (version {VERSION})")]
    BadHeader,
    /// The image ends early or holds an impossible value.
    #[error("corrupt shell snapshot: {0}")]
    Corrupt(&'static str),
    /// A function's source no longer parses.
    #[error("function {0}: cannot be parsed again")]
    Function(String),
}

type R<T> = Result<T, SnapshotError>;

/// The options in a fixed bit order; appending keeps old images valid.
fn option_bits(o: &mut Options) -> [&mut bool; 26] {
    [
        &mut o.errexit,
        &mut o.nounset,
        &mut o.xtrace,
        &mut o.pipefail,
        &mut o.noglob,
        &mut o.noclobber,
        &mut o.allexport,
        &mut o.nullglob,
        &mut o.failglob,
        &mut o.dotglob,
        &mut o.extglob,
        &mut o.nocasematch,
        &mut o.nocaseglob,
        &mut o.globstar,
        &mut o.errtrace,
        &mut o.expand_aliases,
        &mut o.braceexpand,
        &mut o.noexec,
        &mut o.verbose,
        &mut o.keyword,
        &mut o.inherit_errexit,
        &mut o.lastpipe,
        &mut o.xpg_echo,
        &mut o.functrace,
        &mut o.posix,
        &mut o.sourcepath,
    ]
}

struct Writer(Vec<u8>);

impl Writer {
    fn u32(&mut self, n: usize) {
        // Counts and lengths beyond u32 cannot occur within the limits;
        // saturating keeps the image self-consistent regardless.
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        self.0.extend_from_slice(&n.to_le_bytes());
    }

    fn str(&mut self, s: &str) {
        self.u32(s.len());
        self.0.extend_from_slice(s.as_bytes());
    }
}

struct Reader<'a> {
    buf: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> R<&'a [u8]> {
        if n > self.buf.len() {
            return Err(SnapshotError::Corrupt("truncated"));
        }
        let (head, rest) = self.buf.split_at(n);
        self.buf = rest;
        Ok(head)
    }

    fn array<const N: usize>(&mut self) -> R<[u8; N]> {
        let mut a = [0u8; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }

    fn u8(&mut self) -> R<u8> {
        Ok(self.array::<1>()?[0])
    }

    fn u32(&mut self) -> R<u32> {
        Ok(u32::from_le_bytes(self.array()?))
    }

    /// A count of items each at least `min` bytes long: checked against
    /// what is left, so a corrupt count cannot make us reserve gigabytes.
    fn count(&mut self, min: usize) -> R<usize> {
        let n = self.u32()? as usize;
        if n.saturating_mul(min) > self.buf.len() {
            return Err(SnapshotError::Corrupt("count larger than the image"));
        }
        Ok(n)
    }

    fn str(&mut self) -> R<String> {
        let n = self.u32()? as usize;
        let bytes = self.take(n)?;
        String::from_utf8(bytes.to_vec()).map_err(|_| SnapshotError::Corrupt("invalid UTF-8"))
    }
}

impl Shell {
    /// The session's shell state as bytes (see the module docs for what
    /// is kept). Take it between runs.
    pub fn snapshot(&self) -> Vec<u8> {
        let mut w = Writer(Vec::with_capacity(4096));
        w.0.extend_from_slice(MAGIC);
        w.0.extend_from_slice(&VERSION.to_le_bytes());
        w.str(&self.cwd);
        w.0.extend_from_slice(&self.last_status.to_le_bytes());
        let mut opts = self.opts;
        let bits = option_bits(&mut opts)
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, b)| acc | (u32::from(**b) << i));
        w.0.extend_from_slice(&bits.to_le_bytes());
        w.0.extend_from_slice(&self.random.to_le_bytes());
        w.u32(self.positional.len());
        for p in self.positional.iter() {
            w.str(p);
        }
        let names = self.vars.names();
        w.u32(names.len());
        for name in names {
            let Some(var) = self.vars.get_raw(name) else {
                continue;
            };
            w.str(name);
            w.0.push(var.attrs);
            match &var.value {
                Value::Unset => w.0.push(0),
                Value::Str(s) => {
                    w.0.push(1);
                    w.str(s);
                }
                Value::Indexed(m) => {
                    w.0.push(2);
                    w.u32(m.len());
                    for (i, s) in m {
                        w.0.extend_from_slice(&i.to_le_bytes());
                        w.str(s);
                    }
                }
                Value::Assoc(m) => {
                    w.0.push(3);
                    w.u32(m.len());
                    // Set again in this order, the keys list as they did.
                    for (k, s) in m.iter_in_setting_order() {
                        w.str(k);
                        w.str(s);
                    }
                }
            }
        }
        let mut funcs: Vec<_> = self.funcs.values().collect();
        funcs.sort_by(|a, b| a.name.cmp(&b.name));
        w.u32(funcs.len());
        for f in funcs {
            w.str(&f.name);
            w.str(&f.source);
        }
        let mut traps: Vec<_> = self.traps.iter().collect();
        traps.sort();
        w.u32(traps.len());
        for (sig, cmd) in traps {
            w.str(sig);
            w.str(cmd);
        }
        w.0.extend_from_slice(&self.umask.to_le_bytes());
        w.u32(self.dirstack.len());
        for d in self.dirstack.iter() {
            w.str(d);
        }
        let lowered = self.rlimits.entries();
        w.u32(lowered.len());
        for (i, soft, hard) in lowered {
            w.0.push(i);
            for v in [soft, hard] {
                match v {
                    None => w.0.push(0),
                    Some(n) => {
                        w.0.push(1);
                        w.0.extend_from_slice(&n.to_le_bytes());
                    }
                }
            }
        }
        w.0.extend_from_slice(&self.opts.other.to_le_bytes());
        w.u32(self.aliases.len());
        for (k, v) in self.aliases.iter() {
            w.str(k);
            w.str(v);
        }
        w.0
    }

    /// Replaces the shell state with a snapshot's. On error the shell is
    /// left as it was.
    pub fn restore(&mut self, bytes: &[u8]) -> Result<(), SnapshotError> {
        let mut r = Reader { buf: bytes };
        if r.take(MAGIC.len()).ok() != Some(MAGIC.as_slice())
            || u16::from_le_bytes(r.array().map_err(|_| SnapshotError::BadHeader)?) != VERSION
        {
            return Err(SnapshotError::BadHeader);
        }
        let cwd = r.str()?;
        if !cwd.starts_with('/') {
            return Err(SnapshotError::Corrupt("relative working directory"));
        }
        let last_status = i32::from_le_bytes(r.array()?);
        let bits = u32::from_le_bytes(r.array()?);
        let random = u64::from_le_bytes(r.array()?);
        let mut opts = Options::default();
        for (i, b) in option_bits(&mut opts).into_iter().enumerate() {
            *b = bits & (1 << i) != 0;
        }
        let n = r.count(4)?;
        let mut positional = Vec::with_capacity(n);
        for _ in 0..n {
            positional.push(r.str()?);
        }
        let mut vars = Vars::new();
        for _ in 0..r.count(6)? {
            let name = r.str()?;
            let attrs = r.u8()?;
            let value = match r.u8()? {
                0 => Value::Unset,
                1 => Value::Str(r.str()?),
                2 => {
                    let mut m = BTreeMap::new();
                    for _ in 0..r.count(12)? {
                        let i = i64::from_le_bytes(r.array()?);
                        m.insert(i, r.str()?);
                    }
                    Value::Indexed(m)
                }
                3 => {
                    let mut m = crate::vars::AssocMap::new();
                    for _ in 0..r.count(8)? {
                        let k = r.str()?;
                        m.insert(k, r.str()?);
                    }
                    Value::Assoc(m)
                }
                _ => return Err(SnapshotError::Corrupt("unknown variable kind")),
            };
            vars.add_attrs(&name, 0);
            // Attributes go on after the value so readonly cannot refuse it.
            vars.set_value(&name, value)
                .map_err(|_| SnapshotError::Corrupt("variable"))?;
            vars.add_attrs(&name, attrs);
        }
        if !crate::dynamic_vars::any_installed(&vars) {
            crate::dynamic_vars::install(&mut vars);
        }
        let mut funcs = HashMap::new();
        for _ in 0..r.count(8)? {
            let name = r.str()?;
            let source = r.str()?;
            let def = crate::syntax::function_from_source(&source, self.limits.max_parse_depth)
                .filter(|f| f.name == name)
                .ok_or_else(|| SnapshotError::Function(name.clone()))?;
            funcs.insert(name, def);
        }
        let mut traps = HashMap::new();
        for _ in 0..r.count(8)? {
            let sig = r.str()?;
            traps.insert(sig, r.str()?);
        }
        let mut umask = 0o022;
        let mut dirstack = Vec::new();
        let mut rlimits = crate::builtin::RLimits::default();
        if !r.buf.is_empty() {
            umask = u32::from_le_bytes(r.array()?) & 0o777;
            for _ in 0..r.count(4)? {
                dirstack.push(r.str()?);
            }
            for _ in 0..r.count(3)? {
                let i = r.u8()?;
                let mut pair = [None, None];
                for v in &mut pair {
                    *v = match r.u8()? {
                        0 => None,
                        1 => Some(u64::from_le_bytes(r.array()?)),
                        _ => return Err(SnapshotError::Corrupt("limit")),
                    };
                }
                if !rlimits.set_entry(i, pair[0], pair[1]) {
                    return Err(SnapshotError::Corrupt("limit"));
                }
            }
        }
        let mut aliases = crate::syntax::alias::Aliases::new();
        if !r.buf.is_empty() {
            opts.other = u128::from_le_bytes(r.array()?);
            for _ in 0..r.count(8)? {
                let k = r.str()?;
                aliases.insert(k, r.str()?);
            }
        }
        if !r.buf.is_empty() {
            return Err(SnapshotError::Corrupt("trailing bytes"));
        }
        self.cwd = cwd;
        self.last_status = last_status;
        self.opts = opts;
        self.random = random;
        self.positional = Arc::new(positional);
        self.vars = Arc::new(vars);
        self.funcs = Arc::new(funcs);
        for (k, a) in &traps {
            if let Some(n) = crate::signals::number(k) {
                self.sig.set_disposition(n, Some(a));
            }
        }
        self.traps = Arc::new(traps);
        self.umask = umask;
        self.dirstack = Arc::new(dirstack);
        self.rlimits = rlimits;
        self.aliases = Arc::new(aliases);
        crate::builtin::reapply_limits(self);
        Ok(())
    }
}
