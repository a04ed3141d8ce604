# check-stderr
PS4='+[$LINENO] '
set -x
echo one
echo two
