//! A session parked as bytes and brought back keeps its shell state and
//! its files; damaged bytes give an error, never a panic.

use sandbash_tool::{Sandbox, SandboxOptions};

fn out(s: &mut Sandbox, script: &str) -> String {
    let o = s.run(script);
    assert!(
        o.stderr.is_empty(),
        "stderr: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

const SETUP: &str = r#"
mkdir -p /workspace/src && cd /workspace/src
echo data > file.txt; echo scratch > /tmp/t; echo rc > ~/.rc
x="two words"; declare -i n=41; n+=1; declare -r ro=fixed
declare -a arr=(a "b c" [7]=z); declare -A map=([k]=v ["sp ace"]=w)
export EXPORTED=yes
declare -n ref=x; declare -a declared_only
greet() { local who=${1:-world}; echo "hello $who"; }
function heredoc_fn {
  cat <<EOT
in $1
EOT
}
trap 'echo bye' EXIT
set -o pipefail -u; shopt -s extglob expand_aliases cdspell
alias ll='echo listed'
set -- p1 "p 2"
false
"#;

const CHECK: &str = r#"echo "$?|$PWD|$x|$n|$ro|${arr[1]}|${arr[7]}|${map[sp ace]}|$EXPORTED|$#|$2|$-"
greet; greet you; heredoc_fn arg
cat file.txt /tmp/t ~/.rc
env | grep -c EXPORTED=yes
(ro=changed) 2>/dev/null || echo still-readonly
shopt -q extglob && echo extglob-on
trap -p EXIT
ll; shopt -p cdspell
echo "$ref"; declare -p ref declared_only
"#;

#[test]
fn round_trip_keeps_state_and_files() {
    let mut a = Sandbox::new();
    out(&mut a, SETUP);
    let bytes = a.snapshot();
    let before = out(&mut a, CHECK);
    let mut b = match Sandbox::restore(&bytes, SandboxOptions::default()) {
        Ok(b) => b,
        Err(e) => panic!("restore failed: {e}"),
    };
    let after = out(&mut b, CHECK);
    assert_eq!(before, after);
    assert!(after.starts_with("1|/workspace/src|two words|42|fixed|b c|z|w|yes|2|p 2|"));
    assert!(after.contains(
        "hello world\nhello you\nin arg\ndata\nscratch\nrc\n1\nstill-readonly\nextglob-on\n"
    ));
    // A name reference stays a reference; an array declared without a
    // value stays so.
    assert!(
        after.ends_with(
            "listed\nshopt -s cdspell\ntwo words\ndeclare -n ref=\"x\"\ndeclare -a declared_only\n"
        ),
        "{after}"
    );
    // The restored session is independent of the original.
    out(&mut b, "x=changed; rm /workspace/src/file.txt");
    assert_eq!(out(&mut a, "echo $x; cat file.txt"), "two words\ndata\n");
}

#[test]
fn damaged_snapshots_are_refused() {
    let mut a = Sandbox::new();
    out(&mut a, SETUP);
    let bytes = a.snapshot();
    assert!(Sandbox::restore(b"nonsense", SandboxOptions::default()).is_err());
    // Every truncation and a sweep of flipped bytes: errors or a working
    // session, never a panic.
    for cut in (0..bytes.len()).step_by(7) {
        assert!(Sandbox::restore(&bytes[..cut], SandboxOptions::default()).is_err());
    }
    for i in (0..bytes.len()).step_by(3) {
        let mut b = bytes.clone();
        b[i] ^= 0xa5;
        if let Ok(mut s) = Sandbox::restore(&b, SandboxOptions::default()) {
            let _ = s.run("echo alive");
        }
    }
}

#[test]
fn cut_at_a_part_boundary_is_refused_and_version_1_restores() {
    let mut a = Sandbox::new();
    out(&mut a, SETUP);
    let bytes = a.snapshot();
    // magic (8) | part count (1) | parts as len u64 | bytes.
    assert_eq!(&bytes[..8], b"SBSESSN2");
    let mut at = 9;
    let mut ends = Vec::new();
    while at < bytes.len() {
        let len = u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap()) as usize;
        at += 8 + len;
        ends.push(at);
    }
    assert_eq!(ends.len(), usize::from(bytes[8]));
    for &end in &ends[..ends.len() - 1] {
        assert!(Sandbox::restore(&bytes[..end], SandboxOptions::default()).is_err());
    }
    // The same image in version 1 (no part count) still restores.
    let mut v1 = b"SBSESSN1".to_vec();
    v1.extend_from_slice(&bytes[9..]);
    let mut b = match Sandbox::restore(&v1, SandboxOptions::default()) {
        Ok(b) => b,
        Err(e) => panic!("version 1 restore failed: {e}"),
    };
    assert_eq!(out(&mut b, CHECK), out(&mut a, CHECK));
}

#[test]
fn dynamic_variables_come_back_dynamic_unless_unset() {
    let mut a = Sandbox::new();
    out(&mut a, "unset SECONDS; SECONDS=abc; RANDOM=7");
    let bytes = a.snapshot();
    let mut b = match Sandbox::restore(&bytes, SandboxOptions::default()) {
        Ok(b) => b,
        Err(e) => panic!("restore failed: {e}"),
    };
    let check = "echo $SECONDS; f() { declare -p FUNCNAME; }; f; [[ -v LINENO ]] && echo line";
    assert_eq!(
        out(&mut b, check),
        "abc\ndeclare -a FUNCNAME=([0]=\"f\")\nline\n"
    );
    // The seed travels with the image: the same numbers on both sides.
    assert_eq!(out(&mut a, "echo $RANDOM"), out(&mut b, "echo $RANDOM"));
}
