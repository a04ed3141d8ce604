//! The formatting engine of the `printf` builtin, with bash's semantics.
//!
//! [`format`] expands a format string against arguments the way bash's
//! `printf` does: the format is reused while arguments remain, missing
//! arguments read as empty or zero, numeric arguments accept C syntax
//! (`0x1f`, `017`, `'c`), and a bad argument is reported but does not stop
//! the output. The conversions are `%d %i %o %u %x %X %c %s %b %q %f %F %e
//! %E %g %G %a %A %%` with the flags `-+ #0`, a width and a precision
//! (either may be `*`); C length modifiers (`l`, `h`, ...) are accepted and
//! ignored. Escapes in the format are bash's (`\n`, `\t`, `\NNN`, `\xHH`,
//! `\uHHHH`, `\UHHHHHHHH`, ...); `%b` expands echo-style escapes in its
//! argument, where `\c` stops all output. `%(fmt)T` formats its argument,
//! seconds since the epoch (`-1` now, `-2` the shell's start, none now),
//! with `strftime`'s `fmt` (`%X` when empty) when given a [`Clock`].
//!
//! Floating-point conversions use `f64` where bash uses `long double`, so
//! they can differ from bash in digits beyond the 17th significant one
//! (and `%a` prints the `f64` value in `long double`'s `0x8p-3` style).
//!
//! Widths and precisions above [`MAX_FIELD_WIDTH`] are an error, so a
//! format cannot make the shell allocate without bound.

mod escapes;
mod float;
mod number;
mod printer;
mod quote;
mod spec;

pub use escapes::{Expanded, expand_escapes, expand_escapes_in};
pub use quote::{ansi_c_quote, needs_ansi_c, quote};

/// Largest width or precision accepted; larger ones stop `printf` with an
/// error instead of allocating the field.
pub const MAX_FIELD_WIDTH: usize = 1 << 20;

/// What a `printf` call produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PrintfOutput {
    /// The bytes written (escapes can produce any byte).
    pub output: Vec<u8>,
    /// Diagnostics in order, each as bash prints it after its
    /// `bash: line N: ` prefix, e.g. `printf: abc: invalid number`.
    pub errors: Vec<String>,
    /// The exit status: 1 after an invalid argument or format, else 0.
    pub status: i32,
    /// Whether a `\c` in a `%b` argument stopped the output.
    pub stop: bool,
    /// Whether the output outgrew the bound [`format_within`] was given
    /// and was cut short there.
    pub over_limit: bool,
}

impl PrintfOutput {
    pub(super) fn error(&mut self, msg: String) {
        self.errors.push(format!("printf: {msg}"));
        self.status = 1;
    }

    pub(super) fn warning(&mut self, msg: String) {
        self.errors.push(format!("printf: warning: {msg}"));
    }
}

/// What `%(fmt)T` reads: seconds since the epoch now and at the shell's
/// start, and the `TZ` the shell exports (UTC when `None`).
#[derive(Clone, Debug, Default)]
pub struct Clock {
    /// The time now.
    pub now: i64,
    /// When the shell started (`-2`).
    pub start: i64,
    /// The zone, as `TZ` names it.
    pub tz: Option<String>,
}

/// Formats `args` with `fmt` as bash's `printf` builtin does.
pub fn format(fmt: &str, args: &[String]) -> PrintfOutput {
    format_within(fmt, args, usize::MAX)
}

/// [`format`], stopping once the output passes `max` bytes (with
/// [`PrintfOutput::over_limit`] set): a format reused for every argument
/// multiplies its size, and the result must not be built past the memory
/// the run has left.
pub fn format_within(fmt: &str, args: &[String], max: usize) -> PrintfOutput {
    format_in(fmt, args, max, true)
}

/// [`format_within`] in a UTF-8 locale (`utf8`) or not (the C locale,
/// where `\u00e9` stays an escape).
pub fn format_in(fmt: &str, args: &[String], max: usize, utf8: bool) -> PrintfOutput {
    format_at(fmt, args, max, utf8, None)
}

/// [`format_in`] with `%(fmt)T` reading `clock` (without one, `%(` is an
/// invalid format character, as in coreutils' `printf`).
pub fn format_at(
    fmt: &str,
    args: &[String],
    max: usize,
    utf8: bool,
    clock: Option<&Clock>,
) -> PrintfOutput {
    // Raw bytes in the format (`crate::bytes` stand-ins) are written as
    // the bytes they are.
    let fmt = crate::bytes::encode(fmt);
    printer::Printer::new(&fmt, args, max)
        .in_locale(utf8)
        .with_clock(clock)
        .run()
}

#[cfg(test)]
mod tests;
