# check-stderr
echo before
: "${needed?}"
echo not reached
