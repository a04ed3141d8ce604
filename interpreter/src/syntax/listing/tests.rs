use std::sync::Arc;

use super::*;
use crate::ast::{Command, Compound, SimpleCommand};
use crate::syntax::old_print as old;

fn show(src: &str) -> String {
    let f = crate::syntax::function_from_source(src, 100).expect("a function");
    function_text(&f, 100)
}

#[test]
fn bodies_are_reindented_with_semicolons() {
    assert_eq!(
        show("f() { echo hi; if true; then echo yes; fi; }"),
        "f () \n{ \n    echo hi;\n    if true; then\n        echo yes;\n    fi\n}"
    );
}

#[test]
fn elif_becomes_if_inside_else() {
    assert_eq!(
        show("f() { if a; then b; elif c; then d; fi; }"),
        "f () \n{ \n    if a; then\n        b;\n    else\n        if c; then\n            d;\n        fi;\n    fi\n}"
    );
}

#[test]
fn heredoc_bodies_follow_their_line_and_drop_the_semicolon() {
    assert_eq!(
        show("f() { cat <<E\nx\nE\necho after; }"),
        "f () \n{ \n    cat <<E\nx\nE\n\n    echo after\n}"
    );
    assert_eq!(
        show("f() { cat <<-'E' | tr a b\n\tq\n\tE\necho z; }"),
        "f () \n{ \n    cat <<-'E' |\nq\nE\n  tr a b\n    echo z\n}"
    );
}

#[test]
fn arithmetic_for_parts_keep_their_text() {
    assert_eq!(
        show("f() { for (( i = (1+2) ; i < 5 ; i++ )); do :; done; }"),
        "f () \n{ \n    for ((i = (1+2) ; i < 5 ; i++ ))\n    do\n        :;\n    done\n}"
    );
    assert_eq!(
        show("f() { for ((;;)); do :; done; }"),
        "f () \n{ \n    for ((; ; ))\n    do\n        :;\n    done\n}"
    );
}

#[test]
fn command_substitutions_are_printed_to_a_depth() {
    with_budget(1024, command_substitutions_to_a_depth);
}

fn command_substitutions_to_a_depth() {
    assert_eq!(word_text("$(  echo   a )", 10), "$(echo a)");
    // Past the depth, a body stays as written.
    assert_eq!(
        word_text("$( echo $(  echo  b ) )", 1),
        "$(echo $(  echo  b ))"
    );
    assert_eq!(word_text("$( echo  a )", 0), "$( echo  a )");
    // A body that does not parse stays as written.
    assert_eq!(word_text("x$( if )y", 10), "x$( if )y");
    assert_eq!(word_text("'$( a )'\"$( b  )\"", 10), "'$( a )'\"$(b)\"");
    assert_eq!(word_text("$( (a) )", 10), "$( ( a ))");
}

#[test]
fn bodies_past_the_budget_stay_as_written() {
    let w = "$( echo  a ) $( echo  bbbbbbbbbbbbbbbbbbbb )";
    assert_eq!(
        with_budget(12, || word_text(w, 10)),
        "$(echo a) $( echo  bbbbbbbbbbbbbbbbbbbb )"
    );
    assert_eq!(
        with_budget(1024, || word_text(w, 10)),
        "$(echo a) $(echo bbbbbbbbbbbbbbbbbbbb)"
    );
    // Outside a print nothing is parsed.
    assert_eq!(word_text("$( echo  a )", 10), "$( echo  a )");
}

#[test]
fn ansi_c_parts_become_single_quoted() {
    assert_eq!(ansi_c_quoted("$'a\\tb'"), "'a\tb'");
    assert_eq!(ansi_c_quoted("$'it\\'s'"), "'it'\\''s'");
    assert_eq!(ansi_c_quoted("\"x$'q'\" 'y$'"), "\"x$'q'\" 'y$'");
    assert_eq!(ansi_c_quoted("\\$'a'"), "\\$'a'");
    assert_eq!(ansi_c_quoted("$(echo $'a')"), "$(echo $'a')");
}

#[test]
fn redirections_show_bash_descriptors() {
    assert_eq!(
        show("f() { echo a >&2 2>/dev/null <>x 3<&-; } >out"),
        "f () \n{ \n    echo a 1>&2 2> /dev/null 0<> x 3>&-\n} > out"
    );
}

/// The functions and simple commands of a list, nested ones included.
#[derive(Default)]
struct Found {
    functions: Vec<Arc<crate::ast::FuncDef>>,
    commands: Vec<String>,
}

impl Found {
    fn list(&mut self, list: &crate::ast::List) {
        for item in list {
            for p in
                std::iter::once(&item.and_or.first).chain(item.and_or.rest.iter().map(|r| &r.1))
            {
                for c in &p.commands {
                    self.command(c);
                }
            }
        }
    }

