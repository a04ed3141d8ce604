# check-stderr
PS4=
set -x
echo no prefix
