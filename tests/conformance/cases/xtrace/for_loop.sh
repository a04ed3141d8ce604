# check-stderr
set -x
for i in a b; do echo $i; done
