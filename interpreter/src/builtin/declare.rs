//! `declare`/`typeset`, `local`, `export`, `readonly`, `unset`.

use std::sync::Arc;

use crate::assign::DeclValue;
use crate::shell::{Exec, Shell};
use crate::vars::{EXPORT, INTEGER, LOWER, NAMEREF, NOVALUE, READONLY, UPPER, Value, Var};

/// Double-quotes a value for `declare -p`.
pub(crate) fn dq(s: &str) -> String {
    if s.chars().any(char::is_control) {
        // Control characters are shown as `$'...'` escapes.
        return crate::printf::quote(s);
    }
    let mut o = String::with_capacity(s.len() + 2);
    o.push('"');
    for c in s.chars() {
        if matches!(c, '"' | '\\' | '$' | '`') {
            o.push('\\');
        }
        o.push(c);
    }
    o.push('"');
    o
}

/// Bash's `sh_contains_shell_metas`: whether `s` needs quoting to read
/// back as one word.
pub(crate) fn has_shell_metas(s: &str) -> bool {
    let b = s.as_bytes();
    b.iter().enumerate().any(|(i, c)| match c {
        b' ' | b'\t' | b'\n' | b'\'' | b'"' | b'\\' | b'|' | b'&' | b';' | b'(' | b')' | b'<'
        | b'>' | b'!' | b'{' | b'}' | b'*' | b'[' | b'?' | b']' | b'^' | b'$' | b'`' => true,
        b'~' => i == 0 || matches!(b.get(i - 1), Some(b'=' | b':')),
        b'#' => i == 0,
        _ => false,
    })
}

/// An associative array's key as `declare -p` and `set` show it: `$'...'`
/// for control characters, double quotes where it has shell
/// metacharacters or is `@` or `*`, else bare.
fn assoc_key(k: &str) -> String {
    if k.chars().any(char::is_control) || has_shell_metas(k) || k == "@" || k == "*" {
        dq(k)
    } else {
        k.to_owned()
    }
}

/// A variable's line in `set`'s listing, as bash prints it: a scalar
/// bare, single-quoted when it has shell metacharacters, `$'...'` with
/// control characters; an array as `declare -p` shows its value. `None`
/// for a variable without a value.
pub(crate) fn set_line(name: &str, v: &Var) -> Option<String> {
    let value = match &v.value {
        Value::Unset => return None,
        Value::Str(s) if s.chars().any(char::is_control) => crate::printf::quote(s),
        Value::Str(s) if has_shell_metas(s) => crate::expand::single_quote(s),
        Value::Str(s) => s.clone(),
        Value::Indexed(_) | Value::Assoc(_) => {
            let d = describe(name, v);
            let at = d.find('=').map_or(d.len(), |i| i + 1);
            d.get(at..).unwrap_or_default().to_owned()
        }
    };
    Some(format!("{name}={value}"))
}

fn flags_of(v: &Var) -> String {
    let mut f = attr_letters(v);
    if f.is_empty() {
        f.push('-');
    }
    f
}

/// A variable's attributes as `${v@a}` and `declare -p` give them.
pub(crate) fn attr_letters(v: &Var) -> String {
    let mut f = String::new();
    match v.value {
        Value::Indexed(_) => f.push('a'),
        Value::Assoc(_) => f.push('A'),
        _ => {}
    }
    // Bash's order (`var_attribute_string`).
    for (bit, c) in [
        (INTEGER, 'i'),
        (NAMEREF, 'n'),
        (READONLY, 'r'),
        (EXPORT, 'x'),
        (LOWER, 'l'),
        (UPPER, 'u'),
    ] {
        if v.attrs & bit != 0 {
            f.push(c);
        }
    }
    f
}

/// The `declare -p` line for one variable.
pub(crate) fn describe(name: &str, v: &Var) -> String {
    let flags = flags_of(v);
    match &v.value {
        Value::Unset => format!("declare -{flags} {name}"),
        Value::Str(s) => format!("declare -{flags} {name}={}", dq(s)),
        Value::Indexed(m) if m.is_empty() && v.attrs & NOVALUE != 0 => {
            format!("declare -{flags} {name}")
        }
        Value::Assoc(m) if m.is_empty() && v.attrs & NOVALUE != 0 => {
            format!("declare -{flags} {name}")
        }
        Value::Indexed(m) => {
            let items: Vec<String> = m.iter().map(|(k, v)| format!("[{k}]={}", dq(v))).collect();
            format!("declare -{flags} {name}=({})", items.join(" "))
        }
        Value::Assoc(m) => {
            let mut s = String::new();
            for (k, v) in m {
                s.push_str(&format!("[{}]={} ", assoc_key(k), dq(v)));
            }
            format!("declare -{flags} {name}=({s})")
        }
    }
}

