# check-stderr
: "${needed:?must be set}"
echo not reached
