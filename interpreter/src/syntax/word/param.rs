//! Parameter expansions: `${ }` with all its operators, `$NAME`, `$1`,
//! the special parameters, and a lone `$`.
//!
//! The grammar tries each `${ }` form in turn, and each form starts by
//! reading an optional `!` and a parameter; those two readings depend only
//! on the position, so they are read once and every form goes on from them.

use brush_parser::ast::UnexpandedArithmeticExpr;
use brush_parser::word::{
    Parameter, ParameterExpr, ParameterTestType, ParameterTransformOp, SpecialParameter,
    SubstringMatchKind, WordPiece,
};

use super::{Parser, Rule, Stop};

/// What every `${ }` form but `${#NAME}` and `${!NAME*}` starts with: the
/// indirection flag and the parameter, and where the operator starts.
struct Head {
    indirect: bool,
    parameter: Parameter,
    end: usize,
}

/// Builds a `${NAME<op>pattern}` expression.
type PatternForm = fn(Parameter, bool, Option<String>) -> ParameterExpr;

/// `${x%%p}`, `${x%p}`, `${x##p}`, `${x#p}`, in the grammar's order.
const TRIM_FORMS: [(&str, PatternForm); 4] = [
    ("%%", |parameter, indirect, pattern| {
        ParameterExpr::RemoveLargestSuffixPattern {
            parameter,
            indirect,
            pattern,
        }
    }),
    ("%", |parameter, indirect, pattern| {
        ParameterExpr::RemoveSmallestSuffixPattern {
            parameter,
            indirect,
            pattern,
        }
    }),
    ("##", |parameter, indirect, pattern| {
        ParameterExpr::RemoveLargestPrefixPattern {
            parameter,
            indirect,
            pattern,
        }
    }),
    ("#", |parameter, indirect, pattern| {
        ParameterExpr::RemoveSmallestPrefixPattern {
            parameter,
            indirect,
            pattern,
        }
    }),
];

/// `${x^^p}`, `${x^p}`, `${x,,p}`, `${x,p}`, in the grammar's order.
const CASE_FORMS: [(&str, PatternForm); 4] = [
    ("^^", |parameter, indirect, pattern| {
        ParameterExpr::UppercasePattern {
            parameter,
            indirect,
            pattern,
        }
    }),
    ("^", |parameter, indirect, pattern| {
        ParameterExpr::UppercaseFirstChar {
            parameter,
            indirect,
            pattern,
        }
    }),
    (",,", |parameter, indirect, pattern| {
        ParameterExpr::LowercasePattern {
            parameter,
            indirect,
            pattern,
        }
    }),
    (",", |parameter, indirect, pattern| {
        ParameterExpr::LowercaseFirstChar {
            parameter,
            indirect,
            pattern,
        }
    }),
];

/// The forms of brush-parser's `parameter_expression` that start by
/// reading the parameter (with its `!`): 4 tests, 4 trims, 10 of bash's
/// own, the bare parameter.
const HEAD_FORMS: u64 = 19;

