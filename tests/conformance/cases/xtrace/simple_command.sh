# check-stderr
set -x
echo hello world
