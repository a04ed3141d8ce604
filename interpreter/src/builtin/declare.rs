//! `declare`/`typeset`, `local`, `export`, `readonly`, `unset`.

use std::sync::Arc;

use super::getopt::Opt;
use crate::assign::DeclValue;
use crate::shell::{Exec, Shell};
use crate::vars::{EXPORT, INTEGER, LOWER, NAMEREF, NOVALUE, READONLY, UPPER, Value, Var};

/// Double-quotes a value for `declare -p`.
pub(crate) fn dq(s: &str) -> String {
    if crate::printf::needs_ansi_c(s, true) {
        // Control characters and invalid bytes are shown as `$'...'` escapes.
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

/// A set variable as `set` and a bare `declare` list it: `name=value`,
/// quoted to be read back, arrays as `name=([0]="a")`; `None` for one
/// declared without a value.
pub(crate) fn set_listing_line(name: &str, v: &Var) -> Option<String> {
    match &v.value {
        Value::Unset => None,
        // Bash's `print_var_value`: `$'...'` for control characters.
        Value::Str(s) if crate::printf::needs_ansi_c(s, true) => {
            Some(format!("{name}={}", crate::printf::quote(s)))
        }
        // Single quotes only where the text has shell metacharacters.
        Value::Str(s) if has_shell_metas(s) => {
            Some(format!("{name}={}", crate::expand::single_quote(s)))
        }
        Value::Str(s) => Some(format!("{name}={s}")),
        Value::Indexed(m) if m.is_empty() && v.attrs & NOVALUE != 0 => None,
        Value::Assoc(m) if m.is_empty() && v.attrs & NOVALUE != 0 => None,
        Value::Indexed(_) | Value::Assoc(_) => {
            let d = describe(name, v);
            let at = d.find(&format!(" {name}=("))?;
            d.get(at + 1..).map(str::to_owned)
        }
    }
}

/// Every set variable, then every function (not in posix mode), as `set`
/// lists them.
pub(crate) fn set_listing(sh: &mut Shell) -> String {
    let mut out = String::new();
    let names: Vec<String> = sh.vars.names().into_iter().map(str::to_owned).collect();
    for name in &names {
        let view = sh.dynamic_listed(name);
        // A reference shows its own value (the name it refers to).
        if let Some(line) = view
            .as_ref()
            .or_else(|| sh.vars.get_raw(name))
            .and_then(|v| set_listing_line(name, v))
        {
            out.push_str(&line);
            out.push('\n');
        }
    }
    // Not the functions in posix mode.
    let mut fns: Vec<&String> = if sh.opts.posix {
        Vec::new()
    } else {
        sh.funcs.keys().collect()
    };
    fns.sort();
    for n in fns {
        if let Some(f) = sh.funcs.get(n) {
            out.push_str(&crate::syntax::function_text(f, sh.limits.max_parse_depth));
            out.push('\n');
        }
    }
    out
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

/// A line of `export -p` / `readonly -p` (`builtin`): `declare -p`'s, but
/// in posix mode in the builtin's own form, `export NAME=value`, with only
/// an array's kind kept (`readonly -a arr=(...)`).
fn listing_line(builtin: &str, name: &str, v: &Var, posix: bool) -> String {
    let line = describe(name, v);
    if !posix {
        return line;
    }
    let rest = line
        .split_once(' ')
        .and_then(|(_, r)| r.split_once(' '))
        .map_or("", |(_, r)| r);
    let kind = match &v.value {
        Value::Indexed(_) => "-a ",
        Value::Assoc(_) => "-A ",
        _ => "",
    };
    format!("{builtin} {kind}{rest}")
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

/// Bash's `DECLARE_OPTS`: the options of `declare`, `typeset` and `local`
/// (`-c`, `-t`, `-G` and `-I` are accepted and have no effect here).
const DECLARE_OPTS: &str = "+acfgilnprtuxAFGI";

/// The options of `export` and `readonly` (bash's `ATTROPTS`).
const ATTR_OPTS: &str = "aAfnp";

fn spec_of(opts: &[Opt]) -> Spec {
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
    for o in opts {
        let on = !o.plus;
        let c = o.letter;
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
            // `+f` and `+F` mean nothing: the names are variables.
            'f' | 'F' if on => {
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
    s
}

/// `declare -f`/`-F`, `export -f`: lists functions (their text as bash
/// prints it, or their names), or with `-x`/`+x` and names, marks them
/// exported or not.
fn declare_functions(sh: &mut Shell, spec: &Spec, operands: &[String], builtin: &str) -> Exec {
    let mut status = 0;
    if (spec.set | spec.clear) & (EXPORT | READONLY) != 0 && !operands.is_empty() {
        for n in operands {
            if !sh.funcs.contains_key(n) {
                sh.builtin_error(builtin, &format!("{n}: not a function"));
                status = 1;
                continue;
            }
            if spec.set & EXPORT != 0 {
                Arc::make_mut(&mut sh.exported_funcs).insert(n.clone());
            } else if spec.clear & EXPORT != 0 {
                Arc::make_mut(&mut sh.exported_funcs).remove(n);
            }
            if spec.set & READONLY != 0 {
                Arc::make_mut(&mut sh.readonly_funcs).insert(n.clone());
            }
        }
        return Ok(status);
    }
    // All functions in name order (only the exported ones with `-x`, the
    // readonly ones with `-r`); operands in the order given.
    let names: Vec<String> = if operands.is_empty() {
        let mut all: Vec<String> = sh
            .funcs
            .keys()
            .filter(|n| spec.set & EXPORT == 0 || sh.exported_funcs.contains(*n))
            .filter(|n| spec.set & READONLY == 0 || sh.readonly_funcs.contains(*n))
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
        // Bash's letters for a function: `f`, then `r`, then `x`.
        let mut flags = String::from("f");
        if sh.readonly_funcs.contains(&n) {
            flags.push('r');
        }
        if sh.exported_funcs.contains(&n) {
            flags.push('x');
        }
        if spec.names_only {
            // Bash's `declare -F NAME` prints just the name.
            if operands.is_empty() {
                out.push_str(&format!("declare -{flags} {n}\n"));
            } else {
                out.push_str(&format!("{n}\n"));
            }
        } else {
            out.push_str(&crate::syntax::function_text(f, sh.limits.max_parse_depth));
            out.push('\n');
            // A listing adds the attributes; a named function is its text.
            if operands.is_empty() && flags != "f" {
                out.push_str(&format!("declare -{flags} {n}\n"));
            }
        }
    }
    sh.out(out.as_bytes())?;
    Ok(status)
}

/// `declare` and its kin, on the options already parsed (`first` the
/// index of the first operand in `args`).
fn run_declare(
    sh: &mut Shell,
    args: &[String],
    (opts, first): (Vec<Opt>, usize),
    force: u8,
    local: bool,
) -> Exec {
    let builtin = args.first().map_or("declare", String::as_str);
    let mut spec = spec_of(&opts);
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
        // `local` alone: the current function's variables, sorted by
        // name as bash sorts them.
        let mut out = String::new();
        let mut names = sh.vars.frame_names();
        names.sort_unstable();
        for name in names {
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
        if !spec.print
            && filter == 0
            && !spec.array
            && !spec.assoc
            && matches!(builtin, "declare" | "typeset")
        {
            // A bare `declare` lists as `set` does.
            let out = set_listing(sh);
            sh.out(out.as_bytes())?;
            return Ok(0);
        }
        let mut out = String::new();
        let names: Vec<String> = sh.vars.names().into_iter().map(str::to_owned).collect();
        for name in &names {
            let view = sh.dynamic_listed(name);
            if let Some(v) = view.as_ref().or_else(|| sh.vars.get_raw(name)) {
                if filter != 0 && v.attrs & filter != filter {
                    continue;
                }
                // `-a` and `-A` list only arrays of that kind.
                if (spec.array && !matches!(v.value, Value::Indexed(_)))
                    || (spec.assoc && !matches!(v.value, Value::Assoc(_)))
                {
                    continue;
                }
                out.push_str(&describe(name, v));
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
            // `local -p NAME` shows only the function's own variables.
            let visible = !local || sh.vars.frame_names().contains(&op.as_str());
            let line = match sh.dynamic_view(op) {
                Some(v) => Some(describe(op, &v)),
                None => sh.vars.get_raw(op).map(|v| describe(op, v)),
            };
            match line.filter(|_| visible) {
                Some(line) => {
                    sh.out(format!("{line}\n").as_bytes())?;
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
        if spec.array && spec.assoc {
            // Bash makes it associative, then cannot make that indexed.
            sh.builtin_error(
                builtin,
                &format!("{name}: cannot convert associative to indexed array"),
            );
            status = 1;
            continue;
        }
        if spec.global && !local && Arc::make_mut(&mut sh.vars).swap_global(name) {
            swapped = Some(name.to_owned());
        }
        let existing_readonly = sh.vars.get(name).is_some_and(Var::readonly);
        let want_local = local
            || (sh.vars.in_function() && !spec.global && matches!(builtin, "declare" | "typeset"));
        if want_local && existing_readonly && sh.vars.in_function() {
            // A readonly variable cannot be shadowed by a local one.
            sh.builtin_error(builtin, &format!("{name}: readonly variable"));
            status = 1;
            continue;
        }
        if want_local && !sh.make_local_var(name) && local {
            sh.builtin_error("local", "can only be used in a function");
            return Ok(1);
        }
        // A readonly variable keeps its value, kind and readonly flag.
        if existing_readonly
            && (value.is_some() || spec.array || spec.assoc || spec.clear & READONLY != 0)
        {
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
        if t == name && !sh.vars.in_function() {
            sh.builtin_error(
                builtin,
                &format!("{name}: nameref variable self references not allowed"),
            );
            return Ok(1);
        }
        if t == name {
            // In a function bash only warns, twice (the builtin, then the
            // lookup of the new reference), and makes the reference,
            // which then reaches the global variable of its name.
            let w = format!("warning: {name}: circular name reference");
            sh.builtin_error(builtin, &w);
            sh.error(&w);
        }
    }
    let want_local = local
        || (sh.vars.in_function() && !spec.global && matches!(builtin, "declare" | "typeset"));
    if value.is_none()
        && let Some(v) = sh.vars.get_raw(name)
        && v.attrs & NAMEREF == 0
        // (A `local -n` that makes a new local sees no old value.)
        && (!want_local
            || sh
                .vars
                .is_local_since(name, sh.vars.depth().saturating_sub(1)))
    {
        // `declare -n name` on a variable that has a value: the value
        // becomes the target, so it must be a name (bash's
        // `valid_nameref_value`), and an array cannot become a reference.
        match &v.value {
            Value::Indexed(_) | Value::Assoc(_) => {
                sh.builtin_error(
                    builtin,
                    &format!("{name}: reference variable cannot be an array"),
                );
                return Ok(1);
            }
            Value::Str(t) if !crate::vars::valid_ref_target(t) => {
                let t = t.clone();
                sh.builtin_error(
                    builtin,
                    &format!("`{t}': invalid variable name for name reference"),
                );
                return Ok(1);
            }
            _ => {}
        }
    }
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
    match sh.builtin_opts(args, DECLARE_OPTS) {
        Ok(parsed) => run_declare(sh, args, parsed, 0, false),
        Err(s) => Ok(s),
    }
}

pub(crate) fn local(sh: &mut Shell, args: &[String]) -> Exec {
    // Bash answers `local --help` anywhere, any other word only in a function.
    if !sh.vars.in_function() && args.get(1).is_none_or(|a| a != "--help") {
        sh.builtin_error("local", "can only be used in a function");
        return Ok(1);
    }
    let (opts, first) = match sh.builtin_opts(args, DECLARE_OPTS) {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    // `local -`: the function's `set` options come back when it returns.
    let operands = args.get(first..).unwrap_or(&[]);
    let dash = operands.iter().any(|a| a == "-");
    if dash && sh.local_opts.is_none() {
        sh.local_opts = Some(sh.opts);
    }
    if dash && operands.len() == 1 {
        return Ok(0);
    }
    let args: Vec<String> = args
        .iter()
        .take(first)
        .chain(operands.iter().filter(|a| *a != "-"))
        .cloned()
        .collect();
    // `local -g` makes globals, as `declare -g`; `-f` and `-F` mean
    // nothing to `local` (it lists its variables).
    let global = opts.iter().any(|o| o.letter == 'g' && !o.plus);
    let opts = opts
        .into_iter()
        .filter(|o| !matches!(o.letter, 'f' | 'F'))
        .collect();
    run_declare(sh, &args, (opts, first), 0, !global)
}

/// The names given to `export` or `readonly` with no operands, or with
/// `-p` and none: every variable with attribute `attr`, as `declare -p`.
fn list_with(sh: &mut Shell, attr: u8) -> Exec {
    let builtin = if attr == EXPORT { "export" } else { "readonly" };
    let mut out = String::new();
    for name in sh.vars.names() {
        if let Some(v) = sh.vars.get_raw(name)
            && v.attrs & attr != 0
        {
            out.push_str(&listing_line(builtin, name, v, sh.opts.posix));
            out.push('\n');
        }
    }
    sh.out(out.as_bytes())?;
    Ok(0)
}

pub(crate) fn export(sh: &mut Shell, args: &[String]) -> Exec {
    let (opts, first) = match sh.builtin_opts(args, ATTR_OPTS) {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let has = |c: char| opts.iter().any(|o| o.letter == c);
    let operands = args.get(first..).unwrap_or(&[]);
    if has('n') && !operands.is_empty() {
        // `-n`: the names lose the export attribute (functions with `-f`).
        let mut status = 0;
        for a in operands {
            if has('f') {
                if !sh.funcs.contains_key(a) {
                    sh.builtin_error("export", &format!("{a}: not a function"));
                    status = 1;
                } else if sh.exported_funcs.contains(a) {
                    Arc::make_mut(&mut sh.exported_funcs).remove(a);
                }
                continue;
            }
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
    if operands.is_empty() && !has('f') {
        return list_with(sh, EXPORT);
    }
    // With names, `-p` changes nothing: `export -p x` exports `x`.
    let opts = opts
        .into_iter()
        .filter(|o| o.letter != 'n' && (o.letter != 'p' || operands.is_empty()))
        .collect();
    run_declare(sh, args, (opts, first), EXPORT, false)
}

pub(crate) fn readonly(sh: &mut Shell, args: &[String]) -> Exec {
    let (opts, first) = match sh.builtin_opts(args, ATTR_OPTS) {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    if args.len() <= first && !opts.iter().any(|o| o.letter == 'f') {
        return list_with(sh, READONLY);
    }
    // `-n` means nothing to `readonly`; with names, neither does `-p`.
    let named = args.len() > first;
    let opts: Vec<Opt> = opts
        .into_iter()
        .filter(|o| o.letter != 'n' && (o.letter != 'p' || !named))
        .collect();
    run_declare(sh, args, (opts, first), READONLY, false)
}

/// Unsets the function `name`; false (with bash's message) when it is
/// readonly.
fn remove_function(sh: &mut Shell, name: &str) -> bool {
    if sh.readonly_funcs.contains(name) {
        sh.builtin_error("unset", &format!("{name}: cannot unset: readonly function"));
        return false;
    }
    Arc::make_mut(&mut sh.funcs).remove(name);
    if sh.func_files.contains_key(name) {
        Arc::make_mut(&mut sh.func_files).remove(name);
    }
    if sh.exported_funcs.contains(name) {
        Arc::make_mut(&mut sh.exported_funcs).remove(name);
    }
    true
}

pub(crate) fn unset(sh: &mut Shell, args: &[String]) -> Exec {
    let (opts, first) = match sh.builtin_opts(args, "fnv") {
        Ok(r) => r,
        Err(s) => return Ok(s),
    };
    let has = |c: char| opts.iter().any(|o| o.letter == c);
    let (functions, refs, vars_only) = (has('f'), has('n'), has('v'));
    if functions && has('v') {
        sh.builtin_error(
            "unset",
            "cannot simultaneously unset a function and a variable",
        );
        return Ok(1);
    }
    let mut status = 0;
    for a in args.get(first..).unwrap_or(&[]) {
        if refs && !functions {
            // `unset -n` leaves a variable that is not a reference alone.
            if sh.vars.get_raw(a).is_some_and(|v| v.attrs & NAMEREF == 0) {
                continue;
            }
            if let Err(e) = Arc::make_mut(&mut sh.vars).unset_ref(a) {
                sh.builtin_error("unset", &e.to_string());
                status = 1;
            }
            continue;
        }
        if functions {
            if !remove_function(sh, a) {
                status = 1;
            }
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
                    Some(Value::Indexed(m)) => m
                        .keys()
                        .next_back()
                        .copied()
                        .unwrap_or(-1)
                        .saturating_add(1 + idx),
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
            if !remove_function(sh, a) {
                status = 1;
            }
            continue;
        }
        if sh.dynamic(a).is_some_and(|d| d.refuses_unset()) {
            sh.builtin_error("unset", &format!("{a}: cannot unset"));
            status = 1;
            continue;
        }
        let keep_local = super::shopt_state(&sh.opts, "localvar_unset") == Some(true);
        let r = Arc::make_mut(&mut sh.vars).unset_scoped(a, keep_local);
        sh.flush_var_warnings();
        if let Err(e) = r {
            sh.builtin_error("unset", &e.to_string());
            status = 1;
        }
        crate::dynamic_vars::reinstall_after_unset(Arc::make_mut(&mut sh.vars), a);
    }
    Ok(status)
}
