//! Parameter expansion: `$name`, `${name op word}`, special and
//! positional parameters, arrays, indirection and transforms.

use super::*;

impl Shell {
    pub(super) fn positional_list(&self) -> Vec<String> {
        self.positional.as_ref().clone()
    }

    /// Looks a named variable up, including the dynamic ones.
    pub(crate) fn lookup(&mut self, name: &str) -> Option<String> {
        if self.vars.is_nameref(name) {
            return match self.vars.resolve(name) {
                crate::vars::Target::Var(t) if !self.vars.is_nameref(&t) && *t != *name => {
                    self.lookup(&t)
                }
                _ => self.vars.get_str(name).map(str::to_owned),
            };
        }
        if let Some(d) = self.dynamic_used(name) {
            return match self.dynamic_value(d) {
                Value::Str(s) => Some(s),
                Value::Indexed(m) => m.get(&0).cloned(),
                Value::Assoc(m) => m.get("0").cloned(),
                Value::Unset => None,
            };
        }
        if name == "SHELLOPTS" {
            return Some(crate::builtin::shellopts(&self.opts));
        }
        self.vars.get_str(name).map(str::to_owned)
    }

    pub(super) fn array_values(&mut self, name: &str) -> Option<Vec<String>> {
        let dynamic;
        let value = match self.dynamic(name) {
            Some(d) => {
                dynamic = self.dynamic_value(d);
                &dynamic
            }
            None => &self.vars.get(name)?.value,
        };
        Some(match value {
            Value::Unset => return None,
            Value::Str(s) => vec![s.clone()],
            Value::Indexed(m) => m.values().cloned().collect(),
            Value::Assoc(m) => m.values().cloned().collect(),
        })
    }

    pub(super) fn array_keys(&self, name: &str) -> Vec<String> {
        let dynamic;
        let value = match self.dynamic(name) {
            Some(d) => {
                dynamic = self.dynamic_peek(d);
                Some(&dynamic)
            }
            None => self.vars.get(name).map(|v| &v.value),
        };
        match value {
            Some(Value::Str(_)) => vec!["0".into()],
            Some(Value::Indexed(m)) => m.keys().map(i64::to_string).collect(),
            Some(Value::Assoc(m)) => m.keys().cloned().collect(),
            _ => Vec::new(),
        }
    }

    pub(crate) fn is_assoc(&self, name: &str) -> bool {
        if let Some(d) = self.dynamic(name) {
            return matches!(self.dynamic_peek(d), Value::Assoc(_));
        }
        matches!(self.vars.get(name).map(|v| &v.value), Some(Value::Assoc(_)))
    }

    /// Evaluates an array subscript to an index (negative counts from the end).
    pub(crate) fn eval_index(&mut self, name: &str, sub: &Subscript) -> Result<i64, Flow> {
        let v = match &sub.arith {
            Some(e) => self.arith_eval_expr(e, &sub.raw),
            None => {
                let text = self.expand_string(&sub.word)?;
                self.arith_eval_text(&text)
            }
        };
        let idx = match v {
            Ok(i) => i,
            Err(msg) => {
                self.error(&msg);
                return Err(self.discard());
            }
        };
        Ok(self.index_from_end(name, idx))
    }

    /// A negative index of the indexed array `name` counted from its end
    /// (`a[-1]`: the last element); others unchanged.
    pub(crate) fn index_from_end(&self, name: &str, idx: i64) -> i64 {
        if idx < 0
            && let Some(Value::Indexed(m)) = self.vars.get(name).map(|v| &v.value)
        {
            let max = m.keys().next_back().copied().unwrap_or(-1);
            // `1 + idx` first: the last index may be i64::MAX.
            return max.saturating_add(1 + idx);
        }
        idx
    }

