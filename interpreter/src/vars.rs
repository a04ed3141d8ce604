//! Shell variables: scalars, indexed and associative arrays, attributes,
//! and dynamic scoping for `local`.
//!
//! Lookups always hit one map: `local x` saves the visible `x` in the
//! current frame and restores it when the function returns, so a lookup
//! costs the same at any call depth.

use std::collections::{BTreeMap, HashMap};

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
    Assoc(BTreeMap<String, String>),
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
}

/// All variables of a shell.
#[derive(Clone, Debug, Default)]
pub struct Vars {
    map: HashMap<String, Var>,
    /// One frame per active function call: the shadowed variables.
    frames: Vec<Vec<(String, Option<Var>)>>,
}

fn apply_case(attrs: u8, s: String) -> String {
    if attrs & LOWER != 0 {
        s.to_lowercase()
    } else if attrs & UPPER != 0 {
        s.to_uppercase()
    } else {
        s
    }
}

impl Vars {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    /// Looks a variable up.
    pub fn get(&self, name: &str) -> Option<&Var> {
        self.map.get(name)
    }

    /// The scalar value of a set variable.
    pub fn get_str(&self, name: &str) -> Option<&str> {
        self.map.get(name).and_then(Var::scalar)
    }

    /// Mutable access for attribute changes.
    pub fn get_mut(&mut self, name: &str) -> Option<&mut Var> {
        self.map.get_mut(name)
    }

    fn entry(&mut self, name: &str) -> &mut Var {
        self.map.entry(name.to_owned()).or_default()
    }

    fn writable(&mut self, name: &str) -> Result<&mut Var, VarError> {
        let v = self.entry(name);
        if v.readonly() {
            return Err(VarError::Readonly(name.to_owned()));
        }
        Ok(v)
    }

    /// Assigns a scalar (element 0 when the variable is an array).
    pub fn set(&mut self, name: &str, value: String) -> Result<(), VarError> {
        if let Some(v) = self.map.get_mut(name) {
            if v.readonly() {
                return Err(VarError::Readonly(name.to_owned()));
            }
            let value = apply_case(v.attrs, value);
            match &mut v.value {
                Value::Indexed(m) => {
                    m.insert(0, value);
                }
                Value::Assoc(m) => {
                    m.insert("0".to_owned(), value);
                }
                other => *other = Value::Str(value),
            }
            return Ok(());
        }
        self.map.insert(
            name.to_owned(),
            Var {
                value: Value::Str(value),
                attrs: 0,
            },
        );
        Ok(())
    }

    /// Sets element `index` of an indexed array (creating it).
    pub fn set_index(&mut self, name: &str, index: i64, value: String) -> Result<(), VarError> {
        let v = self.writable(name)?;
        let value = apply_case(v.attrs, value);
        match &mut v.value {
            Value::Indexed(m) => {
                m.insert(index, value);
            }
            Value::Assoc(m) => {
                m.insert(index.to_string(), value);
            }
            other => {
                let mut m = BTreeMap::new();
                if let Value::Str(s) = std::mem::take(other) {
                    m.insert(0, s);
                }
                m.insert(index, value);
                *other = Value::Indexed(m);
            }
        }
        Ok(())
    }

    /// Sets key `key` of an associative array.
    pub fn set_key(&mut self, name: &str, key: String, value: String) -> Result<(), VarError> {
        let v = self.writable(name)?;
        let value = apply_case(v.attrs, value);
        match &mut v.value {
            Value::Assoc(m) => {
                m.insert(key, value);
            }
            other => {
                let mut m = BTreeMap::new();
                m.insert(key, value);
                *other = Value::Assoc(m);
            }
        }
        Ok(())
    }

    /// Replaces the whole value (array assignments, `declare -a`).
    pub fn set_value(&mut self, name: &str, value: Value) -> Result<(), VarError> {
        let v = self.writable(name)?;
        v.value = value;
        Ok(())
    }

    /// Adds attribute bits, creating the variable unset if needed.
    pub fn add_attrs(&mut self, name: &str, attrs: u8) {
        self.entry(name).attrs |= attrs;
    }

    /// Removes attribute bits.
    pub fn remove_attrs(&mut self, name: &str, attrs: u8) {
        if let Some(v) = self.map.get_mut(name) {
            v.attrs &= !attrs;
        }
    }

    /// `unset name`.
    pub fn unset(&mut self, name: &str) -> Result<(), VarError> {
        match self.map.get(name) {
            Some(v) if v.readonly() => Err(VarError::CannotUnset(name.to_owned())),
            Some(_) => {
                if self.frames.iter().any(|f| f.iter().any(|(n, _)| n == name)) {
                    // A local stays declared (unset) until its function returns.
                    self.map.insert(name.to_owned(), Var::default());
                } else {
                    self.map.remove(name);
                }
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// `unset 'name[i]'` / `unset 'name[key]'`.
    pub fn unset_element(&mut self, name: &str, key: &str, index: i64) -> Result<(), VarError> {
        let Some(v) = self.map.get_mut(name) else {
            return Ok(());
        };
        if v.readonly() {
            return Err(VarError::CannotUnset(name.to_owned()));
        }
        match &mut v.value {
            Value::Indexed(m) => {
                m.remove(&index);
            }
            Value::Assoc(m) => {
                m.remove(key);
            }
            Value::Str(_) if index == 0 => v.value = Value::Unset,
            _ => {}
        }
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
                match old {
                    Some(v) => {
                        self.map.insert(name, v);
                    }
                    None => {
                        self.map.remove(&name);
                    }
                }
            }
        }
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
        let old = self.map.get(name).cloned();
        frame.push((name.to_owned(), old.clone()));
        // A local starts unset but keeps the exported attribute, like bash.
        let attrs = old.map(|v| v.attrs & EXPORT).unwrap_or(0);
        self.map.insert(
            name.to_owned(),
            Var {
                value: Value::Unset,
                attrs,
            },
        );
        true
    }

    /// The exported variables with a value, sorted by name.
    pub fn exported(&self) -> Vec<(String, String)> {
        let mut v: Vec<_> = self
            .map
            .iter()
            .filter(|(_, var)| var.attrs & EXPORT != 0)
            .filter_map(|(k, var)| var.scalar().map(|s| (k.clone(), s.to_owned())))
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
mod tests {
    use super::*;

    #[test]
    fn locals_shadow_and_restore() {
        let mut v = Vars::new();
        v.set("x", "global".into()).unwrap();
        v.push_frame();
        assert!(v.make_local("x"));
        assert_eq!(v.get_str("x"), None);
        v.set("x", "local".into()).unwrap();
        v.push_frame();
        assert_eq!(v.get_str("x"), Some("local"));
        v.pop_frame();
        v.pop_frame();
        assert_eq!(v.get_str("x"), Some("global"));
    }

    #[test]
    fn readonly_refuses_writes() {
        let mut v = Vars::new();
        v.set("r", "1".into()).unwrap();
        v.add_attrs("r", READONLY);
        assert_eq!(v.set("r", "2".into()), Err(VarError::Readonly("r".into())));
        assert!(v.unset("r").is_err());
    }

    #[test]
    fn arrays_and_scalar_view() {
        let mut v = Vars::new();
        v.set_index("a", 2, "two".into()).unwrap();
        v.set("a", "zero".into()).unwrap();
        assert_eq!(v.get_str("a"), Some("zero"));
        v.set_key("m", "k".into(), "v".into()).unwrap();
        assert!(matches!(v.get("m").unwrap().value, Value::Assoc(_)));
    }
}
