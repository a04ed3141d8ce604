use super::*;

/// The size computed from scratch, to check the running count.
fn recount(v: &Vars) -> u64 {
    let map: u64 = v.map.iter().map(|(n, var)| var_size(n, var)).sum();
    let frames: u64 = v
        .frames
        .iter()
        .flatten()
        .filter_map(|(n, old)| old.as_ref().map(|o| var_size(n, o)))
        .sum();
    map + frames
}

#[test]
fn size_follows_every_change() {
    churn(u64::MAX);
}

#[test]
fn replacing_what_a_local_shadows_keeps_the_size() {
    let mut v = Vars::new();
    v.set("x", "global".into()).unwrap();
    assert!(!v.replace_shadowed("x", None));
    v.push_frame();
    assert!(v.make_local("x"));
    let hid = Var {
        value: Value::Str("a much longer hidden value".into()),
        attrs: 0,
    };
    assert!(v.replace_shadowed("x", Some(hid)));
    assert_eq!(v.bytes(), recount(&v));
    v.pop_frame();
    assert_eq!(v.get_str("x"), Some("a much longer hidden value"));
    assert_eq!(v.bytes(), recount(&v));
    v.push_frame();
    assert!(v.make_local("x"));
    assert!(v.replace_shadowed("x", None));
    assert_eq!(v.bytes(), recount(&v));
    v.pop_frame();
    assert!(v.get_raw("x").is_none());
    assert_eq!(v.bytes(), recount(&v));
}

#[test]
fn unset_from_a_callee_removes_the_local() {
    let mut v = Vars::new();
    v.set("x", "global".into()).unwrap();
    v.push_frame();
    assert!(v.make_local("x"));
    v.set("x", "local".into()).unwrap();
    v.push_frame();
    // A callee's unset: the local goes, the global shows again.
    v.unset("x").unwrap();
    assert_eq!(v.get_str("x"), Some("global"));
    assert_eq!(v.bytes(), recount(&v));
    v.pop_frame();
    assert_eq!(v.get_str("x"), Some("global"));
    v.pop_frame();
    assert_eq!(v.get_str("x"), Some("global"));
    assert_eq!(v.bytes(), recount(&v));
    // The function's own unset keeps the local, unset.
    v.push_frame();
    assert!(v.make_local("x"));
    v.set("x", "local".into()).unwrap();
    v.unset("x").unwrap();
    assert_eq!(v.get_str("x"), None);
    v.pop_frame();
    assert_eq!(v.get_str("x"), Some("global"));
    assert_eq!(v.bytes(), recount(&v));
    // A local that hid nothing: the callee's unset removes it.
    v.push_frame();
    assert!(v.make_local("y"));
    v.set("y", "1".into()).unwrap();
    v.push_frame();
    v.unset("y").unwrap();
    assert!(v.get_raw("y").is_none());
    v.pop_frame();
    v.pop_frame();
    assert!(v.get_raw("y").is_none());
    assert_eq!(v.bytes(), recount(&v));
}

#[test]
fn size_follows_every_change_under_a_ceiling() {
    churn(1500);
}

/// Random changes, checking the running size against a recount after
/// each; under a ceiling, also that refused stores never take the
/// variables over it (only empty declared variables may).
fn churn(ceiling: u64) {
    let mut v = Vars::new();
    v.set_ceiling(ceiling);
    let mut seed = 7u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    let names = ["a", "bb", "ccc", "d"];
    for step in 0..5000 {
        let name = names[next() % names.len()];
        let text = "x".repeat(next() % 7 * (next() % 40 + 1));
        let idx = (next() % 5) as i64;
        let op = next() % 15;
        match op {
            0 => drop(v.set(name, text)),
            1 => drop(v.append(name, &text)),
            2 => drop(v.set_index(name, idx, text)),
            3 => drop(v.set_key(name, text.clone(), text)),
            4 => drop(v.set_value(name, Value::Indexed(BTreeMap::from([(idx, text)])))),
            5 => drop(v.unset(name)),
            6 => drop(v.unset_element(name, &text, idx)),
            7 => drop(v.push_items(name, vec![(None, text.clone()), (Some(idx), text)])),
            8 if v.frames.len() < 4 => v.push_frame(),
            9 => v.pop_frame(),
            10 => drop(v.make_local(name)),
            11 => drop(v.set_ref(name, names[next() % names.len()].to_owned())),
            12 => drop(v.unset_ref(name)),
            13 => drop(v.swap_global(name)),
            _ => v.add_attrs(name, EXPORT),
        }
        assert_eq!(
            v.bytes(),
            recount(&v),
            "after step {step} op {op} {name} {idx}"
        );
        // Declaring and `local` make empty variables unchecked: at
        // most one per name and frame level.
        let empties = (names.len() * 5) as u64 * (VAR_OVERHEAD + 3);
        assert!(v.bytes() <= ceiling.saturating_add(empties));
    }
    if ceiling != u64::MAX {
        assert!(v.refused(), "the ceiling was never reached");
    }
    while v.in_function() {
        v.pop_frame();
    }
    assert_eq!(v.bytes(), recount(&v));
}