struct Spec {
    /// `+a` or `+A`.
    clear_array: bool,
    set: u8,
    clear: u8,
    array: bool,
    assoc: bool,
    print: bool,
    global: bool,
    functions: bool,
    /// `-F`: function names only.
    names_only: bool,
}

fn parse_flags(args: &[String]) -> (Spec, usize) {
    let mut s = Spec {
        clear_array: false,
        set: 0,
        clear: 0,
        array: false,
        assoc: false,
        print: false,
        global: false,
        functions: false,
        names_only: false,
    };
    let mut i = 1;
    while let Some(a) = args.get(i) {
        let (on, flags) = match (a.strip_prefix('-'), a.strip_prefix('+')) {
            (Some(f), _) if !f.is_empty() => (true, f),
            (_, Some(f)) if !f.is_empty() => (false, f),
            _ => break,
        };
        if a == "--" {
            i += 1;
            break;
        }
        for c in flags.chars() {
            let bit = match c {
                'x' => EXPORT,
                'r' => READONLY,
                'i' => INTEGER,
                'l' => LOWER,
                'u' => UPPER,
                'n' => NAMEREF,
                'a' => {
                    s.array = on;
                    s.clear_array |= !on;
                    0
                }
                'A' => {
                    s.assoc = on;
                    s.clear_array |= !on;
                    0
                }
                'p' => {
                    s.print = true;
                    0
                }
                'g' => {
                    s.global = true;
                    0
                }
                'f' | 'F' => {
                    s.functions = true;
                    s.names_only |= c == 'F';
                    0
                }
                _ => 0,
            };
            if on {
                s.set |= bit;
            } else {
                s.clear |= bit;
            }
        }
        i += 1;
    }
    (s, i)
}

/// `declare -f`/`-F`, `export -f`: lists functions (their text as bash
/// prints it, or their names), or with `-x`/`+x` and names, marks them
/// exported or not.
fn declare_functions(sh: &mut Shell, spec: &Spec, operands: &[String], builtin: &str) -> Exec {
    let mut status = 0;
    if (spec.set | spec.clear) & EXPORT != 0 && !operands.is_empty() {
        for n in operands {
            if !sh.funcs.contains_key(n) {
                sh.builtin_error(builtin, &format!("{n}: not a function"));
                status = 1;
            } else if spec.set & EXPORT != 0 {
                Arc::make_mut(&mut sh.exported_funcs).insert(n.clone());
            } else {
                Arc::make_mut(&mut sh.exported_funcs).remove(n);
            }
        }
        return Ok(status);
    }
    // All functions in name order (only the exported ones with `-x`);
    // operands in the order given.
    let names: Vec<String> = if operands.is_empty() {
        let mut all: Vec<String> = sh
            .funcs
            .keys()
            .filter(|n| spec.set & EXPORT == 0 || sh.exported_funcs.contains(*n))
            .cloned()
            .collect();
        all.sort();
        all
    } else {
        operands.to_vec()
    };
    let mut out = String::new();
    for n in names {
        let Some(f) = sh.funcs.get(&n) else {
            if spec.print {
                sh.out(out.as_bytes())?;
                out.clear();
                sh.builtin_error(builtin, &format!("{n}: not found"));
            }
            status = 1;
            continue;
        };
        let flags = if sh.exported_funcs.contains(&n) {
            "fx"
        } else {
            "f"
        };
        if spec.names_only {
            // Bash's `declare -F NAME` prints just the name.
            if operands.is_empty() {
                out.push_str(&format!("declare -{flags} {n}\n"));
            } else {
                out.push_str(&format!("{n}\n"));
            }
        } else {
            out.push_str(&crate::print_fn::function_text(
                f,
                sh.limits.max_parse_depth,
            ));
            out.push('\n');
            if flags == "fx" {
                out.push_str(&format!("declare -fx {n}\n"));
            }
        }
    }
    sh.out(out.as_bytes())?;
    Ok(status)
}

