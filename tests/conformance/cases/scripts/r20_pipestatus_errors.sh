# error handling: || and &&, $?, PIPESTATUS, pipefail, ! negation, errors in subshells
mkdir -p work
printf 'ok\n' > work/present.txt
read_cfg() { [[ -f $1 ]] || { echo "missing: $1" >&2; return 4; }; cat "$1"; }
read_cfg work/present.txt || echo "not reached"
read_cfg work/absent.txt 2>/dev/null || echo "read_cfg failed with $?"
false | true | (exit 7)
echo "PIPESTATUS: ${PIPESTATUS[*]}"
true | false
st=("${PIPESTATUS[@]}")
echo "saved: ${st[0]} ${st[1]} count=${#st[@]}"
grep -q nomatch work/present.txt | cat
echo "grep in pipe: ${PIPESTATUS[0]} ${PIPESTATUS[1]}"
set -o pipefail
if ! (exit 3) | cat; then echo "pipefail rc propagated"; fi
(exit 3) | (exit 5) | true
echo "pipefail rc=$?"
set +o pipefail
(exit 3) | (exit 5) | true
echo "no pipefail rc=$?"
! true; echo "negated true: $?"
! false; echo "negated false: $?"
out=$(exit 9); echo "cmdsub status: $?"
( set -e; false; echo "not printed" ); echo "subshell set -e: $?"
cmd_missing_x 2>/dev/null; echo "missing command: $?"
r=0; false || r=$?; echo "captured via ||: $r"
{ echo start; false; } && echo "and-branch" || echo "or-branch after group rc"
x=$(false) || echo "assignment keeps cmdsub status"
local_test() { local v=$(false); echo "local masks status: $?"; }
local_test
