//! Shell text is bytes, as in bash: bytes that are not UTF-8 survive every
//! trip through variables, files, pipes, `$( )`, `source` and the command
//! line, and NUL bytes are handled as bash handles them (a script with a
//! NUL in its first line is a binary; elsewhere NULs are dropped; a string
//! ends at one).

use std::process::Command;

use sandbash_interpreter::bytes;
use sandbash_tool::{RunOptions, RunOutput, Sandbox};
use sandbash_vfs::FileSystem;

fn run(script: &str) -> RunOutput {
    Sandbox::new().run(script)
}

fn run_bytes(script: &[u8], stdin: &[u8]) -> RunOutput {
    Sandbox::new().run_opts(
        &bytes::decode(script),
        RunOptions {
            stdin: Some(stdin.to_vec()),
            ..RunOptions::default()
        },
    )
}

#[track_caller]
fn stdout_is(r: &RunOutput, want: &[u8]) {
    assert_eq!(
        (r.status, r.stdout.as_slice()),
        (0, want),
        "stdout {:?}, stderr: {}",
        String::from_utf8_lossy(&r.stdout),
        String::from_utf8_lossy(&r.stderr)
    );
}

#[test]
fn a_nul_in_the_first_line_makes_a_binary_file() {
    let r = run("echo a\0b\necho after\n");
    assert_eq!(r.status, 126);
    assert!(r.stdout.is_empty());
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(err.contains("cannot execute binary file"), "{err}");
}

#[test]
fn nuls_after_the_first_line_are_dropped() {
    stdout_is(&run("echo a\necho b\0c\necho after\n"), b"a\nbc\nafter\n");
}

#[test]
fn a_binary_script_run_as_a_command_is_refused() {
    let mut sb = Sandbox::new();
    let fs = sb.fs().clone();
    fs.write("/tmp/x", b"echo a\0b\n")
        .unwrap_or_else(|e| panic!("{e}"));
    fs.set_mode("/tmp/x", 0o755)
        .unwrap_or_else(|e| panic!("{e}"));
    let r = sb.run("source /tmp/x; /tmp/x; echo $?");
    // `source` reads it anyway (dropping the NUL), as bash 5.2 does;
    // running it as a command is bash's binary-file refusal.
    assert_eq!(r.stdout, b"ab\n126\n");
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        err.contains("/tmp/x: cannot execute binary file: Exec format error"),
        "{err}"
    );
}

#[test]
fn strings_end_at_a_nul() {
    let r = run(
        "x=$'a\\0b'; echo ${#x}; printf -v y 'c\\0d'; echo ${#y}; z=$(printf 'e\\0f'); echo $z",
    );
    stdout_is(&r, b"1\n1\nef\n");
    assert!(
        String::from_utf8_lossy(&r.stderr)
            .contains("warning: command substitution: ignored null byte in input")
    );
}

#[test]
fn read_skips_nul_bytes() {
    stdout_is(&run_bytes(b"read x; echo \"$x\"", b"a\0b\n"), b"ab\n");
}

#[test]
fn invalid_utf8_survives_variables_files_and_pipes() {
    let r = run(
        "x=$(printf '\\xff\\xfe'); echo ${#x}; printf %s \"$x\" > /tmp/f; cat /tmp/f | wc -c; \
         y=$(cat /tmp/f); [[ $x == \"$y\" && $x == $'\\xff\\xfe' ]] && echo same; echo \"$x\"",
    );
    stdout_is(&r, b"2\n2\nsame\n\xff\xfe\n");
}

#[test]
fn escapes_make_bytes_that_can_form_characters() {
    // `\xc3\xa9` is é (one character); `\xe9` alone is one raw byte.
    let r = run(
        "a=$'\\xc3\\xa9'; b=$'\\u00e9'; [[ $a == \"$b\" ]] && echo same; b=$'\\xe9'; echo ${#a} ${#b}; echo -n \"$b\"; echo -e '\\xff'",
    );
    stdout_is(&r, b"same\n1 1\n\xe9\xff\n");
}

#[test]
fn raw_bytes_in_a_script_are_kept() {
    stdout_is(
        &run_bytes(b"echo \xff\xfe ok; x=\xe9; echo ${#x}\n", b""),
        b"\xff\xfe ok\n1\n",
    );
}

#[test]
fn read_keeps_raw_bytes() {
    stdout_is(
        &run_bytes(b"read -r x; echo ${#x}; echo \"$x\"", b"\xff a\n"),
        b"3\n\xff a\n",
    );
}

#[test]
fn the_command_line_keeps_raw_bytes() {
    let dir = std::env::temp_dir().join(format!("sandbash-bytes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let file = dir.join("s.sh");
    std::fs::write(&file, b"echo \xfe \"$1\"\n").unwrap_or_else(|e| panic!("{e}"));
    let arg = <std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(b"\xff");
    let out = Command::new(env!("CARGO_BIN_EXE_sandbash"))
        .arg(&file)
        .arg(arg)
        .output()
        .unwrap_or_else(|e| panic!("cannot run sandbash: {e}"));
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        out.stdout,
        b"\xfe \xff\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