fn run_declare(sh: &mut Shell, args: &[String], builtin: &str, force: u8, local: bool) -> Exec {
    let (mut spec, first) = parse_flags(args);
    spec.set |= force;
    // `-l` and `-u` exclude each other: the one given clears the other,
    // and both together give neither, as in bash.
    if spec.set & LOWER != 0 {
        spec.clear |= UPPER;
    }
    if spec.set & UPPER != 0 {
        spec.clear |= LOWER;
    }
    if spec.set & (LOWER | UPPER) == LOWER | UPPER {
        spec.set &= !(LOWER | UPPER);
    }
    let operands = args.get(first..).unwrap_or(&[]);
    if spec.functions {
        return declare_functions(sh, &spec, operands, builtin);
    }
    if operands.is_empty() && local {
        // `local` alone: the current function's variables, in the order
        // they were made local.
        let mut out = String::new();
        for name in sh.vars.frame_names() {
            if let Some(v) = sh.vars.get_raw(name) {
                out.push_str(&describe(name, v));
                out.push('\n');
            }
        }
        sh.out(out.as_bytes())?;
        return Ok(0);
    }
    if operands.is_empty() {
        // List: with -p (or no flags) everything matching the flags.
        let filter = spec.set;
        let mut out = String::new();
        for name in sh.vars.names() {
            if let Some(v) = sh.vars.get_raw(name) {
                if filter != 0 && v.attrs & filter != filter {
                    continue;
                }
                if spec.print || builtin != "declare" || filter != 0 {
                    out.push_str(&describe(name, v));
                } else {
                    match v.scalar() {
                        Some(s) => {
                            out.push_str(&format!("{name}={}", crate::simple::trace_quote(s)))
                        }
                        None => continue,
                    }
                }
                out.push('\n');
            }
        }
        sh.out(out.as_bytes())?;
        return Ok(0);
    }
    let mut status = 0;
    // `declare -g name` in a function where a local shadows `name`: the
    // global is swapped in for this operand, and back before the next.
    let mut swapped: Option<String> = None;
    for (k, op) in operands.iter().enumerate() {
        if let Some(n) = swapped.take() {
            Arc::make_mut(&mut sh.vars).swap_global(&n);
        }
        let idx = first + k;
        if spec.print {
            // The variables bash computes when read, with their value now.
            let dynamic = match op.as_str() {
                "RANDOM" | "SECONDS" | "BASHPID" => Some('i'),
                "LINENO" | "BASH_SUBSHELL" | "EPOCHSECONDS" | "EPOCHREALTIME" => Some('-'),
                _ => None,
            };
            match sh.vars.get_raw(op).map(|v| describe(op, v)) {
                Some(line) => {
                    sh.out(format!("{line}\n").as_bytes())?;
                }
                None if let Some(flag) = dynamic
                    && let Some(value) = sh.lookup(op) =>
                {
                    let line = format!("declare -{flag} {op}={}\n", dq(&value));
                    sh.out(line.as_bytes())?;
                }
                None => {
                    sh.builtin_error(builtin, &format!("{op}: not found"));
                    status = 1;
                }
            }
            continue;
        }
        let (lhs, value) = match op.split_once('=') {
            Some((l, v)) => (l, Some(v)),
            None => (op.as_str(), None),
        };
        let append = lhs.ends_with('+');
        let target = lhs.trim_end_matches('+');
        // `name[key]=value`: one element (the key arrives expanded).
        let (name, key) = match target.split_once('[') {
            Some((n, rest)) if value.is_some() => (n, rest.strip_suffix(']')),
            Some((n, _)) => (n, None),
            None => (target, None),
        };
        if !super::valid_name(name) {
            sh.builtin_error(builtin, &format!("`{op}': not a valid identifier"));
            status = 1;
            continue;
        }
        if spec.set & NAMEREF != 0 {
            if key.is_some() {
                sh.builtin_error(builtin, &format!("`{target}': not a valid identifier"));
                status = 1;
                continue;
            }
            match declare_ref(sh, builtin, name, value, &spec, local) {
                Ok(s) => status |= s,
                Err(s) => return Ok(s),
            }
            continue;
        }
        if spec.clear_array
            && matches!(
                sh.vars.get(name).map(|v| &v.value),
                Some(Value::Indexed(_) | Value::Assoc(_))
            )
        {
            sh.builtin_error(
                builtin,
                &format!("{name}: cannot destroy array variables in this way"),
            );
            status = 1;
            continue;
        }
        if spec.global && !local && Arc::make_mut(&mut sh.vars).swap_global(name) {
            swapped = Some(name.to_owned());
        }
        let existing_readonly = sh.vars.get(name).is_some_and(Var::readonly);
        let want_local = local || (sh.vars.in_function() && !spec.global && builtin == "declare");
        if want_local && existing_readonly && sh.vars.in_function() {
            // A readonly variable cannot be shadowed by a local one.
            sh.builtin_error(builtin, &format!("{name}: readonly variable"));
            status = 1;
            continue;
        }
        if want_local && !Arc::make_mut(&mut sh.vars).make_local(name) && local {
            sh.builtin_error("local", "can only be used in a function");
            return Ok(1);
        }
        if existing_readonly && (value.is_some() || spec.array || spec.assoc) {
            sh.builtin_error(builtin, &format!("{name}: readonly variable"));
            status = 1;
            continue;
        }
        // An array keeps its kind: bash refuses to turn one into the other.
        let conversion = match sh.vars.get(name).map(|v| &v.value) {
            Some(Value::Indexed(_)) if spec.assoc => Some("indexed to associative"),
            Some(Value::Assoc(_)) if spec.array && !spec.assoc => Some("associative to indexed"),
            _ => None,
        };
        if let Some(what) = conversion {
            sh.builtin_error(builtin, &format!("{name}: cannot convert {what} array"));
            status = 1;
            continue;
        }
        {
            let vars = Arc::make_mut(&mut sh.vars);
            let fresh = !vars.get(name).is_some_and(Var::is_set);
            if spec.assoc && !matches!(vars.get(name).map(|v| &v.value), Some(Value::Assoc(_))) {
                // A scalar becomes the element `0`, as in bash.
                let mut m = crate::vars::AssocMap::new();
                if let Some(Value::Str(s)) = vars.get(name).map(|v| &v.value) {
                    m.insert("0".to_owned(), s.clone());
                }
                let _ = vars.set_value(name, Value::Assoc(m));
                if fresh && value.is_none() {
                    vars.add_attrs(name, NOVALUE);
                }
            } else if spec.array
                && !matches!(vars.get(name).map(|v| &v.value), Some(Value::Indexed(_)))
            {
                let old = vars.get_str(name).map(str::to_owned);
                let mut m = std::collections::BTreeMap::new();
                if let Some(o) = old {
                    m.insert(0, o);
                }
                let _ = vars.set_value(name, Value::Indexed(m));
                if fresh && value.is_none() {
                    vars.add_attrs(name, NOVALUE);
                }
            }
            vars.add_attrs(name, spec.set & !READONLY);
            vars.remove_attrs(name, spec.clear);
        }
        if let Some(v) = value
            && let Err(e) = sh.fits(v.len())
        {
            // The value is copied out of the argument: both exist for a moment.
            if let Some(n) = swapped.take() {
                Arc::make_mut(&mut sh.vars).swap_global(&n);
            }
            return Err(e);
        }
        let decl = sh.decl_values.get(idx).cloned().flatten();
        let r = match (decl, value) {
            (Some(_), Some(_)) if key.is_some() => {
                Err(format!("{target}: cannot assign list to array member"))
            }
            (None, Some(v)) if let Some(key) = key => {
                sh.assign_element_text(name, key, v.to_owned(), append)
            }
            (Some(v), _) => sh.assign_named(name, v, append),
            // `declare -a a="(1 2)"`: a quoted value in parentheses given
            // to an array is read as a compound assignment, as bash does
            // (its text is parsed and expanded then).
            (None, Some(v))
                if v.len() >= 2
                    && v.starts_with('(')
                    && v.ends_with(')')
                    && (spec.array
                        || spec.assoc
                        || matches!(
                            sh.vars.get(name).map(|x| &x.value),
                            Some(Value::Indexed(_) | Value::Assoc(_))
                        )) =>
            {
                let text = format!("{name}{}={v}", if append { "+" } else { "" });
                match sh.eval_string(&text) {
                    Ok(0) => Ok(()),
                    Ok(_) => {
                        status = 1;
                        Ok(())
                    }
                    Err(f) => {
                        if let Some(n) = swapped.take() {
                            Arc::make_mut(&mut sh.vars).swap_global(&n);
                        }
                        return Err(f);
                    }
                }
            }
            (None, Some(v)) => sh.assign_named(name, DeclValue::Scalar(v.to_owned()), append),
            (None, None) => {
                if sh.vars.get(name).is_none() {
                    Arc::make_mut(&mut sh.vars).add_attrs(name, 0);
                }
                Ok(())
            }
        };
        if let Err(m) = r {
            sh.error(&m);
            status = 1;
        }
        if spec.set & READONLY != 0 {
            Arc::make_mut(&mut sh.vars).add_attrs(name, READONLY);
        }
    }
    if let Some(n) = swapped {
        Arc::make_mut(&mut sh.vars).swap_global(&n);
    }
    Ok(status)
}

