//! Shell variables: scalars, indexed and associative arrays, attributes,
//! name references (followed by every reader and writer, see
//! [`Vars::resolve`]), and dynamic scoping for `local`.
//!
//! Lookups always hit one map: `local x` saves the visible `x` in the
//! current frame and restores it when the function returns, so a lookup
//! costs the same at any call depth.

mod assoc;
pub use assoc::AssocMap;

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use thiserror::Error;

/// Attribute bit: exported to utilities.
pub const EXPORT: u8 = 1;
/// Attribute bit: `readonly`.
pub const READONLY: u8 = 2;
/// Attribute bit: `declare -i`.
pub const INTEGER: u8 = 4;
/// Attribute bit: `declare -l`.
pub const LOWER: u8 = 8;
/// Attribute bit: `declare -u`.
pub const UPPER: u8 = 16;
/// Attribute bit: `declare -n`. The value is the name of another variable
/// (or of an array element, `a[1]`), and every reader and writer of the
/// store follows it ([`Vars::resolve`]); only the `*_ref` methods and
/// [`Vars::get_raw`] see the reference itself.
pub const NAMEREF: u8 = 32;

/// Attribute bit: an array declared without a value (`declare -a b`)
/// and not assigned since; `declare -p` shows it without `=()`. Every
/// write of a value clears it.
pub const NOVALUE: u8 = 64;

/// Attribute bit: a dynamic variable (see `dynamic_vars.rs`), whose value
/// the shell works out each time it is read; a value stored under it is
/// never read. Never shown: `declare -p` gives the other bits.
pub const DYNAMIC: u8 = 128;

/// Bash's bound on a chain of name references (`NAMEREF_MAX`): a chain of
/// more references resolves to nothing.
pub const NAMEREF_MAX: usize = 8;

/// A variable's value.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Value {
    /// Declared without a value (`local x`, `declare x`).
    #[default]
    Unset,
    /// A string.
    Str(String),
    /// An indexed array (sparse).
    Indexed(BTreeMap<i64, String>),
    /// An associative array.
    Assoc(AssocMap),
}

/// A variable: value and attribute bits.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Var {
    /// The value.
    pub value: Value,
    /// [`EXPORT`], [`READONLY`]... bits.
    pub attrs: u8,
}

impl Var {
    /// True when the variable has a value (an array counts even if empty
    /// only when it was given elements).
    pub fn is_set(&self) -> bool {
        match &self.value {
            Value::Unset => false,
            Value::Str(_) => true,
            Value::Indexed(m) => !m.is_empty(),
            Value::Assoc(m) => !m.is_empty(),
        }
    }

    /// The scalar view: a string itself, element 0 of an indexed array,
    /// key `0` of an associative one.
    pub fn scalar(&self) -> Option<&str> {
        match &self.value {
            Value::Unset => None,
            Value::Str(s) => Some(s),
            Value::Indexed(m) => m.get(&0).map(String::as_str),
            Value::Assoc(m) => m.get("0").map(String::as_str),
        }
    }

    /// True for readonly variables.
    pub fn readonly(&self) -> bool {
        self.attrs & READONLY != 0
    }
}

/// Why an assignment was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum VarError {
    /// The variable is readonly.
    #[error("{0}: readonly variable")]
    Readonly(String),
    /// Unsetting a readonly variable.
    #[error("{0}: cannot unset: readonly variable")]
    CannotUnset(String),
    /// A reference without a target given a name no variable can have.
    #[error("`{0}': not a valid identifier")]
    BadRefTarget(String),
    /// A chain of name references that comes back to its start.
    #[error("warning: {0}: circular name reference")]
    Circular(String),
    /// A chain of more than [`NAMEREF_MAX`] name references.
    #[error("warning: {0}: circular name reference")]
    TooDeep(String),
}

