//! `try f`, `f?` and `try f catch g`, in place of jaq's.
//!
//! jaq turns every caught error into the value `catch` receives by
//! writing out its message, and the message of a type or index error
//! holds the whole value it failed on (`cannot index [...] with "a"`):
//! `.. | .a?` over a large document wrote the document out once per
//! array in it, and a value holding one long string many times wrote
//! out hundreds of megabytes unseen by the memory budget. Here `try f`
//! and `f?` drop the error without writing anything, and `catch` gets
//! the message as jq 1.7 words it, its text cut at the memory left.
//! Errors raised by a limit (memory, stop, depth) are not caught: the
//! run must stop.

use std::fmt::Write as _;

use jaq_core::native::Fun;
use jaq_core::{Bind, Error, Exn, Native, ValXs};
use jaq_json::Val;

use super::natives::{Ctl, JqData, ctl};

/// Longest error message `catch` is given, in bytes; the memory left
/// bounds it further.
const MAX_MESSAGE: usize = 1 << 20;

/// What is kept of a message longer than that.
const CUT_HEAD: usize = 1024;

/// `__sb_try(f)` and `__sb_try_catch(f; g)`.
pub fn funs() -> Vec<Fun<JqData>> {
    let one = || [Bind::Fun(())].into();
    let two = || [Bind::Fun(()), Bind::Fun(())].into();
    vec![
        (
            "__sb_try",
            one(),
            Native::new(|mut cv| {
                let (f, fc) = cv.0.pop_fun();
                let ctl = ctl(&cv.0);
                caught(f.run((fc, cv.1)), ctl, |_| Box::new(core::iter::empty()))
            })
            .with_paths(|mut cv| {
                let (f, fc) = cv.0.pop_fun();
                let ctl = ctl(&cv.0);
                caught(f.paths((fc, cv.1)), ctl, |_| Box::new(core::iter::empty()))
            }),
        ),
        (
            "__sb_try_catch",
            two(),
            Native::new(|mut cv| {
                let (g, gc) = cv.0.pop_fun();
                let (f, fc) = cv.0.pop_fun();
                let ctl = ctl(&cv.0);
                caught(f.run((fc, cv.1)), ctl, move |e| {
                    g.run((gc, error_value(e, message_cap(ctl))))
                })
            })
            .with_paths(|mut cv| {
                let (g, gc) = cv.0.pop_fun();
                let (f, fc) = cv.0.pop_fun();
                let ctl = ctl(&cv.0);
                // As in jaq, a `catch` inside a path expression makes
                // the error about the path.
                caught(f.paths((fc, cv.1)), ctl, move |e| {
                    let out = g.run((gc, error_value(e, message_cap(ctl))));
                    Box::new(out.map(|y| Err(Exn::from(Error::path_expr(y?)))))
                })
            }),
        ),
    ]
}

/// The outputs of `ys` up to its first error, then what `handler` makes
/// of that error. Exceptions that are not errors (`break`, `halt`) and
/// errors raised by a limit go on up.
fn caught<'a, T: 'a>(
    mut ys: ValXs<'a, T, Val>,
    ctl: &'a Ctl<'a>,
    handler: impl FnOnce(Error<Val>) -> ValXs<'a, T, Val> + 'a,
) -> ValXs<'a, T, Val> {
    let mut handler = Some(handler);
    let mut rest: Option<ValXs<'a, T, Val>> = None;
    Box::new(core::iter::from_fn(move || {
        if let Some(rest) = rest.as_mut() {
            return rest.next();
        }
        match ys.next()? {
            Ok(y) => Some(Ok(y)),
            Err(exn) => match exn.get_err() {
                Ok(e) if ctl.halted.get().is_none() => {
                    let mut out = handler.take()?(e);
                    let first = out.next();
                    rest = Some(out);
                    first
                }
                Ok(e) => Some(Err(Exn::from(e))),
                Err(exn) => Some(Err(exn)),
            },
        }
    }))
}

fn message_cap(ctl: &Ctl<'_>) -> usize {
    usize::try_from(ctl.budget.room())
        .unwrap_or(usize::MAX)
        .min(MAX_MESSAGE)
}

/// The value `catch` receives for `e`: the value given to `error`, or
/// jaq's message in jq's words; a message longer than `cap` bytes is
/// never written out whole, its head is kept (cut with `...`).
pub fn error_value(e: Error<Val>, cap: usize) -> Val {
    if raised_with_value(&e) {
        return e.into_val();
    }
    let mut w = Capped {
        text: String::new(),
        cap,
    };
    let cut = write!(w, "{e}").is_err();
    let mut text = w.text;
    if cut {
        // Too long to read back in jq's words: its head is enough to
        // say what failed.
        let mut end = text.len().min(CUT_HEAD);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.truncate(end);
        text.push_str("...");
    } else {
        text = super::messages::translate(&text);
    }
    Val::utf8_str(text.into_bytes())
}

/// Whether `e` holds a value given to `error` (or a message already
/// made), as opposed to one of jaq's messages built around values.
/// jaq keeps the difference private; its derived `Debug` shows it in
/// the first bytes, which is all that is written here.
fn raised_with_value(e: &Error<Val>) -> bool {
    let mut w = Capped {
        text: String::new(),
        cap: 16,
    };
    let _ = write!(w, "{e:?}");
    w.text.starts_with("Error(Val(")
}

/// Text that refuses to grow past `cap` bytes: formatting stops there.
struct Capped {
    text: String,
    cap: usize,
}

impl std::fmt::Write for Capped {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let room = self.cap.saturating_sub(self.text.len());
        if s.len() <= room {
            self.text.push_str(s);
            return Ok(());
        }
        let mut end = room;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        self.text.push_str(s.get(..end).unwrap_or_default());
        Err(std::fmt::Error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jq::write::shared;

    #[test]
    fn values_given_to_error_are_kept() {
        let v = shared(3, 2);
        assert!(raised_with_value(&Error::new(v.clone())));
        assert_eq!(error_value(Error::new(v.clone()), 10), v);
        assert!(!raised_with_value(&Error::index(v, Val::from(1isize))));
    }

    #[test]
    fn messages_are_cut_at_the_cap() {
        let big = shared(10_000, 10_000);
        let v = error_value(Error::index(big, Val::utf8_str(b"a".to_vec())), 4096);
        let Val::TStr(s) = v else {
            panic!("not a string")
        };
        assert!(s.len() <= CUT_HEAD + 3);
        assert!(s.ends_with(b"..."));
    }

    #[test]
    fn short_messages_are_in_jq_words() {
        let e = Error::index(shared(2, 1), Val::utf8_str(b"a".to_vec()));
        let v = error_value(e, 4096);
        assert_eq!(v, Val::utf8_str(b"Cannot index array with \"a\"".to_vec()));
    }
}
