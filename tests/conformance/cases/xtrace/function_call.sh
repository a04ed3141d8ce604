# check-stderr
set -x
f() { local v=$1; echo "$v"; }
f arg