/// `declare -n name[=target]` (and `local -n`): sets the reference itself.
/// The status, or `Err` for a status that ends the builtin.
fn declare_ref(
    sh: &mut Shell,
    builtin: &str,
    name: &str,
    value: Option<&str>,
    spec: &Spec,
    local: bool,
) -> Result<i32, i32> {
    if let Some(t) = value {
        if t.is_empty() {
            sh.builtin_error(builtin, "`': not a valid identifier");
            return Ok(1);
        }
        if !crate::vars::valid_ref_target(t) {
            sh.builtin_error(
                builtin,
                &format!("`{t}': invalid variable name for name reference"),
            );
            return Ok(1);
        }
        if t == name {
            sh.builtin_error(
                builtin,
                &format!("{name}: nameref variable self references not allowed"),
            );
            return Ok(1);
        }
    }
    let want_local = local || (sh.vars.in_function() && !spec.global && builtin == "declare");
    if want_local && !Arc::make_mut(&mut sh.vars).make_local(name) && local {
        sh.builtin_error("local", "can only be used in a function");
        return Err(1);
    }
    let vars = Arc::make_mut(&mut sh.vars);
    let r = match value {
        Some(t) => vars.set_ref(name, t.to_owned()),
        None => {
            vars.add_attrs(name, NAMEREF);
            Ok(())
        }
    };
    if let Err(e) = r {
        sh.builtin_error(builtin, &e.to_string());
        return Ok(1);
    }
    let vars = Arc::make_mut(&mut sh.vars);
    let others = spec.set & !NAMEREF;
    if others != 0 {
        // `declare -nr`, `-nx`: the other attributes go to the reference.
        if let Some(v) = vars.get_raw(name) {
            let attrs = v.attrs | others;
            vars.set_raw_attrs(name, attrs);
        }
    }
    Ok(0)
}