    pub(super) fn param_value(&mut self, p: &Param) -> Result<PVal, Flow> {
        Ok(match p {
            Param::Positional(0) => PVal::Str(self.name.to_string()),
            Param::Positional(n) => match self.positional.get(*n as usize - 1) {
                Some(v) => {
                    self.fits(v.len())?;
                    PVal::Str(v.clone())
                }
                None => PVal::Unset,
            },
            Param::Special(c) => match c {
                '@' => PVal::List(self.positional_list(), false),
                '*' => PVal::List(self.positional_list(), true),
                '#' => PVal::Str(self.positional.len().to_string()),
                '?' => PVal::Str(self.last_status.to_string()),
                '-' => PVal::Str(self.option_flags()),
                '$' => PVal::Str(self.pid.to_string()),
                '!' => match self.last_bg {
                    Some(p) => PVal::Str(p.to_string()),
                    None => PVal::Unset,
                },
                _ => PVal::Str(self.name.to_string()),
            },
            Param::Named(n)
                if self.vars.is_nameref(n)
                    && let crate::vars::Target::Var(t) = self.vars.resolve(n)
                    && t.contains('[') =>
            {
                // A reference to an element: its subscript is evaluated
                // now, as bash does.
                let t = t.into_owned();
                self.indirect_value(&t)?
            }
            Param::Named(n) => {
                // Operators work on a copy: make sure it fits first.
                self.fits(self.vars.get_str(n).map_or(0, str::len))?;
                match self.lookup(n) {
                    Some(v) => PVal::Str(v),
                    None => PVal::Unset,
                }
            }
            Param::Index(name, sub) if let Some(d) = self.dynamic(name) => {
                let key = match self.dynamic_peek(d) {
                    Value::Assoc(_) => self.expand_string(&sub.word)?,
                    _ => self.eval_index(name, sub)?.to_string(),
                };
                dynamic_element(self.dynamic_value(d), &key)
            }
            Param::Index(name, sub) => {
                if self.is_assoc(name) {
                    let key = self.expand_string(&sub.word)?;
                    match self.vars.get(name).map(|v| &v.value) {
                        Some(Value::Assoc(m)) => match m.get(&key) {
                            Some(v) => PVal::Str(v.clone()),
                            None => PVal::Unset,
                        },
                        _ => PVal::Unset,
                    }
                } else {
                    let idx = self.eval_index(name, sub)?;
                    if idx < 0 {
                        // Still before the first element: bash reports it
                        // and expands to nothing.
                        self.error(&format!("{name}: bad array subscript"));
                        return Ok(PVal::Unset);
                    }
                    match self.vars.get(name).map(|v| &v.value) {
                        Some(Value::Indexed(m)) => match m.get(&idx) {
                            Some(v) => PVal::Str(v.clone()),
                            None => PVal::Unset,
                        },
                        Some(Value::Str(s)) if idx == 0 => PVal::Str(s.clone()),
                        _ => PVal::Unset,
                    }
                }
            }
            Param::All(name, concat) => {
                if let Some(v) = self.vars.get(name) {
                    self.fits(crate::vars::value_size(&v.value) as usize)?;
                }
                match self.array_values(name) {
                    Some(v) => PVal::List(v, *concat),
                    None => PVal::List(Vec::new(), *concat),
                }
            }
        })
    }

    /// Fails with the memory limit unless `n` more bytes fit.
    pub(crate) fn fits(&self, n: usize) -> Result<(), Flow> {
        if n > self.mem_room() {
            return Err(self.run.memory_exceeded());
        }
        Ok(())
    }

    pub(super) fn param_name(p: &Param) -> String {
        match p {
            Param::Positional(n) => n.to_string(),
            Param::Special(c) => c.to_string(),
            Param::Named(n) => n.clone(),
            Param::Index(n, s) => format!("{n}[{}]", s.raw),
            Param::All(n, c) => format!("{n}[{}]", if *c { '*' } else { '@' }),
        }
    }

    /// The status a fatal expansion error (unbound variable, `${v?}`, bad
    /// transform) leaves the shell with: 127 for a `-c` command string, 1
    /// for a script file or standard input, and 1 in a subshell of either.
    pub(crate) fn expansion_exit_status(&self) -> i32 {
        if self.in_subshell || !self.command_string {
            1
        } else {
            127
        }
    }

    /// `$-`, in bash's flag order.
    pub(super) fn option_flags(&self) -> String {
        let mut flags = crate::builtin::option_letters(&self.opts);
        if self.command_string {
            flags.push('c');
        }
        flags
    }

    pub(super) fn push_pval(&self, v: PVal, quoted: bool, b: &mut Builder) {
        match v {
            PVal::Unset => {}
            PVal::Str(s) => {
                if quoted {
                    b.quoted(&s);
                } else {
                    b.split(&s);
                }
            }
            PVal::List(items, concat) => {
                // `"$*"`, and `$*` where nothing is split (an assignment,
                // a `case` subject): the items joined with IFS's first
                // character.
                if concat && (quoted || b.mode == Mode::Single) {
                    let sep: String = self
                        .ifs()
                        .chars()
                        .next()
                        .map(String::from)
                        .unwrap_or_default();
                    b.quoted(&items.join(&sep));
                } else if items.is_empty() {
                    if quoted {
                        b.saw_empty_at = true;
                    }
                } else {
                    for (i, item) in items.iter().enumerate() {
                        if i > 0 {
                            b.delimit();
                        }
                        if quoted {
                            b.quoted(item);
                        } else {
                            b.split(item);
                        }
                    }
                }
            }
        }
    }

