# check-stderr
set -u
a=(1)
echo "${a[5]}"
echo not reached
