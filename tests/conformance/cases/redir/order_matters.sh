# check-stderr
{ echo e >&2; } 2>&1 > /dev/null
{ echo f >&2; } > /dev/null 2>&1
echo end
