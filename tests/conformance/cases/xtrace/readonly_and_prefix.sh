# check-stderr
set -x
readonly R=1 S
E= true
arr[2]=x
export P="p q"