#[test]
fn a_store_over_the_ceiling_is_not_made() {
    let mut v = Vars::new();
    v.set("keep", "old".into()).unwrap();
    let ceiling = v.bytes() + 1000;
    v.set_ceiling(ceiling);
    v.set("keep", "x".repeat(2000)).unwrap();
    assert!(v.refused());
    assert_eq!(v.get_str("keep"), Some("old"));
    v.set_ceiling(ceiling);
    assert!(!v.refused());
    for i in 0..100 {
        v.set_key("h", format!("key{i}"), "v".into()).unwrap();
    }
    assert!(v.refused());
    assert!(v.bytes() <= ceiling);
    v.set_ceiling(ceiling);
    for _ in 0..100 {
        v.append("s", &"y".repeat(50)).unwrap();
    }
    assert!(v.refused());
    assert!(v.bytes() <= ceiling);
    // Freeing works in a full store.
    v.unset("h").unwrap();
    assert!(v.get("h").is_none());
    v.set_ceiling(ceiling);
    v.set("small", "z".into()).unwrap();
    assert!(!v.refused());
    assert_eq!(v.get_str("small"), Some("z"));
}

#[test]
fn copies_share_the_ceiling() {
    let v = Vars::new();
    let mut copy = v.clone();
    v.set_ceiling(10);
    copy.set("x", "long enough".into()).unwrap();
    assert!(v.refused());
    assert!(copy.get("x").is_none());
}

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
fn references_are_followed_by_readers_and_writers() {
    let mut v = Vars::new();
    v.set_ref("r", "x".into()).unwrap();
    assert_eq!(v.get_str("r"), None);
    v.set("r", "1".into()).unwrap();
    assert_eq!(v.get_str("x"), Some("1"));
    assert_eq!(v.get_raw("r").and_then(Var::scalar), Some("x"));
    v.set_ref("s", "r".into()).unwrap();
    v.append("s", "2").unwrap();
    assert_eq!(v.get_str("x"), Some("12"));
    v.unset("s").unwrap();
    assert!(v.get("x").is_none());
    assert!(v.is_nameref("s") && v.is_nameref("r"));
    v.unset_ref("s").unwrap();
    assert!(v.get_raw("s").is_none());
}

#[test]
fn element_targets_and_dangling_references() {
    let mut v = Vars::new();
    v.set_value(
        "a",
        Value::Indexed(BTreeMap::from([(0, "p".into()), (1, "q".into())])),
    )
    .unwrap();
    v.set_ref("e", "a[-1]".into()).unwrap();
    assert_eq!(v.get_str("e"), Some("q"));
    v.set("e", "z".into()).unwrap();
    assert_eq!(
        v.get("a").map(|x| x.value.clone()),
        v.get("e").map(|x| x.value.clone())
    );
    assert_eq!(v.element("a", "1"), Some("z"));
    // A reference without a target takes its target from a scalar write.
    v.add_attrs("d", NAMEREF);
    v.set("d", "t".into()).unwrap();
    assert_eq!(v.get_raw("d").and_then(Var::scalar), Some("t"));
    assert!(v.get("t").is_none());
}

#[test]
fn local_self_reference_reaches_the_global() {
    let mut v = Vars::new();
    v.set("x", "7".into()).unwrap();
    v.push_frame();
    v.push_frame();
    v.make_local("x");
    v.set("x", "inner".into()).unwrap();
    v.push_frame();
    v.make_local("x");
    v.set_ref("x", "x".into()).unwrap();
    // The global, not the caller's local.
    assert_eq!(v.get_str("x"), Some("7"));
    v.set("x", "5".into()).unwrap();
    v.append("x", "6").unwrap();
    assert_eq!(v.take_warnings(), ["warning: x: circular name reference"]);
    assert!(v.is_nameref("x"));
    v.pop_frame();
    assert_eq!(v.get_str("x"), Some("inner"));
    v.pop_frame();
    v.pop_frame();
    assert_eq!(v.get_str("x"), Some("56"));
    assert!(!v.is_nameref("x"));
    // Outside a function the chain is broken.
    v.set_ref("r", "r".into()).unwrap();
    assert_eq!(v.get_str("r"), None);
    assert!(v.set("r", "1".into()).is_err());
}

#[test]
fn broken_chains_end() {
    let mut v = Vars::new();
    v.set_ref("a", "b".into()).unwrap();
    v.set_ref("b", "a".into()).unwrap();
    assert_eq!(v.get_str("a"), None);
    assert_eq!(v.take_warnings(), ["warning: a: circular name reference"]);
    assert_eq!(v.set("a", "1".into()), Err(VarError::Circular("a".into())));
    // Eight references resolve; nine do not, silently.
    for i in 0..9 {
        v.set_ref(&format!("c{i}"), format!("c{}", i + 1)).unwrap();
    }
    v.set("c9", "end".into()).unwrap();
    assert_eq!(v.get_str("c1"), Some("end"));
    assert_eq!(v.get_str("c0"), None);
    assert!(v.take_warnings().is_empty());
    assert!(matches!(v.set("c0", "x".into()), Err(VarError::TooDeep(_))));
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
