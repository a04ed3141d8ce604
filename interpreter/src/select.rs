//! bash's `select` compound command at run time.
//!
//! The grammar (`syntax/grammar.rs`) reads `select NAME [in WORDS]; do
//! LIST; done` with the rules of `for`, into brush-parser's `for` node
//! (brush-parser's tree has no `select`), whose span starts at the
//! keyword; the resolver makes a clause whose text starts `select`
//! [`Compound::Select`](crate::ast::Compound::Select).
//!
//! At run time the menu and the `$PS3` prompt go to stderr and a line of
//! stdin is read into `REPLY` by the `read` builtin itself, as bash's
//! `select_query` calls `read_builtin`, so the unread rest of stdin stays
//! for later commands and the line is charged to the run's memory.

use crate::ast::{List, Word};
use crate::exec::BodyEnd;
use crate::shell::{Exec, Flow, Shell};

/// bash's `NUMBER_LEN`: the width of an index, at most 6.
fn number_len(n: usize) -> usize {
    match n {
        0..=9 => 1,
        10..=99 => 2,
        100..=999 => 3,
        1000..=9999 => 4,
        10000..=99999 => 5,
        _ => 6,
    }
}

/// bash's `legal_number` for a reply: an optionally signed decimal
/// number, blanks allowed around it; `None` for anything else.
fn reply_number(s: &str) -> Option<i64> {
    let t = s.trim_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
    let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// The menu's lines as bash's `print_select_list` lays them out: items
/// numbered from 1, down the columns, as many columns as fit in `cols`,
/// each `max_len` wide, padded with tabs (stops every 8) and spaces.
fn menu_rows(items: &[String], cols: usize) -> impl Iterator<Item = String> + '_ {
    const RP_SPACE: &str = ") ";
    const TAB: usize = 8;
    let n = items.len();
    let indices_len = number_len(n);
    // bash measures display width; in the C locale that is bytes.
    let max_len =
        items.iter().map(String::len).max().unwrap_or(0) + indices_len + RP_SPACE.len() + 2;
    let per_row = (cols / max_len).max(1);
    // What fits on one line is still shown one item per line.
    let rows = match n.div_ceil(per_row) {
        1 => n,
        rows => rows,
    };
    let first_indices_len = number_len(rows);
    (0..rows).map(move |row| {
        let mut line = String::new();
        let mut ind = row;
        let mut pos = 0usize;
        while let Some(item) = items.get(ind) {
            let width = if pos == 0 {
                first_indices_len
            } else {
                indices_len
            };
            line.push_str(&format!("{:>width$}{RP_SPACE}{item}", ind + 1));
            ind += rows;
            if ind >= n {
                break;
            }
            // bash's `indent`: tabs while a tab stop lies before `to`.
            let mut from = pos + width + RP_SPACE.len() + item.len();
            let to = pos + max_len;
            while from < to {
                if to / TAB > from / TAB {
                    line.push('\t');
                    from += TAB - from % TAB;
                } else {
                    line.push(' ');
                    from += 1;
                }
            }
            pos += max_len;
        }
        line.push('\n');
        line
    })
}

impl Shell {
    /// Runs `select var [in words]; do body; done`.
    pub(crate) fn exec_select(&mut self, var: &str, words: Option<&[Word]>, body: &List) -> Exec {
        if !crate::builtin::valid_name(var) {
            self.error(&format!("`{var}': not a valid identifier"));
            return Ok(1);
        }
        let items = match words {
            Some(ws) => self.expand_words(ws)?,
            None => self.positional.as_ref().clone(),
        };
        if items.is_empty() {
            return Ok(0);
        }
        let mut status = 0;
        let mut show_menu = true;
        self.loop_depth += 1;
        let r = (|| loop {
            let Some(choice) = self.select_query(&items, show_menu)? else {
                return Ok(1);
            };
            if let Err(m) = self.set_var(var, choice) {
                self.error(&m);
                return Ok(1);
            }
            match self.loop_body(body)? {
                BodyEnd::Done(s) => status = s,
                BodyEnd::Continued => {}
                BodyEnd::Broke(s) => return Ok(s),
            }
            // As in ksh (and bash), the menu shows again only when the
            // body emptied `REPLY`.
            show_menu = self.vars.get_str("REPLY") == Some("");
        })();
        self.loop_depth -= 1;
        r
    }

