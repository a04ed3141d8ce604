exec 5>m.txt
exec 6>&5-
echo moved >&6
exec 6>&-
cat m.txt
