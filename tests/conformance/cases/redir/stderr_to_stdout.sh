# check-stderr
{ echo o; echo e >&2; } 2>&1
