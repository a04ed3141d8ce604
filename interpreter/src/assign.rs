//! Assignments: evaluating right-hand sides and storing them, for prefix
//! assignments, plain `name=value` commands and declaration builtins.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::ast::{Assign, AssignValue, Subscript, Word};
use crate::shell::{Flow, Shell};
use crate::vars::{INTEGER, Value};

/// An evaluated right-hand side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum DeclValue {
    /// `name=value`
    Scalar(String),
    /// `name=(...)`: each element with its expanded subscript, if any,
    /// and whether it appends (`[k]+=v`).
    Array(Vec<(Option<String>, String, bool)>),
}

impl Shell {
    /// Expands an assignment's value (no field splitting for scalars;
    /// array elements are split and globbed like arguments).
    pub(crate) fn assign_value(&mut self, a: &Assign) -> Result<DeclValue, Flow> {
        let assoc = self.is_assoc(&a.name);
        self.assign_value_as(a, assoc)
    }

    /// [`Shell::assign_value`] for a variable that is (or a declaration
    /// makes) associative when `assoc`: bash 5.2 expands no tilde in the
    /// `[key]=value` elements of such an array, and none in any key.
    pub(crate) fn assign_value_as(&mut self, a: &Assign, assoc: bool) -> Result<DeclValue, Flow> {
        Ok(match &a.value {
            AssignValue::Scalar(w) => DeclValue::Scalar(self.expand_string(w)?),
            AssignValue::Array(items) => {
                let mut out = Vec::with_capacity(items.len());
                for (k, v, add) in items {
                    match k {
                        Some(k) => {
                            let key = self.expand_literal_tilde(&k.word)?;
                            let value = if assoc {
                                self.expand_literal_tilde(v)?
                            } else {
                                self.expand_string(v)?
                            };
                            out.push((Some(key), value, *add));
                        }
                        None => {
                            for f in self.expand_words(std::slice::from_ref(v))? {
                                out.push((None, f, false));
                            }
                        }
                    }
                }
                DeclValue::Array(out)
            }
        })
    }

    /// Expands `w` as an assignment value, leaving its tildes as written.
    fn expand_literal_tilde(&mut self, w: &Word) -> Result<String, Flow> {
        let saved = std::mem::replace(&mut self.literal_tilde, true);
        let r = self.expand_string(w);
        self.literal_tilde = saved;
        r
    }

    /// Stores an evaluated assignment; the error is the message to print,
    /// or (`Err(Err(flow))`) a subscript's error already reported, which
    /// abandons the command as bash's `DISCARD` does.
    pub(crate) fn apply_assign(
        &mut self,
        a: &Assign,
        v: DeclValue,
    ) -> Result<(), Result<String, Flow>> {
        match &a.index {
            Some(sub) => self.assign_element(&a.name, sub, v, a.append),
            None => self.assign_named(&a.name, v, a.append).map_err(Ok),
        }
    }

    fn assign_element(
        &mut self,
        name: &str,
        sub: &Subscript,
        v: DeclValue,
        append: bool,
    ) -> Result<(), Result<String, Flow>> {
        if let Some(t) = self.vars.ref_element(name) {
            // `r[0]=v` through `declare -n r='a[1]'`: bash refuses the
            // element of an element.
            return Err(Ok(format!("`{t}': not a valid identifier")));
        }
        let DeclValue::Scalar(value) = v else {
            return Err(Ok(format!(
                "{name}[{}]: cannot assign list to array member",
                sub.raw
            )));
        };
        let slot = if self.is_assoc(name) {
            // The key's own error (or the memory limit) is already its
            // stop.
            Slot::Key(self.expand_string(&sub.word).map_err(Err)?)
        } else {
            // The index's own error is reported where it happens.
            Slot::Index(self.eval_index(name, sub).map_err(Err)?)
        };
        self.assign_slot(name, &sub.raw, slot, value, append)
            .map_err(Ok)
    }

    /// `name[key]=value` where `key` is already expanded text, as a
    /// declaration builtin receives it (`declare a[$i]=v`): the key of an
    /// associative array, else an arithmetic index (negative from the end).
    pub(crate) fn assign_element_text(
        &mut self,
        name: &str,
        key: &str,
        value: String,
        append: bool,
    ) -> Result<(), String> {
        if let Some(t) = self.vars.ref_element(name) {
            return Err(format!("`{t}': not a valid identifier"));
        }
        let slot = if self.is_assoc(name) {
            Slot::Key(key.to_owned())
        } else {
            let idx = self.arith_eval_text(key)?;
            Slot::Index(self.index_from_end(name, idx))
        };
        self.assign_slot(name, key, slot, value, append)
    }

