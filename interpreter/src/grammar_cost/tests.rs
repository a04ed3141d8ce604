use super::*;

fn tokens(text: &str) -> Vec<Token> {
    let options = brush_parser::ParserOptions::default();
    brush_parser::uncached_tokenize_str(text, &options.tokenizer_options()).unwrap()
}

fn steps(text: &str) -> u64 {
    predict(&tokens(text), 500).steps
}

/// `n` case arms nested without `;;`, closed or left open by a stray `)`.
fn nested_arms(n: usize, broken: bool) -> String {
    let inner = if broken { "echo )" } else { "echo" };
    format!(
        "{}{inner}{}\n",
        "case x in x) ".repeat(n),
        "; esac".repeat(n)
    )
}

#[test]
fn nested_arms_without_terminators_double_per_level() {
    // brush-parser's time: 4.7 ms at 10, 45 ms at 14, 0.7 s at 18
    // (release); the prediction grows the same way.
    for broken in [false, true] {
        let ratio = steps(&nested_arms(14, broken)) as f64 / steps(&nested_arms(10, broken)) as f64;
        assert!((12.0..=20.0).contains(&ratio), "{ratio}");
    }
}

#[test]
fn ordinary_scripts_cost_little_per_token() {
    for text in [
        "echo hi | grep h > /dev/null 2>&1 && x=$((1+2)) || y[3]=z\n",
        "for i in 1 2 3; do case $i in 1) echo one;; *) echo other;; esac; done\n",
        "f() { local a=(1 2 3); [[ -n $1 && $1 =~ ^(a|b)+$ ]] && return 0; }\n",
        "if ((x > 1)); then while read -r l; do :; done < <(seq 3); else exit 2; fi\n",
        &nested_arms(40, false).replace("; esac", " ;; esac"),
        &format!("{}:{}\n", "( ".repeat(100), " )".repeat(100)),
    ] {
        let per_token = steps(text) / tokens(text).len() as u64;
        assert!(
            per_token < STEPS_PER_TOKEN / 8,
            "{per_token} a token: {text}"
        );
        assert!(!too_costly(&tokens(text), 500), "{text}");
    }
}

fn too_costly(tokens: &[Token], max_depth: u32) -> bool {
    predict(tokens, max_depth).too_costly(tokens.len())
}

fn is_refused(text: &str) -> bool {
    matches!(verdict(&tokens(text), 500), Verdict::Refuse)
}

#[test]
fn nested_arms_are_ended_by_terminators_rather_than_refused() {
    assert!(matches!(
        verdict(&tokens(&nested_arms(8, false)), 500),
        Verdict::Parse
    ));
    let Verdict::Rewritten(ended) = verdict(&tokens(&nested_arms(40, false)), 500) else {
        panic!("40 nested arms not rewritten");
    };
    let ends = ended.iter().filter(|t| t.to_str() == ";;").count();
    assert_eq!(ends, 40);
    assert!(!too_costly(&ended, 500));
    // Arms that already end in `;;` are left alone.
    let closed = nested_arms(40, false).replace("; esac", " ;; esac");
    assert!(matches!(verdict(&tokens(&closed), 500), Verdict::Parse));
}

#[test]
fn costly_chunks_are_refused() {
    assert!(too_costly(&tokens(&nested_arms(16, false)), 500));
    // A syntax error inside them: nothing to end, refused.
    assert!(is_refused(&nested_arms(16, true)));
    // An arithmetic command whose `(`s never close, each tried as a
    // group and as a token (F24's rule).
    let parens = format!("(( {} 1 ))\n", "( ".repeat(30));
    assert!(is_refused(&parens));
    // A regular expression's open groups in `[[ =~ ]]`, the same way.
    let regex = format!("[[ x =~ {} ]]\n", "( ".repeat(30));
    assert!(is_refused(&regex));
}

#[test]
fn the_prediction_takes_linear_time() {
    // 2^60 predicted steps, worked out from one reading per rule and
    // position (a test that never ends if the memo is lost).
    let reading = predict(&tokens(&nested_arms(60, true)), 500);
    assert!(
        reading.steps > 1 << 50 && !reading.deep,
        "{}",
        reading.steps
    );
}

#[test]
fn deep_readings_stop_at_the_bound() {
    let text = "( ".repeat(2000);
    assert!(predict(&tokens(&text), 100).deep);
    assert!(matches!(verdict(&tokens(&text), 100), Verdict::Refuse));
}

#[test]
fn the_reading_accepts_what_brush_parser_accepts() {
    // Every conformance and hostile script: the reading must end where
    // brush-parser's grammar ends, or its costs are not brush-parser's.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests");
    let mut dirs = vec![root.join("conformance/cases"), root.join("hostile")];
    let (mut compared, mut rejected) = (0, 0);
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "sh") {
                continue;
            }
            let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
            let options = brush_parser::ParserOptions::default();
            let Ok(tokens) =
                brush_parser::uncached_tokenize_str(&text, &options.tokenizer_options())
            else {
                continue;
            };
            // Only what brush-parser reads quickly: not the costly
            // chunks, nor the words its word rules are slow on, which
            // sandbash refuses before it runs (F13, F14, F22).
            let reading = predict(&tokens, 500);
            let guarded = crate::parse::parse(&text, 500).is_err_and(|e| {
                matches!(
                    e,
                    crate::parse::SyntaxError::TooComplex { .. }
                        | crate::parse::SyntaxError::TooDeep { .. }
                )
            });
            if reading.steps > MAX_GRAMMAR_STEPS || guarded {
                continue;
            }
            let brush = brush_parser::parse_tokens(&tokens, &options).is_ok();
            assert_eq!(reading.accepts, brush, "{}", path.display());
            compared += 1;
            rejected += usize::from(!brush);
        }
    }
    assert!(
        compared > 800 && rejected > 10,
        "{compared} compared, {rejected} rejected"
    );
}
