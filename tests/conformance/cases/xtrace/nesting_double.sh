# check-stderr
set -x
echo "$(echo "$(echo deep)")"
