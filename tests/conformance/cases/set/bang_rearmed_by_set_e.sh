# Under `!`, bash runs the command with errexit off rather than ignored:
# a `set -e` run inside it arms it again (and the ERR trap stays quiet);
# inside `if`, `&&` and `||` it does not.
f() { set -e; false; echo "in f"; }
g() { set -e; if false; then :; fi; false || true; echo "in g"; }
f && echo "f && ran"
if f; then echo "if f ran"; fi
! g
echo "after g: $?"
! ( f )
echo "subshell: $?"
trap 'echo ERR trap' ERR
set +e
! f
echo "not reached"