impl Parser<'_> {
    /// `${...}`, `$NAME`, `$1`, `$@` and friends, or a `$` that is text.
    pub(super) fn parameter_expansion(&mut self, pos: usize) -> Option<(WordPiece, usize)> {
        if !self.at(pos, "$") {
            return None;
        }
        if self.at(pos, "${")
            && let Some((expr, end)) = self.parameter_expression(pos + 2)
            && self.at(end, "}")
        {
            return Some((WordPiece::ParameterExpansion(expr), end + 1));
        }
        if let Some((parameter, end)) = self.unbraced_parameter(pos + 1) {
            let expr = ParameterExpr::Parameter {
                parameter,
                indirect: false,
            };
            return Some((WordPiece::ParameterExpansion(expr), end));
        }
        (!self.at(pos + 1, "'")).then(|| (WordPiece::Text("$".to_owned()), pos + 1))
    }

    fn head(&mut self, pos: usize) -> Option<Head> {
        // `${!}`, `${!-x}`, `${!:+y}`: `!` is the parameter `$!`, not
        // indirection, when nothing that could be a name follows it.
        let indirect = self.non_posix(pos)
            && self.at(pos, "!")
            && !matches!(self.ch(pos + 1), Some('}' | '-' | '=' | '?' | '+' | ':'));
        let from = if indirect { pos + 1 } else { pos };
        let (parameter, end) = self.parameter(from)?;
        Some(Head {
            indirect,
            parameter,
            end,
        })
    }

    /// The inside of `${ }`: the first form that reads.
    fn parameter_expression(&mut self, pos: usize) -> Option<(ParameterExpr, usize)> {
        // brush-parser reads the head again in each form it tries (up to
        // `HEAD_FORMS`); this reader reads it once. An unmemoized reading
        // is charged as if every form were tried (fuzz F27: `${a[` nested
        // four deep in a `NAME[` word's subscript took brush-parser 0.2-5 s,
        // about twenty times more per level).
        self.naive.push(0);
        let head = self.head(pos);
        let head_cost = self.naive.pop().unwrap_or(0);
        self.add_naive(head_cost.saturating_mul(HEAD_FORMS));
        // `${#-}` and `${#?}` are the lengths of `$-` and `$?` in bash,
        // not `$#` with an empty default or message.
        if self.at(pos, "#-}") || self.at(pos, "#?}") {
            let special = self.ch(pos + 1).and_then(special_parameter)?;
            let expr = ParameterExpr::ParameterLength {
                parameter: Parameter::Special(special),
                indirect: false,
            };
            return Some((expr, pos + 2));
        }
        if let Some(h) = &head {
            let colon = self.at(h.end, ":");
            let op_at = if colon { h.end + 1 } else { h.end };
            let test_type = if colon {
                ParameterTestType::UnsetOrNull
            } else {
                ParameterTestType::Unset
            };
            if let Some(op) = self
                .ch(op_at)
                .filter(|c| matches!(c, '-' | '=' | '?' | '+'))
            {
                let (value, end) = self.expression_word(op_at + 1, Stop::RBRACE)?;
                let (parameter, indirect, value) = (h.parameter.clone(), h.indirect, Some(value));
                let expr = match op {
                    '-' => ParameterExpr::UseDefaultValues {
                        parameter,
                        indirect,
                        test_type,
                        default_value: value,
                    },
                    '=' => ParameterExpr::AssignDefaultValues {
                        parameter,
                        indirect,
                        test_type,
                        default_value: value,
                    },
                    '?' => ParameterExpr::IndicateErrorIfNullOrUnset {
                        parameter,
                        indirect,
                        test_type,
                        error_message: value,
                    },
                    _ => ParameterExpr::UseAlternativeValue {
                        parameter,
                        indirect,
                        test_type,
                        alternative_value: value,
                    },
                };
                return Some((expr, end));
            }
        }
        // `${#name}`; `${##2}` and `${###}` are `$#` with `#` or `##`
        // after it, read below.
        if self.at(pos, "#")
            && let Some((parameter, end)) = self.parameter(pos + 1)
            && (self.at(end, "}") || !self.at(pos + 1, "#"))
        {
            let expr = ParameterExpr::ParameterLength {
                parameter,
                indirect: false,
            };
            return Some((expr, end));
        }
        if let Some(h) = &head
            && let Some(hit) = self.pattern_form(h, &TRIM_FORMS)
        {
            return hit;
        }
        if self.non_posix(pos)
            && let Some(hit) = self.bash_parameter_expression(pos, head.as_ref())
        {
            return Some(hit);
        }
        let h = head?;
        let expr = ParameterExpr::Parameter {
            parameter: h.parameter,
            indirect: h.indirect,
        };
        Some((expr, h.end))
    }

    /// The forms bash adds to POSIX, in the grammar's order.
    fn bash_parameter_expression(
        &mut self,
        pos: usize,
        head: Option<&Head>,
    ) -> Option<(ParameterExpr, usize)> {
        let bang_name = if self.at(pos, "!") {
            self.variable_name(pos + 1)
        } else {
            None
        };
        if let Some(name_end) = bang_name {
            for (suffix, concatenate) in [("[*]", true), ("[@]", false)] {
                // With an operator after it (`${!a[@]@Q}`), bash reads an
                // indirection through `a[@]` instead.
                if self.at(name_end, suffix) && self.at(name_end + suffix.len(), "}") {
                    let variable_name = self.slice(pos + 1, name_end);
                    let expr = ParameterExpr::MemberKeys {
                        variable_name,
                        concatenate,
                    };
                    return Some((expr, name_end + suffix.len()));
                }
            }
        }
        if let Some(h) = head {
            if self.at(h.end, ":") {
                let offset_end = self.slice_expression(h.end + 1)?;
                let offset = self.arith_expr(h.end + 1, offset_end);
                let mut end = offset_end;
                let mut length = None;
                if self.at(offset_end, ":") {
                    let length_end = self.slice_expression(offset_end + 1)?;
                    length = Some(self.arith_expr(offset_end + 1, length_end));
                    end = length_end;
                }
                let expr = ParameterExpr::Substring {
                    parameter: h.parameter.clone(),
                    indirect: h.indirect,
                    offset,
                    length,
                };
                return Some((expr, end));
            }
            if self.at(h.end, "@")
                && let Some(op) = self.ch(h.end + 1).and_then(transform_op)
            {
                let expr = ParameterExpr::Transform {
                    parameter: h.parameter.clone(),
                    indirect: h.indirect,
                    op,
                };
                return Some((expr, h.end + 2));
            }
        }
        if let Some(name_end) = bang_name {
            for (suffix, concatenate) in [("*", true), ("@", false)] {
                if self.at(name_end, suffix) {
                    let prefix = self.slice(pos + 1, name_end);
                    let expr = ParameterExpr::VariableNames {
                        prefix,
                        concatenate,
                    };
                    return Some((expr, name_end + 1));
                }
            }
        }
        let h = head?;
        let replacements = [
            ("/#", SubstringMatchKind::Prefix),
            ("/%", SubstringMatchKind::Suffix),
            ("//", SubstringMatchKind::Anywhere),
            ("/", SubstringMatchKind::FirstOccurrence),
        ];
        for (op, match_kind) in replacements {
            if !self.at(h.end, op) {
                continue;
            }
            let (pattern, mut end) =
                self.expression_word(h.end + op.len(), Stop::RBRACE_OR_SLASH)?;
            let mut replacement = None;
            if self.at(end, "/") {
                let (text, after) = self.expression_word(end + 1, Stop::RBRACE)?;
                replacement = Some(text);
                end = after;
            }
            let expr = ParameterExpr::ReplaceSubstring {
                parameter: h.parameter.clone(),
                indirect: h.indirect,
                pattern,
                replacement,
                match_kind,
            };
            return Some((expr, end));
        }
        self.pattern_form(h, &CASE_FORMS)?
    }

    /// Where the offset or length of `${v:off:len}` starting at `pos`
    /// ends: at a `:` or `}`, except a `:` answering a `?` of the
    /// expression (`${s: a ? 1 : 2 : 1}`), as bash reads it.
    fn slice_expression(&mut self, pos: usize) -> Option<usize> {
        let mut end = self.arith_text(pos, Stop::COLON_OR_RBRACE)?;
        let mut open = 0usize;
        let mut from = pos;
        loop {
            let seg = self.text.get(from..end).unwrap_or_default();
            open = (open + seg.matches('?').count()).saturating_sub(seg.matches(':').count());
            if open == 0 || !self.at(end, ":") {
                return Some(end);
            }
            open -= 1;
            from = end + 1;
            end = self.arith_text(from, Stop::COLON_OR_RBRACE)?;
        }
    }

    /// The first of `forms` whose operator follows the head: its
    /// expression and where it ends (`Some(None)` when the run failed).
    fn pattern_form(
        &mut self,
        h: &Head,
        forms: &[(&str, PatternForm)],
    ) -> Option<Option<(ParameterExpr, usize)>> {
        let &(op, make) = forms.iter().find(|(op, _)| self.at(h.end, op))?;
        let Some((pattern, end)) = self.expression_word(h.end + op.len(), Stop::RBRACE) else {
            return Some(None);
        };
        Some(Some((
            make(h.parameter.clone(), h.indirect, Some(pattern)),
            end,
        )))
    }

    fn arith_expr(&mut self, from: usize, to: usize) -> UnexpandedArithmeticExpr {
        UnexpandedArithmeticExpr {
            value: self.slice(from, to),
        }
    }

    /// A word inside `${ }` up to `stop`, as text; it may be empty.
    fn expression_word(&mut self, pos: usize, stop: Stop) -> Option<(String, usize)> {
        let end = self.memo_end(Rule::Word(stop), pos, |p| Some(p.word(pos, stop).1))?;
        Some((self.slice(pos, end), end))
    }

    /// The parameter inside `${ }`.
    fn parameter(&mut self, pos: usize) -> Option<(Parameter, usize)> {
        let rest = self.text.get(pos..)?;
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if rest.starts_with(|c: char| matches!(c, '1'..='9'))
            && let Some(n) = rest.get(..digits).and_then(|d| d.parse::<u32>().ok())
        {
            return Some((Parameter::Positional(n), pos + digits));
        }
        if let Some(special) = self.ch(pos).and_then(special_parameter) {
            return Some((Parameter::Special(special), pos + 1));
        }
        let name_end = self.variable_name(pos)?;
        if self.non_posix(pos) {
            for (suffix, concatenate) in [("[@]", false), ("[*]", true)] {
                if self.at(name_end, suffix) {
                    let name = self.slice(pos, name_end);
                    let parameter = Parameter::NamedWithAllIndices { name, concatenate };
                    return Some((parameter, name_end + 3));
                }
            }
            if self.at(name_end, "[")
                && let Some(index_end) = self.arith_text(name_end + 1, Stop::RBRACKET)
                && self.at(index_end, "]")
            {
                let name = self.slice(pos, name_end);
                let index = self.slice(name_end + 1, index_end);
                return Some((Parameter::NamedWithIndex { name, index }, index_end + 1));
            }
        }
        let name = self.slice(pos, name_end);
        Some((Parameter::Named(name), name_end))
    }

    /// The parameter after a bare `$`: one digit, a special, or a name.
    fn unbraced_parameter(&mut self, pos: usize) -> Option<(Parameter, usize)> {
        match self.ch(pos)? {
            c @ '1'..='9' => {
                let n = c.to_digit(10)?;
                return Some((Parameter::Positional(n), pos + 1));
            }
            c => {
                if let Some(special) = special_parameter(c) {
                    return Some((Parameter::Special(special), pos + 1));
                }
            }
        }
        let end = self.variable_name(pos)?;
        Some((Parameter::Named(self.slice(pos, end)), end))
    }

    /// A variable name: not starting with a digit. Where it ends.
    fn variable_name(&self, pos: usize) -> Option<usize> {
        self.assignable_name(pos)
    }
}

