//! Key names a host writes to a job, as the bytes a terminal sends.

use super::JobError;

/// What a key does to a job.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Key {
    /// Bytes for its stdin.
    Bytes(&'static [u8]),
    /// `ctrl+c`: stop the job with status 130.
    Interrupt,
    /// `ctrl+d`: end of input.
    EndOfInput,
}

/// The key named `name` (`enter`, `up`, `ctrl+c`...).
pub fn key(name: &str) -> Result<Key, JobError> {
    Ok(Key::Bytes(match name.to_ascii_lowercase().as_str() {
        "enter" => b"\n",
        "tab" => b"\t",
        "esc" => b"\x1b",
        "up" => b"\x1b[A",
        "down" => b"\x1b[B",
        "right" => b"\x1b[C",
        "left" => b"\x1b[D",
        "home" => b"\x1b[H",
        "end" => b"\x1b[F",
        "pgup" => b"\x1b[5~",
        "pgdown" => b"\x1b[6~",
        "backspace" => b"\x7f",
        "delete" => b"\x1b[3~",
        "ctrl+c" => return Ok(Key::Interrupt),
        "ctrl+d" => return Ok(Key::EndOfInput),
        "ctrl+z" => return Err(JobError::Suspend),
        _ => return Err(JobError::UnknownKey(name.to_owned())),
    }))
}
