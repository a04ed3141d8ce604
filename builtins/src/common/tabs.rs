//! Tab stops of `expand` and `unexpand`, parsed and applied as GNU's
//! `expand-common.c` does: `-t N` (every N columns), `-t 2,5,9` (a list),
//! a last value `/N` (every N after the list) or `+N` (every N counted
//! from the last stop). Several `-t` options add to one list.
//!
//! Invariant: every error is found before any input is read, worded as
//! GNU words it; columns are `u64` and a stop beyond them is refused
//! (`tab stop is too large`).

use std::borrow::Cow;

use crate::common::quote;

/// The tab stops being built from `-t` options.
#[derive(Clone, Debug, Default)]
pub struct TabStops {
    list: Vec<u64>,
    extend: u64,
    increment: u64,
    /// One stop every `size` columns (set by [`TabStops::finish`]).
    size: u64,
    /// The widest gap between stops: what `unexpand` may hold pending.
    pub max_width: u64,
}

impl TabStops {
    fn add(&mut self, v: u64) {
        let prev = self.list.last().copied().unwrap_or(0);
        self.max_width = self.max_width.max(v.saturating_sub(prev));
        self.list.push(v);
    }

    fn close(&mut self, v: u64, extend: bool, increment: bool) -> Result<(), String> {
        if extend {
            if self.extend != 0 {
                return Err("'/' specifier only allowed with the last value".into());
            }
            self.extend = v;
        } else if increment {
            if self.increment != 0 {
                return Err("'+' specifier only allowed with the last value".into());
            }
            self.increment = v;
        } else {
            self.add(v);
        }
        Ok(())
    }

    /// Adds the stops of one `-t` value; the error is GNU's message.
    pub fn parse(&mut self, spec: &str) -> Result<(), String> {
        let b = spec.as_bytes();
        let mut val: Option<u64> = None;
        let mut extend = false;
        let mut increment = false;
        let mut i = 0;
        while let Some(&c) = b.get(i) {
            match c {
                b',' | b' ' | b'\t' => {
                    if let Some(v) = val.take() {
                        self.close(v, extend, increment)?;
                    }
                }
                b'/' | b'+' => {
                    if val.is_some() {
                        let rest = spec.get(i..).unwrap_or("");
                        return Err(format!(
                            "'{}' specifier not at start of number: {}",
                            c as char,
                            quote(rest)
                        ));
                    }
                    extend = c == b'/';
                    increment = c == b'+';
                }
                b'0'..=b'9' => {
                    let v = val.unwrap_or(0);
                    match v
                        .checked_mul(10)
                        .and_then(|v| v.checked_add(u64::from(c - b'0')))
                    {
                        Some(n) => val = Some(n),
                        None => {
                            let start = spec
                                .get(..i)
                                .map(|h| h.trim_end_matches(|d: char| d.is_ascii_digit()).len())
                                .unwrap_or(0);
                            let rest = spec.get(start..).unwrap_or("");
                            let end = rest
                                .find(|d: char| !d.is_ascii_digit())
                                .unwrap_or(rest.len());
                            return Err(format!(
                                "tab stop is too large {}",
                                quote(rest.get(..end).unwrap_or(""))
                            ));
                        }
                    }
                }
                _ => {
                    let rest = spec.get(i..).map(Cow::Borrowed).unwrap_or_default();
                    return Err(format!(
                        "tab size contains invalid character(s): {}",
                        quote(&rest)
                    ));
                }
            }
            i += 1;
        }
        if let Some(v) = val {
            self.close(v, extend, increment)?;
        }
        Ok(())
    }

    /// Checks the stops once every `-t` is read.
    pub fn finish(&mut self) -> Result<(), String> {
        let mut prev = 0;
        for &t in &self.list {
            if t == 0 {
                return Err("tab size cannot be 0".into());
            }
            if t <= prev {
                return Err("tab sizes must be ascending".into());
            }
            prev = t;
        }
        if self.increment != 0 && self.extend != 0 {
            return Err("'/' specifier is mutually exclusive with '+'".into());
        }
        if self.list.is_empty() {
            self.size = if self.extend != 0 {
                self.extend
            } else if self.increment != 0 {
                self.increment
            } else {
                8
            };
            self.max_width = self.size;
        } else if self.list.len() == 1 && self.extend == 0 && self.increment == 0 {
            self.size = self.list.first().copied().unwrap_or(8);
        } else {
            self.size = 0;
        }
        Ok(())
    }

