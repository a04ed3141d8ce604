//! `--stream`: each input value as jq's stream events, `[path, leaf]` for
//! every scalar and empty container and `[path]` after the last child of
//! each non-empty container (the path of that last child), in document
//! order, as `tostream` makes them.
//!
//! The events come one at a time from an explicit stack (no recursion,
//! whatever the depth), each holding only its own path. Unlike jq, which
//! emits events while it parses, the value is read whole first: the
//! reader's memory budget bounds it as for any input.

use jaq_json::{Rc, Val};

/// An open container: the value and the index of its next child.
struct Frame {
    v: Val,
    next: usize,
}

/// The events of one value.
pub struct Events {
    stack: Vec<Frame>,
    path: Vec<Val>,
    /// A value whose only event is `[[], v]`.
    single: Option<Val>,
}

fn len(v: &Val) -> usize {
    match v {
        Val::Arr(a) => a.len(),
        Val::Obj(o) => o.len(),
        _ => 0,
    }
}

/// Key and value of child `i` of a container.
fn child(v: &Val, i: usize) -> Option<(Val, Val)> {
    match v {
        Val::Arr(a) => a.get(i).map(|c| (Val::from(i as isize), c.clone())),
        Val::Obj(o) => o.get_index(i).map(|(k, c)| (k.clone(), c.clone())),
        _ => None,
    }
}

fn arr(items: Vec<Val>) -> Val {
    Val::Arr(Rc::new(items))
}

impl Events {
    /// The events of `v`.
    pub fn new(v: Val) -> Self {
        if len(&v) == 0 {
            return Self {
                stack: Vec::new(),
                path: Vec::new(),
                single: Some(v),
            };
        }
        Self {
            stack: vec![Frame { v, next: 0 }],
            path: Vec::new(),
            single: None,
        }
    }
}

impl Iterator for Events {
    type Item = Val;

    fn next(&mut self) -> Option<Val> {
        if let Some(v) = self.single.take() {
            return Some(arr(vec![arr(Vec::new()), v]));
        }
        loop {
            let frame = self.stack.last_mut()?;
            let i = frame.next;
            match child(&frame.v, i) {
                Some((k, c)) => {
                    frame.next += 1;
                    self.path.push(k);
                    if len(&c) > 0 {
                        self.stack.push(Frame { v: c, next: 0 });
                        continue;
                    }
                    let event = arr(vec![arr(self.path.clone()), c]);
                    self.path.pop();
                    return Some(event);
                }
                None => {
                    // The closing event: the path of the last child.
                    let last = i
                        .checked_sub(1)
                        .and_then(|j| child(&frame.v, j))
                        .map(|kc| kc.0);
                    let mut p = self.path.clone();
                    p.extend(last);
                    self.stack.pop();
                    if !self.stack.is_empty() {
                        self.path.pop();
                    }
                    return Some(arr(vec![arr(p)]));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(json: &str) -> Vec<String> {
        let v = super::super::natives::parse_one(json.as_bytes()).unwrap_or(Val::Null);
        Events::new(v)
            .map(|e| {
                let mut out = Vec::new();
                let mut sink = super::super::write::Sink::capped(&mut out, usize::MAX);
                super::super::write::write_val(
                    &mut sink,
                    &e,
                    &super::super::write::Style::compact(),
                );
                String::from_utf8_lossy(&out).into_owned()
            })
            .collect()
    }

    #[test]
    fn events_as_jq() {
        assert_eq!(
            events(r#"{"a":[1,2]}"#),
            [
                r#"[["a",0],1]"#,
                r#"[["a",1],2]"#,
                r#"[["a",1]]"#,
                r#"[["a"]]"#
            ]
        );
        assert_eq!(events("3"), ["[[],3]"]);
        assert_eq!(events("[]"), ["[[],[]]"]);
        assert_eq!(
            events(r#"[{},[[]],"x"]"#),
            ["[[0],{}]", "[[1,0],[]]", "[[1,0]]", r#"[[2],"x"]"#, "[[2]]"]
        );
    }
}