    pub(super) fn expand_param(
        &mut self,
        pe: &ParamExpansion,
        quoted: bool,
        b: &mut Builder,
    ) -> Result<(), Flow> {
        // Fast path: `$name` of a plain variable (a reference may warn,
        // which the general path prints).
        if let (Param::Named(n), ParamOp::Value, false) = (&pe.param, &pe.op, pe.indirect)
            && let Some(v) = self.vars.plain_scalar(n)
        {
            if quoted {
                b.quoted(v);
            } else {
                b.split(v);
            }
            return Ok(());
        }
        // `${#name[@]}` of an array in the store: its element count, with
        // no copy of the elements (nor an associative array's ordering).
        if let (Param::All(n, _), ParamOp::Length, false) = (&pe.param, &pe.op, pe.indirect)
            && self.dynamic(n).is_none()
            && !self.vars.is_nameref(n)
        {
            // (An array never given a value is left to the general path,
            // which knows `set -u`.)
            let count = match self.vars.get(n).map(|v| &v.value) {
                Some(Value::Assoc(m)) if !m.is_empty() => Some(m.len()),
                Some(Value::Indexed(m)) if !m.is_empty() => Some(m.len()),
                _ => None,
            };
            if let Some(count) = count {
                b.quoted(&count.to_string());
                return Ok(());
            }
        }
        // `${#name}` of a plain variable: counted in place, since a copy
        // of a value that fills half the budget does not fit.
        if let (Param::Named(n), ParamOp::Length, false) = (&pe.param, &pe.op, pe.indirect)
            && let Some(v) = self.vars.plain_scalar(n)
        {
            let n = if self.vars.utf8_locale() {
                v.chars().count()
            } else {
                crate::bytes::byte_len(v)
            };
            b.quoted(&n.to_string());
            return Ok(());
        }
        if pe.indirect
            && let Param::Named(n) = &pe.param
            && let Some(v) = self.vars.get_raw(n)
            && v.attrs & crate::vars::NAMEREF != 0
        {
            // `${!ref}` of a name reference is the name it refers to.
            let Some(target) = v.scalar().map(str::to_owned) else {
                self.error(&format!("{n}: invalid indirect expansion"));
                return Err(Flow::Fatal(1));
            };
            let val = PVal::Str(target);
            return self.expand_param_value(pe, val, false, quoted, b);
        }
        let val = self.param_value(&pe.param)?;
        self.flush_var_warnings();
        self.expand_param_value(pe, val, pe.indirect, quoted, b)
    }

    /// Prints the warnings the variable store left (circular references).
    pub(crate) fn flush_var_warnings(&mut self) {
        for w in self.vars.take_warnings() {
            self.error(&w);
        }
    }