/// Where a name leads once its name references are followed.
#[derive(Debug, PartialEq, Eq)]
pub enum Target<'n> {
    /// The variable (or `name[subscript]` element) reads and writes reach.
    Var(Cow<'n, str>),
    /// A name reference without a target (`declare -n r`): reads see
    /// nothing, and a scalar assignment sets its target name.
    Dangling(Cow<'n, str>),
    /// The chain cannot be followed.
    Broken(VarError),
    /// A chain that comes back to a function's local reference: bash
    /// warns and reaches the global variable of that name, not following
    /// it (`local -n x=x` reads and sets the global `x`).
    Global(Cow<'n, str>),
}

/// True for a name a reference may point at: a variable name, or one with
/// a subscript (`a[1]`).
pub fn valid_ref_target(t: &str) -> bool {
    let base = match t.split_once('[') {
        Some((base, rest)) if rest.ends_with(']') => base,
        Some(_) => return false,
        None => t,
    };
    let mut chars = base.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Splits an element target `name[sub]` into its parts.
pub fn split_element(target: &str) -> Option<(&str, &str)> {
    let (base, rest) = target.split_once('[')?;
    Some((base, rest.strip_suffix(']')?))
}

/// All variables of a shell.
#[derive(Clone, Debug, Default)]
pub struct Vars {
    map: HashMap<String, Var, foldhash::fast::RandomState>,
    /// Warnings of readers that found a broken chain of references; a
    /// copy starts without any.
    warnings: Warnings,
    /// One frame per active function call: the shadowed variables.
    frames: Vec<Vec<(String, Option<Var>)>>,
    /// Approximate heap size of everything above, kept up to date by every
    /// change so the memory limit can be checked in constant time.
    bytes: u64,
    /// The session's bound on [`Vars::bytes`], shared by every copy (a
    /// subshell's too), so a refusal anywhere reaches the run.
    guard: Arc<Guard>,
    /// How many times `GLOBIGNORE` changed `dotglob` (the count) and to
    /// what (the flag): bash's `setup_glob_ignore` turns `dotglob` on when
    /// `GLOBIGNORE` is set to a non-empty value and off when it is unset,
    /// on every such assignment. The shell applies each new count to its
    /// options (see `Shell::sync_specials`).
    dotglob: (u64, bool),
    /// The same for `POSIXLY_CORRECT` and posix mode: setting it (to
    /// anything) turns posix mode on, unsetting it off (bash's
    /// `sv_strict_posix`).
    posix: (u64, bool),
    /// How many times `PATH` was assigned or unset: bash forgets its
    /// table of hashed commands on each (`sv_path`).
    path_changes: u64,
}

/// Messages waiting for the shell to print them, and whether there are
/// any: the shell asks after every expansion, so the common answer (none)
/// takes no lock.
#[derive(Debug, Default)]
struct Warnings(std::sync::Mutex<Vec<String>>, AtomicBool);

impl Clone for Warnings {
    fn clone(&self) -> Self {
        Self::default()
    }
}

/// The most the variables may hold, and whether a store was refused.
#[derive(Debug)]
struct Guard {
    ceiling: AtomicU64,
    refused: AtomicBool,
}

impl Default for Guard {
    fn default() -> Self {
        Self {
            ceiling: AtomicU64::new(u64::MAX),
            refused: AtomicBool::new(false),
        }
    }
}

/// Bookkeeping bytes of one variable beyond its name and value text (map
/// slot, `Var`, string headers, allocator rounding). Measured: see the RSS
/// test of the hostile corpus.
const VAR_OVERHEAD: u64 = 128;
/// Bookkeeping bytes of one array element beyond its text (B-tree slot
/// and slack, string header, the element's own allocation). Measured: a
/// million-key associative array costs about 150 bytes a key.
const ELEM_OVERHEAD: u64 = 160;

/// Drops a large string's unused capacity (a `$( )` capture or a built
/// expansion may carry up to as much again), so what is stored is what is
/// counted.
fn tidy(mut s: String) -> String {
    if s.capacity() - s.len() > 4096 {
        s.shrink_to_fit();
    }
    s
}

fn len64(s: &str) -> u64 {
    s.len() as u64
}

/// Approximate heap size of a value.
pub(crate) fn value_size(v: &Value) -> u64 {
    match v {
        Value::Unset => 0,
        // A scalar may carry growth room (`s+=x` doubles it): count it.
        Value::Str(s) => s.capacity() as u64,
        Value::Indexed(m) => m.values().map(|s| ELEM_OVERHEAD + len64(s)).sum(),
        Value::Assoc(m) => m
            .iter()
            .map(|(k, s)| ELEM_OVERHEAD + len64(k) + len64(s))
            .sum(),
    }
}

/// Approximate heap size of a variable named `name`.
fn var_size(name: &str, v: &Var) -> u64 {
    VAR_OVERHEAD + len64(name) + value_size(&v.value)
}

/// `declare -l`/`-u` applied to a value; outside a UTF-8 locale (`utf8`
/// false) only ASCII letters have a case, as in bash under `LC_ALL=C`.
fn apply_case(attrs: u8, s: String, utf8: bool) -> String {
    if attrs & LOWER != 0 {
        crate::case::convert(&s, false, utf8)
    } else if attrs & UPPER != 0 {
        crate::case::convert(&s, true, utf8)
    } else {
        s
    }
}

impl Vars {
    /// Whether the shell's locale encodes characters as UTF-8: the first
    /// of `LC_ALL`, `LC_CTYPE`, `LANG` that is set and not empty names it,
    /// as in bash; none means the C locale.
    pub(crate) fn utf8_locale(&self) -> bool {
        ["LC_ALL", "LC_CTYPE", "LANG"]
            .iter()
            .find_map(|n| self.get_str(n).filter(|v| !v.is_empty()))
            .is_some_and(|v| {
                let v = v.to_ascii_lowercase();
                v.contains("utf-8") || v.contains("utf8")
            })
    }

    /// Whether a case attribute among `attrs` converts as in a UTF-8
    /// locale; the locale is looked up only when there is one.
    fn case_in_utf8(&self, attrs: u8) -> bool {
        attrs & (LOWER | UPPER) == 0 || self.utf8_locale()
    }

    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    /// Approximate heap size of all variables, locals' saved values
    /// included: what counts against the memory limit.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    fn grow(&mut self, n: u64) {
        self.bytes = self.bytes.saturating_add(n);
    }

    /// Bounds the variables for the coming run: a store that would take
    /// them past `bytes` is not made, so a run stopped by the memory limit
    /// never leaves the session over it. Clears [`Vars::refused`].
    pub fn set_ceiling(&self, bytes: u64) {
        self.guard.ceiling.store(bytes, Ordering::Relaxed);
        self.guard.refused.store(false, Ordering::Relaxed);
    }

    /// True once a store was refused for memory since the last
    /// [`Vars::set_ceiling`]: the run must stop on the memory limit.
    pub fn refused(&self) -> bool {
        self.guard.refused.load(Ordering::Relaxed)
    }

    /// Whether a change that adds `added` bytes and frees `removed` stays
    /// under the ceiling; a refusal is recorded for the run to see. A
    /// change that does not grow the variables is always admitted, so
    /// `unset` and overwrites with smaller values work in a full session.
    fn admits(&self, added: u64, removed: u64) -> bool {
        if added <= removed {
            return true;
        }
        let after = self.bytes.saturating_add(added - removed);
        if after <= self.guard.ceiling.load(Ordering::Relaxed) {
            return true;
        }
        self.guard.refused.store(true, Ordering::Relaxed);
        false
    }

    /// Undoes the creation of an empty variable whose store was refused.
    fn forget_created(&mut self, name: &str, created: bool) {
        if created {
            self.remove_entry(name);
        }
    }

    fn shrink(&mut self, n: u64) {
        self.bytes = self.bytes.saturating_sub(n);
    }

    /// Follows the name references from `name`: at most [`NAMEREF_MAX`]
    /// of them, and a chain that comes back to its start or to the
    /// reference just read is circular (bash's `find_variable_nameref`).
    /// A target with a subscript (`a[1]`) ends the chain.
    pub fn resolve<'n>(&self, name: &'n str) -> Target<'n> {
        let mut cur: Cow<'n, str> = Cow::Borrowed(name);
        for _ in 0..=NAMEREF_MAX {
            let Some(v) = self.map.get(&*cur) else {
                return Target::Var(cur);
            };
            if v.attrs & NAMEREF == 0 {
                return Target::Var(cur);
            }
            let next = match &v.value {
                Value::Str(s) if !s.is_empty() => s,
                _ => return Target::Dangling(cur),
            };
            if next == name || *next == *cur {
                if self.is_local(next) {
                    return Target::Global(Cow::Owned(next.clone()));
                }
                return Target::Broken(VarError::Circular(name.to_owned()));
            }
            if next.contains('[') {
                return Target::Var(Cow::Owned(next.clone()));
            }
            cur = Cow::Owned(next.clone());
        }
        Target::Broken(VarError::TooDeep(name.to_owned()))
    }

    /// The name a write to `name` reaches: an element target stays whole
    /// (`a[1]`), a reference without a target is itself written.
    fn write_target<'n>(&self, name: &'n str) -> Result<Cow<'n, str>, VarError> {
        match self.resolve(name) {
            Target::Var(t) | Target::Dangling(t) => Ok(t),
            // The writer's caller prints the error.
            Target::Broken(e) => Err(e),
            // The public writers reach the global first ([`Vars::global_of`]).
            Target::Global(_) => Err(VarError::Circular(name.to_owned())),
        }
    }

    /// Whether `name` was made local by a function still running.
    fn is_local(&self, name: &str) -> bool {
        self.frames.iter().any(|f| f.iter().any(|(n, _)| n == name))
    }

    /// The global variable a local `name` shadows (the value saved by the
    /// outermost frame that made it local), if it is set.
    fn global_var(&self, name: &str) -> Option<&Var> {
        self.frames
            .iter()
            .find_map(|f| f.iter().find(|(n, _)| n == name).map(|(_, v)| v))
            .and_then(Option::as_ref)
    }

    /// For a reference whose chain comes back to a local one: warns, and
    /// gives the name whose global variable a write reaches (see
    /// [`Target::Global`]).
    fn global_of(&self, name: &str) -> Option<String> {
        if !self.is_nameref(name) {
            return None;
        }
        match self.resolve(name) {
            Target::Global(g) => {
                self.warn(&VarError::Circular(name.to_owned()));
                Some(g.into_owned())
            }
            _ => None,
        }
    }

    /// Runs the writer `f` on the global variable `g` (see
    /// [`Vars::global_of`]): the local moves aside while it runs.
    fn on_global<T>(&mut self, g: &str, f: impl FnOnce(&mut Self, &str) -> T) -> T {
        let swapped = self.swap_global(g);
        let r = f(self, g);
        if swapped {
            self.swap_global(g);
        }
        r
    }

    /// Like [`Vars::write_target`] for writers of a whole variable: the
    /// array of an element target.
    fn write_base<'n>(&self, name: &'n str) -> Result<Cow<'n, str>, VarError> {
        let t = self.write_target(name)?;
        Ok(match t {
            Cow::Owned(s) => match split_element(&s) {
                Some((base, _)) => Cow::Owned(base.to_owned()),
                None => Cow::Owned(s),
            },
            b => b,
        })
    }

    /// Keeps a warning for the shell to print ([`Vars::take_warnings`]).
    /// A chain longer than [`NAMEREF_MAX`] reads as unset without a
    /// word, as in bash; a message already waiting is not repeated.
    fn warn(&self, e: &VarError) {
        if matches!(e, VarError::TooDeep(_)) {
            return;
        }
        let m = e.to_string();
        if let Ok(mut w) = self.warnings.0.lock()
            && w.len() < 16
            && !w.contains(&m)
        {
            w.push(m);
            self.warnings.1.store(true, Ordering::Release);
        }
    }

    /// The warnings readers and writers left (circular references), oldest
    /// first.
    pub fn take_warnings(&self) -> Vec<String> {
        if !self.warnings.1.load(Ordering::Acquire) {
            return Vec::new();
        }
        match self.warnings.0.lock() {
            Ok(mut w) => {
                self.warnings.1.store(false, Ordering::Release);
                std::mem::take(&mut *w)
            }
            Err(_) => Vec::new(),
        }
    }

    /// Looks a variable up, following name references (an element
    /// target gives its array).
    pub fn get(&self, name: &str) -> Option<&Var> {
        let v = self.map.get(name)?;
        if v.attrs & NAMEREF == 0 {
            return Some(v);
        }
        match self.resolve(name) {
            Target::Var(t) => self.map.get(split_element(&t).map_or(&*t, |(b, _)| b)),
            Target::Global(g) => self.global_var(&g),
            // Only a read of the value warns ([`Vars::get_str`]): this
            // serves checks of attributes and kind too.
            Target::Dangling(_) | Target::Broken(_) => None,
        }
    }

    /// For a name reference whose chain ends at an array element
    /// (`declare -n r='a[1]'`), that target.
    pub fn ref_element(&self, name: &str) -> Option<String> {
        if !self.is_nameref(name) {
            return None;
        }
        match self.resolve(name) {
            Target::Var(t) if t.contains('[') => Some(t.into_owned()),
            _ => None,
        }
    }

    /// For a name whose chain of references ends at a reference without
    /// a target (`declare -n r`), that reference's name.
    pub fn dangling_ref(&self, name: &str) -> Option<String> {
        if !self.is_nameref(name) {
            return None;
        }
        match self.resolve(name) {
            Target::Dangling(t) => Some(t.into_owned()),
            _ => None,
        }
    }

    /// Looks a variable up without following a name reference.
    pub fn get_raw(&self, name: &str) -> Option<&Var> {
        self.map.get(name)
    }

    /// The scalar value of `name` when it is neither a name reference nor
    /// [`DYNAMIC`]: one lookup for the readers' fast paths.
    pub fn plain_scalar(&self, name: &str) -> Option<&str> {
        let v = self.map.get(name)?;
        if v.attrs & (NAMEREF | DYNAMIC) != 0 {
            return None;
        }
        v.scalar()
    }

    /// True when `name` itself is a name reference (`[[ -R name ]]`).
    pub fn is_nameref(&self, name: &str) -> bool {
        self.map.get(name).is_some_and(|v| v.attrs & NAMEREF != 0)
    }

    /// The scalar value of a set variable, following name references (an
    /// element target gives that element).
    pub fn get_str(&self, name: &str) -> Option<&str> {
        let v = self.map.get(name)?;
        if v.attrs & NAMEREF == 0 {
            return v.scalar();
        }
        match self.resolve(name) {
            Target::Var(t) => match split_element(&t) {
                Some((base, sub)) => self.element(base, sub),
                None => self.map.get(&*t).and_then(Var::scalar),
            },
            Target::Dangling(_) => None,
            Target::Broken(e) => {
                self.warn(&e);
                None
            }
            Target::Global(g) => {
                self.warn(&VarError::Circular(name.to_owned()));
                self.global_var(&g).and_then(Var::scalar)
            }
        }
    }

    /// One element by its literal subscript (an associative array's key,
    /// else a decimal index, negative from the end).
    fn element(&self, base: &str, sub: &str) -> Option<&str> {
        match &self.map.get(base)?.value {
            Value::Assoc(m) => m.get(sub).map(String::as_str),
            Value::Indexed(m) => {
                let i: i64 = sub.trim().parse().ok()?;
                let i = if i < 0 {
                    m.keys()
                        .next_back()
                        .copied()
                        .unwrap_or(-1)
                        .saturating_add(1 + i)
                } else {
                    i
                };
                m.get(&i).map(String::as_str)
            }
            Value::Str(s) if sub.trim() == "0" => Some(s),
            _ => None,
        }
    }

    /// Replaces a variable's attribute bits.
    pub fn set_attrs(&mut self, name: &str, attrs: u8) {
        let Ok(t) = self.write_base(name) else {
            return;
        };
        if let Some(v) = self.map.get_mut(&*t) {
            v.attrs = attrs;
        }
    }

    /// `declare -n name=target`: makes `name` itself a reference to
    /// `target`, whatever it referred to before.
    pub fn set_ref(&mut self, name: &str, target: String) -> Result<(), VarError> {
        if self.map.get(name).is_some_and(Var::readonly) {
            return Err(VarError::Readonly(name.to_owned()));
        }
        let old = self.map.get(name).map_or(0, |v| value_size(&v.value));
        let new = Value::Str(target);
        if !self.admits(value_size(&new), old) {
            return Ok(());
        }
        let e = self.entry(name);
        let removed = value_size(&std::mem::replace(&mut e.value, new));
        e.attrs |= NAMEREF;
        let added = value_size(&e.value);
        self.grow(added);
        self.shrink(removed);
        Ok(())
    }

    /// Replaces `name`'s own attribute bits, not following a reference.
    pub fn set_raw_attrs(&mut self, name: &str, attrs: u8) {
        if let Some(v) = self.map.get_mut(name) {
            v.attrs = attrs;
        }
    }

    /// `unset -n name`: removes `name` itself, a reference or not.
    pub fn unset_ref(&mut self, name: &str) -> Result<(), VarError> {
        self.unset_plain(name, false)
    }

    /// Makes `name` a dynamic variable shown with `attrs`, keeping its
    /// export bit (`_` may come exported from the environment).
    pub(crate) fn make_dynamic(&mut self, name: &str, attrs: u8) {
        let e = self.entry(name);
        e.attrs = (e.attrs & EXPORT) | attrs | DYNAMIC;
    }

    fn entry(&mut self, name: &str) -> &mut Var {
        if !self.map.contains_key(name) {
            self.grow(VAR_OVERHEAD + len64(name));
        }
        self.map.entry(name.to_owned()).or_default()
    }

    /// Checks that `name` may be written, creating it (unset) if needed;
    /// true when it was created.
    fn writable(&mut self, name: &str) -> Result<bool, VarError> {
        let created = !self.map.contains_key(name);
        let e = self.entry(name);
        if e.readonly() {
            return Err(VarError::Readonly(name.to_owned()));
        }
        e.attrs &= !NOVALUE;
        Ok(created)
    }

    /// Removes a variable from the map, keeping the size right.
    fn remove_entry(&mut self, name: &str) {
        if let Some(old) = self.map.remove(name) {
            self.shrink(var_size(name, &old));
        }
    }

    /// Inserts a whole variable, keeping the size right.
    fn insert_entry(&mut self, name: String, var: Var) {
        self.grow(var_size(&name, &var));
        if let Some(old) = self.map.insert(name.clone(), var) {
            self.shrink(var_size(&name, &old));
        }
    }

    /// Assigns a scalar (element 0 when the variable is an array), through
    /// name references; a reference without a target takes `value` as its
    /// target name.
    pub fn set(&mut self, name: &str, value: String) -> Result<(), VarError> {
        let r = match self.global_of(name) {
            Some(g) => self.on_global(&g, |v, g| v.set_var(g, value)),
            None => self.set_var(name, value),
        };
        self.note_special(name);
        r
    }

    fn set_var(&mut self, name: &str, value: String) -> Result<(), VarError> {
        let t = match self.resolve(name) {
            Target::Var(t) => t,
            Target::Dangling(_) if !valid_ref_target(&value) => {
                return Err(VarError::BadRefTarget(value));
            }
            Target::Dangling(t) => t,
            Target::Broken(e) => return Err(e),
            // [`Vars::set`] reaches the global first.
            Target::Global(_) => return Err(VarError::Circular(name.to_owned())),
        };
        if let Some((base, sub)) = split_element(&t) {
            return self.set_element(base, sub, value);
        }
        self.set_plain(&t, value)
    }

    /// Sets one element by its literal subscript (see [`Vars::element`]).
    fn set_element(&mut self, base: &str, sub: &str, value: String) -> Result<(), VarError> {
        if matches!(self.get(base).map(|v| &v.value), Some(Value::Assoc(_))) {
            return self.set_key(base, sub.to_owned(), value);
        }
        let i: i64 = sub.trim().parse().unwrap_or(0);
        let i = match self.get(base).map(|v| &v.value) {
            Some(Value::Indexed(m)) if i < 0 => m
                .keys()
                .next_back()
                .copied()
                .unwrap_or(-1)
                .saturating_add(1 + i),
            _ => i,
        };
        self.set_index(base, i, value)
    }

    fn set_plain(&mut self, name: &str, value: String) -> Result<(), VarError> {
        let utf8 = self
            .map
            .get(name)
            .is_none_or(|v| self.case_in_utf8(v.attrs));
        if let Some(v) = self.map.get_mut(name) {
            if v.readonly() {
                return Err(VarError::Readonly(name.to_owned()));
            }
            v.attrs &= !NOVALUE;
            let value = tidy(apply_case(v.attrs, value, utf8));
            let (grows, frees) = match &v.value {
                Value::Indexed(m) => match m.get(&0) {
                    Some(o) => (len64(&value), len64(o)),
                    None => (ELEM_OVERHEAD + len64(&value), 0),
                },
                Value::Assoc(m) => match m.get("0") {
                    Some(o) => (len64(&value), len64(o)),
                    None => (ELEM_OVERHEAD + 1 + len64(&value), 0),
                },
                other => (value.capacity() as u64, value_size(other)),
            };
            if !self.admits(grows, frees) {
                return Ok(());
            }
            let Some(v) = self.map.get_mut(name) else {
                return Ok(());
            };
            let mut added = len64(&value);
            let removed = match &mut v.value {
                Value::Indexed(m) => m.insert(0, value).map_or_else(
                    || {
                        added += ELEM_OVERHEAD;
                        0
                    },
                    |o| len64(&o),
                ),
                Value::Assoc(m) => m.insert("0".to_owned(), value).map_or_else(
                    || {
                        added += ELEM_OVERHEAD + 1;
                        0
                    },
                    |o| len64(&o),
                ),
                other => {
                    let new = Value::Str(tidy(value));
                    added = value_size(&new);
                    value_size(&std::mem::replace(other, new))
                }
            };
            self.grow(added);
            self.shrink(removed);
            return Ok(());
        }
        let value = tidy(value);
        if !self.admits(VAR_OVERHEAD + len64(name) + value.capacity() as u64, 0) {
            return Ok(());
        }
        self.insert_entry(
            name.to_owned(),
            Var {
                value: Value::Str(tidy(value)),
                attrs: 0,
            },
        );
        Ok(())
    }

    /// `name+=text` on a scalar: appends in place, so a loop of appends is
    /// linear. Element 0 of an array; creates the variable if needed.
    pub fn append(&mut self, name: &str, text: &str) -> Result<(), VarError> {
        let r = match self.global_of(name) {
            Some(g) => self.on_global(&g, |v, g| v.append_var(g, text)),
            None => self.append_var(name, text),
        };
        self.note_special(name);
        r
    }

    fn append_var(&mut self, name: &str, text: &str) -> Result<(), VarError> {
        let t = self.write_base(name)?;
        let name: &str = &t;
        let created = self.writable(name)?;
        let Some(v) = self.map.get(name) else {
            return Ok(());
        };
        let text = apply_case(v.attrs, text.to_owned(), self.case_in_utf8(v.attrs));
        // A string that must grow is given exactly what it needs when its
        // usual doubling would not fit: appends stay linear until the
        // ceiling, then the last one that fits still does.
        let mut exact = false;
        let (grows, frees) = match &v.value {
            Value::Str(s) => {
                let needed = s.len().saturating_add(text.len());
                if needed <= s.capacity() {
                    (0, 0)
                } else {
                    let doubled = needed.max(s.capacity().saturating_mul(2));
                    let grows = (doubled - s.capacity()) as u64;
                    if self.bytes.saturating_add(grows) > self.guard.ceiling.load(Ordering::Relaxed)
                    {
                        exact = true;
                        ((needed - s.capacity()) as u64, 0)
                    } else {
                        (grows, 0)
                    }
                }
            }
            Value::Indexed(m) if !m.contains_key(&0) => (ELEM_OVERHEAD + len64(&text), 0),
            Value::Assoc(m) if !m.contains_key("0") => (ELEM_OVERHEAD + 1 + len64(&text), 0),
            Value::Indexed(_) | Value::Assoc(_) => (len64(&text), 0),
            other => (len64(&text), value_size(other)),
        };
        if !self.admits(grows, frees) {
            self.forget_created(name, created);
            return Ok(());
        }
        let Some(v) = self.map.get_mut(name) else {
            return Ok(());
        };
        let mut added = len64(&text);
        let mut removed = 0;
        match &mut v.value {
            Value::Str(s) => {
                let before = s.capacity();
                if exact {
                    s.reserve_exact(text.len());
                }
                s.push_str(&text);
                added = (s.capacity() - before) as u64;
            }
            Value::Indexed(m) => {
                let e = m.entry(0).or_insert_with(|| {
                    added += ELEM_OVERHEAD;
                    String::new()
                });
                e.push_str(&text);
            }
            Value::Assoc(m) => {
                let old = m.get("0").cloned().unwrap_or_else(|| {
                    added += ELEM_OVERHEAD + 1;
                    String::new()
                });
                m.insert("0".to_owned(), old + &text);
            }
            other => {
                let new = Value::Str(text);
                added = value_size(&new);
                removed = value_size(&std::mem::replace(other, new));
            }
        }
        self.grow(added);
        self.shrink(removed);
        Ok(())
    }

    /// `name+=(words...)` on an indexed array: pushes in place. Each item
    /// has an explicit index or goes after the previous one.
    pub fn push_items(
        &mut self,
        name: &str,
        items: impl IntoIterator<Item = (Option<i64>, String)>,
    ) -> Result<(), VarError> {
        let r = match self.global_of(name) {
            Some(g) => self.on_global(&g, |v, g| v.push_items_var(g, items)),
            None => self.push_items_var(name, items),
        };
        self.note_special(name);
        r
    }

    fn push_items_var(
        &mut self,
        name: &str,
        items: impl IntoIterator<Item = (Option<i64>, String)>,
    ) -> Result<(), VarError> {
        let t = self.write_base(name)?;
        let name: &str = &t;
        let created = self.writable(name)?;
        let Some(v) = self.map.get(name) else {
            return Ok(());
        };
        let attrs = v.attrs;
        let utf8 = self.case_in_utf8(attrs);
        let items: Vec<(Option<i64>, String)> = items
            .into_iter()
            .map(|(i, s)| (i, apply_case(attrs, s, utf8)))
            .collect();
        // Replaced elements are not subtracted: the check errs on the safe
        // side, and `+=(...)` rarely overwrites.
        let grows = items
            .iter()
            .map(|(_, s)| ELEM_OVERHEAD + len64(s))
            .sum::<u64>()
            .saturating_add(match &v.value {
                Value::Str(s) => ELEM_OVERHEAD + len64(s),
                _ => 0,
            });
        if !self.admits(grows, 0) {
            self.forget_created(name, created);
            return Ok(());
        }
        let Some(v) = self.map.get_mut(name) else {
            return Ok(());
        };
        let mut delta_add = 0u64;
        let mut delta_sub = 0u64;
        let mut m = match std::mem::take(&mut v.value) {
            Value::Indexed(m) => m,
            other => {
                // Converting a scalar (or anything else) to an array: swap
                // its whole size for the new map's.
                delta_sub += value_size(&other);
                let m = match other {
                    Value::Str(s) => BTreeMap::from([(0, s)]),
                    _ => BTreeMap::new(),
                };
                delta_add += value_size(&Value::Indexed(m.clone()));
                m
            }
        };
        // Past the largest index the next one wraps around, as bash's does.
        let mut next = m.keys().next_back().map_or(0, |k| k.wrapping_add(1));
        for (idx, value) in items {
            let idx = idx.unwrap_or(next);
            delta_add += ELEM_OVERHEAD + len64(&value);
            if let Some(old) = m.insert(idx, value) {
                delta_sub += ELEM_OVERHEAD + len64(&old);
            }
            next = idx.wrapping_add(1);
        }
        v.value = Value::Indexed(m);
        self.grow(delta_add);
        self.shrink(delta_sub);
        Ok(())
    }

    /// Sets element `index` of an indexed array (creating it).
    pub fn set_index(&mut self, name: &str, index: i64, value: String) -> Result<(), VarError> {
        let r = match self.global_of(name) {
            Some(g) => self.on_global(&g, |v, g| v.set_index_var(g, index, value)),
            None => self.set_index_var(name, index, value),
        };
        self.note_special(name);
        r
    }

    fn set_index_var(&mut self, name: &str, index: i64, value: String) -> Result<(), VarError> {
        let t = self.write_base(name)?;
        let name: &str = &t;
        let created = self.writable(name)?;
        let Some(v) = self.map.get(name) else {
            return Ok(());
        };
        let value = apply_case(v.attrs, value, self.case_in_utf8(v.attrs));
        let elem = ELEM_OVERHEAD + len64(&value);
        let (grows, frees) = match &v.value {
            Value::Indexed(m) => (elem, m.get(&index).map_or(0, |o| ELEM_OVERHEAD + len64(o))),
            Value::Assoc(m) => {
                let key = index.to_string();
                let old = m
                    .get(&key)
                    .map_or(0, |o| ELEM_OVERHEAD + len64(&key) + len64(o));
                (elem + len64(&key), old)
            }
            // A scalar becomes element 0 beside the new one.
            Value::Str(_) | Value::Unset => (elem + ELEM_OVERHEAD, 0),
        };
        if !self.admits(grows, frees) {
            self.forget_created(name, created);
            return Ok(());
        }
        let Some(v) = self.map.get_mut(name) else {
            return Ok(());
        };
        let mut added = ELEM_OVERHEAD + len64(&value);
        let removed = match &mut v.value {
            Value::Indexed(m) => m
                .insert(index, value)
                .map_or(0, |o| ELEM_OVERHEAD + len64(&o)),
            Value::Assoc(m) => {
                let key = index.to_string();
                let k = len64(&key);
                added += k;
                m.insert(key, value)
                    .map_or(0, |o| ELEM_OVERHEAD + k + len64(&o))
            }
            other => {
                // Sized here only: an array's size is a walk of it, and an
                // element store must not cost the array's length.
                let before = value_size(other);
                let mut m = BTreeMap::new();
                if let Value::Str(s) = std::mem::take(other) {
                    m.insert(0, s);
                }
                m.insert(index, value);
                *other = Value::Indexed(m);
                let after = value_size(other);
                self.grow(after);
                self.shrink(before);
                return Ok(());
            }
        };
        self.grow(added);
        self.shrink(removed);
        Ok(())
    }

    /// Sets key `key` of an associative array.
    pub fn set_key(&mut self, name: &str, key: String, value: String) -> Result<(), VarError> {
        let r = match self.global_of(name) {
            Some(g) => self.on_global(&g, |v, g| v.set_key_var(g, key, value)),
            None => self.set_key_var(name, key, value),
        };
        self.note_special(name);
        r
    }

    fn set_key_var(&mut self, name: &str, key: String, value: String) -> Result<(), VarError> {
        let t = self.write_base(name)?;
        let name: &str = &t;
        let created = self.writable(name)?;
        let Some(v) = self.map.get(name) else {
            return Ok(());
        };
        let value = apply_case(v.attrs, value, self.case_in_utf8(v.attrs));
        let grows = ELEM_OVERHEAD + len64(&key) + len64(&value);
        let frees = match &v.value {
            Value::Assoc(m) => m
                .get(&key)
                .map_or(0, |o| ELEM_OVERHEAD + len64(&key) + len64(o)),
            other => value_size(other),
        };
        if !self.admits(grows, frees) {
            self.forget_created(name, created);
            return Ok(());
        }
        let Some(v) = self.map.get_mut(name) else {
            return Ok(());
        };
        let added = ELEM_OVERHEAD + len64(&key) + len64(&value);
        let removed = match &mut v.value {
            Value::Assoc(m) => {
                let k = len64(&key);
                m.insert(key, value)
                    .map_or(0, |o| ELEM_OVERHEAD + k + len64(&o))
            }
            other => {
                let old = value_size(other);
                let mut m = AssocMap::new();
                m.insert(key, value);
                *other = Value::Assoc(m);
                old
            }
        };
        self.grow(added);
        self.shrink(removed);
        Ok(())
    }

    /// Replaces the whole value (array assignments, `declare -a`).
    pub fn set_value(&mut self, name: &str, value: Value) -> Result<(), VarError> {
        let r = match self.global_of(name) {
            Some(g) => self.on_global(&g, |v, g| v.set_value_var(g, value)),
            None => self.set_value_var(name, value),
        };
        self.note_special(name);
        r
    }

    fn set_value_var(&mut self, name: &str, value: Value) -> Result<(), VarError> {
        let t = self.write_base(name)?;
        let name: &str = &t;
        let created = self.writable(name)?;
        let added = value_size(&value);
        let frees = self.map.get(name).map_or(0, |v| value_size(&v.value));
        if !self.admits(added, frees) {
            self.forget_created(name, created);
            return Ok(());
        }
        let Some(v) = self.map.get_mut(name) else {
            return Ok(());
        };
        let removed = value_size(&std::mem::replace(&mut v.value, value));
        self.grow(added);
        self.shrink(removed);
        Ok(())
    }

    /// Adds attribute bits, creating the variable unset if needed; through
    /// name references unless [`NAMEREF`] is among them.
    pub fn add_attrs(&mut self, name: &str, attrs: u8) {
        if attrs & NAMEREF != 0 {
            self.entry(name).attrs |= attrs;
            return;
        }
        let Ok(t) = self.write_base(name) else {
            return;
        };
        self.entry(&t).attrs |= attrs;
    }

    /// Removes attribute bits; through name references unless
    /// [`NAMEREF`] is among them.
    pub fn remove_attrs(&mut self, name: &str, attrs: u8) {
        let t = if attrs & NAMEREF != 0 {
            Cow::Borrowed(name)
        } else {
            match self.write_base(name) {
                Ok(t) => t,
                Err(_) => return,
            }
        };
        if let Some(v) = self.map.get_mut(&*t) {
            v.attrs &= !attrs;
        }
    }

    /// `unset name`: the variable a reference leads to; a broken chain
    /// unsets `name` itself, as bash does.
    pub fn unset(&mut self, name: &str) -> Result<(), VarError> {
        self.unset_scoped(name, false)
    }

    /// [`Vars::unset`]; with `keep_local` (`shopt -s localvar_unset`) a
    /// local of a calling function stays declared and unset until that
    /// function returns, instead of showing the variable it shadows.
    pub fn unset_scoped(&mut self, name: &str, keep_local: bool) -> Result<(), VarError> {
        let r = self.unset_var(name, keep_local);
        self.note_special(name);
        r
    }

    fn unset_var(&mut self, name: &str, keep_local: bool) -> Result<(), VarError> {
        match self.resolve(name) {
            Target::Var(t) => match split_element(&t) {
                Some((base, sub)) => {
                    let base = base.to_owned();
                    let sub = sub.to_owned();
                    let idx = sub.trim().parse().unwrap_or(0);
                    self.unset_element(&base, &sub, idx)
                }
                None => self.unset_plain(&t, keep_local),
            },
            Target::Dangling(t) => self.unset_plain(&t, keep_local),
            Target::Broken(e) => {
                self.warn(&e);
                self.unset_plain(name, keep_local)
            }
            // Bash unsets the local reference itself, as for a broken chain.
            Target::Global(_) => {
                self.warn(&VarError::Circular(name.to_owned()));
                self.unset_plain(name, keep_local)
            }
        }
    }

    fn unset_plain(&mut self, name: &str, keep_local: bool) -> Result<(), VarError> {
        match self.map.get(name) {
            Some(v) if v.readonly() => Err(VarError::CannotUnset(name.to_owned())),
            Some(_) => {
                let top = self.frames.len().saturating_sub(1);
                let made_local = self
                    .frames
                    .iter()
                    .rposition(|f| f.iter().any(|(n, _)| n == name));
                match made_local {
                    // Unset by a function other than the one that made it
                    // local (bash's dynamic unset): the local goes, showing
                    // the variable it shadowed.
                    Some(k) if k < top && !keep_local => {
                        let old = self.frames.get_mut(k).and_then(|f| {
                            let i = f.iter().rposition(|(n, _)| n == name)?;
                            Some(f.remove(i).1)
                        });
                        match old {
                            Some(Some(v)) => {
                                self.shrink(var_size(name, &v));
                                self.insert_entry(name.to_owned(), v);
                            }
                            Some(None) => self.remove_entry(name),
                            None => {}
                        }
                    }
                    // A local stays declared (unset) until its function returns.
                    Some(_) => self.insert_entry(name.to_owned(), Var::default()),
                    None => self.remove_entry(name),
                }
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// `unset 'name[i]'` / `unset 'name[key]'`.
    pub fn unset_element(&mut self, name: &str, key: &str, index: i64) -> Result<(), VarError> {
        let t = self.write_base(name)?;
        let name: &str = &t;
        let Some(v) = self.map.get_mut(name) else {
            return Ok(());
        };
        if v.readonly() {
            return Err(VarError::CannotUnset(name.to_owned()));
        }
        let removed = match &mut v.value {
            Value::Indexed(m) => m.remove(&index).map_or(0, |o| ELEM_OVERHEAD + len64(&o)),
            Value::Assoc(m) => m
                .remove(key)
                .map_or(0, |o| ELEM_OVERHEAD + len64(key) + len64(&o)),
            Value::Str(_) if index == 0 => value_size(&std::mem::take(&mut v.value)),
            _ => 0,
        };
        self.shrink(removed);
        Ok(())
    }

    /// Enters a function call.
    pub fn push_frame(&mut self) {
        self.frames.push(Vec::new());
    }

    /// Leaves a function call, restoring what its locals shadowed.
    pub fn pop_frame(&mut self) {
        if let Some(frame) = self.frames.pop() {
            for (name, old) in frame.into_iter().rev() {
                // The saved copy leaves the frame's share of the size.
                if let Some(v) = &old {
                    self.shrink(var_size(&name, v));
                }
                match old {
                    Some(v) => self.insert_entry(name.clone(), v),
                    None => self.remove_entry(&name),
                }
                self.note_special(&name);
            }
        }
    }

    /// Exchanges the visible `name` with the global one a local of some
    /// function shadows (saved in the outermost frame that made it
    /// local), so that `declare -g` reaches the global; a second call
    /// undoes it. False (and nothing done) when no local shadows `name`.
    pub fn swap_global(&mut self, name: &str) -> bool {
        let Some(slot) = self
            .frames
            .iter_mut()
            .find_map(|f| f.iter_mut().find(|(n, _)| n == name).map(|(_, v)| v))
        else {
            return false;
        };
        let visible = self.map.remove(name);
        let global = std::mem::replace(slot, visible);
        if let Some(g) = global {
            self.map.insert(name.to_owned(), g);
        }
        true
    }

    /// The names made local in the current function, in order.
    pub fn frame_names(&self) -> Vec<&str> {
        self.frames
            .last()
            .map(|f| f.iter().map(|(n, _)| n.as_str()).collect())
            .unwrap_or_default()
    }

    /// How many function frames are open.
    pub fn depth(&self) -> usize {
        self.frames.len()
    }

    /// Whether `name` was made local in a frame opened at or after depth
    /// `from` (see [`Vars::depth`]).
    pub fn is_local_since(&self, name: &str, from: usize) -> bool {
        self.frames
            .get(from..)
            .is_some_and(|fs| fs.iter().any(|f| f.iter().any(|(n, _)| n == name)))
    }

    /// True inside a function.
    pub fn in_function(&self) -> bool {
        !self.frames.is_empty()
    }

    /// `local name`: shadows `name` until the current function returns.
    /// Returns false outside a function.
    pub fn make_local(&mut self, name: &str) -> bool {
        let Some(frame) = self.frames.last_mut() else {
            return false;
        };
        if frame.iter().any(|(n, _)| n == name) {
            return true;
        }
        // The shadowed variable moves into the frame; its size stays counted.
        let old = self.map.remove(name);
        let attrs = old.as_ref().map_or(0, |v| v.attrs & EXPORT);
        let had = old.is_some();
        frame.push((name.to_owned(), old));
        // A local starts unset but keeps the exported attribute, like bash.
        let local = Var {
            value: Value::Unset,
            attrs,
        };
        if had {
            self.grow(var_size(name, &local));
            self.map.insert(name.to_owned(), local);
        } else {
            self.insert_entry(name.to_owned(), local);
        }
        self.note_special(name);
        true
    }

    /// Replaces what the current function's local `name` shadows (the
    /// value its return, or an unset from a callee, puts back). False when
    /// `name` is not local to the current function.
    pub fn replace_shadowed(&mut self, name: &str, shadowed: Option<Var>) -> bool {
        let Some(slot) = self
            .frames
            .last_mut()
            .and_then(|f| f.iter_mut().find(|(n, _)| n == name))
        else {
            return false;
        };
        let removed = slot.1.as_ref().map_or(0, |v| var_size(name, v));
        let added = shadowed.as_ref().map_or(0, |v| var_size(name, v));
        slot.1 = shadowed;
        self.grow(added);
        self.shrink(removed);
        true
    }

    /// Records what a change to `name` does to the shell's options:
    /// `GLOBIGNORE` to `dotglob` (an empty value changes nothing, as in
    /// bash), `POSIXLY_CORRECT` to posix mode.
    fn note_special(&mut self, name: &str) {
        match name {
            "GLOBIGNORE" => {
                let on = match self.get_str(name) {
                    None => false,
                    Some("") => return,
                    Some(_) => true,
                };
                self.dotglob = (self.dotglob.0.wrapping_add(1), on);
            }
            "POSIXLY_CORRECT" => {
                let on = self.get(name).is_some_and(Var::is_set);
                self.posix = (self.posix.0.wrapping_add(1), on);
            }
            "PATH" => self.path_changes = self.path_changes.wrapping_add(1),
            _ => {}
        }
    }

    /// The count of `PATH`'s assignments and unsets.
    pub fn path_changes(&self) -> u64 {
        self.path_changes
    }

    /// The count of `POSIXLY_CORRECT`'s changes to posix mode and the last.
    pub fn posixly_correct(&self) -> (u64, bool) {
        self.posix
    }

    /// The count of `GLOBIGNORE`'s changes to `dotglob` and the last one.
    pub fn globignore_dotglob(&self) -> (u64, bool) {
        self.dotglob
    }

    /// The exported variables with a value, sorted by name.
    pub fn exported(&self) -> Vec<(String, String)> {
        let mut v: Vec<_> = self
            .map
            .iter()
            .filter(|(_, var)| var.attrs & EXPORT != 0)
            // Bash puts no array in the environment, exported or not.
            .filter_map(|(k, var)| match &var.value {
                Value::Str(s) => Some((k.clone(), s.clone())),
                _ => None,
            })
            .collect();
        v.sort();
        v
    }

    /// All variable names (declared ones included), sorted.
    pub fn names(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self.map.keys().map(String::as_str).collect();
        v.sort_unstable();
        v
    }

    /// Iterates over all variables in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &Var)> {
        self.map.iter()
    }
}

#[cfg(test)]
mod tests;
