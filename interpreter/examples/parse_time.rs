//! Times the parse of each file given, as the `parse` fuzz target reads it
//! (bytes decoded lossily): `cargo run --release -p sandbash-interpreter
//! --example parse_time -- FILE...`. For chasing slow-parse fuzz findings.

use std::time::Instant;

use sandbash_interpreter::Limits;

fn main() {
    for path in std::env::args().skip(1) {
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let t0 = Instant::now();
        let outcome = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(move || {
                match sandbash_interpreter::syntax::parse(&text, Limits::normal().max_parse_depth) {
                    Ok(_) => "ok".to_string(),
                    Err(e) => e.render("parse: ").lines().next().unwrap_or("").to_string(),
                }
            })
            .map(|h| h.join().unwrap_or_else(|_| "panicked".into()));
        let outcome = outcome.unwrap_or_else(|e| format!("no thread: {e}"));
        println!("{:>9.3} s  {path}: {outcome}", t0.elapsed().as_secs_f64());
    }
}
