# The ERR trap: after a failing command where set -e would act, with $?
# and $LINENO of that command; not inherited by functions, $( ) and
# subshells without set -E; never triggered by its own action.
trap 'echo "ERR at $LINENO status $?"' ERR
false
echo after
if false; then :; fi
false || true
true && false
! true
f() { false; echo "in f"; return 3; }
f
x=$(false)
(false)
true | false
false | true
trap 'echo trapped; false' ERR
false
set -E
g() { false; echo "in g"; }
g
