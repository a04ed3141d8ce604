exec 4>&1
exec > saved.txt
echo captured
exec 1>&4 4>&-
echo back
cat saved.txt
