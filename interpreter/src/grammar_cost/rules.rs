//! brush-parser 0.4's script grammar (`parser/peg.rs`), rule for rule and
//! alternative for alternative, as a recognizer: each rule gives the
//! position it ends at, or `None` where brush-parser's rule fails. Rules
//! that can hold a nested command are remembered (`Grammar::memo`); the
//! others are cheap and read afresh each time, as brush-parser does.

use brush_parser::Token;

use super::{Grammar, Rule};

/// The binary operators of `[[ ]]` that are words (`-eq` … `!=`, `=~`).
const TEST_BINARY_WORDS: &[&str] = &[
    "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-ef", "-nt", "-ot", "==", "=", "!=", "=~",
];

/// The unary operators of `[[ ]]`.
const TEST_UNARY: &[&str] = &[
    "-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-n", "-o", "-p", "-r", "-s", "-t", "-u",
    "-v", "-w", "-x", "-z", "-G", "-L", "-N", "-O", "-R", "-S",
];

/// `io_file`'s operators, in its order.
const FILE_REDIRECTS: &[&str] = &["<", "<&", ">", ">&", ">>", "<>", ">|"];

impl<'t> Grammar<'t> {
    pub(super) fn program(&mut self) -> Option<usize> {
        let start = self.linebreak(0);
        if let Some(end) = self.complete_commands(start) {
            return Some(self.linebreak(end));
        }
        Some(self.linebreak(0))
    }

