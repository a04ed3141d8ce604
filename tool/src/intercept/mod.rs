//! Interception: commands that another tool of the host does better are
//! refused before they run, with a message naming that tool.
//!
//! A rule applies only when the tool it suggests is in the host's list of
//! available tools. Host rules are regexes over the command text; invalid
//! ones are skipped with a warning on stderr (the server's log). The
//! default rules match the parsed script (see [`parsed`]). A blocked call
//! runs nothing and returns `Blocked: MESSAGE` with the original command.

pub mod parsed;

use regex::Regex;

/// A host's rule: a regex over the command text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// The pattern (Rust `regex` syntax).
    pub pattern: String,
    /// Why the command is refused.
    pub message: String,
    /// The tool to use instead.
    pub tool: String,
}

/// A refused command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The rule's message.
    pub message: String,
    /// The tool it suggests.
    pub tool: String,
}

/// The rules of a host.
#[derive(Clone, Debug, Default)]
pub struct Interception {
    rules: Vec<(Regex, Rule)>,
    defaults: bool,
    tools: Vec<String>,
}

impl Interception {
    /// Host `rules` (invalid regexes skipped with a warning), the default
    /// parsed-script rules when `defaults`, for a host whose other tools
    /// are `tools`.
    pub fn new(rules: Vec<Rule>, defaults: bool, tools: Vec<String>) -> Self {
        let rules = rules
            .into_iter()
            .filter_map(|r| match Regex::new(&r.pattern) {
                Ok(re) => Some((re, r)),
                Err(e) => {
                    eprintln!(
                        "sandbash: interception rule skipped: invalid regex {:?}: {e}",
                        r.pattern
                    );
                    None
                }
            })
            .collect();
        Self {
            rules,
            defaults,
            tools,
        }
    }

    /// The default rules for a host with `tools`.
    pub fn defaults(tools: Vec<String>) -> Self {
        Self::new(Vec::new(), true, tools)
    }

    fn available(&self, tool: &str) -> bool {
        self.tools.iter().any(|t| t == tool)
    }

    /// The first rule `command` breaks among those whose tool is available.
    pub fn check(&self, command: &str) -> Option<Block> {
        for (re, rule) in &self.rules {
            if self.available(&rule.tool) && re.is_match(command) {
                return Some(Block {
                    message: rule.message.clone(),
                    tool: rule.tool.clone(),
                });
            }
        }
        if !self.defaults {
            return None;
        }
        parsed::check(command)
            .into_iter()
            .find(|s| self.available(s.tool()))
            .map(|s| Block {
                message: s.message().to_owned(),
                tool: s.tool().to_owned(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tools(t: &[&str]) -> Vec<String> {
        t.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn a_rule_needs_its_tool() {
        let i = Interception::defaults(tools(&["search"]));
        assert_eq!(i.check("cat f"), None, "no read tool: cat is fine");
        assert_eq!(
            i.check("grep -r x .").map(|b| b.tool),
            Some("search".into())
        );
    }

    #[test]
    fn host_rules_match_text_and_bad_ones_are_skipped() {
        let i = Interception::new(
            vec![
                Rule {
                    pattern: "(unclosed".into(),
                    message: "never".into(),
                    tool: "x".into(),
                },
                Rule {
                    pattern: r"\bnpm\b".into(),
                    message: "use the package tool".into(),
                    tool: "pkg".into(),
                },
            ],
            false,
            tools(&["pkg", "x"]),
        );
        assert_eq!(
            i.check("echo 'npm'"),
            Some(Block {
                message: "use the package tool".into(),
                tool: "pkg".into()
            })
        );
        assert_eq!(i.check("cat f"), None, "defaults off");
    }
}
