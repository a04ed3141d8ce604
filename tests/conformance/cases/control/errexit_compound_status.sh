# set -e acts on the commands inside a compound command, not on the
# compound command's own status: a failing && list that ends a group, an
# if, a loop or a case does not stop the script. A function call is a
# simple command, and a redirection that fails before the body runs
# does stop it.
set -e
{ false && true; }
echo "group: $?"
if true; then false && true; fi
echo "if: $?"
for i in 1 2; do [ "$i" = 3 ] && echo three; done
echo "for: $?"
case x in x) false || false && true ;; esac
echo "case: $?"
{ ! true; }
echo "bang: $?"
{ false && true; } > /dev/null
echo "redirected group: $?"
check() { [ "$1" = yes ] && echo "checked $1"; }
check yes
echo "function ok"
{ cat; } < missing-file
echo not reached