pub(crate) fn declare(sh: &mut Shell, args: &[String]) -> Exec {
    run_declare(sh, args, "declare", 0, false)
}

pub(crate) fn local(sh: &mut Shell, args: &[String]) -> Exec {
    if !sh.vars.in_function() {
        sh.builtin_error("local", "can only be used in a function");
        return Ok(1);
    }
    // `local -`: the function's `set` options come back when it returns.
    let (dash, rest): (Vec<&String>, Vec<&String>) =
        args.iter().skip(1).partition(|a| a.as_str() == "-");
    if !dash.is_empty() && sh.local_opts.is_none() {
        sh.local_opts = Some(sh.opts);
    }
    if !dash.is_empty() && rest.is_empty() {
        return Ok(0);
    }
    let args: Vec<String> = args.iter().take(1).chain(rest).cloned().collect();
    run_declare(sh, &args, "local", 0, true)
}

pub(crate) fn export(sh: &mut Shell, args: &[String]) -> Exec {
    if args.get(1).map(String::as_str) == Some("-n") {
        let mut status = 0;
        for a in args.iter().skip(2) {
            let n = match a.split_once('=') {
                Some((n, v)) => {
                    if let Err(m) = sh.set_var(n, v.to_owned()) {
                        sh.builtin_error("export", &m);
                        status = 1;
                        continue;
                    }
                    n
                }
                None => a.as_str(),
            };
            Arc::make_mut(&mut sh.vars).remove_attrs(n, EXPORT);
        }
        return Ok(status);
    }
    if args.len() == 1 || args.get(1).map(String::as_str) == Some("-p") {
        let mut out = String::new();
        for name in sh.vars.names() {
            if let Some(v) = sh.vars.get_raw(name)
                && v.attrs & EXPORT != 0
            {
                out.push_str(&describe(name, v));
                out.push('\n');
            }
        }
        sh.out(out.as_bytes())?;
        return Ok(0);
    }
    run_declare(sh, args, "export", EXPORT, false)
}

