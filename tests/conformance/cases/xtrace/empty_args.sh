# check-stderr
set -x
printf '%s\n' "" x ""
