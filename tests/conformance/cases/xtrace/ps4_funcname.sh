# check-stderr
PS4='+${FUNCNAME[0]:-main}: '
f() { echo in f; }
set -x
f
