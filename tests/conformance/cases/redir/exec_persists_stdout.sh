exec 2> err.txt
echo e1 >&2
echo e2 >&2
cat err.txt