    /// Applies `pe`'s operator to the parameter's value `val`.
    pub(super) fn expand_param_value(
        &mut self,
        pe: &ParamExpansion,
        mut val: PVal,
        indirect: bool,
        quoted: bool,
        b: &mut Builder,
    ) -> Result<(), Flow> {
        let mut indirect_target = None;
        if indirect {
            let target = match &val {
                PVal::Str(s) => s.clone(),
                PVal::Unset => {
                    if let Param::Named(n) = &pe.param
                        && self.vars.get_raw(n).is_none()
                    {
                        self.error(&format!("{n}: invalid indirect expansion"));
                        return Err(Flow::Fatal(1));
                    }
                    // Declared without a value: nothing to follow (and
                    // nothing whose attributes `@a` could show).
                    if matches!(pe.op, ParamOp::Transform(_)) {
                        return Ok(());
                    }
                    return self.expand_param_value(pe, PVal::Unset, false, quoted, b);
                }
                // `${!a[@]@Q}`: the name is the elements joined.
                PVal::List(l, _) => l.join(" "),
            };
            val = self.indirect_value(&target)?;
            indirect_target = Some(target);
        }
        let ifs_empty = self.ifs().is_empty();
        let is_set = |v: &PVal, t: NullTest| match v {
            PVal::Unset => false,
            PVal::Str(s) => t == NullTest::Unset || !s.is_empty(),
            // Bash tests the words joined: `[@]` words with a space,
            // `[*]` ones with IFS's first character (none when IFS is
            // empty).
            PVal::List(l, concat) => {
                !l.is_empty()
                    && (t == NullTest::Unset
                        || (l.len() > 1 && !(*concat && ifs_empty))
                        || l.iter().any(|s| !s.is_empty()))
            }
        };
        if matches!(val, PVal::Unset)
            && self.opts.nounset
            && matches!(
                pe.op,
                ParamOp::RemovePrefix(..)
                    | ParamOp::RemoveSuffix(..)
                    | ParamOp::Replace { .. }
                    | ParamOp::Substring(..)
                    | ParamOp::Case { .. }
                    | ParamOp::Transform(_)
            )
            && !matches!(pe.param, Param::Special('@' | '*'))
        {
            // Under `set -u` an operator on an unset parameter is the
            // same error as its plain value (bash's `parameter_brace_expand`).
            self.error(&format!(
                "{}: unbound variable",
                Self::param_name(&pe.param)
            ));
            return Err(Flow::Exit(self.expansion_exit_status()));
        }
        match &pe.op {
            ParamOp::Value => {
                if matches!(val, PVal::Unset)
                    && self.opts.nounset
                    && !matches!(pe.param, Param::Special('@' | '*'))
                {
                    self.error(&format!(
                        "{}: unbound variable",
                        Self::param_name(&pe.param)
                    ));
                    return Err(Flow::Exit(self.expansion_exit_status()));
                }
                self.push_pval(val, quoted, b);
            }
            ParamOp::Length => {
                let n = match &val {
                    PVal::Unset => {
                        if self.opts.nounset {
                            self.error(&format!(
                                "{}: unbound variable",
                                Self::param_name(&pe.param)
                            ));
                            return Err(Flow::Exit(self.expansion_exit_status()));
                        }
                        0
                    }
                    PVal::Str(s) if self.vars.utf8_locale() => s.chars().count(),
                    PVal::Str(s) => crate::bytes::byte_len(s),
                    PVal::List(l, _) => {
                        // Under `set -u`, an array never given a value has
                        // no length; the error ends the command.
                        if self.opts.nounset
                            && let Param::All(n, _) = &pe.param
                            && self
                                .vars
                                .get(n)
                                .is_none_or(|v| v.attrs & crate::vars::NOVALUE != 0)
                        {
                            self.error(&format!("{n}: unbound variable"));
                            return Err(Flow::Fatal(1));
                        }
                        l.len()
                    }
                };
                b.quoted(&n.to_string());
            }
            ParamOp::Default(t, w) => {
                if is_set(&val, *t) {
                    self.push_pval(val, quoted, b);
                } else {
                    self.expand_parts_of(w, quoted, b)?;
                }
            }
            ParamOp::Alternative(t, w) => {
                if is_set(&val, *t) {
                    self.expand_parts_of(w, quoted, b)?;
                }
            }
            ParamOp::Assign(t, w) => {
                if is_set(&val, *t) {
                    self.push_pval(val, quoted, b);
                } else {
                    let v = self.expand_string(w)?;
                    // `${!p:=v}` assigns the variable `p` names.
                    let r = match indirect_target.as_deref() {
                        Some(t) => match crate::vars::split_element(t) {
                            Some((base, sub)) => {
                                self.assign_element_text(base, sub, v.clone(), false)
                            }
                            None => self.set_var(t, v.clone()),
                        },
                        None => self.assign_param(&pe.param, v.clone()),
                    };
                    if let Err(msg) = r {
                        self.error(&msg);
                        return Err(Flow::Fatal(1));
                    }
                    self.push_pval(PVal::Str(v), quoted, b);
                }
            }
            ParamOp::Error(t, w) => {
                if is_set(&val, *t) {
                    self.push_pval(val, quoted, b);
                } else {
                    let msg = match w {
                        Some(w) if w.literal.is_some() || !w.parts.is_empty() => {
                            self.expand_string(w)?
                        }
                        _ => {
                            if *t == NullTest::Unset {
                                "parameter not set".to_owned()
                            } else {
                                "parameter null or not set".to_owned()
                            }
                        }
                    };
                    self.error(&format!("{}: {msg}", Self::param_name(&pe.param)));
                    return Err(Flow::Exit(self.expansion_exit_status()));
                }
            }
            ParamOp::RemovePrefix(w, longest) | ParamOp::RemoveSuffix(w, longest) => {
                let prefix = matches!(pe.op, ParamOp::RemovePrefix(..));
                let pat = self.compile_pattern(w, self.pattern_options(false))?;
                let val = self.bytes_of_value(val)?;
                let f = |s: String| -> String {
                    if prefix {
                        match pat.match_prefix(&s, *longest) {
                            Some(n) => s.get(n..).unwrap_or("").to_owned(),
                            None => s,
                        }
                    } else {
                        match pat.match_suffix(&s, *longest) {
                            Some(n) => s.get(..n).unwrap_or("").to_owned(),
                            None => s,
                        }
                    }
                };
                let out = self.shell_text_again(map_pval(val, f));
                self.push_pval(out, quoted, b);
            }
            ParamOp::Replace {
                pattern,
                replacement,
                kind,
            } => {
                let mut pieces = self.expand_pattern(pattern)?;
                // bash anchors `${v/p/r}` when the expanded pattern starts
                // with an unquoted `#` or `%` (`p='#a'; ${v/$p/X}`).
                let mut kind = *kind;
                if kind == ReplaceKind::First
                    && let Some(PatternPiece::Pattern(first)) = pieces.first_mut()
                    && let Some(anchor) = first.strip_prefix(['#', '%']).map(str::to_owned)
                {
                    kind = if first.starts_with('#') {
                        ReplaceKind::Prefix
                    } else {
                        ReplaceKind::Suffix
                    };
                    *first = anchor;
                }
                // `nocasematch` reaches pattern substitution too.
                let pat = self.compile_pieces(
                    pattern,
                    pieces,
                    self.pattern_options(self.opts.nocasematch),
                )?;
                let rep = match replacement {
                    Some(r)
                        if crate::builtin::shopt_state(&self.opts, "patsub_replacement")
                            .unwrap_or(true) =>
                    {
                        Replacement::from_pieces(self.expand_pattern(r)?)
                    }
                    Some(r) => Replacement::text(self.expand_string(r)?),
                    None => Replacement::text(String::new()),
                };
                let rep = self.byte_replacement(rep)?;
                let val = self.bytes_of_value(val)?;
                let room = self.mem_room();
                let mut over = false;
                let out = map_pval(val, |s| {
                    replace(&pat, &s, &rep, kind, room).unwrap_or_else(|| {
                        over = true;
                        String::new()
                    })
                });
                if over {
                    return Err(self.run.memory_exceeded());
                }
                let out = self.shell_text_again(out);
                self.push_pval(out, quoted, b);
            }
            // Bash evaluates no offset of an unset parameter, nor of an
            // array without elements (`$@` it does).
            ParamOp::Substring(..)
                if matches!(val, PVal::Unset)
                    || matches!((&val, &pe.param), (PVal::List(l, _), Param::All(..)) if l.is_empty()) =>
            {
                self.push_pval(val, quoted, b);
            }
            ParamOp::Substring(off, len) => {
                // An error in the offset or length names the parameter.
                let name = Self::param_name(&pe.param);
                let mut arith = |a| match self.eval_arith_in(Some(&name), a)? {
                    Some(v) => Ok(v),
                    None => Err(Flow::Fatal(1)),
                };
                let off = arith(off)?;
                let len = match len {
                    Some(l) => Some(arith(l)?),
                    None => None,
                };
                let out = match val {
                    PVal::Unset => PVal::Unset,
                    PVal::Str(s) if !self.vars.utf8_locale() && !s.is_ascii() => {
                        // The C locale slices bytes: `${v:1:2}` of `héllo`
                        // is the two bytes of `é`.
                        let bytes = crate::bytes::encode(&s);
                        match slice_range(bytes.len(), off, len) {
                            Ok((from, to)) => PVal::Str(crate::bytes::decode_vec(
                                bytes.get(from..to).unwrap_or_default().to_vec(),
                            )),
                            Err(()) => {
                                self.error(&format!(
                                    "{}: substring expression < 0",
                                    len.unwrap_or(0)
                                ));
                                return Err(Flow::Fatal(1));
                            }
                        }
                    }
                    PVal::Str(s) => match substring(&s, off, len) {
                        Ok(s) => PVal::Str(s),
                        Err(()) => {
                            self.error(&format!("{}: substring expression < 0", len.unwrap_or(0)));
                            return Err(Flow::Fatal(1));
                        }
                    },
                    PVal::List(items, concat) => {
                        if let Param::All(name, _) = &pe.param
                            && !pe.indirect
                            && let Some(Value::Indexed(m)) = self.vars.get(name).map(|v| &v.value)
                        {
                            // A sparse array is sliced by index: from the
                            // first element at or after the offset (a
                            // negative one counts back from the last index).
                            if len.is_some_and(|l| l < 0) {
                                self.error(&format!(
                                    "{}: substring expression < 0",
                                    len.unwrap_or(0)
                                ));
                                return Err(Flow::Fatal(1));
                            }
                            // (Counted in i128: the last index may be i64::MAX.)
                            let start = if off < 0 {
                                let end = m.keys().next_back().map_or(0, |k| i128::from(*k) + 1);
                                i64::try_from(end + i128::from(off)).unwrap_or(i64::MAX)
                            } else {
                                off
                            };
                            let picked: Vec<String> = if off < 0 && start < 0 {
                                Vec::new()
                            } else {
                                m.range(start..)
                                    .map(|(_, v)| v.clone())
                                    .take(len.map_or(usize::MAX, |l| l as usize))
                                    .collect()
                            };
                            PVal::List(picked, concat)
                        } else if let Param::All(name, _) = &pe.param
                            && !pe.indirect
                            && self.is_assoc(name)
                        {
                            // Bash counts a positive offset into an
                            // associative array from 1 (0 and 1 both start
                            // at the first element), a negative one back
                            // from the count (before the start: the
                            // first), and takes one element for a length
                            // of 0.
                            let n = i64::try_from(items.len()).unwrap_or(i64::MAX);
                            let start = if off < 0 {
                                n.saturating_add(off)
                            } else {
                                off.saturating_sub(1)
                            };
                            let skip = usize::try_from(start).unwrap_or(0);
                            let count = match len {
                                Some(l) if l < 0 => {
                                    self.error(&format!("{l}: substring expression < 0"));
                                    return Err(Flow::Fatal(1));
                                }
                                Some(0) => 1,
                                Some(l) => usize::try_from(l).unwrap_or(usize::MAX),
                                None => usize::MAX,
                            };
                            PVal::List(items.into_iter().skip(skip).take(count).collect(), concat)
                        } else {
                            let items = if matches!(pe.param, Param::Special(_)) {
                                let mut all = vec![self.name.to_string()];
                                all.extend(items);
                                all
                            } else {
                                items
                            };
                            PVal::List(slice_list(items, off, len), concat)
                        }
                    }
                };
                self.push_pval(out, quoted, b);
            }
            ParamOp::Case {
                upper,
                all,
                pattern,
            } => {
                let (upper, all) = (*upper, *all);
                let utf8 = self.vars.utf8_locale();
                let out = match pattern {
                    None => map_pval(val, |s| change_case(&s, upper, all, utf8)),
                    Some(w) => {
                        // The pattern is compiled over byte characters
                        // outside a UTF-8 locale: the value is matched as
                        // those too, one byte at a time.
                        let pat = self.compile_pattern(w, self.pattern_options(false))?;
                        let val = self.bytes_of_value(val)?;
                        let mut buf = [0u8; 4];
                        let out = map_pval(val, |s| {
                            let mut out = String::with_capacity(s.len());
                            for (i, c) in s.chars().enumerate() {
                                if (all || i == 0) && pat.is_match(c.encode_utf8(&mut buf)) {
                                    out.push_str(&change_case(
                                        c.encode_utf8(&mut buf),
                                        upper,
                                        true,
                                        utf8,
                                    ));
                                } else {
                                    out.push(c);
                                }
                            }
                            out
                        });
                        self.shell_text_again(out)
                    }
                };
                self.push_pval(out, quoted, b);
            }
            ParamOp::Transform(op) => {
                // `${!r@a}`: the attributes are those of the variable `r`
                // names (of its array when it names an element).
                let target = indirect_target.as_deref().and_then(|t| {
                    let base = t.split_once('[').map_or(t, |(b, _)| b);
                    crate::builtin::valid_name(base).then(|| Param::Named(base.to_owned()))
                });
                let out = self.transform_param(target.as_ref().unwrap_or(&pe.param), *op, val);
                self.push_pval(out, quoted, b);
            }
            ParamOp::VarNames(prefix, concat) => {
                let names: Vec<String> = self
                    .vars
                    .names()
                    .into_iter()
                    .filter(|n| n.starts_with(prefix.as_str()))
                    // An array counts once assigned, even empty (`a=()`).
                    .filter(|n| match self.dynamic(n) {
                        Some(d) => !matches!(self.dynamic_peek(d), Value::Unset),
                        None => self.vars.get(n).is_some_and(|v| match v.value {
                            Value::Unset => false,
                            Value::Str(_) => true,
                            _ => v.attrs & crate::vars::NOVALUE == 0,
                        }),
                    })
                    .map(str::to_owned)
                    .collect();
                // Unquoted `${!p*}` under an empty IFS is one word, the
                // names run together, where `$*` would stay apart.
                if *concat && !quoted && b.mode == Mode::Fields && self.ifs().is_empty() {
                    self.push_pval(PVal::Str(names.concat()), true, b);
                } else {
                    self.push_pval(PVal::List(names, *concat), quoted, b);
                }
            }
            ParamOp::Keys(name, concat) => {
                let keys = self.array_keys(name);
                // Unquoted `${!a[*]}` under an empty IFS is one word, the
                // keys joined with spaces (bash's quirk).
                if *concat && !quoted && b.mode == Mode::Fields && self.ifs().is_empty() {
                    self.push_pval(PVal::Str(keys.join(" ")), true, b);
                } else {
                    self.push_pval(PVal::List(keys, *concat), quoted, b);
                }
            }
        }
        Ok(())
    }

