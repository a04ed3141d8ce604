# check-stderr
set -x
A=1 B='x y' true