    /// bash's `select_query`: shows the menu (when asked) and the prompt,
    /// reads a line into `REPLY` and gives the chosen item, `""` for a
    /// reply that names none, `None` at end of input. An empty line shows
    /// the menu again and reads another; each read counts as a loop
    /// iteration, so endless input ends with the iteration budget.
    fn select_query(&mut self, items: &[String], show_menu: bool) -> Result<Option<String>, Flow> {
        let mut show_menu = show_menu;
        let read = crate::builtin::lookup("read").ok_or(Flow::Fatal(1))?;
        let read_args = ["read".to_owned()];
        loop {
            self.tick_loop()?;
            if show_menu {
                let cols = match self.vars.get_str("COLUMNS").map(crate::numbers::atoi) {
                    Some(c) if c > 0 => usize::try_from(c).unwrap_or(usize::MAX),
                    _ => 80,
                };
                for row in menu_rows(items, cols) {
                    self.write_err(&row);
                }
            }
            let prompt = self.vars.get_str("PS3").unwrap_or("#? ").to_owned();
            self.write_err(&prompt);
            if read(self, &read_args)? != 0 {
                // bash ends the prompt's line on stdout.
                self.out(b"\n")?;
                return Ok(None);
            }
            let Some(reply) = self.vars.get_str("REPLY") else {
                return Ok(None);
            };
            if reply.is_empty() {
                show_menu = true;
                continue;
            }
            let chosen = reply_number(reply)
                .and_then(|n| usize::try_from(n).ok())
                .and_then(|n| n.checked_sub(1))
                .and_then(|i| items.get(i));
            return Ok(Some(chosen.cloned().unwrap_or_default()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn select_is_read_only_where_a_command_starts() {
        let has_select = |t: &str| {
            let script = crate::syntax::parse(t, 100).unwrap();
            format!("{script:?}").contains("Select")
        };
        for t in [
            "echo select x in a",
            "echo 'select x in a'",
            "echo \"select x in a\"",
            "selected x in a",
            "select=1; echo $select",
            "a=(select x in b)",
            "case y in select) :;; esac",
            "# select x in a\n",
            "cat <<E\nselect x in a\nE\n",
            "echo $(( select ))",
            "f \\select x",
        ] {
            assert!(!has_select(t), "{t:?}");
        }
        for t in [
            "select x in a; do :; done",
            "f() { echo select; select y\ndo :; done; }",
            "echo $(select x in a; do :; done)",
            "if :; then select x; do break; done; fi",
        ] {
            assert!(has_select(t), "{t:?}");
        }
    }

    #[test]
    fn lays_out_columns_as_bash() {
        let items: Vec<String> = (1..=12).map(|i| format!("item{i}")).collect();
        let rows: String = menu_rows(&items, 40).collect();
        assert_eq!(
            rows,
            "1) item1     5) item5\t 9) item9\n2) item2     6) item6\t10) item10\n\
             3) item3     7) item7\t11) item11\n4) item4     8) item8\t12) item12\n"
        );
        let rows: String = menu_rows(&items[..2], 80).collect();
        assert_eq!(rows, "1) item1\n2) item2\n");
    }

    #[test]
    fn replies_are_numbers_as_bash_reads_them() {
        assert_eq!(reply_number(" 2 "), Some(2));
        assert_eq!(reply_number("+1"), Some(1));
        assert_eq!(reply_number("02"), Some(2));
        assert_eq!(reply_number("0x2"), None);
        assert_eq!(reply_number("2a"), None);
        assert_eq!(reply_number("-"), None);
        assert_eq!(reply_number("99999999999999999999"), None);
    }
}
