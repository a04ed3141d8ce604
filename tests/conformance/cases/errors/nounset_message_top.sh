# check-stderr
set -u
echo "$undefined_var"
echo not reached