    /// `${p@op}`: `val` is the parameter's value; `@A`, `@K`, `@k` and
    /// `@a` also need the variable (its attributes, keys and kind).
    pub(super) fn transform_param(&mut self, p: &Param, op: char, val: PVal) -> PVal {
        let base = match p {
            Param::Named(n) | Param::Index(n, _) | Param::All(n, _) => Some(n.as_str()),
            _ => None,
        };
        let var = base.and_then(|n| {
            self.dynamic_peek_var(n)
                .or_else(|| self.vars.get(n).cloned())
        });
        match (op, p, &var) {
            ('A', Param::All(n, concat), Some(v)) => {
                let line = crate::builtin::describe(n, v);
                if *concat {
                    return PVal::Str(line);
                }
                // `"${a[@]@A}"` is the declaration as separate words.
                let mut words = line.splitn(3, ' ').map(str::to_owned).collect::<Vec<_>>();
                if words.get(1).is_some_and(|f| f == "--") && words.len() == 3 {
                    words.remove(1);
                }
                PVal::List(words, false)
            }
            ('K' | 'k', Param::All(_, concat), Some(v)) => {
                let pairs: Vec<(String, String)> = match &v.value {
                    Value::Indexed(m) => {
                        m.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
                    }
                    Value::Assoc(m) => m.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
                    Value::Str(s) => vec![("0".to_owned(), s.clone())],
                    Value::Unset => Vec::new(),
                };
                if op == 'k' {
                    let words = pairs.into_iter().flat_map(|(k, v)| [k, v]).collect();
                    return PVal::List(words, *concat);
                }
                let assoc = matches!(v.value, Value::Assoc(_));
                let items: Vec<String> = pairs
                    .iter()
                    .map(|(k, v)| format!("{k} {}", crate::builtin::dquote(v)))
                    .collect();
                // Bash ends an associative array's list with a space.
                let mut out = items.join(" ");
                if assoc && !out.is_empty() {
                    out.push(' ');
                }
                PVal::Str(out)
            }
            ('A', Param::Named(n) | Param::Index(n, _), _) => {
                // Through a reference, the variable it names (nothing for
                // an element it names, as in bash).
                let n = match self.vars.resolve(n) {
                    crate::vars::Target::Var(t) if self.vars.is_nameref(n) => t.to_string(),
                    _ => n.clone(),
                };
                if n.contains('[') {
                    return PVal::Str(String::new());
                }
                let letters = var
                    .as_ref()
                    .map(crate::builtin::attr_letters)
                    .unwrap_or_default();
                map_pval(val, |s| {
                    if letters.is_empty() {
                        format!("{n}={}", single_quote(&s))
                    } else {
                        format!("declare -{letters} {n}={}", single_quote(&s))
                    }
                })
            }
            ('a', _, _) => {
                let letters = var
                    .as_ref()
                    .map(crate::builtin::attr_letters)
                    .unwrap_or_default();
                match val {
                    // An array without element 0 still has attributes.
                    PVal::Unset if var.is_some() => PVal::Str(letters),
                    val => map_pval(val, |_| letters.clone()),
                }
            }
            // The escapes decoded, then the text expanded (`promptvars`).
            ('P', _, _) => {
                let decoded = map_pval(val, |s| self.prompt_expand(&s));
                map_pval(decoded, |s| self.expand_in_prompt(s))
            }
            _ => {
                let name = Self::param_name(p);
                let utf8 = self.vars.utf8_locale();
                map_pval(val, |s| transform(&s, op, &name, utf8))
            }
        }
    }