    /// Stores `value` (appended with `+=`) in one element of `name`.
    fn assign_slot(
        &mut self,
        name: &str,
        raw: &str,
        slot: Slot,
        value: String,
        append: bool,
    ) -> Result<(), String> {
        let idx = match slot {
            // An associative array has no empty key.
            Slot::Key(key) if key.is_empty() => {
                return Err(format!("{name}[{raw}]: bad array subscript"));
            }
            Slot::Key(key) => {
                let value = if append {
                    let old = match self.vars.get(name).map(|v| &v.value) {
                        Some(Value::Assoc(m)) => m.get(&key).cloned().unwrap_or_default(),
                        _ => String::new(),
                    };
                    old + &value
                } else {
                    value
                };
                return Arc::make_mut(&mut self.vars)
                    .set_key(name, key, value)
                    .map_err(|e| e.to_string());
            }
            Slot::Index(idx) => idx,
        };
        if self.dynamic(name) == Some(crate::dynamic_vars::Dyn::Dirstack) {
            // Bash's directory stack: an entry already pushed may be
            // replaced; entry 0 (the working directory) and entries past
            // the end are left as they are, and the assignment succeeds.
            let entry = usize::try_from(idx)
                .ok()
                .and_then(|i| i.checked_sub(1))
                .and_then(|i| Arc::make_mut(&mut self.dirstack).get_mut(i));
            if let Some(e) = entry {
                if append {
                    e.push_str(&value);
                } else {
                    *e = value;
                }
            }
            return Ok(());
        }
        if idx < 0 {
            return Err(format!("{name}[{raw}]: bad array subscript"));
        }
        let integer = self.vars.get(name).is_some_and(|v| v.attrs & INTEGER != 0);
        let old = match self.vars.get(name).map(|v| &v.value) {
            Some(Value::Indexed(m)) => m.get(&idx).cloned(),
            Some(Value::Str(s)) if idx == 0 => Some(s.clone()),
            _ => None,
        };
        let value = if integer {
            let n = self.arith_eval_text(&value)?;
            let base = if append {
                old.as_deref()
                    .map(|o| o.parse::<i64>().unwrap_or(0))
                    .unwrap_or(0)
            } else {
                0
            };
            base.wrapping_add(n).to_string()
        } else if append {
            old.unwrap_or_default() + &value
        } else {
            value
        };
        Arc::make_mut(&mut self.vars)
            .set_index(name, idx, value)
            .map_err(|e| e.to_string())
    }

