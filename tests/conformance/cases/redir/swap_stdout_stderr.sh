# check-stderr
{ echo out; echo err >&2; } 3>&1 1>&2 2>&3
