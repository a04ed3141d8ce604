//! Calibrates `grammar_cost`: for each file, the steps it predicts for
//! brush-parser's script grammar and the time brush-parser takes (run
//! only below `--max STEPS`, default 2^24): `cargo run --release -p
//! sandbash-interpreter --example grammar_time -- FILE...`.

use std::time::Instant;

fn main() {
    let mut max = 1u64 << 24;
    let mut args = std::env::args().skip(1).peekable();
    if args.peek().is_some_and(|a| a == "--max") {
        args.next();
        max = args.next().and_then(|m| m.parse().ok()).unwrap_or(max);
    }
    for path in args {
        let Ok(bytes) = std::fs::read(&path) else {
            eprintln!("{path}: unreadable");
            continue;
        };
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let options = brush_parser::ParserOptions::default();
        let Ok(tokens) = brush_parser::uncached_tokenize_str(&text, &options.tokenizer_options())
        else {
            println!("{path}: tokenizer rejects it");
            continue;
        };
        let t0 = Instant::now();
        let (steps, accepts) =
            sandbash_interpreter::grammar_cost::brush_grammar_reading(&text).unwrap_or((0, false));
        let predicted_in = t0.elapsed().as_secs_f64();
        if steps > max {
            println!(
                "{path}: {} tokens, {steps} steps predicted in {predicted_in:.4} s; brush-parser not run",
                tokens.len()
            );
            continue;
        }
        // brush-parser's own word rules on `NAME[` words (F22) are not what
        // is measured here: skip texts sandbash refuses for them.
        let refused = sandbash_interpreter::parse::parse(&text, 500)
            .is_err_and(|e| e.to_string().contains("word too complex"));
        if refused {
            println!("{path}: a word too complex for brush-parser; not run");
            continue;
        }
        let t0 = Instant::now();
        let outcome = std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn(move || brush_parser::parse_tokens(&tokens, &options).is_ok())
            .map(|h| h.join().unwrap_or(false));
        let took = t0.elapsed().as_secs_f64();
        println!(
            "{path}: {steps} steps predicted in {predicted_in:.4} s (accepts: {accepts}); brush-parser {took:.4} s ({}), {:.1} ns/step",
            if outcome.unwrap_or(false) {
                "ok"
            } else {
                "error"
            },
            took * 1e9 / steps.max(1) as f64
        );
    }
}
