# check-stderr
set -x
a=(1 'two 2' three)
a[5]=x
declare -A m=([k]=v)
