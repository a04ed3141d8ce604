exec 4>&1 > f
echo hidden
exec 1>&4 4>&-
echo visible
cat f