    fn complete_commands(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::CompleteCommands, pos, |g, pos| {
            let mut end = g.complete_command(pos)?;
            while let Some(next) = g.newline_list(end).and_then(|n| g.complete_command(n)) {
                end = next;
            }
            Some(end)
        })
    }

    fn complete_command(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::CompleteCommand, pos, |g, pos| {
            let mut end = g.and_or(pos)?;
            while let Some(next) = g.separator_op(end).and_then(|n| g.and_or(n)) {
                end = next;
            }
            Some(g.separator_op(end).unwrap_or(end))
        })
    }

    fn separator_op(&mut self, pos: usize) -> Option<usize> {
        self.op_is(pos, "&").or_else(|| self.op_is(pos, ";"))
    }

    fn and_or(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::AndOr, pos, |g, pos| {
            let mut end = g.pipeline(pos)?;
            while let Some(next) = g.and_or_item(end) {
                end = next;
            }
            Some(end)
        })
    }

    fn and_or_item(&mut self, pos: usize) -> Option<usize> {
        let op = self.op_is(pos, "&&").or_else(|| self.op_is(pos, "||"))?;
        let next = self.linebreak(op);
        self.pipeline(next)
    }

    fn pipeline(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::Pipeline, pos, |g, pos| {
            let mut at = pos;
            let mut timed = false;
            if g.ext(at)
                && let Some(next) = g.word_is(at, "time")
            {
                timed = true;
                at = g.word_is(next, "-p").unwrap_or(next);
            }
            let mut bang = false;
            while let Some(next) = g.word_is(at, "!") {
                bang = true;
                at = next;
            }
            let end = g.pipe_sequence(at)?;
            (timed || bang || end > at).then_some(end)
        })
    }

    fn pipe_sequence(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::PipeSequence, pos, |g, pos| {
            let Some(mut end) = g.pipe_element(pos) else {
                return Some(pos);
            };
            while let Some(next) = g
                .pipe_operator(end)
                .map(|n| g.linebreak(n))
                .and_then(|n| g.pipe_element(n))
            {
                end = next;
            }
            Some(end)
        })
    }

    /// A command, then a look for `|&` after it.
    fn pipe_element(&mut self, pos: usize) -> Option<usize> {
        let end = self.command(pos)?;
        if self.ext(end) {
            self.op_is(end, "|&");
        }
        Some(end)
    }

    fn pipe_operator(&mut self, pos: usize) -> Option<usize> {
        if let Some(next) = self.op_is(pos, "|") {
            return Some(next);
        }
        if self.ext(pos) {
            return self.op_is(pos, "|&");
        }
        None
    }

    fn command(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::Command, pos, |g, pos| {
            if let Some(end) = g.function_definition(pos) {
                return Some(end);
            }
            if let Some(end) = g.simple_command(pos) {
                return Some(end);
            }
            if let Some(end) = g.compound_command(pos) {
                return Some(g.redirect_list(end).unwrap_or(end));
            }
            if g.ext(pos)
                && let Some(end) = g.extended_test_command(pos)
            {
                return Some(g.redirect_list(end).unwrap_or(end));
            }
            None
        })
    }

    fn compound_command(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::CompoundCommand, pos, |g, pos| {
            if g.ext(pos)
                && let Some(end) = g.arithmetic_command(pos)
            {
                return Some(end);
            }
            if g.ext(pos)
                && let Some(end) = g.coproc_clause(pos)
            {
                return Some(end);
            }
            let plain: [fn(&mut Self, usize) -> Option<usize>; 6] = [
                Self::brace_group,
                Self::subshell,
                Self::for_clause,
                Self::case_clause,
                Self::if_clause,
                // `while_clause`, then `until_clause`: one rule here.
                Self::while_until_clause,
            ];
            for rule in plain {
                if let Some(end) = rule(g, pos) {
                    return Some(end);
                }
            }
            if g.ext(pos) {
                return g.arithmetic_for_clause(pos);
            }
            None
        })
    }

    fn arithmetic_command(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::ArithCommand, pos, |g, pos| {
            let open = g.op_is(pos, "(").and_then(|n| g.op_is(n, "("))?;
            let body = g.arithmetic_expression(open);
            g.op_is(body, ")").and_then(|n| g.op_is(n, ")"))
        })
    }

    fn arithmetic_expression(&mut self, mut pos: usize) -> usize {
        while let Some(next) = self.arithmetic_piece(pos) {
            pos = next;
        }
        pos
    }

    fn arithmetic_piece(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::ArithPiece, pos, |g, pos| {
            if let Some(mut at) = g.op_is(pos, "(") {
                loop {
                    if g.op_is(at, ")").is_some() {
                        break;
                    }
                    match g.arithmetic_piece(at) {
                        Some(next) => at = next,
                        None => break,
                    }
                }
                if let Some(end) = g.op_is(at, ")") {
                    return Some(end);
                }
            }
            if g.arithmetic_end(pos) || g.op_is(pos, ")").is_some() {
                return None;
            }
            g.any(pos)
        })
    }

    fn arithmetic_end(&mut self, pos: usize) -> bool {
        self.op_is(pos, ")")
            .and_then(|n| self.op_is(n, ")"))
            .is_some()
            || self.op_is(pos, ";").is_some()
    }

    fn subshell(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::Subshell, pos, |g, pos| {
            let list = g.op_is(pos, "(").and_then(|n| g.compound_list(n))?;
            g.op_is(list, ")")
        })
    }

    fn compound_list(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::CompoundList, pos, |g, pos| {
            let start = g.linebreak(pos);
            let mut end = g.and_or(start)?;
            while let Some(next) = g.separator(end).and_then(|n| g.and_or(n)) {
                end = next;
            }
            Some(g.separator(end).unwrap_or(end))
        })
    }

    fn separator(&mut self, pos: usize) -> Option<usize> {
        if let Some(next) = self.separator_op(pos) {
            return Some(self.linebreak(next));
        }
        self.newline_list(pos)
    }

    fn sequential_sep(&mut self, pos: usize) -> Option<usize> {
        if let Some(next) = self.op_is(pos, ";") {
            return Some(self.linebreak(next));
        }
        self.newline_list(pos)
    }

    fn for_clause(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::For, pos, |g, pos| {
            let name = g.word_is(pos, "for").and_then(|n| g.word(n));
            if let Some(name) = name {
                let in_at = g.linebreak(name);
                if let Some(mut at) = g.word_is(in_at, "in") {
                    while let Some(next) = g.word(at) {
                        at = next;
                    }
                    if let Some(end) = g.sequential_sep(at).and_then(|n| g.do_group(n)) {
                        return Some(end);
                    }
                }
            }
            let name = g.word_is(pos, "for").and_then(|n| g.word(n))?;
            let body = g.sequential_sep(name).unwrap_or(name);
            g.do_group(body)
        })
    }

    fn arithmetic_for_clause(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::ArithFor, pos, |g, pos| {
            let mut at = g
                .word_is(pos, "for")
                .and_then(|n| g.op_is(n, "("))
                .and_then(|n| g.op_is(n, "("))?;
            for _ in 0..2 {
                let expr = g.arithmetic_expression(at);
                at = g.op_is(expr, ";")?;
            }
            let expr = g.arithmetic_expression(at);
            let body = g.op_is(expr, ")").and_then(|n| g.op_is(n, ")"))?;
            let group = g.sequential_sep(body).unwrap_or(body);
            g.do_group(group).or_else(|| g.brace_group(body))
        })
    }

    fn extended_test_command(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::ExtTest, pos, |g, pos| {
            let open = g.word_is(pos, "[[")?;
            let start = g.linebreak(open);
            let expr = g.test_expr(start, 0)?;
            let close = g.linebreak(expr);
            g.word_is(close, "]]")
        })
    }

    /// `extended_test_expression`'s precedence climbing: levels 0 (`||`),
    /// 1 (`&&`), 2 (`!`), then the operands.
    fn test_expr(&mut self, pos: usize, level: u8) -> Option<usize> {
        self.memo(Rule::TestExpr(level), pos, |g, pos| {
            let mut end = g.test_operand(pos)?;
            loop {
                let mut next = None;
                for (op, op_level) in [("||", 0), ("&&", 1)] {
                    if level > op_level {
                        continue;
                    }
                    let before = g.linebreak(end);
                    next = g
                        .op_is(before, op)
                        .map(|n| g.linebreak(n))
                        .and_then(|n| g.test_expr(n, op_level + 1));
                    if next.is_some() {
                        break;
                    }
                }
                match next {
                    Some(n) => end = n,
                    None => return Some(end),
                }
            }
        })
    }

    fn test_operand(&mut self, pos: usize) -> Option<usize> {
        if let Some(end) = self
            .word_is(pos, "!")
            .and_then(|next| self.test_expr(next, 2))
        {
            return Some(end);
        }
        if let Some(end) = self
            .op_is(pos, "(")
            .and_then(|next| self.test_expr(next, 0))
            .and_then(|n| self.op_is(n, ")"))
        {
            return Some(end);
        }
        for op in TEST_BINARY_WORDS {
            let Some(left) = self.word(pos) else { break };
            if let Some(right) = self.word_is(left, op) {
                let end = if *op == "=~" {
                    self.regex_word(right)
                } else {
                    self.word(right)
                };
                if end.is_some() {
                    return end;
                }
            }
        }
        for op in ["<", ">"] {
            if let Some(end) = self
                .word(pos)
                .and_then(|n| self.op_is(n, op))
                .and_then(|n| self.word(n))
            {
                return Some(end);
            }
        }
        for op in TEST_UNARY {
            if let Some(end) = self.word_is(pos, op).and_then(|n| self.word(n)) {
                return Some(end);
            }
        }
        self.word(pos)
    }

    fn regex_word(&mut self, pos: usize) -> Option<usize> {
        let mut end = None;
        let mut at = pos;
        while self.word_is(at, "]]").is_none() {
            match self.regex_piece(at) {
                Some(next) => {
                    at = next;
                    end = Some(next);
                }
                None => break,
            }
        }
        end
    }

    fn regex_piece(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::RegexPiece, pos, |g, pos| {
            if let Some(end) = g.word(pos) {
                return Some(end);
            }
            if let Some(end) = g.op_is(pos, "|") {
                return Some(end);
            }
            let mut at = g.op_is(pos, "(")?;
            loop {
                if let Some(next) = g.regex_piece(at) {
                    at = next;
                    continue;
                }
                if g.op_is(at, ")").is_some() || g.word_is(at, "]]").is_some() {
                    break;
                }
                match g.any(at) {
                    Some(next) => at = next,
                    None => break,
                }
            }
            g.op_is(at, ")")
        })
    }

    fn case_clause(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::Case, pos, |g, pos| {
            let value = g.word_is(pos, "case").and_then(|n| g.word(n))?;
            let in_at = g.linebreak(value);
            let items = g.word_is(in_at, "in").map(|n| g.linebreak(n))?;
            let mut at = items;
            while let Some(next) = g.case_item(at) {
                at = next;
            }
            let Some(last) = g.case_item_ns(at) else {
                return g.word_is(at, "esac");
            };
            let end = g.word_is(last, "esac");
            if end.is_some() {
                g.open_arms.push(last);
            }
            end
        })
    }

    /// `(`? pattern `)`: the start every case arm shares.
    fn case_pattern(&mut self, pos: usize) -> Option<usize> {
        let start = self.op_is(pos, "(").unwrap_or(pos);
        let mut at = self.word(start)?;
        while let Some(next) = self.op_is(at, "|").and_then(|n| self.word(n)) {
            at = next;
        }
        self.op_is(at, ")")
    }

    fn case_item_ns(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::CaseItemNs, pos, |g, pos| {
            if let Some(end) = g.case_pattern(pos).and_then(|n| g.compound_list(n)) {
                return Some(end);
            }
            g.case_pattern(pos).map(|n| g.linebreak(n))
        })
    }

    fn case_item(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::CaseItem, pos, |g, pos| {
            if let Some(end) = g
                .case_pattern(pos)
                .map(|n| g.linebreak(n))
                .and_then(|n| g.case_post_action(n))
            {
                return Some(g.linebreak(end));
            }
            let end = g
                .case_pattern(pos)
                .and_then(|n| g.compound_list(n))
                .and_then(|n| g.case_post_action(n))?;
            Some(g.linebreak(end))
        })
    }

    fn case_post_action(&mut self, pos: usize) -> Option<usize> {
        if let Some(end) = self.op_is(pos, ";;") {
            return Some(end);
        }
        for op in [";;&", ";&"] {
            if self.ext(pos)
                && let Some(end) = self.op_is(pos, op)
            {
                return Some(end);
            }
        }
        None
    }

    fn if_clause(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::If, pos, |g, pos| {
            let then = g
                .word_is(pos, "if")
                .and_then(|n| g.compound_list(n))
                .and_then(|n| g.word_is(n, "then"))
                .and_then(|n| g.compound_list(n))?;
            let at = g.else_part(then).unwrap_or(then);
            g.word_is(at, "fi")
        })
    }

    fn else_part(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::ElsePart, pos, |g, pos| {
            if let Some(mut at) = g.conditional_else(pos) {
                while let Some(next) = g.conditional_else(at) {
                    at = next;
                }
                return Some(g.unconditional_else(at).unwrap_or(at));
            }
            g.unconditional_else(pos)
        })
    }

    fn conditional_else(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::CondElse, pos, |g, pos| {
            g.word_is(pos, "elif")
                .and_then(|n| g.compound_list(n))
                .and_then(|n| g.word_is(n, "then"))
                .and_then(|n| g.compound_list(n))
        })
    }

    fn unconditional_else(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::UncondElse, pos, |g, pos| {
            g.word_is(pos, "else").and_then(|n| g.compound_list(n))
        })
    }

    /// `while_clause`, and `until_clause` (the same but for its word).
    fn while_until_clause(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::WhileUntil, pos, |g, pos| {
            let open = g
                .word_is(pos, "while")
                .or_else(|| g.word_is(pos, "until"))?;
            g.compound_list(open).and_then(|n| g.do_group(n))
        })
    }

    fn coproc_clause(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::Coproc, pos, |g, pos| {
            let open = g.word_is(pos, "coproc").map(|n| g.linebreak(n))?;
            let body = g.coproc_name(open).unwrap_or(open);
            g.command(body)
        })
    }

    fn coproc_name(&mut self, pos: usize) -> Option<usize> {
        let name = self.fname(pos)?;
        let end = self.linebreak(name);
        let opens = self.word_is(end, "{").is_some() || self.op_is(end, "(").is_some();
        opens.then_some(end)
    }

    fn function_definition(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::FunctionDef, pos, |g, pos| {
            if let Some(end) = g
                .word_is(pos, "function")
                .and_then(|n| g.fname(n))
                .and_then(|n| g.function_parens_and_body(n))
            {
                return Some(end);
            }
            if let Some(end) = g
                .non_reserved_fname(pos)
                .and_then(|n| g.function_parens_and_body(n))
            {
                return Some(end);
            }
            let name = g.word_is(pos, "function").and_then(|n| g.fname(n))?;
            let body = g.linebreak(name);
            g.function_body(body)
        })
    }

    fn function_parens_and_body(&mut self, pos: usize) -> Option<usize> {
        let body = self
            .op_is(pos, "(")
            .and_then(|n| self.op_is(n, ")"))
            .map(|n| self.linebreak(n))?;
        self.function_body(body)
    }

    fn function_body(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::FunctionBody, pos, |g, pos| {
            let end = g.compound_command(pos)?;
            Some(g.redirect_list(end).unwrap_or(end))
        })
    }

    fn fname(&mut self, pos: usize) -> Option<usize> {
        match self.token(pos) {
            Some(Token::Word(w, _)) if !w.ends_with('=') => Some(pos + 1),
            _ => None,
        }
    }

    fn non_reserved_fname(&mut self, pos: usize) -> Option<usize> {
        if self.reserved_word(pos) {
            return None;
        }
        self.fname(pos)
    }

    fn reserved_word(&mut self, pos: usize) -> bool {
        // brush-parser's list, then (outside POSIX mode, after
        // `non_posix_extensions_enabled()`) up to five tries more.
        match self.token(pos) {
            Some(Token::Word(w, _)) => match w.as_str() {
                "!" | "{" | "}" | "case" | "do" | "done" | "elif" | "else" | "esac" | "fi"
                | "for" | "if" | "in" | "then" | "until" | "while" => true,
                w => {
                    self.steps = self.steps.saturating_add(6);
                    matches!(w, "[[" | "]]" | "function" | "select" | "coproc")
                }
            },
            Some(_) => {
                self.steps = self.steps.saturating_add(6);
                false
            }
            None => false,
        }
    }

    fn non_reserved_word(&mut self, pos: usize) -> Option<usize> {
        if self.reserved_word(pos) {
            return None;
        }
        self.word(pos)
    }

    fn brace_group(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::BraceGroup, pos, |g, pos| {
            g.word_is(pos, "{")
                .and_then(|n| g.compound_list(n))
                .and_then(|n| g.word_is(n, "}"))
        })
    }

    fn do_group(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::DoGroup, pos, |g, pos| {
            g.word_is(pos, "do")
                .and_then(|n| g.compound_list(n))
                .and_then(|n| g.word_is(n, "done"))
        })
    }

    fn simple_command(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::SimpleCommand, pos, |g, pos| {
            if let Some(prefix) = g.cmd_prefix(pos) {
                let Some(word) = g.cmd_word(prefix) else {
                    return Some(prefix);
                };
                return Some(g.cmd_suffix(word).unwrap_or(word));
            }
            let name = g.non_reserved_word(pos)?;
            Some(g.cmd_suffix(name).unwrap_or(name))
        })
    }

    fn cmd_word(&mut self, pos: usize) -> Option<usize> {
        if self.assignment_word(pos).is_some() {
            return None;
        }
        self.non_reserved_word(pos)
    }

    fn cmd_prefix(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::CmdPrefix, pos, |g, pos| {
            let mut end = None;
            let mut at = pos;
            while let Some(next) = g.io_redirect(at).or_else(|| g.assignment_word(at)) {
                at = next;
                end = Some(next);
            }
            end
        })
    }

    fn cmd_suffix(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::CmdSuffix, pos, |g, pos| {
            let mut end = None;
            let mut at = pos;
            loop {
                let next = if g.ext(at) {
                    g.process_substitution(at)
                } else {
                    None
                };
                let next = next
                    .or_else(|| g.io_redirect(at))
                    .or_else(|| g.assignment_word(at))
                    .or_else(|| g.word(at));
                match next {
                    Some(n) => {
                        at = n;
                        end = Some(n);
                    }
                    None => return end,
                }
            }
        })
    }

    fn redirect_list(&mut self, pos: usize) -> Option<usize> {
        let mut end = self.io_redirect(pos)?;
        while let Some(next) = self.io_redirect(end) {
            end = next;
        }
        Some(end)
    }

    fn io_redirect(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::IoRedirect, pos, |g, pos| {
            let after_number = g.io_number(pos).unwrap_or(pos);
            if let Some(end) = g.io_file(after_number) {
                return Some(end);
            }
            for op in ["&>>", "&>"] {
                if g.ext(pos)
                    && let Some(end) = g.op_is(pos, op).and_then(|n| g.word(n))
                {
                    return Some(end);
                }
            }
            if g.ext(pos) {
                let at = g.io_number(pos).unwrap_or(pos);
                if let Some(end) = g.op_is(at, "<<<").and_then(|n| g.word(n)) {
                    return Some(end);
                }
            }
            let at = g.io_number(pos).unwrap_or(pos);
            g.io_here(at)
        })
    }

    fn io_file(&mut self, pos: usize) -> Option<usize> {
        for op in FILE_REDIRECTS {
            let Some(target) = self.op_is(pos, op) else {
                continue;
            };
            let end = if op.ends_with('&') {
                self.word(target)
            } else {
                let sub = if self.ext(target) {
                    self.process_substitution(target)
                } else {
                    None
                };
                sub.or_else(|| self.word(target))
            };
            if end.is_some() {
                return end;
            }
        }
        None
    }

    fn io_here(&mut self, pos: usize) -> Option<usize> {
        for op in ["<<-", "<<"] {
            if let Some(end) = self
                .op_is(pos, op)
                .and_then(|n| self.word(n))
                .and_then(|n| self.any(n))
                .and_then(|n| self.word(n))
            {
                return Some(end);
            }
        }
        None
    }

    /// Digits written right against a following `<` or `>` operator.
    fn io_number(&mut self, pos: usize) -> Option<usize> {
        let Some(Token::Word(w, num)) = self.token(pos) else {
            return None;
        };
        if !w.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let num_end = num.end.index;
        match self.token(pos + 1) {
            Some(Token::Operator(o, op))
                if o.starts_with(['<', '>']) && op.start.index == num_end =>
            {
                Some(pos + 1)
            }
            _ => None,
        }
    }

    fn process_substitution(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::ProcessSubst, pos, |g, pos| {
            for op in ["<", ">"] {
                if let Some(end) = g.op_is(pos, op).and_then(|n| g.subshell(n)) {
                    return Some(end);
                }
            }
            None
        })
    }

    fn assignment_word(&mut self, pos: usize) -> Option<usize> {
        self.memo(Rule::Assignment, pos, |g, pos| {
            if g.ext(pos)
                && let Some(Token::Word(w, _)) = g.token(pos)
                && let Some(open) = g.op_is(pos + 1, "(")
            {
                let array = is_array_name(w);
                let mut at = g.linebreak(open);
                while let Some(next) = g.array_element(at) {
                    at = next;
                }
                if array && let Some(end) = g.op_is(at, ")") {
                    return Some(end);
                }
            }
            match g.token(pos) {
                Some(Token::Word(w, _)) if is_assignment(w) => Some(pos + 1),
                _ => None,
            }
        })
    }

    fn array_element(&mut self, pos: usize) -> Option<usize> {
        let at = self.linebreak(pos);
        let end = self.word(at)?;
        Some(self.linebreak(end))
    }
}

/// Whether `word` starts `NAME=` or `NAME[...]=` (or `+=`): brush-parser's
/// assignment word, as far as its cost goes.
fn is_assignment(word: &str) -> bool {
    let name = name_len(word);
    if name == 0 {
        return false;
    }
    let mut rest = word.get(name..).unwrap_or_default();
    if rest.starts_with('[') {
        let mut depth = 0usize;
        let Some(close) = rest.char_indices().find_map(|(i, c)| {
            match c {
                '[' => depth += 1,
                ']' => depth = depth.saturating_sub(1),
                _ => {}
            }
            (depth == 0).then_some(i)
        }) else {
            return false;
        };
        rest = rest.get(close + 1..).unwrap_or_default();
    }
    rest.starts_with('=') || rest.starts_with("+=")
}

/// Whether `word` is `NAME=` or `NAME+=`: what may start `NAME=(…)`.
fn is_array_name(word: &str) -> bool {
    let name = name_len(word);
    name > 0 && matches!(word.get(name..), Some("=" | "+="))
}

fn name_len(word: &str) -> usize {
    if !word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        return 0;
    }
    word.bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count()
}
