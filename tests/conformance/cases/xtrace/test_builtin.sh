# check-stderr
set -x
[ -z "" ] && test 1 -eq 1
