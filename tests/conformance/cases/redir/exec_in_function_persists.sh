f() { exec 3>three.txt; }
f
echo x >&3
exec 3>&-
cat three.txt
g() { exec 4>four.txt; } 2>/dev/null
g
echo y >&4
exec 4>&-
cat four.txt
{ exec 5>five.txt; } >/dev/null
echo z >&5
exec 5>&-
cat five.txt