    /// The backslash escapes of a prompt string (`${v@P}`) decoded for
    /// the expansion that follows: `\$` stays quoted, as in bash.
    pub(crate) fn prompt_expand(&self, s: &str) -> String {
        let mut out = String::with_capacity(s.len());
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            let Some(e) = chars.next() else {
                out.push('\\');
                break;
            };
            match e {
                'u' => out.push_str(self.vars.get_str("USER").unwrap_or(SESSION_USER)),
                'h' | 'H' => {
                    let host = self.vars.get_str("HOSTNAME").unwrap_or("sandbash");
                    out.push_str(if e == 'h' {
                        host.split('.').next().unwrap_or(host)
                    } else {
                        host
                    });
                }
                'w' | 'W' => {
                    let home = self.vars.get_str("HOME").unwrap_or("");
                    let cwd = self.cwd.as_str();
                    if e == 'W' && cwd != home {
                        out.push_str(cwd.rsplit('/').find(|p| !p.is_empty()).unwrap_or("/"));
                    } else if !home.is_empty()
                        && (cwd == home || cwd.starts_with(&format!("{home}/")))
                    {
                        out.push('~');
                        out.push_str(cwd.get(home.len()..).unwrap_or(""));
                    } else {
                        out.push_str(cwd);
                    }
                }
                '$' => out.push_str(if self.vars.get_str("EUID") == Some("0") {
                    "#"
                } else {
                    "\\$"
                }),
                's' => out.push_str("bash"),
                'v' => out.push_str("5.2"),
                'V' => out.push_str(
                    self.vars
                        .get_str("BASH_VERSION")
                        .and_then(|v| v.split('(').next())
                        .unwrap_or("5.2.0"),
                ),
                'n' => out.push('\n'),
                'r' => out.push('\r'),
                'a' => out.push('\u{7}'),
                'e' => out.push('\u{1b}'),
                '\\' => out.push('\\'),
                '[' | ']' => {}
                '0'..='7' => {
                    let mut n = e.to_digit(8).unwrap_or(0);
                    for _ in 0..2 {
                        match chars.peek().and_then(|d| d.to_digit(8)) {
                            Some(d) => {
                                n = n * 8 + d;
                                chars.next();
                            }
                            None => break,
                        }
                    }
                    out.push(char::from_u32(n & 0xff).unwrap_or('?'));
                }
                other => {
                    out.push('\\');
                    out.push(other);
                }
            }
        }
        out
    }

    /// The operand of `${v:-word}` and `${v:+word}`. Unquoted, its
    /// unquoted text is split at `IFS` as the expansion's result is
    /// (`${u:-a b}` gives two words); inside double quotes that text is
    /// quoted, and `"${u:-"$@"}"` still gives one word per element.
    pub(super) fn expand_parts_of(
        &mut self,
        w: &Word,
        quoted: bool,
        b: &mut Builder,
    ) -> Result<(), Flow> {
        if let Some(l) = &w.literal {
            if quoted {
                b.quoted(l);
            } else {
                b.split(l);
            }
            return Ok(());
        }
        for part in &w.parts {
            match part {
                Part::Text(t) if quoted => b.quoted(t),
                Part::Text(t) => b.split(t),
                _ => self.expand_parts(std::slice::from_ref(part), quoted, b)?,
            }
        }
        Ok(())
    }

    /// The value of `name` or `name[sub]` written as text (a `{var}`
    /// redirection's variable); `None` when unset.
    pub(crate) fn value_of_ref(&mut self, target: &str) -> Result<Option<String>, Flow> {
        Ok(match self.indirect_value(target)? {
            PVal::Str(s) => Some(s),
            PVal::Unset | PVal::List(..) => None,
        })
    }

    /// Assigns `v` to `name` or `name[sub]` written as text.
    pub(crate) fn assign_ref(&mut self, target: &str, v: String) -> Result<(), String> {
        let Some((name, rest)) = target.split_once('[') else {
            return self.set_var(target, v);
        };
        let sub = rest.strip_suffix(']').unwrap_or(rest);
        let s = crate::syntax::parser::subscript(sub, self.limits.max_parse_depth)
            .map_err(|_| format!("{target}: bad array subscript"))?;
        self.assign_param(&Param::Index(name.to_owned(), s), v)
    }

    pub(super) fn indirect_value(&mut self, target: &str) -> Result<PVal, Flow> {
        if let Some((name, rest)) = target.split_once('[') {
            let sub = rest.trim_end_matches(']');
            if sub == "@" || sub == "*" {
                return Ok(PVal::List(
                    self.array_values(name).unwrap_or_default(),
                    sub == "*",
                ));
            }
            let Ok(s) = crate::syntax::parser::subscript(sub, self.limits.max_parse_depth) else {
                return Ok(PVal::Unset);
            };
            return self.param_value(&Param::Index(name.to_owned(), s));
        }
        if let Ok(n) = target.parse::<u32>() {
            return self.param_value(&Param::Positional(n));
        }
        match target {
            "@" => Ok(PVal::List(self.positional_list(), false)),
            "*" => Ok(PVal::List(self.positional_list(), true)),
            "#" | "?" | "-" | "$" | "!" => {
                self.param_value(&Param::Special(target.chars().next().unwrap_or('0')))
            }
            name if !crate::builtin::valid_name(name) => {
                self.error(&format!("{name}: invalid variable name"));
                Err(Flow::Fatal(1))
            }
            name => Ok(match self.lookup(name) {
                Some(v) => PVal::Str(v),
                None => PVal::Unset,
            }),
        }
    }

    pub(super) fn assign_param(&mut self, p: &Param, v: String) -> Result<(), String> {
        match p {
            Param::Named(n) => self.set_var(n, v),
            Param::Index(n, s) => {
                let raw = s.raw.clone();
                if self.is_assoc(n) {
                    Arc::make_mut(&mut self.vars)
                        .set_key(n, raw, v)
                        .map_err(|e| e.to_string())
                } else {
                    let idx = self.arith_eval_text(&raw)?;
                    Arc::make_mut(&mut self.vars)
                        .set_index(n, idx, v)
                        .map_err(|e| e.to_string())
                }
            }
            Param::All(..) => Err(format!("{}: bad array subscript", Self::param_name(p))),
            other => Err(format!(
                "${}: cannot assign in this way",
                Self::param_name(other)
            )),
        }
    }

    /// Assigns a scalar, honouring `declare -i`.
    pub(crate) fn set_var(&mut self, name: &str, value: String) -> Result<(), String> {
        if let Some(d) = self.dynamic_used(name) {
            self.assign_dynamic(d, &value);
            return Ok(());
        }
        if self.vars.is_nameref(name)
            && let crate::vars::Target::Var(t) = self.vars.resolve(name)
            && let Some((base, sub)) = crate::vars::split_element(&t)
        {
            // A reference to an element: its subscript is evaluated now.
            let (base, sub) = (base.to_owned(), sub.to_owned());
            return self.assign_element_text(&base, &sub, value, false);
        }
        let value = if self.vars.get(name).is_some_and(|v| v.attrs & INTEGER != 0) {
            self.arith_eval_text(&value)?.to_string()
        } else {
            value
        };
        let allexport = self.opts.allexport;
        let r = Arc::make_mut(&mut self.vars).set(name, value);
        self.flush_var_warnings();
        r.map_err(|e| e.to_string())?;
        if allexport {
            Arc::make_mut(&mut self.vars).add_attrs(name, crate::vars::EXPORT);
        }
        Ok(())
    }
}

/// Element `key` of a dynamic variable's value (an index counted from the
/// end when negative, as for any indexed array).
fn dynamic_element(value: Value, key: &str) -> PVal {
    let found = match value {
        Value::Str(s) if key == "0" => Some(s),
        Value::Indexed(mut m) => key.parse::<i64>().ok().and_then(|i| {
            let i = if i < 0 {
                let end = m.keys().next_back().map_or(0, |k| k.saturating_add(1));
                end.saturating_add(i)
            } else {
                i
            };
            m.remove(&i)
        }),
        Value::Assoc(mut m) => m.remove(key),
        _ => None,
    };
    found.map_or(PVal::Unset, PVal::Str)
}
