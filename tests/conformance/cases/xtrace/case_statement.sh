# check-stderr
set -x
v=foo
case $v in f*) echo matched;; esac