    fn command(&mut self, c: &Command) {
        match c {
            Command::Simple(s) => self.simple(s),
            Command::Compound(c, _) => self.compound(c),
            Command::FuncDef(f) => {
                self.functions.push(Arc::clone(f));
                self.compound(&f.body);
            }
        }
    }

    fn simple(&mut self, s: &SimpleCommand) {
        self.commands.push(s.text.written().to_owned());
    }

    fn compound(&mut self, c: &Compound) {
        match c {
            Compound::Brace(l) | Compound::Subshell(l) => self.list(l),
            Compound::If {
                branches,
                otherwise,
            } => {
                for (c, b) in branches {
                    self.list(c);
                    self.list(b);
                }
                if let Some(l) = otherwise {
                    self.list(l);
                }
            }
            Compound::While { cond, body, .. } => {
                self.list(cond);
                self.list(body);
            }
            Compound::For { body, .. }
            | Compound::Select { body, .. }
            | Compound::ArithFor { body, .. } => self.list(body),
            Compound::Case { items, .. } => {
                for i in items {
                    self.list(&i.body);
                }
            }
            Compound::Coproc { body, .. } => self.command(body),
            Compound::Arith(_) | Compound::Test(..) => {}
        }
    }
}

/// Counts of the texts compared.
#[derive(Debug, Default)]
struct Compared {
    functions: usize,
    commands: usize,
    proc_subs: usize,
    /// Texts differing only where brush-parser reads `( ((` as `(((`.
    subshell_arith: usize,
    /// Texts the parser reads as bash does where brush-parser, which the
    /// old printer reads them with, refuses them (`parser::deviation`).
    deviated: usize,
    differ: Vec<String>,
}

impl Compared {
    fn check(&mut self, what: &str, old: String, new: String) {
        // brush-parser reads `( ((x)) )` as one arithmetic command, bash
        // and the parser as a subshell holding one (`parser/compound.rs`):
        // the old text is `(((x)))`, bash's `( ((x)) )`.
        if old != new && new.replace("( ((", "(((").replace(")) )", ")))") == old {
            self.subshell_arith += 1;
            return;
        }
        if old != new && self.differ.len() < 20 {
            self.differ
                .push(format!("{what}:\n--- old\n{old}\n--- new\n{new}\n"));
        }
    }

    /// Prints every function, command and process substitution of `text`
    /// with both printers.
    fn text(&mut self, text: &str) {
        use crate::syntax::parser::deviation;
        deviation::take();
        let (script, subs) =
            crate::syntax::shown::recording_proc_subs(|| crate::syntax::parse(text, 100));
        let Ok(script) = script else {
            return;
        };
        // Lines of nested bodies change nothing printed.
        if deviation::take() & !(deviation::Deviation::LinesOfNestedBodies as u32) != 0 {
            self.deviated += 1;
            return;
        }
        let mut found = Found::default();
        found.list(&script.list);
        for f in &found.functions {
            self.functions += 1;
            self.check(&f.source, old::function_text(f, 100), function_text(f, 100));
        }
        for c in &found.commands {
            self.commands += 1;
            self.check(
                c,
                old::normalized_command_text(c, 100),
                normalized_command_text(c, 100),
            );
        }
        for (write, body, shown) in subs {
            self.proc_subs += 1;
            self.check(&body, old::proc_sub_source_text(write, &body), shown);
        }
    }
}

#[test]
fn the_printer_prints_as_the_old_one_on_the_corpora() {
    crate::syntax::test_corpus::on_shell_stack(|| {
        let mut c = Compared::default();
        for path in crate::syntax::test_corpus::corpus_files() {
            let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
            c.text(&text);
        }
        let corpora = (c.functions, c.commands, c.proc_subs);
        for text in crate::syntax::test_corpus::mutated_corpus_texts(17, 2) {
            c.text(&text);
        }
        let mut g = crate::syntax::grammar::tests::Gen(17);
        for _ in 0..2000 {
            let depth = 1 + g.next(4) as u32;
            let script = g.list(depth);
            c.text(&format!("f() {{\n{script}\n}}"));
        }
        eprintln!(
            "printed (functions, commands, process substitutions): corpora {corpora:?}, \
             with mutated and generated scripts {:?}; subshells brush-parser reads as (( )): {}; \
             texts read as bash does where brush-parser refuses: {}",
            (c.functions, c.commands, c.proc_subs),
            c.subshell_arith,
            c.deviated
        );
        assert!(c.differ.is_empty(), "{}", c.differ.join("\n"));
        assert!(
            corpora.0 > 400 && corpora.1 > 40_000 && corpora.2 > 100,
            "{corpora:?}"
        );
    });
}
