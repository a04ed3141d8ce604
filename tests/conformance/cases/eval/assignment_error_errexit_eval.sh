# check-stderr
# Under set -e, eval failing on an assignment error ends the shell.
set -e
readonly r=1
eval 'r=2'
echo not reached
