# check-stderr
echo err >&2
echo out
echo err2 1>&2
