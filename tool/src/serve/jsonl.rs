//! `sandbash serve --jsonl`: one native request per line in, one native
//! result per line out, all in one session. For hosts that want no
//! protocol.
//!
//! A line that is not a request object gets `{"success": false,
//! "is_error": true, "message": "Invalid request: ..."}`; blank lines are
//! skipped. Checked by `tests/tool_serve.rs::jsonl_keeps_one_session`.

use std::io::{BufRead, Write};

use crate::call::CallError;
use crate::profiles::native;
use crate::{CallRequest, Host};

/// The one session a JSON-lines server runs.
pub const SESSION: &str = "jsonl";

/// The result line for one request line.
pub fn answer(host: &Host, line: &str) -> String {
    let outcome = serde_json::from_str::<CallRequest>(line)
        .map_err(|e| CallError::Invalid(format!("Invalid request: {e}")))
        .and_then(|req| host.call(SESSION, &req));
    native::reply(outcome).text
}

/// Serves requests from `input` until it ends.
pub fn serve(host: &Host, input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        writeln!(output, "{}", answer(host, &line))?;
        output.flush()?;
    }
    Ok(())
}
