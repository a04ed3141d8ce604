# check-stderr
set -u
echo "${undefined_thing}"
echo not reached
