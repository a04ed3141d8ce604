# check-stderr
set -x
n=0
while [ $n -lt 2 ]; do n=$((n+1)); done
if true; then echo yes; fi