    /// The stop after `column`, `index` remembering where the list search
    /// got to; `None` past the last stop of a plain list.
    pub fn next(&self, column: u64, index: &mut usize) -> Option<u64> {
        if self.size != 0 {
            return Some(column.saturating_add(self.size - column % self.size));
        }
        while let Some(&t) = self.list.get(*index) {
            if column < t {
                return Some(t);
            }
            *index += 1;
        }
        if self.extend != 0 {
            return Some(column.saturating_add(self.extend - column % self.extend));
        }
        if let Some(steps) = column
            .saturating_sub(self.list.last().copied().unwrap_or(0))
            .checked_div(self.increment)
        {
            let last = self.list.last().copied().unwrap_or(0);
            let steps = steps + 1;
            return Some(last.saturating_add(steps.saturating_mul(self.increment)));
        }
        None
    }
}

/// Rewrites the obsolete `-4` / `-4,8` tab options as `--tabs=4,8`, as
/// GNU reads digits given as options.
pub fn rewrite_digits(args: &[String]) -> Cow<'_, [String]> {
    if !args
        .iter()
        .take_while(|a| *a != "--")
        .any(|a| is_digit_opt(a))
    {
        return Cow::Borrowed(args);
    }
    let mut out = Vec::with_capacity(args.len());
    let mut done = false;
    for a in args {
        if a == "--" {
            done = true;
        }
        if !done && is_digit_opt(a) {
            out.push(format!("--tabs={}", a.get(1..).unwrap_or("")));
        } else {
            out.push(a.clone());
        }
    }
    Cow::Owned(out)
}

fn is_digit_opt(a: &str) -> bool {
    a.len() > 1 && a.starts_with('-') && a.as_bytes().get(1).is_some_and(u8::is_ascii_digit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stops(specs: &[&str]) -> Result<TabStops, String> {
        let mut t = TabStops::default();
        for s in specs {
            t.parse(s)?;
        }
        t.finish()?;
        Ok(t)
    }

    #[test]
    fn lists_and_repeats() {
        let t = stops(&["2,5,9"]).unwrap();
        let mut i = 0;
        assert_eq!(t.next(0, &mut i), Some(2));
        assert_eq!(t.next(5, &mut i), Some(9));
        assert_eq!(t.next(9, &mut i), None);
        let t = stops(&["2,/4"]).unwrap();
        let mut i = 0;
        assert_eq!(t.next(2, &mut i), Some(4));
        assert_eq!(t.next(5, &mut i), Some(8));
        let t = stops(&["4,+8"]).unwrap();
        let mut i = 0;
        assert_eq!(t.next(5, &mut i), Some(12));
        assert_eq!(stops(&["3"]).unwrap().next(4, &mut 0), Some(6));
    }

    #[test]
    fn errors() {
        assert_eq!(
            stops(&["x"]).unwrap_err(),
            "tab size contains invalid character(s): 'x'"
        );
        assert_eq!(stops(&["0"]).unwrap_err(), "tab size cannot be 0");
        assert_eq!(stops(&["4,2"]).unwrap_err(), "tab sizes must be ascending");
        assert_eq!(
            stops(&["2,/4,5"]).unwrap_err(),
            "'/' specifier only allowed with the last value"
        );
        assert_eq!(
            stops(&["/3,+4"]).unwrap_err(),
            "'/' specifier is mutually exclusive with '+'"
        );
        assert_eq!(
            stops(&["3/4"]).unwrap_err(),
            "'/' specifier not at start of number: '/4'"
        );
        assert_eq!(
            stops(&["99999999999999999999999"]).unwrap_err(),
            "tab stop is too large '99999999999999999999999'"
        );
    }
}
