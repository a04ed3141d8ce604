f() { exec {k}>k.txt; }
f
echo kept >&$k
exec {k}>&-
cat k.txt
