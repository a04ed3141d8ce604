# ERR trap and compound commands: the failure of a group, loop or case is
# its last command's, which already triggered it; with set -e the trap runs
# before the shell exits.
trap 'echo "ERR at $LINENO status $?"' ERR
{ false; }
echo g
for i in 1; do false; done
echo f
( false; echo in-sub )
echo s
case x in x) false;; esac
echo c
f() { false; }
f
echo fn
set -e
trap 'echo "last words $?"' ERR
false
echo notreached
