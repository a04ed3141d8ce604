# check-stderr
touch b a
set -x
echo *
