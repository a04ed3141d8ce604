# check-stderr
# Under set -e an assignment error ends the shell with status 1.
set -e
readonly r=1
echo before
r=2
echo not reached