    /// Assigns to a whole variable (scalar or array literal).
    pub(crate) fn assign_named(
        &mut self,
        name: &str,
        v: DeclValue,
        append: bool,
    ) -> Result<(), String> {
        if let Some(t) = self.vars.ref_element(name) {
            // Through a reference to an element (`declare -n r='a[1]'`):
            // a list is refused, text goes to that element (`r+=x`
            // appends to it).
            let DeclValue::Scalar(value) = v else {
                return Err(format!("`{t}': not a valid identifier"));
            };
            if !append {
                return self.set_var(name, value);
            }
            let Some((base, sub)) = crate::vars::split_element(&t) else {
                return self.set_var(name, value);
            };
            let (base, sub) = (base.to_owned(), sub.to_owned());
            return self.assign_element_text(&base, &sub, value, true);
        }
        if matches!(v, DeclValue::Array(_))
            && let Some(r) = self.vars.dangling_ref(name)
        {
            // A list given to a reference without a target: bash drops
            // the reference and stores the list in the variable itself.
            self.error(&format!("warning: {r}: removing nameref attribute"));
            Arc::make_mut(&mut self.vars).remove_attrs(&r, crate::vars::NAMEREF);
        }
        match v {
            DeclValue::Scalar(value) => {
                let integer = self.vars.get(name).is_some_and(|v| v.attrs & INTEGER != 0);
                if append {
                    if integer {
                        let old = self
                            .vars
                            .get_str(name)
                            .and_then(|s| s.parse::<i64>().ok())
                            .unwrap_or(0);
                        let n = self.arith_eval_text(&value)?;
                        return self.set_var(name, old.wrapping_add(n).to_string());
                    }
                    let allexport = self.opts.allexport;
                    let r = Arc::make_mut(&mut self.vars).append(name, &value);
                    self.flush_var_warnings();
                    r.map_err(|e| e.to_string())?;
                    if allexport {
                        Arc::make_mut(&mut self.vars).add_attrs(name, crate::vars::EXPORT);
                    }
                    return Ok(());
                }
                self.set_var(name, value)
            }
            DeclValue::Array(items) => {
                if self.vars.get(name).is_some_and(|v| v.readonly()) {
                    return Err(format!("{name}: readonly variable"));
                }
                // `declare -ai a=(1+1)`: each element is evaluated.
                let integer = self.vars.get(name).is_some_and(|v| v.attrs & INTEGER != 0);
                let items = if integer {
                    // (Not the words of `declare -Ai m=(k1 v1)`, whose keys
                    // and values alternate.)
                    let assoc = self.is_assoc(name);
                    let mut out = Vec::with_capacity(items.len());
                    for (k, v, add) in items {
                        let v = if assoc && k.is_none() {
                            v
                        } else {
                            self.arith_eval_text(&v)?.to_string()
                        };
                        out.push((k, v, add));
                    }
                    out
                } else {
                    items
                };
                // `[k]+=v`: the element's old text and `v` joined, or summed
                // under `declare -i`.
                let join = |old: Option<&String>, v: String| match old {
                    Some(o) if integer => o
                        .parse::<i64>()
                        .unwrap_or(0)
                        .wrapping_add(v.parse::<i64>().unwrap_or(0))
                        .to_string(),
                    Some(o) => format!("{o}{v}"),
                    None => v,
                };
                if self.is_assoc(name) {
                    let old = match self.vars.get(name).map(|v| &v.value) {
                        Some(Value::Assoc(m)) => m.clone(),
                        _ => crate::vars::AssocMap::new(),
                    };
                    // Bash 5.2 appends to the array as it was before a
                    // plain `=(...)`, and as it is being filled by `+=(...)`.
                    let mut m = if append {
                        old.clone()
                    } else {
                        crate::vars::AssocMap::new()
                    };
                    // The first element decides the form: `[k]=v` elements
                    // (an unkeyed one is refused), or alternating keys and
                    // values, where `[k]=v` is a word like any other.
                    let keyed = items.first().is_some_and(|(k, _, _)| k.is_some());
                    let mut pending: Option<String> = None;
                    for (k, v, add) in items {
                        let (k, v) = match k {
                            None if keyed => {
                                self.error(&format!(
                                    "{name}: {v}: must use subscript when assigning associative array"
                                ));
                                continue;
                            }
                            Some(k) if !keyed => {
                                (None, format!("[{k}]{}={v}", if add { "+" } else { "" }))
                            }
                            k => (k, v),
                        };
                        match k {
                            Some(k) => {
                                let v = match (add, append) {
                                    (true, true) => join(m.get(&k), v),
                                    (true, false) => join(old.get(&k), v),
                                    (false, _) => v,
                                };
                                m.insert(k, v);
                            }
                            // `declare -A m=(k1 v1 k2 v2)`: alternating keys and values.
                            None => match pending.take() {
                                Some(key) => {
                                    m.insert(key, v);
                                }
                                None => pending = Some(v),
                            },
                        }
                    }
                    if let Some(key) = pending {
                        m.insert(key, String::new());
                    }
                    return Arc::make_mut(&mut self.vars)
                        .set_value(name, Value::Assoc(m))
                        .map_err(|e| e.to_string());
                }
                if !append {
                    Arc::make_mut(&mut self.vars)
                        .set_value(name, Value::Indexed(BTreeMap::new()))
                        .map_err(|e| e.to_string())?;
                }
                // An unkeyed element goes after the one stored last (after
                // the end for `+=(...)`, where a scalar is element 0).
                let mut next: i64 = match self.vars.get(name).map(|v| &v.value) {
                    Some(Value::Indexed(m)) => {
                        m.keys().next_back().map_or(0, |k| k.wrapping_add(1))
                    }
                    Some(Value::Str(_)) => 1,
                    _ => 0,
                };
                // Bash evaluates each subscript as it stores the element, so
                // one can read what the elements before it stored
                // (`a=([0]=3 [a[0]]=x)`); a run of unkeyed elements goes in
                // one push.
                let mut run: Vec<(Option<i64>, String)> = Vec::new();
                for (k, v, add) in items {
                    let Some(k) = k else {
                        run.push((Some(next), v));
                        next = next.wrapping_add(1);
                        continue;
                    };
                    if !run.is_empty() {
                        Arc::make_mut(&mut self.vars)
                            .push_items(name, std::mem::take(&mut run))
                            .map_err(|e| e.to_string())?;
                    }
                    let mut idx = self.arith_eval_text(&k)?;
                    if idx < 0 {
                        // Counted back from the end, as `a[-1]=v` is.
                        let end = match self.vars.get(name).map(|v| &v.value) {
                            Some(Value::Indexed(m)) => {
                                m.keys().next_back().map_or(0, |k| k.saturating_add(1))
                            }
                            Some(Value::Str(_)) => 1,
                            _ => 0,
                        };
                        idx = end.saturating_add(idx);
                        if idx < 0 {
                            self.error(&format!("[{k}]={v}: bad array subscript"));
                            continue;
                        }
                    }
                    let v = if add {
                        let old = match self.vars.get(name).map(|v| &v.value) {
                            Some(Value::Indexed(m)) => m.get(&idx).cloned(),
                            _ => None,
                        };
                        join(old.as_ref(), v)
                    } else {
                        v
                    };
                    Arc::make_mut(&mut self.vars)
                        .push_items(name, [(Some(idx), v)])
                        .map_err(|e| e.to_string())?;
                    next = idx.wrapping_add(1);
                }
                Arc::make_mut(&mut self.vars)
                    .push_items(name, run)
                    .map_err(|e| e.to_string())
            }
        }
    }
}

/// Where an element assignment goes.
enum Slot {
    /// An associative array's key.
    Key(String),
    /// An indexed array's position (negative: not resolved from the end).
    Index(i64),
}
