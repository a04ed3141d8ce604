# check-stderr
set -x
echo $'line1\nline2'
