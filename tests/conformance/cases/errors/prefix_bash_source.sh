# check-stderr
echo 'cd /nx; declare -Q; echo "src=${BASH_SOURCE[0]}"' > s.sh
source ./s.sh
f() { cd /ny; nosuchcmd; local -Q; }
f
g() { source ./s.sh; }
g
h() { (cd /nz); echo "$(cd /nw)"; }
h
echo 'k() { cd /nk; }' > k.sh
. ./k.sh
k
trap 'cd /ntrap' USR1
kill -USR1 $$
t() { kill -USR1 $$; }
t
eval 'cd /neval'
m() { eval 'cd /nmeval'; }
m