pub(crate) fn readonly(sh: &mut Shell, args: &[String]) -> Exec {
    if args.len() == 1 || args.get(1).map(String::as_str) == Some("-p") {
        let mut out = String::new();
        for name in sh.vars.names() {
            if let Some(v) = sh.vars.get_raw(name)
                && v.readonly()
            {
                out.push_str(&describe(name, v));
                out.push('\n');
            }
        }
        sh.out(out.as_bytes())?;
        return Ok(0);
    }
    run_declare(sh, args, "readonly", READONLY, false)
}

fn remove_function(sh: &mut Shell, name: &str) {
    Arc::make_mut(&mut sh.funcs).remove(name);
    if sh.func_files.contains_key(name) {
        Arc::make_mut(&mut sh.func_files).remove(name);
    }
    if sh.exported_funcs.contains(name) {
        Arc::make_mut(&mut sh.exported_funcs).remove(name);
    }
}

pub(crate) fn unset(sh: &mut Shell, args: &[String]) -> Exec {
    let mut functions = false;
    let mut vars_only = false;
    let mut refs = false;
    let mut status = 0;
    for a in args.iter().skip(1) {
        match a.as_str() {
            "-f" => {
                functions = true;
                continue;
            }
            "-v" => {
                functions = false;
                vars_only = true;
                continue;
            }
            "-n" => {
                refs = true;
                continue;
            }
            _ => {}
        }
        if refs && !functions {
            if let Err(e) = Arc::make_mut(&mut sh.vars).unset_ref(a) {
                sh.builtin_error("unset", &e.to_string());
                status = 1;
            }
            continue;
        }
        if functions {
            remove_function(sh, a);
            continue;
        }
        if let Some((name, rest)) = a.split_once('[') {
            let key = rest.strip_suffix(']').unwrap_or(rest);
            // `unset 'a[@]'` empties an indexed array, which stays one.
            if matches!(key, "@" | "*")
                && matches!(sh.vars.get(name).map(|v| &v.value), Some(Value::Indexed(_)))
            {
                if let Err(e) =
                    Arc::make_mut(&mut sh.vars).set_value(name, Value::Indexed(Default::default()))
                {
                    sh.builtin_error("unset", &e.to_string());
                    status = 1;
                }
                continue;
            }
            let idx = if sh.is_assoc(name) {
                0
            } else {
                match sh.arith_eval_text(key) {
                    Ok(i) => i,
                    Err(m) => {
                        sh.error(&m);
                        status = 1;
                        continue;
                    }
                }
            };
            let idx = if idx < 0 {
                match sh.vars.get(name).map(|v| &v.value) {
                    Some(Value::Indexed(m)) => {
                        m.keys().next_back().copied().unwrap_or(-1) + 1 + idx
                    }
                    _ => idx,
                }
            } else {
                idx
            };
            if idx < 0 && matches!(sh.vars.get(name).map(|v| &v.value), Some(Value::Indexed(_))) {
                // Before the first element: bash names the subscript.
                sh.builtin_error("unset", &format!("[{key}]: bad array subscript"));
                status = 1;
                continue;
            }
            if let Err(e) = Arc::make_mut(&mut sh.vars).unset_element(name, key, idx) {
                sh.builtin_error("unset", &e.to_string());
                status = 1;
            }
            continue;
        }
        if sh.unset_temp_binding(a) {
            continue;
        }
        // Without `-v`, a name no variable has unsets the function of
        // that name, as in bash.
        if !vars_only && sh.vars.get(a).is_none() && sh.funcs.contains_key(a) {
            remove_function(sh, a);
            continue;
        }
        if let Err(e) = Arc::make_mut(&mut sh.vars).unset(a) {
            sh.builtin_error("unset", &e.to_string());
            status = 1;
        }
    }
    Ok(status)
}