fn special_parameter(c: char) -> Option<SpecialParameter> {
    Some(match c {
        '@' => SpecialParameter::AllPositionalParameters { concatenate: false },
        '*' => SpecialParameter::AllPositionalParameters { concatenate: true },
        '#' => SpecialParameter::PositionalParameterCount,
        '?' => SpecialParameter::LastExitStatus,
        '-' => SpecialParameter::CurrentOptionFlags,
        '$' => SpecialParameter::ProcessId,
        '!' => SpecialParameter::LastBackgroundProcessId,
        '0' => SpecialParameter::ShellName,
        _ => return None,
    })
}

fn transform_op(c: char) -> Option<ParameterTransformOp> {
    Some(match c {
        'U' => ParameterTransformOp::ToUpperCase,
        'u' => ParameterTransformOp::CapitalizeInitial,
        'L' => ParameterTransformOp::ToLowerCase,
        'Q' => ParameterTransformOp::Quoted,
        'E' => ParameterTransformOp::ExpandEscapeSequences,
        'P' => ParameterTransformOp::PromptExpand,
        'A' => ParameterTransformOp::ToAssignmentLogic,
        'K' => ParameterTransformOp::PossiblyQuoteWithArraysExpanded {
            separate_words: false,
        },
        'a' => ParameterTransformOp::ToAttributeFlags,
        'k' => ParameterTransformOp::PossiblyQuoteWithArraysExpanded {
            separate_words: true,
        },
        _ => return None,
    })
}
